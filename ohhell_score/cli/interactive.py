"""The prompt loop of ``ohhell play``, and the questions of ``ohhell new`` without players.

The loop asks for one answer at a time in the order the rules give (trump where it
comes first, each bid in bidding order, trump where the highest bidder names it, then
each player's tricks) and saves every answer the moment it is given. Each save checks
the answer against the game file as it is now, under the game's lock: when another
session changed the game meanwhile, the answer is not stored and the loop asks again
from where the game now stands. The loop keeps no state of its own: after every answer
it reloads the game, so it resumes at the very prompt where it was left.

Here are the prompts and their words; every answer is saved by the same action as the
command that enters it (`bid`, `trump`, `tricks`, `undo`, `note`, `seat`), given what the
prompt saw, drafts of typed tricks included (actions/table.py).

Imports inside functions: what draws a hand's summary, the final sheet and the table
of presets (``views/render.py``, ``views/plain.py``, ``rich.table``) is imported where
it is first drawn: rich's tables bring ``fractions`` and ``decimal``, about 6 ms that
would otherwise come before the first prompt.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ohhell_score.actions import entries, seats, table
from ohhell_score.domain.draw import Card, card_problem, highest, ties_by_suit
from ohhell_score.domain.errors import (
    BadValue,
    GameChanged,
    Refused,
    RulesDontFit,
    Shown,
    StopScoring,
)
from ohhell_score.domain.forms import HOOK_FORMS
from ohhell_score.domain.game import (
    Game,
    HandState,
    Progress,
    Step,
    Tricks,
    check_players,
    describe_entry,
    hand_notes,
    newcomer_name,
    note_hand,
    seat_change_hand,
)
from ohhell_score.domain.rules import (
    MAX_PACKS,
    PRESETS,
    Preset,
    RuleOptions,
    RuleSet,
    Scoring,
    Suit,
    TrumpMethod,
)
from ohhell_score.domain.rulewords import rules_words
from ohhell_score.domain.seats import resolve_seated
from ohhell_score.i18n import N_, _, ngettext
from ohhell_score.views.console import rich_console
from ohhell_score.views.words import (
    balance_words,
    bids_so_far,
    free_dealer_words,
    names_words,
    preset_summary,
    totals_words,
    trump_words,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ohhell_score.domain.game import Assignment

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
REFUSED = "  ✗ "


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


def new_console() -> Console:
    """Markup off: player names like ``[b]Bo`` are printed as typed."""
    return rich_console()


Ask = Callable[[str], str]


def console_ask(console: Console) -> Ask:
    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    return ask


# --- keys typed while `play` starts -------------------------------------------------


class Typeahead:
    """Keys typed while `play` starts, shown on the first prompts as if typed there.

    A terminal echoes keys where the cursor happens to be and keeps them for the next
    read, so keys typed before the first prompt were taken but not shown on it. So the
    terminal's echo is off while `play` starts (``quiet``); at the first prompt the keys
    waiting are read (``take``), the echo comes back, each whole line typed answers a
    prompt in turn, shown after it, and a line begun is put on the prompt to finish.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.saved: list[Any] | None = None  # the terminal's settings while quiet
        self.lines: list[str] | None = None  # None until the keys waiting are read
        self.begun = ""

    def quiet(self) -> None:
        """Echo off, until ``take`` or ``restore``; nothing at all off a terminal."""
        if not sys.stdin.isatty():
            return
        import termios

        try:
            self.saved = termios.tcgetattr(sys.stdin.fileno())
            quiet = termios.tcgetattr(sys.stdin.fileno())
            quiet[3] &= ~termios.ECHO
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, quiet)
        except termios.error:
            self.saved = None

    def restore(self) -> None:
        if self.saved is not None:
            import termios

            termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, self.saved)
            self.saved = None

    def take(self) -> None:
        """Read the keys waiting (without waiting for more), then echo on again."""
        data = b""
        if self.saved is not None:
            import termios

            fd = sys.stdin.fileno()
            now = termios.tcgetattr(fd)
            now[3] &= ~(termios.ICANON | termios.ECHO)
            now[6][termios.VMIN], now[6][termios.VTIME] = 0, 0
            try:
                termios.tcsetattr(fd, termios.TCSANOW, now)
                while chunk := os.read(fd, 1024):
                    data += chunk
            finally:
                self.restore()
        lines = typed_lines(data.decode(errors="replace"))
        self.lines, self.begun = lines[:-1], lines[-1]

    def ask(self, prompt: str) -> str:
        if self.lines is None:
            self.take()
        assert self.lines is not None
        if self.lines:
            line = self.lines.pop(0)
            self.console.print(prompt + line, soft_wrap=True)
            return line
        begun, self.begun = self.begun, ""
        if not begun:
            return self.console.input(prompt, markup=False, emoji=False)
        return prefilled(self.console, prompt, begun)


def typed_lines(text: str) -> list[str]:
    """Keys as lines, a backspace taking back a key and other control keys dropped; the
    last item is the line begun (maybe empty)."""
    lines = [""]
    for ch in text.replace("\r\n", "\n").replace("\r", "\n"):
        if ch == "\n":
            lines.append("")
        elif ch in "\x7f\b":
            lines[-1] = lines[-1][:-1]
        elif ch.isprintable():
            lines[-1] += ch
    return lines


def prefilled(console: Console, prompt: str, begun: str) -> str:
    """The prompt with ``begun`` on it, to finish (and edit, where readline is)."""
    try:
        import readline  # only here: it changes every input() once imported
    except ImportError:
        console.print(prompt + begun, end="", soft_wrap=True)
        return begun + input()
    readline.set_startup_hook(lambda: readline.insert_text(begun))
    try:
        return console.input(prompt, markup=False, emoji=False)
    finally:
        readline.set_startup_hook()


# --- answers --------------------------------------------------------------------------


def is_whole(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` takes '²' too, which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def seat_number(text: str, count: int) -> int | None:
    """``1..count`` as typed, else None."""
    if is_whole(text) and len(text) <= 3 and 1 <= int(text) <= count:
        return int(text)
    return None


def number(text: str, low: int, high: int, what: str) -> int:
    """A whole number in ``low..high`` as typed, or a refusal that says what to type."""
    t = text.strip()
    if not t:
        raise Refused(
            _("type {what} {low} to {high}, then Enter (? shows the keys)").format(
                what=what, low=low, high=high
            )
        )
    if not is_whole(t.removeprefix("-")):
        raise Refused(
            _(
                "{t!r} is not a number: type {what} {low} to {high}, then Enter (? shows the keys)"
            ).format(t=t, what=what, low=low, high=high)
        )
    if len(t) > 9:  # far beyond any hand (and int() refuses thousands of digits)
        raise Refused(
            _("{t}… is out of range: {what} is {low} to {high}").format(
                t=t[:9], what=what, low=low, high=high
            )
        )
    value = int(t)
    if not low <= value <= high:
        raise Refused(
            _("{value} is out of range: {what} is {low} to {high}").format(
                value=value, what=what, low=low, high=high
            )
        )
    return value


def confirmed_at(tricks: Sequence[tuple[str, int]]) -> int:
    """How many players' tricks were typed before the prompt that confirmed the hand:
    the last player's, or everyone's after the tricks ran out (all 0, ``ask_tricks``)."""
    total = sum(value for _player, value in tricks)
    taken = 0
    for i, (_player, value) in enumerate(tricks[:-1]):
        if taken == total:
            return i
        taken += value
    return len(tricks) - 1


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


class Session:
    """One scorer at one game: asks, saves, and reloads after every answer."""

    def __init__(
        self,
        game_id: str,
        console: Console,
        ask: Ask,
        board: Callable[[], None] | None = None,
    ) -> None:
        self.game_id = game_id
        self.console = console
        self.ask = ask
        self.board = board  # ``play --board``: prints the board's address again (``b``)
        self.shown_hand: int | None = None  # the hand whose header was shown last

    # --- output -----------------------------------------------------------------

    def say(self, text: str, style: str = "") -> None:
        self.console.print(text, style=style or None, soft_wrap=True)

    def refuse(self, reason: str) -> None:
        self.say(REFUSED + reason, style="bold")

    def header(self, prog: Progress, typed: Mapping[str, int]) -> None:
        game, hand = prog.game, prog.current
        assert hand is not None
        self.say("")
        self.say(
            _("━━ Hand {number} of {hands} · {plural} each · {dealer} deals ━━").format(
                number=hand.number,
                hands=len(prog.hands),
                plural=ngettext("{count} card", "{count} cards", hand.cards).format(
                    count=hand.cards
                ),
                dealer=hand.dealer,
            ),
            style="bold",
        )
        self.say(_("{order} bids first and leads the first trick.").format(order=hand.order[0]))
        self.say(trump_line(prog, hand))
        second_deck = shuffler(game, hand)
        if second_deck:
            self.say(
                _("{second_deck}, opposite the dealer, shuffles the second deck.").format(
                    second_deck=second_deck
                )
            )
        if hand.bids:
            bids = ", ".join(f"{p} {b}" for p, b in hand.bids.items())
            if len(hand.bids) == len(hand.order):
                self.say(
                    _("Bids: {bids}; {balance_words}.").format(
                        bids=bids, balance_words=balance_words(hand)
                    )
                )
            else:
                self.say(f"{bids_so_far(hand)}.")
        note = hand_notes(game).get(hand.number)
        if note:
            self.say(_("Note: {note}").format(note=note))
        if typed:
            self.say(_("Tricks so far: ") + ", ".join(f"{p} {t}" for p, t in typed.items()) + ".")

    # --- the loop ---------------------------------------------------------------

    def opening(self, prog: Progress) -> None:
        """Once, as play starts: the game and its rules, and the totals of a game resumed."""
        game = prog.game
        self.say(
            _("Game {id}: {rules_words}.").format(
                id=game.id, rules_words=rules_words(game.rules, len(game.players))
            )
        )
        if prog.hands_played:
            self.say(totals_words(prog), style="bold")

    def run(self) -> Progress:
        """Ask until the game is over (or ``StopScoring``, ``KeyboardInterrupt``, ``EOFError``)."""
        self.opening(entries.load_progress(self.game_id))
        while True:
            prog, typed = table.at_table(self.game_id)
            if prog.next is None:
                return prog
            if prog.next.hand != self.shown_hand:
                self.header(prog, typed)
                self.shown_hand = prog.next.hand
            try:
                if prog.next.step is Step.BID:
                    self.ask_bid(prog)
                elif prog.next.step is Step.TRUMP:
                    self.ask_trump(prog)
                else:
                    self.ask_tricks(prog, typed)
            except GameChanged as err:
                self.refuse(str(err))

    def read(self, prompt: str, prog: Progress, typed: Mapping[str, int]) -> str | None:
        """One answer; ``?`` shows the keys, ``v`` the sheet, ``p`` the totals, ``w``
        writes a note, ``t`` changes a seat, ``q`` leaves, ``u`` takes back (-> None),
        and with a board, ``b`` shows its address again."""
        while True:
            answer = self.ask(prompt).strip()
            key = answer.lower()
            if key == "?":
                self.say(key_list(prog))
                if self.board is not None:
                    self.say(_(BOARD_KEY))
            elif key == "b" and self.board is not None:
                self.board()
            elif key in ("v", "p"):
                self.show(key)
            elif key == "w":
                self.write_note()
            elif key == "q":
                raise StopScoring()
            elif key == "t":
                try:
                    self.change_seats(prog)
                except GameChanged:
                    raise
                except (Refused, BadValue) as err:
                    self.refuse(str(err))
                    continue
                self.shown_hand = None  # the hand's dealer and bidders may have changed
                return None
            elif key == "u":
                try:
                    self.take_back(prog, typed)
                except GameChanged:
                    raise
                except Refused as err:
                    self.refuse(str(err))
                    continue
                return None
            else:
                return answer

    def show(self, key: str) -> None:
        """``v``: the whole sheet as `ohhell show` draws it; ``p``: the totals."""
        prog = entries.load_progress(self.game_id)
        if key == "p":
            self.say(totals_words(prog), style="bold")
            return
        from ohhell_score.views.plain import Styler, sheet_lines
        from ohhell_score.views.render import print_plain

        styles = Styler(self.console.file, terminal=self.console.is_terminal)
        print_plain(self.console, sheet_lines(prog, self.console.width, styles))

    def write_note(self) -> None:
        """``w``: a note on the current hand; Enter alone keeps the note as it is. A note
        is not an entry: it is saved whatever was entered meanwhile."""
        prog = entries.load_progress(self.game_id)
        number = note_hand(prog)
        old = hand_notes(prog.game).get(number)
        if old:
            self.say(_("Hand {number}'s note: {old}").format(number=number, old=old))
        typed = self.ask(
            _("Note on hand {number} (Enter: no change; - clears it): ").format(number=number)
        ).strip()
        if not typed:
            return
        text = "" if typed == "-" else typed
        try:
            self.say(entries.write_note(self.game_id, number, text))
        except Refused as err:
            self.refuse(str(err))

    def take_back(self, prog: Progress, typed: Mapping[str, int]) -> None:
        """``u``: the last answer goes, a player's tricks or the game's last entry."""
        seen = table.seen(prog, typed)
        if typed:
            player = list(typed)[-1]
            table.type_tricks(self.game_id, seen, dict(list(typed.items())[:-1]))
            self.say(_("Took back {player}'s tricks.").format(player=player))
            return
        if not prog.game.entries:
            raise Refused(_("nothing to take back: nothing is entered yet"))
        changed, last = entries.enter_undo(self.game_id, seen)
        if isinstance(last, Tricks):
            # Back to the prompt that confirmed the hand, the tricks before it as typed.
            typed_before = last.values[: confirmed_at(last.values)]
            table.type_tricks(self.game_id, table.seen(changed, {}), dict(typed_before))
        self.say(_("Took back {describe_entry}.").format(describe_entry=describe_entry(last)))

    def change_seats(self, prog: Progress) -> None:
        """``t``: one seat change (docs/seats.md ``seat replace/leave/join``), asked."""
        seen = table.seen(prog, {})
        seat_change_hand(prog)  # refused before any question once the hand has begun
        seated = ", ".join(prog.players)
        letters = _(SEAT_KEYS).split()
        typed = self.ask(
            _("Seat change: {r} replace, {l} leave, {j} join (Enter: none): ").format(
                **dict(zip(SEAT_KINDS, letters, strict=True))
            )
        )
        typed = typed.strip().lower()
        kind = dict(zip(letters, SEAT_KINDS, strict=True)).get(typed, typed)
        if kind == "q":
            raise StopScoring()
        if kind == "r":
            old = resolve_seated(
                prog.players, self._name(_("Who gets up? ({seated}): ").format(seated=seated))
            )
            new = newcomer_name(prog, self._name(_("Who takes {old}'s seat? ").format(old=old)))
            total = prog.totals.get(old, 0)
            carry = bool(total) and self._yes(
                _("Does {new} go on with {old}'s {total}? (y/N): ").format(
                    new=new, old=old, total=total
                )
            )
            said = seats.replace(self.game_id, old, new, carry, seen)
        elif kind == "l":
            name = self._name(_("Who leaves? ({seated}): ").format(seated=seated))
            said = seats.leave(self.game_id, name, seen)
        elif kind == "j":
            name = newcomer_name(prog, self._name(_("Who joins? ")))
            last = prog.players[-1]
            after = self.ask(
                _("Sitting after whom? ({seated}; Enter: {last}): ").format(
                    seated=seated, last=last
                )
            ).strip()
            score = self.ask(
                _("{name} starts with how many points? (Enter: 0): ").format(name=name)
            ).strip()
            points = number(score, 0, 10**6, _("the points")) if score else 0
            said = seats.join(self.game_id, name, after or None, points, seen)
        else:
            self.say(_("No seat changed."))
            return
        self.say(said)

    def _name(self, prompt: str) -> str:
        answer = self.ask(prompt).strip()
        if answer.lower() == "q":
            raise StopScoring()
        if not answer:
            raise Refused(_("no seat changed: a name is needed"))
        return answer

    def _yes(self, prompt: str) -> bool:
        """A yes at ``prompt``: ``y`` or ``yes``, or the language's own (Dutch ``j``,
        ``ja``, as its ``(j/N)`` asks)."""
        said = self.ask(prompt).strip().lower()
        return said in ("y", "yes", _("y"), _("yes"))

    # --- the three prompts --------------------------------------------------------

    def ask_bid(self, prog: Progress) -> None:
        game, nxt, hand = prog.game, prog.next, prog.current
        assert nxt is not None and hand is not None and nxt.player is not None
        player = nxt.player
        so_far = (
            _("; {bids} bid of {cards} so far").format(bids=hand.bids_total, cards=hand.cards)
            if hand.bids
            else ""
        )
        free = free_dealer_words(game.rules, hand)
        if player != hand.dealer:
            prompt = _("{player} bids (0-{cards}{so_far}): ").format(
                player=player, cards=hand.cards, so_far=so_far
            )
        elif nxt.forbidden_bid is not None:
            prompt = _(
                "{player} (dealer) may not bid {forbidden}; bids (0-{cards}{so_far}): "
            ).format(player=player, forbidden=nxt.forbidden_bid, cards=hand.cards, so_far=so_far)
        else:
            prompt = _("{player} (dealer, free: {free}) bids (0-{cards}{so_far}): ").format(
                player=player, free=free, cards=hand.cards, so_far=so_far
            )
        while True:
            answer = self.read(prompt, prog, {})
            if answer is None:
                return
            try:
                value = number(answer, 0, hand.cards, _("a bid"))
                after = entries.enter_bids(self.game_id, [(player, value)], table.seen(prog, {}))
            except GameChanged:
                raise
            except Refused as err:
                self.refuse(str(err))
                continue
            done = after.hands[hand.number - 1]
            if len(done.bids) == len(done.order):
                self.say(
                    _("Hand {number}: {balance_words}.").format(
                        number=hand.number, balance_words=balance_words(done)
                    ),
                    style="bold",
                )
            return

    def ask_trump(self, prog: Progress) -> None:
        nxt, hand = prog.next, prog.current
        assert nxt is not None and hand is not None
        rules = prog.game.rules
        keys = trump_keys(notrump=rules.allows_notrump_entry(hand.number))
        method = rules.trump_method(hand.number)
        if method is TrumpMethod.NAMED:
            prompt = _("{player} (highest bid) names trump ({keys}): ").format(
                player=nxt.player, keys=keys
            )
        elif method is TrumpMethod.DEALER:
            prompt = _("{player} (dealer) names trump ({keys}): ").format(
                player=nxt.player, keys=keys
            )
        elif method is TrumpMethod.CUT:
            prompt = _("Trump, the cut card's suit ({keys}): ").format(keys=keys)
        else:
            prompt = _("Trump, the turned-up card's suit ({keys}): ").format(keys=keys)
        while True:
            answer = self.read(prompt, prog, {})
            if answer is None:
                return
            try:
                if not answer:
                    raise Refused(
                        _("type the trump: {keys}, then Enter (? shows the keys)").format(keys=keys)
                    )
                suit = Suit.parse(answer)
                entries.enter_trump(self.game_id, suit, table.seen(prog, {}))
            except GameChanged:
                raise
            except (Refused, BadValue) as err:
                self.refuse(str(err))
                continue
            self.say(
                _("Hand {number} trump: {trump_words}.").format(
                    number=hand.number, trump_words=trump_words(suit)
                )
            )
            return

    def ask_tricks(self, prog: Progress, typed: Mapping[str, int]) -> None:
        hand = prog.current
        assert hand is not None
        rest = hand.order[len(typed) :]
        player = rest[0]
        left = hand.cards - sum(typed.values())
        # Only one answer is possible: the last player takes what is left, and once
        # nothing is left everyone after takes 0. Confirmed with one Enter, not asked.
        last = len(rest) == 1 or left == 0
        if len(rest) > 1 and last:
            who = names_words(rest)
            prompt = _("{players} took 0 (Enter): ").format(players=who)
        elif last:
            prompt = _("{player} took {left} (Enter): ").format(player=player, left=left)
        else:
            prompt = _("{player} took (0-{left}): ").format(player=player, left=left)
        while True:
            answer = self.read(prompt, prog, typed)
            if answer is None:
                return
            try:
                value = (
                    left if last and answer == "" else number(answer, 0, hand.cards, _("tricks"))
                )
                if last and value != left:
                    raise Refused(self._must_add_up(hand, rest, left))
                if value > left:
                    raise Refused(self._too_many(hand, typed, player, value, left))
                seen = table.seen(prog, typed)
                if not last:
                    table.type_tricks(self.game_id, seen, {**typed, player: value})
                    return
                items: list[Assignment] = [
                    *typed.items(),
                    (player, value),
                    *((later, 0) for later in rest[1:]),
                ]
                after = entries.enter_tricks(self.game_id, items, seen)
            except GameChanged:
                raise
            except Refused as err:
                self.refuse(str(err))
                continue
            self.summary(after, hand.number)
            return

    @staticmethod
    def _must_add_up(hand: HandState, rest: Sequence[str], left: int) -> str:
        """The one answer left refused: what it is, and the keys that go on."""
        if len(rest) == 1:
            return _(
                "the tricks must add up to {cards}: {player} took {left} (Enter to "
                "confirm, u to change the others')"
            ).format(cards=hand.cards, player=rest[0], left=left)
        return _(
            "the tricks must add up to {cards}: {players} took 0 (Enter to confirm, u to "
            "change the others')"
        ).format(cards=hand.cards, players=names_words(rest))

    @staticmethod
    def _too_many(
        hand: HandState, typed: Mapping[str, int], player: str, value: int, left: int
    ) -> str:
        taken = hand.cards - left
        return _(
            "{player} cannot take {value}: {names_words} took {taken} of the {plural}, {left} left"
        ).format(
            player=player,
            value=value,
            names_words=names_words(list(typed)),
            taken=taken,
            plural=ngettext("{count} trick", "{count} tricks", hand.cards).format(count=hand.cards),
            left=left,
        )

    def summary(self, prog: Progress, number: int) -> None:
        from ohhell_score.views.render import hand_summary

        self.console.print(hand_summary(prog, number))


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


# --- a new game at the table ----------------------------------------------------------


def ask_players(console: Console, ask: Ask) -> tuple[str, ...]:
    """Players clockwise, one a line, an empty line when all are in."""
    console.print(_("Players, clockwise from anyone: one a line, an empty line when all are in."))
    names: list[str] = []
    while True:
        answer = ask(_("Player {names}: ").format(names=len(names) + 1)).strip()
        if answer == "?":
            console.print(_("Type a name and Enter; an empty line ends the list (3 or more)."))
            continue
        if not answer:
            if len(names) >= 3:
                return tuple(names)
            console.print(
                REFUSED
                + _("Oh Hell needs at least 3 players; {count} so far").format(count=len(names))
            )
            continue
        try:
            checked = check_players([*names, answer])  # the name as kept: NFC
        except Refused as err:
            console.print(REFUSED + str(err), style="bold")
            continue
        names.append(checked[-1])


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
    while True:
        prompt = _("Preset (1-{count} or a name; Enter: {default}): ").format(
            count=len(names), default=default
        )
        answer = ask(prompt).strip()
        word, _sep, value = answer.partition(" ")
        rule = changeable(word)
        if rule is not None and value.strip():
            try:
                changed = _changed(changes, rule, value.strip())
                rules = build(default, changed)
            except (Refused, BadValue) as err:
                console.print(REFUSED + _at_prompt(err), style="bold")
                continue
            changes = changed
            console.print(
                _("Rules now: {rules_words}.").format(rules_words=rules_words(rules, players))
            )
            continue
        chosen = answer or default
        seat = seat_number(chosen, len(names))
        if seat is not None:
            chosen = names[seat - 1]
        try:
            return build(chosen, changes)
        except RulesDontFit as err:
            default = chosen  # more decks deal it: `decks N`, then Enter, plays it
            console.print(REFUSED + _at_prompt(err), style="bold")
        except (Refused, BadValue) as err:
            console.print(REFUSED + str(err), style="bold")


def _at_prompt(err: Exception) -> str:
    """A refusal as the rules question says it: the packs that fit as its words give them."""
    if isinstance(err, RulesDontFit) and err.packs is not None:
        return _("{reason}: type decks {packs}").format(reason=err.reason, packs=err.packs)
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
    while True:
        answer = ask(prompt).strip()
        if not answer:
            return enter
        seat = seat_number(answer, len(players))
        if seat is not None:
            return seat - 1
        try:
            return players.index(draft.resolve(answer))
        except Refused as err:
            if answer.lower() == "d":
                return draw_dealer(console, ask, players, rules, by_suit)
            console.print(REFUSED + str(err), style="bold")


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
    drawing = list(players)
    while True:
        drawn: dict[str, Card] = {}
        for player in drawing:
            drawn[player] = ask_card(console, ask, player, drawn, rules.deck)
        top = highest(drawn, by_suit=by_suit)
        if len(top) == 1:
            console.print(
                _("{top} drew the highest card ({drawn}) and deals first.").format(
                    top=top[0], drawn=drawn[top[0]]
                )
            )
            return list(players).index(top[0])
        cards = ", ".join(f"{p} {drawn[p]}" for p in top)
        console.print(
            _("A tie ({cards}): {names_words} draw again.").format(
                cards=cards, names_words=names_words(top)
            )
        )
        drawing = top


def ask_card(console: Console, ask: Ask, player: str, drawn: Mapping[str, Card], deck: int) -> Card:
    while True:
        answer = ask(_("{player} drew (e.g. AS, 10h, Q♦): ").format(player=player))
        try:
            card = Card.parse(answer)
        except BadValue as err:
            console.print(REFUSED + str(err), style="bold")
            continue
        problem = card_problem(drawn, card, deck)
        if problem is None:
            return card
        console.print(REFUSED + problem, style="bold")


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
