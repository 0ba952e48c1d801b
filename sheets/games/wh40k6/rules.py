"""Warhammer 40,000 6th edition rules core: building units, profile checks, the Force
Organisation Chart and the attack calculator (exact distributions). Pure Python; every table
comes from ``data/wh40k6/*.yaml``."""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

from sheets.core.errors import RuleIssue
from sheets.data import load_data
from sheets.games.wh40k6.model import ARMOUR, STATS, Model, Unit, Weapon, parse_save, type_table

# -- units ----------------------------------------------------------------------------------------

_MODEL_NEEDS = ("ws", "bs", "s", "t", "w", "i", "a", "ld")
# BS may be a dash on a vehicle: drop pods and other weaponless transports print "BS –"
_VEHICLE_NEEDS = ("front", "side", "rear", "hp")
_WALKER_NEEDS = ("ws", "s", "i", "a")


def build_unit(data) -> Unit:
    models = []
    for m in data["models"]:
        mt = m["type"]
        stats = {s: m.get(s) for s in STATS}
        save = m.get("sv")
        if mt.kind == "gun":  # the fixed gun profile fills what the file leaves out
            prof = type_table()["types"][mt.base].get("profile") or {}
            stats["t"] = stats["t"] if stats["t"] is not None else prof.get("T")
            stats["w"] = stats["w"] if stats["w"] is not None else prof.get("W")
            if save is None and prof.get("Sv"):
                save = parse_save(prof["Sv"])
        models.append(Model(name=m["name"], count=m["count"], type=mt, stats=stats, save=save,
                            armour={a: m.get(a) for a in ARMOUR}, hp=m.get("hp"),
                            type_text=m.get("type_text") or ""))
    weapons = [Weapon(w["name"], w["count"], w["range"], w["s"], w["ap"], w["type"],
                      w.get("ap_text") or "", w.get("carrier") or "") for w in data["weapons"]]
    return Unit(name=data["name"], slot=data["slot"], detachment=data["detachment"], points=data["points"],
                models=models, weapons=weapons, rules=list(data["rules"]), notes=data["notes"],
                wargear=list(data.get("wargear") or ()),
                transport=dict(data["transport"]) if data.get("transport") else None,
                building=dict(data["building"]) if data.get("building") else None,
                transport_of=data.get("transport_of") or "", gaps=list(data.get("gaps") or ()),
                roster_text={t["name"]: t["text"] for t in data.get("roster_text") or ()})


def validate_unit(unit: Unit) -> list[RuleIssue]:
    """Profile columns against the model's type: a model line needs WS BS S T W I A Ld, a vehicle
    BS and its armour values and hull points, a walker also WS S I A."""
    issues = []
    if not unit.models and not unit.building:  # an import without a model profile: its gap says so
        issues.append(RuleIssue(("models",), "needs at least 1 model (or a 'building:')",
                                "warning" if unit.gaps else "error"))
    if unit.gaps:
        issues.append(RuleIssue(("gaps",), "imported with gaps: " + "; ".join(unit.gaps), "warning"))
    # an import that could not read a value prints it as a dash: the gap is a warning, not a refusal
    gap = "warning" if unit.gaps else "error"
    for i, m in enumerate(unit.models):
        mt = m.type
        where = ("models", i)
        if mt.kind == "gun":
            continue
        given = {**m.stats, **m.armour, "hp": m.hp}
        if mt.is_vehicle:
            need = _VEHICLE_NEEDS + (_WALKER_NEEDS if mt.is_walker else ())
            for col in need:
                if given.get(col) is None:
                    issues.append(RuleIssue(where, f"model {m.name!r} ({mt.text}) needs '{col}'", gap))
            for col in ("t", "w", "ld"):
                if given.get(col) is not None:
                    issues.append(RuleIssue(where + (col,), f"model {m.name!r}: a vehicle has armour "
                                            f"values and hull points, not '{col}'"))
        else:
            for col in _MODEL_NEEDS:
                if given.get(col) is None:
                    issues.append(RuleIssue(where, f"model {m.name!r} ({mt.text}) needs '{col}'", gap))
            for col in (*ARMOUR, "hp"):
                if given.get(col) is not None:
                    issues.append(RuleIssue(where + (col,), f"model {m.name!r} ({mt.text}) is not a "
                                            f"vehicle: '{col}' belongs to vehicles"))
    return issues


# -- Force Organisation Chart ----------------------------------------------------------------------

@functools.cache
def foc_table() -> dict:
    """The whole Force Organisation data; its top level is the 6th-edition chart."""
    return load_data("wh40k6/foc.yaml")


def chart_table(chart: str | None = "6th") -> dict | None:
    """The Force Organisation chart ``chart`` (``6th``, ``7th``, ``hh1``) with the shared slot
    list, or None when no chart is known for it (the list is then tallied, not checked)."""
    table = foc_table()
    if chart in (None, "6th"):
        return table
    other = (table.get("charts") or {}).get(chart)
    if other is None:
        return None
    return {"slots": table["slots"], **other}


def detachment_factor(limit, table: dict | None = None) -> int:
    """How many detachments of each kind the points limit allows (2 at 2000 points or more)."""
    extra = (table if table is not None else foc_table()).get("extra_detachment") or {}
    if limit is not None and extra and limit >= extra["min_limit"]:
        return int(extra.get("factor", 2))
    return 1


def _fewest(counts: dict, det: dict, slots: list, factor: int) -> int:
    """The fewest detachments of one kind (1..factor) whose summed minimums and maximums hold
    ``counts``; when none does, the number with the fewest breached slots (ties: more, so that
    the breach reads as a missing minimum: 3 HQ and 2 Troops at 2000 points -> "Troops 2 (needs
    4–12)")."""
    best, best_bad = 1, None
    for k in range(1, factor + 1):
        bad = 0
        for slot in slots:
            lo, hi = det["slots"].get(slot, (0, 0))
            if not lo * k <= counts.get(slot, 0) <= hi * k:
                bad += 1
        if bad == 0:
            return k
        if best_bad is None or bad <= best_bad:
            best, best_bad = k, bad
    return best


def foc_tally(units: list[Unit], limit=None, chart: str | None = "6th") -> list[dict]:
    """One row per detachment and slot in use or required: count, allowed min/max, ok.

    An optional detachment (allied) is tallied only when a unit is in it; a slot the detachment
    lacks appears only when a unit uses it (then its maximum is 0). Where the points limit allows
    more than one detachment of a kind, the units are assigned to the fewest detachments that
    make the list legal: each brings its own minimums (a second primary detachment its own 1 HQ
    and 2 Troops), and the maximum shown is what the limit allows. No chart: []."""
    table = chart_table(chart)
    if table is None:
        return []
    factor = detachment_factor(limit, table)
    counts = Counter((u.detachment, u.slot) for u in units)
    present = {u.detachment for u in units}
    slots = [s for s in table["slots"] if s != "none"]  # `none` uses no slot
    dets = {i: d for i, d in table["detachments"].items() if d.get("required") or i in present}
    rows = []
    for det_id, det in dets.items():
        marks = det.get("verified") or {}
        own = {slot: counts[(det_id, slot)] for slot in slots}
        k = _fewest(own, det, slots, factor)
        for slot in slots:
            n = own[slot]
            if slot in det["slots"]:
                lo, hi = det["slots"][slot]
                ok = lo * k <= n <= hi * k
                lo, hi, top = lo * k, hi * factor, hi * k
            elif n:
                lo, hi, top, ok = 0, 0, 0, False
            else:
                continue
            if n == 0 and lo == 0 and slot not in ("elites", "fast_attack", "heavy_support"):
                continue  # optional extras (fortification, lords of war) only when used
            rows.append({"detachment": det_id, "slot": slot, "count": n, "min": lo, "max": hi,
                         "ok": ok, "verified": marks.get(slot, det.get("all_verified", True)),
                         "detachments": k, "max_here": top})
    return rows


def foc_violations(units: list[Unit], limit=None, chart: str | None = "6th") -> list[dict]:
    return [r for r in foc_tally(units, limit, chart) if not r["ok"]]


def violation_text(v: dict, lang: str = "en") -> str:
    """``Primary detachment: Troops 1 (needs 2–6)`` in ``lang``."""
    from sheets.data import label

    det = label("wh40k6", f"det_{v['detachment']}", lang)
    slot = label("wh40k6", f"slot_{v['slot']}", lang)
    if v["max"] == 0:
        why = {"en": "this detachment has no such slot", "ru": "у этого отряда нет такой ячейки"}[lang]
    elif v["count"] < v["min"]:
        why = {"en": "needs", "ru": "нужно"}[lang] + f" {v['min']}–{v['max']}"
    else:  # over what the limit allows, or (within it) over the detachments the units fill
        top = v["max"] if v["count"] > v["max"] else v.get("max_here", v["max"])
        why = {"en": "allowed", "ru": "допустимо"}[lang] + f" {v['min']}–{top}"
    return f"{det}: {slot} {v['count']} ({why})"


# -- the combat charts -----------------------------------------------------------------------------

@functools.cache
def charts() -> dict:
    return load_data("wh40k6/charts.yaml")


def bs_to_hit(bs: int) -> tuple[int, int | None]:
    """(D6 target to hit, target of the re-roll of a miss or None) for a ballistic skill 1–10."""
    row = charts()["bs_to_hit"][max(1, min(10, bs))]
    return row["hit"], row.get("reroll")


def ws_to_hit(attacker: int, defender: int) -> int:
    return charts()["ws_to_hit"][max(1, min(10, attacker))][max(1, min(10, defender)) - 1]


def to_wound(s: int, t: int) -> int | None:
    """D6 target to wound, or None when S cannot wound T."""
    return charts()["to_wound"][max(1, min(10, s))][max(1, min(10, t)) - 1]


def to_wound_verified(s: int, t: int) -> bool:
    return t not in (charts().get("to_wound_unverified") or {}).get(s, ())


def p_d6(target: int | None) -> Fraction:
    """Chance that one D6 rolls ``target`` or more (a 1 always fails)."""
    if target is None:
        return Fraction(0)
    target = max(2, int(target))
    return Fraction(max(0, 7 - target), 6)


def best_save(sv: str | None, ap: int | None, cover: str | None) -> tuple[int | None, str]:
    """The save a model takes: the best of its armour save (ignored when AP ≤ the save value),
    invulnerable save and cover save. Returns (D6 target or None, which: armour|invulnerable|cover|none)."""
    save = parse_save(sv)  # None for no save or a dash
    options = []
    if save and save.armour is not None and not (ap is not None and ap <= save.armour):
        options.append((save.armour, "armour"))
    if save and save.invulnerable is not None:
        options.append((save.invulnerable, "invulnerable"))
    if cover:
        c = parse_save(cover)
        if c is not None and c.armour is not None:
            options.append((c.armour, "cover"))
    if not options:
        return None, "none"
    return min(options, key=lambda o: o[0])


def attack(shots: int, s: int, t: int, bs: int | None = None, ws: tuple[int, int] | None = None,
           sv: str | None = None, cover: str | None = None, ap: int | None = None,
           twin_linked: bool = False) -> dict:
    """Expected hits, wounds and unsaved wounds of ``shots`` attacks with the exact distribution of
    unsaved wounds (index k = chance of exactly k), from the charts of ``data/wh40k6/charts.yaml``.

    Each shot/attack is independent: hit (BS chart, with its re-roll of misses at BS 6+; a
    twin-linked weapon re-rolls misses instead; a die is re-rolled once) or WS chart; wound (S vs T
    chart); then one save, the best of armour (ignored when AP ≤ its value), invulnerable and
    cover. The distribution is enumerated with exact fractions."""
    if (bs is None) == (ws is None):
        raise ValueError("give either bs or ws")
    if bs is not None:
        hit, reroll = bs_to_hit(bs)
        p_hit = p_d6(hit)
        if twin_linked:
            reroll = hit  # twin-linked re-rolls every miss with the same target
        if reroll is not None:
            p_hit = p_hit + (1 - p_hit) * p_d6(reroll)
        hit_desc = {"bs": bs, "to_hit": hit, "reroll_misses_on": reroll}
    else:
        hit = ws_to_hit(*ws)
        p_hit = p_d6(hit)
        hit_desc = {"ws": list(ws), "to_hit": hit}
    wound = to_wound(s, t)
    p_wound = p_d6(wound)
    save_target, save_kind = best_save(sv, ap, cover)
    p_unsaved = 1 - p_d6(save_target)  # no save: p_d6(None) = 0
    p = p_hit * p_wound * p_unsaved
    dist = [Fraction(1)]
    for _ in range(shots):  # exact enumeration, one shot at a time: k stays (miss) or k-1 → k (hit)
        dist = [stay * (1 - p) + up * p for stay, up in zip([*dist, 0], [0, *dist])]
    return {
        **hit_desc,
        "s": s, "t": t, "to_wound": wound, "to_wound_verified": to_wound_verified(s, t),
        "save": save_target, "save_used": save_kind, "ap": ap,
        "p_hit": float(p_hit), "p_wound": float(p_wound), "p_unsaved": float(p_unsaved),
        "shots": shots,
        "hits": float(shots * p_hit),
        "wounds": float(shots * p_hit * p_wound),
        "unsaved": float(shots * p),
        "distribution": [float(q) for q in dist],
        "exact": {"p_unsaved_per_shot": str(p)},
    }
