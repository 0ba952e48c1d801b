"""The pen's line filling and a few shapes at their edges: a word too wide for its line broken
after its last hyphen that fits (not the first, not one at the very start), else after as many
letters as fit (all but one; one letter when even two do not fit; a word of two letters too);
a three-way split with gaps; an arrow from a point away from the origin (its head points along
the shaft); the default widths of hexagons and arrows and the footer's type size."""

from __future__ import annotations

import math

import pytest

from sheets.render import fonts
from sheets.render.pdf import Document, Rect, fill_lines, footer


def _w(text: str) -> float:
    return fonts.width(text, "Sans", 7)


def _fill(text: str, width: float) -> list[str]:
    return fill_lines(text, "Sans", 7, (width,))


def test_a_wide_word_breaks_after_its_last_hyphen_that_fits():
    assert _fill("aaaa-bbbb-cccc-dd", _w("aaaa-bbbb-c")) == ["aaaa-bbbb-", "cccc-dd"]


def test_a_hyphen_second_is_a_break_a_hyphen_first_is_not():
    assert _fill("a-bbbbbbbbbbbbbbbb", _w("a-bbbb"))[0] == "a-"
    lines = _fill("-bbbbbbbbbbbbbbbb", _w("-bbbb") + 0.01)
    assert lines[0] == "-bbbb" and "".join(lines) == "-bbbbbbbbbbbbbbbb"


def test_a_word_without_hyphen_keeps_all_the_letters_that_fit():
    assert _fill("abcdefgh", _w("abcdefg") + 0.01) == ["abcdefg", "h"]


def test_letters_wider_than_the_line_go_one_a_line():
    assert _fill("WWW", 1) == ["W", "W", "W"]
    assert _fill("WW", 1) == ["W", "W"]
    assert _fill("W", 1) == ["W"]


def test_a_three_way_split_leaves_two_gaps():
    parts = Rect(10, 0, 100, 5).split_h(1 / 2, 1 / 4, 1 / 4, gap=4)
    assert [(p.x, p.w) for p in parts] == [(10, 46), (60, 23), (87, 23)]


def _page():
    doc = Document("a4", record=True)
    return doc, doc.page()


def test_an_arrow_away_from_the_origin_points_along_its_shaft():
    doc, pen = _page()
    n = len(pen.c._code)
    pen.arrow(100, 200, 200, 300)  # up and to the right at 45°
    code = pen.c._code[n:]
    assert "1.2 w" in code
    # the head: the tip and two corners 5 pt back at ±0.45 rad around the shaft
    back = [(200 - 5 * math.cos(math.pi / 4 + s), 300 - 5 * math.sin(math.pi / 4 + s)) for s in (-0.45, 0.45)]
    polygon = next(c for c in code if c.startswith("n 200 300 m"))
    numbers = [float(v) for v in polygon.replace(" m", "").replace(" l", "").split()[1:7]]
    assert numbers == pytest.approx([200, 300, back[0][0], back[0][1], back[1][0], back[1][1]], abs=0.01)


def test_a_hexagon_is_drawn_0_6_pt_wide_by_default():
    doc, pen = _page()
    n = len(pen.c._code)
    pen.hexagon(50, 50, 10)
    assert ".6 w" in pen.c._code[n:]


def test_the_footer_is_set_at_6_5_pt():
    doc, pen = _page()
    footer(pen, Rect(20, 30, 500, 700), "left words", "right words")
    texts = [it for it in doc.recorder.pages[-1]["items"] if it[0] == "t"]
    assert [(t[1], t[2], t[3]) for t in texts] == [("left words", "Sans", 6.5), ("right words", "Sans", 6.5)]


def test_a_word_exactly_as_wide_as_the_line_stays_whole_on_the_next_line():
    assert _fill("a abcdefgh", _w("abcdefgh")) == ["a", "abcdefgh"]
