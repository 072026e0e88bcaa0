"""`ohhell tournament collect NAME --watch FOLDER... [--once]` (docs/scripting.md,
"Tournaments over several laptops"): what sync tools and shares really do to files,
with real files, real processes and, last, two real Syncthing instances on loopback."""

from __future__ import annotations

import contextlib
import html
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import types
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from ohhell_score.actions import watch
from ohhell_score.domain.codec import game_text
from ohhell_score.domain.game import (
    Game,
    Step,
    add_bids,
    add_tricks,
    edit,
    progress,
    set_trump,
    undo,
)
from ohhell_score.domain.rules import Suit
from ohhell_score.domain.tournament import entry_facts
from ohhell_score.storage import games, notice
from ohhell_score.storage import tournaments as ts

from .conftest import ALONE, Ohhell, need
from .syncthing import Syncthing

FIELD = [f"P{i}" for i in range(1, 9)]
HANDS = 7
NEW = ("tournament", "new", "cup", *FIELD, "--hands", "7,6,5,4,3,2,1", "--no-shuffle")
TABLE = "cup-r1-t2"  # P5 to P8
#: The first line of `collect --watch` over one folder.
FOLLOWING = "Following 1 folder for tournament cup (Ctrl-C stops).\n"


@pytest.fixture
def cup(ohhell: Ohhell) -> Game:
    """A tournament of two tables; the second table's game as it was handed out."""
    ohhell.ok(*NEW)
    return games.load_progress(TABLE).game


@pytest.fixture
def laptop(tmp_path: Path) -> Path:
    """The folder a sync tool fills with the table's laptop's data folder."""
    folder = tmp_path / "hall" / "t2"
    folder.mkdir(parents=True)
    return folder


def played(game: Game, hands: int, taker: int = 0) -> Game:
    """``game`` with ``hands`` more hands: every bid 0, the ``taker``-th to bid takes
    every trick (a bid sum of 0 is never the hand's cards: legal whoever deals)."""
    for _ in range(hands):
        now = progress(game).next
        assert now is not None
        while (step := progress(game).next) is not None and step.hand == now.hand:
            order = progress(game).hands[now.hand - 1].order
            if step.step is Step.BID:
                game = add_bids(game, [(p, 0) for p in order])
            elif step.step is Step.TRUMP:
                game = set_trump(game, Suit.SPADES)
            else:
                game = add_tricks(game, [(p, now.cards if p == order[taker] else 0) for p in order])
    return game


def put(path: Path, game: Game) -> None:
    """Save ``game`` at ``path`` as a sync tool does: a temp file renamed over it."""
    temp = path.with_name(f".syncthing.{path.name}.tmp")
    temp.write_text(game_text(game), encoding="utf-8")
    os.replace(temp, path)


def here() -> Game:
    return games.load_progress(TABLE).game


def hands_here() -> int:
    return sum(1 for h in progress(here()).hands if h.tricks)


def once(ohhell: Ohhell, *folders: Path) -> Any:
    return ohhell("tournament", "collect", "cup", "--watch", *map(str, folders), "--once")


def until(done: Callable[[], bool], seconds: float = 10.0) -> float:
    """Wait (at most ``seconds``) for ``done``; the seconds it took."""
    start = time.monotonic()
    while not done():
        if time.monotonic() - start > seconds:
            raise AssertionError(f"not done within {seconds} s")
        time.sleep(0.02)
    return time.monotonic() - start


# --- --once and its exit status ---------------------------------------------------


def test_once_collects_a_newer_copy_and_says_so(ohhell: Ohhell, cup: Game, laptop: Path) -> None:
    put(laptop / f"{TABLE}.json", played(cup, 2))
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n",
        "",
    )
    assert hands_here() == 2


def test_once_again_finds_it_up_to_date_and_writes_nothing(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path
) -> None:
    """Nothing collected twice: the second look compares entries and leaves the file."""
    put(laptop / f"{TABLE}.json", played(cup, 2))
    assert once(ohhell, laptop).exit_code == 0
    before = (data_dir / f"{TABLE}.json").stat()
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    after = (data_dir / f"{TABLE}.json").stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_copy_with_fewer_entries_or_the_same_is_not_newer(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path, data_dir: Path
) -> None:
    """Two copies in the hall (the table's folder and yesterday's stick): the one that
    is a beginning of what is here changes nothing, whatever its file's time says."""
    stick = tmp_path / "stick"
    stick.mkdir()
    put(laptop / f"{TABLE}.json", played(cup, 3))
    put(stick / f"{TABLE}.json", played(cup, 1))
    os.utime(stick / f"{TABLE}.json", (2_000_000_000, 2_000_000_000))  # a clock ahead
    result = once(ohhell, laptop, stick)
    assert (result.exit_code, result.stderr) == (0, "")
    assert hands_here() == 3
    saved = (data_dir / f"{TABLE}.json").read_bytes()
    put(stick / f"{TABLE}.json", cup)  # no entries at all
    assert once(ohhell, stick).exit_code == 0
    assert (data_dir / f"{TABLE}.json").read_bytes() == saved


def taken_over_said(game: str = TABLE) -> str:
    return (
        f"ohhell: {game} is taken over on this laptop (an entry was made here since its "
        "table's last copy): the table's copies are refused unless they hold every entry "
        f"made here; to hand it back, copy this laptop's file (`ohhell path -g {game}`) "
        "into the table's data folder\n"
    )


def said_under(game: str, shown: str) -> str:
    """The line `tournament show` has under a table's own line."""
    return shown.split(f"\n  {game}: ")[1].splitlines()[1].strip()


def bid_here(ohhell: Ohhell) -> None:
    """The organiser makes the next entry on the copy here (one the table's
    `play_a_hand` does not make): the table is taken over."""
    now = ohhell.sheet("-g", TABLE)["next"]
    if now["step"] == "trump":
        ohhell.ok("trump", "-g", TABLE, "hearts")
    else:
        ohhell.ok("bid", "-g", TABLE, f"{now['player']}=1")


@pytest.mark.parametrize("hands_there", [2, 3])
def test_a_copy_that_went_another_way_at_a_table_taken_over_here_is_refused(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path, hands_there: int
) -> None:
    """Once an entry is made on the organiser's copy, a table's copy that lacks it is
    refused, naming the file, after the line saying the table is taken over."""
    exported = _exported(played(cup, 1), laptop / "a.json")
    ohhell.ok("tournament", "collect", "cup", str(exported))
    exported.unlink()
    bid_here(ohhell)
    saved = (data_dir / f"{TABLE}.json").read_bytes()
    copy = laptop / f"{TABLE}.json"
    put(copy, played(cup, hands_there, taker=1))
    result = once(ohhell, laptop)
    assert result.exit_code == 1
    assert result.stderr == taken_over_said() + (
        f"ohhell: {copy}: {TABLE} here has entries that game {TABLE!r} does not: "
        "bring the copy that holds them all\n"
    )
    assert (data_dir / f"{TABLE}.json").read_bytes() == saved


LATER = "2026-12-04T21:00:00+01:00"  # the table's clock, after the copies above


def test_an_undo_and_an_edit_at_the_table_are_followed_here(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    """The organiser's copy follows the table while nothing is entered here: the
    table's undo of a hand the organiser had, the hand played again otherwise, then an
    edit, each come in whole and are said."""
    copy = laptop / f"{TABLE}.json"
    two = played(cup, 2)
    put(copy, two)
    assert once(ohhell, laptop).exit_code == 0
    undone = undo(two, at=LATER)  # hand 2's tricks taken back
    put(copy, undone)
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n",
        "",
    )
    assert entry_facts(here()) == entry_facts(undone)
    again = played(played(cup, 1), 1, taker=1)
    put(copy, again)
    assert once(ohhell, laptop).stdout == f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n"
    order = progress(again).hands[0].order
    edited = edit(again, 1, "bids", [(order[1], 1)], at="2026-12-04T21:05:00+01:00")
    put(copy, edited)
    assert once(ohhell, laptop).exit_code == 0
    assert progress(here()).hands[0].bids[order[1]] == 1
    assert "taken over" not in ohhell.ok("tournament", "show", "cup")


def test_an_old_copy_of_a_followed_table_changes_nothing(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path
) -> None:
    """A copy with fewer entries saved before the one here (yesterday's stick) is no
    undo: the table's own clock says it is older."""
    stick = tmp_path / "stick"
    stick.mkdir()
    put(stick / f"{TABLE}.json", played(cup._replace(updated="2026-12-04T19:00:00+01:00"), 1))
    put(laptop / f"{TABLE}.json", played(cup._replace(updated=LATER), 2))
    assert once(ohhell, laptop).exit_code == 0
    result = once(ohhell, stick)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert hands_here() == 2


def test_a_table_taken_over_here_is_said_once_shown_and_handed_back(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's laptop died after hand 1; the organiser bids hand 2 here. The watch
    says once that the table is taken over and refuses the old laptop's later copy;
    `tournament show` marks it. Handed back (the organiser's file copied to the
    table's folder and played on there), the table is followed again."""
    copy = laptop / f"{TABLE}.json"
    put(copy, played(cup, 1))
    assert once(ohhell, laptop).exit_code == 0
    bid_here(ohhell)
    assert said_under(TABLE, ohhell.ok("tournament", "show", "cup")) == (
        "taken over on this laptop: its table's copies are followed again once one holds "
        "every entry made here"
    )
    kept = (data_dir / f"{TABLE}.json").read_bytes()

    def revived() -> None:  # the dead laptop comes back with a hand of its own
        put(copy, played(cup, 2, taker=1))

    result, _looks = watched(ohhell, monkeypatch, [laptop], {2: revived}, 4)
    assert (result.exit_code, result.stdout) == (0, FOLLOWING)
    assert result.stderr == taken_over_said() + (
        f"ohhell: {copy}: {TABLE} here has entries that game {TABLE!r} does not: "
        "bring the copy that holds them all\n"
    )
    assert (data_dir / f"{TABLE}.json").read_bytes() == kept
    shutil.copy(data_dir / f"{TABLE}.json", copy)  # handed back
    with monkeypatch.context() as m:
        m.setenv("OHHELL_DATA_DIR", str(laptop))
        play_a_hand(ohhell, TABLE)
    assert once(ohhell, laptop).stdout == f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n"
    assert "taken over" not in ohhell.ok("tournament", "show", "cup")
    put(copy, undo(games.load_progress(TABLE).game, at=LATER))  # followed: an undo comes in
    assert once(ohhell, laptop).stdout == f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n"


def test_watching_says_a_line_for_each_hand_scored_not_for_each_bid(
    ohhell: Ohhell, cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`collect --watch` says once what it follows, then a line when a table scores a
    hand; bids alone are collected without a word."""
    copy = laptop / f"{TABLE}.json"
    order = progress(cup).hands[0].order
    steps: dict[int, Callable[[], object]] = {
        1: lambda: put(copy, add_bids(cup, [(order[0], 0)])),
        2: lambda: put(copy, add_bids(cup, [(p, 0) for p in order])),
        3: lambda: put(copy, played(cup, 1)),
        4: lambda: put(
            copy, add_bids(played(cup, 1), [(progress(played(cup, 1)).hands[1].order[0], 0)])
        ),
    }
    result, _looks = watched(ohhell, monkeypatch, [laptop], steps, 5)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n",
        "",
    )
    assert len(here().entries) == len(played(cup, 1).entries) + 1  # the last bid came in too


def said_of_conflict(copy: Path) -> str:
    """The line a conflict copy of the second table is named with."""
    return (
        f"ohhell: {copy}: a sync conflict copy of {TABLE}, not collected: "
        "compare it with the table's own file and keep the right one"
    )


def _exported(game: Game, path: Path) -> Path:
    """What `ohhell export --format json` writes: the facts under "game"."""
    path.write_text(json.dumps({"id": game.id, "game": json.loads(game_text(game))}))
    return path


def test_an_exported_copy_under_any_name_is_collected(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    _exported(played(cup, 1), laptop / "table two.json")
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stderr) == (0, "")
    assert hands_here() == 1


def test_a_game_of_other_players_at_a_table_is_refused(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    put(laptop / f"{TABLE}.json", cup._replace(players=("P5", "P6", "P7", "Zoë")))
    result = once(ohhell, laptop)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"ohhell: {laptop / TABLE}.json: game {TABLE!r} is played by")


def test_a_table_file_that_is_not_a_game_is_refused_under_once(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    broken = laptop / f"{TABLE}.json"
    broken.write_text('{"schema": 2, "id": ', encoding="utf-8")
    result = once(ohhell, laptop)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"ohhell: cannot read {broken}: ")


def test_no_tournament_or_no_folder_is_refused_and_once_needs_watch(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path
) -> None:
    absent = tmp_path / "absent"
    assert ohhell.refused("tournament", "collect", "cup", "--watch", str(absent), "--once") == (
        f"ohhell: cannot watch {absent}: not a folder\n"
    )
    assert "no tournament 'nope'" in ohhell.refused(
        "tournament", "collect", "nope", "--watch", str(laptop), "--once"
    )
    assert ohhell.invalid_value("tournament", "collect", "cup", "--once", str(laptop)) == (
        "--once goes with --watch"
    )


# --- what sync tools leave in folders ------------------------------------------------


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file the watcher reads as a game, in order."""
    seen: list[Path] = []
    real = ts.read_brought

    def reading(path: Path) -> Any:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(ts, "read_brought", reading)
    return seen


@pytest.mark.parametrize(
    "name",
    [
        f".syncthing.{TABLE}.json.tmp",
        f"~syncthing~{TABLE}.json.tmp",
        f".{TABLE}.json",
        f"~{TABLE}.json",
    ],
)
def test_hidden_and_temporary_names_are_never_read(
    ohhell: Ohhell, cup: Game, laptop: Path, reads: list[Path], name: str
) -> None:
    (laptop / name).write_text(game_text(played(cup, 1)), encoding="utf-8")
    (laptop / ".stversions").mkdir()  # Syncthing's old versions: a hidden folder
    put(laptop / ".stversions" / f"{TABLE}.json", played(cup, 2))
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert reads == []
    assert hands_here() == 0


def test_a_conflict_copy_is_named_never_collected_and_once_exits_0(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    conflict = laptop / f"{TABLE}.sync-conflict-20261202-201500-ABCDEFG.json"
    put(conflict, played(cup, 2))
    put(laptop / f"{TABLE}.json", played(cup, 1))
    result = once(ohhell, laptop)
    assert result.exit_code == 0
    assert result.stderr == said_of_conflict(conflict) + "\n"
    assert hands_here() == 1


def test_files_that_are_not_games_of_this_tournament_are_passed_over(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cy", "-g", "friday")
    put(laptop / "friday.json", played(games.load_progress("friday").game, 1))
    (laptop / "notes.json").write_text('{"what": "not a game"}', encoding="utf-8")
    (laptop / "half.json").write_text("{", encoding="utf-8")
    (laptop / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    (laptop / f"{TABLE}.json.bak").write_text("{", encoding="utf-8")
    (laptop / "tournaments").mkdir()
    (laptop / "tournaments" / "cup.json").write_text("{}", encoding="utf-8")
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")


def test_thousands_of_other_files_are_listed_but_read_once(
    ohhell: Ohhell, cup: Game, laptop: Path, reads: list[Path]
) -> None:
    """Only `*.json` names are read, each once it holds still; later looks read nothing
    that did not change."""
    for i in range(2000):
        (laptop / f"photo-{i}.jpg").write_bytes(b"x")
    for i in range(500):
        (laptop / f"other-{i}.json").write_text("{}", encoding="utf-8")
    watcher = watch.Watcher("cup", [laptop])
    for _ in range(2):  # read, then judged once unchanged
        assert watcher.scan(final=False) == []
    assert len(reads) == 2 * 500 and all(p.suffix == ".json" for p in reads)
    put(laptop / f"{TABLE}.json", played(cup, 1))
    reads.clear()
    events = watcher.scan(final=False)
    assert [e.kind for e in events] == [watch.Kind.COLLECTED]
    assert reads == [laptop / f"{TABLE}.json"]


def test_a_file_replaced_while_it_is_read_is_read_again(
    cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy read is the one that was there; the one that replaced it is not taken
    as read."""
    path = laptop / f"{TABLE}.json"
    put(path, played(cup, 1))
    real = ts.read_brought
    replaced: list[bool] = []

    def read_then_replaced(p: Path) -> Any:
        got = real(p)
        if not replaced:
            replaced.append(True)
            put(path, played(cup, 3))
        return got

    monkeypatch.setattr(ts, "read_brought", read_then_replaced)
    watcher = watch.Watcher("cup", [laptop])
    # while watching, a look does not linger on a file a sync tool is writing: the next
    # look, half a second on, reads it again
    assert watcher.scan(final=False) == []
    assert hands_here() == 0
    assert [e.kind for e in watcher.scan(final=False)] == [watch.Kind.COLLECTED]
    assert hands_here() == 3


def test_under_once_a_file_replaced_while_read_is_read_again_at_once(
    ohhell: Ohhell, cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = laptop / f"{TABLE}.json"
    put(path, played(cup, 1))
    real = ts.read_brought
    calls: list[Path] = []

    def read_then_replaced(p: Path) -> Any:
        calls.append(p)
        got = real(p)
        if len(calls) == 1:
            put(path, played(cup, 3))
        return got

    monkeypatch.setattr(ts, "read_brought", read_then_replaced)
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout) == (
        0,
        f"{TABLE}: P5, P6, P7, P8 (3 of 7 hands scored).\n",
    )


def test_a_copy_still_being_written_is_not_refused(cup: Game, laptop: Path) -> None:
    """A share or a stick written in place: half a file, then the rest."""
    path = laptop / f"{TABLE}.json"
    text = game_text(played(cup, 2))
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    watcher = watch.Watcher("cup", [laptop])
    assert watcher.scan(final=False) == []
    with path.open("a", encoding="utf-8") as rest:
        rest.write(text[len(text) // 2 :])
    assert [e.kind for e in watcher.scan(final=False)] == [watch.Kind.COLLECTED]
    assert hands_here() == 2


def test_a_folder_that_disappears_and_comes_back_is_followed(
    cup: Game, laptop: Path, tmp_path: Path
) -> None:
    put(laptop / f"{TABLE}.json", played(cup, 1))
    watcher = watch.Watcher("cup", [laptop])
    assert [e.kind for e in watcher.scan(final=False)] == [watch.Kind.COLLECTED]
    away = tmp_path / "away"
    laptop.rename(away)  # the share unmounted, the stick pulled
    assert watcher.scan(final=False) == []
    away.rename(laptop)
    assert watcher.scan(final=False) == []  # the same copy: up to date
    laptop.rename(away)
    put(away / f"{TABLE}.json", played(cup, 2))
    assert watcher.scan(final=False) == []
    away.rename(laptop)
    assert [e.kind for e in watcher.scan(final=False)] == [watch.Kind.COLLECTED]
    assert hands_here() == 2


def test_tournament_new_says_how_a_table_gets_its_game_and_it_works(
    ohhell: Ohhell, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Following the line `tournament new` prints: the game file into the laptop's data
    folder, played there, collected here."""
    out = ohhell.ok(*NEW)
    assert "copy its game file (`ohhell path -g cup-r1-t1`)" in out
    assert "`ohhell tournament collect cup --watch FOLDER...`" in out
    shutil.copy(ohhell.ok("path", "-g", TABLE).strip(), laptop)
    with monkeypatch.context() as m:
        m.setenv("OHHELL_DATA_DIR", str(laptop))
        ohhell.ok("bid", "-g", TABLE, "P6=0", "P7=0", "P8=0", "P5=0")
    result = once(ohhell, laptop)
    assert result.exit_code == 0
    assert progress(here()).hands[0].bids == {"P6": 0, "P7": 0, "P8": 0, "P5": 0}


# --- the watcher as a process ----------------------------------------------------


WATCH = (sys.executable, "-m", "ohhell_score", "tournament", "collect", "cup", "--watch")


def watching(*folders: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*WATCH, *map(str, folders)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    """Every process a test starts, killed at its end if still running."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for p in started:
        if p.poll() is None:
            p.kill()
        p.communicate(timeout=10)


@ALONE
def test_watch_follows_a_folder_until_ctrl_c(
    cup: Game, laptop: Path, processes: list[subprocess.Popen[str]]
) -> None:
    watcher = watching(laptop)
    processes.append(watcher)
    for hands in (1, 2):
        put(laptop / f"{TABLE}.json", played(cup, hands))
        assert until(lambda: hands_here() == hands) < 5  # noqa: B023
    watcher.send_signal(signal.SIGINT)
    out, err = watcher.communicate(timeout=10)
    assert (watcher.returncode, err) == (0, "")
    assert out == (
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n"
        f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n"
    )


def hands_of(game_id: str) -> int:
    return sum(1 for h in games.load_progress(game_id).hands if h.tricks)


@ALONE
def test_watch_refuses_a_file_names_it_and_goes_on(
    cup: Game, laptop: Path, processes: list[subprocess.Popen[str]]
) -> None:
    put(laptop / "other.json", cup._replace(id="other", players=("P5", "P6", "P7", "P9")))
    put(laptop / f"{TABLE}.json", cup._replace(players=("P5", "P6", "P7", "P9")))
    # looked at after the table's file (in name order): collected, the table's was judged
    put(laptop / "zz-t1.json", played(games.load_progress("cup-r1-t1").game, 1))
    watcher = watching(laptop)
    processes.append(watcher)
    until(lambda: hands_of("cup-r1-t1") == 1)
    put(laptop / f"{TABLE}.json", played(cup, 2))
    until(lambda: hands_here() == 2)
    watcher.send_signal(signal.SIGINT)
    out, err = watcher.communicate(timeout=10)
    assert watcher.returncode == 0
    assert out.splitlines() == [
        FOLLOWING.strip(),
        "cup-r1-t1: P1, P2, P3, P4 (1 of 7 hands scored).",
        f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).",
    ]
    # other players under another id are no game of this tournament's: not a word
    assert err.count("\n") == 1 and f"{laptop / TABLE}.json: game {TABLE!r} is played by" in err


@ALONE
def test_killed_at_any_moment_nothing_is_collected_twice_or_half(
    cup: Game, laptop: Path, data_dir: Path, processes: list[subprocess.Popen[str]]
) -> None:
    """Ten kills (SIGKILL) at random moments while copies arrive: every file here is
    whole at every kill, never more than was sent, and no copy is announced twice."""
    rng = random.Random(30)
    versions = [played(cup, k) for k in range(1, HANDS + 1)]
    sent = 0
    said: list[str] = []
    for _kill in range(10):
        watcher = watching(laptop)
        processes.append(watcher)
        time.sleep(rng.uniform(0.0, 0.8))
        if sent < len(versions) and rng.random() < 0.8:
            put(laptop / f"{TABLE}.json", versions[sent])
            sent += 1
        time.sleep(rng.uniform(0.0, 0.8))
        watcher.kill()
        out, _err = watcher.communicate(timeout=10)
        said += out.splitlines()[1:]  # after the line saying what it follows
        kept = entry_facts(here())  # whole, or load_progress would refuse it
        assert kept == (entry_facts(versions[sent - 1])[: len(kept)] if sent else [])
        backup = data_dir / f"{TABLE}.json.bak"
        if backup.exists():
            ts.read_brought(backup)  # whole too
    put(laptop / f"{TABLE}.json", versions[-1])
    final = subprocess.run(
        [*WATCH, str(laptop), "--once"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert final.returncode == 0
    said += final.stdout.splitlines()
    assert entry_facts(here()) == entry_facts(versions[-1])
    assert len(said) == len(set(said)), said
    assert said[-1] == f"{TABLE}: P5, P6, P7, P8 (finished)."


# --- two real Syncthing instances on loopback --------------------------------------


def play_a_hand(ohhell: Ohhell, game_id: str) -> None:
    """One hand typed at the table, from where it stands: every bid 0, the first to bid
    takes every trick."""
    first = None
    while (now := ohhell.sheet("-g", game_id)["next"])["step"] != "tricks":
        if now["step"] == "trump":
            ohhell.ok("trump", "-g", game_id, "spades")
        else:
            first = first or now["player"]
            ohhell.ok("bid", "-g", game_id, f"{now['player']}=0")
    bids = ohhell.sheet("-g", game_id)["hands"][now["hand"] - 1]["bids"]
    first = first or next(iter(bids))
    tricks = [f"{p}={now['cards'] if p == first else 0}" for p in bids]
    ohhell.ok("tricks", "-g", game_id, *tricks)


class Hall(NamedTuple):
    """The second table's laptop kept in step with the organiser's by Syncthing."""

    table_data: Path  # the table's data folder (sent only)
    inbox: Path  # its copy on the organiser's laptop (received only)
    at_table: Syncthing

    def at_the_table(self, ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
        """A command typed at the table, whose save Syncthing sends at once."""
        with monkeypatch.context() as m:
            m.setenv("OHHELL_DATA_DIR", str(self.table_data))
            out = ohhell.ok(*args) if args else ""
            if not args:
                play_a_hand(ohhell, TABLE)
        self.at_table.rest("POST", f"/rest/db/scan?folder=cup-t2&sub={TABLE}.json")
        return out

    def table_copy(self) -> Game:
        return ts.read_brought(self.table_data / f"{TABLE}.json").game

    def table_copy_totals(self, ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch) -> Any:
        with monkeypatch.context() as m:
            m.setenv("OHHELL_DATA_DIR", str(self.table_data))
            return ohhell.sheet("-g", TABLE)["totals"]


@contextlib.contextmanager
def hall_synced(ohhell: Ohhell, tmp_path: Path) -> Iterator[Hall]:
    """Two real Syncthing instances on loopback: the table's data folder, holding the
    game the organiser handed out, sent to the organiser's inbox; stopped at the end."""
    syncthing = need("syncthing")
    table_data, inbox = tmp_path / "table-laptop", tmp_path / "hall" / "t2"
    table_data.mkdir()
    inbox.mkdir(parents=True)
    shutil.copy(ohhell.ok("path", "-g", TABLE).strip(), table_data)
    instances: list[Syncthing] = []
    try:
        at_table = Syncthing(syncthing, tmp_path / "st-table")
        instances.append(at_table)
        organiser = Syncthing(syncthing, tmp_path / "st-organiser")
        instances.append(organiser)
        at_table.share("cup-t2", table_data, "sendonly", organiser)
        organiser.share("cup-t2", inbox, "receiveonly", at_table)
        until(lambda: at_table.connected(organiser), 30)
        until((inbox / f"{TABLE}.json").exists, 30)
        yield Hall(table_data, inbox, at_table)
    finally:
        for instance in instances:
            instance.stop()
    assert all(i.process.returncode is not None for i in instances)


@ALONE
def test_hands_played_at_a_table_reach_the_organiser_through_syncthing(
    ohhell: Ohhell,
    cup: Game,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    processes: list[subprocess.Popen[str]],
) -> None:
    """The hall: the table's data folder sent (send-only) to the organiser's laptop
    (receive-only), `collect --watch` following it; each hand is here within seconds."""
    with hall_synced(ohhell, tmp_path) as hall:
        processes.append(watching(hall.inbox))
        for hand in range(1, 3):
            hall.at_the_table(ohhell, monkeypatch)
            assert until(lambda: hands_here() == hand, 30) < 5  # noqa: B023


def hall_card(url: str) -> tuple[str, dict[str, int], str | None]:
    """The second table's card on the hall board: its state line, each total, and what
    it says of a table taken over here."""
    with urllib.request.urlopen(f"{url}?view=hall", timeout=10) as response:
        page = response.read().decode("utf-8")
    found = re.search(rf'id="table-{TABLE}">(.*?)</article>', page)
    assert found is not None, page
    state = re.search(r'<p class="state">(.*?)</p>', found.group(1))
    assert state is not None
    totals = re.findall(
        r'class="name">(?:<a [^>]*>)?([^<]*)<.*?class="total">(-?\d+)<', found.group(1)
    )
    taken = re.search(r'<p class="taken">(.*?)</p>', found.group(1))
    said = html.unescape(taken.group(1)) if taken else None
    return html.unescape(state.group(1)), {n: int(t) for n, t in totals}, said


@ALONE
def test_a_tables_undo_and_corrected_hand_reach_the_organiser_and_the_hall_board(
    ohhell: Ohhell,
    cup: Game,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    processes: list[subprocess.Popen[str]],
) -> None:
    """Through two real Syncthing instances: the table undoes a hand the organiser
    already has and enters other tricks; the organiser's copy and the hall board (a
    real `ohhell board --tournament`) follow. Then the organiser takes the table over
    (an entry here): the table's later saves do not overwrite it, and the watch says
    so once."""
    board = subprocess.Popen(
        [sys.executable, "-m", "ohhell_score", "board", "--tournament", "cup", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    processes.append(board)
    assert board.stdout is not None
    url = board.stdout.readline().split()[-1]
    with hall_synced(ohhell, tmp_path) as hall:
        watcher = watching(hall.inbox)
        processes.append(watcher)
        for hand in range(1, 3):
            hall.at_the_table(ohhell, monkeypatch)
            until(lambda: hands_here() == hand, 30)  # noqa: B023
        hall.at_the_table(ohhell, monkeypatch, "undo", "-g", TABLE)  # hand 2's tricks
        until(lambda: hands_here() == 1, 30)
        assert entry_facts(here()) == entry_facts(hall.table_copy())
        # The game and the mark of the copy collected are two files: the board follows
        # both, within the second it promises.
        followed = (ohhell.sheet("-g", TABLE)["totals"], None)
        until(lambda: hall_card(url)[1:] == followed, 5)
        hand_2 = progress(here()).hands[1]
        other = [f"{p}={hand_2.cards if k == 1 else 0}" for k, p in enumerate(hand_2.order)]
        hall.at_the_table(ohhell, monkeypatch, "tricks", "-g", TABLE, *other)
        until(lambda: hands_here() == 2, 30)
        assert entry_facts(here()) == entry_facts(hall.table_copy())
        state, totals, _taken = hall_card(url)
        assert totals == hall.table_copy_totals(ohhell, monkeypatch)
        assert "3" in state  # the card moved on to hand 3
        bid_here(ohhell)  # the organiser takes the table over
        taken = entry_facts(here())
        hall.at_the_table(ohhell, monkeypatch)  # the table plays on all the same
        inbox = hall.inbox / f"{TABLE}.json"
        until(
            lambda: entry_facts(ts.read_brought(inbox).game) == entry_facts(hall.table_copy()), 30
        )
        time.sleep(4 * watch.INTERVAL)  # the watch's next looks judge the copy synced
        assert entry_facts(here()) == taken
        assert hall_card(url)[2] == (
            "taken over on this laptop: its table's copies are followed again once one "
            "holds every entry made here"
        )
        watcher.send_signal(signal.SIGINT)
        out, err = watcher.communicate(timeout=10)
    assert watcher.returncode == 0
    assert out.splitlines()[0] == FOLLOWING.strip()
    assert err.count("is taken over on this laptop") == 1
    assert err.startswith(taken_over_said())
    assert f"{TABLE} here has entries that game {TABLE!r} does not" in err


def test_watch_in_process_says_each_copy_then_ends_with_0_on_ctrl_c(
    ohhell: Ohhell, cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/tournaments.md: Ctrl-C ends `collect --watch` after the look it is in, with 0
    and no traceback, and Ctrl-C is Python's own again after it; a copy half written at
    one look is not refused but read whole at the next (the in-process twin of the tests
    above, for the mutation run: the copy is finished between two looks)."""
    before = signal.getsignal(signal.SIGINT)
    whole = game_text(played(cup, 1))
    (laptop / f"{TABLE}.json").write_text(whole[: len(whole) // 2], encoding="utf-8")
    looks: list[int] = []

    def between_looks(seconds: float) -> None:
        time.sleep(seconds)
        looks.append(hands_here())
        if len(looks) == 1:
            put(laptop / f"{TABLE}.json", played(cup, 1))
        else:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C

    monkeypatch.setattr(watch, "time", types.SimpleNamespace(sleep=between_looks))
    monkeypatch.setattr(notice, "watch", lambda folders: None)  # paced by the clock
    result = ohhell("tournament", "collect", "cup", "--watch", str(laptop))
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n",
        "",
    )
    assert looks == [0, 1]
    assert signal.getsignal(signal.SIGINT) is before


def test_watch_in_process_complains_of_a_copy_once_while_it_stays_the_same(
    ohhell: Ohhell, cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The in-process twin of test_watch_refuses_a_file_names_it_and_goes_on: a table's
    copy that is refused, and a conflict copy, are each named once however many looks
    find them unchanged; the table's next copy is collected."""
    wrong = cup._replace(players=("P5", "P6", "P7", "P9"))
    put(laptop / f"{TABLE}.json", wrong)
    conflict = laptop / f"{TABLE}.sync-conflict-20261202-201500-ABCDEFG.json"
    put(conflict, played(cup, 1))
    result, looks = watched(
        ohhell, monkeypatch, [laptop], {3: lambda: put(laptop / f"{TABLE}.json", played(cup, 2))}, 5
    )
    assert (result.exit_code, result.stdout) == (
        0,
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n",
    )
    lines = result.stderr.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"ohhell: {laptop / TABLE}.json: game {TABLE!r} is played by")
    assert lines[1] == said_of_conflict(conflict)
    assert looks == [0, 0, 0, 2, 2]


def watched(
    ohhell: Ohhell,
    monkeypatch: pytest.MonkeyPatch,
    folders: list[Path],
    after: dict[int, Callable[[], object]],
    stop: int,
) -> tuple[Any, list[int]]:
    """`tournament collect cup --watch FOLDERS` in this process: after look k,
    ``after[k]()``; Ctrl-C after look ``stop``. Its result, and the hands of the table
    here after each look."""
    looks: list[int] = []

    def between_looks(seconds: float) -> None:
        looks.append(hands_here())
        if len(looks) in after:
            after[len(looks)]()
        if len(looks) == stop:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C

    monkeypatch.setattr(watch, "time", types.SimpleNamespace(sleep=between_looks))
    monkeypatch.setattr(notice, "watch", lambda folders: None)  # paced by the clock
    return ohhell("tournament", "collect", "cup", "--watch", *map(str, folders)), looks


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_games_down_to_two_levels_below_a_folder_are_collected_not_deeper(
    ohhell: Ohhell, cup: Game, tmp_path: Path
) -> None:
    """`--watch ~/hall` follows a table's data folder in it, or a room of tables'
    folders; a folder further down is not looked through."""
    hall = tmp_path / "hall"
    near = hall / "room" / "t1"
    deep = hall / "room" / "t2" / "data"
    for folder in (near, deep):
        folder.mkdir(parents=True)
    put(near / "cup-r1-t1.json", played(games.load_progress("cup-r1-t1").game, 1))
    put(deep / f"{TABLE}.json", played(cup, 2))
    result = once(ohhell, hall)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "cup-r1-t1: P1, P2, P3, P4 (1 of 7 hands scored).\n",
        "",
    )
    assert hands_here() == 0


def test_other_files_and_folders_beside_a_game_never_stop_the_look(
    ohhell: Ohhell, cup: Game, tmp_path: Path
) -> None:
    """Hidden and temporary names, photos, folders and links to files that are gone,
    listed before or after the game whatever order the disk lists them in: in one folder
    the game is made among them, in the other after them; each holds a folder named as
    the other's game."""
    laptops = [tmp_path / "hall" / "t1", tmp_path / "hall" / "t2"]
    for folder, game in zip(laptops, ("cup-r1-t1", TABLE), strict=True):
        folder.mkdir(parents=True)
        for i in range(20):
            (folder / f".hidden-{game}-{i}").write_text("x", encoding="utf-8")
            (folder / f"~{game}-{i}.json.tmp").write_text("{", encoding="utf-8")
            (folder / f"photo-{game}-{i}.jpg").write_bytes(b"x")
            (folder / f"old-{game}-{i}").mkdir()
            (folder / f"gone-{game}-{i}.json").symlink_to(tmp_path / "pulled-stick" / "x.json")
            if i == 9 and game != TABLE:
                put(folder / f"{game}.json", played(games.load_progress(game).game, 1))
    (laptops[0] / f"{TABLE}.json").mkdir()
    (laptops[1] / "cup-r1-t1.json").mkdir()
    put(laptops[1] / f"{TABLE}.json", played(cup, 1))
    result = once(ohhell, *laptops)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "cup-r1-t1: P1, P2, P3, P4 (1 of 7 hands scored).\n"
        f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n",
        "",
    )


def test_a_link_to_a_folder_is_not_followed_so_a_loop_names_a_file_once(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path
) -> None:
    """A link back up (a share mounted inside itself) would find every file again at
    each level: a conflict copy is named once, and a linked folder's games are not
    read."""
    conflict = laptop / f"{TABLE}.sync-conflict-20261202-201500-ABCDEFG.json"
    put(conflict, played(cup, 2))
    (laptop / "again").symlink_to(laptop, target_is_directory=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    put(elsewhere / f"{TABLE}.json", played(cup, 1))
    (laptop / "linked").symlink_to(elsewhere, target_is_directory=True)
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "",
        said_of_conflict(conflict) + "\n",
    )
    assert hands_here() == 0


# --- a game belongs to a table by its tournament -------------------------------------


T1 = "cup-r1-t1"  # P1 to P4


def test_another_weeks_table_of_the_same_players_beside_this_weeks_is_passed_over(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    """A weekly club: last week's `cup0-r1-t1.json`, finished, the same players and
    rules, lies beside this week's `cup-r1-t1.json` in the table's folder. Only this
    week's is collected, and the table's next saves are too."""
    ohhell.ok("tournament", "new", "cup0", *FIELD, "--hands", "7,6,5,4,3,2,1", "--no-shuffle")
    put(laptop / "cup0-r1-t1.json", played(games.load_progress("cup0-r1-t1").game, HANDS))
    this_week = games.load_progress(T1).game
    put(laptop / f"{T1}.json", played(this_week, 1))
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        f"{T1}: P1, P2, P3, P4 (1 of 7 hands scored).\n",
        "",
    )
    put(laptop / f"{T1}.json", played(this_week, 2))
    assert once(ohhell, laptop).stdout == f"{T1}: P1, P2, P3, P4 (2 of 7 hands scored).\n"
    assert entry_facts(games.load_progress(T1).game) == entry_facts(played(this_week, 2))


def test_a_link_to_another_tournaments_file_under_a_tables_name_is_passed_over(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path
) -> None:
    ohhell.ok("tournament", "new", "cup0", *FIELD, "--hands", "7,6,5,4,3,2,1", "--no-shuffle")
    elsewhere = tmp_path / "last-week"
    elsewhere.mkdir()
    put(elsewhere / "cup0-r1-t1.json", played(games.load_progress("cup0-r1-t1").game, HANDS))
    (laptop / f"{T1}.json").symlink_to(elsewhere / "cup0-r1-t1.json")
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert not games.load_progress(T1).game.entries


def test_a_game_of_a_tournament_of_the_same_name_seated_another_day_is_refused(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path
) -> None:
    """Last week's `cup` was deleted and this week's is called `cup` again: a laptop
    that kept last week's `cup-r1-t2.json` brings the same id, players and rules, but
    not the game seated here; it is named and nothing changes."""
    last_week = played(cup._replace(created="2026-11-27T20:00:00+01:00"), HANDS)
    put(laptop / f"{TABLE}.json", last_week)
    before = (data_dir / f"{TABLE}.json").read_bytes()
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"ohhell: {laptop / TABLE}.json: game {TABLE!r} was made 2026-11-27T20:00:00+01:00, "
        f"not when this tournament seated it ({cup.created}): a game of another tournament\n"
    )
    assert (data_dir / f"{TABLE}.json").read_bytes() == before


# --- --once: partly done --------------------------------------------------------------


def test_once_exits_3_when_one_table_is_collected_and_another_refused(
    ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    """docs/scripting.md: 3 is partly done (a file changed here), each refused file
    named; 1 only when nothing was collected."""
    put(laptop / f"{T1}.json", played(games.load_progress(T1).game, 1))
    wrong = laptop / f"{TABLE}.json"
    put(wrong, cup._replace(players=("P5", "P6", "P7", "P9")))
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stdout) == (
        3,
        f"{T1}: P1, P2, P3, P4 (1 of 7 hands scored).\n",
    )
    assert result.stderr.startswith(f"ohhell: {wrong}: game {TABLE!r} is played by")
    assert result.stderr.count("\n") == 1
    assert once(ohhell, laptop).exit_code == 1  # the first table up to date: nothing collected


# --- a finished tournament ------------------------------------------------------------


def test_on_a_finished_tournament_once_names_a_broken_file_and_a_conflict_copy(
    ohhell: Ohhell, laptop: Path
) -> None:
    """The final is played and the champion known; a table's folder of round 1 still
    holds a broken file and a conflict copy: each is named, as while the round is played."""
    from .tournament_helpers import play_pure

    ohhell.ok("tournament", "new", "cup", *FIELD, "--hands", "2,1", "--no-shuffle")
    for game_id in (T1, TABLE):
        game = games.load_progress(game_id).game
        games.save(play_pure(game, sorted(game.players)), current=False)
    ohhell.ok("tournament", "advance", "cup")
    final = games.load_progress("cup-final").game
    games.save(play_pure(final, sorted(final.players)), current=False)
    assert "Champion: P1" in ohhell.ok("tournament", "show", "cup")
    broken = laptop / f"{T1}.json"
    broken.write_text('{"schema": 2, "id": ', encoding="utf-8")
    conflict = laptop / f"{TABLE}.sync-conflict-20261202-201500-ABCDEFG.json"
    put(conflict, games.load_progress(TABLE).game)
    result = once(ohhell, laptop)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"ohhell: cannot read {broken}: not valid JSON")
    assert lines[1] == said_of_conflict(conflict)


# --- a full disk ----------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of 1 MB of its own (root may mount one): a disk that really fills."""
    from .conftest import no_process_in_a_mutation_run

    no_process_in_a_mutation_run()
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", str(disk)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=True, timeout=30)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte; the file that fills it."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return filler


def test_on_a_full_disk_the_watch_names_the_failure_and_collects_once_there_is_room(
    ohhell: Ohhell,
    laptop: Path,
    small_disk: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The organiser's data folder on a disk that fills up: `--once` names the copy it
    could not save (exit 1); the watch names it once, goes on looking, and collects it
    at the first look after room is made."""
    monkeypatch.setenv("OHHELL_DATA_DIR", str(small_disk / "data"))
    ohhell.ok(*NEW)
    copy = laptop / f"{TABLE}.json"
    put(copy, played(here(), 2))
    filler = fill(small_disk)
    result = once(ohhell, laptop)
    saved = small_disk / "data" / f"{TABLE}.json"
    assert (result.exit_code, result.stdout, result.stderr) == (
        1,
        "",
        f"ohhell: {copy}: not collected: {saved}: No space left on device\n",
    )
    assert hands_here() == 0
    result, looks = watched(ohhell, monkeypatch, [laptop], {3: filler.unlink}, 4)  # room made
    assert (result.exit_code, result.stdout) == (
        0,
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n",
    )
    assert looks == [0, 0, 0, 2]
    assert result.stderr == (
        f"ohhell: {copy}: not collected yet: {saved}: No space left on device; "
        "trying again at every look\n"
    )


# --- names from another laptop, in a real terminal ------------------------------------


@ALONE
def test_a_file_name_with_escapes_reaches_the_terminal_neutralised(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path
) -> None:
    """A synced conflict copy named to set the window's title and clear the screen:
    the terminal gets the escapes as text, not one escape or bell byte."""
    from .test_play_pty import spawn

    name = f"{TABLE}.sync-conflict-\x1b]0;pwned\x07\x1b[2J.json"
    put(laptop / name, played(cup, 1))
    child = spawn(data_dir, "tournament", "collect", "cup", "--watch", str(laptop), "--once")
    shown = child.read()
    child.close()
    assert child.exitstatus == 0
    assert "\x1b" not in shown and "\x07" not in shown
    assert (
        f"ohhell: {laptop}/{TABLE}.sync-conflict-\\x1b]0;pwned\\x07\\x1b[2J.json: "
        f"a sync conflict copy of {TABLE}, not collected"
    ) in shown


def test_a_table_taken_over_is_said_in_dutch_at_a_dutch_table(
    dutch: None, ohhell: Ohhell, cup: Game, laptop: Path
) -> None:
    put(laptop / f"{TABLE}.json", played(cup, 1))
    assert once(ohhell, laptop).exit_code == 0
    bid_here(ohhell)
    assert said_under(TABLE, ohhell.ok("tournament", "show", "cup")).startswith(
        "overgenomen op deze laptop: "
    )
    put(laptop / f"{TABLE}.json", played(cup, 2, taker=1))
    assert once(ohhell, laptop).stderr.startswith(
        f"ohhell: {TABLE} is overgenomen op deze laptop (hier is iets ingevoerd"
    )


def test_an_older_copy_named_to_collect_on_a_followed_table_loses_nothing(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path, data_dir: Path
) -> None:
    """Following a table takes the copies it saves later; `collect FILE` of an older
    copy (yesterday's export) is refused as before, the copy here as it was."""
    put(laptop / f"{TABLE}.json", played(cup, 2))
    assert once(ohhell, laptop).exit_code == 0
    old = _exported(played(cup, 1), tmp_path / "yesterday.json")
    saved = (data_dir / f"{TABLE}.json").read_bytes()
    assert ohhell.refused("tournament", "collect", "cup", str(old)) == (
        f"ohhell: {TABLE} here has entries that game {TABLE!r} does not: "
        "bring the copy that holds them all\n"
    )
    assert (data_dir / f"{TABLE}.json").read_bytes() == saved


# --- following by the system's notices ---------------------------------------------


def waiting_for_a_change(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The watcher between two looks over ``folder``, in a thread: back when the
    system says something changed (its safety look an hour away)."""
    import threading

    monkeypatch.setattr(watch, "INTERVAL", 0.05)
    monkeypatch.setattr(watch, "SAFETY", 3600.0)
    watcher = watch.Watcher("cup", [folder])
    watcher.scan(final=False)
    notices = notice.watch([folder])
    thread = threading.Thread(
        target=watch._until_a_change, args=(notices, watcher, [folder], []), daemon=True
    )
    thread.start()
    return thread


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_the_watch_waits_for_the_systems_notice_of_a_save_in_a_tables_folder(
    cup: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is looked at while nothing changes, however long; a save in a table's
    folder (one level down), renamed into place as Syncthing saves, ends the wait."""
    table = tmp_path / "table-1"
    table.mkdir()
    thread = waiting_for_a_change(tmp_path, monkeypatch)
    thread.join(0.5)  # ten of the intervals a poll would look after
    assert thread.is_alive()
    (table / ".syncthing.cup-r1-t1.json.tmp").write_text("{}")
    os.replace(table / ".syncthing.cup-r1-t1.json.tmp", table / "cup-r1-t1.json")
    thread.join(20.0)  # only waited out on failure
    assert not thread.is_alive()


# --- in-process, for the mutation run (docs/mutation.md, the run of 2026-12-05) --------


def test_two_folders_followed_are_said_in_one_line(
    ohhell: Ohhell, cup: Game, laptop: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "t1"
    other.mkdir()
    result, _looks = watched(ohhell, monkeypatch, [laptop, other], {}, 1)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "Following 2 folders for tournament cup (Ctrl-C stops).\n",
        "",
    )


def test_a_look_that_fails_is_complained_of_once_while_its_reason_stays(
    ohhell: Ohhell, cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tournament's own file damaged while the watch runs: said once however many
    looks fail for it, and again when it fails anew after a look that worked."""
    seated = ts.path_of("cup")
    kept = seated.read_bytes()
    result, _looks = watched(
        ohhell,
        monkeypatch,
        [laptop],
        {
            1: lambda: seated.write_text("{", encoding="utf-8"),
            3: lambda: seated.write_bytes(kept),
            4: lambda: seated.write_text("{", encoding="utf-8"),
        },
        5,
    )
    assert (result.exit_code, result.stdout) == (0, FOLLOWING)
    lines = result.stderr.splitlines()
    assert len(lines) == 2
    assert lines[0] == lines[1]
    assert lines[0].startswith("ohhell: cannot read ")
    assert str(seated) in lines[0]


def test_a_round_seated_while_watching_has_its_tables_broken_copies_named(
    ohhell: Ohhell, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The final seated while the watch runs: a broken copy of the final's game is a
    table's, named as any table's (not passed over as a stranger's file)."""
    from ohhell_score.actions import tournaments

    from .tournament_helpers import play_pure

    ohhell.ok("tournament", "new", "cup", *FIELD, "--hands", "2,1", "--no-shuffle")
    broken = laptop / "cup-final.json"

    def final_seated() -> None:
        for game_id in (T1, TABLE):
            game = games.load_progress(game_id).game
            games.save(play_pure(game, sorted(game.players)), current=False)
        tournaments.advance("cup", {})
        broken.write_text('{"schema": 2, "id": ', encoding="utf-8")

    result, _looks = watched(ohhell, monkeypatch, [laptop], {1: final_seated}, 3)
    assert (result.exit_code, result.stdout) == (0, FOLLOWING)
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"ohhell: cannot read {broken}: not valid JSON")


def test_a_table_handed_back_then_taken_over_again_is_said_again(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Handing a table back is copying this laptop's file to its folder: the watch
    collects nothing new (the same copy) but follows the table again, so an entry made
    here after it takes the table over again, and that is said."""
    put(laptop / f"{TABLE}.json", played(cup, 1))
    assert once(ohhell, laptop).exit_code == 0
    bid_here(ohhell)

    def handed_back() -> None:
        shutil.copy(data_dir / f"{TABLE}.json", laptop / f"{TABLE}.json")

    def bid_here_again() -> None:
        game = here()
        now = progress(game).next
        assert now is not None and now.player is not None
        games.save(add_bids(game, [(now.player, 0)]), current=False)

    result, _looks = watched(ohhell, monkeypatch, [laptop], {1: handed_back, 3: bid_here_again}, 4)
    assert (result.exit_code, result.stdout) == (0, FOLLOWING)
    assert result.stderr == taken_over_said() * 2


def test_a_copy_that_cannot_be_saved_here_is_named_once_and_collected_once_it_can(
    ohhell: Ohhell, cup: Game, laptop: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The in-process twin of the full-disk test above (which mounts a disk, a process):
    named once while the reason stays, again when it changes, and collected at the first
    look that can save it."""
    import errno

    from ohhell_score.actions import collect

    copy = laptop / f"{TABLE}.json"
    put(copy, played(cup, 2))
    saved = data_dir / f"{TABLE}.json"
    full = OSError(errno.ENOSPC, "No space left on device", str(saved))
    failing: list[OSError] = [full, full, OSError("the disk went away")]
    real = collect.collect_newer

    def collect_newer(name: str, brought: Any) -> Any:
        if failing:
            raise failing.pop(0)
        return real(name, brought)

    monkeypatch.setattr(watch, "collect_newer", collect_newer)
    result, looks = watched(ohhell, monkeypatch, [laptop], {}, 4)
    assert (result.exit_code, result.stdout) == (
        0,
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (2 of 7 hands scored).\n",
    )
    assert looks == [0, 0, 0, 2]
    assert result.stderr == (
        f"ohhell: {copy}: not collected yet: {saved}: No space left on device; "
        "trying again at every look\n"
        f"ohhell: {copy}: not collected yet: data directory: the disk went away; "
        "trying again at every look\n"
    )
    failing.append(full)
    put(copy, played(cup, 3))
    result = once(ohhell, laptop)
    assert (result.exit_code, result.stderr) == (
        1,
        f"ohhell: {copy}: not collected: {saved}: No space left on device\n",
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_the_watch_looks_when_the_system_says_a_folder_changed_not_before(
    ohhell: Ohhell, cup: Game, laptop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the system's notices, `collect --watch` looks once at the start and then
    when the table's copy is saved, never on the clock (its safety look an hour away),
    and Ctrl-C still ends it."""
    import threading

    monkeypatch.setattr(watch, "INTERVAL", 0.05)
    monkeypatch.setattr(watch, "SAFETY", 3600.0)
    looks: list[int] = []
    slept: list[float] = []
    monkeypatch.setattr(watch, "time", types.SimpleNamespace(sleep=slept.append))
    scan = watch.Watcher.scan

    def look(self: watch.Watcher, *, final: bool) -> list[watch.Event]:
        events = scan(self, final=final)
        looks.append(hands_here())
        if looks[-1] == 1:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C
        return events

    monkeypatch.setattr(watch.Watcher, "scan", look)

    def the_table_saves() -> None:
        until(lambda: len(looks) >= 1)
        time.sleep(0.3)  # six of the intervals a poll would look after
        put(laptop / f"{TABLE}.json", played(cup, 1))

    threading.Thread(target=the_table_saves, daemon=True).start()
    guard = threading.Timer(10.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    guard.start()
    try:
        result = ohhell("tournament", "collect", "cup", "--watch", str(laptop))
    finally:
        guard.cancel()
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        FOLLOWING + f"{TABLE}: P5, P6, P7, P8 (1 of 7 hands scored).\n",
        "",
    )
    # the first look, then one for each notice of the save (the temp file made and
    # written, then renamed) as they come: never one on the clock
    assert looks[0] == 0
    assert looks[-1] == 1
    assert 2 <= len(looks) <= 4
    assert slept == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_with_the_systems_notices_the_watch_still_looks_every_safety_interval(
    ohhell: Ohhell, cup: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In case a notice never came: a look every ``SAFETY`` seconds while nothing is
    heard, not more often, and a table's folder made meanwhile is watched too."""
    import itertools
    import threading

    monkeypatch.setattr(watch, "INTERVAL", 0.05)
    monkeypatch.setattr(watch, "SAFETY", 0.2)
    times: list[float] = []
    scan = watch.Watcher.scan

    def look(self: watch.Watcher, *, final: bool) -> list[watch.Event]:
        times.append(time.monotonic())
        if len(times) == 4:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C
        return scan(self, final=final)

    monkeypatch.setattr(watch.Watcher, "scan", look)
    guard = threading.Timer(10.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    guard.start()
    try:
        result = ohhell("tournament", "collect", "cup", "--watch", str(tmp_path))
    finally:
        guard.cancel()
    assert (result.exit_code, result.stdout) == (0, FOLLOWING)
    assert len(times) == 4
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(0.2 <= gap < 2.0 for gap in gaps), gaps
