"""A tournament in words and files: the lines of ``tournament show``, and md, html, csv
and json exports. Plain text only (no rich); names are escaped or neutralised per format.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Mapping

from ohhell_score.domain.errors import NotReady
from ohhell_score.domain.tournament import (
    Bracket,
    Result,
    Round,
    Tournament,
    champion,
    check_ready,
    cut_of,
    going_on,
    losers_winner,
    ordered_rounds,
    over,
    seated_otherwise,
    show_json,
)
from ohhell_score.views.export import CSV_LINE_END
from ohhell_score.views.words import plural


def _place_labels(r: Result) -> dict[str, str]:
    """``1``, ``2``; tied players share a place: ``=2``."""
    labels: dict[str, str] = {}
    place = 1
    for group in r.places:
        for p in group:
            labels[p] = f"={place}" if len(group) > 1 else str(place)
        place += len(group)
    return labels


def _state(r: Result) -> str:
    if r.problem:
        return r.problem
    if r.finished:
        return "finished"
    return f"hand {r.hands_played + 1} of {r.hands_total}"


def destinations(t: Tournament, res: Mapping[str, Result]) -> dict[tuple[str, str], str]:
    """Where each player of each table went next: a round's name, or a final's outcome."""
    out: dict[tuple[str, str], str] = {}
    for rnd in t.rounds:
        later = [r for r in t.rounds if r.stage == rnd.stage + 1]
        for table in rnd.tables:
            for player in table.players:
                for nxt in later:
                    if any(player in x.players for x in nxt.tables):
                        out[table.game, player] = t.round_name(nxt)
    outcomes = (
        (Bracket.MAIN, champion(t, res), "champion"),
        (Bracket.LOSERS, losers_winner(t, res), "wins the losers' final"),
    )
    for bracket, who, outcome in outcomes:
        finals = [r for r in t.rounds if r.bracket is bracket and t.plan[r.stage - 1].final]
        if who and finals:
            out[finals[0].tables[0].game, who] = outcome
    return out


def next_line(t: Tournament, res: Mapping[str, Result]) -> str:
    """What the organiser does next, in one line."""
    try:
        check_ready(t, res)
    except NotReady as err:
        text = str(err)
        return text[:1].upper() + text[1:]
    if over(t):
        who = champion(t, res)
        line = f"The tournament is over. Champion: {who}."
        loser = losers_winner(t, res)
        if loser:
            line += f" Losers' final: {loser}."
        return line
    names = " and ".join(t.round_name(r) for r in t.current())
    return f"{names} finished: seat the next round with `ohhell tournament advance {t.name}`."


def show_lines(t: Tournament, res: Mapping[str, Result]) -> list[str]:
    """The plain-text view of ``tournament show``."""
    bracket = ", losers' bracket" if t.losers_bracket else ""
    draw = f"drawn with seed {t.seed}" if t.shuffled else "seated in the order given"
    lines = [
        f"Tournament {t.name}: {len(t.players)} players, {t.rules.preset} rules{bracket}; "
        f"round 1 {draw}."
    ]
    for rnd in ordered_rounds(t):
        lines.append("")
        lines.append(t.round_name(rnd))
        on = going_on(t, rnd, res)
        final = t.plan[rnd.stage - 1].final
        for table in rnd.tables:
            r = res[table.game]
            lines.append(f"  {table.game}: {', '.join(table.players)} ({_state(r)})")
            if r.stand_ins:  # seats changed during the game (ohhell seat)
                lines.append(f"    also sat in: {', '.join(r.stand_ins)} (they do not go on)")
            if r.problem or not r.hands_played:
                continue
            labels = _place_labels(r)
            ranked = [p for group in r.places for p in group]
            lines.append(
                "    "
                + ", ".join(
                    f"{labels[p]}. {p} {r.totals[p]} ({plural(r.made[p], 'bid')} made)"
                    if r.finished
                    else f"{p} {r.totals[p]}"
                    for p in ranked
                )
            )
            if on[table.game]:
                verb = "wins" if final and len(on[table.game]) == 1 else "go on"
                verb = "goes on" if verb == "go on" and len(on[table.game]) == 1 else verb
                lines.append(f"    {' and '.join(on[table.game])} {verb}")
            elif r.finished and r.tie_at(cut_of(t, rnd)):
                lines.append(f"    tied: {' and '.join(r.tie_at(cut_of(t, rnd)) or ())}")
    lines.append("")
    lines += [f"Note: {note}." for note in seated_otherwise(t, res)]
    lines.append(next_line(t, res))
    return lines


# --- exports ------------------------------------------------------------------------


def to_json(t: Tournament, res: Mapping[str, Result]) -> str:
    """``show --json`` plus what a reader needs: rules, seed, totals and bids made."""
    data = show_json(t, res)
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    for rnd_data, rnd in zip(rounds, ordered_rounds(t), strict=True):
        for table_data, table in zip(rnd_data["tables"], rnd.tables, strict=True):
            r = res[table.game]
            table_data["hands_played"] = r.hands_played
            table_data["hands_total"] = r.hands_total
            table_data["totals"] = dict(r.totals)
            table_data["bids_made"] = dict(r.made)
            table_data["tied"] = [list(g) for g in r.places if len(g) > 1]
    full = {
        **data,
        "players": list(t.players),
        "rules": {"preset": t.rules.preset, **t.rules.options.to_json()},
        "seed": t.seed,
        "losers_bracket": t.losers_bracket,
        "losers_final_winner": losers_winner(t, res),
    }
    return json.dumps(full, ensure_ascii=False, indent=2) + "\n"


def _rows(t: Tournament, res: Mapping[str, Result]) -> list[tuple[Round, list[list[str]]]]:
    """Per round, one row per player: game, place, player, total, bids made, next."""
    went = destinations(t, res)
    out = []
    for rnd in ordered_rounds(t):
        rows = []
        for table in rnd.tables:
            r = res[table.game]
            labels = _place_labels(r) if r.finished else {}
            ranked = [p for g in r.places for p in g] if r.places else list(table.players)
            for p in ranked:
                rows.append(
                    [
                        table.game,
                        labels.get(p, ""),
                        p,
                        str(r.totals.get(p, "")),
                        str(r.made.get(p, "")),
                        went.get((table.game, p), ""),
                    ]
                )
        out.append((rnd, rows))
    return out


HEAD = ["table", "place", "player", "total", "bids made", "next"]


def to_csv(t: Tournament, res: Mapping[str, Result]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator=CSV_LINE_END)
    writer.writerow(["round", *HEAD])
    for rnd, rows in _rows(t, res):
        for row in rows:
            writer.writerow([_cell(t.round_name(rnd)), *(_cell(c) for c in row)])
    return buf.getvalue()


def _cell(text: str) -> str:
    """A spreadsheet runs a cell that starts with = + - @: quote such a name."""
    return (
        "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(text) else text
    )


def _number(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _md(text: str) -> str:
    """Markdown-neutral text: escape the characters that would format or break a table."""
    out = html.escape(text, quote=False)
    for ch in "\\`*_[]|#!~":  # the backslash first, so no escape is escaped again
        out = out.replace(ch, "\\" + ch)
    return out


def to_md(t: Tournament, res: Mapping[str, Result]) -> str:
    lines = [f"# Tournament {_md(t.name)}", ""]
    who = champion(t, res)
    lines.append(f"Champion: **{_md(who)}**" if who else "Champion: not decided yet")
    for rnd, rows in _rows(t, res):
        lines += ["", f"## {_md(t.round_name(rnd))}", ""]
        lines.append("| " + " | ".join(HEAD) + " |")
        lines.append("|" + "---|" * len(HEAD))
        lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def to_html(t: Tournament, res: Mapping[str, Result]) -> str:
    e = html.escape
    who = champion(t, res)
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Tournament {e(t.name)}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
        "margin-bottom:1.5em}th,td{border:1px solid #999;padding:.2em .6em}"
        "td.n{text-align:right}</style>",
        "</head><body>",
        f"<h1>Tournament {e(t.name)}</h1>",
        f"<p>Champion: <strong>{e(who)}</strong></p>"
        if who
        else "<p>Champion: not decided yet</p>",
    ]
    for rnd, rows in _rows(t, res):
        parts.append(f"<h2>{e(t.round_name(rnd))}</h2>")
        parts.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in HEAD) + "</tr>")
        for row in rows:
            cells = "".join(
                f'<td class="n">{e(c)}</td>' if i in (1, 3, 4) else f"<td>{e(c)}</td>"
                for i, c in enumerate(row)
            )
            parts.append(f"<tr>{cells}</tr>")
        parts.append("</table>")
    parts.append(f"<p>{e(plural(len(t.players), 'player'))}, {e(t.rules.preset)} rules.</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


WRITERS = {"json": to_json, "csv": to_csv, "md": to_md, "html": to_html}
