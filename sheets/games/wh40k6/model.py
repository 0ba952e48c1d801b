"""Warhammer 40,000 6th edition unit model: unit types (from ``data/wh40k6/unit_types.yaml``),
saves, models, weapons and units. Pure Python (no rendering)."""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import dataclass, field

from sheets.core.data import choice_names, load_data
from sheets.core.errors import did_you_mean
from sheets.core.i18n import _

STATS = ("ws", "bs", "s", "t", "w", "i", "a", "ld")
ARMOUR = ("front", "side", "rear")
DASHES = ("-", "–", "—", "")


class TypeError_(ValueError):
    """A unit-type text that names no known type (message carries a "did you mean")."""


class SaveError(ValueError):
    pass


def _norm(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", str(text).strip().lower())


@functools.cache
def type_table() -> dict:
    return load_data("wh40k6/unit_types.yaml")


@functools.cache
def _names() -> tuple[dict, dict]:
    """(type names → type id, vehicle tag names → tag id), normalised."""
    data = type_table()
    types = {}
    for tid, row in data["types"].items():
        types[_norm(tid)] = tid
        for n in row.get("names", ()):
            types[_norm(n)] = tid
    tags = {}
    for tag, row in data["vehicle_tags"].items():
        tags[_norm(tag)] = tag
        for n in row.get("names", ()):
            tags[_norm(n)] = tag
    # the names the datasheets print (Пехота, Шагоход…: data/wh40k6/choices.yaml)
    for name, tid in choice_names("wh40k6", "type").items():
        types.setdefault(_norm(name), tid)
    for name, tag in choice_names("wh40k6", "tag").items():
        tags.setdefault(_norm(name), tag)
    return types, tags


@functools.cache
def character_words() -> tuple[str, ...]:
    """The bracketed words that make a model a character (normalised)."""
    return ("character", "unique", "independent character", *map(_norm, choice_names("wh40k6", "character")))


@dataclass(frozen=True)
class ModelType:
    base: str  # type id of unit_types.yaml
    tags: tuple = ()  # vehicle tag ids, in data order
    character: bool = False

    @property
    def kind(self) -> str:
        return type_table()["types"][self.base]["kind"]

    @property
    def is_vehicle(self) -> bool:
        return self.kind == "vehicle"

    @property
    def is_walker(self) -> bool:
        return "walker" in self.tags

    @property
    def text(self) -> str:
        """Canonical English spelling, e.g. ``vehicle (fast, skimmer)``, ``bike (character)``."""
        inner = list(self.tags) + (["character"] if self.character else [])
        base = self.base.replace("_", " ")
        return f"{base} ({', '.join(t.replace('_', '-') for t in inner)})" if inner else base


def parse_type(text: object) -> ModelType:
    """``"Jump Infantry (Character)"`` → ModelType('jump_infantry', (), True);
    ``"vehicle (fast, skimmer)"`` → ModelType('vehicle', ('fast', 'skimmer')). Tolerant of case,
    hyphens, underscores, a leading "Unique," and a bare vehicle tag ("Walker")."""
    types, tags = _names()
    raw = str(text or "").strip()
    m = re.fullmatch(r"([^()]*?)\s*(?:\(([^()]*)\))?\s*", raw)
    if not raw or not m:
        raise TypeError_(
            _(
                "unknown unit type {type}; expected e.g. 'infantry', 'bike (character)', 'vehicle (tank, transport)'"
            ).format(type=repr(raw))
        )
    base_text, inner = m.group(1), m.group(2) or ""
    words = [w for w in (p.strip() for p in base_text.split(",")) if w and _norm(w) != "unique"]
    base_text = words[-1] if words else ""
    extra = [_norm(w) for w in inner.split(",") if w.strip()]
    found_tags, character = [], False
    key = _norm(base_text)
    if key in types:
        base = types[key]
    elif key in tags:
        base, found_tags = "vehicle", [tags[key]]
    elif key.startswith("vehicle ") and key[8:] in tags:  # "vehicle walker"
        base, found_tags = "vehicle", [tags[key[8:]]]
    else:
        choices = sorted({*(n for n in types if len(n) > 3), "vehicle (tank)", "vehicle (walker)"})
        raise TypeError_(
            _("unknown unit type {type}{hint}").format(
                type=repr(base_text or raw), hint=did_you_mean(key, choices)
            )
        )
    for word in extra:
        if word in character_words():
            character = True
            continue
        if word in tags and base == "vehicle":
            found_tags.append(tags[word])
            continue
        if word in tags:
            raise TypeError_(
                _("{word} is a vehicle type: write 'vehicle ({tag})'").format(word=repr(word), tag=word)
            )
        known = ["character"] + (list(type_table()["vehicle_tags"]) if base == "vehicle" else [])
        raise TypeError_(
            _("unknown type word {word} in {type}{hint}; expected {known}").format(
                word=repr(word), type=repr(raw), hint=did_you_mean(word, known), known=", ".join(known)
            )
        )
    order = list(type_table()["vehicle_tags"])
    return ModelType(base, tuple(sorted(set(found_tags), key=order.index)), character)


@dataclass(frozen=True)
class TypeRules:
    """What a model type means on the table (one row of the unit-type table, resolved)."""

    type: ModelType
    label: str  # labels.yaml key of the type name
    tag_labels: tuple  # labels.yaml keys of the tags (vehicle tags, character)
    move: str
    run_kind: str  # run | turbo_boost | flat_out | thrust | none
    run: str
    charge: str
    fall_back: str
    rules: tuple  # granted special rules (glossary names)
    shooting: tuple  # labels.yaml keys
    cannot: tuple
    notes: tuple
    profile: dict  # gun: fixed profile
    verified: bool
    unverified: tuple  # fields printed with †
    sources: tuple


_FIELDS = ("move", "run", "charge", "fall_back", "rules", "shooting", "cannot", "notes")


def _apply(row: dict, over: dict, unverified: list, sources: list) -> None:
    for f in over.get("replace") or ():  # the tag's own list replaces the base type's
        row[f] = []
    for f in _FIELDS:
        if f not in over:
            continue
        if f in ("rules", "cannot", "notes"):
            row[f] = list(dict.fromkeys([*row.get(f, []), *over[f]]))
        elif f == "shooting":
            if over[f]:
                row[f] = [*row.get(f, []), over[f]]
        else:
            row[f] = copy.deepcopy(over[f])
    if not over.get("verified", True):
        unverified += over.get("unverified") or [f for f in _FIELDS if f in over] or ["notes"]
    if over.get("source"):
        sources.append(over["source"])


@functools.cache
def type_rules(mt: ModelType) -> TypeRules:
    data = type_table()
    base = data["types"][mt.base]
    row = copy.deepcopy(base)
    row["shooting"] = [base["shooting"]] if base.get("shooting") else []
    unverified = list(base.get("unverified") or (_FIELDS if not base.get("verified", True) else ()))
    sources = [base["source"]]
    for tag, over in data["vehicle_tags"].items():
        if tag in mt.tags:
            _apply(row, over, unverified, sources)
    for combo in data.get("vehicle_combos") or ():
        if set(combo["tags"]) <= set(mt.tags):
            _apply(row, combo, unverified, sources)
    tag_labels = tuple(f"tag_{t}" for t in mt.tags) + (("tag_character",) if mt.character else ())
    return TypeRules(
        type=mt,
        label=f"type_{mt.base}",
        tag_labels=tag_labels,
        move=str(row["move"]),
        run_kind=row["run"]["kind"],
        run=str(row["run"]["distance"]),
        charge=str(row["charge"]),
        fall_back=str(row["fall_back"]),
        rules=tuple(row.get("rules") or ()),
        shooting=tuple(row["shooting"]),
        cannot=tuple(row.get("cannot") or ()),
        notes=tuple(row.get("notes") or ()),
        profile=dict(base.get("profile") or {}),
        verified=not unverified,
        unverified=tuple(dict.fromkeys(unverified)),
        sources=tuple(sources),
    )


@dataclass(frozen=True)
class Save:
    text: str
    armour: int | None  # D6 target, e.g. 3 for 3+
    invulnerable: int | None


_SAVE = re.compile(r"^\s*(?:([2-6])\+)?\s*(?:/?\s*([2-6])\+\+)?\s*$")


def parse_save(value: object) -> Save | None:
    """``"3+"`` → Save(3+), ``"3+/4++"`` → armour 3, invulnerable 4, ``"4++"``; a dash → None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise SaveError(_("{value} is not a save: write e.g. 3+, 3+/4++ or –").format(value=repr(value)))
    text = str(value).strip()
    if text in DASHES:
        return None
    if isinstance(value, int):
        raise SaveError(_("write the save as {value}+ (a number alone is ambiguous)").format(value=value))
    m = _SAVE.match(text)
    if not m or not (m.group(1) or m.group(2)):
        raise SaveError(
            _("bad save {value}: expected e.g. 3+, 3+/4++ or 5++ (2+ to 6+)").format(value=repr(text))
        )
    a, inv = m.group(1), m.group(2)
    canon = "/".join(p for p in (f"{a}+" if a else "", f"{inv}++" if inv else "") if p)
    return Save(canon, int(a) if a else None, int(inv) if inv else None)


@dataclass
class Model:
    name: str
    count: int
    type: ModelType
    stats: dict  # ws bs s t w i a ld -> int | None (dash)
    save: Save | None
    armour: dict  # front side rear -> int | None
    hp: int | None
    type_text: str = ""  # the roster's own type text when it holds words we do not know

    @property
    def rules(self) -> TypeRules:
        return type_rules(self.type)

    @property
    def boxes(self) -> int:
        """Wound or hull-point boxes per model."""
        if self.type.is_vehicle:
            return self.hp or 0
        return self.stats.get("w") or 0


@dataclass
class Weapon:
    name: str
    count: int
    range: int | str | None  # inches, a word (Template), or None (melee / –)
    s: int | str | None
    ap: int | None
    type: str
    ap_text: str = ""  # the roster's AP when it is not one number ("3/2*"); ap = its first number
    carrier: str = ""  # the model that carries it, where the roster says so


@dataclass
class Unit:
    name: str
    slot: str
    detachment: str
    points: int
    models: list[Model] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    notes: str = ""
    wargear: list[str] = field(default_factory=list)
    transport: dict | None = None  # capacity, fire_points, access_points (text)
    building: dict | None = None  # a building / fortification: name, type, armour, hp, …
    transport_of: str = ""  # a dedicated transport: the unit it carries
    gaps: list[str] = field(default_factory=list)  # what an import could not read
    roster_text: dict = field(default_factory=dict)  # rule name -> the roster's own text (memory only)

    @property
    def model_count(self) -> int:
        return sum(m.count for m in self.models)

    def types(self) -> list[TypeRules]:
        """Distinct model types in model order."""
        seen, out = set(), []
        for m in self.models:
            key = (m.type.base, m.type.tags)
            if key not in seen:
                seen.add(key)
                out.append(m.rules)
        return out

    def main_type(self) -> TypeRules | None:
        """The type that moves the unit: the first model that is not an artillery gun."""
        for m in self.models:
            if m.type.kind != "gun":
                return m.rules
        return self.models[0].rules if self.models else None


def type_names() -> list[str]:
    """Every accepted base spelling (for the schema's description)."""
    return sorted(type_table()["types"])


def suggest_type(text: str) -> str:
    return did_you_mean(_norm(text), list(_names()[0]))
