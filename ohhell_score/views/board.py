"""The live board's page (``ohhell board``): the hand now, the totals, the sheet; and a
tournament's (``--tournament``): a card for each table of the round, who goes on, the
bracket and the champion.

One HTML document, whole when served: inline CSS, no font, image or script from
anywhere else. A phone first (360 px wide, large type, dark when the phone is), and a
hall view for a TV or a projector (``hall``: large type, the hand and the totals beside
the sheet; a tournament's bracket beside its tables, eight tables on one screen). The
script (``templates/board.js``, inline) follows ``/events?page``, whose every event
carries the page's ``<main>``, and puts it in place of the old one, so the server is the
one renderer of the sheet and of the tables; it says when the laptop is lost or the
board full, and picks up again.

The page is a template (``board.html``), and so is a game's ``<main>`` with its entry
controls (``game-main.html``, ``entry.html`` and the exported sheet's ``sheet.html``
and ``chart.html``), which escape every value: this module works out what they show,
as plain values. A tournament's hall, the director's view and a player's page are
still drawn here as strings, each name through ``_e``. The sheet, the chart and their
notes are html.py's and words.py's, as on an exported sheet.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from datetime import UTC, datetime, timedelta
from html import escape
from statistics import median
from typing import NamedTuple
from urllib.parse import quote

from ohhell_score.domain.game import Progress, Step
from ohhell_score.domain.rules import Suit, TrumpMethod
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
from ohhell_score.views.html import game_chart, sheet_view
from ohhell_score.views.pages import part, render
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
    """The hall's cards, the director's view and a player's page, still drawn here as
    HTML strings: every name and word through ``html.escape``."""
    return escape(str(text), quote=True)


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
    """The whole page around ``main`` (its HTML lines, drawn by ``game_main``,
    ``tournament_main`` or ``error_main``); ``tournament``: a tournament's.

    ``entry`` says what this phone may do (the board's entry routes decide): "" the
    board is read-only, ``code`` it takes entries once the table's code is given (the
    page asks for it), ``entered`` this phone may enter; ``confirm``: tricks entered
    are held for another phone to confirm; ``held_here``: the tricks held now were
    entered on this phone.
    The page's body carries them as ``data-entry``, ``data-confirm`` and
    ``data-held-here``, which the script reads, and ``entry`` as a class
    (``entry-code``, ``entry-entered``), which the style reads. The hall (a TV) enters
    nothing."""
    if hall:
        entry = ""
    return render(
        "board.html",
        title=f"{_('Oh Hell')} · {title}",
        body_class=("hall" if hall else "phone") + (f" entry-{entry}" if entry else ""),
        tournament=tournament,
        lost=_("The scorer's laptop cannot be reached; trying again…"),
        other_href="/" if hall else "/?view=hall",
        other=_("Phone view") if hall else _("Hall view"),
        main=part("\n".join(main)),
        entry=entry,
        confirm=confirm,
        held_here=held_here and bool(entry),
        words=_entry_words() if entry else {},
    )


def _entry_words() -> dict[str, str]:
    """What the page says about entering, and what its script says (``words``)."""
    return {
        "enter": _("Enter"),
        "code": _("The table's code (six digits, on the scorer's screen)"),
        "go": _("Go"),
        "changed": _("the game changed: look again"),
        "unsent": _("Not sent: the scorer's laptop cannot be reached."),
        "sum": _("{sum} of {cards} tricks"),
    }


def _lines(html: str) -> list[str]:
    return html.rstrip("\n").split("\n")


def error_main(error: str) -> list[str]:
    """What the page shows of a game that cannot be read (deleted, damaged)."""
    return _lines(render("error-main.html", error=error))


class Now(NamedTuple):
    """The hand being played, large: which, trump, who is to bid or name trump (and
    whether the dealer's bid is bound), the bids so far. ``next`` is "" once the game
    is over (``hand`` then says how it ended)."""

    hand: str
    trump: str = ""
    next: str = ""
    forbidden: bool = False
    bids: tuple[tuple[str, int], ...] = ()
    waiting: tuple[str, ...] = ()
    so_far: str = ""


class Totals(NamedTuple):
    """The totals, best first: place, player, leader or not, total, what the last hand
    gave."""

    heading: str
    this_hand: str
    rows: list[tuple[str, str, bool, int, str]]
    result: str


def game_main(
    prog: Progress,
    *,
    entry: bool = False,
    held: Mapping[str, int] | None = None,
    version: str = "",
) -> list[str]:
    """A game: the hand now, the entry controls on a board that takes entries
    (``entry``; ``held``: the tricks held for confirmation; ``version``: the game's,
    which an entry names), the totals, the sheet, its notes and the chart."""
    sh = sheet(prog)
    return _lines(
        render(
            "game-main.html",
            now=_now(prog),
            entry=entry_view(prog, held, version) if entry else None,
            totals=_totals(prog),
            sheet=sheet_view(prog),
            notes=[*sh.notes(over=False), *sh.seat_notes],
            chart=game_chart(prog) if prog.hands_played else None,
        )
    )


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


def _now(prog: Progress) -> Now:
    """The hand being played, large: which, who deals, trump, who is to bid and what."""
    nxt = prog.next
    if nxt is None:
        return Now(next_words(prog))
    hand = prog.hands[nxt.hand - 1]
    text, forbidden = _next_step(prog)
    now = Now(_hand_words(prog), trump_fact(prog, hand), text, forbidden)
    if hand.bids or nxt.step is Step.BID:
        so_far = _("bid {bids} of {cards} so far").format(bids=hand.bids_total, cards=hand.cards)
        waiting = tuple(p for p in hand.order if p not in hand.bids)
        now = now._replace(bids=tuple(hand.bids.items()), waiting=waiting, so_far=so_far)
    return now


def _next_step(prog: Progress) -> tuple[str, bool]:
    """What the table waits for, in the words of the table, not of commands; and
    whether it is a dealer bound by the hook (said in red)."""
    nxt = prog.next
    assert nxt is not None
    hand = prog.hands[nxt.hand - 1]
    if nxt.step is Step.TRUMP:
        method = prog.game.rules.trump_method(nxt.hand)
        if method is TrumpMethod.NAMED:
            return _("{player} names trump").format(player=nxt.player), False
        if method is TrumpMethod.DEALER:
            text = _("{player} (dealer) names trump before the bids").format(player=nxt.player)
            return text, False
        if method is TrumpMethod.CUT:
            return _("The pack is cut for trump"), False
        return _("The next card is turned up for trump"), False
    if nxt.step is Step.BID:
        if nxt.forbidden_bid is not None:
            text = _("{player} to bid (dealer, may not bid {forbidden})").format(
                player=nxt.player, forbidden=nxt.forbidden_bid
            )
            return text, True
        if nxt.player == hand.dealer:
            return _("{player} to bid (dealer)").format(player=nxt.player), False
        return _("{player} to bid").format(player=nxt.player), False
    return _("Playing the hand: {balance}").format(balance=balance_words(hand)), False


class EntryView(NamedTuple):
    """The controls of the step the game waits for (``step``: bid, trump, tricks, or ""
    once the game is over), with every word they say and what each button sends."""

    step: str
    hand: int
    version: str
    heading: str = ""
    bids: tuple[tuple[int, bool, object], ...] = ()  # number, forbidden, what to send
    forbidden: str = ""
    suits: tuple[tuple[str, str, bool, object], ...] = ()  # symbol, name, red, send
    order: tuple[tuple[str, str], ...] = ()  # the players in bidding order, their bid
    cards: int = 0
    held: str = ""  # the tricks held, in words, for the phones that confirm them
    waiting: str = ""  # the same, for the phone that entered them
    confirm: str = ""
    not_right: str = ""
    less: str = ""
    more: str = ""
    score: str = ""
    undo: str = ""
    again: str = ""


def entry_view(prog: Progress, held: Mapping[str, int] | None, version: str) -> EntryView:
    """What a phone may enter now, and in which words."""
    nxt = prog.next
    view = EntryView(
        "",
        0,
        version,
        undo=_("Undo the last entry") if prog.game.entries else "",
        again=_("Tap again to undo"),
    )
    if nxt is None:
        return view
    hand = prog.hands[nxt.hand - 1]
    view = view._replace(step=nxt.step.value, hand=nxt.hand)
    if nxt.step is Step.BID:
        assert nxt.player is not None
        bids = tuple(
            (n, n == nxt.forbidden_bid, {"bids": {nxt.player: n}}) for n in range(nxt.cards + 1)
        )
        return view._replace(
            heading=_("{player} bids:").format(player=nxt.player),
            bids=bids,
            forbidden=_("the dealer may not bid {forbidden}").format(forbidden=nxt.forbidden_bid),
        )
    if nxt.step is Step.TRUMP:
        rules = prog.game.rules
        suits = [s for s in Suit if s is not Suit.NOTRUMP or rules.allows_notrump_entry(nxt.hand)]
        red = (Suit.HEARTS, Suit.DIAMONDS)
        choices = tuple((s.symbol, s.words, s in red, {"trump": s.value}) for s in suits)
        return view._replace(heading=_trump_heading(prog), suits=choices)
    view = view._replace(
        heading=_("Tricks taken"),
        order=tuple(
            (p, _("bid {bid}").format(bid=hand.bids[p]) if p in hand.bids else "")
            for p in hand.order
        ),
        cards=nxt.cards,
        confirm=_("Confirm"),
        not_right=_("Not right"),
        less=_("one trick less:"),
        more=_("one trick more:"),
        score=_("Score the hand"),
    )
    if held:
        said = ", ".join(f"{p} {t}" for p, t in held.items())
        view = view._replace(
            held=_("Entered on another phone: {tricks}").format(tricks=said),
            waiting=_("waiting for another phone to confirm: {tricks}").format(tricks=said),
        )
    return view


def _trump_heading(prog: Progress) -> str:
    """Who names trump, or which card shows it."""
    nxt = prog.next
    assert nxt is not None
    method = prog.game.rules.trump_method(nxt.hand)
    if method is TrumpMethod.UPCARD:
        return _("The suit of the card turned up")
    if method is TrumpMethod.CUT:
        return _("The suit of the cut card")
    return _("Trump named by {player}").format(player=nxt.player)


def _totals(prog: Progress) -> Totals:
    """The totals, best first, the leaders starred, each with what the last hand gave."""
    scored = [h for h in prog.hands if h.scored]
    last = scored[-1] if scored else None
    leaders = set(prog.leaders()) if scored else set()
    heading = _("Totals after hand {hand}").format(hand=last.number) if last else _("Totals")
    rows = []
    for st in standings(prog):
        p = st.player
        delta = f"{last.scores[p]:+d}" if last is not None and p in last.scores else ""
        place = f"{st.place}." if st.place else "–"
        rows.append((place, p, p in leaders, st.total, delta))
    return Totals(heading, _("this hand"), rows, result_words(prog))
