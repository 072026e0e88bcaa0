"""Player names in one Unicode form, wherever one is entered or matched.

Imports inside functions: difflib (with the ``re`` it brings, about 10 ms) only when a
name matched none, never on the way of every `bid`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ohhell_score.domain.errors import Shown, UnknownPlayer
from ohhell_score.i18n import _

#: The longest player name (docs/scripting.md: 1 to 24 printable characters).
MAX_NAME = 24


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


def unknown_player(refusal: str, typed: str, names: Iterable[str]) -> UnknownPlayer:
    """The refusal of a name that matches none of ``names`` (``refusal`` says which and
    where), with the closest of them offered as click offers a command: "did you mean
    'Cat'?" after a "Catt" (difflib's ratio of 0.6 or more, ignoring case)."""
    from difflib import get_close_matches

    by_key = {composed(name).casefold(): name for name in names}
    close = get_close_matches(composed(typed.strip()).casefold(), by_key, n=1)
    if not close:
        return UnknownPlayer(refusal)
    return UnknownPlayer(
        _("{refusal}; did you mean {name!r}?").format(refusal=refusal, name=Shown(by_key[close[0]]))
    )
