"""`ohhell rules`: the presets, and the house rules a group keeps under its own name.

`ohhell rules` lists them and `ohhell rules NAME` explains one, as before house rules
existed: a first word that is not an action (`save`, `export`, ...) means `show`.

Imports inside functions: as in every area (cli/lazy.py), the action too
(actions/house.py); tests/test_startup.py checks that `rules --help` imports no game
engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ohhell_score.cli.complete import complete_house_rule, complete_rules
from ohhell_score.cli.lazy import OhhellGroup, group_area
from ohhell_score.cli.options import (
    DEFAULT_PRESET,
    RULES_AND_STATISTICS,
    OutputOpt,
    output_file,
    read_input,
    rule_options,
    rules_option,
    with_rule_options,
)
from ohhell_score.i18n import _, english
from ohhell_score.views.console import complain, note, say, say_as_json, say_json

if TYPE_CHECKING:
    from ohhell_score.domain.rules import HouseRule, Preset, RuleOptions


class RulesGroup(OhhellGroup):
    """Reads `ohhell rules [NAME]` as `ohhell rules show [NAME]`."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        help_words = ctx.help_option_names
        if not args or (args[0] not in self.commands and args[0] not in help_words):
            args = ["show", *args]
        result: list[str] = super().parse_args(ctx, args)
        return result


#: ``app``: this area's one command, the group ``rules_app``; cli/lazy.py builds it
#: when it is named.
rules_app, app = group_area(
    "rules",
    RULES_AND_STATISTICS,
    cls=RulesGroup,
    help=_("The presets and your house rules: list, explain, save, export, import."),
)

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
    explain_rules(name, players, as_json)


def explain_rules(name: str | None, players: int | None, as_json: bool) -> None:
    """`rules show`: every preset and house rule, or one explained for ``players``."""
    from ohhell_score.actions import house
    from ohhell_score.domain.rules import build_rules
    from ohhell_score.views.words import describe_rules, players_words

    if name is None:
        _list_rules(as_json)
        return
    chosen, found = house.look_up(name)
    seats = players if players is not None else chosen.seats
    rule_set = build_rules(chosen.name, seats, house=found)
    if found:
        source = _("house rule: {summary}").format(summary=found.summary())
    else:
        source = _(chosen.source)
    if as_json:
        say_as_json({**_rule_json(chosen, found), "players": seats, "rules": rule_set.to_json()})
        return
    say(
        _("{name} ({source}), for {seats} players:").format(
            name=chosen.name, source=source, seats=seats
        )
    )
    say(_("  Players: {players}.").format(players=players_words(chosen)))
    for line in describe_rules(rule_set):
        say(f"  {line}")


def _list_rules(as_json: bool) -> None:
    from ohhell_score.actions import house
    from ohhell_score.domain.rules import PRESETS
    from ohhell_score.views.words import preset_line

    kept, problems = house.kept()
    for problem in problems:
        complain(_("skipped: {problem}").format(problem=problem))
    if as_json:
        presets = [_rule_json(p, None) for p in PRESETS.values()]
        say_as_json(presets + [_rule_json(rule.as_preset(), rule) for rule in kept])
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
    """What `rules --json` says of a preset or house rule, besides its rules: in
    English, as scripts read it in every language."""
    with english():
        summary = found.summary() if found else chosen.summary
    return {
        "name": chosen.name,
        "summary": summary,
        "source": None if found else chosen.source,
        "base": found.base if found else None,
        "usual_players": chosen.usual_players,
    }


@rules_app.command(
    "save", help=_("Keep a rule set under NAME, usable as `ohhell new ... --rules NAME`.")
)
@with_rule_options(after="rules")
def save_rules(
    ctx: typer.Context,
    name: RuleName,
    rules: Annotated[
        str, rules_option(_("The preset it starts from: {preset_names} or a house rule."))
    ] = DEFAULT_PRESET,
) -> None:
    save_house_rule(name, rules, rule_options(ctx))


def save_house_rule(name: str, rules: str, options: RuleOptions) -> None:
    """`rules save`: the rules of ``rules`` changed by ``options``, kept as ``name``."""
    from ohhell_score.actions import house

    rule, replaced = house.save(name, rules, options)
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
    output: OutputOpt = None,
) -> None:
    export_house_rule(name, output)


def export_house_rule(name: str, output: str | None) -> None:
    """`rules export`: the house rule's file, to stdout or ``-o FILE``."""
    from ohhell_score.actions import house
    from ohhell_score.actions.exports import write_output

    text = house.export_text(name)
    output = output_file(output)
    if output is None:
        say_json(text, end="")
        return
    write_output(output, text)  # as every -o: OUTPUT_HELP
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
    import_house_rule(file, name, force)


def import_house_rule(file: Path, name: str | None, force: bool) -> None:
    """`rules import`: the house rule of ``file`` kept (as ``name``), unless kept already."""
    from ohhell_score.actions import house

    rule, kept = house.import_text(read_input(str(file)), str(file), name, force)
    if kept == rule:
        say(
            _("House rule {name} is kept already, the same: {summary}.").format(
                name=rule.name, summary=rule.summary()
            )
        )
        return
    said = (
        _("Replaced house rule {name}: {summary}.")
        if kept
        else _("Imported house rule {name}: {summary}.")
    )
    say(said.format(name=rule.name, summary=rule.summary()))


@rules_app.command("delete", help=_("Forget a house rule (games played with it keep their rules)."))
def delete_rules(name: RuleName) -> None:
    from ohhell_score.actions import house

    house.delete(name)
    say(_("Deleted house rule {lower}.").format(lower=name.strip().lower()))
