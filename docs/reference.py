"""Write docs/commands.md, the command reference, from the program's own help, and
the table of every tournament field in docs/tournaments.md, from the program's plan.

    .venv/bin/python docs/reference.py           # rewrite it
    .venv/bin/python docs/reference.py --check   # exit 1 if it is out of date

Each section is what `ohhell ... --help` prints at 88 columns, in the order and groups
of `ohhell --help`; tests/test_docs.py fails when the committed page differs. Run it
after adding or changing a command or its help, or the rounds a field plays.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import typer

from ohhell_score.cli.app import command
from ohhell_score.views.tournament import formats_table

HERE = Path(__file__).resolve().parent
PAGE = HERE / "commands.md"
FIELDS_PAGE = HERE / "tournaments.md"
FIELDS_START, FIELDS_END = "<!-- fields: generated -->\n", "<!-- /fields -->\n"
# Run as the command `ohhell`, whatever the executable is called: usage lines name it.
RUN_AS_OHHELL = "import sys; sys.argv[0] = 'ohhell'; from ohhell_score.cli.app import run; run()"
WIDTH = "88"

INTRO = """\
# Command reference

Every command's `--help`, as the program prints it. This page is generated from the
program (`python docs/reference.py`): to change it, change the help in the code.
`ohhell` alone, without a command, prints where the current game stands and what to
type next.
"""


def help_text(words: list[str]) -> str:
    """What `ohhell WORDS --help` prints, at a fixed width, without colour."""
    env = {**os.environ, "COLUMNS": WIDTH, "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN_AS_OHHELL, *words, "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return "\n".join(line.rstrip() for line in done.stdout.strip("\n").splitlines())


def commands() -> dict[str, list[list[str]]]:
    """The command lines to document, by help's panel: each command, then the commands
    of a group (`rules`, `tournament`) under it."""
    program = command()
    out: dict[str, list[list[str]]] = {}
    for panel, shown in program.panels_of(typer.Context(program)).items():
        lines = out.setdefault(panel, [])
        for name, cmd in shown:
            lines.append([name])
            subcommands = getattr(cmd, "commands", {})
            lines.extend([name, sub] for sub in subcommands)
    return out


def anchor(words: list[str]) -> str:
    return "ohhell-" + "-".join(words)


def generate() -> str:
    parts = [INTRO, "## Contents\n"]
    grouped = commands()
    for panel, lines in grouped.items():
        links = ", ".join(f"[{' '.join(w)}](#{anchor(w)})" for w in lines)
        parts.append(f"- {panel}: {links}")
    parts.append("\n## ohhell\n\n```text\n" + help_text([]) + "\n```\n")
    for panel, lines in grouped.items():
        parts.append(f"## {panel}\n")
        for words in lines:
            level = "###" if len(words) == 1 else "####"
            parts.append(f"{level} ohhell {' '.join(words)}\n\n```text\n{help_text(words)}\n```\n")
    return "\n".join(parts).rstrip() + "\n"


def with_fields(page: str) -> str:
    """docs/tournaments.md with its table of every field as the program plans it."""
    head, _, rest = page.partition(FIELDS_START)
    _, _, tail = rest.partition(FIELDS_END)
    return head + FIELDS_START + formats_table() + FIELDS_END + tail


def main() -> int:
    pages = {
        PAGE: generate(),
        FIELDS_PAGE: with_fields(FIELDS_PAGE.read_text(encoding="utf-8")),
    }
    if "--check" in sys.argv[1:]:
        stale = [page for page, text in pages.items() if page.read_text(encoding="utf-8") != text]
        for page in stale:
            print(f"{page.name} is out of date: run docs/{Path(__file__).name}", file=sys.stderr)
        return 1 if stale else 0
    for page, text in pages.items():
        page.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
