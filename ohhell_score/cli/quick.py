"""The commands typed between every trick, answered without importing Typer.

Importing Typer (and the click inside it) takes longer than everything `ohhell bid`
does after it: 50 to 100 ms on a shared laptop core, against 5 to 10 for loading the
game, checking the bid, saving it safely and answering. At a table the scorer types
`bid`, `trump`, `tricks` and `show` between every trick, so ``entry.main`` hands the
command line here first. The plain forms of those commands, and of `undo` and
`--version`, are read here and run through the same functions the Typer commands call
(actions/entries.py): the same answers, refusals and exit 1.

Anything else goes to Typer untouched, before anything is done: every other command,
any option but ``-g/--game ID``, ``--help``, a value that starts with ``-``, a bid
that is not N or NAME=N, a suit that is not known, shell completion. Typer answers
those as always, usage errors and exit 2 included. tests/test_quick.py runs random
command lines both ways and checks that they answer alike and leave the same files.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from ohhell_score import __version__
from ohhell_score.domain.errors import BadValue, ExitCode
from ohhell_score.views.console import say

#: The options the quick path reads; any other is Typer's.
GAME_OPTIONS = ("-g", "--game")


def answer(args: list[str]) -> int | None:
    """Run ``args`` (the command line after ``ohhell``) if it is one of the quick forms
    and return the exit status; None when Typer should read it (nothing was done)."""
    if os.name != "posix" or "_OHHELL_COMPLETE" in os.environ:
        return None  # Windows: click expands wildcards itself. Completion: click's.
    if not args:  # `ohhell` alone: where the game is and what to type next
        from ohhell_score.actions.entries import status  # lazy: as in _command

        say(status())
        return ExitCode.OK
    if args == ["--version"]:
        say(f"ohhell {__version__}")
        return ExitCode.OK
    read = _read(args[1:])
    if read is None:
        return None
    game, values = read
    try:
        run = _command(args[0], game, values)
        if run is None:
            return None
        text = run()  # a refusal (Refused, OSError) is entry.py's to word: exit 1
    except BadValue:
        return None  # a value Typer calls malformed (exit 2): nothing was changed
    say(text)  # a reader that went away (``| head``) is entry.py's too
    return ExitCode.OK


def _read(args: list[str]) -> tuple[str | None, list[str]] | None:
    """``-g ID`` (or ``--game ID``, ``--game=ID``) at most once, anywhere, and the
    arguments; None for anything else on the line."""
    game: str | None = None
    values: list[str] = []
    rest = iter(args)
    for arg in rest:
        if arg in GAME_OPTIONS or arg.startswith("--game="):
            value = arg.removeprefix("--game=") if "=" in arg else next(rest, "")
            if game is not None or not value or value.startswith("-"):
                return None
            game = value
        elif not arg or arg.startswith("-"):
            return None
        else:
            values.append(arg)
    return game, values


def _command(name: str, game: str | None, values: list[str]) -> Callable[[], str] | None:
    """What ``ohhell NAME`` does with these arguments, if it is a quick form."""
    from ohhell_score.actions import entries as commands  # lazy: `--version` needs no game

    if name in ("bid", "tricks") and values and _numbers(values):
        items = commands.parse_assignments(values)
        if name == "bid":
            return lambda: commands.record_bids(game, items)
        return lambda: commands.record_tricks(game, items)
    if name == "trump" and len(values) == 1:
        return lambda: commands.record_trump(game, commands.parse_suit(values[0]))
    if name == "undo" and not values:
        return lambda: commands.take_back(game)
    if name == "show" and not values:
        return lambda: _sheet(game)
    return None


def _numbers(values: list[str]) -> bool:
    """Every value is N or NAME=N, N in ASCII digits (the rest is left to Typer)."""
    for value in values:
        name, sep, number = value.rpartition("=")
        if not (number.isascii() and number.isdigit()) or (sep and not name.strip()):
            return False
    return True


def _sheet(game: str | None) -> str:
    from ohhell_score.actions.entries import load_progress  # lazy: as in _command

    prog = load_progress(game)
    from ohhell_score.views import plain  # lazy: only `show` draws, once its game is read

    return plain.sheet_text(prog, sys.stdout)
