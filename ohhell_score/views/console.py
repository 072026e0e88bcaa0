"""The one way out for human output: the two streams, their styles, their encoding.

Every line a person reads leaves through here: the commands' answers on stdout, notes
and refusals on stderr (``ohhell: ...``), the plain sheet and list, and the rich
console of the commands that draw. Typer still writes its own help, usage errors and
prompts.

- **Streams.** ``sys.stdout`` and ``sys.stderr`` as they are at the moment of writing
  (a test runner swaps them); a closed stdout (``ohhell bid 1 >&-``) shows nothing and
  is no error: what was entered is saved.
- **Encoding.** ``forgive_encoding`` (called first by ``entry.main``): a character the
  output cannot show (an ASCII locale, a Windows code page and ``♠`` or ``✓``) shows
  as its plain stand-in (``S``, ``+``; ``STAND_INS``, the one table of them), else
  ``?``, never a traceback; JSON (``say_json``) writes such a character as its
  ``\\u`` escape instead, so that it still means what it meant. A reader that went
  away (``| head``) is ``hush_stdout``'s, called by ``entry.py``; rich handles its own.
- **Styles.** The plain text (the sheet, the list) is styled on a terminal whose
  ``TERM`` is not ``dumb`` or wherever ``FORCE_COLOR`` is set, and coloured unless
  ``NO_COLOR`` is set (``styles``; an empty variable counts as unset). A rich
  console reads ``NO_COLOR``, ``FORCE_COLOR`` and ``TERM`` itself (``rich_console``).

Cheap to import (``os`` and ``sys``): ``bid`` and ``show`` write through it; rich is
imported only when a rich console is made.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing's: importing typing would cost `--version` 5 ms
if TYPE_CHECKING:
    from typing import TextIO

    from rich.console import Console

#: The first word of every line ``ohhell`` writes on stderr about itself.
PROGRAM = "ohhell"


#: What a stream that cannot show a symbol shows instead: one column each, so the
#: sheet's columns stay in line (a suit is its letter, never ``?``).
STAND_INS = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "✓": "+", "✗": "x", "★": "*", "▶": ">", "†": "+",
    "━": "=", "─": "-", "│": "|", "└": "+", "·": ".", "…": ".", "→": ">", "–": "-",
    "—": "-", "±": "~", "Σ": "=", "×": "x", "÷": "/",
}  # fmt: skip


def _stand_in(error: UnicodeError) -> tuple[str | bytes, int]:
    """The codec error handler ``ohhell``: each character the stream cannot encode as
    its stand-in, else ``?``; bytes a C locale smuggled in as surrogates go out as they
    came (``surrogateescape``)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    if all("\udc80" <= ch <= "\udcff" for ch in text):
        return bytes(ord(ch) - 0xDC00 for ch in text), error.end
    return "".join(STAND_INS.get(ch, "?") for ch in text), error.end


def forgive_encoding() -> None:
    """Characters the streams cannot encode become their stand-ins (``STAND_INS``) or
    ``?`` (Python's defaults would stop with a traceback on stdout and write ``\\xeb``
    on stderr): an ASCII locale, ``LC_ALL=C``, ``PYTHONIOENCODING=ascii``, a Windows
    code page. Everything written goes through this, Typer's help and rich's too."""
    import codecs  # already loaded by the interpreter: no start-up cost

    codecs.register_error(PROGRAM, _stand_in)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and stream.errors in (
            "strict",
            "backslashreplace",
            "surrogateescape",
            "replace",
        ):
            reconfigure(errors=PROGRAM)


def say(text: str = "", *, end: str = "\n") -> None:
    """``text`` on stdout."""
    _write(sys.stdout, text + end)


def say_json(text: str, *, end: str = "\n") -> None:
    """The JSON ``text`` on stdout, each character the stream cannot encode written as
    its ``\\u`` escape (``PYTHONIOENCODING=ascii``, the C locale): the same JSON, which
    a stand-in or ``?`` would change (``Zo?`` is another name)."""
    _write(sys.stdout, _as_json_fits(text + end, sys.stdout))


def say_as_json(value: object) -> None:
    """``value`` as every ``--json`` of the program writes it: indented by two, names and
    notes in their own characters where stdout can take them (``say_json``)."""
    say_json(as_json(value), end="")


def as_json(value: object) -> str:
    """``value`` as every ``--json`` writes it, to stdout or to ``-o FILE``: indented by
    two, in its own characters, a line break at the end."""
    import json  # already loaded by the game file's codec, as every such command reads one

    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def _as_json_fits(text: str, stream: object) -> str:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    import codecs  # already loaded by the interpreter: no start-up cost

    codecs.register_error(JSON_ESCAPE, _json_escape)
    try:
        return text.encode(encoding, JSON_ESCAPE).decode(encoding)
    except LookupError:  # an encoding Python does not know: ASCII fits every stream
        return text.encode("ascii", JSON_ESCAPE).decode("ascii")


#: The codec error handler that writes a character as JSON's ``\\uXXXX`` escape.
JSON_ESCAPE = "ohhell-json"


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    """Each character the stream cannot encode as JSON's escape of its UTF-16 units (a
    character beyond U+FFFF is two, as ``json.dumps`` writes it)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    units = error.object[error.start : error.end].encode("utf-16-be", "surrogatepass")
    escaped = (f"\\u{int.from_bytes(units[i : i + 2]):04x}" for i in range(0, len(units), 2))
    return "".join(escaped), error.end


def note(text: str = "", *, end: str = "\n") -> None:
    """``text`` on stderr: what is not the command's answer (stdout may be a file)."""
    _write(sys.stderr, text + end)


def complain(message: str) -> None:
    """``ohhell: message`` on stderr: a refusal, a warning, a file skipped; one line,
    whatever a file's name or a file held put into it (``printable``)."""
    note(f"{PROGRAM}: {printable(message)}")


def printable(text: str) -> str:
    """``text`` with each character a terminal would act on rather than show (escape,
    bell, a line break, a direction override) written as its escape, ``\\x1b``: a file
    named on another laptop cannot set the window's title, clear the screen or make a
    line of its own."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class Unwritten(Exception):
    """A stream could not take what was written (``> /dev/full``, a reader that went
    away: ``error``). Not an ``OSError``, so that click does not end the command with
    exit 1 itself: ``entry.py`` says whether anything was saved first."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


def _write(stream: TextIO | None, text: str) -> None:
    if stream is None:  # closed (``>&-``): nothing to show it on
        return
    try:
        if text:
            stream.write(text)
        stream.flush()
    except OSError as err:  # ``> /dev/full``: say which file, not the data directory's
        if err.filename is None:
            err.filename = "standard output" if stream is sys.stdout else "standard error"
        raise Unwritten(err) from err


def hush_stdout() -> None:
    """The reader of stdout went away (``ohhell show | head -1``): nothing more is
    written, at exit either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def styles(stream: object, *, terminal: bool | None = None) -> tuple[bool, bool]:
    """Whether plain text for ``stream`` is styled (bold, dim) and whether coloured.

    ``terminal`` says whether the output is one (a rich console knows it best), else
    it is asked of ``stream``. ``FORCE_COLOR`` (set and not empty) styles any output,
    as rich does. ``NO_COLOR`` (set and not empty, no-color.org) drops the colour and
    keeps the styles: marks, not colours alone, carry the meaning.
    """
    if terminal is None:
        isatty = getattr(stream, "isatty", None)
        terminal = bool(isatty and isatty())
    forced = bool(os.environ.get("FORCE_COLOR"))
    styled = forced or (terminal and os.environ.get("TERM") != "dumb")
    return styled, styled and not os.environ.get("NO_COLOR")


def rich_console() -> Console:
    """A rich console on stdout that shows text as typed: highlighting, markup and emoji
    codes off, so that player names like ``[b]Bo`` or ``:x:`` show as they were typed
    (styles come as rich ``Text`` and tables, never as markup in a string)."""
    from rich.console import Console  # lazy: `bid` and `show` write here without rich

    return Console(highlight=False, markup=False, emoji=False)
