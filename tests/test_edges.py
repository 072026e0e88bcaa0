"""Every surface at every edge of tests/edges.py: a forbidden bid of 0 and of n, a hand of
1 card, a player with 0, a total below zero, a tie for first, and at a tournament's
table a tie for the last place that goes on.

Each test is one surface, parametrised over the whole table: the terminal (`ohhell`
alone, `show`, `show --json`), `play`'s prompt, the exports (JSON, CSV, Markdown, HTML),
the board as served (phone and hall, `/state.json`, the entry controls a phone that gave
the code gets), a phone's bids, and for a tournament `tournament show`, its exports and
the hall's board. The board's servers are real (127.0.0.1, port 0), one for the games,
one for the tournaments and one that takes entries, each for the whole module: each
serves the same id, which each test makes afresh in its own data folder. The line that
says where a game stands is read in English and in Dutch, on the terminal and on the
board.
"""

from __future__ import annotations

import csv
import http.client
import io
import json
import re
import threading
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from ohhell_score.actions import phones
from ohhell_score.actions.board import Served
from ohhell_score.domain.errors import Refused
from ohhell_score.serve.entry import Doors
from ohhell_score.serve.server import bind, make_server, serve_in_background
from tests.conftest import Ohhell
from tests.edges import (
    CUP,
    GAME,
    GAMES,
    TOURNAMENTS,
    Cup,
    Edge,
    Seen,
    Standing,
    place_label,
)
from tests.html_page import Element, read_html

#: A generous bound for what should take a moment: only ever waited out on failure.
PATIENCE = 20.0

edges = pytest.mark.parametrize("edge", GAMES, ids=[e.name for e in GAMES])
cups = pytest.mark.parametrize("cup", TOURNAMENTS, ids=[c.name for c in TOURNAMENTS])


# --- what each case must read as, in the program's words -------------------------------


class Words(NamedTuple):
    """The few words the tests read a case's values in, in one language."""

    hand: str
    card: tuple[str, str]
    to_bid: str
    may_not: str
    share: str
    wins: str
    and_: str


ENGLISH = Words(
    "Hand {hand} of 2 ({cards} {card}, {dealer} deals)",
    ("card", "cards"),
    "{player} to bid",
    "may not bid",
    "{who} share the win with {top}.",
    "{who} wins with {top}.",
    " and ",
)
DUTCH = Words(
    "Ronde {hand} van 2 ({cards} {card}, {dealer} deelt)",
    ("kaart", "kaarten"),
    "{player} moet bieden",
    "mag geen",
    "{who} delen de winst met {top}.",
    "{who} wint met {top}.",
    " en ",
)


def names(players: tuple[str, ...] | list[str], words: Words = ENGLISH) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
    if len(players) == 1:
        return players[0]
    return ", ".join(players[:-1]) + words.and_ + players[-1]


def cards_words(seen: Seen, words: Words = ENGLISH) -> str:
    """The hand now: "Hand 2 of 2 (1 card, Bob deals)"."""
    card = words.card[0] if seen.cards == 1 else words.card[1]
    return words.hand.format(hand=seen.hand, cards=seen.cards, card=card, dealer=seen.dealer)


def result(seen: Seen, words: Words = ENGLISH) -> str:
    """Who won, once the game is over: "Ann and Bob share the win with 21."."""
    top = max(seen.totals.values())
    said = words.share if len(seen.first) > 1 else words.wins
    return said.format(who=names(seen.first, words), top=top)


def places(seen: Seen) -> dict[str, int]:
    """Each player's place by total, tied players sharing the higher."""
    return {p: 1 + sum(t > total for t in seen.totals.values()) for p, total in seen.totals.items()}


def check_next_line(line: str, seen: Seen, words: Words = ENGLISH) -> None:
    """The line that says where a game stands (`ohhell`, `show`'s last, the board's):
    the hand, who is to bid, the dealer's forbidden bid (0 and n said as any other)."""
    if seen.finished:
        assert result(seen, words) in line, line
        return
    assert cards_words(seen, words) in line, line
    if seen.to_bid is not None:
        assert words.to_bid.format(player=seen.to_bid) in line, line
    if seen.forbidden is None:
        assert words.may_not not in line, line
    else:
        assert f"{words.may_not} {seen.forbidden}" in line, line


@pytest.fixture(params=["en", "nl"])
def words(request: pytest.FixtureRequest) -> Words:
    """The test in English and in Dutch (`LANGUAGE=nl`)."""
    if request.param == "nl":
        request.getfixturevalue("dutch")
        return DUTCH
    return ENGLISH


# --- the terminal --------------------------------------------------------------------


@edges
def test_show_json(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    check_state(ohhell.sheet(), edge.seen)


def check_state(state: dict[str, Any], seen: Seen) -> None:
    """`show --json`'s object (also the JSON export and the board's /state.json)."""
    assert state["totals"] == seen.totals
    assert state["finished"] is seen.finished
    assert state["winners"] == (list(seen.first) if seen.finished else [])
    if seen.finished:
        assert state["next"] is None
        return
    nxt = state["next"]
    assert (nxt["hand"], nxt["cards"], nxt["dealer"]) == (seen.hand, seen.cards, seen.dealer)
    assert nxt["step"] == "bid" and nxt["player"] == seen.to_bid
    assert nxt["forbidden_bid"] == seen.forbidden


@edges
def test_ohhell_alone_says_the_next_step(ohhell: Ohhell, edge: Edge, words: Words) -> None:
    edge.make(ohhell)
    first = ohhell.ok().splitlines()[0]
    assert first.startswith(f"{GAME} (Ann, Bob, Cat; classic): ")
    check_next_line(first, edge.seen, words)


@edges
def test_show_draws_the_totals_the_stars_and_the_next_step(
    ohhell: Ohhell, edge: Edge, monkeypatch: pytest.MonkeyPatch
) -> None:
    edge.make(ohhell)
    seen = edge.seen
    monkeypatch.setenv("COLUMNS", "200")  # the next step on one line
    lines = ohhell.ok("show").splitlines()
    total = next(line for line in lines if line.split()[:1] == ["Total"])
    cells = total.split()[1:]
    assert [c.rstrip("★") for c in cells] == [str(t) for t in seen.totals.values()]
    starred = tuple(p for p, c in zip(seen.totals, cells, strict=True) if c.endswith("★"))
    assert starred == seen.first, total
    tail = " ".join(lines[lines.index(total) + 1 :])
    check_next_line(tail, seen)


@edges
def test_list_says_where_the_game_is_and_who_leads(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    seen = edge.seen
    (line,) = json.loads(ohhell.ok("list", "--json"))
    assert (line["hands_played"], line["finished"]) == (seen.played, seen.finished)
    # every player leads before a hand is scored (docs/scripting.md, `list --json`)
    assert line["leaders"] == list(seen.first or seen.totals)
    row = ohhell.ok("list").splitlines()[-1]
    cells = [c for c in row.split("  ") if c.strip()]
    hand = f"{seen.hand} of 2"
    if seen.finished:
        hand = "done (2)" if seen.played == 2 else f"done after {seen.played} of 2"
    assert hand in [c.strip() for c in cells], row
    if seen.first:  # the leaders, each named once
        assert " & ".join(seen.first) in row, row


@edges
def test_the_terminal_chart_ends_on_every_total_and_stars_the_leaders(
    ohhell: Ohhell, edge: Edge
) -> None:
    edge.make(ohhell)
    seen = edge.seen
    out = ohhell.ok("chart")
    if not seen.first:
        assert out.strip() == "No hand scored yet: nothing to chart."
        return
    rows = [line.split() for line in out.splitlines() if line[:2] in ("A ", "B ", "C ")]
    rows = [r for r in rows if "·" not in r]  # not the legend
    last = {r[1]: int(r[-1] if r[-1] != "★" else r[-2]) for r in rows}
    assert last == seen.totals
    assert tuple(r[1] for r in rows if r[-1] == "★") == seen.first
    assert f"Led: {' & '.join(seen.first)} " in out


@edges
def test_stats_count_a_shared_win_for_each_winner(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    seen = edge.seen
    stats = json.loads(ohhell.ok("stats", "--json"))
    assert stats["games"] == int(seen.finished)
    if seen.finished:
        wins = {p: s["wins"] for p, s in stats["players"].items()}
        assert wins == {p: int(p in seen.first) for p in seen.totals}
        averages = {p: s["average_total"] for p, s in stats["players"].items()}
        assert averages == {p: float(t) for p, t in seen.totals.items()}


@edges
def test_ratings_count_a_tie_as_a_tie(ohhell: Ohhell, edge: Edge) -> None:
    """Tied players win each and are rated alike; a lower total is rated lower."""
    edge.make(ohhell)
    seen = edge.seen
    rated = json.loads(ohhell.ok("ratings", "--json"))
    assert rated["games"] == int(seen.finished)
    if not seen.finished:
        return
    by_name = {r["name"]: r for r in rated["players"]}
    assert {p: r["wins"] for p, r in by_name.items()} == {
        p: int(p in seen.first) for p in seen.totals
    }
    for p in seen.totals:
        for q in seen.totals:
            same = seen.totals[p] == seen.totals[q]
            assert (by_name[p]["rating"] == by_name[q]["rating"]) is same, (p, q)
            if seen.totals[p] > seen.totals[q]:
                assert by_name[p]["rating"] > by_name[q]["rating"], (p, q)


# --- play's prompt -----------------------------------------------------------------------


@edges
def test_play_asks_the_bid_with_its_bounds_and_the_forbidden_bid(
    ohhell: Ohhell, edge: Edge
) -> None:
    edge.make(ohhell)
    seen = edge.seen
    out = ohhell("play", input="").stdout
    if seen.finished:
        assert result(seen) in out
        return
    plural = "" if seen.cards == 1 else "s"
    assert f"Hand {seen.hand} of 2 · {seen.cards} card{plural} each · {seen.dealer} deals" in out
    prompt = next(line for line in out.splitlines() if f"{seen.to_bid} " in line and "(0-" in line)
    if seen.forbidden is None:
        assert prompt.startswith(f"{seen.to_bid} bids (0-{seen.cards}"), prompt
    else:
        assert prompt.startswith(
            f"{seen.to_bid} (dealer) may not bid {seen.forbidden}; bids (0-{seen.cards}"
        ), prompt


# --- the exports -------------------------------------------------------------------------


@edges
def test_the_json_export(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    check_state(json.loads(ohhell.ok("export", "-f", "json")), edge.seen)


@edges
def test_the_csv_exports_end_on_every_total(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    rows = list(csv.DictReader(io.StringIO(ohhell.ok("export", "-f", "csv"))))
    scored = [r for r in rows if r["score"] != ""]
    last = {r["player"]: int(r["total"]) for r in scored}
    assert last == (edge.seen.totals if edge.seen.played else {})
    for row in scored:  # a total of 0 or below zero is written as a number
        assert row["total"].lstrip("-").isdigit(), row
    wide = list(csv.DictReader(io.StringIO(ohhell.ok("export", "-f", "csv", "--wide"))))
    ended = [row for row in wide if row["Ann total"] != ""]
    totals = {p: int(ended[-1][f"{p} total"]) for p in edge.seen.totals} if ended else {}
    assert totals == (edge.seen.totals if edge.seen.played else {})


@edges
def test_the_markdown_export_ranks_and_says_who_won(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    seen = edge.seen
    md = ohhell.ok("export", "-f", "md")
    if seen.first:
        rows = [line for line in md.splitlines() if line.startswith("| ") and "of " in line]
        ranked = {r.split("|")[2].strip(): r.split("|")[1:4] for r in rows}
        assert {p: int(cells[2]) for p, cells in ranked.items()} == seen.totals
        # a shared place is written as its number: 1, 1, 3
        label = {p: str(places(seen)[p]) for p in seen.totals}
        assert {p: cells[0].strip() for p, cells in ranked.items()} == label
    if seen.finished:
        said = [line for line in md.splitlines() if result(seen) in line]
        assert len(said) == 1 and said[0].startswith("**") and said[0].endswith("**"), said


@edges
def test_the_html_export_ranks_and_says_who_won(ohhell: Ohhell, edge: Edge) -> None:
    edge.make(ohhell)
    seen = edge.seen
    html = ohhell.ok("export", "-f", "html")
    page = read_html(html).root
    foot = page.one("tfoot").words().split()
    assert [t for t in foot if t != "★"] == ["Total", *(str(t) for t in seen.totals.values())]
    winners = [foot[i - 1] for i, t in enumerate(foot) if t == "★"]  # the totals starred
    assert winners == ([str(seen.totals[p]) for p in seen.first] if seen.finished else [])
    if seen.first:  # after a hand: the places, shared after a tie, and the totals
        ranked = [li.words().split() for li in page.one("ol", "standings").all("li")]
        assert {r[1]: (r[0], int(r[2])) for r in ranked} == {
            p: (f"{places(seen)[p]}.", seen.totals[p]) for p in seen.totals
        }
        assert chart_totals(html) == seen.totals
    if seen.finished:
        assert result(seen) in page.one("p", "result").words()


def chart_totals(html: str) -> dict[str, int]:
    """What the chart of running totals draws at its last hand, read off its y axis:
    each player's line ends at the height of the axis's value for the total; and no line
    leaves the axes (a total below zero or at 0 drawn inside them)."""
    svg = html[html.index('<section class="chart">') :]
    svg = svg[: svg.index("</svg>")]
    tick = r'<text x="41" y="([-\d.]+)" text-anchor="end">(-?\d+)</text>'
    # a label stands 3.5 below its line
    ticks = [(float(y) - 3.5, int(label)) for y, label in re.findall(tick, svg)]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    scale = (v1 - v0) / (y1 - y0)
    lines = re.findall(r'points="([^"]*)"', svg)
    heights = [float(point.split(",")[1]) for line in lines for point in line.split()]
    tops = [y for y, _ in ticks]
    assert min(tops) <= min(heights) and max(heights) <= max(tops)  # every line inside the axes
    ends = re.findall(r'points="[^"]*?([-\d.]+)"><title>([^<]+)</title>', svg)
    return {name: round(v0 + (float(y) - y0) * scale) for y, name in ends}


# --- the board, phone and hall -----------------------------------------------------------


class Board(NamedTuple):
    host: str
    port: int


@pytest.fixture(scope="module")
def game_board() -> Iterator[Board]:
    yield from serving(Served(game=GAME))


@pytest.fixture(scope="module")
def hall_board() -> Iterator[Board]:
    yield from serving(Served(tournament=CUP))


def serving(what: Served, doors: Doors | None = None) -> Iterator[Board]:
    """A board on 127.0.0.1 for the whole module: it reads the files of the data folder
    that each test sets, as it reads them at every request (with ``doors``: one that
    takes the phones' entries)."""
    server = make_server(what, quiet=True, doors=doors)
    sock = bind("127.0.0.1", 0)
    thread: threading.Thread = serve_in_background(server, sock)
    try:
        host, port = sock.getsockname()[:2]
        yield Board(host, port)
    finally:
        server.stop()
        thread.join(PATIENCE)
        assert not thread.is_alive()


def fetch(board: Board, path: str, headers: dict[str, str] | None = None) -> str:
    conn = http.client.HTTPConnection(board.host, board.port, timeout=PATIENCE)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        assert response.status == 200, path
        return response.read().decode()
    finally:
        conn.close()


def spans(item: Element) -> dict[str, str]:
    """What a list item of the board draws: the words of each of its spans, by class."""
    return {span.cls or "": span.words() for span in item.all("span")}


@pytest.mark.parametrize("view", ["/", "/?view=hall"])
@edges
def test_the_board_shows_the_hand_the_forbidden_bid_and_the_totals(
    ohhell: Ohhell, game_board: Board, edge: Edge, view: str, words: Words
) -> None:
    edge.make(ohhell)
    seen = edge.seen
    html = fetch(game_board, view)
    page = read_html(html).root
    now = page.one("section", "now")
    check_next_line(now.words(), seen, words)
    # the dealer's forbidden bid in red
    assert bool(now.all("span", "forbidden")) is (seen.forbidden is not None)
    section = page.one("section", "totals")
    totals = [{"li": li.cls or "", **spans(li)} for li in section.all("li")]
    shown = {i["name"].removesuffix(" ★"): int(i["total"]) for i in totals}
    assert shown == seen.totals
    if seen.played == 1:  # what the one hand gave, a penalty in it too, is the total
        deltas = {i["name"].removesuffix(" ★"): i["delta"] for i in totals}
        assert deltas == {p: f"{t:+d}" for p, t in seen.totals.items()}
    assert tuple(i["name"].removesuffix(" ★") for i in totals if "leader" in i["li"]) == tuple(
        p for p in sorted(seen.totals, key=lambda p: -seen.totals[p]) if p in seen.first
    )
    if seen.first:
        label = {p: f"{places(seen)[p]}." for p in seen.totals}
        assert {i["name"].removesuffix(" ★"): i["place"] for i in totals} == label
        assert chart_totals(html) == seen.totals
    if seen.finished:
        assert result(seen, words) in section.one("p", "result").words()


@edges
def test_the_boards_state_is_show_json(ohhell: Ohhell, game_board: Board, edge: Edge) -> None:
    edge.make(ohhell)
    state = json.loads(fetch(game_board, "/state.json"))
    check_state(state, edge.seen)
    assert state == ohhell.sheet()


# --- a tournament: the terminal, the exports and the hall's board ---------------------------


def make_cup(ohhell: Ohhell, cup: Cup) -> None:
    for args in cup.commands:
        ohhell.ok(*args)


@cups
def test_tournament_show_ranks_the_table_and_says_the_tie(ohhell: Ohhell, cup: Cup) -> None:
    make_cup(ohhell, cup)
    seen = cup.seen
    out = ohhell.ok("tournament", "show", CUP)
    block = out[out.index(f"  {seen.table}: ") :].splitlines()
    ranked = sorted(seen.places, key=lambda p: (seen.places[p], -seen.totals[p]))
    for p in ranked:
        assert f"{place_label(seen.places, p)}. {p} {seen.totals[p]} (" in block[1], block[1]
    said = [line.strip() for line in block[2:4]]
    if seen.champion:
        assert said[0] == f"{seen.champion} wins"
    elif seen.going_on:
        verb = "goes" if len(seen.going_on) == 1 else "go"
        assert said[0] == f"{names(seen.going_on)} {verb} on"
    if seen.tied:
        assert f"tied: {names(seen.tied)}" in said


@cups
def test_tournament_show_json_and_export(ohhell: Ohhell, cup: Cup) -> None:
    make_cup(ohhell, cup)
    seen = cup.seen
    for shown in (
        json.loads(ohhell.ok("tournament", "show", CUP, "--json")),
        json.loads(ohhell.ok("tournament", "export", CUP, "-f", "json")),
    ):
        assert shown["champion"] == seen.champion
        tables = [t for r in shown["rounds"] for t in r["tables"]]
        table = next(t for t in tables if t["game"] == seen.table)
        assert table["finished"] is True
        assert table["going_on"] == list(seen.going_on)
        assert [seen.places[p] for p in table["standings"]] == sorted(seen.places.values())


@cups
@pytest.mark.parametrize("form", ["csv", "md", "html"])
def test_tournament_export_places_a_tie_as_shared(ohhell: Ohhell, cup: Cup, form: str) -> None:
    make_cup(ohhell, cup)
    seen = cup.seen
    out = ohhell.ok("tournament", "export", CUP, "-f", form)
    # each row of the table as its place, player and total
    if form == "csv":  # a place "=2" is written '=2, so that no spreadsheet reads a formula
        rows = [r[2:5] for r in csv.reader(io.StringIO(out)) if r[1] == seen.table]
        rows = [[r[0].removeprefix("'"), *r[1:]] for r in rows]
    elif form == "md":
        lines = [line for line in out.splitlines() if f"| {seen.table} |" in line]
        rows = [[c.strip() for c in line.split("|")[2:5]] for line in lines]
    else:
        lines = [line for line in out.splitlines() if line.startswith(f"<tr><td>{seen.table}<")]
        rows = [read_html(line).root.words().split()[1:4] for line in lines]
    got = {player: (place, int(total)) for place, player, total in rows}
    want = {p: (place_label(seen.places, p), seen.totals[p]) for p in seen.places}
    assert got == want
    if form != "csv":
        said = " ".join(read_html(out).root.words().split()).replace("**", "")  # Markdown's bold
        assert f"Champion: {seen.champion or 'not decided yet'}" in said


@pytest.mark.parametrize("view", ["/", "/?view=hall"])
@cups
def test_the_hall_board_ranks_the_table_ticks_who_goes_on_and_says_the_tie(
    ohhell: Ohhell, hall_board: Board, cup: Cup, view: str
) -> None:
    make_cup(ohhell, cup)
    seen = cup.seen
    page = read_html(fetch(hall_board, view)).root
    (card,) = [a for a in page.all("article") if a.attrs.get("id") == f"table-{seen.table}"]
    ranks = {i["name"]: i for i in map(spans, card.one("ol", "ranks").all("li"))}
    assert {p: int(i["total"]) for p, i in ranks.items()} == seen.totals
    assert {p: i["place"] for p, i in ranks.items()} == {
        p: place_label(seen.places, p) for p in seen.places
    }
    assert tuple(p for p, i in ranks.items() if i.get("mark") == "✓") == seen.going_on
    tied = [p.words() for p in card.all("p", "tied")]
    assert tied == ([f"tied: {names(seen.tied)}"] if seen.tied else [])
    crown = [p.words() for p in page.all("p", "champion")]
    assert crown == ([f"★ Champion: {seen.champion} ★"] if seen.champion else [])
    # the organiser is told the tie waits for them, at that table
    todo = [li.words() for section in page.all("section", "director") for li in section.all("li")]
    breaks = [w for w in todo if w.startswith(f"{seen.table} ") and "a tie to break" in w]
    assert len(breaks) == (1 if seen.tied else 0), todo


def after_words(seen: Standing, player: str) -> str:
    """What a player's own page says of where they go once their table is finished."""
    if seen.table.endswith("-final"):
        if seen.champion is None:
            return "Tied for the win: the organiser decides."
        if player == seen.champion:
            return "You win Final!"
        return f"Final is over: {seen.champion} wins it."
    if player in seen.going_on:
        return "You go on to Final:"
    if player in seen.tied:
        return "Tied for a place that goes on: the organiser decides."
    return "Your tournament ends here."


@cups
def test_each_players_page_ranks_the_table_and_says_where_they_go(
    ohhell: Ohhell, hall_board: Board, cup: Cup
) -> None:
    make_cup(ohhell, cup)
    seen = cup.seen
    for player in seen.places:
        page = read_html(fetch(hall_board, f"/p/{player}")).root
        card = page.one("article")
        assert card.attrs.get("id") == f"table-{seen.table}"
        ranks = {i["name"]: i for i in map(spans, card.one("ol", "ranks").all("li"))}
        assert {p: (i["place"], int(i["total"])) for p, i in ranks.items()} == {
            p: (place_label(seen.places, p), seen.totals[p]) for p in seen.places
        }
        assert page.one("p", "after").words().startswith(after_words(seen, player)), player


# --- the phones' entries ------------------------------------------------------------------


def phone_bid(player: str, bid: int) -> None:
    """A phone's bid for ``player`` on the game as it stands (actions/phones.py, the one
    door a phone's entry goes through behind the board's /entry)."""
    body = {"version": phones.snapshot(GAME).version, "bids": {player: bid}}
    phones.enter(GAME, phones.parse_request(body), phone=phones.phone_id("a phone"), confirm=False)


@edges
def test_a_phone_may_bid_what_the_command_line_may_and_nothing_else(
    ohhell: Ohhell, edge: Edge
) -> None:
    """Every bid 0 to n+1 for the player to bid, from a phone and on the command line:
    the forbidden one (0, n, the 1-card hand's) and n+1 refused with the same line,
    nothing saved; each other saved as it is said, then taken back."""
    edge.make(ohhell)
    seen = edge.seen
    player = seen.to_bid or "Ann"  # once the game is over, no bid is taken
    for bid in range(0, (seen.cards or 1) + 2):
        before = ohhell.sheet()
        if seen.to_bid is None or bid == seen.forbidden or bid > (seen.cards or 0):
            with pytest.raises(Refused) as refused:
                phone_bid(player, bid)
            assert ohhell.sheet() == before
            assert ohhell.refused("bid", f"{player}={bid}") == f"ohhell: {refused.value}\n"
            continue
        phone_bid(player, bid)
        assert ohhell.sheet()["hands"][seen.hand - 1]["bids"][player] == bid  # type: ignore[operator]
        ohhell.ok("undo")
        assert ohhell.sheet() == before


#: The code of the board that takes entries: the one every test's phone gives.
CODE = "314159"


@pytest.fixture(scope="module")
def entry_board() -> Iterator[Board]:
    """The game's board as `board --entry` serves it, for the whole module."""
    yield from serving(Served(game=GAME), Doors({GAME: CODE}, confirm=False))


def entered_page(board: Board) -> Element:
    """The page as a phone sees it once it gave the table's code (``POST /enter``, as
    its form does): the code answered with a cookie, sent back with its next look."""
    conn = http.client.HTTPConnection(board.host, board.port, timeout=PATIENCE)
    try:
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        conn.request("POST", "/enter", body=f"code={CODE}", headers=kind)
        response = conn.getresponse()
        response.read()
        assert response.status == 303, response.status
        cookie = (response.getheader("set-cookie") or "").split(";")[0]
    finally:
        conn.close()
    page = read_html(fetch(board, "/", {"Cookie": cookie}))
    assert (page.problems, page.unclosed) == ([], [])
    assert page.root.one("body").attrs["data-entry"] == "entered"  # the controls shown
    return page.root


def controls(page: Element) -> list[tuple[str, bool, dict[str, Any]]]:
    """Every button of the page that enters something: what it says, whether it can be
    pressed, and what it sends."""
    return [
        (b.words(), "disabled" not in b.attrs, json.loads(b.attrs["data-send"] or ""))
        for b in page.one("main").all("button")
        if "data-send" in b.attrs
    ]


@edges
def test_the_pages_entry_controls_offer_every_bid_but_the_forbidden_one(
    ohhell: Ohhell, entry_board: Board, edge: Edge
) -> None:
    """The buttons a phone enters bids with offer 0 to the hand's cards to the player
    to bid, all but the dealer's forbidden bid (0, n, and the 1-card hand's), which is
    there, greyed out and struck, and says why; no bid once none is asked, and once the
    game is over nothing but the undo of its last entry."""
    edge.make(ohhell)
    seen = edge.seen
    page = entered_page(entry_board)
    offered = controls(page)
    bids = [c for c in offered if "bids" in c[2]]
    if seen.to_bid is None:
        assert bids == []
        if seen.finished:  # only the last entry may be taken back
            assert [what for _said, _on, what in offered] == [{"undo": True}]
            assert page.all("div", "stepper") == []
        return
    assert seen.cards is not None
    assert bids == [
        (str(n), n != seen.forbidden, {"bids": {seen.to_bid: n}}) for n in range(seen.cards + 1)
    ]
    struck = page.one("main").all("button", "forbidden")
    assert [b.words() for b in struck] == ([] if seen.forbidden is None else [f"{seen.forbidden}"])
    for button in struck:
        assert f"{ENGLISH.may_not} {seen.forbidden}" in (button.attrs["title"] or "")
    entry = page.one("section", "entry")
    assert (entry.attrs["data-step"], entry.attrs["data-hand"]) == ("bid", f"{seen.hand}")
