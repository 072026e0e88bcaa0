"""The quick path (quick.py) answers exactly as Typer would, or leaves the line to it.

`bid`, `trump`, `tricks`, `undo`, `show` and `--version` in their plain forms are read
without importing Typer (start-up time). Whatever a person types, the answer,
the exit status and the files left behind must be those of the Typer program.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell_score.cli import quick
from ohhell_score.entry import guarded
from ohhell_score.storage import games, index
from tests.conftest import Ohhell, invoke

#: Command lines that are often right somewhere in a game (so that games move on).
LIKELY = [
    ["bid", "1"],
    ["bid", "0"],
    ["bid", "2", "1"],
    ["bid", "0", "1", "2", "3"],
    ["trump", "h"],
    ["trump", "spades"],
    ["trump", "nt"],
    ["tricks", "3", "3", "2", "2"],
    ["tricks", "4", "3", "3", "3"],
    ["tricks", "Ann=3", "Bob=3", "Cat=2", "Dan=2"],
    ["undo"],
    ["show"],
    ["--version"],
]
COMMANDS = ["bid", "tricks", "trump", "undo", "show", "edit", "list", "--version", "bid2"]
TOKENS = [
    *("0", "1", "2", "3", "10", "-1", "-x", "01", " 1", "1 ", "٣", "1.5"),
    *("Ann=1", "ann=0", "Bob=2", "Cat=1", "Dan=3", "Zed=1", "=2", "Ann=", "Ann=x", "Ann =1"),
    *("a=b=1", "x", "s", "h", "nt", "spades", "♠", "no trump", "zz", ""),
    *("-g", "g", "other", "BAD", "--game", "--game=g", "--game=", "--game=other", "-gg"),
    *("--help", "-h", "--json", "--", "--version", "--chart"),
]
command_lines = st.one_of(
    st.sampled_from(LIKELY),
    st.builds(
        lambda command, rest: [command, *rest],
        st.sampled_from(COMMANDS),
        st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)), max_size=5),
    ),
)


@contextlib.contextmanager
def data_in(folder: Path) -> Iterator[None]:
    old = os.environ["OHHELL_DATA_DIR"]
    os.environ["OHHELL_DATA_DIR"] = str(folder)
    try:
        yield
    finally:
        os.environ["OHHELL_DATA_DIR"] = old


def by_typer(args: list[str]) -> tuple[int, str, str]:
    result = invoke(args, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def by_quick_path(args: list[str]) -> tuple[int, str, str] | None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = guarded(lambda: quick.answer(args))  # as entry.main runs it
    if status is None:
        assert not out.getvalue() and not err.getvalue()
        return None
    return status, out.getvalue(), err.getvalue()


def files(folder: Path) -> dict[str, bytes]:
    """Every file's bytes; the list index by name only (it keys games by inode)."""
    found = sorted(folder.iterdir()) if folder.exists() else []
    return {p.name: b"" if p.name == index.INDEX_FILE else p.read_bytes() for p in found}


#: A whole first hand of each preset, in the order its trump method asks for.
FIRST_HAND = {
    "classic": [["trump", "h"], ["bid", "1"], ["bid", "Cat=2", "Dan=3"], ["bid", "0"]],
    "cartier": [["bid", "1", "2"], ["bid", "3", "4"], ["trump", "♠"]],
    "ten-to-one": [["bid", "1", "2", "3"], ["bid", "Ann=0"]],
}
TRICKS = {"classic": "1 2 3 4", "cartier": "4 3 3 3", "ten-to-one": "Dan=1 Bob=2 Cat=3 Ann=4"}


@st.composite
def sessions(draw: st.DrawFn) -> tuple[str, list[list[str]]]:
    """A preset and what is typed: random lines around a whole first hand."""
    preset = draw(st.sampled_from(sorted(FIRST_HAND)))
    hand = [*FIRST_HAND[preset], ["tricks", *TRICKS[preset].split()], ["show"]]
    before = draw(st.lists(command_lines, max_size=4))
    after = draw(st.lists(command_lines, max_size=8))
    return preset, [*before, *hand, *after]


@settings(max_examples=60)
@given(session=sessions())
def test_random_command_lines_answer_as_typer_does(
    session: tuple[str, list[list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two data folders, one driven through the program as installed (quick path first,
    then Typer), one through Typer alone: every answer and every file stay the same."""
    preset, lines = session
    monkeypatch.setattr(games, "now", lambda: "2026-11-30T20:00:00+01:00")
    with tempfile.TemporaryDirectory() as tmp:
        both, typer_only = Path(tmp, "both"), Path(tmp, "typer")
        for folder in (both, typer_only):
            with data_in(folder):
                assert (
                    by_typer(["new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", preset])[0] == 0
                )
        for args in lines:
            with data_in(both):
                answered = by_quick_path(args) or by_typer(args)
            with data_in(typer_only):
                expected = by_typer(args)
            assert answered == expected, args
            assert files(both) == files(typer_only), args


@pytest.mark.parametrize(
    "args",
    [["bid", "2"], ["bid", "-g", "g", "Cat=2"], ["show"], ["--version"], ["undo"]],
    ids=" ".join,
)
def test_the_quick_forms_are_answered_without_typer(ohhell: Ohhell, args: list[str]) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier")
    ohhell.ok("bid", "1")
    done = program(*args)
    assert done.returncode == 0, done.stderr
    assert "typer" not in done.stderr.split("\n")[-2].split()


@pytest.mark.parametrize(
    "args",
    [["bid", "2"], ["bid", "-g", "g", "Cat=2"], ["bid", "Cat=2", "3"]],
    ids=" ".join,
)
def test_bids_as_n_or_name_n_are_answered_on_the_quick_path_in_process(
    ohhell: Ohhell, args: list[str]
) -> None:
    """As above, in the process (the mutation run sees no other): the quick path
    answers these itself, as Typer would, instead of leaving them to Typer."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier")
    ohhell.ok("bid", "1")
    answered = by_quick_path(args)
    assert answered is not None and answered[0] == 0, answered
    assert answered[1].startswith("Hand 1 bids: Bob 1, ")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["bid", "--help"], "Usage: ohhell bid"),
        (["bid", "x"], "is not NAME=N or a number"),
        (["trump", "zz"], "is not a suit"),
        (["show", "--json"], '"id": "g"'),
    ],
    ids=lambda a: " ".join(a) if isinstance(a, list) else "",
)
def test_other_forms_are_left_to_typer(ohhell: Ohhell, args: list[str], says: str) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier")
    done = program(*args)
    assert says in done.stdout + done.stderr
    assert "typer" in done.stderr.split("\n")[-2].split()


def test_a_refusal_on_the_quick_path_is_one_line_and_exit_1(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier")
    done = program("bid", "14")
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == (
        "ohhell: Bob cannot bid 14: hand 1 deals 13 cards, so a bid is 0 to 13"
    )


def test_a_sheet_piped_into_head_ends_quietly(ohhell: Ohhell) -> None:
    """`ohhell show | head -n 3`: head shows the sheet's first three lines, and ohhell,
    its reader gone, stops with the status entry.py gives that (1) and writes nothing
    more: no traceback, no "Exception ignored" at exit."""
    read, write, holds = small_pipe()
    # A sheet bigger than the pipe and what head reads from it: ohhell cannot finish
    # writing before head has gone, whatever the order the two processes run in.
    # Hands played: a row of blank cells is no wider than its number (no line ends in
    # spaces), a played one is as wide as the sheet.
    from tests.games import new_game, play

    hands = ",".join(["1"] * (holds // 10))
    game = new_game("g", ("Ann", "Bob", "Cat"), hands=hands, trump="none")
    games.create(play(game, holds // 20))
    script = str(Path(sys.executable).with_name("ohhell"))
    # Python's stdout as people have it: PYTHONUNBUFFERED (set in some containers) makes
    # a write the reader leaves half way a short write, which Python drops silently.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    sheet = subprocess.run([script, "show"], capture_output=True, text=True, check=True).stdout
    assert len(sheet) > 4 * holds
    with subprocess.Popen(["head", "-n", "3"], stdin=read, stdout=subprocess.PIPE) as head:
        show = subprocess.Popen([script, "show"], stdout=write, stderr=subprocess.PIPE, env=env)
        os.close(read)
        os.close(write)
        shown = head.communicate()[0].decode()
        _, err = show.communicate()
    assert shown.splitlines() == sheet.splitlines()[:3]
    assert err.decode() == ""
    assert show.returncode == 1


def small_pipe() -> tuple[int, int, int]:
    """A pipe (read end, write end) and the bytes it holds: one page on Linux."""
    read, write = os.pipe()
    try:
        holds = fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, 0)  # rounded up to a page
    except (AttributeError, OSError):  # not Linux: at most 64 KiB
        holds = 64 * 1024
    return read, write, holds


def in_bash(line: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """``line`` run by bash, with this venv's console script first on PATH."""
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "OHHELL_DATA_DIR": str(data_dir), "PATH": bin_dir + os.pathsep}
    env["PATH"] += os.environ.get("PATH", "")
    return subprocess.run(["bash", "-c", line], capture_output=True, text=True, env=env)


def program(*args: str) -> subprocess.CompletedProcess[str]:
    """`ohhell ARGS` as the console script runs it; stderr ends with the top-level
    modules it imported."""
    code = (
        "import sys\n"
        "from ohhell_score.entry import main\n"
        "sys.argv = ['ohhell', *sys.argv[1:]]\n"
        "try:\n    main()\n"
        "finally:\n"
        "    print(file=sys.stderr)\n"
        "    print(' '.join(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr)\n"
    )
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)


@pytest.mark.parametrize("args", [["show"], ["show", "--scoring", "exact"], ["bid", "1"]])
def test_output_a_terminal_cannot_show_is_replaced_never_a_traceback(
    ohhell: Ohhell, args: list[str]
) -> None:
    """An ASCII-only output (PYTHONIOENCODING=ascii, as a bare locale or an old code page
    gives) cannot show ♠, ✓, · or ë: it gets ? for them, on either path."""
    ohhell.ok("new", "Ann", "Zoë", "Cat", "Dan", "-g", "g", "-r", "cartier")
    done = subprocess.run(
        [sys.executable, "-m", "ohhell_score", *args],
        capture_output=True,
        text=True,
        encoding="ascii",
        errors="strict",
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "?" in done.stdout


def test_a_symbol_the_output_cannot_show_becomes_its_stand_in() -> None:
    """What the test above sees, in the process (moved from tests/test_terminals.py,
    which the mutation run does not run): each symbol its plain letter, else ``?``;
    bytes the C locale read as surrogates go out as they came."""
    from ohhell_score.views import console

    console.forgive_encoding()
    text = "♠♥♦♣ ✓ ★ ▶ ± × Zoë".encode("ascii", errors=console.PROGRAM)
    assert text == b"SHDC + * > ~ x Zo?"
    assert "Zo\udceb.".encode("ascii", errors=console.PROGRAM) == b"Zo\xeb."
    assert "\udc80\udcff".encode("ascii", errors=console.PROGRAM) == b"\x80\xff"


@pytest.mark.parametrize("args", [["show"], ["bid", "1"], ["list"], ["show", "--json"]])
def test_a_closed_stdout_is_no_traceback(ohhell: Ohhell, data_dir: Path, args: list[str]) -> None:
    """`ohhell bid 1 >&-` (stdout closed): the entry is kept and nothing crashes."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier")
    done = in_bash(f"ohhell {' '.join(args)} >&-", data_dir)
    assert (done.returncode, done.stderr) == (0, "")
    if args[0] == "bid":
        assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1}


# --- option-like words: always Typer's ----------------------------------------------
#
# The random test above is derandomised under CI=true (hypothesis), so the edges of the
# quick path's reading are listed here: a word that looks like an option, anywhere after
# a quick command, must leave the line to Typer (help, a usage error, `-1` refused...).

#: Each quick command as it is typed, and what the game must hold for it to be right.
QUICK_LINES = {
    "bid": (["bid", "1"], ["bid", "-g", "g", "1"]),
    "trump": (["trump", "h"], ["trump", "-g", "g", "h"]),
    "tricks": (["tricks", "4", "3", "3", "3"], ["tricks", "-g", "g", "4", "3", "3", "3"]),
    "undo": (["undo"], ["undo", "-g", "g"]),
    "show": (["show"], ["show", "-g", "g"]),
    "--version": (["--version"],),
}
ENTERED_BEFORE = {
    "bid": [],
    "trump": [["bid", "1", "2", "3", "4"]],
    "tricks": [["bid", "1", "2", "3", "4"], ["trump", "s"]],
    "undo": [["bid", "1"]],
    "show": [["bid", "1"]],
    "--version": [],
}
OPTION_LIKE = ["-h", "--help", "-s", "-x", "--", "-", "-1", "-g", "--game", "--game=", "--json"]


def with_option_like_words() -> Iterator[tuple[str, list[str]]]:
    """Every quick line with one option-like word put in at every place after the
    command (before `--version` too), or instead of its last value."""
    seen = set()
    for command, lines in QUICK_LINES.items():
        for line in lines:
            for word in OPTION_LIKE:
                made = [[*line[:at], word, *line[at:]] for at in range(len(line) + 1)]
                if line[-1].isalnum():
                    made.append([*line[:-1], word])
                for args in made[command != "--version" :]:
                    if (key := tuple(args)) not in seen:
                        seen.add(key)
                        yield command, args


@pytest.fixture(scope="module")
def quick_states(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A data folder per quick command, holding game g where that command is right."""
    states = {}
    for command, entries in ENTERED_BEFORE.items():
        folder = tmp_path_factory.mktemp("state")
        with pytest.MonkeyPatch.context() as m:
            m.setenv("OHHELL_DATA_DIR", str(folder / "data"))
            m.setenv("OHHELL_CONFIG_DIR", str(folder / "config"))
            m.setattr(games, "now", lambda: "2026-11-30T20:00:00+01:00")
            for args in [["new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier"], *entries]:
                assert by_typer(args)[0] == 0, args
        states[command] = folder / "data"
    return states


def by_entry_main(args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str] | None:
    """``ohhell ARGS`` through ``entry.main``, as the console script runs it; None when it
    hands the line to Typer (which then answers it as Typer: nothing to compare)."""
    from ohhell_score import entry
    from ohhell_score.cli import app

    class ToTyper(Exception):
        pass

    def to_typer() -> None:
        raise ToTyper

    monkeypatch.setattr(app, "run", to_typer)
    monkeypatch.setattr(sys, "argv", ["ohhell", *args])
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            entry.main()
        except ToTyper:
            return None
        except SystemExit as done:
            return int(done.code or 0), out.getvalue(), err.getvalue()
    raise AssertionError("entry.main neither exited nor handed the line to Typer")


def two_copies(state: Path, tmp_path: Path) -> tuple[Path, Path]:
    """Two data folders as ``state``: one for the quick path, one for Typer alone."""
    both, typer_only = tmp_path / "both", tmp_path / "typer"
    shutil.copytree(state, both)
    shutil.copytree(state, typer_only)
    return both, typer_only


@pytest.mark.parametrize(
    ("command", "args"), [pytest.param(c, a, id=" ".join(a)) for c, a in with_option_like_words()]
)
def test_an_option_like_word_after_a_quick_command_is_answered_as_typer_does(
    command: str,
    args: list[str],
    quick_states: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`ohhell trump -h` shows help and `trump -s` exits 2, as Typer says: the installed
    program's answer, exit status and files are Typer's."""
    monkeypatch.setattr(games, "now", lambda: "2026-11-30T20:00:00+01:00")
    state = quick_states[command]
    both, typer_only = two_copies(state, tmp_path)
    with data_in(both):
        answered = by_entry_main(args, monkeypatch)
    if answered is None:  # left to Typer before anything was done
        assert files(both) == files(state)
        return
    with data_in(typer_only):
        expected = by_typer(args)
    assert answered == expected
    assert files(both) == files(typer_only)


def test_ctrl_c_is_one_line_saying_nothing_entered_was_lost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/safety.md: Ctrl-C exits 130 with one line on stderr, never a traceback (here in
    process, as ``entry.main`` guards every command)."""

    def struck() -> None:
        raise KeyboardInterrupt

    assert guarded(struck) == 130
    assert capsys.readouterr().err == "\nohhell: interrupted; nothing entered before was lost.\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_quick_show_is_the_named_game_styled_at_a_terminal(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process (the mutation run sees it): `ohhell show -g a` on the quick path shows
    game a while b is current, styled as Typer's `show` styles it at a terminal."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "a", "-r", "cartier")
    ohhell.ok("bid", "1")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "b")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    shown = {}
    for way in ("quick", "typer"):
        out = _Terminal()
        with monkeypatch.context() as patched:
            patched.setattr(sys, "stdout", out)
            if way == "quick":
                assert quick.answer(["show", "-g", "a"]) == 0
            else:
                from ohhell_score.views import plain

                plain.print_sheet(games.load_progress("a"))
        shown[way] = out.getvalue()
    assert "Ann" in shown["quick"] and "Dan" not in shown["quick"]
    assert "\x1b[" in shown["quick"]
    assert shown["quick"] == shown["typer"]


# Tests for mutation survivors (docs/mutation-survivors.md)


@pytest.mark.parametrize(
    ("command", "args"),
    [
        ("trump", ["trump", "h"]),
        ("tricks", ["tricks", "4", "3", "3", "3"]),
        ("undo", ["undo"]),
        ("bid", ["bid", "--game=g", "1"]),
        ("bid", ["bid", "1", "--game", "g"]),
    ],
    ids=lambda a: " ".join(a) if isinstance(a, list) else "",
)
def test_each_quick_form_is_answered_on_the_quick_path_as_typer_answers_it(
    command: str,
    args: list[str],
    quick_states: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In-process (the mutation run sees it): `trump h`, `tricks ...`, `undo` and
    `bid --game=g 1` are the quick path's own (no Typer to start up), answered and saved
    as Typer answers and saves them."""
    monkeypatch.setattr(games, "now", lambda: "2026-11-30T20:00:00+01:00")
    state = quick_states[command]
    both, typer_only = two_copies(state, tmp_path)
    with data_in(both):
        answered = by_quick_path(args)
    with data_in(typer_only):
        expected = by_typer(args)
    assert expected[0] == 0, expected
    assert answered == expected
    assert files(both) == files(typer_only)
    assert files(both) != files(state)


def test_quick_entries_with_g_go_to_the_named_game_not_the_current_one(ohhell: Ohhell) -> None:
    """`ohhell bid -g a ...`, `trump -g a`, `tricks -g a`, `undo -g a` while game b is
    current (the game last changed): each answers for game a and changes only game a."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "a", "-r", "cartier")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "b", "-r", "cartier")
    before_b = ohhell.sheet("-g", "b")
    lines = [
        (["bid", "-g", "a", "1"], "Bob 1"),
        (["undo", "-g", "a"], "Bob"),
        (["bid", "-g", "a", "1", "0", "1"], "Cat 0"),
        (["trump", "-g", "a", "h"], ""),
        (["tricks", "-g", "a", "5", "4", "4"], "Bob"),
    ]
    for args, says in lines:
        ohhell.ok("bid", "-g", "b", "1")  # an entry in b and its undo: b is current again
        ohhell.ok("undo", "-g", "b")
        answered = by_quick_path(args)
        assert answered is not None and answered[0] == 0, (args, answered)
        assert says in answered[1] and "Dan" not in answered[1], (args, answered)
        assert ohhell.sheet("-g", "b") == before_b, args
    hand = ohhell.sheet("-g", "a")["hands"][0]
    assert hand["bids"] == {"Bob": 1, "Cat": 0, "Ann": 1}
    assert hand["tricks"] == {"Bob": 5, "Cat": 4, "Ann": 4}


@pytest.mark.parametrize("args", [[], ["bid", "1"], ["show"], ["--version"]], ids=" ".join)
def test_shell_completion_is_left_to_typer(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """Tab completion runs `ohhell` with _OHHELL_COMPLETE set: the quick path must not
    answer it (a status line or a bid instead of the completions) nor enter anything."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "-r", "cartier")
    before = files(data_dir)
    monkeypatch.setenv("_OHHELL_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", " ".join(["ohhell", *args]))
    monkeypatch.setenv("COMP_CWORD", str(len(args)))
    assert by_quick_path(args) is None
    assert files(data_dir) == before
