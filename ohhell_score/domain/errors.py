"""One exception per kind of refusal.

The domain raises these; only the CLI turns them into a one-line message and an exit
code. ``Refused`` and its subclasses mean "exit 1, nothing changed"; ``BadValue`` means
the command line itself was malformed ("exit 2").
"""

from __future__ import annotations


class OhHellError(Exception):
    """Base of every error a user can cause."""


class BadValue(OhHellError, ValueError):
    """A value of the wrong form: an unknown preset, a hand pattern that does not parse."""


class Refused(OhHellError):
    """A rule was broken; nothing on disk changed."""


class RulesDontFit(Refused):
    """The rule set cannot be played with these players and this deck."""


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
