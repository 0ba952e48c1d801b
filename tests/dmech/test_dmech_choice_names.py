"""dmech: the other names of its choices, pinned (see ``tests/choice_pins.py``)."""

from __future__ import annotations

from choice_pins import pinned_names_test

NAMES = {
    "kind": {
        "бронеход": "walker",
        "шагоход": "walker",
        "шагатель": "walker",
        "мех": "walker",
        "пеший отряд": "infantry",
        "пехота": "infantry",
        "пешие": "infantry",
        "пеший гридь": "infantry",
    },
    "hand": {"да": "yes", "true": "yes", "нет": "no", "false": "no", "неизвестно": "unknown", "?": "unknown"},
    "face": {
        "перед": "front",
        "front-right": "front_right",
        "перед-прав.": "front_right",
        "перед-правая": "front_right",
        "rear-right": "rear_right",
        "зад-прав.": "rear_right",
        "зад-правая": "rear_right",
        "зад": "rear",
        "rear-left": "rear_left",
        "зад-лев.": "rear_left",
        "зад-левая": "rear_left",
        "front-left": "front_left",
        "перед-лев.": "front_left",
        "перед-левая": "front_left",
    },
}

test_every_printed_name_reads_as_its_own_choice = pinned_names_test("dmech", NAMES)
