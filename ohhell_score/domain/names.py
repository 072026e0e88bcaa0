"""Player names in one Unicode form, wherever one is entered or matched."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def composed(name: str) -> str:
    """``name`` in Unicode's composed form (NFC): a "José" typed as "Jose" and a
    combining accent is the same player, and takes four columns on the sheet, not five."""
    return name if name.isascii() else unicodedata.normalize("NFC", name)


def matching(names: Iterable[str], typed: str) -> str | None:
    """The one of ``names`` that ``typed`` names: exactly, or ignoring case and Unicode
    form (names at a table are unique so); None when none does."""
    names = tuple(names)
    if typed in names:
        return typed
    folded = composed(typed.strip()).casefold()
    return next((name for name in names if name.casefold() == folded), None)
