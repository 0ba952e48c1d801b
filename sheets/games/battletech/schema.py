"""Schema of one ProtoMech entry of ``units:`` (types, ranges, enums, defaults).

Item names are not checked here: the rules core looks them up in the catalogue and suggests
the closest name (``rules.validate``).
"""

from __future__ import annotations

from sheets.core.schema import Bool, Enum, Int, List, MapOf, Obj, Str
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
    return Enum(choices=LOCATIONS, aliases=LOCATION_ALIASES, **kwargs)


def item_names() -> list[str]:
    """The catalogue's item names and aliases (what an editor offers for ``item:``)."""
    from sheets.games.battletech.rules import catalogue

    return catalogue().names()


def unit_spec() -> Obj:
    """The :class:`~sheets.core.schema.Obj` spec of one ProtoMech in a unit file."""
    equipment_line = Obj(
        title="equipment",
        fields={
            "item": Str(
                allow_empty=False,
                max_len=80,
                completions=item_names,
                description="weapon or equipment name, or '<weapon> Ammo'",
            ),
            "location": location_enum(default=None, description="where it is mounted (not for ammo)"),
            "shots": Int(min=1, max=1000, default=None, description="shots in an ammo bin"),
        },
    )
    pilot = Obj(
        title="pilot",
        default=None,
        fields={
            "name": Str(default="", max_len=60, description="blank prints a blank line"),
            "gunnery": Int(min=0, max=8, default=4, description="Gunnery skill"),
            "nick": Str(default="", max_len=60, description="call sign, printed after the name"),
        },
    )
    return Obj(
        title="protomech",
        fields={
            "name": Str(allow_empty=False, max_len=60, description="chassis name"),
            "model": Str(default="", max_len=60, description="variant name"),
            "tons": Int(min=2, max=15, description="2-9; 10-15 = ultraheavy (rules: tw only)"),
            "motion": Enum(
                choices=MOTIONS,
                default="biped",
                aliases={"wige": "glider", "quadruped": "quad", "bipedal": "biped"},
                description="quad and glider: rules: tw only",
            ),
            "walk": Int(min=0, max=30, description="Walk MP"),
            "jump": Int(min=0, max=30, default=0, description="Jump MP"),
            "jump_jets": Enum(
                choices=("standard", "extended"), default="standard", aliases={"improved": "extended"}
            ),
            "myomer_booster": Bool(default=False, description="ProtoMech myomer booster (Run = 2 x Walk)"),
            "armor_type": Enum(
                choices=("standard", "edp"),
                default="standard",
                aliases={"electric discharge": "edp", "edp armor": "edp"},
                description="edp = Electric Discharge ProtoMech armour (rules: tw)",
            ),
            "armor": MapOf(
                keys=location_enum(), value=Int(min=0, max=99), description="armour points per location"
            ),
            "equipment": List(item=equipment_line, default=list, max_len=40),
            "pilot": pilot,
            "point": Str(
                default="",
                max_len=60,
                description="the Point it belongs to: the army list keeps a Point's units together "
                "(e.g. the force a MegaMek file names)",
            ),
        },
        aliases={"armour": "armor", "weight": "tons", "tonnage": "tons", "variant": "model"},
    )
