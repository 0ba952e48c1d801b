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


@pytest.mark.parametrize(
    "size, bad", [(5.0, True), (5.9, True), (5.94, True), (5.96, False), (6.0, False), (6.1, False)]
)
def test_min_text_size_both_sides(size, bad):
    doc, pen = _doc()
    _raw(pen, 50, 700, "Armour", size)
    found = _found(doc, "font")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"'Armour' is {size:.1f} pt (at least 6 pt)"


@pytest.mark.parametrize(
    "size, bad", [(4.0, True), (4.9, True), (4.94, True), (4.96, False), (5.0, False), (5.5, False)]
)
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


@pytest.mark.parametrize(
    "w_mm, h_mm, bad",
    [
        (60, 2.9, True),
        (60, 3.0, False),
        (2.9, 60, True),
        (3.0, 60, False),  # long thin frames
        (5, 2.5, True),
        (2.5, 5, True),
        (5, 2.99, True),
        (5, 3.01, False),  # asymmetric boxes
    ],
)
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


@pytest.mark.parametrize(
    "gap_mm, bad", [(0.0, True), (0.5, True), (0.59, True), (0.6, False), (0.61, False), (1.0, False)]
)
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


@pytest.mark.parametrize(
    "dx_mm, dy_mm, bad",
    [(0.5, 0.5, True), (0.59, 2.0, False), (0.5, 0.59, True), (0.6, 0.3, False), (0.3, 0.6, False)],
)
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


# -- frames: 0.3 pt of slack on each side of a long thin frame (200 × 12 pt) ---------------------

FRAME = (100, 500, 200, 12)  # x 100..300, y 500..512


def _framed_run(pen, dx0=0.0, dx1=0.0, dy0=0.0, dy1=0.0, frame=FRAME):
    """A run of size 10 whose ink box is the frame's inside moved out by dx0 (left), dx1 (right),
    dy0 (bottom), dy1 (top) points; the ink box is 0.94 × 10 pt tall, so the frame is 12 pt."""
    from sheets.render.layout_check import ASCENT, DESCENT
    from sheets.render.pdf import Rect

    x, y, w, h = frame
    size = 10
    inner_h = (ASCENT + DESCENT) * size
    with pen.frame(Rect(*frame)):
        # top and bottom: the run's ink box sits at the frame's bottom (dy0) or top (dy1)
        if dy1:
            base = y + h - ASCENT * size + dy1
        else:
            base = y + DESCENT * size - dy0
        assert inner_h < h
        pen.rec.text(pen.c, "Walk MP", "Sans", size, x - dx0, base, w + dx0 + dx1)


@pytest.mark.parametrize("side", ["dx0", "dx1", "dy0", "dy1"])
@pytest.mark.parametrize("out, bad", [(0.2, False), (0.29, False), (0.31, True), (0.4, True), (2.5, True)])
def test_a_run_leaving_a_long_thin_frame_by_more_than_the_slack(side, out, bad):
    doc, pen = _doc()
    _framed_run(pen, **{side: out})
    found = _found(doc, "frame")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"'Walk MP' leaves its frame by {out:.1f} pt"


def test_a_run_leaving_the_page_names_the_page():
    doc, pen = _doc()
    pen.rec.text(pen.c, "Edge", "Sans", 10, 595.28 - 30, 400, 30.4)  # 0.4 pt past the right edge
    pen.rec.text(pen.c, "Fine", "Sans", 10, 595.28 - 30, 300, 30.2)
    pen.rec.text(pen.c, "Low", "Sans", 10, 300, 2.1 - 0.4, 20)  # its descender 0.4 pt under the foot
    pen.rec.text(pen.c, "Top", "Sans", 10, 300, 841.89 - 7.3 + 0.4, 20)
    found = _found(doc, "frame")
    assert [v.message for v in found] == [
        "'Edge' leaves its page by 0.4 pt",
        "'Low' leaves its page by 0.4 pt",
        "'Top' leaves its page by 0.4 pt",
    ]


# -- overlap of two runs: more than 0.3 pt each way ----------------------------------------------


@pytest.mark.parametrize(
    "dx, dy, bad",
    [
        (0.4, 9.4, True),
        (0.2, 9.4, False),  # side by side, overlapping in x only by a hair
        (20, 0.4, True),
        (20, 0.2, False),  # one over the other, the ink boxes meeting in y
        (0.4, 0.2, False),
        (0.2, 0.4, False),  # one way enough, the other not
    ],
)
def test_two_runs_overlapping_by_more_than_the_slack(dx, dy, bad):
    """Run A: 40 × 9.4 pt at (100, 500); run B's ink box overlaps it by dx in x and dy in y."""
    doc, pen = _doc()
    pen.rec.text(pen.c, "Alpha", "Sans", 10, 100, 500, 40)  # ink 100..140 × 497.9..507.3
    pen.rec.text(pen.c, "Beta", "Sans", 10, 140 - dx, 500 + 9.4 - dy, 40)
    found = _found(doc, "overlap")
    assert bool(found) == bad
    if bad:
        assert found[0].message == "'Alpha' overlaps 'Beta'"


# -- a line through a run: more than 0.3 pt inside its ink box -----------------------------------


@pytest.mark.parametrize("inside, bad", [(0.2, False), (0.29, False), (0.31, True), (0.5, True)])
@pytest.mark.parametrize("edge", ["left", "right", "bottom", "top"])
def test_a_line_crossing_a_run_by_more_than_the_slack(inside, bad, edge):
    """A 60 × 9.4 pt run (wide, not square) at (100, 500): a line along each edge, moved in."""
    doc, pen = _doc()
    pen.rec.text(pen.c, "Armour", "Sans", 10, 100, 502.1, 60)  # ink 100..160 × 500..509.4
    x0, y0, x1, y1 = 100, 500, 160, 509.4
    line = {
        "left": (x0 + inside, 480, x0 + inside, 530),
        "right": (x1 - inside, 480, x1 - inside, 530),
        "bottom": (80, y0 + inside, 180, y0 + inside),
        "top": (80, y1 - inside, 180, y1 - inside),
    }[edge]
    pen.line(*line)
    found = _found(doc, "border")
    assert bool(found) == bad
    if bad:
        assert found[0].message == "'Armour' crosses a drawn line"


def test_a_run_thinner_than_the_slack_crosses_nothing():
    doc, pen = _doc()
    pen.rec.text(pen.c, "i", "Sans", 10, 100, 502.1, 0.5)  # 0.5 pt wide: no inside left
    pen.line(100.25, 480, 100.25, 530)
    assert _found(doc, "border") == []


def test_a_line_crosses_a_run_only_once_in_its_message():
    doc, pen = _doc()
    pen.rec.text(pen.c, "Armour", "Sans", 10, 100, 502.1, 60)
    pen.line(120, 480, 120, 530)
    pen.line(140, 480, 140, 530)
    assert [v.message for v in _found(doc, "border")] == ["'Armour' crosses a drawn line"]


def test_a_plate_hides_a_line_only_where_it_covers_the_whole_run():
    """A filled plate drawn after the line hides it under a run wholly on the plate; a plate
    covering all but 1 pt of the run does not."""
    from sheets.render.pdf import Rect

    for plate_right, bad in ((170, False), (159, True)):
        doc, pen = _doc()
        pen.line(80, 505, 180, 505)
        pen.rect(Rect(90, 490, plate_right - 90, 30), fill=(1, 1, 1), stroke=False)
        pen.rec.text(pen.c, "Armour", "Sans", 10, 100, 502.1, 60)
        assert bool(_found(doc, "border")) == bad, plate_right


# -- text over a tick target: more than 0.3 pt -----------------------------------------------------


@pytest.mark.parametrize("over, bad", [(0.2, False), (0.4, True)])
@pytest.mark.parametrize("target", ["box", "pip"])
@pytest.mark.parametrize("axis", ["x", "y"])
def test_a_run_over_a_tick_target_by_more_than_the_slack(over, bad, target, axis):
    """A 5 × 3 mm box (or a 3.2 mm pip) and a 30 × 9.4 pt run beside it, overlapping by ``over``
    in x (run to its left) or in y (run under it)."""
    doc, pen = _doc()
    bx, by = 300, 400
    if target == "box":
        pen.box_track(bx, by, ["plain"], 5 * MM, height=3 * MM)
        left, bottom = bx, by
    else:
        r = 1.6 * MM
        pen.rec.pip(pen.c, bx + r, by + r, r)
        left, bottom = bx, by
    if axis == "x":
        pen.rec.text(pen.c, "12", "Sans", 10, left - 30 + over, by + 2.1, 30)
    else:
        pen.rec.text(pen.c, "12", "Sans", 10, bx, bottom - 9.4 + 2.1 + over, 30)
    found = _found(doc, "over_tick")
    assert bool(found) == bad
    if bad:
        assert found[0].message == "'12' is drawn over a tick target"


# -- a pip and a line: 0.6 mm, measured across the pip's side, in x and in y ---------------------


@pytest.mark.parametrize("clear_mm, bad", [(0.5, True), (0.59, True), (0.61, False), (1.0, False)])
@pytest.mark.parametrize("where", ["left", "right", "above", "slanted"])
def test_a_pip_and_a_line_both_sides_of_the_gap(clear_mm, bad, where):
    doc, pen = _doc()
    r = 1.6 * MM
    cx, cy = 300, 400
    pen.rec.pip(pen.c, cx, cy, r)
    d = r + clear_mm * MM
    if where == "left":
        pen.line(cx - d, cy - 40, cx - d, cy + 40)
    elif where == "right":
        pen.line(cx + d, cy - 40, cx + d, cy + 40)
    elif where == "above":
        pen.line(cx - 40, cy + d, cx + 40, cy + d)
    else:  # a line at 45° passing d from the centre
        k = d * math.sqrt(2)
        pen.line(cx - 40, cy + k - 40, cx + 40, cy + k + 40)
    found = _found(doc, "gap")
    assert bool(found) == bad
    if bad:
        assert found[0].message == f"a pip and a line {clear_mm:.2f} mm apart (at least 0.6 mm)"


def test_a_line_ending_short_of_a_pip_is_measured_from_its_end():
    """A line pointing at the pip but ending 1 mm from its edge is 1 mm away; one ending 0.5 mm
    from it is too close."""
    for end_mm, bad in ((1.0, False), (0.5, True)):
        doc, pen = _doc()
        r = 1.6 * MM
        pen.rec.pip(pen.c, 300, 400, r)
        pen.line(200, 400, 300 - r - end_mm * MM, 400)
        assert bool(_found(doc, "gap")) == bad, end_mm


def test_gaps_are_listed_once_per_distance_smallest_first():
    """Three pairs of boxes 0.3 mm apart and one pair 0.1 mm apart: two lines, 0.10 first."""
    doc, pen = _doc()
    for k, g in enumerate((0.3, 0.1, 0.3, 0.3)):
        pen.box_track(50 + 30 * MM * k, 400, ["plain"] * 2, 5 * MM, g * MM, height=3 * MM)
    assert [v.message for v in _found(doc, "gap")] == [
        "tick boxes 0.10 mm apart (at least 0.6 mm)",
        "tick boxes 0.30 mm apart (at least 0.6 mm)",
    ]


def test_overlapping_boxes_are_0_mm_apart():
    doc, pen = _doc()
    pen.box_track(50, 400, ["plain"], 5 * MM, height=3 * MM)
    pen.box_track(50 + 4 * MM, 400 + 1 * MM, ["plain"], 5 * MM, height=3 * MM)
    assert [v.message for v in _found(doc, "gap")] == ["tick boxes 0.00 mm apart (at least 0.6 mm)"]


def test_pips_listed_once_per_size_and_per_distance():
    doc, pen = _doc()
    for k in range(3):  # three 2 mm pips far apart: one "tick" line
        pen.rec.pip(pen.c, 100 + 50 * k, 700, 1 * MM)
    pen.rec.pip(pen.c, 100, 600, 1.2 * MM)  # a 2.4 mm pip
    for k in range(2):  # two pairs of 3.2 mm pips 0.2 mm apart, and one overlapping pair
        pen.rec.pip(pen.c, 100 + 60 * k, 400, 1.6 * MM)
        pen.rec.pip(pen.c, 100 + 60 * k + 3.4 * MM, 400, 1.6 * MM)
    pen.rec.pip(pen.c, 300, 300, 1.6 * MM)
    pen.rec.pip(pen.c, 300 + 2 * MM, 300, 1.6 * MM)
    doc.finish()
    found = check(doc.recorder, staged=True)
    msgs = [v.message for v in found if v.kind == "tick"]
    assert msgs == ["pips 2.0 mm across (at least 3 mm)", "pips 2.4 mm across (at least 3 mm)"]
    assert [v.message for v in found if v.kind == "pips"] == [
        "pips 0.00 mm apart (at least 0.6 mm)",
        "pips 0.20 mm apart (at least 0.6 mm)",
    ]


# -- a heading needs content within 30 pt under it, beside it does not count -----------------------


def _heading(pen, y=400):
    from sheets.render.pdf import Rect

    pen.heading(Rect(100, y, 200, 14), "Weapons")  # a band 200 × 14 pt: its foot at y


@pytest.mark.parametrize("gap_pt, bad", [(0, False), (29.5, False), (30.5, True), (60, True)])
def test_a_heading_and_the_first_line_under_it_both_sides_of_30_pt(gap_pt, bad):
    """A 10 pt run whose ink top is ``gap_pt`` under the band's foot."""
    doc, pen = _doc()
    _heading(pen)
    pen.rec.text(pen.c, "Laser", "Sans", 10, 120, 400 - gap_pt - 7.3, 40)
    found = _found(doc, "heading")
    assert bool(found) == bad
    if bad:
        assert found[0].message == (
            "heading 'Weapons' has nothing under it on this page (its block starts on the next page)"
        )


@pytest.mark.parametrize(
    "x0, bad",
    [
        (285, False),
        (299.5, False),
        (300, True),
        (320, True),
        (100 - 5 * MM + 0.5, False),
        (100 - 5 * MM, True),
    ],
)
def test_content_beside_a_heading_does_not_count(x0, bad):
    """A 5 × 3.2 mm box just under the band (100..300 pt wide), from x0: overlapping the band's
    width by 0.5 pt is under it; touching its side or beyond is beside it."""
    doc, pen = _doc()
    _heading(pen)
    pen.box_track(x0, 380, ["plain"], 5 * MM, height=3.2 * MM)
    assert bool(_found(doc, "heading")) == bad


@pytest.mark.parametrize("top, bad", [(400.2, False), (400.4, True), (430, True)])
def test_content_reaching_up_into_the_heading_is_not_under_it(top, bad):
    """A frame from under the band up to ``top``: under the band when it ends within 0.3 pt over
    the band's foot (400 pt); one reaching further up belongs beside or above it."""
    from sheets.render.pdf import Rect

    doc, pen = _doc()
    _heading(pen)
    pen.rect(Rect(140, 390, 20, top - 390))
    assert bool(_found(doc, "heading")) == bad


# -- page fill: a third of the page (18 of A4's 55 bands is under, 19 over); the last page is
# allowed under a page at least 60 % full (33 of 55 bands) ----------------------------------------


def _page(doc, bands):
    """A page with a short line in each of its first ``bands`` 5 mm bands (from the foot up)."""
    pen = doc.page()
    for k in range(bands):
        y = (k + 0.5) * 5 * MM
        pen.line(100, y, 110, y)
    return pen


@pytest.mark.parametrize("bands, bad", [(18, True), (19, False)])
def test_a_page_a_third_full_both_sides(bands, bad):
    doc = Document("a4", record=True)
    _page(doc, bands)
    _page(doc, 55)
    found = _found(doc, "blank")
    assert bool(found) == bad
    if bad:
        assert found[0].page == 1 and found[0].message == (
            "only 33% of the page is used (at least 33% on a page that is not the last)"
        )


@pytest.mark.parametrize("before, bad", [(32, True), (33, False)])
def test_the_last_page_under_a_page_60_percent_full_both_sides(before, bad):
    doc = Document("a4", record=True)
    _page(doc, before)
    _page(doc, 3)
    found = _found(doc, "blank")
    assert [v.page for v in found] == ([2] if bad else [])
    if bad:
        assert found[0].message == "only 5% of the page is used (at least 33%)"


def test_a_frame_round_the_whole_page_does_not_fill_it():
    from sheets.render.pdf import Rect

    doc = Document("a4", record=True)
    pen = _page(doc, 3)
    pen.rect(Rect(10 * MM, 10 * MM, 190 * MM, 277 * MM))  # 277 of 297 mm: over 90 %: not content
    pen.line(100, 100, 100, 0.89 * 841.89 + 100)  # a long line under 90 % of the page: it counts
    _page(doc, 55)
    assert _found(doc, "blank") == []
    doc = Document("a4", record=True)
    pen = _page(doc, 3)
    pen.rect(Rect(10 * MM, 10 * MM, 190 * MM, 277 * MM))
    _page(doc, 55)
    assert [v.page for v in _found(doc, "blank")] == [1]


def test_a_page_fills_by_its_boxes_pips_and_plates_too():
    from sheets.render.pdf import Rect

    doc = Document("a4", record=True)
    pen = doc.page()
    pen.box_track(100, 10, ["plain"], 5 * MM, height=100 * MM)  # 100 mm of boxes
    pen.rec.pip(pen.c, 300, 150 * MM, 2 * MM)
    pen.rect(Rect(300, 200 * MM, 20, 20), fill=(0, 0, 0), stroke=False)
    _page(doc, 55)
    assert _found(doc, "blank") == []


def test_a_page_lower_than_its_margins_is_full_with_one_band():
    doc = Document((200, 60), record=True)
    pen = doc.page()
    pen.line(10, 5, 20, 5)
    pen = doc.page()
    pen.line(10, 5, 20, 5)
    assert _found(doc, "blank") == []
