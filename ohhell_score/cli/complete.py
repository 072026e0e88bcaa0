"""Completion of values for the shells: game ids, rules, players, suits, tournaments.

The shell runs ``ohhell`` afresh on every TAB, so each of these stays cheap: game ids
come from file names, players from one game file's ``players`` field (no replay), house
rules and tournaments from file names (actions/complete.py reads the folders), and the
presets from their forms (domain/forms.py); nothing here imports rich or the rules
engine unless the value needs it (a suit's does).
"""

from typing import Any

import typer

from ohhell_score.actions.complete import game_ids, house_rule_names, read_game
from ohhell_score.actions.complete import tournament_names as tournament_names
from ohhell_score.domain.forms import PRESET_NAMES, preset_summary
from ohhell_score.i18n import _

#: The suits as ``ohhell trump`` takes them, with what a shell shows beside each.
SUITS = (
    ("spades", "♠"),
    ("hearts", "♥"),
    ("diamonds", "♦"),
    ("clubs", "♣"),
    ("notrump", _("no trump")),
)


def complete_game(incomplete: str) -> list[str]:
    """``-g/--game``: the saved games' ids."""
    return [gid for gid in game_ids() if gid.startswith(incomplete)]


def complete_preset(incomplete: str) -> list[tuple[str, str]]:
    """``--rules`` and ``ohhell rules NAME``: the presets, each with its summary."""
    word = incomplete.strip().lower()
    return [(name, preset_summary(name)) for name in PRESET_NAMES if name.startswith(word)]


def complete_house_rule(incomplete: str) -> list[tuple[str, str]]:
    """``ohhell rules export/delete NAME``: the house rules kept."""
    word = incomplete.strip().lower()
    return [(name, _("house rule")) for name in house_rule_names() if name.startswith(word)]


def complete_rules(incomplete: str) -> list[tuple[str, str]]:
    """``--rules`` and ``ohhell rules [show] NAME``: the presets, each with its summary,
    then the house rules (a house rule cannot take a preset's name)."""
    return complete_preset(incomplete) + complete_house_rule(incomplete)


def complete_suit(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """``ohhell trump SUIT``: the suit names (the short forms are for typing, not
    offering); ``notrump`` only where the current hand's own trump method lets a player
    name it (docs/rules.md, "Trump": an upcard or a cut card always shows a suit)."""
    word = incomplete.strip().lower()
    offers = [(name, shown) for name, shown in SUITS if name.startswith(word)]
    data = read_game(ctx.params.get("game"))
    if data is None or notrump_named(data):
        return offers
    return [(name, shown) for name, shown in offers if name != "notrump"]


def notrump_named(data: dict[str, Any]) -> bool:
    """Whether the current hand of a game file may have "no trump" entered (True when
    the file cannot tell). The rules are imported for this alone: a TAB after `trump`."""
    from ohhell_score.domain.errors import BadValue
    from ohhell_score.domain.rules import Trump

    try:
        hands = tuple(int(n) for n in data["rules"]["hands"])
        number = 1 + sum(1 for e in data["entries"] if e.get("kind") == "tricks")
        rules_trump = Trump.parse(str(data["rules"]["trump"]))
        if not 1 <= number <= len(hands):
            return True
        method = rules_trump.method_for(number, hands)
    except (KeyError, TypeError, ValueError, AttributeError, BadValue):
        return True
    return method.value in ("named", "dealer")


def players_of(data: dict[str, Any]) -> list[str]:
    """Who sits now: the players, with the file's seat changes made (no replay)."""
    players = data.get("players")
    seated = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    entries = data.get("entries")
    for e in entries if isinstance(entries, list) else []:
        try:
            seated = _seated_after(seated, e)
        except (AttributeError, ValueError):
            continue  # a damaged entry: the replay refuses the file, completion goes on
    return seated


def _seated_after(seated: list[str], entry: dict[str, Any]) -> list[str]:
    kind = entry.get("kind")
    if kind == "replace":
        return [entry["new"] if p == entry["old"] else p for p in seated]
    if kind == "leave":
        return [p for p in seated if p != entry["player"]]
    if kind == "join":
        place = seated.index(entry["after"]) + 1
        return [*seated[:place], str(entry["player"]), *seated[place:]]
    return seated


def complete_seated(ctx: typer.Context, incomplete: str) -> list[str]:
    """``seat`` commands' names: the players seated now in the current game (or ``-g``)."""
    data = read_game(ctx.params.get("game"))
    word = incomplete.casefold()
    seated = players_of(data) if data is not None else []
    return [p for p in seated if p.casefold().startswith(word)]


def cards_of(data: dict[str, Any], hand: object) -> int:
    """The cards of hand ``hand``, or of the current hand: one hand a scored ``tricks``
    entry (undo drops entries, edits change them in place), so no replay is needed."""
    try:
        hands = [int(n) for n in data["rules"]["hands"]]
        if not isinstance(hand, int):
            hand = 1 + sum(1 for e in data["entries"] if e.get("kind") == "tricks")
    except (KeyError, TypeError, ValueError, AttributeError):
        return 0
    return hands[hand - 1] if 1 <= hand <= len(hands) else max(hands, default=0)


def complete_assignments(ctx: typer.Context, incomplete: str) -> list[str]:
    """``NAME=N`` for ``bid``, ``tricks`` and ``edit``: the players of the current game (or
    of ``-g``) not named yet on the line, in seating order.

    While the word could be more than one player, each is offered as ``NAME=``; once it
    names one, ``NAME=0`` to ``NAME=n`` (n the hand's cards) are, so that bash and zsh
    complete the ``NAME=`` they share without the space they put after a single match.
    """
    data = read_game(ctx.params.get("game"))
    if data is None:
        return []
    # typer hands completions no ``args``: what is typed so far is in the parsed params.
    typed = [v for value in ctx.params.values() if isinstance(value, list | tuple) for v in value]
    named = {str(v).partition("=")[0].strip().casefold() for v in typed if "=" in str(v)}
    # bash breaks words at "=": there NAME=N arrives as NAME, "=", N.
    named |= {str(typed[i - 1]).casefold() for i, v in enumerate(typed) if v == "=" and i}
    name, sep, _ = incomplete.partition("=")
    word = name.casefold()
    fits = [
        p
        for p in players_of(data)
        if p.casefold() not in named
        and (p.casefold() == word if sep else p.casefold().startswith(word))
    ]
    if len(fits) != 1:
        return [f"{p}=" for p in fits]
    numbers = range(cards_of(data, ctx.params.get("hand")) + 1)
    offers = [f"{fits[0]}={n}" for n in numbers]
    return [o for o in offers if o.casefold().startswith(incomplete.casefold())]


def complete_tournament(incomplete: str) -> list[str]:
    """A tournament's NAME: the saved tournaments (``tournament_names``, imported above
    as itself: cli/tournament.py's `tournament list` reads them from here)."""
    return [name for name in tournament_names() if name.startswith(incomplete)]
