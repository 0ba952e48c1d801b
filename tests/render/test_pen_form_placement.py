"""Where the pen records a repeated drawing (a PDF form) it places: under a moved and turned
origin (the recorder must follow the canvas matrix, every term of it), and through the
canvas's own calls when the pen has no text encoder (a canvas stand-in, as the benchmarks use)."""

from __future__ import annotations

import pytest

from sheets.render.pdf import Document


def _page():
    doc = Document("a4", record=True)
    return doc, doc.page()


def _lines(doc):
    return [it[1] for it in doc.recorder.pages[-1]["items"] if it[0] == "s"]


def _approx(points):
    return [tuple(pytest.approx(v, abs=1e-6) for v in p) for p in points]


def test_a_form_under_a_moved_and_turned_origin_is_recorded_where_it_lands():
    doc, pen = _page()
    pen.c.saveState()
    pen.c.translate(7, 9)
    pen.c.rotate(90)  # (x, y) lands at (7 - y, 9 + x)
    pen.form("o", 100, 200, lambda p: p.line(0, 0, 1, 1))
    pen.c.restoreState()
    ((p, q),) = _lines(doc)
    assert [p, q] == _approx([(-193, 109), (-194, 110)])


def test_without_an_encoder_a_form_is_placed_by_the_canvas_calls():
    doc, pen = _page()
    pen.encoder = None
    pen.c.saveState()
    pen.c.translate(7, 9)
    n = len(pen.c._code)
    pen.form("o", 100, 200, lambda p: p.line(0, 0, 1, 1))
    pen.form("o", 10, 20, lambda p: p.line(0, 0, 1, 1))
    ops = pen.c._code[n:]
    pen.c.restoreState()
    assert ops == [
        "q",
        "1 0 0 1 100 200 cm",
        "/FormXob.F0 Do",
        "Q",
        "q",
        "1 0 0 1 10 20 cm",
        "/FormXob.F0 Do",
        "Q",
    ]
    assert [list(line) for line in _lines(doc)] == [
        _approx([(107, 209), (108, 210)]),
        _approx([(17, 29), (18, 30)]),
    ]
