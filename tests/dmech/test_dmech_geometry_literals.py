"""Hex geometry of ДМ (digest dmech.md §6.3) pinned with literals: rings, distances, the face
each neighbour and each spine hex hits, and the exact messages for malformed arguments."""

import math

import pytest

from sheets.games.dmech import geometry as g


@pytest.mark.parametrize(
    "target, attacker, message",
    [
        ((0,), (0, 1), "target must be an axial pair (q, r) of whole numbers, got (0,)"),
        ((0, 0.5), (0, 1), "target must be an axial pair (q, r) of whole numbers, got (0, 0.5)"),
        ((0, 0), (1, 2, 3), "attacker must be an axial pair (q, r) of whole numbers, got (1, 2, 3)"),
        ((0, 0), "ab", "attacker must be an axial pair (q, r) of whole numbers, got 'ab'"),
        ((2, -3), [2, -3], "attacker and target are in the same hex"),
    ],
)
def test_faces_hit_messages(target, attacker, message):
    with pytest.raises(ValueError) as exc:
        g.faces_hit(target, 0, attacker)
    assert str(exc.value) == message


def test_faces_hit_takes_lists_as_hexes():
    assert g.faces_hit([0, 0], 0, [0, 3]) == ["rear"]


@pytest.mark.parametrize("radius", [0, -2])
def test_ring_radius_at_least_one(radius):
    with pytest.raises(ValueError) as exc:
        list(g.ring(radius))
    assert str(exc.value) == f"radius must be at least 1, got {radius}"


def test_rings_clockwise_from_north():
    assert list(g.ring(1)) == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    assert list(g.ring(2)) == [
        (0, -2),
        (1, -2),
        (2, -2),
        (2, -1),
        (2, 0),
        (1, 1),
        (0, 2),
        (-1, 2),
        (-2, 2),
        (-2, 1),
        (-2, 0),
        (-1, -1),
    ]


# facing N (digest §6.3 facing-N table): ring 2 clockwise from north, with the spine hexes
RING2_FACING_N = [
    ("front",),
    ("front", "front_right"),
    ("front_right",),
    ("front_right", "rear_right"),
    ("rear_right",),
    ("rear_right", "rear"),
    ("rear",),
    ("rear", "rear_left"),
    ("rear_left",),
    ("rear_left", "front_left"),
    ("front_left",),
    ("front", "front_left"),
]


def test_face_sectors_ring_two_facing_north():
    sectors = g.face_sectors(2, 0)
    assert list(sectors)[6:] == list(g.ring(2))
    assert [sectors[h] for h in g.ring(2)] == RING2_FACING_N


@pytest.mark.parametrize(
    "facing, front", [(0, (0, -1)), (1, (1, -1)), (2, (1, 0)), (3, (0, 1)), (4, (-1, 1)), (5, (-1, 0))]
)
def test_face_sectors_front_follows_the_facing(facing, front):
    sectors = g.face_sectors(1, facing)
    assert [h for h, faces in sectors.items() if faces == ("front",)] == [front]
    assert len(sectors) == 6


@pytest.mark.parametrize(
    "a, b, distance",
    [
        ((0, 0), (3, -3), 3),
        ((0, 0), (-2, -1), 3),
        ((-2, 1), (3, -1), 5),
        ((5, 5), (5, 5), 0),
        ((0, 0), (4, -2), 4),
        ([1, 1], [-1, -1], 4),
    ],
)
def test_hex_distance_literals(a, b, distance):
    assert g.hex_distance(a, b) == distance == g.hex_distance(b, a)


@pytest.mark.parametrize(
    "offset, half",
    [
        ((1, 1), True),
        ((2, -1), True),
        ((-1, -1), True),
        ((4, -2), True),
        ((1, 0), False),
        ((2, 1), False),
        ((3, -1), False),
    ],
)
def test_half_hexes_are_the_spine_hexes(offset, half):
    assert g.is_half_hex(offset) is half


@pytest.mark.parametrize(
    "h, steps, rotated",
    [
        ((2, 1), 1, (-1, 3)),
        ((2, 1), 2, (-3, 2)),
        ((2, 1), 3, (-2, -1)),
        ((2, 1), 6, (2, 1)),
        ((2, 1), -2, (1, -3)),
        ((0, 0), 4, (0, 0)),
    ],
)
def test_rotate_clockwise_literals(h, steps, rotated):
    assert g.rotate(h, steps) == rotated


@pytest.mark.parametrize("direction", [6, -1, True])
def test_neighbor_refuses_a_bad_direction(direction):
    with pytest.raises(ValueError) as exc:
        g.neighbor((0, 0), direction)
    assert str(exc.value) == f"facing must be a whole number 0–5, got {direction!r}"


def test_drawing_literals():
    assert g.hex_center((2, -1), 1.0) == pytest.approx((3.0, 0.0))
    assert g.hex_center((0, 1), 2.0) == pytest.approx((0.0, 2 * math.sqrt(3)))
    assert g.corner_vector(0) == pytest.approx((-0.5, -math.sqrt(3) / 2))
    assert g.corner_vector(2, 3.0) == pytest.approx((3.0, 0.0))
    assert g.hex_corners((0, 0), 2.0)[3] == pytest.approx((1.0, math.sqrt(3)))
    assert g.direction_vector(2) == pytest.approx((math.sqrt(3) / 2, 0.5))
    a, b = g.face_edge(1, "rear", 1.0)  # facing NE: the rear face looks SW (corners 4 and 5)
    assert a + b == pytest.approx((-0.5, math.sqrt(3) / 2, -1.0, 0.0))
    with pytest.raises(ValueError) as exc:
        g.direction_vector(6)
    assert str(exc.value) == "facing must be a whole number 0–5, got 6"
