"""Hex geometry of «Древняя Механика»: which armour face a shot hits (digest dmech.md §6).

Flat-topped hexes in axial coordinates ``(q, r)`` (cube ``s = -q - r``), screen y pointing
down. Directions clockwise from north::

    0 N (0,-1)   1 NE (+1,-1)   2 SE (+1,0)   3 S (0,+1)   4 SW (-1,+1)   5 NW (-1,0)

A unit with facing ``f`` has its front face toward direction ``f``; its faces clockwise are
``FACES`` (front, front_right, rear_right, rear, rear_left, front_left), face ``k`` being the
edge shared with the neighbour in direction ``(f + k) % 6``.

The sector of a face is the closed 60° wedge from the target's centre through the face's two
corners. The test is exact integer arithmetic (digest §6.3): for the face's direction ``d``
(cube coordinates with one +1 at index i, one −1 at j, one 0 at m) the shooter offset ``p`` is
in the sector iff ``p[i] >= p[m] >= p[j]``. A shooter on a boundary ray (a "half hex", two
equal cube coordinates) is in both neighbouring sectors: the shooter chooses.

The drawing helpers give coordinates for a hex of circumradius ``size`` (centre to corner), in
screen orientation (y down); a PDF renderer flips y.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

Hex = tuple[int, int]

FACES: tuple[str, ...] = ("front", "front_right", "rear_right", "rear", "rear_left", "front_left")
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

_SQRT3 = math.sqrt(3.0)


def _axial(value: Sequence[int], what: str) -> Hex:
    """Check that ``value`` is an axial pair of whole numbers and return it as a tuple."""
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or any(isinstance(c, bool) or not isinstance(c, int) for c in value)
    ):
        raise ValueError(f"{what} must be an axial pair (q, r) of whole numbers, got {value!r}")
    return int(value[0]), int(value[1])


def _facing(facing: int) -> int:
    if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing <= 5:
        raise ValueError(f"facing must be a whole number 0–5, got {facing!r}")
    return facing


def cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` of an axial hex."""
    q, r = h
    return q, r, -q - r


def neighbor(h: Hex, direction: int) -> Hex:
    """The adjacent hex in ``direction`` (0–5, clockwise from north)."""
    dq, dr = DIRECTIONS[_facing(direction)]
    return h[0] + dq, h[1] + dr


def rotate(h: Hex, steps: int) -> Hex:
    """``h`` rotated clockwise about the origin by ``steps`` × 60° (negative = counter-clockwise)."""
    q, r, s = cube(h)
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return q, r


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``."""
    aq, ar = _axial(a, "first hex")
    bq, br = _axial(b, "second hex")
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


def _in_sector(p: tuple[int, int, int], direction: int) -> bool:
    d = cube(DIRECTIONS[direction])
    i, j, m = d.index(1), d.index(-1), d.index(0)
    return p[i] >= p[m] >= p[j]


def faces_hit(target: Hex, facing: int, attacker: Hex) -> list[str]:
    """Face(s) of a unit at ``target`` with ``facing`` that a shot from ``attacker`` hits.

    One face normally; two (in clockwise order from the front) when the attacker is a half hex
    on a cone line, and the shooter chooses. ``ValueError`` when attacker == target or an
    argument is malformed.
    """
    target = _axial(target, "target")
    attacker = _axial(attacker, "attacker")
    facing = _facing(facing)
    if target == attacker:
        raise ValueError("attacker and target are in the same hex")
    p = cube((attacker[0] - target[0], attacker[1] - target[1]))
    return [face for k, face in enumerate(FACES) if _in_sector(p, (facing + k) % 6)]


def is_half_hex(offset: Hex) -> bool:
    """True when a non-zero offset lies on a cone line (two equal cube coordinates)."""
    q, r, s = cube(_axial(offset, "offset"))
    if (q, r) == (0, 0):
        raise ValueError("the offset (0, 0) is the target hex itself")
    return q in (r, s) or r == s


def ring(radius: int) -> Iterator[Hex]:
    """Hexes at exactly ``radius`` (≥ 1) from the origin, clockwise starting due north."""
    if radius < 1:
        raise ValueError(f"radius must be at least 1, got {radius!r}")
    h = (0, -radius)
    for side in range(6):
        for _ in range(radius):
            yield h
            h = neighbor(h, (side + 2) % 6)


def face_sectors(radius: int, facing: int) -> dict[Hex, tuple[str, ...]]:
    """Face(s) hit from every hex within ``radius`` of a target at the origin with ``facing``.

    Keys are axial offsets, ordered ring by ring (nearest first), each ring clockwise from north;
    values are one face, or two for half hexes.
    """
    facing = _facing(facing)
    return {h: tuple(faces_hit((0, 0), facing, h)) for n in range(1, radius + 1) for h in ring(n)}


# -- drawing geometry (pure math) ------------------------------------------------------------


def hex_center(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Screen centre (y down) of hex ``h`` for hexes of circumradius ``size``; origin at (0, 0)."""
    q, r = h
    return 1.5 * size * q, _SQRT3 * size * (r + q / 2)


def corner_vector(corner: int, size: float = 1.0) -> tuple[float, float]:
    """Offset from a hex centre to its corner ``corner`` (0–5).

    Corners run clockwise on screen from the upper-left one; the edge toward direction ``d``
    joins corners ``d`` and ``d + 1``, so corner 0 and 1 bound the north edge.
    """
    angle = math.radians(-120 + 60 * (corner % 6))
    return size * math.cos(angle), size * math.sin(angle)


def hex_corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of hex ``h`` in screen coordinates, in :func:`corner_vector` order."""
    cx, cy = hex_center(h, size)
    return [(cx + dx, cy + dy) for dx, dy in (corner_vector(c, size) for c in range(6))]


def face_edge(facing: int, face: str, size: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]]:
    """End points (clockwise) of ``face`` of a hex at the origin with ``facing``.

    The rays from the centre through these two points bound the face's cone.
    """
    direction = (_facing(facing) + face_index(face)) % 6
    return corner_vector(direction, size), corner_vector(direction + 1, size)


def direction_vector(direction: int) -> tuple[float, float]:
    """Unit vector (screen, y down) from a hex centre toward the neighbour in ``direction``;
    a facing arrow points along it."""
    angle = math.radians(-90 + 60 * _facing(direction))
    return math.cos(angle), math.sin(angle)


def face_index(face: str) -> int:
    """Position 0–5 of a face id in :data:`FACES`."""
    try:
        return FACES.index(face)
    except ValueError:
        raise ValueError(f"unknown face {face!r}; expected one of {', '.join(FACES)}") from None
