"""The sheet model (views/sheet.py): what each cell of a game's sheet says, worked out
once for the terminal, HTML, Markdown and CSV sheets."""

from __future__ import annotations

from ohhell_score.domain.game import (
    Game,
    add_bids,
    add_tricks,
    progress,
    with_edit,
    with_join,
    with_leave,
    with_note,
    with_replace,
)
from ohhell_score.views.sheet import Cell, CellKind, Row, sheet, standings
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


# --- every kind of cell, and what a row and the sheet say about it ------------------


def three_hands() -> Game:
    """Three hands of 3 cards, no trump, no hook; in hand 1 Bob and Cat make a bid of 1
    (11 each), Dan a bid of 0 (10), and Ann takes a trick on a bid of 0 (1)."""
    game = new_game("classic", first_dealer=0, hands="3,3,3", trump="none", hook="never")
    return bids_and_tricks(game, [1, 1, 0, 0], [1, 1, 0, 1])


def cells_of(row: Row, players: tuple[str, ...]) -> dict[str, Cell]:
    return dict(zip(players, row.cells, strict=True))


def test_a_hand_not_begun_has_every_seated_player_waiting_without_a_total() -> None:
    row = sheet(progress(three_card_game())).rows[0]
    assert [c.kind for c in row.cells] == [CellKind.WAITING] * 4
    assert [(c.bid, c.total, c.mark, c.made) for c in row.cells] == [(None, None, "", False)] * 4
    assert (row.current, row.scored, row.over, row.over_words, row.entered) == (
        True,
        False,
        "",
        "",
        False,
    )


def test_a_player_who_left_keeps_their_total_in_the_rows_after() -> None:
    """Cat leaves after hand 1 with 11: away in hand 2 with the mark "left" and her 11."""
    prog = with_leave(progress(three_hands()), "Cat")
    game = bids_and_tricks(prog.game, [0, 0, 0], [1, 1, 1])
    sh = sheet(progress(game))
    cat = cells_of(sh.rows[1], sh.players)["Cat"]
    assert (cat.kind, cat.mark, cat.total, cat.bid) == (CellKind.AWAY, "left", 11, None)
    assert cells_of(sh.rows[2], sh.players)["Cat"].mark == ""  # the mark once
    assert sh.total_cells[sh.players.index("Cat")] == "11"


def test_a_seat_handed_over_with_its_total_says_where_it_went_and_shows_no_total() -> None:
    """Cat gives her seat and her 11 to Eve after hand 1: "→ Eve" in hand 2, no total
    of hers after it (it is Eve's: 11 and a trick on a bid of 0, 12), and "11 → Eve" in
    the totals row."""
    prog = with_replace(progress(three_hands()), "Cat", "Eve", carry=True)
    game = bids_and_tricks(prog.game, [0, 0, 0, 0], [1, 1, 1, 0])
    sh = sheet(progress(game))
    cat = cells_of(sh.rows[1], sh.players)["Cat"]
    assert (cat.kind, cat.mark, cat.total) == (CellKind.AWAY, "→ Eve", None)
    eve = cells_of(sh.rows[1], sh.players)["Eve"]
    assert (eve.kind, eve.bid, eve.tricks, eve.total) == (CellKind.SCORED, 0, 1, 12)
    assert sh.total_cells[sh.players.index("Cat")] == "11 → Eve"
    assert sh.gave_to[sh.players.index("Cat")] == "Eve"


def test_a_newcomer_is_away_without_a_mark_in_the_hands_before_they_sat_down() -> None:
    prog = with_join(progress(three_hands()), "Eve", "Bob", 5)
    sh = sheet(prog)
    eve = cells_of(sh.rows[0], sh.players)["Eve"]
    assert (eve.kind, eve.mark, eve.total) == (CellKind.AWAY, "", None)
    assert cells_of(sh.rows[1], sh.players)["Eve"].kind is CellKind.WAITING
    assert "Eve" not in sh.rows[0].players and "Eve" in sh.rows[1].players
    assert sh.total_cells[sh.players.index("Eve")] == "5"


def test_a_hand_corrected_after_it_was_scored_is_marked_and_the_mark_explained() -> None:
    prog = with_edit(progress(three_hands()), 1, "tricks", [("Cat", 0), ("Dan", 1)])
    sh = sheet(prog)
    assert (sh.rows[0].hand_mark, sh.rows[1].hand_mark, sh.corrected) == ("*", "", True)
    assert sh.notes()[-1] == "* a hand that was corrected after it was scored"


def test_the_hook_the_over_under_and_a_note_are_on_the_row_and_under_the_sheet() -> None:
    """The hook of classic binds Ann (dealer) in hand 1: bids 1, 1, 0 for 3, so 1 was
    forbidden to her; the bids are 1 under the tricks."""
    game = new_game("classic", first_dealer=0, hands="3,3", trump="none")
    game = bids_and_tricks(game, [1, 1, 0, 0], [1, 1, 0, 1])
    prog = with_note(progress(game), 1, "misdeal, redealt by Bob")
    row = sheet(prog).rows[0]
    assert (row.hook_mark, row.over, row.over_words, row.note) == (
        "†",
        "-1",
        "1 under",
        "misdeal, redealt by Bob",
    )
    assert sheet(prog).notes() == [
        "Hand 1 note: misdeal, redealt by Bob",
        "± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
    ]
    assert sheet(prog).notes(over=False) == [
        "Hand 1 note: misdeal, redealt by Bob",
        "† the hook bound the dealer: one bid was forbidden",
    ]


def test_without_the_hook_the_sheet_explains_only_the_over_under() -> None:
    sh = sheet(progress(three_hands()))
    assert sh.rows[0].hook_mark == ""
    assert sh.notes() == [
        "± the bids over (+) or under (-) the tricks; † the hook bound the dealer"
    ]
    assert sh.notes(over=False) == []
