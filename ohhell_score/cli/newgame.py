"""``ohhell new``'s work: the game made from what the command line gives (the players,
the rules, the first dealer named or drawn by cards) and said, or, where something is
to be asked (no players, ``--draw``), handed to the guided set-up (``guided.py``).

Imported when ``new`` runs (cli/app.py builds the command without it). Imports inside
functions: the guided set-up, which draws with rich, only when something is asked.
"""

from __future__ import annotations

import typer

from ohhell_score.actions.setup import announced, create_game, make_rules
from ohhell_score.domain.draw import scripted_draw, ties_by_suit
from ohhell_score.domain.game import Game, check_players, progress
from ohhell_score.domain.rules import RuleOptions, RuleSet
from ohhell_score.i18n import _
from ohhell_score.views.console import say
from ohhell_score.views.words import next_words


def start_game(
    players: list[str] | None,
    rules: str,
    dealer: str | None,
    game: str | None,
    options: RuleOptions,
    scorer: str | None,
    draw: bool,
    draw_cards: str | None,
    draw_ties: str | None,
) -> None:
    """`new`: the game made from the command line and said, or asked for at the table."""
    if draw_cards is not None and (dealer is not None or draw):
        raise typer.BadParameter(_("give one of --dealer, --draw and --draw-cards"))
    if draw_cards is not None and not players:
        raise typer.BadParameter(_("--draw-cards names the players: list them after `new`"))
    if not players or draw:
        from ohhell_score.cli.guided import NewGame, new_at_table

        new_at_table(NewGame(players, rules, dealer, game, options, scorer, draw, draw_ties))
        return

    names = check_players(players)
    rule_set = make_rules(rules, len(names), options)
    first = first_dealer(names, rule_set, dealer, draw_cards, draw_ties)
    created = create_game(game, names, rule_set, first, scorer)
    say(announced(created))
    say(next_words(progress(created)))


def first_dealer(
    names: tuple[str, ...],
    rule_set: RuleSet,
    dealer: str | None,
    draw_cards: str | None,
    draw_ties: str | None,
) -> int:
    """The first dealer's seat: named, drawn on the command line, or the first player."""
    by_suit = ties_by_suit(rule_set, draw_ties)  # --draw-ties is checked when given alone too
    if draw_cards is not None:
        return names.index(scripted_draw(draw_cards, names, rule_set.deck, by_suit=by_suit))
    return names.index(Game("", names, rule_set).resolve(dealer)) if dealer else 0
