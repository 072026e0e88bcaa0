"""``play`` on one game: the hand loop opened on the terminal, the live board served
beside it (``--board``), and the way out said: everything is saved, and the command
that goes on.
"""

from __future__ import annotations

from typing import NamedTuple

from ohhell_score.actions import phones, saved
from ohhell_score.cli import terminal
from ohhell_score.cli.announce import finish
from ohhell_score.cli.board import DEFAULT_PORT, READ_ONLY, Entry, start_for_play
from ohhell_score.cli.interactive import Session
from ohhell_score.cli.waking import Waker
from ohhell_score.domain.errors import Interrupted, StopScoring
from ohhell_score.i18n import _
from ohhell_score.views.console import say


def saved_line(game_id: str) -> str:
    """The line on leaving: everything is saved, and the command that goes on."""
    hint = "ohhell play"
    try:
        if saved.current() != game_id:
            hint += f" -g {game_id}"
    except Exception:  # the hint is a courtesy; never fail the way out over it
        hint += f" -g {game_id}"
    return _("saved; continue with `{command}`").format(command=hint)


class Board(NamedTuple):
    """``play --board``: the live board's port, whether it serves the Wi-Fi, and whether
    the phones may enter (``--entry``)."""

    port: int = DEFAULT_PORT
    lan: bool = False
    entry: Entry = READ_ONLY


def play_game(game_id: str, board: Board | None = None) -> None:
    """The prompt loop on one game, until it is over or the scorer leaves; with
    ``board``, its live board served from a thread before the first prompt."""
    served = None
    if board is not None:
        served = start_for_play(game_id, board.port, board.lan, board.entry)
    console = terminal.new_console()
    typeahead = terminal.Typeahead(console)
    typeahead.quiet()
    waker = None
    if board is not None and board.entry.on:  # a phone's entry wakes the prompt
        waker = Waker(lambda: phones.stamp(game_id))
        waker.start()
    again = served.again if served else None
    session = Session(game_id, console, typeahead.ask, board=again, waker=waker)
    try:
        prog = session.run()
        finish(console, prog)
    except StopScoring:
        say(f"\n{saved_line(game_id)}")
    except (KeyboardInterrupt, EOFError):
        raise Interrupted(saved_line(game_id)) from None
    finally:
        if waker is not None:
            waker.stop()
        typeahead.restore()  # the terminal as it was, whatever ended the game
        if served is not None:
            served.stop()  # after the last save has reached the phones
