"""What ``ohhell stats`` reads, without Typer: the facts of every saved game (kept
between runs in ``storage.stats_cache``, so that a game file is read again only when it
changed), summed up under the filters."""

from __future__ import annotations

from ohhell_score.domain.stats import Filters, Summary, summarise
from ohhell_score.storage.stats_cache import saved_facts


def summary(filters: Filters, pair: tuple[str, ...]) -> tuple[Summary, list[str]]:
    """The finished games that pass ``filters`` summed up (with ``pair`` head to head),
    and a message for each game file that could not be read."""
    problems: list[str] = []
    return summarise(saved_facts(problems), filters, pair), problems
