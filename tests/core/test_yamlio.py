"""YAML reading with positions (issue 10, findings 4 and 5): every bad value is reported at its
node as ``file:line:col: message``, never raised; aliases are shared, not expanded."""

import pytest
import yaml

import sheets.core.yamlio as yamlio
from sheets.core.errors import InputError, Pos
from sheets.core.yamlio import YMap, YSeq, load_yaml, parse_yaml, read_text


def problems_of(text, path="f.yaml"):
    with pytest.raises(InputError) as exc:
        parse_yaml(text, path)
    return [str(p) for p in exc.value.problems]


def test_positions_of_maps_sequences_keys_and_values():
    doc = parse_yaml("# c\nname: Roc\nlist:\n  - 1\n  -   two\nmap: {a: 1}\n", "f.yaml")
    assert isinstance(doc, YMap) and doc == {"name": "Roc", "list": [1, "two"], "map": {"a": 1}}
    assert doc.pos == Pos(2, 1) and doc.pos.file == "f.yaml"
    assert doc.key_pos_of("name") == Pos(2, 1) and doc.pos_of("name") == Pos(2, 7)
    assert doc.key_pos_of("list") == Pos(3, 1) and doc.pos_of("list") == Pos(4, 3)
    seq = doc["list"]
    assert isinstance(seq, YSeq) and seq.pos == Pos(4, 3)
    assert seq.item_pos == [Pos(4, 5), Pos(5, 7)] and seq.pos_of(1) == Pos(5, 7)
    assert doc["map"].pos == Pos(6, 6) and doc["map"].pos_of("a") == Pos(6, 10)


def test_a_missing_key_or_index_points_at_the_container():
    m = YMap(a=1)
    m.pos = Pos(3, 1)
    assert m.pos_of("zz") == Pos(3, 1) and m.key_pos_of("zz") == Pos(3, 1)
    assert m.key_pos == {} and m.value_pos == {}
    s = YSeq([1, 2])
    s.pos, s.item_pos = Pos(5, 2), [Pos(5, 4), Pos(6, 4)]
    assert s.pos_of(0) == Pos(5, 4) and s.pos_of(1) == Pos(6, 4)
    assert s.pos_of(2) == Pos(5, 2) and s.pos_of(-1) == Pos(5, 2)
    assert YMap().pos is None and YSeq().pos is None
    assert YMap({"a": 1}, b=2) == {"a": 1, "b": 2} and YSeq((1, 2)) == [1, 2]


def test_an_alias_is_the_same_object_not_a_copy():
    doc = parse_yaml("a: &x [1, {b: 2}]\nb: *x\nc: &s text\nd: *s\ne: &m {k: [*m]}\nf: *m\n", "f.yaml")
    assert doc["a"] is doc["b"] and doc["d"] == "text"
    assert doc["e"] is doc["f"] and doc["e"]["k"][0] is doc["e"]  # a mapping holding itself


def test_merge_keys_work_and_a_bad_one_is_positioned():
    doc = parse_yaml("base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n", "f.yaml")
    assert doc["m"] == {"x": 1, "y": 3}  # a key written out wins over the merged one (was "duplicate key")
    assert doc["m"].pos_of("y") == Pos(4, 6) and doc["m"].pos_of("x") == Pos(1, 14)
    # of several merged mappings the first listed wins; keys written twice are still duplicates
    doc = parse_yaml("a: &a {x: 1}\nb: &b {x: 2, z: 2}\nm: {<<: [*a, *b], y: 0}\n", "f.yaml")
    assert doc["m"] == {"x": 1, "z": 2, "y": 0}
    assert problems_of("b: &b {y: 0}\nm: {<<: *b, y: 1, y: 2}\n") == ["f.yaml:2:19: duplicate key 'y'"]
    assert problems_of("a: 1\n<<: 5\n") == [
        "f.yaml:2:5: bad merge key '<<': expected a mapping or list of mappings for merging, but found scalar"
    ]
    with pytest.raises(InputError) as exc:  # every position names its file (problems move between reports)
        parse_yaml("a: 1\n<<: 5\n", "g.yaml")
    assert exc.value.problems[0].pos.file == "g.yaml"


def test_nesting_deeper_than_64_levels_is_refused():
    ok = parse_yaml("[" * 64 + "1" + "]" * 64, "f.yaml")  # the 1 sits at depth 64
    assert ok is not None
    assert problems_of("[" * 65 + "1" + "]" * 65) == ["f.yaml:1:66: nesting deeper than 64 levels"]
    assert problems_of("a: " + "[" * 65 + "]" * 65) == ["f.yaml:1:68: nesting deeper than 64 levels"]
    assert problems_of("[" * 5000 + "]" * 5000) == ["f.yaml: malformed YAML: nesting too deep"]


def test_keys_and_items_are_capped_at_ten_thousand(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_KEYS", 3)
    monkeypatch.setattr(yamlio, "MAX_ITEMS", 2)
    assert parse_yaml("{a: 1, b: 2, c: 3}", "f.yaml") == {"a": 1, "b": 2, "c": 3}
    assert problems_of("x: 0\nm: {a: 1, b: 2, c: 3, d: 4}") == ["f.yaml:2:4: too many keys (4; limit 3)"]
    assert parse_yaml("[1, 2]", "f.yaml") == [1, 2]
    assert problems_of("x: 0\nl: [1, 2, 3]") == ["f.yaml:2:4: too many items (3; limit 2)"]
    assert (yamlio.MAX_KEYS, yamlio.MAX_ITEMS) == (3, 2)
    monkeypatch.undo()
    assert (yamlio.MAX_KEYS, yamlio.MAX_ITEMS, yamlio.MAX_DEPTH) == (10_000, 10_000, 64)


def test_keys_must_be_plain_and_unique():
    assert problems_of("? [1]\n: 2\nb: 1\n") == ["f.yaml:1:3: a key must be a plain value"]
    assert problems_of("a: 1\nb: 2\n a2: 3\n") != []
    assert problems_of("a: 1\nb: 2\na: 3\n") == ["f.yaml:3:1: duplicate key 'a'"]
    assert problems_of("a: 1\na: 2\nb: !!int x\n") == [
        "f.yaml:2:1: duplicate key 'a'",
        "f.yaml:3:4: bad value 'x': not a whole number",
    ]
    # a key is one level below its mapping: its own nesting counts too
    assert problems_of("? " + "[" * 64 + "1" + "]" * 64 + "\n: v\n") == [
        "f.yaml:1:67: nesting deeper than 64 levels",
        "f.yaml:1:3: a key must be a plain value",
    ]
    assert problems_of("{a: 1, ? {b: 1} : 2, c: 3, a: 4}") == [
        "f.yaml:1:10: a key must be a plain value",
        "f.yaml:1:28: duplicate key 'a'",
    ]


@pytest.mark.parametrize(
    "value, message",
    [
        ("!!int abc", "1:4: bad value 'abc': not a whole number"),
        ("!!int ''", "1:4: bad value '': not a whole number"),
        ("!!float x", "1:4: bad value 'x': not a number"),
        ("!!float ''", "1:4: bad value '': not a number"),  # was an IndexError (exit 3)
        ("!!bool maybe", "1:4: bad value 'maybe': not true or false"),
        ("!!timestamp x", "1:4: bad value 'x': not a date"),
        (
            "!!binary aGk=",
            "1:4: the YAML tag '!!binary' is not supported here (plain values, lists and mappings only)",
        ),
        (
            "!custom x",
            "1:4: the YAML tag '!custom' is not supported here (plain values, lists and mappings only)",
        ),
        (
            "!!python/name:os.system ''",
            "1:4: the YAML tag '!!python/name:os.system' is not "
            "supported here (plain values, lists and mappings only)",
        ),
        (
            "!!" + "z" * 50,
            "1:4: the YAML tag '!!" + "z" * 38 + "'… (52 characters) is not supported here "
            "(plain values, lists and mappings only)",
        ),
        ("1" * 101, "1:4: number too long (101 digits)"),
        ("-" + "1" * 100, "1:4: number too long (101 digits)"),
    ],
)
def test_a_value_its_tag_cannot_hold_is_reported_at_the_node(value, message):
    assert problems_of(f"a: {value}\n") == [f"f.yaml:{message}"]


@pytest.mark.parametrize(
    "value, result",
    [
        ("2001-02-03", "2001-02-03"),  # dates stay text
        ("2001-02-30", "2001-02-30"),
        ("2001-2-3 10:00", "2001-2-3 10:00"),
        ("!!timestamp 2001-02-03t1", "2001-02-03t1"),
        ("1" * 100, int("1" * 100)),
        ("!!int 1_000", "error"),  # YAML 1.2 has no 1_000 (1.1 read 1000)
        ("!!int 010", 10),
        ("0o17", 15),
        ("0x1F", 31),
        ("010", 10),
        ("1e3", 1000.0),
        ("-.inf", float("-inf")),
        ("yes", "yes"),  # YAML 1.2 text (the reader warns: YAML 1.1 read true)
        ("1_000", "1_000"),
        ("1:30", "1:30"),
        ("!!null x", None),
        ("!!str 12", "12"),
        ("true", True),
        ("1.5", 1.5),
        ("~", None),
    ],
)
def test_plain_values(value, result):
    if result == "error":
        assert problems_of(f"a: {value}\n") == [
            f"f.yaml:1:4: bad value {value.split()[1]!r}: not a whole number"
        ]
        return
    assert parse_yaml(f"a: {value}\n", "f.yaml") == {"a": result}


def test_malformed_yaml_is_one_positioned_line():
    assert problems_of("a: [1\n") == [
        "f.yaml:1:6: malformed YAML: while parsing a flow sequence: did not find expected ',' or ']'"
    ]
    assert problems_of("a: b: c\n") == [
        "f.yaml:1:5: malformed YAML: mapping values are not allowed in this context"
    ]
    assert problems_of("a: 1\nb: *nowhere\n") == [
        "f.yaml:2:4: malformed YAML: found undefined alias 'nowhere'"
    ]
    assert problems_of("--- 1\n--- 2\n") == [
        "f.yaml:2:1: malformed YAML: expected a single document in the stream: but found another document"
    ]
    assert problems_of("a: 'x") == [
        "f.yaml:1:6: malformed YAML: while scanning a quoted scalar: found unexpected end of stream"
    ]


def test_a_long_parser_message_is_cut_to_300_characters(monkeypatch):
    def fail(self):
        raise yaml.parser.ParserError("c" * 200, None, "p" * 200, yaml.Mark("f", 0, 0, 0, None, None))

    monkeypatch.setattr(yamlio._Loader, "get_single_node", fail)
    (msg,) = problems_of("a: 1\n")
    assert msg == "f.yaml:1:1: malformed YAML: " + ("c" * 200 + ": " + "p" * 200)[:300]


def test_a_parser_error_without_a_problem_text_gives_its_first_line(monkeypatch):
    def fail(self):
        raise yaml.composer.ComposerError(None, None, None, yaml.Mark("f", 0, 1, 2, None, None))

    monkeypatch.setattr(yamlio._Loader, "get_single_node", fail)
    assert problems_of("ab\ncdef\n") == ['f.yaml:2:3: malformed YAML: in "f", line 2, column 3']


def test_a_parser_error_without_marks_has_no_position(monkeypatch):
    def fail(self):
        raise yaml.parser.ParserError(None, None, "odd", None)

    monkeypatch.setattr(yamlio._Loader, "get_single_node", fail)
    assert problems_of("a: 1\n") == ["f.yaml: malformed YAML: odd"]


def test_other_yaml_errors_have_no_position(monkeypatch):
    def fail(self):
        raise yaml.YAMLError("strange\nsecond line")

    monkeypatch.setattr(yamlio._Loader, "get_single_node", fail)
    assert problems_of("a: 1\n") == ["f.yaml: malformed YAML: strange"]
    assert yamlio._first_line(yaml.YAMLError("")) == "YAMLError"
    assert yamlio._first_line(yaml.YAMLError("  x" * 100 + "\ny")) == ("  x" * 100).strip()[:200]


def test_the_loader_is_disposed_even_when_parsing_fails(monkeypatch):
    disposed = []
    real = yamlio._Loader.dispose
    monkeypatch.setattr(yamlio._Loader, "dispose", lambda self: disposed.append(1) or real(self))
    problems_of("a: [\n")
    parse_yaml("a: 1\n", "f.yaml")
    assert disposed == [1, 1]


@pytest.mark.parametrize(
    "text, where, code",
    [
        ("a: 1\nb: \x1b\n", "2:4", "U+001B"),
        ("a: 1\nb: 2\ncc: \x1b\n", "3:5", "U+001B"),
        ("\x07", "1:1", "U+0007"),
        ("name: Жук \x1b\n", "1:11", "U+001B"),  # the column counts characters, not UTF-8 bytes
        ("имя: Жук\nb: ё\x1b\n", "2:5", "U+001B"),
        ("a: \ufffe\n", "1:4", "U+FFFE"),
    ],
)
def test_control_characters_are_one_positioned_line(text, where, code):
    assert problems_of(text) == [f"f.yaml:{where}: malformed YAML: control character {code} is not allowed"]


def test_the_pure_python_reader_gives_the_same_positions(monkeypatch):
    """PyYAML without libyaml: its reader counts characters, and names the character itself."""

    class PyLoader(yaml.SafeLoader):
        pass

    monkeypatch.setattr(yamlio, "_Loader", PyLoader)
    assert problems_of("name: Жук \x1b\n") == [
        "f.yaml:1:11: malformed YAML: control character U+001B is not allowed"
    ]
    assert parse_yaml("a: [1]\n", "f.yaml") == {"a": [1]}


def test_many_flow_brackets_of_either_kind_go_to_the_python_composer():
    assert yamlio._shallow("- {}\n" * yamlio.SHALLOW_BRACKETS)
    assert not yamlio._shallow("- {}\n" * (yamlio.SHALLOW_BRACKETS + 1))
    assert not yamlio._shallow(
        "- []\n" * (yamlio.SHALLOW_BRACKETS // 2) + "- {}\n" * (yamlio.SHALLOW_BRACKETS // 2 + 1)
    )


def test_clamp_keeps_a_position_inside_the_text():
    assert yamlio._clamp("", 3, 9) == Pos(1, 1)
    assert yamlio._clamp("ab\ncd", 2, 0) == Pos(2, 3)
    assert yamlio._clamp("ab\ncd", 1, 1) == Pos(2, 2)


def test_an_empty_document_is_an_error():
    assert problems_of("") == ["f.yaml:1:1: the file is empty"]
    assert problems_of("# only a comment\n") == ["f.yaml:1:1: the file is empty"]


def test_read_text_decodes_utf8_and_drops_a_bom(tmp_path):
    f = tmp_path / "u.yaml"
    f.write_bytes("\ufeffname: Жук\n".encode("utf-8"))
    assert read_text(f) == "name: Жук\n"
    assert load_yaml(f) == {"name": "Жук"} and load_yaml(str(f)).pos.file == str(f)
    f.write_bytes(b"a: 1\nbb: \xff\n")
    with pytest.raises(InputError) as exc:
        read_text(f)
    assert [str(p) for p in exc.value.problems] == [f"{f}:2:5: not valid UTF-8 text: save the file as UTF-8"]
    for data, where in ((b"\xfe", "1:1"), (b"\n\xfe", "2:1"), (b"a\nb\ncd\xfe", "3:3")):
        f.write_bytes(data)
        with pytest.raises(InputError) as exc:
            read_text(f)
        assert [str(p) for p in exc.value.problems] == [
            f"{f}:{where}: not valid UTF-8 text: save the file as UTF-8"
        ]


def test_files_over_five_megabytes_are_refused(tmp_path, monkeypatch):
    assert yamlio.MAX_BYTES == 5 * 1024 * 1024
    monkeypatch.setattr(yamlio, "MAX_BYTES", 10)
    f = tmp_path / "u.yaml"
    f.write_text("a: 12345\n")
    assert read_text(f) == "a: 12345\n"
    f.write_text("a: 1234567\n")
    with pytest.raises(InputError, match=r"file too large \(limit 10 bytes\)"):
        read_text(f)


def test_many_problems_in_one_file_are_all_collected():
    text = "".join(f"k{i}: !!int x{i}\n" for i in range(3))
    assert problems_of(text) == [
        f"f.yaml:{i + 1}:{len(f'k{i}: ') + 1}: bad value 'x{i}': not a whole number" for i in range(3)
    ]
