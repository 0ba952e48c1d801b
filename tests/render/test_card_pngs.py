"""Issue 35: the page a card PNG is rasterised from. It is a hair under the rounded pixel size
((px − 0.01) × 72 / dpi points each way) and the card, with its bleed, is centred on it: the
half-pixel the rounding adds (or takes) is shared equally by both sides, read back from the
PDF handed to the rasteriser; the picture is the card painted edge to edge."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from pypdf import PdfReader

import sheets.render.cards as cards
from sheets.render.cards import card_size, write_card_pngs
from sheets.render.pdf import MM

CLIP = re.compile(r"n (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re W\*? n")


def black_bleed(pen, box):
    pen.rect(box.bleed_box, fill=(0, 0, 0), stroke=False)


@pytest.fixture
def rasterised(monkeypatch):
    """The PDFs ``write_card_pngs`` rasterises (its PNGs are still written)."""
    seen = []
    real = cards.pdf_to_pngs

    def spy(pdf, dpi, grey=False):
        seen.append(pdf)
        return real(pdf, dpi, grey=grey)

    monkeypatch.setattr(cards, "pdf_to_pngs", spy)
    return seen


def _page_and_clip(pdf):
    (page,) = PdfReader(io.BytesIO(pdf)).pages
    stream = page.get_contents().get_data().decode("latin-1")
    (clip,) = CLIP.findall(stream)
    return [round(float(v), 4) for v in page.mediabox[2:]], [round(float(v), 4) for v in clip]


@pytest.mark.parametrize(
    "size, dpi, bleed, px, page, clip",
    [
        # 177.12 × 249.12 pt at 10 dpi (7.2 pt a pixel): 24.6 × 34.6 px round up to 25 × 35;
        # the page is 24.99 × 7.2 = 179.928 pt wide: 2.808 pt to spare, 1.404 on each side
        ((177.12, 249.12), 10, 0, (25, 35), [179.928, 251.928], [1.404, 1.404, 177.12, 249.12]),
        # poker at 300 dpi: 744.09 × 1039.37 px round down to 744 × 1039; the page is
        # 178.5576 × 249.3576 pt, the card 178.5827 × 249.4488: 0.0125 and 0.0456 pt over
        # on each side
        (
            card_size("poker"),
            300,
            0,
            (744, 1039),
            [178.5576, 249.3576],
            [-0.0125, -0.0456, 178.5827, 249.4488],
        ),
        # with 3 mm bleed 69 × 94 mm: 814.96 → 815 (0.0035 pt spare), 1110.24 → 1110 px
        (
            card_size("poker"),
            300,
            3,
            (815, 1110),
            [195.5976, 266.3976],
            [0.0035, -0.0295, 195.5906, 266.4567],
        ),
    ],
)
def test_the_card_is_centred_on_a_page_a_hair_under_its_pixels(
    rasterised, tmp_path, size, dpi, bleed, px, page, clip
):
    (path,) = write_card_pngs([black_bleed], size, tmp_path, dpi=dpi, bleed=bleed * MM)
    assert _page_and_clip(rasterised[0]) == (page, clip)
    img = Image.open(path).convert("L")
    assert img.size == px
    corners = [(0, 0), (px[0] - 1, 0), (0, px[1] - 1), (px[0] - 1, px[1] - 1)]
    assert [img.getpixel(c) for c in corners + [(px[0] // 2, px[1] // 2)]] == [0] * 5
