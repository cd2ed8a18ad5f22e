"""tournament.reading: the one way outside numbers and JSON are read (issue 25, item 9)."""

import json

import pytest

from tournament.reading import (
    MAX_DIGITS,
    MAX_JSON_DEPTH,
    JsonRefused,
    check_json,
    points_number,
    read_json,
    whole_number,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("0", 0), ("42", 42), ("007", 7), (5, 5), ("9" * MAX_DIGITS, int("9" * MAX_DIGITS))],
)
def test_ascii_digits_and_ints_are_whole_numbers(value: object, expected: int) -> None:
    assert whole_number(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "",
        "²",
        "٣",
        "３",
        " 7",
        "7 ",
        "+7",
        "-7",
        "1_000",
        "1.0",
        "7a",
        "9" * (MAX_DIGITS + 1),
        "9" * 5000,
        -1,
        True,
        False,
        None,
        2.0,
        [1],
    ],
)
def test_anything_else_is_not(value: object) -> None:
    assert whole_number(value) is None


def test_json_deeper_than_the_limit_is_refused_however_deep() -> None:
    for depth in (MAX_JSON_DEPTH + 1, 1500, 100_000):
        with pytest.raises(JsonRefused) as refused:
            read_json("[" * depth + "]" * depth)
        assert refused.value.code == "too_deep"
    assert read_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    with pytest.raises(JsonRefused):
        check_json({"a": json.loads("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)})


def test_json_with_a_nul_is_refused_and_bad_json_raises_as_usual() -> None:
    with pytest.raises(JsonRefused) as refused:
        read_json('{"name": "a\\u0000b"}')
    assert refused.value.code == "nul_character"
    with pytest.raises(json.JSONDecodeError):
        read_json("{")


@pytest.mark.parametrize(
    ("text", "expected"), [("1", 1.0), ("0.5", 0.5), ("-1.0", -1.0), (".5", 0.5)]
)
def test_points_are_ascii_decimals(text: str, expected: float) -> None:
    assert points_number(text) == expected


@pytest.mark.parametrize("text", ["", "nan", "inf", "1e400", "٣", "0,5", "9" * 400, "1.2345", " 1"])
def test_anything_else_is_not_points(text: str) -> None:
    assert points_number(text) is None
