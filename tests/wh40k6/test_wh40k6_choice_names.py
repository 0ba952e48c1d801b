"""The other names a wh40k6 unit file may give a choice (``choice_names``): the words its
printouts print for the choice, in English and Russian, and the spellings its Russian starters
use. Pinned whole, as literals: a printed word that moved to another choice (or was lost) would
let a unit file mean what its player did not write."""

from __future__ import annotations

import pytest

from sheets.core.data import choice_names

NAMES = {
    "slot": {
        "штаб": "hq",
        "войска": "troops",
        "элита": "elites",
        "fast attack": "fast_attack",
        "быстрая атака": "fast_attack",
        "heavy support": "heavy_support",
        "тяжёлая поддержка": "heavy_support",
        "тяжелая поддержка": "heavy_support",
        "укрепление": "fortification",
        "lords of war": "lords_of_war",
        "владыки войны": "lords_of_war",
        "no slot": "none",
        "без ячейки": "none",
    },
    "detachment": {
        "primary detachment": "primary",
        "основной отряд": "primary",
        "основной": "primary",
        "allied detachment": "allied",
        "союзный отряд": "allied",
        "союзный": "allied",
    },
    "type": {
        "пехота": "infantry",
        "jump infantry": "jump_infantry",
        "прыжковая пехота": "jump_infantry",
        "jet pack infantry": "jet_pack_infantry",
        "пехота с реактивными ранцами": "jet_pack_infantry",
        "мотоцикл": "bike",
        "гравицикл": "jetbike",
        "eldar jetbike": "eldar_jetbike",
        "эльдарский гравицикл": "eldar_jetbike",
        "monstrous creature": "monstrous_creature",
        "монструозное создание": "monstrous_creature",
        "jump monstrous creature": "jump_monstrous_creature",
        "прыжковое монструозное создание": "jump_monstrous_creature",
        "flying monstrous creature": "flying_monstrous_creature",
        "летающее монструозное создание": "flying_monstrous_creature",
        "звери": "beast",
        "кавалерия": "cavalry",
        "jump cavalry": "jump_cavalry",
        "прыжковая кавалерия": "jump_cavalry",
        "jet pack monstrous creature": "jet_pack_monstrous_creature",
        "монструозное создание с реактивным ранцем": "jet_pack_monstrous_creature",
        "artillery (crew)": "artillery",
        "артиллерия (расчёт)": "artillery",
        "артиллерия (расчет)": "artillery",
        "артиллерия": "artillery",
        "расчёт артиллерии": "artillery",
        "расчет артиллерии": "artillery",
        "artillery gun": "gun",
        "орудие": "gun",
        "техника": "vehicle",
    },
    "tag": {
        "танк": "tank",
        "быстрая": "fast",
        "скиммер": "skimmer",
        "open-topped": "open_topped",
        "открытая": "open_topped",
        "транспорт": "transport",
        "тяжёлая": "heavy",
        "тяжелая": "heavy",
        "шагоход": "walker",
        "флаер": "flyer",
        "зависание": "hover",
        "колесница": "chariot",
        "super-heavy": "super_heavy",
        "сверхтяжёлая": "super_heavy",
        "сверхтяжелая": "super_heavy",
    },
    "character": {"персонаж": "character", "независимый персонаж": "character", "уникальный": "character"},
}


@pytest.mark.parametrize("field", sorted(NAMES))
def test_every_printed_name_reads_as_its_own_choice(field):
    assert choice_names("wh40k6", field) == NAMES[field]
