"""Rules core of «Древняя Механика»: armour faces, penetration, and the tables as data.

Pure Python. Tables come from ``data/dmech/`` (classes.yaml, tables.yaml, equipment.yaml);
this module only turns them into frozen records and looks things up.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence

from sheets.core.data import load_data
from sheets.core.errors import RuleIssue
from sheets.core.i18n import _
from sheets.games.dmech.geometry import FACES
from sheets.games.dmech.model import (
    Condition,
    DamageRow,
    Entry,
    PenetrationStep,
    PilotRules,
    ReactorRow,
    Text,
    UnitClass,
)

FOUR_GROUPS: tuple[str, ...] = ("front", "front_side", "rear_side", "rear")
# which faces each 4-value group stands for
GROUP_FACES: dict[str, tuple[str, ...]] = {
    "front": ("front",),
    "front_side": ("front_right", "front_left"),
    "rear_side": ("rear_right", "rear_left"),
    "rear": ("rear",),
}
RESULTS: tuple[str, ...] = ("none", "structure", "damage", "heavy_damage")


def _text(node: Mapping) -> Text:
    return Text(ru=node["ru"], en=node["en"])


def _entry(node: Mapping) -> Entry:
    note = node.get("note")
    return Entry(_text(node), bool(node.get("verified", True)), _text(note) if note else None)


def fold_yo(text: str) -> str:
    """Lower-case ``text`` with ё read as е (unit files may spell either)."""
    return str(text).strip().lower().replace("ё", "е")


# -- armour --------------------------------------------------------------------------------------


def armor_problems(mapping: Mapping[str, int]) -> list[tuple[str | None, str]]:
    """What is wrong with an armour mapping, as (offending key or None, message) pairs.

    Valid forms: the four groups ``front, front_side, rear_side, rear`` or all six faces; the
    two forms must not be mixed.
    """
    given = [k for k, v in mapping.items() if v is not None]
    unknown = [k for k in given if k not in FACES and k not in FOUR_GROUPS]
    if unknown:
        return [(k, _("unknown armour face {face}").format(face=repr(k))) for k in unknown]
    if not given:
        return [
            (
                None,
                _("give front, front_side, rear_side, rear — or all six faces ({faces})").format(
                    faces=", ".join(FACES)
                ),
            )
        ]
    groups = [k for k in given if k in ("front_side", "rear_side")]
    six_only = [k for k in given if k in FACES and k not in FOUR_GROUPS]
    if groups and six_only:
        return [
            (
                k,
                _("{face} mixes the six-face form with the 4-value form ({groups}); use one form").format(
                    face=repr(k), groups=", ".join(groups)
                ),
            )
            for k in six_only
        ]
    if not groups and not six_only:
        return [
            (None, _("missing armour face {face}").format(face=repr(k)))
            for k in ("front", "rear")
            if k not in given
        ] + [
            (
                None,
                _(
                    "missing the side faces: give front_side and rear_side, or front_right, rear_right, rear_left "
                    "and front_left"
                ),
            )
        ]
    wanted = FOUR_GROUPS if groups else FACES
    if groups:
        template = _("missing armour face {face} (the 4-value form needs {faces})")
    else:
        template = _("missing armour face {face} (the six-face form needs {faces})")
    return [(None, template.format(face=repr(k), faces=", ".join(wanted))) for k in wanted if k not in given]


def armor_issues(mapping: Mapping[str, int], path: tuple = ("armor",)) -> list[RuleIssue]:
    """:func:`armor_problems` as RuleIssues addressed into the unit mapping."""
    return [
        RuleIssue(path + ((key,) if key else ()), msg, code="dmech-armour-faces")
        for key, msg in armor_problems(mapping)
    ]


def expand_armor(mapping: Mapping[str, int]) -> dict[str, int]:
    """The six face values (in :data:`FACES` order) of a 4-value or six-face armour mapping.

    ``ValueError`` when the mapping is neither form.
    """
    problems = armor_problems(mapping)
    if problems:
        raise ValueError("; ".join(msg for _, msg in problems))
    given = {k: v for k, v in mapping.items() if v is not None}
    if "front_side" in given:
        out = {}
        for group, faces in GROUP_FACES.items():
            for face in faces:
                out[face] = given[group]
        return {face: out[face] for face in FACES}
    return {face: given[face] for face in FACES}


def armor_against(unit, faces: Iterable[str]) -> int:
    """Armour a shot meets on ``faces`` (one face, or the two of a half hex: the lower one).

    ``unit`` is a :class:`~sheets.games.dmech.model.Walker` or a mapping of the six faces.
    """
    armor = unit if isinstance(unit, Mapping) else getattr(unit, "armor", None)
    if not isinstance(armor, Mapping) or not armor:
        raise ValueError("the unit has no armour faces")
    faces = list(faces)
    if not faces:
        raise ValueError("no face given")
    for face in faces:
        if face not in armor:
            raise ValueError(f"unknown face {face!r}; expected one of {', '.join(FACES)}")
    return min(armor[face] for face in faces)


# -- penetration ---------------------------------------------------------------------------------


@functools.cache
def penetration_steps() -> tuple[PenetrationStep, ...]:
    """The penetration ladder (tables.yaml ``penetration``), lowest margin first."""
    return tuple(
        PenetrationStep(
            result=s["result"],
            margin_from=s["from"],
            margin_to=s["to"],
            structure_loss=s["structure"],
            roll=s["roll"],
            condition=_text(s["condition"]),
            effect=_text(s["effect"]),
        )
        for s in load_data("dmech/tables.yaml")["penetration"]["steps"]
    )


def penetration_rule() -> Text:
    """How the penetration number is formed (for the handout)."""
    return _text(load_data("dmech/tables.yaml")["penetration"]["rule"])


def penetration_step(result: str) -> PenetrationStep:
    """The ladder step of a result id (none | structure | damage | heavy_damage)."""
    for step in penetration_steps():
        if step.result == result:
            return step
    raise ValueError(f"unknown penetration result {result!r}; expected one of {', '.join(RESULTS)}")


def _check_die(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(_("a die shows 1–6, got {value}").format(value=repr(value)))
    return value


def penetration(power: int, dice: Sequence[int], armor: int) -> tuple[int, str]:
    """Penetration number (``power`` + the higher die) and its result against ``armor``.

    ``dice`` is the shooting roll (two d6; one die where a rule says "roll one die").
    Result: none | structure | damage | heavy_damage (thresholds from tables.yaml).
    """
    for name, value in (("power", power), ("armour", armor)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(
                _("{name} must be a whole number ≥ 0, got {value}").format(name=name, value=repr(value))
            )
    dice = [_check_die(d) for d in dice]
    if not 1 <= len(dice) <= 2:
        raise ValueError(_("give one or two dice, got {n}").format(n=len(dice)))
    value = power + max(dice)
    margin = value - armor
    for step in penetration_steps():
        if step.covers(margin):
            return value, step.result
    raise RuntimeError(f"data/dmech/tables.yaml: no penetration step covers margin {margin}")


# -- classes -------------------------------------------------------------------------------------


@functools.cache
def classes() -> tuple[UnitClass, ...]:
    """Walker classes in the seed's order, with their Balance / Standing-up modifiers."""
    return tuple(
        UnitClass(
            id=c["id"],
            name=_text(c),
            balance=c["balance"],
            standing=c["standing"],
            aliases=tuple(c.get("aliases", ())),
        )
        for c in load_data("dmech/classes.yaml")["classes"]
    )


def class_sign_note() -> Entry:
    """The unverified note on how the class modifiers' signs apply."""
    return _entry(load_data("dmech/classes.yaml")["sign_convention"])


def find_class(name: str) -> UnitClass | None:
    """The class named ``name`` (id, Russian or English name, or alias; ё = е), or None."""
    wanted = fold_yo(name)
    for c in classes():
        spellings = (c.id, c.name.ru, c.name.en) + c.aliases
        if any(fold_yo(s) == wanted for s in spellings):
            return c
    return None


def get_class(class_id: str) -> UnitClass:
    """The class with id ``class_id`` (``KeyError`` if there is none)."""
    for c in classes():
        if c.id == class_id:
            return c
    raise KeyError(class_id)


def class_modifiers(class_id: str) -> dict[str, int]:
    """``{"balance": …, "standing": …}`` of a class id."""
    c = get_class(class_id)
    return {"balance": c.balance, "standing": c.standing}


# -- damage, reactor, conditions -----------------------------------------------------------------


@functools.cache
def damage_table() -> tuple[DamageRow, ...]:
    """The d6 Damage / Heavy damage table, rows 1–6."""
    return tuple(
        DamageRow(r["roll"], _entry(r["damage"]), _entry(r["heavy_damage"]))
        for r in load_data("dmech/tables.yaml")["damage"]["rows"]
    )


def damage_titles() -> dict[str, Text]:
    """Titles of the damage table: ``title``, ``damage`` and ``heavy_damage`` columns."""
    node = load_data("dmech/tables.yaml")["damage"]
    return {"title": _text(node["title"]), **{k: _text(v) for k, v in node["columns"].items()}}


def damage_effect(column: str, roll: int) -> Entry:
    """The cell of ``column`` (damage | heavy_damage) for a d6 ``roll``."""
    if column not in ("damage", "heavy_damage"):
        raise ValueError(f"unknown damage column {column!r}; expected damage or heavy_damage")
    row = damage_table()[_check_die(roll) - 1]
    return getattr(row, column)


@functools.cache
def reactor_table() -> tuple[ReactorRow, ...]:
    """The d6 Reactor destruction («Разрушение печи») table, rows 1–6."""
    return tuple(ReactorRow(r["roll"], _entry(r)) for r in load_data("dmech/tables.yaml")["reactor"]["rows"])


def reactor_title() -> Text:
    return _text(load_data("dmech/tables.yaml")["reactor"]["title"])


def reactor_effect(roll: int) -> Entry:
    """The Reactor destruction result for a d6 ``roll``."""
    return reactor_table()[_check_die(roll) - 1].result


def stacking_rule() -> Text:
    """ "All damage effects stack except Заглох and Контужен" (for the handout)."""
    return _text(load_data("dmech/tables.yaml")["stacking"])


@functools.cache
def conditions() -> tuple[Condition, ...]:
    """Conditions in print order: Заглох, Контужен, Пожар, Лежит, Дрогнул, Бежит."""
    return tuple(
        Condition(
            id=c["id"],
            name=_text(c),
            applies_to=_text(c["applies_to"]),
            effect=_text(c["effect"]),
            stacks=c["stacks"],
            source=c["source"],
        )
        for c in load_data("dmech/tables.yaml")["conditions"]["items"]
    )


def conditions_rule() -> Text:
    """The non-stacking rule printed under the condition boxes."""
    return _text(load_data("dmech/tables.yaml")["conditions"]["rule"])


def pilot_rules() -> PilotRules:
    """Wound boxes and Initiative per wound of the гридь block."""
    node = load_data("dmech/tables.yaml")["pilot"]
    return PilotRules(node["wound_boxes"], node["initiative_per_wound"], _text(node["note"]))


def rule_note(key: str) -> Entry:
    """A rule summary for the handout: falling | standing | destruction | facing."""
    notes = load_data("dmech/tables.yaml")["notes"]
    if key not in notes:
        raise KeyError(f"no rule note {key!r}; have {', '.join(notes)}")
    return _entry(notes[key])


@functools.cache
def unverified_notes() -> tuple[Text, ...]:
    """Every unverified point of the ДМ tables, in one fixed order, so that a numbered mark
    (†1, †2, …) means the same thing on every walker sheet, infantry sheet and handout page:
    the class modifiers' signs (classes.yaml), the wing shields (equipment.yaml), then the
    damage table (row by row, Damage before Heavy damage), the reactor table and the rule
    notes (tables.yaml). Each is the entry's ``note``, or its own text when it is the caveat."""
    out: list[Text] = []

    def add(entry: Entry) -> None:
        text = entry.note or entry.text
        if not entry.verified and text not in out:
            out.append(text)

    add(class_sign_note())
    for node in load_data("dmech/equipment.yaml")["equipment"].values():
        if not node.get("verified", True) and node.get("note"):
            add(Entry(_text(node["note"]), False, None))
    for row in damage_table():
        add(row.damage)
        add(row.heavy_damage)
    for row in reactor_table():
        add(row.result)
    for key in load_data("dmech/tables.yaml")["notes"]:
        add(rule_note(key))
    return tuple(out)


# -- weapon tags, arcs, equipment ----------------------------------------------------------------


def weapon_tag(tag: str) -> str:
    """The printed form of a weapon tag (known aliases such as "AI" → "ПП"; others unchanged)."""
    wanted = fold_yo(tag)
    for t in load_data("dmech/equipment.yaml")["weapon_tags"]:
        if wanted in (fold_yo(t["id"]), *map(fold_yo, t.get("aliases", ()))):
            return t["id"]
    return str(tag).strip()


def equipment_kind(kind: str) -> dict:
    """The data of an equipment kind (shield | smoke | other) from equipment.yaml."""
    kinds = load_data("dmech/equipment.yaml")["equipment"]
    if kind not in kinds:
        raise KeyError(kind)
    return kinds[kind]
