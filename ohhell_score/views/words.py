"""Plain-words descriptions of a game, shared by the commands and the score sheet.

Plain strings only (no rich): the quick commands print these without paying for rich.
"""

from __future__ import annotations

from ohhell_score.domain.game import Entry, NextStep, Progress, Step
from ohhell_score.domain.rules import Preset, RuleSet, Scoring, Suit, TrumpMethod
from ohhell_score.domain.seats import Join, Leave, Replace


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


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
        who = " and ".join(winners)
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
            text += " (dealer"
            if nxt.forbidden_bid is not None:
                text += f", may not bid {nxt.forbidden_bid}"
            text += ")"
        return text
    over = hand.bids_total - hand.cards
    balance = "exact" if over == 0 else f"over by {over}" if over > 0 else f"under by {-over}"
    return (
        f"play it out, then enter the tricks (bids {hand.bids_total} for "
        f"{plural(hand.cards, 'trick')}: {balance})"
    )


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


def selector_words(text: str) -> str:
    """A trump exception's hands in words: ``max`` is "the hands dealt the most cards"."""
    if text == "max":
        return "the hands dealt the most cards"
    if text in ("first", "last"):
        return f"the {text} hand"
    return f"hands {text}" if "-" in text else f"hand {text}"


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
