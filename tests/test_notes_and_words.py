"""At the table: notes on hands (`ohhell note`), the rules in words in every
view, what a paper sheet keeps of a hand, and the wording of lists of names."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from ohhell_score.cli.interactive import Session
from ohhell_score.domain.game import MAX_NOTE
from tests.conftest import Ohhell, scripted


def three(ohhell: Ohhell, *options: str) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t", *options)


def first_hand(ohhell: Ohhell) -> None:
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")


# --- ohhell note ----------------------------------------------------------------------------


def test_a_note_goes_to_the_current_hand_by_default_and_is_on_the_sheet(ohhell: Ohhell) -> None:
    three(ohhell)
    first_hand(ohhell)
    assert ohhell.ok("note", "misdeal,", "redealt", "by", "Bob").startswith(
        "Hand 2 note: misdeal, redealt by Bob"
    )
    assert "Hand 2 note: misdeal, redealt by Bob" in ohhell.ok("show")


def test_a_note_names_its_hand_first_and_a_new_note_replaces_it(ohhell: Ohhell) -> None:
    three(ohhell)
    first_hand(ohhell)
    ohhell.ok("note", "1", "Bob", "led", "out", "of", "turn")
    ohhell.ok("note", "1", "Bob led out of turn, no penalty")
    lines = ohhell.ok("show").splitlines()
    assert [x for x in lines if x.startswith("Hand 1 note")] == [
        "Hand 1 note: Bob led out of turn, no penalty"
    ]


def test_an_empty_note_clears_the_hands_note(ohhell: Ohhell) -> None:
    three(ohhell)
    ohhell.ok("note", "1", "misdeal")
    assert "note cleared" in ohhell.ok("note", "1", "")
    assert "note" not in ohhell.ok("show")
    assert ohhell.refused("note", "1", "") == "ohhell: hand 1 has no note to clear\n"


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        ("3", "no hand 3: game t has hands 1 to 2"),
        ("2", "hand 2 is not reached yet: the game is on hand 1"),
    ],
)
def test_a_note_on_a_hand_that_does_not_exist_is_refused(
    ohhell: Ohhell, data_dir: Path, hand: str, reason: str
) -> None:
    three(ohhell)
    before = (data_dir / "t.json").read_bytes()
    assert ohhell.refused("note", hand, "misdeal") == f"ohhell: {reason}\n"
    assert (data_dir / "t.json").read_bytes() == before


def test_a_note_too_long_or_unprintable_is_refused(ohhell: Ohhell) -> None:
    three(ohhell)
    said = f"ohhell: a note must be at most {MAX_NOTE} printable characters\n"
    assert ohhell.refused("note", "x" * (MAX_NOTE + 1)) == said
    assert ohhell.refused("note", "\x1b[31mred") == said
    ohhell.ok("note", "x" * MAX_NOTE)
    assert f"Hand 1 note: {'x' * MAX_NOTE}" in ohhell.ok("show")  # and the file reads back


def test_a_note_after_the_last_hand_goes_to_the_last_hand(ohhell: Ohhell) -> None:
    """The game is over: no hand is current, so the note is the last hand's."""
    three(ohhell)
    first_hand(ohhell)
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0")
    assert ohhell.ok("note", "well played") == "Hand 2 note: well played\n"
    assert "Hand 2 note: well played" in ohhell.ok("show")


def test_a_hand_number_without_text_is_a_malformed_command(ohhell: Ohhell) -> None:
    three(ohhell)
    assert 'ohhell note 1 ""' in ohhell.refused("note", "1", code=2)


def test_undo_leaves_a_note_alone(ohhell: Ohhell) -> None:
    """A note is not an entry (docs/scripting.md, `undo`): undo takes back the bid only."""
    three(ohhell)
    ohhell.ok("bid", "1")
    ohhell.ok("note", "misdeal")
    assert "Took back Bob's bid of 1" in ohhell.ok("undo")
    assert "Hand 1 note: misdeal" in ohhell.ok("show")


def test_a_note_is_kept_in_the_game_file_and_read_back(ohhell: Ohhell, data_dir: Path) -> None:
    three(ohhell)
    ohhell.ok("note", "misdeal")
    saved = json.loads((data_dir / "t.json").read_text(encoding="utf-8"))
    assert saved["schema"] == 2
    assert [(n["hand"], n["text"]) for n in saved["notes"]] == [(1, "misdeal")]


def test_a_note_keeps_its_time_in_the_history_and_the_list(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A note is stamped like an entry: the history says when it was written, and the
    list's "last played" moves to it (each command reads the game file back)."""
    from ohhell_score.storage import games

    moment = ["2026-11-13T20:00:00+01:00"]
    monkeypatch.setattr(games, "now", lambda: moment[0])
    three(ohhell)
    moment[0] = "2026-11-13T21:05:30+01:00"
    ohhell.ok("note", "misdeal")
    assert ohhell.ok("history", "-g", "t").splitlines() == [
        "2026-11-13 21:05:30  hand 1    note: misdeal"
    ]
    assert ohhell.ok("list").splitlines()[-1].endswith("   2026-11-13 21:05")


def test_a_schema_1_game_file_reads_as_it_is(ohhell: Ohhell, data_dir: Path) -> None:
    three(ohhell)
    first_hand(ohhell)
    path = data_dir / "t.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["schema"] = 1
    del data["notes"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ohhell.sheet("-g", "t")["totals"] == {"Ann": 1, "Bob": 11, "Cat": 10}
    ohhell.ok("note", "1", "first hand")  # and takes a note, saved as schema 2
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 2


def test_notes_are_in_every_export_and_the_history(ohhell: Ohhell) -> None:
    three(ohhell)
    first_hand(ohhell)
    ohhell.ok("note", "1", "misdeal, redealt by Bob")
    assert "Hand 1 note: misdeal, redealt by Bob" in ohhell.ok("export", "--format", "md")
    csv_rows = list(csv.DictReader(io.StringIO(ohhell.ok("export", "--format", "csv"))))
    assert csv_rows[0]["note"] == "misdeal, redealt by Bob"
    assert "Hand 1 note: misdeal, redealt by Bob" in ohhell.ok("export", "--format", "html")
    exported = json.loads(ohhell.ok("export", "--format", "json"))
    assert exported["game"]["notes"][0]["text"] == "misdeal, redealt by Bob"
    assert "note: misdeal, redealt by Bob" in ohhell.ok("history", "-g", "t")


# --- the rules in words -----------------------------------------------------------------------


def test_a_game_without_the_hook_says_so_in_every_view(ohhell: Ohhell) -> None:
    """`--hook never` was "classic, 19 hands" everywhere but HTML and JSON."""
    made = ohhell.ok("new", "Ann", "Bob", "Cat", "--hook", "never", "-g", "free")
    assert "(classic · 19 hands · no hook)" in made
    assert "free · classic · 19 hands · no hook" in ohhell.ok("show")
    assert "classic · 19 hands · no hook" in ohhell.ok("list")
    assert "classic · 19 hands · no hook ·" in ohhell.ok("export", "--format", "md")
    assert "<b>no hook</b>" in ohhell.ok("export", "--format", "html")


def test_a_game_of_one_hand_says_1_hand(ohhell: Ohhell) -> None:
    """The rules line counts the hands in the singular for one."""
    made = ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "-g", "one")
    assert "(classic · 1 hand · hands 1)" in made
    assert "one · classic · 1 hand · hands 1" in ohhell.ok("show")


def test_a_game_as_its_preset_names_no_change(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "c")
    assert ohhell.ok("show").splitlines()[0].rstrip() == "c · cartier · 23 hands"


def test_each_changed_rule_is_said_in_words(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "ten-to-one", "--hook", "from:5",
              "--trump", "dealer", "--scoring", "exact", "--hands", "7-1", "-g", "w")  # fmt: skip
    lines = ohhell.ok("show").splitlines()
    title = " ".join(x.strip() for x in lines[: next(i for i, x in enumerate(lines) if "#" in x)])
    assert title == (
        "w · ten-to-one · 7 hands · hands 7-1 · hook from 5 cards · trump: the dealer "
        "names it before the bids · scoring: bid made, 10 + the bid; bid missed, nothing"
    )


def test_a_hook_on_every_hand_and_another_deck_are_said_in_words(ohhell: Ohhell) -> None:
    """docs/rules.md "Rule parameters": the hook and the deck, where they differ from the
    preset's."""
    made = ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "ten-to-one", "--hook", "always",
                     "--deck-size", "60", "-g", "w")  # fmt: skip
    assert "(ten-to-one · 10 hands · hook on every hand · 60-card deck)" in made


def test_a_hook_from_one_card_is_said_in_the_singular(ohhell: Ohhell) -> None:
    """`--hook from:1` was "hook from 1 cards"."""
    made = ohhell.ok("new", "Ann", "Bob", "Cat", "--hook", "from:1", "-g", "v")
    assert "(classic · 19 hands · hook from 1 card)" in made


def test_the_html_header_says_the_rules_in_words_not_codes(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "ten-to-one", "-g", "w")
    html = ohhell.ok("export", "--format", "html")
    assert "hook from:6" not in html and "schedule:H,C,S,D,N" not in html
    assert "hook from 6 cards" in html
    assert "hearts, clubs, spades, diamonds, no trump" in html


@pytest.mark.parametrize(
    ("options", "why"),
    [(("--hook", "never"), "no hook"), (("--hook", "from:3"), "hook from 3 cards")],
)
def test_the_dealer_is_told_why_the_bid_is_free(
    ohhell: Ohhell, options: tuple[str, ...], why: str
) -> None:
    """docs/rules.md 4: the hook binds only when it applies; the dealer hears why not."""
    three(ohhell, *options)
    ohhell.ok("bid", "1", "1")
    assert f"Ann to bid (dealer, free: {why}); 2 bid of 2" in ohhell.ok("show")


# --- what a paper sheet keeps of a hand -------------------------------------------------------


def test_bid_says_the_bids_so_far_against_the_cards(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "c")
    out = ohhell.ok("bid", "3", "2")
    assert "Dan to bid; 5 bid of 13" in out


def test_the_sheet_marks_the_over_under_the_hook_and_who_named_trump(ohhell: Ohhell) -> None:
    """docs/rules.md 4: Bob 3, Cat 2, Dan 4 of 13: Ann (dealer) may not bid 4 (the hook bound
    her); the bids come to 11 for 13 (under by 2); Dan, highest, named trump."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "c")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "3", "2", "5", "3")
    lines = ohhell.ok("show").splitlines()
    assert lines[1].split()[-1] == "±"
    assert lines[3].split()[-1] == "-2†"
    assert "Trump named by: 1 Dan" in lines
    assert "± the bids over (+) or under (-) the tricks; † the hook bound the dealer" in lines


def test_a_hand_that_deals_no_trump_by_rule_says_no_trump_once(ohhell: Ohhell) -> None:
    three(ohhell)
    out = ohhell("play", input="1\n0\n0\n1\n0\n\nq\n").stdout
    assert "(trump no trump)" not in out
    assert "Trump: no trump; bids 1 for 2 tricks: under by 1." in out


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["Ann"], "Ann"),
        (["Ann", "Bob"], "Ann and Bob"),
        (["Ann", "Bob", "Dan"], "Ann, Bob and Dan"),
    ],
)
def test_a_list_of_names_is_said_as_it_is_read_aloud(names: list[str], said: str) -> None:
    from ohhell_score.views.words import names_words

    assert names_words(names) == said


def test_three_who_share_the_win_are_named_with_commas(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "1", "--trump", "none", "-g", "one")
    ohhell.ok("bid", "0", "0", "0", "0")
    ohhell.ok("tricks", "Ann=1", "Bob=0", "Cat=0", "Dan=0")
    assert "Game over: Bob, Cat and Dan share the win with 10." in ohhell.ok("show")
    out = ohhell("play", "-g", "one").stdout
    assert "Bob, Cat and Dan share the win with 10 each!" in out


def test_the_html_sheet_marks_the_over_under_and_the_hook(ohhell: Ohhell) -> None:
    """The hand of docs/rules.md 4 as above, on the HTML sheet: "2 under" in the last
    column (beside the 13 cards, "13 -2" read as a sum), † after the hand's number, Dan
    named as trump's namer under the sheet."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "c")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "3", "2", "5", "3")
    html = ohhell.ok("export", "--format", "html")
    assert "<td>1†</td><td>13</td>" in html
    assert '<td class="over">2 under</td></tr>' in html
    assert "Trump named by: 1 Dan." in html


def test_w_in_play_writes_replaces_and_clears_the_hands_note(ohhell: Ohhell) -> None:
    three(ohhell)
    out = ohhell("play", input="w\nmisdeal\nw\n\nw\n-\nq\n").stdout
    assert "Hand 1 note: misdeal" in out
    assert "Hand 1's note: misdeal" in out  # shown again before a second note
    assert "Hand 1: note cleared." in out
    assert "note" not in ohhell.ok("show")
    history = ohhell.ok("history", "-g", "t")
    assert "note: misdeal" in history and "note cleared" in history
    assert ohhell.sheet()["hands"][0]["bids"] == {}  # a note is no answer


def test_w_in_play_notes_the_hand_it_named_in_the_game_played(ohhell: Ohhell) -> None:
    """Play's `w` on game t (not the current game) shows the hand's note, names the hand
    in its question, and the note goes to that hand of t, even when another ohhell ends
    the hand while the question waits."""
    three(ohhell)
    ohhell.ok("note", "-g", "t", "misdeal")
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")
    prompts: list[str] = []

    def tricks_meanwhile() -> str:
        ohhell.ok("tricks", "-g", "t", "1", "0", "1")
        ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "another")  # current again: not t
        return "redealt by Bob"

    ask = scripted(["w", tricks_meanwhile], prompts)

    shown = io.StringIO()
    with pytest.raises(EOFError):
        Session("t", Console(file=shown, width=200), ask).run()
    assert prompts[1] == "Note on hand 1 (Enter: no change; - clears it): "
    assert "\nHand 1's note: misdeal\nHand 1 note: redealt by Bob\n" in shown.getvalue()
    assert "Hand 1 note: redealt by Bob" in ohhell.ok("show", "-g", "t")
    assert "note" not in ohhell.ok("show", "-g", "other") + ohhell.ok("show", "-g", "another")


def _played_on_a_terminal(game: str, *answers: str, width: int = 80) -> str:
    """`play -g game` in-process with these answers, then end of input, on what rich
    takes for a terminal (so bold and the sheet's styles show as escape codes)."""
    shown = io.StringIO()
    console = Console(
        file=shown, width=width, force_terminal=True, color_system="standard", highlight=False
    )
    with pytest.raises(EOFError):
        Session(game, console, scripted(answers)).run()
    return shown.getvalue()


def test_p_and_v_in_play_show_the_totals_in_bold_and_the_styled_sheet_of_the_game_played(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs: play's `p` says the totals (bold on a terminal), `v` draws the whole sheet
    as `ohhell show` does, styled on a terminal and fitted to its width: both of the
    game played, not of the current game."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    three(ohhell)
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("tricks", "-g", "t", "1", "0", "1")
    ohhell.ok("new", "Xia", "Yul", "Zoe", "-g", "other")  # the current game: not t
    header_ends = "Trump: no trump.\n"
    out = _played_on_a_terminal("t", "p").split(header_ends, 1)[1]
    assert out == "\x1b[1mTotals after hand 1 of 2: Ann 1, Bob 11 ★, Cat 10.\x1b[0m\n"
    out = _played_on_a_terminal("t", "v").split(header_ends, 1)[1]
    assert out.startswith("\x1b[3mt · classic · 2 hands")  # the title in italics
    bare = re.sub(r"\x1b\[[0-9;]*m", "", out).splitlines()
    drawn = ohhell.ok("show", "-g", "t").splitlines()
    assert [b.rstrip() for b in bare] == drawn  # as `show` draws it in 80 columns
    narrow = _played_on_a_terminal("t", "v", width=40).split(header_ends, 1)[1]
    sheet = re.sub(r"\x1b\[[0-9;]*m", "", narrow).splitlines()
    assert "Bob" in "".join(sheet) and all(len(line) <= 40 for line in sheet), sheet


def test_v_in_play_on_a_terminal_too_narrow_for_the_sheet_prints_each_row_whole(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players need 24 columns at the least: in 20, `v` prints each row of the sheet
    on one line, as `show` does (the terminal folds it), not broken at its spaces."""
    three(ohhell)
    ohhell.ok("bid", "-g", "t", "1", "0", "0")
    ohhell.ok("tricks", "-g", "t", "1", "0", "1")
    out = _played_on_a_terminal("t", "v", width=20).split("Trump: no trump.\n", 1)[1]
    bare = re.sub(r"\x1b\[[0-9;]*m", "", out).splitlines()
    monkeypatch.setenv("COLUMNS", "20")
    drawn = ohhell.ok("show", "-g", "t").splitlines()
    assert max(len(line) for line in drawn) > 20
    assert [b.rstrip() for b in bare] == drawn


def test_w_in_play_says_why_a_note_is_not_cleared(ohhell: Ohhell) -> None:
    three(ohhell)
    out = ohhell("play", input="w\n-\nq\n").stdout
    assert "(Enter: no change; - clears it):   ✗ hand 1 has no note to clear\n" in out


def test_a_note_is_escaped_and_neutralised_in_the_exports(ohhell: Ohhell) -> None:
    three(ohhell)
    ohhell.ok("note", "--", "=1+1 <script>x</script> *bold*")
    html = ohhell.ok("export", "--format", "html")
    assert "<script>x" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "'=1+1 <script>" in ohhell.ok("export", "--format", "csv")
    assert r"\<script\>x\</script\> \*bold\*" in ohhell.ok("export", "--format", "md")


def test_at_80_columns_a_cartier_table_of_four_sees_the_over_under(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The over/under takes the place of each hand's score (the difference of the
    totals) where both do not fit; no name is cut for it."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "c")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "3", "2", "5", "3")
    monkeypatch.setenv("COLUMNS", "80")
    lines = ohhell.ok("show").splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[1].split() == ["#", "n", "deals", "Ann", "Bob", "Cat", "Dan", "±"]
    assert lines[3].split() == ["1", "13♥", "Ann", "2/3", "3", "3/3✓", "13", "2/2✓", "12",
                                "4/5", "5", "-2†"]  # fmt: skip


def test_a_refused_answer_in_play_stands_out_in_bold_on_a_terminal(ohhell: Ohhell) -> None:
    """A blank bid is refused, the reason in bold on a terminal."""
    three(ohhell)
    out = _played_on_a_terminal("t", "")
    assert "\x1b[1m  ✗ type a bid 0 to 2, then Enter (? shows the keys)\x1b[0m\n" in out


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_a_note_on_a_named_hand_is_said_whole_and_clearing_it_is_one_line(ohhell: Ohhell) -> None:
    three(ohhell)
    assert ohhell.ok("note", "1", "Bob", "led", "out", "of", "turn") == (
        "Hand 1 note: Bob led out of turn\n"
    )
    assert ohhell.ok("note", "1", "") == "Hand 1: note cleared.\n"


def test_a_note_that_starts_with_a_short_word_goes_to_the_current_hand(ohhell: Ohhell) -> None:
    three(ohhell)
    assert ohhell.ok("note", "Bob", "led", "out", "of", "turn") == (
        "Hand 1 note: Bob led out of turn\n"
    )


def test_a_hand_number_is_up_to_three_digits_a_longer_number_starts_the_note(
    ohhell: Ohhell,
) -> None:
    three(ohhell)
    assert ohhell.refused("note", "100", "misdeal") == (
        "ohhell: no hand 100: game t has hands 1 to 2\n"
    )
    assert ohhell.ok("note", "1000", "points", "to", "Bob") == "Hand 1 note: 1000 points to Bob\n"


def test_a_hand_number_alone_asks_for_the_note_after_it(ohhell: Ohhell) -> None:
    three(ohhell)
    assert ohhell.invalid_value("note", "2") == (
        'give the note after the hand: `ohhell note 2 TEXT` (`ohhell note 2 ""` clears it)'
    )


# --- what the table does next ---------------------------------------------------------

#: Each trump rule's first step of a new game, said by `new` in English and in Dutch.
FIRST_STEPS = {
    "named": ("Bob to bid", "Bob moet bieden"),
    "dealer": (
        "Ann (dealer) names trump before the bids (`ohhell trump SUIT`)",
        "Ann (deler) noemt troef voor het bieden (`ohhell trump KLEUR`)",
    ),
    "cut": (
        "cut the pack: enter the trump suit (`ohhell trump SUIT`)",
        "neem af: voer de troefkleur in (`ohhell trump KLEUR`)",
    ),
    "upcard": (
        "turn up the next card: enter its suit (`ohhell trump SUIT`)",
        "draai de volgende kaart op: voer de kleur in (`ohhell trump KLEUR`)",
    ),
}


@pytest.mark.parametrize("trump", list(FIRST_STEPS))
def test_a_new_game_says_its_first_step_whole(ohhell: Ohhell, trump: str) -> None:
    made = ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", trump)
    assert made.splitlines()[-1] == f"Hand 1 of 2 (2 cards, Ann deals): {FIRST_STEPS[trump][0]}"


@pytest.mark.parametrize("trump", list(FIRST_STEPS))
def test_a_new_game_says_its_first_step_whole_in_dutch(
    dutch: None, ohhell: Ohhell, trump: str
) -> None:
    made = ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", trump)
    assert made.splitlines()[-1] == (
        f"Ronde 1 van 2 (2 kaarten, Ann deelt): {FIRST_STEPS[trump][1]}"
    )


def test_each_step_of_a_hand_is_said_whole(ohhell: Ohhell) -> None:
    """The highest bidder names trump after the bids; the dealer's forbidden bid and the
    bids so far; then the tricks to enter, with the bids against the cards."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "named", "-g", "n")
    assert ohhell.ok("bid", "1", "0", "0").splitlines()[-1] == (
        "Hand 1 of 2 (2 cards, Ann deals): Bob names trump (`ohhell trump SUIT`)"
    )
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    assert ohhell.ok("bid", "1", "0").splitlines()[-1] == (
        "Hand 1 of 2 (2 cards, Ann deals): Ann to bid (dealer, may not bid 1); 1 bid of 2"
    )
    assert ohhell.ok("bid", "0").splitlines()[-1] == (
        "Hand 1 of 2 (2 cards, Ann deals): play it out, then enter the tricks (bids 1 for 2 "
        "tricks: under by 1)"
    )


def test_each_step_of_a_hand_is_said_whole_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "named", "-g", "n")
    assert ohhell.ok("bid", "1", "0", "0").splitlines()[-1] == (
        "Ronde 1 van 2 (2 kaarten, Ann deelt): Bob noemt troef (`ohhell trump KLEUR`)"
    )
    assert ohhell.ok("trump", "s").splitlines()[-1] == (
        "Ronde 1 van 2 (2 kaarten, Ann deelt): speel de ronde, voer dan de slagen in (1 "
        "geboden voor 2 slagen: 1 te weinig)"
    )


def test_a_hand_of_one_card_is_said_in_the_singular_with_its_balance(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    assert ohhell.ok("bid", "1", "1", "0").splitlines()[-1] == (
        "Hand 2 of 2 (1 card, Bob deals): play it out, then enter the tricks (bids 2 for 1 "
        "trick: over by 1)"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            None,
            "Hand 1 of 2 (2 cards, Ann deals): Ann to bid (dealer, free: the others bid 4 for"
            " 2); 4 bid of 2",
        ),
        (
            "dutch",
            "Ronde 1 van 2 (2 kaarten, Ann deelt): Ann moet bieden (deler, vrij: de anderen "
            "boden 4 voor 2); 4 geboden van de 2",
        ),
    ],
)
def test_the_dealer_is_free_when_the_others_bid_more_than_the_cards(
    ohhell: Ohhell, request: pytest.FixtureRequest, language: str | None, said: str
) -> None:
    if language:
        request.getfixturevalue(language)
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    assert ohhell.ok("bid", "2", "2").splitlines()[-1] == said


def test_two_who_share_the_win_are_said_to_share_it(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "one")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "Ann=1", "Bob=0", "Cat=0")
    assert "Game over: Bob and Cat share the win with 10." in ohhell.ok("show").splitlines()
