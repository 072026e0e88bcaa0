"""``ohhell tournament``: the Cartier tournament (docs/rules.md, docs/tournaments.md).

Each table is an ordinary game (``NAME-r1-t3``), played with ``bid``, ``tricks``,
``play`` and ``-g``; these commands only seat the tables and read their games.

Imports inside functions: as in every area (cli/lazy.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ohhell_score.actions import tournaments as actions
from ohhell_score.actions.exports import write_output
from ohhell_score.cli.complete import (
    complete_game,
    complete_preset,
    complete_tournament,
    tournament_names,
)
from ohhell_score.cli.lazy import Area, area
from ohhell_score.cli.options import (
    TOURNAMENTS,
    DrawCardsOpt,
    DrawTiesOpt,
    OutputOpt,
    output_file,
    read_input,
    rule_options,
    rules_option,
    with_rule_options,
)
from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import _, english
from ohhell_score.views.console import complain, say, say_as_json, say_json
from ohhell_score.views.formats import Format

if TYPE_CHECKING:
    from ohhell_score.domain.rules import RuleOptions
    from ohhell_score.domain.tournament import Result, Tournament

tournament_app = Area(
    name="tournament",
    help=_("Run a tournament of 6 to 64 players: tables of 4 (and 3), winners go on, a final."),
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
#: This area's one command, the group above; cli/lazy.py builds it when it is named.
app = area()
app.add_typer(tournament_app, name="tournament", rich_help_panel=TOURNAMENTS)

NameArg = Annotated[
    str,
    typer.Argument(
        help=_("The tournament's name."),
        show_default=False,
        metavar="NAME",
        autocompletion=complete_tournament,
    ),
]
NewNameArg = Annotated[
    str, typer.Argument(help=_("The tournament's name."), show_default=False, metavar="NAME")
]


def _read_players_file(path: Path) -> list[str]:
    """One name a line; blank lines and spaces at either end do not count."""
    try:
        text = read_input(str(path)).decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(
            _("cannot read {path}: {reason}").format(path=path, reason=_("not UTF-8 text"))
        ) from None
    return [line.strip() for line in text.splitlines() if line.strip()]


@tournament_app.command(
    "new",
    help=_(
        "Say the rounds the field plays, seat round 1 at tables of 4 (and 3) and create "
        "each table's game (NAME-r1-t1, ...)."
    )
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell tournament new cartier --players-file players.txt --seed 1995\n"
        "  ohhell tournament new rehearsal A B C D E F G H --hands 2,1 --no-shuffle\n"
        "  ohhell tournament new club --players-file tonight.txt --dry-run"
    ),
)
@with_rule_options(after="rules")
def new(
    ctx: typer.Context,
    name: NewNameArg,
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("The players (6 to 64; 32 for Cartier)."),
            show_default=False,
            metavar="[PLAYER...]",
        ),
    ] = None,
    players_file: Annotated[
        Path | None,
        typer.Option(
            "--players-file",
            help=_("A file of players, one name a line."),
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help=_("Makes the draw repeatable (default: a random seed)."),
            show_default=False,
            metavar="N",
        ),
    ] = None,
    no_shuffle: Annotated[
        bool, typer.Option("--no-shuffle", help=_("Seat round 1 in the order given."))
    ] = False,
    losers_bracket: Annotated[
        bool,
        typer.Option("--losers-bracket", help=_("The players knocked out in round 1 play on.")),
    ] = False,
    rules: Annotated[
        str,
        # tables play presets: no house rules
        rules_option(_("Preset: {preset_names}."), complete=complete_preset),
    ] = "cartier",
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run", help=_("Say the rounds and the first round's tables; write nothing.")
        ),
    ] = False,
) -> None:
    start_tournament(
        name,
        players,
        players_file,
        seed,
        no_shuffle,
        losers_bracket,
        rules,
        rule_options(ctx),
        dry_run=dry_run,
    )


def start_tournament(
    name: str,
    players: list[str] | None,
    players_file: Path | None,
    seed: int | None,
    no_shuffle: bool,
    losers_bracket: bool,
    rules: str,
    options: RuleOptions,
    *,
    dry_run: bool = False,
) -> None:
    """`tournament new`: the rounds it will play, round 1 seated and its tables' games
    made, then how to play them (``dry_run``: the rounds and the seating, nothing made)."""
    from ohhell_score.domain.tournament import TableRules
    from ohhell_score.views.tournament import plan_lines, tournament_rules

    field = list(players or [])
    if players_file is not None:
        field += _read_players_file(players_file)
    if not field:
        raise typer.BadParameter(_("give the players as arguments or with --players-file"))
    table_rules = TableRules(rules, options)
    t, games, drawn = actions.create(
        name,
        field,
        table_rules,
        seed,
        shuffle=not no_shuffle,
        losers_bracket=losers_bracket,
        dry_run=dry_run,
    )
    how = _("in the order given") if no_shuffle else _("drawn with seed {seed}").format(seed=drawn)
    say(
        _("Tournament {name}: {players} players at {tables} tables ({how}); {rules}.").format(
            name=name,
            players=len(t.players),
            tables=len(games),
            how=how,
            rules=tournament_rules(t),
        )
    )
    say(_("The rounds:"))
    for line in plan_lines(t):
        say(f"  {line}")
    say(f"{t.round_title(t.rounds[0])}:")
    for game in games:
        say(f"  {game.id}: {', '.join(game.players)}")
    if dry_run:
        say(_("Nothing was written (--dry-run)."))
        return
    say(first_dealer_line())
    say(
        _("Play each table with `ohhell play -g {game}` (or bid/trump/tricks -g).").format(
            game=games[0].id
        )
    )
    say(
        _(
            "A table on a laptop of its own: copy its game file (`ohhell path -g {game}`) "
            "into that laptop's data folder (`ohhell path` there), and follow those folders "
            "here with `ohhell tournament collect {name} --watch FOLDER...`."
        ).format(game=games[0].id, name=name)
    )


def first_dealer_line() -> str:
    return _(
        "The first player named at each table deals first, unless the table draws "
        "(`ohhell tournament dealer GAME PLAYER`)."
    )


@tournament_app.command(
    "list", help=_("Saved tournaments: players, rules, and what the organiser does next.")
)
def list_tournaments(
    as_json: Annotated[bool, typer.Option("--json", help=_("A JSON array."))] = False,
) -> None:
    list_saved_tournaments(as_json)


def list_saved_tournaments(as_json: bool) -> None:
    """`tournament list`: each saved tournament and what its organiser does next."""
    from ohhell_score.domain.tournament import champion
    from ohhell_score.views.tournament import tournament_rules

    rows, rules_said = [], []
    for name in tournament_names():
        try:
            t, res = actions.standing(name)
        except Refused as err:  # an unreadable one is named; the others still list
            complain(str(err))
            continue
        rows.append(
            {
                "name": t.name,
                "players": len(t.players),
                "rules": t.rules.preset,
                "rounds": len(t.rounds),
                "champion": champion(t, res),
                "next": _next(t, res, as_json),
            }
        )
        rules_said.append(tournament_rules(t))
    if as_json:
        say_as_json(rows)
        return
    if not rows:
        say(_("No tournaments yet: start one with `ohhell tournament new NAME PLAYER...`."))
    for row, said in zip(rows, rules_said, strict=True):
        say(
            _("{name}: {players} players; {rules}. {next}").format(
                name=row["name"], players=row["players"], rules=said, next=row["next"]
            )
        )


def _next(t: Tournament, res: Mapping[str, Result], as_json: bool) -> str:
    """What the organiser does next: in English in the JSON, the same in every language."""
    from ohhell_score.views.tournament import next_line

    if not as_json:
        return next_line(t, res)
    with english():
        return next_line(t, res)


@tournament_app.command(
    "show", help=_("Every round and table: who sits where, standings, who goes on, the champion.")
)
def show(
    name: NameArg,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("One JSON object (the scripting contract)."))
    ] = False,
) -> None:
    show_tournament(name, as_json)


def show_tournament(name: str, as_json: bool) -> None:
    """`tournament show`: every round and table, as lines or one JSON object."""
    from ohhell_score.domain.tournament import show_json

    t, res = actions.standing(name)
    if as_json:
        say_as_json(show_json(t, res))
        return
    from ohhell_score.actions.collect import taken_over
    from ohhell_score.views.tournament import show_lines

    for line in show_lines(t, res, taken_over(name)):
        say(line)


def _parse_orders(orders: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in orders:
        game, sep, names = item.partition("=")
        listed = [n.strip() for n in names.split(",")]
        if not sep or not game.strip() or not all(listed):
            raise typer.BadParameter(
                _("{item!r} is not GAME=P1,P2,... (e.g. cup-r1-t3=Ann,Bob)").format(item=item)
            )
        out[game.strip()] = listed
    return out


@tournament_app.command(
    "advance", help=_("When every table of the round is finished, seat the next round.")
)
def advance(
    name: NameArg,
    order: Annotated[
        list[str] | None,
        typer.Option(
            "--order",
            help=_("The organiser's order for a tie at that table, best first."),
            show_default=False,
            metavar="GAME=P1,P2,...",
        ),
    ] = None,
) -> None:
    seat_next_round(name, order)


def seat_next_round(name: str, order: list[str] | None) -> None:
    """`tournament advance`: the next round seated and said, or the champion."""
    changed, new_games, who = actions.advance(name, _parse_orders(order or []))
    if not new_games:
        say(_("The tournament is over. Champion: {who}.").format(who=who))
        return
    for rnd in changed.current():
        say(f"{changed.round_title(rnd)}:")
        for table in rnd.tables:
            say(f"  {table.game}: {', '.join(table.players)}")
    say(first_dealer_line())


@tournament_app.command(
    "dealer",
    help=_("Record who deals first at a table (highest card drawn), before its first bid."),
)
def dealer(
    game: Annotated[
        str,
        typer.Argument(
            help=_("The table's game id."),
            show_default=False,
            metavar="ID",
            autocompletion=complete_game,
        ),
    ],
    player: Annotated[
        str | None,
        typer.Argument(help=_("Who drew the highest card."), show_default=False, metavar="PLAYER"),
    ] = None,
    draw_cards: DrawCardsOpt = None,
    draw_ties: DrawTiesOpt = None,
) -> None:
    record_first_dealer(game, player, draw_cards, draw_ties)


def record_first_dealer(
    game: str, player: str | None, draw_cards: str | None, draw_ties: str | None
) -> None:
    """`tournament dealer`: who deals first at the table, named or drawn, recorded."""
    if (player is None) == (draw_cards is None):
        raise typer.BadParameter(_("give the PLAYER who drew the highest card, or --draw-cards"))
    changed = actions.first_dealer(game, player, draw_cards, draw_ties)
    say(
        _("{player} deals first at {game}.").format(
            player=changed.players[changed.first_dealer], game=changed.id
        )
    )


@tournament_app.command(
    "collect",
    help=_("Bring in table games scored on other laptops, in place of the tables' games here."),
)
def collect(
    name: NameArg,
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


@tournament_app.command(
    "export", help=_("The whole tournament: every round, table, standing and the champion.")
)
def export(
    name: NameArg,
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
