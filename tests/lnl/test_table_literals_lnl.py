"""The Lock 'n Load tables cell by cell, as literals from the rules text (never from the YAML the
code reads): the Melee Table (Core Rules §8.0/§8.3 and the hexsides examples; digest §7) and the
support weapons the melee rules name (§8.0, §8.5). Guards ``data/lnl/*.yaml`` against edits
(benchmarks/mutate_tables.py)."""

from __future__ import annotations

import pytest

from sheets.games.lnl import model, rules

# digest §7 "Melee Table (Kill Numbers)": odds -> (Kill Number, verified by an example)
MELEE_TABLE = {
    "1:3": (11, False),
    "1:2": (10, False),
    "1:1": (8, True),
    "2:1": (6, True),
    "3:1": (5, False),
    "4:1": (4, True),
    "5:1": (3, False),
}


def test_melee_table_columns_weakest_to_strongest():
    assert model.column_names() == ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1")


@pytest.mark.parametrize("column, kn, verified", [(c, kn, v) for c, (kn, v) in MELEE_TABLE.items()])
def test_melee_table_cell(column, kn, verified):
    cell = model.cell(column)
    assert (cell.column, cell.kn, cell.verified) == (column, kn, verified)


def test_melee_table_in_order():
    assert [(c.column, c.kn, c.verified) for c in model.melee_table()] == [
        (c, kn, v) for c, (kn, v) in MELEE_TABLE.items()
    ]


@pytest.mark.parametrize(
    "a, d, column",
    [
        (4, 2, "2:1"),
        (5, 2, "3:1"),
        (4, 4, "1:1"),
        (4, 1, "4:1"),
        (1, 2, "1:2"),
        (1, 4, "1:3"),
        (11, 2, "5:1"),
        (3, 1, "3:1"),
        (2, 5, "1:2"),
    ],
)
def test_odds_columns_of_the_examples(a, d, column):
    # S1, S2, S3, H1, D2, D4, D5 (capped), a plain 3:1, D6 (round up below 1:1)
    assert rules.odds(a, d).column == column


def test_hero_shift_and_cap_use_the_table_columns():
    # D7: 4 vs 2 with a hero -> 3:1; 1 vs 4 (single target) -> 1:2; 10 vs 2 -> 5:1 (cap)
    assert [rules.odds(a, d, hero=True).column for a, d in ((4, 2), (1, 4), (10, 2))] == ["3:1", "1:2", "5:1"]


# Core Rules §8.0: the melee-capable SWs (MG, Satchel Charges, Molotov Cocktails, Flamethrowers);
# Satchel Charges and Molotov Cocktails are removed after the first melee round; MG-34 FP 2 (S3);
# the §8.0 leader example's captured MG has FP 1 (D1).
@pytest.mark.parametrize(
    "name, melee, single_use",
    [
        ("MG-34", True, False),
        ("MG", True, False),
        ("MG-42", True, False),
        ("M1919", True, False),
        ("Satchel Charge", True, True),
        ("Molotov Cocktail", True, True),
        ("Flamethrower", True, False),
        ("BAR", False, False),
        ("Bazooka", False, False),
        ("Panzerfaust", False, True),
    ],
)
def test_support_weapon_melee_use(name, melee, single_use):
    sw = model.find_weapon(name)
    assert (sw.name, sw.melee, sw.single_use) == (name, melee, single_use)


def test_support_weapon_fp_of_the_rules_text():
    assert model.find_weapon("MG-34").fp == 2  # seed S3: 1 + 1 + 2 = 4 FP
    assert model.find_weapon("MG").fp == 1  # §8.0 leader example: a captured MG of FP 1
    assert model.find_weapon("MG-34").verified and model.find_weapon("MG").verified


def test_no_shipped_support_weapon_carries_an_m_superscript():
    # §8.5: an "M" on the counter adds +1 in melee; none of the shipped SWs has one in the sources
    assert [sw.name for sw in model.catalogue().values() if sw.m] == []


def test_unconfirmed_support_weapon_fp_is_marked_unverified():
    # only MG-34 and MG have a firepower stated by the rules text; the others are marked with †
    assert sorted(sw.name for sw in model.catalogue().values() if sw.verified) == ["MG", "MG-34"]
