"""Bundled fonts (DejaVu Sans family, Bitstream Vera licence in sheets/fonts/) and the glyph
coverage check: a character the font cannot draw is an error, never a blank or a box."""

from __future__ import annotations

import functools
import struct
from pathlib import Path

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
        from sheets.core.i18n import _

        super().__init__(
            _("the font ({font}) cannot draw {char} ({code}) in {text}").format(
                font=font, char=repr(char), code=f"U+{ord(char):04X}", text=repr(text)
            )
        )


def register() -> None:
    """Register every bundled face (absolute paths; never system fonts)."""
    for name in FACES:
        face(name)


@functools.cache
def face(name: str) -> None:
    """Register one bundled face the first time it is used (a document parses only the faces it
    draws with: a datasheet never opens the condensed faces). An unknown name is left to
    reportlab, which refuses it."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name in FACES:
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / FACES[name])))
        _families()


@functools.cache
def _families() -> None:
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFontFamily(
        "Sans", normal="Sans", bold="Sans-Bold", italic="Sans", boldItalic="Sans-Bold"
    )
    pdfmetrics.registerFontFamily(
        "Cond", normal="Cond", bold="Cond-Bold", italic="Cond", boldItalic="Cond-Bold"
    )


@functools.cache
def _cmap(font: str) -> frozenset:
    """Code points the face maps to a glyph, read from its ``cmap`` table alone: ``validate``
    checks coverage without loading reportlab and parsing four whole fonts (a test compares
    this with reportlab's own map)."""
    return frozenset(cmap_chars((FONT_DIR / FACES[font]).read_bytes()))


def cmap_chars(data: bytes) -> set[int]:
    """Characters with a glyph in a TrueType font's Unicode ``cmap`` (format 12 or 4)."""
    (num,) = struct.unpack_from(">H", data, 4)
    tables = {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0] for i in range(num)
    }
    base = tables[b"cmap"]
    (count,) = struct.unpack_from(">H", data, base + 2)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        subtables[(platform, encoding)] = base + offset
    chars: set[int] = set()
    at = subtables.get((3, 10)) or subtables.get((0, 4))
    if at is not None and struct.unpack_from(">H", data, at)[0] == 12:
        (groups,) = struct.unpack_from(">I", data, at + 12)
        for start, end, glyph in struct.iter_unpack(">III", data[at + 16 : at + 16 + 12 * groups]):
            # glyph + c - start is 0 (no glyph) only for the group's first character of glyph 0
            chars.update(range(start if glyph else start + 1, end + 1))
        return chars
    at = subtables.get((3, 1)) or subtables.get((0, 3))
    if at is None:  # (every bundled face has one)
        raise ValueError("the font has no Unicode cmap of format 4 or 12")
    seg2 = struct.unpack_from(">H", data, at + 6)[0]
    segs = seg2 // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + seg2)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 2 * seg2)
    range_at = at + 16 + 3 * seg2
    ranges = struct.unpack_from(f">{segs}H", data, range_at)
    for i in range(segs):
        for c in range(starts[i], ends[i] + 1):
            if c == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (c + deltas[i]) & 0xFFFF
            else:
                pos = range_at + 2 * i + ranges[i] + 2 * (c - starts[i])
                glyph = struct.unpack_from(">H", data, pos)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                chars.add(c)
    return chars


def missing_chars(text: str, font: str = "Sans") -> list[str]:
    cmap = _cmap(font)
    if text.isascii() and text.isprintable():  # (most texts: no character to look up one by one)
        covered = _ASCII_COVERED.get(cmap)
        if covered is None:
            covered = _ASCII_COVERED[cmap] = _PRINTABLE_ASCII <= cmap
        if covered:
            return []
    return [c for c in dict.fromkeys(text) if ord(c) not in cmap and c not in "\n\t"]


_PRINTABLE_ASCII = frozenset(range(0x20, 0x7F))
_ASCII_COVERED: dict[frozenset, bool] = {}  # a face's cmap -> whether it draws every printable ASCII


_CHECKED: set = set()


def check_text(text: str, font: str = "Sans") -> None:
    if (text, font) in _CHECKED:
        return
    missing = missing_chars(text, font)
    if missing:
        raise GlyphError(
            text,
            missing[0],
            font.split("-")[0].replace("Sans", "DejaVu Sans").replace("Cond", "DejaVu Sans Condensed"),
        )
    if len(_CHECKED) < 100_000:
        _CHECKED.add((text, font))


@functools.lru_cache(maxsize=65536)
def width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points (cached: sheets repeat the same strings on every block)."""
    face(font)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, size)
