"""Schema of one Dust unit in a unit file (``units:`` entry), with positioned messages.

Weapon-line cells are parsed here (:class:`CellSpec`) so a malformed cell is reported at its
own line and column.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.core.data import choice_names, labels
from sheets.core.i18n import N_
from sheets.core.schema import BLANKS as S
from sheets.core.schema import INVALID, Enum, Int, List, MapOf, Obj, OneOf, Spec, Str, ci_pattern
from sheets.games.dust.model import (
    KINDS,
    NO_ATTACK,
    SAVES,
    CellError,
    armor_types,
    parse_cell,
    target_classes,
)


@dataclass
class CellSpec(Spec):
    """A weapon-line cell: ``X/Y`` (dice/damage), ``XzY`` (phaser) or a dash → Cell | None."""

    def check(self, value, pos, problems, where):
        try:
            return parse_cell(value)
        except CellError as exc:
            problems.error(pos, f"{where}: {exc}", code="bad-cell")
            return INVALID

    def json_schema(self):
        return self._schema(
            {
                "anyOf": [
                    {"type": "string", "pattern": f"^{S}[0-9]{{1,2}}{S}[/zZ]{S}[0-9]{{1,2}}{S}$"},
                    {"enum": [*NO_ATTACK, None]},
                    {"type": "string", "pattern": ci_pattern(NO_ATTACK)},  # blanks around a dash
                ]
            }
        )


@dataclass
class Nullable(Spec):
    """``inner``, or nothing (``null``/absent) → None."""

    inner: Spec = None

    def check(self, value, pos, problems, where):
        return None if value is None else self.inner.check(value, pos, problems, where)

    def json_schema(self):
        return self._schema({"anyOf": [self.inner.json_schema(), {"type": "null"}]})


def _save() -> Enum:
    return Enum(
        choices=SAVES,
        aliases={
            "hit": "hits",
            "miss": "misses",
            "no": "none",
            "hit save": "hits",
            "miss save": "misses",
            **choice_names("dust", "save"),
        },
        description="hits = hit save, misses = miss save, none = no save",
    )


def _armor() -> Obj:
    aliases = {a: t for t, row in armor_types().items() for a in row.get("aliases", ())}
    aliases.update((a, t) for a, t in choice_names("dust", "armor_type").items() if a not in aliases)
    kind = Enum(
        choices=tuple(armor_types()), aliases=aliases, description="soldier 1–4 | vehicle 1–7 | aircraft 1–3"
    )

    def levels() -> list[dict]:  # the level within its type's range (validate_unit)
        return [
            {
                "if": {"properties": {"type": kind.matching(t)}, "required": ["type"]},
                "then": {"properties": {"level": {"type": "integer", "maximum": row["levels"]}}},
            }
            for t, row in armor_types().items()
        ]

    return Obj(
        title="armor",
        label=_label("field_armor"),
        rules=(levels,),
        fields={"type": kind, "level": Int(min=1, max=max(t["levels"] for t in armor_types().values()))},
    )


def _kind_rules(kind: Enum) -> list[dict]:
    """A hero has no cover of its own; only a hero joins a squad (``validate_unit``)."""
    hero = {"properties": {"kind": kind.matching("hero")}, "required": ["kind"]}
    blank = {"anyOf": [{"type": "null"}, {"type": "string", "pattern": f"^{S}$"}]}
    return [
        {
            "if": hero,
            "then": {"properties": {"cover": {"type": "null"}}},
            "else": {"properties": {"joins": blank}},
        }
    ]


def _weapon() -> Obj:
    return Obj(
        title="weapon",
        fields={
            "name": Str(allow_empty=False, max_len=80),
            "count": Int(min=1, max=50, default=1, description="copies of this weapon in the unit"),
            "range": OneOf(
                label=_label("field_range"),
                options=(Int(min=1, max=99), Enum(choices=("C",), aliases=choice_names("dust", "range"))),
                message=N_("expected a number of squares or C (close combat)"),
            ),
            "vs": MapOf(
                keys=Enum(choices=target_classes()),
                value=CellSpec(),
                default=dict,
                description="target class -> dice/damage (2/1), phaser (2z1); missing = cannot target",
            ),
            "mount": Str(
                label=_label("field_mount"),
                default="",
                max_len=40,
                description="vehicle weapon mount / firing arc",
            ),
            "tags": List(
                item=Str(allow_empty=False, max_len=40),
                default=list,
                description="special-weapon tags printed as short text (UGL, flame, …)",
            ),
        },
    )


def _skill() -> OneOf:
    return OneOf(
        options=(
            Str(allow_empty=False, max_len=60),
            Obj(
                title="skill",
                fields={"name": Str(allow_empty=False, max_len=60), "text": Str(default="", max_len=400)},
            ),
        ),
        message=N_("expected a skill name or {name: ..., text: ...}"),
    )


def _label(key: str) -> dict:
    """A field's name as the printouts print it (labels.yaml), per language, for messages."""
    return labels("dust")[key]


def unit_spec() -> Obj:
    """The schema of one Dust unit (the user contract of ``units:`` entries)."""
    kind = Enum(choices=KINDS, aliases=choice_names("dust", "kind"), label=_label("list_kind"))
    return Obj(
        title="dust unit",
        rules=(lambda: _kind_rules(kind),),
        fields={
            "name": Str(allow_empty=False, max_len=80),
            "faction": Str(label=_label("field_faction"), default="", max_len=40),
            "kind": kind,
            "armor": _armor(),
            "models": Int(label=_label("field_models"), min=1, max=50, default=1),
            "health": Int(
                label=_label("field_health"),
                min=1,
                max=50,
                default=1,
                description="per model (heroes/vehicles: damage boxes)",
            ),
            "move": Int(label=_label("field_move"), min=0, max=99),
            "points": Int(label=_label("field_ap"), min=0, max=10_000, description="AP"),
            "cover": Nullable(
                label=_label("field_cover"),
                inner=Obj(title="cover", fields={"soft": _save(), "hard": _save()}),
                default=None,
                description="save in soft and in hard cover; heroes have none",
            ),
            "weapons": List(label=_label("field_weapons"), item=_weapon(), default=list),
            "skills": List(label=_label("field_skills"), item=_skill(), default=list),
            "joins": Str(
                label=_label("joins"),
                default=None,
                max_len=80,
                description="a hero: the squad it joins before the game",
            ),
        },
        aliases={"armour": "armor", "ap": "points"},
    )
