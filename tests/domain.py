"""Helpers for the rule tests: games made and played through game.py's own functions."""

from __future__ import annotations

from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress, set_trump
from ohhell_score.domain.rules import RuleOptions, Suit, build_rules

FOUR = ("Ann", "Bob", "Cat", "Dan")
FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
SEVEN = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def new_game(
    preset: str = "classic",
    players: tuple[str, ...] = FOUR,
    first_dealer: int = 0,
    **options: str | int | None,
) -> Game:
    """A game as `ohhell new` makes it: the preset, overridden by the options, checked."""
    rules = build_rules(preset, len(players), RuleOptions(**options))  # type: ignore[arg-type]
    return Game("test", players, rules, first_dealer)


def bid(game: Game, *values: int) -> Game:
    """Bids in bidding order from the player whose turn it is."""
    return add_bids(game, [(None, v) for v in values])


def finish_bidding(game: Game) -> Game:
    """Everyone still to bid bids 0, or 1 where 0 is forbidden to the dealer."""
    nxt = progress(game).next
    while nxt is not None and nxt.step is Step.BID:
        game = bid(game, 1 if nxt.forbidden_bid == 0 else 0)
        nxt = progress(game).next
    return game


def play_hand(game: Game, suit: Suit = Suit.SPADES) -> Game:
    """Plays the current hand: trump where asked, legal bids, every trick to one player."""
    nxt = progress(game).next
    assert nxt is not None
    number = nxt.hand
    while nxt is not None and nxt.hand == number:
        if nxt.step is Step.TRUMP:
            game = set_trump(game, suit)
        elif nxt.step is Step.BID:
            game = finish_bidding(game)
        else:
            order = progress(game).hands[number - 1].order
            game = add_tricks(game, [(None, nxt.cards if p == order[0] else 0) for p in order])
        nxt = progress(game).next
    return game


def play_hands(game: Game, count: int) -> Game:
    for _ in range(count):
        game = play_hand(game)
    return game
