"""Issue 22, edition-aware Force Organisation: the chart is data per game system (the unit file's
``rules:``, set by the importer from the roster's gameSystemId): 6th edition (digest §6), 7th
edition Combined Arms and Horus Heresy 1st-edition Crusade (both unverified: †), and no chart
(``other``): tallied, not checked. Values are literals."""

from pathlib import Path

import pytest

from sheets.core.game import Options
from sheets.games.wh40k6 import GAME, rules
from sheets.games.wh40k6.model import Unit

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "battlescribe"


def army(*slots):
    return [
        Unit(
            name=f"U{n}",
            slot=s.removeprefix("a:"),
            detachment="allied" if s.startswith("a:") else "primary",
            points=50,
        )
        for n, s in enumerate(slots)
    ]


def rows(units, limit, chart):
    return {
        (r["detachment"], r["slot"]): (r["count"], r["min"], r["max"], r["ok"], r["verified"])
        for r in rules.foc_tally(units, limit, chart)
    }


def test_the_variants_are_the_charts():
    assert GAME.variants == ("6th", "7th", "hh1", "other")
    assert GAME.default_variant() == "6th"


def test_hh1_crusade_chart_elites_0_4_and_every_slot_unverified():
    units = army("hq", "troops", "troops", *["elites"] * 4)
    got = rows(units, 1500, "hh1")
    assert got[("primary", "elites")] == (4, 0, 4, True, False)
    assert got[("primary", "hq")] == (1, 1, 2, True, False)
    assert got[("primary", "troops")] == (2, 2, 6, True, False)
    # the same list breaks the 6th-edition chart (Elites 0–3): never checked against it
    assert rows(units, 1500, "6th")[("primary", "elites")] == (4, 0, 3, False, True)
    assert rules.foc_violations(units, 1500, "hh1") == []
    assert [rules.violation_text(v) for v in rules.foc_violations(army(*["elites"] * 5), 1500, "hh1")] == [
        "Primary detachment: HQ 0 (needs 1–2)",
        "Primary detachment: Troops 0 (needs 2–6)",
        "Primary detachment: Elites 5 (allowed 0–4)",
    ]


@pytest.mark.parametrize("limit, detachments", [(2999, 1), (3000, 2)])
def test_hh1_second_detachment_from_3000_points(limit, detachments):
    units = army("hq", "hq", "hq", *["troops"] * 4)
    got = rules.foc_tally(units, limit, "hh1")
    assert {r["detachments"] for r in got} == {detachments}
    assert bool(rules.foc_violations(units, limit, "hh1")) is (detachments == 1)


def test_7th_combined_arms_up_to_two_detachments_at_any_size():
    units = army("hq", "hq", "hq", *["troops"] * 4)
    assert rules.foc_violations(units, 1000, "7th") == []
    got = rows(units, 1000, "7th")
    assert got[("primary", "hq")] == (3, 2, 4, True, False)
    assert [
        rules.violation_text(v)
        for v in rules.foc_violations(army("hq", "hq", "hq", "troops", "troops"), 1000, "7th")
    ] == ["Primary detachment: Troops 2 (needs 4–12)"]


def test_no_chart_is_a_tally_that_says_it_was_not_checked():
    units = army("hq", *["elites"] * 9)
    assert rules.chart_table("other") is None and rules.foc_tally(units, 1000, "other") == []
    opts = Options(rules="other")
    assert GAME.validate_list(units, opts, {"limit": 1000}) == []
    assert [c["text"] for c in GAME.list_tally(units, opts, {"limit": 1000})] == [
        "HQ 1",
        "Elites 9",
        "no Force Organisation chart known for this game system: tallied, not checked",
    ]
    ru = [c["text"] for c in GAME.list_tally(units, Options(lang="ru", rules="other"), None)]
    assert ru[-1] == "схема организации войск для этой системы неизвестна: подсчитано, не проверено"


def test_hh1_tally_says_a_rite_of_war_may_change_it():
    chips = [c["text"] for c in GAME.list_tally(army("hq", "troops", "troops"), Options(rules="hh1"), {})]
    assert chips[0] == "Horus Heresy Crusade chart†; a Rite of War may change it"
    assert chips[1:3] == ["HQ 1 / 1–2†", "Troops 2 / 2–6†"]


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="real rosters not present")
@pytest.mark.parametrize(
    "name",
    [
        "real/HH_Test.ros",
        "real/porch_slam_saux.ros",
        "real/parser_test_full_list.ros",
        "hh1_traitor.ros",
        "hh1_bs201_transports.ros",
        "real/mech_hamslam_ZM.ros",
    ],
)
def test_no_false_breach_on_real_hh1_rosters(name):
    """Real Horus Heresy 1st-edition armies are checked against the Crusade chart (the roster's own
    system), and none of these full armies breaks it."""
    from sheets.core.loader import load_file
    from sheets.core.roster import list_violations

    loaded = load_file(FIXTURES / name)
    assert loaded.options.rules == "hh1"
    assert [v for v in list_violations(loaded) if "detachment" in v] == []


def test_a_breach_names_the_maximum_of_the_detachments_it_was_checked_against():
    """At 2,000+ points a list that fits one detachment better is checked as one: Elites 4 is
    "allowed 0–3" (one detachment's maximum), not the 0–6 two would allow."""
    units = army("hq", "troops", "troops", *["elites"] * 4)
    assert [rules.violation_text(v) for v in rules.foc_violations(units, 3000, "6th")] == [
        "Primary detachment: Elites 4 (allowed 0–3)"
    ]
    assert rows(units, 3000, "6th")[("primary", "elites")][2] == 6  # the tally shows what the limit allows


def test_7th_chart_every_slot_literally():
    """Issue 21 (a mutate_tables survivor: 7th Fast Attack 0–3 → 0–4 went unseen): every slot of
    the 7th-edition Combined Arms and Allied Detachments as the BSData 7th-edition game system
    encodes them (CAD: HQ 1–2, Troops 2–6, Elites / Fast Attack / Heavy Support 0–3,
    Fortification and Lords of War 0–1; Allied: HQ 1, Troops 1–2, Elites / Fast Attack / Heavy
    Support 0–1), doubled as up to two of each detachment; all unverified (†)."""
    units = army("hq", "troops", "troops", "fortification", "lords_of_war", "a:hq", "a:troops")
    got = {k: (lo, hi, ver) for k, (_n, lo, hi, _ok, ver) in rows(units, 1000, "7th").items()}
    assert got == {  # one primary detachment in use: its minimums once, the maximums doubled
        ("primary", "hq"): (1, 4, False),
        ("primary", "troops"): (2, 12, False),
        ("primary", "elites"): (0, 6, False),
        ("primary", "fast_attack"): (0, 6, False),
        ("primary", "heavy_support"): (0, 6, False),
        ("primary", "fortification"): (0, 2, False),
        ("primary", "lords_of_war"): (0, 2, False),
        ("allied", "hq"): (1, 2, False),
        ("allied", "troops"): (1, 4, False),
        ("allied", "elites"): (0, 2, False),
        ("allied", "fast_attack"): (0, 2, False),
        ("allied", "heavy_support"): (0, 2, False),
    }
    # one step past the doubled maximum of Fast Attack (0–3, two detachments: 6)
    base = ["hq", "hq", *["troops"] * 4]
    assert rules.foc_violations(army(*base, *["fast_attack"] * 6), 1000, "7th") == []
    assert [
        rules.violation_text(v) for v in rules.foc_violations(army(*base, *["fast_attack"] * 7), 1000, "7th")
    ] == ["Primary detachment: Fast Attack 7 (allowed 0–6)"]


def test_hh1_chart_every_slot_literally():
    """The HH1 Crusade chart as the BSData horus-heresy 1st-edition system encodes it: HQ 1–2,
    Troops 2–6, Elites 0–4, Fast Attack / Heavy Support 0–3, Fortification and Lord of War 0–1;
    Allied HQ 1, Troops 1–2, others 0–1 (one detachment of each below 3,000 points)."""
    units = army("hq", "troops", "troops", "fortification", "lords_of_war", "a:hq", "a:troops")
    got = {k: (lo, hi) for k, (_n, lo, hi, _ok, _v) in rows(units, 1500, "hh1").items()}
    assert got == {
        ("primary", "hq"): (1, 2),
        ("primary", "troops"): (2, 6),
        ("primary", "elites"): (0, 4),
        ("primary", "fast_attack"): (0, 3),
        ("primary", "heavy_support"): (0, 3),
        ("primary", "fortification"): (0, 1),
        ("primary", "lords_of_war"): (0, 1),
        ("allied", "hq"): (1, 1),
        ("allied", "troops"): (1, 2),
        ("allied", "elites"): (0, 1),
        ("allied", "fast_attack"): (0, 1),
        ("allied", "heavy_support"): (0, 1),
    }
    base = ["hq", "troops", "troops", "a:hq"]
    assert rules.foc_violations(army(*base, "a:troops", "a:troops"), 1500, "hh1") == []
    assert [rules.violation_text(v) for v in rules.foc_violations(army(*base), 1500, "hh1")] == [
        "Allied detachment: Troops 0 (needs 1–2)"
    ]
    assert [
        rules.violation_text(v) for v in rules.foc_violations(army(*base, *["a:troops"] * 3), 1500, "hh1")
    ] == ["Allied detachment: Troops 3 (allowed 1–2)"]
