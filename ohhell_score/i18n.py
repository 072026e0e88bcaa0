"""The language ohhell speaks: gettext, chosen the standard way, loaded when first needed.

``_("text")`` and ``ngettext("one", "many", n)`` translate; ``N_("text")`` only marks a
module-level string for ``pybabel extract``, and the code calls ``_()`` on it where it
is used (a string translated at import would be fixed before the language is known to a
test, and would cost start-up time in every language).

The language: ``OHHELL_LANG`` for ohhell alone, else the first of ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (gettext's own order), each a
``:``-separated list of wishes, most wanted first. The first wish that is English
(``en``, ``en_GB``, ``C``, ``POSIX``) or that has a catalogue wins; English is the
default and the fallback for any message a catalogue lacks. English is the source
language and has no catalogue: choosing it reads no file and imports no gettext, so the
quick commands start as fast as before.

Catalogues: ``locale/LANG/LC_MESSAGES/ohhell.mo`` in this package, compiled by
``pybabel compile`` from the ``.po`` beside it (docs/translating.md).

Imports nothing of ohhell_score, so every layer may import it.
"""

from __future__ import annotations

import os

# Not `from typing import TYPE_CHECKING`: importing typing costs `ohhell --version` about
# 6 ms, and nothing else on that path needs it (mypy reads this constant the same way).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

#: The gettext domain: the catalogues' file name.
DOMAIN = "ohhell"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
#: Where the wished-for languages are read, first set first (gettext.find's order,
#: after ohhell's own).
LANGUAGE_VARIABLES = ("OHHELL_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


if TYPE_CHECKING:

    class Catalogue(Protocol):
        """What ohhell asks of a gettext translations object."""

        def gettext(self, message: str, /) -> str: ...

        def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class English:
    """The source language: every message as written in the code."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH = English()
_chosen: Catalogue | None = None
_code = "en"


def _(message: str) -> str:
    """``message`` in the chosen language (as written, in English or when untranslated)."""
    return (_chosen or _choose()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with a number, in the chosen language's plural
    rules (Dutch, like English, has one form for 1 and one for the rest)."""
    return (_chosen or _choose()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for extraction only: translate it with ``_()`` where it is used."""
    return message


def wishes() -> list[str]:
    """The languages asked for, most wanted first: from the first variable that is set."""
    for name in LANGUAGE_VARIABLES:
        value = os.environ.get(name)
        if value:
            return [wish for wish in value.split(":") if wish]
    return []


def is_english(wish: str) -> bool:
    """``en``, ``en_US.UTF-8``, and the C locale (``C``, ``C.UTF-8``, ``POSIX``)."""
    base = wish.split(".")[0].split("@")[0]
    return base in ("C", "POSIX", "en") or base.startswith("en_")


def language() -> str:
    """The chosen language's code as its catalogue's folder names it, ``en`` for English."""
    if _chosen is None:
        _choose()
    return _code


def _choose() -> Catalogue:
    global _chosen, _code
    _chosen, _code = ENGLISH, "en"
    for wish in wishes():
        if is_english(wish):
            break
        found = _catalogue(wish)
        if found is not None:
            _chosen, _code = found
            break
    return _chosen


def _catalogue(wish: str) -> tuple[Catalogue, str] | None:
    """The catalogue for one wish (``nl``, ``nl_BE.UTF-8``...) and its folder's language
    code: the wish as written, then without its codeset and modifier, then the language
    alone, as gettext looks them up (without ``locale.normalize``'s aliases, whose import
    would cost every Dutch command 2 ms)."""
    for code in _candidates(wish):
        path = os.path.join(LOCALE_DIR, code, "LC_MESSAGES", DOMAIN + ".mo")
        if os.path.exists(path):
            import gettext  # lazy: only a language other than English needs it

            with open(path, "rb") as mo:
                return gettext.GNUTranslations(mo), code
    return None


def _candidates(wish: str) -> list[str]:
    base = wish.split("@")[0].split(".")[0]
    found = [wish, base, base.split("_")[0]]
    return [code for k, code in enumerate(found) if code and code not in found[:k]]


class english:  # lower case: it reads as a function, ``with english():``
    """Within ``with english():``, English whatever the language: for the sentences a
    JSON document carries, which scripts read the same in every language."""

    def __enter__(self) -> None:
        global _chosen
        self.kept = _chosen, _code
        _chosen = ENGLISH

    def __exit__(self, *exc: object) -> None:
        global _chosen, _code
        _chosen, _code = self.kept


def reset() -> None:
    """Choose again at the next message, from the environment as it is then (tests)."""
    global _chosen, _code
    _chosen, _code = None, "en"
