"""The README is the documentation: its commands stay true (style habit 8)."""

from __future__ import annotations

import re
import shlex
import string
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
