"""A tournament in words and files: the lines of ``tournament show``, and md, csv
and json exports (the html export is ``views/html.py``'s, from a template). Plain text
only (no rich); names are escaped or neutralised per format.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Collection, Mapping

from ohhell_score.domain.errors import NotReady
from ohhell_score.domain.game import Game
from ohhell_score.domain.rulewords import rules_words
from ohhell_score.domain.tournament import (
    MAX_FIELD,
    MIN_FIELD,
    Bracket,
    Result,
    Round,
    Stage,
    Tournament,
    champion,
    check_ready,
    cut_of,
    going_on,
    losers_plan,
    losers_winner,
    ordered_rounds,
    over,
    plan,
    seated_otherwise,
    show_json,
)
from ohhell_score.i18n import N_, _, english, ngettext
from ohhell_score.views.export import CSV_LINE_END, md_escape, neutralise
from ohhell_score.views.words import names_words


def tournament_rules(t: Tournament) -> str:
    """The tournament's rules as ``ohhell list`` says a game's: its first table's."""
    size = len(t.rounds[0].tables[0].players)
    return rules_words(t.rules.build(size), size)


def stage_words(stage: Stage) -> str:
    """A round of the plan in a few words: its tables and who goes on."""
    if stage.final:
        return ngettext("{count} player", "{count} players", stage.players).format(
            count=stage.players
        )
    tables = names_words(
        [
            ngettext("{count} table of {size}", "{count} tables of {size}", count).format(
                count=count, size=size
            )
            for size in sorted(set(stage.sizes), reverse=True)
            if (count := stage.sizes.count(size))
        ]
    )
    if stage.going_on == 1:
        return _("{tables}, the winners go on").format(tables=tables)
    return _("{tables}, the top {count} go on").format(tables=tables, count=stage.going_on)


def plan_lines(t: Tournament) -> list[str]:
    """The rounds the tournament plays, one a line: "Round 2: 2 tables of 3, the top 2
    go on"; the losers' bracket's after the main one's."""
    brackets = (Bracket.MAIN, Bracket.LOSERS) if t.losers_bracket else (Bracket.MAIN,)
    return [
        f"{t.round_title(Round(bracket, stage.number, ()))}: {stage_words(stage)}"
        for bracket in brackets
        for stage in t.plan_of(bracket)
    ]


def formats_table() -> str:
    """docs/tournaments.md's table of every field's rounds (docs/reference.py writes it
    there), in English: the rounds and the losers' bracket as ``plan`` draws them."""
    lines = [
        "| players | round 1 | the rounds after it | final | losers' bracket |",
        "|---|---|---|---|---|",
    ]
    with english():
        for players in range(MIN_FIELD, MAX_FIELD + 1):
            stages = plan(players)
            later = "; ".join(stage_words(s) for s in stages[1:-1]) or "–"
            losers = " → ".join(stage_words(s) for s in losers_plan(players)) or "none"
            row = [str(players), stage_words(stages[0]), later, stage_words(stages[-1]), losers]
            lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def place_labels(r: Result) -> dict[str, str]:
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
        return _("finished")
    return _("hand {number} of {total}").format(number=r.hands_played + 1, total=r.hands_total)


def collected_line(game: Game, r: Result) -> str:
    """What ``tournament collect`` says of a table's game it brought in."""
    if r.finished:
        state = _("finished")
    else:
        state = ngettext(
            "{played} of {total} hand scored", "{played} of {total} hands scored", r.hands_total
        ).format(played=r.hands_played, total=r.hands_total)
    return f"{game.id}: {', '.join(game.players)} ({state})."


#: What became of a final's winner (the CSV says it in English: data for programs).
CHAMPION = N_("champion")
LOSERS_FINAL_WINNER = N_("wins the losers' final")


def destinations(
    t: Tournament, res: Mapping[str, Result], *, spoken: bool = True
) -> dict[tuple[str, str], str]:
    """Where each player of each table went next: a round's name, or a final's outcome;
    ``spoken``: in the reader's language, else in English."""
    say = _ if spoken else str
    name = t.round_title if spoken else t.round_name
    seated = {  # (stage, player) -> the round they sat in (the last one, as listed)
        (rnd.stage, player): rnd for rnd in t.rounds for x in rnd.tables for player in x.players
    }
    out: dict[tuple[str, str], str] = {}
    for rnd in t.rounds:
        for table in rnd.tables:
            for player in table.players:
                nxt = seated.get((rnd.stage + 1, player))
                if nxt is not None:
                    out[table.game, player] = name(nxt)
    outcomes = (
        (Bracket.MAIN, champion(t, res), say(CHAMPION)),
        (Bracket.LOSERS, losers_winner(t, res), say(LOSERS_FINAL_WINNER)),
    )
    for bracket, who, outcome in outcomes:
        finals = [r for r in t.rounds if r.bracket is bracket and t.stage_of(r).final]
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
        line = _("The tournament is over. Champion: {who}.").format(who=who)
        loser = losers_winner(t, res)
        if loser:
            line += " " + _("Losers' final: {who}.").format(who=loser)
        return line
    rounds = [t.round_title(r) for r in t.current()]
    if len(rounds) > 1:
        text = _("{one} and {other} finished: seat the next round with {command}.")
    else:
        text = _("{one} finished: seat the next round with {command}.")
    return text.format(
        one=rounds[0], other=rounds[-1], command=f"`ohhell tournament advance {t.name}`"
    )


#: What `tournament show` says under a table taken over on this laptop.
TAKEN_OVER = N_(
    "taken over on this laptop: its table's copies are followed again once one holds "
    "every entry made here"
)


def show_lines(
    t: Tournament, res: Mapping[str, Result], taken_over: Collection[str] = ()
) -> list[str]:
    """The plain-text view of ``tournament show``; ``taken_over``: the tables played
    elsewhere that were taken over on this laptop (``actions.collect.taken_over``)."""
    bracket = _(", losers' bracket") if t.losers_bracket else ""
    if t.shuffled:
        draw = _("round 1 drawn with seed {seed}").format(seed=t.seed)
    else:
        draw = _("round 1 seated in the order given")
    lines = [
        _("Tournament {name}: {players} players; {rules}{bracket}; {draw}.").format(
            name=t.name,
            players=len(t.players),
            rules=tournament_rules(t),
            bracket=bracket,
            draw=draw,
        )
    ]
    for rnd in ordered_rounds(t):
        lines.append("")
        lines.append(t.round_title(rnd))
        on = going_on(t, rnd, res)
        final = t.stage_of(rnd).final
        for table in rnd.tables:
            r = res[table.game]
            lines.append(f"  {table.game}: {', '.join(table.players)} ({_state(r)})")
            if table.game in taken_over:
                lines.append("    " + _(TAKEN_OVER))
            if r.stand_ins:  # seats changed during the game (ohhell seat)
                also = _("also sat in: {players} (they do not go on)")
                lines.append("    " + also.format(players=", ".join(r.stand_ins)))
            if r.problem or not r.hands_played:
                continue
            labels = place_labels(r)
            ranked = [p for group in r.places for p in group]
            lines.append("    " + ", ".join(_standing(r, p, labels) for p in ranked))
            if on[table.game]:
                lines.append("    " + going_on_words(on[table.game], final))
            if r.finished and r.tie_at(cut_of(t, rnd)):
                tied = names_words(list(r.tie_at(cut_of(t, rnd)) or ()))
                lines.append("    " + _("tied: {players}").format(players=tied))
    lines.append("")
    lines += [_("Note: {note}.").format(note=note) for note in seated_otherwise(t, res)]
    lines.append(next_line(t, res))
    return lines


def _standing(r: Result, player: str, labels: Mapping[str, str]) -> str:
    if not r.finished:
        return f"{player} {r.totals[player]}"
    made = r.made[player]
    return ngettext(
        "{place}. {player} {total} ({made} bid made)",
        "{place}. {player} {total} ({made} bids made)",
        made,
    ).format(place=labels[player], player=player, total=r.totals[player], made=made)


def going_on_words(players: list[str], final: bool) -> str:
    who = names_words(players)
    if final and len(players) == 1:
        return _("{players} wins").format(players=who)
    return ngettext("{players} goes on", "{players} go on", len(players)).format(players=who)


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


def table_rows(
    t: Tournament, res: Mapping[str, Result], *, spoken: bool = True
) -> list[tuple[Round, list[list[str]]]]:
    """Per round, one row per player: game, place, player, total, bids made, next."""
    went = destinations(t, res, spoken=spoken)
    out = []
    for rnd in ordered_rounds(t):
        rows = []
        for table in rnd.tables:
            r = res[table.game]
            labels = place_labels(r) if r.finished else {}
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


def table_progress(rnd: Round, res: Mapping[str, Result]) -> list[tuple[str, str]]:
    """Where each table of a round stands: the hand being played, or finished."""
    return [(table.game, _state(res[table.game])) for table in rnd.tables]


#: The columns: the CSV's header in English (data for programs), the others' translated.
HEAD = [N_("table"), N_("place"), N_("player"), N_("total"), N_("bids made"), N_("next")]


def table_heads() -> list[str]:
    return [_(h) for h in HEAD]


def to_csv(t: Tournament, res: Mapping[str, Result]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator=CSV_LINE_END)
    writer.writerow(["round", *HEAD])
    for rnd, rows in table_rows(t, res, spoken=False):
        for row in rows:
            writer.writerow([_cell(t.round_name(rnd)), *(_cell(c) for c in row)])
    return buf.getvalue()


def _cell(text: str) -> str:
    """A CSV cell: a score such as -5 stays a number; any other text is neutralised as
    the game's CSV export does it."""
    return text if _number(text) else neutralise(text)


def _number(text: str) -> bool:
    """A whole number as ``str(int)`` writes it: a name such as ``--1`` (a sum to a
    spreadsheet) or ``-²`` is text."""
    return re.fullmatch(r"-?[0-9]+", text) is not None


def _md(text: str) -> str:
    """Markdown-neutral text, escaped as the game's Markdown export does it."""
    return md_escape(text)


def to_md(t: Tournament, res: Mapping[str, Result]) -> str:
    lines = [_("# Tournament {name}").format(name=_md(t.name)), "", _md(tournament_rules(t)), ""]
    who = champion(t, res)
    if who:
        lines.append(_("Champion: **{who}**").format(who=_md(who)))
    else:
        lines.append(_("Champion: not decided yet"))
    for rnd, rows in table_rows(t, res):
        lines += ["", f"## {_md(t.round_title(rnd))}", ""]
        lines += [
            " · ".join(f"{_md(game)}: {_md(state)}" for game, state in table_progress(rnd, res)),
            "",
        ]
        lines.append("| " + " | ".join(table_heads()) + " |")
        lines.append("|" + "---|" * len(HEAD))
        lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
