"""Both sides of the wh40k6 rules' boundaries (issue 21): the armour penetration roll (digest §4.4:
D6 + S against the Armour Value, Ordnance keeps the highest of 2D6) at every distance from AV, a
weapon's Strength from its bearer's (User, +N, ×N, at most 10), Salvo / Blast / Template shot
counts, the bearer of a shooting and of a close-combat weapon on a line that has only one of the
skills, Rending and Poisoned on the datasheet odds, and the Force Organisation Chart at 2000 points
where one detachment of a kind suffices (digest §6). Every expected value is worked by hand."""

from fractions import Fraction as F

import pytest

from sheets.games.wh40k6 import rules
from sheets.games.wh40k6.model import Unit, parse_save, parse_type

# -- armour penetration: D6 + S >= AV --------------------------------------------------------------


@pytest.mark.parametrize(
    "s,av,single,ordnance",
    [
        (10, 10, F(1), F(1)),  # the die needs 0: always
        (9, 10, F(1), F(1)),  # needs 1: always (a 1 does not fail here)
        (8, 10, F(5, 6), 1 - F(1, 36)),  # needs 2: one in six fails; both of 2D6 must fail
        (7, 10, F(4, 6), 1 - F(2, 6) ** 2),
        (4, 10, F(1, 6), 1 - F(5, 6) ** 2),  # needs 6
        (3, 10, F(0), F(0)),  # needs 7: never
        (1, 10, F(0), F(0)),
    ],
)
def test_penetration_at_each_distance_from_the_armour_value(s, av, single, ordnance):
    assert rules._p_penetrate(s, av, False) == single
    assert rules._p_penetrate(s, av, True) == ordnance


def test_strength_10_against_av_11_and_12_on_the_datasheet():
    # S10 Heavy 1 at BS4 (2/3): AV11 needs a 1 (always), AV12 a 2+ (5/6)
    u = _unit(_model("M"), weapons=[_weapon(s=10, ap=2, type="Heavy 1")])
    assert _odds(u)["vehicles"] == [F(2, 3), F(2, 3) * F(5, 6)]


# -- a weapon's Strength -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value,user,s",
    [
        (5, None, 5),
        ("5", None, 5),
        (" 6 ", 3, 6),
        ("User", 4, 4),
        ("u", 4, 4),
        ("As User", 3, 3),
        ("Пользователь", 5, 5),
        ("User", None, None),
        ("+1", 4, 5),
        ("+4", 6, 10),
        ("+5", 6, 10),  # at most 10: exactly 10 and one past it
        ("x2", 4, 8),
        ("×2", 4, 8),
        ("X2", 3, 6),
        ("x2", 5, 10),
        ("x2", 6, 10),
        ("D", 4, None),
        ("", 4, None),
        (None, 4, None),
        ("x", 4, None),
    ],
)
def test_strength_from_the_bearer(value, user, s):
    assert rules._strength(value, user) == s


# -- shots per volley ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wtype,shots",
    [
        ("Salvo 3", 3),  # one count: it is the count
        ("Salvo 2/4", 4),  # the stationary count
        ("Salvo", 1),
        ("Heavy 1/2", 1),  # only Salvo reads the second count
        ("Assault 3", 3),
        ("Heavy", 1),
        ("Blast", 1),
        ("Large Blast", 1),
        ("Template", 1),  # one hit per model under it
    ],
)
def test_shots_per_volley(wtype, shots):
    assert rules.volley(wtype, False)["shots"] == shots


def test_twin_linked_needs_both_words():
    assert rules.volley("Assault 2, Twin-linked", False)["twin_linked"] is True
    assert rules.volley("Assault 2, Twin linked", False)["twin_linked"] is True
    assert rules.volley("Assault 2, Twin", False)["twin_linked"] is False
    assert rules.volley("Assault 2, Linked", False)["twin_linked"] is False


def test_the_whole_reading_of_a_melee_weapon():
    assert rules.volley("Melee, Rending", True) == {
        "shots": None,
        "twin_linked": False,
        "rending": True,
        "poisoned": None,
        "blast": False,
        "template": False,
        "ordnance": False,
        "melee": True,
    }
    assert rules.volley(None, True) == {
        "shots": None,
        "twin_linked": False,
        "rending": False,
        "poisoned": None,
        "blast": False,
        "template": False,
        "ordnance": False,
        "melee": True,
    }
    assert rules.volley(None, False) is None


# -- who fires and who swings -------------------------------------------------------------------------


def _model(name, count=1, type="infantry", sv="3+", **stats):
    base = dict(ws=4, bs=4, s=4, t=4, w=1, i=4, a=1, ld=8)
    base.update(stats)
    return {"name": name, "count": count, "type": parse_type(type), "sv": parse_save(sv), **base}


def _weapon(name="W", count=1, range=24, s=4, ap=None, type="Rapid Fire"):
    return {"name": name, "count": count, "range": range, "s": s, "ap": ap, "type": type}


def _unit(*models, weapons=()):
    return rules.build_unit(
        {
            "name": "U",
            "slot": "troops",
            "detachment": "primary",
            "points": 1,
            "models": list(models),
            "weapons": [dict(w) for w in weapons],
            "rules": [],
            "notes": "",
        }
    )


def _odds(u, i=0):
    o = rules.weapon_odds(u, u.weapons[i])
    return o and {
        **o,
        "targets": [F(x) for x in o["targets"]],
        "vehicles": [None if x is None else F(x) for x in o["vehicles"]],
    }


def test_a_shooting_weapon_goes_to_the_line_with_bs_a_melee_weapon_to_the_line_with_ws_and_a():
    # one line shoots only (BS, no WS / A), the other fights only: both lines of one model
    u = _unit(
        _model("Gunner", ws=None, a=None),
        _model("Brawler", bs=None, a=2),
        weapons=[_weapon("Gun", type="Assault 1"), _weapon("Claw", range=None, s="User", type="Melee")],
    )
    assert rules.bearer(u, u.weapons[0], False).name == "Gunner"
    assert rules.bearer(u, u.weapons[1], True).name == "Brawler"
    claw = _odds(u, 1)
    # the Brawler's 2 attacks, WS4 vs 4: 4+ (1/2); S4 vs T4 4+ (1/2), 3+ save holds 2/3
    assert claw["model"] == "Brawler" and claw["shots"] == 2
    assert claw["targets"][0] == 2 * F(1, 2) * F(1, 2) * F(1, 3)


def test_no_line_with_the_skill_gives_no_bearer():
    u = _unit(_model("Gunner", ws=None, a=None), weapons=[_weapon("Claw", range=None, type="Melee")])
    assert rules.bearer(u, u.weapons[0], True) is None and rules.weapon_odds(u, u.weapons[0]) is None


# -- Rending and Poisoned on the datasheet odds -------------------------------------------------------


def test_rending_on_the_datasheet_odds():
    # Assault 2 S4 AP –, BS4 (2/3). T4 3+: rolls 4-5 (1/3) face the 3+ save (1/3 unsaved), a 6 (1/6) is AP2:
    # 1/9 + 1/6 = 5/18. T3 5+: rolls 3-5 (1/2) face the 5+ (2/3), a 6 (1/6): 1/3 + 1/6 = 1/2
    o = _odds(_unit(_model("M"), weapons=[_weapon(type="Assault 2, Rending")]))
    assert o["targets"] == [2 * F(2, 3) * F(5, 18), 2 * F(2, 3) * F(1, 2)]


def test_poisoned_on_the_datasheet_odds_re_rolls_only_where_s_reaches_t():
    # Poisoned (4+) S3 (User), one attack at WS4 vs 4 (1/2). T4 3+: chart 5+, poison 4+ (1/2), S3 < T4:
    # no re-roll, 1/3 unsaved: 1/6. T3 5+: 4+ (1/2), S3 >= T3: failed rolls re-rolled, 2/3 unsaved:
    # 1/3 + 1/2 × 1/3 = 1/2
    o = _odds(_unit(_model("M", s=3), weapons=[_weapon(range=None, s="User", type="Melee, Poisoned (4+)")]))
    assert o["targets"] == [F(1, 2) * F(1, 6), F(1, 2) * F(1, 2)]


def test_rending_keeps_the_cover_save():
    # BS4 (2/3); S3 vs T7: only the rending 6 (1/6); AP2 beats the 3+ armour, the 4+ cover holds half
    out = rules.attack(1, 3, 7, bs=4, sv="3+", cover="4+", rending=True)
    assert F(out["exact"]["p_unsaved_per_shot"]) == F(2, 3) * F(1, 6) * F(1, 2)
    # the save reported is the one against the weapon's own AP (none given): the 3+ armour
    assert out["save_used"] == "armour" and out["save"] == 3


@pytest.mark.parametrize(
    "s,t,rending,p_wound",
    [
        (3, 7, True, F(1, 6)),  # the chart cannot wound: a 6 rends
        (3, 7, False, F(0)),
        (4, 4, True, F(1, 2)),  # a 6 is a wound anyway
        (1, 5, True, F(1, 6)),
    ],
)
def test_the_chance_to_wound_with_rending(s, t, rending, p_wound):
    assert F(rules.attack(1, s, t, bs=4, rending=rending)["p_wound"]).limit_denominator(1000) == p_wound


@pytest.mark.parametrize(
    "s,t,p_wound",
    [
        (4, 4, F(1, 2) + F(1, 2) * F(1, 2)),  # S = T: a failed 4+ is rolled again
        (3, 4, F(1, 2)),  # S one below T: no re-roll
        (5, 4, F(2, 3) + F(1, 3) * F(2, 3)),  # chart 3+ beats the 4+ poison
    ],
)
def test_the_chance_to_wound_with_poisoned_in_close_combat(s, t, p_wound):
    out = rules.attack(1, s, t, ws=(4, 4), poisoned=4)
    assert F(out["p_wound"]).limit_denominator(1000) == p_wound


def test_the_hit_roll_is_not_twin_linked_unless_asked():
    assert rules.p_volley_hit(bs=4) == (F(2, 3), {"bs": 4, "to_hit": 3, "reroll_misses_on": None})
    assert rules.p_volley_hit(bs=4, twin_linked=True)[0] == F(2, 3) + F(1, 3) * F(2, 3)


# -- the Force Organisation Chart at 2000 points -------------------------------------------------------


def _army(*slots):
    return [
        Unit(
            name=f"U{n}",
            slot=s.removeprefix("a:"),
            detachment="allied" if s.startswith("a:") else "primary",
            points=50,
        )
        for n, s in enumerate(slots)
    ]


def _texts(units, limit, lang="en"):
    return [rules.violation_text(v, lang) for v in rules.foc_violations(units, limit)]


def test_the_default_chart_is_the_6th_edition_chart():
    assert rules.chart_table() is rules.foc_table()


def test_a_legal_minimum_army_at_2000_points_fills_one_detachment():
    rows = rules.foc_tally(_army("hq", "troops", "troops"), 2000)
    assert [
        (r["slot"], r["count"], r["min"], r["max"], r["ok"], r["detachments"], r["max_here"])
        for r in rows[:2]
    ] == [("hq", 1, 1, 4, True, 1, 2), ("troops", 2, 2, 12, True, 1, 6)]
    assert rules.foc_violations(_army("hq", "troops", "troops"), 2000) == []


def test_one_detachment_over_its_maximum_but_within_the_limit():
    # 6 Elites fit two detachments (0–6 at 2000 points), but 1 HQ and 2 Troops fill only one:
    # the text names the one detachment's 0–3; 7 Elites are past the limit itself (0–6)
    base = ("hq", "troops", "troops")
    assert _texts(_army(*base, *["elites"] * 6), 2000) == ["Primary detachment: Elites 6 (allowed 0–3)"]
    assert _texts(_army(*base, *["elites"] * 6), 2000, "ru") == ["Основной отряд: Элита 6 (допустимо 0–3)"]
    assert _texts(_army(*base, *["elites"] * 7), 2000) == ["Primary detachment: Elites 7 (allowed 0–6)"]
    assert _texts(_army(*base, *["elites"] * 3), 2000) == []


def test_a_slot_the_allied_detachment_lacks_does_not_pull_in_a_second_one():
    # allied HQ 1, Troops 2 and two Fortifications at 2000 points: one allied detachment holds the HQ
    # and Troops; the Fortifications break either way
    units = _army(
        "hq", "troops", "troops", "a:hq", "a:troops", "a:troops", "a:fortification", "a:fortification"
    )
    assert _texts(units, 2000) == ["Allied detachment: Fortification 2 (this detachment has no such slot)"]
    fort = [
        r
        for r in rules.foc_tally(units, 2000)
        if r["slot"] == "fortification" and r["detachment"] == "allied"
    ]
    assert fort == [
        {
            "detachment": "allied",
            "slot": "fortification",
            "count": 2,
            "min": 0,
            "max": 0,
            "ok": False,
            "verified": True,
            "detachments": 1,
            "max_here": 0,
        }
    ]


def test_a_chart_whose_detachment_lacks_slots_keeps_one_detachment(monkeypatch):
    """A chart given with --data-dir whose only detachment has one slot: the slots it lacks do not
    count against one detachment (one HQ fills one of two allowed)."""
    table = rules.foc_table()
    monkeypatch.setattr(
        rules,
        "foc_table",
        lambda: {**table, "detachments": {"primary": {"required": True, "slots": {"hq": [0, 1]}}}},
    )
    assert rules.foc_tally(_army("hq"), 2000) == [
        {
            "detachment": "primary",
            "slot": "hq",
            "count": 1,
            "min": 0,
            "max": 2,
            "ok": True,
            "verified": True,
            "detachments": 1,
            "max_here": 1,
        }
    ]


def test_violation_text_without_a_max_here_names_the_maximum():
    v = {"detachment": "primary", "slot": "troops", "count": 3, "min": 0, "max": 6, "ok": False}
    assert rules.violation_text(v) == "Primary detachment: Troops 3 (allowed 0–6)"
