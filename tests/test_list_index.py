"""`ohhell list` reads an index that cannot go stale (index.list_summaries)."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Ohhell

INDEX = ".list-index.json"


def start(ohhell: Ohhell, gid: str) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", gid)


def test_list_shows_an_entry_made_after_the_index_was_written(ohhell: Ohhell) -> None:
    start(ohhell, "friday")
    assert "1 of 23" in ohhell.ok("list")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "3", "2", "5", "3")
    assert "2 of 23" in ohhell.ok("list")
    (row,) = json.loads(ohhell.ok("list", "--json"))
    assert row["hands_played"] == 1


def test_list_reads_again_a_file_changed_under_the_same_inode_and_size(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """A reused inode of the same size (here: the file rewritten in place, Ann renamed
    Amy) is another file: only its modification time tells, and list shows the new."""
    start(ohhell, "friday")
    assert "Ann, Bob, Cat, Dan" in ohhell.ok("list")
    path = data_dir / "friday.json"
    before = os.stat(path)
    changed = path.read_bytes().replace(b'"Ann"', b'"Amy"')
    with open(path, "r+b") as f:
        f.write(changed)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
    after = os.stat(path)
    assert (after.st_ino, after.st_size) == (before.st_ino, before.st_size)
    assert "Amy, Bob, Cat, Dan" in ohhell.ok("list")


def test_list_forgets_a_game_whose_file_is_gone(ohhell: Ohhell, data_dir: Path) -> None:
    start(ohhell, "friday")
    start(ohhell, "monday")
    ohhell.ok("list")
    (data_dir / "friday.json").unlink()
    assert [g["id"] for g in json.loads(ohhell.ok("list", "--json"))] == ["monday"]


def test_list_works_from_a_damaged_index(ohhell: Ohhell, data_dir: Path) -> None:
    start(ohhell, "friday")
    ohhell.ok("list")
    (data_dir / INDEX).write_text('{"header": {"format": 1}, "games": [')
    assert "friday" in ohhell.ok("list")
    json.loads((data_dir / INDEX).read_text())  # written afresh


def test_list_json_gives_the_contract_fields(ohhell: Ohhell) -> None:
    start(ohhell, "friday")
    (row,) = json.loads(ohhell.ok("list", "--json"))
    assert row == {
        "id": "friday",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "rules": "cartier",
        "hands_played": 0,
        "hands_total": 23,
        "finished": False,
        "updated": row["updated"],
        "leaders": ["Ann", "Bob", "Cat", "Dan"],
    }


def test_an_unreadable_game_is_listed_as_such(ohhell: Ohhell, data_dir: Path) -> None:
    start(ohhell, "friday")
    (data_dir / "broken.json").write_text("{not json")
    assert "unreadable: see `ohhell show -g broken`" in ohhell.ok("list")
    result = ohhell("list", "--json")
    assert result.exit_code == 0
    assert [g["id"] for g in json.loads(result.stdout)] == ["friday"]
    assert "broken.json" in result.stderr


def test_list_orders_games_most_recently_changed_first(ohhell: Ohhell) -> None:
    start(ohhell, "friday")
    start(ohhell, "monday")
    ohhell.ok("bid", "-g", "friday", "3")
    assert [g["id"] for g in json.loads(ohhell.ok("list", "--json"))] == ["friday", "monday"]


def test_list_lines_up_its_columns_under_their_heads(ohhell: Ohhell, data_dir: Path) -> None:
    start(ohhell, "friday")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("new", "Zoë", "Yusuf", "Xia", "-g", "monday")
    (data_dir / "broken.json").write_text("{not json")
    head, rule, *rows = ohhell.ok("list").splitlines()
    heads = ["id", "players", "rules", "hand", "leader", "last played"]
    starts = [head.index(h) for h in heads]
    assert starts == sorted(starts) and set(rule) == {"─"}
    monday = next(r for r in rows if r.startswith("monday"))
    assert [monday[i:].split("   ")[0].strip() for i in starts[:4]] == [
        "monday",
        "Zoë, Yusuf, Xia",
        "classic · 19 hands",
        "1 of 19",
    ]
    assert monday[starts[4] :].split()[:1] != ["Zoë"]  # no hand played: no leader yet
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", monday[starts[5] :])
    broken = next(r for r in rows if r.startswith("broken"))
    assert broken[starts[1] :] == "unreadable: see `ohhell show -g broken`"


def test_list_in_a_pipe_has_no_terminal_codes(ohhell: Ohhell, data_dir: Path) -> None:
    start(ohhell, "friday")
    (data_dir / "broken.json").write_text("{not json")
    assert "\x1b[" not in ohhell.ok("list")


def test_a_game_filed_under_another_id_is_listed_as_unreadable(
    ohhell: Ohhell, data_dir: Path
) -> None:
    start(ohhell, "friday")
    monday = data_dir / "monday.json"
    monday.write_bytes((data_dir / "friday.json").read_bytes())
    assert "unreadable: see `ohhell show -g monday`" in ohhell.ok("list")
    said = f"cannot read {monday}: it holds game 'friday', not 'monday'"
    assert said in ohhell("list", "--json").stderr


def test_list_works_in_a_folder_it_may_not_write_in(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ohhell_score.storage import index

    start(ohhell, "friday")

    def no_lock(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(index, "lock_file", no_lock)  # as root, chmod would not stop us
    assert "friday" in ohhell.ok("list")
    assert not (data_dir / INDEX).exists()


def test_list_works_when_the_index_cannot_be_written(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock is taken but the disk is full: `list` shows the games, from the files."""
    from ohhell_score.storage import index

    start(ohhell, "friday")

    def disk_full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(index, "write_atomic", disk_full)
    assert [g["id"] for g in json.loads(ohhell.ok("list", "--json"))] == ["friday"]
    assert not (data_dir / INDEX).exists()


def test_list_reads_no_game_again_while_none_changed(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The point of the index (`list` over thousands of games): a second `list` takes
    every line from it, an unreadable game's too, and shows the same."""
    from ohhell_score.storage import index

    start(ohhell, "friday")
    ohhell.ok("bid", "3", "2", "4", "2")
    start(ohhell, "monday")
    (data_dir / "broken.json").write_text("{not json")
    first = (ohhell.ok("list"), ohhell.ok("list", "--json"))

    def unread(text: object, where: str) -> None:
        raise AssertionError(f"read {where} again")

    monkeypatch.setattr(index, "parse_progress", unread)
    assert (ohhell.ok("list"), ohhell.ok("list", "--json")) == first


def _summary(line: dict[str, Any], **changed: object) -> dict[str, Any]:
    return {**line, "summary": {**line["summary"], **changed}}


def _with(key: str, value: object, line: dict[str, Any]) -> dict[str, Any]:
    return _summary(line, **{key: value})


#: Index lines of the wrong shape, each made from friday's good line.
WRONG_LINES: dict[str, Callable[[dict[str, Any]], object]] = {
    "not an object": lambda line: [line["key"], line["summary"]],
    "no summary": lambda line: {"key": line["key"]},
    "a summary not an object": lambda line: {**line, "summary": ["friday"]},
    "a key too many": lambda line: _summary(line, seats=4),
    "a key missing": lambda line: {
        **line,
        "summary": {k: v for k, v in line["summary"].items() if k != "next_hand"},
    },
    "an error and a summary": lambda line: _summary(line, error="cannot read it"),
    "an error not in words": lambda line: {**line, "summary": {"error": 7}},
    "a player not a name": lambda line: _summary(line, players=["Ann", "Bob", 3, "Dan"]),
    "one who got up not a name": lambda line: _summary(line, earlier=[3]),
    "a leader not a name": lambda line: _summary(line, leaders=[None]),
    "a winner not a name": lambda line: _summary(line, winners=[1]),
    **{
        f"{key} of the wrong type": functools.partial(_with, key, value)
        for key, value in {
            "id": 7,
            "players": "Ann, Bob",
            "earlier": "Bob",
            "rules": None,
            "hands_played": "0",
            "hands_total": 23.0,
            "finished": 0,
            "updated": 20261201,
            "leaders": "Ann",
            "winners": {},
            "next_hand": "1",
        }.items()
    },
}


@pytest.mark.parametrize("wrong", WRONG_LINES.values(), ids=WRONG_LINES.keys())
def test_an_index_line_of_the_wrong_shape_is_read_again(
    ohhell: Ohhell, data_dir: Path, wrong: Callable[[dict[str, Any]], object]
) -> None:
    """A line under the game's own key that `list` did not write (hand-edited, or from
    a bug) is never shown: the game is read again and its line written afresh."""
    start(ohhell, "friday")
    want = ohhell.ok("list", "--json")
    index = json.loads((data_dir / INDEX).read_text())
    good = index["games"]["friday"]
    index["games"]["friday"] = wrong(good)
    (data_dir / INDEX).write_text(json.dumps(index))
    assert ohhell.ok("list", "--json") == want
    assert json.loads((data_dir / INDEX).read_text())["games"]["friday"] == good


@pytest.mark.parametrize("field", ["format", "version", "schema"])
def test_an_index_written_by_another_version_is_not_trusted(
    ohhell: Ohhell, data_dir: Path, field: str
) -> None:
    """Another version may summarise otherwise: its lines, well formed and under the
    right keys, are all read again (here one says Zoë plays at friday)."""
    start(ohhell, "friday")
    want = ohhell.ok("list", "--json")
    index = json.loads((data_dir / INDEX).read_text())
    index["header"][field] = "another"
    line = index["games"]["friday"]
    line["summary"]["players"] = ["Zoë", "Bob", "Cat", "Dan"]
    (data_dir / INDEX).write_text(json.dumps(index))
    assert ohhell.ok("list", "--json") == want


def test_a_game_file_too_large_to_read_is_listed_as_unreadable_saying_why(
    ohhell: Ohhell, data_dir: Path
) -> None:
    start(ohhell, "friday")
    huge = data_dir / "huge.json"
    huge.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    assert "unreadable: see `ohhell show -g huge`" in ohhell.ok("list")
    result = ohhell("list", "--json")
    assert result.exit_code == 0
    assert [g["id"] for g in json.loads(result.stdout)] == ["friday"]
    assert f"cannot read {huge}: larger than 4 MB" in result.stderr


def test_why_a_game_file_cannot_be_read_is_listed_in_the_table_s_language(
    dutch: None, ohhell: Ohhell, data_dir: Path
) -> None:
    """A Dutch table reads why in Dutch, the path included, and not English."""
    start(ohhell, "friday")
    huge = data_dir / "huge.json"
    huge.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    result = ohhell("list", "--json")
    assert result.exit_code == 0
    assert f"kan {huge} niet lezen: groter dan 4 MB\n" in result.stderr


def test_list_after_one_game_changed_reads_that_game_alone(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index line of each game that did not change is kept: only friday, bid on
    since the last `list`, is read again."""
    from ohhell_score.storage import index

    start(ohhell, "friday")
    start(ohhell, "monday")
    ohhell.ok("list")
    ohhell.ok("bid", "-g", "friday", "3")
    from ohhell_score.domain.codec import parse_progress as parse

    read: list[str] = []

    def reading(text: bytes, where: str) -> Any:
        read.append(Path(where).name)
        return parse(text, where)

    monkeypatch.setattr(index, "parse_progress", reading)
    rows = json.loads(ohhell.ok("list", "--json"))
    assert read == ["friday.json"]
    assert [(g["id"], g["hands_played"]) for g in rows] == [("friday", 0), ("monday", 0)]


class _Vanished:
    """A directory entry whose file is removed before it is looked at."""

    name = "vanished.json"
    path = "vanished.json"

    def stat(self) -> os.stat_result:
        raise FileNotFoundError(2, "No such file or directory", self.name)


def test_list_skips_what_is_no_game_wherever_the_folder_lists_it(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file not named like a game, a hidden one and one removed while `list` looks are
    passed over, and the games the folder lists after them are still listed."""
    from ohhell_score.storage import index

    start(ohhell, "friday")
    for odd in ("Friday copy.json", ".hidden.json", "notes.txt"):
        (data_dir / odd).write_text("{}")
    scandir = os.scandir

    @contextlib.contextmanager
    def odd_ones_first(folder: Path) -> Iterator[list[Any]]:
        with scandir(folder) as entries:
            yield [_Vanished(), *sorted(entries, key=lambda e: e.name == "friday.json")]

    monkeypatch.setattr(index, "os", types.SimpleNamespace(scandir=odd_ones_first))
    assert [g["id"] for g in json.loads(ohhell.ok("list", "--json"))] == ["friday"]


def test_list_orders_games_by_when_they_were_played_not_by_their_files(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """friday was played last; its file looks older (copied back from a backup with
    its time reset): friday still comes first, and unreadable files come last."""
    from ohhell_score.storage import games

    monkeypatch.setattr(games, "now", lambda: "2026-11-30T20:00:00+00:00")
    start(ohhell, "monday")
    monkeypatch.setattr(games, "now", lambda: "2026-12-01T20:00:00+00:00")
    start(ohhell, "friday")
    (data_dir / "broken.json").write_text("{not json")
    os.utime(data_dir / "friday.json", (0, 0))
    rows = ohhell.ok("list").splitlines()[2:]
    assert [row.split()[0] for row in rows] == ["friday", "monday", "broken"]


def test_every_change_to_a_game_is_its_last_played_time(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """list's "updated" (and so its order) moves with each bid, trump, tricks, edit,
    undo, seat change and note: each is stamped with the time it was made."""
    from ohhell_score.storage import games

    moment = ["2026-11-27T20:00:00+01:00"]
    monkeypatch.setattr(games, "now", lambda: moment[0])
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "dealer", "-g", "g")
    changes = [
        ("trump", "hearts"),
        ("bid", "1", "0", "0"),
        ("tricks", "1", "0", "1"),
        ("edit", "1", "bids", "Ann=2"),
        ("seat", "replace", "Bob", "Zed"),
        ("undo",),
        ("seat", "join", "Eve"),
        ("seat", "leave", "Eve"),
        ("note", "misdeal"),
    ]
    for minute, change in enumerate(changes, start=1):
        moment[0] = f"2026-11-27T20:{minute:02d}:00+01:00"
        ohhell.ok(*change)
        (row,) = json.loads(ohhell.ok("list", "--json"))
        assert (change[0], row["updated"]) == (change[0], moment[0])


def test_list_json_gives_the_eight_keys_the_scripting_page_shows(ohhell: Ohhell) -> None:
    """docs/scripting.md, `list --json`: the example's keys, in order, are what each game
    gives, and what domain/listing.py says it gives."""
    from ohhell_score.domain.listing import LIST_JSON_KEYS

    page = (Path(__file__).parents[1] / "docs" / "scripting.md").read_text(encoding="utf-8")
    section = page.split("## `list --json`", 1)[1]
    example = section.split("```json", 1)[1].split("```", 1)[0]
    start(ohhell, "friday")
    given = json.loads(ohhell.ok("list", "--json"))[0]
    assert list(json.loads(example)[0]) == list(given) == list(LIST_JSON_KEYS)
    assert len(LIST_JSON_KEYS) == 8
    listing = (Path(__file__).parents[1] / "ohhell_score" / "domain" / "listing.py").read_text()
    assert "the eight keys of docs/scripting.md" in listing


# Mutation survivors (2026-12-03): the list's lines whole (views/plain.py, list_lines)


def _four_kinds_of_game(ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """A game just started, one under way after a seat change, one done (a tie of a wide
    name and Cat), and a file that cannot be read, each last played at its own minute."""
    from ohhell_score.storage import games

    monkeypatch.setattr(games, "now", lambda: "2026-11-30T20:05:09+00:00")
    ohhell.ok("new", "Ann", "王小明", "Cat", "--hands", "1", "--trump", "none", "-g", "done")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "0", "0", "1")
    monkeypatch.setattr(games, "now", lambda: "2026-12-01T21:15:00+00:00")
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none", "-g", "on")
    ohhell.ok("bid", "1", "1", "0", "1")
    ohhell.ok("tricks", "1", "1", "0", "0")
    ohhell.ok("seat", "leave", "Dan")
    monkeypatch.setattr(games, "now", lambda: "2026-12-02T09:00:00+00:00")
    ohhell.ok("new", "Zoë", "Yusuf", "王小明", "-g", "fresh")
    (data_dir / "broken.json").write_text("{not json")


LISTED = [
    "fresh    Zoë, Yusuf, 王小明                        classic · 19 hands"
    "                            1 of 19                   2026-12-02 09:00",
    "on       Ann, Bob, Cat (earlier: Dan)              classic · 2 hands · hands 2-1 · trump: none"
    "   2 of 2     Bob & Cat      2026-12-01 21:15",
    "done     Ann, 王小明, Cat                          classic · 1 hand · hands 1 · trump: none"
    "      done (1)   王小明 & Cat   2026-11-30 20:05",
]
LIST_HEAD = (
    "id       players                                   rules                                     "
    "    hand       leader         last played"
)


def test_list_gives_each_game_on_a_line_in_columns_wide_names_taking_two(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    _four_kinds_of_game(ohhell, monkeypatch, data_dir)
    assert ohhell.ok("list").splitlines() == [
        LIST_HEAD,
        "─" * 139,
        *LISTED,
        "broken   unreadable: see `ohhell show -g broken`",
    ]


def test_list_styled_has_its_heads_bold_and_an_unreadable_file_red_but_its_id(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    _four_kinds_of_game(ohhell, monkeypatch, data_dir)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert ohhell.ok("list").splitlines() == [
        f"\x1b[1m{LIST_HEAD}\x1b[0m",
        "─" * 139,
        *LISTED,
        "broken   \x1b[31munreadable: see `ohhell show -g broken`\x1b[0m",
    ]


def test_list_names_every_file_it_cannot_read(ohhell: Ohhell, data_dir: Path) -> None:
    start(ohhell, "friday")
    (data_dir / "broken.json").write_text("{not json")
    (data_dir / "damaged.json").write_text("[]")
    rows = ohhell.ok("list").splitlines()[2:]
    assert sorted(rows[1:]) == [
        "broken    unreadable: see `ohhell show -g broken`",
        "damaged   unreadable: see `ohhell show -g damaged`",
    ]


def test_list_names_everyone_who_got_up(ohhell: Ohhell) -> None:
    ohhell.ok(
        "new", "Ann", "Bob", "Cat", "Dan", "Eve", "--hands", "2,1", "--trump", "none", "-g", "on"
    )
    ohhell.ok("bid", "1", "0", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0", "0", "1")
    ohhell.ok("seat", "leave", "Dan")
    ohhell.ok("seat", "leave", "Eve")
    assert "on   Ann, Bob, Cat (earlier: Dan, Eve)   " in ohhell.ok("list")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_list_at_a_terminal_has_its_heads_bold(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Styled because stdout is a terminal (no FORCE_COLOR), as `list` is at a prompt."""
    from ohhell_score.cli.app import list_games

    start(ohhell, "friday")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = _Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    list_games(as_json=False)
    assert out.getvalue().startswith("\x1b[1mid ")
