"""The positioned YAML reader and the declarative schema."""

import pytest

from sheets.core.errors import InputError, Problems
from sheets.core.schema import INVALID, Enum, Int, List, MapOf, Obj, Str
from sheets.core.yamlio import load_yaml, parse_yaml


def test_positions_of_keys_values_and_items():
    doc = parse_yaml("a: 1\nb:\n  - x: 2\n  - [1, 2]\n", "t.yaml")
    assert doc.pos_of("a").line == 1 and doc.pos_of("a").col == 4
    assert doc.pos_of("b").line == 3
    assert doc["b"].pos_of(1).line == 4 and doc["b"].pos_of(1).col == 5


@pytest.mark.parametrize(
    "text, where, fragment",
    [
        ("a: [1,\nb: 2", "t.yaml:2:", "malformed YAML"),
        ("a: 1\na: 2\n", "t.yaml:2:1", "duplicate key 'a'"),
        ("", "t.yaml:1:1", "empty"),
        ("a: *nope\n", "t.yaml:1:", "malformed YAML"),
    ],
)
def test_malformed_yaml_is_one_positioned_problem(text, where, fragment):
    with pytest.raises(InputError) as err:
        parse_yaml(text, "t.yaml")
    assert len(err.value.problems) == 1
    msg = str(err.value.problems[0])
    assert msg.startswith(where) and fragment in msg


def test_billion_laughs_aliases_are_shared_not_expanded():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 12):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    doc = parse_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert doc["a11"][0] is doc["a10"]  # shared object: 10^12 items never built


def test_file_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_yaml(tmp_path / "missing.yaml")
    bad = tmp_path / "bin.yaml"
    bad.write_bytes(b"a: \x00\x01")
    with pytest.raises(InputError, match="NUL"):
        load_yaml(bad)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(InputError) as err:
        load_yaml(latin)
    assert ":1:10:" in str(err.value) and "UTF-8" in str(err.value)


SPEC = Obj(
    fields={
        "name": Str(allow_empty=False),
        "tons": Int(min=2, max=15),
        "motion": Enum(choices=("biped", "quad"), aliases={"four-legged": "quad"}, default="biped"),
        "armor": MapOf(keys=Enum(choices=("head", "torso")), value=Int(min=0, max=99)),
        "items": List(item=Obj(fields={"item": Str()}), default=list),
    }
)


def check(text):
    doc = parse_yaml(text, "u.yaml")
    problems = Problems("u.yaml")
    return SPEC.check(doc, doc.pos, problems, "unit"), [str(p) for p in problems.items]


def test_schema_reports_every_problem_with_position_and_suggestion():
    value, msgs = check("name: X\ntons: 20\nmotoin: quad\narmor: {hed: 1, torso: x}\nitems:\n  - {itme: a}\n")
    assert value is INVALID
    assert "u.yaml:2:7: unit.tons: 20 is out of range (2–15)" in msgs
    assert "u.yaml:3:1: unit: unknown key 'motoin' (did you mean 'motion'?)" in msgs
    assert any(m.startswith("u.yaml:4:9:") and "did you mean 'head'" in m for m in msgs)
    assert any(m.startswith("u.yaml:4:24:") and "expected a whole number, got text" in m for m in msgs)
    assert any(m.startswith("u.yaml:6:6:") and "'itme'" in m for m in msgs)


def test_schema_defaults_aliases_and_types():
    value, msgs = check("name: X\ntons: 3\nmotion: Four-Legged\narmor: {head: 2}\n")
    assert msgs == []
    assert value["motion"] == "quad" and value["items"] == [] and value["armor"] == {"head": 2}
    value, msgs = check("name: X\ntons: true\narmor: {}\n")
    assert value is INVALID and "got true/false" in msgs[0]


def test_json_schema_describes_fields():
    js = SPEC.json_schema()
    assert js["properties"]["tons"] == {"type": "integer", "minimum": 2, "maximum": 15}
    assert js["required"] == ["name", "tons", "armor"]
    assert "four-legged" in js["properties"]["motion"]["anyOf"][0]["enum"]
