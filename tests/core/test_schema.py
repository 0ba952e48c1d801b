"""The declarative schema of unit files: every check with its exact message at its position,
defaults, aliases, "did you mean", and the JSON Schema it gives editors."""

import pytest

from sheets.core.errors import Pos, Problems
from sheets.core.schema import BLANKS as S
from sheets.core.schema import (
    CONTROL,
    INVALID,
    MISSING,
    NAMED,
    Bool,
    Enum,
    Int,
    List,
    MapOf,
    Obj,
    OneOf,
    Spec,
    Str,
    locate,
)
from sheets.core.yamlio import YMap, YSeq, parse_yaml

AT = Pos(3, 5)


def run(spec, value, where="x"):
    problems = Problems("u.yaml")
    out = spec.check(value, AT, problems, where)
    return out, [str(p) for p in problems.items]


def err(message):
    return [f"u.yaml:3:5: {message}"]


@pytest.mark.parametrize(
    "spec, value, out, msgs",
    [
        (Int(), 5, 5, []),
        (Int(), -5, -5, []),
        (Int(), 4.0, 4, []),
        (Int(), 4.5, INVALID, err("x: expected a whole number, got a number")),
        (Int(), True, INVALID, err("x: expected a whole number, got true/false")),
        (Int(), "4", INVALID, err("x: expected a whole number, got text")),
        (Int(), None, INVALID, err("x: expected a whole number, got nothing")),
        (Int(), [4], INVALID, err("x: expected a whole number, got a list")),
        (Int(), {"a": 4}, INVALID, err("x: expected a whole number, got a mapping")),
        (Int(), b"4", INVALID, err("x: expected a whole number, got bytes")),
        (Int(min=2, max=5), 2, 2, []),
        (Int(min=2, max=5), 5, 5, []),
        (Int(min=2, max=5), 1, INVALID, err("x: 1 is out of range (2–5)")),
        (Int(min=2, max=5), 6, INVALID, err("x: 6 is out of range (2–5)")),
        (Int(min=2, max=5), 6.0, INVALID, err("x: 6 is out of range (2–5)")),
        (Int(min=0), 10**9, 10**9, []),
        (Int(min=0), -1, INVALID, err("x: -1 is out of range (at least 0)")),
        (Int(max=0), 1, INVALID, err("x: 1 is out of range (at most 0)")),
        (Int(max=0), -(10**9), -(10**9), []),
    ],
)
def test_int(spec, value, out, msgs):
    got, problems = run(spec, value)
    assert (got, problems) == (out, msgs) and type(got) is type(out)


@pytest.mark.parametrize(
    "spec, value, out, msgs",
    [
        (Str(), "Roc", "Roc", []),
        (Str(), None, "", []),
        (Str(), 3060, "3060", []),
        (Str(), 1.5, "1.5", []),
        (Str(), "", "", []),
        (Str(), "a\tb", "a\tb", []),
        (Str(allow_empty=False), None, INVALID, err("x: expected text, got nothing")),
        (Str(allow_empty=False), "  ", INVALID, err("x: must not be empty")),
        (Str(allow_empty=False), "a", "a", []),
        (Str(), True, INVALID, err("x: expected text, got true/false")),
        (Str(), ["a"], INVALID, err("x: expected text, got a list")),
        (Str(max_len=3), "abc", "abc", []),
        (Str(max_len=3), "abcd", INVALID, err("x: too long (4 characters; limit 3)")),
        (Str(max_len=3), 1234, INVALID, err("x: too long (4 characters; limit 3)")),
        (Str(), "x" * 200, "x" * 200, []),
        (Str(), "x" * 201, INVALID, err("x: too long (201 characters; limit 200)")),
        (Str(), "a\x1bb", INVALID, err("x: contains control characters")),
        (Str(), "a\nb", INVALID, err("x: contains control characters")),
        (Str(), "a\x1f", INVALID, err("x: contains control characters")),
        (Str(), "a b~\x7f", "a b~\x7f", []),
    ],
)
def test_str(spec, value, out, msgs):
    assert run(spec, value) == (out, msgs)


@pytest.mark.parametrize(
    "value, out, msgs",
    [
        (True, True, []),
        (False, False, []),
        (1, INVALID, err("x: expected true or false, got a whole number")),
        # what YAML 1.1 read as true/false (the reader warns; the field takes it)
        ("yes", True, []),
        (" Off ", False, []),
        ("ON", True, []),
        ("yEs", INVALID, err("x: expected true or false, got text")),
        ("true", INVALID, err("x: expected true or false, got text")),
        (None, INVALID, err("x: expected true or false, got nothing")),
    ],
)
def test_bool(value, out, msgs):
    assert run(Bool(), value) == (out, msgs)


MOTION = Enum(choices=("biped", "quad"), aliases={"Four-Legged": "quad", 2: "biped"})


@pytest.mark.parametrize(
    "value, out, msgs",
    [
        ("quad", "quad", []),
        (" QUAD ", "quad", []),
        ("four-legged", "quad", []),
        ("2", "biped", []),
        (2, "biped", []),
        ("qaud", INVALID, err("x: unknown value 'qaud' (did you mean 'quad'?); expected one of biped, quad")),
        (
            "four-leged",
            INVALID,
            err("x: unknown value 'four-leged' (did you mean 'Four-Legged'?); expected one of biped, quad"),
        ),
        ("zzz", INVALID, err("x: unknown value 'zzz'; expected one of biped, quad")),
        (None, INVALID, err("x: expected one of biped, quad")),
        (["quad"], INVALID, err("x: expected one of biped, quad")),
        ({"quad": 1}, INVALID, err("x: expected one of biped, quad")),
    ],
)
def test_enum(value, out, msgs):
    assert run(MOTION, value) == (out, msgs)


def test_enum_lookup_prefers_a_choice_over_an_alias():
    e = Enum(choices=("a", "b"), aliases={"A": "b"})
    assert e.lookup("a") == "a" and e.lookup("B") == "b" and e.lookup("c") is None
    assert Enum(choices=(1, 2)).lookup(" 2") == 2


def test_list_checks_length_and_every_item_at_its_position():
    seq = parse_yaml("l: [1, x, 3, y]\n", "u.yaml")["l"]
    out, msgs = run(List(item=Int()), seq, "unit.l")
    assert out is INVALID
    assert msgs == [
        "u.yaml:1:8: unit.l[2]: expected a whole number, got text",
        "u.yaml:1:14: unit.l[4]: expected a whole number, got text",
    ]
    out, msgs = run(List(item=Int()), parse_yaml("l: [1, 2.0]\n", "u.yaml")["l"])
    assert out == [1, 2] and isinstance(out, YSeq) and out.pos == Pos(1, 4)
    assert out.item_pos == [Pos(1, 5), Pos(1, 8)] and msgs == []
    assert run(List(item=Int()), ["a", 1]) == (INVALID, err("x[1]: expected a whole number, got text"))
    out, msgs = run(List(item=Int()), [1, "a"])  # a plain list: the list's own position
    assert out is INVALID and msgs == err("x[2]: expected a whole number, got text")
    out, _ = run(List(item=Int()), [7])
    assert out.pos == AT and out.item_pos == [AT]


@pytest.mark.parametrize(
    "spec, value, out, msgs",
    [
        (List(item=Int()), None, [], []),
        (List(item=Int()), "a", INVALID, err("x: expected a list, got text")),
        (List(item=Int()), {"a": 1}, INVALID, err("x: expected a list, got a mapping")),
        (List(item=Int(), min_len=2), [1], INVALID, err("x: needs at least 2 items")),
        (List(item=Int(), min_len=2), [1, 2], [1, 2], []),
        (List(item=Int(), min_len=1), None, INVALID, err("x: needs at least 1 item")),
        (List(item=Int(), max_len=2), [1, 2], [1, 2], []),
        (List(item=Int(), max_len=2), [1, 2, 3], INVALID, err("x: too many items (3; limit 2)")),
        (List(item=Int()), [0] * 1000, [0] * 1000, []),
        (List(item=Int()), [0] * 1001, INVALID, err("x: too many items (1001; limit 1000)")),
    ],
)
def test_list(spec, value, out, msgs):
    assert run(spec, value) == (out, msgs)


def test_one_of_takes_the_first_alternative_that_fits():
    spec = OneOf(options=(Int(min=0), Str(max_len=3)), message="a number or a short name")
    assert run(spec, 5) == (5, [])
    assert run(spec, "abc") == ("abc", [])
    assert run(spec, -1) == ("-1", [])  # the number is refused, the text form accepted
    assert run(spec, "abcd") == (INVALID, err("x: a number or a short name"))
    assert run(OneOf(options=(Int(),)), "a") == (INVALID, err("x: invalid value"))
    out, _ = run(OneOf(options=(Int(), List(item=Int()))), [1])  # the accepted value keeps its position
    assert out == [1] and out.pos == AT and out.item_pos == [AT]


UNIT = Obj(
    fields={
        "name": Str(allow_empty=False),
        "tons": Int(min=2, max=15, default=5),
        "tags": List(item=Str(), default=list),
        "rank": Str(default=None),
    },
    aliases={"mass": "tons", "Title": "name"},
    extra_ok=("notes",),
)


def test_obj_fills_defaults_and_calls_factories():
    out, msgs = run(UNIT, {"name": "Roc"})
    assert msgs == [] and out == {"name": "Roc", "tons": 5, "tags": [], "rank": None}
    other, _ = run(UNIT, {"name": "Hobb"})
    assert other["tags"] is not out["tags"]  # a fresh list each time
    assert list(out) == ["name", "tons", "tags", "rank"]


def test_obj_aliases_extras_and_positions():
    doc = parse_yaml("Title: Roc\nmass: 3\nnotes: [anything, {goes: here}]\n", "u.yaml")
    out, msgs = run(UNIT, doc, "unit")
    assert msgs == [] and out["name"] == "Roc" and out["tons"] == 3
    assert out["notes"] == ["anything", {"goes": "here"}]
    assert isinstance(out, YMap) and out.pos == Pos(1, 1)
    assert out.key_pos_of("tons") == Pos(2, 1) and out.pos_of("tons") == Pos(2, 7)
    assert out.key_pos_of("notes") == Pos(3, 1) and out.pos_of("notes") == Pos(3, 8)
    assert out.pos_of("tags") == Pos(1, 1)  # a default has no position of its own: the mapping's


def test_obj_reports_unknown_twice_missing_and_bad_keys():
    doc = parse_yaml("tosn: 3\nname: A\nTitle: B\ntons: 99\n", "u.yaml")
    out, msgs = run(UNIT, doc, "unit")
    assert out is INVALID
    assert msgs == [
        "u.yaml:1:1: unit: unknown key 'tosn' (did you mean 'tons'?)",
        "u.yaml:3:1: unit: 'Title' given twice",
        "u.yaml:4:7: unit.tons: 99 is out of range (2–15)",
    ]
    out, msgs = run(UNIT, parse_yaml("tons: 3\n", "u.yaml"), "unit")
    assert out is INVALID and msgs == ["u.yaml:1:1: unit: missing required key 'name'"]
    out, msgs = run(UNIT, {"tons": 3, "name": "A", 7: 1}, "unit")
    assert out is INVALID and msgs == err("unit: unknown key 7")
    out, msgs = run(UNIT, {"tons": 3}, "unit")  # a plain mapping: problems at its position
    assert out is INVALID and msgs == err("unit: missing required key 'name'")
    out, _ = run(UNIT, {"name": "A"})
    assert out.pos == AT and out.pos_of("name") == AT
    assert run(UNIT, "Roc", "unit") == (INVALID, err("unit: expected a mapping, got text"))
    assert run(UNIT, None, "unit") == (INVALID, err("unit: expected a mapping, got nothing"))


def test_keys_after_a_passed_through_one_are_still_checked():
    out, msgs = run(UNIT, {"notes": "free", "name": "A", "tons": 99}, "unit")
    assert out is INVALID and msgs == err("unit.tons: 99 is out of range (2–15)")


def test_obj_names_the_key_path_from_the_top():
    spec = Obj(fields={"pilot": Obj(fields={"skill": Int(max=8)})})
    out, msgs = run(spec, {"pilot": {"skill": 9}}, "")
    assert out is INVALID and msgs == err("pilot.skill: 9 is out of range (at most 8)")
    out, msgs = run(spec, {"pilot": {"skill": 9}}, "unit 'Roc'")
    assert msgs == err("unit 'Roc'.pilot.skill: 9 is out of range (at most 8)")
    out, msgs = run(spec, {"pilot": {"skill": 1}}, "")
    assert out == {"pilot": {"skill": 1}} and msgs == []


def test_an_invalid_value_invalidates_the_mapping_but_every_key_is_checked():
    out, msgs = run(Obj(fields={"a": Int(), "b": Int()}), {"a": "x", "b": "y"})
    assert out is INVALID and len(msgs) == 2


ARMOR = MapOf(keys=Enum(choices=("head", "torso"), aliases={"ct": "torso"}), value=Int(min=0))


def test_map_of():
    doc = parse_yaml("armor: {Head: 2, ct: 5}\n", "u.yaml")["armor"]
    out, msgs = run(ARMOR, doc, "unit.armor")
    assert msgs == [] and out == {"head": 2, "torso": 5} and isinstance(out, YMap)
    assert (
        out.pos == Pos(1, 8) and out.key_pos_of("torso") == Pos(1, 18) and out.pos_of("torso") == Pos(1, 22)
    )
    out, msgs = run(ARMOR, parse_yaml("armor: {hed: 2, torso: -1, torsoo: 1}\n", "u.yaml")["armor"], "a")
    assert out is INVALID
    assert msgs == [
        "u.yaml:1:9: a: unknown key 'hed' (did you mean 'head'?)",
        "u.yaml:1:24: a.torso: -1 is out of range (at least 0)",
        "u.yaml:1:28: a: unknown key 'torsoo' (did you mean 'torso'?)",
    ]
    assert run(ARMOR, {"head": 1}) == ({"head": 1}, [])
    assert run(ARMOR, {"head": "x"}) == (INVALID, err("x.head: expected a whole number, got text"))
    assert run(ARMOR, {"head": "x", "torso": 1}) == (
        INVALID,
        err("x.head: expected a whole number, got text"),
    )
    assert run(ARMOR, [1]) == (INVALID, err("x: expected a mapping, got a list"))
    out, _ = run(ARMOR, {"torso": 1})
    assert out.pos == AT and out.pos_of("torso") == AT


def test_required_and_schema_defaults():
    assert Int().required and not Int(default=None).required and Spec().default is MISSING
    assert Int(default=3, description="d").json_schema() == {
        "type": "integer",
        "default": 3,
        "description": "d",
    }
    assert Int(default=None).json_schema() == {"type": "integer"}
    assert List(item=Int(), default=list).json_schema() == {
        "anyOf": [{"type": "array", "items": {"type": "integer"}, "maxItems": 1000}, {"type": "null"}]
    }
    assert Int(default=0).json_schema() == {"type": "integer", "default": 0}
    assert Bool(default=False).json_schema() == {
        "anyOf": [
            {"type": "boolean"},
            {"type": "string", "pattern": f"^{S}(?:yes|Yes|YES|on|On|ON|no|No|NO|off|Off|OFF){S}$"},
        ],
        "default": False,
    }
    # the words for completion, and the same words in any letter case (what the loader takes)
    assert Enum(choices=("a",), aliases={"b": "a"}).json_schema() == {
        "anyOf": [{"enum": ["a", "b"]}, {"type": "string", "pattern": f"^{S}(?:[aA]|[bB]){S}$"}]
    }
    assert Enum(choices=(1, 2)).json_schema() == {"enum": [1, 2]}
    assert List(item=Int(), min_len=2, max_len=3).json_schema() == {
        "type": "array",
        "items": {"type": "integer"},
        "minItems": 2,
        "maxItems": 3,
    }
    assert Int(min=0).json_schema() == {"type": "integer", "minimum": 0}
    assert Int(max=0).json_schema() == {"type": "integer", "maximum": 0}
    # a number is a name too; an empty or blank name is refused, null is "" where allowed
    assert Str(allow_empty=False, max_len=5).json_schema() == {
        "anyOf": [
            {"type": "string", "maxLength": 5, "not": {"pattern": CONTROL}, "minLength": 1, "pattern": NAMED},
            {"type": "number"},
        ]
    }
    assert Str(completions=("b", "a", "a")).json_schema() == {
        "anyOf": [
            {"enum": ["a", "b"]},
            {"type": "string", "maxLength": 200, "not": {"pattern": CONTROL}},
            {"type": "number"},
            {"type": "null"},
        ]
    }
    assert Str(completions=lambda: ["x"]).json_schema()["anyOf"][0] == {"enum": ["x"]}
    with pytest.raises(NotImplementedError):
        Spec().check(1, None, Problems("u"), "x")
    with pytest.raises(NotImplementedError):
        Spec().json_schema()
    assert repr(INVALID) == "INVALID"


NAME = {
    "anyOf": [
        {"type": "string", "maxLength": 200, "not": {"pattern": CONTROL}, "minLength": 1, "pattern": NAMED},
        {"type": "number"},
    ]
}
TEXT = {
    "anyOf": [
        {"type": "string", "maxLength": 200, "not": {"pattern": CONTROL}},
        {"type": "number"},
        {"type": "null"},
    ]
}


def test_obj_json_schema_lists_aliases_and_required_keys():
    assert UNIT.json_schema() == {
        "type": "object",
        "properties": {
            "name": NAME,
            "tons": {"type": "integer", "minimum": 2, "maximum": 15, "default": 5},
            "tags": {"anyOf": [{"type": "array", "items": TEXT, "maxItems": 1000}, {"type": "null"}]},
            "rank": TEXT,
            "mass": {"type": "integer", "minimum": 2, "maximum": 15, "default": 5},
            "Title": NAME,
        },
        "additionalProperties": False,
        # name is required, and may be written as its alias Title
        "allOf": [{"anyOf": [{"required": ["name"]}, {"required": ["Title"]}]}],
    }
    assert Obj(fields={"a": Int(default=1)}).json_schema() == {
        "type": "object",
        "properties": {"a": {"type": "integer", "default": 1}},
        "additionalProperties": False,
    }


def test_locate_finds_the_deepest_known_node():
    doc = parse_yaml("armor:\n  head: 3\nweapons:\n  - {name: LRM, loc: torso}\n  - x\n", "u.yaml")
    assert locate(doc, ("armor", "head")) == Pos(2, 9)
    assert locate(doc, ("armor",)) == Pos(2, 3)
    assert locate(doc, ("armor", "nothing")) == Pos(2, 3)
    assert locate(doc, ("weapons", 0, "loc")) == Pos(4, 22)
    assert locate(doc, ("weapons", 1)) == Pos(5, 5)
    assert locate(doc, ("weapons", 2, "loc")) == Pos(4, 3)
    assert locate(doc, ("weapons", -1)) == Pos(4, 3)
    assert locate(doc, ("weapons", "0")) == Pos(4, 3)
    assert locate(doc, ()) == Pos(1, 1)
    assert locate(doc, ("zz",)) == Pos(1, 1)
    assert locate({"a": 1}, ("a",)) is None
    node = YMap(a=YMap(b=1))
    node.pos = Pos(9, 9)
    assert locate(node, ("a", "b")) == Pos(9, 9)  # children without positions: the nearest known
