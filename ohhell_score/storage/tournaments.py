"""Where tournaments live: ``tournaments/NAME.json`` in the data directory.

A tournament file holds the facts (the field, the rules, the seed, every round's
seating, the organiser's orders); its tables are ordinary games in the data directory,
read from there, so a table played on another laptop counts once it is imported. Saves
reuse ``files.write_atomic``; changes hold ``tournaments/NAME.lock`` around
load-check-save, like games.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ohhell_score.domain.codec import parse_progress
from ohhell_score.domain.errors import (
    CorruptGame,
    CorruptTournament,
    GameNotFound,
    Refused,
    TournamentExists,
    TournamentNotFound,
)
from ohhell_score.domain.game import Game, Progress
from ohhell_score.domain.ids import check_id as check_game_id
from ohhell_score.domain.rules import RuleOptions
from ohhell_score.domain.tournament import (
    Bracket,
    Round,
    Table,
    TableRules,
    Tournament,
    check_name,
    plan,
)
from ohhell_score.domain.versioned import load_json, read_versioned
from ohhell_score.storage import games
from ohhell_score.storage.files import lock_file, read_file, write_atomic
from ohhell_score.storage.paths import data_dir, ensure_data_dir

SCHEMA = 1
FOLDER = "tournaments"


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
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise ValueError("players must be a list of names")
    return tuple(value)


def from_dict(data: dict[str, Any]) -> Tournament:
    """The tournament of a tournament object whose schema ``read_versioned`` checked."""
    rules = data["rules"]
    table_rules = TableRules(
        str(rules["preset"]),
        RuleOptions.from_json(
            rules,
            not_text="a rule option is not text",
            not_number="a rule option is not a whole number",
        ),
    )
    players = _names(data["players"])
    plan(len(players))
    rounds = tuple(
        Round(
            Bracket(r["bracket"]),
            int(r["stage"]),
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
        created=str(data.get("created", "")),
        updated=str(data.get("updated", "")),
    )


def check_id(game_id: object) -> str:
    return check_game_id(str(game_id))


# --- files ------------------------------------------------------------------------


def exists(name: str) -> bool:
    return path_of(name).exists()


def load(name: str) -> Tournament:
    path = path_of(name)
    text = read_file(path, CorruptTournament)
    if text is None:
        raise TournamentNotFound(f"no tournament {name!r} (start one with `ohhell tournament new`)")
    t = read_versioned(
        text, str(path), from_dict, error=CorruptTournament, what="tournament", schema=SCHEMA
    )
    if t.name != name:
        raise CorruptTournament(f"cannot read {path}: it holds tournament {t.name!r}")
    return t


def save(t: Tournament) -> None:
    make_folder()
    text = json.dumps(to_dict(t), ensure_ascii=False, indent=1) + "\n"
    write_atomic(path_of(t.name), text, keep_backup=True)


@contextlib.contextmanager
def locked(name: str) -> Iterator[None]:
    """Hold the tournament's lock file while it is read, checked and saved."""
    make_folder()
    with lock_file(folder() / f"{check_name(name)}.lock"):
        yield


def read_games(t: Tournament) -> dict[str, Progress | str | None]:
    """Every table's game as saved now, replayed; why it cannot be read, or None if absent."""
    out: dict[str, Progress | str | None] = {}
    for table in t.tables():
        try:
            out[table.game] = games.load_progress(table.game)
        except GameNotFound:
            out[table.game] = None
        except CorruptGame as err:
            out[table.game] = str(err)
    return out


def create_tables(tables: list[Game]) -> None:
    """Create every table's game, or none: refused before any is written if an id is taken."""
    taken = [g.id for g in tables if games.game_path(g.id).exists()]
    if taken:
        raise TournamentExists(
            f"game{'s' * (len(taken) > 1)} {', '.join(taken)} exist{'s' * (len(taken) == 1)} "
            "already: choose another tournament name"
        )
    created: list[str] = []
    try:
        for game in tables:
            games.create(game)
            created.append(game.id)
    except BaseException:
        for game_id in created:
            with contextlib.suppress(Refused, OSError):
                games.delete(game_id)
        raise


def read_brought(path: Path) -> Progress:
    """A game from another laptop, replayed: exported as JSON (its facts under
    ``"game"``) or its saved file copied over."""
    text = read_file(path, CorruptGame)
    if text is None:
        raise CorruptGame(f"cannot read {path}: No such file or directory")
    data = load_json(text, str(path), error=CorruptGame, what="game")
    if isinstance(data, dict) and isinstance(data.get("game"), dict):
        return parse_progress(json.dumps(data["game"]), str(path))
    return parse_progress(text, str(path))


def save_brought(brought: list[Game]) -> None:
    """Put each checked game in place of its table's game (the old one kept as .bak)."""
    for game in brought:
        with games.locked(game.id):
            games.save(game, new=not games.game_path(game.id).exists())
