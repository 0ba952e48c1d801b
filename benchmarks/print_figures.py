"""Print figures per layout (issue 23's closing note), over every combination the layout suite
renders (en|ru × a4|letter × colour|mono × rule variant):

    python benchmarks/print_figures.py [LAYOUT...]

smallest text (pt; fine print apart), smallest tick target (the shorter side of a tick box or a
pip's diameter, mm), smallest gap (between neighbouring pips / tick boxes and between a pip and
a drawn line, mm) and the emptiest page (the share of its height in use; the last page of a
document and one-page documents are marked, as the page rule excepts them)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheets.render.layout_check import MM, _fill, _Grid, _pairs, _seg_dist
from tests.render.layout.cases import LAYOUTS, combos, render


def page_figures(page) -> dict:
    items = page["items"]
    text = [it[3] for it in items if it[0] == "t" and not it[4]]
    fine = [it[3] for it in items if it[0] == "t" and it[4]]
    boxes = [it for it in items if it[0] == "b" and not it[2]]
    pips = [it for it in items if it[0] == "p" and not it[4]]
    ticks = [min(b[3]) / MM for b in boxes] + [2 * p[3] / MM for p in pips]
    gaps = []
    bb = [b[1] for b in boxes]
    for a, b in _pairs(bb, slack=-3 * MM):
        A, B = bb[a], bb[b]
        gaps.append(max(B[0] - A[2], A[0] - B[2], B[1] - A[3], A[1] - B[3]) / MM)
    circles = [(x - r, y - r, x + r, y + r) for _, x, y, r, _s in pips]
    for a, b in _pairs(circles, slack=-3 * MM):
        pa, pb = pips[a], pips[b]
        gaps.append((math.hypot(pa[1] - pb[1], pa[2] - pb[2]) - pa[3] - pb[3]) / MM)
    lines = []
    for it in items:
        if it[0] == "s":
            pts = list(it[1]) + ([it[1][0]] if it[2] and len(it[1]) > 2 else [])
            lines.extend(zip(pts, pts[1:]))
    if lines and pips:
        grid = _Grid([(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in lines])
        for _, x, y, r, _s in pips:
            for li in grid.query((x - r - 3 * MM, y - r - 3 * MM, x + r + 3 * MM, y + r + 3 * MM), -0.01):
                (ax, ay), (bx, by) = lines[li]
                gaps.append((_seg_dist(x, y, ax, ay, bx, by) - r) / MM)
    return {
        "text": min(text, default=None),
        "fine": min(fine, default=None),
        "tick": min(ticks, default=None),
        "gap": max(0.0, min(gaps)) if gaps else None,
        "fill": _fill(page),
    }


def main(only) -> None:
    print(f"{'layout':32} {'text pt':>7} {'fine pt':>7} {'tick mm':>7} {'gap mm':>6}  emptiest page")
    for layout, *_ in LAYOUTS:
        if only and layout not in only:
            continue
        best: dict = {}
        empty = None
        for combo in combos():
            if combo[0] != layout:
                continue
            recorder, _ = render(*combo)
            pages = recorder.pages
            for i, page in enumerate(pages):
                f = page_figures(page)
                for k in ("text", "fine", "tick", "gap"):
                    if f[k] is not None and (best.get(k) is None or f[k] < best[k]):
                        best[k] = f[k]
                note = "one page" if len(pages) == 1 else ("last" if i == len(pages) - 1 else "")
                if empty is None or f["fill"] < empty[0]:
                    empty = (f["fill"], page["number"], combo, note)

        def fmt(k, spec):
            return format(best[k], spec) if best.get(k) is not None else "—"

        where = ""
        if empty:
            _, v, lang, paper, mono = empty[2]
            where = (
                f"{empty[0]:.0%} (page {empty[1]}, {'-'.join(p for p in (v, lang, paper) if p)}"
                f"{', mono' if mono else ''}{', ' + empty[3] if empty[3] else ''})"
            )
        print(
            f"{layout:32} {fmt('text', '7.1f')} {fmt('fine', '7.1f')} {fmt('tick', '7.2f')} "
            f"{fmt('gap', '6.2f')}  {where}"
        )


if __name__ == "__main__":
    main(set(sys.argv[1:]))
