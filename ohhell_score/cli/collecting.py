"""``ohhell tournament collect`` and ``export``: a tournament's table games brought in
from other laptops (or their folders followed), and the whole tournament written out.
Their commands join the ``tournament`` group (cli/tournament.py) after its own.

Imports inside functions: as in every area (cli/lazy.py).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from ohhell_score.actions import tournaments as actions
from ohhell_score.actions.exports import write_output
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import OutputOpt, TournamentArg, output_file
from ohhell_score.i18n import _
from ohhell_score.views.console import complain, say, say_json
from ohhell_score.views.formats import Format

app = area()


@app.command(
    "collect",
    help=_("Bring in table games scored on other laptops, in place of the tables' games here."),
)
def collect(
    name: TournamentArg,
    files: Annotated[
        list[Path],
        typer.Argument(
            help=_(
                "Table games exported as JSON on other laptops (`ohhell export -f json`); "
                "with --watch, folders to follow."
            ),
            show_default=False,
            metavar="FILE...",
        ),
    ],
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help=_(
                "Follow these folders (a sync tool's or a share's) and collect each "
                "table's game as it arrives, until Ctrl-C."
            ),
        ),
    ] = False,
    once: Annotated[
        bool,
        typer.Option("--once", help=_("With --watch: collect what is there now, then stop.")),
    ] = False,
) -> None:
    collect_tables(name, files, watch, once)


def collect_tables(name: str, files: list[Path], watch: bool, once: bool) -> None:
    """`tournament collect`: the table games of ``files`` brought in, or their folders followed."""
    from ohhell_score.actions import collect as collecting
    from ohhell_score.views.tournament import collected_line

    if once and not watch:
        raise typer.BadParameter(_("--once goes with --watch"))
    if watch:
        from ohhell_score.actions.watch import follow

        raise typer.Exit(follow(name, files, once=once, say=say, complain=complain))
    for got in collecting.collect(name, files):
        say(collected_line(got.game, got.result))


#: The formats of the one registry (``Format``), in the order this command has always
#: listed them in its help; tests/test_output_files.py checks that they are the same.
Listed = StrEnum("Listed", "md html csv json")


@app.command(
    "export", help=_("The whole tournament: every round, table, standing and the champion.")
)
def export(
    name: TournamentArg,
    fmt: Annotated[Listed, typer.Option("--format", "-f", help=_("md, html, csv or json."))],
    output: OutputOpt = None,
) -> None:
    export_tournament(name, fmt, output)


def export_tournament(name: str, fmt: Listed, output: str | None) -> None:
    """`tournament export`: the whole tournament in ``fmt``, to stdout or ``-o FILE``."""
    text = actions.export(name, Format(fmt.value))
    output = output_file(output)
    if output is None:
        (say_json if fmt.value == "json" else say)(text, end="")
        return
    write_output(output, text)
    say(_("Wrote {file}.").format(file=output))
