"""Scoring formulas (docs/rules.md, "Scoring" and "Formulas"): the worked examples
through the domain and the command line, the canonical text, every refusal, hostile
text, and the evaluator held against a reference written here on random formulas."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell_score.domain import rules
from ohhell_score.domain.errors import BadValue
from ohhell_score.domain.formula import FormulaError, check_hands, parse_formula
from ohhell_score.domain.rules import PRESETS, SCHEMES, Scoring, parse_hands, scheme
from tests.conftest import Ohhell


def score(text: str, bid: int, took: int, cards: int = 7) -> int:
    return Scoring.parse(text).score(bid, took, cards)


# --- worked examples -------------------------------------------------------------------

WORKED = [
    # docs/rules.md "Formulas", worked examples
    ("progressive", 3, 3, 7, 19),
    ("progressive", 3, 1, 7, -4),
    ("progressive", 0, 2, 7, -4),
    ("penalty", 3, 2, 7, -3),
    ("penalty", 0, 1, 7, 0),
    ("made: 10 * b; missed: 0; zero: 5; zero-missed: -5", 4, 4, 7, 40),
    ("made: 10 * b; missed: 0; zero: 5; zero-missed: -5", 0, 0, 7, 5),
    ("made: 10 * b; missed: 0; zero: 5; zero-missed: -5", 0, 2, 7, -5),
    ("made: 10 * b; missed: 0; zero: 5; zero-missed: -5", 2, 1, 7, 0),
    ("made: b; missed: 0; zero: n / 2", 0, 0, 7, 3),
    ("made: 10 + t; missed: t - d * (d + 1) / 2", 1, 4, 7, -2),
    # docs/rules.md "Formulas": boerenbridge's formula
    ("made: 5 + t; missed: -d", 2, 2, 7, 7),
    ("made: 5 + t; missed: -d", 2, 5, 7, -3),
]


@pytest.mark.parametrize(("text", "bid", "took", "cards", "points"), WORKED)
def test_worked_examples_in_the_domain(
    text: str, bid: int, took: int, cards: int, points: int
) -> None:
    """docs/rules.md "Formulas", worked examples: each scores as the page says."""
    assert score(text, bid, took, cards) == points


@pytest.mark.parametrize(("text", "bid", "took", "cards", "points"), WORKED)
@pytest.mark.usefixtures("both_paths")
def test_worked_examples_through_the_command_line(
    ohhell: Ohhell, text: str, bid: int, took: int, cards: int, points: int
) -> None:
    """docs/rules.md "Formulas", worked examples: Ann's score in a played hand of
    ``cards`` cards, with the others' tricks making up the rest."""
    ohhell.ok(
        "new", "Ann", "Bob", "Cat", "-g", "t", "--hands", str(cards), "--hook", "never",
        "--trump", "none", "--dealer", "Cat", "--scoring", text,
    )  # fmt: skip
    ohhell.ok("bid", "-g", "t", f"Ann={bid}", "Bob=0", "Cat=0")
    ohhell.ok("tricks", "-g", "t", f"Ann={took}", f"Bob={cards - took}", "Cat=0")
    assert ohhell.sheet("-g", "t")["hands"][0]["scores"]["Ann"] == points


# --- the named schemes and the canonical text --------------------------------------------


@pytest.mark.parametrize("name", list(SCHEMES))
def test_each_scheme_is_a_name_for_its_formula(name: str) -> None:
    """docs/rules.md "Scoring": a name is a shorthand for its formula; the table's formula
    text is canonical, so it reads back the same."""
    text = SCHEMES[name][0]
    assert parse_formula(text).text == text
    formula = Scoring.parse(text)
    for bid in range(6):
        for took in range(6):
            assert scheme(name).score(bid, took, 5) == formula.score(bid, took, 5)


def test_a_preset_formula_is_written_in_canonical_text() -> None:
    """A preset's formula is not parsed at start-up, so its text must be canonical."""
    for p in PRESETS.values():
        if not p.rules.scoring.name:
            assert parse_formula(p.rules.scoring.text).text == p.rules.scoring.text


def test_canonical_text_orders_clauses_and_drops_spaces() -> None:
    """docs/rules.md "Formulas": made, missed, over, under, zero, zero-missed, spaces gone."""
    typed = "Zero: 5 ;under : -( 10 + d );over: -(10 + d); made: 10 + t"
    assert parse_formula(typed).text == ("made: 10+t; over: -(10+d); under: -(10+d); zero: 5")


def test_the_first_clause_that_applies_scores() -> None:
    """docs/rules.md "Formulas": zero / zero-missed, then made, then over / under, then missed."""
    text = "made: 1; missed: 2; over: 3; zero: 4"
    assert [score(text, b, t) for b, t in [(0, 0), (0, 1), (2, 2), (2, 3), (2, 1)]] == [
        4, 3, 1, 3, 2,
    ]  # fmt: skip


# Scoring keeps each formula's parsed text and compiled scorer for the run, and the tests
# before have filled both: the tests below compile their formulas afresh
# (parse_formula(...).scorer()), or start from empty keeps as a new run of `ohhell` does.


@pytest.mark.parametrize(("text", "bid", "took", "cards", "points"), WORKED)
def test_worked_examples_by_a_freshly_compiled_formula(
    text: str, bid: int, took: int, cards: int, points: int
) -> None:
    """docs/rules.md "Formulas", worked examples, the formula compiled here."""
    assert parse_formula(Scoring.parse(text).text).scorer()(bid, took, cards) == points


@pytest.mark.parametrize(
    ("text", "hands"),
    [
        # docs/rules.md "Formulas", "Clauses": each key where its row of the table applies
        ("made: 1; missed: 2; over: 3; under: 4; zero: 5; zero-missed: 6",
         {(0, 0): 5, (0, 2): 6, (2, 2): 1, (2, 3): 3, (2, 0): 4, (3, 1): 4}),
        # no zero: bid 0 took 0 is made; zero-missed from one trick taken
        ("made: 1; missed: 2; zero-missed: 6", {(0, 0): 1, (0, 1): 6, (1, 0): 2, (1, 2): 2}),
        # over or under alone: the other side is missed
        ("made: 1; missed: 2; over: 3", {(1, 3): 3, (3, 1): 2}),
        ("made: 1; missed: 2; under: 4", {(1, 3): 2, (3, 1): 4}),
        # a minus in front of a letter: t, b and d as the hand has them
        ("made: -t; missed: -(b*10 + t) - d", {(2, 2): -2, (1, 3): -15, (3, 1): -33}),
    ],
)  # fmt: skip
def test_each_clause_scores_the_hands_its_key_names(
    text: str, hands: dict[tuple[int, int], int]
) -> None:
    """docs/rules.md "Formulas", "Clauses": the first key given that applies scores."""
    score_of = parse_formula(text).scorer()
    assert {hand: score_of(*hand, 5) for hand in hands} == hands


def test_a_score_of_a_million_either_way_is_taken() -> None:
    """docs/rules.md "Formulas": a score outside -1,000,000..1,000,000 is refused; both
    ends are inside."""
    formula = parse_formula("made: 1000000; missed: -1000000")
    check_hands(formula, (3, 2, 1))
    assert [formula.scorer()(1, took, 3) for took in (1, 2)] == [1_000_000, -1_000_000]


@pytest.mark.parametrize("letter", ["b", "t"])
def test_bids_and_tricks_are_checked_up_to_the_cards_dealt(ohhell: Ohhell, letter: str) -> None:
    """docs/rules.md "Formulas": checked for every bid and tricks from 0 to n, and no
    further: this formula divides by zero only at n + 1."""
    text = f"made: 1; missed: 1 / (n + 1 - {letter})"
    check_hands(parse_formula(text), (3, 2, 1))
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "x", "--hands", "3-1", "--scoring", text)


@pytest.fixture
def new_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new run of `ohhell` starts: no formula parsed or compiled yet."""
    monkeypatch.setattr(rules, "_FORMULAS", {})
    monkeypatch.setattr(rules, "_SCORERS", {})


@pytest.mark.usefixtures("new_run")
def test_a_formula_met_first_in_a_run_is_said_scored_and_checked() -> None:
    """docs/rules.md "Formulas", "In words": a formula game read by a new run."""
    scoring = Scoring.parse("made: 10 + b; missed: -b")
    assert scoring.sheet_note == "bid made, 10 + the bid; bid missed, minus the bid"
    assert scoring.description == (
        "by the formula 'made: 10+b; missed: -b': bid made, 10 + the bid; bid missed, minus the bid"
    )
    assert [scoring.score(2, took, 5) for took in (2, 1)] == [12, -2]
    scoring.check((5, 4))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("made: 10 + b; missed: -b", "bid made, 10 + the bid; bid missed, minus the bid"),
        ("made: 10+b^2; missed: -d^2",
         "bid made, 10 + the bid squared; bid missed, minus the difference squared"),
        # a clause of 0 scores nothing; a 0 inside a clause is a number
        ("made: 10; missed: 0", "bid made, 10; bid missed, nothing"),
        ("made: 1; missed: 0 * b", "bid made, 1; bid missed, 0 × the bid"),
        ("made: min(b, t); missed: max(0, d)",
         "bid made, the smaller of the bid and the tricks taken; "
         "bid missed, the larger of 0 and the difference"),
        ("made: max(b + 1, 0); missed: min(d * 2, -d)",
         "bid made, the larger of the bid + 1 and 0; "
         "bid missed, the smaller of the difference × 2 and minus the difference"),
        ("made: b^3; missed: -d^4",
         "bid made, the bid cubed; bid missed, minus the difference to the power 4"),
        ("made: b^0; missed: b^1",
         "bid made, the bid to the power 0; bid missed, the bid to the power 1"),
        # brackets where the words would read otherwise, and only there
        ("made: --b; missed: (-b)^2",
         "bid made, minus minus the bid; bid missed, (minus the bid) squared"),
        ("made: (b + 1)^2; missed: (b^2)^2",
         "bid made, (the bid + 1) squared; bid missed, the bid squared squared"),
        ("made: (b + 1) * 2; missed: b + t + 1",
         "bid made, (the bid + 1) × 2; bid missed, the bid + the tricks taken + 1"),
        ("made: b - (t - 1); missed: b - t * 2",
         "bid made, the bid - (the tricks taken - 1); bid missed, the bid - the tricks taken × 2"),
        ("made: b * t - d; missed: n / 2",
         "bid made, the bid × the tricks taken - the difference; "
         "bid missed, the cards dealt ÷ 2 (÷ rounds down)"),
    ],
)  # fmt: skip
def test_a_formula_is_said_in_words(text: str, said: str) -> None:
    """docs/rules.md "Formulas", "In words": the views say in words what a formula scores."""
    assert Scoring.parse(text).sheet_note == said


def test_show_json_gives_the_canonical_text(ohhell: Ohhell) -> None:
    """docs/scripting.md: rules.scoring is the scheme's name, or the formula's canonical text."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "f", "--scoring", "missed:-b ; made : 10 + b")
    assert ohhell.sheet("-g", "f")["rules"]["scoring"] == "made: 10+b; missed: -b"
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "p", "--scoring", "Penalty")
    assert ohhell.sheet("-g", "p")["rules"]["scoring"] == "penalty"


def test_a_formula_works_where_a_scheme_name_does(ohhell: Ohhell) -> None:
    """docs/rules.md "Formulas": show --scoring, house rules and the printed sheet take one."""
    formula = "made: 10 + b; missed: -b"
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g", "--hands", "2", "--trump", "none")
    ohhell.ok("bid", "-g", "g", "1", "0", "0")
    ohhell.ok("tricks", "-g", "g", "0", "1", "1")
    rescored = ohhell.ok("show", "-g", "g", "--scoring", formula)
    assert "minus the bid" in rescored.splitlines()[0]
    as_json = ohhell.sheet("-g", "g", "--scoring", formula)
    assert as_json["totals"] == {"Ann": 0, "Bob": -1, "Cat": 0}  # Bob bid 1, took 0
    assert "Saved house rule" in ohhell.ok("rules", "save", "neg", "--scoring", formula)
    assert "bid missed, minus the bid" in ohhell.ok("rules", "neg")
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "h", "--rules", "neg")
    assert ohhell.sheet("-g", "h")["rules"]["scoring"] == "made: 10+b; missed: -b"
    html = ohhell.ok("export", "-g", "h", "--format", "html")
    assert "minus the bid" in html


# --- refusals ----------------------------------------------------------------------------

BAD = [
    ("made: 10 +; missed: 0", "unexpected ';' at column 11"),
    ("made: 10 b; missed: 0", "unexpected 'b' at column 10"),
    ("made: 1; made: 2; missed: 0", "'made' is given twice at column 10"),
    ("missed: 1", "a 'made' clause is required at column 1"),
    ("made: 1", "a 'missed' clause is required (or both 'over' and 'under') at column 1"),
    ("made: 1; over: 2", "a 'missed' clause is required (or both 'over' and 'under') at column 1"),
    ("made: b^5; missed: 0", "the exponent 5 is not 0 to 4 at column 9"),
    ("made: b^b; missed: 0", "the exponent of ^ must be a whole number 0 to 4 at column 9"),
    ("made: 9^9^9; missed: 0", "the exponent 9 is not 0 to 4 at column 9"),
    ("made: 2^2^2; missed: 0", "the exponent of ^ must be a whole number 0 to 4 at column 10"),
    ("made: x; missed: 0", "'x' is not b, t, d, n, min or max at column 7"),
    ("made: __import__('os'); missed: 0", "unexpected '_' at column 7"),
    (
        "bonus: 1; made: 1; missed: 0",
        "'bonus' is not a clause: use made, missed, over, under, zero, zero-missed at column 1",
    ),
    ("made: min(b); missed: 0", "expected ',', found ')' at column 12"),
    ("made: 10 + b; missed: 1000001", "a number larger than 1,000,000 at column 23"),
    ("made: " + "9" * 10_000 + "; missed: 0", "10017 characters; at most 300 are taken"),
    ("made: " + "(" * 40 + "1" + ")" * 40 + "; missed: 0", "nested more than 24 deep at column 32"),
    ("made: " + "-" * 60 + "b; missed: 0", "nested more than 24 deep at column 32"),
    ("made: ((((b^4)^4)^4)^4); missed: 0", "made: ((((b^4)^4)^4)^4) can grow beyond any score"),
    ("made: 1; missed: 2 *", "a number or b, t, d, n expected at column 21"),
    ("made: min(b, 1", "expected ')', found the end at column 15"),
    ("made: 1;; missed: 0", "expected a clause at column 9"),
    ("made: 1; missed: 0" + " " * 283, "301 characters; at most 300 are taken"),
]


@pytest.mark.parametrize(("text", "said"), BAD)
def test_a_bad_formula_is_refused_naming_the_problem(text: str, said: str) -> None:
    """docs/rules.md "Formulas": one line naming the problem and its column. (How fast a
    long or deep text is refused is measured in benchmarks/, never timed here.)"""
    with pytest.raises(FormulaError, match=None) as refused:
        parse_formula(text)
    assert str(refused.value) == f"scoring formula: {said}"


@pytest.mark.parametrize(("text", "said"), BAD)
def test_a_bad_formula_exits_2_and_makes_no_game(ohhell: Ohhell, text: str, said: str) -> None:
    """docs/scripting.md `new`: a formula that does not parse exits 2 with the reason."""
    err = ohhell.refused("new", "Ann", "Bob", "Cat", "-g", "x", "--scoring", text, code=2)
    assert err.endswith(f"Error: Invalid value: scoring formula: {said}\n")
    assert ohhell("show", "-g", "x").exit_code == 1  # no game was made


def test_a_formula_of_300_characters_is_taken() -> None:
    """docs/rules.md "Formulas": at most 300 characters (BAD has the 301st)."""
    typed = "made: 1; missed: 0" + " " * 282
    assert (len(typed), parse_formula(typed).text) == (300, "made: 1; missed: 0")


@pytest.mark.parametrize(
    "made",
    [
        "2*1000000^4",
        "1000000^4+1000000^4",
        "-(1000000^4)-1000000^4",
        "(2*1000000^4)*0",
        "(2*1000000^4)^0",
        "0*(2*1000000^4)",
    ],
)
def test_a_formula_with_a_step_beyond_10_to_the_24_is_refused(made: str) -> None:
    """docs/rules.md "Formulas": no step of the calculation may pass 10^24, even one
    whose result is then made small again; 10^24 itself is taken."""
    parse_formula("made: 1000000^4; missed: -(1000000^4)")
    with pytest.raises(FormulaError, match=None) as refused:
        parse_formula(f"made: {made}; missed: 0")
    assert str(refused.value) == f"scoring formula: made: {made} can grow beyond any score"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("made: 10 b; missed: 0", "scoring formula: unexpected 'b' at column 10"),
        ("missed: 1", "scoring formula: a 'made' clause is required at column 1"),
    ],
)
def test_a_bad_formula_is_one_whole_line(ohhell: Ohhell, text: str, said: str) -> None:
    """docs/rules.md "Formulas": the line says it is the scoring formula, the problem and
    the column, and nothing else."""
    with pytest.raises(FormulaError, match=None) as refused:
        parse_formula(text)
    assert str(refused.value) == said
    assert ohhell.invalid_value("new", "Ann", "Bob", "Cat", "-g", "x", "--scoring", text) == said


@pytest.mark.parametrize(
    ("text", "hands", "said"),
    [
        ("made: 10 / (b - 1); missed: 0", "3",
         "'made: 10/(b-1); missed: 0' divides by zero in hand 1 (3 cards) at bid 1, 1 taken"),
        ("made: 10; missed: 1 / (n - 5)", "7-4",
         "'made: 10; missed: 1/(n-5)' divides by zero in hand 3 (5 cards) at bid 0, 1 taken"),
        # a hand as large as one before is not worked out again, but the hands after it are
        ("made: 10; missed: 1 / (n - 5)", "7,7,5",
         "'made: 10; missed: 1/(n-5)' divides by zero in hand 3 (5 cards) at bid 0, 1 taken"),
        ("made: 1000000 * b; missed: 0", "3",
         "'made: 1000000*b; missed: 0' scores 2,000,000, outside -1,000,000..1,000,000 "
         "in hand 1 (3 cards) at bid 2, 2 taken"),
        ("made: 0; missed: -1000000 * d^2", "4",
         "'made: 0; missed: -1000000*d^2' scores -4,000,000, outside -1,000,000..1,000,000 "
         "in hand 1 (4 cards) at bid 0, 2 taken"),
        ("made: 10 / (n - 1); missed: 0", "1",
         "'made: 10/(n-1); missed: 0' divides by zero in hand 1 (1 card) at bid 0, 0 taken"),
    ],
)  # fmt: skip
def test_a_formula_that_fails_on_some_hand_is_refused(
    ohhell: Ohhell, text: str, hands: str, said: str
) -> None:
    """docs/rules.md "Formulas": checked on every hand and every b, t in 0..n, naming
    the hand, b and t; exit 2 and nothing is created."""
    with pytest.raises(FormulaError) as refused:
        check_hands(parse_formula(text), parse_hands(hands))
    assert str(refused.value) == f"scoring formula {said}"
    err = ohhell.refused("new", "Ann", "Bob", "Cat", "-g", "x", "--hands", hands,
                         "--scoring", text, code=2)  # fmt: skip
    assert err.endswith(f"Error: Invalid value: scoring formula {said}\n")
    assert ohhell("show", "-g", "x").exit_code == 1


def test_rescoring_under_a_failing_formula_is_refused(ohhell: Ohhell) -> None:
    """docs/rules.md "Formulas": show --scoring checks the formula on the game's hands."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g", "--hands", "3")
    err = ohhell.refused("show", "-g", "g", "--scoring", "made: 1/(b-1); missed: 0", code=2)
    assert "divides by zero" in err


def test_an_unknown_scheme_name_lists_the_choices(ohhell: Ohhell) -> None:
    """docs/rules.md "Scoring" and "Formulas": the six names, and a formula to copy."""
    said = (
        "'bonus' is not a scoring scheme: use standard, exact, minus, progressive, penalty, "
        "tenfold or a formula such as 'made: 10+b; missed: -b'"
    )
    with pytest.raises(BadValue, match=None) as refused:
        Scoring.parse("bonus")
    assert str(refused.value) == said
    assert ohhell.invalid_value("new", "Ann", "Bob", "Cat", "-g", "x", "--scoring", "bonus") == said


# --- the evaluator against a reference ------------------------------------------------------

VARS = ("b", "t", "d", "n")


@st.composite
def expressions(draw: st.DrawFn, depth: int = 0) -> tuple[str, Any]:
    """A random expression as text and as a tree the reference below evaluates."""
    if depth >= 3 or draw(st.integers(0, 2)) == 0:
        if draw(st.booleans()):
            value = draw(st.integers(0, 50))
            return str(value), ("num", value)
        name = draw(st.sampled_from(VARS))
        return name, ("var", name)
    kind = draw(st.sampled_from(["+", "-", "*", "/", "^", "neg", "min", "max", "paren"]))
    left_text, left = draw(expressions(depth + 1))
    if kind == "neg":
        return f"-({left_text})", ("neg", left)
    if kind == "paren":
        return f"({left_text})", left
    if kind == "^":
        exponent = draw(st.integers(0, 3))
        return f"({left_text})^{exponent}", ("^", left, exponent)
    right_text, right = draw(expressions(depth + 1))
    if kind in ("min", "max"):
        return f"{kind}({left_text}, {right_text})", (kind, left, right)
    return f"({left_text}) {kind} ({right_text})", (kind, left, right)


def reference(tree: Any, env: dict[str, int]) -> int:
    """docs/rules.md "Formulas", evaluated by the book: ``/`` rounds down."""
    kind = tree[0]
    if kind == "num":
        return int(tree[1])
    if kind == "var":
        return env[tree[1]]
    if kind == "neg":
        return -reference(tree[1], env)
    if kind == "^":
        return int(reference(tree[1], env) ** tree[2])
    a, b = reference(tree[1], env), reference(tree[2], env)
    if kind == "/":
        if b == 0:
            raise ZeroDivisionError
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b > 0) or a == 0 else -q - (1 if abs(a) % abs(b) else 0)
    ops = {"+": a + b, "-": a - b, "*": a * b, "min": min(a, b), "max": max(a, b)}
    return ops[kind]


def reference_clause(clauses: dict[str, Any], bid: int, took: int) -> Any:
    """docs/rules.md "Formulas": the first given of zero / zero-missed, made, over /
    under, missed that applies."""
    applies = [
        ("zero", bid == 0 and took == 0),
        ("zero-missed", bid == 0 and took > 0),
        ("made", took == bid),
        ("over", took > bid),
        ("under", took < bid),
        ("missed", took != bid),
    ]
    return next(clauses[key] for key, hit in applies if hit and key in clauses)


@st.composite
def clause_sets(draw: st.DrawFn) -> dict[str, tuple[str, Any]]:
    """made, then missed or both over and under, and any of the others, in any order."""
    keys = ["made", *draw(st.sampled_from([["missed"], ["over", "under"], ["missed", "over"]]))]
    keys += draw(st.lists(st.sampled_from(["zero", "zero-missed", "under"]), unique=True))
    return {key: draw(expressions()) for key in dict.fromkeys(draw(st.permutations(keys)))}


@settings(max_examples=300, deadline=None)
@given(
    clauses=clause_sets(),
    cards=st.integers(1, 13),
    bid=st.integers(0, 13),
    took=st.integers(0, 13),
)
def test_the_evaluator_agrees_with_the_reference(
    clauses: dict[str, tuple[str, Any]], cards: int, bid: int, took: int
) -> None:
    """docs/rules.md "Formulas": any formula, any b, t, n: the score the book gives, or a
    refusal exactly where the book divides by zero or leaves the range."""
    bid, took = min(bid, cards), min(took, cards)
    text = "; ".join(f"{key}: {typed}" for key, (typed, _) in clauses.items())
    tree = reference_clause({key: tree for key, (_, tree) in clauses.items()}, bid, took)
    env = {"b": bid, "t": took, "d": abs(took - bid), "n": cards}
    try:
        expected: int | None = reference(tree, env)
    except ZeroDivisionError:
        expected = None
    if expected is not None and not -1_000_000 <= expected <= 1_000_000:
        expected = None
    try:
        formula = Scoring.parse(text)
    except FormulaError as err:
        assert "can grow beyond" in str(err) or "at most 300" in str(err)
        return
    try:
        got: int | None = formula.score(bid, took, cards)
    except BadValue:
        got = None
    assert got == expected


def test_the_sheet_and_the_markdown_say_what_a_formula_scores(ohhell: Ohhell) -> None:
    """docs/rules.md "Formulas": every human view says in words what a formula scores."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "f", "--scoring", "made: 10 + b; missed: -b")
    words = "Scoring: bid made, 10 + the bid; bid missed, minus the bid."
    assert words in ohhell.ok("show", "-g", "f")
    assert words in ohhell.ok("export", "-g", "f", "--format", "md")
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "s")
    assert "Scoring:" not in ohhell.ok("show", "-g", "s")  # a named scheme: as before


@pytest.mark.parametrize(
    ("depth", "refusal"),
    [(24, None), (25, "scoring formula: nested more than 24 deep at column 40")],
)
def test_nesting_counts_24_deep_however_many_groups_come_before(
    depth: int, refusal: str | None
) -> None:
    """docs/rules.md "Formulas": parentheses nested more than 24 deep are refused; groups
    closed before do not count, and 24 deep is still taken."""
    text = "made: (1)+(1)+" + "(" * depth + "1" + ")" * depth + "; missed: 0"
    if refusal is None:
        parse_formula(text)
        return
    with pytest.raises(FormulaError) as refused:
        parse_formula(text)
    assert str(refused.value) == refusal


# --- the cost of a formula: bounds first, a game read scores what it holds -----------------

#: 140 terms over the 69 hands of a long game (docs/rules.md "Formulas": 294 characters).
LONG = "made: " + "+".join(["b"] * 70) + "; missed: " + "-".join(["t"] * 70)


@pytest.fixture
def additions(monkeypatch: pytest.MonkeyPatch, new_run: None) -> list[int]:
    """How many additions and subtractions the formulas compiled from now on work out."""
    from ohhell_score.domain import formula

    count = [0]
    for symbol in ("+", "-"):
        join = formula._JOINS[symbol]

        def counted(x: int, y: int, join: Any = join) -> int:
            count[0] += 1
            return int(join(x, y))

        monkeypatch.setitem(formula._JOINS, symbol, counted)
    return count


def test_a_formula_its_bounds_prove_is_not_worked_out_hand_by_hand(additions: list[int]) -> None:
    """docs/rules.md "Formulas", "Checked before the game exists": 140 terms over hands of
    1 to 69 cards stay far inside the range, which their bounds show at once; nothing
    is scored (hand by hand it would be 116,794 scores of 69 steps)."""
    check_hands(parse_formula(LONG), range(1, 70))
    assert additions == [0]


def test_a_formula_its_bounds_cannot_prove_is_still_worked_out() -> None:
    """A formula whose bounds leave the range but whose scores never do is taken; one
    that leaves it only at some b and t is refused there (the bounds decide nothing)."""
    check_hands(parse_formula("made: 1000000-b+b; missed: 1000000-t+t"), range(1, 8))
    with pytest.raises(FormulaError, match="at bid 0, 3 taken"):
        check_hands(parse_formula("made: 0; missed: 999999 + t*(t-2)"), range(1, 8))


def test_a_game_read_scores_only_the_hands_it_holds(additions: list[int]) -> None:
    """docs/rules.md "Formulas": the formula is worked out for every hand when the rules
    are made; `show` of the game reads it and scores the entries it holds, one addition
    per score under this formula (3 hands of 3 players), not every b and t again."""
    from ohhell_score.domain import codec
    from tests.games import new_game, play

    text = "made: 1000000-b+b; missed: 1000000-t+t"  # not proved by its bounds
    game = play(new_game("g", ("Ann", "Bob", "Cat"), hands="7-1", scoring=text), 3)
    additions[0] = 0
    file = json.dumps(codec.game_to_dict(game))
    rules._FORMULAS.clear()
    rules._SCORERS.clear()
    assert codec.parse_progress(file, "g.json").hands_played == 3
    assert additions == [2 * 9]  # each score: one - and one +


def test_an_imported_game_that_does_not_fit_is_refused_before_its_formula_is_read(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/scripting.md `import`: the cheap checks first. Hands of 104 cards do not fit
    3 players and 208 cards: that is said without the formula being read at all."""
    from ohhell_score.domain import codec
    from tests.games import new_game

    data = codec.game_to_dict(
        new_game("big", ("Ann", "Bob", "Cat"), hands="1-69", deck_size=208, scoring=LONG)
    )
    data["rules"]["hands"] = list(range(1, 105))
    (tmp_path / "big.json").write_text(json.dumps(data), encoding="utf-8")

    def unread(text: str) -> NoReturn:
        raise AssertionError(f"the formula was read: {text}")

    monkeypatch.setattr(rules, "parse_formula", unread)
    assert ohhell.refused("import", str(tmp_path / "big.json")) == (
        f"ohhell: cannot read {tmp_path / 'big.json'}: 104 cards to each of 3 players needs "
        "312 cards; the deck has 208\n"
    )


def hand_edited(data_dir: Path, text: str) -> None:
    """Game g, 3 and then 2 cards, its first hand played, its formula changed to
    ``text`` by hand (a formula `new` refuses)."""
    from ohhell_score.domain import codec
    from tests.games import new_game, play

    data_dir.mkdir(parents=True, exist_ok=True)
    data = codec.game_to_dict(play(new_game("g", ("Ann", "Bob", "Cat"), hands="3,2"), 1))
    data["rules"]["scoring"] = text
    (data_dir / "g.json").write_text(json.dumps(data), encoding="utf-8")


def test_a_hand_edited_formula_that_fails_a_later_hand_refuses_that_entry(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """A formula that reached a game file by hand and divides by zero in hands of 2
    cards: the game reads, and the tricks that would need that score are refused."""
    text = "made: 1; missed: 1/(n-2)"
    hand_edited(data_dir, text)
    assert "Hand 2 of 2" in ohhell.ok("show", "-g", "g")
    ohhell.ok("trump", "-g", "g", "spades")
    ohhell.ok("bid", "-g", "g", "0", "0", "1")
    err = ohhell.refused("tricks", "-g", "g", "1", "0", "1")
    assert err == (
        f"ohhell: scoring formula {text!r} divides by zero in hand 2 (2 cards) at bid 0, 1 taken\n"
    )
    assert "Hand 2 of 2" in ohhell.ok("show", "-g", "g")  # nothing changed


def test_a_hand_edited_formula_that_fails_is_not_imported(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path
) -> None:
    """docs/scripting.md `import`: an imported game's rules are checked as `new`'s are."""
    hand_edited(data_dir, "made: 1; missed: 1/(n-2)")
    (data_dir / "g.json").rename(tmp_path / "g.json")
    err = ohhell.refused("import", str(tmp_path / "g.json"))
    assert err.startswith(f"ohhell: cannot read {tmp_path / 'g.json'}: scoring formula ")
    assert err.endswith("divides by zero in hand 2 (2 cards) at bid 0, 1 taken\n")
    assert ohhell("show", "-g", "g").exit_code == 1


@settings(max_examples=200, deadline=None)
@given(clauses=clause_sets(), hands=st.lists(st.integers(1, 6), min_size=1, max_size=3))
def test_the_check_refuses_exactly_the_formulas_the_book_cannot_score(
    clauses: dict[str, tuple[str, Any]], hands: list[int]
) -> None:
    """docs/rules.md "Formulas", "Checked before the game exists": whether the bounds
    decide or every b and t is worked out, a formula is refused exactly when the book
    divides by zero or leaves the range on some hand, bid and tricks."""
    text = "; ".join(f"{key}: {typed}" for key, (typed, _) in clauses.items())
    try:
        formula = parse_formula(text)
    except FormulaError:
        return
    trees = {key: tree for key, (_, tree) in clauses.items()}
    fails = False
    for cards in hands:
        for bid in range(cards + 1):
            for took in range(cards + 1):
                env = {"b": bid, "t": took, "d": abs(took - bid), "n": cards}
                try:
                    value = reference(reference_clause(trees, bid, took), env)
                except ZeroDivisionError:
                    fails = True
                    continue
                fails = fails or not -1_000_000 <= value <= 1_000_000
    try:
        check_hands(formula, hands)
    except FormulaError:
        assert fails
    else:
        assert not fails


@pytest.mark.parametrize(
    ("made", "hands", "where"),
    [
        ("999999 + b", (2,), "hand 1 (2 cards) at bid 2, 2 taken"),
        ("0 - 1000000*b", (2,), "hand 1 (2 cards) at bid 2, 2 taken"),
        ("b * (0 - 500000)", (3,), "hand 1 (3 cards) at bid 3, 3 taken"),
        ("(0 - b) * (b + 2) * 100000", (3,), "hand 1 (3 cards) at bid 3, 3 taken"),
        ("(b - 2)^2 * 300000", (4,), "hand 1 (4 cards) at bid 0, 0 taken"),
        ("1000000 + 1 - (b - 1)^2", (2,), "hand 1 (2 cards) at bid 1, 1 taken"),
        ("(0 - b)^3 * 400000", (3,), "hand 1 (3 cards) at bid 2, 2 taken"),
        ("1000000 * 3 / (b + 1)", (3,), "hand 1 (3 cards) at bid 0, 0 taken"),
        ("0 - 1000000 * 3 / (0 - b - 1)", (3,), "hand 1 (3 cards) at bid 0, 0 taken"),
        ("1000000 * 3 / (n + 1)", (3, 1), "hand 2 (1 card) at bid 0, 0 taken"),
        ("max(b, 0) * 500000", (3,), "hand 1 (3 cards) at bid 3, 3 taken"),
        ("min(b, 0 - b) * 500000", (3,), "hand 1 (3 cards) at bid 3, 3 taken"),
        ("min(-b, 0) * 400000", (3,), "hand 1 (3 cards) at bid 3, 3 taken"),
    ],
)
def test_bounds_never_take_a_formula_that_leaves_the_range(
    made: str, hands: tuple[int, ...], where: str
) -> None:
    """docs/rules.md "Formulas": each operation's bounds hold all it can reach, so a
    score just outside the range on one hand is found and named."""
    with pytest.raises(FormulaError, match=None) as refused:
        check_hands(parse_formula(f"made: {made}; missed: 0"), hands)
    assert str(refused.value).endswith(f"outside -1,000,000..1,000,000 in {where}")
