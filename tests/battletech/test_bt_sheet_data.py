"""The record-sheet data of a ProtoMech, pinned at the data level (``view.sheet_data``), for what
only the printout tests looked at before: the † flags and footnotes of unverified and later
equipment (issue 12 point 4: "under classic such items are ... a † on the sheet"), the ATM
ammo quirk (digest §9.2: "Flag units with ATM ammo: BV may differ from MegaMek"), the open
items of digest §15, and the per-variant rows (digest §8)."""

import pytest

from sheets.games.battletech import rules, view

# ATM 6 is marked unverified (no primary source for its BV); ATM ammo has no kg/shot in MegaMek
# (the quirk); the ProtoMech AC/2, the Streak LRM 5, the myomer booster and extended jump jets are
# later than the seed (issue 12 point 4); Streak LRM 5 ammo BV is unverified (closing note of #12).
LATE = dict(
    name="Late",
    model="L-1",
    tons=9,
    walk=4,
    jump=6,
    jump_jets="extended",
    myomer_booster=True,
    armor={"head": 2, "torso": 8},
    pilot={"name": "Aster", "gunnery": 3},
    equipment=[
        {"item": "ATM 6", "location": "torso"},
        {"item": "ATM 6 Ammo", "shots": 10},
        {"item": "ProtoMech AC/2", "location": "right_arm"},
        {"item": "ProtoMech AC/2 Ammo", "shots": 20},
        {"item": "Streak LRM 5", "location": "left_arm"},
        {"item": "Streak LRM 5 Ammo", "shots": 12},
    ],
)


@pytest.fixture(scope="module")
def late():
    return rules.build(LATE)


def test_classic_marks_later_and_unverified_items(late):
    data = view.sheet_data(late, "classic")
    assert data["flags"] == {
        "unverified_items": ["ATM 6", "Streak LRM 5 Ammo"],
        "atm_ammo_quirk": True,
        "crit_12_unverified": True,
        "destroyed_location_reading_unverified": True,
        "later_equipment": [
            "ProtoMech AC/2",
            "ProtoMech AC/2 Ammo",
            "Streak LRM 5",
            "Streak LRM 5 Ammo",
            "extended jump jets",
            "myomer booster",
        ],
    }
    assert data["footnotes"] == ["unverified_footnote", "later_equipment_footnote", "atm_bv_footnote"]
    assert [(r["name"], r["verified"]) for r in data["inventory"]] == [
        ("ATM 6", False),
        ("ProtoMech AC/2", False),
        ("Streak LRM 5", False),
    ]
    assert [(r["name"], r["weapon"], r["shots"], r["verified"]) for r in data["ammo"]] == [
        ("ATM 6 Ammo", "ATM 6", 10, True),
        ("ProtoMech AC/2 Ammo", "ProtoMech AC/2", 20, False),
        ("Streak LRM 5 Ammo", "Streak LRM 5", 12, False),
    ]
    # run 1.5 × 4 = 6, boosted 2 × 4 = 8; both the booster and the extended jets are marked
    assert data["movement"] == [
        {"key": "walk", "value": "4"},
        {"key": "run", "value": "6 [8]†"},
        {"key": "jump", "value": "6†"},
    ]
    assert data["rules_label"] == "rules_classic" and data["variant"] == "classic"
    assert data["main_gun_restriction"] is None  # no main gun
    assert data["header"] == {
        "name": "Late",
        "model": "L-1",
        "tons": 9,
        "motion": "biped",
        "motion_label": "motion_biped",
        "ultraheavy": False,
    }
    assert data["pilot"]["name"] == "Aster" and data["pilot"]["gunnery"] == 3
    assert data["pilot"]["hits"] == [1, 2, 3, 4, 5, 6]
    # classic torso weapon roll: 1-2 = weapon A, 3-4 = weapon B (none here), 5-6 no effect
    assert data["torso_weapon_roll"] == {
        "title": "torso_weapon_roll",
        "empty_label": None,
        "entries": [
            {"faces": "1-2", "weapon": "ATM 6", "label": None},
            {"faces": "3-4", "weapon": None, "label": "no_effect"},
            {"faces": "5-6", "weapon": None, "label": "no_effect"},
        ],
    }


def test_tw_allows_later_equipment_but_keeps_the_unverified_marks(late):
    data = view.sheet_data(late, "tw")
    assert data["flags"]["later_equipment"] == []
    assert data["flags"]["unverified_items"] == ["ATM 6", "Streak LRM 5 Ammo"]
    assert data["flags"]["destroyed_location_reading_unverified"] is False
    assert data["footnotes"] == ["unverified_footnote", "atm_bv_footnote"]
    assert [r["verified"] for r in data["inventory"]] == [False, True, True]
    assert [r["verified"] for r in data["ammo"]] == [True, True, False]
    assert data["movement"][1:] == [{"key": "run", "value": "6 [8]"}, {"key": "jump", "value": "6"}]
    assert data["rules_label"] == "rules_tw" and data["variant"] == "tw"
    # tw: each torso item takes 2 faces of 1D6 on a biped, the rest is no effect
    assert data["torso_weapon_roll"]["entries"] == [
        {"faces": "1-2", "weapon": "ATM 6", "label": None},
        {"faces": "3-6", "weapon": None, "label": "no_effect"},
    ]


def test_variant_none_is_classic(late):
    assert view.sheet_data(late, None) == view.sheet_data(late, "classic")


def test_a_plain_seed_unit_has_no_marks_and_no_footnotes():
    proto = rules.build(
        dict(
            name="Plain",
            tons=5,
            walk=5,
            armor={"torso": 5},
            equipment=[{"item": "ER Medium Laser", "location": "torso"}],
        )
    )
    for variant in ("classic", "tw"):
        data = view.sheet_data(proto, variant)
        assert data["flags"]["unverified_items"] == [] and data["flags"]["later_equipment"] == []
        assert data["flags"]["atm_ammo_quirk"] is False
        assert data["footnotes"] == []
        assert data["movement"] == [
            {"key": "walk", "value": "5"},
            {"key": "run", "value": "8"},
            {"key": "jump", "value": "0"},
        ]
        assert data["pilot"] == {
            "name": "",
            "gunnery": 4,
            "hits": [1, 2, 3, 4, 5, 6],
            "consciousness": [3, 5, 7, 10, 11, "dead"],
        }


def test_only_unverified_ammo_gives_the_unverified_footnote():
    # a verified weapon with ammo the catalogue marks unverified: the ammo alone raises the †
    proto = rules.build(
        dict(
            name="P",
            tons=9,
            walk=4,
            armor={},
            equipment=[
                {"item": "Plasma Cannon", "location": "main_gun"},
                {"item": "Plasma Cannon Ammo", "shots": 10},
            ],
        )
    )
    data = view.sheet_data(proto, "tw")
    assert data["flags"]["unverified_items"] == ["Plasma Cannon Ammo"]
    assert data["footnotes"] == ["unverified_footnote"]


def test_main_gun_restriction_is_classic_only():
    proto = rules.build(
        dict(name="G", tons=8, walk=4, armor={}, equipment=[{"item": "LRM 10", "location": "main_gun"}])
    )
    assert view.sheet_data(proto, "classic")["main_gun_restriction"] == "main_gun_restriction_classic"
    assert view.sheet_data(proto, "tw")["main_gun_restriction"] is None


def test_verified_crit_12_row_drops_the_flag(monkeypatch):
    # digest §15: "Determining Critical Hits: 12 → 3 crits" is an open item; a user's data that
    # verifies it must drop the † flag
    rows = [
        {"roll_text": "2-7", "crits": 0, "verified": True},
        {"roll_text": "12", "crits": 3, "verified": True},
    ]
    monkeypatch.setattr(view, "determining_crits", lambda: rows)  # as the sheet data reads it
    proto = rules.build(dict(name="P", tons=5, walk=5, armor={}))
    assert view.sheet_data(proto, "classic")["flags"]["crit_12_unverified"] is False


def _ways(roll):
    return 6 - abs(7 - roll)


# digest §2.3, the quad row of the Special Hit Location Table
QUAD_SPECIAL = {
    2: "main_gun",
    3: "legs",
    4: "legs",
    5: "legs",
    6: "torso",
    7: "torso",
    8: "torso",
    9: "legs",
    10: "legs",
    11: "legs",
    12: "head",
}


def test_tw_ultraheavy_quad_sheet_rows():
    proto = rules.build(dict(name="Q", tons=12, motion="quad", walk=3, armor={"legs": 10}))
    data = view.sheet_data(proto, "tw")
    assert data["header"]["ultraheavy"] is True and data["header"]["motion_label"] == "motion_quad"
    assert data["physical_damage"] == 3  # digest §6.1 tw: 3 (10-15 t); classic has no such row
    assert data["special_hit_table"] == [
        {"roll": r, "location": loc, "ways": _ways(r), "probability": f"{_ways(r)}/36"}
        for r, loc in QUAD_SPECIAL.items()
    ]
    # digest §4.1: 2-7 none, 8-9 one, 10-11 two, 12 three (unverified)
    assert data["determining_crits"] == [
        {"roll_text": "2-7", "crits": 0, "verified": True},
        {"roll_text": "8-9", "crits": 1, "verified": True},
        {"roll_text": "10-11", "crits": 2, "verified": True},
        {"roll_text": "12", "crits": 3, "verified": False},
    ]
    assert [a["location"] for a in data["armor"]] == ["head", "torso", "legs"]
    assert data["armor"][2] == {
        "location": "legs",
        "label": "loc_legs",
        "armor": 10,
        "structure": 13,
        "max_armor": 26,
    }
    # quad: the torso roll gives each torso item 1 face; no torso items -> the empty label
    assert data["torso_weapon_roll"]["entries"] == []
    assert data["torso_weapon_roll"]["empty_label"] == "no_torso_weapons"


def test_glider_movement_rows():
    # digest §5: glider sheets show Ground 1 / Cruise / Flank; flank is at least 4 (MegaMek minimum)
    glider = rules.build(dict(name="G", tons=4, motion="glider", walk=2, jump=2, armor={}))
    assert rules.movement(glider) == [
        {"key": "ground", "value": "1"},
        {"key": "cruise", "value": "2"},
        {"key": "flank", "value": "4"},
        {"key": "jump", "value": "2"},
    ]
    no_jump = rules.build(dict(name="G", tons=4, motion="glider", walk=5, armor={}))
    assert rules.movement(no_jump) == [
        {"key": "ground", "value": "1"},
        {"key": "cruise", "value": "5"},
        {"key": "flank", "value": "8"},
    ]
    quad = rules.build(dict(name="Q", tons=4, motion="quad", walk=1, armor={}))
    assert rules.movement(quad)[1] == {"key": "run", "value": "3"}  # quad run at least 3
    assert rules.run_mp(rules.build(dict(name="B", tons=4, walk=1, armor={}))) == 2  # biped: no minimum
    assert rules.run_mp(rules.build(dict(name="Q", tons=4, motion="quad", walk=0, armor={}))) == 0


def test_a_boosted_glider_under_classic_marks_its_flank():
    # gliders are tw-only in the shipped tables; a user's classic table that allows them still marks
    # the (later) myomer booster on the glider's Flank row
    glider = rules.build(dict(name="G", tons=4, motion="glider", walk=5, myomer_booster=True, armor={}))
    assert view.sheet_data(glider, "classic")["movement"][2] == {"key": "flank", "value": "8 [10]†"}
