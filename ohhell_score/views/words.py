"""Plain-words descriptions of a game, shared by the commands and the score sheet.

Plain strings only (no rich): the quick commands print these without paying for rich.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ohhell_score.domain import forms
from ohhell_score.domain.game import (
    Adjust,
    Entry,
    HandState,
    NextStep,
    Progress,
    Step,
    Tricks,
    dealer_forbidden,
    describe_entry,
    hand_notes,
)
from ohhell_score.domain.rules import (
    MIN_PLAYERS,
    PACK,
    Preset,
    RuleSet,
    Scoring,
    Suit,
    TrumpMethod,
)
from ohhell_score.domain.rulewords import hook_words, selector_words, suit_name
from ohhell_score.domain.seats import Carried, Join, Leave, Replace
from ohhell_score.i18n import N_, _, ngettext


def names_words(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Dan": as a list is read aloud."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def balance_words(hand: HandState) -> str:
    """'bids 11 for 13 tricks: under by 2' (rules.md 4: the hook keeps it from 'exact')."""
    over = hand.bids_total - hand.cards
    if over == 0:
        state = _("exact")
    elif over > 0:
        state = _("over by {count}").format(count=over)
    else:
        state = _("under by {count}").format(count=-over)
    return ngettext(
        "bids {bids} for {count} trick: {state}",
        "bids {bids} for {count} tricks: {state}",
        hand.cards,
    ).format(bids=hand.bids_total, count=hand.cards, state=state)


def bids_so_far(hand: HandState) -> str:
    """While bidding: 'Bids so far: Bob 2, Cat 3 (5 bid of 8)'."""
    bids = ", ".join(f"{p} {b}" for p, b in hand.bids.items())
    return _("Bids so far: {bids} ({bids_total} bid of {cards})").format(
        bids=bids, bids_total=hand.bids_total, cards=hand.cards
    )


def totals_words(prog: Progress) -> str:
    """'Totals after hand 5 of 23: Ann 43 ★, Bob 30, ...': seat order, leaders ★."""
    if not prog.hands_played:
        return _("No hand scored yet (of {hands}).").format(hands=len(prog.hands))
    leaders = set(prog.leaders())
    totals = ", ".join(f"{p} {prog.totals[p]}{' ★' if p in leaders else ''}" for p in prog.players)
    return _("Totals after hand {played} of {total}: {totals}.").format(
        played=prog.hands_played, total=prog.planned, totals=totals
    )


def trump_fact(prog: Progress, hand: HandState) -> str:
    """'Trump: hearts ♥, named by Bob' (who named it where a player does)."""
    namer = hand.trump_namer(prog.game.rules) if hand.trump_entered else None
    by = (
        _(", named by {namer}").format(namer=namer)
        if namer is not None and hand.trump is not None
        else ""
    )
    return _("Trump: {trump}{named_by}").format(trump=trump_words(hand.trump), named_by=by)


def hand_facts(prog: Progress, hand: HandState) -> list[str]:
    """What a paper sheet keeps of a hand besides the numbers, a line each: its trump
    and who named it, the over/under, whether the hook bound the dealer, its note."""
    facts = [f"{trump_fact(prog, hand)}; {balance_words(hand)}."]
    forbidden = dealer_forbidden(prog.game.rules, hand)
    if forbidden is not None:
        facts.append(
            _("The hook: {dealer} (dealer) could not bid {forbidden}.").format(
                dealer=hand.dealer, forbidden=forbidden
            )
        )
    note = hand_notes(prog.game).get(hand.number)
    if note:
        facts.append(_("Note: {note}").format(note=note))
    return facts


#: The head of the over/under column.
OVER_HEAD = "±"


def over_cell(hand: HandState) -> str:
    """The bids over (+) or under (-) the tricks ("+1", "0", "-2"), once every bid is
    in; empty before."""
    if len(hand.bids) < len(hand.order):
        return ""
    return f"{hand.bids_total - hand.cards:+d}".replace("+0", "0")


def over_words(hand: HandState) -> str:
    """The same with a word ("1 over", "2 under", "exact"), short enough for a column of
    its own where a bare figure beside the cards read as a sum ("10 -1"); empty before
    every bid is in."""
    if not over_cell(hand):
        return ""
    over = hand.bids_total - hand.cards
    if over == 0:
        return _("exact")
    if over > 0:
        return _("{count} over").format(count=over)
    return _("{count} under").format(count=-over)


def hook_mark(prog: Progress, hand: HandState) -> str:
    """† where the hook bound the hand's dealer (a bid was forbidden), else nothing."""
    return "†" if dealer_forbidden(prog.game.rules, hand) is not None else ""


def hand_mark(prog: Progress, hand: HandState) -> str:
    """After the hand's number: * where the hand was corrected after it was scored, !
    where points were adjusted in it (``adjust``)."""
    corrected = "*" if hand.bids_corrected or hand.tricks_corrected else ""
    return corrected + ("!" if hand.adjustments else "")


def free_dealer_words(rules: RuleSet, hand: HandState) -> str | None:
    """Why the dealer, bidding last, may bid anything: 'no hook', 'hook from 6 cards',
    'the others bid 7 for 6'; None when the hook binds."""
    hook = rules.hook
    if not hook.applies(hand.cards):
        return hook_words(hook)
    others = hand.bids_total
    if hook.forbidden_bid(hand.cards, others) is None:
        return _("the others bid {others} for {cards}").format(others=others, cards=hand.cards)
    return None


def trump_words(suit: Suit | None) -> str:
    if suit is None:
        return _("not known yet")
    return suit_name(suit) if suit is Suit.NOTRUMP else f"{suit_name(suit)} {suit.symbol}"


def finished_words(prog: Progress) -> str:
    """A finished game as the table says it: "finished", or "finished after hand 12 of
    19" when it stopped early (``finish``)."""
    if prog.stopped_early:
        return _("finished after hand {played} of {planned}").format(
            played=len(prog.hands), planned=prog.planned
        )
    return _("finished")


def adjustment_words(adjust: Adjust) -> str:
    """An adjustment as a hand's row says it: "Bob -10 (revoke)"."""
    with_reason = _("{player} {points:+d} ({reason})")
    text = with_reason if adjust.reason else _("{player} {points:+d}")
    return text.format(player=adjust.player, points=adjust.points, reason=adjust.reason)


def adjust_words(adjust: Adjust) -> str:
    """An adjustment in one line: "Points adjusted in hand 3: Bob -10 (revoke)"."""
    return _("Points adjusted in hand {hand}: {adjustment}").format(
        hand=adjust.hand, adjustment=adjustment_words(adjust)
    )


def next_words(prog: Progress, typed: Mapping[str, int] | None = None) -> str:
    """What the table does next, in one line: "Hand 3 of 23 (11 cards, Cat deals): ...";
    ``typed``: the tricks `play` kept of the hand being scored, said as in."""
    nxt = prog.next
    if nxt is None:
        winners = prog.winners
        top = prog.totals[winners[0]]
        who = names_words(winners)
        if prog.stopped_early:
            over = _("Game over ({finished}):").format(finished=finished_words(prog))
        else:
            over = _("Game over:")
        if len(winners) > 1:
            return _("{over} {who} share the win with {top}.").format(over=over, who=who, top=top)
        return _("{over} {who} wins with {top}.").format(over=over, who=who, top=top)
    total = len(prog.hands)
    head = ngettext(
        "Hand {hand} of {total} ({count} card, {dealer} deals)",
        "Hand {hand} of {total} ({count} cards, {dealer} deals)",
        nxt.cards,
    ).format(hand=nxt.hand, total=total, count=nxt.cards, dealer=nxt.dealer)
    return f"{head}: {step_words(prog, nxt, typed)}"


def step_words(prog: Progress, nxt: NextStep, typed: Mapping[str, int] | None = None) -> str:
    hand = prog.hands[nxt.hand - 1]
    rules = prog.game.rules
    if nxt.step is Step.TRUMP:
        method = rules.trump_method(nxt.hand)
        if method is TrumpMethod.NAMED:
            return _("{player} names trump (`ohhell trump SUIT`)").format(player=nxt.player)
        if method is TrumpMethod.DEALER:
            return _("{player} (dealer) names trump before the bids (`ohhell trump SUIT`)").format(
                player=nxt.player
            )
        if method is TrumpMethod.CUT:
            return _("cut the pack: enter the trump suit (`ohhell trump SUIT`)")
        return _("turn up the next card: enter its suit (`ohhell trump SUIT`)")
    if nxt.step is Step.BID:
        text = _("{player} to bid").format(player=nxt.player)
        if nxt.player == hand.dealer:
            free = free_dealer_words(rules, hand)
            if nxt.forbidden_bid is not None:
                text = _("{player} to bid (dealer, may not bid {forbidden})").format(
                    player=nxt.player, forbidden=nxt.forbidden_bid
                )
            elif free is not None:
                text = _("{player} to bid (dealer, free: {free})").format(
                    player=nxt.player, free=free
                )
            else:
                text = _("{player} to bid (dealer)").format(player=nxt.player)
        if hand.bids:
            text += "; " + _("{bids} bid of {cards}").format(bids=hand.bids_total, cards=hand.cards)
        return text
    if typed:
        return typed_words(hand, typed)
    return _("play it out, then enter the tricks ({balance_words})").format(
        balance_words=balance_words(hand)
    )


def describe_rules(rules: RuleSet) -> list[str]:
    """A rule set in plain words, a line a rule, so a table can agree on what it plays."""
    hands = rules.hands
    lines = [
        _("Hands: {count}: {cards} cards each.").format(
            count=len(hands), cards=", ".join(str(n) for n in hands)
        ),
        _("Deck: {deck} cards").format(deck=rules.deck)
        + (
            _(" (a 52-card pack without the 2s, 3s, 4s and the 5 of clubs).")
            if rules.deck == 39
            else "."
        ),
    ]
    hook = rules.hook
    if hook.from_cards is None:
        lines.append(_("Hook: none; the dealer bids freely."))
    else:
        where = (
            ""
            if hook.from_cards == 0
            else _(" on hands of {from_cards} or more cards").format(from_cards=hook.from_cards)
        )
        lines.append(
            _(
                "Hook{where}: the dealer, who bids last, may not make the bids add up to "
                "the cards dealt."
            ).format(where=where)
        )
    lines.append(_("Trump: {how}").format(how=_trump_words(rules)))
    lines.append(_("Scoring: {description}.").format(description=rules.scoring.description))
    lines.append(
        _(
            "Each hand: the player left of the dealer bids first and leads; the deal "
            "passes clockwise. Highest total wins; equal totals share the win."
        )
    )
    return lines


def _trump_words(rules: RuleSet) -> str:
    trump = rules.trump
    text = f"{trump.method.description}."
    if trump.method is TrumpMethod.SCHEDULE:
        cycle = ", ".join(suit_name(s) for s in trump.schedule)
        text = f"{trump.method.description}: {cycle}."
    for selector, method in trump.exceptions:
        text += " " + _("Except {hands}: {how}.").format(
            hands=selector_words(selector.text), how=exception_words(method)
        )
    return text


def exception_words(method: TrumpMethod) -> str:
    """A trump exception's method: "no trump" says it all for ``none``."""
    return _("no trump") if method is TrumpMethod.NONE else method.description


def scheme_words(scoring: Scoring) -> str:
    """A scheme by its name ("exact"); a formula by what it scores."""
    if scoring.name:
        return scoring.name
    return _("the formula {text!r} ({how})").format(text=scoring.text, how=scoring.sheet_note)


def trump_note(rules: RuleSet) -> str:
    """The trump note under a printed sheet, with the hands that are played otherwise."""
    note = rules.trump.method.sheet_note
    for selector, method in rules.trump.exceptions:
        words = _("no trump") if method is TrumpMethod.NONE else method.sheet_note
        note += f"; {selector_words(selector.text)}: {words}"
    return note


def preset_line(p: Preset) -> str:
    return _("{name}: {summary} ({source}; players: {players})").format(
        name=p.name, summary=preset_summary(p), source=_(p.source), players=players_words(p)
    )


def preset_summary(p: Preset) -> str:
    """A preset's one line (a house rule's: what it changes), in the reader's language."""
    if p.house is not None:
        return _("house rule: {summary}").format(summary=p.house.summary())
    return forms.preset_summary(p.name)


def players_words(p: Preset) -> str:
    """How many the rules deal to, on their deck and on two packs, and the table their
    source plays: "3 to 5 (up to 10 with --decks 2), usually 4"."""
    most = p.most_players()
    seats = _("{low} to {high}").format(low=MIN_PLAYERS, high=most)
    if p.rules.deck < 2 * PACK and (more := p.most_players(2)) > most:
        seats = _("{low} to {high} (up to {more} with --decks 2)").format(
            low=MIN_PLAYERS, high=most, more=more
        )
    return _("{seats}, usually {usual}").format(seats=seats, usual=_(p.usual_players))


def typed_words(hand: HandState, typed: Mapping[str, int]) -> str:
    """The tricks typed in `play` so far, and whose are still to come: "tricks in: Bob 2;
    Cat and Ann to come (bids 2 for 3 tricks: under by 1)"."""
    return _("tricks in: {typed}; {rest} to come ({balance_words})").format(
        typed=", ".join(f"{p} {t}" for p, t in typed.items()),
        rest=names_words(hand.order[len(typed) :]),
        balance_words=balance_words(hand),
    )


#: What `ohhell` alone says when there is no game to go on with (translated where said).
NO_GAME_YET = N_(
    "No game yet. Start one: `ohhell play` asks for the players and the rules, then "
    "asks for each bid and the tricks (or `ohhell new Ann Bob Cat Dan --rules cartier`).\n"
    "`ohhell --help` lists every command."
)


def status_words(prog: Progress, typed: Mapping[str, int] | None = None) -> str:
    """What `ohhell` alone says: the current game in one line, then the command to type
    next (every way of going on ends in `ohhell play`, which asks). ``typed``: the tricks
    `play` kept of the hand being scored (actions/table.py), said as in."""
    rules = prog.game.rules
    nxt = prog.next
    now = next_words(prog, typed)
    head = f"{prog.game.id} ({', '.join(prog.game.players)}; {rules.preset}): {now}"
    if typed and nxt is not None and nxt.step is Step.TRICKS:
        then = _(
            "`ohhell play` asks for {player}'s tricks (or `ohhell tricks N...` for every player)"
        ).format(player=prog.hands[nxt.hand - 1].order[len(typed)])
    elif nxt is None:
        then = _("`ohhell show` for the sheet, or `ohhell play` for a new game")
    elif nxt.step is Step.BID:
        then = _("`ohhell bid N...` from {player} on, or `ohhell play`").format(player=nxt.player)
    elif nxt.step is Step.TRUMP:
        then = _("`ohhell trump SUIT`, or `ohhell play`")
    else:
        then = _("`ohhell tricks N...` in bidding order (or NAME=N...), or `ohhell play`")
    return _("{head}\nNext: {then}. `ohhell --help` lists every command.").format(
        head=head, then=then
    )


# --- seats that change ----------------------------------------------------------------


def change_words(prog: Progress, change: Entry) -> str:
    """A seat change as a table says it: "Dan takes Bob's seat from hand 5, with Bob's
    42 points", "Cat leaves after hand 7 with 52 (cannot win)". (What undo says it
    took back is ``domain.seats.describe_change``: stored in the game file's history.)"""
    played = change.hand - 1
    if isinstance(change, Replace):
        moved = next(
            (
                c.points
                for c in prog.carried
                if (c.giver, c.taker, c.after_hand) == (change.old, change.new, played)
            ),
            None,
        )
        if moved is None:
            text = _("{new} takes {old}'s seat from hand {hand}")
        else:
            text = ngettext(
                "{new} takes {old}'s seat from hand {hand}, with {old}'s {points} point",
                "{new} takes {old}'s seat from hand {hand}, with {old}'s {points} points",
                moved,
            )
        return text.format(new=change.new, old=change.old, hand=change.hand, points=moved)
    if isinstance(change, Leave):
        kept = prog.running[played - 1].get(change.player, 0) if played else 0
        if played:
            text = _(
                "{player} leaves after hand {played} with {kept} (a player who left cannot win)"
            )
        else:
            text = _("{player} leaves before hand 1 with {kept} (a player who left cannot win)")
        return text.format(player=change.player, played=played, kept=kept)
    if isinstance(change, Join):
        if change.score:
            text = _("{player} joins after {after} from hand {hand}, starting at {score}")
        else:
            text = _("{player} joins after {after} from hand {hand}")
        return text.format(
            player=change.player, after=change.after, hand=change.hand, score=change.score
        )
    return ""


def seat_notes(prog: Progress) -> list[str]:
    """Every seat change of the game in words, in the order made (a sheet's footnotes)."""
    return [
        change_words(prog, e) for e in prog.game.entries if isinstance(e, Replace | Leave | Join)
    ]


def seat_marks(prog: Progress) -> dict[tuple[int, str], str]:
    """What a sheet writes in the cell of a player who got up, in the row of the first
    hand without them: "left", or "→ Dan" for the one who took the seat."""
    marks: dict[tuple[int, str], str] = {}
    for e in prog.game.entries:
        if isinstance(e, Replace):
            marks[(e.hand, e.old)] = taken_by(e.new)
        elif isinstance(e, Leave):
            marks[(e.hand, e.player)] = _("left")
    return marks


def taken_by(new: str) -> str:
    """Where a seat went: "→ Dan" (after a total, "24 → Dan": the total went too)."""
    return f"→ {new}"


def handed_over(prog: Progress) -> list[dict[str, Carried]]:
    """Who had handed their seat over with their total (``seat replace --carry``) and
    not sat down again: before each hand (item k for hand k + 1) and, last, now.

    Each maps to the carry, whose points are the player's last total. That total went
    with the seat (``show --json`` gives them 0), so a sheet, a chart and the standings
    show the last total and where it went, never a 0 the player did not score.
    """
    carries = iter(prog.carried)  # one for each replace with carry, in the same order
    changes = iter(e for e in prog.game.entries if isinstance(e, Replace | Leave | Join))
    gone: dict[str, Carried] = {}
    out: list[dict[str, Carried]] = []
    change = next(changes, None)
    for number in range(1, len(prog.hands) + 2):
        while change is not None and change.hand <= number:
            if isinstance(change, Replace):
                gone.pop(change.new, None)  # someone coming back into a seat
                if change.carry:
                    gone[change.old] = next(carries)
                else:
                    gone.pop(change.old, None)
            else:
                gone.pop(change.player, None)
            change = next(changes, None)
        out.append(dict(gone))
    return out


def away_words(prog: Progress, player: str) -> str:
    """Why a player with a total is not seated now ("left after hand 7"), or ""."""
    if player in prog.players:
        return ""
    why = ""
    for e in prog.game.entries:
        if isinstance(e, Replace) and e.old == player:
            why = _("gave the seat to {new} after hand {hand}").format(new=e.new, hand=e.hand - 1)
        elif isinstance(e, Leave) and e.player == player:
            why = _("left after hand {hand}").format(hand=e.hand - 1)
    return why


def chart_points(prog: Progress) -> dict[str, list[tuple[int, int]]]:
    """Each player's (hands scored, total) over the hands they played, from the total
    they sat down with: a chart draws a player only while at the table."""
    out: dict[str, list[tuple[int, int]]] = {p: [] for p in prog.everyone}
    for k, totals in enumerate(prog.running):
        for p, score in prog.hands[k].scores.items():
            points = out[p]
            if not points or points[-1][0] != k:  # sat down (again) before this hand
                points.append((k, totals[p] - score))
            points.append((k + 1, totals[p]))
    return out


def meanwhile_words(
    before: Sequence[Entry], after: Progress, held: Mapping[str, int] | None
) -> list[str]:
    """What changed while a prompt of `play` waited (a phone's entry, another terminal's):
    the entries taken back and made since ``before``, and tricks held for confirmation."""
    now = after.game.entries
    kept = 0
    while kept < min(len(before), len(now)) and before[kept] == now[kept]:
        kept += 1
    lines = [
        _("Taken back meanwhile: {entry}.").format(entry=describe_entry(entry))
        for entry in reversed(before[kept:])
    ]
    lines += [_("Entered meanwhile: {entry}.").format(entry=_entry_words(e)) for e in now[kept:]]
    if held:
        tricks = ", ".join(f"{player} {count}" for player, count in held.items())
        lines.append(
            _("Tricks from a phone, waiting to be confirmed: {tricks}.").format(tricks=tricks)
        )
    return lines


def _entry_words(entry: Entry) -> str:
    """An entry as `play` says it: a hand's tricks with each player's."""
    if isinstance(entry, Tricks):
        tricks = ", ".join(f"{player} {count}" for player, count in entry.values)
        return _("the tricks of hand {hand} ({tricks})").format(hand=entry.hand, tricks=tricks)
    return describe_entry(entry)
