"""BV 2.0 steps that the worked examples of digest §13 do not reach: the myomer booster's run
(§9.1 "run = 2 × walk with a myomer booster"), the ATM ammo quirk (§9.2: no kg/shot, so
−1 × shots / 1000 × BV), the ProtoMech AC ammo (§10.2: 25 kg/shot, BV 4) and a pilot other than
Gunnery 4 (§9.3)."""

import pytest

from sheets.games.battletech import bv, rules

ATM_UNIT = dict(
    name="Atm",
    tons=9,
    walk=4,
    jump=6,
    jump_jets="extended",
    myomer_booster=True,
    armor={"head": 2, "torso": 8},
    pilot={"name": "", "gunnery": 3},
    equipment=[
        {"item": "ATM 6", "location": "torso"},
        {"item": "ATM 6 Ammo", "shots": 10},
        {"item": "ProtoMech AC/2", "location": "right_arm"},
        {"item": "ProtoMech AC/2 Ammo", "shots": 20},
    ],
)


def test_every_step_with_booster_atm_and_protomech_ac():
    result = bv.battle_value(rules.build(ATM_UNIT))
    b = result.breakdown
    assert b["armor_term"] == pytest.approx(10 * 2.5)
    assert b["structure_term"] == pytest.approx((2 + 9 + 2 + 2 + 5) * 1.5)  # 9 t biped, §3.1
    assert b["defensive_equipment"] == 0
    assert (b["run"], b["jump"], b["tmm_run"], b["tmm_jump"]) == (8, 6, 3, 3)  # run 2 × 4; TMM(6) + 1
    assert b["defensive_factor"] == pytest.approx(1.4)
    assert b["defensive_br"] == pytest.approx(77.0)
    assert b["weapons"] == 105 + 34
    # ATM 6 ammo: −1 × 10 / 1000 × 26; AC/2 ammo: 25 × 20 / 1000 × 4
    assert b["ammo"] == {"ATM:6": pytest.approx(-0.26), "PAC:2": pytest.approx(2.0)}
    assert b["offensive_equipment"] == 0
    assert (b["mp"], b["speed_factor"]) == (8 + 3, pytest.approx(1.76))
    assert b["offensive_br"] == pytest.approx((139 - 0.26 + 2.0) * 1.76)
    assert b["total"] == pytest.approx(77.0 + 140.74 * 1.76)
    assert b["flags"] == ["atm_ammo_quirk"]
    assert (result.base, result.gunnery, result.pilot) == (325, 3, 390)  # 324.7024; 325 × 1.20


def test_an_ammo_line_without_shots_adds_nothing():
    # 'shots:' missing is a validation error; BV (printed by `info` anyway) counts such a bin as 0
    unit = dict(
        ATM_UNIT,
        equipment=[{"item": "ProtoMech AC/2", "location": "right_arm"}, {"item": "ProtoMech AC/2 Ammo"}],
    )
    assert bv.battle_value(rules.build(unit)).breakdown["ammo"] == {"PAC:2": 0}


def test_ammo_without_its_weapon_is_capped_at_zero_and_unknown_ammo_is_skipped():
    # excessive-ammo rule (§9.2 step 9): min(ammo BV, BV of the weapons using that key) = min(2.0, 0)
    unit = dict(
        ATM_UNIT,
        equipment=[{"item": "Nonsense Ammo", "shots": 5}, {"item": "ProtoMech AC/2 Ammo", "shots": 20}],
    )
    b = bv.battle_value(rules.build(unit)).breakdown
    assert b["ammo"] == {"PAC:2": 0} and b["flags"] == []


def test_defensive_and_offensive_equipment_of_an_ultraheavy_quad():
    # §9.2 steps 3 and 10; Light Active Probe 7 and ECM Suite 61 are defensive (§10.1, MM); the quad
    # melee system is 1.25 per point of physical bonus, one point per 5 t or fraction: ceil(12 / 5) = 3
    unit = dict(
        name="Q",
        tons=12,
        motion="quad",
        walk=3,
        armor={"head": 3, "torso": 10, "legs": 10},
        equipment=[
            {"item": "Light Active Probe", "location": "torso"},
            {"item": "ECM Suite", "location": "torso"},
            {"item": "Quad Melee System", "location": "legs"},
            {"item": "SRM 1", "location": "torso"},
        ],
    )
    result = bv.battle_value(rules.build(unit))
    b = result.breakdown
    assert b["structure_term"] == pytest.approx((3 + 12 + 13) * 1.5)  # 12 t quad, §3.1
    assert b["defensive_equipment"] == 7 + 61
    assert (b["run"], b["tmm_run"], b["defensive_factor"]) == (5, 2, pytest.approx(1.3))
    assert b["defensive_br"] == pytest.approx((57.5 + 42 + 68) * 1.3)
    assert b["offensive_equipment"] == pytest.approx(3.75)
    assert (b["weapons"], b["mp"], b["speed_factor"]) == (15, 5, 1.0)
    assert b["total"] == pytest.approx(236.5)
    assert result.base == 237  # half up: 236.5 -> 237 (Python's round() would give 236)


def test_glider_run_gets_one_more_tmm_but_only_when_it_can_move():
    # §9.2 step 5: TMM_run = TMM(run) (+1 for gliders); 0 if run is 0
    glider = dict(
        name="G",
        tons=4,
        motion="glider",
        walk=5,
        armor={"torso": 5},
        equipment=[{"item": "ER Micro Laser", "location": "torso"}],
    )
    b = bv.battle_value(rules.build(glider)).breakdown
    assert (b["run"], b["tmm_run"], b["defensive_factor"]) == (8, 3 + 1, pytest.approx(1.5))
    assert bv.battle_value(rules.build(glider)).base == 51  # 27.5 × 1.5 + 7 × 1.37 = 50.84
    still = bv.battle_value(rules.build(dict(glider, walk=0))).breakdown
    assert (still["run"], still["tmm_run"], still["defensive_factor"]) == (0, 0, pytest.approx(1.1))
    assert still["speed_factor"] == pytest.approx(0.44)  # mp 0


def test_armour_type_multiplier_scales_the_armour_term(monkeypatch):
    # §9.2 step 1: armour term = armor × 2.5 × armour-type multiplier (every shipped type is 1.0;
    # a user table with another factor must scale the term, not divide it)
    real = rules.table

    def table(name):
        if name == "armor_types":
            return {"armor_types": {"standard": {"bv_multiplier": 1.2, "era": "seed"}}}
        return real(name)

    monkeypatch.setattr(rules, "table", table)
    b = bv.battle_value(rules.build(dict(ATM_UNIT, equipment=[]))).breakdown
    assert b["armor_term"] == pytest.approx(10 * 2.5 * 1.2)


def test_jump_one_already_counts_with_its_plus_one():
    # §9.2 step 5: TMM_jump = TMM(jump) + 1 if jump > 0: jump 1 -> 0 + 1
    b = bv.battle_value(rules.build(dict(name="J", tons=2, walk=1, jump=1, armor={}))).breakdown
    assert (b["run"], b["tmm_run"], b["tmm_jump"], b["defensive_factor"]) == (2, 0, 1, pytest.approx(1.2))
