"""``ohhell seat replace/leave/join``: who sits at the table changes between hands
(docs/scripting.md). Each change is an entry of the game: ``undo`` takes it back.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name; each command imports its action
inside its body.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ohhell_score.cli.complete import complete_seated
from ohhell_score.cli.lazy import group_area
from ohhell_score.cli.options import AT_THE_TABLE, GameOpt
from ohhell_score.i18n import _
from ohhell_score.views.console import say

#: ``app``: this area's one command, the group ``seat_app``; cli/lazy.py builds it
#: when it is named.
seat_app, app = group_area(
    "seat",
    AT_THE_TABLE,
    help=_("Change who sits at the table before a hand: replace, leave, join."),
    no_args_is_help=True,
)

SeatedArg = Annotated[
    str,
    typer.Argument(
        help=_("A seated player (as in `bid`: any case)."),
        show_default=False,
        metavar="NAME",
        autocompletion=complete_seated,
    ),
]
NewcomerArg = Annotated[
    str,
    typer.Argument(
        help=_("The name of the player who sits down (someone who left comes back)."),
        show_default=False,
        metavar="NAME",
    ),
]


@seat_app.command(
    "replace",
    help=_("NEW takes OLD's seat from the current hand.")
    + "\n\n"
    + _("NEW starts at 0, or with --carry at OLD's total (OLD then keeps 0)."),
)
def replace(
    old: Annotated[
        str,
        typer.Argument(
            help=_("The player who gets up."),
            show_default=False,
            autocompletion=complete_seated,
            metavar="OLD",
        ),
    ],
    new: Annotated[
        str,
        typer.Argument(help=_("The player who takes the seat."), show_default=False, metavar="NEW"),
    ],
    carry: Annotated[
        bool,
        typer.Option("--carry", help=_("NEW starts with OLD's total (OLD keeps 0).")),
    ] = False,
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions import seats

    say(seats.replace(game, old, new, carry))


@seat_app.command(
    "leave",
    help=_("NAME gets up: the seat is removed from the current hand.")
    + "\n\n"
    + _("NAME keeps the total made so far but cannot win."),
)
def leave(name: SeatedArg, game: GameOpt = None) -> None:
    from ohhell_score.actions import seats

    say(seats.leave(game, name))


@seat_app.command(
    "join",
    help=_("NAME sits down: a new seat from the current hand.")
    + "\n\n"
    + _("The seat is clockwise after PLAYER; someone who left comes back with their total."),
)
def join(
    name: NewcomerArg,
    after: Annotated[
        str | None,
        typer.Option(
            "--after",
            help=_("Sit clockwise after this player (default: after the last seat listed)."),
            show_default=False,
            autocompletion=complete_seated,
            metavar="PLAYER",
        ),
    ] = None,
    score: Annotated[
        int,
        typer.Option("--score", help=_("The points NAME starts with."), metavar="N"),
    ] = 0,
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions import seats

    say(seats.join(game, name, after, score))
