"""TAB completion in-process: what a user pressing TAB is offered, asked of the program
the way the shells ask it (the bash protocol of tests/test_completions.py, and fish's
where the text shown beside a value matters), but without a process, so that a mutation
run sees cli/complete.py and actions/complete.py (docs/mutation.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.domain.rules import PRESETS as PRESET_TABLE
from tests.conftest import Ohhell, invoke
from tests.test_completions import COMPLETIONS, GEN

#: The presets in their order (tests/test_rules.py pins them to docs/rules.md).
PRESETS = list(PRESET_TABLE)
SUITS = ["spades", "hearts", "diamonds", "clubs"]


def complete(env: dict[str, str]) -> str:
    """The program's answer to a shell's completion request (nothing crashes on the way)."""
    result = invoke([], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def offered(*words: str) -> list[str]:
    """What is offered for the last word of ``ohhell WORDS``, asked as bash asks."""
    line = " ".join(("ohhell", *words))
    env = {"_OHHELL_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words))}
    return complete(env).split()


def shown(*words: str) -> list[str]:
    """What fish shows for the last word: each value, a tab and the text beside it."""
    env = {
        "_OHHELL_COMPLETE": "complete_fish",
        "_TYPER_COMPLETE_ARGS": " ".join(("ohhell", *words)),
        "_TYPER_COMPLETE_FISH_ACTION": "get-args",
    }
    return complete(env).splitlines()


def write_game(data_dir: Path, game: str, data: Any) -> None:
    """A game file as a hand edit or a damaged disk leaves it (completion reads it raw)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / f"{game}.json").write_text(json.dumps(data))


@pytest.fixture
def games(ohhell: Ohhell) -> None:
    """friday (Cartier, trump named), then monday (classic, upcard): the current game."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    ohhell.ok("new", "Xia", "Yusuf", "Zoe", "-g", "monday")


# --- game ids -------------------------------------------------------------------------


def test_game_option_offers_the_saved_games_sorted_by_their_first_letters(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Xia", "Yusuf", "Zoe", "-g", "monday")
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "friday")
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "fourth")
    assert offered("show", "-g", "") == ["fourth", "friday", "monday"]
    assert offered("undo", "--game", "fr") == ["friday"]
    assert offered("delete", "m") == ["monday"]
    assert offered("show", "-g", "x") == []


def test_no_game_is_offered_before_the_first_is_saved() -> None:
    assert offered("show", "-g", "") == []


# --- rule names -----------------------------------------------------------------------


def keep_house_rules(ohhell: Ohhell, *names: str) -> None:
    for name in names:
        ohhell.ok("rules", "save", name, "--rules", "classic", "--hook", "never")


def test_a_rule_name_offers_the_presets_then_the_house_rules_sorted(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub", "cabin")
    for words in (("rules", ""), ("rules", "show", ""), ("new", "A", "B", "C", "--rules", "")):
        assert offered(*words) == [*PRESETS, "cabin", "pub"], words
    assert offered("stats", "--rules", "") == [*PRESETS, "cabin", "pub"]


def test_a_rule_name_is_offered_by_its_first_letters(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub", "cabin")
    assert offered("rules", "show", "c") == ["cartier", "classic", "cabin"]
    assert offered("new", "A", "B", "C", "--rules", "p") == ["pub"]
    assert offered("rules", "export", "p") == ["pub"]
    assert offered("rules", "show", "t") == ["ten-to-one"]
    assert offered("rules", "show", "z") == []


def test_beside_a_rule_name_fish_shows_the_presets_summary_or_house_rule(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "cabin")
    assert shown("rules", "show", "c") == [
        "cartier\tThe Cartier tournament: 13 down to 2 and back up, highest bidder names trump",
        "classic\tUp and down the river: 10 down to 1 and back up, upcard trump",
        "cabin\thouse rule",
    ]
    assert shown("rules", "delete", "") == ["cabin\thouse rule"]


def test_rules_export_and_delete_offer_only_the_house_rules(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub")
    assert offered("rules", "export", "") == ["pub"]
    assert offered("rules", "delete", "c") == []


def test_a_tournaments_rules_offer_only_the_presets(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub")
    assert offered("tournament", "new", "cup", "--rules", "") == PRESETS
    assert offered("tournament", "new", "cup", "--rules", "c") == ["cartier", "classic"]


def test_no_house_rule_is_offered_without_the_folder_or_from_other_files(
    ohhell: Ohhell, config_dir: Path
) -> None:
    """No rules folder yet: the presets alone. A file not ending in .json, or one whose
    name starts with a dot (macOS's ``._pub.json`` beside a copied ``pub.json``), is no
    house rule."""
    assert offered("rules", "export", "") == []
    keep_house_rules(ohhell, "pub")
    (folder,) = config_dir.iterdir()
    (folder / "._pub.json").write_text("")
    (folder / "notes.txt").write_text("")
    (folder / "cabin.JSON").write_text("")
    assert offered("rules", "export", "") == ["pub"]
    assert offered("rules", "") == [*PRESETS, "pub"]


# --- trump ----------------------------------------------------------------------------


def test_trump_offers_the_suits_in_order_without_a_game() -> None:
    assert offered("trump", "") == [*SUITS, "notrump"]
    assert offered("trump", "c") == ["clubs"]
    assert offered("trump", "h") == ["hearts"]
    assert offered("trump", "n") == ["notrump"]
    assert offered("trump", "x") == []


def test_beside_a_suit_fish_shows_its_sign() -> None:
    assert shown("trump", "") == [
        "spades\t♠",
        "hearts\t♥",
        "diamonds\t♦",
        "clubs\t♣",
        "notrump\tno trump",
    ]


@pytest.mark.usefixtures("games")
def test_trump_offers_no_trump_only_in_the_game_where_it_can_be_entered(ohhell: Ohhell) -> None:
    """friday (Cartier) names trump; monday, the current game (classic), turns it up."""
    assert offered("trump", "-g", "friday", "") == [*SUITS, "notrump"]
    assert offered("trump", "-g", "friday", "n") == ["notrump"]
    assert offered("trump", "") == SUITS
    assert offered("trump", "-g", "monday", "") == SUITS
    assert offered("trump", "-g", "monday", "n") == []
    assert shown("trump", "-g", "monday", "h") == ["hearts\t♥"]
    ohhell.ok("bid", "-g", "friday", "Bob=1")  # friday, changed last, is now the current game
    assert offered("trump", "") == [*SUITS, "notrump"]
    assert offered("trump", "-g", "monday", "") == SUITS


def play_hand(ohhell: Ohhell, number: int, trump: str) -> None:
    """Hand ``number`` of the three players' game ``g`` dealing 2, then 1 card."""
    ohhell.ok("trump", trump, "-g", "g")
    if number == 1:
        ohhell.ok("bid", "1", "1", "1", "-g", "g")
        ohhell.ok("tricks", "1", "1", "0", "-g", "g")
    else:
        ohhell.ok("bid", "0", "0", "0", "-g", "g")
        ohhell.ok("tricks", "1", "0", "0", "-g", "g")


@pytest.mark.parametrize(
    ("trump", "methods", "notrump"),
    [
        ("upcard+1=dealer", "", True),  # hand 1: the dealer names it
        ("upcard+1=dealer", "n", False),  # hand 2, the last: turned up
        ("upcard+1=dealer", "nh", True),  # the game is over: nothing to tell by
        ("upcard+last=dealer", "", False),
        ("upcard+last=dealer", "h", True),
        ("upcard+max=dealer", "", True),
        ("upcard+max=dealer", "n", False),
    ],
)
def test_trump_offers_no_trump_where_the_hands_own_method_lets_it_be_named(
    ohhell: Ohhell, trump: str, methods: str, notrump: bool
) -> None:
    """docs/rules.md "Trump": the method of the hand to be played, its exceptions
    included, in a game of 2 cards then 1; ``methods``: the trumps of the hands played."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2-1", "--trump", trump, "-g", "g")
    for number, suit in enumerate(methods, start=1):
        play_hand(ohhell, number, suit)
    assert offered("trump", "") == ([*SUITS, "notrump"] if notrump else SUITS)


@pytest.mark.parametrize(
    "rules",
    [
        {"hands": [2, 1]},  # the trump rule lost
        {"trump": "upcard"},  # the hands lost
        {"hands": ["two"], "trump": "upcard"},
        {"hands": [2, 1], "trump": "sideways"},
    ],
)
def test_trump_offers_no_trump_where_a_damaged_file_cannot_tell(
    data_dir: Path, rules: dict[str, Any]
) -> None:
    """Completion offers rather than hides where the game file cannot say (`trump`
    itself then refuses the file, saying why)."""
    write_game(data_dir, "g", {"players": ["Ann", "Bob"], "rules": rules, "entries": []})
    assert offered("trump", "-g", "g", "") == [*SUITS, "notrump"]


def test_trump_offers_no_trump_where_the_game_file_holds_no_entries_or_rules(
    data_dir: Path,
) -> None:
    write_game(data_dir, "g", {"players": ["Ann", "Bob"], "rules": {"hands": [2, 1]}})
    assert offered("trump", "-g", "g", "") == [*SUITS, "notrump"]
    write_game(data_dir, "h", {"players": ["Ann", "Bob"], "entries": []})
    assert offered("trump", "-g", "h", "") == [*SUITS, "notrump"]


# --- players --------------------------------------------------------------------------


@pytest.mark.usefixtures("games")
def test_bid_offers_the_current_games_players_in_seating_order() -> None:
    assert offered("bid", "") == ["Xia=", "Yusuf=", "Zoe="]
    assert offered("tricks", "") == ["Xia=", "Yusuf=", "Zoe="]


@pytest.mark.usefixtures("games")
def test_bid_with_a_game_offers_that_games_players() -> None:
    assert offered("bid", "-g", "friday", "") == ["Ann=", "Bob=", "Cat=", "Dan="]
    assert offered("tricks", "--game", "friday", "") == ["Ann=", "Bob=", "Cat=", "Dan="]


def test_players_are_not_offered_without_a_game() -> None:
    assert offered("bid", "") == []
    assert offered("bid", "-g", "nosuch", "") == []


@pytest.mark.usefixtures("games")
def test_players_named_on_the_line_are_left_out() -> None:
    assert offered("tricks", "-g", "friday", "ann=2", "Cat=3", "") == ["Bob=", "Dan="]
    assert offered("tricks", "-g", "friday", "ann=2", "Cat=3", "B") == [
        f"Bob={n}" for n in range(14)
    ]
    assert offered("bid", "-g", "friday", "Dan==2", "") == ["Ann=", "Bob=", "Cat="]


@pytest.mark.usefixtures("games")
def test_a_player_named_in_bash_words_is_left_out() -> None:
    """bash splits ``Xia=1`` into ``Xia``, ``=``, ``1`` (COMP_WORDBREAKS holds "=")."""
    assert offered("bid", "Xia", "=", "1", "") == ["Yusuf=", "Zoe="]
    assert offered("bid", "Xia", "=", "1", "Zoe", "=", "0", "") == [f"Yusuf={n}" for n in range(11)]


@pytest.mark.usefixtures("games")
def test_bids_in_order_or_a_name_without_its_value_name_no_one() -> None:
    """``bid 1 2`` names no player, and ``bid Xia 1`` (the "=" forgotten) gives Xia
    no value: each is offered still."""
    assert offered("bid", "1", "2", "") == ["Xia=", "Yusuf=", "Zoe="]
    assert offered("bid", "Xia", "1", "") == ["Xia=", "Yusuf=", "Zoe="]
    assert offered("bid", "Xia", "=", "") == ["Yusuf=", "Zoe="]


@pytest.mark.usefixtures("games")
def test_one_player_is_offered_with_the_numbers_of_the_hand() -> None:
    """Cartier's first hand deals 13 cards: Bob=0 to Bob=13, narrowed as typed."""
    assert offered("bid", "-g", "friday", "B") == [f"Bob={n}" for n in range(14)]
    assert offered("bid", "-g", "friday", "Bob=") == [f"Bob={n}" for n in range(14)]
    ones = ["Bob=1", *(f"Bob={n}" for n in range(10, 14))]
    assert offered("bid", "-g", "friday", "Bob=1") == ones
    assert offered("bid", "-g", "friday", "Bob=13") == ["Bob=13"]
    assert offered("bid", "-g", "friday", "Bob=14") == []
    assert offered("bid", "-g", "friday", "Ed=") == []


def test_a_name_with_its_equals_sign_is_that_player_not_a_longer_name(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Anna", "Bob", "--hands", "3-1")
    assert offered("bid", "Ann") == ["Ann=", "Anna="]
    assert offered("bid", "Ann=") == [f"Ann={n}" for n in range(4)]
    assert offered("bid", "Anna") == [f"Anna={n}" for n in range(4)]
    assert offered("bid", "Anna=", "Ann") == [f"Ann={n}" for n in range(4)]


def play_up_and_down(ohhell: Ohhell) -> None:
    """Game ``g`` of three dealing 1, 2, 3, 2, 1 cards, its first hand played."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1-3-1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0")


def test_the_numbers_offered_are_those_of_the_hand_being_played(ohhell: Ohhell) -> None:
    play_up_and_down(ohhell)
    assert offered("bid", "A") == ["Ann=0", "Ann=1", "Ann=2"]
    ohhell.ok("bid", "1", "0", "0")
    assert offered("tricks", "C") == ["Cat=0", "Cat=1", "Cat=2"]
    ohhell.ok("tricks", "1", "1", "0")
    assert offered("bid", "B") == ["Bob=0", "Bob=1", "Bob=2", "Bob=3"]


def test_the_numbers_offered_to_edit_are_those_of_the_hand_named(ohhell: Ohhell) -> None:
    play_up_and_down(ohhell)
    assert offered("edit", "1", "") == ["bids", "tricks"]
    assert offered("edit", "1", "tricks", "B") == ["Bob=0", "Bob=1"]
    assert offered("edit", "3", "bids", "B") == ["Bob=0", "Bob=1", "Bob=2", "Bob=3"]
    assert offered("edit", "5", "bids", "B") == ["Bob=0", "Bob=1"]
    assert offered("edit", "4", "bids", "Bob=1", "C") == ["Cat=0", "Cat=1", "Cat=2"]
    # A hand the game has not: up to its largest hand's cards.
    assert offered("edit", "9", "bids", "B") == ["Bob=0", "Bob=1", "Bob=2", "Bob=3"]
    assert offered("edit", "0", "bids", "B") == ["Bob=0", "Bob=1", "Bob=2", "Bob=3"]


def test_when_the_game_is_over_the_numbers_go_up_to_its_largest_hand(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1,2", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0")
    assert offered("bid", "A") == ["Ann=0", "Ann=1", "Ann=2"]
    ohhell.ok("bid", "0", "0", "1")
    ohhell.ok("tricks", "1", "1", "0")
    assert offered("bid", "A") == ["Ann=0", "Ann=1", "Ann=2"]


# --- seats ----------------------------------------------------------------------------


def change_seats(ohhell: Ohhell) -> None:
    """friday's Bob is replaced by Bea, Dan joins after Ann and Cat leaves: Ann, Dan,
    Bea sit now; monday, the current game, is untouched."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2-1", "--trump", "none", "-g", "friday")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "1", "1", "0")
    ohhell.ok("seat", "replace", "Bob", "Bea")
    ohhell.ok("seat", "join", "Dan", "--after", "Ann")
    ohhell.ok("seat", "leave", "Cat")
    ohhell.ok("new", "Xia", "Yusuf", "Zoe", "-g", "monday")


def test_the_players_offered_are_those_seated_now(ohhell: Ohhell) -> None:
    change_seats(ohhell)
    assert offered("bid", "-g", "friday", "") == ["Ann=", "Dan=", "Bea="]
    assert offered("seat", "leave", "-g", "friday", "") == ["Ann", "Dan", "Bea"]
    assert offered("seat", "replace", "-g", "friday", "") == ["Ann", "Dan", "Bea"]
    assert offered("seat", "join", "Cat", "-g", "friday", "--after", "") == ["Ann", "Dan", "Bea"]
    assert offered("seat", "leave", "-g", "friday", "B") == ["Bea"]
    assert offered("seat", "leave", "") == ["Xia", "Yusuf", "Zoe"]
    assert offered("seat", "leave", "Y") == ["Yusuf"]


def test_a_seat_command_offers_no_one_without_a_game() -> None:
    assert offered("seat", "leave", "") == []
    assert offered("seat", "leave", "-g", "nosuch", "") == []


GOOD = {"hands": [2, 1], "trump": "none"}


@pytest.mark.parametrize(
    ("damage", "players"),
    [
        ({"players": "Ann"}, []),
        ({"players": None}, []),
        ({"players": ["Ann", 3, "Bob"]}, ["Ann", "Bob"]),
        ({"entries": None}, ["Ann", "Bob", "Cat"]),
        ({"entries": 5}, ["Ann", "Bob", "Cat"]),
        ({"entries": ["junk", {"kind": "leave", "player": "Cat"}]}, ["Ann", "Bob"]),
        (
            {
                "entries": [
                    {"kind": "join", "player": "Dan", "after": "Ed"},
                    {"kind": "leave", "player": "Ann"},
                ]
            },
            ["Bob", "Cat"],
        ),
        ({"entries": [{"kind": "bid", "player": "Bob", "bid": 0}]}, ["Ann", "Bob", "Cat"]),
    ],
)
def test_a_damaged_game_file_offers_what_it_can_without_a_traceback(
    data_dir: Path, damage: dict[str, Any], players: list[str]
) -> None:
    """The replay refuses such a file and says why; completion offers who it can read."""
    write_game(
        data_dir, "g", {"players": ["Ann", "Bob", "Cat"], "rules": GOOD, "entries": [], **damage}
    )
    assert offered("seat", "leave", "-g", "g", "") == players
    assert offered("bid", "-g", "g", "") == [f"{p}=" for p in players]


@pytest.mark.parametrize("content", ["[1, 2]", '"Ann"', "7", "not json", ""])
def test_a_game_file_that_is_no_json_object_offers_no_players(data_dir: Path, content: str) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "g.json").write_text(content)
    assert offered("seat", "leave", "-g", "g", "") == []
    assert offered("bid", "-g", "g", "") == []
    assert offered("trump", "-g", "g", "") == [*SUITS, "notrump"]


@pytest.mark.parametrize(
    ("rules", "numbers"),
    [
        ({"hands": [], "trump": "none"}, ["Ann=0"]),  # no hand at all
        ({"trump": "none"}, ["Ann=0"]),
        ({"hands": ["two"], "trump": "none"}, ["Ann=0"]),
    ],
)
def test_a_damaged_game_file_offers_a_player_only_the_bid_of_0(
    data_dir: Path, rules: dict[str, Any], numbers: list[str]
) -> None:
    write_game(data_dir, "g", {"players": ["Ann", "Bob"], "rules": rules, "entries": []})
    assert offered("bid", "-g", "g", "A") == numbers


# --- tournaments ----------------------------------------------------------------------


def test_tournament_commands_offer_the_saved_tournaments(ohhell: Ohhell, data_dir: Path) -> None:
    assert offered("tournament", "show", "") == []
    field = [f"P{n}" for n in range(1, 9)]
    ohhell.ok("tournament", "new", "cup", *field, "--seed", "1")
    ohhell.ok("tournament", "new", "club", *field, "--seed", "2")
    (data_dir / "tournaments" / "Not an id.json").write_text("{}")
    (data_dir / "tournaments" / "cart.lock").write_text("")
    for command in ("show", "advance", "collect", "export"):
        assert offered("tournament", command, "") == ["club", "cup"]
        assert offered("tournament", command, "cu") == ["cup"]
    assert offered("board", "--tournament", "c") == ["club", "cup"]
    assert offered("tournament", "dealer", "cup-r1-t") == ["cup-r1-t1", "cup-r1-t2"]


def test_the_rules_option_and_a_bids_values_are_completed(ohhell: Ohhell) -> None:
    """Tab after `new --rules` offers the presets; after `bid`, the game's players."""
    assert offered("new", "--rules", "") == PRESETS
    ohhell.ok("new", "Ann", "Bob", "Cat")
    assert "Bob=" in offered("bid", "")


@pytest.mark.parametrize("shell", sorted(GEN.SCRIPTS))
def test_completions_prints_the_script_of_the_shell_named(
    ohhell: Ohhell, a_helper_process: None, shell: str
) -> None:
    """docs/commands.md, `completions SHELL`: the script printed is the committed one of
    that shell (zsh's with `#compdef` first, as its fpath needs)."""
    committed = (COMPLETIONS / GEN.SCRIPTS[shell]).read_text(encoding="utf-8")
    assert ohhell.ok("completions", shell) == committed


def test_completions_that_cannot_make_the_script_exit_as_the_program_did(
    ohhell: Ohhell, a_helper_process: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ohhell_score.cli import shell

    monkeypatch.setattr(shell, "RUN_AS_OHHELL", "import sys; sys.exit(3)")
    result = ohhell("completions", "bash")
    assert (result.exit_code, result.stdout) == (3, "")
