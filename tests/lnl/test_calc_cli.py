"""`sheets calc lnl melee` through the CLI: --json keys and values, exit codes, --best."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
US = ROOT / "data/units/lnl/hill30_us.yaml"
DE = ROOT / "data/units/lnl/hill30_german.yaml"
KEYS = {"fp", "units", "targets", "ratio", "column", "kill_number", "kn_verified", "drm", "need", "p_kill"}


def melee(cli, *args):
    r = cli("calc", "lnl", "melee", *args, "--json")
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def test_s3_json(cli):
    out = melee(cli, "--a", "2-5-4", "2-5-4", "--b", "1-6-4+MG-34", "1-6-4")
    assert KEYS <= set(out["a"]) and KEYS <= set(out["b"])
    a = out["a"]
    assert (a["fp"], a["ratio"], a["column"], a["kill_number"], a["kn_verified"]) == (
        4,
        "4:4",
        "1:1",
        8,
        True,
    )
    assert a["targets"] == ["B1", "B2"] and [u["fp"] for u in a["units"]] == [2, 2]
    assert a["need"] == 8 and a["p_kill"] == pytest.approx(15 / 36)
    o = out["outcomes"]
    assert set(o) == {"only_b_destroyed", "only_a_destroyed", "both", "neither"}
    assert sum(o.values()) == pytest.approx(1)
    assert o["both"] == pytest.approx((15 / 36) ** 2)


def test_s4_s5_zero_fp_json(cli):
    out = melee(cli, "--a", "half:0-2-3", "half:0-2-3", "--b", "2-6-4")
    assert (out["a"]["drm"], out["a"]["need"]) == (-2, 10)
    assert out["a"]["p_kill"] == pytest.approx(6 / 36)
    assert (out["b"]["drm"], out["b"]["need"]) == (2, 6)
    assert out["b"]["p_kill"] == pytest.approx(26 / 36)


def test_d8_ambush_json(cli):
    out = melee(cli, "--a", "2-5-4", "--b", "1-6-4", "--ambush", "a")
    assert out["a"]["fp"] == 6 and out["a"]["ratio"] == "6:1" and out["a"]["column"] == "5:1"
    assert out["first"] == "a" and out["outcomes"]["both"] == 0
    assert out["outcomes"]["only_b_destroyed"] == pytest.approx(out["a"]["p_kill"])


def test_targets_lm_hero_and_files(cli):
    out = melee(
        cli, "--a", "2-5-4", "2-5-4", "--b", "1-4-4", "1-4-4", "--a-targets", "B1", "--a-lm", "1", "--b-hero"
    )
    assert out["a"]["column"] == "4:1" and out["a"]["drm"] == 1 and out["a"]["need"] == 3
    assert out["b"]["column"] == "1:1"  # 2:4 = 1:2, one column for B's hero
    out = melee(cli, "--a", US, "--b", f"{DE}#Gruppe 1", f"{DE}#Lt. Vogel")
    assert out["a"]["targets"] == ["Gruppe 1", "Lt. Vogel"]
    assert "Lt. Baker" in out["a"]["nme"] and out["a"]["lm"] == 1


def test_illegal_attacks_exit_1_with_the_reason(cli):
    r = cli("calc", "lnl", "melee", "--a", "1-4-4", "--b", "2-5-4", "2-5-4")
    assert r.exit_code == 1 and "below 1:3" in r.stderr and "--a-targets B1" in r.stderr
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "2-5-4", "leader:lm1", "--a-targets", "B2")
    assert r.exit_code == 1 and "not melee-eligible" in r.stderr and "targets: B1" in r.stderr
    r = cli("calc", "lnl", "melee", "--a", "sniper:", "--b", "sniper:")
    assert r.exit_code == 1 and "no melee-eligible unit" in r.stderr
    assert r.stdout == ""


def test_usage_errors_exit_2(cli):
    r = cli("calc", "lnl", "melee", "--a", "2-5", "--b", "2-5-4")
    assert r.exit_code == 2 and "Firepower-Range-Morale" in r.output
    r = cli("calc", "lnl", "melee", "--a", "1-6-4+MG-43", "--b", "2-5-4")
    assert r.exit_code == 2 and "unknown support weapon" in r.output
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "2-5-4", "--a-targets", "B9")
    assert r.exit_code == 2 and "no enemy unit named 'B9'" in r.output


def test_best_ranks_six_against_six(cli):
    six = ["2-5-4", "1-6-4+MG-34", "half:0-2-3", "2-6-4", "hero:1-4-5", "leader:lm1+MG"]
    out = melee(cli, "--a", *six, "--b", *six, "--best")
    best = out["best"]["a"]
    ranked = [r["p_kill"] for r in best["by_p_kill"]]
    assert ranked == sorted(ranked, reverse=True) and best["choices"] > 12
    exp = [r["expected_fp_destroyed"] for r in best["by_expected_fp"]]
    assert exp == sorted(exp, reverse=True)
    for row in best["by_p_kill"]:
        assert row["expected_fp_destroyed"] == pytest.approx(row["p_kill"] * row["target_fp"])


def test_human_output_marks_unverified_kill_numbers(cli):
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "1-6-4")
    assert r.exit_code == 0
    assert "Kill Number 6;" in r.stdout  # 2:1, verified
    assert "Kill Number 10†" in r.stdout and "not verified" in r.stdout  # 1:2, unverified
    assert "only B loses units: B1" in r.stdout


def test_data_dir_override_verifies_a_cell(tmp_path, subprocess_env):
    import yaml

    from sheets.core.data import data_root

    table = yaml.safe_load((data_root() / "lnl/melee_table.yaml").read_text(encoding="utf-8"))
    table["melee_table"]["1:2"]["verified"] = True
    (tmp_path / "lnl").mkdir()
    (tmp_path / "lnl/melee_table.yaml").write_text(yaml.safe_dump(table), encoding="utf-8")
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "sheets",
            "--data-dir",
            str(tmp_path),
            "calc",
            "lnl",
            "melee",
            "--a",
            "1-4-4",
            "--b",
            "2-5-4",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    out = json.loads(r.stdout)
    assert out["a"]["column"] == "1:2" and out["a"]["kn_verified"] is True


def test_russian_explanations(cli):
    r = cli(
        "calc",
        "lnl",
        "melee",
        "--a",
        "half:0-2-3",
        "half:0-2-3",
        "--b",
        "2-6-4",
        "1-6-4+Satchel Charge",
        "--a-targets",
        "B1",
        "--lang",
        "ru",
    )
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "А атакует: Б1" in out and "IFP 0 считается как 1 = 1" in out
    assert "выбросить 10+ на 2d6" in out and "подрывной заряд (Б2)" in out
    assert "Исход раунда:" in out and "смертельное число (KN) не сверено" in out
    for english in ("attacks", "Kill Number", "Outcome", "rounded", "Satchel", "half_squad", "A1", "B1"):
        assert english not in out
    data = json.loads(
        cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "1-6-4", "1-6-4", "--lang", "ru", "--json").stdout
    )
    assert data["a"]["kill_number"] == 8 and data["a"]["units"][0]["why"] == "IFP 2 = 2"
