"""Seats that change: `ohhell seat replace/leave/join` (docs/seats.md, and
the seat changes under `show --json` in docs/scripting.md).

Whole games are played by the scripted commands under each preset with a change before
the first, a middle and the last hand, `undo` taken across a change, and the sheet
compared after every entry with the model in tests/scripted.py, written from the
contract alone.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ohhell_score.cli.interactive import Session
from ohhell_score.domain.errors import StopScoring

from .conftest import Ohhell, scripted
from .scripted import (
    CARTIER_HANDS,
    CLASSIC_HANDS,
    SUITS,
    TEN_TO_ONE_HANDS,
    Table,
    legal_bid,
    ok,
    refused,
    sheet,
    tricks_for,
)

FOUR = ["Ann", "Bob", "Cat", "Dan"]

#: A change: ("replace", OLD, NEW, carry), ("leave", NAME), ("join", NAME, AFTER, N).
Change = tuple[Any, ...]


def check(table: Table) -> None:
    assert sheet("-g", table.id) == table.expected()


def change(table: Table, what: Change) -> None:
    """Make a change by the command and in the model."""
    kind = what[0]
    if kind == "replace":
        _, old, new, carry = what
        ok("seat", "replace", old.lower(), new, *(["--carry"] if carry else []), "-g", table.id)
        table.replace(old, new, carry)
    elif kind == "leave":
        ok("seat", "leave", what[1].upper(), "-g", table.id)
        table.leave(what[1])
    else:
        _, name, after, score = what
        where = ["--after", after] if after else []
        ok("seat", "join", name, *where, "--score", str(score), "-g", table.id)
        table.join(name, after, score)


def play_hand(table: Table, rng: random.Random, undo_first: bool = False) -> None:
    """One hand by the scripted commands, the sheet checked after each entry. With
    ``undo_first``, the hand's first entry and the seat change before it are taken back
    and made again (docs/scripting.md: "Each change is an entry: `undo` takes it back")."""
    k = table.current()
    assert k is not None
    while table.current() == k:
        step = table.step()
        assert step is not None
        if step[0] == "trump":
            suit = rng.choice((*SUITS, "notrump") if table.method == "named" else SUITS)
            ok("trump", suit, "-g", table.id)
            table.trumps[k] = suit
        elif step[0] == "bid":
            value = legal_bid(table, rng)
            ok("bid", str(value), "-g", table.id)
            table.bids[k][table.order(k)[len(table.bids[k])]] = value
        else:
            took = tricks_for(table, rng)
            ok("tricks", *(f"{p}={t}" for p, t in took.items()), "-g", table.id)
            table.tricks[k] = took
        check(table)
        if undo_first:
            undo_first = False
            first = _undo_twice(table, k)
            _, kind, name, other, number = table.changes.pop()
            check(table)
            again = {
                "replace": ("replace", name, other, bool(number)),
                "leave": ("leave", name),
                "join": ("join", name, other, number),
            }
            change(table, again[kind])
            _replay(table, k, first)
            check(table)


def _undo_twice(table: Table, k: int) -> tuple[str, Any]:
    """Undo the hand's first entry (the model forgets it), then the seat change before it."""
    ok("undo", "-g", table.id)
    first: tuple[str, Any]
    if table.bids[k]:
        first = ("bid", table.bids[k].copy())
        table.bids[k].clear()
    else:
        first = ("trump", table.trumps[k])
        table.trumps[k] = None
    check(table)
    ok("undo", "-g", table.id)
    return first


def _replay(table: Table, k: int, first: tuple[str, Any]) -> None:
    if first[0] == "bid":
        ((player, value),) = first[1].items()
        ok("bid", f"{player}={value}", "-g", table.id)
        table.bids[k][player] = value
    else:
        ok("trump", first[1], "-g", table.id)
        table.trumps[k] = first[1]


#: Each preset with a change before the first hand, in the middle and before the last;
#: players and changes chosen so that every remaining hand fits the deck.
GAMES: dict[str, tuple[Table, list[str], dict[int, list[Change]]]] = {
    "cartier": (
        Table("seats", "cartier", FOUR, CARTIER_HANDS, "always", "named", "standard", 52),
        ["--rules", "cartier"],
        {
            0: [("replace", "Bob", "Eve", False)],
            11: [("leave", "Ann"), ("join", "Bob", "Cat", 0)],
            22: [("replace", "Dan", "Fay", True)],
        },
    ),
    "ten-to-one": (
        Table(
            "seats",
            "ten-to-one",
            FOUR,
            TEN_TO_ONE_HANDS,
            "from:6",
            "schedule:H,C,S,D,N",
            "standard",
            52,
        ),
        ["--rules", "ten-to-one"],
        {
            0: [("join", "Eve", None, 0)],
            4: [("leave", "Bob"), ("join", "Gus", "Ann", 12)],
            9: [("replace", "Cat", "Hal", True)],
        },
    ),
    "classic": (
        Table("seats", "classic", FOUR, CLASSIC_HANDS, "always", "upcard", "standard", 52, first=2),
        ["--rules", "classic", "--dealer", "Cat"],
        {
            0: [("leave", "Cat")],
            9: [("replace", "Ann", "Ivy", True), ("join", "Cat", "Bob", 5)],
            18: [("leave", "Ivy")],
        },
    ),
}


@pytest.mark.parametrize("preset", list(GAMES))
def test_whole_games_with_seat_changes_give_the_contracts_sheet(preset: str) -> None:
    """docs/seats.md: seating per hand, dealers, bidding orders, totals,
    `left`, `carried` and `winners`, over a whole game, with undo across a change."""
    model, options, plan = GAMES[preset]
    table = Table(**{**model.__dict__, "changes": [], "bids": [], "tricks": [], "trumps": []})
    table.__post_init__()
    ok("new", *FOUR, "-g", "seats", *options)
    rng = random.Random(preset)
    check(table)
    while (k := table.current()) is not None:
        for what in plan.get(k, []):
            change(table, what)
            check(table)
        play_hand(table, rng, undo_first=k in plan)
    got = sheet("-g", "seats")
    assert got["finished"] is True
    assert got["left"] and got["carried"]


def test_the_last_dealer_leaving_passes_the_deal_to_the_next_seat() -> None:
    """docs/seats.md: "the first seated player clockwise after the last dealer's seat,
    counting a removed seat where it was"."""
    ok("new", *FOUR, "--hands", "5,5,5", "--trump", "none", "-g", "g")
    ok("bid", "1", "1", "1", "1")
    ok("tricks", "2", "1", "1", "1")  # hand 1 dealt by Ann
    ok("seat", "leave", "Bob")  # Bob would have dealt hand 2
    data = sheet()
    assert data["next"]["dealer"] == "Cat"
    assert data["hands"][1]["players"] == ["Ann", "Cat", "Dan"]
    assert data["left"] == [{"name": "Bob", "after_hand": 1}]
    assert data["next"]["player"] == "Dan"


def test_a_seat_joined_after_the_last_dealer_deals_next() -> None:
    ok("new", *FOUR, "--hands", "5,5,5", "--trump", "none", "-g", "g")
    ok("bid", "1", "1", "1", "1")
    ok("tricks", "2", "1", "1", "1")
    ok("seat", "join", "Eve", "--after", "ann")
    data = sheet()
    assert data["players"] == ["Ann", "Eve", "Bob", "Cat", "Dan"]
    assert (data["next"]["dealer"], data["next"]["player"]) == ("Eve", "Bob")


def test_before_hand_one_the_first_dealers_seat_deals_whoever_sits_in_it() -> None:
    """docs/scripting.md: "before hand 1, by the first dealer's seat, or the next seated
    player after it"."""
    ok("new", *FOUR, "--dealer", "Cat", "-g", "g")
    ok("seat", "replace", "Cat", "Zoë")
    assert sheet()["next"]["dealer"] == "Zoë"
    ok("seat", "leave", "Zoë")
    assert sheet()["next"]["dealer"] == "Dan"
    assert sheet()["left"] == [{"name": "Zoë", "after_hand": 0}]


def test_a_carried_total_follows_an_edit_of_the_old_players_hands() -> None:
    """docs/scripting.md: "the points carried follow any later `edit` of OLD's hands"."""
    ok("new", *FOUR, "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "g")
    ok("bid", "Bob=1", "Cat=1", "Dan=1", "Ann=1")
    ok("tricks", "1", "1", "1", "0")  # Bob made 1: 11
    ok("seat", "replace", "Bob", "Eve", "--carry")
    assert sheet()["carried"] == [{"from": "Bob", "to": "Eve", "points": 11, "after_hand": 1}]
    ok("edit", "1", "bids", "Bob=0")  # now Bob missed: 1
    data = sheet()
    assert data["carried"] == [{"from": "Bob", "to": "Eve", "points": 1, "after_hand": 1}]
    assert data["totals"]["Eve"] == 1 and data["totals"]["Bob"] == 0
    assert data["hands"][0]["scores"]["Bob"] == 1  # hands[].scores are not changed


def test_a_player_who_left_comes_back_with_the_total_and_the_left_entry_stays() -> None:
    ok("new", *FOUR, "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "g")
    ok("bid", "1", "1", "1", "0")
    ok("tricks", "1", "1", "1", "0")  # Bob, Cat, Dan 11; Ann 10
    ok("seat", "leave", "Cat")
    ok("bid", "1", "1", "1")
    ok("tricks", "1", "1", "1")
    ok("seat", "join", "cat", "--after", "Bob", "--score", "3")
    data = sheet()
    assert data["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert data["totals"]["Cat"] == 14
    assert data["left"] == [{"name": "Cat", "after_hand": 1}]


def test_a_player_coming_back_into_a_seat_with_carry_adds_both_totals() -> None:
    """docs/seats.md, "Coming back": a returning player goes on from their total, and
    `--carry` brings the old player's on top."""
    ok("new", *FOUR, "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "g")
    ok("bid", "1", "1", "1", "0")
    ok("tricks", "1", "1", "1", "0")  # Bob, Cat, Dan 11; Ann 10
    ok("seat", "leave", "Dan")
    ok("bid", "2", "0", "0")
    ok("tricks", "2", "0", "1")  # Bob bid 0 and took 1: 1 more (12)
    ok("seat", "replace", "Bob", "dan", "--carry")
    totals = sheet()["totals"]
    assert (totals["Dan"], totals["Bob"]) == (11 + 12, 0)


@pytest.mark.parametrize(
    ("changes", "kept"),
    [
        ([["replace", "Bob", "Eve", "--carry"], ["leave", "Eve"]], 11),
        ([["join", "Eve", "--score", "5"], ["leave", "Eve"]], 5),
    ],
    ids=["carried", "joined with points"],
)
def test_points_brought_to_a_seat_stay_in_the_totals_when_the_player_leaves_at_once(
    changes: list[list[str]], kept: int
) -> None:
    """docs/scripting.md: `totals` include those who left, and points carried or given at a
    join are that player's even before they play a hand."""
    ok("new", *FOUR, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "g")
    ok("bid", "1", "1", "1", "0")
    ok("tricks", "1", "1", "1", "0")  # Bob 11
    for change in changes:
        ok("seat", *change)
    assert sheet()["totals"]["Eve"] == kept


def test_a_player_who_left_cannot_win() -> None:
    """docs/scripting.md: "`winners` are seated players only"."""
    ok("new", *FOUR, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "g")
    ok("bid", "Bob=3", "Cat=0", "Dan=0", "Ann=0")
    ok("tricks", "3", "0", "0", "0")  # Bob 13, the others 10
    ok("seat", "leave", "Bob")
    ok("bid", "0", "0", "0")
    ok("tricks", "Cat=1", "Dan=1", "Ann=1")
    data = sheet()
    assert data["totals"] == {"Ann": 11, "Bob": 13, "Cat": 11, "Dan": 11}
    assert data["winners"] == ["Ann", "Cat", "Dan"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["seat", "join", "Eve"],
            "Eve cannot join: hand 1 deals 13 cards to each of 4 players, 52 cards; "
            "the deck has 39",
        ),
        (
            ["seat", "leave", "Bob"],
            "Bob cannot leave: 2 players would remain; Oh Hell needs at least 3",
        ),
        (["seat", "replace", "Bob", "cat"], "cat is seated already (names ignore case)"),
        (["seat", "replace", "Zed", "Eve"], "no player 'Zed' at the table: Ann, Bob, Cat"),
        (["seat", "join", "Eve", "--after", "Zed"], "no player 'Zed' at the table: Ann, Bob, Cat"),
        (["seat", "join", "E=ve"], "player name 'E=ve' contains '=' (it separates NAME=N)"),
    ],
)
def test_a_change_that_does_not_fit_is_refused_naming_the_numbers(
    data_dir: Path, args: list[str], says: str
) -> None:
    """docs/scripting.md: remaining hands must fit the deck, 3 players at least; NEW must be
    a valid name not seated now."""
    ok("new", "Ann", "Bob", "Cat", "--rules", "cartier", "-g", "g")  # 13 cards, 39 in the deck
    assert refused(data_dir, *args) == f"ohhell: {says}\n"


def test_a_change_later_in_the_game_names_the_largest_hand_still_to_come(
    data_dir: Path,
) -> None:
    """rules.md n * N <= D over the hands left: after hand 1 of Cartier for three (39
    cards), the largest hand to come is the 13 cards of the last, hand 23."""
    ok("new", "Ann", "Bob", "Cat", "--rules", "cartier", "-g", "g")
    ok("bid", "0", "0", "0")
    ok("trump", "hearts")
    ok("tricks", "13", "0", "0")
    assert refused(data_dir, "seat", "join", "Eve") == (
        "ohhell: Eve cannot join: hand 23 deals 13 cards to each of 4 players, 52 cards; "
        "the deck has 39\n"
    )


def test_an_eighth_player_whose_hands_do_not_fit_one_deck_is_refused_naming_the_cards(
    data_dir: Path,
) -> None:
    """docs/rules.md "Rule parameters": the cards decide, not the count: 8 x 7 = 56 > 52."""
    seven = ["A", "B", "C", "D", "E", "F", "G"]
    ok("new", *seven, "--hands", "7", "--trump", "none", "-g", "g")
    assert refused(data_dir, "seat", "join", "H") == (
        "ohhell: H cannot join: hand 1 deals 7 cards to each of 8 players, 56 cards; "
        "the deck has 52\n"
    )


def test_an_eighth_player_joins_one_deck_while_the_hands_fit(data_dir: Path) -> None:
    """docs/rules.md "Rule parameters": 8 players on one pack at hands up to 6."""
    seven = ["A", "B", "C", "D", "E", "F", "G"]
    ok("new", *seven, "--hands", "6-1", "--trump", "none", "-g", "one")
    ok("seat", "join", "H", "-g", "one")
    assert sheet("-g", "one")["players"] == [*seven, "H"]


def test_seats_change_only_before_a_hands_first_entry_and_not_when_finished(
    data_dir: Path,
) -> None:
    ok("new", *FOUR, "--hands", "2", "--trump", "cut", "-g", "g")
    ok("trump", "hearts")
    assert refused(data_dir, "seat", "leave", "Ann") == (
        "ohhell: hand 1 has begun (a trump or a bid is in): seats change only before "
        "a hand's first entry; undo those entries first\n"
    )
    ok("bid", "0", "0", "1", "0")
    ok("tricks", "0", "0", "2", "0")
    assert refused(data_dir, "seat", "join", "Eve") == (
        "ohhell: the game is finished: every hand is scored; seats no longer change\n"
    )


def test_undo_names_each_kind_of_seat_change_it_takes_back() -> None:
    """docs/scripting.md: "Each change is an entry: `undo` takes it back"; it says which."""
    ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", "none", "-g", "g")
    ok("seat", "replace", "Bob", "Zed", "--carry")
    ok("seat", "replace", "Cat", "Yan")
    ok("seat", "join", "Eve", "--after", "Ann", "--score", "4")
    ok("seat", "join", "Fay", "--after", "Eve")
    ok("seat", "leave", "Fay")
    took_back = [ok("undo").splitlines()[0] for _ in range(5)]
    assert took_back == [
        "Took back Fay leaving before hand 1.",
        "Took back Fay joining after Eve from hand 1.",
        "Took back Eve joining after Ann with 4 points from hand 1.",
        "Took back Yan taking Cat's seat from hand 1.",
        "Took back Zed taking Bob's seat with Bob's total from hand 1.",
    ]


def test_a_tournament_table_ranks_who_got_up_last_and_names_who_sat_in() -> None:
    """docs/seats.md: a player who left cannot win; at a tournament table
    the stand-in is shown but is no player of the tournament."""
    from ohhell_score.domain.game import progress
    from ohhell_score.domain.tournament import Table as Seats
    from ohhell_score.domain.tournament import result
    from ohhell_score.storage.games import load_progress

    ok("new", *FOUR, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "t-r1-t1")
    ok("bid", "Bob=3", "Cat=0", "Dan=0", "Ann=0")
    ok("tricks", "3", "0", "0", "0")  # Bob 13, the others 10
    ok("seat", "replace", "Bob", "Zed")
    ok("bid", "0", "0", "0", "0")
    ok("tricks", "Cat=1", "Dan=1", "Ann=1", "Zed=0")
    prog = progress(load_progress("t-r1-t1").game)
    r = result(Seats("t-r1-t1", tuple(FOUR)), prog)
    assert r.standings == ["Ann", "Cat", "Dan", "Bob"]
    assert r.places[0] == ("Ann", "Cat", "Dan")
    assert r.stand_ins == ("Zed",)


def test_statistics_count_each_hand_for_the_person_who_played_it() -> None:
    """Statistics count each hand for the person who played it; who got up
    cannot win (docs/seats.md)."""
    import json

    ok("new", *FOUR, "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "g")
    ok("bid", "Bob=3", "Cat=0", "Dan=0", "Ann=0")
    ok("tricks", "3", "0", "0", "0")  # Bob 13, the others 10
    ok("seat", "replace", "Bob", "Zed")
    for _ in range(2):  # every bid missed: Ann, Cat and Dan end at 12, below Bob's 13
        ok("bid", "2", "2", "2", "2")
        ok("tricks", "Cat=1", "Dan=1", "Ann=1", "Zed=0")
    stats = json.loads(ok("stats", "--json"))["players"]
    assert {p: s["hands"] for p, s in stats.items()} == {
        "Ann": 3,
        "Bob": 1,
        "Cat": 3,
        "Dan": 3,
        "Zed": 2,
    }
    assert {p: s["bids_made"] for p, s in stats.items()} == {
        "Ann": 1,
        "Bob": 1,
        "Cat": 1,
        "Dan": 1,
        "Zed": 0,
    }
    assert {p for p, s in stats.items() if s["wins"]} == {"Ann", "Cat", "Dan"}  # not Bob


def test_completion_offers_who_sits_now_to_seat_and_bid() -> None:
    from tests.test_completions import offered

    ok("new", *FOUR, "--rules", "cartier", "-g", "g")
    ok("seat", "replace", "Bob", "Zed")
    ok("seat", "leave", "Cat")
    assert offered("ohhell", "seat", "leave", "") == ["Ann", "Zed", "Dan"]
    assert offered("ohhell", "seat", "join", "Eve", "--after", "Z") == ["Zed"]
    assert offered("ohhell", "bid", "") == ["Ann=", "Zed=", "Dan="]


def test_a_game_with_seat_changes_goes_out_and_back_in_as_json(data_dir: Path) -> None:
    ok("new", *FOUR, "--hands", "3,3,3", "--trump", "none", "-g", "g")
    ok("bid", "1", "1", "1", "1")
    ok("tricks", "1", "1", "1", "0")
    ok("seat", "replace", "Bob", "Zed", "--carry")
    ok("seat", "join", "Eve", "--after", "Dan", "--score", "4")
    exported = data_dir.parent / "g.json"
    ok("export", "-g", "g", "--format", "json", "-o", str(exported))
    ok("import", str(exported), "--game", "back")
    assert {**sheet("-g", "back"), "id": "g"} == sheet("-g", "g")


def test_the_totals_read_after_a_hand_name_who_sits_now() -> None:
    """After `tricks`, the totals line is read aloud to the table: the players seated
    now, in seat order; one who got up (Eve) or handed a seat over (Bob) is on the sheet,
    not in that line."""
    ok("new", "Ann", "Bob", "Cat", "Dan", "Eve", "--rules", "ten-to-one", "-g", "t")
    ok("bid", "1", "2", "3", "0", "1")
    ok("tricks", "1", "2", "3", "2", "2")
    ok("seat", "leave", "Eve")
    ok("seat", "replace", "Bob", "Zed", "--carry")
    ok("bid", "1", "1", "1", "1")
    said = ok("tricks", "2", "2", "2", "3")
    assert "Totals: Ann 4, Zed 14, Cat 14, Dan 15." in said


# --- what a seat change says ------------------------------------------------------


def one_hand_in(ohhell: Ohhell) -> None:
    """Ann, Bob, Cat, Dan; hand 1 scored (Ann 1, Bob 11, Cat 10, Dan 10), Bob deals next."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0", "1")


#: Each change: the command, the keys typed after play's `t`, and what both say.
CHANGES = {
    "replace carrying": (
        ["seat", "replace", "Bob", "Zed", "--carry"],
        ["r", "Bob", "Zed", "y"],
        "Zed takes Bob's seat from hand 2, with Bob's 11 points.\n"
        "Seated now, clockwise: Ann, Zed, Cat, Dan.\n"
        "Hand 2 of 2 (1 card, Zed deals): Cat to bid\n",
    ),
    "replace afresh": (
        ["seat", "replace", "Bob", "Zed"],
        ["r", "Bob", "Zed", "n"],
        "Zed takes Bob's seat from hand 2.\n"
        "Seated now, clockwise: Ann, Zed, Cat, Dan.\n"
        "Hand 2 of 2 (1 card, Zed deals): Cat to bid\n",
    ),
    "join after": (
        ["seat", "join", "Eve", "--after", "Bob", "--score", "5"],
        ["j", "Eve", "Bob", "5"],
        "Eve joins after Bob from hand 2, starting at 5.\n"
        "Seated now, clockwise: Ann, Bob, Eve, Cat, Dan.\n"
        "Hand 2 of 2 (1 card, Bob deals): Eve to bid\n",
    ),
    "join at the end": (
        ["seat", "join", "Eve"],
        ["j", "Eve", "", ""],
        "Eve joins after Dan from hand 2.\n"
        "Seated now, clockwise: Ann, Bob, Cat, Dan, Eve.\n"
        "Hand 2 of 2 (1 card, Bob deals): Cat to bid\n",
    ),
    "leave": (
        ["seat", "leave", "Cat"],
        ["l", "Cat"],
        "Cat leaves after hand 1 with 10 (a player who left cannot win).\n"
        "Seated now, clockwise: Ann, Bob, Dan.\n"
        "Hand 2 of 2 (1 card, Bob deals): Dan to bid\n",
    ),
}


@pytest.mark.parametrize("kind", list(CHANGES))
def test_a_seat_command_says_the_change_and_who_sits_now(ohhell: Ohhell, kind: str) -> None:
    command, _typed, said = CHANGES[kind]
    one_hand_in(ohhell)
    assert ohhell.ok(*command) == said


def test_a_player_leaving_before_the_first_hand_leaves_before_hand_1_with_0(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none", "-g", "t")
    assert ohhell.ok("seat", "leave", "Dan") == (
        "Dan leaves before hand 1 with 0 (a player who left cannot win).\n"
        "Seated now, clockwise: Ann, Bob, Cat.\n"
        "Hand 1 of 2 (2 cards, Ann deals): Bob to bid\n"
    )


@pytest.mark.parametrize("kind", list(CHANGES))
def test_plays_t_key_says_the_change_and_who_sits_now(ohhell: Ohhell, kind: str) -> None:
    _command, typed, said = CHANGES[kind]
    one_hand_in(ohhell)
    result = ohhell("play", input="".join(f"{a}\n" for a in ["t", *typed, "q"]))
    assert result.exit_code == 0, result.output
    # The last prompt's answer, then what the change says, then the hand's header.
    assert f": {said}\n━━ Hand 2 of 2" in result.stdout, result.stdout


# --- play's `t`, question by question (in-process: the mutation run sees it) ----------


def t_session(answers: Sequence[str | Callable[[], str]]) -> tuple[list[str], str]:
    """The prompts of a `play` session on game t given ``answers`` (one may be a function,
    called, as another `ohhell` at work, before it answers), and what it showed; the
    session ends at ``q`` or when the answers run out (Ctrl-D)."""
    prompts: list[str] = []
    ask = scripted(answers, prompts)

    shown = io.StringIO()
    with pytest.raises((EOFError, StopScoring)):
        Session("t", Console(file=shown, width=200), ask).run()
    return prompts, shown.getvalue()


def not_current(ohhell: Ohhell) -> None:
    """Another game made after t, so t is not the current game: play's `t` changes the
    game played, whichever is current."""
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")


#: Each change at play's `t` (one hand in): the answers, the questions after the
#: seat change's own, and the sheet's players after it.
ASKED = {
    "replace carrying": (
        ["r", "Bob", "Zed", "y"],
        [
            "Who gets up? (Ann, Bob, Cat, Dan): ",
            "Who takes Bob's seat? ",
            "Does Zed go on with Bob's 11? (y/N): ",
        ],
        ["Ann", "Zed", "Cat", "Dan"],
    ),
    "leave": (["l", "Cat"], ["Who leaves? (Ann, Bob, Cat, Dan): "], ["Ann", "Bob", "Dan"]),
    "join": (
        ["j", "Eve", "", "5"],
        [
            "Who joins? ",
            "Sitting after whom? (Ann, Bob, Cat, Dan; Enter: Dan): ",
            "Eve starts with how many points? (Enter: 0): ",
        ],
        ["Ann", "Bob", "Cat", "Dan", "Eve"],
    ),
}

SEAT_CHANGE = "Seat change: r replace, l leave, j join (Enter: none): "


@pytest.mark.parametrize("kind", list(ASKED))
def test_plays_t_key_asks_each_question_in_its_words_and_changes_the_game_played(
    ohhell: Ohhell, kind: str
) -> None:
    """docs/seats.md: the questions name who sits now (and the seat Enter joins after);
    the change is made in the game played, not the current one."""
    typed, questions, seated = ASKED[kind]
    one_hand_in(ohhell)
    not_current(ohhell)
    prompts, _shown = t_session(["t", *typed])
    assert prompts[1 : 2 + len(questions)] == [SEAT_CHANGE, *questions]
    assert ohhell.sheet("-g", "t")["hands"][1]["players"] == seated
    assert ohhell.sheet("-g", "other")["hands"][0]["players"] == ["Xia", "Yul", "Zoe"]


@pytest.mark.parametrize("kind", list(ASKED))
def test_plays_t_key_stores_no_change_when_another_ohhell_changed_the_seats_meanwhile(
    ohhell: Ohhell, kind: str
) -> None:
    """Fay joins by `ohhell seat` while play's `t` asks: play's change is not stored (it
    was asked of the seats as they were), and the session says why."""
    typed, _questions, _seated = ASKED[kind]
    one_hand_in(ohhell)

    def fay_joins_then(answer: str) -> Callable[[], str]:
        def answer_late() -> str:
            ohhell.ok("seat", "join", "Fay", "-g", "t")
            return answer

        return answer_late

    _prompts, shown = t_session(["t", *typed[:-1], fay_joins_then(typed[-1])])
    assert "the game changed meanwhile" in shown
    assert ohhell.sheet("-g", "t")["hands"][1]["players"] == [*FOUR, "Fay"]


def test_plays_t_key_q_leaves_and_enter_changes_no_seat(ohhell: Ohhell) -> None:
    """At the seat change's questions, q leaves play as everywhere; Enter alone at the
    first says no seat changed and asks again where play was."""
    one_hand_in(ohhell)
    prompts, _shown = t_session(["t", "q"])
    assert prompts[1:] == [SEAT_CHANGE]
    for answers in (["t", "r", "q"], ["t", "l", "Q"], ["t", "j", "q"]):
        prompts, _shown = t_session(answers)
        assert len(prompts) == 3, prompts
    _prompts, shown = t_session(["t", "r", ""])
    assert "\n  ✗ no seat changed: a name is needed\n" in shown
    prompts, shown = t_session(["t", ""])
    assert prompts[2:] == [prompts[0]]
    assert "\nNo seat changed.\n\n━━ Hand 2 of 2" in shown
