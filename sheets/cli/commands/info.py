"""``sheets info``: the derived values of every unit."""

from __future__ import annotations

import json

import click

from sheets.cli.base import command
from sheets.cli.common import format_of, inputs, load_all, make_options, out_or, write
from sheets.cli.options import (
    example_option,
    inputs_argument,
    json_option,
    output_option,
    rules_option,
    verbosity,
)
from sheets.cli.specs import GameOptionsCommand, check_game_options, check_rules
from sheets.core.i18n import N_, current_lang


@command(
    cls=GameOptionsCommand,
    game_options_for="info",
    help=N_(
        "Derived values of every unit (JSON: one object per unit). With --lang ru the field names are "
        "Russian; a value the unit does not have prints as —. PATH may be a folder or -.\n\n\b\nExample:\n"
        "  sheets info --lang ru data/units/dmech/otrok.yaml"
    ),
)
@inputs_argument
@example_option
@json_option
@rules_option
@output_option(
    N_("Write to this file (.txt, or .json for --json) instead of standard output (- is standard output).")
)
@verbosity
@click.pass_context
def info(ctx, paths, examples, as_json, rules, output, **game_options):
    fmt = format_of(output, "info", ("txt", "json"), "json" if as_json else "txt")
    as_json = as_json or fmt == "json"
    paths = inputs(paths, examples)
    loaded = load_all(paths, make_options(rules=rules, **game_options))
    check_game_options(ctx, "info", {one.game.id for one in loaded})
    check_rules(ctx, {one.game.id for one in loaded})
    if as_json:
        rows = [one.game.info(u, one.options) for one in loaded for u in one.units]
        write(out_or(output, "-"), json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    from sheets.cli.info_text import info_lines

    lang = current_lang()
    lines = [
        line
        for one in loaded
        for line in info_lines(one.game, [one.game.info_text(u, one.options) for u in one.units], lang)
    ]
    write(out_or(output, "-"), "".join(line + "\n" for line in lines))
