"""``sheets calc dmech …``: the armour-facing and penetration calculators.

``facing`` says which face(s) of a target a shot hits (two on a cone line: the shooter
chooses); with ``--unit FILE#NAME`` it also gives the armour met (the lower of two faces).
``penetration`` applies the seed's ladder. Bad values exit 2 (usage); bad unit files exit 1
(:class:`InputError`, printed by the main CLI).
"""

from __future__ import annotations

import json
import re

import click

from sheets.core.errors import InputError, Problem, did_you_mean, short
from sheets.games.dmech import geometry, rules

# options the shared `render` and `chart` commands gain for ДМ (Game.cli_options)
RENDER_OPTIONS = [
    click.Option(
        ["--tables"],
        is_flag=True,
        default=None,
        help="dmech: add the damage, reactor and balance tables to each sheet (a "
        "walker alone on its page always gets them).",
    ),
]
CHART_OPTIONS = [
    click.Option(
        ["--radius"],
        type=click.IntRange(1, 12),
        default=5,
        show_default=True,
        help="dmech facing chart: hexes around the target (up to 9 on A4 and Letter: "
        "hexes stay ≥ 10.5 mm so every label is legible).",
    ),
]

_HEX = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


MAX_COORD = 100_000  # far beyond any map; bigger numbers are typos (and int() of 4,301 digits fails)


class HexParam(click.ParamType):
    """An axial hex written ``Q,R`` (e.g. ``2,-3``)."""

    name = "Q,R"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        m = _HEX.match(str(value))
        if not m:
            self.fail(f"{short(value)} is not a hex: write Q,R with two whole numbers, e.g. 2,-3", param, ctx)
        if any(len(g.lstrip("+-")) > 6 for g in m.groups()):
            self.fail(f"{short(value)}: hex coordinates go from -{MAX_COORD} to {MAX_COORD}", param, ctx)
        q, r = int(m.group(1)), int(m.group(2))
        if max(abs(q), abs(r)) > MAX_COORD:
            self.fail(f"{short(value)}: hex coordinates go from -{MAX_COORD} to {MAX_COORD}", param, ctx)
        return q, r


class FacingParam(click.ParamType):
    """A facing 0–5 (clockwise from north) or a direction name N, NE, SE, S, SW, NW."""

    name = "0-5"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            text = str(value)
        else:
            text = str(value).strip().upper()
        if text in geometry.DIRECTION_NAMES:
            return geometry.DIRECTION_NAMES.index(text)
        if text.isdigit() and len(text) <= 2 and 0 <= int(text) <= 5:
            return int(text)
        self.fail(
            f"{short(value)} is not a facing: give 0–5 (0 = N, clockwise) or one of "
            f"{', '.join(geometry.DIRECTION_NAMES)}",
            param,
            ctx,
        )


class DiceParam(click.ParamType):
    """One or two d6 results, ``D1,D2`` (each 1–6)."""

    name = "D1,D2"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        parts = [p.strip() for p in str(value).split(",")]
        if not 1 <= len(parts) <= 2 or not all(re.fullmatch(r"-?\d{1,6}", p) for p in parts):
            self.fail(f"{short(value)} is not a roll: write two dice like 3,1 (or one die)", param, ctx)
        dice = tuple(int(p) for p in parts)
        bad = [d for d in dice if not 1 <= d <= 6]
        if bad:
            self.fail(f"a die shows 1–6, got {bad[0]}", param, ctx)
        return dice


def _load_walker(spec: str):
    """The walker named in ``FILE#NAME`` (``FILE`` alone when it holds one unit)."""
    from sheets.core.loader import load_file

    path, _, name = spec.rpartition("#") if "#" in spec else (spec, "", "")
    loaded = load_file(path)
    units = loaded.units
    if not name:
        if len(units) != 1:
            raise InputError(
                [Problem(path, None, f"the file has {len(units)} units: say which with FILE#NAME")]
            )
        unit = units[0]
    else:
        matches = [u for u in units if u.name.strip().lower() == name.strip().lower()]
        if not matches:
            hint = did_you_mean(name, [u.name for u in units])
            raise InputError([Problem(path, None, f"no unit named {name!r}{hint}")])
        unit = matches[0]
    if unit.kind != "walker":
        raise InputError([Problem(path, None, f"{unit.name!r} is {unit.kind}: it has no armour faces")])
    return unit


def _L(key: str, lang: str) -> str:
    """A dmech label in ``lang``."""
    from sheets.core.data import label

    return label("dmech", key, lang)


def _typo(text: str) -> str:
    """A hyphen before a number printed as the minus sign, as on the sheets (−2, not -2)."""
    return re.sub(r"(?<![\w\-])-(?=\d)", "\u2212", text)


_LANG = click.option(
    "--lang",
    type=click.Choice(["en", "ru"]),
    default="en",
    show_default=True,
    help="language of the printed words (JSON keys stay English; --json adds "
    'the words in this language under "words")',
)


@click.group(name="dmech", help="Ancient Mechanics (dmech) calculators: armour facing, penetration.")
def calc():
    pass


@calc.command(help="Which face(s) of the target a shot hits; two on a cone line (the shooter chooses).")
@click.option("--target", required=True, type=HexParam(), help="target hex Q,R (axial)")
@click.option(
    "--facing",
    required=True,
    type=FacingParam(),
    help="target facing 0–5 clockwise from north (0 = N, 1 = NE, … 5 = NW)",
)
@click.option("--attacker", required=True, type=HexParam(), help="shooter hex Q,R (axial)")
@click.option(
    "--unit", "unit_spec", metavar="FILE#NAME", help="the target's unit file and name: adds the armour met"
)
@_LANG
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def facing(target, facing, attacker, unit_spec, lang, as_json):
    if target == attacker:
        raise click.BadParameter("the attacker is in the target's hex", param_hint="--attacker")
    faces = geometry.faces_hit(target, facing, attacker)
    result = {"faces": faces}
    if unit_spec:
        result["armor"] = rules.armor_against(_load_walker(unit_spec), faces)
    names = [_L(f"face_{f}", lang) for f in faces]
    if as_json:
        click.echo(json.dumps({**result, "lang": lang, "words": {"faces": names}}, ensure_ascii=False))
        return
    line = (
        names[0]
        if len(names) == 1
        else f"{names[0]} {_L('calc_or', lang)} {names[1]} ({_L('calc_half_hex', lang)})"
    )
    if "armor" in result:
        line += f"; {_L('calc_armour_met', lang)} {result['armor']}"
    click.echo(f"{_L('calc_face', lang)}: {line}")


@calc.command(help="Penetration number (Power + the higher die) against armour.")
@click.option("--power", required=True, type=click.IntRange(min=0), help="the weapon's Power")
@click.option("--dice", required=True, type=DiceParam(), help="the shooting roll, D1,D2")
@click.option("--armor", required=True, type=click.IntRange(min=0), help="armour of the face hit")
@_LANG
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def penetration(power, dice, armor, lang, as_json):
    value, result = rules.penetration(power, dice, armor)
    step = rules.penetration_step(result)
    condition, effect = _typo(step.condition.get(lang)), _typo(step.effect.get(lang))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "penetration": value,
                    "result": result,
                    "lang": lang,
                    "words": {"result": condition, "effect": effect},
                },
                ensure_ascii=False,
            )
        )
        return
    click.echo(
        _L("calc_penetration_line", lang).format(value=value, armor=armor, condition=condition, effect=effect)
    )
