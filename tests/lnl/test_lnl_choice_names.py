"""lnl: the other names of its choices, pinned (see ``tests/choice_pins.py``)."""

from __future__ import annotations

from choice_pins import pinned_names_test

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

test_every_printed_name_reads_as_its_own_choice = pinned_names_test("lnl", NAMES)
