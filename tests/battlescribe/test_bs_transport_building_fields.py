"""Issue 21 (BattleScribe import): the text fields of transport, building and wargear profiles,
and who carries a chosen weapon, both sides of each boundary, both dialects.

* Transport / building fields are kept to 80 characters (80 whole, 81 shortened with "…", no
  gap); a building without a type has an empty type, without an armour value a dash.
* A number of 19 digits in a transport's characteristic is refused at it (18 are read); a
  wargear *description* is prose, never a number: 19 digits in it are printed (``render`` refused
  such a roster that ``import`` read; bug found by a surviving mutant).
* An "Abilities" profile is wargear as a "Wargear Item" is.
* A weapon chosen once inside a model selection of 2 is carried by both (×2); inside a selection
  of 1 it names its bearer."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_for_printing, roster_to_unit_file

DIALECTS = ["2.03", "2.01"]


def _load(dialect: str, sel: str, texts: bool = False) -> list[dict]:
    data = R.roster(dialect, forces=R.force(dialect, "P", sel)).encode("utf-8")
    return (roster_for_printing if texts else roster_to_unit_file)("f.ros", data)["units"]


def _redoubt(dialect: str, pairs) -> str:
    return R.selection(
        dialect,
        "Redoubt",
        "model",
        cat="Fortification",
        cost="55",
        profiles=R.profile(dialect, "Redoubt", "Building", pairs),
    )


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_building_without_type_or_armour(dialect):
    (u,) = _load(dialect, _redoubt(dialect, [("Hull Points", "4")]))
    assert u["building"] == {"name": "Redoubt", "type": "", "armour": "-", "hp": 4} and "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("length", [60, 61, 80, 81])
def test_building_fields_are_kept_to_80_characters(dialect, length):
    kept = "t" * length if length <= 80 else "t" * 79 + "…"
    (u,) = _load(
        dialect,
        _redoubt(
            dialect,
            [
                ("Armour Value", "14"),
                ("Hull Points", "4"),
                ("Building Type", "t" * length),
                ("Fire Points", "t" * length),
            ],
        ),
    )
    assert u["building"] == {"name": "Redoubt", "type": kept, "armour": 14, "hp": 4, "fire_points": kept}
    assert "gaps" not in u


def _rhino(dialect: str, capacity: str) -> str:
    tp = R.profile(
        dialect, "Ark (Transport)", "Transport", [("Capacity", capacity), ("Access Points", "Rear")]
    )
    return R.selection(dialect, "Ark", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Ark") + tp)


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("length", [80, 81])
def test_transport_fields_are_kept_to_80_characters(dialect, length):
    (u,) = _load(dialect, _rhino(dialect, "c" * length))
    assert u["transport"] == {
        "capacity": "c" * length if length == 80 else "c" * 79 + "…",
        "access_points": "Rear",
    }
    assert "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_transport_number_of_19_digits_is_refused_and_18_are_read(dialect):
    (u,) = _load(dialect, _rhino(dialect, "1" + "0" * 17))
    assert u["transport"]["capacity"] == "1" + "0" * 17
    with pytest.raises(InputError) as exc:
        _load(dialect, _rhino(dialect, "1" + "0" * 18))
    (msg,) = [str(p) for p in exc.value.problems]
    assert msg.startswith("f.ros:2:") and msg.endswith(
        ": 'Ark (Transport)' Capacity: a number of 19 digits (limit 18): refused"
    )


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("kind", ["Wargear Item", "Abilities"])
def test_wargear_and_abilities_descriptions_are_prose_even_with_19_digits(dialect, kind):
    text = "Serial 1" + "0" * 18 + " lights the way."
    gear = R.profile(dialect, "Lamp", kind, [("Description", text)])
    bare = R.profile(dialect, "Rope", kind, [("Length", "3")])
    sel = R.selection(
        dialect, "Warden", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Warden") + gear + bare
    )
    (u,) = _load(dialect, sel, texts=True)
    assert u["wargear"] == ["Lamp", "Rope"]
    assert u["roster_text"] == [{"name": "Lamp", "text": text}]
    (u,) = _load(dialect, sel)
    assert u["wargear"] == ["Lamp", "Rope"] and "roster_text" not in u


def _squad(dialect: str, troopers: int) -> str:
    def chosen(name):
        return R.selection(dialect, name, "upgrade", cost="5", profiles=R.gun(dialect, name, rng="Template"))

    return R.selection(
        dialect,
        "Ash Squad",
        "unit",
        cat="Troops",
        children=R.selection(
            dialect,
            "Ash Troopers",
            "model",
            number=troopers,
            cost="20",
            profiles=R.trooper(dialect, "Ash Trooper"),
            children=chosen("Ash Flamer"),
        )
        + R.selection(
            dialect,
            "Ash Sergeant",
            "model",
            cost="15",
            profiles=R.trooper(dialect, "Ash Sergeant"),
            children=chosen("Ash Fist"),
        ),
    )


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "troopers, flamers",
    [
        (1, [("Ash Flamer", 1, "Ash Trooper")]),
        (2, [("Ash Flamer", 2, "Ash Trooper")]),
        (3, [("Ash Flamer", 3, "Ash Trooper")]),
    ],
)
def test_a_weapon_chosen_once_in_a_model_selection_of_n(dialect, troopers, flamers):
    (u,) = _load(dialect, _squad(dialect, troopers))
    assert [(w["name"], w["count"], w.get("carrier")) for w in u["weapons"]] == flamers + [
        ("Ash Fist", 1, "Ash Sergeant")
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_building_without_hull_points_prints_a_dash(dialect):
    (u,) = _load(dialect, _redoubt(dialect, [("Armour Value", "14")]))
    assert u["building"] == {"name": "Redoubt", "type": "", "armour": 14, "hp": "-"} and "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_building_number_of_19_digits_is_refused_and_18_are_read(dialect):
    (u,) = _load(
        dialect, _redoubt(dialect, [("Armour Value", "14"), ("Hull Points", "4"), ("Fire Points", "9" * 18)])
    )
    assert u["building"]["fire_points"] == "9" * 18
    with pytest.raises(InputError) as exc:
        _load(
            dialect,
            _redoubt(dialect, [("Armour Value", "14"), ("Hull Points", "4"), ("Fire Points", "9" * 19)]),
        )
    (msg,) = [str(p) for p in exc.value.problems]
    assert msg.startswith("f.ros:2:") and msg.endswith(
        ": 'Redoubt' Fire Points: a number of 19 digits (limit 18): refused"
    )
