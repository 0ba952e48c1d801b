"""``sheets examples``: the bundled sample files, copied into a folder."""

from __future__ import annotations

from pathlib import Path

import click

from sheets.cli.base import Path as PathType
from sheets.cli.base import command
from sheets.cli.common import completion_games, game_of, games_epilog, say
from sheets.cli.options import verbosity
from sheets.core.i18n import N_, _


def samples(game_ids) -> list[tuple[str, Path]]:
    """The bundled sample files of the games: (path under data/, file)."""
    from sheets.core.data import data_root

    root = data_root() / "units"
    out = []
    for gid in game_ids:
        folder = root / gid
        if folder.is_dir():
            out.extend((f"data/units/{gid}/{f.name}", f) for f in sorted(folder.glob("*.yaml")))
    return out


def copy_examples(game_ids, folder, force: bool) -> None:
    """Copy the samples of ``game_ids`` to ``folder``/data/units/<game>/ (existing files kept
    unless ``force``; a symlink or any other non-regular entry in the way is never written
    through)."""
    import os

    files = samples(game_ids)
    if not files:
        raise click.UsageError(_("no sample files for {games}").format(games=", ".join(game_ids)))
    targets, kept, linked = [], [], []
    for rel, src in files:
        target = Path(folder) / rel
        if not force:
            link = _symlink_on_the_way(Path(folder), Path(rel))
            if link is not None:  # a planted link would carry the file out of the folder
                linked.append((str(target), str(link)))
                continue
            if os.path.lexists(target):  # (a dangling symlink too)
                kept.append(str(target))
                continue
        targets.append((target, src.read_bytes()))
    from sheets.core.fsio import write_files

    if targets:
        write_files(targets)
    for target, _data in targets:
        say(_("wrote {file}").format(file=target))
    for name in kept:
        say(_("kept {file} (exists; --force replaces it)").format(file=name))
    for name, link in linked:
        say(
            _("kept {file} ({link} is a symbolic link: not written through; --force does)").format(
                file=name, link=link
            )
        )
    if targets:
        say(_("next: sheets render {file}").format(file=targets[0][0]))


def _symlink_on_the_way(folder: Path, rel: Path) -> Path | None:
    """The first symbolic link among the folders of ``rel`` under ``folder`` (``folder`` itself
    is the user's choice), if any."""
    import os

    here = folder
    for part in rel.parts[:-1]:
        here = here / part
        if os.path.islink(here):
            return here
        if not os.path.lexists(here):
            return None
    return None


@command(
    epilog=games_epilog,
    help=N_(
        "Copy the bundled sample files (all games, or the GAMEs given) into DIR/data/units/<game>/, so that "
        "the README's sample commands work from DIR after `pip install`.\n\n\b\nExample:\n"
        "  sheets examples && sheets render data/units/battletech/point-alpha.yaml"
    ),
)
@click.argument("game_ids", metavar="[GAME]...", nargs=-1, shell_complete=completion_games)
@click.option(
    "-d",
    "--dir",
    "folder",
    type=PathType(file_okay=False),
    default=".",
    show_default=True,
    help=N_("Folder to copy into (the files go to DIR/data/units/<game>/)."),
)
@click.option("--force", is_flag=True, help=N_("Replace files that exist."))
@click.option("--list", "as_list", is_flag=True, help=N_("Only list the sample files."))
@verbosity
def examples(game_ids, folder, force, as_list):
    from sheets.core.game import game_ids as all_ids

    ids = [game_of(g).id for g in game_ids] or all_ids()
    if as_list:
        for rel, _src in samples(ids):
            click.echo(rel)
        return
    copy_examples(ids, folder, force)
