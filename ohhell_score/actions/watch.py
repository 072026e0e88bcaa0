"""`tournament collect NAME --watch FOLDER...`: follow the folders a sync tool (a
table's send-only Syncthing folder) or a network share fills, and collect each copy of
a table's game that may be newer than the one here, with collect's own checks
(``actions.collect.collect_newer``).

It polls: every ``INTERVAL`` seconds it lists the folders, down to ``DEPTH`` levels,
and stats each ``*.json`` name; a file is read only when its stat changed since it was
last judged, so thousands of other files cost a listing and nothing is read twice.
Polling works on every share, where change notifications do not. The stat only says
that a file may have changed: which copy is newer is judged by the entries
(``tournament.newer``), never by times, which come from other machines' clocks.

Never read: hidden names and a sync tool's temporary ones (any name starting with
``.`` or ``~``: Syncthing's ``.syncthing.*.tmp`` and ``~syncthing~*.tmp``). A conflict
copy (``*.sync-conflict-*``) is named, never collected. A file replaced while it is
read is read again once it holds still; a file that cannot be read is judged only when
it has not changed for one round (a copy still being written is not refused); a folder
that disappears is empty until it comes back. A copy belongs to a table by its id
(``collect.collect_newer``), of any round; a broken file or a conflict copy of any
table is named, the tournament over or not.

A copy that cannot be saved here (a full disk, a folder made read-only) is named, once
while the reason stays the same, and tried again at every look until it is saved: the
watch never stops for it. Under ``--once`` it counts as refused.

It says once what it follows, then a line when a table's copy changes the hands scored
(a bid alone is collected without a word; ``--once`` says every copy it collects), and
once for each table taken over on this laptop (``collect.taken_over``: an entry made on
the organiser's copy since it was collected), whose copies are then refused unless they
hold it.

Ctrl-C stops it once the look under way is done (a second Ctrl-C at once), so what it
collected it has said. A kill at any moment is safe: nothing is kept but the tables'
games, each collected with one atomic save (``storage.games.save``), so the next run
finds the copy here up to date and collects nothing twice, or half.
"""

from __future__ import annotations

import os
import signal
import stat
import time
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import NamedTuple

from ohhell_score.actions.collect import Outcome, collect_newer, table_ids, taken_over
from ohhell_score.domain.errors import ExitCode, Refused
from ohhell_score.domain.game import Progress
from ohhell_score.i18n import _, ngettext
from ohhell_score.storage import games
from ohhell_score.storage import tournaments as ts
from ohhell_score.views.tournament import collected_line

#: Seconds between two looks at the folders.
INTERVAL = 0.5
#: How far below each folder games are looked for: a table's data folder, or a folder
#: of tables' folders, with room for one more level.
DEPTH = 2
#: Syncthing names a conflict copy ``BASE.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT``.
CONFLICT = ".sync-conflict-"
#: Under ``--once``, how many times a file that changes while it is read is read again.
ONCE_TRIES = 5

#: What the disk says of a file, compared only with itself: it may have changed.
Stamp = tuple[int, int, int, int, int]


class Kind(Enum):
    COLLECTED = "collected"
    REFUSED = "refused"
    CONFLICT = "conflict"
    #: A table's copy here had an entry made here since it was collected: said once.
    TAKEN_OVER = "taken over"


class Event(NamedTuple):
    kind: Kind
    text: str


def follow(
    name: str,
    folders: Sequence[Path],
    *,
    once: bool,
    say: Callable[[str], None],
    complain: Callable[[str], None],
) -> int:
    """Collect from ``folders`` until Ctrl-C (0), or, ``once``, what is there now: 0,
    1 if files were refused and none collected, 3 if some were collected and others
    refused. What was collected is said, the rest complained of."""

    def told(events: list[Event]) -> list[Event]:
        for event in events:
            (say if event.kind is Kind.COLLECTED else complain)(event.text)
        return events

    ts.load(name)  # a tournament that does not exist is refused before anything
    for folder in folders:
        if not folder.is_dir():
            raise Refused(_("cannot watch {folder}: not a folder").format(folder=folder))
    watcher = Watcher(name, folders)
    if once:
        return once_status([e.kind for e in told(watcher.scan(final=True))])
    say(
        ngettext(
            "Following {count} folder for tournament {name} (Ctrl-C stops).",
            "Following {count} folders for tournament {name} (Ctrl-C stops).",
            len(folders),
        ).format(count=len(folders), name=name)
    )
    stopping: list[int] = []

    def stop_after_this_look(signum: int, frame: object) -> None:
        # a look is never cut short: a copy collected is always said; a second Ctrl-C
        # stops at once (a share that hangs)
        stopping.append(signum)
        signal.signal(signal.SIGINT, signal.default_int_handler)

    previous = signal.signal(signal.SIGINT, stop_after_this_look)
    trouble = ""
    try:
        while not stopping:
            try:
                told(watcher.scan(final=False))
                trouble = ""
            except (Refused, OSError) as err:  # the tournament's own file: the watch goes on
                why = _why(err)
                if why != trouble:
                    complain(why)
                trouble = why
            time.sleep(INTERVAL)
    except KeyboardInterrupt:  # the way to stop watching
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
    return 0


def once_status(kinds: Sequence[Kind]) -> ExitCode:
    """``--once``'s exit status (docs/scripting.md): a conflict copy refuses nothing."""
    if Kind.REFUSED not in kinds:
        return ExitCode.OK
    return ExitCode.PARTLY if Kind.COLLECTED in kinds else ExitCode.REFUSED


class Watcher:
    """The folders' files and what was judged of each, by its stamp."""

    def __init__(self, name: str, folders: Sequence[Path]) -> None:
        self.name = name
        self.folders = list(folders)
        # by the path as listed (str: a Path costs more to hash and compare than the look)
        self.judged: dict[str, Stamp] = {}
        #: Files that could not be read, by their stamp then: judged if it holds still.
        self.unreadable: dict[str, Stamp] = {}
        #: Copies that could not be saved here, by what was said of them: tried again
        #: at every look, named again only when the reason changes.
        self.unsaved: dict[str, str] = {}
        #: The tables said to be taken over here, and the stamps of the files that
        #: tell (the tables' games here, what was collected) when it was last worked out.
        self.taken: set[str] = set()
        self._here: object = None
        self._tables: frozenset[str] | None = None
        self._tables_of: Stamp | None = None  # the tournament file they were read from

    def scan(self, *, final: bool) -> list[Event]:
        """One look at every folder; ``final``: the last, so nothing waits for the next."""
        now: dict[str, Stamp] = {}
        for folder in self.folders:
            _walk(str(folder), DEPTH, now)
        for seen in (self.judged, self.unreadable, self.unsaved):
            for gone in seen.keys() - now.keys():
                del seen[gone]
        seated = _stamp(ts.path_of(self.name))
        if seated != self._tables_of:  # the round moved on (or the file changed otherwise)
            self._tables, self._tables_of = None, seated
        events = self._taken_over()
        for path, stamp in sorted(now.items()):
            if self.judged.get(path) != stamp:
                event = self._judge(path, Path(path), stamp, final)
                if event is not None:
                    events.append(event)
        return events

    def _taken_over(self) -> list[Event]:
        """Each table newly taken over here, said once (again if handed back and taken
        over again); worked out again only when a table's game here or what was
        collected changed."""
        here = [_stamp(ts.marks_path(self.name))]
        here += [_stamp(games.game_path(game)) for game in sorted(self._table_ids())]
        if here == self._here:
            return []
        self._here = here
        now = set(taken_over(self.name))
        told = [Event(Kind.TAKEN_OVER, taken_over_line(game)) for game in sorted(now - self.taken)]
        self.taken = now
        return told

    def _table_ids(self) -> frozenset[str]:
        if self._tables is None:
            self._tables = table_ids(self.name)
        return self._tables

    def _judge(self, key: str, path: Path, stamp: Stamp, final: bool) -> Event | None:
        held = _read_still(path, stamp, ONCE_TRIES if final else 1)
        if held is None:
            return None  # changed while read, or gone: looked at again next time
        stamp, brought = held
        if isinstance(brought, Refused):
            if not final and self.unreadable.get(key) != stamp:
                self.unreadable[key] = stamp  # perhaps still being written
                return None
            self.judged[key] = stamp
            if CONFLICT in path.name or path.stem not in self._table_ids():
                return None  # not a table's game: passed over
            return Event(Kind.REFUSED, str(brought))
        if CONFLICT in path.name:
            self.judged[key] = stamp
            if brought.game.id not in self._table_ids():
                return None
            return Event(
                Kind.CONFLICT,
                _(
                    "{file}: a sync conflict copy of {table}, not collected: "
                    "compare it with the table's own file and keep the right one"
                ).format(file=path, table=brought.game.id),
            )
        try:
            got = collect_newer(self.name, brought)
        except Refused as err:
            self.judged[key] = stamp
            return Event(Kind.REFUSED, _("{file}: {why}").format(file=path, why=err))
        except OSError as err:  # not judged: the next look tries again
            return self._unsaved(key, path, err, final)
        self.judged[key] = stamp
        self.unsaved.pop(key, None)
        if isinstance(got, Outcome) or not (got.news or final):
            return None  # watching, a line for each hand scored at a table, not each bid
        return Event(Kind.COLLECTED, collected_line(got.game, got.result))

    def _unsaved(self, key: str, path: Path, err: OSError, final: bool) -> Event | None:
        """A copy that could not be saved here, named once while the reason stays."""
        if final:
            why = _("{file}: not collected: {why}")
        else:
            why = _("{file}: not collected yet: {why}; trying again at every look")
        why = why.format(file=path, why=_why(err))
        if self.unsaved.get(key) == why:
            return None
        self.unsaved[key] = why
        return Event(Kind.REFUSED, why)


def taken_over_line(game: str) -> str:
    """What the watch says once of a table taken over on this laptop."""
    return _(
        "{game} is taken over on this laptop (an entry was made here since its table's "
        "last copy): the table's copies are refused unless they hold every entry made "
        "here; to hand it back, copy this laptop's file (`ohhell path -g {game}`) into "
        "the table's data folder"
    ).format(game=game)


def _why(err: Refused | OSError) -> str:
    """One line for what stopped a look: a refusal's own words, or the file and the
    system's reason."""
    if isinstance(err, OSError):
        return f"{err.filename or _('data directory')}: {err.strerror or err}"
    return str(err)


def _read_still(path: Path, stamp: Stamp, tries: int) -> tuple[Stamp, Progress | Refused] | None:
    """The file read while it held still (its stamp the same before and after), and
    that stamp; None if it changed each time or went away."""
    for _try in range(tries):
        try:
            brought: Progress | Refused = ts.read_brought(path)
        except Refused as err:
            brought = err
        after = _stamp(path)
        if after == stamp:
            return stamp, brought
        if after is None:
            return None
        stamp = after
    return None


def _walk(folder: str, depth: int, out: dict[str, Stamp]) -> None:
    """The stamps of the ``*.json`` files in ``folder`` and ``depth`` levels below it."""
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:  # gone (a stick pulled, a share away): empty until it is back
        return
    for entry in entries:
        if entry.name.startswith((".", "~")):  # hidden, or a sync tool's file in flight
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                if depth > 0:
                    _walk(entry.path, depth - 1, out)
                continue
            if not entry.name.endswith(".json"):
                continue
            st = entry.stat()
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            out[entry.path] = _of(st)


def _stamp(path: Path) -> Stamp | None:
    try:
        return _of(path.stat())
    except OSError:
        return None


def _of(st: os.stat_result) -> Stamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
