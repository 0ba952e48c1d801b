"""``sheets schema``: the JSON Schema of a game's unit file (for editors)."""

from __future__ import annotations

import click

from sheets.cli.base import command
from sheets.cli.common import completion_games, format_of, game_of, games_epilog, out_or, write
from sheets.cli.options import output_option, verbosity
from sheets.core.i18n import N_


@command(
    epilog=games_epilog,
    help=N_(
        "Print the JSON Schema of GAME's unit file (use it in your editor).\n\n\b\nExample:\n  sheets schema dust -o dust.schema.json"
    ),
)
@click.argument("system", metavar="GAME", shell_complete=completion_games)
@output_option(N_("Write to this file instead of standard output (- is standard output)."))
@verbosity
def schema(system, output):
    game = game_of(system)
    format_of(output, "schema", ("json",))
    from sheets.api import unit_file_schema

    doc = unit_file_schema(game.id)
    from sheets.cli.commands.validate import json_text

    write(out_or(output, "-"), json_text(doc, indent=2) + "\n")
