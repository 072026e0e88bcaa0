"""What the ``tournament`` commands do, without Typer: seat a tournament, read one with
its tables' results, seat the next round, fix a table's first dealer, bring in tables
scored elsewhere, and write one out. Each loads, checks through the domain, saves under
the tournament's lock and returns what the command says.

Imports inside functions: the command line imports this module for `ohhell --help`
and TAB, which run none of these; so the domain, the views and the stores are imported
by the functions that use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ohhell_score.domain.errors import Refused, TournamentExists
from ohhell_score.i18n import _

if TYPE_CHECKING:
    from ohhell_score.domain.game import Game, Progress
    from ohhell_score.domain.tournament import Result, TableRules, Tournament
    from ohhell_score.views.formats import Format


def create(
    name: str,
    field: list[str],
    table_rules: TableRules,
    seed: int | None,
    *,
    shuffle: bool,
    losers_bracket: bool,
    dry_run: bool = False,
) -> tuple[Tournament, list[Game], int]:
    """Seat round 1 of a new tournament and make its first table the current game: the
    tournament, its tables' games and the seed drawn with. The same command again after
    one killed while writing the tables finishes that one. ``dry_run``: the same
    seating, checked as it would be (a name taken included), with nothing written."""
    import secrets  # lazy: it imports hashlib, which `--help` does not load

    from ohhell_score.domain.tournament import new_tournament, seated_games
    from ohhell_score.storage import games as game_store
    from ohhell_score.storage import tournaments as ts

    drawn = seed if seed is not None else secrets.randbelow(1_000_000)
    t, games = new_tournament(
        name,
        field,
        table_rules,
        drawn,
        shuffle=shuffle,
        losers_bracket=losers_bracket,
        at=game_store.now(),
    )
    if dry_run:
        if ts.exists(name):
            raise TournamentExists(_("a tournament {name!r} exists already").format(name=name))
        return t, games, drawn
    with ts.locked(name, new=True):
        if not ts.exists(name):
            ts.seat(t)
        elif ts.finish(name) and _same_draw(kept := ts.load(name), t, seed is not None):
            # this command again, after one that was killed while writing the tables
            t, games, drawn = kept, seated_games(kept), kept.seed
        else:
            raise TournamentExists(_("a tournament {name!r} exists already").format(name=name))
    game_store.set_current(games[0].id)
    return t, games, drawn


def _same_draw(kept: Tournament, asked: Tournament, seeded: bool) -> bool:
    """Whether a saved tournament is the one asked for again (its seed too, if given)."""

    def key(t: Tournament) -> tuple[object, ...]:
        return (t.players, t.rules, t.shuffled, t.losers_bracket, t.seed if seeded else None)

    return key(kept) == key(asked)


def standing(name: str) -> tuple[Tournament, Mapping[str, Result]]:
    """The tournament ``name`` and the result of each of its tables."""
    from ohhell_score.domain.tournament import results
    from ohhell_score.storage import tournaments as ts

    t = ts.load(name)
    return t, results(t, ts.read_games(t))


def advance(name: str, given: Mapping[str, list[str]]) -> tuple[Tournament, list[Game], str | None]:
    """Seat the next round once every table of this one is finished (``given``: the
    organiser's order of a tie, by table): the tournament, the new round's games and,
    when there are none, the champion. The first new table becomes the current game."""
    from ohhell_score.domain.tournament import advance as seat_next
    from ohhell_score.domain.tournament import champion, results, seated_games
    from ohhell_score.storage import games as game_store
    from ohhell_score.storage import tournaments as ts

    at = game_store.now()
    with ts.locked(name):
        if ts.finish(name):  # this command again, after one killed while writing the tables
            changed = ts.load(name)
            games, new_games = ts.read_games(changed), seated_games(changed)
        else:
            t = ts.load(name)
            games = ts.read_games(t)
            changed, new_games = seat_next(t, games, dict(given), at)
            if new_games:
                ts.seat(changed)
            else:
                ts.save(changed)
    if not new_games:
        return changed, new_games, champion(changed, results(changed, games))
    game_store.set_current(new_games[0].id)
    return changed, new_games, None


def first_dealer(
    game_id: str, player: str | None, draw_cards: str | None, draw_ties: str | None
) -> Game:
    """Record who deals first at a table that has no bid yet: ``player``, or whoever the
    cards ``draw_cards`` say drew highest."""
    from ohhell_score.domain.draw import scripted_draw, ties_by_suit
    from ohhell_score.domain.game import progress
    from ohhell_score.domain.ids import check_id
    from ohhell_score.storage import games as game_store

    def edit(prog: Progress) -> Progress:
        g = prog.game
        if g.entries:
            raise Refused(
                _("game {game} has begun: the first dealer is fixed once a bid is in").format(
                    game=g.id
                )
            )
        by_suit = ties_by_suit(g.rules, draw_ties)
        if draw_cards is not None:
            who = scripted_draw(draw_cards, g.players, g.rules.deck, by_suit=by_suit)
        else:
            assert player is not None
            who = g.resolve(player)
        seat = g.players.index(who)
        return progress(g._replace(first_dealer=seat, updated=game_store.now()))

    return game_store.change(check_id(game_id), edit).game


def export(name: str, fmt: Format) -> str:
    """The whole tournament ``name`` in ``fmt``."""
    from ohhell_score.views.formats import WRITERS

    return WRITERS[fmt].tournament(*standing(name))
