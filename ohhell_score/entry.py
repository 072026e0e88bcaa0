"""The console script's entry point: Ctrl-C at any moment, even while importing, ends
with one line and exit status 130, never a traceback."""

from __future__ import annotations

import sys

INTERRUPTED = 130


def main() -> None:
    try:
        _forgiving_stdout()
        from ohhell_score.cli.quick import answer

        status = answer(sys.argv[1:])  # bid, trump, tricks, show... without Typer
        if status is not None:
            sys.exit(status)
        from ohhell_score.cli.app import run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("\nohhell: interrupted; nothing entered before was lost.\n")
        sys.exit(INTERRUPTED)


def _forgiving_stdout() -> None:
    """Output that cannot show a character (an ASCII locale, a Windows code page and
    ``♠`` or ``✓``) shows ``?`` for it, never a traceback."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None and sys.stdout.errors == "strict":
        reconfigure(errors="replace")
