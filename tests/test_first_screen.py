"""What a newcomer meets first: `ohhell` alone, the grouped help with its examples, and
the completion scripts for an installed program."""

from __future__ import annotations

import re

import pytest

from tests.conftest import Ohhell, invoke


def test_ohhell_alone_without_a_game_says_how_to_start_one(ohhell: Ohhell, both_paths: str) -> None:
    out = ohhell.ok()
    assert out.startswith("No game yet. Start one: `ohhell play`")
    assert "`ohhell --help` lists every command." in out


def test_ohhell_alone_says_where_the_game_stands_and_what_to_type(
    ohhell: Ohhell, both_paths: str
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    ohhell.ok("bid", "3", "2")
    assert ohhell.ok().splitlines() == [
        "friday (Ann, Bob, Cat, Dan; cartier): Hand 1 of 23 (13 cards, Ann deals): Dan to bid; "
        "5 bid of 13",
        "Next: `ohhell bid N...` from Dan on, or `ohhell play`. "
        "`ohhell --help` lists every command.",
    ]


@pytest.mark.parametrize(
    ("entries", "next_line"),
    [
        (["bid 3 2 4 2"], "Next: `ohhell trump SUIT`, or `ohhell play`."),
        (
            ["bid 3 2 4 2", "trump h"],
            "Next: `ohhell tricks N...` in bidding order (or NAME=N...), or `ohhell play`.",
        ),
    ],
)
def test_ohhell_alone_names_the_command_of_the_step(
    ohhell: Ohhell, entries: list[str], next_line: str
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    for entry in entries:
        ohhell.ok(*entry.split())
    assert ohhell.ok().splitlines()[1].startswith(next_line)


def test_ohhell_alone_after_the_last_hand_says_who_won(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "short")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "1", "0", "0")
    status, then = ohhell.ok().splitlines()
    assert status == "short (Ann, Bob, Cat; classic): Game over: Bob wins with 11."
    assert then.startswith("Next: `ohhell show` for the sheet, or `ohhell play` for a new game.")


def test_ohhell_alone_refuses_a_damaged_current_game_as_show_does(
    ohhell: Ohhell, data_dir: object
) -> None:
    from pathlib import Path

    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "broken")
    (Path(str(data_dir)) / "broken.json").write_text("{", encoding="utf-8")
    assert ohhell.refused().startswith("ohhell: ")


# --- help ----------------------------------------------------------------------------

PANELS = ["At the table", "Games", "Results", "Tournaments", "Rules and statistics", "Set-up"]


def test_help_groups_the_commands_play_and_new_first(ohhell: Ohhell) -> None:
    out = ohhell.ok("--help")
    headings = re.findall(r"^(\S[^:\n]*):$", out, re.M)
    assert headings[1:] == PANELS  # after "Options"
    table = out.split("At the table:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in table[:2]] == ["play", "new"]


def test_every_command_is_in_one_group(ohhell: Ohhell) -> None:
    """No command falls into a group of its own: each names one of the panels."""
    out = ohhell.ok("--help")
    assert "\nCommands:" not in out


def test_help_ends_with_the_folders_the_program_uses(ohhell: Ohhell) -> None:
    out = ohhell.ok("--help")
    assert "OHHELL_DATA_DIR" in out and "OHHELL_CONFIG_DIR" in out


@pytest.mark.parametrize(
    "command",
    [
        ["new"],
        ["play"],
        ["bid"],
        ["tricks"],
        ["export"],
        ["tournament", "new"],
        ["rules", "show"],
        ["completions"],
    ],
)
def test_the_help_of_a_command_at_the_table_shows_examples(
    ohhell: Ohhell, command: list[str]
) -> None:
    out = ohhell.ok(*command, "--help")
    examples = out.split("Example", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert examples and all(line.strip().startswith("ohhell ") for line in examples)
    assert all(line.split()[1] == command[0] for line in examples)


def test_help_names_what_to_type_in_one_style(ohhell: Ohhell) -> None:
    """No click type names (TEXT, INTEGER, PATH, <str>) where a placeholder belongs."""
    from tests.conftest import eager_program

    for name, cmd in getattr(eager_program(), "commands", {}).items():
        pages = [[name], *([name, sub] for sub in getattr(cmd, "commands", {}))]
        for words in pages:
            out = ohhell.ok(*words, "--help")
            found = re.findall(r"\b(TEXT|INTEGER|PATH|FILENAME)\b|<(str|int|path)>", out)
            assert not found, (words, found)


# --- completion scripts ----------------------------------------------------------------


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish", "powershell"])
def test_completions_prints_the_script_of_completions_folder(ohhell: Ohhell, shell: str) -> None:
    from tests.test_completions import COMPLETIONS, GEN

    committed = (COMPLETIONS / GEN.SCRIPTS[shell]).read_text(encoding="utf-8")
    assert ohhell.ok("completions", shell) == committed


def test_completions_of_an_unknown_shell_is_malformed(ohhell: Ohhell) -> None:
    assert "tcsh" in ohhell.refused("completions", "tcsh", code=2)


# --- rules --json ----------------------------------------------------------------------


def test_rules_json_lists_every_preset_and_house_rule(ohhell: Ohhell) -> None:
    import json

    ohhell.ok("rules", "save", "friday", "--rules", "cartier", "--hook", "never")
    listed = json.loads(ohhell.ok("rules", "--json"))
    names = [item["name"] for item in listed]
    assert names[:3] == ["cartier", "ten-to-one", "classic"] and names[-1] == "friday"
    assert listed[-1]["base"] == "cartier" and listed[0]["source"]


def test_rules_name_json_gives_its_rules_as_show_json_does(ohhell: Ohhell) -> None:
    import json

    one = json.loads(ohhell.ok("rules", "show", "cartier", "--json", "--players", "3"))
    ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "cartier", "-g", "three")
    assert one["players"] == 3
    assert one["rules"] == ohhell.sheet()["rules"]


def test_a_typo_of_the_command_still_exits_2() -> None:
    assert invoke(["shwo"]).exit_code == 2
