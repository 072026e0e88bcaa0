"""Commands at the table: ``play``, ``delete``, and ``new`` when it asks its questions.

The prompt loop lives in ``interactive.py``; here the commands open it, and turn Ctrl-C,
Ctrl-D and ``q`` into one line that says where to go on (``entry.py`` writes it for
Ctrl-C and Ctrl-D, exit 130).

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name, which run none of its commands; so
each command imports the domain, the views, the actions and the prompt loop (which
imports rich) inside the function that does its work, and those lines need no comment
of their own.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from ohhell_score.actions import saved
from ohhell_score.actions.setup import announced, create_game, make_rules
from ohhell_score.cli.board import DEFAULT_PORT, LanOpt, PortOpt
from ohhell_score.cli.complete import complete_game
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import AT_THE_TABLE, DEFAULT_PRESET, GAMES, GameOpt
from ohhell_score.domain.errors import (
    CorruptGame,
    ExitCode,
    GameExists,
    Interrupted,
    Refused,
    StopScoring,
)
from ohhell_score.domain.ids import check_id
from ohhell_score.i18n import _, ngettext
from ohhell_score.views.console import say

if TYPE_CHECKING:  # the domain is imported by the commands that use it: start-up time
    from collections.abc import Callable

    from rich.console import Console

    from ohhell_score.domain.game import Progress
    from ohhell_score.domain.rules import RuleOptions, RuleSet

#: This area's commands; cli/lazy.py builds them when one of them is named.
app = area()


def _saved(game_id: str) -> str:
    """The line on leaving: everything is saved, and the command that goes on."""
    hint = "ohhell play"
    try:
        if saved.current() != game_id:
            hint += f" -g {game_id}"
    except Exception:  # the hint is a courtesy; never fail the way out over it
        hint += f" -g {game_id}"
    return _("saved; continue with `{command}`").format(command=hint)


class Board(NamedTuple):
    """``play --board``: the live board's port and whether it serves the Wi-Fi."""

    port: int = DEFAULT_PORT
    lan: bool = False


def play_game(game_id: str, board: Board | None = None) -> None:
    """The prompt loop on one game, until it is over or the scorer leaves; with
    ``board``, its live board served from a thread before the first prompt."""
    from ohhell_score.cli import interactive as play

    address_again = None
    if board is not None:
        from ohhell_score.cli.board import start_for_play

        address_again = start_for_play(game_id, board.port, board.lan)
    console = play.new_console()
    typeahead = play.Typeahead(console)
    typeahead.quiet()
    session = play.Session(game_id, console, typeahead.ask, board=address_again)
    try:
        prog = session.run()
        play.finish(console, prog)
    except StopScoring:
        say(f"\n{_saved(game_id)}")
    except (KeyboardInterrupt, EOFError):
        raise Interrupted(_saved(game_id)) from None
    finally:
        typeahead.restore()  # the terminal as it was, whatever ended the game


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
) -> None:
    play_at_table(game, board, lan, port)


def play_at_table(game: str | None, board: bool, lan: bool, port: int) -> None:
    """`play`: the prompts on the game, a first game asked for, or a finished one's sheet."""
    if lan and not board:
        raise typer.BadParameter(_("--lan is for the board: give --board too"))
    served = Board(port, lan) if board else None
    if game is None and not saved.any_saved():  # a first game: ask for it, then play
        from ohhell_score.domain.rules import RuleOptions

        new_at_table(None, DEFAULT_PRESET, None, None, RuleOptions(), None, False, board=served)
        return
    from ohhell_score.actions.entries import load_progress

    game_id = saved.resolve(game)
    prog = load_progress(game_id)
    if prog.finished:
        from ohhell_score.cli import interactive as play

        console = play.new_console()
        play.finish(console, prog)
        if can_ask():  # a script reads the sheet and ends; it is never asked
            play_again(console, prog, served)
        return
    play_game(game_id, served)


def play_again(console: Console, prog: Progress, board: Board | None) -> None:
    """After a finished game's sheet: a new game with the players seated at its end and
    its rules (Enter), or the guided set-up (n); ``q``, Ctrl-C and Ctrl-D leave, and
    nothing is made."""
    from ohhell_score.cli import interactive as play
    from ohhell_score.domain.rules import RuleOptions

    ask = play.console_ask(console)
    same: Progress | None
    question = _("A new game, same players and rules? (Enter: yes; n: ask anew; q: leave): ")
    while True:
        try:
            answer = ask(question).strip().lower()
        except (EOFError, KeyboardInterrupt):
            raise Interrupted(_("no game created")) from None
        if answer in ("", "y", "yes", _("y"), _("yes")):
            same = prog
            break
        if answer in ("n", "no", _("n"), _("no")):
            same = None
            break
        if answer == "q":
            say(_("no game created"))
            return
        console.print(play.REFUSED + _("type Enter, n or q"), style="bold")
    options = RuleOptions()
    new_at_table(None, DEFAULT_PRESET, None, None, options, None, False, board=board, same=same)


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
        return _("finished")
    return ngettext(
        "{count} hand of {total} played",
        "{count} hands of {total} played",
        prog.hands_played,
    ).format(count=prog.hands_played, total=len(prog.hands))


def can_ask() -> bool:
    """Whether a question can be put to a person: standard input is a terminal."""
    return sys.stdin.isatty()


def new_at_table(
    players: list[str] | None,
    preset_name: str,
    dealer: str | None,
    game_id: str | None,
    options: RuleOptions,
    scorer: str | None,
    draw: bool,
    draw_ties: str | None = None,
    board: Board | None = None,
    same: Progress | None = None,
) -> None:
    """``ohhell new`` that asks: the players, the preset and the first dealer (or, with
    ``--draw``, each player's drawn card). Without players on the command line the
    game is played at once; so is one with the players and rules of the finished game
    ``same``, which asks only for the first dealer, the next seat's at Enter (`play`
    after a finished game)."""
    from ohhell_score.actions.setup import saved_house_rules
    from ohhell_score.cli import interactive as play
    from ohhell_score.domain.draw import chosen_ties, ties_by_suit
    from ohhell_score.domain.game import Game, check_players, next_first_dealer, progress
    from ohhell_score.views.words import next_words

    if draw and dealer is not None:
        raise typer.BadParameter(_("give --dealer or --draw, not both"))
    chosen_ties(draw_ties)  # a --draw-ties that is not a way is malformed before the questions
    if game_id is not None and saved.exists(game_id):
        # Before the questions, not after them.
        raise GameExists(
            _("a game {game_id!r} exists already; choose another --game id").format(game_id=game_id)
        )
    names: tuple[str, ...] | None = None
    rule_set: RuleSet | None = None
    enter = 0  # the first dealer at Enter
    if same is not None:
        names, rule_set = same.players, same.game.rules
        enter = next_first_dealer(same)
        rule_set.check_fits(len(names))  # a seat change may have changed the table
    elif players:
        names = check_players(players)
        rule_set = make_rules(preset_name, len(names), options)
    console = play.new_console()
    console_ask = play.console_ask(console)
    answered: list[str] = []

    def ask(prompt: str) -> str:
        answer = console_ask(prompt)
        answered.append(answer)
        return answer

    def ask_setup(prompt: str) -> str:
        """``ask``, where ``q`` leaves, as at every prompt of `play` (the README's word):
        never a player called q, never "not a preset"."""
        answer = ask(prompt)
        if answer.strip().lower() == "q":
            raise StopScoring()
        return answer

    try:
        if names is None or rule_set is None:
            names, rule_set = play.ask_new_game(
                console,
                ask_setup,
                preset_name,
                lambda name, n, changes: make_rules(name, n, changes.over(options)),
                saved_house_rules(),
            )
        by_suit = ties_by_suit(rule_set, draw_ties)
        if draw:
            first = play.draw_dealer(console, ask_setup, names, rule_set, by_suit)
        elif dealer is not None:
            first = names.index(Game("x", names, rule_set).resolve(dealer))
        else:
            first = play.ask_dealer(console, ask_setup, names, rule_set, by_suit, enter)
    except StopScoring:
        say(_("no game created"))
        raise typer.Exit(ExitCode.OK) from None
    except EOFError:
        if not answered and not sys.stdin.isatty():
            # A script that gave no players and nothing to read: a missing argument.
            raise typer.BadParameter(
                _("no players given: `ohhell new PLAYER...` (at a terminal it asks for them)")
            ) from None
        raise Interrupted(_("no game created")) from None
    except KeyboardInterrupt:
        raise Interrupted(_("no game created")) from None
    created = create_game(game_id, names, rule_set, first, scorer)
    say(announced(created))
    if not players or offer_play(console, ask):
        play_game(created.id, board)  # the header of hand 1 says what comes next
    else:
        say(next_words(progress(created)))


def offer_play(console: Console, ask: Callable[[str], str]) -> bool:
    """After `new PLAYER... --draw` at a terminal: go on to `play`? (Enter: yes). A
    script's `--draw` (stdin not a terminal) ends as `new` does, with what comes next."""
    if not (sys.stdin.isatty() and console.is_terminal):
        return False
    try:
        answer = ask(_("Play it now? (Enter: yes; n: no, later with `ohhell play`): "))
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() not in ("n", "no", "q")
