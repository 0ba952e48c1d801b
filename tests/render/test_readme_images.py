"""Issue 23: the README's example images are readable crops (at least 120 dpi, more than the
old 64 colours), one per game, made by docs/make_examples.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["battletech", "dmech", "dust", "lnl", "wh40k6"])
def test_example_image_is_a_readable_crop(game):
    path = ROOT / "docs" / f"example-{game}.png"
    with Image.open(path) as img:
        dpi = img.info.get("dpi", (0, 0))[0]
        assert dpi >= 119.5, f"{path.name}: {dpi} dpi"
        assert img.size[0] >= 1000  # a page width at 120 dpi or more (A4 portrait: 992 px)
        colours = img.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is not None and len(colours) > 64
    assert path.stat().st_size < 150_000
