"""Issue 19 (hardening, round 2): no input ever overwritten, all-or-none multi-file outputs through
signals, bounded templates and YAML checks, positioned messages instead of internal errors.

Each test here fails on the code before issue 19 (the error injected where needed)."""

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from sheets.data import data_root

SAMPLES = data_root() / "units"
ROC = SAMPLES / "battletech" / "roc.yaml"


def run_cli(args, env, cwd=None, timeout=30, **kw):
    """``python -m sheets ARGS`` in a child (forks and signals as the user's shell sees them)."""
    return subprocess.run([sys.executable, "-m", "sheets", *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=timeout, **kw)


# -- 1. a file read by a forked loading worker is an input that -o refuses ---------------------

def _four_files(tmp_path, pad=0):
    unit = ROC.read_text(encoding="utf-8") + ("#" + "x" * pad + "\n" if pad else "")
    for name in "abc":
        (tmp_path / f"{name}.yaml").write_text(unit, encoding="utf-8")
    ref = tmp_path / "ref.yaml"
    ref.write_text(unit, encoding="utf-8")
    (tmp_path / "d.yaml").write_text("system: battletech\nunits:\n  - {from: ref.yaml}\n",
                                     encoding="utf-8")
    return ref, ref.read_bytes()


def test_output_may_not_replace_a_from_file_read_by_a_loading_worker(tmp_path, subprocess_env):
    ref, before = _four_files(tmp_path)
    r = run_cli(["render", "a.yaml", "b.yaml", "c.yaml", "d.yaml", "--jobs", "2", "-o", "ref.yaml"],
                subprocess_env, cwd=tmp_path, timeout=60)
    assert r.returncode == 2, r.stderr
    assert "ref.yaml: is an input of this command" in r.stderr
    assert ref.read_bytes() == before


def test_default_parallel_loading_records_the_workers_inputs(tmp_path, cli, monkeypatch):
    """Several files of 128 KiB or more are loaded on every idle CPU without --jobs."""
    from sheets.render import parallel

    monkeypatch.setattr(parallel, "idle_cpus", lambda: 2)
    monkeypatch.chdir(tmp_path)
    ref, before = _four_files(tmp_path, pad=70 * 1024)
    r = cli("render", "a.yaml", "b.yaml", "c.yaml", "d.yaml", "-o", "ref.yaml")
    assert r.exit_code == 2, r.stderr
    assert "ref.yaml: is an input of this command" in r.stderr
    assert ref.read_bytes() == before
