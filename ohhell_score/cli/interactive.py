"""The hand loop of ``ohhell play``: the prompts of a hand, its keys, what is said
between them.

The loop asks for one answer at a time in the order the rules give (trump where it
comes first, each bid in bidding order, trump where the highest bidder names it, then
each player's tricks) and saves every answer the moment it is given. Each save checks
the answer against the game file as it is now, under the game's lock: when another
session changed the game meanwhile (``GameChanged``), the answer is not stored and the
loop asks again from where the game now stands. The loop keeps no state of its own:
after every answer it reloads the game, so it resumes at the very prompt where it was
left.

Every answer is saved by the same action as the command that enters it (`bid`,
`trump`, `tricks`, `undo`, `note`, `seat`), given what the prompt saw, drafts of typed
tricks included (actions/table.py). Each prompt is one ``terminal.ask_until``; the keys
that work at every prompt are a table (``Session.keys``). The questions of a seat
change are in ``seating.py``, the set-up of a new game in ``guided.py``.

Imports inside functions: what draws a hand's summary and the final sheet
(``views/render.py``, ``views/plain.py``) is imported where it is first drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ohhell_score.actions import entries, phones, table
from ohhell_score.cli import announce, seating
from ohhell_score.cli.announce import BOARD_KEY, key_list, trump_keys
from ohhell_score.cli.answers import REFUSALS, number, said_yes
from ohhell_score.cli.terminal import REFUSED, Ask, AskAgain, ask_until
from ohhell_score.cli.waking import Waker, Woken
from ohhell_score.domain.errors import GameChanged, Refused, StopScoring
from ohhell_score.domain.forms import MAX_ADJUST
from ohhell_score.domain.game import (
    HandState,
    Progress,
    Step,
    Tricks,
    describe_entry,
    hand_notes,
    note_hand,
    with_finish,
)
from ohhell_score.domain.rules import Suit, TrumpMethod
from ohhell_score.i18n import _, ngettext
from ohhell_score.views.words import (
    balance_words,
    free_dealer_words,
    meanwhile_words,
    names_words,
    totals_words,
    trump_words,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ohhell_score.domain.game import Assignment


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


#: A key's handler: True when the prompt is done (the game changed: the loop asks what
#: is due now), False to ask the same prompt again.
Key = Callable[[Progress, Mapping[str, int]], bool]


class Session:
    """One scorer at one game: asks, saves, and reloads after every answer."""

    def __init__(
        self,
        game_id: str,
        console: Console,
        ask: Ask,
        board: Callable[[], None] | None = None,
        waker: Waker | None = None,
    ) -> None:
        self.game_id = game_id
        self.console = console
        self.ask = ask
        self.board = board  # ``play --board``: prints the board's address again (``b``)
        #: ``play --board --entry``: a prompt wakes when the game changes (a phone).
        self.waker = waker
        self.prompt_ask = waker.wrap(ask) if waker is not None else ask
        self.shown_hand: int | None = None  # the hand whose header was shown last
        #: The keys that work at every prompt of a hand, by what is typed (any case).
        self.keys: dict[str, Key] = {
            "?": self.show_keys,
            "v": self.show_sheet,
            "p": self.show_totals,
            "w": self.write_note,
            "a": self.adjust,
            "f": self.finish_here,
            "t": self.change_seats,
            "u": self.take_back,
            "q": self.leave,
        }
        if board is not None:
            self.keys["b"] = self.show_board

    # --- output -----------------------------------------------------------------

    def say(self, text: str, style: str = "") -> None:
        self.console.print(text, style=style or None, soft_wrap=True)

    def refuse(self, reason: Exception | str) -> None:
        self.say(REFUSED + str(reason), style="bold")

    def run(self) -> Progress:
        """Ask until the game is over (or ``StopScoring``, ``KeyboardInterrupt``, ``EOFError``)."""
        announce.opening(self.console, entries.load_progress(self.game_id))
        while True:
            if self.waker is not None:
                self.waker.mark()
            prog, typed = table.at_table(self.game_id)
            if prog.next is None:
                return prog
            if prog.next.hand != self.shown_hand:
                announce.hand_header(self.console, prog, typed)
                self.shown_hand = prog.next.hand
            try:
                if prog.next.step is Step.BID:
                    self.ask_bid(prog)
                elif prog.next.step is Step.TRUMP:
                    self.ask_trump(prog)
                else:
                    self.ask_tricks(prog, typed)
            except GameChanged as err:
                self.refuse(err)
            except Woken:
                self.meanwhile(prog)

    def meanwhile(self, before: Progress) -> None:
        """What changed while a prompt waited (a phone's entry): said under the prompt,
        before the prompt the game now waits for."""
        now = entries.load_progress(self.game_id)
        held = phones.held_now(now)
        self.say("")
        for line in meanwhile_words(before.game.entries, now, held.tricks if held else None):
            self.say(line, style="bold")

    def answer(
        self, prompt: str, prog: Progress, typed: Mapping[str, int], save: Callable[[str], None]
    ) -> None:
        """Ask ``prompt`` until ``save`` takes the answer, or a key (``Session.keys``)
        changed the game; a refusal is said and the prompt asked again."""

        def accept(line: str) -> None:
            answer = line.strip()
            key = self.keys.get(answer.lower())
            if key is None:
                save(answer)
            elif not key(prog, typed):
                raise AskAgain()

        ask_until(self.prompt_ask, prompt, accept, self.refuse, REFUSALS)

    # --- the keys -----------------------------------------------------------------

    def show_keys(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``?``: the keys (and ``b``, with a board)."""
        self.say(key_list(prog))
        if self.board is not None:
            self.say(_(BOARD_KEY))
        return False

    def show_board(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``b``: the live board's address again."""
        assert self.board is not None
        self.board()
        return False

    def show_totals(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``p``: the totals so far."""
        self.say(totals_words(entries.load_progress(self.game_id)), style="bold")
        return False

    def show_sheet(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``v``: the whole sheet as `ohhell show` draws it."""
        from ohhell_score.views.plain import Styler, sheet_lines
        from ohhell_score.views.render import print_plain

        now = entries.load_progress(self.game_id)
        styles = Styler(self.console.file, terminal=self.console.is_terminal)
        print_plain(self.console, sheet_lines(now, self.console.width, styles))
        return False

    def leave(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``q``: the table stops here; every answer is saved."""
        raise StopScoring()

    def write_note(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``w``: a note on the current hand; Enter alone keeps the note as it is. A note
        is not an entry: it is saved whatever was entered meanwhile."""
        now = entries.load_progress(self.game_id)
        number = note_hand(now)
        old = hand_notes(now.game).get(number)
        if old:
            self.say(_("Hand {number}'s note: {old}").format(number=number, old=old))
        text = self.ask(
            _("Note on hand {number} (Enter: no change; - clears it): ").format(number=number)
        ).strip()
        if not text:
            return False
        try:
            self.say(entries.write_note(self.game_id, number, "" if text == "-" else text))
        except Refused as err:
            self.refuse(err)
        return False

    def adjust(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``a``: points for a player in the last scored hand, a penalty or a bonus, with
        its reason (`ohhell adjust`); Enter alone at a question changes nothing."""
        last = prog.hands_played
        if not last:
            raise Refused(_("no hand is scored yet: only a scored hand is adjusted"))
        seated = ", ".join(prog.hands[last - 1].order)
        name = self.ask(
            _("Adjust whose score in hand {hand} ({seated}; Enter: nobody)? ").format(
                hand=last, seated=seated
            )
        ).strip()
        if not name:
            return False
        typed_points = self.ask(
            _("Points for {name} in hand {hand}, negative for a penalty: ").format(
                name=name, hand=last
            )
        ).strip()
        if not typed_points:
            return False
        points = number(typed_points, -MAX_ADJUST, MAX_ADJUST, _("points"))
        reason = self.ask(_("Why (a revoke, a misdeal...; Enter: no reason)? ")).strip()
        said = entries.record_adjust(
            self.game_id, name, points, last, reason, table.seen(prog, typed)
        )
        self.say(said, style="bold")
        return True

    def finish_here(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``f``: the table stops after the last scored hand (`ohhell finish`), once
        confirmed; refused before the question where the game cannot stop now."""
        with_finish(prog)  # refused as `ohhell finish` refuses it, before asking
        question = _(
            "Stop the game after hand {played} of {planned}: the totals now decide the "
            "winners. Stop here? (y/N): "
        ).format(played=prog.hands_played, planned=prog.planned)
        if not said_yes(self.ask(question)):
            self.say(_("The game goes on."))
            return False
        self.say(entries.record_finish(self.game_id, table.seen(prog, typed)), style="bold")
        return True

    def change_seats(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``t``: one seat change, asked (``seating.py``)."""
        said = seating.ask_change(self.game_id, prog, self.ask)
        self.say(_("No seat changed.") if said is None else said)
        self.shown_hand = None  # the hand's dealer and bidders may have changed
        return True

    def take_back(self, prog: Progress, typed: Mapping[str, int]) -> bool:
        """``u``: the last answer goes, a player's tricks or the game's last entry."""
        seen = table.seen(prog, typed)
        if typed:
            player = list(typed)[-1]
            table.type_tricks(self.game_id, seen, dict(list(typed.items())[:-1]))
            self.say(_("Took back {player}'s tricks.").format(player=player))
            return True
        if not prog.game.entries:
            raise Refused(_("nothing to take back: nothing is entered yet"))
        changed, last = entries.enter_undo(self.game_id, seen)
        if isinstance(last, Tricks):
            # Back to the prompt that confirmed the hand, the tricks before it as typed.
            typed_before = last.values[: confirmed_at(last.values)]
            table.type_tricks(self.game_id, table.seen(changed, {}), dict(typed_before))
        self.say(_("Took back {describe_entry}.").format(describe_entry=describe_entry(last)))
        return True

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

        def save(answer: str) -> None:
            value = number(answer, 0, hand.cards, _("a bid"))
            after = entries.enter_bids(self.game_id, [(player, value)], table.seen(prog, {}))
            done = after.hands[hand.number - 1]
            if len(done.bids) == len(done.order):
                self.say(
                    _("Hand {number}: {balance_words}.").format(
                        number=hand.number, balance_words=balance_words(done)
                    ),
                    style="bold",
                )

        self.answer(prompt, prog, {}, save)

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

        def save(answer: str) -> None:
            if not answer:
                raise Refused(
                    _("type the trump: {keys}, then Enter (? shows the keys)").format(keys=keys)
                )
            suit = Suit.parse(answer)
            entries.enter_trump(self.game_id, suit, table.seen(prog, {}))
            self.say(
                _("Hand {number} trump: {trump_words}.").format(
                    number=hand.number, trump_words=trump_words(suit)
                )
            )

        self.answer(prompt, prog, {}, save)

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
        held = phones.held_now(prog)
        if held is not None:
            tricks = ", ".join(f"{name} {count}" for name, count in held.tricks.items())
            prompt = _("From a phone: {tricks}. Enter confirms them; or {prompt}").format(
                tricks=tricks, prompt=prompt
            )

        def save(answer: str) -> None:
            if held is not None and answer == "":
                done = phones.confirm_held(self.game_id, table.seen(prog, typed), None)
                self.summary(done, hand.number)
                return
            value = left if last and answer == "" else number(answer, 0, hand.cards, _("tricks"))
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
            self.summary(entries.enter_tricks(self.game_id, items, seen), hand.number)

        self.answer(prompt, prog, typed, save)

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
