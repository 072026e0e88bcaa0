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
import hashlib
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ohhell_score.actions import phones
from ohhell_score.actions.board import Served, Shown, Stamp
from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import _
from ohhell_score.serve.entry import Doors, enter_code, enter_entry, read_only
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
#: An entry route's (serve/entry.py): a GET of ``/entry`` is 405 like any other method.
ENTRY_METHODS = ["POST"]
#: Every answer is of the moment: no phone shows a stale sheet from its cache.
NO_STORE = {"Cache-Control": "no-store"}


def state_line(shown: Shown) -> str:
    """The state on one line, as an event's data and /state.json's body carry it."""
    return json.dumps(shown.state, ensure_ascii=False)


def lined(shown: Shown) -> tuple[str, str]:
    """The state on one line and its version: a game's (what a phone's entry names), a
    tournament's a digest of the line."""
    line = state_line(shown)
    return line, shown.version or hashlib.sha256(line.encode()).hexdigest()[:24]


def tagged(version: str) -> dict[str, str]:
    """The headers of an answer that carries the state of ``version``."""
    return {**NO_STORE, "ETag": f'"{version}"'}


class Hub:
    """The newest state of the served files and the listeners waiting for the next."""

    def __init__(self, served: Served, max_listeners: int, poll: float) -> None:
        self.served = served
        self.max_listeners = max_listeners
        self.poll = poll
        self.listeners = 0
        self.version = 0
        self.line = ""
        self.tag = ""
        self.stamp: Stamp = ()
        self.changed = asyncio.Event()
        self.closing = asyncio.Event()

    async def start(self) -> None:
        self.stamp = await asyncio.to_thread(self.served.stamp)
        self.line, self.tag = lined(await asyncio.to_thread(self.served.read))

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
            self.line, self.tag = lined(await asyncio.to_thread(self.served.read))
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
        now, tag = lined(await asyncio.to_thread(self.served.read))  # not the last poll's
        yield f"retry: {RETRY_MS}\nid: {tag}\ndata: {now}\n\n"
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
            yield f"id: {self.tag}\ndata: {self.line}\n\n"


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
    served: Served,
    *,
    max_listeners: int = MAX_LISTENERS,
    poll: float = POLL,
    doors: Doors | None = None,
    on_seated: Callable[[dict[str, str]], None] | None = None,
) -> tuple[ASGIApp, Hub]:
    """The board of ``served``, an ASGI app for uvicorn, and its hub (which the server
    closes on the way out, so that no stream holds the server up). With ``doors`` the
    phones may enter (serve/entry.py); a tournament's tables are served at ``/t/GAME/``,
    each with a hub of its own; ``on_seated`` hears the codes of a round's tables seated
    while the board runs."""
    hub = Hub(served, max_listeners, poll)
    tables: dict[str, Hub] = {}
    watching: list[asyncio.Task[None]] = []

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        watching.append(asyncio.create_task(hub.watch()))
        if doors is not None and on_seated is not None:
            watching.append(asyncio.create_task(seating(hub, doors, on_seated)))
        try:
            yield
        finally:
            hub.close()
            for table in tables.values():
                table.close()
            await asyncio.gather(*watching)

    async def table_hub(request: Request) -> Hub:
        """The hub of the table ``/t/GAME/`` names; 404 when it is no table here."""
        game = request.path_params["game"]
        if game not in tables:
            if game not in await asyncio.to_thread(served.tables):
                raise HTTPException(404)
            tables[game] = Hub(Served(game=game), max_listeners, poll)
            await tables[game].start()
            watching.append(asyncio.create_task(tables[game].watch()))
        return tables[game]

    def page_of(game: str) -> str:
        return "/" if served.game is not None else f"/t/{game}/"

    async def draw_page(request: Request, of: Served) -> Response:
        shown = await asyncio.to_thread(of.read)
        hall = request.query_params.get("view") == "hall"
        if shown.game is not None:
            main = game_main(shown.game)
        elif shown.tournament is not None:
            main = tournament_main(*shown.tournament)
        else:
            main = error_main(shown.error or "")
        mode = doors.mode(request, of.game) if doors is not None else ""
        held = shown.game is not None and doors is not None and mode == "entered"
        html = board_page(
            of.title,
            main,
            hall=hall,
            tournament=of.tournament is not None,
            entry=mode,
            confirm=doors is not None and doors.confirm,
            held_here=held and _held_here(request, of, shown),
        )
        return HTMLResponse(html, headers=tagged(lined(shown)[1]))

    def _held_here(request: Request, of: Served, shown: Shown) -> bool:
        assert doors is not None and of.game is not None and shown.game is not None
        token = doors.token_for(request, of.game)
        waiting = phones.held_now(shown.game)
        return token is not None and waiting is not None and waiting.by == phones.phone_id(token)

    async def state_of(of: Served) -> Response:
        line, version = lined(await asyncio.to_thread(of.read))
        return Response(line, media_type="application/json", headers=tagged(version))

    async def page(request: Request) -> Response:
        return await draw_page(request, served)

    async def state(request: Request) -> Response:
        return await state_of(served)

    async def table_page(request: Request) -> Response:
        return await draw_page(request, (await table_hub(request)).served)

    async def table_state(request: Request) -> Response:
        return await state_of((await table_hub(request)).served)

    async def table_events(scope: Scope, receive: Receive, send: Send) -> None:
        table = await table_hub(Request(scope))
        await Events(table)(scope, receive, send)

    class TableEvents:  # an ASGI app, not a function: Starlette hands it the scope
        __call__ = staticmethod(table_events)

    async def code(request: Request) -> Response:
        if doors is None:
            return read_only()
        return await enter_code(request, doors, page_of)

    async def entry(request: Request) -> Response:
        if doors is None or served.game is None:
            return read_only()
        return await enter_entry(request, doors, served.game, nothing)

    async def table_entry(request: Request) -> Response:
        table = await table_hub(request)
        if doors is None or table.served.game is None:
            return read_only()
        return await enter_entry(request, doors, table.served.game, nothing)

    routes = [
        Route("/", page, methods=ROUTE_METHODS),
        Route("/state.json", state, methods=ROUTE_METHODS),
        Route("/events", Events(hub), methods=ROUTE_METHODS),
        Route("/enter", code, methods=ENTRY_METHODS),
    ]
    if served.game is not None:
        routes.append(Route("/entry", entry, methods=ENTRY_METHODS))
    else:
        routes += [
            Route("/t/{game}/", table_page, methods=ROUTE_METHODS),
            Route("/t/{game}/state.json", table_state, methods=ROUTE_METHODS),
            Route("/t/{game}/events", TableEvents(), methods=ROUTE_METHODS),
            Route("/t/{game}/entry", table_entry, methods=ENTRY_METHODS),
        ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # "/state.json/" is no path of the board: 404
    return Bounded(app, MAX_HEAD), hub


async def seating(hub: Hub, doors: Doors, on_seated: Callable[[dict[str, str]], None]) -> None:
    """A tournament's board with entry: on every change, the tables of the rounds being
    played that have no code on this board get theirs (drawn, or kept from before), and
    ``on_seated`` hears them."""
    seen = hub.version
    while not hub.closing.is_set():
        if hub.version == seen:
            changed = asyncio.ensure_future(hub.changed.wait())
            closing = asyncio.ensure_future(hub.closing.wait())
            await asyncio.wait({changed, closing}, return_when=asyncio.FIRST_COMPLETED)
            changed.cancel()
            closing.cancel()
            continue
        seen = hub.version
        try:
            playing = await asyncio.to_thread(hub.served.playing)
            new = [game for game in playing if game not in doors.codes]
            if new:
                codes = await asyncio.to_thread(phones.codes_of, new)
                doors.add(codes)
                on_seated(codes)
        except (Refused, OSError):  # the tournament unreadable a moment: said on the page
            continue


async def nothing() -> None:
    """What an entry publishes while the board learns of saves by looking."""
