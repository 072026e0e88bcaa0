"""rich renderables: the score sheet and the list of games.

The sheet follows a paper score sheet: hands down, players across; each cell holds
bid/tricks (a ✓ when the bid was made), the hand's score and the running total. When
the terminal is too narrow for that, the hand's score goes (it is the difference of the
totals) and then the dealer column. Made bids are marked with ✓, not by colour alone,
so the sheet reads the same with ``NO_COLOR`` and on a light or dark background.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from .game import HandState, Progress
from .store import Listed
from .words import next_words, plural, trump_words

MADE = "✓"


def stdout() -> Console:
    return Console(highlight=False)


def _trump_cell(hand: HandState) -> str:
    symbol = hand.trump.symbol if hand.trump is not None else ""
    return f"{hand.cards}{symbol}"


@dataclass(frozen=True)
class _Widths:
    """The widths of a cell's parts: bid/tricks, the hand's score, the running total."""

    pair: int
    score: int
    total: int

    def cell(self, layout: str) -> int:
        # "b/t✓ +s total" (full), "b/t✓ total" (compact) or "b/t✓" (bare)
        if layout == "bare":
            return self.pair + 1
        return self.pair + 1 + (self.score + 1 if layout == "full" else 0) + 1 + self.total


def _widths(prog: Progress) -> _Widths:
    pairs = [3]  # "0/·"
    scores = [2]
    totals = [len(str(t)) + 1 for t in prog.totals.values()]  # the footer's "★"
    for hand in prog.hands:
        pairs.extend(len(f"{b}/{hand.tricks.get(p, 0)}") for p, b in hand.bids.items())
        scores.extend(len(f"{s:+d}") for s in hand.scores.values())
    totals.extend(len(str(t)) for running in prog.running_totals() for t in running.values())
    return _Widths(max(pairs), max(scores), max(totals))


def _cell(hand: HandState, player: str, total: int | None, w: _Widths, layout: _Layout) -> Text:
    """One player's cell, padded to the column's width (its parts line up in a column)."""
    text = _cell_text(hand, player, total, w, layout.cells)
    text.pad_left(max(0, layout.player_width - len(text)))
    return text


def _cell_text(hand: HandState, player: str, total: int | None, w: _Widths, cells: str) -> Text:
    bid = hand.bids.get(player)
    if bid is None:
        return Text("")
    if not hand.scored:
        return Text(f"{bid}/·".rjust(w.pair).ljust(w.cell(cells)), style="bold")
    tricks = hand.tricks[player]
    made = bid == tricks
    text = Text(f"{bid}/{tricks}".rjust(w.pair))
    text.append(MADE if made else " ", style="green" if made else "")
    if cells == "full":
        text.append(f" {hand.scores[player]:+d}".rjust(w.score + 1), style="dim")
    if cells != "bare":
        text.append(f" {total}".rjust(w.total + 1), style="bold")
    return text


@dataclass(frozen=True)
class _Layout:
    """How the sheet fits: cell contents, the dealer column, the space between columns."""

    cells: str  # "full", "compact" or "bare"
    dealer: bool
    pad: int  # spaces each side of a column; columns are 2 * pad + 1 apart
    player_width: int

    def width(self, players: int, left: list[int]) -> int:
        columns = [*left[: 3 if self.dealer else 2], *[self.player_width] * players]
        return sum(columns) + (len(columns) - 1) * (2 * self.pad + 1)


def _layout(prog: Progress, width: int) -> tuple[_Layout, list[int]]:
    """The roomiest layout that fits ``width``: the full one (with each hand's score and
    the dealer), then without the hand's score, then close together without the dealer.
    The hand's score can go: it is the difference of the totals."""
    w = _widths(prog)
    name = max(len(p) for p in prog.game.players)
    left = [
        max(len(str(len(prog.hands))) + 1, 1),  # "▶" and the hand's number
        max(len(_trump_cell(h)) for h in prog.hands),  # cards and trump
        min(max(5, *(len(h.dealer) for h in prog.hands)), 8),  # "deals", "Total"
    ]
    candidates = [
        _Layout("full", True, 1, max(w.cell("full"), min(name, 12))),
        _Layout("compact", True, 1, max(w.cell("compact"), min(name, 10))),
        _Layout("compact", False, 1, max(w.cell("compact"), min(name, 8))),
        _Layout("compact", False, 0, w.cell("compact") + 1),
        # Two decks, 13 cards, 7 players: only the totals row keeps the totals.
        _Layout("bare", False, 0, max(w.cell("bare"), w.total) + 1),
    ]
    players = len(prog.game.players)
    for candidate in candidates:
        slack = width - candidate.width(players, left)
        if slack >= 0:
            # Room to spare goes to long names first.
            grow = max(0, min(name - candidate.player_width, slack // players))
            return replace(candidate, player_width=candidate.player_width + grow), left
    return candidates[-1], left


def sheet(prog: Progress, width: int) -> RenderableType:
    """The score sheet, laid out to fit ``width`` columns.

    Hands down, players across, each cell "bid/tricks", a ✓ for a made bid, the hand's
    score and the running total. The current hand is marked ▶, the leaders ★: marks,
    not colours alone, so it reads the same without colour and on any background.
    """
    game = prog.game
    players = game.players
    layout, left = _layout(prog, width)
    w = _widths(prog)
    leaders = set(prog.leaders()) if prog.hands_played else set()
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, layout.pad),
        collapse_padding=False,
        show_footer=True,
        title=f"{game.id} · {game.rules.preset} · {plural(len(prog.hands), 'hand')}",
        title_justify="left",
    )
    table.add_column("#", justify="right", width=left[0], no_wrap=True)
    # "Total" goes under the dealers, or as "Σ" under the cards when they are not shown.
    table.add_column(
        "n", justify="right", width=left[1], no_wrap=True, footer="" if layout.dealer else "Σ"
    )
    if layout.dealer:
        table.add_column("deals", footer="Total", width=left[2], no_wrap=True, overflow="crop")
    cut_names = False
    for p in players:
        mark = "★" if p in leaders else " "
        cut_names = cut_names or len(p) > layout.player_width
        table.add_column(
            Text(p, overflow="ellipsis", no_wrap=True, justify="right"),
            justify="left",  # cells come padded: "3/·" lines up under "3/3✓"
            footer=Text(f"{prog.totals[p]}{mark}", style="bold", justify="right"),
            width=layout.player_width,
            no_wrap=True,
            overflow="ellipsis",
        )
    running = prog.running_totals()
    current = prog.next.hand if prog.next else None
    for hand in prog.hands:
        totals = running[hand.number - 1] if hand.scored else {}
        corrected = hand.bids_corrected or hand.tricks_corrected
        here = "▶" if hand.number == current else ""
        number = f"{here}{hand.number}{'*' if corrected else ''}"
        row: list[RenderableType] = [number, _trump_cell(hand)]
        if layout.dealer:
            row.append(hand.dealer)
        row.extend(_cell(hand, p, totals.get(p), w, layout) for p in players)
        if hand.number == current:
            table.add_row(*row, style="bold")
        elif not hand.scored:
            table.add_row(*row, style="dim")
        else:
            table.add_row(*row)
    lines: list[RenderableType] = [table]
    if cut_names:
        lines.append(Text("Players, clockwise: " + ", ".join(players), style="dim"))
    marker = "▶ " if prog.next else ""
    lines.append(Text(marker + next_words(prog), style="bold"))
    if any(h.bids_corrected or h.tricks_corrected for h in prog.hands):
        lines.append(Text("* a hand that was corrected after it was scored", style="dim"))
    if game.scorer:
        lines.append(Text(f"Scorer: {game.scorer}", style="dim"))
    return Group(*lines)


def hand_summary(prog: Progress, number: int) -> RenderableType:
    """After a hand: each player's bid and tricks, made or not, the hand's score and the
    total, the leaders marked ★."""
    hand = prog.hands[number - 1]
    totals = prog.running_totals()[number - 1]
    top = max(totals.values())
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        title=f"Hand {number} of {len(prog.hands)} scored (trump {trump_words(hand.trump)})",
        title_justify="left",
    )
    table.add_column("player", no_wrap=True, overflow="ellipsis", max_width=24)
    for head in ("bid", "took"):
        table.add_column(head, justify="right")
    table.add_column("")
    table.add_column("score", justify="right")
    table.add_column("total", justify="right")
    for p in hand.order:
        made = hand.bids[p] == hand.tricks[p]
        table.add_row(
            p,
            str(hand.bids[p]),
            str(hand.tricks[p]),
            Text(f"{MADE} made", style="green") if made else Text("missed"),
            f"{hand.scores[p]:+d}",
            Text(f"{totals[p]}{' ★' if totals[p] == top else '  '}", style="bold"),
        )
    leaders = [p for p in prog.game.players if totals[p] == top]
    lead = "Leader" if len(leaders) == 1 else "Leaders"
    return Group(table, Text(f"{lead}: {' and '.join(leaders)} with {top}.", style="bold"))


def print_sheet(prog: Progress) -> None:
    console = stdout()
    console.print(sheet(prog, console.width))


def print_list(listed: list[Listed]) -> None:
    console = stdout()
    if not listed:
        console.print("No games yet: start one with `ohhell new PLAYER...`.")
        return
    from .game import progress

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for col in ("id", "players", "preset", "hand", "leader", "last played"):
        table.add_column(col, overflow="fold")
    for item in listed:
        if item.game is None:
            table.add_row(
                item.id,
                Text("unreadable: see `ohhell show -g " + item.id + "`", style="red"),
                "",
                "",
                "",
                "",
            )
            continue
        prog = progress(item.game)
        if prog.finished:
            where = f"done ({len(prog.hands)})"
            leader = " & ".join(prog.winners)
        else:
            where = f"{prog.next.hand if prog.next else ''} of {len(prog.hands)}"
            leader = " & ".join(prog.leaders()) if prog.hands_played else ""
        table.add_row(
            item.id,
            ", ".join(item.game.players),
            item.game.rules.preset,
            where,
            leader,
            item.game.updated[:16].replace("T", " "),
        )
    console.print(table)
