"""The quick paths stay quick: commands built lazily, rich imported only where it draws.

Timing itself lives in benchmarks/run.py; these check the structure that keeps it, on
the path `ohhell` takes (``entry.main``: the quick router, then Typer), each run
checked to succeed: a command that fails imports little and proves nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest
import typer
from typer.main import get_command

from ohhell_score.cli.lazy import LazyGroup, area
from tests.conftest import Ohhell, eager_program

#: `ohhell` as its console script runs it: ``entry.main``, which tries the quick router
#: (cli/quick.py) before Typer; ``python -c`` names no package, so click says "ohhell".
CONSOLE_SCRIPT = "import sys; sys.argv[0] = 'ohhell'\nfrom ohhell_score.entry import main\n"
MODULES = "modules imported:"


def loaded_after(*args: str, env: dict[str, str] | None = None, whole: bool = False) -> set[str]:
    """The top-level packages (or with ``whole`` every module) imported by one whole run
    of ``ohhell ARGS`` as the console script runs it, which must succeed: exit status 0
    and no traceback."""
    name = "m" if whole else "m.split('.')[0]"
    code = (
        CONSOLE_SCRIPT + "try:\n    main()\nfinally:\n    "
        f"print('\\n{MODULES}', *sorted({{{name} for m in sys.modules}}), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, (args, done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith(MODULES), done.stderr
    return set(last.removeprefix(MODULES).split())


def test_eager_and_lazy_programs_list_the_same_commands() -> None:
    """cli.AREAS names every command its modules hold, and no other, in help's order."""
    from ohhell_score.cli.app import command

    lazy = command()
    eager = eager_program()
    assert lazy.list_commands(typer.Context(lazy)) == list(getattr(eager, "commands", {}))


def test_every_command_says_the_same_built_lazily(capsys: pytest.CaptureFixture[str]) -> None:
    from ohhell_score.cli.app import command

    names = list(getattr(eager_program(), "commands", {}))
    for name in [*names, None]:
        args = [name, "--help"] if name else ["--help"]
        helps = []
        for program in (eager_program(), command()):
            program.main(args=args, prog_name="ohhell", standalone_mode=False)
            helps.append(capsys.readouterr().out)
        assert helps[0] == helps[1], name
        assert "Usage: ohhell" in helps[0]


def test_a_typo_is_answered_with_the_command_meant() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CONSOLE_SCRIPT + "main()", "shw"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "Did you mean 'show'?" in done.stderr


@pytest.mark.parametrize(
    "args",
    [["--version"], ["bid", "1"], ["show"], ["list"], ["path"]],
    ids=lambda a: " ".join(a),
)
def test_quick_commands_do_not_import_rich(ohhell: Ohhell, args: list[str]) -> None:
    # Cartier: hand 1 starts with the bids, so `bid 1` is taken (not refused).
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "friday", "-r", "cartier")
    assert "rich" not in loaded_after(*args)


@pytest.mark.parametrize(
    "args",
    [["show"], ["bid", "1"], ["list"], ["ratings"], ["export", "--format", "md"]],
    ids=lambda a: " ".join(a),
)
def test_commands_that_draw_no_page_do_not_import_the_template_engine(
    ohhell: Ohhell, args: list[str]
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "friday", "-r", "cartier")
    assert not {"jinja2", "markupsafe"} & loaded_after(*args)


def test_an_html_page_is_drawn_from_the_templates(ohhell: Ohhell) -> None:
    """The other side of the test above: the engine is there where a page is drawn."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "friday", "-r", "cartier")
    assert "jinja2" in loaded_after("export", "--format", "html")


def test_a_completion_imports_neither_rich_nor_the_rules_engine(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "friday")
    env = {"_OHHELL_COMPLETE": "complete_bash", "COMP_WORDS": "ohhell bid A", "COMP_CWORD": "2"}
    loaded = loaded_after(env=env)
    assert "typer" in loaded
    assert "rich" not in loaded


@pytest.mark.parametrize(
    "args",
    [["--version"], ["path"], ["rules", "--help"], ["tournament", "--help"]],
    ids=lambda a: " ".join(a),
)
def test_commands_that_need_no_game_import_no_game_engine(args: list[str]) -> None:
    """An area's module is imported when one of its commands runs; it imports the domain
    inside its commands."""
    loaded = loaded_after(*args, whole=True)
    heavy = {
        *("domain.game", "domain.rules", "views.words", "storage.house"),
        *("domain.tournament", "domain.stats", "views.export", "cli.interactive"),
    }
    assert not {f"ohhell_score.{m}" for m in heavy} & loaded


def test_version_imports_neither_typing_nor_gettext() -> None:
    """`ohhell --version` is the floor of start-up (docs/development.md): the messages'
    module loads no typing (6 ms) and, in English, no gettext."""
    loaded = loaded_after("--version", whole=True)
    assert "ohhell_score.i18n" in loaded  # what this test is about is on the path
    assert not {"typing", "gettext"} & loaded


def test_bid_imports_no_other_area() -> None:
    """`bid` is typed between every trick: tournaments, exports and stats stay unloaded."""
    loaded = loaded_after("bid", "--help", whole=True)
    areas = {"safety", "export", "tournament", "rules", "stats", "play", "shell", "seat"}
    assert not {f"ohhell_score.cli.{m}" for m in areas} & loaded


def test_the_completion_of_a_rule_name_imports_no_game_engine(config_dir: Path) -> None:
    (config_dir / "rules").mkdir(parents=True)
    (config_dir / "rules" / "pub.json").write_text("{}")
    env = {"_OHHELL_COMPLETE": "complete_bash", "COMP_WORDS": "ohhell rules p", "COMP_CWORD": "2"}
    loaded = loaded_after(env=env, whole=True)
    assert "ohhell_score.domain.game" not in loaded and "rich" not in loaded


#: The shape of `ohhell tournament ...`, small: an area whose app adds a named sub-app.
demo_tournament = typer.Typer(rich_markup_mode=None)


@demo_tournament.command("new")
def demo_new(name: str) -> None:
    typer.echo(f"new {name}")


@demo_tournament.command("show")
def demo_show() -> None:
    typer.echo("show")


demo_area = area()
demo_area.add_typer(demo_tournament, name="tournament", help="Tournaments.")


class Demo(LazyGroup):
    areas: ClassVar[Mapping[str, tuple[str, ...]]] = {f"{__name__}:demo_area": ("tournament",)}


def demo(cls: type[LazyGroup] | None = None) -> typer.Typer:
    app = typer.Typer(name="demo", rich_markup_mode=None, cls=cls)

    @app.callback()
    def main() -> None:
        """Demo."""

    @app.command()
    def hello() -> None:
        typer.echo("hello")

    return app


def test_a_sub_app_is_built_lazily_and_works(capsys: pytest.CaptureFixture[str]) -> None:
    """The shape of `ohhell tournament ...`: a typer sub-app added with a name."""
    lazy = get_command(demo(Demo))
    assert isinstance(lazy, Demo)
    assert list(lazy.commands) == ["hello"]  # the area is not built yet
    assert lazy.list_commands(typer.Context(lazy)) == ["hello", "tournament"]
    lazy.main(args=["tournament", "new", "cartier"], prog_name="demo", standalone_mode=False)
    assert capsys.readouterr().out == "new cartier\n"
    eager = demo()
    eager.add_typer(demo_tournament, name="tournament", help="Tournaments.")
    helps = []
    for command in (get_command(eager), get_command(demo(Demo))):
        command.main(args=["tournament", "--help"], prog_name="demo", standalone_mode=False)
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1]
    assert "Tournaments." in helps[0]


@pytest.mark.parametrize(
    "env",
    [
        {"XDG_DATA_HOME": "/srv/xdg", "HOME": "/home/ann"},
        {"XDG_DATA_HOME": "", "HOME": "/home/ann"},
        {"XDG_DATA_HOME": "relative/xdg", "HOME": "/home/ann"},
        {"HOME": "/home/ann/"},
    ],
    ids=["xdg", "empty-xdg", "relative-xdg", "home"],
)
def test_data_dir_without_the_variable_is_platformdirs_one(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/scripting.md: platformdirs' user data directory (found without importing it)."""
    import platformdirs

    from ohhell_score.storage import paths

    monkeypatch.delenv("OHHELL_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    expected = platformdirs.user_data_dir("ohhell-score", appauthor=False)
    assert paths.data_dir() == Path(expected)


@pytest.mark.parametrize(
    "env",
    [
        {"XDG_CONFIG_HOME": "/srv/xdg", "HOME": "/home/ann"},
        {"XDG_CONFIG_HOME": "", "HOME": "/home/ann"},
        {"XDG_CONFIG_HOME": "relative/xdg", "HOME": "/home/ann"},
        {"HOME": "/home/ann/"},
    ],
    ids=["xdg", "empty-xdg", "relative-xdg", "home"],
)
def test_config_dir_without_the_variable_is_platformdirs_one(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """House rules live in platformdirs' user config directory (found without it)."""
    import platformdirs

    from ohhell_score.storage import paths

    monkeypatch.delenv("OHHELL_CONFIG_DIR")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    expected = platformdirs.user_config_dir("ohhell-score", appauthor=False)
    assert paths.config_dir() == Path(expected)
