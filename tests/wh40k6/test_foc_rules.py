"""The 6th-edition Force Organisation Chart through ``rules.foc_tally`` / ``foc_violations`` /
``violation_text`` (digest §6, issue 9): Primary HQ 1–2, Troops 2–6, Elites / Fast Attack / Heavy
Support 0–3, Fortification 0–1, Lords of War 0–1 (Escalation, not core: unverified); Allied HQ 1,
Troops 1–2, others 0–1, no Fortification; at a limit of 2000 points or more one more detachment of
each kind (every maximum doubles, the minimums stay). Every row and boundary as literals."""

import pytest

from sheets.games.wh40k6 import rules
from sheets.games.wh40k6.model import Unit


def army(*slots):
    """Units in the given slots; ``a:slot`` is a unit of the allied detachment."""
    return [
        Unit(
            name=f"U{n}",
            slot=s.removeprefix("a:"),
            detachment="allied" if s.startswith("a:") else "primary",
            points=50,
        )
        for n, s in enumerate(slots)
    ]


def tally(units, limit=None):
    return [
        (r["detachment"], r["slot"], r["count"], r["min"], r["max"], r["ok"], r["verified"])
        for r in rules.foc_tally(units, limit)
    ]


def texts(units, limit=None, lang="en"):
    return [rules.violation_text(v, lang) for v in rules.foc_violations(units, limit)]


LEGAL = ("hq", "troops", "troops")


@pytest.mark.parametrize(
    "limit,factor", [(None, 1), (0, 1), (1500, 1), (1999, 1), (2000, 2), (2001, 2), (5000, 2)]
)
def test_a_second_detachment_from_2000_points(limit, factor):
    assert rules.detachment_factor(limit) == factor


def test_the_tally_of_a_legal_minimum_army():
    # the compulsory slots and the three optional 0–3 slots always show; fortification / lords of
    # war only when used; the optional allied detachment only when a unit is in it
    assert tally(army(*LEGAL), 1500) == [
        ("primary", "hq", 1, 1, 2, True, True),
        ("primary", "troops", 2, 2, 6, True, True),
        ("primary", "elites", 0, 0, 3, True, True),
        ("primary", "fast_attack", 0, 0, 3, True, True),
        ("primary", "heavy_support", 0, 0, 3, True, True),
    ]


def test_no_limit_counts_as_one_detachment():
    assert tally(army("hq", "troops"))[:2] == [
        ("primary", "hq", 1, 1, 2, True, True),
        ("primary", "troops", 1, 2, 6, False, True),
    ]


def test_fortification_lords_of_war_and_allies_appear_when_used():
    units = army(*LEGAL, "fortification", "lords_of_war", "a:hq", "a:troops", "a:heavy_support")
    assert tally(units, 1850) == [
        ("primary", "hq", 1, 1, 2, True, True),
        ("primary", "troops", 2, 2, 6, True, True),
        ("primary", "elites", 0, 0, 3, True, True),
        ("primary", "fast_attack", 0, 0, 3, True, True),
        ("primary", "heavy_support", 0, 0, 3, True, True),
        ("primary", "fortification", 1, 0, 1, True, True),
        ("primary", "lords_of_war", 1, 0, 1, True, False),  # Escalation, not core 6th: †
        ("allied", "hq", 1, 1, 1, True, True),
        ("allied", "troops", 1, 1, 2, True, True),
        ("allied", "elites", 0, 0, 1, True, True),
        ("allied", "fast_attack", 0, 0, 1, True, True),
        ("allied", "heavy_support", 1, 0, 1, True, True),
    ]


def test_units_without_a_slot_are_not_counted():
    units = army(*LEGAL, "none", "none")
    assert tally(units, 1500) == tally(army(*LEGAL), 1500)
    assert texts(units, 1500) == []
    # a unit without a slot still puts its detachment on the table (a transport needs its allies)
    assert texts(army(*LEGAL, "a:hq", "a:troops", "a:none"), 1500) == []
    assert texts(army(*LEGAL, "a:none"), 1500) == [
        "Allied detachment: HQ 0 (needs 1–1)",
        "Allied detachment: Troops 0 (needs 1–2)",
    ]


def test_a_slot_the_detachment_lacks_is_tallied_as_0_to_0():
    units = army(*LEGAL, "a:hq", "a:troops", "a:fortification")
    assert tally(units, 1000)[-1] == ("allied", "fortification", 1, 0, 0, False, True)


def test_the_tally_row_is_a_plain_mapping():
    assert rules.foc_tally(army(*LEGAL), 1000)[0] == {
        "detachment": "primary",
        "slot": "hq",
        "count": 1,
        "min": 1,
        "max": 2,
        "ok": True,
        "verified": True,
        "detachments": 1,
        "max_here": 2,
    }


# (slots beyond the legal minimum, limit) -> violations; each maximum is legal, one more is not
BOUNDARIES = [
    (("hq",), 1500, []),
    (("hq", "hq"), 1500, ["Primary detachment: HQ 3 (allowed 1–2)"]),
    (("troops",) * 4, 1500, []),
    (("troops",) * 5, 1500, ["Primary detachment: Troops 7 (allowed 2–6)"]),
    (("elites",) * 3 + ("fast_attack",) * 3 + ("heavy_support",) * 3 + ("fortification",), 1500, []),
    (("fast_attack",) * 4, 1500, ["Primary detachment: Fast Attack 4 (allowed 0–3)"]),
    (("heavy_support",) * 4, 1500, ["Primary detachment: Heavy Support 4 (allowed 0–3)"]),
    (("lords_of_war",) * 2, 1500, ["Primary detachment: Lords of War 2 (allowed 0–1)"]),
    (("a:hq", "a:troops", "a:troops", "a:elites", "a:fast_attack", "a:heavy_support"), 1500, []),
    (
        ("a:hq", "a:troops", "a:fast_attack", "a:fast_attack"),
        1500,
        ["Allied detachment: Fast Attack 2 (allowed 0–1)"],
    ),
    (
        ("a:hq", "a:troops", "a:heavy_support", "a:heavy_support"),
        1500,
        ["Allied detachment: Heavy Support 2 (allowed 0–1)"],
    ),
    (("a:hq", "a:hq", "a:troops"), 1500, ["Allied detachment: HQ 2 (allowed 1–1)"]),
    (("a:hq",), 1500, ["Allied detachment: Troops 0 (needs 1–2)"]),
    (
        ("a:lords_of_war", "a:hq", "a:troops"),
        1500,
        ["Allied detachment: Lords of War 1 (this detachment has no such slot)"],
    ),
    # 2000 points: twice every maximum
    (("hq",) * 3 + ("troops",) * 10 + ("elites",) * 6 + ("fortification",) * 2, 2000, []),
    (("hq",) * 4, 2000, ["Primary detachment: HQ 5 (allowed 1–4)"]),
    (("troops",) * 11, 2000, ["Primary detachment: Troops 13 (allowed 2–12)"]),
    (("fortification",) * 3, 2000, ["Primary detachment: Fortification 3 (allowed 0–2)"]),
    (("a:hq", "a:hq", "a:troops", "a:troops", "a:troops", "a:troops", "a:elites", "a:elites"), 2000, []),
    (("a:hq",) * 3 + ("a:troops",), 2000, ["Allied detachment: HQ 3 (allowed 1–2)"]),
    (
        ("a:fortification", "a:hq", "a:troops"),
        2000,
        ["Allied detachment: Fortification 1 (this detachment has no such slot)"],
    ),
]


@pytest.mark.parametrize("extra,limit,expected", BOUNDARIES)
def test_slot_limits_at_their_boundaries(extra, limit, expected):
    assert texts(army(*LEGAL, *extra), limit) == expected


def test_the_minimums_do_not_double_at_2000_points():
    assert texts(army("hq", "troops"), 2000) == ["Primary detachment: Troops 1 (needs 2–12)"]
    assert texts(army("troops", "troops"), 3000) == ["Primary detachment: HQ 0 (needs 1–4)"]


def test_violations_in_russian():
    units = army(
        "troops", "troops", "troops", "troops", "troops", "troops", "troops", "a:fortification", "a:troops"
    )
    assert texts(units, 1500, "ru") == [
        "Основной отряд: Штаб 0 (нужно 1–2)",
        "Основной отряд: Войска 7 (допустимо 2–6)",
        "Союзный отряд: Штаб 0 (нужно 1–1)",
        "Союзный отряд: Укрепление 1 (у этого отряда нет такой ячейки)",
    ]


def test_a_chart_without_a_second_detachment_rule(monkeypatch):
    """The chart is data (``--data-dir``): without ``extra_detachment`` no limit doubles anything,
    and ``factor`` may be left out (2: one more detachment)."""
    table = rules.foc_table()
    monkeypatch.setattr(rules, "foc_table", lambda: {**table, "extra_detachment": None})
    assert rules.detachment_factor(10_000) == 1
    monkeypatch.setattr(
        rules, "foc_table", lambda: {k: v for k, v in table.items() if k != "extra_detachment"}
    )
    assert rules.detachment_factor(10_000) == 1
    monkeypatch.setattr(rules, "foc_table", lambda: {**table, "extra_detachment": {"min_limit": 3000}})
    assert [rules.detachment_factor(n) for n in (2999, 3000)] == [1, 2]
    monkeypatch.setattr(
        rules, "foc_table", lambda: {**table, "extra_detachment": {"min_limit": 1000, "factor": 3}}
    )
    assert rules.detachment_factor(1000) == 3
    assert tally(army(*LEGAL), 1000)[1] == ("primary", "troops", 2, 2, 18, True, True)


def test_the_primary_detachment_is_compulsory_even_when_empty():
    assert texts(army("a:hq", "a:troops"), 1000) == [
        "Primary detachment: HQ 0 (needs 1–2)",
        "Primary detachment: Troops 0 (needs 2–6)",
    ]
