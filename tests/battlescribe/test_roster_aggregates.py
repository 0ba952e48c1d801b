"""Issue 21, aggregates with repetition (BattleScribe import, both dialects): model counts across
several selections of the same model, points across nested selections, the same weapon on several
models (×N with the bearer), the same rule or wargear from two sources printed once, identical
units collapsed (and near-identical ones not) — each with repeated members AND with the same member
in two places (two units, two depths, two orders)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from sheets.games.wh40k6.battlescribe import roster_for_printing, roster_to_unit_file

from . import rosters as R

DIALECTS = ["2.03", "2.01"]


def _import(tmp_path, dialect, selections, **kw):
    p = tmp_path / "agg.ros"
    p.write_text(
        R.roster(dialect, forces=R.force(dialect, "Primary Detachment", selections)), encoding="utf-8"
    )
    return roster_to_unit_file(p, **kw)["units"], p


def _text(pdf) -> str:
    return "\n".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)


def _costs(dialect: str, *pairs) -> str:
    key = "typeId" if dialect == "2.03" else "costTypeId"
    return "<costs>" + "".join(f'<cost name="{n}" {key}="x" value="{v}"/>' for n, v in pairs) + "</costs>"


# -- model counts ------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
def test_one_model_over_three_selections_and_in_two_units(tmp_path, dialect):
    """3 + 2 + 4 troopers of one profile are 9 (a fourth selection of the same name, number 1,
    makes 10); the same profile in another unit counts there only (2, not 12)."""
    moss = R.trooper(dialect, "Moss Trooper")
    squad = R.selection(
        dialect,
        "Moss Squad",
        "unit",
        cat="Troops",
        children=(
            R.selection(dialect, "Moss Troopers", "model", number=3, cost="30", profiles=moss)
            + R.selection(
                dialect,
                "Moss Sergeant",
                "model",
                number=1,
                cost="15",
                profiles=R.trooper(dialect, "Moss Sergeant", "Infantry (Character)"),
            )
            + R.selection(dialect, "More Moss", "model", number=2, cost="20", profiles=moss)
            + R.selection(dialect, "Last Moss", "model", number=4, cost="40", profiles=moss)
            + R.selection(dialect, "Last Moss", "model", number=1, cost="10", profiles=moss)
        ),
    )
    pair = R.selection(
        dialect,
        "Moss Pair",
        "unit",
        cat="Troops",
        children=R.selection(dialect, "Moss Troopers", "model", number=2, cost="20", profiles=moss),
    )
    squad_u, pair_u = _import(tmp_path, dialect, squad + pair)[0]
    assert [(m["name"], m["count"]) for m in squad_u["models"]] == [
        ("Moss Trooper", 10),
        ("Moss Sergeant", 1),
    ]
    assert [(m["name"], m["count"]) for m in pair_u["models"]] == [("Moss Trooper", 2)]
    assert (squad_u["points"], pair_u["points"]) == (115, 20)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_one_model_at_two_depths_adds_up(tmp_path, dialect):
    """The model's profile on the unit's own selection (1) and again two levels down (2 + 3)."""
    moss = R.trooper(dialect, "Moss Trooper")
    unit = R.selection(
        dialect,
        "Moss Band",
        "unit",
        cat="Troops",
        number=1,
        cost="10",
        profiles=moss,
        children=(
            R.selection(
                dialect,
                "Moss Reserve",
                "upgrade",
                children=R.selection(dialect, "Moss Twins", "model", number=2, cost="20", profiles=moss),
            )
            + R.selection(dialect, "Moss Triplets", "model", number=3, cost="30", profiles=moss)
        ),
    )
    (u,), _ = _import(tmp_path, dialect, unit)
    assert [(m["name"], m["count"]) for m in u["models"]] == [("Moss Trooper", 6)]
    assert u["points"] == 60


# -- points ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
def test_points_of_parent_child_grandchild_and_a_repeated_upgrade(tmp_path, dialect):
    """10 (the unit) + 30 (three models: BattleScribe's cost already counts them, never ×3) + 5 (a
    grandchild) + 1 + 1 (the same upgrade chosen twice, in two places) = 47."""
    grenades = R.selection(dialect, "Frag Charges", "upgrade", cost="1")
    unit = R.selection(
        dialect,
        "Cost Squad",
        "unit",
        cat="Troops",
        cost="10",
        children=(
            R.selection(
                dialect,
                "Cost Troopers",
                "model",
                number=3,
                cost="30",
                profiles=R.trooper(dialect, "Cost Trooper"),
                children=R.selection(dialect, "Cost Banner", "upgrade", cost="5") + grenades,
            )
            + grenades
        ),
    )
    (u,), _ = _import(tmp_path, dialect, unit)
    assert u["points"] == 47


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_points_cost_of_a_selection_counts_and_no_other_cost(tmp_path, dialect):
    """Two ``pts`` costs on one selection both count (3 + 2; the name compared without spaces and
    case: `` P ts ``); ``PL`` (power level) and ``pts2`` never count."""
    costs = _costs(dialect, ("pts", "3"), (" P ts ", "2"), ("PL", "7"), ("pts2", "100"))
    sel = R.selection(dialect, "Two Costs", "model", cat="HQ", profiles=R.trooper(dialect, "Two Costs"))
    sel = sel.replace(R._cost(dialect, "0.0"), costs)
    (u,), _ = _import(tmp_path, dialect, sel)
    assert u["points"] == 5


@pytest.mark.parametrize("dialect", DIALECTS)
def test_two_identical_dedicated_transports_are_two_units_and_never_squad_points(tmp_path, dialect):
    """A squad with two transports of one name (the same member twice): three units; the squad's
    points hold neither transport's (75), each transport its own (35 + 5 = 40)."""

    def carriage():
        return R.selection(
            dialect,
            "Iron Carriage",
            "upgrade",
            cost="35",
            profiles=R.profile(
                dialect,
                "Iron Carriage",
                "Vehicle",
                [
                    ("BS", "4"),
                    ("Front", "11"),
                    ("Side", "11"),
                    ("Rear", "10"),
                    ("HP", "3"),
                    ("Type", "Tank, Transport"),
                ],
            )
            + R.profile(dialect, "Iron Carriage (Transport)", "Transport", [("Capacity", "10")]),
            children=R.selection(
                dialect, "Pintle", "upgrade", cost="5", profiles=R.gun(dialect, "Pintle Lumen")
            ),
        )

    squad = R.selection(
        dialect,
        "Bell Wardens",
        "unit",
        cat="Troops",
        children=(
            carriage()
            + R.selection(
                dialect,
                "Bell Warden",
                "model",
                number=5,
                cost="75",
                profiles=R.trooper(dialect, "Bell Warden"),
            )
            + carriage()
        ),
    )
    units, _ = _import(tmp_path, dialect, squad)
    assert [(u["name"], u["points"], u.get("transport_of")) for u in units] == [
        ("Bell Wardens", 75, None),
        ("Iron Carriage", 40, "Bell Wardens"),
        ("Iron Carriage", 40, "Bell Wardens"),
    ]
    assert [w["name"] for w in units[0].get("weapons", [])] == []
    assert [[(w["name"], w["count"]) for w in u["weapons"]] for u in units[1:]] == [[("Pintle Lumen", 1)]] * 2


# -- the same weapon on several models ---------------------------------------------------------


def _ash(dialect, leader_first: bool, leader_gear: str, trooper_gear: str = ""):
    troopers = R.selection(
        dialect,
        "Ash Troopers",
        "model",
        number=4,
        cost="40",
        profiles=R.trooper(dialect, "Ash Trooper") + R.gun(dialect),
        children=trooper_gear,
    )
    leader = R.selection(
        dialect,
        "Ash Leader",
        "model",
        number=1,
        cost="15",
        profiles=R.trooper(dialect, "Ash Leader", "Infantry (Character)") + R.gun(dialect),
        children=leader_gear,
    )
    kids = leader + troopers if leader_first else troopers + leader
    return R.selection(dialect, "Ash Squad", "unit", cat="Troops", children=kids)


def _flamer(dialect, name="Cinder Flamer", number=1):
    return R.selection(
        dialect,
        name,
        "upgrade",
        number=number,
        cost="5",
        profiles=R.gun(dialect, "Cinder Flamer", rng="Template", s="4", ap="5", typ="Assault 1"),
    )


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("leader_first", [False, True])
def test_the_bearer_is_named_whichever_selection_comes_first(tmp_path, dialect, leader_first):
    """A weapon chosen for the one leader of a squad names him as its bearer, also when his
    selection comes before the troopers' (it did not: the bearer was decided before the other
    models were read). The rifle of every model's own profile is 4 + 1, each line's own."""
    (u,), _ = _import(tmp_path, dialect, _ash(dialect, leader_first, _flamer(dialect)))
    weapons = sorted((w["name"], w["count"], w.get("carrier")) for w in u["weapons"])
    assert weapons == [
        ("Cinder Flamer", 1, "Ash Leader"),
        ("Lumen Rifle", 1, "Ash Leader"),
        ("Lumen Rifle", 4, "Ash Trooper"),
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("leader_first", [False, True])
def test_one_weapon_twice_on_the_leader_and_on_the_troopers(tmp_path, dialect, leader_first):
    """The same flamer chosen twice for the leader (two selections) is one line ×2 with its bearer;
    the same flamer for the troopers: one per trooper (number 1 under 4 models: 4) and 2 of them
    (number 2), the troopers' line: 4 + 2 = 6."""
    leader_gear = _flamer(dialect) + _flamer(dialect, "Second Flamer")
    trooper_gear = _flamer(dialect, "Squad Flamers") + _flamer(dialect, "Two Flamers", number=2)
    (u,), _ = _import(tmp_path, dialect, _ash(dialect, leader_first, leader_gear, trooper_gear))
    weapons = sorted((w["name"], w["count"], w.get("carrier")) for w in u["weapons"])
    assert weapons == [
        ("Cinder Flamer", 2, "Ash Leader"),
        ("Cinder Flamer", 6, "Ash Trooper"),
        ("Lumen Rifle", 1, "Ash Leader"),
        ("Lumen Rifle", 4, "Ash Trooper"),
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_one_weapon_on_two_characters_names_each_bearer(tmp_path, dialect):
    """Two one-model characters each with the flamer: two lines, each with its bearer (and the
    ×N of a name, ``x 2``, multiplies)."""
    a = R.selection(
        dialect,
        "Ash Leader",
        "model",
        cost="15",
        profiles=R.trooper(dialect, "Ash Leader", "Infantry (Character)"),
        children=_flamer(dialect),
    )
    b = R.selection(
        dialect,
        "Ash Priest",
        "model",
        cost="15",
        profiles=R.trooper(dialect, "Ash Priest", "Infantry (Character)"),
        children=_flamer(dialect, "Cinder Flamer x 2"),
    )
    (u,), _ = _import(
        tmp_path, dialect, R.selection(dialect, "Ash Command", "unit", cat="HQ", children=a + b)
    )
    assert [(w["name"], w["count"], w.get("carrier")) for w in u["weapons"]] == [
        ("Cinder Flamer", 1, "Ash Leader"),
        ("Cinder Flamer", 2, "Ash Priest"),
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_single_model_carries_everything_without_a_bearer(tmp_path, dialect):
    """One model: its own pistol and the same pistol chosen as an upgrade are one line ×2, no
    bearer named (there is no one else); the upgrade may come before or after the profile."""
    pistol = R.gun(dialect, "Ash Pistol", rng="12&quot;", typ="Pistol")
    upgrade = R.selection(dialect, "Spare Pistol", "upgrade", cost="1", profiles=pistol)
    hero = R.selection(
        dialect,
        "Ash Captain",
        "model",
        cat="HQ",
        cost="60",
        profiles=R.trooper(dialect, "Ash Captain", "Infantry (Character)") + pistol,
        children=upgrade + upgrade,
    )
    (u,), _ = _import(tmp_path, dialect, hero)
    assert u["weapons"] == [
        {"name": "Ash Pistol", "count": 3, "range": 12, "s": 4, "ap": 5, "type": "Pistol"}
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_bearers_print_on_the_datasheet(tmp_path, dialect, cli):
    units, src = _import(
        tmp_path, dialect, _ash(dialect, True, _flamer(dialect) + _flamer(dialect, "Second"))
    )
    out = tmp_path / "b.pdf"
    assert cli("render", src, "-o", out, "--check-layout").exit_code == 0
    text = _text(out)
    assert "Cinder Flamer (Ash Leader) 2 Template 4 5 Assault 1" in text
    assert 'Lumen Rifle 5 24" 4 5 Rapid Fire' in text


# -- the same rule (or wargear) from two sources --------------------------------------------------


def _ruled(name, text="", hidden="false"):
    return f'<rule id="r" name="{name}" hidden="{hidden}"><description>{text}</description></rule>'


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_rule_from_the_unit_and_its_models_is_listed_once(tmp_path, dialect):
    """ "Steady" on the unit, on both model selections and (spaced differently) on an upgrade: once.
    A hidden rule and a rule without a name are not listed; distinct rules keep their order."""
    unit = R.selection(
        dialect,
        "Rule Squad",
        "unit",
        cat="Troops",
        rules=_ruled("Steady") + _ruled("Hidden Art", hidden="true"),
        children=R.selection(
            dialect,
            "Rule Troopers",
            "model",
            number=4,
            cost="40",
            profiles=R.trooper(dialect, "Rule Trooper"),
            rules=_ruled("Stubborn") + _ruled("Steady") + _ruled("  "),
        )
        + R.selection(
            dialect,
            "Rule Sergeant",
            "model",
            number=1,
            cost="10",
            profiles=R.trooper(dialect, "Rule Sergeant", "Infantry (Character)"),
            rules=_ruled("Steady"),
            children=R.selection(dialect, "Drill", "upgrade", rules=_ruled("  Steady ") + _ruled("Stubborn")),
        ),
    )
    (u,), _ = _import(tmp_path, dialect, unit)
    assert u["rules"] == ["Steady", "Stubborn"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_rule_text_from_two_sources_is_printed_once(tmp_path, dialect, cli):
    """The roster's own text of a rule given twice (first without a text, then with one, then with
    another) is kept once: the last text given. Wargear repeated: its first text, once."""
    unit = R.selection(
        dialect,
        "Text Squad",
        "unit",
        cat="Troops",
        rules=_ruled("Bell Call"),
        children=R.selection(
            dialect,
            "Text Troopers",
            "model",
            number=2,
            cost="20",
            profiles=R.trooper(dialect, "Text Trooper")
            + R.profile(dialect, "Bell Shield", "Wargear Item", [("Description", "First shield text.")]),
            rules=_ruled("Bell Call", "Ring once."),
        )
        + R.selection(
            dialect,
            "Text Sergeant",
            "model",
            number=1,
            cost="10",
            profiles=R.trooper(dialect, "Text Sergeant", "Infantry (Character)")
            + R.profile(dialect, "Bell Shield", "Wargear Item", [("Description", "Second shield text.")]),
            rules=_ruled("Bell Call", "Ring twice.") + _ruled("Bell Call"),
        ),
    )
    p = tmp_path / "t.ros"
    p.write_text(R.roster(dialect, forces=R.force(dialect, "P", unit)), encoding="utf-8")
    (u,) = roster_for_printing(p)["units"]
    assert u["rules"] == ["Bell Call"] and u["wargear"] == ["Bell Shield"]
    assert u["roster_text"] == [
        {"name": "Bell Call", "text": "Ring twice."},
        {"name": "Bell Shield", "text": "First shield text."},
    ]
    out = tmp_path / "t.pdf"
    assert cli("render", p, "-o", out, "--check-layout").exit_code == 0
    text = _text(out)
    # issue 33: in full once, in the glossary (named on the datasheet, never cut there)
    assert text.count("Ring twice.") == 1 and "Bell Call° Ring twice." in text
    assert "Ring once." not in text and "Second shield text." not in text
    assert "the roster's own text" in text and "(the roster's own text)" not in text


# -- identical units collapsed, near-identical ones not --------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
def test_identical_imported_units_collapse_and_a_near_twin_does_not(tmp_path, dialect, cli):
    """Three squads of one name: the first and the third identical (not next to each other), the
    second with one trooper more. ``--collapse`` prints the twins once ×2 and the other apart;
    without it, three datasheets."""

    def squad(n):
        return R.selection(
            dialect,
            "Twin Squad",
            "unit",
            cat="Troops",
            children=R.selection(
                dialect,
                "Twin Troopers",
                "model",
                number=n,
                cost=str(10 * n),
                profiles=R.trooper(dialect, "Twin Trooper") + R.gun(dialect),
            ),
        )

    units, src = _import(tmp_path, dialect, squad(5) + squad(6) + squad(5))
    assert [(u["points"], u["models"][0]["count"]) for u in units] == [(50, 5), (60, 6), (50, 5)]
    plain, collapsed = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("render", src, "-o", plain).exit_code == 0
    assert cli("render", src, "-o", collapsed, "--collapse", "--check-layout").exit_code == 0
    a, b = _text(plain), _text(collapsed)
    assert (
        "×2" not in a
        and a.count("Twin Squad Troops · 50 pts") == 2
        and a.count("Twin Squad Troops · 60 pts") == 1
    )
    assert b.count("Twin Squad ×2") == 1 and "50 pts per unit · total 100 pts" in b
    assert b.count("Twin Squad Troops · 60 pts") == 1
