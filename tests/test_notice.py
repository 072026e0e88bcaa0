"""The system's notices of a change (storage/notice.py), in-process: a save in a folder
watched is heard at once and named, a folder deleted stops being watched, a notice the
kernel dropped makes the watcher stat on its own, and a folder on a network share (whose
changes by another machine send no notice here) is never trusted to send one.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.storage import notice

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


def saved(folder: Path, name: str) -> None:
    """A save as every program here makes it: a temp file renamed into place."""
    temp = folder / f".{name}.tmp"
    temp.write_text("{}", encoding="utf-8")
    os.replace(temp, folder / name)


@linux
def test_a_save_in_a_folder_watched_is_heard_at_once_and_named(tmp_path: Path) -> None:
    tables, other = tmp_path / "tables", tmp_path / "other"
    tables.mkdir()
    other.mkdir()
    notices = notice.watch([tables, other, tables])
    assert notices is not None
    try:
        assert notices.watched() == {tables, other}
        assert notices.wait(0.05) == set()  # nothing changed: nothing heard
        saved(tables, "cup-r1-t1.json")
        heard = notices.wait(5.0)  # at once: only waited out on failure
        assert (tables, "cup-r1-t1.json") in heard
        assert {folder for folder, _ in heard} == {tables}
        assert notices.drain() == set()  # each notice is heard once
        (other / "cup-r1-t2.json").write_text("{}", encoding="utf-8")  # a copy, once written
        assert (other, "cup-r1-t2.json") in notices.wait(5.0)
        assert not notices.lost
    finally:
        notices.close()
    notices.close()  # twice is no error


@linux
def test_a_folder_deleted_is_no_longer_watched_and_can_be_watched_again(tmp_path: Path) -> None:
    """Its watch is gone with it: the watcher sees it missing from ``watched()`` and
    watches it again once it is back."""
    table, other = tmp_path / "t1", tmp_path / "t2"
    table.mkdir()
    other.mkdir()
    notices = notice.watch([table, other])
    assert notices is not None
    try:
        table.rmdir()
        notices.wait(5.0)
        for _ in range(50):  # the watch's end may come in a read of its own
            if table not in notices.watched():
                break
            notices.wait(0.1)
        assert notices.watched() == {other}
        assert not notices.lost
        table.mkdir()
        notices.add(table)
        assert notices.watched() == {table, other}
        saved(table, "cup-r1-t1.json")
        assert (table, "cup-r1-t1.json") in notices.wait(5.0)
    finally:
        notices.close()


@linux
def test_a_folder_that_cannot_be_watched_is_refused_naming_it(tmp_path: Path) -> None:
    """``watch`` says None (the caller stats now and then); ``add`` says which folder."""
    here = tmp_path / "here"
    here.mkdir()
    gone = tmp_path / "gone"
    open_before = len(os.listdir("/proc/self/fd"))
    assert notice.watch([here, gone]) is None
    assert len(os.listdir("/proc/self/fd")) == open_before  # its descriptor closed
    notices = notice.watch([here])
    assert notices is not None
    try:
        with pytest.raises(FileNotFoundError) as refused:
            notices.add(gone)
        assert refused.value.filename == str(gone)
        assert refused.value.strerror == os.strerror(errno.ENOENT)
        assert notices.watched() == {here}
    finally:
        notices.close()


@linux
def test_notices_dropped_by_the_kernel_or_unreadable_set_lost(tmp_path: Path) -> None:
    """The kernel's queue overflowed (an event of no watch), or the descriptor cannot be
    read: ``lost``, and the watcher stats from then on. Every event of one read is
    heard, each name as the kernel wrote it but its NUL padding, an event of a watch
    gone passed over."""
    notices = notice.watch([tmp_path])
    assert notices is not None
    [wd] = notices.folders
    read, write = os.pipe()
    os.set_blocking(read, False)
    os.close(notices.fd)
    notices.fd = read

    def event(wd: int, mask: int, name: bytes = b"") -> bytes:
        padded = name + b"\0" * (-len(name) % 16) if name else b""
        return notice.HEADER.pack(wd, mask, 0, len(padded)) + padded

    try:
        os.write(
            write,
            event(wd + 1, notice.IN_MOVED_TO, b"of-a-watch-gone.json")  # passed over
            + event(wd, notice.IN_MOVED_TO, b"cup-r1-t1.json")
            + event(wd, notice.IN_CREATE, b"TABLE-X"),
        )
        assert notices.drain() == {(tmp_path, "cup-r1-t1.json"), (tmp_path, "TABLE-X")}
        assert not notices.lost
        os.write(write, event(-1, notice.IN_Q_OVERFLOW))
        assert notices.drain() == set()
        assert notices.lost
        notices.lost = False
        os.write(write, event(wd, notice.IN_IGNORED))
        assert notices.drain() == {(tmp_path, "")}
        assert notices.watched() == set()  # the watch gone with its folder
        assert not notices.lost
    finally:
        notices.close()
        os.close(write)
    assert notices.drain() == set()  # closed: cannot be read
    assert notices.lost


#: /proc/self/mounts as the kernel writes it: a space in a mount point is "\\040"; other
#: bytes are the path's own (UTF-8 here, or not: a stick named in Latin-1).
MOUNTS = (
    """\
/dev/vda / ext4 rw,relatime 0 0
server:/export /mnt/share nfs4 rw 0 0
/dev/vdb /mnt/share/local ext4 rw 0 0
//nas/hall /mnt/NAS\\040BOX cifs rw 0 0
me@laptop:/data /mnt/laptop fuse.sshfs rw 0 0
server:/home /nfs nfs rw 0 0
/dev/vdc /mnt/stacked ext4 rw 0 0
server:/over /mnt/stacked nfs rw 0 0
server:/gedeeld /mnt/gedeelde-schijf-\u00fc nfs rw 0 0
""".encode()
    + b"/dev/sdb1 /media/stick-\xe9 vfat rw 0 0\n"
)


@pytest.fixture
def mounts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``MOUNTS`` read wherever /proc/self/mounts is read, as it is read."""
    fake = tmp_path / "mounts"
    fake.write_bytes(MOUNTS)
    read_text = Path.read_text

    def reading(self: Path, *args: Any, **kwargs: Any) -> str:
        return read_text(fake if self == Path("/proc/self/mounts") else self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", reading)


@pytest.mark.usefixtures("mounts")
@pytest.mark.parametrize(
    ("folder", "network"),
    [
        ("/mnt/share", True),
        ("/mnt/share/t1", True),
        ("/mnt/share/local/t1", False),  # a local disk mounted inside the share
        ("/mnt/shared", False),  # a name that only starts like the share
        ("/mnt/NAS BOX/t2", True),  # the mount point's space written \\040
        ("/mnt/laptop/t3", True),
        ("/nfs/organiser", True),
        ("/mnt/stacked/t4", True),  # the share mounted over a disk: the share is seen
        ("/mnt/gedeelde-schijf-\u00fc/t5", True),
        ("/home/organiser", False),
    ],
)
def test_a_folder_on_a_network_share_is_known_by_its_mount(folder: str, network: bool) -> None:
    assert notice.on_network(Path(folder)) is network


@pytest.mark.usefixtures("mounts")
def test_a_share_is_known_by_its_mount_whatever_the_locale_says() -> None:
    """A mount point's name is read as UTF-8 under the C locale too (``open`` follows
    the locale's encoding outside Python's UTF-8 mode)."""
    import locale

    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        assert notice.on_network(Path("/mnt/gedeelde-schijf-\u00fc/t5"))
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_a_machine_whose_root_is_a_share_has_every_folder_on_it() -> None:
    """A diskless laptop: "/" is mounted from the network; so is every folder under it
    not mounted otherwise. A line that is not a mount is passed over."""
    mounts = "server:/root / nfs rw 0 0\ntruncated-line\n/dev/vdb /data ext4 rw 0 0\n"
    assert notice.on_network(Path("/home/organiser"), mounts)
    assert not notice.on_network(Path("/data/cup"), mounts)


def test_a_folder_on_a_network_share_is_followed_by_stat_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A share's changes made by another machine send no notice here: no watch at all,
    even for the folders beside it that would send one."""
    share = tmp_path / "share"
    share.mkdir()
    local = tmp_path / "local"
    local.mkdir()
    mounts = f"/dev/vda / ext4 rw 0 0\nserver:/x {share} nfs rw 0 0\n"
    monkeypatch.setattr(Path, "read_text", lambda self, **kw: mounts)
    assert notice.on_network(share)
    assert not notice.on_network(local)
    assert notice.watch([local, share]) is None


def test_where_the_mounts_cannot_be_read_a_folder_is_taken_as_local(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def unreadable(self: Path, **kw: object) -> str:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", unreadable)
    assert notice.on_network(tmp_path) is False


def test_another_system_sends_no_notice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert notice.watch([tmp_path]) is None


@linux
def test_watching_starts_no_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """libc is the process's own: finding it by name (``ctypes.util.find_library``)
    started ``ldconfig -p`` at every board's and watch's start (and was skipped by
    the mutation run, which refuses processes)."""
    import subprocess

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process started: {args}")

    monkeypatch.setattr(subprocess, "Popen", started)
    notices = notice.watch([tmp_path])
    assert notices is not None
    notices.close()
