"""Games saved safely: one versioned JSON file per game, atomic
saves that keep the previous version, a lock around every change, unreadable files
refused by name while the other games still list, and ids that stay in the data
directory."""

from __future__ import annotations

import contextlib
import errno
import json
import multiprocessing
import os
import signal
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.domain import codec, rules
from ohhell_score.domain.errors import NotYourTurn, Refused
from ohhell_score.domain.game import Game, with_bids
from ohhell_score.storage import games, paths

from .scripted import CARTIER_HANDS, ok, refused, run, sheet, snapshot

FOUR = ("Ann", "Bob", "Cat", "Dan")
#: fork keeps the test's OHHELL_DATA_DIR and imports; the race starts at a barrier.
FORK = multiprocessing.get_context("fork")


def new_game(game: str = "g") -> None:
    ok("new", *FOUR, "--rules", "cartier", "-g", game)


def saved(data_dir: Path, game: str = "g") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((data_dir / f"{game}.json").read_text(encoding="utf-8"))
    return data


# --- the file -----------------------------------------------------------------------


def test_a_save_leaves_no_temp_files_and_keeps_the_previous_version(data_dir: Path) -> None:
    new_game()
    ok("bid", "3")
    before = (data_dir / "g.json").read_bytes()
    ok("bid", "2")
    assert (data_dir / "g.json.bak").read_bytes() == before
    assert (data_dir / "g.json").read_bytes() != before
    assert not [p.name for p in data_dir.iterdir() if p.name.endswith(".tmp")]


def test_a_save_syncs_the_folder_once_the_new_file_is_in_place(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rename that puts a saved game in place lives in the folder: the folder is
    fsynced after it, or a power cut may bring back the game without the bid."""
    new_game()
    folder = os.stat(data_dir)
    held_when_synced: list[bytes] = []
    fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) and (st.st_dev, st.st_ino) == (folder.st_dev, folder.st_ino):
            held_when_synced.append((data_dir / "g.json").read_bytes())
        fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    ok("bid", "3")
    assert (data_dir / "g.json").read_bytes() in held_when_synced


def test_the_file_carries_a_schema_version(data_dir: Path) -> None:
    new_game()
    schema = saved(data_dir)["schema"]
    assert type(schema) is int and schema >= 1


def test_the_file_holds_the_whole_rule_set(data_dir: Path) -> None:
    ok("new", *FOUR, "--rules", "ten-to-one", "--scoring", "minus", "--hands", "7-5", "-g", "g")
    assert saved(data_dir)["rules"] == {
        "preset": "ten-to-one",
        "hook": "from:6",
        "trump": "schedule:H,C,S,D,N",
        "scoring": "minus",
        "hands": [7, 6, 5],
        "deck": 52,
    }


def test_a_later_change_to_a_preset_never_alters_an_old_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    new_game()
    cartier = rules.PRESETS["cartier"]
    changed = cartier._replace(rules=cartier.rules._replace(hands=(5, 4), hook=rules.Hook(None)))
    monkeypatch.setitem(rules.PRESETS, "cartier", changed)
    data = sheet()
    assert data["rules"]["hands"] == CARTIER_HANDS
    assert data["rules"]["hook"] == "always"


def test_the_file_holds_facts_not_scores(data_dir: Path) -> None:
    """Scores, totals and whose turn it is are derived, never stored."""
    new_game()
    ok("bid", "3", "2", "4", "3")
    ok("trump", "h")
    ok("tricks", "3", "2", "5", "3")
    text = (data_dir / "g.json").read_text(encoding="utf-8")
    for derived in ("scores", "totals", "next", "winners"):
        assert f'"{derived}"' not in text


def test_the_file_holds_an_entry_a_line_so_it_reads_and_diffs_by_entry(data_dir: Path) -> None:
    new_game()
    ok("bid", "3", "2")
    lines = (data_dir / "g.json").read_text(encoding="utf-8").splitlines()
    bids = [json.loads(line.rstrip(",")) for line in lines if '"kind": "bid"' in line]
    assert [(b["player"], b["bid"]) for b in bids] == [("Bob", 3), ("Cat", 2)]
    assert json.loads("\n".join(lines))["entries"] == bids


def test_the_file_holds_a_field_a_line_with_names_as_typed(data_dir: Path) -> None:
    """A list of plain values stays on its field's line; a name is UTF-8, not escaped."""
    ok("new", "Zoë", "Bob", "Cat", "-g", "z")
    lines = (data_dir / "z.json").read_text(encoding="utf-8").splitlines()
    assert ' "players": ["Zoë", "Bob", "Cat"],' in lines
    assert ' "history": [],' in lines


# --- unreadable files -----------------------------------------------------------------


def truncated(text: str) -> str:
    return text[: len(text) // 2]


def newer(text: str) -> str:
    data = json.loads(text)
    data["schema"] = codec.SCHEMA + 1
    return json.dumps(data)


def without_players(text: str) -> str:
    data = json.loads(text)
    del data["players"]
    return json.dumps(data)


def impossible_bid(text: str) -> str:
    data = json.loads(text)
    data["entries"][0]["bid"] = 99
    return json.dumps(data)


def other_id(text: str) -> str:
    data = json.loads(text)
    data["id"] = "g"
    return json.dumps(data)


DAMAGE: dict[str, Callable[[str], str]] = {
    "truncated": truncated,
    "not-json": lambda _: "this is not JSON\n",
    "empty": lambda _: "",
    "a-list": lambda _: "[1, 2, 3]\n",
    "nested-too-deep": lambda _: "[" * 100_000,
    "not-utf-8": lambda _: "\udcff\udcfe garbage",
    "no-players": without_players,
    "impossible-bid": impossible_bid,
    "newer-schema": newer,
    "another-games-id": other_id,
}


@pytest.fixture(params=list(DAMAGE))
def damaged(request: pytest.FixtureRequest, data_dir: Path) -> Path:
    """Game `g` is fine; game `bad` was damaged as the parameter says."""
    new_game("g")
    new_game("bad")
    ok("bid", "-g", "bad", "3")
    path = data_dir / "bad.json"
    damage = DAMAGE[request.param](path.read_text(encoding="utf-8"))
    path.write_bytes(damage.encode("utf-8", errors="surrogateescape"))
    return path


@pytest.mark.parametrize(
    "command", [["show"], ["show", "--json"], ["bid", "2"], ["undo"], ["tricks", "1", "2"]]
)
def test_an_unreadable_game_is_refused_naming_its_file(
    damaged: Path, data_dir: Path, command: list[str]
) -> None:
    message = refused(data_dir, *command, "-g", "bad")
    assert str(damaged) in message


def test_a_game_from_a_newer_version_says_so(data_dir: Path) -> None:
    new_game()
    path = data_dir / "g.json"
    path.write_text(newer(path.read_text(encoding="utf-8")), encoding="utf-8")
    message = refused(data_dir, "show")
    assert str(path) in message and "newer" in message


def test_other_games_still_list_beside_an_unreadable_one(damaged: Path) -> None:
    out = ok("list")
    assert "g" in out.split()
    line = next(line for line in out.splitlines() if line.split()[:1] == ["bad"])
    assert "unreadable" in line


def test_list_json_leaves_an_unreadable_game_out(damaged: Path) -> None:
    result = run("list", "--json")
    assert result.exit_code == 0
    assert [row["id"] for row in json.loads(result.stdout)] == ["g"]


def test_a_readable_game_still_plays_beside_an_unreadable_one(damaged: Path) -> None:
    ok("bid", "-g", "g", "3")
    assert sheet("-g", "g")["hands"][0]["bids"] == {"Bob": 3}


# --- ids --------------------------------------------------------------------------------

BAD_IDS = ["../x", "a/b", "/tmp/x", "ABC", "a" * 65, "", ".", "..", "x.json", "a b", "é"]


@pytest.mark.parametrize("game_id", BAD_IDS)
@pytest.mark.parametrize(
    "command",
    [["new", "Ann", "Bob", "Cat"], ["show"], ["bid", "1"], ["undo"], ["path"], ["trump", "s"]],
)
def test_an_id_that_could_leave_the_data_directory_is_refused(
    tmp_path: Path, game_id: str, command: list[str]
) -> None:
    new_game()
    everything = snapshot(tmp_path)
    result = run(*command, "-g", game_id)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert len(result.stderr.splitlines()) == 1
    assert snapshot(tmp_path) == everything


def test_an_id_of_64_characters_is_accepted(data_dir: Path) -> None:
    game_id = "a-1" * 21 + "b"
    ok("new", "Ann", "Bob", "Cat", "-g", game_id)
    assert (data_dir / f"{game_id}.json").exists()


# --- two commands at once ---------------------------------------------------------------


def _bid_once(barrier: Any, name: str | None, value: int) -> None:
    """In a child process: wait for the others, then enter one bid; exit 0 if it was kept,
    3 if refused."""
    barrier.wait()
    try:
        games.change("race", lambda p: with_bids(p, [(name, value)], games.now()))
    except Refused:
        os._exit(3)
    os._exit(0)


def _bid_in_turn(barrier: Any, name: str) -> None:
    """In a child process: enter this player's bid, retrying until it is their turn."""
    barrier.wait()
    for _ in range(2000):
        try:
            games.change("race", lambda p: with_bids(p, [(name, 0)], games.now()))
        except NotYourTurn:
            time.sleep(0.002)
            continue
        os._exit(0)
    os._exit(4)


def race(target: Callable[..., None], args: list[tuple[Any, ...]]) -> list[int | None]:
    barrier = FORK.Barrier(len(args))
    workers = [FORK.Process(target=target, args=(barrier, *a)) for a in args]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    return [w.exitcode for w in workers]


def bids_in_file(data_dir: Path) -> list[tuple[str, int]]:
    return [(e["player"], e["bid"]) for e in saved(data_dir, "race")["entries"]]


def test_many_processes_racing_for_the_same_bid_keep_it_exactly_once(data_dir: Path) -> None:
    new_game("race")
    codes = race(_bid_once, [("Bob", 3)] * 8)
    assert sorted(c or 0 for c in codes) == [0] + [3] * 7
    assert None not in codes
    assert bids_in_file(data_dir) == [("Bob", 3)]


def test_processes_entering_the_next_bid_at_once_lose_none(data_dir: Path) -> None:
    """Each sees the one before: four "next player bids 0" make the whole round."""
    new_game("race")
    codes = race(_bid_once, [(None, 0)] * 4)
    assert codes == [0, 0, 0, 0]
    assert bids_in_file(data_dir) == [("Bob", 0), ("Cat", 0), ("Dan", 0), ("Ann", 0)]


def test_processes_each_entering_their_bid_in_turn_lose_none(data_dir: Path) -> None:
    new_game("race")
    codes = race(_bid_in_turn, [(p,) for p in ("Ann", "Dan", "Cat", "Bob")])
    assert codes == [0, 0, 0, 0]
    assert bids_in_file(data_dir) == [("Bob", 0), ("Cat", 0), ("Dan", 0), ("Ann", 0)]


def _new_game(barrier: Any, *args: str) -> None:
    """In a child process: wait for the others, then `ohhell new ARGS`; exit with its code."""
    barrier.wait()
    os._exit(run("new", *args).exit_code)


def test_games_started_at_once_without_an_id_all_start(data_dir: Path) -> None:
    """Ids made up at the same moment must not collide: each `new` gets its own game."""
    codes = race(_new_game, [("Ann", "Bob", "Cat")] * 4)
    assert codes == [0, 0, 0, 0]
    assert len(json.loads(ok("list", "--json"))) == 4


def test_games_started_at_once_with_the_same_id_make_one_game(data_dir: Path) -> None:
    codes = race(_new_game, [(name, "Bob", "Cat", "-g", "same") for name in ("Ann", "Eve", "Fay")])
    assert sorted(c or 0 for c in codes) == [0, 1, 1]
    winner = ("Ann", "Eve", "Fay")[codes.index(0)]
    assert sheet("-g", "same")["players"] == [winner, "Bob", "Cat"]


# --- a save that is killed ---------------------------------------------------------------


def _save_then_hang() -> None:
    """In a child process: start a save and hang in fsync, with the temp file written."""

    def hang(fd: object) -> None:
        time.sleep(600)

    os.fsync = hang
    games.change("g", lambda p: with_bids(p, [(None, 3)], games.now()))


def test_a_killed_save_keeps_the_old_game_and_its_temp_file_is_cleaned(data_dir: Path) -> None:
    new_game()
    before = (data_dir / "g.json").read_bytes()
    child = FORK.Process(target=_save_then_hang)
    child.start()
    deadline = time.monotonic() + 60
    while not list(data_dir.glob(".g.json.*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert child.pid is not None
    os.kill(child.pid, signal.SIGKILL)
    child.join()
    assert list(data_dir.glob(".g.json.*.tmp")), "the save never reached its temp file"
    assert (data_dir / "g.json").read_bytes() == before
    assert [row["id"] for row in json.loads(ok("list", "--json"))] == ["g"]
    assert ".tmp" not in ok("list")
    ok("bid", "2")  # the lock died with the process
    assert not list(data_dir.glob(".g.json.*.tmp"))
    assert sheet()["hands"][0]["bids"] == {"Bob": 2}


def test_a_stray_temp_file_is_never_listed(data_dir: Path) -> None:
    new_game()
    (data_dir / ".g.json.k2j3h4.tmp").write_text((data_dir / "g.json").read_text("utf-8"))
    (data_dir / ".other.json.x1.tmp").write_text("{")
    assert [row["id"] for row in json.loads(ok("list", "--json"))] == ["g"]


def test_a_temp_file_of_a_killed_switch_of_the_current_game_is_cleaned(data_dir: Path) -> None:
    """A kill while `current` was being rewritten leaves `.current.*.tmp`; the next
    switch to another game removes it."""
    new_game("a")
    (data_dir / ".current.4242-1a2b3c.tmp").write_text("a\n")
    new_game("b")
    assert not list(data_dir.glob(".current.*.tmp"))
    assert (data_dir / "current").read_text() == "b\n"


# --- the current game --------------------------------------------------------------------


def test_the_current_game_is_the_one_most_recently_created() -> None:
    new_game("a")
    new_game("b")
    assert sheet()["id"] == "b"


def test_the_current_game_is_the_one_most_recently_changed() -> None:
    new_game("a")
    new_game("b")
    ok("bid", "-g", "a", "3")
    assert sheet()["id"] == "a"
    ok("bid", "2")  # goes to a
    assert sheet("-g", "a")["hands"][0]["bids"] == {"Bob": 3, "Cat": 2}
    ok("bid", "-g", "b", "1")
    ok("undo")
    assert sheet("-g", "b")["hands"][0]["bids"] == {}
    assert sheet()["id"] == "b"


def test_a_refused_change_does_not_make_a_game_current(data_dir: Path) -> None:
    new_game("a")
    new_game("b")
    refused(data_dir, "bid", "-g", "a", "99")
    refused(data_dir, "new", "Ann", "Bob", "-g", "c")
    assert sheet()["id"] == "b"


def test_showing_a_game_does_not_make_it_current() -> None:
    new_game("a")
    new_game("b")
    sheet("-g", "a")
    assert sheet()["id"] == "b"


# --- where the data lives ----------------------------------------------------------------


def test_the_data_directory_is_read_on_every_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game("here")
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("OHHELL_DATA_DIR", str(elsewhere))
    assert ok("path").strip() == str(elsewhere)
    assert json.loads(ok("list", "--json")) == []
    new_game("there")
    assert (elsewhere / "there.json").exists()


def test_without_the_variable_the_data_lives_in_the_users_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OHHELL_DATA_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert ok("path").strip() == str(tmp_path / "xdg" / "ohhell-score")


def test_a_game_can_be_read_back_whole(data_dir: Path) -> None:
    """What is saved is what is loaded: players, rules, first dealer, every entry."""
    ok("new", *FOUR, "--rules", "cartier", "--dealer", "cat", "--scorer", "Zoë", "-g", "g")
    ok("bid", "3", "2", "4", "3")
    ok("trump", "nt")
    ok("tricks", "Ann=3", "Bob=2", "Cat=5", "Dan=3")
    ok("edit", "1", "tricks", "Cat=4", "Dan=4")
    game: Game = games.load("g")
    assert codec.parse_progress(codec.game_text(game), "g.json").game == game
    assert game.players == FOUR and game.first_dealer == 2 and game.scorer == "Zoë"
    assert len(game.entries) == 6 and len(game.history) == 1


# --- where the data lives, in-process (storage/paths.py) -------------------------------


def _platform_dirs(monkeypatch: pytest.MonkeyPatch, **env: str) -> tuple[Path, Path]:
    """The data and config folders under ``env`` alone (none of ours set)."""
    for name in ("OHHELL_DATA_DIR", "OHHELL_CONFIG_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return paths.data_dir(), paths.config_dir()


def _platformdirs_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """platformdirs answering /pd/data and /pd/config: unmistakably its answer."""
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: "/pd/data")
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: "/pd/config")


def test_the_folders_follow_xdg_when_it_is_absolute_else_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/scripting.md: platformdirs' user folders, which on Linux are these."""
    assert _platform_dirs(
        monkeypatch, HOME="/home/ann", XDG_DATA_HOME="/srv/d", XDG_CONFIG_HOME="/srv/c"
    ) == (Path("/srv/d/ohhell-score"), Path("/srv/c/ohhell-score"))
    assert _platform_dirs(
        monkeypatch, HOME="/home/ann", XDG_DATA_HOME="d", XDG_CONFIG_HOME="c"
    ) == (Path("/home/ann/.local/share/ohhell-score"), Path("/home/ann/.config/ohhell-score"))


@pytest.mark.parametrize(
    "env",
    [
        {"HOME": "home/ann"},
        {"HOME": "/home/ann", "ANDROID_DATA": "/d", "ANDROID_ROOT": "/r"},
        {"HOME": "/home/ann", "ANDROID_DATA": "/d"},
        {"HOME": "/home/ann", "ANDROID_ROOT": "/r"},
    ],
    ids=["relative-home", "android", "android-data", "android-root"],
)
def test_the_folders_are_platformdirs_ones_where_home_will_not_do(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Android (Termux) keeps apps' files elsewhere, and a relative HOME is no folder:
    there the answer is platformdirs' own (made unmistakable here)."""
    _platformdirs_answers(monkeypatch)
    assert _platform_dirs(monkeypatch, **env) == (Path("/pd/data"), Path("/pd/config"))


def test_where_home_will_not_do_the_folders_are_platformdirs_ones_for_ohhell_score(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import platformdirs

    found = _platform_dirs(monkeypatch, HOME="home/ann")
    assert found == (
        Path(platformdirs.user_data_dir("ohhell-score", appauthor=False)),
        Path(platformdirs.user_config_dir("ohhell-score", appauthor=False)),
    )
    assert [folder.name for folder in found] == ["ohhell-score", "ohhell-score"]


def test_on_windows_the_folders_have_no_author_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """platformdirs' own Windows rules (its folder lookup stood in for): AppData's
    ohhell-score, not ohhell-score/ohhell-score, which an author left unset would give."""
    import platformdirs
    import platformdirs.windows as windows

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(windows, "get_win_folder", lambda csidl: "C:/Users/ann/AppData/Local")
    for kind in ("user_data_dir", "user_config_dir"):

        def folder(*args: Any, kind: str = kind, **kwargs: Any) -> str:
            return str(getattr(windows.Windows(*args, **kwargs), kind))

        monkeypatch.setattr(platformdirs, kind, folder)
    local = Path("C:/Users/ann/AppData/Local/ohhell-score")
    assert _platform_dirs(monkeypatch, HOME="/home/ann") == (local, local)


def test_without_home_the_folders_are_platformdirs_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """No HOME at all (a service, cron): platformdirs finds the user's folder."""
    monkeypatch.delenv("HOME", raising=False)
    _platformdirs_answers(monkeypatch)
    assert _platform_dirs(monkeypatch) == (Path("/pd/data"), Path("/pd/config"))


def test_on_android_the_folders_are_platformdirs_ones_even_without_its_variables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "getandroidapilevel", lambda: 34, raising=False)
    _platformdirs_answers(monkeypatch)
    assert _platform_dirs(monkeypatch, HOME="/home/ann") == (Path("/pd/data"), Path("/pd/config"))


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_platformdirs_is_asked_only_off_plain_linux(
    platform: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Linux the folders are worked out without importing platformdirs (it is not
    free to import, and every command and TAB needs them); elsewhere it is asked."""
    monkeypatch.setattr(sys, "platform", platform)
    _platformdirs_answers(monkeypatch)
    found = _platform_dirs(monkeypatch, HOME="/home/ann")
    if platform == "linux":
        assert found == (
            Path("/home/ann/.local/share/ohhell-score"),
            Path("/home/ann/.config/ohhell-score"),
        )
    else:
        assert found == (Path("/pd/data"), Path("/pd/config"))


def test_an_empty_variable_names_no_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """`OHHELL_DATA_DIR=` is unset, not the working folder."""
    monkeypatch.setenv("OHHELL_DATA_DIR", "")
    monkeypatch.setenv("OHHELL_CONFIG_DIR", "")
    monkeypatch.setenv("XDG_DATA_HOME", "/srv/d")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/srv/c")
    assert paths.data_dir() == Path("/srv/d/ohhell-score")
    assert paths.config_dir() == Path("/srv/c/ohhell-score")


def test_every_folder_made_for_the_data_is_the_users_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deep = tmp_path / "a" / "b" / "c"
    monkeypatch.setenv("OHHELL_DATA_DIR", str(deep))
    old = os.umask(0o022)
    try:
        assert paths.ensure_data_dir() == deep
        assert paths.ensure_data_dir() == deep  # already there: no error
    finally:
        os.umask(old)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", deep):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_folder_made_by_another_command_at_the_same_moment_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two first commands at once: each finds the folder missing, one makes it first."""
    deep = tmp_path / "a" / "b"
    is_dir = Path.is_dir
    monkeypatch.setattr(Path, "is_dir", lambda p: False if p == deep else is_dir(p))
    deep.mkdir(parents=True)
    paths.make_folder(deep)
    assert os.path.isdir(deep)


# --- the saved games, in-process: the words and files a user meets (storage/games.py) ---


def _refused_by(call: Callable[[], object]) -> str:
    with pytest.raises(Refused) as refusal:
        call()
    return str(refusal.value)


def test_a_damaged_game_names_its_kept_version_only_when_there_is_one(data_dir: Path) -> None:
    new_game("fresh")  # a new game keeps no previous version
    (data_dir / "fresh.json").write_text("{", encoding="utf-8")
    damaged = f"cannot read {data_dir / 'fresh.json'}: not valid JSON"
    assert _refused_by(lambda: games.load("fresh")).startswith(damaged)
    assert "restore" not in _refused_by(lambda: games.load("fresh"))
    new_game()
    ok("bid", "3")
    (data_dir / "g.json").write_text("{", encoding="utf-8")
    assert _refused_by(lambda: games.load("g")).endswith(
        f"; `ohhell restore g` brings back the previous version ({data_dir / 'g.json.bak'})"
    )


def test_a_game_filed_under_another_id_is_refused_naming_both(data_dir: Path) -> None:
    new_game("h")
    os.rename(data_dir / "h.json", data_dir / "g.json")
    assert _refused_by(lambda: games.load("g")) == (
        f"cannot read {data_dir / 'g.json'}: it holds game 'h', not 'g'"
    )


def test_a_missing_game_is_named_and_a_change_to_it_leaves_no_file(data_dir: Path) -> None:
    new_game()
    missing = "no game 'nope' (see `ohhell list`)"
    assert _refused_by(lambda: games.load("nope")) == missing
    assert _refused_by(lambda: games.change("nope", lambda p: p)) == missing
    assert _refused_by(lambda: games.delete("nope")) == missing
    assert not list(data_dir.glob("nope*"))  # not even a lock file


def test_a_game_id_in_use_is_refused_and_the_game_kept(data_dir: Path) -> None:
    new_game()
    before = (data_dir / "g.json").read_bytes()
    game = games.load("g")._replace(scorer="Zoë")
    assert _refused_by(lambda: games.create(game)) == (
        "a game 'g' exists already; choose another --game id"
    )
    assert (data_dir / "g.json").read_bytes() == before


def test_a_game_created_aside_does_not_become_current() -> None:
    new_game("a")
    new_game("b")
    games.create(games.load("a")._replace(id="c"), current=False)
    assert games.current_id() == "b"
    assert games.load("c").players == FOUR


def test_a_game_deleted_while_delete_waits_for_the_lock_is_refused_as_missing(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two `delete g` at once: the second finds the file gone once it holds the lock."""
    new_game()
    real = games.locked

    @contextlib.contextmanager
    def after_the_other(game_id: str) -> Iterator[None]:
        with real(game_id):
            games.game_path(game_id).unlink()  # the other delete, done as this one waited
            yield

    monkeypatch.setattr(games, "locked", after_the_other)
    assert _refused_by(lambda: games.delete("g")) == "no game 'g' (see `ohhell list`)"


def test_delete_takes_the_kept_version_too_and_leaves_the_lock(data_dir: Path) -> None:
    new_game()
    ok("bid", "3")
    games.delete("g")
    assert sorted(p.name for p in data_dir.iterdir() if p.name.startswith("g.")) == ["g.lock"]


def test_restore_without_a_kept_version_names_where_it_looked(data_dir: Path) -> None:
    new_game()
    assert _refused_by(lambda: games.restore("g")) == (
        f"no previous version of 'g' is kept ({data_dir / 'g.json.bak'})"
    )


def test_restore_of_a_kept_version_that_cannot_be_read_is_refused_by_name(
    data_dir: Path,
) -> None:
    new_game()
    (data_dir / "g.json.bak").mkdir()
    assert _refused_by(lambda: games.restore("g")) == (
        f"cannot read {data_dir / 'g.json.bak'}: not a regular file"
    )


def test_each_damaged_version_is_kept_under_the_next_number(data_dir: Path) -> None:
    new_game()
    ok("bid", "3")
    for damage in ["{", "[", "("]:
        (data_dir / "g.json").write_text(damage, encoding="utf-8")
        games.restore("g")
    kept = {p.name: p.read_text(encoding="utf-8") for p in data_dir.glob("g.json.damaged*")}
    assert kept == {"g.json.damaged": "{", "g.json.damaged-2": "[", "g.json.damaged-3": "("}


def test_restore_puts_back_a_kept_version_in_utf_16_as_it_was(data_dir: Path) -> None:
    """A game file saved as UTF-16 (an editor's "Unicode") is read like any other, so it
    can be the kept version: restore must bring it back readable, not re-spelled."""
    new_game()
    ok("bid", "3")
    utf_16 = (data_dir / "g.json").read_text(encoding="utf-8").encode("utf-16")
    (data_dir / "g.json").write_bytes(utf_16)
    before = sheet()
    ok("bid", "2")
    (data_dir / "g.json").write_text("{", encoding="utf-8")
    ok("restore", "g")
    assert sheet() == before
    assert (data_dir / "g.json").read_bytes() == utf_16


def test_restore_makes_the_game_current(data_dir: Path) -> None:
    new_game("a")
    ok("bid", "3")
    new_game("b")
    games.restore("a")
    assert games.current_id() == "a"
    assert games.load("a").entries == ()


def test_discard_removes_a_game_only_while_it_is_as_made(data_dir: Path) -> None:
    """A tournament seating undone: a game someone has already bid on is kept."""
    new_game("a")
    new_game("b")
    made = games.load("a")
    assert games.discard(made)
    assert not (data_dir / "a.json").exists()
    assert games.discard(made)  # gone already
    made = games.load("b")
    ok("bid", "-g", "b", "3")
    assert not games.discard(made)
    assert sheet("-g", "b")["hands"][0]["bids"] == {"Bob": 3}


def test_discard_of_a_game_whose_file_cannot_be_read_is_refused_by_name(data_dir: Path) -> None:
    new_game("a")
    made = games.load("a")
    (data_dir / "a.json").unlink()
    (data_dir / "a.json").mkdir()
    assert _refused_by(lambda: games.discard(made)) == (
        f"cannot read {data_dir / 'a.json'}: not a regular file"
    )


def test_an_entry_on_the_current_game_leaves_current_as_it_is(data_dir: Path) -> None:
    """Rewriting `current` costs two fsyncs on every entry: it is rewritten on a switch."""
    new_game()
    held = (data_dir / "current").stat().st_ino
    ok("bid", "3")
    assert (data_dir / "current").stat().st_ino == held


def test_current_that_cannot_be_written_is_removed_so_the_newest_is_current(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game("a")
    new_game("b")

    def full(path: Path, text: str, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(games, "write_atomic", full)
    games.set_current("a")
    assert not (data_dir / "current").exists()


@pytest.mark.parametrize("named", ["gone", "../outside", ""])
def test_current_naming_no_game_falls_back_to_the_newest(data_dir: Path, named: str) -> None:
    """A `current` naming a file outside the data folder is not followed there."""
    new_game("a")
    new_game("b")
    (data_dir.parent / "outside.json").write_bytes((data_dir / "b.json").read_bytes())
    os.utime(data_dir / "a.json", (2_000_000_000, 2_000_000_000))
    (data_dir / "current").write_text(named + "\n", encoding="utf-8")
    assert games.current_id() == "a"


def test_without_games_the_refusal_says_how_to_start_one(data_dir: Path) -> None:
    paths.ensure_data_dir()
    (data_dir / ".hidden.json").write_text("{}", encoding="utf-8")
    (data_dir / "Not An Id.json").write_text("{}", encoding="utf-8")
    assert games.game_files() == []
    assert _refused_by(games.current_id) == "no games yet: start one with `ohhell new PLAYER...`"


def test_a_missing_data_folder_holds_no_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OHHELL_DATA_DIR", str(tmp_path / "none"))
    assert games.game_files() == []


def test_new_ids_are_the_date_then_numbered(data_dir: Path) -> None:
    paths.ensure_data_dir()
    before = time.strftime("%Y-%m-%d")
    made = games.new_id()
    # The local date of the moment it was made, at midnight too.
    assert made in {before, time.strftime("%Y-%m-%d")}
    assert games.new_id("cup") == "cup"
    (data_dir / "cup.json").write_text("{}", encoding="utf-8")
    assert games.new_id("cup") == "cup-2"
    (data_dir / "cup-2.json").write_text("{}", encoding="utf-8")
    assert games.new_id("cup") == "cup-3"


def test_entries_are_stamped_to_the_second_with_the_local_offset() -> None:
    stamp = games.now()
    assert len(stamp) == len("2026-12-01T11:50:00+00:00"), stamp
    assert stamp[10] == "T" and stamp[-6] in "+-"


def test_a_game_with_decomposed_names_reads_back_composed(data_dir: Path) -> None:
    """docs/scripting.md: names are kept composed (NFC). A game built through code, or a
    file edited by hand, that spells "Zoë" decomposed (e and a combining diaeresis) in
    its players, its first dealer, bids, tricks, a seat change and a correction reads
    back, each name composed, with the same scores."""
    import json

    from ohhell_score.domain import codec
    from ohhell_score.domain.game import Game, add_bids, add_tricks, edit, progress
    from ohhell_score.domain.rules import RuleOptions, build_rules
    from ohhell_score.domain.seats import Join

    zoe, yan = "Zoe\u0308", "Yan\u0303"
    at = "2026-11-30T20:00:00+00:00"
    rules = build_rules("classic", 3, RuleOptions(hands="2,2,1", trump="none"))
    game = Game("nfd", (zoe, "Ann", "Bob"), rules, first_dealer=0, created=at, updated=at)
    game = add_bids(game, [("Ann", 1), ("Bob", 0), (zoe, 0)], at)
    game = add_tricks(game, [("Ann", 1), ("Bob", 0), (zoe, 1)], at)
    game = game._replace(entries=(*game.entries, Join(2, yan, zoe, 0, at)))
    game = edit(game, 1, "tricks", [("Ann", 0), (zoe, 2)], at)
    game = add_bids(game, [(None, 0), (None, 0), (None, 0), (None, 1)], at)
    assert yan in progress(game).hands[1].bids  # the joiner bid, spelt decomposed
    scores = [h.scores for h in progress(game).hands]
    text = json.dumps(codec.game_to_dict(game), ensure_ascii=False)
    assert zoe in text and yan in text  # as code, or a hand, wrote it
    read = codec.parse_progress(text, "nfd.json")
    assert read.game.players == ("Zoë", "Ann", "Bob")
    assert read.game.players[read.game.first_dealer] == "Zoë"
    assert [{composed_name(p): s for p, s in h.scores.items()} for h in read.hands][:1] == [
        {composed_name(p): s for p, s in scores[0].items()}
    ]
    assert "Yañ" in read.hands[1].order and "Yañ" in read.hands[1].bids
    assert all(p.isascii() or p in ("Zoë", "Yañ") for h in read.hands for p in h.order)
    assert "Zoë" in dict(read.game.history[0].new)


def composed_name(name: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFC", name)
