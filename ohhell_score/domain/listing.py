"""What `ohhell list` shows of a saved game: a ``Listing`` a game file, and the keys of
``list --json``. The storage's list index makes them; the list view prints them.
"""

from __future__ import annotations

from typing import Any

#: What `list --json` gives of each game, in order: the eight keys of docs/scripting.md's
#: example (tests/test_list_index.py holds the three to one another).
LIST_JSON_KEYS = (
    "id",
    "players",
    "rules",
    "hands_played",
    "hands_total",
    "finished",
    "updated",
    "leaders",
)


class Listing:
    """One line of ``list``: what it shows of a game, or why the file cannot be read.

    A plain class, not a dataclass: `list` makes 10,000 of them and imports nothing more.
    """

    __slots__ = ("error", "id", "mtime", "summary")

    def __init__(self, id: str, summary: dict[str, Any], error: str | None, mtime: float):
        self.id = id
        # LIST_JSON_KEYS, "winners", "next_hand" and "hands_planned"; {} if unreadable
        self.summary = summary
        self.error = error
        self.mtime = mtime
