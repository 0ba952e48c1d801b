"""MegaMek force files as MegaMek writes them (fixtures/mul/, written by mul_writer.py from
MegaMek's EntityListFile in its 0.42, 0.48 and 0.50 versions and MekHQ's crew layout): every
ProtoMech of every movement mode imports with its pilot, the units of other kinds are named and
left out, the Points come from the <Force> groups, `render FORCE.mul --units DIR` prints them.

Before this corpus existed, 0 of its 7 force files (0 of 23 ProtoMechs) imported: the importer
read `type` (the movement mode) as the unit type."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from docs_text import documentation
from pypdf import PdfReader

from sheets import api

from .mul_writer import Ammo, Entity, Pilot, corpus, write_mul

FIX = Path(__file__).parent / "fixtures"
MUL = FIX / "mul"


def _import(cli, name: str, tmp_path, *extra):
    out = tmp_path / "out.yaml"
    r = cli("import", "megamek", MUL / name, "--units", FIX, "-o", out, *extra)
    doc = yaml.safe_load(out.read_text(encoding="utf-8")) if out.exists() else None
    return r, doc


def _lines(r) -> list[str]:
    return [line.replace(str(FIX) + "/", "") for line in r.stderr.splitlines()]


def test_the_fixtures_are_what_the_writer_writes():
    """fixtures/mul/ holds exactly mul_writer.corpus() (regenerate: python tests/megamek/mul_writer.py)."""
    on_disk = {str(p.relative_to(MUL)): p.read_bytes() for p in sorted(MUL.rglob("*")) if p.is_file()}
    assert on_disk == corpus()


# -- the writer, pinned on lines read in MegaMek's sources -------------------------------------


def test_the_writers_lines_as_megamek_writes_them():
    harpy = Entity(
        "Harpy", pilot=Pilot("Kael Ward", nick='The "Ghost"', gunnery=3), ammo=[Ammo(0, "Clan MG Ammo", 20)]
    )
    old = write_mul([harpy], "old", nl="\r\n").decode()
    assert old.startswith('<?xml version="1.0" encoding="UTF-8"?>\r\n\r\n<unit version="0.42.2" >\r\n\r\n')
    assert (
        '\t\t\t<pilot name="Kael Ward" size="1" nick="The &quot;Ghost&quot;" gunnery="3" piloting="5"'
        ' ejected="false"/>\r\n' in old
    )
    assert (
        '      The first slot in a location is at index="1".\r\n\t\t\t<location index="0"> Body\r\n'
        '         <slot index="N/A" type="Clan MG Ammo" shots="20" isDestroyed="false"/>\r\n'
        "\t\t\t</location>\r\n\t\t</entity>\r\n\r\n</unit>\r\n"
    ) in old
    mid = write_mul([harpy], "mid").decode()
    assert (
        '\t\t<entity chassis="Harpy" model="" type="Biped" commander="false" offboard="false" hidden="false"'
        ' deployment="0" deploymentZone="-1" neverDeployed="true">\n'
        '\t\t\t<pilot size="1" name="Kael Ward" nick="The &quot;Ghost&quot;" gender="MALE" gunnery="3"'
        ' piloting="5" ejected="false"/>\n'
    ) in mid
    # the layout of a real MegaMek 0.46.1 file (a MekHQ export of a BattleMech), here with a ProtoMech
    mek = Entity(
        "Harpy",
        pilot=Pilot("Kael Ward", external_id="6e8b"),
        external_id="6420",
        camo=("-- No Camo --", None),
        autoeject=True,
    )
    assert write_mul([mek], "0.46").decode() == (
        '<?xml version="1.0" encoding="UTF-8"?>\n\n<unit version="0.46.1" >\n\n'
        '\t\t<entity chassis="Harpy" model="" type="Biped" commander="false" offboard="false" hidden="false"'
        ' deployment="0" deploymentZone="-1" neverDeployed="true" externalId="6420" camoCategory="-- No Camo --">\n'
        '\t\t\t<pilot size="1" name="Kael Ward" nick="" gunnery="4" piloting="5" externalId="6e8b"'
        ' ejected="false" autoeject="true"/>\n'
        "\t\t</entity>\n\n</unit>\n"
    )
    new = write_mul([harpy], "new").decode()
    assert (
        'clanperson="true" gunnery="3" piloting="5" ejected="false" eiMode="Initiate enhanced imaging"/>'
        in new
    )
    assert '\t\t\t\t<slot index="N/A" type="Clan MG Ammo" shots="20" isDestroyed="false"/>\n' in new
    assert 'deploymentZoneAnySEy="-1" neverDeployed="true">' in new


def test_the_readme_shows_a_corpus_files_first_lines():
    readme = documentation()
    section = readme[readme.index("**MegaMek forces.**") :]
    block = section[section.index("```xml\n") + 7 : section.index("```\n", section.index("```xml"))]
    lines = block.splitlines()
    first = (MUL / "star-0.46-mekhq.mul").read_text(encoding="utf-8").splitlines()
    assert lines == first[: len(lines)] and len(lines) == 11 and lines[-1] == "\t\t</entity>"


# -- every file of the corpus ------------------------------------------------------------------


def test_megamek_0_42_on_windows(cli, tmp_path):
    r, doc = _import(cli, "star-0.42-windows.mul", tmp_path)
    assert r.exit_code == 0, r.stderr
    assert _lines(r) == [
        "mul/star-0.42-windows.mul:14:4: warning: unit 2 (Roc): piloting '4' is not used: a ProtoMech "
        "pilot always counts as Piloting 5",
        f"imported 5 ProtoMechs of the force (left out: 0); wrote {tmp_path / 'out.yaml'}",
    ]
    assert doc["roster"] == {"name": "star-0.42-windows"} and "rules" not in doc
    assert [(u["name"], u["motion"], u["pilot"]) for u in doc["units"]] == [
        ("Harpy", "biped", {"name": "Kael Ward", "gunnery": 3, "nick": 'The "Ghost"'}),
        ("Roc", "biped", {"name": "Ilse Marr", "gunnery": 4}),
        ("Siren", "biped", {"name": "Tomas Hale", "gunnery": 2}),
        ("Orc", "biped", {"name": "Bren Voss", "gunnery": 5}),
        # the 0.42 writer writes `gunnery` beside the RPG gunneryL/M/B: MegaMek reads `gunnery`
        ("Gorgon", "biped", {"name": "Nadia Sorn", "gunnery": 4}),
    ]
    assert all("point" not in u for u in doc["units"])  # no <Force> before MegaMek 0.47


def test_megamek_0_46_from_mekhq(cli, tmp_path):
    r, doc = _import(cli, "star-0.46-mekhq.mul", tmp_path)
    assert r.exit_code == 0 and r.stderr.count("\n") == 1, r.stderr
    assert [(u["name"], u["pilot"]) for u in doc["units"]] == [
        ("Harpy", {"name": "Kael Ward", "gunnery": 3}),
        ("Gorgon", {"name": "Nadia Sorn", "gunnery": 4}),
    ]


def test_megamek_0_48_points_and_every_movement_mode(cli, tmp_path):
    r, doc = _import(cli, "points-0.48.mul", tmp_path)
    assert r.exit_code == 0 and _lines(r) == [
        f"imported 5 ProtoMechs of the force (left out: 0); wrote {tmp_path / 'out.yaml'}"
    ]
    assert doc["rules"] == "tw"  # quads, gliders and an ultraheavy need Total Warfare
    assert [(u["name"], u["model"], u["motion"], u["point"], u["pilot"]["name"]) for u in doc["units"]] == [
        ("Quad Test", "Q", "quad", "Point 1", "Mira Kell"),
        ("Glider Test", "G", "glider", "Point 1", "Asha Lind"),
        ("Basilisk", "", "biped", "Point 1", "Оля Климова"),
        ("Svartalfa", "3", "glider", "Point 2", "Oleg Brandt"),
        ("Boggart Ultraheavy ProtoMech", "", "quad", "Point 2", "Jonas Reyes"),
    ]
    roster = json.loads(cli("roster", tmp_path / "out.yaml", "--format", "json", "-o", "-").stdout)
    assert [(g["title"], [row["name"] for row in g["rows"]]) for g in roster["groups"]] == [
        ("Point 1", ["Quad Test", "Glider Test", "Basilisk"]),
        ("Point 2", ["Svartalfa", "Boggart Ultraheavy ProtoMech"]),
    ]


def test_the_older_force_string(cli, tmp_path):
    r, doc = _import(cli, "points-backslash.mul", tmp_path)
    assert r.exit_code == 0
    assert [(u["name"], u["point"]) for u in doc["units"]] == [
        ("Harpy", "Point 1"),
        ("Cecerops", "Point 1"),
        ("Roc", "Point 2"),
    ]


def test_megamek_0_50_a_mixed_force(cli, tmp_path):
    r, doc = _import(cli, "mixed-0.50.mul", tmp_path)
    assert r.exit_code == 0  # a unit that may be a ProtoMech has no unit file: named (--strict: exit 1)
    assert _lines(r) == [
        "mul/mixed-0.50.mul:17:3: warning: unit 2 (Atlas AS7-D): mul/units/Atlas AS7-D.mtf is a Mek, "
        "not a ProtoMech: left out",
        "mul/mixed-0.50.mul:23:3: warning: unit 3 (Manticore Heavy Tank): mul/units/Manticore Heavy Tank.blk "
        "is a Tank, not a ProtoMech: left out",
        f"mul/mixed-0.50.mul:29:3: warning: unit 4 (Sirne): no unit file of this chassis and model in {FIX} "
        "(did you mean 'Siren'?): left out",
        "mul/mixed-0.50.mul:45:3: warning: unit 6 (Locust LCT-1V): mul/units/Locust LCT-1V.mtf is a Mek, "
        "not a ProtoMech: left out",
        "mul/mixed-0.50.mul:50:3: warning: unit 7 (Elemental Battle Armor [Laser](Sqd5)): "
        "mul/units/Elemental Battle Armor.blk is a BattleArmor, not a ProtoMech: left out",
        f"imported 3 ProtoMechs of the force (left out: 5); wrote {tmp_path / 'out.yaml'}",
    ]
    assert [(u["name"], u["model"], u["pilot"], u["point"]) for u in doc["units"]] == [
        ("Harpy", "", {"name": "Kael Ward", "gunnery": 3, "nick": "Ghost"}, "Star Alpha"),
        ("Siren", "", {"name": "Tomas Hale", "gunnery": 2}, "Star Alpha"),
        # embedded in the file (<construction_data>): in no unit folder
        ("Kobold", "Custom", {"name": "Vera Stahl", "gunnery": 4}, "Star Alpha"),
    ]
    assert doc["units"][2]["equipment"] == [{"item": "ER Small Laser", "location": "torso"}]


def test_other_kinds_alone_are_left_out_with_exit_0(cli, tmp_path):
    force = tmp_path / "f.mul"
    force.write_bytes(
        write_mul(
            [
                Entity("Harpy"),
                Entity("Atlas", "AS7-D", autoeject=True),
                Entity("Manticore Heavy Tank", type="Tracked"),
            ],
            "new",
        )
    )
    r = cli("import", "megamek", force, "--units", FIX, "-o", tmp_path / "o.yaml")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.count("not a ProtoMech: left out") == 2
    assert "imported 1 ProtoMech of the force (left out: 2)" in r.stderr
    r = cli("import", "megamek", force, "--units", FIX, "-o", tmp_path / "s.yaml", "--strict")
    assert r.exit_code == 0 and (tmp_path / "s.yaml").exists()  # --strict: only units that may be ProtoMechs


def test_mekhq_crew(cli, tmp_path):
    r, doc = _import(cli, "mekhq-crew.mul", tmp_path)
    assert r.exit_code == 0, r.stderr
    assert [(u["name"], u["pilot"]) for u in doc["units"]] == [
        ("Harpy", {"name": "Jo & Kit Ward", "gunnery": 3, "nick": "Twin"}),
        ("Quad Test", {"name": "Оля Климова", "gunnery": 5}),
    ]


def test_an_end_of_battle_record(cli, tmp_path):
    r, doc = _import(cli, "record-0.49.mul", tmp_path)
    assert r.exit_code == 0, r.stderr
    assert _lines(r)[:-1] == [
        "mul/record-0.49.mul:6:3: warning: unit 1 (Orc): MegaMek records 8 of 20 shots of SRM 1 Ammo left; "
        "the sheet prints full ammo bins",
        "mul/record-0.49.mul:14:4: warning: unit 1 (Orc): MegaMek records damage in 1 location; the sheet "
        "prints the unit undamaged",
        "mul/record-0.49.mul:21:4: warning: unit 2 (Harpy): MegaMek records 2 hits on the pilot; the sheet "
        "prints the pilot unhurt",
        "mul/record-0.49.mul:26:4: warning: unit 3 (Roc): MegaMek records the pilot as dead; the sheet prints "
        "the pilot unhurt",
        "mul/record-0.49.mul:27:4: warning: unit 3 (Roc): MegaMek records damage in 1 location; the sheet "
        "prints the unit undamaged",
        "mul/record-0.49.mul:33:2: warning: the record's <salvage> (2 units) is not your force: left out",
    ]
    assert [u["name"] for u in doc["units"]] == ["Orc", "Harpy", "Roc"]
    orc = doc["units"][0]
    assert [line.get("shots") for line in orc["equipment"] if "shots" in line] == [10, 5, 5]  # as designed


@pytest.mark.parametrize("name", sorted(p.name for p in MUL.glob("*.mul")))
def test_every_force_file_validates_and_renders(cli, tmp_path, name):
    r = cli("validate", MUL / name, "--units", FIX)
    assert r.exit_code == 0 and "ok (battletech" in r.stdout, r.stderr
    out = tmp_path / "f.pdf"
    r = cli("render", MUL / name, "--units", FIX, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    _, doc = _import(cli, name, tmp_path)
    for unit in doc["units"]:
        assert unit["pilot"]["name"].split()[-1] in text


def test_render_prints_pilots_with_their_call_signs(cli, tmp_path):
    out = tmp_path / "f.pdf"
    r = cli("render", MUL / "mixed-0.50.mul", "--units", FIX, "-o", out)
    assert r.exit_code == 0 and "unit 4 (Sirne)" in r.stderr
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    assert "Kael Ward “Ghost”" in text and "Tomas Hale" in text and "Vera Stahl" in text
    assert "Hank Rhee" not in text and "Typo Unit" not in text  # the Mek and the missing unit
    assert "Point 1 — Star Alpha" in text  # the army list's Point


def test_the_api_reads_a_corpus_force_among_the_opened_unit_files():
    names = ["Harpy.blk", "Siren.blk"]  # the page opens ProtoMech files (each one loads on its own)
    sources = [api.Source("mixed-0.50.mul", (MUL / "mixed-0.50.mul").read_bytes())]
    sources += [api.Source(Path(n).name, (FIX / n).read_bytes()) for n in names]
    loaded = api.load(sources)
    assert loaded.names == ["mixed-0.50.mul"]
    assert [u.pilot.shown for u in loaded.units] == ["Kael Ward “Ghost”", "Tomas Hale", "Vera Stahl"]
    problems, units, game = api.check(sources)
    assert (units, game) == (3, "battletech")
    assert len(problems) == 5 and all("no unit file of this chassis and model" in p.message for p in problems)
    assert problems[2].message == (
        "unit 4 (Sirne): no unit file of this chassis and model in the opened unit files "
        "(did you mean 'Siren'?): left out"
    )
    pdf = api.render_pdf(loaded)
    assert "Vera Stahl" in " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
