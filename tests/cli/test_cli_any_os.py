"""Issue 20, "On any machine": text the CLI prints to a pipe or a file is UTF-8 whatever the
locale says (a Windows console redirect is cp1252; a bare POSIX locale is ASCII).

Each command runs in a subprocess with ``PYTHONIOENCODING=cp1252`` or ``LC_ALL=C`` and its
standard output piped: exit 0, and the bytes decode as UTF-8 to the Russian words the command
prints (the words are pinned literally, not read back from the labels files)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"
OTROK = UNITS / "dmech" / "otrok.yaml"
DUST = UNITS / "dust" / "sample_force.yaml"

LOCALES = {
    "cp1252": {"PYTHONIOENCODING": "cp1252"},
    "LC_ALL=C": {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "", "PYTHONUTF8": "0"},
    "both": {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "cp1252", "PYTHONUTF8": "0"},
}


def run(args, env_extra, cwd=None):
    env = dict(os.environ)
    for k, v in env_extra.items():
        if v == "":
            env.pop(k, None)
        else:
            env[k] = v
    r = subprocess.run(
        [sys.executable, "-m", "sheets", *map(str, args)], capture_output=True, env=env, cwd=cwd, timeout=120
    )
    assert r.returncode == 0, r.stderr.decode("utf-8", "replace")
    return r.stdout.decode("utf-8")  # strict: a cp1252 or ASCII byte would raise here


@pytest.fixture(params=sorted(LOCALES))
def locale(request):
    return LOCALES[request.param]


def test_roster_bbcode_keeps_a_russian_unit_name(locale):
    out = run(["roster", OTROK, "--format", "bbcode"], locale)
    assert "[*][b]Отрок[/b]" in out
    assert "[b]Total: 0 points[/b]" in out


def test_roster_russian_markdown(locale):
    out = run(["roster", DUST, "--lang", "ru", "--format", "md"], locale)
    assert out.startswith("# Список армии: Sample Axis force\n")
    assert "| № | Отряд | Тип | Броня | Герой | ОА |" in out
    assert "| 2 | Sample Hero Keller | Герой | S3 | → Sample Laser Squad | 12 |" in out


def test_roster_markdown_to_a_file_is_utf8(locale, tmp_path):
    run(["roster", DUST, "--lang", "ru", "-o", tmp_path / "list.md"], locale)
    assert (tmp_path / "list.md").read_bytes().decode("utf-8").startswith("# Список армии:")


def test_calc_lnl_melee_in_russian(locale):
    out = run(["calc", "lnl", "melee", "--a", "1-6-4", "--b", "4-6-4", "--lang", "ru"], locale)
    assert out.startswith("Раунд ближнего боя (одновременный: потери снимаются после обеих атак)")
    assert "А атакует: Б1" in out


def test_info_in_russian(locale):
    out = run(["info", "--lang", "ru", OTROK], locale)
    assert out.startswith("== Отрок (")
    assert "  вид: бронеход\n  класс: Малый\n" in out
    assert "Врановская двухладонка" in out


def test_validate_json_of_a_russian_file(locale, tmp_path):
    text = DUST.read_text(encoding="utf-8")
    text = text.replace("Sample Laser Squad", "Лазерное отделение")
    text = text.replace("Sample Hero Keller\n    faction: Axis", "Герой Келлер\n    faction: Союзники")
    (tmp_path / "отряд.yaml").write_text(text, encoding="utf-8")
    out = run(["validate", "--json", "отряд.yaml"], locale, cwd=tmp_path)
    rows = json.loads(out)
    assert rows == [
        {
            "file": "отряд.yaml",
            "line": 41,
            "column": 12,
            "severity": "warning",
            "code": "dust-cross-faction",
            "message": "unit 'Герой Келлер': hero of 'Союзники' joins 'Лазерное отделение' of 'Axis': "
            "a hero leads his own army's squads",
        }
    ]
    assert "Лазерное отделение".encode() in out.encode("utf-8")
