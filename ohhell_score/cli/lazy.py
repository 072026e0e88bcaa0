"""The root command group: an area's module imported, and its commands built, only
when one of its commands is needed.

Typer turns every command's signature into click parameters before it runs any of them
(about half a millisecond a command). So the root ``typer.Typer`` (``app.py``) holds
only the core commands (``new``, the entries, ``show``, ``list``, ``path``: built with
the root, as Typer builds a group), and each other area (safety, export, tournament,
rules, stats, play) keeps its commands on a Typer app of its own, made by ``area()``.
The root's group, a ``LazyGroup``, knows the areas' command names without importing
them (``list_commands``) and builds an area with Typer's public
``typer.main.get_command`` when one of its commands is named (``get_command``): ``ohhell
list`` never imports tournaments; help and the completion of command names build the
ones they show. This is click's documented lazy group, on Typer's public API only.
tests/test_startup.py checks that the lazy program says what Typer's eager build says.

Imports inside functions, in every area: an area's module is imported by `ohhell
--help` and by the TAB of a command name, which run none of its commands; so each
command imports the domain and the views it uses inside the function that does its work,
and those lines need no comment of their own. An area's docstring names only what it adds to this.

Every command and group of the program is made here (``area()``, ``Command``,
``LazyGroup``), and so this is the one place where a malformed value a command raises
(``BadValue``, from a parser of the domain or the actions) becomes Typer's usage error:
exit 2, the command's usage and one line. Refusals (``Refused``, ``OSError``) go on to
``entry.py``, which words them (exit 1).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, ClassVar, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command

from ohhell_score.domain.errors import SHOWN, BadValue, Shown
from ohhell_score.i18n import _

Command = TyperCommand | TyperGroup
Function = TypeVar("Function", bound=Callable[..., Any])


class UsageErrors:
    """Mixed into a command class: a ``BadValue`` raised while the command runs is a
    malformed command line, told as Typer tells its own (the command's usage, exit 2)."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)  # type: ignore[misc]
        except BadValue as err:
            raise typer.BadParameter(str(err), ctx=ctx) from None

    def make_context(
        self, info_name: str | None, args: list[str], *rest: Any, **kwargs: Any
    ) -> Any:
        """Typer's own refusal of a value it converts (``'9999…' is not a valid int``:
        5,000 digits) shows the value cut, as the program's own do (``errors.Shown``).
        An argument holding a NUL character is malformed whatever it stands for: no
        system's command line can carry one (only a caller in the same process can), and
        every path the program would open with it is refused by the system's calls."""
        if any("\x00" in arg for arg in args):
            raise typer.BadParameter(_("an argument cannot hold a NUL character"))
        try:
            return super().make_context(info_name, args, *rest, **kwargs)  # type: ignore[misc]
        except typer.BadParameter as err:
            err.message = _cut_quoted(err.message)
            raise


#: A value quoted in a message, longer than ``errors.SHOWN``.
_QUOTED = re.compile(rf"'([^']{{{SHOWN + 1},}})'")


def _cut_quoted(message: str) -> str:
    """``message`` with each value quoted in it cut (``errors.Shown``)."""
    return _QUOTED.sub(lambda m: f"'{Shown(m[1])}'", message)


class OhhellCommand(UsageErrors, TyperCommand):
    """Every command of the program (``Area.command`` makes them of this class)."""


class OhhellGroup(UsageErrors, TyperGroup):
    """A group of commands (``ohhell seat``, ``ohhell tournament``...)."""


class Area(typer.Typer):
    """A Typer app whose commands are ``OhhellCommand``s and whose groups, unless they
    name a class of their own, ``OhhellGroup``s."""

    def __init__(self, *, cls: type[TyperGroup] | None = None, **kwargs: Any) -> None:
        super().__init__(cls=cls or OhhellGroup, **kwargs)

    def command(
        self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[Function], Function]:
        return super().command(*args, cls=cls or OhhellCommand, **kwargs)


def area(**kwargs: Any) -> Area:
    """The Typer app of one area's commands (or of a group of them, given ``kwargs``),
    built as the root builds its own: help in plain text (no rich markup), and no
    completion options of its own."""
    return Area(add_completion=False, rich_markup_mode=None, **kwargs)


def group_area(name: str, panel: str, **kwargs: Any) -> tuple[Area, Area]:
    """An area whose one command is the group ``ohhell NAME ...`` (``ohhell seat``,
    ``ohhell rules``): the group, which its commands are added to (with ``kwargs``:
    its help...), and the area's app, which holds it under help's ``panel`` and which
    ``LazyGroup`` builds when NAME is named. The group's help is plain text, as the
    root's, and takes ``-h`` too."""
    group = Area(
        rich_markup_mode=None, context_settings={"help_option_names": ["-h", "--help"]}, **kwargs
    )
    holder = area()
    holder.add_typer(group, name=name, rich_help_panel=panel)
    return group, holder


class LazyGroup(UsageErrors, TyperGroup):
    """Typer's group, with each area's commands built when one of them is needed."""

    #: ``"package.module:attribute"`` of an area's Typer app -> the names of its
    #: commands, in the order help lists them (after the group's own).
    areas: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: The commands' ``rich_help_panel``s, in the order help shows them (a command
    #: without one goes last, under "Commands").
    panels: ClassVar[tuple[str, ...]] = ()
    #: Commands help lists first in their panel, in this order: where a newcomer starts.
    first: ClassVar[tuple[str, ...]] = ()

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._built: dict[str, dict[str, Command]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        own = super().list_commands(ctx)
        return [*own, *(n for names in self.areas.values() for n in names if n not in own)]

    def get_command(self, ctx: Any, cmd_name: str) -> Command | None:
        own = super().get_command(ctx, cmd_name)
        if isinstance(own, Command):
            return own
        for where, names in self.areas.items():
            if cmd_name in names:
                return self._area(where)[cmd_name]
        return None

    def panels_of(self, ctx: Any) -> dict[str, list[tuple[str, Command]]]:
        """The commands help lists, by panel (``rich_help_panel``) in help's order."""
        names = sorted(
            self.list_commands(ctx),
            key=lambda n: self.first.index(n) if n in self.first else len(self.first),
        )
        grouped: dict[str, list[tuple[str, Command]]] = {}
        for name in names:
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                panel = getattr(command, "rich_help_panel", None) or "Commands"
                grouped.setdefault(panel, []).append((name, command))
        order = [*self.panels, *(p for p in grouped if p not in self.panels)]
        return {panel: grouped[panel] for panel in order if panel in grouped}

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Help lists the commands by panel, as Typer's rich help does, in plain text:
        the root's help is printed without importing rich."""
        grouped = self.panels_of(ctx)
        if not grouped:
            return
        limit = formatter.width - 6 - max(len(n) for shown in grouped.values() for n, _ in shown)
        for panel, shown in grouped.items():
            with formatter.section(panel):
                formatter.write_dl([(name, cmd.get_short_help_str(limit)) for name, cmd in shown])

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Typer suggests the command meant ("Did you mean 'show'?") from the group's
        built commands: before a name that is no command, every area is built."""
        if args and not ctx.resilient_parsing and args[0] not in self.list_commands(ctx):
            for name in self.list_commands(ctx):
                command = self.get_command(ctx, name)
                if command is not None:
                    self.commands.setdefault(name, command)
        return super().resolve_command(ctx, args)

    def _area(self, where: str) -> dict[str, Command]:
        """The commands of the area at ``where``, its module imported on first use."""
        if where not in self._built:
            module, _, attribute = where.partition(":")
            built = get_command(getattr(import_module(module), attribute))
            # Several commands come as a group without a name; a single one as itself.
            if isinstance(built, TyperGroup) and not built.name:
                commands = dict(built.commands)
            else:
                commands = {built.name or "": built}
            self._built[where] = {n: c for n, c in commands.items() if isinstance(c, Command)}
        return self._built[where]
