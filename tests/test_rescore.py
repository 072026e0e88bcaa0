"""`ohhell show --scoring SCHEME`: the game as it would have ended under other scoring.

Ann, Bob, Cat with `--hands 2,1`, no trump, no hook. Hand 1: bids Bob 1, Cat 0,
Ann 1, tricks the same. Hand 2: bids Cat 0, Ann 1, Bob 0; tricks Cat 1, Ann 0, Bob 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from ohhell_score.storage import games
from tests.conftest import Ohhell

RULES = ("--hands", "2,1", "--trump", "none", "--hook", "never")


def play(ohhell: Ohhell, gid: str, *options: str) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", gid, *RULES, *options)
    ohhell.ok("bid", "-g", gid, "1", "0", "1")
    ohhell.ok("tricks", "-g", gid, "1", "0", "1")
    ohhell.ok("bid", "-g", gid, "0", "1", "0")
    ohhell.ok("tricks", "-g", gid, "1", "0", "0")


def without_id(sheet: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in sheet.items() if k != "id"}


@pytest.mark.parametrize("scheme", ["exact", "minus", "progressive"])
def test_a_rescored_game_equals_the_game_played_under_that_scheme(
    ohhell: Ohhell, scheme: str
) -> None:
    play(ohhell, "played")
    play(ohhell, "other", "--scoring", scheme)
    rescored = ohhell.sheet("-g", "played", "--scoring", scheme)
    assert without_id(rescored) == without_id(ohhell.sheet("-g", "other"))


def test_minus_scoring_takes_a_point_a_trick_off(ohhell: Ohhell) -> None:
    """docs/rules.md, Scoring: minus is 10 + t made, -d missed; hand 2 costs Cat and Ann 1."""
    play(ohhell, "played")
    assert ohhell.sheet("--scoring", "minus")["totals"] == {"Ann": 10, "Bob": 21, "Cat": 9}


def test_rescoring_leaves_the_game_file_as_it_was(ohhell: Ohhell) -> None:
    play(ohhell, "played")
    before = games.game_path("played").read_bytes()
    ohhell.ok("show", "--scoring", "exact")
    ohhell.ok("show", "--scoring", "exact", "--json")
    assert games.game_path("played").read_bytes() == before
    assert ohhell.sheet()["rules"]["scoring"] == "standard"


def test_rescored_sheet_says_it_is_a_what_if(ohhell: Ohhell) -> None:
    play(ohhell, "played")
    out = ohhell.ok("show", "--scoring", "exact")
    assert out.startswith("As if scored under exact (played under standard)")


FORMULA_GAME = (
    "new",
    "Ann",
    "Bob",
    "Cat",
    "-g",
    "g",
    "--hands",
    "2",
    "--scoring",
    "made: 10 + b; missed: -b",
)


def test_a_rescored_sheet_names_each_formula_and_what_it_scores(ohhell: Ohhell) -> None:
    ohhell.ok(*FORMULA_GAME)
    out = ohhell.ok("show", "--scoring", "made: 5+t; missed: -d")
    assert out.splitlines()[0] == (
        "As if scored under the formula 'made: 5+t; missed: -d' (bid made, 5 + the tricks "
        "taken; bid missed, minus the difference) (played under the formula 'made: 10+b; "
        "missed: -b' (bid made, 10 + the bid; bid missed, minus the bid)); the game is not "
        "changed."
    )


def test_a_rescored_sheet_names_each_formula_and_what_it_scores_in_dutch(
    dutch: None, ohhell: Ohhell
) -> None:
    ohhell.ok(*FORMULA_GAME)
    out = ohhell.ok("show", "--scoring", "made: 5+t; missed: -d")
    assert out.splitlines()[0] == (
        "Alsof geteld met de formule 'made: 5+t; missed: -d' (bod gehaald, 5 + de gehaalde "
        "slagen; bod gemist, min het verschil) (gespeeld met de formule 'made: 10+b; missed: "
        "-b' (bod gehaald, 10 + het bod; bod gemist, min het bod)); het spel verandert niet."
    )


def test_rescoring_an_unfinished_game_rescores_the_hands_so_far(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", *RULES)
    ohhell.ok("bid", "1", "0", "1")
    ohhell.ok("tricks", "2", "0", "0")
    sheet = ohhell.sheet("--scoring", "exact")
    assert sheet["totals"] == {"Ann": 0, "Bob": 0, "Cat": 10}
    assert sheet["next"]["hand"] == 2


def test_an_unknown_scheme_is_a_malformed_command(ohhell: Ohhell) -> None:
    play(ohhell, "played")
    assert "not a scoring scheme" in ohhell.refused("show", "--scoring", "double", code=2)
