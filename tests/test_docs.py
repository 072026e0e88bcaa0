"""The README is the documentation: its commands stay true (style habit 8)."""

from __future__ import annotations

import os
import re
import shlex
import string
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def setup_commands() -> list[str]:
    """The commands of README.md's first shell block (install and run the program, then
    install and run the tests), its comments left out."""
    block = re.search(r"^```sh\n(.*?)^```", readme(), re.M | re.S)
    assert block, "README.md has no ```sh block"
    lines = (line.strip() for line in block.group(1).splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def last_ci_command() -> list[str]:
    """The words of the last command .ci/run runs (the tests, after the other gates), the
    script's own variables put in."""
    values: dict[str, str] = {}
    commands: list[str] = []
    for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines():
        if re.match(r"[A-Za-z_]\w*=", line):
            name, _, value = shlex.split(line, comments=True)[0].partition("=")
            values[name] = value
        elif line.strip() and not line.lstrip().startswith("#"):
            commands.append(line)
    words = shlex.split(commands[-1], comments=True)
    return [string.Template(word).substitute(values) for word in words]


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run ends by running README.md's second set-up command, word for word."""
    assert last_ci_command() == ["bash", "-c", setup_commands()[1]]


def test_every_command_is_in_the_readme() -> None:
    from tests.conftest import eager_program

    names = getattr(eager_program(), "commands", {})
    assert names
    for name in names:
        assert f"ohhell {name}" in readme(), f"`ohhell {name}` is not in README.md"


def console_steps(section: str) -> list[tuple[list[str], list[str]]]:
    """The commands of a README section's console block, each with the lines shown
    under it."""
    text = readme().split(f"\n## {section}\n", 1)[1]
    block = text.split("```console\n", 1)[1].split("```", 1)[0]
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:], comments=True), []))
        else:
            steps[-1][1].append(line)
    return steps


def test_the_readme_game_step_by_step_prints_what_the_readme_shows(data_dir: Path) -> None:
    """README "A game, step by step": the installed program, given each command shown,
    prints the lines shown under it (a command shown without output is only run)."""
    script = Path(sys.executable).with_name("ohhell")
    steps = console_steps("A game, step by step")
    assert sum(bool(shown) for _, shown in steps) >= 4
    for words, shown in steps:
        assert words[0] == "ohhell", words
        done = subprocess.run(
            [str(script), *words[1:]],
            capture_output=True,
            text=True,
            env={**os.environ, "OHHELL_DATA_DIR": str(data_dir)},
            check=False,
        )
        assert done.returncode == 0, (words, done.stderr)
        if shown:
            assert done.stdout.splitlines() == shown, words
