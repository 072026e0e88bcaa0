"""How long `ohhell` takes to answer, against a hello-world app on the same Typer.

    .venv/bin/python benchmarks/run.py            # about two minutes
    .venv/bin/python benchmarks/run.py --runs 7   # a quick look

Every measurement is a whole process, started the way a shell starts it, run
``--runs`` times; the runs are interleaved (each round runs every command once, in a
shuffled order), and each run is paired with a run of its baseline (the hello-world
app, or the read-and-parse script for `list` and `stats`) right before or after it, so
that a shared machine whose speed drifts from second to second slows both alike. The
table shows medians of the times and medians of the paired ratios. Everything lives in
a temporary folder that is removed at the end: a finished 23-hand Cartier game for
`show`, a game waiting for a bid for `bid` (put back before each run, untimed), and
10,000 saved games for `list` (and `stats`, when the program has it) and for a plain
script that only reads and parses those files. The list index
is built by a warm-up run, as it is after any earlier `list`.

Targets (docs/development.md, "Start-up budget"): `--version` and `bid` at most 1.15
times the hello-world app, `show` and `ohhell` alone at most 1.3, a completion at most
1.2; `list` of 10,000 games at most 1.0 times the read-and-parse script; the peak memory
of `show` at most 1.2 times the hello-world app's; `show` of a game of 69 hands scored by
a formula of 140 terms at most 1.3 times the same game under a scheme; `show` and `bid`
in Dutch at most 1.1 times the same in English (the ratio of their paired ratios). This
is a measurement, not a test: nothing in tests/ times.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ohhell_score.domain.game import Game

HELLO = """\
import typer

app = typer.Typer()


@app.command()
def main(name: str = "world") -> None:
    typer.echo(f"hello {name}")


if __name__ == "__main__":
    app()
"""

#: Runs a command and prints its peak memory. A child's peak counts the memory of the
#: process it was forked from, so the forking is done by this small process (no site,
#: ~7 MiB), not by the benchmark (which has imported the program to write the games).
PEAK = """\
import os, resource, sys

devnull = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (1, 2)]
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=devnull)
os.waitpid(pid, 0)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""

READ_AND_PARSE = """\
import json
import os
import sys

folder = sys.argv[1]
games = 0
for name in os.listdir(folder):
    if name.endswith(".json") and not name.startswith("."):
        with open(os.path.join(folder, name), "rb") as f:
            json.loads(f.read())
        games += 1
print(games)
"""


#: Dutch (LANGUAGE=nl: a catalogue read and every message looked up) against English.
DUTCH_TARGET = 1.1

#: What the other commands are measured against, each run paired with one of these.
BASELINES = ("hello-world", "read+parse 10,000")


class Case(NamedTuple):
    name: str
    argv: list[str]
    env: dict[str, str]
    before: tuple[Path, bytes] | None = None  # a file to put back before each run
    target: float | None = None
    against: str = "hello-world"


def ohhell_argv() -> list[str]:
    script = Path(sys.executable).parent / "ohhell"
    return [str(script)] if script.exists() else [sys.executable, "-m", "ohhell_score"]


# --- the games --------------------------------------------------------------------


#: The formula of the formula game (docs/rules.md, "Formulas"): a miss costs more the
#: further off it is.
FORMULA = "made: 10 + t; missed: t - d * (d + 1) / 2"


def play(
    gid: str,
    rng: random.Random,
    players: tuple[str, ...],
    preset: str,
    upto: int | None,
    scoring: str | None = None,
    hands: str | None = None,
    deck_size: int | None = None,
) -> Game:
    """A game played with plausible bids and tricks, up to the start of hand ``upto``."""
    from ohhell_score.domain.game import Game, Step, add_bids, add_tricks, progress, set_trump
    from ohhell_score.domain.rules import RuleOptions, Suit, build_rules

    at = "2026-11-30T20:00:00+01:00"
    options = RuleOptions(scoring=scoring, hands=hands, deck_size=deck_size)
    rules = build_rules(preset, len(players), options)
    game = Game(gid, players, rules, created=at, updated=at)
    while True:
        prog = progress(game)
        nxt = prog.next
        if nxt is None or (upto is not None and nxt.hand >= upto and nxt.step is Step.BID):
            return game
        hand = prog.hands[nxt.hand - 1]
        if nxt.step is Step.BID:
            share = nxt.cards / len(players)
            choices = [b for b in range(nxt.cards + 1) if b != nxt.forbidden_bid]
            bid = min(choices, key=lambda b: abs(b - share - rng.uniform(-1.5, 1.5)))
            game = add_bids(game, [(None, bid)], at)
        elif nxt.step is Step.TRUMP:
            suits = list(Suit) if prog.game.rules.allows_notrump_entry(nxt.hand) else list(Suit)[:4]
            game = set_trump(game, rng.choice(suits), at)
        else:
            left = nxt.cards
            tricks = []
            for i, p in enumerate(hand.order):
                t = (
                    left
                    if i == len(hand.order) - 1
                    else min(left, max(0, hand.bids[p] + rng.choice((-1, 0, 0, 1))))
                )
                tricks.append((p, t))
                left -= t
            game = add_tricks(game, tricks, at)


FOUR = ("Ann", "Bob", "Cat", "Dan")

#: The longest game a formula meets: 69 hands (1 to 69 cards: 3 players, 208 cards), and
#: a formula of 140 terms (294 characters, of the 300 taken), against the same game scored
#: by a scheme: `show` of any legal game within a few times a plain one.
LONG_HANDS, LONG_DECK = "1-69", 208
LONG_FORMULA = "made: " + "+".join(["b"] * 70) + "; missed: " + "-".join(["t"] * 70)
LONG_TARGET = 1.3


def save_game(path: Path, game: Game) -> bytes:
    """Write ``game`` as a game file; its bytes, to put back before each timed run."""
    from ohhell_score.domain import codec

    text = (json.dumps(codec.game_to_dict(game), ensure_ascii=False, indent=1) + "\n").encode()
    path.write_bytes(text)
    return text


def write_games(folder: Path, count: int, rng: random.Random) -> None:
    """``count`` game files: a few dozen games played out, saved under many ids."""
    from ohhell_score.domain import codec

    folder.mkdir(parents=True)
    tables = [
        ("Ann", "Bob", "Cat", "Dan"),
        ("Zoë", "Yusuf", "Xia"),
        ("Ann", "Bo", "Cy", "Di", "Ed"),
    ]
    samples = []
    for k in range(36):
        players = tables[k % len(tables)]
        preset = ("cartier", "classic", "ten-to-one")[k % 3]
        upto = None if k % 4 == 0 else rng.randint(1, 10)
        samples.append(codec.game_to_dict(play(f"g{k}", rng, players, preset, upto)))
    for i in range(count):
        data = dict(samples[i % len(samples)])
        data["id"] = gid = f"game-{i:05d}"
        data["updated"] = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T20:{i % 60:02d}:00+01:00"
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{gid}.json").write_text(text, encoding="utf-8")


# --- measuring ----------------------------------------------------------------------


def run_once(case: Case) -> tuple[float, float]:
    """Wall time and CPU time (user + system), in seconds, of one whole process."""
    if case.before is not None:
        path, data = case.before
        path.write_bytes(data)
    start = time.perf_counter()
    proc = subprocess.Popen(
        case.argv, env=case.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read() if proc.stderr else b""
    if proc.returncode != 0:
        raise SystemExit(f"{case.name} failed ({proc.returncode}): {err.decode()}")
    return elapsed, usage.ru_utime + usage.ru_stime


def peak_memory(case: Case, peak_script: Path) -> int:
    """Peak memory (max RSS, KiB) of one whole process."""
    if case.before is not None:
        path, data = case.before
        path.write_bytes(data)
    argv = [sys.executable, "-S", "-I", str(peak_script), *case.argv]
    if not Path(case.argv[0]).is_absolute():
        argv[4] = shutil.which(case.argv[0]) or case.argv[0]
    done = subprocess.run(argv, env=case.env, capture_output=True, text=True, check=True)
    return int(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="rounds (default 21)")
    parser.add_argument("--games", type=int, default=10_000, help="games for list (10,000)")
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="ohhell-bench-"))
    try:
        measure(root, args.runs, args.games)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def measure(root: Path, runs: int, games: int) -> None:
    rng = random.Random(2026)
    from ohhell_score.domain import codec

    py = sys.executable
    ohhell = ohhell_argv()
    base = {k: v for k, v in os.environ.items() if not k.startswith(("OHHELL_", "_OHHELL"))}
    base.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode is cached
    base.update(COLUMNS="100", LINES="50", NO_COLOR="1")
    # English, whatever this machine's locale: the Dutch cases below ask for Dutch.
    base.update(LANGUAGE="en")

    def env(folder: Path, **extra: str) -> dict[str, str]:
        return {**base, "OHHELL_DATA_DIR": str(folder), **extra}

    (root / "hello.py").write_text(HELLO, encoding="utf-8")
    (root / "peak.py").write_text(PEAK, encoding="utf-8")
    (root / "read_and_parse.py").write_text(READ_AND_PARSE, encoding="utf-8")
    table = root / "table"
    table.mkdir()
    (table / "friday.json").write_text(
        json.dumps(
            codec.game_to_dict(play("friday", rng, ("Ann", "Bob", "Cat", "Dan"), "cartier", None)),
            ensure_ascii=False,
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    waiting = play("monday", rng, ("Ann", "Bob", "Cat", "Dan"), "cartier", 12)
    monday = table / "monday.json"
    monday_text = (
        json.dumps(codec.game_to_dict(waiting), ensure_ascii=False, indent=1) + "\n"
    ).encode()
    monday.write_bytes(monday_text)
    save_game(table / "formula.json", play("formula", rng, FOUR, "cartier", None, FORMULA))
    waiting_formula = play("tuesday", rng, FOUR, "cartier", 12, FORMULA)
    tuesday = table / "tuesday.json"
    tuesday_text = save_game(tuesday, waiting_formula)
    three = FOUR[:3]
    for gid, scoring in (("long", None), ("long-formula", LONG_FORMULA)):
        game = play(gid, rng, three, "classic", None, scoring, LONG_HANDS, LONG_DECK)
        save_game(table / f"{gid}.json", game)
    many = root / "many"
    print(f"writing {games:,} games to {many} ...", file=sys.stderr)
    write_games(many, games, rng)

    cases = [
        Case("python -c pass", [py, "-c", "pass"], env(table)),
        Case("hello-world", [py, str(root / "hello.py")], env(table)),
        Case("ohhell --version", [*ohhell, "--version"], env(table), target=1.15),
        Case("ohhell show", [*ohhell, "show", "-g", "friday"], env(table), target=1.3),
        # `ohhell` alone: the current game's line, as fast as `show` (the quick path).
        Case("ohhell (alone)", [*ohhell], env(table), target=1.3),
        Case(
            "ohhell bid",
            [*ohhell, "bid", "-g", "monday", "1"],
            env(table),
            (monday, monday_text),
            1.15,
        ),
        Case("show, a formula game", [*ohhell, "show", "-g", "formula"], env(table), target=1.3),
        Case(
            "bid, a formula game",
            [*ohhell, "bid", "-g", "tuesday", "1"],
            env(table),
            (tuesday, tuesday_text),
            1.15,
        ),
        Case("show, 69 hands", [*ohhell, "show", "-g", "long"], env(table)),
        Case(
            "show, 69 hands, 140 terms",
            [*ohhell, "show", "-g", "long-formula"],
            env(table),
            target=LONG_TARGET,
            against="show, 69 hands",
        ),
        Case("ohhell show, Dutch", [*ohhell, "show", "-g", "friday"], env(table, LANGUAGE="nl")),
        Case(
            "ohhell bid, Dutch",
            [*ohhell, "bid", "-g", "monday", "1"],
            env(table, LANGUAGE="nl"),
            (monday, monday_text),
        ),
        Case(
            "TAB: show -g fr",
            ohhell,
            env(
                table,
                _OHHELL_COMPLETE="complete_bash",
                COMP_WORDS="ohhell show -g fr",
                COMP_CWORD="3",
            ),
            target=1.2,
        ),
        Case("read+parse 10,000", [py, str(root / "read_and_parse.py"), str(many)], env(many)),
        Case(
            "ohhell list (10,000)",
            [*ohhell, "list"],
            env(many),
            target=1.0,
            against="read+parse 10,000",
        ),
    ]
    has_stats = (
        subprocess.run([*ohhell, "stats", "--help"], env=env(many), capture_output=True).returncode
        == 0
    )
    if has_stats:
        cases.append(
            Case(
                "ohhell stats (10,000)", [*ohhell, "stats"], env(many), against="read+parse 10,000"
            )
        )
    has_ratings = (
        subprocess.run([*ohhell, "ratings", "--help"], env=env(many), capture_output=True)
    ).returncode == 0
    if has_stats and has_ratings:
        # The same folder, the same cache: rating adds openskill's arithmetic to stats' reading.
        cases.append(
            Case(
                "ohhell ratings (10,000)",
                [*ohhell, "ratings"],
                env(many),
                target=1.5,
                against="ohhell stats (10,000)",
            )
        )

    if sys.platform == "linux":  # platformdirs honours XDG_DATA_HOME there: a temp folder
        xdg = root / "xdg"
        (xdg / "ohhell-score").mkdir(parents=True)
        shutil.copy(table / "friday.json", xdg / "ohhell-score" / "friday.json")
        cases.append(
            Case(
                "show, platformdirs' folder",
                [*ohhell, "show", "-g", "friday"],
                {**base, "XDG_DATA_HOME": str(xdg)},
            )
        )

    tab = next(c for c in cases if c.name.startswith("TAB"))
    check = subprocess.run(tab.argv, env=tab.env, capture_output=True, text=True)
    if "friday" not in check.stdout:
        raise SystemExit(f"the completion did not offer friday: {check.stdout!r} {check.stderr!r}")
    for case in cases:  # warm-up: bytecode caches, the file cache, the list index
        run_once(case)
        run_once(case)

    times: dict[str, list[float]] = {c.name: [] for c in cases}
    cpus: dict[str, list[float]] = {c.name: [] for c in cases}
    ratios: dict[str, list[float]] = {c.name: [] for c in cases}
    cpu_ratios: dict[str, list[float]] = {c.name: [] for c in cases}
    peaks: dict[str, list[int]] = {c.name: [] for c in cases}
    baselines = {c.name: c for c in cases}  # a case may be the baseline of another
    order = [c for c in cases if c.name not in BASELINES]
    for r in range(runs):
        random.Random(r).shuffle(order)
        for case in order:
            # Each run is paired with a run of its baseline, right before or right after
            # it (alternating): a shared machine that slows down for a few seconds slows
            # both alike, and the ratio of the pair keeps what the program costs.
            baseline = baselines[case.against]
            pair = (baseline, case) if r % 2 == 0 else (case, baseline)
            measured = {c.name: run_once(c) for c in pair}
            for name, (elapsed, cpu_time) in measured.items():
                times[name].append(elapsed)
                cpus[name].append(cpu_time)
            ratios[case.name].append(measured[case.name][0] / measured[baseline.name][0])
            cpu_ratios[case.name].append(measured[case.name][1] / measured[baseline.name][1])
        print(f"round {r + 1}/{runs}", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    for _ in range(5):
        for case in cases:
            peaks[case.name].append(peak_memory(case, root / "peak.py"))

    median = {name: statistics.median(v) for name, v in times.items()}
    cpu = {name: statistics.median(v) for name, v in cpus.items()}
    ratio_of = {name: statistics.median(v) for name, v in ratios.items() if v}
    cpu_ratio_of = {name: statistics.median(v) for name, v in cpu_ratios.items() if v}
    peak = {name: statistics.median(v) for name, v in peaks.items()}
    import typer

    print(
        f"Python {platform.python_version()}, typer {typer.__version__}, "
        f"{os.cpu_count()} CPUs, {platform.system()}; median of {runs} interleaved runs"
    )
    print()
    print("| command | median | ratio | target | CPU time (ratio) | peak memory |")
    print("|---|---:|---:|---:|---:|---:|")
    for case in cases:
        ratio = ratio_of.get(case.name, 1.0)
        shown = "" if case.name in BASELINES else f"{ratio:.2f}"
        if case.target is not None:
            mark = "met" if ratio <= case.target else "MISSED"
            goal = f"<= {case.target:.2f} {mark}"
        else:
            goal = ""
        against = "" if case.against == "hello-world" or not shown else f" (of {case.against})"
        cpu_ratio = f" ({cpu_ratio_of[case.name]:.2f})" if shown else ""
        print(
            f"| `{case.name}` | {median[case.name] * 1000:.1f} ms | {shown}{against} | {goal} "
            f"| {cpu[case.name] * 1000:.1f} ms{cpu_ratio} | {peak[case.name] / 1024:.1f} MiB |"
        )
    memory = peak["ohhell show"] / peak["hello-world"]
    print()
    print(
        f"Peak memory of `show`: {memory:.2f} x the hello-world app's "
        f"(target <= 1.20: {'met' if memory <= 1.2 else 'MISSED'})."
    )
    for english in ("ohhell show", "ohhell bid"):
        dutch = ratio_of[f"{english}, Dutch"] / ratio_of[english]
        print(
            f"`{english}` in Dutch: {dutch:.2f} x English "
            f"(target <= {DUTCH_TARGET:.2f}: {'met' if dutch <= DUTCH_TARGET else 'MISSED'})."
        )
    if not has_stats:
        print("`ohhell stats`: not in this version; skipped.")


if __name__ == "__main__":
    main()
