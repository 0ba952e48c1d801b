"""A side's melee attack, the round's four outcomes, its JSON and the --best ranking (Lock 'n Load
Tactical Core Rules §8.0–8.4), through the public functions of :mod:`sheets.games.lnl.rules`.

Kill Numbers are the Melee Table's (1:3 11, 1:2 10, 1:1 8, 2:1 6, 3:1 5, 4:1 4, 5:1 3; the
rules digest §7); chances are counts of the 36 outcomes of 2d6 written out by hand; the JSON
keys and the illegal-attack cases are the issue-8 contract."""

from fractions import Fraction

import pytest

from sheets.games.lnl.model import CarriedSW, Unit, find_weapon
from sheets.games.lnl.rules import (
    IllegalAttack,
    Interpretations,
    Side,
    attack,
    attack_json,
    best_targets,
    captured_used,
    consequences,
    melee_round,
    round_json,
    single_use_removed,
)
from sheets.games.lnl.spec import parse_spec

# ways to roll at least N on 2d6, counted by hand
AT_LEAST = {12: 1, 11: 3, 10: 6, 9: 10, 8: 15, 7: 21, 6: 26, 5: 30, 4: 33, 3: 35, 2: 36}


def p(need):
    return Fraction(AT_LEAST[need], 36)


def side(key, *specs, **kw):
    return Side(key, [parse_spec(s, f"{key.upper()}{i + 1}") for i, s in enumerate(specs)], **kw)


# -- Side ------------------------------------------------------------------------------------


def test_side_eligible_and_nme_indexes():
    s = side("a", "leader:lm1", "2-5-4", "medic:", "half:0-2-3", "shaken:1-6-4", "hero:1-4-5")
    assert s.eligible() == [1, 3, 5] and s.nme() == [0, 2, 4]


@pytest.mark.parametrize(
    "specs, lm, alive, expected",
    [
        (("2-5-4",), None, None, 0),  # no leader: LM 0
        (("leader:lm1", "leader:lm2", "2-5-4"), None, None, 2),  # the best leader
        (("leader:lm-1", "2-5-4"), None, None, -1),  # a negative LM counts too
        (("leader:lm2", "2-5-4"), 0, None, 0),  # --a-lm 0 overrides the leaders
        (("2-5-4",), 1, None, 1),
        (("leader:lm2+MG", "leader:lm1+MG", "2-5-4"), None, [1, 2], 1),  # only those still there
        (("leader:lm2+MG", "2-5-4"), None, [1], 0),
        (("hero:fp1", "2-5-4"), None, None, 0),  # heroes have no LM
    ],
)
def test_side_leadership(specs, lm, alive, expected):
    assert side("a", *specs, lm=lm).leadership(alive) == expected


def test_side_leader_without_lm_counts_0():
    s = Side("a", [Unit(name="L", kind="leader"), parse_spec("2-5-4", "S")])
    assert s.leadership() == 0


def test_side_has_hero():
    s = side("a", "2-5-4", "hero:1-4-5")
    assert s.has_hero() and s.has_hero([0, 1]) and not s.has_hero([0])
    assert not side("a", "2-5-4", "shaken:hero:1-4-5").has_hero()  # a Shaken hero is NME
    assert not side("a", "2-5-4").has_hero() and side("a", "2-5-4", hero=True).has_hero([0])


# -- one side's attack -----------------------------------------------------------------------


def test_attack_fields_s3():
    att = attack(side("a", "2-5-4", "2-5-4"), side("b", "1-6-4+MG-34", "1-6-4"), [0, 1])
    assert att.side == "a" and [i for i, _ in att.attackers] == [0, 1]
    assert [i for i, _ in att.targets] == [0, 1]
    assert (att.fp, att.target_fp, att.kn, att.kn_verified, att.lm) == (4, 4, 8, True, 0)
    assert (att.zero_attacking, att.zero_defending, att.drm, att.need) == (0, 0, 0, 8)
    assert (att.p_kill, att.hero, att.ambush) == (p(8), False, False)


@pytest.mark.parametrize(
    "a, b, targets, column, kn, verified, drm, need, chance",
    [
        (("2-5-4",), ("1-6-4",), [0], "2:1", 6, True, 0, 6, p(6)),
        (("1-6-4",), ("2-5-4",), [0], "1:2", 10, False, 0, 10, p(10)),
        (("1-6-4",), ("4-6-4",), [0], "1:3", 11, False, 0, 11, p(11)),
        (("2-5-4",), ("1-6-4", "1-6-4"), [0, 1], "1:1", 8, True, 0, 8, p(8)),
        (("2-5-4", "1-6-4"), ("1-6-4",), [0], "3:1", 5, False, 0, 5, p(5)),
        (("4-5-4",), ("1-6-4",), [0], "4:1", 4, True, 0, 4, p(4)),
        (("5-5-4",), ("1-6-4",), [0], "5:1", 3, False, 0, 3, p(3)),
        # 0-IFP MMCs: −1 per attacking one, +1 per defending one (§8.3)
        (("half:0-2-3",), ("4-6-4",), [0], "1:3", 11, False, -1, 12, p(12)),
        (("half:0-2-3", "half:0-2-3"), ("6-6-4",), [0], "1:3", 11, False, -2, None, 0),
        (("leader:lm1", "half:0-2-3", "half:0-2-3"), ("6-6-4",), [0], "1:3", 11, False, -1, 12, p(12)),
        (
            ("leader:lm2", "2-5-4"),
            ("half:0-2-3", "half:0-2-3", "half:0-2-3"),
            [0, 1, 2],
            "1:1",
            8,
            True,
            5,
            3,
            p(3),
        ),
        (("2-5-4", "leader:lm2"), ("1-6-4",), [0], "2:1", 6, True, 2, 4, p(4)),
    ],
)
def test_attack_kill_chance(a, b, targets, column, kn, verified, drm, need, chance):
    att = attack(side("a", *a), side("b", *b), targets)
    assert (att.odds.column, att.kn, att.kn_verified, att.drm, att.need, att.p_kill) == (
        column,
        kn,
        verified,
        drm,
        need,
        chance,
    )


def test_attack_counts_zero_fp_units_on_both_sides():
    att = attack(side("a", "half:0-2-3", "1-6-4", "crew:0-2-3"), side("b", "half:0-2-3", "2-5-4"), [0, 1])
    assert (att.fp, att.target_fp, att.odds.column) == (3, 3, "1:1")
    assert (att.zero_attacking, att.zero_defending, att.drm, att.need) == (2, 1, -1, 9)
    assert att.p_kill == p(9)


def test_attack_with_an_nme_leader_lm_interpretation():
    a = side("a", "leader:lm2", "2-5-4")
    assert attack(a, side("b", "2-5-4"), [0]).lm == 2  # default: the NME leader's LM counts
    no = attack(a, side("b", "2-5-4"), [0], rules=Interpretations(nme_leader_lm=False))
    assert (no.lm, no.drm, no.need) == (0, 0, 8)
    armed = side("a", "leader:lm2+MG", "2-5-4")
    assert attack(armed, side("b", "2-5-4"), [0], rules=Interpretations(nme_leader_lm=False)).lm == 2


def test_attack_by_the_survivors_only():
    a = side("a", "hero:1-4-5", "2-5-4", "leader:lm1+MG")
    b = side("b", "2-5-4")
    full = attack(a, b, [0])
    assert (full.fp, full.odds.column, full.hero, full.lm) == (4, "3:1", True, 1)  # 2:1 + hero
    rest = attack(a, b, [0], alive=[1])  # the hero and the leader were destroyed first
    assert [i for i, _ in rest.attackers] == [1]
    assert (rest.fp, rest.odds.column, rest.hero, rest.lm) == (2, "1:1", False, 0)
    assert attack(a, b, [0], alive=[1, 0, 7]).hero  # indexes outside the eligible are ignored


def test_attack_ambush_flags_only_the_ambushers():
    a = side("a", "2-5-4", "1-6-4", ambushers=frozenset({1}))
    att = attack(a, side("b", "2-5-4"), [0], ambush=True)
    assert [f.fp for _, f in att.attackers] == [2, 3] and att.ambush and att.fp == 5
    assert not attack(a, side("b", "2-5-4"), [0], alive=[0], ambush=True).ambush
    assert not attack(a, side("b", "2-5-4"), [0]).ambush


def test_attack_reuses_a_shared_cache():
    cache = {}
    a, b = side("a", "2-5-4"), side("b", "1-6-4+MG-34", "1-6-4")
    attack(a, b, [0], cache=cache)
    assert set(cache) == {("a", 0, "attack", False), ("b", 0, "defend", False)}
    attack(a, b, [0, 1], cache=cache)
    assert ("b", 1, "defend", False) in cache and len(cache) == 3
    assert cache[("b", 0, "defend", False)].fp == 3


@pytest.mark.parametrize(
    "a, b, targets, message",
    [
        (
            ("sniper:", "leader:lm1"),
            ("2-5-4",),
            [0],
            "side A has no melee-eligible unit: NME units (leaders without a melee SW, snipers, medics, "
            "Shaken units) cannot attack; add an MMC, a hero or give a leader a melee-capable SW",
        ),
        (("2-5-4",), ("2-5-4",), [], "side A must attack at least one enemy unit"),
        (
            ("2-5-4",),
            ("2-5-4", "medic:", "hero:1-4-5"),
            [1],
            "B2 cannot be attacked: it is not melee-eligible (NME: medic); NME units are destroyed only "
            "with their side. Melee-eligible targets: B1, B3",
        ),
        (
            ("2-5-4",),
            ("leader:lm1",),
            [0],
            "B1 cannot be attacked: it is not melee-eligible (NME: no melee SW); NME units are destroyed "
            "only with their side. Melee-eligible targets: —",
        ),
        (
            ("1-6-4",),
            ("2-5-4", "shaken:2-5-4"),
            [0, 1],
            "B2 cannot be attacked: it is not melee-eligible (NME: Shaken); NME units are destroyed "
            "only with their side. Melee-eligible targets: B1",
        ),
        (
            ("1-6-4",),
            ("2-5-4", "2-5-4"),
            [0, 1],
            "side A: 1 FP against 2 units with 4 FP is below 1:3; such an attack may target only one "
            "unit: pick one of B1, B2 (e.g. --a-targets B1)",
        ),
    ],
)
def test_illegal_attacks_say_why(a, b, targets, message):
    att, dfd = side("a", *a), side("b", *b)
    with pytest.raises(IllegalAttack) as err:
        attack(att, dfd, targets)
    assert str(err.value) == message


def test_illegal_attack_messages_in_russian():
    with pytest.raises(IllegalAttack) as err:
        attack(side("b", "1-6-4"), side("a", "2-5-4", "2-5-4"), [0, 1])
    assert err.value.key == "below_1_3"
    assert err.value.message("ru") == (
        "сторона Б: 1 FP против 2 отрядов с 4 FP — хуже 1:3; такая атака может быть направлена "
        "только на один отряд: выберите один из A1, A2 (например, --b-targets A1)"
    )
    with pytest.raises(IllegalAttack) as err:
        attack(side("a", "2-5-4"), side("b", "2-5-4", "sniper:"), [1])
    assert err.value.message("ru") == (
        "B2 нельзя атаковать: он не участвует в ближнем бою (NME: снайпер); такие отряды "
        "гибнут только вместе со своей стороной. Допустимые цели: B1"
    )
    with pytest.raises(IllegalAttack) as err:
        attack(side("a", "2-5-4"), side("b", "2-5-4", "scout:fp1"), [1])
    assert "(NME: нет SW для бл. боя)" in err.value.message("ru")


def test_below_1_3_single_target_is_legal():
    att = attack(side("a", "1-6-4"), side("b", "2-5-4", "2-5-4"), [1])
    assert att.odds.below_1_3 is False and att.odds.column == "1:2"
    att = attack(side("a", "1-6-4"), side("b", "4-6-4", "2-5-4"), [0])
    assert att.odds.below_1_3 and att.odds.column == "1:3" and att.kn == 11


# -- the round --------------------------------------------------------------------------------


def test_round_default_targets_are_every_eligible_enemy():
    rnd = melee_round(side("a", "2-5-4", "leader:lm1"), side("b", "1-6-4", "sniper:", "1-6-4"))
    assert [i for i, _ in rnd.a.targets] == [0, 2] and [i for i, _ in rnd.b.targets] == [0]
    assert rnd.first is None and rnd.strike_back is None and rnd.strike_back_none is False
    assert rnd.notes == [] and rnd.a_side.key == "a" and rnd.b_side.key == "b"
    # A: 2 vs 2 = 1:1, LM 1 → 7+; B: 2 vs 2 = 1:1 → 8+
    pa, pb = p(7), p(8)
    assert list(rnd.outcomes) == ["only_b_destroyed", "only_a_destroyed", "both", "neither"]
    assert rnd.outcomes == {
        "only_b_destroyed": pa * (1 - pb),
        "only_a_destroyed": (1 - pa) * pb,
        "both": pa * pb,
        "neither": (1 - pa) * (1 - pb),
    }


def test_round_chosen_targets():
    rnd = melee_round(side("a", "2-5-4", "2-5-4"), side("b", "1-4-4", "1-4-4"), a_targets=[1], b_targets=[0])
    assert [i for i, _ in rnd.a.targets] == [1] and rnd.a.odds.column == "4:1"
    assert [i for i, _ in rnd.b.targets] == [0] and rnd.b.odds.column == "1:1"


def test_ambush_by_b_strikes_first():
    """Ambush (§8.4) by side B: its units triple, the round is not simultaneous."""
    rnd = melee_round(side("a", "2-5-4", "2-5-4"), side("b", "1-6-4"), ambush="b")
    assert rnd.b.fp == 3 and rnd.b.ambush and not rnd.a.ambush and rnd.a.fp == 4
    assert rnd.b.odds.column == "1:1" and rnd.a.odds.column == "4:1"  # 3 vs 4 → 1:1 (round up)
    assert rnd.first == "b" and rnd.strike_back is None and rnd.strike_back_none
    pb, pa = p(8), p(4)
    assert list(rnd.outcomes) == ["only_b_destroyed", "only_a_destroyed", "both", "neither"]
    assert rnd.outcomes == {
        "only_a_destroyed": pb,
        "only_b_destroyed": (1 - pb) * pa,
        "both": 0,
        "neither": (1 - pb) * (1 - pa),
    }


def test_ambush_marks_every_unit_when_none_is_marked():
    b = side("b", "1-6-4", "1-6-4")
    melee_round(side("a", "2-5-4"), b, ambush="b")
    assert b.ambushers == frozenset({0, 1})
    a = side("a", "2-5-4", "1-6-4", ambushers=frozenset({0}))
    rnd = melee_round(a, side("b", "4-6-4"), ambush="a")
    assert a.ambushers == frozenset({0}) and rnd.a.fp == 6 + 1


def test_ambush_strike_back_with_the_survivors():
    """The ambusher kills its targets first; the others strike back with what is left."""
    rnd = melee_round(side("a", "2-5-4"), side("b", "hero:1-4-5", "1-6-4"), a_targets=[0], ambush="a")
    # A: 6 vs 1 → 5:1 KN 3; B: 2 vs 2 = 1:1 + hero → 2:1 KN 6; without the hero: 1:2 KN 10
    assert (rnd.a.p_kill, rnd.b.odds.column, rnd.b.p_kill) == (p(3), "2:1", p(6))
    back = rnd.strike_back
    assert [i for i, _ in back.attackers] == [1] and not back.hero
    assert (back.odds.column, back.p_kill) == ("1:2", p(10))
    assert rnd.strike_back_none is False and rnd.notes == []
    assert rnd.outcomes == {
        "only_b_destroyed": p(3) * (1 - p(10)),
        "only_a_destroyed": (1 - p(3)) * p(6),
        "both": p(3) * p(10),
        "neither": (1 - p(3)) * (1 - p(6)),
    }


def test_ambush_survivors_below_1_3_strike_back_at_the_best_single_target():
    rnd = melee_round(side("a", "amb:2-5-4", "4-6-4"), side("b", "1-6-4", "1-6-4"), a_targets=[0], ambush="a")
    assert rnd.a.fp == 6 * 3 and rnd.b.odds.column == "1:3"  # 2 vs 6: exactly 1:3
    back = rnd.strike_back
    assert [i for i, _ in back.targets] == [0]  # 1 vs 2 (1:2, KN 10) beats 1 vs 4 (1:3, KN 11)
    assert (back.odds.column, back.p_kill) == ("1:2", p(10))
    assert round_json(rnd)["notes"] == [
        "after the ambush the survivors of B are below 1:3 against several units: they strike back at A1 only"
    ]
    assert round_json(rnd, "ru")["notes"] == [
        "после засады выжившие стороны Б хуже 1:3 против нескольких юнитов: они отвечают только по A1"
    ]
    assert rnd.outcomes["both"] == p(3) * p(10)


def test_ambush_strike_back_picks_the_likeliest_single_target():
    a = side("a", "2-5-4", "4-6-4", "1-6-4", ambushers=frozenset({0}))
    rnd = melee_round(a, side("b", "1-6-4", "1-6-4", "1-6-4"), a_targets=[0], ambush="a")
    assert rnd.b.odds.column == "1:2"  # 3 vs 7, legal against all three
    back = rnd.strike_back  # B2 + B3: vs A1 2:2 (8), vs A2 2:4 → 1:2 (10), vs A3 2:1 (6)
    assert [i for i, _ in back.targets] == [2] and back.p_kill == p(6)
    assert [i for i, _ in back.attackers] == [1, 2]


def test_reinforcing_ambush_is_simultaneous():
    rnd = melee_round(
        side("a", "2-5-4"), side("b", "1-6-4", "1-6-4"), a_targets=[0], ambush="a", reinforcing_ambush=True
    )
    assert rnd.first is None and rnd.strike_back is None and rnd.a.fp == 6
    assert rnd.outcomes["both"] == p(3) * p(8)


# -- consequences, single-use and captured SWs (§8.0, §8.1) ------------------------------------


def test_consequences_nme_units_die_with_their_side():
    a = side("a", "2-5-4", "leader:lm1", "medic:", "1-6-4")
    b = side("b", "4-6-4")
    every = attack(b, a, [0, 3])
    assert consequences(a, every) == {"eliminated": True, "nme_lost": ["A2", "A3"]}
    one = attack(b, a, [3])
    assert consequences(a, one) == {"eliminated": False, "nme_lost": []}


def test_single_use_and_captured_sws_used_in_attack_and_defence():
    a = side("a", "1-6-4+Satchel Charge*", "1-6-4+Molotov Cocktail", "leader:lm1+MG*", "1-6-4+MG-34*")
    b = side("b", "1-6-4", "1-6-4")
    rnd = melee_round(a, b, a_targets=[0], b_targets=[1, 2])
    assert single_use_removed(a, rnd.a, rnd.b) == ["Satchel Charge (A1)", "Molotov Cocktail (A2)"]
    assert single_use_removed(a, rnd.a, rnd.b, "ru") == ["подрывной заряд (A1)", "коктейль Молотова (A2)"]
    assert captured_used(a, rnd.a, rnd.b) == ["Satchel Charge (A1)", "MG (A3)", "MG-34 (A4)"]
    assert captured_used(a, rnd.a, rnd.b, "ru") == ["подрывной заряд (A1)", "пулемёт (A3)", "MG-34 (A4)"]
    assert single_use_removed(b, rnd.b, rnd.a) == [] and captured_used(b, rnd.b, rnd.a) == []


def test_single_use_sw_used_only_in_defence():
    a = side("a", "2-5-4")
    b = side("b", "1-6-4+Satchel Charge*", "1-6-4")
    rnd = melee_round(a, b, b_targets=[0])
    # B attacks with both; A's attack is against both: each SW is listed once
    assert single_use_removed(b, rnd.b, rnd.a) == ["Satchel Charge (B1)"]
    assert captured_used(b, rnd.b, rnd.a) == ["Satchel Charge (B1)"]
    d = side("b", "1-6-4+Satchel Charge", "1-6-4")
    only_defence = melee_round(a, d, a_targets=[0], b_targets=[0])
    assert single_use_removed(d, only_defence.b, only_defence.a) == ["Satchel Charge (B1)"]
    rest = melee_round(a, d, a_targets=[1], b_targets=[0])
    used = attack(d, a, [0], alive=[1])
    assert single_use_removed(d, used, rest.a) == []  # B1 neither attacked nor defended


# -- JSON -------------------------------------------------------------------------------------


def test_attack_json_s3():
    a, b = side("a", "2-5-4", "2-5-4"), side("b", "1-6-4+MG-34", "1-6-4")
    att = attack(a, b, [0, 1])
    assert attack_json(att, a, b) == {
        "fp": 4,
        "units": [
            {"name": "A1", "counter": "2-5-4", "fp": 2, "why": "IFP 2 = 2"},
            {"name": "A2", "counter": "2-5-4", "fp": 2, "why": "IFP 2 = 2"},
        ],
        "targets": ["B1", "B2"],
        "target_fp": 4,
        "target_units": [
            {"name": "B1", "counter": "1-6-4+MG-34", "fp": 3, "why": "IFP 1 + MG-34 2 = 3"},
            {"name": "B2", "counter": "1-6-4", "fp": 1, "why": "IFP 1 = 1"},
        ],
        "ratio": "4:4",
        "column": "1:1",
        "column_why": ["4:4"],
        "kill_number": 8,
        "kn_verified": True,
        "lm": 0,
        "zero_fp_attacking": 0,
        "zero_fp_defending": 0,
        "drm": 0,
        "need": 8,
        "p_kill": 15 / 36,
        "p_kill_exact": "5/12",
        "hero_shift": False,
        "ambush": False,
    }


@pytest.mark.parametrize(
    "spec, label, ru",
    [
        ("2-5-4", "2-5-4", "2-5-4"),
        ("2-5-4M+MG-34", "2M-5-4+MG-34", "2M-5-4+MG-34"),
        ("half:0-2-3+MG*", "half-squad 0-2-3+MG*", "полотделения 0-2-3+пулемёт*"),
        ("crew:1-4-4", "crew 1-4-4", "расчёт 1-4-4"),
        ("leader:lm1+MG", "leader LM +1 + MG", "лидер LM +1 + пулемёт"),
        ("leader:lm0+Satchel Charge*", "leader LM +0 + Satchel Charge*", "лидер LM +0 + подрывной заряд*"),
        ("hero:1-4-5", "hero FP 1", "герой FP 1"),
        ("hero:fp2+MG", "hero FP 2 + MG", "герой FP 2 + пулемёт"),
        ("scout:+MG", "scout + MG", "разведчик + пулемёт"),
        ("leader:lm1,fp2+MG", "leader LM +1 FP 2 + MG", "лидер LM +1 FP 2 + пулемёт"),
    ],
)
def test_json_counter_label(spec, label, ru):
    a = Side("a", [parse_spec(spec, "U")])
    b = side("b", "1-6-4")
    att = attack(a, b, [0])
    assert attack_json(att, a, b)["units"][0]["counter"] == label
    assert attack_json(att, a, b, "ru")["units"][0]["counter"] == ru


def test_round_json_keys_and_values():
    a = side("a", "2-5-4", "leader:lm1", "1-6-4+Satchel Charge")
    b = side("b", "1-6-4+MG-34*", "medic:")
    out = round_json(melee_round(a, b))
    assert out["first"] is None and out["simultaneous"] is True and "strike_back" not in out
    assert out["a"]["nme"] == ["A2"] and out["b"]["nme"] == ["B2"]
    assert out["a"]["eliminated_if_killed"] is True and out["b"]["eliminated_if_killed"] is True
    assert out["a"]["single_use_removed"] == ["Satchel Charge (A3)"]
    assert out["b"]["captured_used"] == ["MG-34 (B1)"] and out["a"]["captured_used"] == []
    # A: 2 + 4 = 6 vs 3 → 2:1 KN 6, LM 1 → 5+; B: 3 vs 6 → 1:2 KN 10 → 10+
    pa, pb = p(5), p(10)
    assert out["a"]["p_kill_exact"] == "5/6" and out["b"]["p_kill_exact"] == "1/6"
    assert out["outcomes_exact"] == {
        "only_b_destroyed": "25/36",
        "only_a_destroyed": "1/36",
        "both": "5/36",
        "neither": "5/36",
    }
    assert out["outcomes"] == {
        "only_b_destroyed": float(pa * (1 - pb)),
        "only_a_destroyed": float((1 - pa) * pb),
        "both": float(pa * pb),
        "neither": float((1 - pa) * (1 - pb)),
    }
    assert out["notes"] == []


def test_round_json_strike_back():
    rnd = melee_round(side("a", "2-5-4"), side("b", "1-6-4", "1-6-4"), a_targets=[0], ambush="a")
    out = round_json(rnd)
    assert out["first"] == "a" and out["simultaneous"] is False
    assert out["strike_back"]["units"] == [{"name": "B2", "counter": "1-6-4", "fp": 1, "why": "IFP 1 = 1"}]
    assert out["strike_back"]["targets"] == ["A1"] and out["strike_back"]["column"] == "1:2"
    assert out["a"]["eliminated_if_killed"] is True and out["b"]["eliminated_if_killed"] is False
    by_b = round_json(
        melee_round(
            side("a", "2-5-4", "2-5-4"), side("b", "1-6-4", "4-6-4"), a_targets=[0], b_targets=[0], ambush="b"
        )
    )
    # B: 3 + 12 = 15 vs 2 → 5:1 first; A2 strikes back at B1: 2 vs 1 → 2:1
    assert by_b["first"] == "b" and by_b["strike_back"]["units"][0]["name"] == "A2"
    assert by_b["strike_back"]["targets"] == ["B1"] and by_b["strike_back"]["column"] == "2:1"
    none_left = round_json(melee_round(side("a", "2-5-4"), side("b", "1-6-4"), ambush="a"))
    assert none_left["strike_back"] is None


def test_round_json_in_russian():
    out = round_json(melee_round(side("a", "2-5-4"), side("b", "1-6-4", "1-6-4")), "ru")
    assert out["a"]["units"][0]["why"] == "IFP 2 = 2"
    assert out["b"]["column_why"] == ["2:2"] and out["a"]["column_why"] == ["2:2"]


# -- --best --------------------------------------------------------------------------------------


def test_best_targets_full_ranking():
    a, b = side("a", "2-5-4"), side("b", "2-5-4", "1-6-4", "1-6-4")
    best = best_targets(a, b)
    assert best["choices"] == 7
    by_p = [(r["targets"], r["column"]) for r in best["by_p_kill"]]
    # 2:1 (26/36) first; at 1:1 (15/36) more FP destroyed first, then fewer targets
    assert by_p == [
        (["B2"], "2:1"),
        (["B3"], "2:1"),
        (["B1", "B2"], "1:1"),
        (["B1", "B3"], "1:1"),
        (["B1"], "1:1"),
        (["B2", "B3"], "1:1"),
        (["B1", "B2", "B3"], "1:2"),
    ]
    by_e = [r["targets"] for r in best["by_expected_fp"]]
    # 45/36 > 30/36 (fewer targets first) > 26/36 > 24/36
    assert by_e == [["B1", "B2"], ["B1", "B3"], ["B1"], ["B2", "B3"], ["B2"], ["B3"], ["B1", "B2", "B3"]]
    assert best["by_p_kill"][0] == {
        "targets": ["B2"],
        "column": "2:1",
        "kill_number": 6,
        "kn_verified": True,
        "drm": 0,
        "need": 6,
        "p_kill": 26 / 36,
        "target_fp": 1,
        "expected_fp_destroyed": 26 / 36,
    }
    assert best["by_expected_fp"][0]["expected_fp_destroyed"] == 45 / 36
    assert best["by_p_kill"][-1]["kn_verified"] is False


def test_best_targets_limit_and_illegal_choices():
    a, b = side("a", "1-6-4"), side("b", "2-5-4", "2-5-4", "leader:lm1")
    best = best_targets(a, b, limit=1)
    assert best["choices"] == 2  # B1+B2 at 1:4 is below 1:3: not a choice; the leader is NME
    assert [r["targets"] for r in best["by_p_kill"]] == [["B1"]]
    assert [r["targets"] for r in best["by_expected_fp"]] == [["B1"]]
    assert len(best_targets(side("a", "2-5-4"), side("b", *["1-6-4"] * 5))["by_p_kill"]) == 12


def test_best_targets_with_ambush_and_zero_fp():
    a = side("a", "half:0-2-3", ambushers=frozenset({0}))
    best = best_targets(a, side("b", "1-6-4"), ambush=True)
    assert best["by_p_kill"][0]["column"] == "3:1" and best["by_p_kill"][0]["drm"] == -1
    assert best["by_p_kill"][0]["need"] == 6


def test_best_targets_limit_of_twelve_possible_targets():
    twelve = side("b", *["1-6-4"] * 12)
    assert best_targets(side("a", "9-6-4"), twelve, limit=0)["choices"] > 0
    thirteen = side("b", *["1-6-4"] * 13)
    with pytest.raises(IllegalAttack) as err:
        best_targets(side("a", "2-5-4"), thirteen)
    assert str(err.value) == (
        "--best: 13 possible targets are too many to enumerate (limit 12): choose targets with --a-targets"
    )
    assert best_targets(side("a", "2-5-4"), side("b", "1-6-4", "sniper:"))["choices"] == 1


def test_unit_with_a_captured_sw_in_json_counter_label_of_an_smc_without_fields():
    u = Unit(name="M", kind="medic", weapons=[CarriedSW(find_weapon("MG"), True)])
    a = Side("a", [parse_spec("2-5-4", "A1"), u])
    assert round_json(melee_round(a, side("b", "1-6-4")))["a"]["nme"] == ["M"]


# -- rules read through every step ----------------------------------------------------------------

DOWN = Interpretations(low_odds="down")


def test_a_hero_target_defends_with_its_ifp():
    """Heroes defend with their IFP whether or not they use an SW (§8.0)."""
    att = attack(side("a", "2-5-4"), side("b", "hero:1-4-5+Flamethrower"), [0])
    assert (att.target_fp, att.odds.column, att.kn) == (1, "2:1", 6)
    sw = attack(
        side("a", "2-5-4"),
        side("b", "hero:1-4-5+Flamethrower"),
        [0],
        rules=Interpretations(hero_defence="sw"),
    )
    assert (sw.target_fp, sw.odds.column) == (2, "1:1")


def test_interpretations_reach_the_attack():
    a, b = side("a", "2-5-4"), side("b", "1-6-4", "2-5-4")
    assert attack(a, b, [0, 1]).odds.column == "1:1"  # 2 vs 3
    assert attack(a, b, [0, 1], rules=DOWN).odds.column == "1:2"
    zero = side("a", "half:0-2-3+MG-34")
    assert attack(zero, b, [1]).drm == -1
    assert attack(zero, b, [1], rules=Interpretations(zero_drm_with_sw=False)).drm == 0


def test_interpretations_reach_the_round_and_the_strike_back():
    rnd = melee_round(side("a", "2-5-4"), side("b", "1-6-4", "2-5-4"), rules=DOWN)
    assert rnd.a.odds.column == "1:2" and rnd.b.odds.column == "2:1"
    rnd = melee_round(side("b", "1-6-4", "2-5-4"), side("a", "2-5-4"), rules=DOWN)
    assert rnd.b.odds.column == "1:2"
    # A ambushes B1; B2 (1 FP) strikes back at A1 + A2 (3 FP): 1:3, or rounded up 1:3 too;
    # at A1 + A2 + A3 (4 FP) it is below 1:3 and must pick one: A1 2 FP → 1:2 either way,
    # A3 1 FP → 1:1: the likeliest
    a = side("a", "2-5-4", "1-6-4", "half:0-2-3+MG-34", ambushers=frozenset({0}))
    b = side("b", "1-6-4", "1-6-4")
    up = melee_round(a, b, a_targets=[0], ambush="a")
    assert up.b.odds.column == "1:2"  # 2 vs 5 rounded up
    down = melee_round(a, b, a_targets=[0], ambush="a", rules=DOWN)
    assert down.b.odds.column == "1:3"  # rounded down
    assert [i for i, _ in down.strike_back.targets] == [1]
    c = side("a", "2-5-4", "half:0-2-3+MG-34", "2-5-4", ambushers=frozenset({0}))
    back = melee_round(c, b, a_targets=[0], ambush="a", rules=DOWN).strike_back
    # the survivor B2 (1 FP) is below 1:3 against A1-A3 (6 FP): its single targets are
    # A1 1:2, A2 (2 FP, 0-IFP: +1) 1:2 DRM +1, A3 1:2: A2 is the likeliest
    assert [i for i, _ in back.targets] == [1] and back.drm == 1
    plain = melee_round(
        c, b, a_targets=[0], ambush="a", rules=Interpretations(zero_drm_with_sw=False)
    ).strike_back
    assert plain.drm == 0 and [i for i, _ in plain.targets] == [0]


def test_best_targets_with_interpretations_and_without_ambush():
    a = side("a", "2-5-4", ambushers=frozenset({0}))
    b = side("b", "1-6-4", "2-5-4")
    plain = {tuple(r["targets"]): r["column"] for r in best_targets(a, b)["by_p_kill"]}
    assert plain == {("B1",): "2:1", ("B2",): "1:1", ("B1", "B2"): "1:1"}
    down = {tuple(r["targets"]): r["column"] for r in best_targets(a, b, rules=DOWN)["by_p_kill"]}
    assert down[("B1", "B2")] == "1:2"
    tripled = {tuple(r["targets"]): r["column"] for r in best_targets(a, b, ambush=True)["by_p_kill"]}
    assert tripled == {("B1",): "5:1", ("B2",): "3:1", ("B1", "B2"): "2:1"}


def test_best_targets_skips_illegal_choices_and_goes_on():
    # 1 FP: B1 + B2 (4 FP) is below 1:3, but B1 + B3 and B2 + B3 (3 FP) are exactly 1:3
    best = best_targets(side("a", "1-6-4"), side("b", "2-5-4", "2-5-4", "half:0-2-3"))
    assert sorted(r["targets"] for r in best["by_p_kill"]) == [
        ["B1"],
        ["B1", "B3"],
        ["B2"],
        ["B2", "B3"],
        ["B3"],
    ]


def test_best_targets_equal_expected_fp_ranks_the_likelier_first():
    # 2 vs B1 (2 FP) 1:1 → 8+: 15/36 × 2; 2 vs B2 (0-IFP, 1 FP) 2:1 DRM +1 → 5+: 30/36 × 1
    best = best_targets(side("a", "2-5-4"), side("b", "2-5-4", "half:0-2-3"))
    assert [r["targets"] for r in best["by_expected_fp"]] == [["B1", "B2"], ["B2"], ["B1"]]
    assert [r["expected_fp_destroyed"] for r in best["by_expected_fp"]] == [21 / 36 * 3, 30 / 36, 30 / 36]
    assert [r["targets"] for r in best["by_p_kill"]] == [["B2"], ["B1", "B2"], ["B1"]]


def test_json_in_russian_names_the_sws_of_targets_captured_and_strike_back():
    a = side("a", "2-5-4", "1-6-4+MG*")
    b = side("b", "1-6-4+MG", "1-6-4")
    out = round_json(melee_round(a, b), "ru")
    assert [u["counter"] for u in out["a"]["target_units"]] == ["1-6-4+пулемёт", "1-6-4"]
    assert out["a"]["captured_used"] == ["пулемёт (A2)"]
    back = round_json(
        melee_round(side("a", "2-5-4"), side("b", "1-6-4+MG", "1-6-4"), a_targets=[1], ambush="a"), "ru"
    )["strike_back"]
    assert back["units"][0]["why"] == "IFP 1 + пулемёт 1 = 2"
    assert back["target_units"][0]["why"] == "IFP 2 = 2"


def test_attack_json_default_language_is_english():
    a, b = side("a", "1-6-4+MG"), side("b", "1-6-4+MG")
    att = attack(a, b, [0])
    out = attack_json(att, a, b)
    assert out["units"][0]["counter"] == "1-6-4+MG" and out["target_units"][0]["counter"] == "1-6-4+MG"
    assert out["units"][0]["why"] == "IFP 1 + MG 1 = 2"


def test_strike_back_at_every_target_follows_the_interpretations():
    # A1 ambushes B1; B2 (2 FP) strikes back at A1 + A2 (3 FP): 2:3 → 1:1, or 1:2 rounded down
    a = side("a", "2-5-4", "1-6-4", ambushers=frozenset({0}))
    b = side("b", "1-6-4", "2-5-4")
    up = melee_round(a, b, a_targets=[0], ambush="a").strike_back
    assert [i for i, _ in up.targets] == [0, 1] and up.odds.column == "1:1"
    down = melee_round(a, b, a_targets=[0], ambush="a", rules=DOWN).strike_back
    assert [i for i, _ in down.targets] == [0, 1] and down.odds.column == "1:2"
