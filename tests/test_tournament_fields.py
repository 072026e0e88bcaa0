"""Tournaments of any size from 6 to 64 players, played to a champion through the
commands (docs/tournaments.md, "Any field"; docs/rules.md, "Any field"): every table's
size, the draws that keep table mates apart, and who goes on."""

from __future__ import annotations

import json
import shlex
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from .conftest import Ohhell
from .tournament_helpers import TIE_2_3, Plan, play_cli

#: Each field's rounds as docs/tournaments.md lists them: each round's tables (their
#: sizes, largest first) and how many of each table go on (docs/rules.md: winner and
#: runner-up from round 1, then the winners, both where winners alone would be 2 or 5).
ROUNDS: dict[int, dict[str, tuple[list[int], int]]] = {
    6: {"Round 1": ([3, 3], 2), "Final": ([4], 1)},
    7: {"Round 1": ([4, 3], 2), "Final": ([4], 1), "Losers' final": ([3], 1)},
    10: {
        "Round 1": ([4, 3, 3], 2),
        "Round 2": ([3, 3], 2),
        "Final": ([4], 1),
        "Losers' final": ([4], 1),
    },
    13: {"Round 1": ([4, 3, 3, 3], 2), "Round 2": ([4, 4], 2), "Final": ([4], 1)},
    21: {
        "Round 1": ([4, 4, 4, 3, 3, 3], 2),
        "Round 2": ([4, 4, 4], 1),
        "Final": ([3], 1),
        "Losers' round 2": ([3, 3, 3], 1),
        "Losers' final": ([3], 1),
    },
    33: {
        "Round 1": ([4] * 6 + [3] * 3, 2),
        "Round 2": ([4, 4, 4, 3, 3], 2),
        "Round 3": ([4, 3, 3], 1),
        "Final": ([3], 1),
        "Losers' round 2": ([4, 4, 4, 3], 1),
        "Losers' final": ([4], 1),
    },
    64: {
        "Round 1": ([4] * 16, 2),
        "Round 2": ([4] * 8, 1),
        "Round 3": ([4, 4], 2),
        "Final": ([4], 1),
        "Losers' round 2": ([4] * 8, 1),
        "Losers' round 3": ([4, 4], 2),
        "Losers' final": ([4], 1),
    },
    32: {
        "Round 1": ([4] * 8, 2),
        "Round 2": ([4] * 4, 1),
        "Final": ([4], 1),
        "Losers' round 2": ([4] * 4, 1),
        "Losers' final": ([4], 1),
    },
}


def field(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def show(ohhell: Ohhell, name: str = "club") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ohhell.ok("tournament", "show", name, "--json"))
    return data


def ranking(players: list[str], strength: list[str]) -> list[str]:
    return sorted(players, key=strength.index)


def play_open_tables(ohhell: Ohhell, strength: list[str], plans: dict[str, Plan]) -> None:
    """Every unfinished table played, typed as a scorer would, the stronger placing higher."""
    for rnd in show(ohhell)["rounds"]:
        for table in rnd["tables"]:
            if not table["finished"]:
                kwargs = {"plan": plans[table["game"]]} if table["game"] in plans else {}
                play_cli(ohhell, table["game"], ranking(table["players"], strength), **kwargs)


def met_at(rounds: list[dict[str, Any]]) -> set[frozenset[str]]:
    """Every two players who sat at one table of these rounds."""
    return {
        frozenset(pair)
        for r in rounds
        for t in r["tables"]
        for pair in combinations(t["players"], 2)
    }


def play_to_a_champion(ohhell: Ohhell, players: int, strength: list[str]) -> dict[str, Any]:
    """Play every round and advance, checking each round as it is seated and finished:
    its tables' sizes, nobody meeting again before a final, going_on and who is seated
    next. The last `show --json`."""
    expected = ROUNDS[players]
    seen: list[dict[str, Any]] = []
    while True:
        data = show(ohhell)
        fresh = data["rounds"][len(seen) :]
        for rnd in fresh:
            sizes, _cut = expected[rnd["name"]]
            assert sorted((len(t["players"]) for t in rnd["tables"]), reverse=True) == sizes
            if len(rnd["tables"]) > 1:  # a final may reunite table mates (seed 000)
                assert not met_at(seen) & met_at([rnd]), rnd
        seen = data["rounds"]
        play_open_tables(ohhell, strength, {})
        data = show(ohhell)
        going_on: set[str] = set()
        for rnd in data["rounds"][-len(fresh) :]:
            sizes, cut = expected[rnd["name"]]
            for table in rnd["tables"]:
                assert table["standings"] == ranking(table["players"], strength)
                assert table["going_on"] == table["standings"][:cut]
                if len(sizes) > 1:
                    going_on |= set(table["going_on"])
                    if rnd["name"] == "Round 1" and "Losers' final" in expected:
                        going_on |= set(table["standings"][cut:])
        if data["champion"] is not None:
            assert not going_on
            return data
        ohhell.ok("tournament", "advance", "club")
        seated = show(ohhell)["rounds"][len(seen) :]
        assert {p for r in seated for t in r["tables"] for p in t["players"]} == going_on


@pytest.mark.parametrize("players", [6, 7, 10, 13, 21, 33, 64])
def test_a_field_of_any_size_is_played_to_its_strongest_champion(
    ohhell: Ohhell, players: int
) -> None:
    """Every round at the tables docs/tournaments.md lists; from every finished table
    its top places go on (going_on, then the next round's seats); no two players of a
    table meet again before the final; the strongest player wins every table and the
    final. The losers' bracket, where the field has one, takes those knocked out in
    round 1."""
    strength = field(players)[::-1] if players % 2 else field(players)  # any order works
    args = ["--seed", str(players), "--hands", "2,1"]
    if "Losers' final" in ROUNDS[players]:
        args.append("--losers-bracket")
    ohhell.ok("tournament", "new", "club", *field(players), *args)
    data = play_to_a_champion(ohhell, players, strength)
    assert data["champion"] == strength[0]
    assert [r["name"] for r in data["rounds"]] == sorted(
        ROUNDS[players], key=[r["name"] for r in data["rounds"]].index
    )
    assert len(data["rounds"]) == len(ROUNDS[players])


def test_the_32_player_cartier_tournament_keeps_its_seeds_shape(ohhell: Ohhell) -> None:
    """Seed 000: 8 tables of 4, the top 2 on; 4 tables of 4, the winners on; a final of 4;
    the 16 knocked out in 4 tables and a losers' final."""
    args = ["--seed", "7", "--hands", "2,1", "--losers-bracket"]
    ohhell.ok("tournament", "new", "club", *field(32), *args)
    assert play_to_a_champion(ohhell, 32, field(32))["champion"] == "P1"


@pytest.mark.parametrize(
    ("players", "refusal"),
    [
        (5, "ohhell: a tournament seats 6 to 64 players; 5 given\n"),
        (65, "ohhell: a tournament seats 6 to 64 players; 65 given\n"),
    ],
)
def test_a_field_under_6_or_over_64_is_refused_and_nothing_is_made(
    ohhell: Ohhell, data_dir: Path, players: int, refusal: str
) -> None:
    assert ohhell.refused("tournament", "new", "club", *field(players)) == refusal
    assert not (data_dir / "tournaments").exists() or not list((data_dir / "tournaments").iterdir())


@pytest.mark.parametrize(("players", "left"), [(6, 2), (11, 5), (13, 5)])
def test_a_losers_bracket_too_small_or_of_five_is_refused(
    ohhell: Ohhell, players: int, left: int
) -> None:
    """docs/tournaments.md: the losers' bracket where those knocked out in round 1 sit at
    tables of 3 and 4."""
    assert ohhell.refused("tournament", "new", "club", *field(players), "--losers-bracket") == (
        f"ohhell: {players} players leave {left} knocked out in round 1, who cannot sit at "
        "tables of 3 and 4: no losers' bracket\n"
    )


def test_new_says_the_rounds_before_the_tables_and_a_dry_run_writes_nothing(
    ohhell: Ohhell, data_dir: Path
) -> None:
    said = ohhell.ok("tournament", "new", "club", *field(10), "--seed", "3", "--dry-run")
    lines = said.splitlines()
    assert lines[:6] == [
        "Tournament club: 10 players at 3 tables (drawn with seed 3); cartier · 23 hands.",
        "The rounds:",
        "  Round 1: 1 table of 4 and 2 tables of 3, the top 2 go on",
        "  Round 2: 2 tables of 3, the top 2 go on",
        "  Final: 4 players",
        "Round 1:",
    ]
    seated = [line.split(": ") for line in lines[6:9]]
    assert [game for game, _players in seated] == [f"  club-r1-t{k}" for k in (1, 2, 3)]
    assert [len(players.split(", ")) for _game, players in seated] == [4, 3, 3]
    assert lines[9:] == ["Nothing was written (--dry-run)."]
    assert not any(data_dir.rglob("*.json"))
    again = ohhell.ok("tournament", "new", "club", *field(10), "--seed", "3")
    assert again.splitlines()[:9] == said.splitlines()[:9]
    assert ohhell.refused("tournament", "new", "club", *field(10), "--dry-run") == (
        "ohhell: a tournament 'club' exists already\n"
    )


def test_new_says_the_rounds_in_dutch_and_a_dry_run_says_it_wrote_nothing(
    dutch: None, ohhell: Ohhell
) -> None:
    said = ohhell.ok("tournament", "new", "club", *field(13), "--seed", "3", "--dry-run")
    assert said.splitlines()[:5] == [
        "Toernooi club: 13 spelers aan 4 tafels (geloot met seed 3); cartier · 23 rondes.",
        "De toernooirondes:",
        "  Toernooironde 1: 1 tafel van 4 en 3 tafels van 3, de beste 2 gaan door",
        "  Toernooironde 2: 2 tafels van 4, de beste 2 gaan door",
        "  Finale: 4 spelers",
    ]
    assert said.splitlines()[-1] == "Er is niets geschreven (--dry-run)."


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (field(5), "ohhell: een toernooi zet 6 tot 64 spelers aan tafel; 5 opgegeven\n"),
        (
            [*field(13), "--losers-bracket"],
            "ohhell: 13 spelers laten er in toernooironde 1 5 afvallen, die niet aan tafels van "
            "3 en 4 passen: geen verliezersronde\n",
        ),
    ],
)
def test_a_field_refused_is_said_in_dutch(
    dutch: None, ohhell: Ohhell, args: list[str], refusal: str
) -> None:
    assert ohhell.refused("tournament", "new", "club", *args) == refusal


def test_a_tie_between_names_with_spaces_names_an_order_the_shell_takes_whole(
    ohhell: Ohhell,
) -> None:
    """The --order that a refusal gives is quoted where a name has a space: typed back
    as said, it breaks the tie."""
    field = ["Ann Marie", "Bo Li", "Cy Young", "Di", "E", "F", "G", "H"]
    ohhell.ok("tournament", "new", "club", *field, "--hands", "2,1", "--no-shuffle")
    play_cli(ohhell, "club-r1-t1", ["Di", "Ann Marie", "Bo Li", "Cy Young"], TIE_2_3)
    play_cli(ohhell, "club-r1-t2", ["E", "F", "G", "H"])
    refusal = ohhell.refused("tournament", "advance", "club")
    assert refusal.endswith("give the order with --order 'club-r1-t1=Ann Marie,Bo Li'\n")
    typed = shlex.split(refusal.rsplit("with ", 1)[1])
    ohhell.ok("tournament", "advance", "club", *typed)
    assert show(ohhell)["rounds"][0]["tables"][0]["going_on"] == ["Di", "Ann Marie"]
