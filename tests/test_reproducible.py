"""Byte-identical PDFs for the same input, across processes with different hash seeds."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CASES = [
    ["render", ROOT / "data/units/battletech/point-alpha.yaml", "--lang", "ru", "--rules", "tw"],
    ["render", ROOT / "data/units/dust/sample_force.yaml", "--backs"],
    ["render", ROOT / "data/units/dmech/otrok.yaml", "--tables", "--paper", "letter"],
    ["chart", "dmech", "facing", "--mono"],
    ["reference", "battletech"],
    ["render", ROOT / "data/units/lnl/hill30_us.yaml", ROOT / "data/units/lnl/hill30_german.yaml", "--lang", "ru"],
]


@pytest.mark.parametrize("args", CASES, ids=lambda a: "-".join(str(x) for x in a[:2]))
def test_same_bytes_across_processes(tmp_path, subprocess_env, args):
    outputs = []
    for seed in ("1", "12345"):
        out = tmp_path / f"out-{seed}.pdf"
        env = dict(subprocess_env, PYTHONHASHSEED=seed)
        r = subprocess.run([sys.executable, "-m", "sheets", *map(str, args), "-o", str(out)],
                           capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
