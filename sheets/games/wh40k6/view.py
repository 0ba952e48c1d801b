"""Render-ready, JSON-ready descriptions of wh40k6 units: ``info``, army-list rows and the
datasheet's unit-type box. Fixed words are label keys of ``data/wh40k6/labels.yaml`` (resolved
here for a language); user text passes through. Pure Python."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace

from sheets.core.data import decimal, labels, load_data
from sheets.games.wh40k6.model import Model, TypeRules, Unit, Weapon


def L(lang: str) -> Callable[[str], str]:
    table = labels("wh40k6")
    return lambda key: table[key][lang]


@functools.cache
def glossary() -> dict:
    """Rule name (lower case, aliases too) → (canonical name, entry)."""
    out = {}
    for name, entry in (load_data("wh40k6/rules_glossary.yaml")["rules"] or {}).items():
        out[name.lower()] = (name, entry)
        for a in entry.get("aliases") or ():
            out[str(a).lower()] = (name, entry)
    return out


def game_title(lang: str) -> str:
    return {"en": "Warhammer 40,000 (6th edition)", "ru": "Вархаммер 40 000 (6-я редакция)"}[lang]


def lookup(name: str) -> tuple[tuple | None, str]:
    """(glossary hit or None, a value the name carries): ``Feel No Pain (6+)`` is Feel No Pain
    with `` (6+)``, ``Preferred Enemy (Everyone)`` Preferred Enemy with `` (Everyone)``."""
    key = " ".join(name.split()).lower()
    hit = glossary().get(key)
    if hit is not None:
        return hit, ""
    m = re.fullmatch(r"(.+?)\s*(\([^()]*\))", " ".join(name.split()))
    if m and glossary().get(m.group(1).lower()) is not None:
        return glossary()[m.group(1).lower()], f" {m.group(2)}"
    return None, ""


def rule_name(name: str, lang: str) -> str:
    """The rule's name in ``lang`` (the Russian rulebook's term when the glossary has it)."""
    hit, value = lookup(name)
    if hit is None:
        return name
    return (hit[1]["ru"] if lang == "ru" else hit[0]) + value


def type_name(tr: TypeRules, lang: str, character: bool = True) -> str:
    t = L(lang)
    name = t(tr.label)
    tags = [k for k in tr.tag_labels if character or k != "tag_character"]
    if tags:
        name += f" ({', '.join(t(k) for k in tags)})"
    return name


def movement(tr: TypeRules | None) -> dict:
    if tr is None:
        return {}
    return {
        "move": tr.move,
        "run": tr.run,
        "run_kind": tr.run_kind,
        "charge": tr.charge,
        "fall_back": tr.fall_back,
    }


def _dagger(tr: TypeRules, field: str) -> str:
    return "†" if field in tr.unverified else ""


def type_box(tr: TypeRules, lang: str) -> dict:
    """The unit-type box: a title line, the movement line, granted rules and limits (texts in ``lang``).

    e.g. ``Bike · Move 12" · Turbo-boost 12" · Charge 2D6" · Fall back 3D6"``."""
    t = L(lang)
    parts = [f"{t('mv_move')} {tr.move}{_dagger(tr, 'move')}"]
    if tr.run != "–":
        parts.append(f"{t('mv_' + tr.run_kind)} {tr.run}{_dagger(tr, 'run')}")
    if tr.charge != "–":
        parts.append(f"{t('mv_charge')} {tr.charge}{_dagger(tr, 'charge')}")
    if tr.fall_back != "–":
        parts.append(f"{t('mv_fall_back')} {tr.fall_back}{_dagger(tr, 'fall_back')}")
    rules = ", ".join(rule_name(r, lang) for r in tr.rules)
    if rules and "rules" in tr.unverified:
        rules += "†"
    return {
        "title": type_name(tr, lang, character=False),  # the rules do not depend on it
        "movement": " · ".join(parts),
        "rules": rules,
        "shooting": [t(k) for k in tr.shooting],
        "cannot": [t(k) for k in tr.cannot],
        "notes": [t(k) + ("†" if "notes" in tr.unverified else "") for k in tr.notes],
        "verified": tr.verified,
    }


def type_line(tr: TypeRules, lang: str) -> str:
    """The whole unit-type box as one line (tests, text output)."""
    box = type_box(tr, lang)
    bits = [box["title"], box["movement"]]
    for k in ("rules",):
        if box[k]:
            bits.append(box[k])
    bits += box["shooting"] + box["cannot"]
    return " · ".join(bits)


def _profile(m: Model) -> dict:
    if m.type.is_vehicle:
        p = {"bs": m.stats["bs"], **m.armour, "hp": m.hp}
        if m.type.is_walker:
            p.update({k: m.stats[k] for k in ("ws", "s", "i", "a")})
        if m.save is not None:
            p["sv"] = m.save.text
        return p
    p = dict(m.stats)
    p["sv"] = m.save.text if m.save else None
    return p


def info(unit: Unit, lang: str = "en") -> dict:
    main = unit.main_type()
    t = L(lang)
    shooting = []
    granted = []
    for tr in unit.types():
        shooting += [t(k) for k in tr.shooting if t(k) not in shooting]
        granted += [r for r in tr.rules if r not in granted]
    return {
        "system": "wh40k6",
        "name": unit.name,
        "slot": unit.slot,
        "detachment": unit.detachment,
        "points": unit.points,
        "model_count": unit.model_count,
        "models": [
            {
                "name": m.name,
                "count": m.count,
                "type": m.type.text,
                "type_id": m.type.base,
                "character": m.type.character,
                "vehicle_tags": list(m.type.tags),
                "profile": _profile(m),
                "boxes_per_model": m.boxes,
            }
            for m in unit.models
        ],
        # the unit's type: its moving type, "(character)" only when every model is one
        "unit_type": (
            main.type.text
            if all(m.type.character for m in unit.models)
            else replace(main.type, character=False).text
        )
        if main
        else None,
        "movement": movement(main),
        "granted_rules": granted,
        "shooting_limit": "; ".join(shooting) or None,
        "cannot": [t(k) for tr in unit.types() for k in tr.cannot],
        "rules": list(unit.rules),
        "weapons": [
            {"name": w.name, "count": w.count, "range": w.range, "s": w.s, "ap": w.ap, "type": w.type}
            for w in unit.weapons
        ],
        "verified": all(tr.verified for tr in unit.types()),
        "unverified": sorted({f"{tr.type.text}: {f}" for tr in unit.types() for f in tr.unverified}),
    }


def info_text(unit: Unit, lang: str) -> dict:
    """``info`` as the text form of ``sheets info`` prints it: slot, detachment, model and unit
    types, movement, granted rules and the unverified fields in ``lang`` (the JSON keeps ids)."""
    t = L(lang)
    row = info(unit, lang)
    row["slot"] = t(f"slot_{unit.slot}")
    row["detachment"] = t(f"det_{unit.detachment}")
    for out, m in zip(row["models"], unit.models):
        out["type"] = type_name(m.rules, lang)  # tags and "character" included
        for k in ("type_id", "character", "vehicle_tags"):
            out.pop(k, None)
    main = unit.main_type()
    if main is not None:
        row["unit_type"] = type_name(main, lang, character=all(m.type.character for m in unit.models))
        row["movement"] = type_box(main, lang)["movement"]
    row["granted_rules"] = [rule_name(r, lang) for r in row["granted_rules"]]
    fields = labels("wh40k6")
    row["unverified"] = sorted(
        {
            f"{type_name(tr, lang)}: {fields[f'info_{f}'][lang] if f'info_{f}' in fields else f}"
            for tr in unit.types()
            for f in tr.unverified
        }
    )
    return row


def roster_row(unit: Unit, lang: str) -> dict:
    t = L(lang)
    main = unit.main_type()
    return {
        "name": unit.name,
        "cost": unit.points,
        "slot": t(f"slot_{unit.slot}")
        + ("" if unit.detachment == "primary" else f" ({t('det_' + unit.detachment)})"),
        "models": unit.model_count,
        "type": type_name(main, lang, character=all(m.type.character for m in unit.models)) if main else "",
    }


# -- the odds on datasheets ---------------------------------------------------------------------------


def odds_headers(lang: str) -> list[str]:
    """Column headings of the odds: one per reference target, then the vehicles' column."""
    from sheets.games.wh40k6.rules import odds_table

    t = L(lang)
    table = odds_table()
    heads = [t("odds_target").format(t=x["t"], sv=x["sv"]) for x in table["targets"]]
    return heads + [t("odds_vehicles").format(av="/".join(str(a) for a in table["vehicles"]))]


def odds_cells(unit: Unit, weapon: Weapon, lang: str) -> list[str]:
    """The odds cells of one weapon row: expected unsaved wounds per reference target, and the
    expected hull points per reference Armour Value (– where the weapon cannot hurt it or fights
    in close combat). ``*`` marks a blast / template weapon (per model under it), ``†`` a special
    rule read without a source."""
    from sheets.games.wh40k6.rules import odds_table, weapon_odds

    o = weapon_odds(unit, weapon)
    n = len(odds_table()["targets"])
    if o is None:
        return ["–"] * (n + 1)
    mark = (
        ("*" if o["per_model"] else "")
        + ("†" if o["unverified"] else "")
        + ("‡" if o.get("grenade_unverified") else "")
    )
    cells = ["–" if x is None else decimal(x, lang) + mark for x in o["targets"]]
    hp = [x for x in o["vehicles"]]
    if all(x is None or x == 0 for x in hp):
        cells.append("–")
    else:
        cells.append(" / ".join("–" if not x else decimal(x, lang) for x in hp) + mark)
    return cells


def odds_legend(lang: str) -> str:
    """What the odds on the datasheets count and what they leave out (the glossary page)."""
    from sheets.games.wh40k6.rules import odds_table

    t = L(lang)
    table = odds_table()
    targets = t("odds_and").join(t("odds_target").format(t=x["t"], sv=x["sv"]) for x in table["targets"])
    return t("odds_legend").format(
        targets=targets, ws=table["close_combat_ws"], av="/".join(str(a) for a in table["vehicles"])
    )


def odds_marks(lang: str, per_model: bool, unverified: bool, grenade: bool = False) -> str:
    """What the odds' marks used on a page mean (the end of its odds' line)."""
    t = L(lang)
    return " ".join(
        ([t("odds_per_model")] if per_model else [])
        + ([t("odds_unverified")] if unverified else [])
        + ([t("odds_grenade")] if grenade else [])
    )


def odds_short(lang: str, per_model: bool, unverified: bool, grenade: bool = False) -> str:
    """The odds' line of a page (once per page with odds): what the odds are, and the marks used
    on that page."""
    t = L(lang)
    return " ".join(
        [t("odds_short")]
        + ([t("odds_per_model")] if per_model else [])
        + ([t("odds_unverified")] if unverified else [])
        + ([t("odds_grenade")] if grenade else [])
    )


def weapon_lines(unit: Unit) -> list[tuple]:
    """The weapon rows a datasheet prints: ``(weapon, carrier label)``. The same weapon carried
    by several model lines with the same profile for it (BS and S; for a close-combat weapon WS, S
    and A) is one row: without a label when those lines are all the unit's (``Bolt Pistol ×10``),
    else naming them (``Lasrifle (Sergeant, Auxiliary) ×18``); the odds then use the first of
    them. A line with another profile keeps its row."""
    from sheets.games.wh40k6.rules import is_melee

    lines = {m.name: m for m in unit.models}
    groups: dict[tuple, list] = {}
    for w in unit.weapons:
        groups.setdefault((w.name, w.range, w.s, w.ap, w.type, w.ap_text), []).append(w)
    out = []
    for group in groups.values():
        need = ("ws", "s", "a") if is_melee(group[0]) else ("bs", "s")
        clusters: dict = {}
        for w in group:
            m = lines.get(w.carrier) if w.carrier else None
            key = ("line", tuple(m.stats.get(k) for k in need)) if m is not None else ("own", id(w))
            clusters.setdefault(key, []).append(w)
        for members in clusters.values():
            carriers = list(dict.fromkeys(w.carrier for w in members))
            if len(members) == 1:
                out.append((members[0], members[0].carrier))
                continue
            label = "" if len(carriers) == len(lines) else ", ".join(carriers)
            out.append((replace(members[0], count=sum(w.count for w in members)), label))
    return out


_TYPE_PART = re.compile(r"^(.*?)\s*((?:\d+|D\d+)(?:\s*/\s*\d+)?)?$", re.IGNORECASE)


def weapon_type(text: str, lang: str) -> str:
    """A weapon's type as the datasheet prints it in ``lang``: each comma-separated part the
    glossary knows (weapon types, special rules) in the rulebook's words, its number kept
    (``Heavy 3, Pinning`` → ``Тяжёлое 3, Подавление``); a part it does not know stays as the
    roster wrote it. A dash for none."""
    text = " ".join(str(text or "").split())
    if not text or text in ("-", "–"):
        return "–"
    if lang == "en":
        return text
    t = L(lang)
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        m = _TYPE_PART.match(part)
        name, number = (m.group(1), m.group(2)) if m else (part, None)
        if name.lower() in ("melee", "close combat"):
            out.append(t("ds_melee") + (f" {number}" if number else ""))
            continue
        hit, value = lookup(name) if name else (None, "")
        if hit is None:
            out.append(part)
        else:
            out.append(hit[1]["ru"] + value + (f" {number}" if number else ""))
    return ", ".join(out) or "–"
