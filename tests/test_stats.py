"""`ohhell stats`: numbers over finished games, checked against sums done by hand.

Every game here deals two hands (``--hands 2,1``) to three players, without trump and
without the hook, so each figure can be checked on paper. Ann deals first, so hand 1
is bid Bob, Cat, Ann (2 cards) and hand 2 Cat, Ann, Bob (1 card) (docs/rules.md 1 and 3).
Scores are standard: 10 + t for a made bid, t for a missed one (docs/rules.md, "Scoring").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress
from ohhell_score.domain.rules import RuleOptions, build_rules
from ohhell_score.domain.stats import Filters, GameFacts, PlayerStats, facts, ranking, summarise
from ohhell_score.storage import games as game_store
from ohhell_score.storage import paths
from ohhell_score.storage.stats_cache import VERSION
from tests.conftest import Ohhell

TWO_HANDS = ("--hands", "2,1", "--trump", "none", "--hook", "never")


def play(
    ohhell: Ohhell,
    gid: str,
    players: tuple[str, ...],
    hands: list[tuple[str, str]],
    *options: str,
) -> None:
    """A game of two hands; ``hands`` holds each hand's bids and tricks, in bidding order."""
    ohhell.ok("new", *players, "-g", gid, *TWO_HANDS, *options)
    for bids, tricks in hands:
        ohhell.ok("bid", "-g", gid, *bids.split())
        ohhell.ok("tricks", "-g", gid, *tricks.split())


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Sets the day that `game_store.now()` reports, a second later at each call."""
    ticks: Iterator[int] = iter(range(10**6))
    day = ["2026-11-27"]

    def now() -> str:
        t = next(ticks)
        return f"{day[0]}T20:{t // 60 % 60:02d}:{t % 60:02d}+00:00"

    def set_day(value: str) -> None:
        day[0] = value

    monkeypatch.setattr(game_store, "now", now)
    return set_day


@pytest.fixture
def evenings(ohhell: Ohhell, clock: Callable[[str], None]) -> None:
    """Three finished games on three Fridays and one left unfinished.

    g1 (Ann Bob Cat): hand 1 bids 1 0 1, tricks 1 0 1 -> Bob 11, Cat 10, Ann 11;
       hand 2 bids 0 1 0, tricks 1 0 0 -> Cat 1, Ann 0, Bob 10.  Ann 11, Bob 21, Cat 11.
    g2 (Ann Bob Cat): hand 1 bids 2 0 0, tricks 1 1 0 -> Bob 1, Cat 1, Ann 10;
       hand 2 bids 1 0 0, tricks 0 1 0 -> Cat 0, Ann 1, Bob 10.  Ann 11, Bob 11, Cat 1.
    g4 (Ann Cat Dan, ten-to-one): hand 1 bids Cat 0 Dan 1 Ann 1, tricks the same ->
       Cat 10, Dan 11, Ann 11; hand 2 bids Dan 0 Ann 0 Cat 0, tricks 0 0 1 ->
       Dan 10, Ann 10, Cat 1.  Ann 21, Cat 11, Dan 21.
    """
    clock("2026-11-13")
    play(ohhell, "g1", ("Ann", "Bob", "Cat"), [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")])
    clock("2026-11-20")
    play(ohhell, "g2", ("Ann", "Bob", "Cat"), [("2 0 0", "1 1 0"), ("1 0 0", "0 1 0")])
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g3", *TWO_HANDS)
    ohhell.ok("bid", "-g", "g3", "2", "2", "2")
    clock("2026-11-27")
    play(
        ohhell,
        "g4",
        ("Ann", "Cat", "Dan"),
        [("0 1 1", "0 1 1"), ("0 0 0", "0 0 1")],
        "--rules",
        "ten-to-one",
    )


def stats_json(ohhell: Ohhell, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ohhell.ok("stats", "--json", *args))
    return data


@pytest.mark.usefixtures("evenings")
def test_stats_json_gives_every_players_numbers_as_summed_by_hand(ohhell: Ohhell) -> None:
    players = stats_json(ohhell)["players"]
    assert players["Ann"] == {
        "games": 3,
        "wins": 2,  # g2 shared with Bob, g4 shared with Dan
        "win_rate": 0.6667,
        "average_total": 14.33,  # (11 + 11 + 21) / 3
        "hands": 6,
        "bids_made": 4,  # (1,1) (0,0) (1,1) (0,0); missed (1,0) and (0,1)
        "bids_made_rate": 0.6667,
        "average_miss": 0.3333,  # 2 tricks off over 6 hands
        "zero_bids": 3,
        "zero_bids_made": 2,
        "missed_over": 1,
        "missed_under": 1,
    }
    assert players["Cat"]["bids_made"] == 2
    assert players["Cat"]["average_miss"] == 0.6667  # 4 tricks off over 6 hands
    assert (players["Cat"]["zero_bids"], players["Cat"]["zero_bids_made"]) == (5, 2)
    assert (players["Cat"]["missed_over"], players["Cat"]["missed_under"]) == (3, 1)
    assert players["Bob"]["average_total"] == 16.0  # (21 + 11) / 2


@pytest.mark.usefixtures("evenings")
def test_stats_count_finished_games_only(ohhell: Ohhell) -> None:
    data = stats_json(ohhell)
    assert (data["games"], data["unfinished"]) == (3, 1)
    assert data["players"]["Bob"]["games"] == 2


@pytest.mark.usefixtures("evenings")
def test_a_shared_win_counts_for_each_winner(ohhell: Ohhell) -> None:
    """docs/rules.md 8 (seed 004): equal highest totals share the win."""
    players = stats_json(ohhell)["players"]
    assert {p: players[p]["wins"] for p in players} == {"Dan": 1, "Bob": 2, "Ann": 2, "Cat": 0}


@pytest.mark.usefixtures("evenings")
def test_players_are_ranked_by_share_of_bids_made(ohhell: Ohhell) -> None:
    """Who bids best: Dan 2/2, Bob 3/4, Ann 4/6, Cat 2/6."""
    assert list(stats_json(ohhell)["players"]) == ["Dan", "Bob", "Ann", "Cat"]


@pytest.mark.usefixtures("evenings")
def test_stats_for_one_player_count_only_their_games(ohhell: Ohhell) -> None:
    data = stats_json(ohhell, "--player", "dan")
    assert data["games"] == 1
    assert list(data["players"]) == ["Dan"]
    assert data["players"]["Dan"]["bids_made"] == 2


@pytest.mark.usefixtures("evenings")
def test_stats_for_two_players_count_only_the_games_both_sat_in(ohhell: Ohhell) -> None:
    """Ann and Dan sat together only in g4, where Dan made 2 bids of 2 and Ann 2 of 2."""
    data = stats_json(ohhell, "--player", "Ann", "-p", "dan")
    assert data["games"] == 1
    assert sorted(data["players"]) == ["Ann", "Dan"]
    assert data["players"]["Ann"]["average_total"] == 21.0
    table = ohhell.ok("stats", "--player", "Ann", "-p", "dan")
    assert "1 finished game (with Ann and dan)" in table


@pytest.mark.usefixtures("evenings")
def test_stats_by_preset(ohhell: Ohhell) -> None:
    data = stats_json(ohhell, "--rules", "ten-to-one")
    assert data["games"] == 1
    assert data["players"]["Ann"]["average_total"] == 21.0
    assert stats_json(ohhell, "--rules", " Ten-To-One ") == data  # as typed at a table


@pytest.mark.usefixtures("evenings")
def test_stats_since_a_date_leave_older_games_out(ohhell: Ohhell) -> None:
    data = stats_json(ohhell, "--since", "2026-11-20")
    assert data["games"] == 2  # g2 and g4; g1 was played on the 13th
    assert data["players"]["Bob"]["average_total"] == 11.0


@pytest.mark.usefixtures("evenings")
def test_head_to_head_counts_who_finished_ahead_in_games_together(ohhell: Ohhell) -> None:
    """Ann and Bob met in g1 (Bob 21 to 11) and g2 (11 all)."""
    data = stats_json(ohhell, "--vs", "Ann", "Bob")
    assert data["head_to_head"] == {
        "players": ["Ann", "Bob"],
        "games": 2,
        "ahead": {"Ann": 0, "Bob": 1},
        "level": 1,
    }
    assert list(data["players"]) == ["Bob", "Ann"]
    assert data["players"]["Ann"]["wins"] == 1


@pytest.mark.usefixtures("evenings")
def test_head_to_head_in_words(ohhell: Ohhell) -> None:
    out = ohhell.ok("stats", "--vs", "Ann", "Cat")
    assert "3 games together: Ann ahead 2, Cat ahead 0, level 1" in out


@pytest.mark.usefixtures("evenings")
def test_head_to_head_is_one_line_for_one_game_together_or_more(ohhell: Ohhell) -> None:
    """Ann and Cat met three times; Ann and Dan only in g4 (21 all)."""
    lines = ohhell.ok("stats", "--vs", "Ann", "Cat").splitlines()
    assert "Head to head, 3 games together: Ann ahead 2, Cat ahead 0, level 1." in lines
    lines = ohhell.ok("stats", "--vs", "Ann", "Dan").splitlines()
    assert "Head to head, 1 game together: Ann ahead 0, Dan ahead 0, level 1." in lines


@pytest.mark.usefixtures("evenings")
def test_stats_table_shows_made_bids_and_zero_bids(ohhell: Ohhell) -> None:
    out = ohhell.ok("stats")
    assert "3 finished games; 1 unfinished game not counted." in out
    ann = next(line for line in out.splitlines() if line.startswith("Ann"))
    assert ann.split() == ["Ann", "3", "2", "67%", "14.3", "6", "67%", "4", "0.33", "2/3", "1/1"]


@pytest.mark.usefixtures("evenings")
def test_the_bids_made_column_reads_in_the_order_the_title_gives(ohhell: Ohhell) -> None:
    """Ranked by share, the column led with the count, so Dan's "2
    100%" stood above Bob's "3 75%" (89 above 90). The title says the order, and the
    column leads with it: Dan 2/2, Bob 3/4, Ann 4/6, Cat 2/6."""
    out = ohhell.ok("stats")
    title = "Best bidders first: by share of bids made, then the smaller avg miss, then name."
    assert f"\n{title}\n" in out
    rows = [line.split() for line in out.splitlines() if line[:3] in ("Ann", "Bob", "Cat", "Dan")]
    assert [(row[0], row[6], row[7]) for row in rows] == [
        ("Dan", "100%", "2"),
        ("Bob", "75%", "3"),
        ("Ann", "67%", "4"),
        ("Cat", "33%", "2"),
    ]


def test_equal_shares_as_shown_go_by_the_smaller_average_miss_not_hidden_decimals() -> None:
    """Ann 7 of 11 (63.6%) and Bob 16 of 25 (64.0%) both show 64%: Ann, who misses
    less, comes first, as the title says, though Bob's share is larger in the decimals."""
    ann = PlayerStats("Ann", hands=11, bids_made=7, miss=2)
    bob = PlayerStats("Bob", hands=25, bids_made=16, miss=10)
    assert (ann.bids_made_percent, bob.bids_made_percent) == (64, 64)
    assert [p.name for p in sorted([bob, ann], key=ranking)] == ["Ann", "Bob"]
    assert [p.name for p in sorted([ann, bob._replace(miss=1)], key=ranking)] == ["Bob", "Ann"]


@pytest.mark.usefixtures("evenings")
def test_the_order_of_stats_is_said_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    out = ohhell.ok("stats")
    title = "Beste bieders eerst: naar deel gehaalde biedingen, dan minste gem. ernaast, dan naam."
    assert title in out


@pytest.mark.usefixtures("evenings")
def test_stats_refuse_a_player_in_no_finished_game(ohhell: Ohhell) -> None:
    """The line names the unknown one of the players asked for, as typed."""
    said = ohhell.refused("stats", "--vs", "ann", "Eve")
    assert said == "ohhell: no finished game has a player called 'Eve'\n"


def test_a_game_with_its_last_hand_unscored_is_not_counted(ohhell: Ohhell) -> None:
    """Hand 1 of 2 scored: the game is unfinished, so nothing is counted yet."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g1", *TWO_HANDS)
    ohhell.ok("bid", "1", "0", "1")
    ohhell.ok("tricks", "1", "0", "1")
    data = stats_json(ohhell)
    assert (data["games"], data["unfinished"], data["players"]) == (0, 1, {})


def test_stats_refuse_a_player_seen_only_in_an_unfinished_game(ohhell: Ohhell) -> None:
    play(ohhell, "g1", ("Ann", "Bob", "Cat"), [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")])
    ohhell.ok("new", "Ann", "Bob", "Eve", "-g", "g2", *TWO_HANDS)
    ohhell.ok("bid", "-g", "g2", "1", "0", "1")
    ohhell.ok("tricks", "-g", "g2", "1", "0", "1")
    said = ohhell.refused("stats", "--player", "Eve")
    assert said == "ohhell: no finished game has a player called 'Eve'\n"


def test_stats_of_a_misspelled_player_offer_the_close_name_of_a_finished_game(
    ohhell: Ohhell,
) -> None:
    """Eve sat only at the unfinished game: not offered; Cat is."""
    play(ohhell, "g1", ("Ann", "Bob", "Cat"), [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")])
    ohhell.ok("new", "Ann", "Bob", "Evelyn", "-g", "g2", *TWO_HANDS)
    said = ohhell.refused("stats", "--player", "Catt")
    assert said == "ohhell: no finished game has a player called 'Catt'; did you mean 'Cat'?\n"
    said = ohhell.refused("stats", "--player", "Evelin")
    assert said == "ohhell: no finished game has a player called 'Evelin'\n"


def test_equal_shares_of_bids_made_rank_the_smaller_average_miss_first(ohhell: Ohhell) -> None:
    """Ann and Bob each make 1 bid of 2; Ann misses by 2 tricks, Bob by 1: Bob first
    (after Cat, who made both)."""
    play(ohhell, "g1", ("Ann", "Bob", "Cat"), [("0 0 0", "0 0 2"), ("0 1 1", "0 1 0")])
    players = stats_json(ohhell)["players"]
    assert [(p, players[p]["average_miss"]) for p in players] == [
        ("Cat", 0.0),
        ("Bob", 0.5),
        ("Ann", 1.0),
    ]


@pytest.mark.parametrize("latest_read_first", [False, True], ids=["older first", "latest first"])
def test_a_player_is_shown_as_spelled_in_their_latest_game(latest_read_first: bool) -> None:
    """One player, spelled "ann" on the 13th and "ANN" on the 20th, is shown as ANN
    (in the table and the head to head), whichever game is read first."""
    seats = ((11, 1, 0, 0, 0, 0, 0, 2, 1),) * 3
    older = GameFacts(
        "g1", "classic", "2026-11-13T20:00:00+00:00", ("ann", "Bob", "Cat"), 2, True, seats
    )
    latest = GameFacts(
        "g2", "classic", "2026-11-20T20:00:00+00:00", ("ANN", "Bob", "Cat"), 2, True, seats
    )
    read = [latest, older] if latest_read_first else [older, latest]
    summary = summarise(read, vs=("Ann", "bob"))
    assert [p.name for p in summary.players] == ["ANN", "Bob"]
    assert summary.players[0].games == 2
    assert summary.head_to_head is not None
    assert summary.head_to_head.first == "ANN"


def test_stats_refuse_a_date_of_the_wrong_form(ohhell: Ohhell) -> None:
    assert "not a date" in ohhell.refused("stats", "--since", "last friday", code=2)


def test_stats_refuse_a_player_against_themselves(ohhell: Ohhell) -> None:
    ohhell.refused("stats", "--vs", "Ann", "ann", code=2)


def test_stats_without_games_say_so(ohhell: Ohhell) -> None:
    assert "No finished games to count yet." in ohhell.ok("stats")
    assert stats_json(ohhell)["players"] == {}


@pytest.mark.usefixtures("evenings")
def test_stats_skip_an_unreadable_game_and_say_which(ohhell: Ohhell) -> None:
    (paths.data_dir() / "broken.json").write_text("{", encoding="utf-8")
    result = ohhell("stats", "--json")
    assert result.exit_code == 0
    assert "broken.json" in result.stderr
    assert '"games": 3' in result.stdout


@pytest.mark.usefixtures("evenings")
def test_summarise_totals_agree_with_the_score_sheet(ohhell: Ohhell) -> None:
    """stats reads entries directly; its totals must be those `show` derives."""
    games = [facts(game_store.load(g)) for g in ("g1", "g2", "g4")]
    summary = summarise(games, Filters(since=date(2026, 1, 1)))
    sheets = [ohhell.sheet("-g", g) for g in ("g1", "g2", "g4")]
    for player in summary.players:
        finals = [s["totals"][player.name] for s in sheets if player.name in s["totals"]]
        assert player.points == sum(finals)
        assert player.wins == sum(player.name in s["winners"] for s in sheets)


@pytest.mark.usefixtures("evenings")
def test_stats_follow_a_correction_made_after_they_were_counted(ohhell: Ohhell) -> None:
    """The facts kept between runs are read again when a game changes."""
    assert stats_json(ohhell)["players"]["Dan"]["bids_made"] == 2
    ohhell.ok("edit", "-g", "g4", "1", "bids", "Dan=0")  # took 1: now a miss, over
    dan = stats_json(ohhell)["players"]["Dan"]
    assert (dan["bids_made"], dan["missed_over"], dan["zero_bids"]) == (1, 1, 2)


@pytest.mark.usefixtures("evenings")
def test_a_damaged_stats_cache_is_rebuilt(ohhell: Ohhell, data_dir: Path) -> None:
    first = stats_json(ohhell)
    cache = data_dir / ".stats-cache.json"
    assert cache.is_file()
    cache.write_text('{"version": 1, "games": {"g1.json": [[1, 2, 3], ["x"]], "g2.json": 7}}')
    assert stats_json(ohhell) == first
    cache.write_text("not json")
    assert stats_json(ohhell) == first


@pytest.mark.usefixtures("evenings")
def test_the_stats_cache_is_not_taken_for_a_game(ohhell: Ohhell) -> None:
    ohhell.ok("stats")
    assert "stats-cache" not in ohhell.ok("list")


@st.composite
def finished_games(draw: st.DrawFn) -> Game:
    """A random finished game of 3 to 5 players under any scoring scheme."""
    players = ("Ann", "Bob", "Cat", "Dan", "Eve")[: draw(st.integers(3, 5))]
    scheme = draw(st.sampled_from(["standard", "exact", "minus", "progressive"]))
    options = RuleOptions(hands="4-1", trump="none", scoring=scheme)
    rules = build_rules("classic", len(players), options)
    game = Game("g", players, rules, created="2026-11-27T20:00:00+00:00")
    while (nxt := progress(game).next) is not None:
        if nxt.step is Step.BID:
            legal = [b for b in range(nxt.cards + 1) if b != nxt.forbidden_bid]
            game = add_bids(game, [(None, draw(st.sampled_from(legal)))])
        else:
            left, tricks = nxt.cards, []
            for _ in players[:-1]:
                took = draw(st.integers(0, left))
                tricks.append((None, took))
                left -= took
            game = add_tricks(game, [*tricks, (None, left)])
    return game


@given(game=finished_games())
def test_stats_of_any_game_agree_with_its_replayed_score_sheet(game: Game) -> None:
    """Totals, wins and bids made read from the entries equal those `progress` derives."""
    prog = progress(game)
    summary = summarise([facts(game)])
    assert summary.games == 1
    for player in summary.players:
        assert player.points == prog.totals[player.name]
        assert player.wins == (player.name in prog.winners)
        made = sum(h.bids[player.name] == h.tricks[player.name] for h in prog.hands)
        assert player.bids_made == made
        assert player.bids_made + player.over + player.under == player.hands


# --- the facts kept between runs (storage/stats_cache.py) --------------------------

#: Each seat: total, made, miss, zero, zero made, over, under, hands played, seated.
SEATS = [[21, 1, 0, 1, 1, 0, 0, 2, 1], [11, 1, 1, 0, 0, 1, 0, 2, 1], [1, 0, 2, 0, 0, 0, 1, 2, 1]]
GOOD_FACTS = [
    *("g1", "classic", "2026-11-13T20:00:00+00:00", ["Ann", "Bob", "Cat"], 2, True, SEATS),
    "2026-11-13T21:30:00+00:00",  # the last entry's time (cache version 3)
]


def test_game_facts_are_read_back_as_they_were_kept() -> None:
    kept = GameFacts.from_json(GOOD_FACTS)
    assert kept.to_json() == GOOD_FACTS
    assert GameFacts.from_json(kept.to_json()) == kept


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (6, [*SEATS[:2], [10**15, 0, 2, 0, 0, 0, 1, 10**15, 1]]),
        (6, [*SEATS[:2], [-(10**15), 0, 0, 0, 0, 0, 0, 0, 0]]),
        (3, ["A" * 24, "B", "Zoë"]),
        (0, "g" * 64),
        (2, ""),  # a game saved before it kept its time
        (4, 0),
        (4, 500),
    ],
)
def test_game_facts_at_the_bounds_of_what_a_game_holds_are_taken(place: int, value: object) -> None:
    data = [*GOOD_FACTS[:place], value, *GOOD_FACTS[place + 1 :]]
    assert GameFacts.from_json(data).to_json() == data


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (None, "not a list"),
        (None, 7),  # no length at all
        (None, GOOD_FACTS[:6]),
        (None, [*GOOD_FACTS, 0]),
        (0, 7),  # the id
        (1, None),  # the preset
        (2, 20261113),  # when
        (3, "Ann"),  # the players
        (3, ["Ann", "Bob", 3]),
        (3, ["Ann", "Bob"]),  # fewer names than seats
        (4, "2"),  # the hands
        (4, True),
        (5, 1),  # finished
        (6, {"Ann": 21}),  # the seats
        (6, [*SEATS[:2], "x"]),
        (6, [*SEATS[:2], [1, 0, 2, 0, 0, 0, 1, 2]]),
        (6, [*SEATS[:2], [1, 0, 2, 0, 0, 0, 1, 2, 1, 0]]),
        (6, [*SEATS[:2], [1, 0, 2, 0, 0, 0, 1, 2, "1"]]),
        (6, [*SEATS[:2], [1.5, 0, 2, 0, 0, 0, 1, 2, 1]]),
        (7, 20261113),  # when the last entry was made
        # A shape to_json writes, holding what no game holds: escapes a terminal obeys,
        # numbers no float holds (`ratings` ended in an OverflowError), words too long.
        (6, [*SEATS[:2], [10**400, 0, 2, 0, 0, 0, 1, 2, 1]]),
        (6, [*SEATS[:2], [10**15 + 1, 0, 2, 0, 0, 0, 1, 2, 1]]),
        (6, [*SEATS[:2], [-(10**15) - 1, 0, 2, 0, 0, 0, 1, 2, 1]]),
        (6, [*SEATS[:2], [1, 0, 2, 0, 0, 0, 1, 10**15 + 1, 1]]),
        (6, [*SEATS[:2], [1, 0, -1, 0, 0, 0, 1, 2, 1]]),  # a miss below 0
        (6, [*SEATS[:2], [1, 0, 2, 0, 0, 0, 1, 2, -1]]),
        (6, []),
        (3, ["Ann\x1b]0;pwned\x07\x1b[2J", "Bob", "Cat"]),
        (3, ["Ann\n", "Bob", "Cat"]),
        (3, ["", "Bob", "Cat"]),
        (3, ["A" * 25, "Bob", "Cat"]),
        (0, "g1\x1b[2J"),
        (0, "g" * 65),
        (1, "classic\x07"),
        (2, "\x1b[31m"),
        (7, "2" * 65),
        (4, -1),
        (4, 501),
    ],
)
def test_game_facts_of_the_wrong_shape_are_never_taken(place: int | None, value: object) -> None:
    """A stats cache line that ``to_json`` did not write is read again from the game:
    taken, it would count a wrong total, or end `stats` with a traceback."""
    data = value if place is None else [*GOOD_FACTS[:place], value, *GOOD_FACTS[place + 1 :]]
    with pytest.raises(ValueError):  # its words are never shown
        GameFacts.from_json(data)


@pytest.mark.usefixtures("evenings")
def test_stats_read_each_unchanged_game_once_then_use_the_facts_kept(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The point of the cache (a `stats` over thousands of games): a second run reads
    no game again, and says the same, filters included."""
    from ohhell_score.storage import stats_cache

    first = [stats_json(ohhell), stats_json(ohhell, "--rules", "ten-to-one")]

    def unread(text: object, where: str) -> None:
        raise AssertionError(f"read {where} again")

    monkeypatch.setattr(stats_cache, "parse_game", unread)
    assert [stats_json(ohhell), stats_json(ohhell, "--rules", "ten-to-one")] == first


#: Stats cache lines of the wrong shape, each made from g1's good line [key, facts].
WRONG_CACHE_LINES: dict[str, Callable[[list[Any]], object]] = {
    "not a list": lambda line: {"key": line[0], "facts": line[1]},
    "an item too many": lambda line: [*line, 0],
    "another file's key": lambda line: [[line[0][0] + 1, *line[0][1:]], line[1]],
    "facts cut short": lambda line: [line[0], [*line[1][:6], line[1][6][:2]]],
    "facts not a list": lambda line: [line[0], {"facts": line[1]}],
    "facts a number": lambda line: [line[0], 21],
}


@pytest.mark.usefixtures("evenings")
@pytest.mark.parametrize("wrong", WRONG_CACHE_LINES.values(), ids=WRONG_CACHE_LINES.keys())
def test_a_stats_cache_line_of_the_wrong_shape_is_read_again(
    ohhell: Ohhell, data_dir: Path, wrong: Callable[[list[Any]], object]
) -> None:
    """A line under a game's name that `stats` did not write for the file as it is
    (hand-edited, another file's, a bug's) is never counted: g1 is read again and its
    line written afresh."""
    first = stats_json(ohhell)
    cache = data_dir / ".stats-cache.json"
    kept = json.loads(cache.read_text())
    good = kept["games"]["g1.json"]
    kept["games"]["g1.json"] = wrong(good)
    cache.write_text(json.dumps(kept))
    assert stats_json(ohhell) == first
    assert json.loads(cache.read_text())["games"]["g1.json"] == good


#: What a damaged or hostile stats cache held for g1, in facts of the right shape.
DAMAGED_FACTS: dict[str, Callable[[list[Any]], None]] = {
    "a total no float holds": lambda facts: facts[6][0].__setitem__(0, 10**400),
    "an escape in a name": lambda facts: facts[3].__setitem__(0, "Ann\x1b]0;pwned\x07\x1b[2J"),
    "an escape in the id": lambda facts: facts.__setitem__(0, "g1\x1b[2J"),
}


@pytest.mark.usefixtures("evenings")
@pytest.mark.parametrize("damage", DAMAGED_FACTS.values(), ids=DAMAGED_FACTS.keys())
def test_ratings_and_stats_over_a_damaged_cache_read_the_game_again(
    ohhell: Ohhell, data_dir: Path, damage: Callable[[list[Any]], None]
) -> None:
    """`ratings` ended in an OverflowError and both printed the cached name's escapes:
    a cache is checked as a file a user gives, and rebuilt where it is wrong."""
    commands = (["ratings"], ["ratings", "--history", "Ann"], ["stats"])
    first = [ohhell.ok(*command) for command in commands]
    cache = data_dir / ".stats-cache.json"
    kept = json.loads(cache.read_text())
    good = json.loads(json.dumps(kept["games"]["g1.json"]))
    damage(kept["games"]["g1.json"][1])
    for command, said_before in zip(commands, first, strict=True):
        cache.write_text(json.dumps(kept))
        said = ohhell.ok(*command)
        assert "\x1b" not in said and "\x07" not in said
        assert said == said_before
        assert json.loads(cache.read_text())["games"]["g1.json"] == good


def test_a_stats_cache_too_large_to_read_back_is_not_written(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache the program would refuse to read (larger than it reads any file) would
    be written again by every `stats`, and never used: it is not written at all. (Here
    the bound is made smaller than the cache of 12 games, larger than any game.)"""
    from ohhell_score.storage import files

    for number in range(12):
        play(ohhell, f"g{number}", ("Ann", "Bob", "Cat"), [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")])
    cache = data_dir / ".stats-cache.json"
    first = stats_json(ohhell)
    size = cache.stat().st_size
    assert size > max(p.stat().st_size for p in data_dir.glob("g*.json"))
    cache.unlink()
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size - 1)
    assert stats_json(ohhell) == first
    assert not cache.exists()
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size)  # as large as it reads: written
    assert stats_json(ohhell) == first
    assert cache.stat().st_size == size


@pytest.mark.usefixtures("evenings")
@pytest.mark.parametrize("version", [VERSION - 1, VERSION + 1, str(VERSION), None])
def test_a_stats_cache_of_another_version_is_not_trusted(
    ohhell: Ohhell, data_dir: Path, version: object
) -> None:
    """Its lines, well formed and under the right keys, are all read again (here one
    says g1 was unfinished)."""
    first = stats_json(ohhell)
    cache = data_dir / ".stats-cache.json"
    kept = json.loads(cache.read_text())
    kept["version"] = version
    kept["games"]["g1.json"][1][5] = False
    cache.write_text(json.dumps(kept))
    assert stats_json(ohhell) == first


def test_head_to_head_of_two_who_never_met_says_none_with_the_names_as_typed() -> None:
    """Bob and Dan each finished a game, never the same one: 0 games together (the
    names as typed, since neither was counted)."""
    seats = ((11, 1, 0, 0, 0, 0, 0, 2, 1),) * 3
    one = GameFacts("g1", "classic", "2026-11-13", ("Ann", "Bob", "Cat"), 2, True, seats)
    other = GameFacts("g2", "classic", "2026-11-20", ("Ann", "Cat", "Dan"), 2, True, seats)
    summary = summarise([one, other], vs=("bob", "Dan"))
    assert summary.head_to_head is not None
    assert summary.head_to_head.to_json() == {
        "players": ["bob", "Dan"],
        "games": 0,
        "ahead": {"bob": 0, "Dan": 0},
        "level": 0,
    }
    assert (summary.games, summary.players) == (0, ())


def test_a_game_with_trump_entries_is_counted_whole(ohhell: Ohhell) -> None:
    """docs/rules.md, "Trump": under upcard the trump is entered before each hand's bids;
    the hands after it count (g1's hands of `evenings`: Ann 11, Bob 21, Cat 11)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t1", *TWO_HANDS, "--trump", "upcard")
    for bids, tricks in [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")]:
        ohhell.ok("trump", "-g", "t1", "hearts")
        ohhell.ok("bid", "-g", "t1", *bids.split())
        ohhell.ok("tricks", "-g", "t1", *tricks.split())
    data = stats_json(ohhell)
    assert data["games"] == 1
    players = data["players"]
    assert {p: players[p]["average_total"] for p in players} == {"Bob": 21, "Ann": 11, "Cat": 11}
    assert (players["Bob"]["bids_made"], players["Ann"]["bids_made"]) == (2, 1)


def test_average_miss_sums_every_tricks_off_over_and_under(ohhell: Ohhell) -> None:
    """d = |t - b| (docs/rules.md, "Scoring"), summed over every hand: Bob bids 1 and takes
    2, then 0 and takes 1 (2 off, both over); Cat bids 2 and takes 1 (1 off, under)."""
    play(
        ohhell,
        "g1",
        ("Ann", "Bob", "Cat"),
        [("1 2 0", "2 1 0"), ("0 0 0", "0 0 1")],
        "--hands",
        "3,1",
    )
    players = stats_json(ohhell)["players"]
    seen = {
        p: (players[p]["average_miss"], players[p]["missed_over"], players[p]["missed_under"])
        for p in players
    }
    assert seen == {"Ann": (0.0, 0, 0), "Cat": (0.5, 0, 1), "Bob": (1.0, 2, 0)}


def test_stats_since_a_date_go_by_the_day_a_game_started(
    ohhell: Ohhell, clock: Callable[[str], None]
) -> None:
    """A game started on the 13th and finished on the 20th is a game of the 13th."""
    clock("2026-11-13")
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g1", *TWO_HANDS)
    ohhell.ok("bid", "1", "0", "1")
    ohhell.ok("tricks", "1", "0", "1")
    clock("2026-11-20")
    ohhell.ok("bid", "0", "1", "0")
    ohhell.ok("tricks", "1", "0", "0")
    assert stats_json(ohhell, "--since", "2026-11-20")["games"] == 0
    assert stats_json(ohhell, "--since", "2026-11-13")["games"] == 1


def test_every_game_is_weighed_whatever_came_before_it() -> None:
    """A game of another preset or an older one, or an unfinished one, read first
    leaves the others counted; each unfinished game is counted as one."""
    seats = ((11, 1, 0, 0, 0, 0, 0, 2, 1),) * 3
    players = ("Ann", "Bob", "Cat")

    def game(gid: str, preset: str, finished: bool, day: str = "2026-11-20") -> GameFacts:
        return GameFacts(gid, preset, day, players, 2, finished, seats)

    read = [
        game("g0", "classic", True, day="2026-11-13"),
        game("g1", "ten-to-one", True),
        game("g2", "classic", False),
        game("g3", "classic", False),
        game("g4", "classic", True),
    ]
    summary = summarise(read, Filters(preset="classic", since=date(2026, 11, 20)))
    assert (summary.games, summary.unfinished) == (1, 2)
    assert summary.players[0].games == 1


@pytest.mark.usefixtures("evenings")
@pytest.mark.parametrize("games", [[], "g1.json", None])
def test_a_stats_cache_whose_games_are_not_a_table_is_not_trusted(
    ohhell: Ohhell, data_dir: Path, games: object
) -> None:
    first = stats_json(ohhell)
    (data_dir / ".stats-cache.json").write_text(json.dumps({"version": VERSION, "games": games}))
    assert stats_json(ohhell) == first


@pytest.mark.usefixtures("evenings")
def test_stats_unchanged_since_the_last_run_leave_the_cache_as_it_is(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Nothing changed, nothing written (each write costs two fsyncs)."""
    ohhell.ok("stats")
    kept = (data_dir / ".stats-cache.json").stat()
    ohhell.ok("stats")
    assert (data_dir / ".stats-cache.json").stat().st_ino == kept.st_ino


@pytest.mark.usefixtures("evenings")
def test_stats_go_on_where_the_cache_cannot_be_written(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache that cannot be kept (a full disk, a folder not ours) only costs time."""
    from ohhell_score.storage import stats_cache

    first = stats_json(ohhell)
    (data_dir / ".stats-cache.json").unlink()

    def no_room(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(stats_cache, "write_atomic", no_room)
    assert stats_json(ohhell) == first


@pytest.mark.usefixtures("evenings")
@pytest.mark.parametrize("planted", ["a folder", "not JSON"])
def test_an_unreadable_file_read_first_leaves_every_other_game_counted(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch, planted: str
) -> None:
    """`stats` says which file it could not read, and why, and counts the rest."""
    from ohhell_score.storage import stats_cache

    first = stats_json(ohhell)
    path = data_dir / "planted.json"
    if planted == "a folder":
        path.mkdir()
    else:
        path.write_text("{", encoding="utf-8")
    in_order = game_store.game_files
    monkeypatch.setattr(stats_cache, "game_files", lambda: [path, *in_order()])
    result = ohhell("stats", "--json")
    assert result.exit_code == 0
    why = "not a regular file" if planted == "a folder" else "not valid JSON"
    assert f"cannot read {path}: {why}" in result.stderr
    assert json.loads(result.stdout) == first


def test_at_80_columns_no_column_of_stats_is_cut(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns the last column ("over/under") was cut to "over/un…"."""
    from tests.games import saved_game

    names = ("Annabelle Marie-Louise", "Bartholomew", "Cat", "Dan")
    for gid in ("a", "b"):
        saved_game(gid, names, "cartier")
    monkeypatch.setenv("COLUMNS", "80")
    lines = ohhell.ok("stats").splitlines()
    assert max(len(line) for line in lines) <= 80
    assert not any("…" in line for line in lines)
    heads = [line for line in lines[:4] if "over/" in line or "under" in line]
    assert heads and lines[lines.index(heads[-1])].rstrip().endswith("under")
    dan = next(line for line in lines if line.startswith("Dan"))
    over, under = dan.split()[-1].split("/")
    assert over.isdigit() and under.isdigit()


def test_at_70_columns_names_fold_and_every_number_stands_whole(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick companion of the 80-column test: at 70 columns, the narrowest this
    table takes whole, the names fold in a player column 6 wide, the numbers stand
    right-aligned and unbroken under their two-line heads, and the legend follows.
    docs/rules.md, "Scoring" (standard): hand 1 Bartholomew 11, Cat 10, Annabelle 11;
    hand 2 Cat 1 (bid 0, took 1), Annabelle 0 (bid 1, took 0), Bartholomew 10."""
    names = ("Annabelle Marie-Louise", "Bartholomew", "Cat")
    play(ohhell, "g1", names, [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")])
    monkeypatch.setenv("COLUMNS", "70")
    lines = [line.rstrip() for line in ohhell.ok("stats").splitlines()]
    assert lines == [
        "1 finished game.",
        "Best bidders first: by share of bids made, then the smaller avg miss,",
        "then name.",
        "                            avg             bids    avg   zero   over/",
        "player   games     wins   total   hands     made   miss   bids   under",
        "─" * 70,
        "Bartho       1   1 100%    21.0       2   100% 2   0.00    1/1     0/0",
        "lomew",
        "Annabe       1     0 0%    11.0       2    50% 1   0.50    0/0     0/1",
        "lle",
        "Marie-",
        "Louise",
        "Cat          1     0 0%    11.0       2    50% 1   0.50    1/2     1/0",
        "bids made: hands with tricks = bid; avg miss: mean |tricks - bid| a",
        "hand;",
        "zero bids: made of tried; over/under: bids missed by taking more /",
        "fewer tricks.",
    ]


@pytest.mark.usefixtures("evenings")
def test_the_first_line_of_stats_names_every_filter_given(ohhell: Ohhell) -> None:
    """Only g4 is of ten-to-one, on or after the 20th, with Ann (as typed)."""
    out = ohhell.ok("stats", "--rules", "ten-to-one", "--since", "2026-11-20", "-p", "ann")
    assert out.startswith("1 finished game (rules ten-to-one, since 2026-11-20, with ann).\n")


def test_stats_of_unfinished_games_only_count_them_and_say_nothing_is_counted(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "u1", *TWO_HANDS)
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "u2", *TWO_HANDS)
    assert ohhell.ok("stats") == (
        "0 finished games; 2 unfinished games not counted.\nNo finished games to count yet.\n"
    )


@pytest.mark.usefixtures("evenings")
def test_the_legend_of_stats_is_dim_on_a_terminal(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The legend stands back from the table: dim, where output is styled."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm")
    out = ohhell.ok("stats", "-p", "Dan")
    assert "\x1b[2mbids made: hands with tricks = bid;" in out


# --- a game whose seats changed (docs/seats.md) ---------------------------------------


@pytest.fixture
def seat_changed(ohhell: Ohhell, clock: Callable[[str], None]) -> None:
    """g1, started on the 13th: Bob gets up after hand 1 and Dan sits for hand 2,
    which is played on the 20th. Ann 11 + 10, Bob 11, Cat 10 + 0, Dan 11."""
    clock("2026-11-13")
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g1", *TWO_HANDS)
    ohhell.ok("bid", "1", "0", "1")
    ohhell.ok("tricks", "1", "0", "1")
    clock("2026-11-20")
    ohhell.ok("seat", "replace", "Bob", "Dan")
    ohhell.ok("bid", "0", "1", "0")
    ohhell.ok("tricks", "1", "0", "0")


@pytest.mark.usefixtures("seat_changed")
def test_a_game_whose_seats_changed_counts_under_its_rules_and_the_day_it_started(
    ohhell: Ohhell,
) -> None:
    """As for any game (test_stats_since_a_date_go_by_the_day_a_game_started): the
    filters read the same facts when the game was replayed seat by seat."""
    assert stats_json(ohhell, "--rules", "classic")["games"] == 1
    assert stats_json(ohhell, "--rules", "ten-to-one")["games"] == 0
    assert stats_json(ohhell, "--since", "2026-11-13")["games"] == 1
    assert stats_json(ohhell, "--since", "2026-11-20")["games"] == 0


@pytest.mark.usefixtures("seat_changed")
def test_a_game_whose_seats_changed_is_read_once_then_its_facts_kept(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The facts of a replayed game are kept like any other's (the cache would miss
    it at every run if they were not facts ``to_json`` writes)."""
    from ohhell_score.storage import stats_cache

    first = stats_json(ohhell)
    assert first["players"]["Dan"]["hands"] == 1

    def unread(text: object, where: str) -> None:
        raise AssertionError(f"read {where} again")

    monkeypatch.setattr(stats_cache, "parse_game", unread)
    assert stats_json(ohhell) == first


def test_stats_score_each_hand_with_its_own_cards(ohhell: Ohhell) -> None:
    """A formula with n (rules.md, "Formulas"): hand 1 deals 2 cards, hand 2 deals 1,
    and each hand's points use its own n, as on the sheet."""
    play(
        ohhell,
        "g1",
        ("Ann", "Bob", "Cat"),
        [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")],
        "--scoring",
        "made: 10+n; missed: -n",
    )
    totals = ohhell.sheet("-g", "g1")["totals"]
    assert totals == {"Ann": 12 - 1, "Bob": 12 + 11, "Cat": 12 - 1}
    players = stats_json(ohhell)["players"]
    assert {p: s["average_total"] for p, s in players.items()} == totals


@pytest.mark.parametrize("got_up", [("replace", "Bob", "Eve", "--carry"), ("leave", "Bob")])
def test_a_player_who_got_up_is_not_averaged_as_their_total_there(
    ohhell: Ohhell, clock: Callable[[str], None], got_up: tuple[str, ...]
) -> None:
    """docs/stats-and-house-rules.md: the average total is of the games a player sat to
    the end. g1 (the 13th): Bob ends on 21. g2 (the 20th): Bob makes 11 in hand 1,
    then hands the seat over with the total (0 left to him) or leaves with it; his
    hand counts, his total there does not."""
    clock("2026-11-13")
    play(ohhell, "g1", ("Ann", "Bob", "Cat"), [("1 0 1", "1 0 1"), ("0 1 0", "1 0 0")])
    clock("2026-11-20")
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g2", *TWO_HANDS)
    ohhell.ok("bid", "1", "0", "1", "0")  # Bob, Cat, Dan, Ann
    ohhell.ok("tricks", "1", "0", "1", "0")  # Bob made 1: 11
    ohhell.ok("seat", *got_up)
    ohhell.ok("bid", "0", "0", "0", *(["0"] if got_up[0] == "replace" else []))
    ohhell.ok("tricks", "1", "0", "0", *(["0"] if got_up[0] == "replace" else []))
    bob = stats_json(ohhell)["players"]["Bob"]
    assert (bob["games"], bob["hands"], bob["bids_made"], bob["average_total"]) == (2, 3, 3, 21.0)
    assert stats_json(ohhell, "--since", "2026-11-20")["players"]["Bob"]["average_total"] is None
    lines = ohhell.ok("stats", "--since", "2026-11-20").splitlines()
    row = next(line for line in lines if line.startswith("Bob"))
    assert row.split()[1:5] == ["1", "0", "0%", "-"]  # games, wins, avg total: none


@pytest.mark.parametrize("got_up", [("replace", "Bob", "Eve", "--carry"), ("leave", "Bob")])
def test_a_game_one_of_two_got_up_from_is_no_head_to_head(
    ohhell: Ohhell, got_up: tuple[str, ...]
) -> None:
    """docs/stats-and-house-rules.md: `--vs` counts how often each finished ahead of the
    other; Bob, who got up after hand 1 on 11 (0 when he handed the total over), did not
    finish, so the game is neither Ann's win nor Bob's."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g2", *TWO_HANDS)
    ohhell.ok("bid", "1", "0", "1", "0")  # Bob, Cat, Dan, Ann
    ohhell.ok("tricks", "1", "0", "1", "0")  # Bob made 1: 11; Ann made 0: 10
    ohhell.ok("seat", *got_up)
    ohhell.ok("bid", "0", "0", "0", *(["0"] if got_up[0] == "replace" else []))
    ohhell.ok("tricks", "1", "0", "0", *(["0"] if got_up[0] == "replace" else []))
    duel = stats_json(ohhell, "--vs", "Ann", "Bob")["head_to_head"]
    assert duel == {
        "players": ["Ann", "Bob"],
        "games": 0,
        "ahead": {"Ann": 0, "Bob": 0},
        "level": 0,
    }
    said = ohhell.ok("stats", "--vs", "Ann", "Bob")
    assert said.endswith("\nAnn and Bob have not finished a game together.\n")


@pytest.mark.usefixtures("evenings")
@pytest.mark.parametrize("pair", [("Ann", "Ann"), ("ann", "ANN")])
def test_vs_one_player_twice_is_malformed(ohhell: Ohhell, pair: tuple[str, str]) -> None:
    assert ohhell.invalid_value("stats", "--vs", *pair) == "--vs takes two different players"


@pytest.mark.usefixtures("evenings")
def test_a_game_that_cannot_be_read_is_skipped_in_one_line_and_the_rest_counted(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """docs/stats-and-house-rules.md: stats counts what it can read and names what it
    skipped, one line each on stderr."""
    counted = ohhell.ok("stats")
    (data_dir / "broken.json").write_text("{not json", encoding="utf-8")
    result = ohhell("stats")
    assert result.exit_code == 0
    why = ohhell.refused("show", "-g", "broken").removeprefix("ohhell: ")
    assert result.stderr == f"ohhell: skipped: {why}"
    assert result.stdout == counted


def test_stats_show_names_like_markup_or_an_emoji_code_as_typed(ohhell: Ohhell) -> None:
    """A player called `[b]Bo` or `:x:` is named so in the table, in the players asked
    for and in the head to head: never as a bold Bo or an emoji."""
    play(ohhell, "m", ("Ann", "[b]Bo", ":x:"), [("1 1 0", "1 1 0"), ("0 1 0", "0 1 0")])
    assert ohhell.ok("stats", "--vs", "[b]Bo", ":x:").splitlines() == [
        "1 finished game (with [b]Bo and :x:).",
        "Best bidders first: by share of bids made, then the smaller avg miss, then name.",
        "                            avg             bids    avg   zero   over/",
        "player   games     wins   total   hands     made   miss   bids   under",
        "─" * 70,
        ":x:          1   1 100%    21.0       2   100% 2   0.00    1/1     0/0",
        "[b]Bo        1   1 100%    21.0       2   100% 2   0.00    1/1     0/0",
        "bids made: hands with tricks = bid; avg miss: mean |tricks - bid| a hand;",
        "zero bids: made of tried; over/under: bids missed by taking more / fewer tricks.",
        "Head to head, 1 game together: [b]Bo ahead 0, :x: ahead 0, level 1.",
    ]
