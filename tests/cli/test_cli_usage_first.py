"""A usage error comes before any result, on every command (``validate DIR --rules X`` printed its
results, then the error): exit 2, the usage error alone on stderr (no file's problems, no "ok"
line, no "wrote"), nothing on stdout and no file written."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "data" / "units"
ROC = UNITS / "battletech" / "roc.yaml"
DUST = UNITS / "dust" / "sample_force.yaml"
LNL = UNITS / "lnl" / "hill30_us.yaml"
HARPY = ROOT / "tests" / "megamek" / "fixtures" / "Harpy.blk"


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "mixed"
    d.mkdir()
    (d / "a.yaml").write_bytes(ROC.read_bytes())
    (d / "b.yaml").write_bytes(DUST.read_bytes())
    (d / "c.yaml").write_text("system: battletech\nunits: 3\n", encoding="utf-8")  # a broken file
    return d


CASES = [
    (["validate", "FOLDER", "--rules", "tw"], "--rules: dust has no rule variants"),
    (
        ["validate", DUST, "FOLDER/c.yaml", "--units", "FOLDER"],
        "--units is an option of battletech, not of dust",
    ),
    (
        ["render", DUST, "FOLDER/c.yaml", "--tables", "-o", "OUT/r.pdf"],
        "--tables is an option of dmech, not of",
    ),
    (["roster", LNL, "--rules", "tw", "-o", "OUT/l.md"], "--rules: lnl has no rule variants"),
    (["info", "FOLDER", "--rules", "tw"], "--rules: dust has no rule variants"),
    (["info", DUST, "FOLDER/c.yaml", "--units", "FOLDER"], "--units is an option of battletech, not of dust"),
    (["render", ROC, "--card", "tarot", "-o", "OUT/r.pdf"], "--card is an option of dust, not of battletech"),
    (["render", ROC, DUST, "-o", "OUT/r.pdf"], "render one game at a time (got battletech, dust)"),
    (["render", LNL, "--rules", "tw", "-o", "OUT/r.pdf"], "--rules: lnl has no rule variants"),
    (["roster", DUST, "--rules", "tw", "-o", "OUT/l.md"], "--rules: dust has no rule variants"),
    (
        ["roster", DUST, "--template", ROC, "-o", "OUT/l.pdf"],
        "--template makes the text formats md, html, bbcode",
    ),
    (["reference", "dust", "--rules", "tw", "-o", "OUT/ref.pdf"], "--rules: dust has no rule variants"),
    (
        ["chart", "lnl", "melee-odds", "--rules", "classic", "-o", "OUT/c.pdf"],
        "--rules: lnl has no rule variants",
    ),
    (["new", "dmech", "-o", "OUT/x.txt"], "`sheets new` makes .yaml"),
    (["import", "megamek", HARPY, "--units", "FOLDER"], "--units DIR is for MegaMek force files (.mul)"),
    (["import", "megamek", HARPY, "-o", "OUT/a.yaml", "-d", "OUT"], "give either -o or -d, not both"),
    (["import", "battlescribe", "a.ros", "b.ros", "-o", "OUT/a.yaml"], "-o takes one roster; use -d DIR"),
    (["calc", "dust", "cover", "--unit", f"{DUST}#Sample Laser Squad"], "Missing option '--cover'"),
    (["info", ROC, "--json", "-o", "OUT/i.txt"], "--json but -o"),
]


@pytest.mark.parametrize("args, message", CASES, ids=[" ".join(str(a)[:10] for a in c[0][:3]) for c in CASES])
def test_a_usage_error_comes_alone_and_first(cli, tmp_path, folder, monkeypatch, args, message):
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.chdir(tmp_path)
    args = [str(a).replace("FOLDER", str(folder)).replace("OUT", str(out)) for a in args]
    r = cli(*args)
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    assert message in r.stderr
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert lines[-1].startswith("Error: ") and all(
        line.startswith(("Usage: ", "Try '", "Error: ")) for line in lines
    ), r.stderr  # no problem of the broken file, no "ok", no "wrote"
    assert list(out.iterdir()) == [] and not (tmp_path / "output").exists()
