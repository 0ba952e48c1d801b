"""Issue 21, words pinned: «Древняя Механика» labels printed next to what they label, in English
and Russian (the walker sheet's stat line and weapon columns, the arcs of two weapons, the
infantry sheet's firearms and special weapon, the handout's headings, the facing chart's face
letters, the calculators' lines). Each pin is a literal run of the extracted text; a label
exchanged with its neighbour in ``labels.yaml`` (or an arc id with its neighbour's in
``equipment.yaml``) moves a word and fails the pin."""

from __future__ import annotations

import pytest
from label_pins import echoed, missing, printed, unit_file

OTROK = "data/units/dmech/otrok.yaml"
ARCS = """system: dmech
units:
  - name: Arc Test
    class: малый
    structure: 4
    speed: 6
    initiative: 3
    skill: 4
    daring: 4
    armor: {front: 8, front_side: 6, rear_side: 6, rear: 5}
    weapons:
      - {name: Gun A, accuracy: 7, power: 4, ammo: 0, arc: основная арка}
      - {name: Gun B, accuracy: 6, power: 3, ammo: 0, arc: course}
    equipment:
      - {kind: shield, name: Щит}
    cost: 0
    pilot: {name: ""}
"""
INFANTRY = """system: dmech
units:
  - name: Стрельцы
    kind: пехота
    strength: 6
    defense: 4
    speed: 3
    weapons:
      - {name: Пищаль, accuracy: 6, power: 1, tags: [ai]}
      - {name: Граната, accuracy: 5, power: 3, special: true}
"""


def _arcs() -> str:
    return unit_file("dmech_arcs.yaml", ARCS)


def _infantry() -> str:
    return unit_file("dmech_infantry.yaml", INFANTRY)


CASES = {
    "sheet-en": (
        lambda: printed("render", OTROK, "--lang", "en"),
        [
            "Class Light Spd 6 Init 3 Skill 4 Daring 4 Balance †1 −1 Standing up †1 0 Structure: 4 "
            "Last point: may panic and retreat Weapons 2 attacks per turn, with different weapons "
            "Weapon Acc Power Ammo Tags In hand Arc Lost",
            "Abbreviations: Spd — speed · Init — initiative · Acc — accuracy · ПП — the rules' anti-infantry "
            "tag (may attack infantry) · d6 — one six-sided die",
        ],
    ),
    "sheet-ru": (
        lambda: printed("render", OTROK, "--lang", "ru"),
        [
            "Прочность: 4 Последний пункт: возможна паника и отступление Оружие 2 атаки за ход, разным "
            "оружием Оружие Тч Мощь Бзпс Свойства В руках Арка Утрачено",
        ],
    ),
    "arcs-en": (
        lambda: printed("render", _arcs(), "--lang", "en"),
        [
            "Gun A 7 4 — main Gun B 6 3 — course Equipment Щит Covers: front, front-right, front-left",
        ],
    ),
    "arcs-ru": (
        lambda: printed("render", _arcs(), "--lang", "ru"),
        [
            "Gun A 7 4 — основная Gun B 6 3 — курсовая Снаряжение Щит Прикрывает: перед, перед-прав., перед-лев.",
        ],
    ),
    "infantry-en": (
        lambda: printed("render", _infantry(), "--lang", "en"),
        [
            "Firearms only ПП weapons may attack infantry Weapon Acc Power Ammo Tags Пищаль 6 1 — ПП "
            "Special weapon once per turn, replaces one firearm attack Weapon Acc Power Ammo Tags Граната 5 3 —",
        ],
    ),
    "infantry-ru": (
        lambda: printed("render", _infantry(), "--lang", "ru"),
        [
            "Огнестрельное оружие пехоту атакует только оружие ПП Оружие Тч Мощь Бзпс Свойства Пищаль 6 1 — ПП "
            "Особое оружие раз в ход, вместо одной атаки огнестрельным Оружие Тч Мощь Бзпс Свойства Граната 5 3 —",
        ],
    ),
    "reference-en": (
        lambda: printed("reference", "dmech", "--lang", "en"),
        [
            "The second wound kills the pilot. F FR RR R RL FL F F FR",
        ],
    ),
    "reference-ru": (
        lambda: printed("reference", "dmech", "--lang", "ru"),
        [
            "Заглох и Контужен. Уничтожение войск. На последнем пункте прочности",
            "ЗдЛ ПдЛ ПдЛ ПдЛ Пд Цель Грани брони От углов грани целевого гекса",
            "Падение, состояния и грани брони — Древняя Механика",
            "Состояния Состояния Кому Действие Заглох бронеходы, техника",
        ],
    ),
    "chart-ru": (
        lambda: printed("chart", "dmech", "facing", "--lang", "ru"),
        [
            "Пд Пд Цель Размер гекса: 19 мм",
        ],
    ),
    "calc-en": (
        lambda: " ".join(
            [
                echoed(
                    "calc",
                    "dmech",
                    "facing",
                    "--target",
                    "0,0",
                    "--facing",
                    "0",
                    "--attacker",
                    "0,-3",
                    "--unit",
                    f"{OTROK}#Отрок",
                    "--lang",
                    "en",
                ),
                echoed(
                    "calc",
                    "dmech",
                    "penetration",
                    "--power",
                    "4",
                    "--dice",
                    "3,5",
                    "--armor",
                    "6",
                    "--lang",
                    "en",
                ),
            ]
        ),
        [
            "face: front; armour 8",
            "Penetration number 9 against armour 6: Armour + 2 or more — −1 structure and a roll on the Heavy damage column.",
        ],
    ),
    "calc-ru": (
        lambda: " ".join(
            [
                echoed(
                    "calc",
                    "dmech",
                    "facing",
                    "--target",
                    "0,0",
                    "--facing",
                    "0",
                    "--attacker",
                    "2,-3",
                    "--unit",
                    f"{OTROK}#Отрок",
                    "--lang",
                    "ru",
                ),
                echoed(
                    "calc",
                    "dmech",
                    "penetration",
                    "--power",
                    "4",
                    "--dice",
                    "3,5",
                    "--armor",
                    "9",
                    "--lang",
                    "ru",
                ),
            ]
        ),
        [
            "грань: перед-прав.; броня 6",
            "Число пробития 9 против бронирования 9: Равно бронированию — Вычтите 1 прочность.",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_dmech_labels_printed_in_place(case):
    text, pins = CASES[case]
    assert missing(text(), pins) == []
