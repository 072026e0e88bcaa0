"""What real tables do (docs/scripting.md, `finish` and `adjust`; docs/rules.md,
"Stopping early" and "Penalties and bonuses"): a table stops after a hand, gives a
penalty or a bonus by hand, and `undo` takes either back.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Ohhell
from tests.scripted import ok, refused, sheet
from tests.test_board import PATIENCE, page_of, request, start

FOUR = ("Ann", "Bob", "Cat", "Dan")
#: Bids and tricks in bidding order for each of the hands 5, 4 and 3 of `--hands 5-1`.
HANDS = (
    (("1", "1", "1", "0"), ("1", "1", "1", "2")),
    (("1", "1", "1", "0"), ("1", "1", "1", "1")),
    (("1", "1", "0", "0"), ("1", "1", "0", "1")),
)


def three_hands_played() -> None:
    """A game of five hands (5 down to 1 cards), three of them played: Dan leads with 33."""
    ok("new", *FOUR, "--hands", "5-1", "--trump", "none", "-g", "fri")
    for bids, tricks in HANDS:
        ok("bid", *bids)
        ok("tricks", *tricks)


def test_a_game_finished_after_hand_3_shows_its_winners_and_is_rated(data_dir: Path) -> None:
    """docs/scripting.md `finish`: finished, next null, winners by the totals, `hands`
    only those played, `rules.hands` the plan, `list`'s hands_total the hands played;
    `stats` and `ratings` count it."""
    three_hands_played()
    assert ok("finish") == "Game over (finished after hand 3 of 5): Dan wins with 33.\n"
    state = sheet()
    assert (state["finished"], state["next"], state["winners"]) == (True, None, ["Dan"])
    assert [h["number"] for h in state["hands"]] == [1, 2, 3]
    assert state["rules"]["hands"] == [5, 4, 3, 2, 1]
    assert state["totals"] == {"Ann": 24, "Bob": 22, "Cat": 23, "Dan": 33}
    (listed,) = json.loads(ok("list", "--json"))
    assert (listed["hands_played"], listed["hands_total"], listed["finished"]) == (3, 3, True)
    assert "Game over (finished after hand 3 of 5): Dan wins with 33." in ok("show")
    assert "  done after 3 of 5   Dan   " in ok("list")
    rated = json.loads(ok("ratings", "--json"))
    assert rated["games"] == 1 and rated["players"][0]["name"] == "Dan"
    assert ok("stats").startswith("1 finished game.")


def test_undo_reopens_a_finished_game(data_dir: Path) -> None:
    """docs/scripting.md `finish`: it is an entry: `undo` takes it back and the game
    goes on at hand 4."""
    three_hands_played()
    ok("finish")
    assert ok("undo").startswith("Took back the finish after hand 3.\nHand 4 of 5")
    state = sheet()
    assert (state["finished"], state["next"]["hand"], len(state["hands"])) == (False, 4, 5)
    assert json.loads(ok("ratings", "--json"))["games"] == 0
    ok("bid", "0")


@pytest.mark.parametrize(
    ("first", "says"),
    [
        ((), "ohhell: no hand is scored yet: a game finishes after a scored hand\n"),
        (
            (("bid", "1"),),
            "ohhell: hand 4 has begun (a bid or a trump is in): undo those entries to finish "
            "after hand 3, or finish once hand 4 is scored\n",
        ),
        (
            (("finish",),),
            "ohhell: game fri is finished: the table stopped after hand 3 of 5\n",
        ),
    ],
    ids=["before any hand", "a bid in", "finished"],
)
def test_finish_is_refused_before_a_hand_mid_hand_and_once_finished(
    data_dir: Path, first: tuple[tuple[str, ...], ...], says: str
) -> None:
    if first:
        three_hands_played()
    else:
        ok("new", *FOUR, "--hands", "5-1", "--trump", "none", "-g", "fri")
    for entry in first:
        ok(*entry)
    assert refused(data_dir, "finish") == says


def test_finish_is_refused_once_the_trump_is_in(data_dir: Path) -> None:
    """docs/scripting.md `finish`: not while the current hand has a trump."""
    ok("new", *FOUR, "--hands", "2,1", "--trump", "cut", "-g", "cut")
    ok("trump", "hearts")
    ok("bid", "1", "0", "0", "0")
    ok("tricks", "1", "0", "1", "0")
    ok("trump", "spades")
    assert "hand 2 has begun" in refused(data_dir, "finish")


def test_nothing_more_is_entered_in_a_game_finished_early(data_dir: Path) -> None:
    three_hands_played()
    ok("finish")
    says = "ohhell: game fri is finished: the table stopped after hand 3 of 5\n"
    assert refused(data_dir, "bid", "1") == says
    assert "seats no longer change" in refused(data_dir, "seat", "leave", "Ann")


def test_an_adjustment_changes_the_totals_and_is_undone(data_dir: Path) -> None:
    """docs/scripting.md `adjust`: in the hand's `adjustments` (summed), its `scores` and
    the `totals`; `undo` takes it back."""
    three_hands_played()
    before = sheet()
    said = ok("adjust", "Dan", "-10", "--hand", "2", "--reason", "revoke")
    assert said.startswith(
        "Points adjusted in hand 2: Dan -10 (revoke)\n"
        "Totals after hand 3 of 5: Ann 24 ★, Bob 22, Cat 23, Dan 23.\n"
    )
    ok("adjust", "dan", "3", "--hand", "2")
    state = sheet()
    hand = state["hands"][1]
    assert hand["adjustments"] == {"Dan": -7}
    assert hand["scores"]["Dan"] == before["hands"][1]["scores"]["Dan"] - 7
    assert state["totals"]["Dan"] == 26
    assert "adjustments" not in state["hands"][0]
    assert ok("undo").startswith("Took back Dan's +3 in hand 2.")
    assert ok("undo").startswith("Took back Dan's -10 in hand 2.")
    assert sheet() == before


def test_adjust_takes_a_negative_number_as_points_as_typed(both_paths: str, data_dir: Path) -> None:
    """`ohhell adjust Bob -10` works as typed: -10 is points, not an option; the last
    scored hand by default."""
    three_hands_played()
    ok("adjust", "Bob", "-10")
    assert sheet()["hands"][2]["adjustments"] == {"Bob": -10}


def test_the_installed_program_reads_a_negative_adjustment(data_dir: Path) -> None:
    """The console script, as a shell runs it: no option parser takes -10 for an option."""
    three_hands_played()
    env = {**os.environ, "OHHELL_DATA_DIR": str(data_dir)}
    done = subprocess.run(
        [sys.executable, "-m", "ohhell_score", "adjust", "Cat", "-10", "--reason", "misdeal"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert sheet()["hands"][2]["adjustments"] == {"Cat": -10}


@pytest.mark.parametrize("points", ["-1000000", "1000000"])
def test_an_adjustment_of_a_million_either_way_is_taken(data_dir: Path, points: str) -> None:
    three_hands_played()
    ok("adjust", "Ann", points)
    assert sheet()["hands"][2]["adjustments"] == {"Ann": int(points)}


@pytest.mark.parametrize("points", ["-1000001", "1000001", "1.5", "ten", "--5"])
def test_points_out_of_range_or_not_a_whole_number_are_malformed(
    data_dir: Path, points: str
) -> None:
    """docs/scripting.md `adjust`: out of -1,000,000..1,000,000 or not an integer: exit 2."""
    three_hands_played()
    refused(data_dir, "adjust", "Ann", points, code=2)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--hand", "4"), "ohhell: hand 4 is not scored yet: only a scored hand is adjusted\n"),
        (("--hand", "9"), "ohhell: no hand 9: game fri has hands 1 to 5\n"),
        (("--hand", "0"), "ohhell: no hand 0: game fri has hands 1 to 5\n"),
    ],
)
def test_an_adjustment_of_a_hand_not_scored_is_refused(
    data_dir: Path, args: tuple[str, ...], says: str
) -> None:
    three_hands_played()
    assert refused(data_dir, "adjust", "Ann", "5", *args) == says


def test_an_adjustment_of_someone_not_at_the_table_is_refused(data_dir: Path) -> None:
    three_hands_played()
    says = refused(data_dir, "adjust", "Zed", "5")
    assert says == "ohhell: no player 'Zed' at the table: Dan, Ann, Bob, Cat\n"


def test_a_finished_game_is_adjusted_and_its_winners_follow_the_totals(data_dir: Path) -> None:
    """docs/scripting.md `adjust`: a finished game may be adjusted (its winners follow)."""
    three_hands_played()
    ok("finish")
    ok("adjust", "Dan", "-10", "--reason", "revoke")
    state = sheet()
    assert (state["finished"], state["winners"]) == (True, ["Ann"])


def test_an_adjustment_shows_on_every_surface_with_its_reason(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """docs/scripting.md `adjust`: the sheet, the exports and the history show it and
    its reason; the hand is marked ! where the sheet numbers it."""
    three_hands_played()
    ok("adjust", "Bob", "-10", "--hand", "2", "--reason", "revoke")
    said = "Points adjusted in hand 2: Bob -10 (revoke)"
    shown = ok("show")
    assert said in shown and "\n 2! " in shown
    assert said in ok("export", "--format", "md")
    assert "| 2! |" in ok("export", "--format", "md")
    assert said in ok("export", "--format", "html")
    long = ok("export", "--format", "csv").splitlines()
    assert long[0].endswith(",note,adjusted")
    assert long[5].startswith("2,4,Bob,") and long[5].endswith(",Bob -10 (revoke)")
    assert long[1].endswith(",,")  # hand 1 has none
    assert ok("history").splitlines()[-1].endswith("hand 2    adjusted: Bob -10 (revoke)")
    ok("finish")
    assert (
        ok("history")
        .splitlines()[-1]
        .endswith("the table stops: the game is finished after hand 3")
    )
    exported = json.loads(ok("export", "--format", "json"))
    ok("delete", "fri", "--yes")
    path = data_dir / "fri.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    ok("import", str(path), "--game", "back")
    assert sheet("-g", "back")["hands"][1]["adjustments"] == {"Bob": -10}
    assert sheet("-g", "back")["finished"] is True


def test_the_sheet_in_dutch_says_the_early_finish_and_the_adjustment(
    dutch: None, data_dir: Path
) -> None:
    three_hands_played()
    ok("adjust", "Bob", "-10", "--reason", "verzaakt")
    ok("finish")
    shown = ok("show")
    assert "Punten aangepast in ronde 3: Bob -10 (verzaakt)" in shown
    assert "Spel afgelopen (afgelopen na ronde 3 van 5): Dan wint met 33." in shown
    history = ok("history").splitlines()
    assert history[-2].endswith("aangepast: Bob -10 (verzaakt)")
    assert history[-1].endswith("de tafel stopt: het spel is afgelopen na ronde 3")
    assert "  klaar na 3 van 5  " in ok("list")
    ok("undo")
    assert (
        ok("history")
        .splitlines()[-1]
        .endswith("undo: het einde teruggenomen; het spel gaat verder")
    )


def test_eight_players_play_a_whole_1_6_1_game_on_one_pack(data_dir: Path) -> None:
    """docs/rules.md "Rule parameters": 8 players on one pack at hands up to 6
    (`--hands 1-6-1`, 48 cards; 49 with an upcard)."""
    eight = ("A", "B", "C", "D", "E", "F", "G", "H")
    ok("new", *eight, "--hands", "1-6-1", "-g", "eight")
    assert sheet()["rules"]["deck"] == 52
    for cards in (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1):
        ok("trump", "hearts")
        # Everyone bids 0 but the dealer, who bids 1 (the hook forbids 0 only at 1 card).
        ok("bid", *(["0"] * 7), "1" if cards > 1 else "0")
        ok("tricks", *(["0"] * 7), str(cards))
    state = sheet()
    assert state["finished"] is True and len(state["hands"]) == 11


def test_eight_players_at_10_1_are_refused_with_both_ways_out(data_dir: Path) -> None:
    """docs/rules.md "Rule parameters": the refusal names the cards needed and both ways
    out (`--decks 2`, or smaller hands)."""
    eight = ("A", "B", "C", "D", "E", "F", "G", "H")
    assert refused(data_dir, "new", *eight, "--hands", "10-1") == (
        "ohhell: 10 cards to each of 8 players needs 80 cards; the deck has 52: give "
        "--decks 2, or deal at most 6 cards a hand\n"
    )
    ok("new", *eight, "--hands", "10-1", "--decks", "2")


def test_the_board_serves_the_adjustment_and_the_early_finish(data_dir: Path) -> None:
    """docs/scripting.md "The live board": `/state.json` is `show --json` after `adjust`
    and `finish` (over a real socket); the page shows the adjustment with its reason and
    the table stopping early."""
    three_hands_played()
    server, thread, board = start("fri")
    try:
        ok("adjust", "Bob", "-10", "--hand", "2", "--reason", "revoke")
        ok("finish")
        status, _headers, body = request(board, "/state.json")
        assert status == 200 and json.loads(body) == sheet()
        status, _headers, page = request(board, "/")
        assert status == 200
        assert "Points adjusted in hand 2: Bob -10 (revoke)" in page.decode()
    finally:
        server.stop()
        thread.join(PATIENCE)
    main = page_of("fri")
    notes = [p.text() for p in main.one("section", "sheetbox").one("div", "notes").all("p")]
    assert "Points adjusted in hand 2: Bob -10 (revoke)" in notes
    assert main.one("section", "now").text() == (
        "Game over (finished after hand 3 of 5): Dan wins with 33."
    )


def test_an_adjustment_of_a_player_who_did_not_play_that_hand_is_refused(
    data_dir: Path,
) -> None:
    """docs/scripting.md `adjust`: refused for a name not seated in that hand (Eve sat
    down after hand 3)."""
    three_hands_played()
    ok("seat", "join", "Eve")
    assert refused(data_dir, "adjust", "eve", "5", "--hand", "3") == (
        "ohhell: Eve did not play hand 3: Dan, Ann, Bob, Cat\n"
    )


def test_a_game_file_is_schema_3_only_once_it_holds_an_adjustment_or_a_finish(
    data_dir: Path,
) -> None:
    """docs/file-format.md: a game with neither stays schema 2, which an older ohhell
    reads; an adjustment (or its undo, kept in the history) makes it schema 3."""
    three_hands_played()
    path = data_dir / "fri.json"
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 2
    ok("adjust", "Dan", "-10")
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 3
    ok("undo")
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 3


def test_plays_keys_for_an_adjustment_and_a_stop_speak_dutch(dutch: None, ohhell: Ohhell) -> None:
    """At a Dutch table `?` lists a and f, and their questions and answers are Dutch
    (`j` for yes)."""
    three_hands_played()
    answers = ["?", "a", "Bob", "-10", "verzaakt", "f", "j"]
    out = ohhell("play", input="".join(f"{a}\n" for a in answers)).stdout
    assert "  a  pas een score aan in de laatste getelde ronde" in out
    assert "  f  einde: de tafel stopt hier, na de laatste getelde ronde (vraagt eerst)" in out
    assert "Wiens score in ronde 3 aanpassen (Dan, Ann, Bob, Cat; Enter: niemand)? " in out
    assert "Punten aangepast in ronde 3: Bob -10 (verzaakt)" in out
    assert "Het spel stoppen na ronde 3 van 5" in out
    assert "Spel afgelopen (afgelopen na ronde 3 van 5): Dan wint met 33." in out
    assert sheet()["finished"] is True


def test_delete_asks_about_a_game_stopped_early_as_such(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ohhell_score.cli import play as play_area

    monkeypatch.setattr(play_area, "can_ask", lambda: True)
    three_hands_played()
    ok("finish")
    out = ohhell("delete", "fri", input="n\n").stdout
    assert "finished after hand 3 of 5" in out
    assert sheet("-g", "fri")["finished"] is True
