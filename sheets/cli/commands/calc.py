"""``sheets calc``: every game's calculators (made from their specs by :mod:`sheets.cli.specs`)."""

from __future__ import annotations

from sheets.cli.base import group
from sheets.cli.specs import CalcGroup, calculator_names
from sheets.core.i18n import N_, _


def _calc_epilog() -> str:
    listed = ", ".join(f"`sheets calc {c}`" for c in calculator_names())
    return _("Calculators: {calculators}. `sheets calc GAME CALCULATOR -h` describes one.").format(
        calculators=listed
    )


@group(
    cls=CalcGroup,
    epilog=_calc_epilog,
    help=N_(
        "Calculators of the games (the list is below; each takes --json).\n\n\b\nExample:\n"
        "  sheets calc dmech penetration --power 4 --dice 3,5 --armor 6"
    ),
)
def calc():
    pass
