"""Order-of-battle files: loading, counter parsing, SW limits, did-you-mean, info/schema/roster."""

import json
from pathlib import Path

import pytest

from sheets.core.errors import InputError
from sheets.core.loader import load_file
from sheets.core.schema import CONTROL

ROOT = Path(__file__).resolve().parents[2]
US = ROOT / "data/units/lnl/hill30_us.yaml"
DE = ROOT / "data/units/lnl/hill30_german.yaml"


def test_samples_load_with_melee_fp():
    us = load_file(US)
    assert us.roster["side"] == "US" and len(us.units) == 6
    info = {u.name: us.game.info(u, us.options) for u in us.units}
    assert info["1st Squad"]["counter"] == "2-5-4" and info["1st Squad"]["fp"] == 2
    assert info["3rd Squad (half)"]["melee_attack_fp"] == 1  # 0 IFP counts as 1
    assert info["Lt. Baker"]["melee_eligible"] is False
    assert info["Sgt. Cole"]["melee_defence_fp"] == 1
    de = load_file(DE)
    assert {u.name: de.game.info(u, de.options)["melee_attack_fp"] for u in de.units}["Gruppe 1"] == 3


BAD = """\
system: lnl
units:
  - name: A
    kind: squad
    counter: "2-5"
  - name: B
    kind: squad
    counter: "1-6-4"
    weapons: [Satchel Chrage]
  - name: C
    kind: half_squad
    counter: "0-2-3"
    weapons: [MG, MG-34]
  - name: D
    kind: squad
    counter: "1-6-4"
    weapons: [MG, MG-34, MG-42, M1919, MG]
  - name: E
    kind: leader
    weapons: [MG, MG-34]
"""


def test_every_problem_at_its_line(write):
    path = write("bad.yaml", BAD)
    with pytest.raises(InputError) as err:
        load_file(path)
    lines = [str(p) for p in err.value.problems]
    assert len(lines) == 4, lines  # C and E carry more SWs than they use: allowed (the rules limit use)
    assert lines[0].startswith(f"{path}:5:14: ") and "bad counter '2-5'" in lines[0]
    assert lines[1].startswith(f"{path}:9:15: ") and "did you mean 'Satchel Charge'" in lines[1]
    assert (
        lines[2].startswith(f"{path}:17:")
        and "5 support weapons: a counter's sheet has room for 4" in lines[2]
    )
    assert any("a leader needs its leadership modifier" in l for l in lines)


def test_cli_validate_info_schema_roster(cli, write, tmp_path):
    ok = cli("validate", US, DE)
    assert ok.exit_code == 0 and "ok (lnl, 6 units in roster)" in ok.stdout
    bad = cli("validate", write("bad.yaml", BAD))
    assert bad.exit_code == 1 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 4
    info = json.loads(cli("info", "--json", DE).stdout)
    assert [r["melee_attack_fp"] for r in info] == [3, 1, 2 + 3, 1, None]  # Satchel Charge FP 3 (catalogue)
    assert info[4]["nme_reason"] == "sniper"
    schema = json.loads(cli("schema", "lnl").stdout)
    unit = schema["properties"]["units"]["items"]["anyOf"][0]
    assert "half_squad" in unit["properties"]["kind"]["anyOf"][0]["enum"]
    side = schema["properties"]["roster"]["anyOf"][0]["properties"]["side"]
    assert {"type": "string", "maxLength": 80, "not": {"pattern": CONTROL}} in side["anyOf"]
    roster = json.loads(cli("roster", US, "--format", "json").stdout)
    assert roster["total"] == 4 + 2 + 1 + 0 + 1 + 0 and roster["unit_count"] == 6
    assert roster["groups"][0]["rows"][0]["sw"] == "M1919"
    ru = json.loads(cli("roster", US, "--format", "json", "--lang", "ru").stdout)
    assert ru["groups"][0]["rows"][2]["kind"] == "Полотделения" and ru["limit_unit"] == "ед."


def test_systems_lists_lnl(cli):
    assert "Lock 'n Load Tactical" in cli("systems").stdout
