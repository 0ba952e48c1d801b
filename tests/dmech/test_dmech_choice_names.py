"""The other names a dmech unit file may give a choice (``choice_names``): the words its
printouts print for the choice, in English and Russian, and the spellings its Russian starters
use. Pinned whole, as literals: a printed word that moved to another choice (or was lost) would
let a unit file mean what its player did not write."""

from __future__ import annotations

import pytest

from sheets.core.data import choice_names

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


@pytest.mark.parametrize("field", sorted(NAMES))
def test_every_printed_name_reads_as_its_own_choice(field):
    assert choice_names("dmech", field) == NAMES[field]
