"""CSV and Markdown exports, parsed back and compared with `show --json`."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest

from ohhell_score.actions.entries import load_progress
from ohhell_score.domain.rules import Suit
from ohhell_score.views.export import FORMULA_STARTS, neutralise
from ohhell_score.views.sheet import standings
from tests.conftest import Ohhell
from tests.games import saved_game

PLAYERS = ("Ann Marie", "<b>Bo</b>", "@home", "Zoë", "+plus")


def plain(cell: str) -> str:
    """What a spreadsheet shows for a neutralised cell: the text after the quote."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell


def number(cell: str) -> int | None:
    return None if cell == "" else int(cell)


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


@pytest.mark.parametrize("hands", [None, 4], ids=["finished", "half-played"])
def test_long_csv_has_a_row_per_player_and_hand_matching_show_json(
    ohhell: Ohhell, hands: int | None
) -> None:
    saved_game("friday", PLAYERS, "ten-to-one", hands=hands)
    sheet = ohhell.sheet()
    rows = csv_rows(ohhell.ok("export", "--format", "csv"))
    assert len(rows) == len(sheet["hands"]) * len(PLAYERS)
    running = dict.fromkeys(PLAYERS, 0)
    for row in rows:
        hand = sheet["hands"][int(row["hand"]) - 1]
        player = plain(row["player"])
        assert int(row["cards"]) == hand["cards"]
        assert plain(row["dealer"]) == hand["dealer"]
        assert (row["trump"] or None) == hand["trump"]
        assert number(row["bid"]) == hand["bids"].get(player)
        assert number(row["tricks"]) == hand["tricks"].get(player)
        assert number(row["score"]) == hand["scores"].get(player)
        if hand["scores"]:
            running[player] += hand["scores"][player]
            assert int(row["total"]) == running[player]
            made = hand["bids"][player] == hand["tricks"][player]
            assert row["made"] == ("yes" if made else "no")
        else:
            assert row["total"] == row["made"] == ""
    assert running == sheet["totals"]


def test_wide_csv_has_a_row_per_hand_with_columns_per_player(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "ten-to-one")
    sheet = ohhell.sheet()
    rows = csv_rows(ohhell.ok("export", "--format", "csv", "--wide"))
    assert len(rows) == len(sheet["hands"])
    for row, hand in zip(rows, sheet["hands"], strict=True):
        cells = {plain(k): v for k, v in row.items()}
        assert int(cells["hand"]) == hand["number"]
        for p in PLAYERS:
            assert int(cells[f"{p} bid"]) == hand["bids"][p]
            assert int(cells[f"{p} tricks"]) == hand["tricks"][p]
            assert int(cells[f"{p} score"]) == hand["scores"][p]
    last = {plain(k): v for k, v in rows[-1].items()}
    assert {p: int(last[f"{p} total"]) for p in PLAYERS} == sheet["totals"]


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "ten-to-one", hands=2)
    text = ohhell.ok("export", "--format", "csv")
    names = {row["player"] for row in csv_rows(text)}
    assert names == {"Ann Marie", "<b>Bo</b>", "'@home", "Zoë", "'+plus"}
    wide_header = csv_rows(ohhell.ok("export", "--format", "csv", "--wide"))[0].keys()
    assert "'@home bid" in wide_header and "'+plus total" in wide_header


@pytest.mark.parametrize("cell", ["=cmd|' /C calc'!A0", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
def test_every_formula_start_is_neutralised(cell: str) -> None:
    assert neutralise(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["Ann Marie", "Zoë", "<b>Bo</b>", "a=b", "x-1"])
def test_ordinary_text_is_left_alone(cell: str) -> None:
    assert neutralise(cell) == cell


def test_negative_scores_stay_numbers(ohhell: Ohhell) -> None:
    """Minus scoring (docs/rules.md) gives -d for a missed bid: a number, not a formula."""
    saved_game("friday", ("Ann", "Bob", "Cat"), "classic", scoring="minus")
    scores = [row["score"] for row in csv_rows(ohhell.ok("export", "--format", "csv"))]
    assert any(s.startswith("-") for s in scores)
    assert all(re.fullmatch(r"-?\d+", s) for s in scores)


def test_csv_is_utf8_with_crlf_rows_and_excel_adds_a_byte_order_mark(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "ten-to-one", hands=1)
    plain_bytes = ohhell("export", "--format", "csv").stdout_bytes
    excel_bytes = ohhell("export", "--format", "csv", "--excel").stdout_bytes
    assert plain_bytes.startswith(b"hand,cards,dealer")
    assert excel_bytes == b"\xef\xbb\xbf" + plain_bytes
    assert "Zoë".encode() in plain_bytes
    assert plain_bytes.count(b"\r\n") == 1 + 10 * len(PLAYERS)


# --- Markdown ---------------------------------------------------------------------------

CELL = re.compile(r"(\d+)/(\d+)( ✓)? ([+-]\d+) \((-?\d+)\)")


def md_unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def md_tables(text: str) -> list[list[list[str]]]:
    """Every pipe table: rows of cells (the alignment row left out), unescaped."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                current.append([md_unescape(c.strip()) for c in cells])
        elif current:
            tables.append(current)
            current = []
    return tables


SYMBOLS = {s.symbol: s.value for s in Suit}


def check_md_against_sheet(text: str, sheet: dict[str, Any]) -> None:
    standings, hands = md_tables(text)
    assert standings[0] == ["Place", "Player", "Total", "Bids made"]
    totals = {row[1]: int(row[2]) for row in standings[1:]}
    assert totals == sheet["totals"]
    ranked = [int(row[2]) for row in standings[1:]]
    assert ranked == sorted(ranked, reverse=True)
    header = hands[0]
    players = header[4:-1]
    assert players == sheet["players"]
    assert header[-1] == "±"
    for row in hands[1:]:
        hand = sheet["hands"][int(row[0].rstrip("*")) - 1]
        bids = hand["bids"]
        over = sum(bids.values()) - hand["cards"] if len(bids) == len(players) else None
        assert row[-1].rstrip("†") == ("" if over is None else f"{over:+d}".replace("+0", "0"))
        assert int(row[1]) == hand["cards"]
        assert row[2] == hand["dealer"]
        assert SYMBOLS.get(row[3]) == hand["trump"]
        for p, cell in zip(players, row[4:-1], strict=True):
            if not hand["scores"]:
                assert cell == (f"{hand['bids'][p]}/·" if p in hand["bids"] else "")
                continue
            m = CELL.fullmatch(cell)
            assert m, cell
            assert int(m[1]) == hand["bids"][p]
            assert int(m[2]) == hand["tricks"][p]
            assert bool(m[3]) == (hand["bids"][p] == hand["tricks"][p])
            assert int(m[4]) == hand["scores"][p]


@pytest.mark.parametrize("preset", ["cartier", "ten-to-one", "classic"])
def test_markdown_tables_parse_back_to_show_json(ohhell: Ohhell, preset: str) -> None:
    saved_game("friday", PLAYERS[:4], preset)
    check_md_against_sheet(ohhell.ok("export", "--format", "md"), ohhell.sheet())


def test_markdown_of_a_half_played_game_lists_the_hands_entered(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS[:4], "cartier", hands=3)
    from ohhell_score.domain.game import with_bids
    from ohhell_score.storage import games

    games.change("friday", lambda p: with_bids(p, [(None, 1)]))
    text = ohhell.ok("export", "--format", "md")
    check_md_against_sheet(text, ohhell.sheet())
    assert [int(r[0]) for r in md_tables(text)[1][1:]] == [1, 2, 3, 4]
    assert "After 3 of 23 hands" in text


def test_markdown_gives_the_winners_before_the_table(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS[:4], "classic")
    sheet = ohhell.sheet()
    text = ohhell.ok("export", "--format", "md")
    verdict = next(line for line in text.splitlines() if line.startswith("**"))
    assert all(md_unescape(w) in md_unescape(verdict) for w in sheet["winners"])
    assert text.index(verdict) < text.index("| Hand |")


def test_markdown_says_when_the_win_is_shared(ohhell: Ohhell) -> None:
    """Seed 004: equal highest totals share the win."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "classic", "--hands", "1", "-g", "tie")
    ohhell.ok("trump", "hearts")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "Ann=1", "Bob=0", "Cat=0")
    text = ohhell.ok("export", "--format", "md")
    assert "**Bob and Cat share the win with 10.**" in text


def test_markdown_escapes_names_that_would_be_markup(ohhell: Ohhell) -> None:
    saved_game("friday", ("A|B", "<b>Bo</b>", "*star*", "Zoë"), "classic", hands=2)
    text = ohhell.ok("export", "--format", "md")
    assert "<b>" not in text and "*star*" not in text and "A|B" not in text
    assert "A\\|B" in text and "\\<b\\>Bo\\</b\\>" in text and "\\*star\\*" in text
    check_md_against_sheet(text, ohhell.sheet())


# --- the place after a tie (1, 1, 3) ----------------------------------------------


def tied_game(ohhell: Ohhell) -> None:
    """Ann deals one card: Bob and Cat make their bids of 0 (10 each), Ann takes the
    trick she did not bid (1)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "0", "0", "1")


def test_the_sheets_standings_give_the_player_after_a_tie_place_3(ohhell: Ohhell) -> None:
    tied_game(ohhell)
    ranked = [(st.place, st.player, st.total) for st in standings(load_progress("t"))]
    assert ranked == [(1, "Bob", 10), (1, "Cat", 10), (3, "Ann", 1)]


def test_the_markdown_export_places_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_game(ohhell)
    out = ohhell.ok("export", "--format", "md")
    assert "| 1 | Bob | 10 | 1 of 1 |\n| 1 | Cat | 10 | 1 of 1 |\n| 3 | Ann | 1 | 0 of 1 |" in out


@pytest.mark.parametrize(
    ("options", "why"),
    [
        (["--format", "md", "--wide"], "--wide and --excel are for --format csv"),
        (["--format", "json", "--excel"], "--wide and --excel are for --format csv"),
        (["--format", "csv", "--paper", "a4"], "--paper is for --format html"),
    ],
)
def test_an_option_of_another_format_is_malformed(
    ohhell: Ohhell, options: list[str], why: str
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat")
    assert ohhell.invalid_value("export", *options) == why


# --- whole files (survivors) ----------------------------------------------------


PEOPLE = ("Ann", "B*b", "Cat", "Dan", "Eve")
FORMULA_GAME = (
    "classic · 2 hands · hands 2-1 · trump: none · scoring: bid made, 10 + the bid; "
    "bid missed, minus the difference × 2 · A\\|nn, Bob, Cat"
)


def seat_changed_game(ohhell: Ohhell) -> None:
    """Hand 1 scored with trump named and the hook; a note with a cell a spreadsheet
    would run after its ';'; Eve takes Dan's seat; hand 2 half bid."""
    ohhell.ok(
        "new", "Ann", "B*b", "Cat", "Dan", "--rules", "cartier", "--hands", "3,2,1", "-g", "md"
    )
    ohhell.ok("bid", "1", "1", "0", "0")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "1", "1", "0", "1")
    ohhell.ok("note", "misdeal; =Ann redealt")
    ohhell.ok("seat", "replace", "Dan", "Eve")
    ohhell.ok("bid", "1", "0")


def test_the_markdown_of_a_game_with_a_note_and_a_seat_change_is_every_line_of_it(
    ohhell: Ohhell,
) -> None:
    seat_changed_game(ohhell)
    assert ohhell.ok("export", "--format", "md").splitlines() == [
        "# Oh Hell: md",
        "",
        "cartier · 3 hands · hands 3-1 · Ann, B\\*b, Cat, Eve · 1 of 3 hands",
        "",
        "**After 1 of 3 hands B\\*b and Cat share the lead with 11.**",
        "",
        "| Place | Player | Total | Bids made |",
        "|---:|---|---:|---:|",
        "| 1 | B\\*b | 11 | 1 of 1 |",
        "| 1 | Cat | 11 | 1 of 1 |",
        "| 3 | Ann | 1 | 0 of 1 |",
        "| 4 | Eve | 0 | 0 of 0 |",
        "| – | Dan (gave the seat to Eve after hand 1) | 10 | 1 of 1 |",
        "",
        "| Hand | Cards | Dealer | Trump | Ann | B\\*b | Cat | Dan | Eve | ± |",
        "|---:|---:|---|:-:|---:|---:|---:|---:|---:|---:|",
        "| 1 | 3 | Ann | ♥ | 0/1 +1 (1) | 1/1 ✓ +11 (11) | 1/1 ✓ +11 (11) "
        "| 0/0 ✓ +10 (10) |  | -1† |",
        "| 2 | 2 | B\\*b |  |  |  | 1/· | → Eve | 0/· |  |",
        "",
        "Each cell: bid/tricks (✓ when the bid was made), the hand's score, (the running total).",
        "",
        "- Trump named by: 1 B\\*b",
        "- Hand 2 note: misdeal; =Ann redealt",
        "- ± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
        "",
        "Seat changes:",
        "",
        "- Eve takes Dan's seat from hand 2.",
    ]


def test_the_csv_of_a_game_with_a_note_and_a_seat_change_is_every_row_of_it(
    ohhell: Ohhell,
) -> None:
    seat_changed_game(ohhell)
    assert ohhell("export", "--format", "csv").stdout_bytes.decode().split("\r\n") == [
        "hand,cards,dealer,trump,player,bid,tricks,made,score,total,trump_named_by,over_under,hook,note,adjusted",
        "1,3,Ann,hearts,Ann,0,1,no,1,1,B*b,-1,yes,,",
        "1,3,Ann,hearts,B*b,1,1,yes,11,11,B*b,-1,yes,,",
        "1,3,Ann,hearts,Cat,1,1,yes,11,11,B*b,-1,yes,,",
        "1,3,Ann,hearts,Dan,0,0,yes,10,10,B*b,-1,yes,,",
        "2,2,B*b,,Ann,,,,,,,,,misdeal;' =Ann redealt,",
        "2,2,B*b,,B*b,,,,,,,,,misdeal;' =Ann redealt,",
        "2,2,B*b,,Cat,1,,,,,,,,misdeal;' =Ann redealt,",
        "2,2,B*b,,Eve,0,,,,,,,,misdeal;' =Ann redealt,",
        "3,1,Cat,,Ann,,,,,,,,,,",
        "3,1,Cat,,B*b,,,,,,,,,,",
        "3,1,Cat,,Cat,,,,,,,,,,",
        "3,1,Cat,,Eve,,,,,,,,,,",
        "",
    ]
    assert ohhell("export", "--format", "csv", "--wide").stdout_bytes.decode().split("\r\n") == [
        "hand,cards,dealer,trump,"
        + ",".join(f"{p} {w}" for p in PEOPLE for w in ("bid", "tricks", "score", "total"))
        + ",trump_named_by,over_under,hook,note,adjusted",
        "1,3,Ann,hearts,0,1,1,1,1,1,11,11,1,1,11,11,0,0,10,10,,,,,B*b,-1,yes,,",
        "2,2,B*b,,,,,,,,,,1,,,,,,,,0,,,,,,,misdeal;' =Ann redealt,",
        "3,1,Cat,,,,,,,,,,,,,,,,,,,,,,,,,,",
        "",
    ]


def test_the_markdown_of_a_formula_game_says_the_formula_before_and_the_winner_after(
    ohhell: Ohhell,
) -> None:
    formula = "made: 10+b; missed: -d*2"
    ohhell.ok(
        "new",
        "A|nn",
        "Bob",
        "Cat",
        "--hands",
        "2,1",
        "--trump",
        "none",
        "--scoring",
        formula,
        "-g",
        "fy",
    )
    assert ohhell.ok("export", "--format", "md").splitlines() == [
        "# Oh Hell: fy",
        "",
        f"{FORMULA_GAME} · 0 of 2 hands",
        "",
        "**No hand scored yet (of 2).**",
        "",
        "Scoring: bid made, 10 + the bid; bid missed, minus the difference × 2.",
        "",
        "| Place | Player | Total | Bids made |",
        "|---:|---|---:|---:|",
        "| 1 | A\\|nn | 0 | 0 of 0 |",
        "| 1 | Bob | 0 | 0 of 0 |",
        "| 1 | Cat | 0 | 0 of 0 |",
    ]
    ohhell.ok("bid", "0", "1", "0")
    ohhell.ok("tricks", "0", "1", "1")
    assert "**After 1 of 2 hands Cat leads with 11.**" in ohhell.ok("export", "--format", "md")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "Cat=1", "A|nn=0", "Bob=0")
    assert ohhell.ok("export", "--format", "md").splitlines() == [
        "# Oh Hell: fy",
        "",
        f"{FORMULA_GAME} · finished",
        "",
        "**Cat wins with 22.**",
        "",
        "Scoring: bid made, 10 + the bid; bid missed, minus the difference × 2.",
        "",
        "| Place | Player | Total | Bids made |",
        "|---:|---|---:|---:|",
        "| 1 | Cat | 22 | 2 of 2 |",
        "| 2 | Bob | 8 | 1 of 2 |",
        "| 3 | A\\|nn | -4 | 0 of 2 |",
        "",
        "| Hand | Cards | Dealer | Trump | A\\|nn | Bob | Cat | ± |",
        "|---:|---:|---|:-:|---:|---:|---:|---:|",
        "| 1 | 2 | A\\|nn | NT | 0/1 -2 (-2) | 0/0 ✓ +10 (10) | 1/1 ✓ +11 (11) | -1† |",
        "| 2 | 1 | Bob | NT | 1/0 -2 (-4) | 1/0 -2 (8) | 1/1 ✓ +11 (22) | +2 |",
        "",
        "Each cell: bid/tricks (✓ when the bid was made), the hand's score, (the running total).",
        "",
        "- ± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
    ]


def test_a_piece_after_a_semicolon_is_neutralised_after_spaces_only() -> None:
    """A tab after the spaces starts a formula itself; a letter before "=" does not."""
    assert neutralise("x; \tcmd") == "x;' \tcmd"
    assert neutralise("X=1; XX+2") == "X=1; XX+2"


def test_the_wide_csv_says_the_bids_over_the_tricks_without_a_plus(ohhell: Ohhell) -> None:
    formula = "made: 10+b; missed: -d*2"
    ohhell.ok(
        "new", "A|nn", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "--scoring", formula
    )
    ohhell.ok("bid", "0", "1", "0")
    ohhell.ok("tricks", "0", "1", "1")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "Cat=1", "A|nn=0", "Bob=0")
    rows = ohhell("export", "--format", "csv", "--wide").stdout_bytes.decode().split("\r\n")
    assert rows[1:] == [
        "1,2,A|nn,notrump,0,1,-2,-2,0,0,10,10,1,1,11,11,,-1,yes,,",
        "2,1,Bob,notrump,1,0,-2,-4,1,0,-2,8,1,1,11,22,,2,,,",
        "",
    ]


def test_the_wide_csv_leaves_the_cells_of_who_got_up_empty_after_they_left(
    ohhell: Ohhell,
) -> None:
    """Dan's total stays 10 on the sheet after he gave his seat to Eve, but he did not
    sit at hand 2: the wide row of hand 2 has nothing under Dan."""
    seat_changed_game(ohhell)
    ohhell.ok("bid", "0", "0")
    ohhell.ok("trump", "spades")
    ohhell.ok("tricks", "1", "1", "0", "0")
    rows = ohhell("export", "--format", "csv", "--wide").stdout_bytes.decode().split("\r\n")
    assert rows[2] == (
        "2,2,B*b,spades,0,0,10,11,0,0,10,21,1,1,11,22,,,,,0,1,1,1,Cat,-1,yes,"
        "misdeal;' =Ann redealt,"
    )
