"""``sheets import FORMAT``: the importers the registered games declare (``Game.importers``: the
click commands of each game's thin CLI module, which writes files)."""

from __future__ import annotations

from sheets.cli.base import Group, group
from sheets.core.i18n import N_


class ImportGroup(Group):
    def _formats(self) -> dict:
        from sheets.core.game import all_games

        return {fmt: path for g in all_games() for fmt, path in (g.importers or {}).items()}

    def list_commands(self, ctx):
        return sorted(self._formats())

    def get_command(self, ctx, name):
        from sheets.cli import short_help_option
        from sheets.cli.options import with_lang, with_verbosity
        from sheets.core.game import load_object

        path = self._formats().get(name)
        from sheets.cli.base import translated

        return translated(with_verbosity(with_lang(short_help_option(load_object(path))))) if path else None


@group(
    "import",
    cls=ImportGroup,
    help=N_(
        "Import units from other tools' files.\n\n\b\nExample:\n  sheets import megamek Harpy.blk -o harpy.yaml"
    ),
)
def import_group():
    pass
