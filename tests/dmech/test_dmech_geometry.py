"""Armour facing geometry (digest dmech.md §6): worked examples, symmetry, cone lines."""

import math

import pytest

from sheets.games.dmech.geometry import (
    DIRECTIONS,
    FACES,
    corner_vector,
    cube,
    direction_vector,
    face_edge,
    face_sectors,
    faces_hit,
    hex_center,
    hex_corners,
    hex_distance,
    is_half_hex,
    neighbor,
    ring,
    rotate,
)

ORIGIN = (0, 0)


# -- digest §6.4 worked examples --------------------------------------------------------------


def test_example_1_straight_behind():
    assert faces_hit(ORIGIN, 0, (0, 3)) == ["rear"]


def test_example_2_scheme_2_shooter_a_cannot_hit_the_rear():
    assert faces_hit(ORIGIN, 0, (2, 1)) == ["rear_right"]


def test_example_2_scheme_2_shooter_b_hits_the_rear():
    assert faces_hit(ORIGIN, 0, (1, 2)) == ["rear"]


def test_example_2_scheme_2_shooter_c_is_a_half_hex():
    assert faces_hit(ORIGIN, 0, (1, 1)) == ["rear_right", "rear"]


def test_example_3_due_east_on_a_spine():
    assert faces_hit(ORIGIN, 0, (4, -2)) == ["front_right", "rear_right"]


def test_example_4_target_off_origin_facing_south():
    assert faces_hit((2, -3), 3, (-1, 1)) == ["front_right"]


def test_example_4_half_hex_front_or_front_left():
    assert faces_hit((2, -3), 3, (4, -1)) == ["front", "front_left"]


def test_extra_example_ne_neighbour_hits_front_right():
    assert faces_hit(ORIGIN, 0, (1, -1)) == ["front_right"]


# -- every facing ------------------------------------------------------------------------------


@pytest.mark.parametrize("facing", range(6))
def test_each_neighbour_hits_the_face_it_touches(facing):
    for k, face in enumerate(FACES):
        attacker = DIRECTIONS[(facing + k) % 6]
        assert faces_hit(ORIGIN, facing, attacker) == [face]


@pytest.mark.parametrize("facing", range(6))
def test_rotating_target_facing_and_shooter_keeps_the_faces(facing):
    """Rotating a whole configuration by ``facing`` steps changes nothing."""
    for offset, faces in face_sectors(4, 0).items():
        assert tuple(faces_hit(ORIGIN, facing, rotate(offset, facing))) == faces


@pytest.mark.parametrize("facing", range(6))
def test_rotating_only_the_shooter_rotates_the_faces(facing):
    """A shooter rotated clockwise by k around a fixed target hits the face k steps further."""
    for k in range(6):
        for offset in [(0, 3), (2, 1), (1, -1), (-3, 1)]:
            base = faces_hit(ORIGIN, facing, offset)
            moved = faces_hit(ORIGIN, facing, rotate(offset, k))
            shifted = [FACES[(FACES.index(f) + k) % 6] for f in base]
            assert moved == sorted(shifted, key=FACES.index)


@pytest.mark.parametrize("facing", range(6))
def test_cone_lines_give_two_faces_for_every_facing(facing):
    """The six spine hexes at distance 2 each touch the two faces either side of a corner."""
    for corner in range(6):
        # the spine between faces k and k+1 runs through D[f+k] + D[f+k+1]
        a, b = DIRECTIONS[(facing + corner) % 6], DIRECTIONS[(facing + corner + 1) % 6]
        spine = (a[0] + b[0], a[1] + b[1])
        expected = sorted([FACES[corner], FACES[(corner + 1) % 6]], key=FACES.index)
        assert faces_hit(ORIGIN, facing, spine) == expected
        far = (3 * spine[0], 3 * spine[1])
        assert faces_hit(ORIGIN, facing, far) == expected


@pytest.mark.parametrize("facing", range(6))
def test_translation_does_not_matter(facing):
    for offset in [(0, 3), (2, 1), (1, 1), (4, -2), (-5, 2)]:
        target = (7, -4)
        attacker = (target[0] + offset[0], target[1] + offset[1])
        assert faces_hit(target, facing, attacker) == faces_hit(ORIGIN, facing, offset)


def test_front_and_front_left_cone_line_order_is_clockwise_from_front():
    # the spine between front_left and front for a north-facing target is NW + N = (-1, -1)
    assert faces_hit(ORIGIN, 0, (-1, -1)) == ["front", "front_left"]


# -- properties of the model (digest §6.2) ---------------------------------------------------------


def test_two_faces_exactly_when_two_cube_coordinates_are_equal():
    for offset, faces in face_sectors(7, 0).items():
        q, r, s = cube(offset)
        assert (len(faces) == 2) == (q == r or r == s or q == s) == is_half_hex(offset)
        assert len(faces) in (1, 2)


def test_adjacent_hexes_are_never_half_hexes_and_nearest_are_at_distance_2():
    sectors = face_sectors(3, 0)
    assert all(len(sectors[h]) == 1 for h in ring(1))
    assert sum(len(sectors[h]) == 2 for h in ring(2)) == 6
    # half hexes are multiples of (2, -1, -1) etc.: even distances only
    assert sum(len(sectors[h]) == 2 for h in ring(3)) == 0
    assert sum(len(faces) == 2 for h, faces in face_sectors(4, 0).items() if h in set(ring(4))) == 6


def test_integer_test_agrees_with_angles_off_the_cone_lines():
    """Cross-check with a float angle computation where rounding cannot matter."""
    for facing in range(6):
        for offset, faces in face_sectors(6, facing).items():
            x, y = hex_center(offset)
            bearing = math.degrees(math.atan2(x, -y)) % 360  # clockwise from north
            for k, face in enumerate(FACES):
                normal = 60 * ((facing + k) % 6)
                diff = abs((bearing - normal + 180) % 360 - 180)
                if abs(diff - 30) < 1e-6:
                    assert face in faces  # on a cone line: both faces
                else:
                    assert (face in faces) == (diff < 30)


def test_face_sectors_size_and_order():
    sectors = face_sectors(3, 2)
    assert len(sectors) == 6 + 12 + 18
    assert list(sectors)[:6] == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    assert sectors[(1, 0)] == ("front",)  # facing 2 = SE looks at (1, 0)


def test_attacker_in_target_hex_is_an_error():
    with pytest.raises(ValueError, match="same hex"):
        faces_hit((2, 2), 0, (2, 2))


@pytest.mark.parametrize("facing", [-1, 6, 1.5, True, "0"])
def test_bad_facing_is_an_error(facing):
    with pytest.raises(ValueError, match="facing"):
        faces_hit(ORIGIN, facing, (0, 1))


def test_bad_hex_is_an_error():
    with pytest.raises(ValueError, match="attacker"):
        faces_hit(ORIGIN, 0, (1, 2, 3))


def test_hex_distance():
    assert hex_distance((0, 0), (0, 3)) == 3
    assert hex_distance((0, 0), (2, 1)) == 3
    assert hex_distance((2, -3), (-1, 1)) == 4
    assert hex_distance((1, -1), (1, -1)) == 0
    assert all(hex_distance((0, 0), h) == 4 for h in ring(4))


def test_neighbors_and_rotation():
    assert [neighbor((0, 0), d) for d in range(6)] == list(DIRECTIONS)
    assert [rotate((0, -1), k) for k in range(6)] == list(DIRECTIONS)
    assert rotate((2, 1), -1) == rotate((2, 1), 5)


# -- drawing geometry ---------------------------------------------------------------------------


def test_hex_centers_are_sqrt3_apart_and_north_is_up():
    for d, (dq, dr) in enumerate(DIRECTIONS):
        x, y = hex_center((dq, dr), size=2.0)
        assert math.isclose(math.hypot(x, y), 2.0 * math.sqrt(3))
        ux, uy = direction_vector(d)
        assert math.isclose(x / math.hypot(x, y), ux, abs_tol=1e-12)
        assert math.isclose(y / math.hypot(x, y), uy, abs_tol=1e-12)
    assert hex_center((0, -1))[1] < 0  # screen y down: north is negative y


def test_flat_top_corners():
    corners = hex_corners((0, 0), size=1.0)
    assert len(corners) == 6
    assert all(math.isclose(math.hypot(x, y), 1.0) for x, y in corners)
    # flat top: corners 0 and 1 share the top edge
    assert math.isclose(corners[0][1], corners[1][1]) and corners[0][1] < 0
    assert math.isclose(corners[2][0], 1.0) and math.isclose(corners[5][0], -1.0)


@pytest.mark.parametrize("facing", range(6))
def test_face_edge_midpoint_points_at_the_face_neighbour(facing):
    for k, face in enumerate(FACES):
        (x0, y0), (x1, y1) = face_edge(facing, face)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        nx, ny = hex_center(DIRECTIONS[(facing + k) % 6])
        assert math.isclose(mx, nx / 2, abs_tol=1e-12) and math.isclose(my, ny / 2, abs_tol=1e-12)
        assert (x0, y0) == corner_vector((facing + k) % 6)
