"""Shell completions: the committed scripts, the values offered, and the real shells."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell, need

# Timed by real processes or shells: on one worker, one test at a time (conftest.py).
pytestmark = ALONE

ROOT = Path(__file__).resolve().parent.parent
COMPLETIONS = ROOT / "completions"


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate", COMPLETIONS / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = generator()


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    """A folder holding an ``ohhell`` command that runs this checkout, for PATH."""
    folder = tmp_path / "bin"
    folder.mkdir()
    shim = folder / "ohhell"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "{GEN.RUN_AS_OHHELL}" "$@"\n')
    shim.chmod(0o755)
    return folder


@pytest.fixture
def games(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    ohhell.ok("new", "Xia", "Yusuf", "Zoe", "-g", "monday")  # the current game


def shell_env(bin_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("_OHHELL")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def offered(*words: str) -> list[str]:
    """What the program offers for the last word, asked the way the bash script asks."""
    env = shell_env(Path(sys.executable).parent)
    env.update(
        _OHHELL_COMPLETE="complete_bash", COMP_WORDS=" ".join(words), COMP_CWORD=str(len(words) - 1)
    )
    done = subprocess.run(
        [sys.executable, "-c", GEN.RUN_AS_OHHELL], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


# --- the committed scripts ------------------------------------------------------------


@pytest.mark.parametrize("shell", sorted(GEN.SCRIPTS))
def test_committed_script_is_what_the_program_generates(shell: str) -> None:
    committed = (COMPLETIONS / GEN.SCRIPTS[shell]).read_text(encoding="utf-8")
    assert committed == GEN.generate(shell), (
        f"completions/{GEN.SCRIPTS[shell]} is out of date: run completions/generate.py"
    )


# --- the values offered ---------------------------------------------------------------


@pytest.mark.usefixtures("games")
def test_game_option_offers_the_saved_games() -> None:
    assert offered("ohhell", "show", "-g", "") == ["friday", "monday"]
    assert offered("ohhell", "undo", "--game", "fr") == ["friday"]


@pytest.mark.usefixtures("games")
def test_bid_offers_the_current_games_players() -> None:
    assert offered("ohhell", "bid", "") == ["Xia=", "Yusuf=", "Zoe="]


@pytest.mark.usefixtures("games")
def test_bid_with_a_game_offers_that_games_players() -> None:
    assert offered("ohhell", "bid", "-g", "friday", "") == ["Ann=", "Bob=", "Cat=", "Dan="]


@pytest.mark.usefixtures("games")
def test_tricks_leaves_out_players_already_named() -> None:
    assert offered("ohhell", "tricks", "-g", "friday", "ann=2", "Cat=3", "") == ["Bob=", "Dan="]


@pytest.mark.usefixtures("games")
def test_a_player_named_in_bash_words_is_left_out() -> None:
    """bash splits ``Xia=1`` into ``Xia``, ``=``, ``1`` (COMP_WORDBREAKS holds "=")."""
    assert offered("ohhell", "bid", "Xia", "=", "1", "") == ["Yusuf=", "Zoe="]


@pytest.mark.usefixtures("games")
def test_one_player_is_offered_with_the_numbers_of_the_hand() -> None:
    """Cartier's first hand deals 13 cards (seed 000): Bob=0 to Bob=13."""
    assert offered("ohhell", "bid", "-g", "friday", "B") == [f"Bob={n}" for n in range(14)]
    ones = ["Bob=1", *(f"Bob={n}" for n in range(10, 14))]
    assert offered("ohhell", "bid", "-g", "friday", "Bob=1") == ones


@pytest.mark.usefixtures("games")
def test_edit_offers_players_after_bids_or_tricks() -> None:
    """The classic preset (seed 004) deals 10 cards in hand 1."""
    assert offered("ohhell", "edit", "1", "") == ["bids", "tricks"]
    assert offered("ohhell", "edit", "1", "tricks", "Y") == [f"Yusuf={n}" for n in range(11)]


def test_trump_offers_the_suits() -> None:
    assert offered("ohhell", "trump", "") == ["spades", "hearts", "diamonds", "clubs", "notrump"]
    assert offered("ohhell", "trump", "c") == ["clubs"]


@pytest.mark.usefixtures("games")
@pytest.mark.parametrize(("game", "notrump"), [("friday", True), ("monday", False)])
def test_trump_offers_no_trump_only_where_it_can_be_entered(game: str, notrump: bool) -> None:
    """docs/scripting.md, `trump`: `notrump` is refused under `upcard` (monday: classic)."""
    offers = offered("ohhell", "trump", "-g", game, "")
    assert ("notrump" in offers) is notrump
    assert offers[:4] == ["spades", "hearts", "diamonds", "clubs"]


def test_trump_offers_no_trump_only_where_the_hands_method_lets_it_be_named(
    ohhell: Ohhell,
) -> None:
    """docs/rules.md "Trump": hand 1 of ``upcard+1=dealer`` may be no trump, hand 2 not."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2-1", "--trump", "upcard+1=dealer")
    assert offered("ohhell", "trump", "") == ["spades", "hearts", "diamonds", "clubs", "notrump"]
    ohhell.ok("trump", "nt")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "1", "1", "0")
    assert offered("ohhell", "trump", "") == ["spades", "hearts", "diamonds", "clubs"]


PRESETS = [
    "cartier",
    "ten-to-one",
    "classic",
    "regional",
    "nomination-whist",
    "kachuful",
    "boerenbridge",
]


def keep_house_rules(ohhell: Ohhell, *names: str) -> None:
    for name in names:
        ohhell.ok("rules", "save", name, "--rules", "classic", "--hook", "never")


def test_rules_offers_the_presets() -> None:
    assert offered("ohhell", "new", "A", "B", "C", "--rules", "c") == ["cartier", "classic"]
    assert offered("ohhell", "rules", "t") == ["ten-to-one"]


@pytest.mark.parametrize(
    "words",
    [
        ("ohhell", "rules", ""),
        ("ohhell", "rules", "show", ""),
        ("ohhell", "new", "A", "B", "C", "--rules", ""),
        ("ohhell", "sheet", "A", "B", "C", "-r", ""),
        ("ohhell", "rules", "save", "mine", "--rules", ""),
        ("ohhell", "stats", "--rules", ""),
    ],
    ids=lambda w: " ".join(w[1:]),
)
def test_a_rule_name_offers_the_presets_then_the_house_rules(
    ohhell: Ohhell, words: tuple[str, ...]
) -> None:
    keep_house_rules(ohhell, "pub", "cabin")
    assert offered(*words) == [*PRESETS, "cabin", "pub"]


def test_a_house_rule_is_offered_by_its_first_letters(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub", "cabin")
    assert offered("ohhell", "rules", "show", "c") == ["cartier", "classic", "cabin"]
    assert offered("ohhell", "new", "A", "B", "C", "--rules", "p") == ["pub"]


def test_rules_export_and_delete_offer_only_house_rules(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub")
    assert offered("ohhell", "rules", "export", "") == ["pub"]
    assert offered("ohhell", "rules", "delete", "c") == []


def test_a_tournaments_tables_play_presets_so_only_presets_are_offered(ohhell: Ohhell) -> None:
    keep_house_rules(ohhell, "pub")
    assert offered("ohhell", "tournament", "new", "cup", "--rules", "") == PRESETS


def test_players_are_not_offered_without_a_game() -> None:
    assert offered("ohhell", "bid", "") == []


def test_tournament_hook_lists_tournaments_where_the_store_keeps_them(data_dir: Path) -> None:
    from ohhell_score.actions.complete import tournaments_dir
    from ohhell_score.cli.complete import complete_tournament
    from ohhell_score.storage import tournaments as tournament_store

    assert tournaments_dir() == tournament_store.folder()
    tournaments_dir().mkdir(parents=True)
    (tournaments_dir() / "cartier-2026.json").write_text("{}")
    (tournaments_dir() / "cartier-2026.lock").write_text("")
    assert tournaments_dir().parent == data_dir
    assert complete_tournament("car") == ["cartier-2026"]


@pytest.mark.parametrize("command", ["show", "advance", "collect", "export"])
def test_tournament_commands_offer_the_saved_tournaments(ohhell: Ohhell, command: str) -> None:
    field = [f"P{n}" for n in range(1, 9)]
    ohhell.ok("tournament", "new", "cup", *field, "--seed", "1")
    ohhell.ok("tournament", "new", "club", *field, "--seed", "2")
    assert offered("ohhell", "tournament", command, "c") == ["club", "cup"]
    assert offered("ohhell", "tournament", command, "cu") == ["cup"]


def test_tournament_dealer_offers_the_games(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *[f"P{n}" for n in range(1, 9)], "--seed", "1")
    assert offered("ohhell", "tournament", "dealer", "cup-r1-t") == ["cup-r1-t1", "cup-r1-t2"]


# --- the real shells ------------------------------------------------------------------


@pytest.mark.usefixtures("games")
def test_bash_completes_a_game_id(bin_dir: Path) -> None:
    """bash runs the committed script's function, as it does on TAB."""
    need("bash")
    script = COMPLETIONS / GEN.SCRIPTS["bash"]
    probe = (
        f"source '{script}'; COMP_WORDS=(ohhell show -g fr); COMP_CWORD=3; "
        '_ohhell_completion ohhell fr show; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", probe],
        env=shell_env(bin_dir),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split() == ["friday"], done.stderr


@pytest.mark.usefixtures("games")
def test_fish_completes_a_game_id(bin_dir: Path) -> None:
    """fish's own completion engine (``complete -C``) with the committed script loaded."""
    need("fish")
    script = COMPLETIONS / GEN.SCRIPTS["fish"]
    done = subprocess.run(
        ["fish", "--no-config", "-c", f"source '{script}'; complete -C 'ohhell show -g fr'"],
        env=shell_env(bin_dir),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split() == ["friday"], done.stderr


def interactive(shell: list[str], setup: list[str], bin_dir: Path, tabs: int = 1) -> str:
    """Type ``ohhell show -g fr``, TAB, Enter in a real terminal; what the command printed."""
    env = shell_env(bin_dir)
    env.update(TERM="xterm", COLUMNS="100", LINES="60", PS1="$ ", PROMPT="$ ")
    child = pexpect.spawn(shell[0], shell[1:], env=env, encoding="utf-8", timeout=30)
    child.setwinsize(60, 100)
    try:
        for line in setup:
            child.sendline(line)
        child.sendline("echo READY")
        child.expect("READY\r?\n")
        child.send("ohhell show -g fr")
        for _ in range(tabs):
            child.send("\t")
            time.sleep(0.5)
        child.expect("iday")  # the line, completed (after "fr", and a bell or two)
        child.send("\r")
        child.expect("· cartier ·")  # the sheet of friday: the completed command ran
        return str(child.before)
    finally:
        child.close(force=True)


@pytest.mark.usefixtures("games")
def test_zsh_completes_a_game_id_on_tab(bin_dir: Path) -> None:
    need("zsh")
    script = COMPLETIONS / GEN.SCRIPTS["zsh"]
    setup = ["autoload -Uz compinit && compinit -u", f"source '{script}'"]
    interactive(["zsh", "-f", "-i"], setup, bin_dir)


@pytest.mark.usefixtures("games")
def test_zsh_completes_a_game_id_from_fpath(bin_dir: Path, tmp_path: Path) -> None:
    """Installed as `--install-completion` does: on fpath, loaded by the first TAB."""
    need("zsh")
    folder = tmp_path / "zfunc"
    folder.mkdir()
    shutil.copy(COMPLETIONS / GEN.SCRIPTS["zsh"], folder / "_ohhell")
    setup = [f"fpath=('{folder}' $fpath)", "autoload -Uz compinit && compinit -u -D"]
    interactive(["zsh", "-f", "-i"], setup, bin_dir, tabs=2)


@pytest.mark.usefixtures("games")
def test_bash_completes_a_game_id_on_tab(bin_dir: Path) -> None:
    need("bash")
    script = COMPLETIONS / GEN.SCRIPTS["bash"]
    interactive(["bash", "--norc", "--noprofile", "-i"], [f"source '{script}'"], bin_dir)
