"""The pen's drawing primitives pinned by what they write (issue 35, mutation of ``render/pdf.py``):
rectangles split and inset, tables (rows, header band, zebra, grid, alignments), hexagons,
polygons, arrows, box tracks, pips, lines, colours and widths written once, text placement in a
rectangle, footers, margins, forms, titles that hold stray bytes.

Values are read from the content stream of the open page (``canvas._code``, one operator
string per entry) and from the layout recorder; the numbers are worked out from the geometry
(a hexagon of radius 10 has corners at ±8.66/±5), not taken from a drawing."""

from __future__ import annotations

import math

import pytest

from sheets import __version__
from sheets.render import fonts
from sheets.render.layout_check import ASCENT, DESCENT
from sheets.render.pdf import (
    MM,
    Document,
    Rect,
    _text,
    fill_lines,
    footer,
    hex_corners,
    margins,
    wrap_breaking,
)


def _page(**kw):
    doc = Document("a4", **kw)
    return doc, doc.page()


def _ops(pen, draw) -> list[str]:
    """The content-stream entries ``draw()`` appends (shapes only: text runs merge into the
    previous text object)."""
    n = len(pen.c._code)
    draw()
    return pen.c._code[n:]


def _flat(points) -> list[float]:
    return [v for p in points for v in p]


def _items(doc, kind=None):
    items = doc.recorder.pages[-1]["items"]
    return [it for it in items if kind is None or it[0] == kind]


# -- Rect ---------------------------------------------------------------------------------


def test_rect_sides_inset_and_splits():
    r = Rect(10, 20, 100, 50)
    assert (r.top, r.right) == (70, 110)
    assert r.inset(5) == Rect(15, 25, 90, 40)
    assert r.inset(5, 2) == Rect(15, 22, 90, 46)
    # left to right: 100 - 2 gaps of 5 = 90 shared 1:2:… by fractions
    a, b = r.split_h(0.25, 0.75, gap=10)
    assert a == Rect(10, 20, 22.5, 50) and b == Rect(42.5, 20, 67.5, 50)
    assert r.split_h(0.5, 0.5) == [Rect(10, 20, 50, 50), Rect(60, 20, 50, 50)]
    # top to bottom: the first part under the top edge
    top, low = r.split_v(0.2, 0.8, gap=10)
    assert top == Rect(10, 62, 100, 8) and low == Rect(10, 20, 100, 32)
    assert r.split_v(0.5, 0.5) == [Rect(10, 45, 100, 25), Rect(10, 20, 100, 25)]
    (one,) = r.split_v(1.0, gap=7)  # one part: no gap taken
    assert one == r


# -- the document ----------------------------------------------------------------------------


def test_a_title_with_bytes_that_are_not_utf8():
    assert _text("Roc.yaml") == "Roc.yaml"
    assert _text("caf\udce9") == "caf\ufffd"  # a file name's Latin-1 byte, as os.fsdecode keeps it
    assert _text("\udcc3\udca9t\udce9") == "ét\ufffd"  # escaped bytes that spell UTF-8 read as it
    assert _text("a\ud800b") == "a?b"  # a lone surrogate that is no escaped byte
    assert _text("\udce9\ud800") == "??"  # any such surrogate: every one replaced


def test_document_information_paper_and_page_sizes():
    doc = Document("letter", title="", subject="Roc")
    assert (doc.width, doc.height) == (612, 792)
    info = doc.canvas._doc.info
    assert (info.title, info.author, info.subject, info.creator) == (
        "sheets",
        f"sheets {__version__}",
        "Roc",
        f"sheets {__version__}",
    )
    assert Document("a4", title="Roc").canvas._doc.info.title == "Roc"
    assert Document((300, 400)).size == (300, 400)
    assert doc.pages == 0
    doc.page()
    doc.page((200, 100))
    assert (doc.pages, doc.width, doc.height) == (2, 200, 100)
    pdf = doc.finish()
    assert pdf.startswith(b"%PDF")
    import pypdfium2 as pdfium

    pages = pdfium.PdfDocument(pdf)
    assert [tuple(round(v) for v in pages[i].get_size()) for i in range(len(pages))] == [
        (612, 792),
        (200, 100),
    ]


def test_a_recording_document_takes_its_options_from_a_dict():
    doc = Document("a4", lang="ru", record={"stream": True, "full_pages": 3, "allowed_words": ["Roc"]})
    rec = doc.recorder
    assert (rec.lang, rec.stream, rec.full_pages, rec.allowed_words) == ("ru", True, 3, {"Roc"})
    plain = Document("a4", record=True)
    assert (plain.recorder.stream, plain.recorder.full_pages, plain.recorder.allowed_words) == (
        False,
        None,
        set(),
    )
    assert Document("a4", record=True, stream=True).recorder.stream is True
    assert Document("a4").recorder is None


# -- colours and widths ---------------------------------------------------------------------


def test_colours_are_grey_or_rgb_and_written_once():
    doc, pen = _page()
    assert _ops(pen, lambda: pen.fill((0.2, 0.3, 0.4))) == [".2 .3 .4 rg"]
    assert _ops(pen, lambda: pen.fill((0.2, 0.3, 0.4))) == []
    assert _ops(pen, lambda: pen.fill((0.5, 0.5, 0.5))) == [".5 g"]
    assert _ops(pen, lambda: pen.fill((0.5, 0.5, 0.6))) == [".5 .5 .6 rg"]  # only two alike
    assert _ops(pen, lambda: pen.fill((0.5, 0.6, 0.6))) == [".5 .6 .6 rg"]
    assert _ops(pen, lambda: pen.stroke((0.2, 0.2, 0.2))) == [".2 G"]
    assert _ops(pen, lambda: pen.stroke((0.2, 0.2, 0.2))) == []
    assert _ops(pen, lambda: pen.stroke((0.2, 0.3, 0.3))) == [".2 .3 .3 RG"]
    assert _ops(pen, lambda: pen.stroke((0.3, 0.3, 0.2))) == [".3 .3 .2 RG"]
    assert _ops(pen, lambda: pen.width(0.9)) == [".9 w"]
    assert _ops(pen, lambda: pen.width(0.9)) == []


# -- shapes ---------------------------------------------------------------------------------


def test_hexagon_corners_flat_and_pointy_topped():
    s, h = 10 * math.sqrt(3) / 2, 5
    flat = hex_corners(0, 0, 10)
    want = [(10, 0), (h, s), (-h, s), (-10, 0), (-h, -s), (h, -s)]
    assert _flat(flat) == pytest.approx(_flat(want))
    pointy = hex_corners(100, 50, 10, flat_top=False)
    want = [(100 + x, 50 + y) for x, y in [(s, h), (0, 10), (-s, h), (-s, -h), (0, -10), (s, -h)]]
    assert _flat(pointy) == pytest.approx(_flat(want))


def test_hexagon_is_drawn_as_one_closed_path():
    doc, pen = _page(record=True)
    ops = _ops(pen, lambda: pen.hexagon(100, 100, 10))
    assert ops[-2:] == [
        "n 110 100 m 105 108.6603 l 95 108.6603 l 90 100 l 95 91.33975 l 105 91.33975 l h",
        "S",
    ]
    filled = _ops(
        pen, lambda: pen.hexagon(0, 0, 10, flat_top=False, fill=(0.5, 0.5, 0.5), stroke=False, width=2)
    )
    assert filled == [
        ".5 g",
        "2 w",
        "n 8.660254 5 m 0 10 l -8.660254 5 l -8.660254 -5 l 0 -10 l 8.660254 -5 l h",
        "f*",
    ]
    border, cover = _items(doc, "s"), _items(doc, "c")
    assert len(border) == 1 and border[0][2] is True and border[0][1][0] == pytest.approx((110, 100))
    assert len(cover) == 1 and cover[0][1][0] == pytest.approx((8.660254, 5))


def test_polygon_fill_and_stroke():
    doc, pen = _page(record=True)
    tri = [(0, 0), (10, 0), (0, 10)]
    assert _ops(pen, lambda: pen.polygon(iter(tri)))[-2:] == ["n 0 0 m 10 0 l 0 10 l h", "S"]
    assert _ops(pen, lambda: pen.polygon(tri, fill=(0.1, 0.2, 0.3), width=0.6)) == [
        ".1 .2 .3 rg",
        "n 0 0 m 10 0 l 0 10 l h",
        "B*",
    ]
    assert _items(doc) == [("s", tuple(tri), True), ("c", tuple(tri)), ("s", tuple(tri), True)]


def test_an_arrow_is_a_line_and_a_filled_head():
    doc, pen = _page()
    ops = _ops(pen, lambda: pen.arrow(0, 0, 10, 0, width=1.2, head=5))
    # the head: the tip and two points 5 pt back at ±0.45 rad
    bx, by = 10 - 5 * math.cos(0.45), 5 * math.sin(0.45)
    assert f"{bx:.6f}" == "5.497764" and f"{by:.6f}" == "2.174828"
    assert ops == [
        ".1 .1 .12 RG",  # the ink, first stroked on this page
        "1.2 w",
        "n 0 0 m 10 0 l S",
        ".1 .1 .12 rg",
        ".3 w",
        "n 10 0 m 5.497764 2.174828 l 5.497764 -2.174828 l h",
        "B*",
    ]
    up = _ops(pen, lambda: pen.arrow(0, 0, 0, 10, head=4, color=(0.5, 0.5, 0.5)))
    assert up[-1] == "B*" and ".5 G" in up and ".5 g" in up
    head = next(op for op in up if op.startswith("n 0 10 m"))
    x1, y1 = 4 * math.sin(0.45), 10 - 4 * math.cos(0.45)
    assert head == f"n 0 10 m {-x1:.6f} {y1:.6f} l {x1:.6f} {y1:.6f} l h".replace("-0.", "-.").replace(
        " 0.", " ."
    )


def test_lines_rects_and_dashes():
    doc, pen = _page(record=True)
    assert _ops(pen, lambda: pen.line(0, 0, 5, 5, dash=(2, 1))) == [
        ".1 .1 .12 RG",
        ".6 w",
        "[2 1] 0 d",
        "n 0 0 m 5 5 l S",
        "[] 0 d",
    ]
    assert _ops(pen, lambda: pen.line(1, 2, 3, 4, width=0.3, color=(0.5, 0.5, 0.5))) == [
        ".5 G",
        ".3 w",
        "n 1 2 m 3 4 l S",
    ]
    assert _ops(pen, lambda: pen.rect(Rect(1, 2, 3, 4), fill=(0.9, 0.9, 0.9), stroke=False)) == [
        ".9 g",
        "n 1 2 3 4 re f*",
    ]
    rounded = _ops(pen, lambda: pen.rect(Rect(1, 2, 3, 4), radius=1))
    assert rounded[0] == ".1 .1 .12 RG" and rounded[-1] == "S" and "3.5528 2 4 2.4472 4 3 c" in rounded
    assert _ops(pen, lambda: pen.rect(Rect(1, 2, 3, 4), fill=(0.1, 0.2, 0.3), width=1)) == [
        ".1 .2 .3 rg",
        "1 w",
        "n 1 2 3 4 re B*",
    ]
    corners = ((1, 2), (4, 2), (4, 6), (1, 6))
    assert _items(doc) == [
        ("s", ((0, 0), (5, 5)), False),
        ("s", ((1, 2), (3, 4)), False),
        ("c", corners),
        ("s", corners, True),
        ("c", corners),
        ("s", corners, True),
    ]


def test_box_track_kinds_widths_and_tick_targets():
    doc, pen = _page(record=True)
    ops = _ops(pen, lambda: pen.box_track(10, 10, ["plain", "shade", "dark", "heavy"], size=7, gap=1.5))
    # x = 10, 18.5, 27, 35.5; the heavy box: a thick outer frame (0.6 × 2.3 = 1.38 pt) round a
    # plain box inset by 19 % of its side (1.33)
    assert ops == [
        ".1 .1 .12 RG",
        ".6 w",
        "n 10 10 7 7 re 36.83 11.33 4.34 4.34 re",
        "S",
        ".78 g",
        "n 18.5 10 7 7 re",
        "B*",
        ".1 g",
        "n 27 10 7 7 re",
        "B*",
        "1.38 w",
        "n 35.5 10 7 7 re",
        "S",
    ]
    assert [it[1] for it in _items(doc, "b")] == [
        (10, 10, 17, 17),
        (18.5, 10, 25.5, 17),
        (27, 10, 34, 17),
        (35.5, 10, 42.5, 17),
    ]
    assert pen.box_track(0, 0, ["plain"] * 3, size=6, gap=2) == 22  # 3 × 6 + 2 gaps of 2
    assert pen.box_track(0, 0, [], size=6, gap=2) == 0
    tall = _ops(pen, lambda: pen.box_track(0, 0, ["plain", "heavy"], size=10, gap=1, width=0.2, height=4))
    # heavy: inset 19 % of the shorter side (0.76); its frame at least 1.3 pt; no shaded or
    # dark box: no empty path painted for them
    assert tall == [".2 w", "n 0 0 10 4 re 11.76 .76 8.48 2.48 re", "S", "1.3 w", "n 11 0 10 4 re", "S"]
    assert _items(doc, "b")[-1][1:] == ((11, 0, 21, 4), False, (10, 4))


@pytest.mark.parametrize(
    "w, h, n, radius, centres",
    [
        # 5 pips in 30 × 10: one row of 5 (d = 6: r = (6 - 1.2) / 2 = 2.4) beats 3 + 2 (r = 1.9)
        (30, 10, 5, 2.4, [(3.0, 5.0), (9.0, 5.0), (15.0, 5.0), (21.0, 5.0), (27.0, 5.0)]),
        # 4 pips in 10 × 10: 2 × 2 (d = 5: r = 1.9), the rows centred
        (10, 10, 4, 1.9, [(2.5, 7.5), (7.5, 7.5), (2.5, 2.5), (7.5, 2.5)]),
        # 3 in 10 × 10: two rows, 2 then 1 centred under them
        (10, 10, 3, 1.9, [(2.5, 7.5), (7.5, 7.5), (5.0, 2.5)]),
        # one pip in a large box: the largest radius allowed (3.2)
        (40, 40, 1, 3.2, [(20.0, 20.0)]),
        # too many for the box: never under 0.8
        (4, 4, 30, 0.8, None),
    ],
)
def test_pips_packed_in_rows(w, h, n, radius, centres):
    doc, pen = _page(record=True)
    pen.pips(Rect(100, 200, w, h), n)
    pips = _items(doc, "p")
    assert len(pips) == n
    assert all(p[3] == pytest.approx(radius) for p in pips)
    if centres:
        assert _flat((p[1] - 100, p[2] - 200) for p in pips) == pytest.approx(_flat(centres))


def test_pips_options_and_nothing_for_none():
    doc, pen = _page(record=True)
    assert _ops(pen, lambda: pen.pips(Rect(0, 0, 10, 10), 0)) == []
    assert _ops(pen, lambda: pen.pips(Rect(0, 0, 10, 10), -1)) == []
    assert pen._pips(Rect(0, 0, 10, 10), 0, None, 3.2, 1.2, 0.5) == 0.0
    pen.pips(Rect(0, 0, 40, 40), 1, fill=(0.5, 0.5, 0.5), max_radius=5, gap=2, width=0.25)
    ((_, x, y, r, sample),) = _items(doc, "p")
    assert (x, y, r, sample) == (20, 20, 5, False)
    # drawn in a form: the pip's path, its fill and width are the form's content
    body = doc.canvas._doc.idToObject["FormXob.F0"].stream.decode()
    assert ".25 w" in body and ".5 g" in body and "B*" in body
    with pen.legend_key():
        pen.pips(Rect(0, 0, 10, 10), 2, gap=1.5)
    assert [p[4] for p in _items(doc, "p")] == [False, True, True]


def test_pips_of_the_same_look_are_one_form_and_differ_by_every_part():
    doc, pen = _page()
    base = dict(fill=None, max_radius=3.2, gap=1.2, width=0.5)
    pen.pips(Rect(0, 0, 10, 10), 3, **base)
    pen.pips(Rect(50, 50, 10, 10), 3, **base)  # same look elsewhere: the same form
    assert len(pen._forms) == 1
    for change in (
        {"fill": (0.5, 0.5, 0.5)},
        {"max_radius": 2},
        {"gap": 1},
        {"width": 0.4},
    ):
        pen.pips(Rect(0, 0, 10, 10), 3, **dict(base, **change))
    pen.pips(Rect(0, 0, 10, 10), 4, **base)
    pen.pips(Rect(0, 0, 11, 10), 3, **base)
    pen.pips(Rect(0, 0, 10, 11), 3, **base)
    assert len(pen._forms) == 8
    assert list(pen._forms.values()) == [f"F{i}" for i in range(8)]


def test_forms_do_not_nest_and_are_placed_by_translation():
    doc, pen = _page(record=True)

    def inner(p):
        p.line(0, 0, 1, 1)

    def outer(p):
        p.form("inner", 5, 6, inner)  # drawn in place inside the outer form
        p.line(2, 2, 3, 3)

    ops = _ops(pen, lambda: pen.form("outer", 100, 200, outer))
    assert ops == ["q 1 0 0 1 100 200 cm /FormXob.F0 Do Q"]
    assert list(pen._forms) == ["outer"]
    body = doc.canvas._doc.idToObject["FormXob.F0"].stream.decode()
    assert "1 0 0 1 5 6 cm" in body and "n 0 0 m 1 1 l S" in body and "n 2 2 m 3 3 l S" in body
    # the recorder holds the form's items moved by (100, 200), the inner one by (105, 206)
    assert _items(doc, "s") == [
        ("s", ((105, 206), (106, 207)), False),
        ("s", ((102, 202), (103, 203)), False),
    ]
    assert _ops(pen, lambda: pen.form("outer", 0, 0, outer)) == ["q 1 0 0 1 0 0 cm /FormXob.F0 Do Q"]


# -- text -----------------------------------------------------------------------------------


def test_text_alignment_moves_the_run_by_its_width():
    doc, pen = _page(record=True)
    w = fonts.width("Roc", "Sans", 8)
    assert pen.text(100, 50, "Roc", 8) == pytest.approx(w)
    pen.text(100, 40, "Roc", 8, align="center")
    pen.text(100, 30, "Roc", 8, align="right")
    xs = [it[5][0] for it in _items(doc, "t")]
    assert xs == pytest.approx([100, 100 - w / 2, 100 - w])
    assert pen.text(0, 0, None) == 0.0 and pen.text(0, 0, "") == 0.0
    assert pen.text(0, 0, 12, 8) == pytest.approx(fonts.width("12", "Sans", 8))  # any value as text
    assert [it[1] for it in _items(doc, "t")] == ["Roc", "Roc", "Roc", "12"]


@pytest.mark.parametrize(
    "valign, align, y, x",
    [
        ("middle", "left", 10 + (20 - 8 * 0.72) / 2, 2),
        ("top", "left", 30 - 2 - 8 * 0.8, 2),
        ("bottom", "left", 10 + 2, 2),
        ("middle", "center", 10 + (20 - 8 * 0.72) / 2, 50),
        ("bottom", "right", 12, 100 - 2),
    ],
)
def test_text_in_places_the_text_in_its_rectangle(valign, align, y, x):
    doc, pen = _page(record=True)
    pen.text_in(Rect(0, 10, 100, 20), "Hi", 8, align=align, valign=valign)
    ((_, text, _, size, _, box, frame),) = _items(doc, "t")
    w = fonts.width("Hi", "Sans", 8)
    left = {"left": x, "center": 50 - w / 2, "right": x - w}[align]
    assert (text, size, frame) == ("Hi", 8, (0, 10, 100, 30))
    assert box == pytest.approx((left, y - DESCENT * 8, left + w, y + ASCENT * 8))


def test_text_in_a_low_rectangle_is_made_smaller_and_fitted_to_its_width():
    doc, pen = _page(record=True)
    pen.text_in(Rect(0, 0, 100, 10), "Hi", 12)  # 12 pt in a 10 pt band: 8 pt (80 % of it)
    pen.text_in(Rect(0, 0, 30, 20), "Hammerhead Chainsword", 8, pad=5)  # room 20 pt: shrunk, cut
    pen.text_in(Rect(0, 0, 100, 20), "Hi", 8, pad=10, valign="top", color=(0.5, 0.5, 0.5))
    a, b, c = _items(doc, "t")
    assert a[3] == 8
    assert b[3] == 6 and b[1].endswith("…") and b[5][2] - b[5][0] <= 20 + 0.01 and b[5][0] == 5
    assert c[5][0] == 10 and c[5][1] == pytest.approx(20 - 10 - 8 * 0.8 - DESCENT * 8)
    assert "0.5 0.5 0.5" not in " ".join(pen.c._code) and ".5 g" in " ".join(pen.c._code)


def test_text_in_draws_the_same_without_a_recorder():
    _, plain = _page()
    _, rec = _page(record=True)
    for pen in (plain, rec):
        pen.text_in(Rect(0, 10, 100, 20), "Hi", 8, align="right", valign="top", pad=4, color=(0.2, 0.3, 0.4))
        pen.text_in(Rect(0, 10, 30, 20), "Hammerhead Chainsword", 9, min_size=7)
    assert plain.c._code == rec.c._code


def test_the_floor_under_a_scaled_canvas():
    doc, pen = _page()
    assert pen.floor() == 6.0
    with pen.fine_print():
        assert pen.floor() == 5.0
        with pen.fine_print():
            assert pen.floor() == 5.0
        assert pen.floor() == 5.0
    assert pen.floor() == 6.0
    pen.c.saveState()
    pen.c.scale(0.5, 0.5)  # a block drawn at half size: 12 pt in it is 6 pt on paper
    assert pen.floor() == pytest.approx(12.0)
    assert pen.fit_size("Roc", "Sans", 8, None) == pytest.approx(12.0)
    pen.c.restoreState()
    pen.c.saveState()
    pen.c.scale(2, 1)  # det 2: 6 / √2
    assert pen.floor() == pytest.approx(6 / math.sqrt(2))
    pen.c.restoreState()
    pen.c.saveState()
    pen.c.rotate(90)  # det 1: unchanged
    assert pen.floor() == pytest.approx(6.0)
    pen.c.restoreState()


def test_a_scaled_canvas_raises_the_size_a_text_is_drawn_at():
    doc, pen = _page(record=True)
    pen.c.saveState()
    pen.c.scale(0.5, 0.5)
    pen.text(0, 0, "Roc", 8)  # 8 pt at half size would be 4 pt: raised to 12 (6 on paper)
    pen.c.restoreState()
    pen.c.saveState()
    pen.c.translate(30, 40)  # a translation keeps the floor
    pen.text(0, 0, "Roc", 6)
    pen.c.restoreState()
    (a, b) = _items(doc, "t")
    assert a[3] == pytest.approx(6.0)  # measured on paper
    assert b[3] == 6.0 and b[5][0] == 30


def test_fit_size_returns_the_size_when_there_is_nothing_to_fit():
    doc, pen = _page()
    assert pen.fit_size("", "Sans", 8, 1) == 8
    assert pen.fit_size("Roc", "Sans", 8, 0) == 8
    assert pen.fit_size("Roc", "Sans", 4, None) == 6
    w = fonts.width("Roc", "Sans", 10)
    assert pen.fit_size("Roc", "Sans", 10, w) == 10
    assert pen.fit_size("Roc", "Sans", 10, w * 0.9) == pytest.approx(10 * 0.9 * 0.999)  # above the floor
    assert pen.fit_size("Roc", "Sans", 10, w / 4, min_size=7) == 7
    assert pen.fit_size("Roc", "Sans", 10, w / 4) == 6


def test_wrap_keeps_newlines_and_breaks_between_words():
    doc, pen = _page()
    w = fonts.width("alpha beta", "Sans", 8)
    assert pen.wrap("alpha beta gamma\ndelta", "Sans", 8, w) == ["alpha beta", "gamma", "delta"]
    assert pen.wrap("alpha beta", "Sans", 8, w - 0.01) == ["alpha", "beta"]
    assert pen.wrap("", "Sans", 8, w) == [""]
    assert pen.wrap("a\n\nb", "Sans", 8, w) == ["a", "", "b"]
    assert pen.wrap(12, "Sans", 8, w) == ["12"]
    assert pen.wrap("  alpha   beta  ", "Sans", 8, w) == ["alpha beta"]
    # one word wider than the room stays whole (Pen.text shrinks it); wrap_breaking breaks it
    wide = "Hammerhead-Chainsword"
    room = fonts.width("Hammerhead-", "Sans", 8) + 1
    assert pen.wrap(wide, "Sans", 8, room) == [wide]
    assert wrap_breaking(wide, "Sans", 8, room) == ["Hammerhead-", "Chainsword"]
    assert wrap_breaking("ab cd", "Sans", 8, room) == ["ab cd"]


def test_fill_lines_uses_the_last_width_for_the_rest():
    one = fonts.width("alpha", "Sans", 8)
    two = fonts.width("beta gamma", "Sans", 8)
    text = "alpha beta gamma delta omega"
    assert fill_lines(text, "Sans", 8, (one, two)) == ["alpha", "beta gamma", "delta omega"]
    assert fill_lines(text, "Sans", 8, (two,)) == ["alpha beta", "gamma", "delta omega"]
    assert fill_lines("alpha beta", "Sans", 8, (fonts.width("alpha beta", "Sans", 8),)) == ["alpha beta"]
    assert fill_lines("", "Sans", 8, (two,)) == []
    # a word wider than every line: cut where it must, each piece within the room
    pieces = fill_lines("abcdefghij", "Sans", 8, (fonts.width("abc", "Sans", 8),))
    assert "".join(pieces) == "abcdefghij" and pieces[0] == "abc"
    assert all(fonts.width(p, "Sans", 8) <= fonts.width("abc", "Sans", 8) for p in pieces)


# -- tables ---------------------------------------------------------------------------------


def test_table_rows_header_band_zebra_and_alignments():
    doc, pen = _page(record=True)
    th = doc.theme
    used = pen.table(
        Rect(0, 0, 100, 40), [1, 3], [["a", "b"], ["c", "d"], ["e", "f"]], header=["H", "I"], size=7
    )
    # 4 rows in 40 pt: row height min(7 × 1.45, 40 / 4) = 10, type min(7, 10 × 0.78) = 7
    assert used == pytest.approx(40)
    covers = [it[1] for it in _items(doc, "c")]
    assert covers == [
        ((0, 30), (100, 30), (100, 40), (0, 40)),  # the header band
        ((0, 10), (100, 10), (100, 20), (0, 20)),  # the second row, shaded (zebra)
    ]
    ops = " ".join(pen.c._code)
    assert f"{th.band[0]:g}".lstrip("0") in ops and f"{th.faint[0]:g}".lstrip("0") in ops
    texts = _items(doc, "t")
    assert [t[1] for t in texts] == ["H", "I", "a", "b", "c", "d", "e", "f"]
    assert [t[2] for t in texts] == ["Sans-Bold"] * 2 + ["Sans"] * 6
    assert all(t[3] == 7 for t in texts)
    # columns 1:3 of 100: the first left-aligned at 0 + 1.5, the other centred on 25 + 37.5
    frames = [t[6] for t in texts]
    assert frames[:2] == [(0, 30, 25, 40), (25, 30, 100, 40)]
    assert frames[2:4] == [(0, 20, 25, 30), (25, 20, 100, 30)]
    assert frames[6:] == [(0, 0, 25, 10), (25, 0, 100, 10)]
    assert texts[2][5][0] == 1.5
    wb = fonts.width("b", "Sans", 7)
    assert texts[3][5][0] == pytest.approx(62.5 - wb / 2)


def test_table_without_header_zebra_with_grid_and_own_row_height():
    doc, pen = _page(record=True)
    used = pen.table(
        Rect(0, 0, 100, 100),
        [1, 1],
        [["a", "b"], ["c", "d"], ["e", "f"]],
        size=10,
        font="Sans-Bold",
        aligns=["right", "left"],
        row_h=12,
        zebra=False,
        grid=True,
    )
    assert used == 36
    assert _items(doc, "c") == []  # no band, no zebra
    lines = [it[1] for it in _items(doc, "s")]
    assert lines == [((0, 88), (100, 88)), ((0, 76), (100, 76)), ((0, 64), (100, 64))]
    assert ".3 w" in pen.c._code
    texts = _items(doc, "t")
    assert all(t[2] == "Sans-Bold" and t[3] == pytest.approx(12 * 0.78) for t in texts)
    wa = fonts.width("a", "Sans-Bold", 12 * 0.78)
    assert texts[0][5][0] == pytest.approx(50 - 1.5 - wa) and texts[1][5][0] == 51.5


def test_an_empty_table_and_the_default_row_height():
    doc, pen = _page(record=True)
    assert pen.table(Rect(0, 0, 100, 100), [1], []) == 0
    assert pen.table(Rect(0, 0, 100, 100), [1], [["a"]], size=8) == pytest.approx(8 * 1.45)
    (t,) = _items(doc, "t")
    assert t[3] == 8


# -- page furniture -------------------------------------------------------------------------


def test_footer_left_and_right_under_the_frame():
    doc, pen = _page(record=True)
    page = Rect(20, 30, 500, 700)
    footer(pen, page, "sheets 1.0", "page 1", size=6.5)
    left, right = _items(doc, "t")
    y = 30 - 6.5 - 3
    assert left[1] == "sheets 1.0" and left[5][0] == 20 and left[3] == 6.5
    assert left[5][1] == pytest.approx(y - DESCENT * 6.5)
    w = fonts.width("page 1", "Sans", 6.5)
    assert right[1] == "page 1" and right[5][0] == pytest.approx(520 - w) and right[5][1] == left[5][1]
    doc, pen = _page(record=True)
    footer(pen, Rect(0, 30, 100, 700), "x" * 80, "y" * 80)
    left, right = _items(doc, "t")
    assert left[5][2] - left[5][0] <= 60 + 0.01 and right[5][2] - right[5][0] <= 38 + 0.01
    assert right[5][2] == pytest.approx(100)


def test_margins_per_paper():
    assert margins("a4") == pytest.approx(10 * 72 / 25.4) == pytest.approx(10 * MM)
    assert margins("letter") == pytest.approx(28.8)


def test_a_mark_goes_to_the_full_or_the_light_recorder_or_nowhere():
    doc, pen = _page()
    pen.mark("keep", "Point 1")  # not recording: nothing, no error
    doc = Document("a4", record={"full_pages": 1})
    doc.page().mark("keep", "Point 1")
    doc.page().mark("back_of", 1)
    assert doc.recorder.pages[0]["marks"] == {"keep": "Point 1"}
    assert doc.recorder._light[6] == {"back_of": 1}
