"""Ammunition read from the catalogue, pinned with the figures of its source (MegaMek
``AmmoType.createCLAPGaussRifleAmmo``: 40 shots a ton, BV 3 a ton): a weight and a BV that
changed places in the table would print 3 kg shots worth 25 BV."""

from __future__ import annotations

from sheets.games.battletech.rules import find_item


def test_ap_gauss_rifle_ammo_weighs_25_kg_a_shot_and_is_worth_3_bv():
    ammo = find_item("AP Gauss Rifle Ammo")
    assert ammo is not None
    assert ammo.key == "APGAUSS:3"
    assert ammo.kg_per_shot == 25  # 1,000 kg / 40 shots
    assert ammo.bv == 3
    assert 1000 / ammo.kg_per_shot == 40
