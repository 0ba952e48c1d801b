"""Schema of one Warhammer 40,000 6th edition unit (``units:`` entry), with positioned messages
and "did you mean". Unit types and saves are parsed here so a bad one is reported at its own
line and column."""

from __future__ import annotations

from dataclasses import dataclass

from sheets.core.data import choice_names, labels, load_data
from sheets.core.i18n import N_, _
from sheets.core.schema import BLANK, INVALID, Enum, Int, List, Obj, OneOf, Spec, Str, ci_literal, ci_pattern
from sheets.core.schema import BLANKS as S
from sheets.games.wh40k6.model import DASHES, SaveError, TypeError_, parse_save, parse_type, type_names

MAX_MODELS = 20  # model lines per unit (a datasheet must fit on one page)
MAX_WEAPONS = 24


_SEP = BLANK[:-1] + "_\\-]+"  # what _norm reads as one space: blanks, underscores, hyphens


def _words(names) -> str:
    """Any of ``names`` (normalised spellings) as parse_type compares them: any letter case,
    blanks, underscores and hyphens alike between the words; parenthesised names never match."""
    return "(?:" + "|".join(ci_literal(n, gap=_SEP) for n in dict.fromkeys(names) if "(" not in n) + ")"


def type_pattern(kind: str = "any") -> str:
    """The unit types :func:`~sheets.games.wh40k6.model.parse_type` reads, as a pattern: comma
    parts before the last (ignored, as are empty and "unique" parts after it), a base type (a
    vehicle tag alone, or "vehicle TAG", is a vehicle), then words in brackets: "character"
    (or "unique", "independent character"), and on a vehicle its tags. ``kind``: only the types
    of one kind: ``vehicle``, ``walker`` (a vehicle with the walker tag), ``gun`` (an artillery
    gun) or ``model`` (neither a vehicle nor a gun)."""
    from sheets.games.wh40k6.model import _names, character_words, type_table

    types, tags = _names()
    guns = {tid for tid, row in type_table()["types"].items() if row["kind"] == "gun"}
    others = [n for n, t in types.items() if t != "vehicle"]
    names = {
        "gun": [n for n in others if types[n] in guns],
        "model": [n for n in others if types[n] not in guns],
        "any": others,
    }
    tag_names = list(tags)
    walkers = [n for n, t in tags.items() if t == "walker"]
    vehicle_bases = (
        [n for n, t in types.items() if t == "vehicle"] + tag_names + [f"vehicle {t}" for t in tag_names]
    )
    character = _words(character_words())
    unique = f"(?:,{S}(?:{_words(['unique'])}{S})?)*"

    def inner(words: str, must: str | None = None) -> str:
        part = f"{S}(?:{words}{S})?"
        if must is None:
            return f"(?:\\({part}(?:,{part})*\\))?"
        return f"\\((?:{part},)*{S}{must}{S}(?:,{part})*\\)"  # one of the words is ``must``

    on_vehicle = f"{character}|{_words(tag_names)}"
    vehicle = f"{_words(vehicle_bases)}{S}{unique}{S}{inner(on_vehicle)}"
    walker = (
        f"{_words(walkers + [f'vehicle {t}' for t in walkers])}{S}{unique}{S}{inner(on_vehicle)}"
        f"|{_words(vehicle_bases)}{S}{unique}{S}{inner(on_vehicle, _words(walkers))}"
    )
    if kind == "vehicle":
        base = vehicle
    elif kind == "walker":
        base = walker
    else:
        base = f"{_words(names[kind])}{S}{unique}{S}{inner(character)}" + (
            "|" + vehicle if kind == "any" else ""
        )
    return f"^{S}(?:[^(),]*,)*{S}(?:{base}){S}$"


@dataclass
class TypeSpec(Spec):
    def check(self, value, pos, problems, where):
        if not isinstance(value, str):
            problems.error(
                pos,
                _("{where}: expected a unit type such as 'infantry' or 'vehicle (tank)'").format(where=where),
                code="not-a-unit-type",
            )
            return INVALID
        try:
            return parse_type(value)
        except TypeError_ as exc:
            problems.error(pos, f"{where}: {exc}", code="unknown-unit-type")
            return INVALID

    def json_schema(self):
        return self._schema(
            {
                "type": "string",
                "pattern": type_pattern(),
                "examples": [
                    "infantry",
                    "infantry (character)",
                    "jump infantry",
                    "bike",
                    "monstrous creature",
                    "gun",
                    "vehicle (tank, transport)",
                    "vehicle (walker)",
                    "vehicle (fast, skimmer)",
                ],
            }
        )


@dataclass
class SaveSpec(Spec):
    def check(self, value, pos, problems, where):
        try:
            return parse_save(value)
        except SaveError as exc:
            problems.error(pos, f"{where}: {exc}", code="bad-save")
            return INVALID

    def json_schema(self):
        return self._schema(
            {
                "anyOf": [
                    # what parse_save reads: 3+, 3+/4++ (or 3+ 4++), 4++ (or /4++), blanks around
                    {
                        "type": "string",
                        "pattern": f"^{S}(?:[2-6]\\+{S}(?:/?{S}[2-6]\\+\\+)?|/?{S}[2-6]\\+\\+){S}$",
                    },
                    {"enum": list(DASHES)},
                    {"type": "string", "pattern": ci_pattern(DASHES)},
                    {"type": "null"},
                ]
            }
        )


@dataclass
class Dash(Spec):
    """A dash ('-', '–') or nothing → None."""

    def check(self, value, pos, problems, where):
        if value is None or (isinstance(value, str) and value.strip() in DASHES):
            return None
        problems.error(pos, _("{where}: expected a dash").format(where=where), code="not-a-dash")
        return INVALID

    def json_schema(self):
        return self._schema({"enum": list(DASHES) + [None]})


@dataclass
class Word(Str):
    """Text that is not a number (a number must pass the numeric range check instead)."""

    def check(self, value, pos, problems, where):
        if not isinstance(value, str):
            problems.error(pos, _("{where}: expected text").format(where=where), code="not-text")
            return INVALID
        return super().check(value, pos, problems, where)


@dataclass
class Stat(Spec):
    """A characteristic: a whole number in [lo, hi] or a dash (→ None)."""

    lo: int = 0
    hi: int = 10

    def check(self, value, pos, problems, where):
        if value is None or (isinstance(value, str) and value.strip() in DASHES):
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            problems.error(
                pos,
                _("{where}: expected a whole number {low}–{high} or a dash").format(
                    where=where, low=self.lo, high=self.hi
                ),
                code="not-a-whole-number",
            )
            return INVALID
        if not self.lo <= value <= self.hi:
            problems.error(
                pos,
                _("{where}: {value} is out of range ({bounds})").format(
                    where=where, value=value, bounds=f"{self.lo}–{self.hi}"
                ),
                code="out-of-range",
            )
            return INVALID
        return value

    def json_schema(self):
        return self._schema(
            {
                "anyOf": [
                    {"type": "integer", "minimum": self.lo, "maximum": self.hi},
                    {"enum": list(DASHES)},
                    {"type": "null"},
                ]
            }
        )


def _stat(lo=0, hi=10, desc=""):
    return Stat(lo=lo, hi=hi, default=None, description=desc)


def _slot() -> Enum:
    foc = load_data("wh40k6/foc.yaml")
    return Enum(
        choices=tuple(foc["slots"]),
        aliases={
            "fast attack": "fast_attack",
            "heavy support": "heavy_support",
            "fa": "fast_attack",
            "hs": "heavy_support",
            "elite": "elites",
            "troop": "troops",
            "lords of war": "lords_of_war",
            "fortifications": "fortification",
            "no force org slot": "none",
            "dedicated transport": "none",
            **choice_names("wh40k6", "slot"),
        },
        description="Force Organisation slot",
        label=_label("info_slot"),
    )


NAME_LEN = 120  # real rosters: "Legion Rapier Weapons Battery (Rapier Carrier)", longer rule names


def _model() -> Obj:
    fields = {
        "name": Str(allow_empty=False, max_len=NAME_LEN),
        "count": Int(min=1, max=100, default=1, description="models with this profile"),
        "type": TypeSpec(
            label=_label("info_unit_type"),
            description="unit type: "
            + ", ".join(type_names())
            + "; vehicles: vehicle (tank | fast | skimmer | open-topped | transport | heavy | "
            "walker | flyer | hover | chariot, …); '(character)' marks a character",
        ),
    }
    for s in ("ws", "bs", "s", "t", "i", "a", "ld"):
        fields[s] = _stat(0 if s in ("ws", "bs", "a") else 1, 10, s.upper())
    fields["w"] = _stat(1, 10, "Wounds")
    fields["sv"] = SaveSpec(default=None, description="save: 3+, 3+/4++ (armour/invulnerable), 5++, –")
    for s in ("front", "side", "rear"):
        fields[s] = _stat(10, 14, f"{s} armour value")
    fields["hp"] = _stat(1, 10, "hull points")
    fields["type_text"] = Str(
        default="",
        max_len=80,
        description="the type as the roster writes it, "
        "when it holds words we do not know (printed as written)",
    )
    model = Obj(title="model", fields=fields, aliases={"save": "sv", "hull_points": "hp", "number": "count"})
    model.rules = (lambda: _profile_rules(model)[0],)
    return model


def _profile_rules(model: Obj) -> tuple[list[dict], list[dict]]:
    """What ``validate_unit`` checks of a model line by its type, as schemas: (always: a vehicle
    has no T, W, Ld and a model no armour values or hull points; unless the unit has ``gaps``:
    the columns a model, a vehicle and a walker need, each a number, not a dash)."""
    from sheets.games.wh40k6.rules import _MODEL_NEEDS, _VEHICLE_NEEDS, _WALKER_NEEDS

    number = {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": f"^{S}[0-9]+{S}$"}]}
    nothing = {"anyOf": [{"type": "null"}, {"type": "string", "pattern": ci_pattern(DASHES)}]}

    def typed(kind):
        return {
            "properties": {"type": {"type": "string", "pattern": type_pattern(kind)}},
            "required": ["type"],
        }

    def needs(columns):
        given = [
            {"anyOf": [{"required": [k], "properties": {k: number}} for k in model.spellings(c)]}
            for c in columns
        ]
        return {"allOf": given}

    def never(columns):
        return {"properties": {k: nothing for c in columns for k in model.spellings(c)}}

    always = [
        {"if": typed("vehicle"), "then": never(("t", "w", "ld"))},
        {"if": typed("model"), "then": never(("front", "side", "rear", "hp"))},
    ]
    unless_gaps = [
        {"if": typed("vehicle"), "then": needs(_VEHICLE_NEEDS)},
        {"if": typed("walker"), "then": needs(_WALKER_NEEDS)},
        {"if": typed("model"), "then": needs(_MODEL_NEEDS)},
    ]
    return always, unless_gaps


def _weapon() -> Obj:
    return Obj(
        title="weapon",
        fields={
            "name": Str(allow_empty=False, max_len=NAME_LEN),
            "count": Int(min=1, max=100, default=1),
            "range": OneOf(
                options=(Int(min=0, max=999), Dash(), Word(allow_empty=False, max_len=16)),
                default=None,
                message=N_("expected inches (24), a word (Template) or a dash"),
                description="inches; 'Template'; '-' for melee",
            ),
            "s": OneOf(
                options=(Stat(lo=1, hi=10), Word(allow_empty=False, max_len=12)),
                default=None,
                message=N_("expected a Strength 1–10, a word (User, x2, D) or a dash"),
            ),
            "ap": _stat(1, 6, "AP (1–6 or –)"),
            "type": Str(
                label=_label("info_unit_type"),
                default="",
                max_len=120,
                description="e.g. 'Rapid Fire, Twin-linked', 'Heavy 3'",
            ),
            "ap_text": Str(
                default="",
                max_len=12,
                description="AP as the roster writes it when it is not "
                "one number ('3/2*', '4*'); `ap` holds its first number",
            ),
            "carrier": Str(default="", max_len=NAME_LEN, description="the model that carries it"),
        },
    )


def _short_text(n: int) -> Str:
    return Str(default="", max_len=n)


def _transport() -> Obj:
    return Obj(
        title="transport", fields={k: _short_text(80) for k in ("capacity", "fire_points", "access_points")}
    )


def _building() -> Obj:
    return Obj(
        title="building",
        fields={
            "name": Str(default="", max_len=NAME_LEN),
            "type": _short_text(80),
            "armour": _stat(1, 14, "armour value"),
            "hp": _stat(1, 20, "hull points"),
            "transport_capacity": _short_text(80),
            "fire_points": _short_text(80),
            "access_points": _short_text(80),
        },
    )


def _roster_text() -> Obj:
    return Obj(
        title="roster text",
        fields={"name": Str(allow_empty=False, max_len=NAME_LEN), "text": Str(default="", max_len=4000)},
    )


def _needs_profiles(models: List) -> dict:
    """The columns each model line needs (a unit with ``gaps`` is only warned about them)."""
    _, unless_gaps = _profile_rules(models.item)
    nothing = {"anyOf": [{"type": "null"}, {"type": "array", "maxItems": 0}]}
    lines = {
        "anyOf": [{"type": "array", "items": {"type": "object", "allOf": unless_gaps}}, {"type": "null"}]
    }
    return {"if": {"properties": {"gaps": nothing}}, "then": {"properties": {"models": lines}}}


def _needs_models() -> dict:
    """A unit needs a model line unless it is a building or an import that says what it lacks
    (``gaps``: then it is a warning)."""
    nothing = {"anyOf": [{"type": "null"}, {"type": "array", "maxItems": 0}]}
    return {
        "if": {
            "properties": {"building": {"type": "null"}, "gaps": nothing},
        },
        "then": {"properties": {"models": {"type": "array", "minItems": 1}}, "required": ["models"]},
    }


def _label(key: str) -> dict:
    """A field's name as the printouts print it (labels.yaml), per language, for messages."""
    return labels("wh40k6")[key]


def unit_spec() -> Obj:
    """The schema of one wh40k6 unit (the user contract of ``units:`` entries)."""
    models = List(item=_model(), min_len=0, max_len=MAX_MODELS)
    return Obj(
        title="wh40k6 unit",
        rules=(_needs_models, lambda: _needs_profiles(models)),
        fields={
            "name": Str(allow_empty=False, max_len=NAME_LEN),
            "slot": _slot(),
            "detachment": Enum(
                label=_label("info_detachment"),
                choices=tuple(load_data("wh40k6/foc.yaml")["detachments"]),
                aliases={
                    "allies": "allied",
                    "ally": "allied",
                    "main": "primary",
                    **choice_names("wh40k6", "detachment"),
                },
                default="primary",
            ),
            "points": Int(min=0, max=10_000),
            "models": models,
            "weapons": List(item=_weapon(), default=list, max_len=MAX_WEAPONS),
            "rules": List(item=Str(allow_empty=False, max_len=NAME_LEN), default=list, max_len=40),
            "notes": Str(default="", max_len=400),
            "wargear": List(item=Str(allow_empty=False, max_len=NAME_LEN), default=list, max_len=40),
            "transport": Obj(title="transport", fields=_transport().fields, default=None),
            "building": Obj(
                title="building",
                fields=_building().fields,
                default=None,
                description="a building / fortification: armour value, hull points",
            ),
            "transport_of": Str(default="", max_len=NAME_LEN, description="dedicated transport of this unit"),
            "gaps": List(
                item=Str(allow_empty=False, max_len=200),
                default=list,
                max_len=20,
                description="what an import could not read (printed on the datasheet)",
            ),
            "roster_text": List(
                item=_roster_text(),
                default=list,
                max_len=80,
                description="the roster's own rule texts (in memory only, never written)",
            ),
        },
        aliases={"pts": "points", "special_rules": "rules", "role": "slot"},
    )
