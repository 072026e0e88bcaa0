"""The board's server: uvicorn on a socket bound here, in the foreground (``ohhell
board``, until Ctrl-C) or in a daemon thread (``play --board``).

The socket is bound before uvicorn starts, so a taken port is refused with its number
and ``--port 0`` learns the port the system chose. uvicorn's h11 protocol is named (not
left to chance), with its limit on what it buffers of a request (``MAX_HEAD``: past it,
400; the app refuses a longer one that came whole, 414 or 431); past the listeners and
``SPARE_CONNECTIONS`` more, 503. Loopback unless told otherwise.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import threading
from collections.abc import Callable
from types import FrameType

import uvicorn

from ohhell_score.actions.board import Served
from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import _
from ohhell_score.serve.app import MAX_HEAD, MAX_LISTENERS, POLL, Hub, create_app

LOOPBACK = "127.0.0.1"
#: Connections beyond the listeners' for the page and /state.json.
SPARE_CONNECTIONS = 32
#: Seconds a stopping server waits for answers in flight (the streams end at once).
GRACE = 2


class BoardServer(uvicorn.Server):
    """uvicorn's server that ends the board's streams when it is told to stop, says
    when it accepts, and stops on Ctrl-C without raising it again."""

    def __init__(
        self, config: uvicorn.Config, hub: Hub, on_ready: Callable[[], None] | None = None
    ) -> None:
        super().__init__(config)
        self.hub = hub
        self.on_ready = on_ready
        self.ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().startup(sockets)
        if self.started:
            if self.on_ready is not None:
                self.on_ready()
            self.ready.set()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()  # Ctrl-C is how the board ends: exit 0
        self.stop()

    def stop(self) -> None:
        """Stop serving (from any thread): the streams end, then the server."""
        self.should_exit = True
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.hub.close)


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
    sock.set_inheritable(False)
    return sock


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
    on_ready: Callable[[], None] | None = None,
    max_listeners: int = MAX_LISTENERS,
    poll: float = POLL,
) -> BoardServer:
    """The board's server, not yet started; ``quiet`` logs nothing (inside `play`)."""
    app, hub = create_app(served, max_listeners=max_listeners, poll=poll)
    config = uvicorn.Config(
        app,
        http="h11",
        ws="none",
        lifespan="on",
        log_config=None,
        log_level="critical" if quiet else "warning",
        access_log=False,
        server_header=False,
        limit_concurrency=max_listeners + SPARE_CONNECTIONS,
        h11_max_incomplete_event_size=MAX_HEAD,
        timeout_graceful_shutdown=GRACE,
    )
    if quiet:  # a word on stderr in the middle of a prompt would garble it
        logging.getLogger("uvicorn.error").addHandler(logging.NullHandler())
        logging.getLogger("uvicorn.error").propagate = False
    return BoardServer(config, hub, on_ready)


def serve(server: BoardServer, sock: socket.socket) -> None:
    """Serve in this thread until Ctrl-C (or ``server.stop()``)."""
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # a second Ctrl-C while stopping: stop all the same
        pass
    finally:
        sock.close()


def serve_in_background(
    server: BoardServer, sock: socket.socket, wait: float = 10.0
) -> threading.Thread:
    """Serve from a daemon thread (it ends with the process); back once it accepts."""
    thread = threading.Thread(target=serve, args=(server, sock), name="board", daemon=True)
    thread.start()
    server.ready.wait(wait)
    return thread
