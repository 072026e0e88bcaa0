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
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ohhell_score.cli.complete import complete_house_rule, complete_rules
from ohhell_score.cli.lazy import Area, OhhellGroup, area
from ohhell_score.cli.options import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    RULES_AND_STATISTICS,
    DeckSizeOpt,
    DecksOpt,
    HandsOpt,
    HookOpt,
    ScoringOpt,
    TrumpOpt,
    read_input,
    rule_options,
)
from ohhell_score.i18n import _
from ohhell_score.storage import files
from ohhell_score.views.console import complain, note, say, say_json

if TYPE_CHECKING:
    from ohhell_score.domain.rules import HouseRule, Preset


class RulesGroup(OhhellGroup):
    """Reads `ohhell rules [NAME]` as `ohhell rules show [NAME]`."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        help_words = ctx.help_option_names
        if not args or (args[0] not in self.commands and args[0] not in help_words):
            args = ["show", *args]
        result: list[str] = super().parse_args(ctx, args)
        return result


rules_app = Area(
    cls=RulesGroup,
    help=_("The presets and your house rules: list, explain, save, export, import."),
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
#: This area's one command, the group above; cli/lazy.py builds it when it is named.
app = area()
app.add_typer(rules_app, name="rules", rich_help_panel=RULES_AND_STATISTICS)

RuleName = Annotated[
    str,
    typer.Argument(
        help=_("The house rule's name."),
        show_default=False,
        metavar="NAME",
        autocompletion=complete_house_rule,
    ),
]


@rules_app.command(
    "show",
    help=_("List the presets and house rules, or explain one in plain words.")
    + "\n\n"
    + "\b\n"
    + _(
        "Examples:\n"
        "  ohhell rules                       # every preset and house rule\n"
        "  ohhell rules cartier --players 3   # Cartier's 39-card deck\n"
        "  ohhell rules show classic --json"
    ),
)
def show_rules(
    name: Annotated[
        str | None,
        typer.Argument(
            help=_("A preset or house rule to explain."),
            show_default=False,
            metavar="NAME",
            autocompletion=complete_rules,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            help=_("Explain it for this many players (default: the table its source describes)."),
            metavar="N",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help=_("One JSON object: the rules as `show --json` gives them.")),
    ] = False,
) -> None:
    from ohhell_score.domain.rules import build_rules, preset
    from ohhell_score.storage import house
    from ohhell_score.views.words import describe_rules

    if name is None:
        _list_rules(as_json)
        return
    found = house.find(name)
    chosen = preset(name, found)
    seats = players if players is not None else chosen.seats
    rule_set = build_rules(chosen.name, seats, house=found)
    source = _("house rule: {summary}").format(summary=found.summary()) if found else chosen.source
    if as_json:
        _say_json({**_rule_json(chosen, found), "players": seats, "rules": rule_set.to_json()})
        return
    say(
        _("{name} ({source}), for {seats} players:").format(
            name=chosen.name, source=source, seats=seats
        )
    )
    say(_("  Players: usually {usual_players}.").format(usual_players=chosen.usual_players))
    for line in describe_rules(rule_set, seats):
        say(f"  {line}")


def _list_rules(as_json: bool) -> None:
    from ohhell_score.domain.rules import PRESETS
    from ohhell_score.storage import house
    from ohhell_score.views.words import preset_line

    kept, problems = house.all_rules()
    for problem in problems:
        complain(_("skipped: {problem}").format(problem=problem))
    if as_json:
        presets = [_rule_json(p, None) for p in PRESETS.values()]
        _say_json(presets + [_rule_json(rule.as_preset(), rule) for rule in kept])
        return
    for p in PRESETS.values():
        say(preset_line(p))
    if kept:
        say(_("\nHouse rules:"))
        for rule in kept:
            say(f"{rule.name}: {rule.summary()}")
    say(
        _(
            "\n`ohhell rules NAME` explains one; options of `ohhell new` change it; "
            "`ohhell rules save NAME [options]` keeps your own."
        )
    )


def _rule_json(chosen: Preset, found: HouseRule | None) -> dict[str, object]:
    """What `rules --json` says of a preset or house rule, besides its rules."""
    return {
        "name": chosen.name,
        "summary": found.summary() if found else chosen.summary,
        "source": None if found else chosen.source,
        "base": found.base if found else None,
        "usual_players": chosen.usual_players,
    }


def _say_json(value: object) -> None:
    import json

    say_json(json.dumps(value, ensure_ascii=False, indent=2))


@rules_app.command(
    "save", help=_("Keep a rule set under NAME, usable as `ohhell new ... --rules NAME`.")
)
def save_rules(
    ctx: typer.Context,
    name: RuleName,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            "-r",
            help=_("The preset it starts from: {preset_names} or a house rule.").format(
                preset_names=", ".join(PRESET_NAMES)
            ),
            metavar="NAME",
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
    from ohhell_score.domain.rules import HouseRule
    from ohhell_score.storage import house

    rule = HouseRule.make(name, rules, rule_options(ctx), house=house.find(rules))
    replaced = house.save(rule)
    said = (
        _("Replaced house rule {name}: {summary}.")
        if replaced
        else _("Saved house rule {name}: {summary}.")
    )
    say(said.format(name=rule.name, summary=rule.summary()))
    say(_("Start a game with it: ohhell new PLAYER... --rules {name}").format(name=rule.name))


@rules_app.command(
    "export", help=_("Write a house rule as a file for `ohhell rules import` on another laptop.")
)
def export_rules(
    name: RuleName,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help=_("Write to this file (default: stdout)."),
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
) -> None:
    from ohhell_score.storage import house

    text = house.to_text(house.load(name))
    if output is None:
        say_json(text, end="")
        return
    files.write_atomic(output, text)  # a file cut short is never left behind
    note(
        _("Wrote house rule {lower} to {output}.").format(lower=name.strip().lower(), output=output)
    )


@rules_app.command(
    "import", help=_("Keep a house rule from a file written by `ohhell rules export`.")
)
def import_rules(
    file: Annotated[
        Path,
        typer.Argument(
            help=_("A file written by `ohhell rules export`."), show_default=False, metavar="FILE"
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option(
            help=_("Keep it under this name instead of its own."),
            show_default=False,
            metavar="NAME",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=_("Replace a different house rule of that name."))
    ] = False,
) -> None:
    from ohhell_score.storage import house

    text = read_input(str(file))
    rule = house.parse(text, str(file), rename=name.strip().lower() if name else None)
    with house.locked():  # another import of this name waits: one of them is refused
        kept = house.find(rule.name)
        if kept == rule:
            say(
                _("House rule {name} is kept already, the same: {summary}.").format(
                    name=rule.name, summary=rule.summary()
                )
            )
            return
        house.save(rule, replace=force or kept is None)
    said = (
        _("Replaced house rule {name}: {summary}.")
        if kept
        else _("Imported house rule {name}: {summary}.")
    )
    say(said.format(name=rule.name, summary=rule.summary()))


@rules_app.command("delete", help=_("Forget a house rule (games played with it keep their rules)."))
def delete_rules(name: RuleName) -> None:
    from ohhell_score.storage import house

    house.delete(name)
    say(_("Deleted house rule {lower}.").format(lower=name.strip().lower()))
