"""Entries from the phones at the table (``board --entry``, ``play --board --entry``):
what a phone may send, the version of the game it saw, the tricks held for another
phone to confirm, and the codes that let a phone in.

One door: a phone's bids, trump, tricks and undo go through the functions `ohhell bid`,
`trump`, `tricks` and `undo` use (actions/entries.py), under the game's lock, with the
same checks and the same one-line refusals (in the table's language). What the phone
saw is checked under that lock too (``AtVersion``): of two phones pressing at once, one
is saved and the other is told the game changed (``GameChanged``), with nothing saved.

The version ``V`` of a game is a digest of its file's bytes and of the tricks held beside
it: every save, by whatever process, gives a new one, and so does holding or dropping
tricks. The board serves it as the ETag of the state and the ``id`` of each event, and
a phone sends it back with each entry.

Held tricks (``--confirm``): a phone's tricks are checked by the rules and kept beside the
game (``<id>.held``: storage/drafts.py), not entered, until another phone (or the
scorer in `play`) confirms them. They are tied to the game's entries as they were when
held: any entry made since makes them stale, and stale tricks are held no more. Who
entered them is kept as a digest of the phone's cookie, never the cookie.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ohhell_score.actions import entries
from ohhell_score.actions.table import fingerprint
from ohhell_score.domain.errors import BadValue, GameChanged, Refused, Shown
from ohhell_score.domain.game import Progress, Step, sheet_json, with_tricks
from ohhell_score.i18n import _
from ohhell_score.storage import drafts, games

if TYPE_CHECKING:
    from ohhell_score.actions.table import Guard
    from ohhell_score.domain.game import Assignment
    from ohhell_score.domain.rules import Suit

#: What a phone may ask for, one at a time, beside its ``version``.
KINDS = ("bids", "trump", "tricks", "confirm", "undo")


class Request(NamedTuple):
    """One entry from a phone: the version it saw, and what it enters (``kind``): the
    bids or tricks as ``NAME=N`` assignments, the trump's suit, or nothing (confirm,
    undo)."""

    version: str
    kind: str
    items: tuple[Assignment, ...] = ()
    suit: Suit | None = None


class Held(NamedTuple):
    """Tricks held for confirmation: every player's, in bidding order, and who entered
    them (``phone_id``)."""

    tricks: dict[str, int]
    by: str


class Snapshot(NamedTuple):
    """A game as a phone sees it at one moment: replayed, its state object (``show
    --json``'s) and its version."""

    progress: Progress
    state: dict[str, object]
    version: str


def parse_request(body: object) -> Request:
    """What a phone sent (JSON, decoded), checked for form: ``BadValue`` saying what is
    wrong (the board answers 400)."""
    if not isinstance(body, dict):
        raise BadValue(_("an entry is a JSON object"))
    unknown = [key for key in body if key != "version" and key not in KINDS]
    if unknown:
        raise BadValue(_("unknown key {key!r}").format(key=Shown(unknown[0])))
    version = body.get("version")
    if not isinstance(version, str) or not bare_version(version):
        raise BadValue(_("no version: send the version of the game the phone last saw"))
    asked = [key for key in KINDS if key in body]
    if len(asked) != 1:
        raise BadValue(_("one entry at a time: bids, trump, tricks, confirm or undo"))
    kind = asked[0]
    value = body[kind]
    if kind in ("bids", "tricks"):
        return Request(bare_version(version), kind, items=tuple(_assignments(kind, value)))
    if kind == "trump":
        if not isinstance(value, str):
            raise BadValue(_("trump is a suit's name"))
        return Request(bare_version(version), kind, suit=entries.parse_suit(value))
    if value is not True:
        raise BadValue(_("{key} is true or absent").format(key=kind))
    return Request(bare_version(version), kind)


def _assignments(kind: str, value: object) -> list[Assignment]:
    if (
        not isinstance(value, dict)
        or not value
        or not all(type(n) is int and isinstance(p, str) for p, n in value.items())
    ):
        raise BadValue(_("{key} are names with whole numbers").format(key=kind))
    return [(name, number) for name, number in value.items()]


def bare_version(text: str) -> str:
    """A version as sent: an ETag's quotes and ``W/`` taken off."""
    return text.strip().removeprefix("W/").strip('"')


def version_of(game: bytes, held: bytes) -> str:
    """The version of a game saved as ``game`` with ``held`` beside it."""
    digest = hashlib.sha256(len(game).to_bytes(8, "big") + game + held)
    return digest.hexdigest()[:24]


def current_version(game_id: str) -> str:
    """The version of the game as saved now (read under its lock, or by the way)."""
    return version_of(games.file_bytes(game_id), drafts.read_bytes(game_id, drafts.HELD))


def snapshot(game_id: str) -> Snapshot:
    """The game as saved now: replayed, as ``show --json`` has it, and its version."""
    prog, data = games.read_progress(game_id)
    held = drafts.read_bytes(game_id, drafts.HELD)
    return Snapshot(prog, state_of(prog, drafts.parse(held)), version_of(data, held))


def sheet_state(prog: Progress) -> dict[str, object]:
    """``show --json``'s object of a game read a moment ago, with its held tricks."""
    return state_of(prog, drafts.read(prog.game.id, drafts.HELD))


def state_of(prog: Progress, held: object) -> dict[str, object]:
    """``show --json``'s object: with tricks held for confirmation, ``next.held`` has
    them (player: tricks, in bidding order)."""
    state = sheet_json(prog)
    waiting = held_of(prog, held)
    nxt = state["next"]
    if waiting is not None and isinstance(nxt, dict):
        nxt["held"] = dict(waiting.tricks)
    return state


def held_of(prog: Progress, data: object) -> Held | None:
    """The tricks ``data`` (a held file's JSON) holds for the game as it is now; None
    when none are held, or they were held for entries since changed."""
    hand = prog.current
    if prog.next is None or prog.next.step is not Step.TRICKS or hand is None:
        return None
    if not isinstance(data, dict) or data.get("for") != fingerprint(prog.game):
        return None
    try:
        tricks = {str(p): int(t) for p, t in data["tricks"]}
        by = str(data["by"])
    except (KeyError, TypeError, ValueError):
        return None
    if list(tricks) != list(hand.order):
        return None
    return Held(tricks, by)


def held_path(game_id: str) -> Path:
    """Where the tricks held for ``game_id`` are kept (the board follows the file)."""
    return drafts.path(game_id, drafts.HELD)


def stamp(game_id: str) -> tuple[tuple[int, int, int] | None, ...]:
    """A look at the files a prompt of `play` is asked on: the game, the tricks held
    and the tricks typed (inode, size and time of each; None: no file)."""
    return tuple(
        file_stamp(where)
        for where in (games.game_path(game_id), held_path(game_id), drafts.path(game_id))
    )


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """What a stat says of a file: its inode, size and modification time (None: no
    file); every save replaces a file, so a changed file never keeps its stamp."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def phone_id(token: str) -> str:
    """Who a phone is, as a held file keeps it: a digest of its cookie's token."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


class AtVersion(NamedTuple):
    """An entry made on version ``version`` of the game (a phone's): checked under the
    game's lock, ``GameChanged`` when the game has moved on."""

    game_id: str
    version: str

    def check(self, now: Progress) -> None:
        if current_version(self.game_id) != self.version:
            raise GameChanged()


class Confirming(NamedTuple):
    """Held tricks being confirmed on the game as ``seen`` saw it: still held, the same."""

    seen: Guard
    held: Held

    def check(self, now: Progress) -> None:
        self.seen.check(now)
        if held_now(now) != self.held:
            raise GameChanged()


def held_now(prog: Progress) -> Held | None:
    """The tricks held for the game as saved now (``prog``, read a moment ago)."""
    return held_of(prog, drafts.read(prog.game.id, drafts.HELD))


def enter(game_id: str, request: Request, *, phone: str, confirm: bool) -> bool:
    """Make a phone's entry on game ``game_id`` (``phone``: ``phone_id`` of its cookie);
    True when tricks were held for confirmation (``confirm``), False when saved.

    Refused as the command line refuses it (``Refused``, with its line), or with
    ``GameChanged`` when the game is no longer at ``request.version``.
    """
    seen = AtVersion(game_id, request.version)
    match request.kind:
        case "bids":
            entries.enter_bids(game_id, list(request.items), seen)
        case "trump":
            assert request.suit is not None
            entries.enter_trump(game_id, request.suit, seen)
        case "tricks" if confirm:
            hold(game_id, list(request.items), seen, phone)
            return True
        case "tricks":
            entries.enter_tricks(game_id, list(request.items), seen)
        case "confirm":
            confirm_held(game_id, seen, phone)
        case _:
            undo(game_id, seen)
    return False


def hold(game_id: str, items: list[Assignment], seen: AtVersion, phone: str) -> None:
    """Hold a hand's tricks for confirmation, checked as `ohhell tricks` checks them;
    they replace any held before."""

    def draft(now: Progress) -> object:
        seen.check(now)
        hand = now.current
        assert hand is not None  # with_tricks refuses a finished game first
        tricks = with_tricks(now, items).hands[hand.number - 1].tricks
        return {"for": fingerprint(now.game), "tricks": list(tricks.items()), "by": phone}

    drafts.replace(game_id, draft, drafts.HELD)


def confirm_held(game_id: str, seen: Guard, phone: str | None) -> Progress:
    """Enter the held tricks, confirmed by another phone than the one that held them
    (``phone``), or by the scorer (None) at the prompt ``seen``."""
    now = games.load_progress(game_id)
    held = held_now(now)
    if held is None or held.by == phone:
        seen.check(now)  # a phone that saw other tricks held is told the game changed
    if held is None:
        raise Refused(_("no tricks are waiting to be confirmed"))
    if held.by == phone:
        raise Refused(_("another phone must confirm the tricks this phone entered"))
    items: list[Assignment] = list(held.tricks.items())
    return entries.enter_tricks(game_id, items, Confirming(seen, held))


def undo(game_id: str, seen: AtVersion) -> None:
    """Drop the held tricks, or when none are held take back the last entry (as `ohhell
    undo`)."""
    if held_now(games.load_progress(game_id)) is None:
        entries.enter_undo(game_id, seen)
        return

    def drop(now: Progress) -> None:
        seen.check(now)
        if held_now(now) is None:  # confirmed or made stale meanwhile
            raise GameChanged()

    drafts.replace(game_id, drop, drafts.HELD)


def codes_of(game_ids: list[str]) -> dict[str, str]:
    """The entry code of each game (drawn the first time, then kept)."""
    from ohhell_score.storage import codes  # the board's alone: `show --json` draws none

    return codes.codes_for(game_ids)
