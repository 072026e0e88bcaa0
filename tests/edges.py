"""One table of edge cases, read by the tests of every surface that shows a game or a
tournament (tests/test_edges.py): the terminal, `play`'s prompt, the exports and the
board, phone and hall, and a tournament player's own page. A new surface gets its test
parametrised over ``GAMES`` and ``TOURNAMENTS`` and so meets every edge the others meet.

Each case is made through the real commands (``ohhell`` in-process, as a scorer types
them) and says what a user must see of it as values: the forbidden bid, the cards of the
hand, the totals, who leads or wins, who is tied for the last place that goes on. Each
surface's test turns those values into what it shows; no case holds a surface's words.

The edges: the dealer's forbidden bid of 0 and of n (with 2 cards and with 1), a hand
of 1 card, a player with 0, totals below zero (a hand's and a penalty's), a tie for
first (leading, winning, three ways at 0, in a game finished early), and at a
tournament's table a tie for first where both go on, a tie for the last place that goes
on, a tie for first in the final (no champion) and a champion by one point.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

#: The id of every game of the table, and the name of every tournament.
GAME = "edge"
CUP = "cup"

NEW = ("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", GAME)
#: Hand 1 (2 cards, Ann deals): Ann and Bob make 1, Cat bid 1 and took none.
HAND_1 = (("bid", "Bob=1", "Cat=1", "Ann=1"), ("tricks", "Bob=1", "Cat=0", "Ann=1"))


class Runs(Protocol):
    """What runs a command line (tests.conftest's ``Ohhell``)."""

    def ok(self, *args: str) -> str: ...


class Seen(NamedTuple):
    """What a user must see of a game, as values."""

    #: The hand being played: its number, cards and dealer (None: the game is over).
    hand: int | None
    cards: int | None
    dealer: str | None
    #: Who is to bid now (None: no bid is asked).
    to_bid: str | None
    #: The dealer's forbidden bid, when the dealer is to bid and the hook binds.
    forbidden: int | None
    #: Every player's total, in seat order.
    totals: dict[str, int]
    #: The leaders (the winners once the game is over); none before a hand is scored.
    first: tuple[str, ...]
    finished: bool
    #: How many hands are scored (a game finished early: fewer than it has).
    played: int


class Edge(NamedTuple):
    """A game at an edge: how it is made and what must be seen of it."""

    name: str
    commands: tuple[tuple[str, ...], ...]
    seen: Seen

    def make(self, ohhell: Runs) -> None:
        for args in self.commands:
            ohhell.ok(*args)


ZEROS = {"Ann": 0, "Bob": 0, "Cat": 0}
AFTER_1 = {"Ann": 11, "Bob": 11, "Cat": 0}
MINUS_END = {"Ann": 21, "Bob": 21, "Cat": -2}

GAMES = [
    Edge(
        "the dealer may not bid 0",
        (NEW, ("bid", "Bob=1", "Cat=1")),
        Seen(1, 2, "Ann", "Ann", 0, ZEROS, (), False, 0),
    ),
    Edge(
        "the dealer may not bid n",
        (NEW, ("bid", "Bob=0", "Cat=0")),
        Seen(1, 2, "Ann", "Ann", 2, ZEROS, (), False, 0),
    ),
    Edge(
        "a hand of 1 card, a player with 0, a tie for the lead",
        (NEW, *HAND_1),
        Seen(2, 1, "Bob", "Cat", None, AFTER_1, ("Ann", "Bob"), False, 1),
    ),
    Edge(
        "a hand of 1 card where the dealer may not bid 1",
        (NEW, *HAND_1, ("bid", "Cat=0", "Ann=0")),
        Seen(2, 1, "Bob", "Bob", 1, AFTER_1, ("Ann", "Bob"), False, 1),
    ),
    Edge(
        "a hand of 1 card where the dealer may not bid 0",
        (NEW, *HAND_1, ("bid", "Cat=0", "Ann=1")),
        Seen(2, 1, "Bob", "Bob", 0, AFTER_1, ("Ann", "Bob"), False, 1),
    ),
    Edge(
        "a total below zero",
        ((*NEW, "--scoring", "minus"), *HAND_1),
        Seen(2, 1, "Bob", "Cat", None, {"Ann": 11, "Bob": 11, "Cat": -1}, ("Ann", "Bob"), False, 1),
    ),
    Edge(
        "a tie for first at the end, a total below zero",
        (
            (*NEW, "--scoring", "minus"),
            *HAND_1,
            ("bid", "Cat=0", "Ann=0", "Bob=0"),
            ("tricks", "Cat=1", "Ann=0", "Bob=0"),
        ),
        Seen(
            None, None, None, None, None, {"Ann": 21, "Bob": 21, "Cat": -2}, ("Ann", "Bob"), True, 2
        ),
    ),
    Edge(
        "everyone wins with 0",
        (
            (*NEW, "--scoring", "exact"),
            ("bid", "Bob=1", "Cat=1", "Ann=1"),
            ("tricks", "Bob=2", "Cat=0", "Ann=0"),
            ("bid", "Cat=1", "Ann=1", "Bob=0"),
            ("tricks", "Cat=0", "Ann=0", "Bob=1"),
        ),
        Seen(None, None, None, None, None, ZEROS, ("Ann", "Bob", "Cat"), True, 2),
    ),
    Edge(
        "finished early after the first hand, a tie for first",
        (NEW, *HAND_1, ("finish",)),
        Seen(None, None, None, None, None, AFTER_1, ("Ann", "Bob"), True, 1),
    ),
    Edge(
        "a penalty takes a player below zero",
        (NEW, *HAND_1, ("adjust", "Cat", "-5", "--reason", "revoke")),
        Seen(2, 1, "Bob", "Cat", None, {"Ann": 11, "Bob": 11, "Cat": -5}, ("Ann", "Bob"), False, 1),
    ),
]


class Standing(NamedTuple):
    """What a user must see of a tournament's table at an edge, once it is finished."""

    table: str
    #: Each player's place (1, 2, ...; tied players share the higher) and total.
    places: dict[str, int]
    totals: dict[str, int]
    #: Who is certain to go on from the table: a tie for the last such place leaves the
    #: tied players out until the organiser breaks it; at the final, the champion.
    going_on: tuple[str, ...]
    #: Who is tied for the last place that goes on (in the final: for first).
    tied: tuple[str, ...]
    #: The tournament's champion (None: not decided).
    champion: str | None = None


class Cup(NamedTuple):
    """A tournament with a table at an edge: how it is made and what must be seen."""

    name: str
    commands: tuple[tuple[str, ...], ...]
    seen: Standing


TABLE = f"{CUP}-r1-t1"
FINAL = f"{CUP}-final"
#: Eight players, two tables of four seated as given (A, B, C, D at the first, E, F, G,
#: H at the second), the top two of each going on to the final (seated by the seed).
CUP_NEW = (
    (
        *("tournament", "new", CUP, *"ABCDEFGH"),
        *("--hands", "2,1", "--trump", "none", "--no-shuffle", "--seed", "1"),
    ),
)


def at(table: str, *entries: str) -> tuple[tuple[str, ...], ...]:
    """Entries at a table: "bid B=1 C=0 ..." and the like."""
    return tuple((entry.split()[0], "-g", table, *entry.split()[1:]) for entry in entries)


#: Round 1 played out: B and C tied first at the first table, F and G at the second
#: (a tie for first where two go on decides nothing); then the final is seated.
ROUND_1 = (
    *at(
        TABLE,
        "bid B=1 C=1 D=0 A=1",
        "tricks B=1 C=1 D=0 A=0",
        "bid C=0 D=0 A=0 B=0",
        "tricks C=0 D=0 A=1 B=0",
    ),
    *at(
        f"{CUP}-r1-t2",
        "bid F=1 G=1 H=0 E=1",
        "tricks F=1 G=1 H=0 E=0",
        "bid G=0 H=0 E=0 F=0",
        "tricks G=0 H=0 E=1 F=0",
    ),
)

TOURNAMENTS = [
    Cup(
        "a tie for the last place that goes on",
        CUP_NEW
        + at(
            TABLE,
            "bid B=1 C=0 D=0 A=0",
            "tricks B=1 C=0 D=0 A=1",
            "bid C=0 D=0 A=0 B=0",
            "tricks C=0 D=0 A=1 B=0",
        ),
        Standing(
            TABLE,
            {"B": 1, "C": 2, "D": 2, "A": 4},
            {"A": 2, "B": 21, "C": 20, "D": 20},
            ("B",),
            ("C", "D"),
        ),
    ),
    Cup(
        "a tie for first, both go on",
        CUP_NEW + ROUND_1[:4],
        Standing(
            TABLE,
            {"B": 1, "C": 1, "D": 3, "A": 4},
            {"A": 1, "B": 21, "C": 21, "D": 20},
            ("B", "C"),
            (),
        ),
    ),
    Cup(
        "a tie for first in the final: no champion",
        (
            *CUP_NEW,
            *ROUND_1,
            ("tournament", "advance", CUP),
            *at(
                FINAL,
                "bid F=1 G=1 B=0 C=1",
                "tricks F=1 G=1 B=0 C=0",
                "bid G=0 B=0 C=0 F=0",
                "tricks G=0 B=0 C=1 F=0",
            ),
        ),
        Standing(
            FINAL,
            {"F": 1, "G": 1, "B": 3, "C": 4},
            {"C": 1, "F": 21, "G": 21, "B": 20},
            (),
            ("F", "G"),
        ),
    ),
    Cup(
        "a champion by one point",
        (
            *CUP_NEW,
            *ROUND_1,
            ("tournament", "advance", CUP),
            *at(
                FINAL,
                "bid F=1 G=1 B=0 C=1",
                "tricks F=1 G=1 B=0 C=0",
                "bid G=0 B=0 C=0 F=0",
                "tricks G=1 B=0 C=0 F=0",
            ),
        ),
        Standing(
            FINAL,
            {"F": 1, "B": 2, "G": 3, "C": 4},
            {"C": 10, "F": 21, "G": 12, "B": 20},
            ("F",),
            (),
            "F",
        ),
    ),
]


def place_label(places: dict[str, int], player: str) -> str:
    """A place as the standings write it: "=2" where two or more share it."""
    place = places[player]
    shared = sum(1 for p in places.values() if p == place) > 1
    return f"={place}" if shared else str(place)
