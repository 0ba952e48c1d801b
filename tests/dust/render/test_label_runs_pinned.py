"""Issue 21, words pinned: Dust Tactics labels printed next to what they label, in English and
Russian (a vehicle's faction and the mounts of five weapons, the squad and hero cards' joined
lines, the hero's borrowed cover, the army list's columns, the handout's cover-object bullets in
their order). Each pin is a literal run of the extracted text; a label exchanged with its
neighbour in ``labels.yaml`` moves a word and fails the pin."""

from __future__ import annotations

import pytest
from label_pins import missing, printed, unit_file

SAMPLE = "data/units/dust/sample_force.yaml"
MOUNTS = """system: dust
units:
  - name: Mount Test
    faction: SSU
    kind: vehicle
    armor: {type: vehicle, level: 5}
    models: 1
    health: 6
    move: 1
    points: 30
    cover: {soft: none, hard: hits}
    weapons:
      - {name: Gun T, range: 6, mount: turret, vs: {S1: 3/1, V1: 2/2}}
      - {name: Gun H, range: 4, mount: hull, vs: {S1: 2/1, V1: 1/2}}
      - {name: Gun R, range: 2, mount: right, vs: {S1: 1/1}}
      - {name: Gun L, range: 2, mount: left, vs: {S1: 1/1}}
      - {name: Gun B, range: 2, mount: rear, vs: {S1: 1/1}}
"""


def _mounts() -> str:
    return unit_file("dust_mounts.yaml", MOUNTS)


CASES = {
    "mounts-en": (
        lambda: ("render", _mounts(), "--lang", "en"),
        [
            "Mount Test 30 AP SSU · Vehicle 5 Move 1 Armour V5",
            "Gun T turret · Range 6",
            "Gun H hull · Range 4",
            "Gun R right · Range 2",
            "Gun L left · Range 2",
            "Gun B rear · Range 2",
        ],
    ),
    "mounts-ru": (
        lambda: ("render", _mounts(), "--lang", "ru"),
        [
            "Mount Test 30 ОА СССР · Машина 5 Движение 1 Броня V5",
            "Gun T башня · Дальн. 6",
            "Gun H корпус · Дальн. 4",
            "Gun R справа · Дальн. 2",
            "Gun L слева · Дальн. 2",
            "Gun B сзади · Дальн. 2",
        ],
    ),
    "cards-en": (
        lambda: ("render", SAMPLE, "--lang", "en"),
        [
            "Soft: hit save Hard: miss save Joined by: Sample Hero Keller Hit points: 3 × 1",
            "Cover Uses the cover of the squad it joins Joins: Sample Laser Squad Hit points: 3",
            "Sample twin cannon front · Range 6",
        ],
    ),
    "cards-ru": (
        lambda: ("render", SAMPLE, "--lang", "ru"),
        [
            "Броня S3 Укрытие Использует укрытие своего отряда Присоединён к: Sample Laser Squad Очки здоровья: 3",
            "Sample twin cannon спереди · Дальн. 6",
        ],
    ),
    "list-en": (
        lambda: ("roster", SAMPLE, "--format", "pdf", "--lang", "en"),
        [
            "Army list: Sample Axis force Dust Tactics # Unit Type Armour Joined hero AP 1 Sample Laser Squad Squad S3",
        ],
    ),
    "reference-en": (
        lambda: ("reference", "dust", "--lang", "en"),
        [
            "Cover objects • Cover objects are attacked as vehicles • One weapon fires at the object or at the "
            "unit on its square, not both; shots at the object resolve last • A vehicle may destroy an ammo "
            "crate when it enters its square",
        ],
    ),
    "reference-ru": (
        lambda: ("reference", "dust", "--lang", "ru"),
        [
            "• У героев нет показателя укрытия Предметы-укрытия • Предметы-укрытия атакуют как машины • Одно "
            "оружие стреляет либо по предмету, либо по отряду на его квадрате; выстрелы по предмету "
            "отрабатываются последними • Машина может уничтожить ящик с боеприпасами, входя на его квадрат",
            "Ящик с боеприпасами Предмет-укрытие · Машина 3 Броня V3 Даёт укрытие Слабое укрытие Очки здоровья: 2",
            "Противотанковый ёж Предмет-укрытие · Машина 5 Броня V5 Даёт укрытие Жёсткое укрытие Очки здоровья: 4",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_dust_labels_printed_in_place(case):
    args, pins = CASES[case]
    assert missing(printed(*args()), pins) == []
