"""The ProtoMech weapon and ammo catalogue against the rules digest's tables (battletech.md §10.1
weapons: damage, ranges, heat, BV; §10.2 ammo: BV per ton and kg per shot; §3.3/§10 ProtoMech
weights), as literals, never read from ``data/battletech/weapons.yaml``. Guards the catalogue
against edits (benchmarks/mutate_tables.py)."""

from __future__ import annotations

import pytest

from sheets.games.battletech import rules

_ = None  # heat "–"

# §10.1: name -> damage, min, short, medium, long, heat, BV
WEAPONS = {
    "ER Micro Laser": ("2", 0, 1, 2, 4, 1, 7),
    "ER Small Laser": ("5", 0, 2, 4, 6, 2, 31),
    "ER Medium Laser": ("7", 0, 5, 10, 15, 5, 108),
    "Micro Pulse Laser": ("3", 0, 1, 2, 3, 1, 12),
    "Small Pulse Laser": ("3", 0, 2, 4, 6, 2, 24),
    "Medium Pulse Laser": ("7", 0, 4, 8, 12, 4, 111),
    "Heavy Small Laser": ("6", 0, 1, 2, 3, 3, 15),
    "Heavy Medium Laser": ("10", 0, 3, 6, 9, 7, 76),
    "Flamer": ("2", 0, 1, 2, 3, 3, 6),
    "ER Flamer": ("2", 0, 3, 5, 7, 4, 16),
    "Machine Gun": ("2", 0, 1, 2, 3, 0, 5),
    "Light Machine Gun": ("1", 0, 2, 4, 6, 0, 5),
    "Heavy Machine Gun": ("3", 0, 1, 2, 2, 0, 6),
    "ProtoMech AC/2": ("2", 0, 7, 14, 20, 1, 34),
    "ProtoMech AC/4": ("4", 0, 5, 10, 15, 1, 49),
    "ProtoMech AC/8": ("8", 0, 3, 7, 10, 2, 66),
}
SRM_BV = [15, 21, 30, 39, 47, 59]
STREAK_BV = [20, 40, 59, 79, 99, 118]
LRM_BV = [17, 24, 34, 46, 55, 69, 76, 88, 94, 109, 126, 141, 145, 159, 164, 180, 185, 199, 203, 220]
ATM = {3: (2, 53, True), 6: (4, 105, False), 9: (6, 147, False), 12: (8, 212, False)}  # heat, BV, verified


def _w(name):
    return rules.find_item(name)


@pytest.mark.parametrize("name", WEAPONS)
def test_weapon_row(name):
    w = _w(name)
    assert (w.damage, w.min, w.short, w.medium, w.long, w.heat, w.bv) == WEAPONS[name]


@pytest.mark.parametrize("n", range(1, 7))
def test_srm_and_streak_racks(n):
    srm, streak = _w(f"SRM {n}"), _w(f"Streak SRM {n}")
    assert (srm.damage, srm.short, srm.medium, srm.long, srm.heat, srm.bv) == (
        "2/msl",
        3,
        6,
        9,
        _,
        SRM_BV[n - 1],
    )
    assert (streak.damage, streak.short, streak.medium, streak.long, streak.heat, streak.bv) == (
        "2/msl",
        4,
        8,
        12,
        _,
        STREAK_BV[n - 1],
    )
    # ProtoMech weights: SRM rack x 0.25 t, Streak SRM rack x 0.5 t
    assert (srm.tons, streak.tons) == (0.25 * n, 0.5 * n)
    assert (srm.ammo, streak.ammo) == (f"SRM:{n}", f"SRM_STREAK:{n}")


@pytest.mark.parametrize("n", range(1, 21))
def test_lrm_racks(n):
    lrm = _w(f"LRM {n}")
    assert (lrm.damage, lrm.min, lrm.short, lrm.medium, lrm.long, lrm.heat, lrm.bv) == (
        "1/msl",
        0,
        7,
        14,
        21,
        _,
        LRM_BV[n - 1],
    )
    assert lrm.tons == pytest.approx(0.2 * n)  # LRM rack x 0.2 t
    assert lrm.ammo == f"LRM:{n}"


@pytest.mark.parametrize("n", ATM)
def test_atm_racks_minimum_range_4(n):
    heat, bv, verified = ATM[n]
    atm = _w(f"ATM {n}")
    assert (atm.damage, atm.min, atm.short, atm.medium, atm.long, atm.heat, atm.bv, atm.verified) == (
        "2/msl",
        4,
        5,
        10,
        15,
        heat,
        bv,
        verified,
    )


def test_only_the_protomech_ac2_is_main_gun_only_among_the_digest_weapons():
    names = list(WEAPONS) + [f"SRM {n}" for n in range(1, 7)] + [f"LRM {n}" for n in range(1, 21)]
    assert [n for n in names if _w(n).main_gun_only] == ["ProtoMech AC/2"]


# §10.2: ammo BV per ton and kg per shot
@pytest.mark.parametrize("n, bv, kg", list(zip(range(1, 7), [2, 3, 4, 5, 6, 7], [10, 20, 30, 40, 50, 60])))
def test_srm_ammo(n, bv, kg):
    a = _w(f"SRM {n} Ammo")
    assert (a.key, a.bv, a.kg_per_shot) == (f"SRM:{n}", bv, kg)


@pytest.mark.parametrize("n, bv, kg", list(zip(range(1, 7), [3, 5, 7, 10, 13, 15], [10, 10, 30, 40, 50, 60])))
def test_streak_srm_ammo_with_the_srm2_quirk(n, bv, kg):
    a = _w(f"Streak SRM {n} Ammo")
    assert (a.key, a.bv, a.kg_per_shot) == (f"SRM_STREAK:{n}", bv, kg)


LRM_AMMO_BV = {
    1: 2,
    2: 3,
    3: 4,
    4: 6,
    5: 7,
    6: 9,
    7: 10,
    8: 11,
    9: 12,
    10: 14,
    11: 18,
    12: 18,
    13: 20,
    14: 21,
    15: 21,
    16: 27,
    17: 27,
    18: 27,
    19: 27,
    20: 27,
}
LRM_KG = {
    1: 8.33,
    2: 16.66,
    3: 24.99,
    4: 33.32,
    5: 41.65,
    6: 49.98,
    7: 58.31,
    8: 66.64,
    9: 74.97,
    10: 83.3,
    11: 91.63,
    12: 99.96,
    13: 108.29,
    14: 116.62,
    15: 124.95,
    16: 133.28,
    17: 141.61,
    18: 149.94,
    19: 158.27,
    20: 166.6,
}


@pytest.mark.parametrize("n", range(1, 21))
def test_lrm_ammo(n):
    a = _w(f"LRM {n} Ammo")
    assert (a.key, a.bv, a.kg_per_shot) == (f"LRM:{n}", LRM_AMMO_BV[n], LRM_KG[n])


@pytest.mark.parametrize(
    "name, key, bv, kg",
    [
        ("Machine Gun Ammo", "MG:2", 1, 5),
        ("Light Machine Gun Ammo", "MG_LIGHT:1", 1, 5),
        ("Heavy Machine Gun Ammo", "MG_HEAVY:3", 1, 10),
        ("ATM 3 Ammo", "ATM:3", 14, None),
        ("ATM 6 Ammo", "ATM:6", 26, None),
        ("ATM 9 Ammo", "ATM:9", 36, None),
        ("ATM 12 Ammo", "ATM:12", 52, None),
        ("ProtoMech AC/2 Ammo", "PAC:2", 4, 25),
        ("ProtoMech AC/4 Ammo", "PAC:4", 6, 50),
        ("ProtoMech AC/8 Ammo", "PAC:8", 8, 100),
    ],
)
def test_other_ammo(name, key, bv, kg):
    a = _w(name)
    assert (a.key, a.bv, a.kg_per_shot) == (key, bv, kg)


def test_light_active_probe_is_defensive_bv_7():
    probe = _w("Light Active Probe")
    assert (probe.bv, probe.defensive) == (7, True)  # §10.1: TechManual, defensive BV 7
