"""Warhammer 40,000 6th edition rules core: building units, profile checks, the Force
Organisation Chart and the attack calculator (exact distributions). Pure Python; every table
comes from ``data/wh40k6/*.yaml``."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from sheets.core.data import load_data
from sheets.core.errors import RuleIssue
from sheets.core.i18n import _
from sheets.games.wh40k6.model import ARMOUR, STATS, Model, Unit, Weapon, parse_save, type_table

# -- units ----------------------------------------------------------------------------------------

_MODEL_NEEDS = ("ws", "bs", "s", "t", "w", "i", "a", "ld")
# BS may be a dash on a vehicle: drop pods and other weaponless transports print "BS –"
_VEHICLE_NEEDS = ("front", "side", "rear", "hp")
_WALKER_NEEDS = ("ws", "s", "i", "a")


def build_unit(data: Mapping[str, Any]) -> Unit:
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
        models.append(
            Model(
                name=m["name"],
                count=m["count"],
                type=mt,
                stats=stats,
                save=save,
                armour={a: m.get(a) for a in ARMOUR},
                hp=m.get("hp"),
                type_text=m.get("type_text") or "",
            )
        )
    weapons = [
        Weapon(
            w["name"],
            w["count"],
            w["range"],
            w["s"],
            w["ap"],
            w["type"],
            w.get("ap_text") or "",
            w.get("carrier") or "",
        )
        for w in data["weapons"]
    ]
    return Unit(
        name=data["name"],
        slot=data["slot"],
        detachment=data["detachment"],
        points=data["points"],
        models=models,
        weapons=weapons,
        rules=list(data["rules"]),
        notes=data["notes"],
        wargear=list(data.get("wargear") or ()),
        transport=dict(data["transport"]) if data.get("transport") else None,
        building=dict(data["building"]) if data.get("building") else None,
        transport_of=data.get("transport_of") or "",
        gaps=list(data.get("gaps") or ()),
        roster_text={t["name"]: t["text"] for t in data.get("roster_text") or ()},
    )


def validate_unit(unit: Unit) -> list[RuleIssue]:
    """Profile columns against the model's type: a model line needs WS BS S T W I A Ld, a vehicle
    BS and its armour values and hull points, a walker also WS S I A."""
    issues = []
    if not unit.models and not unit.building:  # an import without a model profile: its gap says so
        issues.append(
            RuleIssue(
                ("models",),
                _("needs at least 1 model (or a 'building:')"),
                "warning" if unit.gaps else "error",
                code="no-models",
            )
        )
    if unit.gaps:
        issues.append(
            RuleIssue(
                ("gaps",),
                _("imported with gaps: {gaps}").format(gaps="; ".join(unit.gaps)),
                "warning",
                code="imported-with-gaps",
            )
        )
    # an import that could not read a value prints it as a dash: the gap is a warning, not a refusal
    gap = "warning" if unit.gaps else "error"
    for i, m in enumerate(unit.models):
        mt = m.type
        where = ("models", i)
        if mt.kind == "gun":
            continue
        given = {**m.stats, **m.armour, "hp": m.hp}
        need = (_VEHICLE_NEEDS + (_WALKER_NEEDS if mt.is_walker else ())) if mt.is_vehicle else _MODEL_NEEDS
        for col in need:
            if given.get(col) is None:
                issues.append(
                    RuleIssue(
                        where,
                        _("model {model} ({type}) needs '{column}'").format(
                            model=repr(m.name), type=mt.text, column=col
                        ),
                        gap,
                        code="missing-characteristic",
                    )
                )
        if mt.is_vehicle:
            for col in ("t", "w", "ld"):
                if given.get(col) is not None:
                    issues.append(
                        RuleIssue(
                            where + (col,),
                            _(
                                "model {model}: a vehicle has armour values and hull points, not '{column}'"
                            ).format(model=repr(m.name), column=col),
                            code="not-a-vehicle-characteristic",
                        )
                    )
        else:
            for col in (*ARMOUR, "hp"):
                if given.get(col) is not None:
                    issues.append(
                        RuleIssue(
                            where + (col,),
                            _(
                                "model {model} ({type}) is not a vehicle: '{column}' belongs to vehicles"
                            ).format(model=repr(m.name), type=mt.text, column=col),
                            code="vehicle-characteristic",
                        )
                    )
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


def detachment_factor(limit: float | None, table: dict | None = None) -> int:
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


def foc_tally(units: list[Unit], limit: float | None = None, chart: str | None = "6th") -> list[dict]:
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
            rows.append(
                {
                    "detachment": det_id,
                    "slot": slot,
                    "count": n,
                    "min": lo,
                    "max": hi,
                    "ok": ok,
                    "verified": marks.get(slot, det.get("all_verified", True)),
                    "detachments": k,
                    "max_here": top,
                }
            )
    return rows


def foc_violations(units: list[Unit], limit: float | None = None, chart: str | None = "6th") -> list[dict]:
    return [r for r in foc_tally(units, limit, chart) if not r["ok"]]


def violation_text(v: dict, lang: str = "en") -> str:
    """``Primary detachment: Troops 1 (needs 2–6)`` in ``lang``."""
    from sheets.core.data import label

    det = label("wh40k6", f"det_{v['detachment']}", lang)
    slot = label("wh40k6", f"slot_{v['slot']}", lang)
    if v["max"] == 0:
        why = label("wh40k6", "foc_no_such_slot", lang)
    elif v["count"] < v["min"]:
        why = label("wh40k6", "foc_needs", lang).format(min=v["min"], max=v["max"])
    else:  # over what the limit allows, or (within it) over the detachments the units fill
        top = v["max"] if v["count"] > v["max"] else v.get("max_here", v["max"])
        why = label("wh40k6", "foc_allowed", lang).format(min=v["min"], max=top)
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


@functools.cache
def readings() -> dict:
    """The attack calculator's readings of rules the digest does not state (``charts.yaml``
    ``attack_readings``): each is printed with its † when unverified."""
    return charts()["attack_readings"]


def _wound_and_save(
    s: int,
    t: int,
    sv: str | None,
    ap: int | None,
    cover: str | None,
    rending: bool,
    poisoned: int | None,
    close_combat: bool,
) -> tuple[Fraction, dict]:
    """(P(an unsaved wound | a hit), what was used). A rending wound (a to-wound roll of 6,
    whatever S and T) is resolved at the rending AP; a poisoned attack wounds on the better of its
    fixed roll and the S-vs-T chart, and re-rolls failed wound rolls in close combat when S ≥ T."""
    r = readings()
    chart_wound = to_wound(s, t)
    wound = chart_wound
    if poisoned is not None:
        wound = poisoned if chart_wound is None else min(chart_wound, poisoned)
    reroll_wound = bool(
        poisoned is not None and close_combat and s >= t and r["poisoned"]["reroll_failed_when_s_at_least_t"]
    )
    save_target, save_kind = best_save(sv, ap, cover)
    p_unsaved = 1 - p_d6(save_target)

    def per_roll(p_normal: Fraction, p_rend: Fraction) -> Fraction:
        if not rending:
            return p_normal * p_unsaved
        rend_save, _ = best_save(sv, r["rending"]["ap"], cover)
        return p_normal * p_unsaved + p_rend * (1 - p_d6(rend_save))

    # one wound roll: a 6 rends (with rending), the rest wounds on ``wound`` as usual
    sixes = Fraction(1, 6) if rending else Fraction(0)
    p_norm = max(Fraction(0), p_d6(wound) - sixes)
    p_wound = p_d6(wound) if not rending else p_norm + sixes
    p = per_roll(p_norm, sixes)
    if reroll_wound:  # a failed wound roll is rolled once more
        p_fail = 1 - p_wound
        p = p + p_fail * p
        p_wound = p_wound + p_fail * p_wound
    used = {
        "to_wound": wound,
        "to_wound_chart": chart_wound,
        "p_wound": p_wound,
        "save": save_target,
        "save_used": save_kind,
        "p_unsaved": p_unsaved,
        "reroll_failed_wounds": reroll_wound,
    }
    return p, used


def p_volley_hit(
    bs: int | None = None, ws: tuple[int, int] | None = None, twin_linked: bool = False, snap: bool = False
) -> tuple[Fraction, dict]:
    """(P(one shot / attack hits), how): the BS chart with its re-roll of misses at BS 6+ (a
    twin-linked weapon re-rolls every miss instead; a die is re-rolled once), Snap Shots at the
    chart's fixed roll whatever the BS, or the WS chart."""
    if bs is not None:
        if snap:
            hit, reroll = charts()["snap_shot"], None
        else:
            hit, reroll = bs_to_hit(bs)
        p_hit = p_d6(hit)
        if twin_linked:
            reroll = hit  # twin-linked re-rolls every miss with the same target
        if reroll is not None:
            p_hit = p_hit + (1 - p_hit) * p_d6(reroll)
        return p_hit, {"bs": bs, "to_hit": hit, "reroll_misses_on": reroll}
    assert ws is not None  # bs or ws is given (attack() refuses neither)
    hit = ws_to_hit(*ws)
    return p_d6(hit), {"ws": list(ws), "to_hit": hit}


def attack(
    shots: int,
    s: int,
    t: int,
    bs: int | None = None,
    ws: tuple[int, int] | None = None,
    sv: str | None = None,
    cover: str | None = None,
    ap: int | None = None,
    twin_linked: bool = False,
    snap: bool = False,
    rending: bool = False,
    poisoned: int | None = None,
    wounds: int | None = None,
) -> dict:
    """Expected hits, wounds and unsaved wounds of ``shots`` attacks with the exact distribution of
    unsaved wounds (index k = chance of exactly k), from the charts of ``data/wh40k6/charts.yaml``.

    Each shot/attack is independent: hit (BS chart, with its re-roll of misses at BS 6+; a
    twin-linked weapon re-rolls misses instead; a die is re-rolled once; Snap Shots hit on the
    chart's fixed roll) or WS chart; wound (S vs T chart; Rending and Poisoned as read in
    ``attack_readings``); then one save, the best of armour (ignored when AP ≤ its value),
    invulnerable and cover — no cover save against close-combat attacks. With ``wounds`` (the
    target's Wounds per model) the models removed are counted too: one per unsaved wound under
    Instant Death (S ≥ 2 × T), else one per ``wounds`` unsaved wounds. Exact fractions throughout."""
    if (bs is None) == (ws is None):
        raise ValueError("give either bs or ws")
    close_combat = ws is not None
    r = readings()
    cover_ignored = bool(close_combat and cover and not r["cover_in_close_combat"])
    p_hit, hit_desc = p_volley_hit(bs, ws, twin_linked, snap)
    p_per_hit, used = _wound_and_save(
        s, t, sv, ap, None if cover_ignored else cover, rending, poisoned, close_combat
    )
    p = p_hit * p_per_hit
    dist = [Fraction(1)]
    for _shot in range(shots):  # exact enumeration, one shot at a time: k stays (miss) or k-1 → k (hit)
        dist = [stay * (1 - p) + up * p for stay, up in zip([*dist, Fraction(0)], [Fraction(0), *dist])]
    out = {
        **hit_desc,
        "s": s,
        "t": t,
        "to_wound": used["to_wound"],
        "to_wound_verified": to_wound_verified(s, t),
        "save": used["save"],
        "save_used": used["save_used"],
        "ap": ap,
        "p_hit": float(p_hit),
        "p_wound": float(used["p_wound"]),
        "p_unsaved": float(used["p_unsaved"]),
        "shots": shots,
        "hits": float(shots * p_hit),
        "wounds": float(shots * p_hit * used["p_wound"]),
        "unsaved": float(shots * p),
        "distribution": [float(q) for q in dist],
        "exact": {"p_unsaved_per_shot": str(p)},
        "snap": snap,
        "cover_ignored": cover_ignored,
        "rending": rending,
        "poisoned": poisoned,
        "reroll_failed_wounds": used["reroll_failed_wounds"],
    }
    if wounds is not None:
        instant = s >= r["instant_death_factor"] * t
        per = 1 if instant else wounds
        removed = [Fraction(0)] * (shots // per + 1)
        for k, q in enumerate(dist):
            removed[k // per] += q
        out["target_wounds"] = wounds
        out["instant_death"] = instant
        out["models_removed"] = float(sum(k * q for k, q in enumerate(removed)))
        out["removed_distribution"] = [float(q) for q in removed]
    return out


# -- the odds printed on datasheets -----------------------------------------------------------------


@functools.cache
def odds_table() -> dict:
    return load_data("wh40k6/odds.yaml")


_SHOTS = re.compile(
    r"\b(assault|heavy|ordnance|pistol|salvo|rapid[\s-]*fire)\b\s*(\d+)?(?:\s*/\s*(\d+))?", re.IGNORECASE
)
_RANDOM = re.compile(r"\b(assault|heavy|ordnance|salvo|pistol)\s*\d*\s*D\d", re.IGNORECASE)
_POISONED = re.compile(r"\bpoisoned\b\s*\(?\s*([2-6])\+\s*\)?", re.IGNORECASE)


def volley(weapon_type: str, melee: bool) -> dict | None:
    """What one volley of a weapon is, read from its type text: shots (Assault/Heavy/Ordnance N,
    Pistol 1, Rapid Fire 1 at full range, Salvo at the stationary count), area (Blast, Large
    Blast, Template: the odds are per model under it, the hit assumed for a template), and the
    specials the odds count (Twin-linked, Rending, Poisoned X+, Ordnance's penetration). None when
    the number of shots is random or unknown."""
    text = str(weapon_type or "")
    low = text.lower()
    out: dict[str, Any] = {
        "shots": None,
        "twin_linked": "twin" in low and "link" in low,
        "rending": "rending" in low,
        "poisoned": None,
        "blast": "blast" in low,
        "template": "template" in low,
        "ordnance": "ordnance" in low,
        "melee": melee,
    }
    pm = _POISONED.search(text)
    if pm:
        out["poisoned"] = int(pm.group(1))
    elif "poisoned" in low:
        out["poisoned"] = readings()["poisoned"]["default"]
    if melee:
        return out
    if _RANDOM.search(text):
        return None
    m = _SHOTS.search(text)
    if m:
        kind, n, n2 = m.group(1).lower(), m.group(2), m.group(3)
        out["shots"] = int(n2 or n or 1) if kind == "salvo" else int(n or 1)
    elif out["template"] or out["blast"]:
        out["shots"] = 1
    return out if out["shots"] else None


def _strength(value: object, user: int | None) -> int | None:
    """A weapon's S: a number, "User", "+N" or "xN"/"×N" of the bearer's S (at most 10)."""
    if isinstance(value, int):
        return value
    text = str(value or "").strip().lower().replace("×", "x")
    if text.isdigit():
        return int(text)
    if user is None:
        return None
    if text in ("user", "u", "as user", "пользователь"):
        return user
    m = re.fullmatch(r"([+x])\s*(\d+)", text)
    if not m:
        return None
    return min(10, user + int(m.group(2)) if m.group(1) == "+" else user * int(m.group(2)))


def bearer(unit: Unit, weapon: Weapon, melee: bool) -> Model | None:
    """The model line whose profile fires (or swings) ``weapon``: the line the roster names as its
    carrier; else the one line with as many models as weapons, else the most numerous line with
    the needed skill (BS, or WS and A)."""
    need = ("ws", "a") if melee else ("bs",)
    able = [m for m in unit.models if all(isinstance(m.stats.get(s), int) for s in need)]
    if weapon.carrier:
        named = [m for m in unit.models if m.name == weapon.carrier]
        if named:  # the printed carrier, even when it lacks the skill (then no odds)
            return named[0] if named[0] in able else None
    if not able:
        return None
    same = [m for m in able if m.count == weapon.count]
    if len(same) == 1:
        return same[0]
    return max(able, key=lambda m: m.count)  # the first of the most numerous


def is_melee(weapon: Weapon) -> bool:
    """A close-combat weapon: no range, or a range that reads ``Melee``, ``-``, ``Close combat``
    (``charts.yaml`` ``attack_readings.melee_ranges``)."""
    if weapon.range is None:
        return True
    if isinstance(weapon.range, int):
        return False
    words = {" ".join(str(w).lower().split()) for w in readings().get("melee_ranges") or ()}
    return " ".join(str(weapon.range).lower().split()) in words


def assault_grenade(weapon: Weapon) -> bool:
    """A grenade or melta bomb used in close combat (``charts.yaml`` ``attack_readings.assault_grenades``): a
    close-combat weapon whose name holds one of the names."""
    table = readings().get("assault_grenades") or {}
    low = " ".join(weapon.name.lower().split())
    return is_melee(weapon) and any(str(n).lower() in low for n in table.get("names") or ())


def _p_penetrate(s: int, av: int, ordnance: bool, armourbane: bool = False) -> Fraction:
    """D6 + S ≥ AV (glancing or penetrating: a hull point either way); Ordnance rolls 2D6 and
    keeps the highest; Armourbane (in close combat) adds a second D6. A 1 does not fail on its
    own here."""
    need = av - s  # the die (or dice) must show at least this
    if armourbane:
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)
        return Fraction(ways, 36)
    if need <= 1:
        return Fraction(1)
    if need > 6:
        return Fraction(0)
    miss = Fraction(need - 1, 6)
    return 1 - miss * miss if ordnance else 1 - miss


_UNSAVED: dict[tuple, Fraction] = {}  # P(unsaved wound | hit) by chart, S, target and weapon rules


def weapon_odds(unit: Unit, weapon: Weapon) -> dict | None:
    """The expected unsaved wounds of one volley of one ``weapon`` against each reference target of
    ``odds.yaml`` (and, for shooting weapons that can hurt them, the expected hull points against
    each reference Armour Value), by the exact attack code, with the profile of the model line that
    carries it (:func:`bearer`). A blast is counted under a hit (a blast marker scatters: BS does
    not decide it), per model under the marker, as a template is; a grenade or melta bomb in close
    combat is one attack, against vehicles only (:func:`assault_grenade`). None when it cannot be
    computed (random shots, a strength or skill the profile does not give); a cell is None where
    the weapon cannot be used against that target."""
    melee = is_melee(weapon)
    v = volley(weapon.type, melee)
    if v is None:
        return None
    model = bearer(unit, weapon, melee)
    if model is None:
        return None
    s = _strength(weapon.s, model.stats.get("s"))
    if s is None:
        return None
    table = odds_table()
    r = readings()
    grenade = melee and assault_grenade(weapon)
    if grenade:
        g = r["assault_grenades"]
        shots = int(g["attacks"])
        p_hit = p_d6(ws_to_hit(model.stats["ws"], int(g["vehicle_ws"])))
        armourbane = "armourbane" in str(weapon.type).lower()
        targets: list[Fraction | None] = [None for _ in table["targets"]]
        vehicles: list[Fraction | None] = [
            shots * p_hit * _p_penetrate(s, av, False, armourbane) if "vehicles" in g["against"] else None
            for av in table["vehicles"]
        ]
    else:
        shots = model.stats["a"] if melee else v["shots"]
        hit_kw: dict[str, Any]
        if melee:
            hit_kw = {"ws": (model.stats["ws"], table["close_combat_ws"])}
        else:
            hit_kw = {"bs": model.stats["bs"], "twin_linked": v["twin_linked"]}
        # a template hits what it covers; a blast marker is placed and scatters: counted under a hit
        p_hit = Fraction(1) if (v["template"] or v["blast"]) else p_volley_hit(**hit_kw)[0]
        targets = []
        chart = id(charts())  # (the memo is of these tables: a --data-dir run reads its own)
        for tgt in table["targets"]:
            key = (chart, s, tgt["t"], tgt["sv"], weapon.ap, v["rending"], v["poisoned"], melee)
            p = _UNSAVED.get(key)
            if p is None:
                p = _wound_and_save(
                    s, tgt["t"], tgt["sv"], weapon.ap, None, v["rending"], v["poisoned"], melee
                )[0]
                if len(_UNSAVED) < 65536:
                    _UNSAVED[key] = p
            targets.append(shots * p_hit * p)
        vehicles = [
            None if melee else shots * p_hit * _p_penetrate(s, av, v["ordnance"]) for av in table["vehicles"]
        ]
    unverified = bool(
        (v["rending"] and not r["rending"]["verified"])
        or (v["poisoned"] is not None and not r["poisoned"]["verified"])
    )
    return {
        "targets": targets,
        "vehicles": vehicles,
        "per_model": (v["blast"] or v["template"]) and not melee,
        "grenade": grenade,
        "grenade_unverified": grenade and not r["assault_grenades"].get("verified", False),
        "melee": melee,
        "shots": shots,
        "model": model.name,
        "unverified": unverified,
    }
