"""Nothing escapes: no game id, tournament or house rule name, import file or
player name makes `ohhell` read or write outside its data (and config) directory, or
beyond the one `-o` file named; and what it keeps is the user's alone (0700 folders,
0600 files, whatever the umask).

tests/test_store.py refuses ids for new/show/bid/undo/path/trump; the exports'
neutralised formulas and escaped HTML are in tests/test_export_csv_md.py and
tests/test_export_html.py. Here: every other command that takes a name, hostile content
inside imported files, and the permissions.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import Ohhell
from tests.scripted import snapshot

#: Each would name a file outside the data directory if it were used as a path.
HOSTILE = [
    "../outside/victim",
    "../../outside/victim",
    "{outside}/victim",
    "..",
    ".",
    "a/../../outside/victim",
    "..\\outside\\victim",
    "~",
    "victim.json",
    "victim\x00",
    "VICTIM",
    "%2e%2e%2foutside%2fvictim",
]

FOUR = ("Ann", "Bob", "Cat", "Dan")
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ohhell: Ohhell) -> Iterator[Path]:
    """tmp_path holds data/, config/, cwd/ (the working directory) and outside/, where a
    real game file `victim.json` and a house rule `victim.json` lie in wait."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    ohhell.ok("new", *FOUR, "-g", "victim")
    ohhell.ok("rules", "save", "victim", "--hook", "never")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.json").write_bytes((tmp_path / "data" / "victim.json").read_bytes())
    (outside / "rules").mkdir()
    (outside / "rules" / "victim.json").write_bytes(
        (tmp_path / "config" / "rules" / "victim.json").read_bytes()
    )
    ohhell.ok("delete", "victim", "--yes")
    ohhell.ok("rules", "delete", "victim")
    ohhell.ok("new", *FOUR, "-g", "home")
    yield tmp_path


def outside_data(root: Path) -> dict[str, bytes]:
    """Every file that is not the program's own (data/ and config/)."""
    return {k: v for k, v in snapshot(root).items() if not k.startswith(("data/", "config/"))}


def commands(value: str, export: Path) -> list[list[str]]:
    return [
        ["show", "-g", value],
        ["show", "--json", "-g", value],
        ["bid", "-g", value, "1"],
        ["tricks", "-g", value, "1", "0", "0", "0"],
        ["edit", "-g", value, "1", "--bids", "1", "0", "0", "0"],
        ["history", "-g", value],
        ["chart", "-g", value],
        ["path", "-g", value],
        ["export", "-g", value, "--format", "csv"],
        ["play", "-g", value],
        ["restore", value],
        ["delete", value, "--yes"],
        ["import", str(export), "--game", value],
        ["new", *FOUR, "-g", value],
        ["new", *FOUR, "--rules", value],
        ["tournament", "new", value, *EIGHT, "--seed", "1"],
        ["tournament", "show", value],
        ["tournament", "advance", value],
        ["tournament", "export", value],
        ["tournament", "dealer", value, "Ann"],
        ["tournament", "collect", value, str(export)],
        ["rules", "show", value],
        ["rules", "save", value, "--hook", "never"],
        ["rules", "export", value],
        ["rules", "delete", value],
    ]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_no_name_on_the_command_line_reaches_outside_the_data_directory(
    ohhell: Ohhell, tree: Path, hostile: str
) -> None:
    value = hostile.format(outside=tree / "outside")
    export = tree / "cwd" / "home.json"
    ohhell.ok("export", "-g", "home", "--format", "json", "-o", str(export))
    before = outside_data(tree)
    for args in commands(value, export):
        result = ohhell(*args)
        assert result.exit_code in (1, 2), (args, result.output)
        assert "Traceback" not in result.output
        assert "Dan" not in result.stdout, args  # the victim was not read
    assert outside_data(tree) == before


def exported_with(tree: Path, ohhell: Ohhell, **changes: object) -> Path:
    """`home` exported as JSON, with its game's fields changed."""
    data = json.loads(ohhell.ok("export", "-g", "home", "--format", "json"))
    facts = data.get("game", data)
    facts.update(changes)
    path = tree / "cwd" / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("hostile", ["../outside/evil", "{outside}/evil", "../victim"])
@pytest.mark.parametrize("command", ["import", "collect"])
def test_an_id_inside_an_imported_file_cannot_reach_outside(
    ohhell: Ohhell, tree: Path, hostile: str, command: str
) -> None:
    if command == "collect":
        ohhell.ok("tournament", "new", "cup", *EIGHT, "--seed", "1")
    path = exported_with(tree, ohhell, id=hostile.format(outside=tree / "outside"))
    before = outside_data(tree)
    args = ["import", str(path)]
    if command == "collect":
        args = ["tournament", "collect", "cup", str(path)]
    result = ohhell(*args)
    assert result.exit_code == 1, result.output
    assert "is not a game id" in result.stderr or "cannot read" in result.stderr
    assert outside_data(tree) == before


def test_a_house_rule_file_naming_a_path_is_kept_inside_or_refused(
    ohhell: Ohhell, tree: Path
) -> None:
    path = tree / "cwd" / "rule.json"
    rule = {"schema": 1, "kind": "ohhell-house-rule", "name": "../../outside/rules/victim"}
    path.write_text(json.dumps({**rule, "base": "classic", "hook": "never"}), encoding="utf-8")
    before = outside_data(tree)
    result = ohhell("rules", "import", str(path))
    assert result.exit_code == 1, result.output
    assert "is not a house rule name" in result.stderr
    assert outside_data(tree) == before


@pytest.mark.parametrize(
    "name", ["../outside/evil", "/etc/passwd", "..", "a\\..\\b", "~root", "$HOME", "%s%n"]
)
def test_a_player_name_is_only_ever_a_name(ohhell: Ohhell, tree: Path, name: str) -> None:
    before = outside_data(tree)
    ohhell.ok("new", name, "Bob", "Cat", "--hands", "1", "-g", "names")
    ohhell.ok("trump", "s")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", f"{name}=1", "Bob=0", "Cat=0")
    for fmt in ("csv", "md", "html", "json"):
        ohhell.ok("export", "--format", fmt)
    ohhell.ok("show")
    ohhell.ok("history")
    ohhell.ok("stats")
    assert outside_data(tree) == before


@pytest.mark.parametrize(
    "args",
    [
        ["export", "-g", "home", "--format", "csv", "-o", "{out}"],
        ["export", "-g", "home", "--format", "html", "-o", "{out}"],
        ["sheet", "Ann", "Bob", "Cat", "-o", "{out}"],
        ["rules", "export", "cartier-hookless", "-o", "{out}"],
        ["tournament", "export", "cup", "--format", "md", "-o", "{out}"],
    ],
)
def test_an_output_file_is_the_only_file_written_outside(
    ohhell: Ohhell, tree: Path, args: list[str]
) -> None:
    ohhell.ok("rules", "save", "cartier-hookless", "--rules", "cartier", "--hook", "never")
    ohhell.ok("tournament", "new", "cup", *EIGHT, "--seed", "1")
    out = tree / "outside" / "out.txt"
    before = outside_data(tree)
    ohhell.ok(*[a.format(out=out) for a in args])
    after = outside_data(tree)
    assert set(after) - set(before) == {"outside/out.txt"}
    assert {k: v for k, v in after.items() if k != "outside/out.txt"} == before


# --- permissions ------------------------------------------------------------------------


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The loosest umask a user could have: nothing masked."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def modes(root: Path) -> dict[str, int]:
    out = {".": stat.S_IMODE(root.stat().st_mode)}
    for p in sorted(root.rglob("*")):
        out[str(p.relative_to(root))] = stat.S_IMODE(p.lstat().st_mode)
    return out


@pytest.mark.usefixtures("open_umask")
def test_everything_kept_is_the_users_alone_whatever_the_umask(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each kind of file the program keeps: games, their backups and locks, `current`,
    the play side file of typed tricks, tournaments, the stats cache, house rules."""
    data, config = tmp_path / "nested" / "data", tmp_path / "nested" / "config"
    monkeypatch.setenv("OHHELL_DATA_DIR", str(data))
    monkeypatch.setenv("OHHELL_CONFIG_DIR", str(config))
    # The first command of all creates a tournament: its folder is inside the data folder.
    ohhell.ok("tournament", "new", "cup", *EIGHT, "--seed", "1")
    ohhell.ok("new", *FOUR, "--hands", "2,1", "-g", "g", "--trump", "none")
    ohhell.ok("bid", "1", "0", "0", "0")
    ohhell("play", input="1\n")  # Ann's tricks typed, kept in g.tricks
    ohhell.ok("stats")
    ohhell.ok("list")  # and whatever `list` keeps to be quick
    ohhell.ok("rules", "save", "mine", "--hook", "never")
    kept = {**{f"data/{k}": v for k, v in modes(data).items()}}
    kept.update({f"config/{k}": v for k, v in modes(config).items()})
    for name in ("data/g.tricks", "data/.stats-cache.json", "data/tournaments/cup.json"):
        assert name in kept, sorted(kept)
    for name, mode in kept.items():
        folder = (tmp_path / "nested" / name).is_dir()
        assert mode == (0o700 if folder else 0o600), (name, oct(mode))
