"""Tournament commands that write several files: `tournament new` and
`advance` leave the tournament as it was or with the round seated and every table's
game there, never between; a retry after any failure succeeds. `tournament collect`
checks a table against the game as it is under the game's lock."""

from __future__ import annotations

import errno
import fcntl
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.storage import files as files_module
from ohhell_score.storage import games
from ohhell_score.storage import tournaments as ts

from .conftest import Ohhell
from .scripted import run, snapshot
from .tournament_helpers import play_cli

#: fork keeps the test's OHHELL_DATA_DIR and imports.
FORK = multiprocessing.get_context("fork")
FIELD = [f"P{i}" for i in range(1, 9)]
NEW = ("tournament", "new", "cup", *FIELD, "--hands", "2,1", "--seed", "7", "--losers-bracket")
ADVANCE = ("tournament", "advance", "cup")


def current_tables(ohhell: Ohhell) -> list[dict[str, Any]]:
    """The tables still being played."""
    rounds = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))["rounds"]
    return [t for r in rounds for t in r["tables"] if not t["finished"]]


def ready_for(ohhell: Ohhell, command: str) -> tuple[str, ...]:
    """The command line of `command`, with the tournament as it needs (round 1 played)."""
    if command == "new":
        return NEW
    ohhell.ok(*NEW)
    for table in current_tables(ohhell):
        play_cli(ohhell, table["game"], sorted(table["players"], key=FIELD.index))
    return ADVANCE


def seated_and_playable(ohhell: Ohhell) -> None:
    """Every table of the round just seated (round 1, or both finals) takes a bid."""
    seated = current_tables(ohhell)
    assert len(seated) == 2
    for table in seated:
        ohhell.ok("bid", "-g", table["game"], "0")


def files(folder: Path) -> dict[str, bytes]:
    """What a user would find: every file but the (empty) lock files."""
    return {k: v for k, v in snapshot(folder).items() if not k.endswith(".lock")}


@pytest.mark.parametrize("command", ["new", "advance"])
def test_a_tournament_that_cannot_be_saved_leaves_nothing_behind_and_a_retry_succeeds(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """A folder made read-only (`chattr +i tournaments/`), in-process: every write there fails."""
    args = ready_for(ohhell, command)
    before = files(data_dir)
    write = files_module.write_atomic  # what storage/tournaments.py writes with

    def immutable(path: Path, text: str, **kwargs: Any) -> None:
        if path.parent.name == ts.FOLDER:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(path))
        write(path, text, **kwargs)

    monkeypatch.setattr(f"{ts.__name__}.write_atomic", immutable)
    ohhell.refused(*args)
    assert files(data_dir) == before
    monkeypatch.setattr(f"{ts.__name__}.write_atomic", write)
    ohhell.ok(*args)
    seated_and_playable(ohhell)


@pytest.mark.parametrize("command", ["new", "advance"])
def test_a_table_that_cannot_be_written_undoes_the_whole_seating(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """The disk fills as the second table's game is written: the first table's game and
    the tournament saved before it are taken back, and a retry succeeds."""
    args = ready_for(ohhell, command)
    before = files(data_dir)
    create = games.create
    made: list[str] = []

    def full_at_the_second(game: Any, **kwargs: Any) -> None:
        if made:
            raise OSError(errno.ENOSPC, "No space left on device", game.id)
        create(game, **kwargs)
        made.append(game.id)

    monkeypatch.setattr(games, "create", full_at_the_second)
    ohhell.refused(*args)
    assert files(data_dir) == before
    monkeypatch.setattr(games, "create", create)
    ohhell.ok(*args)
    seated_and_playable(ohhell)


def test_a_failed_advance_puts_back_a_tournament_file_an_editor_saved_in_utf_16(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JSON may come in UTF-16 (json.loads reads it): the failed seating's undo puts the
    file back byte for byte, not half-seated because the bytes were not UTF-8."""
    args = ready_for(ohhell, "advance")
    path = ts.path_of("cup")
    path.write_bytes(path.read_text(encoding="utf-8").encode("utf-16"))
    before = files(data_dir)

    def full(game: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", game.id)

    monkeypatch.setattr(games, "create", full)
    ohhell.refused(*args)
    assert files(data_dir) == before


def test_an_advance_keeps_the_tournament_as_it_was_before_it_as_the_bak(
    ohhell: Ohhell, data_dir: Path
) -> None:
    args = ready_for(ohhell, "advance")
    saved = data_dir / ts.FOLDER / "cup.json"
    before = saved.read_bytes()
    ohhell.ok(*args)
    assert saved.with_name("cup.json.bak").read_bytes() == before


def _killed_at_the_second_table(args: tuple[str, ...]) -> None:
    """In a child process: run the command and die (SIGKILL-like) as it writes the
    second table's game."""
    create = games.create
    made: list[str] = []

    def create_then_die(game: Any, **kwargs: Any) -> None:
        if made:
            os._exit(9)
        create(game, **kwargs)
        made.append(game.id)

    games.create = create_then_die
    run(*args)
    os._exit(0)


@pytest.mark.parametrize("command", ["new", "advance"])
def test_a_tournament_command_killed_half_way_is_finished_by_its_retry(
    ohhell: Ohhell, data_dir: Path, command: str
) -> None:
    """The .bak stays the tournament as it was before the command (none before `new`),
    never the half-written seating the retry finishes."""
    args = ready_for(ohhell, command)
    saved = data_dir / ts.FOLDER / "cup.json"
    before = saved.read_bytes() if saved.exists() else None
    child = FORK.Process(target=_killed_at_the_second_table, args=(args,))
    child.start()
    child.join(60)
    assert child.exitcode == 9, "the command was not killed half way"
    ohhell.ok(*args)
    seated_and_playable(ohhell)
    backup = saved.with_name("cup.json.bak")
    assert (backup.read_bytes() if backup.exists() else None) == before


@pytest.mark.parametrize(
    ("first", "retry", "finished"),
    [((), (), True), (("--seed", "7"), ("--seed", "8"), False)],
)
def test_a_new_killed_half_way_is_finished_only_by_the_same_command(
    ohhell: Ohhell, first: tuple[str, ...], retry: tuple[str, ...], finished: bool
) -> None:
    """docs/tournament.md: the same `tournament new` again finishes one killed half
    way, its random seed kept when none was given; one with another --seed is
    another tournament, refused as the name is taken."""
    base = ("tournament", "new", "cup", *FIELD, "--hands", "2,1")
    child = FORK.Process(target=_killed_at_the_second_table, args=((*base, *first),))
    child.start()
    child.join(60)
    assert child.exitcode == 9, "the command was not killed half way"
    if finished:
        ohhell.ok(*base, *retry)
        seated_and_playable(ohhell)
    else:
        err = ohhell.refused(*base, *retry)
        assert err == "ohhell: a tournament 'cup' exists already\n"


def test_after_an_advance_killed_half_way_every_table_of_the_new_round_is_there(
    ohhell: Ohhell,
) -> None:
    """Before or after, never between: the round the tournament shows is all there.
    `tournament show` finishes the seating quietly: the current game stays the one last
    played (only `advance` itself makes a new table current)."""
    args = ready_for(ohhell, "advance")
    current = ohhell.sheet()["id"]
    child = FORK.Process(target=_killed_at_the_second_table, args=(args,))
    child.start()
    child.join(60)
    assert child.exitcode == 9, "the command was not killed half way"
    assert len(current_tables(ohhell)) == 2  # `tournament show` finishes the seating
    assert ohhell.sheet()["id"] == current
    seated_and_playable(ohhell)


def _lock_is_held(lock: Path) -> bool:
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_bid_entered_while_collect_checks_its_table_is_never_dropped(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bid racing collect, made certain: a `bid` comes while collect checks the table.
    If collect holds the table's lock, the bid waits and lands on the collected game;
    if not, the bid lands at once and collect's replace must not throw it away."""
    from ohhell_score.domain import tournament

    ohhell.ok(*NEW)
    table = current_tables(ohhell)[0]["game"]
    brought = tmp_path / "brought.json"
    ohhell.ok("export", "-g", table, "--format", "json", "-o", str(brought))
    bid = [sys.executable, "-m", "ohhell_score", "bid", "-g", table, "1"]
    started: list[subprocess.Popen[bytes]] = []
    bring = tournament.bring

    def bring_while_a_bid_comes(*args: Any, **kwargs: Any) -> Any:
        held = _lock_is_held(data_dir / f"{table}.lock")
        started.append(subprocess.Popen(bid, stdout=subprocess.DEVNULL))
        if not held:
            started[0].wait(60)  # nothing keeps it out: it lands before the replace
        return bring(*args, **kwargs)

    monkeypatch.setattr(tournament, "bring", bring_while_a_bid_comes)
    ohhell.ok("tournament", "collect", "cup", str(brought))
    assert started and started[0].wait(60) == 0, "the bid was refused"
    bids = ohhell.sheet("-g", table)["hands"][0]["bids"]
    assert list(bids.values()) == [1], "the bid that printed success is gone"
