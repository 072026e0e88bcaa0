"""`ohhell play` and the guided `ohhell new` at a real terminal: the sheet and
the totals at any prompt, the totals on resuming, the summary in seat order, notes on
hands, changing the hook while making a game, and the keys a hand takes."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tests.conftest import Ohhell
from tests.test_play_pty import answer, spawn

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


def leave(child: Any) -> None:
    child.sendline("q")
    child.expect_exact("saved; continue with `ohhell play`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


class Keys:
    """A child that counts what is typed: every character, Enter included, is a key."""

    def __init__(self, child: Any) -> None:
        self.child = child
        self.count = 0

    def type(self, prompt: str, text: str) -> None:
        answer(self.child, prompt, text)
        self.count += len(text) + 1


def test_a_four_player_cartier_hand_takes_at_most_17_keys(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "c")
    keys = Keys(spawn(data_dir, "play"))
    for bid in ("3", "2", "4"):
        keys.type("so far): " if keys.count else "Bob bids (0-13): ", bid)
    keys.type("Ann (dealer) may not bid 4; bids (0-13; 9 bid of 13 so far): ", "2")
    keys.type("names trump (s h d c n): ", "h")
    for tricks in ("3", "2", "5"):
        keys.type("took (0-", tricks)
    keys.type("Ann took 3 (Enter): ", "")
    keys.child.expect_exact("Hand 1 of 23 scored")
    assert keys.count <= 17
    leave(keys.child)
    assert ohhell.sheet("-g", "c")["totals"] == {"Ann": 3, "Bob": 13, "Cat": 12, "Dan": 5}


def test_v_shows_the_sheet_and_p_the_totals_at_any_prompt(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    child = spawn(data_dir, "play")
    answer(child, "Cat bids (0-1): ", "?")
    child.expect_exact("v  view the whole score sheet")
    child.expect_exact("p  the points: the totals so far")
    answer(child, "Cat bids (0-1): ", "v")
    child.expect_exact("t · classic · 2 hands · hands 2-1 · trump: none")
    child.expect_exact("Total")
    answer(child, "Cat bids (0-1): ", "p")  # the same prompt again, nothing entered
    child.expect_exact("Totals after hand 1 of 2: Ann 1, Bob 11 ★, Cat 10.")
    child.expect_exact("Cat bids (0-1): ")
    leave(child)
    assert ohhell.sheet("-g", "t")["hands"][1]["bids"] == {}


def test_play_resumed_shows_the_totals_so_far(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    child = spawn(data_dir, "play")
    child.expect_exact("Game t: classic · 2 hands · hands 2-1 · trump: none.")
    child.expect_exact("Hand 1 of 2")
    assert "Totals" not in child.before  # nothing scored: no totals to show
    answer(child, "Bob bids (0-2): ", "1")
    leave(child)
    ohhell.ok("bid", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    child = spawn(data_dir, "play")
    child.expect_exact("Totals after hand 1 of 2: Ann 1, Bob 11 ★, Cat 10.")
    child.expect_exact("Hand 2 of 2 · 1 card each · Bob deals")
    leave(child)


def test_the_summary_lists_the_players_in_seat_order_with_the_dealer_marked(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Hand 2 is dealt by Bob, so Cat bids first; the rows stay Ann, Bob, Cat."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    child = spawn(data_dir, "play")
    answer(child, "Cat bids (0-1): ", "1")
    answer(child, "Ann bids (0-1; 1 bid of 1 so far): ", "1")
    # docs/rules.md 4 (the hook): the others over the cards already, the dealer bids freely.
    answer(child, "Bob (dealer, free: the others bid 2 for 1) bids (0-1; 2 bid of 1 so far): ", "0")
    answer(child, "Cat took (0-1): ", "1")
    answer(child, "Ann and Bob took 0 (Enter): ", "")
    child.expect_exact("Hand 2 of 2 scored")
    child.expect(r"Ann +1 +0 +missed")
    child.expect(r"Bob +dealer +0 +0 +✓ made")
    child.expect(r"Cat +1 +1 +✓ made")
    child.expect_exact("Trump: no trump; bids 2 for 1 trick: over by 1.")
    child.expect_exact("Bob and Cat share the win with 21 each!")


def test_w_writes_a_note_on_the_hand_shown_after_it_and_on_the_sheet(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    child = spawn(data_dir, "play")
    answer(child, "Bob bids (0-2): ", "w")
    answer(child, "Note on hand 1 (Enter: no change; - clears it): ", "misdeal, redealt by Ann")
    child.expect_exact("Hand 1 note: misdeal, redealt by Ann")
    answer(child, "Bob bids (0-2): ", "1")
    answer(child, "so far): ", "0")
    answer(child, "so far): ", "0")
    answer(child, "Bob took (0-2): ", "1")
    answer(child, "Cat took (0-1): ", "0")
    answer(child, "Ann took 1 (Enter): ", "")
    child.expect_exact("Hand 1 of 2 scored")
    child.expect_exact("Note: misdeal, redealt by Ann")
    answer(child, "Cat bids (0-1): ", "v")
    child.expect_exact("Hand 1 note: misdeal, redealt by Ann")
    leave(child)
    assert "Hand 1 note: misdeal, redealt by Ann" in ohhell.ok("show", "-g", "t")


def test_the_guided_new_changes_the_hook_before_the_preset(ohhell: Ohhell, data_dir: Path) -> None:
    child = spawn(data_dir, "new", "-g", "g", "--hands", "2,1", "--trump", "none")
    for name in ("Ann", "Bob", "Cat", ""):
        answer(child, ": ", name)
    answer(child, "or a name; Enter: classic): ", "hook never")
    child.expect_exact("Rules now: classic · 2 hands · hands 2-1 · no hook · trump: none.")
    answer(child, "or a name; Enter: classic): ", "")
    answer(child, "First dealer", "")
    child.expect_exact("New game g: Ann, Bob, Cat (classic · 2 hands · hands 2-1 · no hook")
    answer(child, "Bob bids (0-2): ", "1")
    answer(child, "Cat bids (0-2; 1 bid of 2 so far): ", "1")
    # docs/rules.md 4 (the hook): with the hook off the dealer may make the bids add up.
    child.expect_exact("Ann (dealer, free: no hook) bids (0-2; 2 bid of 2 so far): ")
    child.sendline("0")
    child.expect_exact("Hand 1: bids 2 for 2 tricks: exact.")
    leave(child)
    assert ohhell.sheet("-g", "g")["rules"]["hook"] == "never"


def test_keys_typed_while_play_starts_are_shown_on_the_prompt(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Keys typed before the first prompt were taken but not shown there."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    child = spawn(data_dir, "play")
    child.send("1\n0")  # Bob's bid, and Cat's begun: typed before any prompt
    child.expect_exact("Bob bids (0-2): 1")
    child.expect_exact("Cat bids (0-2; 1 bid of 2 so far): ")
    child.expect_exact("0")  # on Cat's prompt, to finish with Enter
    child.sendline("")
    child.expect_exact("Ann (dealer) may not bid 1; bids (0-2; 1 bid of 2 so far): ")
    leave(child)
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


def test_new_with_draw_at_a_terminal_offers_to_go_on_to_play(
    ohhell: Ohhell, data_dir: Path
) -> None:
    child = spawn(data_dir, "new", "Ann", "Bob", "Cat", "--draw", "-g", "d")
    for card in ("7h", "QS", "3c"):
        answer(child, "drew (e.g. AS, 10h, Q♦): ", card)
    child.expect_exact("Bob drew the highest card (Q♠) and deals first.")
    child.expect_exact("New game d: Ann, Bob, Cat (classic · 19 hands).")
    answer(child, "Play it now? (Enter: yes; n: no, later with `ohhell play`): ", "")
    child.expect_exact("Hand 1 of 19 · 10 cards each · Bob deals")
    leave(child)


def test_new_with_draw_at_a_terminal_may_end_at_the_shell(ohhell: Ohhell, data_dir: Path) -> None:
    child = spawn(data_dir, "new", "Ann", "Bob", "Cat", "--draw", "-g", "d")
    for card in ("7h", "QS", "3c"):
        answer(child, "drew (e.g. AS, 10h, Q♦): ", card)
    answer(child, "Play it now? (Enter: yes; n: no, later with `ohhell play`): ", "n")
    child.expect_exact("Hand 1 of 19 (10 cards, Bob deals)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def three_hands_named(ohhell: Ohhell) -> None:
    """Bob 1, Cat 1, Ann 0 bid in hand 1 of two of 3 cards; Bob names trump."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", "named", "-g", "t")
    ohhell.ok("bid", "1", "1", "0")


def test_ohhell_alone_after_q_in_the_tricks_says_whose_are_in(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play` keeps the tricks typed; `ohhell` alone said "play it out, then enter the
    tricks" as if none were, and so sent the table back to count them again."""
    three_hands_named(ohhell)
    child = spawn(data_dir, "play")
    answer(child, "Bob (highest bid) names trump (s h d c n): ", "s")
    answer(child, "Bob took (0-3): ", "2")
    child.expect_exact("Cat took (0-1): ")
    leave(child)
    out = ohhell.ok()
    assert (
        "t (Ann, Bob, Cat; classic): Hand 1 of 2 (3 cards, Ann deals): tricks in: Bob 2; "
        "Cat and Ann to come (bids 2 for 3 tricks: under by 1)\n"
        "Next: `ohhell play` asks for Cat's tricks (or `ohhell tricks N...` for every "
        "player)."
    ) in out
    assert "play it out" not in out
    monkeypatch.setenv("LANGUAGE", "nl")
    child = spawn(data_dir)  # the same, in Dutch
    child.expect_exact("slagen ingevoerd: Bob 2; Cat en Ann nog te gaan")
    child.expect_exact("`ohhell play` vraagt de slagen van Cat")
    child.expect(pexpect.EOF)
    monkeypatch.setenv("LANGUAGE", "en")
    child = spawn(data_dir, "play")  # and play goes on there
    child.expect_exact("Tricks so far: Bob 2.")
    answer(child, "Cat took (0-1): ", "1")
    answer(child, "Ann took 0 (Enter): ", "")
    child.expect_exact("Hand 1 of 2 scored")
    leave(child)


@pytest.mark.parametrize(
    ("trump", "prompt", "keys"),
    [
        ("upcard", "Trump, the turned-up card's suit (s h d c): ", "s h d c (or spades"),
        ("cut", "Trump, the cut card's suit (s h d c): ", "s h d c (or spades"),
        ("named", "(highest bid) names trump (s h d c n): ", "s h d c n (or spades"),
    ],
)
def test_the_key_list_offers_only_the_trump_keys_the_rules_take(
    ohhell: Ohhell, data_dir: Path, trump: str, prompt: str, keys: str
) -> None:
    """Where the rules turn a card up or cut one, `n` is refused: `?` does not offer it.
    At a bid, the key list offers a number, not the trump."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", trump, "-g", "t")
    if trump == "named":
        ohhell.ok("bid", "1", "1", "0")
    child = spawn(data_dir, "play")
    answer(child, prompt, "?")
    child.expect_exact(f"Keys: the trump, then Enter: {keys}")
    line = child.readline()
    assert ("notrump" in line) is (trump == "named"), line
    child.expect_exact("u  take back the last answer")
    answer(child, prompt, "s")
    answer(child, "Bob bids (0-3): " if trump != "named" else "Bob took (0-3): ", "?")
    child.expect_exact("Keys: a number, then Enter.\r\n")
    child.expect_exact("u  take back the last answer")
    leave(child)


def test_a_misspelled_name_at_the_seat_change_offers_the_close_one(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """As the command line offers a command, play offers the player a name was meant for."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", "none", "-g", "t")
    child = spawn(data_dir, "play")
    answer(child, "Bob bids (0-3): ", "t")
    answer(child, "(Enter: none): ", "r")
    answer(child, "Who gets up? (Ann, Bob, Cat): ", "Catt")
    child.expect_exact("✗ no player 'Catt' at the table: Ann, Bob, Cat; did you mean 'Cat'?")
    answer(child, "Bob bids (0-3): ", "t")
    answer(child, "(Enter: none): ", "r")
    answer(child, "Who gets up? (Ann, Bob, Cat): ", "Zed")
    child.expect_exact("✗ no player 'Zed' at the table: Ann, Bob, Cat\r\n")
    child.expect_exact("Bob bids (0-3): ")
    leave(child)
    assert ohhell.sheet("-g", "t")["players"] == ["Ann", "Bob", "Cat"]
