"""Card-printing options (size, bleed, gap, backs, PNG per card), shared by every game that prints
cards through :mod:`sheets.render.cards`. A game offers them by naming ``RENDER_OPTIONS`` in its
``cli_options``; the shared CLI itself knows no game."""

from __future__ import annotations

import math

import click


class FiniteFloatRange(click.FloatRange):
    """A FloatRange that also refuses nan (every comparison with nan is false, so the range
    alone lets it through)."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


RENDER_OPTIONS = [
    click.Option(
        ["--card"],
        type=click.Choice(["poker", "bridge", "mini", "tarot", "euro", "square"]),
        default=None,
        help="Cards: card size (default poker 63×88 mm).",
    ),
    click.Option(
        ["--bleed"], type=FiniteFloatRange(0, 10), default=None, metavar="MM", help="Cards: bleed in mm."
    ),
    click.Option(
        ["--gap"],
        type=FiniteFloatRange(0, 30),
        default=None,
        metavar="MM",
        help="Cards: gap between cards in mm.",
    ),
    click.Option(
        ["--backs"], is_flag=True, default=None, help="Cards: add mirrored back pages for duplex printing."
    ),
    click.Option(
        ["--png", "png_dir"],
        type=click.Path(file_okay=False),
        default=None,
        help="Cards: also write one 300 dpi PNG per card into this folder.",
    ),
]
