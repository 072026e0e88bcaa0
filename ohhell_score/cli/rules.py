"""`ohhell rules`: the presets, and the house rules a group keeps under its own name.

`ohhell rules` lists them and `ohhell rules NAME` explains one, as before house rules
existed: a first word that is not an action (`save`, `export`, ...) means `show`.

Imports inside functions: like every area (lazy.py), this module is imported by
`ohhell --help` and by the TAB of a command name, which run none of its commands; so
each command imports the domain, the views and the storage it uses inside its body,
and those lines need no comment of their own (tests/test_startup.py checks that
`rules --help` imports no game engine).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from ohhell_score.cli.complete import complete_house_rule, complete_rules
from ohhell_score.cli.lazy import area
from ohhell_score.cli.options import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    DeckSizeOpt,
    DecksOpt,
    HandsOpt,
    HookOpt,
    ScoringOpt,
    TrumpOpt,
    read_input,
    refusals,
    rule_options,
)
from ohhell_score.storage import files
from ohhell_score.views.console import complain, note, say


class RulesGroup(TyperGroup):
    """Reads `ohhell rules [NAME]` as `ohhell rules show [NAME]`."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        help_words = ctx.help_option_names
        if not args or (args[0] not in self.commands and args[0] not in help_words):
            args = ["show", *args]
        result: list[str] = super().parse_args(ctx, args)
        return result


rules_app = typer.Typer(
    cls=RulesGroup,
    help="The presets and your house rules: list, explain, save, export, import.",
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
#: This area's one command, the group above; cli/lazy.py builds it when it is named.
app = area()
app.add_typer(rules_app, name="rules")

RuleName = Annotated[
    str,
    typer.Argument(
        help="The house rule's name.",
        show_default=False,
        metavar="NAME",
        autocompletion=complete_house_rule,
    ),
]


@rules_app.command("show")
def show_rules(
    name: Annotated[
        str | None,
        typer.Argument(
            help="A preset or house rule to explain.",
            show_default=False,
            metavar="NAME",
            autocompletion=complete_rules,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            help="Explain it for this many players (default: the table its source describes).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """List the presets and house rules, or explain one in plain words."""
    from ohhell_score.domain.rules import build_rules, preset
    from ohhell_score.storage import house
    from ohhell_score.views.words import describe_rules

    if name is None:
        _list_rules()
        return
    with refusals():
        found = house.find(name)
        chosen = preset(name, found)
        seats = players if players is not None else chosen.seats
        rule_set = build_rules(chosen.name, seats, house=found)
    source = f"house rule: {found.summary()}" if found else chosen.source
    say(f"{chosen.name} ({source}), for {seats} players:")
    say(f"  Players: usually {chosen.usual_players}.")
    for line in describe_rules(rule_set, seats):
        say(f"  {line}")


def _list_rules() -> None:
    from ohhell_score.domain.rules import PRESETS
    from ohhell_score.storage import house
    from ohhell_score.views.words import preset_line

    for p in PRESETS.values():
        say(preset_line(p))
    with refusals():
        kept, problems = house.all_rules()
    for problem in problems:
        complain(f"skipped: {problem}")
    if kept:
        say("\nHouse rules:")
        for rule in kept:
            say(f"{rule.name}: {rule.summary()}")
    say(
        "\n`ohhell rules NAME` explains one; options of `ohhell new` change it; "
        "`ohhell rules save NAME [options]` keeps your own."
    )


@rules_app.command("save")
def save_rules(
    ctx: typer.Context,
    name: RuleName,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            "-r",
            help=f"The preset it starts from: {', '.join(PRESET_NAMES)} or a house rule.",
            autocompletion=complete_rules,
        ),
    ] = DEFAULT_PRESET,
    hook: HookOpt = None,
    hands: HandsOpt = None,
    trump: TrumpOpt = None,
    scoring: ScoringOpt = None,
    decks: DecksOpt = None,
    deck_size: DeckSizeOpt = None,
) -> None:
    """Keep a rule set under NAME, usable as `ohhell new ... --rules NAME`."""
    from ohhell_score.domain.rules import HouseRule
    from ohhell_score.storage import house

    with refusals():
        rule = HouseRule.make(name, rules, rule_options(ctx), house=house.find(rules))
        replaced = house.save(rule)
    verb = "Replaced" if replaced else "Saved"
    say(f"{verb} house rule {rule.name}: {rule.summary()}.")
    say(f"Start a game with it: ohhell new PLAYER... --rules {rule.name}")


@rules_app.command("export")
def export_rules(
    name: RuleName,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write to this file (default: stdout).", show_default=False
        ),
    ] = None,
) -> None:
    """Write a house rule as a file for `ohhell rules import` on another laptop."""
    from ohhell_score.storage import house

    with refusals():
        text = house.to_text(house.load(name))
        if output is None:
            say(text, end="")
            return
        files.write_atomic(output, text)  # a file cut short is never left behind
    note(f"Wrote house rule {name.strip().lower()} to {output}.")


@rules_app.command("import")
def import_rules(
    file: Annotated[
        Path,
        typer.Argument(
            help="A file written by `ohhell rules export`.", show_default=False, metavar="FILE"
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option(help="Keep it under this name instead of its own.", show_default=False),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a different house rule of that name.")
    ] = False,
) -> None:
    """Keep a house rule from a file written by `ohhell rules export`."""
    from ohhell_score.storage import house

    with refusals():
        text = read_input(str(file))
        rule = house.parse(text, str(file), rename=name.strip().lower() if name else None)
        with house.locked():  # another import of this name waits: one of them is refused
            kept = house.find(rule.name)
            if kept == rule:
                say(f"House rule {rule.name} is kept already, the same: {rule.summary()}.")
                return
            house.save(rule, replace=force or kept is None)
    verb = "Replaced" if kept else "Imported"
    say(f"{verb} house rule {rule.name}: {rule.summary()}.")


@rules_app.command("delete")
def delete_rules(name: RuleName) -> None:
    """Forget a house rule (games played with it keep their rules)."""
    from ohhell_score.storage import house

    with refusals():
        house.delete(name)
    say(f"Deleted house rule {name.strip().lower()}.")
