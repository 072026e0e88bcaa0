"""``ohhell board``: the live board of a game or a tournament, served to the phones at
the table (serve/), and the start of it inside ``play --board``.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name, and `play` imports it for its
options; so uvicorn, starlette and segno (serve/) are imported only when a board is
served, inside the functions that serve it, and those lines need no comment of their own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from ohhell_score.cli.complete import complete_tournament
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import AT_THE_TABLE, GameOpt
from ohhell_score.i18n import _
from ohhell_score.views.console import say

if TYPE_CHECKING:
    import socket

    from ohhell_score.actions.board import Served
    from ohhell_score.serve.server import BoardServer

#: This area's command; cli/lazy.py builds it when it is named.
app = area()

DEFAULT_PORT = 8765

PortOpt = Annotated[
    int,
    typer.Option(
        "--port",
        help=_("The port to serve the board on (0: any free one)."),
        min=0,
        max=65535,
        metavar="N",
    ),
]
EntryOpt = Annotated[
    bool,
    typer.Option(
        "--entry",
        help=_(
            "Let the table's phones enter the bids, the trump, the tricks and an undo: "
            "prints each table's six-digit code, which a phone gives once."
        ),
    ),
]
ConfirmOpt = Annotated[
    bool | None,
    typer.Option(
        "--confirm/--no-confirm",
        help=_(
            "With --entry: hold tricks entered on a phone until another phone (or the "
            "scorer) confirms them. Default: on for a tournament's tables, off for a game."
        ),
        show_default=False,
    ),
]
LanOpt = Annotated[
    bool,
    typer.Option(
        "--lan",
        help=_(
            "Serve on this machine's address on the local network (the room's Wi-Fi), "
            "and show that address as a QR code to scan."
        ),
    ),
]


@app.command(
    rich_help_panel=AT_THE_TABLE,
    help=_("Serve a live board of the game to the phones at the table (until Ctrl-C).")
    + "\n\n"
    + _(
        "Prints `board: URL`; open that address in a browser. The page shows the hand "
        "being played, the totals, the sheet and the chart, and follows every entry "
        "within a second, whichever terminal makes it. It serves on this computer "
        "only (127.0.0.1) unless --lan or --host says otherwise; with --lan it also "
        "prints a QR code of the address for the phones. Read-only unless --entry: "
        "then the phones that give the table's code enter the bids, the trump and the "
        "tricks through the same checks as the commands."
    )
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell board --lan        # the current game, to every phone on the Wi-Fi\n"
        "  ohhell board -g friday --port 0\n"
        "  ohhell board --tournament club\n"
        "  ohhell board --lan --entry  # the phones enter the hands too"
    ),
)
def board(
    game: GameOpt = None,
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament",
            help=_(
                "Serve this tournament's board instead of a game's, for the hall: every "
                "table's hand and totals, who goes on, the bracket and the champion."
            ),
            show_default=False,
            metavar="NAME",
            autocompletion=complete_tournament,
        ),
    ] = None,
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            help=_("The address to serve on (default: 127.0.0.1, this computer only)."),
            show_default=False,
            metavar="ADDR",
        ),
    ] = None,
    port: PortOpt = DEFAULT_PORT,
    lan: LanOpt = False,
    entry: EntryOpt = False,
    confirm: ConfirmOpt = None,
) -> None:
    serve_board(game, tournament, host, port, lan, Entry(entry, confirm))


class Entry(NamedTuple):
    """``--entry`` and ``--confirm``/``--no-confirm`` (None: neither, the default)."""

    on: bool = False
    confirm: bool | None = None

    def checked(self) -> Entry:
        """``--confirm`` without ``--entry`` is a malformed command line."""
        if self.confirm is not None and not self.on:
            raise typer.BadParameter(_("--confirm and --no-confirm are for --entry: give it too"))
        return self

    def held(self, tournament: bool) -> bool:
        """Whether tricks from a phone wait for another phone's confirmation: as
        asked, else at a tournament's tables only."""
        return tournament if self.confirm is None else self.confirm


#: A board without ``--entry``.
READ_ONLY = Entry()


def serve_board(
    game: str | None,
    tournament: str | None,
    host: str | None,
    port: int,
    lan: bool,
    entry: Entry = READ_ONLY,
) -> None:
    """`board`: the board of the game or the tournament, served until Ctrl-C."""
    from ohhell_score.actions.board import served

    if game is not None and tournament is not None:
        raise typer.BadParameter(_("give --game or --tournament, not both"))
    if lan and host is not None:
        raise typer.BadParameter(_("give --lan or --host, not both"))
    entry.checked()
    what = served(game, tournament)
    server, sock, url = _prepare(what, host, port, lan, quiet=False, entry=entry)
    from ohhell_score.serve.server import serve

    server.on_ready = lambda: _announce(url, lan, code_lines(server))
    serve(server, sock)


def _prepare(
    what: Served,
    host: str | None,
    port: int,
    lan: bool,
    *,
    quiet: bool,
    entry: Entry = READ_ONLY,
) -> tuple[BoardServer, socket.socket, str]:
    """The server of ``what`` and its bound socket (a taken port refused), and its URL;
    with ``--entry`` the phones may enter, each table's code drawn (or kept) first."""
    from ohhell_score.serve.server import LOOPBACK, bind, lan_address, make_server, url_of

    doors = None
    if entry.on:
        from ohhell_score.actions.phones import codes_of
        from ohhell_score.serve.entry import Doors

        held = entry.held(what.tournament is not None)
        doors = Doors(codes_of(list(what.playing())), confirm=held)
    address = lan_address() if lan else (host or LOOPBACK)
    sock = bind(address, port)
    seated = None if what.tournament is None else say_codes
    server = make_server(what, quiet=quiet, doors=doors, on_seated=seated)
    return server, sock, url_of(sock)


def code_lines(server: BoardServer) -> list[str]:
    """The lines of the entry codes (none without ``--entry``): ``entry code: NNNNNN``
    for a game, ``entry code GAME: NNNNNN`` for each table of a tournament's rounds
    being played."""
    if server.doors is None:
        return []
    if server.hub.served.tournament is None:
        return [f"entry code: {code}" for code in server.doors.codes.values()]
    return tables_lines(server.doors.codes)


def tables_lines(codes: dict[str, str]) -> list[str]:
    return [f"entry code {game}: {code}" for game, code in codes.items()]


def say_codes(codes: dict[str, str]) -> None:
    """A round seated while the board runs: its tables' codes, at once."""
    for line in tables_lines(codes):
        say(line)
    sys.stdout.flush()


def _announce(url: str, lan: bool, codes: list[str] | None = None) -> None:
    """``board: URL`` first on stdout, the entry codes under it (``--entry``), and with
    ``--lan`` the address's QR code."""
    say(f"board: {url}")
    for line in codes or ():
        say(line)
    if lan:
        import segno

        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
        say(_("Scan the code with a phone on the same Wi-Fi, or type the address."))
    sys.stdout.flush()


class PlayBoard(NamedTuple):
    """``play --board``'s board: what prints its address again (play's ``b`` key), and
    what stops it once every save has reached the phones (play's way out)."""

    again: Callable[[], None]
    stop: Callable[[], None]


def start_for_play(game_id: str, port: int, lan: bool, entry: Entry = READ_ONLY) -> PlayBoard:
    """``play --board``: the board of ``game_id`` served from a daemon thread of this
    process, its URL printed (and QR code) before the first prompt. The thread only
    reads the game's file; the prompts never wait on it, and `play` stops it on its
    way out, after the last save has reached the phones."""
    from ohhell_score.actions.board import served
    from ohhell_score.serve.server import serve_in_background, stop_and_wait

    server, sock, url = _prepare(served(game_id, None), None, port, lan, quiet=True, entry=entry)
    thread = serve_in_background(server, sock)
    codes = code_lines(server)
    _announce(url, lan, codes)
    return PlayBoard(lambda: _announce(url, lan, codes), lambda: stop_and_wait(server, thread))
