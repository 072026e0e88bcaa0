"""`ohhell list` reads an index that cannot go stale (store.list_summaries)."""

from __future__ import annotations

import json
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


def test_plain_list_is_the_rich_list_of_render(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """plain.py draws render.print_list's table without rich (lines compared unpadded)."""
    from rich.console import Console

    from ohhell_score import plain, render, store

    start(ohhell, "friday")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("new", "Zoë", "Yusuf", "Xia", "-g", "monday")
    (data_dir / "broken.json").write_text("{not json")
    console = Console(width=120, no_color=True, highlight=False, force_terminal=False)
    monkeypatch.setattr(render, "stdout", lambda: console)
    with console.capture() as captured:
        render.print_list(store.list_games())
    drawn = plain.list_lines(store.list_summaries(), plain.Styler(None))
    assert drawn == [line.rstrip() for line in captured.get().splitlines()]


def test_a_game_filed_under_another_id_is_listed_as_unreadable(
    ohhell: Ohhell, data_dir: Path
) -> None:
    start(ohhell, "friday")
    (data_dir / "monday.json").write_bytes((data_dir / "friday.json").read_bytes())
    assert "unreadable: see `ohhell show -g monday`" in ohhell.ok("list")


def test_list_works_in_a_folder_it_may_not_write_in(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ohhell_score import store

    start(ohhell, "friday")

    def no_lock(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(store, "_lock_file", no_lock)  # as root, chmod would not stop us
    assert "friday" in ohhell.ok("list")
    assert not (data_dir / INDEX).exists()
