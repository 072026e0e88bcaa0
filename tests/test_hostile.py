"""Hostile input: what a user or a file can hand the
program is refused with exit 1 and one line (exit 2 for a malformed number), never a
traceback, a hang, an escape sequence on the terminal or a change on disk.

Commands that could hang on today's code (a FIFO, ``/dev/zero``) run as processes, with
a generous time-out that only stops a hung test; nothing here measures time.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import resource
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Ohhell
from tests.scripted import snapshot

FOUR = ("Ann", "Bob", "Cat", "Dan")
EIGHT = (*FOUR, "Eve", "Fay", "Gus", "Hal")
DEEP = b"[" * 100_000
LONG_NUMBER = b'{"schema": 1, "game": {"schema": 1, "id": ' + b"7" * 5_000 + b"}}"


@pytest.fixture
def root(ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path (the working directory too) holds data/ with a tournament `cup` and a
    game `home` one hand in, config/ with a house rule `mine`, and `home.json`, the
    game exported."""
    monkeypatch.chdir(tmp_path)
    ohhell.ok("tournament", "new", "cup", *EIGHT, "--seed", "1")
    ohhell.ok("new", *FOUR, "--hands", "2,1", "--trump", "none", "-g", "home")
    ohhell.ok("bid", "1", "0", "0", "0")
    ohhell.ok("export", "-g", "home", "--format", "json", "-o", "home.json")
    ohhell.ok("rules", "save", "mine", "--hook", "never")
    return tmp_path


def refused_in_one_line(ohhell: Ohhell, root: Path, *args: str, stdin: bytes = b"") -> str:
    """Exit 1, one line on stderr, nothing on stdout, every file as it was."""
    before = snapshot(root)
    result = ohhell(*args, input=stdin)
    assert result.exit_code == 1, (args, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ohhell: "), result.stderr
    assert result.stdout == ""
    assert snapshot(root) == before
    return str(lines[0])


def given_file(root: Path, command: str, text: bytes) -> tuple[list[str], bytes]:
    """The command line that hands ``text`` to ``command``, and its stdin."""
    (root / "given.json").write_bytes(text)
    return {
        "import FILE": (["import", "given.json"], b""),
        "import -": (["import", "-"], text),
        "tournament collect": (["tournament", "collect", "cup", "given.json"], b""),
        "rules import": (["rules", "import", "given.json"], b""),
    }[command]


GIVEN = ["import FILE", "import -", "tournament collect", "rules import"]


@pytest.mark.parametrize("command", GIVEN[:3])  # rules import: tests/test_hostile_fuzz.py
def test_json_nested_100000_deep_is_refused_in_one_line(
    ohhell: Ohhell, root: Path, command: str
) -> None:
    args, stdin = given_file(root, command, DEEP)
    assert "nested too deep" in refused_in_one_line(ohhell, root, *args, stdin=stdin)


@pytest.mark.parametrize("command", GIVEN)
def test_a_number_of_5000_digits_is_refused_in_one_line(
    ohhell: Ohhell, root: Path, command: str
) -> None:
    args, stdin = given_file(root, command, LONG_NUMBER)
    assert "number too long" in refused_in_one_line(ohhell, root, *args, stdin=stdin)


@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("data/current", ["show"]),
        ("data/home.json.bak", ["restore", "home"]),
    ],
)
def test_a_kept_file_that_is_not_utf8_is_refused_in_one_line(
    ohhell: Ohhell, root: Path, name: str, command: list[str]
) -> None:
    """`current` and the kept previous version, made of bytes that are not UTF-8."""
    ohhell.ok("tricks", "-g", "home", "1", "1", "0", "0")  # home.json.bak exists now
    (root / name).write_bytes(b"\x80\xff{")
    result = ohhell(*command)
    assert result.exit_code in (0, 1), result.output
    assert len(result.stderr.splitlines()) <= 1


@pytest.mark.parametrize("name", [".list-index.json", ".stats-cache.json"])
def test_a_cache_nested_too_deep_is_rebuilt_and_changes_nothing_shown(
    ohhell: Ohhell, root: Path, name: str
) -> None:
    command = ["list", "--json"] if name.startswith(".list") else ["stats", "--json"]
    expected = ohhell.ok(*command)
    (root / "data" / name).write_bytes(DEEP)
    assert ohhell.ok(*command) == expected


def test_a_list_index_line_of_the_wrong_shape_is_read_again(ohhell: Ohhell, root: Path) -> None:
    expected = ohhell.ok("list", "--json")
    path = root / "data" / ".list-index.json"
    index = json.loads(path.read_bytes())
    index["games"]["home"]["summary"]["updated"] = 5  # `list` sorts on it
    path.write_text(json.dumps(index), encoding="utf-8")
    assert ohhell.ok("list", "--json") == expected


def run(root: Path, *args: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """`ohhell ARGS` as a process, its memory bounded (so a read of /dev/zero fails
    rather than filling the machine), stopped if it hangs."""

    def bound() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    import ohhell_score

    env = {**os.environ, "OHHELL_DATA_DIR": str(root / "data")}
    env["OHHELL_CONFIG_DIR"] = str(root / "config")
    env["PYTHONPATH"] = str(Path(ohhell_score.__file__).parents[1])  # the package tested
    return subprocess.run(
        [sys.executable, "-m", "ohhell_score", *args],
        env=env, cwd=root, stdout=stdout, stderr=subprocess.PIPE, text=True,
        stdin=subprocess.DEVNULL, timeout=60, preexec_fn=bound,
    )  # fmt: skip


@pytest.mark.parametrize(
    "command",
    [
        ["show", "-g", "fifo"],
        ["bid", "-g", "fifo", "1"],
        ["export", "-g", "fifo", "--format", "csv"],
        ["history", "-g", "fifo"],
        ["delete", "fifo", "--yes"],
        ["import", "data/fifo.json", "-g", "other"],
    ],
)
def test_a_fifo_named_as_a_game_is_refused_not_waited_on(root: Path, command: list[str]) -> None:
    os.mkfifo(root / "data" / "fifo.json")
    done = run(root, *command)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"ohhell: cannot read {root / 'data' / 'fifo.json'}: not a regular file"
        if command[0] != "import"
        else "ohhell: cannot read data/fifo.json: not a regular file"
    ]


@pytest.mark.parametrize("planted", ["fifo", "/dev/zero"])
def test_stats_skips_a_fifo_or_dev_zero_among_the_games(root: Path, planted: str) -> None:
    path = root / "data" / "planted.json"
    if planted == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(planted)
    done = run(root, "stats")
    assert done.returncode == 0, done.stderr
    assert f"cannot read {path}: not a regular file" in done.stderr


ESCAPES = {
    "rules.preset": lambda g: g["rules"].update(preset="\x1b]0;owned\x07classic"),
    "scorer": lambda g: g.update(scorer="\x1b[31mZoë"),
    "an entry's at": lambda g: g["entries"][0].update(at="\x1b[2J"),
    "created": lambda g: g.update(created="\x1b[31m2026"),
    "updated": lambda g: g.update(updated="\x9b31m2026"),
    "a preset named ../../x": lambda g: g["rules"].update(preset="../../x"),
}


@pytest.mark.parametrize("field", list(ESCAPES))
def test_an_import_with_an_escape_sequence_or_a_path_in_a_field_is_refused(
    ohhell: Ohhell, root: Path, field: str
) -> None:
    data = {"game": json.loads((root / "home.json").read_bytes())["game"]}  # facts alone
    ESCAPES[field](data["game"])
    (root / "changed.json").write_text(json.dumps(data), encoding="utf-8")
    line = refused_in_one_line(ohhell, root, "import", "changed.json", "-g", "other")
    assert line.isprintable()


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"hands": [1] * 501}, "rules.hands must list 1 to 500 hands"),
        ({"deck": 10**4000}, "rules.deck must be a whole number of cards, 3 to 208"),
    ],
    ids=["501 hands", "a deck of 10^4000 cards"],
)
def test_an_import_keeps_to_the_limits_of_new(
    ohhell: Ohhell, root: Path, change: dict[str, Any], why: str
) -> None:
    data = json.loads((root / "home.json").read_bytes())
    data = {"game": data["game"]}  # the facts alone: no sheet to agree with
    data["game"]["rules"].update(change)
    (root / "big.json").write_text(json.dumps(data), encoding="utf-8")
    assert why in refused_in_one_line(ohhell, root, "import", "big.json", "-g", "other")


def test_new_refuses_more_hands_than_an_import_may_have(ohhell: Ohhell, root: Path) -> None:
    hands = ",".join(["1"] * 501)
    result = ohhell("new", *FOUR, "--hands", hands, "-g", "many")
    assert result.exit_code == 2, result.output


def test_a_name_with_a_formula_after_a_semicolon_is_neutralised_in_csv(ohhell: Ohhell) -> None:
    """rules: a spreadsheet set to split on ';' sees each piece as a cell of its own."""
    name = "x;+cmd|' /C calc'!A0;y"
    ohhell.ok("new", name, "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "semi")
    for layout in ([], ["--wide"]):
        text = ohhell.ok("export", "--format", "csv", *layout)
        for row in csv.reader(io.StringIO(text), delimiter=";"):
            for cell in row:
                assert not cell.lstrip(" ").startswith(("=", "+", "-", "@")), (layout, cell)


@pytest.mark.parametrize("bid", ["1_0", "+1", "０", "１"])
def test_a_bid_that_is_not_ascii_digits_is_a_malformed_number(
    ohhell: Ohhell, root: Path, bid: str
) -> None:
    before = snapshot(root)
    result = ohhell("bid", "-g", "home", bid, "0", "0", "0")
    assert result.exit_code == 2, result.output
    assert snapshot(root) == before


def test_a_lock_file_planted_as_a_symlink_is_not_followed(ohhell: Ohhell, root: Path) -> None:
    target = root / "elsewhere"
    (root / "data" / "home.lock").unlink()
    (root / "data" / "home.lock").symlink_to(target)
    line = refused_in_one_line(ohhell, root, "tricks", "-g", "home", "1", "1", "0", "0")
    assert "home.lock" in line
    assert not target.exists()


def test_every_folder_made_for_a_deep_data_directory_is_the_users_alone(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OHHELL_DATA_DIR", str(tmp_path / "a" / "b" / "c"))
    old = os.umask(0o022)
    try:
        ohhell.ok("new", *FOUR, "-g", "deep")
    finally:
        os.umask(old)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", tmp_path / "a" / "b" / "c"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_the_refusal_of_a_100000_character_name_is_one_short_line(
    ohhell: Ohhell, root: Path
) -> None:
    data = json.loads((root / "home.json").read_bytes())
    data["game"]["players"][0] = "A" * 100_000
    (root / "long.json").write_text(json.dumps({"game": data["game"]}), encoding="utf-8")
    line = refused_in_one_line(ohhell, root, "import", "long.json", "-g", "other")
    # The name is shown cut to errors.SHOWN (80) characters, "…" the last of them.
    assert len(line) <= 400
    assert re.search(r"(?<!A)A{79,80}…", line), line


@pytest.mark.parametrize(
    ("length", "shown"),
    [(79, "x" * 79), (80, "x" * 80), (81, "x" * 79 + "…"), (100_000, "x" * 79 + "…")],
)
def test_a_value_shown_in_a_refusal_is_cut_at_80_characters_with_an_ellipsis(
    length: int, shown: str
) -> None:
    """A value a user typed (or a file held) of 80 characters is shown whole; a longer one
    shows its first 79 and "…". The program's own words around it are never cut."""
    from ohhell_score.domain.errors import SHOWN, Refused, Shown
    from ohhell_score.entry import refusal

    assert SHOWN == 80
    assert str(Shown("x" * length)) == shown
    instruction = "give the order with --order " + ",".join(f"P{i}" for i in range(200))
    assert refusal(Refused(instruction)) == instruction


@pytest.mark.parametrize(
    "command", [["show"], ["list", "--json"], ["export", "--format", "csv"], ["history"]]
)
def test_a_write_error_on_stdout_is_one_line_naming_it(root: Path, command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = run(root, *command, stdout=full)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["ohhell: standard output: No space left on device"]


@pytest.mark.parametrize(
    "option", ["--hands", "--hook", "--scoring", "--draw-cards", "--draw-ties"]
)
def test_a_rule_option_of_100000_characters_is_refused_in_one_short_line(
    ohhell: Ohhell, option: str
) -> None:
    """What a user types is cut where it enters the message (errors.Shown), in every
    rule option's refusal; a hands pattern longer than 500 hands can be is refused
    before it is read (domain/rules.py, MAX_PATTERN_LENGTH)."""
    typed = "1," * 50_000
    line = ohhell.invalid_value("new", "Ann", "Bob", "Cat", "-g", "x", option, typed)
    assert len(line) <= 300, line
    assert "1,1,1," in line and "…" in line


def test_a_hands_pattern_is_counted_before_it_is_read() -> None:
    """A pattern of more characters than 500 hands can need is refused at once; one of
    500 hands of 3 digits with spaces around each comma is taken."""
    from ohhell_score.domain.errors import BadValue
    from ohhell_score.domain.rules import MAX_PATTERN_LENGTH, parse_hands

    longest = " , ".join(["100"] * 500)
    assert len(longest) <= MAX_PATTERN_LENGTH
    assert len(parse_hands(longest, players=2, deck=208)) == 500
    with pytest.raises(BadValue, match="is not a hands pattern"):
        parse_hands("1" + " " * MAX_PATTERN_LENGTH)


@pytest.mark.parametrize(
    "args",
    [["new", "Ann", "Bob", "Cat", "-g", "x", "--decks"], ["seat", "join", "Zed", "--score"]],
)
def test_a_number_of_5000_digits_is_refused_in_one_short_line(
    ohhell: Ohhell, args: list[str]
) -> None:
    """A number Typer cannot convert (more digits than Python reads) is shown cut in its
    refusal, as the program's own refusals show a value (errors.Shown): exit 2."""
    result = ohhell(*args, "9" * 5_000)
    assert result.exit_code == 2
    line = result.stderr.strip().splitlines()[-1]
    assert line.endswith("'" + "9" * 79 + "…' is not a valid int.") and len(line) < 200, line


@pytest.mark.parametrize("option", ["--decks", "--deck-size"])
def test_a_deck_of_4000_digits_is_refused_in_one_short_line(ohhell: Ohhell, option: str) -> None:
    """A number Python reads but no deck has (4,000 digits; a house rule's file may hold
    it too) is shown cut where it enters the refusal."""
    line = ohhell.invalid_value("new", "Ann", "Bob", "Cat", "-g", "x", option, "9" * 4_000)
    assert line.endswith("9" * 79 + "…") and len(line) < 200, line
