"""Every terminating signal is held like SIGTERM/SIGINT during a multi-file write: SIGHUP (the
terminal closed), SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM… left 3 of 8 files and 5 temporary files.
Now: all eight files or none, no ``.sheets-*.tmp``, and the process still dies of the signal
once the last rename is done (or, arriving before the renames, at once with nothing written). A
signal the process ignores (``nohup``) stays ignored."""

from __future__ import annotations

import signal

import pytest

from .bounded import bounded_cli

SIGNALS = [
    signal.SIGHUP,
    signal.SIGQUIT,
    signal.SIGUSR1,
    signal.SIGUSR2,
    signal.SIGALRM,
    signal.SIGTERM,
    signal.SIGVTALRM,
    signal.SIGXCPU,
]
FILES = 8


def _prelude(tmp_path, signum: int, where: str, at: int, ignore: bool = False) -> str:
    """Python run in the child: ``where`` = "rename" (the signal after the ``at``-th rename) or
    "fill" (while the ``at``-th temporary file is written), then eight files written at once."""
    files = [(str(tmp_path / f"page-{i}.png"), f"new {i}") for i in range(FILES)]
    hook = {
        "rename": (
            "import os\nreal = os.replace\ncount = [0]\n"
            "def replace(src, dst):\n    real(src, dst)\n    count[0] += 1\n"
            f"    if count[0] == {at}:\n        os.kill(os.getpid(), {int(signum)})\n"
            "os.replace = replace\n"
        ),
        "fill": (
            "import os\nimport sheets.core.fsio as fsio\nreal = fsio._fill_temp\ncount = [0]\n"
            "def fill(*a):\n    count[0] += 1\n"
            f"    if count[0] == {at}:\n        os.kill(os.getpid(), {int(signum)})\n"
            "    real(*a)\n"
            "fsio._fill_temp = fill\n"
        ),
    }[where]
    ignored = f"import signal\nsignal.signal({int(signum)}, signal.SIG_IGN)\n" if ignore else ""
    return (
        ignored + hook + f"from sheets.core.fsio import write_files\nwrite_files({files!r})\n"
        "print('RETURNED')\nraise SystemExit(0)\n"
    )


def _state(tmp_path):
    pages = sorted(p.name for p in tmp_path.glob("page-*.png"))
    temps = sorted(p.name for p in tmp_path.glob(".sheets-*.tmp"))
    return pages, temps


@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_signal_after_the_third_rename_is_held_until_all_eight_are_in_place(tmp_path, signum):
    r = bounded_cli([], cwd=tmp_path, prelude=_prelude(tmp_path, signum, "rename", 3))
    pages, temps = _state(tmp_path)
    assert pages == [f"page-{i}.png" for i in range(FILES)] and temps == []
    assert b"RETURNED" not in r.stdout  # it still ends the program ...
    assert r.returncode == -signum  # ... dying of that signal, after the last rename
    assert (tmp_path / "page-7.png").read_text() == "new 7"


@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_signal_while_the_files_are_written_leaves_none_and_no_temporary_file(tmp_path, signum):
    (tmp_path / "page-0.png").write_text("old 0")
    r = bounded_cli([], cwd=tmp_path, prelude=_prelude(tmp_path, signum, "fill", 5))
    pages, temps = _state(tmp_path)
    assert (pages, temps) == (["page-0.png"], [])
    assert (tmp_path / "page-0.png").read_text() == "old 0"  # the old file is kept
    assert r.returncode == -signum


def test_sigint_is_still_ctrl_c(tmp_path):
    r = bounded_cli([], cwd=tmp_path, prelude=_prelude(tmp_path, signal.SIGINT, "rename", 3))
    assert _state(tmp_path) == ([f"page-{i}.png" for i in range(FILES)], [])
    assert r.returncode in (1, 130, -signal.SIGINT) and b"RETURNED" not in r.stdout


def test_an_ignored_sighup_stays_ignored(tmp_path):
    """``nohup sheets …``: the terminal closing does not stop the write."""
    r = bounded_cli([], cwd=tmp_path, prelude=_prelude(tmp_path, signal.SIGHUP, "rename", 3, ignore=True))
    assert _state(tmp_path) == ([f"page-{i}.png" for i in range(FILES)], [])
    assert r.returncode == 0 and b"RETURNED" in r.stdout


def test_the_held_signals_are_every_catchable_terminating_one():
    from sheets.core import fsio

    assert set(fsio.TERMINATING) >= {
        signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2,
        signal.SIGALRM, signal.SIGVTALRM, signal.SIGPROF, signal.SIGXCPU,
    }  # fmt: skip
    assert signal.SIGKILL not in fsio.TERMINATING and signal.SIGPIPE not in fsio.TERMINATING
    assert fsio._HELD == set(fsio.TERMINATING)
