"""The Warhammer 40,000 6th-edition charts and Force Organisation Chart cell by cell, as
literals from the rules digest (§4.1–4.5 charts, from the user-made 6th-ed Quick Reference Guide
and the classic to-wound rule; §6 FOC, from the BattleScribe 6th-ed game system), never read
from ``data/wh40k6/*.yaml``. Guards those tables against edits (benchmarks/mutate_tables.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sheets.games.wh40k6 import rules

_ = None  # "–": cannot wound

# §4.1: BS 1..10 -> to hit, re-roll misses on
BS_TO_HIT = [6, 5, 4, 3, 2, 2, 2, 2, 2, 2]
BS_REROLL = [_, _, _, _, _, 6, 5, 4, 3, 2]

# §4.2: attacker WS (row) vs defender WS 1..10
WS_TO_HIT = {
    1: [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
    2: [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
    3: [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
    4: [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
    5: [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
    6: [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
    7: [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
    8: [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
    9: [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
    10: [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
}

# §4.3: S (row) vs T 1..10
TO_WOUND = {
    1: [4, 5, 6, 6, _, _, _, _, _, _],
    2: [3, 4, 5, 6, 6, _, _, _, _, _],
    3: [2, 3, 4, 5, 6, 6, _, _, _, _],
    4: [2, 2, 3, 4, 5, 6, 6, _, _, _],
    5: [2, 2, 2, 3, 4, 5, 6, 6, _, _],
    6: [2, 2, 2, 2, 3, 4, 5, 6, 6, _],
    7: [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
    8: [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
    9: [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
    10: [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
}


@pytest.mark.parametrize("bs", range(1, 11))
def test_bs_chart(bs):
    assert rules.bs_to_hit(bs) == (BS_TO_HIT[bs - 1], BS_REROLL[bs - 1])


def test_snap_shots_hit_on_6_whatever_the_bs():
    assert rules.charts()["snap_shot"] == 6


@pytest.mark.parametrize("attacker", range(1, 11))
def test_ws_chart_row(attacker):
    assert [rules.ws_to_hit(attacker, d) for d in range(1, 11)] == WS_TO_HIT[attacker]


def test_ws_chart_follows_the_rule():
    # attacker WS > defender WS -> 3+; defender WS > 2 x attacker WS -> 5+; otherwise 4+
    for a in range(1, 11):
        for d in range(1, 11):
            assert WS_TO_HIT[a][d - 1] == (3 if a > d else 5 if d > 2 * a else 4)


@pytest.mark.parametrize("s", range(1, 11))
def test_to_wound_chart_row(s):
    assert [rules.to_wound(s, t) for t in range(1, 11)] == TO_WOUND[s]


def test_to_wound_chart_follows_the_classic_rule():
    def rule(s, t):
        return (
            2
            if s >= t + 2
            else 3
            if s == t + 1
            else 4
            if s == t
            else 5
            if s == t - 1
            else 6
            if s >= t - 3
            else None
        )

    assert all(TO_WOUND[s][t - 1] == rule(s, t) for s in range(1, 11) for t in range(1, 11))


def test_to_wound_unverified_cells_are_exactly_s_against_t_plus_3():
    # §4.3 conflict: one QRG transcription shows "–" at T = S + 3; those cells carry a †
    unverified = {(s, t) for s in range(1, 11) for t in range(1, 11) if not rules.to_wound_verified(s, t)}
    assert unverified == {(s, s + 3) for s in range(1, 8)}


def test_vehicle_damage_table():
    # §4.4: 1–2 Crew Shaken, 3 Crew Stunned, 4 Weapon Destroyed, 5 Immobilised, 6 Explodes!
    assert [(r["roll"], r["result"]) for r in rules.charts()["damage_table"]] == [
        ("1–2", "dmg_shaken"),
        ("3", "dmg_stunned"),
        ("4", "dmg_weapon"),
        ("5", "dmg_immobilised"),
        ("6", "dmg_explodes"),
    ]


def test_vehicle_damage_modifiers():
    # §4.4: AP2 +1, AP1 +2, Open-topped +1; the "AP –" -1 is unverified for 6th
    assert [(m["when"], m["modifier"], m["verified"]) for m in rules.charts()["damage_modifiers"]] == [
        ("mod_ap2", 1, True),
        ("mod_ap1", 2, True),
        ("mod_open_topped", 1, True),
        ("mod_ap_dash", -1, False),
    ]


def test_penetration_equal_is_glancing_higher_is_penetrating():
    pen = rules.charts()["penetration"]
    assert (pen["glancing"], pen["penetrating"]) == ("pen_equal", "pen_higher")


def test_cover_saves():
    # §4.5 (QRG p. 18)
    assert [(c["what"], c["save"]) for c in rules.charts()["cover"]] == [
        ("cover_razor_wire", "6+"),
        ("cover_forest", "5+"),
        ("cover_ruins", "4+"),
        ("cover_fortification", "3+"),
        ("cover_go_to_ground", "+1"),
        ("cover_vehicle_obscured", "cover_as_terrain"),
        ("cover_jink", "5+ / 4+"),
    ]


# -- §6 Force Organisation Chart -----------------------------------------------------------------

PRIMARY = {
    "hq": (1, 2),
    "troops": (2, 6),
    "elites": (0, 3),
    "fast_attack": (0, 3),
    "heavy_support": (0, 3),
    "fortification": (0, 1),
    "lords_of_war": (0, 1),
}
ALLIED = {"hq": (1, 1), "troops": (1, 2), "elites": (0, 1), "fast_attack": (0, 1), "heavy_support": (0, 1)}
SLOTS = ["hq", "troops", "elites", "fast_attack", "heavy_support", "fortification", "lords_of_war"]


def _units(detachment):
    return [SimpleNamespace(detachment=detachment, slot=slot) for slot in SLOTS]


def _tally(units, limit=None, detachment="primary"):
    return {
        r["slot"]: (r["min"], r["max"])
        for r in rules.foc_tally(units, limit)
        if r["detachment"] == detachment
    }


def test_foc_slots_in_army_list_order():
    assert rules.foc_table()["slots"] == SLOTS + ["none"]


def test_foc_primary_detachment():
    assert _tally(_units("primary")) == PRIMARY


def test_foc_allied_detachment_and_its_missing_slots():
    tally = _tally(_units("allied"), detachment="allied")
    assert {k: v for k, v in tally.items() if k in ALLIED} == ALLIED
    assert tally["fortification"] == tally["lords_of_war"] == (0, 0)  # no such slot: max 0


def test_foc_allied_is_optional_primary_is_required():
    # an empty list: the primary detachment's minimums apply, the allied one is not tallied
    rows = rules.foc_tally([])
    assert {r["detachment"] for r in rows} == {"primary"}
    assert {r["slot"]: r["ok"] for r in rows if r["min"]} == {"hq": False, "troops": False}


@pytest.mark.parametrize("limit, factor", [(None, 1), (1999, 1), (2000, 2), (3000, 2)])
def test_foc_extra_detachment_from_2000_points(limit, factor):
    assert rules.detachment_factor(limit) == factor
    assert _tally(_units("primary"), limit) == {k: (lo, hi * factor) for k, (lo, hi) in PRIMARY.items()}


def test_foc_lords_of_war_is_the_only_unverified_slot():
    rows = rules.foc_tally(_units("primary") + _units("allied"))
    assert {(r["detachment"], r["slot"]) for r in rows if not r["verified"]} == {("primary", "lords_of_war")}
