"""`ohhell play` prompt by prompt: each wrong answer is refused with its reason
and asked again, nothing wrong is stored, and the keys u, ?, q do what they say."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ohhell_score.cli import interactive, terminal
from ohhell_score.cli.interactive import Session
from ohhell_score.cli.terminal import Typeahead
from tests.conftest import Ohhell, scripted


def play(ohhell: Ohhell, *answers: str, args: tuple[str, ...] = ()) -> Any:
    """`ohhell play` with these answers typed, then Ctrl-D (end of input)."""
    return ohhell("play", *args, input="".join(f"{a}\n" for a in answers))


def three(ohhell: Ohhell, *options: str) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "t", *options)


# --- bids ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("x", "'x' is not a number"),
        ("3", "3 is out of range: a bid is 0 to 2"),
        ("-1", "-1 is out of range"),
        ("", "type a bid 0 to 2, then Enter"),
    ],
)
def test_a_bid_that_is_not_a_bid_is_refused_and_asked_again(
    ohhell: Ohhell, typed: str, reason: str
) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, typed, "1")
    assert f"✗ {reason}" in result.stdout
    assert result.stdout.count("Bob bids (0-2): ") == 2
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1}


def test_the_dealer_is_told_the_forbidden_bid_and_refused_it(ohhell: Ohhell) -> None:
    """docs/rules.md 4: Bob 1, Cat 0 with 2 cards: Ann (dealer) may not bid 1."""
    three(ohhell, "--trump", "none")
    result = play(ohhell, "1", "0", "1")
    assert "Ann (dealer) may not bid 1; bids (0-2; 1 bid of 2 so far): " in result.stdout
    assert "✗ Ann (dealer) may not bid 1: the bids would add up to 2" in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


def test_after_the_bids_the_table_sees_the_total_against_the_tricks(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, "2", "1", "2")
    assert "Hand 1: bids 5 for 2 tricks: over by 3." in result.stdout


# --- trump -----------------------------------------------------------------------------


def test_an_upcard_trump_cannot_be_no_trump(ohhell: Ohhell) -> None:
    three(ohhell)  # classic: upcard
    result = play(ohhell, "n", "x", "h")
    assert "✗ no trump is not a choice: the turned-up card shows a suit" in result.stdout
    assert "✗ 'x' is not a suit" in result.stdout
    assert ohhell.sheet()["hands"][0]["trump"] == "hearts"


@pytest.mark.parametrize(
    ("typed", "suit"), [("s", "spades"), ("Hearts", "hearts"), ("n", "notrump"), ("♦", "diamonds")]
)
def test_the_highest_bidder_names_trump_by_key_or_name(
    ohhell: Ohhell, typed: str, suit: str
) -> None:
    three(ohhell, "--rules", "cartier")
    result = play(ohhell, "1", "0", "0", typed)
    assert "Bob (highest bid) names trump (s h d c n): " in result.stdout
    assert ohhell.sheet()["hands"][0]["trump"] == suit


def test_the_dealer_names_trump_before_the_bids(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "dealer")
    result = play(ohhell, "c")
    assert "Ann (dealer) names trump (s h d c n): " in result.stdout
    assert result.stdout.index("names trump (") < result.stdout.index("Bob bids (")


# --- tricks ----------------------------------------------------------------------------


def bid_up(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")


def test_once_no_trick_is_left_the_others_are_not_asked_a_number(ohhell: Ohhell) -> None:
    """Bob took both, so Cat and Ann took 0; 1 is refused."""
    bid_up(ohhell)
    result = play(ohhell, "2", "1")
    assert "Cat and Ann took 0 (Enter): " in result.stdout
    assert "Cat took (" not in result.stdout
    assert "✗ the tricks must add up to 2: Cat and Ann took 0 (Enter to confirm" in result.stdout
    assert ohhell.sheet()["hands"][0]["tricks"] == {}


def four_bid(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0", "0")


@pytest.mark.parametrize("confirm", ["", "0"])
def test_once_no_trick_is_left_one_enter_gives_everyone_after_0(
    ohhell: Ohhell, confirm: str
) -> None:
    """Bob took 2 of 2; Cat, Dan and Ann are confirmed at once, as the
    last player's tricks are (Enter, or the one number possible)."""
    four_bid(ohhell)
    result = play(ohhell, "2", confirm)
    assert result.stdout.count("Cat, Dan and Ann took 0 (Enter): ") == 1
    assert "Dan took (" not in result.stdout and "Ann took (" not in result.stdout
    assert "Hand 1 of 2 scored" in result.stdout
    assert ohhell.sheet()["hands"][0]["tricks"] == {"Bob": 2, "Cat": 0, "Dan": 0, "Ann": 0}


def test_u_at_the_0_left_prompt_takes_back_the_last_typed_tricks(ohhell: Ohhell) -> None:
    four_bid(ohhell)
    result = play(ohhell, "2", "u", "1", "1", "")
    assert "Took back Bob's tricks." in result.stdout
    assert "Dan and Ann took 0 (Enter): " in result.stdout
    assert ohhell.sheet()["hands"][0]["tricks"] == {"Bob": 1, "Cat": 1, "Dan": 0, "Ann": 0}


def test_u_after_the_hand_goes_back_to_the_prompt_that_confirmed_the_0s(ohhell: Ohhell) -> None:
    """The zeros were never typed: u brings back "Cat, Dan and Ann took 0", Bob's 2 kept."""
    four_bid(ohhell)
    ohhell.ok("tricks", "2", "0", "0", "0")
    result = play(ohhell, "u", "q")
    assert "Took back the tricks of hand 1." in result.stdout
    assert "Tricks so far: Bob 2." in result.stdout
    assert "Cat, Dan and Ann took 0 (Enter): " in result.stdout


def test_with_a_trick_left_the_next_player_is_still_asked(ohhell: Ohhell) -> None:
    """One trick left for three players: three answers are possible, so Cat is asked."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "3,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0", "0")
    result = play(ohhell, "2", "q")
    assert "Cat took (0-1): " in result.stdout
    assert "took 0 (Enter)" not in result.stdout


def test_the_last_players_tricks_are_filled_in_and_enter_confirms(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    result = play(ohhell, "1", "0", "")
    assert "Ann took 1 (Enter): " in result.stdout
    assert ohhell.sheet()["hands"][0]["tricks"] == {"Bob": 1, "Cat": 0, "Ann": 1}


def test_the_last_players_tricks_must_make_the_total(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    result = play(ohhell, "1", "0", "0")
    assert (
        "✗ the tricks must add up to 2: Ann took 1 (Enter to confirm, u to change the others')\n"
    ) in result.stdout
    assert ohhell.sheet()["hands"][0]["tricks"] == {}


def test_a_hand_ends_with_who_made_it_the_scores_and_the_leader(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    out = play(ohhell, "1", "0", "").stdout
    assert "Hand 1 of 2 scored" in out
    out = out[out.index("scored") :]
    bob = next(line for line in out.splitlines() if line.startswith("Bob "))
    assert bob.split() == ["Bob", "1", "1", "✓", "made", "+11", "11", "★"]
    ann = next(line for line in out.splitlines() if line.startswith("Ann "))
    assert ann.split() == ["Ann", "dealer", "0", "1", "missed", "+1", "1"]
    assert "Leader: Bob with 11." in out


def test_tricks_typed_so_far_survive_leaving_and_are_shown_on_return(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    play(ohhell, "1")
    result = play(ohhell, "0", "")
    assert "Tricks so far: Bob 1." in result.stdout
    assert result.stdout.index("Tricks so far") < result.stdout.index("Cat took")
    assert ohhell.sheet()["hands"][0]["tricks"] == {"Bob": 1, "Cat": 0, "Ann": 1}


def test_typed_tricks_are_dropped_when_the_bids_change_meanwhile(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    play(ohhell, "2")
    ohhell.ok("undo")
    ohhell.ok("bid", "Ann=2")
    result = play(ohhell)
    assert "Tricks so far" not in result.stdout
    assert "Bob took (0-2): " in result.stdout


# --- keys ------------------------------------------------------------------------------


def test_u_takes_back_the_tricks_of_the_last_hand_and_the_typed_tricks(ohhell: Ohhell) -> None:
    """Into the previous hand: its tricks come back as typed, the last player's open."""
    bid_up(ohhell)
    ohhell.ok("tricks", "1", "0", "1")
    result = play(ohhell, "u", "u", "1", "")
    assert "Took back the tricks of hand 1." in result.stdout
    assert "Ann took 1 (Enter): " in result.stdout
    assert "Took back Cat's tricks." in result.stdout
    assert "Cat took (0-1): " in result.stdout
    assert ohhell.sheet()["hands"][0]["tricks"] == {"Bob": 1, "Cat": 1, "Ann": 0}


def test_u_takes_back_the_last_bid(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, "1", "u", "0")
    assert "Took back Bob's bid of 1 in hand 1." in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 0}


def test_u_with_nothing_entered_is_refused(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    assert "✗ nothing to take back" in play(ohhell, "u").stdout


def test_question_mark_shows_the_keys(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    out = play(ohhell, "?").stdout
    assert "u  take back the last answer" in out
    assert "q  leave" in out


def test_b_shows_the_board_address_again_only_when_a_board_is_served(ohhell: Ohhell) -> None:
    """docs/board.md: `play --board` shows the address before the first prompt and again
    on `b`; `?` names the key. Without a board, `b` is no answer and `?` says nothing of it."""
    from rich.console import Console

    from ohhell_score.cli import interactive as loop

    three(ohhell, "--trump", "none")
    shown: list[str] = []
    out = io.StringIO()
    answers = iter(["b", "?", "b", "1"])

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    session = loop.Session("t", Console(file=out, width=200), ask, board=lambda: shown.append("!"))
    with pytest.raises(EOFError):
        session.run()
    assert shown == ["!", "!"]
    assert "b  the live board's address again (and its QR code, with --lan)" in out.getvalue()
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1}
    plain = play(ohhell, "?", "b").stdout
    assert "live board" not in plain
    assert "✗ " in plain  # `b` is refused like any word that is no bid


def test_q_leaves_with_status_0_and_keeps_the_answers(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, "1", "q")
    assert result.exit_code == 0
    assert "saved; continue with `ohhell play`" in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": 1}


def test_end_of_input_leaves_with_130_and_one_line(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, "1")
    assert result.exit_code == 130
    assert result.stderr.strip() == "saved; continue with `ohhell play`"


def test_leaving_a_game_that_is_not_current_names_it(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "other")
    result = play(ohhell, args=("-g", "t"))
    assert "continue with `ohhell play -g t`" in result.stderr


# --- headers, the end --------------------------------------------------------------------


def test_the_header_names_cards_dealer_first_bidder_and_trump(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "ten-to-one", "--hands", "3-1")
    out = play(ohhell).stdout
    assert "Hand 1 of 3 · 3 cards each · Ann deals" in out
    assert "Bob bids first and leads the first trick." in out
    assert "Trump: hearts ♥." in out
    assert "shuffles" not in out


def test_the_header_of_a_hand_half_bid_says_the_bids_so_far(ohhell: Ohhell) -> None:
    """Coming back to a hand whose bidding has begun (tests/test_play_pty.py sees it in
    a terminal); once every bid is in, the header says their total instead."""
    three(ohhell, "--trump", "none")
    ohhell.ok("bid", "1", "0")
    assert "Bids so far: Bob 1, Cat 0 (1 bid of 2).\n" in play(ohhell).stdout
    ohhell.ok("bid", "0")
    out = play(ohhell).stdout
    assert "Bids: Bob 1, Cat 0, Ann 0; bids 1 for 2 tricks: under by 1.\n" in out
    assert "so far" not in out


def test_at_a_cartier_table_of_four_the_player_opposite_the_dealer_shuffles(
    ohhell: Ohhell,
) -> None:
    """seed 000: "the player sitting opposite the dealer in that hand" shuffles."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "--dealer", "Bob")
    out = play(ohhell).stdout
    assert "Dan, opposite the dealer, shuffles the second deck." in out
    assert "Trump: the highest bidder names it after the bids" in out


@pytest.mark.parametrize(
    ("trump", "line"),
    [
        ("upcard", "Trump: the suit of the card turned up after the deal."),
        ("cut", "Trump: the suit of the cut card"),
        ("dealer", "Trump: Ann (dealer) names it before the bids"),
    ],
)
def test_the_header_says_how_trump_is_found(ohhell: Ohhell, trump: str, line: str) -> None:
    three(ohhell, "--trump", trump)
    assert line in play(ohhell).stdout


def test_a_hand_that_deals_every_card_under_upcard_says_no_trump(ohhell: Ohhell) -> None:
    """docs/rules.md, Trump: no card is left to turn up."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "13,12")
    assert "Trump: none: every card is dealt" in play(ohhell).stdout


def test_a_finished_game_shows_the_winners_and_the_sheet(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "1", "0", "0")
    result = play(ohhell)
    assert result.exit_code == 0
    assert "Bob and Cat share the win with 11 each!" in result.stdout
    assert "Game over" in result.stdout


def finish_t(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "1", "0", "0")


def test_a_finished_game_played_by_a_script_asks_nothing(ohhell: Ohhell) -> None:
    """The offer of a new game is for a terminal; a script that
    plays a finished game reads the sheet and ends, whatever it has piped in."""
    finish_t(ohhell)
    result = play(ohhell, "", "")
    assert result.exit_code == 0
    assert "A new game" not in result.stdout
    assert ohhell.ok("list", "--json").count('"id"') == 1


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from ohhell_score.cli import play as play_area

    monkeypatch.setattr(play_area, "can_ask", lambda: True)


@pytest.mark.usefixtures("at_a_terminal")
def test_enter_after_a_finished_game_starts_one_of_the_same_players_and_rules(
    ohhell: Ohhell,
) -> None:
    """`ohhell` alone says "`ohhell play` for a new game"; Enter
    gives one: the players and rules (--hands 2,1, --trump none) of the game just over."""
    finish_t(ohhell)
    assert "`ohhell play` for a new game" in ohhell.ok()
    result = play(ohhell, "", "", "q")
    assert "A new game, same players and rules? (Enter: yes; n: ask anew; q: leave): " in (
        result.stdout
    )
    assert "New game " in result.stdout
    data = ohhell.sheet()
    assert data["id"] != "t" and data["players"] == ["Ann", "Bob", "Cat"]
    assert (data["rules"]["hands"], data["rules"]["trump"]) == ([2, 1], "none")
    assert data["hands"][0]["bids"] == {}


@pytest.mark.usefixtures("at_a_terminal")
@pytest.mark.parametrize(
    ("change", "offered"),
    [
        (("seat", "leave", "Cat"), "Dan"),  # Bob dealt first: Cat's seat is gone, Dan's next
        (("seat", "leave", "Bob"), "Cat"),  # Bob got up: the seat after his deals
        (("seat", "join", "Eve", "--after", "Bob"), "Eve"),  # sat down after Bob
        (("seat", "replace", "Bob", "Eve"), "Cat"),  # Eve took Bob's seat: the next is Cat's
    ],
)
def test_the_same_players_after_a_seat_change_deal_first_from_the_next_seat_taken(
    ohhell: Ohhell, change: tuple[str, ...], offered: str
) -> None:
    """Bob dealt hand 1 of Ann, Bob, Cat, Dan; the seats changed after it."""
    options = ("--hands", "1,1", "--trump", "none", "--hook", "never", "--dealer", "Bob")
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "t", *options)
    ohhell.ok("bid", "0", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0", "0")
    ohhell.ok(*change)
    players = len(ohhell.sheet()["players"])
    ohhell.ok("bid", *["0"] * players)
    ohhell.ok("tricks", "1", *["0"] * (players - 1))
    result = play(ohhell, "", "", "q")
    assert f"; Enter: {offered}; d: draw cards): " in result.stdout
    assert ohhell.sheet()["hands"][0]["dealer"] == offered


@pytest.mark.usefixtures("at_a_terminal")
@pytest.mark.parametrize(("typed", "status"), [("q", 0), (None, 130)])
def test_q_or_end_of_input_at_the_offer_makes_no_game(
    ohhell: Ohhell, typed: str | None, status: int
) -> None:
    finish_t(ohhell)
    result = play(ohhell, *([typed] if typed else []))
    assert result.exit_code == status
    if typed:  # said after the question, on its line
        assert result.stdout.endswith("q: leave): no game created\n")
    else:  # said on a line of its own, below the question
        assert result.stderr == "\nno game created\n"
    assert ohhell.ok("list", "--json").count('"id"') == 1


@pytest.mark.usefixtures("at_a_terminal")
def test_n_at_the_offer_asks_for_players_and_rules_and_other_keys_are_refused(
    ohhell: Ohhell,
) -> None:
    finish_t(ohhell)
    result = play(ohhell, "x", "n", "Dan", "Eve", "Fay", "", "", "", "q")
    assert "✗ type Enter, n or q" in result.stdout
    assert ohhell.sheet()["players"] == ["Dan", "Eve", "Fay"]


@pytest.mark.usefixtures("at_a_terminal")
@pytest.mark.parametrize("typed", ["y", "yes", "j", "ja"])
def test_yes_in_english_or_dutch_at_the_dutch_offer_keeps_the_players(
    dutch: None, ohhell: Ohhell, typed: str
) -> None:
    """At a Dutch table the offer takes "j"/"ja" as well as the
    English "y"/"yes": a new game of the same players and rules."""
    finish_t(ohhell)
    result = play(ohhell, typed, "", "q")
    assert "✗" not in result.stdout
    data = ohhell.sheet()
    assert data["id"] != "t" and data["players"] == ["Ann", "Bob", "Cat"]
    assert data["rules"]["hands"] == [2, 1]


@pytest.mark.usefixtures("at_a_terminal")
@pytest.mark.parametrize("typed", ["no", "nee"])
def test_no_in_english_or_dutch_at_the_dutch_offer_asks_for_the_players(
    dutch: None, ohhell: Ohhell, typed: str
) -> None:
    """At a Dutch table "nee" and the English "no" ask anew."""
    finish_t(ohhell)
    result = play(ohhell, typed, "Dan", "Eve", "Fay", "", "", "", "q")
    assert "✗" not in result.stdout
    assert ohhell.sheet()["players"] == ["Dan", "Eve", "Fay"]


@pytest.mark.usefixtures("at_a_terminal")
def test_a_key_refused_at_the_offer_is_said_in_bold_on_a_terminal(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal stands out from the question, as every prompt's refusal does."""
    finish_t(ohhell)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = play(ohhell, "x", "q").stdout
    assert "q: leave): \x1b[1m  ✗ type Enter, n or q\x1b[0m\n" in out


@pytest.mark.usefixtures("at_a_terminal")
def test_the_offer_of_a_new_game_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    finish_t(ohhell)
    out = play(ohhell, "x", "q").stdout
    assert "Een nieuw spel, dezelfde spelers en regels? (Enter: ja; n: opnieuw vragen; q: " in out
    assert "✗ typ Enter, n of q" in out


# --- two sessions on one game ----------------------------------------------------------


def test_an_answer_to_a_game_changed_meanwhile_is_not_stored(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Another session bid for Bob while this one was asking: its answer is dropped."""
    from rich.console import Console

    from ohhell_score.cli import interactive as loop

    three(ohhell, "--trump", "none")
    answers = iter(["2", "0"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) == 1:
            ohhell.ok("bid", "1")  # the other session, between prompt and answer
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    session = loop.Session("t", Console(file=out, width=80), ask)
    with pytest.raises(EOFError):
        session.run()
    assert "✗ the game changed meanwhile" in out.getvalue()
    assert asked[:2] == ["Bob bids (0-2): ", "Cat bids (0-2; 1 bid of 2 so far): "]
    saved = json.loads((data_dir / "t.json").read_text(encoding="utf-8"))
    assert [(e["player"], e["bid"]) for e in saved["entries"]] == [("Bob", 1), ("Cat", 0)]


def test_u_after_another_ohhell_entered_meanwhile_takes_back_nothing(ohhell: Ohhell) -> None:
    """While Cat's bid is asked, another ohhell bids 0 for her: `u` then is refused (the
    game changed) and takes back neither her bid nor Bob's."""
    three(ohhell, "--trump", "none")

    def bid_meanwhile() -> str:
        ohhell.ok("bid", "-g", "t", "Cat=0")
        return "u"

    prompts: list[str] = []
    shown = io.StringIO()
    ask = scripted(["1", bid_meanwhile], prompts)
    with pytest.raises(EOFError):
        Session("t", Console(file=shown, width=200, highlight=False), ask).run()
    out = shown.getvalue()
    assert "✗ the game changed meanwhile (another ohhell at work?)" in out
    assert "Took back" not in out
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


def test_t_once_the_hand_has_begun_is_refused_before_any_question(ohhell: Ohhell) -> None:
    """docs/seats.md: not after a hand's first entry, so not asked at all."""
    three(ohhell, "--trump", "none")
    out = play(ohhell, "1", "t").stdout
    assert (
        "✗ hand 1 has begun (a trump or a bid is in): seats change only before a hand's "
        "first entry; undo those entries first\n"
    ) in out
    assert "Seat change:" not in out


# --- in Dutch ---------------------------------------------------------------------


def test_plays_key_list_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    out = play(ohhell, "?", "q").stdout
    assert "Toetsen: een getal, dan Enter." in out
    assert "  u  neem het laatste antwoord terug (ook in de vorige ronde)\n" in out
    assert "  q  stoppen; elk antwoord is opgeslagen, `ohhell play` gaat hier verder\n" in out
    assert "Keys:" not in out and "take back" not in out


def test_a_bid_out_of_range_in_play_is_refused_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    out = play(ohhell, "3", "q").stdout
    assert "✗ 3 kan niet: typ een bod van 0 tot 2" in out


def test_tricks_out_of_range_in_play_are_refused_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")
    out = play(ohhell, "3", "q").stdout
    assert "✗ 3 kan niet: typ slagen van 0 tot 2" in out


def test_the_players_who_took_0_are_confirmed_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    four_bid(ohhell)
    out = play(ohhell, "2", "1", "q").stdout
    assert "Cat, Dan en Ann haalden 0 (Enter): " in out
    assert "✗ de slagen moeten optellen tot 2: Cat, Dan en Ann haalden 0 (Enter om" in out


def test_plays_seat_change_prompts_and_report_are_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    """A Dutch table's letters are its words' (`a` aanschuiven: `j` would read as ja)."""
    three(ohhell, "--trump", "none")
    out = play(ohhell, "t", "a", "Dan", "", "", "q").stdout
    assert "Plaatswissel: v vervangen, w weggaan, a aanschuiven (Enter: geen): " in out
    assert "Met hoeveel punten begint Dan? (Enter: 0): " in out
    assert (
        "Dan schuift aan na Cat vanaf ronde 1.\n"
        "Nu aan tafel, met de klok mee: Ann, Bob, Cat, Dan.\n"
    ) in out


@pytest.mark.parametrize(
    ("answer", "carried"),
    [("y", True), ("yes", True), ("j", True), ("JA", True), ("n", False), ("nee", False)],
)
def test_a_dutch_table_carries_a_total_on_a_dutch_or_an_english_yes(
    dutch: None, ohhell: Ohhell, answer: str, carried: bool
) -> None:
    """The carry question asks (j/N): `j`, `ja` and the English `y`, `yes` carry Bob's
    11 to Zed, anything else starts Zed afresh."""
    three(ohhell, "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    out = play(ohhell, "t", "v", "Bob", "Zed", answer, "q").stdout
    assert "Neemt Zed de 11 punten van Bob over? (j/N): " in out
    said = "Zed neemt de plaats van Bob in vanaf ronde 2"
    assert (said + ", met 11 punten van Bob.\n" in out) is carried
    assert (said + ".\n" in out) is not carried


@pytest.mark.parametrize(("dutch_letter", "english_letter"), [("v", "r"), ("w", "l"), ("a", "j")])
def test_each_seat_letter_shown_in_dutch_is_read_as_the_english_one(
    dutch: None, ohhell: Ohhell, dutch_letter: str, english_letter: str
) -> None:
    """The Dutch prompt's letters ask what the English ones ask, and those are read too."""
    three(ohhell, "--trump", "none")
    asked = [play(ohhell, "t", key, "q").stdout for key in (dutch_letter, english_letter)]
    assert asked[0] == asked[1]
    assert "Geen plaats veranderd" not in asked[0]  # the letter asked its question


# --- every bound of each prompt, both sides ---------------------------------------


@pytest.mark.parametrize("bid", [0, 2])
def test_a_bid_of_0_and_of_all_the_cards_is_taken(ohhell: Ohhell, bid: int) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, str(bid), "q")
    assert "✗" not in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": bid}


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("-1", "-1 is out of range: a bid is 0 to 2"), ("3", "3 is out of range: a bid is 0 to 2")],
)
def test_a_bid_of_minus_1_or_cards_plus_1_is_refused(
    ohhell: Ohhell, typed: str, reason: str
) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, typed, "q")
    assert f"✗ {reason}" in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {}


def typed_tricks(ohhell: Ohhell, *answers: str) -> Any:
    """The tricks typed in play (kept as typed until the hand is whole)."""
    return play(ohhell, *answers, "q")


def test_tricks_of_all_that_is_left_are_taken(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    result = typed_tricks(ohhell, "2")
    assert "✗" not in result.stdout
    assert "Cat and Ann took 0 (Enter): " in result.stdout


def test_tricks_of_0_are_taken(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    assert "Cat took (0-2): " in typed_tricks(ohhell, "0").stdout


def test_tricks_one_over_what_is_left_are_refused(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0")
    result = typed_tricks(ohhell, "2", "2")
    assert "Cat took (0-1): " in result.stdout
    assert "✗ Cat cannot take 2: Bob took 2 of the 3 tricks, 1 left" in result.stdout


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("-1", "-1 is out of range: tricks is 0 to 2"), ("3", "3 is out of range: tricks is 0 to 2")],
)
def test_tricks_outside_0_to_the_cards_are_refused(ohhell: Ohhell, typed: str, reason: str) -> None:
    bid_up(ohhell)
    result = typed_tricks(ohhell, typed)
    assert f"✗ {reason}" in result.stdout
    assert result.stdout.count("Bob took (0-2): ") == 2


@pytest.mark.parametrize("points", [0, 1_000_000])
def test_a_newcomer_starts_with_0_to_a_million_points(ohhell: Ohhell, points: int) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, "t", "j", "Dan", "", str(points), "q")
    assert "✗" not in result.stdout
    assert ohhell.sheet()["totals"]["Dan"] == points


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("-1", "-1 is out of range: the points is 0 to 1000000"),
        ("1000001", "1000001 is out of range: the points is 0 to 1000000"),
    ],
)
def test_a_newcomers_points_outside_0_to_a_million_are_refused(
    ohhell: Ohhell, typed: str, reason: str
) -> None:
    three(ohhell, "--trump", "none")
    result = play(ohhell, "t", "j", "Dan", "", typed, "q")
    assert f"✗ {reason}" in result.stdout
    assert "Dan" not in ohhell.sheet()["players"]


def test_plays_key_list_gives_the_dutch_suit_letters(dutch: None, ohhell: Ohhell) -> None:
    """`?` named `s h d c n` at a Dutch table, where the suits are
    schoppen, harten, ruiten, klaveren and sans (SA)."""
    three(ohhell, "--trump", "dealer")
    out = play(ohhell, "?", "q").stdout
    assert (
        "Toetsen: de troef, dan Enter: s h r k sa (of schoppen, harten, ruiten, klaveren, sans).\n"
        in out
    )
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "-g", "u", "--trump", "upcard")
    out = play(ohhell, "?", "q").stdout  # no sans where a card is turned up
    assert "Toetsen: de troef, dan Enter: s h r k (of schoppen, harten, ruiten, klaveren).\n" in out


def test_the_trump_prompt_offers_the_dutch_suit_letters(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell)
    assert "Troef, de kleur van de opgedraaide kaart (s h r k): " in play(ohhell, "q").stdout
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "-g", "n", "--trump", "dealer")
    assert "Ann (deler) noemt troef (s h r k sa): " in play(ohhell, "q").stdout


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_trump_key_shown_is_read_as_its_suit(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The letters the prompts offer, in each language, are the suits in order, then no
    trump, as `Suit.parse` reads them (a letter shown but not read would be refused)."""
    from ohhell_score import i18n
    from ohhell_score.cli.announce import trump_keys
    from ohhell_score.domain.rules import Suit

    monkeypatch.setenv("OHHELL_LANG", language)
    i18n.reset()
    try:
        keys = trump_keys(notrump=True).split()
        suits = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.NOTRUMP]
        assert [Suit.parse(key) for key in keys] == suits
        assert trump_keys(notrump=False).split() == keys[:4]
    finally:
        i18n.reset()


# --- a line begun while play started, put on the first prompt to finish ----------------

WHO = "Who gets up? (Ann, Bob, Cat): "  # wider than the 20 columns of the screen below


class _Readline:
    """readline as `input()` uses it: the startup hook's text is on the line, to finish."""

    def __init__(self) -> None:
        self.hook: Callable[[], object] | None = None
        self.line = ""

    def set_startup_hook(self, hook: Callable[[], object] | None = None) -> None:
        self.hook = hook

    def insert_text(self, text: str) -> None:
        self.line += text  # a str only, as readline's


def test_a_question_is_asked_until_its_answer_is_taken() -> None:
    """`ask_until`, the loop of every question: a refusal is said and the question asked
    again, an answer the accept dealt with itself (a key) asks again unsaid, the first
    answer taken ends it, and anything else raised goes through."""
    from ohhell_score.domain.errors import Refused, StopScoring

    typed = iter(["x", "?", "7", "q"])
    asked: list[str] = []
    refused: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(typed)

    def accept(answer: str) -> int:
        if answer == "?":
            raise terminal.AskAgain()
        if answer == "q":
            raise StopScoring()
        if not answer.isdigit():
            raise Refused(f"{answer!r} is not a number")
        return int(answer)

    def refuse(err: Exception) -> None:
        refused.append(str(err))

    assert terminal.ask_until(ask, "N: ", accept, refuse, (Refused,)) == 7
    assert (asked, refused) == (["N: "] * 3, ["'x' is not a number"])
    with pytest.raises(StopScoring):
        terminal.ask_until(ask, lambda: f"N{len(asked)}: ", accept, refuse, (Refused,))
    assert asked[-1] == "N3: "


def _begun(begun: str) -> tuple[Typeahead, io.StringIO]:
    """The keys read at the first prompt: no whole line, ``begun`` typed after them."""
    shown = io.StringIO()
    keys = Typeahead(Console(file=shown, width=20, highlight=False))
    keys.lines, keys.begun = [], begun
    return keys, shown


def test_a_name_begun_while_play_started_is_on_the_prompt_to_finish_with_readline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where readline is, the prompt is shown and `Bo` is on its line (to edit); `b`
    typed after it answers `Bob`, and the next prompt starts empty."""
    readline = _Readline()
    monkeypatch.setitem(sys.modules, "readline", readline)

    def typed(prompt: str = "") -> str:
        if readline.hook is not None:
            readline.hook()
        line, readline.line = readline.line, ""
        return line + "b"

    monkeypatch.setattr("builtins.input", typed)
    keys, shown = _begun("Bo")
    assert keys.ask(WHO) == "Bob"
    assert shown.getvalue().replace("\n", "") == WHO  # rich folds the prompt to the screen
    assert readline.hook is None  # the next line read has nothing on it
    assert keys.ask(WHO) == "b"


def test_a_name_begun_while_play_started_is_on_the_prompt_to_finish_without_readline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without readline `Bo` is shown after the prompt, on the same line however narrow
    the screen (the terminal wraps it, not rich), and `b` typed after it answers `Bob`."""
    monkeypatch.setitem(sys.modules, "readline", None)  # import readline: ImportError
    monkeypatch.setattr("builtins.input", lambda prompt="": "b")
    keys, shown = _begun("Bo")
    assert keys.ask(WHO) == "Bob"
    assert shown.getvalue() == WHO + "Bo"


def test_each_hands_trump_question_its_refusals_and_its_answer_in_the_game_played(
    ohhell: Ohhell,
) -> None:
    """Under `named+2=cut`, play -g t (not the current game): hand 1's highest bidder
    names trump, no trump offered (n), a blank or a wrong answer refused and asked again,
    `u` takes back the last bid; hand 2's trump is the cut card's suit, no n offered.
    Each trump is said, and goes to game t."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "t", "--trump", "named+2=cut")
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")  # the current game: not t
    typed = ("", "x", "u", "0", "n", "1", "0", "", "", "h")
    out = play(ohhell, *typed, args=("-g", "t")).stdout
    named = "Bob (highest bid) names trump (s h d c n): "
    assert (
        f"{named}  ✗ type the trump: s h d c n, then Enter (? shows the keys)\n"
        f"{named}  ✗ 'x' is not a suit: use spades, hearts, diamonds, clubs or notrump "
        "(s h d c nt, or ♠ ♥ ♦ ♣)\n"
        f"{named}Took back Ann's bid of 0 in hand 1.\n"
    ) in out
    assert f"{named}Hand 1 trump: no trump.\n" in out
    cut = "Trump, the cut card's suit (s h d c): "
    assert (
        f"{cut}  ✗ type the trump: s h d c, then Enter (? shows the keys)\n"
        f"{cut}Hand 2 trump: hearts ♥.\nCat bids (0-1): "
    ) in out
    assert [h["trump"] for h in ohhell.sheet("-g", "t")["hands"]] == ["notrump", "hearts"]
    assert ohhell.sheet("-g", "other")["hands"][0]["trump"] is None


def test_a_trump_named_after_another_ohhell_changed_the_bids_is_refused_and_asked_again(
    ohhell: Ohhell,
) -> None:
    """While Bob's trump question waits, another ohhell takes back Ann's bid, bids 2 for
    her and starts another game (the current one now): Bob's answer is refused (the game
    changed) and Ann, now the highest bidder, is asked; her trump goes to game t."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t", "--hands", "2,1", "--trump", "named")
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")  # the current game: not t

    def rebid_meanwhile() -> str:
        ohhell.ok("undo", "-g", "t")
        ohhell.ok("bid", "-g", "t", "Ann=2")
        ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "another")
        return "n"

    prompts: list[str] = []
    ask = scripted([rebid_meanwhile, "h"], prompts)

    shown = io.StringIO()
    with pytest.raises(EOFError):
        Session("t", Console(file=shown, width=200, highlight=False), ask).run()
    assert "✗ the game changed meanwhile (another ohhell at work?)" in shown.getvalue()
    assert prompts[:2] == [
        "Bob (highest bid) names trump (s h d c n): ",
        "Ann (highest bid) names trump (s h d c n): ",
    ]
    hand = ohhell.sheet("-g", "t")["hands"][0]
    assert (hand["trump"], hand["bids"]) == ("hearts", {"Ann": 2, "Bob": 1, "Cat": 0})
    assert ohhell.sheet("-g", "another")["hands"][0]["trump"] is None


@pytest.mark.parametrize(
    ("tricks", "typed_before"),
    [
        ((("Bob", 1), ("Cat", 0), ("Ann", 0)), 1),  # Bob took all: Cat's prompt confirmed
        ((("Bob", 1), ("Cat", 1), ("Ann", 0), ("Dan", 0)), 2),  # none left after Cat
        ((("Bob", 0), ("Cat", 1), ("Ann", 1)), 2),  # the last player's prompt
    ],
)
def test_u_after_a_hand_goes_back_to_the_prompt_that_confirmed_it(
    tricks: tuple[tuple[str, int], ...], typed_before: int
) -> None:
    """`u` after a hand's tricks goes back to the prompt that confirmed them: the first
    one after the tricks ran out (the rest all took 0), else the last player's; the
    tricks typed before it are kept as typed."""
    assert interactive.confirmed_at(tricks) == typed_before


def test_tricks_one_over_what_is_left_are_refused_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    """At a Dutch table the refusal counts the hand's tricks in Dutch (plural forms)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0")
    result = typed_tricks(ohhell, "2", "2")
    assert "✗ Cat kan geen 2 halen: Bob haalden 2 van de 3 slagen, 1 over" in result.stdout


def _played_with(game: str, *answers: str | Callable[[], str]) -> str:
    """`play -g game` in-process with these answers (a callable does something first,
    as another ohhell would while the question waits), then end of input."""
    shown = io.StringIO()
    with pytest.raises(EOFError):
        Session(game, Console(file=shown, width=200, highlight=False), scripted(answers)).run()
    return shown.getvalue()


def test_u_in_play_says_what_it_took_back(ohhell: Ohhell) -> None:
    """`u` at Cat's tricks takes back Bob's tricks, a second `u` Ann's bid in game t
    (not the current game): each said."""
    three(ohhell, "--trump", "none")
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")  # the current game: not t
    out = _played_with("t", "1", "u", "u")
    assert out.endswith("\nTook back Bob's tricks.\nTook back Ann's bid of 0 in hand 1.\n")
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_names_like_markup_or_an_emoji_code_show_as_typed_in_the_header_and_prompts(
    ohhell: Ohhell,
) -> None:
    """A player called `[b]Bo` or `:x:` is shown so, never as bold Bo or an emoji: in
    the header and in the prompts that name them."""
    ohhell.ok("new", "Ann", "[b]Bo", ":x:", "--hands", "2,1", "--trump", "none")
    out = play(ohhell, "1").stdout
    assert "\n[b]Bo bids first and leads the first trick.\n" in out
    assert "\n[b]Bo bids (0-2): :x: bids (0-2; 1 bid of 2 so far): " in out


def test_new_at_the_table_shows_names_like_markup_or_an_emoji_code_as_typed_in_its_prompts(
    ohhell: Ohhell,
) -> None:
    """`new`'s questions name the players as typed: `[b]Bo`, not a bold Bo, and `:x:`,
    not an emoji (the first dealer, then each player's card drawn for the deal)."""
    answers = ("[b]Bo", ":x:", "Ann", "", "", "d", "AS", "KS", "QS", "q")
    out = ohhell("new", "-g", "t", input="".join(f"{a}\n" for a in answers)).stdout
    assert "First dealer (a name or 1-3; Enter: [b]Bo; d: draw cards): " in out
    assert "\n[b]Bo drew (e.g. AS, 10h, Q♦): :x: drew (e.g. AS, 10h, Q♦): Ann drew" in out
    assert ohhell.sheet("-g", "t")["players"] == ["[b]Bo", ":x:", "Ann"]


def test_a_line_begun_is_finished_on_a_prompt_that_names_players_as_typed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With readline, the prompt on which a begun name is finished shows `[b]Bo` and
    `:x:` as typed."""
    readline = _Readline()
    monkeypatch.setitem(sys.modules, "readline", readline)
    monkeypatch.setattr("builtins.input", lambda prompt="": "b")
    keys, shown = _begun("Bo")
    who = "Who? ([b]Bo, :x:): "
    assert keys.ask(who) == "b"
    assert shown.getvalue().replace("\n", "") == who


@pytest.mark.parametrize(
    ("trump", "line"),
    [
        ("upcard", "Trump: the suit of the card turned up after the deal."),
        ("cut", "Trump: the suit of the cut card (or the dealer's last card), before the bids."),
        ("dealer", "Trump: Ann (dealer) names it before the bids: a suit or no trump."),
        ("named", "Trump: the highest bidder names it after the bids (a suit or no trump)."),
    ],
)
def test_the_header_says_how_trump_is_found_in_a_line_of_its_own(
    ohhell: Ohhell, trump: str, line: str
) -> None:
    three(ohhell, "--trump", trump)
    assert f"\nBob bids first and leads the first trick.\n{line}\n" in play(ohhell).stdout


def test_a_hand_that_deals_every_card_under_upcard_says_no_trump_in_a_line_of_its_own(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "13,12")
    line = "Trump: none: every card is dealt, so no card is turned up."
    assert f"\n{line}\n" in play(ohhell).stdout


@pytest.mark.parametrize("trump", ["upcard", "cut", "dealer"])
def test_back_at_a_hand_whose_trump_is_in_the_header_names_it(ohhell: Ohhell, trump: str) -> None:
    """The trump asked before the bids, then Ctrl-D: the next `play` says it."""
    three(ohhell, "--trump", trump)
    play(ohhell, "h")
    out = play(ohhell).stdout
    assert "\nBob bids first and leads the first trick.\nTrump: hearts ♥.\nBob bids (0-2): " in out


@pytest.mark.parametrize(("dealer", "shuffles"), [("Cat", "Ann"), ("Dan", "Bob")])
def test_at_a_cartier_table_of_four_the_player_opposite_a_later_seat_shuffles(
    ohhell: Ohhell, dealer: str, shuffles: str
) -> None:
    """seed 000: opposite the third or fourth seat is the first or the second."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "--dealer", dealer)
    out = play(ohhell).stdout
    assert f"{shuffles}, opposite the dealer, shuffles the second deck." in out


# Tests for mutation survivors (docs/mutation-survivors.md)


def _session(
    game: str, answers: list[str | Callable[[], str]], *, terminal: bool = False
) -> tuple[str, list[str]]:
    """`play -g game` in-process: what it printed and the prompts it asked, until the
    game is over or the answers run out (end of input); on a terminal, with its styles."""
    shown = io.StringIO()
    prompts: list[str] = []
    console = Console(
        file=shown,
        width=200,
        highlight=False,
        force_terminal=terminal,
        color_system="standard" if terminal else None,
    )
    with contextlib.suppress(EOFError):
        Session(game, console, scripted(answers, prompts)).run()
    return shown.getvalue(), prompts


def test_play_of_a_game_not_current_opens_with_it_and_saves_each_answer_to_it(
    ohhell: Ohhell,
) -> None:
    """`play -g t` while another game is current (the one last created or changed): the
    opening line names t and its rules, the header comes once a hand with its note, the
    dealer without a hook is told he is free, every bid and trick goes to t, and on
    return the tricks typed so far are said."""
    three(ohhell, "--trump", "none", "--hook", "never")
    ohhell.ok("note", "-g", "t", "1", "misdeal, redealt by Bob")
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")  # the current game: not t
    opening = (
        "Game t: classic · 2 hands · hands 2-1 · no hook · trump: none.\n"
        "\n"
        "━━ Hand 1 of 2 · 2 cards each · Ann deals ━━\n"
        "Bob bids first and leads the first trick.\n"
        "Trump: no trump.\n"
    )
    out, prompts = _session("t", ["1", "0", "1", "1", "0"])
    assert out == opening + "Note: misdeal, redealt by Bob\nHand 1: bids 2 for 2 tricks: exact.\n"
    assert prompts == [
        "Bob bids (0-2): ",
        "Cat bids (0-2; 1 bid of 2 so far): ",
        "Ann (dealer, free: no hook) bids (0-2; 1 bid of 2 so far): ",
        "Bob took (0-2): ",
        "Cat took (0-1): ",
        "Ann took 1 (Enter): ",
    ]
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "another")  # current now: t was changed
    out, prompts = _session("t", [""])
    assert out.startswith(
        opening + "Bids: Bob 1, Cat 0, Ann 1; bids 2 for 2 tricks: exact.\n"
        "Note: misdeal, redealt by Bob\n"
        "Tricks so far: Bob 1, Cat 0.\n"
        "Hand 1 of 2 scored"
    )
    assert prompts == ["Ann took 1 (Enter): ", "Cat bids (0-1): "]
    hand = ohhell.sheet("-g", "t")["hands"][0]
    assert (hand["bids"], hand["tricks"]) == (
        {"Bob": 1, "Cat": 0, "Ann": 1},
        {"Bob": 1, "Cat": 0, "Ann": 1},
    )
    for not_played in ("other", "another"):
        assert ohhell.sheet("-g", not_played)["hands"][0]["bids"] == {}


BOLD, PLAIN = "\x1b[1m", "\x1b[0m"


def test_p_before_any_hand_is_scored_says_so_with_the_hands_to_come(ohhell: Ohhell) -> None:
    three(ohhell)
    out = play(ohhell, "p").stdout
    assert "(s h d c): No hand scored yet (of 2).\n" in out


def test_p_before_any_hand_is_scored_says_so_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell)
    out = play(ohhell, "p").stdout
    assert "(s h r k): Nog geen ronde geteld (van 2).\n" in out


def named_hand_with_a_note(ohhell: Ohhell) -> str:
    """Hand 1 of a named-trump game with a note: Ann (dealer) may not bid 1, Bob names
    spades; what play says."""
    three(ohhell, "--trump", "named")
    ohhell.ok("note", "misdeal")
    out: str = play(ohhell, "1", "0", "0", "s", "1", "1", "").stdout
    return out


def test_a_scored_hand_says_its_trump_and_who_named_it_the_hook_and_its_note(
    ohhell: Ohhell,
) -> None:
    assert (
        "\nTrump: spades ♠, named by Bob; bids 1 for 2 tricks: under by 1.\n"
        "The hook: Ann (dealer) could not bid 1.\n"
        "Note: misdeal\n"
        "Leader: Bob with 11.\n"
    ) in named_hand_with_a_note(ohhell)


def test_a_scored_hand_with_a_turned_up_trump_names_no_one(ohhell: Ohhell) -> None:
    three(ohhell)
    out = play(ohhell, "h", "1", "0", "0", "1", "1", "").stdout
    assert "\nTrump: hearts ♥; bids 1 for 2 tricks: under by 1.\n" in out


def test_a_scored_hand_says_its_trump_and_who_named_it_the_hook_and_its_note_in_dutch(
    dutch: None, ohhell: Ohhell
) -> None:
    assert (
        "\nTroef: schoppen ♠, genoemd door Bob; 1 geboden voor 2 slagen: 1 te weinig.\n"
        "Delerregel: Ann (deler) mocht geen 1 bieden.\n"
        "Notitie: misdeal\n"
        "Koploper: Bob met 11.\n"
    ) in named_hand_with_a_note(ohhell)


def test_on_a_terminal_the_totals_the_header_and_the_bids_balance_are_bold(
    ohhell: Ohhell,
) -> None:
    """A game resumed opens with the totals in bold; each hand's header line and the
    balance of its bids stand out in bold too, as a refusal does."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,2", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "1", "0")
    ohhell.ok("tricks", "1", "1", "1")
    out, _prompts = _session("t", ["1", "0", "x", "0"], terminal=True)
    assert out == (
        "Game t: classic · 2 hands · hands 3-2 · trump: none.\n"
        f"{BOLD}Totals after hand 1 of 2: Ann 1, Bob 11 ★, Cat 11 ★.{PLAIN}\n"
        "\n"
        f"{BOLD}━━ Hand 2 of 2 · 2 cards each · Bob deals ━━{PLAIN}\n"
        "Cat bids first and leads the first trick.\n"
        "Trump: no trump.\n"
        f"{BOLD}  ✗ 'x' is not a number: type a bid 0 to 2, then Enter (? shows the keys){PLAIN}\n"
        f"{BOLD}Hand 2: bids 1 for 2 tricks: under by 1.{PLAIN}\n"
    )


def test_a_cartiers_header_says_who_shuffles_the_second_deck_on_a_line_of_its_own(
    ohhell: Ohhell,
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "--dealer", "Bob")
    out, _prompts = _session(ohhell.sheet()["id"], [])
    assert out.splitlines()[2:6] == [
        "━━ Hand 1 of 23 · 13 cards each · Bob deals ━━",
        "Cat bids first and leads the first trick.",
        "Trump: the highest bidder names it after the bids (a suit or no trump).",
        "Dan, opposite the dealer, shuffles the second deck.",
    ]


def test_tricks_confirmed_after_another_ohhell_changed_the_bids_are_not_stored(
    ohhell: Ohhell,
) -> None:
    """While Ann's tricks wait for Enter, another ohhell takes back her bid and bids 2:
    the tricks typed against the old bids are refused (the game changed), not saved."""
    bid_up(ohhell)

    def rebid_meanwhile() -> str:
        ohhell.ok("undo", "-g", "t")
        ohhell.ok("bid", "-g", "t", "Ann=2")
        return ""

    out, prompts = _session("t", ["1", "0", rebid_meanwhile])
    assert "✗ the game changed meanwhile (another ohhell at work?)" in out
    assert prompts == [
        "Bob took (0-2): ",
        "Cat took (0-1): ",
        "Ann took 1 (Enter): ",
        "Bob took (0-2): ",
    ]
    hand = ohhell.sheet("-g", "t")["hands"][0]
    assert (hand["bids"], hand["tricks"]) == ({"Bob": 1, "Cat": 0, "Ann": 2}, {})


def test_u_after_another_ohhell_entered_a_bid_takes_nothing_back(ohhell: Ohhell) -> None:
    """`u` at Cat's bid, typed after another ohhell entered it: refused (the game
    changed), so the other's bid stays; Ann is asked next."""
    three(ohhell, "--trump", "none")

    def bid_meanwhile() -> str:
        ohhell.ok("bid", "-g", "t", "Cat=0")
        return "u"

    out, prompts = _session("t", ["1", bid_meanwhile])
    assert "✗ the game changed meanwhile (another ohhell at work?)" in out
    assert "Took back" not in out
    assert prompts[2] == "Ann (dealer) may not bid 1; bids (0-2; 1 bid of 2 so far): "
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


@pytest.mark.parametrize(
    ("entered", "other", "typed", "asked", "then"),
    [
        # a bid that is no number
        ((), ("bid", "-g", "t", "Bob=1"), "x", "Bob bids (0-2): ", "Cat bids"),
        # `u` with nothing to take back as the prompt saw it
        ((), ("bid", "-g", "t", "Bob=1"), "u", "Bob bids (0-2): ", "Cat bids"),
        # `t` once the hand has begun
        (
            ("bid", "1"),
            ("bid", "-g", "t", "Cat=0"),
            "t",
            "Cat bids (0-2; 1 bid of 2 so far): ",
            "Ann (dealer) may not bid 1",
        ),
        # tricks over what is left
        (
            ("bid", "1", "0", "0"),
            ("tricks", "-g", "t", "1", "0", "1"),
            "3",
            "Bob took (0-2): ",
            "Cat bids (0-1): ",
        ),
    ],
)
def test_a_refused_answer_is_asked_again_and_a_change_made_meanwhile_is_told(
    ohhell: Ohhell,
    entered: tuple[str, ...],
    other: tuple[str, ...],
    typed: str,
    asked: str,
    then: str,
) -> None:
    """Another ohhell enters this very answer while the table types one refused: the
    same question comes again, and the next answer is refused as the game changed
    meanwhile before the question moves on: a question never changes unannounced."""
    three(ohhell, "--trump", "none")
    if entered:
        ohhell.ok(*entered)

    def other_meanwhile() -> str:
        ohhell.ok(*other)
        return typed

    out, prompts = _session("t", [other_meanwhile, "0"])
    assert prompts[:2] == [asked, asked]
    assert prompts[2].startswith(then)
    refusals = [line for line in out.splitlines() if line.startswith("  ✗ ")]
    assert len(refusals) == 2
    assert refusals[1].startswith("  ✗ the game changed meanwhile (another ohhell at work?)")


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_a_game_finished_at_the_prompts_ends_with_the_winners_and_the_sheet(
    ohhell: Ohhell,
) -> None:
    """The last tricks typed at `play`: the winners in a line of their own, then the
    whole sheet, and `play` ends with status 0 (no offer: the game was played here)."""
    bid_up(ohhell)
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("bid", "0", "1", "1")
    result = play(ohhell, "1", "")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "\n★ Bob and Cat share the win with 11 each!\n" in out
    sheet = out[out.index("★ Bob and Cat") :]
    assert "Game over" in sheet
    assert ohhell.sheet()["finished"] is True


def test_leaving_when_no_game_is_current_any_more_names_the_game(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The only game's file deleted (by another ohhell) while `play` waits, so no game is
    current any more: `q` still leaves with status 0 and one line naming the game."""
    asked = Typeahead.ask

    def deleted_meanwhile(self: Typeahead, prompt: str) -> str:
        (data_dir / "t.json").unlink(missing_ok=True)
        return asked(self, prompt)

    three(ohhell, "--trump", "none")
    monkeypatch.setattr(Typeahead, "ask", deleted_meanwhile)
    result = play(ohhell, "q")
    assert not (data_dir / "t.json").exists()
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("\nsaved; continue with `ohhell play -g t`\n")


# Mutation survivors (2026-12-03): the summary after a hand (views/render.py)

WIDE = "王小明 王小明 王小明 王小明"  # 15 characters, 27 columns


def _hand_summary(ohhell: Ohhell, game: str, *, terminal: bool) -> list[str]:
    """Hand 1 of a game of Ann (dealer), WIDE and Cat played in-process, each bidding 1
    of 2 tricks: WIDE and Cat make it, Ann takes none. The summary's lines, from its
    title to the standing."""
    ohhell.ok("new", "Ann", WIDE, "Cat", "--hands", "2,1", "--trump", "none", "-g", game)
    ohhell.ok("bid", "1", "1", "1")
    out, _prompts = _session(game, ["1", "1", ""], terminal=terminal)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "Hand 1 of 2 scored" in line)
    end = next(i for i, line in enumerate(lines) if "with 11." in line)
    return lines[start : end + 1]


def test_a_hand_ends_with_a_summary_lined_up_in_columns_a_wide_name_cut_and_the_leaders(
    ohhell: Ohhell,
) -> None:
    """The rows in seat order, the numbers right-aligned under their heads; a name wider
    than 24 columns cut with "…" (said whole in the standing); both leaders starred."""
    assert _hand_summary(ohhell, "t", terminal=False) == [
        "Hand 1 of 2 scored" + " " * 53,
        "player                              bid   took            score   total",
        "─" * 71,
        "Ann                        dealer     1      0   missed      +0       0",
        "王小明 王小明 王小明 王…              1      1   ✓ made     +11    11 ★",
        "Cat                                   1      1   ✓ made     +11    11 ★",
        "Trump: no trump; bids 3 for 2 tricks: over by 1.",
        "The hook: Ann (dealer) could not bid 0.",
        f"Leaders: {WIDE} and Cat with 11.",
    ]


def test_on_a_terminal_a_hands_summary_greens_the_bids_made_and_bolds_totals_and_leaders(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    lines = _hand_summary(ohhell, "t", terminal=True)
    green, bold, plain = "\x1b[32m", "\x1b[1m", "\x1b[0m"
    assert lines[3:] == [
        f"Ann                        dealer     1      0   missed      +0   {bold}    0{plain}",
        f"王小明 王小明 王小明 王…              1      1   {green}✓ made{plain}     +11"
        f"   {bold} 11 ★{plain}",
        f"Cat                                   1      1   {green}✓ made{plain}     +11"
        f"   {bold} 11 ★{plain}",
        "Trump: no trump; bids 3 for 2 tricks: over by 1.",
        "The hook: Ann (dealer) could not bid 0.",
        f"{bold}Leaders: {WIDE} and Cat with 11.{plain}",
    ]


def test_the_summary_of_a_later_hand_gives_the_totals_after_that_hand(ohhell: Ohhell) -> None:
    """Hand 1: Ann 1, Bob 11, Cat 10. Hand 2: Cat and Ann make their bids, Bob does not."""
    bid_up(ohhell)
    out = play(ohhell, "1", "0", "", "1", "0", "1", "1", "0", "").stdout
    out = out[out.index("Hand 2 of 2 scored") :]
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[3:6]}
    assert rows == {
        "Ann": ["0", "0", "✓", "made", "+10", "11"],
        "Bob": ["dealer", "1", "0", "missed", "+0", "11"],
        "Cat": ["1", "1", "✓", "made", "+11", "21", "★"],
    }
    assert "Leader: Cat with 21." in out


def test_keys_typed_while_play_starts_are_lines_with_backspaces_taken_controls_dropped() -> None:
    """What `Typeahead.take` puts on the first prompts (a pty only, so the mutation run
    saw it with no keys): CR, LF and CRLF end a line, DEL and ^H take back a key."""
    from ohhell_score.cli.terminal import typed_lines

    assert typed_lines("Ann\r\nBoo\x7fb\rCa\x08at\x1b\nZo\u00eb 2\tD") == [
        "Ann",
        "Bob",
        "Cat",
        "Zoë 2D",
    ]
    assert typed_lines("") == [""]
    assert typed_lines("x\n") == ["x", ""]
    assert typed_lines("Xavier") == ["Xavier"]


def test_keys_typed_while_play_starts_answer_the_first_prompts_and_echo_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`Typeahead` at a real terminal (a pty, in-process): `quiet` turns the echo off,
    the first `ask` reads the keys waiting, answers a prompt with each whole line, shown
    after it, puts the line begun on the next prompt, and turns the echo back on."""
    import os
    import signal
    import termios

    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r")
    try:
        monkeypatch.setattr(sys, "stdin", stdin)
        out = io.StringIO()
        # 12 columns: an answer past the edge is left to the terminal to fold, not cut by rich
        narrow = Console(file=out, width=12, highlight=False, markup=False, emoji=False)
        typeahead = Typeahead(narrow)
        prefilled: list[tuple[str, str]] = []

        def finish(_console: Console, prompt: str, begun: str) -> str:
            prefilled.append((prompt, begun))
            return begun + "t"

        def stuck(*_: object) -> None:
            raise TimeoutError("play waited for keys nobody typed")

        monkeypatch.setattr(terminal, "prefilled", finish)
        signal.signal(signal.SIGALRM, stuck)
        signal.alarm(10)
        settings = termios.tcgetattr(slave)
        assert settings[3] & termios.ECHO and settings[3] & termios.ICANON
        typeahead.quiet()
        assert termios.tcgetattr(slave)[3] == settings[3] & ~termios.ECHO  # the echo only
        os.write(master, b"Ann\rBoo\x7fb\n\xffDee\nCa")  # \xff: no UTF-8
        assert typeahead.ask("Player 1: ") == "Ann"
        assert termios.tcgetattr(slave) == settings  # echo and lines as they were
        assert typeahead.ask("Player 2: ") == "Bob"
        assert out.getvalue() == "Player 1: Ann\nPlayer 2: Bob\n"
        assert typeahead.ask("Player 3: ") == "\ufffdDee"
        assert typeahead.ask("Player 4: ") == "Cat"
        assert prefilled == [("Player 4: ", "Ca")]
        typeahead.restore()  # nothing left to restore: the settings stay
        assert termios.tcgetattr(slave) == settings
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        stdin.close()
        os.close(master)


def test_keys_pasted_before_the_first_prompt_past_one_read_are_all_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A scorer who pastes the answers of a whole game before play asks: `take` reads
    the terminal a kilobyte at a time, and every line of the paste (1,500 bytes here)
    answers its prompt in order; none is lost between reads."""
    import os
    import signal

    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r")
    try:
        monkeypatch.setattr(sys, "stdin", stdin)
        console = Console(file=io.StringIO(), width=80, markup=False, emoji=False)
        typeahead = Typeahead(console)

        def stuck(*_: object) -> None:
            raise TimeoutError("play waited for keys nobody typed")

        signal.signal(signal.SIGALRM, stuck)
        signal.alarm(10)
        typeahead.quiet()
        pasted = [f"Player{i:03}" for i in range(150)]  # 150 lines of 10 bytes
        os.write(master, "".join(name + "\n" for name in pasted).encode())
        assert [typeahead.ask(f"{i}: ") for i in range(150)] == pasted
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        stdin.close()
        os.close(master)


def test_off_a_terminal_play_has_no_keys_waiting_and_asks_as_usual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Off a terminal `quiet` changes nothing, `take` reads nothing, and each prompt is
    asked with the name shown as typed (markup and emoji off)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("[b]Bo\n"))
    console = terminal.new_console()
    asked: list[tuple[str, dict[str, Any]]] = []

    def answer(prompt: str, **kw: Any) -> str:
        asked.append((prompt, kw))
        return "Bo"

    monkeypatch.setattr(console, "input", answer)
    typeahead = Typeahead(console)
    typeahead.quiet()
    assert typeahead.saved is None
    assert typeahead.ask("Player 1: ") == "Bo"
    assert asked == [("Player 1: ", {"markup": False, "emoji": False})]
    assert (typeahead.lines, typeahead.begun) == ([], "")


def test_a_terminal_whose_settings_cannot_be_read_is_asked_as_usual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stdin that says it is a terminal but whose settings termios cannot read (a pipe
    here): `quiet` leaves it alone and `play` asks as anywhere else."""
    import os

    read, write = os.pipe()

    class Pretending(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    stdin = Pretending(os.fdopen(read, "rb"))
    try:
        monkeypatch.setattr(sys, "stdin", stdin)
        console = terminal.new_console()
        monkeypatch.setattr(console, "input", lambda prompt, **kw: "Ann")
        typeahead = Typeahead(console)
        typeahead.quiet()
        assert typeahead.ask("Player 1: ") == "Ann"
    finally:
        stdin.close()
        os.close(write)


def test_the_header_of_a_hand_of_one_card_says_1_card_each(ohhell: Ohhell) -> None:
    three(ohhell, "--trump", "none")
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("tricks", "-g", "t", "1", "1", "0")
    out, prompts = _session("t", [])
    assert out.splitlines()[2:6] == [
        "",
        "━━ Hand 2 of 2 · 1 card each · Bob deals ━━",
        "Cat bids first and leads the first trick.",
        "Trump: no trump.",
    ]
    assert prompts == ["Cat bids (0-1): "]
