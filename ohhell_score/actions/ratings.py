"""What ``ohhell ratings`` reads, without Typer: the facts of every saved game, the same
facts (and the same cache, ``storage.stats_cache``) as ``ohhell stats``, rated."""

from __future__ import annotations

from datetime import date

from ohhell_score.domain.ratings import Ladder, rate
from ohhell_score.storage.stats_cache import saved_facts


def ladder(preset: str | None, since: date | None) -> tuple[Ladder, list[str]]:
    """The players rated over the finished games that pass the filters, and a message
    for each game file that could not be read."""
    problems: list[str] = []
    return rate(saved_facts(problems), preset, since), problems
