"""Flat-topped hex grids on a PDF page (y up): hex centres from axial coordinates, whole hexes,
and hexes cut in two halves along a corner-to-corner diagonal (a cone line through the hex).

Axial ``(q, r)``: ``q`` grows to the right, ``r`` grows down the page (the usual screen layout);
the page's y axis points up, so ``r`` is flipped here. Corners are numbered as in
:func:`sheets.render.pdf.hex_corners`: counter-clockwise from the right-hand corner, corner
``c`` at ``60·c`` degrees.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from sheets.render.pdf import Pen, Point, hex_corners

SQRT3 = math.sqrt(3.0)


def center(q: int, r: int, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Page point (y up) of the centre of hex ``(q, r)``; ``size`` = circumradius, the hex
    ``(0, 0)`` centred on ``origin``."""
    ox, oy = origin
    return ox + 1.5 * size * q, oy - SQRT3 * size * (r + q / 2)


def grid_extent(radius: int, size: float) -> tuple[float, float]:
    """Width and height of all hexes within ``radius`` of a centre hex (a hex of hexes)."""
    return (3 * radius + 2) * size, SQRT3 * (2 * radius + 1) * size


def size_to_fit(radius: int, width: float, height: float) -> float:
    """The largest circumradius whose hex of hexes of ``radius`` fits ``width`` × ``height``."""
    return min(width / (3 * radius + 2), height / (SQRT3 * (2 * radius + 1)))


def across_flats(size: float) -> float:
    """Distance between opposite edges of a hex of circumradius ``size``."""
    return SQRT3 * size


def cut_corner(dx: float, dy: float) -> int:
    """Corner index 0–2 of the diagonal parallel to the direction ``(dx, dy)`` (page, y up).

    A cone line drawn from a target's centre through one of its corners crosses a "half hex"
    exactly along such a diagonal.
    """
    angle = math.degrees(math.atan2(dy, dx)) % 180.0
    return int(round(angle / 60.0)) % 3


def halves(cx: float, cy: float, size: float, corner: int) -> tuple[list[Point], list[Point]]:
    """The two halves (corner lists) of a hex cut along the diagonal from ``corner`` to
    ``corner + 3``: the first runs counter-clockwise from ``corner``, the second from
    ``corner + 3``."""
    pts = hex_corners(cx, cy, size, flat_top=True)
    first = [pts[(corner + i) % 6] for i in range(4)]
    second = [pts[(corner + 3 + i) % 6] for i in range(4)]
    return first, second


def centroid(points: Iterable[Point]) -> tuple[float, float]:
    """Mean of a polygon's corners (good enough to place a label in a half hex)."""
    xs, ys = zip(*points)
    return sum(xs) / len(xs), sum(ys) / len(ys)


def draw_hex(
    pen: Pen, cx: float, cy: float, size: float, fill: Sequence[float] | None = None, width: float = 0.5
) -> None:
    """One flat-topped hex, filled with ``fill`` (or empty) and outlined in ink."""
    pen.hexagon(cx, cy, size, flat_top=True, fill=fill, width=width)


def draw_split_hex(
    pen: Pen,
    cx: float,
    cy: float,
    size: float,
    corner: int,
    fill_first: Sequence[float] | None,
    fill_second: Sequence[float] | None,
    width: float = 0.5,
) -> None:
    """A hex cut along the diagonal through ``corner`` and ``corner + 3``, each half filled
    with its own colour (see :func:`halves` for which half is first)."""
    first, second = halves(cx, cy, size, corner)
    pen.polygon(first, fill=fill_first, stroke=False)
    pen.polygon(second, fill=fill_second, stroke=False)
    draw_hex(pen, cx, cy, size, fill=None, width=width)
