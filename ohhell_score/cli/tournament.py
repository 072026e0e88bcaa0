"""``ohhell tournament``: the Cartier tournament (rules.md, cli-contract.md "Tournaments").

Each table is an ordinary game (``NAME-r1-t3``), played with ``bid``, ``tricks``,
``play`` and ``-g``; these commands only seat the tables and read their games.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name, which run none of its commands; so
each command imports the domain, the views and the storage it uses inside its body,
and those lines need no comment of their own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ohhell_score.cli.complete import (
    complete_game,
    complete_preset,
    complete_tournament,
    tournament_names,
)
from ohhell_score.cli.lazy import Area, area
from ohhell_score.cli.options import (
    PRESET_NAMES,
    TOURNAMENTS,
    DeckSizeOpt,
    DecksOpt,
    DrawCardsOpt,
    DrawTiesOpt,
    HandsOpt,
    HookOpt,
    ScoringOpt,
    TrumpOpt,
    read_input,
    rule_options,
)
from ohhell_score.domain.errors import Refused, TournamentExists
from ohhell_score.domain.ids import check_id
from ohhell_score.i18n import _, english, ngettext
from ohhell_score.storage import files
from ohhell_score.storage import games as game_store
from ohhell_score.views.console import complain, say, say_json

if TYPE_CHECKING:
    from ohhell_score.domain.tournament import Result, Tournament

tournament_app = Area(
    name="tournament",
    help=_("Run a Cartier tournament: tables of 4, a second round, a final."),
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
    help=_("Seat round 1 at tables of 4 and create each table's game (NAME-r1-t1, ...).")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell tournament new cartier --players-file players.txt --seed 1995\n"
        "  ohhell tournament new rehearsal A B C D E F G H --hands 2,1 --no-shuffle"
    ),
)
def new(
    ctx: typer.Context,
    name: NewNameArg,
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("The players (8 to 32; 32 for Cartier)."),
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
        typer.Option(
            "--rules",
            "-r",
            help=_("Preset: {preset_names}.").format(preset_names=", ".join(PRESET_NAMES)),
            metavar="NAME",
            autocompletion=complete_preset,  # tables play presets: no house rules
        ),
    ] = "cartier",
    hook: HookOpt = None,
    hands: HandsOpt = None,
    trump: TrumpOpt = None,
    scoring: ScoringOpt = None,
    decks: DecksOpt = None,
    deck_size: DeckSizeOpt = None,
) -> None:
    import secrets  # lazy: it imports hashlib, which `--help` does not load

    from ohhell_score.domain.tournament import TableRules, new_tournament, seated_games
    from ohhell_score.storage import tournaments as ts

    field = list(players or [])
    if players_file is not None:
        field += _read_players_file(players_file)
    if not field:
        raise typer.BadParameter(_("give the players as arguments or with --players-file"))
    table_rules = TableRules(rules, rule_options(ctx))
    drawn = seed if seed is not None else secrets.randbelow(1_000_000)
    at = game_store.now()
    t, games = new_tournament(
        name,
        field,
        table_rules,
        drawn,
        shuffle=not no_shuffle,
        losers_bracket=losers_bracket,
        at=at,
    )
    with ts.locked(name, new=True):
        if not ts.exists(name):
            ts.seat(t)
        elif ts.finish(name) and _same_draw(kept := ts.load(name), t, seed is not None):
            # this command again, after one that was killed while writing the tables
            t, games, drawn = kept, seated_games(kept), kept.seed
        else:
            raise TournamentExists(_("a tournament {name!r} exists already").format(name=name))
    game_store.set_current(games[0].id)
    how = _("in the order given") if no_shuffle else _("drawn with seed {seed}").format(seed=drawn)
    say(
        _("Tournament {name}: {players} players at {tables} tables ({how}), {rules} rules.").format(
            name=name,
            players=len(t.players),
            tables=len(games),
            how=how,
            rules=games[0].rules.preset,
        )
    )
    for game in games:
        say(f"  {game.id}: {', '.join(game.players)}")
    say(first_dealer_line())
    say(
        _("Play each table with `ohhell play -g {game}` (or bid/trump/tricks -g).").format(
            game=games[0].id
        )
    )


def first_dealer_line() -> str:
    return _(
        "The first player named at each table deals first, unless the table draws "
        "(`ohhell tournament dealer GAME PLAYER`)."
    )


def _same_draw(kept: Tournament, asked: Tournament, seeded: bool) -> bool:
    """Whether a saved tournament is the one asked for again (its seed too, if given)."""

    def key(t: Tournament) -> tuple[object, ...]:
        return (t.players, t.rules, t.shuffled, t.losers_bracket, t.seed if seeded else None)

    return key(kept) == key(asked)


@tournament_app.command(
    "list", help=_("Saved tournaments: players, rules, and what the organiser does next.")
)
def list_tournaments(
    as_json: Annotated[bool, typer.Option("--json", help=_("A JSON array."))] = False,
) -> None:
    from ohhell_score.domain.tournament import champion, results
    from ohhell_score.storage import tournaments as ts

    rows = []
    for name in tournament_names():
        try:
            t = ts.load(name)
            res = results(t, ts.read_games(t))
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
    if as_json:
        say_json(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        say(_("No tournaments yet: start one with `ohhell tournament new NAME PLAYER...`."))
    for row in rows:
        say(
            _("{name}: {players} players, {rules} rules. {next}").format(
                name=row["name"], players=row["players"], rules=row["rules"], next=row["next"]
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
    from ohhell_score.domain.tournament import results, show_json
    from ohhell_score.storage import tournaments as ts

    t = ts.load(name)
    res = results(t, ts.read_games(t))
    if as_json:
        say_json(json.dumps(show_json(t, res), ensure_ascii=False, indent=2))
        return
    from ohhell_score.views.tournament import show_lines

    for line in show_lines(t, res):
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
    from ohhell_score.domain.tournament import advance as seat_next
    from ohhell_score.domain.tournament import champion, results, seated_games
    from ohhell_score.storage import tournaments as ts

    given = _parse_orders(order or [])
    at = game_store.now()
    with ts.locked(name):
        if ts.finish(name):  # this command again, after one killed while writing the tables
            changed = ts.load(name)
            games, new_games = ts.read_games(changed), seated_games(changed)
        else:
            t = ts.load(name)
            games = ts.read_games(t)
            changed, new_games = seat_next(t, games, given, at)
            if new_games:
                ts.seat(changed)
            else:
                ts.save(changed)
    if not new_games:
        res = results(changed, games)
        say(_("The tournament is over. Champion: {who}.").format(who=champion(changed, res)))
        return
    for rnd in changed.current():
        say(f"{changed.round_title(rnd)}:")
        for table in rnd.tables:
            say(f"  {table.game}: {', '.join(table.players)}")
    say(first_dealer_line())
    game_store.set_current(new_games[0].id)


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
    from ohhell_score.domain.draw import scripted_draw, ties_by_suit
    from ohhell_score.domain.game import Progress, progress

    if (player is None) == (draw_cards is None):
        raise typer.BadParameter(_("give the PLAYER who drew the highest card, or --draw-cards"))

    def first_dealer(prog: Progress) -> Progress:
        g = prog.game
        if g.entries:
            raise Refused(
                _("game {game} has begun: the first dealer is fixed once a bid is in").format(
                    game=g.id
                )
            )
        by_suit = ties_by_suit(g.rules, draw_ties)
        if draw_cards is not None:
            who = scripted_draw(draw_cards, g.players, g.rules.deck, by_suit=by_suit)
        else:
            assert player is not None
            who = g.resolve(player)
        seat = g.players.index(who)
        return progress(g._replace(first_dealer=seat, updated=game_store.now()))

    changed = game_store.change(check_id(game), first_dealer).game
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
            help=_("Table games exported as JSON on other laptops (`ohhell export -f json`)."),
            show_default=False,
            metavar="FILE...",
        ),
    ],
) -> None:
    from ohhell_score.domain.game import Game, Progress
    from ohhell_score.domain.tournament import Table, bring, result, table_for
    from ohhell_score.storage import tournaments as ts

    with ts.locked(name):
        t = ts.load(name)
        found: dict[str, tuple[Table, Progress]] = {}
        for path in files:
            brought = ts.read_brought(path)
            table = table_for(t, brought.game)
            if table.game in found:
                raise Refused(_("two files for table {game}").format(game=table.game))
            found[table.game] = (table, brought)
        checked: dict[str, tuple[Game, Progress]] = {}

        def check(here: Mapping[str, Progress | str | None]) -> list[Game]:
            for game_id, (table, brought) in found.items():
                now = here[game_id]
                here_game = now.game if isinstance(now, Progress) else None
                # renamed after its table: the same entries, so the same progress
                checked[game_id] = (bring(t, table, here_game, brought.game), brought)
            return [game for game, _ in checked.values()]

        ts.save_brought(list(found), check)
    for game_id, (game, prog) in checked.items():
        r = result(next(x for x in t.tables() if x.game == game_id), prog)
        if r.finished:
            state = _("finished")
        else:
            state = ngettext(
                "{played} of {total} hand scored", "{played} of {total} hands scored", r.hands_total
            ).format(played=r.hands_played, total=r.hands_total)
        say(f"{game_id}: {', '.join(game.players)} ({state}).")


class Format(StrEnum):
    md = "md"
    html = "html"
    csv = "csv"
    json = "json"


@tournament_app.command(
    "export", help=_("The whole tournament: every round, table, standing and the champion.")
)
def export(
    name: NameArg,
    fmt: Annotated[Format, typer.Option("--format", "-f", help=_("md, html, csv or json."))],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help=_("Write to FILE (default: stdout)."),
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
) -> None:
    from ohhell_score.domain.tournament import results
    from ohhell_score.storage import tournaments as ts
    from ohhell_score.views.tournament import WRITERS

    t = ts.load(name)
    text = WRITERS[fmt.value](t, results(t, ts.read_games(t)))
    if output is None:
        (say_json if fmt.value == "json" else say)(text, end="")
        return
    files.write_atomic(output.resolve(), text)
    say(_("Wrote {file}.").format(file=output))
