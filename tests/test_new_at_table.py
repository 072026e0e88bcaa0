"""`ohhell new` that asks: the players, the preset, the first dealer, and `--draw`
(docs/rules.md, "First dealer")."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from rich.console import Console

from ohhell_score.actions.setup import make_rules
from ohhell_score.cli import announce, answers, guided, terminal
from ohhell_score.domain.draw import Card, highest
from ohhell_score.domain.errors import BadValue, Refused
from ohhell_score.domain.game import progress
from ohhell_score.domain.rules import PRESETS, RuleOptions
from tests.conftest import Ohhell
from tests.domain import new_game, play_hands


def typed(*answers: str) -> str:
    return "".join(f"{a}\n" for a in answers)


# --- a drawn card, as people type it ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", "A♠"),
        ("10h", "10♥"),
        ("Q♦", "Q♦"),
        ("tc", "10♣"),
        (" 2 d ", "2♦"),
        ("king of hearts", "K♥"),
        ("jS", "J♠"),
    ],
)
def test_a_drawn_card_is_read_as_typed(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card


@pytest.mark.parametrize("text", ["", "A", "S", "1S", "11h", "AN", "A nt", "ZZ", "10x"])
def test_what_is_not_a_card_is_refused(text: str) -> None:
    with pytest.raises(BadValue, match="is not a card"):
        Card.parse(text)


def test_the_highest_rank_deals_aces_high() -> None:
    drawn = {"Ann": Card.parse("KS"), "Bob": Card.parse("AC"), "Cat": Card.parse("2H")}
    assert highest(drawn, by_suit=False) == ["Bob"]


def test_equal_ranks_tie_and_draw_again_outside_cartier() -> None:
    """seed 001: "if two cards match, they draw a second card"."""
    drawn = {"Ann": Card.parse("KS"), "Bob": Card.parse("KC"), "Cat": Card.parse("2H")}
    assert highest(drawn, by_suit=False) == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("cards", "dealer"),
    [(("KS", "KH"), "Ann"), (("KD", "KH"), "Bob"), (("KC", "KD"), "Bob")],
)
def test_cartier_breaks_equal_ranks_by_suit(cards: tuple[str, str], dealer: str) -> None:
    """docs/rules.md / seed 000: spades > hearts > diamonds > clubs."""
    drawn = {"Ann": Card.parse(cards[0]), "Bob": Card.parse(cards[1])}
    assert highest(drawn, by_suit=True) == [dealer]


# --- --draw --------------------------------------------------------------------------------


def test_draw_makes_the_highest_card_the_first_dealer(ohhell: Ohhell) -> None:
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=typed("7h", "QS", "3c"))
    assert result.exit_code == 0, result.output
    assert "Bob drew the highest card (Q♠) and deals first." in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Bob"


def test_a_tie_for_highest_draws_again_among_the_tied_only(ohhell: Ohhell) -> None:
    """seed 001: Ann and Cat match with kings; only they draw again."""
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=typed("KS", "3h", "KD", "2c", "9h"))
    assert result.exit_code == 0, result.output
    assert "A tie (Ann K♠, Cat K♦): Ann and Cat draw again." in result.stdout
    assert result.stdout.count("Bob drew") == 1
    assert "Cat drew the highest card (9♥)" in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Cat"


def test_under_cartier_the_higher_suit_wins_a_tie(ohhell: Ohhell) -> None:
    result = ohhell(
        "new",
        *("Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "--draw"),
        input=typed("KD", "KH", "2s", "5c"),
    )
    assert result.exit_code == 0, result.output
    assert "A tie" not in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Bob"


def test_a_card_drawn_twice_from_one_pack_is_refused(ohhell: Ohhell) -> None:
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=typed("AS", "as", "KH", "2c"))
    assert "✗ Ann drew A♠ already: the deck has one" in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Ann"


def test_a_card_that_is_not_a_card_is_asked_again(ohhell: Ohhell) -> None:
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=typed("X9", "9S", "2h", "2c"))
    assert "✗ 'X9' is not a card" in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Ann"


def test_the_three_player_cartier_deck_has_no_low_cards(ohhell: Ohhell) -> None:
    """seed 000: with 3 players the 2s, 3s, 4s and the 5 of clubs are out."""
    result = ohhell(
        "new",
        *("Ann", "Bob", "Cat", "--rules", "cartier", "--draw"),
        input=typed("5c", "4h", "5d", "6d", "7d"),
    )
    assert "✗ 5♣ is not in this 39-card deck" in result.stdout
    assert "✗ 4♥ is not in this 39-card deck" in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Cat"


def test_draw_and_dealer_together_are_a_malformed_command(ohhell: Ohhell) -> None:
    said = ohhell.invalid_value("new", "Ann", "Bob", "Cat", "--draw", "--dealer", "Ann")
    assert said == "give --dealer or --draw, not both"


def test_leaving_the_draw_creates_no_game(ohhell: Ohhell) -> None:
    """The input ends after Ann's card: exit 130 and one line, nothing saved."""
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=typed("AS"))
    assert result.exit_code == 130
    assert result.stderr == "\nno game created\n"
    assert ohhell.refused("show").startswith("ohhell: no games yet")


def test_a_tie_broken_by_draw_ties_suit_at_the_draw_of_new(ohhell: Ohhell) -> None:
    """docs/rules.md, "First dealer": `--draw-ties suit` lets the suit break equal ranks
    in any game, here classic (which else draws again): at `new PLAYER... --draw`, Cat's
    Q♠ beats Ann's Q♥ and nothing more is asked."""
    result = ohhell(
        "new", "Ann", "Bob", "Cat", "--draw", "--draw-ties", "suit", input=typed("QH", "3c", "QS")
    )
    assert result.exit_code == 0, result.output
    assert "Cat drew the highest card (Q♠) and deals first." in result.stdout
    assert "draw again" not in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Cat"


def test_draw_ties_holds_when_the_dealer_question_is_answered_d(ohhell: Ohhell) -> None:
    """docs/rules.md, "First dealer": `--draw-ties` picks either way for any game, also
    when `new` asks for the players and the scorer answers d at the dealer question:
    under classic Cat's Q♠ beats Ann's Q♥ at once, with no second round."""
    answers = typed("Ann", "Bob", "Cat", "", "classic", "d", "QH", "3c", "QS", "q")
    result = ohhell("new", "--hands", "3-2", "--draw-ties", "suit", input=answers)
    assert result.exit_code == 0, result.output
    assert "Cat drew the highest card (Q♠) and deals first." in result.stdout
    assert "draw again" not in result.stdout


def test_a_draw_ties_that_is_no_way_is_malformed_before_any_question(ohhell: Ohhell) -> None:
    """`new --draw-ties coin` without players: exit 2 and the one line, asked nothing."""
    reason = ohhell.invalid_value("new", "--draw-ties", "coin")
    assert reason == "'coin' is not a way to break ties: use suit or redraw"
    assert ohhell.refused("show").startswith("ohhell: no games yet")


# --- new without players -------------------------------------------------------------------


def test_new_asks_players_preset_and_dealer_then_plays(ohhell: Ohhell) -> None:
    answers = typed("Ann", "Bob", "Cat", "", "1", "cat", "q")
    result = ohhell("new", "--hands", "3-2", "-g", "asked", input=answers)
    assert result.exit_code == 0, result.output
    assert "cartier" in result.stdout and "The Cartier tournament" in result.stdout
    assert "Hand 1 of 2 · 3 cards each · Cat deals" in result.stdout
    data = ohhell.sheet("-g", "asked")
    assert data["players"] == ["Ann", "Bob", "Cat"]
    assert data["rules"]["preset"] == "cartier"
    assert data["rules"]["hands"] == [3, 2]
    assert data["rules"]["deck"] == 39


def test_new_refuses_a_second_name_that_differs_only_in_case(ohhell: Ohhell) -> None:
    result = ohhell("new", input=typed("Ann", "ANN", "Bob", "Cat", "", "", "", "q"))
    assert "✗ two players are called 'ANN'" in result.stdout
    assert ohhell.sheet()["players"] == ["Ann", "Bob", "Cat"]


def test_new_wants_three_players_before_an_empty_line_ends_the_list(ohhell: Ohhell) -> None:
    result = ohhell("new", input=typed("Ann", "Bob", "", "Cat", "", "", "", "q"))
    assert "✗ Oh Hell needs at least 3 players; 2 so far" in result.stdout
    assert ohhell.sheet()["rules"]["preset"] == "classic"


def test_new_refuses_a_preset_that_does_not_fit_the_table(ohhell: Ohhell) -> None:
    names = ("Ann", "Bob", "Cat", "Dan", "Eve")
    result = ohhell("new", input=typed(*names, "", "cartier", "classic", "", "q"))
    assert "✗ 13 cards to each of 5 players needs 65 cards" in result.stdout
    assert ohhell.sheet()["rules"]["preset"] == "classic"


SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def test_six_at_classic_are_told_to_type_decks_2_and_can(ohhell: Ohhell) -> None:
    """Six at classic (docs/rules.md "Rule parameters": 10 cards to 6 players is 60,
    so two packs, or hands of 8): the rules question says both ways out in its own words,
    and takes the one it can."""
    result = ohhell("new", input=typed(*SIX, "", "", "decks 2", "", "", "q"))
    assert ", decks 1-4" in result.stdout  # the hint of the rules question
    refusal = (
        "✗ 10 cards to each of 6 players needs 60 cards; the deck has 52: type decks 2, "
        "or deal at most 8 cards a hand Preset"
    )
    assert refusal in " ".join(result.stdout.split())  # the line folded to the terminal
    assert "--decks" not in result.stdout.split("To change a rule")[1]
    assert "Rules now: classic · 19 hands · 104-card deck." in result.stdout
    assert ohhell.sheet()["rules"]["deck"] == 104


def test_a_preset_refused_for_its_deck_is_the_one_decks_then_enter_plays(ohhell: Ohhell) -> None:
    """Five at cartier (65 cards): `decks 2` then Enter plays cartier, not the default."""
    names = ("Ann", "Bob", "Cat", "Dan", "Eve")
    result = ohhell("new", input=typed(*names, "", "cartier", "decks 2", "", "", "q"))
    assert "✗ 13 cards to each of 5 players needs 65 cards; the deck has 52: type decks 2" in (
        result.stdout
    )
    assert "Preset (1-7 or a name; Enter: cartier): " in result.stdout
    rules = ohhell.sheet()["rules"]
    assert (rules["preset"], rules["deck"]) == ("cartier", 104)


@pytest.mark.parametrize(
    ("typed_decks", "reason"),
    [
        ("decks two", "'two' is not a number of packs: type decks 1 to 4"),
        ("decks 0", "--decks takes 1 to 4 packs, not 0"),
        ("decks 5", "--decks takes 1 to 4 packs, not 5"),
        ("decks 100", "--decks takes 1 to 4 packs, not 100"),
        ("decks 1000", "'1000' is not a number of packs: type decks 1 to 4"),
    ],
)
def test_decks_outside_1_to_4_at_the_rules_question_are_refused(
    ohhell: Ohhell, typed_decks: str, reason: str
) -> None:
    result = ohhell(
        "new", input=typed("Ann", "Bob", "Cat", "", typed_decks, "decks 4", "", "", "q")
    )
    assert f"✗ {reason}" in result.stdout
    assert "Rules now: classic · 19 hands · 208-card deck." in result.stdout
    assert ohhell.sheet()["rules"]["deck"] == 208


def test_six_at_classic_on_the_command_line_are_told_to_give_decks_2(ohhell: Ohhell) -> None:
    """docs/rules.md "Rule parameters": both ways out, more packs or smaller hands."""
    said = ohhell.refused("new", *SIX)
    assert (
        said
        == "ohhell: 10 cards to each of 6 players needs 60 cards; the deck has 52: give --decks 2, "
        "or deal at most 8 cards a hand\n"
    )
    ohhell.ok("new", *SIX, "--decks", "2")


def test_the_way_out_is_said_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    result = ohhell("new", input=typed(*SIX, "", "", "q"))
    assert "het spel heeft er 52: typ decks 2" in result.stdout
    said = ohhell.refused("new", *SIX)
    assert said.endswith(
        "het spel heeft er 52: geef --decks 2, of deel hoogstens 8 kaarten per ronde\n"
    )


def test_new_takes_the_first_dealer_by_seat_number(ohhell: Ohhell) -> None:
    ohhell("new", input=typed("Ann", "Bob", "Cat", "", "", "x", "3", "q"))
    assert ohhell.sheet()["next"]["dealer"] == "Cat"


def test_new_can_draw_for_the_dealer_when_asked(ohhell: Ohhell) -> None:
    ohhell("new", input=typed("Ann", "Bob", "Cat", "", "", "d", "2h", "AH", "3h", "q"))
    assert ohhell.sheet()["next"]["dealer"] == "Bob"


def test_new_with_a_taken_id_is_refused_before_any_question(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "taken")
    result = ohhell("new", "-g", "taken", input="Dan\n")
    assert result.exit_code == 1
    assert "Player 1" not in result.stdout
    assert result.stderr == "ohhell: a game 'taken' exists already; choose another --game id\n"


@pytest.mark.parametrize("way_out", ["q", " Q "])
@pytest.mark.parametrize("answers", [(), ("Ann", "Bob", "Cat", "", "")], ids=["players", "dealer"])
def test_q_at_a_question_of_new_leaves_with_no_game_made(
    ohhell: Ohhell, answers: tuple[str, ...], way_out: str
) -> None:
    """The README: `q` leaves at every prompt, here at the first player's name and at
    the dealer question, in either case: exit 0, "no game created", nothing saved (and
    no player called q)."""
    result = ohhell("new", input=typed(*answers, way_out))
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(": no game created\n")
    assert ohhell.refused("show").startswith("ohhell: no games yet")


def test_new_in_a_script_without_players_is_a_malformed_command(ohhell: Ohhell) -> None:
    """No players and nothing to read (stdin not a terminal): exit 2, saying how."""
    said = ohhell.invalid_value("new")
    assert said == "no players given: `ohhell new PLAYER...` (at a terminal it asks for them)"


def test_ctrl_c_at_a_question_of_new_makes_no_game(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/safety.md: Ctrl-C at a question of `new` (here the third player's name)
    exits 130 with one line, and no game is made."""
    answers = iter(["Ann", "Bob"])

    def ask(console: Console) -> terminal.Ask:
        def struck(prompt: str) -> str:
            answer = next(answers, None)
            if answer is None:
                raise KeyboardInterrupt
            return answer

        return struck

    monkeypatch.setattr(terminal, "console_ask", ask)
    result = ohhell("new")
    assert result.exit_code == 130
    assert result.stderr == "\nno game created\n"
    assert ohhell.refused("show").startswith("ohhell: no games yet")


def test_new_without_players_takes_the_first_dealer_given_as_dealer(ohhell: Ohhell) -> None:
    """docs/rules.md, "First dealer": `--dealer` names the first dealer (as typed,
    any case) when `new` asks for the players; it does not ask who deals."""
    result = ohhell("new", "--dealer", "cat", input=typed("Ann", "Bob", "Cat", "", "", "q"))
    assert result.exit_code == 0, result.output
    assert "First dealer (" not in result.stdout
    assert "Cat deals" in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Cat"


def test_the_scorer_of_a_game_drawn_for_is_named_on_the_sheet(ohhell: Ohhell) -> None:
    ohhell("new", "Ann", "Bob", "Cat", "--draw", "--scorer", "Zoë", input=typed("QH", "3c", "KS"))
    assert "Scorer: Zoë" in ohhell.ok("show")


def test_the_scorer_is_named_on_the_sheet(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--scorer", "Zoë")
    assert "Scorer: Zoë" in ohhell.ok("show")


def test_a_house_rule_works_with_draw_and_at_the_preset_question(ohhell: Ohhell) -> None:
    """`new --draw` and the questions of `new` make games of a house rule, as `new` does."""
    ohhell.ok("rules", "save", "pub", "--rules", "classic", "--hands", "2,1", "--hook", "never")
    drawn = ohhell("new", "Ann", "Bob", "Cat", "--draw", "--rules", "pub", "-g", "drawn",
                   input=typed("7h", "QS", "3c"))  # fmt: skip
    assert drawn.exit_code == 0, drawn.output
    sheet = ohhell.sheet("-g", "drawn")
    assert sheet["rules"]["preset"] == "pub" and sheet["rules"]["hands"] == [2, 1]
    assert sheet["hands"][0]["dealer"] == "Bob"
    asked = ohhell("new", "-g", "asked", input=typed("Ann", "Bob", "Cat", "", "pub", "", "q"))
    assert asked.exit_code == 0, asked.output
    assert ohhell.sheet("-g", "asked")["rules"]["hook"] == "never"


def test_what_is_not_a_card_is_refused_saying_how_to_type_one() -> None:
    with pytest.raises(BadValue) as refused:
        Card.parse("11h")
    assert str(refused.value) == (
        "'11h' is not a card: a rank 2-10, J, Q, K or A, then a suit "
        "s h d c (or ♠ ♥ ♦ ♣), e.g. AS, 10h, Q♦"
    )


def test_the_questions_of_new_offer_saved_house_rules_by_number(ohhell: Ohhell) -> None:
    ohhell.ok("rules", "save", "pub", "--rules", "classic", "--hands", "2,1", "--hook", "never")
    number = str(len(PRESETS) + 1)  # after the built-in presets
    answers = typed("Ann", "Bob", "Cat", "", number, "", "q")
    result = ohhell("new", "-g", "asked", input=answers)
    offered = [line.split() for line in result.stdout.splitlines()]
    assert [number, "pub", "house", "rule:", "classic", "with", "--hook", "never,", "--hands",
            "2-1"] in offered  # fmt: skip
    assert ohhell.sheet("-g", "asked")["rules"]["preset"] == "pub"


def test_ten_rules_or_more_at_the_preset_question_are_numbered_right_aligned(
    ohhell: Ohhell,
) -> None:
    """Three saved house rules make ten choices: the numbers 1-9 stand right-aligned
    under the 10, so every name starts in one column."""
    for name in ("pub", "club", "home"):
        ohhell.ok("rules", "save", name, "--rules", "classic", "--hands", "2,1")
    result = ohhell("new", "-g", "asked", input=typed("Ann", "Bob", "Cat", "", "10", "", "q"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "   1  cartier " in [line[:14] for line in lines]
    assert "   9  home " in [line[:11] for line in lines]
    assert "  10  pub " in [line[:10] for line in lines]
    assert ohhell.sheet("-g", "asked")["rules"]["preset"] == "pub"


def test_the_questions_of_new_take_changes_of_trump_and_scoring(ohhell: Ohhell) -> None:
    answers = typed("Ann", "Bob", "Cat", "", "trump dealer", "scoring x", "scoring exact", "1")
    result = ohhell("new", "-g", "asked", input=answers + typed("", "q"))
    assert "✗ 'x' is not a scoring scheme" in result.stdout
    assert "Rules now: classic · 19 hands · trump: the dealer names it before the bids." in (
        result.stdout
    )
    rules = ohhell.sheet("-g", "asked")["rules"]
    assert (rules["preset"], rules["trump"], rules["scoring"]) == ("cartier", "dealer", "exact")


# --- every bound of each question and of number, seat_number ----------------------


TABLE = ("Ann", "Bob", "Cat", "Dan")


class Typed:
    """A prompt's ``ask`` that answers from a list, and the screen it writes on."""

    def __init__(self, *answers: str, terminal: bool = False) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.out = io.StringIO()
        # On a terminal (``terminal``), a refusal's bold shows as its escape code.
        colours: Literal["standard"] | None = "standard" if terminal else None
        self.console = Console(
            file=self.out,
            width=200,
            force_terminal=terminal,
            color_system=colours,
            highlight=not terminal,
        )
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return next(self.answers)

    @property
    def shown(self) -> str:
        return self.out.getvalue()


# --- number and seat_number ------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("2", 2), (" 1 ", 1)])
def test_number_takes_both_ends_of_its_range(text: str, value: int) -> None:
    assert answers.number(text, 0, 2, "a bid") == value


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("-1", "-1 is out of range: a bid is 0 to 2"),
        ("3", "3 is out of range: a bid is 0 to 2"),
        ("", "type a bid 0 to 2, then Enter (? shows the keys)"),
        ("x", "'x' is not a number: type a bid 0 to 2, then Enter (? shows the keys)"),
        ("1234567890", "123456789… is out of range: a bid is 0 to 2"),
    ],
)
def test_number_refuses_one_past_each_end(text: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        answers.number(text, 0, 2, "a bid")
    assert str(refused.value) == reason


def test_number_of_nine_digits_is_read_and_judged_by_its_value() -> None:
    assert answers.number("999999999", 0, 10**9, "points") == 999_999_999
    with pytest.raises(Refused, match=r"^999999999 is out of range: points is 0 to 10$"):
        answers.number("999999999", 0, 10, "points")


@pytest.mark.parametrize(
    ("text", "seat"), [("0", None), ("1", 1), ("4", 4), ("5", None), ("001", 1), ("0001", None)]
)
def test_seat_number_is_1_to_the_count(text: str, seat: int | None) -> None:
    assert answers.seat_number(text, 4) == seat


# --- the guided `new`: players, preset, first dealer -----------------------------------


def test_the_player_list_ends_at_3_players_not_at_2() -> None:
    typed = Typed("Ann", "Bob", "", "Cat", "")
    assert guided.ask_players(typed.console, typed) == ("Ann", "Bob", "Cat")
    assert "✗ Oh Hell needs at least 3 players; 2 so far" in typed.shown
    assert typed.prompts == [f"Player {n}: " for n in (1, 2, 3, 3, 4)]


def test_a_players_name_is_1_to_24_characters() -> None:
    typed = Typed("A" * 25, "A" * 24, "B", "C", "")
    assert guided.ask_players(typed.console, typed) == ("A" * 24, "B", "C")
    assert f"✗ player name {'A' * 25!r} must be 1 to 24 characters" in typed.shown


def preset(*answers: str) -> tuple[str, Typed]:
    typed = Typed(*answers)

    def build(name: str, changes: RuleOptions) -> Any:
        return make_rules(name, len(TABLE), changes)

    rules = guided.ask_preset(typed.console, typed, len(TABLE), "classic", build, ())
    return rules.preset, typed


@pytest.mark.parametrize(("typed", "chosen"), [("1", "cartier"), ("7", "boerenbridge")])
def test_a_preset_is_chosen_by_number_1_to_7(typed: str, chosen: str) -> None:
    assert len(PRESETS) == 7 and list(PRESETS)[int(typed) - 1] == chosen
    assert preset(typed)[0] == chosen


@pytest.mark.parametrize("typed", ["0", "8"])
def test_a_preset_number_outside_1_to_7_is_refused_and_asked_again(typed: str) -> None:
    chosen, asked = preset(typed, "2")
    assert chosen == "ten-to-one"
    assert f"✗ {typed!r} is not a preset: use cartier, ten-to-one," in asked.shown
    assert asked.prompts == ["Preset (1-7 or a name; Enter: classic): "] * 2


def dealer(*answers: str) -> tuple[int, Typed]:
    typed = Typed(*answers)
    rules = make_rules("classic", len(TABLE), RuleOptions())
    return guided.ask_dealer(typed.console, typed, TABLE, rules), typed


@pytest.mark.parametrize(("typed", "seat"), [("1", 0), ("4", 3), ("", 0), ("dan", 3)])
def test_the_first_dealer_is_seat_1_to_n(typed: str, seat: int) -> None:
    assert dealer(typed)[0] == seat


def test_the_first_dealer_question_names_the_seats_and_the_first_player() -> None:
    asked = dealer("Zed", "")[1]
    assert asked.prompts == ["First dealer (a name or 1-4; Enter: Ann; d: draw cards): "] * 2


BOLD = "\x1b[1m"


def test_a_dealer_and_a_card_refused_stand_out_in_bold_on_a_terminal() -> None:
    """Each refusal of the first dealer's questions is bold, as every refusal of play's."""
    typed = Typed("Zed", "d", "X9", "2S", "2s", "KH", "2c", "3d", terminal=True)
    rules = make_rules("classic", len(TABLE), RuleOptions())
    assert guided.ask_dealer(typed.console, typed, TABLE, rules) == 1
    for refusal in ("no player 'Zed'", "'X9' is not a card", "Ann drew 2♠ already"):
        assert f"{BOLD}  ✗ {refusal}" in typed.shown, typed.shown


def test_the_draw_says_how_it_goes_each_tie_and_who_deals() -> None:
    """docs/rules.md "First dealer": the highest card deals, aces high; equal ranks draw
    again, the tied players only."""
    typed = Typed("d", "KS", "3h", "KD", "2c", "5s", "9h")
    rules = make_rules("classic", len(TABLE), RuleOptions())
    assert guided.ask_dealer(typed.console, typed, TABLE, rules) == 2
    assert typed.shown == (
        "Each player draws a card; the highest deals (aces high; ties draw again).\n"
        "A tie (Ann K♠, Cat K♦): Ann and Cat draw again.\n"
        "Cat drew the highest card (9♥) and deals first.\n"
    )
    drew = [f"{p} drew (e.g. AS, 10h, Q♦): " for p in ("Ann", "Bob", "Cat", "Dan", "Ann", "Cat")]
    assert typed.prompts[1:] == drew


def test_a_cartier_draw_asked_for_at_the_dealer_question_breaks_ties_by_suit() -> None:
    """docs/rules.md "First dealer": under cartier equal ranks go by suit (spades,
    hearts, diamonds, clubs), at `d` as with `new --draw`."""
    typed = Typed("d", "KD", "KH", "2s", "5c")
    rules = make_rules("cartier", len(TABLE), RuleOptions())
    assert guided.ask_dealer(typed.console, typed, TABLE, rules) == 1
    assert typed.shown == (
        "Each player draws a card; the highest deals (aces high, then spades, hearts, "
        "diamonds, clubs).\n"
        "Bob drew the highest card (K♥) and deals first.\n"
    )


def test_a_cartier_draw_with_draw_ties_redraw_draws_again(ohhell: Ohhell) -> None:
    """`new --draw --draw-ties redraw` under cartier: equal ranks draw again."""
    result = ohhell(
        "new",
        *("Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "--draw", "--draw-ties", "redraw"),
        input=typed("KD", "KH", "2s", "5c", "3h", "4h"),
    )
    assert result.exit_code == 0, result.output
    assert "A tie (Ann K♦, Bob K♥): Ann and Bob draw again." in result.stdout
    assert ohhell.sheet()["next"]["dealer"] == "Bob"


@pytest.mark.parametrize(
    ("hands", "said"),
    [("1", "Ann and Cat share the win with 10 each!"), ("2,1", "Ann wins with 20!")],
)
def test_the_end_of_play_names_the_winners_in_bold_then_the_styled_sheet(
    hands: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/rules.md: the highest total wins, ties share the win; on what rich takes
    for a terminal, the line is bold and the sheet is styled as on one."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    game = play_hands(
        new_game("classic", ("Ann", "Bob", "Cat"), hands=hands), len(hands.split(","))
    )
    typed = Typed(terminal=True)
    announce.finish(typed.console, progress(game))
    assert typed.shown.startswith(f"\n{BOLD}★ {said}\x1b[0m\n\x1b[3mtest · classic")


@pytest.mark.parametrize("typed", ["0", "5"])
def test_a_dealer_seat_of_0_or_n_plus_1_is_refused_and_asked_again(typed: str) -> None:
    seat, asked = dealer(typed, "2")
    assert seat == 1
    assert f"✗ no player {typed!r}" in asked.shown
    assert len(asked.prompts) == 2


class _Terminal:
    """Standard input as a terminal: `isatty` says so, the rest is the stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _SysAtATerminal:
    """`sys` as cli/play.py sees it at a terminal: stdin (the test's input) a tty."""

    def __getattr__(self, name: str) -> Any:
        import sys

        return _Terminal(sys.stdin) if name == "stdin" else getattr(sys, name)


@pytest.fixture
def stdin_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from ohhell_score.cli import play

    for asks in (play, guided):  # `play` asks, and so do the questions of a new game
        monkeypatch.setattr(asks, "sys", _SysAtATerminal())
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


OFFER = "Play it now? (Enter: yes; n: no, later with `ohhell play`): "
DRAWN = typed("7h", "QS", "3c")
NEXT = (
    "Hand 1 of 19 (10 cards, Bob deals): turn up the next card: "
    "enter its suit (`ohhell trump SUIT`)\n"
)


@pytest.mark.usefixtures("stdin_a_terminal")
@pytest.mark.parametrize("answer", ["", "y", "N x"])
def test_new_with_draw_at_a_terminal_offers_to_play_and_enter_plays(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    """After `new PLAYER... --draw` at a terminal, anything but n, no or q
    goes on to `play`: its first prompt (Cat bids first after Bob deals)."""
    monkeypatch.setenv("FORCE_COLOR", "1")  # stdout a terminal too
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=DRAWN + f"{answer}\nq\n")
    assert result.exit_code == 0, result.output
    assert OFFER in result.stdout
    assert "saved; continue with `ohhell play`" in result.stdout


@pytest.mark.usefixtures("stdin_a_terminal")
@pytest.mark.parametrize("answer", ["n", "no", "q", " NO ", "Q", None])
def test_n_no_q_or_end_of_input_at_the_offer_ends_new_with_what_comes_next(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, answer: str | None
) -> None:
    """Answered n, no or q (any case), or Ctrl-D, at the offer: `new` ends as it
    does in a script, saying what comes next; nothing is played."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    tail = "" if answer is None else f"{answer}\n"
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=DRAWN + tail)
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(OFFER + NEXT) or result.stdout.endswith(OFFER + "\n" + NEXT)
    assert "saved; continue" not in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {}


@pytest.mark.usefixtures("stdin_a_terminal")
def test_the_offer_to_play_is_not_made_when_stdout_is_not_a_terminal(ohhell: Ohhell) -> None:
    """Only at a terminal, both ways: typed input with the output piped is a script's."""
    result = ohhell("new", "Ann", "Bob", "Cat", "--draw", input=DRAWN + "\n")
    assert result.exit_code == 0, result.output
    assert "Play it now?" not in result.stdout and result.stdout.endswith("hands).\n" + NEXT)


def test_the_rules_question_lists_the_presets_then_says_how_to_change_a_rule() -> None:
    """`new` at the table: "Rules:", each preset numbered in an indented column, its
    name whole even on a narrow screen, then the one line saying how to change the hook,
    trump, scoring and decks (each with what it takes)."""
    shown = preset("")[1].shown.splitlines()
    assert shown[0] == "Rules:"
    assert shown[1].startswith("  1  cartier           The Cartier tournament: 13 down")
    assert shown[7].startswith("  7  boerenbridge      1 up to 8, the 8 twice")
    assert " ".join(line.strip() for line in shown[8:]) == (
        "To change a rule, type it first: hook always|never|from:K, trump named, upcard, "
        "cut, dealer, none or schedule:H,C,S,D,N; exceptions after +, e.g. "
        "upcard+max=none, scoring standard, exact, minus, progressive, penalty, tenfold "
        "or a formula such as 'made: 10+b; missed: -b', decks 1-4 (packs of 52)."
    )
    typed = Typed("")
    typed.console.width = 30

    def build(name: str, changes: RuleOptions) -> Any:
        return make_rules(name, len(TABLE), changes)

    guided.ask_preset(typed.console, typed, len(TABLE), "classic", build, ())
    rows = [re.match(r"  [1-7]  (\S+)", line) for line in typed.shown.splitlines()]
    names = [row[1] for row in rows if row]
    assert names == list(PRESETS)


def test_the_players_question_says_what_to_type_and_refuses_a_name_twice_in_bold() -> None:
    """`new` at the table: the players question says how to answer, `?` says it again
    (a name is still asked), and a name already in (ignoring case) is refused in bold."""
    typed = Typed("?", "Ann", "ann", "Bob", "Cat", "", terminal=True)
    assert guided.ask_players(typed.console, typed) == ("Ann", "Bob", "Cat")
    assert typed.shown == (
        "Players, clockwise from anyone: one a line, an empty line when all are in.\n"
        "Type a name and Enter; an empty line ends the list (3 or more).\n"
        f"{BOLD}  ✗ two players are called 'ann' (names ignore case)\x1b[0m\n"
    )
    assert typed.prompts[:3] == ["Player 1: ", "Player 1: ", "Player 2: "]


def test_hook_never_typed_at_the_rules_question_plays_without_the_hook() -> None:
    """`hook never` before a preset: the rules are said again, without the hook."""
    chosen, typed = preset("hook never", "")
    assert chosen == "classic"
    assert "\nRules now: classic · 19 hands · no hook.\n" in typed.shown


@pytest.mark.parametrize("word", ["delerregel", "Delerregel", "hook", "HOOK"])
def test_a_dutch_table_changes_the_hook_by_its_dutch_or_english_word(
    dutch: None, word: str
) -> None:
    """At a Dutch table the rules question takes `delerregel` (any case) for the hook,
    as it takes the English `hook`."""
    assert guided.changeable(word) == "hook"


# Tests for mutation survivors of ask_preset (docs/mutation-survivors.md)


def test_a_scoring_formula_with_spaces_is_taken_whole_at_the_rules_question() -> None:
    """`scoring` then a formula of several words: the rule is the first word, the
    formula all the rest, spaces and all."""
    typed = Typed("scoring made: 10+b; missed: -b", "")

    def build(name: str, changes: RuleOptions) -> Any:
        return make_rules(name, len(TABLE), changes)

    rules = guided.ask_preset(typed.console, typed, len(TABLE), "classic", build, ())
    assert rules.scoring.text == "made: 10+b; missed: -b"
    assert (
        "\nRules now: classic · 19 hands · scoring: bid made, 10 + the bid; "
        "bid missed, minus the bid.\n"
    ) in typed.shown
    assert "✗" not in typed.shown


def test_a_preset_typed_with_spaces_is_refused_as_a_preset_not_as_a_rule() -> None:
    """`ten to one` (spaces for hyphens) is no rule's word then a value: it is refused
    as the preset it is not, naming the presets, and never as a scoring scheme."""
    chosen, asked = preset("ten to one", "ten-to-one")
    assert chosen == "ten-to-one"
    assert "\n  ✗ 'ten to one' is not a preset: use cartier, ten-to-one," in asked.shown
    assert "scoring" not in asked.shown.split("packs of 52).")[1]
    assert asked.prompts == ["Preset (1-7 or a name; Enter: classic): "] * 2


def test_each_refusal_at_the_rules_question_stands_out_in_bold_on_a_terminal() -> None:
    """Six at the table: a rule's value refused, a preset that is none, and classic's
    deck too small for six are each said in bold; `decks 2` then Enter plays classic."""
    typed = Typed("scoring x", "8", "", "decks 2", "", terminal=True)

    def build(name: str, changes: RuleOptions) -> Any:
        return make_rules(name, len(SIX), changes)

    rules = guided.ask_preset(typed.console, typed, len(SIX), "classic", build, ())
    assert (rules.preset, rules.deck) == ("classic", 104)
    refusals = [line for line in typed.shown.splitlines() if "✗" in line]
    assert len(refusals) == 3, typed.shown
    for refusal, said in zip(
        refusals,
        (
            "'x' is not a scoring scheme",
            "'8' is not a preset",
            "10 cards to each of 6 players needs 60 cards; the deck has 52: type decks 2",
        ),
        strict=True,
    ):
        assert refusal.startswith(f"{BOLD}  ✗ {said}") and refusal.endswith("\x1b[0m")


# Tests for mutation survivors of play_at_table (docs/mutation-survivors.md)


def test_play_with_no_game_yet_asks_for_the_first_one_then_plays_it(ohhell: Ohhell) -> None:
    """docs/playing.md: `ohhell play` on a laptop with no game asks for the players, the
    rules (Enter: the usual ones) and the first dealer, as `new` does, then plays."""
    result = ohhell("play", input=typed("Ann", "Bob", "Cat", "", "", "bob", "q"))
    assert result.exit_code == 0, result.output
    assert "━━ Hand 1 of 19 · 10 cards each · Bob deals ━━" in result.stdout
    data = ohhell.sheet()
    assert data["players"] == ["Ann", "Bob", "Cat"]
    assert data["rules"]["preset"] == "classic"
    assert data["next"]["dealer"] == "Bob"


def test_lan_without_board_is_a_malformed_play(ohhell: Ohhell) -> None:
    assert ohhell.invalid_value("play", "--lan") == "--lan is for the board: give --board too"


def test_play_of_a_finished_game_named_shows_its_sheet_while_another_is_played(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play -g done` on a game that is over shows its last sheet (the game named, not
    the current one, which is still being played) and offers a new one."""
    from ohhell_score.cli import play as play_area

    monkeypatch.setattr(play_area, "can_ask", lambda: True)
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "done", "--hands", "1", "--trump", "none")
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "0", "1", "0")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "going")
    going = ohhell.sheet("-g", "going")
    result = ohhell("play", "-g", "done", input="q\n")
    assert result.exit_code == 0, result.output
    assert "Dan" not in result.stdout and "Ann" in result.stdout
    assert "A new game, same players and rules? (Enter: yes; n: ask anew; q: leave): " in (
        result.stdout
    )
    assert ohhell.sheet("-g", "going") == going


def test_a_scorer_too_long_or_not_printable_is_refused_naming_the_option(ohhell: Ohhell) -> None:
    for scorer in ("Z" * 65, "Zoë\x1b[31m"):
        reason = ohhell.invalid_value("new", "Ann", "Bob", "Cat", "--scorer", scorer)
        assert reason == "--scorer must be at most 64 printable characters"
    assert ohhell.refused("show") == "ohhell: no games yet: start one with `ohhell new PLAYER...`\n"
    ohhell.ok("new", "Ann", "Bob", "Cat", "--scorer", "Z" * 64)
    assert f"Scorer: {'Z' * 64}" in ohhell.ok("show")
