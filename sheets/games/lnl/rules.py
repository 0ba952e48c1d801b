"""Lock 'n Load Tactical rules core: building and checking counters, and melee (§8.0–8.5).

Pure Python. Source: Lock 'n Load Tactical Core Rules §8.0 "Melee Combat", §8.1 "Post Melee",
§8.2 "Reinforcing a Melee", §8.3 "Zero-Firepower Units", §8.4 "Ambush", §8.5 "M"-superscripted
units (Russian translation). The Kill Numbers come from ``data/lnl/melee_table.yaml``.

Melee in short: every melee-eligible unit of a side attacks together; the attacker picks one or
more melee-eligible enemy units as targets; odds = attacker FP : targets' FP rounded up in the
attacker's favour, clamped to 1:3 (then only one target may be attacked), shifted one column
for a hero, capped at 5:1; 2d6 + LM + zero-FP modifiers >= the column's Kill Number destroys
every target. Probabilities are exact (the 36 outcomes of 2d6 counted), as Fractions.

Readings of unclear sentences are :class:`Interpretations` fields with stated defaults.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sheets.core.errors import RuleIssue, did_you_mean
from sheets.core.i18n import _, tr
from sheets.games.lnl.model import (
    HERO_FP_ZERO,
    MAX_CARRIED,
    CarriedSW,
    CounterError,
    Unit,
    cell,
    column_names,
    find_weapon,
    parse_counter,
    weapon_names,
)

# -- building and checking one counter -------------------------------------------------------


def build_unit(data: Mapping[str, Any]) -> Unit:
    """A schema-checked ``units:`` mapping → :class:`Unit` (problems kept for validate_unit)."""
    kind = data["kind"]
    unit = Unit(
        name=data["name"].strip(),
        kind=kind,
        counter=(data.get("counter") or "").strip(),
        lm=data.get("lm"),
        morale=data.get("morale"),
        m=bool(data.get("m")),
        ambush=bool(data.get("ambush")),
        shaken=bool(data.get("shaken")),
        use_sw=data.get("use_sw"),
        skills=tuple(data.get("skills") or ()),
        notes=data.get("notes") or "",
    )
    if unit.is_mmc:
        try:
            counter = parse_counter(unit.counter) if unit.counter else None
        except CounterError as exc:
            unit.counter_error = str(exc)
            counter = None
        if counter is None and unit.counter_error is None:
            unit.counter_error = _("an MMC needs its counter: Firepower-Range-Morale like 2-5-4")
        if counter is not None:
            unit.ifp, unit.range, unit.morale = counter.fp, counter.range, counter.morale
            unit.m = unit.m or counter.m
    else:
        unit.ifp = data.get("fp")
    unit.fp_given = data.get("fp") is not None
    for i, item in enumerate(data.get("weapons") or ()):
        name, captured = (item, False) if isinstance(item, str) else (item["item"], item["captured"])
        sw = find_weapon(name)
        if sw is None:
            unit.unknown_weapons.append((i, name))
        else:
            unit.weapons.append(CarriedSW(sw, captured))
    return unit


def validate_unit(unit: Unit) -> list[RuleIssue]:
    """Counter string, SW names and SW limits, SMC fields."""
    issues = []
    if unit.counter_error:
        issues.append(RuleIssue(("counter",), unit.counter_error, code="lnl-counter"))
    for i, name in unit.unknown_weapons:
        issues.append(
            RuleIssue(
                ("weapons", i),
                _(
                    "unknown support weapon {name}{hint}; known: {known} (add yours in lnl/weapons.yaml with --data-dir)"
                ).format(
                    name=repr(name), hint=did_you_mean(name, weapon_names()), known=", ".join(weapon_names())
                ),
                code="lnl-unknown-sw",
            )
        )
    carried = len(unit.weapons) + len(unit.unknown_weapons)
    if carried > MAX_CARRIED:  # the rules limit using SWs in melee, not carrying them (§8.0)
        issues.append(
            RuleIssue(
                ("weapons",),
                _(
                    "{n} support weapons: a counter's sheet has room for {limit} (in melee it uses the best it may)"
                ).format(n=carried, limit=MAX_CARRIED),
                code="lnl-too-many-sw",
            )
        )
    if unit.use_sw and not any(w.weapon.melee for w in unit.weapons):
        issues.append(
            RuleIssue(
                ("use_sw",),
                _(
                    "use_sw: true needs a melee SW (MG, Satchel Charge, Molotov Cocktail, Flamethrower) in weapons"
                ),
                code="lnl-use-sw",
            )
        )
    if unit.is_mmc:
        if unit.fp_given:
            issues.append(
                RuleIssue(
                    ("fp",),
                    _("an MMC's firepower comes from its counter (Firepower-Range-Morale): remove fp"),
                    code="lnl-field",
                )
            )
        if unit.lm is not None:
            issues.append(RuleIssue(("lm",), _("only leaders have a leadership modifier"), code="lnl-field"))
    else:
        if unit.kind == "hero":
            if unit.ifp is None:
                issues.append(
                    RuleIssue(("kind",), _("a hero needs its firepower: add fp: N"), code="lnl-field")
                )
            elif unit.ifp < 1:
                issues.append(RuleIssue(("fp",), tr(HERO_FP_ZERO), code="lnl-field"))
        if unit.kind == "leader" and unit.lm is None:
            issues.append(
                RuleIssue(("kind",), _("a leader needs its leadership modifier: add lm: N"), code="lnl-field")
            )
        if unit.kind != "leader" and unit.lm is not None:
            issues.append(RuleIssue(("lm",), _("only leaders have a leadership modifier"), code="lnl-field"))
    return issues


def sw_use_note(unit: Unit) -> str | None:
    """The IFP consequence of the SWs the counter uses in melee (its better choice, or the
    forced one; printed on the OOB sheet): two SWs lose a squad's IFP, one a half-squad's."""
    if nme_reason(unit) is not None:
        return None
    n = len(melee_fp(unit).used)
    if unit.kind == "squad" and n == 2:
        return "two_sw_no_ifp"
    if unit.kind in ("half_squad", "crew", "weapon_team") and n == 1:
        return "one_sw_no_ifp"
    return None


# -- interpretations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Interpretations:
    """Readings of sentences the rules leave open (each a calculator option).

    ``low_odds``: "up" (default) = below 1:1 the nearest column at or above the true ratio,
    1:floor(D/A), i.e. rounded in the attacker's favour; "down" = 1:ceil(D/A).
    ``zero_drm_with_sw``: the ±1 per 0-IFP MMC also when it fights with an SW (default yes: the
    rule states it per 0-IFP MMC without exception).
    ``hero_defence``: "ifp" (default) = a hero defends with its own IFP even with an SW (the
    specific sentence); "sw" = with half its SW's FP like a leader.
    ``m_before_ambush``: +1 for "M" before tripling for Ambush (default) or after.
    ``nme_leader_lm``: a leader's LM counts for its side's roll even when the leader is NME (no
    melee SW) — the LM sentence names no exception (default yes).
    ``shaken_leader_lm``: a Shaken leader's LM counts too. The seed says only that Shaken units
    are NME (§8.1) and nothing else about a Shaken leader's LM; the same "no exception" reading
    gives yes (default); no = a Shaken leader's LM is ignored.
    ``ambush_defence``: «общее количество FP … утраивается для первого раунда Melle» (§8.4): the
    ambushers' FP is tripled in their attack (default: the round's first strike is theirs); yes =
    also when they defend against the strike back in that first round.
    """

    low_odds: str = "up"
    zero_drm_with_sw: bool = True
    hero_defence: str = "ifp"
    m_before_ambush: bool = True
    nme_leader_lm: bool = True
    shaken_leader_lm: bool = True
    ambush_defence: bool = False


DEFAULT = Interpretations()


# -- unit firepower in melee -------------------------------------------------------------------


def nme_reason(unit: Unit) -> str | None:
    """Why a unit is Non-Melee-Eligible (cannot attack or be attacked), or None.

    Leaders (and scouts, read the same way) without a melee-capable SW, snipers, medics and
    Shaken units are NME (§8.1). Heroes and MMCs with any FP are eligible.
    """
    if unit.shaken:
        return "shaken"
    if unit.kind in ("medic", "sniper"):
        return unit.kind
    if unit.kind in ("leader", "scout") and (
        unit.use_sw is False or not any(w.weapon.melee for w in unit.weapons)
    ):
        return f"{unit.kind} without a melee SW"
    return None


@dataclass(frozen=True)
class UnitFP:
    """A unit's FP in one melee role, with the reasoning and what it uses."""

    fp: int
    parts: tuple  # the reasoning: (labels.yaml key, fields) steps
    used: tuple = ()  # CarriedSW used
    zero_ifp: bool = False  # counts for the ±1 zero-FP modifier

    def text(self, lang: str = "en") -> str:
        return "; ".join(describe(k, f, lang) for k, f in self.parts) + f" = {self.fp}"

    @property
    def why(self) -> str:
        return self.text("en")


def describe(key: str, fields: dict, lang: str) -> str:
    """One reasoning step in ``lang`` (templates in data/lnl/labels.yaml; SW names translated)."""
    from sheets.core.data import label

    values = {
        k: (
            v.display(lang)
            if hasattr(v, "display")
            else label("lnl", f"side_{v}", lang)
            if k == "side"
            else v
        )
        for k, v in fields.items()
    }
    return label("lnl", key, lang).format(**values)


def skill_text(skill: str, lang: str) -> str:
    """A skill as printed: its name in ``lang`` when ``data/lnl/labels.yaml`` knows it
    (``skill_<name>``), else as the user wrote it."""
    import re

    from sheets.core.data import labels

    entry = labels("lnl").get("skill_" + re.sub(r"\W+", "_", skill.strip().lower()).strip("_"))
    return entry[lang] if entry else skill


def _half_up(n: int) -> int:
    return -(-n // 2)


# an MMC's way to fight: (fp, SWs used, reasoning step (labels.yaml key, fields), own IFP counts)
_Step = tuple[int, tuple[CarriedSW, ...], tuple[str, dict[str, Any]], bool]


def _sw_steps(unit: Unit, melee_sws: list[CarriedSW]) -> list[_Step]:
    """An MMC's ways to fight: (fp, SWs used, reasoning step, own IFP counts)."""
    ifp = unit.ifp or 0
    zero = ifp == 0
    out: list[_Step] = []
    for w in melee_sws:
        if zero:  # §8.3: a 0-IFP MMC with a melee SW fights with the SW's FP
            out.append(
                (
                    w.weapon.fp,
                    (w,),
                    ("why_zero_sw", {"sw": w.weapon, "fp": w.weapon.fp}),
                    unit.kind == "squad",
                )
            )
        elif unit.kind == "squad":
            out.append(
                (
                    ifp + w.weapon.fp,
                    (w,),
                    ("why_ifp_sw", {"ifp": ifp, "sw": w.weapon, "fp": w.weapon.fp}),
                    True,
                )
            )
        else:
            out.append((w.weapon.fp, (w,), ("why_sw_lost", {"sw": w.weapon, "fp": w.weapon.fp}), False))
    if unit.kind == "squad":
        for w1, w2 in itertools.combinations(melee_sws, 2):
            out.append(
                (
                    w1.weapon.fp + w2.weapon.fp,
                    (w1, w2),
                    (
                        "why_sw2_lost",
                        {"sw": w1.weapon, "fp": w1.weapon.fp, "sw2": w2.weapon, "fp2": w2.weapon.fp},
                    ),
                    False,
                )
            )
    return out


def melee_fp(
    unit: Unit, role: str = "attack", ambush: bool = False, rules: Interpretations = DEFAULT
) -> UnitFP:
    """The FP ``unit`` attacks (``role="attack"``) or defends (``"defend"``) with in melee.

    MMC: IFP (0 counts as 1), + one melee SW keeping the IFP, or (squads) two SWs losing it; a
    half-squad, crew or weapon team using its SW loses its IFP. A 0-IFP MMC with a melee SW
    fights with the SW's FP (§8.3). Leader/hero using an SW: half the SW's FP rounded up; a
    hero defends with its IFP (``rules.hero_defence``). Using an SW is a choice («использующие
    SW»): ``unit.use_sw`` None takes the better one (a tie keeps the SW unused), True/False
    forces it. "M" adds 1 per marked unit/SW used; Ambush triples. Raises ValueError for an
    NME unit.
    """
    reason = nme_reason(unit)
    if reason:
        raise ValueError(f"{unit.name} is not melee-eligible ({reason})")
    melee_sws = [w for w in unit.weapons if w.weapon.melee]
    if unit.use_sw is False:
        melee_sws = []

    def final(fp: int, m_bonus: int) -> int:
        """The FP after "M" and Ambush, in the order ``rules.m_before_ambush`` reads them."""
        if not ambush:
            return fp + m_bonus
        return (fp + m_bonus) * 3 if rules.m_before_ambush else fp * 3 + m_bonus

    def spent(used: tuple) -> int:
        """SWs a choice spends: a single-use one is removed after the round, a captured one in
        the Admin Phase: of two choices giving the same FP the other one is used."""
        return sum(1 for w in used if w.weapon.single_use or w.captured)

    def order(used: tuple) -> tuple:
        return tuple(sorted((w.weapon.name, w.captured) for w in used))  # never the typed order

    parts: list = []
    used: tuple = ()
    zero = False
    if unit.is_mmc:
        ifp = unit.ifp or 0
        zero = ifp == 0
        base: _Step = (
            1 if zero else ifp,
            (),
            ("why_ifp_zero", {}) if zero else ("why_ifp", {"ifp": ifp}),
            True,
        )
        with_sw = _sw_steps(unit, melee_sws)
        choices = with_sw if with_sw and (zero or unit.use_sw) else [base] + with_sw

        def m_of(c: _Step) -> int:
            return (1 if unit.m and c[3] else 0) + sum(1 for w in c[1] if w.weapon.m)

        # the most FP; then the fewest SWs used, the fewest spent, the first by name
        fp, used, step, own_fp_counts = min(
            choices, key=lambda c: (-final(c[0], m_of(c)), len(c[1]), spent(c[1]), order(c[1]))
        )
        parts.append(step)
        if zero and used and not rules.zero_drm_with_sw:
            zero = False
    else:
        sw = min(
            melee_sws,
            key=lambda w: (-final(_half_up(w.weapon.fp), w.weapon.m), spent((w,)), order((w,))),
            default=None,
        )
        use = sw is not None
        if unit.is_hero and sw is not None and unit.use_sw is None:
            assert unit.ifp is not None  # a hero always has its FP >= 1 (parse_spec, validate_unit)
            # the better of its own FP and half the SW's, after "M" and Ambush (a tie keeps the SW
            # unused)
            use = final(_half_up(sw.weapon.fp), sw.weapon.m) > final(unit.ifp, 1 if unit.m else 0)
        if unit.is_hero and (not use or (role == "defend" and rules.hero_defence == "ifp")):
            assert unit.ifp is not None  # a hero always has its FP >= 1 (parse_spec, validate_unit)
            fp = unit.ifp
            if use:
                parts.append(("why_hero_def", {"ifp": fp}))
            elif sw is not None and role == "attack":
                parts.append(
                    (
                        "why_hero_keep",
                        {"ifp": fp, "sw": sw.weapon, "half": _half_up(sw.weapon.fp) + sw.weapon.m},
                    )
                )
            else:
                parts.append(("why_hero_ifp", {"ifp": fp}))
            own_fp_counts = True
        else:
            # a leader or scout with a melee SW (else NME: refused above), or a hero using its SW
            assert sw is not None
            fp = _half_up(sw.weapon.fp)
            used = (sw,)
            parts.append(("why_half", {"sw": sw.weapon, "fp": sw.weapon.fp}))
            own_fp_counts = False  # half an SW's FP: the unit's own "M" does not count
    m_bonus = (1 if unit.m and own_fp_counts else 0) + sum(1 for w in used if w.weapon.m)
    if m_bonus and rules.m_before_ambush:
        fp += m_bonus
        parts.append(("why_m", {"n": m_bonus}))
    if ambush:
        fp *= 3
        parts.append(("why_ambush", {}))
    if m_bonus and not rules.m_before_ambush:
        fp += m_bonus
        parts.append(("why_m", {"n": m_bonus}))
    return UnitFP(fp, tuple(parts), used, zero)


# -- odds ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Odds:
    ratio: str  # the raw ratio, e.g. "7:3"
    column: str  # the Melee Table column used
    below_1_3: bool  # raw odds below 1:3 (only one target allowed)
    steps: tuple  # how the column was reached: (labels.yaml key, fields) after the raw ratio

    def describe(self, lang: str = "en") -> list[str]:
        """The raw ratio and each step in ``lang``."""
        return [self.ratio] + [describe(k, f, lang) for k, f in self.steps]


def odds(a: int, d: int, hero: bool = False, rules: Interpretations = DEFAULT) -> Odds:
    """Odds column for ``a`` FP attacking ``d`` FP (both ≥ 1): raw ratio → rounded up in the
    attacker's favour → below 1:3 treated as 1:3 → hero shift one column → never above 5:1.

    Seed: 4:2 → 2:1; 5:2 (2.5:1) → 3:1. Integers only, no floats.
    """
    if a < 1 or d < 1:
        raise ValueError("both sides need at least 1 FP")
    cols = column_names()
    steps = []
    below = 3 * a < d
    if a >= d:
        n = -(-a // d)
        col = f"{n}:1"
        if a % d:
            steps.append(("odds_up", {"q": f"{a / d:.3g}", "col": col}))
    else:
        n = d // a if rules.low_odds == "up" else -(-d // a)
        col = f"1:{n}"
        if d % a:
            steps.append(
                (
                    "odds_low_up" if rules.low_odds == "up" else "odds_low_down",
                    {"q": f"{d / a:.3g}", "col": col},
                )
            )
    if below or col not in cols and col.startswith("1:"):
        col = cols[0]
        steps.append(("odds_below", {"c": cols[0]}))
    index = cols.index(col) if col in cols else len(cols)  # len = above the strongest column
    if hero:
        index += 1
        steps.append(("odds_hero", {}))
    if index >= len(cols):
        index = len(cols) - 1
        steps.append(("odds_cap", {"c": cols[-1]}))
    return Odds(f"{a}:{d}", cols[index], below, tuple(steps))


# -- dice ------------------------------------------------------------------------------------------

TWO_D6 = {s: 6 - abs(s - 7) for s in range(2, 13)}  # ways to roll each total: 1,2,3,4,5,6,5,4,3,2,1


@functools.lru_cache(maxsize=64)
def p_at_least(need: int) -> Fraction:
    """Exact chance that a natural 2d6 roll is ``need`` or more."""
    return Fraction(sum(n for s, n in TWO_D6.items() if s >= need), 36)


def natural_needed(kn: int, drm: int) -> int | None:
    """The natural 2d6 total needed for 2d6 + ``drm`` ≥ ``kn`` (2 = any roll; None = impossible)."""
    need = kn - drm
    if need > 12:
        return None
    return max(2, need)


# -- one side's attack -----------------------------------------------------------------------------


class IllegalAttack(ValueError):
    """An attack the rules forbid; the message says why and what is allowed instead.

    ``key`` names the label ``illegal_<key>`` in ``data/lnl/labels.yaml`` (both languages);
    ``str()`` is the English text, :meth:`message` any language."""

    def __init__(self, key: str, **fields: Any) -> None:
        self.key, self.fields = key, fields
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        from sheets.core.data import label

        fields = dict(self.fields)
        if "reason" in fields:  # an NME reason: its own label
            fields["reason"] = label("lnl", _NME_LABEL.get(fields["reason"], "nme_leader"), lang)
        if "side" in fields:
            fields["side"] = label("lnl", f"side_{fields['side']}", lang)
        return label("lnl", f"illegal_{self.key}", lang).format(**fields)


_NME_LABEL = {"shaken": "nme_shaken", "medic": "nme_medic", "sniper": "nme_sniper"}


@dataclass
class Side:
    """One side of a melee: its counters and its declared circumstances."""

    key: str  # "a" | "b"
    units: list[Unit]
    lm: int | None = None  # None = the best LM among the side's leaders in the hex
    hero: bool = False  # a hero is with the side (shift when it attacks) even if not listed
    ambushers: frozenset = frozenset()  # indexes of units whose FP is tripled

    def eligible(self) -> list[int]:
        """Indexes of the melee-eligible units (computed once; a Side's units do not change)."""
        return self._eligible

    @functools.cached_property
    def _eligible(self) -> list[int]:
        return [i for i, u in enumerate(self.units) if nme_reason(u) is None]

    def nme(self) -> list[int]:
        return [i for i, u in enumerate(self.units) if nme_reason(u) is not None]

    def leadership(self, alive: Iterable[int] | None = None, shaken: bool = True) -> int:
        """The side's LM: ``lm`` if given, else the best LM among its leaders in ``alive`` (all
        by default; Shaken leaders only if ``shaken``); 0 without a leader."""
        if self.lm is not None:
            return self.lm
        idx = range(len(self.units)) if alive is None else alive
        lms = [
            self.units[i].lm or 0
            for i in idx
            if self.units[i].kind == "leader" and (shaken or not self.units[i].shaken)
        ]
        return max(lms, default=0)

    def has_hero(self, alive: Iterable[int] | None = None) -> bool:
        eligible = self.eligible()
        idx = eligible if alive is None else [i for i in alive if i in eligible]
        return self.hero or any(self.units[i].is_hero for i in idx)


@dataclass
class Attack:
    """One side's melee attack against chosen targets."""

    side: str
    attackers: list  # [(index, UnitFP)]
    targets: list  # [(index, UnitFP)]
    fp: int
    target_fp: int
    odds: Odds
    kn: int
    kn_verified: bool
    lm: int
    zero_attacking: int
    zero_defending: int
    drm: int
    need: int | None
    p_kill: Fraction
    hero: bool
    ambush: bool


def attack(
    side: Side,
    enemy: Side,
    targets: list[int],
    alive: list[int] | None = None,
    rules: Interpretations = DEFAULT,
    ambush: bool = False,
    cache: dict[tuple[str, int, str, bool], UnitFP] | None = None,
    enemy_ambush: bool = False,
) -> Attack:
    """``side`` (its units in ``alive``, default all eligible) attacks ``targets`` (indexes into
    ``enemy.units``); ``enemy_ambush``: the targets are the round's ambushers and defend with
    their FP tripled (``Interpretations.ambush_defence``). Raises :class:`IllegalAttack` for NME
    targets, no attackers, or several targets at raw odds below 1:3."""
    eligible = side.eligible()
    alive = eligible if alive is None else [i for i in alive if i in eligible]
    if not alive:
        raise IllegalAttack("no_eligible", side=side.key)
    if not targets:
        raise IllegalAttack("no_target", side=side.key)
    enemy_ok = set(enemy.eligible())
    for t in targets:
        if t not in enemy_ok:
            u = enemy.units[t]
            allowed = ", ".join(enemy.units[i].name for i in enemy.eligible()) or "—"
            raise IllegalAttack("nme_target", unit=u.name, reason=nme_reason(u), allowed=allowed)
    cache = {} if cache is None else cache  # (side key, index, role, tripled) -> UnitFP

    def fp(owner: Side, i: int, role: str, tripled: bool) -> UnitFP:
        key = (owner.key, i, role, tripled)
        if key not in cache:
            cache[key] = melee_fp(owner.units[i], role, tripled, rules)
        return cache[key]

    att = [(i, fp(side, i, "attack", ambush and i in side.ambushers)) for i in alive]
    dfd = [(t, fp(enemy, t, "defend", enemy_ambush and t in enemy.ambushers)) for t in targets]
    a = sum(f.fp for _, f in att)
    d = sum(f.fp for _, f in dfd)
    hero = side.has_hero(alive)
    o = odds(a, d, hero, rules)
    if o.below_1_3 and len(targets) > 1:
        singles = [enemy.units[t].name for t in targets]
        raise IllegalAttack(
            "below_1_3",
            side=side.key,
            a=a,
            n=len(targets),
            d=d,
            units=", ".join(singles),
            flag=f"--{side.key}-targets",
            first=singles[0],
        )
    c = cell(o.column)
    lm = side.leadership(
        sorted(set(alive) | set(side.nme())) if rules.nme_leader_lm else alive, rules.shaken_leader_lm
    )
    zero_a = sum(1 for _, f in att if f.zero_ifp)
    zero_d = sum(1 for _, f in dfd if f.zero_ifp)
    drm = lm - zero_a + zero_d
    need = natural_needed(c.kn, drm)
    p = p_at_least(need) if need is not None else Fraction(0)
    return Attack(
        side.key,
        att,
        dfd,
        a,
        d,
        o,
        c.kn,
        c.verified,
        lm,
        zero_a,
        zero_d,
        drm,
        need,
        p,
        hero,
        ambush and any(i in side.ambushers for i in alive),
    )


# -- the round -------------------------------------------------------------------------------------


def _names(side: Side, idx: Iterable[int]) -> list[str]:
    return [side.units[i].name for i in idx]


def _label(unit: Unit, lang: str) -> str:
    """A counter as the calculator shows it, in words: the kind (squads need none), the
    notation or an SMC's LM / FP, and its SWs ("*" = captured)."""
    from sheets.core.data import label

    if unit.is_smc:
        fields = [
            f"LM {unit.lm:+d}" if unit.lm is not None else "",
            f"FP {unit.ifp}" if unit.ifp is not None else "",
        ]
        text = " ".join([label("lnl", f"word_{unit.kind}", lang)] + [f for f in fields if f])
    else:
        text = unit.notation
        if unit.kind != "squad":
            text = f"{label('lnl', f'word_{unit.kind}', lang)} {text}"
    joiner = " + " if unit.is_smc else "+"  # "leader LM +1 + MG", "1-6-4+MG-34"
    return joiner.join([text] + [w.weapon.display(lang) + ("*" if w.captured else "") for w in unit.weapons])


def attack_json(att: Attack, side: Side, enemy: Side, lang: str = "en") -> dict:
    return {
        "fp": att.fp,
        "units": [
            {
                "name": side.units[i].name,
                "counter": _label(side.units[i], lang),
                "fp": f.fp,
                "why": f.text(lang),
            }
            for i, f in att.attackers
        ],
        "targets": [enemy.units[i].name for i, _ in att.targets],
        "target_fp": att.target_fp,
        "target_units": [
            {
                "name": enemy.units[i].name,
                "counter": _label(enemy.units[i], lang),
                "fp": f.fp,
                "why": f.text(lang),
            }
            for i, f in att.targets
        ],
        "ratio": att.odds.ratio,
        "column": att.odds.column,
        "column_why": att.odds.describe(lang),
        "kill_number": att.kn,
        "kn_verified": att.kn_verified,
        "lm": att.lm,
        "zero_fp_attacking": att.zero_attacking,
        "zero_fp_defending": att.zero_defending,
        "drm": att.drm,
        "need": att.need,
        "p_kill": float(att.p_kill),
        "p_kill_exact": f"{att.p_kill.numerator}/{att.p_kill.denominator}",
        "hero_shift": att.hero,
        "ambush": att.ambush,
    }


@dataclass
class Round:
    a: Attack
    b: Attack
    first: str | None  # "a" | "b" when Ambush makes the round non-simultaneous
    strike_back: Attack | None  # the second side's attack with its survivors (ambush, first wins)
    strike_back_none: bool  # the first side's success leaves the other nothing to strike with
    outcomes: dict  # name -> Fraction
    a_side: Side | None = None  # (melee_round gives both sides)
    b_side: Side | None = None
    notes: list = field(default_factory=list)


def nme_only(a: Side, b: Side) -> str | None:
    """The side ("a" | "b") whose units in the hex are all NME while the other has a
    melee-eligible unit: «все вражеские юниты уничтожаются» (§8.1), no roll; None otherwise
    (both sides with no melee-eligible unit is :class:`IllegalAttack` in :func:`attack`)."""
    for own, other in ((a, b), (b, a)):
        if own.units and not own.eligible() and other.eligible():
            return own.key
    return None


def nme_only_json(a: Side, b: Side, key: str) -> dict:
    destroyed = a if key == "a" else b
    return {
        "nme_only": key,
        "destroyed": _names(destroyed, range(len(destroyed.units))),
        "simultaneous": None,
    }


def _default_targets(enemy: Side) -> list[int]:
    return enemy.eligible()


def melee_round(
    a: Side,
    b: Side,
    a_targets: list[int] | None = None,
    b_targets: list[int] | None = None,
    ambush: str | None = None,
    reinforcing_ambush: bool = False,
    rules: Interpretations = DEFAULT,
) -> Round:
    """One melee round: both attacks, and the four outcomes.

    ``ambush`` = "a" | "b": that side's ambushers (``Side.ambushers``; all its units when none
    is marked) triple their FP; the round is then not simultaneous (the ambusher strikes first
    and its victims are removed before striking back) unless ``reinforcing_ambush``.
    """
    sides = {"a": a, "b": b}
    if ambush:
        amb = sides[ambush]
        if not amb.ambushers:
            amb.ambushers = frozenset(range(len(amb.units)))
    a_targets = _default_targets(b) if a_targets is None else a_targets
    b_targets = _default_targets(a) if b_targets is None else b_targets
    tripled_defence = {k: rules.ambush_defence and ambush == k for k in ("a", "b")}
    att_a = attack(a, b, a_targets, rules=rules, ambush=ambush == "a", enemy_ambush=tripled_defence["b"])
    att_b = attack(b, a, b_targets, rules=rules, ambush=ambush == "b", enemy_ambush=tripled_defence["a"])
    pa, pb = att_a.p_kill, att_b.p_kill
    first = ambush if ambush and not reinforcing_ambush else None
    strike_back, none_left, notes = None, False, []
    if first:
        one, other = (att_a, att_b) if first == "a" else (att_b, att_a)
        own, them = sides[first], sides["b" if first == "a" else "a"]
        killed = [i for i, _ in one.targets]
        survivors = [i for i in them.eligible() if i not in killed]
        their_targets = [i for i, _ in other.targets]
        if not survivors:
            none_left = True
            p_back = Fraction(0)
        else:
            try:
                strike_back = attack(
                    them, own, their_targets, survivors, rules, enemy_ambush=rules.ambush_defence
                )
            except IllegalAttack:
                # fewer survivors pushed the odds below 1:3: strike back at the best single target
                trials = [
                    attack(them, own, [t], survivors, rules, enemy_ambush=rules.ambush_defence)
                    for t in their_targets
                ]
                strike_back = max(trials, key=lambda t: t.p_kill)
                notes.append(
                    (
                        "note_strike_single",
                        {"side": them.key, "target": own.units[strike_back.targets[0][0]].name},
                    )
                )
            p_back = strike_back.p_kill
        p_one, p_other = one.p_kill, other.p_kill
        first_wins_other_fails = p_one * (1 - p_back)
        both = p_one * p_back
        other_only = (1 - p_one) * p_other
        neither = (1 - p_one) * (1 - p_other)
        if first == "a":
            out = {
                "only_b_destroyed": first_wins_other_fails,
                "only_a_destroyed": other_only,
                "both": both,
                "neither": neither,
            }
        else:
            out = {
                "only_a_destroyed": first_wins_other_fails,
                "only_b_destroyed": other_only,
                "both": both,
                "neither": neither,
            }
        out = {k: out[k] for k in ("only_b_destroyed", "only_a_destroyed", "both", "neither")}
    else:
        out = {
            "only_b_destroyed": pa * (1 - pb),
            "only_a_destroyed": (1 - pa) * pb,
            "both": pa * pb,
            "neither": (1 - pa) * (1 - pb),
        }
    return Round(att_a, att_b, first, strike_back, none_left, out, a, b, notes)


def consequences(side: Side, att_against: Attack) -> dict:
    """What the enemy's successful attack ``att_against`` costs ``side`` beyond the targets: NME
    units destroyed with their side (every eligible unit killed), single-use SWs used."""
    killed = {i for i, _ in att_against.targets}
    eliminated = set(side.eligible()) <= killed
    return {"eliminated": eliminated, "nme_lost": _names(side, side.nme()) if eliminated else []}


def single_use_removed(side: Side, att: Attack, defended: Attack, lang: str = "en") -> list[str]:
    """Single-use SWs (Satchel Charges, Molotov Cocktails) used by ``side`` this round, in attack
    or defence: removed after the round whatever happens."""
    used = {}
    for i, f in list(att.attackers) + list(defended.targets):
        for w in f.used:
            if w.weapon.single_use:
                used[(i, w.name)] = f"{w.weapon.display(lang)} ({side.units[i].name})"
    return list(used.values())


def captured_used(side: Side, att: Attack, defended: Attack, lang: str = "en") -> list[str]:
    """Captured SWs ``side`` used this round: removed in the Admin Phase unless the enemy was
    eliminated (§8.0)."""
    used = {}
    for i, f in list(att.attackers) + list(defended.targets):
        for w in f.used:
            if w.captured:
                used[(i, w.name)] = f"{w.weapon.display(lang)} ({side.units[i].name})"
    return list(used.values())


def admin_removals(side: Side, att: Attack, defended: Attack, enemy_eliminated: bool) -> list[str]:
    """Captured SWs removed in the Admin Phase: those used in the melee when the enemy survived."""
    return [] if enemy_eliminated else captured_used(side, att, defended)


def _lost(side: Side, att: Attack) -> list[str]:
    """The units ``side`` loses when ``att`` (against it) succeeds: the targets, and its NME
    units when no melee-eligible unit of it is left (§8.1)."""
    return _names(side, [i for i, _ in att.targets]) + consequences(side, att)["nme_lost"]


def losses(rnd: Round) -> dict:
    """Outcome → {"a": units A loses, "b": units B loses} (names), for the four outcomes."""
    a, b = rnd.a_side, rnd.b_side
    assert a is not None and b is not None  # a round of melee_round: both sides given
    a_lost, b_lost = _lost(a, rnd.b), _lost(b, rnd.a)
    if rnd.first and rnd.strike_back is not None:  # the survivors' strike back after the ambush
        if rnd.first == "a":  # B's survivors strike back at A
            both = {"a": _lost(a, rnd.strike_back), "b": b_lost}
        else:
            both = {"a": a_lost, "b": _lost(b, rnd.strike_back)}
    else:
        both = {"a": a_lost, "b": b_lost}
    return {
        "only_b_destroyed": {"a": [], "b": b_lost},
        "only_a_destroyed": {"a": a_lost, "b": []},
        "both": both,
        "neither": {"a": [], "b": []},
    }


def round_json(rnd: Round, lang: str = "en") -> dict:
    """The round as JSON-ready data; reasoning texts (``why``, ``column_why``, ``notes``) in
    ``lang``."""
    a, b = rnd.a_side, rnd.b_side
    assert a is not None and b is not None  # a round of melee_round: both sides given
    out: dict[str, Any] = {"a": attack_json(rnd.a, a, b, lang), "b": attack_json(rnd.b, b, a, lang)}
    for key, side, own, other in (("a", a, rnd.a, rnd.b), ("b", b, rnd.b, rnd.a)):
        enemy_att = other
        out[key]["nme"] = _names(side, side.nme())
        out[key]["eliminated_if_killed"] = consequences(side, enemy_att)["eliminated"]
        out[key]["single_use_removed"] = single_use_removed(side, own, other, lang)
        out[key]["captured_used"] = captured_used(side, own, other, lang)
    out["first"] = rnd.first
    out["simultaneous"] = rnd.first is None
    if rnd.first:
        back = rnd.strike_back
        out["strike_back"] = (
            attack_json(
                back,
                b if rnd.first == "a" else a,
                a if rnd.first == "a" else b,
                lang,
            )
            if back
            else None
        )
    out["losses"] = losses(rnd)
    out["outcomes"] = {k: float(v) for k, v in rnd.outcomes.items()}
    out["outcomes_exact"] = {k: f"{v.numerator}/{v.denominator}" for k, v in rnd.outcomes.items()}
    out["notes"] = [describe(k, f, lang) for k, f in rnd.notes]
    return out


# -- --best: every legal choice of targets ---------------------------------------------------------


def best_targets(
    side: Side, enemy: Side, rules: Interpretations = DEFAULT, ambush: bool = False, limit: int = 12
) -> dict:
    """Every legal non-empty set of targets for ``side``: ranked by kill probability and by
    expected enemy FP destroyed (p_kill × the targets' defending FP)."""
    pool = enemy.eligible()
    rows: list[dict[str, Any]] = []
    cache: dict[tuple[str, int, str, bool], UnitFP] = {}
    if len(pool) > 12:
        raise IllegalAttack("best_too_many", n=len(pool), flag=f"--{side.key}-targets")
    for r in range(1, len(pool) + 1):
        for combo in itertools.combinations(pool, r):
            try:
                att = attack(side, enemy, list(combo), rules=rules, ambush=ambush, cache=cache)
            except IllegalAttack:
                continue
            rows.append(
                {
                    "targets": _names(enemy, combo),
                    "column": att.odds.column,
                    "kill_number": att.kn,
                    "kn_verified": att.kn_verified,
                    "drm": att.drm,
                    "need": att.need,
                    "p_kill": float(att.p_kill),
                    "target_fp": att.target_fp,
                    "expected_fp_destroyed": float(att.p_kill * att.target_fp),
                }
            )
    by_p = sorted(rows, key=lambda r: (-r["p_kill"], -r["expected_fp_destroyed"], len(r["targets"])))
    by_e = sorted(rows, key=lambda r: (-r["expected_fp_destroyed"], -r["p_kill"], len(r["targets"])))
    return {"choices": len(rows), "by_p_kill": by_p[:limit], "by_expected_fp": by_e[:limit]}
