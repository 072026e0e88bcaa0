"""Trump exceptions for some hands (docs/rules.md, "Trump"): ``+SELECTOR=METHOD`` after
the method, the first match wins, and each hand follows its own method's order."""

from __future__ import annotations

import pytest

from ohhell_score.domain.errors import BadValue
from ohhell_score.domain.rules import RuleOptions, Trump, TrumpMethod, build_rules
from ohhell_score.domain.rulewords import trump_rule_words
from tests.conftest import Ohhell


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("upcard+max=none", "upcard+max=none"),
        (" UpCard + 13 = Cut ", "upcard+13=cut"),
        ("named+1-3=none+last=dealer", "named+1-3=none+last=dealer"),
        ("schedule:h,c,s,d,n+first=named", "schedule:H,C,S,D,N+first=named"),
    ],
)
def test_exceptions_are_written_in_canonical_form(typed: str, canonical: str) -> None:
    """docs/rules.md "Trump": lower case, spaces removed, exceptions in the order typed."""
    assert str(Trump.parse(typed)) == canonical


@pytest.mark.parametrize(
    ("trump", "methods"),
    [
        # docs/rules.md "Trump": 13-12-13 under upcard+max=none: both 13s without trump
        ("upcard+max=none", ["none", "upcard", "none"]),
        ("upcard+2=cut", ["upcard", "cut", "upcard"]),
        # the first match wins: hand 1 is in 1-2 and is first
        ("named+1-2=none+first=dealer", ["none", "none", "named"]),
        ("named+first=dealer+1-2=none", ["dealer", "none", "named"]),
        ("named+last=cut", ["named", "named", "cut"]),
    ],
)
def test_the_first_matching_exception_gives_a_hands_method(trump: str, methods: list[str]) -> None:
    rules = build_rules("cartier", 4, RuleOptions(hands="13-12-13", trump=trump))
    assert [rules.trump_method(k).value for k in (1, 2, 3)] == methods


NOT_A_HAND = "is not a hand: use a number (9), a range (9-11), first, last or max"
NOT_A_METHOD = (
    "is not a trump method: use named, upcard, cut, dealer, none or schedule:H,C,S,D,N; "
    "exceptions after +, e.g. upcard+max=none"
)


@pytest.mark.parametrize(
    ("trump", "said"),
    [
        ("upcard+9=none",
         "trump 'upcard+9=none': hand 9 is not in this game, which has 3 hands"),
        ("upcard+2-4=none",
         "trump 'upcard+2-4=none': hand 2-4 is not in this game, which has 3 hands"),
        ("upcard+0=none", f"'upcard+0=none': '0' {NOT_A_HAND}"),
        ("upcard+3-2=none", f"'upcard+3-2=none': '3-2' {NOT_A_HAND}"),
        ("upcard+max=schedule:H",
         "'upcard+max=schedule:H': an exception's method cannot be a schedule"),
        ("upcard+max=trumps", f"'upcard+max=trumps' {NOT_A_METHOD}"),
        ("upcard+max",
         "'upcard+max': 'max' is not an exception: write +SELECTOR=METHOD, e.g. upcard+max=none"),
        ("upcard+max=",
         "'upcard+max=': 'max=' is not an exception: write +SELECTOR=METHOD, e.g. upcard+max=none"),
        ("upcard+1=none=upcard", f"'upcard+1=none=upcard' {NOT_A_METHOD}"),
        ("upcard;max=none", f"'upcard;max=none' {NOT_A_METHOD}"),
        ("upcard+middle=none", f"'upcard+middle=none': 'middle' {NOT_A_HAND}"),
    ],
)  # fmt: skip
def test_a_bad_exception_exits_2(ohhell: Ohhell, trump: str, said: str) -> None:
    """docs/rules.md "Trump": a selector naming no hand, a range outside 1..hands, an
    unknown method: refused with exit 2 in one whole line, and no game is made."""
    args = ("Ann", "Bob", "Cat", "Dan", "-g", "x", "--hands", "3-1", "--trump", trump)
    assert ohhell.invalid_value("new", *args) == said
    assert ohhell("show", "-g", "x").exit_code == 1


def test_an_unknown_method_is_refused_listing_every_choice(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": the methods, the schedule and an exception, as typed."""
    said = (
        "'trumps' is not a trump method: use named, upcard, cut, dealer, none or "
        "schedule:H,C,S,D,N; exceptions after +, e.g. upcard+max=none"
    )
    with pytest.raises(BadValue, match=None) as refused:
        Trump.parse("trumps")
    assert str(refused.value) == said
    assert ohhell.invalid_value("new", "Ann", "Bob", "Cat", "-g", "x", "--trump", "trumps") == said


@pytest.mark.parametrize(
    ("trump", "said"),
    [
        ("upcard+max=none",
         "the card turned up after the deal; the hands dealt the most cards: no trump"),
        ("none+first=named+last=dealer+2-3=cut+5=upcard",
         "none; the first hand: after the bids, the highest bidder names it (first in "
         "bidding order on equal bids); the last hand: the dealer names it before the bids; "
         "hands 2-3: the suit of the cut card, before the bids; hand 5: the card turned up "
         "after the deal"),
    ],
)  # fmt: skip
def test_the_rules_line_says_each_exception_in_words(trump: str, said: str) -> None:
    """docs/rules.md "Exceptions for some hands": the rules line every view gives says
    which hands (a number, a range, first, last, max) are played how, in words."""
    assert trump_rule_words(Trump.parse(trump)) == said


def test_show_json_gives_the_trump_with_its_exceptions(ohhell: Ohhell) -> None:
    """docs/scripting.md: rules.trump is the method with its exceptions in canonical form."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "--trump", "UPCARD + max = none")
    assert ohhell.sheet("-g", "g")["rules"]["trump"] == "upcard+max=none"


def test_each_hand_follows_its_own_methods_order(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": that hand's entry order is its own method's. Under
    ``named+2=cut+3=none``: hand 1 bids then trump; hand 2 trump then bids; hand 3 no
    trump entry at all, known in advance."""
    ohhell.ok(
        "new", "Ann", "Bob", "Cat", "-g", "g", "--hands", "3-1", "--hook", "never",
        "--trump", "named+2=cut+3=none",
    )  # fmt: skip
    sheet = ohhell.sheet("-g", "g")
    assert [h["trump"] for h in sheet["hands"]] == [None, None, "notrump"]
    assert sheet["next"]["step"] == "bid"
    ohhell.ok("bid", "-g", "g", "1", "1", "0")
    assert ohhell.sheet("-g", "g")["next"]["step"] == "trump"
    ohhell.ok("trump", "-g", "g", "nt")  # the highest bidder may name no trump
    ohhell.ok("tricks", "-g", "g", "1", "1", "1")
    assert ohhell.sheet("-g", "g")["next"]["step"] == "trump"  # hand 2: cut, before bids
    assert "cut the pack" in ohhell.ok("show", "-g", "g")
    ohhell.refused("trump", "-g", "g", "nt")  # a cut card always shows a suit
    ohhell.ok("trump", "-g", "g", "h")
    ohhell.ok("bid", "-g", "g", "1", "0", "0")
    ohhell.ok("tricks", "-g", "g", "1", "1", "0")
    sheet = ohhell.sheet("-g", "g")
    assert (sheet["next"]["step"], sheet["hands"][2]["trump"]) == ("bid", "notrump")
    assert "fix hand 3's trump" in ohhell.refused("trump", "-g", "g", "s")


def test_the_largest_hand_without_trump_under_upcard(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": ``upcard+max=none``: the largest deal has no trump entry."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "--hands", "2-1-2",
              "--trump", "upcard+max=none")  # fmt: skip
    sheet = ohhell.sheet("-g", "g")
    assert [h["trump"] for h in sheet["hands"]] == ["notrump", None, "notrump"]
    assert sheet["next"]["step"] == "bid"


def test_the_rules_and_the_printed_sheet_say_the_exceptions(ohhell: Ohhell) -> None:
    """The views say in words which hands are played otherwise."""
    ohhell.ok("rules", "save", "nomax", "--rules", "classic", "--trump", "upcard+max=none")
    said = ohhell.ok("rules", "nomax")
    assert "Except the hands dealt the most cards: no trump." in said
    blank = ohhell.ok("sheet", "Ann", "Bob", "Cat", "--rules", "nomax")
    assert "the hands dealt the most cards: no trump" in blank


def test_named_exceptions_let_any_method_but_a_schedule() -> None:
    trump = Trump.parse("upcard+max=named+1=dealer+2=cut+3=none+4=upcard")
    assert [m for _, m in trump.exceptions] == [
        TrumpMethod.NAMED,
        TrumpMethod.DEALER,
        TrumpMethod.CUT,
        TrumpMethod.NONE,
        TrumpMethod.UPCARD,
    ]
    with pytest.raises(BadValue):
        Trump.parse("upcard+max=schedule:H,C")


#: Every method but a schedule, each for a hand of its own.
EVERY_METHOD = "named+1=cut+2=upcard+3=dealer+4=none"


def test_rules_name_explains_each_hands_trump_method(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": `ohhell rules NAME` says how each method chooses trump."""
    ohhell.ok("rules", "save", "h", "--trump", EVERY_METHOD)
    trump = next(x.strip() for x in ohhell.ok("rules", "h").splitlines() if "Trump:" in x)
    assert trump == (
        "Trump: after the bids, the highest bidder names a suit or no trump; on equal bids the "
        "first of them in bidding order names it. Except hand 1: the pack is cut (or the "
        "dealer's last card shown) before the bids: its suit. Except hand 2: after the deal "
        "the next card is turned up and its suit is trump; a hand that deals every card is "
        "played without trump. Except hand 3: the dealer names a suit or no trump before the "
        "bids, before seeing the cards. Except hand 4: no trump."
    )


def test_a_blank_sheet_notes_how_each_hands_trump_is_written_in(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": the printed sheet's note, shorter, with what to write."""
    sheet = ohhell.ok("sheet", "Ann", "Bob", "Cat", "--trump", EVERY_METHOD, "--hands", "5-1")
    assert (
        "Trump: after the bids, the highest bidder names it (first in bidding order on equal "
        "bids); write it in; hand 1: the suit of the cut card, before the bids; write it in; "
        "hand 2: the card turned up after the deal; write its suit in (NT: every card dealt, "
        "no trump); hand 3: the dealer names it before the bids; write it in; hand 4: no trump."
    ) in sheet


def test_a_schedule_is_explained_with_its_cycle_and_printed_on_the_sheet(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": ten-to-one's schedule (seed 001), as `ohhell rules NAME`
    and the printed sheet say it."""
    said = ohhell.ok("rules", "ten-to-one").splitlines()
    assert (
        "  Trump: a fixed cycle by hand, repeating: hearts, clubs, spades, diamonds, no trump."
        in said
    )
    sheet = ohhell.ok("sheet", "--players", "5", "--rules", "ten-to-one")
    assert "Trump: fixed by the hand&#39;s number, as printed." in sheet


def test_a_game_without_trump_is_explained_and_printed_so(ohhell: Ohhell) -> None:
    """docs/rules.md "Trump": `none`, as `ohhell rules NAME` and the printed sheet say it."""
    ohhell.ok("rules", "save", "plain", "--trump", "none")
    assert "  Trump: none; every hand is played without trump." in ohhell.ok("rules", "plain")
    sheet = ohhell.ok("sheet", "Ann", "Bob", "Cat", "--trump", "none")
    assert "Trump: none; every hand is played without trump." in sheet
