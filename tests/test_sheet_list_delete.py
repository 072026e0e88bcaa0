"""The sheet people read, `list` and `delete`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ohhell_score.actions.saved import current
from tests.conftest import Ohhell
from tests.tournament_helpers import play_cli

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


def test_list_without_games_says_how_to_start_one(ohhell: Ohhell) -> None:
    assert ohhell.ok("list") == "No games yet: start one with `ohhell new PLAYER...`.\n"


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
def test_delete_says_how_far_the_game_is_one_hand_or_finished(ohhell: Ohhell) -> None:
    """The question names one hand played in the singular, and a game over as finished."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "kept", "--hands", "2,1", "--trump", "none")
    ohhell.ok("bid", "0", "1", "0")
    ohhell.ok("tricks", "1", "1", "0")
    asked = ohhell("delete", "kept", input="n\n").stdout
    assert "Delete game kept (Ann, Bob, Cat; 1 hand of 2 played)?" in asked
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "0", "1", "0")
    asked = ohhell("delete", "kept", input="n\n").stdout
    assert "Delete game kept (Ann, Bob, Cat; finished)?" in asked


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


# --- which game is current --------------------------------------------------------


FIELD = [f"P{i}" for i in range(1, 9)]


def home_game(ohhell: Ohhell, game_id: str = "home") -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", game_id)


def test_a_new_tournament_makes_its_first_table_current(ohhell: Ohhell) -> None:
    home_game(ohhell)
    ohhell.ok("tournament", "new", "cup", *FIELD, "--no-shuffle", "--hands", "2,1")
    assert current() == "cup-r1-t1"
    assert ohhell.sheet()["players"] == FIELD[:4]  # `show` without -g: the first table


def test_advance_makes_the_next_rounds_first_table_current(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD, "--no-shuffle", "--hands", "2,1")
    play_cli(ohhell, "cup-r1-t1", FIELD[:4])
    play_cli(ohhell, "cup-r1-t2", FIELD[4:])
    home_game(ohhell)  # played meanwhile: current until the next round is seated
    assert current() == "home"
    ohhell.ok("tournament", "advance", "cup")
    assert current() == "cup-final"


def test_an_advance_refused_after_the_final_leaves_the_current_game(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD, "--no-shuffle", "--hands", "2,1")
    play_cli(ohhell, "cup-r1-t1", FIELD[:4])
    play_cli(ohhell, "cup-r1-t2", FIELD[4:])
    ohhell.ok("tournament", "advance", "cup")
    play_cli(ohhell, "cup-final", ["P1", "P2", "P5", "P6"])
    home_game(ohhell)
    assert "P1 is the champion" in ohhell.refused("tournament", "advance", "cup")
    assert current() == "home"


def test_an_imported_game_becomes_current(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    home_game(ohhell, "kept")
    ohhell.ok("export", "--format", "json", "-o", "kept.json")
    home_game(ohhell, "other")
    ohhell.ok("import", "kept.json", "-g", "back")
    assert current() == "back"
    ohhell.ok("bid", "1", "0", "0")  # without -g: into the imported game
    assert ohhell.sheet("-g", "back")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0, "Ann": 0}
    assert ohhell.sheet("-g", "other")["hands"][0]["bids"] == {}


def test_a_refused_import_leaves_the_current_game(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    home_game(ohhell, "kept")
    ohhell.ok("export", "--format", "json", "-o", "kept.json")
    home_game(ohhell, "other")
    ohhell.refused("import", "kept.json")  # `kept` exists already
    assert current() == "other"


def test_a_restored_game_becomes_current(ohhell: Ohhell) -> None:
    home_game(ohhell, "damaged")
    ohhell.ok("bid", "1", "0", "0")  # the version before is kept as the backup
    home_game(ohhell, "other")
    ohhell.ok("restore", "damaged")
    assert current() == "damaged"
    assert ohhell.sheet()["hands"][0]["bids"] == {}  # `show` without -g: the restored game


def test_deleting_another_game_leaves_the_current_one(ohhell: Ohhell) -> None:
    home_game(ohhell, "old")
    home_game(ohhell, "new")
    ohhell.ok("delete", "old", "--yes")
    assert current() == "new"


def test_deleting_the_current_game_makes_the_newest_left_current(ohhell: Ohhell) -> None:
    home_game(ohhell, "first")
    home_game(ohhell, "second")
    ohhell.ok("bid", "-g", "first", "1")  # `first` changed last: current
    home_game(ohhell, "third")
    ohhell.ok("delete", "third", "--yes")
    assert current() == "first"


def test_collecting_a_table_leaves_the_game_played_here_current(
    ohhell: Ohhell, tmp_path: Path, data_dir: Path
) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD, "--no-shuffle", "--hands", "2,1")
    copy = tmp_path / "laptop.json"
    copy.write_bytes((data_dir / "cup-r1-t2.json").read_bytes())
    home_game(ohhell)
    ohhell.ok("tournament", "collect", "cup", str(copy))
    # A table played on another laptop, brought in (by hand or by --watch at any moment),
    # does not take the place of the game played here: the next `bid` goes on there.
    assert current() == "home"


@pytest.mark.usefixtures("at_a_terminal")
@pytest.mark.parametrize(
    ("answer", "kept"), [("n\n", True), ("\n", True), ("", True), ("y\n", False)]
)
def test_delete_of_a_game_not_current_asks_about_it_whole_and_no_enter_or_ctrl_d_keep_it(
    ohhell: Ohhell, answer: str, kept: bool
) -> None:
    """docs/commands.md `delete`: the question names the game asked about (not the
    current one), its players and how far it is, with No the default; n, Enter alone or
    the end of input keep it and say so (exit 1), y deletes it."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "kept")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "other")  # now the current game
    result = ohhell("delete", "kept", input=answer)
    asked = "Delete game kept (Ann, Bob, Cat; 0 hands of 19 played)? [y/N]: "
    assert result.stdout.startswith(asked)
    if kept:
        assert (result.exit_code, result.stdout.rpartition(": ")[2]) == (1, f"{answer}Kept.\n")
        ohhell.ok("show", "-g", "kept")
    else:
        assert (result.exit_code, result.stdout.rpartition(": ")[2]) == (
            0,
            "y\nDeleted game kept.\n",
        )
        ohhell.refused("show", "-g", "kept")
    ohhell.ok("show", "-g", "other")


@pytest.mark.usefixtures("at_a_terminal")
def test_delete_of_a_game_that_cannot_be_read_says_why_and_deletes_it_on_yes(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """A damaged game can still be deleted (nothing else gets rid of it): the question
    says why it cannot be read."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "broken")
    (data_dir / "broken.json").write_text("{not json", encoding="utf-8")
    why = ohhell.refused("show", "-g", "broken").removeprefix("ohhell: ").rstrip("\n")
    result = ohhell("delete", "broken", input="y\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Delete game broken, which cannot be read ({why})? [y/N]: ")
    assert result.stdout.rpartition("[y/N]: ")[2] == "y\nDeleted game broken.\n"
    assert not (data_dir / "broken.json").exists()
