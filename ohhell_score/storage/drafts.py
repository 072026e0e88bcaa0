"""What is kept beside a game that is not an entry of it yet: the play loop's draft (the
tricks typed so far in a hand, ``<id>.tricks``, until the last player's tricks complete
the hand) and a phone's tricks held until another phone or the scorer confirms them
(``<id>.held``).

What each holds, and when it is stale, is decided in actions/table.py (what the play
loop's prompts saw) and actions/phones.py (what a phone held); here is where they live,
how they are read back, and how they are replaced: atomically, under the game's lock,
checked against the game as saved.
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

#: The play loop's typed tricks.
TYPED = ".tricks"
#: A phone's tricks, held for confirmation.
HELD = ".held"


def path(game_id: str, kind: str = TYPED) -> Path:
    return data_dir() / f"{check_id(game_id)}{kind}"


def read_bytes(game_id: str, kind: str = TYPED) -> bytes:
    """The file as saved; empty when there is none or it cannot be read."""
    try:
        return read_regular(path(game_id, kind))[0]
    except OSError:
        return b""


def read(game_id: str, kind: str = TYPED) -> Any:
    """The draft's JSON as saved; None when there is none or it is not JSON."""
    return parse(read_bytes(game_id, kind))


def parse(data: bytes) -> Any:
    """The JSON of a draft's bytes (``read_bytes``); None when it is not JSON."""
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def replace(game_id: str, new: Callable[[Progress], object], kind: str = TYPED) -> None:
    """Write the draft ``new`` makes of the game as saved now (replayed), under the game's
    lock; ``new`` raises to leave the draft as it is, and returns None to remove it."""
    with games.locked(game_id):
        data = new(games.load_progress(game_id))
        if data is None:
            forget(game_id, kind)
        else:
            write_atomic(path(game_id, kind), json.dumps(data) + "\n")


def forget(game_id: str, kind: str = TYPED) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path(game_id, kind))
