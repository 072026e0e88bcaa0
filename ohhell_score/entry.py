"""The console script's entry point, and the one place where what a command raises
becomes its exit status and one line on stderr.

Exit statuses (``ExitCode``, docs/scripting.md): 0 done; 1 refused, with one line
``ohhell: why`` and nothing on disk changed (``Refused``, ``OSError``); 2 a malformed
command line, worded by Typer as its own usage errors; 3 partly done
(``tournament collect --watch --once``, which returns it itself); 130 interrupted: Ctrl-C at any
moment, even while importing, is one line and never a traceback (``KeyboardInterrupt``
here, and ``ohhell_score``'s excepthook before ``guarded`` runs, both saying
``errors.INTERRUPTED``), and a command that asks questions says what it kept
(``Interrupted``). Output that cannot be written (``> /dev/full``, a reader that went
away: ``| head``) ends the command with status 1, nothing more written to a reader that
went away; but a command that saved what it was asked to exits 0, and says on stderr
that its answer was lost (``unwritten``).
Anything else is a bug, and is shown as one.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable

from ohhell_score.cli.quick import answer
from ohhell_score.domain.errors import ExitCode, Interrupted, Refused, interrupted
from ohhell_score.i18n import _
from ohhell_score.views import console


def main() -> None:
    sys.exit(guarded(_run))


def _run() -> int | None:
    console.forgive_encoding()
    sys.argv[1:] = [as_typed(arg) for arg in sys.argv[1:]]
    status = answer(sys.argv[1:])  # bid, trump, tricks, show... without Typer
    if status is None:
        from ohhell_score.cli.app import run  # lazy: Typer only when the quick path declines

        run()  # Typer ends the process itself
    return status


def as_typed(arg: str) -> str:
    """An argument as the terminal sent it. Under the C locale (``LC_ALL=C`` with
    ``PYTHONUTF8=0``) Python decodes the command line as ASCII and keeps each other byte
    as a surrogate escape, so ``Zoë`` arrives as ``Zo\\udcc3\\udcab`` and would be refused
    as unprintable; terminals send UTF-8, so such an argument is read as UTF-8 when it is
    UTF-8 and left as it came otherwise."""
    if not any("\udc80" <= ch <= "\udcff" for ch in arg):
        return arg
    try:
        return arg.encode("ascii", "surrogateescape").decode("utf-8")
    except UnicodeError:
        return arg


def guarded(run: Callable[[], int | None]) -> int | None:
    """``run()``'s exit status, or the status of what it raised that a user can cause,
    its line written on stderr."""
    saved_before = changes()
    try:
        return run()
    except console.Unwritten as lost:
        return unwritten(lost.error, saved=changes() > saved_before)
    except KeyboardInterrupt:
        console.note(f"\n{interrupted()}")
        return ExitCode.INTERRUPTED
    except Interrupted as stop:
        console.note(f"\n{stop}")
        return ExitCode.INTERRUPTED
    except (Refused, OSError) as error:
        console.complain(refusal(error))
        return ExitCode.REFUSED


def changes() -> int:
    """How many files the user keeps this process has changed (``storage.files``'s
    count): none before storage is imported (``--version``, which must stay quick)."""
    files = sys.modules.get("ohhell_score.storage.files")
    return int(getattr(files, "changes", 0))


def unwritten(error: OSError, *, saved: bool) -> int:
    """The exit status of a command whose output could not be written: 0 when what it
    was asked to change was saved (a script must not take it as refused and enter it
    again), saying so on stderr; else 1, as any refusal. A reader that went away
    (``| head``) is told nothing more."""
    gone = isinstance(error, BrokenPipeError)
    if gone:
        console.hush_stdout()
    line = refusal(error)
    if saved:
        line = _("saved, but the answer could not be written: {why}").format(why=line)
    if saved or not gone:
        with contextlib.suppress(console.Unwritten):  # stderr itself may be the one full
            console.complain(line)
    return ExitCode.OK if saved else ExitCode.REFUSED


def refusal(error: Refused | OSError) -> str:
    """The one line that says why a command was refused (after ``ohhell: ``). Never
    cut: what a user typed or a file held is cut where it enters the message
    (``errors.Shown``: a name read from a file may be 100,000 characters long), and any
    number longer than a value shown by the error itself (``errors.cut_numbers``: a
    4,000-digit ``schema``), so the program's own words, an instruction to type
    ``--order ...`` included, arrive whole."""
    if isinstance(error, OSError):
        where = error.filename or _("data directory")
        return f"{where}: {error.strerror}"
    return str(error)
