"""`ohhell list` reads an index that cannot go stale (index.list_summaries)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

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
    (data_dir / "monday.json").write_bytes((data_dir / "friday.json").read_bytes())
    assert "unreadable: see `ohhell show -g monday`" in ohhell.ok("list")


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
