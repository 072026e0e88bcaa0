"""What the live board (``ohhell board``, ``play --board``) reads: one game or one
tournament as saved now, and whether its files have changed since.

The board follows the files, not the process that writes them: whatever changed a game
(`play`, `bid`, another terminal, an import, a collect, a copy by hand), the change is a
new file put in place. The system says so the moment it happens (``notices``: inotify on
Linux, on the files' folders); "has it changed" is then a stat of each file (its inode,
size and time), which costs next to nothing, and a game is read only when its stat
differs. Where the system sends no notice (another system, a network share), the
server stats every quarter of a second instead.

Reads only: nothing here writes a file, takes a game's lock or reads any file but the
served game's and the tricks held beside it (a tournament's: its own file and its
tables' games). A game is read with its version (actions/phones.py). A tournament is
read as it is saved (``tournaments.peek``): a round being seated shows the tables
written so far, and finishing a seating left half done is a command's work, not the
board's.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ohhell_score.actions import phones
from ohhell_score.actions.collect import taken_over_in
from ohhell_score.actions.phones import file_stamp
from ohhell_score.domain.errors import GameNotFound, Refused
from ohhell_score.domain.game import Progress
from ohhell_score.domain.tournament import Result, Tournament, results, show_json
from ohhell_score.storage import games, notice, paths, tournaments
from ohhell_score.storage.files import cannot_read
from ohhell_score.storage.notice import Notices as Notices  # the board hears them

#: What a stat says of a file: its inode, size and modification time (None: no file).
Stamp = tuple[tuple[int, int, int] | None, ...]


class Hall(NamedTuple):
    """A tournament as its board draws it: the tournament, each table's result and
    each table's game as replayed (why it cannot be read, or None if absent), by id."""

    tournament: Tournament
    results: Mapping[str, Result]
    games: Mapping[str, Progress | str | None]
    #: The tables taken over on this laptop (``collect.taken_over``).
    taken_over: Sequence[str] = ()


class Shown(NamedTuple):
    """What is served at one moment: the state object of ``/state.json`` and what the
    page is drawn from (a game's progress, a tournament with its tables' results and
    games, or why the files cannot be read)."""

    state: dict[str, object]
    game: Progress | None = None
    tournament: Hall | None = None
    error: str | None = None
    #: A game's version (actions/phones.py): what a phone's entry names.
    version: str = ""


class Served(NamedTuple):
    """One game (``game``) or one tournament (``tournament``), checked to exist."""

    game: str | None = None
    tournament: str | None = None

    @property
    def title(self) -> str:
        return self.game or self.tournament or ""

    def read(self) -> Shown:
        """The state now: ``show --json``'s object (``tournament show --json``'s), or
        ``{"error": why}`` when the files are gone or cannot be read."""
        try:
            if self.game is not None:
                snap = phones.snapshot(self.game)
                return Shown(snap.state, game=snap.progress, version=snap.version)
            t = tournaments.peek(self.tournament or "")
            played = tournaments.read_games(t)
            res = results(t, played)
            taken = taken_over_in(t, played, tournaments.read_marks(t.name))
            return Shown(show_json(t, res), tournament=Hall(t, res, played, taken))
        except Refused as err:  # unreadable, deleted, damaged: said, and served on
            return _unreadable(str(err))
        except OSError as err:
            return _unreadable(cannot_read(err.filename or self.title, err))

    def notices(self) -> Notices | None:
        """The system's notices of a change in the folders of the served files (the
        data folder; a tournament's folder too), or None where it sends none: then
        ``stamp`` now and then is how a change is learnt."""
        folders = [paths.data_dir()]  # the games
        if self.tournament is not None:
            folders.append(tournaments.folder())
        return notice.watch(folders)

    def stamp(self) -> Stamp:
        """A stat of each file the state is read from; equal stamps, equal state."""
        if self.game is not None:
            return (file_stamp(games.game_path(self.game)), file_stamp(phones.held_path(self.game)))
        name = self.tournament or ""
        own = file_stamp(tournaments.path_of(name))
        marks = file_stamp(tournaments.marks_path(name))  # which tables are taken over here
        return (own, marks, *(file_stamp(games.game_path(game)) for game in _tables(name, own)))

    def playing(self) -> tuple[str, ...]:
        """The games of the tables of the rounds being played (a game: itself)."""
        if self.tournament is None:
            return (self.game,) if self.game else ()
        t = tournaments.peek(self.tournament)
        return tuple(table.game for rnd in t.current() for table in rnd.tables)

    def tables(self) -> tuple[str, ...]:
        """The games of a tournament's tables, every round's (none for a game)."""
        if self.tournament is None:
            return ()
        return _tables(self.tournament, file_stamp(tournaments.path_of(self.tournament)))


def _unreadable(why: str) -> Shown:
    """Why the files cannot be read, as every phone is told it: a file in the data
    folder is named from the folder (``friday.json``, ``tournaments/cup.json``), never
    by the laptop's own path to it."""
    folder = paths.data_dir()
    for prefix in {str(folder), str(folder.absolute()), str(folder.resolve())}:
        why = why.replace(prefix + os.sep, "")
    return Shown({"error": why}, error=why)


@functools.lru_cache(maxsize=4)
def _tables(name: str, stamp: tuple[int, int, int] | None) -> tuple[str, ...]:
    """The games of the tournament's tables, read again only when its file changes."""
    try:
        return tuple(table.game for table in tournaments.peek(name).tables())
    except (Refused, OSError):
        return ()


def served(game: str | None, tournament: str | None) -> Served:
    """The game ``game`` (the current one when neither is given) or the tournament
    ``tournament``, refused (``Refused``, exit 1) when it does not exist."""
    if tournament is not None:
        tournaments.peek(tournament)  # refused when there is none
        return Served(tournament=tournament)
    game_id = games.resolve_id(game)
    if not games.game_path(game_id).exists():
        raise GameNotFound(games.no_game(game_id))
    return Served(game=game_id)
