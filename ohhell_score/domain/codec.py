"""A game as JSON: the game file's format, both ways, and nothing of files or folders.

``game_to_dict`` and ``game_text`` (a field a line, an entry a line) write it;
``parse_progress`` reads it back, checking its schema (``versioned.read_versioned``)
and replaying every entry under its rules. Storage saves and loads game files with
these; the JSON export embeds ``game_to_dict`` and ``import`` reads it back with
``parse_progress``.

Imports inside functions: `list` imports this module through the list index
(storage/index.py), and `list --json` over an up-to-date index replays no game, so the
game and the rules are imported inside the functions that build or read one (no
per-line comment there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ohhell_score.domain.errors import CorruptGame, Shown
from ohhell_score.domain.ids import check_id
from ohhell_score.domain.versioned import read_versioned
from ohhell_score.i18n import _

if TYPE_CHECKING:  # imported where a game is built or read (see above)
    from ohhell_score.domain.game import Correction, Entry, Game, Note, Progress
    from ohhell_score.domain.seats import SeatChange

#: The game file format's version: a file of a later one is refused, naming it.
#: 2: seat changes (``replace``, ``leave``, ``join`` entries), notes on hands
#: (``notes``), and ``progressive`` loses the square of the difference on a missed bid.
#: A schema-1 file reads as is, except that ``progressive`` there is read as the
#: formula it was scored by.
#: 3: points adjusted by hand (``adjust`` entries) and a table stopping early
#: (``finish``). Files of schema 1 and 2 read as they are.
SCHEMA = 3


#: What only a file of schema 3 may hold, as an entry's ``kind`` or a correction's ``what``.
SCHEMA_3_KINDS = frozenset({"adjust", "finish"})


def game_to_dict(game: Game) -> dict[str, Any]:
    """The game file's object, of the oldest schema that holds it: a game with neither
    an adjustment nor an early finish stays schema 2, which an older ohhell still reads."""
    entries = [_entry_to_dict(e) for e in game.entries]
    history = [_correction_to_dict(c) for c in game.history]
    needs_3 = any(e["kind"] in SCHEMA_3_KINDS for e in entries) or any(
        c["what"] in SCHEMA_3_KINDS for c in history
    )
    return {
        "schema": SCHEMA if needs_3 else 2,
        "id": game.id,
        "players": list(game.players),
        "first_dealer": game.players[game.first_dealer],
        "scorer": game.scorer,
        "rules": game.rules.to_json(),
        "created": game.created,
        "updated": game.updated,
        "entries": entries,
        "history": history,
        "notes": [_note_to_dict(n) for n in game.notes],
    }


def _note_to_dict(note: Note) -> dict[str, Any]:
    return {"hand": note.hand, "text": note.text, "at": note.at}


def _notes(data: dict[str, Any], hands: int) -> tuple[Note, ...]:
    """The notes on hands (schema 2; a schema-1 file has none), checked like a note typed."""
    from ohhell_score.domain.game import Note, check_note

    raw = data.get("notes", [])
    if not isinstance(raw, list):
        raise ValueError(_("notes must be a list"))
    notes = []
    for item in raw:
        if not isinstance(item, dict):
            raise ValueError(_("a note must be an object"))
        hand = _hand(
            item["hand"],
            hands,
            "a note's hand",
            _("a note on hand {hand}, which the game does not have"),
        )
        text = check_note(item["text"], "a note")
        if text != text.strip():  # as `note` keeps them: an equal note, an equal file
            raise ValueError(_("a note has spaces at an end"))
        notes.append(Note(hand, text, check_note(item.get("at", ""), "a note's time")))
    return tuple(notes)


def _corrections(data: dict[str, Any], hands: int) -> tuple[Correction, ...]:
    """The corrections made with `edit` and `undo`, each of a hand the game has."""
    from ohhell_score.domain.game import Correction, check_note

    corrections = []
    for c in data.get("history", []):
        hand = _hand(
            c["hand"],
            hands,
            "a correction's hand",
            _("a correction of hand {hand}, which the game does not have"),
        )
        corrections.append(
            Correction(
                _one_of(c["kind"], ("edit", "undo"), "a correction's kind"),
                check_note(c["at"], "a correction's time"),
                hand,
                _one_of(
                    c["what"],
                    ("bids", "tricks", "trump", "seat", "adjust", "finish"),
                    "what a correction changed",
                ),
                _changes(c["old"]),
                _changes(c["new"]),
            )
        )
    return tuple(corrections)


def _hand(value: object, hands: int, what: str, refused: str) -> int:
    """The hand number ``value``, refused saying ``refused`` where the game of ``hands``
    hands has no such hand."""
    hand = _int(value, what)
    if not 1 <= hand <= hands:
        raise ValueError(refused.format(hand=hand))
    return hand


def game_text(game: Game) -> str:
    """A game file's text: a field a line, and an entry (or correction) a line.

    It reads, and diffs, entry by entry. Each line is encoded by json's C encoder;
    ``json.dumps(indent=...)`` uses the pure-Python one, 1.5 ms of every entry's save.
    """
    lines = []
    for key, value in game_to_dict(game).items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            inner = ",\n  ".join(_line(item) for item in value)
            lines.append(f" {_line(key)}: [\n  {inner}\n ]")
        else:
            lines.append(f" {_line(key)}: {_line(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _line(value: object) -> str:
    import json  # lazy: `list` before the first game loads this module and no JSON

    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _entry_to_dict(entry: Entry) -> dict[str, Any]:
    from ohhell_score.domain.game import Adjust, Bid, Finish, Tricks, TrumpEntry

    if isinstance(entry, Adjust):
        return {
            "kind": "adjust",
            "hand": entry.hand,
            "player": entry.player,
            "points": entry.points,
            "reason": entry.reason,
            "at": entry.at,
        }
    if isinstance(entry, Finish):
        return {"kind": "finish", "hand": entry.hand, "at": entry.at}
    if isinstance(entry, Bid):
        return {
            "kind": "bid",
            "hand": entry.hand,
            "player": entry.player,
            "bid": entry.value,
            "at": entry.at,
        }
    if isinstance(entry, TrumpEntry):
        return {"kind": "trump", "hand": entry.hand, "suit": entry.suit.value, "at": entry.at}
    if isinstance(entry, Tricks):
        return {"kind": "tricks", "hand": entry.hand, "tricks": dict(entry.values), "at": entry.at}
    return _seat_to_dict(entry)


def _seat_to_dict(entry: SeatChange) -> dict[str, Any]:
    """A seat change as the game file keeps it (schema 2)."""
    from ohhell_score.domain.seats import Leave, Replace

    if isinstance(entry, Replace):
        return {
            "kind": "replace",
            "hand": entry.hand,
            "old": entry.old,
            "new": entry.new,
            "carry": entry.carry,
            "at": entry.at,
        }
    if isinstance(entry, Leave):
        return {"kind": "leave", "hand": entry.hand, "player": entry.player, "at": entry.at}
    return {
        "kind": "join",
        "hand": entry.hand,
        "player": entry.player,
        "after": entry.after,
        "score": entry.score,
        "at": entry.at,
    }


def _seat_from_dict(kind: str, hand: int, raw: dict[str, Any], at: str) -> SeatChange:
    """A seat change read back; its names are checked as names, the rest by the replay."""
    from ohhell_score.domain.game import check_players
    from ohhell_score.domain.seats import Join, Leave, Replace

    if kind == "replace":
        if type(raw["carry"]) is not bool:
            raise ValueError(_("a replace's carry is not true or false"))
        old, new = check_players([raw["old"], raw["new"]])
        return Replace(hand, old, new, raw["carry"], at)
    if kind == "leave":
        (player,) = check_players([raw["player"]])
        return Leave(hand, player, at)
    player, after = check_players([raw["player"], raw["after"]])
    return Join(hand, player, after, _int(raw["score"], "a join's score"), at)


def _correction_to_dict(c: Correction) -> dict[str, Any]:
    return {
        "kind": c.kind,
        "at": c.at,
        "hand": c.hand,
        "what": c.what,
        "old": dict(c.old),
        "new": dict(c.new),
    }


def _int(value: object, what: str) -> int:
    if type(value) is not int:
        raise ValueError(_("{what} is not a whole number").format(what=what))
    return value


def _one_of(value: object, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise ValueError(
            _("{what} is not one of {allowed}").format(what=what, allowed=", ".join(allowed))
        )
    return str(value)


def _name(value: object) -> object:
    """A player's name as a file holds it, composed (NFC) as names are where they are
    typed (``names.composed``), so a name a program or a hand wrote decomposed is the
    player's; what is not text is left for the checks after to refuse."""
    from ohhell_score.domain.names import composed

    return composed(value) if isinstance(value, str) else value


def _changes(value: object) -> tuple[tuple[str, int | str], ...]:
    """A correction's values before or after, by player (or ``trump``): each a name and a
    whole number or a word, printable, checked like a time stamp."""
    from ohhell_score.domain.game import check_note

    if not isinstance(value, dict):
        raise ValueError(_("a correction's values must map names to values"))
    return tuple(
        (
            str(_name(check_note(k, "a correction's name"))),
            v if type(v) is int else check_note(v, "a value"),
        )
        for k, v in value.items()
    )


def _progress(data: dict[str, Any]) -> Progress:
    """The replayed game of a checked game object (``versioned.check_version``)."""
    from ohhell_score.domain.game import (
        Adjust,
        Bid,
        Finish,
        Game,
        Tricks,
        TrumpEntry,
        check_note,
        check_players,
        progress,
    )
    from ohhell_score.domain.rules import RuleSet, Suit
    from ohhell_score.domain.seats import Replace

    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError(_("players must be a list of names"))
    players_t = check_players(players)
    rules = RuleSet.from_json(data["rules"], schema=data["schema"], players=len(players_t))
    first = _name(data["first_dealer"])
    if first not in players_t:
        raise ValueError(_("first dealer {first!r} is not a player").format(first=Shown(first)))
    entries: list[Entry] = []
    names = set(players_t)  # who can bid: the players, and whoever a seat change seats
    for raw in data["entries"]:
        kind = raw["kind"]
        hand = _int(raw["hand"], "an entry's hand")
        at = check_note(raw.get("at", ""), "an entry's time")
        if kind == "bid":
            player = _name(raw["player"])
            if player not in names:
                raise ValueError(
                    _("a bid by {player!r}, who is not a player").format(player=Shown(player))
                )
            entries.append(Bid(hand, player, _int(raw["bid"], "a bid"), at))
        elif kind == "trump":
            entries.append(TrumpEntry(hand, Suit(raw["suit"]), at))
        elif kind == "tricks":
            tricks = raw["tricks"]
            if not isinstance(tricks, dict):
                raise ValueError(_("tricks must map players to numbers"))
            took = tuple((str(_name(p)), _int(t, "tricks")) for p, t in tricks.items())
            entries.append(Tricks(hand, took, at))
        elif kind == "adjust":
            player = _name(raw["player"])
            if player not in names:
                raise ValueError(
                    _("an adjustment for {player!r}, who is not a player").format(
                        player=Shown(player)
                    )
                )
            reason = check_note(raw.get("reason", ""), "an adjustment's reason")
            entries.append(Adjust(hand, player, _int(raw["points"], "points"), reason, at))
        elif kind == "finish":
            entries.append(Finish(hand, at))
        elif kind in ("replace", "leave", "join"):
            change = _seat_from_dict(kind, hand, raw, at)
            entries.append(change)
            names.add(change.new if isinstance(change, Replace) else change.player)
        else:
            raise ValueError(_("unknown entry kind {kind!r}").format(kind=Shown(kind)))
    game_id = str(data["id"])
    check_id(game_id)
    scorer = data.get("scorer")
    game = Game(
        id=game_id,
        players=players_t,
        rules=rules,
        first_dealer=players_t.index(first),
        entries=tuple(entries),
        history=_corrections(data, len(rules.hands)),
        created=check_note(data.get("created", ""), "the time it was created"),
        updated=check_note(data.get("updated", ""), "the time it was changed"),
        scorer=None if scorer is None else str(_name(check_note(scorer, "the scorer"))),
        notes=_notes(data, len(rules.hands)),
    )
    return progress(game)  # impossible entries (a forbidden bid, tricks off): unreadable


def parse_game(text: str | bytes, where: str) -> Game:
    return parse_progress(text, where).game


def parse_progress(text: str | bytes, where: str) -> Progress:
    """A game file's text read and replayed; ``CorruptGame`` says why it cannot be."""
    return read_versioned(text, where, _progress, error=CorruptGame, what="game", schema=SCHEMA)
