"""The tests' one reader of HTML: a page (or a part of one) parsed into its elements as a
browser reads it, entities read, and what each test looks at read from that tree.

``read_html`` never refuses what it reads: an end tag that closes nothing open is noted
in ``Page.problems`` and an element never closed stays in ``Page.unclosed``, so a test
of a whole page asserts both are empty, while a test that reads a part of a line (a
card's row cut at a tag) reads its words all the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Generic, Self, TypeVar

#: Elements that have no end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Element:
    """One element of a page: its tag, its attributes (``None`` for one without a value)
    and what it holds, elements and text in the page's order."""

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[Self | str] = []

    @property
    def cls(self) -> str | None:
        """Its ``class`` attribute as written."""
        return self.attrs.get("class")

    @property
    def classes(self) -> list[str]:
        return (self.cls or "").split()

    def elements(self) -> Iterator[Self]:
        """Every element inside it, in the page's order."""
        for child in self.children:
            if not isinstance(child, str):
                yield child
                yield from child.elements()

    def all(self, tag: str, cls: str | None = None) -> list[Self]:
        """Every element of that tag inside it (and of that class), in the page's order."""
        return [n for n in self.elements() if n.tag == tag and (cls is None or cls in n.classes)]

    def one(self, tag: str, cls: str | None = None) -> Self:
        (found,) = self.all(tag, cls)
        return found

    def strings(self) -> Iterator[str]:
        """Every piece of text inside it, in the page's order."""
        for child in self.children:
            if isinstance(child, str):
                yield child
            else:
                yield from child.strings()

    def words(self) -> str:
        """What a reader sees of it: its text, tags dropped, spaces one."""
        return " ".join(" ".join(self.strings()).split())

    def strays(self, frames: set[str]) -> list[tuple[str, str]]:
        """Text standing loose in an element of ``frames`` (ones that hold only other
        elements): (the element's tag, the text), this element included."""
        loose = [(self.tag, c) for c in self.children if isinstance(c, str) and c.strip()]
        loose = loose if self.tag in frames else []
        for child in self.children:
            if not isinstance(child, str):
                loose.extend(child.strays(frames))
        return loose


E = TypeVar("E", bound=Element)


class Page(Generic[E]):
    """A page read: its root (tag ``""``), and what did not close as it should."""

    def __init__(self, root: E) -> None:
        self.root = root
        self.problems: list[str] = []  # end tags that close nothing open
        self.unclosed: list[str] = []  # elements open at the end, outermost first


class _Reader(HTMLParser, Generic[E]):
    def __init__(self, make: type[E]) -> None:
        super().__init__(convert_charrefs=True)
        self.make = make
        self.page = Page(make("", {}))
        self.open = [self.page.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = self.make(tag, dict(attrs))
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(self.make(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if len(self.open) > 1 and self.open[-1].tag == tag:
            self.open.pop()
        else:
            inner = [e.tag for e in self.open[1:]][-1:] or "nothing"
            self.page.problems.append(f"</{tag}> closes {inner}")

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def read_html(text: str) -> Page[Element]:
    """``text`` read into elements."""
    return read_as(text, Element)


def read_as(text: str, make: type[E]) -> Page[E]:
    """``text`` read into elements of ``make``: an ``Element`` with a view of its own."""
    reader = _Reader(make)
    reader.feed(text)
    reader.close()
    reader.page.unclosed = [e.tag for e in reader.open[1:]]
    return reader.page
