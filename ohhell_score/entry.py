"""The console script's entry point: Ctrl-C at any moment, even while importing, ends
with one line and exit status 130, never a traceback."""

from __future__ import annotations

import sys

from ohhell_score.views import console

INTERRUPTED = 130


def main() -> None:
    try:
        console.forgive_encoding()
        from ohhell_score.cli.quick import answer

        status = answer(sys.argv[1:])  # bid, trump, tricks, show... without Typer
        if status is not None:
            sys.exit(status)
        from ohhell_score.cli.app import run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("\nohhell: interrupted; nothing entered before was lost.\n")
        sys.exit(INTERRUPTED)
