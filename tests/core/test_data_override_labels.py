"""A user's --data-dir labels file must give every label in both languages: a key without `ru`
is an input error at its file:line:col (exit 1, nothing written), never a silent English
fallback on a Russian page nor a crash (exit 3)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
MINOTAUR = ROOT / "data/units/battletech/minotaur.yaml"


def run(env, *args):
    return subprocess.run(
        [sys.executable, "-m", "sheets", *map(str, args)], capture_output=True, text=True, env=env
    )


@pytest.fixture
def labels_without_ru(tmp_path):
    from sheets.core.data import data_root

    text = (data_root() / "battletech/labels.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    [i] = [n for n, line in enumerate(lines) if line.startswith("sheet_title:")]
    lines[i] = 'sheet_title: {en: "MY STAR SHEET"}'
    folder = tmp_path / "override"
    (folder / "battletech").mkdir(parents=True)
    path = folder / "battletech/labels.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder, path, i + 1


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_label_without_ru_is_an_input_error_at_its_line(tmp_path, subprocess_env, labels_without_ru, lang):
    folder, path, line = labels_without_ru
    out = tmp_path / "o.pdf"
    r = run(subprocess_env, "--data-dir", folder, "render", MINOTAUR, "--lang", lang, "-o", out)
    assert r.returncode == 1, r.stderr
    assert r.stderr.startswith(f"{path}:{line}:14: ") and "'sheet_title'" in r.stderr and "ru" in r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    assert not out.exists()
