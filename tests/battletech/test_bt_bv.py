"""BV 2.0 regression values of digest §13 (every step) and the half-up rounding rule."""

from pathlib import Path

import pytest

from sheets.core.loader import load_file
from sheets.games.battletech import bv

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "units"

UNITS = SAMPLES / "battletech"

# unit: armour term, IS term, run, jump, tmm_run, tmm_jump, factor, defensive BR,
#       weapons, ammo total, mp, SF, offensive BR, BV (G4), G0..G8   (digest §13.2–13.4)
TABLE = {
    "harpy": (
        27.5,
        10.5,
        5,
        3,
        2,
        2,
        1.3,
        49.4,
        5,
        0.1,
        7,
        1.24,
        6.324,
        56,
        [98, 90, 78, 67, 56, 50, 48, 45, 42],
    ),
    "erinyes": (
        25.0,
        10.5,
        6,
        4,
        2,
        2,
        1.3,
        46.15,
        15,
        0.1,
        8,
        1.37,
        20.687,
        67,
        [117, 107, 94, 80, 67, 60, 57, 54, 50],
    ),
    "siren": (
        30.0,
        12.0,
        15,
        0,
        4,
        0,
        1.5,
        63.0,
        10,
        0.1,
        15,
        2.30,
        23.23,
        86,
        [151, 138, 120, 103, 86, 77, 73, 69, 65],
    ),
    "cecerops": (
        35.0,
        12.0,
        14,
        0,
        4,
        0,
        1.5,
        70.5,
        7,
        0.0,
        14,
        2.16,
        15.12,
        86,
        [151, 138, 120, 103, 86, 77, 73, 69, 65],
    ),
    "orc": (
        50.0,
        15.0,
        9,
        0,
        3,
        0,
        1.4,
        91.0,
        60,
        0.4,
        9,
        1.50,
        90.6,
        182,
        [319, 291, 255, 218, 182, 164, 155, 146, 137],
    ),
    "procyon": (
        50.0,
        16.5,
        8,
        0,
        3,
        0,
        1.4,
        93.1,
        62,
        0.0,
        8,
        1.37,
        84.94,
        178,
        [312, 285, 249, 214, 178, 160, 151, 142, 134],
    ),
    "chrysaor": (
        70.0,
        24.0,
        9,
        0,
        3,
        0,
        1.4,
        131.6,
        28,
        0.0,
        9,
        1.50,
        42.0,
        174,
        [305, 278, 244, 209, 174, 157, 148, 139, 131],
    ),
    "roc": (
        77.5,
        27.0,
        8,
        5,
        3,
        3,
        1.4,
        146.3,
        108,
        0.0,
        11,
        1.76,
        190.08,
        336,
        [588, 538, 470, 403, 336, 302, 286, 269, 252],
    ),
    "gorgon": (
        85.0,
        30.0,
        6,
        0,
        2,
        0,
        1.3,
        149.5,
        116,
        13.9944,
        6,
        1.12,
        145.5937,
        295,
        [516, 472, 413, 354, 295, 266, 251, 236, 221],
    ),
    "minotaur": (
        90.0,
        30.0,
        5,
        3,
        2,
        2,
        1.3,
        156.0,
        216,
        0.0,
        7,
        1.24,
        267.84,
        424,
        [742, 678, 594, 509, 424, 382, 360, 339, 318],
    ),
}


def _unit(key):
    return load_file(UNITS / f"{key}.yaml").units[0]


@pytest.mark.parametrize("key", sorted(TABLE))
def test_every_step_of_section_13(key):
    (armor, struct, run, jump, tmm_run, tmm_jump, factor, def_br, weapons, ammo, mp, sf, off_br, total, _) = (
        TABLE[key]
    )
    result = bv.battle_value(_unit(key))
    b = result.breakdown
    assert b["armor_term"] == pytest.approx(armor)
    assert b["structure_term"] == pytest.approx(struct)
    assert (b["run"], b["jump"], b["tmm_run"], b["tmm_jump"]) == (run, jump, tmm_run, tmm_jump)
    assert b["defensive_factor"] == pytest.approx(factor)
    assert b["defensive_br"] == pytest.approx(def_br)
    assert b["weapons"] == weapons
    assert sum(b["ammo"].values()) == pytest.approx(ammo)
    assert b["mp"] == mp
    assert b["speed_factor"] == pytest.approx(sf)
    assert b["offensive_br"] == pytest.approx(off_br)
    assert result.base == total


@pytest.mark.parametrize("key", sorted(TABLE))
def test_pilot_bv_rows_of_section_13_4(key):
    base = bv.battle_value(_unit(key)).base
    assert [bv.pilot_bv(base, g) for g in range(9)] == TABLE[key][-1]


def test_unit_pilot_gunnery_is_used():
    harpy = _unit("harpy")
    assert bv.battle_value(harpy).pilot == 56
    assert bv.battle_value(harpy, gunnery=2).pilot == 78


def test_half_up_rounding_8_5_gives_9():
    assert bv.pilot_bv(10, 6) == 9  # 10 × 0.85 = 8.5; Python's round() would give 8
    assert bv.java_round(2.5) == 3 and bv.java_round(-0.5) == 0


def test_roc_rounds_half_jump_up():
    b = bv.battle_value(_unit("roc")).breakdown
    assert b["mp"] == 8 + 3  # round(5 / 2) = 3


def test_gorgon_ammo_uses_fractional_kg_per_shot():
    assert bv.battle_value(_unit("gorgon")).breakdown["ammo"]["LRM:10"] == pytest.approx(
        83.3 * 12 / 1000 * 14
    )


def test_orc_sums_bins_of_one_key():
    assert bv.battle_value(_unit("orc")).breakdown["ammo"] == {"SRM:1": pytest.approx(0.4)}


def test_tmm_brackets_and_speed_factor_table():
    assert [bv.tmm(mp) for mp in (0, 2, 3, 4, 5, 6, 7, 9, 10, 17, 18, 24, 25, 40)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
        6,
        6,
    ]
    sf = [
        0.44,
        0.54,
        0.65,
        0.77,
        0.88,
        1.00,
        1.12,
        1.24,
        1.37,
        1.50,
        1.63,
        1.76,
        1.89,
        2.02,
        2.16,
        2.30,
        2.44,
        2.58,
        2.72,
        2.86,
        3.00,
        3.15,
        3.29,
        3.44,
        3.59,
        3.74,
    ]
    assert [bv.speed_factor(mp) for mp in range(26)] == pytest.approx(sf)


def test_skill_multipliers_protomech_column():
    assert [bv.skill_multiplier(g) for g in range(9)] == [
        1.75,
        1.60,
        1.40,
        1.20,
        1.00,
        0.90,
        0.85,
        0.80,
        0.75,
    ]
