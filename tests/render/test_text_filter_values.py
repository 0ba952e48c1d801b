"""Issue 21: ``|replace``, ``|center`` and ``|join`` bound the text they build from a value that
is not itself a text, as they do for a text. jinja2 replaces in and centres ``str(value)`` (a
number, a list) and joins any iterable (a range, the generator of ``|map``, a dict's keys, the
characters of a text); the bound looked only at texts and lists, so those were built unseen, past
the output limit (bug: a list of a million ``'0'`` replaced built 14 million characters)."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.render import text


def run(source: str, data=None) -> str:
    return text.render_roster_text(data or {}, "md", "t.j2", template_data=source.encode("utf-8"))


def refused(source: str, data=None) -> str:
    with pytest.raises(InputError) as e:
        run(source, data)
    (p,) = e.value.problems
    head = "t.j2:1:1: template error: "
    assert str(p).startswith(head), str(p)
    return str(p)[len(head) :]


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 100)


def too_long(n: int, limit: int = 100) -> str:
    return f"text too long for a template ({n} characters; limit {limit})"


def test_replace_in_a_number_is_bounded(small):
    # '1000000': six zeros, each replaced by 15 or 16 characters: 1 + 6 × 15 = 91, 1 + 6 × 16 = 97
    assert run("{{ (1000000 | replace('0', s)) | length }}", {"s": "y" * 15}) == "91"
    assert refused("{{ 1000000 | replace('0', s) }}", {"s": "y" * 20}) == too_long(121)
    assert refused("{{ 1000000 | replace(0, s) }}", {"s": "y" * 20}) == too_long(121)  # old as a number too


def test_replace_in_a_list_is_bounded(small):
    # str(['x' * 9] * 10) has 130 characters, 90 of them x: each x doubled makes 220
    assert refused("{{ l | replace('x', 'yy') }}", {"l": ["x" * 9] * 10}) == too_long(220)
    assert run("{{ l | replace('x', 'yy') }}", {"l": ["x", "x"]}) == "\\['yy', 'yy'\\]"


def test_replace_in_a_list_at_the_real_limit():
    """A million '0' in a list (5,000,000 characters printed), each 0 made ten characters long."""
    assert refused("{% set l = ['0'] * 1000000 %}{{ (l | replace('0', 'yyyyyyyyyy')) | length }}") == (
        too_long(14_000_000, 5 * 1024 * 1024)
    )


def test_center_of_a_list_or_a_number_is_bounded(small):
    assert run("{{ (l | center(5)) | length }}", {"l": ["x"] * 20}) == "100"  # str(l): 100 characters
    assert refused("{{ l | center(5) }}", {"l": ["x"] * 20 + [""]}) == too_long(104)
    assert run("{{ 7 | center(100) | length }}") == "100"
    assert refused("{{ 7 | center(101) }}") == too_long(101)
    assert refused("{{ 7 | center(width=101) }}") == too_long(101)


def test_center_without_a_width_is_80_wide(small, monkeypatch):
    assert run("{{ 'ab' | center | length }}") == "80"
    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 79)
    assert refused("{{ 'ab' | center }}") == too_long(80, 79)


@pytest.mark.parametrize(
    "value",
    [
        "range(3)",  # a range
        "l | map('upper')",  # a generator
        "d",  # a dict: its keys
        "'abc'",  # a text: its characters
    ],
)
def test_join_of_any_iterable_is_bounded(small, value):
    data = {"l": ["a", "b", "c"], "d": {"a": 1, "b": 2, "c": 3}}
    out = run("{{ " + value + " | join('-') }}", data)
    assert out in ("0-1-2", "A-B-C", "a-b-c")
    # three items and three separators of 33 or more characters (an upper bound: one too many)
    msg = refused("{{ " + value + " | join(s) }}", dict(data, s="y" * 40))
    assert msg.startswith("text too long for a template (") and msg.endswith(" characters; limit 100)"), msg


def test_join_counts_items_and_separators_of_a_generator_and_a_text(small):
    assert run("{{ l | map('upper') | join(s) }}", {"l": ["a", "b", "c"], "s": "y" * 32}) == (
        "A" + "y" * 32 + "B" + "y" * 32 + "C"
    )  # 3 + 3 × 32 = 99
    assert refused("{{ l | map('upper') | join(s) }}", {"l": ["a", "b", "c"], "s": "y" * 33}) == too_long(102)
    assert run("{{ 'abc' | join(s) | length }}", {"s": "y" * 32}) == "67"
    assert refused("{{ 'abc' | join(s) }}", {"s": "y" * 33}) == too_long(102)
    assert refused("{{ range(3) | join(s) }}", {"s": "y" * 2}) == too_long(102)  # a number counts 32
    assert run("{{ range(3) | join(s) }}", {"s": "y"}) == "0y1y2"  # 3 × 32 + 3 = 99


def test_str_join_counts_a_text_a_dict_and_a_set(small):
    assert run("{{ s.join(t) | length }}", {"s": "y" * 32, "t": "abc"}) == "67"
    assert refused("{{ s.join(t) }}", {"s": "y" * 33, "t": "abc"}) == too_long(102)
    assert refused("{{ s.join(d) }}", {"s": "y" * 33, "d": {"a": 1, "b": 2, "c": 3}}) == too_long(102)
    assert refused("{{ s.join(d) }}", {"s": "y" * 33, "d": {"a", "b", "c"}}) == too_long(102)
    assert run("{{ s.join(d) | length }}", {"s": "y" * 32, "d": {"a": 1, "b": 2, "c": 3}}) == "67"
