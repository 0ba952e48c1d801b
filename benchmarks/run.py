"""Performance figures for the closing note / release notes (not a test).

    python benchmarks/run.py [--units 500]

* end to end: `sheets render` of N ProtoMechs (N/5 pages) in a fresh process -> pages/s
  (best of 3; includes interpreter start, imports, YAML, validation, drawing and writing)
* start-up: `sheets --help` wall time (best of 7)
* peak RSS of the render process (ru_maxrss of the child), and of a 10x larger batch
* the same end-to-end figure for Dust cards (9 per A4 page) and ДМ walker sheets (2 per page)
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


def big_file(sample: str, n: int, tmp: Path, name: str) -> Path:
    """A unit file with ``n`` units cycled from a sample file (names numbered)."""
    data = yaml.safe_load((ROOT / sample).read_text(encoding="utf-8"))
    units = [u for u in data["units"] if u.get("kind") != "hero" and not u.get("joins")]
    out = {"system": data["system"],
           "units": [dict(units[i % len(units)], name=f"{units[i % len(units)]['name']} {i + 1}") for i in range(n)]}
    path = tmp / name
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


def pages_per_second(src: Path, pages: int, out: Path, runs: int = 3) -> tuple[float, float, int]:
    results = [timed(SHEETS + ["render", str(src), "-o", str(out)]) for _ in range(runs)]
    best = min(r[0] for r in results)
    return best, pages / best, max(r[1] for r in results)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=500)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        n = args.units
        pages = -(-n // 5)
        src = big_file("data/units/battletech/point-alpha.yaml", n, tmp, "big.yaml")
        best, rate, peak = pages_per_second(src, pages, tmp / "big.pdf")
        startup = min(timed(SHEETS + ["--help"])[0] for _ in range(7))
        size = (tmp / "big.pdf").stat().st_size
        print(f"battletech: {n} protos = {pages} pages in {best:.2f} s end to end -> {rate:.0f} pages/s "
              f"(one process, one core); PDF {size / 1024:.0f} KiB ({size / pages / 1024:.1f} KiB/page)")
        print(f"peak RSS of that render: {peak / 1024:.1f} MiB")
        big = big_file("data/units/battletech/point-alpha.yaml", n * 10, tmp, "huge.yaml")
        best10, rate10, peak10 = pages_per_second(big, pages * 10, tmp / "huge.pdf", runs=1)
        print(f"battletech: {n * 10} protos = {pages * 10} pages in {best10:.2f} s -> {rate10:.0f} pages/s; "
              f"peak RSS {peak10 / 1024:.1f} MiB")
        print(f"`sheets --help` start-up: {startup * 1000:.0f} ms (best of 7)")
        cards = big_file("data/units/dust/sample_force.yaml", 900, tmp, "cards.yaml")
        best, rate, _ = pages_per_second(cards, 100, tmp / "cards.pdf")
        print(f"dust: 900 poker cards = 100 A4 pages in {best:.2f} s -> {rate:.0f} pages/s")
        walkers = big_file("data/units/dmech/otrok.yaml", 200, tmp, "walkers.yaml")
        best, rate, _ = pages_per_second(walkers, 100, tmp / "walkers.pdf")
        print(f"dmech: 200 walkers = 100 pages in {best:.2f} s -> {rate:.0f} pages/s")


if __name__ == "__main__":
    main()
