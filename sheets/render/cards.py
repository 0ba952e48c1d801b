"""Shared card printing: card sizes, n-up imposition with crop marks, bleed and gaps,
mirrored backs for duplex printing, and one PNG per card.

A game draws one card face with a callable ``draw(pen, box)``; ``box`` is a :class:`CardBox`,
i.e. a :class:`~sheets.render.pdf.Rect` (the trim box, the card's cut edge) that also carries
the ``bleed`` width. The drawer keeps its content inside the trim box and may paint a
background out to ``box.bleed_box``; anything beyond the bleed box is clipped. The drawer always
gets the card upright (portrait); when the layout turns cards sideways the canvas is rotated
for it.

Layout rules (see :func:`grid`):

* slots are the bleed boxes (trim grown by ``bleed``), ``gap`` apart, as many as fit inside
  the page margins, the whole block centred on the page; the same positions on every page, so
  a stack of sheets can be cut in one go;
* with a bleed and no gap, cards may instead be *butted*: the trim boxes touch (one cut per
  line, no bleed between neighbours) and only the block's outer bleed lies outside the trims,
  where it may run into the page margin (it is cut away). This layout is used only when it
  holds strictly more cards: poker with ``--bleed 3`` on A4 holds 9 (3 × 63 = 189 mm of trim
  in the 190 mm between the margins, 3 × 88 = 264 of 277 mm) instead of 4 (2 × 2 bleed boxes
  of 69 × 94 mm);
* cards are turned sideways (landscape) only when that fits strictly more per page;
* crop marks are short hairlines extending every cut line of the cards printed on a page
  (an empty slot gets none) outward from the outermost card on that line; they never touch a
  card or its bleed;
* back pages (long-edge duplex) put the back of card k in the slot mirrored left↔right, so it
  lands behind card k.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheets.core.data import load_data
from sheets.core.errors import did_you_mean
from sheets.core.fsio import atomic_write
from sheets.core.i18n import _
from sheets.render.pdf import MM, PAPER, Document, Pen, Rect, margins
from sheets.render.raster import pdf_to_pngs

if TYPE_CHECKING:
    from sheets.core.game import Options

MARK_OFFSET = 1 * MM  # distance between the block's outer bleed edge and a crop mark
MARK_LENGTH = 5 * MM  # length of a crop mark (shortened where the paper edge is nearer)
MARK_WIDTH = 0.25  # crop-mark line width in points (hairline)
PNG_DPI = 300
_EPS = 1e-6


@dataclass(frozen=True)
class CardBox(Rect):
    """A card's trim box (x, y, w, h as in :class:`Rect`) plus its ``bleed`` width in points."""

    bleed: float = 0.0

    @property
    def trim(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)

    @property
    def bleed_box(self) -> Rect:
        b = self.bleed
        return Rect(self.x - b, self.y - b, self.w + 2 * b, self.h + 2 * b)


Drawer = Callable[[Pen, CardBox], None]


# -- sizes -----------------------------------------------------------------------------------


def card_size(name: str) -> tuple[float, float]:
    """Portrait card size (width, height) in points: a preset of data/common/cards.yaml
    (e.g. ``poker`` = 63 × 88 mm) or a custom ``"W×H"`` / ``"WxH"`` in millimetres."""
    table = load_data("common/cards.yaml")
    presets = table["presets"]
    key = str(name).strip().lower()
    if key in presets:
        p = presets[key]
        for side in ("width", "height"):
            if not p[side] > 0:  # a --data-dir table may say 0 (the check allows 0 or more)
                from sheets.core.data import data_path
                from sheets.core.errors import InputError, Problem

                pos = p.pos_of(side) if hasattr(p, "pos_of") else None
                raise InputError(
                    [
                        Problem(
                            str(data_path("common/cards.yaml")),
                            pos,
                            (
                                _("presets.{key}.width: a card width must be more than 0")
                                if side == "width"
                                else _("presets.{key}.height: a card height must be more than 0")
                            ).format(key=key),
                            code="card-size-not-positive",
                        )
                    ]
                )
        return p["width"] * MM, p["height"] * MM
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)", key)
    if m and float(m.group(1)) > 0 and float(m.group(2)) > 0:
        return float(m.group(1)) * MM, float(m.group(2)) * MM
    raise ValueError(
        _("unknown card size {name}{hint}; use one of {sizes} or W×H in mm (e.g. 63x88)").format(
            name=repr(name), hint=did_you_mean(key, presets), sizes=", ".join(presets)
        )
    )


def default_card() -> str:
    """The preset used when no card size is given (``default`` of data/common/cards.yaml)."""
    return load_data("common/cards.yaml")["default"]


# -- geometry --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """Where cards go on every page (all lengths in points, origin bottom-left)."""

    paper: tuple[float, float]
    card: tuple[float, float]  # portrait trim size of one card
    bleed: float
    gap: float
    cols: int
    rows: int
    rotated: bool  # True: cards lie sideways in their slots
    slots: tuple[Rect, ...]  # trim boxes on the page, left→right then top→bottom
    marks: tuple[tuple[float, float, float, float], ...]  # crop marks of a full page (x1, y1, x2, y2)
    butted: bool = False  # trims touch: no bleed between neighbours (see module doc)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def bleed_box(self, slot: Rect) -> Rect:
        """The bleed box of a slot's trim box: the area its card may paint. On a butted grid
        a side facing a neighbour slot gets no bleed (the neighbour's trim starts there)."""
        b = self.bleed
        if not self.butted:
            return Rect(slot.x - b, slot.y - b, slot.w + 2 * b, slot.h + 2 * b)
        xs = [s.x for s in self.slots] + [self.mirrored(s).x for s in self.slots]
        rights = [s.right for s in self.slots] + [self.mirrored(s).right for s in self.slots]
        ys, tops = [s.y for s in self.slots], [s.top for s in self.slots]
        left = b if slot.x <= min(xs) + _EPS else 0.0
        right = b if slot.right >= max(rights) - _EPS else 0.0
        bottom = b if slot.y <= min(ys) + _EPS else 0.0
        top = b if slot.top >= max(tops) - _EPS else 0.0
        return Rect(slot.x - left, slot.y - bottom, slot.w + left + right, slot.h + bottom + top)

    def marks_for(self, used: Sequence[Rect]) -> tuple[tuple[float, float, float, float], ...]:
        """The crop marks of a page on which only the slots ``used`` hold a card."""
        return _crop_marks(self.paper, [self.bleed_box(s) for s in used], used)

    def mirrored(self, slot: Rect) -> Rect:
        """The slot behind ``slot`` on a long-edge duplex back page (mirrored left↔right)."""
        return Rect(self.paper[0] - slot.x - slot.w, slot.y, slot.w, slot.h)


def _fit(avail: float, slot: float, gap: float) -> int:
    """How many slots of length ``slot``, ``gap`` apart, fit in ``avail``."""
    return max(0, math.floor((avail + gap + _EPS) / (slot + gap)))


def grid(
    paper_size: tuple[float, float],
    card_size: tuple[float, float],
    margin: float,
    gap: float = 0.0,
    bleed: float = 0.0,
    allow_rotate: bool = True,
) -> Grid:
    """Lay out as many cards as fit on a page (pure geometry, points everywhere).

    Portrait cards are tried first; sideways cards are used only when strictly more fit.
    Raises ValueError when not a single card fits inside the margins."""
    pw, ph = paper_size
    cw, ch = card_size
    aw, ah = pw - 2 * margin, ph - 2 * margin
    options = [(False, cw, ch)] + ([(True, ch, cw)] if allow_rotate and cw != ch else [])
    best: tuple[int, int, bool, float, float, bool] | None = None
    for rotated, sw, sh in options:
        cols = _fit(aw, sw + 2 * bleed, gap)
        rows = _fit(ah, sh + 2 * bleed, gap)
        if best is None or cols * rows > best[0] * best[1]:
            best = (cols, rows, rotated, sw, sh, False)
    assert best is not None  # (the upright card is always tried)
    if bleed > 0 and gap == 0:
        # butted: the trims inside the margins, the outer bleed in the margin (never off the page)
        for rotated, sw, sh in options:
            cols, rows = _fit(aw, sw, 0.0), _fit(ah, sh, 0.0)
            on_paper = cols * sw + 2 * bleed <= pw + _EPS and rows * sh + 2 * bleed <= ph + _EPS
            if on_paper and cols * rows > best[0] * best[1]:
                best = (cols, rows, rotated, sw, sh, True)
    cols, rows, rotated, sw, sh, butted = best
    if cols * rows == 0:
        raise ValueError(
            _(
                "the card ({w} × {h} mm, bleed {bleed} mm) does not fit in the printable area of the "
                "page ({area_w} × {area_h} mm inside {margin} mm margins); choose a smaller card, "
                "bleed or paper"
            ).format(
                w=f"{cw / MM:.1f}",
                h=f"{ch / MM:.1f}",
                bleed=f"{bleed / MM:g}",
                area_w=f"{aw / MM:.1f}",
                area_h=f"{ah / MM:.1f}",
                margin=f"{margin / MM:.1f}",
            )
        )
    if butted:
        block_w, block_h = cols * sw, rows * sh
        x0, top = (pw - block_w) / 2, (ph + block_h) / 2
        slots = tuple(Rect(x0 + c * sw, top - (r + 1) * sh, sw, sh) for r in range(rows) for c in range(cols))
    else:
        bw, bh = sw + 2 * bleed, sh + 2 * bleed
        block_w = cols * bw + (cols - 1) * gap
        block_h = rows * bh + (rows - 1) * gap
        x0, top = (pw - block_w) / 2, (ph + block_h) / 2
        slots = tuple(
            Rect(x0 + c * (bw + gap) + bleed, top - (r + 1) * bh - r * gap + bleed, sw, sh)
            for r in range(rows)
            for c in range(cols)
        )
    g = Grid((pw, ph), (cw, ch), bleed, gap, cols, rows, rotated, slots, (), butted)
    return Grid((pw, ph), (cw, ch), bleed, gap, cols, rows, rotated, slots, g.marks_for(slots), butted)


def _crop_marks(
    paper: tuple[float, float], boxes: Sequence[Rect], slots: Sequence[Rect]
) -> tuple[tuple[float, float, float, float], ...]:
    """Hairlines continuing every cut line of ``slots`` (trim boxes; ``boxes`` their bleed
    boxes) outward from the outermost card on that line, up to :data:`MARK_LENGTH` and never
    past the paper edge. No card, no mark: an empty slot adds no cut line."""
    pw, ph = paper
    marks = []

    def seg(a: float, b: float, room: float) -> tuple[float, float] | None:
        """Start and end of a mark running outward from ``a`` (direction sign ``b``)."""
        length = min(MARK_LENGTH, room - MARK_OFFSET)
        return (a + b * MARK_OFFSET, a + b * (MARK_OFFSET + length)) if length > _EPS else None

    def on(v: float, a: float, b: float) -> bool:
        return abs(v - a) < 1e-3 or abs(v - b) < 1e-3

    xs = sorted({round(v, 6) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 6) for s in slots for v in (s.y, s.top)}, reverse=True)
    for x in xs:
        touching = [b for s, b in zip(slots, boxes) if on(x, s.x, s.right)]
        top, bottom = max(b.top for b in touching), min(b.y for b in touching)
        for edge, sign, room in ((top, 1, ph - top), (bottom, -1, bottom)):
            s = seg(edge, sign, room)
            if s:
                marks.append((x, s[0], x, s[1]))
    for y in ys:
        touching = [b for s, b in zip(slots, boxes) if on(y, s.y, s.top)]
        left, right = min(b.x for b in touching), max(b.right for b in touching)
        for edge, sign, room in ((left, -1, left), (right, 1, pw - right)):
            s = seg(edge, sign, room)
            if s:
                marks.append((s[0], y, s[1], y))
    return tuple(marks)


# -- drawing ---------------------------------------------------------------------------------


def EMPTY(pen: Pen, box: CardBox) -> None:
    """The face of an empty slot (e.g. one that keeps a pair of cards in one row): nothing is
    drawn there and the slot gets no crop marks."""


def _draw_card(
    pen: Pen, slot: Rect, bleed: float, draw: Drawer, turn: int = 0, clip: Rect | None = None
) -> None:
    """Draw one card into ``slot`` (its trim box on the page), clipped to its bleed box (or to
    ``clip``, a page rectangle: the part of the bleed box a butted grid leaves it).
    ``turn`` rotates a sideways card: +90 (card top to the left, fronts) or −90 (top to the
    right, backs); 0 for an upright card."""
    if pen.skip:  # drawn by another worker (render --jobs)
        return
    c = pen.c
    c.saveState()
    if clip is not None and clip != Rect(
        slot.x - bleed, slot.y - bleed, slot.w + 2 * bleed, slot.h + 2 * bleed
    ):
        path = c.beginPath()
        path.rect(clip.x, clip.y, clip.w, clip.h)
        c.clipPath(path, stroke=0, fill=0)
    if turn == 0:
        box = CardBox(slot.x, slot.y, slot.w, slot.h, bleed)
    else:
        if turn > 0:  # local (u, v) → (slot.right − v, slot.y + u)
            c.translate(slot.right, slot.y)
        else:  # local (u, v) → (slot.x + v, slot.top − u)
            c.translate(slot.x, slot.top)
        c.rotate(turn)
        box = CardBox(0, 0, slot.h, slot.w, bleed)
    bb = box.bleed_box
    path = c.beginPath()
    path.rect(bb.x, bb.y, bb.w, bb.h)
    c.clipPath(path, stroke=0, fill=0)
    draw(pen, box)
    c.restoreState()


def _draw_marks(pen: Pen, g: Grid, used: Sequence[Rect], mirrored: bool = False) -> None:
    """The crop marks of ``g`` for the slots ``used`` (``mirrored``: for a back page,
    left↔right like its slots)."""
    c = pen.c
    path = c.beginPath()
    pw = g.paper[0]
    marks = g.marks_for(used)
    if not marks:
        return
    for x1, y1, x2, y2 in marks:
        if mirrored:
            x1, x2 = pw - x1, pw - x2
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    pen.stroke(pen.t.ink)
    c.setLineWidth(MARK_WIDTH)
    c.drawPath(path, stroke=1, fill=0)


def impose(
    doc: Document,
    faces: Sequence[Drawer],
    options: Options,
    backs: Sequence[Drawer] | None = None,
    paper_size: tuple[float, float] | None = None,
    names: Sequence[str] | None = None,
) -> None:
    """Print ``faces`` n-up on new pages of ``doc``, in order, with crop marks.

    Settings come from ``options.extra``: ``card`` (preset or W×H, default from cards.yaml),
    ``bleed`` and ``gap`` (mm, default 0), ``backs`` (bool), ``rotate`` (default true: cards lie
    sideways when strictly more fit; false keeps them upright) and ``png_dir``. Paper and margins
    follow ``options.paper`` (``paper_size`` in points overrides the page size).

    Back pages are printed when ``options.extra["backs"]`` is true: after every front page, a page
    with each card's back in the mirrored slot and mirrored crop marks. ``backs`` gives the back drawers (one for all
    cards, or one per face); without it every card gets :func:`plain_back` without a title.
    With ``png_dir`` each face is also written as a PNG (:func:`write_card_pngs`; ``names``
    name the files). Raises ValueError when no card fits on the page."""
    if not faces:
        return
    extra = options.extra or {}
    size = card_size(extra.get("card") or default_card())
    bleed = float(extra.get("bleed") or 0) * MM
    gap = float(extra.get("gap") or 0) * MM
    page_size = paper_size or PAPER[options.paper]
    g = grid(page_size, size, margins(options.paper), gap, bleed, allow_rotate=extra.get("rotate", True))
    back_drawers = _back_drawers(faces, backs) if extra.get("backs") else None
    front_turn, back_turn = (90, -90) if g.rotated else (0, 0)
    for start in range(0, len(faces), g.per_page):
        batch = [
            (slot, k)
            for slot, k in zip(g.slots, range(start, min(start + g.per_page, len(faces))))
            if faces[k] is not EMPTY
        ]
        pen = doc.page(page_size)
        for slot, k in batch:
            _draw_card(pen, slot, bleed, faces[k], front_turn, g.bleed_box(slot))
        used = [slot for slot, _ in batch]
        _draw_marks(pen, g, used)
        if back_drawers:
            front = doc.pages
            pen = doc.page(page_size)
            pen.mark("back_of", front)  # judged with its front page (layout checker)
            for slot, k in batch:
                _draw_card(
                    pen, g.mirrored(slot), bleed, back_drawers[k], back_turn, g.bleed_box(g.mirrored(slot))
                )
            _draw_marks(pen, g, used, mirrored=True)
    if extra.get("png_dir"):
        real = [k for k in range(len(faces)) if faces[k] is not EMPTY]
        write_card_pngs(
            [faces[k] for k in real],
            size,
            extra["png_dir"],
            PNG_DPI,
            [names[k] for k in real] if names else None,
            options.mono,
            bleed,
        )


def _back_drawers(faces: Sequence[Drawer], backs: Sequence[Drawer] | None) -> list[Drawer]:
    if not backs:
        return [plain_back("")] * len(faces)
    if len(backs) == 1:
        return list(backs) * len(faces)
    if len(backs) != len(faces):
        raise ValueError(f"{len(backs)} card backs for {len(faces)} faces: give one or one per face")
    return list(backs)


def plain_back(title: str = "") -> Drawer:
    """A default card back: a double frame and ``title`` in the middle (no artwork, no large
    filled areas, so it costs little ink)."""

    def draw(pen: Pen, box: CardBox) -> None:
        outer = box.inset(min(box.w, box.h) * 0.06)
        inner = outer.inset(2 * MM)
        pen.rect(outer, width=1.2)
        pen.rect(inner, width=0.4)
        if title:
            band = Rect(inner.x, inner.y + inner.h / 2 - 9, inner.w, 18)
            pen.text_in(band, title, 11, "Sans-Bold", align="center", pad=3)

    return draw


# -- PNG output ------------------------------------------------------------------------------

_CYRILLIC = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў",
        (
            "a",
            "b",
            "v",
            "g",
            "d",
            "e",
            "e",
            "zh",
            "z",
            "i",
            "y",
            "k",
            "l",
            "m",
            "n",
            "o",
            "p",
            "r",
            "s",
            "t",
            "u",
            "f",
            "kh",
            "ts",
            "ch",
            "sh",
            "shch",
            "",
            "y",
            "",
            "e",
            "yu",
            "ya",
            "i",
            "yi",
            "ye",
            "g",
            "u",
        ),
    )
)


def _slug(name: str) -> str:
    """ASCII file-name part for a card name (Cyrillic transliterated), ``card`` if empty."""
    text = "".join(_CYRILLIC.get(ch, ch) for ch in str(name).lower())
    text = re.sub(r"[^a-z0-9]+", "-", text.encode("ascii", "ignore").decode()).strip("-")
    return text[:40].rstrip("-") or "card"


def png_names(count: int, names: Sequence[str] | None = None) -> list[str]:
    """File names ``NN-<slug>.png`` for ``count`` cards (NN from 01, wider past 99 cards)."""
    width = max(2, len(str(count)))
    return [
        f"{i + 1:0{width}d}-{_slug(names[i] if names and i < len(names) else '')}.png" for i in range(count)
    ]


def write_card_pngs(
    faces: Sequence[Drawer],
    card_size: tuple[float, float],
    directory: str | Path,
    dpi: int = PNG_DPI,
    names: Sequence[str] | None = None,
    mono: bool = False,
    bleed: float = 0.0,
) -> list[Path]:
    """Write one PNG per face into ``directory`` and return the paths.

    Each card (with ``bleed`` points around it) is alone on a page rasterised at ``dpi``; the
    image is round(size in inches × dpi) pixels each way (poker at 300 dpi: 744 × 1039)."""
    if not faces:
        return []
    cw, ch = card_size
    full_w, full_h = cw + 2 * bleed, ch + 2 * bleed
    px_w, px_h = round(full_w / 72 * dpi), round(full_h / 72 * dpi)
    # pdfium sizes bitmaps by ceil(points × dpi / 72): make the page a hair under the rounded
    # pixel size and centre the card on it (the difference is under half a pixel).
    page = ((px_w - 0.01) * 72 / dpi, (px_h - 0.01) * 72 / dpi)
    dx, dy = (page[0] - full_w) / 2, (page[1] - full_h) / 2
    doc = Document(page, mono, title="cards")
    for draw in faces:
        _draw_card(doc.page(), Rect(dx + bleed, dy + bleed, cw, ch), bleed, draw)
    images = pdf_to_pngs(doc.finish(), dpi, grey=mono)
    folder = Path(directory)
    return [atomic_write(folder / name, png) for name, png in zip(png_names(len(faces), names), images)]
