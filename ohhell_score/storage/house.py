"""Where house rules live: one JSON file per rule set in the user's config directory.

The directory is ``$OHHELL_CONFIG_DIR`` when set, else platformdirs' user config
directory for ``ohhell-score``, resolved on every call. A house rule file is also the
export format, so a file written by ``ohhell rules export`` is read back unchanged by
``ohhell rules import`` on another laptop. Saves are atomic, like games'.

Imports inside functions: the TAB of a house rule's name (``rules export NAME``)
imports this module for ``rules_dir`` alone, so the rules (``domain.rules``) and the
versioned reader are imported inside the functions that read or check a rule (no
per-line comment there).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ohhell_score.domain.errors import (
    CorruptHouseRule,
    HouseRuleExists,
    HouseRuleNotFound,
    Refused,
    Shown,
)
from ohhell_score.domain.ids import is_id
from ohhell_score.i18n import _
from ohhell_score.storage.files import (
    cannot_read,
    count_change,
    lock_file,
    read_file,
    read_regular,
    write_atomic,
)
from ohhell_score.storage.paths import config_dir, make_folder

if TYPE_CHECKING:  # the rules are imported where a rule is read (see above)
    from ohhell_score.domain.rules import HouseRule

#: 2: ``progressive`` loses the square of the difference on a missed bid (a file of
#: schema 1 keeps the old meaning: ``rules.upgraded_scoring``).
SCHEMA = 2
#: Marks a file as a house rule, so that importing a game file by mistake is refused.
KIND = "ohhell-house-rule"
FOLDER = "rules"
#: In the rules folder; hidden, and not ``*.json``, so never taken for a rule.
LOCK = ".lock"


def rules_dir() -> Path:
    return config_dir() / FOLDER


def rule_path(name: str) -> Path:
    return rules_dir() / f"{name}.json"


def to_text(rule: HouseRule) -> str:
    data = {"schema": SCHEMA, "kind": KIND, **rule.to_json()}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def parse(text: str | bytes, where: str, *, rename: str | None = None) -> HouseRule:
    """A house rule from the text of its file (kept as ``rename`` when given);
    ``CorruptHouseRule`` names the file."""
    from ohhell_score.domain.rules import HouseRule
    from ohhell_score.domain.versioned import read_versioned

    def build(data: dict[str, Any]) -> HouseRule:
        from ohhell_score.domain.rules import upgraded_scoring

        fields = {k: v for k, v in data.items() if k not in ("schema", "kind")}
        if isinstance(fields.get("scoring"), str):
            fields["scoring"] = upgraded_scoring(str(fields["scoring"]), data["schema"])
        if rename is not None:
            fields["name"] = rename
        return HouseRule.from_json(fields)

    return read_versioned(
        text,
        where,
        build,
        error=CorruptHouseRule,
        what="house rule",
        schema=SCHEMA,
        kind=KIND,
        not_one="not a house rule file (`ohhell rules export` writes them)",
        upgrade_hint=False,
    )


def find(name: str) -> HouseRule | None:
    """The house rule ``name``, or None when there is none (or the name is a preset)."""
    from ohhell_score.domain.rules import PRESETS

    key = name.strip().lower()
    if key in PRESETS:
        return None
    if not is_id(key):
        return None
    path = rule_path(key)
    text = read_file(path, CorruptHouseRule)
    if text is None:
        return None
    return _named(parse(text, str(path)), path)


def _named(rule: HouseRule, path: Path) -> HouseRule:
    if rule.name != path.stem:
        raise CorruptHouseRule(
            _("cannot read {path}: it holds {held!r}, not {filed!r}").format(
                path=path, held=Shown(rule.name), filed=path.stem
            )
        )
    return rule


def load(name: str) -> HouseRule:
    rule = find(name)
    if rule is None:
        from ohhell_score.domain.rules import PRESETS

        if name.strip().lower() in PRESETS:
            raise Refused(
                _("{name!r} is a built-in preset, not a house rule").format(name=Shown(name))
            )
        raise _no_rule(name)
    return rule


def _no_rule(name: str) -> HouseRuleNotFound:
    return HouseRuleNotFound(
        _("no house rule {name!r} (`ohhell rules` lists them)").format(name=Shown(name))
    )


def _folder() -> Path:
    """The house rules' folder, made (0700, parents too) if it is missing."""
    folder = rules_dir()
    make_folder(folder)
    return folder


@contextlib.contextmanager
def locked() -> Iterator[None]:
    """Hold the house rules' lock file around a check and the change it decides (an
    import that must not replace a rule saved meanwhile), like a game's lock."""
    with lock_file(_folder() / LOCK):
        yield


def save(rule: HouseRule, *, replace: bool = True) -> bool:
    """Keep ``rule``; True when it replaced one of the same name. Call it holding
    ``locked()`` when ``replace`` is False."""
    from ohhell_score.domain.rules import check_house_name

    check_house_name(rule.name)
    _folder()
    path = rule_path(rule.name)
    existed = path.exists()
    if existed and not replace:
        raise HouseRuleExists(
            _(
                "a house rule {name!r} exists already with other rules; "
                "add --force to replace it, or --name to keep both"
            ).format(name=rule.name)
        )
    write_atomic(path, to_text(rule))
    count_change()
    return existed


def delete(name: str) -> None:
    """Forget the house rule ``name``, a damaged one too (nothing else gets rid of
    it); a preset's name or a rule that is not there is refused before any lock."""
    with contextlib.suppress(CorruptHouseRule):  # it cannot be read, and may still go
        load(name)
    with locked():
        try:
            rule_path(name.strip().lower()).unlink()
        except FileNotFoundError:  # another `rules delete` took it as this one waited
            raise _no_rule(name) from None
        count_change()


def all_rules() -> tuple[list[HouseRule], list[str]]:
    """Every readable house rule by name, and a message for each unreadable file."""
    folder = rules_dir()
    if not folder.is_dir():
        return [], []
    rules, problems = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            rules.append(_named(parse(read_regular(path)[0], str(path)), path))
        except CorruptHouseRule as err:
            problems.append(str(err))
        except OSError as err:
            problems.append(cannot_read(path, err))
    return rules, problems
