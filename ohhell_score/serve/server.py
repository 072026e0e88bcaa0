"""The board's server: uvicorn on a socket bound here, in the foreground (``ohhell
board``, until Ctrl-C) or in a daemon thread (``play --board``).

The socket is bound before uvicorn starts, so a taken port is refused with its number
and ``--port 0`` learns the port the system chose. uvicorn's h11 protocol is named (not
left to chance), with its limit on what it buffers of a request (``MAX_HEAD``: past it,
400; the app refuses a longer one that came whole, 414 or 431), and guarded
(``guarded``): a connection that has not sent a whole request within ``HEAD_TIMEOUT``
seconds of opening (or of its last answer) is closed, and past ``connections_for``
connections at once one more is answered 503, so idle or half-open connections cannot
lock the phones out. The listeners are counted by the app (``/events``), not here.

Nothing a peer does floods the scorer's terminal: uvicorn's and asyncio's log records
go to ``Trouble``, which says each kind of trouble once, in the board's words, counts
the rest and sums them up when the board stops; inside `play` it says nothing.
Loopback unless told otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import gc
import logging
import socket
import sys
import threading
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ohhell_score.actions.board import Served
from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import _
from ohhell_score.serve.app import MAX_HEAD, MAX_LISTENERS, POLL, Hub, create_app
from ohhell_score.serve.entry import Doors

LOOPBACK = "127.0.0.1"
#: Connections at once beyond two for each listener (its stream, and the page it
#: loaded, kept open a while by the phone): the scripts' and a newcomer's requests.
SPARE_CONNECTIONS = 64
#: Seconds a connection has to send a whole request, from its opening or its last answer.
HEAD_TIMEOUT = 5.0
#: Seconds a stopping server waits for answers in flight (the streams end at once).
GRACE = 2
#: The loggers whose records a peer can cause.
LOGGERS = ("uvicorn", "uvicorn.error", "asyncio")


def connections_for(max_listeners: int) -> int:
    """How many connections the board keeps at once for ``max_listeners`` phones."""
    return 2 * max_listeners + SPARE_CONNECTIONS


def trouble_words(kind: str) -> tuple[str, str]:
    """What the board says of a kind of trouble a peer caused: the line said the first
    time, and its name in the summary when the board stops."""
    words = {
        "malformed": (_("a request that is not HTTP was refused"), _("requests not HTTP")),
        "upgrade": (
            _("a WebSocket request was refused (the board sends its events over HTTP)"),
            _("WebSocket requests"),
        ),
        "host": (
            _("a request for another address than the board's was refused (421)"),
            _("requests for another address"),
        ),
        "listeners": (
            _("the board is full: one more phone was asked to try again later"),
            _("phones over the bound"),
        ),
        "connections": (
            _("too many connections at once: one more was asked to try again later"),
            _("connections over the bound"),
        ),
        "code": (
            _("a wrong entry code, or one sent from another site, was refused"),
            _("wrong entry codes"),
        ),
        "failed": (
            _("a request failed inside the board; the board goes on"),
            _("failed requests"),
        ),
    }
    other = (_("the server met a problem it did not name; the board goes on"), _("others"))
    return words.get(kind, other)


#: What uvicorn's messages (and asyncio's) are, as kinds of trouble; None: not a
#: peer's doing (the server's own news), not said.
KINDS: dict[str, str | None] = {
    "Invalid HTTP request received.": "malformed",
    "Unsupported upgrade request.": "upgrade",
    "No supported WebSocket library detected.": None,  # advice, after "upgrade"
    "Exception in ASGI application": "failed",
    "Cancel ": None,  # the stop's grace ran out on a stalled phone
}


class Trouble(logging.Handler):
    """Each kind of trouble said once on ``out`` (``board: ...``), every one counted,
    and the counts summed up on one line by ``summary`` when the board stops."""

    def __init__(self, out: Any | None) -> None:
        super().__init__(logging.WARNING)
        self.out = out
        self.counts: Counter[str] = Counter()
        self.lock_ = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        message = str(record.msg)
        kind = next((k for start, k in KINDS.items() if message.startswith(start)), "other")
        if kind is not None:
            self.note(kind)

    def note(self, kind: str) -> None:
        with self.lock_:
            self.counts[kind] += 1
            first = self.counts[kind] == 1
        if first and self.out is not None:
            self.out.write(f"board: {trouble_words(kind)[0]}\n")
            self.out.flush()

    def summary(self) -> None:
        """One line of every kind that came more than once (nothing inside `play`)."""
        if self.out is None or not any(n > 1 for n in self.counts.values()):
            return
        parts = ", ".join(f"{trouble_words(k)[1]} {n}" for k, n in sorted(self.counts.items()))
        self.out.write("board: " + _("refused while it ran: {parts}").format(parts=parts) + "\n")
        self.out.flush()


def guarded(
    max_connections: int, timeout: float, on_trouble: Callable[[str], None]
) -> type[H11Protocol]:
    """uvicorn's h11 protocol, guarded: closed when no whole request came within
    ``timeout`` seconds of the opening or the last answer (a half-open or idle
    connection), and answered 503 past ``max_connections`` connections at once."""

    class Guarded(H11Protocol):
        waiting: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            if len(self.connections) >= max_connections:
                on_trouble("connections")
                self.app = busy  # its request is read, and answered 503
            super().connection_made(transport)
            self._wait()

        def _wait(self) -> None:
            self._waited()
            self.waiting = self.loop.call_later(timeout, self._idle)

        def _waited(self) -> None:
            if self.waiting is not None:
                self.waiting.cancel()
                self.waiting = None

        def _idle(self) -> None:
            self.waiting = None
            if not self.transport.is_closing():  # a browser's spare socket too: no trouble
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # a whole request head came
                self._waited()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._wait()

        def connection_lost(self, exc: Exception | None) -> None:
            self._waited()
            super().connection_lost(exc)

    return Guarded


async def busy(scope: Any, receive: Any, send: Any) -> None:
    """The answer past the connections' bound: 503, the connection closed after it."""
    body = _("too many connections at once; try again in a moment").encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        (b"retry-after", b"5"),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class BoardServer(uvicorn.Server):
    """uvicorn's server that sends every save to the board's streams and ends them when
    it is told to stop, says when it accepts, and stops on Ctrl-C without raising it
    again."""

    def __init__(
        self,
        config: uvicorn.Config,
        hub: Hub,
        trouble: Trouble,
    ) -> None:
        super().__init__(config)
        self.hub = hub
        self.trouble = trouble
        #: Called once the board accepts (`ohhell board` prints its address then).
        self.on_ready: Callable[[], None] | None = None
        self.ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping = False
        #: Who may enter (``--entry``), with each table's code.
        self.doors: Doors | None = None
        self.exiting: asyncio.Event | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().startup(sockets)
        if self.started:
            # What is here now (the modules, the templates, the first state) lives as long
            # as the board: out of the collector's sight, a full collection no longer walks
            # it, which stalled every phone's event of a save by 20-40 ms now and then.
            gc.freeze()
            if self.on_ready is not None:
                self.on_ready()
            self.ready.set()

    async def main_loop(self) -> None:
        """uvicorn's loop wakes ten times a second to see whether it should stop; the
        board's wakes when it is told to, and once a second for the Date header: an
        idle board costs next to nothing."""
        self.exiting = asyncio.Event()
        while not await self.on_tick(0):  # tick 0: the Date header, then should_exit
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.exiting.wait(), 1.0)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        # Ctrl-C is how the board ends: exit 0, and a second one stops at once.
        if self.stopping:
            self.force_exit = True
        self.stop()

    def stop(self) -> None:
        """Stop serving (from any thread): one last look at the files, so that every
        save made while the board ran reaches the phones, then the streams end, then
        the server."""
        self.stopping = True
        loop = self.loop
        if loop is None or loop.is_closed():
            self.should_exit = True
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: stopped
            loop.call_soon_threadsafe(lambda: loop.create_task(self._finish()))

    async def _finish(self) -> None:
        try:
            await asyncio.wait_for(self.hub.finish(), GRACE)
        except TimeoutError:  # a stat stuck on a network share: stop all the same
            self.hub.close()
        finally:
            self.should_exit = True
            if self.exiting is not None:
                self.exiting.set()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: a free one), refused when taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # A board stopped a moment ago leaves its port in TIME_WAIT: start again on it.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise Refused(
                _(
                    "port {port} is taken on {host}: give another with --port (0: any free one)"
                ).format(port=port, host=host)
            ) from None
        raise Refused(
            _("cannot serve on {host} port {port}: {reason}").format(
                host=host, port=port, reason=err.strerror
            )
        ) from None
    return sock  # not inherited by any program started later: Python's default (PEP 446)


def url_of(sock: socket.socket, shown_host: str | None = None) -> str:
    """The board's address: the host it is reached at and the port it listens on."""
    host, port = sock.getsockname()[:2]
    host = shown_host or host
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def lan_address() -> str:
    """This machine's address on the local network: the one its route out would use
    (a UDP socket connected to a documentation address: nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise Refused(
            _("this machine has no address on a local network: join the Wi-Fi, or give --host")
        )
    return address


def make_server(
    served: Served,
    *,
    quiet: bool = False,
    max_listeners: int = MAX_LISTENERS,
    poll: float = POLL,
    head_timeout: float = HEAD_TIMEOUT,
    doors: Doors | None = None,
    on_seated: Callable[[dict[str, str]], None] | None = None,
) -> BoardServer:
    """The board's server, not yet started; ``quiet`` says nothing (inside `play`),
    otherwise each kind of trouble once on stderr. ``doors``: the phones may enter
    (serve/entry.py); ``on_seated`` hears the codes of a tournament's tables seated
    while it runs. What the board does once it accepts is set on it after
    (``server.on_ready``: `ohhell board` prints its address then)."""
    trouble = Trouble(None if quiet else sys.stderr)
    app, hub = create_app(
        served,
        max_listeners=max_listeners,
        poll=poll,
        on_trouble=trouble.note,
        doors=doors,
        on_seated=on_seated,
    )
    config = uvicorn.Config(
        app,
        http=guarded(connections_for(max_listeners), head_timeout, trouble.note),
        ws="none",
        lifespan="on",
        log_config=None,
        log_level="warning",
        access_log=False,
        server_header=False,
        proxy_headers=False,
        h11_max_incomplete_event_size=MAX_HEAD,
        timeout_graceful_shutdown=GRACE,
    )
    for name in LOGGERS:  # uvicorn's words never reach the terminal, only ours
        logger = logging.getLogger(name)
        for old in [h for h in logger.handlers if isinstance(h, Trouble)]:
            logger.removeHandler(old)
        logger.addHandler(trouble)
        logger.propagate = False
    server = BoardServer(config, hub, trouble)
    server.doors = doors
    return server


def serve(server: BoardServer, sock: socket.socket) -> None:
    """Serve in this thread until Ctrl-C (or ``server.stop()``)."""
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # a second Ctrl-C while stopping: stop all the same
        pass
    finally:
        sock.close()
        server.trouble.summary()


def serve_in_background(
    server: BoardServer, sock: socket.socket, wait: float = 10.0
) -> threading.Thread:
    """Serve from a daemon thread (it ends with the process); back once it accepts."""
    thread = threading.Thread(target=serve, args=(server, sock), name="board", daemon=True)
    thread.start()
    server.ready.wait(wait)
    return thread


def stop_and_wait(server: BoardServer, thread: threading.Thread) -> None:
    """Stop a board served from ``thread`` and wait until it has: every save made
    while it ran has reached the phones (``play --board`` on its way out)."""
    server.stop()
    thread.join(3 * GRACE)
