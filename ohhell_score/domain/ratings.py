"""Ratings across games: who is strongest, weighing whom each result was against.

Each finished game is one free-for-all match of the players seated at its end, ranked
by final total (equal totals tied), rated with openskill's Plackett-Luce model at its
defaults (mu 25, sigma 25/3): a player's skill is a belief, mu its middle and sigma how
unsure it still is, and the rating shown is the cautious ``mu - 3 * sigma``, so a
newcomer starts at 0 and climbs as games make the belief surer. Games are taken in the
order they were finished (the time of their last entry, then the game id). The same
person is the same name after Unicode NFC and ``str.casefold``; the spelling of their
latest game is shown. Pure: the facts come from ``domain.stats`` (kept between runs by
the statistics cache), openskill does the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

from ohhell_score.domain.names import composed
from ohhell_score.domain.stats import SEATED, TOTAL, GameFacts, by_preset_and_day

#: Fewer rated games than this and a rating is provisional: still mostly the prior.
PROVISIONAL_BELOW = 3


def person(name: str) -> str:
    """The key that makes two spellings of a name the same person."""
    return composed(name).casefold()


class Step(NamedTuple):
    """A player's rating after one game."""

    number: int  # the game's place among the games rated, from 1
    game: str
    ended: str
    mu: float
    sigma: float
    total: int
    won: bool

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


class Rated(NamedTuple):
    """One player over the games rated: where they stand and how they got there."""

    name: str
    steps: tuple[Step, ...]

    @property
    def mu(self) -> float:
        return self.steps[-1].mu

    @property
    def sigma(self) -> float:
        return self.steps[-1].sigma

    @property
    def rating(self) -> float:
        return self.steps[-1].rating

    @property
    def games(self) -> int:
        return len(self.steps)

    @property
    def wins(self) -> int:
        return sum(s.won for s in self.steps)

    @property
    def change(self) -> float:
        """What their last game moved their rating by (the first from the start, 0)."""
        before = self.steps[-2].rating if len(self.steps) > 1 else 0.0
        return self.rating - before

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_BELOW

    def history_to_json(self) -> dict[str, object]:
        """``ratings --history NAME --json``: the player, and their rating after each
        game they were rated in, oldest first (the numbers as ``to_json`` rounds them)."""
        return {
            "name": self.name,
            "games": [
                {
                    "game": s.game,
                    "ended": s.ended,
                    "total": s.total,
                    "won": s.won,
                    "rating": round(s.rating, 6),
                    "mu": round(s.mu, 6),
                    "sigma": round(s.sigma, 6),
                }
                for s in self.steps
            ],
        }

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "rating": round(self.rating, 6),
            "mu": round(self.mu, 6),
            "sigma": round(self.sigma, 6),
            "games": self.games,
            "wins": self.wins,
        }


class Ladder(NamedTuple):
    games: int
    players: tuple[Rated, ...]  # best first

    def to_json(self) -> dict[str, object]:
        return {"games": self.games, "players": [p.to_json() for p in self.players]}

    def find(self, name: str) -> Rated | None:
        key = person(name.strip())
        return next((p for p in self.players if person(p.name) == key), None)


def _moment(when: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(when)
    except ValueError:
        return None
    return moment.astimezone()  # a time without an offset is local, as `now()` writes


def _order(game: GameFacts) -> tuple[float, str]:
    moment = _moment(game.ended)
    return (moment.timestamp() if moment else 0.0, game.id)


def _finished_on(game: GameFacts) -> str:
    """The local day the game was finished, ``YYYY-MM-DD``."""
    moment = _moment(game.ended)
    return moment.date().isoformat() if moment else game.ended[:10]


def rate(
    games: Iterable[GameFacts], preset: str | None = None, since: date | None = None
) -> Ladder:
    """Rate the finished games of ``preset`` finished on ``since`` or later, in order."""
    passes = by_preset_and_day(preset, since, _finished_on)
    kept = [g for g in games if g.finished and passes(g)]
    kept.sort(key=_order)
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}  # person -> their openskill rating
    steps: dict[str, list[Step]] = {}
    names: dict[str, str] = {}
    rated = 0
    for game in kept:
        seated = [(p, s[TOTAL]) for p, s in zip(game.players, game.seats, strict=True) if s[SEATED]]
        if len(seated) < 2:  # a match needs two
            continue
        rated += 1
        keys = [person(p) for p, _total in seated]
        teams = [[current.get(k) or model.rating(name=k)] for k in keys]
        after = model.rate(teams, ranks=[float(-total) for _p, total in seated])
        top = max(total for _p, total in seated)
        for (name, total), key, [new] in zip(seated, keys, after, strict=True):
            current[key] = new
            names[key] = name  # games come in order: the latest spelling is the last
            step = Step(rated, game.id, game.ended, new.mu, new.sigma, total, total == top)
            steps.setdefault(key, []).append(step)
    players = [Rated(names[k], tuple(s)) for k, s in steps.items()]
    players.sort(key=lambda p: (-p.rating, person(p.name)))
    return Ladder(rated, tuple(players))
