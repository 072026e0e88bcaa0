"""The play loop's draft: the tricks typed so far in a hand, kept beside the game in
``<id>.tricks`` until the last player's tricks complete the hand.

What a draft holds, and when it is stale, is decided in actions/table.py (what the
play loop's prompts saw); here is where it lives, how it is read back, and how it is
replaced: atomically, under the game's lock, checked against the game as saved.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ohhell_score.domain.ids import check_id
from ohhell_score.storage import games
from ohhell_score.storage.files import read_regular, write_atomic
from ohhell_score.storage.paths import data_dir

if TYPE_CHECKING:
    from ohhell_score.domain.game import Progress


def path(game_id: str) -> Path:
    return data_dir() / f"{check_id(game_id)}.tricks"


def read(game_id: str) -> Any:
    """The draft's JSON as saved; None when there is none or it is not JSON."""
    try:
        return json.loads(read_regular(path(game_id))[0])
    except (OSError, ValueError, RecursionError):
        return None


def replace(game_id: str, new: Callable[[Progress], object]) -> None:
    """Write the draft ``new`` makes of the game as saved now (replayed), under the game's
    lock; ``new`` raises to leave the draft as it is."""
    with games.locked(game_id):
        data = new(games.load_progress(game_id))
        write_atomic(path(game_id), json.dumps(data) + "\n")


def forget(game_id: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path(game_id))
