"""A Dutch table: the HTML score sheet and the printable blank sheet in Dutch,
rendered by Chromium, and the words a Dutch table reads, with no English left in them.

tests/test_i18n.py holds the machinery (choosing the language, the catalogues, the
scripting contract); tests/test_dutch_pty.py plays a whole game in Dutch at a terminal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import Ohhell
from tests.games import saved_game
from tests.test_print import A4, browser, chromium, pdf_pages, write

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
    """The HTML score sheet of a finished game, in Dutch, on one A4 page."""
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
    """The printable blank sheet, in Dutch, on one A4 page."""
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
    said = "Ann (deler) mag geen 4 bieden: dan komen de biedingen samen op 13, evenveel als er"
    assert said in refused.stderr
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
    """`ohhell trump harten` works whatever the language (here English)."""
    ohhell.ok("new", *PLAYERS, "-g", "vrijdag", "-r", "cartier")
    ohhell.ok("bid", "3", "2", "4", "3")
    ohhell.ok("trump", "harten")
    assert ohhell.sheet()["hands"][0]["trump"] == "hearts"


# --- the rest of the English, and Dutch as a Dutch table says it ------


def test_the_guided_set_up_describes_the_presets_and_rules_in_dutch(
    dutch: None, ohhell: Ohhell
) -> None:
    """`ohhell play` with no game: the presets' one-line summaries and the words that
    change a rule were English; `delerregel` changes the hook as `hook` does."""
    answers = ("Ann", "Bob", "Cat", "", "delerregel from:3", "7", "", "q")
    out = " ".join(ohhell("play", input="".join(f"{a}\n" for a in answers)).stdout.split())
    for dutch_words in (
        "Van 1 op naar 8, de 8 twee keer (de tweede zonder troef)",
        "Het Cartier-toernooi: van 13 af naar 2",
        "Een regel veranderen? Typ eerst de regel en dan de waarde: delerregel always|never",
        ", troef named, upcard,",
        ", telling standard, exact,",
        "Regels nu: classic · 19 rondes · delerregel vanaf 3 kaarten.",
    ):
        assert dutch_words in out, out
    for english in ("down to", "back up", "upcard trump", "hook", "trump named", "scoring"):
        assert english not in out, (english, out)
    assert ohhell.sheet()["rules"]["preset"] == "boerenbridge"
    assert ohhell.sheet()["rules"]["hook"] == "from:3"


def test_a_house_rule_is_offered_with_its_changes_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    ohhell.ok("rules", "save", "thuis", "--rules", "classic", "--hook", "never")
    out = ohhell("play", input="Ann\nBob\nCat\n\nq\n").stdout
    assert "thuis             huisregel: classic met --hook never" in out
    assert "thuis: classic met --hook never" in ohhell.ok("rules")
    kept = [r for r in json.loads(ohhell.ok("rules", "--json")) if r["name"] == "thuis"]
    assert kept[0]["summary"] == "classic with --hook never"  # the contract: English


def test_rules_name_says_where_the_preset_comes_from_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    """`ohhell rules classic` gave the source and the usual players in English."""
    out = ohhell.ok("rules", "classic")
    assert out.startswith("classic (het familiespel Up and Down the River), voor 4 spelers:\n")
    assert "  Spelers: 3 tot 5 (tot 10 met --decks 2), meestal 4.\n" in out
    hook = "Delerregel: de deler biedt als laatste en mag de biedingen samen niet op het aantal"
    assert hook in out


def test_no_trump_is_sa_on_a_dutch_sheet_and_is_read_as_typed(dutch: None, ohhell: Ohhell) -> None:
    """Boerenbridge's second 8 is played without trump: `8NT` on a Dutch sheet read as
    English; the Dutch table writes SA (sans atout), and `sa` is read as no trump."""
    ohhell.ok("new", *PLAYERS, "-r", "boerenbridge")
    assert re.search(r"^  9   8SA   Ann", ohhell.ok("show"), re.M)
    blank = ohhell.ok("sheet", *PLAYERS, "-r", "boerenbridge")
    assert '<td class="trump" title="sans">SA</td>' in blank and ">NT<" not in blank
    ohhell.ok("new", *PLAYERS, "-g", "benoemd", "-r", "cartier", "--trump", "dealer")
    ohhell.ok("trump", "sa")
    assert ohhell.sheet()["hands"][0]["trump"] == "notrump"


HEADINGS_CUT = """() => [...document.querySelectorAll('thead th')].filter(th => {
  const style = getComputedStyle(th);
  const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const text = document.createRange();
  text.selectNodeContents(th);
  return [...text.getClientRects()].some(line => line.width > room + 0.5);
}).map(th => th.textContent)"""


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_no_dutch_heading_of_the_html_sheets_is_cut(
    dutch: None, ohhell: Ohhell, tmp_path: Path, players: int
) -> None:
    """ "Kaar…" for Kaarten (and "Geha…"): a heading wider than its column ends
    in "…"; the Dutch ones break where the catalogue lets them (Kaar-ten, Sla-gen), on
    the page as printed on A4 (portrait up to 4 players, then landscape)."""
    from playwright.sync_api import sync_playwright

    names = PLAYERS + ("Eva", "Fem", "Gijs")[: players - 4] if players > 4 else PLAYERS[:players]
    saved_game("vrijdag", names, "classic", hands=2, decks=2)
    pages = [
        write(tmp_path, "spel.html", ohhell.ok("export", "--format", "html", "--paper", "a4")),
        write(tmp_path, "leeg.html", ohhell.ok("sheet", *names, "--decks", "2", "--paper", "a4")),
    ]
    width = 718 if players < 5 else 1047  # A4's width less the 10 mm margins, in CSS px
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=browser(), args=["--no-sandbox"])
        try:
            page = launched.new_page(viewport={"width": width, "height": 900})
            for html in pages:
                page.goto(html.as_uri())
                page.emulate_media(media="print")
                headings = page.evaluate(
                    "() => [...document.querySelectorAll('thead th')].map(th => th.textContent)"
                )
                assert "Kaar\u00adten" in headings
                assert page.evaluate(HEADINGS_CUT) == [], html.name
        finally:
            launched.close()


def test_ohhell_alone_says_what_to_type_next_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    """`ohhell` alone ended in English at a Dutch table: "Next: ... lists every command"."""
    assert ohhell.ok().startswith("Nog geen spel. Begin er een: `ohhell play` vraagt")
    ohhell.ok("new", *PLAYERS, "-g", "vrijdag", "-r", "cartier")
    said = ohhell.ok()
    assert said.endswith(
        "Nu: `ohhell bid N...` vanaf Bob, of `ohhell play`. `ohhell --help` "
        "toont alle opdrachten.\n"
    )
    assert not english_left(said), said


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("new", "Ann", "Bob"), "Boerenbridge speel je met minstens 3 spelers; er zijn er 2 "
                                "opgegeven"),
        (("bid", "14"), "Bob kan geen 14 bieden: in ronde 1 krijgt iedereen 13 kaarten, dus een "
                        "bod is 0 tot 13"),
    ],
)  # fmt: skip
def test_a_refusal_reads_as_a_dutch_table_says_it(
    dutch: None, ohhell: Ohhell, args: tuple[str, ...], said: str
) -> None:
    """ "Boerenbridge vraagt minstens 3 spelers; 2 opgegeven", "ronde 1 deelt 13
    kaarten" read as translated word for word."""
    if args[0] == "bid":
        ohhell.ok("new", *PLAYERS, "-r", "cartier")
    assert ohhell.refused(*args) == f"ohhell: {said}\n"


def test_tab_offers_the_presets_with_their_dutch_summaries(dutch: None) -> None:
    from ohhell_score.cli.complete import complete_preset

    assert complete_preset("boer") == [
        (
            "boerenbridge",
            "Van 1 op naar 8, de 8 twee keer (de tweede zonder troef), dan terug naar 1; "
            "gehaald: 5 + de slagen, anders een punt eraf per slag verschil",
        )
    ]
