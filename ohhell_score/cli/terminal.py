"""Questions at a terminal, knowing nothing of the game: one question asked until its
answer is taken, the keys typed while `play` starts, a line begun put back on a prompt.

``ask_until`` is the one loop every question of the table goes through, click's
``prompt()`` its model: ask, let ``accept`` take the answer (its value ends the
question), say what it refused and ask again, or ask again at once where the answer was
a key that only showed something (``AskAgain``).

Where a prompt wakes when the game changes underneath it (an answer entered on a
phone, `play --board --entry`): ``ask`` is the one call that waits, so the waking is in
the ``Ask`` that ``Session`` is given for its prompts (``waking.Waker.wrap``), not in
the loops: it raises ``Woken`` when the game changes first, and ``ask_until`` lets every
exception but a refusal through, so it reaches the hand loop, which says what changed,
reloads the game and asks the question now due.

Imports inside functions: ``termios`` where a terminal's echo is turned off (it does
not exist on Windows), ``readline`` where a line begun is put back (importing it
changes every ``input()`` after).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ohhell_score.views.console import rich_console

if TYPE_CHECKING:
    from rich.console import Console

#: Before each refusal at a prompt.
REFUSED = "  ✗ "

Ask = Callable[[str], str]
T = TypeVar("T")


class AskAgain(Exception):
    """Raised by an ``accept`` that dealt with the answer itself (a key that shows the
    sheet, a help line): the question is asked again, nothing refused."""


def ask_until(
    ask: Ask,
    prompt: str | Callable[[], str],
    accept: Callable[[str], T],
    refuse: Callable[[Exception], None],
    refusals: tuple[type[Exception], ...],
) -> T:
    """Ask ``prompt`` (worked out anew each time, if a function) until ``accept`` takes
    the answer; each of ``refusals`` it raises is given to ``refuse`` (which says it)
    and the question is asked again. Anything else ``accept`` or ``ask`` raises (the
    scorer leaving, Ctrl-C, the game changed) ends the question."""
    while True:
        answer = ask(prompt() if callable(prompt) else prompt)
        try:
            return accept(answer)
        except AskAgain:
            continue
        except refusals as err:
            refuse(err)


def refuser(
    console: Console, words: Callable[[Exception], str] = str
) -> Callable[[Exception], None]:
    """What says a refusal at a question: ``words`` of it, in bold after the mark."""

    def refuse(err: Exception) -> None:
        console.print(REFUSED + words(err), style="bold")

    return refuse


def new_console() -> Console:
    """Markup off: player names like ``[b]Bo`` are printed as typed."""
    return rich_console()


def console_ask(console: Console) -> Ask:
    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False, emoji=False)

    return ask


# --- keys typed while `play` starts -------------------------------------------------


class Typeahead:
    """Keys typed while `play` starts, shown on the first prompts as if typed there.

    A terminal echoes keys where the cursor happens to be and keeps them for the next
    read, so keys typed before the first prompt were taken but not shown on it. So the
    terminal's echo is off while `play` starts (``quiet``); at the first prompt the keys
    waiting are read (``take``), the echo comes back, each whole line typed answers a
    prompt in turn, shown after it, and a line begun is put on the prompt to finish.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.saved: list[Any] | None = None  # the terminal's settings while quiet
        self.lines: list[str] | None = None  # None until the keys waiting are read
        self.begun = ""

    def quiet(self) -> None:
        """Echo off, until ``take`` or ``restore``; nothing at all off a terminal."""
        if not sys.stdin.isatty():
            return
        import termios

        try:
            self.saved = termios.tcgetattr(sys.stdin.fileno())
            quiet = termios.tcgetattr(sys.stdin.fileno())
            quiet[3] &= ~termios.ECHO
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, quiet)
        except termios.error:
            self.saved = None

    def restore(self) -> None:
        if self.saved is not None:
            import termios

            termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, self.saved)
            self.saved = None

    def take(self) -> None:
        """Read the keys waiting (without waiting for more), then echo on again."""
        data = b""
        if self.saved is not None:
            import termios

            fd = sys.stdin.fileno()
            now = termios.tcgetattr(fd)
            now[3] &= ~(termios.ICANON | termios.ECHO)
            now[6][termios.VMIN], now[6][termios.VTIME] = 0, 0
            try:
                termios.tcsetattr(fd, termios.TCSANOW, now)
                while chunk := os.read(fd, 1024):
                    data += chunk
            finally:
                self.restore()
        lines = typed_lines(data.decode(errors="replace"))
        self.lines, self.begun = lines[:-1], lines[-1]

    def ask(self, prompt: str) -> str:
        if self.lines is None:
            self.take()
        assert self.lines is not None
        if self.lines:
            line = self.lines.pop(0)
            self.console.print(prompt + line, soft_wrap=True)
            return line
        begun, self.begun = self.begun, ""
        if not begun:
            return self.console.input(prompt, markup=False, emoji=False)
        return prefilled(self.console, prompt, begun)


def typed_lines(text: str) -> list[str]:
    """Keys as lines, a backspace taking back a key and other control keys dropped; the
    last item is the line begun (maybe empty)."""
    lines = [""]
    for ch in text.replace("\r\n", "\n").replace("\r", "\n"):
        if ch == "\n":
            lines.append("")
        elif ch in "\x7f\b":
            lines[-1] = lines[-1][:-1]
        elif ch.isprintable():
            lines[-1] += ch
    return lines


def prefilled(console: Console, prompt: str, begun: str) -> str:
    """The prompt with ``begun`` on it, to finish (and edit, where readline is)."""
    try:
        import readline  # only here: it changes every input() once imported
    except ImportError:
        console.print(prompt + begun, end="", soft_wrap=True)
        return begun + input()
    readline.set_startup_hook(lambda: readline.insert_text(begun))
    try:
        return console.input(prompt, markup=False, emoji=False)
    finally:
        readline.set_startup_hook()
