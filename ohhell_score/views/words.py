"""Plain-words descriptions of a game, shared by the commands and the score sheet.

Plain strings only (no rich): the quick commands print these without paying for rich.
"""

from __future__ import annotations

from collections.abc import Sequence

from ohhell_score.domain.game import (
    Entry,
    HandState,
    NextStep,
    Progress,
    Step,
    dealer_forbidden,
    hand_notes,
)
from ohhell_score.domain.rules import Preset, RuleSet, Scoring, Suit, TrumpMethod
from ohhell_score.domain.rulewords import hook_words, selector_words
from ohhell_score.domain.seats import Join, Leave, Replace


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def names_words(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Dan": as a list is read aloud."""
    if len(names) <= 2:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def balance_words(hand: HandState) -> str:
    """'bids 11 for 13 tricks: under by 2' (rules.md 4: the hook keeps it from 'exact')."""
    over = hand.bids_total - hand.cards
    state = "exact" if over == 0 else f"over by {over}" if over > 0 else f"under by {-over}"
    return f"bids {hand.bids_total} for {plural(hand.cards, 'trick')}: {state}"


def bids_so_far(hand: HandState) -> str:
    """While bidding: 'Bids so far: Bob 2, Cat 3 (5 bid of 8)'."""
    bids = ", ".join(f"{p} {b}" for p, b in hand.bids.items())
    return f"Bids so far: {bids} ({hand.bids_total} bid of {hand.cards})"


def totals_words(prog: Progress) -> str:
    """'Totals after hand 5 of 23: Ann 43 ★, Bob 30, ...': seat order, leaders ★."""
    if not prog.hands_played:
        return f"No hand scored yet (of {len(prog.hands)})."
    leaders = set(prog.leaders())
    totals = ", ".join(f"{p} {prog.totals[p]}{' ★' if p in leaders else ''}" for p in prog.players)
    return f"Totals after hand {prog.hands_played} of {len(prog.hands)}: {totals}."


def trump_fact(prog: Progress, hand: HandState) -> str:
    """'Trump: hearts ♥, named by Bob' (who named it where a player does)."""
    namer = hand.trump_namer(prog.game.rules) if hand.trump_entered else None
    by = f", named by {namer}" if namer is not None and hand.trump is not None else ""
    return f"Trump: {trump_words(hand.trump)}{by}"


def hand_facts(prog: Progress, hand: HandState) -> list[str]:
    """What a paper sheet keeps of a hand besides the numbers, a line each: its trump
    and who named it, the over/under, whether the hook bound the dealer, its note."""
    facts = [f"{trump_fact(prog, hand)}; {balance_words(hand)}."]
    forbidden = dealer_forbidden(prog.game.rules, hand)
    if forbidden is not None:
        facts.append(f"The hook: {hand.dealer} (dealer) could not bid {forbidden}.")
    note = hand_notes(prog.game).get(hand.number)
    if note:
        facts.append(f"Note: {note}")
    return facts


#: The head of the over/under column.
OVER_HEAD = "±"


def over_cell(hand: HandState) -> str:
    """The bids over (+) or under (-) the tricks ("+1", "0", "-2"), once every bid is
    in; empty before."""
    if len(hand.bids) < len(hand.order):
        return ""
    return f"{hand.bids_total - hand.cards:+d}".replace("+0", "0")


def hook_mark(prog: Progress, hand: HandState) -> str:
    """† where the hook bound the hand's dealer (a bid was forbidden), else nothing."""
    return "†" if dealer_forbidden(prog.game.rules, hand) is not None else ""


def hand_mark(prog: Progress, hand: HandState) -> str:
    """After the hand's number: * where the hand was corrected after it was scored."""
    return "*" if hand.bids_corrected or hand.tricks_corrected else ""


def sheet_notes(prog: Progress, *, over: bool = True, hook: bool = True) -> list[str]:
    """The lines under a sheet, as a paper sheet's margin keeps them: who named trump,
    each hand's note, and what the marks mean (only the marks the sheet has)."""
    hands = prog.hands
    lines = []
    named = [h for h in hands if h.trump is not None and h.trump_entered]
    namers = [(h.number, h.trump_namer(prog.game.rules)) for h in named]
    if any(who is not None for _, who in namers):
        lines.append("Trump named by: " + ", ".join(f"{n} {who}" for n, who in namers if who))
    lines.extend(f"Hand {n} note: {text}" for n, text in hand_notes(prog.game).items())
    if over and any(over_cell(h) for h in hands):
        lines.append("± the bids over (+) or under (-) the tricks; † the hook bound the dealer")
    elif hook and any(hook_mark(prog, h) for h in hands):  # no ± column: † after the number
        lines.append("† the hook bound the dealer: one bid was forbidden")
    if any(h.bids_corrected or h.tricks_corrected for h in hands):
        lines.append("* a hand that was corrected after it was scored")
    return lines


def free_dealer_words(rules: RuleSet, hand: HandState) -> str | None:
    """Why the dealer, bidding last, may bid anything: 'no hook', 'hook from 6 cards',
    'the others bid 7 for 6'; None when the hook binds."""
    hook = rules.hook
    if not hook.applies(hand.cards):
        return hook_words(hook)
    others = hand.bids_total
    if hook.forbidden_bid(hand.cards, others) is None:
        return f"the others bid {others} for {hand.cards}"
    return None


def trump_words(suit: Suit | None) -> str:
    if suit is None:
        return "not known yet"
    return "no trump" if suit is Suit.NOTRUMP else f"{suit.value} {suit.symbol}"


def next_words(prog: Progress) -> str:
    """What the table does next, in one line: "Hand 3 of 23 (11 cards, Cat deals): ..."."""
    nxt = prog.next
    if nxt is None:
        winners = prog.winners
        top = prog.totals[winners[0]]
        who = names_words(winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        return f"Game over: {who} {verb} with {top}."
    total = len(prog.hands)
    head = f"Hand {nxt.hand} of {total} ({plural(nxt.cards, 'card')}, {nxt.dealer} deals)"
    return f"{head}: {step_words(prog, nxt)}"


def step_words(prog: Progress, nxt: NextStep) -> str:
    hand = prog.hands[nxt.hand - 1]
    rules = prog.game.rules
    if nxt.step is Step.TRUMP:
        method = rules.trump_method(nxt.hand)
        if method is TrumpMethod.NAMED:
            return f"{nxt.player} names trump (`ohhell trump SUIT`)"
        if method is TrumpMethod.DEALER:
            return f"{nxt.player} (dealer) names trump before the bids (`ohhell trump SUIT`)"
        if method is TrumpMethod.CUT:
            return "cut the pack: enter the trump suit (`ohhell trump SUIT`)"
        return "turn up the next card: enter its suit (`ohhell trump SUIT`)"
    if nxt.step is Step.BID:
        text = f"{nxt.player} to bid"
        if nxt.player == hand.dealer:
            free = free_dealer_words(rules, hand)
            text += " (dealer"
            if nxt.forbidden_bid is not None:
                text += f", may not bid {nxt.forbidden_bid}"
            elif free is not None:
                text += f", free: {free}"
            text += ")"
        if hand.bids:
            text += f"; {hand.bids_total} bid of {hand.cards}"
        return text
    return f"play it out, then enter the tricks ({balance_words(hand)})"


def describe_rules(rules: RuleSet, players: int | None = None) -> list[str]:
    """A rule set in plain words, a line a rule, so a table can agree on what it plays."""
    hands = rules.hands
    lines = [
        f"Hands: {len(hands)}: " + ", ".join(str(n) for n in hands) + " cards each.",
        f"Deck: {rules.deck} cards"
        + (
            " (a 52-card pack without the 2s, 3s, 4s and the 5 of clubs)."
            if rules.deck == 39
            else "."
        ),
    ]
    hook = rules.hook
    if hook.from_cards is None:
        lines.append("Hook: none; the dealer bids freely.")
    else:
        where = "" if hook.from_cards == 0 else f" on hands of {hook.from_cards} or more cards"
        lines.append(
            f"Hook{where}: the dealer, who bids last, may not make the bids add up to the "
            "cards dealt."
        )
    lines.append("Trump: " + _trump_words(rules))
    lines.append(f"Scoring: {rules.scoring.description}.")
    lines.append(
        "Each hand: the player left of the dealer bids first and leads; the deal passes "
        "clockwise. Highest total wins; equal totals share the win."
    )
    return lines


def _trump_words(rules: RuleSet) -> str:
    trump = rules.trump
    text = f"{trump.method.description}."
    if trump.method is TrumpMethod.SCHEDULE:
        cycle = ", ".join(
            trump_words(s).split(" ")[0] if s is not Suit.NOTRUMP else "no trump"
            for s in trump.schedule
        )
        text = f"{trump.method.description}: {cycle}."
    for selector, method in trump.exceptions:
        text += f" Except {selector_words(selector.text)}: {exception_words(method)}."
    return text


def exception_words(method: TrumpMethod) -> str:
    """A trump exception's method: "no trump" says it all for ``none``."""
    return "no trump" if method is TrumpMethod.NONE else method.description


def scoring_words(scoring: Scoring) -> str:
    """A scheme by its name ("standard scoring"); a formula in words."""
    return f"{scoring.name} scoring" if scoring.name else f"scoring: {scoring.sheet_note}"


def scheme_words(scoring: Scoring) -> str:
    """A scheme by its name ("exact"); a formula by what it scores."""
    return scoring.name or f"the formula {scoring.text!r} ({scoring.sheet_note})"


def trump_note(rules: RuleSet) -> str:
    """The trump note under a printed sheet, with the hands that are played otherwise."""
    note = rules.trump.method.sheet_note
    for selector, method in rules.trump.exceptions:
        words = "no trump" if method is TrumpMethod.NONE else method.sheet_note
        note += f"; {selector_words(selector.text)}: {words}"
    return note


def preset_line(p: Preset) -> str:
    return f"{p.name}: {p.summary} ({p.source}; {p.usual_players} players)"


# --- seats that change ----------------------------------------------------------------


def change_words(prog: Progress, change: Entry) -> str:
    """A seat change as a table says it: "Dan takes Bob's seat from hand 5, with Bob's
    42 points", "Cat leaves after hand 7 with 52 (cannot win)"."""
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
        carry = f", with {change.old}'s {plural(moved, 'point')}" if moved is not None else ""
        return f"{change.new} takes {change.old}'s seat from hand {change.hand}{carry}"
    if isinstance(change, Leave):
        when = f"after hand {played}" if played else "before hand 1"
        kept = prog.running[played - 1].get(change.player, 0) if played else 0
        return f"{change.player} leaves {when} with {kept} (a player who left cannot win)"
    if isinstance(change, Join):
        start = f", starting at {change.score}" if change.score else ""
        return f"{change.player} joins after {change.after} from hand {change.hand}{start}"
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
            marks[(e.hand, e.old)] = f"→ {e.new}"
        elif isinstance(e, Leave):
            marks[(e.hand, e.player)] = "left"
    return marks


def away_words(prog: Progress, player: str) -> str:
    """Why a player with a total is not seated now ("left after hand 7"), or ""."""
    if player in prog.players:
        return ""
    why = ""
    for e in prog.game.entries:
        if isinstance(e, Replace) and e.old == player:
            why = f"gave the seat to {e.new} after hand {e.hand - 1}"
        elif isinstance(e, Leave) and e.player == player:
            why = f"left after hand {e.hand - 1}"
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
