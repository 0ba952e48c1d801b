"""Bundled fonts (DejaVu Sans family, Bitstream Vera licence in sheets/fonts/) and the glyph
coverage check: a character the font cannot draw is an error, never a blank or a box."""

from __future__ import annotations

import functools
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
FACES = {
    "Sans": "DejaVuSans.ttf",
    "Sans-Bold": "DejaVuSans-Bold.ttf",
    "Cond": "DejaVuSansCondensed.ttf",
    "Cond-Bold": "DejaVuSansCondensed-Bold.ttf",
}


class GlyphError(ValueError):
    """Text holds a character the bundled font cannot draw."""

    def __init__(self, text: str, char: str, font: str):
        self.text, self.char, self.font = text, char, font
        super().__init__(f"the font ({font}) cannot draw {char!r} (U+{ord(char):04X}) in {text!r}")


@functools.cache
def register() -> None:
    """Register the bundled faces once per process (absolute paths; never system fonts)."""
    for name, filename in FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily("Sans", normal="Sans", bold="Sans-Bold", italic="Sans", boldItalic="Sans-Bold")
    pdfmetrics.registerFontFamily("Cond", normal="Cond", bold="Cond-Bold", italic="Cond", boldItalic="Cond-Bold")


@functools.cache
def _cmap(font: str) -> frozenset:
    register()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def missing_chars(text: str, font: str = "Sans") -> list[str]:
    cmap = _cmap(font)
    return [c for c in dict.fromkeys(text) if ord(c) not in cmap and c not in "\n\t"]


_CHECKED: set = set()


def check_text(text: str, font: str = "Sans") -> None:
    if (text, font) in _CHECKED:
        return
    missing = missing_chars(text, font)
    if missing:
        raise GlyphError(text, missing[0], font.split("-")[0].replace("Sans", "DejaVu Sans")
                         .replace("Cond", "DejaVu Sans Condensed"))
    if len(_CHECKED) < 100_000:
        _CHECKED.add((text, font))


@functools.lru_cache(maxsize=65536)
def width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points (cached: sheets repeat the same strings on every block)."""
    register()
    return pdfmetrics.stringWidth(text, font, size)
