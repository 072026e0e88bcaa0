"""The corrections asked at the table (``ohhell play``'s keys ``w``, ``a``, ``f`` and
``u``): a note on the hand, points adjusted, the game finished here, the last answer
taken back, each as its command does it (`note`, `adjust`, `finish`, `undo`). Each
returns what it did in words, or None when nothing changed; a refusal ends it, and the
hand's prompt says it and asks again."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ohhell_score.actions import entries, table
from ohhell_score.cli.answers import number, said_yes
from ohhell_score.cli.terminal import Ask
from ohhell_score.domain.errors import Refused
from ohhell_score.domain.forms import MAX_ADJUST
from ohhell_score.domain.game import (
    Progress,
    Tricks,
    describe_entry,
    hand_notes,
    note_hand,
    with_finish,
)
from ohhell_score.i18n import _


def confirmed_at(tricks: Sequence[tuple[str, int]]) -> int:
    """How many players' tricks were typed before the prompt that confirmed the hand:
    the last player's, or everyone's after the tricks ran out (all 0, ``ask_tricks``)."""
    total = sum(value for _player, value in tricks)
    taken = 0
    for i, (_player, value) in enumerate(tricks[:-1]):
        if taken == total:
            return i
        taken += value
    return len(tricks) - 1


def ask_note(game_id: str, ask: Ask, say: Callable[[str], None]) -> str | None:
    """``w``: a note on the current hand; Enter alone keeps the note as it is. A note
    is not an entry: it is saved whatever was entered meanwhile."""
    now = entries.load_progress(game_id)
    hand = note_hand(now)
    old = hand_notes(now.game).get(hand)
    if old:
        say(_("Hand {number}'s note: {old}").format(number=hand, old=old))
    text = ask(
        _("Note on hand {number} (Enter: no change; - clears it): ").format(number=hand)
    ).strip()
    if not text:
        return None
    return entries.write_note(game_id, hand, "" if text == "-" else text)


def ask_adjust(game_id: str, prog: Progress, typed: Mapping[str, int], ask: Ask) -> str | None:
    """``a``: points for a player in the last scored hand, a penalty or a bonus, with
    its reason (`ohhell adjust`); Enter alone at a question changes nothing."""
    last = prog.hands_played
    if not last:
        raise Refused(_("no hand is scored yet: only a scored hand is adjusted"))
    seated = ", ".join(prog.hands[last - 1].order)
    name = ask(
        _("Adjust whose score in hand {hand} ({seated}; Enter: nobody)? ").format(
            hand=last, seated=seated
        )
    ).strip()
    if not name:
        return None
    typed_points = ask(
        _("Points for {name} in hand {hand}, negative for a penalty: ").format(name=name, hand=last)
    ).strip()
    if not typed_points:
        return None
    points = number(typed_points, -MAX_ADJUST, MAX_ADJUST, _("points"))
    reason = ask(_("Why (a revoke, a misdeal...; Enter: no reason)? ")).strip()
    return entries.record_adjust(game_id, name, points, last, reason, table.seen(prog, typed))


def ask_finish(game_id: str, prog: Progress, typed: Mapping[str, int], ask: Ask) -> str | None:
    """``f``: the table stops after the last scored hand (`ohhell finish`), once
    confirmed; refused before the question where the game cannot stop now."""
    with_finish(prog)  # refused as `ohhell finish` refuses it, before asking
    question = _(
        "Stop the game after hand {played} of {planned}: the totals now decide the "
        "winners. Stop here? (y/N): "
    ).format(played=prog.hands_played, planned=prog.planned)
    if not said_yes(ask(question)):
        return None
    return entries.record_finish(game_id, table.seen(prog, typed))


def take_back(game_id: str, prog: Progress, typed: Mapping[str, int]) -> str:
    """``u``: the last answer goes, a player's tricks or the game's last entry."""
    seen = table.seen(prog, typed)
    if typed:
        player = list(typed)[-1]
        table.type_tricks(game_id, seen, dict(list(typed.items())[:-1]))
        return _("Took back {player}'s tricks.").format(player=player)
    if not prog.game.entries:
        raise Refused(_("nothing to take back: nothing is entered yet"))
    changed, last = entries.enter_undo(game_id, seen)
    if isinstance(last, Tricks):
        # Back to the prompt that confirmed the hand, the tricks before it as typed.
        typed_before = last.values[: confirmed_at(last.values)]
        table.type_tricks(game_id, table.seen(changed, {}), dict(typed_before))
    return _("Took back {describe_entry}.").format(describe_entry=describe_entry(last))
