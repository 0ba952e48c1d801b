"""«Древняя Механика» tables: the columns the other tests leave open (verification marks, roll
numbers, the penetration ladder's columns, equipment tables), as literals from the seed and the
digest (dmech.md §2–§4, §7), never read from ``data/dmech/*.yaml``. Guards those tables against
edits (benchmarks/mutate_tables.py)."""

from __future__ import annotations

import re

import pytest

from sheets.games.dmech import rules


def test_penetration_ladder_columns():
    # §3.2: less -> nothing; equal -> -1 прочность; +1 -> -1 and Damage; +2 or more -> -1 and Heavy
    assert [
        (s.result, s.margin_from, s.margin_to, s.structure_loss, s.roll) for s in rules.penetration_steps()
    ] == [
        ("none", None, -1, 0, None),
        ("structure", 0, 0, 1, None),
        ("damage", 1, 1, 1, "damage"),
        ("heavy_damage", 2, None, 1, "heavy_damage"),
    ]


@pytest.mark.parametrize(
    "power, dice, armor, result",
    [
        (4, (3, 1), 6, (7, "damage")),
        (4, (2, 2), 6, (6, "structure")),
        (4, (1, 1), 6, (5, "none")),
        (4, (5, 2), 6, (9, "heavy_damage")),
        (0, (1,), 6, (1, "none")),
        (6, (6, 6), 2, (12, "heavy_damage")),
    ],
)
def test_penetration_results(power, dice, armor, result):
    assert rules.penetration(power, list(dice), armor) == result


@pytest.mark.parametrize(
    "cid, balance, standing", [("power_armor", -2, 2), ("light", -1, 0), ("medium", 0, -1), ("heavy", 1, -2)]
)
def test_class_modifiers(cid, balance, standing):
    assert rules.class_modifiers(cid) == {"balance": balance, "standing": standing}


def test_classes_in_seed_order_and_sign_note_unverified():
    assert [c.id for c in rules.classes()] == ["power_armor", "light", "medium", "heavy"]
    assert rules.class_sign_note().verified is False  # §2: whether the signs modify the roll is not stated


def test_damage_table_rolls_and_unverified_cells():
    rows = rules.damage_table()
    assert [r.roll for r in rows] == [1, 2, 3, 4, 5, 6]
    # §3.3: the Shift direction numbering (damage 1) and the "extra point" of Breach (heavy 2)
    # are unverified; every other cell is the seed's
    assert [(r.roll, c) for r in rows for c in ("damage", "heavy_damage") if not getattr(r, c).verified] == [
        (1, "damage"),
        (2, "heavy_damage"),
    ]


def test_damage_cells_name_the_seed_results():
    def head(text):
        return re.split(r"[:.!]", text)[0]

    en = [(head(r.damage.text.en), head(r.heavy_damage.text.en)) for r in rules.damage_table()]
    assert en == [
        ("Shift", "Fire"),
        ("Sights smashed", "Breach"),
        ("Leg damage", "Drive muscles torn"),
        ("Stalled", "Concussion"),
        ("Weapon lost (random)", "Fall"),
        ("Pilot wounded", "Engine hit"),
    ]


def test_reactor_table_rolls_and_the_one_interpretation():
    rows = rules.reactor_table()
    assert [r.roll for r in rows] == [1, 2, 3, 4, 5, 6]
    # §3.4: "roll one die for its penetration" (6, reactor explosion) is an interpretation
    assert [r.roll for r in rows if not r.result.verified] == [6]
    assert [r.result.text.en.split(":")[0] for r in rows] == [
        "Cycle failure",
        "Magnet-ring damage",
        "Magnet-ring damage",
        "Heat blast",
        "Core blown out",
        "Reactor explosion",
    ]


def test_conditions_order_and_stacking():
    # §4: Заглох and Контужен do not stack; the others carry no stacking rule
    assert [(c.id, c.stacks) for c in rules.conditions()] == [
        ("stalled", False),
        ("concussed", False),
        ("fire", None),
        ("prone", None),
        ("wavering", None),
        ("fleeing", None),
    ]


def test_pilot_two_wound_boxes_one_initiative_each():
    pilot = rules.pilot_rules()
    assert (pilot.wound_boxes, pilot.initiative_per_wound) == (2, 1)


def test_wing_shield_table_and_faces():
    # §7: shield roll d6: 1–2 deflected, 3–4 deflected but damaged, 5–6 passes; front three faces
    # plus an unstated fourth (unverified)
    shield = rules.equipment_kind("shield")
    assert [(r["from"], r["to"], r["en"]) for r in shield["table"]] == [
        (1, 2, "Shot deflected."),
        (3, 4, "Deflected, but the shield is damaged."),
        (5, 6, "The shot passes."),
    ]
    assert shield["default_faces"] == ["front", "front_right", "front_left"]
    assert shield["verified"] is False


def test_smoke_has_one_charge():
    assert rules.equipment_kind("smoke")["charges"] == 1  # digest: Бзпс, "smoke has 1"


@pytest.mark.parametrize(
    "tag, printed", [("AI", "ПП"), ("anti-infantry", "ПП"), ("пп", "ПП"), ("XYZ", "XYZ")]
)
def test_weapon_tag_aliases(tag, printed):
    assert rules.weapon_tag(tag) == printed
