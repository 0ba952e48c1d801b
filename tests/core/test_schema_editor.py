"""`sheets schema GAME` accepts what `validate` accepts (issue 20): every sample, starter and
fixture validates against it with the jsonschema library; aliases, any letter case of a choice
and ``from:`` references are in it; the tables' names are enums for the editor's completion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"
GAMES = ["battletech", "dmech", "dust", "lnl", "wh40k6"]
SHARED = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "battlescribe"  # beside the checkout


def schema_of(cli, game) -> dict:
    r = cli("schema", game)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.Draft202012Validator.check_schema(doc)
    return doc


def problems(schema, data) -> list[str]:
    v = jsonschema.Draft202012Validator(schema)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in v.iter_errors(data)]


def unit_files():
    files = sorted(UNITS.rglob("*.yaml"))
    files += sorted((ROOT / "tests").rglob("*.yaml"))
    return files


@pytest.mark.parametrize("path", unit_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_validate_accepts_validates_against_the_schema(cli, path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("system") not in GAMES:
        pytest.skip("not a unit file")
    if cli("validate", path).exit_code != 0:
        pytest.skip("a file validate refuses (a fixture of a failure)")
    assert problems(schema_of(cli, data["system"]), data) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_starter_validates_against_its_schema(cli, game):
    from sheets.api import starter, starter_kinds

    schema = schema_of(cli, game)
    for kind in starter_kinds(game):
        for lang in ("en", "ru"):
            assert problems(schema, yaml.safe_load(starter(game, kind, lang))) == [], (kind, lang)


def test_imported_fixtures_validate_against_the_schema(cli, tmp_path):
    blk = sorted((ROOT / "tests/megamek/fixtures").glob("*.blk"))
    r = cli("import", "megamek", *blk, "-o", tmp_path / "bt.yaml")
    schema = schema_of(cli, "battletech")
    assert problems(schema, yaml.safe_load((tmp_path / "bt.yaml").read_text())) == []
    rosters = sorted(SHARED.glob("*.ros")) + sorted(SHARED.glob("*.rosz"))
    if not rosters:
        pytest.skip("shared BattleScribe fixtures absent")
    schema = schema_of(cli, "wh40k6")
    checked = 0
    for ros in rosters:
        r = cli("import", "battlescribe", ros)
        if r.exit_code != 0:
            continue  # a fixture of another game system: refused, nothing to check
        assert problems(schema, yaml.safe_load(r.stdout)) == [], ros
        checked += 1
    assert checked >= 2


def test_aliases_letter_case_and_from_references(cli, write):
    bt = schema_of(cli, "battletech")
    unit = {
        "name": "Roc",
        "weight": 7,
        "motion": "Biped",
        "walk": 5,
        "armour": {"head": 3, "torso": 10, "right arm": 4, "left_arm": 4, "legs": 7, "main gun": 3},
        "equipment": [{"item": "ER Medium Laser", "location": "Main Gun"}],
    }
    doc = {
        "system": "battletech",
        "rules": "TW",
        "units": [unit, {"from": "lib.yaml", "name": "Roc", "pilot": {"name": "Kael"}}],
    }
    path = write("roc.yaml", yaml.safe_dump({"system": "battletech", "units": [unit]}))
    r = cli("validate", path)
    assert r.exit_code == 0, r.stderr  # the loader takes these spellings
    assert problems(bt, doc) == []
    assert problems(bt, {**doc, "units": [{**unit, "wieght": 7}]})  # a typo is still refused
    assert problems(bt, {**doc, "units": [{"from": "lib.yaml", "nmae": "Roc"}]})
    assert problems(bt, {**doc, "units": [{**unit, "motion": "bipedd"}]})
    assert problems(bt, {**doc, "rules": "total warfare"})


def test_enums_for_completion(cli):
    bt = json.dumps(schema_of(cli, "battletech"), ensure_ascii=False)
    for name in ("ER Medium Laser", "Machine Gun Ammo", "main_gun", "glider"):
        assert f'"{name}"' in bt
    lnl = json.dumps(schema_of(cli, "lnl"), ensure_ascii=False)
    for name in ("MG-34", "M1919", "базука", "half_squad"):
        assert f'"{name}"' in lnl
    dmech = json.dumps(schema_of(cli, "dmech"), ensure_ascii=False)
    assert '"малый"' in dmech  # the Russian class names the loader accepts
    w40k = schema_of(cli, "wh40k6")
    sample = yaml.safe_load((UNITS / "wh40k6/sample_list.yaml").read_text())
    sample["units"][0]["slot"] = "Heavy Support"  # an alias, in another letter case
    sample["units"][0]["pts"] = sample["units"][0].pop("points")
    assert problems(w40k, sample) == []


def test_schema_output_and_the_editor_line(cli, tmp_path):
    out = tmp_path / "dust.schema.json"
    assert cli("schema", "dust", "-o", out).exit_code == 0
    assert json.loads(out.read_text())["properties"]["system"]
    r = cli("schema", "dust", "-o", tmp_path / "dust.yaml")
    assert r.exit_code == 2 and "`sheets schema` makes .json" in r.stderr
    from sheets.api import unit_file_schema

    assert json.loads(cli("schema", "lnl").stdout) == unit_file_schema("lnl")
