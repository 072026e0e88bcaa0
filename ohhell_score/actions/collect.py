"""`tournament collect`: table games scored on other laptops, put in place of the
tables' games here with the domain's checks (``tournament.table_for`` finds the table,
``tournament.bring`` checks the players, the rules and the entries made here).

The files named on the command line come in together or not at all, each found by its
id, else by its players, among the tables being played (a person chose them). The
watcher (``actions.watch``) looks through folders that may hold anything, so a copy
belongs to a table there by its id alone, which names the tournament
(``tournament.table_named``: another week's ``cup0-r1-t1`` is not cup's, whoever plays
it), at any round; it brings one copy at a time, and only a copy that may be newer than
the one here (``tournament.newer``): the same checks, one file each time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import NamedTuple

from ohhell_score.domain import tournament
from ohhell_score.domain.errors import Refused
from ohhell_score.domain.game import Game, Progress
from ohhell_score.domain.tournament import (
    Result,
    Table,
    Tournament,
    copy_mark,
    followed,
    later,
    newer,
    result,
    table_for,
    table_named,
)
from ohhell_score.i18n import _
from ohhell_score.storage import tournaments as ts


class Collected(NamedTuple):
    """A table's game as it is saved here now, and where it stands; ``news``: its
    scored hands (or their number) are not those the copy here had (a bid alone is none)."""

    game: Game
    result: Result
    news: bool = True


def collect(name: str, paths: Sequence[Path]) -> list[Collected]:
    """Bring every file in, each for its own table, or refuse them all."""
    with ts.locked(name):
        t = ts.load(name)
        found: dict[str, tuple[Table, Progress]] = {}
        for path in paths:
            brought = ts.read_brought(path)
            table = table_for(t, brought.game)
            if table.game in found:
                raise Refused(_("two files for table {game}").format(game=table.game))
            found[table.game] = (table, brought)
        return _bring_in(t, found, newer_only=False)


class Outcome(Enum):
    #: Not a game of a table being played in this tournament: passed over.
    NOT_OURS = "not ours"
    #: No newer than the copy here: nothing to do.
    UP_TO_DATE = "up to date"


def collect_newer(name: str, brought: Progress) -> Collected | Outcome:
    """Bring in one copy of a table's game (by its id) if it may be newer than the one
    here: a copy that adds entries, or, while the copy here follows the table
    (``tournament.followed``), one saved there after it (an ``undo``, an ``edit``).

    Refused (``Refused``) as ``collect`` refuses it: other players, other rules, or
    entries made here that it lacks."""
    with ts.locked(name):
        t = ts.load(name)
        table = table_named(t, brought.game.id)
        if table is None:
            return Outcome.NOT_OURS
        done = _bring_in(t, {table.game: (table, brought)}, newer_only=True)
    return done[0] if done else Outcome.UP_TO_DATE


def taken_over(name: str) -> list[str]:
    """The tables played elsewhere whose copy here had an entry made here since it was
    last collected: taken over on this laptop, no longer following their tables."""
    t, marks = ts.load(name), ts.read_marks(name)
    return taken_over_in(t, {game: ts.read_game(game) for game in marks}, marks)


def taken_over_in(
    t: Tournament, played: Mapping[str, Progress | str | None], marks: Mapping[str, str]
) -> list[str]:
    """``taken_over``, of the tables' games as read (``played``) and the marks kept."""
    out = []
    for table in t.tables():
        here = played.get(table.game)
        mark = marks.get(table.game)
        if mark is not None and isinstance(here, Progress) and not followed(here.game, mark):
            out.append(table.game)
    return out


def table_ids(name: str) -> frozenset[str]:
    """The game ids of the tournament's tables, of every round: a copy of a table of a
    round already closed is named when it is broken or a conflict, as any table's."""
    return frozenset(table.game for table in ts.load(name).tables())


def _scored(prog: Progress | str | None) -> object:
    """What a line of the watch tells: the hands scored, each with its bids and tricks."""
    if not isinstance(prog, Progress):
        return None
    return [(h.number, dict(h.bids), dict(h.tricks)) for h in prog.hands if h.tricks]


def _bring_in(
    t: Tournament, found: Mapping[str, tuple[Table, Progress]], *, newer_only: bool
) -> list[Collected]:
    """Save the games ``found`` (by table) in place of the tables' games here, each
    checked against the game here under its lock (``ts.save_brought``), and keep the
    mark of each copy collected (``ts.save_marks``): the copy here follows the table
    until an entry is made here."""
    checked: dict[str, tuple[Game, Progress, Table, bool]] = {}
    marks = ts.read_marks(t.name)
    kept = dict(marks)

    def check(here: Mapping[str, Progress | str | None]) -> list[Game]:
        for game_id, (table, brought) in found.items():
            now = here[game_id]
            here_game = now.game if isinstance(now, Progress) else None
            fresh = here_game is None or newer(brought.game, here_game)
            # followed, a copy the table saved later is taken whole; an older one never
            following = (
                here_game is not None
                and followed(here_game, marks.get(game_id))
                and (fresh or later(brought.game, here_game))
            )
            if newer_only and here_game is not None and not (fresh or following):
                tournament.bring(t, table, None, brought.game)  # other players, other rules
                if copy_mark(brought.game) == copy_mark(here_game):
                    kept[game_id] = copy_mark(here_game)  # the same copy: following it
                continue
            # renamed after its table: the same entries, so the same progress
            # through the module: a test makes a bid arrive while it checks
            game = tournament.bring(t, table, here_game, brought.game, following=following)
            checked[game_id] = (game, brought, table, _scored(brought) != _scored(now))
            kept[game_id] = copy_mark(game)
        return [game for game, _, _, _ in checked.values()]

    ts.save_brought(list(found), check)
    if kept != marks:
        ts.save_marks(t.name, kept)
    return [Collected(g, result(table, prog), new) for g, prog, table, new in checked.values()]
