"""Schema of one «Древняя Механика» unit in a unit file (``units:`` entry).

The rules give no ranges for any value; the bounds below are sane limits of ours, stated in the
descriptions, and only catch typos. Kind-specific required keys (walker vs infantry) and the
``side`` armour key are checked here with positions; the armour form (4 values or 6 faces) is
checked by :func:`sheets.games.dmech.rules.armor_issues`.
"""

from __future__ import annotations

from sheets.core.data import choice_names, labels, load_data
from sheets.core.errors import short
from sheets.core.i18n import _
from sheets.core.schema import INVALID, Bool, Enum, Int, List, Obj, Str
from sheets.core.yamlio import YMap
from sheets.games.dmech.geometry import FACES
from sheets.games.dmech.rules import classes, fold_yo

KINDS = ("walker", "infantry")
WALKER_REQUIRED = ("class", "structure", "speed", "initiative", "skill", "daring", "armor")
INFANTRY_REQUIRED = ("strength", "defence")
WALKER_ONLY = ("class", "structure", "initiative", "skill", "daring", "armor", "pilot")
INFANTRY_ONLY = ("strength", "defence", "visibility")
SIDE_KEYS = ("side", "sides", "боковая")


def _spellings(*names: str) -> dict[str, None]:
    """Lower-case spellings of ``names``, with ё also written as е, in the order given (a dict:
    an ordered set, so the schema comes out the same on every run)."""
    out: dict[str, None] = {}
    for n in names:
        out[str(n).strip().lower()] = None
        out[fold_yo(n)] = None
    return out


def class_enum(**kw) -> Enum:
    """Class names as printed in Russian (ё written е), with English and other aliases."""
    choices, aliases = [], {}
    for c in classes():
        choice = fold_yo(c.name.ru)
        choices.append(choice)
        for s in _spellings(c.id, c.name.ru, c.name.en, *c.aliases):
            if s == choice:
                continue
            aliases[s] = choice
    return Enum(choices=tuple(choices), aliases=aliases, **kw)


def _aliases_of(section: str) -> tuple[tuple, dict]:
    """Ids and alias map of an id-keyed list or mapping in data/dmech/equipment.yaml."""
    node = load_data("dmech/equipment.yaml")[section]
    items = node.items() if isinstance(node, dict) else ((e["id"], e) for e in node)
    ids, aliases = [], {}
    for key, entry in items:
        ids.append(key)
        for s in _spellings(*entry.get("aliases", ())):
            if s != key:
                aliases[s] = key
    return tuple(ids), aliases


class ArmorSpec(Obj):
    """Armour faces; a ``side`` key is refused (the rules' «боковая» is ambiguous)."""

    def check(self, value, pos, problems, where):
        if not isinstance(value, dict):
            return super().check(value, pos, problems, where)
        rest = YMap()
        rest.pos = getattr(value, "pos", pos)
        refused = False
        for key, v in value.items():
            kpos = value.key_pos_of(key) if isinstance(value, YMap) else pos
            if isinstance(key, str) and key.strip().lower() in SIDE_KEYS:
                problems.error(
                    kpos,
                    _(
                        "{where}: {key} is ambiguous (the rules' «боковая»): write front_side and "
                        "rear_side, or the six faces"
                    ).format(where=where, key=short(key)),
                    code="ambiguous-side",
                )
                refused = True
                continue
            rest[key] = v
            rest.key_pos[key] = kpos
            rest.value_pos[key] = value.pos_of(key) if isinstance(value, YMap) else pos
        out = super().check(rest, pos, problems, where)
        return INVALID if refused else out


class UnitSpec(Obj):
    """A unit mapping whose required keys depend on ``kind`` (walker or infantry)."""

    def check(self, value, pos, problems, where):
        out = super().check(value, pos, problems, where)
        if not isinstance(value, dict):
            return out
        kind = self.fields["kind"].lookup(value.get("kind", "walker"))
        if kind is None:
            return out
        given = {self.aliases.get(k, k) for k in value}
        required, foreign = (
            (WALKER_REQUIRED, INFANTRY_ONLY) if kind == "walker" else (INFANTRY_REQUIRED, WALKER_ONLY)
        )
        ok = True
        for key in required:
            if key not in given:
                message = {
                    "walker": _("{where}: missing required key {key} (a walker needs it)"),
                    "infantry": _("{where}: missing required key {key} (infantry needs it)"),
                }[kind]
                problems.error(
                    getattr(value, "pos", pos),
                    message.format(where=where, key=short(key)),
                    code="missing-key",
                )
                ok = False
        for key in value:
            if self.aliases.get(key, key) in foreign:
                kpos = value.key_pos_of(key) if isinstance(value, YMap) else pos
                message = {
                    "walker": _("{where}: {key} does not apply to a walker"),
                    "infantry": _("{where}: {key} does not apply to infantry"),
                }[kind]
                problems.error(kpos, message.format(where=where, key=short(key)), code="not-for-this-kind")
                ok = False
        return out if ok else INVALID

    def json_schema(self):
        d = super().json_schema()
        d.setdefault("allOf", []).append(
            {
                "if": {
                    "properties": {"kind": self.fields["kind"].matching("infantry")},
                    "required": ["kind"],
                },
                "then": {
                    "allOf": [*(self.requires(k) for k in INFANTRY_REQUIRED), self.forbids(*WALKER_ONLY)]
                },
                "else": {
                    "allOf": [*(self.requires(k) for k in WALKER_REQUIRED), self.forbids(*INFANTRY_ONLY)]
                },
            }
        )
        return d


def _armor_forms() -> dict:
    """What :func:`~sheets.games.dmech.rules.armor_problems` accepts: the four values or the six
    faces, every one of the form given, the forms not mixed."""
    four = ["front", "front_side", "rear_side", "rear"]
    six_only = [f for f in FACES if f not in four]
    return {
        "anyOf": [
            {"required": four, "not": {"anyOf": [{"required": [f]} for f in six_only]}},
            {
                "required": list(FACES),
                "not": {"anyOf": [{"required": [f]} for f in ("front_side", "rear_side")]},
            },
        ]
    }


def weapon_spec() -> Obj:
    arcs, arc_aliases = _aliases_of("arcs")
    return Obj(
        title="dmech weapon",
        description="a weapon line of the sheet",
        fields={
            "name": Str(allow_empty=False, max_len=80, description="weapon name as printed"),
            "accuracy": Int(
                label=_label("accuracy"), min=0, max=20, description="Тч (accuracy); bound 0–20 is ours"
            ),
            "power": Int(
                label=_label("power"),
                min=0,
                max=20,
                description="Мощь (power), added to the higher die for penetration; bound 0–20 is ours",
            ),
            "ammo": Int(
                label=_label("ammo"),
                min=0,
                max=99,
                default=0,
                description="Бзпс (ammo charges), printed as boxes; 0 = not tracked",
            ),
            "tags": List(
                label=_label("tags"),
                item=Str(allow_empty=False, max_len=40),
                default=list,
                description="tags such as ПП (anti-infantry: may attack infantry)",
            ),
            "hand": Enum(
                label=_label("hand"),
                choices=("yes", "no", "unknown"),
                default="unknown",
                aliases=choice_names("dmech", "hand"),
                description="held in the model's hands: yes, no or unknown (a prone walker "
                "fires hand-held weapons in its main arc); unknown prints blank",
            ),
            "arc": Enum(
                label=_label("arc"),
                choices=arcs,
                aliases=arc_aliases,
                default=None,
                description="firing arc: main («основная») or course («курсовая»)",
            ),
            "range": Str(
                label=_label("range"),
                default="",
                max_len=40,
                description="range as printed (the range rules are unverified; optional)",
            ),
            "salvos": Int(
                label=_label("salvos"), min=1, max=10, default=1, description="salvos («залпы») per attack"
            ),
            "special": Bool(
                default=False,
                description="infantry special weapon: once per turn, replaces one firearm attack",
            ),
            "notes": Str(default="", max_len=300),
        },
    )


def equipment_spec() -> Obj:
    kinds, kind_aliases = _aliases_of("equipment")
    return Obj(
        title="dmech equipment",
        description="shields, smoke and other equipment",
        aliases={"ammo": "charges"},
        fields={
            "name": Str(allow_empty=False, max_len=80, description="name as printed"),
            "kind": Enum(
                choices=kinds,
                aliases=kind_aliases,
                default="other",
                description="shield (wing shields, d6 shield roll), smoke (1 charge unless "
                "given) or other (upgrades)",
            ),
            "charges": Int(
                label=_label("charges"), min=0, max=99, default=None, description="charge boxes (alias ammo)"
            ),
            "faces": List(
                label=_label("covers_faces"),
                item=Enum(choices=FACES, aliases=choice_names("dmech", "face")),
                default=list,
                description="shields: faces covered (the rules name the front three plus "
                "one adjacent face, which one is unverified)",
            ),
            "notes": Str(default="", max_len=300),
        },
    )


def _label(key: str) -> dict:
    """A field's name as the printouts print it (labels.yaml), per language, for messages."""
    return labels("dmech")[key]


def unit_spec() -> Obj:
    """Schema of one ``units:`` entry (walker by default, or ``kind: infantry``)."""
    armor_value = dict(min=0, max=30, default=None)
    armor = ArmorSpec(
        label=_label("armor"),
        title="dmech armor",
        rules=(_armor_forms,),
        default=None,
        description=(
            "armour per face: either front, front_side, rear_side, rear (front_side = front_right "
            "and front_left, rear_side = rear_right and rear_left) or all six faces front, "
            "front_right, rear_right, rear, rear_left, front_left; not mixed; bound 0–30 is ours"
        ),
        fields={
            **{face: Int(**armor_value) for face in FACES},
            "front_side": Int(**armor_value),
            "rear_side": Int(**armor_value),
        },
    )
    stat = dict(min=0, max=20, default=None)
    return UnitSpec(
        title="dmech unit",
        aliases={"defense": "defence"},
        fields={
            "name": Str(allow_empty=False, max_len=80, description="unit name, e.g. Отрок"),
            "kind": Enum(
                choices=KINDS,
                aliases=choice_names("dmech", "kind"),
                default="walker",
                description="walker («бронеход», default) or infantry («пеший отряд»)",
            ),
            "class": class_enum(
                label=_label("class"),
                default=None,
                description=(
                    "walker class: автодоспех | малый | основной | тяжелый (English: power armour, "
                    "light, medium, heavy); sets the Balance / Standing-up modifiers"
                ),
            ),
            "structure": Int(
                label=_label("structure"),
                min=1,
                max=30,
                default=None,
                description="прочность (walker): one box per point; bound 1–30 is ours",
            ),
            "speed": Int(
                label=_label("speed"), **stat, description="скр (speed), hexes per turn; bound 0–20 is ours"
            ),
            "initiative": Int(
                label=_label("initiative"),
                **stat,
                description="инц (initiative; higher acts later); bound ours",
            ),
            "skill": Int(
                label=_label("skill"), **stat, description="Искс (skill) of the pilot; bound 0–20 is ours"
            ),
            "daring": Int(
                label=_label("daring"), **stat, description="Дрзст (daring) of the pilot; bound 0–20 is ours"
            ),
            "armor": armor,
            "weapons": List(label=_label("weapons"), item=weapon_spec(), max_len=30, default=list),
            "equipment": List(label=_label("equipment"), item=equipment_spec(), max_len=30, default=list),
            "cost": Int(
                label=_label("cost"),
                min=0,
                max=1_000_000,
                default=None,
                description="cost for army lists (the currency is unverified); optional",
            ),
            "pilot": Obj(
                label=_label("pilot"),
                title="dmech pilot",
                default=dict,
                description="the гридь (walkers)",
                fields={"name": Str(default="", max_len=80)},
            ),
            "strength": Int(
                label=_label("strength"),
                min=1,
                max=30,
                default=None,
                description="Сила (infantry): figures = attacks = hits; bound ours",
            ),
            "defence": Int(
                label=_label("defence"), **stat, description="защита (infantry defence); bound 0–20 is ours"
            ),
            "visibility": Int(
                label=_label("visibility"),
                min=0,
                max=20,
                default=3,
                description="infantry visibility modifier (3 per dmech.ru)",
            ),
            "faction": Str(
                label=_label("faction"), default="", max_len=80, description="owner or force («дружина»)"
            ),
            "notes": Str(default="", max_len=1000, description="printed on the sheet"),
            "illustrative": Bool(
                default=False, description="marks example data, not official figures (the sheet says so)"
            ),
        },
    )
