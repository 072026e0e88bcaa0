"""The rules of Oh Hell as frozen data (the rule book: presets, options, worked examples).

A ``RuleSet`` says everything the keeper needs: how many cards each hand deals, when
the hook ("screw the dealer") applies, how trump is chosen, how a hand is scored and
how large the deck is. Presets come from the seeds:

- ``cartier`` (seed 000): 13 down to 2 and back up to 13, hook always, the highest
  bidder names trump, 10 + tricks for a made bid; 39-card deck with 3 players.
- ``ten-to-one`` (seed 001): 10 down to 1, hook on hands of 6 or more cards, trump by
  the cycle hearts, clubs, spades, diamonds, no trump.
- ``classic`` (seed 004): 10 down to 1 and back up to 10, hook always, upcard trump.
"""

# No ``from __future__ import annotations``: NamedTuple would compile each field's
# string annotation (a ForwardRef) at every start of `bid` and `show`.
import itertools
from collections.abc import Mapping
from enum import Enum
from typing import NamedTuple, assert_never

from ohhell_score.domain.errors import BadPlayers, BadValue, Refused, RulesDontFit
from ohhell_score.domain.ids import is_id

MIN_PLAYERS = 3
#: rules.md: "8 or more need --decks 2".
MAX_PLAYERS_ONE_DECK = 7
PACK = 52
#: The most cards a deck may have (``--decks 4``, ``--deck-size``), a hand may deal, and
#: hands a game may have: what `new` takes, and what an imported game must keep to.
MAX_DECK = 4 * PACK
MAX_CARDS = 104
MAX_HANDS = 500
#: seed 000: with 3 players "the two's, three's, four's and the five of clubs" go.
CARTIER_THREE_PLAYER_DECK = 39


class Suit(Enum):
    """A trump suit, in Cartier's rank order high to low (seed 000), or no trump."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    NOTRUMP = "notrump"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> "Suit":
        """Read a suit as people type it: ``spades``, ``s``, ``♠``, ``nt``, ``no trump``."""
        key = "".join(text.replace("_", "").replace("-", "").lower().split())
        try:
            return _SUIT_WORDS[key]
        except KeyError:
            raise BadValue(
                f"{text!r} is not a suit: use spades, hearts, diamonds, clubs or notrump "
                "(s h d c nt, or ♠ ♥ ♦ ♣)"
            ) from None


_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.NOTRUMP: "NT",
}
_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_WORDS[_suit.value] = _suit
    _SUIT_WORDS[_suit.value.rstrip("s")] = _suit
    _SUIT_WORDS[_SYMBOLS[_suit].lower()] = _suit
for _word, _suit in {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "n": Suit.NOTRUMP,
    "nt": Suit.NOTRUMP,
    "notrumps": Suit.NOTRUMP,
    "none": Suit.NOTRUMP,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}.items():
    _SUIT_WORDS[_word] = _suit
# A Dutch table's words (Boerenbridge), read in every language: typed input is not
# translated output, and `ohhell trump harten` in a script must not depend on the locale.
for _word, _suit in {
    "schoppen": Suit.SPADES,
    "schop": Suit.SPADES,
    "harten": Suit.HEARTS,
    "hart": Suit.HEARTS,
    "ruiten": Suit.DIAMONDS,
    "ruit": Suit.DIAMONDS,
    "klaveren": Suit.CLUBS,
    "klaver": Suit.CLUBS,
    "sans": Suit.NOTRUMP,
    "geentroef": Suit.NOTRUMP,
    "zondertroef": Suit.NOTRUMP,
    "zt": Suit.NOTRUMP,
}.items():
    _SUIT_WORDS[_word] = _suit
#: Letters of a trump schedule (rules.md: ``schedule:H,C,S,D,N``).
_SCHEDULE_LETTERS = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "N": Suit.NOTRUMP,
}


class _Worded:
    """Words for each member of an enum, from the member's ``_words``: phrases without
    the full stop, so each view ends the sentence its own way."""

    def _words(self) -> tuple[str, str]:
        raise NotImplementedError

    @property
    def description(self) -> str:
        """As `ohhell rules NAME` explains the rules."""
        return self._words()[0]

    @property
    def sheet_note(self) -> str:
        """Shorter, as the notes under a printed blank score sheet say it."""
        return self._words()[1]


class TrumpMethod(_Worded, Enum):
    """How a hand's trump is chosen (rules.md, "Trump")."""

    NAMED = "named"  # the highest bidder names it after the bids (Cartier)
    UPCARD = "upcard"  # the card after the deal is turned up, before the bids
    CUT = "cut"  # the pack is cut or the dealer's last card shown, before the bids
    SCHEDULE = "schedule"  # a fixed cycle by hand number
    DEALER = "dealer"  # the dealer names it before the bids
    NONE = "none"  # no trump, ever

    def _words(self) -> tuple[str, str]:
        """The description and the sheet note of each method (a schedule's description is
        followed by its cycle of suits, after a colon). A new method is a new member and
        its case here: mypy's ``assert_never`` says when one is missing."""
        match self:
            case TrumpMethod.NAMED:
                return (
                    "after the bids, the highest bidder names a suit or no trump; on equal "
                    "bids the first of them in bidding order names it",
                    "after the bids, the highest bidder names it (first in bidding order on "
                    "equal bids); write it in",
                )
            case TrumpMethod.UPCARD:
                return (
                    "after the deal the next card is turned up and its suit is trump; a hand "
                    "that deals every card is played without trump",
                    "the card turned up after the deal; write its suit in (NT: every card "
                    "dealt, no trump)",
                )
            case TrumpMethod.CUT:
                return (
                    "the pack is cut (or the dealer's last card shown) before the bids: its suit",
                    "the suit of the cut card, before the bids; write it in",
                )
            case TrumpMethod.SCHEDULE:
                return (
                    "a fixed cycle by hand, repeating",
                    "fixed by the hand's number, as printed",
                )
            case TrumpMethod.DEALER:
                return (
                    "the dealer names a suit or no trump before the bids, before seeing the cards",
                    "the dealer names it before the bids; write it in",
                )
            case TrumpMethod.NONE:
                return (
                    "none; every hand is played without trump",
                    "none; every hand is played without trump",
                )
            case _:
                assert_never(self)

    @classmethod
    def choices(cls) -> str:
        """What ``--trump`` takes: ``named, upcard, ... or schedule:H,C,S,D,N``."""
        named = [m.value for m in cls if m is not cls.SCHEDULE]
        return ", ".join(named) + f" or {cls.SCHEDULE.value}:H,C,S,D,N"


class Scoring(_Worded, Enum):
    """How a hand is scored (rules.md, "Scoring")."""

    STANDARD = "standard"
    EXACT = "exact"
    MINUS = "minus"
    PROGRESSIVE = "progressive"

    def score(self, bid: int, tricks: int) -> int:
        made = bid == tricks
        match self:
            case Scoring.STANDARD:  # all four seeds: 10 + t made, t missed
                return 10 + tricks if made else tricks
            case Scoring.EXACT:  # 10 + b made, nothing missed
                return 10 + bid if made else 0
            case Scoring.MINUS:  # seed 000 variants: -|t - b| for a failed bid
                return 10 + tricks if made else -abs(tricks - bid)
            case Scoring.PROGRESSIVE:
                return 10 + bid * bid if made else tricks
            case _:
                assert_never(self)

    def _words(self) -> tuple[str, str]:
        """The description and the sheet note of each scheme. A new scheme is a new
        member and its case here and in ``score``: mypy's ``assert_never`` says when
        one is missing."""
        match self:
            case Scoring.STANDARD:
                return (
                    "a made bid scores 10 + tricks; a missed bid scores the tricks taken",
                    "bid made, 10 + tricks; bid missed, the tricks taken",
                )
            case Scoring.EXACT:
                return (
                    "a made bid scores 10 + the bid; a missed bid scores nothing",
                    "bid made, 10 + the bid; bid missed, nothing",
                )
            case Scoring.MINUS:
                return (
                    "a made bid scores 10 + tricks; a missed bid loses one point a trick off",
                    "bid made, 10 + tricks; bid missed, minus one a trick off",
                )
            case Scoring.PROGRESSIVE:
                return (
                    "a made bid scores 10 + the bid squared; a missed bid scores the tricks taken",
                    "bid made, 10 + the bid squared; bid missed, the tricks taken",
                )
            case _:
                assert_never(self)

    @classmethod
    def choices(cls) -> str:
        """What ``--scoring`` takes: ``standard, exact, minus or progressive``."""
        names = [s.value for s in cls]
        return ", ".join(names[:-1]) + f" or {names[-1]}"

    @classmethod
    def parse(cls, text: str) -> "Scoring":
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise BadValue(
                f"{text!r} is not a scoring scheme: use " + ", ".join(s.value for s in cls)
            ) from None


#: What ``--hook`` takes (and ``--hands``, by example); the command line's help says the
#: same without importing this module (tests/test_completions.py checks that they agree).
HOOK_FORMS = "always, never or from:K"
HANDS_FORMS = "13-2-13, 10-1, 1-7-1 or 7,7,6"


class Hook(NamedTuple):
    """When the dealer may not make the bids add up to the cards dealt.

    ``from_cards`` is 0 for ``always``, ``None`` for ``never``, K for ``from:K``.
    """

    from_cards: int | None

    @classmethod
    def parse(cls, text: str) -> "Hook":
        t = text.strip().lower()
        if t == "always":
            return cls(0)
        if t == "never":
            return cls(None)
        if t.startswith("from:") and _is_count(t[5:]):
            return cls(int(t[5:]))
        raise BadValue(f"{text!r} is not a hook: use {HOOK_FORMS} (e.g. from:6)")

    def __str__(self) -> str:
        if self.from_cards is None:
            return "never"
        return "always" if self.from_cards == 0 else f"from:{self.from_cards}"

    def applies(self, cards: int) -> bool:
        """rules.md: ``from:K`` applies only to hands with n >= K."""
        return self.from_cards is not None and cards >= self.from_cards

    def forbidden_bid(self, cards: int, others: int) -> int | None:
        """The dealer's forbidden bid: n - (sum of the others' bids), when in 0..n."""
        if not self.applies(cards):
            return None
        forbidden = cards - others
        return forbidden if 0 <= forbidden <= cards else None


class Trump(NamedTuple):
    """A trump method, with its cycle of suits under ``schedule``."""

    method: TrumpMethod
    schedule: tuple[Suit, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "Trump":
        t = text.strip()
        if t.lower().startswith("schedule:"):
            letters = [x.strip().upper() for x in t.split(":", 1)[1].split(",")]
            if not letters or any(x not in _SCHEDULE_LETTERS for x in letters):
                raise BadValue(
                    f"{text!r} is not a trump schedule: use letters H C S D N, "
                    "e.g. schedule:H,C,S,D,N"
                )
            return cls(TrumpMethod.SCHEDULE, tuple(_SCHEDULE_LETTERS[x] for x in letters))
        try:
            method = TrumpMethod(t.lower())
        except ValueError:
            raise BadValue(f"{text!r} is not a trump method: use {TrumpMethod.choices()}") from None
        if method is TrumpMethod.SCHEDULE:
            raise BadValue("schedule needs its suits, e.g. schedule:H,C,S,D,N")
        return cls(method)

    def __str__(self) -> str:
        if self.method is TrumpMethod.SCHEDULE:
            letters = {s: k for k, s in _SCHEDULE_LETTERS.items()}
            return "schedule:" + ",".join(letters[s] for s in self.schedule)
        return str(self.method.value)


def _is_count(text: str) -> bool:
    """1 to 3 digits (string methods, not a regular expression: start-up time)."""
    return 0 < len(text) <= 3 and text.isascii() and text.isdigit()


def parse_hands(text: str) -> tuple[int, ...]:
    """Read a hands pattern (rules.md): ``13-2-13``, ``10-1``, ``1-7-1`` or ``7,7,6``.

    In a run of turning points each stretch counts by one from the last point to the
    next, the turning hand once: ``13-2-13`` is 13..2 then 3..13 (23 hands).
    """
    t = text.strip()
    bad = BadValue(
        f"{text!r} is not a hands pattern: use e.g. {HANDS_FORMS} (1 to 52 cards a hand)"
    )
    if all(_is_count(x.strip()) for x in t.split(",")):
        hands = tuple(int(x) for x in t.split(","))
    elif all(_is_count(x) for x in t.split("-")):
        points = [int(x) for x in t.split("-")]
        if any(a == b for a, b in itertools.pairwise(points)):
            raise bad
        out = [points[0]]
        for a, b in itertools.pairwise(points):
            step = 1 if b > a else -1
            out.extend(range(a + step, b + step, step))
        hands = tuple(out)
    else:
        raise bad
    if not hands or len(hands) > MAX_HANDS or any(n < 1 or n > MAX_CARDS for n in hands):
        raise bad
    return hands


def hands_pattern(hands: tuple[int, ...]) -> str:
    """The shortest pattern that ``parse_hands`` reads back as ``hands``."""
    points = [hands[0]]
    for i in range(1, len(hands)):
        step = hands[i] - hands[i - 1]
        if abs(step) != 1:
            return ",".join(str(n) for n in hands)
        if i >= 2 and step != hands[i - 1] - hands[i - 2]:
            points.append(hands[i - 1])
    if len(hands) > 1:
        points.append(hands[-1])
    pattern = "-".join(str(p) for p in points)
    return pattern if parse_hands(pattern) == hands else ",".join(str(n) for n in hands)


class RuleSet(NamedTuple):
    """Everything about a game that is not a player or an entry."""

    preset: str
    hands: tuple[int, ...]
    hook: Hook
    trump: Trump
    scoring: Scoring
    deck: int

    def trump_is_entered(self, cards: int, players: int) -> bool:
        """Whether a hand's trump is typed in (rather than fixed by the rules)."""
        method = self.trump.method
        if method is TrumpMethod.UPCARD:
            # rules.md: a hand that deals every card has no card to turn: no trump.
            return cards * players < self.deck
        return method in (TrumpMethod.NAMED, TrumpMethod.CUT, TrumpMethod.DEALER)

    def trump_before_bids(self) -> bool:
        """rules.md: upcard, cut and dealer are trump -> bids -> tricks; named is bids first."""
        return self.trump.method in (TrumpMethod.UPCARD, TrumpMethod.CUT, TrumpMethod.DEALER)

    def allows_notrump_entry(self) -> bool:
        """An upcard or a cut card always shows a suit: "no trump" is never entered."""
        return self.trump.method in (TrumpMethod.NAMED, TrumpMethod.DEALER)

    def fixed_trump(self, number: int, cards: int, players: int) -> Suit | None:
        """The trump the rules fix in advance for hand ``number`` (1-based), if any."""
        method = self.trump.method
        if method is TrumpMethod.SCHEDULE:
            return self.trump.schedule[(number - 1) % len(self.trump.schedule)]
        if method is TrumpMethod.NONE:
            return Suit.NOTRUMP
        if method is TrumpMethod.UPCARD and not self.trump_is_entered(cards, players):
            return Suit.NOTRUMP
        return None

    def check_fits(self, players: int) -> None:
        """rules.md: every hand must fit the deck, n * N <= D; 3 players at least."""
        if players < MIN_PLAYERS:
            raise BadPlayers(f"Oh Hell needs at least {MIN_PLAYERS} players; {players} given")
        if players > MAX_PLAYERS_ONE_DECK and self.deck < 2 * PACK:
            raise RulesDontFit(
                f"{players} players need two decks ({2 * PACK} cards); the deck has "
                f"{self.deck}: add --decks 2"
            )
        largest = max(self.hands)
        if largest * players > self.deck:
            raise RulesDontFit(
                f"{largest} cards to each of {players} players needs {largest * players} "
                f"cards; the deck has {self.deck}"
            )

    def to_json(self) -> dict[str, object]:
        return {
            "preset": self.preset,
            "hook": str(self.hook),
            "trump": str(self.trump),
            "scoring": self.scoring.value,
            "hands": list(self.hands),
            "deck": self.deck,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> "RuleSet":
        hands = data["hands"]
        deck = data["deck"]
        if not isinstance(hands, list) or not 1 <= len(hands) <= MAX_HANDS:
            raise ValueError(f"rules.hands must list 1 to {MAX_HANDS} hands")
        if not all(type(n) is int and 1 <= n <= MAX_CARDS for n in hands):
            raise ValueError(f"rules.hands must hold whole numbers of cards, 1 to {MAX_CARDS}")
        if type(deck) is not int or not 3 <= deck <= MAX_DECK:
            raise ValueError(f"rules.deck must be a whole number of cards, 3 to {MAX_DECK}")
        name = data["preset"]
        if not isinstance(name, str) or not is_id(name):  # a preset's or a house rule's name
            raise ValueError("rules.preset is not the name of a preset or a house rule")
        return cls(
            preset=name,
            hands=tuple(hands),
            hook=Hook.parse(str(data["hook"])),
            trump=Trump.parse(str(data["trump"])),
            scoring=Scoring(str(data["scoring"])),
            deck=deck,
        )


class Preset(NamedTuple):
    """A named rule set from a seed, with the player counts its seed plays.

    A group's own rule set (a ``HouseRule``) is offered as a preset too: ``house`` is
    then set and decides the rules for each table size.
    """

    name: str
    seed: str
    summary: str
    usual_players: str
    rules: RuleSet
    house: "HouseRule | None" = None
    seats: int = 4  # the table the seed describes: rules are explained for it

    def for_players(self, players: int) -> RuleSet:
        """The preset's rules for a table of ``players`` (Cartier's 39-card deck for 3)."""
        if self.house is not None:
            return self.house.rules_for(players)
        if self.name == "cartier" and players == 3:
            return self.rules._replace(deck=CARTIER_THREE_PLAYER_DECK)
        return self.rules


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "cartier",
            "000",
            "The Cartier tournament: 13 down to 2 and back up, highest bidder names trump",
            "4 (or 3, with a 39-card deck)",
            RuleSet(
                "cartier",
                parse_hands("13-2-13"),
                Hook(0),
                Trump(TrumpMethod.NAMED),
                Scoring.STANDARD,
                PACK,
            ),
        ),
        Preset(
            "ten-to-one",
            "001",
            "10 cards down to 1, trump by a fixed cycle, hook on hands of 6 or more",
            "5 (3 to 5)",
            RuleSet(
                "ten-to-one",
                parse_hands("10-1"),
                Hook(6),
                Trump.parse("schedule:H,C,S,D,N"),
                Scoring.STANDARD,
                PACK,
            ),
            seats=5,  # seed 001: "played with 5 players"
        ),
        Preset(
            "classic",
            "004",
            "Up and down the river: 10 down to 1 and back up, upcard trump",
            "4 (3 to 5)",
            RuleSet(
                "classic",
                parse_hands("10-1-10"),
                Hook(0),
                Trump(TrumpMethod.UPCARD),
                Scoring.STANDARD,
                PACK,
            ),
        ),
    )
}
DEFAULT_PRESET = "classic"


def preset(name: str, house: "HouseRule | None" = None) -> Preset:
    """A built-in preset by name, or ``house`` when it has that name.

    House rules live in the user's config directory; the caller loads the one asked
    for and passes it in, so this module stays free of I/O.
    """
    key = name.strip().lower()
    if key in PRESETS:
        return PRESETS[key]
    if house is not None and key == house.name:
        return house.as_preset()
    raise BadValue(
        f"{name!r} is not a preset: use {', '.join(PRESETS)} or a house rule "
        "(`ohhell rules` lists them)"
    )


class RuleOptions(NamedTuple):
    """The options of `ohhell new` that change a preset (rules.md "Rule parameters"), as
    typed, None where not given. Every command that makes rules takes these six, and
    house rules and tournaments keep them; their values are checked when applied."""

    hook: str | None = None
    hands: str | None = None
    trump: str | None = None
    scoring: str | None = None
    decks: int | None = None
    deck_size: int | None = None

    def apply(self, rules: RuleSet) -> RuleSet:
        """``rules`` with each option given replacing its part (values as in rules.md)."""
        if self.hook is not None:
            rules = rules._replace(hook=Hook.parse(self.hook))
        if self.hands is not None:
            rules = rules._replace(hands=parse_hands(self.hands))
        if self.trump is not None:
            rules = rules._replace(trump=Trump.parse(self.trump))
        if self.scoring is not None:
            rules = rules._replace(scoring=Scoring.parse(self.scoring))
        if self.decks is not None and self.deck_size is not None:
            raise BadValue("give --decks or --deck-size, not both")
        if self.decks is not None:
            if not 1 <= self.decks <= 4:
                raise BadValue(f"--decks takes 1 to 4 packs, not {self.decks}")
            rules = rules._replace(deck=PACK * self.decks)
        if self.deck_size is not None:
            if not 3 <= self.deck_size <= MAX_DECK:
                raise BadValue(f"--deck-size takes 3 to {MAX_DECK} cards, not {self.deck_size}")
            rules = rules._replace(deck=self.deck_size)
        return rules

    def normal(self) -> "RuleOptions":
        """The same options in their normal form (``FROM:6`` is ``from:6``, ``13-2-13``
        spelled out is ``13-2-13``), so that equal rules make equal files."""
        return self._replace(
            hook=None if self.hook is None else str(Hook.parse(self.hook)),
            hands=None if self.hands is None else hands_pattern(parse_hands(self.hands)),
            trump=None if self.trump is None else str(Trump.parse(self.trump)),
            scoring=None if self.scoring is None else Scoring.parse(self.scoring).value,
        )

    def over(self, base: "RuleOptions") -> "RuleOptions":
        """These options over ``base``'s: each one given here wins, and a deck given here
        (``decks`` or ``deck_size``) replaces ``base``'s, whichever way that was given."""
        if self.decks is not None or self.deck_size is not None:
            base = base._replace(decks=None, deck_size=None)
        return RuleOptions._make(
            mine if mine is not None else old for mine, old in zip(self, base, strict=True)
        )

    def to_json(self, *, unset: bool = False) -> dict[str, str | int | None]:
        """The options given, by name, as house rule files keep them; with ``unset``
        every option, null where not given, as tournament files keep them."""
        return {k: v for k, v in self._asdict().items() if unset or v is not None}

    @classmethod
    def from_json(
        cls, data: Mapping[str, object], *, not_text: str, not_number: str
    ) -> "RuleOptions":
        """The options in a JSON object (missing or null: not given). Their form is not
        checked here; their types are: ``ValueError(not_text)`` for a text option that
        is not text, ``ValueError(not_number)`` for a number that is not whole."""
        hook, hands, trump, scoring = (
            _text(data.get(k), not_text) for k in ("hook", "hands", "trump", "scoring")
        )
        decks, deck_size = (_number(data.get(k), not_number) for k in ("decks", "deck_size"))
        return cls(hook, hands, trump, scoring, decks, deck_size)


def _text(value: object, message: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(message)


def _number(value: object, message: str) -> int | None:
    if value is None or type(value) is int:
        return value
    raise ValueError(message)


#: No option given: the preset as it is.
NO_OPTIONS = RuleOptions()


def build_rules(
    preset_name: str,
    players: int,
    options: RuleOptions = NO_OPTIONS,
    *,
    house: "HouseRule | None" = None,
) -> RuleSet:
    """A preset's rules for ``players`` with the options that override it, checked to fit.

    ``house`` is the house rule named ``preset_name``, when it is one.
    """
    rules = options.apply(preset(preset_name, house).for_players(players))
    rules.check_fits(players)
    return rules


# --- house rules: a group's own rule set under a name --------------------------------

#: Words after `ohhell rules` that are actions, so no house rule may be called so.
RESERVED_NAMES = frozenset({"show", "save", "export", "import", "delete"})


def check_house_name(name: str) -> str:
    """A house rule's name: like a game id, not a built-in preset, not an action word."""
    if not is_id(name):  # written like a game id (cli-contract)
        raise Refused(
            f"{name!r} is not a house rule name: use 1 to 64 lower-case letters, digits and '-'"
        )
    if name in PRESETS:
        raise Refused(
            f"{name!r} is a built-in preset and cannot be overwritten; choose another name"
        )
    if name in RESERVED_NAMES:
        raise Refused(f"{name!r} is a word of `ohhell rules`; choose another name")
    return name


class HouseRule(NamedTuple):
    """A group's own rule set: a built-in preset and the options that change it.

    The options are kept rather than a finished ``RuleSet`` so that a house rule acts
    like its preset at every table size (Cartier's 39-card deck for 3 players).
    Values are kept in their normal form, so equal rules make equal files.
    """

    name: str
    base: str
    options: RuleOptions = NO_OPTIONS

    @classmethod
    def make(
        cls,
        name: str,
        base: str,
        options: RuleOptions = NO_OPTIONS,
        *,
        house: "HouseRule | None" = None,
    ) -> "HouseRule":
        """A checked house rule. ``base`` may name another house rule (given as
        ``house``): its options come along and those given here override them."""
        check_house_name(name)
        chosen = preset(base, house)
        inherited = chosen.house or cls(name, chosen.name)
        options.apply(chosen.rules)  # the values' form is checked before anything is kept
        rule = cls(name, inherited.base, options.normal().over(inherited.options))
        rule.rules_for(MIN_PLAYERS).check_fits(MIN_PLAYERS)  # playable by some table
        return rule

    def rules_for(self, players: int) -> RuleSet:
        """The base preset for ``players`` with this rule's options; named after it."""
        rules = self.options.apply(PRESETS[self.base].for_players(players))
        return rules._replace(preset=self.name)

    def summary(self) -> str:
        changes = ", ".join(
            f"--{k.replace('_', '-')} {v}" for k, v in self.options.to_json().items()
        )
        return f"{self.base} with {changes}" if changes else f"the same as {self.base}"

    def as_preset(self) -> Preset:
        base = PRESETS[self.base]
        return Preset(
            self.name,
            base.seed,
            f"house rule: {self.summary()}",
            base.usual_players,
            self.rules_for(base.seats),
            house=self,
            seats=base.seats,
        )

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "base": self.base, **self.options.to_json()}

    @classmethod
    def from_json(cls, data: object) -> "HouseRule":
        """Read a house rule back, checking it as `rules save` does; ``ValueError``
        (``BadValue`` among them) or ``Refused`` for anything wrong."""
        if not isinstance(data, dict):
            raise ValueError("not a house rule object")
        unknown = sorted(set(data) - {"name", "base", *RuleOptions._fields})
        if unknown:
            raise ValueError(f"unknown field {unknown[0]!r}")
        name, base = data.get("name"), data.get("base")
        if not isinstance(name, str) or not isinstance(base, str):
            raise ValueError("a house rule needs a name and a base preset")
        if base not in PRESETS:
            raise ValueError(f"base {base!r} is not a built-in preset")
        options = RuleOptions.from_json(
            data,
            not_text="hook, hands, trump and scoring are written as text",
            not_number="decks and deck_size are whole numbers",
        )
        return cls.make(name, base, options)
