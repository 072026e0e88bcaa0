"""The helpers of conftest.py that decide whether a test runs at all."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import need

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
