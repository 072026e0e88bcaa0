"""The board's routes: ``/`` (the page), ``/state.json`` and ``/events``; on a
tournament's board also ``/p/NAME``, a player's own page, and its tables at
``/t/GAME/`` (the same three, each of its table's game); and the phones' entries,
``POST /enter`` and ``POST /entry`` (``/t/GAME/entry``), which serve/entry.py answers
(with ``--entry``; without it they are 405).

GET and HEAD only (anything else: 405), these paths only (anything else: 404),
and nothing read from the disk but the served game or tournament: there is no static
folder, so no path, however spelled (``/../``, ``%2e%2e``, the data folder's own path),
can name a file. Every route, present and future, answers 421 to a ``Host`` that names
no address the board serves on (``HostCheck``, around the whole app): a web page the
scorer visits cannot read the board by pointing a name of its own at the laptop.

One ``Hub`` per server holds the newest state of the served files, learnt of from the
system's notice of a change (``Served.notices``: inotify; a stat every ``POLL`` seconds
where there is none), or at once from ``Hub.saved()``, which a route that saves calls
before it answers. It reads the files once a change and draws them once: their
``show --json`` line (``/events``, ``/state.json``) and the page's ``<main>``
(``/events?page``, the stream the page follows: each event carries what the page
shows, so a phone fetches nothing more per save). On a change it wakes every
listener, who sends the newest: a slow or stalled phone waits on its own connection
and holds up no other, and skips states it had no time for. At most ``max_listeners``
follow at once; one more is answered 503 with a line the page shows, and tries again.
Each state carries its version (actions/phones.py: a game's, or a digest of a
tournament's line): the ``ETag`` of ``/state.json`` and of the page, and the ``id`` of
every event, which a phone's entry names.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, NamedTuple

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
from ohhell_score.actions.board import Notices, Served, Shown, Stamp
from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import _, ngettext
from ohhell_score.serve.entry import ASK_CODE, ENTERED, Doors, enter_code, enter_entry, read_only
from ohhell_score.views.board import (
    board_page,
    error_main,
    game_main,
    player_main,
    tournament_main,
)

#: Seconds between two stats of the served files where the system sends no notice of
#: a change (a network share, another system): well within the second the board
#: promises.
POLL = 0.25
#: Seconds between two stats where it does: in case a notice never came.
SAFETY = 30.0
#: Seconds between two comment lines on a quiet stream: a phone that went away is
#: noticed, and no proxy or phone closes a stream for silence.
KEEP_ALIVE = 15.0
#: How many may follow /events at once (a table has a dozen phones; a hall a few dozen).
MAX_LISTENERS = 128
#: The browser's wait before it connects again after losing the stream, in ms.
RETRY_MS = 2000
#: A stream's first line (the browser's wait, above), and a quiet stream's comment.
RETRY = f"retry: {RETRY_MS}\n".encode()
STILL_HERE = b": still here\n\n"
#: Seconds a phone turned away (the board full) is asked to wait before trying again.
RETRY_AFTER = 5

#: The most bytes of a request's target, and of its headers, that the board reads.
MAX_HEAD = 8 * 1024

ROUTE_METHODS = ["GET", "HEAD"]
#: The entry routes' (serve/entry.py): a GET of ``/entry`` is 405 like any other method.
ENTRY_METHODS = ["POST"]
#: Every answer is of the moment: no phone shows a stale sheet from its cache.
NO_STORE = {"Cache-Control": "no-store"}
#: The names of this machine on loopback, which a board served there also answers to.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


class Drawn(NamedTuple):
    """One state as it is sent: what it was read from, ``show --json``'s object on
    one line, the page's ``<main>``, and the page's event (that ``<main>`` as a JSON
    object on one line)."""

    stamp: Stamp
    line: str
    main: str
    page: str
    #: The state's version: a game's (what a phone's entry names), or a digest.
    version: str = ""
    #: The game or tournament as read, for the page.
    shown: Shown | None = None


def state_line(shown: Shown) -> str:
    """The state on one line, as an event's data and /state.json's body carry it."""
    return json.dumps(shown.state, ensure_ascii=False)


def main_html(shown: Shown, *, entry: bool = False, version: str = "") -> str:
    """The page's ``<main>`` for ``shown``: the game (with the controls of its step on
    a board that takes entries, naming the ``version`` an entry is made on), the
    tournament, or why neither can be read. The same for every phone: the page shows
    the controls to a phone that gave the code."""
    if shown.game is not None:
        lines = game_main(shown.game, entry=entry, held=held_tricks(shown), version=version)
    elif shown.tournament is not None:
        lines = tournament_main(*shown.tournament)
    else:
        lines = error_main(shown.error or "")
    return "\n".join(lines)


def held_tricks(shown: Shown) -> dict[str, int] | None:
    """The tricks held for confirmation, as the state carries them (``next.held``)."""
    nxt = shown.state.get("next")
    held = nxt.get("held") if isinstance(nxt, dict) else None
    return held if isinstance(held, dict) else None


def draw(served: Served, entry: bool) -> Drawn:
    """The files as they are now, read and drawn (in a thread: it reads the disk);
    ``entry``: the board takes entries from the phones."""
    stamp = served.stamp()
    shown = served.read()
    line = state_line(shown)
    version = shown.version or hashlib.sha256(line.encode()).hexdigest()[:24]
    main = main_html(shown, entry=entry, version=version)
    page = json.dumps({"main": main}, ensure_ascii=False)
    return Drawn(stamp, line, main, page, version, shown)


def tagged(version: str) -> dict[str, str]:
    """The headers of an answer that carries the state of ``version``."""
    return {**NO_STORE, "ETag": f'"{version}"'}


class Hub:
    """The newest state of the served files and the listeners waiting for the next."""

    def __init__(
        self,
        served: Served,
        max_listeners: int,
        poll: float,
        on_trouble: Callable[[str], None] | None = None,
        entry: bool = False,
    ) -> None:
        self.served = served
        self.entry = entry  # the page's <main> holds the entry controls
        self.max_listeners = max_listeners
        self.poll = poll
        self.on_trouble = on_trouble or (lambda kind: None)
        self.listeners = 0
        self.version = 0
        self.now = Drawn((), "", "", "")
        #: ``now``'s events (the page's, the line's) as sent: encoded once, not per phone.
        self.encoded: tuple[Drawn, bytes, bytes] = (self.now, b"", b"")
        self.changed = asyncio.Event()
        self.closing = asyncio.Event()
        self.looking = asyncio.Lock()
        self.poked = asyncio.Event()
        #: The hubs of a tournament's tables (``Tables``), closed with this one.
        self.followers: list[Hub] = []
        self.notices: Notices | None = None
        #: The files are on a folder the system sends notices of: local, quick to read.
        self.local = False

    async def start(self) -> None:
        """Before the board accepts: the watch on the files' folders first, then the
        files as they are, so that no change falls between the two."""
        self.notices = await asyncio.to_thread(self.served.notices)
        self.now = await asyncio.to_thread(draw, self.served, self.entry)

    async def look(self) -> None:
        """A stat of the files now; on a change, read and draw them once and wake
        every listener. One look at a time: phones connecting together read once."""
        async with self.looking:
            if self.local:  # a stat and a read of a local file: at once, in the loop
                stamp = self.served.stamp()
                if stamp != self.now.stamp:
                    self.publish(draw(self.served, self.entry))
                return
            # In a thread: a stat on a network share may take its time.
            stamp = await asyncio.to_thread(self.served.stamp)
            if stamp == self.now.stamp:
                return
            self.publish(await asyncio.to_thread(draw, self.served, self.entry))

    def publish(self, drawn: Drawn) -> None:
        """``drawn`` is the newest state: every listener is woken to send it."""
        self.now = drawn
        self.version += 1
        self.changed.set()
        self.changed = asyncio.Event()  # the next change wakes the next waiters

    async def saved(self) -> None:
        """Call this after a save made through this server (an entry from a phone):
        every listener has the new state when it returns, without waiting for the
        system's notice or a stat."""
        await self.look()

    def poke(self) -> None:
        """Something may have changed: look at once (the watch does)."""
        self.poked.set()

    async def watch(self) -> None:
        """Until the board stops: look when the system says a folder of the served
        files changed, or every ``poll`` seconds where it says nothing (no notices,
        or their watch was lost); and every ``SAFETY`` seconds all the same."""
        loop = asyncio.get_running_loop()
        notices = self.notices
        if notices is not None:
            folders = notices.watched()

            def heard() -> None:
                if notices.drain():
                    self.poke()
                if notices.lost or notices.watched() != folders:  # a folder went: stat
                    loop.remove_reader(notices.fileno())
                    notices.lost = True
                    self.local = False
                    self.poke()

            loop.add_reader(notices.fileno(), heard)
            self.local = True
        try:
            while not self.closing.is_set():
                polling = notices is None or notices.lost
                with suppress(TimeoutError):
                    await asyncio.wait_for(self.poked.wait(), self.poll if polling else SAFETY)
                self.poked.clear()
                if not self.closing.is_set():
                    await self.look()
        finally:
            if notices is not None:
                if not notices.lost:
                    loop.remove_reader(notices.fileno())
                notices.close()

    async def finish(self) -> None:
        """The board is stopping: one last look, so that every save made while it ran
        reaches the listeners, then every stream sends what it has not sent and ends."""
        if not self.closing.is_set():
            await self.look()
        self.close()

    def close(self) -> None:
        """Every stream ends (the server is stopping), a tournament's tables' too."""
        for follower in self.followers:
            follower.close()
        self.closing.set()
        self.changed.set()  # every waiting stream wakes, and sees the board closing
        self.poked.set()

    def event(self, page: bool) -> bytes:
        """``now`` as the event a listener is sent (``page``: the page's), encoded once
        for every listener of it: a hundred phones share one copy of the bytes."""
        drawn, page_event, line_event = self.encoded
        if drawn is not self.now:
            drawn = self.now
            page_event = f"id: {drawn.version}\ndata: {drawn.page}\n\n".encode()
            line_event = f"id: {drawn.version}\ndata: {drawn.line}\n\n".encode()
            self.encoded = (drawn, page_event, line_event)
        return page_event if page else line_event

    async def stream(self, page: bool) -> AsyncIterator[bytes]:
        """The events of one listener: the state now, then after each change, the last
        one before the board stops included; ``page``: the page's events."""
        await self.look()  # the state now, not the last poll's
        seen = self.version
        yield RETRY + self.event(page)
        while True:
            if self.version == seen:
                if self.closing.is_set():
                    return
                try:  # woken by a change or by the stop (no task of its own: cheap)
                    async with asyncio.timeout(KEEP_ALIVE):
                        await self.changed.wait()
                except TimeoutError:
                    yield STILL_HERE
                continue
            seen = self.version
            yield self.event(page)


class Events:
    """``/events`` (``?page``: the page's): the stream, or 503 when ``max_listeners``
    follow already, with a line the page shows and how long to wait."""

    def __init__(self, hub: Hub, counted: Hub | None = None) -> None:
        self.hub = hub
        #: Whose listeners they are counted with: a tournament's tables', the hall's.
        self.counted = counted or hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hub = self.counted
        headers = {**NO_STORE, "X-Accel-Buffering": "no"}
        response: Response
        if scope["method"] == "HEAD":
            response = Response(media_type="text/event-stream", headers=headers)
        elif hub.listeners >= hub.max_listeners:
            hub.on_trouble("listeners")
            response = PlainTextResponse(
                ngettext(
                    "The board is full ({count} phone follows it); trying again…",
                    "The board is full ({count} phones follow it); trying again…",
                    hub.max_listeners,
                ).format(count=hub.max_listeners),
                503,
                headers={**NO_STORE, "Retry-After": str(RETRY_AFTER)},
            )
        else:
            page = b"page" in scope.get("query_string", b"").split(b"&")
            hub.listeners += 1
            try:
                response = StreamingResponse(
                    self.hub.stream(page), media_type="text/event-stream", headers=headers
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


def served_at(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values a board listening on ``host``:``port`` answers: that address
    with the port (without it too on port 80), and on loopback the machine's own names."""
    shown = f"[{host}]" if ":" in host else host
    names = {shown.lower()}
    if host.startswith("127.") or host == "::1":
        names.update(LOOPBACK_NAMES)
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:
        hosts |= names
    return frozenset(hosts)


class HostCheck:
    """Every request whose ``Host`` names no address the board serves on (the one the
    connection came in on) is answered 421: the contract's rule, for every route."""

    def __init__(self, app: ASGIApp, on_trouble: Callable[[str], None]) -> None:
        self.app = app
        self.on_trouble = on_trouble

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = next((v for k, v in scope.get("headers", ()) if k == b"host"), b"")
            server = scope.get("server") or ("", 0)
            if host.decode("latin-1").lower() not in served_at(server[0], server[1] or 80):
                self.on_trouble("host")
                text = _("this board answers at the address it printed, not at another")
                await PlainTextResponse(text, 421)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _main_now(drawn: Drawn) -> str:
    """A tournament's ``<main>`` drawn again from the state read at its last change:
    how long since each table's entry is the time of the asking (the page asks again
    each minute), with nothing read from the disk."""
    return main_html(drawn.shown) if drawn.shown is not None else drawn.main


def player_page(hub: Hub) -> Callable[[Request], Awaitable[Response]]:
    """The route ``/p/NAME`` on a tournament's board: that player's own page, drawn
    from the state the hub read at its last change (the page asks again on each event)."""
    served = hub.served

    async def player(request: Request) -> Response:
        name = request.path_params["name"]
        if served.tournament is None:
            return PlainTextResponse("Not Found", 404)
        await hub.look()
        shown = hub.now.shown or served.read()
        main = error_main(shown.error or "")
        if shown.tournament is not None:
            hall = shown.tournament
            found = player_main(hall.tournament, hall.results, hall.games, name)
            if found is None:
                return PlainTextResponse(_("no player {name!r} here").format(name=name), 404)
            main = found
        html = board_page(f"{served.title} · {name}", main, hall=False, tournament=True)
        return HTMLResponse(html, headers=NO_STORE)

    return player


def create_app(
    served: Served,
    *,
    max_listeners: int = MAX_LISTENERS,
    poll: float = POLL,
    on_trouble: Callable[[str], None] | None = None,
    doors: Doors | None = None,
    on_seated: Callable[[dict[str, str]], None] | None = None,
) -> tuple[ASGIApp, Hub]:
    """The board of ``served``, an ASGI app for uvicorn, and its hub (which the server
    finishes on the way out, so that every save reaches the phones and no stream holds
    the server up). ``on_trouble`` hears each refusal a peer caused, by kind. With
    ``doors`` the phones may enter (serve/entry.py); ``on_seated`` hears the codes of a
    tournament's tables seated while the board runs."""
    hub = Hub(served, max_listeners, poll, on_trouble, entry=doors is not None)
    tables = Tables(hub)
    door = Entrance(hub, tables, doors)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        watching = [asyncio.create_task(hub.watch())]
        if doors is not None and on_seated is not None:
            watching.append(asyncio.create_task(seating(hub, doors, on_seated)))
        try:
            yield
        finally:
            hub.close()
            await asyncio.gather(*watching, *tables.watching)

    async def fresh(of: Hub) -> Drawn:
        await of.look()  # a stat: the state at this moment, drawn once for everyone
        return of.now

    async def draw_page(request: Request, of: Hub) -> Response:
        drawn = await fresh(of)
        hall = request.query_params.get("view") == "hall"
        tournament = of.served.tournament is not None
        main = (_main_now(drawn) if tournament else drawn.main).split("\n")
        html = board_page(
            of.served.title, main, hall=hall, tournament=tournament, **door.said(request, drawn)
        )
        return HTMLResponse(html, headers=tagged(drawn.version))

    async def state_of(of: Hub) -> Response:
        drawn = await fresh(of)
        return Response(drawn.line, media_type="application/json", headers=tagged(drawn.version))

    async def page(request: Request) -> Response:
        return await draw_page(request, hub)

    async def state(request: Request) -> Response:
        return await state_of(hub)

    async def table_page(request: Request) -> Response:
        return await draw_page(request, await tables.hub(request))

    async def table_state(request: Request) -> Response:
        return await state_of(await tables.hub(request))

    routes = [
        Route("/", page, methods=ROUTE_METHODS),
        Route("/state.json", state, methods=ROUTE_METHODS),
        Route("/events", Events(hub), methods=ROUTE_METHODS),
        Route("/p/{name:path}", player_page(hub), methods=ROUTE_METHODS),
        Route("/enter", door.code, methods=ENTRY_METHODS),
    ]
    if served.game is not None:
        routes.append(Route("/entry", door.entry, methods=ENTRY_METHODS))
    else:
        routes += [
            Route("/t/{game}/", table_page, methods=ROUTE_METHODS),
            Route("/t/{game}/state.json", table_state, methods=ROUTE_METHODS),
            Route("/t/{game}/events", TableEvents(tables), methods=ROUTE_METHODS),
            Route("/t/{game}/entry", door.table_entry, methods=ENTRY_METHODS),
        ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # "/state.json/" is no path of the board: 404
    return HostCheck(Bounded(app, MAX_HEAD), hub.on_trouble), hub


class Entrance:
    """The phones' way in on a board: ``POST /enter`` and the entry routes, answered by
    serve/entry.py with ``doors`` (``--entry``), 405 without; and what the page tells a
    phone of it."""

    def __init__(self, hub: Hub, tables: Tables, doors: Doors | None) -> None:
        self.hub = hub
        self.tables = tables
        self.doors = doors

    def page_of(self, game: str) -> str:
        """Where a code's cookie leads: the game's page, or its table's."""
        return "/" if self.hub.served.game is not None else f"/t/{game}/"

    async def code(self, request: Request) -> Response:
        if self.doors is None:
            return read_only()
        answer = await enter_code(request, self.doors, self.page_of)
        if answer.status_code in (403, 429):
            self.hub.on_trouble("code")
        return answer

    async def entry(self, request: Request) -> Response:
        game = self.hub.served.game
        if self.doors is None or game is None:
            return read_only()
        return await enter_entry(request, self.doors, game, self.hub.saved)

    async def table_entry(self, request: Request) -> Response:
        if self.doors is None:
            return read_only()
        table = await self.tables.hub(request)
        assert table.served.game is not None
        return await enter_entry(request, self.doors, table.served.game, table.saved)

    def said(self, request: Request, drawn: Drawn) -> dict[str, Any]:
        """What the page of ``drawn`` tells the phone that asks (``board_page``'s
        ``entry``, ``confirm`` and ``held_here``)."""
        doors = self.doors
        prog = drawn.shown.game if drawn.shown is not None else None
        if doors is None:
            return {}
        if prog is None:  # a tournament's own page: a table's code leads to its table
            hall = drawn.shown is not None and drawn.shown.tournament is not None
            return {"entry": ASK_CODE} if hall else {}
        token = doors.token_for(request, prog.game.id)
        waiting = phones.held_now(prog) if token is not None else None
        mine = waiting is not None and token is not None and waiting.by == phones.phone_id(token)
        return {
            "entry": ENTERED if token is not None else ASK_CODE,
            "confirm": doors.confirm,
            "held_here": mine,
        }


class Tables:
    """A tournament's tables served at ``/t/GAME/``: a hub for each table asked for
    (made when first asked, followed until the board stops), its listeners counted with
    the hall's."""

    def __init__(self, hall: Hub) -> None:
        self.hall = hall
        self.hubs: dict[str, Hub] = {}
        self.watching: list[asyncio.Task[None]] = []
        self.making = asyncio.Lock()  # one hub a table, however many phones ask at once

    async def hub(self, request: Request) -> Hub:
        """The hub of the table ``/t/GAME/`` names; 404 when it is no table here."""
        game = request.path_params["game"]
        async with self.making:
            if game not in self.hubs:
                if game not in await asyncio.to_thread(self.hall.served.tables):
                    raise HTTPException(404)
                hall = self.hall
                table = Hub(
                    Served(game=game),
                    hall.max_listeners,
                    hall.poll,
                    hall.on_trouble,
                    hall.entry,
                )
                await table.start()
                self.hubs[game] = table
                self.watching.append(asyncio.create_task(table.watch()))
                hall.followers.append(table)  # its streams end when the hall's do
        return self.hubs[game]


class TableEvents:
    """``/t/GAME/events``: that table's stream, its listeners counted with the hall's."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        table = await self.tables.hub(Request(scope))
        await Events(table, counted=self.tables.hall)(scope, receive, send)


async def seating(hub: Hub, doors: Doors, on_seated: Callable[[dict[str, str]], None]) -> None:
    """A tournament's board with entry: after every change, the tables of the rounds being
    played that have no code on this board get theirs (drawn, or kept from before), and
    ``on_seated`` hears them (``tournament advance`` seated a round)."""
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
        except (Refused, OSError):  # the tournament unreadable a moment: the page says so
            continue
