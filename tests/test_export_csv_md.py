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
