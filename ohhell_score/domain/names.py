"""Player names in one Unicode form, wherever one is entered or matched."""

from __future__ import annotations

import unicodedata


def composed(name: str) -> str:
    """``name`` in Unicode's composed form (NFC): a "José" typed as "Jose" and a
    combining accent is the same player, and takes four columns on the sheet, not five."""
    return name if name.isascii() else unicodedata.normalize("NFC", name)
