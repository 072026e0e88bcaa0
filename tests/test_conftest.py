"""The helpers of conftest.py that decide whether a test runs at all."""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib
import types
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies

from tests.conftest import (
    MUTATION_EXAMPLES,
    MUTATION_SLOW,
    forget_parsed_formulas,
    need,
    pytest_collection_modifyitems,
    refuse_processes,
)

ROOT = Path(__file__).parent.parent

MISSING = "ohhell-no-such-tool"


def outcome_of_needing_a_missing_tool() -> pytest.ExceptionInfo[BaseException]:
    # Skipped and Failed are BaseExceptions: a skip must not end the test that checks it.
    with pytest.raises(BaseException) as raised:
        need(MISSING)
    return raised


def test_a_missing_tool_skips_the_test_and_says_which(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    raised = outcome_of_needing_a_missing_tool()
    assert raised.type is pytest.skip.Exception
    assert f"{MISSING} is not installed" in str(raised.value)


def test_a_missing_tool_fails_the_test_under_ci_and_says_which(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In CI a real part that is missing must fail the run, not skip quietly (`-q`)."""
    monkeypatch.setenv("CI", "true")
    raised = outcome_of_needing_a_missing_tool()
    assert raised.type is pytest.fail.Exception
    assert f"{MISSING} is not installed" in str(raised.value)


def test_the_first_installed_of_a_tools_names_is_used() -> None:
    """`need("chromium", "chromium-browser")`: whichever name the system gives it."""
    assert need(MISSING, "sh") == shutil.which("sh")


#: Test files mutmut does not run: each tests `ohhell` as a process (a real terminal, a
#: real shell, a kill, a browser, start-up imports; a process runs the installed
#: package, never the mutant) or checks files (the catalogue, the docs, the layers).
#: Every other test file is in pyproject's [tool.mutmut].
PROCESS_TESTS = {
    "test_completions.py", "test_conftest.py", "test_docs.py", "test_dutch.py",
    "test_dutch_pty.py", "test_entry_browser.py", "test_entry_pty.py", "test_i18n.py",
    "test_interrupt_pty.py", "test_kill.py", "test_layers.py", "test_newcomer_pty.py",
    "test_play_pty.py", "test_print.py", "test_seats_pty.py", "test_startup.py",
    "test_table_pty.py", "test_answer_keys_pty.py", "test_finish_adjust_pty.py",
    "test_terminals.py",
    "test_two_at_once.py",
}  # fmt: skip


def test_every_in_process_test_file_is_run_by_the_mutation_run() -> None:
    """A test file mutmut is not told of kills no mutant (docs/mutation.md): a new
    file must be listed in [tool.mutmut], or here as one that runs only processes."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    listed = {Path(name).name for name in config["pytest_add_cli_args_test_selection"]}
    files = {path.name for path in (ROOT / "tests").glob("test_*.py")}
    assert listed <= files, "listed for mutmut but not a test file"
    assert files - PROCESS_TESTS == listed
    assert not listed & PROCESS_TESTS


@settings(max_examples=500)
@given(strategies.integers())
def many_examples(number: int) -> None:
    pass


def item(nodeid: str, test: object = None) -> pytest.Item:
    marks: list[pytest.Mark] = []
    return types.SimpleNamespace(  # type: ignore[return-value]
        nodeid=nodeid, obj=test, marks=marks, add_marker=lambda m: marks.append(m.mark)
    )


def skipped(items: list[pytest.Item]) -> list[str]:
    return [i.nodeid for i in items if any(m.name == "skip" for m in i.marks)]  # type: ignore[attr-defined]


def examples_of(test: object) -> int:
    chosen: settings = test._hypothesis_internal_use_settings  # type: ignore[attr-defined]
    return chosen.max_examples


def test_outside_a_mutation_run_the_tests_run_as_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mutmut-stats.json").write_text(json.dumps({"duration_by_test": {"a": 9}}))
    items = [item("a", many_examples), item("b")]
    pytest_collection_modifyitems(items)
    assert [i.nodeid for i in items] == ["a", "b"]
    assert examples_of(many_examples) == 500


def test_a_mutation_run_tries_few_examples_and_the_quickest_tests_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """mutmut runs the tests once per mutant; docs/mutation.md says why this is so."""
    monkeypatch.setenv("MUTANT_UNDER_TEST", "ohhell_score.domain.game.x_f__mutmut_1")
    monkeypatch.chdir(tmp_path)
    seconds = {"slow": 9.0, "quick": 0.1, "middle": 2.0}
    (tmp_path / "mutmut-stats.json").write_text(json.dumps({"duration_by_test": seconds}))
    test = settings(max_examples=500)(given(strategies.integers())(lambda number: None))
    items = [item("slow", test), item("quick"), item("new"), item("middle")]
    pytest_collection_modifyitems(items)
    assert [i.nodeid for i in items] == ["new", "quick", "middle", "slow"]
    assert examples_of(test) == MUTATION_EXAMPLES
    chosen: settings = test._hypothesis_internal_use_settings  # type: ignore[attr-defined]
    assert chosen.derandomize


@pytest.mark.parametrize(
    ("under_test", "left_out"),
    [("ohhell_score.domain.game.x_f__mutmut_1", ["slow"]), ("stats", []), ("", ["slow"])],
    ids=["a mutant", "timing the tests", "the clean run"],
)
def test_a_mutant_is_tested_without_the_tests_slower_than_a_second(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, under_test: str, left_out: list[str]
) -> None:
    """docs/mutation.md: the slow tests are left to the survivors; mutmut still times
    and maps every test."""
    monkeypatch.setenv("MUTANT_UNDER_TEST", under_test)
    monkeypatch.chdir(tmp_path)
    seconds = {"slow": MUTATION_SLOW + 0.01, "quick": MUTATION_SLOW}
    (tmp_path / "mutmut-stats.json").write_text(json.dumps({"duration_by_test": seconds}))
    items = [item("slow"), item("quick"), item("new")]
    pytest_collection_modifyitems(items)
    assert skipped(items) == left_out


def test_a_mutation_run_without_timings_keeps_the_order(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    monkeypatch.chdir(tmp_path)
    items = [item("slow"), item("quick")]
    pytest_collection_modifyitems(items)
    assert [i.nodeid for i in items] == ["slow", "quick"]


def test_a_mutation_run_skips_a_test_where_it_starts_a_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    refuse_processes(monkeypatch)
    with pytest.raises(pytest.skip.Exception, match="starts a process"):
        subprocess.run(["true"], check=True)


def test_outside_a_mutation_run_processes_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    refuse_processes(monkeypatch)
    try:
        done = subprocess.run(["true"], check=False)
    except pytest.skip.Exception:  # a skip here would hide the failure as a skip
        pytest.fail("a process was refused outside a mutation run")
    assert done.returncode == 0


@pytest.mark.parametrize(("under_test", "kept"), [("x__mutmut_1", False), (None, True)])
def test_a_mutation_run_parses_each_tests_formulas_afresh(
    monkeypatch: pytest.MonkeyPatch, under_test: str | None, kept: bool
) -> None:
    """docs/mutation.md: a formula cached before mutmut forked would hide its mutants."""
    from ohhell_score.domain import rules

    rules.Scoring.parse("made: 10 + b; missed: -b").score(1, 1, 3)  # now in both caches
    if under_test is None:
        monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    else:
        monkeypatch.setenv("MUTANT_UNDER_TEST", under_test)
    forget_parsed_formulas(monkeypatch)
    cached = "made: 10+b; missed: -b"
    assert (cached in rules._FORMULAS, cached in rules._SCORERS) == (kept, kept)
