"""A seat change asked at the table (``t`` in ``ohhell play``): replace, leave or join,
as the ``seat`` commands do (docs/seats.md), each question once. A refusal ends the
change; the hand's prompt says it and asks again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ohhell_score.actions import seats, table
from ohhell_score.cli.answers import number, said_yes
from ohhell_score.domain.errors import Refused, StopScoring
from ohhell_score.domain.game import Progress, newcomer_name, seat_change_hand
from ohhell_score.domain.seats import resolve_seated
from ohhell_score.i18n import N_, _

if TYPE_CHECKING:
    from ohhell_score.cli.terminal import Ask

#: The seat change's letters, for replace, leave and join, in the reader's language (a
#: Dutch table's: `v w a`, vervangen, weggaan, aanschuiven); the English ones are read in
#: every language, as the suits are.
SEAT_KEYS = N_("r l j")
SEAT_KINDS = ("r", "l", "j")


def ask_change(game_id: str, prog: Progress, ask: Ask) -> str | None:
    """One seat change, asked and made: what it did in words, or None for none."""
    seen = table.seen(prog, {})
    seat_change_hand(prog)  # refused before any question once the hand has begun
    seated = ", ".join(prog.players)
    letters = _(SEAT_KEYS).split()
    typed = ask(
        _("Seat change: {r} replace, {l} leave, {j} join (Enter: none): ").format(
            **dict(zip(SEAT_KINDS, letters, strict=True))
        )
    )
    typed = typed.strip().lower()
    match dict(zip(letters, SEAT_KINDS, strict=True)).get(typed, typed):
        case "q":
            raise StopScoring()
        case "r":
            old = resolve_seated(
                prog.players, _name(ask, _("Who gets up? ({seated}): ").format(seated=seated))
            )
            new = newcomer_name(prog, _name(ask, _("Who takes {old}'s seat? ").format(old=old)))
            total = prog.totals.get(old, 0)
            carry = bool(total) and said_yes(
                ask(
                    _("Does {new} go on with {old}'s {total}? (y/N): ").format(
                        new=new, old=old, total=total
                    )
                )
            )
            return seats.replace(game_id, old, new, carry, seen)
        case "l":
            name = _name(ask, _("Who leaves? ({seated}): ").format(seated=seated))
            return seats.leave(game_id, name, seen)
        case "j":
            name = newcomer_name(prog, _name(ask, _("Who joins? ")))
            last = prog.players[-1]
            after = ask(
                _("Sitting after whom? ({seated}; Enter: {last}): ").format(
                    seated=seated, last=last
                )
            ).strip()
            score = ask(
                _("{name} starts with how many points? (Enter: 0): ").format(name=name)
            ).strip()
            points = number(score, 0, 10**6, _("the points")) if score else 0
            return seats.join(game_id, name, after or None, points, seen)
    return None


def _name(ask: Ask, prompt: str) -> str:
    answer = ask(prompt).strip()
    if answer.lower() == "q":
        raise StopScoring()
    if not answer:
        raise Refused(_("no seat changed: a name is needed"))
    return answer
