"""The file-system primitives every store shares: atomic writes, lock files, reading a
file that may be missing, the key that tells a cache whether a file changed, and the one
way a file a user names (``-o FILE``) is written.

A save writes a temp file beside its target, flushes and fsyncs it, (optionally) keeps
the old file as ``NAME.bak``, ``os.replace``s the new one in and fsyncs the folder: a
crash at any instant leaves the old or the new file, never a mix. A lock is an flock on
a file of its own (never on the file it guards: that one is replaced on save).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import _

BACKUP_SUFFIX = ".bak"
#: The most any file the program reads may hold: a game of hundreds of hands is tens of
#: KB; anything far larger is not one of ours (and would take minutes to replay).
MAX_FILE_BYTES = 4 * 1024 * 1024
#: An export (``export --format json``) holds a game's facts and its score sheet, which
#: spells out every hand for every seat, so it outweighs the game's file: 3.3 times at
#: the most measured (208 players of 24-character names, a quarter of 500 one-card hands
#: played: a 4 MB file; tests/test_export_json.py makes that game and imports its
#: export). What ``import`` and ``collect`` read of one: ``export_limit``.
EXPORT_FACTOR = 4

#: How many times this process has changed a file the user keeps (saved or deleted a
#: game, a house rule, a tournament; written the file ``-o`` names; never a cache): a
#: command whose answer cannot be written after one has still done what it was asked
#: (entry.py): an export whose confirmation meets a full stdout exits 0.
changes = 0


def count_change() -> None:
    """Count one change of a file the user keeps (``changes``): the stores call it
    once a save or a delete is done; a cache's write is no change."""
    global changes
    changes += 1


def export_limit() -> int:
    """The most an exported game may hold: any export of a game the program can read
    imports (``EXPORT_FACTOR`` times the largest game file)."""
    return EXPORT_FACTOR * MAX_FILE_BYTES


def read_regular(path: Path | str, limit: int | None = None) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file ``path`` and what ``fstat`` says of the file read.

    Opened without blocking (a FIFO would wait for a writer for ever) and read only up
    to ``limit`` bytes (``MAX_FILE_BYTES`` unless given: a symlink to ``/dev/zero``
    would never end): a FIFO, a device, a folder or a file too large raises ``OSError``
    naming the file, like a missing one (``FileNotFoundError``) or one that cannot be read.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, _("not a regular file"), str(path))
        if st.st_size > limit:
            raise OSError(errno.EFBIG, too_large(limit), str(path))
        chunks, size = [], 0
        while chunk := os.read(fd, limit + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while we read
                raise OSError(errno.EFBIG, too_large(limit), str(path))
        return b"".join(chunks), st
    finally:
        os.close(fd)


def too_large(limit: int | None = None) -> str:
    """What the program will not read: ``larger than 4 MB`` (``limit``: that many bytes)."""
    limit = MAX_FILE_BYTES if limit is None else limit
    return _("larger than {megabytes} MB").format(megabytes=limit // (1024 * 1024))


def readable_size(data: bytes) -> bool:
    """Whether a file of ``data`` would be read back (``MAX_FILE_BYTES``): no save may
    write a file that the program then refuses to read."""
    return len(data) <= MAX_FILE_BYTES


def read_cache(path: Path) -> object:
    """The JSON value of a cache file the program keeps for itself (the list index, the
    statistics cache); None when it is missing or is not JSON it can read."""
    import json

    try:
        return json.loads(read_regular(path)[0])
    except (OSError, ValueError, RecursionError):
        return None


def read_file(path: Path, error: type[Refused], limit: int | None = None) -> bytes | None:
    """The bytes of ``path`` (``read_regular``, up to ``limit``); None when there is no
    such file, and ``error("cannot read PATH: WHY")`` when it is there but cannot be read."""
    try:
        return read_regular(path, limit)[0]
    except FileNotFoundError:
        return None
    except OSError as err:
        raise error(cannot_read(path, err)) from None


def cannot_read(path: Path | str, err: OSError) -> str:
    """Why a file could not be read: its path and the system's reason."""
    return _("cannot read {path}: {reason}").format(path=path, reason=err.strerror)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a folder
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(
    path: Path, text: str | bytes, *, keep_backup: bool = False, mode: int = 0o600
) -> None:
    """Temp file in the same folder, flush, fsync, ``os.replace``, fsync the folder.

    ``text`` is written in UTF-8, bytes as they are (a kept version put back unchanged).
    The file is the user's only (0600) unless ``mode`` says otherwise.
    """
    folder = path.parent
    # tempfile.mkstemp's way, without importing tempfile (and random) on every entry.
    tmp = str(folder / f".{path.name}.{os.getpid()}-{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        # Binary: the file holds exactly these bytes on every system (Windows' text mode
        # would turn a CSV's "\r\n" into "\r\r\n", and `discard` compares bytes).
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8") if isinstance(text, str) else text)
            f.flush()
            if mode != 0o600:  # Windows has no fchmod
                (os.fchmod if hasattr(os, "fchmod") else os.chmod)(f.fileno(), mode)
            os.fsync(f.fileno())
        if keep_backup and path.exists():
            backup = path.with_name(path.name + BACKUP_SUFFIX)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(backup)
            keep_copy(path, backup)  # the old version stays whole under its new name
        os.replace(tmp, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError) and err.filename is None:
            err.filename = str(path)  # a full disk names the file it could not save
        raise
    _fsync_dir(folder)


#: Names of a stream a process has open (``/dev/stdout``, ``/dev/fd/3``,
#: ``/proc/self/fd/1``): written through whatever they lead to, a file included.
_STREAM_NAME = re.compile(
    r"/dev/(?:std(?P<std>out|err)|fd/(?P<fd>\d+))|/proc/(?P<pid>self|\d+)/fd/(?P<pfd>\d+)"
)


def write_output(path: Path | str, text: str | bytes) -> None:
    """Write the file a user named (``-o FILE``) and nothing else, as its kind asks.

    A regular file, or a new one, is written atomically (``write_atomic``: a whole file
    or none) with the mode a new file gets (0666 less the umask: an export is made to be
    shared). A FIFO, a character or block device (``/dev/null``, a printer) and a name
    of an open stream (``/dev/stdout``) are written through, never replaced by a file.
    A symlink is followed: its target is written, as its own kind asks, and the link
    stays. A folder or anything else is refused (``OSError`` naming ``path``), and so is
    a name ending in ``/`` that is not a folder (as ``cp`` refuses it: "Not a directory"),
    never written as a file without the slash. What was written is a change
    (``count_change``): the command's product, whatever it says next.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    name = os.fspath(path)
    if name.endswith(_SEPARATORS) and not os.path.isdir(name):
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), name)
    stream = _STREAM_NAME.fullmatch(_absolute(name))
    if stream and (stream["std"] or stream["fd"] or stream["pid"] in ("self", str(os.getpid()))):
        # one of this process's own streams: written where it stands, as the shell left it
        # (after `> file` its offset, which reopening the name would not share)
        fd = {"out": 1, "err": 2}.get(stream["std"] or "") or int(stream["fd"] or stream["pfd"])
        _write_all(fd, data)
        count_change()
        return
    try:
        kind = stat.S_IFMT(os.stat(name).st_mode)  # follows links: what they lead to
    except FileNotFoundError:
        kind = None  # a new file (or a link to one): made where the link points
    if kind is None or (kind == stat.S_IFREG and not stream):
        write_atomic(Path(os.path.realpath(name)), data, mode=0o666 & ~umask())
    elif kind in (stat.S_IFREG, stat.S_IFIFO, stat.S_IFCHR, stat.S_IFBLK):
        _write_through(name, data, kind)
    elif kind == stat.S_IFDIR:
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), name)
    else:
        raise OSError(errno.EINVAL, _("not a file, a pipe or a device"), name)
    count_change()


#: What ends a folder's name: ``/`` (and ``\\`` on Windows).
_SEPARATORS = tuple({os.sep, os.altsep or os.sep})


def _absolute(name: str) -> str:
    return os.path.normpath(os.path.abspath(name))


def _write_through(name: str, data: bytes, kind: int) -> None:
    """Into what ``name`` leads to, as ``echo >`` would: a FIFO waits for its reader.
    Another process's stream (``/proc/PID/fd/1``) that is a file is appended to. What
    is opened must still be of ``kind``: a name swapped meanwhile is not written."""
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0)
    if _STREAM_NAME.fullmatch(_absolute(name)):
        flags |= os.O_APPEND
    fd = os.open(name, flags)
    try:
        if stat.S_IFMT(os.fstat(fd).st_mode) != kind:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN), name)
        _write_all(fd, data)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def umask() -> int:
    """The process's umask, read without changing it where the system can (Linux's
    ``/proc/self/status``); elsewhere set to 077 for an instant, so a file another
    thread makes meanwhile is only ever more private."""
    with (
        contextlib.suppress(OSError, ValueError),
        open("/proc/self/status", encoding="ascii", errors="replace") as status,
    ):
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def keep_copy(path: Path, copy: Path) -> None:
    """Make ``copy`` hold what ``path`` holds now; ``FileExistsError`` if ``copy`` exists.

    A hard link where the file system has them; where it has none (FAT, exFAT, some
    network mounts: EPERM, or another error) a copy, written and fsynced.
    """
    try:
        os.link(path, copy)
        return
    except FileExistsError:
        raise
    except OSError:
        data = path.read_bytes()
    fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(copy)
        raise


def clean_temp_files(folder: Path, name: str) -> None:
    """Temp files of a save of ``name`` that was killed; only call it holding the lock."""
    prefix = f".{name}."  # not Path.glob: its pattern is compiled to a regex every time
    for stale in os.listdir(folder):
        if stale.startswith(prefix) and stale.endswith(".tmp"):
            with contextlib.suppress(OSError):
                os.unlink(folder / stale)


@contextlib.contextmanager
def lock_file(lock_path: Path) -> Iterator[None]:
    """Hold ``lock_path`` exclusively (an flock on a file of its own, made 0600); a
    symlink planted in its place is refused, never followed."""
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        try:
            import fcntl  # here: `show` takes no lock and loads none; Windows has none
        except ImportError:  # Windows: no flock
            lock_windows(fd, __import__("msvcrt"))
        else:
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def lock_windows(fd: int, msvcrt: Any) -> None:
    """Hold the first byte of the open file ``fd`` (``msvcrt.locking``, as filelock does on
    Windows); the lock goes when ``fd`` is closed, or with the process.

    ``LK_LOCK`` tries once a second for 10 seconds, then raises EDEADLOCK: wait on, as
    flock does, since a change holds the lock only while it loads, checks and saves.
    """
    os.lseek(fd, 0, os.SEEK_SET)
    while True:
        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
            return
        except OSError as err:
            if err.errno != errno.EDEADLOCK:
                raise


def file_key(st: os.stat_result) -> list[int]:
    """What a cache keeps of a file to know it unchanged: inode, size, mtime in ns.

    Every save replaces the file (a new inode), so a changed file never keeps its key.
    """
    return [st.st_ino, st.st_size, st.st_mtime_ns]
