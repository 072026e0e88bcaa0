"""ohhell-score: a score keeper for the card game Oh Hell, at a real table."""

import sys as _sys
from types import TracebackType as _TracebackType

__version__ = "0.1.0"

_default_hook = _sys.excepthook


def _interrupted(
    kind: type[BaseException], value: BaseException, tb: _TracebackType | None
) -> None:
    """Ctrl-C before the command's own handler is in place: one line, never a traceback."""
    if issubclass(kind, KeyboardInterrupt):
        _sys.stderr.write("\nohhell: interrupted; nothing entered before was lost.\n")
        _sys.stderr.flush()
        raise SystemExit(130)
    _default_hook(kind, value, tb)


_sys.excepthook = _interrupted
