"""Writers that take a game off the laptop: JSON (to restore it), CSV and Markdown.

Pure functions from a ``Progress`` to text; no typer, no rich, no files (the CLI writes
them). The HTML score sheet and the blank sheet are in ``views/html.py``.

- JSON: the ``show --json`` object (docs/scripting.md) plus the stored facts under
  ``"game"`` (``codec.game_to_dict``), which is what ``import`` reads back.
- CSV: one row per player and hand, or one row per hand (``wide``). A text cell that a
  spreadsheet would run as a formula (it begins ``= + - @``, a tab or a carriage
  return) gets a leading ``'``: the OWASP advice, which spreadsheets show as plain text.
- Markdown: final totals and winners first, then the table of hands (CommonMark: names
  have their markup characters backslash-escaped).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from typing import Any

from ohhell_score.domain.errors import CorruptGame
from ohhell_score.domain.game import Progress, sheet_json
from ohhell_score.domain.rules import Scoring, Suit
from ohhell_score.domain.rulewords import rules_words
from ohhell_score.i18n import _
from ohhell_score.views.sheet import Cell, CellKind, Row, sheet, standings
from ohhell_score.views.words import OVER_HEAD, finished_words, names_words

#: A spreadsheet runs a cell beginning with one of these as a formula (OWASP, "CSV
#: injection"); tab and carriage return are read as the start of one by some of them.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"
MADE_MARK = "✓"


# --- JSON -----------------------------------------------------------------------------


def export_json(prog: Progress) -> str:
    """The ``show --json`` object with the stored facts under ``"game"``."""
    # lazy: `sheet` imports this module (through html.py) and reads no game
    from ohhell_score.domain.codec import game_to_dict

    data: dict[str, Any] = dict(sheet_json(prog))
    data["game"] = game_to_dict(prog.game)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


#: The keys of ``show --json`` an export must agree on with its own facts.
_CHECKED_KEYS = ("rules", "players", "hands", "totals", "finished", "winners")


def progress_from_export(text: str | bytes, where: str) -> Progress:
    """Read an exported game (or a saved game file) back; ``CorruptGame`` says why not.

    The facts under ``"game"`` are replayed under their rules. When the file also holds
    the score sheet, it must be the one those facts make: a sheet edited by hand (or a
    file cut short) is refused rather than silently rescored.
    """
    from ohhell_score.domain.codec import parse_progress  # lazy: as in export_json
    from ohhell_score.domain.versioned import load_json

    data = load_json(text, where, error=CorruptGame, what="game")
    if not isinstance(data, dict):
        raise CorruptGame(
            _("cannot read {where}: not a game (a JSON object was expected)").format(where=where)
        )
    if "game" not in data:
        if "schema" in data:  # a game file from the data directory: the facts alone
            return parse_progress(text, where)
        raise CorruptGame(
            _(
                'cannot read {where}: no "game" object; export a game with `ohhell '
                "export --format json`"
            ).format(where=where)
        )
    prog = parse_progress(json.dumps(data["game"]), where)
    sheet = sheet_json(prog)
    for key in _CHECKED_KEYS:
        if key in data and data[key] != sheet[key]:
            raise CorruptGame(
                _(
                    "cannot read {where}: its {key!r} do not match the entries it holds (was "
                    "the file edited?)"
                ).format(where=where, key=key)
            )
    return prog


# --- CSV ------------------------------------------------------------------------------


def neutralise(cell: str) -> str:
    """A text cell a spreadsheet would run as a formula, made plain text with ``'``: the
    cell, and each piece of it after a ``;`` (a spreadsheet set to split on ``;`` reads
    each piece as a cell of its own, and the csv module quotes only for ``,``)."""
    pieces = cell.split(";")
    return ";".join("'" + p if p.lstrip(" ").startswith(FORMULA_STARTS) else p for p in pieces)


def trump_name(row: Row) -> str:
    return row.trump.value if row.trump is not None else ""


def _made(cell: Cell) -> str:
    if cell.kind is not CellKind.SCORED:
        return ""
    return "yes" if cell.made else "no"


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


LONG_HEADER = (
    "hand",
    "cards",
    "dealer",
    "trump",
    "player",
    "bid",
    "tricks",
    "made",
    "score",
    "total",
)
#: After each row's own columns, what a paper sheet keeps of the hand: who named trump,
#: the bids over (+) or under (-) the tricks, whether the hook bound the dealer, the note,
#: the points adjusted by hand with their reasons ("Bob -10 (revoke); Ann +5").
HAND_HEADER = ("trump_named_by", "over_under", "hook", "note", "adjusted")


def _hand_cells(row: Row) -> list[str]:
    return [
        neutralise(row.trump_named_by),
        row.over.removeprefix("+"),
        "yes" if row.hook_mark else "",
        neutralise(row.note),
        neutralise("; ".join(row.adjusted)),
    ]


#: RFC 4180: CRLF line ends (quotes where needed); every spreadsheet reads that. Every
#: CSV the program writes, a game's or a tournament's, ends its lines so.
CSV_LINE_END = "\r\n"


def _csv_text(rows: list[list[str]], excel: bool) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator=CSV_LINE_END)
    writer.writerows(rows)
    return (BOM if excel else "") + buffer.getvalue()


def export_csv(prog: Progress, *, wide: bool = False, excel: bool = False) -> str:
    """Every hand of the game, played or not (cells not known yet are empty).

    Long (default): hand, cards, dealer, trump, player, bid, tricks, made, score,
    total; one row per player and hand, players in seat order. Wide: one row per hand
    with bid, tricks, score and total columns for each player. Both end each row with
    the hand's ``HAND_HEADER`` columns. The rules are not in the file: a line of words
    above the header would break every reader of CSV.
    """
    sh = sheet(prog)
    players = sh.players
    rows: list[list[str]] = []
    if wide:
        header = ["hand", "cards", "dealer", "trump"]
        for p in players:
            header += [f"{p} {what}" for what in ("bid", "tricks", "score", "total")]
        rows.append([neutralise(c) for c in (*header, *HAND_HEADER)])
    else:
        rows.append([*LONG_HEADER, *HAND_HEADER])
    for hand in sh.rows:
        head = [str(hand.number), str(hand.cards), neutralise(hand.dealer), trump_name(hand)]
        facts = _hand_cells(hand)
        if wide:
            row = list(head)
            for p, c in zip(players, hand.cells, strict=True):
                sat = p in hand.players  # who did not sit at this hand has empty cells
                row += [_num(c.bid), _num(c.tricks), _num(c.score), _num(c.total) if sat else ""]
            rows.append(row + facts)
            continue
        cells = dict(zip(players, hand.cells, strict=True))
        for p in hand.players:  # who sat at this hand, clockwise
            c = cells[p]
            rows.append(
                [
                    *head,
                    neutralise(p),
                    _num(c.bid),
                    _num(c.tricks),
                    _made(c),
                    _num(c.score),
                    _num(c.total),
                    *facts,
                ]
            )
    return _csv_text(rows, excel)


# --- Markdown -------------------------------------------------------------------------

#: CommonMark would read these in a name as markup (a table cell, emphasis, a link, an
#: HTML tag, an entity, GitHub's strike-through and maths); a backslash makes them text.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&$])")


def md_escape(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def trump_mark(suit: Suit | None) -> str:
    return "" if suit is None else suit.symbol


def result_words(prog: Progress, escape: Callable[[str], str] = str) -> str:
    """ "Ann wins with 245." / "After 7 of 23 hands Ann leads with 80." and so on."""
    if prog.hands_played == 0:
        return _("No hand scored yet (of {hands}).").format(hands=len(prog.hands))
    who_list = prog.winners if prog.finished else prog.leaders()
    who = names_words([escape(p) for p in who_list])
    top = prog.totals[who_list[0]]
    several = len(who_list) > 1
    if prog.stopped_early:
        if several:
            text = _("{finished}: {who} share the win with {top}.")
        else:
            text = _("{finished}: {who} wins with {top}.")
        said = finished_words(prog)
        return text.format(finished=said[:1].upper() + said[1:], who=who, top=top)
    if prog.finished:
        if several:
            return _("{who} share the win with {top}.").format(who=who, top=top)
        return _("{who} wins with {top}.").format(who=who, top=top)
    if several:
        text = _("After {played} of {total} hands {who} share the lead with {top}.")
    else:
        text = _("After {played} of {total} hands {who} leads with {top}.")
    return text.format(played=prog.hands_played, total=len(prog.hands), who=who, top=top)


def _md_cell(cell: Cell) -> str:
    if cell.kind is CellKind.BID:
        return f"{cell.bid}/·"
    if cell.kind is not CellKind.SCORED:
        return md_escape(cell.mark)
    made = f" {MADE_MARK}" if cell.made else ""
    return f"{cell.bid}/{cell.tricks}{made} {cell.score:+d} ({cell.total})"


def scoring_lines(scoring: Scoring) -> list[str]:
    """A formula's words and a blank line (docs/rules.md, "Formulas"); nothing for a
    named scheme."""
    if scoring.name:
        return []
    return [_("Scoring: {how}.").format(how=md_escape(scoring.sheet_note)), ""]


def export_markdown(prog: Progress) -> str:
    """Standings first (place, player, total, bids made), then every hand entered."""
    game = prog.game
    sh = sheet(prog)
    players = sh.players
    seated = prog.players
    if prog.finished:
        status = finished_words(prog)
    else:
        status = _("{played} of {total} hands").format(
            played=prog.hands_played, total=len(prog.hands)
        )
    lines = [
        _("# Oh Hell: {id}").format(id=md_escape(game.id)),
        "",
        f"{md_escape(rules_words(game.rules, len(game.players)))} · "
        f"{', '.join(md_escape(p) for p in seated)} · {status}",
        "",
        f"**{result_words(prog, md_escape)}**",
        "",
        *scoring_lines(game.rules.scoring),
        _("| Place | Player | Total | Bids made |"),
        "|---:|---|---:|---:|",
    ]
    for st in standings(prog):
        who = f"{md_escape(st.player)} ({md_escape(st.away)})" if st.away else md_escape(st.player)
        lines.append(
            _("| {place} | {player} | {total} | {made} of {played} |").format(
                place=st.place or "–", player=who, total=st.total, made=st.made, played=st.played
            )
        )
    entered = [r for r in sh.rows if r.entered]
    if entered:
        lines += [
            "",
            _("| Hand | Cards | Dealer | Trump | ")
            + " | ".join(md_escape(p) for p in players)
            + f" | {OVER_HEAD} |",
            "|---:|---:|---|:-:|" + "---:|" * len(players) + "---:|",
        ]
        for hand in entered:
            lines.append(
                f"| {hand.number}{md_escape(hand.hand_mark)} | {hand.cards} | "
                f"{md_escape(hand.dealer)} | {trump_mark(hand.trump)} | "
                + " | ".join(_md_cell(c) for c in hand.cells)
                + f" | {hand.over}{hand.hook_mark} |"
            )
        lines += [
            "",
            _(
                "Each cell: bid/tricks ({made_mark} when the bid was made), the hand's "
                "score, (the running total)."
            ).format(made_mark=MADE_MARK),
        ]
    margin = sh.notes()  # a note may come before any entry (a misdeal)
    if margin:
        lines += ["", *(f"- {md_escape(text)}" for text in margin)]
    notes = sh.seat_notes
    if notes:
        lines += ["", _("Seat changes:"), ""] + [f"- {md_escape(n)}." for n in notes]
    return "\n".join(lines) + "\n"
