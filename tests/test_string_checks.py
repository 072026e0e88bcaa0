"""The string checks that replaced regular expressions (start-up time) accept
exactly what those expressions did: ids (docs/scripting.md), hooks and hands (docs/rules.md)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ohhell_score.domain.errors import BadValue
from ohhell_score.domain.ids import is_id
from ohhell_score.domain.rules import Hook, Suit, parse_hands
from tests.conftest import Ohhell

ID = re.compile(r"[a-z0-9-]{1,64}")
#: The patterns of parse_hands and Hook.parse, with \d as ASCII digits: a hands pattern
#: is pieces joined by commas (spaces around them allowed), each a run of turning points.
RUN = r"[0-9]{1,3}(-[0-9]{1,3})*"
PIECES = re.compile(rf"{RUN}(\s*,\s*{RUN})*")
FROM = re.compile(r"from:([0-9]{1,3})")

ID_LIKE = st.text(alphabet="abcz09-_A/. é", max_size=70) | st.text(max_size=5)
NUMBER = st.integers(0, 1200).map(str) | st.sampled_from(["", "007", "1.5", "x", "٣"])
SEPARATOR = st.sampled_from([",", ", ", " ,", " , ", "-", " -", "--", ";", " "])
HANDS_LIKE = st.tuples(
    st.sampled_from(["", " ", "\t"]),
    st.lists(st.tuples(NUMBER, SEPARATOR), min_size=1, max_size=4),
    NUMBER,
).map(lambda t: t[0] + "".join(n + s for n, s in t[1]) + t[2]) | st.text(
    alphabet="0123456789,- \t", max_size=14
)


@given(ID_LIKE)
def test_is_id_is_the_contracts_pattern(text: str) -> None:
    assert is_id(text) == bool(ID.fullmatch(text))


@pytest.mark.parametrize(
    ("text", "allowed"),
    [("a" * 64, True), ("0", True), ("fri-13", True), ("a" * 65, False), ("", False)],
)
def test_an_id_is_1_to_64_characters(text: str, allowed: bool) -> None:
    """docs/scripting.md ``[a-z0-9-]{1,64}``, at its edges (the random test may miss them)."""
    assert is_id(text) is allowed


@pytest.mark.parametrize("game_id", ["Bad", "x_y", "a" * 65])
def test_a_game_id_outside_the_contract_is_refused_in_one_line(
    ohhell: Ohhell, data_dir: Path, game_id: str
) -> None:
    said = ohhell.refused("new", "Ann", "Bob", "Cat", "-g", game_id)
    assert said == (
        f"ohhell: {game_id!r} is not a game id: use 1 to 64 lower-case letters, digits and '-'\n"
    )
    assert not list(data_dir.glob("*.json"))


def regex_parse_hands(text: str) -> tuple[int, ...] | None:
    """parse_hands written with regular expressions (None: refused): docs/rules.md
    "Hand patterns", pieces joined by commas, each a number or a run."""
    t = text.strip()
    if not PIECES.fullmatch(t):
        return None
    hands: list[int] = []
    for piece in t.split(","):
        points = [int(x) for x in piece.strip().split("-")]
        if any(a == b for a, b in itertools.pairwise(points)):
            return None
        walked = [points[0]]  # a card at a time to each turning point
        for point in points[1:]:
            while walked[-1] != point:
                walked.append(walked[-1] + (1 if point > walked[-1] else -1))
        hands.extend(walked)
    return tuple(hands) if hands and all(1 <= n <= 104 for n in hands) else None


@given(HANDS_LIKE)
def test_a_hands_pattern_reads_as_the_regular_expressions_read_it(text: str) -> None:
    try:
        read: tuple[int, ...] | None = parse_hands(text)
    except BadValue:
        read = None
    assert read == regex_parse_hands(text)


@given(st.from_regex(r"(from:[0-9]{1,4}|always|never|from:|from:-1|[a-z:0-9 ]{0,8})"))
def test_a_hook_is_read_exactly_where_the_pattern_matched(text: str) -> None:
    t = text.strip().lower()
    expected = t in ("always", "never") or bool(FROM.fullmatch(t))
    try:
        Hook.parse(text)
        read = True
    except BadValue:
        read = False
    assert read == expected


def test_suits_are_read_with_spaces_dashes_and_underscores_anywhere() -> None:
    """docs/rules.md trump names as people type them: `no trump`, `no-trump`, `No_Trump`."""
    for text in ("no trump", "no-trump", "No_Trump", " n t ", "no\ttrump"):
        assert Suit.parse(text) is Suit.NOTRUMP
    assert Suit.parse("Spades") is Suit.SPADES
