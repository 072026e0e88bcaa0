"""The sheet model (views/sheet.py): what each cell of a game's sheet says, worked out
once for the terminal, HTML, Markdown and CSV sheets."""

from __future__ import annotations

from ohhell_score.domain.game import Game, add_bids, add_tricks, progress, with_leave
from ohhell_score.views.sheet import CellKind, sheet, standings
from tests.domain import new_game


def three_card_game() -> Game:
    """Ann deals two hands of 3 cards, no trump, no hook; Bob bids first."""
    return new_game("classic", first_dealer=0, hands="3,3", trump="none", hook="never")


def bids_and_tricks(game: Game, bids: list[int], tricks: list[int]) -> Game:
    game = add_bids(game, [(None, b) for b in bids])
    return add_tricks(game, [(None, t) for t in tricks])


def test_a_made_and_a_missed_bid_with_score_and_total() -> None:
    """Bob bids 1 and takes 1 (made: 11 under classic scoring); Cat bids 1, takes 0."""
    game = bids_and_tricks(three_card_game(), [1, 1, 0, 0], [1, 0, 1, 1])
    row = sheet(progress(game)).rows[0]
    cells = dict(zip(("Ann", "Bob", "Cat", "Dan"), row.cells, strict=True))
    bob, cat = cells["Bob"], cells["Cat"]
    assert (bob.kind, bob.bid, bob.tricks, bob.made) == (CellKind.SCORED, 1, 1, True)
    assert (bob.score, bob.total) == (11, 11)
    assert (cat.kind, cat.bid, cat.tricks, cat.made, cat.score) == (CellKind.SCORED, 1, 0, False, 0)
    assert (row.scored, row.over, row.current) == (True, "-1", False)


def test_a_hand_being_bid_holds_the_bids_alone_and_is_current() -> None:
    game = add_bids(three_card_game(), [(None, 2)])  # Bob bids 2 of hand 1
    row = sheet(progress(game)).rows[0]
    bob = row.cells[1]
    assert (bob.kind, bob.bid, bob.tricks, bob.total) == (CellKind.BID, 2, None, None)
    assert row.cells[2].kind is CellKind.WAITING  # Cat has not bid yet
    assert (row.current, row.scored, row.over) == (True, False, "")  # ± once all bids are in


def test_a_player_who_left_is_away_with_the_mark_only_in_the_first_hand_without_them() -> None:
    game = bids_and_tricks(three_card_game(), [0, 0, 0, 0], [3, 0, 0, 0])
    game = with_leave(progress(game), "Cat").game
    rows = sheet(progress(game)).rows
    cat = rows[1].cells[2]
    assert (cat.kind, cat.mark, cat.bid) == (CellKind.AWAY, "left", None)
    assert rows[0].cells[2].mark == ""
    assert "Cat" not in rows[1].players


def test_two_tied_leaders_share_first_place_and_the_next_is_third() -> None:
    """Bob and Cat make 1 each (11), Ann makes 0 (10), Dan misses (a point for his
    trick): places 1, 1, 3, 4."""
    game = bids_and_tricks(three_card_game(), [1, 1, 0, 0], [1, 1, 1, 0])
    prog = progress(game)
    assert [(s.place, s.player, s.total) for s in standings(prog)] == [
        (1, "Bob", 11),
        (1, "Cat", 11),
        (3, "Ann", 10),
        (4, "Dan", 1),
    ]
    assert sheet(prog).leaders == {"Bob", "Cat"}


def test_no_leader_before_a_hand_is_scored() -> None:
    assert sheet(progress(three_card_game())).leaders == frozenset()
