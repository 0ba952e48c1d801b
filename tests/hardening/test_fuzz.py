"""The fuzz suite of issue 10: mutated samples and fixtures keep the input contract on every
command (see fuzz_harness). CI runs a fixed, quick sample; ``pytest --fuzz-long[=N]`` runs N
(default 20,000) cases, counts exit codes, tracebacks and hangs, and writes the figures to
``$SHEETS_FUZZ_STATS`` (JSON) as it goes."""

import json
import os
import random
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .fuzz_harness import (
    IMPORTER_SUFFIXES,
    SHARED_FIXTURES,
    check,
    run_case,
    run_table_case,
    seeds,
    table_seeds,
)

pytestmark = pytest.mark.fuzz

CI_EXAMPLES = 400  # ~8 s on this machine (2 cores)
SEEDS = seeds()


def test_every_game_and_importer_has_seeds():
    from sheets.core.game import all_games

    kinds = Counter(s.kind for s in SEEDS)
    missing = []
    for game in all_games():
        samples = [s for s in SEEDS if s.kind == "units" and f"/units/{game.id}/" in str(s.path)]
        assert samples, f"{game.id}: no sample in data/units/{game.id}/ to fuzz"
        for name in getattr(game, "importers", None) or {}:
            assert name in IMPORTER_SUFFIXES, f"add the suffixes of importer {name!r} to IMPORTER_SUFFIXES"
            if not kinds[name]:
                missing.append(name)
    if missing and not SHARED_FIXTURES.is_dir():  # BattleScribe's seeds are the shared real rosters
        pytest.skip(f"no fixture to fuzz for {', '.join(missing)} without {SHARED_FIXTURES}")
    assert not missing, f"importers with no fixture to fuzz: {missing}"


def test_fuzz_contract(request, tmp_path):
    long_run = request.config.getoption("--fuzz-long")
    stats_path = os.environ.get("SHEETS_FUZZ_STATS")
    stats = {
        "cases": 0,
        "exit_codes": Counter(),
        "commands": Counter(),
        "tracebacks": 0,
        "hangs": 0,
        "failures": [],
        "slowest": 0.0,
        "seconds": 0.0,
        "by_seed": Counter(),
    }
    started = time.monotonic()

    def save():
        if stats_path:
            out = dict(
                stats,
                exit_codes=dict(stats["exit_codes"]),
                commands=dict(stats["commands"]),
                by_seed=dict(stats["by_seed"]),
                seconds=round(time.monotonic() - started, 1),
            )
            Path(stats_path).write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")

    @settings(
        max_examples=long_run or CI_EXAMPLES,
        deadline=None,
        database=None,
        derandomize=not long_run,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(0, 2**32 - 1))
    def case(seed):
        rng = random.Random(seed ^ request.config.getoption("--fuzz-seed"))
        seed_file = SEEDS[rng.randrange(len(SEEDS))]  # uniform (hypothesis favours small integers)
        workdir = Path(tempfile.mkdtemp(dir=tmp_path))
        try:
            outcome = run_case(seed_file, rng, workdir)
            problems = check(outcome, workdir)
            stats["cases"] += 1
            stats["exit_codes"][str(outcome.exit_code)] += 1
            stats["commands"][str(outcome.command[0])] += 1
            stats["by_seed"][seed_file.label] += 1
            stats["slowest"] = max(stats["slowest"], round(outcome.seconds, 2))
            stats["tracebacks"] += "Traceback" in outcome.stderr or "internal error" in outcome.stderr
            stats["hangs"] += outcome.seconds > 30
            if problems:
                keep = tmp_path.parent / f"fuzz-failure-{len(stats['failures'])}{seed_file.path.suffix}"
                shutil.copy(workdir / seed_file.path.name, keep)
                stats["failures"].append(
                    {
                        "seed": seed_file.label,
                        "rng": seed,
                        "command": [str(a) for a in outcome.command],
                        "problems": problems,
                        "stderr": outcome.stderr[-2000:],
                        "kept": str(keep),
                    }
                )
                if not long_run:
                    pytest.fail(
                        f"{seed_file.label} (rng {seed}), {outcome.command[:2]}: {problems}\n"
                        f"stderr: {outcome.stderr[-2000:]}"
                    )
            if stats["cases"] % 200 == 0:
                save()
        finally:
            shutil.rmtree(workdir, ignore_errors=True)

    case()
    save()
    assert not stats["failures"], json.dumps(stats["failures"][:5], indent=1, ensure_ascii=False)


TABLES = table_seeds()


def test_fuzz_table_overrides(request, tmp_path):
    """Mutated copies of the bundled rule tables through --data-dir: exit 0 or 1, positioned
    messages, never a traceback. The tables are cached per process: caches are cleared around
    every case (a few cases in CI; ``--fuzz-long=N`` runs N/4)."""
    long_run = request.config.getoption("--fuzz-long")
    failures = []
    stats = {"cases": 0, "exit_codes": Counter()}

    @settings(
        max_examples=(long_run // 4) if long_run else 25,
        deadline=None,
        database=None,
        derandomize=not long_run,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(0, 2**32 - 1))
    def case(seed):
        rng = random.Random(seed ^ request.config.getoption("--fuzz-seed"))
        table = TABLES[rng.randrange(len(TABLES))]
        workdir = Path(tempfile.mkdtemp(dir=tmp_path))
        try:
            outcome = run_table_case(table, rng, workdir)
            problems = check(outcome, workdir)
            stats["cases"] += 1
            stats["exit_codes"][str(outcome.exit_code)] += 1
            if problems:
                failures.append(
                    {
                        "table": str(table.relative_to(table.parents[1])),
                        "rng": seed,
                        "command": [str(a) for a in outcome.command],
                        "problems": problems,
                        "stderr": outcome.stderr[-1500:],
                    }
                )
                if not long_run:
                    pytest.fail(json.dumps(failures[-1], indent=1, ensure_ascii=False))
        finally:
            shutil.rmtree(workdir, ignore_errors=True)

    case()
    stats_path = os.environ.get("SHEETS_FUZZ_STATS")
    if stats_path:
        Path(stats_path + ".tables.json").write_text(
            json.dumps(
                dict(stats, exit_codes=dict(stats["exit_codes"]), failures=failures),
                indent=1,
                ensure_ascii=False,
            ),
            encoding="utf-8",
        )
    assert not failures, json.dumps(failures[:5], indent=1, ensure_ascii=False)
