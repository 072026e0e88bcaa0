"""`play --board --entry`'s prompt woken by a phone's entry (cli/waking.py), in-process:
the prompt reads a real terminal (a pty opened here) in this process's main thread, as
`play` does, so that the mutation run sees what tests/test_entry_pty.py sees through a
process: the entry said under the prompt with no key pressed, the half-typed answer
dropped, and nothing woken outside a prompt.
"""

from __future__ import annotations

import io
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

from ohhell_score.actions import phones
from ohhell_score.cli import waking
from ohhell_score.cli.interactive import Session
from ohhell_score.cli.waking import Waker, Woken
from tests.conftest import Ohhell

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="a wake is a signal to the main thread (POSIX)"
)

#: A generous wait: only ever waited out on failure.
PATIENCE = 10.0


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, int]]:
    """A pty as `play`'s terminal (stdin its scorer's side): the keyboard's end and
    the prompt's; a test stuck waiting for a key fails after a while."""
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r")
    monkeypatch.setattr(sys, "stdin", stdin)

    def stuck(*_: object) -> None:
        raise TimeoutError("the prompt waited for keys nobody typed")

    signal.signal(signal.SIGALRM, stuck)
    signal.alarm(int(PATIENCE) * 2)
    try:
        yield master, slave
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        stdin.close()
        os.close(master)


def reader(slave: int, prompts: queue.Queue[str]) -> Callable[[str], str]:
    """A prompt that reads one line of the terminal (Ctrl-D: ``EOFError``), each prompt
    put in ``prompts`` as it is shown."""

    def ask(prompt: str) -> str:
        prompts.put(prompt)
        line = os.read(slave, 1024).decode()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    return ask


def test_a_phones_bid_shows_at_the_next_prompt_and_what_was_half_typed_is_dropped(
    ohhell: Ohhell, terminal: tuple[int, int]
) -> None:
    """tests/test_entry_pty.py in this process: Bob's bid entered on a phone while the
    scorer had typed "2" at Bob's prompt is said within a second, Cat's prompt comes
    with no key pressed, and the "0" typed there is Cat's bid, not "20"."""
    master, slave = terminal
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "t")
    shown = io.StringIO()
    prompts: queue.Queue[str] = queue.Queue()
    waker = Waker(lambda: phones.stamp("t"))
    asked: list[str] = []
    woke: list[float] = []

    def table() -> None:  # the scorer's keys and Bob's phone, prompt by prompt
        asked.append(prompts.get(timeout=PATIENCE))
        os.write(master, b"2")
        time.sleep(0.3)  # the prompt waits, the "2" typed
        version = phones.snapshot("t").version
        request = phones.parse_request({"version": version, "bids": {"Bob": 1}})
        entered = time.monotonic()
        phones.enter("t", request, phone=phones.phone_id("bob's phone"), confirm=False)
        asked.append(prompts.get(timeout=PATIENCE))
        woke.append(time.monotonic() - entered)
        os.write(master, b"0\n")
        asked.append(prompts.get(timeout=PATIENCE))
        os.write(master, b"\x04")  # Ctrl-D: the scorer leaves

    waker.start()
    thread = threading.Thread(target=table, daemon=True)
    thread.start()
    try:
        with pytest.raises(EOFError):
            Session("t", Console(file=shown, width=200), reader(slave, prompts), waker=waker).run()
    finally:
        waker.stop()
    thread.join(PATIENCE)
    assert asked[:2] == ["Bob bids (0-2): ", "Cat bids (0-2; 1 bid of 2 so far): "]
    assert asked[2].startswith("Ann (dealer")
    assert woke[0] < 1.0
    assert "\nEntered meanwhile: Bob's bid of 1 in hand 1.\n" in shown.getvalue()
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


def test_an_entry_made_before_the_prompt_is_shown_wakes_it_at_once(
    terminal: tuple[int, int],
) -> None:
    """A phone's entry between reading the game and showing its prompt: the prompt is
    never read (its answer would be for a game gone by)."""
    stamps = [1]
    waker = Waker(lambda: stamps[0], poll=0.01)
    waker.start()
    try:
        waker.mark()
        stamps[0] = 2

        def ask(prompt: str) -> str:
            raise AssertionError("the prompt of a game gone by was read")

        with pytest.raises(Woken):
            waker.wrap(ask)("Bob bids (0-2): ")
    finally:
        waker.stop()


def test_nothing_is_woken_outside_a_prompt_and_a_prompt_after_it_reads_as_usual(
    terminal: tuple[int, int],
) -> None:
    """A change while no prompt waits (a save, the sheet drawn) cuts nothing short; the
    next prompt, of the game read after it, waits for its answer; a second change wakes
    it once."""
    master, slave = terminal
    stamps = [1]
    waker = Waker(lambda: stamps[0], poll=0.01)
    waker.start()
    try:
        stamps[0] = 2
        time.sleep(0.2)  # twenty looks at the files: none may wake anything here
        waker.mark()
        os.write(master, b"1\n")
        ask = waker.wrap(reader(slave, queue.Queue()))
        assert ask("Bob bids (0-2): ") == "1"
        time.sleep(0.1)  # no prompt waits: nothing wakes
        waker.mark()
        threading.Timer(0.2, lambda: stamps.__setitem__(0, 3)).start()
        started = time.monotonic()
        with pytest.raises(Woken):
            ask("Cat bids (0-2): ")
        assert time.monotonic() - started < 1.0
        os.write(master, b"0\n")
        waker.mark()
        assert ask("Cat bids (0-2): ") == "0"
    finally:
        waker.stop()


def test_play_leaves_the_wake_signal_as_it_found_it(terminal: tuple[int, int]) -> None:
    assert waking.SIGNAL is not None
    before = signal.getsignal(waking.SIGNAL)
    waker = Waker(lambda: 1)
    waker.start()
    assert signal.getsignal(waking.SIGNAL) != before
    waker.stop()
    assert signal.getsignal(waking.SIGNAL) == before
    waker.stop()  # twice is no error
    assert signal.getsignal(waking.SIGNAL) == before


def test_off_the_main_thread_nothing_wakes_and_the_prompt_reads_as_usual() -> None:
    """A signal reaches only the main thread: a `play` run elsewhere is never woken;
    its answers are checked against the game as before (``GameChanged``)."""
    stamps = [1]
    answers: list[str] = []

    def elsewhere() -> None:
        waker = Waker(lambda: stamps[0], poll=0.01)
        waker.start()
        waker.mark()
        stamps[0] = 2
        answer = waker.wrap(lambda prompt: "1")("Bob bids (0-2): ")
        waker.stop()  # nothing to undo: no error
        answers.append(answer)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join(PATIENCE)
    assert answers == ["1"]
