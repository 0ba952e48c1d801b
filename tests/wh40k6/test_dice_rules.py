"""The dice of the wh40k6 attack calculator, one rule per table row (digest §4, issue 9 "calc
attack"): one D6 against a target (a 1 always fails), the save taken (the best of armour — ignored
when AP ≤ its value —, invulnerable and cover), the BS 6+ re-roll of misses and the twin-linked
re-roll, and the exact distribution. Expected values are fractions worked by hand."""

from fractions import Fraction as F

import pytest

from sheets.games.wh40k6 import rules


@pytest.mark.parametrize(
    "target,p",
    [
        (None, F(0)),
        (1, F(5, 6)),
        (2, F(5, 6)),
        (3, F(4, 6)),
        (4, F(3, 6)),
        (5, F(2, 6)),
        (6, F(1, 6)),
        (7, F(0)),
        (8, F(0)),
    ],
)
def test_one_d6_against_a_target(target, p):
    # "2+" succeeds on 2–6; a 1 always fails, so 1+ is no better than 2+; 7+ cannot be rolled
    assert rules.p_d6(target) == p
    assert isinstance(rules.p_d6(target), F)


# (sv, ap, cover) -> (D6 target, which save)
SAVES = [
    ("3+", None, None, 3, "armour"),  # AP –: the armour save always counts
    ("3+", 4, None, 3, "armour"),  # AP4 does not beat 3+
    ("3+", 3, None, None, "none"),  # AP3 ignores 3+ (at the value)
    ("3+", 2, None, None, "none"),  # and below it
    ("2+", 1, None, None, "none"),
    ("6+", 6, None, None, "none"),
    ("3+/4++", None, None, 3, "armour"),  # the better one
    ("3+/4++", 2, None, 4, "invulnerable"),  # AP never touches the invulnerable save
    ("4++", None, None, 4, "invulnerable"),  # invulnerable only
    ("5++", 1, "4+", 4, "cover"),
    ("4++", 1, "5+", 4, "invulnerable"),
    ("5+", None, "4+", 4, "cover"),
    ("5+", 5, "6+", 6, "cover"),  # armour ignored, cover still counts
    ("2+", None, "4+", 2, "armour"),
    (None, None, "5+", 5, "cover"),
    (None, None, None, None, "none"),
    ("–", 3, None, None, "none"),  # a dash: no save
    ("3+", None, "–", 3, "armour"),  # a dash cover: no cover
    ("-", None, "-", None, "none"),
    (None, 2, "4++", None, "none"),  # "4++" is no cover save (the calculator refuses it)
]


@pytest.mark.parametrize("sv,ap,cover,target,which", SAVES)
def test_the_save_taken_is_the_best_one(sv, ap, cover, target, which):
    assert rules.best_save(sv, ap, cover) == (target, which)


def test_ties_keep_the_armour_save():
    # equal saves: the model's own armour save is the one named (any of them gives the same odds)
    assert rules.best_save("4+/4++", None, "4+") == (4, "armour")
    assert rules.best_save("4++", 5, "4+") == (4, "invulnerable")


def attack(**kw):
    out = rules.attack(**{"shots": 1, "s": 4, "t": 4, "sv": None, **kw})
    return F(out["exact"]["p_unsaved_per_shot"]), out


# BS -> (to hit, re-roll misses on, chance to hit): BS 6–10 re-roll a miss once (digest §4.1)
BS_ROWS = [
    (1, 6, None, F(1, 6)),
    (3, 4, None, F(1, 2)),
    (5, 2, None, F(5, 6)),
    (6, 2, 6, F(5, 6) + F(1, 6) * F(1, 6)),
    (7, 2, 5, F(5, 6) + F(1, 6) * F(2, 6)),
    (9, 2, 3, F(5, 6) + F(1, 6) * F(4, 6)),
    (10, 2, 2, F(35, 36)),
]


@pytest.mark.parametrize("bs,hit,reroll,p", BS_ROWS)
def test_ballistic_skill_and_the_re_roll_of_misses(bs, hit, reroll, p):
    # S4 vs T4 wounds on 4+, no save: unsaved = hit × 1/2
    exact, out = attack(bs=bs)
    assert (out["to_hit"], out["reroll_misses_on"]) == (hit, reroll)
    assert exact == p * F(1, 2)
    assert out["p_hit"] == pytest.approx(float(p), abs=1e-12)


# twin-linked: every miss is re-rolled with the same target; a die is re-rolled only once, so at
# BS 6+ the twin-linked re-roll (2+) replaces the chart's (6+ … 3+)
TWIN = [
    (1, 6, F(1, 6) + F(5, 6) * F(1, 6)),
    (2, 5, F(2, 6) + F(4, 6) * F(2, 6)),
    (4, 3, F(8, 9)),
    (6, 2, F(35, 36)),
    (8, 2, F(35, 36)),
]


@pytest.mark.parametrize("bs,reroll,p", TWIN)
def test_twin_linked_re_rolls_every_miss_once(bs, reroll, p):
    exact, out = attack(bs=bs, twin_linked=True)
    assert out["reroll_misses_on"] == reroll
    assert exact == p * F(1, 2)


def test_twin_linked_has_no_effect_in_close_combat():
    assert attack(ws=(4, 4), twin_linked=True)[0] == attack(ws=(4, 4))[0] == F(1, 2) * F(1, 2)


def test_close_combat_result_names_both_weapon_skills():
    _, out = attack(ws=(3, 7))  # defender WS above twice the attacker's: 5+
    assert (out["ws"], out["to_hit"], out["p_hit"]) == ([3, 7], 5, pytest.approx(1 / 3))
    assert "bs" not in out and "reroll_misses_on" not in out


@pytest.mark.parametrize("kw", [{}, {"bs": 4, "ws": (4, 4)}])
def test_either_bs_or_ws(kw):
    with pytest.raises(ValueError, match="^give either bs or ws$"):
        rules.attack(1, 4, 4, **kw)


def test_what_cannot_wound_never_does():
    exact, out = attack(bs=4, s=3, t=7, shots=3)  # S3 vs T7: "–"
    assert (out["to_wound"], out["p_wound"], exact) == (None, 0.0, 0)
    assert out["distribution"] == [1.0, 0.0, 0.0, 0.0] and out["unsaved"] == 0.0
    assert out["hits"] == pytest.approx(2.0)


def test_no_shots():
    _, out = attack(bs=4, shots=0)
    assert (out["hits"], out["wounds"], out["unsaved"], out["distribution"]) == (0.0, 0.0, 0.0, [1.0])


def test_the_distribution_is_enumerated_exactly():
    # BS4 (2/3) × S6 vs T3 2+ (5/6) × 5+ save fails 4/6: p = 10/27 per shot, four shots
    p = F(2, 3) * F(5, 6) * F(4, 6)
    exact, out = attack(bs=4, s=6, t=3, sv="5+", shots=4)
    assert exact == p == F(10, 27)
    want = [(1 - p) ** 4, 4 * p * (1 - p) ** 3, 6 * p**2 * (1 - p) ** 2, 4 * p**3 * (1 - p), p**4]
    assert out["distribution"] == pytest.approx([float(q) for q in want], abs=1e-15)
    assert out["hits"] == pytest.approx(8 / 3) and out["wounds"] == pytest.approx(20 / 9)
    assert out["unsaved"] == pytest.approx(40 / 27)
    assert (out["save"], out["save_used"], out["p_unsaved"]) == (5, "armour", pytest.approx(2 / 3))


def test_the_result_names_the_disputed_to_wound_cell():
    assert attack(bs=4, s=4, t=7)[1]["to_wound_verified"] is False  # S vs T+3: rulebook p. 15
    assert attack(bs=4, s=4, t=6)[1]["to_wound_verified"] is True
    assert attack(bs=4, s=8, t=10)[1]["to_wound_verified"] is True


@pytest.mark.parametrize(
    "call,same_as",
    [
        # the charts stop at 10 (no characteristic goes above 10; Smash doubles S "max 10"): a value
        # above 10 reads the chart at 10
        (lambda: rules.bs_to_hit(11), (2, 2)),
        (lambda: rules.bs_to_hit(12), (2, 2)),
        (lambda: rules.ws_to_hit(11, 4), 3),
        (lambda: rules.ws_to_hit(4, 11), 5),  # = WS4 vs WS10
        (lambda: rules.ws_to_hit(12, 12), 4),  # = WS10 vs WS10
        (lambda: rules.to_wound(12, 4), 2),  # = S10 vs T4
        (lambda: rules.to_wound(4, 11), None),  # = S4 vs T10
        (lambda: rules.to_wound(11, 11), 4),  # = S10 vs T10
    ],
)
def test_characteristics_above_10_read_the_chart_at_10(call, same_as):
    assert call() == same_as
