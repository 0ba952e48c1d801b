"""The options BattleTech adds to the shared commands, as data (``Game.command_options``)."""

from __future__ import annotations

import os

from sheets.core.errors import short
from sheets.core.i18n import N_, _
from sheets.core.options import FLAG, PATH, OptionSpec


def _folder(text: str) -> str:
    if not os.path.isdir(text):
        raise ValueError(_("{value} is not a folder").format(value=short(text)))
    return text


UNITS = OptionSpec(
    "units_dir",
    PATH,
    help=N_(
        "The folder of the .blk files a MegaMek force (FORCE.mul) names, e.g. a MegaMek installation's "
        "unit folder (searched recursively; default: the force's folder)."
    ),
    label=N_("Unit folder"),
    flag="--units",
    metavar="DIR",
    parse=_folder,
)
NO_ODDS = OptionSpec(
    "no_odds",
    FLAG,
    help=N_("Leave out the odds printed on the sheets (the to-hit numbers and 2D6 chances of the weapons)."),
    label=N_("No odds on the sheets"),
)
ONE_PER_PAGE = OptionSpec(
    "one_per_page",
    FLAG,
    help=N_(
        "Print each loose unit file (.blk) on a page of its own; without it, unit files given together print "
        "as one Point of up to five, as MegaMekLab's mass print does."
    ),
    label=N_("One unit file per page"),
)
RENDER = (UNITS, NO_ODDS, ONE_PER_PAGE)
VALIDATE = (UNITS,)
INFO = (UNITS,)
