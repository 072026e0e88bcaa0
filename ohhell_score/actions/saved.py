"""The saved games as the commands see them: which exist, which is current, where they
live, the list of them, and deleting one (with what the play loop kept beside it).

Imports inside functions: every run through Typer imports this module (with the root's
commands); the list index and the drafts are imported by the two commands that use them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ohhell_score.storage import games, paths

if TYPE_CHECKING:
    from ohhell_score.domain.listing import Listing


def resolve(game_id: str | None) -> str:
    """The id given, or the current game's (refused when there is none)."""
    return games.resolve_id(game_id)


def current() -> str:
    """The current game's id (refused when there is none)."""
    return games.current_id()


def any_saved() -> bool:
    """Whether any game is saved here."""
    return bool(games.game_files())


def exists(game_id: str) -> bool:
    return games.game_path(game_id).exists()


def where(game_id: str | None) -> Path:
    """The file of game ``game_id``, or (``None``) the data directory."""
    return games.game_path(game_id) if game_id is not None else paths.data_dir()


def listed() -> list[Listing]:
    """Every saved game's summary, most recently changed first, from the list index (no
    game is replayed)."""
    from ohhell_score.storage import index

    return index.list_summaries()


def delete(game_id: str) -> None:
    """The game's file, and the tricks typed or held for it, gone for good."""
    from ohhell_score.storage import drafts

    games.delete(game_id)
    drafts.forget(game_id)
    drafts.forget(game_id, drafts.HELD)
