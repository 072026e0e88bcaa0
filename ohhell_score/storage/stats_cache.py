"""The facts `ohhell stats` needs of every saved game, kept between runs.

Reading a game means replaying every entry under its rules (codec.parse_game), which
is most of the cost of `stats` over thousands of games. The facts of each game
(``stats.GameFacts``) are kept in ``.stats-cache.json`` in the data directory, under
the game file's key (``files.file_key``: inode, size, modification time): every save
replaces the file (a new inode), so a changed game is always read again. The cache is
only a copy: a missing, damaged or older one is rebuilt, and one that cannot be written
(or would be too large to read back) is skipped. It is read as any file a user gives:
bounded in size, and each game's facts checked (``GameFacts.from_json``) before they are
counted or shown; facts that fail are read again from their game.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ohhell_score.domain.codec import parse_game
from ohhell_score.domain.errors import CorruptGame
from ohhell_score.domain.stats import GameFacts, facts
from ohhell_score.storage.files import (
    cannot_read,
    file_key,
    read_cache,
    read_regular,
    readable_size,
    write_atomic,
)
from ohhell_score.storage.games import game_files
from ohhell_score.storage.paths import data_dir

CACHE_FILE = ".stats-cache.json"  # a dot file: never taken for a game
VERSION = 3  # 2: hands played, seated at the end (seat changes); 3: the last entry's time

Cached = dict[str, list[object]]  # file name -> [file_key, facts]


def _load(folder: Path) -> Cached:
    data = read_cache(folder / CACHE_FILE)
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def _save(folder: Path, cached: Cached) -> None:
    """Keep the facts, unless the file would be larger than the program reads back
    (``files.MAX_FILE_BYTES``: tens of thousands of games), which is only slower."""
    text = json.dumps({"version": VERSION, "games": cached}, separators=(",", ":"))
    if not readable_size(text.encode()):
        return
    with contextlib.suppress(OSError):  # a cache that cannot be kept is only slower
        write_atomic(folder / CACHE_FILE, text)


def _cached_facts(entry: object, key: list[int]) -> GameFacts | None:
    if not isinstance(entry, list) or len(entry) != 2 or entry[0] != key:
        return None
    try:
        return GameFacts.from_json(entry[1])
    except ValueError:
        return None


def saved_facts(problems: list[str]) -> list[GameFacts]:
    """The facts of every readable saved game; each unreadable file adds to ``problems``."""
    folder = data_dir()
    cached = _load(folder)
    fresh: Cached = {}
    found: list[GameFacts] = []
    for path in game_files():
        try:
            key = file_key(os.stat(path))
            entry = cached.get(path.name)
            known = _cached_facts(entry, key)
            if known is None or entry is None:
                text, st = read_regular(path)  # the key of what is read, not of what was
                key = file_key(st)
                known = facts(parse_game(text, str(path)))
                entry = [key, known.to_json()]
        except CorruptGame as err:
            problems.append(str(err))
            continue
        except OSError as err:
            problems.append(cannot_read(path, err))
            continue
        fresh[path.name] = entry
        found.append(known)
    if fresh != cached and folder.is_dir():
        _save(folder, fresh)
    return found
