"""Schema of one Lock 'n Load Tactical counter in an order-of-battle file (``units:`` entry).

The counter string's meaning depends on the kind (an MMC's ``F-R-M`` is parsed; an SMC's is
printed verbatim), so it is checked by :func:`sheets.games.lnl.rules.validate_unit`, which also
checks the SW limits and the SW names against the catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.core.data import choice_names, labels
from sheets.core.i18n import N_
from sheets.core.schema import BLANKS as S
from sheets.core.schema import Bool, Enum, Int, List, Obj, OneOf, Str, ci_pattern
from sheets.games.lnl.model import KIND_ALIASES, KINDS, MAX_CARRIED, MMC_KINDS


def _spellings(sw) -> tuple:
    return (sw.name, *sw.aliases, *((sw.ru,) if sw.ru else ()))


def sw_names() -> list[str]:
    """Every name the loader finds an SW by: names, aliases and the Russian names."""
    from sheets.games.lnl.model import catalogue

    return [n for sw in catalogue().values() for n in _spellings(sw)]


@dataclass
class SWName(Str):
    """An SW name: any text here (the rules core names an unknown SW with "did you mean"); the
    schema lists the catalogue's names and takes only the spellings the rules find."""

    def json_schema(self):
        names = sw_names()
        text = {"type": "string", "maxLength": self.max_len, "pattern": ci_pattern(names)}
        return self._schema({"anyOf": [{"enum": names}, text]})


# what parse_counter reads: Firepower-Range-Morale, an "M" after the firepower or the morale,
# a hyphen or an en dash, morale at least 1
_N = "[0-9]{1,2}"
_M = "[mM]?"
COUNTER = f"^{S}{_N}{S}{_M}{S}[-–]{S}{_N}{S}[-–]{S}(?:0?[1-9]|[1-9][0-9]){S}{_M}{S}$"


def _at_most(n: int) -> dict:
    return {"anyOf": [{"type": "array", "maxItems": n}, {"type": "null"}]}


def _kind_rules(kind: Enum) -> list[dict]:
    """What ``validate_unit`` checks per kind that a schema can say: an MMC's counter (required,
    Firepower-Range-Morale), no fp and no lm on an MMC, a hero's fp (at least 1), a leader's lm,
    lm on leaders only, the SWs a counter carries (at most MAX_CARRIED: the rules limit using them
    in melee, not carrying)."""

    def when(*kinds):
        return {"properties": {"kind": kind.matching(*kinds)}, "required": ["kind"]}

    return [
        {
            "if": when(*MMC_KINDS),
            "then": {
                "required": ["counter"],
                "properties": {"counter": {"type": "string", "pattern": COUNTER}},
                "not": {"anyOf": [{"required": ["fp"]}, {"required": ["firepower"]}, {"required": ["lm"]}]},
            },
        },
        {
            "if": when("hero"),
            "then": {
                "anyOf": [{"required": ["fp"]}, {"required": ["firepower"]}],
                "properties": {k: {"type": "integer", "minimum": 1} for k in ("fp", "firepower")},
            },
        },
        {"if": when("leader"), "then": {"required": ["lm"]}, "else": {"not": {"required": ["lm"]}}},
        # the SWs a counter carries (its sheet's room; in melee it uses the best it may, §8.0)
        {"properties": {k: _at_most(MAX_CARRIED) for k in ("weapons", "sw", "sws")}},
    ]


def _melee_sw() -> dict:
    """``use_sw: true`` needs a melee SW among the weapons."""
    from sheets.games.lnl.model import catalogue

    melee = ci_pattern([n for sw in catalogue().values() if sw.melee for n in _spellings(sw)])
    named = {"type": "string", "pattern": melee}
    carried = {
        "anyOf": [
            named,
            {
                "type": "object",
                "anyOf": [{"properties": {k: named}, "required": [k]} for k in ("item", "name")],
            },
        ]
    }
    return {
        "if": {"properties": {"use_sw": {"const": True}}, "required": ["use_sw"]},
        "then": {
            "anyOf": [
                {"properties": {k: {"type": "array", "contains": carried}}, "required": [k]}
                for k in ("weapons", "sw", "sws")
            ]
        },
    }


def _weapon() -> OneOf:
    return OneOf(
        options=(
            SWName(allow_empty=False, max_len=60),
            Obj(
                title="support weapon",
                fields={
                    "item": SWName(
                        allow_empty=False, max_len=60, description="SW name from lnl/weapons.yaml"
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
        message=N_("expected an SW name (e.g. MG-34) or {item: MG-34, captured: true}"),
    )


def _label(key: str) -> dict:
    """A field's name as the printouts print it (labels.yaml), per language, for messages."""
    return labels("lnl")[key]


def unit_spec() -> Obj:
    """The schema of one LnLT counter (the user contract of ``units:`` entries)."""
    kind = Enum(
        label=_label("col_kind"),
        choices=KINDS,
        aliases={**KIND_ALIASES, **choice_names("lnl", "kind")},
        description="MMC: squad | half_squad | crew | weapon_team; SMC: leader | hero | medic | sniper | scout",
    )
    return Obj(
        title="lnl unit",
        rules=(lambda: _kind_rules(kind), _melee_sw),
        fields={
            "name": Str(allow_empty=False, max_len=80),
            "kind": kind,
            "counter": Str(
                label=_label("col_counter"),
                default="",
                max_len=24,
                description='MMC: Firepower-Range-Morale (2-5-4; 2M-5-4 for an "M" FP); '
                "SMC: optional text printed as written",
            ),
            "fp": Int(min=0, max=20, default=None, description="SMC firepower (heroes)"),
            "lm": Int(min=-3, max=5, default=None, description="leadership modifier (leaders)"),
            "morale": Int(label=_label("oob_morale"), min=1, max=12, default=None, description="SMC morale"),
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
                label=_label("col_sw"),
                item=_weapon(),
                default=list,
                max_len=10,
                description="support weapons by catalogue name",
            ),
            "notes": Str(default="", max_len=400),
        },
        aliases={"sw": "weapons", "sws": "weapons", "firepower": "fp"},
    )
