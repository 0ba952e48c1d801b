"""``yamlio.parse_yaml`` round 2 (issue 21): a collection with a YAML tag other than a plain
mapping or list is refused with its short tag name, at its position; an alias marks the one
shared node (and only it) ``shared``; a text value at the nesting limit is still checked for depth
(64 levels pass, 65 do not); every key and value position names the file it came from."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.core.yamlio import MAX_DEPTH, parse_yaml


def problems(text):
    with pytest.raises(InputError) as exc:
        parse_yaml(text, "f.yaml")
    return [str(p) for p in exc.value.problems]


@pytest.mark.parametrize(
    "text,tag",
    [
        ("units: !!set {a, b}\n", "'!!set'"),
        ("units: !!omap [a: 1]\n", "'!!omap'"),
        ("units: !mine {a: 1}\n", "'!mine'"),
        ("units: !!pairs [a: 1]\n", "'!!pairs'"),
    ],
)
def test_a_tagged_collection_is_refused_by_its_short_tag(text, tag):
    assert problems(text) == [
        f"f.yaml:1:8: the YAML tag {tag} is not supported here (plain values, lists and mappings only)"
    ]


def test_a_long_tag_is_shortened_to_40_characters():
    tag = "!" + "t" * 60
    [msg] = problems(f"units: {tag} {{a: 1}}\n")
    assert msg.startswith("f.yaml:1:8: the YAML tag '!" + "t" * 20) and "t" * 41 not in msg


def test_the_same_tagged_node_twice_is_reported_once():
    assert problems("a: &x !!set {k}\nb: *x\n") == [
        "f.yaml:1:4: the YAML tag '!!set' is not supported here (plain values, lists and mappings only)"
    ]


def test_plain_mapping_and_list_tags_are_accepted():
    assert parse_yaml("a: !!map {b: 1}\nc: !!seq [1]\n", "f.yaml") == {"a": {"b": 1}, "c": [1]}


def test_an_alias_marks_the_shared_node_only():
    v = parse_yaml("a: &x {b: 1}\nc: *x\nd: {e: 2}\nl: &y [1]\nm: *y\nn: [2]\n", "f.yaml")
    assert v["a"] is v["c"] and v["a"].shared is True and v["d"].shared is False
    assert v["l"] is v["m"] and v["l"].shared is True and v["n"].shared is False
    assert v.shared is False


def test_a_text_value_at_the_nesting_limit():
    assert MAX_DEPTH == 64
    text = "{a: " * 64 + "x" + "}" * 64
    inner = parse_yaml(text, "f.yaml")
    for _ in range(63):
        inner = inner["a"]
    assert inner == {"a": "x"}
    text = "{a: " * 65 + "x" + "}" * 65
    assert problems(text) == [
        "f.yaml:1:258: nesting deeper than 64 levels",
        "f.yaml:1:261: nesting deeper than 64 levels",
    ]


def test_positions_name_their_file():
    v = parse_yaml("a:\n  b: [x, y]\n", "units/f.yaml")
    assert (v.key_pos["a"].line, v.key_pos["a"].col, v.key_pos["a"].file) == (1, 1, "units/f.yaml")
    inner = v["a"]
    assert (inner.key_pos["b"].line, inner.key_pos["b"].col, inner.key_pos["b"].file) == (
        2,
        3,
        "units/f.yaml",
    )
    assert (inner.value_pos["b"].line, inner.value_pos["b"].col, inner.value_pos["b"].file) == (
        2,
        6,
        "units/f.yaml",
    )
    assert [(p.line, p.col, p.file) for p in inner["b"].item_pos] == [
        (2, 7, "units/f.yaml"),
        (2, 10, "units/f.yaml"),
    ]
