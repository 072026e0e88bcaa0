"""Output that fits every terminal: plain stand-ins where the encoding has no
room for a symbol, colour as the variables ask, no line
ending in spaces, one CSV line ending."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Ohhell

SCRIPT = str(Path(sys.executable).with_name("ohhell"))

#: The two ways a terminal says it shows ASCII only.
ASCII_TERMINALS = {
    "PYTHONIOENCODING=ascii": {"PYTHONIOENCODING": "ascii"},
    "LC_ALL=C PYTHONUTF8=0": {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""},
}


def run(data_dir: Path, terminal: dict[str, str], *args: str, stdin: str = "") -> str:
    """``ohhell ARGS`` under ``terminal``'s variables: its stdout, as bytes read as ASCII
    (a byte outside ASCII fails the test), after checking that it ended well."""
    env = {**os.environ, "OHHELL_DATA_DIR": str(data_dir), **terminal}
    env = {k: v for k, v in env.items() if v != ""}
    done = subprocess.run(
        [SCRIPT, *args], input=stdin.encode(), capture_output=True, env=env, check=False
    )
    assert done.returncode == 0, (args, done.stderr)
    assert b"Traceback" not in done.stderr
    return done.stdout.decode("ascii")


@pytest.fixture
def hand_played(ohhell: Ohhell) -> None:
    """A Cartier hand under hearts with made bids: the sheet shows ♥, ✓, ★ and ▶."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "3", "2", "5", "3")


@pytest.mark.usefixtures("hand_played")
@pytest.mark.parametrize("terminal", ASCII_TERMINALS.values(), ids=ASCII_TERMINALS.keys())
def test_an_ascii_terminal_gets_plain_stand_ins_for_the_symbols(
    data_dir: Path, terminal: dict[str, str]
) -> None:
    sheet = run(data_dir, terminal, "show")
    assert "?" not in sheet
    assert "  1   13H   Ann" in sheet  # the trump's suit as its letter
    assert "3/3+ +13" in sheet  # ✓ a made bid
    assert "13*" in sheet  # ★ the leader
    assert " >2 " in sheet  # ▶ the current hand
    assert "?" not in run(data_dir, terminal, "list")
    assert "?" not in run(data_dir, terminal, "rules", "ten-to-one")
    assert "?" not in run(data_dir, terminal, "history")
    assert "Usage: ohhell" in run(data_dir, terminal, "--help")


@pytest.mark.usefixtures("hand_played")
@pytest.mark.parametrize("terminal", ASCII_TERMINALS.values(), ids=ASCII_TERMINALS.keys())
def test_an_ascii_terminal_plays_with_plain_prompts(
    data_dir: Path, terminal: dict[str, str]
) -> None:
    out = run(data_dir, terminal, "play", stdin="q\n")
    assert "== Hand 2 of 23 . 12 cards each . Bob deals ==" in out
    assert "?" not in out.replace("(? shows the keys)", "")


# --- colour and spaces ---------------------------------------------------------------------


def sheet_through_a_pipe(data_dir: Path, **variables: str) -> str:
    env = {**os.environ, "OHHELL_DATA_DIR": str(data_dir), "TERM": "xterm", **variables}
    for name in ("NO_COLOR", "FORCE_COLOR"):
        if name not in variables:
            env.pop(name, None)
    return subprocess.run(
        [SCRIPT, "show"], capture_output=True, text=True, env=env, check=True
    ).stdout


@pytest.mark.usefixtures("hand_played")
def test_the_plain_sheet_is_styled_in_a_pipe_only_when_forced(data_dir: Path) -> None:
    assert "\x1b[" not in sheet_through_a_pipe(data_dir)
    forced = sheet_through_a_pipe(data_dir, FORCE_COLOR="1")
    assert "\x1b[1m" in forced and "\x1b[32m" in forced  # bold, and a made bid's green
    assert "\x1b[" not in sheet_through_a_pipe(data_dir, FORCE_COLOR="")


@pytest.mark.usefixtures("hand_played")
def test_an_empty_no_color_is_ignored_a_set_one_drops_the_colour(data_dir: Path) -> None:
    assert "\x1b[32m" in sheet_through_a_pipe(data_dir, FORCE_COLOR="1", NO_COLOR="")
    no_colour = sheet_through_a_pipe(data_dir, FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[32m" not in no_colour and "\x1b[1m" in no_colour


@pytest.mark.usefixtures("hand_played")
def test_no_line_of_the_sheet_ends_in_spaces_in_a_pipe(data_dir: Path) -> None:
    lines = sheet_through_a_pipe(data_dir).splitlines()
    assert len(lines) > 20
    assert [line for line in lines if line != line.rstrip()] == []


# --- CSV -----------------------------------------------------------------------------------


def test_a_tournaments_csv_ends_its_lines_as_a_games_csv_does(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    """RFC 4180's CRLF for both (read as bytes: the test runner's output turns CRLF into
    LF)."""
    players = [f"P{i}" for i in range(1, 9)]
    ohhell.ok("tournament", "new", "cup", *players, "--hands", "2,1", "--no-shuffle")
    ohhell.ok("tournament", "export", "cup", "--format", "csv", "-o", str(tmp_path / "t.csv"))
    ohhell.ok("export", "-g", "cup-r1-t1", "--format", "csv", "-o", str(tmp_path / "g.csv"))
    for name in ("t.csv", "g.csv"):
        data = (tmp_path / name).read_bytes()
        assert data.count(b"\r\n") == data.count(b"\n") > 1, name


def test_a_name_typed_under_the_c_locale_is_the_name_typed(ohhell: Ohhell, data_dir: Path) -> None:
    """Under ``LC_ALL=C PYTHONUTF8=0`` (no locale coercion) Python reads the command line
    as ASCII: ``Zoë`` from a UTF-8 terminal is still Zoë, not refused as unprintable,
    on Typer's path (`new`) and on the quick path (`bid NAME=N`)."""
    c_locale = {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    c_locale["PYTHONIOENCODING"] = ""
    run(data_dir, c_locale, "new", "Zoë", "Bob", "Cat", "-g", "z")
    run(data_dir, c_locale, "trump", "hearts")
    run(data_dir, c_locale, "bid", "Bob=1", "Cat=0", "Zoë=2")
    sheet = ohhell.sheet("-g", "z")
    assert sheet["players"] == ["Zoë", "Bob", "Cat"]
    assert sheet["hands"][0]["bids"] == {"Bob": 1, "Cat": 0, "Zoë": 2}
