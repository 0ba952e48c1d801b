"""The layout checker: what a :class:`~sheets.render.pdf.Document` drew (recorded with
``record=True``) measured against the print rules every layout must keep.

Rules (thresholds and the allowed Latin words are data: ``data/common/layout.yaml``):

* text: at least 6 pt for anything read at the table, 5 pt for footnotes and sources (drawn
  inside ``pen.fine_print()``); a run stays inside its frame (``text_in``/``paragraph``/
  ``pen.frame``) and the page, overlaps no other run, crosses no drawn border (stroked
  rectangles, lines, polygons) and covers no tick target;
* tick targets (``box_track`` boxes, ``pips``): at least 3 mm each way; two pips never touch;
  legend samples drawn inside ``pen.legend_key()`` are not tick targets;
* language: a Russian page holds no label key (``snake_case``) and no Latin word outside the
  allow-list of game abbreviations (BV, MP, 2D6, …) and the user's own texts (unit names).

Recording keeps plain tuples per page, in page coordinates (forms are captured once in form
space and placed through the canvas matrix), so it costs little; checking is a sweep per page.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

MM = 72 / 25.4
# Ink box of a text run, as fractions of the font size (DejaVu: caps 0.73, descender 0.24).
ASCENT, DESCENT = 0.73, 0.21
TOL = 0.3  # points of slack before two shapes count as overlapping
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_WORD = re.compile(r"[0-9A-Za-z\u0400-\u04FF]*[A-Za-z][0-9A-Za-z\u0400-\u04FF]*")


# -- recording ---------------------------------------------------------------------------------

def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bbox(m, x0: float, y0: float, x1: float, y1: float) -> tuple:
    if m == _IDENTITY:
        return (x0, y0, x1, y1)
    pts = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


class Recorder:
    """Collects, per page, text runs, tick targets and borders (see the module docstring)."""

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.pages: list[dict] = []
        self.frames: list = []  # Rects, innermost last (pen coordinates)
        self.note = 0  # > 0: fine print (footnotes, sources)
        self.sample = 0  # > 0: legend samples, not tick targets
        self.forms: dict = {}
        self._sink: list | None = None
        self._stack: list = []
        self.allowed_words: set[str] = set()

    def new_page(self, number: int, size) -> None:
        page = {"number": number, "size": tuple(size), "lang": self.lang, "items": []}
        self.pages.append(page)
        self._sink = page["items"]

    def _items(self) -> list:
        if self._sink is None:  # drawing before the first page: keep it somewhere harmless
            self.new_page(0, (0, 0))
        return self._sink

    # forms: record in form space, place through the matrix at every use
    def begin_capture(self) -> None:
        self._stack.append(self._sink)
        self._sink = []

    def end_capture(self) -> list:
        items, self._sink = self._sink, self._stack.pop()
        return items

    def place(self, items: list, m) -> None:
        sink = self._items()
        if m == _IDENTITY:
            sink.extend(items)
            return
        k = _scale(m)
        for it in items:
            kind = it[0]
            if kind == "t":
                frame = _bbox(m, *it[6]) if it[6] else None
                sink.append(("t", it[1], it[2], it[3] * k, it[4], _bbox(m, *it[5]), frame))
            elif kind == "b":
                sink.append(("b", _bbox(m, *it[1]), it[2]))
            elif kind == "p":
                x, y = _apply(m, it[1], it[2])
                sink.append(("p", x, y, it[3] * k, it[4]))
            elif kind == "c":
                sink.append(("c", tuple(_apply(m, *p) for p in it[1])))
            else:
                sink.append(("s", tuple(_apply(m, *p) for p in it[1]), it[2]))

    # draws
    def text(self, c, text: str, font: str, size: float, x: float, y: float, width: float) -> None:
        m = c._currentMatrix
        f = self.frames[-1] if self.frames else None
        frame = _bbox(m, f.x, f.y, f.right, f.top) if f is not None else None
        box = _bbox(m, x, y - DESCENT * size, x + width, y + ASCENT * size)
        self._items().append(("t", text, font, size * _scale(m) if m != _IDENTITY else size,
                              self.note > 0, box, frame))

    def box(self, c, x: float, y: float, w: float, h: float) -> None:
        self._items().append(("b", _bbox(c._currentMatrix, x, y, x + w, y + h), self.sample > 0))

    def pip(self, c, cx: float, cy: float, r: float) -> None:
        m = c._currentMatrix
        x, y = _apply(m, cx, cy)
        self._items().append(("p", x, y, r * _scale(m), self.sample > 0))

    def cover(self, c, points) -> None:
        """A filled shape: lines drawn before it, under it, are hidden where it lies."""
        m = c._currentMatrix
        self._items().append(("c", tuple(_apply(m, *p) for p in points)))

    def border(self, c, points, closed: bool = False) -> None:
        m = c._currentMatrix
        self._items().append(("s", tuple(_apply(m, *p) for p in points), closed))


# -- rules ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    min_text: float = 6.0
    min_fine: float = 5.0
    min_tick_mm: float = 3.0
    min_pip_gap: float = 0.5  # points of paper between two pip outlines
    latin_allowed: frozenset = frozenset()


@functools.cache
def rules() -> Rules:
    from sheets.data import load_data

    d = load_data("common/layout.yaml") or {}
    return Rules(float(d.get("min_text_pt", 6.0)), float(d.get("min_fine_print_pt", 5.0)),
                 float(d.get("min_tick_mm", 3.0)), float(d.get("min_pip_gap_pt", 0.5)),
                 frozenset(str(w) for w in d.get("latin_allowed", ())))


@dataclass(frozen=True)
class Violation:
    page: int
    kind: str  # font | frame | overlap | border | tick | pips | over_tick | language
    message: str
    where: tuple  # (x, y) in mm from the page's top-left corner

    def __str__(self) -> str:
        return f"page {self.page} ({self.where[0]:.0f}, {self.where[1]:.0f} mm): {self.kind}: {self.message}"


def check(recorder: Recorder, allowed_words=(), kinds=None) -> list[Violation]:
    """Every violation on every recorded page (``kinds`` limits the rules that run)."""
    rl = rules()
    user = set(recorder.allowed_words) | set(allowed_words)
    words = {w for text in user for w in _WORD.findall(str(text))}
    # a user's word broken over two lines or shortened with "…" prints as pieces of itself
    pieces = {w[:k] for w in words for k in range(1, len(w))} | {w[k:] for w in words for k in range(1, len(w))}
    # a user's own snake_case text (a roster named "hh_test_dread_only") is not a label key
    keys = {k for text in user for k in _KEY.findall(str(text))}
    allowed = rl.latin_allowed | words | pieces | keys
    out: list[Violation] = []
    for page in recorder.pages:
        out.extend(_check_page(page, rl, allowed, kinds))
    return out


def _where(page, x: float, y: float) -> tuple:
    return (round(x / MM, 1), round((page["size"][1] - y) / MM, 1))


def _q(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _check_page(page: dict, rl: Rules, allowed: set, kinds) -> list[Violation]:
    runs = [it for it in page["items"] if it[0] == "t"]
    boxes = [it for it in page["items"] if it[0] == "b" and not it[2]]
    pips = [it for it in page["items"] if it[0] == "p" and not it[4]]
    segs = [(i, it) for i, it in enumerate(page["items"]) if it[0] == "s"]
    covers = [(i, it[1]) for i, it in enumerate(page["items"]) if it[0] == "c"]
    out: list[Violation] = []
    n = page["number"]
    want = (lambda k: True) if kinds is None else (lambda k: k in kinds)

    def add(kind, msg, x, y):
        out.append(Violation(n, kind, msg, _where(page, x, y)))

    pw, ph = page["size"]
    tick = rl.min_tick_mm * MM - 0.01
    for _, text, font, size, note, (x0, y0, x1, y1), frame in runs:
        least = rl.min_fine if note else rl.min_text
        if want("font") and size < least - 0.05:
            add("font", f"{_q(text)} is {size:.1f} pt (at least {least:g} pt)", x0, y1)
        if want("frame"):
            fx0, fy0, fx1, fy1 = frame if frame else (0, 0, pw, ph)
            over = max(fx0 - x0, x1 - fx1, fy0 - y0, y1 - fy1)
            if over > TOL:
                add("frame", f"{_q(text)} leaves its {'frame' if frame else 'page'} by {over:.1f} pt", x0, y1)
        if want("language") and page["lang"] == "ru":
            key = _KEY.search(text)
            latin = [w for w in _WORD.findall(text) if w not in allowed]
            if key and key.group(0) not in allowed:
                add("language", f"label key {key.group(0)!r} printed on a Russian page", x0, y1)
            elif latin:
                add("language", f"Latin {', '.join(dict.fromkeys(latin))!r} on a Russian page in {_q(text)}",
                    x0, y1)
    if want("overlap"):
        for a, b in _pairs([r[5] for r in runs]):
            ra, rb = runs[a], runs[b]
            add("overlap", f"{_q(ra[1])} overlaps {_q(rb[1])}", ra[5][0], ra[5][3])
    if want("border") and segs and runs:
        lines, order = [], []
        for idx, (_, pts, closed) in segs:
            pts = list(pts) + ([pts[0]] if closed and len(pts) > 2 else [])
            lines.extend(zip(pts, pts[1:]))
            order.extend([idx] * (len(pts) - 1))
        inner = [(x0 + TOL, y0 + TOL, x1 - TOL, y1 - TOL) for x0, y0, x1, y1 in (r[5] for r in runs)]
        both = inner + [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in lines]
        nr, hit = len(runs), set()
        for a, b in _pairs(both, slack=-0.01):
            if a < nr <= b and a not in hit and inner[a][0] < inner[a][2] and inner[a][1] < inner[a][3]:
                (ax, ay), (bx, by) = lines[b - nr]
                if _clip(ax, ay, bx, by, inner[a]) and not any(
                        ci > order[b - nr] and _inside(inner[a], poly) for ci, poly in covers):
                    hit.add(a)
        for a in sorted(hit):
            add("border", f"{_q(runs[a][1])} crosses a drawn line", runs[a][5][0], runs[a][5][3])
    if want("tick"):
        for _, (x0, y0, x1, y1), _s in boxes:
            if min(x1 - x0, y1 - y0) < tick:
                add("tick", f"tick box {(x1 - x0) / MM:.1f}×{(y1 - y0) / MM:.1f} mm (at least "
                            f"{rl.min_tick_mm:g} mm)", x0, y1)
        small = {}
        for _, x, y, rad, _s in pips:
            if 2 * rad < tick:
                small.setdefault(round(2 * rad / MM, 1), (x, y))
        for d, (x, y) in small.items():
            add("tick", f"pips {d:.1f} mm across (at least {rl.min_tick_mm:g} mm)", x, y)
    if want("pips"):
        for a, b in _pairs([(x - r, y - r, x + r, y + r) for _, x, y, r, _s in pips], slack=-rl.min_pip_gap):
            pa, pb = pips[a], pips[b]
            gap = math.hypot(pa[1] - pb[1], pa[2] - pb[2]) - pa[3] - pb[3]
            if gap < rl.min_pip_gap:
                add("pips", f"pips {gap:.1f} pt apart (at least {rl.min_pip_gap:g} pt)", pa[1], pa[2])
    if want("over_tick"):
        targets = [b[1] for b in boxes] + [(x - r, y - r, x + r, y + r) for _, x, y, r, _s in pips]
        if targets and runs:
            both = [r[5] for r in runs] + targets
            nr = len(runs)
            for a, b in _pairs(both):
                if (a < nr) != (b < nr):
                    t = runs[min(a, b)]
                    add("over_tick", f"{_q(t[1])} is drawn over a tick target", t[5][0], t[5][3])
    return out


def _pairs(boxes, slack: float = TOL, cell: float = 24.0):
    """Index pairs of boxes overlapping by more than ``slack`` each way (uniform grid buckets)."""
    grid: dict = {}
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        for gx in range(int(x0 // cell), int(x1 // cell) + 1):
            for gy in range(int(y0 // cell), int(y1 // cell) + 1):
                grid.setdefault((gx, gy), []).append(i)
    found = set()
    for members in grid.values():
        if len(members) < 2:
            continue
        for k, i in enumerate(members):
            ax0, ay0, ax1, ay1 = boxes[i]
            for j in members[k + 1:]:
                bx0, by0, bx1, by1 = boxes[j]
                if (ax1 if ax1 < bx1 else bx1) - (ax0 if ax0 > bx0 else bx0) > slack and \
                        (ay1 if ay1 < by1 else by1) - (ay0 if ay0 > by0 else by0) > slack:
                    found.add((i, j) if i < j else (j, i))
    return sorted(found)


def _inside(box, poly) -> bool:
    """Whether all four corners of ``box`` lie inside polygon ``poly`` (even-odd rule)."""
    x0, y0, x1, y1 = box
    for px, py in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        inside = False
        for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
            if (ay > py) != (by > py) and px < ax + (py - ay) * (bx - ax) / (by - ay):
                inside = not inside
        if not inside:
            return False
    return True


def _clip(ax, ay, bx, by, box) -> bool:
    """Liang–Barsky: does segment a-b meet the box interior?"""
    x0, y0, x1, y1 = box
    if max(ax, bx) <= x0 or min(ax, bx) >= x1 or max(ay, by) <= y0 or min(ay, by) >= y1:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return True


def summary(violations: list[Violation], limit: int = 40) -> str:
    """Violations as text lines, identical messages on one page folded into one line with a count."""
    folded: dict = {}
    for v in violations:
        key = (v.page, v.kind, v.message)
        if key in folded:
            folded[key][1] += 1
        else:
            folded[key] = [v, 1]
    lines = [str(v) + (f" (×{k})" if k > 1 else "") for v, k in folded.values()]
    if len(lines) > limit:
        lines = lines[:limit] + [f"… and {len(lines) - limit} more"]
    return "\n".join(lines)
