"""Users override rule tables and labels with --data-dir (unverified values are editable data)."""

import json
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
MINOTAUR = ROOT / "data/units/battletech/minotaur.yaml"


def run(env, *args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "sheets", *map(str, args)], capture_output=True, text=True, env=env, cwd=cwd
    )


def test_override_changes_numbers_and_labels(tmp_path, subprocess_env):
    from sheets.core.data import data_root

    base = json.loads(run(subprocess_env, "info", "--json", MINOTAUR).stdout)[0]
    cat = yaml.safe_load((data_root() / "battletech/weapons.yaml").read_text(encoding="utf-8"))
    for w in cat["weapons"]:
        if w["name"] == "ER Medium Laser":
            w["bv"] = w["bv"] // 2
    (tmp_path / "battletech").mkdir()
    (tmp_path / "battletech/weapons.yaml").write_text(
        yaml.safe_dump(cat, allow_unicode=True), encoding="utf-8"
    )
    (tmp_path / "battletech/labels.yaml").write_text(
        (data_root() / "battletech/labels.yaml")
        .read_text(encoding="utf-8")
        .replace('sheet_title: {en: "ProtoMech record sheet"', 'sheet_title: {en: "My Star Sheet"'),
        encoding="utf-8",
    )
    changed = json.loads(run(subprocess_env, "--data-dir", tmp_path, "info", "--json", MINOTAUR).stdout)[0]
    assert changed["bv"] < base["bv"]
    env = dict(subprocess_env, SHEETS_DATA_DIR=str(tmp_path))
    assert json.loads(run(env, "info", "--json", MINOTAUR).stdout)[0]["bv"] == changed["bv"]
    out = tmp_path / "o.pdf"
    assert run(env, "render", MINOTAUR, "-o", out).returncode == 0
    import pypdf

    assert "My Star Sheet" in pypdf.PdfReader(str(out)).pages[0].extract_text()


def test_broken_override_is_an_input_error(tmp_path, subprocess_env):
    (tmp_path / "battletech").mkdir()
    bad = tmp_path / "battletech/weapons.yaml"
    bad.write_text("weapons: [\n", encoding="utf-8")
    r = run(subprocess_env, "--data-dir", tmp_path, "info", MINOTAUR)
    assert r.returncode == 1 and r.stderr.startswith(f"{bad}:") and "Traceback" not in r.stderr
