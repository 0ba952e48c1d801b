"""Schema of one Lock 'n Load Tactical counter in an order-of-battle file (``units:`` entry).

The counter string's meaning depends on the kind (an MMC's ``F-R-M`` is parsed; an SMC's is
printed verbatim), so it is checked by :func:`sheets.games.lnl.rules.validate_unit`, which also
checks the SW limits and the SW names against the catalogue.
"""

from __future__ import annotations

from sheets.core.schema import Bool, Enum, Int, List, Obj, OneOf, Str
from sheets.games.lnl.model import KIND_ALIASES, KINDS


def sw_names() -> list[str]:
    """Every name the loader finds an SW by: names, aliases and the Russian names."""
    from sheets.games.lnl.model import catalogue

    return [n for sw in catalogue().values() for n in (sw.name, *sw.aliases, *((sw.ru,) if sw.ru else ()))]


def _weapon() -> OneOf:
    return OneOf(
        options=(
            Str(allow_empty=False, max_len=60, completions=sw_names),
            Obj(
                title="support weapon",
                fields={
                    "item": Str(
                        allow_empty=False,
                        max_len=60,
                        description="SW name from lnl/weapons.yaml",
                        completions=sw_names,
                    ),
                    "captured": Bool(
                        default=False,
                        description="a captured SW (removed in the Admin "
                        "Phase if the enemy was not eliminated)",
                    ),
                },
                aliases={"name": "item"},
            ),
        ),
        message="expected an SW name (e.g. MG-34) or {item: MG-34, captured: true}",
    )


def unit_spec() -> Obj:
    """The schema of one LnLT counter (the user contract of ``units:`` entries)."""
    return Obj(
        title="lnl unit",
        fields={
            "name": Str(allow_empty=False, max_len=80),
            "kind": Enum(
                choices=KINDS,
                aliases=KIND_ALIASES,
                description="MMC: squad | half_squad | crew | weapon_team; "
                "SMC: leader | hero | medic | sniper | scout",
            ),
            "counter": Str(
                default="",
                max_len=24,
                description='MMC: Firepower-Range-Morale (2-5-4; 2M-5-4 for an "M" FP); '
                "SMC: optional text printed as written",
            ),
            "fp": Int(min=0, max=20, default=None, description="SMC firepower (heroes)"),
            "lm": Int(min=-3, max=5, default=None, description="leadership modifier (leaders)"),
            "morale": Int(min=1, max=12, default=None, description="SMC morale"),
            "skills": List(item=Str(allow_empty=False, max_len=60), default=list, max_len=20),
            "m": Bool(default=False, description='"M" superscript on the unit\'s FP (+1 in melee)'),
            "ambush": Bool(
                default=False, description="the unit can ambush (nationality, skill, module or scenario rule)"
            ),
            "shaken": Bool(default=False),
            "use_sw": Bool(
                default=None,
                description="melee SW use: true = always, false = never "
                "(fights with its IFP); absent = the better "
                "choice, as the calculator prints it",
            ),
            "weapons": List(
                item=_weapon(), default=list, max_len=10, description="support weapons by catalogue name"
            ),
            "notes": Str(default="", max_len=400),
        },
        aliases={"sw": "weapons", "sws": "weapons", "firepower": "fp"},
    )
