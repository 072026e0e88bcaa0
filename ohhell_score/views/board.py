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

The pages are templates (``board.html`` around ``game-main.html`` or
``tournament-main.html``, with ``card.html``, ``round.html``, ``bracket.html`` and the
exported sheet's ``sheet.html`` and ``chart.html``), which escape every value: this
module works out what they show, as plain values. The sheet, the chart and their notes
are html.py's and words.py's, as on an exported sheet.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from ohhell_score.domain.game import Progress, Step
from ohhell_score.domain.rules import Suit, TrumpMethod
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
from ohhell_score.i18n import _, ngettext
from ohhell_score.views.export import result_words
from ohhell_score.views.html import game_chart, sheet_view
from ohhell_score.views.pages import part, render
from ohhell_score.views.sheet import sheet, standings
from ohhell_score.views.tournament import TAKEN_OVER, going_on_words, next_line, place_labels
from ohhell_score.views.words import (
    balance_words,
    names_words,
    next_words,
    trump_fact,
)


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


class Crown(NamedTuple):
    champion: str
    second: str


class Card(NamedTuple):
    """One table's card: its game, state (``finished``, ``problem``, ``playing``) and
    where it is in words, whether it was taken over on this laptop (in words, or ""),
    its players best first (place, name, classes, leader, total, going on) and a tie
    that stops the round from going on."""

    game: str
    state: str
    words: str
    taken: str
    rows: list[tuple[str, str, str, bool, str, bool]]
    tie: str


class RoundView(NamedTuple):
    title: str
    finished: str
    cards: list[Card]
    onward: list[str]


class StageView(NamedTuple):
    cls: str
    title: str
    state: str
    format: str
    who: str
    won: str


class BracketView(NamedTuple):
    heading: str
    stages: list[StageView]


def tournament_main(
    t: Tournament,
    res: Mapping[str, Result],
    games: Mapping[str, Progress | str | None],
    taken_over: Collection[str] = (),
) -> list[str]:
    """A tournament in the hall: the champion once there is one, a card for each table
    of the round(s) being played (its hand, its players ranked by their totals, who goes
    on, taken over on this laptop), who goes on so far, and the bracket of rounds to the
    final and the losers' final. ``games``: each table's game as replayed, by id (its
    hand now)."""
    brackets = (Bracket.MAIN, Bracket.LOSERS) if t.losers_bracket else (Bracket.MAIN,)
    playing = [table.game for rnd in t.current() for table in rnd.tables]
    after = champion(t, res) is None and all(res[game].finished for game in playing)
    return _lines(
        render(
            "tournament-main.html",
            crown=_crown(t, res),
            rounds=[_round(t, rnd, res, games, taken_over) for rnd in t.current()],
            brackets=[_bracket(t, bracket, res) for bracket in brackets],
            next=next_line(t, res) if after else "",  # advance, or a tie
        )
    )


def _crown(t: Tournament, res: Mapping[str, Result]) -> Crown | None:
    """The champion, large, and the losers' final's winner, once they are decided."""
    who = champion(t, res)
    if who is None:
        return None
    loser = losers_winner(t, res)
    second = _("Losers' final: {who}.").format(who=loser) if loser else ""
    return Crown(_("Champion: {who}").format(who=who), second)


def _round(
    t: Tournament,
    rnd: Round,
    res: Mapping[str, Result],
    games: Mapping[str, Progress | str | None],
    taken_over: Collection[str] = (),
) -> RoundView:
    """A round being played: how many tables are done, a card each (who goes on
    ticked), and who goes on so far, by name."""
    done = sum(1 for table in rnd.tables if res[table.game].finished)
    count = len(rnd.tables)
    finished = ngettext(
        "{done} of {count} table finished", "{done} of {count} tables finished", count
    ).format(done=done, count=count)
    on = going_on(t, rnd, res)
    final = t.plan[rnd.stage - 1].final
    cards = [
        _card(t, rnd, table, res[table.game], games.get(table.game), on, taken_over)
        for table in rnd.tables
    ]
    return RoundView(t.round_title(rnd), finished, cards, [] if final else _onward(t, rnd, res, on))


def _card(
    t: Tournament,
    rnd: Round,
    table: Table,
    r: Result,
    prog: Progress | str | None,
    on: Mapping[str, list[str]],
    taken_over: Collection[str] = (),
) -> Card:
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
        shown = "" if total is None else str(total)
        rows.append((labels.get(p, "–"), p, cls, p in leaders, shown, p in going))
    state = "finished" if r.finished else "problem" if r.problem else "playing"
    tie = ""
    if not going and r.finished and (tied := r.tie_at(cut_of(t, rnd))) is not None:
        tie = _("tied: {players}").format(players=names_words(list(tied)))
    taken = _(TAKEN_OVER) if table.game in taken_over else ""
    return Card(table.game, state, _table_state(r, prog), taken, rows, tie)


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
    return [
        _("To {round}: {players}").format(round=t.round_title(nxt), players=", ".join(players))
        for nxt, players in moves
        if players
    ]


def _bracket(t: Tournament, bracket: Bracket, res: Mapping[str, Result]) -> BracketView:
    """The rounds of one bracket to its final: each one's format and whether it is
    played, and the final's players once seated, and its winner once decided."""
    heading = _("To the final") if bracket is Bracket.MAIN else _("The losers' bracket")
    seated = {r.stage: r for r in t.rounds if r.bracket is bracket}
    first = 1 if bracket is Bracket.MAIN else 2
    stages = []
    for stage in t.plan[first - 1 :]:
        rnd = seated.get(stage.number, Round(bracket, stage.number, ()))
        if not rnd.tables:
            cls, state = "later", _("to come")
        elif all(res[table.game].finished for table in rnd.tables):
            cls, state = "done", _("finished")
        else:
            cls, state = "playing", _("playing")
        who = won = ""
        if stage.final and rnd.tables:
            final = rnd.tables[0]
            who = ", ".join(final.players)
            winners = going_on(t, rnd, res)[final.game]
            won = going_on_words(winners, True) if winners else ""
        title = t.round_title(rnd)
        stages.append(StageView(cls, title, state, _format_words(stage), who, won))
    return BracketView(heading, stages)


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
