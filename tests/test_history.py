"""`ohhell history`: every entry and correction in time order; `show` marks corrections.

A game of Ann, Bob, Cat with `--hands 2,1`, no trump: hand 1 is bid Bob, Cat, Ann.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ohhell_score.domain.game import Bid, Correction, Game, Tricks
from ohhell_score.domain.rules import RuleOptions, build_rules
from ohhell_score.storage import games
from ohhell_score.views.history import history
from tests.conftest import Ohhell

NEW = ("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "--hook", "never")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each call of `games.now()` is one second after the last."""
    ticks: Iterator[int] = iter(range(3600))

    def now() -> str:
        t = next(ticks)
        return f"2026-11-27T21:{t // 60:02d}:{t % 60:02d}+01:00"

    monkeypatch.setattr(games, "now", now)


def lines(ohhell: Ohhell, *args: str) -> list[str]:
    return ohhell.ok("history", *args).splitlines()


def events(ohhell: Ohhell) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ohhell.ok("history", "--json"))
    return data


@pytest.mark.usefixtures("clock")
def test_history_lists_entries_with_their_times(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0")
    ohhell.ok("bid", "0")
    ohhell.ok("tricks", "1", "0", "1")
    assert lines(ohhell) == [
        "2026-11-27 21:00:01  hand 1    Bob bids 1",
        "2026-11-27 21:00:01  hand 1    Cat bids 0",
        "2026-11-27 21:00:02  hand 1    Ann bids 0",
        "2026-11-27 21:00:03  hand 1    tricks: Bob 1, Cat 0, Ann 1",
    ]


@pytest.mark.usefixtures("clock")
def test_history_json_gives_each_bid_and_the_tricks(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    said = events(ohhell)
    assert said[0] == {
        "at": "2026-11-27T21:00:01+01:00",
        "kind": "bid",
        "hand": 1,
        "player": "Bob",
        "bid": 1,
    }
    assert said[-1] == {
        "at": "2026-11-27T21:00:02+01:00",
        "kind": "tricks",
        "hand": 1,
        "tricks": {"Bob": 1, "Cat": 0, "Ann": 1},
    }


@pytest.mark.usefixtures("clock")
def test_history_gives_the_time_of_a_trump_and_of_every_seat_change(ohhell: Ohhell) -> None:
    """Each kind of entry keeps its time in the game file (each command reads it back)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "dealer", "-g", "g")
    ohhell.ok("trump", "hearts")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("seat", "replace", "Bob", "Zed")
    ohhell.ok("seat", "join", "Eve", "--after", "Ann")
    ohhell.ok("seat", "leave", "Eve")
    said = lines(ohhell)
    assert said[0] == "2026-11-27 21:00:01  hand 1    trump: hearts ♥"
    assert said[-3:] == [
        "2026-11-27 21:00:04  hand 2    seat: Zed takes Bob's seat",
        "2026-11-27 21:00:05  hand 2    seat: Eve joins after Ann",
        "2026-11-27 21:00:06  hand 2    seat: Eve leaves the table",
    ]


@pytest.mark.usefixtures("clock")
def test_an_undone_trump_and_an_undone_seat_change_say_what_was_taken_back(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "dealer", "-g", "g")
    ohhell.ok("trump", "hearts")
    ohhell.ok("undo")
    ohhell.ok("seat", "replace", "Bob", "Zed")
    ohhell.ok("undo")
    assert lines(ohhell) == [
        "2026-11-27 21:00:02  hand 1  * undo: took back the trump (hearts ♥)",
        "2026-11-27 21:00:04  hand 1  * undo: took back Zed taking Bob's seat from hand 1",
    ]
    assert [(e["what"], e["old"]) for e in events(ohhell)] == [
        ("trump", {"trump": "hearts"}),
        ("seat", {"change": "Zed taking Bob's seat from hand 1"}),
    ]


@pytest.mark.usefixtures("clock")
def test_an_edit_shows_the_old_and_new_values_and_the_entry_as_first_entered(
    ohhell: Ohhell,
) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    said = ohhell.ok("edit", "1", "tricks", "Cat=1", "Ann=0")
    assert said.splitlines()[0] == "Hand 1 tricks corrected: Cat=1, Ann=0."
    assert lines(ohhell)[-2:] == [
        "2026-11-27 21:00:02  hand 1    tricks: Bob 1, Cat 0, Ann 1",
        "2026-11-27 21:00:03  hand 1  * tricks corrected: Cat 0 → 1, Ann 1 → 0",
    ]
    assert events(ohhell)[-1] == {
        "at": "2026-11-27T21:00:03+01:00",
        "kind": "edit",
        "hand": 1,
        "what": "tricks",
        "old": {"Cat": 0, "Ann": 1},
        "new": {"Cat": 1, "Ann": 0},
    }


@pytest.mark.usefixtures("clock")
def test_two_edits_of_one_bid_each_show_their_step(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    assert ohhell.ok("edit", "1", "bids", "Ann=2").startswith("Hand 1 bids corrected: Ann=2.\n")
    ohhell.ok("edit", "1", "bids", "Ann=1")
    assert [e for e in lines(ohhell) if "Ann" in e and "tricks:" not in e] == [
        "2026-11-27 21:00:01  hand 1    Ann bids 0",
        "2026-11-27 21:00:03  hand 1  * bids corrected: Ann 0 → 2",
        "2026-11-27 21:00:04  hand 1  * bids corrected: Ann 2 → 1",
    ]


@pytest.mark.usefixtures("clock")
def test_an_undo_is_in_the_history_with_what_it_took_back(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("undo")
    ohhell.ok("bid", "Ann=1")
    assert lines(ohhell)[-3:] == [
        "2026-11-27 21:00:01  hand 1    Cat bids 0",
        "2026-11-27 21:00:02  hand 1  * undo: took back Ann's bid of 0",
        "2026-11-27 21:00:03  hand 1    Ann bids 1",
    ]


@pytest.mark.usefixtures("clock")
def test_undone_tricks_show_the_tricks_taken_back(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "2", "0", "0")
    ohhell.ok("undo")
    ohhell.ok("tricks", "1", "0", "1")
    assert [e["kind"] for e in events(ohhell)] == ["bid", "bid", "bid", "undo", "tricks"]
    assert lines(ohhell)[3].endswith("* undo: took back the tricks (Bob 2, Cat 0, Ann 0)")


def test_corrections_in_the_same_second_as_entries_keep_the_order_they_were_made() -> None:
    """One-second times: an undo comes before the entry that replaced what it took back;
    an edit of hand 1 comes after hand 1's tricks and before hand 2's bids."""
    at = "2026-11-27T21:00:00+01:00"
    game = Game(
        "g",
        ("Ann", "Bob", "Cat"),
        build_rules("classic", 3, RuleOptions(hands="2,1", trump="none", hook="never")),
        entries=(
            Bid(1, "Bob", 1, at),
            Bid(1, "Cat", 0, at),
            Bid(1, "Ann", 1, at),
            Tricks(1, (("Bob", 1), ("Cat", 0), ("Ann", 1)), at),
            Bid(2, "Cat", 0, at),
        ),
        history=(
            Correction("undo", at, 1, "bids", (("Ann", 0),), ()),
            Correction("edit", at, 1, "tricks", (("Cat", 1), ("Ann", 0)), (("Cat", 0), ("Ann", 1))),
        ),
    )
    kinds = [(e.kind, e.hand) for e in history(game)]
    assert kinds == [
        ("bid", 1),
        ("bid", 1),
        ("undo", 1),
        ("bid", 1),
        ("tricks", 1),
        ("edit", 1),
        ("bid", 2),
    ]
    tricks = next(e for e in history(game) if e.kind == "tricks")
    assert tricks.values == (("Bob", 1), ("Cat", 1), ("Ann", 0))  # as first entered


@pytest.mark.usefixtures("clock")
def test_history_says_a_carried_total_and_a_newcomers_points(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("seat", "replace", "Bob", "Zed", "--carry")
    ohhell.ok("seat", "join", "Eve", "--after", "Ann", "--score", "7")
    assert [line.split("  ")[-1] for line in lines(ohhell)[-2:]] == [
        "seat: Zed takes Bob's seat, carrying Bob's total",
        "seat: Eve joins after Ann with 7 points",
    ]
    assert [e["seat"] for e in events(ohhell)[-2:]] == [
        {"replace": "Bob", "by": "Zed", "carry": 1},
        {"join": "Eve", "after": "Ann", "score": 7},
    ]


@pytest.fixture
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every change in the same second: only the shape of the game orders them."""
    monkeypatch.setattr(games, "now", lambda: "2026-11-27T21:00:00+01:00")


@pytest.mark.usefixtures("stopped_clock")
@pytest.mark.parametrize("trump", ["dealer", "named"])
def test_trumps_seat_changes_and_their_undos_in_one_second_keep_the_order_made(
    ohhell: Ohhell, trump: str
) -> None:
    """The dealer names trump before the bids, the highest bidder after them: either
    way each entry kept and each undo (saying what it took back) is listed where it
    was made."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", trump, "-g", "g")
    made = []
    if trump == "dealer":
        ohhell.ok("trump", "h")
        ohhell.ok("undo")
        ohhell.ok("trump", "s")
        made = ["* undo: took back the trump (hearts ♥)", "trump: spades ♠"]
    ohhell.ok("bid", "2", "0", "0", "1")
    made += ["Bob bids 2", "Cat bids 0", "Dan bids 0", "Ann bids 1"]
    if trump == "named":
        ohhell.ok("trump", "h")
        ohhell.ok("undo")
        ohhell.ok("trump", "s")
        made += ["* undo: took back the trump (hearts ♥)", "trump: spades ♠"]
    ohhell.ok("tricks", "2", "0", "0", "0")
    ohhell.ok("undo")
    ohhell.ok("tricks", "1", "0", "0", "1")
    ohhell.ok("seat", "replace", "Bob", "Zed")
    ohhell.ok("undo")
    ohhell.ok("seat", "leave", "Cat")
    made += [
        "* undo: took back the tricks (Bob 2, Cat 0, Dan 0, Ann 0)",
        "tricks: Bob 1, Cat 0, Dan 0, Ann 1",
        "* undo: took back Zed taking Bob's seat from hand 2",
        "seat: Cat leaves the table",
    ]
    if trump == "dealer":
        ohhell.ok("trump", "c")
        made.append("trump: clubs ♣")
    ohhell.ok("bid", "0")  # Dan, left of Bob (dealer), bids first now Cat has gone
    ohhell.ok("undo")
    made.append("* undo: took back Dan's bid of 0")
    said = [line.split("  ", 2)[2].strip() for line in lines(ohhell)]
    assert said == made


@pytest.mark.usefixtures("stopped_clock")
def test_an_edit_in_the_second_of_its_hands_tricks_comes_after_them_at_a_grown_table(
    ohhell: Ohhell,
) -> None:
    """After a join the hand has more seats than the game began with: its edit still
    comes after its tricks."""
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("seat", "join", "Eve", "--after", "Ann")
    ohhell.ok("bid", "0", "0", "0", "0")
    ohhell.ok("tricks", "0", "0", "0", "1")
    ohhell.ok("edit", "2", "tricks", "Ann=1", "Eve=0")
    said = [line.split("  ", 2)[2].strip() for line in lines(ohhell)]
    assert said[-2:] == [
        "tricks: Bob 0, Cat 0, Ann 0, Eve 1",
        "* tricks corrected: Ann 0 → 1, Eve 1 → 0",
    ]


@pytest.mark.usefixtures("clock")
def test_show_marks_a_hand_corrected_by_edit(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    assert "corrected" not in ohhell.ok("show")
    ohhell.ok("edit", "1", "bids", "Ann=1")
    sheet = ohhell.ok("show").splitlines()
    assert any(line.split()[:1] == ["1*"] for line in sheet)
    assert "* a hand that was corrected after it was scored" in sheet


def test_history_of_a_new_game_says_nothing_was_entered(ohhell: Ohhell) -> None:
    ohhell.ok(*NEW)
    assert ohhell.ok("history") == "Nothing entered yet.\n"


def test_history_of_an_unknown_game_is_refused(ohhell: Ohhell) -> None:
    assert "no game 'nope'" in ohhell.refused("history", "-g", "nope")


@pytest.mark.usefixtures("stopped_clock")
def test_undos_in_one_second_keep_the_order_made_at_a_table_grown_before_each_hand(
    ohhell: Ohhell,
) -> None:
    """A player joins before hand 1 and another before hand 2, the last: each hand has
    more seats than the game began with, and an undo of a later bid or of the trump
    named after the bids is still listed where it was made."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "named", "-g", "g")
    ohhell.ok("seat", "join", "Dan", "--after", "Cat")
    ohhell.ok("bid", "1", "0", "0", "0")
    ohhell.ok("trump", "h")
    ohhell.ok("undo")
    ohhell.ok("trump", "s")
    ohhell.ok("tricks", "1", "0", "0", "1")
    ohhell.ok("seat", "join", "Eve", "--after", "Dan")
    ohhell.ok("bid", "0", "1")
    ohhell.ok("undo")
    ohhell.ok("bid", "0", "0", "0", "0")
    ohhell.ok("trump", "h")
    ohhell.ok("undo")
    ohhell.ok("trump", "c")
    said = [line.split("  ", 2)[2].strip() for line in lines(ohhell)]
    assert said == [
        "seat: Dan joins after Cat",
        "Bob bids 1",
        "Cat bids 0",
        "Dan bids 0",
        "Ann bids 0",
        "* undo: took back the trump (hearts ♥)",
        "trump: spades ♠",
        "tricks: Bob 1, Cat 0, Dan 0, Ann 1",
        "seat: Eve joins after Dan",
        "Cat bids 0",
        "* undo: took back Dan's bid of 1",
        "Dan bids 0",
        "Eve bids 0",
        "Ann bids 0",
        "Bob bids 0",
        "* undo: took back the trump (hearts ♥)",
        "trump: clubs ♣",
    ]


@pytest.mark.usefixtures("stopped_clock")
@pytest.mark.parametrize("trump", ["dealer", "named+1=dealer"])
def test_an_undone_first_bid_after_the_trump_of_hand_1_stays_after_it_in_one_second(
    ohhell: Ohhell, trump: str
) -> None:
    """Hand 1's dealer names trump before the bids (by the method or by its exception):
    the first bid taken back in the same second is listed after that trump."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", trump, "-g", "g")
    ohhell.ok("trump", "s")
    ohhell.ok("bid", "2")
    ohhell.ok("undo")
    ohhell.ok("bid", "1")
    said = [line.split("  ", 2)[2].strip() for line in lines(ohhell)]
    assert said == ["trump: spades ♠", "* undo: took back Bob's bid of 2", "Bob bids 1"]


@pytest.mark.usefixtures("clock")
def test_history_json_is_indented_by_two_with_names_as_typed(ohhell: Ohhell) -> None:
    """docs/scripting.md: `history --json` is JSON indented by two, in UTF-8 (a name
    like Zoë as typed, not escaped), as `show --json` is."""
    ohhell.ok("new", "Zoë", "Bob", "Cat", "--hands", "2,1", "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")
    text = ohhell.ok("history", "--json")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n"
    assert '"Zoë"' in text


@pytest.mark.usefixtures("clock")
def test_history_json_gives_a_trump_its_suit_and_a_note_its_text(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "dealer", "-g", "g")
    ohhell.ok("trump", "hearts")
    ohhell.ok("note", "misdeal, redealt by Bob")
    assert events(ohhell) == [
        {"at": "2026-11-27T21:00:01+01:00", "kind": "trump", "hand": 1, "suit": "hearts"},
        {
            "at": "2026-11-27T21:00:02+01:00",
            "kind": "note",
            "hand": 1,
            "text": "misdeal, redealt by Bob",
        },
    ]


def edit_file(gid: str, old: str, new: str) -> None:
    """A game file changed by hand: ``old`` replaced by ``new`` (there at least once)."""
    path = games.game_path(gid)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.usefixtures("clock")
def test_times_without_a_zone_in_a_file_edited_by_hand_are_read_as_local_times(
    ohhell: Ohhell,
) -> None:
    ohhell.ok(*NEW, "-g", "g")
    ohhell.ok("bid", "1")
    ohhell.ok("undo")
    ohhell.ok("bid", "0")
    edit_file("g", "+01:00", "")
    assert lines(ohhell) == [
        "2026-11-27 21:00:02  hand 1  * undo: took back Bob's bid of 1",
        "2026-11-27 21:00:03  hand 1    Bob bids 0",
    ]


@pytest.mark.usefixtures("clock")
def test_an_entry_without_a_time_comes_before_every_timed_one(ohhell: Ohhell) -> None:
    """Even before one dated before 1970, in a file edited by hand."""
    ohhell.ok(*NEW, "-g", "g")
    ohhell.ok("bid", "1", "0")
    ohhell.ok("undo")
    edit_file("g", ', "at": "2026-11-27T21:00:01+01:00"', "")
    edit_file("g", '"at": "2026-11-27T21:00:02+01:00"', '"at": "1969-07-20T20:17:40+00:00"')
    assert lines(ohhell) == [
        "(no time)  hand 1    Bob bids 1",
        "1969-07-20 20:17:40  hand 1  * undo: took back Cat's bid of 0",
    ]


@pytest.mark.usefixtures("clock")
def test_an_undone_trump_that_is_no_suit_in_a_file_edited_by_hand_is_said_as_written(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "dealer", "-g", "g")
    ohhell.ok("trump", "hearts")
    ohhell.ok("undo")
    edit_file("g", '"old": {"trump": "hearts"}', '"old": {"trump": "stars"}')
    assert lines(ohhell) == ["2026-11-27 21:00:02  hand 1  * undo: took back the trump (stars)"]


@pytest.mark.usefixtures("clock")
def test_a_note_and_its_clearing_are_each_a_line_of_the_history(ohhell: Ohhell) -> None:
    """Each in its place in time: after the bids made before it, before those after."""
    ohhell.ok(*NEW)
    ohhell.ok("bid", "1")
    ohhell.ok("bid", "0")
    ohhell.ok("note", "misdeal")
    ohhell.ok("bid", "1")
    ohhell.ok("note", "1", "")
    assert lines(ohhell) == [
        "2026-11-27 21:00:01  hand 1    Bob bids 1",
        "2026-11-27 21:00:02  hand 1    Cat bids 0",
        "2026-11-27 21:00:03  hand 1    note: misdeal",
        "2026-11-27 21:00:04  hand 1    Ann bids 1",
        "2026-11-27 21:00:05  hand 1    note cleared",
    ]


@pytest.mark.usefixtures("clock")
def test_an_edit_without_a_new_value_in_a_file_edited_by_hand_says_a_question_mark(
    ohhell: Ohhell,
) -> None:
    ohhell.ok(*NEW, "-g", "g")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("edit", "1", "bids", "Ann=1")
    edit_file("g", '"new": {"Ann": 1}', '"new": {}')
    assert lines(ohhell)[-1] == "2026-11-27 21:00:03  hand 1  * bids corrected: Ann 0 → ?"
