"""Performance benchmarks of issue 13 (not a test): every case against its floor.

    python benchmarks/run.py [--quick] [--runs 3] [--only battletech,dust] [--skip-scaling] [--skip-jobs]

Prints four tables:

1. **render vs floor**: `sheets render` of mixed, realistic inputs (:mod:`inputs`) at 100 and 1,000
   pages in a fresh process, against ``floor.py`` replaying the very same canvas calls with plain
   reportlab (see its docstring). CPU time (user+sys of the child), medians of ``--runs`` paired
   runs; the ratio is the median of the pairs' ratios.
2. **per-unit scaling**: render of 100, 1,000 and 10,000 units: CPU ms and peak-RSS KiB per unit
   (flat = linear), and the marginal cost between sizes.
3. **start-up**: `validate one.yaml`, `info one.yaml --json`, `--help` against `python -c "import
   yaml, click"` and `python -c "import click"`.
4. **--jobs**: wall-clock and CPU of `render --jobs 1` vs `--jobs 2` (1,000 and 5,000 ProtoMechs,
   paired runs) with the load average they ran at.

Absolute figures drift ±40 % on a shared machine: read the ratios.

Adding a game: append a :class:`Case` to ``CASES`` (a generator ``make(n, path) -> path`` writing
``n`` varied units in files of at most 500 units, and how many units fill a page) — e.g. from the game's own benchmark module.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import inputs
import lnl
import wh40k6_render

PY = sys.executable
SHEETS = [PY, "-m", "sheets"]


@dataclass
class Case:
    game: str
    make: Callable[[int, Path], list]  # writes n varied units (files of <= 500), returns the paths
    per_page: float  # units per page of the record-sheet / card layout
    args: list = field(default_factory=list)  # extra `sheets render` arguments
    sample: str = ""  # one-unit file for the start-up figures (data/units/...)


CASES: list[Case] = [
    Case("battletech", inputs.protomechs, 5, sample="data/units/battletech/roc.yaml"),
    Case("dust", inputs.dust, 9, sample="data/units/dust/sample_force.yaml"),
    Case("dmech", inputs.dmech, 2, sample="data/units/dmech/otrok.yaml"),
    Case("lnl", lnl.make, 18, ["--no-list"], sample="data/units/lnl/hill30_us.yaml"),
    Case("wh40k6", wh40k6_render.units, 2.7, sample="data/units/wh40k6/sample_list.yaml"),
]


def run(cmd: list[str], cwd=ROOT) -> tuple[float, float, int]:
    """(wall s, CPU s of the child and its workers, peak RSS KiB of the child) of one command."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read().decode(errors="replace")
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{err}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def median_of(cmd: list[str], runs: int) -> tuple[float, float, int]:
    results = [run(cmd) for _ in range(runs)]
    return (
        statistics.median(r[0] for r in results),
        statistics.median(r[1] for r in results),
        max(r[2] for r in results),
    )


def _paths(made) -> list:
    """A generator's output as a list of paths (one file or several)."""
    return list(made) if isinstance(made, (list, tuple)) else [made]


def record_calls(srcs: list, out: Path) -> int:
    """Record the canvas calls of rendering ``srcs`` into ``out``; returns the page count."""
    res = subprocess.run(
        [PY, str(HERE / "record.py"), str(out), *map(str, srcs)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return int(res.stdout.strip().splitlines()[-1])


def floor_cpu(calls: Path, out: Path, runs: int) -> float:
    """Median CPU s of ``floor.py`` replaying ``calls``, less its reading of the recorded calls
    (``load-cpu`` on its stdout: no hand-written script pays that; see floor.py)."""
    cpus = []
    for _ in range(runs):
        proc = subprocess.Popen(
            [PY, str(HERE / "floor.py"), str(calls), str(out)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        text = proc.stdout.read().decode()
        _, status, ru = os.wait4(proc.pid, 0)
        proc.stdout.close()
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"floor.py {calls} failed")
        cpus.append(ru.ru_utime + ru.ru_stime - float(text.split("load-cpu ")[1].split()[0]))
    return statistics.median(cpus)


def floors(cases, tmp: Path, pages_list, runs: int) -> list[dict]:
    rows = []
    for case in cases:
        for pages in pages_list:
            n = int(pages * case.per_page)
            src = _paths(case.make(n, tmp / f"{case.game}-{n}.yaml"))
            calls = tmp / f"{case.game}-{n}.calls"
            try:
                real_pages = record_calls(src, calls)
            except subprocess.CalledProcessError as exc:
                print(f"  {case.game} {n} units: not measured ({exc.stderr.strip().splitlines()[-1]})")
                continue
            # paired runs (sheets, then the floor, ``runs`` times): this machine's speed drifts by
            # tens of per cent within minutes, so each ratio compares two neighbouring runs and
            # the median of the ratios is reported
            cmd = SHEETS + ["render", *map(str, src), "-o", str(tmp / "ours.pdf"), "-j", "1", *case.args]
            pairs = [(run(cmd)[1], floor_cpu(calls, tmp / "floor.pdf", 1)) for _ in range(runs)]
            ours = statistics.median(p[0] for p in pairs)
            floor = statistics.median(p[1] for p in pairs)
            ratio = statistics.median(p[0] / p[1] for p in pairs)
            size_ours = (tmp / "ours.pdf").stat().st_size
            size_floor = (tmp / "floor.pdf").stat().st_size
            rows.append(
                {
                    "case": f"{case.game} {n} units",
                    "pages": real_pages,
                    "ours": ours,
                    "floor": floor,
                    "ratio": ratio,
                    "kib_page": size_ours / real_pages / 1024,
                    "floor_kib_page": size_floor / real_pages / 1024,
                }
            )
            print(
                f"  {rows[-1]['case']:<24} {real_pages:>5} p  sheets {ours:6.2f} s  floor {floor:6.2f} s  "
                f"ratio {ratio:.2f}x  PDF {rows[-1]['kib_page']:.1f} / {rows[-1]['floor_kib_page']:.1f} KiB/page",
                flush=True,
            )
    return rows


def scaling(cases, tmp: Path, sizes, runs: int) -> None:
    """Per unit: CPU and peak RSS over the whole command, and above a one-unit render of the
    same game (start-up, tables, fonts: what does not grow with the batch), then the marginal
    cost between sizes. Flat = linear."""
    for case in cases:
        prev = None
        base = median_of(
            SHEETS
            + [
                "render",
                *map(str, _paths(case.make(1, tmp / f"scale-{case.game}-1.yaml"))),
                "-o",
                str(tmp / "scale.pdf"),
                "-j",
                "1",
                *case.args,
            ],
            runs,
        )
        for n in sizes:
            src = _paths(case.make(n, tmp / f"scale-{case.game}-{n}.yaml"))
            try:
                wall, cpu, rss = median_of(
                    SHEETS + ["render", *map(str, src), "-o", str(tmp / "scale.pdf"), "-j", "1", *case.args],
                    runs if n < 10_000 else 1,
                )
            except RuntimeError as exc:
                print(f"  {case.game:<11} {n:>6} units  not measured ({str(exc).strip().splitlines()[-1]})")
                continue
            line = (
                f"  {case.game:<11} {n:>6} units  {cpu * 1000 / n:7.2f} ms/unit  {rss / n:8.1f} KiB/unit"
                f"   above 1 unit {(cpu - base[1]) * 1000 / n:6.2f} ms/unit {(rss - base[2]) / n:6.1f} KiB/unit"
            )
            if prev:
                dn = n - prev[0]
                line += (
                    f"   marginal {(cpu - prev[1]) * 1000 / dn:6.2f} ms/unit "
                    f"{(rss - prev[2]) / dn:6.1f} KiB/unit"
                )
            print(line, flush=True)
            prev = (n, cpu, rss)


def startup(cases, runs: int) -> None:
    base = {
        "python -c pass": [PY, "-c", "pass"],
        "import yaml, click": [PY, "-c", "import yaml, click"],
        "import click": [PY, "-c", "import click"],
    }
    ref = {k: median_of(v, runs)[1] for k, v in base.items()}
    for k, v in ref.items():
        print(f"  {k:<32} {v * 1000:6.0f} ms")
    help_ = median_of(SHEETS + ["--help"], runs)[1]
    print(
        f"  {'sheets --help':<32} {help_ * 1000:6.0f} ms  {help_ / ref['import click']:.2f}x import click (goal 1.2x)"
    )
    for case in cases:
        if not case.sample:
            continue
        for cmd in (["validate", case.sample], ["info", case.sample, "--json"]):
            t = median_of(SHEETS + cmd, runs)[1]
            print(
                f"  {'sheets ' + ' '.join(cmd[:1]) + ' (' + case.game + ')':<32} {t * 1000:6.0f} ms  "
                f"{t / ref['import yaml, click']:.2f}x import yaml, click (goal 3x)"
            )


def jobs(tmp: Path, sizes, runs: int) -> None:
    """Paired runs (1 job, then 2) so both see the same machine load; medians of wall and CPU
    (user+sys of the parent and its workers)."""
    for n in sizes:
        src = inputs.protomechs(n, tmp / f"jobs-{n}.yaml")
        res: dict = {1: [], 2: []}
        load = os.getloadavg()[0]
        for _ in range(runs):
            for j in (1, 2):
                res[j].append(
                    run(
                        SHEETS
                        + ["render", *map(str, src), "-o", str(tmp / f"jobs-{n}-{j}.pdf"), "-j", str(j)]
                    )
                )
        load = (load + os.getloadavg()[0]) / 2
        wall = {j: statistics.median(r[0] for r in res[j]) for j in res}
        cpu = {j: statistics.median(r[1] for r in res[j]) for j in res}
        same = (tmp / f"jobs-{n}-1.pdf").read_bytes() == (tmp / f"jobs-{n}-2.pdf").read_bytes()
        print(
            f"  battletech {n:>5} units  wall: -j1 {wall[1]:6.2f} s  -j2 {wall[2]:6.2f} s  speed-up "
            f"{wall[1] / wall[2]:.2f}x   CPU: -j1 {cpu[1]:6.2f} s  -j2 {cpu[2]:6.2f} s  ratio {cpu[2] / cpu[1]:.2f}x   "
            f"load avg {load:.1f} on {os.cpu_count()} CPUs  byte-identical: {same}",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="100 pages only, one run, no 10,000 units")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated game ids")
    ap.add_argument("--skip-scaling", action="store_true")
    ap.add_argument("--skip-jobs", action="store_true")
    args = ap.parse_args()
    runs = 1 if args.quick else args.runs
    cases = [c for c in CASES if not args.only or c.game in args.only.split(",")]
    # an installed sheets has its bytecode (pip compiles at install); a source checkout under
    # PYTHONDONTWRITEBYTECODE=1 would compile ~65 modules (~0.1 s) in every measured command
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "sheets")], check=True)
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        print("render vs floor (CPU s, median):", flush=True)
        floors(cases, tmp, [100] if args.quick else [100, 1000], runs)
        print("start-up (CPU ms, median):", flush=True)
        startup(cases, max(runs, 5))
        if not args.skip_scaling:
            print("per-unit scaling (render, CPU and peak RSS per unit):", flush=True)
            scaling(cases, tmp, [100, 1000] if args.quick else [100, 1000, 10_000], runs)
        if any(c.game == "lnl" for c in cases):
            print("lnl melee calculator:", flush=True)
            lnl.calc_report()
        if not args.skip_jobs:
            print("--jobs (wall and CPU s, medians of paired runs):", flush=True)
            jobs(tmp, [1000] if args.quick else [1000, 5000], runs)


if __name__ == "__main__":
    main()
