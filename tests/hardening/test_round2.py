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


# -- 2. SIGTERM during the renames of a multi-file output: all or none ---------------------------

@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_during_the_renames_of_a_multi_file_output_leaves_all_or_none(tmp_path, subprocess_env,
                                                                              signum):
    """The signal arrives right after the first of three renames (``import -d``, ``--png DIR``)."""
    out = tmp_path / "out"
    code = f"""
import os, signal
real = os.replace
def replace(src, dst):
    real(src, dst)
    os.kill(os.getpid(), {int(signum)})
os.replace = replace
from sheets.core.fsio import write_files
write_files([({str(out / 'a.yaml')!r}, b"a"), ({str(out / 'b.yaml')!r}, b"b"),
             ({str(out / 'c.yaml')!r}, b"c")])
print("RETURNED")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=subprocess_env, timeout=30)
    assert "RETURNED" not in proc.stdout  # the signal still ends the command
    if signum == signal.SIGTERM:
        assert proc.returncode == -signal.SIGTERM  # it dies of the signal, after the last rename
    else:
        assert "KeyboardInterrupt" in proc.stderr
    assert sorted(p.name for p in out.iterdir()) == ["a.yaml", "b.yaml", "c.yaml"]
    assert [(out / n).read_bytes() for n in ("a.yaml", "b.yaml", "c.yaml")] == [b"a", b"b", b"c"]


def test_a_failed_rename_undoes_the_files_it_created(tmp_path, monkeypatch):
    from sheets.core import fsio

    real = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    (tmp_path / "old.png").write_bytes(b"old")
    with pytest.raises(OSError):
        fsio.write_files([(tmp_path / "new.png", b"1"), (tmp_path / "old.png", b"2")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.png"]
    assert (tmp_path / "old.png").read_bytes() == b"old"
