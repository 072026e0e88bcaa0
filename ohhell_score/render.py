"""rich renderables: the score sheet and the list of games.

The sheet follows a paper score sheet: hands down, players across; each cell holds
bid/tricks (a ✓ when the bid was made), the hand's score and the running total. When
the terminal is too narrow for that, the hand's score goes (it is the difference of the
totals) and then the dealer column. Made bids are marked with ✓, not by colour alone,
so the sheet reads the same with ``NO_COLOR`` and on a light or dark background.
"""

from __future__ import annotations

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from .game import HandState, Progress
from .store import Listed
from .words import next_words, plural

MADE = "✓"
TOTAL = "Total"


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


def _number(hand: HandState) -> str:
    corrected = hand.bids_corrected or hand.tricks_corrected
    return f"{hand.number}{'*' if corrected else ''}"


def _table_width(widths: list[int]) -> int:
    """What rich draws for columns this wide: a space of padding on each side of a
    column (none at the table's edges) and a one-space divider between columns."""
    return sum(widths) + 3 * len(widths) - 3


def _layout(prog: Progress, width: int) -> tuple[str, bool, list[int], list[int]]:
    """The richest layout that fits ``width``: its name, whether the dealer column
    shows, the widths of the leading columns and of each player's column.

    Each width is measured from what the column will hold, so rich never has to
    squeeze a column (which cut "10♠" to "1…"). Names too long for what is left wrap
    in the header; the cells keep their width.
    """
    players = prog.game.players
    leaders = set(prog.leaders()) if prog.hands_played else set()
    running = prog.running_totals()
    totals = [running[h.number - 1] if h.scored else {} for h in prog.hands]
    numbers = max(len(_number(h)) for h in prog.hands)
    cards = max(len(f"{h.cards}{_trump_cell(h)}") for h in prog.hands)
    deals = min(6, max(5, *(cell_len(p) for p in players)))

    def cells(layout: str, p: str) -> int:
        footer = cell_len(f"{prog.totals[p]}{' ★' if p in leaders else ''}")
        return max(
            footer,
            *(_cell(h, p, totals[i].get(p), layout).cell_len for i, h in enumerate(prog.hands)),
        )

    for layout, show_dealer in (("full", True), ("compact", True), ("compact", False)):
        # Without the dealer column the cards column carries the footer's "Total".
        fixed = [numbers, *([cards, deals] if show_dealer else [max(cards, len(TOTAL))])]
        columns = [max(cell_len(p), cells(layout, p)) for p in players]
        if _table_width(fixed + columns) <= width:
            return layout, show_dealer, fixed, columns
    fixed = [numbers, max(cards, len(TOTAL))]
    columns = [cells("compact", p) for p in players]
    spare = width - _table_width(fixed + columns)
    short = [i for i, p in enumerate(players) if cell_len(p) > columns[i]]
    while spare > 0 and short:  # share the room left among the names, a column at a time
        for i in short[:spare]:
            columns[i] += 1
        spare -= len(short[:spare])
        short = [i for i in short if cell_len(players[i]) > columns[i]]
    return "compact", False, fixed, columns


def sheet(prog: Progress, width: int) -> RenderableType:
    """The score sheet, laid out to fit ``width`` columns."""
    game = prog.game
    players = game.players
    layout, show_dealer, fixed, columns = _layout(prog, width)
    leaders = set(prog.leaders()) if prog.hands_played else set()
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        show_footer=True,
        title=f"{game.id} · {game.rules.preset} · {plural(len(prog.hands), 'hand')}",
        title_justify="left",
    )
    table.add_column("#", justify="right", footer="", width=fixed[0], no_wrap=True)
    table.add_column(
        "n", justify="right", footer="" if show_dealer else TOTAL, width=fixed[1], no_wrap=True
    )
    if show_dealer:
        table.add_column("deals", footer=TOTAL, no_wrap=True, width=fixed[2], overflow="crop")
    for p, column_width in zip(players, columns, strict=True):
        mark = " ★" if p in leaders else ""
        table.add_column(
            Text(p, no_wrap=False, overflow="fold"),
            justify="right",
            footer=Text(f"{prog.totals[p]}{mark}", style="bold"),
            no_wrap=True,
            overflow="ellipsis",
            width=column_width,
        )
    running = prog.running_totals()
    current = prog.next.hand if prog.next else None
    for hand in prog.hands:
        totals = running[hand.number - 1] if hand.scored else {}
        row: list[RenderableType] = [_number(hand), f"{hand.cards}{_trump_cell(hand)}"]
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
