"""Issue 10, findings 2, 3 and 8: -o never replaces what is not a regular file, never overwrites an
input, keeps modes, leaves no temporary file, and `-o -` writes to standard output."""

import os
import shutil
import signal
import stat
import subprocess
import sys

import pytest

from sheets.core.data import data_root
from sheets.core.errors import UsageProblem
from sheets.core.fsio import TEMP_PREFIX, atomic_write, reset_inputs, write_files

SAMPLES = data_root() / "units"

ROC = SAMPLES / "battletech" / "roc.yaml"


@pytest.fixture
def roc(tmp_path):
    path = tmp_path / "roc.yaml"
    shutil.copy(ROC, path)
    return path


def test_fifo_target_is_refused_not_replaced(cli, tmp_path, roc):
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    r = cli("render", roc, "-o", fifo)
    assert r.exit_code == 2 and "FIFO" in r.stderr and "refusing" in r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_device_target_is_refused(cli, roc):
    before = os.stat("/dev/null")
    r = cli("render", roc, "-o", "/dev/null")
    assert r.exit_code == 2 and "is a device" in r.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_symlink_is_written_through(cli, tmp_path, roc):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    r = cli("render", roc, "-o", link)
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("kind", ["unit", "from", "template", "symlink"])
def test_output_may_not_be_an_input(cli, tmp_path, roc, kind):
    if kind == "unit":
        args, victim = ["render", roc, "-o", roc], roc
    elif kind == "symlink":
        link = tmp_path / "alias.pdf"
        link.symlink_to(roc)
        args, victim = ["render", roc, "-o", link], roc
    elif kind == "from":
        roster = tmp_path / "r.yaml"
        roster.write_text("system: battletech\nunits:\n  - {from: roc.yaml}\n", encoding="utf-8")
        args, victim = ["render", roster, "-o", roc], roc
    else:
        tpl = tmp_path / "t.j2"
        tpl.write_text("{{ name }}\n", encoding="utf-8")
        args, victim = ["roster", roc, "--format", "md", "--template", tpl, "-o", tpl], tpl
    before = victim.read_bytes()
    r = cli(*args)
    assert r.exit_code == 2 and "input of this command" in r.stderr
    assert victim.read_bytes() == before


def test_empty_output_name_is_a_usage_error(cli, roc, tmp_path):
    r = cli("render", roc, "-o", "")
    assert r.exit_code == 2 and "empty file name" in r.stderr


def test_long_output_name_works(cli, roc, tmp_path):
    out = tmp_path / ("x" * 250 + ".pdf")
    r = cli("render", roc, "-o", out)
    assert r.exit_code == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["roc.yaml", out.name])


def test_existing_mode_kept_and_umask_respected(tmp_path):
    old = tmp_path / "private.pdf"
    old.write_bytes(b"x")
    old.chmod(0o600)
    atomic_write(old, b"new")
    assert stat.S_IMODE(old.stat().st_mode) == 0o600 and old.read_bytes() == b"new"
    mask = os.umask(0o027)
    try:
        atomic_write(tmp_path / "fresh.pdf", b"y")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "fresh.pdf").stat().st_mode) == 0o640


def test_write_files_is_all_or_nothing(tmp_path):
    os.mkfifo(tmp_path / "b.png")
    with pytest.raises(UsageProblem):
        write_files([(tmp_path / "new" / "a.png", b"a"), (tmp_path / "b.png", b"b")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.png"]  # no a.png, no folder, no temp


def test_write_files_failure_midway_leaves_nothing(tmp_path, monkeypatch):
    calls = []
    real_replace = os.replace

    def replace(src, dst):
        calls.append(dst)
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "blocker").mkdir()  # a directory where a file should go -> refused up front
    from sheets.core.errors import InputError

    with pytest.raises(InputError):
        write_files([(tmp_path / "a.png", b"a"), (tmp_path / "ro" / "blocker", b"b")])
    assert calls == [] and not (tmp_path / "a.png").exists()


def test_stdout_for_text_formats(cli, roc):
    for args in (
        ["roster", roc, "--format", "md", "-o", "-"],
        ["info", roc, "-o", "-"],
        ["schema", "battletech", "-o", "-"],
        ["roster", roc, "--format", "json", "-o", "-"],
    ):
        r = cli(*args)
        assert r.exit_code == 0, (args, r.stderr)
        assert r.stdout.strip() and not os.path.exists("-")


def test_pdf_to_stdout_only_when_not_a_terminal(cli, roc, monkeypatch):
    r = cli("render", roc, "-o", "-")  # CliRunner's stdout is not a terminal
    assert r.exit_code == 0 and r.stdout_bytes.startswith(b"%PDF")
    from sheets.cli import common

    monkeypatch.setattr(common, "stdout_is_terminal", lambda: True)
    r = cli("render", roc, "-o", "-")
    assert r.exit_code == 2 and "terminal" in r.stderr and r.stdout_bytes == b""


def test_sigterm_while_writing_leaves_no_temp_file(tmp_path, subprocess_env):
    """A child stopped inside the write (the temp file exists) is sent SIGTERM: the temporary
    file is removed and the target never appears."""
    code = f"""
import time
from sheets.core import fsio
real = fsio._fill_temp
def slow(fd, tmp, data, mode):
    real(fd, tmp, data, mode)
    print("TEMP", tmp, flush=True)
    time.sleep(30)
fsio._fill_temp = slow
fsio.atomic_write({str(tmp_path / "out.pdf")!r}, b"data")
"""
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=subprocess_env
    )
    line = proc.stdout.readline()
    assert line.startswith("TEMP ")
    temp = line.split(" ", 1)[1].strip()
    assert os.path.exists(temp) and os.path.basename(temp).startswith(TEMP_PREFIX)
    proc.send_signal(signal.SIGTERM)
    proc.wait(10)
    assert proc.returncode == -signal.SIGTERM
    assert list(tmp_path.iterdir()) == []


def test_png_dir_and_bad_output_write_nothing(cli, tmp_path):
    src = SAMPLES / "dust" / "sample_force.yaml"
    pngs = tmp_path / "cards"
    os.mkfifo(tmp_path / "out.pdf")
    r = cli("render", src, "--png", pngs, "-o", tmp_path / "out.pdf")
    assert r.exit_code == 2
    assert not pngs.exists()


def test_reset_inputs_is_per_command(tmp_path):
    reset_inputs()
    f = tmp_path / "a.pdf"
    f.write_bytes(b"x")
    atomic_write(f, b"y")  # not an input of anything: allowed
    assert f.read_bytes() == b"y"


def test_import_d_writes_every_file_or_none(cli, tmp_path):
    """`import -d`: one target that cannot be written (a FIFO) stops every write."""
    from .fuzz_harness import seeds

    blk = sorted(s.path for s in seeds() if s.kind == "megamek")[:2]
    assert len(blk) == 2
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / f"{blk[1].stem}.yaml")
    r = cli("import", "megamek", *blk, "-d", out)
    assert r.exit_code == 2 and "FIFO" in r.stderr
    assert sorted(p.name for p in out.iterdir()) == [f"{blk[1].stem}.yaml"]
