"""BattleScribe import: both dialects, points as exact recursive sums, FOC slots, .rosz detection,
edition dispatch and hostile files (the parsing rules of the wh40k6 digest, §7.3)."""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path

import pytest

from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file, slot_of, unit_type, vehicle_type

from . import rosters as R

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "battlescribe"


def _write(tmp_path, name, text_or_bytes):
    p = tmp_path / name
    p.write_bytes(text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else text_or_bytes)
    return p


def _problem(exc: pytest.ExceptionInfo) -> str:
    assert len(exc.value.problems) == 1
    return str(exc.value.problems[0])


@pytest.mark.parametrize("dialect", ["2.01", "2.03"])
def test_both_dialects_give_the_same_units(tmp_path, dialect):
    doc = roster_to_unit_file(_write(tmp_path, "a.ros", R.roster(dialect)))
    assert doc["system"] == "wh40k6"
    assert doc["roster"]["name"] == "Test Host"
    assert doc["roster"]["limit"] == 1000
    # the allegiance pseudo-selection goes into the header, not the units
    assert "Host Allegiance: Loyal" in doc["roster"]["notes"]
    names = [u["name"] for u in doc["units"]]
    assert names == ["Glass Squad", "Lantern Captain"]
    squad, hero = doc["units"]
    # 0 (unit) + 90 (nine troopers, not 9 × 90) + 10 + 5 (a nested upgrade) = 105
    assert squad["points"] == 105
    assert hero["points"] == 80
    assert squad["slot"] == "troops" and hero["slot"] == "hq"
    assert squad["detachment"] == "primary"
    models = {m["name"]: m for m in squad["models"]}
    assert models["Glass Trooper"]["count"] == 9
    assert models["Glass Sergeant"]["count"] == 1
    assert models["Glass Sergeant"]["type"] == "infantry (character)"
    assert models["Glass Trooper"] == {
        "name": "Glass Trooper",
        "count": 9,
        "type": "infantry",
        "ws": 3,
        "bs": 4,
        "s": 3,
        "t": 3,
        "w": 1,
        "i": 3,
        "a": 1,
        "ld": 7,
        "sv": "4+",
    }
    # weapons de-duplicated by name and carrier, range without the inch mark
    # counted: 9 troopers and the sergeant each carry one (issue 22, weapons ×N), each line its own
    # (issue 32: the carrier survives merging counts)
    rifle = {"name": "Lumen Rifle", "range": 24, "s": 4, "ap": 5, "type": "Rapid Fire"}
    assert squad["weapons"] == [
        {**rifle, "count": 9, "carrier": "Glass Trooper"},
        {**rifle, "count": 1, "carrier": "Glass Sergeant"},
    ]
    assert squad["rules"] == ["Steady"]  # twice in the file, once in the list
    assert hero["models"][0]["type"] == "jump infantry (character)"
    assert hero["models"][0]["sv"] == "3+/4++"


def test_negative_and_fractional_costs_are_summed_exactly(tmp_path):
    units = R.selection(
        "2.03",
        "Odd Unit",
        "unit",
        cost="0.1",
        cat="Elites",
        profiles=R.trooper("2.03", "Odd"),
        children=R.selection("2.03", "Odd Bit", "upgrade", cost="0.2")
        + R.selection("2.03", "Refund", "upgrade", cost="-2.0"),
    ) + R.selection(
        "2.03", "Even Unit", "unit", cost="0.30000000000000004", cat="HQ", profiles=R.trooper("2.03", "Even")
    )
    doc = roster_to_unit_file(_write(tmp_path, "f.ros", R.roster(forces=R.force("2.03", "P", units))))
    odd, even = doc["units"]
    assert odd["points"] == -1.7  # 0.1 + 0.2 − 2.0 exactly (binary floats would give −1.6999…)
    assert even["points"] == 0.3


def test_allied_detachment_and_slots_from_primary_category(tmp_path):
    forces = R.force(
        "2.03",
        "Primary Detachment",
        R.selection("2.03", "Boss", "model", cost="50", cat="HQ", profiles=R.trooper("2.03", "Boss")),
    ) + R.force(
        "2.03",
        "Allied Detachment",
        R.selection(
            "2.03", "Friend", "model", cost="40", cat="Heavy Support", profiles=R.trooper("2.03", "Friend")
        ),
    )
    doc = roster_to_unit_file(_write(tmp_path, "a.ros", R.roster(forces=forces)))
    assert [(u["name"], u["slot"], u["detachment"]) for u in doc["units"]] == [
        ("Boss", "hq", "primary"),
        ("Friend", "heavy_support", "allied"),
    ]


@pytest.mark.parametrize(
    "category, slot",
    [
        ("HQ", "hq"),
        ("Troops", "troops"),
        ("Elites", "elites"),
        ("Fast Attack", "fast_attack"),
        ("Heavy Support", "heavy_support"),
        ("Fortification", "fortification"),
        ("Lords of War", "lords_of_war"),
        ("No Force Org Slot", "none"),
        (None, "none"),
        ("  heavy   support ", "heavy_support"),
    ],
)
def test_slot_of(category, slot):
    assert slot_of(category) == slot


@pytest.mark.parametrize(
    "text, ours",
    [
        ("Infantry", "infantry"),
        ("Infanty (Character)", "infantry (character)"),
        ("Jump Infantry", "jump infantry"),
        ("Jet Pack Infantry", "jet pack infantry"),
        ("Bike", "bike"),
        ("Jetbike", "jetbike"),
        ("Eldar Jetbike", "eldar jetbike"),
        ("Monstrous Creature (Character)", "monstrous creature (character)"),
        ("Flying Monstrous Creature", "flying monstrous creature"),
        ("Beasts", "beast"),
        ("Cavalry", "cavalry"),
        ("Artillery", "artillery"),
    ],
)
def test_unit_type_matching_is_tolerant(text, ours):
    assert unit_type(text) == ours


def test_vehicle_types():
    assert vehicle_type("Vehicle (Tank, Transport)") == "vehicle (tank, transport)"
    assert vehicle_type("Tank, Transport") == "vehicle (tank, transport)"
    assert vehicle_type("Walker") == "vehicle (walker)"


def test_vehicle_and_walker_profiles(tmp_path):
    d = "2.01"
    tank = R.selection(
        d,
        "Brick",
        "model",
        cost="100",
        cat="Heavy Support",
        profiles=R.profile(
            d,
            "Brick",
            "Vehicle",
            [("BS", "4"), ("Front", "13"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")],
        ),
    )
    walker = R.selection(
        d,
        "Stomper",
        "model",
        cost="100",
        cat="Elites",
        profiles=R.profile(
            d,
            "Stomper",
            "Walker",
            [
                ("WS", "4"),
                ("BS", "4"),
                ("S", "6"),
                ("Front", "12"),
                ("Side", "12"),
                ("Rear", "10"),
                ("I", "4"),
                ("A", "2"),
                ("HP", "3"),
                ("Type", "Walker"),
            ],
        ),
    )
    doc = roster_to_unit_file(_write(tmp_path, "v.ros", R.roster(d, forces=R.force(d, "P", tank + walker))))
    assert doc["units"][0]["models"] == [
        {
            "name": "Brick",
            "count": 1,
            "type": "vehicle (tank)",
            "bs": 4,
            "front": 13,
            "side": 11,
            "rear": 10,
            "hp": 3,
        }
    ]
    assert doc["units"][1]["models"] == [
        {
            "name": "Stomper",
            "count": 1,
            "type": "vehicle (walker)",
            "ws": 4,
            "bs": 4,
            "s": 6,
            "front": 12,
            "side": 12,
            "rear": 10,
            "i": 4,
            "a": 2,
            "hp": 3,
        }
    ]


def test_rosz_is_detected_by_content_and_plain_xml_rosz_works(tmp_path):
    text = R.roster()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("readme.txt", "not a roster")
        z.writestr("army.ros", text)
    zipped = roster_to_unit_file(_write(tmp_path, "army.rosz", buf.getvalue()))
    plain = roster_to_unit_file(_write(tmp_path, "plain.rosz", text))  # a .rosz that is not zipped
    also = roster_to_unit_file(_write(tmp_path, "zip-named.ros", buf.getvalue()))  # zip named .ros
    assert zipped["units"] == plain["units"] == also["units"]
    assert [u["points"] for u in zipped["units"]] == [105, 80]


def test_eighth_edition_is_refused_naming_the_edition(tmp_path):
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "new.ros", R.roster(system=R.EIGHTH)))
    assert "8th/9th edition" in _problem(exc)


def test_unknown_system_is_refused(tmp_path):
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "x.ros", R.roster(system="0000-made-up")))
    assert "not imported" in _problem(exc)


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">]>
<roster name="&lol9;"/>"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<roster name="&xxe;" gameSystemId="3d1a4963-0629-4025-a90b-76ab3d63c5c5"/>"""


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL], ids=["billion-laughs", "external-entity"])
def test_hostile_xml_is_refused_quickly(tmp_path, text):
    start = time.perf_counter()
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "evil.ros", text))
    assert time.perf_counter() - start < 1.0
    msg = _problem(exc)
    assert "refused" in msg and "passwd" not in msg and "lol" not in msg


def test_zip_bomb_is_refused_quickly(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("bomb.ros", b"<" + b" " * (60 * 1024 * 1024))  # 60 MB of spaces, ~60 KB zipped
    start = time.perf_counter()
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "bomb.rosz", buf.getvalue()))
    assert time.perf_counter() - start < 2.0
    assert "zip bomb" in _problem(exc)


def test_zip_header_lying_about_size_is_still_capped(tmp_path, monkeypatch):
    from sheets.games.wh40k6 import battlescribe

    real = battlescribe.config()
    small = {**real, "limits": {**real["limits"], "xml_bytes": 1000}}
    monkeypatch.setattr(battlescribe, "config", lambda: small)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.ros", R.roster())
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "a.rosz", buf.getvalue()))
    assert "limit 1000" in _problem(exc) or "more than 1000" in _problem(exc)


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "not valid XML"),
        (b"<roster", "not valid XML"),
        (b"PK\x03\x04garbage", "not a readable .rosz"),
        (b"<army/>", "not a BattleScribe roster"),
    ],
)
def test_broken_files_are_one_line_errors(tmp_path, content, words):
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "b.ros", content))
    assert words in _problem(exc)


def test_xml_syntax_error_has_a_position(tmp_path):
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(_write(tmp_path, "b.ros", "<roster>\n  <forces>\n</roster>"))
    assert ":3:" in _problem(exc)


def test_a_fifo_is_not_read(tmp_path):
    import os

    fifo = tmp_path / "pipe.ros"
    os.mkfifo(fifo)
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(fifo)
    assert "not a regular file" in _problem(exc)


def test_rule_descriptions_are_never_copied(tmp_path):
    text = R.roster().replace("<description></description>", "<description>SECRET RULE PROSE</description>")
    doc = roster_to_unit_file(_write(tmp_path, "d.ros", text))
    assert "SECRET" not in repr(doc)


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="real rosters not present")
@pytest.mark.parametrize(
    "name, total, units",
    [("hh1_traitor.ros", 1500, 10), ("hh1_traitor.rosz", 1500, 10), ("hh1_bs201_transports.ros", 1487, 9)],
)
def test_real_rosters_sum_to_their_totals(name, total, units):
    """The unit sums equal the roster totals the files state (1500 pts; 1487 pts); each dedicated
    transport is a unit of its own (issue 22): 8 + 2 and 7 + 2 units."""
    doc = roster_to_unit_file(FIXTURES / name)
    assert sum(u["points"] for u in doc["units"]) == total
    assert len(doc["units"]) == units


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="real rosters not present")
def test_real_eighth_edition_roster_is_refused():
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(FIXTURES / "w40k8_magnus.ros")
    assert "8th/9th edition" in _problem(exc)
