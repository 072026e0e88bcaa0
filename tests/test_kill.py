"""Killed at any instant, a save leaves the game as it was before or after.

Each command that saves is run as a real process and killed with SIGKILL after a random
delay spread over its whole run, hundreds of times in all. After every kill the game
file must load and hold exactly the facts before or after that command, never a mix;
temp files a killed save left behind are cleaned by the next command and never listed.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.domain.game import Game
from ohhell_score.storage import games
from tests.conftest import ALONE

# Timed by real processes or shells: on one worker, one test at a time (conftest.py).
pytestmark = ALONE

GAME = "kill"
#: A short classic game: every kind of entry that saves, hand after hand.
SCRIPT: list[list[str]] = [
    ["trump", "h"],
    ["bid", "1"],
    ["bid", "1", "0"],
    ["tricks", "1", "1", "1"],
    ["edit", "1", "tricks", "A=0", "B=2", "C=1"],
    ["undo"],
    ["tricks", "2", "1", "0"],
    ["trump", "s"],
    ["bid", "0", "1", "0"],
    ["tricks", "0", "1", "1"],
]


def facts(folder: Path) -> Any:
    """The game's facts without the times at which they were typed."""
    raw = json.loads((folder / f"{GAME}.json").read_text(encoding="utf-8"))
    for entry in raw["entries"]:
        entry.pop("at", None)
    raw.pop("updated", None)
    raw["history"] = [{k: v for k, v in c.items() if k != "at"} for c in raw["history"]]
    return raw


def run(folder: Path, args: list[str], kill_after: float | None = None) -> int | None:
    env = {**os.environ, "OHHELL_DATA_DIR": str(folder)}
    cmd = [sys.executable, "-m", "ohhell_score", *args, "-g", GAME]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if kill_after is None:
        return proc.wait(timeout=60)
    time.sleep(kill_after)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    return None


def test_a_killed_save_leaves_the_game_before_or_after(tmp_path: Path) -> None:
    kills = int(os.environ.get("OHHELL_KILLS", "200"))
    rng = random.Random(20261130)
    live = tmp_path / "live"
    subprocess.run(
        [sys.executable, "-m", "ohhell_score", "new", "A", "B", "C", "--hands", "3,2",
         "-g", GAME],
        env={**os.environ, "OHHELL_DATA_DIR": str(live)},
        check=True,
        capture_output=True,
    )  # fmt: skip
    # How long one command takes here, so the kills spread over the whole run.
    started = time.monotonic()
    probe = tmp_path / "probe"
    shutil.copytree(live, probe)
    assert run(probe, SCRIPT[0]) == 0
    span = (time.monotonic() - started) * 1.2

    outcomes = {"before": 0, "after": 0}
    per_step = max(1, kills // len(SCRIPT))
    for args in SCRIPT:
        expected_dir = tmp_path / "expected"
        shutil.rmtree(expected_dir, ignore_errors=True)
        shutil.copytree(live, expected_dir)
        assert run(expected_dir, args) == 0, args
        before, after = facts(live), facts(expected_dir)
        assert before != after
        before_dir = tmp_path / "before"
        shutil.rmtree(before_dir, ignore_errors=True)
        shutil.copytree(live, before_dir)
        for _ in range(per_step):
            run(live, args, kill_after=rng.uniform(0, span))
            assert _load(live).id == GAME  # loads and replays: never a torn file
            now = facts(live)
            if now == before:
                outcomes["before"] += 1
            else:
                assert now == after, f"a mix after killing {args}"
                outcomes["after"] += 1
                _reset(live, before_dir)
        _reset(live, expected_dir)
    # The kills landed on both sides of the save, so the window was really covered.
    assert outcomes["before"] and outcomes["after"], outcomes


def _load(folder: Path) -> Game:
    old = os.environ.get("OHHELL_DATA_DIR")
    os.environ["OHHELL_DATA_DIR"] = str(folder)
    try:
        return games.load(GAME)
    finally:
        if old is None:
            del os.environ["OHHELL_DATA_DIR"]
        else:
            os.environ["OHHELL_DATA_DIR"] = old


def _reset(live: Path, source: Path) -> None:
    """Put the game file of ``source`` in place (stray temp files stay, to be cleaned)."""
    shutil.copy2(source / f"{GAME}.json", live / f"{GAME}.json")


def test_temp_files_of_a_killed_save_are_cleaned_and_never_listed(
    ohhell: Any, data_dir: Path
) -> None:
    ohhell.ok("new", "A", "B", "C", "--hands", "3,2", "-g", GAME)
    stray = data_dir / f".{GAME}.json.abc123.tmp"
    stray.write_text('{"half": ', encoding="utf-8")
    listed = json.loads(ohhell.ok("list", "--json"))
    assert [g["id"] for g in listed] == [GAME]
    ohhell.ok("trump", "h", "-g", GAME)
    assert not stray.exists()


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_an_interrupted_command_leaves_a_readable_game(tmp_path: Path, signal_name: str) -> None:
    folder = tmp_path / "data"
    env = {**os.environ, "OHHELL_DATA_DIR": str(folder)}
    subprocess.run(
        [sys.executable, "-m", "ohhell_score", "new", "A", "B", "C", "-g", GAME],
        env=env, check=True, capture_output=True,
    )  # fmt: skip
    for delay in (0, 0.03, 0.06, 0.1, 0.15, 0.25):
        # `-X importtime` writes a line as each module is imported: the signal is sent
        # ``delay`` after the program's package is in (its Ctrl-C hook with it), never
        # while the interpreter itself is still starting, before any line of ohhell's.
        proc = subprocess.Popen(
            [sys.executable, "-X", "importtime", "-m", "ohhell_score", "trump", "s",
             "-g", GAME],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        assert proc.stderr is not None
        lines: list[bytes] = []
        while not (line := proc.stderr.readline()).rstrip().endswith(b"| ohhell_score"):
            assert line, b"".join(lines).decode()
            lines.append(line)
        time.sleep(delay)
        proc.send_signal(getattr(signal, signal_name))
        _, err = proc.communicate(timeout=60)
        assert b"Traceback" not in err, err.decode()
        facts(folder)


@pytest.mark.parametrize(
    "raised",
    ["KeyboardInterrupt()", "RuntimeError('in __set_name__') from KeyboardInterrupt()"],
    ids=["plain", "wrapped"],
)
def test_ctrl_c_at_any_instant_is_one_line_and_130(raised: str) -> None:
    """Ctrl-C before the command's handler is in place, or inside a class body being
    imported (Python 3.11 wraps it in a RuntimeError there): one line, exit 130."""
    done = subprocess.run(
        [sys.executable, "-c", f"import ohhell_score\nraise {raised}"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 130
    assert done.stderr.strip() == "ohhell: interrupted; nothing entered before was lost."
