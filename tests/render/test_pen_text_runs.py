"""What a text run writes into the content stream (issue 35, mutation of ``render/pdf.py``):
runs one after another share a text object (``BT`` … ``ET``), the font is set only when it
changes inside that object and again in every new one, the fill colour only when it changes
(grey as ``g`` when all three parts are equal, else ``rg``), each run placed by its own
``Tm`` and closed by ``T*``. A canvas stand-in without a content stream gets plain canvas
calls instead; a light page records the run's text, band and cut; a character no bundled face
has is refused.

Expected strings are written out by hand from the PDF operators (``/F1+0 8 Tf 9.6 TL``: the
first subset of the first font, 8 pt, leading 1.2 × 8)."""

from __future__ import annotations

import pytest

from sheets.render import fonts
from sheets.render.layout_check import _BAND
from sheets.render.pdf import MM, Document, Pen, TextEncoder

from .pen_helpers import after, page


def test_runs_share_a_text_object_and_set_font_and_colour_only_on_change():
    doc, pen = page()

    def draw():
        pen.text(10, 20, "Roc", 8)
        pen.text(10, 30, "Roc", 8)  # same font, size and colour: only its place and text
        pen.text(11, 40, "Hi", 9, color=(0.5, 0.5, 0.5))  # new size: Tf again; grey: g
        pen.text(12, 50, "Hé", 9, color=(0.2, 0.3, 0.4))  # same size: no Tf; rg
        pen.text(13, 60, "Roc", 9, color=(0.2, 0.3, 0.4))  # nothing changes but place and text

    assert after(pen, draw) == [
        "BT .1 .1 .12 rg 1 0 0 1 10 20 Tm /F1+0 8 Tf 9.6 TL (Roc) Tj T*",
        "1 0 0 1 10 30 Tm (Roc) Tj T*",
        ".5 g 1 0 0 1 11 40 Tm /F1+0 9 Tf 10.8 TL (Hi) Tj T*",
        ".2 .3 .4 rg 1 0 0 1 12 50 Tm (H\\001) Tj T*",
        "1 0 0 1 13 60 Tm (Roc) Tj T*",
        "ET",
    ]


def test_a_new_text_object_sets_its_font_again():
    doc, pen = page()

    def draw():
        pen.text(10, 20, "Roc", 8)
        pen.line(0, 0, 1, 1)  # ends the text object
        pen.text(10, 30, "Roc", 8)  # a new object: the font again (the colour is still set)
        pen.text(10, 40, "Roc", 8, font="Sans-Bold")  # another face: another font name

    ops = after(pen, draw)
    assert ops[:2] == ["BT .1 .1 .12 rg 1 0 0 1 10 20 Tm /F1+0 8 Tf 9.6 TL (Roc) Tj T*", "ET"]
    assert ops[-3:] == [
        "BT 1 0 0 1 10 30 Tm /F1+0 8 Tf 9.6 TL (Roc) Tj T*",
        "1 0 0 1 10 40 Tm /F2+0 8 Tf 9.6 TL (Roc) Tj T*",
        "ET",
    ]


@pytest.mark.parametrize(
    "rgb, op",
    [
        ((0.5, 0.5, 0.5), ".5 g"),
        ((0.5, 0.5, 0.6), ".5 .5 .6 rg"),  # each pair of parts alike once: not grey
        ((0.5, 0.6, 0.6), ".5 .6 .6 rg"),
        ((0.6, 0.5, 0.6), ".6 .5 .6 rg"),
    ],
)
def test_a_run_colour_is_grey_only_when_all_three_parts_are_equal(rgb, op):
    doc, pen = page()
    (run, end) = after(pen, lambda: pen.text(1, 2, "Roc", 8, color=rgb))
    assert run == f"BT {op} 1 0 0 1 1 2 Tm /F1+0 8 Tf 9.6 TL (Roc) Tj T*" and end == "ET"


@pytest.mark.parametrize(
    "rgb, fill, stroke", [((0.6, 0.5, 0.6), ".6 .5 .6 rg", ".6 .5 .6 RG"), ((0.6, 0.6, 0.6), ".6 g", ".6 G")]
)
def test_fill_and_stroke_tell_grey_from_a_colour_with_equal_first_and_last_parts(rgb, fill, stroke):
    doc, pen = page()
    assert after(pen, lambda: pen.fill(rgb)) == [fill]
    assert after(pen, lambda: pen.stroke(rgb)) == [stroke]


def test_the_encoder_state_follows_the_runs_and_an_empty_run_keeps_it():
    doc, pen = page()
    enc = TextEncoder(doc.canvas)
    fonts.face("Sans")
    assert enc.state is None
    assert enc.encode("Sans", 8, "Roc", True) == "/F1+0 8 Tf 9.6 TL (Roc) Tj T*"
    assert enc.state == ("Sans", 8, 0)
    assert enc.encode("Sans", 8, "Hi", False) == "(Hi) Tj T*"  # the same state: no Tf
    assert enc.encode("Sans", 8, "Hi", True) == "/F1+0 8 Tf 9.6 TL (Hi) Tj T*"  # a new object
    assert enc.encode("Sans", 8, "", False) == "T*"  # no glyphs: nothing set, state kept
    assert enc.state == ("Sans", 8, 0)
    assert enc.encode("Sans", 8, "Roc", False) == "(Roc) Tj T*"
    assert enc.encode("Sans", 7, "Roc", False) == "/F1+0 7 Tf 8.4 TL (Roc) Tj T*"  # another size
    assert enc.state == ("Sans", 7, 0)


class _Calls:
    """A canvas stand-in (as ``benchmarks/record.py`` draws on): every call kept."""

    _fillColorObj = _strokeColorObj = _lineWidth = None
    _currentMatrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def __init__(self):
        self.calls: list = []

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kw: self.calls.append((name, args, kw))


def test_a_canvas_stand_in_gets_plain_canvas_calls_for_text():
    doc = Document("a4")
    c = _Calls()
    pen = Pen(c, doc.theme)
    assert pen.encoder is None
    assert pen.text(10, 20, "Roc", 9, font="Sans-Bold", color=(0.2, 0.3, 0.4)) == pytest.approx(
        fonts.width("Roc", "Sans-Bold", 9)
    )
    pen.text(5, 6, "Hi", 4)  # raised to the floor
    assert c.calls == [
        ("setFillColorRGB", (0.2, 0.3, 0.4), {}),
        ("setFont", ("Sans-Bold", 9), {}),
        ("drawString", (10, 20, "Roc"), {}),
        ("setFillColorRGB", (0.1, 0.1, 0.12), {}),  # (a stand-in never holds a colour)
        ("setFont", ("Sans", 6.0), {}),
        ("drawString", (5, 6, "Hi"), {}),
    ]


def test_a_character_no_face_has_is_refused():
    doc, pen = page()
    with pytest.raises(fonts.GlyphError, match="U\\+4E2D"):
        pen.text(0, 0, "Roc \u4e2d", 8)
    with pytest.raises(fonts.GlyphError):
        pen.text(0, 0, "\u4e2d", 8, font="Sans-Bold")
    assert pen.text(0, 0, "Roc", 8) > 0


def test_a_light_page_records_each_run_its_band_and_its_cut():
    doc = Document("a4", record={"full_pages": 1})
    doc.page()
    pen = doc.page()  # page 2: light
    assert pen.rec is None and pen.lite is doc.recorder
    pen.text(10, 700, "Roc", 8)
    pen.c.saveState()
    pen.c.translate(0, 50)  # the band is taken on the page: 300 + 50
    pen.text(10, 300, "Hi", 8)
    pen.c.restoreState()
    pen.text(10, 100, "Hammerhead Chainsword", 8, max_width=30)
    number, _, bands, texts, cuts, height, _ = doc.recorder._light
    assert number == 2
    assert texts[:2] == ["Roc", "Hi"] and texts[2].endswith("…") and texts[2] != texts[0]
    assert bands == {int(700 // _BAND), int(350 // _BAND), int(100 // _BAND)}
    assert cuts == [("Hammerhead Chainsword", texts[2], (0.0, round((height - 100) / MM, 1)))]
