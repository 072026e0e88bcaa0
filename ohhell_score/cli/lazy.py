"""A command group that builds each command only when the command line names it.

typer turns every command's signature into click parameters before it runs any of them
(about half a millisecond a command, on every call, for every command the program has).
``LazyGroup`` keeps each command as a recipe until it is asked for: ``ohhell bid``
builds ``bid`` only; help and the completion of command names build the ones they show.
It uses typer.main's own builders (typer is pinned to 0.28.x), and
tests/test_lazy_group.py checks that the lazy program says what typer's eager one says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping
from functools import partial
from importlib import import_module

import typer
from typer import _click as click
from typer.core import TyperGroup
from typer.main import get_command, get_command_from_info, get_command_name, get_group_from_info
from typer.models import TyperInfo

Recipe = Callable[[], click.Command]


class LazyCommands(MutableMapping[str, click.Command]):
    """Command name -> command, built on first use; iterates in registration order."""

    def __init__(self, recipes: dict[str, Recipe]) -> None:
        self._recipes = recipes
        self._built: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._built:
            self._built[name] = self._recipes[name]()  # KeyError: no such command
        return self._built[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._built[name] = command
        self._recipes.setdefault(name, lambda: command)

    def __delitem__(self, name: str) -> None:
        del self._recipes[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._recipes)

    def __len__(self) -> int:
        return len(self._recipes)


class LazyGroup(TyperGroup):
    """typer's group, listing command names without building every command."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


def _recipes(app: typer.Typer) -> tuple[dict[str, Recipe], list[TyperInfo]]:
    """A recipe for every command and named sub-app registered on ``app`` so far."""
    recipes: dict[str, Recipe] = {}
    for info in app.registered_commands:
        assert info.callback is not None
        name = info.name or get_command_name(info.callback.__name__)
        recipes[name] = partial(
            get_command_from_info,
            info,
            pretty_exceptions_short=app.pretty_exceptions_short,
            rich_markup_mode=app.rich_markup_mode,
        )
    eager = []  # a sub-app whose name typer must work out: built as typer does
    for group in app.registered_groups:
        if isinstance(group.name, str) and group.name:
            recipes[group.name] = partial(
                get_group_from_info,
                group,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
                suggest_commands=app.suggest_commands,
            )
        else:
            eager.append(group)
    return recipes, eager


def _from_area(app: typer.Typer, module: str, name: str) -> click.Command:
    """Import the module that registers ``name`` on ``app``, then build that command."""
    import_module(module)
    recipes, _ = _recipes(app)
    if name not in recipes:
        raise LookupError(f"{module} registers no command {name!r}")
    return recipes[name]()


def lazy_command(
    app: typer.Typer, areas: Mapping[str, tuple[str, ...]] | None = None
) -> click.Command:
    """``app`` as typer would make it (``typer.main.get_command``), commands built lazily.

    ``areas`` maps a module (its full name) to the commands it registers on ``app`` when
    imported; the module is imported only when one of them is built.
    """
    commands, groups = app.registered_commands, app.registered_groups
    recipes, eager = _recipes(app)
    for module, names in (areas or {}).items():
        for name in names:
            recipes.setdefault(name, partial(_from_area, app, module, name))
    app.registered_commands, app.registered_groups = [], eager
    try:
        root = get_command(app)  # the callback, --version and the completion options
    finally:
        app.registered_commands, app.registered_groups = commands, groups
    assert isinstance(root, TyperGroup)
    lazy = LazyCommands(recipes)
    for name, built in root.commands.items():
        lazy[name] = built
    root.commands = lazy
    return root
