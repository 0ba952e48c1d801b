"""The pen's type floor and fitting at their edges (issue 35, mutation of ``render/pdf.py``):
``Pen.text`` takes the floor from every term of the canvas matrix (a block squeezed or
stretched along one axis only, one moved by exactly one point), the default minimum sizes
(3 pt for ``text``, ``text_in`` and ``fit_size``, 4 pt for ``paragraph``) show where the floor
is lower (a block drawn at twice the size: floor 3 pt), the default sizes (8 pt), and the
0.01 pt of slack a text measured to fit exactly is given, on both sides.

Widths are DejaVu Sans advance widths: "Hammerhead" is 54.6875 pt wide at 8 pt, 47.8515625 at
7 pt (``fonts.width``); 54.6875 - 0.01 + 0.01 is 54.6875 again in floating point."""

from __future__ import annotations

import math

import pytest

from sheets.render import fonts
from sheets.render.layout_check import DESCENT
from sheets.render.pdf import Document, Rect


def _page():
    doc = Document("a4", record=True)
    return doc, doc.page()


def _texts(doc):
    return [it for it in doc.recorder.pages[-1]["items"] if it[0] == "t"]


def _w(text, size, font="Sans"):
    return fonts.width(text, font, size)


@pytest.mark.parametrize(
    "moves, size",
    [
        ([], 6.0),  # no transformation: 5 pt raised to the 6 pt floor
        ([("scale", 1, 0.5)], 6 / math.sqrt(0.5)),  # squeezed in height only
        ([("scale", 0.5, 1)], 6 / math.sqrt(0.5)),  # in width only
        ([("scale", 1, 2)], 5.0),  # stretched in height: the floor 6 / √2 is under 5 pt
        ([("scale", 2, 1)], 5.0),
        ([("translate", 1, 0), ("scale", 1, 0.5)], 6 / math.sqrt(0.5)),  # moved by one point
        ([("translate", 1, 1)], 6.0),  # moved only: the floor stays
    ],
)
def test_the_floor_of_a_text_follows_every_term_of_the_matrix(moves, size):
    doc, pen = _page()
    pen.c.saveState()
    for name, a, b in moves:
        getattr(pen.c, name)(a, b)
    w = pen.text(0, 0, "Roc", 5)
    pen.c.restoreState()
    assert w == pytest.approx(_w("Roc", size))


def test_the_default_minimum_sizes_under_a_block_drawn_at_twice_the_size():
    doc, pen = _page()
    pen.c.saveState()
    pen.c.scale(2, 2)  # 3 pt here is 6 pt on paper: the floor is 3
    assert pen.floor() == 3
    room = _w("Roc", 8) * 0.45  # 8 pt shrunk to 3.6 pt: above the floor and the 3 pt minimum
    assert pen.fit_size("Roc", "Sans", 8, room) == pytest.approx(8 * 0.45 * 0.999)
    assert pen.text(0, 0, "Roc", 8, max_width=room) == pytest.approx(_w("Roc", 8 * 0.45 * 0.999))
    pen.text_in(Rect(0, 0, room + 4, 20), "Roc", 8)  # (pad 2 on each side)
    # a paragraph shrinks to 4 pt at most (the floor of 3 is under it); too low for more than
    # its first line: one line of 4 × 1.18 used
    need = pen.paragraph(Rect(0, 0, _w("alpha", 4) + 0.01, 1), "alpha beta gamma", 8)
    pen.c.restoreState()
    assert need == pytest.approx(4 * 1.18)
    sizes = [round(t[3], 4) for t in _texts(doc)]  # on paper: twice the size
    assert sizes == [round(2 * 8 * 0.45 * 0.999, 4)] * 2 + [8.0]  # text, text_in, paragraph


def test_the_default_sizes_and_a_minimum_size_passed_on_by_text_in():
    doc, pen = _page()
    assert pen.text(0, 0, "Roc") == pytest.approx(_w("Roc", 8))
    pen.text_in(Rect(0, 10, 100, 20), "Hi")  # 8 pt, in the middle of the rectangle
    pen.text_in(Rect(0, 10, 30, 20), "Hammerhead Chainsword", 9, min_size=7)  # 7 pt, then cut
    _, hi, cut = _texts(doc)
    assert hi[3] == 8 and hi[5][1] == pytest.approx(10 + (20 - 8 * 0.72) / 2 - DESCENT * 8)
    assert cut[3] == 7 and cut[1].endswith("…")


def test_a_text_measured_to_fit_exactly_is_neither_shrunk_nor_cut():
    doc, pen = _page()
    w8 = _w("Hammerhead", 8)
    assert pen.text(0, 0, "Hammerhead", 8, max_width=w8 - 0.01) == w8  # within the slack
    assert pen.text(0, 0, "Hammerhead", 8, max_width=w8 - 0.011) < w8 - 0.011  # past it: shrunk
    # shrunk to its minimum, 7 pt, where it is exactly as wide as the room plus the slack
    w7 = _w("Hammerhead", 7)
    assert pen.text(0, 0, "Hammerhead", 9, max_width=w7 - 0.01, min_size=7) == w7
    cut = pen.text(0, 0, "Hammerhead", 9, max_width=w7 - 0.011, min_size=7)
    texts = _texts(doc)
    assert [t[1] for t in texts][:3] == ["Hammerhead"] * 3 and texts[1][3] < 8
    assert [t[3] for t in texts][2:] == [7, 7]
    assert texts[3][1].endswith("…") and cut <= w7 - 0.011
