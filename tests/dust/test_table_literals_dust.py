"""The Dust Tactics tables value by value, as literals from the rules text (seed 002 and the
digest: §3 dice, §4.1–4.6 cover, the 14 target classes of a unit card), never read from
``data/dust/*.yaml``. Guards those tables against edits (benchmarks/mutate_tables.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheets.games.dust import model, rules


def test_target_classes_s1_to_a3_in_card_order():
    assert model.target_classes() == (
        "S1",
        "S2",
        "S3",
        "S4",
        "V1",
        "V2",
        "V3",
        "V4",
        "V5",
        "V6",
        "V7",
        "A1",
        "A2",
        "A3",
    )


@pytest.mark.parametrize(
    "type_, level, code", [("soldier", 3, "S3"), ("vehicle", 4, "V4"), ("aircraft", 2, "A2")]
)
def test_armour_class_codes(type_, level, code):
    assert model.Armor(type_, level).code == code


@pytest.mark.parametrize(
    "type_, en", [("soldier", "Soldier"), ("vehicle", "Vehicle"), ("aircraft", "Aircraft")]
)
def test_armour_type_printed_names(type_, en):
    # unit cards name the armour class: Soldier 1–4, Vehicle 1–7, Aircraft (Air) 1–3
    from sheets.core.data import label

    assert label("dust", model.armor_types()[type_]["label"], "en") == en


def test_armour_types_in_card_order_with_levels():
    assert [(k, t["prefix"], t["levels"]) for k, t in model.armor_types().items()] == [
        ("soldier", "S", 4),
        ("vehicle", "V", 7),
        ("aircraft", "A", 3),
    ]


# -- dice (digest §3): classic 2 hit / 4 miss; revised 2 army / 2 target / 2 shield ----------------


def test_classic_dice_is_the_default_and_verified():
    ed = rules.dice_edition()
    assert rules.default_edition() == "classic"
    assert (ed.name, ed.faces, ed.verified) == ("classic", {"hit": 2, "miss": 4}, True)
    assert ed.saves == {"hits": ("hit",), "misses": ("miss",)}


def test_classic_save_odds_one_third_and_two_thirds():
    # §4.2: a hit save cancels 1/3 of the hits, a miss save 2/3
    ed = rules.dice_edition("classic")
    assert (ed.p_stop("hits"), ed.p_stop("misses"), ed.p_stop("none")) == (Fraction(1, 3), Fraction(2, 3), 0)


def test_revised_dice_faces_and_saves_unverified():
    ed = rules.dice_edition("revised")
    assert (ed.faces, ed.verified) == ({"army": 2, "target": 2, "shield": 2}, False)
    # which faces count, not their order (a save counts any listed face; nothing prints the list)
    assert {k: set(v) for k, v in ed.saves.items()} == {"hits": {"army"}, "misses": {"army", "shield"}}
    assert (ed.p_stop("hits"), ed.p_stop("misses")) == (
        Fraction(1, 3),
        Fraction(2, 3),
    )  # same odds as classic
    assert rules.edition_names() == ["classic", "revised"]


def test_seed_rangers_miss_save_example():
    # seed: 4 hits, a miss save, 3 misses and 1 hit rolled -> 3 cancelled, 1 stands
    assert rules.resolve_save("misses", 4, ["miss", "miss", "miss", "hit"]) == {
        "save": "misses",
        "hits": 4,
        "stopped": 3,
        "remaining": 1,
    }


# -- cover (§4.3–4.6) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, cover, level, health", [("ammo_crate", "soft", 3, 2), ("tank_trap", "hard", 5, 4)]
)
def test_cover_objects_of_the_seed(key, cover, level, health):
    obj = {o.name_key: o for o in model.cover_objects()}[f"cover_{key}"]
    assert (obj.provides_cover, obj.armor.type, obj.armor.level, obj.armor.code, obj.health) == (
        cover,
        "vehicle",
        level,
        f"V{level}",
        health,
    )
    assert rules.cover_sources()[key] == cover


def test_cover_objects_in_order():
    assert [o.name_key for o in model.cover_objects()] == ["cover_ammo_crate", "cover_tank_trap"]


def test_cover_sources():
    assert rules.cover_sources() == {
        "soft": "soft",
        "hard": "hard",
        "corner": "soft",
        "ammo_crate": "soft",
        "tank_trap": "hard",
    }


@pytest.mark.parametrize(
    "parts, cover",
    [
        (["ammo_crate", "corner"], "hard"),  # §4.3 seed example: two soft sources give hard cover
        (["corner"], "soft"),
        (["tank_trap"], "hard"),
        (["ammo_crate"], "soft"),
        ([], "none"),
    ],
)
def test_combining_cover(parts, cover):
    assert rules.combine_cover(parts) == cover


def test_one_cover_object_of_a_kind_per_square():
    rules.check_cover_sources(["ammo_crate", "tank_trap", "corner"])
    for key in ("ammo_crate", "tank_trap"):
        with pytest.raises(ValueError, match=rf"2 × {key} on one square is impossible \(at most 1\)"):
            rules.check_cover_sources([key, key])


@pytest.mark.parametrize(
    "square, corner",
    [("no_dot", True), ("vehicle", True), ("squad", False), ("hero", False), ("open", False)],
)
def test_square_without_a_dot(square, corner):
    # §4.5: a wall section and a vehicle form a corner; a squad (and a hero) never does
    assert rules.forms_corner(square) is corner
    assert rules.corner_cover(True, True, square) == ("soft" if corner else "none")
