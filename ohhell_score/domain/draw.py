"""Drawing cards for the first dealer (rules.md, "First dealer").

Each player draws a card; the highest card deals. Aces are high, twos low. Under
``cartier`` equal ranks are broken by suit rank, spades > hearts > diamonds > clubs
(seed 000); otherwise the players tied for the highest card draw again (seed 001: "if
two cards match, they draw a second card"); ``--draw-ties suit|redraw`` picks either
for any game. Nothing here does I/O: the prompt loop asks for the cards and calls
``highest`` and ``card_problem``; ``--draw-cards`` gives the same draw as one line of
text, read by ``scripted_draw`` under the same rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from ohhell_score.domain.errors import BadValue, Refused, Shown
from ohhell_score.domain.names import unknown_player
from ohhell_score.domain.rules import CARTIER_THREE_PLAYER_DECK, PACK, RuleSet, Suit
from ohhell_score.i18n import _

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
                _(
                    "{text!r} is not a card: a rank 2-10, J, Q, K or A, then a suit "
                    "s h d c (or ♠ ♥ ♦ ♣), e.g. AS, 10h, Q♦"
                ).format(text=text)
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


def card_problem(drawn: Mapping[str, Card], card: Card, deck: int) -> str | None:
    """Why ``card`` cannot be drawn now (one pack holds it once; Cartier's 39-card
    pack has no 2, 3, 4 or 5 of clubs), or None when it can."""
    other = drawn_already(drawn, card, deck)
    if other is not None:
        return _("{player} drew {card} already: the deck has one").format(player=other, card=card)
    if not in_deck(card, deck):
        return _(
            "{card} is not in this {deck}-card deck (no 2s, 3s, 4s, nor the 5 of clubs)"
        ).format(card=card, deck=deck)
    return None


#: What ``--draw-ties`` takes: suit rank breaks equal ranks, or the tied draw again.
DRAW_TIES = ("suit", "redraw")


def ties_by_suit(rules: RuleSet, ties: str | None) -> bool:
    """rules.md "First dealer": suit rank breaks ties under cartier, else a redraw;
    ``--draw-ties`` chooses either for any game."""
    chosen = chosen_ties(ties)
    return rules.preset == "cartier" if chosen is None else chosen


def chosen_ties(ties: str | None) -> bool | None:
    """``--draw-ties`` read: whether suit rank breaks ties (``suit``) or not
    (``redraw``), None when not given; anything else is malformed (``BadValue``)."""
    if ties is None:
        return None
    if ties.strip().lower() not in DRAW_TIES:
        raise BadValue(
            _("{ties!r} is not a way to break ties: use suit or redraw").format(ties=Shown(ties))
        )
    return ties.strip().lower() == "suit"


def scripted_draw(text: str, players: tuple[str, ...], deck: int, *, by_suit: bool) -> str:
    """The first dealer of the draw ``text`` (``--draw-cards``): rounds after ``;``,
    each ``NAME=CARD`` for every player still drawing. A card that does not parse is
    malformed (``BadValue``); any other fault is a ``Refused`` naming it."""
    rounds = [_round(piece, text) for piece in text.split(";")]
    drawing = players
    decided: tuple[int, str, Card] | None = None
    for number, cards in enumerate(rounds, start=1):
        if decided is not None:
            won, winner, card = decided
            raise Refused(
                _(
                    "--draw-cards: {player} drew the highest card ({card}) in round {won}; "
                    "round {number} has nothing to decide"
                ).format(player=winner, card=card, won=won, number=number)
            )
        drawn = _drawn(number, cards, players, drawing, deck)
        top = highest(drawn, by_suit=by_suit)
        if len(top) == 1:
            decided = (number, top[0], drawn[top[0]])
        drawing = tuple(top)
    if decided is None:
        raise Refused(
            _(
                "--draw-cards: the draw ends tied ({players}): add a round after "
                "';' naming only them"
            ).format(players=_both(drawing))
        )
    return decided[1]


def _round(piece: str, text: str) -> list[tuple[str, Card]]:
    """``Ann=Q♠ Bob=Q♥``: names (which may hold spaces, never ``=``) and cards."""
    cards: list[tuple[str, Card]] = []
    name_words: list[str] = []
    for word in piece.split():
        before, equals, after = word.partition("=")
        if not equals:
            name_words.append(word)
            continue
        name = " ".join([*name_words, before])
        if not name or not after:
            raise BadValue(
                _("--draw-cards {text!r}: write NAME=CARD, e.g. Ann=Q♠").format(text=Shown(text))
            )
        cards.append((name, Card.parse(after)))
        name_words = []
    if name_words or not cards:
        raise BadValue(
            _("--draw-cards {text!r}: write NAME=CARD, e.g. Ann=Q♠ Bob=Q♥").format(text=Shown(text))
        )
    return cards


def _drawn(
    number: int,
    cards: list[tuple[str, Card]],
    players: tuple[str, ...],
    drawing: tuple[str, ...],
    deck: int,
) -> dict[str, Card]:
    """One round's cards by player, refused unless exactly ``drawing`` drew, each a
    card of the deck, no card twice."""
    drawn: dict[str, Card] = {}
    for name, card in cards:
        who = _player(name, players)
        if who in drawn:
            raise Refused(
                _("--draw-cards: {player} draws twice in round {number}").format(
                    player=who, number=number
                )
            )
        if who not in drawing:
            raise Refused(
                _(
                    "--draw-cards: {player} was not tied, so does not draw in round {number} "
                    "(only {players})"
                ).format(player=who, number=number, players=_both(drawing))
            )
        problem = card_problem(drawn, card, deck)
        if problem is not None:
            raise Refused(
                _("--draw-cards, round {number}: {problem}").format(number=number, problem=problem)
            )
        drawn[who] = card
    missing = [p for p in drawing if p not in drawn]
    if missing:
        raise Refused(
            _("--draw-cards: no card for {players} in round {number}").format(
                players=", ".join(missing), number=number
            )
        )
    return drawn


def _both(names: tuple[str, ...]) -> str:
    """ "Ann and Bob" (the players of a tie: two or more)."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _player(name: str, players: tuple[str, ...]) -> str:
    """A name as typed: exactly, or ignoring case (as every command matches names)."""
    if name in players:
        return name
    found = [p for p in players if p.casefold() == name.casefold()]
    if len(found) != 1:
        raise unknown_player(
            _("--draw-cards: no player {name!r} in this game: {players}").format(
                name=Shown(name), players=", ".join(players)
            ),
            name,
            players,
        )
    return found[0]
