"""Every test gets its own data directory and a plain, fixed-width terminal."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn
from unittest import mock

import pytest
from hypothesis import HealthCheck, settings

# Before the first invoke: rich reads these when a Console is made.
os.environ["COLUMNS"] = "100"
os.environ["LINES"] = "60"
os.environ["NO_COLOR"] = "1"
os.environ["TERM"] = "dumb"
# English whatever the machine's locale says: tests that speak Dutch ask for it.
os.environ.pop("OHHELL_LANG", None)
os.environ["LANGUAGE"] = "en"


def _build_every_command_in_english() -> None:
    """Each area's help is translated when its module is first imported (the language of
    a process does not change). Imported here, before any test, the help of an in-process
    command is English whatever test ran first: a Dutch test does not leave Dutch help
    behind for the next one (the help in Dutch is tested in processes of its own)."""
    import typer

    from ohhell_score.cli.app import command

    program = command()
    context = typer.Context(program)
    for name in program.list_commands(context):
        program.get_command(context, name)


_build_every_command_in_english()

#: Tests timed by a real terminal, real shells or real processes racing each other
#: (a Ctrl-C 50 ms after a start): under pytest-xdist (`-n`, pyproject's addopts) they
#: all go to one worker, and each runs while no other test runs (``one_at_a_time``),
#: so a busy neighbour does not slow it past its timing.
ALONE = pytest.mark.xdist_group("alone")


@pytest.fixture(autouse=True)
def one_at_a_time(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Under xdist, an ``ALONE`` test holds the session's lock file exclusively, every
    other test shares it: while an ``ALONE`` test runs, the other workers wait."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        yield  # one process: every test runs alone anyway
        return
    import fcntl

    marker = request.node.get_closest_marker("xdist_group")
    alone = marker is not None and marker.args[:1] == ("alone",)
    # The workers' temp folders share this session's parent folder.
    path = tmp_path_factory.getbasetemp().parent / "alone.lock"
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
settings.load_profile("default")

#: A mutation run (docs/mutation.md) runs the tests once per mutant: mutmut sets
#: MUTANT_UNDER_TEST in every process it starts. There each random test tries at
#: most this many examples, the same ones every run, and the tests run fastest
#: first, so the first test to catch a mutant is usually a quick one. A mutant
#: only the many-example run would catch shows as a survivor, to be killed by a
#: test written for it.
MUTATION_EXAMPLES = 8
#: And a test mutmut timed at more than this many seconds is skipped, unless mutmut is
#: timing the tests: the 60 or so whole games, random games and export round trips of
#: the 2,400 tests take 450 of the 516 seconds. A mutant only they would catch shows
#: as a survivor, and each survivor is run again with them (docs/mutation.md).
MUTATION_SLOW = 1.0


def skipping_slow_tests() -> bool:
    """In a mutation run, but not while mutmut times and maps the tests ("stats"): it
    sets MUTANT_UNDER_TEST for that, for its run of the tests unchanged ("") and for
    each mutant."""
    return os.environ.get("MUTANT_UNDER_TEST", "stats") != "stats"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if "MUTANT_UNDER_TEST" not in os.environ:
        return
    for item in items:
        test = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None and hasattr(test, "hypothesis"):
            test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                chosen, max_examples=min(chosen.max_examples, MUTATION_EXAMPLES), derandomize=True
            )
    try:  # mutmut's own timings, from its last full run; written in the folder it runs in
        seconds = json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: seconds.get(item.nodeid, 0.0))
    if skipping_slow_tests():
        slow = pytest.mark.skip(reason=f"over {MUTATION_SLOW} s: survivors get it by hand")
        for item in items:
            if seconds.get(item.nodeid, 0.0) > MUTATION_SLOW:
                item.add_marker(slow)


#: The standard library's own, before any test refuses processes.
REAL_POPEN = subprocess.Popen


def refuse_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a mutation run, a test that starts a process is skipped where it starts it.

    The process would import the copy mutmut made, outside mutmut's control: it tells
    nothing about the mutant, and can fail for the copy's sake."""
    if "MUTANT_UNDER_TEST" not in os.environ:
        return

    def skip(*args: object, **kwargs: object) -> NoReturn:
        pytest.skip(PROCESS_SKIPPED)

    monkeypatch.setattr(subprocess, "Popen", skip)


PROCESS_SKIPPED = "starts a process: a mutation run tests in-process only"


def no_process_in_a_mutation_run() -> None:
    """Skip before a library starts a process (Playwright its driver) and catches the
    skip ``refuse_processes`` raises in it, ending in an error of its own."""
    if "MUTANT_UNDER_TEST" in os.environ:
        pytest.skip(PROCESS_SKIPPED)


@pytest.fixture(autouse=True)
def in_process_only(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_processes(monkeypatch)


def boards_served_in_a_mutation_run() -> None:
    """In a mutation run, a board started in a test's thread comes up as it does in
    `ohhell board`. Done once for the whole process (a module's board is started
    before any test's fixture runs). uvicorn calls the app it is given with no
    arguments, to see whether it is a factory (a TypeError says it is not). mutmut wraps
    ``HostCheck.__call__`` in a trampoline that takes any arguments, so that call
    returned a coroutine, which uvicorn took for the app: the lifespan failed. uvicorn
    is handed the app inside a function of three arguments, which refuses the call as
    the unmutated app does. (The board's watch once asked ``ldconfig``, a process, where
    the C library is; storage/notice.py now finds it without one.)
    """
    import uvicorn.config

    load_app = uvicorn.config.Config.load_app

    def loaded(self: uvicorn.config.Config) -> Any:
        app = load_app(self)

        async def asgi(scope: Any, receive: Any, send: Any) -> None:
            await app(scope, receive, send)

        return asgi

    uvicorn.config.Config.load_app = loaded  # type: ignore[method-assign]


if "MUTANT_UNDER_TEST" in os.environ:
    boards_served_in_a_mutation_run()


@pytest.fixture
def a_helper_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test whose command starts a process of its own as a helper, the command's code
    staying in the test's process (`completions` asks a child for Typer's script): the
    child may start even in a mutation run, where the mutant is the parent's code."""
    monkeypatch.setattr(subprocess, "Popen", REAL_POPEN)


def forget_parsed_formulas(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a mutation run each test parses and compiles its formulas anew, as a new run of
    `ohhell` does: mutmut forks each mutant from a process whose caches already hold
    every formula a test met, unmutated (docs/mutation.md)."""
    if "MUTANT_UNDER_TEST" not in os.environ:
        return
    from ohhell_score.domain import rules

    monkeypatch.setattr(rules, "_FORMULAS", {})
    monkeypatch.setattr(rules, "_SCORERS", {})


@pytest.fixture(autouse=True)
def formulas_parsed_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    forget_parsed_formulas(monkeypatch)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """docs/scripting.md: `$OHHELL_DATA_DIR` moves the data; each test has its own."""
    folder = tmp_path / "data"
    monkeypatch.setenv("OHHELL_DATA_DIR", str(folder))
    yield folder


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """`$OHHELL_CONFIG_DIR` moves house rules; each test has its own."""
    folder = tmp_path / "config"
    monkeypatch.setenv("OHHELL_CONFIG_DIR", str(folder))
    yield folder


class Guarded:
    """A command behind entry.py's boundary, as the console script runs it: what the
    command raises that a user can cause becomes an exit status and one line."""

    def __init__(self, command: Any) -> None:
        self.command = command
        self.name = command.name

    def main(self, *args: Any, **kwargs: Any) -> None:
        from ohhell_score.entry import guarded

        sys.exit(guarded(lambda: self.command.main(*args, **kwargs)))


@functools.cache
def program() -> Any:
    """The program as `ohhell` runs it: commands built, and areas imported, when named,
    behind entry.py's boundary."""
    from ohhell_score.cli.app import command

    return Guarded(command())


def eager_program() -> Any:
    """Typer's own build of the whole program, every command at once: the root's, and
    every area's app added to (a copy of) the root, as typer merges an unnamed sub-app.
    The lazy program must say what this one says."""
    import copy
    from importlib import import_module

    from typer.main import get_command

    from ohhell_score.cli.app import AREAS, app

    whole = copy.copy(app)
    whole.registered_groups = list(app.registered_groups)
    for module in AREAS:
        whole.add_typer(import_module(f"ohhell_score.cli.{module}").app)
    return get_command(whole)


class ConsoleScript:
    """`ohhell` as its console script runs it: ``entry.main`` reading ``sys.argv``, the
    quick router (cli/quick.py) first and Typer only for what the router leaves."""

    name = "ohhell"

    def main(self, args: Sequence[str], prog_name: str) -> None:
        from ohhell_score.entry import main

        # The console script's __main__ has no __package__, so click names the program
        # after argv[0] (under `python -m pytest` it would say "python -m pytest.ohhell").
        saved = sys.argv, sys.modules["__main__"]
        sys.argv = [prog_name, *args]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            # Typer's build of the program, made once per test run as on the Typer path
            # (once per process, as `ohhell` makes it), not once per command line.
            # Built before the patch: built under it, `program` would call the patch.
            built = program().command
            with mock.patch("ohhell_score.cli.app.command", lambda: built):
                main()
        finally:
            sys.argv, sys.modules["__main__"] = saved


#: The paths ``invoke`` can run a command line through; the fixture ``both_paths`` runs
#: a test once on each.
TYPER, CONSOLE_SCRIPT = "typer", "console script"
taken = TYPER


@pytest.fixture(params=[TYPER, CONSOLE_SCRIPT])
def both_paths(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The test once through Typer's commands and once through ``entry.main``, the path
    `ohhell` takes, where `bid`, `trump`, `tricks`, `show` and `undo` skip Typer."""
    path: str = request.param
    monkeypatch.setattr(sys.modules[__name__], "taken", path)
    return path


def invoke(args: list[str], **kwargs: Any) -> Any:
    """typer's CliRunner on the program the console script runs (not typer's eager build):
    its Typer commands, or under ``both_paths`` also ``entry.main`` itself."""
    from typer.testing import CliRunner

    from ohhell_score.cli.app import app

    command = ConsoleScript() if taken == CONSOLE_SCRIPT else program()
    with mock.patch("typer.testing._get_command", lambda _: command):
        return CliRunner().invoke(app, args, **kwargs)


class Ohhell:
    """Runs `ohhell` in-process with typer's CliRunner (``invoke``)."""

    def __call__(self, *args: str, input: str | bytes | None = None) -> Any:
        # Not caught: a crash fails the test instead of passing for exit 1.
        return invoke(list(args), input=input, catch_exceptions=False)

    def ok(self, *args: str) -> str:
        result = self(*args)
        assert result.exit_code == 0, (args, result.output, result.stderr)
        return str(result.stdout)

    def refused(self, *args: str, code: int = 1) -> str:
        result = self(*args)
        assert result.exit_code == code, (args, result.exit_code, result.output)
        assert "Traceback" not in result.output
        return str(result.stderr)

    def invalid_value(self, *args: str) -> str:
        """A malformed command line (exit 2): the reason Typer's usage error ends with."""
        err = self.refused(*args, code=2)
        prefix = "Error: Invalid value: "
        assert err.endswith("\n") and prefix in err, err
        return err[err.rindex(prefix) + len(prefix) : -1]

    def sheet(self, *args: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ok("show", "--json", *args))
        return data


def scripted(
    answers: Iterable[str | Callable[[], str]], prompts: list[str] | None = None
) -> Callable[[str], str]:
    """An ``ask`` for a `play` session run in-process: each prompt (kept in ``prompts``)
    gets the next answer, a function being called first (another `ohhell` at work while
    the question waits); Ctrl-D (``EOFError``) once the answers run out."""
    left = iter(answers)

    def ask(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        answer = next(left, None)
        if answer is None:
            raise EOFError
        return answer() if callable(answer) else answer

    return ask


@pytest.fixture
def ohhell() -> Ohhell:
    return Ohhell()


@pytest.fixture
def dutch(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The program speaking Dutch, as `LANGUAGE=nl` at a Dutch table."""
    from ohhell_score import i18n

    for name in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "nl")
    i18n.reset()
    yield
    i18n.reset()


#: The flags every headless Chromium of the tests starts with (Playwright's launch and
#: the `--headless` runs of test_print): no sandbox, GPU, sync or first-run pages.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def need(*names: str) -> str:
    """The path of the first of ``names`` installed: a real part a test runs (a shell,
    Chromium). Missing, the test is skipped and says why; under ``CI=true`` it fails
    instead, naming the tool, for CI must run every test (.ci/run installs them).
    In a mutation run it is skipped first: the part is a process, and a library that
    starts it (Playwright its driver) can catch the skip of ``refuse_processes``."""
    no_process_in_a_mutation_run()
    for name in names:
        found = shutil.which(name)
        if found is not None:
            return found
    why = f"{' or '.join(names)} is not installed (.ci/run installs it)"
    if os.environ.get("CI", "").lower() in ("true", "1"):
        pytest.fail(f"CI=true and {why}", pytrace=False)
    pytest.skip(why)
