"""Issue 21 (BattleScribe import): what a model profile reads as when a characteristic is not
written at all (not a dash: absent), both dialects. A profile without "Unit Type" is plain
infantry (no "type as written", no gap); a missing column the rules need leaves the model out
with a gap naming the column; a gun line without T prints T as a dash."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

DIALECTS = ["2.03", "2.01"]
STATS = [
    ("WS", "3"),
    ("BS", "4"),
    ("S", "3"),
    ("T", "3"),
    ("W", "1"),
    ("I", "3"),
    ("A", "1"),
    ("LD", "7"),
    ("Save", "4+"),
]


def _units(dialect, name, kind, pairs):
    sel = R.selection(
        dialect, name, "model", cat="HQ", cost="5", profiles=R.profile(dialect, name, kind, pairs)
    )
    return roster_to_unit_file("f.ros", R.roster(dialect, forces=R.force(dialect, "P", sel)).encode("utf-8"))[
        "units"
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_unit_profile_without_a_unit_type_is_plain_infantry(dialect):
    (u,) = _units(dialect, "Plain", "Unit", STATS)
    assert u["models"] == [
        {
            "name": "Plain",
            "count": 1,
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
    ]
    assert "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_unit_profile_without_a_save_prints_a_dash_and_one_without_i_is_left_out(dialect):
    (u,) = _units(dialect, "No Save", "Unit", [("Unit Type", "Infantry")] + STATS[:-1])
    assert u["models"][0]["sv"] == "-" and "gaps" not in u
    (u,) = _units(dialect, "No I", "Unit", [("Unit Type", "Infantry")] + [p for p in STATS if p[0] != "I"])
    assert u["models"] == []
    assert u["gaps"] == ["No I: left out (model 'No I' (infantry) needs 'i')"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_gun_line_without_t_prints_a_dash(dialect):
    (u,) = _units(dialect, "Bare Gun", "Unit", [("Unit Type", "Artillery"), ("W", "2"), ("Save", "3+")])
    assert u["models"] == [{"name": "Bare Gun", "count": 1, "type": "gun", "t": "-", "w": 2, "sv": "3+"}]
    assert "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_vehicle_without_rear_armour_is_left_out_naming_rear(dialect):
    (u,) = _units(
        dialect, "Open Back", "Vehicle", [("BS", "4"), ("Front", "12"), ("Side", "12"), ("HP", "3")]
    )
    assert u["models"] == []
    assert u["gaps"] == ["Open Back: left out (model 'Open Back' (vehicle) needs 'rear')"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_vehicle_profile_with_a_front_of_12_and_no_type(dialect):
    (u,) = _units(
        dialect, "Box", "Vehicle", [("BS", "3"), ("Front", "12"), ("Side", "11"), ("Rear", "10"), ("HP", "3")]
    )
    assert u["models"] == [
        {"name": "Box", "count": 1, "type": "vehicle", "bs": 3, "front": 12, "side": 11, "rear": 10, "hp": 3}
    ]
