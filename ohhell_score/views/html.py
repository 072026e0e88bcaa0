"""HTML score sheets: a game's (with an SVG chart of the running totals) and a blank one.

One self-contained file each: inline CSS and SVG, no script, no font or image to fetch,
so it opens offline and prints the same anywhere. The look is a paper score sheet:
hands down, players across, a box for bid, tricks, points and total under each name.
Print: the page size is left to the printer (A4 or Letter) unless ``paper`` names one;
five players or more turn the page to landscape.

The pages are templates (``views/templates/``, drawn by ``views/pages.py``, which
escape every value): this module works out what they show as plain values, the
sheet's cells from ``views/sheet.py`` and the chart's coordinates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ohhell_score import __version__
from ohhell_score.domain.game import Game, Progress, progress
from ohhell_score.domain.ratings import Ladder
from ohhell_score.domain.rules import RuleSet, Suit
from ohhell_score.domain.rulewords import rule_parts, suit_name
from ohhell_score.domain.tournament import Result, Tournament, champion
from ohhell_score.i18n import N_, _, ngettext
from ohhell_score.views.export import result_words
from ohhell_score.views.pages import render
from ohhell_score.views.ratings import HEADS, ladder_row, provisional_words
from ohhell_score.views.sheet import Row, sheet, standings
from ohhell_score.views.tournament import (
    table_heads,
    table_progress,
    table_rows,
    tournament_rules,
)
from ohhell_score.views.words import OVER_HEAD, chart_points, trump_note

#: Five players or more do not fit across a portrait page (8 mm a number at least).
LANDSCAPE_FROM_PLAYERS = 5
#: The printable height of the smaller of A4 and Letter, less the margins, in mm.
_PAGE_HEIGHT = {"portrait": 279.4 - 20, "landscape": 210 - 20}
#: Title, table heads, totals row and the notes under a blank sheet, in mm.
_BLANK_OVERHEAD = 72

# Okabe-Ito colours (told apart with colour-blindness) and dash patterns, so the lines
# stay apart in black-and-white print too.
COLOURS = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#000000",
    "#8c564b",
)
DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 4", "1 3", "12 3 3 3", "5 2 1 2 1 2")
#: From this many players a game's sheet drops the hand's points (the difference of the
#: totals) so that every number keeps room on a landscape page.
COMPACT_FROM_PLAYERS = 7


def line_style(index: int) -> tuple[str, str]:
    """A colour and a dash pattern per player; the pair differs for every player."""
    return COLOURS[index % len(COLOURS)], DASHES[(index + index // len(COLOURS)) % len(DASHES)]


def orientation(players: int) -> str:
    return "landscape" if players >= LANDSCAPE_FROM_PLAYERS else "portrait"


def _page_size(paper: str, turn: str) -> str:
    named = {"a4": "A4 ", "letter": "letter "}.get(paper, "")
    return f"{named}{turn}"


def paper_values(title: str, turn: str, paper: str, body_class: str) -> dict[str, str]:
    """What ``paper.html`` (a page to print) needs besides its body."""
    return {
        "title": title,
        "body_class": f"{turn} {body_class}",
        "page_size": _page_size(paper, turn),
        "version": __version__,
    }


class RulesLine(NamedTuple):
    """Every rule in words (``rule_parts``, the one place that says them): the
    preset, the number of hands, and each rule with whether it differs from the preset."""

    preset: str
    hands: str
    parts: list[tuple[str, bool]]


def rules_line(rules: RuleSet, players: int) -> RulesLine:
    count = len(rules.hands)
    hands = ngettext("{count} hand", "{count} hands", count).format(count=count)
    return RulesLine(rules.preset, hands, rule_parts(rules, players))


class TrumpMark(NamedTuple):
    """A trump in a hand's row: its symbol, its name (the cell's title), red or not."""

    symbol: str
    name: str
    red: bool


def trump_mark(suit: Suit | None) -> TrumpMark | None:
    if suit is None:
        return None
    return TrumpMark(suit.symbol, suit_name(suit), suit in (Suit.HEARTS, Suit.DIAMONDS))


class OverColumn(NamedTuple):
    title: str
    head: str


class Head(NamedTuple):
    """A sheet's two heading rows: the fixed columns' words, a name per player (or a
    seat to ``fill`` in by hand), the columns under each name, the over/under column."""

    fixed: tuple[str, ...]
    names: Sequence[str]
    subs: Sequence[str]
    over: OverColumn | None = None
    fill: bool = False


def _head(
    names: Sequence[str], subs: Sequence[str], over: OverColumn | None = None, fill: bool = False
) -> Head:
    fixed = (_("Cards"), _("Dealer"), _("Trump"))
    return Head(fixed, names, [_(s) for s in subs], over, fill)


class SheetView(NamedTuple):
    """What ``sheet.html`` draws: the heads, a row a hand with its trump, the totals
    (each with whether the player won)."""

    head: Head
    compact: bool
    rows: list[tuple[Row, TrumpMark | None]]
    total: str
    totals: list[tuple[str, bool]]


#: The columns under each player (translated where they are drawn).
BID, TOOK, POINTS, TOTAL = N_("Bid"), N_("Took"), N_("Hand score"), N_("Total")


def sheet_view(prog: Progress) -> SheetView:
    """The sheet itself: a row a hand, the players' columns, the totals (the page of
    ``export_html`` and the live board's), drawn from the sheet model."""
    sh = sheet(prog)
    compact = len(sh.players) >= COMPACT_FROM_PLAYERS
    subs = (BID, TOOK, TOTAL) if compact else (BID, TOOK, POINTS, TOTAL)
    over = OverColumn(_("bids over/under"), OVER_HEAD)  # as the terminal sheet: last
    return SheetView(
        head=_head(sh.players, subs, over=over),
        compact=compact,
        rows=[(row, trump_mark(row.trump)) for row in sh.rows],
        total=_(TOTAL),
        totals=[(t, p in sh.winners) for p, t in zip(sh.players, sh.total_cells, strict=True)],
    )


# --- a game's sheet -------------------------------------------------------------------


def export_html(prog: Progress, *, paper: str = "auto") -> str:
    """A game's score sheet: standings, every hand, totals and the chart."""
    game = prog.game
    sh = sheet(prog)
    turn = orientation(len(sh.players))
    title = _("Oh Hell")
    rows = []
    if prog.hands_played:
        for st in standings(prog):
            made = _("({made}/{played} made)").format(made=st.made, played=st.played)
            rows.append((f"{st.place}." if st.place else "–", st.player, st.total, made, st.away))
    if len(sh.players) >= COMPACT_FROM_PLAYERS:
        cells = _(
            "Each hand: the bid, the tricks taken (✓ and shaded: the bid was made) and the "
            "running total. ★ marks the winner. ±: how far the bids came over or under "
            "the tricks."
        )
    else:
        cells = _(
            "Each hand: the bid, the tricks taken (✓ and shaded: the bid was made), the "
            "hand's score and the running total. ★ marks the winner. ±: how far the bids "
            "came over or under the tricks."
        )
    notes = [
        cells,
        *(text + ("" if text.endswith(".") else ".") for text in sh.notes(over=False)),
        *(_("Seat change: {change}.").format(change=n) for n in sh.seat_notes),
        _("Written by ohhell-score {version}.").format(version=__version__),
    ]
    chart = game_chart(prog) if prog.hands_played else None
    return render(
        "game.html",
        **paper_values(f"{title} · {game.id}", turn, paper, "game"),
        heading=title,
        game_id=game.id,
        rules=rules_line(game.rules, len(game.players)),
        meta=_meta(game, prog.players),
        result=result_words(prog),
        standings=rows,
        sheet=sheet_view(prog),
        notes=notes,
        chart=chart,
        chart_height=_landscape_chart(len(prog.hands)) if turn == "landscape" else None,
    )


def _meta(game: Game, seated: Sequence[str]) -> str:
    """Who plays, who kept the sheet, and when (plain text: escaped by the caller)."""
    line = _("Players, clockwise: {players}").format(players=", ".join(seated))
    if game.scorer:
        line += " · " + _("scorer: {name}").format(name=game.scorer)
    if game.created:
        line += " · " + _("started {date}").format(date=game.created[:10])
    if game.updated:
        when = game.updated[:16].replace("T", " ")
        line += " · " + _("last entry {time}").format(time=when)
    return line


# --- the chart ------------------------------------------------------------------------


def _nice_step(span: int, ticks: int = 6) -> int:
    raw = max(1, span) / ticks
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if step >= raw:
            return step
    return 10000


class _Box(NamedTuple):
    left: float = 46
    right: float = 610
    top: float = 12
    bottom: float = 206
    width: float = 720
    height: float = 236


#: On a landscape page: title, standings, the table's head and foot, the notes, the
#: chart's heading and legend, in mm (measured in Chromium's print); and a hand's row.
_LANDSCAPE_OVERHEAD = 100
_ROW_MM = 4.4
#: A chart smaller than this is not worth reading: it gets a page of its own.
_CHART_MIN_MM = 40


def _landscape_chart(hands: int) -> str:
    """The chart's printed height on a landscape page, in mm: what is left under the
    sheet, or "" for the whole next page when too little is left (never a page with
    only a line or two)."""
    left = _PAGE_HEIGHT["landscape"] - _LANDSCAPE_OVERHEAD - _ROW_MM * hands
    if left < _CHART_MIN_MM:
        return ""
    return f"{left:.0f}"


class Line(NamedTuple):
    """A player's line: its colour, dash pattern, points ("x,y x,y ...") and name."""

    colour: str
    dash: str
    points: str
    name: str


class Ends(NamedTuple):
    """The names at the end of lines that end at one step: with ``stops`` (a dot
    each) where the lines stop before the last step, at the plot's right otherwise."""

    stops: list[tuple[str, str, str]]  # x, y, colour
    names: list[tuple[str, str, str, str]]  # x, y, colour, name


class Chart(NamedTuple):
    """What ``chart.svg`` draws, its numbers worked out (``chart``), and ``chart.html``
    around it (``heading``, ``legend``)."""

    box: _Box
    label: str
    axis: str
    grid: list[tuple[str, str, int]]  # y of the line, y of its number, the number
    steps: list[tuple[str, int]]  # x and number of each labelled step
    lines: list[Line]
    ends: list[Ends]
    legend: list[tuple[str, str, str]]  # name, colour, dash pattern
    heading: str = ""


def chart(
    points: Mapping[str, Sequence[tuple[int, int]]],
    hands: int,
    *,
    label: str | None = None,
    axis: str | None = None,
) -> Chart:
    """Running totals per player over the hands: one ``polyline`` per player, from the
    hand they sat down at (hand 0, everyone at 0, for a table that never changed) to
    the last they played; each line ends in its player's name. ``label`` and ``axis``
    name another series (the ratings ladder's, over the games).
    """
    box = _Box()
    players = list(points)
    values = [0, *(t for series in points.values() for _hand, t in series)]
    step = _nice_step(max(values) - min(values))
    low = (min(values) // step) * step
    high = -(-max(values) // step) * step
    high = max(high, low + step)

    def x(hand: int) -> float:
        return box.left + (box.right - box.left) * hand / max(1, hands)

    def y(value: int) -> float:
        return box.bottom - (box.bottom - box.top) * (value - low) / (high - low)

    grid = [(f"{y(v):.1f}", f"{y(v) + 3.5:.1f}", v) for v in range(low, high + 1, step)]
    label_every = max(1, -(-hands // 24))
    steps = [
        (f"{x(hand):.1f}", hand)
        for hand in range(0, hands + 1)
        if hand % label_every == 0 or hand == hands
    ]
    lines = []
    ends: dict[int, list[tuple[float, int]]] = {}  # by the hand a line ends at
    for i, p in enumerate(players):
        if not points[p]:  # not at the table for any hand counted: no line, no name
            continue
        line = [(x(k), y(t)) for k, t in points[p]]
        colour, pattern = line_style(i)
        coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in line)
        lines.append(Line(colour, pattern, coords, p))
        ends.setdefault(points[p][-1][0], []).append((line[-1][1], i))
    groups = []
    for hand, group in sorted(ends.items()):
        if hand >= hands:  # at the right of the plot, as a legend in the margin
            groups.append(Ends([], _end_labels(players, group, box.right + 6, box)))
        else:  # a line that stops (the player got up): the name where it stops
            stop = x(hand)
            dots = [(f"{stop:.1f}", f"{end_y:.1f}", line_style(i)[0]) for end_y, i in group]
            groups.append(Ends(dots, _end_labels(players, group, stop + 5, box, -6)))
    return Chart(
        box,
        label or _("Running totals per player over the hands"),
        axis or _("hand"),
        grid,
        steps,
        lines,
        groups,
        _legend(players, points),
    )


def game_chart(prog: Progress) -> Chart:
    """A game's running totals, with its heading and legend, once a hand is scored."""
    points = chart_points(prog)
    drawn = chart(points, len(prog.running))
    return drawn._replace(heading=_("Running totals"), legend=_legend(prog.everyone, points))


def _end_labels(
    players: Sequence[str],
    ends: list[tuple[float, int]],
    left: float,
    box: _Box,
    lift: float = 0,
) -> list[tuple[str, str, str, str]]:
    """Names at line ends (at ``left``, ``lift`` above the end), pushed apart so that
    close totals stay readable."""
    placed: list[tuple[float, int]] = []
    for end_y, i in sorted(ends):
        at = max(end_y + lift, placed[-1][0] + 11) if placed else end_y + lift
        placed.append((at, i))
    overflow = placed[-1][0] - (box.bottom + 4) if placed else 0
    out = []
    for at, i in placed:
        name = players[i]
        short = name if len(name) <= 14 else name[:13] + "…"
        out.append((f"{left:.1f}", f"{at - max(0, overflow) + 3.5:.1f}", line_style(i)[0], short))
    return out


def _legend(
    players: Sequence[str], drawn: Mapping[str, Sequence[object]] | None = None
) -> list[tuple[str, str, str]]:
    """Each player's line style and name (only the players ``drawn`` has a line of)."""
    items = []
    for i, p in enumerate(players):
        if drawn is not None and not drawn[p]:
            continue  # the chart has no line to look for
        colour, dash = line_style(i)
        items.append((p, colour, dash))
    return items


# --- a tournament ---------------------------------------------------------------------


def tournament_html(t: Tournament, res: Mapping[str, Result]) -> str:
    """A tournament's page: the champion once decided, and a table a round, each
    table's players ranked."""
    title = _("Tournament {name}").format(name=t.name)
    who = champion(t, res)
    crowned = None
    if who:
        before, _who, after = _("Champion: {who}").partition("{who}")
        crowned = (before, who, after)
    rounds = [
        (
            t.round_title(rnd),
            [f"{game}: {state}" for game, state in table_progress(rnd, res)],
            rows,
        )
        for rnd, rows in table_rows(t, res)
    ]
    players = ngettext("{count} player; {rules}.", "{count} players; {rules}.", len(t.players))
    return render(
        "tournament-export.html",
        title=title,
        body_class="tournament",
        champion=crowned,
        undecided=_("Champion: not decided yet"),
        rounds=rounds,
        heads=table_heads(),
        players=players.format(count=len(t.players), rules=tournament_rules(t)),
    )


# --- the ratings ---------------------------------------------------------------------


def ladder_html(ladder: Ladder) -> str:
    """A page: the ladder as a table and each player's rating over the games as a chart."""
    title = _("Ratings")
    settled = [p for p in ladder.players if not p.provisional]
    unsure = [p for p in ladder.players if p.provisional]
    count = ngettext("{count} finished game", "{count} finished games", ladder.games)
    return render(
        "ratings.html",
        **paper_values(title, "portrait", "auto", "ratings"),
        count=count.format(count=ladder.games),
        heads=[_(h) for h in HEADS],
        settled=[ladder_row(str(i), p) for i, p in enumerate(settled, 1)],
        unsure=[ladder_row("-", p) for p in unsure],
        provisional=provisional_words(),
        chart=_ladder_chart(ladder) if ladder.players else None,
    )


def _ladder_chart(ladder: Ladder) -> Chart:
    """Ratings after each game, the games numbered in order; a line starts at 0 (a
    newcomer's rating) just before the player's first game."""
    points = {}
    for p in ladder.players:
        series = [(p.steps[0].number - 1, 0)]
        series += [(s.number, round(s.rating)) for s in p.steps]
        points[p.name] = series
    return chart(
        points,
        ladder.games,
        label=_("Each player's rating over the games"),
        axis=_("game"),
    )


# --- the blank sheet ------------------------------------------------------------------


def blank_sheet_html(game: Game, *, named: bool, paper: str = "auto") -> str:
    """A sheet to fill in by hand: cards, dealer and any fixed trump per hand.

    ``named`` is false when only a count of players was given: the name boxes are then
    left empty and seats are numbered (seat 1 deals first).
    """
    prog = progress(game)
    players = game.players
    rules = game.rules
    turn = orientation(len(players))
    row_mm = min(9.0, (_PAGE_HEIGHT[turn] - _BLANK_OVERHEAD) / max(1, len(prog.hands)))
    seat = _("Seat {number}")
    names = list(players) if named else [seat.format(number=p) for p in players]
    hook_marks = any(rules.hook.applies(h.cards) for h in prog.hands) and not all(
        rules.hook.applies(h.cards) for h in prog.hands
    )
    hands = []
    for hand in prog.hands:
        dagger = "†" if hook_marks and rules.hook.applies(hand.cards) else ""
        dealer = hand.dealer if named else _("seat {number}").format(number=hand.dealer)
        hands.append((hand.number, f"{hand.cards}{dagger}", dealer, trump_mark(hand.trump)))
    notes = [
        _("Scoring: {how}.").format(how=rules.scoring.sheet_note),
        _hook_note(rules, hook_marks),
        _("Trump: {how}.").format(how=trump_note(rules)),
    ]
    if not named:
        first = players[game.first_dealer]
        notes.append(
            _("Write the names in clockwise from seat 1; seat {first} deals first.").format(
                first=first
            )
        )
    return render(
        "blank.html",
        **paper_values(_("Oh Hell score sheet"), turn, paper, "blank"),
        row_height=f"{row_mm:.1f}",
        heading=_("Oh Hell"),
        subtitle=_("score sheet"),
        rules=rules_line(rules, len(players)),
        fill_in=(_("Date"), _("Place"), _("Scorer")),
        # The running total only: its difference is the hand's score.
        head=_head(names, (BID, TOOK, TOTAL), fill=not named),
        hands=hands,
        total=_(TOTAL),
        notes=notes,
        winner=_("Winner"),
        printed=_("Printed by ohhell-score {version}.").format(version=__version__),
    )


def _hook_note(rules: RuleSet, marked: bool) -> str:
    if rules.hook.from_cards is None:
        return _("No hook: the dealer bids freely.")
    if marked:
        return _(
            "On hands marked †, the dealer, who bids last, may not make the bids add up to "
            "the cards dealt."
        )
    return _("The dealer, who bids last, may not make the bids add up to the cards dealt.")
