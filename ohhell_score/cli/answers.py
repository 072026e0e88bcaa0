"""Answers typed at the table's prompts, read: numbers in a range, seat numbers, yes
and no (in English and in the reader's language). A wrong one is a ``Refused`` that
says what to type."""

from __future__ import annotations

from ohhell_score.domain.errors import BadValue, Refused
from ohhell_score.i18n import _

#: What a prompt at the table refuses, saying why, and asks again (``ask_until``); the
#: rest ends the prompt: ``q``, Ctrl-C, and the game changed meanwhile (``GameChanged``,
#: after which the hand loop asks what the game now waits for).
REFUSALS = (Refused, BadValue)


def is_whole(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` takes '²' too, which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def seat_number(text: str, count: int) -> int | None:
    """``1..count`` as typed, else None."""
    if is_whole(text) and len(text) <= 3 and 1 <= int(text) <= count:
        return int(text)
    return None


def number(text: str, low: int, high: int, what: str) -> int:
    """A whole number in ``low..high`` as typed, or a refusal that says what to type."""
    t = text.strip()
    if not t:
        raise Refused(
            _("type {what} {low} to {high}, then Enter (? shows the keys)").format(
                what=what, low=low, high=high
            )
        )
    if not is_whole(t.removeprefix("-")):
        raise Refused(
            _(
                "{t!r} is not a number: type {what} {low} to {high}, then Enter (? shows the keys)"
            ).format(t=t, what=what, low=low, high=high)
        )
    if len(t) > 9:  # far beyond any hand (and int() refuses thousands of digits)
        raise Refused(
            _("{t}… is out of range: {what} is {low} to {high}").format(
                t=t[:9], what=what, low=low, high=high
            )
        )
    value = int(t)
    if not low <= value <= high:
        raise Refused(
            _("{value} is out of range: {what} is {low} to {high}").format(
                value=value, what=what, low=low, high=high
            )
        )
    return value


def said_yes(answer: str) -> bool:
    """``y`` or ``yes``, or the language's own (Dutch ``j``, ``ja``, as its ``(j/N)``
    asks), in any case."""
    return answer.strip().lower() in ("y", "yes", _("y"), _("yes"))


def said_no(answer: str) -> bool:
    """``n`` or ``no``, or the language's own (Dutch ``nee``), in any case."""
    return answer.strip().lower() in ("n", "no", _("n"), _("no"))
