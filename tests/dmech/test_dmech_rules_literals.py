"""The ДМ rules core pinned with literals from the seed (001) and the digest (dmech.md §2–§5):
the penetration ladder rung by rung, the armour-form messages, the handout texts and the class
look-ups. Each table row is one rule; the expected values are the rules text, not the data file."""

import pytest

from sheets.games.dmech import rules
from sheets.games.dmech.geometry import FACES

FOUR = ("front", "front_side", "rear_side", "rear")


# -- penetration ladder (seed: «меньше / равно / больше на 1 / больше на 2+») -------------------


@pytest.mark.parametrize(
    "result, margin_from, margin_to, loss, roll",
    [
        ("none", None, -1, 0, None),  # «меньше бронирования, выстрел не пробил защиту»
        ("structure", 0, 0, 1, None),  # «равно бронированию, вычтите 1 прочность»
        ("damage", 1, 1, 1, "damage"),  # «больше на 1 … бросок повреждений»
        ("heavy_damage", 2, None, 1, "heavy_damage"),  # «больше на 2+ … бросок тяжелых повреждений»
    ],
)
def test_penetration_ladder_rungs(result, margin_from, margin_to, loss, roll):
    step = rules.penetration_step(result)
    assert (step.result, step.margin_from, step.margin_to, step.structure_loss, step.roll) == (
        result,
        margin_from,
        margin_to,
        loss,
        roll,
    )


@pytest.mark.parametrize(
    "result, condition_ru, effect_ru",
    [
        ("none", "Меньше бронирования", "Выстрел не пробил защиту."),
        ("structure", "Равно бронированию", "Вычтите 1 прочность."),
        ("damage", "Больше на 1", "Вычтите 1 прочность и сделайте бросок повреждений."),
        ("heavy_damage", "Больше на 2+", "Вычтите 1 прочность и сделайте бросок тяжелых повреждений."),
    ],
)
def test_penetration_ladder_texts_are_the_seed(result, condition_ru, effect_ru):
    step = rules.penetration_step(result)
    assert (step.condition.ru, step.effect.ru) == (condition_ru, effect_ru)


@pytest.mark.parametrize(
    "power, dice, armor, expected",
    [
        (4, (3,), 7, (7, "structure")),  # one die: the die itself counts
        (4, (6,), 9, (10, "damage")),
        (0, (6, 6), 4, (6, "heavy_damage")),
        (0, (1,), 0, (1, "damage")),  # armour 0 is allowed
        (10, (1, 1), 11, (11, "structure")),
        (2, (6, 5), 9, (8, "none")),  # margin −1
    ],
)
def test_penetration_number_is_power_plus_the_higher_die(power, dice, armor, expected):
    assert rules.penetration(power, dice, armor) == expected


def test_penetration_rule_text_for_the_handout():
    rule = rules.penetration_rule()
    assert rule.ru == (
        "Число пробития = Мощь оружия + больший кубик броска стрельбы; сравните с бронированием грани."
    )
    assert rule.en.startswith("Penetration number = weapon Power + the higher die")


# -- armour forms (digest §6.5): the exact messages --------------------------------------------


@pytest.mark.parametrize(
    "mapping, problems",
    [
        (
            {},
            [
                (
                    None,
                    "give front, front_side, rear_side, rear — or all six faces "
                    "(front, front_right, rear_right, rear, rear_left, front_left)",
                )
            ],
        ),
        (
            {"front": None, "rear": None},
            [
                (
                    None,
                    "give front, front_side, rear_side, rear — or all six "
                    "faces (front, front_right, rear_right, rear, rear_left, "
                    "front_left)",
                )
            ],
        ),
        (
            {"top": 3, "side": 6, "front": 8},
            [("top", "unknown armour face 'top'"), ("side", "unknown armour face 'side'")],
        ),
        (
            {"front": 8, "rear": 5},
            [
                (
                    None,
                    "missing the side faces: give front_side and rear_side, or "
                    "front_right, rear_right, rear_left and front_left",
                )
            ],
        ),
        (
            {"front": 8},
            [
                (None, "missing armour face 'rear'"),
                (
                    None,
                    "missing the side faces: give front_side and rear_side, or front_right, "
                    "rear_right, rear_left and front_left",
                ),
            ],
        ),
        (
            {"rear": 5},
            [
                (None, "missing armour face 'front'"),
                (
                    None,
                    "missing the side faces: give front_side and rear_side, or front_right, "
                    "rear_right, rear_left and front_left",
                ),
            ],
        ),
        (
            {"front_side": 7},
            [
                (
                    None,
                    "missing armour face 'front' (the 4-value form needs front, front_side, rear_side, rear)",
                ),
                (
                    None,
                    "missing armour face 'rear_side' (the 4-value form needs front, "
                    "front_side, rear_side, rear)",
                ),
                (
                    None,
                    "missing armour face 'rear' (the 4-value form needs front, front_side, rear_side, rear)",
                ),
            ],
        ),
        (
            {"rear_side": 6, "front": 8, "rear": 5},
            [
                (
                    None,
                    "missing armour face 'front_side' (the 4-value form needs front, front_side, "
                    "rear_side, rear)",
                )
            ],
        ),
        (
            {"front_right": 7, "front": 8, "rear": 5},
            [
                (
                    None,
                    f"missing armour face {k!r} (the six-face form needs front, front_right, rear_right, "
                    "rear, rear_left, front_left)",
                )
                for k in ("rear_right", "rear_left", "front_left")
            ],
        ),
        (
            {"front": 8, "front_side": 7, "rear_side": 6, "rear": 5, "front_right": 7, "rear_left": 6},
            [
                (
                    "front_right",
                    "'front_right' mixes the six-face form with the 4-value form (front_side, "
                    "rear_side); use one form",
                ),
                (
                    "rear_left",
                    "'rear_left' mixes the six-face form with the 4-value form (front_side, "
                    "rear_side); use one form",
                ),
            ],
        ),
        (
            {"front": 8, "rear_side": 6, "rear": 5, "front_left": 7},
            [
                (
                    "front_left",
                    "'front_left' mixes the six-face form with the 4-value form (rear_side); use one form",
                )
            ],
        ),
        ({"front": 8, "front_side": 7, "rear_side": 6, "rear": 5}, []),
        ({"front": 8, "front_side": 7, "rear_side": 6, "rear": 5, "front_right": None}, []),
        (dict(zip(FACES, (9, 8, 7, 6, 5, 4))), []),
    ],
)
def test_armor_problems_exact(mapping, problems):
    assert rules.armor_problems(mapping) == problems


def test_armor_issues_address_the_unit_mapping():
    issues = rules.armor_issues({"top": 1, "front": 8}, path=("units", 0, "armor"))
    assert [(i.path, i.message) for i in issues] == [
        (("units", 0, "armor", "top"), "unknown armour face 'top'")
    ]
    assert rules.armor_issues({"front": 8, "front_side": 7, "rear_side": 6, "rear": 5}) == []


def test_expand_armor_joins_every_problem_in_its_message():
    with pytest.raises(ValueError) as exc:
        rules.expand_armor({"front": 8})
    assert str(exc.value) == (
        "missing armour face 'rear'; missing the side faces: give front_side "
        "and rear_side, or front_right, rear_right, rear_left and front_left"
    )


def test_expand_armor_ignores_blank_faces():
    """A face written but left empty (YAML null) is not given: the other form decides."""
    four = {"front": 8, "front_side": 7, "rear_side": 6, "rear": 5, "rear_left": None}
    assert rules.expand_armor(four) == {
        "front": 8,
        "front_right": 7,
        "rear_right": 6,
        "rear": 5,
        "rear_left": 6,
        "front_left": 7,
    }
    six = dict(zip(FACES, (9, 8, 7, 6, 5, 4)), front_side=None)
    assert rules.expand_armor(six) == dict(zip(FACES, (9, 8, 7, 6, 5, 4)))


@pytest.mark.parametrize(
    "faces, expected",
    [
        (["front"], 8),
        (["front_right"], 7),
        (["rear_right"], 6),
        (["rear"], 5),
        (["rear_left"], 4),
        (["front_left"], 3),
        (["front_left", "front"], 3),  # a half hex: the shooter takes the lower armour
        (["rear_left", "rear"], 4),
        (("rear_right", "rear_right"), 6),
    ],
)
def test_armor_against_the_lower_face(faces, expected):
    armor = dict(zip(FACES, (8, 7, 6, 5, 4, 3)))
    assert rules.armor_against(armor, faces) == expected


def test_armor_against_takes_any_iterable_of_faces():
    armor = dict(zip(FACES, (8, 7, 6, 5, 4, 3)))
    assert rules.armor_against(armor, (f for f in ["rear", "rear_left"])) == 4


def test_armor_against_checks_every_face():
    with pytest.raises(ValueError) as exc:
        rules.armor_against({"front": 8, "rear": 5}, ["front", "side"])
    assert str(exc.value).startswith("unknown face 'side'")


# -- classes (seed table «Равновесие и подъем») --------------------------------------------------


@pytest.mark.parametrize(
    "cid, ru, en, balance, standing",
    [
        ("power_armor", "Автодоспех", "Power armour", -2, 2),
        ("light", "Малый", "Light", -1, 0),
        ("medium", "Основной", "Medium", 0, -1),
        ("heavy", "Тяжелый", "Heavy", 1, -2),
    ],
)
def test_class_table_rows(cid, ru, en, balance, standing):
    c = rules.get_class(cid)
    assert (c.id, c.name.ru, c.name.en, c.balance, c.standing) == (cid, ru, en, balance, standing)
    assert rules.class_modifiers(cid) == {"balance": balance, "standing": standing}
    assert rules.find_class(ru) is c and rules.find_class(en) is c and rules.find_class(cid) is c


def test_classes_in_the_seed_order():
    assert [c.id for c in rules.classes()] == ["power_armor", "light", "medium", "heavy"]


def test_get_class_unknown_is_a_key_error():
    with pytest.raises(KeyError) as exc:
        rules.get_class("superheavy")
    assert exc.value.args == ("superheavy",)


@pytest.mark.parametrize(
    "name, cid",
    [
        ("  Малый  ", "light"),
        ("ОСНОВНОЙ", "medium"),
        ("Тяжелый", "heavy"),
        ("small", "light"),
        ("main", "medium"),
        ("autoarmor", "power_armor"),
        ("Power Armor", "power_armor"),
    ],
)
def test_find_class_folds_case_space_and_yo(name, cid):
    assert rules.find_class(name).id == cid


def test_class_sign_note_is_unverified_text():
    note = rules.class_sign_note()
    assert note.verified is False
    assert note.text.en == (
        "Signs as in the rules; whether they modify the roll or the target number is not stated."
    )


@pytest.mark.parametrize(
    "text, folded",
    [
        ("Тяжёлый", "тяжелый"),
        ("  ЁЖ ", "еж"),
        ("Main", "main"),
        (7, "7"),
    ],
)
def test_fold_yo(text, folded):
    assert rules.fold_yo(text) == folded


# -- damage and reactor tables (seed tables, cell by cell) ----------------------------------------

DAMAGE = [
    (1, "Сдвиг. Передвиньтесь в случайный соседний гекс, сохраняя лицевую сторону.", "Пожар!"),
    (2, "Разбиты прицелы. -2 точность.", "Пробоина! Бронеход теряет дополнительную прочность."),
    (3, "Повреждение ног. -2 скорость.", "Разрыв двигательных мышц. -3 скорость. Проверка равновесия."),
    (4, "Заглох. Теряет этот или следующий ход.", "Контузия. Пропуск хода, проверка Искс против ранения."),
    (
        5,
        "Утрата оружия. Случайное.",
        "Падение. Модель падает, сохраняя направление. Проверка Искс против ранения.",
    ),
    (6, "Ранение гридя. Отметьте рану. Проверка Дрзст.", "Попадание в двигатель. Бросок разрушения печи."),
]


@pytest.mark.parametrize("roll, damage, heavy", DAMAGE)
def test_damage_table_cells(roll, damage, heavy):
    assert rules.damage_table()[roll - 1].roll == roll
    assert rules.damage_effect("damage", roll).text.ru == damage
    assert rules.damage_effect("heavy_damage", roll).text.ru.startswith(heavy)


def test_damage_titles():
    titles = rules.damage_titles()
    assert set(titles) == {"title", "damage", "heavy_damage"}
    assert (titles["title"].ru, titles["damage"].ru, titles["heavy_damage"].ru) == (
        "Таблица повреждений",
        "Повреждения",
        "Тяжелые повреждения",
    )
    assert titles["title"].en == "Damage table"


@pytest.mark.parametrize(
    "roll, start",
    [
        (1, "Сбой цикла. Пропуск хода."),
        (2, "Повреждения магнит-кольца. +2 инц."),
        (3, "Повреждения магнит-кольца. +2 инц."),
        (4, "Тепловой взрыв."),
        (5, "Выбило сердечник."),
        (6, "Взрыв печи."),
    ],
)
def test_reactor_table_cells(roll, start):
    assert rules.reactor_table()[roll - 1].roll == roll
    assert rules.reactor_effect(roll).text.ru.startswith(start)


@pytest.mark.parametrize("roll", [0, 7, True, 2.0, "3"])
def test_tables_take_a_die_only(roll):
    with pytest.raises(ValueError) as exc:
        rules.reactor_effect(roll)
    assert str(exc.value) == f"a die shows 1–6, got {roll!r}"
    with pytest.raises(ValueError) as exc:
        rules.damage_effect("heavy_damage", roll)
    assert str(exc.value) == f"a die shows 1–6, got {roll!r}"


def test_damage_effect_unknown_column_message():
    with pytest.raises(ValueError) as exc:
        rules.damage_effect("reactor", 1)
    assert str(exc.value) == "unknown damage column 'reactor'; expected damage or heavy_damage"


# -- conditions and rule notes (seed «Заглох и контужен», «Падение», «Уничтожение войск») ---------


@pytest.mark.parametrize(
    "cid, ru, applies_ru, stacks, source",
    [
        ("stalled", "Заглох", "бронеходы, техника", False, "seed"),
        ("concussed", "Контужен", "гриди, водители техники", False, "seed"),
        ("fire", "Пожар", "бронеходы", None, "seed"),
        ("prone", "Лежит", "бронеходы", None, "seed"),
        ("wavering", "Дрогнул", "все войска", None, "seed"),
        ("fleeing", "Бежит", "все войска", None, "seed"),
    ],
)
def test_condition_rows(cid, ru, applies_ru, stacks, source):
    (c,) = [c for c in rules.conditions() if c.id == cid]
    assert (c.name.ru, c.applies_to.ru, c.stacks, c.source) == (ru, applies_ru, stacks, source)
    assert c.effect.ru and c.effect.en


@pytest.mark.parametrize(
    "key, words",
    [
        ("falling", "Искс против падения"),
        ("standing", "отнимает 2 скр и +2 инц"),
        ("destruction", "непроходим"),
        ("facing", "в пользу стреляющего"),
    ],
)
def test_rule_notes_for_the_handout(key, words):
    note = rules.rule_note(key)
    assert words in note.text.ru and note.text.en and note.verified is True


def test_unknown_rule_note_names_the_known_ones():
    with pytest.raises(KeyError) as exc:
        rules.rule_note("morale")
    assert exc.value.args == ("no rule note 'morale'; have falling, standing, destruction, facing",)


def test_pilot_note_in_russian():
    assert rules.pilot_rules().note.ru == "Каждая рана: +1 инц. Вторая рана — гридь погибает."


# -- weapon tags and equipment (digest §1, §5) ---------------------------------------------------


@pytest.mark.parametrize(
    "tag, printed",
    [
        ("  пп ", "ПП"),
        ("Anti_Infantry", "ПП"),
        ("AI", "ПП"),
        (" залп ", "залп"),
        ("Залп", "Залп"),
    ],
)
def test_weapon_tag_forms(tag, printed):
    assert rules.weapon_tag(tag) == printed


def test_equipment_kinds():
    assert rules.equipment_kind("smoke")["charges"] == 1  # Бзпс 1
    shield = rules.equipment_kind("shield")
    assert shield["default_faces"] == ["front", "front_right", "front_left"]  # «передние 3 грани»
    assert [(r["from"], r["to"], r["en"]) for r in shield["table"]] == [
        (1, 2, "Shot deflected."),
        (3, 4, "Deflected, but the shield is damaged."),
        (5, 6, "The shot passes."),
    ]


def test_a_ladder_with_a_gap_is_an_internal_error(monkeypatch):
    """A user's tables.yaml whose steps leave a margin uncovered: the shot is not silently 'none'."""
    steps = [s for s in rules.penetration_steps() if s.result != "damage"]  # margin +1 uncovered
    monkeypatch.setattr(rules, "penetration_steps", lambda: tuple(steps))
    assert rules.penetration(4, (2, 2), 6) == (6, "structure")
    with pytest.raises(RuntimeError) as exc:
        rules.penetration(4, (3, 1), 6)
    assert str(exc.value) == "data/dmech/tables.yaml: no penetration step covers margin 1"


def test_weapon_tags_without_aliases_in_a_users_table(monkeypatch):
    """equipment.yaml may list a tag with only its printed id (aliases are optional)."""
    table = {
        "weapon_tags": [
            {"id": "Залп", "ru": "залп", "en": "salvo"},
            {"id": "ПП", "ru": "пп", "en": "ai", "aliases": ["ai"]},
        ]
    }
    monkeypatch.setattr(rules, "load_data", lambda name: table)
    assert [rules.weapon_tag(t) for t in ("залп", " ЗАЛП ", "пп", "AI", "ДД")] == [
        "Залп",
        "Залп",
        "ПП",
        "ПП",
        "ДД",
    ]
