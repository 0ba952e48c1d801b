"""Penetration, armour and the tables of «Древняя Механика» (seed 001, digest §2–§4)."""

import pytest

from sheets.games.dmech import rules
from sheets.games.dmech.geometry import FACES

OTROK_ARMOR = {"front": 8, "front_right": 7, "rear_right": 6, "rear": 5, "rear_left": 6, "front_left": 7}


# -- penetration (seed "Пример" and digest §3.2 test cases) --------------------------------------


def test_seed_example_dvukhladonka_against_otrok_side():
    """Мощь 4 + higher die 3 = 7 against side armour 6: −1 прочность and a Damage roll."""
    assert rules.penetration(4, (3, 1), 6) == (7, "damage")
    step = rules.penetration_step("damage")
    assert step.structure_loss == 1 and step.roll == "damage"


@pytest.mark.parametrize(
    "dice, expected",
    [
        ((2, 2), (6, "structure")),
        ((1, 1), (5, "none")),
        ((5, 2), (9, "heavy_damage")),
        ((1, 3), (7, "damage")),  # the higher die counts, whichever comes first
    ],
)
def test_digest_test_cases(dice, expected):
    assert rules.penetration(4, dice, 6) == expected


@pytest.mark.parametrize(
    "armor, result",
    [
        (8, "none"),  # 7 vs 8: margin −1
        (7, "structure"),  # margin 0
        (6, "damage"),  # margin +1
        (5, "heavy_damage"),  # margin +2
        (0, "heavy_damage"),  # margin +7
    ],
)
def test_every_threshold_boundary(armor, result):
    assert rules.penetration(3, (4, 2), armor) == (7, result)


def test_far_below_armour_is_none():
    assert rules.penetration(0, (1, 1), 20) == (1, "none")


def test_one_die_for_the_reactor_explosion():
    """Reactor 6: Мощь 2 and one die (digest §3.4 interpretation)."""
    assert rules.penetration(2, (5,), 6) == (7, "damage")


@pytest.mark.parametrize(
    "dice, message",
    [
        ((0, 3), "a die shows 1–6, got 0"),
        ((7, 1), "a die shows 1–6, got 7"),
        ((), "give one or two dice, got 0"),
        ((1, 2, 3), "give one or two dice, got 3"),
        ((True, 2), "a die shows 1–6, got True"),
    ],
)
def test_bad_dice(dice, message):
    with pytest.raises(ValueError, match=message):
        rules.penetration(4, dice, 6)


def test_bad_power_or_armor():
    with pytest.raises(ValueError, match="power"):
        rules.penetration(-1, (3, 3), 6)
    with pytest.raises(ValueError, match="armour"):
        rules.penetration(4, (3, 3), -2)


def test_ladder_tiles_every_margin_once():
    steps = rules.penetration_steps()
    assert [s.result for s in steps] == list(rules.RESULTS)
    assert [s.structure_loss for s in steps] == [0, 1, 1, 1]
    assert [s.roll for s in steps] == [None, None, "damage", "heavy_damage"]
    for margin in range(-30, 31):
        assert sum(s.covers(margin) for s in steps) == 1


# -- armour -------------------------------------------------------------------------------------


def test_expand_four_groups():
    assert rules.expand_armor({"front": 8, "front_side": 7, "rear_side": 6, "rear": 5}) == OTROK_ARMOR
    assert list(rules.expand_armor({"rear": 5, "rear_side": 6, "front_side": 7, "front": 8})) == list(FACES)


def test_expand_six_faces_keeps_values():
    six = {"front": 9, "front_right": 8, "rear_right": 7, "rear": 6, "rear_left": 5, "front_left": 4}
    assert rules.expand_armor(six) == six


@pytest.mark.parametrize(
    "mapping, message",
    [
        ({"front": 8, "front_side": 7, "rear_side": 6, "rear": 5, "front_right": 7}, "mixes"),
        ({"front": 8, "front_side": 7, "rear": 5}, "missing armour face 'rear_side'"),
        ({"front": 8, "front_right": 7, "rear_right": 6, "rear": 5, "rear_left": 6}, "'front_left'"),
        ({"front": 8, "rear": 5}, "side faces"),
        ({}, "give front"),
        ({"top": 3}, "unknown armour face 'top'"),
    ],
)
def test_expand_refuses_bad_forms(mapping, message):
    with pytest.raises(ValueError, match=message):
        rules.expand_armor(mapping)


def test_armor_issues_point_at_the_offending_key():
    issues = rules.armor_issues({"front": 8, "front_side": 7, "rear_side": 6, "rear": 5, "rear_left": 6})
    assert [i.path for i in issues] == [("armor", "rear_left")]
    missing = rules.armor_issues({"front": 8, "front_side": 7, "rear": 5})
    assert [i.path for i in missing] == [("armor",)]


def test_armor_against_one_face_and_the_lower_of_two():
    assert rules.armor_against(OTROK_ARMOR, ["rear"]) == 5
    assert rules.armor_against(OTROK_ARMOR, ["rear_right", "rear"]) == 5
    assert rules.armor_against(OTROK_ARMOR, ["front", "front_right"]) == 7
    with pytest.raises(ValueError, match="no face given"):
        rules.armor_against(OTROK_ARMOR, [])
    with pytest.raises(ValueError, match="unknown face"):
        rules.armor_against(OTROK_ARMOR, ["side"])


# -- classes ------------------------------------------------------------------------------------


def test_balance_and_standing_table_from_the_seed():
    table = {c.name.ru: (c.balance, c.standing) for c in rules.classes()}
    assert table == {"Автодоспех": (-2, 2), "Малый": (-1, 0), "Основной": (0, -1), "Тяжелый": (1, -2)}
    assert rules.class_modifiers("heavy") == {"balance": 1, "standing": -2}
    assert rules.class_sign_note().verified is False


@pytest.mark.parametrize(
    "name, cid",
    [
        ("малый", "light"),
        ("Малый", "light"),
        ("light", "light"),
        ("тяжелый", "heavy"),
        ("ТЯЖЁЛЫЙ", "heavy"),
        ("power armour", "power_armor"),
        ("основной", "medium"),
    ],
)
def test_find_class_spellings(name, cid):
    assert rules.find_class(name).id == cid


def test_find_class_unknown():
    assert rules.find_class("сверхтяжелый") is None


# -- tables -------------------------------------------------------------------------------------


def test_damage_table_rows_from_the_seed():
    rows = rules.damage_table()
    assert [r.roll for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rules.damage_effect("damage", 2).text.ru == "Разбиты прицелы. -2 точность."
    assert rules.damage_effect("damage", 4).text.ru.startswith("Заглох")
    assert (
        rules.damage_effect("heavy_damage", 3).text.ru
        == "Разрыв двигательных мышц. -3 скорость. Проверка равновесия."
    )
    assert rules.damage_effect("heavy_damage", 6).text.en.startswith("Engine hit")
    # the digest's unverified points are flagged, with a note
    assert not rules.damage_effect("heavy_damage", 2).verified
    assert rules.damage_effect("heavy_damage", 1).verified  # Fire: «ТП» = тяжёлые повреждения (issue 12)
    assert not rules.damage_effect("damage", 1).verified
    assert rules.damage_effect("damage", 3).verified


def test_damage_effect_bad_arguments():
    with pytest.raises(ValueError, match="a die shows 1–6, got 7"):
        rules.damage_effect("damage", 7)
    with pytest.raises(ValueError, match="unknown damage column 'crit'"):
        rules.damage_effect("crit", 2)


def test_reactor_table_from_the_seed():
    assert [r.roll for r in rules.reactor_table()] == [1, 2, 3, 4, 5, 6]
    assert rules.reactor_effect(2).text == rules.reactor_effect(3).text
    assert "+2 инц" in rules.reactor_effect(2).text.ru
    assert "Тч 7, Мощь 3, ПП" in rules.reactor_effect(5).text.ru
    assert rules.reactor_effect(6).verified is False
    assert rules.reactor_title().ru == "Разрушение печи"


def test_conditions_and_the_non_stacking_rule():
    conds = rules.conditions()
    assert [c.name.ru for c in conds] == ["Заглох", "Контужен", "Пожар", "Лежит", "Дрогнул", "Бежит"]
    assert [c.id for c in conds if c.stacks is False] == ["stalled", "concussed"]
    assert "не суммируются" in rules.conditions_rule().ru
    assert "Заглох и Контужен" in rules.stacking_rule().ru


def test_pilot_block():
    p = rules.pilot_rules()
    assert (p.wound_boxes, p.initiative_per_wound) == (2, 1)


def test_weapon_tags_and_equipment():
    assert rules.weapon_tag("пп") == "ПП"
    assert rules.weapon_tag("AI") == "ПП"
    assert rules.weapon_tag("залп") == "залп"
    assert rules.equipment_kind("smoke")["charges"] == 1
    assert [(r["from"], r["to"]) for r in rules.equipment_kind("shield")["table"]] == [(1, 2), (3, 4), (5, 6)]
