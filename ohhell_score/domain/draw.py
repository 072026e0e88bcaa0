"""Drawing cards for the first dealer (rules.md, "First dealer").

Each player draws a card; the highest card deals. Aces are high, twos low. Under
``cartier`` equal ranks are broken by suit rank, spades > hearts > diamonds > clubs
(seed 000); otherwise the players tied for the highest card draw again (seed 001: "if
two cards match, they draw a second card"). Nothing here does I/O: the prompt loop asks
for the cards and calls ``highest``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from ohhell_score.domain.errors import BadValue
from ohhell_score.domain.rules import CARTIER_THREE_PLAYER_DECK, PACK, Suit

#: Ranks low to high; a card's rank is its index here.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_WORDS = {r.lower(): r for r in RANKS} | {
    "t": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
}
#: seed 000: suits rank spades, hearts, diamonds, clubs (high to low).
SUIT_RANK = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_CARD = re.compile(r"(?P<rank>10|jack|queen|king|ace|[2-9]|[tjqka])\s*(?:of\s+)?(?P<suit>.+)")


class Card(NamedTuple):
    """A drawn card; ordered by rank, then by suit rank (which only Cartier uses)."""

    rank: int
    suit_rank: int

    @property
    def suit(self) -> Suit:
        return SUIT_RANK[self.suit_rank]

    def __str__(self) -> str:
        return f"{RANKS[self.rank]}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card as people type it: ``AS``, ``10h``, ``Q♦``, ``t c``, ``king of hearts``."""
        m = _CARD.fullmatch(text.strip().lower())
        suit: Suit | None = None
        if m:
            try:
                suit = Suit.parse(m.group("suit"))
            except BadValue:
                suit = None
        if m is None or suit is None or suit is Suit.NOTRUMP:
            raise BadValue(
                f"{text!r} is not a card: a rank 2-10, J, Q, K or A, then a suit "
                "s h d c (or ♠ ♥ ♦ ♣), e.g. AS, 10h, Q♦"
            )
        rank = RANKS.index(_RANK_WORDS[m.group("rank")])
        return cls(rank, SUIT_RANK.index(suit))


def highest(drawn: Mapping[str, Card], *, by_suit: bool) -> list[str]:
    """The players who drew the highest card, in the order given.

    One name: that player deals. More than one: they tied and draw again. With
    ``by_suit`` (Cartier) suit rank breaks equal ranks, so only the same card (two
    packs) ties.
    """

    def key(card: Card) -> tuple[int, int]:
        return (card.rank, card.suit_rank) if by_suit else (card.rank, 0)

    top = max(key(c) for c in drawn.values())
    return [p for p, c in drawn.items() if key(c) == top]


def drawn_already(drawn: Mapping[str, Card], card: Card, deck: int) -> str | None:
    """Who drew this very card already, when the deck holds only one of each."""
    if deck > PACK:
        return None
    return next((p for p, c in drawn.items() if c == card), None)


def in_deck(card: Card, deck: int) -> bool:
    """seed 000: the 39-card deck of 3-player Cartier has no 2s, 3s, 4s, nor the 5 of clubs."""
    if deck == CARTIER_THREE_PLAYER_DECK:
        five = RANKS.index("5")
        return card.rank > five or (card.rank == five and card.suit is not Suit.CLUBS)
    return True
