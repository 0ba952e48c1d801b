"""The emptiest page of each layout (issue 33's closing figure): every bundled sample, the
layout fixtures and the MegaMek fixtures (plus ``SHEETS_REAL_BLK``'s real ProtoMechs five at a
time, when set), rendered en/ru × A4/Letter; per layout the least-filled page that is not a
document's last, and the least-filled last page, as the layout checker measures fill (the share
of 5 mm bands of the page that hold anything).

    .venv/bin/python benchmarks/page_fill.py
"""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))


def runs() -> list[tuple[str, list[Path], dict]]:
    """(layout name, files, render options)."""
    out = []
    for f in sorted((ROOT / "data/units").rglob("*.yaml")):
        game = f.parent.name
        out.append((f"{game} sheet" if game != "dust" else "dust poker", [f], {}))
        if game == "dust":
            for card in ("mini", "square", "tarot"):
                out.append((f"dust {card}", [f], {"card": card}))
    blk = sorted((ROOT / "tests/megamek/fixtures").glob("*.blk"))
    out += [("battletech sheet", blk[i : i + 5], {}) for i in range(0, len(blk), 5)]
    folder = os.environ.get("SHEETS_REAL_BLK")
    if folder:
        from bt_points import unit_files

        real = unit_files(Path(folder))
        out += [("battletech sheet", real[i : i + 5], {}) for i in range(0, len(real), 5)]
    return out


def main() -> int:
    from sheets import api
    from sheets.render.layout_check import measure_page

    worst: dict = {}
    for (layout, files, extra), (lang, paper) in itertools.product(
        runs(), (("en", "a4"), ("ru", "a4"), ("en", "letter"), ("ru", "letter"))
    ):
        loaded = api.load([api.Source(str(p), p.read_bytes()) for p in files], {"lang": lang, "paper": paper})
        for f in loaded.files:
            f.options.extra.update(extra)
        doc = api.render(loaded, None, record=True).document
        doc.recorder.finish()
        fills = sorted(list(doc.recorder.done) + [measure_page(p) for p in doc.recorder.pages])
        fills = [(s[0], s[2]) for s in fills if not (len(s) > 5 and s[5].get("back_of"))]
        name = f"{'+'.join(p.stem for p in files)[:40]} {lang} {paper}"
        for k, (number, fill) in enumerate(fills):
            kind = "last" if k == len(fills) - 1 else "inner"
            key = (layout, kind)
            if key not in worst or fill < worst[key][0]:
                worst[key] = (fill, f"{name} p{number}/{len(fills)}")
    for (layout, kind), (fill, where) in sorted(worst.items()):
        print(f"{layout:18} {kind:5} {fill:5.0%}  {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
