"""Exact positions and messages of the core loader (each assertion here was written against a
mutant that survived the rest of the suite)."""

import pytest

from sheets.core.errors import InputError
from sheets.core.game import BUILTIN
from sheets.core.loader import load_file
from sheets.core.schema import Int, OneOf, Str
from sheets.core.yamlio import _clamp


def test_clamp_puts_end_of_stream_errors_on_the_last_line():
    def at(*args):
        pos = _clamp(*args)
        return pos.line, pos.col

    assert at("", 0, 0) == (1, 1)
    assert at("ab\ncde\n", 5, 3) == (2, 4)  # past the end: after the last character
    assert at("ab\ncde", 1, 2) == (2, 3)
    assert at("ab\ncde", 0, 0) == (1, 1)


def test_unknown_system_names_the_known_ones_at_its_position(write):
    src = write("u.yaml", "# a comment\nsystem: battletek\nunits: []\n")
    with pytest.raises(InputError) as exc:
        load_file(src)
    (p,) = exc.value.problems
    assert str(p).startswith(f"{src}:2:9: unknown system 'battletek' (did you mean 'battletech'?); known: ")
    names = str(p).split("; known: ")[1].split(", ")
    assert set(BUILTIN) <= set(names) and len(names) == len(set(names))
    src = write("v.yaml", "system: 7\nunits: []\n")
    with pytest.raises(InputError) as exc:
        load_file(src)
    assert str(exc.value.problems[0]).startswith(f"{src}:1:9: unknown system 7; known: ")


def test_one_of_schema_lists_its_alternatives():
    schema = OneOf(options=(Int(), Str()), description="a number or a name").json_schema()
    assert schema["anyOf"][0]["type"] == "integer"
    # a name: text, a number or nothing, one alternative per type (no `type` list: ajv warns)
    assert [alt["type"] for alt in schema["anyOf"][1]["anyOf"]] == ["string", "number", "null"]
    assert schema["description"] == "a number or a name"


@pytest.mark.parametrize(
    "exc, message",
    [
        (PermissionError(13, "Permission denied"), "cannot write here: permission denied"),
        (FileExistsError(17, "File exists"), "cannot create the folder: a file is in the way"),
        (NotADirectoryError(20, "Not a directory"), "cannot write here: a parent is not a folder"),
        (OSError(28, "No space left on device"), "cannot write: the disk is full (nothing was written)"),
        (
            OSError(27, "File too large"),
            "cannot write: the file would be larger than this system allows (ulimit -f); nothing was written",
        ),
        (OSError("plain"), "cannot write here: plain"),
    ],
)
def test_write_errors_name_the_reason(exc, message):
    from sheets.core.fsio import _write_error

    err = _write_error("out.pdf", exc)
    assert [str(p) for p in err.problems] == [f"out.pdf: {message}"]


def test_file_kinds_are_named():
    import stat

    from sheets.core.fsio import _kind

    assert _kind(stat.S_IFIFO) == "a FIFO (named pipe)"
    assert _kind(stat.S_IFCHR) == "a device" and _kind(stat.S_IFBLK) == "a device"
    assert _kind(stat.S_IFSOCK) == "a socket" and _kind(stat.S_IFDIR) == "a directory"
    assert _kind(stat.S_IFREG) == "a special file"


def test_load_mapping_reports_without_positions_and_keeps_warnings():
    from sheets.core.loader import load_mapping

    with pytest.raises(InputError) as exc:
        load_mapping({"system": "battletech", "units": [{"name": "X", "tons": 30}]}, "import.blk")
    problems = exc.value.problems
    assert problems and all(p.path == "import.blk" and p.pos is None for p in problems)
    assert all(str(p).startswith("import.blk: ") for p in problems)
    ok = load_mapping(
        {
            "system": "battletech",
            "units": [
                {
                    "name": "Y",
                    "tons": 2,
                    "walk": 3,
                    "armor": {"head": 1, "torso": 1, "right_arm": 1, "left_arm": 1, "legs": 1},
                }
            ],
        },
        "ok.blk",
    )
    assert [u.name for u in ok.units] == ["Y"] and all(w.pos is None for w in ok.warnings)


def test_json_schema_of_every_spec_kind():
    """`sheets schema` output is JSON Schema: the keywords are spelled as the standard spells them."""
    from sheets.core.schema import BLANKS as S
    from sheets.core.schema import CONTROL, NAMED, Bool, Enum, List, MapOf, Obj

    # blanks spelt out as Python's str.isspace() has them (ECMA-262's \\s is another set)
    assert S == "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*"
    assert NAMED == "[^\\x00-\\x20" + S[15:-1]  # not blank, not a control character
    assert CONTROL == "[\\x00-\\x08\\x0a-\\x1f]"
    YAML11_WORDS = {"type": "string", "pattern": f"^{S}(?:yes|Yes|YES|on|On|ON|no|No|NO|off|Off|OFF){S}$"}

    spec = Obj(
        fields={
            "name": Str(allow_empty=False, max_len=40, description="the name"),
            "n": Int(min=0, max=9, default=3),
            "ok": Bool(default=False),
            "tags": List(item=Str(), min_len=1, max_len=5),
            "m": MapOf(keys=Enum(choices=("a", "b")), value=Int()),
            "e": Enum(choices=("x", "y")),
        },
        description="unit",
        title="Unit",
    )
    assert spec.json_schema() == {
        "type": "object",
        "properties": {
            "name": {
                "anyOf": [
                    {
                        "type": "string",
                        "maxLength": 40,
                        "not": {"pattern": CONTROL},
                        "minLength": 1,
                        "pattern": NAMED,
                    },
                    {"type": "number"},
                ],
                "description": "the name",
            },
            "n": {"type": "integer", "minimum": 0, "maximum": 9, "default": 3},
            # true/false, or a word YAML 1.1 read as one (the reader warns about it)
            "ok": {"anyOf": [{"type": "boolean"}, YAML11_WORDS], "default": False},
            "tags": {
                "type": "array",
                "items": {
                    "anyOf": [
                        {"type": "string", "maxLength": 200, "not": {"pattern": CONTROL}},
                        {"type": "number"},
                        {"type": "null"},
                    ]
                },
                "minItems": 1,
                "maxItems": 5,
            },
            "m": {
                "type": "object",
                "propertyNames": {
                    "anyOf": [{"enum": ["a", "b"]}, {"type": "string", "pattern": f"^{S}(?:[aA]|[bB]){S}$"}]
                },
                "additionalProperties": {"type": "integer"},
            },
            "e": {"anyOf": [{"enum": ["x", "y"]}, {"type": "string", "pattern": f"^{S}(?:[xX]|[yY]){S}$"}]},
        },
        "additionalProperties": False,
        "required": ["name", "tags", "m", "e"],
        "title": "Unit",
        "description": "unit",
    }
    assert Str().json_schema() == {
        "anyOf": [
            {"type": "string", "maxLength": 200, "not": {"pattern": CONTROL}},
            {"type": "number"},
            {"type": "null"},
        ]
    }
    # an empty `weapons:` (null) is an empty list to the loader
    assert List(item=Int()).json_schema() == {
        "anyOf": [{"type": "array", "items": {"type": "integer"}, "maxItems": 1000}, {"type": "null"}]
    }
    assert MapOf(keys=Enum(choices=("k",)), value=Bool()).json_schema() == {
        "type": "object",
        "propertyNames": {"anyOf": [{"enum": ["k"]}, {"type": "string", "pattern": f"^{S}(?:[kK]){S}$"}]},
        "additionalProperties": {"anyOf": [{"type": "boolean"}, YAML11_WORDS]},
    }
