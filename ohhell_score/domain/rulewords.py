"""A game's rules in words, short: the one line every view gives them (the play header,
the sheet, `list`, the exports), saying how the game differs from its preset.

In the domain, not the views, because the list index (storage) keeps each game's line
so that `list` replays no game. Built on the rules' own words (``sheet_note`` and
``description`` of each trump method and scoring scheme), so a new one has its words.
"""

import contextlib

from ohhell_score.domain.errors import BadValue
from ohhell_score.domain.rules import (
    PRESETS,
    Hook,
    RuleOptions,
    RuleSet,
    Suit,
    Trump,
    TrumpMethod,
    hands_pattern,
)
from ohhell_score.i18n import _, ngettext


def hook_words(hook: Hook) -> str:
    if hook.from_cards is None:
        return _("no hook")
    if hook.from_cards == 0:
        return _("hook on every hand")
    return ngettext("hook from {cards} card", "hook from {cards} cards", hook.from_cards).format(
        cards=hook.from_cards
    )


def selector_words(text: str) -> str:
    """A trump exception's hands in words: ``max`` is "the hands dealt the most cards"."""
    if text == "max":
        return _("the hands dealt the most cards")
    if text == "first":
        return _("the first hand")
    if text == "last":
        return _("the last hand")
    if "-" in text:
        return _("hands {range}").format(range=text)
    return _("hand {number}").format(number=text)


def _method_words(method: TrumpMethod) -> str:
    """A method, short: its sheet note up to the advice to the scorer."""
    return _("no trump") if method is TrumpMethod.NONE else method.sheet_note.split(";")[0]


def trump_rule_words(trump: Trump) -> str:
    """How trump is chosen, short, with the hands that are played otherwise."""
    method = trump.method
    if method is TrumpMethod.SCHEDULE:
        cycle = ", ".join(suit_name(s) for s in trump.schedule)
        words = f"{method.description}: {cycle}"
    else:
        words = method.sheet_note.split(";")[0]
    for selector, other in trump.exceptions:
        words += f"; {selector_words(selector.text)}: {_method_words(other)}"
    return words


def rule_parts(rules: RuleSet, players: int) -> list[tuple[str, bool]]:
    """Every rule of a game in words, each with whether it differs from the game's preset
    (a house rule's game: all of them, as the rule may have changed since)."""
    base = PRESETS.get(rules.preset)
    ref, deck = None, None
    if base is not None:
        deck = base.deck_for(players)
        # The preset's hands on this game's deck: `--decks 2` alone changes no hands.
        with contextlib.suppress(BadValue):
            ref = base.for_players(players, RuleOptions(deck_size=rules.deck))
    return [
        (
            _("hands {pattern}").format(pattern=hands_pattern(rules.hands)),
            ref is None or rules.hands != ref.hands,
        ),
        (hook_words(rules.hook), base is None or rules.hook != base.rules.hook),
        (
            _("trump: {how}").format(how=trump_rule_words(rules.trump)),
            base is None or rules.trump != base.rules.trump,
        ),
        (
            _("scoring: {how}").format(how=rules.scoring.sheet_note),
            base is None or rules.scoring != base.rules.scoring,
        ),
        (_("{cards}-card deck").format(cards=rules.deck), rules.deck != deck),
    ]


def rules_words(rules: RuleSet, players: int) -> str:
    """The one line every view gives a game's rules: the preset, the number of hands and
    how the game differs from the preset: 'classic · 19 hands · no hook'."""
    changes = [text for text, changed in rule_parts(rules, players) if changed]
    count = len(rules.hands)
    hands = ngettext("{count} hand", "{count} hands", count).format(count=count)
    return " · ".join([rules.preset, hands, *changes])


def suit_name(suit: Suit) -> str:
    """A suit's name in the reader's language: "hearts", "no trump"."""
    return suit.words
