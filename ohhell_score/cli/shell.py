"""`ohhell completions SHELL`: the shell completion scripts, for an installed program.

The scripts in the repository's completions/ are what this prints (a test checks
it), so a user who installed with pipx or uv, without a clone, gets them too.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help`, so ``subprocess`` is imported by the command only.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import SET_UP
from ohhell_score.i18n import _
from ohhell_score.views.console import say

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()

#: The variable the completion scripts set when they ask `ohhell` for words.
COMPLETE_VAR = "_OHHELL_COMPLETE"
# Run as the command `ohhell`, whatever the executable is called: the scripts name it.
RUN_AS_OHHELL = "import sys; sys.argv[0] = 'ohhell'; from ohhell_score.cli.app import run; run()"


class Shell(StrEnum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
    powershell = "powershell"


@app.command(
    rich_help_panel=SET_UP,
    help=_("Print the TAB completion script for SHELL, to save where that shell loads it.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell completions bash > ~/.local/share/bash-completion/completions/ohhell\n"
        "  ohhell completions zsh > ~/.zfunc/_ohhell     # a folder on $fpath\n"
        "  ohhell completions fish > ~/.config/fish/completions/ohhell.fish\n"
        "  ohhell completions powershell >> $PROFILE"
    ),
)
def completions(
    shell: Annotated[
        Shell, typer.Argument(help=_("bash, zsh, fish or powershell."), metavar="SHELL")
    ],
) -> None:
    print_completion_script(shell)


def print_completion_script(shell: Shell) -> None:
    """`completions`: the completion script of ``shell``, as the program prints it."""
    # The script is what the program prints when asked the way Typer documents,
    # `_OHHELL_COMPLETE=source_SHELL ohhell` (its completion module is private), asked of
    # a process of its own because the program answers it before any command runs.
    import os
    import subprocess
    import sys

    env = {**os.environ, COMPLETE_VAR: f"source_{shell.value}"}
    done = subprocess.run(
        [sys.executable, "-c", RUN_AS_OHHELL], env=env, stdout=subprocess.PIPE, text=True
    )
    if done.returncode:
        raise typer.Exit(done.returncode)
    # As a file on zsh's fpath needs it: `#compdef` on the first line.
    say(done.stdout.strip())
