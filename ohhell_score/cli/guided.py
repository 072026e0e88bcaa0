"""The guided set-up: the questions of ``ohhell new`` without players (and of ``play``
with no game yet, or after a finished one): the players, the rules, the first dealer
or the cards each player drew; then the game is made and, at a table, played. Each
question is a ``terminal.ask_until``: a wrong answer is refused in one line and asked
again; ``q`` leaves (``StopScoring``), and nothing is made. Imports inside functions:
the table of presets draws with ``rich.table`` (with ``fractions`` and ``decimal``,
about 6 ms), imported when it is first shown.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import typer

from ohhell_score.actions import saved
from ohhell_score.actions.setup import announced, create_game, make_rules, saved_house_rules
from ohhell_score.cli import terminal
from ohhell_score.cli.answers import REFUSALS, is_whole, said_no, said_yes, seat_number
from ohhell_score.cli.options import DEFAULT_PRESET
from ohhell_score.cli.playing import Board, play_game
from ohhell_score.cli.terminal import REFUSED, Ask, AskAgain, ask_until, refuser
from ohhell_score.domain.draw import Card, card_problem, chosen_ties, highest, ties_by_suit
from ohhell_score.domain.errors import (
    ExitCode,
    GameExists,
    Interrupted,
    Refused,
    RulesDontFit,
    Shown,
    StopScoring,
    ways_out,
)
from ohhell_score.domain.forms import HOOK_FORMS
from ohhell_score.domain.game import Game, Progress, check_players, next_first_dealer, progress
from ohhell_score.domain.rules import (
    MAX_PACKS,
    PRESETS,
    Preset,
    RuleOptions,
    RuleSet,
    Scoring,
    TrumpMethod,
)
from ohhell_score.domain.rulewords import rules_words
from ohhell_score.i18n import N_, _
from ohhell_score.views.console import say
from ohhell_score.views.words import names_words, next_words, preset_summary

if TYPE_CHECKING:
    from rich.console import Console


def ask_players(console: Console, ask: Ask) -> tuple[str, ...]:
    """Players clockwise, one a line, an empty line when all are in."""
    console.print(_("Players, clockwise from anyone: one a line, an empty line when all are in."))
    names: list[str] = []

    def accept(answer: str) -> str | None:
        """A player's name as kept (NFC), or None once all are in."""
        answer = answer.strip()
        if answer == "?":
            console.print(_("Type a name and Enter; an empty line ends the list (3 or more)."))
            raise AskAgain()
        if not answer:
            if len(names) >= 3:
                return None
            console.print(
                REFUSED
                + _("Oh Hell needs at least 3 players; {count} so far").format(count=len(names))
            )
            raise AskAgain()
        return check_players([*names, answer])[-1]

    def prompt() -> str:
        return _("Player {names}: ").format(names=len(names) + 1)

    while (name := ask_until(ask, prompt, accept, refuser(console), REFUSALS)) is not None:
        names.append(name)
    return tuple(names)


#: The rule options the questions of `new` let the table change, as the options do,
#: each with its word in the reader's language (typed in English or in that language).
CHANGEABLE = {
    "hook": N_("hook"),
    "trump": N_("trump"),
    "scoring": N_("scoring"),
    "decks": N_("decks"),
}
Build = Callable[[str, RuleOptions], RuleSet]


def ask_preset(
    console: Console, ask: Ask, players: int, default: str, build: Build, house: Sequence[Preset]
) -> RuleSet:
    """A preset or saved house rule by number or name, each shown with one line of
    description; before it, any changes of hook, trump or scoring, as `new`'s options."""
    choices_list = [*PRESETS.values(), *house]
    names = [p.name for p in choices_list]
    from rich.table import Table

    choices = Table.grid(padding=(0, 2), pad_edge=True)
    choices.add_column(justify="right")
    choices.add_column(no_wrap=True)
    choices.add_column()
    for i, p in enumerate(choices_list, start=1):
        choices.add_row(str(i), p.name, preset_summary(p))
    console.print(_("Rules:"))
    console.print(choices)
    console.print(
        _(
            "To change a rule, type it first: {hook_word} {hook}, {trump_word} {choices}, "
            "{scoring_word} {choices2}, {decks_word} 1-{packs} (packs of 52)."
        ).format(
            hook_word=_(CHANGEABLE["hook"]),
            hook="|".join(HOOK_FORMS),
            trump_word=_(CHANGEABLE["trump"]),
            choices=TrumpMethod.choices(),
            scoring_word=_(CHANGEABLE["scoring"]),
            choices2=Scoring.choices(),
            decks_word=_(CHANGEABLE["decks"]),
            packs=MAX_PACKS,
        )
    )
    changes = RuleOptions()

    def accept(answer: str) -> RuleSet:
        """A rule changed (asked again, the rules said), or the rules chosen."""
        nonlocal changes, default
        answer = answer.strip()
        word, _sep, value = answer.partition(" ")
        rule = changeable(word)
        if rule is not None and value.strip():
            changed = _changed(changes, rule, value.strip())
            rules = build(default, changed)
            changes = changed
            console.print(
                _("Rules now: {rules_words}.").format(rules_words=rules_words(rules, players))
            )
            raise AskAgain()
        chosen = answer or default
        seat = seat_number(chosen, len(names))
        if seat is not None:
            chosen = names[seat - 1]
        try:
            return build(chosen, changes)
        except RulesDontFit:
            default = chosen  # more decks deal it: `decks N`, then Enter, plays it
            raise

    def prompt() -> str:
        return _("Preset (1-{count} or a name; Enter: {default}): ").format(
            count=len(names), default=default
        )

    return ask_until(ask, prompt, accept, refuser(console, _at_prompt), REFUSALS)


def _at_prompt(err: Exception) -> str:
    """A refusal as the rules question says it: both ways out, the packs that fit as its
    words give them, or smaller hands."""
    if isinstance(err, RulesDontFit):
        return ways_out(err.reason, err.packs, err.most, _("type decks {packs}"))
    return str(err)


def changeable(word: str) -> str | None:
    """The rule option a word typed before a preset names (``hook``, or ``delerregel``
    at a Dutch table), None for any other word."""
    key = word.lower()
    for rule, said in CHANGEABLE.items():
        if key in (rule, _(said).lower()):
            return rule
    return None


def _changed(changes: RuleOptions, rule: str, value: str) -> RuleOptions:
    if rule == "hook":
        return changes._replace(hook=value)
    if rule == "trump":
        return changes._replace(trump=value)
    if rule == "decks":
        if not is_whole(value) or len(value) > 3:
            raise Refused(
                _("{value!r} is not a number of packs: type decks 1 to {packs}").format(
                    value=Shown(value), packs=MAX_PACKS
                )
            )
        return changes._replace(decks=int(value), deck_size=None)
    return changes._replace(scoring=value)


def ask_dealer(
    console: Console,
    ask: Ask,
    players: Sequence[str],
    rules: RuleSet,
    by_suit: bool | None = None,
    enter: int = 0,
) -> int:
    """The first dealer's seat: a name, a seat number, Enter for seat ``enter`` (the
    first), d to draw (ties broken as ``draw_dealer``'s ``by_suit`` says)."""
    draft = Game("x", tuple(players), rules)
    prompt = _("First dealer (a name or 1-{count}; Enter: {first}; d: draw cards): ").format(
        count=len(players), first=players[enter]
    )

    def accept(answer: str) -> int:
        answer = answer.strip()
        if not answer:
            return enter
        seat = seat_number(answer, len(players))
        if seat is not None:
            return seat - 1
        try:
            return players.index(draft.resolve(answer))
        except Refused:
            if answer.lower() == "d":
                return draw_dealer(console, ask, players, rules, by_suit)
            raise

    return ask_until(ask, prompt, accept, refuser(console), (Refused,))


def draw_dealer(
    console: Console,
    ask: Ask,
    players: Sequence[str],
    rules: RuleSet,
    by_suit: bool | None = None,
) -> int:
    """rules.md "First dealer": each draws a card, the highest deals; ties draw again,
    or (``by_suit``: ``--draw-ties suit``, and cartier when not given) suit rank breaks
    equal ranks."""
    if by_suit is None:
        by_suit = ties_by_suit(rules, None)
    if by_suit:
        how = _(
            "Each player draws a card; the highest deals (aces high, then spades, hearts, "
            "diamonds, clubs)."
        )
    else:
        how = _("Each player draws a card; the highest deals (aces high; ties draw again).")
    console.print(how)

    def draw(drawing: Sequence[str]) -> tuple[list[str], dict[str, Card]]:
        """Each of ``drawing`` draws a card: who drew the highest, and every card."""
        drawn: dict[str, Card] = {}
        for player in drawing:
            drawn[player] = ask_card(console, ask, player, drawn, rules.deck)
        return highest(drawn, by_suit=by_suit), drawn

    top, drawn = draw(players)
    while len(top) > 1:
        cards = ", ".join(f"{p} {drawn[p]}" for p in top)
        console.print(
            _("A tie ({cards}): {names_words} draw again.").format(
                cards=cards, names_words=names_words(top)
            )
        )
        top, drawn = draw(top)
    console.print(
        _("{top} drew the highest card ({drawn}) and deals first.").format(
            top=top[0], drawn=drawn[top[0]]
        )
    )
    return list(players).index(top[0])


def ask_card(console: Console, ask: Ask, player: str, drawn: Mapping[str, Card], deck: int) -> Card:
    def accept(answer: str) -> Card:
        card = Card.parse(answer)
        problem = card_problem(drawn, card, deck)
        if problem is not None:
            raise Refused(problem)
        return card

    prompt = _("{player} drew (e.g. AS, 10h, Q♦): ").format(player=player)
    return ask_until(ask, prompt, accept, refuser(console), REFUSALS)


def ask_new_game(
    console: Console,
    ask: Ask,
    preset_default: str,
    make_rules: Callable[[str, int, RuleOptions], RuleSet],
    house: Sequence[Preset] = (),
) -> tuple[tuple[str, ...], RuleSet]:
    """Players and preset, asked at the table; ``make_rules(name, players, changes)``
    makes the rules of a preset or house rule with the changes typed at the table and
    the command line's options over it."""
    names = ask_players(console, ask)

    def build(name: str, changes: RuleOptions) -> RuleSet:
        return make_rules(name, len(names), changes)

    return names, ask_preset(console, ask, len(names), preset_default, build, house)


# --- a new game at the table ----------------------------------------------------------


@dataclass(frozen=True)
class NewGame:
    """What ``ohhell new`` (or ``play`` wanting a game) was given before its questions:
    what is not given is asked."""

    players: Sequence[str] | None = None  # None or empty: asked, then played at once
    preset: str = DEFAULT_PRESET
    dealer: str | None = None  # a name or seat; None: asked (or drawn)
    game_id: str | None = None
    options: RuleOptions = field(default_factory=RuleOptions)  # the command line's, over the preset
    scorer: str | None = None
    draw: bool = False  # each player draws a card for the first dealer
    draw_ties: str | None = None  # how the draw breaks ties (``--draw-ties``)
    board: Board | None = None  # ``play --board``: the live board while it is played
    same: Progress | None = None  # a finished game: its players and rules, the next dealer


def new_at_table(new: NewGame) -> None:
    """``ohhell new`` that asks: the players, the preset and the first dealer (or, with
    ``--draw``, each player's drawn card). Without players on the command line the
    game is played at once; so is one with the players and rules of the finished game
    ``same``, which asks only for the first dealer, the next seat's at Enter (`play`
    after a finished game)."""
    if new.draw and new.dealer is not None:
        raise typer.BadParameter(_("give --dealer or --draw, not both"))
    chosen_ties(new.draw_ties)  # a --draw-ties that is not a way is malformed before the questions
    if new.game_id is not None and saved.exists(new.game_id):
        # Before the questions, not after them.
        raise GameExists(
            _("a game {game_id!r} exists already; choose another --game id").format(
                game_id=new.game_id
            )
        )
    console = terminal.new_console()
    console_ask = terminal.console_ask(console)
    answered: list[str] = []

    def ask(prompt: str) -> str:
        answer = console_ask(prompt)
        answered.append(answer)
        return answer

    def ask_setup(prompt: str) -> str:
        """``ask``, where ``q`` leaves, as at every prompt of `play` (the README's word):
        never a player called q, never "not a preset"."""
        answer = ask(prompt)
        if answer.strip().lower() == "q":
            raise StopScoring()
        return answer

    try:
        names, rule_set, first = _asked(new, console, ask_setup)
    except StopScoring:
        say(_("no game created"))
        raise typer.Exit(ExitCode.OK) from None
    except EOFError:
        if not answered and not sys.stdin.isatty():
            # A script that gave no players and nothing to read: a missing argument.
            raise typer.BadParameter(
                _("no players given: `ohhell new PLAYER...` (at a terminal it asks for them)")
            ) from None
        raise Interrupted(_("no game created")) from None
    except KeyboardInterrupt:
        raise Interrupted(_("no game created")) from None
    created = create_game(new.game_id, names, rule_set, first, new.scorer)
    say(announced(created))
    if not new.players or offer_play(console, ask):
        play_game(created.id, new.board)  # the header of hand 1 says what comes next
    else:
        say(next_words(progress(created)))


def _asked(new: NewGame, console: Console, ask: Ask) -> tuple[tuple[str, ...], RuleSet, int]:
    """The players, the rules and the first dealer's seat: given, or asked."""
    enter = 0  # the first dealer at Enter
    if new.same is not None:
        names, rule_set = new.same.players, new.same.game.rules
        enter = next_first_dealer(new.same)
        rule_set.check_fits(len(names))  # a seat change may have changed the table
    elif new.players:
        names = check_players(new.players)
        rule_set = make_rules(new.preset, len(names), new.options)
    else:
        names, rule_set = ask_new_game(
            console,
            ask,
            new.preset,
            lambda name, n, changes: make_rules(name, n, changes.over(new.options)),
            saved_house_rules(),
        )
    by_suit = ties_by_suit(rule_set, new.draw_ties)
    if new.draw:
        first = draw_dealer(console, ask, names, rule_set, by_suit)
    elif new.dealer is not None:
        first = names.index(Game("x", names, rule_set).resolve(new.dealer))
    else:
        first = ask_dealer(console, ask, names, rule_set, by_suit, enter)
    return names, rule_set, first


def offer_play(console: Console, ask: Ask) -> bool:
    """After `new PLAYER... --draw` at a terminal: go on to `play`? (Enter: yes). A
    script's `--draw` (stdin not a terminal) ends as `new` does, with what comes next."""
    if not (sys.stdin.isatty() and console.is_terminal):
        return False
    try:
        answer = ask(_("Play it now? (Enter: yes; n: no, later with `ohhell play`): "))
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() not in ("n", "no", "q")


def play_again(console: Console, prog: Progress, board: Board | None) -> None:
    """After a finished game's sheet: a new game with the players seated at its end and
    its rules (Enter), or the guided set-up (n); ``q``, Ctrl-C and Ctrl-D leave, and
    nothing is made."""

    def accept(answer: str) -> bool:
        """Whether the new game is the same one; ``q`` leaves."""
        if not answer.strip() or said_yes(answer):
            return True
        if said_no(answer):
            return False
        if answer.strip().lower() == "q":
            raise StopScoring()
        raise Refused(_("type Enter, n or q"))

    question = _("A new game, same players and rules? (Enter: yes; n: ask anew; q: leave): ")
    try:
        again = ask_until(
            terminal.console_ask(console), question, accept, refuser(console), (Refused,)
        )
    except (EOFError, KeyboardInterrupt):
        raise Interrupted(_("no game created")) from None
    except StopScoring:
        say(_("no game created"))
        return
    new_at_table(NewGame(board=board, same=prog if again else None))
