"""Pages per real ProtoMech Point: every MegaMek ``.blk`` ProtoMech of a folder (not the
ultraheavies), in name order, taken five at a time as one Point, rendered in en/ru × A4/Letter
with the odds on. Prints one line per Point and paper (pages, and the layout checker's
findings) and the totals; exit 1 when a Point takes more than one page.

The real unit files are MegaMek's own (megamek/data/mekfiles/protomeks, GPL): they are not
part of this project. Point ``SHEETS_REAL_BLK`` (or the first argument) at a folder of them;
without one the script measures the MegaMek-shaped fixtures of tests/megamek/fixtures.

    .venv/bin/python benchmarks/bt_points.py [DIR] [--one-file]

``--one-file``: the Point is handed over as one file (the five units of one roster), as the
renderer saw them before loose files were grouped (for a before/after comparison).
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def unit_files(folder: Path) -> list[Path]:
    from sheets import api

    out = []
    for p in sorted(folder.rglob("*.blk")):
        loaded = api.load([api.Source(str(p), p.read_bytes())])
        if not any(u.tons > 9 for u in loaded.units):
            out.append(p)
    return out


def main(argv: list[str]) -> int:
    from sheets import api
    from sheets.render.layout_check import check

    args = [a for a in argv if not a.startswith("--")]
    folder = Path(args[0] if args else os.environ.get("SHEETS_REAL_BLK", ROOT / "tests/megamek/fixtures"))
    one_file = "--one-file" in argv
    files = unit_files(folder)
    points = [files[i : i + 5] for i in range(0, len(files), 5)]
    over = total = 0
    for (lang, paper), (n, point) in itertools.product(
        (("en", "a4"), ("ru", "a4"), ("en", "letter"), ("ru", "letter")), enumerate(points, 1)
    ):
        opts = {"lang": lang, "paper": paper}
        loaded = api.load([api.Source(str(p), p.read_bytes()) for p in point], opts)
        if one_file:  # the five units as one file's
            first = dataclasses.replace(
                loaded.files[0], units=loaded.units, entries=[e for f in loaded.files for e in f.entries]
            )
            loaded = api.Loaded([first])
        out = api.render(loaded, opts, record=True)
        found = check(out.document.recorder, api.layout_words(loaded.files))
        total += out.pages
        over += out.pages > 1
        names = ", ".join(p.stem for p in point)
        print(f"{lang} {paper:6} Point {n} ({names}): {out.pages} page(s), {len(found)} finding(s)")
        for f in found:
            print(f"    {f}")
    print(f"{len(points)} Points × 4: {total} pages, {over} Point(s) over one page")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
