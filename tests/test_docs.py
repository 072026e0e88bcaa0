"""The README is the documentation: its commands stay true (style habit 8)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command() -> None:
    """DEVELOPERS.md: .ci/run must call the same test command that README.md gives."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r'^TEST_COMMAND="(.+)"$', ci, re.M)
    assert match, "no TEST_COMMAND in .ci/run"
    assert match.group(1) in readme()


def test_every_command_is_in_the_readme() -> None:
    from tests.conftest import eager_program

    names = getattr(eager_program(), "commands", {})
    assert names
    for name in names:
        assert f"ohhell {name}" in readme(), f"`ohhell {name}` is not in README.md"
