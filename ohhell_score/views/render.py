"""rich renderables for the interactive commands: play's summary after each hand.

The score sheet and the list of games are plain text, drawn by plain.py for every
command (show, list, play): one renderer, fast enough to start between every hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ohhell_score.i18n import _, ngettext
from ohhell_score.views.plain import MADE
from ohhell_score.views.words import hand_facts, names_words

if TYPE_CHECKING:
    from ohhell_score.domain.game import Progress


def print_plain(console: Console, lines: list[str]) -> None:
    """Lines of plain.py (maybe with ANSI styles) through a rich console, unchanged."""
    console.print(Text.from_ansi("\n".join(lines)), soft_wrap=True)


def hand_summary(prog: Progress, number: int) -> RenderableType:
    """After a hand, read aloud to the table: each player in seat order (clockwise from
    seat 1, so the rows stay put from hand to hand), the dealer marked, with bid and
    tricks, made or not, the hand's score and the total, the leaders marked ★; then the
    hand's facts as a paper sheet keeps them (trump and who named it, the over/under,
    the hook, the note)."""
    hand = prog.hands[number - 1]
    totals = prog.running_totals()[number - 1]
    top = max(totals[p] for p in hand.order)  # of the players at this hand
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        title=_("Hand {number} of {total} scored").format(number=number, total=len(prog.hands)),
        title_justify="left",
    )
    table.add_column(_("player"), no_wrap=True, overflow="ellipsis", max_width=24)
    table.add_column("")
    for head in (_("bid"), _("took")):
        table.add_column(head, justify="right")
    table.add_column("")
    table.add_column(_("score"), justify="right")
    table.add_column(_("total"), justify="right")
    for p in hand.players:
        made = hand.bids[p] == hand.tricks[p]
        table.add_row(
            p,
            _("dealer") if p == hand.dealer else "",
            str(hand.bids[p]),
            str(hand.tricks[p]),
            Text(_("{made} made").format(made=MADE), style="green") if made else Text(_("missed")),
            f"{hand.scores[p]:+d}",
            Text(f"{totals[p]}{' ★' if totals[p] == top else '  '}", style="bold"),
        )
    leaders = [p for p in hand.players if totals[p] == top]
    lead = ngettext("Leader", "Leaders", len(leaders))
    facts = Text("\n".join(hand_facts(prog, hand)))
    standing = Text(
        _("{lead}: {players} with {top}.").format(lead=lead, players=names_words(leaders), top=top),
        style="bold",
    )
    return Group(table, facts, standing)
