"""Seats that change during a game (docs/seats.md, ``seat replace/leave/join``).

A change is an entry of the game like a bid: it is made before the current hand's first
entry and applies from that hand on; ``undo`` drops it. The seats form a ring, clockwise;
a seat that is removed (``leave``) stays in the ring, empty, because the next dealer is
"the first seated player clockwise after the last dealer's seat, counting a removed seat
where it was". A ``join`` puts a new seat right after the seat of the player it follows.

``Seating`` is the ring between two hands; ``game.progress`` folds the changes into it
and deals the hands that follow from it. Nothing here does I/O.
"""

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ohhell_score.domain.errors import BadPlayers, RulesDontFit, SeatRefused, Shown
from ohhell_score.domain.names import matching, unknown_player
from ohhell_score.domain.rules import MIN_PLAYERS
from ohhell_score.i18n import _


class Replace(NamedTuple):
    """``new`` takes ``old``'s seat from hand ``hand``; ``carry`` moves old's total over."""

    hand: int
    old: str
    new: str
    carry: bool = False
    at: str = ""


class Leave(NamedTuple):
    """``player``'s seat is removed from hand ``hand``; the total made so far stays."""

    hand: int
    player: str
    at: str = ""


class Join(NamedTuple):
    """A new seat for ``player`` clockwise after ``after``'s, starting at ``score``."""

    hand: int
    player: str
    after: str
    score: int = 0
    at: str = ""


SeatChange = Replace | Leave | Join


class Left(NamedTuple):
    """A ``seat leave`` as ``show --json`` lists it: ``after_hand`` hands were scored."""

    name: str
    after_hand: int


class Carried(NamedTuple):
    """A total handed over by ``seat replace --carry`` (its points follow edits)."""

    giver: str
    taker: str
    points: int
    after_hand: int


class Seating(NamedTuple):
    """The ring of seats clockwise (``None`` where a seat was removed) and the seat the
    next dealer is counted from: the last dealer's (``anchor_dealt``) or, before hand 1,
    the first dealer's, who deals himself if still seated."""

    ring: tuple[str | None, ...]
    anchor: int
    anchor_dealt: bool

    @property
    def players(self) -> tuple[str, ...]:
        """Who sits now, clockwise from seat 1."""
        return tuple(p for p in self.ring if p is not None)

    def dealer_seats(self) -> Iterator[int]:
        """The ring positions of the dealers of the coming hands, one after another."""
        seat = self.anchor if not self.anchor_dealt else self._after(self.anchor)
        while True:
            seat = seat if self.ring[seat] is not None else self._after(seat)
            yield seat
            seat = self._after(seat)

    def _after(self, seat: int) -> int:
        """The first seated position clockwise after ``seat``."""
        size = len(self.ring)
        for step in range(1, size + 1):
            if self.ring[(seat + step) % size] is not None:
                return (seat + step) % size
        raise AssertionError("a table with nobody seated")  # changes keep 3 seated

    def bidding_order(self, dealer_seat: int) -> tuple[str, ...]:
        """rules.md 3: left of the dealer first, the dealer last."""
        size = len(self.ring)
        turn = [self.ring[(dealer_seat + step) % size] for step in range(1, size + 1)]
        return tuple(p for p in turn if p is not None)

    def dealt(self, seat: int) -> "Seating":
        """The seating once the hand dealt from ``seat`` is scored."""
        return self._replace(anchor=seat, anchor_dealt=True)

    def changed(self, change: SeatChange) -> "Seating":
        """The ring after ``change`` (already checked)."""
        ring = list(self.ring)
        anchor = self.anchor
        if isinstance(change, Replace):
            ring[ring.index(change.old)] = change.new
        elif isinstance(change, Leave):
            ring[ring.index(change.player)] = None
        else:
            place = ring.index(change.after) + 1
            ring.insert(place, change.player)
            anchor += anchor >= place  # the anchor's seat moved one place on
        return self._replace(ring=tuple(ring), anchor=anchor)


def seating_at_start(players: Sequence[str], first_dealer: int) -> Seating:
    return Seating(tuple(players), first_dealer, anchor_dealt=False)


def resolve_seated(seated: Sequence[str], name: str) -> str:
    """A seated player's name as typed: exactly, or ignoring case (names are unique so)."""
    player = matching(seated, name)
    if player is not None:
        return player
    raise unknown_player(
        _("no player {name!r} at the table: {seated}").format(
            name=Shown(name), seated=", ".join(seated)
        ),
        name,
        seated,
    )


def returning_name(known: Sequence[str], seated: Sequence[str], name: str) -> str:
    """The name a newcomer sits under: someone who sat before (ignoring case) comes back
    under their own name; a name of someone seated is refused."""
    if matching(seated, name) is not None:
        raise BadPlayers(_("{name} is seated already (names ignore case)").format(name=name))
    return matching(known, name) or name


def check_change_allowed(started: bool, finished: bool, number: int) -> None:
    """docs/scripting.md: a seat changes only before the current hand's first entry."""
    if finished:
        raise SeatRefused(_("the game is finished: every hand is scored; seats no longer change"))
    if started:
        raise SeatRefused(
            _(
                "hand {number} has begun (a trump or a bid is in): seats change only "
                "before a hand's first entry; undo those entries first"
            ).format(number=number)
        )


def check_fits(
    change: SeatChange, players: int, remaining: Sequence[int], deck: int, first: int
) -> None:
    """rules.md: at least 3 players, and each remaining hand fits the deck, n * N <= D
    (the cards decide, not the count: 8 sit at one pack while the hands are 6 or less)."""
    who = _cannot(change)
    if players < MIN_PLAYERS:
        raise SeatRefused(
            _("{who}: {players} players would remain; Oh Hell needs at least {min_players}").format(
                who=who, players=players, min_players=MIN_PLAYERS
            )
        )
    largest = max(remaining)
    if largest * players > deck:
        number = first + list(remaining).index(largest)
        raise RulesDontFit(
            _(
                "{who}: hand {number} deals {largest} cards to each of {players} "
                "players, {largest2} cards; the deck has {deck}"
            ).format(
                who=who,
                number=number,
                largest=largest,
                players=players,
                largest2=largest * players,
                deck=deck,
            )
        )


def _cannot(change: SeatChange) -> str:
    if isinstance(change, Replace):
        return _("{new} cannot take {old}'s seat").format(new=change.new, old=change.old)
    if isinstance(change, Leave):
        return _("{player} cannot leave").format(player=change.player)
    return _("{player} cannot join").format(player=change.player)


def describe_change(change: SeatChange) -> str:
    """A change as undo names what it took back ("Dan taking Bob's seat from hand 5").

    It stays in the domain because ``game.undo`` writes it into the game file's history
    (the record of what was undone), so its words are stored facts and never change. How
    the table hears a change made, with the points it moves, is ``views.words.change_words``.
    """
    if isinstance(change, Replace):
        if change.carry:
            text = _("{new} taking {old}'s seat with {old}'s total from hand {hand}")
        else:
            text = _("{new} taking {old}'s seat from hand {hand}")
        return text.format(new=change.new, old=change.old, hand=change.hand)
    if isinstance(change, Leave):
        return _("{player} leaving before hand {hand}").format(
            player=change.player, hand=change.hand
        )
    if change.score:
        text = _("{player} joining after {after} with {score} points from hand {hand}")
    else:
        text = _("{player} joining after {after} from hand {hand}")
    return text.format(
        player=change.player, after=change.after, score=change.score, hand=change.hand
    )
