"""A prompt of `play` woken when its game changes under it (`play --board --entry`): an
entry made on a phone shows in the terminal within a second, at the prompt the game
now waits for, with no key pressed.

A thread stats the game's files (``actions.phones.stamp``: the game, the tricks held
and the tricks typed) ten times a second while a prompt waits for the terminal. When
they differ from what they were when the prompt's game was read, it sends this process
a signal, whose handler raises ``Woken`` in the main thread, where the prompt's read is
blocked: Python runs the handler there and the read ends with it (readline's line, and
what the scorer typed on it, is dropped). The handler raises only while a read waits
(``asking``): a save, a draw of the sheet, anything else is never cut short. What was
typed and not yet read is flushed from the terminal, so that a half-typed answer is
never taken as the answer to the next prompt.

Where a system has no ``pthread_kill`` (Windows), or `play` runs off the main thread,
nothing wakes: the prompt's answer is checked against the game as before
(``GameChanged``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType

#: The signal that wakes the prompt (the thread sends it to this process's main thread).
SIGNAL = getattr(signal, "SIGUSR1", None)
#: Seconds between two looks at the files while a prompt waits.
POLL = 0.1


class Woken(Exception):
    """The game changed while a prompt waited: ask again from where it stands now."""


class Waker:
    """Wakes the prompts of this process when ``stamp()`` (a look at the game's files)
    changes while one waits."""

    def __init__(self, stamp: Callable[[], object], poll: float = POLL) -> None:
        self.stamp = stamp
        self.poll = poll
        self.waiting = False
        self.since: object = None
        self.stopping = threading.Event()
        self.main = threading.main_thread().ident
        self.previous: object = None
        self.running = False
        self.marked: object = None

    def start(self) -> None:
        """Follow the files from a daemon thread (nothing where a wake cannot be sent)."""
        if SIGNAL is None or not hasattr(signal, "pthread_kill"):
            return
        if threading.current_thread() is not threading.main_thread():
            return
        self.previous = signal.signal(SIGNAL, self._woken)
        self.running = True
        threading.Thread(target=self._follow, name="wake", daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()
        if self.running and SIGNAL is not None:
            self.running = False
            signal.signal(SIGNAL, self.previous)  # type: ignore[arg-type]

    def _woken(self, signum: int, frame: FrameType | None) -> None:
        if self.waiting:
            self.waiting = False
            raise Woken()

    def _follow(self) -> None:
        while not self.stopping.wait(self.poll):
            since = self.since
            if not self.waiting or since is None:
                continue
            if self.stamp() != since and self.waiting and self.since is since:
                self.since = None  # one wake for one change
                assert SIGNAL is not None and self.main is not None
                signal.pthread_kill(self.main, SIGNAL)

    def mark(self) -> None:
        """The files as they are before the prompt's game is read: what a change is
        told from while the prompt waits."""
        self.marked = self.stamp() if self.running else None

    def wrap(self, ask: Callable[[str], str]) -> Callable[[str], str]:
        """``ask``, woken by a change since the last ``mark``."""

        def waking(prompt: str) -> str:
            with self.asking(self.marked):
                return ask(prompt)

        return waking

    @contextlib.contextmanager
    def asking(self, since: object) -> Iterator[None]:
        """Around one read of the terminal for a prompt of the game as it was when
        ``since`` (a ``stamp()`` taken before the game was read): a change ends the
        read with ``Woken``, what was typed for it flushed."""
        if not self.running:
            yield
            return
        self.since = since
        self.waiting = True
        try:
            if self.stamp() != since:  # changed before the prompt was even shown
                raise Woken()
            yield
        except Woken:
            self.waiting = False
            flush_typed()
            raise
        finally:
            self.waiting = False
            self.since = None


def flush_typed() -> None:
    """Drop what was typed at the terminal and not read yet."""
    with contextlib.suppress(Exception):  # not a terminal, or no termios (Windows)
        import termios  # here: Windows has none

        if os.isatty(sys.stdin.fileno()):
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
