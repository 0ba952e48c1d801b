"""A paragraph that does not fit at the type floor: the lines that fit, each a leading below
the last, the last one shortened with "…", the full text recorded for the layout checker at
the last line's baseline, the height of the kept lines returned; and a paragraph that fits,
at its default 7 pt, neither cut nor recorded as such."""

from __future__ import annotations

import pytest

from sheets.render.pdf import Document, Rect

TEXT = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"


def _page():
    doc = Document("a4", record=True)
    return doc, doc.page()


def test_a_paragraph_past_the_floor_keeps_the_lines_that_fit_and_records_the_cut():
    doc, pen = _page()
    frame = Rect(10, 100, 60, 6 * 1.18 * 3 + 0.005)  # three lines of 6 pt (the floor), 1.18 leading
    need = pen.paragraph(frame, TEXT, size=6)
    assert need == pytest.approx(3 * 6 * 1.18)
    items = doc.recorder.pages[-1]["items"]
    texts = [it for it in items if it[0] == "t"]
    assert [t[1] for t in texts] == ["one two three four", "five six seven eight", "nine ten eleven…"]
    assert all(t[2:4] == ("Sans", 6) for t in texts)
    # baselines: the top less one size, then one leading (7.08) each; every line framed by r
    baselines = [frame.top - 6 - k * 6 * 1.18 for k in range(3)]
    assert [t[5][1] for t in texts] == pytest.approx(
        [b - 0.21 * 6 for b in baselines], abs=0.01
    )  # ink from the descent
    assert all(t[6] == (10, 100, 70, pytest.approx(frame.top)) for t in texts)
    (cut,) = [it for it in items if it[0] == "x"]
    assert cut[1:4] == (TEXT, "nine ten eleven…", 10.0) and cut[4] == pytest.approx(baselines[-1])


def test_a_paragraph_that_fits_is_set_at_7_pt_and_not_cut():
    doc, pen = _page()
    need = pen.paragraph(Rect(0, 0, 200, 100), "a short text")
    items = doc.recorder.pages[-1]["items"]
    assert need == pytest.approx(7 * 1.18)
    assert [(it[1], it[3]) for it in items if it[0] == "t"] == [("a short text", 7)]
    assert [it for it in items if it[0] == "x"] == []
