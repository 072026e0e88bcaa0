"""The live board's page (``ohhell board``): the hand now, the totals, the sheet; and a
tournament's (``--tournament``): a card for each table of the round, who goes on, the
bracket and the champion.

One HTML document, whole when served: inline CSS, no font, image or script from
anywhere else. A phone first (360 px wide, large type, dark when the phone is), and a
hall view for a TV or a projector (``hall``: large type, the hand and the totals beside
the sheet; a tournament's bracket beside its tables, eight tables on one screen). The
few lines of script at the end follow ``/events?page``, whose every event carries the
page's ``<main>``, and put it in place of the old one, so the server is the one renderer
of the sheet and of the tables; they say when the laptop is lost or the board full, and
pick up again.

The sheet, the chart and their notes are html.py's and words.py's, as on an exported
sheet. Every name and note goes through ``html.escape``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from datetime import UTC, datetime, timedelta
from html import escape
from statistics import median
from urllib.parse import quote

from ohhell_score.domain.game import Progress, Step
from ohhell_score.domain.rules import TrumpMethod
from ohhell_score.domain.tournament import (
    Bracket,
    Result,
    Round,
    Table,
    Tournament,
    champion,
    cut_of,
    going_on,
    losers_winner,
    ordered_rounds,
)
from ohhell_score.i18n import _, ngettext
from ohhell_score.views.export import result_words
from ohhell_score.views.html import chart_section, page_head, sheet_table
from ohhell_score.views.sheet import sheet, standings
from ohhell_score.views.tournament import (
    TAKEN_OVER,
    going_on_words,
    next_line,
    place_labels,
    stage_words,
)
from ohhell_score.views.words import (
    balance_words,
    names_words,
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
body.hall table.sheet { font-size: clamp(11px, 1.7vh, 30px); width: 100%; }
body.hall .sheet th, body.hall .sheet td { padding: .15em .2em; }
body.hall .sheet thead tr.sub th, body.hall .sheet thead th.fixed { font-size: .7em; }
/* The sheet's own widths are a paper's (mm); a TV's are its words': nothing is cut. */
body.hall .sheet col { width: auto !important; }
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
.rounds .next { color: var(--ink); font-weight: 600; }
.ranks .name a { color: inherit; text-decoration: none; }
.table.waiting { border: 3px solid var(--red); background: var(--warn); color: var(--warn-ink); }
.table .since { margin: 0 0 .2em; color: var(--soft); font-size: .85em; }
.outcome.wait { color: var(--red); }
.director .todo { margin: .2em 0 .6em; padding-left: 1.1em; }
.director .todo li { margin: .15em 0; }
.cmd { white-space: nowrap; font-family: ui-monospace, monospace; font-size: .95em; }
.me .where { font-size: 1.4em; font-weight: 700; margin: .2em 0; }
.me .where .id { white-space: nowrap; }
.ranks li.me { outline: 2px solid var(--ink); outline-offset: -2px; }
.me .deals { font-size: 1.15em; margin: .2em 0 .6em; }
.after { font-size: 1.1em; font-weight: 600; }
.mine { color: var(--soft); font-size: .9em; }
body.hall .mine { display: none; }
/* The hall: the bracket beside the tables; a round of 8 tables fits a TV. */
body.hall main { grid-template-columns: minmax(12em, 1fr) 6fr; gap: 0 1em; }
body.hall .crown, body.hall .way { grid-column: 1; }
body.hall .rounds { grid-column: 2; grid-row: 1 / span 2; }
body.hall .tables { grid-template-columns: repeat(4, minmax(0, 1fr)); }
body.hall .crown { font-size: 1.2em; }
body.hall .way, body.hall .rounds { font-size: 1.05em; }
/* A name of 24 characters on one line of a card, eight cards on the screen. */
body.hall .ranks li { font-size: 1em; gap: .3em; }
body.hall .ranks .place { width: 1.5em; }
body.hall .table h3 { font-size: 1.05em; }
body.hall .round { margin-bottom: .3em; }
body.hall .onward, body.hall .rounds .next { font-size: .9em; margin: .3em 0 0; }
/* Nothing cut that fits: a long name wraps at a word, a word alone too long breaks. */
body.hall .ranks .name { overflow-wrap: break-word; }
"""

#: Follows /events?page, whose every event carries the page's <main> (drawn by the
#: server, never by the script): nothing more is fetched per save. A lost laptop is
#: said at the top; a board that is full says so itself (its 503's line); either way
#: the script tries again, waiting longer each time (to 30 s, as the 503's Retry-After
#: asks at least), and a stream silent for 40 s (its keep-alive comes every 15) is
#: taken for lost.
SCRIPT = """
(function () {
  var body = document.body, banner = document.getElementById("lost");
  var said = banner.textContent, wait = 1000;
  function lost(why) { banner.textContent = why || said; body.classList.add("lost"); }
  function found() { body.classList.remove("lost"); wait = 1000; }
  function refresh() {
    fetch(location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw r.status; }
      return r.text();
    }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main");
      if (fresh) { document.querySelector("main").replaceWith(fresh); found(); }
    }).catch(function () { lost(); });
  }
  function show(data) {
    // A player's own page (/p/NAME) is drawn for that player: asked for again.
    if (location.pathname.indexOf("/p/") === 0) { refresh(); return; }
    var fresh = document.createElement("main");
    fresh.innerHTML = JSON.parse(data).main;
    document.querySelector("main").replaceWith(fresh);
  }
  function again(least) {
    var next = Math.max(wait, least || 0);
    wait = Math.min(wait * 2, 30000);
    setTimeout(follow, next / 2 + Math.random() * next / 2);
  }
  function follow() {
    var stop = new AbortController(), quiet;
    function awake() {
      clearTimeout(quiet);
      quiet = setTimeout(function () { stop.abort(); }, 40000);
    }
    awake();
    fetch("/events?page", {cache: "no-store", signal: stop.signal}).then(function (r) {
      if (!r.ok) {
        var after = 1000 * (parseInt(r.headers.get("Retry-After"), 10) || 0);
        return r.text().then(function (why) {
          clearTimeout(quiet);
          lost(r.status === 503 && why);
          again(after);
        });
      }
      var reader = r.body.getReader(), text = new TextDecoder(), buffer = "";
      function read() {
        return reader.read().then(function (part) {
          if (part.done) { throw new Error("ended"); }
          awake();
          buffer += text.decode(part.value, {stream: true});
          var events = buffer.split("\\n\\n");
          buffer = events.pop();
          events.forEach(function (event) {
            var data = event.split("\\n").filter(function (line) {
              return line.indexOf("data: ") === 0;
            }).map(function (line) { return line.slice(6); }).join("\\n");
            if (data) { show(data); found(); }
          });
          return read();
        });
      }
      return read();
    }).catch(function () { clearTimeout(quiet); lost(); again(); });
  }
  follow();
  // How long since each table's last entry grows with no event: drawn again each minute.
  setInterval(function () { if (document.querySelector(".since")) { refresh(); } }, 60000);
})();
"""

#: The page's icon: none, said inline, so that no browser asks the board for one.
ICON = '<link rel="icon" href="data:,">'


def board_page(
    title: str,
    main: list[str],
    *,
    hall: bool,
    tournament: bool = False,
    entry: str = "",
    confirm: bool = False,
    held_here: bool = False,
) -> str:
    """The whole page around ``main`` (its HTML lines); ``tournament``: a tournament's.

    ``entry`` says what this phone may do (serve/entry.py): "" the board is read-only,
    ``code`` it takes entries once the table's code is given, ``entered`` this phone
    may enter; ``confirm``: tricks entered are held for another phone to confirm;
    ``held_here``: the tricks held now were entered on this phone. The page's body
    carries them as ``data-entry``, ``data-confirm`` and ``data-held-here``."""
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
            *page_head(name, css, '<meta name="color-scheme" content="light dark">', ICON),
            "</head>",
            f'<body class="{"hall" if hall else "phone"}"'
            + (f' data-entry="{_e(entry)}"' if entry else "")
            + (' data-confirm="on"' if entry and confirm else "")
            + (' data-held-here="on"' if held_here else "")
            + ">",
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
    t: Tournament,
    res: Mapping[str, Result],
    games: Mapping[str, Progress | str | None],
    taken_over: Collection[str] = (),
    held: Collection[str] = (),
    now: datetime | None = None,
) -> list[str]:
    """A tournament in the hall: the champion once there is one, a card for each table
    of the round(s) being played (its hand, how long since its last entry, its players
    ranked by their totals, who goes on, why it waits, taken over on this laptop), who
    goes on so far, what the organiser does next, and the bracket of rounds to the
    final and the losers' final.
    ``games``: each table's game as replayed, by id (its hand now); ``held``: the
    tables whose tricks wait on a phone for another's confirmation; ``now``: the time
    the page is drawn at (default: the clock's)."""
    now = now or datetime.now(UTC)
    waits = waiting(t, res, games, now, held)
    out = _crown(t, res)
    out.append('<div class="rounds">')
    for rnd in t.current():
        out += _round(t, rnd, res, games, now, waits, taken_over)
    playing = [table.game for rnd in t.current() for table in rnd.tables]
    if champion(t, res) is None and all(res[game].finished for game in playing):
        # advance, or a tie: under the tables, where its command has the width it needs
        out.append(f'<p class="next">{hint(next_line(t, res))}</p>')
    out.append("</div>")
    out.append('<div class="way">')
    mine = _("Tap your name for your own page: your table, your seat, where you go next.")
    out.append(f'<p class="mine">{_e(mine)}</p>')  # a phone's; the hall's TV hides it
    out += _director(t, res, waits)
    for bracket in (Bracket.MAIN, Bracket.LOSERS) if t.losers_bracket else (Bracket.MAIN,):
        out += _bracket(t, bracket, res)
    out.append("</div>")
    return out


#: A table with no entry for this long waits for the organiser's look (docs/board.md).
QUIET = timedelta(minutes=10)
#: A table this many hands behind the round's middle table stands out as behind.
BEHIND_BY = 2


def last_entry(prog: Progress | str | None) -> datetime | None:
    """When a table's game last changed (its last entry; seated: when it was made)."""
    if not isinstance(prog, Progress):
        return None
    stamp = prog.game.updated or prog.game.created
    try:
        at = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def waiting(
    t: Tournament,
    res: Mapping[str, Result],
    games: Mapping[str, Progress | str | None],
    now: datetime,
    held: Collection[str] = (),
) -> dict[str, str]:
    """The tables of the rounds being played that wait for the organiser, by id, each
    with why: a tie to break, tricks to confirm (``held``: tricks entered on a phone,
    held for another phone), no entry for ``QUIET``, ``BEHIND_BY`` hands behind the
    round's middle table, or a game that cannot count."""
    out: dict[str, str] = {}
    for rnd in t.current():
        played = [res[x.game].hands_played for x in rnd.tables if not res[x.game].problem]
        middle = median(played) if played else 0
        for table in rnd.tables:
            r = res[table.game]
            at = last_entry(games.get(table.game))
            if r.problem:
                out[table.game] = r.problem
            elif r.finished:
                if r.tie_at(cut_of(t, rnd)) is not None:
                    out[table.game] = _("a tie to break: give the order with --order")
            elif table.game in held:
                out[table.game] = _(
                    "tricks to confirm: tricks entered on a phone wait for another "
                    "phone's confirmation"
                )
            elif at is not None and now - at >= QUIET:
                out[table.game] = _("no entry for {minutes} minutes").format(
                    minutes=int((now - at).total_seconds() // 60)
                )
            elif r.hands_played + BEHIND_BY <= middle:
                out[table.game] = _(
                    "behind the others: {played} hands scored, most have {middle}"
                ).format(played=r.hands_played, middle=int(middle))
    return out


def _director(t: Tournament, res: Mapping[str, Result], waits: Mapping[str, str]) -> list[str]:
    """What the organiser does next while a round is played: the tables that wait for
    them, or nothing while every table plays on (once every table is finished, the
    next step is said under the tables)."""
    playing = [table.game for rnd in t.current() for table in rnd.tables]
    if champion(t, res) is not None or (not waits and all(res[g].finished for g in playing)):
        return []
    heading = _("What to do next")
    out = ['<section class="director">', f"<h2>{_e(heading)}</h2>"]
    if waits:
        out.append('<ul class="todo">')
        out += [f"<li><b>{_e(game)}</b>: {hint(why)}</li>" for game, why in waits.items()]
        out.append("</ul>")
    elif not all(res[game].finished for game in playing):
        left = sum(1 for game in playing if not res[game].finished)
        text = ngettext(
            "Nothing to do: {count} table is playing.",
            "Nothing to do: {count} tables are playing.",
            left,
        ).format(count=left)
        out.append(f'<p class="todo">{_e(text)}</p>')
    out.append("</section>")
    return out


#: A command or an option in a hint, with the stop that ends it: kept on one line.
_COMMAND = re.compile(r"(?:`[^`]+`|--order(?: '[^']*'| [^\s;]+)?)[.,;:]?")


def hint(text: str) -> str:
    """A hint as HTML: escaped, each command and option in it unbreakable."""
    out, at = [], 0
    for found in _COMMAND.finditer(text):
        out.append(_e(text[at : found.start()]))
        out.append(f'<span class="cmd">{_e(found.group())}</span>')
        at = found.end()
    return "".join(out) + _e(text[at:])


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
    t: Tournament,
    rnd: Round,
    res: Mapping[str, Result],
    games: Mapping[str, Progress | str | None],
    now: datetime,
    waits: Mapping[str, str],
    taken_over: Collection[str] = (),
) -> list[str]:
    """A round being played: how many tables are done, a card each (who goes on
    ticked), and who goes on so far, by name."""
    done = sum(1 for table in rnd.tables if res[table.game].finished)
    count = len(rnd.tables)
    finished = ngettext(
        "{done} of {count} table finished", "{done} of {count} tables finished", count
    ).format(done=done, count=count)
    on = going_on(t, rnd, res)
    final = t.stage_of(rnd).final
    out = [f'<section class="round"><h2>{_e(t.round_title(rnd))} · {_e(finished)}</h2>']
    out.append('<div class="tables">')
    out += [
        _card(
            t,
            rnd,
            table,
            res[table.game],
            games.get(table.game),
            on,
            now,
            waits.get(table.game),
            taken_over=taken_over,
        )
        for table in rnd.tables
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
    now: datetime | None = None,
    wait: str | None = None,
    *,
    me: str | None = None,
    taken_over: Collection[str] = (),
) -> str:
    """One table: its name, its hand (or finished, not started, why it cannot count)
    and how long since its last entry, its players best first with their totals, the
    leader starred, who goes on ticked, a tie that stops the round from going on, and
    (``wait``) why the table waits for the organiser, which marks it; ``me``: the
    player whose own page it is, their row marked."""
    going = on[table.game]
    ranked = [p for group in r.places for p in group] if r.hands_played else list(table.players)
    labels = place_labels(r) if r.hands_played else {}
    leaders = set(r.places[0]) if r.hands_played and r.places else set()
    rows = []
    for p in ranked:
        marks = (("leader", p in leaders), ("on", p in going), ("me", p == me))
        cls = " ".join(c for c, yes in marks if yes)
        total = r.totals.get(p)
        rows.append(
            (f'<li class="{cls}">' if cls else "<li>")
            + f'<span class="place">{_e(labels.get(p, "–"))}</span>'
            + f'<span class="name"><a href="{_e(player_path(p))}">{_e(p)}</a></span>'
            + ('<span class="star">★</span>' if p in leaders else "")
            + f'<span class="total">{"" if total is None else total}</span>'
            + f'<span class="mark">{"✓" if p in going else ""}</span></li>'
        )
    state = "finished" if r.finished else "problem" if r.problem else "playing"
    marked = " waiting" if wait else ""
    out = [
        f'<article class="table {state}{marked}" id="table-{_e(table.game)}">',
        f"<h3>{_e(table.game)}</h3>",
        f'<p class="state">{_e(_table_state(r, prog))}</p>',
    ]
    if table.game in taken_over:
        out.append(f'<p class="taken">{_e(_(TAKEN_OVER))}</p>')
    at = last_entry(prog)
    if now is not None and at is not None and not r.finished:
        started = isinstance(prog, Progress) and bool(prog.game.entries)
        out.append(f'<p class="since">{_e(since_words(now - at, started=started))}</p>')
    out.append('<ol class="ranks">' + "".join(rows) + "</ol>")
    if r.finished and (tied := r.tie_at(cut_of(t, rnd))) is not None:
        tie = _("tied: {players}").format(players=names_words(list(tied)))
        out.append(f'<p class="outcome tied">{_e(tie)}</p>')
    if wait and not r.problem and not (r.finished and r.tie_at(cut_of(t, rnd))):
        out.append(f'<p class="outcome wait">{hint(wait)}</p>')
    out.append("</article>")
    return "".join(out)


def player_path(name: str) -> str:
    """The address of a player's own page on the tournament's board: ``/p/NAME``."""
    return "/p/" + quote(name, safe="")


def player_main(
    t: Tournament,
    res: Mapping[str, Result],
    games: Mapping[str, Progress | str | None],
    name: str,
    now: datetime | None = None,
) -> list[str] | None:
    """A player's own page (``/p/NAME``): where they sit now (the round, the table, the
    seat, who deals first), their table as the hall sees it, and where they go next;
    once the next round is seated, its table is where they sit now. ``None`` when
    ``name`` (exactly, else ignoring case) plays no table of the tournament."""
    player = next((p for p in t.players if p == name), None) or next(
        (p for p in t.players if p.casefold() == name.casefold()), None
    )
    seated = [(r, x) for r in ordered_rounds(t) for x in r.tables if player in x.players]
    if player is None or not seated:
        return None
    rnd, table = seated[-1]
    prog, r = games.get(table.game), res[table.game]
    first = prog.game.players[prog.game.first_dealer] if isinstance(prog, Progress) else None
    where = _("{round}: table {game}, seat {seat} of {seats}.").format(
        round=t.round_title(rnd),
        game=table.game,
        seat=table.players.index(player) + 1,
        seats=len(table.players),
    )
    # the table's id kept whole on a phone's narrow line
    whole = f'<span class="id">{_e(table.game)}</span>'
    out = ['<section class="me">', f"<h2>{_e(player)}</h2>"]
    out.append(f'<p class="where">{_e(where).replace(_e(table.game), whole, 1)}</p>')
    if first is not None:
        deals = _("{player} deals first.").format(player=first)
        out.append(f'<p class="deals">{_e(deals)}</p>')
    out.append("</section>")
    on = going_on(t, rnd, res)
    out.append(_card(t, rnd, table, r, prog, on, now or datetime.now(UTC), me=player))
    out.append(f'<p class="after">{_e(_after(t, rnd, r, player, on[table.game]))}</p>')
    return out


def _after(t: Tournament, rnd: Round, r: Result, player: str, on: list[str]) -> str:
    """Where a player goes once their table is finished, until the next round is seated."""
    cut = cut_of(t, rnd)
    if not r.finished:
        return _("When your table is finished, this page says where you go next.")
    if t.stage_of(rnd).final:
        if player in on:
            return _("You win {round}!").format(round=t.round_title(rnd))
        if not on:
            return _("Tied for the win: the organiser decides.")
        return _("{round} is over: {who} wins it.").format(round=t.round_title(rnd), who=on[0])
    if player in on:
        nxt = Round(rnd.bracket, rnd.stage + 1, ())
    elif player not in r.out(cut):
        return _("Tied for a place that goes on: the organiser decides.")
    elif rnd.stage == 1 and rnd.bracket is Bracket.MAIN and t.losers_bracket:
        nxt = Round(Bracket.LOSERS, rnd.stage + 1, ())
    else:
        return _("Your tournament ends here. Thank you for playing!")
    return _(
        "You go on to {round}: it is seated once every table of this round is finished, "
        "and this page then shows your table."
    ).format(round=t.round_title(nxt))


def since_words(ago: timedelta, *, started: bool = True) -> str:
    """How long since a table's last entry ("last entry 4 min ago"), or, before its
    first, since it was seated ("seated 4 min ago")."""
    minutes = max(0, int(ago.total_seconds() // 60))
    if minutes < 1:
        return _("last entry just now") if started else _("seated just now")
    if minutes < 60:
        if started:
            return _("last entry {minutes} min ago").format(minutes=minutes)
        return _("seated {minutes} min ago").format(minutes=minutes)
    hours, minutes = divmod(minutes, 60)
    if started:
        return _("last entry {hours} h {minutes} min ago").format(hours=hours, minutes=minutes)
    return _("seated {hours} h {minutes} min ago").format(hours=hours, minutes=minutes)


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
        out_of = [p for table in rnd.tables for p in res[table.game].out(cut)]
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
    for stage in t.plan_of(bracket):
        rnd = seated.get(stage.number, Round(bracket, stage.number, ()))
        if not rnd.tables:
            cls, state = "later", _("to come")
        elif all(res[table.game].finished for table in rnd.tables):
            cls, state = "done", _("finished")
        else:
            cls, state = "playing", _("playing")
        out.append(f'<li class="{cls}"><b>{_e(t.round_title(rnd))}</b> · {_e(state)}')
        out.append(f'<span class="format">{_e(stage_words(stage))}</span>')
        if stage.final and rnd.tables:
            final = rnd.tables[0]
            out.append(f'<span class="who">{_e(", ".join(final.players))}</span>')
            won = going_on(t, rnd, res)[final.game]
            if won:
                out.append(f'<span class="who won">{_e(going_on_words(won, True))}</span>')
        out.append("</li>")
    out.append("</ol></section>")
    return out


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
