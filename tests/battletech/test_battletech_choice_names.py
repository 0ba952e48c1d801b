"""battletech: the other names of its choices, pinned (see ``tests/choice_pins.py``)."""

from __future__ import annotations

from choice_pins import pinned_names_test

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

test_every_printed_name_reads_as_its_own_choice = pinned_names_test("battletech", NAMES)
