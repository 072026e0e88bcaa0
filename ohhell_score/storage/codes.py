"""The entry codes: the six digits that let a phone enter a game's hands on its board.

One code per game, drawn with ``secrets`` the first time the game is served with
``--entry`` and kept, so that a board started again (or a tournament's next round) shows
the same code to the same table. They live in one file beside the games,
``.entry-codes`` in the data folder: hidden, not ``*.json`` (never taken for a game, a
synced table or an export), written atomically and only the user's (0600), under a lock
of its own. Nothing else ever holds a code: not a game file, an export, a log line or
anything the board serves.

A file that is not ours to read (damaged, or of a newer version) is started afresh: a
code is a key to the room's boards, not a record, and a new one is printed where it is
needed.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from ohhell_score.domain.errors import Refused
from ohhell_score.domain.ids import is_id
from ohhell_score.storage.files import lock_file, read_file, write_atomic
from ohhell_score.storage.paths import data_dir, ensure_data_dir

FILE = ".entry-codes"
LOCK = ".entry-codes.lock"
SCHEMA = 1
#: How many digits a code has.
DIGITS = 6


def codes_path() -> Path:
    return data_dir() / FILE


def read_codes() -> dict[str, str]:
    """Every game's code, by game id ({} when none was drawn); ``Refused`` naming the file
    when it is there but cannot be read."""
    data = read_file(codes_path(), Refused)
    if data is None:
        return {}
    try:
        held = json.loads(data)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(held, dict) or held.get("schema") != SCHEMA:
        return {}
    codes = held.get("codes")
    if not isinstance(codes, dict):
        return {}
    return {
        game: code
        for game, code in codes.items()
        if isinstance(game, str) and is_id(game) and isinstance(code, str) and _is_code(code)
    }


def codes_for(game_ids: list[str]) -> dict[str, str]:
    """The code of each game of ``game_ids``, drawn for those that have none yet, each
    different from every code kept. Codes of games no longer saved are dropped when the
    file is written."""
    folder = ensure_data_dir()
    with lock_file(folder / LOCK):
        codes = read_codes()
        missing = [game for game in game_ids if game not in codes]
        if missing:
            codes = {
                game: code
                for game, code in codes.items()
                if game in game_ids or (folder / f"{game}.json").exists()
            }
            taken = set(codes.values())
            for game in missing:
                code = _draw()
                while code in taken:
                    code = _draw()
                codes[game] = code
                taken.add(code)
            text = json.dumps({"schema": SCHEMA, "codes": codes}) + "\n"
            write_atomic(codes_path(), text)  # 0600: only the user reads the codes
    return {game: codes[game] for game in game_ids}


def _draw() -> str:
    return f"{secrets.randbelow(10**DIGITS):0{DIGITS}d}"


def _is_code(text: str) -> bool:
    return len(text) == DIGITS and text.isascii() and text.isdigit()
