"""Issue 35, the wh40k6 import's relations between units: a unit's gaps, points, warnings and
marks never leak to or from its dedicated transport (either one with the gap, both dialects); in a
unit mixing characters and troopers each model line keeps its own type, and the unit's type is
tested with every mix (no character, some, all)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from sheets.games.wh40k6.battlescribe import roster_to_unit_file
from sheets.games.wh40k6.rules import build_unit
from sheets.games.wh40k6.schema import unit_spec
from sheets.games.wh40k6.view import info, roster_row

from . import rosters as R

DIALECTS = ["2.03", "2.01"]
SQUAD_GAP = "Ward Trooper: unit type 'Warp Walker' not known: moves as infantry here"
RIDE_GAP = "Ward Carriage: type words not known, kept as written: gilded (from 'Tank, Gilded')"


def _carriage(dialect: str, typ: str) -> str:
    vehicle = R.profile(
        dialect,
        "Ward Carriage",
        "Vehicle",
        [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", typ)],
    )
    transport = R.profile(dialect, "Ward Carriage (Transport)", "Transport", [("Capacity", "10")])
    return R.selection(dialect, "Ward Carriage", "upgrade", cost="35", profiles=vehicle + transport)


def _roster(tmp_path, dialect: str, squad_gap: bool, ride_gap: bool):
    troopers = R.selection(
        dialect,
        "Ward Troopers",
        "model",
        number=5,
        cost="75",
        profiles=R.trooper(dialect, "Ward Trooper", "Warp Walker" if squad_gap else "Infantry"),
    )
    squad = R.selection(
        dialect,
        "Ward Squad",
        "unit",
        cat="Troops",
        cost="10",
        children=troopers + _carriage(dialect, "Tank, Gilded" if ride_gap else "Tank, Transport"),
    )
    path = tmp_path / f"w{int(squad_gap)}{int(ride_gap)}.ros"
    path.write_text(R.roster(dialect, forces=R.force(dialect, "Primary Detachment", squad)), encoding="utf-8")
    return path


def _pages(cli, src, tmp_path) -> str:
    out = tmp_path / f"{src.stem}.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out).pages)


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("squad_gap, ride_gap", [(True, False), (False, True), (True, True), (False, False)])
def test_gaps_points_warnings_and_marks_stay_with_their_unit(tmp_path, cli, dialect, squad_gap, ride_gap):
    src = _roster(tmp_path, dialect, squad_gap, ride_gap)
    warnings = []
    squad, ride = roster_to_unit_file(src, warnings=warnings)["units"]
    # points: the squad's own 10 + 75, the carriage's 35, whichever has a gap
    assert (squad["points"], ride["points"]) == (85, 35)
    assert (squad["name"], ride["name"], ride["transport_of"]) == (
        "Ward Squad",
        "Ward Carriage",
        "Ward Squad",
    )
    assert squad.get("gaps", []) == ([SQUAD_GAP] if squad_gap else [])
    assert ride.get("gaps", []) == ([RIDE_GAP] if ride_gap else [])
    assert [w.message for w in warnings] == (
        [f"unit 'Ward Squad': imported with gaps: {SQUAD_GAP}"] if squad_gap else []
    ) + ([f"unit 'Ward Carriage': imported with gaps: {RIDE_GAP}"] if ride_gap else [])
    # the marks: each datasheet carries its own gap line, none the other's
    text = _pages(cli, src, tmp_path)
    squad_sheet = text[
        text.index("Ward Squad Troops · 85 pts") : text.index("Ward Carriage No slot · 35 pts")
    ]
    ride_sheet = text[text.index("Ward Carriage No slot · 35 pts") :]
    assert ("imported with gaps" in squad_sheet) is squad_gap
    assert (SQUAD_GAP in squad_sheet) is squad_gap and RIDE_GAP not in squad_sheet
    assert ("imported with gaps" in ride_sheet) is ride_gap
    assert (RIDE_GAP in ride_sheet) is ride_gap and SQUAD_GAP not in ride_sheet
    assert "Dedicated transport of: Ward Squad" in ride_sheet and "Dedicated transport of" not in squad_sheet


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "lines, unit_type",
    [
        ([("Ward Trooper", 4, "Infantry"), ("Ward Veteran", 1, "Infantry")], "infantry"),
        ([("Ward Trooper", 4, "Infantry"), ("Ward Sergeant", 1, "Infantry (Character)")], "infantry"),
        (
            [("Ward Champion", 1, "Infantry (Character)"), ("Ward Sergeant", 1, "Infantry (Character)")],
            "infantry (character)",
        ),
    ],
    ids=["no-character", "some-characters", "all-characters"],
)
def test_each_line_keeps_its_type_and_the_unit_is_a_character_only_when_all_are(
    tmp_path, dialect, lines, unit_type
):
    children = "".join(
        R.selection(dialect, name, "model", number=n, profiles=R.trooper(dialect, name, typ))
        for name, n, typ in lines
    )
    sel = R.selection(dialect, "Ward Squad", "unit", cat="Troops", children=children)
    src = tmp_path / "mix.ros"
    src.write_text(R.roster(dialect, forces=R.force(dialect, "Primary Detachment", sel)), encoding="utf-8")
    (data,) = roster_to_unit_file(src)["units"]
    want = ["infantry (character)" if "Character" in typ else "infantry" for _, _, typ in lines]
    assert [m["type"] for m in data["models"]] == want
    from sheets.core.errors import Problems

    unit = build_unit(unit_spec().check(data, None, Problems("mix.ros"), "U"))
    row = info(unit)
    assert [m["type"] for m in row["models"]] == want
    assert [m["character"] for m in row["models"]] == ["character" in w for w in want]
    assert row["unit_type"] == unit_type
    assert roster_row(unit, "en")["type"] == (
        "Infantry (Character)" if unit_type.endswith("(character)") else "Infantry"
    )
    assert roster_row(unit, "ru")["type"] == (
        "Пехота (Персонаж)" if unit_type.endswith("(character)") else "Пехота"
    )
