"""The README and docs/ are the documentation: their commands stay true, their links
lead somewhere, and nothing a user reads points outside the project (style habit 8)."""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import os
import re
import shlex
import string
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tests.conftest import ALONE
from tests.mutation_survivors import named_tests, unexplained

ROOT = Path(__file__).resolve().parent.parent


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def setup_commands() -> list[str]:
    """The commands of README.md's first shell block (install and run the program, then
    install and run the tests), its comments left out."""
    block = re.search(r"^```sh\n(.*?)^```", readme(), re.M | re.S)
    assert block, "README.md has no ```sh block"
    lines = (line.strip() for line in block.group(1).splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def last_ci_command() -> list[str]:
    """The words of the last command .ci/run runs (the tests, after the other gates), the
    script's own variables put in."""
    values: dict[str, str] = {}
    commands: list[str] = []
    for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines():
        if re.match(r"[A-Za-z_]\w*=", line):
            name, _, value = shlex.split(line, comments=True)[0].partition("=")
            values[name] = value
        elif line.strip() and not line.lstrip().startswith("#"):
            commands.append(line)
    words = shlex.split(commands[-1], comments=True)
    return [string.Template(word).substitute(values) for word in words]


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run ends by running README.md's second set-up command, word for word."""
    assert last_ci_command() == ["bash", "-c", setup_commands()[1]]


def test_every_command_is_in_the_readme() -> None:
    from tests.conftest import eager_program

    names = getattr(eager_program(), "commands", {})
    assert names
    for name in names:
        assert f"ohhell {name}" in readme(), f"`ohhell {name}` is not in README.md"


def console_steps(section: str) -> list[tuple[list[str], list[str]]]:
    """The commands of a README section's console block, each with the lines shown
    under it."""
    text = readme().split(f"\n## {section}\n", 1)[1]
    block = text.split("```console\n", 1)[1].split("```", 1)[0]
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:], comments=True), []))
        else:
            steps[-1][1].append(line)
    return steps


def test_the_readme_game_step_by_step_prints_what_the_readme_shows(data_dir: Path) -> None:
    """README "A game, step by step": the installed program, given each command shown,
    prints the lines shown under it (a command shown without output is only run)."""
    script = Path(sys.executable).with_name("ohhell")
    steps = console_steps("A game, step by step")
    assert sum(bool(shown) for _, shown in steps) >= 4
    for words, shown in steps:
        assert words[0] == "ohhell", words
        done = subprocess.run(
            [str(script), *words[1:]],
            capture_output=True,
            text=True,
            env={**os.environ, "OHHELL_DATA_DIR": str(data_dir)},
            check=False,
        )
        assert done.returncode == 0, (words, done.stderr)
        if shown:
            assert done.stdout.splitlines() == shown, words


#: The answers typed in README "Your first game", each after the prompt it answers.
FIRST_GAME_ANSWERS = [
    ("Player 1: ", "Ann"),
    ("Player 2: ", "Bob"),
    ("Player 3: ", "Cat"),
    ("Player 4: ", "Dan"),
    ("Player 5: ", ""),
    ("Enter: classic): ", ""),
    ("d: draw cards): ", ""),
    ("(s h d c): ", "h"),
    ("Bob bids (0-10): ", "3"),
    ("Cat bids (0-10; 3 bid of 10 so far): ", "2"),
    ("Dan bids (0-10; 5 bid of 10 so far): ", "4"),
    ("bids (0-10; 9 bid of 10 so far): ", "1"),
    ("bids (0-10; 9 bid of 10 so far): ", "2"),
    ("Bob took (0-10): ", "3"),
    ("Cat took (0-7): ", "2"),
    ("Dan took (0-5): ", "3"),
    ("Ann took 2 (Enter): ", ""),
    ("(s h d c): ", "q"),
]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")
@ALONE
def test_the_readme_first_game_is_what_play_shows(data_dir: Path) -> None:
    """README "Your first game": `ohhell play` with no game yet, in a real terminal, given
    the answers shown, prints every line shown (the game's id is the day's date)."""
    import pexpect

    shown = readme().split("\n## Your first game\n", 1)[1]
    block = shown.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    assert block[0] == "$ ohhell play"
    env = {
        **os.environ,
        "OHHELL_DATA_DIR": str(data_dir),
        "COLUMNS": "88",
        "LINES": "40",
        "NO_COLOR": "1",
        "TERM": "dumb",
    }
    script = str(Path(sys.executable).with_name("ohhell"))
    typed = io.StringIO()
    child = pexpect.spawn(
        script, ["play"], env=env, encoding="utf-8", timeout=60, dimensions=(40, 88)
    )
    child.logfile_read = typed
    for prompt, answer in FIRST_GAME_ANSWERS:
        child.expect_exact(prompt)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    text = re.sub(r"\x1b\[[0-9;]*m", "", typed.getvalue()).replace("\r", "")
    # The id of a game made without one is the day it was made: the README shows the day
    # it was written, the terminal the day the test runs. Every date is masked on both
    # sides, and the one shown must be the id the game was saved under.
    (saved,) = (path.stem for path in data_dir.glob("*.json"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", saved), saved
    assert f"New game {saved}: " in text and f"Game {saved}: " in text
    assert [mask_dates(line.rstrip()) for line in text.splitlines()] == [
        mask_dates(line) for line in block[1:]
    ]
    assert child.exitstatus == 0


def mask_dates(line: str) -> str:
    """A line with every date (2026-12-01) in it as <date>."""
    return re.sub(r"\b\d{4}-\d\d-\d\d\b", "<date>", line)


def test_the_command_reference_is_current() -> None:
    """docs/commands.md is every help page as the program prints it: run
    `python docs/reference.py` after changing a command."""
    spec = importlib.util.spec_from_file_location("docs_reference", ROOT / "docs" / "reference.py")
    assert spec and spec.loader
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    committed = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert committed == generate.generate(), "docs/commands.md is stale: run docs/reference.py"


def test_the_tournament_fields_listed_are_the_programs_rounds() -> None:
    """docs/tournaments.md lists every field from 6 to 64 as `tournament new` plans it:
    run `python docs/reference.py` after changing the plan."""
    spec = importlib.util.spec_from_file_location("docs_reference", ROOT / "docs" / "reference.py")
    assert spec and spec.loader
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    committed = (ROOT / "docs" / "tournaments.md").read_text(encoding="utf-8")
    assert committed == generate.with_fields(committed), "run docs/reference.py"
    rows = [line.split(" | ")[0] for line in committed.splitlines() if line[:3] == "| 3"]
    assert rows == [f"| {n}" for n in range(30, 40)]
    cartier = "| 32 | 8 tables of 4, the top 2 go on | 4 tables of 4, the winners go on | 4 players"
    assert cartier in committed


def pages() -> list[Path]:
    """What a user reads in the project: the README, the changelog and docs/."""
    return [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_every_link_of_a_page_leads_to_a_file_of_the_project(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
        if "://" in target:
            continue  # a web page, not a file
        where = (page.parent / target).resolve()
        assert where.exists(), f"{page.name} links to {target}, which is not there"
        assert ROOT in where.parents, f"{page.name} links outside the project: {target}"


def program_output() -> str:
    """What the program says about its rules and itself: `rules`, each preset
    explained (as text and JSON), and every help page (docs/commands.md holds them)."""
    from tests.conftest import invoke

    out = [(ROOT / "docs" / "commands.md").read_text(encoding="utf-8")]
    out.append(invoke(["rules"]).output)
    out.append(invoke(["rules", "--json"]).output)
    for name in json.loads(invoke(["rules", "--json"]).output):
        out.append(invoke(["rules", name["name"]]).output)
    return "\n".join(out)


@pytest.mark.parametrize("pointer", ["../" + "shared", "seed 0", "cli-" + "contract.md"])
def test_nothing_a_user_reads_points_outside_the_project(pointer: str) -> None:
    """Pages and program output name the rules' sources by their names, never by a team's
    file outside the project (a seed number, the shared folder)."""
    for page in pages():
        assert pointer not in page.read_text(encoding="utf-8"), (page.name, pointer)
    assert pointer not in program_output()


#: Folders of the working copy that are not the project's files.
NOT_THE_PROJECT = {
    *(".git", ".venv", "dist", "build", "mutants", ".hypothesis", "__pycache__"),
    *(".pytest_cache", ".mypy_cache", ".ruff_cache"),  # the tools' caches (.gitignore)
}


def test_no_file_of_the_project_names_a_path_outside_it() -> None:
    """Nothing in the project (code, tests, CI, docs) points to a team's folder beside it,
    or to the team's contract by its name there (the project's is docs/scripting.md)."""
    outside = ("../" + "shared", "cli-" + "contract")  # spelled apart: this file names neither
    for path in ROOT.rglob("*"):
        parts = set(path.relative_to(ROOT).parts)
        if path.is_file() and not parts & NOT_THE_PROJECT and not path.name.endswith(".pyc"):
            text = path.read_text(encoding="utf-8", errors="replace")
            for pointer in outside:
                assert pointer not in text, (path.relative_to(ROOT), pointer)


def project_files() -> list[str]:
    """Every file and folder of the project, as paths from its root."""
    return [
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*")
        if not set(path.relative_to(ROOT).parts) & NOT_THE_PROJECT
        and not path.name.endswith(".egg-info")
    ]


#: A file a docstring or comment cites: ``game.py``, ``docs/rules.md``, ``cli/lazy.py``,
#: ``completions/`` (a name with a folder counts when the folder is the project's).
CITED = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-]+\.(?:py|md)|(?:[\w-]+/)+[\w.-]*)(?![\w/-])")


def cited_files(source: str) -> list[str]:
    """The files that a module's docstrings (its own, its classes' and functions') and its
    comments name."""
    import ast
    import tokenize

    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    nodes = [n for n in ast.walk(ast.parse(source)) if isinstance(n, documented)]
    texts = [ast.get_docstring(node) or "" for node in nodes]
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    texts += [token.string for token in tokens if token.type == tokenize.COMMENT]
    return [name.rstrip(".") for text in texts for name in CITED.findall(text)]


def test_every_file_a_module_cites_is_in_the_project() -> None:
    """A module's docstring and comments name files that are there (``docs/scripting.md``
    for what scripts rely on), not a name from an old layout or from outside."""
    tree = project_files()
    folders = {p.split("/")[0] for p in tree} | {p.split("/")[1] for p in tree if p.count("/")}
    missing = []
    for module in sorted((ROOT / "ohhell_score").rglob("*.py")):
        for name in cited_files(module.read_text(encoding="utf-8")):
            if "/" in name and name.split("/")[0] not in folders:
                continue  # not a path of the project's: ``~/.config``, pipx's ``commands/``
            # A word in capitals stands for any name: ``locale/LANG/LC_MESSAGES/ohhell.mo``.
            here = "/".join("*" if part.isupper() else part for part in name.rstrip("/").split("/"))
            if not any(fnmatch(p, here) or fnmatch(p, "*/" + here) for p in tree):
                missing.append(f"{module.relative_to(ROOT)}: {name}")
    assert not missing, "cited, but not in the project:\n" + "\n".join(missing)


def test_every_test_a_mutation_fate_names_is_a_test_of_the_suite() -> None:
    """docs/mutation-survivors.md says which test killed each survivor: the test is there
    under that name (a test moved or renamed takes its fate lines along)."""
    defined: dict[str, set[str]] = {}
    for path in (ROOT / "tests").glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined[f"tests/{path.name}"] = {
            node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
        }
    missing = [
        f"{page.name}: {file}::{test}"
        for page in (ROOT / "docs").glob("mutation*.md")
        for file, test in named_tests(page.read_text(encoding="utf-8"))
        if test not in defined.get(file, set())
    ]
    assert not missing, "named as a killing test, but no such test:\n" + "\n".join(missing)


def test_the_survivor_check_names_what_no_fate_line_explains() -> None:
    """`mutmut results | python -m tests.mutation_survivors` (docs/mutation.md) lists a
    survivor no fate line names, reads ranges, methods and "and", and takes a line
    that says "not looked at" for no explanation."""
    doc = (
        "## `cli.play`\n\n"
        "- `ask` 1, 3-5 and `Table.bid` 2: killed by `tests/test_cli.py::test_x`\n"
        "- `ask` 7: not looked at\n"
        "## `views.sheet`\n\n- `ask` 6: equivalent: why\n"
    )
    results = [
        f"    ohhell_score.cli.play.x_ask__mutmut_{n}: survived" for n in (1, 2, 3, 5, 6, 7)
    ] + [
        "    ohhell_score.cli.play.xǁTableǁbid__mutmut_2: survived",
        "    ohhell_score.cli.play.xǁTableǁbid__mutmut_4: timeout",
        "    ohhell_score.cli.play.x_ask__mutmut_9: killed",
        "    ohhell_score.views.sheet.x_ask__mutmut_8: no tests",
    ]
    assert unexplained(results, doc) == {
        ("cli.play", "ask", "survived"): [2, 6, 7],
        ("cli.play", "Table.bid", "timeout"): [4],
        ("views.sheet", "ask", "no tests"): [8],
    }
