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
from collections.abc import Callable, Mapping
from enum import Enum
from typing import NamedTuple

from ohhell_score.domain.errors import BadPlayers, BadValue, Refused, RulesDontFit, Shown

# The forms the options take are defined in forms.py, for the command line to read without
# this module; the rules' own names for them are re-exported here.
from ohhell_score.domain.forms import DEFAULT_PRESET as DEFAULT_PRESET
from ohhell_score.domain.forms import PRESET_FORMS, hands_choices, hook_choices, scoring_choices
from ohhell_score.domain.forms import SCHEMES as SCHEMES
from ohhell_score.domain.forms import TrumpMethod as TrumpMethod
from ohhell_score.domain.formula import Formula, check_hands, parse_formula
from ohhell_score.domain.ids import is_id
from ohhell_score.i18n import N_, _

MIN_PLAYERS = 3
PACK = 52
#: ``--decks K`` takes 1 to 4 packs (rules.md, "Rule parameters").
MAX_PACKS = 4
#: The most cards a deck may have (``--decks 4``, ``--deck-size``), a hand may deal, and
#: hands a game may have: what `new` takes, and what an imported game must keep to.
MAX_DECK = MAX_PACKS * PACK
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
        """♠ ♥ ♦ ♣, and for no trump the reader's letters: NT, SA (sans atout) at a Dutch
        table; the sheets print it, `Suit.parse` reads it in every language."""
        return _(_SYMBOLS[self]) if self is Suit.NOTRUMP else _SYMBOLS[self]

    @property
    def words(self) -> str:
        """The suit's name in the reader's language ("hearts", "no trump"); ``value``
        is the contract's, in English."""
        return _(_NAMES[self])

    @classmethod
    def parse(cls, text: str) -> "Suit":
        """Read a suit as people type it: ``spades``, ``s``, ``♠``, ``nt``, ``no trump``."""
        key = "".join(text.replace("_", "").replace("-", "").lower().split())
        try:
            return _SUIT_WORDS[key]
        except KeyError:
            raise BadValue(
                _(
                    "{text!r} is not a suit: use spades, hearts, diamonds, clubs or notrump "
                    "(s h d c nt, or ♠ ♥ ♦ ♣)"
                ).format(text=Shown(text))
            ) from None


_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.NOTRUMP: N_("NT"),
}
_NAMES = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
    Suit.NOTRUMP: N_("no trump"),
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
    "r": Suit.DIAMONDS,  # s and h are the same letters in Dutch; d and c are not
    "klaveren": Suit.CLUBS,
    "k": Suit.CLUBS,
    "klaver": Suit.CLUBS,
    "sans": Suit.NOTRUMP,
    "sa": Suit.NOTRUMP,  # sans atout, as a Dutch sheet prints it
    "sansatout": Suit.NOTRUMP,
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


#: rules.md: a game saved before `progressive` lost the square of the difference scored
#: a missed bid as its tricks; it keeps its totals under this formula.
OLD_PROGRESSIVE = "made: 10+b^2; missed: t"


class Scoring(NamedTuple):
    """How a hand is scored (rules.md, "Scoring", "Formulas"): a named scheme, or a
    formula as typed (``name`` empty); ``text`` is the formula's canonical text."""

    name: str
    text: str

    @property
    def value(self) -> str:
        """As ``show --json`` gives it: the scheme's name, or the formula's text."""
        return self.name or self.text

    @property
    def description(self) -> str:
        """As `ohhell rules NAME` explains the rules."""
        if self.name:
            return _(SCHEMES[self.name][1])
        return _("by the formula {text!r}: {words}").format(
            text=self.text, words=_formula(self.text).words()
        )

    @property
    def sheet_note(self) -> str:
        """Shorter, as the notes under a printed blank score sheet say it."""
        return _(SCHEMES[self.name][2]) if self.name else _formula(self.text).words()

    def score(self, bid: int, tricks: int, cards: int) -> int:
        """The points of one player's hand: bid, tricks taken, cards dealt (``n``)."""
        scorer = _SCORERS.get(self.text)
        if scorer is None:
            scorer = _SCORERS[self.text] = _formula(self.text).scorer()
        return scorer(bid, tricks, cards)

    def check(self, hands: tuple[int, ...]) -> None:
        """rules.md: a formula must score every b, t in 0..n of every hand; the named
        schemes do (tests/test_formula.py), so only a typed formula is checked."""
        if not self.name:
            check_hands(_formula(self.text), hands)

    @classmethod
    def choices(cls) -> str:
        """What ``--scoring`` takes: ``standard, exact, ... or a formula``."""
        return scoring_choices()

    @classmethod
    def parse(cls, text: str) -> "Scoring":
        """A scheme's name, or a formula (it has a ``:``); ``BadValue`` otherwise."""
        if ":" in text:
            formula = parse_formula(text)
            _FORMULAS.setdefault(formula.text, formula)  # read once: scored, said, checked
            return cls("", formula.text)
        key = text.strip().lower()
        if key not in SCHEMES:
            raise BadValue(
                _("{text!r} is not a scoring scheme: use {choices}").format(
                    text=Shown(text), choices=cls.choices()
                )
            )
        return cls(key, SCHEMES[key][0])


def scheme(name: str) -> Scoring:
    """The named scheme ``name`` (one of ``SCHEMES``)."""
    return Scoring(name, SCHEMES[name][0])


STANDARD = scheme("standard")
_SCORERS: dict[str, Callable[[int, int, int], int]] = {}


def _formula(text: str) -> Formula:
    """The parsed formula of a canonical text, parsed once per run."""
    formula = _FORMULAS.get(text)
    if formula is None:
        formula = _FORMULAS[text] = parse_formula(text)
    return formula


_FORMULAS: dict[str, Formula] = {}


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
        raise BadValue(
            _("{text!r} is not a hook: use {forms} (e.g. from:6)").format(
                text=Shown(text), forms=hook_choices()
            )
        )

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


class Selector(NamedTuple):
    """Which hands a trump exception is for (rules.md, "Trump"): hand numbers
    ``first..last`` (1-based), or every hand dealt the most cards (``largest``)."""

    text: str
    first: int = 0
    last: int = 0
    largest: bool = False

    @classmethod
    def parse(cls, text: str, whole: str) -> "Selector":
        if text in ("first", "max"):
            return cls(text, 1, 1, largest=text == "max")
        if text == "last":
            return cls(text)
        low, dash, high = text.partition("-")
        if _is_count(low) and (not dash or _is_count(high)):
            first, last = int(low), int(high) if dash else int(low)
            if 1 <= first <= last:
                return cls(text, first, last)
        raise BadValue(
            _(
                "{whole!r}: {text!r} is not a hand: use a number (9), a range (9-11), "
                "first, last or max"
            ).format(whole=whole, text=text)
        )

    def matches(self, number: int, hands: tuple[int, ...]) -> bool:
        if self.largest:
            return hands[number - 1] == max(hands)
        if self.text == "last":
            return number == len(hands)
        return self.first <= number <= self.last

    def check(self, hands: tuple[int, ...], whole: str) -> None:
        """rules.md: a selector naming no hand, or a range outside 1..hands, is refused."""
        if self.text in ("first", "last", "max") or self.last <= len(hands):
            return
        raise BadValue(
            _("trump {whole!r}: hand {text} is not in this game, which has {hands} hands").format(
                whole=whole, text=self.text, hands=len(hands)
            )
        )


#: The longest trump rule taken, as the formula's 300 characters: every hand of a game
#: of 19 can have an exception of its own, and ranges (``+1-5=none``) cover more.
MAX_TRUMP_LENGTH = 300


class Trump(NamedTuple):
    """A trump method, with its cycle of suits under ``schedule``, and the exceptions
    for some hands (``upcard+max=none``): the first that matches a hand gives its method."""

    method: TrumpMethod
    schedule: tuple[Suit, ...] = ()
    exceptions: tuple[tuple[Selector, TrumpMethod], ...] = ()

    @classmethod
    def parse(cls, text: str) -> "Trump":
        """rules.md: lower case, spaces removed; ``METHOD+SELECTOR=METHOD...``; at most
        ``MAX_TRUMP_LENGTH`` characters, counted first, wherever it comes from (the
        command line, a house rule, a game file)."""
        if len(text) > MAX_TRUMP_LENGTH:
            raise BadValue(
                _("trump: {typed:,} characters; at most {most} are taken").format(
                    typed=len(text), most=MAX_TRUMP_LENGTH
                )
            )
        whole = "".join(text.split()).lower()
        base, *pieces = whole.split("+")
        trump = cls._method(base, text)
        exceptions = []
        for piece in pieces:
            selector, equals, method = piece.partition("=")
            if not equals or not method:
                raise BadValue(
                    _(
                        "{text!r}: {piece!r} is not an exception: write +SELECTOR=METHOD, e.g. "
                        "upcard+max=none"
                    ).format(text=text, piece=piece)
                )
            chosen = cls._method(method, text).method
            if chosen is TrumpMethod.SCHEDULE:
                raise BadValue(
                    _("{text!r}: an exception's method cannot be a schedule").format(text=text)
                )
            exceptions.append((Selector.parse(selector, text), chosen))
        return trump._replace(exceptions=tuple(exceptions))

    @classmethod
    def _method(cls, t: str, text: str) -> "Trump":
        if t.startswith("schedule:"):
            letters = [x.upper() for x in t.split(":", 1)[1].split(",")]
            if not letters or any(x not in _SCHEDULE_LETTERS for x in letters):
                raise BadValue(
                    _(
                        "{text!r} is not a trump schedule: use letters H C S D N, e.g. "
                        "schedule:H,C,S,D,N"
                    ).format(text=text)
                )
            return cls(TrumpMethod.SCHEDULE, tuple(_SCHEDULE_LETTERS[x] for x in letters))
        try:
            method = TrumpMethod(t)
        except ValueError:
            raise BadValue(
                _("{text!r} is not a trump method: use {choices}").format(
                    text=text, choices=TrumpMethod.choices()
                )
            ) from None
        if method is TrumpMethod.SCHEDULE:
            raise BadValue(_("schedule needs its suits, e.g. schedule:H,C,S,D,N"))
        return cls(method)

    def __str__(self) -> str:
        text = str(self.method.value)
        if self.method is TrumpMethod.SCHEDULE:
            letters = {s: k for k, s in _SCHEDULE_LETTERS.items()}
            text = "schedule:" + ",".join(letters[s] for s in self.schedule)
        return text + "".join(f"+{sel.text}={m.value}" for sel, m in self.exceptions)

    def method_for(self, number: int, hands: tuple[int, ...]) -> TrumpMethod:
        """The method of hand ``number``: the first exception that matches, else the
        method (rules.md, "Trump")."""
        for selector, method in self.exceptions:
            if selector.matches(number, hands):
                return method
        return self.method

    def largest_hands_method(self) -> TrumpMethod:
        """The method the largest hands are played under, as ``max`` counts it: only a
        ``max=`` exception changes it (rules.md, "Presets")."""
        for selector, method in self.exceptions:
            if selector.largest:
                return method
        return self.method

    def check(self, hands: tuple[int, ...]) -> None:
        whole = str(self)  # once: each exception's own would make the check quadratic
        for selector, _method in self.exceptions:
            selector.check(hands, whole)


def _is_count(text: str) -> bool:
    """1 to 3 digits (string methods, not a regular expression: start-up time)."""
    return 0 < len(text) <= 3 and text.isascii() and text.isdigit()


def most_cards(players: int, deck: int, trump: Trump) -> int:
    """rules.md: the hand token ``max``: the largest n with n * N <= D; but with one card
    left to turn (n * N < D) when the largest hands are played under ``upcard``."""
    if trump.largest_hands_method() is TrumpMethod.UPCARD:
        return (deck - 1) // players
    return deck // players


#: The longest hands pattern taken: MAX_HANDS hands of 3 digits, each with a comma and
#: a space on either side.
MAX_PATTERN_LENGTH = 6 * MAX_HANDS


def parse_hands(
    text: str, players: int = 4, deck: int = PACK, trump: "Trump | None" = None
) -> tuple[int, ...]:
    """Read a hands pattern (rules.md): pieces joined by commas, each a number or a run
    of turning points: ``13-2-13``, ``10-1``, ``7,7,6``, ``1-7,7-1``, ``max-1-max``.

    In a run each stretch counts by one from the last point to the next, the turning
    hand once: ``13-2-13`` is 13..2 then 3..13 (23 hands). ``max`` is ``most_cards``
    for ``players``, ``deck`` and ``trump``.
    """
    if len(text) > MAX_PATTERN_LENGTH:  # counted before it is read, as a formula is
        raise _not_a_pattern(text)
    largest = most_cards(players, deck, trump or Trump(TrumpMethod.NAMED))
    hands: list[int] = []
    for piece in text.strip().lower().split(","):
        words = piece.strip().split("-")  # spaces around a comma, never inside a run
        if not all(_is_count(w) or w == "max" for w in words):
            raise _not_a_pattern(text)
        points = [largest if w == "max" else int(w) for w in words]
        same = next((a for a, b in itertools.pairwise(points) if a == b), None)
        if same is not None:  # the run from ``same`` to ``same`` does not turn
            raise (
                _not_a_pattern(text)
                if "max" not in words
                else BadValue(
                    _(
                        "{text!r} is not a hands pattern here: max is {largest} cards, so a run "
                        "from {start} to {end} does not turn"
                    ).format(text=Shown(text), largest=largest, start=same, end=same)
                )
            )
        hands.append(points[0])
        for a, b in itertools.pairwise(points):
            step = 1 if b > a else -1
            hands.extend(range(a + step, b + step, step))
        if len(hands) > MAX_HANDS:
            raise _not_a_pattern(text)
    if not hands or any(n < 1 or n > MAX_CARDS for n in hands):
        raise _not_a_pattern(text)
    return tuple(hands)


def _not_a_pattern(text: str) -> BadValue:
    """Made only when a pattern is refused: presets are read at import, and a message
    would choose the language (and load its catalogue) there."""
    return BadValue(
        _(
            "{text!r} is not a hands pattern: use e.g. {forms} (1 to {max_cards} cards a hand)"
        ).format(text=Shown(text), forms=hands_choices(), max_cards=MAX_CARDS)
    )


def hands_pattern(hands: tuple[int, ...]) -> str:
    """The shortest pattern that ``parse_hands`` reads back as ``hands``: runs by one
    card written by their turning points, joined by commas (``1-8,8-1``)."""
    pieces: list[str] = []
    start = 0
    for i in range(1, len(hands) + 1):
        if i == len(hands) or abs(hands[i] - hands[i - 1]) != 1:
            pieces.append(_run_pattern(hands[start:i]))
            start = i
    pattern = ",".join(pieces)
    return pattern if parse_hands(pattern) == hands else ",".join(str(n) for n in hands)


def _run_pattern(run: tuple[int, ...]) -> str:
    """A run whose every step is one card, by its turning points: ``13-2-13``."""
    points = [run[0]]
    for i in range(2, len(run)):
        if run[i] - run[i - 1] != run[i - 1] - run[i - 2]:
            points.append(run[i - 1])
    if len(run) > 1:
        points.append(run[-1])
    return "-".join(str(p) for p in points)


def normal_hands(text: str) -> str:
    """A hands option as a file keeps it: spelled out shortest, or with ``max`` kept as
    a word (its number depends on the table)."""
    hands = parse_hands(text)  # the form is checked whatever the table
    if "max" in text.lower():
        return ",".join(piece.strip() for piece in text.strip().lower().split(","))
    return hands_pattern(hands)


class RuleSet(NamedTuple):
    """Everything about a game that is not a player or an entry."""

    preset: str
    hands: tuple[int, ...]
    hook: Hook
    trump: Trump
    scoring: Scoring
    deck: int

    def trump_method(self, number: int) -> TrumpMethod:
        """The trump method of hand ``number`` (1-based), its exception's if one matches."""
        return self.trump.method_for(number, self.hands)

    def trump_is_entered(self, number: int, players: int) -> bool:
        """Whether a hand's trump is typed in (rather than fixed by the rules)."""
        method = self.trump_method(number)
        if method is TrumpMethod.UPCARD:
            # rules.md: a hand that deals every card has no card to turn: no trump.
            return self.hands[number - 1] * players < self.deck
        return method in (TrumpMethod.NAMED, TrumpMethod.CUT, TrumpMethod.DEALER)

    def trump_before_bids(self, number: int) -> bool:
        """rules.md: upcard, cut and dealer are trump -> bids -> tricks; named is bids first."""
        return self.trump_method(number) in (
            TrumpMethod.UPCARD,
            TrumpMethod.CUT,
            TrumpMethod.DEALER,
        )

    def allows_notrump_entry(self, number: int) -> bool:
        """An upcard or a cut card always shows a suit: "no trump" is never entered."""
        return self.trump_method(number) in (TrumpMethod.NAMED, TrumpMethod.DEALER)

    def fixed_trump(self, number: int, players: int) -> Suit | None:
        """The trump the rules fix in advance for hand ``number`` (1-based), if any."""
        method = self.trump_method(number)
        if method is TrumpMethod.SCHEDULE:
            return self.trump.schedule[(number - 1) % len(self.trump.schedule)]
        if method is TrumpMethod.NONE:
            return Suit.NOTRUMP
        if method is TrumpMethod.UPCARD and not self.trump_is_entered(number, players):
            return Suit.NOTRUMP
        return None

    def check_fits(self, players: int, *, hint: bool = True) -> None:
        """``check_fits`` of these rules; with ``hint`` the refusal names the fewest packs
        that fit (not for a saved game, whose deck is what it is)."""
        check_fits(self.hands, self.deck, players, hint=hint)

    def check_written(self) -> None:
        """The parts checked against the game's hands (exit 2 when they fail): trump
        exceptions name hands of the game, a formula scores every hand."""
        self.trump.check(self.hands)
        self.scoring.check(self.hands)

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
    def from_json(
        cls, data: dict[str, object], *, schema: int = 2, players: int | None = None
    ) -> "RuleSet":
        """The rules of a game file of ``schema``; a file of schema 1 scored under the old
        ``progressive`` keeps its totals (``OLD_PROGRESSIVE``).

        The cheap checks come first: the hands and the deck (and, given ``players``, that
        they fit) before the hook, the trump rule and the formula are read. A formula is
        read, not worked out for every hand: that is done when rules are made
        (``check_written``); a game read scores the hands it holds as it replays them."""
        hands = data["hands"]
        deck = data["deck"]
        if not isinstance(hands, list) or not 1 <= len(hands) <= MAX_HANDS:
            raise ValueError(
                _("rules.hands must list 1 to {max_hands} hands").format(max_hands=MAX_HANDS)
            )
        if not all(type(n) is int and 1 <= n <= MAX_CARDS for n in hands):
            raise ValueError(
                _("rules.hands must hold whole numbers of cards, 1 to {max_cards}").format(
                    max_cards=MAX_CARDS
                )
            )
        if type(deck) is not int or not 3 <= deck <= MAX_DECK:
            raise ValueError(
                _("rules.deck must be a whole number of cards, 3 to {max_deck}").format(
                    max_deck=MAX_DECK
                )
            )
        if players is not None:
            check_fits(tuple(hands), deck, players, hint=False)  # a file's deck is not an option
        name = data["preset"]
        if not isinstance(name, str) or not is_id(name):  # a preset's or a house rule's name
            raise ValueError(_("rules.preset is not the name of a preset or a house rule"))
        rules = cls(
            preset=name,
            hands=tuple(hands),
            hook=Hook.parse(str(data["hook"])),
            trump=Trump.parse(str(data["trump"])),
            scoring=Scoring.parse(upgraded_scoring(str(data["scoring"]), schema)),
            deck=deck,
        )
        rules.trump.check(rules.hands)
        return rules


def check_fits(hands: tuple[int, ...], deck: int, players: int, *, hint: bool = True) -> None:
    """rules.md, "Rule parameters": 3 players at least, and every hand must fit the deck,
    n * N <= D: the limit is the cards, not the count of players (8 play on one pack at
    hands up to 6). With ``hint`` the refusal names both ways out: the fewest packs that
    deal it (``RulesDontFit.packs``) and the largest hand this deck deals
    (``RulesDontFit.most``)."""
    if players < MIN_PLAYERS:
        raise BadPlayers(
            _("Oh Hell needs at least {min_players} players; {players} given").format(
                min_players=MIN_PLAYERS, players=players
            )
        )
    largest = max(hands)
    needed = largest * players
    if needed <= deck:
        return
    packs = next((k for k in range(1, MAX_PACKS + 1) if k * PACK >= needed), None)
    packs = packs if hint and packs is not None and packs * PACK > deck else None
    most = deck // players if hint else 0
    raise RulesDontFit(
        _(
            "{largest} cards to each of {players} players needs {largest2} cards; "
            "the deck has {deck}"
        ).format(largest=largest, players=players, largest2=needed, deck=deck),
        packs,
        most or None,
    )


def upgraded_scoring(text: str, schema: int) -> str:
    """``--scoring`` as a file of ``schema`` wrote it, as this version reads it: before
    schema 2, ``progressive`` scored a missed bid as its tricks (rules.md, "Scoring")."""
    if schema < 2 and text.strip().lower() == "progressive":
        return OLD_PROGRESSIVE
    return text


class Preset(NamedTuple):
    """A named rule set, where it comes from, and the player counts it is played with.

    ``pattern`` is its hands pattern as written; ``rules.hands`` is that pattern for a
    table of ``seats`` (``max`` depends on the players, the deck and the trump). A group's
    own rule set (a ``HouseRule``) is offered as a preset too: ``house`` is then set and
    decides the rules for each table size.
    """

    name: str
    source: str  # where the rules come from, in words
    summary: str
    usual_players: str
    rules: RuleSet
    pattern: str
    house: "HouseRule | None" = None
    seats: int = 4  # the table its source describes: rules are explained for it

    def most_players(self, packs: int | None = None) -> int:
        """The most players these rules deal to (rules.md: every hand fits the deck, and
        8 or more need --decks 2), as they are or on ``packs`` packs of 52 (``--decks``);
        from 3 up, every table size to it fits."""
        options = NO_OPTIONS if packs is None else RuleOptions(decks=packs)
        most = MIN_PLAYERS - 1
        for players in range(MIN_PLAYERS, MAX_DECK + 1):
            try:
                # As build_rules makes them, so `new` takes every count said here.
                rules = options.apply(self.for_players(players, options), players, self.pattern)
                rules.check_fits(players, hint=False)
            except (Refused, BadValue):  # too few cards, or a `max` that no longer turns
                return most
            most = players
        return most

    def deck_for(self, players: int) -> int:
        """The deck the preset itself deals to ``players`` (Cartier's 39 cards for 3)."""
        if self.name == "cartier" and players == 3:
            return CARTIER_THREE_PLAYER_DECK
        return self.rules.deck

    def for_players(self, players: int, options: "RuleOptions | None" = None) -> RuleSet:
        """The preset's rules for a table of ``players`` (Cartier's 39-card deck for 3),
        its hands dealt from the deck ``options`` make (``--decks 2``: ``max`` of two
        packs, so that 27 players can play a pattern that turns at ``max``)."""
        if self.house is not None:
            return self.house.rules_for(players)
        rules = self.rules._replace(deck=self.deck_for(players))
        if options is not None:
            rules = rules._replace(deck=options.deck_of(rules.deck))
        return rules._replace(hands=parse_hands(self.pattern, players, rules.deck, rules.trump))


def _preset(
    name: str,
    source: str,
    summary: str,
    usual_players: str,
    rules: tuple[str, str, str, str],
    seats: int,
) -> Preset:
    """A built-in preset from its hands pattern, hook, trump and scoring as typed."""
    pattern, hook, trump, scoring = rules
    parsed_trump = Trump.parse(trump)
    rule_set = RuleSet(
        name,
        parse_hands(pattern, seats, PACK, parsed_trump),
        Hook.parse(hook),
        parsed_trump,
        # A preset's formula is written in its canonical text (tests/test_formula.py holds
        # it so): nothing is parsed while the rules are imported, at every start.
        scheme(scoring) if scoring in SCHEMES else Scoring("", scoring),
        PACK,
    )
    return Preset(name, source, summary, usual_players, rule_set, pattern, seats=seats)


#: The built-in presets, parsed from their forms (domain/forms.py) the way `ohhell new`
#: reads its options, so a preset reads like the command that would play it.
PRESETS: dict[str, Preset] = {name: _preset(name, *row) for name, row in PRESET_FORMS.items()}


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
        _(
            "{name!r} is not a preset: use {presets} or a house rule (`ohhell rules` lists them)"
        ).format(name=Shown(name), presets=", ".join(PRESETS))
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

    def apply(self, rules: RuleSet, players: int, pattern: str) -> RuleSet:
        """``rules`` for ``players`` with each option given replacing its part (values as
        in rules.md). The hands come last, from ``--hands`` or the preset's ``pattern``:
        ``max`` depends on the deck and the trump the options may have changed."""
        if self.hook is not None:
            rules = rules._replace(hook=Hook.parse(self.hook))
        if self.trump is not None:
            rules = rules._replace(trump=Trump.parse(self.trump))
        if self.scoring is not None:
            rules = rules._replace(scoring=Scoring.parse(self.scoring))
        rules = rules._replace(deck=self.deck_of(rules.deck))
        hands = parse_hands(self.hands or pattern, players, rules.deck, rules.trump)
        return rules._replace(hands=hands)

    def deck_of(self, deck: int) -> int:
        """The deck these options make of ``deck`` (``--decks``, ``--deck-size``), checked."""
        if self.decks is not None and self.deck_size is not None:
            raise BadValue(_("give --decks or --deck-size, not both"))
        if self.decks is not None:
            if not 1 <= self.decks <= MAX_PACKS:
                raise BadValue(
                    _("--decks takes 1 to {most} packs, not {decks}").format(
                        most=MAX_PACKS, decks=Shown(self.decks)
                    )
                )
            return PACK * self.decks
        if self.deck_size is not None:
            if not 3 <= self.deck_size <= MAX_DECK:
                raise BadValue(
                    _("--deck-size takes 3 to {max_deck} cards, not {deck_size}").format(
                        max_deck=MAX_DECK, deck_size=Shown(self.deck_size)
                    )
                )
            return self.deck_size
        return deck

    def normal(self) -> "RuleOptions":
        """The same options in their normal form (``FROM:6`` is ``from:6``, ``13-2-13``
        spelled out is ``13-2-13``), so that equal rules make equal files."""
        return self._replace(
            hook=None if self.hook is None else str(Hook.parse(self.hook)),
            hands=None if self.hands is None else normal_hands(self.hands),
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
    chosen = preset(preset_name, house)
    rules = options.apply(chosen.for_players(players, options), players, chosen.pattern)
    rules.check_fits(players)
    rules.check_written()
    return rules


# --- house rules: a group's own rule set under a name --------------------------------

#: Words after `ohhell rules` that are actions, so no house rule may be called so.
RESERVED_NAMES = frozenset({"show", "save", "export", "import", "delete"})


def check_house_name(name: str) -> str:
    """A house rule's name: like a game id, not a built-in preset, not an action word."""
    if not is_id(name):  # written like a game id (docs/scripting.md)
        raise Refused(
            _(
                "{name!r} is not a house rule name: use 1 to 64 lower-case letters, digits and '-'"
            ).format(name=Shown(name))
        )
    if name in PRESETS:
        raise Refused(
            _(
                "{name!r} is a built-in preset and cannot be overwritten; choose another name"
            ).format(name=Shown(name))
        )
    if name in RESERVED_NAMES:
        raise Refused(
            _("{name!r} is a word of `ohhell rules`; choose another name").format(name=Shown(name))
        )
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
        # The values' form is checked before anything is kept.
        options.apply(chosen.rules, chosen.seats, chosen.pattern)
        rule = cls(name, inherited.base, options.normal().over(inherited.options))
        rules = rule.rules_for(MIN_PLAYERS)  # playable by some table
        rules.check_fits(MIN_PLAYERS)
        rules.check_written()
        return rule

    def rules_for(self, players: int) -> RuleSet:
        """The base preset for ``players`` with this rule's options; named after it."""
        base = PRESETS[self.base]
        rules = self.options.apply(base.for_players(players, self.options), players, base.pattern)
        return rules._replace(preset=self.name)

    def summary(self) -> str:
        """What it changes, in the reader's language (`rules --json` asks in English)."""
        changes = ", ".join(
            f"--{k.replace('_', '-')} {v}" for k, v in self.options.to_json().items()
        )
        if changes:
            return _("{base} with {changes}").format(base=self.base, changes=changes)
        return _("the same as {base}").format(base=self.base)

    def as_preset(self) -> Preset:
        base = PRESETS[self.base]
        return Preset(
            self.name,
            f"a house rule based on {base.name}",
            f"house rule: {self.summary()}",
            base.usual_players,
            self.rules_for(base.seats),
            self.options.hands or base.pattern,
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
            raise ValueError(_("not a house rule object"))
        unknown = sorted(set(data) - {"name", "base", *RuleOptions._fields})
        if unknown:
            raise ValueError(_("unknown field {unknown!r}").format(unknown=Shown(unknown[0])))
        name, base = data.get("name"), data.get("base")
        if not isinstance(name, str) or not isinstance(base, str):
            raise ValueError(_("a house rule needs a name and a base preset"))
        if base not in PRESETS:
            raise ValueError(_("base {base!r} is not a built-in preset").format(base=Shown(base)))
        options = RuleOptions.from_json(
            data,
            not_text="hook, hands, trump and scoring are written as text",
            not_number="decks and deck_size are whole numbers",
        )
        return cls.make(name, base, options)
