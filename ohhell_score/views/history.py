"""A game's history: every entry and every correction, in the order they were made.

The game keeps its entries (as they stand now) and its corrections (edits and undos),
each with the time it was made (``at``). The history merges the two by time and shows
each entry with the value it was entered with: an edit rewrites the entry, so the
value as entered is the old value of the first later edit of it.

Times have one-second steps, so an entry and a correction can share a time. Then the
shape of a game decides: an undo took back the last entry, so it came before every
kept entry at or after its place in the game; an edit of hand k came after that
hand's tricks, and before the entries of later hands. No I/O here.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import NamedTuple

from ohhell_score.domain.game import (
    Adjust,
    Bid,
    Correction,
    Entry,
    Finish,
    Game,
    Tricks,
    TrumpEntry,
    progress,
)
from ohhell_score.domain.rules import Suit
from ohhell_score.domain.seats import Leave, Replace, SeatChange
from ohhell_score.i18n import _
from ohhell_score.views.words import trump_words

Values = tuple[tuple[str, int | str], ...]


class Happened(StrEnum):
    """What a line of the history is: an entry, a correction or a note (its JSON "kind")."""

    BID = "bid"
    TRUMP = "trump"
    TRICKS = "tricks"
    SEAT = "seat"
    EDIT = "edit"  # a correction
    UNDO = "undo"  # a correction
    NOTE = "note"
    ADJUST = "adjust"
    FINISH = "finish"


class Event(NamedTuple):
    """One line of the history."""

    at: str
    kind: Happened
    hand: int
    what: str  # "bids", "trump", "tricks", "seat", "adjust", "finish" or "note"
    values: Values  # an entry's values as entered; a correction's old values
    new: Values = ()  # an edit's new values

    @property
    def is_correction(self) -> bool:
        return self.kind in (Happened.EDIT, Happened.UNDO)

    def to_json(self) -> dict[str, object]:
        head: dict[str, object] = {"at": self.at, "kind": self.kind.value, "hand": self.hand}
        match self.kind:
            case Happened.BID:
                player, bid = self.values[0]
                return {**head, "player": player, "bid": bid}
            case Happened.TRUMP:
                return {**head, "suit": self.values[0][1]}
            case Happened.TRICKS:
                return {**head, "tricks": dict(self.values)}
            case Happened.NOTE:
                return {**head, "text": self.values[0][1]}
            case Happened.SEAT:
                return {**head, "seat": dict(self.values)}
            case Happened.EDIT:
                return {**head, "what": self.what, "old": dict(self.values), "new": dict(self.new)}
            case Happened.UNDO:
                return {**head, "what": self.what, "old": dict(self.values)}
            case Happened.ADJUST:
                (player, points), (_key, reason) = self.values
                return {**head, "player": player, "points": points, "reason": reason}
            case Happened.FINISH:
                return head


def _time(at: str) -> tuple[int, float]:
    """A sort key for a time; a missing or unreadable one sorts first."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return (0, 0.0)
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return (1, moment.timestamp())


Orders = tuple[tuple[str, ...], ...]  # each hand's bidding order


def _place(game: Game, orders: Orders, hand: int, what: str, player: str | None) -> tuple[int, int]:
    """Where an entry sits in the game: by hand, then by step (rules.md, "Order"); a seat
    change comes before its hand's first entry."""
    n = len(orders[hand - 1]) if 1 <= hand <= len(orders) else len(game.players)
    rules = game.rules
    trump_first = 1 <= hand <= len(rules.hands) and rules.trump_before_bids(hand)
    if what == "seat":
        return (hand, -1)
    if what == "tricks":
        return (hand, n + 1)
    if what == "adjust":  # after the hand's tricks and an edit of them
        return (hand, n + 3)
    if what == "finish":
        return (hand, n + 4)
    if what == "trump":
        return (hand, 0 if trump_first else n)
    order = orders[hand - 1] if 1 <= hand <= len(orders) else ()
    seat = order.index(player) if player in order else 0
    return (hand, seat + (1 if trump_first else 0))


def _entry_place(game: Game, orders: Orders, entry: Entry) -> tuple[int, int]:
    if isinstance(entry, Bid):
        return _place(game, orders, entry.hand, "bids", entry.player)
    if isinstance(entry, TrumpEntry):
        return _place(game, orders, entry.hand, "trump", None)
    if isinstance(entry, Tricks):
        return _place(game, orders, entry.hand, "tricks", None)
    if isinstance(entry, Adjust):
        return _place(game, orders, entry.hand, "adjust", None)
    if isinstance(entry, Finish):
        return _place(game, orders, entry.hand, "finish", None)
    return _place(game, orders, entry.hand, "seat", None)


def _correction_place(game: Game, orders: Orders, c: Correction) -> tuple[int, int]:
    if c.kind == "edit":  # after that hand's tricks
        return (c.hand, _place(game, orders, c.hand, "tricks", None)[1] + 1)
    player = str(c.old[0][0]) if c.what == "bids" and c.old else None
    return _place(game, orders, c.hand, c.what, player)


def _in_time_order(game: Game) -> list[Entry | Correction]:
    orders = tuple(h.order for h in progress(game).hands)
    entries, corrections = list(game.entries), list(game.history)
    merged: list[Entry | Correction] = []
    i = j = 0
    while i < len(entries) and j < len(corrections):
        entry, correction = entries[i], corrections[j]
        te, tc = _time(entry.at), _time(correction.at)
        if tc < te or (
            tc == te
            and _correction_place(game, orders, correction) <= _entry_place(game, orders, entry)
        ):
            merged.append(correction)
            j += 1
        else:
            merged.append(entry)
            i += 1
    merged.extend(entries[i:])
    merged.extend(corrections[j:])
    return merged


def history(game: Game) -> list[Event]:
    """Every entry and correction of ``game`` in time order, entries as entered."""
    # Walk back from now: before an edit, the values it changed were its old values.
    before: dict[tuple[int, str, str], int | str] = {}
    events: list[Event] = []
    for item in reversed(_in_time_order(game)):
        if isinstance(item, Correction):
            if item.kind == "edit":
                for player, old in item.old:
                    before[(item.hand, item.what, player)] = old
            kind = Happened(item.kind)
            events.append(Event(item.at, kind, item.hand, item.what, item.old, item.new))
        elif isinstance(item, Bid):
            value = before.get((item.hand, "bids", item.player), item.value)
            events.append(Event(item.at, Happened.BID, item.hand, "bids", ((item.player, value),)))
        elif isinstance(item, TrumpEntry):
            events.append(
                Event(item.at, Happened.TRUMP, item.hand, "trump", (("trump", item.suit.value),))
            )
        elif isinstance(item, Tricks):
            values = tuple((p, before.get((item.hand, "tricks", p), t)) for p, t in item.values)
            events.append(Event(item.at, Happened.TRICKS, item.hand, "tricks", values))
        elif isinstance(item, Adjust):
            values = ((item.player, item.points), ("reason", item.reason))
            events.append(Event(item.at, Happened.ADJUST, item.hand, "adjust", values))
        elif isinstance(item, Finish):
            events.append(Event(item.at, Happened.FINISH, item.hand, "finish", ()))
        else:
            events.append(Event(item.at, Happened.SEAT, item.hand, "seat", _seat_values(item)))
    events.reverse()
    return _with_notes(game, events)


def _with_notes(game: Game, events: list[Event]) -> list[Event]:
    """The notes on hands among the other events, each after those made before or with it
    (a note is not an entry: it has no place in a hand to break a tie with)."""
    out: list[Event] = []
    rest = iter(events)
    pending = next(rest, None)
    for note in game.notes:
        while pending is not None and _time(pending.at) <= _time(note.at):
            out.append(pending)
            pending = next(rest, None)
        out.append(Event(note.at, Happened.NOTE, note.hand, "note", (("note", note.text),)))
    if pending is not None:
        out.append(pending)
    out.extend(rest)
    return out


def _seat_values(change: SeatChange) -> Values:
    if isinstance(change, Replace):
        return (("replace", change.old), ("by", change.new), ("carry", int(change.carry)))
    if isinstance(change, Leave):
        return (("leave", change.player),)
    return (("join", change.player), ("after", change.after), ("score", change.score))


# --- in words -----------------------------------------------------------------------


def when(at: str) -> str:
    """A recorded time as people read it: ``2026-11-30 21:04:05`` (the local time then)."""
    return at[:19].replace("T", " ") if at else _("(no time)")


def _listed(values: Values) -> str:
    return ", ".join(f"{p} {v}" for p, v in values)


def _suit_words(value: int | str) -> str:
    try:
        return trump_words(Suit(str(value)))
    except ValueError:
        return str(value)


def describe(event: Event) -> str:
    """One event in words: "Bob bids 3", "tricks corrected: Ann 2 → 3"."""
    match event.kind:
        case Happened.BID:
            player, bid = event.values[0]
            return _("{player} bids {bid}").format(player=player, bid=bid)
        case Happened.TRUMP:
            return _("trump: {suit}").format(suit=_suit_words(event.values[0][1]))
        case Happened.TRICKS:
            return _("tricks: {listed}").format(listed=_listed(event.values))
        case Happened.NOTE:
            text = event.values[0][1]
            return _("note: {text}").format(text=text) if text else _("note cleared")
        case Happened.SEAT:
            return _seat_words(dict(event.values))
        case Happened.ADJUST:
            (player, points), (_key, reason) = event.values
            return _adjust_words(player, points, str(reason))
        case Happened.FINISH:
            return _("the table stops: the game is finished after hand {hand}").format(
                hand=event.hand
            )
        case Happened.EDIT:
            new = dict(event.new)
            changes = ", ".join(f"{p} {old} → {new.get(p, '?')}" for p, old in event.values)
            if event.what == "bids":
                return _("bids corrected: {changes}").format(changes=changes)
            return _("tricks corrected: {changes}").format(changes=changes)
        case Happened.UNDO:
            return _undo_words(event.what, event.values)


def _undo_words(what: str, values: Values) -> str:
    """What an undo took back: "undo: took back Bob's bid of 3"."""
    match what:
        case "bids" if values:
            player, bid = values[0]
            return _("undo: took back {player}'s bid of {bid}").format(player=player, bid=bid)
        case "trump" if values:
            return _("undo: took back the trump ({suit})").format(suit=_suit_words(values[0][1]))
        case "seat" if values:
            return _("undo: took back {change}").format(change=values[0][1])
        case "adjust" if values:
            player, points = values[0]
            return _("undo: took back {player}'s {points}").format(
                player=player, points=_signed(points)
            )
        case "finish":
            return _("undo: took back the finish; the game goes on")
    return _("undo: took back the tricks ({listed})").format(listed=_listed(values))


def _signed(points: int | str) -> str:
    return f"{points:+d}" if isinstance(points, int) else points


def _adjust_words(player: str, points: int | str, reason: str) -> str:
    """An adjustment as a line of the history: "adjusted: Bob -10 (revoke)"."""
    if reason:
        return _("adjusted: {player} {points} ({reason})").format(
            player=player, points=_signed(points), reason=reason
        )
    return _("adjusted: {player} {points}").format(player=player, points=_signed(points))


def _seat_words(change: dict[str, int | str]) -> str:
    """A seat change as a line of the history: "seat: Dan takes Bob's seat"."""
    if "replace" in change:
        if change.get("carry"):
            text = _("seat: {new} takes {old}'s seat, carrying {old}'s total")
        else:
            text = _("seat: {new} takes {old}'s seat")
        return text.format(new=change["by"], old=change["replace"])
    if "leave" in change:
        return _("seat: {player} leaves the table").format(player=change["leave"])
    if change.get("score"):
        text = _("seat: {player} joins after {after} with {score} points")
    else:
        text = _("seat: {player} joins after {after}")
    return text.format(player=change["join"], after=change["after"], score=change.get("score"))


def lines(events: list[Event]) -> list[str]:
    """The history as aligned plain lines: time, hand, what happened."""
    width = len(str(max((e.hand for e in events), default=1)))
    hand = _("hand")
    return [
        f"{when(e.at)}  {hand} {e.hand:>{width}}  {'* ' if e.is_correction else '  '}" + describe(e)
        for e in events
    ]
