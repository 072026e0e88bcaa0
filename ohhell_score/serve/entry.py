"""The phones' entries (``board --entry``): the code that lets a phone in, the cookie
it gets, and the entry route, every answer as the scripting contract fixes it
(docs/scripting.md, "Entry from the phones"; the security model in docs/board.md).

- ``POST /enter`` takes a code (the form field ``code``, or JSON ``{"code": ...}``): the
  right one answers 303 to its game's page with the cookie ``ohhell_entry`` (HttpOnly,
  SameSite=Strict, a random token of 256 bits, known to this server alone: a board
  started again asks for the code again); a wrong one 403, and too many wrong ones 429
  (``Limiter``).
- ``POST /entry`` (a tournament's table: ``/t/GAME/entry``): JSON of at most 16 KiB,
  with the cookie of that game, from the board's own page or no page at all (an
  ``Origin`` of another site: 403). The entry itself is actions/phones.py's, in a
  thread (it takes the game's lock and writes the disk): 200 saved, 202 held, 409 the
  game changed since the phone looked, 422 refused by the rules.

The ``Host`` of every request is checked around the whole app (``HostCheck``, 421)
before any of this runs. What a phone may see of the page (whether the board takes
entries, and whether this phone is in) is serve/app.py's ``Entrance.said``.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ohhell_score.actions import phones
from ohhell_score.domain.errors import BadValue, GameChanged, Refused
from ohhell_score.i18n import _

COOKIE = "ohhell_entry"
#: The most bytes of an entry's (or a code's) body the board reads: an entry is tens.
MAX_BODY = 16 * 1024
#: Wrong codes are counted over this many seconds, and a client turned away for as long.
WINDOW = 60.0
#: Wrong codes from one address (and from all) within ``WINDOW`` that close the door.
PER_ADDRESS, OVERALL = 5, 50
#: The most cookies a board remembers (the oldest given is forgotten first), and the
#: most addresses whose wrong codes it counts: a flood costs a bounded memory.
MAX_TOKENS = MAX_ADDRESSES = 4096

#: What a phone may do on the page (``Entrance.said``): the board is read-only; it takes
#: entries and this phone has not given its code; this phone may enter.
READ_ONLY, ASK_CODE, ENTERED = "", "code", "entered"


class Limiter:
    """Wrong codes counted per client address and in all: after ``PER_ADDRESS`` from
    one address within ``WINDOW`` seconds, that address is turned away for ``WINDOW``
    seconds from the last of them; after ``OVERALL`` in all, every address is."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.wrong_from: OrderedDict[str, deque[float]] = OrderedDict()
        self.wrong_all: deque[float] = deque()
        self.closed_to: dict[str, float] = {}
        self.closed_until = 0.0

    def wait(self, address: str) -> float:
        """Seconds ``address`` is still turned away (0: it may try a code)."""
        now = self.clock()
        left = max(self.closed_until, self.closed_to.get(address, 0.0)) - now
        if address in self.closed_to and left <= 0:
            del self.closed_to[address]
        return max(left, 0.0)

    def wrong(self, address: str) -> None:
        """A wrong code from ``address``."""
        now = self.clock()
        recent = self.wrong_from.pop(address, deque())
        self.wrong_from[address] = recent  # the most recent last: the oldest go first
        for times in (recent, self.wrong_all):
            times.append(now)
            while times and times[0] <= now - WINDOW:
                times.popleft()
        if len(recent) >= PER_ADDRESS:
            self.closed_to[address] = now + WINDOW
        if len(self.wrong_all) >= OVERALL:
            self.closed_until = now + WINDOW
        while len(self.wrong_from) > MAX_ADDRESSES:
            self.wrong_from.popitem(last=False)
        if len(self.closed_to) > MAX_ADDRESSES:
            self.closed_to = {a: t for a, t in self.closed_to.items() if t > now}


class Doors:
    """Who may enter which game on this board: each game's code, and the cookies this
    server gave (a token, by the game it lets in)."""

    def __init__(self, codes: dict[str, str], *, confirm: bool) -> None:
        self.codes = dict(codes)
        self.confirm = confirm
        self.tokens: OrderedDict[str, str] = OrderedDict()
        self.limiter = Limiter()

    def add(self, codes: dict[str, str]) -> None:
        """More games' codes (a tournament's round seated while the board runs)."""
        self.codes.update(codes)

    def game_of_code(self, code: str) -> str | None:
        """The game whose code is ``code``; each code is compared in the same time."""
        found = None
        for game, right in self.codes.items():
            if hmac.compare_digest(code.encode(), right.encode()):
                found = game
        return found

    def admit(self, game: str) -> str:
        """A new cookie's token, letting its phone enter ``game``."""
        token = secrets.token_urlsafe(32)
        self.tokens[token] = game
        while len(self.tokens) > MAX_TOKENS:
            self.tokens.popitem(last=False)
        return token

    def token_for(self, request: Request, game: str) -> str | None:
        """The request's token if this server gave it for ``game``."""
        token = request.cookies.get(COOKIE, "")
        return token if token and self.tokens.get(token) == game else None


def error(status: int, why: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": why, **more}, status, headers={"Cache-Control": "no-store"})


def with_state(status: int, snap: phones.Snapshot, **more: Any) -> JSONResponse:
    """An answer that carries the state now, with its version as the ETag."""
    headers = {"Cache-Control": "no-store", "ETag": f'"{snap.version}"'}
    return JSONResponse({**more, "state": snap.state}, status, headers=headers)


def foreign_origin(request: Request) -> bool:
    """Whether the request comes from a page of another site than the board (a browser
    says so in ``Origin``; a request of no page, ``curl``, sends none)."""
    origin = request.headers.get("origin")
    return origin is not None and origin != f"http://{request.headers.get('host', '')}"


async def body_of(request: Request) -> bytes | None:
    """The request's body, or None when it is over ``MAX_BODY`` (read no further)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return None
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            return None
    return bytes(data)


def too_large() -> JSONResponse:
    return error(413, _("an entry is at most {kib} KiB").format(kib=MAX_BODY // 1024))


def is_json(request: Request) -> bool:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return kind == "application/json"


async def enter_code(request: Request, doors: Doors, page_of: Callable[[str], str]) -> Response:
    """``POST /enter``: a code in, a cookie out (303 to ``page_of(game)``)."""
    address = request.client.host if request.client else ""
    wait = doors.limiter.wait(address)
    if wait:
        response = error(429, _("too many wrong codes: try again in a minute"))
        response.headers["Retry-After"] = str(max(1, round(wait)))
        return response
    if foreign_origin(request):
        return error(403, _("a code is given on the board's own page"))
    data = await body_of(request)
    if data is None:
        return too_large()
    code = _code_in(data, is_json(request))
    game = doors.game_of_code(code) if code else None
    if game is None:
        doors.limiter.wrong(address)
        return error(403, _("that is not the code of a table on this board"))
    admitted = Response(status_code=303, headers={"Location": page_of(game)})
    admitted.set_cookie(
        COOKIE,
        doors.admit(game),
        path=page_of(game),
        httponly=True,
        samesite="strict",
    )
    return admitted


def _code_in(data: bytes, as_json: bool) -> str:
    """The code a body holds (a JSON object's ``code``, or the form field); "" when it
    holds none."""
    try:
        if as_json:
            value = json.loads(data).get("code")
        else:
            value = parse_qs(data.decode("utf-8"), max_num_fields=4).get("code", [""])[0]
    except (ValueError, AttributeError, RecursionError):
        return ""
    return value.strip() if isinstance(value, str) and len(value) < 64 else ""


async def enter_entry(
    request: Request, doors: Doors, game: str, publish: Callable[[], Awaitable[None]]
) -> Response:
    """``POST /entry``: one entry of the phone whose cookie lets it in on ``game``."""
    if foreign_origin(request):
        return error(403, _("entries are made on the board's own page"))
    token = doors.token_for(request, game)
    if token is None:
        return error(401, _("give the table's code first (Enter)"))
    data = await body_of(request)
    if data is None:
        return too_large()
    if not is_json(request):
        return error(400, _("an entry is sent as JSON (Content-Type: application/json)"))
    try:
        asked = phones.parse_request(json.loads(data))
    except (ValueError, RecursionError) as err:  # BadValue is a ValueError too
        why = str(err) if isinstance(err, BadValue) else _("an entry is a JSON object")
        return error(400, why)
    phone = phones.phone_id(token)
    try:
        held = await asyncio.to_thread(
            phones.enter, game, asked, phone=phone, confirm=doors.confirm
        )
    except GameChanged as err:
        return with_state(409, await asyncio.to_thread(phones.snapshot, game), error=str(err))
    except Refused as err:
        return error(422, str(err))
    except OSError as err:
        return error(422, err.strerror or str(err))
    await publish()
    snap = await asyncio.to_thread(phones.snapshot, game)
    if held:
        return with_state(202, snap, waiting="confirm")
    return with_state(200, snap)


def read_only() -> JSONResponse:
    """An entry route of a board without ``--entry``."""
    return error(405, _("this board is read-only: start it with --entry"))
