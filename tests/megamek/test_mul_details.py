"""Issue 21 (MegaMek forces, ``mul.py``): aggregates with repetition (the same chassis twice in a
force, the same chassis in two folders or two opened files), both pilot layouts and their
variants, every message exact, the quick three-tag read (its 64 KB window on both sides), and the
file written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sheets.core.errors import InputError
from sheets.games.battletech.mul import (
    blk_key,
    force_to_unit_file,
    force_to_yaml,
    index_sources,
    index_units,
    read_force,
)

FIX = Path(__file__).parent / "fixtures"
HARPY = (FIX / "Harpy.blk").read_bytes()
QUAD = (FIX / "QuadTest.blk").read_bytes()


def _mul(*entities: str) -> bytes:
    return ('<?xml version="1.0"?>\n<unit>\n' + "\n".join(entities) + "\n</unit>\n").encode("utf-8")


def _entity(chassis="Harpy", model="", kind="ProtoMek", inner="") -> str:
    t = "" if kind is None else f' type="{kind}"'
    return f'<entity chassis="{chassis}" model="{model}"{t}>{inner}</entity>'


def _folder(tmp_path, files: dict[str, bytes]) -> Path:
    for rel, data in files.items():
        p = tmp_path / "units" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return tmp_path / "units"


def _read(tmp_path, data: bytes, files=None):
    folder = _folder(tmp_path, files or {"Harpy.blk": HARPY})
    return read_force("f.mul", data, index_units(folder), "DIR")


def _messages(exc) -> list[str]:
    return [str(p) for p in exc.value.problems]


# -- repetition --------------------------------------------------------------------------------


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


def test_the_same_chassis_in_two_folders_the_first_found_wins(tmp_path):
    """A folder's own files (sorted) come before its subfolders (sorted, depth first)."""
    head1 = HARPY.replace(b"<armor>\n2\n4\n1\n1\n3\n", b"<armor>\n1\n4\n1\n1\n3\n")
    torso3 = HARPY.replace(b"<armor>\n2\n4\n1\n1\n3\n", b"<armor>\n2\n3\n1\n1\n3\n")
    doc = _read(tmp_path, _mul(_entity()), {"b/Harpy.blk": HARPY, "a/z/Harpy-copy.blk": head1})
    assert doc["units"][0]["armor"]["head"] == 1  # a/z/ before b/
    (tmp_path / "units" / "zz.blk").write_bytes(torso3)
    index = index_units(tmp_path / "units")
    assert list(index) == [("harpy", "")]
    assert index[("harpy", "")][0].endswith("units/zz.blk") and index[("harpy", "")][2] == "Harpy"
    assert index[("harpy", "")][1]()["armor"]["torso"] == 3


def test_the_same_chassis_in_two_opened_files_the_first_by_name_wins():
    other = HARPY.replace(b"<armor>\n2\n4\n1\n1\n3\n", b"<armor>\n1\n4\n1\n1\n3\n")
    sources = {
        "b.blk": HARPY,
        "A.BLK": other,
        "a.txt": HARPY,
        "f.mul": _mul(_entity(), _entity("Quad Test", "Q")),
    }
    index = index_sources(sources)
    assert {k: v[0] for k, v in index.items()} == {("harpy", ""): "A.BLK"}
    doc = force_to_unit_file("f.mul", sources["f.mul"], sources=sources)
    assert doc["units"][0]["armor"]["head"] == 1 and doc.used == {"A.BLK"}
    assert [str(w) for w in doc.warnings] == [
        "f.mul: warning: unit 2 (Quad Test Q): no .blk of this chassis and model in the opened .blk files: left out"
    ]


def test_a_quad_among_the_units_makes_the_force_total_warfare(tmp_path):
    doc = _read(tmp_path, _mul(_entity(), _entity("Quad Test", "Q")), {"Harpy.blk": HARPY, "Quad.blk": QUAD})
    assert doc["rules"] == "tw" and [u["motion"] for u in doc["units"]] == ["biped", "quad"]


# -- pilots ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "inner, pilot",
    [
        ('<pilot name=" Kael   Ward " gunnery=" 3 "/>', {"name": "Kael Ward", "gunnery": 3}),
        ('<pilot name="No Gun" gunnery="x"/>', {"name": "No Gun", "gunnery": 4}),
        ('<pilot gunnery="1"/>', {"name": "", "gunnery": 1}),
        (
            '<crew><crewMember name="First" gunnery="2"/><crewMember name="Second" gunnery="5"/></crew>',
            {"name": "First", "gunnery": 2},
        ),
        ('<crew name="Crew Itself" gunnery="3"></crew>', {"name": "Crew Itself", "gunnery": 3}),
        (
            '<notes/><crew><other/><crewMember name="After" gunnery="6"/></crew><pilot name="Late"/>',
            {"name": "After", "gunnery": 6},
        ),
        (
            '<pilot name="Early" gunnery="2"/><crew><crewMember name="Later"/></crew>',
            {"name": "Early", "gunnery": 2},
        ),
        ('<m:pilot xmlns:m="urn:x" name="Spaced" gunnery="5"/>', {"name": "Spaced", "gunnery": 5}),
        ("", {"name": "", "gunnery": 4}),
    ],
)
def test_pilot_layouts(tmp_path, inner, pilot):
    (unit,) = _read(tmp_path, _mul(_entity(inner=inner)))["units"]
    assert unit["pilot"] == pilot


# -- messages ----------------------------------------------------------------------------------


def test_what_is_left_out_is_named_exactly(tmp_path):
    broken = HARPY.replace(b"<tonnage>\n2.0\n", b"<tonnage>\nx\n")
    data = _mul(
        _entity("Atlas", "AS7-D", "BipedMech"),
        _entity("", "", None),
        _entity("Zzzz", "Q"),
        _entity("Harpy", "", None),
        _entity("Harpy", "", "protomech"),
        _entity("Broken", ""),
    )
    doc = _read(tmp_path, data, {"Harpy.blk": HARPY, "Broken.blk": broken.replace(b"Harpy", b"Broken")})
    folder = tmp_path / "units"
    assert [str(w) for w in doc.warnings] == [
        "f.mul: warning: unit 1 (Atlas AS7-D): a BipedMech, not a ProtoMech: left out",
        "f.mul: warning: unit 2 (no chassis): no .blk of this chassis and model in DIR: left out",
        "f.mul: warning: unit 3 (Zzzz Q): no .blk of this chassis and model in DIR: left out",
        f"f.mul: warning: unit 6 (Broken): {folder / 'Broken.blk'} does not import "
        f"(tonnage must be a number, not 'x'): left out",
    ]
    assert len(doc["units"]) == 2


def test_a_force_of_which_nothing_imports_is_refused_with_every_reason(tmp_path):
    with pytest.raises(InputError) as exc:
        _read(tmp_path, _mul(_entity("Harpx"), _entity("Tank", kind="Tank")))
    assert _messages(exc) == [
        "f.mul: warning: unit 1 (Harpx): no .blk of this chassis and model in DIR (did you mean 'Harpy'?): left out",
        "f.mul: warning: unit 2 (Tank): a Tank, not a ProtoMech: left out",
        "f.mul: no ProtoMech of the force could be imported",
    ]


@pytest.mark.parametrize(
    "data, message",
    [
        (
            b"<unit><entity chassis='Harpy'></unit>",
            "f.mul: not a readable MegaMek force (XML) at line 1, column 33",
        ),
        (b"", "f.mul: not a readable MegaMek force (XML) at line 1, column 1"),
        (
            b'<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "x">]><unit><entity chassis="&a;"/></unit>',
            "f.mul: refused: EntitiesForbidden (DTDs and entities are not read)",
        ),
        (b"<unit><force/></unit>", "f.mul: no <entity> in this file: not a MegaMek force (.mul)"),
    ],
)
def test_unreadable_forces(tmp_path, data, message):
    with pytest.raises(InputError) as exc:
        _read(tmp_path, data)
    assert _messages(exc) == [message]


def test_entities_are_found_at_any_depth_and_namespaced(tmp_path):
    data = (
        b'<unit xmlns="urn:megamek"><force><entity chassis="Harpy" model="" type="ProtoMek"/></force>'
        b'<entity chassis="Harpy" model=""/></unit>'
    )
    assert len(_read(tmp_path, data)["units"]) == 2


# -- the quick read of three tags ---------------------------------------------------------------


@pytest.mark.parametrize(
    "head, key",
    [
        (
            b"<UnitType>\nProtoMech\n</UnitType>\n<Name>\n Harpy  X \n</Name>\n<Model>\n B \n</Model>\n",
            (("harpy x", "b"), "Harpy  X B"),
        ),
        (b"<unittype>\nprotomek\n</unittype>\n<name>\nHarpy\n</name>\n", (("harpy", ""), "Harpy")),
        (b"<UnitType>\nMech\n</UnitType>\n<Name>\nHarpy\n</Name>\n", None),
        (b"<UnitType>\nProtoMek\n</UnitType>\n<Model>\nX\n</Model>\n", None),
        (b"<Name>\nHarpy\n</Name>\n", None),
    ],
)
def test_blk_key(head, key):
    assert blk_key(head) == key


def test_the_three_tags_must_be_in_the_first_64_kb(tmp_path):
    tags = b"<UnitType>\nProtoMek\n</UnitType>\n<Name>\nHarpy\n</Name>"
    for pad, found in ((64 * 1024 - len(tags), True), (64 * 1024 - len(tags) + 1, False)):
        head = b"#" * (pad - 1) + b"\n" + tags
        assert (blk_key(head) is not None) is found
        (tmp_path / "h.blk").write_bytes(head + b"\n" + HARPY)
        assert (("harpy", "") in index_units(tmp_path)) is found


def test_the_units_folder_defaults_to_the_forces_own(tmp_path, monkeypatch):
    from sheets.games.battletech import mul

    monkeypatch.delenv(mul.UNITS_ENV, raising=False)
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    force = tmp_path / "f.mul"
    force.write_bytes(_mul(_entity("Harpx"), _entity()))
    doc = force_to_unit_file(force)
    assert [str(w) for w in doc.warnings] == [
        f"{force}: warning: unit 1 (Harpx): no .blk of this chassis and model in {tmp_path} "
        f"(did you mean 'Harpy'?): left out"
    ]
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.setenv(mul.UNITS_ENV, str(other))
    with pytest.raises(InputError):
        force_to_unit_file(force)


def test_force_to_yaml_writes_one_roster(tmp_path):
    doc = _read(tmp_path, _mul(_entity(inner='<pilot name="Оля" gunnery="3"/>')))
    text = force_to_yaml(doc)
    assert text.startswith(
        "# Imported by `sheets import megamek` from a MegaMek force; fluff is not copied.\n"
        "system: battletech\nroster:\n  name: f\nunits:\n  - name: Harpy\n"
    )
    assert "    pilot: {name: Оля, gunnery: 3}\n" in text
    assert '    model: ""\n' in text
    assert yaml.safe_load(text)["units"][0]["pilot"] == {"name": "Оля", "gunnery": 3}
