"""The HTML score sheet and the blank sheet: well-formed, self-contained, names escaped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ohhell_score.storage import games
from tests import html_page
from tests.conftest import CHROMIUM_ARGS, Ohhell, need
from tests.games import new_game, play, saved_game

PLAYERS = ("Ann Marie", "<b>Bo</b>", "@home", "Zoë")


class Element(html_page.Element):
    """An element of an exported page, its text as written (spaces and all)."""

    @property
    def text(self) -> str:
        return "".join(self.strings())


class Parsed:
    """What the tests look at in a whole page: each element's tag and attributes, the
    text of each chart line's ``<title>``, and every piece of text, in the page's order."""

    def __init__(self, root: Element) -> None:
        elements = list(root.elements())
        self.tags = [(e.tag, e.attrs) for e in elements]
        self.titles = [
            t.text for e in elements if e.tag == "polyline" for t in e.all("title") if t.text
        ]
        self.text = list(root.strings())

    def count(self, tag: str) -> int:
        return sum(1 for t, _ in self.tags if t == tag)


def parse(text: str) -> Parsed:
    """A whole page, checked: every element is closed, in order."""
    page = html_page.read_as(text, Element)
    assert page.problems == []
    assert page.unclosed == [], f"never closed: {page.unclosed}"
    return Parsed(page.root)


def test_a_finished_games_html_is_well_formed_and_has_one_chart_line_per_player(
    ohhell: Ohhell,
) -> None:
    saved_game("friday", PLAYERS, "cartier")
    page = parse(ohhell.ok("export", "--format", "html"))
    assert page.count("polyline") == len(PLAYERS)
    assert page.titles == list(PLAYERS)
    assert page.count("svg") >= 1


def test_the_html_sheet_has_a_row_per_hand_and_the_totals(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "cartier")
    sheet = ohhell.sheet()
    text = ohhell.ok("export", "--format", "html")
    body = text[text.index("<tbody>") : text.index("</tbody>")]
    assert body.count("<tr") == len(sheet["hands"]) == 23
    foot = text[text.index("<tfoot>") : text.index("</tfoot>")]
    totals = [int(n) for n in re.findall(r">(-?\d+)(?: ★)?</td>", foot)]
    assert totals == [sheet["totals"][p] for p in PLAYERS]
    assert foot.count("★") == len(sheet["winners"])


def test_every_name_in_the_html_is_escaped(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=6)
    text = ohhell.ok("export", "--format", "html")
    assert "<b>Bo</b>" not in text
    assert "&lt;b&gt;Bo&lt;/b&gt;" in text
    page = parse(text)
    assert "<b>Bo</b>" in "".join(page.text)  # shown as text, never as markup
    assert page.count("b") == len(PLAYERS)  # the standings' own <b> around each name


def test_a_name_cannot_break_out_of_an_attribute_or_the_page(ohhell: Ohhell) -> None:
    names = ('"><i>', "</style><x>", "'onload'", "</title>Zoë")
    saved_game("friday", names, "classic", hands=3)
    page = parse(ohhell.ok("export", "--format", "html"))
    assert not any(t in ("i", "x") for t, _ in page.tags)
    assert page.titles == list(names)


def test_the_html_is_self_contained(ohhell: Ohhell) -> None:
    """No script, nothing fetched: it opens offline and prints the same anywhere."""
    saved_game("friday", PLAYERS, "classic")
    text = ohhell.ok("export", "--format", "html")
    page = parse(text)
    assert page.count("script") == 0
    assert not any(t in ("link", "img", "iframe", "object") for t, _ in page.tags)
    urls = re.findall(r"(?:https?:)?//[^\s\"')]+", text)
    assert set(urls) == {"http://www.w3.org/2000/svg"}  # the SVG namespace, a name only
    assert "url(" not in text and "@import" not in text


def test_the_html_has_a_print_stylesheet(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=2)
    text = ohhell.ok("export", "--format", "html")
    assert "@media print" in text
    assert "@page { size: portrait;" in text


@pytest.mark.parametrize(("paper", "size"), [("a4", "A4 portrait"), ("letter", "letter portrait")])
def test_paper_names_the_page_size(ohhell: Ohhell, paper: str, size: str) -> None:
    saved_game("friday", PLAYERS, "classic", hands=2)
    text = ohhell.ok("export", "--format", "html", "--paper", paper)
    assert f"@page {{ size: {size};" in text


def test_five_players_print_in_landscape(ohhell: Ohhell) -> None:
    saved_game("friday", (*PLAYERS, "Eve"), "ten-to-one", hands=2)
    text = ohhell.ok("export", "--format", "html")
    assert "@page { size: landscape;" in text


def test_a_game_without_scored_hands_has_no_chart(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=0)
    page = parse(ohhell.ok("export", "--format", "html"))
    assert page.count("polyline") == 0
    assert "No hand scored yet" in "".join(page.text)


def test_eight_players_get_eight_different_lines(ohhell: Ohhell) -> None:
    names = tuple(f"P{i}" for i in range(1, 9))
    saved_game("friday", names, "classic", hands=4, decks=2)
    page = parse(ohhell.ok("export", "--format", "html"))
    styles = {(a.get("stroke"), a.get("stroke-dasharray")) for t, a in page.tags if t == "polyline"}
    assert len(styles) == 8


# --- the blank sheet ----------------------------------------------------------------------


def rows(text: str) -> list[str]:
    body = text[text.index("<tbody>") : text.index("</tbody>")]
    return re.findall(r"<tr>(.*?)</tr>", body)


def cells(row: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", row)


def test_a_blank_sheet_has_a_row_per_hand_with_cards_and_dealer(ohhell: Ohhell) -> None:
    text = ohhell.ok("sheet", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier")
    parse(text)
    table = rows(text)
    assert len(table) == 23
    first = cells(table[0])
    assert first[:3] == ["1", "13", "Ann"]
    assert cells(table[1])[:3] == ["2", "12", "Bob"]
    assert cells(table[22])[:3] == ["23", "13", "Cat"]
    assert len(first) == 4 + 3 * 4  # bid, took and score boxes per player
    assert all(c == "" for c in first[4:])
    assert "<tfoot>" in text and ">Total<" in text


def test_a_blank_ten_to_one_sheet_prints_the_trump_cycle(ohhell: Ohhell) -> None:
    """Seed 001: hearts, clubs, spades, diamonds, no trump, repeating."""
    text = ohhell.ok("sheet", "--players", "5", "--rules", "ten-to-one")
    trumps = [cells(r)[3] for r in rows(text)]
    assert trumps == ["♥", "♣", "♠", "♦", "NT"] * 2


def test_a_blank_sheet_marks_the_hands_with_the_hook(ohhell: Ohhell) -> None:
    """Seed 001: the hook applies to hands of 6 or more cards, the first five."""
    text = ohhell.ok("sheet", "--players", "4", "--rules", "ten-to-one")
    cards = [cells(r)[1] for r in rows(text)]
    assert cards == ["10†", "9†", "8†", "7†", "6†", "5", "4", "3", "2", "1"]


def test_a_blank_sheet_leaves_trump_to_write_in_where_the_table_chooses_it(
    ohhell: Ohhell,
) -> None:
    text = ohhell.ok("sheet", "A", "B", "C", "D", "--rules", "classic", "--hands", "13-12")
    trumps = [cells(r)[3] for r in rows(text)]
    assert trumps == ["NT", ""]  # 13 cards to 4 players deal every card: no upcard


def test_a_blank_sheet_for_a_count_numbers_the_seats(ohhell: Ohhell) -> None:
    text = ohhell.ok("sheet", "--players", "3", "--dealer", "2", "--rules", "ten-to-one")
    dealers = [cells(r)[2] for r in rows(text)]
    assert dealers[:4] == ["seat 2", "seat 3", "seat 1", "seat 2"]
    assert "seat 2 deals first" in text


def test_a_blank_sheet_escapes_names_and_follows_the_rule_options(ohhell: Ohhell) -> None:
    text = ohhell.ok("sheet", "<b>Bo</b>", "Ann", "Zoë", "--hook", "never", "--scoring", "exact")
    parse(text)
    assert "<b>Bo</b>" not in text and "&lt;b&gt;Bo&lt;/b&gt;" in text
    assert "No hook" in text and "10 + the bid" in text


def test_a_blank_sheet_goes_to_a_file(ohhell: Ohhell, tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    out = ohhell.ok("sheet", "-n", "4", "-o", str(tmp_path / "sheet.html"))
    assert "Wrote a blank classic sheet for 4 players" in out
    assert (tmp_path / "sheet.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("sheet",), 2, "names or --players"),
        (("sheet", "Ann", "Bob", "Cat", "--players", "4"), 2, "3 names given"),
        (("sheet", "--players", "2"), 1, "at least 3 players"),
        (("sheet", "-n", "6", "--rules", "cartier"), 1, "needs 78 cards"),
        (("sheet", "Ann", "ann", "Cat"), 1, "two players"),
        (("sheet", "-n", "4", "--rules", "bridge"), 2, "not a preset"),
    ],
)
def test_a_blank_sheet_that_cannot_be_made_is_refused(
    ohhell: Ohhell, args: tuple[str, ...], code: int, says: str
) -> None:
    result = ohhell(*args)
    assert result.exit_code == code
    assert says in result.output


# --- the place after a tie (1, 1, 3) ----------------------------------------------


def tied_game(ohhell: Ohhell) -> None:
    """As in tests/test_export_csv_md.py: Bob and Cat 10, Ann 1."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "0", "0", "1")


def test_the_html_export_places_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_game(ohhell)
    out = ohhell.ok("export", "--format", "html")
    places = re.findall(r'<li><span class="place">([^<]*)</span> <b>(\w+)</b>', out)
    assert places == [("1.", "Bob"), ("1.", "Cat"), ("3.", "Ann")]


# --- the sheet on a screen: its width and its words --------------

LONGISH = ("Annemarie", "Bartholomew", "Catherine", "Dominique", "Evangeline", "Frederique")


def hand_rows(text: str) -> list[str]:
    """The cells of each hand's row of a game's sheet (the current one's too)."""
    body = text[text.index("<tbody>") : text.index("</tbody>")]
    return re.findall(r"<tr[^>]*>(.*?)</tr>", body)


def test_the_over_under_is_a_column_of_its_own_in_words(ohhell: Ohhell) -> None:
    """Beside the cards, "3 -1" read as a sum: the cards cell holds the cards, the last
    cell the bids against the tricks with a word. Hand 1, 3 cards: bids 1 + 0 + 1 + 0."""
    four = ("Ann", "Bob", "Cat", "Dan")
    ohhell.ok("new", *four, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "o")
    ohhell.ok("bid", "1", "0", "1", "0")
    ohhell.ok("tricks", "1", "1", "1", "0")
    ohhell.ok("bid", "2", "1", "1", "0")  # 4 for 3: one over
    row1, row2 = hand_rows(ohhell.ok("export", "--format", "html"))
    assert cells(row1)[1] == "3" and cells(row1)[-1] == "1 under"
    assert cells(row2)[1] == "3" and cells(row2)[-1] == "1 over"
    ohhell.ok("undo")
    ohhell.ok("undo")
    ohhell.ok("bid", "0", "0")  # 3 for 3
    assert cells(hand_rows(ohhell.ok("export", "--format", "html"))[1])[-1] == "exact"


def test_the_columns_say_hand_score_and_total(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=2)
    text = ohhell.ok("export", "--format", "html")
    head = text[text.index('<tr class="sub">') :]
    subs = re.findall(r"<th[^>]*>([^<]*)</th>", head[: head.index("</tr>")])
    assert subs == ["Bid", "Took", "Hand score", "Total"] * len(PLAYERS)
    blank = ohhell.ok("sheet", *PLAYERS)
    head = blank[blank.index('<tr class="sub">') :]
    subs = re.findall(r"<th[^>]*>([^<]*)</th>", head[: head.index("</tr>")])
    assert subs == ["Bid", "Took", "Total"] * len(PLAYERS)  # the running total, by hand


@pytest.mark.usefixtures("dutch")
def test_the_over_under_and_the_heads_in_dutch(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "3", "--trump", "none", "-g", "o")
    ohhell.ok("bid", "1", "0", "1", "0")
    text = ohhell.ok("export", "--format", "html")
    assert cells(hand_rows(text)[0])[-1] == "1 onder"
    assert ">Deze ronde</th>" in text and ">Totaal</th>" in text
    assert "±: hoeveel de biedingen boven of onder de slagen uitkwamen." in text


@pytest.mark.parametrize("players", [5, 6, 7])
def test_the_sheet_fits_a_window_1000_pixels_wide(
    ohhell: Ohhell, tmp_path: Path, players: int
) -> None:
    """At 5-7 players the page was a landscape sheet's 297 mm (1123 px) wide: now no
    scrolling across, every head, hand number (13†) and ± readable whole."""
    chromium = need("chromium")
    from playwright.sync_api import sync_playwright

    names = (*LONGISH, "Guillaume")[:players]
    games.create(play(new_game("wide", names, "classic", hands="7-1-7"), None))
    page_file = tmp_path / "wide.html"
    page_file.write_text(ohhell.ok("export", "-g", "wide", "--format", "html"), encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            page.goto(page_file.as_uri())
            assert page.evaluate("document.documentElement.scrollWidth") <= 1000
            cut = page.evaluate(
                "[...document.querySelectorAll("
                "'tr.sub th, td.over, th.over, tfoot td, tbody td:first-child')]"
                ".filter(c => c.scrollWidth > c.clientWidth).map(c => c.textContent)"
            )
            assert cut == []
            page.screenshot(path=str(tmp_path / f"wide-{players}.png"), full_page=True)
        finally:
            browser.close()


# Tests for mutation survivors (docs/mutation-survivors.md)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("sheet",), "Error: Invalid value: give the players' names or --players N"),
        (
            ("sheet", "Ann", "--players", "4"),
            "Error: Invalid value for '--players': 1 name given but --players 4",
        ),
        (
            ("sheet", "Ann", "Bob", "Cat", "--players", "4"),
            "Error: Invalid value for '--players': 3 names given but --players 4",
        ),
    ],
)
def test_a_blank_sheet_without_players_or_with_a_count_that_differs_says_so_in_a_whole_line(
    ohhell: Ohhell, args: tuple[str, ...], line: str
) -> None:
    assert ohhell.refused(*args, code=2).splitlines()[-1] == line


@pytest.mark.parametrize(
    ("paper", "size"), [("a4", "A4 portrait"), ("letter", "letter landscape"), ("auto", "portrait")]
)
def test_a_blank_sheet_is_printed_on_the_paper_asked_for(
    ohhell: Ohhell, paper: str, size: str
) -> None:
    players = "4" if paper != "letter" else "5"
    text = ohhell.ok("sheet", "-n", players, "--paper", paper)
    assert f"@page {{ size: {size}; margin: 10mm; }}" in text


@pytest.mark.usefixtures("dutch")
def test_a_blank_sheet_written_to_a_file_says_so_in_dutch(ohhell: Ohhell, tmp_path: Path) -> None:
    out = tmp_path / "leeg.html"
    said = ohhell.ok("sheet", "-n", "4", "-o", str(out))
    assert said == f"een leeg classic-blad voor 4 spelers geschreven naar {out}.\n"
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


# --- the blank sheet as a reader sees it: its words, boxes and notes (survivors) --

#: Elements whose own text is only the line breaks between their children: a word there
#: would print between the boxes of the sheet.
FRAMES = {"html", "head", "body", "header", "footer", "table", "colgroup", "thead", "tbody"}
FRAMES |= {"tfoot", "tr"}


def blank_sheet(ohhell: Ohhell, *args: str) -> Element:
    return tree(ohhell.ok("sheet", *args))


SEATS = ["Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
ESCAPED = ["Ann", "<b>Bo</b>", "Zoë"]  # the name as written, never as markup


@pytest.mark.parametrize(
    ("args", "heads", "turn", "hands", "row_mm"),
    [
        # Room to write a number: 9 mm a row, 19 rows and the rest fit a page.
        (("Ann", "Bob", "Cat", "Dan"), ["Ann", "Bob", "Cat", "Dan"], "portrait", 19, 9.0),
        (("-n", "4", "--rules", "ten-to-one"), SEATS[:4], "portrait", 10, 9.0),
        # Too many hands for 9 mm: the rows share what the heads and notes leave.
        (("-n", "4", "--rules", "cartier"), SEATS[:4], "portrait", 23, 8.1),
        (("Ann", "<b>Bo</b>", "Zoë", "-r", "cartier"), ESCAPED, "portrait", 23, 8.1),
        (("-n", "5", "--dealer", "3", "--paper", "letter"), SEATS, "landscape", 19, 6.2),
    ],
)
def test_a_blank_sheet_has_its_title_names_boxes_and_room_to_write_on_one_page(
    ohhell: Ohhell, args: tuple[str, ...], heads: list[str], turn: str, hands: int, row_mm: float
) -> None:
    page = blank_sheet(ohhell, *args)
    players = len(heads)
    assert page.one("title").text == "Oh Hell score sheet"
    body = page.one("body")
    assert body.cls == f"{turn} blank"
    header = page.one("header")
    assert header.one("h1").text == "Oh Hell score sheet"
    assert header.one("h1").one("span").cls == "id"
    meta = header.all("p")
    assert [p.cls for p in meta] == ["meta", "meta"]
    assert meta[1].text.split() == ["Date", "Place", "Scorer"]
    assert [span.cls for span in meta[1].all("span")] == ["fill"] * 3  # a line to write on
    table = page.one("table")
    assert table.cls == "sheet"
    assert len(table.all("col")) == 4 + 3 * players  # a column each, no empty one beside
    names = [th for th in table.one("thead").all("th") if th.cls == "name seat"]
    assert [th.text for th in names] == heads
    top = table.one("thead").all("tr")[0].all("th")  # no ± column: nothing to count yet
    assert [th.text for th in top] == ["#", "Cards", "Dealer", "Trump", *heads]
    line = [] if heads[0] == "Ann" else ["fill"]  # a numbered seat: a line for the name
    assert [[span.cls for span in th.all("span")] for th in names] == [line] * players
    body_rows = table.one("tbody").all("tr")
    assert len(body_rows) == hands
    assert {len(tr.all("td")) for tr in body_rows} == {4 + 3 * players}
    foot = table.one("tfoot")
    assert foot.one("th").text == "Total"
    assert [(td.cls, td.attrs.get("colspan")) for td in foot.all("td")] == [("seat", "3")] * players
    style = body.all("style")[0].text
    assert style == f".blank tbody tr {{ height: {row_mm:.1f}mm; }}"
    page_height = 279.4 - 20 if turn == "portrait" else 210 - 20  # the smaller of A4, Letter
    assert hands * row_mm + 72 <= page_height  # every hand on one sheet of paper
    assert page.one("footer").cls == "notes"


SCORING = "Scoring: bid made, 10 + tricks; bid missed, the tricks taken."
HOOK = "The dealer, who bids last, may not make the bids add up to the cards dealt."
TURNED_UP = (
    "Trump: the card turned up after the deal; write its suit in (NT: every card dealt, no trump)."
)
WRITE_IN = "Write the names in clockwise from seat 1; seat {} deals first."


@pytest.mark.parametrize(
    ("args", "notes"),
    [
        (("Ann", "Bob", "Cat", "Dan"), [SCORING, HOOK, TURNED_UP]),
        (("-n", "5", "--dealer", "3"), [SCORING, HOOK, TURNED_UP, WRITE_IN.format(3)]),
        (
            ("-n", "4", "--rules", "ten-to-one"),
            [
                SCORING,
                "On hands marked †, the dealer, who bids last, may not make the bids add up "
                "to the cards dealt.",
                "Trump: fixed by the hand's number, as printed.",
                WRITE_IN.format(1),
            ],
        ),
        (
            ("Ann", "Bob", "Cat", "-r", "cartier", "--hook", "never", "--scoring", "exact"),
            [
                "Scoring: bid made, 10 + the bid; bid missed, nothing.",
                "No hook: the dealer bids freely.",
                "Trump: after the bids, the highest bidder names it (first in bidding order "
                "on equal bids); write it in.",
            ],
        ),
    ],
)
def test_a_blank_sheets_notes_say_the_rules_and_leave_a_line_for_the_winner(
    ohhell: Ohhell, args: tuple[str, ...], notes: list[str]
) -> None:
    from ohhell_score import __version__

    footer = blank_sheet(ohhell, *args).one("footer")
    said = footer.all("p")
    assert [p.text.strip() for p in said] == [
        *notes,
        "Winner",
        f"Printed by ohhell-score {__version__}.",
    ]
    assert [span.cls for span in said[-2].all("span")] == ["fill"]


@pytest.mark.usefixtures("dutch")
def test_a_blank_sheet_for_a_count_in_dutch(ohhell: Ohhell) -> None:
    from ohhell_score import __version__

    page = blank_sheet(ohhell, "-n", "4", "--rules", "ten-to-one")
    assert page.one("title").text == "Scoreblad Boerenbridge"
    header = page.one("header")
    assert header.one("h1").text == "Boerenbridge scoreblad"
    assert header.all("p")[1].text.split() == ["Datum", "Plaats", "Schrijver"]
    thead = page.one("thead")
    assert [th.text for th in thead.all("th") if th.cls == "name seat"] == [
        "Plaats 1",
        "Plaats 2",
        "Plaats 3",
        "Plaats 4",
    ]
    assert [tr.all("td")[2].text for tr in page.one("tbody").all("tr")][:5] == [
        "plaats 1",
        "plaats 2",
        "plaats 3",
        "plaats 4",
        "plaats 1",
    ]
    assert page.one("tfoot").one("th").text == "Totaal"
    assert [p.text.strip() for p in page.one("footer").all("p")] == [
        "Telling: bod gehaald, 10 + de slagen; bod gemist, de gehaalde slagen.",
        "In rondes met †: de deler biedt als laatste en mag de biedingen samen niet op het "
        "aantal slagen laten uitkomen.",
        "Troef: vast per rondenummer, zoals gedrukt.",
        "Schrijf de namen met de klok mee vanaf plaats 1; plaats 1 deelt eerst.",
        "Winnaar",
        f"Gedrukt door ohhell-score {__version__}.",
    ]


@pytest.mark.usefixtures("dutch")
@pytest.mark.parametrize(
    ("args", "hook"),
    [
        (
            ("A", "B", "C", "D"),
            "De deler biedt als laatste en mag de biedingen samen niet op het aantal slagen "
            "laten uitkomen.",
        ),
        (("A", "B", "C", "--hook", "never"), "Geen delerregel: de deler biedt vrij."),
    ],
)
def test_a_blank_sheet_says_the_hook_in_dutch(
    ohhell: Ohhell, args: tuple[str, ...], hook: str
) -> None:
    said = [p.text for p in blank_sheet(ohhell, *args).one("footer").all("p")]
    assert said[1] == hook


@pytest.mark.parametrize(
    ("rules", "chart"),
    [
        # Ten hands: the chart fills what is left of the landscape page under the sheet.
        ("ten-to-one", "@media print { .chart > svg { height: 46mm; } }"),
        # Nineteen: too little is left (a line or two), the chart takes the next page.
        ("classic", "@media print { .chart { break-before: page; } }"),
    ],
)
def test_a_wide_games_chart_prints_under_the_sheet_or_on_a_page_of_its_own(
    ohhell: Ohhell, rules: str, chart: str
) -> None:
    saved_game("friday", (*PLAYERS, "Eve"), rules, hands=2)
    text = ohhell.ok("export", "--format", "html")
    parse(text)
    body = html_page.read_as(text, Element).root.one("body")
    assert [style.text for style in body.all("style")] == [chart]


# --- a game's sheet as a reader sees it (survivors of export_html, sheet_table) ----


def tree(text: str) -> Element:
    """A whole page, checked (``parse``), with no text loose between the boxes."""
    parse(text)
    root = html_page.read_as(text, Element).root
    assert root.strays(FRAMES) == []
    return root


FOUR = ("Ann", "Bob", "Cat", "Dan")


def test_a_games_sheet_has_its_title_players_standings_rows_totals_and_notes(
    ohhell: Ohhell,
) -> None:
    from ohhell_score import __version__

    saved_game("friday", FOUR, "classic", hands=2)
    page = tree(ohhell.ok("export", "--format", "html"))
    assert page.one("head").one("title").text == "Oh Hell · friday"
    # What wrote the file, as a browser's page information (Firefox's) lists it.
    metas = page.one("head").all("meta")
    generator = [m.attrs for m in metas if m.attrs.get("name") == "generator"]
    assert generator == [{"name": "generator", "content": f"ohhell-score {__version__}"}]
    assert page.one("body").cls == "portrait game"
    header = page.one("header")
    assert header.one("h1").text == "Oh Hell friday"
    assert header.one("h1").one("span").cls == "id"
    said = [(p.cls, p.text) for p in header.all("p")]
    assert said[1:] == [
        (
            "meta",
            "Players, clockwise: Ann, Bob, Cat, Dan · scorer: Zoë · started 2026-11-30 · "
            "last entry 2026-11-30 20:00",
        ),
        ("result", "After 2 of 19 hands Dan leads with 23."),
    ]
    assert said[0][0] == "meta" and said[0][1].startswith("classic · 19 hands · hands 10-1-10")
    standings = header.one("ol")
    assert standings.cls == "standings"
    assert [li.text for li in standings.all("li")] == [
        "1. Dan 23 (2/2 made)",
        "2. Ann 19 (1/2 made)",
        "3. Bob 13 (1/2 made)",
        "4. Cat 4 (0/2 made)",
    ]
    assert {span.cls for span in standings.all("span")} == {"place"}
    table = page.one("table")
    assert table.cls == "sheet"
    cols = table.all("col")
    assert len(cols) == 4 + 4 * 4 + 1 and cols[-1].cls == "over"
    top = table.one("thead").all("tr")[0].all("th")
    assert [(th.cls, th.text) for th in top[4:]] == [
        *(("name seat", p) for p in FOUR),
        ("fixed over", "±"),
    ]
    assert top[-1].attrs.get("title") == "bids over/under"
    fixed = [(th.cls, th.attrs.get("rowspan"), th.text) for th in top[:4]]
    assert fixed == [("fixed", "2", h) for h in ("#", "Cards", "Dealer", "Trump")]
    assert [th.attrs.get("colspan") for th in top[4:8]] == ["4"] * 4
    sub = table.one("thead").all("tr")[1]
    assert sub.cls == "sub"
    assert [th.cls for th in sub.all("th")] == ["seat", None, None, None] * 4  # a rule per player
    first, second, third = table.one("tbody").all("tr")[:3]
    assert [td.text for td in first.all("td")] == [
        "1†", "10", "Ann", "♥",
        "3", "6", "6", "6",
        "0", "1", "1", "1",
        "2", "3", "3", "3",
        "0", "0 ✓", "10", "10",
        "5 under",
    ]  # fmt: skip
    assert [(td.cls, td.attrs.get("title")) for td in first.all("td")[:4]] == [
        (None, None),
        (None, None),
        ("dealer", None),
        ("trump red", "hearts"),  # a red suit in red, its name on hovering
    ]
    assert [(td.cls, td.attrs.get("title")) for td in second.all("td")[3:4]] == [("trump", "clubs")]
    assert [td.cls for td in first.all("td")][4:8] == ["seat", None, "points", "total"]
    assert first.all("td")[-1].cls == "over"
    assert [td.cls for td in second.all("td")][4:8] == ["seat", "made", "points", "total"]
    assert [span.cls for span in second.all("span")] == ["tick"] * 3
    assert (first.cls, third.cls) == (None, "current")  # the hand to bid next, in bold
    assert [td.text for td in third.all("td")] == ["3", "8", "Cat", "", *[""] * 16, ""]
    foot = table.one("tfoot")
    assert foot.one("th").text == "Total"
    assert [(td.cls, td.attrs.get("colspan"), td.text) for td in foot.all("td")] == [
        ("seat", "4", "19"),
        ("seat", "4", "13"),
        ("seat", "4", "4"),
        ("seat", "4", "23"),
        ("over", None, ""),
    ]
    footer = page.one("footer")
    assert footer.cls == "notes"
    assert footer.text.strip() == (
        "Each hand: the bid, the tricks taken (✓ and shaded: the bid was made), the hand's "
        "score and the running total. ★ marks the winner. ±: how far the bids came over or "
        "under the tricks. † the hook bound the dealer: one bid was forbidden. Written by "
        f"ohhell-score {__version__}."
    )
    chart = page.one("section")
    assert chart.cls == "chart"
    assert chart.one("h2").text == "Running totals"
    assert chart.all("svg")[0].attrs.get("aria-label") == "Running totals per player over the hands"
    legend = chart.one("ul")
    assert legend.cls == "legend"
    assert [li.text.strip() for li in legend.all("li")] == list(FOUR)


def test_a_finished_game_for_seven_drops_the_hand_score_and_stars_the_winner(
    ohhell: Ohhell,
) -> None:
    saved_game("seven", (*FOUR, "Eve", "Fay", "Gus"), "classic", decks=2)
    page = tree(ohhell.ok("export", "--format", "html"))
    assert page.one("body").cls == "landscape game"
    assert page.one("header").all("p")[-1].text == "Bob wins with 174."
    table = page.one("table")
    assert len(table.all("col")) == 4 + 7 * 3 + 1
    subs = [th.text for th in table.one("thead").all("tr")[1].all("th")]
    assert subs == ["Bid", "Took", "Total"] * 7
    first = table.one("tbody").all("tr")[0]
    assert [td.text for td in first.all("td")][4:10] == ["1", "2", "2", "2", "2 ✓", "12"]
    foot = table.one("tfoot").all("td")
    assert [(td.cls, td.attrs.get("colspan"), td.text) for td in foot[:3]] == [
        ("seat", "3", "154"),
        ("seat winner", "3", "174 ★"),
        ("seat", "3", "146"),
    ]
    assert page.one("footer").text.startswith(
        "Each hand: the bid, the tricks taken (✓ and shaded: the bid was made) and the "
        "running total. ★ marks the winner. ±: how far the bids came over or under the "
        "tricks. † the hook"
    )


# --- the chart as drawn (survivors of svg_chart, _end_labels, _legend) -------------


def chart_svg(text: str) -> Element:
    return tree(text).one("section").all("svg")[0]


def drawn(svg: Element) -> list[tuple[str | None, ...]]:
    """The chart's texts (where and what) and lines (their style and points), in order."""
    out: list[tuple[str | None, ...]] = []
    for child in svg.children:
        if not isinstance(child, Element) or child.cls == "grid":
            continue
        a = child.attrs
        if child.tag == "text":
            out.append(("text", a.get("x"), a.get("y"), a.get("fill"), child.text))
        elif child.tag == "polyline":
            out.append((child.text, a.get("stroke"), a.get("stroke-dasharray"), a.get("points")))
        else:
            out.append((child.tag, child.cls, a.get("x1"), a.get("y1"), a.get("x2"), a.get("y2")))
    return out


def test_a_games_chart_draws_each_total_at_its_height_with_a_scale_and_the_names(
    ohhell: Ohhell,
) -> None:
    saved_game("friday", FOUR, "classic", hands=2)
    svg = chart_svg(ohhell.ok("export", "--format", "html"))
    assert svg.attrs.get("viewbox") == "0 0 720 236"
    grid = [
        (g.attrs["x1"], g.attrs["y1"], g.attrs["x2"]) for g in svg.all("line") if g.cls == "grid"
    ]
    assert grid == [("46", y, "610") for y in ("206.0", "167.2", "128.4", "89.6", "50.8", "12.0")]
    assert drawn(svg) == [
        ("text", "41", "209.5", None, "0"),  # the totals' scale, every 5 points
        ("text", "41", "170.7", None, "5"),
        ("text", "41", "131.9", None, "10"),
        ("text", "41", "93.1", None, "15"),
        ("text", "41", "54.3", None, "20"),
        ("text", "41", "15.5", None, "25"),
        ("text", "46.0", "220", None, "0"),  # the hands
        ("text", "328.0", "220", None, "1"),
        ("text", "610.0", "220", None, "2"),
        ("text", "328.0", "234", None, "hand"),
        ("line", "axis", "46", "206", "610", "206"),
        ("line", "axis", "46", "12", "46", "206"),
        ("Ann", "#0072b2", None, "46.0,206.0 328.0,159.4 610.0,58.6"),
        ("Bob", "#d55e00", "7 3", "46.0,206.0 328.0,198.2 610.0,105.1"),
        ("Cat", "#009e73", "2 2.5", "46.0,206.0 328.0,182.7 610.0,175.0"),
        ("Dan", "#cc79a7", "9 3 2 3", "46.0,206.0 328.0,128.4 610.0,27.5"),
        ("text", "616.0", "31.0", "#cc79a7", "Dan"),  # each name at its line's end
        ("text", "616.0", "62.1", "#0072b2", "Ann"),
        ("text", "616.0", "108.6", "#d55e00", "Bob"),
        ("text", "616.0", "178.5", "#009e73", "Cat"),
    ]
    legend = [li.one("line").attrs for li in tree_legend(ohhell)]
    assert [(a.get("stroke"), a.get("stroke-dasharray")) for a in legend] == [
        ("#0072b2", None),
        ("#d55e00", "7 3"),
        ("#009e73", "2 2.5"),
        ("#cc79a7", "9 3 2 3"),
    ]
    assert {
        (a.get("x1"), a.get("y1"), a.get("x2"), a.get("y2"), a.get("stroke-width")) for a in legend
    } == {("0", "6", "36", "6", "2.5")}


def tree_legend(ohhell: Ohhell) -> list[Element]:
    return tree(ohhell.ok("export", "--format", "html")).one("ul").all("li")


def test_names_at_equal_totals_are_pushed_apart_on_the_chart(ohhell: Ohhell) -> None:
    """Bob and Cat end on 10, Ann on 1: Cat's name goes 11 units under Bob's."""
    tied_game(ohhell)
    svg = chart_svg(ohhell.ok("export", "--format", "html"))
    texts = [d for d in drawn(svg) if d[0] == "text"]
    assert [t[4] for t in texts[:6]] == ["0", "2", "4", "6", "8", "10"]  # a step of 2
    assert texts[-3:] == [
        ("text", "616.0", "15.5", "#d55e00", "Bob"),
        ("text", "616.0", "26.5", "#009e73", "Cat"),
        ("text", "616.0", "190.1", "#0072b2", "Ann"),
    ]


def test_a_long_games_chart_numbers_every_other_hand_and_the_last(ohhell: Ohhell) -> None:
    games.create(play(new_game("long", FOUR[:3], "classic", hands="13-1-13"), None, 1))
    svg = chart_svg(ohhell.ok("export", "--format", "html"))
    hands = [t.text for t in svg.all("text") if t.attrs.get("y") == "220"]
    assert hands == [str(n) for n in range(0, 25, 2)] + ["25"]


def chart_scale(svg: Element) -> list[tuple[str, str | None]]:
    """The totals' scale at the chart's left: each number and its height."""
    return [(t.text, t.attrs.get("y")) for t in svg.all("text") if t.attrs.get("x") == "41"]


@pytest.mark.parametrize(
    ("points", "scale"),
    [
        (5, range(0, 6)),
        (6, range(0, 7)),
        (7, range(0, 9, 2)),
        (100, range(0, 101, 20)),
        (150, range(0, 151, 25)),
        (300, range(0, 301, 50)),
        (600, range(0, 601, 100)),
        (1200, range(0, 1201, 200)),
        (1500, range(0, 1501, 250)),
        (3000, range(0, 3001, 500)),
        (6000, range(0, 6001, 1000)),
        (12000, range(0, 12001, 2000)),
        (30000, range(0, 30001, 5000)),
        (60000, range(0, 60001, 10000)),
        (-30, range(-30, 1, 5)),
    ],
)
def test_the_charts_scale_goes_in_round_steps_of_at_least_a_sixth_of_the_totals(
    ohhell: Ohhell, points: int, scale: range
) -> None:
    """One hand scores ``points`` for everyone: the scale runs from 0 (or the lowest
    total) in steps of 1, 2, 5, 10, 20, 25, 50 and so on, six steps at most, the first
    line at the chart's foot and the last at its top."""
    rules = f"made: {points}; missed: {points}"
    ohhell.ok("new", *FOUR[:3], "--hands", "1,1", "--trump", "none", "--scoring", rules)
    ohhell.ok("bid", "1", "0", "1")
    ohhell.ok("tricks", "1", "0", "0")
    numbers = chart_scale(chart_svg(ohhell.ok("export", "--format", "html")))
    assert [text for text, _y in numbers] == [str(n) for n in scale]
    assert (numbers[0][1], numbers[-1][1]) == ("209.5", "15.5")


def test_a_first_hand_everyone_missed_is_charted_flat_with_the_names_over_the_foot(
    ohhell: Ohhell,
) -> None:
    """Under exact scoring a missed bid scores nothing: every line lies on 0 and the
    scale goes to 1. The three names at the line ends are pushed apart and lifted so
    that the last ends at the foot; a name over 14 letters is cut there (the legend
    has it whole)."""
    names = ("Anna-Catharina", "Bartholomeus-Jr", "Cy")  # 14 letters and 15
    ohhell.ok("new", *names, "--hands", "1,1", "--trump", "none", "--scoring", "exact")
    ohhell.ok("bid", "1", "1", "0")
    ohhell.ok("tricks", "0", "0", "1")
    text = ohhell.ok("export", "--format", "html")
    svg = chart_svg(text)
    assert [c for c in svg.children if isinstance(c, str)] == []  # nothing loose to print
    assert drawn(svg) == [
        ("text", "41", "209.5", None, "0"),
        ("text", "41", "15.5", None, "1"),
        ("text", "46.0", "220", None, "0"),
        ("text", "610.0", "220", None, "1"),
        ("text", "328.0", "234", None, "hand"),
        ("line", "axis", "46", "206", "610", "206"),
        ("line", "axis", "46", "12", "46", "206"),
        ("Anna-Catharina", "#0072b2", None, "46.0,206.0 610.0,206.0"),
        ("Bartholomeus-Jr", "#d55e00", "7 3", "46.0,206.0 610.0,206.0"),
        ("Cy", "#009e73", "2 2.5", "46.0,206.0 610.0,206.0"),
        ("text", "616.0", "191.5", "#0072b2", "Anna-Catharina"),
        ("text", "616.0", "202.5", "#d55e00", "Bartholomeus-…"),
        ("text", "616.0", "213.5", "#009e73", "Cy"),
    ]
    assert [li.text.strip() for li in tree(text).one("ul").all("li")] == list(names)


def test_a_chart_names_who_got_up_where_their_lines_stop_and_draws_no_line_for_a_newcomer(
    ohhell: Ohhell,
) -> None:
    """Bob (13) and Cat (10) get up after hand 1, Fay joins after Ann once hand 2 is
    scored: she has no line yet, and the players after her keep theirs, in the legend
    too. The two names where the lines stop stand just over their ends."""
    ohhell.ok("new", *FOUR, "Eve", "--hands", "3,3,3", "--trump", "none", "--hook", "never")
    ohhell.ok("bid", "3", "0", "0", "0", "0")  # Bob bids first: Ann deals
    ohhell.ok("tricks", "3", "0", "0", "0", "0")
    ohhell.ok("seat", "leave", "Bob")
    ohhell.ok("seat", "leave", "Cat")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "1", "1", "1")
    ohhell.ok("seat", "join", "Fay", "--after", "Ann", "--score", "0")
    text = ohhell.ok("export", "--format", "html")
    svg = chart_svg(text)
    assert [d for d in drawn(svg) if d[0] != "text"][2:] == [
        ("Ann", "#0072b2", None, "46.0,206.0 328.0,128.4 610.0,43.0"),
        ("Bob", "#009e73", "2 2.5", "46.0,206.0 328.0,105.1"),
        ("Cat", "#cc79a7", "9 3 2 3", "46.0,206.0 328.0,128.4"),
        ("Dan", "#e69f00", "4 4", "46.0,206.0 328.0,128.4 610.0,43.0"),
        ("Eve", "#56b4e9", "1 3", "46.0,206.0 328.0,128.4 610.0,43.0"),
        ("circle", None, None, None, None, None),
        ("circle", None, None, None, None, None),
    ]
    assert [(t.cls, t.attrs.get("x"), t.attrs.get("y"), t.text) for t in svg.all("text")][-5:] == [
        ("stop", "333.0", "102.6", "Bob"),
        ("stop", "333.0", "125.9", "Cat"),
        (None, "616.0", "46.5", "Ann"),
        (None, "616.0", "57.5", "Dan"),
        (None, "616.0", "68.5", "Eve"),
    ]
    legend = tree(text).one("ul").all("li")
    assert [li.text.strip() for li in legend] == ["Ann", "Bob", "Cat", "Dan", "Eve"]


TEN = tuple(f"P{i}" for i in range(1, 11))


def test_a_ninth_and_tenth_player_get_the_first_colours_again_with_other_dashes(
    ohhell: Ohhell,
) -> None:
    saved_game("ten", TEN, "classic", hands=1, decks=2)
    text = ohhell.ok("export", "--format", "html")
    lines = [(d[1], d[2]) for d in drawn(chart_svg(text)) if d[0] in TEN]
    assert lines == [
        ("#0072b2", None),
        ("#d55e00", "7 3"),
        ("#009e73", "2 2.5"),
        ("#cc79a7", "9 3 2 3"),
        ("#e69f00", "4 4"),
        ("#56b4e9", "1 3"),
        ("#000000", "12 3 3 3"),
        ("#8c564b", "5 2 1 2 1 2"),
        ("#0072b2", "7 3"),  # P9: the first colour again, the second dash
        ("#d55e00", "2 2.5"),
    ]
    legend = [li.one("line").attrs for li in tree(text).one("ul").all("li")]
    assert [(a.get("stroke"), a.get("stroke-dasharray")) for a in legend] == lines


def test_the_hand_being_bid_shows_the_bids_and_leaves_the_rest_blank(ohhell: Ohhell) -> None:
    ohhell.ok("new", *FOUR, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "o")
    ohhell.ok("bid", "1", "0", "2", "0")  # Bob bids first: Ann, the dealer, last
    row = tree(ohhell.ok("export", "--format", "html")).one("tbody").all("tr")[0]
    assert row.cls == "current"
    cells = [(td.cls, td.text) for td in row.all("td")]
    assert cells[3] == ("trump", "NT")
    assert cells[4:] == [
        *(c for bid in "0102" for c in (("seat", bid), (None, ""), (None, ""), (None, ""))),
        ("over", "exact"),
    ]


def test_each_hands_note_ends_in_one_full_stop_under_the_sheet(ohhell: Ohhell) -> None:
    ohhell.ok("new", *FOUR, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "n")
    ohhell.ok("note", "1", "misdeal")
    ohhell.ok("bid", "1", "0", "1", "0")
    ohhell.ok("tricks", "1", "1", "1", "0")
    ohhell.ok("note", "2", "Bob was late.")
    notes = tree(ohhell.ok("export", "--format", "html")).one("footer").text
    assert "tricks. Hand 1 note: misdeal. Hand 2 note: Bob was late. Written by" in notes


def test_the_rules_line_says_every_rule_and_bolds_what_differs_from_the_preset(
    ohhell: Ohhell,
) -> None:
    page = blank_sheet(
        ohhell, "Ann", "Bob", "Cat", "-r", "cartier", "--hook", "never", "--scoring", "exact"
    )
    rules = page.one("header").all("p")[0]
    assert rules.text == (
        "cartier · 23 hands · hands 13-2-13 · no hook · trump: after the bids, the highest "
        "bidder names it (first in bidding order on equal bids) · scoring: bid made, 10 + the "
        "bid; bid missed, nothing · 39-card deck"
    )
    assert [b.text for b in rules.all("b")] == [
        "no hook",
        "scoring: bid made, 10 + the bid; bid missed, nothing",
    ]
    tied_game(ohhell)
    rules = tree(ohhell.ok("export", "--format", "html")).one("header").all("p")[0]
    assert rules.text.startswith("classic · 1 hand · hands 1 · hook on every hand · trump: none")
    assert [b.text for b in rules.all("b")] == ["hands 1", "trump: none"]


def test_a_seven_player_sheet_keeps_three_cells_a_player_while_bidding_and_away(
    ohhell: Ohhell,
) -> None:
    seven = (*FOUR, "Eve", "Fay", "Gus")
    ohhell.ok("new", *seven, "--hands", "3,3", "--trump", "none", "--hook", "never", "-g", "c")
    ohhell.ok("bid", *"1000000")
    ohhell.ok("tricks", *"1100010")
    ohhell.ok("seat", "leave", "Gus")
    ohhell.ok("bid", *"100000")  # Cat bids first: Bob deals
    page = tree(ohhell.ok("export", "--format", "html"))
    assert page.one("footer").text.startswith(  # seven at the table: no hand's score
        "Each hand: the bid, the tricks taken (✓ and shaded: the bid was made) and the "
        "running total."
    )
    row = page.one("tbody").all("tr")[1]
    cells = [(td.cls, td.attrs.get("colspan"), td.text) for td in row.all("td")]
    assert cells[4:] == [
        *(c for bid in "001000" for c in (("seat", None, bid), (None, None, ""), (None, None, ""))),
        ("seat away", "3", "left"),
        ("over", None, "2 under"),
    ]
