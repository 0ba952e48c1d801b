"""The record sheet's data of a ProtoMech: the rules core's derived values (:mod:`.rules`) and its
Battle Value (:mod:`.bv`) in one render-ready mapping. Above both, so that neither imports the
other's caller (``bv`` reads the rules; the sheet reads both)."""

from __future__ import annotations

from sheets.games.battletech.bv import battle_value
from sheets.games.battletech.model import Proto
from sheets.games.battletech.rules import (
    DEFAULT_VARIANT,
    ammo_lines,
    armor,
    crit_rows,
    determining_crits,
    gunnery,
    hit_table,
    inventory,
    is_ultraheavy,
    later_equipment,
    max_armor,
    movement,
    odds_legend,
    physical_damage,
    structure,
    table,
    to_hit_odds,
    torso_weapon_roll,
    variant_data,
)


def sheet_data(proto: Proto, variant: str | None) -> dict:
    """A language-neutral, render-ready description of one ProtoMech's record-sheet block.

    Texts are label KEYS (``data/battletech/labels.yaml``) except user text, item names and
    numbers. Shape::

        {"variant": "classic" | "tw", "rules_label": key,
         "header": {"name", "model", "tons", "motion", "motion_label", "ultraheavy"},
         "movement": [{"key": "walk"|"run"|"jump"|"ground"|"cruise"|"flank", "value": str}],
         "inventory": [{"qty", "name", "location", "loc", "loc_abbr", "damage", "codes",
                        "min", "short", "medium", "long", "verified",
                        "odds": None | to_hit_odds(...)}],
         "ammo": [{"name", "weapon", "shots", "verified"}],
         "crit_rows": [{"roll_text": "6-8", "rolls": [6, 7, 8], "probability": "15/36",
                        "location", "label": "loc_torso", "exists": bool,
                        "note": None | "near_miss_note" | "main_gun_none_torso",
                        "effect": None | key (glider wings row),
                        "boxes": [{"index": 1, "kind": "plain"|"pilot"|"destroy",
                                   "pilot_hit": bool, "effect": key, "torso_weapon_roll": bool}]}],
         "crit_legend": key,
         "torso_weapon_roll": {"title": "torso_weapon_roll",
                               "entries": [{"faces": "1-2", "weapon": name | None,
                                            "label": None | "no_effect"}],
                               "empty_label": None | "no_torso_weapons"},
         "armor": [{"location", "label", "armor", "structure", "max_armor"}],  # existing locations
         "pilot": {"name", "gunnery", "hits": [1..6], "consciousness": [3, 5, 7, 10, 11, "dead"]},
         "physical_damage": int, "bv": int, "bv_pilot": int,
         "determining_crits": [{"roll_text", "crits", "verified"}],
         "special_hit_table": None | [{"roll", "location", "ways", "probability"}],   # tw only
         "main_gun_restriction": None | key,
         "flags": {"unverified_items": [names], "atm_ammo_quirk": bool,
                   "crit_12_unverified": bool, "destroyed_location_reading_unverified": bool},
         "footnotes": [label keys to print under the block],
         "odds_legend": {"not_included": [label keys], "verified": bool}}
    """
    variant = variant or DEFAULT_VARIANT
    v = variant_data(variant)
    bv = battle_value(proto)
    st, mx, ar = structure(proto), max_armor(proto), armor(proto)
    roll = torso_weapon_roll(proto, variant)
    pilot_table = table("pilot")
    unverified_items = sorted(
        {m.item.name for m in proto.mounts if m.item is not None and not m.item.verified}
        | {b.ammo.name for b in proto.ammo if b.ammo is not None and not b.ammo.verified}
    )
    flags = {
        "unverified_items": unverified_items,
        "atm_ammo_quirk": "atm_ammo_quirk" in bv.breakdown["flags"],
        "crit_12_unverified": any(not r["verified"] for r in determining_crits()),
        "destroyed_location_reading_unverified": not v["destroyed_location_pilot_damage_verified"],
    }
    later = {name for _, name in later_equipment(proto, variant)}
    flags["later_equipment"] = sorted(later)
    footnotes = []
    if unverified_items:
        footnotes.append("unverified_footnote")
    if later:
        footnotes.append("later_equipment_footnote")
    inv = inventory(proto)
    for row in inv:
        if row["name"] in later:
            row["verified"] = False
        row["odds"] = to_hit_odds(row, gunnery(proto), variant)
    ammo_rows = ammo_lines(proto)
    for row in ammo_rows:
        if row["name"] in later:
            row["verified"] = False
    moves = movement(proto)
    for row in moves:
        if (row["key"] in ("run", "flank") and "myomer booster" in later) or (
            row["key"] == "jump" and "extended jump jets" in later
        ):
            row["value"] += "†"
    if flags["atm_ammo_quirk"]:
        footnotes.append("atm_bv_footnote")
    return {
        "variant": variant,
        "rules_label": v["rules_label"],
        "header": {
            "name": proto.name,
            "model": proto.model,
            "tons": proto.tons,
            "motion": proto.motion,
            "motion_label": f"motion_{proto.motion}",
            "ultraheavy": is_ultraheavy(proto),
        },
        "movement": moves,
        "inventory": inv,
        "ammo": ammo_rows,
        "crit_rows": crit_rows(proto, variant),
        "crit_legend": v["legend"],
        "torso_weapon_roll": {
            "title": "torso_weapon_roll",
            "entries": roll,
            "empty_label": None if roll else "no_torso_weapons",
        },
        "armor": [
            {
                "location": loc,
                "label": f"loc_{loc}",
                "armor": ar[loc],
                "structure": st[loc],
                "max_armor": mx[loc],
            }
            for loc in proto.locations
        ],
        "pilot": {
            "name": proto.pilot.name if proto.pilot else "",
            "gunnery": gunnery(proto),
            "hits": list(pilot_table["hits"]),
            "consciousness": list(pilot_table["consciousness"]),
        },
        "physical_damage": physical_damage(proto, variant),
        "bv": bv.base,
        "bv_pilot": bv.pilot,
        "determining_crits": determining_crits(),
        "special_hit_table": hit_table(proto.motion, "special") if v["special_hit_table"] else None,
        "main_gun_restriction": v["main_gun_restriction"] if proto.has_main_gun else None,
        "flags": flags,
        "footnotes": footnotes,
        "odds_legend": odds_legend(variant),
    }
