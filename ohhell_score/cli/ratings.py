"""`ohhell ratings`: who is strongest at the club, over every finished game.

Reads the same facts as `ohhell stats`, through the same cache (actions/ratings.py),
and answers in plain text, without rich: it runs over a club's whole history.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name, which run none of its commands; so
the command imports the action and the views inside the function that does its work
(openskill, which the action brings, is for this command alone); those lines need no
comment of their own.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ohhell_score.cli.complete import complete_rules
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import RULES_AND_STATISTICS, OutputOpt
from ohhell_score.cli.stats import since_day
from ohhell_score.i18n import _
from ohhell_score.views.console import complain

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()


@app.command(
    rich_help_panel=RULES_AND_STATISTICS,
    help=_(
        "Who is strongest over the finished games: a rating that weighs whom each "
        "result was against (openskill)."
    ),
)
def ratings(
    as_json: Annotated[bool, typer.Option("--json", help=_("One JSON object."))] = False,
    since: Annotated[
        str | None,
        typer.Option(
            help=_("Only games finished on or after this date."),
            show_default=False,
            metavar="YYYY-MM-DD",
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            help=_("Only games of this preset or house rule."),
            show_default=False,
            metavar="PRESET",
            autocompletion=complete_rules,
        ),
    ] = None,
    history: Annotated[
        str | None,
        typer.Option(
            "--history",
            help=_("One player's rating game by game."),
            show_default=False,
            metavar="NAME",
        ),
    ] = None,
    html: Annotated[
        bool,
        typer.Option("--html", help=_("The ladder as an HTML page, with each rating over time.")),
    ] = False,
    output: OutputOpt = None,
) -> None:
    show_ratings(as_json, since, preset, history, html, output)


def show_ratings(
    as_json: bool,
    since: str | None,
    preset: str | None,
    history: str | None,
    html: bool,
    output: str | None,
) -> None:
    """`ratings`: the ladder (as text, JSON or HTML), or one player's rating game by game."""
    from ohhell_score.actions.ratings import ladder as rated
    from ohhell_score.cli.export import emit
    from ohhell_score.domain.stats import in_no_finished_game
    from ohhell_score.views.console import as_json as as_json_text
    from ohhell_score.views.ratings import history_lines, ladder_lines

    day = since_day(since)
    ladder, problems = rated(preset, day)
    for problem in problems:
        complain(_("skipped: {problem}").format(problem=problem))
    if history is not None:
        player = ladder.find(history)
        if player is None:
            raise in_no_finished_game(history, (p.name for p in ladder.players))
        if as_json:
            text = as_json_text(player.history_to_json())
        else:
            text = "".join(f"{line}\n" for line in history_lines(player))
    elif html:
        from ohhell_score.views.html import ladder_html  # the page's templates: HTML only

        text = ladder_html(ladder)
    elif as_json:
        text = as_json_text(ladder.to_json())
    else:
        where = []
        if preset:
            where.append(_("rules {preset}").format(preset=preset))
        if day:
            where.append(_("since {date}").format(date=day.isoformat()))
        text = "".join(f"{line}\n" for line in ladder_lines(ladder, where))
    emit(text, output, _("the ratings"), as_json=as_json and not html)
