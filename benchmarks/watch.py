"""How fast `ohhell tournament collect NAME --watch` follows a table, and what it costs idle.

    .venv/bin/python benchmarks/watch.py                 # about a minute
    .venv/bin/python benchmarks/watch.py --saves 10 --idle 5   # a quick look
    .venv/bin/python benchmarks/watch.py --syncthing     # the table's laptop to the hall's

Plain folders, no sync tool: a table's game is saved into the watched folder as a sync
tool saves it (a temp file renamed over it), one more hand each time, at a random moment
(0 to 0.5 s after the last arrived), and the time is taken from the rename to the moment
the organiser's copy holds that hand (read every 5 ms). Then the watcher is left alone
for ``--idle`` seconds over a folder that also holds ``--others`` unrelated files, and
its CPU time over that span is read from /proc (Linux). Everything lives in a temporary
folder removed at the end. A measurement, not a test: nothing in tests/ times.

``--syncthing``: the table's save is made on the table's laptop instead, a folder that
a real Syncthing sends (Send Only, its watcher on with the delay the organiser is told to
set, 1 s) to a second one on the organiser's side (Receive Only), both on loopback
(tests/syncthing.py, the hall's tests' driver), and the watch follows the received
folder: the time is from the table's save to the organiser's copy, end to end.
"""

from __future__ import annotations

import argparse
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

from ohhell_score.domain.codec import game_text, parse_progress
from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress, set_trump
from ohhell_score.domain.rules import Suit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.syncthing import Syncthing  # the hall's tests' driver

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
    parser.add_argument(
        "--syncthing", action="store_true", help="save on a table's laptop, sent by Syncthing"
    )
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
        table = folder  # where the table saves: the watched folder itself, or its laptop's
        instances: list[Syncthing] = []
        if args.syncthing:
            table = root / "table-laptop"
            table.mkdir()
            put(table / f"{TABLE}.json", game)
            at_table = Syncthing(shutil.which("syncthing") or "syncthing", root / "st-table")
            instances.append(at_table)
            organiser = Syncthing(at_table.binary, root / "st-organiser")
            instances.append(organiser)
            at_table.share("cup-t2", table, "sendonly", organiser)
            organiser.share("cup-t2", folder, "receiveonly", at_table)
            deadline = time.monotonic() + 60
            while not (folder / f"{TABLE}.json").exists():  # connected, the first copy in
                if time.monotonic() > deadline:
                    raise SystemExit("Syncthing sent nothing within 60 s")
                time.sleep(0.05)
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
                put(table / f"{TABLE}.json", game)
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
            for instance in instances:
                instance.stop()
    print(
        f"{'through Syncthing, ' if args.syncthing else ''}"
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
