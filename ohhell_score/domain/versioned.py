"""The one reader of versioned JSON: game files, house rule files and tournament files.

Each of those is a JSON object with a whole-number ``"schema"`` (a house rule file also
has a ``"kind"`` that marks it as one). ``read_versioned`` decodes the text, checks the
object and its schema, builds the value and turns whatever is wrong into one error that
names the file: ``cannot read WHERE: WHY``. Pure: it is given the text, never the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ohhell_score.domain.errors import Refused
from ohhell_score.i18n import N_, _

T = TypeVar("T")


def check_version(
    data: object,
    schema: int,
    *,
    what: str,
    kind: str | None = None,
    not_one: str | None = None,
    upgrade_hint: bool = True,
) -> dict[str, Any]:
    """``data`` if it is a ``what`` object (with ``"kind": kind`` when given) of a schema
    this version reads; else ``ValueError``, saying ``not_one`` for an object of another
    kind (default ``not a WHAT object``)."""
    if not isinstance(data, dict) or (kind is not None and data.get("kind") != kind):
        raise ValueError(not_one or _("not a {what} object").format(what=_(what)))
    found = data.get("schema")
    if type(found) is not int:
        raise ValueError(_("no schema version"))
    if found > schema:
        hint = _(": upgrade ohhell-score to open it") if upgrade_hint else ""
        raise ValueError(
            _("written by a newer ohhell (schema {found}; this version reads {schema})").format(
                found=found, schema=schema
            )
            + hint
        )
    return data


def read_versioned(
    text: str | bytes,
    where: str,
    build: Callable[[dict[str, Any]], T],
    *,
    error: type[Refused],
    what: str,
    schema: int,
    kind: str | None = None,
    not_one: str | None = None,
    upgrade_hint: bool = True,
) -> T:
    """``build`` of the object ``text`` holds, checked by ``check_version`` (the keywords
    after ``error`` are its); anything wrong raises ``error("cannot read WHERE: WHY")``.

    ``build`` raises ``ValueError``, ``KeyError``, ``TypeError``, ``AttributeError`` or
    ``Refused`` for what it finds wrong; ``what`` names the kind of file ("game").
    """
    value = load_json(text, where, error=error, what=what)
    try:
        data = check_version(
            value,
            schema,
            what=what,
            kind=kind,
            not_one=not_one,
            upgrade_hint=upgrade_hint,
        )
        return build(data)
    except RecursionError:  # nested deeper than the checks can walk: not one of ours either
        raise error(cannot_read(where, _nested(what))) from None
    except (ValueError, KeyError, TypeError, AttributeError, Refused) as err:
        if isinstance(err, KeyError):
            detail = _("missing field {name}").format(name=err)
        else:
            detail = str(err)
        raise error(cannot_read(where, detail)) from None


def cannot_read(where: str, why: str) -> str:
    return _("cannot read {path}: {reason}").format(path=where, reason=why)


def _nested(what: str) -> str:
    return _("not a {what} (nested too deep)").format(what=_(what))


def load_json(text: str | bytes, where: str, *, error: type[Refused], what: str) -> Any:
    """The JSON value of ``text``; ``error("cannot read WHERE: WHY")`` when it is not
    JSON, not text in a Unicode encoding (json reads UTF-8, and UTF-16 and UTF-32 bytes
    too), nested too deep, or holds a number too long for Python to read (over 4,300
    digits)."""
    import json  # imported when a file is read: not by TAB

    try:
        return json.loads(text)
    except RecursionError:  # nested deeper than json can read: not one of ours either
        raise error(cannot_read(where, _nested(what))) from None
    except json.JSONDecodeError as err:
        invalid = _("not valid JSON ({error} at line {line})")
        # json's own words, some of which end in "at" ("Unterminated string starting at")
        why = err.msg.removesuffix(" at")
        raise error(cannot_read(where, invalid.format(error=why, line=err.lineno))) from None
    except UnicodeDecodeError:
        raise error(cannot_read(where, _("not UTF-8 text"))) from None
    except ValueError:  # int(): "Exceeds the limit (4300 digits) for integer string ..."
        too_long = _("a number too long to be one of a {what}").format(what=_(what))
        raise error(cannot_read(where, too_long)) from None


#: The kinds of file read here (``what``), for the translators: each is translated where
#: a message names it.
KINDS = (N_("game"), N_("tournament"), N_("house rule"))
