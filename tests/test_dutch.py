"""A Dutch table (issue 17): the HTML score sheet and the printable blank sheet in Dutch,
rendered by Chromium, and the words a Dutch table reads, with no English left in them.

tests/test_i18n.py holds the machinery (choosing the language, the catalogues, the
scripting contract); tests/test_dutch_pty.py plays a whole game in Dutch at a terminal.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import Ohhell
from tests.games import saved_game
from tests.test_print import A4, chromium, pdf_pages, write

PLAYERS = ("Ann", "Bob", "Cat", "Dan")

#: English words of ohhell's own that a Dutch sheet must not show (whole words; names
#: of players, preset names and the `ohhell` commands are not translated).
ENGLISH = (
    "Hand",
    "hand",
    "Total",
    "total",
    "deals",
    "Dealer",
    "dealer",
    "Trump",
    "trump",
    "tricks",
    "Tricks",
    "Scoring",
    "Bids",
    "bids",
    "Notes",
    "Game over",
)


def english_left(text: str) -> list[str]:
    words = set(re.findall(r"[A-Za-z]+", text))
    return [w for w in ENGLISH if (w in text if " " in w else w in words)]


def rendered_text(tmp_path: Path, page: Path) -> str:
    """The page's text as Chromium lays it out (``--dump-dom``: after the page's own
    scripts and styles ran), tags removed."""
    body = chromium(tmp_path, page, "--dump-dom").split("<body", 1)[-1]
    body = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


def test_the_html_sheet_in_dutch_renders_in_chromium(
    dutch: None, ohhell: Ohhell, tmp_path: Path
) -> None:
    """Issue 17: the HTML score sheet of a finished game, in Dutch, on one A4 page."""
    saved_game("friday", PLAYERS, "cartier")
    text = ohhell.ok("export", "--format", "html", "--paper", "a4")
    assert '<html lang="nl"' in text
    page = write(tmp_path, "vrijdag.html", text)
    shown = rendered_text(tmp_path, page)
    assert all(word in shown for word in ("Boerenbridge", "Totaal", "Deler", "Troef", "gehaald"))
    assert not english_left(shown), english_left(shown)
    assert pdf_pages(tmp_path, page) == [A4]


def test_the_blank_sheet_in_dutch_renders_in_chromium(
    dutch: None, ohhell: Ohhell, tmp_path: Path
) -> None:
    """Issue 17: the printable blank sheet, in Dutch, on one A4 page."""
    text = ohhell.ok("sheet", *PLAYERS, "--rules", "classic", "--paper", "a4")
    assert '<html lang="nl"' in text
    page = write(tmp_path, "leeg.html", text)
    shown = rendered_text(tmp_path, page)
    assert all(word in shown for word in ("scoreblad", "Totaal", "Deler", "Bod", "Winnaar"))
    assert not english_left(shown), english_left(shown)
    assert pdf_pages(tmp_path, page) == [A4]


def test_the_plain_sheet_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    """The sheet `ohhell show` prints, and what the table does next, in Dutch."""
    ohhell.ok("new", *PLAYERS, "-g", "vrijdag", "-r", "cartier")
    ohhell.ok("bid", "3", "2", "4")
    refused = ohhell("bid", "4")
    assert refused.exit_code == 1
    assert "mag niet 4 bieden" in refused.stderr
    shown = ohhell.ok("show")
    assert "Ann moet bieden" in shown or "Ann (deler)" in shown
    assert not english_left(shown), (english_left(shown), shown)


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--hands", "x", "'x' is geen rondepatroon: gebruik bijv. 13-2-13, 10-1, 1-7-1, 7,7,6, "
                         "1-7,7-1 of max-1-max (1 tot 104 kaarten per ronde)"),
        # classic turns up trump: max for 4 players is 12
        ("--hands", "12-max", "'12-max' is hier geen rondepatroon: max is 12 kaarten, dus een "
                              "reeks van 12 tot 12 keert niet"),
        ("--hook", "soms", "'soms' is geen delerregel: gebruik always, never of from:K "
                           "(bijv. from:6)"),
    ],
)  # fmt: skip
def test_a_refused_hands_pattern_or_hook_is_said_in_dutch(
    dutch: None, ohhell: Ohhell, option: str, value: str, said: str
) -> None:
    """The refusal of a hands pattern was English at a Dutch table (an f-string, which
    `pybabel extract` does not read), and the "or" of the forms after it; the forms and
    `max` stay as typed."""
    assert ohhell.invalid_value("new", *PLAYERS, option, value) == said


def test_suits_are_read_in_dutch_in_every_language(ohhell: Ohhell) -> None:
    """Issue 17: `ohhell trump harten` works whatever the language (here English)."""
    ohhell.ok("new", *PLAYERS, "-g", "vrijdag", "-r", "cartier")
    ohhell.ok("bid", "3", "2", "4", "3")
    ohhell.ok("trump", "harten")
    assert ohhell.sheet()["hands"][0]["trump"] == "hearts"
