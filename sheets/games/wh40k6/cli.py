"""``sheets calc wh40k6 attack`` and the options wh40k6 adds to ``sheets render``.

    sheets calc wh40k6 attack --shots N (--bs N | --ws N,N) --s N --t N [--sv 3+] [--cover 4+]
                              [--ap N] [--twin-linked] [--json]

A bad option value is a usage error (exit 2)."""

from __future__ import annotations

import json

import click

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


RENDER_OPTIONS = [
    click.Option(["--collapse"], is_flag=True, default=None,
                 help="wh40k6: print one datasheet for identical units (×N)."),
]


@click.group("wh40k6")
def calc():
    """Warhammer 40,000 6th edition calculators."""


@calc.command("attack")
@click.option("--shots", type=click.IntRange(0, 200), required=True, help="shots or close-combat attacks")
@click.option("--bs", type=click.IntRange(1, 10), default=None, help="ballistic skill (shooting)")
@click.option("--ws", callback=_ws, default=None, metavar="A,D", help="close combat: attacker WS, defender WS")
@click.option("--s", "strength", type=click.IntRange(1, 10), required=True, help="Strength")
@click.option("--t", "toughness", type=click.IntRange(1, 10), required=True, help="target Toughness")
@click.option("--sv", callback=_save, default=None, metavar="3+[/4++]", help="target save (armour/invulnerable)")
@click.option("--cover", callback=_save, default=None, metavar="4+", help="cover save")
@click.option("--ap", type=click.IntRange(1, 6), default=None, help="weapon AP (none = AP –)")
@click.option("--twin-linked", is_flag=True, help="re-roll missed shots")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def attack_cmd(shots, bs, ws, strength, toughness, sv, cover, ap, twin_linked, as_json):
    """Expected hits, wounds and unsaved wounds with the exact distribution."""
    from sheets.games.wh40k6.rules import attack

    if (bs is None) == (ws is None):
        raise click.UsageError("give --bs N (shooting) or --ws A,D (close combat)")
    if twin_linked and ws is not None:
        raise click.UsageError("--twin-linked applies to shooting (--bs)")
    r = attack(shots, strength, toughness, bs=bs, ws=ws, sv=sv, cover=cover, ap=ap, twin_linked=twin_linked)
    if as_json:
        click.echo(json.dumps(r, ensure_ascii=False, indent=2))
        return
    hit = f"BS {bs}: {r['to_hit']}+" if bs else f"WS {ws[0]} vs {ws[1]}: {r['to_hit']}+"
    if r.get("reroll_misses_on"):
        hit += f", re-roll misses on {r['reroll_misses_on']}+"
    wound = f"{r['to_wound']}+" if r["to_wound"] else "cannot wound"
    if not r["to_wound_verified"]:
        wound += " †"
    save = f"{r['save']}+ ({r['save_used']})" if r["save"] else "no save"
    click.echo(f"{shots} shot(s), {hit}; S{strength} vs T{toughness}: {wound}; save {save}")
    click.echo(f"expected: hits {r['hits']:.3f}, wounds {r['wounds']:.3f}, unsaved {r['unsaved']:.3f}")
    for k, q in enumerate(r["distribution"]):
        if q >= 0.0005 or k == 0:
            click.echo(f"  P({k} unsaved) = {q:.4f}")
    if not r["to_wound_verified"]:
        click.echo("† S vs T+3: sources disagree (6+ or no effect); check the rulebook p. 15")
