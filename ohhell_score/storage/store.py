"""Where games live: the data directory, versioned JSON, atomic saves, a lock, the list.

Each game is ``<id>.json`` in the data directory (``$OHHELL_DATA_DIR``, else
platformdirs' user data directory for ``ohhell-score``, resolved on every call). A save
writes a temp file beside it, flushes and fsyncs it, keeps the old file as
``<id>.json.bak``, ``os.replace``s the new one in and fsyncs the folder: a crash at
any instant leaves the old or the new game, never a mix. Changes take the game's lock
file ``<id>.lock`` around load-check-save, so two commands at once cannot lose an entry.
``current`` names the game most recently created or changed.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ohhell_score.domain.errors import CorruptGame, GameExists, GameNotFound, Refused
from ohhell_score.domain.ids import is_id

if TYPE_CHECKING:  # imported where a game is built or read: completion and `list` skip them
    from ohhell_score.domain.game import Correction, Entry, Game, Progress

SCHEMA = 1
APP_NAME = "ohhell-score"
CURRENT_FILE = "current"
CURRENT_LOCK = ".current.lock"
BACKUP_SUFFIX = ".bak"


def data_dir() -> Path:
    """cli-contract: ``$OHHELL_DATA_DIR``, else the platform's user data directory."""
    return user_dir("OHHELL_DATA_DIR", "XDG_DATA_HOME", (".local", "share"), "user_data_dir")


def user_dir(override: str, xdg: str, home_default: tuple[str, ...], platform_dirs: str) -> Path:
    """``$override`` when set, else platformdirs' folder (``platform_dirs`` names it).

    On Linux in the plain cases platformdirs' answer is worked out without importing it
    (about 3 ms, on every command and every TAB): ``$XDG_.../ohhell-score`` when that is
    an absolute path, else ``$HOME/<home_default>/ohhell-score`` when HOME is one.
    Anything else (Android, no usable HOME) is left to platformdirs; tests check that
    both give the same folder.
    """
    env = os.environ.get(override)
    if env:
        return Path(env)
    plain_linux = sys.platform == "linux" and not hasattr(sys, "getandroidapilevel")
    if plain_linux and not {"ANDROID_DATA", "ANDROID_ROOT"} & os.environ.keys():
        base = os.environ.get(xdg, "")
        if os.path.isabs(base):
            return Path(base, APP_NAME)
        home = os.environ.get("HOME", "")
        if os.path.isabs(home):
            return Path(home, *home_default, APP_NAME)
    import platformdirs  # only when needed: it is not free to import

    folder: str = getattr(platformdirs, platform_dirs)(APP_NAME, appauthor=False)
    return Path(folder)


def ensure_data_dir() -> Path:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder


def check_id(game_id: str) -> str:
    """cli-contract: lower-case letters, digits and ``-``, 1 to 64 characters."""
    if not is_id(game_id):
        raise Refused(
            f"{game_id!r} is not a game id: use 1 to 64 lower-case letters, digits and '-'"
        )
    return game_id


def game_path(game_id: str) -> Path:
    return data_dir() / f"{check_id(game_id)}.json"


def now() -> str:
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


# --- JSON -------------------------------------------------------------------------


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "id": game.id,
        "players": list(game.players),
        "first_dealer": game.players[game.first_dealer],
        "scorer": game.scorer,
        "rules": game.rules.to_json(),
        "created": game.created,
        "updated": game.updated,
        "entries": [_entry_to_dict(e) for e in game.entries],
        "history": [_correction_to_dict(c) for c in game.history],
    }


def game_text(game: Game) -> str:
    """A game file's text: a field a line, and an entry (or correction) a line.

    It reads, and diffs, entry by entry. Each line is encoded by json's C encoder;
    ``json.dumps(indent=...)`` uses the pure-Python one, 1.5 ms of every entry's save.
    """
    lines = []
    for key, value in game_to_dict(game).items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            inner = ",\n  ".join(_line(item) for item in value)
            lines.append(f" {_line(key)}: [\n  {inner}\n ]")
        else:
            lines.append(f" {_line(key)}: {_line(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _line(value: object) -> str:
    import json  # here and below, imported when a file is read or written: not by TAB

    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _entry_to_dict(entry: Entry) -> dict[str, Any]:
    from ohhell_score.domain.game import Bid, TrumpEntry

    if isinstance(entry, Bid):
        return {
            "kind": "bid",
            "hand": entry.hand,
            "player": entry.player,
            "bid": entry.value,
            "at": entry.at,
        }
    if isinstance(entry, TrumpEntry):
        return {"kind": "trump", "hand": entry.hand, "suit": entry.suit.value, "at": entry.at}
    return {"kind": "tricks", "hand": entry.hand, "tricks": dict(entry.values), "at": entry.at}


def _correction_to_dict(c: Correction) -> dict[str, Any]:
    return {
        "kind": c.kind,
        "at": c.at,
        "hand": c.hand,
        "what": c.what,
        "old": dict(c.old),
        "new": dict(c.new),
    }


def _int(value: object, what: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} is not a whole number")
    return value


def progress_from_dict(data: object) -> Progress:
    """Rebuild a game, checking its shape and replaying every entry under its rules.

    Raises ``ValueError`` (or ``Refused`` from a replayed entry) for anything wrong.
    """
    if not isinstance(data, dict):
        raise ValueError("not a game object")
    schema = data.get("schema")
    if type(schema) is not int:
        raise ValueError("no schema version")
    if schema > SCHEMA:
        raise ValueError(
            f"written by a newer ohhell (schema {schema}; this version reads {SCHEMA}): "
            "upgrade ohhell-score to open it"
        )
    from ohhell_score.domain.game import (
        Bid,
        Correction,
        Game,
        Tricks,
        TrumpEntry,
        check_players,
        progress,
    )
    from ohhell_score.domain.rules import RuleSet, Suit

    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError("players must be a list of names")
    players_t = check_players(players)
    rules = RuleSet.from_json(data["rules"])
    rules.check_fits(len(players_t))
    first = data["first_dealer"]
    if first not in players_t:
        raise ValueError(f"first dealer {first!r} is not a player")
    entries: list[Entry] = []
    for raw in data["entries"]:
        kind = raw["kind"]
        hand = _int(raw["hand"], "an entry's hand")
        at = str(raw.get("at", ""))
        if kind == "bid":
            player = raw["player"]
            if player not in players_t:
                raise ValueError(f"a bid by {player!r}, who is not a player")
            entries.append(Bid(hand, player, _int(raw["bid"], "a bid"), at))
        elif kind == "trump":
            entries.append(TrumpEntry(hand, Suit(raw["suit"]), at))
        elif kind == "tricks":
            tricks = raw["tricks"]
            if not isinstance(tricks, dict):
                raise ValueError("tricks must map players to numbers")
            entries.append(
                Tricks(hand, tuple((str(p), _int(t, "tricks")) for p, t in tricks.items()), at)
            )
        else:
            raise ValueError(f"unknown entry kind {kind!r}")
    history = tuple(
        Correction(
            str(c["kind"]),
            str(c["at"]),
            _int(c["hand"], "a correction's hand"),
            str(c["what"]),
            tuple(c["old"].items()),
            tuple(c["new"].items()),
        )
        for c in data.get("history", [])
    )
    game_id = str(data["id"])
    check_id(game_id)
    scorer = data.get("scorer")
    game = Game(
        id=game_id,
        players=players_t,
        rules=rules,
        first_dealer=players_t.index(first),
        entries=tuple(entries),
        history=history,
        created=str(data.get("created", "")),
        updated=str(data.get("updated", "")),
        scorer=scorer if isinstance(scorer, str) else None,
    )
    return progress(game)  # impossible entries (a forbidden bid, tricks off): unreadable


def parse_game(text: str | bytes, where: str) -> Game:
    return parse_progress(text, where).game


def parse_progress(text: str | bytes, where: str) -> Progress:
    """A game file's text read and replayed; ``CorruptGame`` says why it cannot be."""
    import json

    try:
        return progress_from_dict(json.loads(text))
    except RecursionError:  # nested deeper than json can read: not a game either
        raise CorruptGame(f"cannot read {where}: not a game (nested too deep)") from None
    except (ValueError, KeyError, TypeError, AttributeError, Refused) as err:
        detail = str(err) if not isinstance(err, KeyError) else f"missing field {err}"
        if isinstance(err, json.JSONDecodeError):
            detail = f"not valid JSON ({err.msg} at line {err.lineno})"
        raise CorruptGame(f"cannot read {where}: {detail}") from None


# --- files ------------------------------------------------------------------------


def load(game_id: str) -> Game:
    return load_progress(game_id).game


def load_progress(game_id: str) -> Progress:
    """The saved game ``game_id``, replayed (once: pass the progress on, not the game)."""
    path = game_path(game_id)
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        raise GameNotFound(f"no game {game_id!r} (see `ohhell list`)") from None
    except OSError as err:
        raise CorruptGame(f"cannot read {path}: {err.strerror}") from None
    try:
        prog = parse_progress(text, str(path))
    except CorruptGame as err:
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        hint = (
            f"; `ohhell restore {game_id}` brings back the previous version ({backup})"
            if backup.exists()
            else ""
        )
        raise CorruptGame(f"{err}{hint}") from None
    if prog.game.id != game_id:
        raise CorruptGame(_wrong_id(path, prog.game.id))
    return prog


def _wrong_id(path: Path, held: str) -> str:
    return f"cannot read {path}: it holds game {held!r}, not {path.stem!r}"


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a folder
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: Path, text: str, *, keep_backup: bool = False) -> None:
    """Temp file in the same folder, flush, fsync, ``os.replace``, fsync the folder."""
    folder = path.parent
    # tempfile.mkstemp's way, without importing tempfile (and random) on every entry.
    tmp = str(folder / f".{path.name}.{os.getpid()}-{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if keep_backup and path.exists():
            backup = path.with_name(path.name + BACKUP_SUFFIX)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(backup)
            os.link(path, backup)  # the old version stays whole under its new name
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)


def _clean_temp_files(folder: Path, name: str) -> None:
    """Temp files of a save that was killed; only called while holding the lock."""
    prefix = f".{name}."  # not Path.glob: its pattern is compiled to a regex every time
    for stale in os.listdir(folder):
        if stale.startswith(prefix) and stale.endswith(".tmp"):
            with contextlib.suppress(OSError):
                os.unlink(folder / stale)


def save(game: Game, *, new: bool = False) -> None:
    folder = ensure_data_dir()
    path = game_path(game.id)
    text = game_text(game)
    _clean_temp_files(folder, path.name)
    write_atomic(path, text, keep_backup=not new)
    set_current(game.id)


@contextlib.contextmanager
def locked(game_id: str) -> Iterator[None]:
    """Hold the game's lock file (never the game file: it is replaced on save)."""
    folder = ensure_data_dir()
    with lock_file(folder / f"{check_id(game_id)}.lock"):
        yield


@contextlib.contextmanager
def lock_file(lock_path: Path) -> Iterator[None]:
    """Hold ``lock_path`` exclusively (an flock on a file of its own, made 0600)."""
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - Windows: no flock
            pass
        yield
    finally:
        os.close(fd)


def change(game_id: str, edit: Callable[[Progress], Progress]) -> Progress:
    """Load, apply ``edit``, save: under the lock, so the edit sees every earlier change.

    ``edit`` takes the game's progress and gives the changed game's (``game.with_bids``
    and the others): each is replayed once.
    """
    if not game_path(game_id).exists():  # a refusal leaves no lock file behind
        raise GameNotFound(f"no game {game_id!r} (see `ohhell list`)")
    with locked(game_id):
        changed = edit(load_progress(game_id))
        save(changed.game)
    return changed


def create(game: Game) -> None:
    folder = ensure_data_dir()
    with locked(game.id):
        if (folder / f"{game.id}.json").exists():
            raise GameExists(f"a game {game.id!r} exists already; choose another --game id")
        save(game, new=True)


def delete(game_id: str) -> None:
    with locked(game_id):
        path = game_path(game_id)
        if not path.exists():
            raise GameNotFound(f"no game {game_id!r} (see `ohhell list`)")
        path.unlink()
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + BACKUP_SUFFIX).unlink()
    with contextlib.suppress(FileNotFoundError):
        (data_dir() / f"{game_id}.lock").unlink()


def restore(game_id: str) -> Game:
    """Put the kept previous version back; the damaged file is kept as ``ID.json.damaged``."""
    with locked(game_id):
        path = game_path(game_id)
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        try:
            text = backup.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise GameNotFound(f"no previous version of {game_id!r} is kept ({backup})") from None
        game = parse_game(text, str(backup))
        if path.exists():
            os.replace(path, path.with_name(path.name + ".damaged"))
        write_atomic(path, text)
        set_current(game_id)
    return game


def set_current(game_id: str) -> None:
    path = data_dir() / CURRENT_FILE
    with contextlib.suppress(OSError):
        if path.read_text(encoding="utf-8") == game_id + "\n":
            return  # the usual case, entry after entry: spare two fsyncs
    with lock_file(path.with_name(CURRENT_LOCK)):  # so a temp file in use is not "stale"
        _clean_temp_files(path.parent, CURRENT_FILE)  # a killed switch's temp file
        write_atomic(path, game_id + "\n")


def current_id() -> str:
    """The game most recently created or changed."""
    folder = data_dir()
    try:
        named = (folder / CURRENT_FILE).read_text(encoding="utf-8").strip()
        if is_id(named) and (folder / f"{named}.json").exists():
            return named
    except OSError:
        pass
    newest = max(game_files(), key=lambda p: p.stat().st_mtime, default=None)
    if newest is None:
        raise GameNotFound("no games yet: start one with `ohhell new PLAYER...`")
    return newest.stem


def resolve_id(game_id: str | None) -> str:
    return check_id(game_id) if game_id is not None else current_id()


def game_files() -> list[Path]:
    folder = data_dir()
    if not folder.is_dir():
        return []
    return [p for p in folder.glob("*.json") if not p.name.startswith(".") and is_id(p.stem)]


def new_id(base: str | None = None) -> str:
    """A free id made from today's date: ``2026-11-30``, then ``2026-11-30-2``..."""
    stem = base or datetime.now().strftime("%Y-%m-%d")
    folder = data_dir()
    candidate, k = stem, 1
    while (folder / f"{candidate}.json").exists():
        k += 1
        candidate = f"{stem}-{k}"
    return candidate


# --- the list index -----------------------------------------------------------------
#
# `ohhell list` reads one index file instead of replaying every game. Each game's line
# is keyed by its file's inode, size and mtime (ns): a save replaces the file, so any
# change to a game changes its key, and `list` re-reads exactly the games whose key
# differs (and drops the ones whose file is gone) before it shows anything. The index
# cannot go stale; deleting it only costs one slow `list`. It is rewritten under its
# own lock, atomically, and only when something changed.

INDEX_FILE = ".list-index.json"
INDEX_LOCK = ".list-index.lock"
INDEX_FORMAT = 1
#: What `list --json` gives of each game (cli-contract.md names the first seven).
LIST_JSON_KEYS = (
    "id",
    "players",
    "rules",
    "hands_played",
    "hands_total",
    "finished",
    "updated",
    "leaders",
)


class Summary:
    """One line of ``list``: what it shows of a game, or why the file cannot be read.

    A plain class, not a dataclass: `list` makes 10,000 of them and imports nothing more.
    """

    __slots__ = ("error", "id", "mtime", "summary")

    def __init__(self, id: str, summary: dict[str, Any], error: str | None, mtime: float):
        self.id = id
        self.summary = summary  # LIST_JSON_KEYS, "winners" and "next_hand"; {} if unreadable
        self.error = error
        self.mtime = mtime


def _summarise(path: Path) -> dict[str, Any]:
    try:
        prog = parse_progress(path.read_bytes(), str(path))
    except (CorruptGame, OSError) as err:
        return {"error": str(err)}
    game = prog.game
    if game.id != path.stem:  # `show -g` would refuse it: listed as unreadable
        return {"error": f"cannot read {path}: it holds game {game.id!r}, not {path.stem!r}"}
    return {
        "id": path.stem,
        "players": list(game.players),
        "rules": game.rules.preset,
        "hands_played": prog.hands_played,
        "hands_total": len(prog.hands),
        "finished": prog.finished,
        "updated": game.updated,
        "leaders": prog.leaders(),
        "winners": prog.winners,
        "next_hand": prog.next.hand if prog.next else None,
    }


def _index_header() -> dict[str, Any]:
    from ohhell_score import __version__

    # A new version of the program may summarise differently: it starts afresh.
    return {"format": INDEX_FORMAT, "version": __version__, "schema": SCHEMA}


def _read_index(folder: Path) -> dict[str, Any]:
    import json

    try:
        data = json.loads((folder / INDEX_FILE).read_bytes())
        if isinstance(data, dict) and data.get("header") == _index_header():
            games = data.get("games")
            if isinstance(games, dict):
                return games
    except (OSError, ValueError):
        pass
    return {}


def _scan(folder: Path) -> dict[str, tuple[str, list[int], float]]:
    """Each game file: its path, its key (inode, size, mtime in ns) and its mtime."""
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
                key = [st.st_ino, st.st_size, st.st_mtime_ns]
                found[stem] = (entry.path, key, st.st_mtime)
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


def list_summaries() -> list[Summary]:
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
                    import json

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
        out.append(Summary(gid, {} if error else summary, error, mtime))
    out.sort(key=lambda x: (x.summary.get("updated", ""), x.mtime), reverse=True)
    return out
