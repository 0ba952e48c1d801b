"""MegaMek forces (``mul.py``) in detail: the unit files of a folder and their lookup as MegaMek
does it, both pilot layouts and every variation MegaMek's reader accepts, the <Force> groups,
the state a file records, embedded unit files, every refusal positioned and every message exact,
the quick read of a unit file's first bytes (its 64 KB window on both sides)."""

from __future__ import annotations

import base64
import gzip
import os
from pathlib import Path

import pytest
import yaml

from sheets.core.errors import InputError
from sheets.games.battletech.mul import (
    UnitIndex,
    blk_head,
    force_to_unit_file,
    force_to_yaml,
    index_sources,
    index_units,
    mtf_head,
    read_force,
)

from .mul_writer import Ammo, Entity, Pilot, write_mul

FIX = Path(__file__).parent / "fixtures"
HARPY = (FIX / "Harpy.blk").read_bytes()
QUAD = (FIX / "QuadTest.blk").read_bytes()
ORC = (FIX / "Orc.blk").read_bytes()
TANK = b"<UnitType>\nTank\n</UnitType>\n<Name>\nManticore\n</Name>\n<Model>\nHeavy\n</Model>\n"


def _mul(*entities: str, root: str = "unit") -> bytes:
    return (f'<?xml version="1.0"?>\n<{root}>\n' + "\n".join(entities) + f"\n</{root}>\n").encode("utf-8")


def _entity(chassis="Harpy", model="", kind="Biped", inner="") -> str:
    return f'<entity chassis="{chassis}" model="{model}" type="{kind}">{inner}</entity>'


def _folder(tmp_path, files: dict[str, bytes]) -> Path:
    for rel, data in files.items():
        p = tmp_path / "units" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return tmp_path / "units"


def _read(tmp_path, data: bytes, files=None):
    return read_force("f.mul", data, index_units(_folder(tmp_path, files or {"Harpy.blk": HARPY})))


def _warnings(doc) -> list[str]:
    return [str(w) for w in doc.warnings]


def _messages(exc) -> list[str]:
    return [str(p) for p in exc.value.problems]


# -- repetition, order, the folder ------------------------------------------------------------------


def test_the_same_chassis_twice_is_two_units_each_with_its_pilot(tmp_path):
    doc = _read(
        tmp_path,
        _mul(
            _entity(inner='<pilot name="A" gunnery="2"/>'),
            _entity(inner='<pilot name="B" gunnery="5"/>'),
            _entity(inner='<pilot name="A" gunnery="2"/>'),
        ),
    )
    assert [(u["name"], u["pilot"]) for u in doc["units"]] == [
        ("Harpy", {"name": "A", "gunnery": 2}),
        ("Harpy", {"name": "B", "gunnery": 5}),
        ("Harpy", {"name": "A", "gunnery": 2}),
    ]
    assert doc.warnings == [] and doc["roster"] == {"name": "f"} and "rules" not in doc
    assert (doc.missing, doc.left_out) == (0, 0)


def test_the_same_chassis_in_two_folders_the_first_found_wins(tmp_path):
    """A folder's own files (sorted) come before its subfolders (sorted, depth first)."""
    head1 = HARPY.replace(b"<armor>\n2\n4\n1\n1\n3\n", b"<armor>\n1\n4\n1\n1\n3\n")
    torso3 = HARPY.replace(b"<armor>\n2\n4\n1\n1\n3\n", b"<armor>\n2\n3\n1\n1\n3\n")
    doc = _read(tmp_path, _mul(_entity()), {"b/Harpy.blk": HARPY, "a/z/Harpy-copy.blk": head1})
    assert doc["units"][0]["armor"]["head"] == 1  # a/z/ before b/
    (tmp_path / "units" / "zz.blk").write_bytes(torso3)
    index = index_units(tmp_path / "units")
    assert list(index.units) == ["harpy"]
    entry = index.units["harpy"]
    assert entry.name.endswith("units/zz.blk") and (entry.label, entry.kind, entry.protomech) == (
        "Harpy",
        "ProtoMek",
        True,
    )
    assert entry.read()["armor"]["torso"] == 3


def test_the_same_chassis_in_two_opened_files_the_first_by_name_wins():
    other = HARPY.replace(b"<armor>\n2\n4\n1\n1\n3\n", b"<armor>\n1\n4\n1\n1\n3\n")
    sources = {
        "b.blk": HARPY,
        "A.BLK": other,
        "a.txt": HARPY,
        "t.blk": TANK,
        "f.mul": _mul(_entity(), _entity("Quad Test", "Q"), _entity("Manticore", "Heavy")),
    }
    index = index_sources(sources)
    assert {k: (v.name, v.kind) for k, v in index.units.items()} == {
        "harpy": ("A.BLK", "ProtoMek"),
        "manticore heavy": ("t.blk", "Tank"),
    }
    doc = force_to_unit_file("f.mul", sources["f.mul"], sources=sources)
    assert doc["units"][0]["armor"]["head"] == 1 and doc.used == {"A.BLK", "t.blk"}
    assert _warnings(doc) == [
        "f.mul:4:1: warning: unit 2 (Quad Test Q): no unit file of this chassis and model in the opened "
        "unit files: left out",
        "f.mul:5:1: warning: unit 3 (Manticore Heavy): t.blk is a Tank, not a ProtoMech: left out",
    ]
    assert (doc.missing, doc.left_out) == (1, 2)


@pytest.mark.parametrize(
    "chassis, model, found",
    [
        ("Quad Test", "Q", True),  # "chassis model"
        ("Q", "Quad Test", True),  # MegaMek then tries "model chassis"
        ("  quad   TEST ", " q", True),  # spaces and case as MegaMek's names
        ("Quad Test (Clan Name)", "Q", True),  # MegaMek 0.50's full chassis with a Clan name
        ("Quad Test", "", False),  # a model is part of the name
        ("Quad", "Test Q", True),  # the same words: "Quad Test Q"
        ("Quad Test (A) (B)", "Q", False),
    ],
)
def test_megameks_lookup_by_name(tmp_path, chassis, model, found):
    index = index_units(_folder(tmp_path, {"Quad.blk": QUAD}))
    entry = index.find(chassis, model)
    assert (entry is not None) is found
    if found:
        assert entry.label == "Quad Test Q"


def test_a_quad_among_the_units_makes_the_force_total_warfare(tmp_path):
    doc = _read(tmp_path, _mul(_entity(), _entity("Quad Test", "Q")), {"Harpy.blk": HARPY, "Quad.blk": QUAD})
    assert doc["rules"] == "tw" and [u["motion"] for u in doc["units"]] == ["biped", "quad"]


def test_type_is_the_movement_mode_and_is_never_read(tmp_path):
    """MegaMek writes the movement mode in the language it ran in; any value is ignored."""
    kinds = ["Biped", "Quad", "WiGE", "Glider", "Tracked", "ProtoMech", "Zweibeiner", "", "Двуногий"]
    doc = _read(tmp_path, _mul(*[_entity(kind=k) for k in kinds]))
    assert len(doc["units"]) == len(kinds) and doc.warnings == []
    doc = _read(tmp_path, _mul('<entity chassis="Harpy" model=""/>'))
    assert len(doc["units"]) == 1


# -- units of other kinds and units not found ---------------------------------------------------------


def test_what_is_left_out_is_named_exactly(tmp_path):
    broken = HARPY.replace(b"<tonnage>\n2.0\n", b"<tonnage>\nx\n").replace(b"Harpy", b"Broken")
    files = {
        "Harpy.blk": HARPY,
        "Broken.blk": broken,
        "Atlas.mtf": b"chassis:Atlas\nmodel:AS7-D\n",
        "tank.blk": TANK,
        "odd.blk": b"<Name>\nOdd\n</Name>\n",  # no UnitType: not a ProtoMech either
    }
    data = _mul(
        _entity("Atlas", "AS7-D"),
        _entity("", ""),
        _entity("Zzzz", "Q"),
        _entity("Manticore", "Heavy", "Tracked"),
        _entity("Harpy"),
        _entity("Broken"),
        _entity("Odd"),
    )
    doc = _read(tmp_path, data, files)
    folder = tmp_path / "units"
    assert _warnings(doc) == [
        f"f.mul:3:1: warning: unit 1 (Atlas AS7-D): {folder / 'Atlas.mtf'} is a Mek, not a ProtoMech: left out",
        f"f.mul:4:1: warning: unit 2 (no chassis): no unit file of this chassis and model in {folder}: left out",
        f"f.mul:5:1: warning: unit 3 (Zzzz Q): no unit file of this chassis and model in {folder}: left out",
        f"f.mul:6:1: warning: unit 4 (Manticore Heavy): {folder / 'tank.blk'} is a Tank, not a ProtoMech: left out",
        f"f.mul:8:1: warning: unit 6 (Broken): {folder / 'Broken.blk'} does not import "
        f"(tonnage must be a number, not 'x'): left out",
        f"f.mul:9:1: warning: unit 7 (Odd): {folder / 'odd.blk'} is a ?, not a ProtoMech: left out",
    ]
    assert len(doc["units"]) == 1 and (doc.missing, doc.left_out) == (3, 6)
    assert [w.code for w in doc.warnings] == [
        "mul-not-protomech",
        "mul-unit-not-found",
        "mul-unit-not-found",
        "mul-not-protomech",
        "mul-unit-broken",
        "mul-not-protomech",
    ]


def test_a_force_of_which_nothing_imports_is_refused_with_every_reason(tmp_path):
    with pytest.raises(InputError) as exc:
        _read(
            tmp_path,
            _mul(_entity("Harpx"), _entity("Manticore", "Heavy")),
            {"Harpy.blk": HARPY, "t.blk": TANK},
        )
    folder = tmp_path / "units"
    assert _messages(exc) == [
        f"f.mul:3:1: warning: unit 1 (Harpx): no unit file of this chassis and model in {folder} "
        "(did you mean 'Harpy'?): left out",
        f"f.mul:4:1: warning: unit 2 (Manticore Heavy): {folder / 't.blk'} is a Tank, not a ProtoMech: left out",
        "f.mul:2:1: no ProtoMech of the force could be imported",
    ]


def test_did_you_mean_for_the_first_20_units_not_found(tmp_path, monkeypatch):
    """Each "did you mean" compares the name with every unit file of the folder (~0.1 s in a
    MegaMek folder): a force of 500 unknown units gets it for its first 20."""
    doc = _read(tmp_path, _mul(*[_entity("Harpx") for _ in range(21)], _entity()))
    hinted = ["did you mean 'Harpy'" in w.message for w in doc.warnings]
    assert hinted == [True] * 20 + [False] and doc.missing == 21 and len(doc["units"]) == 1


def test_long_values_in_messages_are_cut(tmp_path):
    """Issue 31: a .mul echoed a 492-character chassis; every value stays within 60 characters."""
    long = "X" * 492
    with pytest.raises(InputError) as exc:
        _read(tmp_path, _mul(_entity(long, "Y" * 100)))
    (first, _last) = _messages(exc)
    assert f"unit 1 ({'X' * 60}…): no unit file" in first and len(first) < 60 + 150 + len(str(tmp_path))
    kind = "K" * 200
    with pytest.raises(InputError) as exc:
        _read(
            tmp_path,
            _mul(_entity("Odd")),
            {"odd.blk": f"<UnitType>\n{kind}\n</UnitType>\n<Name>\nOdd\n</Name>\n".encode()},
        )
    assert f"is a {'K' * 30}…, not a ProtoMech" in _messages(exc)[0]
    with pytest.raises(InputError) as exc:
        read_force("f.mul", b"<" + b"a" * 300 + b"/>", UnitIndex("DIR"))
    assert _messages(exc) == [
        f"f.mul:1:1: the root element <{'a' * 30}…> is not a MegaMek force (MegaMek writes <unit> or <record>)"
    ]


# -- pilots ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "inner, pilot",
    [
        (
            '<pilot size="1" name=" Kael   Ward " nick="" gender="MALE" gunnery=" 3 " piloting="5"/>',
            {"name": "Kael Ward", "gunnery": 3},
        ),
        (
            '<pilot name="N" nick=" The  &quot;Ghost&quot; "/>',
            {"name": "N", "gunnery": 4, "nick": 'The "Ghost"'},
        ),
        ('<pilot gunnery="1"/>', {"name": "", "gunnery": 1}),
        ('<pilot name="Edge" gunnery="0"/>', {"name": "Edge", "gunnery": 0}),
        ('<pilot name="Edge" gunnery="8"/>', {"name": "Edge", "gunnery": 8}),
        # the RPG gunnery option: MegaMek takes the mean of the three, rounded down
        ('<pilot name="R" gunneryL="2" gunneryM="3" gunneryB="5"/>', {"name": "R", "gunnery": 3}),
        ('<pilot name="R" gunneryL="2" gunneryM="2" gunneryB="4"/>', {"name": "R", "gunnery": 2}),
        ('<pilot name="R" gunnery="6" gunneryL="1" gunneryM="1" gunneryB="1"/>', {"name": "R", "gunnery": 6}),
        ('<pilot name="R" gunneryL="1" gunneryM="1"/>', {"name": "R", "gunnery": 4}),  # all three or none
        # MekHQ: <crew> with its slot-0 member, whose attributes override the crew's
        (
            '<crew crewType="single" size="1" ejected="false"><crewMember slot="0" name="M" gunnery="2"/></crew>',
            {"name": "M", "gunnery": 2},
        ),
        (
            '<crew name="Crew" gunnery="5"><crewMember slot="1" name="One"/><crewMember slot="0" name="Zero"/></crew>',
            {"name": "Zero", "gunnery": 5},
        ),
        (
            '<crew gunnery="5"><crewMember slot="2" name="First"/><crewMember slot="3" name="Second"/></crew>',
            {"name": "First", "gunnery": 5},
        ),
        ('<crew name="Crew Itself" gunnery="3"></crew>', {"name": "Crew Itself", "gunnery": 3}),
        # a later pilot element replaces an earlier one (MegaMek sets the crew once per element)
        (
            '<pilot name="Early" gunnery="2"/><crew><crewMember slot="0" name="Later"/></crew>',
            {"name": "Later", "gunnery": 4},
        ),
        (
            '<crew><crewMember slot="0" name="Early"/></crew><notes/><pilot name="Late" gunnery="6"/>',
            {"name": "Late", "gunnery": 6},
        ),
        ('<m:pilot xmlns:m="urn:x" name="Spaced" gunnery="5"/>', {"name": "Spaced", "gunnery": 5}),
        ('<PILOT NAME="upper" name="lower"/>', {"name": "lower", "gunnery": 4}),  # attribute names keep case
        ("", {"name": "", "gunnery": 4}),
    ],
)
def test_pilot_layouts(tmp_path, inner, pilot):
    doc = _read(tmp_path, _mul(_entity(inner=inner)))
    assert doc["units"][0]["pilot"] == pilot and doc.warnings == []


@pytest.mark.parametrize(
    "attrs, gunnery, message",
    [
        ('gunnery="x"', 4, "gunnery 'x' is not a whole number from 0 to 8: the default 4 is used"),
        ('gunnery="9"', 4, "gunnery '9' is not a whole number from 0 to 8: the default 4 is used"),
        ('gunnery="-1"', 4, "gunnery '-1' is not a whole number from 0 to 8: the default 4 is used"),
        ('gunnery="3.5"', 4, "gunnery '3.5' is not a whole number from 0 to 8: the default 4 is used"),
        (
            'gunneryL="1" gunneryM="9" gunneryB="1"',
            4,
            "gunnery '1/9/1' is not a whole number from 0 to 8: the default 4 is used",
        ),
        (
            'gunnery="3" piloting="4"',
            3,
            "piloting '4' is not used: a ProtoMech pilot always counts as Piloting 5",
        ),
        (
            'gunnery="3" piloting="x"',
            3,
            "piloting 'x' is not used: a ProtoMech pilot always counts as Piloting 5",
        ),
        (
            'gunnery="3" piloting="6"',
            3,
            "piloting '6' is not used: a ProtoMech pilot always counts as Piloting 5",
        ),
        ('gunnery="3" piloting="5"', 3, None),
        ('gunnery="3" piloting=" 5 "', 3, None),
        ('gunnery="3" piloting=""', 3, None),
    ],
)
def test_skills_that_cannot_be_used_are_reported(tmp_path, attrs, gunnery, message):
    doc = _read(tmp_path, _mul(_entity(inner=f'<pilot name="P" {attrs}/>')))
    assert doc["units"][0]["pilot"]["gunnery"] == gunnery
    assert _warnings(doc) == ([f"f.mul:3:47: warning: unit 1 (Harpy): {message}"] if message else [])
    assert [w.code for w in doc.warnings] == (
        [] if message is None else ["mul-pilot-piloting" if "piloting" in message else "mul-pilot-gunnery"]
    )


@pytest.mark.parametrize(
    "attrs, message",
    [
        ('hits="1"', "MegaMek records 1 hit on the pilot; the sheet prints the pilot unhurt"),
        ('hits="2"', "MegaMek records 2 hits on the pilot; the sheet prints the pilot unhurt"),
        ('hits="Dead"', "MegaMek records the pilot as dead; the sheet prints the pilot unhurt"),
        (
            'ejected="true"',
            "MegaMek records the pilot as ejected; the sheet prints the pilot in the ProtoMech",
        ),
        (
            'ejected="TRUE"',
            "MegaMek records the pilot as ejected; the sheet prints the pilot in the ProtoMech",
        ),
        ('hits="0" ejected="false"', None),
        ('hits="x"', None),
        ('hits="dead"', None),  # MegaMek compares "Dead" exactly
    ],
)
def test_pilot_state_is_reported(tmp_path, attrs, message):
    doc = _read(tmp_path, _mul(_entity(inner=f'<pilot name="P" gunnery="4" {attrs}/>')))
    assert _warnings(doc) == ([f"f.mul:3:47: warning: unit 1 (Harpy): {message}"] if message else [])
    assert doc["units"][0]["pilot"] == {"name": "P", "gunnery": 4}


def test_a_call_sign_of_60_characters_is_kept_and_61_are_cut(tmp_path):
    for nick, kept, warned in (("N" * 60, "N" * 60, False), ("M" * 61, "M" * 60, True), (" ", None, False)):
        doc = _read(tmp_path, _mul(_entity(inner=f'<pilot name="P" nick="{nick}"/>')))
        assert doc["units"][0]["pilot"].get("nick") == kept
        assert _warnings(doc) == (
            [
                "f.mul:3:47: warning: unit 1 (Harpy): the pilot's call sign is longer than 60 characters: cut to 60"
            ]
            if warned
            else []
        )


# -- damage and ammo recorded --------------------------------------------------------------------------


def _orc(tmp_path, inner: str):
    return _read(tmp_path, _mul(_entity("Orc", inner=inner)), {"Orc.blk": ORC})


@pytest.mark.parametrize(
    "locations, count",
    [
        ('<location index="2"> Torso\n<armor points="3"/></location>', 1),
        ('<location index="2"> Torso\n<armor points="3" type="Internal"/></location>', 1),
        ('<location index="1" isDestroyed="true" /> Head', 1),
        ('<location index="2"><breached/></location><location index="3"><blownOff/></location>', 2),
        (
            '<location index="0"><slot index="N/A" type="Clan Ammo SRM-1" shots="10" isHit="true"/></location>',
            1,
        ),
        (
            '<location index="0"><slot index="N/A" type="Clan Ammo SRM-1" shots="10" isDestroyed="true"/></location>',
            1,
        ),
        (
            '<location index="0"><slot index="N/A" type="Clan Ammo SRM-1" shots="10" isDestroyed="false"/></location>',
            0,
        ),
        ('<location index="2" isDestroyed="false"> Torso\n</location>', 0),
    ],
)
def test_recorded_damage_is_reported(tmp_path, locations, count):
    doc = _orc(tmp_path, locations)
    expected = {
        0: [],
        1: ["unit 1 (Orc): MegaMek records damage in 1 location; the sheet prints the unit undamaged"],
        2: ["unit 1 (Orc): MegaMek records damage in 2 locations; the sheet prints the unit undamaged"],
    }[count]
    assert [w.message for w in doc.warnings if "damage" in w.message] == expected


@pytest.mark.parametrize(
    "shots, left",
    [
        ((10, 5, 5), None),
        ((10, 5, 4), 19),
        ((0, 0, 0), 0),
        ((10, 5), 15),
        ((20, 0, 0), None),
        ((10, 5, "x"), 15),
    ],
)
def test_ammo_used_is_reported_by_item(tmp_path, shots, left):
    """The Orc's three SRM 1 bins hold 10 + 5 + 5 shots: the file's bins are summed by item."""
    slots = "".join(f'<slot index="N/A" type="Clan Ammo SRM-1" shots="{n}"/>' for n in shots)
    doc = _orc(tmp_path, f'<location index="0"> Body\n{slots}</location>')
    assert [w.message for w in doc.warnings] == (
        []
        if left is None
        else [
            f"unit 1 (Orc): MegaMek records {left} of 20 shots of SRM 1 Ammo left; the sheet prints full ammo bins"
        ]
    )


def test_ammo_the_unit_file_does_not_have_or_does_not_know_is_not_compared(tmp_path):
    slots = (
        '<slot index="N/A" type="Clan Ammo LRM-10" shots="1"/><slot index="N/A" type="Nope Ammo" shots="1"/>'
    )
    assert _orc(tmp_path, f'<location index="0">{slots}</location>').warnings == []


# -- the <Force> groups: Points ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "forces, points",
    [
        (["Star Alpha|1||", "Star Alpha|1||"], ["Star Alpha", "Star Alpha"]),
        (["Star|1||Point 1|2||", "Star|1||Point 2|3||"], ["Point 1", "Point 2"]),
        (["Star Beta|1\\Point 1|2", "Star Beta|1\\Point 1|2"], ["Point 1", "Point 1"]),  # the older form
        (["Star|1|Clans/|Wolf.png||Point 1|2|Camo/|x.png||"], ["Point 1"]),  # camo in a level
        # the same name in two Stars: the names above it tell them apart
        (["A|1||Point 1|2||", "B|3||Point 1|4||"], ["A / Point 1", "B / Point 1"]),
        (["||", "|5||", ""], ["", "", ""]),
        ([" Star   A |1||"], ["Star A"]),
    ],
)
def test_force_strings(tmp_path, forces, points):
    doc = _read(tmp_path, _mul(*[_entity(inner=f'<Force force="{f}"/>') for f in forces]))
    assert [u.get("point", "") for u in doc["units"]] == points


def test_the_last_force_element_counts_and_a_long_name_is_cut(tmp_path):
    inner = '<Force force="First|1||"/><Game id="0"/><Force force="Second|2||"/>'
    assert _read(tmp_path, _mul(_entity(inner=inner)))["units"][0]["point"] == "Second"
    long = "S" * 70
    assert (
        _read(tmp_path, _mul(_entity(inner=f'<Force force="{long}|1||"/>')))["units"][0]["point"]
        == "S" * 60 + "…"
    )


def test_points_keep_their_units_together_in_file_order(tmp_path):
    def unit(name, force):
        return _entity(inner=f'<pilot name="{name}"/>' + (f'<Force force="{force}"/>' if force else ""))

    doc = _read(
        tmp_path,
        _mul(
            unit("a", "S|1||P2|3||"),
            unit("b", ""),
            unit("c", "S|1||P1|2||"),
            unit("d", "S|1||P2|3||"),
            unit("e", ""),
        ),
    )
    assert [(u["pilot"]["name"], u.get("point", "")) for u in doc["units"]] == [
        ("a", "P2"),
        ("d", "P2"),
        ("b", ""),
        ("e", ""),
        ("c", "P1"),
    ]


# -- where the units are: <unit>, a record, a lone entity ----------------------------------------------


def test_entities_are_read_where_megamek_reads_them(tmp_path):
    data = _mul(
        '<force><entity chassis="Harpy" model=""/></force>',
        _entity(inner='<pilot name="Direct"/>'),
        "<Unit>" + _entity(inner='<pilot name="Nested unit"/>') + "</Unit>",
    )
    doc = _read(tmp_path, data)
    assert [u["pilot"]["name"] for u in doc["units"]] == ["Direct"]
    assert _warnings(doc) == [
        "f.mul:3:8: warning: an <entity> inside <force> is not a unit of the force (MegaMek reads units only "
        "in <unit> and in a record's sections): left out",
        "f.mul:5:7: warning: an <entity> inside <unit> is not a unit of the force (MegaMek reads units only "
        "in <unit> and in a record's sections): left out",
    ]


def test_a_record_keeps_the_players_own_units(tmp_path):
    one = _entity(inner='<pilot name="One"/>')
    survivor = _entity(inner='<pilot name="Survivor"/>')
    own = _entity(inner='<pilot name="Unit"/>')
    data = _mul(
        one,
        f"<survivors>{survivor}</survivors>",
        f"<unit>{own}</unit>",
        f"<allies>{one}</allies>",
        f"<salvage>{one}{one}</salvage>",
        f"<retreated>{one}</retreated>",
        f"<devastated>{one}</devastated>",
        '<kills><kill killed="Atlas AS7-D" killer="None"/></kills>',
        root="record",
    )
    doc = _read(tmp_path, data)
    assert [u["pilot"]["name"] for u in doc["units"]] == ["One", "Survivor", "Unit"]
    assert [w.message for w in doc.warnings] == [
        "the record's <allies> (1 unit) is not your force: left out",
        "the record's <salvage> (2 units) is not your force: left out",
        "the record's <retreated> (1 unit) is not your force: left out",
        "the record's <devastated> (1 unit) is not your force: left out",
    ]
    assert doc.left_out == 0  # the player's force had none left out


def test_a_lone_entity_is_a_force_of_one(tmp_path):
    doc = _read(
        tmp_path, b'<?xml version="1.0"?><entity chassis="Harpy" model=""><pilot name="Solo"/></entity>'
    )
    assert [u["pilot"]["name"] for u in doc["units"]] == ["Solo"]


def test_mixed_text_comments_and_unknown_children_are_ignored(tmp_path):
    inner = (
        '\n<!-- a comment -->\n      The first slot in a location is at index="1".\n'
        '<location index="0"> Body\n<!-- x --></location><Game id="3"/><c3iset><c3i_link link="x"/></c3iset>'
        '<motive damage="0" penalty="0"/><pilot name="Text"/>tail text'
    )
    doc = _read(tmp_path, _mul(_entity(inner=inner), "<TotalGenericBattleValue>77</TotalGenericBattleValue>"))
    assert [u["pilot"]["name"] for u in doc["units"]] == ["Text"] and doc.warnings == []


# -- embedded unit files (MegaMek 0.50) -----------------------------------------------------------------


def _embedded(data: bytes, packed: str | None = None, name="Kobold Custom.blk") -> bytes:
    packed = packed if packed is not None else base64.b64encode(gzip.compress(data)).decode()
    return _mul(
        _entity(
            "Kobold", "Custom", inner=f'<construction_data filename="{name}">\n{packed}\n</construction_data>'
        )
    )


KOBOLD = HARPY.replace(b"<Name>\nHarpy\n", b"<Name>\nKobold\n").replace(b"<Model>\n\n", b"<Model>\nCustom\n")


def test_an_embedded_unit_file_is_read(tmp_path):
    doc = _read(tmp_path, _embedded(KOBOLD))
    assert [(u["name"], u["model"]) for u in doc["units"]] == [("Kobold", "Custom")] and doc.warnings == []
    # in the folder too: the embedded file wins (MegaMek reads it first)
    other = KOBOLD.replace(b"<armor>\n2\n4\n", b"<armor>\n1\n4\n")
    doc = _read(tmp_path, _embedded(KOBOLD), {"Kobold.blk": other})
    assert doc["units"][0]["armor"]["head"] == 2


@pytest.mark.parametrize(
    "packed, reason",
    [
        ("not base64!", "not valid base64"),
        (base64.b64encode(b"plain text, no gzip").decode(), "not gzip data"),
        (base64.b64encode(gzip.compress(KOBOLD)[:-30]).decode(), "it is cut short"),
        (base64.b64encode(gzip.compress(b"no tags here")).decode(), "no unit name in it"),
    ],
)
def test_an_unreadable_embedded_file_is_reported_and_the_folder_used(tmp_path, packed, reason):
    doc = _read(tmp_path, _embedded(KOBOLD, packed), {"Kobold.blk": KOBOLD})
    assert [u["name"] for u in doc["units"]] == ["Kobold"]  # found in the folder instead
    assert _warnings(doc) == [
        f"f.mul:3:54: warning: unit 1 (Kobold Custom): the unit file embedded in the force (Kobold Custom.blk) "
        f"cannot be read ({reason}); looked up by its name instead"
    ]


def test_an_embedded_file_unpacks_to_2_mib_and_one_byte_more_is_refused(tmp_path):
    cap = 2 * 1024 * 1024
    head = KOBOLD + b"#"
    inside = head + b"x" * (cap - len(head) - 1) + b"\n"
    assert len(inside) == cap
    doc = _read(tmp_path, _embedded(inside))
    assert doc.warnings == [] and doc["units"][0]["name"] == "Kobold"
    doc = _read(tmp_path, _embedded(inside + b"\n"), {"Kobold.blk": KOBOLD})
    assert "cannot be read (it unpacks to more than 2097152 bytes)" in _warnings(doc)[0]


def test_an_embedded_file_of_another_kind_is_named(tmp_path):
    with pytest.raises(InputError) as exc:
        _read(tmp_path, _embedded(TANK.replace(b"Manticore", b"Kobold").replace(b"Heavy", b"Custom")))
    assert _messages(exc)[0] == (
        "f.mul:3:1: warning: unit 1 (Kobold Custom): f.mul (Kobold Custom.blk) is a Tank, not a ProtoMech: left out"
    )


def test_an_embedded_mek_is_named(tmp_path):
    """MegaMek 0.50 embeds a custom Mek as its .mtf."""
    packed = base64.b64encode(gzip.compress(b"chassis:Kobold\nmodel:Custom\nConfig:Biped\n")).decode()
    cd = f'<construction_data filename="K.mtf">{packed}</construction_data>'
    doc = _read(tmp_path, _mul(_entity(), _entity("Kobold", "Custom", inner=cd)))
    assert [w.message for w in doc.warnings] == [
        "unit 2 (Kobold Custom): f.mul (K.mtf) is a Mek, not a ProtoMech: left out"
    ]


def test_an_encoding_declared_on_another_line_is_refused_there(tmp_path):
    with pytest.raises(InputError) as exc:
        _read(tmp_path, b'<?xml version="1.0"\n   encoding="x-foo"?><unit/>')
    assert _messages(exc) == [
        "f.mul:2:14: encoding 'x-foo' is not supported: MegaMek writes its force files in UTF-8"
    ]


def test_two_embedded_files_are_not_read(tmp_path):
    """MegaMek reads the embedded file only when the entity holds exactly one."""
    packed = base64.b64encode(gzip.compress(KOBOLD)).decode()
    cd = f'<construction_data filename="a.blk">{packed}</construction_data>'
    with pytest.raises(InputError) as exc:
        _read(tmp_path, _mul(_entity("Kobold", "Custom", inner=cd + cd)))
    assert "no unit file of this chassis and model" in _messages(exc)[0]


# -- XML that is not a force ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        (
            b"<unit><entity chassis='Harpy'></unit>",
            "f.mul:1:33: not a readable MegaMek force: the XML is broken here (mismatched tag)",
        ),
        (b"", "f.mul:1:1: not a readable MegaMek force: the XML is broken here (no element found)"),
        (
            b"\xff\xfe\x00<",
            "f.mul:1:2: not a readable MegaMek force: the XML is broken here (not well-formed (invalid token))",
        ),
        (
            b'<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "x">]><unit><entity chassis="&a;"/></unit>',
            "f.mul: refused: the XML declares a DTD, entities or external references (DTDForbidden); "
            "MegaMek never writes them",
        ),
        (
            b'<?xml version="1.0"?><!DOCTYPE u SYSTEM "x.dtd"><unit/>',
            "f.mul: refused: the XML declares a DTD, entities or external references (DTDForbidden); MegaMek never writes them",
        ),
        (b"<unit><force/></unit>", "f.mul:1:1: no <entity> in this file: not a MegaMek force (.mul)"),
        (
            b"<roster><entity/></roster>",
            "f.mul:1:1: the root element <roster> is not a MegaMek force (MegaMek writes <unit> or <record>)",
        ),
        (
            b'<?xml version="1.0" encoding="x-foo"?><unit/>',
            "f.mul:1:31: encoding 'x-foo' is not supported: MegaMek writes its force files in UTF-8",
        ),
        (
            b"<?xml version='1.0' encoding='base64'?><unit/>",
            "f.mul:1:31: encoding 'base64' is not supported: MegaMek writes its force files in UTF-8",
        ),
        (
            b'\xef\xbb\xbf<?xml version="1.0" encoding="zlib"?><unit/>',
            "f.mul:1:34: encoding 'zlib' is not supported: MegaMek writes its force files in UTF-8",
        ),
        (
            b'<?xml version="1.0" encoding="' + b"e" * 40 + b'"?><unit/>',
            f"f.mul:1:31: encoding {'e' * 30!r}… (40 characters) is not supported: MegaMek writes its force files in UTF-8",
        ),
    ],
)
def test_unreadable_forces(tmp_path, data, message):
    with pytest.raises(InputError) as exc:
        _read(tmp_path, data)
    assert _messages(exc) == [message]


@pytest.mark.parametrize("encoding", ["UTF-8", "utf8", "ISO-8859-1", "latin-1", "US-ASCII"])
def test_the_encodings_expat_reads_are_read(tmp_path, encoding):
    data = _mul(_entity(inner='<pilot name="Kael"/>')).replace(
        b'version="1.0"', f'version="1.0" encoding="{encoding}"'.encode()
    )
    assert _read(tmp_path, data)["units"][0]["pilot"]["name"] == "Kael"


def test_utf16_with_its_mark_is_read(tmp_path):
    text = '<?xml version="1.0" encoding="UTF-16"?><unit>' + _entity(inner='<pilot name="Оля"/>') + "</unit>"
    assert _read(tmp_path, text.encode("utf-16"))["units"][0]["pilot"]["name"] == "Оля"


def test_100000_elements_are_read_and_one_more_is_refused(tmp_path, monkeypatch):
    from sheets.games.battletech import mul

    monkeypatch.setattr(mul, "MAX_ELEMENTS", 6)
    inner = "<location index='0'/>" * 3
    assert len(_read(tmp_path, _mul(_entity(inner=inner)))["units"]) == 1  # unit, entity, 3 + pilot-less
    with pytest.raises(InputError) as exc:
        _read(tmp_path, _mul(_entity(inner=inner + "<Game id='1'/><x/>")))
    assert _messages(exc) == [
        "f.mul:3:124: more than 6 XML elements: refused (a force file has a few hundred)"
    ]


def test_40_levels_are_read_and_one_more_is_refused(tmp_path):
    def nested(depth: int) -> bytes:  # <unit><entity> and depth - 2 levels inside
        inner = "<x>" * (depth - 2) + "</x>" * (depth - 2)
        return _mul(_entity(inner=inner))

    assert len(_read(tmp_path, nested(40))["units"]) == 1
    with pytest.raises(InputError) as exc:
        _read(tmp_path, nested(41))
    assert _messages(exc) == ["f.mul:3:161: XML nested deeper than 40 levels: refused (MegaMek writes five)"]


# -- the quick read of a unit file's first bytes ---------------------------------------------------------


@pytest.mark.parametrize(
    "head, key",
    [
        (
            b"<UnitType>\nProtoMech\n</UnitType>\n<Name>\n Harpy  X \n</Name>\n<Model>\n B \n</Model>\n",
            ("ProtoMech", "Harpy X", "B"),
        ),
        (
            b"<unittype>\r\nprotomek\r\n</unittype>\r\n<name>\r\nHarpy\r\n</name>\r\n",
            ("protomek", "Harpy", ""),
        ),
        (b"<UnitType>\nTank\n</UnitType>\n<Name>\nHarpy\n</Name>\n", ("Tank", "Harpy", "")),
        (b"<Name>\nFirst\n</Name>\n<Name>\nSecond\n</Name>\n", ("", "First", "")),
        (b"<UnitType>\nProtoMek\n</UnitType>\n<Model>\nX\n</Model>\n", None),
        (b"<Name>\n\n</Name>\n", None),
        (b"", None),
    ],
)
def test_blk_head(head, key):
    assert blk_head(head) == key


@pytest.mark.parametrize(
    "text, key",
    [
        (b"chassis:Atlas\nclanname:\nmodel:AS7-D\n", ("Atlas", "AS7-D")),
        (b"Version:1.0\nLocust\nLCT-1V\n\nConfig:Biped\n", ("Locust", "LCT-1V")),
        (b"Version:1.1\n\nLocust\n\n", None),  # the chassis is the line after Version
        (b"Version:1.1\nLocust\nConfig:Biped\n", ("Locust", "")),
        (b"Version:1.1\nLocust", ("Locust", "")),
        (b"version:1.1\nLocust\n\n", ("Locust", "")),
        (b"Version:1.1\nmass:20\nLocust\n", None),
        (b" Chassis : Mad Cat \nModel: Prime\nmodel:other\n", ("Mad Cat", "Prime")),
        (b"chassis:\nmodel:X\n", None),
        (b"Config:Biped\n", None),
        (b"Locust\nLCT-1V\n", None),
        (b"Version:1.0\n", None),
        (b"", None),
    ],
)
def test_mtf_head(text, key):
    assert mtf_head(text) == key


def test_the_tags_must_be_in_the_first_64_kb(tmp_path):
    tags = b"<UnitType>\nProtoMek\n</UnitType>\n<Name>\nHarpy\n</Name>"
    for pad, found in ((64 * 1024 - len(tags), True), (64 * 1024 - len(tags) + 1, False)):
        head = b"#" * (pad - 1) + b"\n" + tags
        assert (blk_head(head) is not None) is found
        (tmp_path / "h.blk").write_bytes(head + b"\n" + HARPY)
        assert ("harpy" in index_units(tmp_path).units) is found


def test_the_units_folder_defaults_to_the_forces_own(tmp_path, monkeypatch):
    from sheets.games.battletech import mul

    monkeypatch.delenv(mul.UNITS_ENV, raising=False)
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    force = tmp_path / "f.mul"
    force.write_bytes(_mul(_entity("Harpx"), _entity()))
    doc = force_to_unit_file(force)
    assert _warnings(doc) == [
        f"{force}:3:1: warning: unit 1 (Harpx): no unit file of this chassis and model in {tmp_path} "
        f"(did you mean 'Harpy'?): left out"
    ]
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.setenv(mul.UNITS_ENV, str(other))
    with pytest.raises(InputError):
        force_to_unit_file(force)


def test_force_to_yaml_writes_one_roster(tmp_path):
    doc = _read(
        tmp_path, _mul(_entity(inner='<pilot name="Оля" nick="Ghost" gunnery="3"/><Force force="S|1||"/>'))
    )
    text = force_to_yaml(doc)
    assert text.startswith(
        "# Imported by `sheets import megamek` from a MegaMek force; fluff is not copied.\n"
        "system: battletech\nroster:\n  name: f\nunits:\n  - name: Harpy\n"
    )
    assert "    pilot: {name: Оля, gunnery: 3, nick: Ghost}\n    point: S\n" in text
    assert '    model: ""\n' in text
    assert yaml.safe_load(text)["units"][0]["pilot"] == {"name": "Оля", "gunnery": 3, "nick": "Ghost"}


def test_a_writer_made_force_reads_back(tmp_path):
    """The corpus writer's forces (every version, both crew layouts) read back field by field."""
    for version in ("old", "mid", "new"):
        for crew in ("pilot", "mekhq"):
            e = Entity("Harpy", pilot=Pilot("A B", nick="C", gunnery=2), crew=crew, ammo=[Ammo(0, "X", 1)])
            doc = _read(tmp_path, write_mul([e], version))
            assert doc["units"][0]["pilot"] == {"name": "A B", "gunnery": 2, "nick": "C"}, (version, crew)


# -- every problem kind has its code ------------------------------------------------------------------


def _codes(tmp_path, data: bytes, files=None) -> list[str]:
    try:
        doc = _read(tmp_path, data, files)
    except InputError as exc:
        return [p.code for p in exc.problems]
    return [w.code for w in doc.warnings]


@pytest.mark.parametrize(
    "data, codes",
    [
        (b'<?xml version="1.0" encoding="x-foo"?><unit/>', ["mul-encoding"]),
        (b"<unit><entity></unit>", ["mul-xml"]),
        (b'<?xml version="1.0"?><!DOCTYPE u><unit/>', ["mul-dtd"]),
        (b"<roster/>", ["mul-root"]),
        (b"<unit/>", ["mul-no-entity"]),
        (b"<unit>" + b"<x>" * 41 + b"</x>" * 41 + b"</unit>", ["mul-too-deep"]),
        (_mul(_entity(), "<force>" + _entity() + "</force>"), ["mul-entity-elsewhere"]),
        (_mul(_entity(), "<salvage>" + _entity() + "</salvage>", root="record"), ["mul-other-section"]),
        (_mul(_entity("Nope"), _entity()), ["mul-unit-not-found"]),
        (_mul(_entity("Nope")), ["mul-unit-not-found", "mul-no-protomech"]),
        (
            _mul(_entity(inner=f'<pilot name="{"n" * 61}" nick="{"k" * 61}"/>')),
            ["mul-pilot-cut", "mul-pilot-cut"],
        ),
        (
            _mul(_entity(inner='<pilot gunnery="x" piloting="4"/>')),
            ["mul-pilot-gunnery", "mul-pilot-piloting"],
        ),
        (
            _mul(
                _entity(
                    inner='<pilot hits="2" ejected="true"/><location index="2"><armor points="1"/></location>'
                )
            ),
            ["mul-state-not-carried"] * 3,
        ),
        (_mul(_entity(inner='<pilot hits="Dead"/>')), ["mul-state-not-carried"]),
        (_embedded(KOBOLD, "!!"), ["mul-unit-not-found", "mul-embedded-unreadable", "mul-no-protomech"]),
    ],
)
def test_every_problem_kind_has_its_code(tmp_path, data, codes):
    assert _codes(tmp_path, data) == codes


def test_codes_of_the_folder_and_the_caps(tmp_path, monkeypatch):
    from sheets.games.battletech import mul

    assert _codes(
        tmp_path, _mul(_entity("Manticore", "Heavy"), _entity()), {"t.blk": TANK, "Harpy.blk": HARPY}
    ) == ["mul-not-protomech"]
    broken = HARPY.replace(b"<tonnage>\n2.0", b"<tonnage>\nx")
    assert _codes(tmp_path, _mul(_entity(), _entity("Harpy")), {"Harpy.blk": broken}) == [
        "mul-unit-broken",
        "mul-unit-broken",
        "mul-no-protomech",
    ]
    with pytest.raises(InputError) as exc:
        read_force("f.mul", b"x" * (mul.MAX_BYTES + 1), UnitIndex("DIR"))
    assert [p.code for p in exc.value.problems] == ["mul-too-large"]
    monkeypatch.setattr(mul, "MAX_ELEMENTS", 2)
    assert _codes(tmp_path, _mul(_entity(inner="<x/>"))) == ["mul-too-many-elements"]
    monkeypatch.setattr(mul, "MAX_ELEMENTS", 100)
    monkeypatch.setattr(mul, "MAX_ENTITIES", 1)
    assert _codes(tmp_path, _mul(_entity(), _entity())) == ["mul-too-many-units"]
    monkeypatch.setattr(mul, "MAX_SCAN", 1)
    (tmp_path / "many").mkdir()
    for n in ("a.blk", "b.mtf"):
        (tmp_path / "many" / n).write_bytes(b"")
    with pytest.raises(InputError) as exc:
        index_units(tmp_path / "many")
    assert [p.code for p in exc.value.problems] == ["mul-too-many-unit-files"]


def test_codes_of_files_skipped_and_folders_unreadable(tmp_path, monkeypatch):
    from sheets.games.battletech import mul

    folder = _folder(tmp_path, {"Harpy.blk": HARPY})
    (folder / "dir.blk").mkdir()  # a folder named like a unit file: not read
    real = os.walk

    def walk(top, onerror=None, followlinks=False):
        err = PermissionError(13, "Permission denied")
        err.filename = None  # os.walk may not say which: the units folder is named
        onerror(err)
        yield from real(top, onerror=onerror, followlinks=followlinks)

    monkeypatch.setattr(mul.os, "walk", walk)
    index = index_units(folder)
    assert [(w.code, w.path, w.severity) for w in index.warnings] == [
        ("mul-folder-unreadable", str(folder), "warning")
    ]
    assert "harpy" in index.units
    (folder / "Odd.blk").symlink_to("/dev/null")
    index = index_units(folder)
    assert [(w.code, w.path) for w in index.warnings] == [
        ("mul-folder-unreadable", str(folder)),
        ("mul-unit-file-skipped", str(folder / "Odd.blk")),
    ]
    assert index.warnings[1].message == "is a device, not a regular file: skipped (not read as a unit file)"


# -- edges: every branch of the reading, on both sides ----------------------------------------------


def test_the_depth_counts_levels_not_elements(tmp_path):
    """Siblings before the deep branch do not count as levels; the cap holds after them."""

    def nested(depth: int) -> bytes:
        inner = "<a/><b><c/></b>" * 3 + "<x>" * (depth - 2) + "</x>" * (depth - 2)
        return _mul(_entity(inner=inner))

    assert len(_read(tmp_path, nested(40))["units"]) == 1
    with pytest.raises(InputError) as exc:
        _read(tmp_path, nested(41))
    assert [p.code for p in exc.value.problems] == ["mul-too-deep"]


@pytest.mark.parametrize(
    "text, key",
    [
        (b"chassis:Atlas\n", ("Atlas", "")),
        (b"chassis:Atlas\nmodel:AS7-D: Custom\n", ("Atlas", "AS7-D: Custom")),
        (b"Version:1.1\nLocust\nLCT-1V", ("Locust", "LCT-1V")),
        (b"chassis:Atl\xe9s\nmodel:\xff\n", ("Atl\ufffds", "\ufffd")),
        (b"Version:1.1\nLoc\xffust\n", ("Loc\ufffdust", "")),
    ],
)
def test_mtf_head_edges(text, key):
    assert mtf_head(text) == key


def test_blk_head_reads_bytes_that_are_not_utf8():
    assert blk_head(b"<UnitType>\nProtoMek\n</UnitType>\n<Name>\nH\xe9\n</Name>\n") == (
        "ProtoMek",
        "H\ufffd",
        "",
    )


def test_an_os_error_without_a_reason_names_its_kind(tmp_path, monkeypatch):
    from sheets.games.battletech import mul

    folder = _folder(tmp_path, {"Harpy.blk": HARPY})
    real = os.walk

    def walk(top, onerror=None, followlinks=False):
        onerror(NotADirectoryError())
        yield from real(top, onerror=onerror, followlinks=followlinks)

    monkeypatch.setattr(mul.os, "walk", walk)
    (warning,) = index_units(folder).warnings
    assert warning.message == (
        "this folder cannot be read (NotADirectoryError): its unit files were not searched"
    )


def test_a_symlinked_folder_is_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "Harpy.blk").write_bytes(HARPY)
    folder = _folder(tmp_path, {"Quad.blk": QUAD})
    (folder / "link").symlink_to(elsewhere, target_is_directory=True)
    assert list(index_units(folder).units) == ["quad test q"]


@pytest.mark.parametrize(
    "data, message",
    [
        (b'<?xml version="1.0" encoding="\xe9x"?><unit/>', "f.mul:1:31: encoding '\ufffdx' is not supported"),
        (
            b'<?xml version="1.0"\n\n  encoding="x-foo"?><unit/>',
            "f.mul:3:13: encoding 'x-foo' is not supported",
        ),
    ],
)
def test_encoding_values_and_lines(tmp_path, data, message):
    with pytest.raises(InputError) as exc:
        _read(tmp_path, data)
    assert _messages(exc)[0].startswith(message)


@pytest.mark.parametrize("pad, checked_first", [(476, True), (477, False)])
def test_the_declaration_is_looked_at_in_the_first_512_bytes(tmp_path, pad, checked_first):
    """Past 512 bytes the declaration is expat's to read (it refuses the encoding in its words)."""
    data = b'<?xml version="1.0"' + b" " * pad + b' encoding="x-foo"?><unit/>'
    assert data.index(b'x-foo"') + 6 == 512 + (not checked_first)
    with pytest.raises(InputError) as exc:
        _read(tmp_path, data)
    (message,) = _messages(exc)
    assert ("encoding 'x-foo' is not supported" in message) is checked_first
    assert message.endswith("(unknown encoding: x-foo)") is not checked_first


def test_an_encoding_declared_in_utf16_is_refused_with_a_position(tmp_path):
    data = '<?xml version="1.0" encoding="x-foo"?><unit/>'.encode("utf-16")
    with pytest.raises(InputError) as exc:
        _read(tmp_path, data)
    assert _messages(exc) == [
        "f.mul:1:32: not a readable MegaMek force: the XML is broken here (unknown encoding: x-foo)"
    ]
    assert [p.code for p in exc.value.problems] == ["mul-xml"]


def test_entities_nested_in_a_unit_or_in_another_element_of_a_record(tmp_path):
    inner = '<extra><entity chassis="Inner" model=""/></extra>'
    long = "t" * 40
    data = _mul(
        _entity(inner=inner),
        f"<{long}>" + _entity() + f"</{long}>",
        "<foo>" + _entity() + "</foo>",
        root="record",
    )
    doc = _read(tmp_path, data)
    assert len(doc["units"]) == 1  # the record's own entity; its nested one is its own data
    assert [w.message.split(" is not")[0] for w in doc.warnings] == [
        f"an <entity> inside <{'t' * 30}…>",
        "an <entity> inside <foo>",
    ]


@pytest.mark.parametrize(
    "name, shown",
    [("K" * 61 + ".blk", "K" * 60 + "…"), (None, "construction_data"), ("  ", "construction_data")],
)
def test_an_embedded_files_name_in_messages(tmp_path, name, shown):
    attr = "" if name is None else f' filename="{name}"'
    cd = f"<construction_data{attr}>!</construction_data>"
    doc = _read(tmp_path, _mul(_entity("Harpy", inner=cd)))
    assert f"the unit file embedded in the force ({shown}) cannot be read" in doc.warnings[0].message


def test_embedded_base64_may_be_wrapped_but_not_stained(tmp_path):
    packed = base64.b64encode(gzip.compress(KOBOLD)).decode()
    wrapped = "\n".join(packed[i : i + 76] for i in range(0, len(packed), 76))
    assert _read(tmp_path, _embedded(KOBOLD, wrapped)).warnings == []
    doc = _read(tmp_path, _embedded(KOBOLD, packed + "!"), {"Kobold.blk": KOBOLD})
    assert "(not valid base64)" in doc.warnings[0].message


def test_embedded_data_must_be_gzip_not_zlib(tmp_path):
    import zlib

    packed = base64.b64encode(zlib.compress(KOBOLD)).decode()
    doc = _read(tmp_path, _embedded(KOBOLD, packed), {"Kobold.blk": KOBOLD})
    assert "(not gzip data)" in doc.warnings[0].message


def test_an_embedded_gzip_bomb_is_unpacked_no_further_than_the_cap(tmp_path):
    import tracemalloc

    bomb = gzip.compress(b"\0" * (300 * 1024 * 1024), compresslevel=9)  # 300 MiB in ~300 KB
    data = _embedded(b"", base64.b64encode(bomb).decode())
    tracemalloc.start()
    try:
        doc = _read(tmp_path, data, {"Kobold.blk": KOBOLD})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "(it unpacks to more than 2097152 bytes)" in doc.warnings[0].message
    assert peak < 40 * 1024 * 1024


def test_a_crew_without_members_and_slots_with_spaces(tmp_path):
    doc = _read(tmp_path, _mul(_entity(inner='<crew name="C" gunnery="x"/>')))
    assert [str(w) for w in doc.warnings] == [
        "f.mul:3:47: warning: unit 1 (Harpy): gunnery 'x' is not a whole number from 0 to 8: the default 4 is used"
    ]
    inner = '<crew><crewMember slot="1" name="One"/><crewMember slot=" 0 " name="Zero"/></crew>'
    assert _read(tmp_path, _mul(_entity(inner=inner)))["units"][0]["pilot"]["name"] == "Zero"


def test_a_name_cut_at_60_drops_its_trailing_space(tmp_path):
    name = "A" * 59 + " B" + "C" * 5
    doc = _read(tmp_path, _mul(_entity(inner=f'<pilot name="{name}"/>')))
    assert doc["units"][0]["pilot"]["name"] == "A" * 59


@pytest.mark.parametrize(
    "attrs, state",
    [
        ('hits=" 2 "', "2 hits"),
        ('ejected=" true "', "ejected"),
        ('hits="1x"', None),
        ('hits="5"', "5 hits"),
        ('hits="6"', None),  # MegaMek: an invalid hits value (it writes "Dead")
        ('hits="0"', None),
        ('hits="-1"', None),
    ],
)
def test_pilot_state_values_are_trimmed(tmp_path, attrs, state):
    doc = _read(tmp_path, _mul(_entity(inner=f'<pilot name="P" {attrs}/>')))
    messages = [w.message for w in doc.warnings]
    assert (len(messages) == 1 and state in messages[0]) if state else messages == []


@pytest.mark.parametrize(
    "locations, damage, left",
    [
        ('<location index="1" isDestroyed=" true "/>', True, None),
        (
            '<location index="0"><slot index="N/A" type="Clan Ammo SRM-1" shots="20" isHit=" TRUE "/></location>',
            True,
            None,
        ),
        ('<location index="0"><slot index="N/A" shots="3"/></location>', False, None),
        ('<location index="0"><slot index="N/A" type="Clan Ammo SRM-1" shots=" 3 "/></location>', False, 3),
        ('<location index="0"><slot index="N/A" type="Clan Ammo SRM-1"/></location>', False, None),
        ("<location><armor/></location><notes><armor/></notes>", True, None),
    ],
)
def test_recorded_state_values_are_trimmed(tmp_path, locations, damage, left):
    doc = _orc(tmp_path, locations)
    messages = [w.message for w in doc.warnings]
    assert any("damage in 1 location" in m for m in messages) is damage
    assert any(f"records {left} of 20 shots" in m for m in messages) is (left is not None)
