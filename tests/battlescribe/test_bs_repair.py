"""Issue 21 (BattleScribe import): what the repair of an imported unit keeps, drops and says, pass
by pass. A unit that fails the unit schema or the profile rules has the failing value (or item)
left out and named in ``gaps``; a fix that uncovers another problem is followed by another pass.

Through the importer: a profile without a name (dropped in two passes, both named), 81 rules with
texts (both lists cut to their caps, 40 and 80). Directly (``_repair`` on a unit mapping, as the
importer hands it over): each kind of fix followed by a problem only the next pass sees (a model
that is not a vehicle but has a front armour: the profile rules run once the schema is clean),
and the fields that are never dropped (name, slot, detachment, points: the unit-file checks
report them)."""

from __future__ import annotations

import copy

import pytest

from battlescribe import rosters as R
from sheets.games.wh40k6.battlescribe import _repair, roster_for_printing, roster_to_unit_file

DIALECTS = ["2.03", "2.01"]
N121 = "n" * 121
SHORT = "n" * 119 + "…"
FRONT_GAP = "M: front '12' not read (model 'M' (infantry) is not a vehicle: 'front' belongs to vehicles)"


def _model(**kw) -> dict:
    return {
        "name": "M",
        "count": 1,
        "type": "infantry",
        "ws": 3,
        "bs": 3,
        "s": 3,
        "t": 3,
        "w": 1,
        "i": 3,
        "a": 1,
        "ld": 7,
        "sv": "3+",
        **kw,
    }


def _unit(**kw) -> dict:
    return {
        "name": "U",
        "slot": "hq",
        "detachment": "primary",
        "points": 5,
        "models": [_model(front=12)],
        **kw,
    }


def _repaired(unit: dict, strict: bool = False) -> tuple[dict, list]:
    gaps: list = []
    _repair(unit, gaps, strict, "f.ros")
    return unit, gaps


# -- through the importer ------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("which", ["model", "weapon"])
def test_a_profile_without_a_name_is_dropped_in_two_passes_both_named(dialect, which):
    nameless = (R.trooper(dialect, "Anon") if which == "model" else R.gun(dialect, "Anon")).replace(
        'name="Anon"', 'name=""', 1
    )
    sel = R.selection(
        dialect, "Pair", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Named") + nameless
    )
    (u,) = roster_to_unit_file("f.ros", R.roster(dialect, forces=R.force(dialect, "P", sel)).encode("utf-8"))[
        "units"
    ]
    assert [m["name"] for m in u["models"]] == ["Named"] and u["weapons"] == []
    assert u["gaps"] == [
        ": name '' not read (must not be empty)",
        "?: left out (missing required key 'name')",
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("n", [80, 81])
def test_rules_with_texts_are_cut_to_40_and_their_texts_to_80(dialect, n):
    rules = "".join(
        f'<rule id="r{i}" name="Oath {i:02}" hidden="false"><description>Text {i}.</description></rule>'
        for i in range(n)
    )
    sel = R.selection(
        dialect, "Warden", "model", cat="HQ", cost="60", profiles=R.trooper(dialect, "Warden"), rules=rules
    )
    (u,) = roster_for_printing("f.ros", R.roster(dialect, forces=R.force(dialect, "P", sel)).encode("utf-8"))[
        "units"
    ]
    assert u["rules"] == [f"Oath {i:02}" for i in range(40)]
    assert u["roster_text"] == [{"name": f"Oath {i:02}", "text": f"Text {i}."} for i in range(80)]
    gaps = [f"rules: only the first 40 printed (too many items ({n}; limit 40))"]
    if n == 81:
        gaps.append("roster_text: only the first 80 printed (too many items (81; limit 80))")
    assert u["gaps"] == gaps


# -- directly: each fix, then the problem the next pass finds --------------------------------------


def test_a_model_name_shortened_then_its_front_armour_dropped():
    unit, gaps = _repaired(_unit(models=[_model(name=N121, front=12)]))
    assert unit["models"] == [_model(name=SHORT)]
    assert gaps == [
        f"{'n' * 40}…: name shortened to 120 characters",
        f"{SHORT}: front '12' not read (model '{SHORT}' (infantry) is not a vehicle: 'front' belongs to vehicles)",
    ]


def test_the_unit_name_shortened_then_the_front_armour_dropped():
    unit, gaps = _repaired(_unit(name=N121))
    assert unit["name"] == SHORT and unit["models"] == [_model()]
    assert gaps == ["the unit's name shortened to 120 characters", FRONT_GAP]


@pytest.mark.parametrize("length, kept", [(80, True), (81, False), (100, False)])
def test_a_transport_field_past_80_characters_dropped_then_the_front_armour(length, kept):
    unit, gaps = _repaired(_unit(transport={"capacity": "c" * length, "fire_points": "2"}))
    assert unit["models"] == [_model()]
    if kept:
        assert unit["transport"] == {"capacity": "c" * 80, "fire_points": "2"} and gaps == [FRONT_GAP]
    else:
        assert unit["transport"] == {"fire_points": "2"}
        assert gaps == [
            f"transport capacity '{'c' * 29}…' not read (too long ({length} characters; limit 80))",
            FRONT_GAP,
        ]


@pytest.mark.parametrize("length", [400, 401])
def test_notes_past_400_characters_dropped_then_the_front_armour(length):
    unit, gaps = _repaired(_unit(notes="q" * length))
    assert unit["models"] == [_model()]
    if length == 400:
        assert unit["notes"] == "q" * 400 and gaps == [FRONT_GAP]
    else:
        assert "notes" not in unit
        assert gaps == [f"notes '{'q' * 29}…' not read (too long (401 characters; limit 400))", FRONT_GAP]


def test_an_item_that_is_not_a_mapping_left_out_then_the_front_armour():
    unit, gaps = _repaired(_unit(weapons=["not a mapping"]))
    assert unit["weapons"] == [] and unit["models"] == [_model()]
    assert gaps == ["not a mapping: left out (expected a mapping, got text)", FRONT_GAP]


def test_name_slot_detachment_and_points_are_never_dropped():
    """What the unit-file checks report themselves: kept as they are, no gap."""
    bad = {"name": "", "slot": "bogus", "detachment": "bogus", "points": 20000, "models": [_model()]}
    unit, gaps = _repaired(copy.deepcopy(bad))
    assert unit == bad and gaps == []


def test_strict_repairs_nothing():
    bad = _unit(name=N121, notes="q" * 401)
    unit, gaps = _repaired(copy.deepcopy(bad), strict=True)
    assert unit == bad and gaps == []


def test_a_rule_name_shortened_then_the_front_armour_dropped():
    unit, gaps = _repaired(_unit(rules=[N121, "Steady"]))
    assert unit["rules"] == [SHORT, "Steady"] and unit["models"] == [_model()]
    assert gaps == [f"{'n' * 40}…: name shortened to 120 characters", FRONT_GAP]
