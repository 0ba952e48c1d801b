"""``sheets systems``: the registered games."""

from __future__ import annotations

import click

from sheets.cli.base import command
from sheets.cli.options import json_option, verbosity
from sheets.core.i18n import N_, _, current_lang


@command(
    help=N_("List the registered games: id, name and unit kinds.\n\n\b\nExample:\n  sheets systems --json")
)
@json_option
@verbosity
def systems(as_json):
    from sheets.core.game import all_games

    rows = [
        {
            "id": g.id,
            "name": g.name.get("en", g.id),
            "name_ru": g.name.get("ru", ""),
            "unit_kinds": list(g.unit_kinds),
            "variants": list(g.variants),
        }
        for g in all_games()
    ]
    if as_json:
        from sheets.cli.commands.validate import json_text

        click.echo(json_text(rows, indent=2))
        return
    lang = current_lang()
    for g, r in zip(all_games(), rows):
        extra = _("  rules: {variants}").format(variants="|".join(r["variants"])) if r["variants"] else ""
        click.echo(f"{r['id']:<12} {g.name.get(lang) or r['name']}  [{', '.join(r['unit_kinds'])}]{extra}")
