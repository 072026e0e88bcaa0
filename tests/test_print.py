"""HTML sheets rendered by a real browser: Debian's headless Chromium, to PDF and PNG.

The test installs nothing; `.ci/run` installs Chromium. Without it these tests are
skipped, and the reason says so; under `CI=true` they fail (conftest.need).
"""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import pytest

from ohhell_score.storage import games
from tests.conftest import CHROMIUM_ARGS, Ohhell, need
from tests.games import new_game, play, saved_game


def browser() -> str:
    """Debian's Chromium (package `chromium`), by either of its names."""
    return need("chromium", "chromium-browser")


@pytest.fixture(autouse=True)
def _chromium_installed() -> None:
    """Every test here renders with Chromium: skipped (failed under CI) without it."""
    browser()


PLAYERS = ("Ann Marie", "<b>Bo</b>", "@home", "Zoë")
#: Page sizes in PostScript points (1/72 inch).
A4 = (595, 842)
LETTER = (612, 792)


def chromium(tmp_path: Path, page: Path, *args: str) -> str:
    """Headless Chromium on ``page`` with ``args`` (a fresh profile each time): what it
    printed (``--dump-dom``: the page after its scripts ran)."""
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    done = subprocess.run(
        [
            browser(),
            "--headless",
            *CHROMIUM_ARGS,
            f"--user-data-dir={profile}",
            *args,
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=180,
    )
    return done.stdout


def pdf_pages(tmp_path: Path, page: Path) -> list[tuple[int, int]]:
    """Print ``page`` to PDF; the size of each page, in points."""
    pdf = page.with_suffix(".pdf")
    chromium(tmp_path, page, f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    pages = re.findall(rb"/Type\s*/Page\b", data)
    assert len(boxes) == len(pages) > 0
    return [(round(float(w)), round(float(h))) for w, h in boxes]


def png_size(tmp_path: Path, page: Path, width: int, height: int) -> tuple[int, int]:
    png = page.with_suffix(".png")
    chromium(tmp_path, page, f"--screenshot={png}", f"--window-size={width},{height}")
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


def write(tmp_path: Path, name: str, text: str) -> Path:
    page = tmp_path / name
    page.write_text(text, encoding="utf-8")
    return page


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_finished_cartier_game_prints_on_one_page(
    ohhell: Ohhell, tmp_path: Path, paper: str, size: tuple[int, int]
) -> None:
    """23 hands, the totals and the chart of a four-player game on one sheet of paper."""
    saved_game("friday", PLAYERS, "cartier")
    text = ohhell.ok("export", "--format", "html", "--paper", paper)
    assert pdf_pages(tmp_path, write(tmp_path, f"friday-{paper}.html", text)) == [size]


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_blank_cartier_sheet_prints_on_one_page(
    ohhell: Ohhell, tmp_path: Path, paper: str, size: tuple[int, int]
) -> None:
    text = ohhell.ok("sheet", *PLAYERS, "--rules", "cartier", "--paper", paper)
    assert pdf_pages(tmp_path, write(tmp_path, f"blank-{paper}.html", text)) == [size]


def test_a_blank_sheet_for_seven_prints_on_one_landscape_page(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    text = ohhell.ok("sheet", "-n", "7", "--rules", "classic", "--hands", "7-1-7", "--paper", "a4")
    assert pdf_pages(tmp_path, write(tmp_path, "blank-7.html", text)) == [A4[::-1]]


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_wide_game_prints_on_one_landscape_page(
    ohhell: Ohhell, tmp_path: Path, paper: str, size: tuple[int, int]
) -> None:
    """Five players, ten hands: the sheet, the notes and a chart fitted under them."""
    saved_game("friday", (*PLAYERS, "Eve"), "ten-to-one")
    text = ohhell.ok("export", "--format", "html", "--paper", paper)
    assert pdf_pages(tmp_path, write(tmp_path, "wide.html", text)) == [size[::-1]]


@pytest.mark.parametrize("players", [5, 7])
def test_a_long_wide_game_prints_the_chart_whole_on_a_second_page(
    ohhell: Ohhell, tmp_path: Path, players: int
) -> None:
    """19 hands for five, 13 for seven: too little room is left under the sheet, so the
    chart takes the next page at full size (not a second page with a line of notes)."""
    names = (*PLAYERS, "Eve", "Fay", "Gus")[:players]
    hands = "10-1-10" if players == 5 else "7-1-7"
    games.create(play(new_game("long", names, "classic", hands=hands), None, 1))
    text = ohhell.ok("export", "-g", "long", "--format", "html", "--paper", "a4")
    assert "break-before: page" in text
    assert pdf_pages(tmp_path, write(tmp_path, "long.html", text)) == [A4[::-1]] * 2


def test_the_sheets_render_to_png(ohhell: Ohhell, tmp_path: Path) -> None:
    saved_game("friday", PLAYERS, "cartier")
    game = write(tmp_path, "friday.html", ohhell.ok("export", "--format", "html"))
    blank = write(tmp_path, "blank.html", ohhell.ok("sheet", "-n", "5", "--rules", "ten-to-one"))
    assert png_size(tmp_path, game, 1000, 1400) == (1000, 1400)
    assert png_size(tmp_path, blank, 1400, 1000) == (1400, 1000)


def computed(tmp_path: Path, html: str, script: str) -> str:
    """What ``script`` (an expression) gives in Chromium for the page ``html``: the page
    with the script added, its DOM dumped once the script has run."""
    page = tmp_path / "probe.html"
    probe = f"<script>document.body.dataset.probe = {script};</script></body>"
    page.write_text(html.replace("</body>", probe), encoding="utf-8")
    dom = chromium(tmp_path, page, "--dump-dom")
    found = re.search(r'data-probe="([^"]*)"', dom)
    assert found, dom[:500]
    return found[1]


def test_a_made_bid_is_shaded_on_every_row_in_chromium(ohhell: Ohhell, tmp_path: Path) -> None:
    """The banding of even rows outranked the shading of a made bid."""
    saved_game("friday", PLAYERS, "cartier")
    html = ohhell.ok("export", "--format", "html")
    script = (
        "[...document.querySelectorAll('.sheet tbody tr')].map((tr, i) => "
        "[...tr.querySelectorAll('td.made')].map(td => i % 2 + ':' + "
        "getComputedStyle(td).backgroundColor).join(';')).filter(x => x).join(';')"
    )
    shades = computed(tmp_path, html, script).split(";")
    assert {s.split(":")[0] for s in shades} == {"0", "1"}  # made bids on odd and even rows
    assert {s.split(":")[1] for s in shades} == {"rgb(227, 240, 218)"}  # --made
