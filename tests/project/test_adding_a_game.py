"""docs/adding-a-game.md's recipe, proved: the example plug-in of docs/example-plugin (a package of
its own) installed beside sheets — its files and its entry point, as pip would install them — is
found through the ``sheets.games.v1`` entry point and validates, prints a sheet and an army list,
offers its render option and runs its calculator through the CLI and the API, with nothing of it
in the sheets package."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "docs" / "example-plugin"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A folder holding the plug-in as installed: its package and a dist-info with the entry
    points its pyproject.toml declares."""
    site = tmp_path_factory.mktemp("site")
    shutil.copytree(PLUGIN / "toy_soldiers", site / "toy_soldiers")
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text(
        "".join(f"[{g}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) for g, eps in groups.items()),
        encoding="utf-8",
    )
    return site


def sheets(site, subprocess_env, *args, cwd=None):
    env = dict(subprocess_env, PYTHONPATH=f"{site}:{subprocess_env['PYTHONPATH']}", SHEETS_CONFIG="")
    return subprocess.run(
        [sys.executable, "-m", "sheets", *map(str, args)], capture_output=True, text=True, env=env, cwd=cwd
    )


def test_the_plugin_is_not_part_of_sheets():
    assert not list((ROOT / "sheets").rglob("toy_soldiers*"))
    assert (
        "toy"
        not in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][
            "sheets.games.v1"
        ]
    )


def test_the_game_is_registered_and_checks_its_files(site, subprocess_env, tmp_path):
    r = sheets(site, subprocess_env, "systems", "--json")
    assert r.returncode == 0, r.stderr
    toy = next(g for g in json.loads(r.stdout) if g["id"] == "toy")
    assert toy == {
        "id": "toy",
        "name": "Toy Soldiers",
        "name_ru": "Оловянные солдатики",
        "unit_kinds": ["soldier"],
        "variants": [],
    }
    r = sheets(site, subprocess_env, "validate", PLUGIN / "toy.yaml")
    assert r.returncode == 0 and r.stdout.strip().endswith("ok (toy, 2 units in roster)"), r.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: toy\nunits:\n  - {name: Tin Giant, points: 60}\n  - {name: X, ponts: 5}\n", encoding="utf-8"
    )
    r = sheets(site, subprocess_env, "validate", bad, "--json")
    assert r.returncode == 1
    problems = json.loads(r.stdout)
    assert [(p["line"], p["message"]) for p in problems] == [
        (3, "unit 'Tin Giant': a soldier of more than 50 points has at least 2 wounds"),
        (4, "unit 'X': unknown key 'ponts' (did you mean 'points'?)"),
        (4, "unit 'X': missing required key 'points'"),
    ]
    assert problems[0]["code"] == "toy-wounds"  # the game's own code for its rule


def test_the_game_prints_its_sheet_and_army_list_with_its_option(site, subprocess_env, tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "toy.pdf"
    r = sheets(
        site,
        subprocess_env,
        "render",
        PLUGIN / "toy.yaml",
        "-o",
        out,
        "--drill",
        "3",
        "--lang",
        "ru",
        "--check-layout",
    )
    assert r.returncode == 0, r.stderr
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    for words in (
        "Оловянные солдатики",
        "Tin Captain",
        "40 очки",
        "Попадания",
        "Строевая",
        "Tin Company",
        "Итого: 50 очков",
    ):
        assert words in text, words
    assert "вёрстка: проблем нет (проверено: 1 страница)" in r.stderr  # the messages of --lang ru
    r = sheets(site, subprocess_env, "render", "-h")
    assert "--drill N" in r.stdout and "toy: Boxes of the drill track on each card. [0–6]" in " ".join(
        r.stdout.split()
    )
    r = sheets(site, subprocess_env, "render", PLUGIN / "toy.yaml", "-o", out, "--drill", "7")
    assert r.returncode == 2 and "Invalid value for '--drill': expected 0 to 6, got 7" in r.stderr
    r = sheets(
        site, subprocess_env, "render", ROOT / "data/units/battletech/roc.yaml", "-o", out, "--drill", "2"
    )
    assert r.returncode == 2 and "--drill is an option of toy, not of battletech" in r.stderr


def test_the_calculator_runs_through_the_cli_and_the_api(site, subprocess_env):
    r = sheets(site, subprocess_env, "calc", "toy", "volley", "--shots", "6", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"shots": 6, "hit_on": 4, "expected_hits": 3.0}
    r = sheets(site, subprocess_env, "calc", "toy", "volley", "--shots", "6", "--hit-on", "2")
    assert r.stdout.strip() == "6 shots hitting on 2+: 5.00 hits expected"
    code = (
        "from sheets import api; import json; c = api.calculate('toy', 'volley', {'shots': '12'}, 'ru'); "
        "print(json.dumps([c.result, c.text, [i['name'] for i in api.calculators('toy')[0]['inputs']]], ensure_ascii=False))"
    )
    env = dict(subprocess_env, PYTHONPATH=f"{site}:{subprocess_env['PYTHONPATH']}")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert json.loads(out.stdout) == [
        {"shots": 12, "hit_on": 4, "expected_hits": 6.0},
        "12 выстр. с попаданием на 4+: ожидается попаданий 6.00",
        ["shots", "hit_on"],
    ], out.stderr
