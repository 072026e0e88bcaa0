"""``@record`` behaves like the frozen dataclass it replaces (start-up time, issue 7)."""

from __future__ import annotations

import pytest

from ohhell_score.domain.game import Game, HandState
from ohhell_score.domain.records import FrozenRecordError, field, record, replace
from ohhell_score.domain.rules import PRESETS


@record
class Point:
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)


def test_fields_by_position_keyword_and_default() -> None:
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2, tags=[])
    assert Point(3).y == 0


def test_a_default_factory_makes_a_fresh_value_each_time() -> None:
    first, second = Point(1), Point(1)
    first.tags.append("a")
    assert second.tags == []


def test_wrong_arguments_are_type_errors_like_a_dataclass() -> None:
    with pytest.raises(TypeError, match="missing argument 'x'"):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        Point(1, z=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'x'"):
        Point(1, x=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 3 arguments, 4 given"):
        Point(1, 2, [], 4)  # type: ignore[call-arg]


def test_frozen_refuses_assignment_and_hashes_by_value() -> None:
    p = Point(1, 2)
    with pytest.raises(FrozenRecordError):
        p.x = 5  # type: ignore[misc]
    with pytest.raises(FrozenRecordError):
        del p.x
    assert {Game("a", ("A", "B", "C"), PRESETS["classic"].rules)} == {
        Game("a", ("A", "B", "C"), PRESETS["classic"].rules)
    }


def test_mutable_records_can_change_and_are_not_hashable() -> None:
    hand = HandState(1, 10, "Ann", ("Bob", "Ann"), None, True)
    hand.cards = 9
    assert hand.cards == 9
    with pytest.raises(TypeError):
        hash(hand)


def test_equality_is_by_class_and_fields() -> None:
    assert Point(1) != Point(2)
    other: object = (1, 0, [])
    assert Point(1) != other


def test_repr_names_the_fields() -> None:
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"


def test_replace_copies_with_changes_and_leaves_the_original() -> None:
    p = Point(1, 2)
    q = replace(p, y=5)
    assert (p.y, q.y, q.x) == (2, 5, 1)
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(p, z=1)


def test_a_record_cannot_extend_a_record() -> None:
    with pytest.raises(TypeError, match="cannot inherit"):

        @record
        class Point3(Point):
            z: int = 0


def test_a_field_without_default_cannot_follow_one_with() -> None:
    with pytest.raises(TypeError, match="without a default"):

        @record
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]
