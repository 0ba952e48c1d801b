"""The pen's table (``Pen.table``) away from the page origin and with odd row counts: column
edges add up from ``r.x`` (three columns 1:2:1 at x = 10), the row height from the rows that
are there (a header counts, no header does not; one row in a low frame), the zebra shading of
every second row (rows 2 and 4 of 5), bands and shading filled without a border, the header's
own alignment and padding, and the defaults (7 pt, no grid). Values from the content stream
and the layout recorder."""

from __future__ import annotations

import pytest

from sheets.render import fonts
from sheets.render.pdf import Document, Rect


def _page():
    doc = Document("a4", record=True)
    return doc, doc.page()


def _items(doc, kind):
    return [it for it in doc.recorder.pages[-1]["items"] if it[0] == kind]


def test_columns_start_at_the_frame_and_add_up():
    doc, pen = _page()
    n = len(pen.c._code)
    used = pen.table(Rect(10, 0, 100, 100), [1, 2, 1], [["a", "b", "c"]] * 5, header=["H", "I", "J"])
    # 6 rows of min(7 × 1.45, 100 / 6) = 10.15
    assert used == pytest.approx(6 * 10.15)
    texts = _items(doc, "t")
    assert [t[6][0::2] for t in texts[:3]] == [(10, 35), (35, 85), (85, 110)]
    # the header: "H" left with 1.5 pt padding, "I" centred on its column (60), "J" on 97.5
    assert texts[0][5][0] == pytest.approx(11.5)
    assert texts[1][5][0] == pytest.approx(60 - fonts.width("I", "Sans-Bold", 7) / 2)
    assert texts[2][5][0] == pytest.approx(97.5 - fonts.width("J", "Sans-Bold", 7) / 2)
    # the band and rows 2 and 4 shaded, filled only (no border, no grid line)
    fills = [c for c in pen.c._code[n:] if " re" in c]
    assert fills == ["n 10 89.85 100 10.15 re f*", "n 10 69.55 100 10.15 re f*", "n 10 49.25 100 10.15 re f*"]
    assert not any(c.endswith((" S", " B*", " B")) for c in pen.c._code[n:])
    assert all(t[2:4] == ("Sans", 7) for t in texts[3:])


def test_the_row_height_counts_the_rows_that_are_there():
    doc, pen = _page()
    # no header: 3 rows share 30 pt (10 each, under 10 × 1.45)
    assert pen.table(Rect(0, 0, 100, 30), [1], [["a"], ["b"], ["c"]], size=10) == pytest.approx(30)
    # one row in an 8 pt frame takes all of it
    assert pen.table(Rect(0, 200, 100, 8), [1], [["x"]]) == pytest.approx(8)


def test_the_defaults_are_7_pt_and_no_grid():
    doc, pen = _page()
    n = len(pen.c._code)
    assert pen.table(Rect(0, 0, 100, 100), [1], [["a"], ["b"]]) == pytest.approx(2 * 7 * 1.45)
    assert [t[3] for t in _items(doc, "t")] == [7, 7]
    assert _items(doc, "s") == [] and not any(c.endswith(" l S") or c.endswith(" S") for c in pen.c._code[n:])
