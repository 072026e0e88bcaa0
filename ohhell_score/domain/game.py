"""A game as recorded facts; everything else derived (rules.md, "What a hand looks like").

A ``Game`` holds the players (clockwise), the first dealer, the rule set and the entries
in the order they were typed: bids, trumps, each hand's tricks, seat changes, the points
a table adjusts by hand (a revoke's penalty) and the table stopping early. Dealer, bidding
order, the forbidden bid, whose turn it is, scores, totals and winners are computed by
replaying the entries (``progress``). Undo drops the last entry; an edit rewrites the
entries of a scored hand and is logged in ``history``. Nothing here does I/O.
"""

# No ``from __future__ import annotations``: NamedTuple would compile each field's
# string annotation (a ForwardRef) at every start of `bid` and `show`.
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum, StrEnum
from typing import NamedTuple

from ohhell_score.domain.errors import (
    BadPlayers,
    BadValue,
    IllegalBid,
    NothingToUndo,
    NotYourTurn,
    Refused,
    SeatRefused,
    Shown,
    TricksDontAddUp,
    UnknownPlayer,
)
from ohhell_score.domain.forms import MAX_ADJUST
from ohhell_score.domain.formula import NotScorable, not_scorable
from ohhell_score.domain.names import MAX_NAME, composed, matching, unknown_player
from ohhell_score.domain.rules import RuleSet, Suit, TrumpMethod
from ohhell_score.domain.seats import (
    Carried,
    Join,
    Leave,
    Left,
    Replace,
    SeatChange,
    Seating,
    check_change_allowed,
    check_fits,
    describe_change,
    resolve_seated,
    returning_name,
    seating_at_start,
)
from ohhell_score.i18n import _, ngettext


class Step(Enum):
    """What the table enters next in the current hand."""

    BID = "bid"
    TRUMP = "trump"
    TRICKS = "tricks"


class Bid(NamedTuple):
    hand: int
    player: str
    value: int
    at: str = ""


class TrumpEntry(NamedTuple):
    hand: int
    suit: Suit
    at: str = ""


class Tricks(NamedTuple):
    hand: int
    values: tuple[tuple[str, int], ...]  # in bidding order
    at: str = ""


class Adjust(NamedTuple):
    """``points`` added to ``player``'s score in the scored hand ``hand``, for what the
    rules cannot see: a revoke, a misdeal, a house bonus (docs/rules.md, "Penalties and
    bonuses"). Negative for a penalty."""

    hand: int
    player: str
    points: int
    reason: str = ""
    at: str = ""


class Finish(NamedTuple):
    """The table stops: the game ends after ``hand``, its last scored hand (docs/rules.md,
    "Stopping early")."""

    hand: int
    at: str = ""


Entry = Bid | TrumpEntry | Tricks | Replace | Leave | Join | Adjust | Finish


class Correction(NamedTuple):
    """A change that is not an entry: an edit of a scored hand, or an undo."""

    kind: str  # "edit" or "undo"
    at: str
    hand: int
    what: str  # "bids", "tricks" or "trump"
    old: tuple[tuple[str, int | str], ...]
    new: tuple[tuple[str, int | str], ...]


class Note(NamedTuple):
    """A scorer's note on a hand ("misdeal, redealt by Bob"). Not an entry: it changes no
    score and ``undo`` passes it by. The last note given for a hand holds; an empty text
    clears it (both are kept, so ``history`` shows each)."""

    hand: int
    text: str
    at: str = ""


class Game(NamedTuple):
    id: str
    players: tuple[str, ...]  # seated at the start; seat changes are entries
    rules: RuleSet
    first_dealer: int = 0
    entries: tuple[Entry, ...] = ()
    history: tuple[Correction, ...] = ()
    created: str = ""
    updated: str = ""
    scorer: str | None = None
    notes: tuple[Note, ...] = ()

    def resolve(self, name: str) -> str:
        """A player's name as typed: exactly, or ignoring case (names are unique so)."""
        player = matching(self.players, name)
        if player is not None:
            return player
        raise unknown_player(
            _("no player {name!r} in this game: {players}").format(
                name=Shown(name), players=", ".join(self.players)
            ),
            name,
            self.players,
        )


class HandState(NamedTuple):
    """One hand as the entries so far make it (``_deal`` makes it before any entry)."""

    number: int
    cards: int
    dealer: str
    order: tuple[str, ...]
    trump: Suit | None
    trump_entered: bool  # whether the rules ask for a trump entry this hand
    bids: Mapping[str, int]  # in bidding order, as far as they go
    tricks: Mapping[str, int]  # in bidding order once scored, else empty
    scores: Mapping[str, int]
    bids_corrected: bool
    tricks_corrected: bool
    players: tuple[str, ...] = ()  # the seating this hand, clockwise from seat 1
    adjustments: Mapping[str, int] = {}  # points adjusted by hand, summed; in ``scores``

    @property
    def scored(self) -> bool:
        return bool(self.tricks)

    @property
    def bids_total(self) -> int:
        return sum(self.bids.values())

    def trump_namer(self, rules: RuleSet) -> str | None:
        """Who names trump: the dealer under ``dealer``; under ``named``, the highest
        bidder once all bids are in, ties to the first in bidding order (seed 000, 7)."""
        method = rules.trump_method(self.number)
        if method is TrumpMethod.DEALER:
            return self.dealer
        if method is TrumpMethod.NAMED and len(self.bids) == len(self.order):
            top = max(self.bids.values())
            return next(p for p in self.order if self.bids[p] == top)
        return None


class NextStep(NamedTuple):
    hand: int
    cards: int
    dealer: str
    step: Step
    player: str | None
    forbidden_bid: int | None
    trump_namer: str | None


class Progress(NamedTuple):
    """The game as the entries make it: every hand, the totals, what comes next."""

    game: Game
    hands: tuple[HandState, ...]
    totals: Mapping[str, int]  # seated players, and the others who played or were given points
    next: NextStep | None
    players: tuple[str, ...] = ()  # seated now (or at the end), clockwise
    left: tuple[Left, ...] = ()
    carried: tuple[Carried, ...] = ()
    running: tuple[Mapping[str, int], ...] = ()  # every total after each scored hand
    known: tuple[str, ...] = ()  # everyone ever seated, those never counted included

    @property
    def finished(self) -> bool:
        return self.next is None

    @property
    def planned(self) -> int:
        """The hands the rules plan (``hands`` holds only those played once the table
        stopped early)."""
        return len(self.game.rules.hands)

    @property
    def stopped_early(self) -> bool:
        """Finished before the last hand the rules plan (``finish``)."""
        return self.finished and len(self.hands) < self.planned

    @property
    def hands_played(self) -> int:
        return sum(1 for h in self.hands if h.scored)

    @property
    def current(self) -> HandState | None:
        return self.hands[self.next.hand - 1] if self.next else None

    @property
    def winners(self) -> list[str]:
        """rules.md 8: equal highest totals share the win (seed 004)."""
        if not self.finished:
            return []
        return self.leaders()

    def leaders(self) -> list[str]:
        """The seated players with the highest total (a player who left cannot win)."""
        top = max(self.totals[p] for p in self.players)
        return [p for p in self.players if self.totals[p] == top]

    def running_totals(self) -> list[dict[str, int]]:
        """The totals after each scored hand: of everyone at the table by then, points
        given or carried at a seat change included."""
        return [dict(after) for after in self.running]

    @property
    def everyone(self) -> tuple[str, ...]:
        """Every player with a total: a sheet's columns, a newcomer next to the seat taken."""
        return tuple(self.totals)


def _deal(game: Game, seating: Seating, first: int = 1) -> tuple[list[HandState], list[int]]:
    """The hands from hand ``first`` on, before anything is entered, dealt round
    ``seating`` (rules.md 1: the deal passes clockwise), and the ring seat of each
    one's dealer."""
    players = seating.players
    n_players = len(players)
    dealer_seats = seating.dealer_seats()
    hands, seats = [], []
    for number, cards in enumerate(game.rules.hands[first - 1 :], start=first):
        seat = next(dealer_seats)
        seats.append(seat)
        hands.append(
            HandState(
                number=number,
                cards=cards,
                dealer=seating.ring[seat] or "",
                order=seating.bidding_order(seat),
                trump=game.rules.fixed_trump(number, n_players),
                trump_entered=game.rules.trump_is_entered(number, n_players),
                bids={},
                tricks={},
                scores={},
                bids_corrected=False,
                tricks_corrected=False,
                players=players,
            )
        )
    return hands, seats


def _next_step(game: Game, hand: HandState) -> NextStep:
    rules = game.rules
    trump_known = hand.trump is not None
    if hand.trump_entered and not trump_known and rules.trump_before_bids(hand.number):
        step, player = Step.TRUMP, hand.trump_namer(rules)
    elif len(hand.bids) < len(hand.order):
        step, player = Step.BID, hand.order[len(hand.bids)]
    elif hand.trump_entered and not trump_known:
        step, player = Step.TRUMP, hand.trump_namer(rules)
    else:
        step, player = Step.TRICKS, None
    forbidden = None
    if step is Step.BID and player == hand.dealer:
        forbidden = rules.hook.forbidden_bid(hand.cards, hand.bids_total)
    return NextStep(
        hand.number, hand.cards, hand.dealer, step, player, forbidden, hand.trump_namer(rules)
    )


def progress(game: Game) -> Progress:
    """Replay the entries from the first; raise ``Refused`` at the first one the rules
    do not allow.

    A fold: each entry gives its hand a new ``HandState``, nothing handed out is ever
    changed, and the same game always gives an equal ``Progress``. Each call replays the
    whole game (about 1 ms for 23 hands): a command replays a game once and passes its
    ``Progress`` on (``with_bids`` and the others take and give one).
    """
    seating = seating_at_start(game.players, game.first_dealer)
    hands, dealer_seats = _deal(game, seating)  # the hand states so far; entries replace them
    book = _SeatBook(game.players)
    adjusting = _adjustments(game.entries)
    current = 0
    stopped = False
    for entry in game.entries:
        if isinstance(entry, Adjust):
            _check_adjust(hands, current, entry)
            continue
        if stopped:
            raise NotYourTurn(_finished_message(game.id, current, len(hands)))
        if current >= len(hands):
            raise NotYourTurn(_("the game is over: every hand is scored"))
        if isinstance(entry, Finish):
            _check_finish(hands, current, entry)
            stopped = True
            continue
        if isinstance(entry, Replace | Leave | Join):
            seating = book.changed(game, seating, hands[current], entry)
            hands[current:], dealer_seats[current:] = _deal(game, seating, current + 1)
            continue
        hand = _entered(game, hands[current], entry)
        if isinstance(entry, Tricks):
            hand = _adjusted(hand, adjusting.get(hand.number, {}))
        hands[current] = hand
        if isinstance(entry, Tricks):
            book.scored(hand)
            seating = seating.dealt(dealer_seats[current])
            current += 1
    for c in game.history:  # in order: taking back a hand's tricks unscores it, and
        hand = hands[c.hand - 1]  # it was not corrected after it was scored again
        if c.kind == "edit":
            if c.what == "bids":
                hands[c.hand - 1] = hand._replace(bids_corrected=True)
            elif c.what == "tricks":
                hands[c.hand - 1] = hand._replace(tricks_corrected=True)
        elif c.what == "tricks":
            hands[c.hand - 1] = hand._replace(bids_corrected=False, tricks_corrected=False)
    following = _next_step(game, hands[current]) if current < len(hands) and not stopped else None
    return Progress(
        game,
        tuple(hands[:current] if stopped else hands),
        book.totals(seating.players),
        following,
        seating.players,
        tuple(book.left),
        tuple(book.carried),
        tuple(book.running),
        tuple(book.points),
    )


def _adjustments(entries: Iterable[Entry]) -> dict[int, dict[str, int]]:
    """Every hand's adjusted points by player, summed. A hand's scores include them from
    the replay of its tricks on, so the totals after it, and a total carried with a
    seat, follow an adjustment made later as they follow an ``edit``."""
    adjusting: dict[int, dict[str, int]] = {}
    for e in entries:
        if isinstance(e, Adjust):
            points = adjusting.setdefault(e.hand, {})
            points[e.player] = points.get(e.player, 0) + e.points
    return adjusting


def _adjusted(hand: HandState, points: Mapping[str, int]) -> HandState:
    """``hand``, just scored, with the points adjusted in it (a name the hand does not
    seat is refused where its entry is replayed)."""
    if not points:
        return hand
    scores = {p: s + points.get(p, 0) for p, s in hand.scores.items()}
    return hand._replace(scores=scores, adjustments={p: points[p] for p in points})


def _check_adjust(hands: Sequence[HandState], current: int, entry: Adjust) -> None:
    """docs/scripting.md ``adjust``: a scored hand, a player seated in it, a number of
    points in range and a printable reason."""
    if not -MAX_ADJUST <= entry.points <= MAX_ADJUST:
        raise BadValue(
            _("an adjustment is {low:,} to {high:,} points").format(
                low=-MAX_ADJUST, high=MAX_ADJUST
            )
        )
    if not 1 <= entry.hand <= current:
        raise Refused(
            _("hand {hand} is not scored yet: only a scored hand is adjusted").format(
                hand=entry.hand
            )
        )
    hand = hands[entry.hand - 1]
    if entry.player not in hand.order:
        raise UnknownPlayer(
            _("{player} did not play hand {hand}: {seated}").format(
                player=entry.player, hand=entry.hand, seated=", ".join(hand.order)
            )
        )
    check_reason(entry.reason)


def check_reason(text: str) -> str:
    """An adjustment's reason as a game keeps it, like a note: printable, at most
    ``MAX_NOTE`` characters."""
    if len(text) > MAX_NOTE or not text.isprintable():
        raise Refused(
            _("a reason must be at most {max_note} printable characters").format(max_note=MAX_NOTE)
        )
    return text


def _check_finish(hands: Sequence[HandState], current: int, entry: Finish) -> None:
    """docs/scripting.md ``finish``: after a scored hand, before the next one's first entry."""
    if current == 0:
        raise Refused(_("no hand is scored yet: a game finishes after a scored hand"))
    if _started(hands[current]):
        raise Refused(
            _(
                "hand {number} has begun (a bid or a trump is in): undo those entries to "
                "finish after hand {last}, or finish once hand {number} is scored"
            ).format(number=current + 1, last=current)
        )
    if entry.hand != current:
        raise NotYourTurn(
            _("a finish after hand {hand} while hand {number} is the last scored").format(
                hand=entry.hand, number=current
            )
        )


def _finished_message(game_id: str, played: int, planned: int) -> str:
    """Why nothing more is entered in a finished game: every hand scored, or the table
    stopped early."""
    if played < planned:
        text = _("game {id} is finished: the table stopped after hand {played} of {planned}")
        return text.format(id=game_id, played=played, planned=planned)
    return ngettext(
        "game {id} is finished: its one hand is scored",
        "game {id} is finished: all {hands} hands are scored",
        planned,
    ).format(id=game_id, hands=planned)


#: The most points a player may join with: more than 500 hands of the largest score
#: a formula may give (1,000,000) could ever add up to.
MAX_JOIN_SCORE = 10**9


class _SeatBook:
    """The totals as a game's entries make them, seat changes included: what
    ``progress`` keeps besides the hands (docs/seats.md)."""

    def __init__(self, players: Sequence[str]) -> None:
        self.points = dict.fromkeys(players, 0)  # everyone ever seated, in column order
        self.counted: set[str] = set()  # who played a hand or was given points
        self.left: list[Left] = []
        self.carried: list[Carried] = []
        self.running: list[dict[str, int]] = []
        self.hands_scored = 0

    def scored(self, hand: HandState) -> None:
        for p, s in hand.scores.items():
            self.points[p] += s
        self.counted.update(hand.scores)
        self.hands_scored += 1
        self.running.append(dict(self.points))

    def totals(self, seated: Sequence[str]) -> dict[str, int]:
        return {p: t for p, t in self.points.items() if p in seated or p in self.counted}

    def changed(self, game: Game, seating: Seating, hand: HandState, change: SeatChange) -> Seating:
        """``seating`` after ``change`` made before ``hand``, or ``Refused`` (docs/scripting.md)."""
        if isinstance(change, Join) and not -MAX_JOIN_SCORE <= change.score <= MAX_JOIN_SCORE:
            # First, and wherever it comes from (`seat join --score`, a file): a number
            # of thousands of digits could not even be printed on the sheet.
            raise SeatRefused(
                _("a player joins with {low:,} to {high:,} points").format(
                    low=-MAX_JOIN_SCORE, high=MAX_JOIN_SCORE
                )
            )
        check_change_allowed(_started(hand), False, hand.number)
        if change.hand != hand.number:
            raise NotYourTurn(
                _("a seat change for hand {hand} while hand {number} is on").format(
                    hand=change.hand, number=hand.number
                )
            )
        seated = seating.players
        if isinstance(change, Replace):
            self._seated(seated, change.old)
            self._newcomer(seated, change.new, after=change.old)
            if change.carry:
                points = self.points[change.old]
                self.points[change.old] -= points
                self.points[change.new] += points
                self.counted.add(change.new)
                self.carried.append(Carried(change.old, change.new, points, self.hands_scored))
        elif isinstance(change, Leave):
            self._seated(seated, change.player)
            self.left.append(Left(change.player, self.hands_scored))
        else:
            self._seated(seated, change.after)
            self._newcomer(seated, change.player, after=change.after)
            self.points[change.player] += change.score
            if change.score:
                self.counted.add(change.player)
        after = seating.changed(change)
        remaining = game.rules.hands[hand.number - 1 :]
        check_fits(change, len(after.players), remaining, game.rules.deck, hand.number)
        return after

    @staticmethod
    def _seated(seated: Sequence[str], name: str) -> None:
        if name not in seated:
            raise UnknownPlayer(
                _("{name} is not seated: {seated}").format(name=name, seated=", ".join(seated))
            )

    def _newcomer(self, seated: Sequence[str], name: str, after: str) -> None:
        """Give ``name`` a column after ``after``'s (a player coming back has one)."""
        if returning_name(tuple(self.points), seated, name) != name:
            raise BadPlayers(_("{name} sat here before under another spelling").format(name=name))
        if name not in self.points:
            columns = list(self.points.items())
            place = next(i for i, (p, _) in enumerate(columns) if p == after) + 1
            columns.insert(place, (name, 0))
            self.points = dict(columns)


def _started(hand: HandState) -> bool:
    """Whether the hand has a first entry: a bid, or a trump typed in."""
    return bool(hand.bids) or (hand.trump_entered and hand.trump is not None)


def _entered(game: Game, hand: HandState, entry: Bid | TrumpEntry | Tricks) -> HandState:
    """``hand`` (the current one) with ``entry`` in it, or ``Refused`` when the rules do
    not allow that entry now."""
    if entry.hand != hand.number:
        raise NotYourTurn(
            _("an entry for hand {hand} while hand {number} is on").format(
                hand=entry.hand, number=hand.number
            )
        )
    nxt = _next_step(game, hand)
    if isinstance(entry, Bid):
        _check_bid(hand, nxt, entry.player, entry.value)
        return hand._replace(bids={**hand.bids, entry.player: entry.value})
    if isinstance(entry, TrumpEntry):
        _check_trump(game.rules, hand, nxt, entry.suit)
        return hand._replace(trump=entry.suit)
    _check_tricks_step(nxt)
    values = dict(entry.values)
    _check_tricks(hand, values)
    tricks = {p: values[p] for p in hand.order}
    return hand._replace(tricks=tricks, scores=_scores(game.rules, hand, tricks))


def _scores(rules: RuleSet, hand: HandState, tricks: Mapping[str, int]) -> dict[str, int]:
    """The hand's scores. A formula is worked out for every hand when rules are made;
    one that reached the game some other way (a game file edited by hand) and cannot
    score this hand refuses the entry (or the file), naming the hand, b and t."""
    score = rules.scoring.score
    scores = {}
    for p, took in tricks.items():
        try:
            scores[p] = score(hand.bids[p], took, hand.cards)
        except NotScorable as err:
            raise Refused(
                not_scorable(rules.scoring.text, err, hand.number, hand.cards, hand.bids[p], took)
            ) from None
    return scores


def _check_bid(hand: HandState, nxt: NextStep, player: str, value: int) -> None:
    if nxt.step is not Step.BID:
        raise NotYourTurn(_step_message(nxt, _("a bid")))
    if player != nxt.player:
        raise NotYourTurn(
            _("it is {player}'s turn to bid in hand {number}, not {player2}'s").format(
                player=nxt.player, number=hand.number, player2=player
            )
        )
    if not 0 <= value <= hand.cards:
        raise _out_of_range(player, value, hand.number, hand.cards)
    if nxt.forbidden_bid is not None and value == nxt.forbidden_bid:
        raise IllegalBid(
            _(
                "{player} (dealer) may not bid {value}: the bids would add up to {cards} "
                "for {cards} tricks (the hook)"
            ).format(player=player, value=value, cards=hand.cards)
        )


def _check_trump(rules: RuleSet, hand: HandState, nxt: NextStep, suit: Suit) -> None:
    if not hand.trump_entered:
        assert hand.trump is not None  # a trump not entered is one the rules fix (fixed_trump)
        raise NotYourTurn(
            _("the rules fix hand {number}'s trump ({fixed}); nothing to enter").format(
                number=hand.number, fixed=hand.trump.words
            )
        )
    if nxt.step is not Step.TRUMP:
        raise NotYourTurn(_step_message(nxt, _("trump")))
    if suit is Suit.NOTRUMP and not rules.allows_notrump_entry(hand.number):
        method = rules.trump_method(hand.number)
        card = _("cut card") if method is TrumpMethod.CUT else _("turned-up card")
        raise Refused(
            _(
                "no trump is not a choice: the {card} shows a suit (spades, hearts, "
                "diamonds or clubs)"
            ).format(card=card)
        )


def _check_tricks_step(nxt: NextStep) -> None:
    if nxt.step is not Step.TRICKS:
        raise NotYourTurn(_step_message(nxt, _("tricks")))


def _check_tricks(hand: HandState, values: Mapping[str, int]) -> None:
    missing = [p for p in hand.order if p not in values]
    if missing:
        raise TricksDontAddUp(
            _("tricks are entered for every player at once; missing: {missing}").format(
                missing=", ".join(missing)
            )
        )
    others = [p for p in values if p not in hand.order]  # only a game file can name them
    if others:
        raise TricksDontAddUp(
            ngettext(
                "tricks for {players}, who is not at the table in hand {number}",
                "tricks for {players}, who are not at the table in hand {number}",
                len(others),
            ).format(players=", ".join(others), number=hand.number)
        )
    for p, t in values.items():
        if not 0 <= t <= hand.cards:
            raise TricksDontAddUp(
                _("{p} cannot take {t} tricks: hand {number} has {cards}").format(
                    p=p, t=t, number=hand.number, cards=hand.cards
                )
            )
    total = sum(values.values())
    if total != hand.cards:
        raise TricksDontAddUp(
            ngettext(
                "tricks add up to {total}, but hand {number} has {cards} trick",
                "tricks add up to {total}, but hand {number} has {cards} tricks",
                hand.cards,
            ).format(total=total, number=hand.number, cards=hand.cards)
        )


def _step_message(nxt: NextStep, given: str) -> str:
    if nxt.step is Step.BID:
        wanted = _("{player}'s bid").format(player=nxt.player)
    elif nxt.step is Step.TRUMP:
        wanted = (
            _("the trump ({player} names it)").format(player=nxt.player)
            if nxt.player
            else _("the trump")
        )
    else:
        wanted = _("the tricks")
    return _("not {given} now: hand {hand} needs {wanted} next").format(
        given=given, hand=nxt.hand, wanted=wanted
    )


def _out_of_range(player: str, value: int, number: int, cards: int) -> IllegalBid:
    return IllegalBid(
        ngettext(
            "{player} cannot bid {value}: hand {number} deals {cards} card, "
            "so a bid is 0 to {cards}",
            "{player} cannot bid {value}: hand {number} deals {cards} cards, "
            "so a bid is 0 to {cards}",
            cards,
        ).format(player=player, value=value, number=number, cards=cards)
    )


def _finished_check(prog: Progress) -> NextStep:
    if prog.next is None:
        raise Refused(_finished_message(prog.game.id, len(prog.hands), prog.planned))
    return prog.next


# --- changing a game ----------------------------------------------------------------
#
# Each ``with_...`` takes a game's progress and gives the progress of the changed game
# (one replay), or raises and changes nothing. ``add_bids`` and the others do the same
# from a game to a game, replaying it first.


Assignment = tuple[str | None, int]  # (name or None for "next in order", number)


def with_bids(prog: Progress, items: Sequence[Assignment], at: str = "") -> Progress:
    """Record bids in bidding order from the player whose turn it is (docs/scripting.md)."""
    if not items:
        raise Refused(_("no bids given"))
    game = prog.game
    nxt = _finished_check(prog)
    hand = prog.hands[nxt.hand - 1]
    entries = list(game.entries)
    named: set[str] = set()
    for name, value in items:
        if nxt.step is not Step.BID:
            raise NotYourTurn(_step_message(nxt, _("a bid")))
        who = resolve_seated(hand.order, name) if name is not None else nxt.player
        assert who is not None
        if name is not None:  # docs/scripting.md: each name once ("not Bob's turn" would mislead)
            if who in named:
                raise _named_twice(who)
            named.add(who)
        bid = Bid(nxt.hand, who, value, at)
        entries.append(bid)
        hand = _entered(game, hand, bid)  # each bid is checked before the next
        nxt = _next_step(game, hand)
    return progress(_touched(game._replace(entries=tuple(entries)), at))


def with_trump(prog: Progress, suit: Suit, at: str = "") -> Progress:
    game = prog.game
    nxt = _finished_check(prog)
    changed = game._replace(entries=(*game.entries, TrumpEntry(nxt.hand, suit, at)))
    return progress(_touched(changed, at))


def with_tricks(prog: Progress, items: Sequence[Assignment], at: str = "") -> Progress:
    """Record every player's tricks at once: by name in any order, or in bidding order."""
    game = prog.game
    nxt = _finished_check(prog)
    hand = prog.hands[nxt.hand - 1]
    _check_tricks_step(nxt)
    values = _assign(hand.order, items, _("tricks"))
    _check_tricks(hand, values)  # before the entry is built: a missing name is no KeyError
    entry = Tricks(nxt.hand, tuple((p, values[p]) for p in hand.order), at)
    return progress(_touched(game._replace(entries=(*game.entries, entry)), at))


def with_undo(prog: Progress, at: str = "") -> Progress:
    return progress(undo(prog.game, at))


def add_bids(game: Game, items: Sequence[Assignment], at: str = "") -> Game:
    return with_bids(progress(game), items, at).game


def set_trump(game: Game, suit: Suit, at: str = "") -> Game:
    return with_trump(progress(game), suit, at).game


def add_tricks(game: Game, items: Sequence[Assignment], at: str = "") -> Game:
    return with_tricks(progress(game), items, at).game


def _assign(order: tuple[str, ...], items: Sequence[Assignment], what: str) -> dict[str, int]:
    named = [i for i in items if i[0] is not None]
    if named and len(named) != len(items):
        raise Refused(
            _("give {what} all by name (NAME=N) or all as numbers, not mixed").format(what=what)
        )
    if not named:
        if len(items) != len(order):
            raise TricksDontAddUp(
                _("{items} numbers given for {order} players; in bidding order: {order2}").format(
                    items=len(items), order=len(order), order2=", ".join(order)
                )
            )
        return {p: v for p, (_, v) in zip(order, items, strict=True)}
    return _by_name(order, items)


def _by_name(order: tuple[str, ...], items: Sequence[Assignment]) -> dict[str, int]:
    """NAME=N values by the seated player each name matches, each named once."""
    values: dict[str, int] = {}
    for name, value in items:
        assert name is not None
        player = resolve_seated(order, name)
        if player in values:
            raise _named_twice(player)
        values[player] = value
    return values


def _named_twice(player: str) -> Refused:
    return Refused(_("{player} is named twice").format(player=player))


def undo(game: Game, at: str = "") -> Game:
    """Take back the last entry, into the previous hand when the current one has none."""
    if not game.entries:
        raise NothingToUndo(_("nothing to undo: no entries yet"))
    last = game.entries[-1]
    old: tuple[tuple[str, int | str], ...]
    if isinstance(last, Bid):
        what, old = "bids", ((last.player, last.value),)
    elif isinstance(last, TrumpEntry):
        what, old = "trump", (("trump", last.suit.value),)
    elif isinstance(last, Tricks):
        what, old = "tricks", last.values
    elif isinstance(last, Adjust):
        what, old = "adjust", ((last.player, last.points),)
    elif isinstance(last, Finish):
        what, old = "finish", (("finish", last.hand),)
    else:
        what, old = "seat", (("change", describe_change(last)),)
    record = Correction("undo", at, last.hand, what, old, ())
    return _touched(game._replace(entries=game.entries[:-1], history=(*game.history, record)), at)


def describe_entry(entry: Entry) -> str:
    if isinstance(entry, Bid):
        return _("{player}'s bid of {value} in hand {hand}").format(
            player=entry.player, value=entry.value, hand=entry.hand
        )
    if isinstance(entry, TrumpEntry):
        return _("the trump of hand {hand} ({suit})").format(hand=entry.hand, suit=entry.suit.words)
    if isinstance(entry, Tricks):
        return _("the tricks of hand {hand}").format(hand=entry.hand)
    if isinstance(entry, Adjust):
        return _("{player}'s {points:+d} in hand {hand}").format(
            player=entry.player, points=entry.points, hand=entry.hand
        )
    if isinstance(entry, Finish):
        return _("the finish after hand {hand}").format(hand=entry.hand)
    return describe_change(entry)


def check_named(items: Sequence[Assignment]) -> None:
    """``edit`` changes values by name, NAME=N for each: a bare number is a usage error."""
    if not items or any(name is None for name, _ in items):
        raise BadValue(_("edit takes NAME=N for each value it changes"))


class Corrected(StrEnum):
    """What ``edit`` corrects in a scored hand (``Correction.what``)."""

    BIDS = "bids"
    TRICKS = "tricks"


def with_edit(
    prog: Progress, number: int, what: str, items: Sequence[Assignment], at: str = ""
) -> Progress:
    """Correct the bids or tricks of a scored hand; the names given change, others stay."""
    check_named(items)
    game = prog.game
    if not 1 <= number <= len(prog.hands) or not prog.hands[number - 1].scored:
        raise Refused(
            _("hand {number} has no tricks recorded yet; only scored hands are edited").format(
                number=number
            )
        )
    hand = prog.hands[number - 1]
    changes = _by_name(hand.order, items)  # check_named: every value has its name
    match what:
        case Corrected.BIDS:
            old, entries = _bids_edited(game, hand, changes)
        case Corrected.TRICKS:
            old, entries = _tricks_edited(game, hand, changes)
        case _:
            raise Refused(_("edit changes bids or tricks, not {what!r}").format(what=what))
    record = Correction("edit", at, number, what, tuple(old.items()), tuple(changes.items()))
    changed = game._replace(entries=entries, history=(*game.history, record))
    return progress(_touched(changed, at))


Edited = tuple[dict[str, int], tuple[Entry, ...]]  # the old values, the entries after


def _bids_edited(game: Game, hand: HandState, changes: Mapping[str, int]) -> Edited:
    """A scored hand's bids corrected: each in range, and the hook still holds."""
    new_bids = {**hand.bids, **changes}
    for p, b in new_bids.items():
        if not 0 <= b <= hand.cards:
            raise _out_of_range(p, b, hand.number, hand.cards)
    others = sum(b for p, b in new_bids.items() if p != hand.dealer)
    forbidden = game.rules.hook.forbidden_bid(hand.cards, others)
    if forbidden is not None and new_bids[hand.dealer] == forbidden:
        raise IllegalBid(
            _(
                "{dealer} (dealer) may not bid {forbidden} in hand {number}: the bids "
                "would add up to {cards} for {cards} tricks (the hook)"
            ).format(dealer=hand.dealer, forbidden=forbidden, number=hand.number, cards=hand.cards)
        )
    entries = tuple(
        e._replace(value=new_bids[e.player]) if isinstance(e, Bid) and e.hand == hand.number else e
        for e in game.entries
    )
    return {p: hand.bids[p] for p in changes}, entries


def _tricks_edited(game: Game, hand: HandState, changes: Mapping[str, int]) -> Edited:
    """A scored hand's tricks corrected: they still add up to the cards dealt."""
    new_tricks = {**hand.tricks, **changes}
    _check_tricks(hand, new_tricks)
    entries = tuple(
        e._replace(values=tuple((p, new_tricks[p]) for p in hand.order))
        if isinstance(e, Tricks) and e.hand == hand.number
        else e
        for e in game.entries
    )
    return {p: hand.tricks[p] for p in changes}, entries


def with_replace(prog: Progress, old: str, new: str, carry: bool, at: str = "") -> Progress:
    """docs/seats.md ``seat replace``: NEW takes OLD's seat from the current hand."""
    hand = seat_change_hand(prog)
    who = resolve_seated(prog.players, old)
    newcomer = newcomer_name(prog, new)
    return _with_change(prog, Replace(hand.number, who, newcomer, carry, at), at)


def with_leave(prog: Progress, name: str, at: str = "") -> Progress:
    """docs/seats.md ``seat leave``: the seat is removed; the total made so far stays."""
    hand = seat_change_hand(prog)
    return _with_change(prog, Leave(hand.number, resolve_seated(prog.players, name), at), at)


def with_join(prog: Progress, name: str, after: str | None, score: int, at: str = "") -> Progress:
    """docs/seats.md ``seat join``: a new seat after ``after`` (default the last listed)."""
    hand = seat_change_hand(prog)
    follows = resolve_seated(prog.players, after) if after is not None else prog.players[-1]
    newcomer = newcomer_name(prog, name)
    return _with_change(prog, Join(hand.number, newcomer, follows, score, at), at)


def seat_change_hand(prog: Progress) -> HandState:
    """The hand a seat change applies from, or ``Refused`` when a change is too late."""
    current = prog.current
    if current is None:
        check_change_allowed(False, True, 0)
    assert current is not None
    check_change_allowed(_started(current), False, current.number)
    return current


def newcomer_name(prog: Progress, name: str) -> str:
    """A valid name not seated now; someone who sat before comes back under their name."""
    (checked,) = check_players([name])
    return returning_name(prog.known, prog.players, checked)


def _with_change(prog: Progress, change: SeatChange, at: str) -> Progress:
    game = prog.game
    return progress(_touched(game._replace(entries=(*game.entries, change)), at))


def with_adjust(
    prog: Progress, name: str, points: int, number: int | None, reason: str, at: str = ""
) -> Progress:
    """docs/scripting.md ``adjust``: ``points`` to ``name`` in hand ``number`` (default:
    the last scored hand); a finished game may be adjusted too."""
    game = prog.game
    last = prog.hands_played
    if last == 0:
        raise Refused(_("no hand is scored yet: only a scored hand is adjusted"))
    hand = last if number is None else number
    if not 1 <= hand <= len(prog.hands):
        raise Refused(
            _("no hand {hand}: game {id} has hands 1 to {total}").format(
                hand=hand, id=game.id, total=len(prog.hands)
            )
        )
    order = prog.hands[hand - 1].order
    # Someone who sat at the table but not at this hand is refused by the replay, by name.
    who = matching(order, name) or matching(prog.known, name) or resolve_seated(order, name)
    entry = Adjust(hand, who, points, check_reason(reason.strip()), at)
    return progress(_touched(game._replace(entries=(*game.entries, entry)), at))


def with_finish(prog: Progress, at: str = "") -> Progress:
    """docs/scripting.md ``finish``: the game ends after its last scored hand."""
    game = prog.game
    _finished_check(prog)
    entry = Finish(prog.hands_played, at)
    return progress(_touched(game._replace(entries=(*game.entries, entry)), at))


def adjustments(game: Game) -> list[Adjust]:
    """Every adjustment of ``game``, in the order made (each with its reason)."""
    return [e for e in game.entries if isinstance(e, Adjust)]


def edit(game: Game, number: int, what: str, items: Sequence[Assignment], at: str = "") -> Game:
    return with_edit(progress(game), number, what, items, at).game


def _touched(game: Game, at: str) -> Game:
    return game._replace(updated=at) if at else game


def sheet_json(prog: Progress) -> dict[str, object]:
    """The object of ``show --json`` (docs/scripting.md)."""
    game = prog.game
    nxt = prog.next
    return {
        "id": game.id,
        "rules": game.rules.to_json(),
        "players": list(prog.players),
        "hands": [
            {
                "number": h.number,
                "cards": h.cards,
                "players": list(h.players),
                "dealer": h.dealer,
                "trump": h.trump.value if h.trump else None,
                "bids": dict(h.bids),
                "tricks": dict(h.tricks),
                "scores": dict(h.scores),
                **({"adjustments": dict(h.adjustments)} if h.adjustments else {}),
            }
            for h in prog.hands
        ],
        "totals": dict(prog.totals),
        "next": None
        if nxt is None
        else {
            "hand": nxt.hand,
            "cards": nxt.cards,
            "dealer": nxt.dealer,
            "step": nxt.step.value,
            "player": nxt.player,
            "forbidden_bid": nxt.forbidden_bid,
            "trump_namer": nxt.trump_namer,
        },
        "finished": prog.finished,
        "winners": prog.winners,
        "left": [{"name": x.name, "after_hand": x.after_hand} for x in prog.left],
        "carried": [
            {"from": c.giver, "to": c.taker, "points": c.points, "after_hand": c.after_hand}
            for c in prog.carried
        ],
    }


#: The longest scorer's name and time stamp a game keeps (a stamp is 25 characters).
MAX_NOTE = 64


def check_note(value: object, what: str) -> str:
    """A scorer's name or a time stamp as a game keeps it: text of printable characters
    (no escape sequence reaches the terminal), at most ``MAX_NOTE`` of them."""
    if not isinstance(value, str):
        raise BadValue(_("{what} is not text").format(what=what))
    if len(value) > MAX_NOTE or not value.isprintable():
        raise BadValue(
            _("{what} must be at most {max_note} printable characters").format(
                what=what, max_note=MAX_NOTE
            )
        )
    return value


def check_players(names: Iterable[str]) -> tuple[str, ...]:
    """docs/scripting.md: 1 to 24 printable characters, unique ignoring case, no ``=``,
    no spaces at either end."""
    out: list[str] = []
    seen: set[str] = set()
    for name in map(composed, names):
        if not 1 <= len(name) <= MAX_NAME:
            raise BadPlayers(
                _("player name {name!r} must be 1 to 24 characters").format(name=Shown(name))
            )
        if name != name.strip():
            raise BadPlayers(
                _("player name {name!r} has spaces at an end").format(name=Shown(name))
            )
        if "=" in name:
            raise BadPlayers(
                _("player name {name!r} contains '=' (it separates NAME=N)").format(
                    name=Shown(name)
                )
            )
        if not name.isprintable():
            raise BadPlayers(
                _("player name {name!r} has characters that cannot be printed").format(
                    name=Shown(name)
                )
            )
        if name.casefold() in seen:
            raise BadPlayers(
                _("two players are called {name!r} (names ignore case)").format(name=Shown(name))
            )
        seen.add(name.casefold())
        out.append(name)
    return tuple(out)


def next_first_dealer(prog: Progress) -> int:
    """The seat (in ``prog.players``, seated at the end) that deals first in the next
    game of the same table: the one clockwise after this game's first dealer, as the
    deal passes from hand to hand; where that dealer got up, the first seat after
    theirs that is still taken."""
    game, seated = prog.game, prog.players
    ring = game.players
    start = game.first_dealer
    for step in range(len(ring)):
        player = ring[(start + step) % len(ring)]
        if player in seated:
            after = seated.index(player) + (step == 0)
            return after % len(seated)
    return 0


# --- notes on hands -------------------------------------------------------------------


def dealer_forbidden(rules: RuleSet, hand: HandState) -> int | None:
    """The bid the hook forbade this hand's dealer, once every bid is in; None where the
    dealer bid freely (the hook off or not yet from these cards, or the others over)."""
    if len(hand.bids) < len(hand.order):
        return None
    others = sum(b for p, b in hand.bids.items() if p != hand.dealer)
    return rules.hook.forbidden_bid(hand.cards, others)


def hand_notes(game: Game) -> dict[int, str]:
    """Each hand's note as it stands: the last one given for it, unless that cleared it."""
    latest: dict[int, str] = {}
    for note in game.notes:
        latest[note.hand] = note.text
    return {hand: text for hand, text in sorted(latest.items()) if text}


def note_hand(prog: Progress) -> int:
    """The hand a note goes to when none is named: the current one, or the last."""
    return prog.next.hand if prog.next else len(prog.hands)


def with_note(prog: Progress, number: int | None, text: str, at: str = "") -> Progress:
    """Write ``text`` on hand ``number`` (default: ``note_hand``); an empty text clears
    the hand's note. Hands not reached yet take no note: nothing has happened in them."""
    game = prog.game
    hand = note_hand(prog) if number is None else number
    total = len(prog.hands)
    if not 1 <= hand <= total:
        raise Refused(
            _("no hand {hand}: game {id} has hands 1 to {total}").format(
                hand=hand, id=game.id, total=total
            )
        )
    if hand > note_hand(prog):
        raise Refused(
            _("hand {hand} is not reached yet: the game is on hand {note_hand}").format(
                hand=hand, note_hand=note_hand(prog)
            )
        )
    text = text.strip()
    if len(text) > MAX_NOTE or not text.isprintable():
        raise Refused(
            _("a note must be at most {max_note} printable characters").format(max_note=MAX_NOTE)
        )
    if not text and hand not in hand_notes(game):
        raise Refused(_("hand {hand} has no note to clear").format(hand=hand))
    changed = game._replace(notes=(*game.notes, Note(hand, text, at)))
    return progress(_touched(changed, at))
