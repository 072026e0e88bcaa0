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
        raise ValueError(not_one or f"not a {what} object")
    found = data.get("schema")
    if type(found) is not int:
        raise ValueError("no schema version")
    if found > schema:
        hint = ": upgrade ohhell-score to open it" if upgrade_hint else ""
        raise ValueError(
            f"written by a newer ohhell (schema {found}; this version reads {schema}){hint}"
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
        raise error(f"cannot read {where}: not a {what} (nested too deep)") from None
    except (ValueError, KeyError, TypeError, AttributeError, Refused) as err:
        detail = str(err) if not isinstance(err, KeyError) else f"missing field {err}"
        raise error(f"cannot read {where}: {detail}") from None


def load_json(text: str | bytes, where: str, *, error: type[Refused], what: str) -> Any:
    """The JSON value of ``text``; ``error("cannot read WHERE: WHY")`` when it is not
    JSON, not UTF-8, nested too deep, or holds a number too long for Python to read
    (over 4,300 digits)."""
    import json  # imported when a file is read: not by TAB

    try:
        return json.loads(text)
    except RecursionError:  # nested deeper than json can read: not one of ours either
        raise error(f"cannot read {where}: not a {what} (nested too deep)") from None
    except json.JSONDecodeError as err:
        raise error(
            f"cannot read {where}: not valid JSON ({err.msg} at line {err.lineno})"
        ) from None
    except UnicodeDecodeError:
        raise error(f"cannot read {where}: not UTF-8 text") from None
    except ValueError:  # int(): "Exceeds the limit (4300 digits) for integer string ..."
        raise error(f"cannot read {where}: a number too long to be one of a {what}") from None
