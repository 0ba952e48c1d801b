"""Issue 21: the layout checker's geometry, value by value, with shapes that are not squares nor
symmetric: the distance from a pip to a line (inside the segment, past either end, a segment of
no length, a slanted one), whether a text box lies inside a filled polygon (a triangle, an L
with the box in its notch, each corner in turn just outside), whether a line crosses a box
(along an edge, through a corner, just inside / outside each side) and which boxes overlap by
more than the slack (the grid's cells and its slack both sides)."""

from __future__ import annotations

import math

import pytest

from sheets.render.layout_check import _clip, _Grid, _inside, _pairs, _seg_dist

# -- distance from a point to a segment ---------------------------------------------------------


@pytest.mark.parametrize(
    "p, a, b, want",
    [
        ((3, 4), (0, 0), (10, 0), 4.0),  # over the segment: straight down
        ((3, -4), (0, 0), (10, 0), 4.0),  # under it
        ((-3, 4), (0, 0), (10, 0), 5.0),  # past the start: to the end point (3-4-5)
        ((13, 4), (0, 0), (10, 0), 5.0),  # past the end
        ((13, 4), (10, 0), (0, 0), 5.0),  # the same segment drawn the other way
        ((4, 9), (1, 2), (1, 2), math.hypot(3, 7)),  # a segment of no length: the point
        ((0, 10), (0, 0), (10, 10), math.hypot(5, 5)),  # a slanted segment: the foot at (5, 5)
        ((7, 2), (0, 0), (0, 20), 7.0),  # a vertical segment
        ((2, 30), (0, 0), (0, 20), math.hypot(2, 10)),  # past its top
        ((5, 1), (0, 0), (10, 0), 1.0),
    ],
)
def test_distance_from_a_point_to_a_segment(p, a, b, want):
    assert _seg_dist(*p, *a, *b) == pytest.approx(want)


# -- a box inside a filled polygon --------------------------------------------------------------

TRIANGLE = [(0, 0), (100, 0), (0, 50)]  # the long side from (100, 0) to (0, 50): y = 50 - x / 2
ELL = [(0, 0), (60, 0), (60, 20), (20, 20), (20, 40), (0, 40)]  # an L: the notch is x > 20, y > 20


@pytest.mark.parametrize(
    "box, inside",
    [
        ((10, 10, 40, 20), True),  # under the long side everywhere (40, 20): 20 < 50 - 20 = 30
        ((10, 10, 70, 20), False),  # its top right corner (70, 20) is over the long side
        ((10, 10, 55, 22), True),  # (55, 22): 22 < 22.5, just under
        ((10, 10, 56, 23), False),  # (56, 23): 23 > 22, just over
        ((-1, 10, 20, 20), False),  # left corners out
        ((10, -1, 20, 20), False),  # bottom corners out
        ((1, 1, 2, 2), True),
    ],
)
def test_a_box_inside_a_triangle(box, inside):
    assert _inside(box, TRIANGLE) is inside


@pytest.mark.parametrize(
    "box, inside",
    [
        ((2, 2, 58, 18), True),  # the long arm
        ((2, 2, 18, 38), True),  # the tall arm
        ((25, 25, 30, 30), False),  # in the notch: all four corners outside
        ((2, 2, 30, 30), False),  # from the corner of the L into the notch: one corner (30, 30) out
        ((2, 2, 58, 21), False),  # the long arm's top edge passed by 1
        ((2, 2, 21, 38), False),  # the tall arm's right edge passed by 1
        ((2, 2, 61, 18), False),  # the long arm's end passed by 1
    ],
)
def test_a_box_inside_an_l_shaped_plate(box, inside):
    assert _inside(box, ELL) is inside


@pytest.mark.parametrize("corner", range(4))
def test_each_corner_of_the_box_is_tested(corner):
    """A rectangle plate 40 × 10 and a 30 × 6 box inside it; each corner in turn pushed just out."""
    plate = [(0, 0), (40, 0), (40, 10), (0, 10)]
    x0, y0, x1, y1 = 5, 2, 35, 8
    assert _inside((x0, y0, x1, y1), plate)
    moved = [(x0 - 6, y0, x1, y1), (x0, y0, x1 + 6, y1), (x0, y0, x1, y1 + 3), (x0, y0 - 3, x1, y1)][corner]
    assert not _inside(moved, plate)


# -- a segment through a box --------------------------------------------------------------------

BOX = (10, 20, 50, 30)  # 40 wide, 10 tall


@pytest.mark.parametrize(
    "seg, meets",
    [
        ((0, 25, 60, 25), True),  # straight through, horizontally
        ((30, 0, 30, 40), True),  # vertically
        ((0, 20, 60, 20), False),  # along the bottom edge (the interior only counts)
        ((0, 30, 60, 30), False),  # along the top edge
        ((10, 0, 10, 40), False),  # along the left edge
        ((50, 0, 50, 40), False),  # along the right edge
        ((0, 25, 10, 25), False),  # up to the left edge
        ((0, 25, 10.5, 25), True),  # just into it
        ((50, 25, 60, 25), False),  # from the right edge outward
        ((49.5, 25, 60, 25), True),
        ((30, 30, 30, 40), False),  # from the top edge up
        ((30, 29.5, 30, 40), True),
        ((30, 0, 30, 20), False),  # up to the bottom edge
        ((30, 0, 30, 20.5), True),
        ((0, 0, 60, 40), True),  # a diagonal through the middle
        ((0, 38, 20, 18), True),  # a diagonal cutting the top left corner
        ((0, 20, 20, 40), False),  # a diagonal touching the top left corner only
        ((0, 21, 20, 41), False),  # passing by it outside
        ((20, 25, 40, 25), True),  # wholly inside
        ((60, 0, 70, 40), False),  # beside it
    ],
)
def test_a_segment_meets_the_inside_of_a_box(seg, meets):
    assert _clip(*seg, BOX) is meets
    assert _clip(seg[2], seg[3], seg[0], seg[1], BOX) is meets  # either direction


# -- boxes overlapping by more than the slack ---------------------------------------------------


def test_pairs_overlap_by_more_than_the_slack_each_way():
    a = (0, 0, 10, 4)
    assert _pairs([a, (9.65, 0, 20, 4)]) == [(0, 1)]  # 0.35 > 0.3 in x
    assert _pairs([a, (9.75, 0, 20, 4)]) == []  # 0.25: not more than the 0.3 slack
    assert _pairs([a, (0, 3.65, 10, 8)]) == [(0, 1)]  # 0.35 in y
    assert _pairs([a, (0, 3.75, 10, 8)]) == []
    assert _pairs([a, (9.65, 3.75, 20, 8)]) == []  # enough in x, not in y
    assert _pairs([a, (9.75, 3.65, 20, 8)]) == []  # enough in y, not in x
    assert _pairs([a, (10.55, 0, 20, 4)], slack=-0.6) == [(0, 1)]  # a negative slack: apart by less
    assert _pairs([a, (10.65, 0, 20, 4)], slack=-0.6) == []
    # boxes sharing several grid cells are one pair, listed once, the lower index first
    big = [(0, 0, 100, 100), (50, 50, 150, 150), (500, 500, 510, 510)]
    assert _pairs(big) == [(0, 1)]
    assert _pairs([big[1], big[0]]) == [(0, 1)]
    assert _pairs([a, a, a]) == [(0, 1), (0, 2), (1, 2)]  # the same box three times


def test_grid_query_finds_each_box_once_by_more_than_the_slack():
    boxes = [(0, 0, 100, 10), (30, 5, 35, 60), (200, 200, 210, 204), (99.8, 0, 120, 10)]
    g = _Grid(boxes)
    assert sorted(g.query((20, 2, 80, 8), 0.3)) == [0, 1]  # one across several cells: each once
    assert g.query((100.2, 0, 110, 10), 0.3) == [3]  # 0.2 over box 0 is not more than 0.3
    assert sorted(g.query((99.5, 0, 110, 10), 0.3)) == [0, 3]  # 0.5 over box 0
    assert g.query((205, 203.8, 209, 230), 0.0) == [2]  # 0.2 over in y, slack 0
    assert g.query((205, 204, 209, 230), 0.0) == []  # touching only
    assert g.query((205, 204.5, 209, 230), -0.6) == [2]  # a negative slack: near enough
    assert g.query((205, 204.7, 209, 230), -0.6) == []
    assert g.query((0, 0, 5, 5), 0.0) == [0]  # one cell only


@pytest.mark.parametrize("cell", [24.0, 7.0])
def test_grid_keys_do_not_collide_along_a_column(cell):
    """Cells are keyed x · 4096 + y: boxes far up one column are not neighbours of the first."""
    boxes = [(0, 0, 5, 5), (0, 4096 * cell, 5, 4096 * cell + 5), (cell * 1, 0, cell + 5, 5)]
    g = _Grid(boxes, cell)
    assert g.query((0, 0, 5, 5), 0.0) == [0]
    assert g.query((0, 4096 * cell, 5, 4096 * cell + 5), 0.0) == [1]
