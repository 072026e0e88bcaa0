"""The ratings ladder as a person reads it: plain text (80 columns, no rich: it is read
over a club's whole history and should answer as fast as ``stats``) and one player's
rating game by game. The HTML page (each player's rating over time, the game charts'
SVG) is ``views/html.py``'s ``ladder_html``: no template engine is imported for text."""

from __future__ import annotations

from collections.abc import Sequence

from ohhell_score.domain.ratings import PROVISIONAL_BELOW, Ladder, Rated
from ohhell_score.i18n import N_, _, ngettext

WIDTH = 80
HEADS = (N_("rank"), N_("player"), N_("rating"), N_("games"), N_("wins"), N_("change"))
STEP_HEADS = (N_("game"), N_("finished"), N_("total"), N_("rating"), N_("change"))


def _number(value: float) -> str:
    return f"{value:.2f}"


def _change(value: float) -> str:
    return f"{value:+.2f}"


def _fit(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def _table(heads: Sequence[str], rows: list[list[str]], name_column: int) -> list[str]:
    """Columns two spaces apart, numbers to the right; the names' column gives way so
    that a line never passes ``WIDTH``."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    others = sum(w for i, w in enumerate(widths) if i != name_column)
    widths[name_column] = min(widths[name_column], WIDTH - others - 2 * (len(heads) - 1))
    lines = []
    for row in [list(heads), *rows]:
        cells = []
        for i, cell in enumerate(row):
            if i == name_column:
                cells.append(_fit(cell, widths[i]).ljust(widths[i]))
            else:
                cells.append(cell.rjust(widths[i]))
        lines.append("  ".join(cells).rstrip())
    return lines


def ladder_row(rank: str, p: Rated) -> list[str]:
    return [rank, p.name, _number(p.rating), str(p.games), str(p.wins), _change(p.change)]


def ladder_lines(ladder: Ladder, where: Sequence[str] = ()) -> list[str]:
    """The ladder, best first; provisional players (too few games yet) apart, below."""
    count = ladder.games
    head = ngettext(
        "Ratings over {count} finished game", "Ratings over {count} finished games", count
    )
    head = head.format(count=count) + (f" ({', '.join(where)})" if where else "") + "."
    if not ladder.players:
        return [_("No finished games to rate yet.")]
    heads = [_(h) for h in HEADS]
    settled = [p for p in ladder.players if not p.provisional]
    unsure = [p for p in ladder.players if p.provisional]
    lines = [head, ""]
    if settled:
        lines += _table(heads, [ladder_row(str(i), p) for i, p in enumerate(settled, 1)], 1)
    if unsure:
        if settled:
            lines.append("")
        lines.append(provisional_words())
        lines += _table(heads, [ladder_row("-", p) for p in unsure], 1)
    lines += [
        "",
        _("rating: mu - 3 sigma, a cautious guess of skill that games make surer;"),
        _("change: what the player's last game moved it."),
    ]
    return lines


def history_lines(player: Rated) -> list[str]:
    """One player's rating after each game they were rated in."""
    count = player.games
    head = ngettext("{name}: {count} rated game.", "{name}: {count} rated games.", count).format(
        name=player.name, count=count
    )
    rows = []
    before = 0.0
    for step in player.steps:
        finished = step.ended[:16].replace("T", " ")
        mark = "*" if step.won else ""
        rating = step.rating
        rows.append(
            [step.game, finished, f"{step.total}{mark}", _number(rating), _change(rating - before)]
        )
        before = rating
    lines = [head, "", *_table([_(h) for h in STEP_HEADS], rows, 0)]
    return [*lines, "", _("* the highest total of the game (a win, shared or not).")]


def provisional_words() -> str:
    return ngettext(
        "Provisional, fewer than {count} game:",
        "Provisional, fewer than {count} games:",
        PROVISIONAL_BELOW,
    ).format(count=PROVISIONAL_BELOW)
