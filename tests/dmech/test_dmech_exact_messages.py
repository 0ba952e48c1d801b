"""Exact messages and small helpers of the ДМ rules core and hex geometry (each assertion here was
written against a mutant that survived the rest of the suite)."""

import pytest

from sheets.games.dmech import geometry as g
from sheets.games.dmech import rules


@pytest.mark.parametrize(
    "power, armor, message",
    [
        (-1, 6, "power must be a whole number ≥ 0, got -1"),
        (True, 6, "power must be a whole number ≥ 0, got True"),
        (2.5, 6, "power must be a whole number ≥ 0, got 2.5"),
        (4, -2, "armour must be a whole number ≥ 0, got -2"),
        (4, False, "armour must be a whole number ≥ 0, got False"),
    ],
)
def test_penetration_refuses_bad_numbers_exactly(power, armor, message):
    with pytest.raises(ValueError) as exc:
        rules.penetration(power, (3, 3), armor)
    assert str(exc.value) == message


def test_unknown_penetration_result_and_equipment_kind():
    with pytest.raises(ValueError) as exc:
        rules.penetration_step("boom")
    assert (
        str(exc.value)
        == "unknown penetration result 'boom'; expected one of none, structure, damage, heavy_damage"
    )
    with pytest.raises(KeyError) as exc:
        rules.equipment_kind("laser")
    assert exc.value.args == ("laser",)
    assert rules.penetration_step("damage").result == "damage"


def test_entry_reads_text_verified_and_note():
    node = {"ru": "а", "en": "a", "verified": False, "note": {"ru": "п", "en": "n"}}
    entry = rules._entry(node)
    assert (entry.text.ru, entry.text.en, entry.verified) == ("а", "a", False)
    assert (entry.note.ru, entry.note.en) == ("п", "n")
    plain = rules._entry({"ru": "б", "en": "b"})
    assert (plain.text.en, plain.verified, plain.note) == ("b", True, None)


def test_pilot_rules_carry_their_note():
    pilot = rules.pilot_rules()
    assert (pilot.wound_boxes, pilot.initiative_per_wound) == (2, 1)
    assert pilot.note.en == "Each wound: +1 Initiative. The second wound kills the pilot."


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: g.hex_distance((0,), (0, 0)),
            "first hex must be an axial pair (q, r) of whole numbers, got (0,)",
        ),
        (
            lambda: g.hex_distance((0, 0), "x"),
            "second hex must be an axial pair (q, r) of whole numbers, got 'x'",
        ),
        (lambda: g.is_half_hex((0, 0)), "the offset (0, 0) is the target hex itself"),
        (lambda: g.is_half_hex((1,)), "offset must be an axial pair (q, r) of whole numbers, got (1,)"),
        (
            lambda: g.face_index("top"),
            "unknown face 'top'; expected one of front, front_right, rear_right, rear, rear_left, front_left",
        ),
    ],
)
def test_geometry_messages(call, message):
    with pytest.raises(ValueError) as exc:
        call()
    assert str(exc.value) == message


def test_corners_and_edges_scale_with_size_and_wrap_around():
    assert g.corner_vector(6) == pytest.approx(g.corner_vector(0))
    assert g.corner_vector(7, 2.0) == pytest.approx(g.corner_vector(1, 2.0))
    one, two = g.hex_corners((1, 0), 1.0), g.hex_corners((1, 0), 2.0)
    cx1, cy1 = g.hex_center((1, 0), 1.0)
    cx2, cy2 = g.hex_center((1, 0), 2.0)
    for (x1, y1), (x2, y2) in zip(one, two):  # every corner twice as far from its centre
        assert (x2 - cx2, y2 - cy2) == pytest.approx((2 * (x1 - cx1), 2 * (y1 - cy1)))
    for face in ("front", "rear_left", "front_left"):
        (a1, b1), (a2, b2) = g.face_edge(3, face, 1.0), g.face_edge(3, face, 2.0)
        assert a2 == pytest.approx((2 * a1[0], 2 * a1[1])) and b2 == pytest.approx((2 * b1[0], 2 * b1[1]))
    assert g.face_edge(0, "front_left", 2.0)[1] == pytest.approx(g.corner_vector(0, 2.0))


def test_armor_against_messages_and_unit_objects():
    class Walker:
        armor = {"front": 4, "rear": 2}

    assert rules.armor_against(Walker(), ["rear"]) == 2
    for bad in ({}, object()):
        with pytest.raises(ValueError) as exc:
            rules.armor_against(bad, ["front"])
        assert str(exc.value) == "the unit has no armour faces"
    with pytest.raises(ValueError) as exc:
        rules.armor_against({"front": 3}, [])
    assert str(exc.value) == "no face given"
    with pytest.raises(ValueError) as exc:
        rules.armor_against({"front": 3}, ["side"])
    assert (
        str(exc.value)
        == "unknown face 'side'; expected one of front, front_right, rear_right, rear, rear_left, front_left"
    )


def test_weapon_tags_by_id_and_alias():
    assert [rules.weapon_tag(t) for t in ("ПП", "пп", "AI", "anti-infantry")] == ["ПП"] * 4
    assert rules.weapon_tag("ДД") == "ДД"  # a tag the table does not list is kept as written


@pytest.mark.parametrize("bad", [(1.5, 0), (True, 0), (0, "1")])
def test_hexes_are_pairs_of_whole_numbers(bad):
    with pytest.raises(ValueError) as exc:
        g.hex_distance(bad, (0, 0))
    assert str(exc.value) == f"first hex must be an axial pair (q, r) of whole numbers, got {bad!r}"
