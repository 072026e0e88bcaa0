"""Statistics over finished games: who wins, who bids best (rules.md, "Scoring").

Pure computation, no I/O. Each finished game is read once, straight from its entries
(the bids and each hand's tricks): a bid is made when t == b, a miss is d = |t - b|,
over when t > b and under when t < b; totals are the sums of each hand's score under
the game's own scheme, and equal highest totals share the win (seed 004), so a shared
win counts as a win for each. Unfinished games are not counted.

The same person is the same name ignoring case across games (names are unique at a
table ignoring case, docs/scripting.md); the spelling of their latest game is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, NamedTuple

from ohhell_score.domain.errors import Shown, UnknownPlayer
from ohhell_score.domain.game import MAX_NOTE, Adjust, Bid, Finish, Game, Tricks, progress
from ohhell_score.domain.ids import MAX_LENGTH
from ohhell_score.domain.names import MAX_NAME, unknown_player
from ohhell_score.domain.rules import MAX_HANDS, Scoring
from ohhell_score.domain.seats import Join, Leave, Replace
from ohhell_score.i18n import _


class PlayerStats(NamedTuple):
    """One player's numbers over the games counted."""

    name: str
    games: int = 0
    wins: int = 0
    points: int = 0  # the sum of their final totals (of the games they sat to the end)
    hands: int = 0
    bids_made: int = 0
    miss: int = 0  # the sum of |t - b| over every hand
    zero_bids: int = 0
    zero_bids_made: int = 0
    over: int = 0  # missed bids with t > b
    under: int = 0  # missed bids with t < b
    sat_to_end: int = 0  # the games they sat to the end: who got up has no final total

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_total(self) -> float | None:
        """The mean final total; a game the player got up from has none (the total
        kept, or handed over with the seat, is not what they would have finished on)."""
        return self.points / self.sat_to_end if self.sat_to_end else None

    @property
    def bids_made_rate(self) -> float:
        return self.bids_made / self.hands if self.hands else 0.0

    @property
    def bids_made_percent(self) -> int:
        """The share of bids made in whole percent, as `stats` shows it and ranks by."""
        return round(100 * self.bids_made_rate)

    @property
    def average_miss(self) -> float:
        return self.miss / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "average_total": None if self.average_total is None else round(self.average_total, 2),
            "hands": self.hands,
            "bids_made": self.bids_made,
            "bids_made_rate": round(self.bids_made_rate, 4),
            "average_miss": round(self.average_miss, 4),
            "zero_bids": self.zero_bids,
            "zero_bids_made": self.zero_bids_made,
            "missed_over": self.over,
            "missed_under": self.under,
        }


class HeadToHead(NamedTuple):
    """Two players over the finished games they played together."""

    first: str
    second: str
    games: int
    ahead: Mapping[str, int]  # finished above the other
    level: int  # finished with equal totals

    def to_json(self) -> dict[str, object]:
        return {
            "players": [self.first, self.second],
            "games": self.games,
            "ahead": dict(self.ahead),
            "level": self.level,
        }


class Summary(NamedTuple):
    games: int
    unfinished: int
    players: tuple[PlayerStats, ...]
    head_to_head: HeadToHead | None

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "unfinished": self.unfinished,
            "players": {p.name: p.to_json() for p in self.players},
            "head_to_head": self.head_to_head.to_json() if self.head_to_head else None,
        }


class Filters(NamedTuple):
    """Which games count: all named players sat at the table, the preset, the date."""

    players: tuple[str, ...] = ()
    preset: str | None = None
    since: date | None = None

    def keys(self) -> tuple[str, ...]:
        return tuple(p.casefold() for p in self.players)


EVERY_GAME = Filters()


class GameFacts(NamedTuple):
    """One game reduced to what statistics need, read once from its entries.

    ``seats`` holds, for each player in seat order, their final total and the counts
    of their hands: bids made, tricks off (the sum of d), zero bids tried and made,
    bids missed over and under. Small and plain, so it can be kept between runs.
    """

    id: str
    preset: str
    created: str
    players: tuple[str, ...]
    hands: int
    finished: bool
    # (total, made, miss, zero, zero_made, over, under, hands played, seated at the end)
    seats: tuple[tuple[int, ...], ...]
    ended: str = ""  # the time of the last entry: the order `ratings` takes games in

    @property
    def day(self) -> str:
        """The local date the game started, ``YYYY-MM-DD`` ("" when not recorded)."""
        return self.created[:10]

    def to_json(self) -> list[object]:
        seats = [list(s) for s in self.seats]
        players = list(self.players)
        return [
            *(self.id, self.preset, self.created, players, self.hands, self.finished, seats),
            self.ended,
        ]

    @classmethod
    def from_json(cls, data: object) -> GameFacts:
        """Read facts back; ``ValueError`` for anything not written by ``to_json``."""
        if not isinstance(data, list) or len(data) != 8:
            raise ValueError(_("not game facts"))
        gid, preset, created, players, hands, finished, seats, ended = data
        # Checked with C-level calls: this runs for every game at every `stats`. What
        # passes is what a game could have given: names and words a terminal shows as
        # they are (printable, as a game file's), numbers a game reaches.
        try:
            ok = _well_typed(data) and _within_bounds(data)
        except TypeError:
            ok = False
        if not ok:
            raise ValueError(_("not game facts"))
        seated = tuple(map(tuple, seats))
        return cls(gid, preset, created, tuple(players), hands, finished, seated, ended)


def _well_typed(data: list[Any]) -> bool:
    """Each of the eight facts of the type ``to_json`` writes (``TypeError`` where a name
    or a count is not one)."""
    gid, preset, created, players, hands, finished, seats, ended = data
    return (
        type(gid) is str
        and type(preset) is str
        and type(created) is str
        and type(hands) is int
        and type(finished) is bool
        and type(ended) is str
        and type(players) is list
        and type(seats) is list
        and 0 < len(seats) == len(players)
        and all(type(x) is list and len(x) == len(COUNTS) for x in seats)
        and type("".join(players)) is str  # TypeError unless all are names
        and type(sum(map(sum, seats))) is int  # TypeError unless all are numbers
    )


def _within_bounds(data: list[Any]) -> bool:
    """Well-typed facts that a game could have given: words and names as long and as
    printable as a game's, numbers a game reaches."""
    gid, preset, created, players, hands, _finished, seats, ended = data
    return (
        max(map(len, (gid, preset, created, ended))) <= MAX_WORD
        and 1 <= min(map(len, players)) <= max(map(len, players)) <= MAX_NAME
        and "".join((gid, preset, created, ended, *players)).isprintable()
        and 0 <= hands <= MAX_HANDS
        and -MAX_FACT <= min(map(min, seats)) <= max(map(max, seats)) <= MAX_FACT
        and min(min(x[MADE:]) for x in seats) >= 0  # only a total is below 0
    )


#: The longest id, preset (a house rule's name is written as an id) and time a game holds.
MAX_WORD = max(MAX_LENGTH, MAX_NOTE)
#: Far beyond any count or total a game reaches (at most 500 hands of at most a million
#: points, a newcomer's 10**9), and within the whole numbers a float holds exactly
#: (`ratings` ranks by totals as floats): a cached number past it is not one of ours.
MAX_FACT = 10**15

#: Places in a seat's counts (``GameFacts.seats``).
COUNTS = range(9)
TOTAL, MADE, MISS, ZERO, ZERO_MADE, OVER, UNDER, HANDS, SEATED = COUNTS


def facts(game: Game) -> GameFacts:
    """Read a game once: each player's total and how each of their bids went.

    A game whose seats changed is replayed: each hand counts for the person who played
    it, and only who sits at the end can win (docs/seats.md). So is a game with points
    adjusted by hand or stopped early: its totals and its end are the replay's.
    """
    if any(isinstance(e, Replace | Leave | Join | Adjust | Finish) for e in game.entries):
        return _facts_of_changed_seats(game)
    seat = {p: i for i, p in enumerate(game.players)}
    counts = [[0] * len(COUNTS) for _ in game.players]
    for mine in counts:
        mine[HANDS] = sum(1 for e in game.entries if isinstance(e, Tricks))
        mine[SEATED] = 1
    score = game.rules.scoring.score
    scored = 0
    bids: dict[str, int] = {}  # the bids of the hand being read: entries come in order
    for entry in game.entries:
        if isinstance(entry, Bid):
            bids[entry.player] = entry.value
            continue
        if not isinstance(entry, Tricks):
            continue
        scored += 1
        for player, tricks in entry.values:
            bid = bids[player]
            mine = counts[seat[player]]
            mine[TOTAL] += score(bid, tricks, game.rules.hands[entry.hand - 1])
            _count_bid(mine, bid, tricks)
        bids = {}
    return GameFacts(
        game.id,
        game.rules.preset,
        game.created or game.updated,
        game.players,
        len(game.rules.hands),
        scored == len(game.rules.hands),
        tuple(tuple(c) for c in counts),
        _ended(game),
    )


def _facts_of_changed_seats(game: Game) -> GameFacts:
    prog = progress(game)
    players = tuple(p for p in prog.everyone if any(p in h.scores for h in prog.hands))
    counts = {p: [0] * len(COUNTS) for p in players}
    for hand in prog.hands:
        for p, tricks in hand.tricks.items():
            _count_bid(counts[p], hand.bids[p], tricks)
            counts[p][HANDS] += 1
    for p in players:
        counts[p][TOTAL] = prog.totals[p]
        counts[p][SEATED] = int(p in prog.players)
    return GameFacts(
        game.id,
        game.rules.preset,
        game.created or game.updated,
        players,
        len(prog.hands),
        prog.finished,
        tuple(tuple(counts[p]) for p in players),
        _ended(game),
    )


def _ended(game: Game) -> str:
    """When the last entry was made (a file without entry times: when it was saved)."""
    last = game.entries[-1].at if game.entries else ""
    return last or game.updated or game.created


def _count_bid(mine: list[int], bid: int, tricks: int) -> None:
    if tricks == bid:
        mine[MADE] += 1
    elif tricks > bid:
        mine[MISS] += tricks - bid
        mine[OVER] += 1
    else:
        mine[MISS] += bid - tricks
        mine[UNDER] += 1
    if bid == 0:
        mine[ZERO] += 1
        mine[ZERO_MADE] += tricks == 0


def by_preset_and_day(
    preset: str | None, since: date | None, day: Callable[[GameFacts], str]
) -> Callable[[GameFacts], bool]:
    """Which games the preset and date filters let through: the preset as named (any
    case, spaces around ignored), and the game's ``day`` (``YYYY-MM-DD``) on ``since`` or
    later. ``stats`` dates a game by the day it started, ``ratings`` by the day it ended."""
    wanted = preset.strip().lower() if preset else None
    first = since.isoformat() if since else None

    def passes(game: GameFacts) -> bool:
        return (wanted is None or game.preset == wanted) and (first is None or day(game) >= first)

    return passes


@dataclass(slots=True)
class _Tally:
    """A player's numbers while the games are counted: ``PlayerStats``'s, by name."""

    name: str
    games: int = 0
    wins: int = 0
    points: int = 0
    hands: int = 0
    bids_made: int = 0
    miss: int = 0
    zero_bids: int = 0
    zero_bids_made: int = 0
    over: int = 0
    under: int = 0
    sat_to_end: int = 0

    def add(self, seat: Sequence[int], won: bool) -> None:
        """One finished game of this player (``seat``: their counts, ``GameFacts.seats``)."""
        seated = bool(seat[SEATED])
        self.games += 1
        self.wins += won
        self.points += seat[TOTAL] if seated else 0  # final totals only
        self.hands += seat[HANDS]  # the hands this player played
        self.bids_made += seat[MADE]
        self.miss += seat[MISS]
        self.zero_bids += seat[ZERO]
        self.zero_bids_made += seat[ZERO_MADE]
        self.over += seat[OVER]
        self.under += seat[UNDER]
        self.sat_to_end += seated


@dataclass(slots=True)
class _Duel:
    """Two players over the finished games they both sat to the end of."""

    together: int = 0
    level: int = 0
    first_ahead: int = 0
    second_ahead: int = 0

    def add(self, first: int, second: int) -> None:
        """One game, by the two players' final totals."""
        self.together += 1
        if first == second:
            self.level += 1
        elif first > second:
            self.first_ahead += 1
        else:
            self.second_ahead += 1


def in_no_finished_game(typed: str, players: Iterable[str]) -> UnknownPlayer:
    """The refusal of a name that no finished game has (`stats -p`, `ratings --history`),
    the name cut as every value shown is, the closest of ``players`` offered."""
    return unknown_player(
        _("no finished game has a player called {missing!r}").format(missing=Shown(typed)),
        typed,
        players,
    )


def summarise(
    games: Iterable[GameFacts], filters: Filters = EVERY_GAME, vs: Sequence[str] = ()
) -> Summary:
    """The numbers of every player over the finished games the filters let through.

    With named players (``filters.players``), only games where all of them sat count
    and only they are shown; ``vs`` (two names) adds their head to head and names
    them too. A named player found in no finished game is refused (a typo, mostly).
    """
    if vs:
        filters = filters._replace(players=(*filters.players, *vs))
    named = filters.keys()
    passes = by_preset_and_day(filters.preset, filters.since, lambda game: game.day)
    tallies: dict[str, _Tally] = {}
    latest: dict[str, str] = {}  # when each player's latest game started: its spelling shows
    seen: dict[str, str] = {}  # the players of the finished games, by key
    counted = unfinished = 0
    duel = _Duel()
    for game in filter(passes, games):
        keys = [p.casefold() for p in game.players]
        if game.finished:
            seen.update(zip(keys, game.players, strict=True))
        if any(k not in keys for k in named):
            continue
        if not game.finished:
            unfinished += 1
            continue
        counted += 1
        _count_game(game, keys, tallies, latest)
        if vs:
            one = game.seats[keys.index(vs[0].casefold())]
            other = game.seats[keys.index(vs[1].casefold())]
            if one[SEATED] and other[SEATED]:  # who got up did not finish: no duel there
                duel.add(one[TOTAL], other[TOTAL])
    missing = [p for p, k in zip(filters.players, named, strict=True) if k not in seen]
    if missing:
        raise in_no_finished_game(missing[0], seen.values())
    by_key = {k: PlayerStats(**asdict(tally)) for k, tally in tallies.items()}
    shown = [by_key[k] for k in dict.fromkeys(named) if k in by_key] if named else by_key.values()
    ranked = sorted(shown, key=ranking)
    head_to_head = None
    if vs:
        first, second = _spelled(tallies, vs[0]), _spelled(tallies, vs[1])
        ahead = {first: duel.first_ahead, second: duel.second_ahead}
        head_to_head = HeadToHead(first, second, duel.together, ahead, duel.level)
    return Summary(counted, unfinished, tuple(ranked), head_to_head)


def ranking(player: PlayerStats) -> tuple[int, float, str]:
    """Who bids best first: the share of bids made as shown (a whole percent, so the
    column reads in order), then the smaller average miss, then the name."""
    return (-player.bids_made_percent, player.average_miss, player.name.casefold())


def _spelled(tallies: dict[str, _Tally], name: str) -> str:
    tally = tallies.get(name.casefold())
    return tally.name if tally else name


def _count_game(
    game: GameFacts, keys: list[str], tallies: dict[str, _Tally], latest: dict[str, str]
) -> None:
    """Add one finished game to its players' numbers (a shared win counts for each), and
    spell each player as in their latest game."""
    top = max(s[TOTAL] for s in game.seats if s[SEATED])  # who left cannot win
    for player, key, seat in zip(game.players, keys, game.seats, strict=True):
        tally = tallies.get(key)
        if tally is None:
            tally = tallies[key] = _Tally(player)
        if key not in latest or game.created >= latest[key]:
            latest[key] = game.created
            tally.name = player
        tally.add(seat, bool(seat[SEATED]) and seat[TOTAL] == top)


def rescored(game: Game, scoring: Scoring) -> Game:
    """The same game under another scoring scheme: same entries, other totals.

    Trump never changes a score and the hook never depends on the scheme, so every
    entry stays valid (rules.md, "Scoring").
    """
    scoring.check(game.rules.hands)  # rules.md: a formula is checked when rules are made
    return game._replace(rules=game.rules._replace(scoring=scoring))
