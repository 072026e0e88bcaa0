"""The play loop's draft (storage/drafts.py): tricks typed in a hand that a session left
before the hand was complete are kept, and the next session asks from there on.

In-process, so the mutation run sees it (tests/test_play_pty.py runs `ohhell play` in a
real terminal, as a process).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from ohhell_score.cli import interactive as play
from tests.conftest import Ohhell, scripted


def session(answers: list[str | Callable[[], str]], shown: io.StringIO | None = None) -> list[str]:
    """The prompts of a `play` session on game t given ``answers``, then Ctrl-D; an
    answer may be a function, called (as another `ohhell` at work) before it answers."""
    prompts: list[str] = []
    ask = scripted(answers, prompts)
    with pytest.raises(EOFError):
        play.Session("t", Console(file=shown or io.StringIO(), width=200), ask).run()
    return prompts


@pytest.fixture
def bid(ohhell: Ohhell) -> None:
    """Game t, hand 1 (2 cards) bid Bob 1, Cat 0, Ann 1: the tricks are next."""
    options = ("--hands", "2,1", "--trump", "none", "--hook", "never")
    ohhell.ok("new", "Ann", "Bob", "Cat", *options, "-g", "t")
    ohhell.ok("bid", "-g", "t", "1", "0", "1")


@pytest.mark.usefixtures("bid")
def test_tricks_typed_before_a_session_ended_are_asked_no_more(ohhell: Ohhell) -> None:
    assert session(["1"]) == ["Bob took (0-2): ", "Cat took (0-1): "]
    assert session(["0", ""])[:2] == ["Cat took (0-1): ", "Ann took 1 (Enter): "]
    assert ohhell.sheet("-g", "t")["hands"][0]["tricks"] == {"Bob": 1, "Cat": 0, "Ann": 1}


@pytest.mark.usefixtures("bid")
def test_tricks_typed_are_forgotten_once_the_game_changes(ohhell: Ohhell) -> None:
    """Ann's bid corrected (undone, entered again as 0): the tricks are asked afresh."""
    session(["1"])
    ohhell.ok("undo", "-g", "t")
    ohhell.ok("bid", "-g", "t", "Ann=0")
    assert session([])[:1] == ["Bob took (0-2): "]


@pytest.mark.usefixtures("bid")
def test_tricks_typed_while_another_ohhell_changed_the_game_are_not_kept(
    ohhell: Ohhell,
) -> None:
    """Bob's tricks typed, then Ann's bid undone elsewhere before Cat's are: Cat's answer
    is refused, the session says why, and asks for Ann's bid again."""

    def undo_then_answer() -> str:
        ohhell.ok("undo", "-g", "t")
        return "0"

    shown = io.StringIO()
    prompts = session(["1", undo_then_answer], shown)
    assert (
        "the game changed meanwhile (another ohhell at work?): "
        "that answer was not stored; here is where the game stands now"
    ) in shown.getvalue()
    assert prompts[2].startswith("Ann (dealer") and " bids (0-2" in prompts[2]
    assert "Ann" not in ohhell.sheet("-g", "t")["hands"][0]["bids"]


@pytest.mark.usefixtures("bid")
@pytest.mark.parametrize(
    "tricks",
    [
        [["Cat", 0]],  # not Bob first, who bid first
        [["Bob", 1], ["Cat", 0], ["Ann", 1]],  # every player: the hand would be complete
        [["Bob", 3]],  # more tricks than the 2 cards
        [["Bob", -1]],
    ],
)
def test_a_draft_edited_by_hand_that_does_not_fit_the_hand_is_set_aside(
    ohhell: Ohhell, data_dir: Path, tricks: list[list[object]]
) -> None:
    """The draft still names the game as it is, but its tricks could not have been typed
    in this hand: play asks the hand's tricks afresh, from Bob."""
    session(["1"])
    draft = data_dir / "t.tricks"
    data = json.loads(draft.read_text(encoding="utf-8"))
    draft.write_text(json.dumps({**data, "tricks": tricks}), encoding="utf-8")
    assert session([])[:1] == ["Bob took (0-2): "]
