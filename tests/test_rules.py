"""Every rule and worked example of the rule book, each test citing its section or seed.

The domain is driven through game.py's own functions (``add_bids``, ``set_trump``,
``add_tricks``, ``undo``, ``edit``) and read back through ``progress`` and
``sheet_json``, the object of ``show --json``.
"""

from __future__ import annotations

import pytest

from ohhell_score.domain.errors import (
    BadPlayers,
    BadValue,
    IllegalBid,
    NothingToUndo,
    NotYourTurn,
    Refused,
    RulesDontFit,
    Shown,
    TricksDontAddUp,
)
from ohhell_score.domain.game import (
    Game,
    Step,
    add_bids,
    add_tricks,
    edit,
    progress,
    set_trump,
    sheet_json,
    undo,
)
from ohhell_score.domain.rules import (
    PRESETS,
    STANDARD,
    Hook,
    Scoring,
    Suit,
    Trump,
    TrumpMethod,
    hands_pattern,
    parse_hands,
    scheme,
)
from tests.domain import FIVE, FOUR, SEVEN, bid, finish_bidding, new_game, play_hand, play_hands

THREE = FOUR[:3]
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def dealer_of(game: Game, number: int) -> str:
    return progress(game).hands[number - 1].dealer


def next_step(game: Game) -> Step:
    nxt = progress(game).next
    assert nxt is not None
    return nxt.step


def forbidden(game: Game) -> int | None:
    nxt = progress(game).next
    assert nxt is not None and nxt.step is Step.BID
    return nxt.forbidden_bid


def tricks(game: Game, *values: int) -> Game:
    return add_tricks(game, [(None, v) for v in values])


# --- Presets (docs/rules.md "Presets") ---------------------------------------------------

CARTIER_HANDS = (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
TEN_TO_ONE_HANDS = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
CLASSIC_HANDS = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@pytest.mark.parametrize(
    ("preset", "players", "hands"),
    [
        ("cartier", FOUR, CARTIER_HANDS),
        ("cartier", THREE, CARTIER_HANDS),
        ("ten-to-one", FIVE, TEN_TO_ONE_HANDS),
        ("classic", FOUR, CLASSIC_HANDS),
    ],
)
def test_preset_deals_its_hands_list(
    preset: str, players: tuple[str, ...], hands: tuple[int, ...]
) -> None:
    """docs/rules.md Presets: cartier 13-2-13 (23 hands), ten-to-one 10-1, classic 10-1-10 (19)."""
    game = new_game(preset, players)
    assert [h.cards for h in progress(game).hands] == list(hands)


def test_cartier_has_23_hands_and_classic_19() -> None:
    """docs/rules.md Presets: "23 hands, 13 down to 2, then 3 up to 13"; classic "19 hands"."""
    assert len(CARTIER_HANDS) == len(new_game("cartier").rules.hands) == 23
    assert len(new_game("classic").rules.hands) == 19
    assert len(new_game("ten-to-one", FIVE).rules.hands) == 10


@pytest.mark.parametrize(
    ("preset", "players", "hook", "trump", "scoring", "deck"),
    [
        ("cartier", FOUR, "always", "named", "standard", 52),
        ("cartier", THREE, "always", "named", "standard", 39),
        ("ten-to-one", FIVE, "from:6", "schedule:H,C,S,D,N", "standard", 52),
        ("ten-to-one", THREE, "from:6", "schedule:H,C,S,D,N", "standard", 52),
        ("classic", FOUR, "always", "upcard", "standard", 52),
        ("classic", THREE, "always", "upcard", "standard", 52),
    ],
)
def test_preset_rules_table(
    preset: str, players: tuple[str, ...], hook: str, trump: str, scoring: str, deck: int
) -> None:
    """docs/rules.md Presets: the hook, trump, scoring and deck columns of each preset."""
    rules = new_game(preset, players).rules
    assert rules.to_json() == {
        "preset": preset,
        "hook": hook,
        "trump": trump,
        "scoring": scoring,
        "hands": list(rules.hands),
        "deck": deck,
    }


def test_presets_are_the_seeds_and_the_published_variants() -> None:
    """docs/rules.md "Presets": the four of the rule book, then three published variants."""
    assert list(PRESETS) == [
        "cartier",
        "ten-to-one",
        "classic",
        "regional",
        "nomination-whist",
        "kachuful",
        "boerenbridge",
    ]


def test_unknown_preset_is_a_malformed_value() -> None:
    """docs/scripting.md exit 2: an unknown preset is a value of the wrong form."""
    with pytest.raises(BadValue) as refusal:
        new_game("bridge")
    assert str(refusal.value) == (
        "'bridge' is not a preset: use cartier, ten-to-one, classic, regional, "
        "nomination-whist, kachuful, boerenbridge or a house rule (`ohhell rules` lists them)"
    )


# --- The Cartier 39-card deck (docs/rules.md Rule parameters, seed 000) ---------------------


@pytest.mark.parametrize(("players", "deck"), [(THREE, 39), (FOUR, 52)])
def test_cartier_deck_is_39_cards_for_three_players(players: tuple[str, ...], deck: int) -> None:
    """seed 000: with 3 players the 2s, 3s, 4s and the 5 of clubs go: 52 - 13 = 39 cards."""
    assert new_game("cartier", players).rules.deck == deck


def test_cartier_three_players_fill_the_39_card_deck_with_13_cards() -> None:
    """docs/rules.md: n * N <= D; Cartier's 13-card hands to 3 players use all 39 cards."""
    game = new_game("cartier", THREE)
    assert max(game.rules.hands) * len(game.players) == game.rules.deck


def test_cartier_three_players_under_upcard_play_the_13_card_hands_without_trump() -> None:
    """docs/rules.md Trump, upcard: 13 x 3 = 39 deals the whole 39-card deck: no card to turn."""
    game = new_game("cartier", THREE, trump="upcard")
    hands = progress(game).hands
    assert [h.trump for h in hands if h.cards == 13] == [Suit.NOTRUMP, Suit.NOTRUMP]
    assert all(h.trump is None for h in hands if h.cards < 13)


@pytest.mark.parametrize("preset", ["ten-to-one", "classic"])
def test_only_cartier_shrinks_the_deck_for_three(preset: str) -> None:
    """docs/rules.md Rule parameters: the 39-card deck is Cartier's 3-player deck only."""
    assert new_game(preset, THREE).rules.deck == 52


# --- Players and deck fit (docs/rules.md Rule parameters) -----------------------------------


def test_cartier_for_five_players_names_the_numbers() -> None:
    """docs/rules.md "Rule parameters": "13 cards to each of 5 players needs 65 cards;
    the deck has 52", with both ways out: more packs, or smaller hands."""
    with pytest.raises(RulesDontFit) as refused:
        new_game("cartier", FIVE)
    assert str(refused.value) == (
        "13 cards to each of 5 players needs 65 cards; the deck has 52: give --decks 2, "
        "or deal at most 10 cards a hand"
    )


@pytest.mark.parametrize(
    ("preset", "count", "message"),
    [
        (
            "classic",
            6,
            "10 cards to each of 6 players needs 60 cards; the deck has 52: give --decks 2, "
            "or deal at most 8 cards a hand",
        ),
        (
            "ten-to-one",
            6,
            "10 cards to each of 6 players needs 60 cards; the deck has 52: give --decks 2, "
            "or deal at most 8 cards a hand",
        ),
        (
            "cartier",
            5,
            "13 cards to each of 5 players needs 65 cards; the deck has 52: give --decks 2, "
            "or deal at most 10 cards a hand",
        ),
    ],
)
def test_a_rule_set_that_does_not_fit_is_refused_naming_the_numbers(
    preset: str, count: int, message: str
) -> None:
    """docs/rules.md: every hand must fit the deck, n * N <= D, refused with the numbers."""
    with pytest.raises(RulesDontFit) as refused:
        new_game(preset, SEVEN[:count])
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("preset", "count"),
    [
        ("cartier", 3),
        ("cartier", 4),
        ("ten-to-one", 3),
        ("ten-to-one", 4),
        ("ten-to-one", 5),
        ("classic", 3),
        ("classic", 4),
        ("classic", 5),
    ],
)
def test_any_count_from_three_whose_hands_fit_is_accepted(preset: str, count: int) -> None:
    """docs/rules.md: any count from 3 whose hands fit the deck is accepted."""
    assert len(new_game(preset, SEVEN[:count]).players) == count


def test_seven_players_fit_when_the_hands_do() -> None:
    """docs/rules.md: players 3..7 on one deck; 7 x 7 = 49 <= 52."""
    game = new_game("classic", SEVEN, hands="7-1")
    assert game.rules.hands == (7, 6, 5, 4, 3, 2, 1)


def test_a_hand_that_overflows_by_the_largest_hand_names_it() -> None:
    """docs/rules.md: the check is per hand; 8 x 7 = 56 > 52 is named even if other hands fit."""
    with pytest.raises(RulesDontFit, match="8 cards to each of 7 players needs 56 cards"):
        new_game("classic", SEVEN, hands="8-1")


def test_two_players_are_refused() -> None:
    """docs/rules.md Rule parameters: players 3..7; fewer than 3 cannot make a table."""
    with pytest.raises(BadPlayers, match=None) as refused:
        new_game("classic", FOUR[:2])
    assert str(refused.value) == "Oh Hell needs at least 3 players; 2 given"


def test_eight_players_play_on_one_pack_when_their_hands_fit() -> None:
    """docs/rules.md "Rule parameters": 8 players on one pack at hands up to 6
    (`--hands 1-6-1`, 48 cards; 49 with an upcard): the cards decide, not the count."""
    eight = (*SEVEN, "Hal")
    game = new_game("classic", eight, hands="1-6-1")
    assert (game.rules.deck, max(game.rules.hands)) == (52, 6)


def test_eight_players_at_ten_cards_are_refused_with_both_ways_out() -> None:
    """docs/rules.md "Rule parameters": more players or larger hands need --decks 2; the
    refusal names the cards needed and both ways out (--decks 2, or smaller hands)."""
    eight = (*SEVEN, "Hal")
    with pytest.raises(RulesDontFit, match=None) as refused:
        new_game("classic", eight, hands="10-1")
    assert str(refused.value) == (
        "10 cards to each of 8 players needs 80 cards; the deck has 52: give --decks 2, "
        "or deal at most 6 cards a hand"
    )
    assert new_game("classic", eight, hands="10-1", decks=2).rules.deck == 104


@pytest.mark.parametrize(
    ("count", "hint"),
    [
        (6, ": give --decks 2, or deal at most 8 cards a hand"),  # 60 cards: two packs
        (10, ": give --decks 2, or deal at most 5 cards a hand"),  # 100 cards
        (11, ": give --decks 3, or deal at most 4 cards a hand"),  # not two, then three
        (20, ": give --decks 4, or deal at most 2 cards a hand"),  # 200 of four packs' 208
        (21, ": deal at most 2 cards a hand"),  # 210: no --decks (1 to 4) deals it
    ],
)
def test_a_refusal_names_the_fewest_packs_that_deal_the_hands(count: int, hint: str) -> None:
    """docs/rules.md "Rule parameters": refused with the numbers, the fewest packs that
    would deal it and the largest hand one pack deals; classic deals 10 cards."""
    players = tuple(f"P{i}" for i in range(count))
    with pytest.raises(RulesDontFit) as refused:
        new_game("classic", players)
    assert str(refused.value).endswith("the deck has 52" + hint)


def test_a_deck_of_its_own_size_is_told_of_one_whole_pack() -> None:
    """--deck-size 40 for five players of 10 cards (50): one pack of 52 deals it."""
    with pytest.raises(RulesDontFit) as refused:
        new_game("classic", FIVE, deck_size=40)
    assert str(refused.value).endswith(
        "needs 50 cards; the deck has 40: give --decks 1, or deal at most 8 cards a hand"
    )


@pytest.mark.parametrize(
    ("preset", "one", "two"),
    [
        ("classic", 5, 10),
        ("cartier", 4, 8),
        ("boerenbridge", 6, 13),
        ("kachuful", 26, 52),
        ("regional", 25, 51),
    ],
)
def test_a_preset_fits_as_many_players_as_one_pack_and_two_deal(
    preset: str, one: int, two: int
) -> None:
    """docs/rules.md: n * N <= D, the cards decide, not the count: classic's 10 cards go
    to 5 on 52 cards and to 10 on 104, cartier's 13 to 4 and 8, boerenbridge's 8 to 6 and
    13; kachuful's 1-max shrinks with the table, so 26 on one pack (1 and 2 cards) and 52
    on two (a card each); regional's max-1-max must turn and leave a card to turn up: 25
    on one pack (2, 1, 2) and 51 on two. `max`
    is counted on the deck the options make, not on one pack. What is said is what `new`
    takes: the count, and not one more."""
    chosen = PRESETS[preset]
    most, most_on_two = chosen.most_players(), chosen.most_players(2)
    assert (most, most_on_two) == (one, two)
    for packs, fits in ((1, most), (2, most_on_two)):
        new_game(preset, tuple(f"P{i}" for i in range(fits)), decks=packs)
        with pytest.raises((RulesDontFit, BadValue)):
            new_game(preset, tuple(f"P{i}" for i in range(fits + 1)), decks=packs)


def test_two_decks_fit_cartier_for_eight() -> None:
    """docs/rules.md: deck 104 with --decks 2; 13 x 8 = 104 fits exactly."""
    eight = (*SEVEN, "Hal")
    assert new_game("cartier", eight, decks=2).rules.deck == 104


def test_the_63_card_500_pack_seats_six_for_ten_cards() -> None:
    """docs/rules.md deck, seed 003: the 63-card six-player 500 pack; 10 x 6 = 60 <= 63."""
    game = new_game("classic", SEVEN[:6], deck_size=63)
    assert game.rules.deck == 63


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"decks": 2, "deck_size": 63}, "give --decks or --deck-size, not both"),
        ({"decks": 0}, "--decks takes 1 to 4 packs, not 0"),
        ({"decks": 5}, "--decks takes 1 to 4 packs, not 5"),
        ({"deck_size": 2}, "--deck-size takes 3 to 208 cards, not 2"),
        ({"deck_size": 209}, "--deck-size takes 3 to 208 cards, not 209"),
    ],
    ids=["both", "no pack", "five packs", "two cards", "209 cards"],
)
def test_a_deck_option_out_of_its_range_is_refused_saying_the_range(
    options: dict[str, int], message: str
) -> None:
    """docs/scripting.md: `--decks K | --deck-size D`, one or the other, and exit 2 for a value
    of the wrong form; docs/rules.md deck: 1 to 4 packs, 3 to 208 cards."""
    with pytest.raises(BadValue) as refusal:
        new_game("classic", FOUR, **options)
    assert str(refusal.value) == message


# --- Dealer rotation and bidding order (docs/rules.md "What a hand looks like" 1 and 3) ------


@pytest.mark.parametrize(
    ("preset", "players", "first", "dealers"),
    [
        ("cartier", FOUR, 0, ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob", "Cat", "Dan", "Ann"]),
        ("cartier", THREE, 0, ["Ann", "Bob", "Cat", "Ann", "Bob", "Cat", "Ann", "Bob", "Cat"]),
        ("ten-to-one", FIVE, 0, ["Ann", "Bob", "Cat", "Dan", "Eve", "Ann", "Bob", "Cat", "Dan"]),
        ("classic", FOUR, 2, ["Cat", "Dan", "Ann", "Bob", "Cat", "Dan", "Ann", "Bob", "Cat"]),
        ("classic", FIVE, 4, ["Eve", "Ann", "Bob", "Cat", "Dan", "Eve", "Ann", "Bob", "Cat"]),
    ],
)
def test_dealing_passes_clockwise_each_hand(
    preset: str, players: tuple[str, ...], first: int, dealers: list[str]
) -> None:
    """docs/rules.md 1: the dealer of hand k is seat (first + k - 1) mod N."""
    game = new_game(preset, players, first_dealer=first)
    assert [h.dealer for h in progress(game).hands[: len(dealers)]] == dealers


@pytest.mark.parametrize(
    ("preset", "players", "last_dealer"),
    [
        ("cartier", FOUR, "Cat"),
        ("cartier", THREE, "Bob"),
        ("ten-to-one", FIVE, "Eve"),
        ("classic", FOUR, "Cat"),
        ("classic", FIVE, "Dan"),
    ],
)
def test_the_last_hand_s_dealer_follows_the_rotation(
    preset: str, players: tuple[str, ...], last_dealer: str
) -> None:
    """docs/rules.md 1: (first + k - 1) mod N to the last hand: cartier's 23rd is seat 22 mod N."""
    game = new_game(preset, players)
    assert dealer_of(game, len(game.rules.hands)) == last_dealer


@pytest.mark.parametrize(
    ("players", "first", "number", "order"),
    [
        (FOUR, 0, 1, ("Bob", "Cat", "Dan", "Ann")),
        (FOUR, 0, 2, ("Cat", "Dan", "Ann", "Bob")),
        (FOUR, 3, 1, ("Ann", "Bob", "Cat", "Dan")),
        (THREE, 0, 3, ("Ann", "Bob", "Cat")),
        (FIVE, 1, 4, ("Ann", "Bob", "Cat", "Dan", "Eve")),
    ],
)
def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer(
    players: tuple[str, ...], first: int, number: int, order: tuple[str, ...]
) -> None:
    """docs/rules.md 3: bidding starts with the next seat after the dealer; the dealer bids last."""
    game = new_game("classic", players, first_dealer=first)
    hand = progress(game).hands[number - 1]
    assert hand.order == order
    assert hand.order[-1] == hand.dealer


def test_the_next_bidder_is_asked_in_bidding_order() -> None:
    """docs/rules.md 3: bids go clockwise from the dealer's left; show --json next.player."""
    game = new_game("ten-to-one", FIVE)
    asked = []
    for _ in FIVE:
        asked.append(sheet_json(progress(game))["next"]["player"])  # type: ignore[index]
        game = bid(game, 0 if len(asked) < 5 else 1)
    assert asked == ["Bob", "Cat", "Dan", "Eve", "Ann"]


def test_a_bid_out_of_turn_is_refused() -> None:
    """docs/rules.md 3: Bob bids first in hand 1 (Ann deals); Cat cannot bid before him."""
    game = new_game("classic")
    with pytest.raises(NotYourTurn, match="Bob's turn"):
        add_bids(set_trump(game, Suit.HEARTS), [("Cat", 2)])


@pytest.mark.parametrize("value", [-1, 11])
def test_a_bid_is_a_whole_number_from_0_to_n(value: int) -> None:
    """docs/rules.md 3: a bid is 0..n; hand 1 of ten-to-one deals 10."""
    game = new_game("ten-to-one", FIVE)
    with pytest.raises(IllegalBid, match="a bid is 0 to 10"):
        bid(game, value)


def test_a_bid_of_every_card_is_legal() -> None:
    """docs/rules.md 3: n itself is a legal bid."""
    game = bid(new_game("ten-to-one", FIVE), 10)
    assert progress(game).hands[0].bids == {"Bob": 10}


# --- The hook (docs/rules.md "What a hand looks like" 4, worked examples) -------------------


def cartier_six_card_hand() -> Game:
    """Cartier, 4 players: hand 8 deals 6 cards (13, 12, ..., 6); Dan deals it."""
    game = play_hands(new_game("cartier", FOUR), 7)
    hand = progress(game).hands[7]
    assert (hand.cards, hand.order) == (6, ("Ann", "Bob", "Cat", "Dan"))
    return game


def test_cartier_six_cards_bids_1_0_3_dealer_may_not_bid_2() -> None:
    """docs/rules.md worked example (seed 000 rule 5): 6 cards, bids 1, 0, 3: not 2."""
    game = bid(cartier_six_card_hand(), 1, 0, 3)
    assert forbidden(game) == 2
    with pytest.raises(IllegalBid, match="may not bid 2"):
        bid(game, 2)


@pytest.mark.parametrize("dealer_bid", [0, 1, 3, 4, 5, 6])
def test_cartier_six_cards_bids_1_0_3_any_other_dealer_bid_stands(dealer_bid: int) -> None:
    """docs/rules.md worked example: "1 or less leaves the hand underbid, 3 or more overbid"."""
    game = bid(bid(cartier_six_card_hand(), 1, 0, 3), dealer_bid)
    assert sum(progress(game).hands[7].bids.values()) != 6


def ten_to_one_hand(number: int) -> Game:
    """ten-to-one with 5 players, at the start of hand ``number`` (10 - number + 1 cards)."""
    return play_hands(new_game("ten-to-one", FIVE), number - 1)


def test_ten_to_one_six_cards_bids_2_0_0_2_dealer_may_not_bid_2() -> None:
    """docs/rules.md worked example (seed 001): 6 cards, bids 2, 0, 0, 2: dealer may not bid 2."""
    game = bid(ten_to_one_hand(5), 2, 0, 0, 2)
    assert progress(game).hands[4].cards == 6
    with pytest.raises(IllegalBid, match="may not bid 2"):
        bid(game, 2)


def test_ten_to_one_five_cards_dealer_bids_freely() -> None:
    """docs/rules.md worked example (seed 001): "At 5 cards and below the dealer bids freely"."""
    game = bid(ten_to_one_hand(6), 2, 0, 0, 2)
    assert progress(game).hands[5].cards == 5
    assert forbidden(game) is None
    assert sum(progress(bid(game, 1)).hands[5].bids.values()) == 5


@pytest.mark.parametrize(
    ("number", "cards", "hooked"),
    [
        (1, 10, True),
        (2, 9, True),
        (3, 8, True),
        (4, 7, True),
        (5, 6, True),
        (6, 5, False),
        (7, 4, False),
        (8, 3, False),
        (9, 2, False),
        (10, 1, False),
    ],
)
def test_ten_to_one_hook_applies_to_hands_of_six_or_more(
    number: int, cards: int, hooked: bool
) -> None:
    """docs/rules.md Presets: from:6, "hands of 6 or more cards: the first five" (seed 001)."""
    game = ten_to_one_hand(number)
    game = bid(game, *[0] * 4)
    assert progress(game).hands[number - 1].cards == cards
    assert forbidden(game) == (cards if hooked else None)


@pytest.mark.parametrize(("cards", "hooked"), [(5, False), (6, True), (7, True)])
def test_from_k_boundary_is_n_at_least_k(cards: int, hooked: bool) -> None:
    """docs/rules.md hook: from:K applies only to hands with n >= K (the boundary at 6 cards)."""
    game = new_game("classic", hook="from:6", hands=str(cards))
    game = bid(set_trump(game, Suit.HEARTS), 1, 1, 1)
    assert forbidden(game) == (cards - 3 if hooked else None)


def test_classic_ten_cards_bids_3_3_3_dealer_may_not_bid_1() -> None:
    """docs/rules.md worked example (seed 004): 10 cards, bids 3, 3, 3: the dealer may not bid 1."""
    game = bid(set_trump(new_game("classic"), Suit.CLUBS), 3, 3, 3)
    assert forbidden(game) == 1
    with pytest.raises(IllegalBid, match=r"Ann \(dealer\) may not bid 1"):
        bid(game, 1)


def test_seed_003_five_cards_bids_3_1_2_dealer_is_free() -> None:
    """seed 003: 5 cards, bids 3, 1, 2: 5 - 6 < 0, so the dealer is free (docs/rules.md 4)."""
    game = bid(set_trump(new_game("classic", hands="5"), Suit.CLUBS), 3, 1, 2)
    assert forbidden(game) is None
    for dealer_bid in range(6):
        bid(game, dealer_bid)


def test_seed_003_five_cards_bids_2_0_1_dealer_may_not_bid_2() -> None:
    """seed 003: five cards, bids two, zero and one: the dealer may not bid two."""
    game = bid(set_trump(new_game("classic", hands="5"), Suit.CLUBS), 2, 0, 1)
    with pytest.raises(IllegalBid):
        bid(game, 2)


def test_the_forbidden_bid_can_be_zero() -> None:
    """docs/rules.md 4: n - (others) = 0 lies in 0..n, so a bid of 0 is forbidden."""
    game = bid(set_trump(new_game("classic"), Suit.CLUBS), 4, 3, 3)
    assert forbidden(game) == 0


def test_the_forbidden_bid_can_be_n() -> None:
    """docs/rules.md 4: when the others all bid 0, the dealer may not bid n."""
    game = bid(set_trump(new_game("classic"), Suit.CLUBS), 0, 0, 0)
    assert forbidden(game) == 10


def test_without_the_hook_the_dealer_may_make_the_total() -> None:
    """seed 003: the regional game without the hook: any preset with --hook never."""
    game = bid(set_trump(new_game("classic", hook="never"), Suit.CLUBS), 3, 3, 3)
    assert forbidden(game) is None
    assert sum(progress(bid(game, 1)).hands[0].bids.values()) == 10


def test_only_the_dealer_is_hooked() -> None:
    """docs/rules.md 4: the hook binds the dealer; an earlier bidder may reach n."""
    game = bid(set_trump(new_game("classic"), Suit.CLUBS), 5, 5)
    assert forbidden(game) is None
    assert progress(game).next.player == "Dan"  # type: ignore[union-attr]


@pytest.mark.parametrize("cards", range(1, 14))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_dealer_always_has_a_legal_bid(cards: int, players: int) -> None:
    """docs/rules.md 4: the dealer always has at least one legal bid (0..n has n + 1 values)."""
    hook = Hook.parse("always")
    for others in range(cards * (players - 1) + 1):
        banned = hook.forbidden_bid(cards, others)
        assert [b for b in range(cards + 1) if b != banned]


# --- Tricks (docs/rules.md "What a hand looks like" 6) --------------------------------------


def classic_at_tricks() -> Game:
    return bid(set_trump(new_game("classic"), Suit.CLUBS), 3, 3, 3, 2)


@pytest.mark.parametrize("values", [(3, 3, 3, 2), (3, 3, 3, 0), (10, 1, 0, 0)])
def test_tricks_must_add_up_to_n(values: tuple[int, ...]) -> None:
    """docs/rules.md 6: tricks taken must add up to exactly n (10 in classic hand 1)."""
    with pytest.raises(TricksDontAddUp, match=f"add up to {sum(values)}, but hand 1 has 10"):
        tricks(classic_at_tricks(), *values)


def test_tricks_out_of_range_are_refused() -> None:
    """docs/rules.md 6: nobody takes more than n tricks, nor fewer than 0."""
    with pytest.raises(TricksDontAddUp, match="cannot take 11 tricks"):
        tricks(classic_at_tricks(), 11, -1, 0, 0)


def test_tricks_for_every_player_at_once() -> None:
    """docs/scripting.md tricks: every player's tricks at once; a missing player is refused."""
    with pytest.raises(TricksDontAddUp, match="missing: Ann"):
        add_tricks(classic_at_tricks(), [("Bob", 4), ("Cat", 3), ("Dan", 3)])


def test_tricks_by_name_in_any_order() -> None:
    """docs/scripting.md tricks: by name in any order; kept in bidding order."""
    game = add_tricks(classic_at_tricks(), [("Ann", 1), ("Dan", 3), ("Bob", 3), ("cat", 3)])
    assert progress(game).hands[0].tricks == {"Bob": 3, "Cat": 3, "Dan": 3, "Ann": 1}


def test_tricks_before_the_bids_are_refused() -> None:
    """docs/rules.md Trump, order of entries: tricks come last."""
    with pytest.raises(NotYourTurn, match="needs Bob's bid next"):
        tricks(set_trump(new_game("classic"), Suit.CLUBS), 10, 0, 0, 0)


# --- Scoring (docs/rules.md "Scoring" and the worked examples) ------------------------------


@pytest.mark.parametrize(
    ("bid_", "took", "points"),
    [(1, 1, 11), (0, 1, 1), (0, 0, 10), (3, 3, 13)],
)
def test_standard_worked_examples(bid_: int, took: int, points: int) -> None:
    """docs/rules.md worked examples: bid 1 took 1: 11; bid 0 took 1: 1; 0/0: 10; 3/3: 13
    (seeds 000, 001, 004)."""
    assert STANDARD.score(bid_, took, 7) == points


@pytest.mark.parametrize(
    ("scheme", "bid_", "took", "points"),
    [
        # standard: 10 + t made, t missed (all four seeds)
        ("standard", 0, 0, 10),
        ("standard", 2, 2, 12),
        ("standard", 2, 5, 5),
        ("standard", 4, 1, 1),
        ("standard", 3, 0, 0),
        # exact: 10 + b made, 0 missed
        ("exact", 0, 0, 10),
        ("exact", 3, 3, 13),
        ("exact", 2, 5, 0),
        ("exact", 0, 1, 0),
        # minus: 10 + t made, -|t - b| missed (seed 000 variants)
        ("minus", 0, 0, 10),
        ("minus", 3, 3, 13),
        ("minus", 2, 5, -3),
        ("minus", 4, 1, -3),
        ("minus", 0, 1, -1),
        # progressive: 10 + b^2 made, -(d^2) missed (pagat.com)
        ("progressive", 0, 0, 10),
        ("progressive", 1, 1, 11),
        ("progressive", 3, 3, 19),
        ("progressive", 5, 5, 35),
        ("progressive", 3, 2, -1),
        ("progressive", 0, 4, -16),
        # penalty: 10 + b made, -b missed
        ("penalty", 3, 3, 13),
        ("penalty", 3, 2, -3),
        ("penalty", 0, 1, 0),
        # tenfold: 10 * b made, 0 missed
        ("tenfold", 3, 3, 30),
        ("tenfold", 0, 0, 0),
        ("tenfold", 3, 1, 0),
    ],
)
def test_scoring_table(scheme: str, bid_: int, took: int, points: int) -> None:
    """docs/rules.md "Scoring": the table of the six schemes, made and missed."""
    assert Scoring.parse(scheme).score(bid_, took, 7) == points


@pytest.mark.parametrize(
    ("scheme", "scores"),
    [
        ("standard", {"Bob": 13, "Cat": 2, "Dan": 4, "Ann": 11}),
        ("exact", {"Bob": 13, "Cat": 0, "Dan": 0, "Ann": 11}),
        ("minus", {"Bob": 13, "Cat": -1, "Dan": -1, "Ann": 11}),
        ("progressive", {"Bob": 19, "Cat": -1, "Dan": -1, "Ann": 11}),
        ("penalty", {"Bob": 13, "Cat": -3, "Dan": -3, "Ann": 11}),
        ("tenfold", {"Bob": 30, "Cat": 0, "Dan": 0, "Ann": 10}),
    ],
)
def test_a_whole_hand_scored_under_each_scheme(scheme: str, scores: dict[str, int]) -> None:
    """docs/rules.md Scoring: bids 3, 3, 3, 1 and tricks 3, 2, 4, 1 under every scheme."""
    game = new_game("classic", scoring=scheme, hook="never")
    game = tricks(bid(set_trump(game, Suit.CLUBS), 3, 3, 3, 1), 3, 2, 4, 1)
    assert sheet_json(progress(game))["hands"][0]["scores"] == scores  # type: ignore[index]


def test_totals_accumulate_over_the_hands() -> None:
    """docs/rules.md 7: totals accumulate over the hands."""
    game = new_game("ten-to-one", FIVE, hands="2,2")
    # no hook on 2 cards under from:6; Ann deals hand 1, Bob hand 2
    game = tricks(bid(game, 1, 0, 0, 0, 0), 1, 0, 0, 0, 1)
    game = tricks(bid(game, 2, 0, 0, 0, 1), 2, 0, 0, 0, 0)
    totals = progress(game).totals
    # hand 1: Bob 11, Cat 10, Dan 10, Eve 10, Ann 1; hand 2: Cat 12, Dan 10, Eve 10, Ann 10, Bob 0
    assert totals == {"Ann": 11, "Bob": 11, "Cat": 22, "Dan": 20, "Eve": 20}


# --- Winners (docs/rules.md 8, seed 004) ----------------------------------------------------


def test_the_highest_total_wins() -> None:
    """docs/rules.md 8: at the end the highest total wins."""
    game = new_game("classic", hands="1")
    game = tricks(bid(set_trump(game, Suit.CLUBS), 1, 0, 0, 1), 1, 0, 0, 0)
    prog = progress(game)
    assert prog.finished
    assert prog.totals == {"Ann": 0, "Bob": 11, "Cat": 10, "Dan": 10}
    assert prog.winners == ["Bob"]


def test_equal_highest_totals_share_the_win() -> None:
    """docs/rules.md 8 / Scoring ties (seed 004): equal highest totals all win."""
    game = new_game("classic", hands="1")
    game = tricks(bid(set_trump(game, Suit.CLUBS), 0, 0, 0, 0), 0, 0, 0, 1)
    prog = progress(game)
    assert prog.winners == ["Bob", "Cat", "Dan"]
    assert sheet_json(prog)["winners"] == ["Bob", "Cat", "Dan"]


def test_nobody_has_won_before_the_last_hand() -> None:
    """docs/scripting.md: winners is [] until the last hand is scored."""
    game = play_hand(new_game("classic", hands="1,1"))
    sheet = sheet_json(progress(game))
    assert (sheet["finished"], sheet["winners"]) == (False, [])


def test_no_entry_after_the_last_hand() -> None:
    """docs/rules.md: a game is a fixed list of hands; after the last nothing is entered."""
    game = play_hand(new_game("classic", hands="1"))
    with pytest.raises(Refused, match="finished"):
        bid(game, 0)


# --- Trump: named (docs/rules.md Trump, seed 000 rules 6 and 7) -----------------------------


@pytest.mark.parametrize(
    ("bids", "namer"),
    [
        ((3, 2, 4, 2), "Dan"),
        ((4, 2, 4, 2), "Bob"),  # Bob and Dan tie: Bob bid first
        ((1, 3, 3, 3), "Cat"),  # three tie at 3: Cat is nearest the dealer's left
        ((0, 0, 0, 2), "Ann"),  # the dealer alone highest
        ((1, 1, 1, 1), "Bob"),  # all equal: the first bidder
        ((2, 1, 3, 3), "Dan"),  # Dan before Ann (the dealer) in bidding order
    ],
)
def test_highest_bidder_names_trump_ties_to_the_first_in_bidding_order(
    bids: tuple[int, ...], namer: str
) -> None:
    """docs/rules.md Trump named, seed 000 rule 7: the first of equal highest bids names it."""
    game = bid(new_game("cartier"), *bids)
    sheet = sheet_json(progress(game))
    assert sheet["next"] == {
        "hand": 1,
        "cards": 13,
        "dealer": "Ann",
        "step": "trump",
        "player": namer,
        "forbidden_bid": None,
        "trump_namer": namer,
    }


def test_the_trump_namer_stays_through_the_tricks_step() -> None:
    """docs/scripting.md next.trump_namer: under named, through the tricks step."""
    game = set_trump(bid(new_game("cartier"), 3, 2, 4, 2), Suit.HEARTS)
    nxt = progress(game).next
    assert nxt is not None
    assert (nxt.step, nxt.player, nxt.trump_namer) == (Step.TRICKS, None, "Dan")


def test_the_trump_namer_is_unknown_until_all_bids_are_in() -> None:
    """docs/rules.md Trump named: the namer is known after all bids."""
    nxt = progress(bid(new_game("cartier"), 5, 2, 4)).next
    assert nxt is not None and nxt.trump_namer is None


def test_named_trump_may_be_no_trump() -> None:
    """docs/rules.md Trump named (seed 000 rule 6): any of the four suits or no trump."""
    game = set_trump(bid(new_game("cartier"), 3, 2, 4, 2), Suit.NOTRUMP)
    assert progress(game).hands[0].trump is Suit.NOTRUMP


# --- Trump: order of entries per method (docs/rules.md Trump) -------------------------------


def steps_of_first_hand(game: Game) -> list[str]:
    """Plays hand 1 (trump, bids, tricks as asked) and lists the steps in order."""
    steps: list[str] = []
    nxt = progress(game).next
    while nxt is not None and nxt.hand == 1:
        steps.append(nxt.step.value)
        if nxt.step is Step.TRUMP:
            game = set_trump(game, Suit.HEARTS)
        elif nxt.step is Step.BID:
            game = bid(game, 1 if nxt.forbidden_bid == 0 else 0)
        else:
            game = tricks(game, nxt.cards, *[0] * (len(game.players) - 1))
        nxt = progress(game).next
    return steps


BIDS = ["bid"] * 4


@pytest.mark.parametrize(
    ("trump", "steps"),
    [
        ("named", [*BIDS, "trump", "tricks"]),
        ("upcard", ["trump", *BIDS, "tricks"]),
        ("cut", ["trump", *BIDS, "tricks"]),
        ("dealer", ["trump", *BIDS, "tricks"]),
        ("schedule:H,C,S,D,N", [*BIDS, "tricks"]),
        ("none", [*BIDS, "tricks"]),
    ],
)
def test_order_of_a_hand_s_entries(trump: str, steps: list[str]) -> None:
    """docs/rules.md Trump: named bids->trump->tricks; upcard, cut, dealer trump->bids->tricks;
    schedule and none bids->tricks."""
    assert steps_of_first_hand(new_game("classic", trump=trump)) == steps


@pytest.mark.parametrize("trump", ["upcard", "cut", "dealer"])
def test_a_bid_before_the_trump_is_refused_where_trump_comes_first(trump: str) -> None:
    """docs/rules.md Trump: upcard, cut and dealer enter trump before the bids."""
    with pytest.raises(NotYourTurn, match="needs the trump"):
        bid(new_game("classic", trump=trump), 2)


def test_trump_before_the_bids_is_refused_under_named() -> None:
    """docs/rules.md Trump named: trump is named after all bids."""
    with pytest.raises(NotYourTurn, match="needs Bob's bid next"):
        set_trump(new_game("cartier"), Suit.HEARTS)


@pytest.mark.parametrize("trump", ["schedule:H,C,S,D,N", "none"])
def test_a_trump_entry_is_refused_where_the_rules_fix_it(trump: str) -> None:
    """docs/rules.md Trump: schedule and none fix trump; nothing to enter."""
    with pytest.raises(NotYourTurn, match="nothing to enter"):
        set_trump(new_game("classic", trump=trump), Suit.HEARTS)


def test_trump_is_entered_once() -> None:
    """docs/rules.md Trump: one trump a hand; a second entry is refused."""
    game = set_trump(new_game("classic"), Suit.HEARTS)
    with pytest.raises(NotYourTurn):
        set_trump(game, Suit.SPADES)


@pytest.mark.parametrize("trump", ["upcard", "cut"])
def test_no_trump_is_refused_where_a_card_shows_the_suit(trump: str) -> None:
    """docs/rules.md Trump: an upcard or a cut card shows a suit, "never no trump by entry"."""
    with pytest.raises(Refused, match="spades, hearts, diamonds or clubs"):
        set_trump(new_game("classic", trump=trump), Suit.NOTRUMP)


@pytest.mark.parametrize("trump", ["upcard", "cut", "dealer", "named"])
@pytest.mark.parametrize("suit", SUITS)
def test_each_suit_can_be_entered(trump: str, suit: Suit) -> None:
    """docs/rules.md Trump: the four suits are entered under every method that asks."""
    game = new_game("classic", trump=trump)
    if trump == "named":
        game = finish_bidding(game)
    assert progress(set_trump(game, suit)).hands[0].trump is suit


# --- Trump: upcard and cut with a hand that deals every card ---------------------------


def test_upcard_hand_that_deals_every_card_has_no_trump_entry() -> None:
    """docs/rules.md Trump upcard (seed 003): n * N == D, no card to turn: played without trump,
    known in advance, with no trump entry; the bids come first."""
    game = new_game("classic", hands="13-12")
    hands = progress(game).hands
    assert (hands[0].trump, hands[0].trump_entered) == (Suit.NOTRUMP, False)
    assert (hands[1].trump, hands[1].trump_entered) == (None, True)
    assert next_step(game) is Step.BID
    assert sheet_json(progress(game))["hands"][0]["trump"] == "notrump"  # type: ignore[index]
    with pytest.raises(NotYourTurn, match="nothing to enter"):
        set_trump(game, Suit.HEARTS)


def test_upcard_full_deal_steps_are_bids_then_tricks() -> None:
    """docs/rules.md Trump upcard: the full-deck hand is bids -> tricks."""
    assert steps_of_first_hand(new_game("classic", hands="13")) == [*BIDS, "tricks"]


def test_upcard_one_card_short_of_the_deck_asks_for_the_trump() -> None:
    """docs/rules.md Trump upcard: 12 x 4 = 48 < 52 leaves a card to turn (seed 003: 12 cards)."""
    game = new_game("classic", hands="12")
    assert next_step(game) is Step.TRUMP


def test_cut_has_a_trump_entry_even_when_every_card_is_dealt() -> None:
    """docs/rules.md Trump cut: no card is set aside, so every hand has a trump suit."""
    game = new_game("classic", trump="cut", hands="13")
    assert steps_of_first_hand(game) == ["trump", *BIDS, "tricks"]


def test_upcard_trump_step_names_no_player() -> None:
    """docs/scripting.md: next.player is null at an upcard trump step; trump_namer null."""
    nxt = sheet_json(progress(new_game("classic")))["next"]
    assert nxt["step"] == "trump"  # type: ignore[index]
    assert (nxt["player"], nxt["trump_namer"]) == (None, None)  # type: ignore[index]


# --- Trump: dealer, none, schedule -----------------------------------------------------


def test_the_dealer_names_trump_before_the_bids() -> None:
    """docs/rules.md Trump dealer: the dealer names trump, a suit or no trump, before bidding."""
    game = new_game("classic", trump="dealer", first_dealer=1)
    nxt = progress(game).next
    assert nxt is not None
    assert (nxt.step, nxt.player, nxt.trump_namer) == (Step.TRUMP, "Bob", "Bob")
    assert progress(set_trump(game, Suit.NOTRUMP)).hands[0].trump is Suit.NOTRUMP


def test_none_plays_every_hand_without_trump() -> None:
    """docs/rules.md Trump none: every hand is played without trump."""
    game = new_game("classic", trump="none")
    assert {h.trump for h in progress(game).hands} == {Suit.NOTRUMP}


@pytest.mark.parametrize(
    ("number", "trump"),
    [
        (1, "hearts"),
        (2, "clubs"),
        (3, "spades"),
        (4, "diamonds"),
        (5, "notrump"),
        (6, "hearts"),
        (7, "clubs"),
        (8, "spades"),
        (9, "diamonds"),
        (10, "notrump"),
    ],
)
def test_ten_to_one_trump_cycle(number: int, trump: str) -> None:
    """docs/rules.md Presets ten-to-one (seed 001): hand 1 hearts, 2 clubs, 3 spades,
    4 diamonds, 5 no trump, 6 hearts, ... 10 no trump; shown in advance."""
    sheet = sheet_json(progress(new_game("ten-to-one", FIVE)))
    assert sheet["hands"][number - 1]["trump"] == trump  # type: ignore[index]


def test_schedule_cycle_repeats_past_its_end() -> None:
    """docs/rules.md Trump schedule: a fixed cycle by hand number, repeating; N is no trump."""
    game = new_game("classic", trump="schedule:S,N", hands="5-1")
    assert [h.trump for h in progress(game).hands] == [
        Suit.SPADES,
        Suit.NOTRUMP,
        Suit.SPADES,
        Suit.NOTRUMP,
        Suit.SPADES,
    ]


# --- Options that override a preset: parsing and its errors ----------------------------


@pytest.mark.parametrize(
    ("text", "hands"),
    [
        ("13-2-13", CARTIER_HANDS),
        ("10-1", TEN_TO_ONE_HANDS),
        ("10-1-10", CLASSIC_HANDS),
        ("1-7-1", (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)),
        ("1-10-1", (*range(1, 11), *range(9, 0, -1))),
        ("7,7,6", (7, 7, 6)),
        ("7,7,6,5", (7, 7, 6, 5)),
        ("7, 7, 6", (7, 7, 6)),
        ("1-3", (1, 2, 3)),
        ("5", (5,)),
        (" 3-1 ", (3, 2, 1)),
    ],
)
def test_hands_patterns(text: str, hands: tuple[int, ...]) -> None:
    """docs/rules.md Rule parameters hands: 13-2-13 (the turning hand once), 10-1, 1-10-1,
    an explicit list 7,7,6,5."""
    assert parse_hands(text) == hands


def test_13_2_13_turns_once_at_2() -> None:
    """docs/rules.md hands: "13-2-13 (down to 2, back up, the turning hand once)"."""
    assert parse_hands("13-2-13").count(2) == 1


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x",
        "13-13",
        "13--2",
        "-5",
        "5-",
        "0-5",
        "10-0",
        "7,,6",
        "7,6,",
        "105",
        "1.5",
        "max-max",
        "mx-1",
        "0013",  # a count is 1 to 3 digits
    ],
)
def test_malformed_hands_patterns_are_refused(text: str) -> None:
    """docs/scripting.md exit 2: a hand pattern that does not parse is a value of the wrong form."""
    with pytest.raises(BadValue, match="is not a hands pattern"):
        parse_hands(text)


#: How a pattern of the wrong form is refused, after the pattern itself.
NOT_A_PATTERN = (
    "is not a hands pattern: use e.g. 13-2-13, 10-1, 1-7-1, 7,7,6, 1-7,7-1 or max-1-max "
    "(1 to 104 cards a hand)"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("7,,6", f"'7,,6' {NOT_A_PATTERN}"),
        # it said "1 to 52": more than 52 is taken (two decks, a --deck-size), to 104
        ("105", f"'105' {NOT_A_PATTERN}"),
        # a run that does not turn, no max in it: the form is wrong at every table
        ("13-13", f"'13-13' {NOT_A_PATTERN}"),
        # docs/rules.md "Hand patterns": max for 4 players under named is 13
        ("13-max", "'13-max' is not a hands pattern here: max is 13 cards, so a run from 13 "
                   "to 13 does not turn"),
        # the run that does not turn is named, not the pattern's ends
        ("1-13-max-5", "'1-13-max-5' is not a hands pattern here: max is 13 cards, so a run "
                       "from 13 to 13 does not turn"),
    ],
)  # fmt: skip
def test_a_refused_hands_pattern_is_one_whole_line(text: str, said: str) -> None:
    """docs/scripting.md exit 2: the line names the pattern and the forms it could take."""
    with pytest.raises(BadValue, match=None) as refused:
        parse_hands(text, 4)
    assert str(refused.value) == said


def test_a_hands_pattern_deals_at_most_500_hands() -> None:
    """docs/rules.md "Hand patterns": at most 500 hands; the 501st refuses the pattern
    (named cut to its first 80 characters, as every value a message shows)."""
    assert parse_hands(",".join(["1"] * 500)) == (1,) * 500
    longer = ",".join(["1"] * 501)
    with pytest.raises(BadValue, match=None) as refused:
        parse_hands(longer)
    assert str(refused.value) == f"{Shown(longer)!r} {NOT_A_PATTERN}"


@pytest.mark.parametrize(
    "hands",
    [CARTIER_HANDS, TEN_TO_ONE_HANDS, CLASSIC_HANDS, (7, 7, 6), (5,), (1, 2, 1, 2), (3, 5, 4)],
)
def test_a_hands_list_is_written_back_as_a_pattern_that_reads_the_same(
    hands: tuple[int, ...],
) -> None:
    """docs/rules.md hands: the pattern shown for a game reads back as its hands list."""
    assert parse_hands(hands_pattern(hands)) == hands


def test_preset_hands_are_written_as_their_patterns() -> None:
    """docs/rules.md "Presets": 13-2-13, 10-1, 10-1-10; regional max-1-max (4 players,
    upcard: 12); kachuful 1-max (schedule: 13); boerenbridge 1-8,8-1 (the top hand twice)."""
    assert [hands_pattern(p.rules.hands) for p in PRESETS.values()] == [
        "13-2-13",
        "10-1",
        "10-1-10",
        "12-1-12",
        "10-1-10",
        "1-13",
        "1-8,8-1",
    ]


def test_each_preset_deals_its_hands_at_its_own_table() -> None:
    """docs/rules.md "Presets": a table of a preset's own size is dealt the hands the
    table of presets gives (regional: 12 down to 1 and back, a card kept to turn up)."""
    assert {n: hands_pattern(p.for_players(p.seats).hands) for n, p in PRESETS.items()} == {
        n: hands_pattern(p.rules.hands) for n, p in PRESETS.items()
    }
    assert hands_pattern(PRESETS["regional"].for_players(4).hands) == "12-1-12"


def test_hands_option_overrides_the_preset() -> None:
    """--hands overrides a preset; the rest of the preset stays."""
    rules = new_game("cartier", hands="7,7,6").rules
    assert (rules.hands, str(rules.hook), str(rules.trump)) == ((7, 7, 6), "always", "named")


@pytest.mark.parametrize(
    ("text", "from_cards", "shown"),
    [
        ("always", 0, "always"),
        ("never", None, "never"),
        ("from:6", 6, "from:6"),
        ("FROM:3", 3, "from:3"),
        (" Never ", None, "never"),
    ],
)
def test_hook_option(text: str, from_cards: int | None, shown: str) -> None:
    """docs/rules.md hook: always, never, from:K."""
    hook = Hook.parse(text)
    assert (hook.from_cards, str(hook)) == (from_cards, shown)


@pytest.mark.parametrize("text", ["", "sometimes", "from:", "from:x", "from:-1", "from 6", "6"])
def test_malformed_hook_is_refused(text: str) -> None:
    """docs/scripting.md exit 2: an unknown hook is a value of the wrong form."""
    with pytest.raises(BadValue, match="is not a hook"):
        Hook.parse(text)


@pytest.mark.parametrize(
    ("hook", "cards", "applies"),
    [
        ("always", 1, True),
        ("always", 13, True),
        ("never", 1, False),
        ("never", 13, False),
        ("from:6", 5, False),
        ("from:6", 6, True),
        ("from:6", 10, True),
        ("from:1", 1, True),
    ],
)
def test_when_the_hook_applies(hook: str, cards: int, applies: bool) -> None:
    """docs/rules.md hook: from:K applies only to hands with n >= K."""
    assert Hook.parse(hook).applies(cards) is applies


@pytest.mark.parametrize(
    ("cards", "others", "banned"),
    [(6, 4, 2), (6, 6, 0), (6, 0, 6), (6, 7, None), (5, 6, None), (10, 9, 1), (1, 0, 1)],
)
def test_the_forbidden_bid_is_n_minus_the_others_when_in_0_to_n(
    cards: int, others: int, banned: int | None
) -> None:
    """docs/rules.md 4: the forbidden bid is n - (sum of the others' bids), only if in 0..n."""
    assert Hook.parse("always").forbidden_bid(cards, others) == banned


@pytest.mark.parametrize(
    ("text", "method", "schedule"),
    [
        ("named", TrumpMethod.NAMED, ()),
        ("upcard", TrumpMethod.UPCARD, ()),
        ("cut", TrumpMethod.CUT, ()),
        ("dealer", TrumpMethod.DEALER, ()),
        ("none", TrumpMethod.NONE, ()),
        ("Upcard", TrumpMethod.UPCARD, ()),
        (
            "schedule:H,C,S,D,N",
            TrumpMethod.SCHEDULE,
            (Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS, Suit.NOTRUMP),
        ),
        ("schedule:s,n", TrumpMethod.SCHEDULE, (Suit.SPADES, Suit.NOTRUMP)),
    ],
)
def test_trump_option(text: str, method: TrumpMethod, schedule: tuple[Suit, ...]) -> None:
    """docs/rules.md trump: named, upcard, cut, schedule:H,C,S,D,N, dealer, none."""
    trump = Trump.parse(text)
    assert (trump.method, trump.schedule) == (method, schedule)


def test_trump_option_is_written_back_as_typed() -> None:
    """docs/rules.md trump: the stored rule reads back the same (docs/scripting.md rules.trump)."""
    assert str(Trump.parse("schedule:h,c,s,d,n")) == "schedule:H,C,S,D,N"
    assert str(Trump.parse("Named")) == "named"


TRUMP_FORMS = (
    "use named, upcard, cut, dealer, none or schedule:H,C,S,D,N; exceptions after +, "
    "e.g. upcard+max=none"
)
SCHEDULE_LETTERS = "use letters H C S D N, e.g. schedule:H,C,S,D,N"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("trumps", f"'trumps' is not a trump method: {TRUMP_FORMS}"),
        ("", f"'' is not a trump method: {TRUMP_FORMS}"),
        ("schedule", "schedule needs its suits, e.g. schedule:H,C,S,D,N"),
        ("schedule:", f"'schedule:' is not a trump schedule: {SCHEDULE_LETTERS}"),
        ("schedule:H,X", f"'schedule:H,X' is not a trump schedule: {SCHEDULE_LETTERS}"),
        ("schedule:H,,C", f"'schedule:H,,C' is not a trump schedule: {SCHEDULE_LETTERS}"),
        ("schedule:H:C", f"'schedule:H:C' is not a trump schedule: {SCHEDULE_LETTERS}"),
    ],
    ids=[
        "unknown",
        "empty",
        "no suits",
        "empty schedule",
        "no such suit",
        "a suit missing",
        "a second colon",
    ],
)
def test_malformed_trump_is_refused_saying_what_it_takes(text: str, message: str) -> None:
    """docs/scripting.md exit 2: an unknown trump method is a value of the wrong form."""
    with pytest.raises(BadValue) as refusal:
        Trump.parse(text)
    assert str(refusal.value) == message


@pytest.mark.parametrize(
    "name", ["standard", "exact", "minus", "progressive", "penalty", "tenfold", " Exact "]
)
def test_scoring_option(name: str) -> None:
    """docs/rules.md "Scoring": the six scheme names."""
    rules = new_game("classic", scoring=name).rules
    assert rules.scoring == scheme(name.strip().lower())


@pytest.mark.parametrize("scheme", ["", "bonus", "minus10"])
def test_malformed_scoring_is_refused(scheme: str) -> None:
    """docs/scripting.md exit 2: an unknown scheme is a value of the wrong form."""
    with pytest.raises(BadValue, match="is not a scoring scheme"):
        new_game("classic", scoring=scheme)


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("spades", Suit.SPADES),
        ("Hearts", Suit.HEARTS),
        ("d", Suit.DIAMONDS),
        ("club", Suit.CLUBS),
        ("♠", Suit.SPADES),
        ("♥", Suit.HEARTS),
        ("nt", Suit.NOTRUMP),
        ("no trump", Suit.NOTRUMP),
        ("notrump", Suit.NOTRUMP),
    ],
)
def test_suit_names(text: str, suit: Suit) -> None:
    """docs/scripting.md trump: spades hearts diamonds clubs notrump, s h d c nt and the symbols."""
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["", "x", "stars", "trump"])
def test_unknown_suit_is_refused(text: str) -> None:
    """docs/scripting.md exit 2: an unknown suit name is a value of the wrong form; the line
    lists the names and the short forms."""
    with pytest.raises(BadValue, match=None) as refused:
        Suit.parse(text)
    assert str(refused.value) == (
        f"{text!r} is not a suit: use spades, hearts, diamonds, clubs or notrump "
        "(s h d c nt, or ♠ ♥ ♦ ♣)"
    )


def test_suits_rank_spades_hearts_diamonds_clubs() -> None:
    """docs/rules.md Trump (seed 000 rule 2): suits rank spades, hearts, diamonds, clubs."""
    assert list(Suit)[:4] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


@pytest.mark.parametrize(("decks", "deck"), [(1, 52), (2, 104), (4, 208)])
def test_decks_option(decks: int, deck: int) -> None:
    """docs/rules.md deck: 52, 104 with --decks 2, and up to 4 packs (208 cards)."""
    assert new_game("classic", decks=decks).rules.deck == deck


def test_the_smallest_deck_is_three_cards() -> None:
    """docs/rules.md deck: --deck-size takes 3 cards or more: one card each for three."""
    game = new_game("classic", THREE, deck_size=3, hands="1", trump="none")
    assert (game.rules.deck, game.rules.hands) == (3, (1,))


def test_the_largest_deck_is_208_cards() -> None:
    """docs/rules.md deck: --deck-size takes up to 208 cards, as 4 packs."""
    assert new_game("classic", deck_size=208).rules.deck == 208


def test_the_stored_rules_read_back_equal() -> None:
    """The whole rule set is stored in the game."""
    from ohhell_score.domain.rules import RuleSet

    rules = new_game("ten-to-one", FIVE, hook="from:4", scoring="minus", decks=2).rules
    assert RuleSet.from_json(rules.to_json()) == rules


# --- Undo (docs/scripting.md undo) ----------------------------------------------------------


def test_undo_takes_back_the_last_bid() -> None:
    """docs/scripting.md undo: takes back the last entry."""
    game = bid(set_trump(new_game("classic"), Suit.CLUBS), 3, 2)
    assert progress(undo(game)).hands[0].bids == {"Bob": 3}


def test_undo_across_a_hand_reopens_its_tricks() -> None:
    """docs/scripting.md undo: into the previous hand when the current one has none."""
    game = tricks(classic_at_tricks(), 3, 3, 3, 1)
    assert progress(game).next.hand == 2  # type: ignore[union-attr]
    back = undo(game)
    prog = progress(back)
    assert prog.next is not None
    assert (prog.next.hand, prog.next.step) == (1, Step.TRICKS)
    assert prog.hands[0].bids == {"Bob": 3, "Cat": 3, "Dan": 3, "Ann": 2}
    assert prog.totals == dict.fromkeys(FOUR, 0)
    assert sheet_json(prog)["hands"] == sheet_json(progress(classic_at_tricks()))["hands"]


def test_undo_twice_takes_back_the_dealer_s_bid_of_the_previous_hand() -> None:
    """docs/scripting.md undo: each undo drops one more entry, back into hand 1."""
    game = undo(undo(tricks(classic_at_tricks(), 3, 3, 3, 1)))
    nxt = progress(game).next
    assert nxt is not None
    assert (nxt.hand, nxt.step, nxt.player, nxt.forbidden_bid) == (1, Step.BID, "Ann", 1)


def test_undo_takes_back_the_trump() -> None:
    """docs/scripting.md undo: the trump is an entry too."""
    game = undo(set_trump(new_game("classic"), Suit.CLUBS))
    assert progress(game).hands[0].trump is None
    assert next_step(game) is Step.TRUMP


def test_undo_of_an_empty_game_is_refused() -> None:
    """docs/scripting.md undo: nothing to take back."""
    with pytest.raises(NothingToUndo):
        undo(new_game("classic"))


def test_undo_after_the_last_hand_reopens_the_game() -> None:
    """docs/scripting.md: a finished game's last tricks can be taken back; no winners then."""
    game = undo(play_hand(new_game("classic", hands="1")))
    sheet = sheet_json(progress(game))
    assert (sheet["finished"], sheet["winners"]) == (False, [])


def test_undo_is_kept_in_the_history() -> None:
    """docs/scripting.md edit: corrections are kept in the game's history (undo too)."""
    game = undo(bid(set_trump(new_game("classic"), Suit.CLUBS), 3))
    assert [(c.kind, c.what, c.old) for c in game.history] == [("undo", "bids", (("Bob", 3),))]


# --- Edit (docs/scripting.md edit) ----------------------------------------------------------


def two_classic_hands() -> Game:
    """Hand 1: bids 3 3 3 2, tricks 3 3 3 1; hand 2 (9 cards, Bob deals): bids 2 2 2 2."""
    game = tricks(classic_at_tricks(), 3, 3, 3, 1)
    return tricks(bid(set_trump(game, Suit.SPADES), 2, 2, 2, 2), 2, 2, 2, 3)


def test_edit_bids_recomputes_scores_and_later_totals() -> None:
    """docs/scripting.md edit: the names given change, the others stay; later totals follow."""
    game = edit(two_classic_hands(), 1, "bids", [("Ann", 1), ("Bob", 2)])
    prog = progress(game)
    assert prog.hands[0].bids == {"Bob": 2, "Cat": 3, "Dan": 3, "Ann": 1}
    assert prog.hands[0].scores == {"Bob": 3, "Cat": 13, "Dan": 13, "Ann": 11}
    assert prog.totals["Ann"] == 11 + 12  # hand 2: bid 2, took 2


def test_edit_keeps_the_hook() -> None:
    """docs/scripting.md edit: the hand stays valid under the hook (docs/rules.md 4)."""
    with pytest.raises(IllegalBid, match=r"Ann \(dealer\) may not bid 1 in hand 1"):
        edit(two_classic_hands(), 1, "bids", [("Ann", 1), ("Bob", 3)])


def test_edit_of_another_bid_cannot_make_the_dealer_s_bid_the_forbidden_one() -> None:
    """docs/scripting.md edit + docs/rules.md 4: hand 1 bids Bob 3, Cat 3, Dan 3, Ann 2; Bob to 2
    makes the others 8, so Ann's 2 would make the total 10."""
    with pytest.raises(IllegalBid, match="may not bid 2"):
        edit(two_classic_hands(), 1, "bids", [("Bob", 2)])


def test_edit_without_the_hook_may_make_the_total() -> None:
    """docs/rules.md hook never: an edit may make the bids add up to n."""
    game = new_game("classic", hook="never", hands="10")
    game = tricks(bid(set_trump(game, Suit.SPADES), 3, 3, 3, 2), 3, 3, 3, 1)
    edited = edit(game, 1, "bids", [("Ann", 1)])
    assert sum(progress(edited).hands[0].bids.values()) == 10


def test_edit_keeps_the_tricks_sum() -> None:
    """docs/scripting.md edit + docs/rules.md 6: edited tricks must still add up to n."""
    with pytest.raises(TricksDontAddUp, match="add up to 11, but hand 1 has 10"):
        edit(two_classic_hands(), 1, "tricks", [("Ann", 2)])


def test_edit_tricks_that_still_add_up() -> None:
    """docs/scripting.md edit: tricks moved between players are rescored."""
    game = edit(two_classic_hands(), 1, "tricks", [("Ann", 2), ("Bob", 2)])
    hand = progress(game).hands[0]
    assert hand.tricks == {"Bob": 2, "Cat": 3, "Dan": 3, "Ann": 2}
    assert hand.scores == {"Bob": 2, "Cat": 13, "Dan": 13, "Ann": 12}


def test_edit_keeps_the_recorded_trump() -> None:
    """docs/scripting.md edit: the recorded trump stays as it was."""
    game = edit(two_classic_hands(), 1, "bids", [("Ann", 0)])
    assert progress(game).hands[0].trump is Suit.CLUBS


def test_edit_of_a_bid_out_of_range_is_refused() -> None:
    """docs/rules.md 3: a bid is 0..n, in an edit too."""
    with pytest.raises(IllegalBid, match="0 to 10"):
        edit(two_classic_hands(), 1, "bids", [("Cat", 11)])


def test_edit_of_an_unscored_hand_is_refused() -> None:
    """docs/scripting.md edit: only a hand whose tricks are recorded."""
    with pytest.raises(Refused, match="hand 3 has no tricks recorded"):
        edit(two_classic_hands(), 3, "bids", [("Ann", 0)])


def test_edit_is_kept_in_the_history() -> None:
    """docs/scripting.md edit: the correction is kept in the game's history."""
    game = edit(two_classic_hands(), 1, "bids", [("Ann", 1), ("Bob", 2)])
    change = game.history[-1]
    assert (change.kind, change.hand, change.what, change.old, change.new) == (
        "edit",
        1,
        "bids",
        (("Ann", 2), ("Bob", 3)),
        (("Ann", 1), ("Bob", 2)),
    )


def test_undo_after_an_edit_takes_back_the_last_entry_not_the_edit() -> None:
    """docs/scripting.md undo: edits are not entries; undo drops the last entry."""
    game = edit(two_classic_hands(), 1, "bids", [("Ann", 1), ("Bob", 2)])
    prog = progress(undo(game))
    assert prog.hands[0].bids["Ann"] == 1
    assert prog.hands[1].tricks == {}
