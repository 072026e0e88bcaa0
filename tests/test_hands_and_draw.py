"""Hand patterns of pieces and the ``max`` token (docs/rules.md, "Rule parameters" and
"Presets"), the first dealer drawn on the command line (docs/rules.md, "First dealer"),
and the presets added with them (docs/rules.md, "Presets")."""

from __future__ import annotations

import pytest

from ohhell_score.domain.draw import scripted_draw
from ohhell_score.domain.errors import BadValue, Refused
from ohhell_score.domain.rules import RuleOptions, Trump, build_rules, most_cards, parse_hands
from tests.conftest import Ohhell


@pytest.mark.parametrize(
    ("pattern", "hands"),
    [
        ("1-7,7-1", [1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1]),  # the top hand twice
        ("1-3,3,3-1", [1, 2, 3, 3, 3, 2, 1]),  # three times
        ("3-1,1-3", [3, 2, 1, 1, 2, 3]),
        ("13-2-13", [*range(13, 1, -1), *range(3, 14)]),
        ("7,7,6,5", [7, 7, 6, 5]),
    ],
)
def test_hand_patterns_of_pieces(pattern: str, hands: list[int]) -> None:
    """docs/rules.md "Rule parameters": pieces joined by commas, each a number or a run."""
    assert list(parse_hands(pattern)) == hands


@pytest.mark.parametrize(
    ("players", "deck", "trump", "largest"),
    [
        # docs/rules.md "Presets": 4 players, 52 cards: upcard 12, upcard+max=cut 13,
        # named 13; 5 players upcard: 10; 3 players: 17.
        (4, 52, "upcard", 12),
        (4, 52, "upcard+max=cut", 13),
        (4, 52, "named", 13),
        (5, 52, "upcard", 10),
        (3, 52, "upcard", 17),
        (3, 52, "named", 17),
        # only a max= exception counts: a hand-number exception leaves upcard's card
        (4, 52, "upcard+1=cut", 12),
        # 6 players: 8 under upcard on one pack; 10 on the 63-card pack
        (6, 52, "upcard", 8),
        (6, 63, "upcard", 10),
    ],
)
def test_max_is_the_most_cards_each_player_can_be_dealt(
    players: int, deck: int, trump: str, largest: int
) -> None:
    assert most_cards(players, deck, Trump.parse(trump)) == largest
    assert parse_hands("max-1-max", players, deck, Trump.parse(trump))[0] == largest


@pytest.mark.parametrize(
    ("args", "first", "count"),
    [
        # docs/rules.md "Presets": regional for 4 players: 12 down to 1 and back, 23 hands
        (["--rules", "regional"], 12, 23),
        (["--rules", "regional", "--trump", "upcard+max=cut"], 13, 25),
        (["--rules", "classic", "--hands", "1-max"], 12, 12),
        (["--rules", "cartier", "--hands", "max-1"], 13, 13),
        # 5 players under upcard: 10; 3 players: 17
        (["Eve", "--rules", "classic", "--hands", "max-1"], 10, 10),
        (["--rules", "regional", "--hands", "max"], 12, 1),
    ],
)
def test_max_through_the_command_line(
    ohhell: Ohhell, args: list[str], first: int, count: int
) -> None:
    """docs/rules.md "Presets": the max examples, played through `new`."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", *args)
    hands = ohhell.sheet("-g", "g")["rules"]["hands"]
    assert (max(hands), len(hands)) == (first, count)


def test_max_for_three_players(ohhell: Ohhell) -> None:
    """docs/rules.md "Presets": 3 players, 52 cards: max is 17 (upcard leaves one to turn)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g", "--rules", "regional")
    assert ohhell.sheet("-g", "g")["rules"]["hands"][0] == 17


def test_regional_for_six_players(ohhell: Ohhell) -> None:
    """docs/rules.md "Presets": on one pack max deals fewer cards (6 players: 8 under
    upcard); --deck-size 63 and --decks 2 deal more."""
    six = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    for extra, largest in [((), 8), (("--deck-size", "63"), 10), (("--decks", "2"), 17)]:
        ohhell.ok("new", *six, "-g", f"r{largest}", "--rules", "regional", *extra)
        assert max(ohhell.sheet("-g", f"r{largest}")["rules"]["hands"]) == largest


def test_rules_regional_explains_it_in_words(ohhell: Ohhell) -> None:
    """docs/rules.md "Presets": `ohhell rules regional` says what it plays, no seed numbers."""
    said = ohhell.ok("rules", "regional")
    assert said.startswith(
        "regional (the game as played in West Virginia, South Carolina, rural Maryland and "
        "Pennsylvania)"
    )
    assert "Hands: 23: 12, 11" in said
    assert "Hook: none; the dealer bids freely." in said
    assert "seed" not in said


# --- the first dealer drawn on the command line ------------------------------------------

PLAYERS = ("Ann", "Bob", "Cat")
ROUND_1 = "--draw-cards, round 1: "
NO_LOW_CARDS = "(no 2s, 3s, 4s, nor the 5 of clubs)"


@pytest.mark.parametrize(
    ("draw", "deck", "by_suit", "dealer"),
    [
        ("Ann=Q♠ Bob=Q♥ Cat=2♣", 52, True, "Ann"),  # suit breaks the tie: spades
        ("Ann=A♥ Bob=A♦ Cat=9♣; Ann=3♣ Bob=J♦", 52, False, "Bob"),  # the tied draw again
        ("ann=QS bob=10h cat=KD", 52, False, "Cat"),  # names ignore case; QS, 10h
        ("Ann=10♥ Bob=Q♦ Cat=2♣", 52, False, "Bob"),
    ],
)
def test_a_draw_given_as_text(draw: str, deck: int, by_suit: bool, dealer: str) -> None:
    """docs/rules.md "First dealer": the highest card deals; ties by suit or a redraw."""
    assert scripted_draw(draw, PLAYERS, deck, by_suit=by_suit) == dealer


@pytest.mark.parametrize(
    ("draw", "deck", "said"),
    [
        ("Ann=Q♠ Bob=Q♠ Cat=2♣", 52, f"{ROUND_1}Ann drew Q♠ already: the deck has one"),
        ("Ann=2♣ Bob=Q♠ Cat=3♥", 39, f"{ROUND_1}2♣ is not in this 39-card deck {NO_LOW_CARDS}"),
        ("Ann=5♣ Bob=Q♠ Cat=3♥", 39, f"{ROUND_1}5♣ is not in this 39-card deck {NO_LOW_CARDS}"),
        ("Ann=Q♠ Bob=J♥", 52, "--draw-cards: no card for Cat in round 1"),
        ("Ann=Q♠", 52, "--draw-cards: no card for Bob, Cat in round 1"),
        ("Ann=A♥ Bob=A♦ Cat=9♣; Ann=3♣ Cat=J♦", 52,
         "--draw-cards: Cat was not tied, so does not draw in round 2 (only Ann and Bob)"),
        ("Ann=A♥ Bob=A♦ Cat=9♣; Ann=3♣", 52, "--draw-cards: no card for Bob in round 2"),
        ("Ann=A♥ Bob=A♦ Cat=9♣", 52,
         "--draw-cards: the draw ends tied (Ann and Bob): add a round after ';' naming only them"),
        ("Ann=A♥ Bob=A♦ Cat=A♣", 52,
         "--draw-cards: the draw ends tied (Ann, Bob and Cat): add a round after ';' naming "
         "only them"),
        ("Ann=A♥ Bob=K♦ Cat=9♣; Ann=3♣ Bob=J♦", 52,
         "--draw-cards: Ann drew the highest card (A♥) in round 1; round 2 has nothing to decide"),
        ("Ann=A♥ Bob=K♦ Zed=9♣", 52, "--draw-cards: no player 'Zed' in this game: Ann, Bob, Cat"),
        ("Ann=A♥ Bob=K♦ Catt=9♣", 52,
         "--draw-cards: no player 'Catt' in this game: Ann, Bob, Cat; did you mean 'Cat'?"),
        ("Ann=A♥ Ann=K♦ Cat=9♣", 52, "--draw-cards: Ann draws twice in round 1"),
    ],
)  # fmt: skip
def test_a_draw_that_breaks_a_rule_is_refused(
    ohhell: Ohhell, draw: str, deck: int, said: str
) -> None:
    """docs/rules.md "First dealer": exit 1 with the whole reason, and no game is made."""
    with pytest.raises(Refused, match=None) as refused:
        scripted_draw(draw, PLAYERS, deck, by_suit=False)
    assert str(refused.value) == said
    rules = ("--rules", "cartier") if deck == 39 else ("--draw-ties", "redraw")
    err = ohhell.refused("new", *PLAYERS, "-g", "x", *rules, "--draw-cards", draw)
    assert err == f"ohhell: {said}\n"
    assert ohhell("show", "-g", "x").exit_code == 1


NOT_A_CARD = (
    "is not a card: a rank 2-10, J, Q, K or A, then a suit s h d c (or ♠ ♥ ♦ ♣), e.g. AS, 10h, Q♦"
)
WRITE_TWO = "write NAME=CARD, e.g. Ann=Q♠ Bob=Q♥"


@pytest.mark.parametrize(
    ("draw", "said"),
    [
        ("Ann=Q♠ Bob=1♥ Cat=2♣", f"'1♥' {NOT_A_CARD}"),
        ("Ann=Q♠ Bob=Q Cat=2♣", f"'Q' {NOT_A_CARD}"),
        ("Ann=Q♠ Bob=NT♥", f"'NT♥' {NOT_A_CARD}"),
        ("Ann=Q=♠ Bob=2♥ Cat=3♣", f"'Q=♠' {NOT_A_CARD}"),  # the card is all after the first "="
        ("Ann Bob Cat", "--draw-cards 'Ann Bob Cat': write NAME=CARD, e.g. Ann=Q♠ Bob=Q♥"),
        ("Ann=Q♠ Bob=2♥ Cat", f"--draw-cards 'Ann=Q♠ Bob=2♥ Cat': {WRITE_TWO}"),
        ("Ann==Q♠ Bob=2♥ Cat=3♣", f"'=Q♠' {NOT_A_CARD}"),  # a name never holds "="
        ("Ann=Q♠ Bob=2♥ Cat=3♣;",
         "--draw-cards 'Ann=Q♠ Bob=2♥ Cat=3♣;': write NAME=CARD, e.g. Ann=Q♠ Bob=Q♥"),
        ("Ann= Bob=Q♠ Cat=2♣", "--draw-cards 'Ann= Bob=Q♠ Cat=2♣': write NAME=CARD, e.g. Ann=Q♠"),
        ("=Q♠ Bob=Q♥ Cat=2♣", "--draw-cards '=Q♠ Bob=Q♥ Cat=2♣': write NAME=CARD, e.g. Ann=Q♠"),
        ("Ann=A♥ Bob=A♦ Cat=9♣; Bob=3♣ Ann",
         "--draw-cards 'Ann=A♥ Bob=A♦ Cat=9♣; Bob=3♣ Ann': write NAME=CARD, e.g. Ann=Q♠ Bob=Q♥"),
    ],
)  # fmt: skip
def test_a_card_that_does_not_parse_is_malformed(ohhell: Ohhell, draw: str, said: str) -> None:
    """docs/rules.md "First dealer": a draw that does not parse exits 2, saying why in full."""
    with pytest.raises(BadValue, match=None) as malformed:
        scripted_draw(draw, PLAYERS, 52, by_suit=False)
    assert str(malformed.value) == said
    assert ohhell.invalid_value("new", *PLAYERS, "-g", "x", "--draw-cards", draw) == said


def test_a_name_with_spaces_draws() -> None:
    """docs/rules.md "First dealer": a name may hold spaces; its card follows its "="."""
    players = ("Ann Lee", "Bob", "Cat")
    assert scripted_draw("Ann Lee=Q♠ Bob=2♥ Cat=3♣", players, 52, by_suit=False) == "Ann Lee"
    assert scripted_draw("ann lee=2♠ Bob=2♥ Cat=3♣", players, 52, by_suit=False) == "Cat"


def test_draw_cards_sets_the_first_dealer(ohhell: Ohhell) -> None:
    """docs/scripting.md `new`: --draw-cards gives the cards drawn for the first dealer; under
    cartier equal ranks go by suit, and --draw-ties redraw asks for another round."""
    ohhell.ok("new", *PLAYERS, "-g", "a", "--rules", "cartier", "--draw-cards",
              "Ann=Q♥ Bob=Q♠ Cat=9♦")  # fmt: skip
    assert ohhell.sheet("-g", "a")["hands"][0]["dealer"] == "Bob"
    tied = "Ann=Q♥ Bob=Q♠ Cat=9♦"
    err = ohhell.refused("new", *PLAYERS, "-g", "b", "--rules", "cartier",
                         "--draw-ties", "redraw", "--draw-cards", tied)  # fmt: skip
    assert "ends tied" in err
    ohhell.ok("new", *PLAYERS, "-g", "c", "--draw-ties", "suit", "--draw-cards",
              "Ann=Q♥ Bob=Q♠ Cat=9♦")  # fmt: skip
    assert ohhell.sheet("-g", "c")["hands"][0]["dealer"] == "Bob"


def test_draw_options_that_do_not_go_together_exit_2(ohhell: Ohhell) -> None:
    drawn = ("--draw-cards", "Ann=Q♥ Bob=Q♠ Cat=9♦")
    for other in (("--dealer", "Bob"), ("--draw",)):
        reason = ohhell.invalid_value("new", *PLAYERS, *other, *drawn)
        assert reason == "give one of --dealer, --draw and --draw-cards"
    err = ohhell.refused("new", *PLAYERS, "--draw-ties", "coin", code=2)
    assert err.endswith(
        "Error: Invalid value: 'coin' is not a way to break ties: use suit or redraw\n"
    )
    reason = ohhell.invalid_value("new", *drawn)  # no players
    assert reason == "--draw-cards names the players: list them after `new`"
    ohhell.refused("show")  # no game was made


# --- the published variants ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "hands", "hook", "trump", "scoring"),
    [
        # docs/rules.md "Presets": each as its source gives it
        ("nomination-whist", 4, "10-1-10", "always", "schedule:S,H,C,D,N", "standard"),
        ("kachuful", 4, "1-13", "always", "schedule:S,D,C,H", "exact"),
        ("kachuful", 6, "1-8", "always", "schedule:S,D,C,H", "exact"),
        ("boerenbridge", 4, "1-8,8-1", "never", "upcard+9=none", "made: 5+t; missed: -d"),
    ],
)
def test_the_published_variants(
    preset: str, players: int, hands: str, hook: str, trump: str, scoring: str
) -> None:
    rules = build_rules(preset, players, RuleOptions())
    assert rules.hands == parse_hands(hands)
    assert (str(rules.hook), str(rules.trump), rules.scoring.value) == (hook, trump, scoring)


def test_boerenbridge_plays_the_second_eight_without_trump(ohhell: Ohhell) -> None:
    """docs/rules.md "Presets": hand 9 is the 8 again, without trump; made: 5 + tricks."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "b", "--rules", "boerenbridge")
    # Its formula is the preset's own: the sheet names no change from it.
    assert ohhell.ok("show", "-g", "b").splitlines()[0] == "b · boerenbridge · 16 hands"
    assert "Scoring: by the formula 'made: 5+t; missed: -d': bid made, 5 + the tricks" in (
        ohhell.ok("rules", "boerenbridge")
    )
    sheet = ohhell.sheet("-g", "b")
    assert [h["trump"] for h in sheet["hands"][7:9]] == [None, "notrump"]
    ohhell.ok("trump", "-g", "b", "s")
    ohhell.ok("bid", "-g", "b", "1", "0", "0", "0")
    ohhell.ok("tricks", "-g", "b", "1", "0", "0", "0")
    assert ohhell.sheet("-g", "b")["hands"][0]["scores"] == {
        "Bob": 6, "Cat": 5, "Dan": 5, "Ann": 5,
    }  # fmt: skip
