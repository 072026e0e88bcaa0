"""Random games with random seat changes hold totals, dealers and bidding orders
against an independent model (docs/seats.md, `seat replace/leave/join`, and the
seat changes under `show --json` in docs/scripting.md).

The games are played through game.py's functions; the model is tests/scripted.py's
``Table``, written from the contract alone: chairs that keep their identity, an empty
chair passed by the deal, totals as hand scores plus points given plus points carried
in minus points carried out.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell_score.domain.errors import Refused
from ohhell_score.domain.game import (
    Game,
    Progress,
    progress,
    sheet_json,
    with_bids,
    with_join,
    with_leave,
    with_replace,
    with_tricks,
    with_trump,
    with_undo,
)
from ohhell_score.domain.rules import RuleOptions, Suit, build_rules

from .scripted import Table, legal_bid, tricks_for

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


def _new(data: st.DataObject) -> tuple[Progress, Table]:
    count = data.draw(st.integers(3, 5), label="players")
    players = list(NAMES[:count])
    hands = data.draw(st.lists(st.integers(1, 7), min_size=2, max_size=8), label="hands")
    trump = data.draw(st.sampled_from(["none", "named", "dealer", "cut"]), label="trump")
    hook = data.draw(st.sampled_from(["always", "never"]), label="hook")
    first = data.draw(st.integers(0, count - 1), label="first dealer")
    options = RuleOptions(hook=hook, hands=",".join(map(str, hands)), trump=trump)
    rules = build_rules("classic", count, options)
    game = Game("random", tuple(players), rules, first)
    table = Table("random", "classic", players, hands, hook, trump, "standard", 52, first=first)
    return progress(game), table


def _change(data: st.DataObject, prog: Progress, table: Table) -> Progress:
    """One random seat change, made in the game and in the model; a refusal must be one
    the contract names (too few players), and then neither changes."""
    seated = list(prog.players)
    kind = data.draw(st.sampled_from(["replace", "leave", "join"]), label="change")
    # a newcomer, or someone who sat before coming back
    others = [n for n in NAMES if n not in seated]
    if kind == "leave":
        who = data.draw(st.sampled_from(seated), label="leaving")
        if len(seated) == 3:
            try:
                with_leave(prog, who)
            except Refused as err:
                assert "2 players would remain" in str(err)
                return prog
            raise AssertionError("a table of 2 was allowed")
        table.leave(who)
        return with_leave(prog, who.lower())
    newcomer = data.draw(st.sampled_from(others), label="newcomer")
    if kind == "replace":
        old = data.draw(st.sampled_from(seated), label="old")
        carry = data.draw(st.booleans(), label="carry")
        typed = _typed(newcomer, table)
        table.replace(old, newcomer, carry)
        return with_replace(prog, old, typed, carry)
    after = data.draw(st.none() | st.sampled_from(seated), label="after")
    score = data.draw(st.integers(0, 30), label="score")
    if len(seated) == 7:
        return prog
    typed = _typed(newcomer, table)
    table.join(newcomer, after, score)
    return with_join(prog, typed, after, score)


def _typed(name: str, table: Table) -> str:
    """Someone who sat before is matched ignoring case; a new name is taken as typed."""
    return name.upper() if name in table._ledger()[0] else name


def _play_hand(prog: Progress, table: Table, rng: random.Random) -> Progress:
    k = table.current()
    assert k is not None
    while table.current() == k:
        step = table.step()
        assert step is not None
        if step[0] == "trump":
            suit = rng.choice(["hearts", "clubs"])
            prog = with_trump(prog, Suit(suit))
            table.trumps[k] = suit
        elif step[0] == "bid":
            value = legal_bid(table, rng)
            prog = with_bids(prog, [(None, value)])
            table.bids[k][table.order(k)[len(table.bids[k])]] = value
        else:
            took = tricks_for(table, rng)
            prog = with_tricks(prog, list(took.items()))
            table.tricks[k] = took
    return prog


def _check(prog: Progress, table: Table) -> None:
    assert sheet_json(prog) == table.expected()
    for k, hand in enumerate(prog.hands):
        assert (hand.dealer, list(hand.order)) == (table.dealer(k), table.order(k))


@settings(max_examples=60)
@given(st.data())
def test_random_games_with_random_seat_changes_hold_against_the_model(
    data: st.DataObject,
) -> None:
    prog, table = _new(data)
    rng = random.Random(data.draw(st.integers(0, 2**16), label="seed"))
    while table.current() is not None:
        for _ in range(data.draw(st.integers(0, 2), label="changes before the hand")):
            before = prog
            prog = _change(data, prog, table)
            _check(prog, table)
            if prog is not before and data.draw(st.booleans(), label="undo it"):
                prog = with_undo(prog)
                table.changes.pop()
                _check(prog, table)
        prog = _play_hand(prog, table, rng)
        _check(prog, table)
    assert prog.finished
