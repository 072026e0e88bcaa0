"""What the commands of every area share: the game and rule options, the preset names,
how a malformed value becomes Typer's usage error, and how a file a user names is read.

Imported by every run through Typer (the root and each area), TAB completion included,
so it imports no domain module at the top; the functions import what they use.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from ohhell_score.cli.complete import complete_game, complete_rules
from ohhell_score.domain.errors import BadValue, Refused

if TYPE_CHECKING:  # the domain is imported by the commands that need it: start-up time
    from ohhell_score.domain.game import Progress
    from ohhell_score.domain.rules import RuleOptions

#: ``rules.PRESETS`` and ``rules.DEFAULT_PRESET``, here so that the command line is built
#: without importing the rules (tests/test_completions.py checks that they agree).
PRESET_NAMES = (
    "cartier",
    "ten-to-one",
    "classic",
    "regional",
    "nomination-whist",
    "kachuful",
    "boerenbridge",
)
DEFAULT_PRESET = "classic"

#: Commands that take numbers as arguments take "-1" as a (refused) value, not an option.
NUMBERS = {"ignore_unknown_options": True}


@contextmanager
def refusals() -> Iterator[None]:
    """A malformed value (``BadValue``) becomes Typer's usage error (exit 2); refusals
    (``Refused``, ``OSError``) go on to ``entry.py``, which words them (exit 1)."""
    try:
        yield
    except BadValue as err:
        raise typer.BadParameter(str(err)) from None


def read_input(file: str) -> bytes:
    """The bytes of the file a user names (``-``: stdin), read as every file is: a
    regular file only, without blocking, at most ``files.MAX_FILE_BYTES``; anything
    else is refused naming it."""
    from ohhell_score.storage import files

    if file == "-":
        data = typer.get_binary_stream("stdin").read(files.MAX_FILE_BYTES + 1)
        if len(data) > files.MAX_FILE_BYTES:
            raise Refused("cannot read stdin: larger than the largest game file")
        return data
    try:
        return files.read_regular(file)[0]
    except OSError as err:
        raise Refused(f"cannot read {file}: {err.strerror or err}") from None


GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        help="The game's id (default: the current game).",
        show_default=False,
        autocompletion=complete_game,
    ),
]
# The rule options of `new`, shared by every command that makes a rule set (rules.md):
# each such command lists the six after its --rules, and `rule_options` gathers them.
# Their help says what domain/rules.py takes, written out because importing the rules
# here would slow every command (tests/test_completions.py checks that they agree).
RulesOpt = Annotated[
    str,
    typer.Option(
        "--rules",
        "-r",
        help=f"Preset: {', '.join(PRESET_NAMES)}, or a house rule.",
        autocompletion=complete_rules,
    ),
]
HookOpt = Annotated[str | None, typer.Option(help="always, never or from:K.", show_default=False)]
HandsOpt = Annotated[
    str | None,
    typer.Option(
        help="Cards per hand: 13-2-13, 10-1, 1-7-1, 7,7,6, 1-7,7-1 or max-1-max.",
        show_default=False,
    ),
]
TrumpOpt = Annotated[
    str | None,
    typer.Option(
        help="named, upcard, cut, dealer, none or schedule:H,C,S,D,N; exceptions after +, "
        "e.g. upcard+max=none.",
        show_default=False,
    ),
]
ScoringOpt = Annotated[
    str | None,
    typer.Option(
        help="standard, exact, minus, progressive, penalty, tenfold or a formula such as "
        "'made: 10+b; missed: -b'.",
        show_default=False,
    ),
]
DecksOpt = Annotated[int | None, typer.Option(help="Number of 52-card packs.", show_default=False)]
DeckSizeOpt = Annotated[
    int | None, typer.Option(help="Any other pack size, e.g. 63.", show_default=False)
]


def rule_options(ctx: typer.Context) -> "RuleOptions":
    """The options ``HookOpt`` to ``DeckSizeOpt`` as the command ``ctx`` was given them."""
    from ohhell_score.domain.rules import RuleOptions

    return RuleOptions._make(ctx.params[name] for name in RuleOptions._fields)


def load_progress(game_id: str | None) -> "Progress":
    from ohhell_score.actions import entries as commands

    with refusals():
        return commands.load_progress(game_id)
