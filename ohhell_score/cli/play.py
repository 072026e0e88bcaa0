"""Commands at the table: ``play``, ``delete``, and ``new`` when it asks its questions.

The hand loop lives in ``interactive.py``, the questions of a new game in ``guided.py``,
the terminal's side of a question in ``terminal.py``; here the commands open them, and
turn Ctrl-C, Ctrl-D and ``q`` into one line that says where to go on (``entry.py``
writes it for Ctrl-C and Ctrl-D, exit 130).

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name, which run none of its commands; so
each command imports the domain, the views, the actions and the prompt loop (which
imports rich) inside the function that does its work, and those lines need no comment
of their own.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ohhell_score.actions import saved
from ohhell_score.cli.board import (
    DEFAULT_PORT,
    READ_ONLY,
    ConfirmOpt,
    Entry,
    EntryOpt,
    LanOpt,
    PortOpt,
)
from ohhell_score.cli.complete import complete_game
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import AT_THE_TABLE, GAMES, GameOpt
from ohhell_score.domain.errors import (
    CorruptGame,
    ExitCode,
    Refused,
)
from ohhell_score.domain.ids import check_id
from ohhell_score.i18n import _, ngettext
from ohhell_score.views.console import say

if TYPE_CHECKING:  # the domain is imported by the commands that use it: start-up time
    from ohhell_score.domain.game import Progress

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()


@app.command(
    "play",
    rich_help_panel=AT_THE_TABLE,
    help=_("Play the game at the table, one prompt at a time, each answer saved.")
    + "\n\n"
    + _(
        "Asks for trump, each bid and each player's tricks in the order the "
        "rules give. Every answer is saved as it is given; `u` takes back the "
        "last one, `?` shows the keys, `q` (or Ctrl-C, Ctrl-D) leaves, and "
        "`ohhell play` goes on where it stopped. With no game saved yet, it "
        "first asks for one as `ohhell new` does. On a finished game it shows the "
        "sheet, then at a terminal offers a new game: Enter for the same players "
        "and rules, n to ask for them anew."
    )
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell play               # the current game, or a new one\n"
        "  ohhell play -g friday\n"
        "  ohhell play --board --lan # and the live board on every phone"
    ),
)
def play_cmd(
    game: GameOpt = None,
    board: Annotated[
        bool,
        typer.Option(
            "--board",
            help=_("Serve the game's live board while playing (see `ohhell board`)."),
        ),
    ] = False,
    lan: LanOpt = False,
    port: PortOpt = DEFAULT_PORT,
    entry: EntryOpt = False,
    confirm: ConfirmOpt = None,
) -> None:
    play_at_table(game, board, lan, port, Entry(entry, confirm))


def play_at_table(
    game: str | None, board: bool, lan: bool, port: int, entry: Entry = READ_ONLY
) -> None:
    """`play`: the prompts on the game, a first game asked for, or a finished one's sheet."""
    if lan and not board:
        raise typer.BadParameter(_("--lan is for the board: give --board too"))
    if entry.checked().on and not board:
        raise typer.BadParameter(_("--entry is for the board: give --board too"))
    from ohhell_score.cli.playing import Board, play_game

    served = Board(port, lan, entry) if board else None
    if game is None and not saved.any_saved():  # a first game: ask for it, then play
        from ohhell_score.cli.guided import NewGame, new_at_table

        new_at_table(NewGame(board=served))
        return
    from ohhell_score.actions.entries import load_progress

    game_id = saved.resolve(game)
    prog = load_progress(game_id)
    if prog.finished:
        from ohhell_score.cli.announce import finish
        from ohhell_score.cli.guided import play_again
        from ohhell_score.cli.terminal import new_console

        console = new_console()
        finish(console, prog)
        if can_ask():  # a script reads the sheet and ends; it is never asked
            play_again(console, prog, served)
        return
    play_game(game_id, served)


@app.command(
    rich_help_panel=AT_THE_TABLE,
    help=_('Write a note on a hand ("misdeal, redealt by Bob"): on the sheet, exports, history.')
    + "\n\n"
    + _(
        "`ohhell note 3 misdeal` notes hand 3; without a hand number the note "
        "goes to the current hand (the last one, once the game is over). A new "
        'note replaces the hand\'s note; an empty one (`ohhell note 3 ""`) clears '
        "it. `undo` leaves notes alone."
    )
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell note misdeal, redealt by Bob\n"
        '  ohhell note 3 ""          # clears hand 3\'s note'
    ),
)
def note(
    words: Annotated[
        list[str],
        typer.Argument(
            help=_('The hand (default: the current one, or the last) and the note; "" clears it.'),
            show_default=False,
            metavar="[HAND] NOTE...",
        ),
    ],
    game: GameOpt = None,
) -> None:
    from ohhell_score.actions.entries import parse_note, write_note

    hand, text = parse_note(words)
    say(write_note(game, hand, text))


@app.command(
    rich_help_panel=GAMES, help=_("Delete a saved game for good (asks first, unless --yes).")
)
def delete(
    game_id: Annotated[
        str,
        typer.Argument(metavar="ID", help=_("The game to delete."), autocompletion=complete_game),
    ],
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help=_("Do not ask first (for scripts)."))
    ] = False,
) -> None:
    delete_game(game_id, yes)


def delete_game(game_id: str, yes: bool) -> None:
    """`delete`: the game's file removed, once the scorer says so (or with ``yes``)."""
    from ohhell_score.actions.entries import load_progress

    why = ""
    try:
        prog: Progress | None = load_progress(check_id(game_id))
    except CorruptGame as damaged:  # nothing else gets rid of it: `list` would show it for ever
        prog, why = None, str(damaged)
    if not yes and not can_ask():  # a script would wait on a question nobody sees
        raise Refused(_("delete asks first, and there is no terminal to ask on: use --yes"))
    if not yes:
        question = (
            _("Delete game {id}, which cannot be read ({why})?").format(id=game_id, why=why)
            if prog is None
            else _("Delete game {id} ({players}; {where})?").format(
                id=game_id, players=", ".join(prog.game.players), where=_played(prog)
            )
        )
        try:
            sure = typer.confirm(question, default=False)
        except typer.Abort:
            sure = False
        if not sure:
            say(_("Kept."))
            raise typer.Exit(ExitCode.REFUSED)
    saved.delete(game_id)
    say(_("Deleted game {id}.").format(id=game_id))


def _played(prog: Progress) -> str:
    """How far a game is, as `delete` asks about it."""
    if prog.finished:
        from ohhell_score.views.words import finished_words

        return finished_words(prog)
    return ngettext(
        "{count} hand of {total} played",
        "{count} hands of {total} played",
        prog.hands_played,
    ).format(count=prog.hands_played, total=len(prog.hands))


def can_ask() -> bool:
    """Whether a question can be put to a person: standard input is a terminal."""
    return sys.stdin.isatty()
