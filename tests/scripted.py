"""Helpers for the CLI and storage tests.

- ``run``/``ok``/``refused``: `ohhell` in-process through typer's CliRunner, with
  exceptions not caught (a traceback fails the test instead of passing as exit 1); in
  a test that uses the fixture ``both_paths`` also through ``entry.main``, the quick
  router first, as the console script runs it (conftest.invoke).
- ``snapshot``: every file of the data directory, byte for byte, to prove a refusal
  changed nothing on disk.
- ``Table``: a model of a game written from docs/scripting.md and docs/rules.md alone. It
  never calls the package's domain code, so the whole-game tests compare the program
  against an independent reading of the specs.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import Result

from tests.conftest import invoke

SUITS = ("spades", "hearts", "diamonds", "clubs")
#: What a scorer may type for each suit (docs/scripting.md: names, `s h d c nt`, symbols).
SUIT_SPELLINGS = {
    "spades": ("spades", "s", "♠", "Spades", "schoppen"),
    "hearts": ("hearts", "h", "♥", "HEARTS", "harten"),
    "diamonds": ("diamonds", "d", "♦", "ruiten"),
    "clubs": ("clubs", "c", "♣", "klaveren"),
    "notrump": ("notrump", "nt", "NT", "sans", "SA", "geen troef", "zt"),
}
SCHEDULE_LETTERS = {
    "H": "hearts",
    "C": "clubs",
    "S": "spades",
    "D": "diamonds",
    "N": "notrump",
}


def run(*args: str) -> Result:
    # The program as the console script runs it, built once (conftest.invoke).
    result: Result = invoke(list(args), catch_exceptions=False)
    return result


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def sheet(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("show", "--json", *args))
    return data


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes ({} when the folder does not exist)."""
    if not folder.exists():
        return {}
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def refused(folder: Path, *args: str, code: int = 1) -> str:
    """Run a command that must be refused: the exit code, and nothing on disk changed.

    A refusal (exit 1) says what and why in one line on stderr and prints nothing on
    stdout (docs/scripting.md, "Exit status").
    """
    before = snapshot(folder)
    result = run(*args)
    assert result.exit_code == code, (args, result.exit_code, result.stdout, result.stderr)
    assert snapshot(folder) == before, f"{args} changed the data directory"
    if code == 1:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].strip(), (args, result.stderr)
        assert result.stdout == "", (args, result.stdout)
    return result.stderr


# --- the model -----------------------------------------------------------------------

#: docs/rules.md, "Presets": the hands of each preset, written out in full.
CARTIER_HANDS = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
TEN_TO_ONE_HANDS = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
CLASSIC_HANDS = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
PRESET_RULES: dict[str, dict[str, Any]] = {
    "cartier": {"hands": CARTIER_HANDS, "hook": "always", "trump": "named"},
    "ten-to-one": {"hands": TEN_TO_ONE_HANDS, "hook": "from:6", "trump": "schedule:H,C,S,D,N"},
    "classic": {"hands": CLASSIC_HANDS, "hook": "always", "trump": "upcard"},
}


@dataclass
class Table:
    """A game as the specs describe it, with what has been entered so far."""

    id: str
    preset: str
    players: list[str]
    hands: list[int]
    hook: str
    trump: str
    scoring: str
    deck: int
    first: int = 0
    bids: list[dict[str, int]] = field(default_factory=list)
    tricks: list[dict[str, int]] = field(default_factory=list)
    trumps: list[str | None] = field(default_factory=list)
    #: docs/seats.md `seat ...`: (hands scored then, kind, name, other name, carry or score)
    changes: list[tuple[int, str, str, str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        count = len(self.hands)
        self.bids = self.bids or [{} for _ in range(count)]
        self.tricks = self.tricks or [{} for _ in range(count)]
        self.trumps = self.trumps or [None] * count

    # docs/seats.md, `seat replace/leave/join`
    def replace(self, old: str, new: str, carry: bool = False) -> None:
        self.changes.append((self._at(), "replace", old, new, int(carry)))

    def leave(self, name: str) -> None:
        self.changes.append((self._at(), "leave", name, "", 0))

    def join(self, name: str, after: str | None = None, score: int = 0) -> None:
        self.changes.append(
            (self._at(), "join", name, after or self.seating(self._at())[-1], score)
        )

    def _at(self) -> int:
        k = self.current()
        return len(self.hands) if k is None else k

    def _walk(self) -> list[tuple[list[str], str]]:
        """Each hand's seating and dealer. Chairs are one-item lists, so that a chair
        keeps its identity while others are put in before it; an empty chair (someone
        left) keeps its place: the deal passes it by."""
        chairs: list[list[str | None]] = [[p] for p in self.players]
        dealer_chair = chairs[self.first]
        out: list[tuple[list[str], str]] = []
        for k in range(len(self.hands)):
            for at, kind, name, other, _ in self.changes:
                if at != k:
                    continue
                if kind == "replace":
                    next(c for c in chairs if c[0] == name)[0] = other
                elif kind == "leave":
                    next(c for c in chairs if c[0] == name)[0] = None
                else:
                    where = next(i for i, c in enumerate(chairs) if c[0] == other)
                    chairs.insert(where + 1, [name])
            # by identity: two empty chairs are equal lists
            at_chair = next(i for i, c in enumerate(chairs) if c is dealer_chair)
            # before hand 1 the first dealer's chair itself; later the chair after the last
            step = 0 if k == 0 else 1
            while chairs[(at_chair + step) % len(chairs)][0] is None:
                step += 1
            dealer_chair = chairs[(at_chair + step) % len(chairs)]
            out.append(([c[0] for c in chairs if c[0] is not None], str(dealer_chair[0])))
        return out

    def seating(self, k: int) -> list[str]:
        """Who sits at hand k (0-based), clockwise from seat 1."""
        return self._walk()[min(k, len(self.hands) - 1)][0]

    # docs/rules.md, "What a hand looks like"
    def dealer(self, k: int) -> str:
        """Hand k (0-based) is dealt by seat (first + k) mod N, seat changes aside."""
        return self._walk()[k][1]

    def order(self, k: int) -> list[str]:
        """Bidding starts left of the dealer and goes clockwise; the dealer bids last."""
        seated = self.seating(k)
        seat = seated.index(self.dealer(k))
        n = len(seated)
        return [seated[(seat + 1 + i) % n] for i in range(n)]

    def hook_applies(self, cards: int) -> bool:
        if self.hook == "never":
            return False
        if self.hook == "always":
            return True
        return cards >= int(self.hook.split(":")[1])

    def forbidden(self, k: int) -> int | None:
        """The dealer's forbidden bid when the dealer is next to bid, else None."""
        cards = self.hands[k]
        order = self.order(k)
        if len(self.bids[k]) != len(order) - 1 or not self.hook_applies(cards):
            return None
        rest = cards - sum(self.bids[k].values())
        return rest if 0 <= rest <= cards else None

    # docs/rules.md, "Trump"
    @property
    def method(self) -> str:
        return self.trump.split(":")[0]

    def trump_entered(self, k: int) -> bool:
        if self.method == "upcard":
            return self.hands[k] * len(self.seating(k)) < self.deck
        return self.method in ("named", "cut", "dealer")

    def fixed_trump(self, k: int) -> str | None:
        if self.method == "schedule":
            letters = self.trump.split(":")[1].split(",")
            return SCHEDULE_LETTERS[letters[k % len(letters)]]
        if self.method == "none":
            return "notrump"
        if self.method == "upcard" and not self.trump_entered(k):
            return "notrump"
        return None

    def trump_of(self, k: int) -> str | None:
        return self.trumps[k] or self.fixed_trump(k)

    def trump_first(self) -> bool:
        return self.method in ("upcard", "cut", "dealer")

    def namer(self, k: int) -> str | None:
        """Under `dealer` the dealer; under `named` the first highest bidder, once all bid."""
        if self.method == "dealer":
            return self.dealer(k)
        if self.method == "named" and len(self.bids[k]) == len(self.seating(k)):
            top = max(self.bids[k].values())
            return next(p for p in self.order(k) if self.bids[k][p] == top)
        return None

    # docs/rules.md, "Scoring"
    def score(self, bid: int, took: int) -> int:
        made = bid == took
        if self.scoring == "standard":
            return 10 + took if made else took
        if self.scoring == "exact":
            return 10 + bid if made else 0
        if self.scoring == "minus":
            return 10 + took if made else -abs(took - bid)
        assert self.scoring == "progressive"  # docs/rules.md "Scoring": pagat.com's rule
        return 10 + bid * bid if made else -((took - bid) ** 2)

    # where the game stands
    def current(self) -> int | None:
        return next((k for k in range(len(self.hands)) if not self.tricks[k]), None)

    def step(self) -> tuple[str, str | None] | None:
        """The next step and the player of it (docs/scripting.md, `next.step`/`next.player`)."""
        k = self.current()
        if k is None:
            return None
        needs_trump = self.trump_entered(k) and self.trumps[k] is None
        if needs_trump and self.trump_first():
            return "trump", self.dealer(k) if self.method == "dealer" else None
        if len(self.bids[k]) < len(self.seating(k)):
            return "bid", self.order(k)[len(self.bids[k])]
        if needs_trump:
            return "trump", self.namer(k)
        return "tricks", None

    def scores(self, k: int) -> dict[str, int]:
        if not self.tricks[k]:
            return {}
        return {p: self.score(self.bids[k][p], self.tricks[k][p]) for p in self.seating(k)}

    def _ledger(self) -> tuple[dict[str, int], list[dict[str, Any]], list[dict[str, Any]]]:
        """Totals of everyone who sat (hand scores, points given, carried in and out), and
        the `left` and `carried` lists, hand by hand."""
        points = {p: 0 for p in self.players}
        left: list[dict[str, Any]] = []
        carried: list[dict[str, Any]] = []
        for k in range(len(self.hands) + 1):
            for at, kind, name, other, number in self.changes:
                if at != k:
                    continue
                if kind == "replace":
                    points.setdefault(other, 0)
                    if number:
                        carried.append(
                            {"from": name, "to": other, "points": points[name], "after_hand": k}
                        )
                        points[other] += points[name]
                        points[name] = 0
                elif kind == "leave":
                    left.append({"name": name, "after_hand": k})
                else:
                    points[name] = points.get(name, 0) + number
            if k < len(self.hands):
                for p, s in self.scores(k).items():
                    points[p] += s
        return points, left, carried

    def totals(self) -> dict[str, int]:
        """Seated players, and the others who played a hand or were given points."""
        points, _, carried = self._ledger()
        now = self.seating(self._at())
        played = {p for k in range(len(self.hands)) for p in self.scores(k)}
        given = {c[2] for c in self.changes if c[1] == "join" and c[4]}
        given |= {c["to"] for c in carried}
        return {p: t for p, t in points.items() if p in now or p in played or p in given}

    def expected(self) -> dict[str, Any]:
        """`show --json` exactly as docs/scripting.md describes it."""
        k = self.current()
        step = self.step()
        totals = self.totals()
        nxt = None
        if k is not None and step is not None:
            nxt = {
                "hand": k + 1,
                "cards": self.hands[k],
                "dealer": self.dealer(k),
                "step": step[0],
                "player": step[1],
                "forbidden_bid": self.forbidden(k) if step[0] == "bid" else None,
                "trump_namer": self.namer(k),
            }
        now = self.seating(self._at())
        top = max(totals[p] for p in now)
        _, left, carried = self._ledger()
        return {
            "id": self.id,
            "rules": {
                "preset": self.preset,
                "hook": self.hook,
                "trump": self.trump,
                "scoring": self.scoring,
                "hands": self.hands,
                "deck": self.deck,
            },
            "players": now,
            "hands": [
                {
                    "number": i + 1,
                    "cards": cards,
                    "players": self.seating(i),
                    "dealer": self.dealer(i),
                    "trump": self.trump_of(i),
                    "bids": self.bids[i],
                    "tricks": self.tricks[i],
                    "scores": self.scores(i),
                }
                for i, cards in enumerate(self.hands)
            ],
            "totals": totals,
            "next": nxt,
            "finished": k is None,
            "winners": [p for p in now if totals[p] == top] if k is None else [],
            "left": left,
            "carried": carried,
        }


def spell_name(name: str, rng: random.Random) -> str:
    """A player's name as a scorer might type it: as is, lower or upper case."""
    return rng.choice((name, name.lower(), name.upper()))


def legal_bid(table: Table, rng: random.Random) -> int:
    k = table.current()
    assert k is not None
    cards = table.hands[k]
    forbidden = table.forbidden(k)
    choices = [b for b in range(cards + 1) if b != forbidden]
    # Small bids are what tables make most; a few high ones keep `named` ties honest.
    weights = [max(1, cards - b) for b in choices]
    return rng.choices(choices, weights)[0]


def tricks_for(table: Table, rng: random.Random) -> dict[str, int]:
    """Tricks adding up to n, near the bids so that bids are both made and missed."""
    k = table.current()
    assert k is not None
    cards = table.hands[k]
    took = dict(table.bids[k])
    while sum(took.values()) > cards:
        p = rng.choice([p for p in took if took[p] > 0])
        took[p] -= 1
    while sum(took.values()) < cards:
        took[rng.choice(list(took))] += 1
    if rng.random() < 0.3:  # a trick changes hands: two bids missed
        giver = rng.choice([p for p in took if took[p] > 0])
        taker = rng.choice([p for p in took if p != giver])
        took[giver] -= 1
        took[taker] += 1
    return took
