"""What a game id or a house rule's name may be (docs/scripting.md: ``[a-z0-9-]{1,64}``).

Checked with string methods, not a regular expression: compiling one costs every
command about 0.2 ms of its start-up budget (issue 7).
"""

from ohhell_score.domain.errors import Refused, Shown
from ohhell_score.i18n import _

ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"
MAX_LENGTH = 64


def is_id(text: str) -> bool:
    """1 to 64 characters, each a lower-case ASCII letter, a digit or ``-``."""
    return 0 < len(text) <= MAX_LENGTH and not text.strip(ID_CHARS)


def check_id(game_id: str) -> str:
    """docs/scripting.md: lower-case letters, digits and ``-``, 1 to 64 characters."""
    if not is_id(game_id):
        raise Refused(
            _("{id!r} is not a game id: use 1 to 64 lower-case letters, digits and '-'").format(
                id=Shown(game_id)
            )
        )
    return game_id
