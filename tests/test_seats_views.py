"""The views of a game whose seats changed (the sheet, HTML in
Chromium, CSV and Markdown of a game with a replace, a leave and a join read correctly).

The game: ten-to-one for Ann, Bob, Cat and Dan; before hand 3 Dave takes Bob's seat
with Bob's total, before hand 4 Cat leaves, before hand 5 Eve joins after Ann with 10.
"""

from __future__ import annotations

import csv
import io
import random
import re
from pathlib import Path

import pytest

from tests.conftest import need
from tests.test_export_html import parse, tree
from tests.test_print import pdf_pages, write

from .scripted import TEN_TO_ONE_HANDS, Table, ok, sheet
from .test_seats import FOUR, change, play_hand

A4 = (595, 842)


@pytest.fixture
def seats_game() -> Table:
    table = Table(
        "seats",
        "ten-to-one",
        FOUR,
        TEN_TO_ONE_HANDS,
        "from:6",
        "schedule:H,C,S,D,N",
        "standard",
        52,
    )
    ok("new", *FOUR, "--rules", "ten-to-one", "-g", "seats")
    rng = random.Random(16)
    plan = {2: ("replace", "Bob", "Dave", True), 3: ("leave", "Cat"), 4: ("join", "Eve", "Ann", 10)}
    while (k := table.current()) is not None:
        if k in plan:
            change(table, plan[k])
        play_hand(table, rng)
    assert sheet("-g", "seats") == table.expected()
    return table


def test_the_sheet_shows_who_sat_when(seats_game: Table) -> None:
    """Blank cells while away, "→ Dave" and "left" in the first hand without them, and
    each change in words under the sheet."""
    lines = ok("show", "-g", "seats").splitlines()
    header = lines[1]
    names = ["Ann", "Eve", "Bob", "Dave", "Cat", "Dan"]  # a newcomer beside the seat taken
    assert [h for h in header.split() if h != "±"][-6:] == names  # ± comes last
    rows = {line.split()[0].lstrip("▶"): line for line in lines[3:13]}

    def under(row: str, text: str, name: str) -> bool:  # right-aligned, as the name
        return row.index(text) + len(text) == header.index(name) + len(name)

    assert under(rows["3"], "→ Dave", "Bob")
    assert under(rows["4"], "left", "Cat")
    assert rows["1"][header.index("Dave") - 2 : header.index("Dave") + 4].strip() == ""
    assert rows["9"][header.index("Cat") - 4 : header.index("Cat") + 3].strip() == ""
    text = "\n".join(lines)
    assert "Players, clockwise: Ann, Eve, Dave, Dan" in text
    carried = sheet("-g", "seats")["carried"][0]["points"]
    assert f"Seats: Dave takes Bob's seat from hand 3, with Bob's {carried} points." in text
    assert "Seats: Cat leaves after hand 3 with" in text
    assert "Seats: Eve joins after Ann from hand 5, starting at 10." in text


def test_the_long_csv_has_a_row_for_each_player_at_each_hand(seats_game: Table) -> None:
    rows = list(csv.DictReader(io.StringIO(ok("export", "-g", "seats", "--format", "csv"))))
    for k in range(10):
        at_hand = [r["player"] for r in rows if r["hand"] == str(k + 1)]
        assert at_hand == seats_game.seating(k)
    last = {r["player"]: r["total"] for r in rows if r["hand"] == "10"}
    assert last == {p: str(t) for p, t in seats_game.totals().items() if p in last}


def test_the_wide_csv_leaves_a_players_cells_empty_while_away(seats_game: Table) -> None:
    text = ok("export", "-g", "seats", "--format", "csv", "--wide")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["Eve bid"] == "" and rows[4]["Eve bid"] != ""
    assert rows[3]["Cat bid"] == "" and rows[2]["Cat bid"] != ""
    assert rows[3]["Cat total"] == "" and rows[2]["Cat total"] != ""  # gone: no kept total
    assert rows[0]["Eve total"] == ""  # not yet come
    assert rows[2]["Dave total"] == str(
        seats_game.scores(0)["Bob"] + seats_game.scores(1)["Bob"] + seats_game.scores(2)["Dave"]
    )


def test_the_markdown_marks_who_got_up_and_lists_the_changes(seats_game: Table) -> None:
    text = ok("export", "-g", "seats", "--format", "md")
    totals = seats_game.totals()
    assert f"| – | Cat (left after hand 3) | {totals['Cat']} |" in text
    carried = sheet("-g", "seats")["carried"][0]["points"]  # Bob's last total, not 0
    assert f"| – | Bob (gave the seat to Dave after hand 2) | {carried} |" in text
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("| Hand |"))
    head, hand3 = lines[at], lines[at + 4]
    column = [c.strip() for c in head.split("|")].index("Bob")
    assert [c.strip() for c in hand3.split("|")][column] == "→ Dave"
    assert "- Eve joins after Ann from hand 5, starting at 10." in text


def test_the_html_sheet_reads_correctly_and_prints_on_one_page(
    seats_game: Table, tmp_path: Path
) -> None:
    text = ok("export", "-g", "seats", "--format", "html", "--paper", "a4")
    page = parse(text)
    away = [a for t, a in page.tags if t == "td" and "away" in (a.get("class") or "")]
    assert len(away) == 4 + 8 + 7 + 2  # Eve before 5, Bob from 3, Cat from 4, Dave before 3
    assert "→ Dave" in page.text and "left" in page.text
    assert page.titles == ["Ann", "Eve", "Bob", "Dave", "Cat", "Dan"]  # a chart line each
    assert any("left after hand 3" in t for t in page.text)
    need("chromium", "chromium-browser")
    assert pdf_pages(tmp_path, write(tmp_path, "seats.html", text)) in ([A4], [A4[::-1]])


# --- a seat handed over with its total -----------------------------


@pytest.fixture
def handed_game() -> None:
    """Six hands of 3 cards, no trump, no hook: Ann deals first, so Bob bids first.
    Hands 1-2 give Bob 11 + 10 = 21; before hand 3 Fay takes his seat with the 21;
    hands 3-6 are played by Ann, Fay, Cat and Dan. Ann 44, Fay 44, Cat 45, Dan 45."""
    ok("new", *FOUR, "--hands", "3,3,3,3,3,3", "--trump", "none", "--hook", "never", "-g", "h")
    for _ in range(2):
        ok("bid", "1", "1", "1", "0")
        ok("tricks", "1", "1", "1", "0")
    ok("seat", "replace", "Bob", "Fay", "--carry")
    for _ in range(4):
        ok("bid", "1", "1", "1", "0")
        ok("tricks", "1", "1", "0", "1")
    data = sheet("-g", "h")
    assert data["totals"]["Bob"] == 0  # the contract: his total went with the seat
    assert data["carried"] == [{"from": "Bob", "to": "Fay", "points": 21, "after_hand": 2}]


@pytest.mark.usefixtures("handed_game")
def test_the_sheets_totals_show_the_last_total_and_where_the_seat_went() -> None:
    lines = ok("show", "-g", "h").splitlines()
    header = lines[1]
    total = next(line for line in lines if line.lstrip().startswith("Total"))
    end = header.index("Bob") + len("Bob")  # right-aligned under the name
    assert total[:end].endswith("21 → Fay")
    assert total[end:].split()[0] == "44"  # Fay's, unchanged


@pytest.mark.usefixtures("handed_game")
def test_the_html_totals_standings_and_chart_show_the_last_total() -> None:
    text = ok("export", "-g", "h", "--format", "html")
    foot = text[text.index("<tfoot>") : text.index("</tfoot>")]
    totals = re.findall(r'<td class="seat[^>]*>([^<]*)</td>', foot)
    assert totals == ["44", "21 → Fay", "44", "45 ★", "45 ★"]
    assert "<b>Bob</b> 21 (2/2 made)" in text
    svg = text[text.index("<svg") : text.index("</svg>")]
    ends = {
        name: points.split()[-1].split(",")
        for points, name in re.findall(r'<polyline[^>]*points="([^"]*)"><title>(\w+)<', svg)
    }
    labels = {name: (float(x), float(y)) for x, y, name in re.findall(LABEL, svg)}
    bob_x, bob_y = map(float, ends["Bob"])
    dan_x = float(ends["Dan"][0])
    assert bob_x < dan_x  # Bob's line stops at hand 2, nowhere near 0 at the end
    assert 0 < labels["Bob"][0] - bob_x <= 10 and abs(labels["Bob"][1] - bob_y) <= 11
    assert labels["Dan"][0] > dan_x  # the others' names at the right, as before


LABEL = r'<text(?: class="\w+")? x="([\d.]+)" y="([\d.]+)" fill="#\w+">(\w+)</text>'


def test_a_player_who_has_not_played_yet_has_no_line_and_no_name_in_the_chart() -> None:
    """Eve joined before hand 2: no line yet, so no name drawn without a line."""
    ok("new", *FOUR, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "j")
    ok("bid", "1", "1", "1", "0")
    ok("tricks", "1", "1", "1", "0")
    ok("seat", "join", "Eve", "--score", "5")
    text = ok("export", "-g", "j", "--format", "html")
    svg = text[text.index("<svg") : text.index("</svg>")]
    assert [name for _x, _y, name in re.findall(LABEL, svg)] == ["Bob", "Cat", "Dan", "Ann"]
    assert parse(text).titles == list(FOUR)
    legend = text[text.index('<ul class="legend">') :]
    assert "Eve" not in legend[: legend.index("</ul>")]


@pytest.mark.usefixtures("handed_game")
def test_the_markdown_standings_show_the_last_total() -> None:
    text = ok("export", "-g", "h", "--format", "md")
    assert "| – | Bob (gave the seat to Fay after hand 2) | 21 | 2 of 2 |" in text


def test_the_players_who_got_up_stand_after_the_seated_best_first() -> None:
    """Ann (10) and Bob (11) leave after hand 1: under the seated players, Bob, then Ann,
    not in the order of their names."""
    ok("new", *FOUR, "Eve", "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "up")
    ok("bid", "1", "1", "1", "0", "0")  # Bob, Cat, Dan, Eve, Ann (dealer)
    ok("tricks", "1", "1", "1", "0", "0")
    ok("seat", "leave", "Ann")
    ok("seat", "leave", "Bob")
    md = ok("export", "-g", "up", "--format", "md").splitlines()
    assert md[md.index("| Place | Player | Total | Bids made |") :][:7] == [
        "| Place | Player | Total | Bids made |",
        "|---:|---|---:|---:|",
        "| 1 | Cat | 11 | 1 of 1 |",
        "| 1 | Dan | 11 | 1 of 1 |",
        "| 3 | Eve | 10 | 1 of 1 |",
        "| – | Bob (left after hand 1) | 11 | 1 of 1 |",
        "| – | Ann (left after hand 1) | 10 | 1 of 1 |",
    ]


def test_who_leaves_is_said_to_leave_with_the_total_after_the_last_hand() -> None:
    """Bob leaves after hand 2 with 21, his total after it (11 after hand 1); Eve, who
    joined before hand 3 and leaves before playing it, with 0."""
    ok("new", *FOUR, "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "lv")
    for _ in range(2):
        ok("bid", "1", "1", "1", "0")
        ok("tricks", "1", "1", "1", "0")
    ok("seat", "join", "Eve")
    ok("seat", "leave", "Eve")
    ok("seat", "leave", "Bob")
    lines = ok("show", "-g", "lv").splitlines()
    assert [line for line in lines if line.startswith("Seats: ")] == [
        "Seats: Eve joins after Dan from hand 3.",
        "Seats: Eve leaves after hand 2 with 0 (a player who left cannot win).",
        "Seats: Bob leaves after hand 2 with 21 (a player who left cannot win).",
    ]


@pytest.mark.usefixtures("handed_game")
def test_the_wide_csv_gives_no_total_to_a_player_after_handing_it_over() -> None:
    rows = list(csv.DictReader(io.StringIO(ok("export", "-g", "h", "--format", "csv", "--wide"))))
    assert [r["Bob total"] for r in rows] == ["11", "21", "", "", "", ""]
    long = list(csv.DictReader(io.StringIO(ok("export", "-g", "h", "--format", "csv"))))
    assert [r["total"] for r in long if r["player"] == "Bob"] == ["11", "21"]


@pytest.mark.usefixtures("handed_game")
def test_the_terminal_chart_shows_the_last_total_and_no_drop_to_zero() -> None:
    out = ok("chart", "-g", "h")
    assert "B Bob 21 → Fay · F Fay 44" in out
    bob = next(line for line in out.splitlines() if line.startswith("B Bob"))
    assert bob.split()[2:] == ["11", "21", "·", "·", "·", "·"]
    fay = next(line for line in out.splitlines() if line.startswith("F Fay"))
    assert fay.split()[2:] == ["·", "·", "21", "32", "43", "44"]  # not at the table yet


@pytest.mark.usefixtures("handed_game")
def test_the_boards_totals_show_the_last_total() -> None:
    from ohhell_score.actions.entries import load_progress
    from ohhell_score.views.board import game_main

    page = "".join(game_main(load_progress("h")))
    totals = page[page.index('<section class="totals">') :]
    assert '<span class="name">Bob</span><span class="total">21</span>' in totals


def test_who_handed_the_seat_over_and_sat_down_again_has_the_total_of_the_new_seat() -> None:
    """Bob hands his seat and his 11 to Fay, then takes Cat's seat; Dan hands his seat
    and his 33 to Gus, then joins again. Each scores from 0 again, so the rows and the
    totals show that: the totals they handed over stay with Fay and Gus."""
    ok("new", *FOUR, "--hands", "3,3,3,3,3", "--trump", "none", "--hook", "never", "-g", "back")
    for seat, tricks in [
        (("replace", "Bob", "Fay", "--carry"), "1 1 1 0"),
        (("replace", "Cat", "Bob"), "1 1 0 1"),
        (("replace", "Dan", "Gus", "--carry"), "1 1 1 0"),
        (("join", "Dan"), "1 0 1 1"),
    ]:
        ok("bid", "1", "1", "1", "0")
        ok("tricks", *tricks.split())
        ok("seat", *seat)
    assert ok("show", "-g", "back").splitlines() == [
        "back · classic · 5 hands · hands 3,3,3,3,3 · no hook · trump: none",
        " #     n   deals        Ann        Bob        Fay        Cat        Dan        Gus   ±",
        "─" * 86,
        " 1   3NT   Ann     0/0✓  10   1/1✓  11              1/1✓  11   1/1✓  11              0",
        " 2   3NT   Fay     1/0   10      → Fay   0/1   12   1/1✓  22   1/1✓  22              0",
        " 3   3NT   Bob     1/1✓  21   0/0✓  10   1/1✓  23      → Bob   1/1✓  33              0",
        " 4   3NT   Gus     1/1✓  32   1/1✓  21   1/0   23                 → Gus   0/1   34   0",
        "▶5   3NT   Dan",
        "",
        "           Total         32         21         23         22          0        34★",
        "Players, clockwise: Ann, Fay, Bob, Gus, Dan",
        "Seats: Fay takes Bob's seat from hand 2, with Bob's 11 points.",
        "Seats: Bob takes Cat's seat from hand 3.",
        "Seats: Gus takes Dan's seat from hand 4, with Dan's 33 points.",
        "Seats: Dan joins after Gus from hand 5.",
        "▶ Hand 5 of 5 (3 cards, Dan deals): Ann to bid",
        "± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
    ]


def test_who_got_up_and_sat_down_again_before_the_next_hand_has_that_hands_cells() -> None:
    """Bob leaves after hand 1 and joins again (after Eve) before hand 2: he is at the
    table for hand 2, so its row shows his bid, tricks and total, not "left" (the sheet
    hid the hand he played, and Markdown said "left" while he waited to bid)."""
    ok("new", *FOUR, "Eve", "--hands", "3,3,3", "--trump", "none", "--hook", "never", "-g", "lb")
    ok("bid", "1", "1", "1", "0", "0")
    ok("tricks", "1", "1", "1", "0", "0")
    ok("seat", "leave", "Bob")
    ok("seat", "join", "Bob")
    ok("bid", "1")  # Dan's; Bob waits for his turn
    md = ok("export", "-g", "lb", "--format", "md").splitlines()
    assert [line for line in md if line.startswith("| 2 | 3 |")] == [
        "| 2 | 3 | Cat | NT |  |  |  | 1/· |  |  |"
    ]
    ok("bid", "0", "0", "1", "0")
    ok("tricks", "1", "1", "0", "1", "0")
    assert ok("show", "-g", "lb").splitlines() == [
        "lb · classic · 3 hands · hands 3,3,3 · no hook · trump: none",
        " #     n   deals            Ann            Bob            Cat"
        "            Dan            Eve    ±",
        "─" * 96,
        " 1   3NT   Ann     0/0✓ +10  10   1/1✓ +11  11   1/1✓ +11  11"
        "   1/1✓ +11  11   0/0✓ +10  10    0",
        " 2   3NT   Cat     1/1✓ +11  21   0/0✓ +10  21   0/0✓ +10  21"
        "   1/1✓ +11  22   0/1   +1  11   -1",
        "▶3   3NT   Dan",
        "",
        "           Total             21             21             21"
        "            22★             11",
        "Players, clockwise: Ann, Cat, Dan, Eve, Bob",
        "Seats: Bob leaves after hand 1 with 11 (a player who left cannot win).",
        "Seats: Bob joins after Eve from hand 2.",
        "▶ Hand 3 of 3 (3 cards, Dan deals): Eve to bid",
        "± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
    ]


@pytest.mark.usefixtures("handed_game")
def test_the_html_sheet_shows_the_seat_given_up_in_the_standings_the_rows_and_the_chart() -> None:
    page = tree(ok("export", "-g", "h", "--format", "html"))
    standings = page.one("ol").all("li")
    assert [li.text for li in standings] == [
        "1. Cat 45 (4/6 made)",
        "1. Dan 45 (4/6 made)",
        "3. Ann 44 (4/6 made)",
        "3. Fay 44 (2/4 made)",
        "– Bob 21 (2/2 made) gave the seat to Fay after hand 2",  # no place: cannot win
    ]
    assert [[s.cls for s in li.all("span")] for li in standings] == [["place"]] * 4 + [
        ["place", "away"]
    ]
    rows = page.one("tbody").all("tr")
    away = [
        [(td.attrs.get("colspan"), td.text) for td in tr.all("td") if td.cls == "seat away"]
        for tr in rows
    ]
    assert away == [
        [("4", "")],
        [("4", "")],
        [("4", "→ Fay")],
        [("4", "")],
        [("4", "")],
        [("4", "")],
    ]
    assert [len(tr.all("td")) for tr in rows] == [4 + 4 + 4 + 1 + 4 + 4 + 1] * 6
    svg = page.one("section").all("svg")[0]
    dots = [
        (c.attrs.get("cx"), c.attrs.get("cy"), c.attrs.get("r"), c.attrs.get("fill"))
        for c in svg.all("circle")
    ]
    assert dots == [("234.0", "124.5", "2.5", "#d55e00")]  # where Bob's line stops
    stop = [
        (t.attrs.get("x"), t.attrs.get("y"), t.attrs.get("fill"), t.text)
        for t in svg.all("text")
        if t.cls == "stop"
    ]
    assert stop == [("239.0", "122.0", "#d55e00", "Bob")]  # his name beside it, a little up
    notes = page.one("footer").text
    seat_note = "Seat change: Fay takes Bob's seat from hand 3, with Bob's 21 points."
    assert f"the tricks. {seat_note} Written by" in notes
