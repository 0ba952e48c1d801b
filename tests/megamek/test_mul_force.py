"""MegaMek force files (.mul) on the command line: `sheets import megamek FORCE.mul --units DIR`,
`render`/`validate`/`info FORCE.mul --units DIR`. Exit codes, what is written, and files from
strangers (issue 31): a FIFO or a device named *.blk in the units folder, an unreadable folder,
an unknown encoding, `-o` aimed at a unit file the command read."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
import yaml

from .mul_writer import Entity, Pilot, write_mul

FIX = Path(__file__).parent / "fixtures"
HARPY = (FIX / "Harpy.blk").read_bytes()


def _force(tmp_path, *entities: Entity, name="f.mul", version="mid") -> Path:
    path = tmp_path / name
    path.write_bytes(
        write_mul(list(entities) or [Entity("Harpy", pilot=Pilot("Kael Ward", gunnery=3))], version)
    )
    return path


def _units(tmp_path, *names: str) -> Path:
    folder = tmp_path / "units"
    folder.mkdir(exist_ok=True)
    for n in names:
        shutil.copy(FIX / f"{n}.blk", folder / f"{n}.blk")
    return folder


def test_import_writes_one_roster_and_it_validates(cli, tmp_path):
    force = _force(
        tmp_path, Entity("Harpy", pilot=Pilot("Kael Ward", nick="Ghost", gunnery=3)), Entity("Roc")
    )
    out = tmp_path / "force.yaml"
    r = cli("import", "megamek", force, "--units", _units(tmp_path, "Harpy", "Roc"), "-o", out)
    assert r.exit_code == 0, r.stderr
    assert r.stderr == f"imported 2 ProtoMechs of the force (left out: 0); wrote {out}\n"
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert [(u["name"], u["pilot"]) for u in doc["units"]] == [
        ("Harpy", {"name": "Kael Ward", "gunnery": 3, "nick": "Ghost"}),
        ("Roc", {"name": "Unnamed", "gunnery": 4}),
    ]
    v = cli("validate", out)
    assert v.exit_code == 0 and "2 units in roster" in v.stdout
    info = json.loads(cli("info", "--json", out).stdout)
    assert [u["gunnery"] for u in info] == [3, 4]


def test_import_to_standard_output(cli, tmp_path):
    force = _force(tmp_path)
    for extra in ((), ("-o", "-")):
        r = cli("import", "megamek", force, "--units", _units(tmp_path, "Harpy"), *extra)
        assert r.exit_code == 0 and r.stdout.startswith("# Imported by `sheets import megamek`")
        assert "imported 1 ProtoMech of the force (left out: 0); on standard output" in r.stderr
        assert cli("validate", "-", input=r.stdout).exit_code == 0
    assert not (tmp_path / "-").exists()


def test_a_missing_unit_is_named_and_strict_makes_it_an_error(cli, tmp_path):
    force = _force(tmp_path, Entity("Harpy"), Entity("Sirne"))
    units = _units(tmp_path, "Harpy", "Siren")
    out = tmp_path / "kept.yaml"
    r = cli("import", "megamek", force, "--units", units, "-o", out)
    assert r.exit_code == 0 and out.exists()
    assert r.stderr.splitlines() == [
        f"{force}:9:3: warning: unit 2 (Sirne): no unit file of this chassis and model in {units} "
        "(did you mean 'Siren'?): left out",
        f"imported 1 ProtoMech of the force (left out: 1); wrote {out}",
    ]
    strict = tmp_path / "strict.yaml"
    r = cli("import", "megamek", force, "--units", units, "-o", strict, "--strict")
    assert r.exit_code == 1 and not strict.exists()
    assert "imported 1 ProtoMech of the force (left out: 1); nothing written (--strict)" in r.stderr


def test_a_force_is_imported_alone_and_units_is_for_forces(cli, tmp_path):
    force = _force(tmp_path)
    r = cli("import", "megamek", force, FIX / "Harpy.blk")
    assert r.exit_code == 2 and "import one force (.mul) at a time, without other files" in r.stderr
    r = cli("import", "megamek", FIX / "Harpy.blk", "--units", FIX)
    assert r.exit_code == 2 and "--units DIR is for MegaMek force files (.mul)" in r.stderr
    r = cli("import", "megamek", force, "-d", tmp_path / "d")
    assert r.exit_code == 2 and "a force is one roster file: give -o FILE" in r.stderr
    r = cli("import", "megamek", force, "-o", tmp_path / "a.yaml", "-d", tmp_path / "d")
    assert r.exit_code == 2 and "give either -o or -d, not both" in r.stderr


# -- issue 31: -o is never an input ------------------------------------------------------------------


@pytest.mark.parametrize("target", ["Harpy.blk", "Orc.blk", "Harpy.yaml", "sub/Roc.yml"])
def test_o_never_replaces_a_unit_file_the_force_read(cli, tmp_path, target):
    """`-o DIR/Orc.blk` replaced a unit file the folder scan had read (Orc is not in the force:
    only its first bytes were read, and not recorded as an input; any suffix was taken)."""
    units = _units(tmp_path, "Harpy", "Orc")
    (units / "sub").mkdir()
    shutil.copy(FIX / "Roc.blk", units / "sub" / "Roc.yml")  # read as a unit file? no: not .blk
    (units / "Harpy.yaml").write_bytes(HARPY)  # a YAML name: not a unit file of the folder
    force = _force(tmp_path)
    before = {p: p.read_bytes() for p in units.rglob("*") if p.is_file()}
    r = cli("import", "megamek", force, "--units", units, "-o", units / target)
    after = {p: p.read_bytes() for p in units.rglob("*") if p.is_file()}
    if target.endswith(".blk"):
        assert r.exit_code == 2 and "give a name ending in .yaml or .yml" in r.stderr
        assert after == before
    else:
        assert r.exit_code == 0  # not a unit file: no .blk or .mtf is read under that name
        assert yaml.safe_load((units / target).read_text(encoding="utf-8"))["system"] == "battletech"


def test_o_naming_a_unit_file_read_under_a_yaml_suffix_is_refused(cli, tmp_path, monkeypatch):
    """Whatever its suffix, a file the command read is never an output: a .blk given to the
    folder scan under a name the import may write (a symlink named .yaml to it)."""
    units = _units(tmp_path, "Harpy", "Orc")
    orc = (units / "Orc.blk").read_bytes()
    for name in ("Harpy.blk", "Orc.blk"):  # read in full (in the force) / only its first bytes
        link = tmp_path / f"{name}-link.yaml"
        link.symlink_to(units / name)
        force = _force(tmp_path)
        r = cli("import", "megamek", force, "--units", units, "-o", link)
        assert r.exit_code == 2 and "is an input of this command" in r.stderr
    assert (units / "Harpy.blk").read_bytes() == HARPY and (units / "Orc.blk").read_bytes() == orc
    r = cli("import", "megamek", force, "--units", units, "-o", force.with_suffix(".yaml"))
    assert r.exit_code == 0


def test_o_naming_the_force_itself_is_refused(cli, tmp_path):
    force = _force(tmp_path, name="force.yaml")  # a force under a YAML name is read as YAML: not a force
    r = cli("import", "megamek", force, "--units", _units(tmp_path, "Harpy"), "-o", force)
    assert r.exit_code == 2


# -- issue 31: FIFOs, devices, unreadable folders, encodings -----------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
@pytest.mark.parametrize("command", ["import", "render", "validate"])
def test_a_fifo_named_blk_in_the_units_folder_is_skipped_and_named(cli, tmp_path, command):
    """It hung `import megamek` and `render F.mul` (opening a FIFO waits for a writer)."""
    units = _units(tmp_path, "Harpy")
    os.mkfifo(units / "Hang.blk")
    (units / "dev.blk").symlink_to("/dev/zero")
    force = _force(tmp_path)
    args = {
        "import": ("import", "megamek", force, "--units", units, "-o", tmp_path / "o.yaml"),
        "render": ("render", force, "--units", units, "-o", tmp_path / "o.pdf"),
        "validate": ("validate", force, "--units", units),
    }[command]
    r = cli(*args)
    assert r.exit_code == 0, r.stderr
    assert (
        f"{units / 'Hang.blk'}: warning: is a FIFO (named pipe), not a regular file: skipped (not read as a unit file)"
        in r.stderr.splitlines()
    )
    assert (
        f"{units / 'dev.blk'}: warning: is a device, not a regular file: skipped (not read as a unit file)"
        in r.stderr.splitlines()
    )
    assert stat.S_ISFIFO(os.stat(units / "Hang.blk").st_mode)


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root reads every folder")
def test_an_unreadable_subfolder_of_the_units_folder_is_named(cli, tmp_path):
    units = _units(tmp_path, "Harpy")
    locked = units / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        r = cli("import", "megamek", _force(tmp_path), "--units", units, "-o", tmp_path / "o.yaml")
    finally:
        locked.chmod(0o755)
    assert r.exit_code == 0
    assert (
        f"{locked}: warning: this folder cannot be read (Permission denied): its unit files were not searched"
        in r.stderr
    )


def test_an_unreadable_subfolder_is_named_when_run_as_root(cli, tmp_path, monkeypatch):
    """The same message whoever runs it: os.walk's error is injected."""
    from sheets.games.battletech import mul

    units = _units(tmp_path, "Harpy")
    real = os.walk

    def walk(top, onerror=None, followlinks=False):
        err = PermissionError(13, "Permission denied")
        err.filename = str(Path(top) / "locked")
        onerror(err)
        yield from real(top, onerror=onerror, followlinks=followlinks)

    monkeypatch.setattr(mul.os, "walk", walk)
    r = cli("import", "megamek", _force(tmp_path), "--units", units, "-o", tmp_path / "o.yaml")
    assert r.exit_code == 0
    assert r.stderr.splitlines()[0] == (
        f"{units / 'locked'}: warning: this folder cannot be read (Permission denied): its unit files were not searched"
    )


@pytest.mark.parametrize("encoding", ["x-foo", "base64", "zlib", "rot13", "utf-32"])
def test_an_encoding_expat_does_not_read_is_exit_1_at_its_column(cli, tmp_path, encoding):
    """It was exit 3 (HTTP 500 on the page): LookupError or TypeError out of the parser."""
    force = tmp_path / "f.mul"
    force.write_bytes(
        write_mul([Entity("Harpy")]).replace(b'encoding="UTF-8"', f'encoding="{encoding}"'.encode())
    )
    for args in (("import", "megamek", force, "--units", _units(tmp_path, "Harpy")), ("validate", force)):
        r = cli(*args)
        assert r.exit_code == 1
        assert r.stderr.splitlines() == [
            f"{force}:1:31: encoding {encoding!r} is not supported: MegaMek writes its force files in UTF-8"
        ]


def test_a_long_chassis_is_cut_in_every_message(cli, tmp_path):
    """Issue 31: 492 characters of a .mul were echoed; every value is cut at 60."""
    force = _force(tmp_path, Entity("C" * 492, "M" * 100))
    r = cli("import", "megamek", force, "--units", _units(tmp_path, "Harpy"))
    assert r.exit_code == 1
    assert f"unit 1 ({'C' * 60}…): no unit file" in r.stderr
    assert "C" * 61 not in r.stderr and "MMM" not in r.stderr


def test_hostile_xml_is_refused(cli, tmp_path):
    bomb = tmp_path / "bomb.mul"
    bomb.write_text(
        '<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><unit><entity chassis="&b;"/></unit>'
    )
    r = cli("import", "megamek", bomb, "--units", FIX)
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "refused: the XML declares a DTD" in r.stderr
    broken = tmp_path / "broken.mul"
    broken.write_text("<unit><entity chassis='Harpy'></unit>")
    r = cli("validate", broken)
    assert (
        r.exit_code == 1
        and f"{broken}:1:33: not a readable MegaMek force: the XML is broken here" in r.stderr
    )


# -- render, validate, info ----------------------------------------------------------------------------


def test_render_validate_and_info_read_a_force(cli, tmp_path):
    from pypdf import PdfReader

    units = tmp_path / "megamek" / "data" / "mekfiles" / "protomeks"  # searched recursively
    units.mkdir(parents=True)
    for n in ("Harpy", "Roc"):
        shutil.copy(FIX / f"{n}.blk", units / f"{n}.blk")
    force = _force(
        tmp_path,
        Entity("Harpy", pilot=Pilot("Kael Ward", nick="Ghost", gunnery=3), force="Star|1||Point 1|2||"),
        Entity("Roc", pilot=Pilot("Ilse Marr"), force="Star|1||Point 2|3||"),
        Entity("Sirne", pilot=Pilot("Typo")),
    )
    out = tmp_path / "force.pdf"
    r = cli("render", force, "--units", tmp_path / "megamek", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert "unit 3 (Sirne): no unit file" in r.stderr
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    assert "Kael Ward “Ghost”" in text and "Ilse Marr" in text and "Typo" not in text
    assert "Point 1" in text and "Point 2" in text
    r = cli("validate", force, "--units", tmp_path / "megamek")
    assert r.exit_code == 0 and "2 units in roster" in r.stdout
    r = cli("info", "--json", force, "--units", tmp_path / "megamek")
    assert r.exit_code == 0 and [u["gunnery"] for u in json.loads(r.stdout)] == [3, 4]
    from sheets.games.battletech.mul import UNITS_ENV

    assert UNITS_ENV not in os.environ  # the folder was for that command only
    r = cli("render", FIX.parent / "../../data/units/dust/sample_force.yaml", "--units", FIX)
    assert r.exit_code == 2 and "--units is an option of battletech, not of dust" in r.stderr


def test_render_defaults_to_the_forces_folder(cli, tmp_path):
    _units(tmp_path, "Harpy")
    force = tmp_path / "units" / "f.mul"
    force.write_bytes(write_mul([Entity("Harpy", pilot=Pilot("Kael Ward"))]))
    r = cli("render", force, "-o", tmp_path / "f.pdf")
    assert r.exit_code == 0 and (tmp_path / "f.pdf").exists()


@pytest.mark.parametrize("encoding", ["x-foo", "base64", "zlib"])
def test_the_api_refuses_an_encoding_with_a_message(encoding):
    """Issue 31: the page answered HTTP 500 (an exception out of the parser)."""
    from sheets import api

    data = write_mul([Entity("Harpy")]).replace(b'encoding="UTF-8"', f'encoding="{encoding}"'.encode())
    problems, units, _game = api.check([api.Source("f.mul", data), api.Source("Harpy.blk", HARPY)])
    assert units == 1 and [str(p) for p in problems if "f.mul" in str(p)] == [  # Harpy.blk on its own
        f"f.mul:1:31: encoding '{encoding}' is not supported: MegaMek writes its force files in UTF-8"
    ]
