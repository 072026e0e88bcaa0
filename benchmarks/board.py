"""The live board as the phones see it: 100 and 250 phones on loopback.

    .venv/bin/python benchmarks/board.py              # about three minutes
    .venv/bin/python benchmarks/board.py --phones 100 --saves 10 --idle 5   # a quick look

Each phone does what the page does: it loads `/`, then follows the stream the page's
script follows (`/events?page`, on the same connection, as a browser reuses it),
whose every event carries what the page shows. The phones are one asyncio loop of
this process; the board is `ohhell board` started as a shell starts it (its own
process, on 127.0.0.1, a port the system chooses, in a temporary data folder removed
at the end). For each number of phones it measures:

- a save by another process: this process puts a new game file in place as every save
  does (a temporary file renamed over the game's), at random moments (0.2 to 0.8 s
  apart: a save at a fixed pause after the last event would lock onto the phase of a
  poll and flatter it), and times from the rename to each phone's event; median, 99th
  percentile and slowest over every phone and every save;
- a save through the board (an entry from a phone): a board started in a process of
  its own with an `entry` helper (``--entries``) saves a bid in its own process, as an
  entry route does, and calls the hub's ``saved()``; timed from the moment the save's
  file is put in place (the helper prints it, on the same monotonic clock) to each
  phone's event;
- the board's CPU for each save by another process (its whole work: the notice, one
  read, every phone's event; tick-counted, so a mean over the saves);
- every phone's page request answered while all of them follow (a reload each);
- the board's memory (resident set, from /proc) with the phones following;
- its CPU while nothing changes, over ``--idle`` seconds, the phones following.

Aims (docs/development.md): 100 phones, a save by another process within 20 ms at the
99th percentile, an entry through the board within 10 ms, every page answered; 250
phones within 250 ms; idle under 0.2% of a core. Linux only (/proc). Every connection
goes to 127.0.0.1, and every wait is bounded. A measurement, not a test.

The phones are other devices, with processors of their own: on a machine of two or
more cores the board runs on one and the phones' process on another
(``sched_setaffinity``), so that the board is not counted waiting for the phones' own
work on its core. ``--share-cores`` leaves both to the scheduler, as a laptop that
also served the phones would (docs/development.md gives both figures).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OHHELL = [sys.executable, "-m", "ohhell_score"]
PATIENCE = 30.0
#: How long a phone's event may be waited for before it counts as lost.
LOST = 5.0


def run(env: dict[str, str], *args: str) -> None:
    subprocess.run([*OHHELL, *args], env=env, check=True, capture_output=True)


def start(command: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], int]:
    child = subprocess.Popen(
        command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("board: "), line
    return child, int(line.rsplit(":", 1)[1].strip(" /\n"))


def stop(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGINT)
    try:
        child.wait(PATIENCE)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


class Phone:
    """One phone: the page, then its stream; the moment each event arrives."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.arrivals: list[float] = []
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, reader: asyncio.StreamReader, path: str) -> tuple[int, bytes]:
        assert self.writer is not None
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ),
            None,
        )
        return status, (await reader.readexactly(length) if length is not None else b"")

    async def follow(self, connected: asyncio.Event) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        status, page = await self.get(reader, "/")
        assert status == 200 and b'"/events?page"' in page
        self.writer.write(
            f"GET /events?page HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head[:40]
        with_data = 0
        try:
            while True:  # chunked: a size line, the chunk, CRLF; one event a chunk
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    return
                chunk = await reader.readexactly(size + 2)
                if b"data: " in chunk:
                    self.arrivals.append(time.perf_counter())
                    with_data += 1
                    if with_data == 1:
                        connected.set()
        except (OSError, asyncio.IncompleteReadError):
            return

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def reload(port: int) -> int:
    """A phone reloads the page (a connection of its own)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        phone = Phone(port)
        phone.writer = writer
        return (await phone.get(reader, "/"))[0]
    finally:
        writer.close()


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentiles(delays: list[float]) -> str:
    delays = sorted(delays)
    p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
    return (
        f"median {statistics.median(delays) * 1000:.1f} ms, 99th percentile "
        f"{p99 * 1000:.1f} ms, slowest {delays[-1] * 1000:.1f} ms"
    )


async def timed(phones: list[Phone], saves: int, save: object) -> list[float]:
    """``saves`` saves at random moments, each timed to every phone's event."""
    delays: list[float] = []
    for _ in range(saves):
        await asyncio.sleep(random.uniform(0.2, 0.8))
        before = [len(p.arrivals) for p in phones]
        saved = await save()  # type: ignore[operator]
        deadline = time.perf_counter() + LOST
        while time.perf_counter() < deadline and any(
            len(p.arrivals) <= b for p, b in zip(phones, before, strict=True)
        ):
            await asyncio.sleep(0.005)
        delays += [
            (p.arrivals[b] - saved) if len(p.arrivals) > b else LOST
            for p, b in zip(phones, before, strict=True)
        ]
    return delays


async def connect(port: int, count: int) -> tuple[list[Phone], list[asyncio.Task[None]]]:
    phones = [Phone(port) for _ in range(count)]
    events = [asyncio.Event() for _ in phones]
    tasks = [asyncio.create_task(p.follow(e)) for p, e in zip(phones, events, strict=True)]
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), PATIENCE)
    return phones, tasks


async def measure(env: dict[str, str], folder: Path, count: int, args: argparse.Namespace) -> None:
    game = folder / "bench.json"
    plain = game.read_bytes()
    run(env, "bid", "3", "-g", "bench")
    bid = game.read_bytes()
    game.write_bytes(plain)
    bound = max(count, 128)  # `ohhell board`'s 128; a bigger hall raises it
    child, port = start([sys.executable, __file__, "--entries", "--max-listeners", str(bound)], env)
    assert child.stdin is not None and child.stdout is not None
    states = [bid, plain]
    cores = sorted(os.sched_getaffinity(0))
    apart = len(cores) >= 2 and not args.share_cores
    if apart:
        for thread in os.listdir(f"/proc/{child.pid}/task"):  # the board: its threads
            os.sched_setaffinity(int(thread), {cores[0]})
        os.sched_setaffinity(0, {cores[1]})  # the phones
    try:
        phones, tasks = await connect(port, count)
        # The phones are other devices: this process's collector stalling them all at
        # once would be counted against the board.
        gc.disable()
        n = 0

        async def by_another_process() -> float:
            nonlocal n
            temp = folder / f".bench.{n}.tmp"
            temp.write_bytes(states[n % 2])
            n += 1
            os.replace(temp, game)  # the moment the save is in place
            return time.perf_counter()

        async def through_the_board() -> float:
            nonlocal n
            child.stdin.write("undo\n" if n % 2 else "bid\n")  # type: ignore[union-attr]
            child.stdin.flush()  # type: ignore[union-attr]
            n += 1
            line = await asyncio.to_thread(child.stdout.readline)  # type: ignore[union-attr]
            return float(line)

        before = cpu_seconds(child.pid)
        others = await timed(phones, args.saves, by_another_process)
        per_save = (cpu_seconds(child.pid) - before) / args.saves
        entries = await timed(phones, args.saves, through_the_board)
        pages = await asyncio.gather(*(reload(port) for _ in range(count)))
        memory = rss_kib(child.pid)
        used = cpu_seconds(child.pid)
        await asyncio.sleep(args.idle)
        idle = (cpu_seconds(child.pid) - used) / args.idle
        for phone in phones:
            phone.close()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        gc.enable()
        os.sched_setaffinity(0, cores)
        child.stdin.close()
        stop(child)
    answered = sum(1 for status in pages if status == 200)
    where = "a core each" if apart else "sharing the cores"
    print(f"{count} phones (bound {bound}; the board and the phones {where}):")
    print(f"  a save by another process x {args.saves}: {percentiles(others)}")
    print(f"  the board's CPU for each of those saves: {per_save * 1000:.1f} ms")
    print(f"  an entry through the board x {args.saves}: {percentiles(entries)}")
    print(f"  page reloads answered while following: {answered} of {count}")
    print(f"  the board's memory: {memory / 1024:.1f} MiB")
    print(f"  its CPU while idle for {args.idle:.0f} s: {idle * 100:.2f}% of a core")


def serve_entries(max_listeners: int) -> None:
    """The board of game `bench` in this process, and on each line of stdin an entry
    saved here (``bid``: Bob bids 3; ``undo``), then ``hub.saved()`` and the game's
    snapshot for the phone's answer, as the entry route does; prints the moment each
    save put the game's file in place (its rename: what a save by another process is
    timed from too)."""
    from ohhell_score.actions import phones
    from ohhell_score.actions.board import served
    from ohhell_score.actions.entries import enter_bids, enter_undo, parse_assignments
    from ohhell_score.serve.server import LOOPBACK, bind, make_server, serve_in_background

    server = make_server(served("bench", None), quiet=True, max_listeners=max_listeners)
    sock = bind(LOOPBACK, 0)
    serve_in_background(server, sock)
    print(f"board: http://{LOOPBACK}:{sock.getsockname()[1]}/", flush=True)
    signal.signal(signal.SIGINT, lambda *_: None)  # stopped by the end of stdin
    in_place = [0.0]
    rename = os.replace

    def replace(src: str, dst: str) -> None:
        rename(src, dst)
        in_place[0] = time.perf_counter()

    os.replace = replace  # type: ignore[assignment]

    async def answered() -> None:  # the entry route's work after its save
        await server.hub.saved()
        await asyncio.to_thread(phones.snapshot, "bench")

    for line in sys.stdin:
        if line.strip() == "bid":
            enter_bids("bench", parse_assignments(["3"]))
        else:
            enter_undo("bench")
        assert server.loop is not None
        asyncio.run_coroutine_threadsafe(answered(), server.loop)
        print(in_place[0], flush=True)
    server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[100, 250])
    parser.add_argument("--saves", type=int, default=30)
    parser.add_argument("--idle", type=float, default=30.0)
    parser.add_argument(
        "--share-cores", action="store_true", help="the board and the phones share the cores"
    )
    parser.add_argument("--entries", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--max-listeners", type=int, default=128, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.entries:
        serve_entries(args.max_listeners)
        return
    folder = Path(tempfile.mkdtemp(prefix="ohhell-board-bench-"))
    env = {**os.environ, "OHHELL_DATA_DIR": str(folder)}
    try:
        run(env, "new", "Ann", "Bob", "Cat", "Dan", "-g", "bench", "-r", "cartier")
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {sys.platform}")
        for count in args.phones:
            asyncio.run(measure(env, folder, count, args))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
