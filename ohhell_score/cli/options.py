"""What the commands of every area share: the game and rule options, the preset names,
how a malformed value becomes Typer's usage error, and how a file a user names is read.

Imported by every run through Typer (the root and each area), TAB completion included,
so it imports no domain module at the top but the rules' forms (cheap); the
functions import what they use.
"""

import inspect
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from ohhell_score.cli.complete import complete_assignments, complete_game, complete_rules
from ohhell_score.domain.forms import DEFAULT_PRESET as DEFAULT_PRESET
from ohhell_score.domain.forms import PRESET_NAMES as PRESET_NAMES
from ohhell_score.domain.forms import (
    TrumpMethod,
    hands_choices,
    hook_choices,
    scoring_choices,
)
from ohhell_score.i18n import _

if TYPE_CHECKING:  # the domain is imported by the commands that need it: start-up time
    from ohhell_score.domain.game import Progress
    from ohhell_score.domain.rules import RuleOptions

#: Commands that take numbers as arguments take "-1" as a (refused) value, not an option.
NUMBERS = {"ignore_unknown_options": True}


def read_input(file: str, *, export: bool = False) -> bytes:
    """The bytes of the file a user names (``-``: stdin): ``actions.exports.read_input``."""
    from ohhell_score.actions.exports import read_input as read

    return read(file, typer.get_binary_stream("stdin"), export=export)


#: ``-o FILE`` of every command that writes a file (export, sheet, ratings, rules export,
#: tournament export), all through ``actions.exports.write_output``: one text, what that
#: write does (docs/safety.md, "The files you ask for").
OUTPUT_HELP = _(
    "Write to FILE instead of stdout: a file is replaced whole or not at all; a pipe or a "
    "device (/dev/stdout) is written through."
)


def output_file(output: str | None) -> str | None:
    """The file ``-o`` names; None for stdout: no ``-o``, or ``-o -`` as Unix tools read it."""
    return None if output == "-" else output


OutputOpt = Annotated[
    str | None,
    typer.Option("--output", "-o", help=OUTPUT_HELP, metavar="FILE", show_default=False),
]
GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        help=_("The game's id (default: the current game)."),
        show_default=False,
        metavar="ID",
        autocompletion=complete_game,
    ),
]


def assignments_argument(help: str) -> Any:
    """The ``NAME=N...`` values of `bid`, `tricks` and `edit` (``-1`` is a value: ``NUMBERS``)."""
    return typer.Argument(
        help=help, show_default=False, autocompletion=complete_assignments, metavar="NAME=N..."
    )


# The rule options of `new`, shared by every command that makes a rule set (rules.md):
# `with_rule_options` adds the six to such a command, and `rule_options` gathers them.
# Their help says what the rules take, in the words of domain/forms.py (cheap to import,
# unlike the rules themselves); each is a phrase, the help ends the sentence.
def rules_option(help: str, complete: Callable[..., Any] = complete_rules) -> Any:
    """The ``--rules``/``-r NAME`` option of a command that makes a rule set; ``help``
    names the presets where it says ``{preset_names}``."""
    return typer.Option(
        "--rules",
        "-r",
        help=help.format(preset_names=", ".join(PRESET_NAMES)),
        metavar="NAME",
        autocompletion=complete,
    )


RulesOpt = Annotated[str, rules_option(_("Preset: {preset_names}, or a house rule."))]
HookOpt = Annotated[
    str | None, typer.Option(help=hook_choices() + ".", show_default=False, metavar="HOOK")
]
HandsOpt = Annotated[
    str | None,
    typer.Option(
        help=_("Cards per hand: {forms}.").format(forms=hands_choices()),
        show_default=False,
        metavar="SPEC",
    ),
]
TrumpOpt = Annotated[
    str | None,
    typer.Option(
        help=TrumpMethod.choices() + ".",
        show_default=False,
        metavar="METHOD",
    ),
]
ScoringOpt = Annotated[
    str | None,
    typer.Option(
        help=scoring_choices() + ".",
        show_default=False,
        metavar="SCHEME",
    ),
]
DecksOpt = Annotated[
    int | None, typer.Option(help=_("Number of 52-card packs."), show_default=False, metavar="K")
]
DeckSizeOpt = Annotated[
    int | None,
    typer.Option(help=_("Any other pack size, e.g. 63."), show_default=False, metavar="CARDS"),
]

# The first dealer by cards drawn, on `new` and on `tournament dealer`.
DrawCardsOpt = Annotated[
    str | None,
    typer.Option(
        help=_(
            'The cards drawn for the first dealer: "Ann=Q♠ Bob=Q♥ Cat=2♣"; further '
            "rounds of the tied after ';'."
        ),
        show_default=False,
        metavar="DRAW",
    ),
]
DrawTiesOpt = Annotated[
    str | None,
    typer.Option(
        help=_(
            "Equal highest cards: suit (spades > hearts > diamonds > clubs) or "
            "redraw (default: suit under cartier, else redraw)."
        ),
        show_default=False,
        metavar="suit|redraw",
    ),
]


#: The six rule options by parameter name, in the order every --help lists them.
RULE_OPTIONS = {
    "hook": HookOpt,
    "hands": HandsOpt,
    "trump": TrumpOpt,
    "scoring": ScoringOpt,
    "decks": DecksOpt,
    "deck_size": DeckSizeOpt,
}
Command = TypeVar("Command", bound=Callable[..., Any])


def with_rule_options(after: str) -> Callable[[Command], Command]:
    """Adds the six rule options (``RULE_OPTIONS``, all default None) to a command's
    signature right after its parameter ``after``; the command reads them with
    ``rule_options(ctx)``.

    Typer reads a command's options from ``inspect.signature``, which a function's
    ``__signature__`` answers: so the command is wrapped, the wrapper says the longer
    signature, and it drops the six before calling the command.
    """

    def add(command: Command) -> Command:
        signature = inspect.signature(command, eval_str=True)
        parameters = list(signature.parameters.values())
        at = [parameter.name for parameter in parameters].index(after) + 1
        options = [
            inspect.Parameter(
                name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=option
            )
            for name, option in RULE_OPTIONS.items()
        ]

        @wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            for name in RULE_OPTIONS:
                kwargs.pop(name, None)
            return command(*args, **kwargs)

        run.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[*parameters[:at], *options, *parameters[at:]]
        )
        return run  # type: ignore[return-value]

    return add


def rule_options(ctx: typer.Context) -> "RuleOptions":
    """The options ``HookOpt`` to ``DeckSizeOpt`` as the command ``ctx`` was given them."""
    from ohhell_score.domain.rules import RuleOptions

    return RuleOptions._make(ctx.params[name] for name in RuleOptions._fields)


def load_progress(game_id: str | None) -> "Progress":
    from ohhell_score.actions import entries as commands

    return commands.load_progress(game_id)


# The groups `ohhell --help` lists the commands in, in this order (each command names
# its own with ``rich_help_panel``; cli/lazy.py groups them).
AT_THE_TABLE = _("At the table")
GAMES = _("Games")
RESULTS = _("Results")
TOURNAMENTS = _("Tournaments")
RULES_AND_STATISTICS = _("Rules and statistics")
SET_UP = _("Set-up")
PANELS = (AT_THE_TABLE, GAMES, RESULTS, TOURNAMENTS, RULES_AND_STATISTICS, SET_UP)
