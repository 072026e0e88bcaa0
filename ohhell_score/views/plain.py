"""The score sheet and the list of games as plain text: what `show`, `list` and `play`
print. The one renderer of both.

They are drawn between every hand and over thousands of games, so they are built with
string formatting, not rich (importing rich alone costs more than the whole start-up
budget of `show`; see benchmarks/). The sheet looks like a paper score sheet: hands
down, players across; each cell holds bid/tricks (a ✓ when the bid was made), the
hand's score and the running total; ▶ marks the current hand, ★ the leaders. When the
terminal is too narrow, the hand's score goes first, then the dealer column, then the
space between columns, then the running totals (the totals row keeps them); names too
long for their column are cut with "…" and listed in full under the sheet. On a
terminal, the current hand and the totals are bold and later hands dim (``NO_COLOR``
keeps those and drops the green of ✓). Marks, not colours alone, carry the meaning.
"""

from __future__ import annotations

import shutil
import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ohhell_score.domain.rulewords import rules_words
from ohhell_score.i18n import N_, _
from ohhell_score.views.console import say, styles
from ohhell_score.views.sheet import Cell, CellKind, Row, Sheet, sheet
from ohhell_score.views.words import OVER_HEAD, next_words

if TYPE_CHECKING:
    from ohhell_score.domain.game import Progress
    from ohhell_score.domain.listing import Listing

MADE = "✓"
GAP = "   "  # between columns, as rich's SIMPLE_HEAD box draws them

BOLD, DIM, GREEN, ITALIC, RED = "1", "2", "32", "3", "31"
RESET = "\x1b[0m"


class Styler:
    """ANSI styles on a terminal (``TERM`` not ``dumb``); none in a pipe or a file."""

    def __init__(self, stream: object, *, terminal: bool | None = None) -> None:
        """``terminal`` says whether the output is one (rich's console knows it best),
        else it is asked of ``stream`` (``console.styles`` decides)."""
        self.on, self.colour = styles(stream, terminal=terminal)

    def __call__(self, text: str, *codes: str) -> str:
        if not self.on or not text:
            return text
        codes = tuple(c for c in codes if self.colour or c not in (GREEN, RED))
        if not codes:
            return text
        start = f"\x1b[{';'.join(codes)}m"
        # A styled cell inside a styled row: after the cell, the row's style goes on.
        return start + text.replace(RESET, RESET + start) + RESET


def cell_len(text: str) -> int:
    """Columns a string takes on a terminal: wide (East Asian) characters take two."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(text: str, width: int, *, ellipsis: bool = True) -> str:
    """Cut ``text`` to ``width`` columns, ending in "…" (or just cropped)."""
    if cell_len(text) <= width:
        return text
    out, used = "", 0
    room = width - 1 if ellipsis else width
    for ch in text:
        w = cell_len(ch)
        if used + w > room:
            break
        out, used = out + ch, used + w
    return out + "…" if ellipsis else out


def pad(text: str, width: int, right: bool) -> str:
    space = " " * max(0, width - cell_len(text))
    return space + text if right else text + space


def terminal_width() -> int:
    """The width to draw for: ``COLUMNS`` first, then the terminal, as rich does."""
    return shutil.get_terminal_size((80, 24)).columns


# --- the score sheet ------------------------------------------------------------------


class _Widths:
    """The widths of a cell's parts: bid/tricks, the hand's score, the running total.
    (Plain classes here, not dataclasses: creating one costs `show` about 0.3 ms.)"""

    __slots__ = ("pair", "score", "total")

    def __init__(self, pair: int, score: int, total: int) -> None:
        self.pair, self.score, self.total = pair, score, total

    def cell(self, cells: str) -> int:
        # "b/t✓ +s total" (full), "b/t✓ total" (compact) or "b/t✓" (bare)
        if cells == "bare":
            return self.pair + 1
        return self.pair + 1 + (self.score + 1 if cells == "full" else 0) + 1 + self.total


def _widths(sh: Sheet) -> _Widths:
    pairs = [3]  # "0/·"
    scores = [2]
    totals = [len(str(t)) + 1 for t in sh.totals]  # the totals row's "★"
    for row in sh.rows:
        for c in row.cells:
            if c.bid is not None:
                pairs.append(len(f"{c.bid}/{c.tricks or 0}"))
            if c.score is not None:
                scores.append(len(f"{c.score:+d}"))
            if c.total is not None:
                totals.append(len(str(c.total)))
    return _Widths(max(pairs), max(scores), max(totals))


class _Layout:
    """How the sheet fits: cell contents, the dealer column, the space between columns,
    the over/under column."""

    __slots__ = ("cells", "dealer", "over", "pad", "player_width")

    def __init__(
        self, cells: str, dealer: bool, pad: int, player_width: int, over: bool = True
    ) -> None:
        self.cells = cells  # "full", "compact" or "bare"
        self.dealer = dealer
        self.pad = pad  # spaces each side of a column; columns are 2 * pad + 1 apart
        self.player_width = player_width
        self.over = over  # the over/under column last (left[3] wide)

    def width(self, players: int, left: Sequence[int]) -> int:
        columns = [*left[: 3 if self.dealer else 2], *[self.player_width] * players]
        if self.over:
            columns.append(left[3])
        return sum(columns) + (len(columns) - 1) * (2 * self.pad + 1)


def _trump_cell(row: Row) -> str:
    symbol = row.trump.symbol if row.trump is not None else ""
    return f"{row.cards}{symbol}"


def _layout(sh: Sheet, w: _Widths, width: int) -> tuple[_Layout, list[int]]:
    """The roomiest layout that fits ``width``: the full one (with each hand's score and
    the dealer), then without the hand's score, then without the dealer, then close
    together, then bid/tricks alone with the totals below. The over/under column comes
    last where it cuts no name shorter, the roomiest layout with it before the roomiest
    without it: the hand's score is the difference of the totals, while the over/under
    is said nowhere else on the sheet."""
    name = max(cell_len(p) for p in sh.players)
    left = [
        max(len(str(len(sh.rows))) + 1 + max(len(r.hand_mark) for r in sh.rows), 1),
        max(cell_len(_trump_cell(r)) for r in sh.rows),  # cards and trump
        # the dealer's column holds "deals" and "Total" too, in the reader's language
        min(
            max(cell_len(_(DEALS)), cell_len(_(TOTAL)), *(cell_len(r.dealer) for r in sh.rows)),
            8,
        ),
        # the over/under and the hook's †, last, where room is left
        max(len(OVER_HEAD), *(len(r.over + r.hook_mark) for r in sh.rows)),
    ]
    candidates = [
        _Layout("full", True, 1, max(w.cell("full"), min(name, 12))),
        _Layout("compact", True, 1, max(w.cell("compact"), min(name, 10))),
        _Layout("compact", False, 1, max(w.cell("compact"), min(name, 8))),
        _Layout("compact", False, 0, w.cell("compact") + 1),
        # Two decks, 13 cards, 7 players: only the totals row keeps the totals.
        _Layout("bare", False, 0, max(w.cell("bare"), w.total) + 1),
    ]
    players = len(sh.players)

    def first_fit(layouts: list[_Layout]) -> _Layout | None:
        for candidate in layouts:
            slack = width - candidate.width(players, left)
            if slack >= 0:
                # Room to spare goes to long names first.
                grow = max(0, min(name - candidate.player_width, slack // players))
                candidate.player_width += grow
                return candidate
        return None

    without = [_Layout(c.cells, c.dealer, c.pad, c.player_width, over=False) for c in candidates]
    plain = first_fit(without) or without[-1]
    # The over/under column where it costs no name a letter: it may take the place of
    # the hands' scores (the difference of the totals) and the space between columns.
    over = first_fit(candidates)
    if over is not None and min(name, over.player_width) >= min(name, plain.player_width):
        return over, left
    return plain, left


def _cell(cell: Cell, w: _Widths, cells: str, pw: int) -> list[tuple[str, str | None]]:
    """One player's cell as (text, style) parts, lined up with the column's other cells."""
    if cell.mark:  # the first hand after the player got up
        return [(fit(cell.mark, pw), DIM)]
    if cell.kind is CellKind.BID:
        return [(f"{cell.bid}/·".rjust(w.pair).ljust(w.cell(cells)), BOLD)]
    if cell.kind is not CellKind.SCORED:
        return []
    parts: list[tuple[str, str | None]] = [(f"{cell.bid}/{cell.tricks}".rjust(w.pair), None)]
    parts.append((MADE, GREEN) if cell.made else (" ", None))
    if cells == "full":
        parts.append((f" {cell.score:+d}".rjust(w.score + 1), DIM))
    if cells != "bare":
        parts.append((f" {cell.total}".rjust(w.total + 1), BOLD))
    return parts


def _wrap(text: str, width: int) -> list[str]:
    """A line of words folded to ``width`` columns, as a terminal would not do nicely."""
    if cell_len(text) <= width:
        return [text]
    import textwrap  # lazy: `show` loads it only for a line wider than the terminal

    return textwrap.wrap(text, max(width, 1), break_on_hyphens=False) or [text]


class _Columns:
    """The sheet's columns: each one's width and whether it is justified right, and the
    space between them."""

    __slots__ = ("columns", "gap")

    def __init__(self, columns: list[tuple[int, bool]], gap: str) -> None:
        self.columns = columns
        self.gap = gap

    @property
    def width(self) -> int:
        return sum(c for c, _ in self.columns) + len(self.gap) * (len(self.columns) - 1)

    def line(self, cells: Sequence[tuple[str, str]]) -> str:
        """Cells as (styled text, bare text), each fitted to its column."""
        out = []
        for (text, bare), (cw, right) in zip(cells, self.columns, strict=True):
            if cell_len(bare) > cw:
                text = bare = fit(bare, cw)
            out.append(pad_styled(text, bare, cw, right))
        return self.gap.join(out)


def _bare(text: str) -> tuple[str, str]:
    return text, text


def sheet_lines(prog: Progress, width: int, s: Styler) -> list[str]:
    """The score sheet, laid out to fit ``width`` columns.

    Hands down, players across, each cell "bid/tricks", a ✓ for a made bid, the hand's
    score and the running total. The current hand is marked ▶, the leaders ★: marks,
    not colours alone, so it reads the same without colour and on any background.
    """
    sh = sheet(prog)
    players = sh.players  # who sat at any time; a cell is blank while away
    w = _widths(sh)
    layout, left = _layout(sh, w, width)
    pw = layout.player_width
    columns = [(left[0], True), (left[1], True)]
    if layout.dealer:
        columns.append((left[2], False))
    columns.extend((pw, True) for _ in players)
    if layout.over:
        columns.append((left[3], True))
    cols = _Columns(columns, " " * (2 * layout.pad + 1))
    ends = [_bare(OVER_HEAD)] if layout.over else []
    table_width = cols.width
    out = [s(pad(t, table_width, False), ITALIC) for t in _wrap(sheet_title(prog), table_width)]
    heads = [_bare("#"), _bare("n")] + ([_bare(_(DEALS))] if layout.dealer else [])
    out.append(s(cols.line(heads + [_bare(p) for p in players] + ends), BOLD))
    out.append("─" * table_width)
    out.extend(_hand_line(hand, layout, left, w, cols, s) for hand in sh.rows)
    out.append(" " * table_width)
    feet = [_bare(""), _bare("" if layout.dealer else "Σ")] + (
        [_bare(_(TOTAL))] if layout.dealer else []
    )
    totals_row = [
        _bare(f"{total}{'★' if p in sh.leaders else ''}")
        for p, total in zip(players, sh.total_cells, strict=True)
    ]
    out.append(s(cols.line(feet + totals_row + [("", "")] * len(ends)), BOLD))
    out.extend(
        _under_the_sheet(
            prog, sh, width, s, names_cut=any(cell_len(p) > pw for p in players), over=layout.over
        )
    )
    return [text.rstrip(" ") for text in out]  # piped or copied, no line ends in spaces


def _hand_line(
    hand: Row, layout: _Layout, left: list[int], w: _Widths, cols: _Columns, s: Styler
) -> str:
    """One hand's line: its number, cards and trump, dealer, each player's cell."""
    here = "▶" if hand.current else ""
    row = [_bare(f"{here}{hand.number}{hand.hand_mark}"), _bare(_trump_cell(hand))]
    if layout.dealer:
        row.append(_bare(fit(hand.dealer, left[2], ellipsis=False)))  # cropped
    pw = layout.player_width
    for cell in hand.cells:
        parts = _cell(cell, w, layout.cells, pw)
        plain_text = "".join(t for t, _ in parts)
        text = "".join(s(t, style) if style else t for t, style in parts)
        fill = " " * max(0, pw - cell_len(plain_text))  # cells line up under each other
        row.append((fill + text, fill + plain_text))
    if layout.over:
        row.append(_bare(hand.over + hand.hook_mark))
    text = cols.line(row)
    if hand.current:
        return s(text, BOLD)
    if not hand.scored:
        return s(text, DIM)
    return text


def _under_the_sheet(
    prog: Progress, sh: Sheet, width: int, s: Styler, *, names_cut: bool, over: bool
) -> list[str]:
    """The lines under the totals: who sits now, seat changes, what to enter next, the
    sheet's notes, a formula's words and the scorer, each folded to ``width``."""
    game = prog.game
    out: list[str] = []
    if names_cut or sh.players != prog.players:
        # names were cut, or seats changed: who sits now, in full
        seated = _("Players, clockwise: {players}").format(players=", ".join(prog.players))
        out.extend(s(t, DIM) for t in _wrap(seated, width))
    for note in sh.seat_notes:
        out.extend(s(t, DIM) for t in _wrap(_("Seats: {note}.").format(note=note), width))
    marker = "▶ " if prog.next else ""
    out.extend(s(t, BOLD) for t in _wrap(marker + next_words(prog), width))
    for text in sh.notes(over=over, hook=over):
        out.extend(s(t, DIM) for t in _wrap(text, width))
    if not game.rules.scoring.name:  # a formula: say what it scores (docs/rules.md)
        said = _("Scoring: {sheet_note}.").format(sheet_note=game.rules.scoring.sheet_note)
        out.extend(s(t, DIM) for t in _wrap(said, width))
    if game.scorer:
        scorer = _("Scorer: {name}").format(name=game.scorer)
        out.extend(s(t, DIM) for t in _wrap(scorer, width))
    return out


#: The sheet's words that line up in columns (translated where they are drawn).
DEALS, TOTAL = N_("deals"), N_("Total")
LIST_HEADS = (N_("id"), N_("players"), N_("rules"), N_("hand"), N_("leader"), N_("last played"))


def sheet_title(prog: Progress) -> str:
    game = prog.game
    return f"{game.id} · {rules_words(game.rules, len(game.players))}"


def pad_styled(text: str, bare: str, width: int, right: bool) -> str:
    """Pad ``text`` (maybe with ANSI codes) to ``width`` by the length of its ``bare`` text."""
    space = " " * max(0, width - cell_len(bare))
    return space + text if right else text + space


def print_sheet(prog: Progress) -> None:
    say(sheet_text(prog, sys.stdout))


def sheet_text(prog: Progress, stream: object) -> str:
    """The sheet as ``stream`` shows it: coloured on a terminal, unless ``NO_COLOR``."""
    return "\n".join(sheet_lines(prog, terminal_width(), Styler(stream)))


# --- the list of games --------------------------------------------------------------


def list_lines(listed: Sequence[Listing], s: Styler) -> list[str]:
    """One line a game, most recently changed first: id, players, rules, the hand on
    ("hand k of K", or "done (K)", "done after k of K" for a game stopped early, with
    the winners as leader), leader, last played.

    Decision: a game stays on one line however long (rich folded the cells to the
    terminal): a line a game is what grep, sort and a pager expect.
    """
    if not listed:
        return [_("No games yet: start one with `ohhell new PLAYER...`.")]
    heads = tuple(_(h) for h in LIST_HEADS)
    rows: list[tuple[str, ...]] = []
    for item in listed:
        g = item.summary
        if item.error is not None:
            unreadable = _("unreadable: see `ohhell show -g {id}`").format(id=item.id)
            rows.append((item.id, unreadable, "", "", "", ""))
            continue
        if g["finished"]:
            where = (
                _("done after {played} of {planned}")  # the table stopped early
                if g["hands_planned"] > g["hands_total"]
                else _("done ({total})")
            ).format(played=g["hands_total"], planned=g["hands_planned"], total=g["hands_total"])
            leader = " & ".join(g["winners"])
        else:
            where = _("{number} of {total}").format(
                number=g["next_hand"] or "", total=g["hands_total"]
            )
            leader = " & ".join(g["leaders"]) if g["hands_played"] else ""
        updated = str(g["updated"])[:16].replace("T", " ")
        players = ", ".join(g["players"])
        if g["earlier"]:  # seats changed: who sat before, too
            players += _(" (earlier: {names})").format(names=", ".join(g["earlier"]))
        rows.append((item.id, players, str(g["rules_words"]), where, leader, updated))
    lens = [[cell_len(c) for c in row] for row in rows]  # once: 10,000 rows are common
    widths = [max([len(h), *(n[i] for n in lens)]) for i, h in enumerate(heads)]

    def line(row: Sequence[str], ns: Sequence[int]) -> str:
        return GAP.join(c + " " * (w - n) for c, n, w in zip(row, ns, widths, strict=True)).rstrip()

    out = [s(line(heads, [len(h) for h in heads]), BOLD), "─" * (sum(widths) + len(GAP) * 5)]
    for item, row, ns in zip(listed, rows, lens, strict=True):
        if item.error is not None:  # the id plain, the complaint in red
            rest = line(row, ns)[len(item.id) :]
            out.append(item.id + rest[: len(GAP) + widths[0] - ns[0]] + s(rest.lstrip(), RED))
        else:
            out.append(line(row, ns))
    return out


def print_list(listed: Sequence[Listing]) -> None:
    say("\n".join(list_lines(listed, Styler(sys.stdout))))
