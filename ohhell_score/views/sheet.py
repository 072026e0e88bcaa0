"""A game's score sheet as plain data: what each row and cell says, worked out once.

The terminal sheet (``plain``), the HTML page (``html``), Markdown and CSV
(``export``) all draw from a ``Sheet``; each chooses only its markup. No markup, no
escaping, no colour here. Built between every hand by ``show``, so it is made of
NamedTuples (cheap to define, unlike dataclasses) and imports only what ``plain`` did.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from ohhell_score.domain.game import adjustments, hand_notes
from ohhell_score.i18n import _
from ohhell_score.views.words import (
    adjust_words,
    adjustment_words,
    away_words,
    hand_mark,
    handed_over,
    hook_mark,
    over_cell,
    over_words,
    seat_marks,
    seat_notes,
    taken_by,
)

if TYPE_CHECKING:
    from collections.abc import Container, Mapping

    from ohhell_score.domain.game import HandState, Progress
    from ohhell_score.domain.rules import Suit
    from ohhell_score.domain.seats import Carried


class CellKind(Enum):
    """What a player's cell of a hand holds."""

    AWAY = "away"  # not at the table this hand
    WAITING = "waiting"  # seated, no bid yet
    BID = "bid"  # the bid, the hand not scored yet
    SCORED = "scored"  # bid, tricks, the hand's score and the running total


class Cell(NamedTuple):
    """One player's cell of one hand. ``mark`` is the seat-change mark ("left",
    "→ Dan") of a player away, in the row of the first hand after the player got up,
    else ""."""

    kind: CellKind
    mark: str = ""
    bid: int | None = None
    tricks: int | None = None
    score: int | None = None
    total: int | None = None  # the running total once the hand is scored (None for a
    # player away who handed the seat over with the total: it is not theirs)

    @property
    def made(self) -> bool:
        return self.kind is CellKind.SCORED and self.bid == self.tricks


class Row(NamedTuple):
    """A hand's row: its facts, its marks and a cell per player (``Sheet.players``)."""

    number: int
    cards: int
    dealer: str
    trump: Suit | None
    current: bool  # the hand being played (▶)
    scored: bool
    hand_mark: str  # "*": corrected after it was scored; "!": points adjusted in it
    hook_mark: str  # "†": the hook bound the dealer
    over: str  # the bids over (+) or under (-) the tricks, once every bid is in
    over_words: str  # the same in words: "under by 1", "exact"
    trump_named_by: str  # who named trump, where a player does
    note: str  # the hand's note
    players: tuple[str, ...]  # who sat at this hand, clockwise from seat 1
    cells: tuple[Cell, ...]
    adjusted: tuple[str, ...] = ()  # each adjustment of the hand: "Bob -10 (revoke)"

    @property
    def entered(self) -> bool:
        """A bid is in, or the hand is scored."""
        return any(c.kind in (CellKind.BID, CellKind.SCORED) for c in self.cells)


class Standing(NamedTuple):
    """A line of the standings: place 0 for a player who got up (cannot win)."""

    place: int
    player: str
    total: int  # a player who handed the seat over with the total: the last one
    made: int  # bids made
    played: int  # scored hands at the table
    away: str  # why not seated now ("left after hand 7"), or ""


class Sheet(NamedTuple):
    players: tuple[str, ...]  # every player with a total: the columns
    rows: tuple[Row, ...]
    totals: tuple[int, ...]  # the totals row, in ``players`` order
    gave_to: tuple[str, ...]  # who took the seat with the total, in ``players`` order, or ""
    leaders: frozenset[str]  # ★ on the terminal: the leaders once a hand is scored
    winners: frozenset[str]  # once the game is over
    seat_notes: tuple[str, ...]  # every seat change in words, in the order made
    corrected: bool  # some hand was corrected after it was scored
    adjustments: tuple[str, ...] = ()  # every adjustment in words, in the order made

    @property
    def total_cells(self) -> tuple[str, ...]:
        """The totals row as it reads: each total, or for a player who handed the seat
        over with the total, the last one and where it went ("24 → Fay")."""
        return tuple(
            f"{total} {taken_by(to)}" if to else str(total)
            for total, to in zip(self.totals, self.gave_to, strict=True)
        )

    def notes(self, *, over: bool = True, hook: bool = True) -> list[str]:
        """The lines under a sheet, as a paper sheet's margin keeps them: who named
        trump, each hand's note, and what the marks mean (only the marks the sheet has:
        ``over`` when it has the ± column, ``hook`` when a † shows without one)."""
        lines = []
        namers = [(r.number, r.trump_named_by) for r in self.rows if r.trump_named_by]
        if namers:
            lines.append(_("Trump named by: ") + ", ".join(f"{n} {who}" for n, who in namers))
        lines.extend(
            _("Hand {n} note: {text}").format(n=r.number, text=r.note) for r in self.rows if r.note
        )
        lines.extend(self.adjustments)
        if over and any(r.over for r in self.rows):
            lines.append(
                _("± the bids over (+) or under (-) the tricks; † the hook bound the dealer")
            )
        elif hook and any(r.hook_mark for r in self.rows):  # no ± column: † after the number
            lines.append(_("† the hook bound the dealer: one bid was forbidden"))
        if self.corrected:
            lines.append(_("* a hand that was corrected after it was scored"))
        return lines


def _cell(hand: HandState, player: str, total: int | None, mark: str) -> Cell:
    if player not in hand.players:
        return Cell(CellKind.AWAY, mark, total=total)
    # at the table: no mark, though the player got up and sat down again before the hand
    bid = hand.bids.get(player)
    if bid is None:
        return Cell(CellKind.WAITING, total=total)
    if not hand.scored:
        return Cell(CellKind.BID, bid=bid, total=total)
    tricks, score = hand.tricks[player], hand.scores[player]
    return Cell(CellKind.SCORED, bid=bid, tricks=tricks, score=score, total=total)


def _row(
    prog: Progress,
    hand: HandState,
    totals: dict[str, int],
    current: int | None,
    marks: dict[tuple[int, str], str],
    notes: dict[int, str],
    gone: Container[str],
    adjusted: tuple[str, ...],
) -> Row:
    rules = prog.game.rules
    namer = hand.trump_namer(rules) if hand.trump_entered and hand.trump is not None else None
    return Row(
        hand.number,
        hand.cards,
        hand.dealer,
        hand.trump,
        hand.number == current,
        hand.scored,
        hand_mark(prog, hand),
        hook_mark(prog, hand),
        over_cell(hand),
        over_words(hand),
        namer or "",
        notes.get(hand.number, ""),
        hand.players,
        tuple(
            _cell(hand, p, None if p in gone else totals.get(p), marks.get((hand.number, p), ""))
            for p in prog.everyone
        ),
        adjusted,
    )


def sheet(prog: Progress) -> Sheet:
    """The sheet of ``prog``: a row per hand, played or not."""
    running = prog.running_totals()
    current = prog.next.hand if prog.next else None
    marks, notes = seat_marks(prog), hand_notes(prog.game)
    handed = handed_over(prog)
    made = adjustments(prog.game)
    rows = tuple(
        _row(
            prog,
            h,
            running[h.number - 1] if h.scored else {},
            current,
            marks,
            notes,
            handed[h.number - 1],
            tuple(adjustment_words(a) for a in made if a.hand == h.number),
        )
        for h in prog.hands
    )
    gone = handed[-1]
    return Sheet(
        prog.everyone,
        rows,
        tuple(shown_total(prog, p, gone) for p in prog.everyone),
        tuple(gone[p].taker if p in gone else "" for p in prog.everyone),
        frozenset(prog.leaders()) if prog.hands_played else frozenset(),
        frozenset(prog.winners),
        tuple(seat_notes(prog)),
        any(h.bids_corrected or h.tricks_corrected for h in prog.hands),
        tuple(adjust_words(a) for a in made),
    )


def standings(prog: Progress) -> list[Standing]:
    """Seated players best first with their place; equal totals share a place (1, 1,
    3). Then the players who got up (place 0: they cannot win), best first."""
    gone = handed_over(prog)[-1]
    order = sorted(prog.players, key=lambda p: -prog.totals[p])
    ranked: list[tuple[int, str]] = []
    for i, p in enumerate(order):
        tied = i > 0 and prog.totals[p] == prog.totals[order[i - 1]]
        ranked.append((ranked[-1][0] if tied else i + 1, p))
    away = [p for p in prog.everyone if p not in prog.players]
    ranked.extend((0, p) for p in sorted(away, key=lambda p: -shown_total(prog, p, gone)))
    return [
        Standing(
            place,
            p,
            shown_total(prog, p, gone),
            bids_made(prog, p),
            hands_at_table(prog, p),
            away_words(prog, p),
        )
        for place, p in ranked
    ]


def shown_total(prog: Progress, player: str, gone: Mapping[str, Carried]) -> int:
    """``player``'s total as a sheet shows it: for one who handed the seat over with the
    total (``gone``: ``handed_over(prog)[-1]``), the last one they had, not the 0 left."""
    carried = gone.get(player)
    return prog.totals[player] if carried is None else carried.points


def bids_made(prog: Progress, player: str) -> int:
    return sum(1 for h in prog.hands if h.scored and h.bids.get(player) == h.tricks.get(player, -1))


def hands_at_table(prog: Progress, player: str) -> int:
    """The scored hands ``player`` played."""
    return sum(1 for h in prog.hands if h.scored and player in h.scores)
