"""Where tournaments live: ``tournaments/NAME.json`` in the data directory.

A tournament file holds the facts (the field, the rules, the seed, every round's
seating, the organiser's orders); its tables are ordinary games in the data directory,
read from there, so a table played on another laptop counts once it is imported. Saves
reuse ``files.write_atomic``; changes hold ``tournaments/NAME.lock`` around
load-check-save, like games.

Beside it, ``NAME.collected`` keeps the mark of each table's copy last collected from
another laptop (``read_marks``): the organiser's copy follows its table while it bears it.

Seating a round writes several files, so ``seat`` writes the tournament first, marked
pending, then the tables' games, then clears the mark; a failure undoes it, and the
next ``load`` after a kill finishes it: seated or not, never half.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ohhell_score.domain.codec import parse_progress
from ohhell_score.domain.errors import (
    CorruptGame,
    CorruptTournament,
    GameNotFound,
    Shown,
    TournamentExists,
    TournamentNotFound,
)
from ohhell_score.domain.game import Game, Progress, check_note, check_players
from ohhell_score.domain.ids import check_id as check_game_id
from ohhell_score.domain.rules import RuleOptions, upgraded_scoring
from ohhell_score.domain.tournament import (
    Bracket,
    Round,
    Table,
    TableRules,
    Tournament,
    check_name,
    losers_plan,
    plan,
    seated_games,
)
from ohhell_score.domain.versioned import load_json, read_versioned
from ohhell_score.i18n import _, ngettext
from ohhell_score.storage import games
from ohhell_score.storage.files import (
    BACKUP_SUFFIX,
    clean_temp_files,
    count_change,
    export_limit,
    lock_file,
    read_cache,
    read_file,
    write_atomic,
)
from ohhell_score.storage.paths import data_dir, ensure_data_dir

#: 2: ``progressive`` loses the square of the difference on a missed bid (a file of
#: schema 1 keeps the old meaning: ``rules.upgraded_scoring``).
SCHEMA = 2
FOLDER = "tournaments"
#: Marks a tournament whose last seating's games may not all be written yet.
PENDING = "pending"


def folder() -> Path:
    return data_dir() / FOLDER


def make_folder() -> None:
    """The data folder first: ``mkdir(parents=True)`` would make it with the umask's mode."""
    ensure_data_dir()
    folder().mkdir(exist_ok=True, mode=0o700)


def path_of(name: str) -> Path:
    return folder() / f"{check_name(name)}.json"


# --- JSON -------------------------------------------------------------------------


def to_dict(t: Tournament) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "name": t.name,
        "players": list(t.players),
        "rules": {"preset": t.rules.preset, **t.rules.options.to_json(unset=True)},
        "seed": t.seed,
        "shuffled": t.shuffled,
        "losers_bracket": t.losers_bracket,
        "rounds": [
            {
                "bracket": r.bracket.value,
                "stage": r.stage,
                "tables": [{"game": x.game, "players": list(x.players)} for x in r.tables],
            }
            for r in t.rounds
        ],
        "orders": {game: list(names) for game, names in t.orders},
        "created": t.created,
        "updated": t.updated,
    }


def _names(value: object) -> tuple[str, ...]:
    """Players as a tournament file holds them, checked as `new` checks names where
    they are typed (at most 24 printable characters, unique) and composed (NFC)."""
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise ValueError("players must be a list of names")
    return check_players(value)


def _stage(value: object, bracket: Bracket, players: int) -> int:
    """A round's stage as a file holds it: one of the rounds its field plays in its
    bracket (the losers' bracket from round 2)."""
    if bracket is Bracket.MAIN:
        stages = plan(players)
        why = f"a round's stage is not one of the {len(stages)} this field plays"
    else:
        stages = losers_plan(players)
        why = "a losers' round's stage is not one this field's losers' bracket plays"
    if type(value) is not int or value not in {s.number for s in stages}:
        raise ValueError(why)
    return value


def from_dict(data: dict[str, Any]) -> Tournament:
    """The tournament of a tournament object whose schema ``read_versioned`` checked."""
    rules = data["rules"]
    options = RuleOptions.from_json(
        rules,
        not_text="a rule option is not text",
        not_number="a rule option is not a whole number",
    )
    if options.scoring is not None:
        options = options._replace(scoring=upgraded_scoring(options.scoring, data["schema"]))
    table_rules = TableRules(str(rules["preset"]), options)
    players = _names(data["players"])
    rounds = tuple(
        Round(
            Bracket(r["bracket"]),
            _stage(r["stage"], Bracket(r["bracket"]), len(players)),
            tuple(Table(check_id(x["game"]), _names(x["players"])) for x in r["tables"]),
        )
        for r in data["rounds"]
    )
    if not rounds:
        raise ValueError("no rounds")
    orders = data.get("orders", {})
    if not isinstance(orders, dict):
        raise ValueError("orders must map games to players")
    seed = data["seed"]
    if type(seed) is not int:
        raise ValueError("the seed is not a whole number")
    return Tournament(
        name=check_name(str(data["name"])),
        players=players,
        rules=table_rules,
        seed=seed,
        shuffled=bool(data.get("shuffled", True)),
        losers_bracket=bool(data.get("losers_bracket", False)),
        rounds=rounds,
        orders=tuple((check_id(g), _names(n)) for g, n in orders.items()),
        created=check_note(data.get("created", ""), "the time it was created"),
        updated=check_note(data.get("updated", ""), "the time it was changed"),
    )


def check_id(game_id: object) -> str:
    return check_game_id(str(game_id))


# --- files ------------------------------------------------------------------------


def exists(name: str) -> bool:
    return path_of(name).exists()


def _read(name: str) -> tuple[Tournament, bool]:
    """The saved tournament, and whether its last seating's tables may not all be written."""
    path = path_of(name)
    text = read_file(path, CorruptTournament)
    if text is None:
        raise _not_found(name)
    pending = [False]

    def build(data: dict[str, Any]) -> Tournament:
        pending[0] = data.get(PENDING) is True
        return from_dict(data)

    t = read_versioned(
        text, str(path), build, error=CorruptTournament, what="tournament", schema=SCHEMA
    )
    if t.name != name:
        raise CorruptTournament(
            _("cannot read {path}: it holds tournament {held!r}").format(
                path=path, held=Shown(t.name)
            )
        )
    return t, pending[0]


def _not_found(name: str) -> TournamentNotFound:
    return TournamentNotFound(
        _("no tournament {name!r} (start one with `ohhell tournament new`)").format(
            name=Shown(name)
        )
    )


def load(name: str) -> Tournament:
    """The saved tournament, its last seating finished first if a command seating it
    was killed (see ``seat``)."""
    t, pending = _read(name)
    if pending:
        finish(name)
        t, _ = _read(name)
    return t


def peek(name: str) -> Tournament:
    """The saved tournament as it is, for a reader that changes nothing (the board): a
    seating being written is shown as far as it has got, never finished here (that
    would write, and take the lock of a command seating it)."""
    return _read(name)[0]


def save(t: Tournament, *, pending: bool = False, keep_backup: bool = True) -> None:
    make_folder()
    data = to_dict(t)
    if pending:
        data[PENDING] = True
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    write_atomic(path_of(t.name), text, keep_backup=keep_backup)
    count_change()


_held: set[str] = set()


@contextlib.contextmanager
def locked(name: str, *, new: bool = False) -> Iterator[None]:
    """Hold the tournament's lock file while it is read, checked and saved. Taken again
    inside (``load`` finishing a seating), it is already held: flock would wait on itself.
    A tournament that is not there (unless ``new``) is refused before any lock is made:
    a refusal leaves no ``NAME.lock`` behind (as ``games.delete``)."""
    if name in _held:
        yield
        return
    if not new and not exists(check_name(name)):
        raise _not_found(name)
    make_folder()
    with lock_file(folder() / f"{check_name(name)}.lock"):
        clean_temp_files(folder(), path_of(name).name)  # of a save that was killed
        _held.add(name)
        try:
            yield
        finally:
            _held.discard(name)


def seat(t: Tournament) -> None:
    """Save ``t`` (new, or the saved one with a round more) and create the games of its
    last seating, so that it is seated or not, never half.

    Call it holding ``locked``. The tournament is written first, marked pending, then
    every table's game, then the mark is cleared: killed in between, the next ``load``
    finishes the seating (``finish``). A failure undoes it all: the games made are
    removed (those still untouched) and the tournament written back as it was.
    """
    tables = seated_games(t)
    taken = [g.id for g in tables if games.game_path(g.id).exists()]
    if taken:
        raise TournamentExists(
            ngettext(
                "game {games} exists already: choose another tournament name",
                "games {games} exist already: choose another tournament name",
                len(taken),
            ).format(games=", ".join(taken))
        )
    path = path_of(t.name)
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    kept = (read_file(path, CorruptTournament), read_file(backup, CorruptTournament))
    made: list[Game] = []
    try:
        save(t, pending=True)
        for game in tables:
            games.create(game, current=False)  # `current` is the command's to set
            made.append(game)
        save(t, keep_backup=False)  # the .bak stays the version before this command
    except BaseException:
        with contextlib.suppress(Exception):
            _undo(path, kept, made)
        raise


def _undo(path: Path, kept: tuple[bytes | None, bytes | None], made: list[Game]) -> None:
    """Put a failed seating's files back as they were; left pending if a game was touched.

    On a full disk the tournament cannot be written back; but the pending save kept the
    version before as the ``.bak`` (a hard link, or a copy), and renaming that back
    needs no space. Only the version before that (the old ``.bak``) may then be lost."""
    if not all([games.discard(game) for game in made]):
        return
    before, backed = kept
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    try:
        _put_back(path, before)
    except OSError:
        if before is None or read_file(backup, CorruptTournament) != before:
            raise
        os.replace(backup, path)
    _put_back(backup, backed)


def _put_back(target: Path, before: bytes | None) -> None:
    """Make ``target`` hold ``before`` again (None: no file), writing only if it must."""
    if before is None:
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
        return
    if read_file(target, CorruptTournament) != before:
        write_atomic(target, before)


def finish(name: str) -> bool:
    """Create the games still missing of a seating that was killed, and clear its mark;
    True if there was one to finish."""
    with locked(name):
        t, pending = _read(name)
        if not pending:
            return False
        for game in seated_games(t):
            if not games.game_path(game.id).exists():
                games.create(game, current=False)  # `current` is the command's to set
        save(t, keep_backup=False)
    return True


# --- what was collected ------------------------------------------------------------

#: ``tournaments/NAME.collected``: the mark (``tournament.copy_mark``) of each table's
#: copy as last collected from elsewhere. Not ``.json``: the tournaments are listed by
#: that ending. A file the program keeps for itself, as a cache: unreadable, it is none
#: (every table then follows its copies only while nothing is entered here).
COLLECTED = ".collected"


def marks_path(name: str) -> Path:
    return folder() / f"{check_name(name)}{COLLECTED}"


def read_marks(name: str) -> dict[str, str]:
    """The mark of each table's copy last collected, by game id."""
    data = read_cache(marks_path(name))
    tables = data.get("tables") if isinstance(data, dict) else None
    if not isinstance(tables, dict):
        return {}
    return {k: v for k, v in tables.items() if isinstance(k, str) and isinstance(v, str)}


def save_marks(name: str, marks: Mapping[str, str]) -> None:
    """Keep ``marks`` (call it holding ``locked``)."""
    text = json.dumps({"schema": 1, "tables": dict(sorted(marks.items()))}, indent=1) + "\n"
    write_atomic(marks_path(name), text)


def read_games(t: Tournament) -> dict[str, Progress | str | None]:
    """Every table's game as saved now, replayed; why it cannot be read, or None if absent."""
    return {table.game: read_game(table.game) for table in t.tables()}


def read_game(game_id: str) -> Progress | str | None:
    """A table's game as saved now, replayed; why it cannot be read, or None if absent."""
    try:
        return games.load_progress(game_id)
    except GameNotFound:
        return None
    except CorruptGame as err:
        return str(err)


def read_brought(path: Path) -> Progress:
    """A game from another laptop, replayed: exported as JSON (its facts under
    ``"game"``) or its saved file copied over."""
    text = read_file(path, CorruptGame, export_limit())  # an export of any game we read
    if text is None:
        raise CorruptGame(_("cannot read {path}: No such file or directory").format(path=path))
    data = load_json(text, str(path), error=CorruptGame, what="game")
    if isinstance(data, dict) and isinstance(data.get("game"), dict):
        return parse_progress(json.dumps(data["game"]), str(path))
    return parse_progress(text, str(path))


def save_brought(
    game_ids: list[str], check: Callable[[Mapping[str, Progress | str | None]], list[Game]]
) -> None:
    """Put the games ``check`` gives in place of the tables' games (the old ones kept as
    .bak), holding every table's lock from the read that ``check`` checks to the save, so
    an entry made meanwhile at a table is checked, never dropped."""
    with contextlib.ExitStack() as held:
        for game_id in sorted(game_ids):  # one order everywhere: no two wait on each other
            held.enter_context(games.locked(game_id))
        for game in check({game_id: read_game(game_id) for game_id in game_ids}):
            games.save(game, new=not games.game_path(game.id).exists(), current=False)
