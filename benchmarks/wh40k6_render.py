"""wh40k6 datasheet speed (not a test): a 2000-point list built from the sample units, repeated
×50, rendered end to end in a fresh process (army list + datasheets + glossary).

    python benchmarks/wh40k6_render.py [--copies 50] [--runs 3]

``units(n, path)`` is also the generator ``benchmarks/run.py`` uses for the wh40k6 case.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "data/units/wh40k6/sample_list.yaml"


def two_thousand() -> list[dict]:
    """The sample list's units, repeated (renamed) until the list reaches 2000 points."""
    base = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))["units"]
    out, total, i = [], 0, 0
    while total < 2000:
        u = dict(base[i % len(base)])
        u["name"] = f"{u['name']} {i + 1}"
        out.append(u)
        total += u["points"]
        i += 1
    return out


def units(n: int, path: Path) -> list[Path]:
    """``n`` units cycling through the 2000-point list (the run.py generator), in files of at
    most 500 units (the loader's cap per file: 1,000 pages are six files). Returns the paths."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from inputs import _dump

    pool = two_thousand()
    rows = []
    for i in range(n):
        u = dict(pool[i % len(pool)])
        u["name"] = f"{u['name']}-{i + 1}"
        rows.append(u)
    return _dump({"system": "wh40k6", "units": rows}, path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    pool = two_thousand()
    points = sum(u["points"] for u in pool)
    with tempfile.TemporaryDirectory() as tmp:
        # one file per list copy (a file holds at most 500 units): ×50 lists in one render
        srcs, rows = [], []
        for c in range(args.copies):
            mine = [{**u, "name": f"{u['name']} /{c + 1}"} for u in pool]
            rows += mine
            src = Path(tmp) / f"list{c + 1}.yaml"
            src.write_text(
                yaml.safe_dump(
                    {
                        "system": "wh40k6",
                        "roster": {"name": f"Bench {c + 1}", "limit": points},
                        "units": mine,
                    },
                    allow_unicode=True,
                    sort_keys=False,
                ),
                encoding="utf-8",
            )
            srcs.append(str(src))
        out = Path(tmp) / "out.pdf"
        times, pages = [], 0
        for _ in range(args.runs):
            t0 = time.perf_counter()
            res = subprocess.run(
                [sys.executable, "-m", "sheets", "render", *srcs, "-o", str(out)],
                capture_output=True,
                text=True,
                cwd=ROOT,
            )
            times.append(time.perf_counter() - t0)
            if res.returncode != 0:
                sys.exit(res.stderr)
            from pypdf import PdfReader  # the pages written (stderr may end with warnings)

            pages = len(PdfReader(out).pages)
        wall = statistics.median(times)
        size = out.stat().st_size
    print(
        f"wh40k6: {len(pool)} units / {points} pts per list ×{args.copies} = {len(rows)} units, "
        f"{pages} pages in {wall:.2f} s (median of {args.runs}): {pages / wall:.0f} pages/s, "
        f"{len(rows) / wall:.0f} datasheets/s, {size / max(pages, 1) / 1024:.1f} KiB/page"
    )


if __name__ == "__main__":
    main()
