"""The formats a game or a tournament is written in: each one's name, the file endings
that say it (``-o friday.csv``) and the function that renders a game and a tournament
in it. The one registry behind ``export``, ``tournament export`` and their ``--format``.

Imports inside functions: the command line builds ``--format`` from ``Format`` for
`ohhell --help` and TAB, which render nothing; so each renderer imports its writer
module (and the domain it needs) when it is called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from pathlib import PurePath
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ohhell_score.domain.game import Progress
    from ohhell_score.domain.tournament import Result, Tournament


class Format(StrEnum):
    json = "json"
    csv = "csv"
    md = "md"
    html = "html"


class Style(NamedTuple):
    """How a game's file is laid out, where its format has a choice."""

    wide: bool = False  # csv: one row per hand, columns per player
    excel: bool = False  # csv: a byte-order mark first
    paper: str = "auto"  # html: auto, a4 or letter


class Writer(NamedTuple):
    suffixes: tuple[str, ...]
    game: Callable[[Progress, Style], str]
    tournament: Callable[[Tournament, Mapping[str, Result]], str]


def _game_json(prog: Progress, style: Style) -> str:
    from ohhell_score.views.export import export_json

    return export_json(prog)


def _game_csv(prog: Progress, style: Style) -> str:
    from ohhell_score.views.export import export_csv

    return export_csv(prog, wide=style.wide, excel=style.excel)


def _game_md(prog: Progress, style: Style) -> str:
    from ohhell_score.views.export import export_markdown

    return export_markdown(prog)


def _game_html(prog: Progress, style: Style) -> str:
    from ohhell_score.views.html import export_html

    return export_html(prog, paper=style.paper)


def _tournament_json(t: Tournament, res: Mapping[str, Result]) -> str:
    from ohhell_score.views.tournament import to_json

    return to_json(t, res)


def _tournament_csv(t: Tournament, res: Mapping[str, Result]) -> str:
    from ohhell_score.views.tournament import to_csv

    return to_csv(t, res)


def _tournament_md(t: Tournament, res: Mapping[str, Result]) -> str:
    from ohhell_score.views.tournament import to_md

    return to_md(t, res)


def _tournament_html(t: Tournament, res: Mapping[str, Result]) -> str:
    from ohhell_score.views.html import tournament_html

    return tournament_html(t, res)


WRITERS: dict[Format, Writer] = {
    Format.json: Writer((".json",), _game_json, _tournament_json),
    Format.csv: Writer((".csv",), _game_csv, _tournament_csv),
    Format.md: Writer((".md", ".markdown"), _game_md, _tournament_md),
    Format.html: Writer((".html", ".htm"), _game_html, _tournament_html),
}


def format_of(path: str) -> Format | None:
    """The format a file's ending says (``.CSV`` too), or None."""
    suffix = PurePath(path).suffix.lower()
    return next((fmt for fmt, w in WRITERS.items() if suffix in w.suffixes), None)
