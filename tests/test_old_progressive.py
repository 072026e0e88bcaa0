"""Games and house rules saved before `progressive` was fixed keep their totals
(docs/rules.md, "Scoring": a file of schema 1 scored under the old `progressive` is read
as the formula ``made: 10+b^2; missed: t``).

``tests/data/schema1-progressive.json`` was saved by the version before the fix, with
``schema1-progressive.show.json`` the `show --json` it printed then.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ohhell_score.domain.codec import parse_progress
from ohhell_score.domain.rules import OLD_PROGRESSIVE
from ohhell_score.storage import house
from tests.conftest import Ohhell

DATA = Path(__file__).parent / "data"
OLD_GAME = DATA / "schema1-progressive.json"
OLD_SHEET = json.loads((DATA / "schema1-progressive.show.json").read_text(encoding="utf-8"))
OLD_RULE = DATA / "schema1-house-progressive.json"


def test_the_old_file_was_saved_under_schema_1_as_progressive() -> None:
    """The file is what the version before the fix wrote: the test below proves something."""
    data = json.loads(OLD_GAME.read_text(encoding="utf-8"))
    assert (data["schema"], data["rules"]["scoring"]) == (1, "progressive")
    assert OLD_SHEET["rules"]["scoring"] == "progressive"


def test_an_old_game_keeps_its_totals_and_reports_its_formula(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """docs/rules.md "Scoring": the totals shown before the fix, and docs/scripting.md's
    ``"made: 10+b^2; missed: t"`` for rules.scoring."""
    data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_GAME, data_dir / "old-progressive.json")
    sheet = ohhell.sheet("-g", "old-progressive")
    assert sheet["rules"]["scoring"] == "made: 10+b^2; missed: t"
    assert sheet["totals"] == OLD_SHEET["totals"]
    assert [h["scores"] for h in sheet["hands"]] == [h["scores"] for h in OLD_SHEET["hands"]]
    # Everything else it showed is unchanged too (later versions add keys of their own).
    for key in OLD_SHEET.keys() - {"rules", "hands"}:
        assert sheet[key] == OLD_SHEET[key], key
    for hand, old in zip(sheet["hands"], OLD_SHEET["hands"], strict=True):
        assert {k: hand[k] for k in old} == old


def test_an_old_game_saved_again_keeps_the_formula(ohhell: Ohhell, data_dir: Path) -> None:
    """An entry rewrites the file under schema 2 with the formula, so it reads the same."""
    data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_GAME, data_dir / "old-progressive.json")
    ohhell.ok("trump", "-g", "old-progressive", "clubs")
    saved = json.loads((data_dir / "old-progressive.json").read_text(encoding="utf-8"))
    assert (saved["schema"], saved["rules"]["scoring"]) == (2, OLD_PROGRESSIVE)
    assert ohhell.sheet("-g", "old-progressive")["totals"] == OLD_SHEET["totals"]


def test_a_schema_2_progressive_game_scores_the_fixed_rule() -> None:
    """docs/rules.md "Scoring": the same file under schema 2 scores -(d^2) on a miss."""
    data = json.loads(OLD_GAME.read_text(encoding="utf-8"))
    data["schema"] = 2
    prog = parse_progress(json.dumps(data), "new.json")
    assert prog.game.rules.scoring.value == "progressive"
    assert prog.hands[0].scores == {"Bob": 11, "Cat": -1, "Dan": -4, "Ann": 10}


def test_an_old_house_rule_keeps_the_old_progressive() -> None:
    """docs/rules.md "Scoring": a house rule saved before the fix reads as the formula."""
    rule = house.parse(OLD_RULE.read_bytes(), "oldprog.json")
    assert rule.options.scoring == OLD_PROGRESSIVE
    assert rule.rules_for(4).scoring.value == OLD_PROGRESSIVE
