"""«Древняя Механика»'s options and calculators as data: which face(s) a shot hits (two on a cone
line: the shooter chooses; with a unit, the armour met) and the seed's penetration ladder."""

from __future__ import annotations

import re

from sheets.core.calc import CalculatorSpec, InputProblem
from sheets.core.data import label
from sheets.core.errors import InputError, Problem, short
from sheets.core.i18n import N_, _, current_lang
from sheets.core.options import FLAG, INT, TEXT, UNIT, OptionSpec
from sheets.games.dmech import geometry, rules

RENDER = (
    OptionSpec(
        "tables",
        FLAG,
        help=N_(
            "Add the damage, reactor and balance tables to each sheet (a walker alone on its page "
            "always gets them)."
        ),
        label=N_("Tables on every sheet"),
    ),
)
CHART = (
    OptionSpec(
        "radius",
        INT,
        help=N_(
            "Facing chart: hexes around the target (up to 9 on A4 and Letter: hexes stay ≥ 10.5 mm "
            "so every label is legible)."
        ),
        label=N_("Radius (hexes)"),
        default=5,
        minimum=1,
        maximum=12,
        show_default=True,
    ),
)

_HEX = re.compile(r"^\s*([+-]?\d{1,6})\s*,\s*([+-]?\d{1,6})\s*$")
MAX_COORD = 100_000  # far beyond any map; bigger numbers are typos


def parse_hex(text: str) -> tuple[int, int]:
    """An axial hex written ``Q,R`` (e.g. ``2,-3``)."""
    m = _HEX.match(text)
    if not m:
        raise ValueError(
            _("{value} is not a hex: write Q,R with two whole numbers, e.g. 2,-3").format(value=short(text))
        )
    q, r = int(m.group(1)), int(m.group(2))
    if max(abs(q), abs(r)) > MAX_COORD:
        raise ValueError(
            _("{value}: hex coordinates go from -{limit} to {limit}").format(
                value=short(text), limit=MAX_COORD
            )
        )
    return q, r


def parse_facing(text: str) -> int:
    """A facing 0–5 (clockwise from north) or a direction name N, NE, SE, S, SW, NW."""
    upper = text.strip().upper()
    if upper in geometry.DIRECTION_NAMES:
        return geometry.DIRECTION_NAMES.index(upper)
    if upper.isdigit() and len(upper) <= 2 and 0 <= int(upper) <= 5:
        return int(upper)
    raise ValueError(
        _("{value} is not a facing: give 0–5 (0 = N, clockwise) or one of {names}").format(
            value=short(text), names=", ".join(geometry.DIRECTION_NAMES)
        )
    )


def parse_dice(text: str) -> tuple[int, ...]:
    """One or two d6 results, ``D1,D2`` (each 1–6)."""
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= 2 or not all(re.fullmatch(r"[+-]?\d{1,6}", p) for p in parts):
        raise ValueError(
            _("{value} is not a roll: write two dice like 3,1 (or one die)").format(value=short(text))
        )
    dice = tuple(int(p) for p in parts)
    bad = [d for d in dice if not 1 <= d <= 6]
    if bad:
        raise ValueError(_("a die shows 1–6, got {value}").format(value=bad[0]))
    return dice


def _typo(text: str) -> str:
    """A hyphen before a number printed as the minus sign, as on the sheets (−2, not -2)."""
    return re.sub(r"(?<![\w\-])-(?=\d)", "\u2212", text)


def _L(key: str) -> str:
    return label("dmech", key, current_lang())


def _check_facing(values: dict) -> None:
    if values["target"] == values["attacker"]:
        raise InputProblem(_("{attacker}: the attacker is in the target's hex"), "attacker")


def _run_facing(values: dict) -> dict:
    faces = geometry.faces_hit(values["target"], values["facing"], values["attacker"])
    result: dict = {"faces": faces}
    picked = values.get("unit")
    if picked is not None:
        unit = picked.unit
        if unit.kind != "walker":
            raise InputError(
                [
                    Problem(
                        picked.file,
                        None,
                        _("{name} is {kind}: it has no armour faces").format(
                            name=short(unit.name), kind=unit.kind
                        ),
                        code="calc-no-armour-faces",
                    )
                ]
            )
        result["armor"] = rules.armor_against(unit, faces)
    return {**result, "lang": current_lang(), "words": {"faces": [_L(f"face_{f}") for f in faces]}}


def _text_facing(result: dict, values: dict) -> str:
    names = result["words"]["faces"]
    line = names[0] if len(names) == 1 else f"{names[0]} {_L('calc_or')} {names[1]} ({_L('calc_half_hex')})"
    if "armor" in result:
        line += f"; {_L('calc_armour_met')} {result['armor']}"
    return f"{_L('calc_face')}: {line}"


def _run_penetration(values: dict) -> dict:
    value, result = rules.penetration(values["power"], values["dice"], values["armor"])
    step = rules.penetration_step(result)
    lang = current_lang()
    return {
        "penetration": value,
        "result": result,
        "lang": lang,
        "words": {"result": _typo(step.condition.get(lang)), "effect": _typo(step.effect.get(lang))},
    }


def _text_penetration(result: dict, values: dict) -> str:
    return _L("calc_penetration_line").format(
        value=result["penetration"],
        armor=values["armor"],
        condition=result["words"]["result"],
        effect=result["words"]["effect"],
    )


FACING = CalculatorSpec(
    "facing",
    title=N_("Armour facing"),
    help=N_("Which face(s) of the target a shot hits; two on a cone line (the shooter chooses)."),
    inputs=(
        OptionSpec(
            "target",
            TEXT,
            help=N_("The target's hex Q,R (axial)."),
            label=N_("Target hex"),
            required=True,
            parse=parse_hex,
            metavar="Q,R",
            placeholder=N_("e.g. 0,0"),
        ),
        OptionSpec(
            "facing",
            TEXT,
            help=N_("The target's facing 0–5 clockwise from north (0 = N, 1 = NE, … 5 = NW)."),
            label=N_("Target facing"),
            required=True,
            parse=parse_facing,
            metavar="0-5",
        ),
        OptionSpec(
            "attacker",
            TEXT,
            help=N_("The shooter's hex Q,R (axial)."),
            label=N_("Shooter hex"),
            required=True,
            parse=parse_hex,
            metavar="Q,R",
            placeholder=N_("e.g. 2,-3"),
        ),
        OptionSpec(
            "unit",
            UNIT,
            help=N_("The target's unit file and name: adds the armour met."),
            label=N_("Target unit"),
            metavar="FILE#NAME",
        ),
    ),
    run=_run_facing,
    text=_text_facing,
    check=_check_facing,
    game="",
)
PENETRATION = CalculatorSpec(
    "penetration",
    title=N_("Penetration"),
    help=N_("Penetration number (Power + the higher die) against armour."),
    inputs=(
        OptionSpec("power", INT, help=N_("The weapon's Power."), label=N_("Power"), required=True, minimum=0),
        OptionSpec(
            "dice",
            TEXT,
            help=N_("The shooting roll, D1,D2."),
            label=N_("Dice rolled"),
            required=True,
            parse=parse_dice,
            metavar="D1,D2",
            placeholder=N_("e.g. 3,5"),
        ),
        OptionSpec(
            "armor", INT, help=N_("Armour of the face hit."), label=N_("Armour"), required=True, minimum=0
        ),
    ),
    run=_run_penetration,
    text=_text_penetration,
)
CALCULATORS = (FACING, PENETRATION)
