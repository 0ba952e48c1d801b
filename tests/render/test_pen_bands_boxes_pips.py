"""Heading bands, box tracks, pips and rectangles pinned by what they write (issue 35, mutation
of ``render/pdf.py``): the heading band's fill, text colour, face, padding and recorded text;
the heading case rules on a first use of the word pattern (words with digits, the game
abbreviations, single letters after the first word); a box track of shaded boxes only, its
width from any origin and its default sizes; pips laid out on ties and when nothing fits, the
circles drawn where they are recorded, their default width and their forms per size to
0.01 pt; rounded rectangles filled with or without their outline; frames and legend samples
while not recording; a form named from its key (as a ``render --jobs`` worker names it)."""

from __future__ import annotations

import re

import pytest

from sheets.render import parallel, pdf
from sheets.render.pdf import Rect, heading_style

from .pen_helpers import after, page


def _items(doc, kind):
    return [it for it in doc.recorder.pages[-1]["items"] if it[0] == kind]


def _form(doc, name="F0") -> str:
    return doc.canvas._doc.idToObject[f"FormXob.{name}"].stream.decode()


# -- headings -----------------------------------------------------------------------------


def test_a_heading_band_is_filled_with_the_accent_and_lettered_in_light_bold_text():
    doc, pen = page(record=True)
    ops = after(pen, lambda: pen.heading(Rect(10, 20, 100, 12), "ARMOR DIAGRAM"))
    # the band (accent fill, no outline), then the text 3 pt in, 8 pt, white: 1 g
    assert ops == [
        ".55 .1 .1 rg",
        "n 10 20 100 12 re f*",
        "BT 1 g 1 0 0 1 13 23.12 Tm /F1+0 8 Tf 9.6 TL (Armor diagram) Tj T*",
        "ET",
    ]
    ((_, text, font, size, _, box, _),) = _items(doc, "t")
    assert (text, font, size, box[0]) == ("Armor diagram", "Sans-Bold", 8, 13)
    assert _items(doc, "h") == [("h", "Armor diagram", (10, 20, 110, 32))]


@pytest.mark.parametrize(
    "text, styled",
    [
        ("ARMOR DIAGRAM", "Armor diagram"),
        ("ROLL 4D6 ON BV TABLE", "Roll 4D6 on BV table"),  # a word with a digit; a game term
        ("TABLE B", "Table B"),  # a single letter after the first word is kept
        ("GO TO", "Go to"),  # a two-letter word is not
        ("A TABLE", "A table"),
    ],
)
def test_heading_style_on_the_first_use_of_its_word_pattern(monkeypatch, text, styled):
    monkeypatch.setattr(pdf, "_CASE_WORD", None)  # as in a fresh process
    assert heading_style(text) == styled
    assert pdf._CASE_WORD is not None and pdf._CASE_WORD.pattern == r"\w+"
    assert heading_style(text) == styled  # and with the pattern compiled


# -- box tracks ---------------------------------------------------------------------------


def test_a_track_of_shaded_boxes_only_and_its_width_from_any_origin():
    doc, pen = page()
    ops = after(pen, lambda: pen.box_track(10, 20, ["shade", "dark"], size=5, gap=1))
    assert ops == [
        ".1 .1 .12 RG",
        ".6 w",
        ".78 g",  # the theme's shade
        "n 10 20 5 5 re",
        "B*",
        ".1 g",  # and its dark
        "n 16 20 5 5 re",
        "B*",
    ]
    assert pen.box_track(10, 20, ["plain"] * 3, size=5, gap=1) == 17  # 3 × 5 + 2 gaps
    assert pen.box_track(50, 0, ["plain"] * 2) == 15.5  # the defaults: 7 pt boxes, 1.5 apart


# -- pips ---------------------------------------------------------------------------------


def _moves(body: str) -> list[float]:
    """The points each subpath starts at (x, y, x, y, …)."""
    return [float(v) for xy in re.findall(r"(\S+) (\S+) m", body) for v in xy]


def _flat(points) -> list[float]:
    return [v for p in points for v in p]


def test_pips_are_drawn_where_they_are_recorded():
    doc, pen = page(record=True)
    pen.pips(Rect(100, 200, 30, 10), 5)  # one row of 5, radius 2.4, centres 6 apart
    centres = [(p[1] - 100, p[2] - 200) for p in _items(doc, "p")]
    assert _flat(centres) == pytest.approx(_flat([(3, 5), (9, 5), (15, 5), (21, 5), (27, 5)]))
    # each circle starts at its rightmost point: centre + radius
    assert _moves(_form(doc)) == pytest.approx(_flat([(5.4, 5), (11.4, 5), (17.4, 5), (23.4, 5), (29.4, 5)]))
    # outlined in ink at the default width (a form sets its own)
    body = _form(doc).split("\n")
    assert body[1:3] == [".1 .1 .12 RG", ".5 w"] and body[-1] == "S"


@pytest.mark.parametrize(
    "w, h, n, radius, centres",
    [
        # 2 in a square: one column (d = 5) or one row (d = 5) tie: the fewer columns win
        (10, 10, 2, 1.9, [(5, 7.5), (5, 2.5)]),
        # 4 in 6 × 6: 2 × 2 at radius (3 - 1.2) / 2 = 0.9, under 1 pt and above the 0.8 least
        (6, 6, 4, 0.9, [(1.5, 4.5), (4.5, 4.5), (1.5, 1.5), (4.5, 1.5)]),
        # 2 in 1.2 × 2.4: a column would have radius 0 (nothing): one row at the 0.8 least
        (1.2, 2.4, 2, 0.8, [(-0.8, 1.2), (2.0, 1.2)]),
        # 3 in 1 × 1: nothing fits, one row at the least radius, centred on the box
        (1, 1, 3, 0.8, [(-2.3, 0.5), (0.5, 0.5), (3.3, 0.5)]),
    ],
)
def test_pips_on_ties_and_when_nothing_fits(w, h, n, radius, centres):
    doc, pen = page(record=True)
    pen.pips(Rect(0, 0, w, h), n)
    pips = _items(doc, "p")
    assert [p[3] for p in pips] == pytest.approx([radius] * n)
    assert _flat((p[1], p[2]) for p in pips) == pytest.approx(_flat(centres))


def test_pips_share_a_form_per_size_to_a_hundredth_of_a_point():
    doc, pen = page()
    for w, h in ((10, 10), (10.001, 10.004), (10.4, 10), (10, 10.4)):
        pen.pips(Rect(0, 0, w, h), 3)
    assert list(pen._forms.values()) == ["F0", "F1", "F2"]  # (10.001, 10.004) is (10, 10)


# -- rectangles, frames, forms ------------------------------------------------------------


def test_rectangles_default_width_and_rounded_ones_filled_with_or_without_outline():
    doc, pen = page()
    assert after(pen, lambda: pen.rect(Rect(1, 2, 3, 4))) == [".1 .1 .12 RG", ".6 w", "n 1 2 3 4 re S"]
    flat = after(pen, lambda: pen.rect(Rect(1, 2, 3, 4), fill=(0.5, 0.5, 0.5), stroke=False, radius=1))
    assert flat[0] == ".5 g" and flat[1] == "n" and flat[-1] == "f*"
    both = after(pen, lambda: pen.rect(Rect(1, 2, 3, 4), fill=(0.5, 0.5, 0.5), radius=1))
    assert both[0] == "n" and both[-1] == "B*"
    assert after(pen, lambda: pen.rect(Rect(1, 2, 3, 4), radius=1))[-1] == "S"


def test_frames_and_legend_samples_while_not_recording():
    doc, pen = page()
    n = len(pen.c._code)
    with pen.frame(Rect(0, 0, 10, 10)), pen.legend_key():
        pen.box_track(0, 0, ["plain"])
    assert pen.c._code[n:] == [".1 .1 .12 RG", ".6 w", "n 0 0 7 7 re", "S"]


def test_a_form_is_named_from_its_key_where_the_pen_names_forms_so():
    doc, pen = page()
    pen._form_name = parallel._key_name  # what a render --jobs worker does
    pen.form("a", 0, 0, lambda p: p.line(0, 0, 1, 1))
    pen.form("b", 0, 0, lambda p: p.line(0, 0, 2, 2))
    assert list(pen._forms.values()) == [parallel._key_name("a"), parallel._key_name("b")]
    assert parallel._key_name("a") != parallel._key_name("b")
