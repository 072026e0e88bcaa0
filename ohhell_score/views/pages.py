"""The HTML pages from templates (``views/templates/``): the exported sheets, the blank
sheet, the ratings page, a tournament's page, and the live board's pages.

Jinja2 with autoescape on for every template: a name, a note or a reason is escaped by
the engine wherever a template prints it, so no ``escape()`` call can be forgotten. The
data is prepared in Python as plain values (strings, numbers, tuples; the sheet's cells
from ``views/sheet.py``) and the templates only lay it out. The style sheets and the
board's script are files of their own in the same folder, included whole into the
page, which stays one document with nothing fetched from elsewhere.

Jinja2 is imported by the modules that draw a page (``views/html.py``, ``ratings.py``,
``board.py``, and ``tournament.py`` inside its HTML export), which no quick command
imports: ``show``, ``bid`` and the rest start as before.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ohhell_score.i18n import language

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")


@cache
def environment() -> Environment:
    """The one environment: escaping on (also for ``.svg`` and ``.js`` includes: none
    prints a value unescaped), a name the page does not get is an error, not a blank,
    and a line holding only a ``{% tag %}`` leaves nothing in the page."""
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(name: str, /, **values: Any) -> str:
    """The template ``name`` filled with ``values``, in the language chosen now."""
    return environment().get_template(name).render(lang=language(), **values)


def part(html: str) -> Markup:
    """A part of a page that ``render`` drew (the board's ``<main>``, sent again on its
    own with every change), put into the whole page as it is: the one place a string
    is taken as HTML, and only the templates' own output, every value in it escaped."""
    return Markup(html)
