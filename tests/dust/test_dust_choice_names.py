"""The other names a dust unit file may give a choice (``choice_names``): the words its
printouts print for the choice, in English and Russian, and the spellings its Russian starters
use. Pinned whole, as literals: a printed word that moved to another choice (or was lost) would
let a unit file mean what its player did not write."""

from __future__ import annotations

import pytest

from sheets.core.data import choice_names

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


@pytest.mark.parametrize("field", sorted(NAMES))
def test_every_printed_name_reads_as_its_own_choice(field):
    assert choice_names("dust", field) == NAMES[field]
