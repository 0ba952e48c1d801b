"""Issue 21: the layout checker at its exact boundaries (a measure equal to its threshold, built
from the same float expression as the checker so that it is the threshold itself), each rule
selected alone (``kinds``), where each message is placed (x ≠ y), repeated distances folded at
their printed precision, shapes off the page's lower-left corner (negative coordinates) and
polygons away from the origin.

Pages are built as the recorder keeps them (``{"number", "size", "lang", "items"}``) and
measured with :func:`measure_page` / :func:`check`."""

from __future__ import annotations

import math

import pytest

from sheets.render.layout_check import (
    KINDS,
    MM,
    TOL,
    Recorder,
    Rules,
    _allowed,
    _Grid,
    _inside,
    _pairs,
    check,
    measure_page,
    rules,
)
from sheets.render.pdf import Document, Rect

TICK = 3.0 * MM - 0.01  # the checker's tick threshold: 3 mm less 0.01 pt of rounding
GAP = 0.6 * MM - 0.01  # its gap threshold


def page(*items, size=(600.0, 800.0), lang="en", number=1):
    return {"number": number, "size": size, "lang": lang, "items": list(items)}


def found(pg, kind=None, **kw):
    vs = [(k, m, w) for _, k, m, w in measure_page(pg, **kw)[1]]
    return [v for v in vs if kind is None or v[0] == kind]


def run(text, box, frame=None, size=10.0, note=False):
    return ("t", text, "Sans", size, note, box, frame)


# -- thresholds met exactly -------------------------------------------------------------------


def test_a_text_of_exactly_595_hundredths_pt_passes():
    """6 pt less the 0.05 pt of rounding the checker allows: 5.95 pt passes, 5.94 does not."""
    assert found(page(run("Walk", (50, 50, 90, 60), size=6.0 - 0.05)), "font") == []
    assert [m for _, m, _ in found(page(run("Walk", (50, 50, 90, 60), size=5.94)), "font")] == [
        "'Walk' is 5.9 pt (at least 6 pt)"
    ]


@pytest.mark.parametrize(
    "box, frame",
    [
        ((0.0, 50, 40, 60), (TOL, 40, 100, 70)),  # left: exactly 0.3 pt out
        ((10, 50, TOL, 60), (-50, 40, 0.0, 70)),  # right
        ((10, 0.0, 40, 10), (0, TOL, 100, 70)),  # bottom
        ((10, 50, 40, TOL), (0, -40, 100, 0.0)),  # top
    ],
)
def test_a_run_exactly_03_pt_out_of_its_frame_passes(box, frame):
    assert found(page(run("Walk MP", box, frame)), "frame") == []


def test_a_run_near_the_pages_lower_left_corner_is_inside_the_page():
    assert found(page(run("Edge", (0.5, 0.5, 30, 10))), "frame") == []
    assert [m for _, m, _ in found(page(run("Edge", (-0.5, 0.5, 30, 10))), "frame")] == [
        "'Edge' leaves its page by 0.5 pt"
    ]


def test_a_tick_box_of_exactly_the_threshold_passes():
    assert found(page(("b", (50, 50, 50 + TICK, 80), False, (TICK, 30.0))), "tick") == []
    assert found(page(("b", (50, 50, 80, 50 + TICK), False, (30.0, TICK))), "tick") == []
    assert found(page(("p", 100.0, 100.0, TICK / 2, False)), "tick") == []


def test_pips_exactly_the_gap_apart_pass_and_a_hair_closer_do_not():
    """Pips of no radius (points) at 0.16 × and 0.98 × the gap in x and y: exactly the gap."""
    a, b = GAP * 4 / 50, math.sqrt(GAP * GAP - (GAP * 4 / 50) ** 2)
    assert math.hypot(a, b) == GAP
    assert found(page(("p", 0.0, 0.0, 0.0, False), ("p", a, b, 0.0, False)), "pips") == []
    got = found(page(("p", 0.0, 0.0, 0.0, False), ("p", a, b * 0.99, 0.0, False)), "pips")
    assert [m for _, m, _ in got] == ["pips 0.59 mm apart (at least 0.6 mm)"]


def test_a_heading_with_content_reaching_exactly_03_pt_over_its_foot():
    head = ("h", "Weapons", (100, 400, 300, 414))
    ok = ("b", (150, 390, 160, 400 + TOL), False, (10, 10))
    assert found(page(head, ok), "heading") == []
    over = ("b", (150, 390, 160, 400 + TOL + 0.01), False, (10, 10))
    assert [k for k, _, _ in found(page(head, over), "heading")] == ["heading"]
    # a thin box right at the band's foot, 0.1 pt under it to 0.2 pt over it, is under it
    thin = ("b", (150, 399.9, 160, 400.2), False, (10, 10))
    assert found(page(head, thin), "heading") == []


def test_a_heading_with_only_a_pip_under_it():
    head = ("h", "Weapons", (100, 400, 300, 414))
    assert found(page(head, ("p", 200.0, 390.0, 4.0, False)), "heading") == []
    assert [k for k, _, _ in found(page(head, ("p", 200.0, 360.0, 4.0, False)), "heading")] == ["heading"]


# -- each rule alone ----------------------------------------------------------------------------


def _every_kind():
    """A Russian document with one violation of every kind (coverage given to check)."""
    doc = Document("a4", lang="ru", record=True)
    pen = doc.page()
    rec = pen.rec
    rec.text(pen.c, "мелко", "Sans", 4, 50, 800, 20)  # font
    with pen.frame(Rect(100, 700, 20, 12)):
        rec.text(pen.c, "широко", "Sans", 8, 102, 703, 40)  # frame
    rec.text(pen.c, "один", "Sans", 8, 50, 600, 40)  # overlap
    rec.text(pen.c, "два", "Sans", 8, 60, 601, 40)
    pen.line(300, 500, 300, 530)
    rec.text(pen.c, "черта", "Sans", 8, 290, 510, 40)  # border
    pen.box_track(400, 300, ["plain"], 2 * MM)  # tick
    pen.box_track(400, 200, ["plain"] * 2, 4 * MM, 0.1 * MM)  # gap
    rec.pip(pen.c, 100, 300, 2 * MM)  # pips
    rec.pip(pen.c, 100 + 4.1 * MM, 300, 2 * MM)
    pen.box_track(200, 100, ["plain"], 5 * MM)
    rec.text(pen.c, "7", "Sans", 8, 202, 103, 5)  # over_tick
    rec.text(pen.c, "Броня Armour", "Sans", 8, 50, 400, 60)  # language
    pen.text(300, 760, "Очень длинная подпись, которой тесно", 8, max_width=40)  # cut
    pen.heading(Rect(300, 30, 200, 14), "Оружие")  # heading
    doc.page().text(50, 800, "строка", 8)  # blank (page 2)
    pen = doc.page()
    _two_thirds(pen)  # page 3: 40 of 55 bands
    pen.rec.mark("keep", "Point 1")  # spill (pages 3 and 4)
    pen = doc.page()  # widow (page 4: one band after a page with room for it)
    pen.text(50, 800, "хвост", 8)
    pen.rec.mark("keep", "Point 1")
    doc.finish()
    return doc.recorder


def _two_thirds(pen) -> None:
    """Lines in 40 of a page's 55 bands of 5 mm (a page 73 % full)."""
    for k in range(40):
        pen.line(10, 30 + k * 5 * MM + 1, 20, 30 + k * 5 * MM + 1)


@pytest.mark.parametrize("kind", KINDS)
def test_each_rule_runs_alone_when_asked(kind):
    rec = _every_kind()
    cov = [("name", "Людвиг")]
    every = check(rec, staged=True, coverage=cov)
    assert sorted({v.kind for v in every}) == sorted(KINDS)
    alone = check(rec, kinds={kind}, coverage=cov)
    assert alone == [v for v in every if v.kind == kind] and alone


def test_the_pages_are_taken_in_page_order_whatever_their_violations():
    """Page 1 full and with a problem, page 2 short and clean: page 2 is the last page after a
    full one (allowed), however the measured pages are listed."""
    rec = Recorder("en", stream=True)
    c = type("C", (), {"_currentMatrix": (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)})()
    rec.new_page(1, (595.0, 842.0))
    for k in range(55):
        rec.border(c, [(10, 30 + k * 5 * MM + 1), (20, 30 + k * 5 * MM + 1)])
    rec.pip(c, 300, 300, 1.0)  # a tick problem on page 1
    rec.new_page(2, (595.0, 842.0))
    rec.border(c, [(10, 400), (20, 400)])
    assert [v.kind for v in check(rec)] == ["tick"]


def test_a_page_exactly_a_third_full_passes():
    """A page 20 mm + 1000 bands of 5 mm tall with 333 bands touched: fill 0.333 exactly."""
    h = 20 * MM + 1000 * 5 * MM + 1
    lines = [("s", ((10.0, (k + 0.5) * 5 * MM), (20.0, (k + 0.5) * 5 * MM)), False) for k in range(333)]
    full = [("s", ((10.0, (k + 0.5) * 5 * MM), (20.0, (k + 0.5) * 5 * MM)), False) for k in range(1000)]
    assert measure_page(page(*lines, size=(600.0, h)))[2] == 0.333
    doc_pages = [page(*lines, size=(600.0, h)), page(*full, size=(600.0, h), number=2)]
    rec = Recorder("en")
    rec.pages = doc_pages
    assert [v for v in check(rec) if v.kind == "blank"] == []
    rec.pages = [page(*lines[:332], size=(600.0, h)), page(*full, size=(600.0, h), number=2)]
    assert [v.page for v in check(rec) if v.kind == "blank"] == [1]


# -- page fill ------------------------------------------------------------------------------------


def test_fill_counts_pips_plates_and_lines_by_the_bands_they_span():
    """A4: 55 usable bands. A pip 12 mm across at 100 mm spans bands 18..21 (4); a filled plate
    from 200 to 210 mm spans 40..42 (3); a line exactly 90 % of the page tall counts."""
    a4 = (595.2755905511812, 841.8897637795277)
    pip = ("p", 100.0, 100 * MM, 6 * MM, False)
    assert measure_page(page(pip, size=a4))[2] == pytest.approx(4 / 55)
    plate = ("c", ((0.0, 200 * MM), (50.0, 200 * MM), (50.0, 210 * MM)))
    assert measure_page(page(plate, size=a4))[2] == pytest.approx(3 / 55)
    line = ("s", ((10.0, 1.0), (10.0, 1.0 + a4[1] * 0.9)), False)  # bands 0..53
    assert measure_page(page(line, size=a4))[2] == pytest.approx(54 / 55)
    longer = ("s", ((10.0, 1.0), (10.0, 1.0 + a4[1] * 0.9 + 0.01)), False)
    assert measure_page(page(longer, size=a4))[2] == 0.0


def test_fill_of_a_page_lower_than_its_margins_is_one_band_at_most_full():
    tiny = (200.0, 60.0)
    items = [("s", ((10.0, y), (20.0, y)), False) for y in (5.0, 20.0, 40.0)]
    assert measure_page(page(*items, size=tiny))[2] == 1.0
    assert measure_page(page(items[0], size=tiny))[2] == 1.0


def test_fill_of_a_page_300_mm_tall_has_56_bands():
    lines = [("s", ((10.0, (k + 0.5) * 5 * MM), (20.0, (k + 0.5) * 5 * MM)), False) for k in range(28)]
    assert measure_page(page(*lines, size=(600.0, 300 * MM)))[2] == 0.5
    rec = Recorder("en")
    rec.full_pages = 0
    rec.new_page(1, (600.0, 300 * MM))
    for k in range(28):
        rec.light("x", (k + 0.5) * 5 * MM, None)
    rec.light("under the foot", -3.0, None)  # band -1 of its own
    rec.new_page(2, (200.0, 60.0))
    for y in (5.0, 20.0, 40.0):
        rec.light("x", y, None)
    rec.settle()
    assert [d[2] for d in rec.done] == [29 / 56, 1.0]


# -- where each message is -------------------------------------------------------------------------


def test_where_each_violation_is_placed():
    """x and y in mm from the top-left corner: every rule places its message at the shape's
    top-left (a run's, a box's) or a pip's centre, one decimal (33.04 mm is 33.0)."""
    h = 800.0
    y = h - 33.04 * MM  # 33.04 mm from the top
    items = [run("a", (20 * MM, y - 9, 60 * MM, y)), run("b", (21 * MM, y - 9, 61 * MM, y))]
    (where,) = {w for k, _, w in found(page(*items), "overlap")}
    assert where == (20.0, 33.0)
    boxes = [
        ("b", (70 * MM, y - 20, 80 * MM, y), False, (10 * MM, 20)),
        ("b", (80.1 * MM, y - 20, 90 * MM, y), False, (9.9 * MM, 20)),
    ]
    assert [w for _, _, w in found(page(*boxes), "gap")] == [(70.0, 33.0)]
    pips = [("p", 50 * MM, y, 1.6 * MM, False), ("p", 53.3 * MM, y, 1.6 * MM, False)]
    assert [w for _, _, w in found(page(*pips), "pips")] == [(50.0, 33.0)]
    over = [
        ("b", (90 * MM, y - 20, 100 * MM, y), False, (10 * MM, 20)),
        run("7", (91 * MM, y - 9, 95 * MM, y - 1)),
    ]
    assert [w for _, _, w in found(page(*over), "over_tick")] == [(91.0, 33.4)]
    cut = ("x", "Full text", "Full…", 12 * MM, y)
    assert measure_page(page(cut))[4] == [("Full text", "Full…", (12.0, 33.0))]


def test_light_page_places_are_one_decimal():
    rec = Recorder("ru")
    rec.full_pages = 0
    rec.new_page(1, (600.0, 800.0))
    rec.light("Armour", 800 - 33.04 * MM, "Armour plate")
    rec.settle()
    ((_, violations, _, _, cuts, _marks),) = rec.done
    assert cuts == [("Armour plate", "Armour", (0.0, 33.0))]
    assert violations[0][3] == (0.0, 33.0) and isinstance(violations[0][3][1], float)


def test_a_cut_and_a_coverage_line_carry_their_places():
    doc = Document("a4", record=True)
    pen = doc.page()
    pen.text(40 * MM, 297 * MM - 50 * MM, "Konstantinopolskaya Vishnevetskaya", 8, max_width=40)
    doc.finish()
    got = {v.kind: v.where for v in check(doc.recorder, coverage=[("name", "Ludwig")])}
    assert got["coverage"] == (0.0, 0.0)
    assert got["cut"] == (40.0, 50.0)


# -- repeated distances folded at their printed precision -------------------------------------------


def test_distances_are_folded_at_the_precision_they_print():
    y = 400.0
    pips = [("p", 100.0, y, 1.0 * MM, False), ("p", 200.0, y, 1.005 * MM, False)]  # 2.00 and 2.01 mm
    assert [m for _, m, _ in found(page(*pips), "tick")] == ["pips 2.0 mm across (at least 3 mm)"]
    pairs = []
    for k, g in enumerate((0.201, 0.204)):
        x = 50 + 60 * k
        pairs += [("p", x, y, 1.6 * MM, False), ("p", x + (3.2 + g) * MM, y, 1.6 * MM, False)]
    assert [m for _, m, _ in found(page(*pairs), "pips")] == ["pips 0.20 mm apart (at least 0.6 mm)"]
    boxes = []
    for k, g in enumerate((0.201, 0.204)):
        x = 50 + 60 * k
        boxes += [
            ("b", (x, y, x + 5 * MM, y + 4 * MM), False, (5 * MM, 4 * MM)),
            ("b", (x + (5 + g) * MM, y, x + (10 + g) * MM, y + 4 * MM), False, (5 * MM, 4 * MM)),
        ]
    assert [m for _, m, _ in found(page(*boxes), "gap")] == ["tick boxes 0.20 mm apart (at least 0.6 mm)"]
    lines = [
        ("p", 300.0, y, 1.6 * MM, False),
        ("s", ((300 + 1.801 * MM, 0.0), (300 + 1.801 * MM, 800.0)), False),
        ("p", 400.0, y, 1.6 * MM, False),
        ("s", ((400 + 1.804 * MM, 0.0), (400 + 1.804 * MM, 800.0)), False),
    ]
    assert [m for _, m, _ in found(page(*lines), "gap")] == [
        "a pip and a line 0.20 mm apart (at least 0.6 mm)"
    ]


def test_a_line_through_a_pip_is_0_mm_from_it():
    items = [("p", 300.0, 400.0, 1.6 * MM, False), ("s", ((300.0, 0.0), (300.0, 800.0)), False)]
    assert [m for _, m, _ in found(page(*items), "gap")] == [
        "a pip and a line 0.00 mm apart (at least 0.6 mm)"
    ]


@pytest.mark.parametrize("dx, dy", [(1, 0), (-1, 0), (0, 1), (0, -1)])
def test_boxes_close_on_any_side_are_apart_by_that_gap(dx, dy):
    """A 5 × 4 mm box at (300, 200) pt and another 0.3 mm off its right, left, top or bottom."""
    w, h, g = 5 * MM, 4 * MM, 0.3 * MM
    a = (300.0, 200.0, 300 + w, 200 + h)
    x0 = {1: a[2] + g, -1: a[0] - g - w, 0: a[0]}[dx]
    y0 = {1: a[3] + g, -1: a[1] - g - h, 0: a[1]}[dy]
    b = (x0, y0, x0 + w, y0 + h)
    items = [("b", a, False, (w, h)), ("b", b, False, (w, h))]
    assert [m for _, m, _ in found(page(*items), "gap")] == ["tick boxes 0.30 mm apart (at least 0.6 mm)"]


# -- lines through runs: drawn either way, closed or open, off the origin -----------------------------


@pytest.mark.parametrize("y", [50.0, 700.0])
@pytest.mark.parametrize("forward", [True, False])
@pytest.mark.parametrize("x0", [120.0, 250.0])
def test_a_line_drawn_either_way_crosses_a_run_anywhere_along_it(y, forward, x0):
    a, b = ((100.0, y), (300.0, y)) if forward else ((300.0, y), (100.0, y))
    items = [run("Armour", (x0, y - 5, x0 + 40, y + 5)), ("s", (a, b), False)]
    assert [k for k, _, _ in found(page(*items), "border")] == ["border"]


def test_a_run_right_of_and_below_its_line_is_measured_x_against_x():
    """A run at x 500 pt, y 100 pt (x > y) crossed by a vertical line; a thin run before it."""
    items = [
        run("i", (450, 90, 450.5, 110)),
        run("Armour", (500, 95, 560, 105)),
        ("s", ((530.0, 0.0), (530.0, 800.0)), False),
    ]
    assert [m for _, m, _ in found(page(*items), "border")] == ["'Armour' crosses a drawn line"]


def test_an_open_polyline_is_not_closed_and_a_closed_triangle_is():
    """The missing side of an L (from its last point back to the first) crosses a run: an open
    L does not draw it; a closed triangle does."""
    pts = ((100.0, 100.0), (250.0, 100.0), (250.0, 250.0))  # the side back runs through (175, 175)
    r = run("Armour", (160, 150, 180, 165))
    assert found(page(r, ("s", pts, False)), "border") == []
    assert [k for k, _, _ in found(page(r, ("s", pts, True)), "border")] == ["border"]


# -- the grid off the page's lower-left corner -------------------------------------------------------


def test_boxes_with_negative_coordinates_are_found():
    boxes = [(-30.0, -30.0, -5.0, -10.0), (-20.0, -25.0, -2.0, -12.0)]
    assert _pairs(boxes) == [(0, 1)]
    g = _Grid(boxes)
    assert sorted(g.query((-10.0, -20.0, -6.0, -15.0), 0.0)) == [0, 1]
    assert g.query((-29.0, -29.0, -25.0, -26.0), 0.0) == [0]


def test_a_tall_box_across_several_cells_of_one_column_is_found_once():
    g = _Grid([(30.0, 5.0, 35.0, 100.0)])
    assert g.query((31.0, 2.0, 33.0, 98.0), 0.0) == [0]


def test_pairs_overlapping_by_exactly_the_slack_are_not_pairs():
    assert _pairs([(0.0, 0.0, TOL, 10.0), (0.0, 0.0, TOL, 10.0)]) == []
    assert _pairs([(0.0, 0.0, 10.0, TOL), (0.0, 0.0, 10.0, TOL)]) == []


@pytest.mark.parametrize("ox, oy", [(0, 0), (100, 200), (-50, 300)])
def test_a_box_inside_a_plate_away_from_the_origin(ox, oy):
    plate = [(ox + 0, oy + 0), (ox + 100, oy + 0), (ox + 0, oy + 50)]  # a triangle, long side y = 50 - x/2
    assert _inside((ox + 10, oy + 10, ox + 40, oy + 20), plate)
    assert not _inside((ox + 10, oy + 10, ox + 70, oy + 20), plate)
    assert _inside((ox + 10, oy + 10, ox + 55, oy + 22), plate)
    assert not _inside((ox + 10, oy + 10, ox + 56, oy + 23), plate)


def test_a_box_on_a_plates_edges():
    """Even-odd, half-open: a box on the plate's bottom edge or flush with its left edge is
    inside; one flush with its right edge is not."""
    plate = [(0, 0), (40, 0), (40, 10), (0, 10)]
    assert _inside((5, 0, 35, 8), plate)
    assert _inside((0, 2, 35, 8), plate)
    assert not _inside((5, 2, 40, 8), plate)


# -- matrices and measures ------------------------------------------------------------------------


class C:
    def __init__(self, m):
        self._currentMatrix = m


@pytest.mark.parametrize(
    "m, size",
    [((2, 1, 0.5, 2, 0, 0), 10 * math.sqrt(3.5)), ((1, 1, 1, 2, 0, 0), 10.0), ((0, 1, -1, 0, 0, 0), 10.0)],
)
def test_a_text_under_a_skewed_matrix_is_measured_by_its_area_scale(m, size):
    rec = Recorder()
    rec.new_page(1, (600, 800))
    rec.text(C(m), "Zz", "Sans", 10, 0, 0, 5)
    assert rec.pages[0]["items"][0][3] == pytest.approx(size)


@pytest.mark.parametrize(
    "m, sides",
    [
        ((1, 1, 0, 1, 0, 0), (10 * math.sqrt(2), 5)),
        ((1, 0, 1, 1, 0, 0), (10, 5 * math.sqrt(2))),
        ((1, 0, 0, 2, 0, 0), (10, 10)),
    ],
)
def test_a_box_under_a_unit_shear_or_scale_keeps_its_true_sides(m, sides):
    rec = Recorder()
    rec.new_page(1, (600, 800))
    rec.box(C(m), 1, 2, 10, 5)
    assert rec.pages[0]["items"][0][3] == pytest.approx(sides)
    rec.begin_capture()
    rec.box(C((1, 0, 0, 1, 0, 0)), 1, 2, 10, 5)
    items = rec.end_capture()
    rec.place(items, m)
    assert rec.pages[0]["items"][1][3] == pytest.approx(sides)
    rec.place(items, (1, 0, 0.75, 1, 0, 0))
    assert rec.pages[0]["items"][2][3] == pytest.approx((10, 6.25))


@pytest.mark.parametrize("m", [(1, 1, 0, 1, 3, 4), (1, 0, 1, 1, 3, 4)])
def test_a_unit_shear_is_not_a_translation(m):
    rec = Recorder()
    rec.new_page(1, (600, 800))
    rec.begin_capture()
    rec.pip(C((1, 0, 0, 1, 0, 0)), 10, 20, 1)
    items = rec.end_capture()
    rec.place(items, m)
    a, b, c, d, e, f = m
    (p,) = rec.pages[0]["items"]
    assert p[1:3] == (a * 10 + c * 20 + e, b * 10 + d * 20 + f)


# -- measure_page with its own rules and allow-list ---------------------------------------------------


def test_measure_page_uses_the_rules_and_words_it_is_given():
    pg = page(run("Walk", (50, 50, 90, 60), size=7.0))
    assert found(pg, "font") == []
    strict = Rules(min_text=8.0, min_fine=5.0, min_tick_mm=3.0, min_gap_mm=0.6)
    assert [m for _, m, _ in found(pg, "font", rl=strict)] == ["'Walk' is 7.0 pt (at least 8 pt)"]
    ru = page(run("Броня: armor_x", (50, 50, 90, 60)), lang="ru")
    assert [m for _, m, _ in found(ru)] == ["label key 'armor_x' printed on a Russian page"]
    assert found(ru, allowed=_allowed(rules(), {"armor_x"})) == []


def test_a_streamed_recording_allows_the_users_words_on_its_full_pages():
    doc = Document("a4", lang="ru", record={"stream": True, "allowed_words": {"Harpy"}})
    pen = doc.page()
    pen.text(50, 800, "Отряд Harpy", 8)
    doc.page().text(50, 800, "Отряд Harpy Armour", 8)
    doc.finish()
    assert [(v.page, v.message) for v in check(doc.recorder, kinds={"language"})] == [
        (2, "Latin 'Armour' on a Russian page in 'Отряд Harpy Armour'")
    ]
