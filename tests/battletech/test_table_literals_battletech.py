"""The ProtoMech tables the other literal tests leave open, cell by cell, as literals from the
rules digest (battletech.md §3.1 structure, §3.2 maximum armour, §3.3 equipment limits, §4.1
Determining Critical Hits, §5 movement minimums, §6.1 physical attacks and Kick/Punch location
tables, §7 pilot, §9.2/9.3 BV constants and skill multipliers), never read from
``data/battletech/*.yaml``. Guards those tables against edits (benchmarks/mutate_tables.py)."""

from __future__ import annotations

import pytest

from sheets.games.battletech import bv, rules
from sheets.games.battletech.model import Mount, Proto

# §3.1: tons -> head, torso, each arm, legs (biped/glider), legs (quad), main gun
STRUCTURE = {
    2: (1, 2, 1, 2, 4, 1),
    3: (1, 3, 1, 2, 4, 1),
    4: (1, 4, 1, 3, 5, 1),
    5: (1, 5, 1, 3, 5, 1),
    6: (2, 6, 2, 4, 8, 1),
    7: (2, 7, 2, 4, 8, 1),
    8: (2, 8, 2, 5, 9, 1),
    9: (2, 9, 2, 5, 9, 1),
    10: (3, 10, 3, 6, 12, 2),
    11: (3, 11, 3, 6, 12, 2),
    12: (3, 12, 3, 7, 13, 2),
    13: (3, 13, 3, 7, 13, 2),
    14: (4, 14, 4, 8, 14, 2),
    15: (4, 15, 4, 8, 14, 2),
}
# §3.2: tons -> head, torso, each arm, legs biped, legs quad, main gun
MAX_ARMOR = {
    2: (3, 4, 2, 4, 8, 3),
    3: (3, 6, 2, 4, 8, 3),
    4: (4, 8, 2, 6, 10, 3),
    5: (4, 10, 2, 6, 10, 3),
    6: (5, 12, 4, 8, 16, 3),
    7: (5, 14, 4, 8, 16, 3),
    8: (6, 16, 4, 10, 18, 3),
    9: (6, 18, 4, 10, 18, 3),
    10: (7, 20, 6, 12, 24, 6),
    11: (7, 22, 6, 12, 24, 6),
    12: (8, 24, 6, 14, 26, 6),
    13: (8, 26, 6, 14, 26, 6),
    14: (9, 28, 6, 16, 28, 6),
    15: (9, 30, 6, 16, 28, 6),
}
# §3.2 totals of a biped without / with a main gun
MAX_ARMOR_TOTAL = {
    2: (15, 18),
    3: (17, 20),
    4: (22, 25),
    5: (24, 27),
    6: (33, 36),
    7: (35, 38),
    8: (40, 43),
    9: (42, 45),
    10: (51, 57),
    11: (53, 59),
    12: (58, 64),
    13: (60, 66),
    14: (65, 71),
    15: (67, 73),
}


def _proto(tons, motion="biped", main_gun=True, **kw):
    mounts = (Mount(0, "Main gun", None, "main_gun"),) if main_gun else ()
    return Proto(name="T", tons=tons, walk=kw.pop("walk", 4), motion=motion, mounts=mounts, **kw)


def _row(values, quad=False):
    head, torso, arm, legs, legs_quad, gun = values
    if quad:
        return {"head": head, "torso": torso, "legs": legs_quad, "main_gun": gun}
    return {"head": head, "torso": torso, "right_arm": arm, "left_arm": arm, "legs": legs, "main_gun": gun}


@pytest.mark.parametrize("tons", range(2, 16))
def test_internal_structure_row(tons):
    assert rules.structure(_proto(tons)) == _row(STRUCTURE[tons])
    assert rules.structure(_proto(tons, "quad")) == _row(STRUCTURE[tons], quad=True)
    assert rules.structure(_proto(tons, "glider")) == _row(STRUCTURE[tons])


@pytest.mark.parametrize("tons", range(2, 16))
def test_maximum_armour_row(tons):
    assert rules.max_armor(_proto(tons)) == _row(MAX_ARMOR[tons])
    assert rules.max_armor(_proto(tons, "quad")) == _row(MAX_ARMOR[tons], quad=True)
    without, with_gun = MAX_ARMOR_TOTAL[tons]
    assert sum(rules.max_armor(_proto(tons, main_gun=False)).values()) == without
    assert sum(rules.max_armor(_proto(tons)).values()) == with_gun


def test_structure_follows_the_digest_formulas():
    # torso IS = tons; each arm = head; main gun 1 (<= 9 t) or 2 (10–15 t)
    for tons, (head, torso, arm, _legs, _lq, gun) in STRUCTURE.items():
        assert (torso, arm, gun) == (tons, head, 1 if tons <= 9 else 2)
    # max armour: head 2 + tons // 2, torso 2 x IS, legs 2 x leg IS, main gun 3 x gun IS
    for tons, (head, torso, arm, legs, lq, gun) in MAX_ARMOR.items():
        s = STRUCTURE[tons]
        assert (head, torso, legs, lq, gun) == (2 + tons // 2, 2 * s[1], 2 * s[3], 2 * s[4], 3 * s[5])
        assert arm == (2 if tons <= 5 else 4 if tons <= 9 else 6)


# -- §3.3 equipment limits per location --------------------------------------------------------


def _limits():
    return rules.table("locations")["limits"]


@pytest.mark.parametrize(
    "cls, shape, torso, arm, gun_slots",
    [
        ("standard", "biped", (2, 2.0), (1, 0.5), 1),
        ("ultraheavy", "biped", (3, 4.0), (1, 1.0), 1),
        ("standard", "quad", (4, 5.0), (0, 0), 1),
        ("ultraheavy", "quad", (6, 8.0), (0, 0), 2),
    ],
)
def test_equipment_limits(cls, shape, torso, arm, gun_slots):
    lim = _limits()[cls][shape]
    assert (lim["torso"]["slots"], lim["torso"]["tons"]) == torso
    assert (lim["arm"]["slots"], lim["arm"]["tons"]) == arm
    assert (lim["main_gun"]["slots"], lim["main_gun"]["tons"]) == (gun_slots, None)  # unlimited weight
    assert lim["head"]["slots"] == lim["legs"]["slots"] == 0


def test_ultraheavy_from_10_tons():
    assert [rules.is_ultraheavy(_proto(t)) for t in (9, 10, 15)] == [False, True, True]


# -- §4.1, §5, §6.1, §7 ------------------------------------------------------------------------


def test_determining_critical_hits_table():
    assert [(r["roll_text"], r["crits"], r["verified"]) for r in rules.determining_crits()] == [
        ("2-7", 0, True),
        ("8-9", 1, True),
        ("10-11", 2, True),
        ("12", 3, False),
    ]


@pytest.mark.parametrize(
    "motion, walk, run",
    [
        ("quad", 1, 3),
        ("quad", 2, 3),
        ("quad", 3, 5),
        ("glider", 1, 4),
        ("glider", 2, 4),
        ("glider", 3, 5),
        ("biped", 1, 2),
        ("biped", 0, 0),
        ("quad", 0, 0),
    ],
)
def test_run_minimums_quad_3_glider_4(motion, walk, run):
    assert rules.run_mp(_proto(5, motion, walk=walk)) == run


@pytest.mark.parametrize(
    "variant, tons, damage",
    [
        ("classic", 1, 1),
        ("classic", 2, 1),
        ("classic", 5, 1),
        ("classic", 6, 2),
        ("classic", 9, 2),
        ("tw", 2, 1),
        ("tw", 5, 1),
        ("tw", 6, 2),
        ("tw", 9, 2),
        ("tw", 10, 3),
        ("tw", 15, 3),
    ],
)
def test_physical_attack_damage(variant, tons, damage):
    # classic (seed): 1 point for 1–5 t, 2 for 6–9 t; tw: 1 (2–5 t), 2 (6–9 t), 3 (10–15 t)
    assert rules.physical_damage(_proto(tons), variant) == damage


KICK = [((1, 3), ("LL", "RL", "RL")), ((4, 6), ("LL", "LL", "RL"))]
PUNCH = [
    ((1, 1), ("LT", "LA", "RT")),
    ((2, 2), ("LT", "LT", "RT")),
    ((3, 3), ("CT", "CT", "CT")),
    ((4, 4), ("LA", "RT", "RA")),
    ((5, 5), ("LA", "RA", "RA")),
    ((6, 6), ("HD", "HD", "HD")),
]


def test_kick_and_punch_location_tables():
    data = rules.table("physical_tables")
    assert data["columns"] == ["left", "front_rear", "right"]
    for name, literal in (("kick", KICK), ("punch", PUNCH)):
        assert [
            (tuple(r["faces"]), (r["left"], r["front_rear"], r["right"])) for r in data["tables"][name]
        ] == literal
    # classic: same level -> Kick, one level lower -> Punch; tw: standing 'Mech -> Kick only
    assert data["used_by"] == {"classic": ["kick", "punch"], "tw": ["kick"]}


def test_pilot_track_and_gunnery_range():
    pilot = rules.table("pilot")
    assert pilot["hits"] == [1, 2, 3, 4, 5, 6]
    assert pilot["consciousness"] == [3, 5, 7, 10, 11, "dead"]
    assert (rules.default_gunnery(), pilot["gunnery_min"], pilot["gunnery_max"]) == (4, 0, 8)


# -- §9 BV 2.0 ---------------------------------------------------------------------------------

SKILL = {
    0: [2.42, 2.31, 2.21, 2.10, 1.93, 1.75, 1.68, 1.59, 1.50],
    1: [2.21, 2.11, 2.02, 1.92, 1.76, 1.60, 1.54, 1.46, 1.38],
    2: [1.93, 1.85, 1.76, 1.68, 1.54, 1.40, 1.35, 1.28, 1.21],
    3: [1.66, 1.58, 1.51, 1.44, 1.32, 1.20, 1.16, 1.10, 1.04],
    4: [1.38, 1.32, 1.26, 1.20, 1.10, 1.00, 0.95, 0.90, 0.85],
    5: [1.31, 1.19, 1.13, 1.08, 0.99, 0.90, 0.86, 0.81, 0.77],
    6: [1.24, 1.12, 1.07, 1.02, 0.94, 0.85, 0.81, 0.77, 0.72],
    7: [1.17, 1.06, 1.01, 0.96, 0.88, 0.80, 0.76, 0.72, 0.68],
    8: [1.10, 0.99, 0.95, 0.90, 0.83, 0.75, 0.71, 0.68, 0.64],
}


def test_bv_skill_multiplier_table_printed_on_the_handout():
    # §9.3, the whole Gunnery x Piloting table (the handout prints it, ProtoMech column 5 marked)
    t = rules.table("bv")
    assert t["skill_multipliers"] == SKILL
    assert t["protomech_piloting"] == 5


@pytest.mark.parametrize("gunnery, mult", [(-1, 1.75), (0, 1.75), (4, 1.00), (8, 0.75), (9, 0.75)])
def test_bv_skill_multiplier_clamped_to_0_8(gunnery, mult):
    assert bv.skill_multiplier(gunnery) == mult


def test_bv_constants_of_section_9_2():
    t = rules.table("bv")
    assert (t["armor_per_point"], t["structure_per_point"], t["protomech_defensive_bonus"]) == (2.5, 1.5, 0.1)
    assert (t["jump_tmm_bonus"], t["glider_run_tmm_bonus"]) == (1, 1)
    assert t["speed_factor"] == {"base_mp": 5, "divisor": 10, "exponent": 1.2, "decimals": 2}
    # TMM(mp): 0 for 0–2, 1 for 3–4, 2 for 5–6, 3 for 7–9, 4 for 10–17, 5 for 18–24, 6 for 25+
    assert [(r["max_mp"], r["tmm"]) for r in t["tmm"]] == [
        (2, 0),
        (4, 1),
        (6, 2),
        (9, 3),
        (17, 4),
        (24, 5),
        (None, 6),
    ]


@pytest.mark.parametrize(
    "key, multiplier, era, verified", [("standard", 1.0, "seed", True), ("edp", 1.0, "post_seed", False)]
)
def test_armour_types(key, multiplier, era, verified):
    row = rules.table("armor_types")["armor_types"][key]
    assert (row["bv_multiplier"], row["era"], row["verified"]) == (multiplier, era, verified)
    assert row["megamek_codes"] == ([0] if key == "standard" else [18])  # §11: <armor_type> 18 = EDP
