"""The live board's page (``ohhell board``): the hand now, the totals, the sheet; and a
tournament's (``--tournament``): a card for each table of the round, who goes on, the
bracket and the champion.

One HTML document, whole when served: inline CSS, no font, image or script from
anywhere else. A phone first (360 px wide, large type, dark when the phone is), and a
hall view for a TV or a projector (``hall``: large type, the hand and the totals beside
the sheet; a tournament's bracket beside its tables, eight tables on one screen). The
few lines of script at the end follow ``/events`` and, on each event, fetch the page
again and put its ``<main>`` in place of the old one, so the server is the one renderer
of the sheet and of the tables; they say when the laptop is lost, and pick up again.

The sheet, the chart and their notes are html.py's and words.py's, as on an exported
sheet. Every name and note goes through ``html.escape``.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ohhell_score.domain.game import Progress, Step
from ohhell_score.domain.rules import TrumpMethod
from ohhell_score.domain.tournament import (
    Bracket,
    Result,
    Round,
    Stage,
    Table,
    Tournament,
    champion,
    cut_of,
    going_on,
    losers_winner,
)
from ohhell_score.i18n import _, language, ngettext
from ohhell_score.views.export import result_words
from ohhell_score.views.html import chart_section, sheet_table
from ohhell_score.views.sheet import sheet, standings
from ohhell_score.views.tournament import both_words, going_on_words, next_line, place_labels
from ohhell_score.views.words import (
    balance_words,
    next_words,
    trump_fact,
)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


CSS = """
:root { color-scheme: light dark; --ink: #161616; --soft: #5b5b5b; --paper: #fbfaf6;
        --card: #fff; --rule: #c9c4b8; --band: #f2efe6; --made: #d9ecd0; --lead: #8a5a00;
        --red: #b0122b; --warn: #fff3cd; --warn-ink: #5c4300; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ecebe6; --soft: #a7a59e; --paper: #121212; --card: #1d1d1d;
          --rule: #3d3d3d; --band: #262626; --made: #23402a; --lead: #ffc94d;
          --red: #ff7a8a; --warn: #4a3b00; --warn-ink: #ffe9a8; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font: 18px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { display: flex; align-items: baseline; justify-content: space-between; gap: .5em;
         padding: .5em .8em; border-bottom: 1px solid var(--rule); }
header h1 { font-size: 1em; margin: 0; font-weight: 600; }
header a { color: var(--soft); font-size: .85em; }
main { padding: .5em .8em 2em; max-width: 60em; margin: 0 auto; }
section { margin: 0 0 1.2em; }
h2 { font-size: .95em; color: var(--soft); margin: 0 0 .3em; font-weight: 600;
     text-transform: uppercase; letter-spacing: .04em; }
.now { background: var(--card); border: 1px solid var(--rule); border-radius: .6em;
       padding: .6em .8em; }
.now .hand { font-size: 1.5em; font-weight: 700; margin: 0; line-height: 1.2; }
.now p { margin: .3em 0; }
.now .next { font-size: 1.25em; font-weight: 600; }
.now .forbidden { color: var(--red); }
.bids { list-style: none; margin: .4em 0; padding: 0; display: flex; flex-wrap: wrap;
        gap: .3em .9em; font-size: 1.1em; }
.bids b { font-size: 1.2em; }
.bids .waiting { color: var(--soft); }
.totals ol { list-style: none; margin: 0; padding: 0; }
.totals li { display: flex; align-items: baseline; gap: .5em; padding: .25em 0;
             border-bottom: 1px solid var(--band); font-size: 1.15em; }
.totals .place { width: 1.6em; color: var(--soft); }
.totals .name { flex: 1; overflow-wrap: anywhere; }
.totals .total { font-weight: 700; font-variant-numeric: tabular-nums; }
.totals .delta { width: 3.2em; text-align: right; color: var(--soft); font-size: .85em;
                 font-variant-numeric: tabular-nums; }
.totals .leader .name, .totals .leader .total { color: var(--lead); }
.result { color: var(--soft); margin: .4em 0 0; }
.scroll { overflow-x: auto; }
table.sheet { border-collapse: collapse; font-size: .8em; font-variant-numeric: tabular-nums;
              min-width: 100%; }
.sheet th, .sheet td { border: 1px solid var(--rule); padding: .15em .3em; text-align: center;
                       white-space: nowrap; }
.sheet thead th { background: var(--band); }
.sheet thead tr.sub th { font-weight: 400; font-size: .85em; color: var(--soft);
                         white-space: normal; }
.sheet th.name { white-space: normal; overflow-wrap: anywhere; }
.sheet .seat { border-left: 2px solid var(--ink); }
.sheet td.dealer { text-align: left; }
.sheet tbody tr:nth-child(even) td { background: var(--band); }
.sheet tbody tr td.made { background: var(--made); }
.sheet td.total { font-weight: 700; }
.sheet .over, .sheet td.points, .sheet td.away { color: var(--soft); font-size: .85em; }
.sheet .red { color: var(--red); }
.sheet tfoot td, .sheet tfoot th { border-top: 2px solid var(--ink); font-weight: 700; }
.sheet tfoot td.winner { background: var(--made); }
.sheet tr.current td { outline: 2px solid var(--lead); outline-offset: -2px; }
.notes { color: var(--soft); font-size: .85em; }
.notes p { margin: .2em 0; }
.chart svg { width: 100%; height: auto; display: block; }
.chart .axis { stroke: var(--ink); stroke-width: 1; }
.chart .grid { stroke: var(--rule); stroke-width: .8; }
.chart text { font: 10px system-ui, sans-serif; fill: var(--ink); }
.chart .series { fill: none; stroke-width: 2; stroke-linejoin: round; }
.chart text.stop { paint-order: stroke; stroke: var(--paper); stroke-width: 3px; }
.chart h2 { margin-top: .5em; }
.legend { list-style: none; margin: .3em 0 0; padding: 0; display: flex; flex-wrap: wrap;
          gap: .2em 1em; font-size: .85em; }
.legend svg { width: 2em; height: .7em; vertical-align: middle; display: inline; }
.error { background: var(--warn); color: var(--warn-ink); padding: .6em .8em;
         border-radius: .4em; }
#lost { display: none; position: sticky; top: 0; margin: 0; padding: .5em .8em;
        background: var(--warn); color: var(--warn-ink); font-weight: 600; z-index: 1; }
body.lost #lost { display: block; }
/* The hall: a TV or a projector, read from across the room; no scrolling for 4-7. */
body.hall { font-size: clamp(14px, 1.05vw, 36px); }
body.hall main { max-width: none; display: grid; gap: 0 1.5em; padding-bottom: .5em;
                 grid-template-columns: minmax(20em, 1fr) 2.4fr; align-items: start; }
body.hall .now, body.hall .totals, body.hall .chart { grid-column: 1; }
body.hall .sheetbox { grid-column: 2; grid-row: 1 / span 4; }
body.hall .now .hand { font-size: 1.6em; }
body.hall .now .next { font-size: 1.4em; }
body.hall .totals li { font-size: 1.2em; padding: .05em 0; }
body.hall .chart svg { max-height: 20vh; }
body.hall table.sheet { font-size: clamp(11px, 1.7vh, 30px); width: 100%; table-layout: fixed; }
body.hall .sheet th, body.hall .sheet td { overflow: hidden; text-overflow: ellipsis;
                                         padding: .15em .15em; }
body.hall .sheet thead tr.sub th, body.hall .sheet thead th.fixed { font-size: .7em; }
/* The sheet's own widths are a paper's (mm); a TV's are the type's. */
body.hall .sheet col:nth-child(1) { width: 2.4em !important; }
body.hall .sheet col:nth-child(2) { width: 4.2em !important; }
body.hall .sheet col:nth-child(3) { width: 4.2em !important; }
body.hall .sheet col:nth-child(4) { width: 2.6em !important; }
body.hall .sheet col.over { width: 4.2em !important; }
body.hall .notes { grid-column: 2; }
"""

#: A tournament's page (added to CSS): the tables of the round as cards, the bracket.
TOURNAMENT_CSS = """
.crown { text-align: center; background: var(--card); border: 2px solid var(--lead);
         border-radius: .6em; padding: .4em .8em; }
.crown .champion { font-size: 1.6em; font-weight: 700; color: var(--lead); margin: 0; }
.crown .second { margin: .2em 0 0; }
.round h2 { margin-top: .3em; }
.tables { display: grid; gap: .6em; grid-template-columns: repeat(auto-fill, minmax(14em, 1fr)); }
.table { background: var(--card); border: 1px solid var(--rule); border-radius: .6em;
         padding: .4em .7em .5em; min-width: 0; }
.table.finished { border-color: var(--soft); }
.table h3 { margin: 0; font-size: 1em; overflow-wrap: anywhere; }
.table .state { margin: 0 0 .2em; color: var(--soft); font-size: .9em; }
.table.finished .state { color: var(--ink); font-weight: 600; }
.table.problem .state { color: var(--red); }
.ranks { list-style: none; margin: 0; padding: 0; }
.ranks li { display: flex; align-items: baseline; gap: .4em; padding: .1em 0;
            border-bottom: 1px solid var(--band); font-size: 1.1em; }
.ranks .place { width: 1.8em; color: var(--soft); font-size: .85em; }
.ranks .name { flex: 0 1 auto; min-width: 0; overflow-wrap: anywhere; }
.ranks .total { margin-left: auto; font-weight: 700; font-variant-numeric: tabular-nums; }
.ranks .mark { width: 1em; text-align: right; }
.ranks .leader .name, .ranks .leader .star, .ranks .leader .total { color: var(--lead); }
.ranks li.on { background: var(--made); }
.outcome { margin: .3em 0 0; font-weight: 600; }
.outcome.tied { color: var(--red); }
.onward { margin: .4em 0 0; overflow-wrap: anywhere; }
.stages { list-style: none; margin: 0; padding: 0; }
.stages li { border-left: .3em solid var(--rule); padding: .1em .6em; margin: 0 0 .4em; }
.stages li.playing { border-color: var(--lead); }
.stages li.done { color: var(--soft); }
.stages .format, .stages .who { display: block; overflow-wrap: anywhere; }
.stages .won { font-weight: 700; color: var(--lead); }
.stages .format { color: var(--soft); font-size: .9em; }
.next { color: var(--soft); overflow-wrap: anywhere; }
/* The hall: the bracket beside the tables; a round of 8 tables fits a TV. */
body.hall main { grid-template-columns: minmax(13em, 1fr) 5fr; }
body.hall .crown, body.hall .way { grid-column: 1; }
body.hall .rounds { grid-column: 2; grid-row: 1 / span 2; }
body.hall .tables { grid-template-columns: repeat(4, minmax(0, 1fr)); }
body.hall .crown, body.hall .way, body.hall .rounds { font-size: 1.2em; }
body.hall .ranks li { font-size: 1.2em; }
body.hall .table h3 { font-size: 1.15em; }
/* A long name is cut on a TV rather than wrapped: eight tables stay on the screen. */
body.hall .ranks .name, body.hall .table .state { white-space: nowrap; overflow: hidden;
                                                  text-overflow: ellipsis; }
"""

#: Follows /events: on each event the page is fetched again and its <main> swapped in
#: (the server draws the sheet, the script never does); a lost laptop is said, and the
#: browser's EventSource (or, once it gives up, this script) connects again.
SCRIPT = """
(function () {
  var source, body = document.body;
  function lost() { body.classList.add("lost"); }
  function found() { body.classList.remove("lost"); }
  function refresh() {
    fetch(location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw r.status; }
      return r.text();
    }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main");
      if (fresh) { document.querySelector("main").replaceWith(fresh); found(); }
    }).catch(lost);
  }
  function connect() {
    source = new EventSource("/events");
    source.onopen = found;
    source.onmessage = refresh;
    source.onerror = function () {
      lost();
      if (source.readyState === 2) { source.close(); setTimeout(connect, 3000); }
    };
  }
  connect();
})();
"""


def page_head(title: str, style: str, *meta: str) -> list[str]:
    """A page's opening lines, to its style (``title`` already escaped)."""
    return [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        *meta,
        f"<title>{title}</title>",
        f"<style>{style}</style>",
    ]


def board_page(
    title: str,
    main: list[str],
    *,
    hall: bool,
    tournament: bool = False,
) -> str:
    """The whole page around ``main`` (its HTML lines); ``tournament``: a tournament's."""
    other = (
        ('<a href="/">' + _e(_("Phone view")) + "</a>")
        if hall
        else ('<a href="/?view=hall">' + _e(_("Hall view")) + "</a>")
    )
    lost = _e(_("The scorer's laptop cannot be reached; trying again…"))
    name = f"{_e(_('Oh Hell'))} · {_e(title)}"
    css = CSS + TOURNAMENT_CSS if tournament else CSS
    return "\n".join(
        [
            *page_head(name, css, '<meta name="color-scheme" content="light dark">'),
            "</head>",
            f'<body class="{"hall" if hall else "phone"}">',
            f'<p id="lost" role="status">{lost}</p>',
            f"<header><h1>{name}</h1>{other}</header>",
            "<main>",
            *main,
            "</main>",
            f"<script>{SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def error_main(error: str) -> list[str]:
    """What the page shows of a game that cannot be read (deleted, damaged)."""
    return [f'<p class="error" role="alert">{_e(error)}</p>']


def game_main(prog: Progress) -> list[str]:
    """A game: the hand now, the totals, the sheet, its notes and the chart."""
    out = _now(prog)
    out += _totals(prog)
    out += ['<section class="sheetbox"><div class="scroll">', *sheet_table(prog), "</div>"]
    sh = sheet(prog)
    notes = [*sh.notes(over=False), *sh.seat_notes]
    if notes:
        out.append('<div class="notes">')
        out += [f"<p>{_e(text)}</p>" for text in notes]
        out.append("</div>")
    out.append("</section>")
    if prog.hands_played:
        out += chart_section(prog)
    return out


def tournament_main(
    t: Tournament, res: Mapping[str, Result], games: Mapping[str, Progress | str | None]
) -> list[str]:
    """A tournament in the hall: the champion once there is one, a card for each table
    of the round(s) being played (its hand, its players ranked by their totals, who goes
    on), who goes on so far, and the bracket of rounds to the final and the losers'
    final. ``games``: each table's game as replayed, by id (its hand now)."""
    out = _crown(t, res)
    out.append('<div class="rounds">')
    for rnd in t.current():
        out += _round(t, rnd, res, games)
    out.append("</div>")
    out.append('<div class="way">')
    for bracket in (Bracket.MAIN, Bracket.LOSERS) if t.losers_bracket else (Bracket.MAIN,):
        out += _bracket(t, bracket, res)
    playing = [table.game for rnd in t.current() for table in rnd.tables]
    if champion(t, res) is None and all(res[game].finished for game in playing):
        out.append(f'<p class="next">{_e(next_line(t, res))}</p>')  # advance, or a tie
    out.append("</div>")
    return out


def _crown(t: Tournament, res: Mapping[str, Result]) -> list[str]:
    """The champion, large, and the losers' final's winner, once they are decided."""
    who = champion(t, res)
    if who is None:
        return []
    out = ['<section class="crown">']
    crowned = _("Champion: {who}").format(who=who)
    out.append(f'<p class="champion">★ {_e(crowned)} ★</p>')
    loser = losers_winner(t, res)
    if loser:
        second = _("Losers' final: {who}.").format(who=loser)
        out.append(f'<p class="second">{_e(second)}</p>')
    out.append("</section>")
    return out


def _round(
    t: Tournament, rnd: Round, res: Mapping[str, Result], games: Mapping[str, Progress | str | None]
) -> list[str]:
    """A round being played: how many tables are done, a card each (who goes on
    ticked), and who goes on so far, by name."""
    done = sum(1 for table in rnd.tables if res[table.game].finished)
    count = len(rnd.tables)
    finished = ngettext(
        "{done} of {count} table finished", "{done} of {count} tables finished", count
    ).format(done=done, count=count)
    on = going_on(t, rnd, res)
    final = t.plan[rnd.stage - 1].final
    out = [f'<section class="round"><h2>{_e(t.round_title(rnd))} · {_e(finished)}</h2>']
    out.append('<div class="tables">')
    out += [
        _card(t, rnd, table, res[table.game], games.get(table.game), on) for table in rnd.tables
    ]
    out.append("</div>")
    if not final:
        out += _onward(t, rnd, res, on)
    out.append("</section>")
    return out


def _card(
    t: Tournament,
    rnd: Round,
    table: Table,
    r: Result,
    prog: Progress | str | None,
    on: Mapping[str, list[str]],
) -> str:
    """One table: its name, its hand (or finished, not started, why it cannot count),
    its players best first with their totals, the leader starred, who goes on ticked,
    and a tie that stops the round from going on."""
    going = on[table.game]
    ranked = [p for group in r.places for p in group] if r.hands_played else list(table.players)
    labels = place_labels(r) if r.hands_played else {}
    leaders = set(r.places[0]) if r.hands_played and r.places else set()
    rows = []
    for p in ranked:
        cls = " ".join(c for c, yes in (("leader", p in leaders), ("on", p in going)) if yes)
        total = r.totals.get(p)
        rows.append(
            (f'<li class="{cls}">' if cls else "<li>")
            + f'<span class="place">{_e(labels.get(p, "–"))}</span>'
            + f'<span class="name">{_e(p)}</span>'
            + ('<span class="star">★</span>' if p in leaders else "")
            + f'<span class="total">{"" if total is None else total}</span>'
            + f'<span class="mark">{"✓" if p in going else ""}</span></li>'
        )
    state = "finished" if r.finished else "problem" if r.problem else "playing"
    out = [
        f'<article class="table {state}" id="table-{_e(table.game)}">',
        f"<h3>{_e(table.game)}</h3>",
        f'<p class="state">{_e(_table_state(r, prog))}</p>',
        '<ol class="ranks">' + "".join(rows) + "</ol>",
    ]
    if not going and r.finished and (tied := r.tie_at(cut_of(t, rnd))) is not None:
        tie = _("tied: {players}").format(players=both_words(list(tied)))
        out.append(f'<p class="outcome tied">{_e(tie)}</p>')
    out.append("</article>")
    return "".join(out)


def _table_state(r: Result, prog: Progress | str | None) -> str:
    """Where a table is: finished, not started, at hand k of n, or why it cannot count."""
    if r.problem:
        return r.problem
    if r.finished:
        return _("finished")
    assert isinstance(prog, Progress)  # a result without a problem has its game
    if not prog.game.entries:
        return _("not started")
    return _hand_words(prog)


def _onward(
    t: Tournament, rnd: Round, res: Mapping[str, Result], on: Mapping[str, list[str]]
) -> list[str]:
    """Who goes on so far from a round before a final: to the next round of its bracket,
    and from round 1, with a losers' bracket, the others to the losers' next round."""
    later = Round(rnd.bracket, rnd.stage + 1, ())
    moves = [(later, [p for table in rnd.tables for p in on[table.game]])]
    if rnd.stage == 1 and rnd.bracket is Bracket.MAIN and t.losers_bracket:
        cut = cut_of(t, rnd)
        out_of = [p for table in rnd.tables if on[table.game] for p in res[table.game].rest(cut)]
        moves.append((Round(Bracket.LOSERS, rnd.stage + 1, ()), out_of))
    out = []
    for nxt, players in moves:
        if players:
            text = _("To {round}: {players}").format(
                round=t.round_title(nxt), players=", ".join(players)
            )
            out.append(f'<p class="onward">{_e(text)}</p>')
    return out


def _bracket(t: Tournament, bracket: Bracket, res: Mapping[str, Result]) -> list[str]:
    """The rounds of one bracket to its final: each one's format and whether it is
    played, and the final's players once seated, and its winner once decided."""
    heading = _("To the final") if bracket is Bracket.MAIN else _("The losers' bracket")
    seated = {r.stage: r for r in t.rounds if r.bracket is bracket}
    out = [f'<section class="bracket"><h2>{_e(heading)}</h2><ol class="stages">']
    first = 1 if bracket is Bracket.MAIN else 2
    for stage in t.plan[first - 1 :]:
        rnd = seated.get(stage.number, Round(bracket, stage.number, ()))
        if not rnd.tables:
            cls, state = "later", _("to come")
        elif all(res[table.game].finished for table in rnd.tables):
            cls, state = "done", _("finished")
        else:
            cls, state = "playing", _("playing")
        out.append(f'<li class="{cls}"><b>{_e(t.round_title(rnd))}</b> · {_e(state)}')
        out.append(f'<span class="format">{_e(_format_words(stage))}</span>')
        if stage.final and rnd.tables:
            final = rnd.tables[0]
            out.append(f'<span class="who">{_e(", ".join(final.players))}</span>')
            won = going_on(t, rnd, res)[final.game]
            if won:
                out.append(f'<span class="who won">{_e(going_on_words(won, True))}</span>')
        out.append("</li>")
    out.append("</ol></section>")
    return out


def _format_words(stage: Stage) -> str:
    """A round of the plan in a few words: its tables and who goes on."""
    if stage.final:
        return ngettext("{count} player", "{count} players", stage.table_size).format(
            count=stage.table_size
        )
    tables = ngettext("{count} table of {size}", "{count} tables of {size}", stage.tables).format(
        count=stage.tables, size=stage.table_size
    )
    if stage.going_on == 1:
        return _("{tables}, the winners go on").format(tables=tables)
    return _("{tables}, the top {count} go on").format(tables=tables, count=stage.going_on)


def _hand_words(prog: Progress) -> str:
    """The hand being played: which of how many, its cards and who deals."""
    nxt = prog.next
    assert nxt is not None
    return ngettext(
        "Hand {hand} of {total} ({count} card, {dealer} deals)",
        "Hand {hand} of {total} ({count} cards, {dealer} deals)",
        nxt.cards,
    ).format(hand=nxt.hand, total=len(prog.hands), count=nxt.cards, dealer=nxt.dealer)


def _now(prog: Progress) -> list[str]:
    """The hand being played, large: which, who deals, trump, who is to bid and what."""
    nxt = prog.next
    out = ['<section class="now">']
    if nxt is None:
        out.append(f'<p class="hand">{_e(next_words(prog))}</p>')
        out.append("</section>")
        return out
    hand = prog.hands[nxt.hand - 1]
    out.append(f'<p class="hand">{_e(_hand_words(prog))}</p>')
    out.append(f'<p class="trump">{_e(trump_fact(prog, hand))}</p>')
    out.append(f'<p class="next">{_next_step(prog)}</p>')
    if hand.bids or nxt.step is Step.BID:
        items = [f"<li>{_e(p)} <b>{b}</b></li>" for p, b in hand.bids.items()]
        items += [f'<li class="waiting">{_e(p)} …</li>' for p in hand.order if p not in hand.bids]
        out.append('<ul class="bids">' + "".join(items) + "</ul>")
        so_far = _("bid {bids} of {cards} so far").format(bids=hand.bids_total, cards=hand.cards)
        out.append(f'<p class="sofar">{_e(so_far)}</p>')
    out.append("</section>")
    return out


def _next_step(prog: Progress) -> str:
    """What the table waits for (HTML), in the words of the table, not of commands."""
    nxt = prog.next
    assert nxt is not None
    hand = prog.hands[nxt.hand - 1]
    if nxt.step is Step.TRUMP:
        method = prog.game.rules.trump_method(nxt.hand)
        if method is TrumpMethod.NAMED:
            text = _("{player} names trump").format(player=nxt.player)
        elif method is TrumpMethod.DEALER:
            text = _("{player} (dealer) names trump before the bids").format(player=nxt.player)
        elif method is TrumpMethod.CUT:
            text = _("The pack is cut for trump")
        else:
            text = _("The next card is turned up for trump")
        return _e(text)
    if nxt.step is Step.BID:
        if nxt.forbidden_bid is not None:
            text = _("{player} to bid (dealer, may not bid {forbidden})").format(
                player=nxt.player, forbidden=nxt.forbidden_bid
            )
            return f'<span class="forbidden">{_e(text)}</span>'
        if nxt.player == hand.dealer:
            return _e(_("{player} to bid (dealer)").format(player=nxt.player))
        return _e(_("{player} to bid").format(player=nxt.player))
    return _e(_("Playing the hand: {balance}").format(balance=balance_words(hand)))


def _totals(prog: Progress) -> list[str]:
    """The totals, best first, the leaders starred, each with what the last hand gave."""
    scored = [h for h in prog.hands if h.scored]
    last = scored[-1] if scored else None
    leaders = set(prog.leaders()) if scored else set()
    heading = _("Totals after hand {hand}").format(hand=last.number) if last else _("Totals")
    this_hand = _e(_("this hand"))
    out = [f'<section class="totals"><h2>{_e(heading)}</h2><ol>']
    for place, p, total in ((st.place, st.player, st.total) for st in standings(prog)):
        cls = ' class="leader"' if p in leaders else ""
        star = " ★" if p in leaders else ""
        delta = ""
        if last is not None and p in last.scores:
            delta = f"{last.scores[p]:+d}"
        out.append(
            f'<li{cls}><span class="place">{f"{place}." if place else "–"}</span>'
            f'<span class="name">{_e(p)}{star}</span>'
            f'<span class="total">{total}</span>'
            f'<span class="delta" title="{this_hand}">{delta}</span></li>'
        )
    out.append("</ol>")
    out.append(f'<p class="result">{result_words(prog, _e)}</p>')
    out.append("</section>")
    return out
