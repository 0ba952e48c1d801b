"""Colours for colour and mono printing. Mono uses greys and outlines only (toner-friendly:
no large dark fills), so a black-and-white printer reproduces every distinction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

RGB: TypeAlias = tuple[float, float, float]  # a colour, each part 0..1


@dataclass(frozen=True)
class Theme:
    mono: bool
    ink: RGB  # text and lines
    accent: RGB  # header bands, titles
    accent_text: RGB  # text drawn on the accent band
    band: RGB  # light band behind section headings
    shade: RGB  # shaded boxes (pilot hit), structure pips
    dark: RGB  # "destroyed" boxes
    faint: RGB  # zebra rows, light fills
    warn: RGB  # footnote marks for unverified values
    faces: tuple[RGB, ...]  # six colours for facing sectors / categories


COLOUR = Theme(
    mono=False,
    ink=(0.1, 0.1, 0.12),
    accent=(0.55, 0.1, 0.1),
    accent_text=(1, 1, 1),
    band=(0.93, 0.88, 0.86),
    shade=(0.78, 0.78, 0.78),
    dark=(0.1, 0.1, 0.1),
    faint=(0.96, 0.95, 0.93),
    warn=(0.75, 0.2, 0.0),
    faces=(
        (0.85, 0.33, 0.31),
        (0.95, 0.65, 0.25),
        (0.97, 0.88, 0.45),
        (0.55, 0.75, 0.45),
        (0.45, 0.65, 0.85),
        (0.7, 0.55, 0.8),
    ),
)

MONO = Theme(
    mono=True,
    ink=(0, 0, 0),
    accent=(0.25, 0.25, 0.25),
    accent_text=(1, 1, 1),
    band=(0.9, 0.9, 0.9),
    shade=(0.75, 0.75, 0.75),
    dark=(0, 0, 0),
    faint=(0.95, 0.95, 0.95),
    warn=(0, 0, 0),
    faces=(
        (0.55, 0.55, 0.55),
        (0.7, 0.7, 0.7),
        (0.85, 0.85, 0.85),
        (0.97, 0.97, 0.97),
        (0.85, 0.85, 0.85),
        (0.7, 0.7, 0.7),
    ),
)


def theme(mono: bool) -> Theme:
    return MONO if mono else COLOUR
