"""Catalogue items that the rules digest's §10.1 does not list but ProtoMechs mount, restated as
literals from the MegaMek class that ``data/battletech/weapons.yaml`` cites for them (issue 21,
tables: a survivor of ``benchmarks/mutate_tables.py`` exchanged the Light TAG's long range and
heat). MegaMek ``megamek/common/weapons/tag/CLLightTAG.java``: damage 0, ranges 3 / 6 / 9,
heat 0, BV 0, 0.5 t."""

from __future__ import annotations

from sheets.games.battletech import rules


def test_light_tag_row():
    w = rules.find_item("Light TAG")
    assert (w.damage, w.min, w.short, w.medium, w.long, w.heat, w.bv) == ("0", 0, 3, 6, 9, 0, 0)
    assert w.tons == 0.5
    assert w.ammo is None


def test_light_tag_spellings_name_the_same_item():
    assert rules.find_item("Clan Light TAG") is rules.find_item("Light TAG")
