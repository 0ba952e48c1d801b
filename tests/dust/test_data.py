"""The Dust data files: labels in both languages, cover objects, dice, card presets, game."""

from sheets.core.data import load_data
from sheets.core.game import get_game
from sheets.games.dust.model import cover_objects
from sheets.games.dust.schema import unit_spec


def test_every_label_has_english_and_russian():
    labels = load_data("dust/labels.yaml")
    for key, entry in labels.items():
        assert set(entry) == {"en", "ru"}, key
        assert entry["en"].strip() and entry["ru"].strip(), key


def test_label_keys_used_by_card_data_exist():
    labels = load_data("dust/labels.yaml")
    keys = [f"kind_{k}" for k in ("squad", "hero", "vehicle", "aircraft", "cover_object")]
    keys += [f"armor_{t}" for t in load_data("dust/armor.yaml")["types"]]
    keys += [f"save_{s}" for s in ("hits", "misses", "none")]
    keys += [e["label"] for e in load_data("dust/dice.yaml")["editions"].values()]
    keys += [o["name"] for o in load_data("dust/cover_objects.yaml")["objects"].values()]
    keys += [
        "hero_no_cover",
        "cover_uses_squad",
        "provides_cover",
        "field_ap",
        "field_damage",
        "field_health",
        "field_cover",
        "range_close",
        "unverified_note",
    ]
    assert [k for k in keys if k not in labels] == []


def test_cover_objects_from_the_seed():
    crate, trap = cover_objects("en")
    assert (crate.name, crate.provides_cover, crate.armor.code, crate.damage_boxes) == (
        "Ammo crate",
        "soft",
        "V3",
        2,
    )
    assert (trap.name, trap.provides_cover, trap.armor.code, trap.damage_boxes) == (
        "Tank trap",
        "hard",
        "V5",
        4,
    )
    assert cover_objects("ru")[1].name == "Противотанковый ёж"


def test_dice_default_is_classic():
    dice = load_data("dust/dice.yaml")
    assert dice["default"] == "classic"
    assert dice["editions"]["classic"]["faces"] == {"hit": 2, "miss": 4}


def test_card_presets_in_mm():
    cards = load_data("common/cards.yaml")
    assert cards["default"] == "poker"
    p = cards["presets"]
    assert (p["poker"]["width"], p["poker"]["height"]) == (63, 88)
    assert (p["mini"]["width"], p["mini"]["height"]) == (44.5, 63.5)
    assert {"bridge", "tarot", "euro", "square"} <= set(p)


def test_game_plugin_attributes_and_json_schema():
    game = get_game("dust")
    assert (game.id, game.limit_unit, game.unit_kinds) == (
        "dust",
        "AP",
        ("squad", "hero", "vehicle", "aircraft"),
    )
    assert game.calculators == "sheets.games.dust.calc:CALCULATORS"
    schema = unit_spec().json_schema()
    # armor and points may be written by an alias: required as "either spelling"
    assert schema["required"] == ["name", "kind", "move"]
    either = [a for a in schema["allOf"] if "anyOf" in a]  # a required key or its alias
    assert [[r["required"][0] for r in a["anyOf"]][0] for a in either] == ["armor", "points"]
    vs = schema["properties"]["weapons"]["anyOf"][0]["items"]["properties"]["vs"]
    assert len(vs["propertyNames"]["anyOf"][0]["enum"]) == 14
