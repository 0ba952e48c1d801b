"""Schema of one Warhammer 40,000 6th edition unit (``units:`` entry), with positioned messages
and "did you mean". Unit types and saves are parsed here so a bad one is reported at its own
line and column."""

from __future__ import annotations

from dataclasses import dataclass

from sheets.core.i18n import _
from sheets.core.schema import INVALID, Enum, Int, List, Obj, OneOf, Spec, Str
from sheets.data import load_data
from sheets.games.wh40k6.model import DASHES, SaveError, TypeError_, parse_save, parse_type, type_names

MAX_MODELS = 20  # model lines per unit (a datasheet must fit on one page)
MAX_WEAPONS = 24


@dataclass
class TypeSpec(Spec):
    def check(self, value, pos, problems, where):
        if not isinstance(value, str):
            problems.error(
                pos,
                _("{where}: expected a unit type such as 'infantry' or 'vehicle (tank)'").format(where=where),
                code="bad-unit-type",
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
                "maxLength": 80,
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
                    {"type": "string", "pattern": r"^\s*([2-6]\+)?\s*/?\s*([2-6]\+\+)?\s*$"},
                    {"enum": list(DASHES)},
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
        problems.error(pos, _("{where}: expected a dash").format(where=where), code="expected-dash")
        return INVALID

    def json_schema(self):
        return self._schema({"enum": list(DASHES) + [None]})


@dataclass
class Word(Str):
    """Text that is not a number (a number must pass the numeric range check instead)."""

    def check(self, value, pos, problems, where):
        if not isinstance(value, str):
            problems.error(pos, _("{where}: expected text").format(where=where), code="expected-text")
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
                _("{where}: expected a whole number {lo}–{hi} or a dash").format(
                    where=where, lo=self.lo, hi=self.hi
                ),
                code="bad-characteristic",
            )
            return INVALID
        if not self.lo <= value <= self.hi:
            problems.error(
                pos,
                _("{where}: {value} is out of range ({lo}–{hi})").format(
                    where=where, value=value, lo=self.lo, hi=self.hi
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
        },
        description="Force Organisation slot",
    )


NAME_LEN = 120  # real rosters: "Legion Rapier Weapons Battery (Rapier Carrier)", longer rule names


def _model() -> Obj:
    fields = {
        "name": Str(allow_empty=False, max_len=NAME_LEN),
        "count": Int(min=1, max=100, default=1, description="models with this profile"),
        "type": TypeSpec(
            description="unit type: "
            + ", ".join(type_names())
            + "; vehicles: vehicle (tank | fast | skimmer | open-topped | transport | heavy | "
            "walker | flyer | hover | chariot, …); '(character)' marks a character"
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
    return Obj(title="model", fields=fields, aliases={"save": "sv", "hull_points": "hp", "number": "count"})


def _weapon() -> Obj:
    return Obj(
        title="weapon",
        fields={
            "name": Str(allow_empty=False, max_len=NAME_LEN),
            "count": Int(min=1, max=100, default=1),
            "range": OneOf(
                options=(Int(min=0, max=999), Dash(), Word(allow_empty=False, max_len=16)),
                default=None,
                message=_("expected inches (24), a word (Template) or a dash"),
                description="inches; 'Template'; '-' for melee",
            ),
            "s": OneOf(
                options=(Stat(lo=1, hi=10), Word(allow_empty=False, max_len=12)),
                default=None,
                message=_("expected a Strength 1–10, a word (User, x2, D) or a dash"),
            ),
            "ap": _stat(1, 6, "AP (1–6 or –)"),
            "type": Str(default="", max_len=120, description="e.g. 'Rapid Fire, Twin-linked', 'Heavy 3'"),
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


def unit_spec() -> Obj:
    """The schema of one wh40k6 unit (the user contract of ``units:`` entries)."""
    return Obj(
        title="wh40k6 unit",
        fields={
            "name": Str(allow_empty=False, max_len=NAME_LEN),
            "slot": _slot(),
            "detachment": Enum(
                choices=tuple(load_data("wh40k6/foc.yaml")["detachments"]),
                aliases={"allies": "allied", "ally": "allied", "main": "primary"},
                default="primary",
            ),
            "points": Int(min=0, max=10_000),
            "models": List(item=_model(), min_len=0, max_len=MAX_MODELS),
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
