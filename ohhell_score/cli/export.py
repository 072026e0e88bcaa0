"""Commands that take results off the laptop: export, import, a blank sheet, a chart.

Every writer is a pure function, listed by format in ``views/formats.py`` (the chart is
``views/chart.py``); these commands choose one, and write its text to stdout or to
``-o FILE`` (``actions.exports.write_output``: the one way every ``-o`` is written).

Imports inside functions: as in every area (cli/lazy.py).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from ohhell_score.actions import exports
from ohhell_score.actions.setup import make_rules
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import (
    DEFAULT_PRESET,
    GAMES,
    RESULTS,
    GameOpt,
    OutputOpt,
    RulesOpt,
    load_progress,
    output_file,
    read_input,
    rule_options,
    with_rule_options,
)
from ohhell_score.i18n import _, ngettext
from ohhell_score.views.console import say, say_json
from ohhell_score.views.formats import Format, Style, format_of

if TYPE_CHECKING:
    from ohhell_score.domain.rules import RuleOptions

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()


class Paper(StrEnum):
    auto = "auto"
    a4 = "a4"
    letter = "letter"


PaperOpt = Annotated[
    Paper,
    typer.Option(
        help=_("Page size to print on; auto leaves it to the printer (A4 or Letter)."),
    ),
]


def emit(text: str, output: str | None, what: str, *, as_json: bool = False) -> None:
    """Text to stdout (JSON escaped where stdout cannot encode it: ``say_json``), or to
    the file ``output`` (``-``: stdout too)."""
    output = output_file(output)
    if output is None:
        (say_json if as_json else say)(text, end="")
        return
    exports.write_output(output, text)
    say(_("Wrote {what} to {output}.").format(what=what, output=output))


def choose_format(fmt: Format | None, output: str | None) -> Format:
    """``--format``, or else the format ``-o FILE``'s ending says."""
    chosen = fmt or (format_of(output) if output is not None else None)
    if chosen is not None:
        return chosen
    raise typer.BadParameter(
        _("give --format json, csv, md or html (or an -o FILE ending in one of them)"),
        param_hint="'--format'",
    )


@app.command(
    rich_help_panel=RESULTS,
    help=_("Write the game as JSON, CSV, Markdown or a printable HTML score sheet.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell export -o friday.html              # the format follows the file's ending\n"
        "  ohhell export --format csv --wide --excel -o friday.csv\n"
        "  ohhell export -g friday --format json -o friday.json   # to import elsewhere"
    ),
)
def export(
    game: GameOpt = None,
    fmt: Annotated[
        Format | None,
        typer.Option(
            "--format",
            "-f",
            help=_("json (restores with `ohhell import`), csv, md or html."),
            show_default=False,
        ),
    ] = None,
    output: OutputOpt = None,
    wide: Annotated[
        bool, typer.Option("--wide", help=_("csv: one row per hand, columns per player."))
    ] = False,
    excel: Annotated[
        bool, typer.Option("--excel", help=_("csv: start with a byte-order mark for Excel."))
    ] = False,
    paper: PaperOpt = Paper.auto,
) -> None:
    write_game(game, fmt, output, wide, excel, paper)


def write_game(
    game: str | None, fmt: Format | None, output: str | None, wide: bool, excel: bool, paper: Paper
) -> None:
    """`export`: the game in the format chosen, to stdout or ``-o FILE``."""
    chosen = choose_format(fmt, output)
    if (wide or excel) and chosen is not Format.csv:
        raise typer.BadParameter(_("--wide and --excel are for --format csv"))
    if paper is not Paper.auto and chosen is not Format.html:
        raise typer.BadParameter(_("--paper is for --format html"))
    prog, text = exports.export_game(game, chosen, Style(wide, excel, paper.value))
    emit(
        text,
        output,
        _("game {id} as {value}").format(id=prog.game.id, value=chosen.value),
        as_json=chosen is Format.json,
    )


@app.command(
    "import",
    rich_help_panel=GAMES,
    help=_("Restore a game exported as JSON; a file that is not a valid game is refused."),
)
def import_cmd(
    file: Annotated[
        str,
        typer.Argument(
            help=_("A game exported with --format json; - reads stdin."), metavar="FILE"
        ),
    ],
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help=_("The id to save it under (default: the id it was exported with)."),
            show_default=False,
            metavar="ID",
        ),
    ] = None,
) -> None:
    restore_game(file, game)


def restore_game(file: str, game: str | None) -> None:
    """`import`: the game exported as JSON in ``file`` saved, and what comes next said."""
    from ohhell_score.views.words import next_words

    data = read_input(file, export=True)
    restored, prog = exports.import_game(data, "stdin" if file == "-" else file, game)
    say(
        _(
            "Imported game {id}: {players} ({preset}, {hands_played} of {total} hands scored)."
        ).format(
            id=restored.id,
            players=", ".join(restored.players),
            preset=restored.rules.preset,
            hands_played=prog.hands_played,
            total=len(prog.hands),
        )
    )
    say(next_words(prog))


@app.command(
    "sheet",
    rich_help_panel=RESULTS,
    help=_("A printable blank score sheet (HTML) to fill in by hand at the table."),
)
@with_rule_options(after="dealer")
def sheet_cmd(
    ctx: typer.Context,
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("Player names, clockwise (or give --players N)."),
            show_default=False,
            metavar="[PLAYER...]",
        ),
    ] = None,
    count: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            help=_("A number of players, to write the names in by hand."),
            metavar="N",
            show_default=False,
        ),
    ] = None,
    rules: RulesOpt = DEFAULT_PRESET,
    dealer: Annotated[
        str | None,
        typer.Option(
            help=_("The first dealer: a name, or a seat number with --players."),
            metavar="PLAYER",
            show_default=False,
        ),
    ] = None,
    paper: PaperOpt = Paper.auto,
    output: OutputOpt = None,
) -> None:
    write_blank_sheet(players, count, rules, dealer, paper, output, rule_options(ctx))


def write_blank_sheet(
    players: list[str] | None,
    count: int | None,
    rules: str,
    dealer: str | None,
    paper: Paper,
    output: str | None,
    options: RuleOptions,
) -> None:
    """`sheet`: the blank HTML sheet of the players (or of ``count`` seats), written."""
    from ohhell_score.domain.game import Game, check_players
    from ohhell_score.views.html import blank_sheet_html

    if players and count is not None and count != len(players):
        raise typer.BadParameter(
            ngettext(
                "{names} name given but --players {count}",
                "{names} names given but --players {count}",
                len(players),
            ).format(names=len(players), count=count),
            param_hint="'--players'",
        )
    if not players and count is None:
        raise typer.BadParameter(_("give the players' names or --players N"))
    if players:
        names = check_players(players)
    else:
        assert count is not None
        names = tuple(str(seat) for seat in range(1, count + 1))
    rule_set = make_rules(rules, len(names), options)
    draft = Game("sheet", names, rule_set)
    first = names.index(draft.resolve(dealer)) if dealer is not None else 0
    text = blank_sheet_html(
        Game("sheet", names, rule_set, first), named=bool(players), paper=paper.value
    )
    what = ngettext(
        "a blank {rules} sheet for {count} player",
        "a blank {rules} sheet for {count} players",
        len(names),
    ).format(rules=rule_set.preset, count=len(names))
    emit(text, output, what)


@app.command(
    "chart",
    rich_help_panel=RESULTS,
    help=_("The running totals per player over the hands, drawn in the terminal."),
)
def chart_cmd(game: GameOpt = None) -> None:
    from ohhell_score.views.chart import print_chart

    print_chart(load_progress(game))
