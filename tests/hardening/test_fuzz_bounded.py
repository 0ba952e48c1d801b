"""Issue 19's fuzz generators (tests/hardening/generators.py), every case in a child bounded to
1 GiB of address space and 10 s: hostile templates, alias fan-out, ``-o`` aimed at an input of a
parallel load, signals during multi-file renames, settings files, the page's calculator requests. CI runs ``CI_CASES`` fixed cases per generator;
``pytest tests/hardening/test_fuzz_bounded.py --fuzz-long=N`` runs N cases per generator
(random, ``--fuzz-seed``), and ``SHEETS_FUZZ_STATS=stats.json`` writes the figures (cases per
generator, exit codes, the worst time and memory) to ``stats.json.bounded.json``."""

import json
import os
import random
import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest

from .generators import GENERATORS, check, run

pytestmark = pytest.mark.fuzz

CI_CASES = {
    "template": 6,
    "alias": 4,
    "output-input": 3,
    "rename-signal": 4,
    "settings": 12,
    "calc-request": 6,
    "mul": 8,
}


@pytest.fixture(scope="module")
def stats():
    figures = {}
    yield figures
    path = os.environ.get("SHEETS_FUZZ_STATS")
    if path:
        Path(path + ".bounded.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")


@pytest.mark.parametrize("name", list(GENERATORS))
def test_bounded_fuzz(request, tmp_path, stats, name):
    long_run = request.config.getoption("--fuzz-long")
    seed = request.config.getoption("--fuzz-seed")
    count = long_run or CI_CASES[name]
    rng = random.Random(f"{name}:{seed}:{bool(long_run)}")  # CI: the same cases every time
    figures = stats.setdefault(
        name,
        {"cases": 0, "exit_codes": Counter(), "worst_seconds": 0.0, "worst_peak_mib": 0.0, "failures": []},
    )
    for i in range(count):
        workdir = Path(tempfile.mkdtemp(dir=tmp_path))
        try:
            case = GENERATORS[name](rng, workdir)
            result = run(case)
            problems = check(case, result)
            figures["cases"] += 1
            figures["exit_codes"][str(result.returncode)] += 1
            figures["worst_seconds"] = max(figures["worst_seconds"], round(result.seconds, 2))
            figures["worst_peak_mib"] = max(figures["worst_peak_mib"], round(result.peak_bytes / 2**20, 1))
            if problems:
                kept = tmp_path.parent / f"bounded-{name}-{i}"
                shutil.copytree(workdir, kept, dirs_exist_ok=True, symlinks=True)
                figures["failures"].append(
                    {
                        "case": i,
                        "args": [str(a) for a in case.args],
                        "problems": problems,
                        "stderr": result.stderr[-1500:],
                        "kept": str(kept),
                    }
                )
                if not long_run:
                    break
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    figures["exit_codes"] = dict(figures["exit_codes"])
    assert not figures["failures"], json.dumps(figures["failures"][:5], indent=1)
