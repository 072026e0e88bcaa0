"""`ohhell stats` and `ohhell history`: the memory of the table.

`stats --json` stays free of rich, and reads a game file only when it changed since
the last run (``stats_cache``): it is run over thousands of games.

Imports inside functions: as in every area (cli/lazy.py), the action too
(actions/stats.py), and rich only where a table is drawn.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Annotated

import typer

from ohhell_score.cli.complete import complete_rules
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import RESULTS, RULES_AND_STATISTICS, GameOpt, load_progress
from ohhell_score.i18n import N_, _, ngettext
from ohhell_score.views.console import complain, rich_console, say, say_as_json

if TYPE_CHECKING:
    from ohhell_score.domain.stats import Filters, PlayerStats, Summary

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()


def since_day(text: str | None) -> date | None:
    """``--since``: a day as YYYY-MM-DD, else a usage error (a malformed command line)."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise typer.BadParameter(
            _("{text!r} is not a date: use YYYY-MM-DD").format(text=text)
        ) from None


@app.command(
    rich_help_panel=RULES_AND_STATISTICS,
    help=_("Who wins and who bids best, over the finished games."),
)
def stats(
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            "-p",
            help=_("Only games this player sat in; only them. Give it again for more players."),
            show_default=False,
            metavar="NAME",
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            "-r",
            help=_("Only games of this preset or house rule."),
            show_default=False,
            metavar="PRESET",
            autocompletion=complete_rules,
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            help=_("Only games started on or after this date."),
            show_default=False,
            metavar="YYYY-MM-DD",
        ),
    ] = None,
    vs: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--vs",
            help=_("Two players head to head, over the games they played together."),
            metavar="P1 P2",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("One JSON object."))] = False,
) -> None:
    show_stats(player, rules, since, vs, as_json)


def show_stats(
    player: list[str] | None,
    rules: str | None,
    since: str | None,
    vs: tuple[str, str] | None,
    as_json: bool,
) -> None:
    """`stats`: the players' table over the finished games (and a head to head), or JSON."""
    from ohhell_score.actions.stats import summary as summed_up
    from ohhell_score.domain.stats import Filters

    filters = Filters(
        players=tuple(player or ()),
        preset=rules,
        since=since_day(since),
    )
    pair = tuple(vs) if vs else ()
    if len(pair) == 2 and pair[0].casefold() == pair[1].casefold():
        raise typer.BadParameter(_("--vs takes two different players"))
    summary, problems = summed_up(filters, pair)
    for problem in problems:
        complain(_("skipped: {problem}").format(problem=problem))
    if as_json:
        say_as_json(summary.to_json())
        return
    _print_summary(summary, filters._replace(players=(*filters.players, *pair)))


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "-"


def _print_summary(summary: Summary, filters: Filters) -> None:
    from rich import box
    from rich.table import Table

    from ohhell_score.views.words import names_words

    console = rich_console()
    where = []
    if filters.preset:
        where.append(_("rules {preset}").format(preset=filters.preset))
    if filters.since:
        where.append(_("since {date}").format(date=filters.since.isoformat()))
    if filters.players:
        where.append(_("with {players}").format(players=names_words(filters.players)))
    count = summary.games
    head = ngettext("{count} finished game", "{count} finished games", count).format(count=count)
    head += f" ({', '.join(where)})" if where else ""
    if summary.unfinished:
        head += "; " + ngettext(
            "{count} unfinished game not counted",
            "{count} unfinished games not counted",
            summary.unfinished,
        ).format(count=summary.unfinished)
    console.print(head + ".")
    if not summary.players:
        console.print(_("No finished games to count yet."))
        return
    console.print(
        _("Best bidders first: by share of bids made, then the smaller avg miss, then name.")
    )
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    # The numbers are never cut (at 80 columns the last was): the heads take two lines
    # and the names fold, so the table gives way where nothing is lost.
    table.add_column(_("player"), overflow="fold", min_width=6)
    for title in STATS_HEADS:
        table.add_column(_(title), justify="right", no_wrap=True)
    for p in summary.players:
        table.add_row(*_row(p))
    console.print(table)
    console.print(
        _(
            "bids made: hands with tricks = bid; avg miss: mean |tricks - bid| a hand;\n"
            "zero bids: made of tried; over/under: bids missed by taking more / fewer tricks."
        ),
        style="dim",
    )
    duel = summary.head_to_head
    if duel is not None:
        if not duel.games:
            console.print(
                _("{first} and {second} have not finished a game together.").format(
                    first=duel.first, second=duel.second
                )
            )
            return
        console.print(
            ngettext(
                "Head to head, {count} game together: {first} ahead {ahead}, "
                "{second} ahead {ahead2}, level {level}.",
                "Head to head, {count} games together: {first} ahead {ahead}, "
                "{second} ahead {ahead2}, level {level}.",
                duel.games,
            ).format(
                count=duel.games,
                first=duel.first,
                ahead=duel.ahead[duel.first],
                second=duel.second,
                ahead2=duel.ahead[duel.second],
                level=duel.level,
            )
        )


STATS_HEADS = (
    N_("games"),
    N_("wins"),
    N_("avg\ntotal"),
    N_("hands"),
    N_("bids\nmade"),
    N_("avg\nmiss"),
    N_("zero\nbids"),
    N_("over/\nunder"),
)


def _row(p: PlayerStats) -> list[str]:
    return [
        p.name,
        str(p.games),
        f"{p.wins} {_percent(p.wins, p.games)}",
        "-" if p.average_total is None else f"{p.average_total:.1f}",
        str(p.hands),
        f"{p.bids_made_percent}% {p.bids_made}" if p.hands else "- 0",
        f"{p.average_miss:.2f}",
        f"{p.zero_bids_made}/{p.zero_bids}",
        f"{p.over}/{p.under}",
    ]


@app.command(
    rich_help_panel=RESULTS,
    help=_("Every entry and correction of a game in time order; corrections marked `*`."),
)
def history(
    game: GameOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("A JSON array of events."))] = False,
) -> None:
    show_history(game, as_json)


def show_history(game: str | None, as_json: bool) -> None:
    """`history`: the game's entries and corrections in time order, as lines or JSON."""
    from ohhell_score.views.history import history as events_of
    from ohhell_score.views.history import lines

    events = events_of(load_progress(game).game)
    if as_json:
        say_as_json([e.to_json() for e in events])
        return
    if not events:
        say(_("Nothing entered yet."))
        return
    for line in lines(events):
        say(line)
