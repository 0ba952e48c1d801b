"""BattleTech options of the shared commands (``Game.cli_options``)."""

from __future__ import annotations

import click

STRICT_OPTIONS = [click.Option(
    ["--strict"], is_flag=True, default=None,
    help="battletech: equipment later than the chosen rules (e.g. a myomer booster under "
         "--rules classic) is an error instead of a warning.")]

NO_ODDS = click.Option(
    ["--no-odds"], "no_odds", is_flag=True, default=None,
    help="Leave out the odds printed on the sheets (battletech: the base to-hit number and 2D6 "
         "chance under each weapon).")

RENDER_OPTIONS = STRICT_OPTIONS + [NO_ODDS]
