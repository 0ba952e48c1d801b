"""Dust Tactics rules core: building and checking units, heroes joining squads, cover and saves.

Pure Python. Sources: the Dust Tactics rulebook (cover, dice and heroes); the tables live
in ``data/dust/``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheets.core.data import labels, load_data
from sheets.core.errors import RuleIssue, did_you_mean
from sheets.core.i18n import _, current_lang
from sheets.games.dust.model import Armor, Cover, Skill, Unit, Weapon, armor_types

# -- building and checking one unit ---------------------------------------------------------


def build_unit(data: Mapping[str, Any]) -> Unit:
    """A schema-checked ``units:`` mapping → :class:`Unit`.

    List items that failed the schema (already reported by it) are skipped.
    """
    is_hero = data["kind"] == "hero"
    cover: Cover | None
    if data.get("cover"):
        cover = Cover(data["cover"]["soft"], data["cover"]["hard"])
    else:
        cover = None if is_hero else Cover()  # no entry on a squad/vehicle card = no save
    weapons = [
        Weapon(
            name=w["name"],
            count=w["count"],
            range=w["range"],
            cells={k: v for k, v in (w.get("vs") or {}).items() if v is not None},
            mount=w.get("mount") or "",
            tags=tuple(w.get("tags") or ()),
        )
        for w in data.get("weapons") or ()
        if isinstance(w, dict)
    ]
    skills = [
        Skill(s) if isinstance(s, str) else Skill(s["name"], s.get("text") or "")
        for s in data.get("skills") or ()
        if isinstance(s, (str, dict))
    ]
    return Unit(
        name=data["name"].strip(),
        faction=data.get("faction") or "",
        kind=data["kind"],
        armor=Armor(data["armor"]["type"], data["armor"]["level"]),
        models=data["models"],
        health=data["health"],
        move=data["move"],
        points=data["points"],
        cover=cover,
        weapons=weapons,
        skills=skills,
        joins=(data.get("joins") or "").strip() or None,
    )


def _printed(prefix: str, key: str) -> str:
    """A kind or an armour type as the card prints it, in the current language."""
    words = labels("dust").get(f"{prefix}_{key}")
    return words[current_lang()].lower() if words else key


def validate_unit(unit: Unit) -> list[RuleIssue]:
    """Checks of one unit: armour level within its type, heroes without cover, who may join."""
    issues = []
    levels = armor_types()[unit.armor.type]["levels"]
    if unit.armor.level > levels:
        issues.append(
            RuleIssue(
                ("armor", "level"),
                _("level {level} is out of range for {type} armour (1–{levels})").format(
                    level=unit.armor.level, type=_printed("armor", unit.armor.type), levels=levels
                ),
                code="dust-armour-level",
            )
        )
    if unit.is_hero and unit.cover is not None:
        issues.append(
            RuleIssue(
                ("cover",),
                _(
                    "heroes have no cover value of their own (a joined hero uses its squad's cover): remove 'cover'"
                ),
                code="dust-hero-cover",
            )
        )
    if unit.joins and not unit.is_hero:
        issues.append(
            RuleIssue(
                ("joins",),
                _("only heroes join squads (this unit: {kind})").format(kind=_printed("kind", unit.kind)),
                code="dust-join",
            )
        )
    return issues


# -- heroes joining squads (seed: before the game, same armour type and level, one per squad) --


def resolve_joins(units: list[Unit]) -> tuple[dict[int, int], list[tuple[int, RuleIssue]]]:
    """Pair each hero with the squad its ``joins`` names.

    Returns ({hero index: squad index} for valid joins, [(hero index, issue)]). Names compare
    case-insensitively; when several squads share the name, the hero takes the first one of the
    same armour that has no hero yet, so heroes are paired in file order.
    """
    pairs: dict[int, int] = {}
    taken: dict[int, int] = {}  # squad index -> hero index
    issues: list[tuple[int, RuleIssue]] = []
    by_name: dict[str, list[int]] | None = None  # lower-cased name -> indexes (built once: linear)
    for i, hero in enumerate(units):
        if not hero.is_hero or not hero.joins:
            continue
        if by_name is None:
            by_name = {}
            for j, u in enumerate(units):
                by_name.setdefault(u.name.lower(), []).append(j)
        wanted = hero.joins.lower()
        named = [j for j in by_name.get(wanted, ()) if j != i]
        if not named:
            squad_names = [u.name for u in units if u.kind == "squad"]
            issues.append(
                (
                    i,
                    RuleIssue(
                        ("joins",),
                        _(
                            "joins {name}: no squad of that name in this file (a hero joins only before the "
                            "game, so the squad must be in the same file or roster){hint}"
                        ).format(name=repr(hero.joins), hint=did_you_mean(hero.joins, squad_names)),
                        code="dust-join",
                    ),
                )
            )
            continue
        squads = [j for j in named if units[j].kind == "squad"]
        if not squads:
            issues.append(
                (
                    i,
                    RuleIssue(
                        ("joins",),
                        _("joins {name} ({kind}): heroes join only squads").format(
                            name=repr(hero.joins), kind=_printed("kind", units[named[0]].kind)
                        ),
                        code="dust-join",
                    ),
                )
            )
            continue
        same = [j for j in squads if units[j].armor == hero.armor]
        if not same:
            other = units[squads[0]]
            issues.append(
                (
                    i,
                    RuleIssue(
                        ("joins",),
                        _(
                            "joins {name} ({armour}) but the hero is {hero}: a hero joins only a squad of the "
                            "same armour type and level"
                        ).format(name=repr(other.name), armour=other.armor.code, hero=hero.armor.code),
                        code="dust-join",
                    ),
                )
            )
            continue
        free = [j for j in same if j not in taken]
        if not free:
            first = units[taken[same[0]]]
            issues.append(
                (
                    i,
                    RuleIssue(
                        ("joins",),
                        _("joins {name}, already joined by hero {other}: one hero per squad").format(
                            name=repr(units[same[0]].name), other=repr(first.name)
                        ),
                        code="dust-join",
                    ),
                )
            )
            continue
        pairs[i] = free[0]
        taken[free[0]] = i
    return pairs, issues


def duplicate_squad_names(units: list[Unit]) -> list[tuple[int, RuleIssue]]:
    """Two squads of one force with the same name (case-insensitive) are an error: a hero's
    ``joins`` could not say which one it joins."""
    first: dict[str, int] = {}
    issues = []
    for i, unit in enumerate(units):
        if unit.kind != "squad":
            continue
        key = unit.name.lower()
        if key in first:
            issues.append(
                (
                    i,
                    RuleIssue(
                        ("name",),
                        _(
                            "squad name {name} is used twice in this force (first: unit {n}); give every squad "
                            "its own name so a hero's 'joins' names one squad"
                        ).format(name=repr(unit.name), n=first[key] + 1),
                        code="dust-duplicate-squad",
                    ),
                )
            )
        else:
            first[key] = i
    return issues


def cross_faction_joins(units: list[Unit], pairs: dict[int, int]) -> list[tuple[int, RuleIssue]]:
    """A warning for each hero joined to a squad of another faction (both factions given)."""
    out = []
    for hero, squad in pairs.items():
        h, q = units[hero], units[squad]
        if h.faction and q.faction and h.faction.strip().lower() != q.faction.strip().lower():
            out.append(
                (
                    hero,
                    RuleIssue(
                        ("joins",),
                        _(
                            "hero of {faction} joins {name} of {other}: a hero leads his own army's squads"
                        ).format(faction=repr(h.faction), name=repr(q.name), other=repr(q.faction)),
                        "warning",
                        code="dust-cross-faction",
                    ),
                )
            )
    return out


def validate_force(units: list[Unit]) -> list[tuple[int, RuleIssue]]:
    """Check every hero's ``joins`` and record valid pairs on the squads (``joined_by``);
    duplicate squad names are an error, cross-faction joins a warning."""
    duplicates = duplicate_squad_names(units)
    pairs, issues = resolve_joins(units)
    for hero, squad in pairs.items():
        units[squad].joined_by = units[hero].name
    return duplicates + issues + cross_faction_joins(units, pairs)


def partners(force: list[Unit]) -> dict[int, Unit]:
    """``id(unit)`` -> its partner (the hero joined to a squad, the squad a hero joins) for the
    whole force at once: resolve the joins once per force, not once per card."""
    pairs, _ = resolve_joins(force)
    mates: dict[int, Unit] = {}
    for hero, squad in pairs.items():
        mates[id(force[hero])] = force[squad]
        mates[id(force[squad])] = force[hero]
    return mates


def partner(unit: Unit, force: list[Unit]) -> Unit | None:
    """The hero joined to this squad, or the squad this hero joins (None when alone).
    For many units of one force use :func:`partners` (one pass). A unit outside ``force`` has
    none: its ``id`` is no key of ``partners(force)`` (the ids of live objects differ)."""
    return partners(force).get(id(unit))


# -- dice editions ---------------------------------------------------------------------------


class UnknownEdition(ValueError):
    """A dice edition that ``data/dust/dice.yaml`` does not define."""


@dataclass(frozen=True)
class Edition:
    name: str
    faces: dict  # face -> how many of the 6 faces
    saves: dict  # save type (hits | misses) -> faces that cancel a hit
    label: str  # labels.yaml key of the footer naming the edition
    verified: bool

    def p_stop(self, save: str) -> Fraction:
        """Chance that one save die cancels one hit (0 for no save)."""
        if save == "none":
            return Fraction(0)
        good = sum(self.faces[f] for f in self.saves[save])
        return Fraction(good, sum(self.faces.values()))


def edition_names() -> list[str]:
    return list(load_data("dust/dice.yaml")["editions"])


def default_edition() -> str:
    return load_data("dust/dice.yaml")["default"]


@functools.cache
def dice_edition(name: str | None = None) -> Edition:
    """The dice edition ``name`` (None = the documented default, classic)."""
    table = load_data("dust/dice.yaml")
    name = name or table["default"]
    row = table["editions"].get(name)
    if row is None:
        raise UnknownEdition(
            _("unknown dice edition {name}{hint}; expected one of {choices}").format(
                name=repr(name),
                hint=did_you_mean(name, table["editions"]),
                choices=", ".join(table["editions"]),
            )
        )
    return Edition(
        name,
        dict(row["faces"]),
        {k: tuple(v) for k, v in row["saves"].items()},
        row["label"],
        bool(row["verified"]),
    )


# -- cover -----------------------------------------------------------------------------------


@functools.cache
def cover_sources() -> dict[str, str]:
    """Cover source name → soft | hard: ``soft``, ``hard``, ``corner`` and the cover objects."""
    table = load_data("dust/cover_objects.yaml")
    out = dict(table["sources"])
    out.update({key: obj["cover"] for key, obj in table["objects"].items()})
    return out


def combine_cover(parts: Iterable[str]) -> str:
    """The cover a unit has from several sources: any hard, or two soft (seed: e.g. an ammo crate
    and a corner) → ``hard``; one soft → ``soft``; nothing → ``none``.

    ``parts`` are names from :func:`cover_sources` (``none`` is accepted and ignored).
    """
    sources = cover_sources()
    levels = []
    for part in parts:
        key = part.strip().lower()
        if key in ("", "none"):
            continue
        if key not in sources:
            raise ValueError(
                _("unknown cover source {name}{hint}; expected one of {choices}").format(
                    name=repr(part), hint=did_you_mean(key, sources), choices=", ".join(sources)
                )
            )
        levels.append(sources[key])
    if "hard" in levels or levels.count("soft") >= 2:
        return "hard"
    return "soft" if levels else "none"


def forms_corner(square: str) -> bool:
    """Whether what stands on a square makes it a corner ("square without a dot"): a wall or a
    vehicle does, a squad or an open square does not (seed)."""
    table = load_data("dust/cover_objects.yaml")["corner_squares"]
    if square not in table:
        raise ValueError(
            _("unknown square {name}{hint}; expected one of {choices}").format(
                name=repr(square), hint=did_you_mean(square, table), choices=", ".join(table)
            )
        )
    return bool(table[square])


def corner_cover(
    adjacent: bool, line_through_corner: bool, square: str = "no_dot", diagonal: bool = True
) -> str:
    """The corner rule: ``soft`` when the target is attacked diagonally, its square is adjacent
    to the corner, the line of sight passes through that corner and what stands on the corner's
    square forms a corner (a wall, a vehicle; not a squad or a hero); else ``none``."""
    return "soft" if diagonal and adjacent and line_through_corner and forms_corner(square) else "none"


def check_cover_sources(parts: Iterable[str]) -> None:
    """Reject combinations that cannot stand on one square (e.g. two ammo crates): each cover
    object appears at most ``per_square`` times (``cover_objects.yaml``)."""
    objects = load_data("dust/cover_objects.yaml")["objects"]
    counts: dict[str, int] = {}
    for part in parts:
        key = part.strip().lower()
        counts[key] = counts.get(key, 0) + 1
    for key, n in counts.items():
        limit = objects.get(key, {}).get("per_square")
        if limit is not None and n > limit:
            raise ValueError(
                _("{n} × {name} on one square is impossible (at most {limit})").format(
                    n=n, name=key, limit=limit
                )
            )


def save_for(unit: Unit, cover: str, squad: Unit | None = None) -> str:
    """The save the unit's card gives in ``cover`` (soft | hard | none): hits | misses | none.

    A hero has no cover value: alone it gets no save; joined (``squad`` given) it uses the
    squad's. Cover objects get no save.
    """
    own = squad if unit.is_hero else unit
    if own is None or own.cover is None:
        return "none"
    return own.cover.save(cover)


def resolve_save(save: str, hits: int, faces: list[str], edition: str | None = None) -> dict:
    """Resolve a cover roll from the faces actually rolled (one die per hit).

    Returns {"save", "hits", "stopped", "remaining"}; ``remaining`` hits go on to do damage.
    """
    ed = dice_edition(edition)
    if save == "none":
        if faces:
            raise ValueError(_("no save: no dice are rolled"))
        return {"save": save, "hits": hits, "stopped": 0, "remaining": hits}
    if len(faces) != hits:
        raise ValueError(
            _("a cover roll uses one die per hit: {hits} hit(s) but {faces} face(s)").format(
                hits=hits, faces=len(faces)
            )
        )
    unknown = [f for f in faces if f not in ed.faces]
    if unknown:
        raise ValueError(
            _("unknown face {face} for {edition} dice; expected one of {choices}").format(
                face=repr(unknown[0]), edition=ed.name, choices=", ".join(ed.faces)
            )
        )
    stopped = sum(1 for f in faces if f in ed.saves[save])
    return {"save": save, "hits": hits, "stopped": stopped, "remaining": hits - stopped}


def cover_calc(
    unit: Unit,
    cover: str | Iterable[str],
    hits: int,
    edition: str | None = None,
    squad: Unit | None = None,
    ignores_cover: bool = False,
    corner: dict | None = None,
) -> dict:
    """Expected effect of cover on ``hits`` hits against ``unit``.

    ``cover`` is ``soft``, ``hard``, ``soft+soft``, ``ammo_crate+corner``… or a list of source
    names. A ``corner`` source counts only when the corner rule holds: ``corner`` gives
    {"diagonal", "adjacent", "through_corner": bool, "square": what stands on the corner's square}
    (see :func:`corner_cover`); ``ignores_cover`` (a weapon whose text says so) means no save.
    Returns {"unit", "cover", "save", "hits", "dice", "p_stop_each", "expected_stopped",
    "expected_remaining", "edition", "edition_label", "edition_verified"} plus "corner" (the
    corner's cover), "ignores_cover", "uses_squad" for a joined hero or "note" (a label key) for
    a lone hero.
    """
    parts = [p.strip().lower() for p in (cover.split("+") if isinstance(cover, str) else cover)]
    check_cover_sources(parts)
    corner_level = None
    if "corner" in parts:
        if corner is None:
            raise ValueError(
                _(
                    "corner cover depends on the corner: give whether the unit is attacked diagonally, adjacent "
                    "to the corner, whether the line of sight passes through it, and what stands on the corner's "
                    "square"
                )
            )
        corner_level = corner_cover(
            corner["adjacent"], corner["through_corner"], corner["square"], corner["diagonal"]
        )
        if corner_level == "none":
            parts = [p for p in parts if p != "corner"]
    level = combine_cover(parts)
    save = "none" if ignores_cover else save_for(unit, level, squad)
    ed = dice_edition(edition)
    p = ed.p_stop(save)
    out = {
        "unit": unit.name,
        "cover": level,
        "save": save,
        "hits": hits,
        "dice": hits if save != "none" else 0,
        "p_stop_each": float(p),
        "expected_stopped": float(p * hits),
        "expected_remaining": float(hits - p * hits),
        "edition": ed.name,
        "edition_label": ed.label,
        "edition_verified": ed.verified,
    }
    if corner_level is not None:
        out["corner"] = corner_level
    if ignores_cover:
        out["ignores_cover"] = True
    if unit.is_hero:
        if squad is not None:
            out["uses_squad"] = squad.name
        else:
            out["note"] = "hero_no_cover"
    return out
