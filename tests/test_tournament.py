"""The tournament's format and seating (docs/rules.md, "The Cartier tournament"; seed 000)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell_score.domain.errors import NoFairFormat, NotReady, Refused
from ohhell_score.domain.game import (
    Bid,
    Entry,
    Game,
    Progress,
    Tricks,
    TrumpEntry,
    progress,
    undo,
)
from ohhell_score.domain.rules import RuleOptions, Suit
from ohhell_score.domain.seats import Replace
from ohhell_score.domain.tournament import (
    Stage,
    Table,
    TableRules,
    Tournament,
    advance,
    bring,
    champion,
    losers_plan,
    losers_winner,
    new_tournament,
    plan,
    results,
    seated_otherwise,
    table_for,
    table_game,
)

from .tournament_helpers import DISTINCT, TIE_1_2, TIE_2_3, Plan, play_pure

SHORT = TableRules("cartier", RuleOptions(hands="2,1"))
FIELDS = [8, 12, 16, 24, 32]


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def test_the_cartier_plan_is_8_tables_then_4_then_a_final() -> None:
    """Seed 000: 32 on 8 tables, winner and runner-up on; 16 on 4 tables, winners on."""
    assert plan(32) == (Stage(1, (4,) * 8, 2), Stage(2, (4,) * 4, 1), Stage(3, (4,), 1))


@pytest.mark.parametrize(
    ("players", "stages"),
    [
        (8, [(2, 4, 2), (1, 4, 1)]),
        (12, [(3, 4, 2), (2, 3, 2), (1, 4, 1)]),
        (16, [(4, 4, 2), (2, 4, 2), (1, 4, 1)]),
        (24, [(6, 4, 2), (3, 4, 1), (1, 3, 1)]),
    ],
)
def test_smaller_fields_keep_equal_tables_down_to_one_final(
    players: int, stages: list[tuple[int, int, int]]
) -> None:
    assert [(s.tables, s.sizes[0], s.going_on) for s in plan(players)] == stages
    assert all(len(set(s.sizes)) == 1 for s in plan(players))


@pytest.mark.parametrize("players", [5, 65])
def test_a_field_of_fewer_than_6_or_more_than_64_is_refused(players: int) -> None:
    with pytest.raises(NoFairFormat, match=f"{players} given"):
        plan(players)


def play_round(
    t: Tournament,
    games: dict[str, Game],
    strength: Sequence[str],
    plan_for: dict[str, Plan] | None = None,
) -> None:
    """Play every table of the current round: the stronger player places higher."""
    for rnd in t.current():
        for table in rnd.tables:
            ranking = sorted(table.players, key=strength.index)
            chosen = (plan_for or {}).get(table.game, DISTINCT)
            games[table.game] = play_pure(games[table.game], ranking, chosen)


def replayed(games: dict[str, Game]) -> dict[str, Progress | str | None]:
    """The tables' games as the tournament reads them: replayed."""
    return {game_id: progress(game) for game_id, game in games.items()}


def start(players: int, seed: int, *, losers: bool = False) -> tuple[Tournament, dict[str, Game]]:
    t, created = new_tournament(
        "cup", names(players), SHORT, seed, losers_bracket=losers, at="2026-11-30T09:00:00+00:00"
    )
    return t, {g.id: g for g in created}


@settings(max_examples=60)
@given(
    players=st.sampled_from(FIELDS),
    seed=st.integers(0, 10**9),
    strength=st.randoms(use_true_random=False),
)
def test_round_2_never_reunites_first_round_table_mates_and_seats_everyone_once(
    players: int, seed: int, strength: random.Random
) -> None:
    """docs/rules.md: each second-round table draws its players from different first-round
    tables; the losers' bracket is seated the same way."""
    t, games = start(players, seed, losers=True)
    order = names(players)
    strength.shuffle(order)
    play_round(t, games, order)
    t2, created = advance(t, replayed(games))
    first = {p: table.game for table in t.rounds[0].tables for p in table.players}
    for rnd in t2.current():
        seated = [p for table in rnd.tables for p in table.players]
        assert len(seated) == len(set(seated)) == players // 2
        sizes = {len(table.players) for table in rnd.tables}
        assert len(sizes) == 1
        if len(rnd.tables) > 1:
            for table in rnd.tables:
                came_from = [first[p] for p in table.players]
                assert len(came_from) == len(set(came_from)), (table, came_from)
    main, losers = t2.current()
    qualifiers = {p for table in main.tables for p in table.players}
    knocked_out = {p for table in losers.tables for p in table.players}
    assert qualifiers | knocked_out == set(names(players))
    assert not qualifiers & knocked_out
    assert {g.id for g in created} == {table.game for r in t2.current() for table in r.tables}


@settings(max_examples=20)
@given(players=st.sampled_from(FIELDS), seed=st.integers(0, 10**9))
def test_the_strongest_player_is_champion_in_every_field(players: int, seed: int) -> None:
    """Whoever wins every table they sit at wins the final."""
    t, games = start(players, seed)
    strength = names(players)
    while True:
        play_round(t, games, strength)
        if t.stage == len(t.plan):
            break
        t, created = advance(t, replayed(games))
        games.update({g.id: g for g in created})
    assert champion(t, results(t, replayed(games))) == "P1"


def test_the_same_seed_draws_the_same_seating() -> None:
    first, _ = start(32, 1995)
    again, _ = start(32, 1995)
    other, _ = start(32, 1996)
    assert first.rounds == again.rounds
    assert first.rounds != other.rounds


def test_round_2_is_not_seated_while_a_table_is_unfinished() -> None:
    t, games = start(32, 5)
    play_round(t, games, names(32))
    unfinished = t.rounds[0].tables[2]
    games[unfinished.game] = start(32, 5)[1][unfinished.game]
    with pytest.raises(NotReady, match=f"{unfinished.game} \\(hand 1 of 2\\)"):
        advance(t, replayed(games))


def test_a_tie_for_second_place_stops_round_2_until_the_organiser_orders_it() -> None:
    """docs/rules.md: equal totals and equal bids made: the organiser names the order."""
    t, games = start(32, 5)
    tied = t.rounds[0].tables[0]
    play_round(t, games, names(32), {tied.game: TIE_2_3})
    ranking = sorted(tied.players, key=names(32).index)
    with pytest.raises(NotReady, match=f"at {tied.game} {ranking[1]} and {ranking[2]} are tied"):
        advance(t, replayed(games))
    t2, _ = advance(t, replayed(games), {tied.game: [ranking[2], ranking[1]]})
    seated = {p for table in t2.current()[0].tables for p in table.players}
    assert ranking[2] in seated
    assert ranking[1] not in seated


# --- round 2 is drawn -----------------------------------------------------------------


def round_2_seats(players: int, seed: int) -> list[tuple[tuple[int, int], ...]]:
    """Round 2's tables, seat by seat, each player told by where they come from: their
    round-1 table and their place there. Names aside, this is what the draw decides."""
    t, games = start(players, seed)
    strength = names(players)
    play_round(t, games, strength)
    t2, _ = advance(t, replayed(games))
    came_from = {
        p: (k, place)
        for k, table in enumerate(t.rounds[0].tables)
        for place, p in enumerate(sorted(table.players, key=strength.index))
    }
    return [tuple(came_from[p] for p in table.players) for table in t2.current()[0].tables]


def test_a_seed_draws_round_2_the_same_in_every_version() -> None:
    """An organiser who gives the seed again gets the tables they had: place p of the
    i-th table drawn sits at round-2 table (i + p) mod 4, its seats then drawn."""
    assert round_2_seats(32, 1995) == [
        ((3, 1), (1, 0), (5, 0), (0, 1)),
        ((4, 0), (5, 1), (1, 1), (6, 0)),
        ((4, 1), (2, 0), (7, 0), (6, 1)),
        ((3, 0), (2, 1), (7, 1), (0, 0)),
    ]


def test_other_seeds_draw_round_2_otherwise() -> None:
    draws = {tuple(round_2_seats(32, seed)) for seed in (1995, 1996, 1997)}
    assert len(draws) == 3


def test_every_seat_order_of_an_8_player_final_is_drawn_for_some_seed() -> None:
    """Who deals first and who sits by whom is drawn: over 100 seeds each of the 24
    orders of the two winners and two runners-up comes up."""
    orders = {round_2_seats(8, seed)[0] for seed in range(100)}
    assert len(orders) == 24


def test_every_pairing_of_round_1_winners_at_round_2_tables_is_drawn_for_some_seed() -> None:
    """16 players: which round-1 tables' winners meet at a round-2 table is drawn; each
    of the 3 ways to pair 4 tables comes up."""
    pairings = {
        frozenset(
            frozenset(k for k, place in table if place == 0) for table in round_2_seats(16, seed)
        )
        for seed in range(20)
    }
    assert len(pairings) == 3


# --- 8 players seated in the order given: P1-P4 at cup-r1-t1, P5-P8 at cup-r1-t2 ---------


def seated_in_order(*, losers: bool = False) -> tuple[Tournament, dict[str, Game]]:
    t, created = new_tournament("cup", names(8), SHORT, 0, shuffle=False, losers_bracket=losers)
    return t, {g.id: g for g in created}


def finals_seated(*, plans: dict[str, Plan] | None = None) -> tuple[Tournament, dict[str, Game]]:
    """Round 1 played (P1, P2, P5 and P6 go on), the final and the losers' final seated
    and played to ``plans``: P1 and P3 win them, P3 the losers' final of P3, P4, P7, P8."""
    t, games = seated_in_order(losers=True)
    play_round(t, games, names(8))
    t, created = advance(t, replayed(games))
    games.update({g.id: g for g in created})
    play_round(t, games, names(8), plans)
    return t, games


def test_the_losers_final_is_won_by_its_first_once_it_is_finished() -> None:
    """docs/rules.md, "The Cartier tournament": the losers' bracket ends in a losers'
    final; its winner is not the champion, and no one wins a final still being played."""
    t, games = finals_seated(plans={"cup-losers-final": TIE_2_3})
    res = results(t, replayed(games))
    assert (champion(t, res), losers_winner(t, res)) == ("P1", "P3")
    games["cup-losers-final"] = undo(games["cup-losers-final"])  # hand 2's tricks taken back
    res = results(t, replayed(games))
    assert res["cup-losers-final"].places[0] == ("P3",)  # leads 12 to 10 after hand 1
    assert losers_winner(t, res) is None


@pytest.mark.parametrize(
    ("players", "closed", "rounds"),
    [(8, 0, "Round 1"), (8, 1, "Final or Losers' final"), (16, 1, "Round 2 or Losers' round 2")],
)
def test_a_game_of_no_table_being_played_is_refused_naming_the_rounds(
    players: int, closed: int, rounds: str
) -> None:
    """The refusal names the round(s) being played, both brackets' once they are two."""
    t, games = start(players, 1, losers=True)
    for _ in range(closed):
        play_round(t, games, names(players))
        t, created = advance(t, replayed(games))
        games.update({g.id: g for g in created})
    stranger = table_game(Table("x", ("P1", "P2", "P3", "X")), SHORT, "")
    with pytest.raises(Refused) as refused:
        table_for(t, stranger)
    assert str(refused.value) == (
        f"game 'x' (P1, P2, P3, X) is no table of {rounds} of tournament 'cup'"
    )


def test_a_brought_game_of_other_players_is_refused_naming_both() -> None:
    t, _ = seated_in_order()
    table = t.rounds[0].tables[0]
    others = table_game(table._replace(players=("P1", "P2", "P3", "X")), SHORT, "")
    with pytest.raises(Refused) as refused:
        bring(t, table, None, others)
    assert str(refused.value) == (
        "game 'cup-r1-t1' is played by P1, P2, P3, X, but table cup-r1-t1 seats P1, P2, P3, P4"
    )


def test_a_brought_game_of_other_rules_is_refused_naming_both() -> None:
    t, _ = seated_in_order()
    table = t.rounds[0].tables[0]
    longer = table_game(table, TableRules("cartier", RuleOptions(hands="3,1")), "")
    with pytest.raises(Refused) as refused:
        bring(t, table, None, longer._replace(id="t1"))
    assert str(refused.value) == ("game 't1' plays hands 3,1, where the tournament plays hands 2-1")
    other = table_game(table, TableRules("cartier", RuleOptions(hands="3,1", hook="never")), "")
    with pytest.raises(Refused) as refused:
        bring(t, table, None, other._replace(id="t1"))
    assert str(refused.value) == (
        "game 't1' plays hands 3,1 · no hook, where the tournament plays hands 2-1 · "
        "hook on every hand"
    )
    renamed = table_game(table, t.rules, "")
    renamed = renamed._replace(id="t1", rules=renamed.rules._replace(preset="classic"))
    with pytest.raises(Refused) as refused:  # the same rules under another preset's name
        bring(t, table, None, renamed)
    assert str(refused.value) == "game 't1' plays classic, where the tournament plays cartier"


TRICKS_1: tuple[tuple[str, int], ...] = (("P2", 1), ("P3", 1), ("P4", 0), ("P1", 0))
TRICKS_2: tuple[tuple[str, int], ...] = (("P2", 0), ("P3", 2), ("P4", 0), ("P1", 0))


@pytest.mark.parametrize(
    ("here", "there"),
    [
        (Bid(1, "P2", 1), Bid(1, "P2", 0)),
        (TrumpEntry(1, Suit.HEARTS), TrumpEntry(1, Suit.SPADES)),
        (Tricks(1, TRICKS_1), Tricks(1, TRICKS_2)),
        (Replace(1, "P4", "Q"), Replace(1, "P4", "R")),
    ],
    ids=["bid", "trump", "tricks", "seat"],
)
def test_a_brought_game_that_holds_an_entry_made_here_otherwise_is_refused(
    here: Entry, there: Entry
) -> None:
    """Nothing scored here is lost: an entry of the copy brought that differs from the one
    made here, of any kind, refuses it as surely as a missing one."""
    t, games = seated_in_order()
    table = t.rounds[0].tables[0]
    blank = games[table.game]
    with pytest.raises(Refused) as refused:
        bring(t, table, blank._replace(entries=(here,)), blank._replace(id="t1", entries=(there,)))
    assert str(refused.value) == (
        "cup-r1-t1 here has entries that game 't1' does not: bring the copy that holds them all"
    )
    later = here._replace(at="2026-12-01T10:00:00+00:00")  # entered on the other laptop
    brought = blank._replace(id="t1", entries=(later, there))
    assert bring(t, table, blank._replace(entries=(here,)), brought).entries == (later, there)


def test_a_closed_table_taken_back_to_unfinished_adds_no_note() -> None:
    """A closed round's table that an undo reopens decides nothing any more: the seating
    stands and no note says otherwise."""
    t, games = finals_seated()
    games["cup-r1-t1"] = undo(games["cup-r1-t1"])
    assert seated_otherwise(t, results(t, replayed(games))) == []


def test_a_next_round_that_seats_others_is_noted_whatever_the_order_of_the_rounds() -> None:
    """A tournament file edited to seat P5-P8 at the final: both round-1 tables are noted,
    cup-r1-t1 with nobody gone on (the seating stands; the organiser should know)."""
    t, games = seated_in_order()
    play_round(t, games, names(8))
    t, _ = advance(t, replayed(games))
    final = t.rounds[1]._replace(tables=(Table("cup-final", ("P5", "P6", "P7", "P8")),))
    notes = [
        "cup-r1-t1 was changed after Final was seated: nobody went on, "
        "the standings now put P1 and P2 first",
        "cup-r1-t2 was changed after Final was seated: P5, P6, P7 and P8 went on, "
        "the standings now put P5 and P6 first",
    ]
    for rounds in [(t.rounds[0], final), (final, t.rounds[0])]:
        edited = t._replace(rounds=rounds)
        assert seated_otherwise(edited, results(edited, replayed(games))) == notes


# --- refusals word for word, and the times a seating is stamped with ------------------


@pytest.mark.parametrize(
    ("players", "refusal"),
    [
        (5, "a tournament seats 6 to 64 players; 5 given"),
        (65, "a tournament seats 6 to 64 players; 65 given"),
    ],
)
def test_a_field_with_no_fair_format_is_refused_in_one_whole_line(
    players: int, refusal: str
) -> None:
    """docs/rules.md, "Any field": the organiser reads which fields work."""
    with pytest.raises(NoFairFormat) as refused:
        plan(players)
    assert str(refused.value) == refusal


def test_seating_the_next_round_stamps_the_tournament_and_every_new_table_with_its_time() -> None:
    """The round seated now is dated now, in the main and the losers' bracket alike."""
    t, games = seated_in_order(losers=True)
    play_round(t, games, names(8))
    later = "2026-11-30T11:00:00+00:00"
    t2, created = advance(
        t._replace(updated="2026-11-30T09:00:00+00:00"), replayed(games), at=later
    )
    assert t2.updated == later
    assert sorted(g.id for g in created) == ["cup-final", "cup-losers-final"]
    assert {(g.created, g.updated) for g in created} == {(later, later)}


def test_ordering_a_tied_final_after_it_is_over_stamps_the_tournament() -> None:
    """An order given after the final is a change to the tournament: it is dated."""
    t, games = finals_seated(plans={"cup-final": TIE_1_2})
    later = "2026-11-30T12:00:00+00:00"
    t2, created = advance(t, replayed(games), {"cup-final": ["P2", "P1"]}, at=later)
    assert (t2.updated, created) == (later, [])
    assert champion(t2, results(t2, replayed(games))) == "P2"


def test_seating_after_the_final_is_refused_naming_the_champion() -> None:
    t, games = finals_seated()
    with pytest.raises(Refused) as refused:
        advance(t, replayed(games))
    assert str(refused.value) == "the tournament is over: P1 is the champion; nothing to seat"


def test_ties_at_two_tables_are_each_named_in_one_line() -> None:
    """docs/rules.md, "The Cartier tournament": every tie that decides who goes on is
    named, with the --order that settles it."""
    t, games = seated_in_order()
    play_round(t, games, names(8), {"cup-r1-t1": TIE_2_3, "cup-r1-t2": TIE_2_3})
    with pytest.raises(NotReady) as refused:
        advance(t, replayed(games))
    assert str(refused.value) == (
        "at cup-r1-t1 P2 and P3 are tied on 20 points with 2 bids made each, which decides "
        "who goes on: give the order with --order cup-r1-t1=P2,P3; "
        "at cup-r1-t2 P6 and P7 are tied on 20 points with 2 bids made each, which decides "
        "who goes on: give the order with --order cup-r1-t2=P6,P7"
    )


#: Totals distinct for places 0 and 1, places 2 and 3 both missing every bid: tied below
#: the line of who goes on, which decides nothing.
TIE_3_4: Plan = [
    [(2, 2), (0, 0), (1, 0), (1, 0)],
    [(1, 1), (0, 0), (1, 0), (1, 0)],
]


def test_a_tie_below_those_who_go_on_does_not_stop_the_next_round() -> None:
    """docs/rules.md, "The Cartier tournament": only a tie that decides who goes on waits
    for the organiser's order."""
    t, games = seated_in_order()
    play_round(t, games, names(8), {"cup-r1-t1": TIE_3_4})
    assert results(t, replayed(games))["cup-r1-t1"].places[2:] == (("P3", "P4"),)
    t2, _ = advance(t, replayed(games))
    assert sorted(p for table in t2.current()[0].tables for p in table.players) == [
        "P1",
        "P2",
        "P5",
        "P6",
    ]


def other_players(t: Tournament) -> Game:
    table = t.rounds[0].tables[0]
    return table_game(table._replace(players=("X", "P2", "P3", "P4")), SHORT, "")


@pytest.mark.parametrize(
    ("game", "why"),
    [
        (lambda t: None, "no game 'cup-r1-t1' here: play it, or bring it with ohhell import"),
        (lambda t: "its file is damaged", "its file is damaged"),
        (
            lambda t: progress(other_players(t)),
            "game 'cup-r1-t1' is played by X, P2, P3, P4, but table cup-r1-t1 seats P1, P2, P3, P4",
        ),
    ],
    ids=["missing", "unreadable", "other players"],
)
def test_a_table_whose_game_cannot_count_stops_the_round_saying_why(game: Any, why: str) -> None:
    t, games = seated_in_order()
    play_round(t, games, names(8))
    read: dict[str, Progress | str | None] = {**replayed(games), "cup-r1-t1": game(t)}
    with pytest.raises(NotReady) as refused:
        advance(t, read)
    assert str(refused.value) == f"Round 1 not finished: cup-r1-t1 ({why})"


def test_a_player_replaced_before_the_first_hand_has_a_total_of_0_and_places_last() -> None:
    """docs/seats.md: a player who got up cannot win; one who never played
    scored nothing."""
    t, games = seated_in_order()
    table = t.rounds[0].tables[0]
    games[table.game] = games[table.game]._replace(entries=(Replace(1, "P4", "Q"),))
    games[table.game] = play_pure(games[table.game], ["P1", "P2", "Q", "P3"])
    r = results(t, replayed(games))[table.game]
    assert (r.places[-1], r.totals["P4"]) == (("P4",), 0)


def test_a_bad_tournament_name_is_refused_in_one_whole_line() -> None:
    with pytest.raises(Refused) as refused:
        new_tournament("Cup!", names(8), SHORT, 0)
    assert str(refused.value) == (
        "'Cup!' is not a tournament name: use 1 to 50 lower-case letters, digits and '-'"
    )


def test_a_new_tournament_and_its_first_tables_are_dated_when_seated() -> None:
    at = "2026-11-30T09:00:00+00:00"
    t, created = new_tournament("cup", names(8), SHORT, 0, at=at)
    assert (t.created, t.updated) == (at, at)
    assert {(g.created, g.updated) for g in created} == {(at, at)}


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(6, 64),
    seed=st.integers(0, 10**9),
    strength=st.randoms(use_true_random=False),
)
def test_any_field_keeps_everyone_who_met_apart_until_the_final(
    players: int, seed: int, strength: random.Random
) -> None:
    """docs/rules.md, "Any field": tables of 3 or 4 every round, each round's players
    seated once, no two who met at any earlier table together again before the final,
    the losers' bracket likewise, and the strongest player the champion."""
    losers = bool(losers_plan(players))
    t, games = start(players, seed, losers=losers)
    order = names(players)
    strength.shuffle(order)
    while True:
        play_round(t, games, order)
        if t.stage == len(t.plan):
            break
        met = {frozenset(pair) for x in t.tables() for pair in combinations(x.players, 2)}
        t, created = advance(t, replayed(games))
        games.update({g.id: g for g in created})
        for rnd in t.current():
            stage = t.stage_of(rnd)
            assert sorted((len(x.players) for x in rnd.tables), reverse=True) == list(stage.sizes)
            assert all(3 <= len(x.players) <= 4 for x in rnd.tables)
            seated = [p for x in rnd.tables for p in x.players]
            assert len(seated) == len(set(seated)) == stage.players
            if not stage.final:
                pairs = {frozenset(pair) for x in rnd.tables for pair in combinations(x.players, 2)}
                assert not pairs & met
    assert champion(t, results(t, replayed(games))) == order[0]
