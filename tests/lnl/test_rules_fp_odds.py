"""A unit's melee FP and the odds column, step by step (Lock 'n Load Tactical Core Rules §8.0
odds and SWs, §8.3 zero-FP units, §8.4 Ambush, §8.5 "M"), through the public functions.

The expected FP values and columns are literals from the rules text (4 vs 2 → 2:1, 5 vs 2 →
3:1, below 1:3 → 1:3, hero shift one column, never above 5:1; a squad one SW keeping its IFP or
two losing it; leaders/heroes half the SW's FP rounded up, heroes defend with their IFP; "M" +1;
Ambush ×3) and the reasoning texts of the issue-8 contract ("why" of the --json output)."""

from fractions import Fraction

import pytest

from sheets.games.lnl.model import CarriedSW, SWType, Unit, find_weapon
from sheets.games.lnl.rules import (
    TWO_D6,
    Interpretations,
    Odds,
    UnitFP,
    melee_fp,
    natural_needed,
    odds,
    p_at_least,
)
from sheets.games.lnl.spec import parse_spec


def fp_of(spec, role="attack", ambush=False, **rules):
    return melee_fp(parse_spec(spec, "U"), role, ambush, Interpretations(**rules))


# -- one unit's FP ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, role, fp, why, used",
    [
        # MMC: IFP; 0 counts as 1 (§8.3)
        ("2-5-4", "attack", 2, "IFP 2 = 2", []),
        ("2-5-4", "defend", 2, "IFP 2 = 2", []),
        ("0-4-4", "attack", 1, "IFP 0 counts as 1 = 1", []),
        ("half:0-2-3", "defend", 1, "IFP 0 counts as 1 = 1", []),
        # a squad: one SW keeping its IFP, or two losing it; the better choice
        ("1-6-4+MG-34", "attack", 3, "IFP 1 + MG-34 2 = 3", ["MG-34"]),
        ("1-6-4+MG-34", "defend", 3, "IFP 1 + MG-34 2 = 3", ["MG-34"]),
        ("1-6-4+MG-34+MG-42", "attack", 4, "MG-34 2 + MG-42 2 (IFP lost) = 4", ["MG-34", "MG-42"]),
        ("1-6-4+MG+MG-34", "attack", 3, "IFP 1 + MG-34 2 = 3", ["MG-34"]),  # a tie: one SW kept
        ("2-5-4+MG+MG-34", "attack", 4, "IFP 2 + MG-34 2 = 4", ["MG-34"]),  # keeps its IFP
        ("1-6-4+Bazooka", "attack", 1, "IFP 1 = 1", []),  # not a melee SW
        ("1-6-4+Bazooka+MG", "attack", 2, "IFP 1 + MG 1 = 2", ["MG"]),
        ("0-4-4+MG-34", "attack", 2, "IFP 0, fights with the SW's FP: MG-34 2 = 2", ["MG-34"]),  # §8.3
        ("0-4-4+MG+MG-34", "attack", 3, "MG 1 + MG-34 2 (IFP lost) = 3", ["MG", "MG-34"]),
        # half-squad, crew, weapon team: one SW, IFP lost; the better choice
        ("half:1-4-4+MG-34", "attack", 2, "MG-34 2 (IFP lost) = 2", ["MG-34"]),
        ("half:2-4-4+MG", "attack", 2, "IFP 2 = 2", []),
        ("half:0-2-3+MG", "attack", 1, "IFP 0, fights with the SW's FP: MG 1 = 1", ["MG"]),  # §8.3
        ("half:0-2-3+MG-34", "defend", 2, "IFP 0, fights with the SW's FP: MG-34 2 = 2", ["MG-34"]),
        ("crew:1-4-4+MG-42", "attack", 2, "MG-42 2 (IFP lost) = 2", ["MG-42"]),
        ("wt:1-4-4+Flamethrower", "defend", 3, "Flamethrower 3 (IFP lost) = 3", ["Flamethrower"]),
        # leaders: half the SW's FP rounded up (FP 1 → 1, 2 → 1, 3 → 2)
        ("leader:lm1+MG", "attack", 1, "half of MG 1 rounded up = 1", ["MG"]),
        ("leader:lm1+MG-34", "defend", 1, "half of MG-34 2 rounded up = 1", ["MG-34"]),
        ("leader:lm0+Flamethrower", "attack", 2, "half of Flamethrower 3 rounded up = 2", ["Flamethrower"]),
        (
            "scout:fp1+Satchel Charge",
            "attack",
            2,
            "half of Satchel Charge 3 rounded up = 2",
            ["Satchel Charge"],
        ),
        # heroes: IFP without an SW; half the SW attacking; defend with their IFP
        ("hero:1-4-5", "attack", 1, "hero IFP 1 = 1", []),
        ("hero:fp2", "defend", 2, "hero IFP 2 = 2", []),
        ("hero:1-4-5+Bazooka", "attack", 1, "hero IFP 1 = 1", []),
        ("hero:1-4-5+Flamethrower", "attack", 2, "half of Flamethrower 3 rounded up = 2", ["Flamethrower"]),
        ("hero:1-4-5+Flamethrower", "defend", 1, "hero IFP 1 (defends with its IFP) = 1", []),
        # "M" (§8.5): +1 when the unit's own FP counts; attacking and defending
        ("2-5-4M", "attack", 3, "IFP 2; +1 M = 3", []),
        ("2M-5-4", "defend", 3, "IFP 2; +1 M = 3", []),
        ("0-2-3M", "attack", 2, "IFP 0 counts as 1; +1 M = 2", []),
        ("2M-5-4+MG", "attack", 4, "IFP 2 + MG 1; +1 M = 4", ["MG"]),
        ("1M-6-4+MG-34+MG-42", "attack", 4, "IFP 1 + MG-34 2; +1 M = 4", ["MG-34"]),  # IFP kept: M counts
        ("half:1M-4-4+MG-34", "attack", 2, "IFP 1; +1 M = 2", []),  # SW use would lose IFP and M
        ("half:1M-4-4+Flamethrower", "attack", 3, "Flamethrower 3 (IFP lost) = 3", ["Flamethrower"]),
        ("hero:fp1,M", "attack", 2, "hero IFP 1; +1 M = 2", []),
        # a tie (IFP 1 + M = 2, half of 3 = 2): the SW stays unused
        (
            "hero:fp1,M+Flamethrower",
            "attack",
            2,
            "hero IFP 1 (Flamethrower not used: half its FP would give 2); +1 M = 2",
            [],
        ),
        ("hero:fp1,M+Flamethrower", "defend", 2, "hero IFP 1; +1 M = 2", []),
        ("leader:lm1,M+MG-34", "attack", 1, "half of MG-34 2 rounded up = 1", ["MG-34"]),
    ],
)
def test_melee_fp(spec, role, fp, why, used):
    f = fp_of(spec, role)
    assert (f.fp, f.why, [w.name for w in f.used]) == (fp, why, used)


@pytest.mark.parametrize(
    "spec, zero",
    [
        ("0-4-4", True),
        ("half:0-2-3", True),
        ("crew:0-2-3", True),
        ("half:0-2-3+MG-34", True),
        ("1-6-4", False),
        ("half:1-4-4+MG-34", False),
        ("hero:fp1", False),
        ("leader:lm1+MG", False),
    ],
)
def test_zero_ifp_flag(spec, zero):
    """−1/+1 per 0-IFP MMC (§8.3); by default also when it fights with an SW."""
    assert fp_of(spec).zero_ifp is zero
    assert fp_of(spec, "defend").zero_ifp is zero


def test_zero_drm_with_sw_interpretation():
    assert fp_of("half:0-2-3+MG-34", zero_drm_with_sw=False).zero_ifp is False
    assert fp_of("half:0-2-3+MG", zero_drm_with_sw=False).zero_ifp is False  # fights with the MG
    assert fp_of("nosw:half:0-2-3+MG", zero_drm_with_sw=False).zero_ifp is True  # counts as 1
    assert fp_of("half:0-2-3", zero_drm_with_sw=False).zero_ifp is True


def test_hero_defence_interpretation():
    f = fp_of("hero:1-4-5+Flamethrower", "defend", hero_defence="sw")
    assert (f.fp, f.why, [w.name for w in f.used]) == (
        2,
        "half of Flamethrower 3 rounded up = 2",
        ["Flamethrower"],
    )
    assert fp_of("hero:1-4-5", "defend", hero_defence="sw").why == "hero IFP 1 = 1"


@pytest.mark.parametrize(
    "spec, m_first, m_after",
    [
        ("2-5-4", 6, 6),
        ("2-5-4M", 9, 7),  # (2 + 1) × 3 or 2 × 3 + 1
        ("half:0-2-3", 3, 3),  # 0 counts as 1, tripled to 3 (§8.4)
        ("1-6-4+MG-34", 9, 9),  # IFP + SW tripled
        ("leader:lm1+MG-34", 3, 3),
    ],
)
def test_ambush_triples(spec, m_first, m_after):
    assert fp_of(spec, ambush=True).fp == m_first
    assert fp_of(spec, ambush=True, m_before_ambush=False).fp == m_after


def test_ambush_reasoning():
    assert fp_of("2-5-4M", ambush=True).why == "IFP 2; +1 M; ×3 Ambush = 9"
    assert fp_of("2-5-4M", ambush=True, m_before_ambush=False).why == "IFP 2; ×3 Ambush; +1 M = 7"
    assert fp_of("2-5-4", ambush=True, m_before_ambush=False).why == "IFP 2; ×3 Ambush = 6"
    assert fp_of("1-6-4+MG-34", ambush=True).why == "IFP 1 + MG-34 2; ×3 Ambush = 9"


def test_m_without_ambush_is_the_same_in_either_order():
    late = fp_of("2-5-4M", m_before_ambush=False)
    assert (late.fp, late.why) == (3, "IFP 2; +1 M = 3")


def test_reasoning_in_russian():
    f = fp_of("half:0-2-3+Molotov Cocktail", "attack")
    assert f.text("ru") == "IFP 0, сражается с FP своего SW: коктейль Молотова 2 = 2"
    assert fp_of("leader:lm1+MG").text("ru") == "пулемёт 1: половина с округлением вверх = 1"
    assert fp_of("2-5-4").text() == "IFP 2 = 2"


# an SW with an "M" on its FP (none in the catalogue: a user's own, §8.5)
M_SW = SWType(name="Flak", fp=2, melee=True, m=True)
M_SW3 = SWType(name="Flak3", fp=3, melee=True, m=True)


def unit(kind, ifp=None, *weapons, m=False):
    return Unit(name="U", kind=kind, ifp=ifp, m=m, weapons=[CarriedSW(w) for w in weapons])


@pytest.mark.parametrize(
    "u, fp, why",
    [
        (unit("squad", 1, M_SW), 4, "IFP 1 + Flak 2; +1 M = 4"),
        (unit("squad", 2, M_SW, find_weapon("MG-34")), 5, "IFP 2 + Flak 2; +1 M = 5"),
        (unit("squad", 1, M_SW, M_SW), 6, "Flak 2 + Flak 2 (IFP lost); +2 M = 6"),
        (unit("squad", 1, M_SW, M_SW, m=True), 6, "Flak 2 + Flak 2 (IFP lost); +2 M = 6"),
        (unit("squad", 1, M_SW, find_weapon("MG-42"), m=True), 5, "IFP 1 + Flak 2; +2 M = 5"),
        (unit("half_squad", 1, M_SW), 3, "Flak 2 (IFP lost); +1 M = 3"),
        (unit("half_squad", 2, M_SW, m=True), 3, "IFP 2; +1 M = 3"),  # a tie: keep the IFP
        (unit("leader", None, M_SW), 2, "half of Flak 2 rounded up; +1 M = 2"),
        (unit("leader", None, M_SW, find_weapon("MG-34")), 2, "half of Flak 2 rounded up; +1 M = 2"),
        (unit("leader", None, find_weapon("MG-34"), M_SW), 2, "half of Flak 2 rounded up; +1 M = 2"),
        # a tie is never broken by the order typed (the first SW by name)
        (unit("leader", None, find_weapon("Flamethrower"), M_SW), 2, "half of Flak 2 rounded up; +1 M = 2"),
        (unit("leader", None, M_SW, find_weapon("Flamethrower")), 2, "half of Flak 2 rounded up; +1 M = 2"),
        (unit("leader", None, M_SW3, find_weapon("Flamethrower")), 3, "half of Flak3 3 rounded up; +1 M = 3"),
        (unit("hero", 1, M_SW, m=True), 2, "hero IFP 1 (Flak not used: half its FP would give 2); +1 M = 2"),
        (unit("hero", 1, M_SW3), 3, "half of Flak3 3 rounded up; +1 M = 3"),
    ],
)
def test_m_support_weapon(u, fp, why):
    f = melee_fp(u)
    assert (f.fp, f.why) == (fp, why)


def test_sw_choice_prefers_fewer_weapons_on_a_tie():
    two_mg = unit("squad", 2, find_weapon("MG"), find_weapon("MG"))
    assert [w.name for w in melee_fp(two_mg).used] == ["MG"]  # 2 + 1 = 1 + 1 + ... : 3 > 2
    zero = unit("squad", 0, find_weapon("MG"))  # IFP 0: the MG's FP (§8.3), not "counts as 1"
    assert [w.name for w in melee_fp(zero).used] == ["MG"] and melee_fp(zero).fp == 1


def test_nme_unit_has_no_melee_fp():
    with pytest.raises(
        ValueError,
        match=r"^Lt\. X is not melee-eligible \(leader without a melee "
        r"SW\)$",
    ):
        melee_fp(parse_spec("leader:lm1", "Lt. X"))
    with pytest.raises(ValueError, match=r"^S is not melee-eligible \(shaken\)$"):
        melee_fp(parse_spec("shaken:2-5-4", "S"), "defend")


def test_unit_fp_text_joins_the_steps():
    f = UnitFP(7, (("why_ifp", {"ifp": 2}), ("why_m", {"n": 1}), ("why_ambush", {})))
    assert f.text() == f.why == "IFP 2; +1 M; ×3 Ambush = 7"
    assert f.text("ru") == "IFP 2; +1 за «M»; ×3 засада = 7"
    assert (f.used, f.zero_ifp) == ((), False)


# -- odds (§8.0) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, d, column, below, why",
    [
        (4, 2, "2:1", False, []),  # S1
        (5, 2, "3:1", False, ["2.5:1 rounded up to 3:1"]),  # S2
        (4, 4, "1:1", False, []),
        (7, 3, "3:1", False, ["2.33:1 rounded up to 3:1"]),
        (3, 2, "2:1", False, ["1.5:1 rounded up to 2:1"]),
        (4, 1, "4:1", False, []),
        (5, 1, "5:1", False, []),
        (9, 2, "5:1", False, ["4.5:1 rounded up to 5:1"]),
        (6, 1, "5:1", False, ["never better than 5:1"]),  # D8
        (11, 2, "5:1", False, ["5.5:1 rounded up to 6:1", "never better than 5:1"]),  # D5
        (2, 3, "1:1", False, ["1:1.5 rounded in the attacker's favour to 1:1"]),  # D6
        (2, 5, "1:2", False, ["1:2.5 rounded in the attacker's favour to 1:2"]),
        (3, 7, "1:2", False, ["1:2.33 rounded in the attacker's favour to 1:2"]),
        (1, 2, "1:2", False, []),
        (1, 3, "1:3", False, []),  # exactly 1:3 is not below it
        (2, 6, "1:3", False, []),
        (
            3,
            10,
            "1:3",
            True,
            ["1:3.33 rounded in the attacker's favour to 1:3", "below 1:3: treated as 1:3 (one target only)"],
        ),
        (1, 4, "1:3", True, ["below 1:3: treated as 1:3 (one target only)"]),  # D4
        (1, 9, "1:3", True, ["below 1:3: treated as 1:3 (one target only)"]),
        (
            2,
            9,
            "1:3",
            True,
            ["1:4.5 rounded in the attacker's favour to 1:4", "below 1:3: treated as 1:3 (one target only)"],
        ),
    ],
)
def test_odds_column(a, d, column, below, why):
    o = odds(a, d)
    assert (o.ratio, o.column, o.below_1_3) == (f"{a}:{d}", column, below)
    assert o.describe() == [f"{a}:{d}"] + why


@pytest.mark.parametrize(
    "a, d, column, why",
    [
        (4, 2, "3:1", ["hero: one column in the attacker's favour"]),  # D7
        (
            1,
            4,
            "1:2",
            ["below 1:3: treated as 1:3 (one target only)", "hero: one column in the attacker's favour"],
        ),
        (2, 2, "2:1", ["hero: one column in the attacker's favour"]),
        (4, 1, "5:1", ["hero: one column in the attacker's favour"]),
        (5, 1, "5:1", ["hero: one column in the attacker's favour", "never better than 5:1"]),
        (10, 2, "5:1", ["hero: one column in the attacker's favour", "never better than 5:1"]),
        (
            13,
            2,
            "5:1",
            ["6.5:1 rounded up to 7:1", "hero: one column in the attacker's favour", "never better than 5:1"],
        ),
    ],
)
def test_odds_hero_shift(a, d, column, why):
    o = odds(a, d, hero=True)
    assert o.column == column and o.describe()[1:] == why


def test_odds_below_1_1_rounded_down_interpretation():
    down = Interpretations(low_odds="down")
    assert odds(2, 3, rules=down).describe() == ["2:3", "1:1.5 rounded to 1:2"]
    assert odds(2, 5, rules=down).column == "1:3"
    assert odds(1, 2, rules=down).describe() == ["1:2"]
    assert odds(3, 10, rules=down).describe() == [
        "3:10",
        "1:3.33 rounded to 1:4",
        "below 1:3: treated as 1:3 (one target only)",
    ]
    assert odds(5, 2, rules=down).column == "3:1"  # 1:1 and better: rounded up as ever


def test_odds_object_and_russian_steps():
    o = odds(5, 2)
    assert o == Odds("5:2", "3:1", False, (("odds_up", {"q": "2.5", "col": "3:1"}),))
    assert o.describe("ru") == ["5:2", "2.5:1 округлено вверх до 3:1"]
    assert odds(1, 4, hero=True).describe("ru") == [
        "1:4",
        "хуже 1:3: считается как 1:3 (только одна цель)",
        "герой: на колонку в пользу атакующего",
    ]
    assert odds(6, 1).describe("ru") == ["6:1", "не лучше 5:1"]


@pytest.mark.parametrize("a, d", [(0, 1), (1, 0), (0, 0), (-1, 3)])
def test_odds_need_fp_on_both_sides(a, d):
    with pytest.raises(ValueError, match="^both sides need at least 1 FP$"):
        odds(a, d)


# -- dice ------------------------------------------------------------------------------------


def test_two_d6_distribution():
    assert TWO_D6 == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


@pytest.mark.parametrize(
    "need, ways", [(-3, 36), (0, 36), (1, 36), (2, 36), (3, 35), (7, 21), (12, 1), (13, 0), (20, 0)]
)
def test_p_at_least(need, ways):
    assert p_at_least(need) == Fraction(ways, 36)


@pytest.mark.parametrize(
    "kn, drm, need",
    [
        (8, 0, 8),
        (8, -2, 10),
        (8, 2, 6),  # S4, S5
        (11, -1, 12),
        (11, -2, None),
        (12, 0, 12),
        (12, -1, None),
        (3, 0, 3),
        (3, 1, 2),
        (3, 5, 2),
        (4, 2, 2),
        (4, 1, 3),
    ],
)
def test_natural_needed(kn, drm, need):
    assert natural_needed(kn, drm) == need


@pytest.fixture
def melee_table_from(tmp_path, monkeypatch):
    """A user's Melee Table through --data-dir ($SHEETS_DATA_DIR), with the caches cleared."""
    from sheets.core.data import load_data
    from sheets.games.lnl import model

    def clear():
        for f in (load_data, model.melee_table, model.column_names, model._cells):
            f.cache_clear()

    def use(text):
        (tmp_path / "lnl").mkdir(exist_ok=True)
        (tmp_path / "lnl/melee_table.yaml").write_text(text, encoding="utf-8")
        monkeypatch.setenv("SHEETS_DATA_DIR", str(tmp_path))
        clear()

    yield use
    clear()


def test_a_user_table_without_the_1_3_column(melee_table_from):
    melee_table_from(
        'columns: ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]\n'
        "melee_table:\n"
        '  "1:3": {kn: 11, verified: false, source: "not on this PAC"}\n'
        '  "1:2": {kn: 10, verified: true, source: "module PAC"}\n'
        '  "1:1": {kn: 8, verified: true, source: "module PAC"}\n'
        '  "2:1": {kn: 6, verified: true, source: "module PAC"}\n'
        '  "3:1": {kn: 5, verified: true, source: "module PAC"}\n'
        '  "4:1": {kn: 4, verified: true, source: "module PAC"}\n'
        '  "5:1": {kn: 3, verified: true, source: "module PAC"}\n'
    )
    o = odds(1, 3)  # 1:3 exactly: legal against several units, but the weakest column is 1:2
    assert (o.column, o.below_1_3) == ("1:2", False)
    assert o.steps == (("odds_below", {"c": "1:2"}),)
    assert odds(2, 5).column == "1:2" and odds(2, 5).steps[-1][0] == "odds_low_up"
    assert odds(1, 5).column == "1:2" and odds(1, 5).below_1_3
