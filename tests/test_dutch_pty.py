"""A whole game in Dutch at a real terminal: `LANGUAGE=nl ohhell play`, with
a refused answer, a refused dealer bid (the hook: "mag geen ... bieden"), an undo across
a hand, Ctrl-C and a resume; it ends with the same `show --json` as the scripted
commands give in English.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import Ohhell
from tests.test_dutch import english_left
from tests.test_play_pty import answer, ctrl_c, refused, spawn

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


def interrupted(child: pexpect.spawn) -> str:
    """Ctrl-C: one line, in Dutch, that says how to go on; exit status 130. What the
    terminal showed since the last prompt is returned."""
    ctrl_c(child)
    child.expect_exact("verdergaan met `ohhell play`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    return str(child.before)


def test_a_whole_game_in_dutch_at_the_terminal(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "table")
    monkeypatch.setenv("LANGUAGE", "nl")
    seen: list[str] = []

    child = spawn(data_dir, "play")
    child.logfile_read = Log(seen)
    child.expect_exact("Ronde 1 van 2 · 2 kaarten per speler · Ann deelt")
    child.expect_exact("Bob biedt eerst en komt uit in de eerste slag.")
    answer(child, "Troef, de kleur van de opgedraaide kaart (s h r k): ", "n")
    refused(child, "sans kan niet")
    answer(child, "(s h r k): ", "harten")
    answer(child, "Bob biedt (0-2): ", "x")
    refused(child, "'x' is geen getal")
    answer(child, "Bob biedt (0-2): ", "1")
    child.expect_exact("Cat biedt (0-2; tot nu toe 1 geboden van de 2): ")
    interrupted(child)  # at a bid prompt

    child = spawn(data_dir, "play")
    child.logfile_read = Log(seen)
    child.expect_exact("Biedingen tot nu toe: Bob 1 (1 geboden van de 2).")
    answer(child, "Cat biedt (0-2; tot nu toe 1 geboden van de 2): ", "0")
    child.expect_exact("Ann (deler) mag geen 1 bieden; ")
    answer(child, "biedt (0-2; tot nu toe 1 geboden van de 2): ", "1")
    refused(child, "Ann (deler) mag geen 1 bieden")
    answer(child, "biedt (0-2; tot nu toe 1 geboden van de 2): ", "0")
    child.expect_exact("Ronde 1: 1 geboden voor 2 slagen: 1 te weinig.")
    answer(child, "Bob haalde (0-2): ", "1")
    answer(child, "Cat haalde (0-1): ", "0")
    answer(child, "Ann haalde 1 (Enter): ", "")
    child.expect_exact("Uitslag ronde 1 van 2")
    child.expect_exact("Koploper: Bob met 11.")
    child.expect_exact("Ronde 2 van 2 · 1 kaart per speler · Bob deelt")
    answer(child, "(s h r k): ", "u")  # back across the hand
    child.expect_exact("de slagen van ronde 1 teruggenomen.")
    answer(child, "Ann haalde 1 (Enter): ", "")
    child.expect_exact("Ronde 2 van 2 · 1 kaart per speler · Bob deelt")
    interrupted(child)  # at the trump prompt

    child = spawn(data_dir, "play")
    child.logfile_read = Log(seen)
    answer(child, "(s h r k): ", "schoppen")
    answer(child, "Cat biedt (0-1): ", "0")
    answer(child, "Ann biedt (0-1; tot nu toe 0 geboden van de 1): ", "1")
    child.expect_exact("Bob (deler) mag geen 0 bieden; ")
    answer(child, "biedt (0-1; tot nu toe 1 geboden van de 1): ", "1")
    child.expect_exact("2 geboden voor 1 slag: 1 te veel")
    answer(child, "Cat haalde (0-1): ", "0")
    answer(child, "Ann haalde (0-1): ", "1")
    answer(child, "Bob haalde 0 (Enter): ", "")
    child.expect_exact("Cat wint met 20!")
    child.expect_exact("Spel afgelopen: Cat wint met 20.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    shown = "".join(seen)
    assert not english_left(shown), (english_left(shown), shown)
    monkeypatch.setenv("LANGUAGE", "en")
    played = ohhell.sheet("-g", "table")
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "typed")
    for args in (("trump", "h"), ("bid", "1", "0", "0"), ("tricks", "1", "0", "1")):
        ohhell.ok(*args, "-g", "typed")
    for args in (("trump", "s"), ("bid", "0", "1", "1"), ("tricks", "0", "1", "0")):
        ohhell.ok(*args, "-g", "typed")
    assert {**played, "id": "typed"} == ohhell.sheet("-g", "typed")


class Log:
    """What the terminal showed, ANSI codes removed (pexpect's ``logfile_read``)."""

    def __init__(self, into: list[str]) -> None:
        self.into = into

    def write(self, text: str) -> None:
        self.into.append(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text))

    def flush(self) -> None:
        pass


def test_the_guided_set_up_and_the_keys_in_dutch_at_the_terminal(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ohhell play` with no game, at a Dutch table. The presets were
    described in English and a rule was changed by its English word; `?` and the trump
    prompt offered the English letters `s h d c n`."""
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    for name in ("OHHELL_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    seen: list[str] = []
    child = spawn(data_dir, "play")
    child.logfile_read = Log(seen)
    for player in ("Ann", "Bob", "Cat", ""):
        answer(child, ": ", player)
    child.expect_exact("Van 1 op naar 8, de 8 twee keer")
    child.expect_exact("Een regel veranderen? Typ eerst de regel en dan de waarde: delerregel")
    answer(child, "(1-7 of een naam; Enter: classic): ", "delerregel from:3")
    child.expect_exact("Regels nu: classic · 19 rondes · delerregel vanaf 3 kaarten.")
    answer(child, "(1-7 of een naam; Enter: classic): ", "7")
    answer(child, "d: kaarten trekken): ", "")
    answer(child, "Troef, de kleur van de opgedraaide kaart (s h r k): ", "?")
    # the card turned up is never "sans": the keys offer the four suits alone
    child.expect_exact(
        "Toetsen: de troef, dan Enter: s h r k (of schoppen, harten, ruiten, klaveren)."
    )
    answer(child, "(s h r k): ", "k")
    child.expect_exact("Troef ronde 1: klaveren ♣.")
    answer(child, "Bob biedt (0-1): ", "q")
    child.expect(pexpect.EOF)
    child.close()
    shown = " ".join("".join(seen).split())
    for english in ("down to", "back up", "upcard trump", "hook", "scoring", "s h d c"):
        assert english not in shown, (english, shown)
    # The rule values stay as `new`'s options take them (named, upcard, dealer...).
    words = re.sub(r"Een regel veranderen\?.*?\(spellen van 52\)\.", "", shown)
    assert not english_left(words), (english_left(words), words)
    sheet = ohhell.sheet()
    assert (sheet["rules"]["preset"], sheet["rules"]["hook"]) == ("boerenbridge", "from:3")
    assert sheet["hands"][0]["trump"] == "clubs"
