"""The board's routes: ``/`` (the page), ``/state.json`` and ``/events``.

GET and HEAD only (anything else: 405), these three paths only (anything else: 404),
and nothing read from the disk but the served game or tournament: there is no static
folder, so no path, however spelled (``/../``, ``%2e%2e``, the data folder's own path),
can name a file.

One ``Hub`` per server watches the files (a stat every ``POLL`` seconds, no reading
while nothing changes) and, on a change, reads the state once and wakes every
listener, who sends the newest state: a slow or stalled phone waits on its own
connection and holds up no other, and skips states it had no time for. At most
``max_listeners`` follow ``/events`` at once; one more is answered 503.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ohhell_score.actions.board import Served, Shown, Stamp
from ohhell_score.i18n import _
from ohhell_score.views.board import board_page, error_main, game_main, tournament_main

#: Seconds between two stats of the served files: a change reaches every phone well
#: within the second the board promises.
POLL = 0.25
#: Seconds between two comment lines on a quiet stream: a phone that went away is
#: noticed, and no proxy or phone closes a stream for silence.
KEEP_ALIVE = 15.0
#: How many may follow /events at once (a table has a dozen phones; a hall a few dozen).
MAX_LISTENERS = 128
#: The browser's wait before it connects again after losing the stream, in ms.
RETRY_MS = 2000

#: The most bytes of a request's target, and of its headers, that the board reads.
MAX_HEAD = 8 * 1024

ROUTE_METHODS = ["GET", "HEAD"]
#: Every answer is of the moment: no phone shows a stale sheet from its cache.
NO_STORE = {"Cache-Control": "no-store"}


def state_line(shown: Shown) -> str:
    """The state on one line, as an event's data and /state.json's body carry it."""
    return json.dumps(shown.state, ensure_ascii=False)


class Hub:
    """The newest state of the served files and the listeners waiting for the next."""

    def __init__(self, served: Served, max_listeners: int, poll: float) -> None:
        self.served = served
        self.max_listeners = max_listeners
        self.poll = poll
        self.listeners = 0
        self.version = 0
        self.line = ""
        self.stamp: Stamp = ()
        self.changed = asyncio.Event()
        self.closing = asyncio.Event()

    async def start(self) -> None:
        self.stamp = await asyncio.to_thread(self.served.stamp)
        self.line = state_line(await asyncio.to_thread(self.served.read))

    async def watch(self) -> None:
        """Stat the files every ``poll`` seconds; on a change, read and wake everyone."""
        while not self.closing.is_set():
            with suppress(TimeoutError):
                await asyncio.wait_for(self.closing.wait(), self.poll)
            # In a thread: a stat on a network share may take its time.
            stamp = await asyncio.to_thread(self.served.stamp)
            if stamp == self.stamp:
                continue
            self.stamp = stamp
            self.line = state_line(await asyncio.to_thread(self.served.read))
            self.version += 1
            self.changed.set()
            self.changed = asyncio.Event()  # the next change wakes the next waiters

    def close(self) -> None:
        """Every stream ends (the server is stopping)."""
        self.closing.set()

    async def stream(self) -> AsyncIterator[str]:
        """The events of one listener: the state now, then after each change."""
        seen = self.version
        first: Stamp | None = await asyncio.to_thread(self.served.stamp)
        now = state_line(await asyncio.to_thread(self.served.read))  # not the last poll's
        yield f"retry: {RETRY_MS}\ndata: {now}\n\n"
        while not self.closing.is_set():
            if self.version == seen:
                woken = asyncio.ensure_future(self.changed.wait())
                closing = asyncio.ensure_future(self.closing.wait())
                done, pending = await asyncio.wait(
                    {woken, closing}, timeout=KEEP_ALIVE, return_when=asyncio.FIRST_COMPLETED
                )
                for task in pending:
                    task.cancel()
                if closing in done:
                    return
                if not done:
                    yield ": still here\n\n"
                    continue
            seen = self.version
            if self.stamp == first:
                # The poll caught up with a save this listener's first state was read
                # after: it has that state already.
                continue
            first = None
            yield f"data: {self.line}\n\n"


class Events:
    """``/events``: the stream, or 503 when ``max_listeners`` follow it already."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hub = self.hub
        headers = {**NO_STORE, "X-Accel-Buffering": "no"}
        response: Response
        if scope["method"] == "HEAD":
            response = Response(media_type="text/event-stream", headers=headers)
        elif hub.listeners >= hub.max_listeners:
            response = PlainTextResponse(_("too many listeners; try again later"), 503)
        else:
            hub.listeners += 1
            try:
                response = StreamingResponse(
                    hub.stream(), media_type="text/event-stream", headers=headers
                )
                await response(scope, receive, send)
            finally:
                hub.listeners -= 1
            return
        await response(scope, receive, send)


class Bounded:
    """An ASGI app whose requests are refused when their target or headers are longer
    than ``limit`` bytes (414, 431): h11 bounds what it buffers of a request that
    trickles in, this bounds one that comes at once."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            target = len(scope.get("raw_path", b"")) + len(scope.get("query_string", b""))
            head = sum(len(k) + len(v) for k, v in scope.get("headers", ()))
            if target > self.limit:
                await PlainTextResponse("URI Too Long", 414)(scope, receive, send)
                return
            if head > self.limit:
                await PlainTextResponse("Request Header Fields Too Large", 431)(
                    scope, receive, send
                )
                return
        await self.app(scope, receive, send)


def create_app(
    served: Served, *, max_listeners: int = MAX_LISTENERS, poll: float = POLL
) -> tuple[ASGIApp, Hub]:
    """The board of ``served``, an ASGI app for uvicorn, and its hub (which the server
    closes on the way out, so that no stream holds the server up)."""
    hub = Hub(served, max_listeners, poll)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        watching = asyncio.create_task(hub.watch())
        try:
            yield
        finally:
            hub.close()
            await watching

    def page(request: Request) -> Response:
        shown = served.read()
        hall = request.query_params.get("view") == "hall"
        if shown.game is not None:
            main = game_main(shown.game)
        elif shown.tournament is not None:
            main = tournament_main(*shown.tournament)
        else:
            main = error_main(shown.error or "")
        html = board_page(served.title, main, hall=hall, tournament=served.tournament is not None)
        return HTMLResponse(html, headers=NO_STORE)

    def state(request: Request) -> Response:
        return JSONResponse(served.read().state, headers=NO_STORE)

    routes = [
        Route("/", page, methods=ROUTE_METHODS),
        Route("/state.json", state, methods=ROUTE_METHODS),
        Route("/events", Events(hub), methods=ROUTE_METHODS),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # "/state.json/" is no path of the board: 404
    return Bounded(app, MAX_HEAD), hub
