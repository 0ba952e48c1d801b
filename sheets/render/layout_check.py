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

import bisect
import functools
import math
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from sheets.core.i18n import _, ngettext

if TYPE_CHECKING:
    from sheets.render.pdf import Rect

# what a page records: ("t", text, font, size, fine print?, bbox, frame bbox), ("b", bbox, sample?,
# sides), ("p", x, y, radius, sample?), ("s", points, closed?), ("c", points), ("h", text, bbox),
# ("x", full text, shown text, x, y)
Item: TypeAlias = tuple[Any, ...]
Box: TypeAlias = tuple[float, float, float, float]  # x0, y0, x1, y1
Matrix: TypeAlias = Sequence[float]  # a canvas matrix (a, b, c, d, e, f)
Want: TypeAlias = Callable[[str], bool]  # which rules run
# one page's measurements (measure_page): (number, violations, fill, texts, cuts, marks)
Measured: TypeAlias = tuple[Any, ...]

MM = 72 / 25.4
# Ink box of a text run, as fractions of the font size (DejaVu: caps 0.73, descender 0.24).
ASCENT, DESCENT = 0.73, 0.21
_BAND = 5 * MM  # the height of a band of the page-fill measure
TOL = 0.3  # points of slack before two shapes count as overlapping
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_WORD = re.compile(r"[0-9A-Za-z\u0400-\u04FF]*[A-Za-z][0-9A-Za-z\u0400-\u04FF]*")


# -- recording ---------------------------------------------------------------------------------


def _moved(items: list[Item], dx: float, dy: float) -> list[Item]:
    """``items`` translated by (dx, dy) (the cheap case of :meth:`Recorder.place`)."""
    out: list[Item] = []
    add = out.append
    for it in items:
        kind = it[0]
        if kind == "t":
            x0, y0, x1, y1 = it[5]
            f = it[6]
            add(
                (
                    "t",
                    it[1],
                    it[2],
                    it[3],
                    it[4],
                    (x0 + dx, y0 + dy, x1 + dx, y1 + dy),
                    (f[0] + dx, f[1] + dy, f[2] + dx, f[3] + dy) if f else None,
                )
            )
        elif kind == "s":
            add(("s", tuple((x + dx, y + dy) for x, y in it[1]), it[2]))
        elif kind == "b":
            x0, y0, x1, y1 = it[1]
            add(("b", (x0 + dx, y0 + dy, x1 + dx, y1 + dy), it[2], it[3]))
        elif kind == "p":
            add(("p", it[1] + dx, it[2] + dy, it[3], it[4]))
        elif kind == "c":
            add(("c", tuple((x + dx, y + dy) for x, y in it[1])))
        elif kind == "h":
            x0, y0, x1, y1 = it[2]
            add(("h", it[1], (x0 + dx, y0 + dy, x1 + dx, y1 + dy)))
        else:  # "x"
            add(("x", it[1], it[2], it[3] + dx, it[4] + dy))
    return out


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bbox(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> Box:
    if m == _IDENTITY:
        return (x0, y0, x1, y1)
    pts = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


class Recorder:
    """Collects, per page, text runs, tick targets and borders (see the module docstring)."""

    def __init__(self, lang: str = "en", stream: bool = False) -> None:
        """``stream``: measure each page as soon as the next one starts and keep only the
        measurements (:func:`measure_page`; the user's words must be in ``allowed_words``
        before drawing): memory stays flat however long the document."""
        self.lang = lang
        self.stream = stream
        # pages after the first ``full_pages`` are light: only their texts, cut texts, the
        # bands their text runs use and the language of their texts are measured (None: all full)
        self.full_pages: int | None = None
        # the light page being drawn: [number, violations, bands, texts, cuts, height, marks]
        self._light: list[Any] | None = None
        self._seen: dict[str, str | None] = {}  # text -> its language violation message, light pages
        self.done: list[Measured] = []  # measure_page() results of pages no longer kept
        self.pages: list[dict[str, Any]] = []
        self.frames: list[Rect] = []  # innermost last (pen coordinates)
        self.note = 0  # > 0: fine print (footnotes, sources)
        self.sample = 0  # > 0: legend samples, not tick targets
        self.forms: dict[str, list[Item]] = {}
        self._sink: list[Item] | None = None
        self._stack: list[list[Item] | None] = []
        self.allowed_words: set[str] = set()
        self._allowed: AbstractSet[str] | None = None

    def allow(self, words: Iterable[str]) -> None:
        """Latin words a layout prints on purpose on a Russian page (a glossary's English names
        in brackets): allowed on the pages measured from now on."""
        self.allowed_words.update(words)
        self._allowed = None
        self._seen = {}

    def new_page(self, number: int, size: Sequence[float]) -> None:
        if self.stream and (self.pages or self._light is not None):
            self.settle()
        elif self._light is not None:  # not streaming: the light page is measured as it ends
            self._settle_light()
        if self.full_pages is not None and number > self.full_pages:
            self._light = [number, [], set(), [], [], size[1], {}]
            self._sink = None
            return
        page: dict[str, Any] = {
            "number": number,
            "size": tuple(size),
            "lang": self.lang,
            "items": [],
            "marks": {},
        }
        self.pages.append(page)
        self._sink = page["items"]

    def mark(self, key: str, value: Any) -> None:
        """What the layout says of the current page for the document rules: ``back_of`` (the
        front page number whose card backs this page holds), ``keep`` (a group meant to fit one
        page, e.g. "Point 1": printed on two pages it is a ``spill``)."""
        if self._light is not None:
            self._light[6][key] = value
            return
        self._items()  # (a page to hold it)
        self.pages[-1]["marks"][key] = value

    def targets(self) -> tuple[Recorder | None, Recorder | None]:
        """(full recorder, light recorder) for the pen on the current page: one is None."""
        return (None, self) if self._light is not None else (self, None)

    def light(self, text: str, y: float, full: str | None) -> None:
        """A text run on a light page (and its full text when the pen cut it short)."""
        page = self._light
        assert page is not None  # (the pen calls this on a light page only)
        page[3].append(text)
        page[2].add(int(y // _BAND))
        if full is not None:
            page[4].append((full, text, (0.0, round((page[5] - y) / MM, 1))))
        if checks_language(self.lang):
            seen = self._seen
            if text not in seen:
                if self._allowed is None:
                    self._allowed = _allowed(rules(), self.allowed_words)
                seen[text] = _language(text, self._allowed)
            msg = seen[text]
            if msg:
                page[1].append((page[0], "language", msg, (0.0, round((page[5] - y) / MM, 1))))

    def settle(self) -> None:
        """Measure the pages kept so far (with every rule) and drop their drawings."""
        rl = rules()
        # (the allowance is for the language rule alone: worked out once a page needs it)
        if self._allowed is None and any(checks_language(p["lang"]) for p in self.pages):
            self._allowed = _allowed(rl, self.allowed_words)
        self.done.extend(measure_page(p, rl, self._allowed) for p in self.pages)
        self.pages = []
        if self._light is not None:
            self._settle_light()

    def finish(self) -> None:
        """Measure what is still open at the end: everything when streaming, else the last light
        page of a kept recording (its full pages are measured by :func:`check`)."""
        if self.stream:
            self.settle()
        elif self._light is not None:
            self._settle_light()

    def _settle_light(self) -> None:
        assert self._light is not None
        number, violations, bands, texts, cuts, height, marks = self._light
        usable = int((height - 2 * 10 * MM) // _BAND) or 1
        self.done.append((number, violations, min(1.0, len(bands) / usable), texts, cuts, marks))
        self._light = None

    def _items(self) -> list[Item]:
        if self._sink is None:  # drawing before the first page: keep it somewhere harmless
            self.new_page(0, (0, 0))
        assert self._sink is not None  # (a new page has one, even a light one: see new_page)
        return self._sink

    # forms: record in form space, place through the matrix at every use
    def begin_capture(self) -> None:
        self._stack.append(self._sink)
        self._sink = []

    def end_capture(self) -> list[Item]:
        items, self._sink = self._sink, self._stack.pop()
        assert items is not None  # (begin_capture gave it a list)
        return items

    def place(self, items: list[Item], m: Matrix) -> None:
        sink = self._items()
        if m == _IDENTITY:
            sink.extend(items)
            return
        if m[0] == 1 and m[3] == 1 and m[1] == 0 and m[2] == 0:  # a translation: most forms
            sink.extend(_moved(items, m[4], m[5]))
            return
        k = _scale(m)
        for it in items:
            kind = it[0]
            if kind == "t":
                frame = _bbox(m, *it[6]) if it[6] else None
                sink.append(("t", it[1], it[2], it[3] * k, it[4], _bbox(m, *it[5]), frame))
            elif kind == "b":
                sx, sy = math.hypot(m[0], m[1]), math.hypot(m[2], m[3])
                sink.append(("b", _bbox(m, *it[1]), it[2], (it[3][0] * sx, it[3][1] * sy)))
            elif kind == "h":
                sink.append(("h", it[1], _bbox(m, *it[2])))
            elif kind == "p":
                x, y = _apply(m, it[1], it[2])
                sink.append(("p", x, y, it[3] * k, it[4]))
            elif kind == "c":
                sink.append(("c", tuple(_apply(m, *p) for p in it[1])))
            elif kind == "x":
                sink.append(("x", it[1], it[2]) + _apply(m, it[3], it[4]))
            else:
                sink.append(("s", tuple(_apply(m, *p) for p in it[1]), it[2]))

    # draws
    def text(self, c: Any, text: str, font: str, size: float, x: float, y: float, width: float) -> None:
        m = c._currentMatrix
        f = self.frames[-1] if self.frames else None
        frame = _bbox(m, f.x, f.y, f.right, f.top) if f is not None else None
        box = _bbox(m, x, y - DESCENT * size, x + width, y + ASCENT * size)
        self._items().append(
            ("t", text, font, size * _scale(m) if m != _IDENTITY else size, self.note > 0, box, frame)
        )

    def cut(self, c: Any, full: str, shown: str, x: float, y: float) -> None:
        """A text the pen shortened with "…" (it did not fit at the minimum size)."""
        self._items().append(("x", full, shown) + _apply(c._currentMatrix, x, y))

    def box(self, c: Any, x: float, y: float, w: float, h: float) -> None:
        """A tick box; its own sides (``w`` × ``h`` through the matrix) are kept besides its
        bounding box on the page, so a rotated or skewed box is measured by its real sides."""
        m = c._currentMatrix
        if m == _IDENTITY or (m[1] == 0 and m[2] == 0 and m[0] == 1 and m[3] == 1):
            sides = (w, h)
        else:
            sides = (w * math.hypot(m[0], m[1]), h * math.hypot(m[2], m[3]))
        self._items().append(("b", _bbox(m, x, y, x + w, y + h), self.sample > 0, sides))

    def heading(self, c: Any, text: str, x0: float, y0: float, x1: float, y1: float) -> None:
        """A heading (band or title) over the block that follows it: it must not be left alone
        at the foot of a page."""
        self._items().append(("h", text, _bbox(c._currentMatrix, x0, y0, x1, y1)))

    def pip(self, c: Any, cx: float, cy: float, r: float) -> None:
        m = c._currentMatrix
        x, y = _apply(m, cx, cy)
        self._items().append(("p", x, y, r * _scale(m), self.sample > 0))

    def cover(self, c: Any, points: Iterable[tuple[float, float]]) -> None:
        """A filled shape: lines drawn before it, under it, are hidden where it lies."""
        m = c._currentMatrix
        self._items().append(("c", tuple(_apply(m, *p) for p in points)))

    def border(self, c: Any, points: Iterable[tuple[float, float]], closed: bool = False) -> None:
        m = c._currentMatrix
        self._items().append(("s", tuple(_apply(m, *p) for p in points), closed))


# -- rules ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    min_text: float = 6.0
    min_fine: float = 5.0
    min_tick_mm: float = 3.0
    min_gap_mm: float = 0.6  # paper between neighbouring pips / tick boxes, and a pip and a line
    latin_allowed: frozenset[str] = frozenset()
    min_page_fill: float = 1 / 3  # a page under this fraction of its height in use is a widow
    full_page_fill: float = 0.6  # ... unless it ends a document whose previous page is this full
    heading_room_pt: float = 30.0  # a heading needs content within this far under it
    staged: frozenset[str] = frozenset()  # kinds listed as warnings only (see data/common/layout.yaml)
    widow_page_fill: float = 0.12  # a last page under this, after a full page, is a widow

    @property
    def min_pip_gap(self) -> float:  # points (the name older tests and layouts use)
        return self.min_gap_mm * MM


@functools.cache
def rules() -> Rules:
    from sheets.core.data import load_data

    d = load_data("common/layout.yaml") or {}
    return Rules(
        float(d.get("min_text_pt", 6.0)),
        float(d.get("min_fine_print_pt", 5.0)),
        float(d.get("min_tick_mm", 3.0)),
        float(d.get("min_gap_mm", 0.6)),
        frozenset(str(w) for w in d.get("latin_allowed", ())),
        float(d.get("min_page_fill", 1 / 3)),
        float(d.get("full_page_fill", 0.6)),
        float(d.get("heading_room_pt", 30.0)),
        frozenset(str(k) for k in d.get("staged", ())),
        float(d.get("widow_page_fill", 0.12)),
    )


KINDS = (
    "font",
    "frame",
    "overlap",
    "border",
    "tick",
    "pips",
    "gap",
    "over_tick",
    "language",
    "cut",
    "heading",
    "blank",
    "widow",
    "spill",
    "coverage",
)


@dataclass(frozen=True)
class Violation:
    page: int  # 0: the document as a whole (coverage)
    kind: str  # one of KINDS
    message: str
    where: tuple[float, float]  # (x, y) in mm from the page's top-left corner

    def __str__(self) -> str:
        if not self.page:
            return _("document: {kind}: {message}").format(kind=self.kind, message=self.message)
        return _("page {page} ({x}, {y} mm): {kind}: {message}").format(
            page=self.page,
            x=f"{self.where[0]:.0f}",
            y=f"{self.where[1]:.0f}",
            kind=self.kind,
            message=self.message,
        )


def check(
    recorder: Recorder,
    allowed_words: Iterable[str] = (),
    kinds: Collection[str] | None = None,
    coverage: Iterable[tuple[str, str]] = (),
    staged: bool = False,
) -> list[Violation]:
    """Every violation on every recorded page (``kinds`` limits the rules that run; without
    it, the staged kinds of ``data/common/layout.yaml`` are left out unless ``staged``).

    ``allowed_words``: the user's own texts (Latin script allowed on a Russian page, pieces of
    their words too). ``coverage``: (what, value) pairs the layout is meant to print (see
    :func:`coverage_values`): a value printed nowhere in the document is a ``coverage``
    violation; a text the pen cut short with "…" whose full text is printed nowhere else is a
    ``cut`` violation. Pages a streaming recorder (or a ``render --jobs`` worker) has already
    measured are taken as they were measured."""
    rl = rules()
    if kinds is None and not staged and rl.staged:
        kinds = frozenset(KINDS) - rl.staged
    want: Want = (lambda k: True) if kinds is None else (lambda k: k in kinds)
    recorder.finish()
    allowed = (
        _allowed(rl, set(recorder.allowed_words) | set(allowed_words))
        if any(checks_language(p["lang"]) for p in recorder.pages)
        else rl.latin_allowed  # (read by the language rule alone)
    )
    done = sorted(
        list(recorder.done) + [measure_page(p, rl, allowed, want) for p in recorder.pages], key=lambda s: s[0]
    )
    out: list[Violation] = [Violation(*v) for s in done for v in s[1] if want(v[1])]
    out += _document_rules(done, rl, want)
    cuts = [(s[0], c) for s in done for c in s[4]] if want("cut") else []
    if cuts or (coverage and want("coverage")):
        index = _TextIndex([t for s in done for t in s[3]])
        for number, (full, shown, where) in cuts:
            if not index.has(full):
                out.append(
                    Violation(
                        number,
                        "cut",
                        _("{shown} is cut short and its full text {full} is printed nowhere else").format(
                            shown=_q(shown), full=_q(full)
                        ),
                        where,
                    )
                )
        if want("coverage"):
            missing: dict[str, str] = {}
            for what, value in coverage:
                if value not in missing and not index.has(value):
                    missing[value] = what
            for value, what in missing.items():
                msg = _("{what} {value} is not printed").format(what=what, value=_q(value))
                out.append(Violation(0, "coverage", msg, (0.0, 0.0)))
    out.sort(key=lambda v: v.page)
    return out


def _document_rules(done: list[Measured], rl: Rules, want: Want) -> list[Violation]:
    """The rules over whole pages: ``blank`` (a page too empty), ``widow`` (a last page with
    one short block), ``spill`` (a group meant to fit one page printed on two)."""
    out: list[Violation] = []
    marks = [s[5] if len(s) > 5 else {} for s in done]
    fronts = [m.get("back_of") is None for m in marks]
    if want("blank") and len(done) > 1:
        out += _blank(done, marks, fronts, rl)
    if want("widow") and sum(fronts) > 1:
        out += _widow(done, fronts, rl)
    if want("spill"):
        out += _spill(done, marks)
    return out


def _blank(
    done: list[Measured], marks: list[dict[str, Any]], fronts: list[bool], rl: Rules
) -> list[Violation]:
    """A page under ``min_page_fill`` in use, unless it ends the document after a page at least
    ``full_page_fill`` full. A page of card backs is judged with its front page (the last front
    page of a deck with ``--backs`` is the last page, its backs follow it)."""
    out = []
    numbers = [s[0] for s in done]
    fill_of = dict(zip(numbers, (s[2] for s in done)))
    order = [i for i, front in enumerate(fronts) if front]
    for k, i in enumerate(order):
        number, fill = done[i][0], done[i][2]
        last = k == len(order) - 1
        before = fill_of.get(done[order[k - 1]][0], 0.0) if k else 0.0
        if fill < rl.min_page_fill and not (last and k and before >= rl.full_page_fill):
            if len(order) == 1:
                continue  # one page (and its backs): nothing to move it to
            out.append(
                Violation(
                    number,
                    "blank",
                    (
                        _("only {fill} of the page is used (at least {least})")
                        if last
                        else _(
                            "only {fill} of the page is used (at least {least} on a page that is not the last)"
                        )
                    ).format(fill=f"{fill:.0%}", least=f"{rl.min_page_fill:.0%}"),
                    (0.0, 0.0),
                )
            )
    return out


def _widow(done: list[Measured], fronts: list[bool], rl: Rules) -> list[Violation]:
    """The last page holds only a short remainder (one entry: under ``widow_page_fill`` of its
    height) after a full page that had room for it (the two pages' contents add up to one page
    at most): it belongs on the page before it."""
    order = [i for i, front in enumerate(fronts) if front]
    last, before = done[order[-1]], done[order[-2]]
    if last[2] < rl.widow_page_fill and before[2] >= rl.full_page_fill and last[2] + before[2] <= 1.0:
        return [
            Violation(
                last[0],
                "widow",
                _(
                    "the last page holds only {fill} of a page, which the {free} left free on the page "
                    "before it would hold (a short block on a page of its own)"
                ).format(fill=f"{last[2]:.0%}", free=f"{1 - before[2]:.0%}"),
                (0.0, 0.0),
            )
        ]
    return []


def _spill(done: list[Measured], marks: list[dict[str, Any]]) -> list[Violation]:
    """A group the layout marks ``keep`` (a ProtoMech Point) printed on more than one page."""
    seen: dict[Any, int] = {}
    out = []
    for s, m in zip(done, marks):
        group = m.get("keep")
        if group is None:
            continue
        if group in seen and seen[group] != s[0]:
            out.append(
                Violation(
                    s[0],
                    "spill",
                    _("{group} continues from page {page} (it should fit one page)").format(
                        group=group, page=seen[group]
                    ),
                    (0.0, 0.0),
                )
            )
        else:
            seen.setdefault(group, s[0])
    return out


def checks_language(lang: str) -> bool:
    """Whether the language rule measures pages in ``lang`` (no English on a Russian page): only
    such pages read the Latin words allowed (:func:`_allowed`, the user's words of
    ``Recorder.allowed_words``)."""
    return lang == "ru"


def _allowed(rl: Rules, user: Iterable[object]) -> AbstractSet[str]:
    """Latin words allowed on a Russian page: the allow-list and the user's own words, with the
    pieces of a user's word (broken over two lines or shortened with "…"). The pieces of an
    allow-listed word (the program's and the game's: "Battle" of "BattleTech") are English,
    even where a user's text holds that word too."""
    words = {w for text in user for w in _WORD.findall(str(text))}
    own = words - rl.latin_allowed
    pieces = {w[:k] for w in own for k in range(1, len(w))} | {w[k:] for w in own for k in range(1, len(w))}
    # a user's own snake_case text (a roster named "hh_test_dread_only") is not a label key
    keys = {k for text in user for k in _KEY.findall(str(text))}
    return rl.latin_allowed | words | pieces | keys


def measure_page(
    page: dict[str, Any],
    rl: Rules | None = None,
    allowed: AbstractSet[str] | None = None,
    want: Want | None = None,
) -> Measured:
    """One page's measurements: (number, violations as tuples, fill, run texts, cuts, marks);
    plain data, so a ``render --jobs`` worker sends it to the parent as it is."""
    rl = rl or rules()
    want = want or (lambda k: True)
    allowed = allowed if allowed is not None else rl.latin_allowed
    violations = [(v.page, v.kind, v.message, v.where) for v in _check_page(page, rl, allowed, want)]
    texts = [it[1] for it in page["items"] if it[0] == "t"]
    cuts = [(it[1], it[2], _where(page, it[3], it[4])) for it in page["items"] if it[0] == "x"]
    fill = _fill(page) if want("blank") or want("widow") else 1.0
    return (page["number"], violations, fill, texts, cuts, dict(page.get("marks") or {}))


def coverage_values(
    game_id: str,
    layout: str,
    units: Iterable[Any],
    text_fields: Callable[[Any], Iterable[tuple[tuple[str | int, ...], object]]],
    variant: str = "",
) -> list[tuple[str, str]]:
    """(what, value) pairs a ``layout`` of ``game_id`` must print for ``units``, as the game's
    coverage data declares (``data/common/coverage.yaml``): text fields by path pattern
    (``weapons.*.name``). ``variant`` (e.g. a card size) picks a more specific entry."""
    spec = _coverage_spec().get(game_id, {})
    fields = (
        spec.get(f"{layout}:{variant}") if variant and f"{layout}:{variant}" in spec else spec.get(layout)
    )
    if not fields:
        return []
    pats = [re.compile("^" + re.escape(str(f)).replace(r"\*", "[^.]+") + "$") for f in fields]
    out: list[tuple[str, str]] = []
    named: dict[tuple[str | int, ...], str | None] = {}  # path -> its name in a message (None: not printed)
    for unit in units:
        for path, text in text_fields(unit):
            if path not in named:
                dotted = ".".join(map(str, path))
                named[path] = (
                    ".".join(str(x) for x in path if not isinstance(x, int))
                    if any(p.match(dotted) for p in pats)
                    else None
                )
            what = named[path]
            if what is not None and text:
                text = str(text).strip()
                if text:
                    out.append((what, text))
    return out


@functools.cache
def _coverage_spec() -> dict[str, Any]:
    from sheets.core.data import load_data

    return load_data("common/coverage.yaml") or {}


class _TextIndex:
    """Finds a text anywhere in a document: as a whole run, or across neighbouring runs (a text
    wrapped over lines, broken after a hyphen) with spaces and case ignored."""

    def __init__(self, runs: list[str]) -> None:
        self.runs = runs
        self.whole = set(self.runs)
        self._doc: str | None = None

    def has(self, text: str) -> bool:
        if text in self.whole:
            return True
        if self._doc is None:
            self._doc = _norm("".join(self.runs))
        return _norm(text) in self._doc


def _norm(text: str) -> str:
    return text.casefold().replace(" ", "").replace("\u00ad", "").replace("\n", "")


def _fill(page: dict[str, Any]) -> float:
    """The share of the page's height that holds anything (5 mm bands touched by a text run, a
    tick target, a filled shape or a short line; a frame around the whole page does not count)."""
    ph = page["size"][1]
    band = _BAND
    touched: set[int] = set()
    for it in page["items"]:
        k = it[0]
        if k == "t":
            box = it[5]
        elif k == "b":
            box = it[1]
        elif k == "p":
            box = (it[1] - it[3], it[2] - it[3], it[1] + it[3], it[2] + it[3])
        elif k in ("c", "s"):
            ys = [p[1] for p in it[1]]
            box = (0, min(ys), 0, max(ys))
            if box[3] - box[1] > ph * 0.9:
                continue
        else:
            continue
        touched.update(range(int(box[1] // band), int(box[3] // band) + 1))
    usable = int((ph - 2 * 10 * MM) // band) or 1
    return min(1.0, len(touched) / usable)


def _where(page: dict[str, Any], x: float, y: float) -> tuple[float, float]:
    return (round(x / MM, 1), round((page["size"][1] - y) / MM, 1))


def _q(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


class _Page:
    """One recorded page as the page rules read it: its items sorted by kind, the drawn lines
    (worked out once, for the rules that need them) and the violations found so far."""

    def __init__(self, page: dict[str, Any], rl: Rules, allowed: AbstractSet[str], want: Want) -> None:
        items = page["items"]
        self.page, self.rl, self.allowed, self.want = page, rl, allowed, want
        self.runs = [it for it in items if it[0] == "t"]
        self.boxes = [it for it in items if it[0] == "b" and not it[2]]
        self.pips = [it for it in items if it[0] == "p" and not it[4]]
        self.segs = [(i, it) for i, it in enumerate(items) if it[0] == "s"]
        self.covers = [(i, it[1]) for i, it in enumerate(items) if it[0] == "c"]
        self.heads = [it for it in items if it[0] == "h"]
        self.out: list[Violation] = []
        self.tick = rl.min_tick_mm * MM - 0.01
        self.gap_pt = rl.min_gap_mm * MM - 0.01
        self.lines: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.order: list[int] = []
        if self.segs and (self.runs or self.pips):
            for idx, (_k, pts, closed) in self.segs:
                pts = list(pts) + ([pts[0]] if closed and len(pts) > 2 else [])
                self.lines.extend(zip(pts, pts[1:]))
                self.order.extend([idx] * (len(pts) - 1))
        self.line_grid = (
            _Grid(
                [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in self.lines]
            )
            if self.lines
            else None
        )

    def add(self, kind: str, msg: str, x: float, y: float) -> None:
        self.out.append(Violation(self.page["number"], kind, msg, _where(self.page, x, y)))


def _rule_runs(p: _Page) -> None:
    """font (the least size, 5 pt for fine print), frame (inside its frame or the page) and
    language (no English on a Russian page), per text run."""
    rl, want = p.rl, p.want
    pw, ph = p.page["size"]
    ru = checks_language(p.page["lang"]) and want("language")
    check_font, check_frame = want("font"), want("frame")
    for _k, text, _font, size, note, (x0, y0, x1, y1), frame in p.runs:
        least = rl.min_fine if note else rl.min_text
        if check_font and size < least - 0.05:
            msg = _("{text} is {size} pt (at least {least} pt)")
            p.add("font", msg.format(text=_q(text), size=f"{size:.1f}", least=f"{least:g}"), x0, y1)
        fx0, fy0, fx1, fy1 = frame if frame else (0, 0, pw, ph)
        if check_frame and (fx0 - x0 > TOL or x1 - fx1 > TOL or fy0 - y0 > TOL or y1 - fy1 > TOL):
            over = max(fx0 - x0, x1 - fx1, fy0 - y0, y1 - fy1)
            msg = (
                _("{text} leaves its frame by {over} pt")
                if frame
                else _("{text} leaves its page by {over} pt")
            )
            p.add("frame", msg.format(text=_q(text), over=f"{over:.1f}"), x0, y1)
        if ru:
            wrong = _language(text, p.allowed)
            if wrong:
                p.add("language", wrong, x0, y1)


def _rule_overlap(p: _Page) -> None:
    """overlap: two text runs never overlap."""
    if not p.want("overlap") or len(p.runs) < 2:
        return
    runs = p.runs
    for a, b in _pairs([r[5] for r in runs]):
        ra, rb = runs[a], runs[b]
        p.add("overlap", _("{a} overlaps {b}").format(a=_q(ra[1]), b=_q(rb[1])), ra[5][0], ra[5][3])


def _rule_border(p: _Page) -> None:
    """border: a text run crosses no drawn line (unless a filled shape drawn later hides it)."""
    if not p.want("border") or p.line_grid is None or not p.runs:
        return
    lines, order, covers = p.lines, p.order, p.covers
    for r in p.runs:
        x0, y0, x1, y1 = r[5]
        inner = (x0 + TOL, y0 + TOL, x1 - TOL, y1 - TOL)
        if inner[0] >= inner[2] or inner[1] >= inner[3]:
            continue
        for li in p.line_grid.query(inner, -0.01):
            (ax, ay), (bx, by) = lines[li]
            if _clip(ax, ay, bx, by, inner) and not any(
                ci > order[li] and _inside(inner, poly) for ci, poly in covers
            ):
                p.add("border", _("{text} crosses a drawn line").format(text=_q(r[1])), x0, y1)
                break


def _rule_tick(p: _Page) -> None:
    """tick: tick boxes and pips at least the least tick size each way."""
    if not p.want("tick"):
        return
    rl, tick = p.rl, p.tick
    for b in p.boxes:
        x0, y0, x1, y1 = b[1]
        w, h = b[3] if len(b) > 3 else (x1 - x0, y1 - y0)
        if min(w, h) < tick:
            p.add(
                "tick",
                _("tick box {w}×{h} mm (its shorter side at least {least} mm)").format(
                    w=f"{w / MM:.1f}", h=f"{h / MM:.1f}", least=f"{rl.min_tick_mm:g}"
                ),
                x0,
                y1,
            )
    small: dict[float, tuple[float, float]] = {}
    for _k, x, y, rad, _s in p.pips:
        if 2 * rad < tick:
            small.setdefault(round(2 * rad / MM, 1), (x, y))
    for d, (x, y) in small.items():
        msg = _("pips {d} mm across (at least {least} mm)").format(d=f"{d:.1f}", least=f"{rl.min_tick_mm:g}")
        p.add("tick", msg, x, y)


def _rule_pips(p: _Page) -> None:
    """pips: two pips keep the least gap between them."""
    pips = p.pips
    if not p.want("pips") or len(pips) < 2:
        return
    gap_pt = p.gap_pt
    close: dict[float, tuple[float, float]] = {}
    for a, b in _pairs([(x - r, y - r, x + r, y + r) for _k, x, y, r, _s in pips], slack=-gap_pt):
        pa, pb = pips[a], pips[b]
        gap = math.hypot(pa[1] - pb[1], pa[2] - pb[2]) - pa[3] - pb[3]
        if gap < gap_pt:
            close.setdefault(round(max(gap, 0) / MM, 2), (pa[1], pa[2]))
    for g, (x, y) in sorted(close.items()):
        msg = _("pips {gap} mm apart (at least {least} mm)").format(
            gap=f"{g:.2f}", least=f"{p.rl.min_gap_mm:g}"
        )
        p.add("pips", msg, x, y)


def _rule_gap(p: _Page) -> None:
    """gap: neighbouring tick boxes, and a pip and a drawn line, keep the least gap."""
    if not p.want("gap"):
        return
    gap_pt = p.gap_pt
    close: dict[tuple[str, float], tuple[float, float]] = {}
    if len(p.boxes) > 1:
        bb = [b[1] for b in p.boxes]
        for a, b in _pairs(bb, slack=-gap_pt):
            A, B = bb[a], bb[b]
            g = max(B[0] - A[2], A[0] - B[2], B[1] - A[3], A[1] - B[3])
            if g < gap_pt:
                close.setdefault(("tick boxes", round(max(g, 0) / MM, 2)), (A[0], A[3]))
    if p.line_grid is not None and p.pips:
        lines = p.lines
        for _k, x, y, r, _s in p.pips:
            probe = (x - r - gap_pt, y - r - gap_pt, x + r + gap_pt, y + r + gap_pt)
            for li in p.line_grid.query(probe, -0.01):
                (ax, ay), (bx, by) = lines[li]
                g = _seg_dist(x, y, ax, ay, bx, by) - r
                if g < gap_pt:
                    close.setdefault(("a pip and a line", round(max(g, 0) / MM, 2)), (x, y))
                    break
    for (what, g), (x, y) in sorted(close.items()):
        msg = (
            _("tick boxes {gap} mm apart (at least {least} mm)")
            if what == "tick boxes"
            else _("a pip and a line {gap} mm apart (at least {least} mm)")
        )
        p.add("gap", msg.format(gap=f"{g:.2f}", least=f"{p.rl.min_gap_mm:g}"), x, y)


def _rule_over_tick(p: _Page) -> None:
    """over_tick: no text run is drawn over a tick box or pip."""
    if not p.want("over_tick") or not p.runs or not (p.boxes or p.pips):
        return
    targets = [b[1] for b in p.boxes] + [(x - r, y - r, x + r, y + r) for _k, x, y, r, _s in p.pips]
    grid = _Grid(targets)
    for r in p.runs:
        if grid.hits(r[5], TOL):
            msg = _("{text} is drawn over a tick target").format(text=_q(r[1]))
            p.add("over_tick", msg, r[5][0], r[5][3])


def _rule_heading(p: _Page) -> None:
    """heading: a heading has content within ``heading_room_pt`` under it on its page (a box
    overlapping the band under it whose top is not above the heading's foot)."""
    if not p.want("heading") or not p.heads:
        return
    content = (
        [r[5] for r in p.runs]
        + [b[1] for b in p.boxes]
        + [(x - r, y - r, x + r, y + r) for _k, x, y, r, _s in p.pips]
        + [_poly_box(poly) for _k, poly in p.covers]
        + [_poly_box(it[1]) for _k, it in p.segs]
    )
    content.sort(key=lambda b: b[3])  # by top: the band under a heading is one slice
    tops = [b[3] for b in content]
    room = p.rl.heading_room_pt
    for _k, text, (hx0, hy0, hx1, hy1) in p.heads:
        lo, hi = hy0 - room, hy0 + TOL
        found = False
        for bx0, by0, bx1, by1 in content[bisect.bisect_right(tops, lo) : bisect.bisect_right(tops, hi)]:
            # (the same overlap test as a grid query of the band: more than 0 each way)
            if (hx1 if hx1 < bx1 else bx1) - (hx0 if hx0 > bx0 else bx0) > 0 and by1 - (
                lo if lo > by0 else by0
            ) > 0:
                found = True
                break
        if not found:
            p.add(
                "heading",
                _(
                    "heading {text} has nothing under it on this page (its block starts on the next page)"
                ).format(text=_q(text)),
                hx0,
                hy1,
            )


PAGE_RULES = (
    _rule_runs,
    _rule_overlap,
    _rule_border,
    _rule_tick,
    _rule_pips,
    _rule_gap,
    _rule_over_tick,
    _rule_heading,
)


def _check_page(page: dict[str, Any], rl: Rules, allowed: AbstractSet[str], want: Want) -> list[Violation]:
    """Every rule of :data:`PAGE_RULES` on one recorded page."""
    p = _Page(page, rl, allowed, want)
    for rule in PAGE_RULES:
        rule(p)
    return p.out


def _language(text: str, allowed: AbstractSet[str]) -> str | None:
    """What is English in ``text`` on a Russian page (a label key, Latin words), or None."""
    key = _KEY.search(text)
    if key and key.group(0) not in allowed:
        return _("label key {key} printed on a Russian page").format(key=repr(key.group(0)))
    latin = [w for w in _WORD.findall(text) if w not in allowed]
    if latin:
        return _("Latin {words} on a Russian page in {text}").format(
            words=repr(", ".join(dict.fromkeys(latin))), text=_q(text)
        )
    return None


def _poly_box(poly: Sequence[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def _seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point p to segment a-b."""
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


class _Grid:
    """Boxes in uniform buckets, to find those overlapping a probe box."""

    def __init__(self, boxes: Sequence[Box], cell: float = 24.0) -> None:
        self.boxes, self.cell = boxes, cell
        self.grid = _buckets(boxes, cell)

    def query(self, box: Box, slack: float) -> list[int]:
        """Indices of the boxes overlapping ``box`` by more than ``slack`` each way."""
        ax0, ay0, ax1, ay1 = box
        cell, grid, boxes = self.cell, self.grid, self.boxes
        found = []
        seen: set[int] | None = None
        gx0, gx1, gy0, gy1 = int(ax0 // cell), int(ax1 // cell), int(ay0 // cell), int(ay1 // cell)
        multi = gx0 != gx1 or gy0 != gy1
        for gx in range(gx0, gx1 + 1):
            for gy in range(gy0, gy1 + 1):
                for j in grid.get(gx * 4096 + gy, ()):
                    bx0, by0, bx1, by1 = boxes[j]
                    if (ax1 if ax1 < bx1 else bx1) - (ax0 if ax0 > bx0 else bx0) > slack and (
                        ay1 if ay1 < by1 else by1
                    ) - (ay0 if ay0 > by0 else by0) > slack:
                        if multi:
                            if seen is None:
                                seen = set()
                            if j in seen:
                                continue
                            seen.add(j)
                        found.append(j)
        return found

    def hits(self, box: Box, slack: float) -> bool:
        """Whether a box overlaps ``box`` by more than ``slack`` each way (``query`` stopping at
        the first one)."""
        ax0, ay0, ax1, ay1 = box
        cell, grid, boxes = self.cell, self.grid, self.boxes
        for gx in range(int(ax0 // cell), int(ax1 // cell) + 1):
            for gy in range(int(ay0 // cell), int(ay1 // cell) + 1):
                for j in grid.get(gx * 4096 + gy, ()):
                    bx0, by0, bx1, by1 = boxes[j]
                    if (ax1 if ax1 < bx1 else bx1) - (ax0 if ax0 > bx0 else bx0) > slack and (
                        ay1 if ay1 < by1 else by1
                    ) - (ay0 if ay0 > by0 else by0) > slack:
                        return True
        return False


def _buckets(boxes: Sequence[Box], cell: float) -> dict[int, list[int]]:
    """The indices of ``boxes`` in the uniform grid cells each box touches, ascending in each
    cell (most boxes lie in one cell: they are put there directly)."""
    grid: dict[int, list[int]] = {}
    get = grid.get
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        gx0, gx1, gy0, gy1 = int(x0 // cell), int(x1 // cell), int(y0 // cell), int(y1 // cell)
        if gx0 == gx1 and gy0 == gy1:
            k = gx0 * 4096 + gy0
            bucket = get(k)
            if bucket is None:
                grid[k] = [i]
            else:
                bucket.append(i)
            continue
        for gx in range(gx0, gx1 + 1):
            for gy in range(gy0, gy1 + 1):
                k = gx * 4096 + gy
                bucket = get(k)
                if bucket is None:
                    grid[k] = [i]
                else:
                    bucket.append(i)
    return grid


def _pairs(boxes: Sequence[Box], slack: float = TOL, cell: float = 24.0) -> list[tuple[int, int]]:
    """Index pairs of boxes overlapping by more than ``slack`` each way (uniform grid buckets)."""
    found: set[tuple[int, int]] = set()
    for members in _buckets(boxes, cell).values():
        n = len(members)
        if n < 2:
            continue
        for k in range(n - 1):
            i = members[k]
            ax0, ay0, ax1, ay1 = boxes[i]
            for m in range(k + 1, n):
                j = members[m]
                bx0, by0, bx1, by1 = boxes[j]
                if (ax1 if ax1 < bx1 else bx1) - (ax0 if ax0 > bx0 else bx0) > slack and (
                    ay1 if ay1 < by1 else by1
                ) - (ay0 if ay0 > by0 else by0) > slack:
                    found.add((i, j))  # (a cell's indices ascend: i < j)
    return sorted(found)


def _inside(box: Box, poly: tuple[tuple[float, float], ...]) -> bool:
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


def _clip(ax: float, ay: float, bx: float, by: float, box: Box) -> bool:
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
    folded: dict[tuple[int, str, str], list[Any]] = {}
    for v in violations:
        key = (v.page, v.kind, v.message)
        if key in folded:
            folded[key][1] += 1
        else:
            folded[key] = [v, 1]
    lines = [str(v) + (" " + _("(×{count})").format(count=k) if k > 1 else "") for v, k in folded.values()]
    if len(lines) > limit:
        rest = len(lines) - limit
        lines = lines[:limit] + [
            ngettext("… and {count} more", "… and {count} more", rest).format(count=rest)
        ]
    return "\n".join(lines)
