"""``sheets calc dust …``: the cover calculator (click group ``calc``).

    sheets calc dust cover --unit FILE#NAME --cover soft|hard|soft+soft|ammo_crate+corner…
                           [--diagonal --adjacent --through-corner --corner-square SQ]
                           [--ignores-cover] [--hits N] [--dice EDITION] [--lang en|ru] [--json]

An unknown unit name is an input error (exit 1, with "did you mean"); a bad option value is a
usage error (exit 2).
"""

from __future__ import annotations

import json

import click

from sheets.core.data import decimal, load_data
from sheets.core.errors import InputError, Problem, did_you_mean
from sheets.core.loader import load_file
from sheets.games.dust.rules import (
    UnknownEdition,
    check_cover_sources,
    combine_cover,
    cover_calc,
    dice_edition,
    edition_names,
    partner,
)


def _check_cover(ctx, param, value: str) -> str:
    try:
        combine_cover(value.split("+"))
        check_cover_sources(value.split("+"))
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    return value


def _corner(cover: str, diagonal, adjacent, through_corner, square) -> dict | None:
    """The corner conditions when ``cover`` names a corner (all four required), else None."""
    given = {
        "--diagonal/--not-diagonal": diagonal,
        "--adjacent/--not-adjacent": adjacent,
        "--through-corner/--not-through-corner": through_corner,
        "--corner-square": square,
    }
    has_corner = "corner" in [p.strip().lower() for p in cover.split("+")]
    if not has_corner:
        extra = [k for k, v in given.items() if v is not None]
        if extra:
            raise click.UsageError(f"{', '.join(extra)} describe a corner: add 'corner' to --cover")
        return None
    missing = [k for k, v in given.items() if v is None]
    if missing:
        raise click.UsageError(
            f"--cover with a corner needs {', '.join(missing)} (the corner rule has four conditions)"
        )
    return {"diagonal": diagonal, "adjacent": adjacent, "through_corner": through_corner, "square": square}


def _check_edition(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return dice_edition(value.strip().lower()).name
    except UnknownEdition as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def _split_unit(ctx, param, value: str) -> tuple[str, str | None]:
    path, sep, name = value.rpartition("#")
    if not sep:
        return value, None
    if not path or not name.strip():
        raise click.BadParameter("expected FILE#NAME, e.g. units.yaml#Laser Squad", ctx, param)
    return path, name.strip()


def _find_unit(loaded, path: str, name: str | None):
    units = loaded.units
    if name is None:
        if len(units) == 1:
            return units[0]
        raise InputError(
            [
                Problem(
                    path,
                    None,
                    f"the file has {len(units)} units: say which with "
                    f"FILE#NAME ({', '.join(u.name for u in units)})",
                )
            ]
        )
    for unit in units:
        if unit.name.lower() == name.lower():
            return unit
    raise InputError(
        [Problem(path, None, f"no unit named {name!r}{did_you_mean(name, [u.name for u in units])}")]
    )


def words(result: dict, lang: str = "en") -> dict:
    """The printed words of a :func:`cover_calc` result in ``lang`` (its keys stay in the
    result): the cover (``calc_cover_*``), the save (``save_*_line``) and the dice edition."""
    labels = load_data("dust/labels.yaml")
    return {
        "cover": labels[f"calc_cover_{result['cover']}"][lang],
        "save": labels[f"save_{result['save']}_line"][lang],
        "edition": labels[result["edition_label"]][lang],
    }


def _human(result: dict, lang: str = "en") -> str:
    labels = load_data("dust/labels.yaml")

    def L(key: str, **values) -> str:
        return labels[key][lang].format(**values)

    said = words(result, lang)
    notes = []
    if result.get("corner") == "none":
        notes.append(L("calc_corner_none"))
    if result.get("ignores_cover"):
        notes.append(L("calc_ignores_cover"))
    if "uses_squad" in result:
        notes.append(L("calc_uses_squad", squad=result["uses_squad"]))
    elif result.get("note") == "hero_no_cover":
        notes.append(L("calc_hero_alone"))
    who = result["unit"] + "".join(f" ({n})" for n in notes)
    text = L(
        "calc_line",
        who=who,
        cover=said["cover"],
        save=said["save"],
        dice=result["dice"],
        dice_word=L("calc_die_one" if result["dice"] == 1 else "calc_die_many"),
        p=decimal(result["p_stop_each"], lang, 3),
        expected=decimal(result["expected_stopped"], lang, 2),
        hits=result["hits"],
        hits_word=L("calc_hit_one" if result["hits"] == 1 else "calc_hit_many"),
    )
    footer = said["edition"]
    if not result["edition_verified"]:
        footer += "\n" + L("unverified_note")
    return f"{text}\n{footer}"


def _check_dice(ctx, param, value):
    if value is None:
        return None
    names = edition_names()
    if value not in names:
        raise click.BadParameter(
            f"unknown dice edition {value!r}{did_you_mean(value, names)}; expected one of {', '.join(names)}",
            ctx,
            param,
        )
    return value


def _dice_option() -> click.Option:
    return click.Option(
        ["--dice"],
        default=None,
        metavar="EDITION",
        callback=_check_dice,
        help="dust: dice edition the printout assumes (default: the one data/dust/dice.yaml names).",
    )


# options the shared `render` and `reference` commands gain for Dust (Game.cli_options)
REFERENCE_OPTIONS = [_dice_option()]


def _render_options():
    from sheets.cli.cards import RENDER_OPTIONS as CARD_OPTIONS

    return [*CARD_OPTIONS, _dice_option()]


RENDER_OPTIONS = _render_options()


@click.group("dust")
def calc():
    """Dust Tactics calculators."""


@calc.command("cover")
@click.option(
    "--unit",
    "unit_ref",
    required=True,
    callback=_split_unit,
    metavar="FILE#NAME",
    help="the unit file and the unit's name",
)
@click.option(
    "--cover",
    required=True,
    callback=_check_cover,
    metavar="SOURCES",
    help="soft, hard, or sources joined by '+', e.g. soft+soft, ammo_crate+corner",
)
@click.option(
    "--hits",
    type=click.IntRange(min=0, max=1000),
    default=1,
    show_default=True,
    help="hits the unit received (one save die per hit)",
)
@click.option(
    "--dice",
    "edition",
    callback=_check_edition,
    metavar="EDITION",
    help="dice edition: " + "|".join(edition_names()) + " (default: the one "
    "data/dust/dice.yaml names; the same option as render's --dice)",
)
@click.option(
    "--edition", "edition_old", callback=_check_edition, hidden=True, help="the former name of --dice"
)
@click.option("--diagonal/--not-diagonal", default=None, help="corner: the unit is (not) attacked diagonally")
@click.option(
    "--adjacent/--not-adjacent",
    default=None,
    help="corner: the unit's square is (not) adjacent to the corner",
)
@click.option(
    "--through-corner/--not-through-corner",
    default=None,
    help="corner: the line of sight does (not) pass through the corner",
)
@click.option(
    "--corner-square",
    type=click.Choice(list(load_data("dust/cover_objects.yaml")["corner_squares"])),
    default=None,
    help="corner: what stands on the square that would form the corner "
    "(no_dot = a wall; a vehicle counts, a squad or a hero does not)",
)
@click.option(
    "--ignores-cover",
    is_flag=True,
    default=False,
    help="the attacking weapon's text says it ignores cover: no save",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "ru"]),
    default="en",
    show_default=True,
    help="language of the printed words (JSON keys stay English; --json adds the "
    'words in this language under "words")',
)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def cover_cmd(
    unit_ref,
    cover,
    hits,
    edition,
    edition_old,
    diagonal,
    adjacent,
    through_corner,
    corner_square,
    ignores_cover,
    lang,
    as_json,
):
    """Which save a unit gets in cover and how many hits it should stop.

    A 'corner' source counts only when the unit is attacked diagonally, stands adjacent to the
    corner, the line of sight passes through it and its square forms a corner: give all four
    with --diagonal, --adjacent, --through-corner and --corner-square.
    """
    edition = edition or edition_old
    corner = _corner(cover, diagonal, adjacent, through_corner, corner_square)
    path, name = unit_ref
    loaded = load_file(path, expect_game="dust")
    unit = _find_unit(loaded, path, name)
    squad = partner(unit, loaded.units) if unit.is_hero else None
    result = cover_calc(unit, cover, hits, edition, squad=squad, ignores_cover=ignores_cover, corner=corner)
    if as_json:
        click.echo(
            json.dumps({**result, "lang": lang, "words": words(result, lang)}, ensure_ascii=False, indent=2)
        )
    else:
        click.echo(_human(result, lang))
