"""The Cartier tournament (rules.md, "The Cartier tournament"; seed 000).

32 players sit at 8 tables of 4; each table plays one game. The winner and runner-up of
each table go on to the second round: 16 players at 4 tables, each table taking its
players from four different first-round tables, so no two first-round table mates meet
again. The four second-round winners play the final; its winner is the champion. With
the losers' bracket, the 16 knocked out in the first round are seated the same way at 4
tables, and their winners play a losers' final.

Places at a table go by total, then by more bids made (t == b), then by the order the
organiser names; a tie the first two cannot break is shown, never broken silently, and
stops the tournament from going on when it decides who goes on.

Any field of 6 to 64 (``plan``; docs/rules.md, "Any field") follows the same principle:
every round at tables of 4, and of 3 where 4 does not divide the players; round 1's
winners and runners-up go on, then each table's winner (its runner-up too where the
winners alone would not make a table or would be five), down to one final table. Each
round after the first keeps apart players who have met, where the numbers allow.

A tournament is facts (the field, the seating of every round, the organiser's orders);
standings, who goes on and the champion are derived from the tables' games. Nothing
here does I/O: the caller passes the games in, replayed (``progress``), and saves what
comes out.
"""

from __future__ import annotations

import hashlib
import random
import re
import shlex
from collections.abc import Mapping, Sequence
from enum import Enum
from itertools import combinations, groupby
from typing import NamedTuple

from ohhell_score.domain.errors import NoFairFormat, NotReady, Refused, Shown
from ohhell_score.domain.game import Bid, Game, Progress, Tricks, TrumpEntry, check_players
from ohhell_score.domain.rules import NO_OPTIONS, RuleOptions, RuleSet, build_rules
from ohhell_score.domain.rulewords import rule_parts
from ohhell_score.i18n import _

#: The fields a tournament seats: two tables of 3 to sixteen tables of 4.
MIN_FIELD = 6
MAX_FIELD = 64
#: Seed 000: "the winner and runner-up of each table go on" from round 1.
FIRST_ROUND_GOING_ON = 2
#: How far the seating looks for a draw that keeps everyone who met apart before it
#: settles for keeping apart only the table mates of the round before (far more than
#: any field of 64 needs; a bound, so a draw never hangs).
SEATING_TRIES = 20_000
#: A tournament's name leaves room for the longest table id suffix, "-losers-final".
NAME_PATTERN = re.compile(r"[a-z0-9-]{1,50}")


class Bracket(Enum):
    MAIN = "main"
    LOSERS = "losers"


def check_name(name: str) -> str:
    """Like a game id (docs/scripting.md), a little shorter: the table ids add a suffix."""
    if not NAME_PATTERN.fullmatch(name):
        raise Refused(
            _(
                "{name!r} is not a tournament name: use 1 to 50 lower-case letters, digits and '-'"
            ).format(name=Shown(name))
        )
    return name


# --- the format -------------------------------------------------------------------


class Stage(NamedTuple):
    """One round of the plan: the size of each of its tables, and how many go on."""

    number: int
    sizes: tuple[int, ...]  # players at each table, tables of 4 first
    going_on: int  # places per table that go on; at the final, 1: its winner

    @property
    def tables(self) -> int:
        return len(self.sizes)

    @property
    def players(self) -> int:
        return sum(self.sizes)

    @property
    def final(self) -> bool:
        return self.tables == 1


def table_sizes(players: int) -> tuple[int, ...]:
    """``players`` at tables of 4, and of 3 where 4 does not divide them (never 5: the
    Cartier pack cannot deal 13 cards to five); 3 or 4 sit at one table; ``()`` for 5 or
    fewer than 3, whom no tables of 3 and 4 seat."""
    if players in (3, 4):
        return (players,)
    threes = (-players) % 4  # 4k: none; 4k+3: one; 4k+2: two; 4k+1: three
    if players < 3 * threes:
        return ()
    return (4,) * ((players - 3 * threes) // 4) + (3,) * threes


def _onward(first: int, players: int) -> tuple[Stage, ...]:
    """The rounds of ``players`` seated at round ``first``, down to one final table
    (docs/rules.md, "Any field").

    From round 1 each table's winner and runner-up go on (seed 000); from a later round
    its winner, and its runner-up too where the winners alone would be too few for a
    table (two tables) or five, whom tables of 3 and 4 cannot seat (five tables)."""
    stages: list[Stage] = []
    left = players
    while True:
        sizes = table_sizes(left)
        if not sizes:
            return ()
        number = first + len(stages)
        if len(sizes) == 1:
            return (*stages, Stage(number, sizes, 1))
        cut = FIRST_ROUND_GOING_ON if number == 1 else 2 if len(sizes) in (2, 5) else 1
        stages.append(Stage(number, sizes, cut))
        left = len(sizes) * cut


def plan(players: int) -> tuple[Stage, ...]:
    """The rounds of a field of ``players`` (6 to 64); ``NoFairFormat`` outside them.

    Round 1: tables of 4 (and 3), winner and runner-up go on (seed 000); then the
    winners of each round, down to one final table of 3 or 4 (``_onward``).
    """
    if not MIN_FIELD <= players <= MAX_FIELD:
        raise NoFairFormat(
            _("a tournament seats {least} to {most} players; {players} given").format(
                least=MIN_FIELD, most=MAX_FIELD, players=players
            )
        )
    return _onward(1, players)


def knocked_out(players: int) -> int:
    """How many round 1 knocks out: all but the top two of each table."""
    return players - FIRST_ROUND_GOING_ON * len(table_sizes(players))


def losers_plan(players: int) -> tuple[Stage, ...]:
    """The losers' bracket of a field: those knocked out in round 1, seated from round 2
    as the main bracket is after round 1; ``()`` where they cannot sit at tables of 3 and
    4 (2 or 5 of them)."""
    return _onward(2, knocked_out(players))


def check_losers_bracket(players: int) -> None:
    """``--losers-bracket`` is refused for a field whose round 1 knocks out too few for
    a table, or five."""
    if not losers_plan(players):
        raise NoFairFormat(
            _(
                "{players} players leave {left} knocked out in round 1, who cannot sit at "
                "tables of 3 and 4: no losers' bracket"
            ).format(players=players, left=knocked_out(players))
        )


def seat(
    groups: Sequence[Sequence[str]],
    sizes: Sequence[int],
    rng: random.Random,
    met: frozenset[frozenset[str]] = frozenset(),
) -> list[list[str]]:
    """Seat the players going on from each table of the round before.

    ``groups`` holds each previous table's players who go on, best first. The groups
    are drawn into a random order; place p of the i-th group sits at table (i + p) mod
    the number of tables, or the next one round the room with a free seat, so two
    players of one group never share a table while there are two tables, and winners
    and runners-up spread evenly. Two players who met at any earlier table (``met``)
    are kept apart too where the numbers allow. Seats at each table are drawn: the
    first seat deals first.
    """
    order = list(range(len(groups)))
    rng.shuffle(order)
    wanted = [(p, i + place) for i, g in enumerate(order) for place, p in enumerate(groups[g])]
    mates = frozenset(frozenset(pair) for g in groups for pair in combinations(g, 2))
    for apart in (met | mates, mates, frozenset()):
        seated = _fill(wanted, sizes, apart)
        if seated is not None:
            break
    assert seated is not None  # with nobody kept apart every seat is free
    for table in seated:
        rng.shuffle(table)
    return seated


def _fill(
    wanted: Sequence[tuple[str, int]], sizes: Sequence[int], apart: frozenset[frozenset[str]]
) -> list[list[str]] | None:
    """Each player at their wanted table, else the next one round with a free seat and
    no one to keep apart from; backtracking, within a bound of tries (``None`` past it,
    or when no seating keeps them all apart)."""
    seated: list[list[str]] = [[] for _ in sizes]
    tries = [0]

    def place(k: int) -> bool:
        if k == len(wanted):
            return True
        player, first = wanted[k]
        for step in range(len(sizes)):
            tries[0] += 1
            if tries[0] > SEATING_TRIES:
                return False
            table = seated[(first + step) % len(sizes)]
            if len(table) == sizes[(first + step) % len(sizes)]:
                continue
            if any(frozenset((player, other)) in apart for other in table):
                continue
            table.append(player)
            if place(k + 1):
                return True
            table.pop()
        return False

    return seated if place(0) else None


# --- the facts ----------------------------------------------------------------------


class TableRules(NamedTuple):
    """The rules every table plays: a preset and the options of ``ohhell new``."""

    preset: str = "cartier"
    options: RuleOptions = NO_OPTIONS

    def build(self, players: int) -> RuleSet:
        return build_rules(self.preset, players, self.options)


class Table(NamedTuple):
    game: str
    players: tuple[str, ...]  # clockwise; the first deals first


class Round(NamedTuple):
    bracket: Bracket
    stage: int
    tables: tuple[Table, ...]


class Tournament(NamedTuple):
    name: str
    players: tuple[str, ...]
    rules: TableRules
    seed: int
    shuffled: bool
    losers_bracket: bool
    rounds: tuple[Round, ...]
    orders: tuple[tuple[str, tuple[str, ...]], ...] = ()  # game id -> the organiser's order
    created: str = ""
    updated: str = ""

    @property
    def plan(self) -> tuple[Stage, ...]:
        return plan(len(self.players))

    def plan_of(self, bracket: Bracket) -> tuple[Stage, ...]:
        """The rounds of one bracket: the main one's from round 1, the losers' from 2."""
        return self.plan if bracket is Bracket.MAIN else losers_plan(len(self.players))

    def stage_of(self, rnd: Round) -> Stage:
        """The round of the plan that ``rnd`` plays."""
        stages = self.plan_of(rnd.bracket)
        return stages[rnd.stage - stages[0].number]

    @property
    def stage(self) -> int:
        """The stage being played: the last one seated."""
        return max(r.stage for r in self.rounds)

    def current(self) -> list[Round]:
        return [r for r in self.rounds if r.stage == self.stage]

    def tables(self) -> list[Table]:
        return [t for r in self.rounds for t in r.tables]

    def order_of(self, game_id: str) -> tuple[str, ...]:
        return dict(self.orders).get(game_id, ())

    def round_name(self, rnd: Round) -> str:
        """The round's name in ``tournament show --json`` (the contract: English)."""
        final = self.stage_of(rnd).final
        if rnd.bracket is Bracket.MAIN:
            return "Final" if final else f"Round {rnd.stage}"
        return "Losers' final" if final else f"Losers' round {rnd.stage}"

    def round_title(self, rnd: Round) -> str:
        """The round's name as people read it, in their language."""
        final = self.stage_of(rnd).final
        if rnd.bracket is Bracket.MAIN:
            return _("Final") if final else _("Round {number}").format(number=rnd.stage)
        if final:
            return _("Losers' final")
        return _("Losers' round {number}").format(number=rnd.stage)


def table_id(name: str, bracket: Bracket, stage: Stage, number: int) -> str:
    """``NAME-r1-t3``, ``NAME-final``; the losers' bracket ``NAME-l2-t1``, ``NAME-losers-final``."""
    if stage.final:
        return f"{name}-final" if bracket is Bracket.MAIN else f"{name}-losers-final"
    letter = "r" if bracket is Bracket.MAIN else "l"
    return f"{name}-{letter}{stage.number}-t{number}"


def _games(
    name: str,
    bracket: Bracket,
    stage: Stage,
    seated: Sequence[Sequence[str]],
    rules: TableRules,
    at: str,
) -> tuple[Round, list[Game]]:
    tables = tuple(
        Table(table_id(name, bracket, stage, k), tuple(players))
        for k, players in enumerate(seated, start=1)
    )
    return Round(bracket, stage.number, tables), [table_game(x, rules, at) for x in tables]


def table_game(table: Table, rules: TableRules, at: str) -> Game:
    """A table's game as its round is seated: nothing entered, its first player dealing."""
    players = table.players
    return Game(table.game, players, rules.build(len(players)), 0, created=at, updated=at)


def seated_games(t: Tournament) -> list[Game]:
    """The games of the tables of the round(s) seated last, as seated (at ``t.updated``)."""
    return [table_game(x, t.rules, t.updated) for rnd in t.current() for x in rnd.tables]


def new_tournament(
    name: str,
    players: Sequence[str],
    rules: TableRules,
    seed: int,
    *,
    shuffle: bool = True,
    losers_bracket: bool = False,
    at: str = "",
) -> tuple[Tournament, list[Game]]:
    """Seat the first round: tables of 4 (and 3), drawn at random by ``seed`` or in the
    order given.

    Every table's rules are checked now, for each table size the plan will use, so a
    rule set that cannot be played later is refused before anything is seated.
    """
    check_name(name)
    field_ = check_players(players)
    stages = plan(len(field_))
    if losers_bracket:
        check_losers_bracket(len(field_))
        stages += losers_plan(len(field_))
    for size in sorted({size for s in stages for size in s.sizes}):
        rules.build(size)
    drawn = list(field_)
    if shuffle:
        random.Random(f"{seed}:draw").shuffle(drawn)
    seated, at_ = [], 0
    for size in stages[0].sizes:
        seated.append(drawn[at_ : at_ + size])
        at_ += size
    first, games = _games(name, Bracket.MAIN, stages[0], seated, rules, at)
    tournament = Tournament(
        name, field_, rules, seed, shuffle, losers_bracket, (first,), created=at, updated=at
    )
    return tournament, games


# --- results ------------------------------------------------------------------------


class Result(NamedTuple):
    """A table as its game makes it: progress, totals, bids made, places."""

    finished: bool
    problem: str | None  # why the game cannot count: missing, unreadable, other players
    hands_played: int
    hands_total: int
    totals: Mapping[str, int]
    made: Mapping[str, int]
    places: tuple[tuple[str, ...], ...]  # best first; a group of two or more is tied
    # who sat in at this table besides its players (seat changes); they do not go on
    stand_ins: tuple[str, ...] = ()

    @property
    def standings(self) -> list[str]:
        """docs/scripting.md: the players best first once the game is finished."""
        return [p for group in self.places for p in group] if self.finished else []

    def tie_at(self, cut: int) -> tuple[str, ...] | None:
        """The tied players who straddle the line below place ``cut``, if any."""
        above = 0
        for group in self.places:
            if above < cut < above + len(group):
                return group
            above += len(group)
        return None

    def top(self, cut: int) -> list[str]:
        return self.standings[:cut]

    def certain(self, cut: int) -> list[str]:
        """docs/scripting.md, ``going_on``: once the game is finished, the players placed
        within the top ``cut`` whatever a tie's order (a tie straddling the line is out
        until it is broken)."""
        if not self.finished:
            return []
        tie = self.tie_at(cut)
        return [p for p in self.top(cut) if tie is None or p not in tie]

    def out(self, cut: int) -> list[str]:
        """Once the game is finished, the players placed below the top ``cut`` whatever a
        tie's order."""
        if not self.finished:
            return []
        tie = self.tie_at(cut)
        return [p for p in self.rest(cut) if tie is None or p not in tie]

    def rest(self, cut: int) -> list[str]:
        return self.standings[cut:]


def _unplayed(problem: str) -> Result:
    """A table whose game cannot count, and why."""
    return Result(False, problem, 0, 0, {}, {}, ())


def result(table: Table, prog: Progress | str | None, order: Sequence[str] = ()) -> Result:
    """Standings of one table from its game as replayed (or why there are none): total,
    then more bids made, then the organiser's order."""
    if prog is None:
        return _unplayed(
            _("no game {game!r} here: play it, or bring it with ohhell import").format(
                game=table.game
            )
        )
    if isinstance(prog, str):
        return _unplayed(prog)
    game = prog.game
    if sorted(game.players) != sorted(table.players):
        return _unplayed(_other_players(game, table))
    totals = {p: prog.totals.get(p, 0) for p in table.players}
    made = {
        p: sum(1 for h in prog.hands if h.scored and p in h.bids and h.bids[p] == h.tricks[p])
        for p in game.players
    }
    # docs/seats.md: a player who got up cannot win, so ranks after those
    # who sat to the end
    away = {p: p not in prog.players for p in table.players}
    ranked = sorted(table.players, key=lambda p: (away[p], -totals[p], -made[p]))
    places = [
        tuple(group) for _key, group in groupby(ranked, key=lambda p: (away[p], totals[p], made[p]))
    ]
    broken: list[tuple[str, ...]] = []
    for group in places:
        if len(group) > 1 and all(p in order for p in group):
            broken.extend((p,) for p in sorted(group, key=order.index))
        else:
            broken.append(group)
    return Result(
        prog.finished,
        None,
        prog.hands_played,
        len(prog.hands),
        {**dict(prog.totals), **totals},
        made,
        tuple(broken),
        tuple(p for p in prog.everyone if p not in table.players),
    )


def results(t: Tournament, games: Mapping[str, Progress | str | None]) -> dict[str, Result]:
    """Every table's result, by game id, from each table's game as replayed."""
    return {
        table.game: result(table, games.get(table.game), t.order_of(table.game))
        for table in t.tables()
    }


def cut_of(t: Tournament, rnd: Round) -> int:
    """How many places of each table of this round go on (at a final: its winner)."""
    return t.stage_of(rnd).going_on


def champion(t: Tournament, res: Mapping[str, Result]) -> str | None:
    """The final's winner, once the final is finished and its first place decided."""
    return _final_winner(t, res, Bracket.MAIN)


def losers_winner(t: Tournament, res: Mapping[str, Result]) -> str | None:
    """The losers' final's winner, as ``champion`` is the main final's."""
    return _final_winner(t, res, Bracket.LOSERS)


def _final_winner(t: Tournament, res: Mapping[str, Result], bracket: Bracket) -> str | None:
    for rnd in t.rounds:
        if rnd.bracket is bracket and t.stage_of(rnd).final:
            final = res[rnd.tables[0].game]
            if final.finished and len(final.places[0]) == 1:
                return final.places[0][0]
    return None


def over(t: Tournament) -> bool:
    return t.stage == len(t.plan)


# --- going on -----------------------------------------------------------------------


def with_orders(
    t: Tournament, games: Mapping[str, Progress | str | None], given: Mapping[str, Sequence[str]]
) -> Tournament:
    """Record the organiser's orders (``--order GAME=P1,P2``), checked against the tables."""
    if not given:
        return t
    by_id = {table.game: table for table in t.tables()}
    playing = {table.game for rnd in t.current() for table in rnd.tables}
    orders = dict(t.orders)
    for game_id, names in given.items():
        table = by_id.get(game_id)
        if table is None:
            raise Refused(
                _(
                    "{game!r} is not a table of tournament {name!r} (the tables now: {tables})"
                ).format(game=Shown(game_id), name=t.name, tables=", ".join(sorted(playing)))
            )
        if game_id not in playing:
            raise Refused(
                _("table {game} belongs to a round that is closed: the next one is seated").format(
                    game=game_id
                )
            )
        res = result(table, games.get(game_id))
        if res.problem or not res.finished:
            raise NotReady(
                _("table {game} is not finished; its order can be given once it is").format(
                    game=game_id
                )
            )
        prog = games[game_id]
        assert isinstance(prog, Progress)
        resolved = tuple(prog.game.resolve(n) for n in names)
        if len(set(resolved)) != len(resolved):
            raise Refused(_("--order {game}= names a player twice").format(game=game_id))
        if len(resolved) < 2:
            raise Refused(
                _("--order {game}= needs at least the two tied players, best first").format(
                    game=game_id
                )
            )
        orders[game_id] = resolved
    return t._replace(orders=tuple(orders.items()))


def check_ready(t: Tournament, res: Mapping[str, Result]) -> None:
    """Every table of the current stage finished and every tie that matters decided."""
    waiting, tied = [], []
    for rnd in t.current():
        cut = cut_of(t, rnd)
        final = t.stage_of(rnd).final
        for table in rnd.tables:
            r = res[table.game]
            if r.problem:
                waiting.append(f"{table.game} ({r.problem})")
            elif not r.finished:
                at_hand = _("hand {number} of {total}").format(
                    number=r.hands_played + 1, total=r.hands_total
                )
                waiting.append(f"{table.game} ({at_hand})")
            elif (group := r.tie_at(cut)) is not None:
                tied.append(_tie(table.game, group, r, final))
    if waiting:
        names = _and([t.round_title(r) for r in t.current()])
        raise NotReady(
            _("{rounds} not finished: {tables}").format(rounds=names, tables="; ".join(waiting))
        )
    if tied:
        raise NotReady("; ".join(tied))


def _tie(game: str, group: Sequence[str], r: Result, final: bool) -> str:
    if final:
        text = _(
            "at {game} {players} are tied on {total} points with {made} bids made each, "
            "which decides who wins: give the order with --order {order}"
        )
    else:
        text = _(
            "at {game} {players} are tied on {total} points with {made} bids made each, "
            "which decides who goes on: give the order with --order {order}"
        )
    return text.format(
        game=game,
        players=_and(group),
        total=r.totals[group[0]],
        made=r.made[group[0]],
        # as the shell takes it: a name with a space is quoted
        order=shlex.quote(f"{game}={','.join(group)}"),
    )


def _and(names: Sequence[str]) -> str:
    if len(names) < 2:
        return names[0] if names else _("nobody")
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def advance(
    t: Tournament,
    games: Mapping[str, Progress | str | None],
    given: Mapping[str, Sequence[str]] | None = None,
    at: str = "",
) -> tuple[Tournament, list[Game]]:
    """Close the current round and seat the next: the tournament and the games to create.

    Refused while a table of the round is unfinished or a tie decides who goes on. After
    the final there is nothing to seat: an order given then only decides a final's tie.
    """
    changed = with_orders(t, games, given or {})
    res = results(changed, games)
    check_ready(changed, res)
    if over(changed):
        if changed.orders == t.orders:
            who = champion(changed, res)
            raise Refused(
                _("the tournament is over: {who} is the champion; nothing to seat").format(who=who)
            )
        return changed._replace(updated=at or changed.updated), []
    new_rounds: list[Round] = []
    new_games: list[Game] = []
    met = _met(changed)
    for rnd in changed.current():
        cut = cut_of(changed, rnd)
        moves = [(rnd.bracket, [res[table.game].top(cut) for table in rnd.tables])]
        if rnd.stage == 1 and changed.losers_bracket:
            moves.append((Bracket.LOSERS, [res[table.game].rest(cut) for table in rnd.tables]))
        for bracket, groups in moves:
            following = [s for s in changed.plan_of(bracket) if s.number == rnd.stage + 1]
            if not following:  # this bracket's final was this round
                continue
            stage = following[0]
            seated = seat(groups, stage.sizes, _rng(changed, bracket, stage), met)
            made = _games(changed.name, bracket, stage, seated, changed.rules, at)
            new_rounds.append(made[0])
            new_games.extend(made[1])
    rounds = (*changed.rounds, *new_rounds)
    return changed._replace(rounds=rounds, updated=at or changed.updated), new_games


def _met(t: Tournament) -> frozenset[frozenset[str]]:
    """Every two players who have sat at one table of the tournament."""
    return frozenset(
        frozenset(pair) for table in t.tables() for pair in combinations(table.players, 2)
    )


def seated_otherwise(t: Tournament, res: Mapping[str, Result]) -> list[str]:
    """Closed tables whose standings no longer match who was seated next (a game edited
    after the round was closed): the seating stands; the organiser should know."""
    notes = []
    for rnd in t.rounds:
        later = [r for r in t.rounds if r.bracket is rnd.bracket and r.stage == rnd.stage + 1]
        if not later:
            continue
        seated = {p for table in later[0].tables for p in table.players}
        cut = cut_of(t, rnd)
        for table in rnd.tables:
            r = res[table.game]
            went = [p for p in table.players if p in seated]
            now = r.top(cut) if r.finished and r.tie_at(cut) is None else None
            if now is not None and sorted(now) != sorted(went):
                notes.append(
                    _(
                        "{game} was changed after {round} was seated: {went} went on, "
                        "the standings now put {now} first"
                    ).format(
                        game=table.game,
                        round=t.round_title(later[0]),
                        went=_and(went),
                        now=_and(now),
                    )
                )
    return notes


def entry_facts(game: Game) -> list[tuple[object, ...]]:
    """A game's entries without their times: what two copies of one game must share."""
    out: list[tuple[object, ...]] = []
    for e in game.entries:
        if isinstance(e, Bid):
            out.append(("bid", e.hand, e.player, e.value))
        elif isinstance(e, TrumpEntry):
            out.append(("trump", e.hand, e.suit))
        elif isinstance(e, Tricks):
            out.append(("tricks", e.hand, e.values))
        else:
            out.append(("seat", *e._replace(at="")))
    return out


def newer(brought: Game, here: Game) -> bool:
    """Whether a copy of a table's game from elsewhere may be newer than the one here,
    judged by the entries alone (the times in the files come from other machines'
    clocks): a copy with fewer entries, or whose entries begin those here (the same
    copy included), is not."""
    theirs, mine = entry_facts(brought), entry_facts(here)
    return len(theirs) >= len(mine) and theirs != mine[: len(theirs)]


def table_for(t: Tournament, brought: Game) -> Table:
    """The table of the round being played that a game scored elsewhere belongs to: by
    its id, else by its players."""
    playing = [table for rnd in t.current() for table in rnd.tables]
    for table in playing:
        if table.game == brought.id:
            return table
    same = [x for x in playing if sorted(x.players) == sorted(brought.players)]
    if len(same) == 1:
        return same[0]
    rounds = [t.round_title(r) for r in t.current()]
    raise Refused(
        _("game {game!r} ({players}) is no table of {rounds} of tournament {name!r}").format(
            game=brought.id,
            players=", ".join(brought.players),
            rounds=_("{one} or {other}").format(one=rounds[0], other=rounds[1])
            if len(rounds) > 1
            else rounds[0],
            name=t.name,
        )
    )


def copy_mark(game: Game) -> str:
    """What tells one copy of a table's game from another, times aside: its entries,
    its first dealer and its corrections. The organiser keeps the mark of the copy last
    collected; the copy here bearing another has had an entry made here since."""
    held = repr((entry_facts(game), game.first_dealer, len(game.history)))
    return hashlib.sha256(held.encode("utf-8")).hexdigest()


def followed(here: Game, mark: str | None) -> bool:
    """Whether the copy here of a table played elsewhere still follows the table: it is
    the copy last collected (``mark``), or, never collected, nothing is entered here."""
    return copy_mark(here) == mark if mark is not None else not here.entries


def later(brought: Game, here: Game) -> bool:
    """Whether a copy from the table's laptop was saved there after the copy here, which
    came from that laptop too (a followed table): its corrections (every ``undo`` and
    ``edit`` is one) go on from those here. Not an old copy (a stick, a folder of
    yesterday's), whatever its clock said: corrections are only ever added."""
    kept = here.history
    return len(brought.history) > len(kept) and brought.history[: len(kept)] == kept


def table_named(t: Tournament, game_id: str) -> Table | None:
    """The table, of any round, whose game is ``game_id``: a game belongs to a table by
    its id, which names the tournament (``cup-r1-t1`` is cup's, ``cup0-r1-t1`` is not)."""
    return next((table for table in t.tables() if table.game == game_id), None)


def bring(
    t: Tournament, table: Table, here: Game | None, brought: Game, *, following: bool = False
) -> Game:
    """A table's game scored on another laptop, to replace the one here.

    It must seat the table's players under the tournament's rules, and hold every entry
    made here (so nothing scored on this machine is lost), unless the copy here is
    ``following`` the table (``followed``: nothing was entered here, so an ``undo`` or
    ``edit`` at the table is taken whole); its first dealer may differ only while
    nothing is entered here. A copy under the table's own id must be a copy of the game
    seated here (made at the same moment): another tournament of the same name seated a
    game of the same id on another day.
    """
    if here is not None and brought.id == table.game and brought.created != here.created:
        raise Refused(
            _(
                "game {game!r} was made {made}, not when this tournament seated it "
                "({seated}): a game of another tournament"
            ).format(game=brought.id, made=Shown(brought.created), seated=here.created)
        )
    if sorted(brought.players) != sorted(table.players):
        raise Refused(_other_players(brought, table))
    wanted = t.rules.build(len(table.players))
    if brought.rules != wanted:
        theirs, ours = _rules_apart(brought.rules, wanted, len(table.players))
        raise Refused(
            _("game {game!r} plays {rules}, where the tournament plays {wanted}").format(
                game=brought.id, rules=theirs, wanted=ours
            )
        )
    if here is not None and not following:
        kept = entry_facts(here)
        if entry_facts(brought)[: len(kept)] != kept:
            raise Refused(
                _(
                    "{table} here has entries that game {game!r} does not: "
                    "bring the copy that holds them all"
                ).format(table=table.game, game=brought.id)
            )
        if kept and here.players[here.first_dealer] != brought.players[brought.first_dealer]:
            raise Refused(_("{table} here has another first dealer").format(table=table.game))
    return brought._replace(id=table.game)


def _other_players(game: Game, table: Table) -> str:
    """Why a game cannot be a table's: other players sit at it."""
    return _("game {game!r} is played by {players}, but table {table} seats {seated}").format(
        game=game.id,
        players=", ".join(game.players),
        table=table.game,
        seated=", ".join(table.players),
    )


def _rules_apart(got: RuleSet, wanted: RuleSet, players: int) -> tuple[str, str]:
    """What two games' rules say differently, in the sheet's words: the parts that
    differ (or, when only the preset's name does, the preset)."""
    apart = [
        (mine, theirs)
        for (mine, _mark), (theirs, _same) in zip(
            rule_parts(got, players), rule_parts(wanted, players), strict=True
        )
        if mine != theirs
    ] or [(got.preset, wanted.preset)]
    return " · ".join(a for a, b in apart), " · ".join(b for a, b in apart)


def _rng(t: Tournament, bracket: Bracket, stage: Stage) -> random.Random:
    """A draw repeatable from the tournament's seed (a str seed hashes the same everywhere)."""
    return random.Random(f"{t.seed}:{bracket.value}:{stage.number}")


# --- the contract's JSON ------------------------------------------------------------


def show_json(t: Tournament, res: Mapping[str, Result]) -> dict[str, object]:
    """The object of ``tournament show --json`` (docs/tournaments.md)."""
    return {
        "name": t.name,
        "rounds": [
            {
                "name": t.round_name(rnd),
                "tables": [
                    {
                        "game": table.game,
                        "players": list(table.players),
                        "finished": res[table.game].finished,
                        "standings": res[table.game].standings,
                        "going_on": res[table.game].certain(cut_of(t, rnd)),
                    }
                    for table in rnd.tables
                ],
            }
            for rnd in ordered_rounds(t)
        ],
        "champion": champion(t, res),
    }


def ordered_rounds(t: Tournament) -> list[Round]:
    """Rounds in playing order, the main bracket first within a stage."""
    return sorted(t.rounds, key=lambda r: (r.stage, r.bracket is Bracket.LOSERS))


def going_on(t: Tournament, rnd: Round, res: Mapping[str, Result]) -> dict[str, list[str]]:
    """Per table of ``rnd``: who is certain to go on (once the table is finished; a tie
    for the last place leaves the tied out until it is broken)."""
    cut = cut_of(t, rnd)
    return {table.game: res[table.game].certain(cut) for table in rnd.tables}
