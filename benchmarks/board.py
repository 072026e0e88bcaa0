"""The live board under a full table and then some: 100 listeners on loopback.

    .venv/bin/python benchmarks/board.py              # about a minute
    .venv/bin/python benchmarks/board.py --saves 10 --idle 10   # a quick look

Measures, against `ohhell board` started as a shell starts it (its own process, on
127.0.0.1, a port the system chooses, in a temporary data folder removed at the end):

- the start: from starting the process to its `board: URL` line (median of 5 starts);
- the time from a save (an `ohhell bid` or `ohhell undo` process returning) to each of
  ``--listeners`` listeners of /events receiving its event: median and 99th percentile
  over every listener and every save (``--saves`` of them, one a second);
- the server's memory (resident set, from /proc) with the listeners connected;
- its CPU while nothing changes, over ``--idle`` seconds, the listeners connected.

Aims (issue 29): every listener within 250 ms at the 99th percentile, idle CPU under
1%. Every connection goes to 127.0.0.1, and every loop is bounded in count and time.
Linux only (/proc). This is a measurement, not a test: nothing in tests/ times.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

OHHELL = [sys.executable, "-m", "ohhell_score"]
PATIENCE = 30.0


def run(env: dict[str, str], *args: str) -> None:
    subprocess.run([*OHHELL, *args], env=env, check=True, capture_output=True)


def start(env: dict[str, str]) -> tuple[subprocess.Popen[str], int, float]:
    began = time.perf_counter()
    child = subprocess.Popen(
        [*OHHELL, "board", "--port", "0"], env=env, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    took = time.perf_counter() - began
    assert line.startswith("board: "), line
    return child, int(line.rsplit(":", 1)[1].strip(" /\n")), took


def stop(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGINT)
    try:
        child.wait(PATIENCE)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


class Listener(threading.Thread):
    """One phone: reads /events and notes when each event arrives."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
        self.conn.request("GET", "/events")
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.status
        self.arrivals: list[float] = []
        self.connected = threading.Event()

    def run(self) -> None:
        try:
            while True:
                line = self.response.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    self.arrivals.append(time.perf_counter())
                    self.connected.set()
        except OSError:
            return


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listeners", type=int, default=100)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--idle", type=float, default=30.0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ohhell-board-bench-"))
    env = {**os.environ, "OHHELL_DATA_DIR": str(folder)}
    try:
        run(env, "new", "Ann", "Bob", "Cat", "Dan", "-g", "bench", "-r", "cartier")
        starts = []
        for _ in range(5):
            child, _port, took = start(env)
            starts.append(took)
            stop(child)
        child, port, _took = start(env)
        try:
            listeners = [Listener(port) for _ in range(args.listeners)]
            for listener in listeners:
                listener.start()
            for listener in listeners:
                assert listener.connected.wait(PATIENCE)
            delays: list[float] = []
            for n in range(args.saves):
                before = [len(x.arrivals) for x in listeners]
                run(env, *(("bid", "3") if n % 2 == 0 else ("undo",)), "-g", "bench")
                saved = time.perf_counter()
                deadline = saved + 5
                while time.perf_counter() < deadline and any(
                    len(x.arrivals) <= b for x, b in zip(listeners, before, strict=True)
                ):
                    time.sleep(0.01)
                for x, b in zip(listeners, before, strict=True):
                    delays.append((x.arrivals[b] - saved) if len(x.arrivals) > b else 5.0)
                time.sleep(1)
            memory = rss_kib(child.pid)
            used = cpu_seconds(child.pid)
            time.sleep(args.idle)
            idle = (cpu_seconds(child.pid) - used) / args.idle
        finally:
            stop(child)
        delays.sort()
        p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
        print(f"start to `board: URL` (median of 5): {statistics.median(starts) * 1000:.0f} ms")
        print(
            f"save to event, {args.listeners} listeners x {args.saves} saves: "
            f"median {statistics.median(delays) * 1000:.0f} ms, 99th percentile "
            f"{p99 * 1000:.0f} ms, slowest {delays[-1] * 1000:.0f} ms"
        )
        print(f"server memory with the listeners: {memory / 1024:.1f} MiB")
        print(f"server CPU while idle for {args.idle:.0f} s: {idle * 100:.2f}%")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
