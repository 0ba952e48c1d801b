"""BattleTech options of the shared commands (``Game.cli_options``)."""

from __future__ import annotations

import click

STRICT_OPTIONS = [click.Option(
    ["--strict"], is_flag=True, default=None,
    help="battletech: equipment later than the chosen rules (e.g. a myomer booster under "
         "--rules classic) is an error instead of a warning.")]
