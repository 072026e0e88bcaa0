"""The scripted commands of docs/scripting.md, through typer's CliRunner.

Every refusal is checked the same way (``scripted.refused``): exit 1, one line on
stderr, and the data directory byte for byte as it was.

The tests marked ``both_paths`` run twice: through Typer's commands, and through
``entry.main`` as the console script runs it, where `bid`, `trump`, `tricks`, `show` and
`undo` are read by the quick router (cli/quick.py) without Typer. Those are the whole
games (every trump method, scoring scheme and hook, entries by position and by name,
refusals mixed in, the sheet checked after every entry), `undo` and the plain `show`,
which the whole games do not type; the other commands go to Typer on both paths.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from .conftest import invoke
from .scripted import (
    CARTIER_HANDS,
    CLASSIC_HANDS,
    PRESET_RULES,
    SUIT_SPELLINGS,
    SUITS,
    Table,
    legal_bid,
    ok,
    refused,
    run,
    sheet,
    snapshot,
    spell_name,
    tricks_for,
)

FOUR = ("Ann", "Bob", "Cat", "Dan")


def new_cartier(game: str = "g") -> None:
    ok("new", *FOUR, "--rules", "cartier", "-g", game)


def cartier_table(game: str = "g") -> Table:
    return Table(game, "cartier", list(FOUR), CARTIER_HANDS, "always", "named", "standard", 52)


def file_of(data_dir: Path, game: str = "g") -> Path:
    return data_dir / f"{game}.json"


# --- new ---------------------------------------------------------------------------


def test_new_without_an_id_makes_one_up_prints_it_and_makes_the_game_current() -> None:
    out = ok("new", "Ann", "Bob", "Cat")
    data = sheet()
    assert data["id"] in out
    assert data["players"] == ["Ann", "Bob", "Cat"]
    assert data["rules"]["preset"] == "classic"  # docs/scripting.md: --rules defaults to classic


def test_new_says_the_game_it_made_with_its_players_in_seat_order_and_rules() -> None:
    out = ok("new", "Ann", "Bob", "Cat", "-g", "g")
    assert out.splitlines()[0] == "New game g: Ann, Bob, Cat (classic · 19 hands)."


def test_new_takes_every_rule_option_and_they_override_the_preset() -> None:
    players = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"]
    ok(
        "new",
        *players,
        "--rules",
        "cartier",
        "--decks",
        "2",
        "--hook",
        "from:3",
        "--hands",
        "7,7,6",
        "--trump",
        "schedule:S,N",
        "--scoring",
        "exact",
        "--dealer",
        "p3",
        "-g",
        "big",
    )
    data = sheet("-g", "big")
    assert data["rules"] == {
        "preset": "cartier",
        "hook": "from:3",
        "trump": "schedule:S,N",
        "scoring": "exact",
        "hands": [7, 7, 6],
        "deck": 104,
    }
    assert [h["dealer"] for h in data["hands"]] == ["P3", "P4", "P5"]
    assert [h["trump"] for h in data["hands"]] == ["spades", "notrump", "spades"]
    assert data["next"]["player"] == "P4"


def test_new_takes_a_deck_size_for_other_packs() -> None:
    """docs/rules.md: the 63-card six-player 500 pack of seed 003."""
    ok("new", "A", "B", "C", "D", "E", "F", "--hands", "10-1", "--deck-size", "63", "-g", "five")
    assert sheet()["rules"]["deck"] == 63


def test_new_cartier_for_three_players_uses_the_39_card_deck() -> None:
    ok("new", "Ann", "Bob", "Cat", "--rules", "cartier")
    assert sheet()["rules"]["deck"] == 39


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Ann", "Bob"], "3 players"),
        (["A", "B", "C", "D", "E", "F", "--rules", "cartier"], "78"),
        (["A", "B", "C", "D", "E", "--hands", "13"], "65"),
        (["A", "B", "C", "D", "E", "F", "G", "H"], "80 cards"),  # classic's 10 cards to 8
        (["Ann", "ann", "Bob"], "ann"),
        (["Ann", "B=b", "Cat"], "="),
        (["Ann", " Bob", "Cat"], "Bob"),
        (["Ann", "B" * 25, "Cat"], "24"),
        (["Ann", "Bob", "Cat", "--dealer", "Zed"], "Zed"),
    ],
)
def test_new_refuses_a_table_the_rules_cannot_play(
    data_dir: Path, args: list[str], says: str
) -> None:
    message = refused(data_dir, "new", *args)
    assert says in message


def test_new_refusal_names_the_numbers() -> None:
    """docs/rules.md: "13 cards to each of 5 players needs 65 cards; the deck has 52"."""
    result = run("new", "A", "B", "C", "D", "E", "--hands", "13-1")
    assert result.exit_code == 1
    assert "13" in result.stderr and "65" in result.stderr and "52" in result.stderr


def test_new_refuses_an_id_that_is_taken(data_dir: Path) -> None:
    new_cartier()
    refused(data_dir, "new", "Eve", "Fay", "Gus", "-g", "g")
    assert sheet()["players"] == list(FOUR)


@pytest.mark.parametrize(
    "option",
    [
        ["--rules", "bridge"],
        ["--hook", "sometimes"],
        ["--hook", "from:x"],
        ["--trump", "random"],
        ["--trump", "schedule:H,X"],
        ["--scoring", "golf"],
        ["--hands", "13-13"],
        ["--hands", "ten"],
        ["--hands", "0-5"],
        ["--hands", "7,,6"],
        ["--decks", "two"],
        ["--decks", "2", "--deck-size", "63"],
        ["--colour", "red"],
    ],
)
def test_new_with_a_malformed_value_exits_2(data_dir: Path, option: list[str]) -> None:
    refused(data_dir, "new", "Ann", "Bob", "Cat", *option, code=2)


def test_new_without_players_exits_2(data_dir: Path) -> None:
    refused(data_dir, "new", code=2)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["Ann", "", "Cat"], "player name '' must be 1 to 24 characters"),
        (["Ann", "B" * 25, "Cat"], f"player name '{'B' * 25}' must be 1 to 24 characters"),
        (["Ann", " Bob", "Cat"], "player name ' Bob' has spaces at an end"),
        (["Ann", "B=b", "Cat"], "player name 'B=b' contains '=' (it separates NAME=N)"),
        (["Ann", "Bo\x07b", "Cat"], "player name 'Bo\\x07b' has characters that cannot be printed"),
        (["Ann", "Bob", "ANN"], "two players are called 'ANN' (names ignore case)"),
        (["Ann", "Bob", "Cat", "--dealer", "Zed"], "no player 'Zed' in this game: Ann, Bob, Cat"),
    ],
)
def test_new_refuses_a_name_the_contract_does_not_allow_saying_why(
    data_dir: Path, players: list[str], said: str
) -> None:
    """docs/scripting.md: 1 to 24 printable characters, unique ignoring case, no `=`, no
    spaces at either end; the first dealer is one of the players."""
    assert refused(data_dir, "new", *players) == f"ohhell: {said}\n"


def test_a_decomposed_name_is_kept_composed_and_matched_so() -> None:
    """A José typed as "Jose" and a combining accent is José, on the sheet and in a bid."""
    decomposed = "Jose\u0301"
    ok("new", decomposed, "Bob", "Cat", "-g", "nfc", "--trump", "none")
    assert sheet("-g", "nfc")["players"][0] == "Jos\u00e9"
    ok("bid", "-g", "nfc", "Bob=1", "Cat=1", f"{decomposed.lower()}=0")
    assert sheet("-g", "nfc")["hands"][0]["bids"] == {"Bob": 1, "Cat": 1, "Jos\u00e9": 0}


def test_a_composed_and_a_decomposed_name_are_two_of_the_same(data_dir: Path) -> None:
    said = refused(data_dir, "new", "Jos\u00e9", "Jose\u0301", "Cat")
    assert said == "ohhell: two players are called 'Jos\u00e9' (names ignore case)\n"


def test_a_seat_change_knows_a_decomposed_name() -> None:
    """`seat leave` finds José typed decomposed; the same name typed so comes back as him."""
    ok("new", "Jos\u00e9", "Bob", "Cat", "Dan", "-g", "seat", "--trump", "none")
    ok("seat", "leave", "jose\u0301", "-g", "seat")
    assert sheet("-g", "seat")["players"] == ["Bob", "Cat", "Dan"]
    ok("seat", "join", "Jose\u0301", "--after", "Dan", "-g", "seat")
    assert sheet("-g", "seat")["players"] == ["Bob", "Cat", "Dan", "Jos\u00e9"]


def test_new_takes_a_name_of_24_characters() -> None:
    ok("new", "Ann", "B" * 24, "C", "-g", "g")
    assert sheet("-g", "g")["players"] == ["Ann", "B" * 24, "C"]


def test_new_takes_any_printable_name() -> None:
    """docs/scripting.md: `Zoë`, `Ann Marie`, `<b>Bo</b>`, `@home` are names like any other."""
    names = ["Zoë", "Ann Marie", "<b>Bo</b>", "@home"]
    ok("new", *names, "--hands", "2,1", "--trump", "none")
    ok("bid", "ann marie=1", "<B>BO</B>=0", "@home=0", "ZOË=0")
    ok("tricks", "Zoë=1", "Ann Marie=1", "<b>Bo</b>=0", "@home=0")
    data = sheet()
    assert data["players"] == names
    assert data["totals"] == {"Zoë": 1, "Ann Marie": 11, "<b>Bo</b>": 10, "@home": 10}


@pytest.mark.parametrize(
    "args", [["frobnicate"], ["show", "--bogus"], ["list", "extra"], ["undo", "-g"], ["trump"]]
)
def test_an_unknown_command_option_or_missing_argument_exits_2(
    data_dir: Path, args: list[str]
) -> None:
    new_cartier()
    refused(data_dir, *args, code=2)


# --- bid ---------------------------------------------------------------------------


def test_bid_by_name_in_any_letter_case() -> None:
    new_cartier()
    ok("bid", "bob=3", "CAT=2", "Dan=4")
    assert sheet()["hands"][0]["bids"] == {"Bob": 3, "Cat": 2, "Dan": 4}


def test_bid_positional_numbers_go_in_bidding_order() -> None:
    new_cartier()
    ok("bid", "3", "2")
    ok("bid", "4")
    data = sheet()
    assert data["hands"][0]["bids"] == {"Bob": 3, "Cat": 2, "Dan": 4}
    assert data["next"]["player"] == "Ann"
    assert data["next"]["forbidden_bid"] == 4  # 13 - (3 + 2 + 4)


def test_bid_out_of_turn_is_refused(data_dir: Path) -> None:
    new_cartier()
    said = refused(data_dir, "bid", "Cat=2")
    assert said == "ohhell: it is Bob's turn to bid in hand 1, not Cat's\n"


def test_bid_out_of_order_is_refused_and_keeps_none(data_dir: Path) -> None:
    new_cartier()
    said = refused(data_dir, "bid", "Bob=1", "Dan=2", "Cat=1")
    assert said == "ohhell: it is Cat's turn to bid in hand 1, not Dan's\n"
    assert sheet()["hands"][0]["bids"] == {}


def test_bid_naming_a_player_twice_is_refused(data_dir: Path) -> None:
    """docs/scripting.md: each name once; the refusal says so, not that it is Cat's turn."""
    new_cartier()
    assert refused(data_dir, "bid", "Bob=1", "bob=2") == "ohhell: Bob is named twice\n"


def test_bid_by_an_unknown_player_is_refused(data_dir: Path) -> None:
    new_cartier()
    said = refused(data_dir, "bid", "Zed=1")
    assert said == "ohhell: no player 'Zed' at the table: Bob, Cat, Dan, Ann\n"


@pytest.mark.usefixtures("both_paths")
@pytest.mark.parametrize(
    "args",
    [
        ["bid", "Catt=1"],
        ["bid", "catt=1"],
        ["tricks", "Bob=3", "Catt=2", "Dan=5", "Ann=3"],
        ["edit", "1", "bids", "Catt=1"],
        ["seat", "leave", "Catt"],
        ["seat", "join", "Eve", "--after", "Catt"],
    ],
)
def test_a_misspelled_player_is_refused_with_the_close_name_offered(
    data_dir: Path, args: list[str]
) -> None:
    """As the command line offers a command ("Did you mean 'show'?"), a name a letter off
    a player's is refused with that player offered."""
    new_cartier()
    if args[0] in ("tricks", "edit"):
        ok("bid", "1", "1", "1", "1")
        ok("trump", "s")
    if args[0] == "edit":
        ok("tricks", "3", "2", "5", "3")
    said = refused(data_dir, *args)
    assert said.endswith("; did you mean 'Cat'?\n"), said
    typed = "catt" if "catt=1" in args else "Catt"
    assert said.startswith(f"ohhell: no player {typed!r} "), said


def test_a_name_close_to_no_player_offers_none(data_dir: Path) -> None:
    new_cartier()
    assert "did you mean" not in refused(data_dir, "bid", "Zed=1")
    assert "did you mean" not in refused(data_dir, "bid", "Catherine=1")


@pytest.mark.parametrize(
    ("args", "who"),
    [
        (["14"], "Bob 14"),
        (["Bob=14"], "Bob 14"),
        (["-1"], "Bob -1"),
        (["Bob=-1"], "Bob -1"),
        (["3", "-1"], "Cat -1"),
    ],
)
def test_bid_out_of_range_is_refused_with_exit_1(data_dir: Path, args: list[str], who: str) -> None:
    """docs/scripting.md: out of 0..n, negative numbers included, is a refusal (exit 1)."""
    new_cartier()
    player, value = who.split()
    assert refused(data_dir, "bid", *args) == (
        f"ohhell: {player} cannot bid {value}: hand 1 deals 13 cards, so a bid is 0 to 13\n"
    )
    assert sheet()["hands"][0]["bids"] == {}


def test_a_one_card_hand_is_spoken_of_in_the_singular(data_dir: Path) -> None:
    ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "--hook", "never")
    assert refused(data_dir, "bid", "2") == (
        "ohhell: Bob cannot bid 2: hand 1 deals 1 card, so a bid is 0 to 1\n"
    )
    ok("bid", "1", "0", "0")
    said = refused(data_dir, "tricks", "1", "1", "0")
    assert said == "ohhell: tricks add up to 2, but hand 1 has 1 trick\n"


def test_bid_forbidden_by_the_hook_is_refused(data_dir: Path) -> None:
    """docs/rules.md: Cartier, bids 3, 2, 4 of 13: the dealer may not bid 4."""
    new_cartier()
    ok("bid", "3", "2", "4")
    assert refused(data_dir, "bid", "Ann=4") == (
        "ohhell: Ann (dealer) may not bid 4: the bids would add up to 13 for 13 tricks (the hook)\n"
    )
    ok("bid", "Ann=5")


def test_a_refused_call_keeps_none_of_its_bids(data_dir: Path) -> None:
    new_cartier()
    refused(data_dir, "bid", "3", "2", "4", "4")
    assert sheet()["hands"][0]["bids"] == {}


NOT_A_NUMBER = "is not NAME=N or a number (e.g. Ann=2 or 2)"


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["x"], f"'x' {NOT_A_NUMBER}"),
        (["Bob=x"], f"'Bob=x' {NOT_A_NUMBER}"),
        (["Bob="], f"'Bob=' {NOT_A_NUMBER}"),
        (["=3"], "'=3' has no name before '='"),
        (["2.5"], f"'2.5' {NOT_A_NUMBER}"),
        (["--loud"], "no such option: --loud"),
        (["-x"], "no such option: -x"),
        (["Bob=-x"], f"'Bob=-x' {NOT_A_NUMBER}"),
        (["1_0"], f"'1_0' {NOT_A_NUMBER}"),
        (["Bob=０"], f"'Bob=０' {NOT_A_NUMBER}"),
    ],
)
def test_bid_that_is_not_a_number_exits_2(data_dir: Path, args: list[str], reason: str) -> None:
    new_cartier()
    err = refused(data_dir, "bid", *args, code=2)
    assert err.endswith(f"\nError: Invalid value: {reason}\n"), err


def test_bid_without_a_value_exits_2(data_dir: Path) -> None:
    new_cartier()
    refused(data_dir, "bid", code=2)


def test_the_domain_refuses_a_call_with_no_bids() -> None:
    """`bid` without a value exits 2 before the domain; any other caller is refused."""
    from ohhell_score.domain.errors import Refused
    from ohhell_score.domain.game import progress, with_bids
    from ohhell_score.storage.games import load

    new_cartier()
    with pytest.raises(Refused) as refusal:
        with_bids(progress(load("g")), [])
    assert str(refusal.value) == "no bids given"


def test_bid_when_all_have_bid_is_refused(data_dir: Path) -> None:
    new_cartier()
    ok("bid", "3", "2", "4", "3")
    said = refused(data_dir, "bid", "1")
    assert said == "ohhell: not a bid now: hand 1 needs the trump (Dan names it) next\n"
    ok("trump", "hearts")
    said = refused(data_dir, "bid", "1")
    assert said == "ohhell: not a bid now: hand 1 needs the tricks next\n"


def test_bid_on_a_game_that_does_not_exist_is_refused(data_dir: Path) -> None:
    new_cartier()
    assert "nope" in refused(data_dir, "bid", "-g", "nope", "1")


def test_bid_before_any_game_is_refused(data_dir: Path) -> None:
    refused(data_dir, "bid", "1")


def test_bid_on_a_finished_game_is_refused(data_dir: Path) -> None:
    ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "g")
    ok("bid", "0", "1", "0")
    ok("tricks", "1", "0", "1")
    ok("bid", "0", "0", "0")
    ok("tricks", "1", "0", "0")
    assert refused(data_dir, "bid", "0") == "ohhell: game g is finished: all 2 hands are scored\n"


def test_a_finished_game_of_one_hand_says_so_in_the_singular(data_dir: Path) -> None:
    ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "g")
    ok("bid", "0", "1", "1")
    ok("tricks", "1", "0", "0")
    assert refused(data_dir, "tricks", "0", "1", "0") == (
        "ohhell: game g is finished: its one hand is scored\n"
    )


# --- trump -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "suit"),
    [(typed, suit) for suit, spellings in SUIT_SPELLINGS.items() for typed in spellings],
)
def test_trump_is_typed_as_a_name_a_letter_or_a_symbol(typed: str, suit: str) -> None:
    new_cartier()
    ok("bid", "3", "2", "4", "3")
    said = ok("trump", typed)
    assert sheet()["hands"][0]["trump"] == suit
    words = {"spades": "spades ♠", "hearts": "hearts ♥", "diamonds": "diamonds ♦"}
    words |= {"clubs": "clubs ♣", "notrump": "no trump"}
    assert said.splitlines()[0] == f"Hand 1 trump: {words[suit]}."


@pytest.mark.parametrize(
    ("rules", "fixed"), [(["--rules", "ten-to-one"], "hearts"), (["--trump", "none"], "no trump")]
)
def test_trump_is_refused_where_the_rules_fix_it(
    data_dir: Path, rules: list[str], fixed: str
) -> None:
    ok("new", *FOUR, *rules)
    said = f"ohhell: the rules fix hand 1's trump ({fixed}); nothing to enter\n"
    assert refused(data_dir, "trump", "s") == said
    ok("bid", "1", "1", "1", "1")
    assert refused(data_dir, "trump", "s") == said


def test_trump_is_refused_before_the_bids_under_named(data_dir: Path) -> None:
    new_cartier()
    assert refused(data_dir, "trump", "hearts") == (
        "ohhell: not trump now: hand 1 needs Bob's bid next\n"
    )
    ok("bid", "3")
    assert refused(data_dir, "trump", "hearts") == (
        "ohhell: not trump now: hand 1 needs Cat's bid next\n"
    )


def test_trump_is_refused_once_entered(data_dir: Path) -> None:
    ok("new", *FOUR, "--rules", "classic")
    ok("trump", "h")
    said = refused(data_dir, "trump", "s")
    assert said == "ohhell: not trump now: hand 1 needs Bob's bid next\n"


def test_bids_wait_for_the_turned_up_trump(data_dir: Path) -> None:
    """Under upcard the trump is entered first, and no player names it."""
    ok("new", *FOUR, "--trump", "upcard")
    said = refused(data_dir, "bid", "1")
    assert said == "ohhell: not a bid now: hand 1 needs the trump next\n"


@pytest.mark.parametrize(("method", "card"), [("upcard", "turned-up card"), ("cut", "cut card")])
def test_notrump_is_refused_under_upcard_and_cut(data_dir: Path, method: str, card: str) -> None:
    ok("new", *FOUR, "--trump", method)
    said = (
        f"ohhell: no trump is not a choice: the {card} shows a suit (spades, hearts, "
        "diamonds or clubs)\n"
    )
    assert refused(data_dir, "trump", "nt") == said
    assert refused(data_dir, "trump", "notrump") == said
    ok("trump", "d")


@pytest.mark.parametrize("method", ["named", "dealer"])
def test_notrump_may_be_named_under_named_and_dealer(method: str) -> None:
    ok("new", *FOUR, "--trump", method, "--hands", "3-1")
    if method == "named":
        ok("bid", "1", "1", "0", "0")
    ok("trump", "nt")
    assert sheet()["hands"][0]["trump"] == "notrump"


def test_a_hand_that_deals_every_card_under_upcard_has_no_trump_entry(data_dir: Path) -> None:
    """docs/rules.md: under upcard, n * N == D leaves no card to turn: no trump, known ahead."""
    ok("new", *FOUR, "--trump", "upcard", "--hands", "13,12")
    data = sheet()
    assert [h["trump"] for h in data["hands"]] == ["notrump", None]
    assert data["next"]["step"] == "bid"
    said = refused(data_dir, "trump", "s")
    assert said == "ohhell: the rules fix hand 1's trump (no trump); nothing to enter\n"


def test_a_hand_that_deals_every_card_under_cut_still_has_a_trump() -> None:
    """docs/rules.md: under cut no card is set aside, so every hand has a trump suit."""
    ok("new", *FOUR, "--trump", "cut", "--hands", "13,12")
    assert sheet()["next"]["step"] == "trump"


def test_trump_that_is_not_a_suit_exits_2(data_dir: Path) -> None:
    new_cartier()
    ok("bid", "3", "2", "4", "3")
    refused(data_dir, "trump", "stars", code=2)


# --- tricks ------------------------------------------------------------------------


def bid_hand_one() -> None:
    """Cartier hand 1 of the contract's example: bids 3 2 4 3, Dan names hearts."""
    new_cartier()
    ok("bid", "3", "2", "4", "3")
    ok("trump", "hearts")


def test_tricks_by_name_in_any_order_score_the_hand() -> None:
    """The contract's example: Bob 3/3 13, Cat 2/2 12, Dan 4/5 5, Ann 3/3 13."""
    bid_hand_one()
    ok("tricks", "dan=5", "Ann=3", "CAT=2", "Bob=3")
    data = sheet()
    assert data["hands"][0]["tricks"] == {"Bob": 3, "Cat": 2, "Dan": 5, "Ann": 3}
    assert data["hands"][0]["scores"] == {"Bob": 13, "Cat": 12, "Dan": 5, "Ann": 13}
    assert data["totals"] == {"Ann": 13, "Bob": 13, "Cat": 12, "Dan": 5}
    assert data["next"] == {
        "hand": 2,
        "cards": 12,
        "dealer": "Bob",
        "step": "bid",
        "player": "Cat",
        "forbidden_bid": None,
        "trump_namer": None,
    }


def test_tricks_positional_go_in_bidding_order() -> None:
    bid_hand_one()
    ok("tricks", "3", "2", "5", "3")
    assert sheet()["hands"][0]["tricks"] == {"Bob": 3, "Cat": 2, "Dan": 5, "Ann": 3}


ORDER = "in bidding order: Bob, Cat, Dan, Ann"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["3", "2", "5", "4"], "tricks add up to 14, but hand 1 has 13 tricks"),
        (["Bob=3", "Cat=2", "Dan=5", "Ann=4"], "tricks add up to 14, but hand 1 has 13 tricks"),
        (
            ["Bob=3", "Cat=2", "Dan=8"],
            "tricks are entered for every player at once; missing: Ann",
        ),
        (
            ["Bob=3", "Cat=10"],
            "tricks are entered for every player at once; missing: Dan, Ann",
        ),
        (["3", "2", "8"], f"3 numbers given for 4 players; {ORDER}"),
        (["3", "2", "5", "3", "0"], f"5 numbers given for 4 players; {ORDER}"),
        (
            ["Bob=3", "Cat=2", "Dan=5", "Zed=3"],
            "no player 'Zed' at the table: Bob, Cat, Dan, Ann",
        ),
        (["Bob=3", "Cat=2", "Dan=5", "bob=3"], "Bob is named twice"),
        (["Bob=3", "Cat=2", "Dan=9", "Ann=-1"], "Ann cannot take -1 tricks: hand 1 has 13"),
        (["3", "2", "9", "-1"], "Ann cannot take -1 tricks: hand 1 has 13"),
        (
            ["Bob=3", "2", "5", "3"],
            "give tricks all by name (NAME=N) or all as numbers, not mixed",
        ),
    ],
)
def test_tricks_that_do_not_add_up_or_miss_a_player_are_refused(
    data_dir: Path, args: list[str], said: str
) -> None:
    bid_hand_one()
    assert refused(data_dir, "tricks", *args) == f"ohhell: {said}\n"
    assert sheet()["hands"][0]["tricks"] == {}


def test_tricks_before_the_bids_are_in_are_refused(data_dir: Path) -> None:
    new_cartier()
    ok("bid", "3", "2")
    said = refused(data_dir, "tricks", "3", "2", "5", "3")
    assert said == "ohhell: not tricks now: hand 1 needs Dan's bid next\n"


def test_tricks_before_the_trump_is_named_are_refused(data_dir: Path) -> None:
    new_cartier()
    ok("bid", "3", "2", "4", "3")
    said = refused(data_dir, "tricks", "3", "2", "5", "3")
    assert said == "ohhell: not tricks now: hand 1 needs the trump (Dan names it) next\n"


def test_tricks_naming_a_player_twice_are_refused_though_the_last_values_add_up(
    data_dir: Path,
) -> None:
    """Bob=2 then bob=3: refused, not taken as Bob 3 (which would add up to 13)."""
    bid_hand_one()
    said = refused(data_dir, "tricks", "Bob=2", "Cat=2", "Dan=5", "Ann=3", "bob=3")
    assert said == "ohhell: Bob is named twice\n"


def test_tricks_print_the_hand_just_scored_with_signed_scores_and_made_bids_ticked() -> None:
    """Hand 2 (Cat 1/0, Dan 2/2, Ann 3/5, Bob 4/5): "Hand 2 scored", +0 for a missed bid
    of no tricks, a tick on the bid made only (not on the overtricks), then the totals."""
    new_cartier()
    ok("bid", "3", "2", "4", "2")
    ok("trump", "hearts")
    ok("tricks", "Bob=3", "Cat=2", "Dan=5", "Ann=3")
    ok("bid", "1", "2", "3", "4")
    ok("trump", "spades")
    assert ok("tricks", "0", "2", "5", "5").splitlines() == [
        "Hand 2 scored: Cat +0, Dan +12 ✓, Ann +5, Bob +5.",
        "Totals: Ann 8, Bob 18, Cat 12, Dan 17.",
        "Hand 3 of 23 (11 cards, Cat deals): Dan to bid",
    ]


@pytest.mark.parametrize("args", [["3", "two", "5", "3"], ["Bob=3", "Cat=x"]])
def test_tricks_that_are_not_numbers_exit_2(data_dir: Path, args: list[str]) -> None:
    bid_hand_one()
    refused(data_dir, "tricks", *args, code=2)


# --- undo --------------------------------------------------------------------------


@pytest.mark.usefixtures("both_paths")
def test_undo_takes_back_the_last_bid() -> None:
    new_cartier()
    ok("bid", "3", "2")
    assert ok("undo").splitlines()[0] == "Took back Cat's bid of 2 in hand 1."
    data = sheet()
    assert data["hands"][0]["bids"] == {"Bob": 3}
    assert data["next"]["player"] == "Cat"


@pytest.mark.usefixtures("both_paths")
def test_undo_takes_back_the_trump() -> None:
    bid_hand_one()
    assert ok("undo").splitlines()[0] == "Took back the trump of hand 1 (hearts)."
    data = sheet()
    assert data["hands"][0]["trump"] is None
    assert data["next"]["step"] == "trump"
    assert data["next"]["player"] == "Dan"


@pytest.mark.usefixtures("both_paths")
def test_undo_goes_back_into_the_previous_hand() -> None:
    bid_hand_one()
    ok("tricks", "3", "2", "5", "3")
    assert ok("undo").splitlines()[0] == "Took back the tricks of hand 1."
    data = sheet()
    assert data["hands"][0]["tricks"] == {} and data["hands"][0]["scores"] == {}
    assert data["totals"] == dict.fromkeys(FOUR, 0)
    assert data["next"]["hand"] == 1 and data["next"]["step"] == "tricks"
    ok("undo")
    ok("undo")
    assert sheet()["hands"][0]["bids"] == {"Bob": 3, "Cat": 2, "Dan": 4}


@pytest.mark.usefixtures("both_paths")
def test_undo_with_nothing_entered_is_refused(data_dir: Path) -> None:
    new_cartier()
    assert refused(data_dir, "undo") == "ohhell: nothing to undo: no entries yet\n"


@pytest.mark.usefixtures("both_paths")
def test_undo_takes_back_an_entry_not_an_edit() -> None:
    """docs/scripting.md: edits are not entries; undo takes back the last entry."""
    bid_hand_one()
    ok("tricks", "3", "2", "5", "3")
    ok("edit", "1", "bids", "Cat=1")
    ok("undo")
    data = sheet()
    assert data["hands"][0]["tricks"] == {}
    assert data["hands"][0]["bids"] == {"Bob": 3, "Cat": 1, "Dan": 4, "Ann": 3}


# --- edit --------------------------------------------------------------------------


def three_hands() -> Table:
    """Cartier hands 1-3 played; the model says what the sheet holds."""
    table = cartier_table()
    new_cartier()
    plays = [
        ([3, 2, 4, 3], "hearts", [3, 2, 5, 3]),
        ([2, 2, 3, 3], "spades", [2, 3, 3, 4]),
        ([1, 2, 3, 2], "notrump", [1, 2, 3, 5]),
    ]
    for k, (bids, suit, took) in enumerate(plays):
        ok("bid", *map(str, bids))
        ok("trump", suit)
        ok("tricks", *map(str, took))
        order = table.order(k)
        table.bids[k] = dict(zip(order, bids, strict=True))
        table.trumps[k] = suit
        table.tricks[k] = dict(zip(order, took, strict=True))
    assert sheet() == table.expected()
    return table


def test_edit_bids_rescores_the_hand_and_later_totals() -> None:
    table = three_hands()
    ok("edit", "1", "bids", "bob=2", "Dan=5")  # Bob now misses (3), Dan makes it (15)
    table.bids[0].update({"Bob": 2, "Dan": 5})
    assert sheet() == table.expected()


def test_edit_tricks_keeps_the_sum_and_rescores() -> None:
    table = three_hands()
    ok("edit", "2", "tricks", "Cat=3", "Dan=2")
    table.tricks[1].update({"Cat": 3, "Dan": 2})
    assert sheet() == table.expected()


def test_edit_of_one_players_tricks_that_breaks_the_sum_is_refused(data_dir: Path) -> None:
    three_hands()
    said = refused(data_dir, "edit", "2", "tricks", "Dan=4")
    assert said == "ohhell: tricks add up to 13, but hand 2 has 12 tricks\n"


def test_edit_keeps_the_hook(data_dir: Path) -> None:
    """Hand 1: Bob 3, Cat 2, Dan 4 of 13: Ann (dealer) may not come to 4."""
    three_hands()
    hook = "the bids would add up to 13 for 13 tricks (the hook)"
    assert refused(data_dir, "edit", "1", "bids", "Ann=4") == (
        f"ohhell: Ann (dealer) may not bid 4 in hand 1: {hook}\n"
    )
    assert refused(data_dir, "edit", "1", "bids", "Bob=4") == (  # 4 + 2 + 4 + 3 = 13
        f"ohhell: Ann (dealer) may not bid 3 in hand 1: {hook}\n"
    )


def test_edit_keeps_bids_in_range(data_dir: Path) -> None:
    three_hands()
    assert refused(data_dir, "edit", "1", "bids", "Ann=14") == (
        "ohhell: Ann cannot bid 14: hand 1 deals 13 cards, so a bid is 0 to 13\n"
    )
    assert refused(data_dir, "edit", "1", "bids", "Ann=-1") == (
        "ohhell: Ann cannot bid -1: hand 1 deals 13 cards, so a bid is 0 to 13\n"
    )
    ok("edit", "1", "bids", "Ann=13", "Bob=0")  # both ends of 0..13
    assert sheet()["hands"][0]["bids"] == {"Bob": 0, "Cat": 2, "Dan": 4, "Ann": 13}


def test_the_domain_edit_refuses_what_the_command_line_cannot_send() -> None:
    """with_edit checks for itself what `edit`'s arguments already rule out (a value
    without a name, no value, a kind other than bids or tricks), for any other caller."""
    from ohhell_score.domain.errors import OhHellError
    from ohhell_score.domain.game import Assignment, progress, with_edit
    from ohhell_score.storage.games import load

    three_hands()
    prog = progress(load("g"))
    no_names = "edit takes NAME=N for each value it changes"
    cases: list[tuple[str, list[Assignment], str]] = [
        ("bids", [(None, 3)], no_names),
        ("bids", [("Ann", 3), (None, 3)], no_names),
        ("tricks", [], no_names),
        ("trump", [("Ann", 1)], "edit changes bids or tricks, not 'trump'"),
    ]
    for what, items, said in cases:
        with pytest.raises(OhHellError) as refusal:
            with_edit(prog, 1, what, items)
        assert str(refusal.value) == said


def test_edit_keeps_the_recorded_trump() -> None:
    """docs/scripting.md: the recorded trump stays, even when another bidder is now highest."""
    table = three_hands()
    ok("edit", "1", "bids", "Bob=6")
    table.bids[0]["Bob"] = 6
    assert sheet()["hands"][0]["trump"] == "hearts"
    assert sheet() == table.expected()


@pytest.mark.parametrize("what", ["bids", "tricks"])
def test_edit_naming_a_player_twice_is_refused(data_dir: Path, what: str) -> None:
    """`edit 1 tricks Bob=2 bob=3` is refused, not taken as Bob 3 (the last value)."""
    three_hands()
    said = refused(data_dir, "edit", "1", what, "Bob=2", "bob=3")
    assert said == "ohhell: Bob is named twice\n"


@pytest.mark.parametrize("hand", ["4", "0", "24", "-1"])
def test_edit_of_a_hand_not_scored_is_refused(data_dir: Path, hand: str) -> None:
    three_hands()
    assert refused(data_dir, "edit", hand, "bids", "Ann=1") == (
        f"ohhell: hand {hand} has no tricks recorded yet; only scored hands are edited\n"
    )


@pytest.mark.parametrize(
    "args", [["1", "bids", "3"], ["1", "trump", "Ann=1"], ["one", "bids", "Ann=1"], ["1", "bids"]]
)
def test_edit_malformed_exits_2(data_dir: Path, args: list[str]) -> None:
    three_hands()
    refused(data_dir, "edit", *args, code=2)


def test_edit_of_a_bare_number_is_a_usage_error_before_any_game_is_read(
    data_dir: Path,
) -> None:
    said = refused(data_dir, "edit", "1", "bids", "Ann=1", "3", code=2)
    usage = "Error: Invalid value: edit takes NAME=N for each value it changes"
    assert said.splitlines()[-1] == usage


def test_edit_is_kept_in_the_games_history(data_dir: Path) -> None:
    three_hands()
    ok("edit", "1", "bids", "Cat=1")
    saved = json.loads(file_of(data_dir).read_text(encoding="utf-8"))
    assert any("Cat" in json.dumps(c) for c in saved["history"])


# --- show --------------------------------------------------------------------------


def test_show_json_has_exactly_the_contracts_keys() -> None:
    three_hands()
    data = sheet()
    assert set(data) == {
        "id",
        "rules",
        "players",
        "hands",
        "totals",
        "next",
        "finished",
        "winners",
        "left",
        "carried",
    }
    assert set(data["rules"]) == {"preset", "hook", "trump", "scoring", "hands", "deck"}
    assert set(data["next"]) == {
        "hand",
        "cards",
        "dealer",
        "step",
        "player",
        "forbidden_bid",
        "trump_namer",
    }
    for hand in data["hands"]:
        assert set(hand) == {
            "number",
            "cards",
            "players",
            "dealer",
            "trump",
            "bids",
            "tricks",
            "scores",
        }


def test_show_json_lists_hands_not_reached_with_empty_entries() -> None:
    three_hands()
    hands = sheet()["hands"]
    assert len(hands) == 23
    assert all(h["bids"] == h["tricks"] == h["scores"] == {} for h in hands[3:])
    assert all(h["trump"] is None for h in hands[3:])


def finish_two_hands(last_tricks: str) -> dict[str, Any]:
    """Three players, two one-card hands; hand 1: Bob 10, Cat 10, Ann 11."""
    ok("new", "Ann", "Bob", "Cat", "--hands", "1,1", "--trump", "none", "--hook", "never")
    ok("bid", "0", "0", "1")
    ok("tricks", "0", "0", "1")
    ok("bid", "1", "0", "0")  # hand 2: Cat 1, Ann 0, Bob 0
    ok("tricks", *last_tricks.split())
    return sheet()


def test_show_json_of_a_finished_game_names_the_winner() -> None:
    data = finish_two_hands("0 0 1")  # Cat 0, Ann 10, Bob 1
    assert data["next"] is None
    assert data["finished"] is True
    assert data["totals"] == {"Ann": 21, "Bob": 11, "Cat": 10}
    assert data["winners"] == ["Ann"]


def test_show_json_of_a_finished_game_names_every_tied_winner() -> None:
    """docs/rules.md 8: equal highest totals share the win (seed 004)."""
    data = finish_two_hands("1 0 0")  # Cat 11, Ann 10, Bob 10
    assert data["totals"] == {"Ann": 21, "Bob": 20, "Cat": 21}
    assert sorted(data["winners"]) == ["Ann", "Cat"]


def test_an_unfinished_game_has_no_winners() -> None:
    ok("new", "Ann", "Bob", "Cat")
    data = sheet()
    assert data["finished"] is False and data["winners"] == []


def test_show_json_of_an_unknown_game_is_refused(data_dir: Path) -> None:
    new_cartier()
    refused(data_dir, "show", "--json", "-g", "other")


FIVE = ("Alexandria", "Bartholomew", "Christophe", "Maximilian", "Evangeline")


def five_player_classic() -> Table:
    """Twelve hands of a five-player classic game: the widest cells a sheet can have
    ("10/10✓", three-digit totals), bids made and missed."""
    table = Table("river", "classic", list(FIVE), CLASSIC_HANDS, "always", "upcard", "standard", 52)
    ok("new", *FIVE, "-g", "river")
    ok("trump", "spades")
    ok("bid", "Bartholomew=10", "0", "0", "0", "1")
    ok("tricks", "10", "0", "0", "0", "0")
    table.trumps[0] = "spades"
    table.bids[0] = {"Bartholomew": 10, "Christophe": 0, "Maximilian": 0, "Evangeline": 0}
    table.bids[0]["Alexandria"] = 1
    table.tricks[0] = {p: 10 if p == "Bartholomew" else 0 for p in FIVE}
    rng = random.Random(5)
    for _ in range(11):
        k = table.current()
        assert k is not None
        suit = rng.choice(SUITS)
        ok("trump", suit)
        table.trumps[k] = suit
        for p in table.order(k):
            b = legal_bid(table, rng)
            ok("bid", str(b))
            table.bids[k][p] = b
        took = tricks_for(table, rng)
        ok("tricks", *(f"{p}={t}" for p, t in took.items()))
        table.tricks[k] = took
    assert sheet() == table.expected()
    return table


@pytest.mark.usefixtures("both_paths")
def test_show_at_80_columns_with_five_players_fits_and_names_everyone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rich.cells import cell_len

    table = five_player_classic()
    monkeypatch.setenv("COLUMNS", "80")
    out = ok("show")
    lines = out.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), max(lines, key=cell_len)
    for name in FIVE:
        assert name in out
    # The totals row is labelled "Total", or "Σ" when the sheet is at its narrowest.
    footer = next(line for line in lines if line.split()[:1] in (["Total"], ["Σ"]))
    assert footer.replace("★", "").split()[1:] == [str(table.totals()[p]) for p in FIVE]


def test_show_at_80_columns_keeps_each_hands_cards_and_trump_readable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first hand deals 10 cards: its row must say 10 and the trump, not '1…'."""
    table = five_player_classic()
    monkeypatch.setenv("COLUMNS", "80")
    symbols = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
    lines = ok("show").splitlines()
    for k in range(12):
        row = next(line for line in lines if line.split()[:1] == [str(k + 1)])
        assert f"{CLASSIC_HANDS[k]}{symbols[table.trumps[k] or '']}" in row, row


@pytest.mark.usefixtures("both_paths")
def test_show_at_80_columns_names_long_names_in_full_and_keeps_the_cells_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rich.cells import cell_len

    names = [
        "Alexandria Montgomery",
        "Bartholomew Fitzgerald",
        "Christophe",
        "Max Von Trapp",
        "Eve",
    ]
    ok("new", *names)
    ok("trump", "s")
    ok("bid", "10", "0", "0", "0", "1")
    ok("tricks", "10", "0", "0", "0", "0")
    monkeypatch.setenv("COLUMNS", "80")
    lines = ok("show").splitlines()
    assert all(cell_len(line) <= 80 for line in lines), max(lines, key=cell_len)
    row = next(line for line in lines if line.split()[:1] == ["1"])
    cells = ["1/0", "0", "10/10✓", "20", "0/0✓", "10", "0/0✓", "10", "0/0✓", "10"]
    assert row.split()[1:] == ["10♠", *cells]
    # Names cut short in the header are written out in full under the sheet.
    text = " ".join(" ".join(lines).split())
    for name in names:
        assert name in text


@pytest.mark.usefixtures("both_paths")
def test_show_human_marks_made_bids_and_names_the_next_hand() -> None:
    bid_hand_one()
    ok("tricks", "3", "2", "5", "3")
    out = ok("show")
    assert "✓" in out
    assert "Hand 2" in out and "Bob" in out and "Cat" in out


# --- list, path, rules --------------------------------------------------------------


def test_list_shows_every_game() -> None:
    new_cartier("friday")
    ok("new", "Eve", "Fay", "Gus", "-g", "saturday")
    out = ok("list")
    assert "friday" in out and "saturday" in out and "Eve" in out


def test_list_json_has_the_contracts_fields() -> None:
    bid_hand_one()
    ok("tricks", "3", "2", "5", "3")
    ok("new", "Eve", "Fay", "Gus", "--rules", "ten-to-one", "-g", "other")
    rows = json.loads(ok("list", "--json"))
    by_id = {row["id"]: row for row in rows}
    assert set(by_id) == {"g", "other"}
    g = by_id["g"]
    assert g["players"] == list(FOUR)
    assert g["rules"] == "cartier"
    assert (g["hands_played"], g["hands_total"], g["finished"]) == (1, 23, False)
    assert by_id["other"]["rules"] == "ten-to-one"
    assert by_id["other"]["hands_total"] == 10
    for row in rows:
        assert datetime.fromisoformat(row["updated"])


def test_list_json_with_no_games_is_an_empty_array() -> None:
    assert json.loads(ok("list", "--json")) == []


def test_path_prints_the_data_directory_and_a_games_file(data_dir: Path) -> None:
    assert ok("path").strip() == str(data_dir)
    new_cartier()
    assert ok("path", "-g", "g").strip() == str(file_of(data_dir))
    assert file_of(data_dir).exists()


def test_rules_lists_the_presets() -> None:
    out = ok("rules")
    for name in ("cartier", "ten-to-one", "classic"):
        assert name in out


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("cartier", ["13", "2", "names", "10 + tricks"]),
        ("ten-to-one", ["10", "6 or more", "hearts", "clubs"]),
        ("classic", ["turned up", "10"]),
    ],
)
def test_rules_name_explains_a_preset(name: str, words: list[str]) -> None:
    out = ok("rules", name)
    for word in ["Hands", "Hook", "Trump", "Scoring", *words]:
        assert word in out, word


def test_rules_of_an_unknown_preset_exits_2(data_dir: Path) -> None:
    refused(data_dir, "rules", "bridge", code=2)


@pytest.mark.parametrize(
    ("name", "first_line"),
    [
        ("cartier", "cartier (the rules of the Cartier Oh Hell tournament), for 4 players:"),
        ("ten-to-one", "ten-to-one (a club's house rules for five players), for 5 players:"),
    ],
)
def test_rules_name_explains_a_preset_for_the_table_its_source_describes(
    name: str, first_line: str
) -> None:
    """docs/rules.md "Presets": ten-to-one is a five-player game, the others four."""
    assert ok("rules", name).splitlines()[0] == first_line


# --- the installed program ----------------------------------------------------------


def installed(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OHHELL_DATA_DIR": str(data_dir)}
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=60, check=False)


def test_the_installed_console_script_keeps_a_hand(data_dir: Path) -> None:
    script = Path(sys.executable).with_name("ohhell")
    assert script.exists()
    for args in (
        ["new", *FOUR, "--rules", "cartier", "-g", "sub"],
        ["bid", "3", "2", "4", "3"],
        ["trump", "♥"],
        ["tricks", "Dan=5", "Ann=3", "Bob=3", "Cat=2"],
    ):
        done = installed(str(script), *args, data_dir=data_dir)
        assert done.returncode == 0, done.stderr
    done = installed(str(script), "show", "--json", data_dir=data_dir)
    assert json.loads(done.stdout)["totals"] == {"Ann": 13, "Bob": 13, "Cat": 12, "Dan": 5}
    before = snapshot(data_dir)
    done = installed(str(script), "bid", "-1", data_dir=data_dir)
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert snapshot(data_dir) == before


def test_python_m_ohhell_score_is_the_same_program(data_dir: Path) -> None:
    done = installed(sys.executable, "-m", "ohhell_score", "new", "A", "B", "C", data_dir=data_dir)
    assert done.returncode == 0, done.stderr
    done = installed(sys.executable, "-m", "ohhell_score", "list", "--json", data_dir=data_dir)
    assert [row["players"] for row in json.loads(done.stdout)] == [["A", "B", "C"]]
    done = installed(sys.executable, "-m", "ohhell_score", "new", "A", data_dir=data_dir)
    assert done.returncode == 1 and "Traceback" not in done.stderr


# --- whole games --------------------------------------------------------------------


def check(table: Table) -> None:
    """`show --json` equals the model's sheet (winners compared as a set)."""
    got = sheet()
    want = table.expected()
    assert sorted(got.pop("winners")) == sorted(want.pop("winners"))
    assert got == want


def play_through(table: Table, data_dir: Path, rng: random.Random) -> None:
    """Play a game to its end by the scripted commands, checking the sheet after every
    entry, with refused entries (forbidden bids, notrump by upcard, tricks off) mixed in."""
    check(table)
    while (step := table.step()) is not None:
        kind, _ = step
        k = table.current()
        assert k is not None
        if kind == "trump":
            named = table.method in ("named", "dealer")
            if not named and rng.random() < 0.2:
                refused(data_dir, "trump", "nt")
            suit = rng.choice((*SUITS, "notrump") if named else SUITS)
            ok("trump", rng.choice(SUIT_SPELLINGS[suit]))
            table.trumps[k] = suit
        elif kind == "bid":
            forbidden = table.forbidden(k)
            if forbidden is not None and rng.random() < 0.5:
                refused(data_dir, "bid", str(forbidden))
            order = table.order(k)
            start = len(table.bids[k])
            count = 1 if rng.random() < 0.6 else rng.randint(1, len(order) - start)
            by_name = rng.random() < 0.5
            args = []
            for who in order[start : start + count]:
                value = legal_bid(table, rng)
                table.bids[k][who] = value
                args.append(f"{spell_name(who, rng)}={value}" if by_name else str(value))
            ok("bid", *args)
        else:
            took = tricks_for(table, rng)
            if rng.random() < 0.15:
                off = dict(took)
                off[rng.choice(list(off))] += 1
                refused(data_dir, "tricks", *(str(off[p]) for p in table.order(k)))
            if rng.random() < 0.5:
                names = list(took)
                rng.shuffle(names)
                ok("tricks", *(f"{spell_name(p, rng)}={took[p]}" for p in names))
            else:
                ok("tricks", *(str(took[p]) for p in table.order(k)))
            table.tricks[k] = took
        check(table)
    assert sheet()["finished"] is True


def whole_game(
    preset: str,
    players: list[str],
    *,
    hook: str | None = None,
    scoring: str = "standard",
    trump: str | None = None,
    hands: tuple[str, list[int]] | None = None,
    dealer: str | None = None,
    deck: int = 52,
) -> tuple[Table, list[str]]:
    """The model of a new game and the `ohhell new` command line that starts it."""
    base = PRESET_RULES[preset]
    table = Table(
        "whole",
        preset,
        players,
        hands[1] if hands else base["hands"],
        hook or base["hook"],
        trump or base["trump"],
        scoring,
        deck,
        first=players.index(dealer) if dealer else 0,
    )
    args = ["new", *players, "--rules", preset, "-g", "whole", "--scoring", scoring]
    args += ["--hook", hook] if hook else []
    args += ["--trump", trump] if trump else []
    args += ["--hands", hands[0]] if hands else []
    args += ["--dealer", dealer.lower()] if dealer else []
    return table, args


THREE = ["Ann", "Bob", "Cat"]
FIVE_SHORT = ["Ann", "Bob", "Cat", "Dan", "Eve"]
#: Done when: Cartier with 4 and with 3 players, ten-to-one and classic, with and
#: without the hook, under each scoring scheme; and the other trump methods.
GAMES: dict[str, tuple[str, list[str], dict[str, Any]]] = {
    "cartier-4": ("cartier", list(FOUR), {}),
    "cartier-3": ("cartier", THREE, {"deck": 39}),
    "cartier-4-minus-cat-deals": ("cartier", list(FOUR), {"scoring": "minus", "dealer": "Cat"}),
    "cartier-4-no-hook-exact": ("cartier", list(FOUR), {"hook": "never", "scoring": "exact"}),
    "cartier-3-no-hook-progressive": (
        "cartier",
        THREE,
        {"hook": "never", "scoring": "progressive", "deck": 39},
    ),
    "ten-to-one-5": ("ten-to-one", FIVE_SHORT, {}),
    "ten-to-one-3-exact": ("ten-to-one", THREE, {"scoring": "exact"}),
    "ten-to-one-4-no-hook-minus": ("ten-to-one", list(FOUR), {"hook": "never", "scoring": "minus"}),
    "classic-4": ("classic", list(FOUR), {}),
    "classic-5-progressive": ("classic", FIVE_SHORT, {"scoring": "progressive"}),
    "classic-4-no-hook": ("classic", list(FOUR), {"hook": "never"}),
    "classic-3-hook-from-5": ("classic", THREE, {"hook": "from:5"}),
    "cut-every-card": (
        "classic",
        list(FOUR),
        {"trump": "cut", "hands": ("13-10", [13, 12, 11, 10])},
    ),
    "upcard-every-card": (
        "cartier",
        list(FOUR),
        {"trump": "upcard", "hands": ("13-11-13", [13, 12, 11, 12, 13])},
    ),
    "dealer-names": (
        "classic",
        FIVE_SHORT,
        {"trump": "dealer", "hands": ("1-4-1", [1, 2, 3, 4, 3, 2, 1])},
    ),
    "no-trump": ("ten-to-one", THREE, {"trump": "none", "hands": ("7,7,6", [7, 7, 6])}),
}


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.usefixtures("both_paths")
def test_a_whole_game_played_by_the_scripted_commands(data_dir: Path, name: str) -> None:
    preset, players, options = GAMES[name]
    table, args = whole_game(preset, players, **options)
    ok(*args)
    play_through(table, data_dir, random.Random(name))


def _leaf_commands(group: Any, words: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    import typer

    ctx = typer.Context(group)
    found: list[tuple[tuple[str, ...], Any]] = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if hasattr(command, "list_commands"):
            found.extend(_leaf_commands(command, (*words, name)))
        else:
            found.append(((*words, name), command))
    return found


def test_every_command_tells_a_malformed_value_as_a_usage_error() -> None:
    """Exit status 2 (docs/scripting.md): a malformed value raised anywhere in any command
    (``BadValue``) is Typer's usage error, made in one place (cli/lazy.py): every command
    of the program is of the class that does it, so none can end in a traceback."""
    from ohhell_score.cli.app import command
    from ohhell_score.cli.lazy import OhhellCommand

    leaves = _leaf_commands(command())
    assert len(leaves) > 20
    assert [words for words, cmd in leaves if not isinstance(cmd, OhhellCommand)] == []


def test_a_malformed_value_raised_inside_a_command_is_exit_2_with_its_usage() -> None:
    from typer.testing import CliRunner

    from ohhell_score.cli.lazy import area
    from ohhell_score.domain.errors import BadValue

    app = area()

    @app.command()
    def deal(cards: int) -> None:
        raise BadValue(f"{cards} is not a number of cards")

    @app.command()
    def other() -> None:
        """A second command, so that Typer makes a group of them."""

    result = CliRunner().invoke(app, ["deal", "99"])
    assert result.exit_code == 2
    assert result.output.startswith("Usage: root deal [OPTIONS] ")
    assert "Error: Invalid value: 99 is not a number of cards" in result.output


def _options_block(help_text: str, first: str, last: str) -> str:
    """The lines of a --help's options from the one starting ``first`` to ``last``'s."""
    start = help_text.index(first)
    return help_text[start : help_text.index("\n", help_text.index(last, start))]


def test_new_help_names_the_rules_option_then_the_six_rule_options_in_order() -> None:
    """docs/rules.md "Rule options": `new --help` lists -r/--rules with the presets by
    name, then the six rule options (their defaults left unsaid: the preset's), each
    with the metavar it is typed with."""
    out = invoke(["new", "--help"], terminal_width=80).stdout
    assert _options_block(out, "  -r, --rules", "--dealer PLAYER").splitlines() == [
        "  -r, --rules NAME         Preset: cartier, ten-to-one, classic, regional,",
        "                           nomination-whist, kachuful, boerenbridge, or a house",
        "                           rule.  [default: classic]",
        "  --dealer PLAYER          The first dealer (default: the first player).",
    ]
    block = _options_block(out, "  --hook", "--deck-size")
    assert [
        line.split()[0] + " " + line.split()[1] for line in block.splitlines() if line[2:3] == "-"
    ] == [
        "--hook HOOK",
        "--hands SPEC",
        "--trump METHOD",
        "--scoring SCHEME",
        "--decks K",
        "--deck-size CARDS",
    ]
    assert "default" not in block and "required" not in block
    assert "--deck-size CARDS        Any other pack size, e.g. 63." in block
    assert out.index("-g, --game ID") < out.index("--hook HOOK") < out.index("--scorer NAME")


def test_bid_help_names_its_values_name_equals_n() -> None:
    """docs/scripting.md: `bid` takes NAME=N... (or bare numbers), required, no default."""
    out = invoke(["bid", "--help"], terminal_width=80).stdout
    assert out.startswith("Usage: ohhell bid [OPTIONS] {NAME=N...}\n")
    assert "\n  NAME=N...  NAME=N or N, in bidding order.  [required]\n" in out


@pytest.mark.parametrize("command", ["board", "ratings"])
def test_a_single_commands_help_offers_no_completion_options_of_its_own(command: str) -> None:
    """Completion is installed for the whole program (`ohhell completion`), so a
    command's help never lists Typer's --install-completion or --show-completion."""
    out = invoke([command, "--help"]).stdout
    assert out.startswith(f"Usage: ohhell {command} ")
    assert "completion" not in out


@pytest.mark.parametrize("group", ["seat", "rules", "tournament"])
@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_a_groups_help_is_plain_text_and_takes_h_too(group: str, flag: str) -> None:
    """Every group's help, asked with -h or --help, is plain text as the root's: its
    commands listed, no rich boxes or colour."""
    result = invoke([group, flag])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: ohhell {group} [OPTIONS] COMMAND [ARGS]...\n")
    assert "╭" not in result.stdout and "\x1b[" not in result.stdout


def test_the_root_help_at_60_columns_cuts_each_commands_help_to_one_line() -> None:
    """On a narrow screen every command keeps one line: its help is cut at a word with
    `...` as far as the widest name's column leaves room for, never wrapped."""
    out = invoke(["--help"], terminal_width=60).stdout
    assert "\n  play    Play the game at the table, one prompt...\n  new     Start a game.\n" in out
    assert "\n  tournament  Run a tournament of 6 to 64 players:...\n" in out
    assert "\n  completions  Print the TAB completion script for...\n\n" in out
    section = out[out.index("At the table:") : out.index("\n\n  Alone")]
    rows = [line for line in section.splitlines() if line.startswith("  ")]
    assert all(line[2] != " " and len(line) <= 58 for line in rows), rows  # none wrapped


def test_a_negative_score_of_the_hand_just_scored_has_its_minus_only() -> None:
    """docs/rules.md, scoring minus: a missed bid costs a point a trick off, printed "-1" (no
    "+" before it), as a made bid's "+10"."""
    ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "--scoring", "minus")
    ok("bid", "1", "0", "0")
    assert ok("tricks", "0", "2", "0").splitlines()[:2] == [
        "Hand 1 scored: Bob -1, Cat -2, Ann +10 ✓.",
        "Totals: Ann 10, Bob -1, Cat -2.",
    ]


@pytest.mark.parametrize(("typed", "meant"), [("shw", "show"), ("tournamnet", "tournament")])
def test_a_mistyped_command_is_answered_with_the_command_meant(
    data_dir: Path, typed: str, meant: str
) -> None:
    """A command of an area not built yet (`tournament`) is offered as one built at once."""
    err = refused(data_dir, typed, code=2)
    assert err.endswith(f"Error: No such command '{typed}'. Did you mean '{meant}'?\n"), err


def test_a_command_builds_only_its_own_area_so_the_start_stays_quick() -> None:
    """`ohhell show` imports no other area's commands (the start-up the benchmarks
    measure); `ohhell tournament ...` builds the tournament's alone."""
    import click
    from typer.main import get_command

    from ohhell_score.cli.app import app

    group: Any = get_command(app)
    ctx = click.Context(group, info_name="ohhell")
    assert group.resolve_command(ctx, ["show", "-g", "x"])[0] == "show"
    assert group._built == {}
    assert group.resolve_command(ctx, ["tournament", "show"])[0] == "tournament"
    assert list(group._built) == ["ohhell_score.cli.tournament:app"]
