"""The score sheet and the list of games as plain text: what `show` and `list` print.

These two are drawn between every hand and over thousands of games, so they are built
with string formatting, not rich (importing rich alone costs more than the whole
start-up budget of `show`; see benchmarks/). The sheet looks like a paper score sheet,
as render.py's rich table does: hands down, players across; each cell holds bid/tricks
(a ✓ when the bid was made), the hand's score and the running total. When the terminal
is too narrow, the hand's score goes first, then the dealer column, then long names are
cut with "…"; the totals always stay. On a terminal, the current hand and the totals
are bold and later hands dim (``NO_COLOR`` keeps those and drops the green of ✓).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .words import next_words, plural

if TYPE_CHECKING:
    from .game import HandState, Progress
    from .store import Summary

MADE = "✓"
GAP = "   "  # between columns, as rich's SIMPLE_HEAD box draws them
NAME_MIN = 12  # a longer name is cut rather than lose the dealer or the hand's score
DEALER_MAX = 6

BOLD, DIM, GREEN, ITALIC, RED = "1", "2", "32", "3", "31"
RESET = "\x1b[0m"


class Styler:
    """ANSI styles on a terminal (``TERM`` not ``dumb``); none in a pipe or a file."""

    def __init__(self, stream: object) -> None:
        isatty = getattr(stream, "isatty", None)
        self.on = bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"
        self.colour = self.on and "NO_COLOR" not in os.environ

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
    import shutil  # COLUMNS first, then the terminal, as rich does

    return shutil.get_terminal_size((80, 24)).columns


# --- the score sheet ------------------------------------------------------------------


def _cell(hand: HandState, player: str, total: int | None, layout: str, s: Styler) -> str:
    bid = hand.bids.get(player)
    if bid is None:
        return ""
    if not hand.scored:
        return s(f"{bid}/·", BOLD)
    tricks = hand.tricks[player]
    made = bid == tricks
    text = f"{bid}/{tricks}" + (s(MADE, GREEN) if made else " ")
    if layout == "full":
        text += s(f" {hand.scores[player]:+d}".rjust(5), DIM)
    return text + s(f" {total}".rjust(5), BOLD)


def sheet_lines(prog: Progress, width: int, s: Styler) -> list[str]:
    """The score sheet, laid out to fit ``width`` columns where it can."""
    for layout, show_dealer in (("full", True), ("compact", True), ("compact", False)):
        table = _Table(prog, layout, show_dealer, s)
        if table.snug_width <= width:
            break
    table.cut_names(width)
    return table.lines(prog, s)


class _Table:
    """The sheet's cells in one layout, and the width of each column."""

    def __init__(self, prog: Progress, layout: str, show_dealer: bool, s: Styler) -> None:
        players = prog.game.players
        leaders = set(prog.leaders()) if prog.hands_played else set()
        plainly = Styler(None)
        self.heads = ["#", "n"] + (["deals"] if show_dealer else []) + list(players)
        self.right = [True, True] + ([False] if show_dealer else []) + [True] * len(players)
        feet = ["", ""] + (["Total"] if show_dealer else [])
        self.feet = feet + [f"{prog.totals[p]}{' ★' if p in leaders else ''}" for p in players]
        running = prog.running_totals()
        current = prog.next.hand if prog.next else None
        #: each row: its cells, their text without styles, the row's style
        self.rows: list[tuple[list[str], list[str], str | None]] = []
        for hand in prog.hands:
            totals = running[hand.number - 1] if hand.scored else {}
            corrected = hand.bids_corrected or hand.tricks_corrected
            trump = hand.trump.symbol if hand.trump is not None else ""
            cells = [f"{hand.number}{'*' if corrected else ''}", f"{hand.cards}{trump}"]
            if show_dealer:
                cells.append(fit(hand.dealer, DEALER_MAX, ellipsis=False))
            bare = list(cells)
            for p in players:
                cells.append(_cell(hand, p, totals.get(p), layout, s))
                bare.append(_cell(hand, p, totals.get(p), layout, plainly))
            style = BOLD if hand.number == current else None if hand.scored else DIM
            self.rows.append((cells, bare, style))
        self.first_player = len(self.heads) - len(players)
        self.needs = [cell_len(f) for f in self.feet]  # what a column cannot go below
        for _, bare, _ in self.rows:
            self.needs = [max(n, cell_len(t)) for n, t in zip(self.needs, bare, strict=True)]
        self.widths = [max(n, cell_len(h)) for n, h in zip(self.needs, self.heads, strict=True)]

    @property
    def width(self) -> int:
        return sum(self.widths) + len(GAP) * (len(self.widths) - 1)

    @property
    def snug_width(self) -> int:
        """The width with names cut to NAME_MIN: what a layout needs to be chosen."""
        snug = [
            w if i < self.first_player else max(self.needs[i], min(w, NAME_MIN))
            for i, w in enumerate(self.widths)
        ]
        return sum(snug) + len(GAP) * (len(snug) - 1)

    def cut_names(self, width: int) -> None:
        """Still too wide: the longest names give way, down to what their cells need."""
        over = self.width - width
        players = range(self.first_player, len(self.heads))
        while over > 0:
            cuttable = [i for i in players if self.widths[i] > max(self.needs[i], 1)]
            if not cuttable:
                break
            widest = max(cuttable, key=lambda i: self.widths[i])
            self.widths[widest] -= 1
            over -= 1
        for i in players:
            self.heads[i] = fit(self.heads[i], self.widths[i])

    def lines(self, prog: Progress, s: Styler) -> list[str]:
        widths, right = self.widths, self.right

        def line(cells: Sequence[str], bare: Sequence[str]) -> str:
            return GAP.join(
                pad_styled(c, b, w, r)
                for c, b, w, r in zip(cells, bare, widths, right, strict=True)
            )

        game = prog.game
        total_width = self.width
        title = f"{game.id} · {game.rules.preset} · {plural(len(prog.hands), 'hand')}"
        out = [s(pad(title, total_width, False), ITALIC)]
        out.append(s(line(self.heads, self.heads), BOLD))
        out.append("─" * total_width)
        for cells, bare, style in self.rows:
            text = line(cells, bare)
            out.append(s(text, style) if style else text)
        out.append(" " * total_width)
        out.append(s(line(self.feet, self.feet), BOLD))
        marker = "▶ " if prog.next else ""
        out.append(s(marker + next_words(prog), BOLD))
        if any(h.bids_corrected or h.tricks_corrected for h in prog.hands):
            out.append(s("* a hand that was corrected after it was scored", DIM))
        if game.scorer:
            out.append(s(f"Scorer: {game.scorer}", DIM))
        return out


def pad_styled(text: str, bare: str, width: int, right: bool) -> str:
    """Pad ``text`` (maybe with ANSI codes) to ``width`` by the length of its ``bare`` text."""
    space = " " * max(0, width - cell_len(bare))
    return space + text if right else text + space


def print_sheet(prog: Progress) -> None:
    s = Styler(sys.stdout)
    sys.stdout.write("\n".join(sheet_lines(prog, terminal_width(), s)) + "\n")


# --- the list of games --------------------------------------------------------------


def list_lines(listed: Sequence[Summary], s: Styler) -> list[str]:
    """One line a game: id, players, rules, the hand on (or finished), leader, updated."""
    if not listed:
        return ["No games yet: start one with `ohhell new PLAYER...`."]
    heads = ("id", "players", "rules", "hand", "leader", "updated")
    rows: list[tuple[str, ...]] = []
    for item in listed:
        g = item.summary
        if item.error is not None:
            rows.append((item.id, f"unreadable: see `ohhell show -g {item.id}`", "", "", "", ""))
            continue
        if g["finished"]:
            where, leader = "finished", " & ".join(g["winners"])
        else:
            where = f"{g['next_hand'] or ''} of {g['hands_total']}"
            leader = " & ".join(g["leaders"]) if g["hands_played"] else ""
        updated = str(g["updated"])[:16].replace("T", " ")
        rows.append((item.id, ", ".join(g["players"]), str(g["rules"]), where, leader, updated))
    lens = [[cell_len(c) for c in row] for row in rows]  # once: 10,000 rows are common
    widths = [max([len(h), *(n[i] for n in lens)]) for i, h in enumerate(heads)]

    def line(row: Sequence[str], ns: Sequence[int]) -> str:
        return GAP.join(c + " " * (w - n) for c, n, w in zip(row, ns, widths, strict=True)).rstrip()

    out = [s(line(heads, [len(h) for h in heads]), BOLD), "─" * (sum(widths) + len(GAP) * 5)]
    for item, row, ns in zip(listed, rows, lens, strict=True):
        out.append(s(line(row, ns), RED) if item.error is not None else line(row, ns))
    return out


def print_list(listed: Sequence[Summary]) -> None:
    s = Styler(sys.stdout)
    sys.stdout.write("\n".join(list_lines(listed, s)) + "\n")
