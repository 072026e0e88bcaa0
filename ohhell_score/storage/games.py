"""The saved games: load, save, change under a lock, create, delete, restore, and which
game is current.

Each game is ``<id>.json`` in the data folder (``paths.data_dir``), written in the
format of ``domain.codec``. A save keeps the old file as ``<id>.json.bak`` and replaces
the game atomically (``files.write_atomic``). Changes take the game's lock file
``<id>.lock`` around load-check-save, so two commands at once cannot lose an entry.
``current`` names the game most recently created or changed.
"""

from __future__ import annotations

import contextlib
import errno
import stat
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ohhell_score.domain.errors import CorruptGame, GameExists, GameNotFound, Refused, Shown
from ohhell_score.domain.ids import check_id, is_id
from ohhell_score.i18n import _
from ohhell_score.storage.files import (
    BACKUP_SUFFIX,
    cannot_read,
    clean_temp_files,
    count_change,
    keep_copy,
    lock_file,
    read_file,
    read_regular,
    readable_size,
    too_large,
    write_atomic,
)
from ohhell_score.storage.paths import data_dir, ensure_data_dir

if TYPE_CHECKING:  # imported where a game is built or read: TAB and `path` skip them
    from ohhell_score.domain.game import Game, Progress

CURRENT_FILE = "current"
CURRENT_LOCK = ".current.lock"


def game_path(game_id: str) -> Path:
    return data_dir() / f"{check_id(game_id)}.json"


def now() -> str:
    """The time an entry or a change is stamped with."""
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


def load(game_id: str) -> Game:
    return load_progress(game_id).game


def load_progress(game_id: str) -> Progress:
    """The saved game ``game_id``, replayed (once: pass the progress on, not the game)."""
    return read_progress(game_id)[0]


def read_progress(game_id: str) -> tuple[Progress, bytes]:
    """The saved game ``game_id``, replayed, and the bytes of the file it was read from
    (what the board's version of the game is made of)."""
    from ohhell_score.domain.codec import parse_progress  # lazy: TAB and `path` read no game

    path = game_path(game_id)
    text = read_file(path, CorruptGame)
    if text is None:
        raise GameNotFound(no_game(game_id))
    try:
        prog = parse_progress(text, str(path))
    except CorruptGame as err:
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        hint = (
            _("; `ohhell restore {game}` brings back the previous version ({backup})").format(
                game=game_id, backup=backup
            )
            if backup.exists()
            else ""
        )
        raise CorruptGame(f"{err}{hint}") from None
    if prog.game.id != game_id:
        raise CorruptGame(wrong_id(path, prog.game.id))
    return prog, text


def file_bytes(game_id: str) -> bytes:
    """The game file's bytes as saved now (empty when there is none)."""
    return read_file(game_path(game_id), CorruptGame) or b""


def wrong_id(path: Path, held: str) -> str:
    """Why a game file filed under another game's id is not read."""
    return _("cannot read {path}: it holds game {held!r}, not {filed!r}").format(
        path=path, held=Shown(held), filed=path.stem
    )


def no_game(game_id: str) -> str:
    return _("no game {game!r} (see `ohhell list`)").format(game=Shown(game_id))


def save(game: Game, *, new: bool = False, current: bool = True) -> None:
    from ohhell_score.domain.codec import game_text  # lazy: as in load_progress

    folder = ensure_data_dir()
    path = game_path(game.id)
    data = game_text(game).encode("utf-8")
    if not readable_size(data):  # saved, every command after would refuse to read it
        raise Refused(
            _(
                "game {game} would be {too_large}, more than can be read back: "
                "this entry is not saved"
            ).format(game=game.id, too_large=too_large())
        )
    clean_temp_files(folder, path.name)
    write_atomic(path, data, keep_backup=not new)
    count_change()
    if current:
        set_current(game.id)


@contextlib.contextmanager
def locked(game_id: str) -> Iterator[None]:
    """Hold the game's lock file (never the game file: it is replaced on save)."""
    folder = ensure_data_dir()
    with lock_file(folder / f"{check_id(game_id)}.lock"):
        yield


def change(game_id: str, edit: Callable[[Progress], Progress]) -> Progress:
    """Load, apply ``edit``, save: under the lock, so the edit sees every earlier change.

    ``edit`` takes the game's progress and gives the changed game's (``game.with_bids``
    and the others): each is replayed once.
    """
    if not game_path(game_id).exists():  # a refusal leaves no lock file behind
        raise GameNotFound(no_game(game_id))
    with locked(game_id):
        changed = edit(load_progress(game_id))
        save(changed.game)
    return changed


def create(game: Game, *, current: bool = True) -> None:
    """Save a new game (and make it current, unless ``current`` is False)."""
    folder = ensure_data_dir()
    with locked(game.id):
        if (folder / f"{game.id}.json").exists():
            raise GameExists(
                _("a game {game!r} exists already; choose another --game id").format(game=game.id)
            )
        save(game, new=True, current=current)


def delete(game_id: str) -> None:
    path = game_path(game_id)
    if not path.exists():  # a refusal leaves no lock file behind (as in change)
        raise GameNotFound(no_game(game_id))
    with locked(game_id):
        if not path.exists():  # deleted while this one waited for the lock
            raise GameNotFound(no_game(game_id))
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO, a device: not a game of ours
            raise CorruptGame(cannot_read(path, OSError(errno.EINVAL, _("not a regular file"))))
        path.unlink()
        count_change()
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + BACKUP_SUFFIX).unlink()
    # ``ID.lock`` stays: a command waiting on it holds it next, and one that opens it
    # afterwards must wait for that one, not lock a new file of the same name.


def discard(game: Game) -> bool:
    """Delete a game just created, if it still holds exactly ``game``; True if it is gone."""
    from ohhell_score.domain.codec import game_text

    path = game_path(game.id)
    with locked(game.id):
        if read_file(path, CorruptGame) not in (None, game_text(game).encode("utf-8")):
            return False
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return True


def restore(game_id: str) -> Game:
    """Put the kept previous version back; the damaged file is kept as ``ID.json.damaged``."""
    from ohhell_score.domain.codec import parse_game  # lazy: as in load_progress

    path = game_path(game_id)
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    if not backup.exists():  # a refusal leaves no lock file behind (as in delete)
        raise _nothing_kept(game_id, backup)
    with locked(game_id):
        kept = read_file(backup, CorruptGame)
        if kept is None:
            raise _nothing_kept(game_id, backup)
        game = parse_game(kept, str(backup))
        keep_damaged(path, kept)
        # The bytes as kept: parse_game reads UTF-16 and UTF-32 JSON too, and decoding
        # them as UTF-8 would write back a file that cannot be read.
        write_atomic(path, kept)  # killed before this, the game file is still there
        count_change()
        set_current(game_id)
    return game


def _nothing_kept(game_id: str, backup: Path) -> GameNotFound:
    return GameNotFound(
        _("no previous version of {game!r} is kept ({backup})").format(
            game=Shown(game_id), backup=backup
        )
    )


DAMAGED_SUFFIX = ".damaged"


def keep_damaged(path: Path, restored: bytes) -> None:
    """Keep the game file as it is under the first free name of ``ID.json.damaged``,
    ``ID.json.damaged-2``...: a second restore never overwrites the first's. A file that
    already holds the version being restored needs no keeping."""
    try:
        if path.read_bytes() == restored:
            return
    except FileNotFoundError:
        return
    k = 1
    while True:
        suffix = DAMAGED_SUFFIX if k == 1 else f"{DAMAGED_SUFFIX}-{k}"
        try:
            keep_copy(path, path.with_name(path.name + suffix))
            return
        except FileExistsError:
            k += 1


def set_current(game_id: str) -> None:
    path = data_dir() / CURRENT_FILE
    with contextlib.suppress(OSError):
        if read_regular(path)[0] == f"{game_id}\n".encode():
            return  # the usual case, entry after entry: spare two fsyncs
    try:
        with lock_file(path.with_name(CURRENT_LOCK)):  # so a temp file in use is not "stale"
            clean_temp_files(path.parent, CURRENT_FILE)  # a killed switch's temp file
            write_atomic(path, game_id + "\n")
    except OSError:
        # The change is saved: `current` is a convenience, and failing here would make a
        # scorer type the entry again. Without the file the newest game is current, and
        # that is the one just saved.
        with contextlib.suppress(OSError):
            path.unlink()


def current_id() -> str:
    """The game most recently created or changed."""
    folder = data_dir()
    try:
        named = read_regular(folder / CURRENT_FILE)[0].decode("utf-8", "replace").strip()
        if is_id(named) and (folder / f"{named}.json").exists():
            return named
    except OSError:
        pass
    newest = max(game_files(), key=lambda p: p.stat().st_mtime, default=None)
    if newest is None:
        raise GameNotFound(_("no games yet: start one with `ohhell new PLAYER...`"))
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
