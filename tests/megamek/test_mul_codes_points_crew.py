"""MegaMek forces: the code of every "not carried" warning of an end-of-battle record (ammo used
included), the Point names of groups nested three deep (the names above a Point are added only
where two Points share a name), where a crew member's warning points (the ``<crewMember>``
line, not the ``<crew>``), and an embedded unit file whose base64 text is split by an element."""

from __future__ import annotations

import base64
import gzip
from pathlib import Path

from sheets.games.battletech.mul import _points, index_units, read_force

FIX = Path(__file__).parent / "fixtures"
HARPY = (FIX / "Harpy.blk").read_bytes()


def test_every_warning_of_an_end_of_battle_record_has_its_code():
    doc = read_force("r.mul", (FIX / "mul" / "record-0.49.mul").read_bytes(), index_units(FIX))
    assert [(str(w).split(": warning: ")[1][:40], w.code) for w in doc.warnings] == [
        ("unit 1 (Orc): MegaMek records 8 of 20 sh", "mul-state-not-carried"),
        ("unit 1 (Orc): MegaMek records damage in ", "mul-state-not-carried"),
        ("unit 2 (Harpy): MegaMek records 2 hits o", "mul-state-not-carried"),
        ("unit 3 (Roc): MegaMek records the pilot ", "mul-state-not-carried"),
        ("unit 3 (Roc): MegaMek records damage in ", "mul-state-not-carried"),
        ("the record's <salvage> (2 units) is not ", "mul-other-section"),
    ]


def test_points_three_deep_name_the_groups_above_only_where_two_points_share_a_name():
    chains = [
        ("Trinary Ghost", "Star Alpha", "Point 1"),
        ("Trinary Ghost", "Star Beta", "Point 1"),
        ("Trinary Ghost", "Star Beta", "Point 2"),
        ("Trinary Ghost", "Star Beta", "Point 2"),  # two units of one Point: no clash with itself
        (),
    ]
    assert _points(chains) == [
        "Trinary Ghost / Star Alpha / Point 1",
        "Trinary Ghost / Star Beta / Point 1",
        "Point 2",
        "Point 2",
        "",
    ]
    # the same last name one level up does not count: only the Point's own name is compared
    assert _points([("A", "Star", "Point 1"), ("B", "Point 1", "Star")]) == ["Point 1", "Star"]


def _force(inner: str) -> bytes:
    return (
        '<?xml version="1.0"?>\n<unit>\n<entity chassis="Harpy" model="" type="Biped">\n'
        + inner
        + "\n</entity>\n</unit>\n"
    ).encode()


def test_a_crew_members_warning_points_at_the_member_not_the_crew(tmp_path):
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    data = _force(
        '<crew gunnery="5">\n<crewMember slot="1" name="One"/>\n<crewMember slot="0" hits="2"/>\n</crew>'
    )
    doc = read_force("f.mul", data, index_units(tmp_path))
    assert [str(w) for w in doc.warnings] == [
        "f.mul:6:1: warning: unit 1 (Harpy): MegaMek records 2 hits on the pilot; the sheet prints the pilot unhurt"
    ]
    # without a slot-0 member: the first member's line
    data = _force('<crew gunnery="5">\n<crewMember slot="2" hits="1"/>\n<crewMember slot="3"/>\n</crew>')
    doc = read_force("f.mul", data, index_units(tmp_path))
    assert [str(w).split(": warning:")[0] for w in doc.warnings] == ["f.mul:5:1"]


def test_an_embedded_unit_file_split_by_an_element_is_read_whole(tmp_path):
    kobold = HARPY.replace(b"<Name>\nHarpy\n", b"<Name>\nKobold\n").replace(
        b"<Model>\n\n", b"<Model>\nCustom\n"
    )
    packed = base64.b64encode(gzip.compress(kobold, mtime=0)).decode()
    half = len(packed) // 8 * 4  # a whole number of base64 quads on each side
    data = (
        '<?xml version="1.0"?>\n<unit>\n<entity chassis="Kobold" model="Custom" type="Biped">'
        f'<construction_data filename="K.blk">{packed[:half]}<br/>{packed[half:]}</construction_data>'
        "</entity>\n</unit>\n"
    ).encode()
    doc = read_force("f.mul", data, index_units(tmp_path))
    assert [(u["name"], u["model"]) for u in doc["units"]] == [("Kobold", "Custom")] and doc.warnings == []
