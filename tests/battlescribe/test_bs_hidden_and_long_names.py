"""Issue 21 (BattleScribe import): two rosters the importer read but ``render`` / ``validate``
then refused whole (bugs found by mutants of ``_repair`` that no import could reach).

* A vehicle selection inside a squad whose vehicle profile is hidden (``hidden="true"``) was
  split off as a dedicated transport with no model (hidden profiles are never read), so the
  roster failed with "needs at least 1 model". A hidden profile is now not read here either: the
  selection is one of the squad's options (its points are the squad's); a visible one still
  makes a transport unit of its own.
* A rule (or wargear) name of 121+ characters with a description: the rules list shortens it to
  120 characters with a gap, but the roster text kept the long name, and the unit check refused
  it ("roster_text[1].name: too long"). The roster text now carries the name as the list prints
  it; 120 characters stay whole."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from battlescribe import rosters as R
from sheets.games.wh40k6.battlescribe import roster_for_printing, roster_to_unit_file

DIALECTS = ["2.03", "2.01"]
NAME_121 = ("Oath of the Long Watches " * 5)[:121]  # no space at 119, 120 or 121


def _squad_with_ride(dialect: str, hidden: bool) -> str:
    veh = R.profile(
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
    if hidden:
        veh = veh.replace('hidden="false"', 'hidden="true"')
    ride = R.selection(
        dialect, "Iron Carriage", "upgrade", cost="35", profiles=veh, cat="Dedicated Transport"
    )
    squad = R.selection(
        dialect,
        "Deep Squad",
        "unit",
        cat="Troops",
        children=R.selection(
            dialect, "Deep Man", "model", number=5, cost="50", profiles=R.trooper(dialect, "Deep Man")
        )
        + ride,
    )
    return R.roster(dialect, forces=R.force(dialect, "P", squad))


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_ride_with_a_hidden_vehicle_profile_is_part_of_the_squad(dialect, tmp_path, cli):
    (u,) = roster_to_unit_file("f.ros", _squad_with_ride(dialect, hidden=True).encode("utf-8"))["units"]
    assert (u["name"], u["points"], [m["name"] for m in u["models"]]) == ("Deep Squad", 85, ["Deep Man"])
    assert "gaps" not in u
    src = tmp_path / "hidden.ros"
    src.write_text(_squad_with_ride(dialect, hidden=True), encoding="utf-8")
    res = cli("validate", src)
    assert "needs at least 1 model" not in res.output and "Traceback" not in res.output
    assert all("detachment:" in line for line in res.stderr.splitlines()), res.stderr


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_ride_with_a_visible_vehicle_profile_is_its_own_unit(dialect):
    squad, ride = roster_to_unit_file("f.ros", _squad_with_ride(dialect, hidden=False).encode("utf-8"))[
        "units"
    ]
    assert (squad["name"], squad["points"]) == ("Deep Squad", 50)
    assert (ride["name"], ride["points"], ride["transport_of"], ride["slot"]) == (
        "Iron Carriage",
        35,
        "Deep Squad",
        "none",
    )
    assert ride["models"][0]["type"] == "vehicle (tank, transport)"


def _hero(dialect: str, rule_name: str, gear_name: str) -> str:
    rule = f'<rule id="r1" name="{rule_name}" hidden="false"><description>Stands fast.</description></rule>'
    gear = R.profile(dialect, gear_name, "Wargear Item", [("Description", "Shines.")])
    sel = R.selection(
        dialect,
        "Warden",
        "model",
        cat="HQ",
        cost="60",
        profiles=R.trooper(dialect, "Warden") + gear,
        rules=rule,
    )
    return R.roster(dialect, forces=R.force(dialect, "P", sel))


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_rule_name_of_121_characters_with_a_text_is_shortened_in_the_roster_text_too(dialect):
    (u,) = roster_for_printing("f.ros", _hero(dialect, NAME_121, NAME_121[:120]).encode("utf-8"))["units"]
    short = NAME_121[:119] + "…"
    assert u["rules"] == [short] and u["wargear"] == [NAME_121[:120]]
    assert u["roster_text"] == [
        {"name": short, "text": "Stands fast."},
        {"name": NAME_121[:120], "text": "Shines."},
    ]
    assert u["gaps"] == [f"{NAME_121[:40]}…: name shortened to 120 characters"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_wargear_name_of_121_characters_with_a_text_is_shortened_in_the_roster_text_too(dialect):
    (u,) = roster_for_printing("f.ros", _hero(dialect, "Stand Fast", NAME_121).encode("utf-8"))["units"]
    short = NAME_121[:119] + "…"
    assert u["wargear"] == [short]
    assert u["roster_text"] == [
        {"name": "Stand Fast", "text": "Stands fast."},
        {"name": short, "text": "Shines."},
    ]


def test_such_a_roster_validates_and_renders_with_its_text(tmp_path, cli):
    src = tmp_path / "long.ros"
    src.write_text(_hero("2.03", NAME_121, "Lamp"), encoding="utf-8")
    res = cli("validate", src)
    assert "too long" not in res.output and "Traceback" not in res.output
    assert all(": warning: " in line or "detachment:" in line for line in res.stderr.splitlines()), res.stderr
    out = tmp_path / "long.pdf"
    res = cli("render", src, "-o", out)
    assert res.exit_code == 0, res.output
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    assert "Stands fast." in text and "Oath of the Long Watch" in text
