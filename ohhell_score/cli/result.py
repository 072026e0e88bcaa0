"""``ohhell finish`` and ``ohhell adjust``: what a table decides that the rules cannot
see: it stops early, or gives a penalty or a bonus (docs/scripting.md). Each is an entry
of the game: ``undo`` takes it back.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name; each command imports its action
inside its body.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ohhell_score.cli.complete import complete_seated
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import AT_THE_TABLE, NUMBERS, GameOpt
from ohhell_score.domain.forms import MAX_ADJUST
from ohhell_score.i18n import _
from ohhell_score.views.console import say

app = area()


@app.command(
    rich_help_panel=AT_THE_TABLE,
    help=_("End the game after its last scored hand: the table stops early.")
    + "\n\n"
    + _(
        'The totals so far decide the winners; the sheet says "finished after hand 12 '
        'of 19", and `stats` and `ratings` count the game. Not while the next hand has '
        "a bid or a trump. `undo` takes it back and the game goes on."
    ),
)
def finish(game: GameOpt = None) -> None:
    from ohhell_score.actions.entries import record_finish

    say(record_finish(game))


@app.command(
    context_settings=NUMBERS,
    rich_help_panel=AT_THE_TABLE,
    help=_("Add points to a player's score in a hand: a penalty (negative) or a bonus.")
    + "\n\n"
    + _(
        "For what the rules cannot see: a revoke, a misdeal, a house bonus. The sheet, "
        "the exports and the board show it with its reason; `undo` takes it back."
    )
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell adjust Bob -10 --reason revoke\n"
        '  ohhell adjust Ann 5 --hand 3 --reason "house bonus"'
    ),
)
def adjust(
    name: Annotated[
        str,
        typer.Argument(
            help=_("The player (as in `bid`: any case)."),
            show_default=False,
            metavar="NAME",
            autocompletion=complete_seated,
        ),
    ],
    points: Annotated[
        int,
        typer.Argument(
            help=_("The points, negative for a penalty ({low:,} to {high:,}).").format(
                low=-MAX_ADJUST, high=MAX_ADJUST
            ),
            show_default=False,
            metavar="POINTS",
            min=-MAX_ADJUST,
            max=MAX_ADJUST,
        ),
    ],
    hand: Annotated[
        int | None,
        typer.Option(
            "--hand",
            help=_("The hand (default: the last scored hand)."),
            show_default=False,
            metavar="N",
        ),
    ] = None,
    reason: Annotated[
        str,
        typer.Option("--reason", help=_("Why: a revoke, a misdeal..."), metavar="WHY"),
    ] = "",
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions.entries import record_adjust

    say(record_adjust(game, name, points, hand, reason))
