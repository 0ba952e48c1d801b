"""The other names a lnl unit file may give a choice (``choice_names``): the words its
printouts print for the choice, in English and Russian, and the spellings its Russian starters
use. Pinned whole, as literals: a printed word that moved to another choice (or was lost) would
let a unit file mean what its player did not write."""

from __future__ import annotations

import pytest

from sheets.core.data import choice_names

NAMES = {
    "kind": {
        "отделение": "squad",
        "half-squad": "half_squad",
        "полотделения": "half_squad",
        "полуотделение": "half_squad",
        "расчёт": "crew",
        "расчет": "crew",
        "weapon team": "weapon_team",
        "оруж. команда": "weapon_team",
        "оружейная команда": "weapon_team",
        "лидер": "leader",
        "командир": "leader",
        "герой": "hero",
        "медик": "medic",
        "санитар": "medic",
        "снайпер": "sniper",
        "разведчик": "scout",
    }
}


@pytest.mark.parametrize("field", sorted(NAMES))
def test_every_printed_name_reads_as_its_own_choice(field):
    assert choice_names("lnl", field) == NAMES[field]
