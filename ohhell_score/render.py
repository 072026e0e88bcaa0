"""rich renderables: the score sheet and the list of games.

The sheet follows a paper score sheet: hands down, players across; each cell holds
bid/tricks (a ✓ when the bid was made), the hand's score and the running total. When
the terminal is too narrow for that, the hand's score goes (it is the difference of the
totals) and then the dealer column. Made bids are marked with ✓, not by colour alone,
so the sheet reads the same with ``NO_COLOR`` and on a light or dark background.
"""

from __future__ import annotations

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from .game import HandState, Progress
from .store import Listed
from .words import next_words, plural

MADE = "✓"


def stdout() -> Console:
    return Console(highlight=False)


def _trump_cell(hand: HandState) -> str:
    if hand.trump is None:
        return ""
    return hand.trump.symbol


def _cell(hand: HandState, player: str, total: int | None, layout: str) -> Text:
    bid = hand.bids.get(player)
    if bid is None:
        return Text("")
    if not hand.scored:
        return Text(f"{bid}/·", style="bold")
    tricks = hand.tricks[player]
    made = bid == tricks
    text = Text(f"{bid}/{tricks}")
    text.append(MADE if made else " ", style="green" if made else "")
    if layout == "full":
        score = hand.scores[player]
        text.append(f" {score:+d}".rjust(5), style="dim")
    text.append(f" {total}".rjust(5), style="bold")
    return text


def _cell_width(prog: Progress, layout: str) -> int:
    widest_bid = len(str(max(prog.hands, key=lambda h: h.cards).cards))
    width = 2 * widest_bid + 2 + 5
    return width + 5 if layout == "full" else width


def sheet(prog: Progress, width: int) -> RenderableType:
    """The score sheet, laid out to fit ``width`` columns."""
    game = prog.game
    players = game.players
    name_width = max(len(p) for p in players)
    layouts = ("full", "compact")
    layout = "compact"
    for candidate in layouts:
        cell = max(_cell_width(prog, candidate), min(name_width, 12))
        needed = 3 + 4 + 6 + len(players) * (cell + 2)
        if needed <= width:
            layout = candidate
            break
    show_dealer = (
        layout == "full"
        or 3 + 4 + 6 + len(players) * (max(_cell_width(prog, "compact"), min(name_width, 12)) + 2)
        <= width
    )
    leaders = set(prog.leaders()) if prog.hands_played else set()
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        show_footer=True,
        title=f"{game.id} · {game.rules.preset} · {plural(len(prog.hands), 'hand')}",
        title_justify="left",
    )
    table.add_column("#", justify="right", footer="")
    table.add_column("n", justify="right", footer="")
    if show_dealer:
        table.add_column("deals", footer="Total", no_wrap=True, max_width=6, overflow="crop")
    for p in players:
        mark = " ★" if p in leaders else ""
        table.add_column(
            Text(p, overflow="ellipsis"),
            justify="right",
            footer=Text(f"{prog.totals[p]}{mark}", style="bold"),
            no_wrap=True,
            overflow="ellipsis",
        )
    running = prog.running_totals()
    current = prog.next.hand if prog.next else None
    for hand in prog.hands:
        totals = running[hand.number - 1] if hand.scored else {}
        corrected = hand.bids_corrected or hand.tricks_corrected
        number = f"{hand.number}{'*' if corrected else ''}"
        row: list[RenderableType] = [number, f"{hand.cards}{_trump_cell(hand)}"]
        if show_dealer:
            row.append(hand.dealer)
        row.extend(_cell(hand, p, totals.get(p), layout) for p in players)
        if hand.number == current:
            table.add_row(*row, style="bold")
        elif not hand.scored:
            table.add_row(*row, style="dim")
        else:
            table.add_row(*row)
    lines: list[RenderableType] = [table]
    marker = "▶ " if prog.next else ""
    lines.append(Text(marker + next_words(prog), style="bold"))
    if any(h.bids_corrected or h.tricks_corrected for h in prog.hands):
        lines.append(Text("* a hand that was corrected after it was scored", style="dim"))
    if game.scorer:
        lines.append(Text(f"Scorer: {game.scorer}", style="dim"))
    return Group(*lines)


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
    for col in ("id", "players", "rules", "hand", "leader", "updated"):
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
            where = "finished"
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
