"""``sheets new``: a starter unit or army file to fill in."""

from __future__ import annotations

import os
from pathlib import Path

import click

from sheets.cli.base import command
from sheets.cli.common import completion_games, format_of, game_of, games_epilog, say, write
from sheets.cli.options import output_option, verbosity
from sheets.core.i18n import N_, _, current_lang


def _completion_kinds(ctx, param, incomplete):
    """Shell completion of KIND: the starter kinds of the GAME already written."""
    from click.shell_completion import CompletionItem

    from sheets.api import UsageError, starter_kinds

    try:
        kinds = starter_kinds(str(ctx.params.get("game_id") or ""))
    except UsageError:
        return []
    return [CompletionItem(k) for k in kinds if k.startswith(incomplete)]


def _starters_epilog() -> str:
    from sheets.api import starter_kinds
    from sheets.core.game import game_ids

    kinds = "; ".join(f"{g}: {', '.join(starter_kinds(g))}" for g in game_ids() if starter_kinds(g))
    return _("Starter kinds (the first is the default) — {kinds}.").format(kinds=kinds) + " " + games_epilog()


@command(
    epilog=_starters_epilog,
    help=N_(
        "Write a starter unit or army file: every field has a comment in the chosen language, the values "
        "validate and render as they are, and the first line points your editor at the schema (write it "
        "with `sheets schema GAME -o GAME.schema.json` in the same folder).\n\n\b\nExample:\n"
        "  sheets new dust -o my-force.yaml --lang ru\n  sheets new dmech infantry > stand.yaml\n"
        "  sheets render my-force.yaml"
    ),
)
@click.argument("game_id", metavar="GAME", required=False, shell_complete=completion_games)
@click.argument("kind", metavar="[KIND]", required=False, shell_complete=_completion_kinds)
@output_option(N_("The new file (.yaml); default: standard output. An existing file is kept unless --force."))
@click.option("--force", is_flag=True, help=N_("Replace an existing -o file."))
@click.option(
    "--example",
    "example",
    is_flag=True,
    help=N_("Copy GAME's bundled sample files instead (like `sheets examples GAME`)."),
)
@verbosity
def new(game_id, kind, output, force, example):
    from sheets import api

    if game_id is None:
        raise click.UsageError(
            _("which game? `sheets new GAME [KIND]`; {games}").format(games=games_epilog())
        )
    game = game_of(game_id)
    if example:
        from sheets.cli.commands.examples import copy_examples

        copy_examples([game.id], output or ".", force)
        return
    text = api.starter(game.id, kind, current_lang())
    if output is None or str(output) == "-":
        click.echo(text, nl=False)
        return
    format_of(output, "new", ("yaml",))
    if os.path.lexists(output) and not force:
        raise click.UsageError(_("{file} exists; choose another name or add --force").format(file=output))
    write(output, text)
    say(
        _(
            "next: sheets validate {file}; sheets render {file}; for your editor: sheets schema {game} -o {schema}"
        ).format(file=output, game=game.id, schema=Path(output).parent / (game.id + ".schema.json"))
    )
