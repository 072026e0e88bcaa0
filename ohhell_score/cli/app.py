"""The ``ohhell`` command: parse, call the domain, render.

Exit status (docs/scripting.md): 0 done; 1 refused (one line on stderr, nothing on disk
changed); 2 a malformed command line. A refusal is raised (``Refused``, ``OSError``) and
worded by ``entry.py``; a malformed value (``BadValue``) becomes Typer's usage error
in the command class every command has (``lazy.OhhellCommand``). rich is imported only
by commands that draw. A command's work is an undecorated function of its module, called
with the parsed parameters, so that the mutation run reaches it (docs/mutation.md: mutmut
skips decorated functions).

Imports inside functions: every run through Typer imports this module, TAB completion
and `path` included, and runs one command at most; so each command imports what only
it uses (the actions, the domain, the views, json) inside the function that does its
work, and those lines need no comment of their own. `new` imports the play area only
when it asks its questions, as lazy.py imports every area only when named.
"""

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, ClassVar

import typer
from typer.main import get_command

from ohhell_score import __version__
from ohhell_score.actions import saved
from ohhell_score.cli.complete import complete_suit
from ohhell_score.cli.lazy import Area, LazyGroup
from ohhell_score.cli.options import (
    AT_THE_TABLE,
    DEFAULT_PRESET,
    GAMES,
    NUMBERS,
    PANELS,
    DrawCardsOpt,
    DrawTiesOpt,
    GameOpt,
    RulesOpt,
    assignments_argument,
    load_progress,
    rule_options,
    with_rule_options,
)
from ohhell_score.i18n import _
from ohhell_score.views.console import complain, say, say_as_json

if TYPE_CHECKING:  # the domain is imported by the commands that need it: start-up time
    pass

# The commands of the other areas, by their module in cli/, each holding them on its own
# Typer app (``app``). A module is imported only when one of its commands runs, or when
# help or completion lists every command: `bid` never pays for tournaments (start-up).
AREAS: dict[str, tuple[str, ...]] = {
    "safety": ("restore",),
    "export": ("export", "import", "sheet", "chart"),
    "tournament": ("tournament",),
    "rules": ("rules",),
    "stats": ("stats", "history"),
    "ratings": ("ratings",),
    "play": ("play", "note", "delete"),
    "shell": ("completions",),
    "seat": ("seat",),
    "result": ("finish", "adjust"),
    "board": ("board",),
}


class Program(LazyGroup):
    """``ohhell``: the commands of every hand, defined below, and the other areas'."""

    areas: ClassVar[Mapping[str, tuple[str, ...]]] = {
        f"{__package__}.{module}:app": names for module, names in AREAS.items()
    }
    panels = PANELS
    first = ("play", "new")


#: The end of `ohhell --help`: where the files are, and where to read on.
EPILOG = (
    "\b\n"
    + _(
        "Alone, `ohhell` says where the current game stands and what to type next.\n"
        "`ohhell COMMAND --help` explains a command, with examples."
    )
    + "\n\n\b\n"
    + _(
        "Environment:\n"
        "  OHHELL_DATA_DIR    the folder of the games (default: see `ohhell path`)\n"
        "  OHHELL_CONFIG_DIR  the folder of the house rules (`ohhell rules save`)"
    )
    + "\n"
)

app = Area(
    name="ohhell",
    epilog=EPILOG,
    no_args_is_help=False,
    invoke_without_command=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    cls=Program,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def version_callback(value: bool) -> None:
    if value:
        say(f"ohhell {__version__}")
        raise typer.Exit()


@app.callback(
    help=_("Keep the score of Oh Hell at a real card table.")
    + "\n\n"
    + _(
        "Start with `ohhell play`: it asks for the players and the rules, then "
        "for each bid and the tricks. Or start with `ohhell new Ann Bob Cat Dan "
        "--rules cartier` and enter each hand with `ohhell bid`, `ohhell trump` "
        "and `ohhell tricks`."
    )
)
def main(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=version_callback,
            is_eager=True,
            help=_("Print the version and exit."),
        ),
    ] = False,
) -> None:
    if ctx.invoked_subcommand is None:  # `ohhell` alone (the quick path answers it first)
        from ohhell_score.actions.entries import status

        say(status())


# --- new ----------------------------------------------------------------------------


@app.command(
    rich_help_panel=AT_THE_TABLE,
    help=_("Start a game. Players are listed clockwise; the new game becomes current.")
    + "\n\n"
    + _("Without players it asks for them, the preset and the first dealer, then plays.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell new                                   # asks, then plays\n"
        "  ohhell new Ann Bob Cat Dan --rules cartier --game friday\n"
        "  ohhell new Ann Bob Cat Dan Eve --rules ten-to-one --dealer Cat\n"
        "  ohhell new Ann Bob Cat --hands 7-1-7 --hook never"
    ),
)
@with_rule_options(after="game")
def new(
    ctx: typer.Context,
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("Player names, clockwise (none: asked one by one)."),
            show_default=False,
            metavar="[PLAYER...]",
        ),
    ] = None,
    rules: RulesOpt = DEFAULT_PRESET,
    dealer: Annotated[
        str | None,
        typer.Option(
            help=_("The first dealer (default: the first player)."),
            show_default=False,
            metavar="PLAYER",
        ),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help=_("The id for this game (default: made from today's date)."),
            metavar="ID",
            show_default=False,
        ),
    ] = None,
    scorer: Annotated[
        str | None, typer.Option(help=_("Who keeps the sheet."), show_default=False, metavar="NAME")
    ] = None,
    draw: Annotated[
        bool, typer.Option("--draw", help=_("Each player types the card they drew; highest deals."))
    ] = False,
    draw_cards: DrawCardsOpt = None,
    draw_ties: DrawTiesOpt = None,
) -> None:
    from ohhell_score.cli.newgame import start_game

    start_game(players, rules, dealer, game, rule_options(ctx), scorer, draw, draw_cards, draw_ties)


# --- entries ------------------------------------------------------------------------


@app.command(
    context_settings=NUMBERS,
    rich_help_panel=AT_THE_TABLE,
    help=_("Record bids of the current hand, in bidding order from the player whose turn it is.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell bid 3 2 4          # Bob, Cat and Dan, in bidding order\n"
        "  ohhell bid Ann=2          # the dealer, by name\n"
        "  ohhell bid -g friday 1 0  # another game than the current one"
    ),
)
def bid(
    bids: Annotated[list[str], assignments_argument(_("NAME=N or N, in bidding order."))],
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions.entries import parse_assignments, record_bids

    say(record_bids(game, parse_assignments(bids)))


@app.command(
    "trump",
    rich_help_panel=AT_THE_TABLE,
    help=_("Record the current hand's trump where the rules ask for it.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell trump hearts\n"
        "  ohhell trump nt           # no trump (where the rules allow it)"
    ),
)
def trump_cmd(
    suit: Annotated[
        str,
        typer.Argument(
            help=_("spades, hearts, diamonds, clubs or notrump (s h d c nt, ♠ ♥ ♦ ♣)."),
            show_default=False,
            metavar="SUIT",
            autocompletion=complete_suit,
        ),
    ],
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions.entries import parse_suit, record_trump

    say(record_trump(game, parse_suit(suit)))


@app.command(
    context_settings=NUMBERS,
    rich_help_panel=AT_THE_TABLE,
    help=_("Record every player's tricks of the current hand; the hand is scored.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell tricks Bob=3 Cat=2 Dan=5 Ann=3   # by name, in any order\n"
        "  ohhell tricks 3 2 5 3                   # in bidding order"
    ),
)
def tricks(
    values: Annotated[
        list[str], assignments_argument(_("NAME=N for every player, or N in bidding order."))
    ],
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions.entries import parse_assignments, record_tricks

    say(record_tricks(game, parse_assignments(values)))


@app.command(
    rich_help_panel=AT_THE_TABLE,
    help=_("Take back the last entry (a bid, a trump, or a hand's tricks)."),
)
def undo(game: GameOpt = None) -> None:
    from ohhell_score.actions.entries import take_back

    say(take_back(game))


class What(StrEnum):
    bids = "bids"
    tricks = "tricks"


@app.command(
    context_settings=NUMBERS,
    rich_help_panel=AT_THE_TABLE,
    help=_("Correct the bids or tricks of a scored hand; later totals follow.")
    + "\n\n"
    + "\b\n"
    + _("Example:\n  ohhell edit 3 tricks Cat=3 Dan=4"),
)
def edit(
    hand: Annotated[
        int, typer.Argument(help=_("The hand's number."), show_default=False, metavar="HAND")
    ],
    what: Annotated[
        What, typer.Argument(help=_("bids or tricks."), show_default=False, metavar="bids|tricks")
    ],
    values: Annotated[list[str], assignments_argument(_("NAME=N for each value to change."))],
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions.entries import correct, parse_assignments

    say(correct(game, hand, what.value, parse_assignments(values)))


# --- reading ------------------------------------------------------------------------


@app.command(
    rich_help_panel=AT_THE_TABLE,
    help=_("The score sheet: hands down, players across, totals and what comes next."),
)
def show(
    game: GameOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("One JSON object (the scripting contract)."))
    ] = False,
    chart: Annotated[
        bool, typer.Option("--chart", help=_("Draw the running totals under the sheet."))
    ] = False,
    scoring: Annotated[
        str | None,
        typer.Option(
            help=_("Show the game as if scored under this scheme (the game is not changed)."),
            show_default=False,
            metavar="SCHEME",
        ),
    ] = None,
) -> None:
    show_sheet(game, as_json, chart, scoring)


def show_sheet(game: str | None, as_json: bool, chart: bool, scoring: str | None) -> None:
    """`show`: the sheet (as JSON, or with the chart), as if scored under ``scoring``."""
    if as_json and chart:
        raise typer.BadParameter(_("--json is for scripts and --chart for people: give one"))
    prog = load_progress(game)
    if scoring is not None:
        from ohhell_score.domain.game import progress
        from ohhell_score.domain.stats import rescored
        from ohhell_score.views.words import scheme_words

        played = scheme_words(prog.game.rules.scoring)
        from ohhell_score.domain.rules import Scoring

        scheme = Scoring.parse(scoring)
        prog = progress(rescored(prog.game, scheme))
        if not as_json:
            say(
                _(
                    "As if scored under {scheme_words} (played under {played}); the game is "
                    "not changed."
                ).format(scheme_words=scheme_words(scheme), played=played)
            )
    if as_json:
        from ohhell_score.actions.phones import sheet_state  # with tricks a phone held

        say_as_json(sheet_state(prog))
        return
    from ohhell_score.views import plain  # not rich: the sheet is drawn between every hand

    plain.print_sheet(prog)
    if chart:
        from ohhell_score.views.chart import print_chart

        say()
        print_chart(prog)


@app.command("list", rich_help_panel=GAMES, help=_("Saved games, most recently changed first."))
def list_cmd(
    as_json: Annotated[bool, typer.Option("--json", help=_("A JSON array."))] = False,
) -> None:
    list_games(as_json)


def list_games(as_json: bool) -> None:
    """`list`: the saved games, most recently changed first, or as a JSON array."""
    listed = saved.listed()  # from the list index: no game is replayed
    if as_json:
        from ohhell_score.domain.listing import LIST_JSON_KEYS

        rows = []
        for item in listed:
            if item.error is not None:
                complain(item.error)
                continue
            rows.append({key: item.summary[key] for key in LIST_JSON_KEYS})
        say_as_json(rows)
        return
    from ohhell_score.views import plain

    plain.print_list(listed)


@app.command(
    rich_help_panel=GAMES,
    help=_("Print the data directory, or with --game the path of that game's file."),
)
def path(game: GameOpt = None) -> None:
    say(str(saved.where(game)))


def command() -> Program:
    """The program as it runs: each area imported, and its commands built, when named."""
    program = get_command(app)
    assert isinstance(program, Program)
    return program


def run() -> None:
    """Run the program; ``entry.main`` turns what it raises into exit statuses."""
    command()()
