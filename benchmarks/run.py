"""Performance figures for the closing note / release notes (not a test).

    python benchmarks/run.py [--units 500]

* end to end: `sheets render` of N ProtoMechs (N/5 pages) in a fresh process -> pages/s
* start-up: `sheets --help` wall time (best of 7)
* peak RSS of the render process (ru_maxrss of the child)
* also: dust cards and dmech sheets pages/s when those games are present
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SHEETS = [sys.executable, "-m", "sheets"]


def big_roster(n: int, tmp: Path) -> Path:
    sample = yaml.safe_load((ROOT / "data/units/battletech/point-alpha.yaml").read_text(encoding="utf-8"))
    units = sample["units"]
    out = {"system": "battletech", "units": [dict(units[i % len(units)], name=f"{units[i % len(units)]['name']} {i + 1}")
                                              for i in range(n)]}
    path = tmp / "big.yaml"
    path.write_text(yaml.safe_dump(out, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall time and the child's peak RSS (KiB) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    dt = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return dt, max(peak, before)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=500)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        src = big_roster(args.units, tmp)
        pages = -(-args.units // 5)
        runs = [timed(SHEETS + ["render", str(src), "-o", str(tmp / "big.pdf")]) for _ in range(3)]
        best = min(r[0] for r in runs)
        peak = max(r[1] for r in runs)
        # import + CLI overhead alone, to separate it from drawing
        startup = min(timed(SHEETS + ["--help"])[0] for _ in range(7))
        print(f"render {args.units} protos = {pages} pages: {best:.2f} s end to end "
              f"-> {pages / best:.0f} pages/s (drawing alone ≈ {pages / max(best - startup, 1e-6):.0f} pages/s)")
        print(f"peak RSS of the render process: {peak / 1024:.1f} MiB")
        print(f"`sheets --help` start-up: {startup * 1000:.0f} ms (best of 7)")
        size = (tmp / "big.pdf").stat().st_size
        print(f"PDF size: {size / 1024:.0f} KiB ({size / pages / 1024:.1f} KiB/page)")


if __name__ == "__main__":
    main()
