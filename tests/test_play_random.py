"""Whole random games through the prompt loop: whatever is typed, wrong answers and
`u` included, the game is the one the answers that stood make (style habit 9)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from ohhell_score.actions.table import typed_tricks
from ohhell_score.cli import interactive as play
from ohhell_score.domain.game import (
    Game,
    Step,
    add_bids,
    add_tricks,
    progress,
    set_trump,
    sheet_json,
)
from ohhell_score.domain.rules import RuleOptions, Suit, build_rules
from ohhell_score.storage import games

TRUMPS = ["named", "upcard", "cut", "dealer", "none", "schedule:H,C,S,D,N"]
Answer = tuple[str, int, str, int | str]  # (kind, hand, player or "", value)


def replay(start: Game, answers: list[Answer]) -> Game:
    """The same game through the scripted domain calls, answer by answer."""
    game = start
    pending: list[tuple[str | None, int]] = []
    for kind, _hand, player, value in answers:
        if kind == "bid":
            game = add_bids(game, [(player, int(value))])
        elif kind == "trump":
            game = set_trump(game, Suit(value))
        else:
            pending.append((player, int(value)))
            if len(pending) == len(game.players):
                game = add_tricks(game, pending)
                pending = []
    return game


@settings(
    max_examples=8,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.function_scoped_fixture],
)
@given(
    data=st.data(),
    players=st.integers(3, 5),
    trump=st.sampled_from(TRUMPS),
    hands=st.sampled_from(["3-1", "2,2", "1-3"]),
)
def test_a_random_game_at_the_prompts_is_the_game_of_its_answers(
    data: st.DataObject, players: int, trump: str, hands: str, data_dir: Path
) -> None:
    shutil.rmtree(data_dir, ignore_errors=True)
    names = tuple("ABCDE"[:players])
    start = Game("r", names, build_rules("classic", players, RuleOptions(hands=hands, trump=trump)))
    games.create(start)
    answers: list[Answer] = []
    asked: list[int] = []  # how many answers each prompt gave, for u to take back

    def ask(prompt: str) -> str:
        game = games.load("r")
        prog = progress(game)
        nxt, hand = prog.next, prog.current
        assert nxt is not None and hand is not None
        typed = typed_tricks(prog)
        roll = data.draw(st.integers(0, 19), label="roll")
        left = hand.cards - sum(typed.values())
        # The last player's tricks, or everyone's after the tricks ran out: one Enter.
        last = nxt.step is Step.TRICKS and (len(typed) == len(hand.order) - 1 or left == 0)
        if roll == 18:
            wrong = ["x", "-1", "99", "?"] + ([] if last else [""])  # Enter confirms the last
            return data.draw(st.sampled_from(wrong), label="wrong")
        if roll == 19 and answers:
            del answers[-asked.pop() :]  # what the last prompt answered
            return "u"
        if nxt.step is Step.BID:
            assert nxt.player is not None
            legal = [b for b in range(hand.cards + 1) if b != nxt.forbidden_bid]
            value = data.draw(st.sampled_from(legal), label="bid")
            answers.append(("bid", nxt.hand, nxt.player, value))
            asked.append(1)
            return str(value)
        if nxt.step is Step.TRUMP:
            suits = [
                s
                for s in Suit
                if s is not Suit.NOTRUMP or game.rules.allows_notrump_entry(nxt.hand)
            ]
            suit = data.draw(st.sampled_from(suits), label="trump")
            answers.append(("trump", nxt.hand, "", suit.value))
            asked.append(1)
            return suit.value[0] if suit is not Suit.NOTRUMP else "n"
        rest = hand.order[len(typed) :]
        value = left if last else data.draw(st.integers(0, left), label="tricks")
        answers.append(("tricks", nxt.hand, rest[0], value))
        if last:
            answers.extend(("tricks", nxt.hand, later, 0) for later in rest[1:])
        asked.append(len(rest) if last else 1)
        return "" if last else str(value)

    session = play.Session("r", Console(file=io.StringIO(), width=80), ask)
    finished = session.run()
    played = json.dumps(sheet_json(finished))
    assert played == json.dumps(sheet_json(progress(replay(start, answers))))
