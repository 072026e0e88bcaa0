"""Completion of values for the shells: game ids, presets, players, suits, tournaments.

The shell runs ``ohhell`` afresh on every TAB, so each of these stays cheap: game ids
come from file names, players from one game file's ``players`` field (no replay), and
nothing here imports rich or the rules engine unless the value needs it.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from . import store
from .errors import Refused

#: The suits as ``ohhell trump`` takes them, with what a shell shows beside each.
SUITS = (
    ("spades", "♠"),
    ("hearts", "♥"),
    ("diamonds", "♦"),
    ("clubs", "♣"),
    ("notrump", "no trump"),
)


def game_ids() -> list[str]:
    """Every saved game's id, from the file names alone."""
    return sorted(path.stem for path in store.game_files())


def complete_game(incomplete: str) -> list[str]:
    """``-g/--game``: the saved games' ids."""
    return [gid for gid in game_ids() if gid.startswith(incomplete)]


def complete_preset(incomplete: str) -> list[tuple[str, str]]:
    """``--rules`` and ``ohhell rules NAME``: the presets, each with its summary."""
    from .rules import PRESETS

    word = incomplete.strip().lower()
    return [(name, p.summary) for name, p in PRESETS.items() if name.startswith(word)]


def complete_suit(incomplete: str) -> list[tuple[str, str]]:
    """``ohhell trump SUIT``: the suit names (the short forms are for typing, not offering)."""
    word = incomplete.strip().lower()
    return [(name, shown) for name, shown in SUITS if name.startswith(word)]


def players_of(game_id: str | None) -> list[str]:
    """The players of a game, read from its file without replaying it; [] if unreadable."""
    try:
        gid = store.resolve_id(game_id)
        data = json.loads(store.game_path(gid).read_bytes())
        players = data["players"]
    except (OSError, ValueError, KeyError, TypeError, Refused):
        return []
    if not isinstance(players, list):
        return []
    return [p for p in players if isinstance(p, str)]


def complete_assignments(ctx: typer.Context, incomplete: str) -> list[str]:
    """``NAME=`` for ``bid``, ``tricks`` and ``edit``: the players of the current game (or
    of ``-g``) not named yet on the line, in seating order."""
    if "=" in incomplete:
        return []  # the number is the player's to type
    game = ctx.params.get("game")
    # typer hands completions no ``args``: what is typed so far is in the parsed params.
    typed = [v for value in ctx.params.values() if isinstance(value, list | tuple) for v in value]
    named = {str(v).partition("=")[0].strip().casefold() for v in typed if "=" in str(v)}
    word = incomplete.casefold()
    return [
        f"{p}="
        for p in players_of(game if isinstance(game, str) else None)
        if p.casefold() not in named and p.casefold().startswith(word)
    ]


# --- tournaments: the hook for `ohhell tournament ...` ------------------------------
#
# The tournament commands (another area) keep tournaments under the data directory.
# Pass ``autocompletion=complete_tournament`` to their NAME argument; if they are not
# stored as ``<data dir>/tournaments/<name>.json``, change ``tournaments_dir`` and
# ``tournament_names`` here: that is the only place that knows.


def tournaments_dir() -> Path:
    return store.data_dir() / "tournaments"


def tournament_names() -> list[str]:
    folder = tournaments_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith("."))


def complete_tournament(incomplete: str) -> list[str]:
    """A tournament's NAME: the saved tournaments."""
    return [name for name in tournament_names() if name.startswith(incomplete)]
