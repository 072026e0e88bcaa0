"""What ``ohhell restore`` does, without Typer: put a game's kept previous version back
(``storage.games.restore`` keeps the replaced file as ``ID.json.damaged``) and say so."""

from __future__ import annotations

from ohhell_score.i18n import _
from ohhell_score.storage import games


def restore(game_id: str) -> str:
    """Restore ``game_id`` from its previous version; the line that says it was."""
    game = games.restore(game_id)
    return _("Restored {id} from its previous version ({entries} entries).").format(
        id=game.id, entries=len(game.entries)
    )
