"""``sheets chart``: one of a game's charts (hit locations, facings, odds)."""

from __future__ import annotations

from pathlib import Path

import click

from sheets.cli.base import command
from sheets.cli.commands.reference import game_rules
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


def _charts_epilog() -> str:
    from sheets.api import all_charts_text

    return _("Charts (GAME CHART): {charts}.").format(charts=all_charts_text()) + " " + games_epilog()


def _completion_charts(ctx, param, incomplete):
    """Shell completion of CHART: the charts of the GAME already written."""
    from click.shell_completion import CompletionItem

    from sheets.core.game import UnknownGame, get_game

    try:
        game = get_game(str(ctx.params.get("game_id") or "").lower())
    except UnknownGame:
        return []
    return [CompletionItem(c) for c in game.charts if c.startswith(incomplete)]


@command(
    cls=GameOptionsCommand,
    game_options_for="chart",
    epilog=_charts_epilog,
    help=N_(
        "Draw one of a game's charts (the list is below).\n\n\b\nExample:\n  sheets chart dmech facing --radius 6 -o facing.png"
    ),
)
@click.argument("game_id", metavar="GAME", shell_complete=completion_games)
@click.argument("name", metavar="CHART", required=False, shell_complete=_completion_charts)
@output_option(N_("OUT.pdf or OUT.png (default output/<game>-<chart>.pdf; - is standard output)."))
@printing_options
@click.option(
    "--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help=N_("PNG resolution.")
)
@verbosity
@click.pass_context
def chart(ctx, game_id, name, output, paper, mono, rules, dpi, **game_options):
    from sheets.api import all_charts_text
    from sheets.core.errors import did_you_mean, short

    game = game_of(game_id)
    if not game.charts:
        raise click.BadParameter(
            _("{game} has no charts; charts: {charts}").format(game=game.id, charts=all_charts_text()),
            param_hint="GAME",
        )
    if name is None:
        raise click.UsageError(
            _("which chart? {game} charts: {charts}").format(game=game.id, charts=", ".join(game.charts))
        )
    if name not in game.charts:
        raise click.BadParameter(
            _("no chart {name} for {game}{hint}; charts: {charts}").format(
                name=short(name),
                game=game.id,
                hint=did_you_mean(name, game.charts),
                charts=", ".join(game.charts),
            ),
            param_hint="CHART",
        )
    fmt = format_of(output, "chart", ("pdf", "png"))
    check_game_options(ctx, "chart", [game.id])
    check_rules(ctx, [game.id])
    out = out_or(output, Path("output") / f"{game.id}-{name}.pdf")
    from sheets import api

    opts = make_options(paper=paper, mono=mono, rules=game_rules(game, rules), **game_options)
    done = api.chart(game.id, name, opts, record=recording())
    if fmt == "pdf":
        write(out, done.pdf)
    else:
        write_pngs(out, done.pdf, dpi, mono)
    check_layout(done.document)
