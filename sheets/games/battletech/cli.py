"""BattleTech options of the shared commands (``Game.cli_options``)."""

from __future__ import annotations

import click

STRICT_OPTIONS = [
    click.Option(
        ["--strict"],
        is_flag=True,
        default=None,
        help="battletech: equipment later than the chosen rules (e.g. a myomer booster under "
        "--rules classic) is an error instead of a warning.",
    )
]

NO_ODDS = click.Option(
    ["--no-odds", "no_odds"],
    is_flag=True,
    default=None,
    help="Leave out the odds printed on the sheets (battletech: the base to-hit number and 2D6 "
    "chance under each weapon).",
)


def _remember_units(ctx, param, value):
    """The folder a MegaMek force's units are looked up in: the loader's .mul reader reads it
    from this process's environment (forked loading workers inherit it)."""
    if value:
        import os

        from sheets.games.battletech.mul import UNITS_ENV

        old = os.environ.get(UNITS_ENV)
        os.environ[UNITS_ENV] = str(value)

        def restore():  # for this command only (a test runner runs many in one process)
            if old is None:
                os.environ.pop(UNITS_ENV, None)
            else:
                os.environ[UNITS_ENV] = old

        ctx.call_on_close(restore)
    return value


UNITS_OPTION = click.Option(
    ["--units", "units_dir"],
    type=click.Path(exists=True, file_okay=False),
    default=None,
    metavar="DIR",
    callback=_remember_units,
    expose_value=False,
    help="battletech: the folder of the .blk files a MegaMek force (FORCE.mul) names, e.g. a "
    "MegaMek installation's unit folder (searched recursively; default: the force's folder).",
)

ONE_PER_PAGE = click.Option(
    ["--one-per-page", "one_per_page"],
    is_flag=True,
    default=None,
    help="battletech: print each loose unit file (.blk) on a page of its own; without it, unit "
    "files given together print as one Point of up to five, as MegaMekLab's mass print does.",
)

RENDER_OPTIONS = [*STRICT_OPTIONS, UNITS_OPTION, NO_ODDS, ONE_PER_PAGE]
VALIDATE_OPTIONS = [*STRICT_OPTIONS, UNITS_OPTION]
UNITS_OPTIONS = [UNITS_OPTION]
