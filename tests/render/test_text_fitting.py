"""Issue 21: the pen's text fitting at its exact boundaries (``Pen.text``, ``fit_size``,
``paragraph``, ``shortened``): a size just under and at the floor (6 pt, 5 pt in fine print), a
text exactly as wide as its room and 0.01 pt past the slack, the shrink that lands just on the
floor and the one that would pass it (then "…" with the full text recorded), a ``min_size``
above the floor, a paragraph one line too long at the floor, and where a shortened text is cut."""

from __future__ import annotations

import pytest

from sheets.render import fonts
from sheets.render.pdf import Document, Rect, shortened

TEXT = "Heavy Machine Gun"


def _pen():
    doc = Document("a4", record=True)
    return doc, doc.page()


def _runs(doc):
    return [it for it in doc.recorder.pages[0]["items"] if it[0] == "t"]


def _cuts(doc):
    return [it for it in doc.recorder.pages[0]["items"] if it[0] == "x"]


@pytest.mark.parametrize("asked, drawn", [(5.99, 6.0), (6.0, 6.0), (6.01, 6.01), (3, 6.0)])
def test_a_size_under_the_floor_is_raised_to_6_pt(asked, drawn):
    doc, pen = _pen()
    pen.text(50, 700, TEXT, asked)
    ((_, text, _, size, note, _, _),) = _runs(doc)
    assert (text, size, note) == (TEXT, drawn, False)


@pytest.mark.parametrize("asked, drawn", [(4.99, 5.0), (5.0, 5.0), (5.5, 5.5), (2, 5.0)])
def test_fine_print_is_raised_to_5_pt(asked, drawn):
    doc, pen = _pen()
    with pen.fine_print():
        pen.text(50, 700, TEXT, asked)
    ((_, text, _, size, note, _, _),) = _runs(doc)
    assert (text, size, note) == (TEXT, drawn, True)


@pytest.mark.parametrize("extra, shrunk", [(0.0, False), (0.01, False), (-0.005, False), (-0.02, True)])
def test_a_text_as_wide_as_its_room_keeps_its_size(extra, shrunk):
    """Room = the text's width at 8 pt + ``extra``: within the 0.01 pt slack it is not shrunk."""
    w8 = fonts.width(TEXT, "Sans", 8)
    doc, pen = _pen()
    got = pen.text(50, 700, TEXT, 8, max_width=w8 + extra)
    ((_, text, _, size, _, _, _),) = _runs(doc)
    assert text == TEXT and _cuts(doc) == []
    assert (size < 8) is shrunk
    if shrunk:
        assert size == pytest.approx(8 * (w8 + extra) / w8 * 0.999)
        assert got <= w8 + extra
    else:
        assert size == 8 and got == pytest.approx(w8)


def test_shrinking_to_exactly_the_floor_keeps_the_whole_text():
    """Room for the text at 6.1 pt: shrunk to about 6.09 pt, whole; room for it at 6 pt only
    (the shrink would land under 6 pt by the 0.999 factor): drawn at 6 pt, whole, within slack."""
    w6, w61 = fonts.width(TEXT, "Sans", 6), fonts.width(TEXT, "Sans", 6.1)
    doc, pen = _pen()
    pen.text(50, 700, TEXT, 8, max_width=w61)
    pen.text(50, 650, TEXT, 8, max_width=w6)
    a, b = _runs(doc)
    assert a[1] == TEXT and 6.0 < a[3] < 6.1
    assert b[1] == TEXT and b[3] == 6.0
    assert _cuts(doc) == []


def test_a_text_too_wide_at_6_pt_ends_in_an_ellipsis_and_is_recorded_whole():
    w6 = fonts.width(TEXT, "Sans", 6)
    doc, pen = _pen()
    got = pen.text(50, 700, TEXT, 8, max_width=w6 - 0.5)
    ((_, text, _, size, _, _, _),) = _runs(doc)
    assert size == 6.0 and text == "Heavy Machine…" and got <= w6 - 0.5
    assert _cuts(doc) == [("x", TEXT, "Heavy Machine…", 50, 700)]


def test_min_size_above_the_floor_is_kept_then_cut():
    w7 = fonts.width(TEXT, "Sans", 7)
    doc, pen = _pen()
    pen.text(50, 700, TEXT, 8, max_width=w7)
    pen.text(50, 650, TEXT, 8, max_width=w7, min_size=7.5)
    a, b = _runs(doc)
    assert a[1] == TEXT and a[3] < 7
    assert b[3] == 7.5 and b[1].endswith("…") and fonts.width(b[1], "Sans", 7.5) <= w7
    assert [c[1] for c in _cuts(doc)] == [TEXT]


@pytest.mark.parametrize("align, dx", [("left", 0.0), ("center", -0.5), ("right", -1.0)])
def test_a_cut_text_is_placed_by_its_drawn_width(align, dx):
    w6 = fonts.width(TEXT, "Sans", 6)
    doc, pen = _pen()
    got = pen.text(300, 700, TEXT, 8, align=align, max_width=w6 - 0.5)
    ((_, _, _, _, _, box, _),) = _runs(doc)
    assert box[0] == pytest.approx(300 + dx * got) and box[2] - box[0] == pytest.approx(got)


def test_fit_size_boundaries():
    doc, pen = _pen()
    w8 = fonts.width(TEXT, "Sans", 8)
    assert pen.fit_size(TEXT, "Sans", 8, w8) == 8
    assert pen.fit_size(TEXT, "Sans", 8, w8 - 0.01) == pytest.approx(8 * (w8 - 0.01) / w8 * 0.999)
    assert pen.fit_size(TEXT, "Sans", 8, 1) == 6.0
    assert pen.fit_size(TEXT, "Sans", 8, 1, min_size=7) == 7
    assert pen.fit_size(TEXT, "Sans", 5, None) == 6.0
    assert pen.fit_size("", "Sans", 9, 1) == 9
    with pen.fine_print():
        assert pen.fit_size(TEXT, "Sans", 8, 1) == 5.0


# -- shortened: where the "…" goes --------------------------------------------------------------


def test_shortened_cuts_at_the_longest_prefix_of_whole_words_that_fits():
    full = fonts.width("Alpha Bravo…", "Sans", 8)
    assert shortened("Alpha Bravo Charlie", "Sans", 8, full) == "Alpha Bravo…"
    # a hair narrower: never "Alpha Brav…" (issue 33: cut mid-word), the last whole word goes
    assert shortened("Alpha Bravo Charlie", "Sans", 8, full - 0.01) == "Alpha…"
    assert shortened("Alpha Bravo Charlie", "Sans", 8, fonts.width("Alpha…", "Sans", 8)) == "Alpha…"
    # a first word wider than the room by itself is the one thing cut inside a word
    assert shortened("Alpha Bravo", "Sans", 8, fonts.width("Alpha…", "Sans", 8) - 0.01) == "Alph…"
    assert (
        shortened("Alpha-Bravo", "Sans", 8, fonts.width("Alpha-…", "Sans", 8)) == "Alpha…"
    )  # the hyphen dropped
    assert shortened("Alpha, Bravo", "Sans", 8, fonts.width("Alpha, …", "Sans", 8)) == "Alpha…"
    assert shortened("Alpha", "Sans", 8, 0.1) == "A…"  # never empty


# -- paragraphs ----------------------------------------------------------------------------------


def test_a_paragraph_shrinks_by_quarter_points_until_it_fits():
    doc, pen = _pen()
    words = "one two three four five six seven eight"
    used = pen.paragraph(Rect(50, 600, 200, 8 * 1.18 - 0.01), words, 8)  # one line: 8 pt does not fit
    runs = _runs(doc)
    assert len(runs) == 1 and runs[0][1] == words and runs[0][3] == 7.75
    assert used == pytest.approx(7.75 * 1.18)


def test_a_paragraph_exactly_as_tall_as_its_lines_keeps_its_size():
    doc, pen = _pen()
    pen.paragraph(Rect(50, 600, 200, 8 * 1.18), "one two three", 8)
    assert [(r[1], r[3]) for r in _runs(doc)] == [("one two three", 8)]


def test_a_paragraph_one_line_too_long_at_the_floor_ends_in_an_ellipsis():
    """Two lines of 6 pt × 1.18 fit in 14.16 pt; a third does not: the second line ends in "…"."""
    line = "word " * 6
    text = (line * 3).strip()
    w = fonts.width(line.strip(), "Sans", 6) + 1
    for h, lines in ((2 * 6 * 1.18, 2), (3 * 6 * 1.18, 3)):
        doc, pen = _pen()
        used = pen.paragraph(Rect(50, 600, w, h), text, 8)
        runs = _runs(doc)
        assert len(runs) == lines and all(r[3] == 6.0 for r in runs)
        assert used == pytest.approx(lines * 6 * 1.18)
        if lines == 2:
            assert runs[-1][1].endswith("…") and [c[1] for c in _cuts(doc)] == [text]
        else:
            assert not runs[-1][1].endswith("…") and _cuts(doc) == []
