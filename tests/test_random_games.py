"""Whole random games under random legal rule sets keep the invariants of docs/rules.md.

Rule sets are a preset with random overrides (hook, hands, trump, scoring, deck, 3 to 7
players) that fit the deck. Games are played through game.py's own functions with
random legal choices. The oracles below are written from docs/rules.md, not from the domain:
dealer seat (first + k - 1) mod N, bidding from the dealer's left, the forbidden bid
n - (others) when in 0..n, the four scoring formulas, winners the highest totals; and
``sheet_json`` keeps the shape of ``show --json`` in docs/scripting.md.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell_score.domain.codec import game_text, parse_progress
from ohhell_score.domain.errors import IllegalBid, OhHellError, Refused, TricksDontAddUp
from ohhell_score.domain.game import (
    Adjust,
    Finish,
    Game,
    Progress,
    Step,
    add_bids,
    add_tricks,
    edit,
    progress,
    set_trump,
    sheet_json,
    undo,
    with_adjust,
    with_finish,
)
from ohhell_score.domain.rules import (
    PRESETS,
    RuleOptions,
    RuleSet,
    Suit,
    build_rules,
    hands_pattern,
    parse_hands,
)

NAMES = ("Ann", "Bob", "Zoë", "Ann Marie", "<b>Bo</b>", "@home", "Eve")
SUIT_NAMES = {"spades", "hearts", "diamonds", "clubs"}
SCHEDULE = {"H": "hearts", "C": "clubs", "S": "spades", "D": "diamonds", "N": "notrump"}
SCHEMES = ("standard", "exact", "minus", "progressive")


# --- random legal rule sets ------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A rule set as `ohhell new` would be asked for it, with the table it seats."""

    preset: str
    players: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any] = field(hash=False)

    def game(self) -> Game:
        rules = build_rules(self.preset, len(self.players), RuleOptions(**self.options))
        return Game("random", self.players, rules, self.first_dealer)


def hands_text(draw: st.DrawFn, largest: int) -> str:
    """A hands pattern of docs/rules.md: turning points (13-2-13, 1-7-1) or a list (7,7,6)."""
    if draw(st.booleans()):
        # now and then the hand that deals every card (docs/rules.md Trump, upcard)
        sizes = draw(st.lists(st.integers(1, largest) | st.just(largest), min_size=1, max_size=6))
        return ",".join(str(n) for n in sizes)
    points = [draw(st.integers(1, largest) | st.just(largest))]
    for _ in range(draw(st.integers(0, 2))):
        step = draw(st.integers(1, largest - 1))  # a turning point differs from the last
        points.append(step + 1 if step >= points[-1] else step)
    return "-".join(str(p) for p in points)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    count = draw(st.integers(3, 7))
    options: dict[str, Any] = {}
    deck_choice = draw(st.sampled_from(["preset", "preset", "decks2", "size63"]))
    if deck_choice == "decks2":
        options["decks"], deck = 2, 104
    elif deck_choice == "size63":
        options["deck_size"], deck = 63, 63
    else:
        deck = 39 if preset == "cartier" and count == 3 else 52
    largest = deck // count
    own_hands_fit = max(PRESETS[preset].rules.hands) <= largest
    # the preset's own (long) hands list now and then; short lists keep the suite quick
    if not own_hands_fit or draw(st.integers(0, 3)) > 0:
        options["hands"] = hands_text(draw, largest)
    hook = draw(
        st.sampled_from([None, "always", "never"]) | st.integers(1, 14).map(lambda k: f"from:{k}")
    )
    if hook is not None:
        options["hook"] = hook
    trump = draw(
        st.sampled_from([None, "named", "upcard", "cut", "dealer", "none"])
        | st.lists(st.sampled_from("HCSDN"), min_size=1, max_size=6).map(
            lambda letters: "schedule:" + ",".join(letters)
        )
    )
    if trump is None and "hands" in options and "+9=" in str(PRESETS[preset].rules.trump):
        trump = "upcard"  # boerenbridge's exception names hand 9: other hands may lack one
    if trump is not None:
        # docs/rules.md "Trump": exceptions for some hands, the first match wins
        extra = draw(st.sampled_from(["", "", "+max=none", "+first=cut+max=dealer", "+last=named"]))
        options["trump"] = trump + extra
    scoring = draw(st.sampled_from([None, *SCHEMES]))
    if scoring is not None:
        options["scoring"] = scoring
    first = draw(st.integers(0, count - 1))
    return Table(preset, NAMES[:count], first, options)


# --- the oracles: docs/rules.md, written out independently ----------------------------------


def expected_score(scheme: str, bid: int, took: int) -> int:
    """docs/rules.md "Scoring" table, and the boerenbridge preset's formula."""
    made = bid == took
    off = abs(took - bid)
    if scheme == "standard":
        return 10 + took if made else took
    if scheme == "exact":
        return 10 + bid if made else 0
    if scheme == "minus":
        return 10 + took if made else -off
    if scheme == "penalty":
        return 10 + bid if made else -bid
    if scheme == "tenfold":
        return 10 * bid if made else 0
    if scheme == "made: 5+t; missed: -d":
        return 5 + took if made else -off
    assert scheme == "progressive"
    return 10 + bid * bid if made else -(off * off)


def expected_method(trump: str, number: int, hands: list[int]) -> str:
    """docs/rules.md "Trump": the first exception whose hands hold ``number``, else the
    method."""
    method, *exceptions = trump.split("+")
    for piece in exceptions:
        selector, chosen = piece.split("=")
        if selector == "max":
            hit = hands[number - 1] == max(hands)
        elif selector in ("first", "last"):
            hit = number == (1 if selector == "first" else len(hands))
        else:
            low, _, high = selector.partition("-")
            hit = int(low) <= number <= int(high or low)
        if hit:
            return chosen
    return method.split(":")[0]


def hook_applies(hook: str, cards: int) -> bool:
    """docs/rules.md hook: always, never, from:K (n >= K)."""
    if hook in ("always", "never"):
        return hook == "always"
    return cards >= int(hook.removeprefix("from:"))


def expected_forbidden(hook: str, cards: int, others: int) -> int | None:
    """docs/rules.md 4: n - (sum of the others' bids), only if it lies in 0..n."""
    banned = cards - others
    return banned if hook_applies(hook, cards) and 0 <= banned <= cards else None


def expected_dealer(game: Game, number: int) -> str:
    """docs/rules.md 1: the dealer of hand k is seat (first + k - 1) mod N."""
    return game.players[(game.first_dealer + number - 1) % len(game.players)]


def expected_order(game: Game, number: int) -> list[str]:
    """docs/rules.md 3: from the dealer's left, clockwise; the dealer last."""
    seat = game.players.index(expected_dealer(game, number))
    n = len(game.players)
    return [game.players[(seat + 1 + i) % n] for i in range(n)]


def expected_steps(rules: RuleSet, number: int, players: int) -> list[str]:
    """docs/rules.md Trump: the order of a hand's entries per trump method."""
    bids = ["bid"] * players
    cards = rules.hands[number - 1]
    method = expected_method(str(rules.trump), number, list(rules.hands))
    if method == "named":
        return [*bids, "trump", "tricks"]
    if method == "cut" or method == "dealer":
        return ["trump", *bids, "tricks"]
    if method == "upcard" and cards * players < rules.deck:
        return ["trump", *bids, "tricks"]
    return [*bids, "tricks"]  # schedule, none, and upcard dealing every card


# --- show --json: the contract's shape -------------------------------------------------

SHEET_KEYS = {
    *("id", "rules", "players", "hands", "totals", "next", "finished", "winners"),
    *("left", "carried"),
}
RULES_KEYS = {"preset", "hook", "trump", "scoring", "hands", "deck"}
HAND_KEYS = {"number", "cards", "players", "dealer", "trump", "bids", "tricks", "scores"}
NEXT_KEYS = {"hand", "cards", "dealer", "step", "player", "forbidden_bid", "trump_namer"}


def check_sheet(game: Game, table: Table) -> dict[str, Any]:
    """docs/scripting.md `show --json`, against the oracles; returns the sheet."""
    sheet: dict[str, Any] = sheet_json(progress(game))
    assert json.loads(json.dumps(sheet)) == sheet  # plain JSON: no enums, no tuples
    assert set(sheet) == SHEET_KEYS
    rules = game.rules
    assert set(sheet["rules"]) == RULES_KEYS
    assert sheet["rules"]["preset"] == table.preset
    assert sheet["rules"]["hands"] == list(rules.hands)
    assert sheet["players"] == list(game.players)
    assert len(sheet["hands"]) == len(rules.hands)

    totals = dict.fromkeys(game.players, 0)
    first_open = None
    for number, hand in enumerate(sheet["hands"], start=1):
        assert set(hand) == HAND_KEYS
        assert (hand["number"], hand["cards"]) == (number, rules.hands[number - 1])
        assert hand["dealer"] == expected_dealer(game, number)
        assert hand["trump"] is None or hand["trump"] in {*SUIT_NAMES, "notrump"}
        order = expected_order(game, number)
        assert list(hand["bids"]) == order[: len(hand["bids"])]
        if hand["tricks"]:
            assert first_open is None, "a scored hand after an open one"
            assert list(hand["tricks"]) == list(hand["scores"]) == order
            assert sum(hand["tricks"].values()) == hand["cards"]
            for p in order:
                points = expected_score(
                    str(rules.scoring.value), hand["bids"][p], hand["tricks"][p]
                )
                assert hand["scores"][p] == points
                totals[p] += points
        else:
            assert hand["scores"] == {}
            if first_open is None:
                first_open = number
            else:
                assert hand["bids"] == {}, "bids in a hand after the current one"
    assert sheet["totals"] == totals

    nxt = sheet["next"]
    if first_open is None:
        assert nxt is None
        assert sheet["finished"] is True
        top = max(totals.values())
        assert sheet["winners"] == [p for p in game.players if totals[p] == top]
        return sheet
    assert sheet["finished"] is False and sheet["winners"] == []
    hand = sheet["hands"][first_open - 1]
    assert set(nxt) == NEXT_KEYS
    assert (nxt["hand"], nxt["cards"], nxt["dealer"]) == (
        first_open,
        hand["cards"],
        hand["dealer"],
    )
    order = expected_order(game, first_open)
    method = expected_method(str(rules.trump), first_open, list(rules.hands))
    all_bid = len(hand["bids"]) == len(order)
    if nxt["step"] == "bid":
        assert nxt["player"] == order[len(hand["bids"])]
        others = sum(hand["bids"].values())
        banned = (
            expected_forbidden(str(rules.hook), hand["cards"], others)
            if nxt["player"] == hand["dealer"]
            else None
        )
        assert nxt["forbidden_bid"] == banned
    else:
        assert nxt["forbidden_bid"] is None
    if nxt["step"] == "tricks":
        assert all_bid and nxt["player"] is None and hand["trump"] is not None
    if nxt["step"] == "trump":
        assert hand["trump"] is None
        assert nxt["player"] == (None if method in ("upcard", "cut") else nxt["trump_namer"])
    if method == "named" and all_bid:
        top = max(hand["bids"].values())
        assert nxt["trump_namer"] == next(p for p in order if hand["bids"][p] == top)
    elif method == "dealer":
        assert nxt["trump_namer"] == hand["dealer"]
    else:
        assert nxt["trump_namer"] is None
    return sheet


# --- random play -----------------------------------------------------------------------


def random_entry(game: Game, rng: random.Random) -> Game:
    """One legal entry at the current step, chosen at random; the illegal one is refused."""
    prog = progress(game)
    nxt = prog.next
    assert nxt is not None
    hand = prog.hands[nxt.hand - 1]
    method = expected_method(str(game.rules.trump), nxt.hand, list(game.rules.hands))
    if nxt.step is Step.TRUMP:
        suits = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
        if method in ("named", "dealer"):
            suits.append(Suit.NOTRUMP)
        else:  # docs/rules.md Trump: an upcard or a cut card is never "no trump"
            _refused(Refused, set_trump, game, Suit.NOTRUMP)
        return set_trump(game, rng.choice(suits))
    if nxt.step is Step.BID:
        banned = nxt.forbidden_bid
        if banned is not None:  # docs/rules.md 4: the hook holds
            _refused(IllegalBid, add_bids, game, [(None, banned)])
        _refused(IllegalBid, add_bids, game, [(None, nxt.cards + 1)])
        legal = [b for b in range(nxt.cards + 1) if b != banned]
        return add_bids(game, [(None, rng.choice(legal))])
    taken = dict.fromkeys(hand.order, 0)
    for _ in range(nxt.cards):
        taken[rng.choice(hand.order)] += 1
    wrong = [(p, t + (i == 0)) for i, (p, t) in enumerate(taken.items())]
    _refused(TricksDontAddUp, add_tricks, game, wrong)  # docs/rules.md 6: they add up to n
    if rng.random() < 0.5:
        return add_tricks(game, [(None, taken[p]) for p in hand.order])
    named: list[tuple[str | None, int]] = [(p, t) for p, t in taken.items()]
    rng.shuffle(named)
    return add_tricks(game, named)


def _refused(kind: type[Refused], fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except kind:
        return
    raise AssertionError(f"{fn.__name__}{args[1:]} was not refused")


def play_out(game: Game, table: Table, rng: random.Random) -> tuple[Game, list[list[str]]]:
    """Plays to the end, checking the sheet after each entry; returns each hand's steps."""
    steps: list[list[str]] = [[] for _ in game.rules.hands]
    check_sheet(game, table)
    nxt = progress(game).next
    while nxt is not None:
        steps[nxt.hand - 1].append(nxt.step.value)
        game = random_entry(game, rng)
        check_sheet(game, table)
        nxt = progress(game).next
    return game, steps


# --- the properties --------------------------------------------------------------------


@settings(max_examples=40)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_random_whole_games_keep_the_invariants(table: Table, seed: int) -> None:
    """docs/rules.md: tricks add up to n, the hook holds, totals are the sum of the hand
    scores, dealing passes clockwise, the entries come in the trump method's order,
    winners are exactly the highest totals; show --json keeps the contract's shape."""
    game, steps = play_out(table.game(), table, random.Random(seed))
    prog: Progress = progress(game)
    rules = game.rules
    n = len(game.players)
    assert prog.finished and prog.hands_played == len(rules.hands)
    for hand, hand_steps in zip(prog.hands, steps, strict=True):
        assert hand.dealer == expected_dealer(game, hand.number)
        assert sum(hand.tricks.values()) == hand.cards
        if hook_applies(str(rules.hook), hand.cards):
            assert sum(hand.bids.values()) != hand.cards
        assert hand_steps == expected_steps(rules, hand.number, n)
        method = expected_method(str(rules.trump), hand.number, list(rules.hands))
        trump = str(rules.trump).split("+")[0] if method == "schedule" else method
        if trump.startswith("schedule:"):
            letters = trump.removeprefix("schedule:").split(",")
            assert hand.trump is Suit(SCHEDULE[letters[(hand.number - 1) % len(letters)]])
        elif trump == "none" or (trump == "upcard" and hand.cards * n == rules.deck):
            assert hand.trump is Suit.NOTRUMP
        elif trump in ("upcard", "cut"):
            assert hand.trump is not None and hand.trump.value in SUIT_NAMES
    for p in game.players:
        assert prog.totals[p] == sum(h.scores[p] for h in prog.hands)
    top = max(prog.totals.values())
    assert prog.winners == [p for p in game.players if prog.totals[p] == top]


def between_hands(prog: Progress) -> bool:
    """A hand is scored and the next one has no entry yet: where a table stops."""
    current = prog.current
    return (
        current is not None
        and prog.hands_played > 0
        and not current.bids
        and not (current.trump_entered and current.trump is not None)
    )


@settings(max_examples=30)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_random_adjustments_and_an_early_finish_keep_the_totals_the_sum_of_the_hands(
    table: Table, seed: int
) -> None:
    """docs/scripting.md `adjust` and `finish`: a hand's score is the rules' score plus
    its adjustments, totals are the sum of the hand scores, `hands` holds only the hands
    played once the table stops, winners are the highest totals; the game file keeps it
    all; undoing every adjustment and the finish gives the game without them."""
    rng = random.Random(seed)
    game = table.game()
    planned = len(game.rules.hands)
    given: dict[tuple[int, str], int] = {}
    while (prog := progress(game)).next is not None:
        if between_hands(prog) and rng.random() < 0.4:
            number = rng.randint(1, prog.hands_played)
            player = rng.choice(prog.hands[number - 1].order)
            points = rng.choice([-1_000_000, 1_000_000, rng.randint(-50, 50)])
            game = with_adjust(prog, player, points, number, "revoke").game
            given[number, player] = given.get((number, player), 0) + points
            continue
        if between_hands(prog) and rng.random() < 1 / planned:
            game = with_finish(prog).game
            break
        game = random_entry(game, rng)
    prog = progress(game)
    assert prog.finished and len(prog.hands) == prog.hands_played <= planned
    assert prog.stopped_early == any(isinstance(e, Finish) for e in game.entries)
    scheme = str(game.rules.scoring.value)
    for hand in prog.hands:
        mine = {p: v for (n, p), v in given.items() if n == hand.number}
        assert dict(hand.adjustments) == mine
        for p in hand.order:
            rules_score = expected_score(scheme, hand.bids[p], hand.tricks[p])
            assert hand.scores[p] == rules_score + mine.get(p, 0)
    for p in game.players:
        assert prog.totals[p] == sum(h.scores[p] for h in prog.hands)
    top = max(prog.totals.values())
    assert prog.winners == [p for p in game.players if prog.totals[p] == top]
    sheet: dict[str, Any] = json.loads(json.dumps(sheet_json(prog)))
    assert len(sheet["hands"]) == prog.hands_played and sheet["rules"]["hands"] == list(
        game.rules.hands
    )
    assert [("adjustments" in h) for h in sheet["hands"]] == [
        any(n == h["number"] for n, _ in given) for h in sheet["hands"]
    ]
    assert sheet_json(parse_progress(game_text(game), "random.json")) == sheet
    while any(isinstance(e, Adjust | Finish) for e in game.entries):
        game = undo(game)
    plain = progress(game)
    assert all(not h.adjustments for h in plain.hands)
    assert len(plain.hands) == planned


@settings(max_examples=20)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_a_progress_handed_out_never_changes_as_the_game_goes_on(table: Table, seed: int) -> None:
    """progress() is a pure fold: a progress kept from before reads the same after later
    entries (refused ones in between: random_entry tries the illegal ones) and an undo."""
    rng = random.Random(seed)
    game = table.game()
    kept = []
    while not (prog := progress(game)).finished:
        kept.append((prog, sheet_json(prog)))
        game = random_entry(game, rng)
    progress(undo(game))
    assert all(sheet_json(prog) == sheet for prog, sheet in kept)


@settings(max_examples=40)
@given(
    table=tables(),
    seed=st.integers(0, 2**32 - 1),
    plan=st.lists(st.integers(-3, 6), min_size=1, max_size=40),
)
def test_random_undo_sequences_return_to_earlier_states_exactly(
    table: Table, seed: int, plan: list[int]
) -> None:
    """docs/scripting.md undo: each undo takes back the last entry, across hands too, so k
    undos after entries give exactly the game (entries and show --json) of k entries ago."""
    rng = random.Random(seed)
    game = table.game()
    states = [(game.entries, check_sheet(game, table))]
    undone = 0
    for action in plan:
        if action < 0:  # undo up to 3 entries
            for _ in range(min(-action, len(states) - 1)):
                game = undo(game)
                undone += 1
                states.pop()
                assert (game.entries, check_sheet(game, table)) == states[-1]
        else:  # then up to 6 entries
            for _ in range(action):
                if progress(game).finished:
                    break
                game = random_entry(game, rng)
                states.append((game.entries, check_sheet(game, table)))
    assert [c.kind for c in game.history] == ["undo"] * undone  # kept in the history


@settings(max_examples=20)
@given(
    table=tables(),
    seed=st.integers(0, 2**32 - 1),
    edits=st.lists(st.tuples(st.booleans(), st.integers(0, 10**6)), min_size=1, max_size=8),
)
def test_random_edits_keep_the_hook_and_the_tricks_sum(
    table: Table, seed: int, edits: list[tuple[bool, int]]
) -> None:
    """docs/scripting.md edit: a corrected hand stays valid under the rules (range, hook, tricks
    adding up); a valid edit is kept with later totals recomputed and the trump unchanged,
    an invalid one is refused."""
    rng = random.Random(seed)
    game, _ = play_out(table.game(), table, rng)
    hook = str(game.rules.hook)
    for of_bids, pick in edits:
        hand = progress(game).hands[pick % len(game.rules.hands)]
        names = rng.sample(hand.order, rng.randint(1, len(hand.order)))
        changes = {p: rng.randint(0, hand.cards + 1) for p in names}
        if of_bids:
            bids = {**hand.bids, **changes}
            others = sum(b for p, b in bids.items() if p != hand.dealer)
            valid = all(b <= hand.cards for b in bids.values()) and bids[
                hand.dealer
            ] != expected_forbidden(hook, hand.cards, others)
        else:
            taken = {**hand.tricks, **changes}
            valid = sum(taken.values()) == hand.cards
        what = "bids" if of_bids else "tricks"
        items: list[tuple[str | None, int]] = list(changes.items())
        try:
            edited = edit(game, hand.number, what, items)
        except (IllegalBid, TricksDontAddUp):
            assert not valid, (what, hand.number, changes)
            continue
        assert valid, (what, hand.number, changes)
        sheet = check_sheet(edited, table)  # scores and totals recomputed, hook and sum hold
        after = sheet["hands"][hand.number - 1]
        assert {p: after[what][p] for p in changes} == changes
        assert after["trump"] == (hand.trump.value if hand.trump else None)
        game = edited
    for hand in progress(game).hands:
        assert sum(hand.tricks.values()) == hand.cards
        if hook_applies(hook, hand.cards):
            assert sum(hand.bids.values()) != hand.cards


def any_entry(game: Game, rng: random.Random) -> Game:
    """Anything a user might type: any command, any name (or none), any number."""
    names: list[str | None] = [None, *game.players, "nobody", game.players[0].upper()]
    items: list[tuple[str | None, int]] = [
        (rng.choice(names), rng.randint(-2, 15)) for _ in range(rng.randint(0, 8))
    ]
    command = rng.choice(["bid", "trump", "tricks", "undo", "edit"])
    if command == "bid":
        return add_bids(game, items)
    if command == "trump":
        return set_trump(game, rng.choice(list(Suit)))
    if command == "tricks":
        return add_tricks(game, items)
    if command == "undo":
        return undo(game)
    what = rng.choice(["bids", "tricks", "trump"])
    return edit(game, rng.randint(0, len(game.rules.hands) + 1), what, items)


@settings(max_examples=30)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_anything_typed_is_taken_or_refused_never_a_crash(table: Table, seed: int) -> None:
    """docs/scripting.md: never a traceback for anything a user can type: each domain call
    either gives a game whose sheet keeps the contract, or raises a named refusal."""
    rng = random.Random(seed)
    game = table.game()
    for _ in range(120):
        if rng.random() < 0.5 and not progress(game).finished:
            game = random_entry(game, rng)  # keep the game moving
            continue
        try:
            game = any_entry(game, rng)
        except OhHellError:
            continue
        check_sheet(game, table)


@settings(max_examples=60)
@given(table=tables())
def test_random_rule_sets_fit_and_read_back(table: Table) -> None:
    """docs/rules.md: a rule set that fits (n * N <= D) is accepted; the stored rules and the
    written hands pattern read back the same (the whole rule set is stored)."""
    rules = table.game().rules
    assert max(rules.hands) * len(table.players) <= rules.deck
    assert RuleSet.from_json(rules.to_json()) == rules
    assert parse_hands(hands_pattern(rules.hands)) == rules.hands


@settings(max_examples=60)
@given(sizes=st.lists(st.integers(1, 104), min_size=1, max_size=30))
def test_any_hands_list_is_written_as_a_pattern_that_reads_back(sizes: list[int]) -> None:
    """docs/rules.md hands: patterns and explicit lists; the shortest written form reads back."""
    assert parse_hands(hands_pattern(tuple(sizes))) == tuple(sizes)
