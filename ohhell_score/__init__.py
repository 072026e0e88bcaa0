"""ohhell-score: a score keeper for the card game Oh Hell, at a real table."""

import sys as _sys
from types import TracebackType as _TracebackType

__version__ = "0.1.0"

_default_hook = _sys.excepthook


def _interrupted(
    kind: type[BaseException], value: BaseException, tb: _TracebackType | None
) -> None:
    """Ctrl-C before the command's own handler is in place, or that Python delivered
    wrapped (inside a class body's ``__set_name__``, a ``RuntimeError`` caused by it):
    one line, never a traceback: the line and the status ``entry.py`` gives Ctrl-C (their
    module is imported here, when Ctrl-C comes: the hook works from the moment it is set,
    even while that very module is being imported)."""
    if _caused_by_ctrl_c(value):
        from ohhell_score.domain.errors import ExitCode, interrupted

        _sys.stderr.write(f"\n{interrupted()}\n")
        _sys.stderr.flush()
        raise SystemExit(ExitCode.INTERRUPTED)
    _default_hook(kind, value, tb)


def _caused_by_ctrl_c(error: BaseException | None) -> bool:
    while error is not None:
        if isinstance(error, KeyboardInterrupt):
            return True
        error = error.__cause__
    return False


_sys.excepthook = _interrupted
