"""The sheet people read, `list` and `delete` (issue 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import Ohhell

SEVEN = ("Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fred", "Gus")


def seven_players_two_hands(ohhell: Ohhell) -> None:
    """7 players, hands of 7 then 6, the second half bid: a sheet with every kind of row."""
    ohhell.ok("new", *SEVEN, "--hands", "7-5", "--rules", "cartier", "--decks", "2", "-g", "big")
    ohhell.ok("bid", "1", "1", "1", "1", "1", "1", "0")
    ohhell.ok("trump", "spades")
    ohhell.ok("tricks", "1", "1", "1", "1", "1", "1", "1")
    ohhell.ok("bid", "0", "0", "0", "0", "0", "0", "2")


def sheet_at(width: int) -> str:
    from ohhell_score.domain.game import progress
    from ohhell_score.storage import games
    from ohhell_score.views import plain

    return "\n".join(plain.sheet_lines(progress(games.load("big")), width, plain.Styler(None)))


def test_seven_players_fit_80_columns(ohhell: Ohhell) -> None:
    seven_players_two_hands(ohhell)
    lines = sheet_at(80).splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert not any(line.rstrip().endswith("…") for line in lines if "/" in line)


def test_the_compact_sheet_keeps_each_players_cell_and_total(ohhell: Ohhell) -> None:
    seven_players_two_hands(ohhell)
    text = sheet_at(80)
    first = next(line for line in text.splitlines() if line.lstrip().startswith("1 "))
    # seats clockwise: Annabelle dealt and bid last
    assert re.findall(r"\d/\d✓? +\d+", first) == ["0/1    1"] + ["1/1✓  11"] * 6
    assert "Annabelle" in text and "Bartholomew" in text  # in the header or the legend


def test_the_full_sheet_shows_each_hands_score_and_dealer_when_it_fits(ohhell: Ohhell) -> None:
    seven_players_two_hands(ohhell)
    text = sheet_at(160)
    assert "deals" in text
    assert "1/1✓ +11  11" in text
    assert "Players, clockwise" not in text


def test_the_sheet_marks_made_bids_leaders_and_the_current_hand_without_colour(
    ohhell: Ohhell,
) -> None:
    seven_players_two_hands(ohhell)
    out = ohhell.ok("show")
    assert "\x1b[" not in out  # NO_COLOR, and not a terminal
    assert "✓" in out
    current = next(line for line in out.splitlines() if line.startswith("▶2"))
    assert "2/·" in current
    totals = next(line for line in out.splitlines() if "11★" in line)
    assert totals.count("★") == 6  # every player but the dealer made it: six share the lead


# --- list ------------------------------------------------------------------------------


def test_list_shows_hand_k_of_k_leader_and_last_played_newest_first(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "older", "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "newer")
    out = ohhell.ok("list")
    header = out.splitlines()[0].split()
    assert header == ["id", "players", "rules", "hand", "leader", "last", "played"]
    assert out.index("newer") < out.index("older")
    older = next(line for line in out.splitlines() if line.startswith("older"))
    assert "2 of 2" in older and "Bob" in older
    # The rules say how the game differs from its preset (the changes alone).
    assert "classic · 2 hands · hands 2-1 · trump: none" in older
    newer = next(line for line in out.splitlines() if line.startswith("newer"))
    assert "classic · 19 hands   " in newer


def test_list_shows_a_finished_game_as_done(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "one")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "1", "0", "0")
    line = next(x for x in ohhell.ok("list").splitlines() if x.startswith("one"))
    assert "done (1)" in line and "Bob" in line


# --- delete ----------------------------------------------------------------------------


def test_delete_yes_removes_the_game_and_its_files(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "gone", "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")
    ohhell("play", input="1\n")  # typed tricks kept beside the game
    assert (data_dir / "gone.tricks").exists()
    assert "Deleted game gone." in ohhell.ok("delete", "gone", "--yes")
    # all but the (empty) lock file, which a command waiting on it still relies on
    assert sorted(p.name for p in data_dir.iterdir() if "gone" in p.name) == ["gone.lock"]
    ohhell.refused("show", "-g", "gone")


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """`delete` asks only where someone can answer: as if typed at a terminal."""
    monkeypatch.setattr("ohhell_score.cli.play.can_ask", lambda: True)


def test_delete_without_a_terminal_says_to_use_yes_and_keeps_the_game(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "kept")
    result = ohhell("delete", "kept", input="y\n")
    assert result.exit_code == 1
    assert (
        result.stderr
        == "ohhell: delete asks first, and there is no terminal to ask on: use --yes\n"
    )
    assert "Delete game" not in result.stdout
    ohhell.ok("show", "-g", "kept")


@pytest.mark.usefixtures("at_a_terminal")
def test_delete_asks_first_and_keeps_the_game_on_no(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "kept")
    result = ohhell("delete", "kept", input="n\n")
    assert "Delete game kept (Ann, Bob, Cat; 0 hands of 19 played)?" in result.stdout
    assert result.exit_code == 1
    ohhell.ok("show", "-g", "kept")


@pytest.mark.usefixtures("at_a_terminal")
def test_delete_asks_first_and_deletes_on_yes(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "asked")
    result = ohhell("delete", "asked", input="y\n")
    assert result.exit_code == 0
    ohhell.refused("show", "-g", "asked")


@pytest.mark.parametrize("game_id", ["nope", "Not An Id"])
def test_delete_of_no_such_game_is_refused(ohhell: Ohhell, game_id: str) -> None:
    assert "ohhell:" in ohhell.refused("delete", game_id, "--yes")


def test_thirteen_cards_to_seven_players_still_fit_80_columns(ohhell: Ohhell) -> None:
    """Two decks, progressive scoring: wide cells leave only bid/tricks, totals below."""
    ohhell.ok(
        "new",
        *SEVEN,
        *("--rules", "cartier", "--decks", "2", "--hands", "13,12", "--scoring", "progressive"),
        *("-g", "big"),
    )
    ohhell.ok("bid", "12", "0", "0", "0", "0", "0", "0")
    ohhell.ok("trump", "s")
    ohhell.ok("tricks", "12", "1", "0", "0", "0", "0", "0")
    lines = sheet_at(80).splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "12/12✓" in next(line for line in lines if line.lstrip().startswith("1 "))
    totals = next(line for line in lines if "★" in line)
    assert totals.split() == ["Σ", "10", "154★", "-1", "10", "10", "10", "10"]
