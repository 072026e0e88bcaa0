"""Damaged files: refused with the file and the fault named, never
overwritten, the other games still listed, and the kept previous version restorable."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.domain import codec, versioned
from ohhell_score.domain.errors import CorruptGame


def _entries(change: Callable[[dict[str, Any]], None]) -> Callable[[str], str]:
    def damage(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data)

    return damage


def _bad_tricks(data: dict[str, Any]) -> None:
    tricks = next(e for e in data["entries"] if e["kind"] == "tricks")
    tricks["tricks"]["A"] += 1


def _bad_bid(data: dict[str, Any]) -> None:
    next(e for e in data["entries"] if e["kind"] == "bid")["bid"] = 9


def _newer(data: dict[str, Any]) -> None:
    data["schema"] = 99


DAMAGES: dict[str, tuple[Callable[[str], str], str]] = {
    "truncated": (lambda t: t[: len(t) // 2], "not valid JSON"),
    "emptied": (lambda t: "", "not valid JSON"),
    "not JSON": (lambda t: "score: lots\n", "not valid JSON"),
    "wrong shape": (lambda t: json.dumps([1, 2, 3]), "not a game"),
    "tricks that do not add up": (_entries(_bad_tricks), "tricks add up to"),
    "a bid out of range": (_entries(_bad_bid), "cannot bid 9"),
    "a newer schema": (_entries(_newer), "newer"),
}


@pytest.fixture
def damaged_game(ohhell: Any, data_dir: Path) -> Path:
    ohhell.ok("new", "A", "B", "C", "--hands", "2,1", "--trump", "none", "-g", "broken")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("new", "X", "Y", "Z", "-g", "fine")
    return data_dir / "broken.json"


@pytest.mark.parametrize("kind", list(DAMAGES))
@pytest.mark.parametrize(
    "command", [["show"], ["show", "--json"], ["bid", "0"], ["undo"], ["tricks", "1", "0"]]
)
def test_a_damaged_game_is_refused_naming_the_file_and_left_untouched(
    ohhell: Any, damaged_game: Path, kind: str, command: list[str]
) -> None:
    damage, fault = DAMAGES[kind]
    damaged_game.write_text(damage(damaged_game.read_text(encoding="utf-8")), encoding="utf-8")
    before = damaged_game.read_bytes()
    err = ohhell.refused(*command, "-g", "broken")
    assert str(damaged_game) in err
    assert fault in err
    assert "ohhell restore broken" in err
    assert len(err.strip().splitlines()) == 1
    assert damaged_game.read_bytes() == before


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_other_games_still_list_and_the_damaged_one_is_marked(
    ohhell: Any, damaged_game: Path, kind: str
) -> None:
    damage, _ = DAMAGES[kind]
    damaged_game.write_text(damage(damaged_game.read_text(encoding="utf-8")), encoding="utf-8")
    listed = json.loads(ohhell.ok("list", "--json"))
    assert [g["id"] for g in listed] == ["fine"]
    human = ohhell.ok("list")
    assert "fine" in human
    assert "broken" in human and "unreadable" in human


def test_restore_brings_back_the_previous_version_and_keeps_the_damaged_file(
    ohhell: Any, damaged_game: Path
) -> None:
    damaged_game.write_text("{", encoding="utf-8")
    out = ohhell.ok("restore", "broken")
    # The three bids of hand 1 are its entries.
    assert out == "Restored broken from its previous version (3 entries).\n"
    sheet = ohhell.sheet("-g", "broken")
    # The previous version: the bids of hand 1, before its tricks were saved.
    assert sheet["hands"][0]["bids"] == {"B": 1, "C": 0, "A": 0}
    assert sheet["hands"][0]["tricks"] == {}
    assert (damaged_game.parent / "broken.json.damaged").read_text(encoding="utf-8") == "{"


def test_restore_without_a_kept_version_is_refused(ohhell: Any) -> None:
    ohhell.ok("new", "A", "B", "C", "-g", "fresh")
    err = ohhell.refused("restore", "fresh")
    assert "no previous version" in err


def test_a_damaged_game_without_a_kept_version_offers_no_restore(
    ohhell: Any, data_dir: Path
) -> None:
    """A game never saved twice has no previous version: the line ends with the fault."""
    ohhell.ok("new", "A", "B", "C", "-g", "fresh")
    (data_dir / "fresh.json").write_text("{", encoding="utf-8")
    assert ohhell.refused("show", "-g", "fresh") == (
        f"ohhell: cannot read {data_dir / 'fresh.json'}: not valid JSON "
        "(Expecting property name enclosed in double quotes at line 1)\n"
    )


def test_a_game_file_that_is_a_folder_is_refused_naming_it(ohhell: Any, data_dir: Path) -> None:
    ohhell.ok("new", "A", "B", "C", "-g", "other")
    (data_dir / "g.json").mkdir()
    assert ohhell.refused("show", "-g", "g") == (
        f"ohhell: cannot read {data_dir / 'g.json'}: not a regular file\n"
    )


@pytest.mark.parametrize(
    ("kept", "said"),
    [
        (b"\x80\xff{", "not UTF-8 text"),
        (b"{", "not valid JSON (Expecting property name enclosed in double quotes at line 1)"),
        (b"[1]", "not a game object"),
    ],
)
def test_restore_of_a_damaged_kept_version_is_refused_naming_it(
    ohhell: Any, damaged_game: Path, kept: bytes, said: str
) -> None:
    """The kept version is damaged too: restore says which file and why, and the game
    file stays as it was."""
    damaged_game.write_text("{", encoding="utf-8")
    backup = damaged_game.with_name("broken.json.bak")
    backup.write_bytes(kept)
    assert ohhell.refused("restore", "broken").splitlines() == [
        f"ohhell: cannot read {backup}: {said}"
    ]
    assert damaged_game.read_text(encoding="utf-8") == "{"
    assert not damaged_game.with_name("broken.json.damaged").exists()


# --- the words, in-process: what `show` says of each fault (domain/versioned.py) --------


def _game_file(ohhell: Any, data_dir: Path) -> dict[str, Any]:
    ohhell.ok("new", "A", "B", "C", "--hands", "2,1", "--trump", "none", "-g", "g")
    data: dict[str, Any] = json.loads((data_dir / "g.json").read_text(encoding="utf-8"))
    return data


def _refused(text: str | bytes) -> str:
    with pytest.raises(CorruptGame) as refusal:
        codec.parse_progress(text, "g.json")
    return str(refusal.value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[1, 2]", "not a game object"),
        ('{"a": 1', "not valid JSON (Expecting ',' delimiter at line 1)"),
        ('\n\n"x', "not valid JSON (Unterminated string starting at line 3)"),
        (b'"\xff"', "not UTF-8 text"),
        ("[" * 100_000 + "]" * 100_000, "not a game (nested too deep)"),
        ("1" * 5_000, "a number too long to be one of a game"),
    ],
)
def test_a_file_that_is_not_a_game_is_refused_saying_why(text: str | bytes, said: str) -> None:
    assert _refused(text) == f"cannot read g.json: {said}"


def _depth(value: object) -> int:
    """How deeply lists nest in ``value``, walked as a check of its parts would walk it."""
    return 1 + _deepest(value) if isinstance(value, list) else 0


def _deepest(values: list[object]) -> int:
    return max(map(_depth, values), default=0)


def test_a_file_that_reads_but_nests_too_deep_to_be_checked_is_refused_naming_it() -> None:
    """JSON nested as deep as it can be read leaves no room to walk it: one line."""

    def read(text: str, build: Callable[[dict[str, Any]], int]) -> int:
        return versioned.read_versioned(
            text, "g.json", build, error=CorruptGame, what="game", schema=2
        )

    depth = 1000
    while True:  # the deepest nesting json reads here (the stack is deeper under pytest)
        text = '{"schema": 2, "kind": "game", "x": ' + "[" * depth + "]" * depth + "}"
        try:
            read(text, lambda data: 0)
            break
        except CorruptGame:
            depth -= 1
    with pytest.raises(CorruptGame) as refusal:
        read(text, lambda data: _depth(data["x"]))
    assert str(refusal.value) == "cannot read g.json: not a game (nested too deep)"


@pytest.mark.parametrize("schema", [None, "2", 2.0, True])
def test_a_game_without_a_whole_number_schema_is_refused(
    ohhell: Any, data_dir: Path, schema: object
) -> None:
    data = _game_file(ohhell, data_dir)
    data["schema"] = schema
    if schema is None:
        del data["schema"]
    assert _refused(json.dumps(data)) == "cannot read g.json: no schema version"


def test_a_game_of_a_newer_schema_names_both_and_says_to_upgrade(
    ohhell: Any, data_dir: Path
) -> None:
    data = _game_file(ohhell, data_dir)
    data["schema"] = codec.SCHEMA + 1
    assert _refused(json.dumps(data)) == (
        f"cannot read g.json: written by a newer ohhell (schema {codec.SCHEMA + 1}; "
        f"this version reads {codec.SCHEMA}): upgrade ohhell-score to open it"
    )
    data["schema"] = codec.SCHEMA
    assert codec.parse_progress(json.dumps(data), "g.json").game.players == ("A", "B", "C")


def test_a_game_missing_a_field_is_refused_naming_the_field(ohhell: Any, data_dir: Path) -> None:
    data = _game_file(ohhell, data_dir)
    del data["players"]
    assert _refused(json.dumps(data)) == "cannot read g.json: missing field 'players'"


#: The text of ``_every_part``'s game file, made once: the tests change a copy of it.
_EVERY_PART: list[str] = []


def _every_part(ohhell: Any, data_dir: Path) -> dict[str, Any]:
    """A game file with every kind of entry, a correction and a note, saved as g.json.

    It is made with the commands once and then copied: each change to it is a test of
    its own, and making it anew (0.1 s) was most of their time.
    """
    path = data_dir / "g.json"
    if _EVERY_PART:
        data_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(_EVERY_PART[0], encoding="utf-8")
    else:
        ohhell.ok("new", "A", "B", "C", "--hands", "2,1", "--trump", "none", "-g", "g")
        ohhell.ok("bid", "1", "0", "0")
        ohhell.ok("tricks", "1", "0", "1")
        ohhell.ok("note", "1", "misdeal")
        ohhell.ok("seat", "replace", "B", "Bo", "--carry")
        ohhell.ok("seat", "join", "D", "--after", "A", "--score", "3")
        ohhell.ok("bid", "0", "0", "0", "0")
        ohhell.ok("undo")  # a correction
        ohhell.ok("bid", "0")  # D's bid again: a bid by someone who joined
        _EVERY_PART.append(path.read_text(encoding="utf-8"))
    data: dict[str, Any] = json.loads(_EVERY_PART[0])
    return data


def _first(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda data: next(e for e in data["entries"] if e["kind"] == kind)


def _tricks_of_r(data: dict[str, Any]) -> dict[str, Any]:
    """The first tricks, with tricks for R, who never sat at the table, added."""
    tricks: dict[str, Any] = _first("tricks")(data)["tricks"]
    tricks["R"] = 0
    return tricks


def _d_bids_as_b(data: dict[str, Any]) -> dict[str, Any]:
    """The join, with the bid of who joins made by "b" (B's name, another spelling)."""
    for entry in data["entries"]:
        if entry.get("player") == "D" and entry["kind"] == "bid":
            entry["player"] = "b"
    return _first("join")(data)


#: A part of the game file, the key changed in it, its new value, and what is said.
WRONG_PARTS: list[tuple[Callable[[dict[str, Any]], Any], str | int, object, str]] = [
    (lambda d: d, "players", "A B C", "players must be a list of names"),
    (lambda d: d, "players", ["A", "B", "a"], "two players are called 'a' (names ignore case)"),
    (lambda d: d, "first_dealer", "Q", "first dealer 'Q' is not a player"),
    (lambda d: d["rules"], "hands", "2,1", "rules.hands must list 1 to 500 hands"),
    (lambda d: d["rules"], "deck", "52", "rules.deck must be a whole number of cards, 3 to 208"),
    (lambda d: d["rules"], "deck", 2, "rules.deck must be a whole number of cards, 3 to 208"),
    (lambda d: d["rules"], "deck", 209, "rules.deck must be a whole number of cards, 3 to 208"),
    (lambda d: d["rules"], "deck", 3, "2 cards to each of 3 players needs 6 cards; the deck has 3"),
    (
        lambda d: d["rules"],
        "preset",
        "../x",
        "rules.preset is not the name of a preset or a house rule",
    ),
    (lambda d: d["rules"], "preset", 7, "rules.preset is not the name of a preset or a house rule"),
    (
        lambda d: d["rules"],
        "hook",
        "sometimes",
        "'sometimes' is not a hook: use always, never or from:K (e.g. from:6)",
    ),
    (
        lambda d: d["rules"],
        "trump",
        "joker",
        "'joker' is not a trump method: use named, upcard, cut, dealer, none or "
        "schedule:H,C,S,D,N; exceptions after +, e.g. upcard+max=none",
    ),
    (
        lambda d: d["rules"],
        "scoring",
        "lots",
        "'lots' is not a scoring scheme: use standard, exact, minus, progressive, penalty, "
        "tenfold or a formula such as 'made: 10+b; missed: -b'",
    ),
    (
        lambda d: d["rules"],
        "trump",
        "none+3=upcard",
        "trump 'none+3=upcard': hand 3 is not in this game, which has 2 hands",
    ),
    (lambda d: d, "created", 5, "the time it was created is not text"),
    (lambda d: d, "updated", 5, "the time it was changed is not text"),
    (lambda d: d["rules"], "hands", [1] * 501, "rules.hands must list 1 to 500 hands"),
    (
        lambda d: d["rules"],
        "hands",
        [2, 0],
        "rules.hands must hold whole numbers of cards, 1 to 104",
    ),
    (
        lambda d: d["rules"],
        "hands",
        [2, "1"],
        "rules.hands must hold whole numbers of cards, 1 to 104",
    ),
    (
        lambda d: d["rules"],
        "hands",
        [2, 104],  # 104 cards a hand is a whole number of cards: the deck is what refuses it
        "104 cards to each of 3 players needs 312 cards; the deck has 52",
    ),
    (lambda d: d, "scorer", "x" * 65, "the scorer must be at most 64 printable characters"),
    (_first("bid"), "player", "Q", "a bid by 'Q', who is not a player"),
    (_first("bid"), "bid", "1", "a bid is not a whole number"),
    (_first("bid"), "hand", 1.0, "an entry's hand is not a whole number"),
    (_first("bid"), "at", 0, "an entry's time is not text"),
    (_first("bid"), "kind", "bet", "unknown entry kind 'bet'"),
    (_first("tricks"), "tricks", [1, 0, 1], "tricks must map players to numbers"),
    (lambda d: _first("tricks")(d)["tricks"], "A", "1", "tricks is not a whole number"),
    (
        lambda d: _first("tricks")(d)["tricks"],
        "Q",
        0,
        "tricks for Q, who is not at the table in hand 1",
    ),
    (_tricks_of_r, "Q", 0, "tricks for R, Q, who are not at the table in hand 1"),
    (_first("replace"), "carry", "yes", "a replace's carry is not true or false"),
    (_first("bid"), "hand", 2, "an entry for hand 2 while hand 1 is on"),
    (_first("replace"), "hand", 1, "a seat change for hand 1 while hand 2 is on"),
    (_first("replace"), "old", "Q", "Q is not seated: A, B, C"),
    (_d_bids_as_b, "player", "b", "b sat here before under another spelling"),
    (_first("join"), "score", "3", "a join's score is not a whole number"),
    (lambda d: d["history"][0], "kind", "redo", "a correction's kind is not one of edit, undo"),
    (
        lambda d: d["history"][0],
        "what",
        "notes",
        "what a correction changed is not one of bids, tricks, trump, seat, adjust, finish",
    ),
    (lambda d: d["history"][0], "hand", "2", "a correction's hand is not a whole number"),
    (
        lambda d: d["history"][0],
        "hand",
        3,
        "a correction of hand 3, which the game does not have",
    ),
    (
        lambda d: d["history"][0],
        "hand",
        0,
        "a correction of hand 0, which the game does not have",
    ),
    (
        lambda d: d["history"][0],
        "hand",
        -5,
        "a correction of hand -5, which the game does not have",
    ),
    (
        lambda d: d["history"][0],
        "old",
        [["D", 0]],
        "a correction's values must map names to values",
    ),
    (lambda d: d["history"][0], "old", {"D": [0]}, "a value is not text"),
    (
        lambda d: d["history"][0],
        "new",
        {"x" * 65: 0},
        "a correction's name must be at most 64 printable characters",
    ),
    (lambda d: d["history"][0], "at", 1, "a correction's time is not text"),
    (lambda d: d, "notes", {"1": "misdeal"}, "notes must be a list"),
    (lambda d: d["notes"][0], "text", 7, "a note is not text"),
    (lambda d: d["notes"][0], "at", 7, "a note's time is not text"),
    (lambda d: d["notes"], 0, "misdeal", "a note must be an object"),
    (lambda d: d["notes"][0], "hand", "1", "a note's hand is not a whole number"),
    (lambda d: d["notes"][0], "hand", 3, "a note on hand 3, which the game does not have"),
    (lambda d: d["notes"][0], "hand", 0, "a note on hand 0, which the game does not have"),
    (lambda d: d["notes"][0], "text", "misdeal ", "a note has spaces at an end"),
]


@pytest.mark.parametrize(
    ("part", "key", "value", "said"), WRONG_PARTS, ids=[w[-1] for w in WRONG_PARTS]
)
def test_each_part_of_a_game_file_of_the_wrong_form_is_named_when_refused(
    ohhell: Any,
    data_dir: Path,
    part: Callable[[dict[str, Any]], Any],
    key: str | int,
    value: object,
    said: str,
) -> None:
    """What `show` says of a hand-edited game file names the part that is wrong."""
    data = _every_part(ohhell, data_dir)
    assert codec.parse_progress(json.dumps(data), "g.json").game.notes  # whole, it reads
    part(data)[key] = value
    assert _refused(json.dumps(data)) == f"cannot read g.json: {said}"


def test_a_game_file_of_the_most_hands_a_game_may_have_reads(ohhell: Any, data_dir: Path) -> None:
    data = _every_part(ohhell, data_dir)
    data["rules"]["hands"] = [2] + [1] * 499  # the 2 and 1 card hands played, and 498 more
    data["rules"]["deck"] = 208  # four packs
    rules = codec.parse_progress(json.dumps(data), "g.json").game.rules
    assert (len(rules.hands), rules.deck) == (500, 208)


def test_a_game_file_with_a_bid_where_the_tricks_are_due_is_refused(
    ohhell: Any, data_dir: Path
) -> None:
    data = _every_part(ohhell, data_dir)
    entries = data["entries"]
    first_tricks = next(i for i, e in enumerate(entries) if e["kind"] == "tricks")
    entries.insert(first_tricks, dict(entries[0]))  # hand 1's first bid, again
    assert _refused(json.dumps(data)) == (
        "cannot read g.json: not a bid now: hand 1 needs the tricks next"
    )


def test_a_game_file_with_an_entry_after_the_last_hand_is_refused(
    ohhell: Any, data_dir: Path
) -> None:
    ohhell.ok("new", "A", "B", "C", "--hands", "1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0")
    data = json.loads((data_dir / "g.json").read_text(encoding="utf-8"))
    data["entries"].append({**data["entries"][0], "hand": 2})
    assert _refused(json.dumps(data)) == (
        "cannot read g.json: the game is over: every hand is scored"
    )


def test_a_game_file_without_its_optional_fields_reads_as_a_game_without_them(
    ohhell: Any, data_dir: Path
) -> None:
    """Times, the scorer, corrections and notes may be missing from a game file (one
    written by hand, or before they were kept): the game reads, with no time."""
    data = _every_part(ohhell, data_dir)
    for item in (*data["entries"], *data["notes"]):
        del item["at"]
    for key in ("created", "updated", "scorer"):
        del data[key]
    (data_dir / "g.json").write_text(json.dumps(data), encoding="utf-8")
    game = codec.parse_progress(json.dumps(data), "g.json").game
    assert (game.created, game.updated, game.scorer) == ("", "", None)
    assert {e.at for e in game.entries} == {n.at for n in game.notes} == {""}
    assert len(game.history) == 1
    history = ohhell.ok("history", "-g", "g").splitlines()
    assert history[0] == "(no time)  hand 1    B bids 1"
    assert "(no time)  hand 1    note: misdeal" in history
    del data["history"], data["notes"]
    game = codec.parse_progress(json.dumps(data), "g.json").game
    assert (game.history, game.notes) == ((), ())


def test_a_game_file_with_a_seat_change_inside_a_begun_hand_is_refused(
    ohhell: Any, data_dir: Path
) -> None:
    """docs/scripting.md: seats change only before a hand's first entry, in a file too."""
    data = _every_part(ohhell, data_dir)
    entries = data["entries"]
    first_bid = next(i for i, e in enumerate(entries) if e["kind"] == "bid" and e["hand"] == 2)
    leave = {"kind": "leave", "hand": 2, "player": "C", "at": ""}
    entries.insert(first_bid + 1, leave)  # after the hand's first bid
    assert _refused(json.dumps(data)) == (
        "cannot read g.json: hand 2 has begun (a trump or a bid is in): seats change only "
        "before a hand's first entry; undo those entries first"
    )


def hand_edited_tournament(ohhell: Any, data_dir: Path, name: str) -> Path:
    """Tournament cup of eight, its first player renamed ``name`` by hand everywhere."""
    field = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    ohhell.ok("tournament", "new", "cup", *field, "--no-shuffle", "--hands", "1")
    path = data_dir / "tournaments" / "cup.json"
    text = path.read_text(encoding="utf-8").replace('"Ann"', json.dumps(name))
    path.write_text(text, encoding="utf-8")
    return path


def test_a_tournament_file_with_a_name_too_long_is_refused_in_one_short_line(
    ohhell: Any, data_dir: Path
) -> None:
    """A tournament file's players are names as `new` takes them (docs/scripting.md: 1
    to 24 printable characters): a 100,000-character one is refused where it is read."""
    path = hand_edited_tournament(ohhell, data_dir, "A" * 100_000)
    err = ohhell.refused("tournament", "show", "cup")
    assert err.startswith(f"ohhell: cannot read {path}: player name 'AAAA")
    assert err.endswith("' must be 1 to 24 characters\n") and len(err) < 300 + len(str(path))


def test_a_tournament_file_with_decomposed_names_reads_them_composed(
    ohhell: Any, data_dir: Path
) -> None:
    """Names are kept composed (NFC), in a tournament file edited by hand too."""
    hand_edited_tournament(ohhell, data_dir, "Zoe\u0308")
    shown = ohhell.ok("tournament", "show", "cup", "--json")
    assert "Zoë" in shown and "Zoe\u0308" not in shown


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_list_json_names_every_damaged_game_and_still_lists_the_others(
    ohhell: Any, damaged_game: Path
) -> None:
    """Two damaged games (listed last, after the readable ones): each is named on stderr,
    not only the first, and the readable game is still in the JSON."""
    ohhell.ok("new", "P", "Q", "R", "-g", "second")
    damaged_game.write_text("{", encoding="utf-8")
    other = damaged_game.parent / "second.json"
    other.write_text("", encoding="utf-8")
    result = ohhell("list", "--json")
    assert result.exit_code == 0, result.output
    assert [g["id"] for g in json.loads(result.stdout)] == ["fine"]
    assert str(damaged_game) in result.stderr
    assert str(other) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 2


@pytest.mark.parametrize("digits", [80, 81, 4000])
@pytest.mark.parametrize("field", ["schema", "hand"])
def test_a_long_number_in_a_game_file_is_cut_in_the_refusal_and_on_the_board(
    ohhell: Any, damaged_game: Path, field: str, digits: int
) -> None:
    """A 4,000-digit `schema` or `hand` made a 4,100-character refusal, also sent to
    every phone following the board: a number is cut as a value is (80 characters kept
    whole; past them 79 and "…"), the program's own words whole around it."""
    from ohhell_score.actions.board import served

    data = json.loads(damaged_game.read_text(encoding="utf-8"))
    if field == "schema":
        data["schema"] = int("9" * digits)
    else:
        data["entries"][0]["hand"] = int("9" * digits)
    damaged_game.write_text(json.dumps(data), encoding="utf-8")
    shown = "9" * digits if digits <= 80 else "9" * 79 + "…"
    said = {
        "schema": f"written by a newer ohhell (schema {shown}; this version reads "
        f"{codec.SCHEMA}): upgrade ohhell-score to open it",
        "hand": f"an entry for hand {shown} while hand 1 is on",
    }[field]
    err = ohhell.refused("show", "-g", "broken")
    assert err.startswith(f"ohhell: cannot read {damaged_game}: {said}"), err
    assert len(err.splitlines()) == 1
    on_the_board = served("broken", None).read()
    assert on_the_board.state == {"error": on_the_board.error}
    assert said in str(on_the_board.error)
