"""The running totals as a chart in the terminal: a rich renderable.

Hands go across, totals up. Each player is drawn with a letter of their own (``A`` for
Ann, ``B`` for Bob, another letter of the name when two start alike), so the chart
reads the same without colour; colour only helps. ``*`` marks players on the same
spot. Under it: the legend, a small table of the running totals (one line a player, at
hands spread over the game, so each player's line is easy to follow without colour at
80 columns), and who led when, in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from ohhell_score.domain.game import Progress
from ohhell_score.i18n import _
from ohhell_score.views.console import rich_console
from ohhell_score.views.plain import cell_len, fit, pad
from ohhell_score.views.sheet import sheet
from ohhell_score.views.words import handed_over

STYLES = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan", "bright_magenta")
SEVERAL = "*"
PLOT_ROWS = 12


def markers(players: Sequence[str]) -> dict[str, str]:
    """A distinct letter per player: the name's first letter free, else a later one,
    else a spare: a letter, a digit, a small letter; past those 62, "?"."""
    taken: set[str] = {SEVERAL}
    out: dict[str, str] = {}
    spare = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [str(d) for d in range(10)]
    spare += [chr(c) for c in range(ord("a"), ord("z") + 1)]
    for p in players:
        letters = [ch.upper() for ch in p if ch.isalnum() and ch.isascii()]
        choice = next((ch for ch in letters if ch not in taken), None)
        if choice is None:
            choice = next((ch for ch in spare if ch not in taken), "?")
        taken.add(choice)
        out[p] = choice
    return out


def lead_runs(prog: Progress) -> list[tuple[int, int, list[str]]]:
    """Runs of hands with the same leader(s): (first hand, last hand, leaders)."""
    runs: list[tuple[int, int, list[str]]] = []
    for number, totals in enumerate(prog.running_totals(), start=1):
        seated = prog.hands[number - 1].players  # who could lead: those at this hand
        top = max(totals[p] for p in seated)
        leaders = [p for p in seated if totals[p] == top]
        if runs and runs[-1][2] == leaders:
            runs[-1] = (runs[-1][0], number, leaders)
        else:
            runs.append((number, number, leaders))
    return runs


def lead_words(prog: Progress) -> str:
    parts = []
    for first, last, leaders in lead_runs(prog):
        if first == last:
            hands = _("hand {number}").format(number=first)
        else:
            hands = _("hands {first}–{last}").format(first=first, last=last)
        parts.append(f"{' & '.join(leaders)} {hands}")
    return _("Led: {runs}.").format(runs=", ".join(parts))


def _row_of(value: int, low: int, high: int, rows: int) -> int:
    """Row 0 is the top (``high``); rows - 1 the bottom (``low``)."""
    if high == low:
        return rows - 1
    return round((high - value) * (rows - 1) / (high - low))


def chart(prog: Progress, width: int) -> RenderableType:
    """The chart of running totals, no wider than ``width`` columns."""
    running = prog.running_totals()
    players = prog.everyone
    if not running:
        return Text(_("No hand scored yet: nothing to chart."))
    letters = markers(players)
    styles = {p: STYLES[i % len(STYLES)] for i, p in enumerate(players)}
    # a player is drawn at the hands they played
    values = [t[p] for t, hand in zip(running, prog.hands, strict=False) for p in hand.scores]
    low, high = min(0, *values), max(0, *values)
    rows = PLOT_ROWS if high - low >= PLOT_ROWS else max(2, high - low + 1)
    label_width = max(len(str(low)), len(str(high))) + 1
    columns = max(2, width - label_width - 2)
    hands = len(running)
    # Up to 6 columns a hand, so that players on the same spot can stand side by side.
    room = 3
    spacing = max(1, min(6, (columns - room) // max(1, hands - 1))) if hands > 1 else room

    def col_of(index: int) -> int:
        if hands == 1:
            return 0
        if spacing * (hands - 1) + room <= columns:
            return index * spacing
        return round(index * (columns - 1) / (hands - 1))

    # A blank column between hands keeps one hand's letters apart from the next's.
    room = max(1, min(room, spacing - 1)) if spacing * (hands - 1) + room <= columns else 1
    plot_width = col_of(hands - 1) + room
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_width for _ in range(rows)]
    # Players on the same spot stand side by side while the hand's columns allow.
    for index, totals in enumerate(running):
        col = col_of(index)
        for p in prog.hands[index].scores:
            row = _row_of(totals[p], low, high, rows)
            free = [c for c in range(col, min(col + room, plot_width)) if grid[row][c][0] == " "]
            if free:
                grid[row][free[0]] = (letters[p], styles[p])
            else:
                grid[row][col] = (SEVERAL, "bold")
    labelled = _height_labels(low, high, rows)
    lines: list[RenderableType] = []
    for r, cells in enumerate(grid):
        label = str(labelled[r]) if r in labelled else ""
        line = Text(label.rjust(label_width) + " │", style="dim")
        for ch, style in cells:
            line.append(ch, style=style)
        lines.append(line)
    lines.append(Text(" " * label_width + " └" + "─" * plot_width, style="dim"))
    lines.append(Text("#".rjust(label_width) + "  " + _hand_axis(hands, col_of, plot_width)))
    several = any(ch == SEVERAL for cells in grid for ch, _ in cells)
    lines.append(_legend(prog, letters, styles, several))
    lines.extend(Text(line) for line in totals_table(prog, letters, width))
    lines.append(Text(lead_words(prog)))
    return Group(*lines)


def _height_labels(low: int, high: int, rows: int) -> dict[int, int]:
    """The rows the height axis labels, with their values: the top, the bottom, and 0
    when the totals cross it (else a middle mark to read the height by)."""
    labelled = {0: high, rows - 1: low}
    if low < 0 < high:
        labelled[_row_of(0, low, high, rows)] = 0
    else:
        middle = (high + low) // 2
        if _row_of(middle, low, high, rows) not in labelled:
            labelled[_row_of(middle, low, high, rows)] = middle
    return labelled


def _legend(prog: Progress, letters: dict[str, str], styles: dict[str, str], several: bool) -> Text:
    """Each player's marker, name and total; the mark of several players on one spot."""
    legend = Text("")
    for i, (p, total) in enumerate(zip(prog.everyone, sheet(prog).total_cells, strict=True)):
        if i:
            legend.append(" · ")
        legend.append(letters[p], style=f"bold {styles[p]}")
        legend.append(f" {p} {total}")  # "24 → Fay": the total went with the seat
    if several:
        legend.append(_("  {several} several").format(several=SEVERAL))
    return legend


def checkpoints(hands: int, room: int) -> list[int]:
    """Up to ``room`` hand numbers spread evenly over ``hands``, the first and last kept."""
    if hands <= room:
        return list(range(1, hands + 1))
    if room < 2:
        return [hands]
    return sorted({1 + round(i * (hands - 1) / (room - 1)) for i in range(room)})


def totals_table(prog: Progress, letters: dict[str, str], width: int) -> list[str]:
    """The running totals, a line a player (marker, name, totals after some hands), the
    leaders at the end marked ★: what the plot shows, in numbers that line up."""
    running = prog.running_totals()
    players = prog.everyone
    head = _("after hand")
    name_width = max(len(head), min(16, max(cell_len(p) for p in players) + 2))
    cell = max(4, *(len(str(t)) + 1 for totals in running for t in totals.values()))
    picks = checkpoints(len(running), max(1, (width - name_width - 2) // cell))
    leaders = set(prog.leaders())
    handed = handed_over(prog)
    lines = [pad(head, name_width, False) + "".join(str(n).rjust(cell) for n in picks)]
    for p in players:
        name = pad(fit(f"{letters[p]} {p}", name_width), name_width, False)
        # "·" before a player came to the table, and once they handed the seat over
        # with their total (it is not theirs: no line drops to 0)
        cells = "".join(
            ("·" if p in handed[n - 1] else str(running[n - 1].get(p, "·"))).rjust(cell)
            for n in picks
        )
        lines.append(name + cells + (" ★" if p in leaders else ""))
    return lines


def _hand_axis(hands: int, col_of: Callable[[int], int], plot_width: int) -> str:
    """Hand numbers (#) under the axis wherever they fit without touching."""
    axis = [" "] * (plot_width + 4)
    free_from = 0
    for index in range(hands):
        label = str(index + 1)
        col = col_of(index)
        if col >= free_from and col + len(label) <= len(axis):
            axis[col : col + len(label)] = list(label)
            free_from = col + len(label) + 1
    return "".join(axis).rstrip()


def print_chart(prog: Progress) -> None:
    console = rich_console()
    console.print(chart(prog, console.width))
