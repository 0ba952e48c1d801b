"""The battletech tables: formats, both languages for every label, and digest values."""

import yaml

from sheets.core.data import data_path, load_data
from sheets.games.battletech import rules

REQUIRED_WEAPON_KEYS = {
    "name",
    "blk",
    "damage",
    "min",
    "short",
    "medium",
    "long",
    "heat",
    "bv",
    "tons",
    "ammo",
    "main_gun_only",
    "verified",
    "source",
}


def test_every_label_has_en_and_ru():
    labels = load_data("battletech/labels.yaml")
    for key, entry in labels.items():
        assert set(entry) == {"en", "ru"}, key
        assert entry["en"].strip() and entry["ru"].strip(), key


def test_every_label_key_used_by_data_exists():
    labels = load_data("battletech/labels.yaml")
    used = set()
    for v in load_data("battletech/variants.yaml").values():
        used |= {v["legend"], v["rules_label"]} | set(v["physical_lines"])
        for boxes in list(v["crits"].values()) + list((v.get("crits_glider") or {}).values()):
            used |= {b["effect"] for b in boxes}
    used |= {
        f"loc_{loc}"
        for loc in ("head", "torso", "right_arm", "left_arm", "legs", "main_gun", "near_miss", "wings")
    }
    used |= {
        "no_effect",
        "no_torso_weapons",
        "main_gun_none_torso",
        "near_miss_note",
        "unverified_footnote",
        "atm_bv_footnote",
        "torso_weapon_roll",
        "crit_wings",
    }
    assert used <= set(labels)


def test_weapons_yaml_has_the_importer_format():
    raw = load_data("battletech/weapons.yaml")
    for w in raw["weapons"]:
        assert REQUIRED_WEAPON_KEYS <= set(w), w["name"]
        assert isinstance(w["damage"], str)
    for a in raw["ammo"]:
        assert {"name", "key", "blk", "bv", "kg_per_shot", "verified"} <= set(a)
        assert a["name"].endswith(" Ammo")
    keys = {a["key"] for a in raw["ammo"]}
    assert all(w["ammo"] in keys for w in raw["weapons"] if w["ammo"])


def test_every_data_file_has_a_header_comment():
    for name in ("weapons", "structure", "locations", "hit_tables", "variants", "bv", "pilot", "labels"):
        text = data_path(f"battletech/{name}.yaml").read_text(encoding="utf-8")
        assert text.startswith("#"), name
        assert yaml.safe_load(text)


def test_digest_weapon_values():
    erml = rules.find_item("ER Medium Laser")
    assert (erml.damage, erml.short, erml.medium, erml.long, erml.bv, erml.tons) == ("7", 5, 10, 15, 108, 1.0)
    assert [rules.find_item(f"LRM {n}").bv for n in (1, 10, 20)] == [17, 109, 220]
    assert rules.find_item("LRM 10").tons == 2.0  # rack × 0.2 t on ProtoMechs
    assert rules.find_item("SRM 6").tons == 1.5
    atm = rules.find_item("ATM 6")
    assert atm.min == 4 and atm.verified is False
    assert rules.find_item("ProtoMech AC/2").main_gun_only


def test_lookup_is_case_insensitive_with_aliases_and_megamek_names():
    assert rules.find_item("erml").name == "ER Medium Laser"
    assert rules.find_item("Light MG").name == "Light Machine Gun"
    assert rules.find_item("CLERMicroLaser").name == "ER Micro Laser"
    assert rules.find_item("Clan Ammo SRM-1").name == "SRM 1 Ammo"
    assert rules.find_item("Clan Machine Gun Ammo - Proto").key == "MG:2"
    assert rules.find_item("Laser Cannon") is None


def test_ammo_values_of_section_10_2():
    assert rules.find_item("LRM 10 Ammo").kg_per_shot == 83.3
    assert rules.find_item("Streak SRM 2 Ammo").kg_per_shot == 10  # MegaMek quirk kept
    assert rules.find_item("ATM 3 Ammo").kg_per_shot is None
    assert [rules.find_item(f"SRM {n} Ammo").bv for n in range(1, 7)] == [2, 3, 4, 5, 6, 7]
