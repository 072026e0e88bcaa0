"""What TAB completion reads from the folders: the saved games' ids, the house rules'
and the tournaments' names, and one game file as JSON (no replay).

The shell runs ``ohhell`` afresh on every TAB, so each of these stays cheap: names come
from file names alone, and a game from its file's JSON, without the game engine.

Imports inside functions: ``storage.house`` imports json, which the TAB of a game id
does not load, so ``house_rule_names`` imports it; and json is imported by
``read_game`` alone (those lines need no comment of their own).
"""

from pathlib import Path
from typing import Any

from ohhell_score.domain.errors import Refused
from ohhell_score.domain.ids import is_id
from ohhell_score.storage import games, paths


def game_ids() -> list[str]:
    """Every saved game's id, from the file names alone."""
    return sorted(path.stem for path in games.game_files())


def house_rule_names() -> list[str]:
    """The house rules' names, from the file names in the config directory alone."""
    from ohhell_score.storage.house import rules_dir

    try:
        files = sorted(rules_dir().glob("*.json"))
    except OSError:
        return []
    return [path.stem for path in files if not path.name.startswith(".")]


def read_game(game_id: str | None) -> dict[str, Any] | None:
    """A game's file as JSON, without replaying it; None if there is none or it is unreadable."""
    import json

    try:
        data = json.loads(games.game_path(games.resolve_id(game_id)).read_bytes())
    except (OSError, ValueError, Refused):
        return None
    return data if isinstance(data, dict) else None


# storage/tournaments.py keeps each tournament as ``<data dir>/tournaments/<name>.json``
# (its FOLDER); these read the names from there without importing it (it imports the
# game engine), and tests/test_completions.py checks that the two agree.


def tournaments_dir() -> Path:
    return paths.data_dir() / "tournaments"


def tournament_names() -> list[str]:
    """The saved tournaments, sorted (also `tournament list`'s)."""
    folder = tournaments_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if is_id(p.stem))
