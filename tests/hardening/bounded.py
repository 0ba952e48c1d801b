"""Running one command the way the fuzz cases of issue 19 do: in a child process with at most
1 GiB of address space (``RLIMIT_AS``, set in the child before anything is imported) and 10 s of
wall time, with its exit status, output, time and peak memory (``VmHWM``) measured."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import sheets

LIMIT_BYTES = 1 << 30  # no case may need more than 1 GiB ...
LIMIT_SECONDS = 10.0  # ... or 10 s


@dataclass
class Run:
    args: list
    returncode: int  # negative: killed by that signal; None: over the time bound (killed)
    stdout: bytes
    stderr: str
    seconds: float
    peak_bytes: int

    @property
    def timed_out(self) -> bool:
        return self.returncode is None


def child_env(extra: dict | None = None) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sheets.__file__).resolve().parent.parent)
    env.pop("SHEETS_DATA_DIR", None)
    env.update(extra or {})
    return env


def bounded_cli(
    args,
    cwd=None,
    prelude: str = "",
    env: dict | None = None,
    timeout: float = LIMIT_SECONDS,
    stdin=None,
    on_start=None,
) -> Run:
    """``sheets ARGS`` in a bounded child. ``prelude``: Python run in the child before the CLI
    (e.g. a monkeypatch that injects an error); ``on_start(proc)`` runs in the parent once the
    child has started (e.g. to signal it)."""
    peak_file = tempfile.NamedTemporaryFile(prefix="peak-", delete=False)
    peak_file.close()
    # the child's own high-water mark (VmHWM, reset by exec): ru_maxrss would also count the
    # pytest process it was forked from
    code = (
        f"import atexit, resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({LIMIT_BYTES}, {LIMIT_BYTES}))\n"
        f"def _peak(path={peak_file.name!r}):\n"
        f"    try:\n"
        f"        hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')]\n"
        f"        open(path, 'w').write(hwm[0].split()[1] if hwm else '')\n"
        f"    except OSError:\n"
        f"        pass\n"
        f"atexit.register(_peak)\n"
        f"{prelude}\n"
        f"sys.argv = ['sheets'] + {[str(a) for a in args]!r}\n"
        f"from sheets.cli import main\nmain()\n"
    )
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL if stdin is None else stdin,
            env=env or child_env(),
            cwd=cwd,
            start_new_session=True,
        )
        if on_start is not None:
            on_start(proc)
        status = usage = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout:
                os.killpg(proc.pid, signal.SIGKILL)
                _, status, usage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(0.01)
        seconds = time.monotonic() - start
        proc.returncode = 0  # reaped here: Popen must not wait for it again
        out.seek(0)
        err.seek(0)
        code = None if status is None else os.waitstatus_to_exitcode(status)
        peak = usage.ru_maxrss * 1024  # (killed before it could say: an upper bound)
        try:
            text = Path(peak_file.name).read_text(encoding="ascii").strip()
            if text:
                peak = int(text) * 1024
        finally:
            os.unlink(peak_file.name)
        return Run(list(args), code, out.read(), err.read().decode("utf-8", "replace"), seconds, peak)
