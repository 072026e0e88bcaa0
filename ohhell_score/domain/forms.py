"""The forms the rule options take, defined once: the presets as typed (their names,
words and rules), the hook's and the hands' forms, the trump methods and the scoring
schemes, each with its words.

`--rules`, `--hook`, `--hands`, `--trump` and `--scoring` say what they take from
here (cli/options.py), completion offers the presets from here (cli/complete.py), and
the questions of `new` name the rules from here (cli/guided.py); the rules
(domain/rules.py) parse and explain these same forms. Cheap to import, since every
command and every TAB reads it: plain text and one enum, nothing of ohhell_score but the
translations (the rules engine, which the help and completion need not load, imports
this).
"""

from enum import Enum
from typing import assert_never

from ohhell_score.i18n import N_, _

#: The most points one `adjust` gives or takes (docs/scripting.md), as much as the
#: largest score a formula may give a hand: what `adjust` takes and a game file keeps.
MAX_ADJUST = 1_000_000

#: The built-in presets (docs/rules.md, "Presets", where each source is cited), in the
#: order every list gives them: where the rules come from, the summary, the table it is
#: usually played by (how many it fits is worked out from its rules), its hands pattern,
#: hook, trump and scoring as `ohhell new` reads them
#: (domain/rules.py parses each into its rules), and the table its source describes.
PRESET_FORMS: dict[str, tuple[str, str, str, tuple[str, str, str, str], int]] = {
    "cartier": (
        N_("the rules of the Cartier Oh Hell tournament"),
        N_("The Cartier tournament: 13 down to 2 and back up, highest bidder names trump"),
        N_("4 (or 3, with a 39-card deck)"),
        ("13-2-13", "always", "named", "standard"),
        4,
    ),
    "ten-to-one": (
        N_("a club's house rules for five players"),
        N_("10 cards down to 1, trump by a fixed cycle, hook on hands of 6 or more"),
        N_("5"),
        ("10-1", "from:6", "schedule:H,C,S,D,N", "standard"),
        5,  # "played with 5 players"
    ),
    "classic": (
        N_("the family game Up and Down the River"),
        N_("Up and down the river: 10 down to 1 and back up, upcard trump"),
        N_("4"),
        ("10-1-10", "always", "upcard", "standard"),
        4,
    ),
    "regional": (
        N_("the game as played in West Virginia, South Carolina, rural Maryland and Pennsylvania"),
        N_("As many cards as the deck allows down to 1 and back up, upcard trump, no hook"),
        N_("4; 6 or more play best with --decks 2 or --deck-size 63"),
        ("max-1-max", "never", "upcard", "standard"),
        4,
    ),
    "nomination-whist": (
        N_("Nomination Whist as nommy.co.uk gives it"),
        N_("10 down to 1 and back up, trump by the cycle spades, hearts, clubs, diamonds, none"),
        N_("4"),
        ("10-1-10", "always", "schedule:S,H,C,D,N", "standard"),
        4,
    ),
    "kachuful": (
        N_("Kachuful, or Judgement, from India, as Wikipedia's Kachufool page gives it"),
        N_(
            "1 card up to as many as the deck allows, trump spades, diamonds, clubs, hearts; "
            "only an exact bid scores, 10 + the bid"
        ),
        N_("4"),
        ("1-max", "always", "schedule:S,D,C,H", "exact"),
        4,
    ),
    "boerenbridge": (
        N_("Boerenbridge from the Netherlands, as kaartspeluitleg.nl gives it"),
        N_(
            "1 up to 8, the 8 twice (the second without trump), back down to 1; "
            "5 + tricks made, minus a point a trick off"
        ),
        N_("4"),
        ("1-8,8-1", "never", "upcard+9=none", "made: 5+t; missed: -d"),
        4,
    ),
}
PRESET_NAMES = tuple(PRESET_FORMS)
DEFAULT_PRESET = "classic"


def preset_summary(name: str) -> str:
    """A preset's summary in the reader's language, as completion offers it beside the
    name and the preset question of `new` shows it."""
    return _(PRESET_FORMS[name][1])


#: What ``--hook`` takes. The forms are typed as they are in every language.
HOOK_FORMS = ("always", "never", "from:K")
#: What ``--hands`` takes, by example; only the "or" is translated.
HANDS_FORMS = N_("13-2-13, 10-1, 1-7-1, 7,7,6, 1-7,7-1 or max-1-max")


def hook_choices() -> str:
    """What ``--hook`` takes, in words: ``always, never or from:K``."""
    *first, last = HOOK_FORMS
    return _("{one} or {other}").format(one=", ".join(first), other=last)


def hands_choices() -> str:
    """What ``--hands`` takes, by example: ``13-2-13, 10-1, ... or max-1-max``."""
    return _(HANDS_FORMS)


class _Worded:
    """Words for each member of an enum, from the member's ``_words``: phrases without
    the full stop, so each view ends the sentence its own way."""

    def _words(self) -> tuple[str, str]:
        raise NotImplementedError

    @property
    def description(self) -> str:
        """As `ohhell rules NAME` explains the rules (in the reader's language)."""
        return _(self._words()[0])

    @property
    def sheet_note(self) -> str:
        """Shorter, as the notes under a printed blank score sheet say it."""
        return _(self._words()[1])


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
        followed by its cycle of suits, after a colon), marked for translation: the
        properties translate them. A new method is a new member and its case here:
        mypy's ``assert_never`` says when one is missing."""
        match self:
            case TrumpMethod.NAMED:
                return (
                    N_(
                        "after the bids, the highest bidder names a suit or no trump; on "
                        "equal bids the first of them in bidding order names it"
                    ),
                    N_(
                        "after the bids, the highest bidder names it (first in bidding order "
                        "on equal bids); write it in"
                    ),
                )
            case TrumpMethod.UPCARD:
                return (
                    N_(
                        "after the deal the next card is turned up and its suit is trump; a "
                        "hand that deals every card is played without trump"
                    ),
                    N_(
                        "the card turned up after the deal; write its suit in (NT: every card "
                        "dealt, no trump)"
                    ),
                )
            case TrumpMethod.CUT:
                return (
                    N_(
                        "the pack is cut (or the dealer's last card shown) before the bids: "
                        "its suit"
                    ),
                    N_("the suit of the cut card, before the bids; write it in"),
                )
            case TrumpMethod.SCHEDULE:
                return (
                    N_("a fixed cycle by hand, repeating"),
                    N_("fixed by the hand's number, as printed"),
                )
            case TrumpMethod.DEALER:
                return (
                    N_(
                        "the dealer names a suit or no trump before the bids, before seeing "
                        "the cards"
                    ),
                    N_("the dealer names it before the bids; write it in"),
                )
            case TrumpMethod.NONE:
                return (
                    N_("none; every hand is played without trump"),
                    N_("none; every hand is played without trump"),
                )
            case _:
                assert_never(self)

    @classmethod
    def choices(cls) -> str:
        """What ``--trump`` takes: ``named, upcard, ... or schedule:H,C,S,D,N``."""
        named = [m.value for m in cls if m is not cls.SCHEDULE]
        return _("{methods} or {schedule}; exceptions after +, e.g. {example}").format(
            methods=", ".join(named),
            schedule=f"{cls.SCHEDULE.value}:H,C,S,D,N",
            example="upcard+max=none",
        )


#: The named schemes (rules.md, "Scoring"): each a name for a formula, with its words
#: for `ohhell rules` and for the notes under a printed sheet. One table: a new scheme is
#: a new row.
SCHEMES: dict[str, tuple[str, str, str]] = {
    "standard": (
        "made: 10+t; missed: t",
        N_("a made bid scores 10 + tricks; a missed bid scores the tricks taken"),
        N_("bid made, 10 + tricks; bid missed, the tricks taken"),
    ),
    "exact": (
        "made: 10+b; missed: 0",
        N_("a made bid scores 10 + the bid; a missed bid scores nothing"),
        N_("bid made, 10 + the bid; bid missed, nothing"),
    ),
    "minus": (
        "made: 10+t; missed: -d",
        N_("a made bid scores 10 + tricks; a missed bid loses one point a trick off"),
        N_("bid made, 10 + tricks; bid missed, minus one a trick off"),
    ),
    "progressive": (
        "made: 10+b^2; missed: -(d^2)",
        N_(
            "a made bid scores 10 + the bid squared; a missed bid loses the square of the "
            "tricks off"
        ),
        N_("bid made, 10 + the bid squared; bid missed, minus the tricks off squared"),
    ),
    "penalty": (
        "made: 10+b; missed: -b",
        N_("a made bid scores 10 + the bid; a missed bid loses the bid"),
        N_("bid made, 10 + the bid; bid missed, minus the bid"),
    ),
    "tenfold": (
        "made: 10*b; missed: 0",
        N_("a made bid scores 10 times the bid; a missed bid scores nothing"),
        N_("bid made, 10 × the bid; bid missed, nothing"),
    ),
}


def scoring_choices() -> str:
    """What ``--scoring`` takes: ``standard, exact, ... or a formula``."""
    return _("{schemes} or a formula such as {example}").format(
        schemes=", ".join(SCHEMES), example="'made: 10+b; missed: -b'"
    )
