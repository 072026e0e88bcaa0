"""What ``ohhell rules`` does with the house rules a group keeps, without Typer: look
one up, list them, save, export, import and delete one. ``cli/rules.py`` words what
they return; a refusal (``Refused``: no such rule, a name taken) changes nothing.

A house rule's name is typed in any case and with spaces around it; it is kept as
``name.strip().lower()``, as ``storage.house`` keys its files.
"""

from __future__ import annotations

from ohhell_score.domain.rules import HouseRule, Preset, RuleOptions, preset
from ohhell_score.storage import house


def look_up(name: str) -> tuple[Preset, HouseRule | None]:
    """The preset or house rule ``name``, and the house rule when it is one."""
    found = house.find(name)
    return preset(name, found), found


def kept() -> tuple[list[HouseRule], list[str]]:
    """Every readable house rule by name, and a message for each unreadable file."""
    return house.all_rules()


def save(name: str, base: str, options: RuleOptions) -> tuple[HouseRule, bool]:
    """Keep ``options`` over the preset or house rule ``base`` as ``name``: the rule
    kept, and whether it replaced one of that name."""
    rule = HouseRule.make(name, base, options, house=house.find(base))
    return rule, house.save(rule)


def export_text(name: str) -> str:
    """The house rule ``name`` as the file ``import`` reads back."""
    return house.to_text(house.load(name))


def import_text(
    text: bytes, where: str, rename: str | None, force: bool
) -> tuple[HouseRule, HouseRule | None]:
    """Keep the house rule of a file (its bytes ``text``, read from ``where``), as
    ``rename`` when given: the rule, and the one kept under its name before (equal to
    it when the same was kept already, and then nothing is written). A different rule
    of that name is replaced only with ``force``."""
    rule = house.parse(text, where, rename=rename.strip().lower() if rename else None)
    with house.locked():  # another import of this name waits: one of them is refused
        before = house.find(rule.name)
        if before != rule:
            house.save(rule, replace=force or before is None)
    return rule, before


def delete(name: str) -> None:
    """Forget the house rule ``name`` (games played with it keep their rules)."""
    house.delete(name)
