"""The calculator's SPEC grammar: one counter written on the command line.

    SPEC   = [PREFIX ":"]... BODY ["+" SW]...
    PREFIX = a kind (squad, half | half_squad, crew, wt | weapon_team, leader, hero, medic,
             sniper, scout), "amb" (this unit ambushes), "shaken", or "sw" / "nosw" (force
             using / not using its melee SW; default: the better choice)
    BODY   = an MMC counter F-R-M ("2-5-4"; "2-5-4M" or "2M-5-4" = "M" on the FP), or for an SMC
             comma-separated fields: lmN, fpN, moraleN, M — or a hero's F-R-M ("hero:1-4-5")
    SW     = a support weapon of lnl/weapons.yaml; a trailing "*" marks it captured

Examples: ``2-5-4``, ``2-5-4M``, ``1-6-4+MG-34``, ``half:0-2-3``, ``leader:lm1+MG*``,
``hero:1-4-5``, ``amb:2-5-4``. Without a kind prefix a counter is a squad. Pure Python.
"""

from __future__ import annotations

import re

from sheets.core.errors import did_you_mean
from sheets.core.i18n import _, tr
from sheets.games.lnl.model import (
    HERO_FP_ZERO,
    KIND_ALIASES,
    KINDS,
    MAX_CARRIED,
    CarriedSW,
    CounterError,
    Unit,
    find_weapon,
    parse_counter,
    weapon_names,
)

_FIELD = re.compile(r"^(lm|fp|morale)\s*(-?\d{1,2})$", re.IGNORECASE)


MAX_LEN = 60  # a SPEC is one counter: longer text is not a counter (and is not echoed)
LM_RANGE = (-3, 5)  # as --a-lm and the unit files' lm:


class SpecError(ValueError):
    """A SPEC that does not follow the grammar (message says what was expected)."""


class SpecTooLong(SpecError):
    """A SPEC longer than :data:`MAX_LEN` characters (an input error: exit 1, not echoed)."""


def parse_spec(text: str, name: str) -> Unit:
    """A :class:`Unit` named ``name`` from a SPEC string (see the module docstring)."""
    raw = str(text).strip()
    if not raw:
        raise SpecError(_("empty SPEC: write a counter like 2-5-4"))
    if len(raw) > MAX_LEN:
        raise SpecTooLong(
            _(
                "a SPEC is one counter of at most {limit} characters (this one has {n}): write it like 2-5-4 or 1-6-4+MG-34"
            ).format(limit=MAX_LEN, n=len(raw))
        )
    head, *sws = [p.strip() for p in raw.split("+")]
    *prefixes, body = [p.strip() for p in head.split(":")]
    kind, amb, shaken, use_sw = None, False, False, None
    for p in prefixes:
        key = p.lower()
        if key in ("amb", "ambush"):
            amb = True
        elif key in ("sw", "nosw"):
            if use_sw is not None:
                raise SpecError(_("{spec}: sw and nosw together").format(spec=repr(raw)))
            use_sw = key == "sw"
        elif key == "shaken":
            shaken = True
        elif key in KINDS or key in KIND_ALIASES:
            if kind:
                raise SpecError(
                    _("{spec}: two kinds ({kind}, {other})").format(spec=repr(raw), kind=kind, other=p)
                )
            kind = KIND_ALIASES.get(key, key)
        else:
            choices = list(KINDS) + list(KIND_ALIASES) + ["amb", "shaken", "sw", "nosw"]
            raise SpecError(
                _(
                    "{spec}: unknown prefix {prefix}{hint}; expected a kind ({kinds}), amb, shaken, sw or nosw"
                ).format(
                    spec=repr(raw), prefix=repr(p), hint=did_you_mean(key, choices), kinds=", ".join(KINDS)
                )
            )
    unit = Unit(name=name, kind=kind or "squad", counter=body, ambush=amb, shaken=shaken, use_sw=use_sw)
    if unit.is_mmc or (unit.kind == "hero" and "-" in body):
        try:
            c = parse_counter(body)
        except CounterError as exc:
            raise SpecError(f"{raw!r}: {exc}") from None
        unit.ifp, unit.range, unit.morale, unit.m = c.fp, c.range, c.morale, c.m
        unit.counter = c.text
    else:
        for part in filter(None, (x.strip() for x in body.split(","))):
            m = _FIELD.match(part)
            if part.upper() == "M":
                unit.m = True
            elif m:
                setattr(
                    unit, {"lm": "lm", "fp": "ifp", "morale": "morale"}[m.group(1).lower()], int(m.group(2))
                )
            else:
                raise SpecError(
                    _(
                        "{spec}: {part} is not lmN, fpN, moraleN or M (a {kind} is written like leader:lm1+MG)"
                    ).format(spec=repr(raw), part=repr(part), kind=unit.kind)
                )
        unit.counter = ""
        if unit.lm is not None and not LM_RANGE[0] <= unit.lm <= LM_RANGE[1]:
            raise SpecError(
                _("{spec}: a leader's LM is {low}…{high} (as a side's leadership modifier), not {lm}").format(
                    spec=repr(raw), low=LM_RANGE[0], high=LM_RANGE[1], lm=unit.lm
                )
            )
        if unit.kind == "hero" and unit.ifp is None:
            raise SpecError(
                _("{spec}: a hero needs its firepower: hero:1-4-5 or hero:fp1").format(spec=repr(raw))
            )
    if unit.kind == "hero":
        assert unit.ifp is not None  # set by the hero's counter, or its fpN (required above)
        if unit.ifp < 1:
            raise SpecError(f"{raw!r}: {tr(HERO_FP_ZERO)}")
    for sw_text in sws:
        captured = sw_text.endswith("*")
        sw_name = sw_text.rstrip("*").strip()
        sw = find_weapon(sw_name)
        if sw is None:
            raise SpecError(
                _("{spec}: unknown support weapon {name}{hint}; known: {known}").format(
                    spec=repr(raw),
                    name=repr(sw_name),
                    hint=did_you_mean(sw_name, weapon_names()),
                    known=", ".join(weapon_names()),
                )
            )
        unit.weapons.append(CarriedSW(sw, captured))
    if use_sw and not any(w.weapon.melee for w in unit.weapons):
        raise SpecError(
            _("{spec}: sw: forces using a melee SW, and this counter carries none").format(spec=repr(raw))
        )
    if len(unit.weapons) > MAX_CARRIED:
        raise SpecError(
            _("{spec}: a counter carries at most {n} support weapons here (it uses the best it may)").format(
                spec=repr(raw), n=MAX_CARRIED
            )
        )
    return unit
