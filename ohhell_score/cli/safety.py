"""Commands that mend: bring back the kept previous version of a damaged game."""

from __future__ import annotations

from typing import Annotated

import typer

from ohhell_score.actions.safety import restore as restore_game
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import GAMES
from ohhell_score.i18n import _
from ohhell_score.views.console import say

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()


@app.command(
    rich_help_panel=GAMES,
    help=_("Replace a game with its previous version (kept at every save as ID.json.bak).")
    + "\n\n"
    + _(
        "The replaced file is kept as ID.json.damaged (then -2, -3...), so "
        "nothing is ever thrown away."
    ),
)
def restore(
    game_id: Annotated[
        str, typer.Argument(help=_("The game to restore."), show_default=False, metavar="ID")
    ],
) -> None:
    say(restore_game(game_id))
