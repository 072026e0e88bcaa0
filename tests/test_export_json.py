"""`export --format json` and `import`: a game comes back exactly as it left."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ohhell_score.domain.game import progress, sheet_json
from ohhell_score.views.export import export_json, progress_from_export
from tests.conftest import Ohhell
from tests.games import new_game, play, saved_game

#: Every preset at its seed's table, with names the contract allows and exports escape.
TABLES = {
    "cartier": ("Ann Marie", "<b>Bo</b>", "@home", "Zoë"),
    "ten-to-one": ("Ann Marie", "<b>Bo</b>", "@home", "Zoë", "-dash"),
    "classic": ("Ann Marie", "<b>Bo</b>", "@home", "Zoë"),
}


def without_id(sheet: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in sheet.items() if k != "id"}


@pytest.mark.parametrize("preset", sorted(TABLES))
@pytest.mark.parametrize("hands", [None, 5], ids=["finished", "half-played"])
def test_export_then_import_shows_the_same_sheet(
    ohhell: Ohhell, tmp_path: Path, preset: str, hands: int | None
) -> None:
    saved_game("orig", TABLES[preset], preset, hands=hands)
    before = ohhell.sheet("-g", "orig")
    target = tmp_path / "orig.json"
    ohhell.ok("export", "-g", "orig", "--format", "json", "-o", str(target))
    ohhell.ok("import", str(target), "--game", "copy")
    after = ohhell.sheet("-g", "copy")
    assert after["id"] == "copy"
    assert without_id(after) == without_id(before)
    assert after["finished"] is (hands is None)


def test_a_game_imported_elsewhere_keeps_its_id_and_becomes_current(
    ohhell: Ohhell, tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved_game("friday", TABLES["classic"], hands=3)
    exported = ohhell.ok("export", "-g", "friday", "--format", "json")
    (tmp_path / "friday.json").write_text(exported, encoding="utf-8")
    monkeypatch.setenv("OHHELL_DATA_DIR", str(tmp_path / "laptop-2"))
    out = ohhell.ok("import", str(tmp_path / "friday.json"))
    assert "Imported game friday" in out
    assert ohhell.sheet()["id"] == "friday"  # no -g: the imported game is current


def test_the_json_export_is_the_show_json_object_plus_the_stored_game(ohhell: Ohhell) -> None:
    saved_game("friday", TABLES["cartier"], "cartier", hands=2)
    exported = json.loads(ohhell.ok("export", "-g", "friday", "--format", "json"))
    assert {k: v for k, v in exported.items() if k != "game"} == ohhell.sheet("-g", "friday")
    assert exported["game"]["schema"] == 2  # nothing in it that needs schema 3
    assert exported["game"]["players"] == list(TABLES["cartier"])


def test_import_from_stdin(ohhell: Ohhell) -> None:
    saved_game("friday", TABLES["classic"], hands=2)
    exported = ohhell.ok("export", "-g", "friday", "--format", "json")
    result = ohhell("import", "-", "--game", "piped", input=exported)
    assert result.exit_code == 0, result.output
    assert ohhell.sheet("-g", "piped")["totals"] == ohhell.sheet("-g", "friday")["totals"]


def test_a_saved_game_file_imports_too(ohhell: Ohhell, data_dir: Path) -> None:
    saved_game("friday", TABLES["classic"], hands=2)
    ohhell.ok("import", str(data_dir / "friday.json"), "--game", "copy")
    assert ohhell.sheet("-g", "copy")["hands"] == ohhell.sheet("-g", "friday")["hands"]


def test_import_refuses_an_id_that_is_taken_and_says_so(ohhell: Ohhell, tmp_path: Path) -> None:
    saved_game("friday", TABLES["classic"], hands=2)
    target = tmp_path / "f.json"
    ohhell.ok("export", "-g", "friday", "--format", "json", "-o", str(target))
    ohhell.ok("trump", "-g", "friday", "hearts")  # classic: upcard trump, then the bids
    err = ohhell.refused("import", str(target))
    assert "'friday'" in err and "exists already" in err and "--game" in err
    assert ohhell.sheet("-g", "friday")["hands"][2]["trump"] == "hearts"  # left as it was


def test_an_import_refused_for_a_taken_id_names_the_id_and_where_it_came_from(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    """Without --game the id taken is the one exported with, and the line says so; with
    --game it is the id given."""
    saved_game("friday", TABLES["classic"], hands=2)
    saved_game("copy", TABLES["classic"], hands=1)
    target = tmp_path / "f.json"
    ohhell.ok("export", "-g", "friday", "--format", "json", "-o", str(target))
    assert ohhell.refused("import", str(target)) == (
        "ohhell: a game 'friday' (the id it was exported with) exists already; "
        "import it under another id with --game ID\n"
    )
    assert ohhell.refused("import", str(target), "--game", "copy") == (
        "ohhell: a game 'copy' exists already; import it under another id with --game ID\n"
    )


def test_import_refuses_a_bad_game_id(ohhell: Ohhell, tmp_path: Path) -> None:
    saved_game("friday", TABLES["classic"], hands=1)
    target = tmp_path / "f.json"
    ohhell.ok("export", "-g", "friday", "--format", "json", "-o", str(target))
    assert "not a game id" in ohhell.refused("import", str(target), "--game", "Big Game")


def _exported(ohhell: Ohhell) -> dict[str, Any]:
    saved_game("friday", TABLES["cartier"], "cartier", hands=3)
    data: dict[str, Any] = json.loads(ohhell.ok("export", "-g", "friday", "--format", "json"))
    return data


def _corrupt(data: dict[str, Any], how: str) -> str:
    if how == "not json":
        return '{"game": '
    if how == "a list":
        return "[1, 2]"
    if how == "no game":
        data.pop("game")
        data.pop("schema", None)
    elif how == "edited total":
        data["totals"]["Zoë"] += 10
    elif how == "forbidden bid":
        bids = [e for e in data["game"]["entries"] if e["kind"] == "bid"]
        bids[0]["bid"] = 99
    elif how == "unknown player":
        data["game"]["entries"][0]["player"] = "Nobody"
    elif how == "newer schema":
        data["game"]["schema"] = 99
    elif how == "bad name":
        data["game"]["players"][0] = "=cmd"
    return json.dumps(data)


@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("not json", "not valid JSON"),
        ("a list", "not a game"),
        ("no game", 'no "game" object'),
        ("edited total", "'totals' do not match"),
        ("forbidden bid", "cannot bid 99"),
        ("unknown player", "not a player"),
        ("newer schema", "newer ohhell"),
        ("bad name", "contains '='"),
    ],
)
def test_import_refuses_a_file_that_is_not_a_valid_game_and_writes_nothing(
    ohhell: Ohhell, tmp_path: Path, data_dir: Path, how: str, reason: str
) -> None:
    text = _corrupt(_exported(ohhell), how)
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    before = sorted(p.name for p in data_dir.iterdir())
    err = ohhell.refused("import", str(bad), "--game", "copy")
    assert reason in err
    assert str(bad) in err  # names the file
    assert sorted(p.name for p in data_dir.iterdir()) == before


def test_import_of_a_missing_file_is_refused(ohhell: Ohhell, tmp_path: Path) -> None:
    err = ohhell.refused("import", str(tmp_path / "nowhere.json"))
    assert "cannot read" in err and "nowhere.json" in err


def test_import_of_a_missing_file_says_why_in_one_line(ohhell: Ohhell, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    assert ohhell.refused("import", str(missing)) == (
        f"ohhell: cannot read {missing}: No such file or directory\n"
    )


def test_import_from_stdin_takes_16_mb_and_refuses_one_byte_more(ohhell: Ohhell) -> None:
    """As an exported file: a pipe of 16 MB (4 times the largest game file) is read
    whole, one byte more is refused."""
    saved_game("friday", TABLES["classic"], hands=2)
    exported = ohhell.ok("export", "-g", "friday", "--format", "json").encode()
    limit = exported.ljust(16 * 1024 * 1024)  # JSON may end in blanks
    assert ohhell("import", "-", "--game", "piped", input=limit).exit_code == 0
    assert ohhell.sheet("-g", "piped")["totals"] == ohhell.sheet("-g", "friday")["totals"]
    result = ohhell("import", "-", "--game", "other", input=limit + b" ")
    assert (result.exit_code, result.stderr) == (
        1,
        "ohhell: cannot read stdin: larger than 16 MB\n",
    )


def test_an_export_file_of_16_mb_is_read_and_one_byte_more_is_refused(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    saved_game("friday", TABLES["classic"], hands=2)
    exported = ohhell.ok("export", "-g", "friday", "--format", "json").encode()
    target = tmp_path / "friday.json"
    target.write_bytes(exported.ljust(16 * 1024 * 1024))
    assert ohhell("import", str(target), "--game", "kept").exit_code == 0
    target.write_bytes(exported.ljust(16 * 1024 * 1024 + 1))
    assert ohhell.refused("import", str(target), "--game", "other") == (
        f"ohhell: cannot read {target}: larger than 16 MB\n"
    )


def test_the_export_of_the_largest_game_there_can_be_imports(
    ohhell: Ohhell, tmp_path: Path, data_dir: Path
) -> None:
    """208 players of 24-character names (four packs, one card each) and 500 hands:
    the game's file as near its 4 MB as a hand allows, its export well over 4 MB
    (every hand's seating, bids, tricks and scores for every seat) imports whole."""
    game = widest_game(data_dir)
    target = tmp_path / "widest.json"
    ohhell.ok("export", "-g", game, "--format", "json", "-o", str(target))
    assert target.stat().st_size > 3 * 4 * 1024 * 1024
    ohhell.ok("import", str(target), "--game", "copy")
    assert ohhell.sheet("-g", "copy")["totals"] == ohhell.sheet("-g", game)["totals"]


def widest_game(data_dir: Path) -> str:
    """A game file of 208 players and 500 one-card hands, played as far as the file's
    4 MB allows, written as `ohhell` saves it; its id."""
    from ohhell_score.domain.codec import game_text
    from ohhell_score.domain.game import Bid, Game, Tricks
    from ohhell_score.domain.rules import RuleOptions, build_rules
    from ohhell_score.storage.files import MAX_FILE_BYTES

    seats = 208
    names = tuple(f"{'Player of a long name'}{i:03d}" for i in range(seats))
    assert {len(n) for n in names} == {24}
    rules = build_rules("classic", seats, RuleOptions(hands=",".join(["1"] * 500), decks=4))
    at = "2026-12-04T20:00:00+01:00"

    def played(hands: int) -> Game:
        entries: list[Bid | Tricks] = []
        for hand in range(1, hands + 1):
            order = [names[(hand + i) % seats] for i in range(seats)]  # left of the dealer
            entries += [Bid(hand, p, 0, at) for p in order]
            entries.append(Tricks(hand, tuple((p, int(k == 0)) for k, p in enumerate(order)), at))
        return Game("widest", names, rules, 0, tuple(entries), created=at, updated=at)

    def size(hands: int) -> int:
        return len(game_text(played(hands)).encode())

    hands = (MAX_FILE_BYTES - size(0)) // (size(2) - size(1))
    while size(hands) > MAX_FILE_BYTES:  # later hands' numbers have more digits
        hands -= 1
    assert size(hands + 1) > MAX_FILE_BYTES  # not one hand more fits
    game = played(hands)
    data_dir.mkdir(exist_ok=True)
    (data_dir / "widest.json").write_text(game_text(game), encoding="utf-8")
    return game.id


class _Endless(io.RawIOBase):
    """A stdin that never ends (``< /dev/zero``): reading it to its end fails the test
    (the program would wait for ever) instead of filling the memory."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        buffer[:] = bytes(len(buffer))
        return len(buffer)

    def readall(self) -> bytes:
        raise AssertionError("stdin read to its end: it has none")


def test_import_from_a_stdin_that_never_ends_is_refused_at_once(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ohhell import - < /dev/zero` (typer's runner takes only bytes as stdin)."""
    endless = io.BufferedReader(_Endless())
    monkeypatch.setattr("typer.testing.make_input_stream", lambda given, charset: endless)
    result = ohhell("import", "-")
    assert (result.exit_code, result.stderr) == (
        1,
        "ohhell: cannot read stdin: larger than 16 MB\n",
    )


def test_export_to_a_file_writes_what_stdout_would_show(ohhell: Ohhell, tmp_path: Path) -> None:
    saved_game("friday", TABLES["classic"], hands=4)
    target = tmp_path / "out" / "sheet.md"
    target.parent.mkdir()
    out = ohhell.ok("export", "-g", "friday", "-o", str(target))  # the suffix says md
    assert "Wrote game friday as md" in out
    assert target.read_text(encoding="utf-8") == ohhell.ok("export", "-g", "friday", "-f", "md")
    assert [p.name for p in target.parent.iterdir()] == ["sheet.md"]  # no temp file left


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("s.json", "json"),
        ("s.CSV", "csv"),
        ("s.md", "md"),
        ("s.Markdown", "md"),
        ("s.html", "html"),
        ("s.htm", "html"),
    ],
)
def test_the_ending_of_the_file_says_its_format_in_any_case(
    ohhell: Ohhell, tmp_path: Path, name: str, fmt: str
) -> None:
    saved_game("friday", TABLES["classic"], hands=1)
    out = ohhell.ok("export", "-g", "friday", "-o", str(tmp_path / name))
    assert out == f"Wrote game friday as {fmt} to {tmp_path / name}.\n"
    assert (tmp_path / name).read_text(encoding="utf-8") == ohhell.ok(
        "export", "-g", "friday", "-f", fmt
    )


def test_export_into_a_missing_folder_is_refused(ohhell: Ohhell, tmp_path: Path) -> None:
    saved_game("friday", TABLES["classic"], hands=1)
    err = ohhell.refused("export", "-f", "csv", "-o", str(tmp_path / "no" / "such.csv"))
    assert "cannot write" in err


@pytest.mark.parametrize(
    "args",
    [
        ("export",),
        ("export", "-o", "results.txt"),
        ("export", "--format", "pdf"),
        ("export", "--format", "md", "--wide"),
        ("export", "--format", "json", "--excel"),
        ("export", "--format", "csv", "--paper", "a4"),
    ],
)
def test_export_options_that_do_not_go_together_are_malformed(
    ohhell: Ohhell, args: tuple[str, ...]
) -> None:
    saved_game("friday", TABLES["classic"], hands=1)
    ohhell.refused(*args, code=2)


@pytest.mark.parametrize("args", [(), ("-o", "results.txt")])
def test_an_export_without_a_format_says_how_to_give_one(
    ohhell: Ohhell, args: tuple[str, ...]
) -> None:
    saved_game("friday", TABLES["classic"], hands=1)
    assert ohhell.refused("export", *args, code=2).endswith(
        "\nError: Invalid value for '--format': give --format json, csv, md or html "
        "(or an -o FILE ending in one of them)\n"
    )


def _on_an_ascii_stdout(monkeypatch: pytest.MonkeyPatch, write: Callable[[], None]) -> str:
    """What ``write`` shows on a stdout of ASCII only (PYTHONIOENCODING=ascii, LC_ALL=C),
    set up as the program sets its streams up (console.forgive_encoding)."""
    from ohhell_score.views import console

    shown = io.BytesIO()
    stdout = io.TextIOWrapper(shown, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    console.forgive_encoding()
    write()
    stdout.flush()
    return shown.getvalue().decode("ascii")


def test_on_an_ascii_stdout_json_escapes_a_name_and_other_text_has_stand_ins(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The JSON export still reads back as Zoë; Markdown and a blank HTML sheet show her
    name as every other text does there (Zo?), not as a JSON escape."""
    from ohhell_score.cli.export import Paper, write_blank_sheet, write_game
    from ohhell_score.domain.rules import RuleOptions
    from ohhell_score.views import console
    from ohhell_score.views.formats import Format

    names = ["Zoë", "Ann", "Bob"]
    ohhell.ok("new", *names, "-g", "z")
    markdown = ohhell.ok("export", "-g", "z", "-f", "md")
    blank = ohhell.ok("sheet", *names)
    exported = _on_an_ascii_stdout(
        monkeypatch, lambda: write_game("z", Format.json, None, False, False, Paper.auto)
    )
    assert json.loads(exported)["game"]["players"] == names
    shown = _on_an_ascii_stdout(
        monkeypatch, lambda: write_game("z", Format.md, None, False, False, Paper.auto)
    )
    assert shown == markdown.encode("ascii", console.PROGRAM).decode("ascii")
    assert "| Zo? |" in shown
    shown = _on_an_ascii_stdout(
        monkeypatch,
        lambda: write_blank_sheet(names, None, "classic", None, Paper.auto, None, RuleOptions()),
    )
    assert shown == blank.encode("ascii", console.PROGRAM).decode("ascii")


def test_export_of_an_unknown_game_is_refused(ohhell: Ohhell) -> None:
    assert "no game 'nope'" in ohhell.refused("export", "-g", "nope", "--format", "json")


@given(
    preset=st.sampled_from(sorted(TABLES)),
    hands=st.integers(0, 23),
    seed=st.integers(0, 2**32),
)
def test_any_game_comes_back_from_its_json_export_unchanged(
    preset: str, hands: int, seed: int
) -> None:
    game = play(new_game("g", TABLES[preset], preset), hands, seed)
    restored = progress_from_export(export_json(progress(game)), "the export").game
    assert restored == game
    assert sheet_json(progress(restored)) == sheet_json(progress(game))


def test_import_says_the_game_it_kept_and_from_stdin_names_stdin_in_a_refusal(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    """docs/exports.md: `import FILE` says what it kept in one whole line; `import -`
    reads stdin, and a refusal of what it read there says "stdin"."""
    saved_game("friday", TABLES["classic"], hands=2)
    target = tmp_path / "f.json"
    ohhell.ok("export", "-g", "friday", "--format", "json", "-o", str(target))
    said = ohhell.ok("import", str(target), "-g", "back")
    players = ", ".join(ohhell.sheet("-g", "friday")["players"])
    assert said.splitlines()[0] == (
        f"Imported game back: {players} (classic, 2 of 19 hands scored)."
    )
    result = ohhell("import", "-", "-g", "other", input="not json")
    assert (result.exit_code, result.stderr) == (
        1,
        "ohhell: cannot read stdin: not valid JSON (Expecting value at line 1)\n",
    )


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_the_json_export_is_indented_by_two_and_keeps_a_name_as_typed(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    """A person opening the file reads "Zoë", not "Zo\\u00eb", one value a line."""
    saved_game("friday", TABLES["cartier"], "cartier", hands=3)
    target = tmp_path / "friday.json"
    ohhell.ok("export", "-g", "friday", "--format", "json", "-o", str(target))
    text = target.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n"
    assert '\n    "Zoë"\n' in text and "\\u" not in text


def test_an_import_that_is_no_game_is_refused_in_one_whole_line(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    why = {
        "[1, 2]": "not a game (a JSON object was expected)",
        '{"players": []}': 'no "game" object; export a game with `ohhell export --format json`',
        "[" * 100_000 + "]" * 100_000: "not a game (nested too deep)",
        '{"game": ' + "1" * 5000 + "}": "a number too long to be one of a game",
        _corrupt(_exported(ohhell), "edited total"): (
            "its 'totals' do not match the entries it holds (was the file edited?)"
        ),
    }
    for text, reason in why.items():
        bad.write_text(text, encoding="utf-8")
        assert ohhell.refused("import", str(bad)) == f"ohhell: cannot read {bad}: {reason}\n"
