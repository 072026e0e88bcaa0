"""Playing a tournament table to a chosen outcome, with `--hands 2,1` under Cartier rules.

A plan gives, per hand, each place's (bid, tricks), place 0 being the best. Every plan
keeps the bids off the hook (their sum is never the hand's cards), so it is legal
whoever deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress, set_trump
from ohhell_score.domain.rules import Suit

Plan = list[list[tuple[int, int]]]

#: Totals 22, 21, 20, 0: every place distinct.
DISTINCT: Plan = [
    [(1, 1), (1, 1), (0, 0), (1, 0)],
    [(1, 1), (0, 0), (0, 0), (1, 0)],
]
#: Totals 23, 20, 20, 0, places 2 and 3 with 2 bids made each: a tie docs/rules.md cannot break.
TIE_2_3: Plan = [
    [(2, 2), (0, 0), (0, 0), (1, 0)],
    [(1, 1), (0, 0), (0, 0), (1, 0)],
]
#: Totals 21, 21, 11, 10, the first two with 2 bids made each: a tie for the win
#: (4-player tables only).
TIE_1_2: Plan = [
    [(1, 1), (1, 1), (1, 0), (0, 0)],
    [(0, 0), (0, 0), (1, 1), (1, 0)],
]


def for_table(plan: Plan, size: int) -> Plan:
    """A 3-player table drops place 2 (the plans stay off the hook and add up)."""
    if size == 4:
        return plan
    return [[hand[0], hand[1], hand[3]] for hand in plan]


def play_pure(game: Game, ranking: Sequence[str], plan: Plan = DISTINCT) -> Game:
    """The game played to ``plan``, ``ranking[k]`` taking place k's bids and tricks."""
    plan = for_table(plan, len(ranking))
    for number, hand in enumerate(plan, start=1):
        wanted = {p: hand[k] for k, p in enumerate(ranking)}
        order = progress(game).hands[number - 1].order
        game = add_bids(game, [(p, wanted[p][0]) for p in order])
        nxt = progress(game).next
        if nxt is not None and nxt.step is Step.TRUMP:
            game = set_trump(game, Suit.SPADES)
        game = add_tricks(game, [(p, wanted[p][1]) for p in order])
    assert progress(game).finished
    return game


def play_cli(ohhell: Any, game_id: str, ranking: Sequence[str], plan: Plan = DISTINCT) -> None:
    """The same, typed as a scorer would: `bid`, `trump`, `tricks` with `-g`."""
    plan = for_table(plan, len(ranking))
    for hand in plan:
        wanted = {p: hand[k] for k, p in enumerate(ranking)}
        sheet = ohhell.sheet("-g", game_id)
        players: list[str] = sheet["players"]
        dealer = players.index(sheet["next"]["dealer"])
        order = [players[(dealer + 1 + i) % len(players)] for i in range(len(players))]
        ohhell.ok("bid", "-g", game_id, *(f"{p}={wanted[p][0]}" for p in order))
        if ohhell.sheet("-g", game_id)["next"]["step"] == "trump":
            ohhell.ok("trump", "-g", game_id, "spades")
        ohhell.ok("tricks", "-g", game_id, *(f"{p}={wanted[p][1]}" for p in order))
