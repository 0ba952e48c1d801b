"""``sheets reference``: a game's quick-reference handout."""

from __future__ import annotations

from pathlib import Path

import click

from sheets.cli.base import command
from sheets.cli.common import (
    check_layout,
    completion_games,
    format_of,
    game_of,
    games_epilog,
    make_options,
    out_or,
    recording,
    write,
    write_pngs,
)
from sheets.cli.options import output_option, printing_options, verbosity
from sheets.cli.specs import GameOptionsCommand, check_game_options, check_rules
from sheets.core.i18n import N_, _


def game_rules(game, rules: str | None) -> str | None:
    """The variant a handout or chart prints: ``--rules`` for a game that has variants."""
    return rules.lower() if rules and game.variants else game.default_variant()


@command(
    cls=GameOptionsCommand,
    game_options_for="reference",
    epilog=games_epilog,
    help=N_(
        "A game's quick-reference handout (tables and short rules).\n\n\b\nExample:\n"
        "  sheets reference dmech --lang ru     (writes output/dmech-reference.pdf)"
    ),
)
@click.argument("game_id", metavar="GAME", shell_complete=completion_games)
@output_option(
    N_("OUT.pdf or OUT.png (one PNG per page); default output/<GAME>-reference.pdf; - is standard output.")
)
@printing_options
@click.option(
    "--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help=N_("PNG resolution.")
)
@verbosity
@click.pass_context
def reference(ctx, game_id, output, paper, mono, rules, dpi, **game_options):
    fmt = format_of(output, "reference", ("pdf", "png"))
    game = game_of(game_id)
    if not game.reference_renderer:
        raise click.UsageError(_("{game} has no reference handout yet").format(game=game.id))
    check_game_options(ctx, "reference", [game.id])
    check_rules(ctx, [game.id])
    from sheets import api

    opts = make_options(paper=paper, mono=mono, rules=game_rules(game, rules), **game_options)
    done = api.reference(game.id, opts, record=recording())
    out = out_or(output, Path("output") / f"{game.id}-reference.pdf")
    if fmt == "png":
        write_pngs(out, done.pdf, dpi, mono)
    else:
        write(out, done.pdf)
    check_layout(done.document)
