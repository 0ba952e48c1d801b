"""ProtoMech rules core (pure Python): catalogue lookup, building a unit, rule checks and the
derived values the record sheet, army list and reference card print.

Every number comes from the tables in ``data/battletech/`` (see each file's header); the two
rule variants (``classic``, ``tw``) differ only through ``variants.yaml``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sheets.core.data import labels, load_data
from sheets.core.errors import KeyPath, RuleIssue, did_you_mean
from sheets.core.i18n import DEFAULT_LANG, N_, _, current_lang, ngettext, tr
from sheets.games.battletech.model import (
    ARMS,
    LOCATIONS,
    Ammo,
    AmmoBin,
    Equipment,
    Mount,
    Pilot,
    Proto,
    Weapon,
)

DEFAULT_VARIANT = "classic"
_PREFIXES = ("clan ", "is ", "cl ")  # prefixes of MegaMek spellings in weapons.yaml (``blk:``)
_CLAN_PREFIXES = ("clan ", "cl ")  # a unit file may add these; "IS ..." is another item, never ours


# -- tables ------------------------------------------------------------------------------------
def table(name: str) -> Any:
    """Parsed ``data/battletech/<name>.yaml`` (cached by :func:`sheets.core.data.load_data`)."""
    return load_data(f"battletech/{name}.yaml")


def variant_data(variant: str | None) -> dict:
    """The ``variants.yaml`` entry of a rule variant (``None`` = the default, classic)."""
    return table("variants")[variant or DEFAULT_VARIANT]


# -- catalogue ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Catalogue:
    weapons: tuple
    ammo: tuple
    equipment: tuple
    index: dict  # normalised name -> entry

    def names(self) -> list[str]:
        """Canonical names and aliases (for "did you mean")."""
        out = []
        for entry in self.weapons + self.ammo + self.equipment:
            out.append(entry.name)
            out.extend(getattr(entry, "aliases", ()))
        return out


def _norm(name: str) -> str:
    return " ".join(str(name).lower().split())


@functools.cache
def catalogue() -> Catalogue:
    """Weapons, ammo and equipment of ``weapons.yaml``, indexed by every spelling."""
    raw = table("weapons")
    weapons = tuple(
        Weapon(
            name=w["name"],
            damage=str(w["damage"]),
            min=w["min"],
            short=w["short"],
            medium=w["medium"],
            long=w["long"],
            bv=w["bv"],
            tons=w["tons"],
            heat=w.get("heat"),
            codes=w.get("codes") or "",
            ammo=w.get("ammo"),
            main_gun_only=bool(w.get("main_gun_only")),
            verified=bool(w.get("verified", True)),
            aliases=tuple(w.get("aliases") or ()),
            blk=tuple(w.get("blk") or ()),
            source=w.get("source", ""),
            era=w.get("era") or "seed",
        )
        for w in raw["weapons"]
    )
    ammo = tuple(
        Ammo(
            name=a["name"],
            key=a["key"],
            bv=a["bv"],
            kg_per_shot=a.get("kg_per_shot"),
            verified=bool(a.get("verified", True)),
            blk=tuple(a.get("blk") or ()),
            note=a.get("note") or "",
            era=a.get("era") or "seed",
        )
        for a in raw["ammo"]
    )
    equipment = tuple(
        Equipment(
            name=e["name"],
            bv=e["bv"],
            tons=e["tons"],
            defensive=bool(e.get("defensive")),
            verified=bool(e.get("verified", True)),
            aliases=tuple(e.get("aliases") or ()),
            blk=tuple(e.get("blk") or ()),
            source=e.get("source", ""),
            era=e.get("era") or "seed",
            bv_per_5_tons=bool(e.get("bv_per_5_tons")),
        )
        for e in raw.get("equipment") or ()
    )
    index: dict = {}
    for entry in weapons + ammo + equipment:  # canonical names first: they win over aliases
        index.setdefault(_norm(entry.name), entry)
    for entry in weapons + ammo + equipment:
        for spelling in tuple(getattr(entry, "aliases", ())) + entry.blk:
            index.setdefault(_norm(spelling), entry)
    for entry in weapons + ammo + equipment:
        for spelling in entry.blk:
            low = _norm(spelling)
            for prefix in _PREFIXES:
                if low.startswith(prefix):
                    index.setdefault(low[len(prefix) :], entry)
    return Catalogue(weapons, ammo, equipment, index)


def find_item(name: str) -> Weapon | Ammo | Equipment | None:
    """The catalogue entry for a name, alias or MegaMek name (case-insensitive), or None.

    A "Clan "/"CL " prefix may be added to any name; an "IS " name is not looked up without its
    prefix: the Inner Sphere item of that name has other values (IS ER Medium Laser: 5 damage)."""
    cat = catalogue()
    key = _norm(name)
    found = cat.index.get(key)
    if found is None:
        for prefix in _CLAN_PREFIXES:
            if key.startswith(prefix) and key[len(prefix) :] in cat.index:
                return cat.index[key[len(prefix) :]]
    return found


def weapons_for_ammo(key: str) -> list[Weapon]:
    return [w for w in catalogue().weapons if w.ammo == key]


# -- building ----------------------------------------------------------------------------------
def build(data: Mapping[str, Any]) -> Proto:
    """A :class:`Proto` from a schema-checked unit mapping (unknown item names are kept with
    ``item=None`` so :func:`validate` can report them with their line)."""
    mounts, bins = [], []
    for i, line in enumerate(data.get("equipment") or ()):
        name = str(line["item"]).strip()
        entry = find_item(name)
        location = line.get("location")
        if isinstance(entry, Ammo) or (entry is None and _norm(name).endswith(" ammo")):
            bins.append(AmmoBin(i, name, entry, line.get("shots"), location))
        else:
            mounts.append(Mount(i, name, entry, location))
    pilot = None
    if data.get("pilot") is not None:
        p = data["pilot"]
        pilot = Pilot(
            name=p.get("name") or "", gunnery=p.get("gunnery", default_gunnery()), nick=p.get("nick") or ""
        )
    return Proto(
        name=data["name"],
        model=data.get("model") or "",
        tons=data["tons"],
        motion=data.get("motion") or "biped",
        walk=data["walk"],
        jump=data.get("jump") or 0,
        jump_jets=data.get("jump_jets") or "standard",
        myomer_booster=bool(data.get("myomer_booster")),
        armor_type=data.get("armor_type") or "standard",
        armor={k: v for k, v in (data.get("armor") or {}).items()},
        mounts=tuple(mounts),
        ammo=tuple(bins),
        pilot=pilot,
        point=data.get("point") or "",
    )


def default_gunnery() -> int:
    return table("pilot")["gunnery_default"]


def gunnery(proto: Proto) -> int:
    """The pilot's Gunnery skill (the default when no pilot is given)."""
    return proto.pilot.gunnery if proto.pilot is not None else default_gunnery()


# -- derived values ----------------------------------------------------------------------------
def is_ultraheavy(proto: Proto) -> bool:
    return proto.tons >= table("locations")["ultraheavy_from_tons"]


def run_mp(proto: Proto) -> int:
    """Run MP = ceil(1.5 × Walk) (digest §5), raised to the motive type's minimum
    (``movement.yaml``) when the unit can walk at all."""
    run = (3 * proto.walk + 1) // 2
    minimum = table("movement")["run_minimum"].get(proto.motion)
    if proto.walk > 0 and minimum is not None:
        run = max(run, minimum)
    return run


def boosted_run_mp(proto: Proto) -> int | None:
    """Run MP with the myomer booster engaged (2 × Walk), or None without a booster."""
    return 2 * proto.walk if proto.myomer_booster else None


def max_jump_mp(proto: Proto) -> int:
    """Jump cap: Walk with standard jets, ceil(1.5 × Walk) with extended jets (digest §5)."""
    return (3 * proto.walk + 1) // 2 if proto.jump_jets == "extended" else proto.walk


def _per_location(proto: Proto, rows: dict) -> dict:
    row = rows[proto.tons]
    out = {}
    for loc in proto.locations:
        if loc in ARMS:
            out[loc] = row["arm"]
        elif loc == "legs":
            out[loc] = row["legs_quad"] if proto.motion == "quad" else row["legs"]
        else:
            out[loc] = row[loc]
    return out


def structure(proto: Proto) -> dict:
    """Internal structure per existing location (digest §3.1)."""
    return _per_location(proto, table("structure")["structure"])


def max_armor(proto: Proto) -> dict:
    """Maximum armour per existing location (digest §3.2)."""
    return _per_location(proto, table("structure")["max_armor"])


def armor(proto: Proto) -> dict:
    """Armour per existing location (0 where the file gives none)."""
    return {loc: proto.armor.get(loc, 0) for loc in proto.locations}


def crit_boxes(proto: Proto, variant: str | None) -> dict:
    """Box lists per existing location for a variant (see ``variants.yaml`` for the box fields)."""
    v = variant_data(variant)
    boxes = dict(v["crits"])
    if proto.motion == "glider":
        boxes.update(v.get("crits_glider") or {})
    return {loc: list(boxes.get(loc, ())) for loc in proto.locations}


def crit_box_counts(proto: Proto, variant: str | None) -> dict:
    return {loc: len(b) for loc, b in crit_boxes(proto, variant).items()}


def half_mp(value: int, variant: str | None) -> int:
    """Half of an MP value, rounded the variant's way (classic up, tw down; digest §4.4)."""
    if variant_data(variant)["halve_rounding"] == "up":
        return (value + 1) // 2
    return value // 2


def second_crit_mp(value: int, variant: str | None) -> int:
    """MP after the 2nd leg (Walk) or torso (Jump) crit: half of the ORIGINAL value, but never
    more than the 1st crit left (seed: the 2nd crit «уменьшает ... до половины от начального
    значения» — it reduces, so walk 1 stays 0 instead of rising back to 1)."""
    return min(half_mp(value, variant), max(value - 1, 0))


def damaged_movement(proto: Proto, variant: str | None) -> dict:
    """Walk/Run after 0–3 leg crits and Jump after 0–2 torso crits (halving from the original,
    never above the previous step)."""
    walks = [proto.walk, max(proto.walk - 1, 0), second_crit_mp(proto.walk, variant), 0]
    runs = [(3 * w + 1) // 2 for w in walks]
    jumps = [proto.jump, max(proto.jump - 1, 0), second_crit_mp(proto.jump, variant)]
    return {"walk": walks, "run": runs, "jump": jumps}


def physical_damage(proto: Proto, variant: str | None) -> int | None:
    """Damage of the ProtoMech's one physical attack (digest §6.1), None if no row applies."""
    for row in variant_data(variant)["physical_damage"]:
        if row["min_tons"] <= proto.tons <= row["max_tons"]:
            return row["damage"]
    return None


def _shape(motion: str) -> str:
    return "quad" if motion == "quad" else "biped"


def ways_2d6(roll: int) -> int:
    """How many of the 36 outcomes of 2D6 give ``roll``."""
    return 6 - abs(7 - roll) if 2 <= roll <= 12 else 0


def hit_table(motion: str, which: str = "standard") -> list[dict]:
    """Rows of a hit-location table: ``{roll, location, ways, probability}`` (probability "n/36")."""
    rows = table("hit_tables")[which][motion]
    return [
        {"roll": r, "location": loc, "ways": ways_2d6(r), "probability": f"{ways_2d6(r)}/36"}
        for r, loc in sorted(rows.items())
    ]


def roll_text(rolls: list[int]) -> str:
    """ "6-8" for a run of three or more rolls, otherwise "5, 9"."""
    rolls = sorted(rolls)
    parts, start = [], 0
    for i in range(1, len(rolls) + 1):
        if i == len(rolls) or rolls[i] != rolls[i - 1] + 1:
            run = rolls[start:i]
            parts.append(f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)))
            start = i
    return ", ".join(parts)


def grouped_hit_rows(motion: str, which: str = "standard") -> list[dict]:
    """The hit table grouped by location in order of first roll: ``{location, rolls, roll_text,
    ways, probability}`` (fresh dicts and lists: a caller may change its copy)."""
    key = (id(table("hit_tables")), motion, which)  # (the table object: a --data-dir run has its own)
    found = _GROUPED.get(key)
    if found is None:
        found = _GROUPED[key] = _grouped_hit_rows(motion, which)
    return [dict(g, rolls=list(g["rolls"])) for g in found]


_GROUPED: dict[tuple[int, str, str], list[dict]] = {}


def _grouped_hit_rows(motion: str, which: str) -> list[dict]:
    groups: dict = {}
    for row in hit_table(motion, which):
        groups.setdefault(row["location"], []).append(row["roll"])
    out = []
    for loc, rolls in groups.items():
        ways = sum(ways_2d6(r) for r in rolls)
        out.append(
            {
                "location": loc,
                "rolls": rolls,
                "roll_text": roll_text(rolls),
                "ways": ways,
                "probability": f"{ways}/36",
            }
        )
    return out


def determining_crits() -> list[dict]:
    """Determining Critical Hits rows ``{roll_text, crits, verified}`` (digest §4.1)."""
    return [
        {
            "roll_text": str(r["min"]) if r["min"] == r["max"] else f"{r['min']}-{r['max']}",
            "crits": r["crits"],
            "verified": r["verified"],
        }
        for r in table("hit_tables")["determining_crits"]
    ]


def torso_items(proto: Proto) -> list[Mount]:
    """Known items mounted in the torso, in file order (torso weapon A, B, ...)."""
    return [m for m in proto.mounts if m.location == "torso" and m.item is not None]


def _faces_text(faces: list[int]) -> str:
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"


def torso_weapon_roll(proto: Proto, variant: str | None) -> list[dict]:
    """The 1D6 torso-weapon table: ``{faces, weapon, label}``; weapon is an item name, or None
    with label "no_effect" (classic: digest §4.4 A/B slots; tw: faces per torso item). An empty
    list means "no torso weapons" (a table of three "No Effect" lines says nothing: issue 23)."""
    rule = variant_data(variant)["torso_weapon_roll"]
    items = [m.item.name for m in torso_items(proto) if m.item is not None]
    if not items:
        return []
    if rule["mode"] == "fixed":
        out = []
        for entry in rule["entries"]:
            n = entry["weapon"]
            name = items[n - 1] if n is not None and n <= len(items) else None
            out.append(
                {"faces": _faces_text(entry["faces"]), "weapon": name, "label": None if name else "no_effect"}
            )
        return out
    per = rule["faces_per_item"][proto.motion if proto.motion in rule["faces_per_item"] else "biped"]
    out, face = [], 1
    for name in items[: 6 // per]:
        out.append({"faces": _faces_text(list(range(face, face + per))), "weapon": name, "label": None})
        face += per
    if face <= 6:
        out.append({"faces": _faces_text(list(range(face, 7))), "weapon": None, "label": "no_effect"})
    return out


def pilot_damage_on_destruction(
    location: str, crits_taken: int, variant: str | None, reading: str | None = None, boxes: int | None = None
) -> int:
    """Pilot hits when a location is destroyed after ``crits_taken`` of its boxes were crossed.

    classic: each box crossed by the destruction is a hit (``reading="per_box"``, the literal
    reading of the seed, unverified) or none (``reading="none"``); ``boxes`` = the location's box
    count. tw: the fixed damage of the location minus what its crits already did.
    """
    v = variant_data(variant)
    rule = v["destroyed_location_pilot_damage"]
    if isinstance(rule, dict):
        already = sum(1 for b in v["crits"].get(location, ())[:crits_taken] if b["pilot_hit"])
        return max(rule.get(location, 0) - already, 0)
    if (reading or rule) == "none":
        return 0
    total = len(v["crits"].get(location, ())) if boxes is None else boxes
    return max(total - crits_taken, 0)


# -- eras (equipment later than the seed) ------------------------------------------------------
def later_equipment(proto: Proto, variant: str | None) -> list[tuple[KeyPath, str]]:
    """(path, name) of each feature or item of the unit that is not of an era the variant allows
    (``eras.yaml``): under ``classic``, everything later than the original ProtoMech rules."""
    eras = table("eras")
    allowed = set(eras["allowed"][variant or DEFAULT_VARIANT])
    features = eras["features"]
    out: list[tuple[KeyPath, str]] = []
    if proto.myomer_booster and features["myomer_booster"] not in allowed:
        out.append((("myomer_booster",), N_("myomer booster")))
    if proto.jump_jets == "extended" and features["extended_jump_jets"] not in allowed:
        out.append((("jump_jets",), N_("extended jump jets")))
    armor_era = table("armor_types")["armor_types"][proto.armor_type]["era"]
    if armor_era not in allowed:
        out.append((("armor_type",), f"{proto.armor_type.upper()} armour"))
    for m in proto.mounts:
        if m.item is not None and m.item.era not in allowed:
            out.append((("equipment", m.index, "item"), m.item.name))
    for b in proto.ammo:
        if b.ammo is not None and b.ammo.era not in allowed:
            out.append((("equipment", b.index, "item"), b.ammo.name))
    return out


def _later_word(name: str) -> str:
    """A later feature of :func:`later_equipment` in the current language (an item keeps its name)."""
    if name.endswith(" armour"):
        return _("{kind} armour").format(kind=name[: -len(" armour")])
    return tr(name)


def _printed(prefix: str, key: str) -> str:
    """A location or a motive type named as the Russian sheet prints it (``loc_torso`` «торс»);
    in English the key as the unit file writes it."""
    words = labels("battletech").get(f"{prefix}_{key}")
    if current_lang() == DEFAULT_LANG or not words:
        return key
    return words[current_lang()].lower()


def _check_eras(proto: Proto, variant: str, strict: bool) -> list[RuleIssue]:
    return [
        RuleIssue(
            path,
            (
                _("{name} is not in the classic ProtoMech rules (later equipment; use rules: tw)")
                if strict
                else _(
                    "{name} is not in the classic ProtoMech rules (later equipment; use rules: tw), marked † on the sheet"
                )
            ).format(name=_later_word(name)),
            "error" if strict else "warning",
            code="bt-later-equipment",
        )
        for path, name in later_equipment(proto, variant)
    ]


# -- validation --------------------------------------------------------------------------------
def validate(proto: Proto, variant: str | None, strict: bool = False) -> list[RuleIssue]:
    """Rule checks; each issue has a path into the unit mapping (errors, and warnings for the
    construction limits the digest says to warn about, and for equipment later than the variant;
    ``strict`` makes those an error)."""
    variant = variant or DEFAULT_VARIANT
    v = variant_data(variant)
    issues: list[RuleIssue] = _check_eras(proto, variant, strict)
    if not v["tons"]["min"] <= proto.tons <= v["tons"]["max"]:
        what = _("ultraheavy (10-15 t)") if is_ultraheavy(proto) else _("{tons} t").format(tons=proto.tons)
        issues.append(
            RuleIssue(
                ("tons",),
                _(
                    "{tons} t: {what} ProtoMechs are not allowed under rules: {variant} ({low}-{high} t; use rules: tw)"
                ).format(
                    tons=proto.tons, what=what, variant=variant, low=v["tons"]["min"], high=v["tons"]["max"]
                ),
                code="bt-tons",
            )
        )
    if proto.motion not in v["motions"]:
        issues.append(
            RuleIssue(
                ("motion",),
                _(
                    "motion {motion} is not allowed under rules: {variant} (allowed: {allowed}; use rules: tw)"
                ).format(motion=repr(proto.motion), variant=variant, allowed=", ".join(v["motions"])),
                code="bt-motion",
            )
        )
    issues += _check_armor(proto)
    issues += _check_movement(proto)
    issues += _check_mounts(proto)
    issues += _check_ammo(proto)
    issues += _check_limits(proto)
    return issues


def _check_armor(proto: Proto) -> list[RuleIssue]:
    issues = []
    limits = max_armor(proto)
    for loc, points in proto.armor.items():
        if loc in ARMS and proto.motion == "quad":
            if points:
                issues.append(
                    RuleIssue(
                        ("armor", loc),
                        _(
                            "a quad has no arms: {location} armour must be 0 or left out (got {points})"
                        ).format(location=_printed("loc", loc), points=points),
                        code="bt-armour",
                    )
                )
        elif loc == "main_gun" and not proto.has_main_gun:
            if points:
                issues.append(
                    RuleIssue(
                        ("armor", loc),
                        _("main gun armour {points} given, but no equipment is in location main_gun").format(
                            points=points
                        ),
                        code="bt-armour",
                    )
                )
        elif points > limits[loc]:
            issues.append(
                RuleIssue(
                    ("armor", loc),
                    _(
                        "{location} armour {points} exceeds the maximum {limit} for a {tons} t {motion}"
                    ).format(
                        location=_printed("loc", loc),
                        points=points,
                        limit=limits[loc],
                        tons=proto.tons,
                        motion=_printed("motion", proto.motion),
                    ),
                    code="bt-armour",
                )
            )
    return issues


def _check_movement(proto: Proto) -> list[RuleIssue]:
    cap = max_jump_mp(proto)
    if proto.jump > cap:
        if proto.jump_jets == "extended":
            template = _("jump {jump} exceeds the maximum {cap} (walk {walk}, extended jump jets)")
        else:
            template = _("jump {jump} exceeds the maximum {cap} (walk {walk}, standard jump jets)")
        return [
            RuleIssue(("jump",), template.format(jump=proto.jump, cap=cap, walk=proto.walk), code="bt-jump")
        ]
    return []


def _unknown(name: str) -> str:
    return _("unknown item {name}{hint}").format(
        name=repr(name), hint=did_you_mean(name, catalogue().names())
    )


def _check_mounts(proto: Proto) -> list[RuleIssue]:
    issues = []
    for m in proto.mounts:
        if m.item is None:
            issues.append(RuleIssue(("equipment", m.index, "item"), _unknown(m.name), code="bt-unknown-item"))
            continue
        if m.location is None:
            issues.append(
                RuleIssue(
                    ("equipment", m.index, "item"),
                    _("{item} needs a location (one of {locations})").format(
                        item=m.item.name, locations=", ".join(LOCATIONS)
                    ),
                    code="bt-location",
                )
            )
            continue
        if m.location in ARMS and proto.motion == "quad":
            issues.append(
                RuleIssue(
                    ("equipment", m.index, "location"),
                    _("a quad has no arms: {item} cannot go in {location}").format(
                        item=m.item.name, location=_printed("loc", m.location)
                    ),
                    code="bt-location",
                )
            )
        if isinstance(m.item, Weapon) and m.item.main_gun_only and m.location != "main_gun":
            issues.append(
                RuleIssue(
                    ("equipment", m.index, "location"),
                    _("{item} may only be mounted in the main gun, not {location}").format(
                        item=m.item.name, location=_printed("loc", m.location)
                    ),
                    code="bt-location",
                )
            )
    return issues


def _check_ammo(proto: Proto) -> list[RuleIssue]:
    issues = []
    carried = {m.item.ammo for m in proto.mounts if isinstance(m.item, Weapon) and m.item.ammo}
    for b in proto.ammo:
        if b.ammo is None:
            issues.append(RuleIssue(("equipment", b.index, "item"), _unknown(b.name), code="bt-unknown-item"))
            continue
        if b.location is not None:
            issues.append(
                RuleIssue(
                    ("equipment", b.index, "location"),
                    _("{item} takes no location (ammo is stored in the body)").format(item=b.ammo.name),
                    code="bt-location",
                )
            )
        if b.shots is None:
            issues.append(
                RuleIssue(
                    ("equipment", b.index, "item"),
                    _("{item} needs 'shots:' (the number of shots)").format(item=b.ammo.name),
                    code="bt-ammo",
                )
            )
        if b.ammo.key not in carried:
            users = ", ".join(w.name for w in weapons_for_ammo(b.ammo.key)) or _("none")
            issues.append(
                RuleIssue(
                    ("equipment", b.index, "item"),
                    _("{item}: the unit carries no weapon that fires it ({users})").format(
                        item=b.ammo.name, users=users
                    ),
                    code="bt-ammo",
                )
            )
    return issues


def _check_limits(proto: Proto) -> list[RuleIssue]:
    data = table("locations")["limits"]
    limits = data["ultraheavy" if is_ultraheavy(proto) else "standard"][_shape(proto.motion)]
    issues = []
    by_loc: dict = {}
    for m in proto.mounts:
        if m.item is not None and m.location is not None:
            by_loc.setdefault(m.location, []).append(m)
    for loc, mounts in by_loc.items():
        if loc not in proto.locations:
            continue  # a location the unit lacks (quad arms) is reported as an error already
        lim = limits["arm" if loc in ARMS else loc]
        if len(mounts) > lim["slots"]:
            extra = mounts[lim["slots"]]
            issues.append(
                RuleIssue(
                    ("equipment", extra.index, "location"),
                    ngettext(
                        "{location} holds {n} item; the limit is {limit}",
                        "{location} holds {n} items; the limit is {limit}",
                        len(mounts),
                    ).format(location=_printed("loc", loc), n=len(mounts), limit=lim["slots"]),
                    "warning",
                    code="bt-slots",
                )
            )
        weight = sum(m.item.tons for m in mounts)
        if lim["tons"] is not None and weight > lim["tons"] + 1e-9 and lim["slots"] > 0:
            issues.append(
                RuleIssue(
                    ("equipment", mounts[-1].index, "location"),
                    _("{location} carries {weight} t; the limit is {limit} t").format(
                        location=_printed("loc", loc), weight=f"{weight:g}", limit=f"{lim['tons']:g}"
                    ),
                    "warning",
                    code="bt-weight",
                )
            )
    return issues


# -- render-ready description ------------------------------------------------------------------
def inventory(proto: Proto) -> list[dict]:
    """Weapon/equipment rows grouped by identical item + location, in first-appearance order."""
    rows: dict = {}
    for m in proto.mounts:
        if m.item is None:
            continue
        key = (m.item.name, m.location)
        if key in rows:
            rows[key]["qty"] += 1
            continue
        w = m.item if isinstance(m.item, Weapon) else None
        rows[key] = {
            "qty": 1,
            "name": m.item.name,
            "location": m.location,
            "loc": f"loc_{m.location}",
            "loc_abbr": f"loc_abbr_{m.location}",
            "damage": w.damage if w else None,
            "codes": w.codes if w else "",
            "min": w.min if w else None,
            "short": w.short if w else None,
            "medium": w.medium if w else None,
            "long": w.long if w else None,
            "verified": m.item.verified,
        }
    return list(rows.values())


def chance_2d6(target: int) -> int:
    """Ways out of 36 to roll ``target`` or more on 2D6 (2 or less: 36; 13 or more: 0)."""
    return sum(ways_2d6(r) for r in range(max(2, target), 13))


def to_hit_odds(row: dict, gunnery_skill: int, variant: str | None) -> dict | None:
    """Base to-hit numbers of one inventory row (``data/battletech/to_hit.yaml``): Gunnery + the
    band's range modifier + the weapon's own modifier, per band that has hexes in it, and inside
    the minimum range the numbers from the minimum (+1) down to 1 hex (+min). ``None`` for items
    without ranges. Shape: ``{"bands": [{"band", "to_hit", "ways"}], "minimum": None | {"hexes",
    "best", "worst", "ways_best", "ways_worst"}}`` (ways out of 36)."""
    if not row.get("short"):
        return None
    data = table("to_hit")
    v = data[variant or DEFAULT_VARIANT]
    base = gunnery_skill + int((data.get("weapon_modifiers") or {}).get(row["name"], 0))
    m = row.get("min") or 0
    bands, last = [], m if v["minimum_range"] else 0
    for band in ("short", "medium", "long"):
        reach = row.get(band) or 0
        if reach > last:  # a band with hexes in it (Heavy MG 1/2/2 has no long band; the short
            # hexes inside a minimum range are the minimum-range entry)
            n = base + v["range"][band]
            bands.append({"band": band, "to_hit": n, "ways": chance_2d6(n)})
            last = reach
    minimum = None
    if m and v["minimum_range"]:
        best, worst = base + v["range"]["short"] + 1, base + v["range"]["short"] + m
        minimum = {
            "hexes": m,
            "best": best,
            "worst": worst,
            "ways_best": chance_2d6(best),
            "ways_worst": chance_2d6(worst),
        }
    return {"bands": bands, "minimum": minimum}


def odds_legend(variant: str | None) -> dict:
    """What the printed to-hit numbers leave out (label keys) and whether the variant's range
    modifiers are confirmed."""
    v = table("to_hit")[variant or DEFAULT_VARIANT]
    return {"not_included": list(v["not_included"]), "verified": bool(v["verified"])}


def ammo_lines(proto: Proto) -> list[dict]:
    """Ammo totals per ammo type: ``{name, weapon, shots, verified}`` (weapon = what fires it)."""
    out: dict = {}
    for b in proto.ammo:
        if b.ammo is None:
            continue
        row = out.setdefault(
            b.ammo.name,
            {
                "name": b.ammo.name,
                "weapon": b.ammo.name.removesuffix(" Ammo"),
                "shots": 0,
                "verified": b.ammo.verified,
            },
        )
        row["shots"] += b.shots or 0
    return list(out.values())


def movement(proto: Proto) -> list[dict]:
    """Movement fields ``{key, value}``: Walk/Run/Jump (gliders: Ground/Cruise/Flank); a boosted
    run prints "normal [boosted]"."""
    run = str(run_mp(proto))
    if proto.myomer_booster:
        run = f"{run} [{boosted_run_mp(proto)}]"
    if proto.motion == "glider":
        rows = [
            {"key": "ground", "value": "1"},
            {"key": "cruise", "value": str(proto.walk)},
            {"key": "flank", "value": run},
        ]
        if proto.jump:
            rows.append({"key": "jump", "value": str(proto.jump)})
        return rows
    return [
        {"key": "walk", "value": str(proto.walk)},
        {"key": "run", "value": run},
        {"key": "jump", "value": str(proto.jump)},
    ]


def crit_rows(proto: Proto, variant: str | None) -> list[dict]:
    """Rows of the HIT LOCATIONS AND CRITICAL HITS table (see :func:`sheets.games.battletech.view.sheet_data`)."""
    v = variant_data(variant)
    boxes = crit_boxes(proto, variant)  # every existing location, glider rows already applied
    rows = []
    for group in grouped_hit_rows(proto.motion):
        loc = group["location"]
        row = {
            "roll_text": group["roll_text"],
            "rolls": group["rolls"],
            "probability": group["probability"],
            "location": loc,
            "label": f"loc_{loc}",
            "exists": True,
            "note": None,
            "effect": None,
            "boxes": [],
        }
        if loc == "near_miss":
            row["note"] = "near_miss_note"
        elif loc == "wings":
            row["effect"] = v.get("wings_effect")
        elif loc == "main_gun" and not proto.has_main_gun:
            row.update(exists=False, note="main_gun_none_torso")
        else:
            row["boxes"] = [
                {
                    "index": i + 1,
                    "kind": b["kind"],
                    "pilot_hit": b["pilot_hit"],
                    "effect": b["effect"],
                    "torso_weapon_roll": bool(b.get("torso_weapon_roll")),
                }
                for i, b in enumerate(boxes[loc])
            ]
        rows.append(row)
    return rows
