"""Issue 21 (BattleScribe import): hidden profiles, rules without a description, and the "× N" of
a selection's name, both dialects.

* A profile with ``hidden="true"`` is never read, wherever it stands: before the visible model
  and weapon profiles of the same selection too (the visible ones after it are all read).
* A rule without a ``<description>`` element is listed and has no roster text.
* Only ``x N`` / ``× N`` at the end of a selection's name multiplies its weapons: "Mark 2" is a
  name, not a count."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.games.wh40k6.battlescribe import roster_for_printing, roster_to_unit_file

DIALECTS = ["2.03", "2.01"]


def _doc(dialect: str, sel: str, texts: bool = False) -> dict:
    data = R.roster(dialect, forces=R.force(dialect, "P", sel)).encode("utf-8")
    return roster_for_printing("f.ros", data) if texts else roster_to_unit_file("f.ros", data)


def _hidden(profile: str) -> str:
    return profile.replace('hidden="false"', 'hidden="true"', 1)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_hidden_profiles_before_the_visible_ones_are_skipped_and_the_rest_read(dialect):
    profiles = (
        _hidden(R.trooper(dialect, "Ghost Trooper"))
        + _hidden(R.gun(dialect, "Ghost Rifle"))
        + R.trooper(dialect, "Seen Trooper")
        + R.gun(dialect, "Seen Rifle")
    )
    sel = R.selection(dialect, "Seen Squad", "model", number=3, cat="Troops", cost="30", profiles=profiles)
    (u,) = _doc(dialect, sel)["units"]
    assert [(m["name"], m["count"]) for m in u["models"]] == [("Seen Trooper", 3)]
    assert [(w["name"], w["count"]) for w in u["weapons"]] == [("Seen Rifle", 3)]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_selection_with_only_hidden_profiles_has_no_model(dialect):
    sel = R.selection(
        dialect, "Ghost", "model", cat="HQ", cost="30", profiles=_hidden(R.trooper(dialect, "Ghost"))
    )
    (u,) = _doc(dialect, sel)["units"]
    assert u["models"] == [] and u["gaps"] == ["no model profile in the roster"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_rule_without_a_description_element_is_listed_without_a_text(dialect):
    bare = '<rule id="r-b" name="Bare Oath" hidden="false"/>'
    told = '<rule id="r-t" name="Told Oath" hidden="false"><description>Holds.</description></rule>'
    sel = R.selection(
        dialect,
        "Warden",
        "model",
        cat="HQ",
        cost="60",
        profiles=R.trooper(dialect, "Warden"),
        rules=bare + told,
    )
    (u,) = _doc(dialect, sel, texts=True)["units"]
    assert u["rules"] == ["Bare Oath", "Told Oath"]
    assert u["roster_text"] == [{"name": "Told Oath", "text": "Holds."}]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "name, count",
    [
        ("Ember Pistol Mark 2", 1),
        ("Ember Pistol x 2", 2),
        ("Ember Pistol ×3", 3),
        ("Ember Pistol X2", 2),
        ("Ember Pistol x2 Pattern", 1),
    ],
)
def test_only_a_trailing_x_n_multiplies_a_weapon(dialect, name, count):
    pistol = R.selection(
        dialect, name, "upgrade", cost="5", profiles=R.gun(dialect, "Ember Pistol", rng="12")
    )
    sel = R.selection(
        dialect,
        "Warden",
        "model",
        cat="HQ",
        cost="60",
        profiles=R.trooper(dialect, "Warden"),
        children=pistol,
    )
    (u,) = _doc(dialect, sel)["units"]
    assert [(w["name"], w["count"]) for w in u["weapons"]] == [("Ember Pistol", count)]
