"""Saves that must hold where breaking the program found holes: an entry saved is a success even
when `current` cannot be written, `delete` keeps the lock working, `restore` keeps every
damaged version and never leaves the game without its file, house rule imports take a
lock, file systems without hard links, and a lock on Windows."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import multiprocessing
import os
import signal
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.domain.errors import Refused
from ohhell_score.domain.game import with_bids
from ohhell_score.storage import files, games

from .conftest import Ohhell
from .scripted import ok, run
from .test_store import race

#: fork keeps the test's OHHELL_DATA_DIR and imports.
FORK = multiprocessing.get_context("fork")
#: Under Cartier rules trump is named after the bids: a game starts with bids.
THREE = ("--rules", "cartier", "Ann", "Bob", "Cat")


def two_games(ohhell: Ohhell) -> None:
    """Games a and b, b the current one."""
    ohhell.ok("new", *THREE, "-g", "a")
    ohhell.ok("new", *THREE, "-g", "b")


def test_a_bid_is_saved_and_succeeds_when_current_is_a_folder(
    ohhell: Ohhell, data_dir: Path
) -> None:
    two_games(ohhell)
    (data_dir / "current").unlink()
    (data_dir / "current").mkdir()
    ohhell.ok("bid", "-g", "a", "1")
    assert ohhell.sheet("-g", "a")["hands"][0]["bids"] == {"Bob": 1}


def test_a_bid_on_a_full_disk_for_current_succeeds_and_its_game_is_current(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`current` cannot be rewritten (disk full): the bid stands, and the next command
    without -g goes to the game just changed, not to the one `current` named."""
    two_games(ohhell)
    write = files.write_atomic  # what storage/games.py writes with

    def full(path: Path, text: str, **kwargs: Any) -> None:
        if path.name == games.CURRENT_FILE:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        write(path, text, **kwargs)

    monkeypatch.setattr(f"{games.__name__}.write_atomic", full)
    ohhell.ok("bid", "-g", "a", "1")
    assert ohhell.sheet()["id"] == "a"


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_command_waiting_on_a_deleted_games_lock_still_keeps_the_next_one_out(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """A command blocked on `x.lock` while `delete x` runs holds the lock next; a
    `new -g x` after the delete must then wait for it, not lock a file of its own."""
    ohhell.ok("new", *THREE, "-g", "x")
    waiting = os.open(data_dir / "x.lock", os.O_RDWR)
    try:
        ohhell.ok("delete", "x", "--yes")
        fcntl.flock(waiting, fcntl.LOCK_EX)
        later = os.open(data_dir / "x.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(later, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(later)
    finally:
        os.close(waiting)


def kept_damaged(data_dir: Path) -> list[str]:
    return sorted(p.read_text(encoding="utf-8") for p in data_dir.glob("g.json.damaged*"))


def test_every_damaged_version_is_kept_however_often_restore_runs(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", *THREE, "-g", "g")
    ohhell.ok("bid", "1")
    (data_dir / "g.json").write_text("{", encoding="utf-8")
    ohhell.ok("restore", "g")
    ohhell.ok("restore", "g")  # twice by mistake
    ohhell.ok("bid", "0")
    (data_dir / "g.json").write_text("[", encoding="utf-8")
    ohhell.ok("restore", "g")
    assert kept_damaged(data_dir) == ["[", "{"]
    assert ohhell.sheet()["hands"][0]["bids"] == {}  # the version before `bid 0`


def _restore_killed_before_the_new_file() -> None:
    """In a child process: `restore g`, dying as it starts to write the game file."""

    def die(*args: Any, **kwargs: Any) -> None:
        os._exit(9)

    vars(games)["write_atomic"] = die
    run("restore", "g")
    os._exit(0)


def test_a_restore_killed_half_way_leaves_the_game_file_and_can_run_again(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", *THREE, "-g", "g")
    ohhell.ok("bid", "1")
    ohhell.ok("bid", "0")
    (data_dir / "g.json").write_text("{", encoding="utf-8")
    child = FORK.Process(target=_restore_killed_before_the_new_file)
    child.start()
    child.join(60)
    assert child.exitcode == 9, "the restore was not killed half way"
    assert (data_dir / "g.json").read_text(encoding="utf-8") == "{"
    ohhell.ok("restore", "g")
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1}


def test_changes_and_restore_work_where_the_file_system_has_no_hard_links(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FAT, exFAT and some network mounts refuse os.link with EPERM: a copy is kept."""

    def no_links(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    ohhell.ok("new", *THREE, "-g", "g")
    ohhell.ok("bid", "1")
    before = (data_dir / "g.json").read_bytes()
    ohhell.ok("bid", "0")
    assert (data_dir / "g.json.bak").read_bytes() == before
    (data_dir / "g.json").write_text("{", encoding="utf-8")
    ohhell.ok("restore", "g")
    assert kept_damaged(data_dir) == ["{"]
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1}


# --- races ----------------------------------------------------------------------------


def _import_rule(barrier: Any, path: Path) -> None:
    barrier.wait()
    os._exit(run("rules", "import", str(path)).exit_code)


def test_house_rules_imported_at_once_under_one_name_keep_one_and_refuse_the_others(
    tmp_path: Path,
) -> None:
    """Without --force only the first import of a name may succeed; without the lock
    one was lost silently in 13 of 30 races (here 8 races of three)."""
    rule_files = []
    for k, hook in enumerate(["never", "always", "from:4"]):
        ok("rules", "save", "friday", "--hook", hook)
        rule_files.append(tmp_path / f"friday-{k}.json")
        ok("rules", "export", "friday", "-o", str(rule_files[-1]))
        ok("rules", "delete", "friday")
    for _ in range(8):
        codes = race(_import_rule, [(path,) for path in rule_files])
        assert sorted(codes) == [0, 1, 1], codes  # type: ignore[type-var]
        winner = rule_files[codes.index(0)]
        assert ok("rules", "export", "friday") == winner.read_text(encoding="utf-8")
        ok("rules", "delete", "friday")


def test_a_house_rule_deleted_while_delete_waits_for_the_lock_is_refused_as_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two `rules delete friday` at once: the second one, holding the lock after the
    first, finds no rule and says so (it was a traceback)."""
    from ohhell_score.storage import house

    ok("rules", "save", "friday", "--hook", "never")
    real = house.locked

    @contextlib.contextmanager
    def after_the_other() -> Iterator[None]:
        with real():
            house.rule_path("friday").unlink()  # the other delete, done meanwhile
            yield

    monkeypatch.setattr(house, "locked", after_the_other)
    result = run("rules", "delete", "friday")
    assert (result.exit_code, result.stderr) == (
        1,
        "ohhell: no house rule 'friday' (`ohhell rules` lists them)\n",
    )


class WindowsLocking:
    """``msvcrt`` as Windows has it, for its ``locking`` alone, made of POSIX record
    locks: ``LK_LOCK`` raises EDEADLOCK when another process holds the bytes (Windows
    does after ten tries a second apart)."""

    LK_UNLCK, LK_LOCK = 0, 1

    def __init__(self, posix: Any) -> None:
        self.posix = posix

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        assert mode == self.LK_LOCK
        try:
            self.posix.lockf(fd, self.posix.LOCK_EX | self.posix.LOCK_NB, nbytes, 0, os.SEEK_CUR)
        except BlockingIOError:
            raise OSError(errno.EDEADLOCK, "Resource deadlock avoided") from None


def _bid_on_windows(barrier: Any, game_id: str) -> None:
    """In a child process without fcntl, as on Windows: enter the next bid, 0."""
    sys.modules["msvcrt"] = WindowsLocking(fcntl)  # type: ignore[assignment]
    sys.modules["fcntl"] = None  # type: ignore[assignment]
    barrier.wait()
    games.change(game_id, lambda p: with_bids(p, [(None, 0)], games.now()))
    os._exit(0)


@pytest.mark.parametrize("game_id", ["w1", "w2", "w3"])
def test_without_flock_as_on_windows_bids_entered_at_once_lose_none(
    ohhell: Ohhell, game_id: str
) -> None:
    ohhell.ok("new", *THREE, "Dan", "-g", game_id)
    assert race(_bid_on_windows, [(game_id,)] * 4) == [0, 0, 0, 0]
    bids = ohhell.sheet("-g", game_id)["hands"][0]["bids"]
    assert bids == {"Bob": 0, "Cat": 0, "Dan": 0, "Ann": 0}


# --- the primitives, in-process (each guards a mistake a user would meet) ---------------


def _refusal(path: Path) -> str:
    """The words ``read_file`` refuses ``path`` with (as every command shows them)."""
    with pytest.raises(Refused) as refusal:
        files.read_file(path, Refused)
    return str(refusal.value)


def test_a_fifo_is_refused_at_once_by_name_never_waited_on(tmp_path: Path) -> None:
    """Opened without O_NONBLOCK a FIFO with no writer blocks `show` for ever: the alarm
    turns that wait into a failure here."""
    fifo = tmp_path / "g.json"
    os.mkfifo(fifo)

    def waited(signum: int, frame: object) -> None:
        raise TimeoutError("the FIFO was waited on")

    old = signal.signal(signal.SIGALRM, waited)
    signal.setitimer(signal.ITIMER_REAL, 5)
    try:
        assert _refusal(fifo) == f"cannot read {fifo}: not a regular file"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_a_folder_named_as_a_file_is_refused_by_name(tmp_path: Path) -> None:
    assert _refusal(tmp_path) == f"cannot read {tmp_path}: not a regular file"


def test_a_missing_file_is_no_file_not_an_error(tmp_path: Path) -> None:
    assert files.read_file(tmp_path / "gone.json", Refused) is None


def test_a_file_of_4_mb_is_read_whole_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    limit = tmp_path / "limit.json"
    limit.write_bytes(b"x" * (4 * 1024 * 1024))
    assert files.read_file(limit, Refused) == limit.read_bytes()
    limit.write_bytes(b"x" * (4 * 1024 * 1024 + 1))
    assert _refusal(limit) == f"cannot read {limit}: larger than 4 MB"


def test_a_file_that_grows_past_the_limit_while_read_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file in /proc says it is empty and holds bytes: as a file growing while read,
    it is read up to the limit exactly, and refused one byte beyond it."""
    growing = Path("/proc/self/cmdline")
    if not growing.exists():
        pytest.skip("no /proc")
    held = growing.read_bytes()
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(held))
    assert files.read_file(growing, Refused) == held
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(held) - 1)
    assert _refusal(growing).startswith(f"cannot read {growing}: larger than ")


def _in_pieces(monkeypatch: pytest.MonkeyPatch, piece: int, grow: Path | None = None) -> None:
    """Reads give at most ``piece`` bytes, as a network drive's may; with ``grow``, that
    file grows by a piece after each of its first 8 reads (someone writes it meanwhile)."""
    real_read, grown = os.read, [0]

    def read(fd: int, size: int) -> bytes:
        chunk = real_read(fd, min(size, piece))
        if grow is not None and grown[0] < 8:
            grown[0] += 1
            with grow.open("ab") as more:
                more.write(b"x" * piece)
        return chunk

    monkeypatch.setattr(os, "read", read)


def test_a_file_read_in_pieces_comes_back_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "g.json"
    game.write_bytes(bytes(range(256)) * 10)
    _in_pieces(monkeypatch, 1000)
    assert files.read_file(game, Refused) == bytes(range(256)) * 10


def test_a_file_growing_past_the_limit_while_read_in_pieces_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """3 MB when opened, a megabyte more after each read: refused past 4 MB in all."""
    game = tmp_path / "g.json"
    game.write_bytes(b"x" * (3 * 1024 * 1024))
    _in_pieces(monkeypatch, 1024 * 1024, grow=game)
    assert _refusal(game) == f"cannot read {game}: larger than 4 MB"


def test_a_cache_is_its_json_or_nothing_when_it_cannot_be_read(tmp_path: Path) -> None:
    cache = tmp_path / "cache.json"
    assert files.read_cache(cache) is None  # missing
    cache.write_text('{"a": [1]}', encoding="utf-8")
    assert files.read_cache(cache) == {"a": [1]}
    for unreadable in ("{", "[" * 100_000 + "]" * 100_000, "\udcff"):
        cache.write_bytes(unreadable.encode("utf-8", "surrogateescape"))
        assert files.read_cache(cache) is None, unreadable[:5]
    assert files.read_cache(tmp_path) is None  # a folder


def test_a_save_is_private_replaces_the_file_and_keeps_the_old_one_on_request(
    tmp_path: Path,
) -> None:
    game = tmp_path / "g.json"
    files.write_atomic(game, "one", keep_backup=True)  # nothing to keep yet
    assert not (tmp_path / "g.json.bak").exists()
    assert stat.S_IMODE(game.stat().st_mode) == 0o600
    files.write_atomic(game, "two", keep_backup=True)
    files.write_atomic(game, "three", keep_backup=True)  # the older backup replaced
    assert (tmp_path / "g.json.bak").read_text(encoding="utf-8") == "two"
    files.write_atomic(game, "four")
    assert (tmp_path / "g.json.bak").read_text(encoding="utf-8") == "two"
    assert game.read_text(encoding="utf-8") == "four"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """The C locale in this process: text files opened without an encoding are ASCII."""
    import locale

    if sys.flags.utf8_mode:
        pytest.skip("Python's UTF-8 mode: every file is UTF-8 whatever the locale")
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        if locale.getpreferredencoding(False).lower().replace("-", "") == "utf8":
            pytest.skip("this system's C locale is UTF-8")
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_a_save_is_utf_8_whatever_the_locale_says(tmp_path: Path, ascii_locale: None) -> None:
    """A table whose laptop runs in the C (or a Latin-1) locale still saves Zoë and ♠,
    and another laptop reads the same file."""
    game = tmp_path / "g.json"
    files.write_atomic(game, '{"name": "Zoë ♠"}')
    assert game.read_bytes() == '{"name": "Zoë ♠"}'.encode()


def test_a_save_that_fails_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "g.json"
    files.write_atomic(game, "old")

    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space"):
        files.write_atomic(game, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert game.read_text(encoding="utf-8") == "old"


def test_a_copy_kept_without_hard_links_is_whole_private_and_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    game, copy = tmp_path / "g.json", tmp_path / "g.json.bak"
    game.write_text("held", encoding="utf-8")
    monkeypatch.setattr(os, "link", no_links)
    files.keep_copy(game, copy)
    assert copy.read_text(encoding="utf-8") == "held"
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    game.write_text("later", encoding="utf-8")
    with pytest.raises(FileExistsError):
        files.keep_copy(game, copy)
    assert copy.read_text(encoding="utf-8") == "held"


def test_a_copy_that_fails_half_way_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A half-written `.bak` would be restored as the previous version."""

    def no_links(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    game, copy = tmp_path / "g.json", tmp_path / "g.json.bak"
    game.write_text("held", encoding="utf-8")
    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        files.keep_copy(game, copy)
    assert not copy.exists()


def test_only_the_temp_files_of_the_named_file_are_cleaned(tmp_path: Path) -> None:
    """Switching `current` must leave alone the temp file of game `current-2` being
    saved at that moment (its save holds that game's lock, not `current`'s)."""
    names = [
        ".current.1-ab.tmp",
        ".current.keep",
        ".current-2.json.1-ab.tmp",
        "x.current.1.tmp",
        "current",
    ]
    for name in names:
        (tmp_path / name).write_text("", encoding="utf-8")
    files.clean_temp_files(tmp_path, "current")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[1:])


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_lock_is_exclusive_private_and_let_go_on_leaving(tmp_path: Path) -> None:
    lock = tmp_path / "g.lock"
    with files.lock_file(lock):
        assert stat.S_IMODE(lock.stat().st_mode) == 0o600
        other = os.open(lock, os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):  # not even a shared lock beside it
                fcntl.flock(other, fcntl.LOCK_SH | fcntl.LOCK_NB)
        finally:
            os.close(other)
    other = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(other)


def test_a_symlink_planted_as_a_lock_is_refused_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    (tmp_path / "g.lock").symlink_to(target)
    with pytest.raises(OSError), files.lock_file(tmp_path / "g.lock"):
        pass
    assert not target.exists()


class Busy:
    """``msvcrt`` whose ``locking`` fails with ``errors`` in turn, then holds the lock;
    it notes where in the file each try locks (Windows locks from the file position)."""

    LK_LOCK = 1

    def __init__(self, *errors: int) -> None:
        self.errors = list(errors)
        self.tries: list[tuple[int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        self.tries.append((os.lseek(fd, 0, os.SEEK_CUR), mode, nbytes))
        if self.errors:
            code = self.errors.pop(0)
            raise OSError(code, os.strerror(code))


def test_a_windows_lock_waits_on_while_another_holds_it(tmp_path: Path) -> None:
    """LK_LOCK gives up after 10 s with EDEADLOCK; a change must wait on, as with
    flock, and every process must lock the same first byte."""
    fd = os.open(tmp_path / "g.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        os.write(fd, b"xx")  # the position is now 2
        busy = Busy(errno.EDEADLOCK, errno.EDEADLOCK)
        files.lock_windows(fd, busy)
        assert busy.tries == [(0, Busy.LK_LOCK, 1)] * 3
        broken = Busy(errno.EBADF)
        with pytest.raises(OSError, match=os.strerror(errno.EBADF)):
            files.lock_windows(fd, broken)
        assert len(broken.tries) == 1
    finally:
        os.close(fd)


def test_without_flock_a_lock_is_taken_the_windows_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    busy = Busy()
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", busy)
    with files.lock_file(tmp_path / "g.lock"):
        assert busy.tries == [(0, Busy.LK_LOCK, 1)]


def test_a_failed_copy_reports_its_own_fault_even_if_the_half_copy_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user must read why the save failed (a full disk), not why the clean-up did."""

    def no_links(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def stuck(path: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    game = tmp_path / "g.json"
    game.write_text("held", encoding="utf-8")
    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.setattr(os, "unlink", stuck)
    with pytest.raises(OSError, match="No space"):
        files.keep_copy(game, tmp_path / "g.json.bak")


def test_a_temp_file_removed_by_another_command_meanwhile_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".current.1-ab.tmp").write_text("", encoding="utf-8")
    (tmp_path / ".current.2-cd.tmp").write_text("", encoding="utf-8")
    unlink = os.unlink

    def gone_first(path: Any) -> None:
        if str(path).endswith(".1-ab.tmp"):
            unlink(path)
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(path))
        unlink(path)

    monkeypatch.setattr(os, "unlink", gone_first)
    files.clean_temp_files(tmp_path, "current")
    assert not list(tmp_path.iterdir())


def test_a_save_stands_where_the_folder_cannot_be_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows cannot open a folder, and some file systems refuse to fsync one: the
    game is saved all the same (the entry must not be reported as failed)."""
    fsync = os.fsync

    def no_folder_sync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "Invalid argument")
        fsync(fd)

    monkeypatch.setattr(os, "fsync", no_folder_sync)
    files.write_atomic(tmp_path / "g.json", "saved")
    assert (tmp_path / "g.json").read_text(encoding="utf-8") == "saved"


def test_a_failed_save_reports_its_own_fault_even_if_the_temp_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def stuck(path: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", full)
    monkeypatch.setattr(os, "unlink", stuck)
    with pytest.raises(OSError, match="No space"):
        files.write_atomic(tmp_path / "g.json", "new")


def test_a_file_is_read_where_the_system_has_no_o_nonblock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows has no O_NONBLOCK (and no FIFOs to wait on)."""
    game = tmp_path / "g.json"
    game.write_text("{}", encoding="utf-8")
    monkeypatch.delattr(os, "O_NONBLOCK")
    assert files.read_file(game, Refused) == b"{}"
