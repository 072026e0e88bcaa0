"""What ``ohhell seat replace/leave/join`` do (docs/seats.md), without Typer: the same
functions serve the commands and the key between hands in ``play``.

Each change is recorded under the game's lock as one entry and answered with what
changed and what the table does next; a refusal (``Refused``) changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ohhell_score.actions.entries import apply, report
from ohhell_score.domain.game import Progress, with_join, with_leave, with_replace
from ohhell_score.i18n import _
from ohhell_score.storage import games
from ohhell_score.views.words import change_words

if TYPE_CHECKING:
    from ohhell_score.actions.table import Guard


def replace(game_id: str | None, old: str, new: str, carry: bool, seen: Guard | None = None) -> str:
    at = games.now()
    return seat_report(apply(game_id, lambda p: with_replace(p, old, new, carry, at), seen))


def leave(game_id: str | None, name: str, seen: Guard | None = None) -> str:
    at = games.now()
    return seat_report(apply(game_id, lambda p: with_leave(p, name, at), seen))


def join(
    game_id: str | None, name: str, after: str | None, score: int, seen: Guard | None = None
) -> str:
    at = games.now()
    return seat_report(apply(game_id, lambda p: with_join(p, name, after, score, at), seen))


def seat_report(prog: Progress) -> str:
    """The change just made in words, who sits now, and what the table does next."""
    change = prog.game.entries[-1]
    seated = ", ".join(prog.players)
    said = _("{change}.\nSeated now, clockwise: {seated}.")
    return report(prog, said.format(change=change_words(prog, change), seated=seated))
