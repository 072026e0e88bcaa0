"""The board's entry controls as a phone gets them (docs/board.md, "Entering from the
phones"): what each step offers and sends, in English and Dutch, and that a read-only
board, a phone without the code and the hall's screen get none. In-process: the page as
views/board.py draws it (the browser test of tests/test_entry_browser.py presses them)."""

from __future__ import annotations

import json

import pytest

from ohhell_score.domain.game import Game, add_bids, progress
from ohhell_score.views.board import board_page, game_main
from tests.games import new_game
from tests.html_page import read_as
from tests.test_board import BLOCKS, Node

AT = "2026-11-30T20:00:00+00:00"


def page(
    game: Game,
    entry: str = "entered",
    *,
    held: dict[str, int] | None = None,
    hall: bool = False,
    confirm: bool = False,
    held_here: bool = False,
) -> Node:
    """The phone's page of ``game`` on a board that takes entries (``entry``: what
    this phone may do, "" on a read-only board), parsed."""
    main = game_main(progress(game), entry=entry != "", held=held, version="v7")
    html = board_page(game.id, main, hall=hall, entry=entry, confirm=confirm, held_here=held_here)
    page = read_as(html, Node)
    assert (page.problems, page.unclosed, page.root.strays(BLOCKS)) == ([], [], [])
    return page.root


def sends(node: Node) -> list[tuple[str, bool, object]]:
    """Each button of the controls: what it says, whether it can be pressed, what it sends."""
    return [
        (b.text(), "disabled" not in b.attrs, json.loads(b.attrs["data-send"] or ""))
        for b in node.one("section", "entry").all("button")
        if "data-send" in b.attrs
    ]


def hooked() -> Game:
    """Hand 1 of a hooked game, 3 cards: Bob, Cat and Dan bid 1, 0, 1; Ann deals."""
    game = new_game("g", ("Ann", "Bob", "Cat", "Dan"), "classic", hands="3,2,1", trump="none")
    return add_bids(game, [(None, 1), (None, 0), (None, 1)], AT)


def test_the_bidder_gets_a_button_per_bid_and_the_dealers_forbidden_one_struck_out() -> None:
    root = page(hooked())
    entry = root.one("section", "entry")
    assert entry.attrs["data-version"] == "v7"  # what the phone saw, sent with the entry
    assert entry.one("h2").text() == "Ann bids:"
    assert sends(root)[:4] == [
        ("0", True, {"bids": {"Ann": 0}}),
        ("1", False, {"bids": {"Ann": 1}}),  # 1 + 0 + 1 + 1 would make the 3 cards
        ("2", True, {"bids": {"Ann": 2}}),
        ("3", True, {"bids": {"Ann": 3}}),
    ]
    struck = root.one("section", "entry").all("button", "forbidden")
    assert [b.text() for b in struck] == ["1"]
    assert struck[0].attrs["title"] == "the dealer may not bid 1"


def test_the_undo_asks_for_a_second_tap() -> None:
    undo = page(hooked()).one("p", "undo").one("button")
    assert undo.text() == "Undo the last entry"
    assert undo.attrs["data-again"] == "Tap again to undo"
    assert json.loads(undo.attrs["data-send"] or "") == {"undo": True}


def test_nothing_entered_yet_has_nothing_to_undo() -> None:
    game = new_game("g", ("Ann", "Bob", "Cat"), "classic", hands="3,2,1", trump="none")
    assert page(game).one("section", "entry").all("p", "undo") == []


@pytest.mark.parametrize(
    ("trump", "heading", "suits"),
    [
        ("dealer", "Trump named by Ann", ["spades", "hearts", "diamonds", "clubs", "notrump"]),
        ("upcard", "The suit of the card turned up", ["spades", "hearts", "diamonds", "clubs"]),
        ("cut", "The suit of the cut card", ["spades", "hearts", "diamonds", "clubs"]),
    ],
)
def test_the_trump_is_one_of_four_suits_and_no_trump_where_the_rules_allow(
    trump: str, heading: str, suits: list[str]
) -> None:
    """docs/rules.md: an upcard or a cut card always shows a suit."""
    root = page(new_game("g", ("Ann", "Bob", "Cat"), "classic", hands="3,2,1", trump=trump))
    assert root.one("section", "entry").one("h2").text() == heading
    buttons = [(said, what) for said, _on, what in sends(root) if "trump" in str(what)]
    assert [what for _said, what in buttons] == [{"trump": s} for s in suits]
    assert buttons[0][0] == "♠ spades" and buttons[1][0] == "♥ hearts"
    red = [b.text() for b in root.one("section", "entry").all("button", "red")]
    assert red == ["♥ hearts", "♦ diamonds"]


def tricks_step() -> Game:
    """Hand 1 (3 cards) with every bid in and no trump: its tricks are next."""
    return add_bids(hooked(), [(None, 0)], AT)


def test_the_tricks_are_a_stepper_a_player_in_bidding_order_and_no_score_yet() -> None:
    root = page(tricks_step())
    box = root.one("div", "tricks")
    assert box.attrs["data-cards"] == "3"
    rows = box.all("div", "stepper")
    assert [(r.attrs["data-player"], r.one("span", "who").text()) for r in rows] == [
        ("Bob", "Bob bid 1"),
        ("Cat", "Cat bid 0"),
        ("Dan", "Dan bid 1"),
        ("Ann", "Ann bid 0"),
    ]
    assert [b.text() for b in rows[0].all("button")] == ["−", "+"]
    assert rows[0].one("button", "more").attrs["aria-label"] == "one trick more: Bob"
    score = box.one("button", "score")
    assert score.text() == "Score the hand" and "hidden" in score.attrs


HELD = {"Bob": 1, "Cat": 0, "Dan": 1, "Ann": 1}


def test_held_tricks_are_confirmed_or_refused_on_another_phone() -> None:
    root = page(tricks_step(), held=HELD, confirm=True)
    entry = root.one("section", "entry")
    assert entry.all("div", "tricks") == []  # no steppers while tricks wait
    theirs = entry.one("div", "theirs")
    assert theirs.one("p", "held").text() == "Entered on another phone: Bob 1, Cat 0, Dan 1, Ann 1"
    assert sends(root) == [
        ("Confirm", True, {"confirm": True}),
        ("Not right", True, {"undo": True}),
        ("Undo the last entry", True, {"undo": True}),
    ]
    mine = [n for n in entry.elements() if "mine" in n.classes]
    assert [n.text() for n in mine] == [
        "waiting for another phone to confirm: Bob 1, Cat 0, Dan 1, Ann 1",
        "Undo the last entry",  # for the phone that entered them: take them back
    ]
    body = root.one("body")
    assert (body.attrs["data-confirm"], "data-held-here" not in body.attrs) == ("on", True)
    assert page(tricks_step(), held=HELD, held_here=True).one("body").attrs["data-held-here"]


def test_a_phone_without_the_code_gets_the_form_to_give_it() -> None:
    root = page(hooked(), entry="code")
    assert root.one("body").attrs["data-entry"] == "code"
    enter = root.one("details", "enter")
    assert enter.one("summary").text() == "Enter"
    form = enter.one("form")
    assert (form.attrs["method"], form.attrs["action"]) == ("post", "/enter")
    field = form.one("input")
    assert (field.attrs["name"], field.attrs["inputmode"], field.attrs["pattern"]) == (
        "code",
        "numeric",
        "[0-9]{6}",
    )


def test_a_read_only_board_has_no_controls_and_asks_for_no_code() -> None:
    root = page(hooked(), entry="")
    assert root.all("section", "entry") == []
    assert root.all("details", "enter") == []
    assert "data-entry" not in root.one("body").attrs
    assert [s for s in root.all("script") if s.attrs.get("id") == "words"] == []


@pytest.mark.parametrize("entry", ["code", "entered"])
def test_the_halls_screen_enters_nothing(entry: str) -> None:
    """A TV shows the game: no code asked, and the controls (drawn for the phones)
    stay hidden, as the style hides them without the body's data-entry."""
    root = page(hooked(), entry=entry, hall=True)
    assert root.all("details", "enter") == []
    assert "data-entry" not in root.one("body").attrs


def test_the_words_the_script_says_come_with_the_page() -> None:
    root = page(hooked())
    (words,) = [s for s in root.all("script") if s.attrs.get("id") == "words"]
    assert json.loads("".join(words.strings())) == {
        "enter": "Enter",
        "code": "The table's code (six digits, on the scorer's screen)",
        "go": "Go",
        "changed": "the game changed: look again",
        "unsent": "Not sent: the scorer's laptop cannot be reached.",
        "sum": "{sum} of {cards} tricks",
    }


def test_a_name_is_escaped_in_the_buttons_and_what_they_send() -> None:
    game = new_game("g", ("<b>Bo</b>", "Ann's", "Cat"), "classic", hands="3,2,1", trump="none")
    html = board_page(
        "g", game_main(progress(game), entry=True, version="v"), hall=False, entry="entered"
    )
    assert "<b>Bo</b>" not in html
    root = page(game)
    assert sends(root)[0][2] == {"bids": {"Ann's": 0}}  # Ann's bids first: Bo deals
    bid = add_bids(game, [(None, 0), (None, 0), (None, 0)], AT)
    assert "<b>Bo</b>" in [r.attrs.get("data-player") for r in page(bid).all("div", "stepper")]


def test_the_controls_speak_dutch(dutch: None) -> None:
    root = page(tricks_step(), held=HELD, confirm=True)
    entry = root.one("section", "entry")
    assert entry.one("h2").text() == "Gehaalde slagen"
    assert [said for said, _on, _what in sends(root)] == [
        "Klopt",
        "Klopt niet",
        "Laatste invoer ongedaan maken",
    ]
    assert page(hooked(), entry="code").one("details", "enter").one("summary").text() == "Invoeren"
    assert page(hooked()).one("section", "entry").one("h2").text() == "Ann biedt:"
