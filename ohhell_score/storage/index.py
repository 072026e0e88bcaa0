"""The list index: what `ohhell list` shows of every saved game, kept between runs.

`ohhell list` reads one index file instead of replaying every game. Each game's line
is keyed by its file's inode, size and mtime (ns) (``files.file_key``): a save replaces
the file, so any change to a game changes its key, and `list` re-reads exactly the games
whose key differs (and drops the ones whose file is gone) before it shows anything. The
index cannot go stale; deleting it only costs one slow `list`. It is rewritten under its
own lock, atomically, and only when something changed.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ohhell_score import __version__
from ohhell_score.domain.codec import SCHEMA, parse_progress
from ohhell_score.domain.errors import CorruptGame
from ohhell_score.domain.ids import is_id
from ohhell_score.domain.listing import Listing
from ohhell_score.domain.rulewords import rules_words
from ohhell_score.i18n import language
from ohhell_score.storage.files import (
    cannot_read,
    file_key,
    lock_file,
    read_cache,
    read_regular,
    write_atomic,
)
from ohhell_score.storage.games import wrong_id
from ohhell_score.storage.paths import data_dir

INDEX_FILE = ".list-index.json"
INDEX_LOCK = ".list-index.lock"
INDEX_FORMAT = 2


def _summarise(path: Path) -> dict[str, Any]:
    try:
        prog = parse_progress(read_regular(path)[0], str(path))
    except CorruptGame as err:
        return {"error": str(err)}
    except OSError as err:
        return {"error": cannot_read(path, err)}
    game = prog.game
    if game.id != path.stem:  # `show -g` would refuse it: listed as unreadable
        return {"error": wrong_id(path, game.id)}
    return {
        "id": path.stem,
        "players": list(prog.players),  # seated now
        "earlier": [p for p in prog.everyone if p not in prog.players],  # got up
        "rules": game.rules.preset,
        "rules_words": rules_words(game.rules, len(game.players)),
        "hands_played": prog.hands_played,
        "hands_total": len(prog.hands),  # the hands played, once a table stopped early
        "hands_planned": prog.planned,
        "finished": prog.finished,
        "updated": game.updated,
        "leaders": prog.leaders(),
        "winners": prog.winners,
        "next_hand": prog.next.hand if prog.next else None,
    }


def _index_header() -> dict[str, Any]:
    # A new version of the program may summarise differently: it starts afresh. So does
    # `list` in another language: the rules' words and the reasons are kept as said.
    return {
        "format": INDEX_FORMAT,
        "version": __version__,
        "schema": SCHEMA,
        "language": language(),
    }


def _read_index(folder: Path) -> dict[str, Any]:
    data = read_cache(folder / INDEX_FILE)
    if isinstance(data, dict) and data.get("header") == _index_header():
        games = data.get("games")
        if isinstance(games, dict):
            return {gid: line for gid, line in games.items() if _well_formed(line)}
    return {}


def _well_formed(line: object) -> bool:
    """An index line as ``list_summaries`` writes it; anything else is read again."""
    if not isinstance(line, dict) or not isinstance(line.get("summary"), dict):
        return False
    summary = line["summary"]
    if "error" in summary:
        return set(summary) == {"error"} and isinstance(summary["error"], str)
    if set(summary) != set(_SUMMARY_TYPES):
        return False
    for key, kinds in _SUMMARY_TYPES.items():
        value = summary[key]
        if type(value) not in kinds:
            return False
        if type(value) is list and not all(type(x) is str for x in value):
            return False
    return True


#: Each key of a game's summary and the types its value may have (``_summarise``).
_SUMMARY_TYPES: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "players": (list,),
    "earlier": (list,),
    "rules": (str,),
    "rules_words": (str,),
    "hands_played": (int,),
    "hands_total": (int,),
    "hands_planned": (int,),
    "finished": (bool,),
    "updated": (str,),
    "leaders": (list,),
    "winners": (list,),
    "next_hand": (int, type(None)),
}


def _scan(folder: Path) -> dict[str, tuple[str, list[int], float]]:
    """Each game file: its path, its key (``files.file_key``) and its mtime."""
    found = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if name.startswith(".") or not name.endswith(".json"):
                continue
            stem = name[: -len(".json")]
            if not is_id(stem):
                continue
            try:
                st = entry.stat()
            except OSError:
                continue  # removed while we looked
            if entry.is_file():
                found[stem] = (entry.path, file_key(st), st.st_mtime)
    return found


def _refresh(
    games: dict[str, Any],
    files: dict[str, tuple[str, list[int], float]],
    fresh: Callable[[str, list[int]], bool],
) -> bool:
    """Bring ``games`` up to date with ``files``, in place; whether anything changed."""
    gone = [gid for gid in games if gid not in files]
    for gid in gone:
        del games[gid]
    stale = [gid for gid, (_, key, _) in files.items() if not fresh(gid, key)]
    for gid in stale:
        path, key, _ = files[gid]
        games[gid] = {"key": key, "summary": _summarise(Path(path))}
    return bool(gone or stale)


def list_summaries() -> list[Listing]:
    """Every game's line of ``list``, most recently changed first, through the index."""
    folder = data_dir()
    if not folder.is_dir():
        return []
    files = _scan(folder)
    games = _read_index(folder)

    def fresh(gid: str, key: list[int]) -> bool:
        line = games.get(gid)
        return (
            isinstance(line, dict)
            and line.get("key") == key
            and isinstance(line.get("summary"), dict)
        )

    if set(games) != set(files) or not all(fresh(g, key) for g, (_, key, _) in files.items()):
        try:
            with lock_file(folder / INDEX_LOCK):
                games = _read_index(folder)  # another `list` may have done the work meanwhile
                if _refresh(games, files, fresh):
                    import json  # lazy: as in _read_index

                    text = json.dumps(
                        {"header": _index_header(), "games": games},
                        ensure_ascii=False,
                        separators=(",", ":"),
                    )
                    with contextlib.suppress(OSError):
                        write_atomic(folder / INDEX_FILE, text)
        except OSError:  # a folder we may not write in still lists, from the files
            _refresh(games, files, fresh)
    out = []
    for gid, (_, _, mtime) in files.items():
        summary = games[gid]["summary"]
        error = summary.get("error")
        out.append(Listing(gid, {} if error else summary, error, mtime))
    out.sort(key=lambda x: (x.summary.get("updated", ""), x.mtime), reverse=True)
    return out
