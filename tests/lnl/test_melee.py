"""The melee rules of Lock 'n Load Tactical Core Rules §8.0–8.5 through the public functions:
every case of the melee digest's test list (S1–S6 from the rules text, H1–H3 from the hexsides
examples, D1–D11 derived). Literals come from the rules text; probabilities are checked against
counts of the 36 outcomes of 2d6 written out by hand."""

from fractions import Fraction

import pytest

from sheets.games.lnl.rules import (
    IllegalAttack,
    Interpretations,
    Side,
    admin_removals,
    attack,
    best_targets,
    melee_fp,
    melee_round,
    natural_needed,
    odds,
    p_at_least,
)
from sheets.games.lnl.spec import SpecError, parse_spec

# ways to roll at least N on 2d6, counted by hand: 12:1, 11:2, 10:3, 9:4, 8:5, 7:6, 6:5, 5:4, 4:3
AT_LEAST = {12: 1, 11: 3, 10: 6, 9: 10, 8: 15, 7: 21, 6: 26, 5: 30, 4: 33, 3: 35, 2: 36}


def side(key, *specs, **kw):
    return Side(key, [parse_spec(s, f"{key.upper()}{i + 1}") for i, s in enumerate(specs)], **kw)


def test_2d6_counts():
    for need, ways in AT_LEAST.items():
        assert p_at_least(need) == Fraction(ways, 36)
    assert p_at_least(13) == 0
    assert natural_needed(8, -2) == 10 and natural_needed(8, 2) == 6
    assert natural_needed(3, 2) == 2 and natural_needed(11, -2) is None


# -- S: the rules text -----------------------------------------------------------------------


def test_s1_s2_odds_round_up():
    assert odds(4, 2).column == "2:1"  # S1
    assert odds(5, 2).column == "3:1"  # S2: 2.5:1 is 3:1, not 2:1


def test_s3_paratroopers_vs_germans_with_mg34():
    us = side("a", "2-5-4", "2-5-4")
    de = side("b", "1-6-4+MG-34", "1-6-4")
    att = attack(us, de, [0, 1])
    assert (att.fp, att.target_fp) == (4, 4)
    assert att.odds.column == "1:1" and att.kn == 8 and att.kn_verified
    assert [f.fp for _, f in att.targets] == [3, 1]  # 1 + MG-34 2, and 1
    assert att.p_kill == Fraction(AT_LEAST[8], 36)


def test_s4_two_zero_fp_half_squads_attack():
    halves = side("a", "half:0-2-3", "half:0-2-3")
    squad = side("b", "2-6-4")
    att = attack(halves, squad, [0])
    assert (att.fp, att.target_fp, att.odds.column, att.kn) == (2, 2, "1:1", 8)
    assert att.drm == -2 and att.need == 10
    assert att.p_kill == Fraction(AT_LEAST[10], 36)  # 6/36


def test_s5_the_squad_attacks_both_half_squads():
    halves = side("a", "half:0-2-3", "half:0-2-3")
    squad = side("b", "2-6-4")
    att = attack(squad, halves, [0, 1])
    assert (att.fp, att.target_fp, att.odds.column, att.kn) == (2, 2, "1:1", 8)
    assert att.drm == 2 and att.need == 6
    assert att.p_kill == Fraction(AT_LEAST[6], 36)  # 26/36


def test_s6_captured_mg_removed_in_admin_phase_when_neither_side_is_eliminated():
    mine = side("a", "leader:lm0+MG*", "1-6-4")
    enemy = side("b", "1-5-4")
    rnd = melee_round(mine, enemy)
    assert admin_removals(mine, rnd.a, rnd.b, enemy_eliminated=False) == ["MG (A1)"]
    assert admin_removals(mine, rnd.a, rnd.b, enemy_eliminated=True) == []
    assert admin_removals(enemy, rnd.b, rnd.a, enemy_eliminated=False) == []


# -- H: hexsides examples --------------------------------------------------------------------


def test_h1_four_fp_against_one_squad():
    us = side("a", "2-5-4", "2-5-4")
    de = side("b", "1-4-4", "1-4-4")
    att = attack(us, de, [0])
    assert (att.odds.column, att.kn) == ("4:1", 4)
    assert 8 >= att.kn and att.need == 4  # a roll of 8 kills it
    assert att.p_kill == Fraction(AT_LEAST[4], 36)


def test_h2_four_fp_against_both_squads():
    att = attack(side("a", "2-5-4", "2-5-4"), side("b", "1-4-4", "1-4-4"), [0, 1])
    assert (att.target_fp, att.odds.column, att.kn) == (2, "2:1", 6)


def test_h3_germans_attack_one_paratroop_squad():
    att = attack(side("b", "1-4-4", "1-4-4"), side("a", "2-5-4", "2-5-4"), [0])
    assert (att.fp, att.target_fp, att.odds.column, att.kn) == (2, 2, "1:1", 8)


# -- D: derived ------------------------------------------------------------------------------


def test_d1_leader_with_captured_mg():
    mine = side("a", "leader:lm0+MG*", "1-6-4")
    assert melee_fp(mine.units[0]).fp == 1  # ceil(1 / 2)
    att = attack(mine, side("b", "1-5-4"), [0])
    assert (att.fp, att.target_fp, att.odds.column, att.kn) == (2, 1, "2:1", 6)


def test_d2_enemy_attacks_both_or_only_the_squad():
    mine = side("a", "leader:lm0+MG*", "1-6-4")
    enemy = side("b", "1-5-4")
    both = attack(enemy, mine, [0, 1])
    assert (both.fp, both.target_fp, both.odds.column, both.kn) == (1, 2, "1:2", 10)
    assert not both.kn_verified  # 10† (not confirmed against the PAC)
    only = attack(enemy, mine, [1])
    assert (only.odds.column, only.kn, only.kn_verified) == ("1:1", 8, True)


def test_d3_below_1_3_against_several_units_is_refused():
    weak = side("a", "1-4-4")
    two = side("b", "2-5-4", "2-5-4")
    with pytest.raises(IllegalAttack, match="below 1:3.*only one unit"):
        attack(weak, two, [0, 1])
    assert attack(weak, two, [0]).odds.column == "1:2"


def test_d4_below_1_3_against_one_unit_uses_1_3():
    o = odds(1, 4)
    assert o.below_1_3 and o.column == "1:3"
    att = attack(side("a", "1-4-4"), side("b", "4-5-4"), [0])
    assert att.odds.column == "1:3" and att.kn == 11


def test_d5_capped_at_5_1():
    assert odds(11, 2).column == "5:1"


def test_d6_round_up_below_1_1():
    assert [odds(2, 3).column, odds(2, 5).column, odds(3, 7).column] == ["1:1", "1:2", "1:2"]
    down = Interpretations(low_odds="down")
    assert [odds(2, 3, rules=down).column, odds(2, 5, rules=down).column] == ["1:2", "1:3"]


def test_d7_hero_shift():
    assert odds(4, 2, hero=True).column == "3:1"
    assert odds(1, 4, hero=True).column == "1:2"
    assert odds(10, 2, hero=True).column == "5:1"
    # a hero among the attackers shifts; several heroes still shift once
    one = attack(side("a", "hero:1-4-5", "1-6-4"), side("b", "2-5-4"), [0])
    two = attack(side("a", "hero:1-4-5", "hero:1-4-5"), side("b", "2-5-4"), [0])
    assert one.odds.column == two.odds.column == "2:1"


def test_d8_ambushing_squad_strikes_first():
    rnd = melee_round(side("a", "2-5-4"), side("b", "1-6-4"), ambush="a")
    assert rnd.a.fp == 6 and rnd.a.odds.ratio == "6:1" and rnd.a.odds.column == "5:1"
    assert rnd.first == "a" and rnd.strike_back is None and rnd.strike_back_none
    pa, pb = rnd.a.p_kill, rnd.b.p_kill
    # the defender destroyed first never strikes back
    assert rnd.outcomes["both"] == 0
    assert rnd.outcomes["only_b_destroyed"] == pa
    assert rnd.outcomes["only_a_destroyed"] == (1 - pa) * pb
    assert sum(rnd.outcomes.values()) == 1
    simultaneous = melee_round(side("a", "2-5-4"), side("b", "1-6-4"), ambush="a", reinforcing_ambush=True)
    assert simultaneous.a.fp == 6 and simultaneous.outcomes["both"] == pa * pb


def test_d9_ambushing_zero_fp_half_squad():
    unit = parse_spec("half:0-2-3", "A1")
    assert melee_fp(unit, ambush=True).fp == 3
    rnd = melee_round(Side("a", [unit]), side("b", "1-6-4"), ambush="a")
    assert rnd.a.fp == 3 and rnd.a.drm == -1


def test_d10_m_superscript():
    unit = parse_spec("2-5-4M", "A1")
    assert melee_fp(unit).fp == 3 and melee_fp(unit, "defend").fp == 3
    assert melee_fp(unit, ambush=True).fp == 9
    assert melee_fp(unit, ambush=True, rules=Interpretations(m_before_ambush=False)).fp == 7


def test_d11_leader_with_sw_of_fp_2_and_3():
    assert melee_fp(parse_spec("leader:lm1+MG-34", "L")).fp == 1
    assert melee_fp(parse_spec("leader:lm1+Flamethrower", "L")).fp == 2  # catalogue FP 3


# -- further rules ---------------------------------------------------------------------------


def test_sw_limits_in_melee():
    two = parse_spec("1-6-4+MG-34+MG", "A1")
    assert melee_fp(two).fp == 3  # 2 + 1 (IFP lost) equals 1 + 2: keeps the IFP, one SW
    big = parse_spec("1-6-4+MG-34+MG-42", "A2")
    assert melee_fp(big).fp == 4  # two SWs, IFP lost
    half = parse_spec("half:1-4-4+MG-34", "A3")
    assert melee_fp(half).fp == 2  # one SW, IFP lost
    # a half-squad carrying two uses one of them (the rules limit use, not carrying)
    assert melee_fp(parse_spec("half:1-4-4+MG-34+MG", "A4")).fp == 2
    with pytest.raises(SpecError, match="at most 4 support weapons"):
        parse_spec("half:1-4-4+MG-34+MG+MG+MG+MG", "A5")


def test_zero_fp_mmc_with_sw_uses_the_sw():
    unit = parse_spec("half:0-2-3+MG-34", "A1")
    f = melee_fp(unit)
    assert f.fp == 2 and f.zero_ifp
    assert not melee_fp(unit, rules=Interpretations(zero_drm_with_sw=False)).zero_ifp


def test_hero_defends_with_its_ifp():
    hero = parse_spec("hero:2-4-5+Flamethrower", "H")
    assert melee_fp(hero, "attack").fp == 2  # half of 3 rounded up
    assert melee_fp(hero, "defend").fp == 2  # its IFP
    hero1 = parse_spec("hero:1-4-5+Flamethrower", "H")
    assert melee_fp(hero1, "defend").fp == 1
    assert melee_fp(hero1, "defend", rules=Interpretations(hero_defence="sw")).fp == 2


def test_nme_units_cannot_attack_or_be_attacked():
    a = side("a", "2-5-4", "leader:lm2", "sniper:", "medic:", "shaken:1-6-4")
    assert a.eligible() == [0]
    with pytest.raises(IllegalAttack, match="not melee-eligible"):
        attack(side("b", "2-5-4"), a, [1])
    with pytest.raises(IllegalAttack, match="no melee-eligible unit"):
        attack(side("b", "leader:lm1"), a, [0])
    # the NME leader's LM still helps the side's roll
    att = attack(a, side("b", "2-5-4"), [0])
    assert att.lm == 2 and att.drm == 2


def test_single_use_sw_reported():
    from sheets.games.lnl.rules import single_use_removed

    rnd = melee_round(side("a", "1-6-4+Satchel Charge"), side("b", "2-5-4"))
    assert single_use_removed(rnd.a_side, rnd.a, rnd.b) == ["Satchel Charge (A1)"]


def test_outcomes_sum_to_one_and_are_independent_products():
    rnd = melee_round(side("a", "2-5-4", "2-5-4"), side("b", "1-6-4+MG-34", "1-6-4"))
    pa = pb = Fraction(AT_LEAST[8], 36)
    assert rnd.outcomes == {
        "only_b_destroyed": pa * (1 - pb),
        "only_a_destroyed": (1 - pa) * pb,
        "both": pa * pb,
        "neither": (1 - pa) * (1 - pb),
    }


def test_best_targets_ranks_every_legal_choice():
    a = side("a", "2-5-4", "2-5-4")
    b = side("b", "1-4-4", "1-4-4")
    best = best_targets(a, b)
    assert best["choices"] == 3
    top = best["by_p_kill"][0]
    assert top["column"] == "4:1" and top["p_kill"] == pytest.approx(33 / 36)
    assert best["by_expected_fp"][0]["targets"] == ["B1", "B2"]  # 26/36 × 2 > 33/36 × 1
    assert best["by_expected_fp"][0]["expected_fp_destroyed"] == pytest.approx(52 / 36)


def test_ambush_survivors_strike_back_with_what_is_left():
    # A's ambushing 2-5-4 (6 FP) attacks only B1; B1 + B2 (2 FP) attack A1 (2 FP) at 1:1, but if
    # B1 dies first, B2 alone strikes back at 1:2
    rnd = melee_round(side("a", "2-5-4"), side("b", "1-6-4", "1-6-4"), a_targets=[0], ambush="a")
    pa = Fraction(AT_LEAST[3], 36)  # 6:1 → 5:1, KN 3
    pb = Fraction(AT_LEAST[8], 36)  # 2:2 = 1:1, KN 8
    back = Fraction(AT_LEAST[10], 36)  # 1:2, KN 10
    assert (rnd.a.p_kill, rnd.b.p_kill, rnd.strike_back.p_kill) == (pa, pb, back)
    assert rnd.outcomes == {
        "only_b_destroyed": pa * (1 - back),
        "only_a_destroyed": (1 - pa) * pb,
        "both": pa * back,
        "neither": (1 - pa) * (1 - pb),
    }
