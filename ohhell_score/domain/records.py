"""Data classes that cost nothing to define: ``@record`` in place of ``@dataclass``.

``dataclasses`` writes each class's ``__init__``, ``__eq__``, ``__repr__``... as source
text and compiles it, about 0.7 ms a class, at every start of the program. The six
classes every `bid` and `show` needs (the game, its progress, the rules) cost 4 ms of a
budget of 8 (issue 7, README "Start-up budget"). ``@record`` gives the same classes with
shared methods that read the field names, and nothing to compile; ``typing``'s
``dataclass_transform`` tells mypy they are data classes, so constructors stay checked.

What it does: fields from the class's own annotations, in order, with defaults and
``field(default_factory=...)``; ``__init__`` by position or keyword; ``__eq__`` and
``__repr__`` over the fields; frozen (the default): assignment raises
``FrozenRecordError`` and instances hash by their fields, like a frozen dataclass.
``replace(obj, **changes)`` is ``dataclasses.replace``. What it does not do: inheritance
between records, ``__post_init__``, ordering, slots (tests/test_records.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_FIELDS = "__record_fields__"


class FrozenRecordError(AttributeError):
    """An assignment to a field of a frozen record."""


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A field whose default is made afresh for each instance (``dataclasses.field``)."""
    return _Factory(default_factory)  # type: ignore[return-value]


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(*, frozen: bool = True) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, frozen: bool = True) -> Any:
    """Make ``cls`` a data class: ``@record``, or ``@record(frozen=False)``."""

    def make(cls: type[T]) -> type[T]:
        return _make(cls, frozen)

    return make if cls is None else make(cls)


def _make(cls: type[T], frozen: bool) -> type[T]:
    if any(hasattr(base, _FIELDS) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record cannot inherit from a record")
    # not inspect.get_annotations: importing inspect costs more than the whole module
    names = tuple(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063
    defaults: dict[str, object] = {}
    for name in names:
        if name in cls.__dict__:
            defaults[name] = cls.__dict__[name]
            if isinstance(defaults[name], _Factory):
                delattr(cls, name)
        elif defaults:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with")
    title = cls.__qualname__
    known = frozenset(names)

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        if not kwargs and len(args) == len(names):  # the usual call, made fast
            self.__dict__.update(zip(names, args, strict=True))
            return
        if len(args) > len(names):
            raise TypeError(f"{title}() takes {len(names)} arguments, {len(args)} given")
        values = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key not in known:
                raise TypeError(f"{title}() got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{title}() got multiple values for argument {key!r}")
            values[key] = value
        if len(values) < len(names):
            for name in names:
                if name not in values:
                    if name not in defaults:
                        raise TypeError(f"{title}() missing argument {name!r}")
                    default = defaults[name]
                    values[name] = default.make() if isinstance(default, _Factory) else default
        self.__dict__.update(values)

    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{title}({shown})"

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in names)

    methods: dict[str, object] = {
        "__init__": __init__,
        "__repr__": __repr__,
        "__eq__": __eq__,
        "__match_args__": names,
        _FIELDS: names,
    }
    if frozen:

        def __setattr__(self: object, name: str, value: object) -> None:
            raise FrozenRecordError(f"cannot assign to field {name!r} of a {title}")

        def __delattr__(self: object, name: str) -> None:
            raise FrozenRecordError(f"cannot delete field {name!r} of a {title}")

        def __hash__(self: object) -> int:
            return hash(tuple(getattr(self, name) for name in names))

        methods.update(__setattr__=__setattr__, __delattr__=__delattr__, __hash__=__hash__)
    else:
        methods["__hash__"] = None  # mutable and compared by value: unhashable
    for key, method in methods.items():
        if callable(method):
            method.__qualname__ = f"{title}.{key}"  # type: ignore[attr-defined]
        type.__setattr__(cls, key, method)
    return cls


def replace(obj: T, /, **changes: object) -> T:
    """A copy of the record ``obj`` with ``changes`` (``dataclasses.replace``)."""
    names: tuple[str, ...] = getattr(obj.__class__, _FIELDS)
    unknown = changes.keys() - set(names)
    if unknown:
        raise TypeError(f"{obj.__class__.__qualname__} has no field {sorted(unknown)[0]!r}")
    copy = object.__new__(obj.__class__)
    copy.__dict__.update(obj.__dict__)
    copy.__dict__.update(changes)
    return copy
