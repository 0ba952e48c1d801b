"""Override tables (``--data-dir``) checked in-process against the bundled table they replace
(issue 10, finding 7): missing keys, wrong types, row lengths, nan/inf/negative numbers, unknown
keys with "did you mean", labels without ``ru`` — each at its ``file:line:col``."""

import pytest

from sheets.core.errors import Pos, Problems
from sheets.core.tablecheck import COLLECTION_MIN, Shape, _expected, check, merge, shape_of
from sheets.core.yamlio import parse_yaml

WEAPONS = {
    "weapons": [
        {"name": "LRM 5", "bv": 45, "heat": 2, "range": [7, 14, 21], "tags": None},
        {"name": "ER Laser", "bv": 38, "heat": 5, "range": [5, 10, 15], "tags": ["x"]},
    ],
    "factor": 1.5,
}


def problems(text, reference=WEAPONS):
    value = parse_yaml(text, "o.yaml")
    probs = Problems("o.yaml")
    check(value, shape_of(reference), getattr(value, "pos", Pos(1, 1)), probs, "")
    return [str(p) for p in probs.items]


GOOD = """\
weapons:
  - {name: LRM 5, bv: 45, heat: 2, range: [7, 14, 21], tags: ~}
  - {name: ER Laser, bv: 38, heat: 5, range: [5, 10, 15], tags: [x]}
factor: 1.5
"""


def test_a_faithful_copy_passes():
    assert problems(GOOD) == []
    assert problems(GOOD.replace("factor: 1.5", "factor: 2")) == []  # a whole number where a number goes
    assert problems(GOOD.replace("tags: [x]", "tags: ~")) == []  # null where the bundled table has one
    assert problems(GOOD.replace("bv: 45", "bv: 0")) == []


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("bv: 45", "bv: -7", "2:23: weapons[1].bv: -7 must not be negative"),
        ("factor: 1.5", "factor: .nan", "4:9: factor: 'nan' is not a finite number"),
        ("factor: 1.5", "factor: -.inf", "4:9: factor: '-inf' is not a finite number"),
        (
            "bv: 45",
            "bv: .inf",
            "2:23: weapons[1].bv: expected a whole number, got a number (as in the bundled table)",
        ),
        (
            "bv: 45",
            "bv: 4.5",
            "2:23: weapons[1].bv: expected a whole number, got a number (as in the bundled table)",
        ),
        (
            "bv: 45",
            "bv: true",
            "2:23: weapons[1].bv: expected a whole number, got true/false (as in the bundled table)",
        ),
        (
            "bv: 45",
            "bv: '45'",
            "2:23: weapons[1].bv: expected a whole number, got text (as in the bundled table)",
        ),
        (
            "bv: 45",
            "bv: ~",
            "2:23: weapons[1].bv: expected a whole number, got nothing (as in the bundled table)",
        ),
        (
            "bv: 45",
            "bv: [45]",
            "2:23: weapons[1].bv: expected a whole number, got a list (as in the bundled table)",
        ),
        (
            "name: LRM 5",
            "name: {a: 1}",
            "2:12: weapons[1].name: expected text, got a mapping (as in the bundled table)",
        ),
        ("factor: 1.5", "factor: x", "4:9: factor: expected a number, got text (as in the bundled table)"),
        (
            "tags: ~",
            "tags: 5",
            "2:62: weapons[1].tags: expected a list, got a whole number (as in the bundled table)",
        ),
        (
            "range: [7, 14, 21]",
            "range: [7, 14]",
            "2:43: weapons[1].range: 3 values expected (as in the bundled table), got 2",
        ),
        (
            "range: [7, 14, 21]",
            "range: [7, 14, 21, 28]",
            "2:43: weapons[1].range: 3 values expected (as in the bundled table), got 4",
        ),
        ("range: [7, 14, 21]", "range: [7, -1, 21]", "2:47: weapons[1].range[2]: -1 must not be negative"),
        (
            "range: [7, 14, 21]",
            "range: [7, x, 21]",
            "2:47: weapons[1].range[2]: expected a whole number, got text (as in the bundled table)",
        ),
        (
            "tags: [x]",
            "tags: [x, 3]",
            "3:69: weapons[2].tags[2]: expected text, got a whole number (as in the bundled table)",
        ),
        ("heat: 2, ", "", "2:5: missing key 'heat' in 'weapons[1]'"),
        (
            "bv: 45",
            "bvv: 45",
            "2:5: missing key 'bv' in 'weapons[1]'\no.yaml:2:19: weapons[1]: unknown key 'bvv' "
            "(did you mean 'bv'?)",
        ),
        ("bv: 45", "bv: 45, 7: 1", "2:27: weapons[1]: unknown key 7"),
    ],
)
def test_each_mistake_is_named_at_its_position(old, new, message):
    text = GOOD.replace(old, new, 1)
    assert text != GOOD
    found = problems(text)
    if "missing key" in message or "unknown key" in message:
        found = [m for m in found if "missing key" in m or "unknown key" in m]
    assert found == [f"o.yaml:{message}"] or "\n".join(found) == f"o.yaml:{message}"


def test_top_level_problems():
    assert problems("[1, 2]\n") == [
        "o.yaml:1:1: the table: expected a mapping, got a list (as in the bundled table)"
    ]
    assert problems("weapons: []\nfactor: 1\nfactr: 2\n") == [
        "o.yaml:3:1: unknown key 'factr' (did you mean 'factor'?)"
    ]
    assert problems("factor: 1\n") == ["o.yaml:1:1: missing key 'weapons'"]
    assert problems("weapons: {a: 1}\nfactor: 1\n") == [
        "o.yaml:1:10: weapons: expected a list, got a mapping (as in the bundled table)"
    ]


def test_a_long_key_path_is_shortened():
    key = "k" * 130
    found = problems(f"weapons: []\nfactor: 1\n{key}: 1\n")
    assert found == [f"o.yaml:3:1: unknown key {key[:60]!r}… (130 characters)"]
    ref = {"m": {key: {key: 1}}}
    found = problems(f"m:\n  {key}:\n    {key}: -1\n", ref)
    where = f"m.{key}.{key}"[:120] + "…"
    assert found == [f"o.yaml:3:{len(key) + 7}: {where}: -1 must not be negative"]


LABELS = {
    "title": {"en": "Title", "ru": "Заголовок"},
    "total": {"en": "Total", "ru": "Итого"},
    "page": {"en": "Page", "ru": "Стр."},
}


def test_a_collection_takes_new_entries_of_the_same_shape():
    assert (
        problems(
            "title: {en: T, ru: З}\ntotal: {en: T, ru: И}\npage: {en: P, ru: С}\nextra: {en: E, ru: Э}\n",
            LABELS,
        )
        == []
    )
    assert problems("title: {en: T}\ntotal: {en: T, ru: И}\npage: {en: P, ru: С}\n", LABELS) == [
        "o.yaml:1:8: missing key 'ru' in 'title'"
    ]
    assert problems(
        "title: {en: T, ru: З}\ntotal: {en: T, ru: И}\npage: {en: P, ru: С}\nextra: {en: E}\n", LABELS
    ) == ["o.yaml:4:8: missing key 'ru' in 'extra'"]
    assert problems(
        "title: {en: T, ru: З}\ntotal: {en: T, ru: И}\npage: {en: P, ru: С}\nextra: {en: E, ru: 5}\n", LABELS
    ) == ["o.yaml:4:20: extra.ru: expected text, got a whole number (as in the bundled table)"]
    two = dict(list(LABELS.items())[: COLLECTION_MIN - 1])  # two entries are not a collection
    assert problems("title: {en: T, ru: З}\ntotal: {en: T, ru: И}\nextra: {en: E, ru: Э}\n", two) == [
        "o.yaml:3:1: unknown key 'extra'"
    ]
    mixed = dict(LABELS, note="text")  # one value is not a mapping: not a collection either
    assert problems(
        "title: {en: T, ru: З}\ntotal: {en: T, ru: И}\npage: {en: P, ru: С}\nnote: n\n"
        "extra: {en: E, ru: Э}\n",
        mixed,
    ) == ["o.yaml:5:1: unknown key 'extra'"]


def test_whole_number_keys_and_tables_without_positions():
    hits = {2: "head", 3: "torso", 4: "legs"}
    assert problems("2: head\n3: torso\n4: legs\n", hits) == []
    assert problems("2: head\n3: torso\n4: 7\n", hits) == [
        "o.yaml:3:4: 4: expected text, got a whole number (as in the bundled table)"
    ]
    assert problems("2: head\n3: torso\n4: legs\n13: x\n", hits) == ["o.yaml:4:1: unknown key 13"]
    probs = Problems("o.yaml")  # plain Python values: every problem at the table's position
    check(
        {
            "weapons": [{"name": "x", "bv": -1, "heat": 0, "range": [1, 2, 3], "tags": None}],
            "factor": 1,
            "zz": 1,
        },
        shape_of(WEAPONS),
        Pos(1, 1),
        probs,
        "",
    )
    assert [str(p) for p in probs.items] == [
        "o.yaml:1:1: weapons[1].bv: -1 must not be negative",
        "o.yaml:1:1: unknown key 'zz'",
    ]


def test_negative_numbers_stay_allowed_where_the_bundled_table_has_one():
    mods = {"mods": [-1, 0, 2], "base": -3}
    assert problems("mods: [-2, 0, 5]\nbase: -9\n", mods) == []
    assert problems("mods: [1, 2, 3]\nbase: 4\n", mods) == []


def test_shape_of_a_bundled_table():
    s = shape_of({"a": [1, 2.5], "b": [{"x": 1, "y": "t"}, {"x": 2}], "c": True, "d": None, "e": []})
    assert s.kinds == {"map"} and s.required == {"a", "b", "c", "d", "e"} and s.entry is None
    assert s.fields["a"].kinds == {"list"} and s.fields["a"].length == 2
    assert s.fields["a"].item.kinds == {"int", "float"}
    assert s.fields["b"].length is None and s.fields["b"].item.required == {"x"}
    assert s.fields["b"].item.fields["y"].kinds == {"str"}
    assert s.fields["c"].kinds == {"bool"} and s.fields["d"].kinds == {"null"}
    assert s.fields["e"].item is None and s.fields["e"].length is None
    assert shape_of(-1).nonneg is False and shape_of(0).nonneg is True and shape_of(1.5).nonneg is True
    assert shape_of([True, False]).length is None  # true/false are not a row of numbers
    assert shape_of(b"x").kinds == {"bytes"}


def test_merging_shapes():
    a, b = shape_of({"x": 1, "y": [1, 2]}), shape_of({"x": -2.5, "z": "t", "y": [1, 2, 3]})
    m = merge(a, b)
    assert m.kinds == {"map"} and m.required == {"x", "y"} and set(m.fields) == {"x", "y", "z"}
    assert m.fields["x"].kinds == {"int", "float"} and m.fields["x"].nonneg is False
    assert m.fields["y"].length is None and m.fields["y"].item.kinds == {"int"}
    same = merge(shape_of([1, 2]), shape_of([3, 4]))
    assert same.length == 2
    assert merge(Shape(kinds={"int"}), shape_of({"k": 1})).required == {"k"}
    assert merge(shape_of({"k": 1}), Shape(kinds={"int"})).required == {"k"}
    assert merge(Shape(), Shape()).required is None
    e1, e2 = Shape(kinds={"str"}), Shape(kinds={"int"})
    assert merge(Shape(entry=e1), Shape()).entry is e1 and merge(Shape(), Shape(entry=e2)).entry is e2
    assert merge(Shape(entry=e1), Shape(entry=e2)).entry.kinds == {"str", "int"}
    assert merge(Shape(item=e1), Shape()).item is e1 and merge(Shape(), Shape(item=e2)).item is e2
    assert merge(Shape(item=e1), Shape(item=e2)).item.kinds == {"str", "int"}


@pytest.mark.parametrize(
    "kinds, text",
    [
        ({"int"}, "a whole number"),
        ({"int", "float"}, "a number"),
        ({"float"}, "a number"),
        ({"str", "null"}, "text"),
        ({"null"}, "nothing"),
        ({"int", "str"}, "a whole number or text"),
        ({"map", "list"}, "a list or a mapping"),
        ({"bytes"}, "bytes"),
    ],
)
def test_expected_names(kinds, text):
    assert _expected(kinds) == text


def test_the_bundled_kinds_are_not_changed_by_naming_them():
    kinds = {"int", "float"}
    _expected(kinds)
    assert kinds == {"int", "float"}


def test_missing_keys_of_mixed_types_are_listed_in_text_order():
    ref = {10: "a", 9: "b", "x": "c"}
    assert problems("{}\n", ref) == [
        "o.yaml:1:1: missing key 10",
        "o.yaml:1:1: missing key 9",
        "o.yaml:1:1: missing key 'x'",
    ]


@pytest.mark.parametrize("length, cut", [(120, False), (121, True)])
def test_a_key_path_is_cut_after_120_characters(length, cut):
    key = "k" * (length - 2)  # "m." + key
    found = problems(f"m:\n  {key}: -1\n", {"m": {key: 1}})
    where = f"m.{key}"
    assert found == [f"o.yaml:2:{length + 3}: {where[:120] + '…' if cut else where}: -1 must not be negative"]


def test_a_collection_entry_of_the_wrong_kind_is_positioned():
    assert problems(
        "title: {en: T, ru: З}\ntotal: {en: T, ru: И}\npage: {en: P, ru: С}\nextra: E\n", LABELS
    ) == ["o.yaml:4:8: extra: expected a mapping, got text (as in the bundled table)"]


def test_text_where_the_bundled_table_has_text_or_a_list_is_not_read_as_a_list():
    ref = {"a": [{"v": "x"}, {"v": [1, 2]}]}
    assert problems("a:\n  - {v: ab}\n  - {v: [3, 4]}\n", ref) == []
    assert problems("a:\n  - {v: [3, x]}\n", ref) == [
        "o.yaml:2:13: a[1].v[2]: expected a whole number, got text (as in the bundled table)"
    ]


def test_a_value_of_no_yaml_kind_is_named_by_its_type():
    probs = Problems("o.yaml")
    check(b"x", shape_of(1), Pos(2, 2), probs, "n")
    assert [str(p) for p in probs.items] == [
        "o.yaml:2:2: n: expected a whole number, got bytes (as in the bundled table)"
    ]
