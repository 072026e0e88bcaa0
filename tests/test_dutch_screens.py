"""Screens a Dutch table reads, run in Dutch at their use sites (issue 26): the catalogue
holds the words (tests/test_i18n.py), these tests see that each screen asks for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import Ohhell
from tests.tournament_helpers import play_cli

FIELD = [f"P{i}" for i in range(1, 9)]


def play(ohhell: Ohhell, *answers: str) -> Any:
    return ohhell("play", input="".join(f"{a}\n" for a in answers))


def three(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")


def test_plays_key_list_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell)
    out = play(ohhell, "?", "q").stdout
    assert "Toetsen: een getal, dan Enter." in out
    assert "  u  neem het laatste antwoord terug (ook in de vorige ronde)\n" in out
    assert "  q  stoppen; elk antwoord is opgeslagen, `ohhell play` gaat hier verder\n" in out
    assert "Keys:" not in out and "take back" not in out


def test_a_bid_out_of_range_in_play_is_refused_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell)
    out = play(ohhell, "3", "q").stdout
    assert "✗ 3 valt erbuiten: een bod is 0 tot 2" in out


def test_tricks_out_of_range_in_play_are_refused_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell)
    ohhell.ok("bid", "1", "0", "0")
    out = play(ohhell, "3", "q").stdout
    assert "✗ 3 valt erbuiten: slagen is 0 tot 2" in out


def test_plays_seat_change_prompts_and_report_are_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    three(ohhell)
    out = play(ohhell, "t", "j", "Dan", "", "", "q").stdout
    assert "Plaatswissel: r vervangen, l weggaan, j aanschuiven (Enter: geen): " in out
    assert "Met hoeveel punten begint Dan? (Enter: 0): " in out
    assert (
        "Dan schuift aan na Cat vanaf ronde 1.\n"
        "Nu aan tafel, met de klok mee: Ann, Bob, Cat, Dan.\n"
    ) in out


def tournament(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD, "--no-shuffle", "--hands", "2,1")
    play_cli(ohhell, "cup-r1-t1", FIELD[:4])


def test_tournament_show_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    tournament(ohhell)
    out = ohhell.ok("tournament", "show", "cup")
    assert out.startswith(
        "Toernooi cup: 8 spelers, regels cartier; toernooironde 1 in de opgegeven volgorde.\n"
    )
    assert "\nToernooironde 1\n" in out
    assert (
        "  cup-r1-t1: P1, P2, P3, P4 (afgelopen)\n"
        "    1. P1 22 (2 biedingen gehaald), 2. P2 21 (2 biedingen gehaald), "
        "3. P3 20 (2 biedingen gehaald), 4. P4 0 (0 biedingen gehaald)\n"
        "    P1 en P2 gaan door\n"
        "  cup-r1-t2: P5, P6, P7, P8 (ronde 1 van 2)\n"
    ) in out
    assert "Toernooironde 1 nog niet klaar: cup-r1-t2 (ronde 1 van 2)" in out
    assert "Round" not in out and "players" not in out


def test_tournament_list_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    tournament(ohhell)
    out = ohhell.ok("tournament", "list")
    assert out == (
        "cup: 8 spelers, regels cartier. "
        "Toernooironde 1 nog niet klaar: cup-r1-t2 (ronde 1 van 2)\n"
    )


def test_tournament_new_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    out = ohhell.ok("tournament", "new", "cup", *FIELD, "--no-shuffle", "--hands", "2,1")
    assert out.startswith(
        "Toernooi cup: 8 spelers aan 2 tafels (in de opgegeven volgorde), regels cartier.\n"
    )
    assert "Speel elke tafel met `ohhell play -g cup-r1-t1`" in out


def test_the_tournaments_markdown_export_is_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    tournament(ohhell)
    out = ohhell.ok("tournament", "export", "cup", "--format", "md")
    assert out.startswith("# Toernooi cup\n\nKampioen: nog niet bekend\n\n## Toernooironde 1\n")


def test_tournament_collect_is_in_dutch(
    dutch: None, ohhell: Ohhell, tmp_path: Path, data_dir: Path
) -> None:
    tournament(ohhell)
    copies = []
    for game in ("cup-r1-t1", "cup-r1-t2"):
        copies.append(tmp_path / f"{game}.json")
        copies[-1].write_bytes((data_dir / f"{game}.json").read_bytes())
    out = ohhell.ok("tournament", "collect", "cup", *map(str, copies))
    assert out == (
        "cup-r1-t1: P1, P2, P3, P4 (afgelopen).\n"
        "cup-r1-t2: P5, P6, P7, P8 (0 van 2 rondes geteld).\n"
    )
