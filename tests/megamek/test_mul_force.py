"""MegaMek force files (.mul): `sheets import megamek FORCE.mul --units DIR`, `render
FORCE.mul --units DIR` and the in-memory API. Synthetic fixtures (fixtures/force-*.mul): both
pilot layouts, a unit of another type and a chassis with no .blk."""

from __future__ import annotations

import io
from pathlib import Path

import yaml
from pypdf import PdfReader

from sheets import api

FIX = Path(__file__).parent / "fixtures"
PILOT = FIX / "force-pilot.mul"
CREW = FIX / "force-crew.mul"


def test_import_reads_pilot_and_crew_layouts(cli, tmp_path):
    out = tmp_path / "crew.yaml"
    r = cli("import", "megamek", CREW, "--units", FIX, "-o", out)
    assert r.exit_code == 0, r.stderr
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert doc["roster"] == {"name": "force-crew"}
    assert [(u["name"], u["pilot"]) for u in doc["units"]] == [
        ("Siren", {"name": "Anna Frost", "gunnery": 2}),
        ("Quad Test", {"name": "Оля Климова", "gunnery": 5}),
    ]
    assert doc["rules"] == "tw"  # a quad needs Total Warfare
    assert cli("validate", out).exit_code == 0


def test_missing_units_are_listed_and_the_rest_kept(cli, tmp_path):
    out = tmp_path / "pilot.yaml"
    r = cli("import", "megamek", PILOT, "--units", FIX, "-o", out)
    assert r.exit_code == 1
    assert r.stderr.splitlines()[:2] == [
        f"{PILOT}: warning: unit 3 (Atlas AS7-D): a BipedMech, not a ProtoMech: left out",
        f"{PILOT}: warning: unit 4 (Sirne): no .blk of this chassis and model in {FIX} "
        f"(did you mean 'Siren'?): left out",
    ]
    assert "imported 2 units of the force; 2 left out" in r.stderr
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert [(u["name"], u["pilot"]["name"], u["pilot"]["gunnery"]) for u in doc["units"]] == [
        ("Harpy", "Kael Ward", 3),
        ("Roc", "Ilse Marr", 4),
    ]
    strict = tmp_path / "strict.yaml"
    r = cli("import", "megamek", PILOT, "--units", FIX, "-o", strict, "--strict")
    assert r.exit_code == 1 and not strict.exists() and "nothing written (--strict)" in r.stderr


def test_import_force_to_stdout_validates(cli):
    r = cli("import", "megamek", CREW, "--units", FIX)
    assert r.exit_code == 0
    v = cli("validate", "-", input=r.stdout)
    assert v.exit_code == 0 and "2 units in roster" in v.stdout


def test_a_force_is_imported_alone(cli, tmp_path):
    r = cli("import", "megamek", CREW, FIX / "Harpy.blk")
    assert r.exit_code == 2 and "one force (.mul) at a time" in r.stderr
    r = cli("import", "megamek", FIX / "Harpy.blk", "--units", FIX)
    assert r.exit_code == 2 and "--units DIR is for MegaMek force files" in r.stderr


def test_render_force_prints_the_pilots(cli, tmp_path):
    units = tmp_path / "megamek" / "data" / "mekfiles" / "protomeks"  # searched recursively
    units.mkdir(parents=True)
    for n in ("Harpy", "Roc", "Siren"):
        (units / f"{n}.blk").write_bytes((FIX / f"{n}.blk").read_bytes())
    out = tmp_path / "force.pdf"
    r = cli("render", PILOT, "--units", tmp_path / "megamek", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert "unit 4 (Sirne)" in r.stderr and "left out" in r.stderr
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Kael Ward" in text and "Ilse Marr" in text and "Not A Proto" not in text
    r = cli("validate", PILOT, "--units", tmp_path / "megamek")
    assert r.exit_code == 0 and "2 units in roster" in r.stdout
    r = cli("info", "--json", CREW, "--units", FIX)
    assert r.exit_code == 0 and [u["gunnery"] for u in __import__("json").loads(r.stdout)] == [2, 5]
    import os

    from sheets.games.battletech.mul import UNITS_ENV

    assert UNITS_ENV not in os.environ  # the folder was for that command only
    r = cli("render", FIX.parent / "../../data/units/dust/sample_force.yaml", "--units", FIX)
    assert r.exit_code == 2 and "--units is an option of battletech, not of dust" in r.stderr


def test_the_api_finds_the_units_among_the_opened_blk_files():
    sources = [
        api.Source("force-crew.mul", CREW.read_bytes()),
        api.Source("Siren.blk", (FIX / "Siren.blk").read_bytes()),
        api.Source("QuadTest.blk", (FIX / "QuadTest.blk").read_bytes()),
    ]
    loaded = api.load(sources)
    assert loaded.names == ["force-crew.mul"]  # the .blk files are the force's units
    assert [u.pilot.name for u in loaded.units] == ["Anna Frost", "Оля Климова"]
    problems, units, game = api.check(sources[:2])
    assert (units, game) == (1, "battletech")
    assert [str(p) for p in problems] == [
        "force-crew.mul: warning: unit 2 (Quad Test Q): no .blk of this chassis and model in "
        "the opened .blk files: left out"
    ]
    pdf = api.render_pdf(loaded)
    assert "Anna Frost" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_hostile_xml_is_refused(cli, tmp_path):
    bomb = tmp_path / "bomb.mul"
    bomb.write_text(
        '<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><unit><entity chassis="&b;"/></unit>'
    )
    r = cli("import", "megamek", bomb, "--units", FIX)
    assert r.exit_code == 1 and "refused" in r.stderr and r.stderr.count("\n") == 1
    broken = tmp_path / "broken.mul"
    broken.write_text("<unit><entity chassis='Harpy'></unit>")
    r = cli("validate", broken)
    assert r.exit_code == 1 and "not a readable MegaMek force (XML) at line 1" in r.stderr
    empty = tmp_path / "empty.mul"
    empty.write_text("<unit/>")
    r = cli("validate", empty)
    assert r.exit_code == 1 and "no <entity> in this file" in r.stderr
