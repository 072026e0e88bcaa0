"""What the play loop needs beyond the commands' own actions: the game as a prompt sees
it, and the tricks typed so far in a hand.

Every answer ``play`` saves goes through the same action as the command that enters it
(``entries.enter_bids`` for `bid`, ``seats.replace`` for `seat replace`...), given the
``Seen`` of its prompt: the entries the prompt was asked on and the tricks typed so far.
Under the game's lock the action checks both against the files as they are now, and
when another terminal changed either meanwhile it stores nothing and raises
``GameChanged``: the loop asks again from where the game now stands.

The domain records a hand's tricks as one entry (all players at once). The tricks typed
so far in a hand are kept beside the game, in ``<id>.tricks`` (``storage/drafts.py``),
tied to the exact entries they were typed for, until the last player's tricks complete
the hand (``entries.enter_tricks`` forgets them).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import NamedTuple, Protocol

from ohhell_score.domain.errors import GameChanged
from ohhell_score.domain.game import Entry, Game, Progress, Step
from ohhell_score.storage import drafts, games


class Guard(Protocol):
    """What an entry is made on, checked under the game's lock before it is saved: a
    prompt's ``Seen``, a phone's version (actions/phones.py)."""

    def check(self, now: Progress) -> None:
        """Raise (``GameChanged``, or another refusal) unless ``now`` is what was seen."""


class Seen(NamedTuple):
    """What a prompt was asked on: the game's entries, and the tricks typed so far."""

    entries: tuple[Entry, ...]
    typed: Mapping[str, int]

    def check(self, now: Progress) -> None:
        """``GameChanged`` unless the game and its typed tricks are what the prompt saw."""
        if now.game.entries != self.entries or typed_tricks(now) != dict(self.typed):
            raise GameChanged()


def at_table(game_id: str) -> tuple[Progress, dict[str, int]]:
    """The game as it is now, and the tricks typed so far in its current hand."""
    prog = games.load_progress(game_id)
    return prog, typed_tricks(prog)


def seen(prog: Progress, typed: Mapping[str, int]) -> Seen:
    return Seen(prog.game.entries, dict(typed))


def fingerprint(game: Game) -> str:
    """The entries a draft was typed for: any change to them makes the draft stale."""
    return hashlib.sha256(repr(game.entries).encode()).hexdigest()[:20]


def typed_tricks(prog: Progress) -> dict[str, int]:
    """The tricks typed so far for the current hand, in bidding order; stale ones are {}."""
    game, hand = prog.game, prog.current
    if hand is None or prog.next is None or prog.next.step is not Step.TRICKS:
        return {}
    data = drafts.read(game.id)
    try:
        if data["for"] != fingerprint(game):
            return {}
        typed = [(str(p), int(t)) for p, t in data["tricks"]]
    except (ValueError, KeyError, TypeError):
        return {}
    names = [p for p, _ in typed]
    if names != list(hand.order[: len(names)]) or len(names) >= len(hand.order):
        return {}
    if any(t < 0 for _, t in typed) or sum(t for _, t in typed) > hand.cards:
        return {}
    return dict(typed)


def checked(seen: Guard, edit: Callable[[Progress], Progress]) -> Callable[[Progress], Progress]:
    """``edit``, made only on the game as ``seen`` saw it (run under the game's lock)."""

    def run(now: Progress) -> Progress:
        seen.check(now)
        return edit(now)

    return run


def type_tricks(game_id: str, seen: Seen, typed: Mapping[str, int]) -> None:
    """The tricks typed so far become ``typed``, if the game and the typed tricks are
    still what the prompt saw (under the game's lock)."""

    def draft(now: Progress) -> object:
        seen.check(now)
        return {"for": fingerprint(now.game), "tricks": list(typed.items())}

    drafts.replace(game_id, draft)
