"""Where a paragraph is cut and where ``shortened`` cuts inside a first word (issue 35,
mutation of ``render/pdf.py``): a paragraph too tall by more than 0.01 pt keeps the lines that
fit (one at least, also of two), one within 0.01 pt is kept whole; every line is drawn in the
paragraph's face and colour and held to its width (a glyph wider than the column is reported
cut). ``shortened`` inside a first word: the candidate measured with its trailing break
characters stripped (not its leading ones, not a letter X), fitting exactly or not at all.

At the 6 pt floor a line is 6 × 1.18 = 7.08 pt: three lines need 21.24 pt."""

from __future__ import annotations

import pytest

from sheets.render import fonts
from sheets.render.pdf import Document, Rect, shortened

TEXT = "alpha beta gamma"
ROOM = fonts.width("gamma", "Sans", 6) + 0.5  # one word a line


def _paragraph(h, text=TEXT, w=ROOM, **kw):
    doc = Document("a4", record=True)
    pen = doc.page()
    need = pen.paragraph(Rect(0, 0, w, h), text, 6, **kw)
    items = doc.recorder.pages[-1]["items"]
    return need, [it for it in items if it[0] == "t"], [it[1:3] for it in items if it[0] == "x"], pen


@pytest.mark.parametrize(
    "h, need, shown",
    [
        (21.24, 21.24, ["alpha", "beta", "gamma"]),
        (21.23, 21.24, ["alpha", "beta", "gamma"]),  # 0.01 pt over: kept whole
        (21.229, 14.16, ["alpha", "beta…"]),  # more: the two lines that fit, the last one cut
        (20.74, 14.16, ["alpha", "beta…"]),  # half a point short
        (13.66, 7.08, ["alpha…"]),  # half a point short of two lines: one
        (5, 7.08, ["alpha…"]),  # not even one line of room: the first line still
    ],
)
def test_a_paragraph_keeps_the_lines_that_fit(h, need, shown):
    got, texts, cuts, _ = _paragraph(h)
    assert got == pytest.approx(need)
    assert [t[1] for t in texts] == shown
    assert cuts == ([] if len(shown) == 3 else [(TEXT, shown[-1])])


def test_a_paragraph_of_two_lines_too_tall_keeps_one():
    need, texts, cuts, _ = _paragraph(10, "alpha beta")
    assert need == pytest.approx(7.08)
    assert [t[1] for t in texts] == ["alpha…"] and cuts == [("alpha beta", "alpha…")]


def test_a_paragraph_draws_in_its_face_and_colour_and_holds_each_line_to_its_width():
    _, texts, _, pen = _paragraph(50, w=100, font="Sans-Bold", color=(0.2, 0.3, 0.4))
    assert [(t[1], t[2]) for t in texts] == [(TEXT, "Sans-Bold")]
    assert pen.c._code[-2:] == [
        "BT .2 .3 .4 rg 1 0 0 1 0 44 Tm /F1+0 6 Tf 7.2 TL (alpha beta gamma) Tj T*",
        "ET",
    ]
    # a column narrower than one W: the word broken into single letters, each still too wide
    # at the floor and so reported to the checker as cut
    _, texts, cuts, _ = _paragraph(50, "WW", w=4)
    assert [full for full, _ in cuts] == ["W", "W"] and len(texts) == 2


def _w(text: str) -> float:
    return fonts.width(text, "Sans", 7)


def test_a_first_word_is_cut_to_fit_exactly_or_one_letter_shorter():
    assert shortened("abcdefgh", "Sans", 7, _w("abcd…")) == "abcd…"
    assert shortened("abcdefgh", "Sans", 7, _w("abcd…") - 0.001) == "abc…"


def test_inside_a_first_word_leading_breaks_are_kept_and_x_is_a_letter():
    # measured as it is shown: "-iiii…" (a hyphen is wider than an i) does not fit
    assert shortened("-iiiiiiiii", "Sans", 7, _w("-iii…") + 0.01) == "-iii…"
    assert shortened("abcXXXXXXX", "Sans", 7, _w("abcXX…") + 0.01) == "abcXX…"
    # nothing but the leading hyphen would be left: it goes too
    assert shortened("-abc", "Sans", 7, 1) == "…"
    assert shortened(",abc", "Sans", 7, 1) == "…"
