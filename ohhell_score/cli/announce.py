"""What the table is told at play, between the prompts: the game's opening line, each
hand's head (dealer, first bidder, trump, the bids so far), the keys, and at the end
the winners and the whole sheet.

Imports inside functions: what draws the final sheet (``views/render.py``,
``views/plain.py``) is imported where it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ohhell_score.domain.game import Game, HandState, Progress, Step, hand_notes
from ohhell_score.domain.rules import Suit, TrumpMethod
from ohhell_score.domain.rulewords import rules_words
from ohhell_score.i18n import N_, _, ngettext
from ohhell_score.views.words import (
    balance_words,
    bids_so_far,
    names_words,
    totals_words,
    trump_words,
)

if TYPE_CHECKING:
    from rich.console import Console

#: The letters the trump prompts show: the four suits, then no trump, in the reader's
#: language; each is one that `Suit.parse` reads in every language (a Dutch table's are
#: `s h r k sa`: tests/test_play_prompts.py holds them to it).
TRUMP_KEYS = N_("s h d c n")
#: The first line of the key list (`?`): what answers the prompt at hand. Where the
#: rules turn a card up or cut one, no trump is never entered, so `n` is not offered.
KEYS_NUMBER = N_("Keys: a number, then Enter.")
KEYS_TRUMP = N_(
    "Keys: the trump, then Enter: {keys} (or spades, hearts, diamonds, clubs, notrump)."
)
KEYS_SUIT = N_("Keys: the trump, then Enter: {keys} (or spades, hearts, diamonds, clubs).")
KEYS = N_(
    "  u  take back the last answer (into the previous hand too)\n"
    "  v  view the whole score sheet\n"
    "  p  the points: the totals so far\n"
    "  w  write a note on this hand (misdeal, redealt by Bob); `ohhell note` for others\n"
    "  a  adjust a score in the last scored hand: a penalty or a bonus, with its reason\n"
    "  f  finish: the table stops here, after the last scored hand (asks first)\n"
    "  t  change who sits at the table (before a hand's first answer): replace, leave, join\n"
    "  ?  these keys\n"
    "  q  leave; every answer is saved, `ohhell play` goes on from here\n"
    "  Ctrl-C or Ctrl-D leave too, and lose nothing."
)
#: The seat change's letters, for replace, leave and join, in the reader's language (a
#: Dutch table's: `v w a`, vervangen, weggaan, aanschuiven); the English ones are read in
#: every language, as the suits are.
SEAT_KEYS = N_("r l j")
SEAT_KINDS = ("r", "l", "j")
BOARD_KEY = N_("  b  the live board's address again (and its QR code, with --lan)")


def trump_keys(*, notrump: bool) -> str:
    """The letters a trump prompt offers: ``s h d c``, and ``n`` where no trump may be
    entered."""
    keys = _(TRUMP_KEYS).split()
    return " ".join(keys if notrump else keys[:4])


def key_list(prog: Progress) -> str:
    """What `?` shows: the answer the prompt at hand takes (a number, or the trump with
    only the letters its method allows), then the keys that work at every prompt."""
    nxt = prog.next
    if nxt is None or nxt.step is not Step.TRUMP:
        head = _(KEYS_NUMBER)
    elif prog.game.rules.allows_notrump_entry(nxt.hand):
        head = _(KEYS_TRUMP).format(keys=trump_keys(notrump=True))
    else:
        head = _(KEYS_SUIT).format(keys=trump_keys(notrump=False))
    return head + "\n" + _(KEYS)


def trump_line(prog: Progress, hand: HandState) -> str:
    """What the table knows of this hand's trump before it starts."""
    rules = prog.game.rules
    method = rules.trump_method(hand.number)
    if not hand.trump_entered:
        if hand.trump is Suit.NOTRUMP and method is TrumpMethod.UPCARD:
            return _("Trump: none: every card is dealt, so no card is turned up.")
        return _("Trump: {trump_words}.").format(trump_words=trump_words(hand.trump))
    if hand.trump is not None:
        return _("Trump: {trump_words}.").format(trump_words=trump_words(hand.trump))
    if method is TrumpMethod.UPCARD:
        return _("Trump: the suit of the card turned up after the deal.")
    if method is TrumpMethod.CUT:
        return _("Trump: the suit of the cut card (or the dealer's last card), before the bids.")
    if method is TrumpMethod.DEALER:
        return _("Trump: {dealer} (dealer) names it before the bids: a suit or no trump.").format(
            dealer=hand.dealer
        )
    return _("Trump: the highest bidder names it after the bids (a suit or no trump).")


def shuffler(game: Game, hand: HandState) -> str | None:
    """seed 000: at a Cartier table of 4, the player opposite the dealer shuffles the
    second deck for the next hand."""
    if game.rules.preset != "cartier" or len(hand.players) != 4:
        return None
    return hand.players[(hand.players.index(hand.dealer) + 2) % 4]


def _say(console: Console) -> Callable[..., None]:
    def say(text: str, style: str = "") -> None:
        console.print(text, style=style or None, soft_wrap=True)

    return say


def hand_header(console: Console, prog: Progress, typed: Mapping[str, int]) -> None:
    """Each hand's head: its number, cards and dealer, who bids first, the trump, who
    shuffles the second deck, the bids and the tricks typed so far, its note."""
    say = _say(console)
    game, hand = prog.game, prog.current
    assert hand is not None
    say("")
    say(
        _("━━ Hand {number} of {hands} · {plural} each · {dealer} deals ━━").format(
            number=hand.number,
            hands=len(prog.hands),
            plural=ngettext("{count} card", "{count} cards", hand.cards).format(count=hand.cards),
            dealer=hand.dealer,
        ),
        style="bold",
    )
    say(_("{order} bids first and leads the first trick.").format(order=hand.order[0]))
    say(trump_line(prog, hand))
    second_deck = shuffler(game, hand)
    if second_deck:
        say(
            _("{second_deck}, opposite the dealer, shuffles the second deck.").format(
                second_deck=second_deck
            )
        )
    if hand.bids:
        bids = ", ".join(f"{p} {b}" for p, b in hand.bids.items())
        if len(hand.bids) == len(hand.order):
            say(
                _("Bids: {bids}; {balance_words}.").format(
                    bids=bids, balance_words=balance_words(hand)
                )
            )
        else:
            say(f"{bids_so_far(hand)}.")
    note = hand_notes(game).get(hand.number)
    if note:
        say(_("Note: {note}").format(note=note))
    if typed:
        say(_("Tricks so far: ") + ", ".join(f"{p} {t}" for p, t in typed.items()) + ".")


def opening(console: Console, prog: Progress) -> None:
    """Once, as play starts: the game and its rules, and the totals of a game resumed."""
    say = _say(console)
    game = prog.game
    say(
        _("Game {id}: {rules_words}.").format(
            id=game.id, rules_words=rules_words(game.rules, len(game.players))
        )
    )
    if prog.hands_played:
        say(totals_words(prog), style="bold")


def finish(console: Console, prog: Progress) -> None:
    """The winners (ties shared), then the whole sheet."""
    from ohhell_score.views.plain import Styler, sheet_lines
    from ohhell_score.views.render import print_plain

    winners = prog.winners
    top = prog.totals[winners[0]]
    if len(winners) == 1:
        line = _("{winners} wins with {top}!").format(winners=winners[0], top=top)
    else:
        line = _("{names_words} share the win with {top} each!").format(
            names_words=names_words(winners), top=top
        )
    console.print("")
    console.print("★ " + line, style="bold")
    styles = Styler(console.file, terminal=console.is_terminal)
    print_plain(console, sheet_lines(prog, console.width, styles))
