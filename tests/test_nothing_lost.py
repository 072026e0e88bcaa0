"""Nothing is ever lost: a full or closed stream, a narrow encoding, a full disk, a killed
save, values too long to read, each through the path a user takes, most of it as a
process on a real stream.
"""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Ohhell
from tests.test_cli_tournament import FIELD, new, play_round
from tests.tournament_helpers import TIE_2_3

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


# A saved entry exits 0 even when its answer cannot be written.


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


class _Full(io.StringIO):
    """A stream on a full disk (/dev/full)."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(("stream", "name"), [("stdout", "output"), ("stderr", "error")])
def test_a_full_stream_is_named_in_the_line_that_says_so(
    monkeypatch: pytest.MonkeyPatch, stream: str, name: str
) -> None:
    """In the process, the words of the tests above (the mutation run sees no other
    process): the stream that could not be written is named."""
    from ohhell_score import entry
    from ohhell_score.views import console

    monkeypatch.setattr(sys, stream, _Full())
    with pytest.raises(console.Unwritten) as lost:
        (console.say if stream == "stdout" else console.note)("x")
    assert entry.refusal(lost.value.error) == f"standard {name}: No space left on device"


def test_once_the_reader_went_away_nothing_more_reaches_stdout(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`ohhell show | head -1`: what is written after the pipe broke (at exit too) goes
    nowhere, in the process as in tests/test_quick.py's pipes."""
    from ohhell_score.views import console

    path = tmp_path / "stdout"
    with open(path, "w") as out:
        monkeypatch.setattr(sys, "stdout", out)
        console.hush_stdout()
        out.write("more")
        out.flush()
    assert path.read_text() == ""


# JSON on a stream that cannot encode a name escapes it, never `?`.

NAMES = ("Zoë", "Ann", "😀Bob")
#: A stream of ASCII only: Python told so, or the C locale with neither coercion nor UTF-8.
ASCII_STREAMS = {
    "PYTHONIOENCODING=ascii": {"PYTHONIOENCODING": "ascii"},
    "the C locale": {"LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"},
}


@pytest.mark.parametrize("stream", list(ASCII_STREAMS))
@pytest.mark.parametrize(
    ("command", "names_of"),
    [
        (["show", "--json"], lambda data: data["players"]),
        (["list", "--json"], lambda data: data[0]["players"]),
        (["export", "--format", "json"], lambda data: data["game"]["players"]),
    ],
    ids=["show", "list", "export"],
)
def test_json_on_an_ascii_stream_keeps_every_name(
    tmp_path: Path, stream: str, command: list[str], names_of: Any
) -> None:
    assert run(tmp_path, "new", *NAMES, "-g", "z").returncode == 0
    done = run(tmp_path, *command, env=ASCII_STREAMS[stream])
    assert done.returncode == 0, done.stderr
    done.stdout.encode("ascii")  # all of it: the stream could take nothing else
    assert names_of(json.loads(done.stdout)) == list(NAMES)


@pytest.mark.parametrize("stream", list(ASCII_STREAMS))
@pytest.mark.parametrize(
    "command",
    [["ratings", "--json"], ["stats", "--json"], ["history", "--json"]],
    ids=["ratings", "stats", "history"],
)
def test_every_json_on_an_ascii_stream_keeps_every_name(
    tmp_path: Path, stream: str, command: list[str]
) -> None:
    """`ratings --json` wrote `Zo?` here: every `--json` goes through one writer."""
    assert (
        run(tmp_path, "new", *NAMES, "-g", "z", "--hands", "1", "--trump", "none").returncode == 0
    )
    assert run(tmp_path, "bid", "0", "0", "0").returncode == 0
    assert run(tmp_path, "tricks", "0", "1", "0").returncode == 0
    done = run(tmp_path, *command, env=ASCII_STREAMS[stream])
    assert done.returncode == 0, done.stderr
    done.stdout.encode("ascii")
    back = json.dumps(json.loads(done.stdout), ensure_ascii=False)
    assert all(name in back for name in NAMES)
    assert done.stdout == json.dumps(json.loads(done.stdout), indent=2) + "\n"


def test_a_value_as_json_is_indented_by_two_and_escaped_only_where_the_stream_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In-process: the one writer of every `--json`."""
    from ohhell_score.views import console

    for encoding, zoe in (("ascii", r"Zo\u00eb"), ("utf-8", "Zoë")):
        stream = _Stream(encoding)
        monkeypatch.setattr(sys, "stdout", stream)
        console.say_as_json({"players": ["Zoë", "Ann"]})
        assert stream.getvalue() == f'{{\n  "players": [\n    "{zoe}",\n    "Ann"\n  ]\n}}\n'


class _Stream(io.StringIO):
    """A text stream of the given encoding (its text kept as written)."""

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


@pytest.mark.parametrize(
    ("encoding", "written"),
    [
        ("ascii", r'["Zo\u00eb", "Ann", "\ud83d\ude00Bob"]'),
        ("latin-1", r'["Zoë", "Ann", "\ud83d\ude00Bob"]'),
        ("utf-8", '["Zoë", "Ann", "😀Bob"]'),
        ("an-encoding-python-lacks", r'["Zo\u00eb", "Ann", "\ud83d\ude00Bob"]'),
    ],
)
def test_json_in_process_on_a_narrow_stream_escapes_what_it_cannot_show(
    monkeypatch: pytest.MonkeyPatch, encoding: str, written: str
) -> None:
    """As above, in the process (the mutation run sees no other): each character the
    stream cannot take is its JSON escape (one beyond U+FFFF is two, as json.dumps
    writes it); for an encoding Python does not know, ASCII. Read back, the names are
    the names."""
    from ohhell_score.views import console

    stream = _Stream(encoding)
    monkeypatch.setattr(sys, "stdout", stream)
    console.say_json(json.dumps(list(NAMES), ensure_ascii=False))
    assert stream.getvalue() == written + "\n"
    assert json.loads(stream.getvalue()) == list(NAMES)


@pytest.mark.parametrize("stream", list(ASCII_STREAMS))
def test_a_json_export_on_an_ascii_stream_imports_back(tmp_path: Path, stream: str) -> None:
    assert run(tmp_path, "new", *NAMES, "-g", "z").returncode == 0
    with open(tmp_path / "z.json", "w") as out:
        done = run(tmp_path, "export", "--format", "json", stdout=out, env=ASCII_STREAMS[stream])
    assert done.returncode == 0, done.stderr
    assert run(tmp_path, "import", "z.json", "-g", "back").returncode == 0
    assert run(tmp_path, "show", "-g", "back", "--json").stdout == run(
        tmp_path, "show", "-g", "z", "--json"
    ).stdout.replace('"id": "z"', '"id": "back"')


# The program's own instructions are never cut; what a user typed is.


def test_an_instruction_to_type_is_never_cut(ohhell: Ohhell) -> None:
    """Eight tied tables: the refusal names every order to give, the last one whole."""
    new(ohhell, "--no-shuffle")
    play_round(ohhell, FIELD, {f"cup-r1-t{k}": TIE_2_3 for k in range(1, 9)})
    line = ohhell.refused("tournament", "advance", "cup")
    assert len(line) > 600
    assert line.endswith("give the order with --order cup-r1-t8=P30,P31\n"), line
    assert line.count("--order cup-r1-t") == 8


def test_a_long_name_typed_is_cut_in_the_refusal_and_the_rest_is_whole(ohhell: Ohhell) -> None:
    err = ohhell.refused("new", "Ann", "Bob", "C" * 100_000)
    assert err == f"ohhell: player name '{'C' * 80}…' must be 1 to 24 characters\n"


# A formula's length is counted as typed, not as the program rewrites it.

#: 300 characters typed without a space; its canonical text (``made: ...; missed: -b``)
#: has 303.
FORMULA_300 = "made:10+b" + "+1" * 139 + "+11" + ";missed:-b"


def test_a_formula_of_300_characters_typed_plays_and_shows(ohhell: Ohhell) -> None:
    assert len(FORMULA_300) == 300
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--scoring", FORMULA_300)
    ohhell.ok("trump", "s")
    ohhell.ok("bid", "Bob=0", "Cat=1", "Ann=1")
    ohhell.ok("tricks", "Bob=0", "Cat=0", "Ann=1")
    data = ohhell.sheet()
    assert len(data["rules"]["scoring"]) == 303
    assert data["totals"]["Ann"] == 10 + 1 + 139 + 11


def test_a_formula_of_301_characters_typed_is_still_refused(ohhell: Ohhell) -> None:
    reason = ohhell.invalid_value("new", "Ann", "Bob", "Cat", "--scoring", FORMULA_300 + " ")
    assert reason == "scoring formula: 301 characters; at most 300 are taken"


# What cannot be got rid of.


def test_a_damaged_game_with_no_previous_version_can_be_deleted(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", *FOUR, "-g", "bad")
    (data_dir / "bad.json").write_text("{ not json")
    assert not (data_dir / "bad.json.bak").exists()
    assert ohhell.ok("delete", "bad", "--yes") == "Deleted game bad.\n"
    assert ohhell.ok("list", "--json") == "[]\n"
    assert ohhell(*["list"]).stderr == ""


def test_a_damaged_house_rule_can_be_deleted(ohhell: Ohhell, config_dir: Path) -> None:
    ohhell.ok("rules", "save", "mine", "--hook", "never")
    (config_dir / "rules" / "mine.json").write_text("{ not json")
    assert ohhell.ok("rules", "delete", "mine") == "Deleted house rule mine.\n"
    assert not (config_dir / "rules" / "mine.json").exists()
    assert "mine" not in ohhell(*["rules"]).output


@pytest.mark.parametrize(
    "command",
    [
        ["restore", "nosuch"],
        ["tournament", "advance", "nosuch"],
        ["tournament", "collect", "nosuch", "x.json"],
    ],
)
def test_a_refusal_of_what_is_not_there_leaves_no_lock_file(
    ohhell: Ohhell,
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text("{}")
    ohhell.ok("new", *FOUR, "-g", "home")
    before = sorted(p.relative_to(data_dir) for p in data_dir.rglob("*"))
    assert "nosuch" in ohhell.refused(*command)
    assert sorted(p.relative_to(data_dir) for p in data_dir.rglob("*")) == before


def test_a_killed_saves_temp_file_of_a_tournament_is_removed_by_the_next_change(
    ohhell: Ohhell, data_dir: Path
) -> None:
    new(ohhell, "--no-shuffle")
    stale = data_dir / "tournaments" / ".cup.json.4242-0123456789ab.tmp"
    stale.write_text('{"half": ')
    ohhell.refused("tournament", "advance", "cup")  # not finished: refused, under the lock
    assert not stale.exists()


# An advance that fails on a full disk takes back all it wrote.


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of 1 MB, where the machine lets a test mount one (root, Linux)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True
    )
    if made.returncode != 0:
        pytest.skip("cannot mount a tmpfs here: " + made.stderr.decode(errors="replace"))
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def fill(disk: Path, leave_pages: int) -> Path:
    """Fill ``disk`` but for ``leave_pages`` pages of 4 KB; the filler file's path."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while f.write(b"\0" * 4096):
                pass
        except OSError:  # full
            pass
    os.truncate(filler, max(0, filler.stat().st_size - leave_pages * 4096))
    return filler


def test_an_advance_on_a_full_disk_is_done_whole_or_not_at_all(
    ohhell: Ohhell, small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At every fill level from no page free to enough: exit 1 with the tournament as
    it was (not pending, no table of the final, `tournament show` working), or done."""
    monkeypatch.setenv("OHHELL_DATA_DIR", str(small_disk / "data"))
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD[:8])
    saved = small_disk / "data" / "tournaments" / "cup.json"
    before = saved.read_bytes()
    for pages in range(40):
        filler = fill(small_disk, pages)
        result = ohhell("tournament", "advance", "cup")
        filler.unlink()
        if result.exit_code == 0:
            break
        assert result.exit_code == 1, result.output
        assert saved.read_bytes() == before, pages
        assert not (small_disk / "data" / "cup-final.json").exists(), pages
        ohhell.ok("tournament", "show", "cup")
    else:
        pytest.fail("not done with 40 pages free")
    assert pages > 0  # the disk was full at first
    assert "cup-final" in ohhell.ok("tournament", "show", "cup")


# Every number and text is bounded where it enters.

HUGE = "9" * 4_300  # as many digits as Python reads; printing one more would fail


def test_a_join_score_of_thousands_of_digits_is_refused_and_show_still_works(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat")
    err = ohhell.refused("seat", "join", "Eve", "--score", HUGE)
    assert err == "ohhell: a player joins with -1,000,000,000 to 1,000,000,000 points\n"
    ohhell.ok("seat", "join", "Eve", "--score", "1000000000")
    ohhell.ok("show")


def test_a_game_file_whose_join_score_has_thousands_of_digits_is_refused_in_one_line(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "big")
    ohhell.ok("seat", "join", "Eve", "--score", "7")
    path = data_dir / "big.json"
    path.write_text(path.read_text().replace('"score": 7', f'"score": {HUGE}'))
    err = ohhell.refused("show", "-g", "big")
    assert "a player joins with -1,000,000,000 to 1,000,000,000 points" in err
    assert len(err.splitlines()) == 1


def test_a_trump_rule_longer_than_300_characters_is_refused_before_it_is_read(
    ohhell: Ohhell,
) -> None:
    rule = "upcard" + "+1=none" * 8_000
    assert ohhell.invalid_value("new", "Ann", "Bob", "Cat", "--trump", rule) == (
        "trump: 56,006 characters; at most 300 are taken"
    )
    ohhell.ok("new", "Ann", "Bob", "Cat", "--trump", "upcard" + "+1=none" * 42)  # 300


def test_a_game_file_with_a_trump_rule_of_100000_exceptions_is_refused_in_one_line(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "long")
    path = data_dir / "long.json"
    data = json.loads(path.read_text())
    data["rules"]["trump"] = "upcard" + "+1=none" * 100_000
    path.write_text(json.dumps(data))
    err = ohhell.refused("show", "-g", "long")
    assert "trump: 700,006 characters; at most 300 are taken" in err


# No save writes a file that the program then refuses to read.


def test_an_entry_that_would_grow_the_game_past_what_is_read_is_refused(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit made small (a legal game of 208 players and 500 hands reaches 4 MB):
    the entry past it is refused, and the game still shows, as it was before it."""
    from ohhell_score.storage import files

    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "big")
    ohhell.ok("trump", "s")
    size = (data_dir / "big.json").stat().st_size
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size + 100)  # room for one bid, not two
    ohhell.ok("bid", "1")
    before = (data_dir / "big.json").read_bytes()
    err = ohhell.refused("bid", "1")
    assert err == (
        "ohhell: game big would be larger than 0 MB, more than can be read back: "
        "this entry is not saved\n"
    )
    assert (data_dir / "big.json").read_bytes() == before
    assert ohhell.sheet()["next"]["player"] == "Cat"  # Bob's bid kept, not Cat's


# Item B of the bounds round: a file written with -o is the command's product, so a
# confirmation that meets a full stdout does not make the written file a refusal.


@pytest.mark.parametrize(
    ("setup", "command", "said"),
    [
        ([["new", *FOUR, "-g", "g"]], ["export", "-g", "g", "-o", "OUT.json"], '"game"'),
        ([], ["sheet", *FOUR, "-o", "OUT.html"], "<html"),
        ([["rules", "save", "hr", "--hook", "never"]], ["rules", "export", "hr", "-o", "OUT"],
         '"hook"'),
        ([["tournament", "new", "cup", *FIELD[:8], "--hands", "2,1"]],
         ["tournament", "export", "cup", "-f", "md", "-o", "OUT.md"], "cup"),
        ([], ["ratings", "--html", "-o", "OUT.html"], "<html"),
    ],
    ids=["export", "sheet", "rules export", "tournament export", "ratings --html"],
)  # fmt: skip
def test_a_file_written_with_stdout_full_exits_0_and_says_the_answer_was_lost(
    tmp_path: Path, setup: list[list[str]], command: list[str], said: str
) -> None:
    for before in setup:
        assert run(tmp_path, *before).returncode == 0
    out = tmp_path / next(arg for arg in command if arg.startswith("OUT"))
    with open("/dev/full", "w") as full:
        done = run(tmp_path, *[str(out) if a == out.name else a for a in command], stdout=full)
    assert done.returncode == 0, done.stderr
    assert said in out.read_text(encoding="utf-8")
    if command[:2] != ["rules", "export"]:  # its confirmation goes to stderr
        assert done.stderr == (
            "ohhell: saved, but the answer could not be written: "
            "standard output: No space left on device\n"
        )


def test_an_export_to_a_full_stdout_named_with_o_still_exits_1(tmp_path: Path) -> None:
    """-o /dev/stdout: the product itself could not be written."""
    assert run(tmp_path, "new", *FOUR, "-g", "g").returncode == 0
    with open("/dev/full", "w") as full:
        done = run(tmp_path, "export", "-g", "g", "-f", "json", "-o", "/dev/stdout", stdout=full)
    assert done.returncode == 1
    assert done.stderr == "ohhell: cannot write /dev/stdout: No space left on device\n"


def test_json_on_a_closed_stdout_is_written_nowhere_and_nothing_crashes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`ohhell show --json >&-`: Python gives a closed stdout as None, which has no
    encoding to fit the JSON to; the command goes on (test_quick checks the exit and
    the game kept, in a shell)."""
    from ohhell_score.views import console

    monkeypatch.setattr(sys, "stdout", None)
    console.say_as_json({"players": ["Zoë", "Bob"]})
    console.say_json("[]")


@pytest.mark.parametrize("errors", ["strict", "backslashreplace", "surrogateescape", "replace"])
def test_a_stream_that_cannot_show_a_character_shows_its_stand_in_whatever_it_did_before(
    monkeypatch: pytest.MonkeyPatch, errors: str
) -> None:
    """An ASCII stdout whose error handler is any of Python's usual ones (stderr's is
    backslashreplace) shows ♠ as S and ë as ?, never \\xeb, \\udceb or a traceback."""
    from ohhell_score.views import console

    shown = io.BytesIO()
    stdout = io.TextIOWrapper(shown, encoding="ascii", errors=errors)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    console.forgive_encoding()
    console.say("Zoë ♠ → Bob")
    assert shown.getvalue() == b"Zo? S > Bob\n"
