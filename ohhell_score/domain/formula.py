"""Scoring formulas (docs/rules.md, "Formulas"): read, checked, scored and said in words.

A formula is clauses ``KEY: EXPRESSION`` joined by ``;``::

    made: 10 + b; missed: -b
    made: 10 * b; missed: 0; zero: 5; zero-missed: -5

The grammar is tiny, so it is read by a hand-written recursive-descent parser: a
parsing library would cost start-up time on every `bid` and `show` of a formula game
for a dozen lines of grammar, and ``eval`` (or anything of Python's syntax) would run
what a user typed. The text is parsed into a tree of NamedTuples (for the words and
the bounds) and compiled once into closures (for the scores).

Hostile text stays cheap: at most 300 characters, parentheses at most ``MAX_DEPTH``
deep, number literals at most 1,000,000, exponents a literal 0..4, and every formula
is refused before it is used when some step of its calculation could grow beyond
``MAX_STEP`` (a bound worked out from the tree, not by evaluating it).
"""

from collections.abc import Callable, Iterable
from typing import NamedTuple

from ohhell_score.domain.errors import BadValue
from ohhell_score.i18n import N_, _, ngettext

MAX_LENGTH = 300
MAX_DEPTH = 24
#: A score, and a number typed in a formula, lie in -LIMIT..LIMIT.
LIMIT = 1_000_000
MAX_EXPONENT = 4
#: No step of a calculation may grow beyond this (b, t, d and n are at most MAX_VALUE).
MAX_STEP = 10**24
MAX_VALUE = 104
#: The clause keys, in canonical order; the score of a hand comes from the first that
#: applies of zero / zero-missed, made, over / under, missed.
KEYS = ("made", "missed", "over", "under", "zero", "zero-missed")
VARIABLES = {
    "b": N_("the bid"),
    "t": N_("the tricks taken"),
    "d": N_("the difference"),
    "n": N_("the cards dealt"),
}
FUNCTIONS = ("min", "max")


class FormulaError(BadValue):
    """A formula that does not parse, or fails its check: a malformed value (exit 2)."""


# --- the tree --------------------------------------------------------------------------


class Num(NamedTuple):
    value: int


class Var(NamedTuple):
    name: str  # b, t, d or n


class Neg(NamedTuple):
    operand: "Node"


class Op(NamedTuple):
    symbol: str  # + - * / ^ min max
    left: "Node"
    right: "Node"


Node = Num | Var | Neg | Op
#: A compiled expression: the value for bid, tricks, difference and cards.
Compiled = Callable[[int, int, int, int], int]


class Clause(NamedTuple):
    key: str
    text: str  # the expression as typed, spaces removed
    tree: Node


class Formula(NamedTuple):
    """A parsed formula: its clauses in canonical order."""

    clauses: tuple[Clause, ...]

    @property
    def text(self) -> str:
        """The canonical text (rules.md): ``made: 10+b; missed: -b``."""
        return "; ".join(f"{c.key}: {c.text}" for c in self.clauses)

    def words(self) -> str:
        """What the formula scores, in words: ``bid made, 10 + the bid; bid missed, minus
        the bid``."""
        said = "; ".join(_(_KEY_WORDS[c.key]) + ", " + _clause_words(c.tree) for c in self.clauses)
        return said + (_(" (÷ rounds down)") if "/" in self.text else "")

    def scorer(self) -> Callable[[int, int, int], int]:
        """score(bid, tricks, cards) under this formula, compiled once."""
        return _scorer(self)


_KEY_WORDS = {
    "made": N_("bid made"),
    "missed": N_("bid missed"),
    "over": N_("more tricks than bid"),
    "under": N_("fewer tricks than bid"),
    "zero": N_("bid 0 made"),
    "zero-missed": N_("bid 0 missed"),
}


# --- reading -----------------------------------------------------------------------------


class _Reader:
    """The text without its spaces, and where each of its characters was typed."""

    def __init__(self, typed: str) -> None:
        kept = [(i, ch) for i, ch in enumerate(typed) if not ch.isspace()]
        self.text = "".join(ch for _, ch in kept).lower()
        self.columns = [i + 1 for i, _ in kept] + [len(typed) + 1]
        self.pos = 0
        self.depth = 0

    def fail(self, problem: str, pos: int | None = None) -> FormulaError:
        where = self.columns[self.pos if pos is None else pos]
        return FormulaError(
            _("scoring formula: {problem} at column {column}").format(problem=problem, column=where)
        )

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def take(self, expected: str) -> None:
        if not self.text.startswith(expected, self.pos):
            found = repr(self.peek()) if self.peek() else _("the end")
            raise self.fail(
                _("expected {expected!r}, found {found}").format(expected=expected, found=found)
            )
        self.pos += len(expected)

    def word(self, *, dashes: bool = False) -> str:
        """Letters (and ``-`` with ``dashes``: a clause key such as ``zero-missed``)."""
        start = self.pos
        while self.peek().isascii() and (self.peek().isalpha() or (dashes and self.peek() == "-")):
            self.pos += 1
        return self.text[start : self.pos]

    def number(self) -> int:
        start = self.pos
        while self.peek().isascii() and self.peek().isdigit():
            self.pos += 1
        digits = self.text[start : self.pos]
        # The length first: int() of thousands of digits is slow, or refused by Python.
        if len(digits) > len(str(LIMIT)) or int(digits) > LIMIT:
            raise self.fail(_("a number larger than {limit:,}").format(limit=LIMIT), start)
        return int(digits)


def parse_formula(typed: str) -> Formula:
    """The formula ``typed``; ``FormulaError`` names the problem and its column.

    At most ``MAX_LENGTH`` characters as typed (rules.md). The canonical text the
    program writes adds a space after each ``:`` and ``;``, so a formula of 298
    characters typed may be kept as 301: its own canonical text is read back up to
    ``MAX_CANONICAL``, any other text of over ``MAX_LENGTH`` is refused."""
    if len(typed) <= MAX_LENGTH:
        return _parse(typed)
    if len(typed) > MAX_CANONICAL:  # the cheap check first: nothing is parsed
        raise _too_long(typed)
    try:
        formula = _parse(typed)
    except FormulaError:
        raise _too_long(typed) from None
    if formula.text != typed:
        raise _too_long(typed)
    return formula


#: The longest canonical text of a formula of ``MAX_LENGTH`` characters typed without
#: spaces: each clause's ``:`` and each ``;`` between clauses gains a space.
MAX_CANONICAL = MAX_LENGTH + 2 * len(KEYS) - 1


def _too_long(typed: str) -> FormulaError:
    return FormulaError(
        _("scoring formula: {typed} characters; at most {max_length} are taken").format(
            typed=len(typed), max_length=MAX_LENGTH
        )
    )


def _parse(typed: str) -> Formula:
    reader = _Reader(typed)
    clauses: dict[str, Clause] = {}
    while reader.pos < len(reader.text):
        start = reader.pos
        clause = _clause(reader)
        if clause.key in clauses:
            raise reader.fail(_("{key!r} is given twice").format(key=clause.key), start)
        clauses[clause.key] = clause
        if reader.peek():
            reader.take(";")
    if "made" not in clauses:
        raise reader.fail(_("a 'made' clause is required"), 0)
    if "missed" not in clauses and not {"over", "under"} <= clauses.keys():
        raise reader.fail(_("a 'missed' clause is required (or both 'over' and 'under')"), 0)
    formula = Formula(tuple(clauses[k] for k in KEYS if k in clauses))
    for clause in formula.clauses:
        if _bound(clause.tree) > MAX_STEP:
            raise FormulaError(
                _("scoring formula: {key}: {text} can grow beyond any score").format(
                    key=clause.key, text=clause.text
                )
            )
    return formula


def _clause(reader: _Reader) -> Clause:
    start = reader.pos
    key = reader.word(dashes=True)
    if key not in KEYS:
        raise reader.fail(
            _("{key!r} is not a clause: use {keys}").format(key=key, keys=", ".join(KEYS))
            if key
            else _("expected a clause"),
            start,
        )
    reader.take(":")
    begin = reader.pos
    tree = _sum(reader)
    if reader.peek() not in ("", ";"):
        raise reader.fail(_("unexpected {peek!r}").format(peek=reader.peek()))
    return Clause(key, reader.text[begin : reader.pos], tree)


def _sum(reader: _Reader) -> Node:
    return _left_to_right(reader, ("+", "-"), _product)


def _product(reader: _Reader) -> Node:
    return _left_to_right(reader, ("*", "/"), _unary)


def _left_to_right(
    reader: _Reader, symbols: tuple[str, str], operand: Callable[[_Reader], Node]
) -> Node:
    """Operands joined by ``symbols``, which bind left to right: ``a-b-c`` is ``(a-b)-c``."""
    node = operand(reader)
    while reader.peek() in symbols:
        symbol = reader.peek()
        reader.pos += 1
        node = Op(symbol, node, operand(reader))
    return node


def _unary(reader: _Reader) -> Node:
    """Unary minus binds looser than ``^``: ``-d^2`` is ``-(d^2)`` (rules.md)."""
    if reader.peek() == "-":
        reader.pos += 1
        with _Deeper(reader):
            return Neg(_unary(reader))
    return _power(reader)


def _power(reader: _Reader) -> Node:
    node = _atom(reader)
    if reader.peek() != "^":
        return node
    reader.pos += 1
    start = reader.pos
    if not (reader.peek().isascii() and reader.peek().isdigit()):
        raise reader.fail(
            _("the exponent of ^ must be a whole number 0 to {max_exponent}").format(
                max_exponent=MAX_EXPONENT
            )
        )
    exponent = reader.number()
    if exponent > MAX_EXPONENT:
        raise reader.fail(
            _("the exponent {exponent} is not 0 to {max_exponent}").format(
                exponent=exponent, max_exponent=MAX_EXPONENT
            ),
            start,
        )
    if reader.peek() == "^":
        raise reader.fail(
            _("the exponent of ^ must be a whole number 0 to {max_exponent}").format(
                max_exponent=MAX_EXPONENT
            )
        )
    return Op("^", node, Num(exponent))


def _atom(reader: _Reader) -> Node:
    ch = reader.peek()
    if ch.isascii() and ch.isdigit():
        return Num(reader.number())
    if ch == "(":
        reader.pos += 1
        with _Deeper(reader):
            node = _sum(reader)
        reader.take(")")
        return node
    start = reader.pos
    name = reader.word()
    if name in VARIABLES:
        return Var(name)
    if name in FUNCTIONS:
        reader.take("(")
        with _Deeper(reader):
            left = _sum(reader)
            reader.take(",")
            right = _sum(reader)
        reader.take(")")
        return Op(name, left, right)
    if name:
        raise reader.fail(_("{name!r} is not b, t, d, n, min or max").format(name=name), start)
    raise reader.fail(
        _("unexpected {peek!r}").format(peek=ch) if ch else _("a number or b, t, d, n expected")
    )


class _Deeper:
    """Counts nesting, so that deep parentheses are refused rather than recursed into."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader

    def __enter__(self) -> None:
        self.reader.depth += 1
        if self.reader.depth > MAX_DEPTH:
            raise self.reader.fail(
                _("nested more than {max_depth} deep").format(max_depth=MAX_DEPTH)
            )

    def __exit__(self, *exc: object) -> None:
        self.reader.depth -= 1


def _bound(node: Node) -> int:
    """The largest magnitude ``node`` or any step in it can reach; capped just above
    ``MAX_STEP`` so that working it out stays cheap."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Var):
        return MAX_VALUE
    if isinstance(node, Neg):
        return _bound(node.operand)
    left, right = _bound(node.left), _bound(node.right)
    if node.symbol in ("+", "-"):
        out = left + right
    elif node.symbol == "*":
        out = left * right
    elif node.symbol == "^":
        out = left**right
    else:  # / (|x / y| <= |x| when y is not 0), min, max
        out = max(left, right)
    return min(max(out, left, right), MAX_STEP + 1)


# --- scoring --------------------------------------------------------------------------------


class NotScorable(BadValue):
    """A formula that divides by zero or leaves the score range on some hand."""


def _divide(x: int, y: int) -> int:
    if y == 0:
        raise NotScorable(_("divides by zero"))
    return x // y  # rules.md: "/ divides and rounds down": -7/2 is -4


def _compile(node: Node) -> Compiled:
    if isinstance(node, Num):
        value = node.value
        return lambda b, t, d, n: value
    if isinstance(node, Var):
        return _VARIABLE_READERS[node.name]
    if isinstance(node, Neg):
        inner = _compile(node.operand)
        return lambda b, t, d, n: -inner(b, t, d, n)
    left, right = _compile(node.left), _compile(node.right)
    join = _JOINS[node.symbol]
    return lambda b, t, d, n: join(left(b, t, d, n), right(b, t, d, n))


_VARIABLE_READERS: dict[str, Compiled] = {
    "b": lambda b, t, d, n: b,
    "t": lambda b, t, d, n: t,
    "d": lambda b, t, d, n: d,
    "n": lambda b, t, d, n: n,
}
_JOINS: dict[str, Callable[[int, int], int]] = {
    "+": int.__add__,
    "-": int.__sub__,
    "*": int.__mul__,
    "/": _divide,
    "^": int.__pow__,
    "min": min,
    "max": max,
}


def _scorer(formula: Formula) -> Callable[[int, int, int], int]:
    compiled = {c.key: _compile(c.tree) for c in formula.clauses}
    zero, zero_missed = compiled.get("zero"), compiled.get("zero-missed")
    made, missed = compiled["made"], compiled.get("missed")
    over, under = compiled.get("over"), compiled.get("under")

    def clause(bid: int, tricks: int) -> Compiled:
        """rules.md: zero / zero-missed, then made, then over / under, then missed."""
        if bid == 0 and tricks == 0 and zero is not None:
            return zero
        if bid == 0 and tricks > 0 and zero_missed is not None:
            return zero_missed
        if bid == tricks:
            return made
        side = over if tricks > bid else under
        chosen = side if side is not None else missed
        assert chosen is not None  # parse_formula: missed, or both over and under
        return chosen

    def score(bid: int, tricks: int, cards: int) -> int:
        value = clause(bid, tricks)(bid, tricks, abs(tricks - bid), cards)
        if not -LIMIT <= value <= LIMIT:
            raise NotScorable(
                _("scores {value:,}, outside -{limit:,}..{limit:,}").format(
                    value=value, limit=LIMIT
                )
            )
        return value

    return score


def check_hands(formula: Formula, hands: Iterable[int]) -> None:
    """rules.md: every b, t in 0..n of every hand scores without dividing by zero and
    within the range; else ``FormulaError`` naming the hand, b and t.

    The bounds first: when every clause's value over all the game's hands provably
    stays in the range and divides by no range that holds 0 (``_proved``: one walk of
    the tree), nothing is worked out. Else each hand, bid and tricks is scored."""
    hands = tuple(hands)
    if not hands or _proved(formula, min(hands), max(hands)):
        return
    score = formula.scorer()
    seen: set[int] = set()
    for number, cards in enumerate(hands, start=1):
        if cards in seen:  # a score depends on b, t and n only
            continue
        seen.add(cards)
        for bid in range(cards + 1):
            for tricks in range(cards + 1):
                try:
                    score(bid, tricks, cards)
                except NotScorable as err:
                    raise FormulaError(
                        not_scorable(formula.text, err, number, cards, bid, tricks)
                    ) from None


def not_scorable(
    text: str, err: NotScorable, number: int, cards: int, bid: int, tricks: int
) -> str:
    """What a formula that cannot score a hand is told with: the hand, b and t."""
    return ngettext(
        "scoring formula {text!r} {err} in hand {number} ({cards} card) "
        "at bid {bid}, {tricks} taken",
        "scoring formula {text!r} {err} in hand {number} ({cards} cards) "
        "at bid {bid}, {tricks} taken",
        cards,
    ).format(text=text, err=err, number=number, cards=cards, bid=bid, tricks=tricks)


# --- bounds: a formula proved to score every hand without working it out ----------------

Interval = tuple[int, int]


def _proved(formula: Formula, smallest: int, largest: int) -> bool:
    """Whether every clause, over every b, t of hands of ``smallest`` to ``largest``
    cards where it applies, stays in -LIMIT..LIMIT and never divides by zero, judged
    by interval bounds (each clause's b, t and d over a box holding its cases). A
    formula this cannot prove may still be fine: it is then worked out hand by hand."""
    keys = {c.key for c in formula.clauses}
    every = (0, largest)
    boxes = {
        "zero": {"b": (0, 0), "t": (0, 0), "d": (0, 0)},
        "zero-missed": {"b": (0, 0), "t": (1, largest), "d": (1, largest)},
        "made": {"b": every, "t": every, "d": (0, 0)},
        "over": {"b": every, "t": every, "d": (1, largest)},
    }
    boxes["under"] = boxes["missed"] = boxes["over"]
    for clause in formula.clauses:
        if clause.key == "missed" and {"over", "under"} <= keys:
            continue  # never applies: over and under take every missed bid
        box = {**boxes[clause.key], "n": (smallest, largest)}
        bounds = _interval(clause.tree, box)
        if bounds is None or bounds[0] < -LIMIT or bounds[1] > LIMIT:
            return False
    return True


def _interval(node: Node, box: dict[str, Interval]) -> Interval | None:
    """The least and the most ``node`` can be when each letter lies in its interval of
    ``box``; ``None`` when it may divide by zero."""
    if isinstance(node, Num):
        return node.value, node.value
    if isinstance(node, Var):
        return box[node.name]
    if isinstance(node, Neg):
        inner = _interval(node.operand, box)
        return None if inner is None else (-inner[1], -inner[0])
    left = _interval(node.left, box)
    right = _interval(node.right, box)
    if left is None or right is None:
        return None
    (a, b), (c, d) = left, right
    match node.symbol:
        case "+":
            return a + c, b + d
        case "-":
            return a - d, b - c
        case "min":
            return min(a, c), min(b, d)
        case "max":
            return max(a, c), max(b, d)
        case "^":
            return _power_interval(a, b, c)  # the exponent is a number: c == d
        case "/":
            if c <= 0 <= d:
                return None
            # y keeps its sign, so x / y is monotonic in each: its extremes are corners,
            # and rounding down keeps them there.
            corners = (a // c, a // d, b // c, b // d)
        case _:  # *
            corners = (a * c, a * d, b * c, b * d)
    return min(corners), max(corners)


def _power_interval(low: int, high: int, exponent: int) -> Interval:
    ends = (low**exponent, high**exponent)
    if exponent % 2 == 0 and low < 0 < high:
        return (0 if exponent else 1), max(ends)
    return min(ends), max(ends)


# --- words ---------------------------------------------------------------------------------

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 4}


def _clause_words(tree: Node) -> str:
    """A clause's expression in words. Only a whole clause of 0 scores "nothing": inside
    one, 0 is a number ("the larger of 0 and the difference")."""
    return _("nothing") if isinstance(tree, Num) and tree.value == 0 else _words(tree, 0)


def _words(node: Node, outer: int) -> str:
    """``node`` in words, bracketed where a binding tighter than ``outer`` needs it."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Var):
        return _(VARIABLES[node.name])
    if isinstance(node, Neg):
        return _bracket(_("minus {x}").format(x=_words(node.operand, 3)), 3, outer)
    if node.symbol in FUNCTIONS:
        if node.symbol == "min":
            text = _("the smaller of {x} and {y}")
        else:
            text = _("the larger of {x} and {y}")
        return text.format(x=_words(node.left, 0), y=_words(node.right, 0))
    if node.symbol == "^":
        exponent = node.right.value if isinstance(node.right, Num) else 4
        return _bracket(_power_words(exponent).format(x=_words(node.left, 4)), 4, outer)
    mine = _PRECEDENCE[node.symbol]
    sign = {"+": "+", "-": "-", "*": "×", "/": "÷"}[node.symbol]
    right = _words(node.right, mine + 1)  # a - (b - c): the right side keeps its brackets
    return _bracket(f"{_words(node.left, mine)} {sign} {right}", mine, outer)


def _power_words(exponent: int) -> str:
    if exponent == 2:
        return _("{x} squared")
    if exponent == 3:
        return _("{x} cubed")
    return _("{x} to the power {exponent}").replace("{exponent}", str(exponent))


def _bracket(text: str, mine: int, outer: int) -> str:
    return f"({text})" if mine < outer else text
