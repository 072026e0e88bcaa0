"""HTML score sheets: a game's (with an SVG chart of the running totals) and a blank one.

One self-contained file each: inline CSS and SVG, no script, no font or image to fetch,
so it opens offline and prints the same anywhere. The look is a paper score sheet:
hands down, players across, a box for bid, tricks, points and total under each name.
Print: the page size is left to the printer (A4 or Letter) unless ``paper`` names one;
five players or more turn the page to landscape. Every name goes through
``html.escape``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import NamedTuple

from ohhell_score import __version__
from ohhell_score.domain.game import Game, Progress, progress
from ohhell_score.domain.rules import RuleSet, Suit
from ohhell_score.domain.rulewords import rule_parts, suit_name
from ohhell_score.i18n import N_, _, language, ngettext
from ohhell_score.views.export import result_words
from ohhell_score.views.sheet import CellKind, Row, sheet, standings
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


def escaped(text: object) -> str:
    """Text as HTML shows it: every name and word the program did not draw goes through."""
    return escape(str(text), quote=True)


def orientation(players: int) -> str:
    return "landscape" if players >= LANDSCAPE_FROM_PLAYERS else "portrait"


def _page_size(paper: str, turn: str) -> str:
    named = {"a4": "A4 ", "letter": "letter "}.get(paper, "")
    return f"{named}{turn}"


CSS = """
:root { --ink: #1b1b1b; --rule: #8c8c8c; --faint: #cfcac0; --paper: #fffdf6;
        --band: #f5f1e6; --made: #e3f0da; --red: #b0122b; }
* { box-sizing: border-box; }
html { background: #dcd8cf; }
body { margin: 8mm auto; padding: 10mm 11mm; background: var(--paper); color: var(--ink);
       font: 8.5pt/1.3 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif;
       box-shadow: 0 1px 5px rgba(0, 0, 0, .3); }
body.portrait { width: 210mm; }
body.landscape { width: 297mm; }
/* A window narrower than the paper: the page takes its width, the columns share it. */
body { max-width: 100%; }
h1 { font: 700 17pt/1.1 "DejaVu Serif", Georgia, serif; margin: 0 0 1mm; }
h1 .id { font-weight: 400; color: #555; }
h2 { font: 700 11pt/1.2 "DejaVu Serif", Georgia, serif; margin: 4mm 0 1.5mm; }
.meta { margin: 0 0 1mm; color: #444; }
.result { font: 700 11pt/1.3 "DejaVu Serif", Georgia, serif; margin: 2mm 0 1mm; }
.standings { margin: 0 0 3mm; padding: 0; list-style: none; display: flex;
             flex-wrap: wrap; gap: 1mm 5mm; }
.standings li { white-space: nowrap; }
.standings .place { color: #666; }
table.sheet { width: 100%; border-collapse: collapse; table-layout: fixed;
              font-variant-numeric: tabular-nums; line-height: 1.15; }
.sheet th, .sheet td { border: .4pt solid var(--rule); padding: .5mm .8mm; text-align: center;
                       overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.sheet thead th { background: var(--band); font-weight: 700; }
.sheet thead th.fixed { font-size: 7pt; }
.sheet thead tr.sub th { font-size: 6.5pt; font-weight: 400; color: #444;
                         white-space: normal; text-overflow: clip; padding: .5mm .2mm; }
/* A heading longer than its column breaks where its catalogue allows (Dutch Kaar-ten). */
.sheet thead th { white-space: normal; }
.sheet th.name { font-size: 9pt; white-space: normal; overflow-wrap: anywhere;
                 text-overflow: clip; }
.sheet .seat { border-left: 1.3pt solid var(--ink); }
.sheet td.dealer { text-align: left; }
.sheet tbody tr:nth-child(even) td { background: var(--band); }
/* As specific as the banding above, and after it: a made bid is shaded on every row. */
.sheet tbody tr td.made { background: var(--made); }
.sheet td.total { font-weight: 700; }
.sheet .over { font-size: 6.5pt; color: #555; border-left: 1.3pt solid var(--ink); }
.sheet td.away { color: #666; font-style: italic; text-align: left; }
.standings .away { color: #666; font-style: italic; }
.sheet td.points { color: #444; }
.sheet .tick { font-size: 6.5pt; }
.sheet .red { color: var(--red); }
.sheet tfoot th, .sheet tfoot td { border-top: 1.3pt solid var(--ink); font-size: 10.5pt;
                                    font-weight: 700; padding: 1mm; }
.sheet tfoot td.winner { background: var(--made); }
.sheet tr.current td { font-weight: 700; }
.blank .sheet td { color: #666; }
.blank .sheet td.red { color: var(--red); }
.blank .sheet tfoot td { height: 9mm; }
.sheet th .fill { min-width: 60%; margin: 1.5mm 0 .5mm; height: 4mm; }
.blank .sheet td.box { background: none; }
.blank .sheet tbody tr:nth-child(even) td.box { background: var(--band); }
.fill { display: inline-block; min-width: 38mm; border-bottom: .6pt solid var(--ink);
        margin-right: 6mm; }
.chart > svg { width: 100%; height: auto; display: block; }
.chart .axis { stroke: var(--ink); stroke-width: 1; }
.chart .grid { stroke: var(--faint); stroke-width: .8; }
.chart text { font: 10px "DejaVu Sans", Arial, sans-serif; fill: var(--ink); }
.chart .series { fill: none; stroke-width: 2; stroke-linejoin: round; }
.chart text.stop { paint-order: stroke; stroke: var(--paper); stroke-width: 3px; }
.legend { list-style: none; margin: 1mm 0 0; padding: 0; display: flex; flex-wrap: wrap;
          gap: 1mm 6mm; }
.legend svg { width: 9mm; height: 3mm; vertical-align: middle; }
.notes { color: #555; font-size: 7.5pt; margin: 2mm 0 0; }
.notes p { margin: .5mm 0; }
@media print {
  html, body { background: #fff; }
  body, body.portrait, body.landscape { width: auto; margin: 0; padding: 0; box-shadow: none; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  thead { display: table-header-group; }
  tfoot { display: table-row-group; }
  tr, .chart, .standings { break-inside: avoid; }
  /* Room for the sub-heads' second line ("Hand score"): a Cartier game on one Letter page. */
  body.portrait .chart > svg { height: 58mm; }
}
"""


def page_head(title: str, style: str, *meta: str) -> list[str]:
    """A page's opening lines, to its style (``title`` already escaped): the exports'
    pages and the live board's."""
    return [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        *meta,
        f"<title>{title}</title>",
        f"<style>{style}</style>",
    ]


def printed_page(title: str, turn: str, paper: str, body_class: str, content: list[str]) -> str:
    """A whole printable page of the exports: its head and style, then ``content``."""
    size = _page_size(paper, turn)
    generator = f'<meta name="generator" content="ohhell-score {escaped(__version__)}">'
    return "\n".join(
        [
            *page_head(
                escaped(title), f"{CSS}@page {{ size: {size}; margin: 10mm; }}\n", generator
            ),
            "</head>",
            f'<body class="{turn} {body_class}">',
            *content,
            "</body>",
            "</html>",
            "",
        ]
    )


def rules_line(rules: RuleSet, players: int) -> str:
    """Every rule in words (HTML), what differs from the preset in bold: the words of
    ``rulewords``, the one place that says them."""
    count = len(rules.hands)
    parts = [
        escaped(rules.preset),
        ngettext("{count} hand", "{count} hands", count).format(count=count),
    ]
    parts += [
        f"<b>{escaped(t)}</b>" if changed else escaped(t)
        for t, changed in rule_parts(rules, players)
    ]
    return " · ".join(parts)


def _trump_cell(suit: Suit | None) -> str:
    if suit is None:
        return '<td class="trump"></td>'
    red = ' red"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else '"'
    return f'<td class="trump{red} title="{escaped(suit_name(suit))}">{escaped(suit.symbol)}</td>'


def _colgroup(players: int, per_player: int, *, over: bool = False) -> str:
    fixed = '<col style="width:9mm"><col style="width:11mm"><col style="width:19mm">'
    fixed += '<col style="width:11mm">'
    last = '<col class="over" style="width:12mm">' if over else ""
    return f"<colgroup>{fixed}{'<col>' * (players * per_player)}{last}</colgroup>"


SEAT = ' class="seat"'


def _head(names: Sequence[str], subs: Sequence[str], *, over: bool = False) -> list[str]:
    heads = (_("Cards"), _("Dealer"), _("Trump"))
    top = ['<tr><th class="fixed" rowspan="2">#</th>']
    top.extend(f'<th class="fixed" rowspan="2">{escaped(h)}</th>' for h in heads)
    for name in names:
        top.append(f'<th class="name seat" colspan="{len(subs)}" scope="colgroup">{name}</th>')
    if over:  # as the terminal sheet: a column of its own, last
        title = escaped(_("bids over/under"))
        top.append(f'<th class="fixed over" rowspan="2" title="{title}">{OVER_HEAD}</th>')
    top.append("</tr>")
    sub = ['<tr class="sub">']
    for _name in names:
        sub.extend(
            f'<th scope="col"{SEAT if i == 0 else ""}>{escaped(_(s))}</th>'
            for i, s in enumerate(subs)
        )
    sub.append("</tr>")
    return ["<thead>", "".join(top), "".join(sub), "</thead>"]


# --- a game's sheet -------------------------------------------------------------------


def _hand_row(row: Row, compact: bool) -> str:
    cells = [
        f"<td>{row.number}{row.hand_mark}{row.hook_mark}</td>",
        f"<td>{row.cards}</td>",
        f'<td class="dealer">{escaped(row.dealer)}</td>',
        _trump_cell(row.trump),
    ]
    for cell in row.cells:
        if cell.kind is CellKind.AWAY:  # not at the table this hand
            span = 3 if compact else 4
            cells.append(f'<td class="seat away" colspan="{span}">{escaped(cell.mark)}</td>')
            continue
        if cell.kind is not CellKind.SCORED:
            value = "" if cell.bid is None else cell.bid
            cells.append(f'<td class="seat">{value}</td>')
            cells.append("<td></td>" * (2 if compact else 3))
            continue
        mark = ' <span class="tick">✓</span>' if cell.made else ""
        cls = ' class="made"' if cell.made else ""
        cells.append(f'<td class="seat">{cell.bid}</td><td{cls}>{cell.tricks}{mark}</td>')
        if not compact:
            cells.append(f'<td class="points">{cell.score}</td>')
        cells.append(f'<td class="total">{cell.total}</td>')
    # In words: beside the cards "10 -1" read as a sum.
    cells.append(f'<td class="over">{escaped(row.over_words)}</td>')
    style = ' class="current"' if row.current else ""
    return f"<tr{style}>{''.join(cells)}</tr>"


def export_html(prog: Progress, *, paper: str = "auto") -> str:
    """A game's score sheet: standings, every hand, totals and the chart."""
    game = prog.game
    sh = sheet(prog)
    players = sh.players
    turn = orientation(len(players))
    title = _("Oh Hell")
    content = [
        f'<header><h1>{escaped(title)} <span class="id">{escaped(game.id)}</span></h1>',
        f'<p class="meta">{rules_line(game.rules, len(game.players))}</p>',
        f'<p class="meta">{escaped(_meta(game, prog.players))}</p>',
        f'<p class="result">{result_words(prog, escaped)}</p>',
    ]
    if prog.hands_played:
        content.append('<ol class="standings">')
        for st in standings(prog):
            made = _("({made}/{played} made)").format(made=st.made, played=st.played)
            content.append(
                f'<li><span class="place">{f"{st.place}." if st.place else "–"}</span> '
                f"<b>{escaped(st.player)}</b> {st.total} {escaped(made)}"
                + (f' <span class="away">{escaped(st.away)}</span>' if st.away else "")
                + "</li>"
            )
        content.append("</ol>")
    content.append("</header>")
    content.extend(sheet_table(prog))
    compact = len(players) >= COMPACT_FROM_PLAYERS
    if compact:
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
    # The margin notes run on in one paragraph: a Cartier game must still print on one
    # sheet of Letter paper, its chart included.
    notes = [
        escaped(cells),
        *(escaped(text) + ("" if text.endswith(".") else ".") for text in sh.notes(over=False)),
        *(escaped(_("Seat change: {change}.").format(change=n)) for n in sh.seat_notes),
        escaped(_("Written by ohhell-score {version}.").format(version=__version__)),
    ]
    content.append('<footer class="notes"><p>{notes}</p>'.format(notes=" ".join(notes)))
    content.append("</footer>")
    if prog.hands_played:
        if turn == "landscape":  # at full width the chart alone is half the page
            content.append(f"<style>{_landscape_chart(len(prog.hands))}</style>")
        content.extend(chart_section(prog))
    return printed_page(f"{title} · {game.id}", turn, paper, "game", content)


def sheet_table(prog: Progress) -> list[str]:
    """The sheet itself (HTML lines): a row a hand, the players' columns, the totals
    (the page of ``export_html`` and the live board's), drawn from the sheet model."""
    sh = sheet(prog)
    players = sh.players
    content = ['<table class="sheet">']
    compact = len(players) >= COMPACT_FROM_PLAYERS
    subs = (BID, TOOK, TOTAL) if compact else (BID, TOOK, POINTS, TOTAL)
    content.append(_colgroup(len(players), len(subs), over=True))
    content.extend(_head([escaped(p) for p in players], subs, over=True))
    content.append("<tbody>")
    content.extend(_hand_row(row, compact) for row in sh.rows)
    content.append("</tbody>")
    foot = [f'<tfoot><tr><th colspan="4">{escaped(_(TOTAL))}</th>']
    for p, total in zip(players, sh.total_cells, strict=True):
        won = ' winner"' if p in sh.winners else '"'
        star = " ★" if p in sh.winners else ""
        foot.append(f'<td class="seat{won} colspan="{len(subs)}">{escaped(total)}{star}</td>')
    foot.append('<td class="over"></td></tr></tfoot>')
    content.append("".join(foot))
    content.append("</table>")
    return content


def chart_section(prog: Progress) -> list[str]:
    """The running totals drawn (HTML lines), with the legend, once a hand is scored."""
    heading = escaped(_("Running totals"))
    points = chart_points(prog)
    return [
        f'<section class="chart"><h2>{heading}</h2>',
        svg_chart(points, len(prog.running)),
        legend(prog.everyone, points),
        "</section>",
    ]


#: The columns under each player (translated where they are drawn).
BID, TOOK, POINTS, TOTAL = N_("Bid"), N_("Took"), N_("Hand score"), N_("Total")


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
    """Print CSS for the chart on a landscape page: what is left under the sheet, or the
    whole next page when too little is left (never a page with only a line or two)."""
    left = _PAGE_HEIGHT["landscape"] - _LANDSCAPE_OVERHEAD - _ROW_MM * hands
    if left < _CHART_MIN_MM:
        return "@media print { .chart { break-before: page; } }"
    return f"@media print {{ .chart > svg {{ height: {left:.0f}mm; }} }}"


def svg_chart(
    points: Mapping[str, Sequence[tuple[int, int]]],
    hands: int,
    *,
    label: str | None = None,
    axis: str | None = None,
) -> str:
    """Running totals per player over the hands: one ``polyline`` per player, from the
    hand they sat down at (hand 0, everyone at 0, for a table that never changed) to
    the last they played; each line ends in its player's name. ``label`` and ``axis``
    name another series (the ratings ladder's, over the games).
    """
    box = _Box()
    players = list(points)
    label = label or _("Running totals per player over the hands")
    axis = axis or _("hand")
    values = [0, *(t for series in points.values() for _hand, t in series)]
    step = _nice_step(max(values) - min(values))
    low = (min(values) // step) * step
    high = -(-max(values) // step) * step
    high = max(high, low + step)

    def x(hand: int) -> float:
        return box.left + (box.right - box.left) * hand / max(1, hands)

    def y(value: int) -> float:
        return box.bottom - (box.bottom - box.top) * (value - low) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {box.width} {box.height}" '
        f'role="img" aria-label="{escaped(label)}">'
    ]
    for value in range(low, high + 1, step):
        parts.append(
            f'<line class="grid" x1="{box.left}" y1="{y(value):.1f}" '
            f'x2="{box.right}" y2="{y(value):.1f}"/>'
            f'<text x="{box.left - 5}" y="{y(value) + 3.5:.1f}" text-anchor="end">{value}</text>'
        )
    label_every = max(1, -(-hands // 24))
    for hand in range(0, hands + 1):
        if hand % label_every == 0 or hand == hands:
            parts.append(
                f'<text x="{x(hand):.1f}" y="{box.bottom + 14}" text-anchor="middle">{hand}</text>'
            )
    parts.append(
        f'<text x="{(box.left + box.right) / 2}" y="{box.bottom + 28}" '
        f'text-anchor="middle">{escaped(axis)}</text>'
    )
    parts.append(
        f'<line class="axis" x1="{box.left}" y1="{box.bottom}" x2="{box.right}" '
        f'y2="{box.bottom}"/><line class="axis" x1="{box.left}" y1="{box.top}" '
        f'x2="{box.left}" y2="{box.bottom}"/>'
    )
    ends: dict[int, list[tuple[float, int]]] = {}  # by the hand a line ends at
    for i, p in enumerate(players):
        if not points[p]:  # not at the table for any hand counted: no line, no name
            continue
        line = [(x(k), y(t)) for k, t in points[p]]
        coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in line)
        colour, pattern = line_style(i)
        dash = f' stroke-dasharray="{pattern}"' if pattern else ""
        parts.append(
            f'<polyline class="series" stroke="{colour}"{dash} '
            f'points="{coords}"><title>{escaped(p)}</title></polyline>'
        )
        ends.setdefault(points[p][-1][0], []).append((line[-1][1], i))
    for hand, group in sorted(ends.items()):
        if hand >= hands:  # at the right of the plot, as a legend in the margin
            parts.extend(_end_labels(players, group, box.right + 6, box, ""))
        else:  # a line that stops (the player got up): the name where it stops
            stop = x(hand)
            parts.extend(
                f'<circle cx="{stop:.1f}" cy="{end_y:.1f}" r="2.5" fill="{line_style(i)[0]}"/>'
                for end_y, i in group
            )
            parts.extend(_end_labels(players, group, stop + 5, box, ' class="stop"', -6))
    parts.append("</svg>")
    return "".join(parts)


def _end_labels(
    players: Sequence[str],
    ends: list[tuple[float, int]],
    left: float,
    box: _Box,
    cls: str,
    lift: float = 0,
) -> list[str]:
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
        out.append(
            f'<text{cls} x="{left:.1f}" y="{at - max(0, overflow) + 3.5:.1f}" '
            f'fill="{line_style(i)[0]}">{escaped(short)}</text>'
        )
    return out


def legend(players: Sequence[str], drawn: Mapping[str, Sequence[object]] | None = None) -> str:
    """Each player's line style and name (only the players ``drawn`` has a line of)."""
    items = []
    for i, p in enumerate(players):
        if drawn is not None and not drawn[p]:
            continue  # the chart has no line to look for
        colour, dash = line_style(i)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        items.append(
            '<li><svg viewBox="0 0 36 12" aria-hidden="true"><line x1="0" y1="6" x2="36" '
            f'y2="6" stroke="{colour}" stroke-width="2.5"{dash_attr}/>'
            f"</svg> {escaped(p)}</li>"
        )
    return '<ul class="legend">' + "".join(items) + "</ul>"


# --- the blank sheet ------------------------------------------------------------------


def blank_sheet_html(game: Game, *, named: bool, paper: str = "auto") -> str:
    """A sheet to fill in by hand: cards, dealer and any fixed trump per hand.

    ``named`` is false when only a count of players was given: the name boxes are then
    left empty and seats are numbered (seat 1 deals first).
    """
    prog = progress(game)
    title, sheet = _("Oh Hell"), _("score sheet")
    players = game.players
    rules = game.rules
    turn = orientation(len(players))
    row_mm = min(9.0, (_PAGE_HEIGHT[turn] - _BLANK_OVERHEAD) / max(1, len(prog.hands)))
    seat = _("Seat {number}")
    names = [
        escaped(p) if named else f'{escaped(seat.format(number=p))}<br><span class="fill"></span>'
        for p in players
    ]
    hook_marks = any(rules.hook.applies(h.cards) for h in prog.hands) and not all(
        rules.hook.applies(h.cards) for h in prog.hands
    )
    content = [
        f"<style>.blank tbody tr {{ height: {row_mm:.1f}mm; }}</style>",
        f'<header><h1>{escaped(title)} <span class="id">{escaped(sheet)}</span></h1>',
        f'<p class="meta">{rules_line(rules, len(players))}</p>',
        '<p class="meta">'
        + " ".join(
            f'{escaped(w)} <span class="fill"></span>' for w in (_("Date"), _("Place"), _("Scorer"))
        )
        + "</p>",
        "</header>",
        '<table class="sheet">',
        _colgroup(len(players), 3),
        *_head(names, (BID, TOOK, TOTAL)),  # the running total: its difference is the hand's
        "<tbody>",
    ]
    for hand in prog.hands:
        dagger = "†" if hook_marks and rules.hook.applies(hand.cards) else ""
        dealer = escaped(hand.dealer if named else _("seat {number}").format(number=hand.dealer))
        cells = [
            f"<td>{hand.number}</td>",
            f"<td>{hand.cards}{dagger}</td>",
            f'<td class="dealer">{dealer}</td>',
            _trump_cell(hand.trump),
        ]
        cells.extend(
            '<td class="box seat"></td><td class="box"></td><td class="box"></td>' for _ in players
        )
        content.append(f"<tr>{''.join(cells)}</tr>")
    content.append("</tbody>")
    content.append(
        f'<tfoot><tr><th colspan="4">{escaped(_(TOTAL))}</th>'
        + "".join('<td class="seat" colspan="3"></td>' for _ in players)
        + "</tr></tfoot>"
    )
    content.append("</table>")
    notes = [
        escaped(_("Scoring: {how}.").format(how=rules.scoring.sheet_note)),
        escaped(_hook_note(rules, hook_marks)),
        escaped(_("Trump: {how}.").format(how=trump_note(rules))),
    ]
    if not named:
        first = players[game.first_dealer]
        notes.append(
            escaped(
                _("Write the names in clockwise from seat 1; seat {first} deals first.").format(
                    first=first
                )
            )
        )
    notes.append('{e} <span class="fill"></span>'.format(e=escaped(_("Winner"))))
    notes.append(escaped(_("Printed by ohhell-score {version}.").format(version=__version__)))
    content.append('<footer class="notes">' + "".join(f"<p>{n}</p>" for n in notes))
    content.append("</footer>")
    return printed_page(_("Oh Hell score sheet"), turn, paper, "blank", content)


def _hook_note(rules: RuleSet, marked: bool) -> str:
    if rules.hook.from_cards is None:
        return _("No hook: the dealer bids freely.")
    if marked:
        return _(
            "On hands marked †, the dealer, who bids last, may not make the bids add up to "
            "the cards dealt."
        )
    return _("The dealer, who bids last, may not make the bids add up to the cards dealt.")
