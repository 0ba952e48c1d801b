"""A PDF document with reproducible bytes (reportlab invariant mode) and a drawing pen with
the primitives every layout shares: shrink-to-fit text that never goes under the type floor
(6 pt, 5 pt in fine print: a text too long at the floor ends in "…"), boxes and box tracks,
pips, simple tables, hexagons and arrows. Every string drawn passes the font coverage check."""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from sheets import __version__
from sheets.render import fonts
from sheets.render.theme import Theme, theme

if TYPE_CHECKING:
    import re

    from sheets.render.layout_check import Recorder

Point: TypeAlias = tuple[float, float]
Size: TypeAlias = tuple[float, float]  # a page's width and height in points
_State: TypeAlias = tuple[str, float, int]  # (font, size, subset) of a text object

PAPER = {"a4": A4, "letter": LETTER}
MM = 72 / 25.4
_NO_OP = nullcontext()
_ET = "".join(("E", "T"))  # the end of a text object written by Pen.text (compared by identity)


def _floors() -> tuple[float, float]:
    """(text, fine print) minimum sizes in points, from ``data/common/layout.yaml``."""
    from sheets.render.layout_check import rules

    rl = rules()
    return rl.min_text, rl.min_fine


_CHECKED = fonts._CHECKED  # the (text, font) pairs the glyph check passed
_width = fonts.width
_FIT_SLACK = 0.01  # points: a text measured to fit exactly (float rounding) is not cut
_FLOOR = (6.0, 5.0)  # replaced by the data file's values when the first pen is made


class SheetCanvas(Canvas):
    """reportlab's canvas without the initial Helvetica font every page would otherwise name
    (and carry as a resource): sheets draws only with the bundled DejaVu faces."""

    def _make_preamble(self) -> None:  # reportlab's, minus the initial font (colours start black)
        self._preamble = "1 0 0 1 0 0 cm" if self.bottomup else f"1 0 0 -1 0 {fp_str(self._pagesize[1])} cm"


@dataclass(frozen=True)
class Rect:
    x: float
    y: float  # bottom
    w: float
    h: float

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        # (the generated __init__ of a frozen dataclass, without its four object.__setattr__
        # calls: a page makes hundreds of rectangles)
        fields = self.__dict__
        fields["x"] = x
        fields["y"] = y
        fields["w"] = w
        fields["h"] = h

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def split_h(self, *fractions: float, gap: float = 0) -> list[Rect]:
        """Split left to right by fractions of the width (minus gaps)."""
        total = self.w - gap * (len(fractions) - 1)
        out, x = [], self.x
        for f in fractions:
            w = total * f
            out.append(Rect(x, self.y, w, self.h))
            x += w + gap
        return out

    def split_v(self, *fractions: float, gap: float = 0) -> list[Rect]:
        """Split top to bottom by fractions of the height (minus gaps)."""
        total = self.h - gap * (len(fractions) - 1)
        out, top = [], self.top
        for f in fractions:
            h = total * f
            out.append(Rect(self.x, top - h, self.w, h))
            top -= h + gap
        return out


def _text(value: str) -> str:
    """``value`` as text the PDF can hold: the bytes of a file name that are not UTF-8 (kept by
    Python as lone surrogates) become U+FFFD."""
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        return value.encode("utf-8", "surrogateescape" if _escaped_only(value) else "replace").decode(
            "utf-8", "replace"
        )


def _escaped_only(value: str) -> bool:
    return all(not 0xD800 <= ord(c) <= 0xDFFF or 0xDC80 <= ord(c) <= 0xDCFF for c in value)


class Document:
    """One PDF being built. ``finish()`` returns its bytes (identical for identical input)."""

    def __init__(
        self,
        paper: str | Size = "a4",
        mono: bool = False,
        title: str = "",
        subject: str = "",
        lang: str = "en",
        record: bool | dict[str, Any] = False,
        stream: bool = False,
    ) -> None:
        """``record=True`` keeps what every page draws (text runs, tick targets, borders) in
        ``self.recorder`` for :mod:`sheets.render.layout_check`; off by default (no cost).
        ``stream=True`` (with ``record``) measures each page when the next one starts and keeps
        only the measurements (the commands do this: memory stays flat). ``record`` may be a
        dict: ``stream``, ``full_pages`` (pages after it measured by the light rules only) and
        ``allowed_words`` (the user's own words) for the recorder."""
        self.lang = lang
        self.size: Size = PAPER[paper] if isinstance(paper, str) else paper
        self.buffer = io.BytesIO()
        self.canvas = SheetCanvas(self.buffer, pagesize=self.size, invariant=1, pageCompression=1, lang=lang)
        self.canvas.setTitle(_text(title) or "sheets")  # (a file name may hold any bytes)
        self.canvas.setAuthor(f"sheets {__version__}")
        self.canvas.setSubject(subject)
        self.canvas.setCreator(f"sheets {__version__}")
        self.theme = theme(mono)
        self.recorder: Recorder | None = None
        if record:
            from sheets.render.layout_check import Recorder

            how: dict[str, Any] = record if isinstance(record, dict) else {}
            self.recorder = Recorder(lang, stream=stream or bool(how.get("stream")))
            self.recorder.full_pages = how.get("full_pages")
            self.recorder.allowed_words = set(how.get("allowed_words") or ())
        self.pen = Pen(self.canvas, self.theme, self.recorder)
        self.pages = 0
        self._open = False

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]

    def page(self, size: Size | None = None) -> Pen:
        """Start a new page (closing the previous one) and return the pen."""
        if self._open:
            self.canvas.showPage()
        if size is not None:
            self.canvas.setPageSize(size)
            self.size = size
        self._open = True
        self.pages += 1
        self.canvas.setLineJoin(1)
        if self.recorder is not None:
            self.recorder.new_page(self.pages, self.size)
            self.pen.rec, self.pen.lite = self.recorder.targets()
        return self.pen

    def finish(self) -> bytes:
        if self._open:
            self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()


class TextEncoder:
    """The text operators of one run: ``/F2+0 8 Tf (…) Tj`` per font subset, the font only when
    it changes inside the text object. Glyph codes are assigned by reportlab's TrueType subsetter
    on first use and never change, so the encoded bytes of a string are cached per document."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        # (font, size, subset) in force in the open text object ("?": unknown to a worker of
        # sheets.render.parallel)
        self.state: _State | str | None = None
        self._runs: dict[tuple[str, float, str], tuple[_State | None, str, str, _State | None]] = {}
        self._names: dict[tuple[str, int], str] = {}

    def encode(self, font: str, size: float, text: str, new: bool) -> str:
        prev = None if new else self.state
        hit = self._runs.get((font, size, text))
        if hit is None:
            hit = self._runs[(font, size, text)] = self._prepare(font, size, text)
        first, with_tf, without_tf, last = hit
        if last is not None:
            self.state = last
        return without_tf if prev is not None and prev == first else with_tf

    def _prepare(self, font: str, size: float, text: str) -> tuple[_State | None, str, str, _State | None]:
        """(state the run starts in, its operators from another state, from that state, state it
        ends in). Glyph codes are assigned here, on the first use of the string."""
        c = self.canvas
        doc = c._doc
        fonts.face(font)
        face = pdfmetrics.getFont(font)
        segs = face.splitString(text, doc)
        parts: list[str] = []
        state: _State | None = None
        for subset, chunk in segs:
            st = (font, size, subset)
            if st != state:
                name = self._names.get((font, subset))
                if name is None:
                    name = self._names[(font, subset)] = face.getSubsetInternalName(subset, doc)
                parts.append(f"{name} {fp_str(size)} Tf {fp_str(size * 1.2)} TL")
                state = st
            parts.append(f"({c._escape(chunk)}) Tj")
        parts.append("T*")  # a line break for text extraction, as reportlab's drawString writes
        first = (font, size, segs[0][0]) if segs else None
        with_tf = " ".join(parts)
        without_tf = " ".join(parts[1:]) if segs else with_tf
        return first, with_tf, without_tf, state


def fill_lines(text: str, font: str, size: float, widths: Sequence[float]) -> list[str]:
    """``text`` in lines, line k at most ``widths[k]`` wide (the last width for the rest): words
    kept whole where they fit, a wider word broken after a hyphen or else where it must.
    Remembered (a page's legend is filled again on every page, measuring each longer prefix)."""
    return list(_filled(text, font, size, tuple(widths)))


@functools.lru_cache(maxsize=4096)
def _filled(text: str, font: str, size: float, widths: tuple[float, ...]) -> tuple[str, ...]:
    return tuple(_fill_lines(text, font, size, widths))


def _fill_lines(text: str, font: str, size: float, widths: Sequence[float]) -> list[str]:
    lines: list[str] = []
    line = ""

    def room() -> float:
        return widths[min(len(lines), len(widths) - 1)]

    for word in text.split():
        joined = f"{line} {word}" if line else word
        if fonts.width(joined, font, size) <= room():
            line = joined
            continue
        if line:
            lines.append(line)
        while len(word) > 1 and fonts.width(word, font, size) > room():
            cut = len(word) - 1
            while cut > 1 and fonts.width(word[:cut], font, size) > room():
                cut -= 1
            hyphen = word.rfind("-", 0, cut)
            cut = hyphen + 1 if hyphen > 0 else cut
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


_CASE_WORD: re.Pattern[str] | None = None


def heading_style(text: str) -> str:
    """The one case style of headings in every game: sentence case. A heading written in
    capitals ("ARMOR DIAGRAM", «СХЕМА БРОНИ») is set in sentence case ("Armor diagram",
    «Схема брони»), keeping words with digits ("2D6") and the game abbreviations of
    ``data/common/layout.yaml`` ("BV"); a heading in mixed case (a rulebook's own term such as
    «Таблица Места Попадания», a user's name) is left as it is."""
    global _CASE_WORD
    import re

    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 2 or any(ch.islower() for ch in letters):
        return text
    if _CASE_WORD is None:
        _CASE_WORD = re.compile(r"\w+")
    from sheets.render.layout_check import rules

    keep = rules().latin_allowed
    first = [True]

    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        out = (
            word
            if (any(ch.isdigit() for ch in word) or word in keep or len(word) == 1 and not first[0])
            else (word[0] + word[1:].lower() if first[0] else word.lower())
        )
        first[0] = False
        return out

    return _CASE_WORD.sub(one, text)


def wrap_breaking(text: str, font: str, size: float, width: float) -> list[str]:
    """:meth:`Pen.wrap_static`, with a word wider than ``width`` broken after its hyphen (else
    where it must) instead of left for :meth:`Pen.text` to shrink."""
    lines = []
    for line in Pen.wrap_static(text, font, size, width):
        lines += fill_lines(line, font, size, (width,)) if fonts.width(line, font, size) > width else [line]
    return lines


def shortened(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut at a word end to fit ``width`` with a closing "…" (issue 33: it cut
    mid-word); only a first word wider than ``width`` by itself is cut inside it."""
    ends = [k for k in range(len(text), 0, -1) if k == len(text) or text[k] in " -/,;"]
    for cut in ends:
        head = text[:cut].rstrip(" -,;/")
        if head and fonts.width(head + "…", font, size) <= width:
            return head + "…"
    cut = len(text)
    while cut > 1 and fonts.width(text[:cut].rstrip(" -,") + "…", font, size) > width:
        cut -= 1
    return text[:cut].rstrip(" -,") + "…"


@contextmanager
def _frame(rec: Recorder, r: Rect) -> Iterator[None]:
    """:meth:`Pen.frame` while recording."""
    rec.frames.append(r)
    try:
        yield
    finally:
        rec.frames.pop()


class Pen:
    """Drawing primitives on a canvas, with the theme's colours."""

    skip = False  # True on pages another worker draws (render --jobs): a layout may skip them
    trial = False  # True for a trial drawing that is measured, never printed (roster_pdf)

    def __init__(self, canvas: Canvas, th: Theme, recorder: Recorder | None = None) -> None:
        self.c = canvas
        self.t = th
        self._forms: dict[Any, str] = {}
        # None for a canvas stand-in without a content stream: text goes through drawString
        self.encoder = TextEncoder(canvas) if isinstance(canvas, Canvas) else None
        self._in_form = False
        self.rec = recorder  # a layout_check.Recorder, or None (not recording)
        self.lite: Recorder | None = None  # the Recorder when it keeps only texts and cuts (its light pages)
        self._fine = 0  # > 0 inside fine_print(): 5 pt allowed
        global _FLOOR
        _FLOOR = _floors()

    # -- what the layout checker needs to know (no-ops when not recording) ------------------
    # (not recording: one shared no-op context instead of a generator per use; a page draws
    # hundreds of frames)
    def frame(self, r: Rect) -> AbstractContextManager[None]:
        """Text drawn inside this block belongs to ``r``: leaving it is a layout error."""
        return _NO_OP if self.rec is None else _frame(self.rec, r)

    @contextmanager
    def fine_print(self) -> Iterator[None]:
        """Footnotes and sources: 5 pt is allowed instead of 6 pt (the pen's floor drops too)."""
        self._fine += 1
        if self.rec is not None:
            self.rec.note += 1
        try:
            yield
        finally:
            self._fine -= 1
            if self.rec is not None:
                self.rec.note -= 1

    def mark(self, key: str, value: Any) -> None:
        """Tell the layout checker something about this page (``back_of``: the front page whose
        card backs it holds; ``keep``: a group meant to fit one page); nothing is drawn."""
        target = self.rec if self.rec is not None else self.lite
        if target is not None:
            target.mark(key, value)

    def legend_key(self) -> AbstractContextManager[None]:
        """Boxes and pips drawn here are samples in a legend, not tick targets."""
        return _NO_OP if self.rec is None else self._counting("sample")

    @contextmanager
    def _counting(self, depth: str) -> Iterator[None]:
        """The recorder's ``depth`` counter (``note``, ``sample``) raised while the block runs."""
        setattr(self.rec, depth, getattr(self.rec, depth) + 1)
        try:
            yield
        finally:
            setattr(self.rec, depth, getattr(self.rec, depth) - 1)

    # -- reuse ----------------------------------------------------------------------------
    def form(self, key: Hashable, x: float, y: float, draw: Callable[[Pen], object]) -> None:
        """Place a drawing that repeats (same ``key`` = same content) as one PDF form XObject.

        ``draw(pen)`` draws it once with its lower-left corner at (0, 0); every use is a cheap
        reference. Sheets reuse block skeletons and pip groups this way."""
        if self._in_form:  # forms do not nest: draw in place inside the outer form
            self.c.saveState()
            self.c.translate(x, y)
            draw(self)
            self.c.restoreState()
            return
        name = self._forms.get(key)
        if name is None:
            name = self._forms[key] = self._form_name(key)
            self._in_form = True
            if self.rec is not None:
                self.rec.begin_capture()
            try:
                self.c.beginForm(name)  # drawn in form space (identity matrix)
                # a form inherits the state of wherever it is placed: set every colour and width
                c = self.c
                c._fillColorObj = c._strokeColorObj = c._lineWidth = None
                draw(self)
                self.c.endForm()
            finally:
                self._in_form = False
                if self.rec is not None:
                    self.rec.forms[name] = self.rec.end_capture()
        if self.encoder is not None:
            # what saveState, translate, doForm and restoreState write, without their bookkeeping
            c = self.c
            c._code.append(f"q 1 0 0 1 {fp_str(x, y)} cm /{c._doc.getXObjectName(name)} Do Q")
            c._formsinuse.append(name)
            if self.rec is not None:
                a, b, cc, d, e, f = c._currentMatrix
                self.rec.place(self.rec.forms[name], (a, b, cc, d, a * x + cc * y + e, b * x + d * y + f))
            return
        self.c.saveState()
        self.c.translate(x, y)
        self.c.doForm(name)
        if self.rec is not None:
            self.rec.place(self.rec.forms[name], self.c._currentMatrix)
        self.c.restoreState()

    def _form_name(self, key: Hashable) -> str:
        """A new form's name: its rank (F0, F1, …, as short as a hand-written script's; every
        page that places a form names it in its resources). Workers of ``render --jobs`` name
        forms by key instead and the parent renames them in this same order of first use."""
        return f"F{len(self._forms)}"

    # -- colour ---------------------------------------------------------------------------
    # The canvas keeps its current colours and line width (and restores them with
    # restoreState), so a value already in force is not written again.
    def fill(self, rgb: Sequence[float]) -> None:
        if self.c._fillColorObj == rgb:
            return
        if rgb[0] == rgb[1] == rgb[2]:
            self.c.setFillGray(rgb[0])
        else:
            self.c.setFillColorRGB(*rgb)

    def stroke(self, rgb: Sequence[float]) -> None:
        if self.c._strokeColorObj == rgb:
            return
        if rgb[0] == rgb[1] == rgb[2]:
            self.c.setStrokeGray(rgb[0])
        else:
            self.c.setStrokeColorRGB(*rgb)

    def width(self, w: float) -> None:
        """Line width (not written again when already in force)."""
        if self.c._lineWidth != w:
            self.c.setLineWidth(w)

    # -- text -----------------------------------------------------------------------------
    def floor(self) -> float:
        """The smallest type this pen draws here, in the current coordinate space: 6 pt for text
        read at the table, 5 pt inside :meth:`fine_print` (``data/common/layout.yaml``), divided
        by the scale of the canvas matrix (a scaled-down block cannot bypass it)."""
        least = _FLOOR[1] if self._fine else _FLOOR[0]
        a, b, c, d = self.c._currentMatrix[:4]
        det = abs(a * d - b * c)
        return least if 0.999999 < det < 1.000001 or det == 0 else least / math.sqrt(det)

    def fit_size(
        self, text: str, font: str, size: float, max_width: float | None, min_size: float = 3.0
    ) -> float:
        """The size ``text`` fits ``max_width`` at, never below the floor (:meth:`floor`)."""
        least = self.floor()
        size = max(size, least)
        if not max_width or not text:
            return size
        w = fonts.width(text, font, size)
        if w <= max_width:
            return size
        return max(least, min_size, size * max_width / w * 0.999)

    def text(
        self,
        x: float,
        y: float,
        text: object,
        size: float = 8,
        font: str = "Sans",
        align: str = "left",
        max_width: float | None = None,
        color: Sequence[float] | None = None,
        min_size: float = 3.0,
        shorten: bool = True,
    ) -> float:
        """Draw one line of text, shrunk to ``max_width`` but never below ``min_size`` nor the
        floor (:meth:`floor`: 6 pt, 5 pt in fine print; a smaller ``size`` is raised to it).
        A text too wide at that size ends in "…" (its full text is recorded for the layout
        checker, which looks for it elsewhere in the document); ``shorten`` is kept for the
        callers that name it: nothing is ever squeezed any more. Returns its width."""
        if text.__class__ is not str:
            text = "" if text is None else str(text)
        if not text:
            return 0.0
        if (text, font) not in _CHECKED:  # (fonts.check_text's memory, looked up here first)
            fonts.check_text(text, font)
        m = self.c._currentMatrix
        least = _FLOOR[1] if self._fine else _FLOOR[0]
        if m[0] != 1 or m[3] != 1 or m[1] or m[2]:
            least = self.floor()
        if size < least:
            size = least
        w = _width(text, font, size)
        full = None
        if max_width and w > max_width + _FIT_SLACK:
            size = max(least, min_size, size * max_width / w * 0.999)
            w = fonts.width(text, font, size)
            if w > max_width + _FIT_SLACK:
                full, text = text, shortened(text, font, size, max_width)
                w = fonts.width(text, font, size)
        if align == "center":
            x -= w / 2
        elif align == "right":
            x -= w
        self._run(x, y, text, font, size, tuple(color or self.t.ink))
        if self.rec is not None:
            self.rec.text(self.c, text, font, size, x, y, w)
            if full is not None:
                self.rec.cut(self.c, full, text, x, y)
        elif self.lite is not None:
            self.lite.light(text, y + self.c._currentMatrix[5], full)
        return w

    def _run(self, x: float, y: float, text: str, font: str, size: float, rgb: tuple[float, ...]) -> None:
        """Write one text run into the content stream. Runs drawn one after another (nothing
        else in between) share one text object; colour and font are set only when they change."""
        c = self.c
        if self.encoder is None:  # a canvas stand-in (benchmarks/floor.py records through one)
            self.fill(rgb)
            fonts.face(font)
            c.setFont(font, size)
            c.drawString(x, y, text)
            return
        code = c._code
        if code and code[-1] is _ET:
            code.pop()
            new = False
            head = ""
        else:
            new = True
            head = "BT "
        if c._fillColorObj != rgb:
            c._fillColorObj = rgb
            head += f"{fp_str(rgb[0])} g " if rgb[0] == rgb[1] == rgb[2] else f"{fp_str(*rgb)} rg "
        # (one string: the operators joined by spaces, as ever)
        code.append(f"{head}1 0 0 1 {fp_str(x, y)} Tm {self.encoder.encode(font, size, text, new)}")
        code.append(_ET)

    def text_in(
        self,
        r: Rect,
        text: object,
        size: float = 8,
        font: str = "Sans",
        align: str = "left",
        pad: float = 2,
        color: Sequence[float] | None = None,
        valign: str = "middle",
        min_size: float = 3.0,
        shorten: bool = True,
    ) -> None:
        """Text inside a rectangle: fits the width, vertically centred (or top/bottom); see
        :meth:`text` for ``min_size`` and ``shorten``."""
        size = min(size, r.h * 0.8)
        if valign == "middle":
            y = r.y + (r.h - size * 0.72) / 2
        elif valign == "top":
            y = r.top - pad - size * 0.8
        else:
            y = r.y + pad
        x = {"left": r.x + pad, "center": r.x + r.w / 2, "right": r.right - pad}[align]
        with self.frame(r):  # (recorded: the text must stay inside the rectangle)
            self.text(
                x,
                y,
                text,
                size,
                font,
                align,
                max_width=r.w - 2 * pad,
                color=color,
                min_size=min_size,
                shorten=shorten,
            )

    def wrap(self, text: str, font: str, size: float, width: float) -> list[str]:
        """Greedy word wrap by font metrics (explicit newlines kept)."""
        return Pen.wrap_static(text, font, size, width)

    @staticmethod
    def wrap_static(text: str, font: str, size: float, width: float) -> list[str]:
        return list(_wrap(str(text), font, size, width))

    def paragraph(
        self,
        r: Rect,
        text: str,
        size: float = 7,
        font: str = "Sans",
        leading: float = 1.18,
        min_size: float = 4.0,
        color: Sequence[float] | None = None,
    ) -> float:
        """Wrapped text filling ``r`` from the top; shrinks until it fits, never below the
        floor (:meth:`floor`). What still does not fit at the floor is left out: the last line
        that fits ends in "…" and the full text is recorded for the layout checker. A word wider
        than ``r`` breaks (after its hyphen where it has one). Returns the height used."""
        least = max(min_size, self.floor())
        size = max(size, least)
        while True:
            lines = wrap_breaking(text, font, size, r.w)
            need = len(lines) * size * leading
            if need <= r.h or size <= least:
                break
            size = max(least, size - 0.25)
        cut = None
        if need > r.h + 0.01 and len(lines) > 1:
            keep = max(1, int((r.h + 0.01) // (size * leading)))
            if keep < len(lines):
                cut = text
                lines = lines[:keep]
                lines[-1] = shortened(lines[-1] + " ", font, size, r.w)
                need = keep * size * leading
        y = r.top - size
        if self.rec is not None:
            self.rec.frames.append(r)
        for line in lines:
            self.text(r.x, y, line, size, font, max_width=r.w, color=color)
            y -= size * leading
        if self.rec is not None:
            if cut is not None:
                self.rec.cut(self.c, cut, lines[-1], r.x, y + size * leading)
            self.rec.frames.pop()
        return need

    # -- shapes ---------------------------------------------------------------------------
    def rect(
        self,
        r: Rect,
        fill: Sequence[float] | None = None,
        stroke: bool = True,
        width: float = 0.6,
        radius: float = 0,
    ) -> None:
        if fill is not None:
            self.fill(fill)
        if stroke:
            self.stroke(self.t.ink)
            self.width(width)
        if radius:
            self.c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=int(stroke), fill=int(fill is not None))
        else:
            self.c.rect(r.x, r.y, r.w, r.h, stroke=int(stroke), fill=int(fill is not None))
        if self.rec is not None:
            corners = ((r.x, r.y), (r.right, r.y), (r.right, r.top), (r.x, r.top))
            if fill is not None:
                self.rec.cover(self.c, corners)
            if stroke:
                self.rec.border(self.c, corners, closed=True)

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        width: float = 0.6,
        color: Sequence[float] | None = None,
        dash: Sequence[float] | None = None,
    ) -> None:
        self.stroke(color or self.t.ink)
        self.width(width)
        if dash:
            self.c.setDash(*dash)
        self.c.line(x1, y1, x2, y2)
        if dash:
            self.c.setDash()
        if self.rec is not None:
            self.rec.border(self.c, ((x1, y1), (x2, y2)))

    def heading(self, r: Rect, text: str, size: float = 8, font: str = "Sans-Bold") -> None:
        """A section heading band (accent colour, light text) over the block that follows it
        (the layout checker reports one left alone at the foot of a page). Set in the one
        heading style of every game (:func:`heading_style`: capitals become sentence case)."""
        text = heading_style(str(text))
        self.rect(r, fill=self.t.accent, stroke=False)
        self.text_in(r, text, size, font, color=self.t.accent_text, pad=3)
        if self.rec is not None:
            self.rec.heading(self.c, str(text), r.x, r.y, r.right, r.top)

    def box_track(
        self,
        x: float,
        y: float,
        kinds: Sequence[str],
        size: float = 7,
        gap: float = 1.5,
        width: float = 0.6,
        height: float | None = None,
    ) -> float:
        """A row of tick boxes (``size`` wide, ``height`` tall, default square) left to right;
        kind 'plain' | 'shade' | 'dark' | 'heavy' (a thick double frame: stands out like a dark
        box and still takes a pencil mark). Returns the width."""
        height = size if height is None else height
        path = {"plain": self.c.beginPath(), "shade": self.c.beginPath(), "dark": self.c.beginPath()}
        heavy = None
        used = set()  # the kinds drawn: an empty path would still write its painting operator
        cx = x
        for k in kinds:
            if k == "heavy":
                heavy = heavy or self.c.beginPath()
                heavy.rect(cx, y, size, height)
                inset = min(size, height) * 0.19
                path["plain"].rect(cx + inset, y + inset, size - 2 * inset, height - 2 * inset)
                used.add("plain")
            else:
                path[k].rect(cx, y, size, height)
                used.add(k)
            if self.rec is not None:
                self.rec.box(self.c, cx, y, size, height)
            cx += size + gap
        self.stroke(self.t.ink)
        self.width(width)
        for k, fill in (("plain", None), ("shade", self.t.shade), ("dark", self.t.dark)):
            if k not in used:
                continue
            if fill is not None:
                self.fill(fill)
            self.c.drawPath(path[k], stroke=1, fill=int(fill is not None))
        if heavy is not None:
            self.c.setLineWidth(max(width * 2.3, 1.3))
            self.c.drawPath(heavy, stroke=1, fill=0)
        return cx - x - gap if kinds else 0

    def pips(
        self,
        r: Rect,
        n: int,
        fill: Sequence[float] | None = None,
        max_radius: float = 3.2,
        gap: float = 1.2,
        width: float = 0.5,
    ) -> None:
        """``n`` circles packed in rows inside ``r`` (largest radius that fits), drawn once per
        distinct size and reused."""
        if n <= 0:
            return
        key = ("pips", n, round(r.w, 2), round(r.h, 2), fill, max_radius, gap, width)
        self.form(key, r.x, r.y, lambda pen: pen._pips(Rect(0, 0, r.w, r.h), n, fill, max_radius, gap, width))

    def _pips(
        self, r: Rect, n: int, fill: Sequence[float] | None, max_radius: float, gap: float, width: float
    ) -> float:
        if n <= 0:
            return 0.0
        best = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            d = min(r.w / cols, r.h / rows)
            rad = min(max_radius, (d - gap) / 2)
            if rad > 0 and (best is None or rad > best[0]):
                best = (rad, cols, rows)
        rad, cols, rows = best or (0.8, n, 1)
        rad = max(rad, 0.8)
        pitch = rad * 2 + gap
        total_h = rows * pitch
        p = self.c.beginPath()
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = r.x + (r.w - in_row * pitch) / 2 + pitch / 2
            cy = r.top - (r.h - total_h) / 2 - pitch / 2 - row * pitch
            p.circle(x0 + col * pitch, cy, rad)
            if self.rec is not None:
                self.rec.pip(self.c, x0 + col * pitch, cy, rad)
        self.stroke(self.t.ink)
        self.width(width)
        if fill is not None:
            self.fill(fill)
        self.c.drawPath(p, stroke=1, fill=int(fill is not None))
        return rad

    def table(
        self,
        r: Rect,
        widths: Sequence[float],
        rows: Sequence[Sequence[object]],
        header: Sequence[object] | None = None,
        size: float = 7,
        font: str = "Sans",
        header_font: str = "Sans-Bold",
        aligns: Sequence[str] | None = None,
        row_h: float | None = None,
        zebra: bool = True,
        grid: bool = False,
    ) -> float:
        """A simple table of strings from the top of ``r``; column widths as fractions.
        Cells shrink to fit their column. Returns the height used."""
        total = sum(widths)
        xs, x = [], r.x
        for w in widths:
            xs.append((x, r.w * w / total))
            x += r.w * w / total
        n = len(rows) + (1 if header else 0)
        row_h = row_h or min(size * 1.45, r.h / max(n, 1))
        size = min(size, row_h * 0.78)
        aligns = aligns or ["left"] + ["center"] * (len(widths) - 1)
        y = r.top
        if header:
            band = Rect(r.x, y - row_h, r.w, row_h)
            self.rect(band, fill=self.t.band, stroke=False)
            for (cx, cw), cell, al in zip(xs, header, aligns):
                self.text_in(Rect(cx, band.y, cw, row_h), cell, size, header_font, al, pad=1.5)
            y -= row_h
        for i, row in enumerate(rows):
            rr = Rect(r.x, y - row_h, r.w, row_h)
            if zebra and i % 2 == 1:
                self.rect(rr, fill=self.t.faint, stroke=False)
            for (cx, cw), cell, al in zip(xs, row, aligns):
                self.text_in(Rect(cx, rr.y, cw, row_h), cell, size, font, al, pad=1.5)
            if grid:
                self.line(r.x, rr.y, r.right, rr.y, 0.3)
            y -= row_h
        return r.top - y

    def hexagon(
        self,
        cx: float,
        cy: float,
        radius: float,
        flat_top: bool = True,
        fill: Sequence[float] | None = None,
        stroke: bool = True,
        width: float = 0.6,
    ) -> None:
        """A regular hexagon (corner radius ``radius``)."""
        self.polygon(hex_corners(cx, cy, radius, flat_top), fill, stroke, width)

    def polygon(
        self,
        points: Iterable[Point],
        fill: Sequence[float] | None = None,
        stroke: bool = True,
        width: float = 0.6,
    ) -> None:
        points = list(points)
        p = self.c.beginPath()
        for i, pt in enumerate(points):
            (p.moveTo if i == 0 else p.lineTo)(*pt)
        p.close()
        if fill is not None:
            self.fill(fill)
        self.stroke(self.t.ink)
        self.width(width)
        self.c.drawPath(p, stroke=int(stroke), fill=int(fill is not None))
        if self.rec is not None:
            if fill is not None:
                self.rec.cover(self.c, points)
            if stroke:
                self.rec.border(self.c, points, closed=True)

    def arrow(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        width: float = 1.2,
        head: float = 5,
        color: Sequence[float] | None = None,
    ) -> None:
        color = color or self.t.ink
        self.line(x1, y1, x2, y2, width, color)
        ang = math.atan2(y2 - y1, x2 - x1)
        pts = [
            (x2, y2),
            (x2 - head * math.cos(ang - 0.45), y2 - head * math.sin(ang - 0.45)),
            (x2 - head * math.cos(ang + 0.45), y2 - head * math.sin(ang + 0.45)),
        ]
        self.polygon(pts, fill=color, width=0.3)


@functools.lru_cache(maxsize=16384)
def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """The lines of :meth:`Pen.wrap_static`; cached, as a batch wraps the same rule texts and
    names on every sheet (font metrics alone decide them)."""
    lines = []
    for para in text.split("\n"):
        words, line = para.split(), ""
        for w in words:
            trial = f"{line} {w}".strip()
            if line and fonts.width(trial, font, size) > width:
                lines.append(line)
                line = w
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


def hex_corners(cx: float, cy: float, radius: float, flat_top: bool = True) -> list[Point]:
    """Corners of a hexagon, counter-clockwise from the right (flat-top) or top-right."""
    start = 0 if flat_top else 30
    return [
        (
            cx + radius * math.cos(math.radians(start + 60 * i)),
            cy + radius * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def footer(pen: Pen, page: Rect, left: str, right: str, size: float = 6.5) -> None:
    """The tool's footer line under a page's content frame."""
    y = page.y - size - 3
    pen.text(page.x, y, left, size, "Sans", max_width=page.w * 0.6)
    pen.text(page.right, y, right, size, "Sans", align="right", max_width=page.w * 0.38)


def margins(paper: str) -> float:
    """Page margin in points: 10 mm on A4, 0.4 in on Letter."""
    return 10 * MM if paper == "a4" else 0.4 * 72
