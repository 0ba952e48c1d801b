"""Issue 21, words pinned: battletech labels printed next to what they label, in English and
Russian (sheet header and movement block, weapon columns, the per-missile damage, the ATM
footnote, the handout's headings, the torso-weapon roll, the army list's columns and total).
Each pin is a literal run of the extracted PDF text; a label exchanged with its neighbour in
``labels.yaml`` moves one of these words and fails the pin."""

from __future__ import annotations

import pytest
from label_pins import missing, printed, unit_file

UNITS = "data/units/battletech"
ATM = """system: battletech
units:
  - name: Atm Test
    tons: 5
    motion: biped
    walk: 4
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ATM 3, location: torso}
      - {item: ATM 3 Ammo, shots: 10}
    pilot: {name: "", gunnery: 4}
"""


def _atm() -> str:
    return unit_file("bt_atm.yaml", ATM)


CASES = {
    "sheet-en": (
        lambda: ("render", f"{UNITS}/minotaur.yaml", "--lang", "en"),
        [
            "ProtoMech record sheet Point 1/1 ProtoMech 1 Movement Points Walking Running Jumping Pilot data Gunnery:",
            "Weapons inventory Type Loc Dmg Min Sht Med Lng Hit locations and critical hits",
            "*Torso weapon destroyed, roll 1D6: 1-2: ER Medium Laser; 3-4: ER Medium Laser; 5-6: No Effect",
            "No Effect Physical attack damage: 2 Armor diagram Head (5/2)",
        ],
    ),
    "sheet-tw-en": (
        lambda: ("render", f"{UNITS}/minotaur.yaml", "--rules", "tw", "--lang", "en"),
        [
            "and 2D6 chance: the pilot's line below, and a line under each weapon whose numbers differ. Not "
            "included: movement, terrain, target state, crits (head, arms), quirks, pilot abilities.",
        ],
    ),
    "sheet-tw-ru": (
        lambda: ("render", f"{UNITS}/minotaur.yaml", "--rules", "tw", "--lang", "ru"),
        [
            "и шанс 2D6: строка пилота ниже и строка под оружием, если у него свои. Не учтены: движение, "
            "местность, положение цели, крит. попадания (голова, руки), особенности машины, способности пилота.",
        ],
    ),
    "sheet-ru": (
        lambda: ("render", f"{UNITS}/minotaur.yaml", "--lang", "ru"),
        [
            "Перечень оружия Тип Лок. Урон Мин Бл Ср Дл Места попадания и критические попадания",
        ],
    ),
    "missiles-en": (
        lambda: ("render", f"{UNITS}/gorgon.yaml", "--lang", "en"),
        [
            "LRM 10 Gun 1/msl — 7 14 21",
        ],
    ),
    "missiles-ru": (
        lambda: ("render", f"{UNITS}/gorgon.yaml", "--lang", "ru"),
        [
            "РДД-10 ГП 1/рак. — 7 14 21",
        ],
    ),
    "atm-en": (
        lambda: ("render", _atm(), "--lang", "en"),
        [
            "Physical attack damage: 1 BV may differ from MegaMek (ATM ammo) Armor diagram",
        ],
    ),
    "atm-ru": (
        lambda: ("render", _atm(), "--lang", "ru"),
        [
            "Урон физической атаки: 1 БЦ может отличаться от MegaMek (боеприпасы ATM) Схема брони",
        ],
    ),
    "reference-en": (
        lambda: ("reference", "battletech", "--lang", "en"),
        [
            "Determining critical hits 2D6 Result Chance 2–7 No critical hit 21/36 = 58.3 % 8–9 1 critical hit",
            "Cross boxes left to right. Extra critical hits have no effect and never transfer. "
            "• A destroyed location crosses all its boxes",
            "LA/RA left/right arm, HD head Movement • Run MP = 1.5 × Walk MP, rounded up",
            "Classic ProtoMech rules 2/2 Physical attack • One combined attack per turn: 1 damage (1–5 t)",
        ],
    ),
    "reference-ru": (
        lambda: ("reference", "battletech", "--lang", "ru"),
        [
            "*Крит Торса — бросок 1D6: 1–2 Оружие А в Торсе; 3–4 Оружие Б в Торсе; 5–6 Нет эффекта.",
        ],
    ),
    "reference-tw-en": (
        lambda: ("reference", "battletech", "--rules", "tw", "--lang", "en"),
        [
            "Total Warfare rules 1/2 Hit location table (2D6) 2D6 Chance Biped / Glider Quad 2 1/36 = 2.8 % Main Gun Main Gun",
            "Shaded box: pilot hit Double box: ProtoMech destroyed *Torso crit — roll 1D6 on the unit's own list",
        ],
    ),
    "roster-ru": (
        lambda: ("roster", f"{UNITS}/point-alpha.yaml", "--format", "pdf", "--lang", "ru"),
        [
            "№ Единица Тонн Ш/Б/П Стрельба БЦ БЦ с пилотом 1 Harpy 2 3/5/3 4 56 56",
            "Итого: 1080 БЦ · Отрядов: 5",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_battletech_labels_printed_in_place(case):
    args, pins = CASES[case]
    assert missing(printed(*args()), pins) == []
