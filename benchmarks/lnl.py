"""Lock 'n Load Tactical figures (run alone or from benchmarks/run.py):

    python benchmarks/lnl.py

* the melee calculator with --best on a 6-vs-6 melee: calls/s of the rules core in-process (one
  round plus the ranking of every legal target set of both sides = 2 × 63 attacks), and the
  wall time of one `sheets calc lnl melee … --best --json` in a fresh process;
* OOB sheets: `sheets render` of a 500-counter order of battle (the per-file cap) end to end -> pages/s.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SHEETS = [sys.executable, "-m", "sheets"]
SIX = ["2-5-4", "1-6-4+MG-34", "half:0-2-3", "2-6-4M", "hero:1-4-5", "leader:lm1+MG"]


def calc_rate(seconds: float = 2.0) -> tuple[float, int]:
    """In-process calls/s of one 6-vs-6 round with --best for both sides."""
    sys.path.insert(0, str(ROOT))
    from sheets.games.lnl.rules import Side, best_targets, melee_round
    from sheets.games.lnl.spec import parse_spec

    def once():
        a = Side("a", [parse_spec(s, f"A{i + 1}") for i, s in enumerate(SIX)])
        b = Side("b", [parse_spec(s, f"B{i + 1}") for i, s in enumerate(SIX)])
        try:
            melee_round(a, b)
        except ValueError:
            pass
        return best_targets(a, b)["choices"] + best_targets(b, a)["choices"]

    choices = once()
    n, t0 = 0, time.process_time()  # CPU time: steady on a shared machine
    while time.process_time() - t0 < seconds:
        once()
        n += 1
    return n / (time.process_time() - t0), choices


def calc_process() -> float:
    args = SHEETS + ["calc", "lnl", "melee", "--a", *SIX, "--b", *SIX, "--best", "--json"]
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        best = min(best, time.perf_counter() - t0)
    return best


def make(n: int, path: Path) -> list[Path]:
    """An order of battle of ``n`` varied counters (squads with SWs, half-squads, leaders, heroes,
    NME units), cycled from both Hill 30 sample files, in files of at most 500 counters; no
    roster (no army-list page). Returns the paths."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from inputs import _dump

    units = []
    for name in ("hill30_us.yaml", "hill30_german.yaml"):
        units += yaml.safe_load((ROOT / "data/units/lnl" / name).read_text(encoding="utf-8"))["units"]
    data = {
        "system": "lnl",
        "units": [
            dict(units[i % len(units)], name=f"{units[i % len(units)]['name']} {i + 1}") for i in range(n)
        ],
    }
    return _dump(data, path)


def oob_rate(tmp: Path, counters: int = 500) -> tuple[float, int, float]:
    srcs = make(counters, tmp / "oob.yaml")
    best, pages = float("inf"), 0
    for _ in range(3):
        t0 = time.perf_counter()
        r = subprocess.run(
            SHEETS + ["render", *map(str, srcs), "--no-list", "-o", str(tmp / "oob.pdf")],
            check=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        best = min(best, time.perf_counter() - t0)
        pages = int(re.search(r"(\d+) page\(s\)", r.stderr).group(1))
    return pages / best, pages, best


def calc_report() -> None:
    rate, choices = calc_rate()
    print(
        f"  lnl: calc melee 6 vs 6 with --best ({choices} legal target sets ranked): "
        f"{rate:.0f} calls/s in-process (CPU time); one `sheets calc lnl melee … --best --json` "
        f"process {calc_process() * 1000:.0f} ms wall",
        flush=True,
    )


def run(tmp: Path | None = None) -> None:
    calc_report()
    if tmp is None:
        with tempfile.TemporaryDirectory() as d:
            rate, pages, best = oob_rate(Path(d))
    else:
        rate, pages, best = oob_rate(tmp)
    print(
        f"  lnl: OOB sheet, 500 counters = {pages} landscape pages in {best:.2f} s end to end -> "
        f"{rate:.0f} pages/s"
    )


if __name__ == "__main__":
    run()
