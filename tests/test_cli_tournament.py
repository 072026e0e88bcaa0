"""`ohhell tournament`: the Cartier tournament from the first draw to the champion
(docs/tournaments.md; docs/rules.md, "The Cartier tournament"; seed 000)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.domain.codec import SCHEMA

from .conftest import CHROMIUM_ARGS, Ohhell, need
from .html_page import Element, read_html
from .tournament_helpers import DISTINCT, TIE_1_2, TIE_2_3, Plan, play_cli, play_pure

FIELD = [f"P{i}" for i in range(1, 33)]
#: Hands of 13 and 1 card: totals 24, 22, 18, 0.
DISTINCT_13: Plan = [
    [(3, 3), (2, 2), (0, 8), (1, 0)],
    [(1, 1), (0, 0), (0, 0), (1, 0)],
]
#: Totals 24, 20, 20, 0: places 2 and 3 tie on points; place 2 made 2 bids, place 3 one.
BY_BIDS_MADE_13: Plan = [
    [(3, 3), (0, 0), (0, 10), (1, 0)],
    [(1, 1), (0, 0), (0, 0), (1, 0)],
]
#: Hands of 13 and 13 cards: totals 23, 22, 20, 1 with 1, 1, 2, 0 bids made: the most
#: bids made go with the third total.
MORE_MADE_THIRD_13_13: Plan = [
    [(13, 13), (1, 0), (0, 0), (1, 0)],
    [(1, 0), (12, 12), (0, 0), (2, 1)],
]


def show(ohhell: Ohhell, name: str = "cup") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ohhell.ok("tournament", "show", name, "--json"))
    return data


def tables(ohhell: Ohhell, name: str = "cup") -> dict[str, dict[str, Any]]:
    return {t["game"]: t for r in show(ohhell, name)["rounds"] for t in r["tables"]}


def play_round(
    ohhell: Ohhell,
    strength: list[str],
    plans: dict[str, Plan] | None = None,
    default: Plan = DISTINCT,
    name: str = "cup",
) -> None:
    """Play every unfinished table: the player earlier in ``strength`` places higher."""
    for game, table in tables(ohhell, name).items():
        if not table["finished"]:
            ranking = sorted(table["players"], key=strength.index)
            play_cli(ohhell, game, ranking, (plans or {}).get(game, default))


def new(ohhell: Ohhell, *args: str, players: list[str] = FIELD) -> str:
    return ohhell.ok("tournament", "new", "cup", *players, "--hands", "2,1", *args)


def test_a_whole_tournament_with_losers_bracket_ends_with_the_strongest_champion(
    ohhell: Ohhell,
) -> None:
    """Seed 000: 8 tables, then 4 (table mates apart), the final; the 16 knocked out
    play 4 tables and a losers' final. Tables are scored with bid/trump/tricks -g."""
    new(ohhell, "--seed", "2026", "--losers-bracket")
    play_round(ohhell, FIELD)
    round1 = show(ohhell)["rounds"][0]["tables"]
    knocked_out = [p for t in round1 for p in t["standings"][2:]]
    ohhell.ok("tournament", "advance", "cup")
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    play_round(ohhell, FIELD)
    data = show(ohhell)
    assert [r["name"] for r in data["rounds"]] == [
        "Round 1",
        "Round 2",
        "Losers' round 2",
        "Final",
        "Losers' final",
    ]
    assert [len(r["tables"]) for r in data["rounds"]] == [8, 4, 4, 1, 1]
    assert data["champion"] == "P1"
    final, losers_final = data["rounds"][3]["tables"][0], data["rounds"][4]["tables"][0]
    assert final["game"] == "cup-final"
    assert final["standings"][0] == "P1"
    assert losers_final["standings"][0] == min(knocked_out, key=FIELD.index)
    refused = ohhell.refused("tournament", "advance", "cup")
    assert "the tournament is over: P1 is the champion" in refused
    assert "The tournament is over. Champion: P1." in ohhell.ok("tournament", "list")
    assert json.loads(ohhell.ok("tournament", "list", "--json"))[0]["champion"] == "P1"


def test_show_json_has_exactly_the_contracts_keys(ohhell: Ohhell) -> None:
    new(ohhell, "--seed", "1")
    data = show(ohhell)
    assert set(data) == {"name", "rounds", "champion"}
    assert set(data["rounds"][0]) == {"name", "tables"}
    table = data["rounds"][0]["tables"][2]
    assert table == {
        "game": "cup-r1-t3",
        "players": table["players"],
        "finished": False,
        "standings": [],
        "going_on": [],
    }
    assert data["champion"] is None


def test_each_table_is_an_ordinary_game_with_cartier_rules_the_first_seat_dealing(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD, "--seed", "3")
    table = tables(ohhell)["cup-r1-t5"]
    sheet = ohhell.sheet("-g", "cup-r1-t5")
    assert sheet["players"] == table["players"]
    assert sheet["rules"]["preset"] == "cartier"
    assert len(sheet["rules"]["hands"]) == 23
    assert sheet["next"]["dealer"] == table["players"][0]


def test_new_and_advance_say_who_deals_first_and_how_to_draw_instead(ohhell: Ohhell) -> None:
    said = (
        "The first player named at each table deals first, unless the table draws "
        "(`ohhell tournament dealer GAME PLAYER`)."
    )
    assert said in new(ohhell, "--no-shuffle", players=FIELD[:8]).splitlines()
    play_round(ohhell, FIELD)
    assert said in ohhell.ok("tournament", "advance", "cup").splitlines()


def test_no_shuffle_seats_round_1_in_the_order_given(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle")
    assert tables(ohhell)["cup-r1-t2"]["players"] == ["P5", "P6", "P7", "P8"]


def test_the_same_seed_draws_the_same_tables(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "one", *FIELD, "--seed", "42", "--hands", "2,1")
    ohhell.ok("tournament", "new", "two", *FIELD, "--seed", "42", "--hands", "2,1")
    one = [t["players"] for t in show(ohhell, "one")["rounds"][0]["tables"]]
    two = [t["players"] for t in show(ohhell, "two")["rounds"][0]["tables"]]
    assert one == two
    assert one != [FIELD[i : i + 4] for i in range(0, 32, 4)]


def test_players_come_from_a_file_one_name_a_line(ohhell: Ohhell, tmp_path: Path) -> None:
    names = tmp_path / "players.txt"
    names.write_text("\n".join(["Zoë", "Ann Marie", *FIELD[2:]]) + "\n\n", encoding="utf-8")
    ohhell.ok("tournament", "new", "cup", "--players-file", str(names), "--no-shuffle")
    assert tables(ohhell)["cup-r1-t1"]["players"] == ["Zoë", "Ann Marie", "P3", "P4"]


@pytest.mark.parametrize("dutch_too", [False, True])
def test_a_players_file_that_is_not_utf8_is_refused_naming_it(
    ohhell: Ohhell, tmp_path: Path, request: pytest.FixtureRequest, dutch_too: bool
) -> None:
    """A players file in Latin-1 (Zo\xeb) is refused in one line naming the file and why,
    in the table's language; no tournament is made."""
    names = tmp_path / "players.txt"
    names.write_bytes("\n".join(["Zoë", *FIELD[1:]]).encode("latin-1"))
    if dutch_too:
        request.getfixturevalue("dutch")
    err = ohhell.refused("tournament", "new", "cup", "--players-file", str(names))
    if dutch_too:
        assert err == f"ohhell: kan {names} niet lezen: geen UTF-8-tekst\n"
    else:
        assert err == f"ohhell: cannot read {names}: not UTF-8 text\n"
    assert "cup" not in ohhell.ok("tournament", "list")


def test_advance_is_refused_while_a_table_is_unfinished_and_changes_nothing(
    ohhell: Ohhell, data_dir: Path
) -> None:
    new(ohhell, "--seed", "9")
    play_round(ohhell, FIELD)
    ohhell.ok("undo", "-g", "cup-r1-t6")
    ohhell.ok("undo", "-g", "cup-r1-t7")
    before = (data_dir / "tournaments" / "cup.json").read_bytes()
    message = ohhell.refused("tournament", "advance", "cup")
    assert message == (
        "ohhell: Round 1 not finished: cup-r1-t6 (hand 2 of 2); cup-r1-t7 (hand 2 of 2)\n"
    )
    assert (data_dir / "tournaments" / "cup.json").read_bytes() == before
    assert not (data_dir / "cup-r2-t1.json").exists()


def test_round_2_is_refused_while_a_round_2_table_is_unfinished(ohhell: Ohhell) -> None:
    new(ohhell, "--seed", "9")
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    message = ohhell.refused("tournament", "advance", "cup")
    assert "Round 2 not finished: cup-r2-t1 (hand 1 of 2)" in message


def test_a_tie_that_decides_who_goes_on_is_refused_naming_table_and_players(
    ohhell: Ohhell,
) -> None:
    """docs/rules.md: equal totals, equal bids made: the keeper shows the tie, never breaks it."""
    new(ohhell, "--no-shuffle")
    play_round(ohhell, FIELD, {"cup-r1-t2": TIE_2_3})
    assert ohhell.refused("tournament", "advance", "cup") == (
        "ohhell: at cup-r1-t2 P6 and P7 are tied on 20 points with 2 bids made each, which "
        "decides who goes on: give the order with --order cup-r1-t2=P6,P7\n"
    )
    assert "cup-r2-t1" not in tables(ohhell)
    shown = ohhell.ok("tournament", "show", "cup").splitlines()
    at_table = shown.index("  cup-r1-t2: P5, P6, P7, P8 (finished)")
    # docs/scripting.md, going_on: the winner is certain, the tie for second is shown
    assert shown[at_table + 2 : at_table + 4] == ["    P5 goes on", "    tied: P6 and P7"]
    assert tables(ohhell)["cup-r1-t2"]["going_on"] == ["P5"]


def test_the_organisers_order_decides_the_tie(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle")
    play_round(ohhell, FIELD, {"cup-r1-t2": TIE_2_3})
    ohhell.ok("tournament", "advance", "cup", "--order", "cup-r1-t2=p7,P6")
    assert tables(ohhell)["cup-r1-t2"]["standings"] == ["P5", "P7", "P6", "P8"]
    assert tables(ohhell)["cup-r1-t2"]["going_on"] == ["P5", "P7"]
    seated = {p for game, t in tables(ohhell).items() if "-r2-" in game for p in t["players"]}
    assert "P7" in seated
    assert "P6" not in seated


def test_equal_totals_go_to_the_player_with_more_bids_made(ohhell: Ohhell) -> None:
    """docs/rules.md: equal totals are broken by more bids made; no order is needed."""
    ohhell.ok("tournament", "new", "cup", *FIELD[:8], "--hands", "13,1", "--no-shuffle")
    play_round(ohhell, FIELD, {"cup-r1-t1": BY_BIDS_MADE_13}, default=DISTINCT_13)
    assert tables(ohhell)["cup-r1-t1"]["standings"] == ["P1", "P2", "P3", "P4"]
    assert ohhell.sheet("-g", "cup-r1-t1")["totals"] == {"P1": 24, "P2": 20, "P3": 20, "P4": 0}
    said = ohhell.ok("tournament", "advance", "cup").splitlines()
    final = tables(ohhell)["cup-final"]["players"]
    assert sorted(final) == ["P1", "P2", "P5", "P6"]
    assert f"  cup-final: {', '.join(final)}" in said  # each table seated, on its own line


def test_places_go_by_total_before_bids_made(ohhell: Ohhell) -> None:
    """docs/rules.md: places by total; bids made only break equal totals. The third, with
    the most bids made, does not go on."""
    ohhell.ok("tournament", "new", "cup", *FIELD[:8], "--hands", "13,13", "--no-shuffle")
    play_round(ohhell, FIELD, default=MORE_MADE_THIRD_13_13)
    assert tables(ohhell)["cup-r1-t1"]["standings"] == ["P1", "P2", "P3", "P4"]
    assert ohhell.sheet("-g", "cup-r1-t1")["totals"] == {"P1": 23, "P2": 22, "P3": 20, "P4": 1}
    ohhell.ok("tournament", "advance", "cup")
    assert sorted(tables(ohhell)["cup-final"]["players"]) == ["P1", "P2", "P5", "P6"]


def test_a_tie_in_the_final_leaves_no_champion_until_the_organiser_orders_it(
    ohhell: Ohhell,
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    play_round(ohhell, FIELD, {"cup-final": TIE_1_2})
    assert show(ohhell)["champion"] is None
    tie = re.fullmatch(
        r"ohhell: at cup-final (P\d) and (P\d) are tied on 21 points with 2 bids made each, "
        r"which decides who wins: give the order with --order cup-final=\1,\2\n",
        ohhell.refused("tournament", "advance", "cup"),
    )
    assert tie is not None
    assert {tie[1], tie[2]} == {"P1", "P2"}
    out = ohhell.ok("tournament", "advance", "cup", "--order", "cup-final=P2,P1")
    assert out.splitlines()[-1] == "The tournament is over. Champion: P2."
    assert show(ohhell)["champion"] == "P2"


@pytest.mark.parametrize(
    ("order", "code", "said"),
    [
        ("cup-r1-t1", 2, "'cup-r1-t1' is not GAME=P1,P2,... (e.g. cup-r1-t3=Ann,Bob)"),
        ("cup-r1-t1=P1,", 2, "'cup-r1-t1=P1,' is not GAME=P1,P2,... (e.g. cup-r1-t3=Ann,Bob)"),
        ("=P1,P2", 2, "'=P1,P2' is not GAME=P1,P2,... (e.g. cup-r1-t3=Ann,Bob)"),
        (
            "cup-r9-t1=P1,P2",
            1,
            "'cup-r9-t1' is not a table of tournament 'cup' (the tables now: cup-r1-t1, cup-r1-t2)",
        ),
        ("cup-r1-t1=P1,P9", 1, "no player 'P9'"),
        ("cup-r1-t1=P1,P2=P3", 1, "no player 'P2=P3'"),  # the game ends at the first =
        ("cup-r1-t1=P1,P1", 1, "--order cup-r1-t1= names a player twice"),
        ("cup-r1-t1=P1", 1, "--order cup-r1-t1= needs at least the two tied players, best first"),
    ],
)
def test_a_wrong_order_is_refused(ohhell: Ohhell, order: str, code: int, said: str) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    message = ohhell.refused("tournament", "advance", "cup", "--order", order, code=code)
    assert said in message
    if code == 2:  # a malformed --order: Typer's usage error ends with the whole reason
        assert ohhell.invalid_value("tournament", "advance", "cup", "--order", order) == said
    if code == 1 and said.startswith(("'", "--")):  # the tournament's own: one whole line
        assert message == f"ohhell: {said}\n"
    assert "cup-final" not in tables(ohhell)


def test_an_order_for_an_unfinished_table_is_refused(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle")
    message = ohhell.refused("tournament", "advance", "cup", "--order", "cup-r1-t1=P1,P2")
    assert message == (
        "ohhell: table cup-r1-t1 is not finished; its order can be given once it is\n"
    )


@pytest.mark.parametrize(
    ("count", "said"),
    [
        (65, "a tournament seats 6 to 64 players; 65 given"),
        (5, "5 given"),
    ],
)
def test_a_field_without_a_fair_format_is_refused_with_the_reason(
    ohhell: Ohhell, data_dir: Path, count: int, said: str
) -> None:
    players = [f"P{i}" for i in range(1, count + 1)]
    assert said in ohhell.refused("tournament", "new", "cup", *players)
    assert not list(data_dir.glob("*.json"))


def test_a_second_tournament_of_the_same_name_is_refused(ohhell: Ohhell) -> None:
    new(ohhell, "--seed", "1")
    before = tables(ohhell)
    assert "exists already" in ohhell.refused("tournament", "new", "cup", *FIELD, "--seed", "2")
    assert tables(ohhell) == before


def test_a_table_id_already_taken_by_a_game_refuses_the_tournament(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "A", "B", "C", "-g", "cup-r1-t4")
    assert ohhell.refused("tournament", "new", "cup", *FIELD) == (
        "ohhell: game cup-r1-t4 exists already: choose another tournament name\n"
    )
    assert not (data_dir / "tournaments" / "cup.json").exists()
    assert not (data_dir / "cup-r1-t1.json").exists()
    ohhell.ok("new", "A", "B", "C", "-g", "cup-r1-t1")
    assert ohhell.refused("tournament", "new", "cup", *FIELD) == (
        "ohhell: games cup-r1-t1, cup-r1-t4 exist already: choose another tournament name\n"
    )


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["Cup!", *FIELD], 1),
        (["cup", *FIELD[:31], "p1"], 1),
        (["cup"], 2),
        (["cup", *FIELD, "--rules", "bridge"], 2),
        (["cup", *FIELD, "--hands", "14"], 1),
    ],
)
def test_new_refuses_a_bad_name_players_or_rules(
    ohhell: Ohhell, data_dir: Path, args: list[str], code: int
) -> None:
    ohhell.refused("tournament", "new", *args, code=code)
    assert not list(data_dir.glob("*.json"))


def test_an_unknown_tournament_is_refused(ohhell: Ohhell) -> None:
    assert ohhell.refused("tournament", "show", "cup") == (
        "ohhell: no tournament 'cup' (start one with `ohhell tournament new`)\n"
    )


@pytest.mark.parametrize(
    ("what", "why"),
    [
        ("a folder", "not a regular file"),
        ("[" * 100_000, "not a tournament (nested too deep)"),
        ("another", "it holds tournament 'other'"),
    ],
)
def test_a_tournament_file_that_is_none_or_another_is_refused_naming_it(
    ohhell: Ohhell, data_dir: Path, what: str, why: str
) -> None:
    new(ohhell, "--seed", "1", players=FIELD[:8])
    path = data_dir / "tournaments" / "cup.json"
    if what == "a folder":
        path.unlink()
        path.mkdir()
    elif what == "another":
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**data, "name": "other"}), encoding="utf-8")
    else:
        path.write_text(what, encoding="utf-8")
    assert ohhell.refused("tournament", "show", "cup") == f"ohhell: cannot read {path}: {why}\n"


def test_a_kept_version_that_cannot_be_read_refuses_a_new_tournament(
    ohhell: Ohhell, data_dir: Path
) -> None:
    (data_dir / "tournaments" / "cup.json.bak").mkdir(parents=True)
    backup = data_dir / "tournaments" / "cup.json.bak"
    assert ohhell.refused("tournament", "new", "cup", *FIELD[:8]) == (
        f"ohhell: cannot read {backup}: not a regular file\n"
    )
    assert not (data_dir / "tournaments" / "cup.json").exists()


def test_a_table_whose_game_is_missing_or_has_other_players_stops_the_round(
    ohhell: Ohhell, data_dir: Path
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    (data_dir / "cup-r1-t1.json").unlink()
    assert "cup-r1-t1 (no game 'cup-r1-t1' here" in ohhell.refused("tournament", "advance", "cup")
    assert tables(ohhell)["cup-r1-t1"]["finished"] is False
    missing = json.loads(ohhell.ok("tournament", "export", "cup", "-f", "json"))
    (exported_table,) = [t for t in missing["rounds"][0]["tables"] if t["game"] == "cup-r1-t1"]
    assert exported_table == {
        "game": "cup-r1-t1",
        "players": ["P1", "P2", "P3", "P4"],
        "finished": False,
        "standings": [],
        "going_on": [],
        "hands_played": 0,
        "hands_total": 0,
        "totals": {},
        "bids_made": {},
        "tied": [],
    }
    ohhell.ok("new", "X", "Y", "Z", "W", "-g", "cup-r1-t1", "--hands", "1")
    message = ohhell.refused("tournament", "advance", "cup")
    seats = "but table cup-r1-t1 seats P1, P2, P3, P4"
    assert f"game 'cup-r1-t1' is played by X, Y, Z, W, {seats}" in message


def test_a_12_player_field_plays_its_second_round_at_tables_of_3(ohhell: Ohhell) -> None:
    """Tables of 3 play Cartier's 3-player game (seed 000: a 39-card deck)."""
    new(ohhell, "--seed", "12", players=FIELD[:12])
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    second = show(ohhell)["rounds"][1]["tables"]
    assert [len(t["players"]) for t in second] == [3, 3]
    assert ohhell.sheet("-g", "cup-r2-t1")["rules"]["deck"] == 39
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    play_round(ohhell, FIELD)
    assert show(ohhell)["champion"] == "P1"


def test_show_says_who_goes_on_and_what_to_do_next(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    out = ohhell.ok("tournament", "show", "cup")
    assert "1. P1 22 (2 bids made), 2. P2 21 (2 bids made), 3. P3 20 (2 bids made)" in out
    assert "4. P4 0 (0 bids made)" in out
    assert "P1 and P2 go on" in out
    assert "seat the next round with `ohhell tournament advance cup`" in out


def test_list_names_each_tournament_and_what_comes_next(ohhell: Ohhell, data_dir: Path) -> None:
    assert "No tournaments yet" in ohhell.ok("tournament", "list")
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    ohhell.ok("tournament", "new", "spring", *FIELD[8:16], "--hands", "2,1")
    play_round(ohhell, FIELD)
    lines = ohhell.ok("tournament", "list").splitlines()
    assert lines[0].startswith("cup: 8 players; cartier · 2 hands · hands 2-1. ")
    assert lines[0].endswith("seat the next round with `ohhell tournament advance cup`.")
    assert lines[1].startswith("spring: 8 players; cartier · 2 hands · hands 2-1. ")
    rows = json.loads(ohhell.ok("tournament", "list", "--json"))
    assert [(r["name"], r["players"], r["rounds"], r["champion"]) for r in rows] == [
        ("cup", 8, 1, None),
        ("spring", 8, 1, None),
    ]
    (data_dir / "tournaments" / "cup.json").write_text("{not json")
    result = ohhell("tournament", "list")
    assert result.exit_code == 0
    assert "cannot read" in result.stderr and "cup.json" in result.stderr
    assert result.stdout.startswith("spring: ")


# --- exports ------------------------------------------------------------------------

ODD = ["<b>Bo</b>", "@home", "+plus", "Zoë", *FIELD[4:8]]


def finished_small(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle", players=ODD)
    play_round(ohhell, ODD)


def test_html_export_is_one_page_with_names_escaped(ohhell: Ohhell) -> None:
    finished_small(ohhell)
    page = ohhell.ok("tournament", "export", "cup", "--format", "html")
    assert page.lower().startswith("<!doctype html>")  # the case is HTML's to ignore
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page
    assert "<b>Bo" not in page
    assert "<script" not in page
    assert "http" not in page


def test_csv_export_has_a_row_per_seat_and_neutralises_formulas(ohhell: Ohhell) -> None:
    finished_small(ohhell)
    rows = list(csv.reader(io.StringIO(ohhell.ok("tournament", "export", "cup", "-f", "csv"))))
    assert rows[0] == ["round", "table", "place", "player", "total", "bids made", "next"]
    assert rows[1] == ["Round 1", "cup-r1-t1", "1", "<b>Bo</b>", "22", "2", ""]
    assert ["Round 1", "cup-r1-t1", "2", "'@home", "21", "2", ""] in rows
    assert ["Round 1", "cup-r1-t1", "3", "'+plus", "20", "2", ""] in rows
    assert len(rows) == 1 + 8


def test_csv_export_says_where_each_player_went(ohhell: Ohhell) -> None:
    finished_small(ohhell)
    ohhell.ok("tournament", "advance", "cup")
    rows = list(csv.reader(io.StringIO(ohhell.ok("tournament", "export", "cup", "-f", "csv"))))
    went = {row[3]: row[6] for row in rows[1:] if row[0] == "Round 1"}
    assert went["<b>Bo</b>"] == "Final"
    assert went["Zoë"] == ""


def test_markdown_export_has_a_section_per_round(ohhell: Ohhell) -> None:
    finished_small(ohhell)
    md = ohhell.ok("tournament", "export", "cup", "--format", "md")
    assert md.startswith("# Tournament cup\n")
    assert "## Round 1" in md
    # The name is text, escaped as in the game's Markdown export (one escape for both).
    assert "| cup-r1-t1 | 1 | \\<b\\>Bo\\</b\\> | 22 | 2 |  |" in md


def test_markdown_and_html_exports_say_where_each_table_stands_before_it_is_finished(
    ohhell: Ohhell,
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_cli(ohhell, "cup-r1-t1", FIELD[:4])
    ohhell.ok("bid", "-g", "cup-r1-t2", "0", "0", "0", "0")
    md = ohhell.ok("tournament", "export", "cup", "--format", "md")
    assert "## Round 1\n\ncup-r1-t1: finished · cup-r1-t2: hand 1 of 2\n" in md
    page = ohhell.ok("tournament", "export", "cup", "--format", "html")
    assert "<h2>Round 1</h2>\n<p>cup-r1-t1: finished · cup-r1-t2: hand 1 of 2</p>" in page


def test_json_export_is_show_json_with_totals(ohhell: Ohhell, tmp_path: Path) -> None:
    finished_small(ohhell)
    out = tmp_path / "cup.json"
    ohhell.ok("tournament", "export", "cup", "--format", "json", "-o", str(out))
    data = json.loads(out.read_text(encoding="utf-8"))
    shown = show(ohhell)
    assert data["name"] == shown["name"]
    assert data["champion"] == shown["champion"]
    table = data["rounds"][0]["tables"][0]
    assert table["standings"] == shown["rounds"][0]["tables"][0]["standings"]
    assert table["totals"] == {"<b>Bo</b>": 22, "@home": 21, "+plus": 20, "Zoë": 0}
    assert data["rules"] == {"preset": "cartier", "hands": "2,1"}


def test_export_format_must_be_one_of_four(ohhell: Ohhell) -> None:
    new(ohhell, "--seed", "1")
    ohhell.refused("tournament", "export", "cup", "--format", "pdf", code=2)


def test_the_player_who_draws_the_highest_card_deals_first(ohhell: Ohhell) -> None:
    """docs/rules.md: first dealer at each table: highest card drawn."""
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    assert ohhell.ok("tournament", "dealer", "cup-r1-t2", "p7") == "P7 deals first at cup-r1-t2.\n"
    sheet = ohhell.sheet("-g", "cup-r1-t2")
    assert sheet["players"] == ["P5", "P6", "P7", "P8"]
    assert sheet["next"]["dealer"] == "P7"
    assert sheet["next"]["player"] == "P8"


def test_a_tables_draw_can_be_given_as_cards(ohhell: Ohhell) -> None:
    """docs/rules.md "First dealer": the cards drawn, tied players again after ';'; under
    cartier equal ranks go by suit, with --draw-ties redraw they draw again."""
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    ohhell.ok("tournament", "dealer", "cup-r1-t2", "--draw-cards", "P5=K♥ P6=K♠ P7=9♣ P8=2♦")
    assert ohhell.sheet("-g", "cup-r1-t2")["next"]["dealer"] == "P6"
    tied = "P5=K♥ P6=K♠ P7=9♣ P8=2♦; P5=A♣ P6=3♦"
    ohhell.ok("tournament", "dealer", "cup-r1-t2", "--draw-ties", "redraw", "--draw-cards", tied)
    assert ohhell.sheet("-g", "cup-r1-t2")["next"]["dealer"] == "P5"
    err = ohhell.refused("tournament", "dealer", "cup-r1-t2", "--draw-cards", "P5=K♥ P6=K♥")
    assert "P5 drew K♥ already" in err
    neither = ("tournament", "dealer", "cup-r1-t2")
    both = (*neither, "P7", "--draw-cards", "P5=K♥ P6=K♠ P7=9♣ P8=2♦")
    for args in (neither, both):
        assert ohhell.invalid_value(*args) == (
            "give the PLAYER who drew the highest card, or --draw-cards"
        )


def test_choosing_a_tables_first_dealer_is_a_change_of_its_game(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`list` shows when each game was last changed: `tournament dealer` changes it."""
    from ohhell_score.storage import games

    new(ohhell, "--no-shuffle", players=FIELD[:8])
    monkeypatch.setattr(games, "now", lambda: "2031-05-04T20:15:00+00:00")
    ohhell.ok("tournament", "dealer", "cup-r1-t2", "P7")
    rows = {row["id"]: row for row in json.loads(ohhell.ok("list", "--json"))}
    assert rows["cup-r1-t2"]["updated"] == "2031-05-04T20:15:00+00:00"
    assert rows["cup-r1-t1"]["updated"] != "2031-05-04T20:15:00+00:00"


def test_the_tables_of_a_round_seated_later_are_games_of_the_time_it_was_seated(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`list` shows the final's table as made when `advance` seated it, not when the
    tournament began."""
    from ohhell_score.storage import games

    monkeypatch.setattr(games, "now", lambda: "2031-05-04T20:00:00+00:00")
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    monkeypatch.setattr(games, "now", lambda: "2031-05-04T22:30:00+00:00")
    ohhell.ok("tournament", "advance", "cup")
    rows = {row["id"]: row for row in json.loads(ohhell.ok("list", "--json"))}
    assert rows["cup-final"]["updated"] == "2031-05-04T22:30:00+00:00"


def test_the_first_dealer_is_fixed_once_a_bid_is_in(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    ohhell.ok("bid", "-g", "cup-r1-t2", "1")
    message = ohhell.refused("tournament", "dealer", "cup-r1-t2", "P7")
    assert message == (
        "ohhell: game cup-r1-t2 has begun: the first dealer is fixed once a bid is in\n"
    )
    assert ohhell.sheet("-g", "cup-r1-t2")["next"]["dealer"] == "P5"


def test_an_order_for_a_table_of_a_closed_round_is_refused(ohhell: Ohhell) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    message = ohhell.refused("tournament", "advance", "cup", "--order", "cup-r1-t1=P2,P1")
    assert message == (
        "ohhell: table cup-r1-t1 belongs to a round that is closed: the next one is seated\n"
    )


def test_show_notes_a_closed_table_edited_so_that_someone_else_would_go_on(
    ohhell: Ohhell,
) -> None:
    """The seating stands once made; an edit that changes who would have gone on is shown."""
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    ohhell.ok("tournament", "advance", "cup")
    ohhell.ok("edit", "-g", "cup-r1-t1", "1", "tricks", "P2=0", "P4=1")
    notes = [x for x in ohhell.ok("tournament", "show", "cup").splitlines() if "Note" in x]
    assert notes == [
        "Note: cup-r1-t1 was changed after Final was seated: P1 and P2 went on, "
        "the standings now put P1 and P3 first."
    ]
    assert "P2" in tables(ohhell)["cup-final"]["players"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{not json", "not valid JSON"),
        ('{"schema": 99}', "written by a newer ohhell"),
        ('{"schema": 1, "name": "cup"}', "missing field"),
    ],
)
def test_an_unreadable_tournament_file_is_refused_naming_it(
    ohhell: Ohhell, data_dir: Path, text: str, said: str
) -> None:
    new(ohhell, "--seed", "1")
    path = data_dir / "tournaments" / "cup.json"
    path.write_text(text, encoding="utf-8")
    message = ohhell.refused("tournament", "show", "cup")
    assert f"cannot read {path}" in message
    assert said in message


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("hook", 3, "a rule option is not text"),
        ("scoring", ["exact"], "a rule option is not text"),
        ("decks", "2", "a rule option is not a whole number"),
        ("deck_size", True, "a rule option is not a whole number"),
    ],
)
def test_a_rule_option_of_the_wrong_type_makes_the_file_unreadable(
    ohhell: Ohhell, data_dir: Path, option: str, value: object, said: str
) -> None:
    new(ohhell, "--seed", "1")
    path = data_dir / "tournaments" / "cup.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][option] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ohhell.refused("tournament", "show", "cup") == f"ohhell: cannot read {path}: {said}\n"


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        (
            "players",
            ["P1", 2, "P3", "P4", "P5", "P6", "P7", "P8"],
            "players must be a list of names",
        ),
        ("rounds", [], "no rounds"),
        ("orders", [], "orders must map games to players"),
        ("seed", "1", "the seed is not a whole number"),
    ],
)
def test_a_tournament_file_with_a_field_of_the_wrong_shape_is_refused_naming_it(
    ohhell: Ohhell, data_dir: Path, field: str, value: object, why: str
) -> None:
    new(ohhell, "--seed", "1", players=FIELD[:8])
    path = data_dir / "tournaments" / "cup.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data[field] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ohhell.refused("tournament", "show", "cup") == f"ohhell: cannot read {path}: {why}\n"


@pytest.mark.parametrize("stage", [0, -3, 3, 99, "1", True])
def test_a_round_of_a_stage_the_field_does_not_have_makes_the_file_unreadable(
    ohhell: Ohhell, data_dir: Path, stage: object
) -> None:
    """8 players play two stages (a round, then the final): a hand-edited stage outside
    them is a damaged file (one line, exit 1), not a traceback at `tournament show`."""
    new(ohhell, "--seed", "1", players=FIELD[:8])
    path = data_dir / "tournaments" / "cup.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rounds"][0]["stage"] = stage
    path.write_text(json.dumps(data), encoding="utf-8")
    said = "a round's stage is not one of the 2 this field plays"
    assert ohhell.refused("tournament", "show", "cup") == f"ohhell: cannot read {path}: {said}\n"


@pytest.mark.parametrize(("players", "stage"), [(8, 1), (8, 3), (10, 3), (6, 2)])
def test_a_losers_round_of_a_stage_its_bracket_does_not_have_makes_the_file_unreadable(
    ohhell: Ohhell, data_dir: Path, players: int, stage: int
) -> None:
    """The losers' bracket plays from round 2 to its own final (10 players: the losers'
    final is round 2; 6 players have none): a losers' round outside it is a damaged
    file, not a traceback."""
    new(ohhell, "--seed", "1", players=FIELD[:players])
    path = data_dir / "tournaments" / "cup.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rounds"].append({**data["rounds"][0], "bracket": "losers", "stage": stage})
    path.write_text(json.dumps(data), encoding="utf-8")
    said = "a losers' round's stage is not one this field's losers' bracket plays"
    assert ohhell.refused("tournament", "show", "cup") == f"ohhell: cannot read {path}: {said}\n"


def test_a_tournament_file_read_and_saved_again_is_the_same_file(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Every fact read back as written: the seating's order, the bracket, the times."""
    from ohhell_score.storage import tournaments

    new(ohhell, "--no-shuffle", "--losers-bracket", players=["Zoë", *FIELD[1:8]])
    path = data_dir / "tournaments" / "cup.json"
    written = path.read_text(encoding="utf-8")
    assert written.startswith('{\n "schema": 2,\n "name": "cup",\n "players": [\n  "Zoë",\n')
    assert '\n "shuffled": false,\n' in written
    assert '\n "created": "20' in written
    assert '\n "updated": "20' in written
    tournaments.save(tournaments.load("cup"), keep_backup=False)
    assert path.read_text(encoding="utf-8") == written


def test_a_tournament_file_without_the_optional_fields_reads_as_their_defaults(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """A file without "shuffled", "losers_bracket", "orders" or the times: round 1 drawn,
    no losers' bracket, no orders."""
    new(ohhell, "--seed", "1", players=FIELD[:8])
    path = data_dir / "tournaments" / "cup.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for optional in ("shuffled", "losers_bracket", "orders", "created", "updated"):
        del data[optional]
    path.write_text(json.dumps(data), encoding="utf-8")
    first = ohhell.ok("tournament", "show", "cup").splitlines()[0]
    assert first == (
        "Tournament cup: 8 players; cartier · 2 hands · hands 2-1; round 1 drawn with seed 1."
    )
    from ohhell_score.storage import tournaments

    tournaments.save(tournaments.load("cup"))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert (saved["created"], saved["updated"]) == ("", "")


def test_a_table_game_that_cannot_be_read_stops_the_round_saying_why(
    ohhell: Ohhell, data_dir: Path
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_round(ohhell, FIELD)
    game = data_dir / "cup-r1-t2.json"
    game.write_text("{nope", encoding="utf-8")
    ohhell.refused("tournament", "advance", "cup")  # its one line is cut at the path here
    why = (
        f"cannot read {game}: not valid JSON (Expecting property name enclosed in double "
        f"quotes at line 1); `ohhell restore cup-r1-t2` brings back the previous version "
        f"({game}.bak)"
    )
    shown = ohhell.ok("tournament", "show", "cup").splitlines()
    assert f"  cup-r1-t2: P5, P6, P7, P8 ({why})" in shown


def test_the_file_keeps_the_preset_and_every_rule_option(ohhell: Ohhell, data_dir: Path) -> None:
    """Options not given are written as null; the JSON export leaves them out."""
    new(ohhell, "--seed", "1", "--scoring", "exact", "--decks", "2")
    saved = json.loads((data_dir / "tournaments" / "cup.json").read_text(encoding="utf-8"))
    assert saved["rules"] == {
        "preset": "cartier",
        "hook": None,
        "hands": "2,1",
        "trump": None,
        "scoring": "exact",
        "decks": 2,
        "deck_size": None,
    }
    exported = json.loads(ohhell.ok("tournament", "export", "cup", "-f", "json"))
    assert exported["rules"] == {
        "preset": "cartier",
        "hands": "2,1",
        "scoring": "exact",
        "decks": 2,
    }


# --- tables scored on other laptops -------------------------------------------------


def on_laptop(ohhell: Ohhell, laptop: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """Run one command against another machine's data directory."""
    with monkeypatch.context() as m:
        m.setenv("OHHELL_DATA_DIR", str(laptop))
        return ohhell.ok(*args)


def exported(game_file: Path, out: Path) -> Path:
    """What `ohhell export --format json` writes: the sheet, the facts under "game"."""
    facts = json.loads(game_file.read_text(encoding="utf-8"))
    out.write_text(json.dumps({"id": facts["id"], "game": facts}), encoding="utf-8")
    return out


def test_a_table_scored_on_another_laptop_is_collected_by_the_organiser(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    laptop = tmp_path / "laptop"
    laptop.mkdir()
    shutil.copy(data_dir / "cup-r1-t2.json", laptop / "cup-r1-t2.json")
    with monkeypatch.context() as m:
        m.setenv("OHHELL_DATA_DIR", str(laptop))
        play_cli(ohhell, "cup-r1-t2", ["P8", "P7", "P6", "P5"])
    assert not tables(ohhell)["cup-r1-t2"]["finished"]
    brought = exported(laptop / "cup-r1-t2.json", tmp_path / "t2.json")
    out = ohhell.ok("tournament", "collect", "cup", str(brought))
    assert "cup-r1-t2: P5, P6, P7, P8 (finished)." in out
    assert tables(ohhell)["cup-r1-t2"]["standings"] == ["P8", "P7", "P6", "P5"]
    assert (data_dir / "cup-r1-t2.json.bak").exists()


def test_a_game_started_on_a_laptop_under_its_own_id_is_matched_by_its_players(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    laptop = tmp_path / "laptop"
    args = ("new", "P6", "P7", "P8", "P5", "--rules", "cartier", "--hands", "2,1", "-g", "t2")
    on_laptop(ohhell, laptop, monkeypatch, *args)
    with monkeypatch.context() as m:
        m.setenv("OHHELL_DATA_DIR", str(laptop))
        play_cli(ohhell, "t2", ["P5", "P6", "P7", "P8"])
    ohhell.ok("tournament", "collect", "cup", str(laptop / "t2.json"))
    assert tables(ohhell)["cup-r1-t2"]["standings"] == ["P5", "P6", "P7", "P8"]
    assert ohhell.sheet("-g", "cup-r1-t2")["players"] == ["P6", "P7", "P8", "P5"]


def test_collect_refuses_a_game_that_would_lose_entries_made_here(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    blank = exported(data_dir / "cup-r1-t2.json", tmp_path / "t2.json")
    ohhell.ok("bid", "-g", "cup-r1-t2", "1")
    before = (data_dir / "cup-r1-t2.json").read_bytes()
    assert ohhell.refused("tournament", "collect", "cup", str(blank)) == (
        "ohhell: cup-r1-t2 here has entries that game 'cup-r1-t2' does not: "
        "bring the copy that holds them all\n"
    )
    assert (data_dir / "cup-r1-t2.json").read_bytes() == before


def test_collect_refuses_another_first_dealer_once_a_trump_is_entered_here(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `upcard` the trump comes before the bids: the same trump entered on both
    laptops does not make a copy dealt by another player the same game."""
    new(ohhell, "--no-shuffle", "--trump", "upcard", players=FIELD[:8])
    laptop = tmp_path / "laptop"
    laptop.mkdir()
    shutil.copy(data_dir / "cup-r1-t2.json", laptop / "cup-r1-t2.json")
    on_laptop(ohhell, laptop, monkeypatch, "tournament", "dealer", "cup-r1-t2", "P7")
    on_laptop(ohhell, laptop, monkeypatch, "trump", "-g", "cup-r1-t2", "hearts")
    ohhell.ok("trump", "-g", "cup-r1-t2", "hearts")
    before = (data_dir / "cup-r1-t2.json").read_bytes()
    brought = exported(laptop / "cup-r1-t2.json", tmp_path / "t2.json")
    message = ohhell.refused("tournament", "collect", "cup", str(brought))
    assert message == "ohhell: cup-r1-t2 here has another first dealer\n"
    assert (data_dir / "cup-r1-t2.json").read_bytes() == before


@pytest.mark.parametrize(
    ("players", "rules", "said"),
    [
        (
            ["P5", "P6", "P7", "X"],
            ["--hands", "2,1"],
            "ohhell: game 'x' (P5, P6, P7, X) is no table of Round 1 of tournament 'cup'\n",
        ),
        (
            ["P5", "P6", "P7", "P8"],
            [],
            "ohhell: game 'x' plays hands 13-2-13, where the tournament plays hands 2-1\n",
        ),
    ],
)
def test_collect_refuses_a_game_of_other_players_or_rules(
    ohhell: Ohhell,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    players: list[str],
    rules: list[str],
    said: str,
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    laptop = tmp_path / "laptop"
    on_laptop(ohhell, laptop, monkeypatch, "new", *players, "-r", "cartier", *rules, "-g", "x")
    assert ohhell.refused("tournament", "collect", "cup", str(laptop / "x.json")) == said
    assert not tables(ohhell)["cup-r1-t2"]["finished"]


def test_collect_refuses_a_file_that_is_not_a_game(ohhell: Ohhell, tmp_path: Path) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]", encoding="utf-8")
    assert f"cannot read {junk}" in ohhell.refused("tournament", "collect", "cup", str(junk))


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (None, "No such file or directory"),
        ("a folder", "not a regular file"),
        ("{nope", "not valid JSON (Expecting property name enclosed in double quotes at line 1)"),
        ("[" * 100_000, "not a game (nested too deep)"),
        (
            '{"id": "t2", "game": {"schema": 99}}',
            f"written by a newer ohhell (schema 99; this version reads {SCHEMA}): upgrade "
            "ohhell-score to open it",
        ),
        ('{"id": "t2", "game": {"schema": 2}}', "missing field 'players'"),
    ],
)
def test_collect_names_the_file_it_cannot_read_and_why(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, content: str | None, why: str
) -> None:
    """One line naming the file, for a file missing, a folder, not JSON, nested too deep,
    and an export (`ohhell export -f json`) whose game cannot be read; nothing changes."""
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    brought = tmp_path / "t2.json"
    if content == "a folder":
        brought.mkdir()
    elif content is not None:
        brought.write_text(content, encoding="utf-8")
    before = (data_dir / "cup-r1-t2.json").read_bytes()
    refused = ohhell.refused("tournament", "collect", "cup", str(brought))
    assert refused == f"ohhell: cannot read {brought}: {why}\n"
    assert (data_dir / "cup-r1-t2.json").read_bytes() == before


def test_a_table_game_put_in_the_data_directory_counts_as_soon_as_it_is_there(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tournament reads tables from the data directory only: a game that
    `ohhell import` (or a copied file) puts there counts, with no further step."""
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    laptop = tmp_path / "laptop"
    laptop.mkdir()
    shutil.move(data_dir / "cup-r1-t2.json", laptop / "cup-r1-t2.json")
    with monkeypatch.context() as m:
        m.setenv("OHHELL_DATA_DIR", str(laptop))
        play_cli(ohhell, "cup-r1-t2", ["P8", "P7", "P6", "P5"])
    assert not tables(ohhell)["cup-r1-t2"]["finished"]
    shutil.copy(laptop / "cup-r1-t2.json", data_dir / "cup-r1-t2.json")
    assert tables(ohhell)["cup-r1-t2"]["standings"] == ["P8", "P7", "P6", "P5"]


def test_a_tournament_plays_a_formula(ohhell: Ohhell) -> None:
    """docs/rules.md "Formulas": a formula works where a scheme name does: every table."""
    new(ohhell, "--no-shuffle", "--scoring", "made: 10 + b; missed: -b", players=FIELD[:8])
    assert ohhell.sheet("-g", "cup-r1-t1")["rules"]["scoring"] == "made: 10+b; missed: -b"
    err = ohhell.refused(
        "tournament", "new", "bad", *FIELD[:8], "--scoring", "made: 1/(b-1); missed: 0", code=2
    )
    assert "divides by zero" in err


def test_a_tournament_saved_under_the_old_progressive_keeps_it(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """docs/rules.md "Scoring": a tournament file of schema 1 that chose `progressive`
    seats its later tables under ``made: 10+b^2; missed: t``."""
    from ohhell_score.domain.rules import OLD_PROGRESSIVE
    from ohhell_score.storage import tournaments

    new(ohhell, "--no-shuffle", "--scoring", "progressive", players=FIELD[:8])
    path = data_dir / "tournaments" / "cup.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"]["scoring"] == "progressive"
    data["schema"] = 1
    path.write_text(json.dumps(data), encoding="utf-8")
    assert tournaments.load("cup").rules.options.scoring == OLD_PROGRESSIVE


# --- the place after a tie (1, 1, 3) ----------------------------------------------


def tied_tournament(ohhell: Ohhell) -> None:
    """Table 1 of two ends 21, 21, 11, 10, the first two with 2 bids made each."""
    ohhell.ok("tournament", "new", "cup", *FIELD[:8], "--no-shuffle", "--hands", "2,1")
    play_cli(ohhell, "cup-r1-t1", FIELD[:4], TIE_1_2)


def test_tournament_show_places_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_tournament(ohhell)
    out = ohhell.ok("tournament", "show", "cup")
    assert (
        "    =1. P1 21 (2 bids made), =1. P2 21 (2 bids made), 3. P3 11 (1 bid made), "
        "4. P4 10 (1 bid made)\n"
    ) in out


def test_the_tournament_exports_place_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_tournament(ohhell)
    csv = ohhell.ok("tournament", "export", "cup", "--format", "csv")
    assert "Round 1,cup-r1-t1,'=1,P2,21,2,\nRound 1,cup-r1-t1,3,P3,11,1,\n" in csv
    assert "Round 1,cup-r1-t1,4,P4,10,1,\n" in csv
    md = ohhell.ok("tournament", "export", "cup", "--format", "md")
    assert "| cup-r1-t1 | =1 | P2 | 21 | 2 |  |\n| cup-r1-t1 | 3 | P3 | 11 | 1 |  |\n" in md
    html = ohhell.ok("tournament", "export", "cup", "--format", "html")
    places = re.findall(r'<tr><td>cup-r1-t1</td><td class="n">([^<]*)</td><td>(P\d)</td>', html)
    assert places == [("=1", "P1"), ("=1", "P2"), ("3", "P3"), ("4", "P4")]


# --- in Dutch ---------------------------------------------------------------------


def dutch_tournament(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD[:8], "--no-shuffle", "--hands", "2,1")
    play_cli(ohhell, "cup-r1-t1", FIELD[:4])


def test_tournament_show_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    dutch_tournament(ohhell)
    out = ohhell.ok("tournament", "show", "cup")
    assert out.startswith(
        "Toernooi cup: 8 spelers; cartier · 2 rondes · rondes 2-1; toernooironde 1 in de "
        "opgegeven volgorde.\n"
    )
    assert "\nToernooironde 1\n" in out
    assert (
        "  cup-r1-t1: P1, P2, P3, P4 (afgelopen)\n"
        "    1. P1 22 (2 biedingen gehaald), 2. P2 21 (2 biedingen gehaald), "
        "3. P3 20 (2 biedingen gehaald), 4. P4 0 (0 biedingen gehaald)\n"
        "    P1 en P2 gaan door\n"
        "  cup-r1-t2: P5, P6, P7, P8 (ronde 1 van 2)\n"
    ) in out
    assert "Toernooironde 1 nog niet klaar: cup-r1-t2 (ronde 1 van 2)" in out
    assert "Round" not in out and "players" not in out


def test_tournament_list_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    dutch_tournament(ohhell)
    out = ohhell.ok("tournament", "list")
    assert out == (
        "cup: 8 spelers; cartier · 2 rondes · rondes 2-1. "
        "Toernooironde 1 nog niet klaar: cup-r1-t2 (ronde 1 van 2)\n"
    )


def test_tournament_new_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    out = ohhell.ok("tournament", "new", "cup", *FIELD[:8], "--no-shuffle", "--hands", "2,1")
    assert out.startswith(
        "Toernooi cup: 8 spelers aan 2 tafels (in de opgegeven volgorde); cartier · 2 rondes "
        "· rondes 2-1.\n"
    )
    assert "Speel elke tafel met `ohhell play -g cup-r1-t1`" in out


def test_the_tournaments_markdown_export_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    dutch_tournament(ohhell)
    out = ohhell.ok("tournament", "export", "cup", "--format", "md")
    assert out.startswith(
        "# Toernooi cup\n\ncartier · 2 rondes · rondes 2-1\n\nKampioen: nog niet bekend\n\n"
        "## Toernooironde 1\n"
    )


def test_tournament_collect_is_in_dutch(
    dutch: None, ohhell: Ohhell, tmp_path: Path, data_dir: Path
) -> None:
    dutch_tournament(ohhell)
    copies = []
    for game in ("cup-r1-t1", "cup-r1-t2"):
        copies.append(tmp_path / f"{game}.json")
        copies[-1].write_bytes((data_dir / f"{game}.json").read_bytes())
    out = ohhell.ok("tournament", "collect", "cup", *map(str, copies))
    assert out == (
        "cup-r1-t1: P1, P2, P3, P4 (afgelopen).\n"
        "cup-r1-t2: P5, P6, P7, P8 (0 van 2 rondes geteld).\n"
    )


# Tests for mutation survivors (docs/mutation-survivors.md)

ZOE_FIRST = ["Zoë", *FIELD[1:8]]


def zoe_wins(ohhell: Ohhell) -> None:
    """Eight players, Zoë the strongest: round 1, then the final she wins."""
    ohhell.ok("tournament", "new", "cup", *ZOE_FIRST, "--no-shuffle", "--hands", "2,1")
    play_round(ohhell, ZOE_FIRST)
    ohhell.ok("tournament", "advance", "cup")
    play_round(ohhell, ZOE_FIRST)


def test_tournament_list_without_tournaments_says_how_to_start_one(ohhell: Ohhell) -> None:
    assert ohhell.ok("tournament", "list") == (
        "No tournaments yet: start one with `ohhell tournament new NAME PLAYER...`.\n"
    )


def test_tournament_list_json_names_the_champion_as_typed_indented_by_two(
    ohhell: Ohhell,
) -> None:
    zoe_wins(ohhell)
    assert ohhell.ok("tournament", "list", "--json") == (
        "[\n"
        "  {\n"
        '    "name": "cup",\n'
        '    "players": 8,\n'
        '    "rules": "cartier",\n'
        '    "rounds": 2,\n'
        '    "champion": "Zoë",\n'
        '    "next": "The tournament is over. Champion: Zoë."\n'
        "  }\n"
        "]\n"
    )


def test_tournament_list_json_says_what_comes_next_in_english_at_a_dutch_table(
    dutch: None, ohhell: Ohhell
) -> None:
    dutch_tournament(ohhell)
    rows = json.loads(ohhell.ok("tournament", "list", "--json"))
    assert rows[0]["next"] == "Round 1 not finished: cup-r1-t2 (hand 1 of 2)"


def _on_an_ascii_stdout(monkeypatch: pytest.MonkeyPatch, name: str, fmt: str) -> str:
    """What `tournament export NAME -f FMT` shows on a stdout of ASCII only
    (PYTHONIOENCODING=ascii), the streams set up as the program sets them up."""
    from ohhell_score.cli.collecting import Listed, export_tournament
    from ohhell_score.views import console

    shown = io.BytesIO()
    stdout = io.TextIOWrapper(shown, encoding="ascii")
    monkeypatch.setattr("sys.stdout", stdout)
    monkeypatch.setattr("sys.stderr", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    console.forgive_encoding()
    export_tournament(name, Listed(fmt), None)
    stdout.flush()
    return shown.getvalue().decode("ascii")


def test_on_an_ascii_stdout_the_json_export_escapes_a_name_and_markdown_has_stand_ins(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ohhell_score.views import console

    zoe_wins(ohhell)
    written = ohhell.ok("tournament", "export", "cup", "-f", "md")
    exported = _on_an_ascii_stdout(monkeypatch, "cup", "json")
    assert "Zo\\u00eb" in exported
    assert json.loads(exported)["champion"] == "Zoë"
    markdown = _on_an_ascii_stdout(monkeypatch, "cup", "md")
    assert markdown == written.encode("ascii", console.PROGRAM).decode("ascii")
    assert "Champion: **Zo?**" in markdown


def test_tournament_export_to_a_file_says_which_file_it_wrote(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    zoe_wins(ohhell)
    out = tmp_path / "cup.md"
    assert ohhell.ok("tournament", "export", "cup", "-f", "md", "-o", str(out)) == (
        f"Wrote {out}.\n"
    )
    assert out.read_text(encoding="utf-8").startswith("# Tournament cup\n")


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_two_files_for_one_table_are_refused_naming_it_and_none_is_collected(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    copies = []
    for laptop, game in (("a", "cup-r1-t1"), ("a", "cup-r1-t2"), ("b", "cup-r1-t2")):
        (tmp_path / laptop).mkdir(exist_ok=True)
        shutil.copy(data_dir / f"{game}.json", tmp_path / laptop / f"{game}.json")
        on_laptop(ohhell, tmp_path / laptop, monkeypatch, "bid", "-g", game, "1")
        copies.append(str(tmp_path / laptop / f"{game}.json"))
    before = {p.name: p.read_bytes() for p in data_dir.glob("cup-r1-t*.json")}
    assert ohhell.refused("tournament", "collect", "cup", *copies) == (
        "ohhell: two files for table cup-r1-t2\n"
    )
    assert {p.name: p.read_bytes() for p in data_dir.glob("cup-r1-t*.json")} == before


def test_tournament_new_says_its_field_its_tables_and_how_they_were_seated(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    """docs/tournaments.md: players given and players from a file make one field; the
    first line says how many, at how many tables, drawn with which seed (to draw the
    same again), then a line a table."""
    more = tmp_path / "more.txt"
    more.write_text("P5\nP6\nP7\nP8\n", encoding="utf-8")
    said = ohhell.ok(
        "tournament",
        "new",
        "cup",
        "P1",
        "P2",
        "P3",
        "P4",
        "--players-file",
        str(more),
        "--seed",
        "7",
        "--hands",
        "2,1",
    ).splitlines()
    seated = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))["rounds"][0]["tables"]
    assert sorted(p for t in seated for p in t["players"]) == [f"P{i}" for i in range(1, 9)]
    assert said[0] == (
        "Tournament cup: 8 players at 2 tables (drawn with seed 7); cartier · 2 hands · hands 2-1."
    )
    assert said[1:4] == [
        "The rounds:",
        "  Round 1: 2 tables of 4, the top 2 go on",
        "  Final: 4 players",
    ]
    assert said[4:7] == ["Round 1:", *(f"  {t['game']}: {', '.join(t['players'])}" for t in seated)]
    first = seated[0]["game"]
    assert said[-1] == (
        f"A table on a laptop of its own: copy its game file (`ohhell path -g {first}`) "
        "into that laptop's data folder (`ohhell path` there), and follow those folders "
        "here with `ohhell tournament collect cup --watch FOLDER...`."
    )


def test_tournament_new_without_players_is_malformed(ohhell: Ohhell) -> None:
    said = ohhell.invalid_value("tournament", "new", "cup")
    assert said == "give the players as arguments or with --players-file"


# Tests for mutation survivors (docs/mutation-survivors.md)


#: The elements a reader reads a line of (a row of a table is a line of its cells).
READ = ("title", "h1", "h2", "p", "th", "td")


def read_page(page: str) -> list[str]:
    """A page as its reader meets it, a line per element read: ``title``, ``h1``,
    ``h2``, ``p`` (a ``strong`` part in ``**``), and a row of a table as its cells;
    text anywhere else is ``stray``. Every element must close in order."""
    read = read_html(page)
    assert read.problems == []
    assert read.unclosed == [], f"never closed: {read.unclosed}"
    lines: list[str] = []
    text: list[str] = []
    cells: list[str] = []

    def walk(element: Element, inside: str | None) -> None:
        if element.tag == "html":
            lines.append(f"lang {element.attrs.get('lang')}")
        if element.tag == "strong":
            text.append("**")
        if element.tag in READ or element.tag == "style":
            inside = element.tag
        for child in element.children:
            if not isinstance(child, str):
                walk(child, inside)
            elif inside and inside != "style":
                text.append(child)
            elif not inside and child.strip():
                lines.append(f"stray {child!r}")
        if element.tag == "strong":
            text.append("**")
        elif element.tag in ("th", "td"):
            cells.append("".join(text))
            text.clear()
        elif element.tag == "tr":
            lines.append("row " + " | ".join(cells))
            cells.clear()
        elif element.tag in READ:
            lines.append(f"{element.tag} " + "".join(text))
            text.clear()

    walk(read.root, None)
    return lines


ROUND_1_ZOE_FIRST = [
    "row cup-r1-t1 | 1 | Zoë | 22 | 2 | {final}",
    "row cup-r1-t1 | 2 | P2 | 21 | 2 | {final}",
    "row cup-r1-t1 | 3 | P3 | 20 | 2 | ",
    "row cup-r1-t1 | 4 | P4 | 0 | 0 | ",
    "row cup-r1-t2 | 1 | P5 | 22 | 2 | {final}",
    "row cup-r1-t2 | 2 | P6 | 21 | 2 | {final}",
    "row cup-r1-t2 | 3 | P7 | 20 | 2 | ",
    "row cup-r1-t2 | 4 | P8 | 0 | 0 | ",
]
FINAL_ZOE_FIRST = [
    "row cup-final | 1 | Zoë | 22 | 2 | {champion}",
    "row cup-final | 2 | P2 | 21 | 2 | ",
    "row cup-final | 3 | P5 | 20 | 2 | ",
    "row cup-final | 4 | P6 | 0 | 0 | ",
]


def test_the_html_export_reads_as_title_champion_and_a_table_a_round(ohhell: Ohhell) -> None:
    zoe_wins(ohhell)
    page = ohhell.ok("tournament", "export", "cup", "--format", "html")
    head = "row table | place | player | total | bids made | next"
    assert read_page(page) == [
        "lang en",
        "title Tournament cup",
        "h1 Tournament cup",
        "p Champion: **Zoë**",
        "h2 Round 1",
        "p cup-r1-t1: finished · cup-r1-t2: finished",
        head,
        *(row.format(final="Final") for row in ROUND_1_ZOE_FIRST),
        "h2 Final",
        "p cup-final: finished",
        head,
        *(row.format(champion="champion") for row in FINAL_ZOE_FIRST),
        "p 8 players; cartier · 2 hands · hands 2-1.",
    ]


def test_the_html_export_of_a_tournament_under_way_has_no_champion_yet(
    ohhell: Ohhell,
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_cli(ohhell, "cup-r1-t1", FIELD[:4])
    ohhell.ok("bid", "-g", "cup-r1-t2", "0", "0", "0", "0")
    page = ohhell.ok("tournament", "export", "cup", "--format", "html")
    assert read_page(page) == [
        "lang en",
        "title Tournament cup",
        "h1 Tournament cup",
        "p Champion: not decided yet",
        "h2 Round 1",
        "p cup-r1-t1: finished · cup-r1-t2: hand 1 of 2",
        "row table | place | player | total | bids made | next",
        "row cup-r1-t1 | 1 | P1 | 22 | 2 | ",
        "row cup-r1-t1 | 2 | P2 | 21 | 2 | ",
        "row cup-r1-t1 | 3 | P3 | 20 | 2 | ",
        "row cup-r1-t1 | 4 | P4 | 0 | 0 | ",
        "row cup-r1-t2 |  | P5 | 0 | 0 | ",
        "row cup-r1-t2 |  | P6 | 0 | 0 | ",
        "row cup-r1-t2 |  | P7 | 0 | 0 | ",
        "row cup-r1-t2 |  | P8 | 0 | 0 | ",
        "p 8 players; cartier · 2 hands · hands 2-1.",
    ]


def test_the_tournaments_html_export_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    zoe_wins(ohhell)
    page = ohhell.ok("tournament", "export", "cup", "--format", "html")
    head = "row tafel | plaats | speler | totaal | biedingen gehaald | daarna"
    assert read_page(page) == [
        "lang nl",
        "title Toernooi cup",
        "h1 Toernooi cup",
        "p Kampioen: **Zoë**",
        "h2 Toernooironde 1",
        "p cup-r1-t1: afgelopen · cup-r1-t2: afgelopen",
        head,
        *(row.format(final="Finale") for row in ROUND_1_ZOE_FIRST),
        "h2 Finale",
        "p cup-final: afgelopen",
        head,
        *(row.format(champion="kampioen") for row in FINAL_ZOE_FIRST),
        "p 8 spelers; cartier · 2 rondes · rondes 2-1.",
    ]


def test_the_html_exports_numbers_stand_right_in_ruled_cells_a_table_a_round_apart(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    """In a browser: place, total and bids made right-aligned (a column of numbers
    reads down), the rest left; every cell ruled; a gap under each round's table."""
    chromium = need("chromium")
    from playwright.sync_api import sync_playwright

    zoe_wins(ohhell)
    page_file = tmp_path / "cup.html"
    page_file.write_text(
        ohhell.ok("tournament", "export", "cup", "--format", "html"), encoding="utf-8"
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(page_file.as_uri())
            aligned = page.evaluate(
                "[...document.querySelectorAll('tr')].map(r => [...r.cells]"
                ".map(c => getComputedStyle(c).textAlign))"
            )
            ruled = page.evaluate(
                "[...document.querySelectorAll('th, td')].every(c => "
                "getComputedStyle(c).borderBottom === '1px solid rgb(153, 153, 153)')"
            )
            gaps = page.evaluate(
                "[...document.querySelectorAll('table')].map(t => getComputedStyle(t).marginBottom)"
            )
        finally:
            browser.close()
    heads, rows = ["center"] * 6, ["start", "right", "start", "right", "right", "start"]
    assert aligned == [heads, *[rows] * 8, heads, *[rows] * 4]
    assert ruled
    assert gaps == ["24px", "24px"]


def test_the_csv_export_keeps_a_negative_total_a_number_and_neutralises_a_name_like_one(
    ohhell: Ohhell,
) -> None:
    """A total of -2 stays a number; a name a spreadsheet would run (`--1` reads as
    the sum 1, `-X1` as minus cell X1) is text, with its `'`."""
    from ohhell_score.storage import games

    players = ["--1", "P2", "P3", "-X1", *FIELD[4:8]]
    scoring = ("--scoring", "made: 10 + b; missed: -b")
    options = ("--no-shuffle", *scoring, "--hands", "2,1")
    ohhell.ok("tournament", "new", "cup", *options, "--", *players)
    games.save(play_pure(games.load("cup-r1-t1"), players[:4]))
    rows = list(csv.reader(io.StringIO(ohhell.ok("tournament", "export", "cup", "-f", "csv"))))
    assert rows[1:5] == [
        ["Round 1", "cup-r1-t1", "1", "'--1", "22", "2", ""],
        ["Round 1", "cup-r1-t1", "2", "P2", "21", "2", ""],
        ["Round 1", "cup-r1-t1", "3", "P3", "20", "2", ""],
        ["Round 1", "cup-r1-t1", "4", "'-X1", "-2", "0", ""],
    ]


def test_the_tournaments_csv_export_is_in_english_at_a_dutch_table(
    dutch: None, ohhell: Ohhell
) -> None:
    """The CSV is data for programs: its head, rounds and outcomes in English."""
    zoe_wins(ohhell)
    rows = list(csv.reader(io.StringIO(ohhell.ok("tournament", "export", "cup", "-f", "csv"))))
    assert rows[0] == ["round", "table", "place", "player", "total", "bids made", "next"]
    assert rows[1] == ["Round 1", "cup-r1-t1", "1", "Zoë", "22", "2", "Final"]
    assert rows[9] == ["Final", "cup-final", "1", "Zoë", "22", "2", "champion"]
    assert len(rows) == 1 + 8 + 4


ZOE_CUP = ["Zoë", *FIELD[1:8]]


def losers_cup(ohhell: Ohhell) -> None:
    """Zoë's cup with a losers' bracket: at table 1 Yan and Zed take the seats of P3
    and P4 after hand 1;
    table 2 ends in a tie for the win; then the final and the losers' final."""
    new(ohhell, "--no-shuffle", "--seed", "1", "--losers-bracket", players=ZOE_CUP)
    play_cli(ohhell, "cup-r1-t1", ZOE_CUP[:4], DISTINCT[:1])
    ohhell.ok("seat", "replace", "P3", "Yan", "-g", "cup-r1-t1")
    ohhell.ok("seat", "replace", "P4", "Zed", "-g", "cup-r1-t1")
    play_cli(ohhell, "cup-r1-t1", ["Zoë", "P2", "Yan", "Zed"], DISTINCT[1:])
    play_cli(ohhell, "cup-r1-t2", ZOE_CUP[4:8], TIE_1_2)
    ohhell.ok("tournament", "advance", "cup")
    play_round(ohhell, ZOE_CUP)


def test_show_of_a_whole_tournament_with_a_losers_final_and_a_stand_in(ohhell: Ohhell) -> None:
    losers_cup(ohhell)
    places = "1. {} 22 (2 bids made), 2. {} 21 (2 bids made), 3. {} 20 (2 bids made), " + (
        "4. {} 0 (0 bids made)"
    )
    assert ohhell.ok("tournament", "show", "cup").splitlines() == [
        "Tournament cup: 8 players; cartier · 2 hands · hands 2-1, losers' bracket; "
        "round 1 seated in the order given.",
        "",
        "Round 1",
        "  cup-r1-t1: Zoë, P2, P3, P4 (finished)",
        "    also sat in: Yan, Zed (they do not go on)",
        "    1. Zoë 22 (2 bids made), 2. P2 21 (2 bids made), 3. P3 10 (1 bid made), "
        "4. P4 0 (0 bids made)",
        "    Zoë and P2 go on",
        "  cup-r1-t2: P5, P6, P7, P8 (finished)",
        "    =1. P5 21 (2 bids made), =1. P6 21 (2 bids made), 3. P7 11 (1 bid made), "
        "4. P8 10 (1 bid made)",
        "    P5 and P6 go on",
        "",
        "Final",
        "  cup-final: P2, P5, P6, Zoë (finished)",
        "    " + places.format("Zoë", "P2", "P5", "P6"),
        "    Zoë wins",
        "",
        "Losers' final",
        "  cup-losers-final: P7, P3, P8, P4 (finished)",
        "    " + places.format("P3", "P4", "P7", "P8"),
        "    P3 wins",
        "",
        "The tournament is over. Champion: Zoë. Losers' final: P3.",
    ]


def test_the_json_export_gives_the_field_rules_seed_bracket_and_ties_indented_by_two(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    losers_cup(ohhell)
    out = tmp_path / "cup.json"
    ohhell.ok("tournament", "export", "cup", "-f", "json", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    assert '"champion": "Zoë"' in text
    assert {key: value for key, value in data.items() if key != "rounds"} == {
        "name": "cup",
        "champion": "Zoë",
        "players": ZOE_CUP,
        "rules": {"preset": "cartier", "hands": "2,1"},
        "seed": 1,
        "losers_bracket": True,
        "losers_final_winner": "P3",
    }
    tied = [[table["tied"] for table in rnd["tables"]] for rnd in data["rounds"]]
    assert tied == [[[], [["P5", "P6"]]], [[]], [[]]]


def test_show_gives_standings_only_of_a_table_begun_and_no_tie_before_it_is_finished(
    ohhell: Ohhell,
) -> None:
    """Table 1 not begun: no standings line; table 2 after one hand, places 2 and 3
    level on 10: its standings, no "tied" yet."""
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_cli(ohhell, "cup-r1-t2", FIELD[4:8], TIE_2_3[:1])
    assert ohhell.ok("tournament", "show", "cup").splitlines() == [
        "Tournament cup: 8 players; cartier · 2 hands · hands 2-1; round 1 seated in the order "
        "given.",
        "",
        "Round 1",
        "  cup-r1-t1: P1, P2, P3, P4 (hand 1 of 2)",
        "  cup-r1-t2: P5, P6, P7, P8 (hand 2 of 2)",
        "    P5 12, P6 10, P7 10, P8 0",
        "",
        "Round 1 not finished: cup-r1-t1 (hand 1 of 2); cup-r1-t2 (hand 2 of 2)",
    ]


def play_quickly(ohhell: Ohhell) -> None:
    """Every unfinished table played to DISTINCT, the player earlier in FIELD placing
    higher, straight into the game files."""
    from ohhell_score.storage import games

    for game, table in tables(ohhell).items():
        if not table["finished"]:
            games.save(play_pure(games.load(game), sorted(table["players"], key=FIELD.index)))


def test_show_says_the_one_player_going_on_from_a_round_before_the_final_goes_on(
    ohhell: Ohhell,
) -> None:
    """24 players: round 2 is 3 tables whose winners alone go on, to a final of 3."""
    new(ohhell, "--no-shuffle", players=FIELD[:24])
    play_quickly(ohhell)
    ohhell.ok("tournament", "advance", "cup")
    play_quickly(ohhell)
    out = ohhell.ok("tournament", "show", "cup").splitlines()
    round_2 = out[out.index("Round 2") + 1 : out.index("Round 2") + 10]
    winners = [table["standings"][0] for table in show(ohhell)["rounds"][1]["tables"]]
    assert round_2[2::3] == [f"    {who} goes on" for who in winners]


def test_show_of_a_whole_tournament_is_in_dutch_stand_ins_too(dutch: None, ohhell: Ohhell) -> None:
    losers_cup(ohhell)

    def places(*seats: tuple[str, str, int, int]) -> str:
        return "    " + ", ".join(
            f"{place}. {who} {total} ({made} {'bod' if made == 1 else 'biedingen'} gehaald)"
            for place, who, total, made in seats
        )

    assert ohhell.ok("tournament", "show", "cup").splitlines() == [
        "Toernooi cup: 8 spelers; cartier · 2 rondes · rondes 2-1, met verliezersronde; "
        "toernooironde 1 in de opgegeven volgorde.",
        "",
        "Toernooironde 1",
        "  cup-r1-t1: Zoë, P2, P3, P4 (afgelopen)",
        "    ook ingevallen: Yan, Zed (zij gaan niet door)",
        places(("1", "Zoë", 22, 2), ("2", "P2", 21, 2), ("3", "P3", 10, 1), ("4", "P4", 0, 0)),
        "    Zoë en P2 gaan door",
        "  cup-r1-t2: P5, P6, P7, P8 (afgelopen)",
        places(("=1", "P5", 21, 2), ("=1", "P6", 21, 2), ("3", "P7", 11, 1), ("4", "P8", 10, 1)),
        "    P5 en P6 gaan door",
        "",
        "Finale",
        "  cup-final: P2, P5, P6, Zoë (afgelopen)",
        places(("1", "Zoë", 22, 2), ("2", "P2", 21, 2), ("3", "P5", 20, 2), ("4", "P6", 0, 0)),
        "    Zoë wint",
        "",
        "Verliezersfinale",
        "  cup-losers-final: P7, P3, P8, P4 (afgelopen)",
        places(("1", "P3", 22, 2), ("2", "P4", 21, 2), ("3", "P7", 20, 2), ("4", "P8", 0, 0)),
        "    P3 wint",
        "",
        "Het toernooi is voorbij. Kampioen: Zoë. Verliezersfinale: P3.",
    ]


LOSERS_CUP_ROWS = [
    ("Round 1", "cup-r1-t1", "1", "Zoë", "22", "2", "Final"),
    ("Round 1", "cup-r1-t1", "2", "P2", "21", "2", "Final"),
    ("Round 1", "cup-r1-t1", "3", "P3", "10", "1", "Losers' final"),
    ("Round 1", "cup-r1-t1", "4", "P4", "0", "0", "Losers' final"),
    ("Round 1", "cup-r1-t2", "=1", "P5", "21", "2", "Final"),
    ("Round 1", "cup-r1-t2", "=1", "P6", "21", "2", "Final"),
    ("Round 1", "cup-r1-t2", "3", "P7", "11", "1", "Losers' final"),
    ("Round 1", "cup-r1-t2", "4", "P8", "10", "1", "Losers' final"),
    ("Final", "cup-final", "1", "Zoë", "22", "2", "champion"),
    ("Final", "cup-final", "2", "P2", "21", "2", ""),
    ("Final", "cup-final", "3", "P5", "20", "2", ""),
    ("Final", "cup-final", "4", "P6", "0", "0", ""),
    ("Losers' final", "cup-losers-final", "1", "P3", "22", "2", "wins the losers' final"),
    ("Losers' final", "cup-losers-final", "2", "P4", "21", "2", ""),
    ("Losers' final", "cup-losers-final", "3", "P7", "20", "2", ""),
    ("Losers' final", "cup-losers-final", "4", "P8", "0", "0", ""),
]


def test_the_csv_export_has_every_seat_of_every_round_and_where_each_went(
    ohhell: Ohhell,
) -> None:
    losers_cup(ohhell)
    csv_text = ohhell.ok("tournament", "export", "cup", "-f", "csv")
    rows = [tuple(row) for row in csv.reader(io.StringIO(csv_text))]
    assert rows[0] == ("round", "table", "place", "player", "total", "bids made", "next")
    assert rows[1:] == [
        (*row[:2], "'" + row[2] if row[2].startswith("=") else row[2], *row[3:])
        for row in LOSERS_CUP_ROWS
    ]


def markdown_of(rows: Sequence[tuple[str, ...]], head: str) -> str:
    """A round's Markdown table: its head, then a line a seat (the round's name left out)."""
    lines = [head, "|---|---|---|---|---|---|"]
    return "\n".join(lines + ["| " + " | ".join(row[1:]) + " |" for row in rows])


def test_the_markdown_export_has_a_section_a_round_with_its_tables_and_where_each_went(
    ohhell: Ohhell,
) -> None:
    losers_cup(ohhell)
    head = "| table | place | player | total | bids made | next |"
    assert ohhell.ok("tournament", "export", "cup", "-f", "md") == (
        "# Tournament cup\n\ncartier · 2 hands · hands 2-1\n\nChampion: **Zoë**\n\n"
        "## Round 1\n\ncup-r1-t1: finished · cup-r1-t2: finished\n\n"
        + markdown_of(LOSERS_CUP_ROWS[:8], head)
        + "\n\n## Final\n\ncup-final: finished\n\n"
        + markdown_of(LOSERS_CUP_ROWS[8:12], head)
        + "\n\n## Losers' final\n\ncup-losers-final: finished\n\n"
        + markdown_of(LOSERS_CUP_ROWS[12:], head)
        + "\n"
    )


def test_the_markdown_export_of_a_whole_tournament_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    losers_cup(ohhell)
    dutch_words = {
        "Final": "Finale",
        "Losers' final": "Verliezersfinale",
        "champion": "kampioen",
        "wins the losers' final": "wint de verliezersfinale",
    }
    rows = [(*row[:6], dutch_words.get(row[6], row[6])) for row in LOSERS_CUP_ROWS]
    head = "| tafel | plaats | speler | totaal | biedingen gehaald | daarna |"
    assert ohhell.ok("tournament", "export", "cup", "-f", "md") == (
        "# Toernooi cup\n\ncartier · 2 rondes · rondes 2-1\n\nKampioen: **Zoë**\n\n"
        "## Toernooironde 1\n\ncup-r1-t1: afgelopen · cup-r1-t2: afgelopen\n\n"
        + markdown_of(rows[:8], head)
        + "\n\n## Finale\n\ncup-final: afgelopen\n\n"
        + markdown_of(rows[8:12], head)
        + "\n\n## Verliezersfinale\n\ncup-losers-final: afgelopen\n\n"
        + markdown_of(rows[12:], head)
        + "\n"
    )


#: Totals 3, 20, 20, 20: places 2 to 4 tie (2 bids made each) across the line below 2.
TIE_2_3_4: Plan = [
    [(1, 2), (0, 0), (0, 0), (0, 0)],
    [(0, 1), (0, 0), (0, 0), (0, 0)],
]


def test_a_three_way_tie_at_the_cut_and_a_table_without_its_game_in_show_and_csv(
    ohhell: Ohhell, data_dir: Path
) -> None:
    new(ohhell, "--no-shuffle", players=FIELD[:8])
    play_cli(ohhell, "cup-r1-t1", FIELD[:4], TIE_2_3_4)
    (data_dir / "cup-r1-t2.json").unlink()
    missing = "no game 'cup-r1-t2' here: play it, or bring it with ohhell import"
    assert ohhell.ok("tournament", "show", "cup").splitlines() == [
        "Tournament cup: 8 players; cartier · 2 hands · hands 2-1; round 1 seated in the order "
        "given.",
        "",
        "Round 1",
        "  cup-r1-t1: P1, P2, P3, P4 (finished)",
        "    =1. P2 20 (2 bids made), =1. P3 20 (2 bids made), =1. P4 20 (2 bids made), "
        "4. P1 3 (0 bids made)",
        "    tied: P2, P3 and P4",
        f"  cup-r1-t2: P5, P6, P7, P8 ({missing})",
        "",
        f"Round 1 not finished: cup-r1-t2 ({missing})",
    ]
    rows = list(csv.reader(io.StringIO(ohhell.ok("tournament", "export", "cup", "-f", "csv"))))
    assert rows[1:] == [
        ["Round 1", "cup-r1-t1", "'=1", "P2", "20", "2", ""],
        ["Round 1", "cup-r1-t1", "'=1", "P3", "20", "2", ""],
        ["Round 1", "cup-r1-t1", "'=1", "P4", "20", "2", ""],
        ["Round 1", "cup-r1-t1", "4", "P1", "3", "0", ""],
        ["Round 1", "cup-r1-t2", "", "P5", "", "", ""],
        ["Round 1", "cup-r1-t2", "", "P6", "", "", ""],
        ["Round 1", "cup-r1-t2", "", "P7", "", "", ""],
        ["Round 1", "cup-r1-t2", "", "P8", "", "", ""],
    ]


def test_what_to_do_next_names_the_round_or_both_rounds_just_finished(ohhell: Ohhell) -> None:
    """16 players with a losers' bracket: round 1, then round 2 and losers' round 2."""
    new(ohhell, "--no-shuffle", "--losers-bracket", players=FIELD[:16])
    play_quickly(ohhell)
    advance = "seat the next round with `ohhell tournament advance cup`."
    assert ohhell.ok("tournament", "show", "cup").splitlines()[-1] == (
        f"Round 1 finished: {advance}"
    )
    ohhell.ok("tournament", "advance", "cup")
    play_quickly(ohhell)
    assert ohhell.ok("tournament", "show", "cup").splitlines()[-1] == (
        f"Round 2 and Losers' round 2 finished: {advance}"
    )
