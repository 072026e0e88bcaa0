"""Random bytes and random JSON shapes: fed to `import` (a file and stdin),
`tournament collect` and `rules import`, and put in place of every file the program
reads from its data and config directories. Never a traceback: a refusal is exit 1
with one line on stderr and nothing changed on disk; what is read is never shown with
a character a terminal would act on; a damaged cache changes nothing `list` or `stats`
says."""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import Ohhell
from tests.scripted import snapshot

FOUR = ("Ann", "Bob", "Cat", "Dan")
EIGHT = (*FOUR, "Eve", "Fay", "Gus", "Hal")
LONG_FORMULA = "made: " + "+".join(["b"] * 70) + "; missed: " + "-".join(["t"] * 70)
#: Files the program keeps for itself only to be quick: rewritten by `list` and `stats`.
CACHES = (".list-index.json", ".stats-cache.json", ".list-index.lock")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["\x1b]0;owned\x07", "\x1b[31m", "../../x", "schema", "game", "kind"])
    # what a file holds is bounded where it is read: a long text, a decomposed name, a
    # long formula, a huge number of cards
    | st.sampled_from(["A" * 100_000, "Zoe\u0308", LONG_FORMULA, 10**6, list(range(1, 105))]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def mutated(data: st.DataObject, value: Any) -> Any:
    """``value`` with one part somewhere inside it replaced by a random JSON value, or
    dropped from its object."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        changed = dict(value)
        action = data.draw(st.sampled_from(["deeper", "replace", "drop"]))
        if action == "drop":
            del changed[key]
        elif action == "replace":
            changed[key] = data.draw(json_values)
        else:
            changed[key] = mutated(data, value[key])
        return changed
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], mutated(data, value[i]), *value[i + 1 :]]
    return data.draw(json_values)


def content(data: st.DataObject, valid: bytes) -> bytes:
    """Random bytes, a random JSON value, JSON nested too deep or with a number too long
    for Python, ``valid`` cut short, or ``valid`` with one part changed."""
    kinds = ["bytes", "json", "deep", "long number", "cut", "mutated", "mutated", "mutated"]
    kind = data.draw(st.sampled_from(kinds))
    if kind == "deep":
        return b"[" * data.draw(st.sampled_from([3_000, 100_000]))
    if kind == "long number":
        return b'{"schema": 1, "game": ' + b"7" * 5_000 + b"}"
    if kind == "bytes":
        return data.draw(st.binary(max_size=64))
    if kind == "json":
        return json.dumps(data.draw(json_values)).encode()
    if kind == "cut":
        return valid[: data.draw(st.integers(0, max(0, len(valid) - 1)))]
    try:
        value = json.loads(valid)
    except ValueError:  # `current` is one line of text
        value = valid.decode()
    return json.dumps(mutated(data, value), ensure_ascii=False).encode()


def unprintable(text: str) -> list[str]:
    """Characters a terminal would act on (an escape sequence's ESC, BEL...)."""
    return [c for c in text if not c.isprintable() and c not in "\n"]


def check(result: Any, root: Path, before: dict[str, bytes], *, may_change: bool) -> None:
    """No traceback; nothing unprintable shown; a refusal is one line and changes
    nothing (``may_change``: a success may write, as `import` does)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in (0, 1), (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert not unprintable(result.stdout), result.stdout
    assert not unprintable(result.stderr), result.stderr
    if result.exit_code == 1:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("ohhell: "), result.stderr
        # Short whatever the file held: values are cut where they enter the message
        # (errors.SHOWN); the paths it names are the test's own, as long as they come.
        assert len(lines[0].replace(str(root), "")) <= 300, lines[0]
    if result.exit_code == 1 or not may_change:
        assert kept(root) == before


def kept(root: Path) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(root).items() if not k.endswith(CACHES)}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data and a config directory with a finished game, a tournament, a house
    rule and both caches, made once; each example starts from a copy."""
    from tests.conftest import invoke

    root = tmp_path_factory.mktemp("seeded")
    mp = pytest.MonkeyPatch()
    mp.setenv("OHHELL_DATA_DIR", str(root / "data"))
    mp.setenv("OHHELL_CONFIG_DIR", str(root / "config"))
    mp.chdir(root)
    try:
        for args in (
            ["tournament", "new", "cup", *EIGHT, "--seed", "1"],
            ["new", *FOUR, "--hands", "2,1", "--trump", "none", "-g", "home"],
            ["bid", "1", "0", "0", "0"],
            ["tricks", "1", "1", "0", "0"],
            ["bid", "0", "0", "0", "0"],
            ["tricks", "1", "0", "0", "0"],
            ["export", "-g", "home", "--format", "json", "-o", "home-export.json"],
            ["rules", "save", "mine", "--hook", "never"],
            ["rules", "export", "mine", "-o", "mine-export.json"],
            ["list"],
            ["stats"],
        ):
            assert invoke(args).exit_code == 0, args
        (root / "data" / "home.tricks").write_text(
            json.dumps({"for": "x", "tricks": [["Ann", 1]]}), encoding="utf-8"
        )
    finally:
        mp.undo()
    return root


@pytest.fixture
def tree(seeded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "tree"
    shutil.copytree(seeded, root, symlinks=True)
    monkeypatch.setenv("OHHELL_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("OHHELL_CONFIG_DIR", str(root / "config"))
    monkeypatch.chdir(root)
    return root


@contextlib.contextmanager
def example(tree: Path) -> Iterator[None]:
    """One hypothesis example on ``tree``, put back as it was after it (hypothesis runs
    every example on the one fixture)."""
    saved = tree.with_name("saved")
    if not saved.exists():
        shutil.copytree(tree, saved, symlinks=True)
    try:
        yield
    finally:
        shutil.rmtree(tree)
        shutil.copytree(saved, tree, symlinks=True)


IMPORTS = {
    "import FILE": (["import", "in.json"], "home-export.json"),
    "import -": (["import", "-"], "home-export.json"),
    "tournament collect": (["tournament", "collect", "cup", "in.json"], "home-export.json"),
    "rules import": (["rules", "import", "in.json"], "mine-export.json"),
}


@pytest.mark.parametrize("command", list(IMPORTS))
@settings(max_examples=60)
@given(data=st.data())
def test_any_file_given_to_import_is_taken_or_refused_in_one_line(
    ohhell: Ohhell, tree: Path, command: str, data: st.DataObject
) -> None:
    with example(tree):
        args, valid = IMPORTS[command]
        text = content(data, (tree / valid).read_bytes())
        (tree / "in.json").write_bytes(text)
        before = kept(tree)
        result = ohhell(*args, input=text if args[-1] == "-" else None)
        check(result, tree, before, may_change=True)


#: Each file the program reads from its folders, and commands that read it.
READERS = {
    "data/home.json": [["show", "-g", "home"], ["list", "--json"], ["stats"], ["history"]],
    "data/tournaments/cup.json": [["tournament", "list"], ["tournament", "show", "cup"]],
    "config/rules/mine.json": [["rules"], ["rules", "show", "mine"]],
    "data/current": [["show"]],
    "data/home.tricks": [["play", "-g", "home"]],
    "data/home.json.bak": [["restore", "home"]],
}


@pytest.mark.parametrize("name", list(READERS))
@settings(max_examples=40)
@given(data=st.data())
def test_any_damage_to_a_kept_file_is_refused_in_one_line_and_changes_nothing(
    ohhell: Ohhell, tree: Path, name: str, data: st.DataObject
) -> None:
    with example(tree):
        path = tree / name
        valid = path.read_bytes() if path.exists() else b"{}"
        path.write_bytes(content(data, valid))
        for args in READERS[name]:
            before = kept(tree)
            result = ohhell(*args, input="")
            if args[0] == "play":  # the draft is only a convenience: play goes on or is left
                assert result.exit_code in (0, 1, 130), result.output
                assert "Traceback" not in result.output
                continue
            check(result, tree, before, may_change=args[0] == "restore")


@pytest.mark.parametrize(
    ("name", "args"),
    [(".list-index.json", ["list", "--json"]), (".stats-cache.json", ["stats", "--json"])],
)
@settings(max_examples=40)
@given(data=st.data())
def test_a_damaged_cache_changes_nothing_that_is_shown(
    ohhell: Ohhell, tree: Path, name: str, args: list[str], data: st.DataObject
) -> None:
    with example(tree):
        (tree / "data" / name).unlink()
        expected = ohhell.ok(*args)
        path = tree / "data" / name
        path.write_bytes(content(data, path.read_bytes()))
        assert ohhell.ok(*args) == expected
