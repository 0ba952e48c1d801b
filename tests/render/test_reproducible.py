"""Byte-identical PDFs for the same input, across processes with different hash seeds.

One child process per hash seed renders every case (through the real CLI entry point), so the
suite pays two interpreter start-ups instead of two per case."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

CASES = [
    ["render", ROOT / "data/units/battletech/point-alpha.yaml", "--lang", "ru", "--rules", "tw"],
    ["render", ROOT / "data/units/dust/sample_force.yaml", "--backs"],
    ["render", ROOT / "data/units/dmech/otrok.yaml", "--tables", "--paper", "letter"],
    ["chart", "dmech", "facing", "--mono"],
    ["reference", "battletech"],
    [
        "render",
        ROOT / "data/units/lnl/hill30_us.yaml",
        ROOT / "data/units/lnl/hill30_german.yaml",
        "--lang",
        "ru",
    ],
]

CHILD = """
import json, sys
from sheets.cli import main
for args in json.loads(sys.argv[1]):
    try:
        main(args)
    except SystemExit as exc:
        if exc.code not in (0, None):
            print(f"{args}: exit {exc.code}", file=sys.stderr)
            sys.exit(1)
"""


def test_same_bytes_across_processes(tmp_path, subprocess_env):
    outputs = {}
    for seed in ("1", "12345"):
        runs = [
            [*map(str, args), "-o", str(tmp_path / f"case{i}-{seed}.pdf")] for i, args in enumerate(CASES)
        ]
        env = dict(subprocess_env, PYTHONHASHSEED=seed)
        r = subprocess.run(
            [sys.executable, "-c", CHILD, json.dumps(runs)], capture_output=True, text=True, env=env
        )
        assert r.returncode == 0, r.stderr
        outputs[seed] = [(tmp_path / f"case{i}-{seed}.pdf").read_bytes() for i in range(len(CASES))]
    for i, args in enumerate(CASES):
        assert outputs["1"][i].startswith(b"%PDF"), args
        assert outputs["1"][i] == outputs["12345"][i], args
