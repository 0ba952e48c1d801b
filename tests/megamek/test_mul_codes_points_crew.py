"""MegaMek forces: the code of every "not carried" warning of an end-of-battle record (ammo used
included), the Point names of groups nested three deep (the names above a Point are added only
where two Points share a name), where a crew member's warning points (the ``<crewMember>``
line, not the ``<crew>``), and an embedded unit file whose base64 text is split by an element."""

from __future__ import annotations

import base64
import gzip
from pathlib import Path

import pytest

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


def test_an_odd_parser_failure_is_one_positioned_message_its_reason_cut_at_40(tmp_path, monkeypatch):
    from sheets.core.errors import InputError
    from sheets.games.battletech import mul

    def fails(reason):
        def start(self, tag, attrs):
            raise ValueError(reason)

        return start

    for reason, shown in (("v" * 40, "v" * 40), ("v" * 41, "v" * 40 + "…"), ("", "ValueError")):
        monkeypatch.setattr(mul._Builder, "start", fails(reason))
        with pytest.raises(InputError) as exc:
            read_force("f.mul", b"<unit/>", index_units(tmp_path))
        assert [str(p) for p in exc.value.problems] == [
            f"f.mul:1:8: not a readable MegaMek force: the XML is broken here ({shown})"
        ]


def test_did_you_mean_for_the_first_20_units_not_found_only(tmp_path):
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    entities = "\n".join(f'<entity chassis="Harpi" model="" type="Biped" id="{i}"/>' for i in range(21))
    data = f'<?xml version="1.0"?>\n<unit>\n<entity chassis="Harpy" model="" type="Biped"/>\n{entities}\n</unit>\n'
    doc = read_force("f.mul", data.encode(), index_units(tmp_path))
    hints = [str(w).endswith(f"in {tmp_path} (did you mean 'Harpy'?): left out") for w in doc.warnings]
    assert hints == [True] * 20 + [False]
    assert str(doc.warnings[-1]).endswith(
        f"unit 22 (Harpi): no unit file of this chassis and model in {tmp_path}: left out"
    )
