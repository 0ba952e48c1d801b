"""The loader's in-memory paths (``load_source``, ``memory_name``, ``load_file('-')``), which the
API and the page stand on: every ``from:`` check of the file-system reader holds among named
bytes too (control characters, length, suffix, the 100-file cap one past), names resolve
relative to the naming file with ``/`` or ``\\``, a converter is handed the sources and says which
it used, and its warnings come first. Checked against the toy game of ``conftest``."""

from __future__ import annotations

import io
import sys

import pytest

from sheets.core import loader
from sheets.core.errors import InputError, Problem
from sheets.core.game import Options
from sheets.core.loader import STDIN_NAME, load_file, load_source, memory_name

ONE = b"system: toy\nunits: [{name: Lib, cost: 3}]\n"


def refused(name: str, data: bytes, sources: dict | None = None, **kw) -> list[str]:
    with pytest.raises(InputError) as exc:
        load_source(name, data, sources or {}, **kw)
    return [str(p) for p in exc.value.problems]


# -- memory_name ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ref, base, name",
    [
        ("lib.yaml", "army/point.yaml", "army/lib.yaml"),
        ("../lib/a.yaml", "army/point.yaml", "lib/a.yaml"),
        ("lib\\a.yaml", "army/point.yaml", "army/lib/a.yaml"),  # a Windows separator in the ref
        ("lib.yaml", "army\\sub\\point.yaml", "army/sub/lib.yaml"),  # ... and in the naming file's name
        ("/lib/a.yaml", "army/point.yaml", "lib/a.yaml"),  # absolute: from the top, no "/"
        ("./a/./b/../c.yaml", "p.yaml", "a/c.yaml"),
        ("a.yaml", "p.yaml", "a.yaml"),
        ("/Xlib/a.yaml", "army/p.yaml", "Xlib/a.yaml"),  # only the leading "/" goes
        ("", "p.yaml", ""),  # nothing stays nothing
    ],
)
def test_memory_name_resolves_relative_to_the_naming_file(ref, base, name):
    assert memory_name(ref, base) == name


# -- from: among the sources ------------------------------------------------------------------------


def test_from_reads_a_source_and_reports_it_used_once_for_two_references(toy):
    roster = b"system: toy\nunits: [{from: ../lib/a.yaml}, {from: ..\\lib\\a.yaml, cost: 4}]\n"
    loaded, used = load_source("army/p.yaml", roster, {"lib/a.yaml": ONE, "lib/b.yaml": ONE})
    assert [(u.name, u.cost) for u in loaded.units] == [("Lib", 3), ("Lib", 4)]
    assert used == {"lib/a.yaml"}  # the same file twice: one name; b.yaml is not named


@pytest.mark.parametrize(
    "ref, message",
    [
        ("a\\x01b.yaml", "'from' must be a file path (it contains control characters)"),
        ("a\\x7fb.yaml", "'from' must be a file path (it contains control characters)"),
        ("a\\x1fb.yaml", "'from' must be a file path (it contains control characters)"),
    ],
)
def test_from_with_a_control_character_is_refused(toy, ref, message):
    data = f'system: toy\nunits: [{{from: "{ref}"}}]\n'.encode()
    assert refused("p.yaml", data) == [f"p.yaml:2:16: {message}"]


def test_a_space_is_not_a_control_character(toy):
    # " " (32) is the first allowed character: a name with a space resolves
    loaded, used = load_source("p.yaml", b'system: toy\nunits: [{from: "a b.yaml"}]\n', {"a b.yaml": ONE})
    assert used == {"a b.yaml"} and loaded.units[0].name == "Lib"


def test_from_of_1000_characters_is_looked_up_1001_is_too_long(toy):
    at = "d/" * 497 + "x.yaml"  # 994 + 6 = 1000 characters
    assert len(at) == 1000
    past = "d" + at
    [p] = refused("p.yaml", f"system: toy\nunits: [{{from: {at}}}]\n".encode())
    assert p.startswith("p.yaml:2:16: '") and "is not one of the opened files" in p
    assert refused("p.yaml", f"system: toy\nunits: [{{from: {past}}}]\n".encode()) == [
        "p.yaml:2:16: 'from' is too long for a file path"
    ]


@pytest.mark.parametrize("ref", ["notes.txt", "a.yaml.bak", "passwd"])
def test_from_a_file_that_is_not_yaml_names_it(toy, ref):
    data = f"system: toy\nunits: [{{from: {ref}}}]\n".encode()
    # even when such a source was given: it is never read
    assert refused("p.yaml", data, {ref: ONE}) == [
        f"p.yaml:2:16: 'from' names a unit file ending in .yaml or .yml; '{ref}' does not"
    ]


@pytest.mark.parametrize("suffix", [".yml", ".YAML"])
def test_from_accepts_both_yaml_suffixes_in_any_case(toy, suffix):
    loaded, used = load_source(
        "p.yaml", f"system: toy\nunits: [{{from: lib{suffix}}}]\n".encode(), {f"lib{suffix}": ONE}
    )
    assert used == {f"lib{suffix}"} and [u.name for u in loaded.units] == ["Lib"]


def test_did_you_mean_offers_other_yaml_sources_but_never_the_naming_file(toy):
    data = b"system: toy\nunits: [{from: p.yml}]\n"
    # the naming file itself and a non-YAML source are no suggestion; the other YAML one is
    assert refused("p.yaml", data, {"p.yaml.txt": ONE, "q.yml": ONE}) == [
        "p.yaml:2:16: 'p.yml' is not one of the opened files (a 'from:' resolves only among them) "
        "(did you mean 'q.yml'?)"
    ]
    assert refused("p.yaml", data) == [
        "p.yaml:2:16: 'p.yml' is not one of the opened files (a 'from:' resolves only among them)"
    ]


def test_one_hundred_sources_by_from_load_the_hundred_and_first_is_refused(toy):
    sources = {f"f{i}.yaml": f"system: toy\nunits: [{{name: U{i}}}]\n".encode() for i in range(101)}
    refs = ", ".join(f"{{from: f{i}.yaml}}" for i in range(100))
    loaded, used = load_source("at.yaml", f"system: toy\nunits: [{refs}]\n".encode(), sources)
    assert len(loaded.units) == 100 and len(used) == 100
    more = refs + ", {from: f100.yaml}"
    [p] = refused("past.yaml", f"system: toy\nunits: [{more}]\n".encode(), sources)
    assert p.endswith("cannot read 'f100.yaml': too many files referenced (limit 100)")


# -- options, the expected game -------------------------------------------------------------------


def test_load_source_passes_the_options_and_the_expected_game(toy):
    loaded, _ = load_source("p.yaml", b"system: toy\nunits: [{name: A}]\n", {}, Options(rules="tw"))
    assert loaded.units[0].rules == "tw"
    assert refused("p.yaml", b"system: toy\nunits: [{name: A}]\n", expect_game="plain") == [
        "p.yaml:1:9: expected a plain file, got toy"
    ]


# -- converters -----------------------------------------------------------------------------------


class Mapping(dict):
    """A converter's result: the mapping, the sources it read and its own warnings."""


def _install(monkeypatch, convert):
    monkeypatch.setattr(sys.modules["sheets_core_test_toy"], "convert", convert, raising=True)


def test_a_converter_that_reads_sources_gets_them_and_says_which_it_used(toy, monkeypatch):
    seen = {}

    def convert(name, data, sources):
        seen.update(name=name, data=data, sources=sorted(sources))
        out = Mapping(system="toy", units=[{"name": "Conv", "cost": 5}])
        out.used = ("lib/a.yaml", "lib/a.yaml")
        out.warnings = [Problem(name, None, "left out: Ghost", "warning")]
        return out

    convert.reads_sources = True
    _install(monkeypatch, convert)
    loaded, used = load_source("force.toyx", b"raw", {"lib/a.yaml": ONE}, Options(rules="tw"))
    assert seen == {"name": "force.toyx", "data": b"raw", "sources": ["force.toyx", "lib/a.yaml"]}
    assert used == {"lib/a.yaml"}
    assert [(u.name, u.cost, u.rules) for u in loaded.units] == [("Conv", 5, "tw")]
    assert [str(w) for w in loaded.warnings] == ["force.toyx: warning: left out: Ghost"]


def test_a_converter_of_bytes_only_gets_the_name_and_the_bytes(toy, monkeypatch):
    seen = []

    def convert(*args, **kw):
        seen.append((args, kw))
        return Mapping(system="toy", units=[{"name": "Plain", "warn": True}])

    _install(monkeypatch, convert)
    loaded, used = load_source("u.toyx", b"raw", {"x.yaml": ONE}, expect_game="toy")
    assert seen == [(("u.toyx", b"raw"), {})]
    assert used == set()
    # the game's own warning, without a line (the intermediate YAML's positions mean nothing)
    assert [str(w) for w in loaded.warnings] == ["u.toyx: warning: unit 'Plain': check the name"]
    with pytest.raises(InputError) as exc:
        load_source("u.toyx", b"raw", {}, expect_game="plain")
    assert [str(p) for p in exc.value.problems] == [
        "u.toyx: expected a plain file, got toy",
        "u.toyx: warning: unit 'Plain': check the name",
    ]


def test_the_converters_warnings_come_before_the_games(toy, monkeypatch):
    def convert(name, data):
        out = Mapping(system="toy", units=[{"name": "W", "warn": True}])
        out.warnings = [Problem(name, None, "first", "warning")]
        return out

    _install(monkeypatch, convert)
    loaded, _ = load_source("u.toyx", b"raw", {})
    assert [w.message for w in loaded.warnings] == ["first", "unit 'W': check the name"]


def test_load_mapping_keeps_the_order_of_the_keys(toy):
    # units in the order given: the dump does not sort (a sorted dump would put "cost" first and
    # still load, but the roster's own order of units must survive)
    loaded = loader.load_mapping({"units": [{"name": "B"}, {"name": "A"}], "system": "toy"}, "m.toyx")
    assert [u.name for u in loaded.units] == ["B", "A"]


# -- standard input ---------------------------------------------------------------------------------


def _stdin(monkeypatch, data: bytes):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_dash_reads_standard_input_with_the_options_and_the_expected_game(toy, monkeypatch):
    _stdin(monkeypatch, b"system: toy\nunits: [{name: In, cost: 2}]\n")
    loaded = load_file("-", Options(rules="tw"))
    assert [(u.name, u.cost, u.rules) for u in loaded.units] == [("In", 2, "tw")]
    _stdin(monkeypatch, b"system: toy\nunits: [{name: In, armor: 11}]\n")
    with pytest.raises(InputError) as exc:
        load_file("-", expect_game="plain")
    assert [str(p) for p in exc.value.problems] == [
        f"{STDIN_NAME}:1:9: expected a plain file, got toy",
        f"{STDIN_NAME}:2:27: unit 'In': armour 11 is over 10",
    ]


def test_empty_standard_input_is_one_problem(toy, monkeypatch):
    _stdin(monkeypatch, b"")
    with pytest.raises(InputError) as exc:
        load_file("-")
    assert [str(p) for p in exc.value.problems] == ["<stdin>: standard input is empty"]


# -- named bytes: the size cap and the NUL check of a file on disk ---------------------------------


def test_named_bytes_of_exactly_5_mib_load_one_byte_more_is_refused(toy):
    head = b"system: toy\nunits: [{name: Big}]\n"
    at = head + b"#" + b"x" * (5 * 1024 * 1024 - len(head) - 2) + b"\n"
    assert len(at) == 5_242_880
    loaded, _ = load_source("big.yaml", at, {})
    assert [u.name for u in loaded.units] == ["Big"]
    past = at[:-1] + b"x\n"
    assert len(past) == 5_242_881
    assert refused("big.yaml", past) == ["big.yaml: file too large (limit 5242880 bytes)"]
    # a library named by from: has the same cap, and the message names the library
    assert refused("p.yaml", b"system: toy\nunits: [{from: big.yaml}]\n", {"big.yaml": past}) == [
        "p.yaml:2:16: cannot read 'big.yaml': file too large (limit 5242880 bytes)"
    ]


def test_named_bytes_with_a_nul_are_not_text_unless_wide_unicode(toy):
    assert refused("n.yaml", b"system: toy\x00\nunits: []\n") == [
        "n.yaml: not a text file (contains NUL bytes)"
    ]
    wide = "system: toy\nunits: [{name: Широкий}]\n".encode("utf-16")  # its BOM says so
    loaded, _ = load_source("w.yaml", wide, {})
    assert [u.name for u in loaded.units] == ["Широкий"]


def test_a_librarys_yaml_error_names_the_library(toy):
    assert refused("p.yaml", b"system: toy\nunits: [{from: lib.yaml}]\n", {"lib.yaml": b"units: [\n"}) == [
        "lib.yaml:1:9: malformed YAML: while parsing a flow node: did not find expected node content"
    ]


# -- standard input: bytes, text, the cap ----------------------------------------------------------


def test_standard_input_is_read_as_bytes_so_windows_1251_gets_its_hint(toy, monkeypatch):
    _stdin(monkeypatch, "system: toy\nunits: [{name: Привет}]\n".encode("cp1251"))
    with pytest.raises(InputError) as exc:
        load_file("-")
    assert [str(p) for p in exc.value.problems] == [
        "<stdin>:2:16: not valid UTF-8 text (it looks like Windows-1251, Cyrillic): save the file as UTF-8"
    ]


def test_standard_input_without_a_byte_buffer_is_read_as_text(toy, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("system: toy\nunits: [{name: Текст}]\n"))
    assert [u.name for u in load_file("-").units] == ["Текст"]


def test_standard_input_with_a_nul_is_named_stdin(toy, monkeypatch):
    _stdin(monkeypatch, b"system: toy\x00\n")
    with pytest.raises(InputError) as exc:
        load_file("-")
    assert [str(p) for p in exc.value.problems] == ["<stdin>: not a text file (contains NUL bytes)"]


@pytest.mark.parametrize("text_mode", [False, True])
def test_standard_input_of_exactly_5_mib_loads_one_byte_more_is_refused(toy, monkeypatch, text_mode):
    tail = b"\nunits: [{name: Last}]"  # the last byte matters: a shorter read cannot parse
    at = b"system: toy\n#" + b"x" * (5 * 1024 * 1024 - 13 - len(tail)) + tail
    assert len(at) == 5_242_880

    def feed(data):
        if text_mode:
            monkeypatch.setattr(sys, "stdin", io.StringIO(data.decode()))
        else:
            _stdin(monkeypatch, data)

    feed(at)
    assert [u.name for u in load_file("-").units] == ["Last"]
    feed(at.replace(b"#x", b"#xx", 1))
    with pytest.raises(InputError) as exc:
        load_file("-")
    assert [str(p) for p in exc.value.problems] == ["<stdin>: file too large (limit 5242880 bytes)"]


# -- small pins found by the core run ----------------------------------------------------------------


@pytest.mark.parametrize("body, mark", [(" {k: 1}", "x"), (" [1]", "y"), (" 1", "z")])
def test_a_long_tag_is_cut_at_40_characters_in_each_node_kind(body, mark):
    from sheets.core.yamlio import parse_yaml

    with pytest.raises(InputError) as exc:
        parse_yaml("a: !" + mark * 60 + body, "f.yaml")
    assert [str(p) for p in exc.value.problems] == [
        f"f.yaml:1:4: the YAML tag '!{mark * 39}'… (61 characters) is not supported here "
        "(plain values, lists and mappings only)"
    ]


def test_every_unit_is_checked_after_an_invalid_one(toy):
    data = (
        b"system: toy\nunits:\n  - {name: A, cost: -1}\n  - {name: B, cost: -2}\n  - {name: C, armor: 11}\n"
    )
    assert refused("p.yaml", data) == [
        "p.yaml:3:21: unit 'A'.cost: -1 is out of range (at least 0)",
        "p.yaml:4:21: unit 'B'.cost: -2 is out of range (at least 0)",
        "p.yaml:5:22: unit 'C': armour 11 is over 10",
    ]


@pytest.mark.parametrize(
    "spec, value, bounds",
    [
        (dict(min=0), -1, "at least 0"),
        (dict(max=5), 6, "at most 5"),
        (dict(min=1, max=5), 0, "1–5"),
        (dict(min=1, max=5), 6, "1–5"),
    ],
)
def test_an_int_out_of_range_names_its_bounds_on_one_side_or_both(spec, value, bounds):
    from sheets.core.errors import Problems
    from sheets.core.schema import INVALID, Int

    problems = Problems("f.yaml")
    assert Int(**spec).check(value, None, problems, "n") is INVALID
    assert [p.message for p in problems.all] == [f"n: {value} is out of range ({bounds})"]
    assert Int(**spec).check(value + (1 if value < 1 else -1), None, Problems("f.yaml"), "n") != INVALID
