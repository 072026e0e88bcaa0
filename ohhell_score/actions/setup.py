"""Making a game: its rules from a preset or house rule and the options, and saving it
under a free id. Shared by `new`, the guided `new` of `play` and `sheet`.

Imports inside functions: `new --help` and TAB import this module with the root app,
which run no command; so each function imports the rules, the game and the words it
uses inside its body."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ohhell_score.domain.errors import GameExists
from ohhell_score.domain.ids import check_id
from ohhell_score.i18n import _
from ohhell_score.storage import games

if TYPE_CHECKING:
    from ohhell_score.domain.game import Game
    from ohhell_score.domain.rules import Preset, RuleOptions, RuleSet


def make_rules(name: str, players: int, options: RuleOptions) -> RuleSet:
    """The preset or house rule ``name`` for ``players``, with ``options`` over it."""
    from ohhell_score.domain.rules import build_rules
    from ohhell_score.storage.house import find as find_house_rule

    return build_rules(name, players, options, house=find_house_rule(name))


def saved_house_rules() -> list[Preset]:
    """The house rules saved here, offered beside the presets (unreadable ones are not)."""
    from ohhell_score.storage import house

    return [rule.as_preset() for rule in house.all_rules()[0]]


def create_game(
    game_id: str | None,
    names: tuple[str, ...],
    rule_set: RuleSet,
    first_dealer: int,
    scorer: str | None,
) -> Game:
    """Save a new game under ``game_id``, or under an id made from today's date."""
    from ohhell_score.domain.game import Game, check_note

    if scorer is not None:
        check_note(scorer, "--scorer")
    at = games.now()
    while True:
        gid = check_id(game_id) if game_id is not None else games.new_id()
        created = Game(gid, names, rule_set, first_dealer, created=at, updated=at, scorer=scorer)
        try:
            games.create(created)
            return created
        except GameExists:
            if game_id is not None:
                raise
            # Another `new` took the id made up a moment ago: make up the next.


def announced(created: Game) -> str:
    """The line that says a game was made: its id, players, preset and hands."""
    from ohhell_score.domain.rulewords import rules_words

    rules = rules_words(created.rules, len(created.players))
    return _("New game {id}: {players} ({rules}).").format(
        id=created.id, players=", ".join(created.players), rules=rules
    )
