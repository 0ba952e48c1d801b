"""Issue 21: every threshold of the layout checker (``data/common/layout.yaml``: min_text_pt 6,
min_fine_print_pt 5, min_tick_mm 3, min_gap_mm 0.6) tested just inside and just outside, with
shapes that are not squares: 5 × 2.5 mm boxes, long thin frames (60 × 2.9 mm), boxes stacked
vertically and diagonally, pips of one diameter each side of 3 mm.

Runs and pips are recorded as they are (``pen.rec``), past the pen's own floor, so the checker
itself is what is measured.
"""

from __future__ import annotations

import math

import pytest

from sheets.render.layout_check import check
from sheets.render.pdf import MM, Document


def _doc(lang="en"):
    doc = Document("a4", lang=lang, record=True)
    return doc, doc.page()


def _found(doc, kind):
    doc.finish()
    return [v for v in check(doc.recorder, staged=True) if v.kind == kind]


def _raw(pen, x, y, text, size):
    from sheets.render import fonts

    pen.rec.text(pen.c, text, "Sans", size, x, y, fonts.width(text, "Sans", size))


# -- text sizes: 6 pt, 5 pt in fine print (the checker allows 0.05 pt of rounding) ---------------

@pytest.mark.parametrize("size, bad", [(5.0, True), (5.9, True), (5.94, True), (5.96, False), (6.0, False),
                                       (6.1, False)])
def test_min_text_size_both_sides(size, bad):
    doc, pen = _doc()
    _raw(pen, 50, 700, "Armour", size)
    found = _found(doc, "font")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"'Armour' is {size:.1f} pt (at least 6 pt)"


@pytest.mark.parametrize("size, bad", [(4.0, True), (4.9, True), (4.94, True), (4.96, False), (5.0, False),
                                       (5.5, False)])
def test_min_fine_print_size_both_sides(size, bad):
    doc, pen = _doc()
    with pen.fine_print():
        _raw(pen, 50, 700, "Source: rules §4", size)
    found = _found(doc, "font")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"'Source: rules §4' is {size:.1f} pt (at least 5 pt)"


def test_fine_print_size_outside_fine_print_is_too_small():
    """5 pt is allowed for footnotes only: the same run outside fine print needs 6 pt."""
    doc, pen = _doc()
    _raw(pen, 50, 700, "Walk MP", 5.0)
    with pen.fine_print():
        _raw(pen, 50, 600, "Source", 5.0)
    found = _found(doc, "font")
    assert [v.message for v in found] == ["'Walk MP' is 5.0 pt (at least 6 pt)"]


# -- tick boxes: the shorter side, with long thin frames ----------------------------------------

@pytest.mark.parametrize("w_mm, h_mm, bad", [
    (60, 2.9, True), (60, 3.0, False), (2.9, 60, True), (3.0, 60, False),   # long thin frames
    (5, 2.5, True), (2.5, 5, True), (5, 2.99, True), (5, 3.01, False),      # asymmetric boxes
])
def test_long_thin_and_asymmetric_tick_frames(w_mm, h_mm, bad):
    doc, pen = _doc()
    pen.box_track(50, 400, ["plain"], w_mm * MM, height=h_mm * MM)
    found = _found(doc, "tick")
    assert bool(found) == bad
    if bad:
        assert found[0].message == (f"tick box {w_mm:.1f}×{h_mm:.1f} mm (its shorter side at least 3 mm)")


def test_a_long_thin_frame_is_not_measured_by_its_area():
    """60 × 2.9 mm has the area of a 13 mm square: still too thin to tick."""
    doc, pen = _doc()
    pen.box_track(50, 400, ["plain", "plain"], 60 * MM, 1 * MM, height=2.9 * MM)
    found = _found(doc, "tick")
    assert len(found) == 2 and all("60.0×2.9 mm" in v.message for v in found)


@pytest.mark.parametrize("d_mm, bad", [(2.5, True), (2.9, True), (2.99, True), (3.0, False), (3.2, False)])
def test_pip_diameter_both_sides(d_mm, bad):
    doc, pen = _doc()
    pen.rec.pip(pen.c, 100, 500, d_mm * MM / 2)
    found = _found(doc, "tick")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"pips {round(d_mm, 1):.1f} mm across (at least 3 mm)"


# -- gaps: 0.6 mm between boxes (each way, asymmetric boxes) and between pips -------------------

@pytest.mark.parametrize("gap_mm, bad", [(0.0, True), (0.5, True), (0.59, True), (0.6, False), (0.61, False),
                                         (1.0, False)])
def test_gap_between_stacked_asymmetric_boxes(gap_mm, bad):
    """5 × 3 mm boxes one above the other: the gap is measured vertically, along the short side."""
    doc, pen = _doc()
    pen.box_track(50, 400, ["plain"], 5 * MM, height=3 * MM)
    pen.box_track(50, 400 + 3 * MM + gap_mm * MM, ["plain"], 5 * MM, height=3 * MM)
    found = _found(doc, "gap")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"tick boxes {gap_mm:.2f} mm apart (at least 0.6 mm)"


@pytest.mark.parametrize("gap_mm, bad", [(0.59, True), (0.6, False)])
def test_gap_between_side_by_side_wide_boxes(gap_mm, bad):
    """5 × 3 mm boxes in a row: the gap runs along the long side's end."""
    doc, pen = _doc()
    pen.box_track(50, 400, ["plain"] * 3, 5 * MM, gap_mm * MM, height=3 * MM)
    found = _found(doc, "gap")
    assert bool(found) == bad


@pytest.mark.parametrize("dx_mm, dy_mm, bad", [(0.5, 0.5, True), (0.59, 2.0, False), (0.5, 0.59, True),
                                               (0.6, 0.3, False), (0.3, 0.6, False)])
def test_gap_between_diagonal_boxes(dx_mm, dy_mm, bad):
    """Two boxes corner to corner are apart by the larger of their two clearances: paper in either
    direction is a gap a pencil can pass."""
    doc, pen = _doc()
    pen.box_track(50, 400, ["plain"], 5 * MM, height=3 * MM)
    pen.box_track(50 + 5 * MM + dx_mm * MM, 400 + 3 * MM + dy_mm * MM, ["plain"], 5 * MM, height=3 * MM)
    assert bool(_found(doc, "gap")) == bad


@pytest.mark.parametrize("gap_mm, bad", [(0.0, True), (0.59, True), (0.6, False), (0.61, False)])
@pytest.mark.parametrize("angle", [0, 90, 30])
def test_gap_between_pips_both_sides_any_direction(gap_mm, bad, angle):
    doc, pen = _doc()
    r = 1.6 * MM
    d = 2 * r + gap_mm * MM
    pen.rec.pip(pen.c, 200, 400, r)
    pen.rec.pip(pen.c, 200 + d * math.cos(math.radians(angle)), 400 + d * math.sin(math.radians(angle)), r)
    found = _found(doc, "pips")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"pips {gap_mm:.2f} mm apart (at least 0.6 mm)"


def test_pips_of_two_sizes_are_apart_by_their_own_radii():
    """A 3 mm and a 5 mm pip 0.59 mm apart (edge to edge) are too close; 0.6 mm apart they are not."""
    for gap_mm, bad in ((0.59, True), (0.6, False)):
        doc, pen = _doc()
        pen.rec.pip(pen.c, 200, 400, 1.5 * MM)
        pen.rec.pip(pen.c, 200 + (1.5 + 2.5 + gap_mm) * MM, 400, 2.5 * MM)
        assert bool(_found(doc, "pips")) == bad, gap_mm
