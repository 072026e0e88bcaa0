"""Entries from the phones (actions/phones.py), in-process: the one door to the game
(the command line's checks and lines), the version a phone saw checked under the lock,
tricks held until another phone confirms them, and the codes kept only the user's.

The board's routes over real sockets are tests/test_entry.py's.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.actions import phones
from ohhell_score.domain.errors import BadValue, GameChanged, Refused
from ohhell_score.domain.rules import Suit
from tests.conftest import Ohhell

ANN, BOB = phones.phone_id("ann's phone"), phones.phone_id("bob's phone")


@pytest.fixture
def game(ohhell: Ohhell) -> None:
    """Game t: Ann, Bob, Cat; 2 cards then 1, no trump, no hook; Bob bids first."""
    options = ("--hands", "2,1", "--trump", "none", "--hook", "never")
    ohhell.ok("new", "Ann", "Bob", "Cat", *options, "-g", "t")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "other")  # the current game: not t


@pytest.fixture
def bid(game: None, ohhell: Ohhell) -> None:
    """Hand 1 bid Bob 1, Cat 0, Ann 1: the tricks are next (and t is not current)."""
    ohhell.ok("bid", "-g", "t", "1", "0", "1")
    ohhell.ok("new", "Gus", "Hal", "Ida", "-g", "later")


def send(body: dict[str, Any], *, phone: str = ANN, confirm: bool = False) -> bool:
    """A phone's entry on game t, made on the version it names (default: the current)."""
    body = {"version": phones.snapshot("t").version, **body}
    return phones.enter("t", phones.parse_request(body), phone=phone, confirm=confirm)


@pytest.mark.usefixtures("game")
def test_a_phones_bid_is_saved_as_ohhell_bid_saves_it(ohhell: Ohhell) -> None:
    assert send({"bids": {"Bob": 1, "Cat": 0}}) is False
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


@pytest.mark.usefixtures("game")
@pytest.mark.parametrize(
    ("body", "args"),
    [
        ({"bids": {"Cat": 1}}, ("bid", "-g", "t", "Cat=1")),
        ({"bids": {"Bob": 3}}, ("bid", "-g", "t", "Bob=3")),
        ({"bids": {"Zed": 1}}, ("bid", "-g", "t", "Zed=1")),
        ({"trump": "hearts"}, ("trump", "-g", "t", "hearts")),
        ({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, ("tricks", "-g", "t", "1", "1", "0")),
        ({"undo": True}, ("undo", "-g", "t")),
    ],
)
def test_a_phone_is_refused_with_the_line_the_command_line_says(
    ohhell: Ohhell, body: dict[str, Any], args: tuple[str, ...]
) -> None:
    before = ohhell.sheet("-g", "t")
    with pytest.raises(Refused) as refused:
        send(body)
    assert ohhell.refused(*args) == f"ohhell: {refused.value}\n"
    assert ohhell.sheet("-g", "t") == before


@pytest.mark.usefixtures("game")
def test_of_two_phones_on_the_same_version_one_is_saved_and_the_other_told(
    ohhell: Ohhell,
) -> None:
    seen = phones.snapshot("t").version
    phones.enter(
        "t", phones.parse_request({"version": seen, "bids": {"Bob": 1}}), phone=ANN, confirm=False
    )
    late = phones.parse_request({"version": seen, "bids": {"Cat": 0}})
    with pytest.raises(GameChanged):
        phones.enter("t", late, phone=BOB, confirm=False)
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1}


@pytest.mark.usefixtures("bid")
@pytest.mark.parametrize(
    "body",
    [
        {"bids": {"Bob": 1}},
        {"trump": "hearts"},
        {"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}},
        {"confirm": True},
        {"undo": True},
    ],
)
@pytest.mark.parametrize("confirm", [False, True])
def test_every_entry_on_an_older_version_is_told_and_saves_nothing(
    ohhell: Ohhell, data_dir: Path, body: dict[str, Any], confirm: bool
) -> None:
    seen = phones.snapshot("t").version
    ohhell.ok("undo", "-g", "t")  # the terminal, meanwhile
    saved = (data_dir / "t.json").read_bytes()
    with pytest.raises(GameChanged):
        phones.enter(
            "t", phones.parse_request({"version": seen, **body}), phone=ANN, confirm=confirm
        )
    assert (data_dir / "t.json").read_bytes() == saved
    assert not (data_dir / "t.held").exists()


@pytest.mark.usefixtures("bid")
def test_a_confirmation_of_tricks_held_anew_since_is_told(ohhell: Ohhell) -> None:
    """Bob's phone saw Ann's tricks; Cat's phone held others meanwhile: Bob's
    confirmation would score tricks Bob never saw."""
    send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, phone=ANN, confirm=True)
    seen = phones.snapshot("t").version
    send({"tricks": {"Ann": 0, "Bob": 1, "Cat": 1}}, phone=phones.phone_id("cat"), confirm=True)
    late = phones.parse_request({"version": seen, "confirm": True})
    with pytest.raises(GameChanged):
        phones.enter("t", late, phone=BOB, confirm=True)
    assert ohhell.sheet("-g", "t")["hands"][0]["tricks"] == {}


@pytest.mark.usefixtures("game")
def test_tricks_are_held_for_the_hand_being_played(ohhell: Ohhell) -> None:
    ohhell.ok("bid", "-g", "t", "1", "0", "1")
    ohhell.ok("tricks", "-g", "t", "1", "0", "1")
    ohhell.ok("bid", "-g", "t", "0", "0", "0")
    send({"tricks": {"Ann": 1, "Bob": 0, "Cat": 0}}, confirm=True)
    assert ohhell.sheet("-g", "t")["next"]["held"] == {"Cat": 0, "Ann": 1, "Bob": 0}
    send({"confirm": True}, phone=BOB, confirm=True)
    assert ohhell.sheet("-g", "t")["hands"][1]["tricks"] == {"Cat": 0, "Ann": 1, "Bob": 0}


@pytest.mark.usefixtures("game")
def test_the_version_changes_with_a_save_by_another_process(ohhell: Ohhell) -> None:
    seen = phones.snapshot("t").version
    assert phones.snapshot("t").version == seen  # nothing saved: the same version
    ohhell.ok("bid", "-g", "t", "1")
    assert phones.snapshot("t").version != seen
    with pytest.raises(GameChanged):
        phones.enter(
            "t", phones.parse_request({"version": seen, "undo": True}), phone=ANN, confirm=False
        )


@pytest.mark.usefixtures("game")
def test_a_version_is_read_as_an_etag_too() -> None:
    seen = phones.snapshot("t").version
    for sent in (f'"{seen}"', f'W/"{seen}"'):
        assert phones.parse_request({"version": sent, "undo": True}).version == seen


@pytest.mark.usefixtures("bid")
def test_tricks_held_are_shown_waiting_and_not_entered(ohhell: Ohhell) -> None:
    before = phones.snapshot("t").version
    assert send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, confirm=True) is True
    state = ohhell.sheet("-g", "t")
    assert state["hands"][0]["tricks"] == {}
    assert state["next"]["step"] == "tricks"
    assert state["next"]["held"] == {"Bob": 1, "Cat": 0, "Ann": 1}  # in bidding order
    assert phones.snapshot("t").state == state
    assert phones.snapshot("t").version != before


@pytest.mark.usefixtures("bid")
def test_held_tricks_are_checked_as_ohhell_tricks_checks_them(ohhell: Ohhell) -> None:
    with pytest.raises(Refused) as refused:
        send({"tricks": {"Ann": 2, "Bob": 1, "Cat": 0}}, confirm=True)
    assert (
        ohhell.refused("tricks", "-g", "t", "Ann=2", "Bob=1", "Cat=0")
        == f"ohhell: {refused.value}\n"
    )
    assert "held" not in ohhell.sheet("-g", "t")["next"]


@pytest.mark.usefixtures("bid")
def test_held_tricks_are_confirmed_by_another_phone_only(ohhell: Ohhell) -> None:
    send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, phone=ANN, confirm=True)
    with pytest.raises(Refused) as same:
        send({"confirm": True}, phone=ANN, confirm=True)
    assert str(same.value) == "another phone must confirm the tricks this phone entered"
    assert ohhell.sheet("-g", "t")["hands"][0]["tricks"] == {}
    assert send({"confirm": True}, phone=BOB, confirm=True) is False
    state = ohhell.sheet("-g", "t")
    assert state["hands"][0]["tricks"] == {"Bob": 1, "Cat": 0, "Ann": 1}
    assert state["next"]["hand"] == 2 and "held" not in state["next"]


@pytest.mark.usefixtures("bid")
def test_a_confirmation_with_nothing_held_is_refused(ohhell: Ohhell) -> None:
    with pytest.raises(Refused) as nothing:
        send({"confirm": True}, phone=BOB, confirm=True)
    assert str(nothing.value) == "no tricks are waiting to be confirmed"


@pytest.mark.usefixtures("bid")
def test_different_tricks_replace_the_held_ones(ohhell: Ohhell) -> None:
    send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, phone=ANN, confirm=True)
    send({"tricks": {"Ann": 0, "Bob": 2, "Cat": 0}}, phone=BOB, confirm=True)
    assert ohhell.sheet("-g", "t")["next"]["held"] == {"Bob": 2, "Cat": 0, "Ann": 0}
    send({"confirm": True}, phone=ANN, confirm=True)
    assert ohhell.sheet("-g", "t")["hands"][0]["tricks"] == {"Bob": 2, "Cat": 0, "Ann": 0}


@pytest.mark.usefixtures("bid")
def test_undo_drops_the_held_tricks_and_keeps_the_bids(ohhell: Ohhell) -> None:
    send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, confirm=True)
    send({"undo": True})
    state = ohhell.sheet("-g", "t")
    assert "held" not in state["next"]
    assert state["hands"][0]["bids"] == {"Bob": 1, "Cat": 0, "Ann": 1}
    send({"undo": True})  # nothing held: the last entry, as `ohhell undo`
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


@pytest.mark.usefixtures("bid")
def test_held_tricks_are_held_no_more_once_the_game_changes(ohhell: Ohhell) -> None:
    send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, confirm=True)
    ohhell.ok("undo", "-g", "t")
    ohhell.ok("bid", "-g", "t", "Ann=0")
    assert "held" not in ohhell.sheet("-g", "t")["next"]
    with pytest.raises(Refused, match="no tricks are waiting"):
        send({"confirm": True}, phone=BOB, confirm=True)


@pytest.mark.usefixtures("bid")
def test_tricks_entered_on_the_command_line_end_the_holding(ohhell: Ohhell, data_dir: Path) -> None:
    send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, confirm=True)
    ohhell.ok("tricks", "-g", "t", "0", "1", "1")
    assert not (data_dir / "t.held").exists()


@pytest.mark.usefixtures("bid")
def test_without_confirmation_a_phones_tricks_are_scored_at_once(ohhell: Ohhell) -> None:
    assert send({"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}}, confirm=False) is False
    assert ohhell.sheet("-g", "t")["hands"][0]["scores"]


NO_VERSION = "no version: send the version of the game the phone last saw"
ONE_AT_A_TIME = "one entry at a time: bids, trump, tricks, confirm or undo"


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ([], "an entry is a JSON object"),
        ({"bids": {"Bob": 1}}, NO_VERSION),
        ({"version": 3, "undo": True}, NO_VERSION),
        ({"version": '""', "undo": True}, NO_VERSION),
        ({"version": "v", "bids": {"Bob": 1}, "undo": True}, ONE_AT_A_TIME),
        ({"version": "v"}, ONE_AT_A_TIME),
        ({"version": "v", "bid": {"Bob": 1}}, "unknown key 'bid'"),
        ({"version": "v", "b" * 100: 1}, f"unknown key '{'b' * 80}…'"),
        ({"version": "v", "bids": {"Bob": "1"}}, "bids are names with whole numbers"),
        ({"version": "v", "bids": {"Bob": True}}, "bids are names with whole numbers"),
        ({"version": "v", "bids": {}}, "bids are names with whole numbers"),
        ({"version": "v", "tricks": [["Bob", 1]]}, "tricks are names with whole numbers"),
        ({"version": "v", "trump": 3}, "trump is a suit's name"),
        ({"version": "v", "confirm": False}, "confirm is true or absent"),
        ({"version": "v", "undo": 1}, "undo is true or absent"),
    ],
)
def test_an_entry_of_the_wrong_form_says_what_is_wrong(body: object, why: str) -> None:
    with pytest.raises(BadValue) as wrong:
        phones.parse_request(body)
    assert str(wrong.value) == why


def test_a_suit_is_read_as_ohhell_trump_reads_it(ohhell: Ohhell) -> None:
    assert phones.parse_request({"version": "v", "trump": "♥"}).suit is Suit.HEARTS
    with pytest.raises(BadValue) as wrong:
        phones.parse_request({"version": "v", "trump": "roses"})
    assert ohhell.invalid_value("trump", "roses").endswith(str(wrong.value))


@pytest.mark.usefixtures("game")
def test_a_game_keeps_its_code_and_no_two_games_share_one(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "u")
    codes = phones.codes_of(["t", "u"])
    assert all(len(code) == 6 and code.isdigit() for code in codes.values())
    assert codes["t"] != codes["u"]
    assert phones.codes_of(["u"]) == {"u": codes["u"]}
    kept = data_dir / ".entry-codes"
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    assert json.loads(kept.read_text())["codes"] == codes


@pytest.mark.usefixtures("game")
def test_a_code_is_never_in_the_game_file_or_an_export(ohhell: Ohhell, data_dir: Path) -> None:
    code = phones.codes_of(["t"])["t"]
    ohhell.ok("bid", "-g", "t", "1")
    assert code not in (data_dir / "t.json").read_text()
    for kind in ("json", "csv", "md", "html"):
        assert code not in ohhell.ok("export", "-g", "t", "--format", kind)


@pytest.mark.usefixtures("game")
@pytest.mark.parametrize(
    "held",
    [
        "{not json",
        "[1]",
        '{"schema": 2, "codes": {"t": "123456"}}',
        '{"schema": 1, "codes": ["t", "123456"]}',
        '{"schema": 1, "codes": {"t": 123456}}',
        '{"schema": 1, "codes": {"t": "12"}}',
        '{"schema": 1, "codes": {"t": "1234567"}}',
        '{"schema": 1, "codes": {"t": "１２３４５６"}}',
        '{"schema": 1, "codes": {"t": "12345x"}}',
    ],
)
def test_a_codes_file_not_ours_to_read_is_started_afresh(data_dir: Path, held: str) -> None:
    (data_dir / ".entry-codes").write_text(held)
    code = phones.codes_of(["t"])["t"]
    assert len(code) == 6 and code.isascii() and code.isdigit() and code != "123456"
    assert phones.codes_of(["t"]) == {"t": code}


@pytest.mark.usefixtures("game")
def test_a_code_for_no_game_id_is_dropped(data_dir: Path) -> None:
    (data_dir / ".entry-codes").write_text('{"schema": 1, "codes": {"../t": "123456"}}')
    phones.codes_of(["t"])
    assert "../t" not in json.loads((data_dir / ".entry-codes").read_text())["codes"]


@pytest.mark.usefixtures("game")
def test_codes_drawn_later_keep_the_earlier_ones_and_forget_deleted_games(
    ohhell: Ohhell, data_dir: Path
) -> None:
    first = phones.codes_of(["t"])["t"]
    phones.codes_of(["other"])
    assert phones.codes_of(["t"]) == {"t": first}
    (data_dir / "other.json").unlink()  # the game deleted
    ohhell.ok("new", "Gus", "Hal", "Ida", "-g", "u")
    phones.codes_of(["u"])
    kept = json.loads((data_dir / ".entry-codes").read_text())["codes"]
    assert set(kept) == {"t", "u"}


def test_codes_are_drawn_from_every_six_digits(ohhell: Ohhell) -> None:
    names = [f"g{n}" for n in range(30)]
    for name in names:
        ohhell.ok("new", "Ann", "Bob", "Cat", "-g", name)
    codes = phones.codes_of(names)
    assert len(set(codes.values())) == 30
    assert max(int(code) for code in codes.values()) >= 1000  # all under 1000: 1 in 10^90


@pytest.mark.usefixtures("game")
def test_play_says_what_was_entered_and_taken_back_while_its_prompt_waited(
    ohhell: Ohhell,
) -> None:
    from ohhell_score.views.words import meanwhile_words

    ohhell.ok("bid", "-g", "t", "1", "0")
    before = phones.snapshot("t").progress.game.entries
    send({"undo": True})
    send({"bids": {"Cat": 1}})
    send({"bids": {"Ann": 1}})
    after = phones.snapshot("t").progress
    assert meanwhile_words(before, after, None) == [
        "Taken back meanwhile: Cat's bid of 0 in hand 1.",
        "Entered meanwhile: Cat's bid of 1 in hand 1.",
        "Entered meanwhile: Ann's bid of 1 in hand 1.",
    ]
    send({"tricks": {"Ann": 0, "Bob": 1, "Cat": 1}}, confirm=True)
    now = phones.snapshot("t").progress
    held = phones.held_now(now)
    assert held is not None
    assert meanwhile_words(after.game.entries, now, held.tricks) == [
        "Tricks from a phone, waiting to be confirmed: Bob 1, Cat 1, Ann 0."
    ]
    send({"confirm": True}, phone=BOB)
    scored = phones.snapshot("t").progress
    assert meanwhile_words(now.game.entries, scored, None) == [
        "Entered meanwhile: the tricks of hand 1 (Bob 1, Cat 1, Ann 0)."
    ]
