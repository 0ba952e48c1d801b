"""dust: the other names of its choices, pinned (see ``tests/choice_pins.py``)."""

from __future__ import annotations

from choice_pins import pinned_names_test

NAMES = {
    "kind": {
        "отряд": "squad",
        "взвод": "squad",
        "герой": "hero",
        "машина": "vehicle",
        "техника": "vehicle",
        "авиация": "aircraft",
    },
    "armor_type": {"пехота": "soldier", "машина": "vehicle", "техника": "vehicle", "авиация": "aircraft"},
    "save": {
        "hit save": "hits",
        "спас-бросок попаданий": "hits",
        "hit": "hits",
        "попад.": "hits",
        "попадания": "hits",
        "miss save": "misses",
        "спас-бросок промахов": "misses",
        "miss": "misses",
        "промах": "misses",
        "промахи": "misses",
        "no save": "none",
        "нет спас-броска": "none",
        "нет": "none",
    },
    "range": {"ближний бой": "C", "бб": "C"},
}

test_every_printed_name_reads_as_its_own_choice = pinned_names_test("dust", NAMES)
