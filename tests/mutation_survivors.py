"""Which survivors of a mutation run docs/mutation-survivors.md does not explain.

    .venv/bin/mutmut results | .venv/bin/python -m tests.mutation_survivors

prints each survivor (and timeout, and mutant with "no tests") that no fate line of
docs/mutation-survivors.md names, one line per function, and exits 1 if there is one.
A fate line is a list item under a `## \\`module\\`` heading that names functions and
their mutant numbers before its first ": ", e.g.

    - `_walk` 10, 11, 12-13 and `follow` 27: killed by `tests/test_watch.py::...`

A line that says a survivor was "not looked at" or "not run yet" explains nothing.
tests/test_docs.py reads the same lines: every test a fate line names must exist.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

SURVIVORS = Path(__file__).resolve().parent.parent / "docs" / "mutation-survivors.md"

_HEADING = re.compile(r"^#+ `([\w.]+)`")
_UNEXPLAINED = re.compile(r"not (yet )?looked at|not checked by hand yet|not run yet")
_FUNCTION_AND_NUMBERS = re.compile(r"`([\w.]+)` ((?:\d+(?:-\d+)?(?:, |,| and )?)+)")
# `mutmut results`: "    ohhell_score.cli.play.x_ask__mutmut_3: survived"; a method is
# "xǁClass ǁmethod" in mutmut's mangling.
_RESULT = re.compile(
    r"\s*ohhell_score\.(.+?)\.(x_|xǁ)(.+?)__mutmut_(\d+): (survived|timeout|no tests)"
)

Mutant = tuple[str, str, int]  # module (no package), function (Class.method), number


def explained(doc: str) -> set[Mutant]:
    """Every mutant a fate line of `doc` names."""
    known: set[Mutant] = set()
    module = None
    for line in doc.splitlines():
        if heading := _HEADING.match(line):
            module = heading.group(1)
        elif line.startswith("- ") and module and not _UNEXPLAINED.search(line):
            names = line.split(": ", 1)[0]
            for function, numbers in _FUNCTION_AND_NUMBERS.findall(names):
                for part in re.findall(r"\d+(?:-\d+)?", numbers):
                    first, _, last = part.partition("-")
                    for n in range(int(first), int(last or first) + 1):
                        known.add((module, function, n))
    return known


def unexplained(results: Iterable[str], doc: str) -> dict[tuple[str, str, str], list[int]]:
    """The survivors, timeouts and untested mutants among `results` (lines of `mutmut
    results`) that `doc` does not name, by module, function and status."""
    known = explained(doc)
    found: dict[tuple[str, str, str], list[int]] = {}
    for line in results:
        if not (m := _RESULT.match(line)):
            continue
        module, kind, function, number, status = m.groups()
        if kind == "xǁ":
            function = function.replace("ǁ", ".")
        if (module, function, int(number)) not in known:
            found.setdefault((module, function, status), []).append(int(number))
    return found


def named_tests(doc: str) -> Iterator[tuple[str, str]]:
    """(file, test function) for every `tests/FILE.py::TEST` the text names."""
    for m in re.finditer(r"`(tests/\w+\.py)::(\w+)", doc):
        yield m.group(1), m.group(2)


def main() -> int:
    found = unexplained(sys.stdin, SURVIVORS.read_text(encoding="utf-8"))
    for (module, function, status), numbers in sorted(found.items()):
        print(f"{module} {function} {status}: {', '.join(map(str, sorted(numbers)))}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
