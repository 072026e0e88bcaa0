"""Files that cross the laptop's edge: a game written out (``export``) or brought in
(``import``), the file a user names read (``import``, ``rules import``, a players file)
and the one way every ``-o FILE`` is written.

Imports inside functions: the command line imports this module for `ohhell --help`
and TAB, which read and write nothing; so the domain, the views and the game store
are imported by the functions that use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, BinaryIO

from ohhell_score.domain.errors import BadValue, CorruptGame, GameExists, Refused
from ohhell_score.i18n import _
from ohhell_score.storage import files

if TYPE_CHECKING:
    from ohhell_score.domain.game import Game, Progress
    from ohhell_score.views.formats import Format, Style


def read_input(file: str, stdin: BinaryIO, *, export: bool = False) -> bytes:
    """The bytes of the file a user names (``-``: ``stdin``), read as every file is: a
    regular file only, without blocking, at most ``files.MAX_FILE_BYTES`` (an
    ``export``: ``files.export_limit()``); anything else is refused naming it."""
    limit = files.export_limit() if export else files.MAX_FILE_BYTES
    if file == "-":
        data = stdin.read(limit + 1)
        if len(data) > limit:
            raise Refused(
                _("cannot read {file}: {value}").format(file="stdin", value=files.too_large(limit))
            )
        return data
    try:
        return files.read_regular(file, limit)[0]
    except OSError as err:
        raise Refused(
            _("cannot read {file}: {value}").format(file=file, value=err.strerror or err)
        ) from None


def write_output(output: str, text: str) -> None:
    """Write ``text`` to the file a user named with ``-o`` (``files.write_output``: a
    regular file whole or not at all, a FIFO, a device or ``/dev/stdout`` written
    through, a symlink's target), or refuse naming it."""
    try:
        files.write_output(output, text)
    except OSError as err:
        raise Refused(
            _("cannot write {output}: {value}").format(output=output, value=err.strerror or err)
        ) from None


def export_game(game_id: str | None, fmt: Format, style: Style) -> tuple[Progress, str]:
    """The game ``game_id`` (or the current one) and its text in ``fmt``."""
    from ohhell_score.actions.entries import load_progress
    from ohhell_score.views.formats import WRITERS

    prog = load_progress(game_id)
    return prog, WRITERS[fmt].game(prog, style)


def import_game(data: bytes, where: str, game_id: str | None) -> tuple[Game, Progress]:
    """Keep the game exported as ``data`` (read from ``where``), under ``game_id`` if
    given; a game of that id is not replaced. The game kept, and the progress read."""
    from ohhell_score.domain.ids import check_id
    from ohhell_score.domain.versioned import cannot_read
    from ohhell_score.storage import games
    from ohhell_score.views.export import progress_from_export

    prog = progress_from_export(data, where)  # the cheap checks, then the entries scored
    try:
        prog.game.rules.check_written()  # as `new` checks its rules: every hand, every b, t
    except BadValue as err:
        raise CorruptGame(cannot_read(where, str(err))) from None
    restored = prog.game
    if game_id is not None:
        restored = restored._replace(id=check_id(game_id))  # prog still fits: same entries
    try:
        games.create(restored)
    except GameExists:
        hint = "" if game_id is not None else _(" (the id it was exported with)")
        raise GameExists(
            _(
                "a game {id!r}{hint} exists already; import it under another id with --game ID"
            ).format(id=restored.id, hint=hint)
        ) from None
    return restored, prog
