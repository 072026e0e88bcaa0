"""Damaged files (issue 6, 4): refused with the file and the fault named, never
overwritten, the other games still listed, and the kept previous version restorable."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def _entries(change: Callable[[dict[str, Any]], None]) -> Callable[[str], str]:
    def damage(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data)

    return damage


def _bad_tricks(data: dict[str, Any]) -> None:
    tricks = next(e for e in data["entries"] if e["kind"] == "tricks")
    tricks["tricks"]["A"] += 1


def _bad_bid(data: dict[str, Any]) -> None:
    next(e for e in data["entries"] if e["kind"] == "bid")["bid"] = 9


def _newer(data: dict[str, Any]) -> None:
    data["schema"] = 99


DAMAGES: dict[str, tuple[Callable[[str], str], str]] = {
    "truncated": (lambda t: t[: len(t) // 2], "not valid JSON"),
    "emptied": (lambda t: "", "not valid JSON"),
    "not JSON": (lambda t: "score: lots\n", "not valid JSON"),
    "wrong shape": (lambda t: json.dumps([1, 2, 3]), "not a game"),
    "tricks that do not add up": (_entries(_bad_tricks), "tricks add up to"),
    "a bid out of range": (_entries(_bad_bid), "cannot bid 9"),
    "a newer schema": (_entries(_newer), "newer"),
}


@pytest.fixture
def damaged_game(ohhell: Any, data_dir: Path) -> Path:
    ohhell.ok("new", "A", "B", "C", "--hands", "2,1", "--trump", "none", "-g", "broken")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("new", "X", "Y", "Z", "-g", "fine")
    return data_dir / "broken.json"


@pytest.mark.parametrize("kind", list(DAMAGES))
@pytest.mark.parametrize(
    "command", [["show"], ["show", "--json"], ["bid", "0"], ["undo"], ["tricks", "1", "0"]]
)
def test_a_damaged_game_is_refused_naming_the_file_and_left_untouched(
    ohhell: Any, damaged_game: Path, kind: str, command: list[str]
) -> None:
    damage, fault = DAMAGES[kind]
    damaged_game.write_text(damage(damaged_game.read_text(encoding="utf-8")), encoding="utf-8")
    before = damaged_game.read_bytes()
    err = ohhell.refused(*command, "-g", "broken")
    assert str(damaged_game) in err
    assert fault in err
    assert "ohhell restore broken" in err
    assert len(err.strip().splitlines()) == 1
    assert damaged_game.read_bytes() == before


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_other_games_still_list_and_the_damaged_one_is_marked(
    ohhell: Any, damaged_game: Path, kind: str
) -> None:
    damage, _ = DAMAGES[kind]
    damaged_game.write_text(damage(damaged_game.read_text(encoding="utf-8")), encoding="utf-8")
    listed = json.loads(ohhell.ok("list", "--json"))
    assert [g["id"] for g in listed] == ["fine"]
    human = ohhell.ok("list")
    assert "fine" in human
    assert "broken" in human and "unreadable" in human


def test_restore_brings_back_the_previous_version_and_keeps_the_damaged_file(
    ohhell: Any, damaged_game: Path
) -> None:
    damaged_game.write_text("{", encoding="utf-8")
    out = ohhell.ok("restore", "broken")
    assert "Restored broken" in out
    sheet = ohhell.sheet("-g", "broken")
    # The previous version: the bids of hand 1, before its tricks were saved.
    assert sheet["hands"][0]["bids"] == {"B": 1, "C": 0, "A": 0}
    assert sheet["hands"][0]["tricks"] == {}
    assert (damaged_game.parent / "broken.json.damaged").read_text(encoding="utf-8") == "{"


def test_restore_without_a_kept_version_is_refused(ohhell: Any) -> None:
    ohhell.ok("new", "A", "B", "C", "-g", "fresh")
    err = ohhell.refused("restore", "fresh")
    assert "no previous version" in err


@pytest.mark.parametrize(
    ("kept", "said"),
    [
        (b"\x80\xff{", "not UTF-8 text"),
        (b"{", "not valid JSON (Expecting property name enclosed in double quotes at line 1)"),
        (b"[1]", "not a game object"),
    ],
)
def test_restore_of_a_damaged_kept_version_is_refused_naming_it(
    ohhell: Any, damaged_game: Path, kept: bytes, said: str
) -> None:
    """The kept version is damaged too: restore says which file and why, and the game
    file stays as it was."""
    damaged_game.write_text("{", encoding="utf-8")
    backup = damaged_game.with_name("broken.json.bak")
    backup.write_bytes(kept)
    assert ohhell.refused("restore", "broken").splitlines() == [
        f"ohhell: cannot read {backup}: {said}"
    ]
    assert damaged_game.read_text(encoding="utf-8") == "{"
    assert not damaged_game.with_name("broken.json.damaged").exists()
