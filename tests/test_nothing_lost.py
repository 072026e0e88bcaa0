"""Nothing is ever lost, round three (issue 28): what breaking the program found, each
through the path a user takes, most of it as a process on a real stream.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

FOUR = ("Ann", "Bob", "Cat", "Dan")


def run(
    root: Path, *args: str, stdout: Any = subprocess.PIPE, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`ohhell ARGS` as a process on the package tested, its folders under ``root``."""
    import ohhell_score

    environ = {**os.environ, "OHHELL_DATA_DIR": str(root / "data")}
    environ["OHHELL_CONFIG_DIR"] = str(root / "config")
    environ["PYTHONPATH"] = str(Path(ohhell_score.__file__).parents[1])
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "ohhell_score", *args],
        env=environ, cwd=root, stdout=stdout, stderr=subprocess.PIPE, text=True,
        stdin=subprocess.DEVNULL, timeout=60,
    )  # fmt: skip


def sheet(root: Path) -> dict[str, Any]:
    done = run(root, "show", "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


# Item 5: a saved entry exits 0 even when its answer cannot be written.


def test_an_entry_saved_with_stdout_full_exits_0_and_says_the_answer_was_lost(
    tmp_path: Path,
) -> None:
    assert run(tmp_path, "new", *FOUR).returncode == 0
    with open("/dev/full", "w") as full:
        done = run(tmp_path, "trump", "h", stdout=full)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        "ohhell: saved, but the answer could not be written: "
        "standard output: No space left on device\n"
    )
    assert sheet(tmp_path)["hands"][0]["trump"] == "hearts"


def test_a_new_game_whose_reader_went_away_exits_0_and_is_saved(tmp_path: Path) -> None:
    reader = subprocess.Popen(["true"], stdin=subprocess.PIPE)
    reader.wait()  # gone before `new` writes: its answer meets a broken pipe
    assert reader.stdin is not None
    done = run(tmp_path, "new", *FOUR, "-g", "gone", stdout=reader.stdin)
    reader.stdin.close()
    assert done.returncode == 0, done.stderr
    assert "saved, but the answer could not be written" in done.stderr
    assert sheet(tmp_path)["id"] == "gone"


def test_a_refused_entry_with_stdout_full_still_exits_1(tmp_path: Path) -> None:
    assert run(tmp_path, "new", *FOUR).returncode == 0
    with open("/dev/full", "w") as full:
        done = run(tmp_path, "tricks", "1", stdout=full)
    assert done.returncode == 1
    assert "saved" not in done.stderr


def test_show_with_stdout_full_still_exits_1(tmp_path: Path) -> None:
    assert run(tmp_path, "new", *FOUR).returncode == 0
    with open("/dev/full", "w") as full:
        done = run(tmp_path, "show", stdout=full)
    assert done.returncode == 1
    assert done.stderr == "ohhell: standard output: No space left on device\n"
