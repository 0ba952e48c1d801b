"""The other names a battletech unit file may give a choice (``choice_names``): the words its
printouts print for the choice, in English and Russian, and the spellings its Russian starters
use. Pinned whole, as literals: a printed word that moved to another choice (or was lost) would
let a unit file mean what its player did not write."""

from __future__ import annotations

import pytest

from sheets.core.data import choice_names

NAMES = {
    "motion": {"двуногий": "biped", "четвероногий": "quad", "планер": "glider"},
    "location": {
        "голова": "head",
        "hd": "head",
        "г": "head",
        "торс": "torso",
        "t": "torso",
        "т": "torso",
        "корпус": "torso",
        "right arm": "right_arm",
        "правая рука": "right_arm",
        "ra": "right_arm",
        "пр": "right_arm",
        "left arm": "left_arm",
        "левая рука": "left_arm",
        "la": "left_arm",
        "лр": "left_arm",
        "ноги": "legs",
        "l": "legs",
        "н": "legs",
        "main gun": "main_gun",
        "главная пушка": "main_gun",
        "gun": "main_gun",
        "гп": "main_gun",
    },
    "armor_type": {"стандартная": "standard"},
}


@pytest.mark.parametrize("field", sorted(NAMES))
def test_every_printed_name_reads_as_its_own_choice(field):
    assert choice_names("battletech", field) == NAMES[field]
