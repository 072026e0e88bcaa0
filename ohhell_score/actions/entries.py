"""What the commands typed between every trick do, without Typer.

``cli/app.py`` (Typer) and ``cli/quick.py`` (the same commands read without importing Typer,
for start-up time) both call these, so a command answers the same whichever way its
command line was read. Each returns the text to print, or raises ``Refused`` (exit 1,
``entry.py`` words it), ``OSError`` (exit 1 too) or, from the parsers, ``BadValue`` (a
malformed command line: exit 2).

Imports inside functions: quick.py imports this module for every command line it
reads, `path`, `list` and `--help` included, before it knows the command, and a
malformed value is refused (``BadValue``) before any game is read; so the domain is
imported inside the functions that use it, and views.words inside the ones that word
an entry (`show --json` loads no words). Those lines need no comment of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ohhell_score.domain.errors import BadValue, Shown
from ohhell_score.i18n import _
from ohhell_score.storage import games

if TYPE_CHECKING:
    from ohhell_score.actions.table import Guard
    from ohhell_score.domain.game import Assignment, Entry, HandState, Progress
    from ohhell_score.domain.rules import Suit


def parse_assignments(args: list[str]) -> list[Assignment]:
    """``NAME=N`` or ``N`` items; a value that is not a number is a malformed command."""
    out: list[Assignment] = []
    for arg in args:
        name, sep, value = arg.rpartition("=")
        if not sep and value.startswith("-") and not value[1:].isdigit():
            raise BadValue(_("no such option: {value}").format(value=value))
        digits = value.strip().removeprefix("-")
        # ASCII digits only: int() also reads "1_0", "+1" and "０" (the quick path's rule).
        try:
            if not (digits.isascii() and digits.isdigit()):
                raise ValueError(digits)
            number = int(value.strip())  # ValueError past 4,300 digits
        except ValueError:
            raise BadValue(
                _("{arg!r} is not NAME=N or a number (e.g. Ann=2 or 2)").format(arg=Shown(arg))
            ) from None
        if sep and not name.strip():
            raise BadValue(_("{arg!r} has no name before '='").format(arg=Shown(arg)))
        out.append((name if sep else None, number))
    return out


def parse_suit(text: str) -> Suit:
    from ohhell_score.domain.rules import Suit

    return Suit.parse(text)


def load_progress(game_id: str | None) -> Progress:
    """The game ``game_id``, or the current game, replayed."""
    return games.load_progress(games.resolve_id(game_id))


def apply(
    game_id: str | None, edit: Callable[[Progress], Progress], seen: Guard | None = None
) -> Progress:
    """Change a game under its lock and return its new progress; given what the entry
    was made on (``seen``: a prompt of `play`, a phone's version), only if the game is
    still as that saw it (``GameChanged`` otherwise: actions/table.py)."""
    if seen is not None:
        from ohhell_score.actions.table import checked

        edit = checked(seen, edit)
    return games.change(games.resolve_id(game_id), edit)


def enter_bids(game_id: str | None, items: list[Assignment], seen: Guard | None = None) -> Progress:
    from ohhell_score.domain.game import with_bids

    at = games.now()
    return apply(game_id, lambda p: with_bids(p, items, at), seen)


def enter_trump(game_id: str | None, suit: Suit, seen: Guard | None = None) -> Progress:
    from ohhell_score.domain.game import with_trump

    at = games.now()
    return apply(game_id, lambda p: with_trump(p, suit, at), seen)


def enter_tricks(
    game_id: str | None, items: list[Assignment], seen: Guard | None = None
) -> Progress:
    """A hand's tricks; the tricks `play` typed for it so far, and a phone's held for
    confirmation, are done with."""
    from ohhell_score.domain.game import with_tricks
    from ohhell_score.storage import drafts

    at = games.now()
    prog = apply(game_id, lambda p: with_tricks(p, items, at), seen)
    drafts.forget(prog.game.id)
    drafts.forget(prog.game.id, drafts.HELD)
    return prog


def enter_undo(game_id: str | None, seen: Guard | None = None) -> tuple[Progress, Entry]:
    """The last entry taken back: the game after, and the entry (refused when there is
    none)."""
    from ohhell_score.domain.game import with_undo

    taken: list[Entry] = []

    def take(p: Progress) -> Progress:
        if p.game.entries:
            taken.append(p.game.entries[-1])
        return with_undo(p, games.now())

    prog = apply(game_id, take, seen)
    return prog, taken[0]


def record_bids(game_id: str | None, items: list[Assignment]) -> str:
    prog = enter_bids(game_id, items)
    hand = _last_touched_hand(prog)
    made = ", ".join(f"{p} {b}" for p, b in hand.bids.items())
    return report(prog, _("Hand {number} bids: {made}.").format(number=hand.number, made=made))


def record_trump(game_id: str | None, suit: Suit) -> str:
    from ohhell_score.views.words import trump_words

    prog = enter_trump(game_id, suit)
    hand = _last_touched_hand(prog)
    trump = trump_words(hand.trump)
    return report(prog, _("Hand {number} trump: {trump}.").format(number=hand.number, trump=trump))


def record_tricks(game_id: str | None, items: list[Assignment]) -> str:
    prog = enter_tricks(game_id, items)
    hand = next(h for h in reversed(prog.hands) if h.scored)
    scores = ", ".join(
        f"{p} {'+' if s >= 0 else ''}{s}{' ✓' if hand.bids[p] == hand.tricks[p] else ''}"
        for p, s in hand.scores.items()
    )
    # Who sits now, in seat order: a player who got up is on the sheet, not read aloud here.
    totals = ", ".join(f"{p} {prog.totals[p]}" for p in prog.players)
    return report(
        prog,
        _("Hand {number} scored: {scores}.\nTotals: {totals}.").format(
            number=hand.number, scores=scores, totals=totals
        ),
    )


def take_back(game_id: str | None) -> str:
    """Undo the last entry."""
    from ohhell_score.domain.game import describe_entry

    prog, taken = enter_undo(game_id)
    return report(prog, _("Took back {taken}.").format(taken=describe_entry(taken)))


def correct(game_id: str | None, number: int, what: str, items: list[Assignment]) -> str:
    """Edit the bids or tricks of a scored hand."""
    from ohhell_score.domain.game import check_named, with_edit

    check_named(items)  # a malformed line is refused before the game is read
    at = games.now()
    prog = apply(game_id, lambda p: with_edit(p, number, what, items, at))
    changed = ", ".join(f"{n}={v}" for n, v in items)
    if what == "bids":
        text = _("Hand {number} bids corrected: {changed}.")
    else:
        text = _("Hand {number} tricks corrected: {changed}.")
    return report(prog, text.format(number=number, changed=changed))


def record_adjust(
    game_id: str | None,
    name: str,
    points: int,
    number: int | None,
    reason: str,
    seen: Guard | None = None,
) -> str:
    """Points added to a player's score in a scored hand (default: the last one)."""
    from ohhell_score.domain.game import Adjust, with_adjust
    from ohhell_score.views.words import adjust_words, totals_words

    at = games.now()
    prog = apply(game_id, lambda p: with_adjust(p, name, points, number, reason, at), seen)
    made = prog.game.entries[-1]
    assert isinstance(made, Adjust)
    return report(prog, f"{adjust_words(made)}\n{totals_words(prog)}")


def record_finish(game_id: str | None, seen: Guard | None = None) -> str:
    """The table stops: the game ends after its last scored hand."""
    from ohhell_score.domain.game import with_finish

    return report(apply(game_id, lambda p: with_finish(p, games.now()), seen), "")


def write_note(game_id: str | None, number: int | None, text: str) -> str:
    """A note on a hand (default: the current one, or the last); empty text clears it."""
    from ohhell_score.domain.game import hand_notes, note_hand, with_note

    at = games.now()
    prog = apply(game_id, lambda p: with_note(p, number, text, at))
    hand = note_hand(prog) if number is None else number
    note = hand_notes(prog.game).get(hand)
    return (
        _("Hand {hand} note: {note}").format(hand=hand, note=note)
        if note
        else _("Hand {hand}: note cleared.").format(hand=hand)
    )


def parse_note(words: list[str]) -> tuple[int | None, str]:
    """``[HAND] TEXT...``: a first word of digits followed by more words is the hand."""
    first = words[0] if words else ""
    if first.isascii() and first.isdigit() and len(first) <= 3:
        if len(words) == 1:
            raise BadValue(
                _(
                    "give the note after the hand: `ohhell note {first} TEXT` (`ohhell note "
                    '{first} ""` clears it)'
                ).format(first=first)
            )
        return int(first), " ".join(words[1:])
    return None, " ".join(words)


def report(prog: Progress, done: str) -> str:
    """What was entered, then what the table does next."""
    from ohhell_score.views.words import next_words

    return f"{done}\n{next_words(prog)}" if done else next_words(prog)


def _last_touched_hand(prog: Progress) -> HandState:
    """The hand the last entry went to (the current one, or the last scored)."""
    last = prog.game.entries[-1]
    return prog.hands[last.hand - 1]


def status() -> str:
    """What `ohhell` alone answers: the current game and what to type next, or how to
    start one. A damaged current game is refused as `show` refuses it."""
    from ohhell_score.domain.errors import GameNotFound
    from ohhell_score.domain.game import Step
    from ohhell_score.views.words import NO_GAME_YET, status_words

    try:
        prog = load_progress(None)
    except GameNotFound:
        return _(NO_GAME_YET)
    if prog.next is None or prog.next.step is not Step.TRICKS:
        return status_words(prog)
    from ohhell_score.actions.table import typed_tricks

    return status_words(prog, typed_tricks(prog))
