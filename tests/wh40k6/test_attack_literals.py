"""The whole result of the wh40k6 attack calculator for two worked cases, every key and value from
the 6th-edition charts by hand (each assertion here was written against mutants that survived the
rest of the suite)."""

from fractions import Fraction

import pytest

from sheets.games.wh40k6 import rules


def same(out: dict, expected: dict) -> bool:
    """Equal keys in the same order; floats (and lists of floats) to 1e-9, the rest exactly."""
    assert list(out) == list(expected)
    for key, want in expected.items():
        got = out[key]
        if isinstance(want, float) or (isinstance(want, list) and want and isinstance(want[0], float)):
            assert got == pytest.approx(want, abs=1e-9), key
        else:
            assert got == want, key
    return True


def test_shooting_bs4_s4_t4_against_a_3_plus_save():
    # BS 4 hits on 3+ (4/6); S 4 vs T 4 wounds on 4+ (1/2); a 3+ armour save fails 2/6:
    # 2/3 × 1/2 × 1/3 = 1/9 per shot; 3 shots: P(k) = C(3, k) (1/9)^k (8/9)^(3-k)
    out = rules.attack(3, 4, 4, bs=4, sv="3+")
    p = Fraction(1, 9)
    dist = [float(Fraction(c) * p**k * (1 - p) ** (3 - k)) for k, c in enumerate((1, 3, 3, 1))]
    assert same(
        out,
        {
            "bs": 4,
            "to_hit": 3,
            "reroll_misses_on": None,
            "s": 4,
            "t": 4,
            "to_wound": 4,
            "to_wound_verified": True,
            "save": 3,
            "save_used": "armour",
            "ap": None,
            "p_hit": 2 / 3,
            "p_wound": 0.5,
            "p_unsaved": 1 / 3,
            "shots": 3,
            "hits": 2.0,
            "wounds": 1.0,
            "unsaved": 1 / 3,
            "distribution": dist,
            "exact": {"p_unsaved_per_shot": "1/9"},
            "snap": False,
            "cover_ignored": False,
            "rending": False,
            "poisoned": None,
            "reroll_failed_wounds": False,
        },
    )


def test_close_combat_ws4_vs_ws4_ap4_ignores_a_4_plus_save():
    # WS 4 vs WS 4 hits on 4+ (1/2); S 5 vs T 4 wounds on 3+ (2/3); AP 4 beats a 4+ save: 1/3 per attack
    out = rules.attack(2, 5, 4, ws=(4, 4), sv="4+", ap=4)
    assert same(
        out,
        {
            "ws": [4, 4],
            "to_hit": 4,
            "s": 5,
            "t": 4,
            "to_wound": 3,
            "to_wound_verified": True,
            "save": None,
            "save_used": "none",
            "ap": 4,
            "p_hit": 0.5,
            "p_wound": 2 / 3,
            "p_unsaved": 1.0,
            "shots": 2,
            "hits": 1.0,
            "wounds": 2 / 3,
            "unsaved": 2 / 3,
            "distribution": [4 / 9, 4 / 9, 1 / 9],
            "exact": {"p_unsaved_per_shot": "1/3"},
            "snap": False,
            "cover_ignored": False,
            "rending": False,
            "poisoned": None,
            "reroll_failed_wounds": False,
        },
    )


def test_attack_needs_bs_or_ws():
    with pytest.raises(ValueError) as exc:
        rules.attack(1, 4, 4)
    assert str(exc.value) == "give either bs or ws"
