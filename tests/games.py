"""Games played with random legal entries, for the export tests."""

from __future__ import annotations

import random
from typing import Any

from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress, set_trump
from ohhell_score.domain.rules import RuleOptions, Suit, build_rules
from ohhell_score.storage import games

#: Names the contract allows that exports must escape or neutralise.
AWKWARD = ("<b>Bo</b>", "@home", "Zoë", "Ann Marie", "+plus", "-dash")


def play(game: Game, hands: int | None, seed: int = 1) -> Game:
    """Play ``hands`` hands (all when None) with random legal bids, trumps and tricks."""
    rng = random.Random(seed)
    target = len(game.rules.hands) if hands is None else hands
    at = "2026-11-30T20:00:00+00:00"
    while True:
        prog = progress(game)
        nxt = prog.next
        if nxt is None or prog.hands_played >= target:
            return game
        if nxt.step is Step.BID:
            likely = nxt.cards // len(game.players) + 1
            choices = [b for b in range(min(likely, nxt.cards) + 1) if b != nxt.forbidden_bid]
            game = add_bids(game, [(None, rng.choice(choices or [nxt.cards]))], at)
        elif nxt.step is Step.TRUMP:
            suits = list(Suit) if game.rules.allows_notrump_entry(nxt.hand) else list(Suit)[:4]
            game = set_trump(game, rng.choice(suits), at)
        else:
            hand = prog.hands[nxt.hand - 1]
            # Most bids are made, as at a real table: start from the bids, then even out.
            tricks = dict(hand.bids)
            while sum(tricks.values()) > nxt.cards:
                tricks[rng.choice([p for p, t in tricks.items() if t > 0])] -= 1
            while sum(tricks.values()) < nxt.cards:
                tricks[rng.choice(hand.order)] += 1
            game = add_tricks(game, [(p, t) for p, t in tricks.items()], at)


def new_game(
    game_id: str,
    players: tuple[str, ...],
    preset: str = "classic",
    **options: Any,
) -> Game:
    rules = build_rules(preset, len(players), RuleOptions(**options))
    at = "2026-11-30T19:00:00+00:00"
    return Game(game_id, players, rules, created=at, updated=at, scorer="Zoë")


def saved_game(
    game_id: str,
    players: tuple[str, ...],
    preset: str = "classic",
    hands: int | None = None,
    seed: int = 1,
    **options: Any,
) -> Game:
    """A game played ``hands`` hands (all when None) and saved in the data directory."""
    game = play(new_game(game_id, players, preset, **options), hands, seed)
    games.create(game)
    return game
