"""Issue 23's closing sweep as a test: every bundled sample and every unit fixture of the tests
renders en/ru × A4/Letter × colour/mono under `--strict` with no layout warning
(benchmarks/strict_sweep.py; about 10 s alone)."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).parents[3] / "benchmarks" / "strict_sweep.py"


def test_every_sample_and_fixture_renders_strict_clean(capsys):
    spec = importlib.util.spec_from_file_location("strict_sweep", SCRIPT)
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    names = {p.name for p in sweep.files()}
    assert {
        "point-alpha.yaml",
        "sample_force.yaml",
        "otrok.yaml",
        "hill30_us.yaml",
        "sample_list.yaml",
        "longnames_dust.yaml",
        "Boggart.blk",
        "Basilisk.blk",
        "Svartalfa.blk",
    } <= names
    code = sweep.main([])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith(
        f"{len(names)} files, {len(names) * 8} renders, 0 layout warning(s), 0 failing run(s)"
    )
