"""Schema of one ProtoMech entry of ``units:`` (types, ranges, enums, defaults).

Item names are not checked here: the rules core looks them up in the catalogue and suggests
the closest name (``rules.validate``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.core.data import choice_names, labels
from sheets.core.schema import BLANK, Bool, Enum, Int, List, MapOf, Obj, Str, ci_literal, ci_pattern
from sheets.games.battletech.model import LOCATIONS, MOTIONS

LOCATION_ALIASES = {
    "hd": "head",
    "t": "torso",
    "ct": "torso",
    "ra": "right_arm",
    "la": "left_arm",
    "right arm": "right_arm",
    "left arm": "left_arm",
    "rightarm": "right_arm",
    "leftarm": "left_arm",
    "l": "legs",
    "leg": "legs",
    "mg": "main_gun",
    "main gun": "main_gun",
    "maingun": "main_gun",
    "gun": "main_gun",
}


def location_enum(**kwargs) -> Enum:
    """A location, also as the record sheet prints it (Голова, ГП…: data/battletech/choices.yaml)."""
    return Enum(
        choices=LOCATIONS, aliases={**LOCATION_ALIASES, **choice_names("battletech", "location")}, **kwargs
    )


def item_names() -> list[str]:
    """The catalogue's item names and aliases (what an editor offers for ``item:``)."""
    from sheets.games.battletech.rules import catalogue

    return catalogue().names()


_GAP = BLANK + "+"  # the loader reads any run of blanks inside a name as one space
_CLAN = "(?:" + ci_literal("clan") + _GAP + "|" + ci_literal("cl") + _GAP + ")?"  # find_item's prefixes


def item_pattern(ammo: bool | None = None) -> str:
    """What :func:`~sheets.games.battletech.rules.find_item` finds, as a pattern: every spelling
    of the catalogue's index (names, aliases, MegaMek names), any letter case, blanks collapsed,
    an optional "Clan "/"CL " prefix; ``ammo``: only ammunition (True) or none of it (False)."""
    from sheets.games.battletech.model import Ammo
    from sheets.games.battletech.rules import catalogue

    keys = [k for k, e in catalogue().index.items() if ammo is None or isinstance(e, Ammo) is ammo]
    return ci_pattern(keys, gap=_GAP, prefix=_CLAN)


@dataclass
class ItemName(Str):
    """An ``item:``: any text here (the rules core names an unknown item with "did you mean");
    the schema lists the catalogue's names and accepts only the spellings the rules find."""

    def json_schema(self):
        names = [n for n in item_names() if len(n) <= self.max_len]
        text = {"type": "string", "maxLength": self.max_len, "pattern": item_pattern()}
        return self._schema({"anyOf": [{"enum": names}, text]})


def _mounting() -> dict:
    """Ammunition takes no location and needs its shots; a weapon or equipment needs a location."""
    return {
        "if": {"properties": {"item": {"type": "string", "pattern": item_pattern(ammo=True)}}},
        "then": {"required": ["shots"], "not": {"required": ["location"]}},
        "else": {"required": ["location"]},
    }


def _label(key: str) -> dict:
    """A field's name as the printouts print it (labels.yaml), per language, for messages."""
    return labels("battletech")[key]


def unit_spec() -> Obj:
    """The :class:`~sheets.core.schema.Obj` spec of one ProtoMech in a unit file."""
    equipment_line = Obj(
        title="equipment",
        fields={
            "item": ItemName(
                label=_label("col_type"),
                allow_empty=False,
                max_len=80,
                description="weapon or equipment name, or '<weapon> Ammo'",
            ),
            "location": location_enum(
                label=_label("col_loc"), default=None, description="where it is mounted (not for ammo)"
            ),
            "shots": Int(
                label=_label("shots"), min=1, max=1000, default=None, description="shots in an ammo bin"
            ),
        },
        rules=(_mounting,),
    )
    pilot = Obj(
        label=_label("pilot_box"),
        title="pilot",
        default=None,
        fields={
            "name": Str(default="", max_len=60, description="blank prints a blank line"),
            "gunnery": Int(label=_label("gunnery"), min=0, max=8, default=4, description="Gunnery skill"),
        },
    )
    return Obj(
        title="protomech",
        fields={
            "name": Str(allow_empty=False, max_len=60, description="chassis name"),
            "model": Str(default="", max_len=60, description="variant name"),
            "tons": Int(
                label=_label("tons"), min=2, max=15, description="2-9; 10-15 = ultraheavy (rules: tw only)"
            ),
            "motion": Enum(
                label=_label("motion"),
                choices=MOTIONS,
                default="biped",
                aliases={
                    "wige": "glider",
                    "quadruped": "quad",
                    "bipedal": "biped",
                    **choice_names("battletech", "motion"),
                },
                description="quad and glider: rules: tw only",
            ),
            "walk": Int(label=_label("walk"), min=0, max=30, description="Walk MP"),
            "jump": Int(label=_label("jump"), min=0, max=30, default=0, description="Jump MP"),
            "jump_jets": Enum(
                choices=("standard", "extended"), default="standard", aliases={"improved": "extended"}
            ),
            "myomer_booster": Bool(default=False, description="ProtoMech myomer booster (Run = 2 x Walk)"),
            "armor_type": Enum(
                choices=("standard", "edp"),
                default="standard",
                aliases={
                    "electric discharge": "edp",
                    "edp armor": "edp",
                    **choice_names("battletech", "armor_type"),
                },
                description="edp = Electric Discharge ProtoMech armour (rules: tw)",
            ),
            "armor": MapOf(
                label=_label("armor"),
                keys=location_enum(),
                value=Int(min=0, max=99),
                description="armour points per location",
            ),
            "equipment": List(
                label=_label("weapons_inventory"), item=equipment_line, default=list, max_len=40
            ),
            "pilot": pilot,
        },
        aliases={"armour": "armor", "weight": "tons", "tonnage": "tons", "variant": "model"},
    )
