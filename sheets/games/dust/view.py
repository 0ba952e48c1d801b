"""Render-ready, language-neutral descriptions of Dust units (cards, JSON info, army-list rows).

Everything printed as a fixed word is a label KEY of ``data/dust/labels.yaml``; user text
(names, skills) is passed through. Pure Python.
"""

from __future__ import annotations

from sheets.games.dust.model import Unit, Weapon, target_classes
from sheets.games.dust.rules import dice_edition, partner

_TRACK_KINDS = ("hero", "vehicle", "aircraft", "cover_object")  # a damage track, not models


def _weapon_row(weapon: Weapon, owner: Unit, hero: bool) -> dict:
    return {
        "name": weapon.name,
        "count": weapon.count,
        "range": weapon.range,
        "range_label": "range_close" if weapon.range == "C" else None,
        "mount": weapon.mount,
        "tags": list(weapon.tags),
        "cells": [c.text if (c := weapon.cell(k)) else None for k in target_classes()],
        "hero": hero,
        "owner": owner.name,
    }


def _cover(unit: Unit, mate: Unit | None) -> dict:
    if unit.kind == "cover_object":
        return {
            "mode": "provides",
            "label": "provides_cover",
            "provides": unit.provides_cover,
            "provides_label": f"cover_{unit.provides_cover}",
        }
    if unit.is_hero:
        if mate is None:
            return {"mode": "none", "label": "hero_no_cover", "soft": None, "hard": None}
        return {
            "mode": "squad",
            "label": "cover_uses_squad",
            "squad": mate.name,
            "soft": mate.cover.soft,
            "hard": mate.cover.hard,
            "soft_label": f"save_{mate.cover.soft}",
            "hard_label": f"save_{mate.cover.hard}",
        }
    return {
        "mode": "own",
        "label": "field_cover",
        "soft": unit.cover.soft,
        "hard": unit.cover.hard,
        "soft_label": f"save_{unit.cover.soft}",
        "hard_label": f"save_{unit.cover.hard}",
    }


def card_data(
    unit: Unit, force: list[Unit] | None = None, options=None, mates: dict[int, Unit] | None = None
) -> dict:
    """What a unit card shows, for a renderer: label keys plus values.

    ``force`` is every unit of the file/roster (to find a joined hero or squad); ``options`` is a
    :class:`sheets.core.game.Options` whose ``extra["dice"]`` names the dice edition.

    A squad joined by a hero gains the hero's weapon rows (``hero: True``) and the hero's damage
    boxes (``damage["hero"]``), and ``joined_by``; the hero's card gets ``joins`` and uses the
    squad's cover (``cover["mode"] == "squad"``). ``weapons[i]["cells"]`` has one entry per
    target class of ``classes`` (14): the printed text, or None for "cannot target" (–).
    ``mates`` (from :func:`sheets.games.dust.rules.partners` of ``force``) saves resolving the
    joins again for every card of a force.
    """
    mate = mates.get(id(unit)) if mates is not None else partner(unit, force or [unit])
    hero = mate if mate is not None and unit.kind == "squad" else None
    squad = mate if mate is not None and unit.is_hero else None
    edition = dice_edition((getattr(options, "extra", None) or {}).get("dice"))
    rows = [_weapon_row(w, unit, False) for w in unit.weapons]
    if hero is not None:
        rows += [_weapon_row(w, hero, True) for w in hero.weapons]
    return {
        "name": unit.name,
        "name_key": unit.name_key,
        "faction": unit.faction,
        "kind": unit.kind,
        "kind_label": f"kind_{unit.kind}",
        "armor": {
            "type": unit.armor.type,
            "level": unit.armor.level,
            "code": unit.armor.code,
            "label": f"armor_{unit.armor.type}",
        },
        "damage": {
            "label": "field_damage" if unit.kind in _TRACK_KINDS else "field_health",
            "models": unit.models,
            "per_model": unit.health,
            "boxes": unit.damage_boxes,
            "hero": {"name": hero.name, "boxes": hero.damage_boxes} if hero is not None else None,
            "total": unit.damage_boxes + (hero.damage_boxes if hero is not None else 0),
        },
        "move": unit.move,
        "points": unit.points,
        "points_label": "field_ap",
        "cover": _cover(unit, squad),
        "classes": list(target_classes()),
        "weapons": rows,
        "skills": [{"name": s.name, "text": s.text} for s in unit.skills],
        "joined_by": hero.name if hero is not None else None,
        "joins": squad.name if squad is not None else None,
        "dice": {"edition": edition.name, "label": edition.label, "verified": edition.verified},
        "footnotes": [] if edition.verified else ["unverified_note"],
    }


def info(unit: Unit) -> dict:
    """JSON-ready description of one unit with the parsed weapon cells."""
    return {
        "name": unit.name,
        "faction": unit.faction,
        "kind": unit.kind,
        "armor": {"type": unit.armor.type, "level": unit.armor.level, "code": unit.armor.code},
        "models": unit.models,
        "health": unit.health,
        "damage_boxes": unit.damage_boxes,
        "move": unit.move,
        "points": unit.points,
        "cover": {"soft": unit.cover.soft, "hard": unit.cover.hard} if unit.cover else None,
        "weapons": [
            {
                "name": w.name,
                "count": w.count,
                "range": w.range,
                "mount": w.mount,
                "tags": list(w.tags),
                "vs": {
                    k: {"text": c.text, "dice": c.dice, "damage": c.damage, "phaser": c.phaser}
                    for k in target_classes()
                    if (c := w.cell(k))
                },
            }
            for w in unit.weapons
        ],
        "skills": [{"name": s.name, "text": s.text} for s in unit.skills],
        "joins": unit.joins,
        "joined_by": unit.joined_by,
    }


def roster_row(unit: Unit) -> dict:
    """Army-list fields: name, AP cost, kind, armour class and the joined hero / joined squad."""
    return {
        "name": unit.name,
        "cost": unit.points,
        "kind": unit.kind,
        "kind_label": f"kind_{unit.kind}",
        "armor": unit.armor.code,
        "joined_hero": unit.joined_by,
        "joins": unit.joins,
    }
