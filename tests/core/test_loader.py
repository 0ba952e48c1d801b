"""The shared loader of unit files and rosters, against the toy game of conftest.py: every
problem at its ``file:line:col``, rule variants, rosters, ``from:`` references and their caps."""

from types import SimpleNamespace

import pytest

import sheets.core.loader as loader
from sheets.core import game as registry
from sheets.core.errors import InputError, Pos
from sheets.core.fsio import check_target, reset_inputs
from sheets.core.game import Options
from sheets.core.loader import load_file, load_mapping
from sheets.core.schema import CONTROL

KNOWN = "battletech, dmech, dust, lnl, plain, toy, wh40k6"


@pytest.fixture
def load(toy, write):
    def _load(text, name="u.yaml", **kw):
        return load_file(write(name, text), **kw)

    return _load


@pytest.fixture
def fails(load, tmp_path):
    """fails(text) -> the problems as strings, with the folder replaced by '.'"""

    def _fails(text, name="u.yaml", **kw):
        with pytest.raises(InputError) as exc:
            load(text, name, **kw)
        return [str(p).replace(f"{tmp_path}/", "") for p in exc.value.problems]

    return _fails


UNIT = "system: toy\nunits:\n  - {name: Roc, cost: 5}\n"


def test_a_unit_file_loads_into_the_games_units(load, toy, tmp_path):
    loaded = load(UNIT)
    assert loaded.path == str(tmp_path / "u.yaml") and loaded.game is toy
    assert [(u.name, u.cost, u.rules) for u in loaded.units] == [("Roc", 5, "classic")]
    assert loaded.options.rules == "classic" and loaded.roster is None and not loaded.is_roster
    # of the YAML only what later messages need: the unit's position and its printed texts'
    assert loaded.entries[0] == {(): Pos(3, 5), ("name",): Pos(3, 12)}
    assert loaded.position(0, ["name"]) == Pos(3, 12) and loaded.position(0, ("cost",)) == Pos(3, 5)
    assert loaded.warnings == []


def test_options_reach_the_game_as_a_copy(load):
    opts = Options(lang="ru", paper="letter", mono=True, extra={"size": "poker"})
    loaded = load(UNIT, options=opts)
    o = loaded.options
    assert (o.lang, o.paper, o.mono, o.rules, o.extra) == ("ru", "letter", True, "classic", {"size": "poker"})
    assert o.extra is not opts.extra and opts.rules is None


def test_the_top_level(fails, load):
    assert fails("- a\n") == ["u.yaml:1:1: expected a mapping with 'system:' and 'units:'"]
    assert fails("5\n") == ["u.yaml:1:1: expected a mapping with 'system:' and 'units:'"]
    assert fails("\n\n  [1]\n") == ["u.yaml:3:3: expected a mapping with 'system:' and 'units:'"]
    assert fails("units: []\nunit: 1\n7: x\n") == [
        "u.yaml:2:1: unknown top-level key 'unit' (did you mean 'units'?)",
        "u.yaml:3:1: unknown top-level key 7",
        f"u.yaml:1:1: missing 'system:' (one of: {KNOWN})",
    ]
    assert fails("# c\nsystem: ~\nunits: []\n") == [f"u.yaml:2:1: missing 'system:' (one of: {KNOWN})"]
    assert fails("system: toys\nrules: tw\nunits: []\n") == [
        f"u.yaml:1:9: unknown system 'toys' (did you mean 'toy'?); known: {KNOWN}"
    ]
    assert fails("system: [toy]\nunits: []\n") == [
        f"u.yaml:1:9: unknown system a list of 1 item; known: {KNOWN}"
    ]
    assert load("system: ' ToY '\nunits: [{name: A}]\n").game.id == "toy"


def test_the_units_list(fails, monkeypatch):
    assert fails("system: toy\n") == ["u.yaml:1:1: 'units:' must be a non-empty list of units"]
    assert fails("system: toy\nunits: []\n") == ["u.yaml:2:8: 'units:' must be a non-empty list of units"]
    assert fails("system: toy\nunits: {name: A}\n") == [
        "u.yaml:2:8: 'units:' must be a non-empty list of units"
    ]
    assert fails("system: toy\nunits:\n  -\n  - {name: A}\n  - ~\n") == [
        "u.yaml:3:4: units[1]: an empty entry (write the unit, or remove the '-')",
        "u.yaml:5:5: units[3]: an empty entry (write the unit, or remove the '-')",
    ]
    assert loader.MAX_UNITS == 500
    monkeypatch.setattr(loader, "MAX_UNITS", 2)
    assert fails("system: toy\nunits: [{name: A}, {name: B}, {name: C}]\n") == [
        "u.yaml:2:8: too many units (3; limit 2 per file)"
    ]


def test_a_two_unit_file_at_the_cap_loads(load, monkeypatch):
    monkeypatch.setattr(loader, "MAX_UNITS", 2)
    assert [u.name for u in load("system: toy\nunits: [{name: A}, {name: B}]\n").units] == ["A", "B"]


def test_unit_problems_are_labelled_by_name_or_index(fails):
    assert fails(
        "system: toy\nunits:\n  - {name: Roc, cost: -1}\n  - {cost: x}\n  - {name: ' ', cots: 1}\n  - [1]\n"
    ) == [
        "u.yaml:3:23: unit 'Roc'.cost: -1 is out of range (at least 0)",
        "u.yaml:4:12: units[2].cost: expected a whole number, got text",
        "u.yaml:4:5: units[2]: missing required key 'name'",
        "u.yaml:5:12: units[3].name: must not be empty",
        "u.yaml:5:17: units[3]: unknown key 'cots' (did you mean 'cost'?)",
        "u.yaml:6:5: units[4]: expected a mapping, got a list",
    ]
    long = "N" * 70
    assert fails(f"system: toy\nunits:\n  - {{name: {long}, armor: x}}\n") == [
        f"u.yaml:3:91: unit {long[:60]!r}… (70 characters).armor: expected a whole number, got text"
    ]


def test_rule_issues_point_into_the_unit(fails, load):
    assert fails("system: toy\nunits:\n  - name: Roc\n    armor: 11\n") == [
        "u.yaml:4:12: unit 'Roc': armour 11 is over 10"
    ]
    loaded = load("system: toy\nunits:\n  - {name: Roc, warn: true}\n")
    assert [str(p) for p in loaded.warnings] == [f"{loaded.path}:3:12: warning: unit 'Roc': check the name"]
    # a warning never fails the file, an error does and keeps the warning
    assert fails("system: toy\nunits:\n  - {name: Roc, warn: true, armor: 12}\n") == [
        "u.yaml:3:36: unit 'Roc': armour 12 is over 10",
        "u.yaml:3:12: warning: unit 'Roc': check the name",
    ]


def test_force_checks_run_when_every_unit_was_built(fails, toy):
    """Checks across units need every unit: they run when each entry's structure is right, also
    when a unit breaks its own rules (issue 20: one run, no fix-and-rerun), not otherwise."""
    assert fails("system: toy\nunits:\n  - {name: A, leader: true}\n  - {name: B, leader: true}\n") == [
        "u.yaml:4:23: unit 'B': only one leader"
    ]
    assert toy.calls == [("force", ["A", "B"])]
    toy.calls.clear()
    got = fails("system: toy\nunits:\n  - {name: A, leader: true}\n  - {name: B, leader: true, armor: 20}\n")
    assert got == ["u.yaml:4:36: unit 'B': armour 20 is over 10", "u.yaml:4:23: unit 'B': only one leader"]
    assert toy.calls == [("force", ["A", "B"])]
    toy.calls.clear()
    got = fails("system: toy\nunits:\n  - {name: A, leader: true}\n  - {name: B, leader: true, armr: 2}\n")
    assert len(got) == 1 and "unknown key 'armr'" in got[0]  # B not built: no force check
    assert toy.calls == []


@pytest.mark.parametrize(
    "text, opts, variant",
    [
        ("rules: TW\n", None, "tw"),
        ("rules: ' classic '\n", None, "classic"),
        ("rules: ~\n", None, "classic"),
        ("", None, "classic"),
        ("rules: tw\n", "classic", "classic"),  # the command line wins over the file
        ("", "tw", "tw"),
    ],
)
def test_rule_variants(load, text, opts, variant):
    loaded = load(f"system: toy\n{text}units: [{{name: A}}]\n", options=Options(rules=opts))
    assert loaded.options.rules == variant and loaded.units[0].rules == variant


def test_bad_rule_variants(fails, load):
    assert fails("system: toy\nrules: tww\nunits: [{name: A}]\n") == [
        "u.yaml:2:8: unknown rules variant 'tww' (did you mean 'tw'?); expected one of classic, tw"
    ]
    assert fails("system: toy\nrules: 5\nunits: [{name: A}]\n") == [
        "u.yaml:2:8: unknown rules variant 5; expected one of classic, tw"
    ]
    assert fails("system: toy\nunits: [{name: A}]\n", options=Options(rules="zz")) == [
        "u.yaml: toy has no rules variant 'zz'"
    ]
    assert fails("system: plain\nrules: x\nunits: [{name: A}]\n") == [
        "u.yaml:2:8: plain has no rule variants"
    ]
    plain = load("system: plain\nunits: [{name: A}]\n", options=Options(rules="tw"))
    assert plain.options.rules is None and plain.units[0].rules is None
    assert load("system: plain\nunits: [{name: A}]\n").options.rules is None


def test_expect_game(fails, load):
    assert fails(UNIT, expect_game="dust") == ["u.yaml:1:9: expected a dust file, got toy"]
    assert load(UNIT, expect_game="toy").game.id == "toy"


def test_a_roster(load, fails):
    loaded = load("system: toy\nroster: {name: Star, limit: 100, notes: n, side: US}\nunits: [{name: A}]\n")
    assert loaded.roster == {"name": "Star", "limit": 100, "notes": "n", "side": "US"} and loaded.is_roster
    loaded = load("system: toy\nroster:\nunits: [{name: A}]\n")
    assert loaded.roster == {"name": "", "limit": None, "notes": "", "side": ""}
    assert fails("system: toy\nroster: {limit: -1, nmae: x}\nunits: [{name: A}]\n") == [
        "u.yaml:2:17: roster.limit: -1 is out of range (0–10000000)",
        "u.yaml:2:21: roster: unknown key 'nmae' (did you mean 'name'?)",
    ]
    assert fails("system: toy\nroster: {limit: 10000001}\nunits: [{name: A}]\n") == [
        "u.yaml:2:17: roster.limit: 10000001 is out of range (0–10000000)"
    ]
    assert load("system: toy\nroster: {limit: 10000000}\nunits: [{name: A}]\n").roster["limit"] == 10_000_000
    assert fails("system: toy\nroster: {side: " + "s" * 81 + "}\nunits: [{name: A}]\n") == [
        "u.yaml:2:16: roster.side: too long (81 characters; limit 80)"
    ]
    assert fails("system: toy\nroster: {notes: " + "n" * 2001 + "}\nunits: [{name: A}]\n") == [
        "u.yaml:2:17: roster.notes: too long (2001 characters; limit 2000)"
    ]
    assert fails("system: toy\nroster: [1]\nunits: [{name: A}]\n") == [
        "u.yaml:2:9: roster: expected a mapping, got a list"
    ]


def test_every_problem_of_a_file_is_reported_together(fails):
    assert fails("system: toy\nrules: x\nroster: {limit: x}\nunits:\n  - {name: A, cost: x}\n") == [
        "u.yaml:2:8: unknown rules variant 'x'; expected one of classic, tw",
        "u.yaml:3:17: roster.limit: expected a whole number, got text",
        "u.yaml:5:21: unit 'A'.cost: expected a whole number, got text",
    ]


# -- from: references ---------------------------------------------------------------------


def test_a_reference_takes_the_unit_and_applies_overrides(load, write, tmp_path, toy, monkeypatch):
    checked = []  # the checked mapping the game builds each unit from (Loaded keeps no YAML tree)
    build = toy.build_unit
    monkeypatch.setattr(toy, "build_unit", lambda entry, opts: checked.append(entry) or build(entry, opts))
    write(
        "lib/units.yaml",
        "system: toy\nunits:\n  - {name: Roc, cost: 5, armor: 3}\n  - {name: 3060, cost: 1}\n",
    )
    loaded = load(
        "system: toy\nunits:\n  - {from: lib/units.yaml, name: ' roc ', cost: 9}\n"
        "  - {from: lib/units.yaml, name: 3060}\n"
    )
    assert [(u.name, u.cost, u.armor) for u in loaded.units] == [("Roc", 9, 3), ("3060", 1, 0)]
    entry = checked[0]
    lib = str(tmp_path / "lib" / "units.yaml")
    assert entry.pos == Pos(3, 5) and entry.pos_of("cost") == Pos(3, 49)  # the override: this file
    assert (
        entry.pos_of("armor") == Pos(3, 33) and entry.pos_of("armor").file == lib
    )  # the rest: the other file
    assert entry.key_pos_of("armor") == Pos(3, 26) and entry.key_pos_of("cost") == Pos(3, 43)
    assert "from" not in entry


def test_a_reference_problem_points_into_the_referenced_file(fails, write):
    write("lib.yaml", "system: toy\nunits:\n  - {name: Roc, armor: 11}\n")
    assert fails("system: toy\nunits:\n  - {from: lib.yaml}\n") == [
        "lib.yaml:3:24: unit 'Roc': armour 11 is over 10"
    ]


def test_a_single_unit_file_needs_no_name_and_references_chain(load, write):
    write("a.yaml", "system: toy\nunits:\n  - {from: b.yaml, cost: 2}\n")
    write("b.yaml", "system: toy\nunits:\n  - {name: Deep, cost: 1, armor: 4}\n")
    loaded = load("system: toy\nunits:\n  - {from: a.yaml}\n")
    assert [(u.name, u.cost, u.armor) for u in loaded.units] == [("Deep", 2, 4)]


@pytest.mark.parametrize(
    "entry, lib, message",
    [
        ("{from: 5}", None, "3:12: 'from' must be a file path"),
        ("{from: '  '}", None, "3:12: 'from' must be a file path"),
        ('{from: "a\\tb.yaml"}', None, "3:12: 'from' must be a file path (it contains control characters)"),
        ('{from: "a\\x7fb.yaml"}', None, "3:12: 'from' must be a file path (it contains control characters)"),
        ("{from: " + "a" * 997 + ".yml}", None, "3:12: 'from' is too long for a file path"),
        (
            "{from: /etc/passwd}",
            None,
            "3:12: 'from' names a unit file ending in .yaml or .yml; '/etc/passwd' does not "
            "(after following links)",
        ),
        ("{from: none.yaml}", None, "3:12: cannot read 'none.yaml': no such file"),
        ("{from: lib.yaml}", "units: [{name: A}]\n", "3:12: 'lib.yaml' is a unknown file, not toy"),
        (
            "{from: lib.yaml}",
            "system: dust\nunits: [{name: A}]\n",
            "3:12: 'lib.yaml' is a 'dust' file, not toy",
        ),
        (
            "{from: lib.yaml}",
            "system: [toy]\nunits: [{name: A}]\n",
            "3:12: 'lib.yaml' is a unknown file, not toy",
        ),
        (
            "{from: lib.yaml}",
            "system: " + "s" * 40 + "\nunits: [{name: A}]\n",
            "3:12: 'lib.yaml' is a '" + "s" * 30 + "'… (40 characters) file, not toy",
        ),
        (
            "{from: lib.yaml}",
            "system: toy\nunits: {name: A}\n",
            "3:12: 'lib.yaml' is not a unit file (no 'units:' list)",
        ),
        ("{from: lib.yaml}", "- 1\n", "3:12: 'lib.yaml' is not a unit file (no 'units:' list)"),
        (
            "{from: lib.yaml}",
            "system: toy\nunits: [{name: A}, {name: B}, 5]\n",
            "3:5: 'lib.yaml' has 2 units: say which with 'name:'",
        ),
        (
            "{from: lib.yaml}",
            "system: toy\nunits: [5]\n",
            "3:5: 'lib.yaml' has 0 units: say which with 'name:'",
        ),
        (
            "{from: lib.yaml, name: Rok}",
            "system: toy\nunits: [{name: Roc}, {name: 7}, {cost: 1}]\n",
            "3:28: no unit named 'Rok' in 'lib.yaml' (did you mean 'Roc'?)",
        ),
        (
            "{from: lib.yaml, name: ''}",
            "system: toy\nunits: [{cost: 1}, {name: B}]\n",
            "3:28: no unit named '' in 'lib.yaml'",
        ),
        (
            "{from: lib.yaml, name: " + str(2**199) + "}",
            "system: toy\nunits: [{name: '" + str(2**199) + "'}]\n",
            "3:28: no unit named " + str(2**199) + " in 'lib.yaml'",
        ),  # 200 bits: not read as a name
        (
            "{from: lib.yaml, name: [Roc]}",
            "system: toy\nunits: [{name: Roc}]\n",
            "3:28: no unit named a list of 1 item in 'lib.yaml'",
        ),
        (
            "{from: lib.yaml, name: true}",
            "system: toy\nunits: [{name: true}]\n",
            "3:28: no unit named True in 'lib.yaml'",
        ),
        (
            "{from: lib.yaml, name: " + "9" * 70 + "}",
            "system: toy\nunits: [{name: " + "9" * 70 + "}]\n",
            "3:28: no unit named a 233-bit number in 'lib.yaml'",
        ),
    ],
)
def test_reference_problems(fails, write, entry, lib, message):
    if lib is not None:
        write("lib.yaml", lib)
    found = fails(f"system: toy\nunits:\n  - {entry}\n")
    assert found == [f"u.yaml:{message}"]


def test_a_path_with_spaces_and_up_to_1000_characters_is_a_path(load, fails, write):
    write("my units/lib one.yaml", "system: toy\nunits: [{name: A}]\n")
    assert [u.name for u in load("system: toy\nunits: [{from: my units/lib one.yaml}]\n").units] == ["A"]
    ref = "a" * 995 + ".yaml"  # 1000 characters: tried (the system refuses so long a name)
    (msg,) = fails(f"system: toy\nunits: [{{from: {ref}}}]\n")
    assert msg.startswith("u.yaml:2:16: cannot read 'aaaa") and "too long for a file path" not in msg


def test_a_number_name_matches_a_number_or_text(load, write):
    big = str(2**198)  # 199 bits: still a name
    write("lib.yaml", f"system: toy\nunits: [{{name: '7'}}, {{name: 1.5}}, {{name: '{big}'}}]\n")
    loaded = load(
        f"system: toy\nunits: [{{from: lib.yaml, name: 7}}, {{from: lib.yaml, name: '1.5'}}, "
        f"{{from: lib.yaml, name: {big}}}]\n"
    )
    assert [u.name for u in loaded.units] == ["7", "1.5", big]


def test_a_broken_referenced_file_reports_its_own_problems(fails, write):
    write("lib.yaml", "system: toy\nunits: [\n")
    (msg,) = fails("system: toy\nunits:\n  - {from: lib.yaml}\n")
    assert msg.startswith("lib.yaml:2:9: malformed YAML: ")


def test_reference_loops_and_caps(fails, write, load, monkeypatch):
    write("loop.yaml", "system: toy\nunits:\n  - {from: loop.yaml}\n")
    assert fails("system: toy\nunits:\n  - {from: loop.yaml}\n") == [
        "loop.yaml:3:5: references nested too deeply (a loop?)"
    ]
    write("lib.yaml", "system: toy\nunits: [{name: A}]\n")
    assert (loader.MAX_REFERENCES, loader.MAX_FILES, loader.MAX_REF_DEPTH) == (2000, 100, 8)
    monkeypatch.setattr(loader, "MAX_REFERENCES", 2)
    assert len(load("system: toy\nunits: [{from: lib.yaml}, {from: lib.yaml}]\n").units) == 2
    assert fails(
        "system: toy\nunits: [{from: lib.yaml}, {from: lib.yaml}, {from: lib.yaml}, {from: lib.yaml}]\n"
    ) == ["u.yaml:2:45: too many 'from' references (limit 2 per file)"]


def test_a_chain_of_eight_references_is_the_deepest(fails, write, load):
    for i in range(9):
        write(f"c{i}.yaml", f"system: toy\nunits: [{{from: c{i + 1}.yaml}}]\n")
    write("c9.yaml", "system: toy\nunits: [{name: End}]\n")
    assert [u.name for u in load("system: toy\nunits: [{from: c2.yaml}]\n").units] == ["End"]
    assert fails("system: toy\nunits: [{from: c1.yaml}]\n") == [
        "c8.yaml:2:9: references nested too deeply (a loop?)"
    ]


def test_too_many_files(fails, write, load, monkeypatch):
    for name in "abc":
        write(f"{name}.yaml", f"system: toy\nunits: [{{name: {name}}}]\n")
    monkeypatch.setattr(loader, "MAX_FILES", 1)
    assert [u.name for u in load("system: toy\nunits: [{from: a.yaml}, {from: a.yaml}]\n").units] == [
        "a",
        "a",
    ]
    assert fails("system: toy\nunits: [{from: a.yaml}, {from: b.yaml}]\n") == [
        "u.yaml:2:32: cannot read 'b.yaml': too many files referenced (limit 1)"
    ]


def test_each_file_is_read_once(load, write, monkeypatch):
    write("lib.yaml", "system: toy\nunits: [{name: A}, {name: B}]\n")
    reads = []
    real = loader.load_yaml
    monkeypatch.setattr(loader, "load_yaml", lambda p: reads.append(p) or real(p))
    load("system: toy\nunits: [{from: lib.yaml, name: A}, {from: ./lib.yaml, name: B}]\n")
    assert len(reads) == 2  # the roster and lib.yaml (once, though named two ways)


def test_a_foreign_file_is_converted_in_memory(toy, write):
    reset_inputs()
    src = write("army.toyx", "anything")
    loaded = load_file(src)
    assert [(u.name, u.cost) for u in loaded.units] == [("from army.toyx", 7)] and loaded.path == str(src)
    with pytest.raises(Exception, match="is an input of this command"):
        check_target(src)
    reset_inputs()
    import sheets.core.game

    def no_games():  # a unit file or a name without suffix never loads every game plug-in
        raise AssertionError("all_games() called")

    with pytest.MonkeyPatch.context() as m:
        m.setattr(sheets.core.game, "all_games", no_games)
        assert loader._foreign_reader("x.yaml") is None and loader._foreign_reader("README") is None
        assert loader._foreign_reader("x.YML") is None
    assert loader._foreign_reader("x.unknownext") is None
    assert loader._foreign_reader("X.TOYX") is sys_module_convert()


def test_a_foreign_file_gets_the_options_and_the_expected_game(toy, write, monkeypatch):
    src = write("army.toyx", "anything")
    assert load_file(src, Options(lang="ru", rules="tw"), "toy").options.rules == "tw"
    with pytest.raises(InputError) as exc:
        load_file(src, None, "dust")
    assert [str(p) for p in exc.value.problems] == [f"{src}: expected a dust file, got toy"]
    # a duck-typed plug-in without file_formats is passed over
    module = sys_module()
    module.BARE = SimpleNamespace(id="bare")
    monkeypatch.setitem(registry.BUILTIN, "bare", "sheets_core_test_toy:BARE")
    registry._entry_points.cache_clear()
    try:
        assert loader._foreign_reader("b.toyx") is module.convert
    finally:
        registry._entry_points.cache_clear()
        registry.get_game.cache_clear()
    reset_inputs()


def sys_module():
    import sys

    return sys.modules["sheets_core_test_toy"]


def sys_module_convert():
    import sys

    return sys.modules["sheets_core_test_toy"].convert


def test_load_mapping_drops_positions(toy):
    with pytest.raises(InputError) as exc:
        load_mapping({"system": "toy", "units": [{"name": "A", "cost": -1}]}, "in.toyx")
    assert [str(p) for p in exc.value.problems] == ["in.toyx: unit 'A'.cost: -1 is out of range (at least 0)"]
    loaded = load_mapping(
        {"system": "toy", "units": [{"name": "Жук", "warn": True}]}, "in.toyx", Options(lang="ru"), "toy"
    )
    assert [str(p) for p in loaded.warnings] == ["in.toyx: warning: unit 'Жук': check the name"]
    assert loaded.options.lang == "ru" and loaded.path == "in.toyx"
    with pytest.raises(InputError) as exc:  # keys in the order written; warnings stay warnings
        load_mapping(
            {
                "units": [{"name": "B", "warn": True}, {"name": "A", "cost": "x", "armor": "y"}],
                "system": "toy",
            },
            "in.toyx",
        )
    assert [str(p) for p in exc.value.problems] == [
        "in.toyx: warning: unit 'B': check the name",
        "in.toyx: unit 'A'.cost: expected a whole number, got text",
        "in.toyx: unit 'A'.armor: expected a whole number, got text",
    ]
    with pytest.raises(InputError) as exc:
        load_mapping({"system": "toy", "units": [{"name": "A"}]}, "in.toyx", None, "dust")
    assert [str(p) for p in exc.value.problems] == ["in.toyx: expected a dust file, got toy"]


def test_the_roster_schema_editors_get():
    """`sheets schema` publishes this for the `roster:` mapping of every game."""
    assert loader._roster_spec().json_schema() == {
        "type": "object",
        "properties": {
            "name": {
                "anyOf": [
                    {"type": "string", "maxLength": 200, "not": {"pattern": CONTROL}},
                    {"type": "number"},
                    {"type": "null"},
                ],
                "description": "army list name",
                "default": "",
            },
            "limit": {
                "type": "integer",
                "minimum": 0,
                "maximum": 10_000_000,
                "description": "points/BV/AP limit",
            },
            "notes": {
                "anyOf": [
                    {"type": "string", "maxLength": 2000, "not": {"pattern": CONTROL}},
                    {"type": "number"},
                    {"type": "null"},
                ],
                "default": "",
            },
            "side": {
                "anyOf": [
                    {"type": "string", "maxLength": 80, "not": {"pattern": CONTROL}},
                    {"type": "number"},
                    {"type": "null"},
                ],
                "description": "the side or nationality (e.g. US)",
                "default": "",
            },
        },
        "additionalProperties": False,
        "title": "roster",
    }


def test_from_expands_home_and_takes_any_case_of_the_suffix(load, write, tmp_path, monkeypatch):
    write("home/mine/lib.YAML", "system: toy\nunits: [{name: Home}]\n")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert [u.name for u in load("system: toy\nunits: [{from: ~/mine/lib.YAML}]\n").units] == ["Home"]


def test_from_follows_links_before_judging_the_suffix(fails, write, tmp_path):
    secret = write("secret.txt", "system: toy\nunits: [{name: S}]\n")
    (tmp_path / "link.yaml").symlink_to(secret)
    assert fails("system: toy\nunits: [{from: link.yaml}]\n") == [
        "u.yaml:2:16: 'from' names a unit file ending in .yaml or .yml; 'link.yaml' does not (after following links)"
    ]


def test_a_loaded_file_and_its_references_are_inputs(load, write):
    reset_inputs()
    lib = write("lib.yaml", "system: toy\nunits: [{name: A}]\n")
    loaded = load("system: toy\nunits: [{from: lib.yaml}]\n")
    for path in (loaded.path, lib):
        with pytest.raises(Exception, match="is an input of this command"):
            check_target(path)
    reset_inputs()


def test_a_number_is_a_name_not_a_label_and_gets_no_hint(fails, write):
    assert fails("system: toy\nunits: [{name: 3060, cost: x}]\n") == [
        "u.yaml:2:28: units[1].cost: expected a whole number, got text"
    ]
    write("lib.yaml", "system: toy\nunits: [{name: '3060'}, {name: '3061x'}]\n")
    assert fails("system: toy\nunits: [{from: lib.yaml, name: 3061}]\n") == [
        "u.yaml:2:32: no unit named 3061 in 'lib.yaml'"
    ]
