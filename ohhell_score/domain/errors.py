"""One exception per kind of refusal, and the exit statuses they end in.

Every exception a user can cause is here. The domain and the commands raise them;
``entry.py`` alone turns them into an exit status and one line on stderr. ``Refused``
and its subclasses mean "exit 1, nothing changed"; ``BadValue`` means the command line
itself was malformed (exit 2, worded by Typer as its own usage errors); ``Interrupted``
means Ctrl-C or Ctrl-D stopped a command that asks questions (exit 130).
"""

from __future__ import annotations

from enum import IntEnum
from itertools import groupby

from ohhell_score.i18n import N_, _, ngettext


class ExitCode(IntEnum):
    """The exit statuses of ``ohhell`` (docs/scripting.md)."""

    OK = 0
    REFUSED = 1  # nothing on disk changed; also a reader that went away (``| head``)
    USAGE = 2  # a malformed command line: Typer's usage errors
    PARTLY = 3  # `collect --watch --once`: some tables collected, others refused
    INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for Ctrl-C


class OhHellError(Exception):
    """Base of every error a user can cause. Its words, wherever they are shown (a
    command's refusal, a prompt's, the board's error event on every phone), have each
    number cut as ``Shown`` cuts a value (``cut_numbers``): a number read from a file
    (a game's ``schema``, an entry's ``hand``) may have thousands of digits."""

    def __str__(self) -> str:
        return cut_numbers(super().__str__())


def cut_numbers(text: str) -> str:
    """``text`` with every run of more than ``SHOWN`` digits cut to ``SHOWN - 1`` and
    ``…`` (a 4,000-digit ``"schema"`` of a damaged game file): no number the program
    says of its own comes near, so its own words arrive whole."""
    if len(text) <= SHOWN:
        return text
    runs = ("".join(run) for _digits, run in groupby(text, str.isdigit))
    return "".join(
        run[: SHOWN - 1] + "…" if len(run) > SHOWN and run.isdigit() else run for run in runs
    )


class BadValue(OhHellError, ValueError):
    """A value of the wrong form: an unknown preset, a hand pattern that does not parse."""


class Refused(OhHellError):
    """A rule was broken; nothing on disk changed."""


class RulesDontFit(Refused):
    """The rule set cannot be played with these players and this deck. ``reason`` says
    why; ``packs``, when set, is the fewest packs of 52 that would deal it, and ``most``
    the most cards a hand of this deck deals to each player: the two ways out, which
    the message names as options (a prompt names its own words)."""

    def __init__(self, reason: str, packs: int | None = None, most: int | None = None) -> None:
        self.reason, self.packs, self.most = reason, packs, most
        super().__init__(ways_out(reason, packs, most, _("give --decks {packs}")))


def ways_out(reason: str, packs: int | None, most: int | None, more_packs: str) -> str:
    """``reason`` and the ways out of it: ``more_packs`` (with ``{packs}``: how the
    command line or a prompt asks for them), or smaller hands."""
    ways = [more_packs.format(packs=packs)] if packs is not None else []
    if most is not None:
        ways.append(
            ngettext(
                "or deal at most {most} card a hand",
                "or deal at most {most} cards a hand",
                most,
            ).format(most=most)
            if ways
            else ngettext(
                "deal at most {most} card a hand", "deal at most {most} cards a hand", most
            ).format(most=most)
        )
    return f"{reason}: {', '.join(ways)}" if ways else reason


class NotYourTurn(Refused):
    """An entry out of turn, out of order, or at the wrong step of the hand."""


class IllegalBid(Refused):
    """A bid out of 0..n, or the one the hook forbids."""


class TricksDontAddUp(Refused):
    """Tricks that do not add up to the cards dealt, or out of range."""


class UnknownPlayer(Refused):
    """A name that matches no player of the game."""


class BadPlayers(Refused):
    """Player names that cannot make a table."""


class SeatRefused(Refused):
    """A seat change at the wrong moment, or one that would leave too few players."""


class GameNotFound(Refused):
    """No saved game with that id."""


class GameExists(Refused):
    """A game with that id is already saved."""


class CorruptGame(Refused):
    """A game file that cannot be read: damaged, of the wrong shape, or from a newer version."""


class NothingToUndo(Refused):
    """Undo on a game with no entries."""


class HouseRuleNotFound(Refused):
    """No house rule with that name."""


class HouseRuleExists(Refused):
    """Importing would replace a different house rule of the same name."""


class CorruptHouseRule(Refused):
    """A house rule file that cannot be read or does not describe valid rules."""


class NoFairFormat(Refused):
    """A field that cannot be seated at equal tables all the way to a final."""


class TournamentNotFound(Refused):
    """No saved tournament with that name."""


class TournamentExists(Refused):
    """A tournament, or one of its table games, is saved under that name already."""


class CorruptTournament(Refused):
    """A tournament file that cannot be read."""


class NotReady(Refused):
    """A round cannot be closed yet: a table is unfinished, unreadable or tied."""


class GameChanged(OhHellError):
    """The game file changed under a ``play`` session (another ``ohhell`` at work). Not a
    refusal of the answer: the play loop says it, and asks what the game now waits for."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "the game changed meanwhile (another ohhell at work?): "
                "that answer was not stored; here is where the game stands now"
            )
        )


class Interrupted(OhHellError):
    """Ctrl-C or Ctrl-D at a question: the command stops; the message says what was kept."""


#: The line of Ctrl-C that struck before a command could say what it kept (translated
#: where it is said: ``interrupted()``).
INTERRUPTED = N_("ohhell: interrupted; nothing entered before was lost.")


def interrupted() -> str:
    return _(INTERRUPTED)


class StopScoring(Exception):
    """``q`` at a prompt: the table stops here, everything given so far is saved (exit 0)."""


#: The most characters of a value a user typed (or a file held) that a message shows:
#: every value the program accepts fits whole (an id has 64, a name 24).
SHOWN = 80


class Shown:
    """A value a user typed, or a file held, as a message shows it: cut to ``SHOWN``
    characters and ``…``, quoted by ``{value!r}`` as before, so that a 100,000-character
    name makes a short line while the program's own words, an instruction to type
    included, are never cut (``entry.refusal``)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        text = str(self.value)
        return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"

    def __repr__(self) -> str:
        text = repr(self.value)
        return text if len(text) <= SHOWN + 2 else text[: SHOWN + 1] + "…" + text[-1]
