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
RENDER = (UNITS, NO_ODDS)
VALIDATE = (UNITS,)
INFO = (UNITS,)
