"""Battle Value 2.0 of a ProtoMech, as MegaMek computes it (digest §9).

Every rounding is Java's ``Math.round`` (half up: ``floor(x + 0.5)``), never Python's ``round``.
Constants live in ``data/battletech/bv.yaml``; weapon and ammo values in ``weapons.yaml``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sheets.games.battletech import rules
from sheets.games.battletech.model import AmmoBin, Equipment, Proto, Weapon


def java_round(x: float) -> int:
    """Java ``Math.round``: half up (8.5 → 9, −0.5 → 0)."""
    return math.floor(x + 0.5)


def _bv_table() -> dict:
    return rules.table("bv")


def tmm(mp: int) -> int:
    """Target movement modifier for a number of hexes moved (digest §9.2 step 5)."""
    for row in _bv_table()["tmm"]:
        if row["max_mp"] is None or mp <= row["max_mp"]:
            return row["tmm"]
    raise ValueError(mp)  # the last row has no upper bound


def speed_factor(mp: int) -> float:
    """SF = round((1 + (mp − 5) / 10) ^ 1.2, 2 decimals), half up (digest §9.2 step 11)."""
    sf = _bv_table()["speed_factor"]
    scale = 10 ** sf["decimals"]
    return java_round((1 + (mp - sf["base_mp"]) / sf["divisor"]) ** sf["exponent"] * scale) / scale


def skill_multiplier(gunnery: int) -> float:
    """BV skill multiplier for a Gunnery skill in the Piloting-5 column (clamped to 0–8)."""
    t = _bv_table()
    rows = t["skill_multipliers"]
    g = min(max(int(gunnery), min(rows)), max(rows))
    return rows[g][t["protomech_piloting"]]


def pilot_bv(base: int, gunnery: int) -> int:
    """Pilot-adjusted BV = round(base × multiplier) (digest §9.2 step 14)."""
    return java_round(base * skill_multiplier(gunnery))


@dataclass(frozen=True)
class BVResult:
    base: int  # BV at Gunnery 4
    pilot: int  # BV for the given Gunnery
    gunnery: int
    breakdown: dict = field(default_factory=dict)


def _ammo_bin_bv(b: AmmoBin) -> float:
    assert b.ammo is not None  # (bins of known ammo only)
    kg = b.ammo.kg_per_shot
    # MegaMek quirk (digest §9.2): no kg/shot (ATM) → kg/shot of −1, a negative ammo BV
    return (kg if kg is not None else -1) * (b.shots or 0) / 1000 * b.ammo.bv


def battle_value(proto: Proto, gunnery: int | None = None) -> BVResult:
    """BV 2.0 of a (valid) ProtoMech; ``gunnery`` defaults to the unit's pilot (or 4).

    The breakdown holds every intermediate step: armor_term, structure_term,
    defensive_equipment, run, jump, tmm_run, tmm_jump, defensive_factor, defensive_br,
    weapons, ammo (per key, after the cap), offensive_equipment, mp, speed_factor,
    offensive_br, total (unrounded), flags (list of quirk names that fired).
    """
    t = _bv_table()
    g = rules.gunnery(proto) if gunnery is None else gunnery
    armor_term = (
        sum(rules.armor(proto).values())
        * t["armor_per_point"]
        * rules.table("armor_types")["armor_types"][proto.armor_type]["bv_multiplier"]
    )
    structure_term = sum(rules.structure(proto).values()) * t["structure_per_point"]
    mounts = [m for m in proto.mounts if m.item is not None]
    equipment = [
        (m.item.defensive, m.item.bv_for(proto.tons)) for m in mounts if isinstance(m.item, Equipment)
    ]
    defensive_eq = sum(value for defensive, value in equipment if defensive)
    offensive_eq = sum(value for defensive, value in equipment if not defensive)

    run = rules.boosted_run_mp(proto) or rules.run_mp(proto)
    tmm_run = tmm(run) + (t["glider_run_tmm_bonus"] if proto.motion == "glider" else 0) if run > 0 else 0
    tmm_jump = tmm(proto.jump) + t["jump_tmm_bonus"] if proto.jump > 0 else 0
    factor = 1 + max(tmm_run, tmm_jump) / 10 + t["protomech_defensive_bonus"]
    defensive_br = (armor_term + structure_term + defensive_eq) * factor

    weapons = [m.item for m in mounts if isinstance(m.item, Weapon)]
    weapon_bv = sum(w.bv for w in weapons)
    flags = []
    ammo_by_key: dict = {}
    for b in proto.ammo:
        if b.ammo is None:
            continue
        if b.ammo.kg_per_shot is None:
            flags.append("atm_ammo_quirk")
        ammo_by_key[b.ammo.key] = ammo_by_key.get(b.ammo.key, 0.0) + _ammo_bin_bv(b)
    ammo = {
        key: min(total, sum(w.bv for w in weapons if w.ammo == key)) for key, total in ammo_by_key.items()
    }
    mp = run + java_round(proto.jump / 2)
    sf = speed_factor(mp)
    offensive_br = (weapon_bv + sum(ammo.values()) + offensive_eq) * sf
    total = defensive_br + offensive_br
    base = java_round(total)
    return BVResult(
        base=base,
        pilot=pilot_bv(base, g),
        gunnery=g,
        breakdown={
            "armor_term": armor_term,
            "structure_term": structure_term,
            "defensive_equipment": defensive_eq,
            "run": run,
            "jump": proto.jump,
            "tmm_run": tmm_run,
            "tmm_jump": tmm_jump,
            "defensive_factor": factor,
            "defensive_br": defensive_br,
            "weapons": weapon_bv,
            "ammo": ammo,
            "offensive_equipment": offensive_eq,
            "mp": mp,
            "speed_factor": sf,
            "offensive_br": offensive_br,
            "total": total,
            "flags": sorted(set(flags)),
        },
    )
