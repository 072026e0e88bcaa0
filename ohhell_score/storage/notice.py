"""The system's notice that a folder changed: Linux's inotify, read without blocking from
a descriptor an event loop (or ``select``) waits on, so that a save by any process is
known the moment its file is put in place, and nothing runs while nothing changes.

``watch(folders)`` gives ``Notices`` where the system sends them, and None where it
does not: another system, a folder on a network share (a change made by another
machine sends no notice here), a folder that cannot be watched. Whoever asks then
falls back to a stat now and then, as before.

Hand-written over ctypes (inotify is three calls and a 16-byte header) rather than
``watchfiles``: measured on this machine (docs/development.md, "Dependencies"),
watchfiles hands a change over one or two of its polling steps late (its thread wakes
every step to ask its Rust side), which is most of the board's 20 ms aim, and its
thread costs a share of a core while nothing changes; a descriptor on the event loop
costs nothing idle and is read the moment the kernel writes to it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import struct
import sys
from collections.abc import Iterable
from pathlib import Path

#: inotify's event mask bits (linux/inotify.h).
IN_ATTRIB = 0x4
IN_CLOSE_WRITE = 0x8
IN_MOVED_FROM = 0x40
IN_MOVED_TO = 0x80
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_Q_OVERFLOW = 0x4000
IN_IGNORED = 0x8000
IN_ONLYDIR = 0x1000000
#: What a folder's watch hears: a file put in place (a rename, as every save is; a
#: copy, once written), made, deleted, its mode changed, and the folder itself gone.
MASK = (
    IN_ATTRIB
    | IN_CLOSE_WRITE
    | IN_MOVED_FROM
    | IN_MOVED_TO
    | IN_CREATE
    | IN_DELETE
    | IN_DELETE_SELF
    | IN_MOVE_SELF
    | IN_ONLYDIR
)
#: The watch is gone (its folder deleted or moved): no notice will come from it again.
GONE = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED
HEADER = struct.Struct("iIII")  # wd, mask, cookie, len (then the name, NUL-padded)
#: File systems whose changes by another machine send no notice here.
NETWORK = frozenset(
    {"nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "lustre"}
)


class Notices:
    """An inotify descriptor watching ``folders``. ``fileno()`` is readable when
    something changed; ``drain()`` reads every notice waiting and says which names
    changed in which folder (``wait`` waits for them). A folder deleted or moved leaves
    ``watched()``; ``lost`` once the kernel dropped notices: the caller stats from then
    on, as it does while a folder it needs is not watched."""

    def __init__(self, libc: ctypes.CDLL, folders: Iterable[Path]) -> None:
        self.libc = libc
        self.fd = int(libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC))
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.folders: dict[int, Path] = {}
        self.lost = False
        try:
            for folder in folders:
                self.add(folder)
        except OSError:
            os.close(self.fd)
            raise

    def add(self, folder: Path) -> None:
        """Watch one more folder (again, if its watch was gone); OSError if it cannot."""
        wd = int(self.libc.inotify_add_watch(self.fd, os.fsencode(folder), MASK))
        if wd < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()), str(folder))
        self.folders[wd] = folder

    def watched(self) -> set[Path]:
        """The folders watched now (a folder deleted or moved is not)."""
        return set(self.folders.values())

    def wait(self, timeout: float) -> set[tuple[Path, str]]:
        """The notices that come within ``timeout`` seconds (empty if none came)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        return self.drain() if ready else set()

    def fileno(self) -> int:
        return self.fd

    def drain(self) -> set[tuple[Path, str]]:
        """Every notice waiting, as (folder, name) pairs; empty when none was waiting.
        An overflow of the kernel's queue, or a watch gone, sets ``lost``."""
        changed: set[tuple[Path, str]] = set()
        while True:
            try:
                data = os.read(self.fd, 64 * 1024)
            except BlockingIOError:
                return changed
            except OSError:
                self.lost = True
                return changed
            at = 0
            while at + HEADER.size <= len(data):
                wd, mask, _cookie, size = HEADER.unpack_from(data, at)
                name = data[at + HEADER.size : at + HEADER.size + size].rstrip(b"\0")
                at += HEADER.size + size
                folder = self.folders.get(wd)
                if mask & IN_Q_OVERFLOW:
                    self.lost = True
                if folder is None:
                    continue
                changed.add((folder, os.fsdecode(name)))
                if mask & GONE:  # this folder's watch is gone: no notice will come from it
                    del self.folders[wd]

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)


def watch(folders: Iterable[Path]) -> Notices | None:
    """Notices of changes in ``folders``, or None where the system sends none (not
    Linux, a network share, a folder it will not watch): then stat now and then."""
    folders = list(dict.fromkeys(folders))
    if not sys.platform.startswith("linux") or any(on_network(f) for f in folders):
        return None
    try:
        # the process's own symbols, libc's among them: ``ctypes.util.find_library``
        # starts ``ldconfig -p`` (a process, 3 ms, at every board's start)
        libc = ctypes.CDLL(None, use_errno=True)
        return Notices(libc, folders)
    except (OSError, AttributeError):  # no inotify (an old libc), no watch left, no folder
        return None


def on_network(folder: Path, mounts: str | None = None) -> bool:
    """Whether ``folder`` is on a network file system, as ``mounts`` (the lines of
    /proc/self/mounts, read when not given) say."""
    try:
        if mounts is None:
            mounts = Path("/proc/self/mounts").read_text(encoding="utf-8", errors="replace")
        where = os.path.realpath(folder)
    except OSError:
        return False
    best, kind = "", ""
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        point = fields[1].replace("\\040", " ")
        inside = where == point or where.startswith(point.rstrip("/") + "/")
        # the longest point holding the folder; of two at the same point, the later:
        # mounted over the other, it is the one seen there
        if inside and len(point) >= len(best):
            best, kind = point, fields[2]
    return kind in NETWORK or kind.startswith("fuse.sshfs")
