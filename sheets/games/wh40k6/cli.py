"""``sheets calc wh40k6 attack`` and the options wh40k6 adds to ``sheets render``.

    sheets calc wh40k6 attack --shots N (--bs N | --ws N,N) --s N --t N [--sv 3+] [--cover 4+]
                              [--ap N] [--twin-linked] [--snap] [--w N] [--rending] [--poisoned 4+]
                              [--lang en|ru] [--json]

A bad option value is a usage error (exit 2)."""

from __future__ import annotations

import json

import click

from sheets.cli.options import lang_option
from sheets.games.wh40k6.model import SaveError, parse_save


def _save(ctx, param, value):
    if value is None:
        return None
    try:
        save = parse_save(value)
    except SaveError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    if param.name == "cover" and save is not None and save.armour is None:
        raise click.BadParameter("a cover save is a plain roll like 4+", ctx, param)
    return save.text if save else None


def _ws(ctx, param, value):
    if value is None:
        return None
    parts = [p.strip() for p in value.split(",")]
    try:
        a, d = (int(p) for p in parts)
    except ValueError:
        raise click.BadParameter("expected ATTACKER,DEFENDER, e.g. 4,3", ctx, param) from None
    if not (1 <= a <= 10 and 1 <= d <= 10):
        raise click.BadParameter("WS values are 1–10", ctx, param)
    return a, d


def _poisoned(ctx, param, value):
    if value is None:
        return None
    text = str(value).strip()
    if len(text) == 2 and text[0] in "23456" and text[1] == "+":
        return int(text[0])
    raise click.BadParameter("expected the roll that wounds, e.g. 4+ (2+ to 6+)", ctx, param)


RENDER_OPTIONS = [
    click.Option(
        ["--collapse"],
        is_flag=True,
        default=None,
        help="wh40k6: print one datasheet for identical units (×N).",
    ),
    click.Option(
        ["--no-odds"],
        is_flag=True,
        default=None,
        help="wh40k6: leave out the expected-wounds columns of the weapon tables.",
    ),
]


@click.group("wh40k6")
def calc():
    """Warhammer 40,000 6th edition calculators."""


@calc.command("attack")
@click.option("--shots", type=click.IntRange(0, 200), required=True, help="shots or close-combat attacks")
@click.option("--bs", type=click.IntRange(1, 10), default=None, help="ballistic skill (shooting)")
@click.option(
    "--ws", callback=_ws, default=None, metavar="A,D", help="close combat: attacker WS, defender WS"
)
@click.option("--s", "strength", type=click.IntRange(1, 10), required=True, help="Strength")
@click.option("--t", "toughness", type=click.IntRange(1, 10), required=True, help="target Toughness")
@click.option(
    "--sv", callback=_save, default=None, metavar="3+[/4++]", help="target save (armour/invulnerable)"
)
@click.option(
    "--cover",
    callback=_save,
    default=None,
    metavar="4+",
    help="cover save (shooting only: not taken against close-combat attacks)",
)
@click.option("--ap", type=click.IntRange(1, 6), default=None, help="weapon AP (none = AP –)")
@click.option("--twin-linked", is_flag=True, help="re-roll missed shots")
@click.option("--snap", is_flag=True, help="Snap Shots: hit on the chart's fixed roll whatever the BS")
@click.option(
    "--w",
    "wounds",
    type=click.IntRange(1, 20),
    default=None,
    metavar="N",
    help="the target's Wounds per model: count models removed (Instant Death at S ≥ 2×T)",
)
@click.option("--rending", is_flag=True, help="Rending (†: a wound roll of 6 wounds and is AP2)")
@click.option(
    "--poisoned",
    callback=_poisoned,
    default=None,
    metavar="4+",
    help="Poisoned (†: wounds on this roll or the chart's, whichever is better)",
)
@lang_option
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def attack_cmd(
    shots,
    bs,
    ws,
    strength,
    toughness,
    sv,
    cover,
    ap,
    twin_linked,
    snap,
    wounds,
    rending,
    poisoned,
    lang,
    as_json,
):
    """Expected hits, wounds and unsaved wounds with the exact distribution."""
    from sheets.games.wh40k6.rules import attack
    from sheets.games.wh40k6.view import attack_lines

    if (bs is None) == (ws is None):
        raise click.UsageError("give --bs N (shooting) or --ws A,D (close combat)")
    if twin_linked and ws is not None:
        raise click.UsageError("--twin-linked applies to shooting (--bs)")
    if snap and ws is not None:
        raise click.UsageError("--snap applies to shooting (--bs)")
    r = attack(
        shots,
        strength,
        toughness,
        bs=bs,
        ws=ws,
        sv=sv,
        cover=cover,
        ap=ap,
        twin_linked=twin_linked,
        snap=snap,
        rending=rending,
        poisoned=poisoned,
        wounds=wounds,
    )
    if as_json:
        click.echo(json.dumps(r, ensure_ascii=False, indent=2))
        return
    for line in attack_lines(r, lang, rending=rending, poisoned=poisoned, wounds=wounds):
        click.echo(line)
