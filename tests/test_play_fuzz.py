"""Bad input at the prompts: hypothesis types arbitrary answers at
`ohhell play` and at `ohhell new`'s questions: unicode, huge and negative numbers,
empty lines, control characters. Never a traceback, and the game on disk stays valid
by the rules. Names with spaces, accents and emoji go through every command; names that
would break `NAME=N` or the exports are refused at `new` with a reason.

The command line itself is fuzzed in tests/test_fuzz_cli.py; formulas and HTML in
names are neutralised by the exports (tests/test_export_csv_md.py, test_export_html.py).
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from ohhell_score.actions.table import typed_tricks
from ohhell_score.cli import guided, terminal
from ohhell_score.cli import interactive as play
from ohhell_score.domain.errors import StopScoring
from ohhell_score.domain.game import check_players, progress
from ohhell_score.domain.rules import build_rules
from ohhell_score.storage import drafts, games
from tests.conftest import Ohhell

#: What a scorer might type, and what a cat on the keyboard might.
ODD = [
    "",
    " ",
    "u",
    "?",
    "-0",
    "--1",
    "+1",
    "1.0",
    "1e3",
    "0x1",
    "²",
    "١",
    "½",
    "Ⅻ",
    "9" * 5000,
    "-" + "9" * 5000,
    "\x00",
    "\x1b[A",
    "\r",
    "\t1",
    "1\n2",
    "🂡",
    "ǅ",
    "n",
    "nt",
    "s",
    "♦",
    "AS",
    "10h",
]
ANSWER = st.one_of(
    st.sampled_from(["0", "1", "2", "", "u", "h", "s", "n"]),  # answers that move the game on
    st.sampled_from(ODD),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=12),
    st.text(st.characters(categories=["Cc", "Cf", "Zs", "So", "Nd", "No"]), max_size=6),
)
ANSWERS = st.lists(ANSWER, max_size=40)
SETUPS = [(), ("--trump", "none"), ("--rules", "cartier"), ("--trump", "dealer")]


def typing(answers: list[str]) -> tuple[terminal.Ask, Iterator[str]]:
    left = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(left)
        except StopIteration:
            raise EOFError from None  # Ctrl-D once the answers run out

    return ask, left


def fresh_game(ohhell: Ohhell, setup: tuple[str, ...]) -> None:
    if games.game_path("t").exists():
        games.delete("t")
        drafts.forget("t")
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1,3", "-g", "t", *setup)


@settings(max_examples=150)
@given(setup=st.sampled_from(SETUPS), answers=ANSWERS)
def test_any_answers_at_the_play_prompts_keep_the_game_valid(
    ohhell: Ohhell, setup: tuple[str, ...], answers: list[str]
) -> None:
    fresh_game(ohhell, setup)
    ask, _ = typing(answers)
    session = play.Session("t", Console(file=io.StringIO(), width=80), ask)
    with contextlib.suppress(EOFError, StopScoring):
        session.run()
    game = games.load("t")  # replays every entry under the rules: refused if invalid
    prog = progress(game)
    for hand in prog.hands:
        assert all(0 <= b <= hand.cards for b in hand.bids.values())
        if hand.tricks:
            assert sum(hand.tricks.values()) == hand.cards
    typed = typed_tricks(prog)
    assert sum(typed.values()) <= (prog.current.cards if prog.current else 0)
    assert all(t >= 0 for t in typed.values())


@settings(max_examples=150)
@given(answers=ANSWERS, draw=st.booleans())
def test_any_answers_to_the_questions_of_new_give_a_valid_table_or_none(
    answers: list[str], draw: bool
) -> None:
    ask, _ = typing(["Ann", "Bob", "Cat", "Dan", *answers] if draw else answers)
    console = Console(file=io.StringIO(), width=80)
    try:
        players, rules = guided.ask_new_game(console, ask, "classic", build_rules)
        if draw:
            seat = guided.draw_dealer(console, ask, players, rules)
        else:
            seat = guided.ask_dealer(console, ask, players, rules)
    except EOFError:
        return
    assert check_players(players) == players and len(players) >= 3
    assert 0 <= seat < len(players)
    rules.check_fits(len(players))  # raises if the preset cannot be played by this table


# --- names ----------------------------------------------------------------------------

NAMES = ("Mary Ann", "Zoë", "José María", "🂡 Ace", "李雷", "O'Brien")


def test_names_with_spaces_accents_and_emoji_work_through_every_command(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    ohhell.ok("new", *NAMES[:4], "--hands", "2,1", "-g", "t")
    ohhell.ok("trump", "h")
    ohhell.ok("bid", "Zoë=0", "José María=1", "🂡 Ace=0", "Mary Ann=0")
    ohhell.ok("tricks", "Zoë=0", "José María=1", "🂡 Ace=0", "Mary Ann=1")
    sheet = ohhell.sheet()
    assert sheet["players"] == list(NAMES[:4])
    assert sheet["hands"][0]["tricks"] == {"Zoë": 0, "José María": 1, "🂡 Ace": 0, "Mary Ann": 1}
    shown = ohhell.ok("show")
    assert all(name in shown for name in NAMES[:4])
    for fmt in ("csv", "md", "html"):
        text = ohhell.ok("export", "--format", fmt)
        assert all(name in text for name in ("Zoë", "🂡 Ace", "José María")), fmt
    ohhell.ok("export", "--format", "json", "-o", str(tmp_path / "t.json"))
    ohhell.ok("import", str(tmp_path / "t.json"), "--game", "copy")
    assert {**ohhell.sheet("-g", "copy"), "id": "t"} == sheet


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Ann=2", "contains '='"),
        ("=", "contains '='"),
        ("Ann\nBob", "cannot be printed"),
        ("Ann\tBob", "cannot be printed"),
        ("Ann\x1b[31m", "cannot be printed"),
        ("Ann\u202e", "cannot be printed"),  # right-to-left override: reverses a CSV row
        (" Ann", "spaces at an end"),
        ("", "1 to 24 characters"),
        ("x" * 25, "1 to 24 characters"),
    ],
)
def test_a_name_that_would_break_name_n_or_the_exports_is_refused_at_new(
    ohhell: Ohhell, data_dir: Path, name: str, reason: str
) -> None:
    err = ohhell.refused("new", "Bob", "Cat", name)
    assert reason in err
    assert not list(data_dir.glob("*.json"))


def test_a_name_refused_at_the_players_question_is_asked_again(ohhell: Ohhell) -> None:
    result = ohhell("new", input="Ann=2\nAnn\nBob\nCat\n\n\n\nq\n")
    assert "✗ player name 'Ann=2' contains '='" in result.stdout
    assert json.loads(ohhell.ok("show", "--json"))["players"] == ["Ann", "Bob", "Cat"]
