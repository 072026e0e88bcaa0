"""How fast `ohhell tournament collect NAME --watch` follows a table, and what it costs idle.

    .venv/bin/python benchmarks/watch.py                 # about a minute
    .venv/bin/python benchmarks/watch.py --saves 10 --idle 5   # a quick look

Plain folders, no sync tool: a table's game is saved into the watched folder as a sync
tool saves it (a temp file renamed over it), one more hand each time, at a random moment
(0 to 0.5 s after the last arrived), and the time is taken from the rename to the moment
the organiser's copy holds that hand (read every 5 ms). Then the watcher is left alone
for ``--idle`` seconds over a folder that also holds ``--others`` unrelated files, and
its CPU time over that span is read from /proc (Linux). Everything lives in a temporary
folder removed at the end. A measurement, not a test: nothing in tests/ times.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ohhell_score.domain.codec import game_text, parse_progress
from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress, set_trump
from ohhell_score.domain.rules import Suit

TABLE = "cup-r1-t2"


def one_more_hand(game: Game) -> Game:
    """Every bid 0, the first to bid takes every trick: legal whoever deals."""
    now = progress(game).next
    assert now is not None
    while (step := progress(game).next) is not None and step.hand == now.hand:
        order = progress(game).hands[now.hand - 1].order
        if step.step is Step.BID:
            game = add_bids(game, [(p, 0) for p in order])
        elif step.step is Step.TRUMP:
            game = set_trump(game, Suit.SPADES)
        else:
            game = add_tricks(game, [(p, now.cards if p == order[0] else 0) for p in order])
    return game


def put(path: Path, game: Game) -> None:
    temp = path.with_name(f".syncthing.{path.name}.tmp")
    temp.write_text(game_text(game), encoding="utf-8")
    os.replace(temp, path)


def hands_in(path: Path) -> int:
    try:
        prog = parse_progress(path.read_bytes(), str(path))
    except Exception:  # mid-replace on a platform without atomic renames: look again
        return -1
    return sum(1 for h in prog.hands if h.tricks)


def ohhell(*args: str) -> list[str]:
    return [sys.executable, "-m", "ohhell_score", *args]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=20, help="saves timed (default 20)")
    parser.add_argument("--idle", type=float, default=30.0, help="idle seconds (default 30)")
    parser.add_argument("--others", type=int, default=1000, help="unrelated files (1,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["OHHELL_DATA_DIR"] = str(root / "organiser")
        hands = ",".join(["1"] * args.saves)  # one card a hand: any number of hands fits
        players = [f"P{i}" for i in range(1, 9)]
        subprocess.run(
            ohhell("tournament", "new", "cup", *players, "--hands", hands, "--no-shuffle"),
            check=True,
            capture_output=True,
        )
        here = root / "organiser" / f"{TABLE}.json"
        game = parse_progress(here.read_bytes(), str(here)).game
        folder = root / "hall" / "t2"
        folder.mkdir(parents=True)
        for i in range(args.others):
            (folder / f"photo-{i}.jpg").write_bytes(b"x")
            if i % 10 == 0:
                (folder / f"notes-{i}.json").write_text("{}", encoding="utf-8")
        watcher = subprocess.Popen(
            ohhell("tournament", "collect", "cup", "--watch", str(folder)),
            stdout=subprocess.DEVNULL,
        )
        try:
            time.sleep(2)  # started, and the unrelated files judged
            waits = []
            rng = random.Random(30)
            for hand in range(1, args.saves + 1):
                time.sleep(rng.uniform(0, 0.5))  # saves come at any moment
                game = one_more_hand(game)
                put(folder / f"{TABLE}.json", game)
                start = time.monotonic()
                while hands_in(here) != hand:
                    if time.monotonic() - start > 30:
                        raise SystemExit(f"hand {hand} did not arrive within 30 s")
                    time.sleep(0.005)
                waits.append(time.monotonic() - start)
            busy = _cpu_seconds(watcher.pid)
            time.sleep(args.idle)
            idle_cpu = _cpu_seconds(watcher.pid) - busy
        finally:
            watcher.send_signal(signal.SIGINT)
            watcher.wait(30)
    print(
        f"save to organiser's copy, {args.saves} saves: median {statistics.median(waits):.3f} s,"
        f" max {max(waits):.3f} s"
    )
    print(
        f"idle over {args.idle:.0f} s ({args.others} other files): CPU {idle_cpu:.3f} s"
        f" ({100 * idle_cpu / args.idle:.2f} % of a core)"
    )


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a running process (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


if __name__ == "__main__":
    main()
