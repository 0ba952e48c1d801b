"""Issue 35: what ``impose`` takes from its options and hands on. ``rotate: false`` keeps cards
upright where sideways ones would fit more; the margins are the paper's own; every back page
tells the layout checker which front page it belongs to; the card PNGs it writes are named from
the real cards' names (an empty slot is no card), follow ``mono`` and include the bleed."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pypdf import PdfReader

from sheets.core.game import Options
from sheets.render.cards import EMPTY, impose
from sheets.render.pdf import Document


def nothing(pen, box):
    pass


def ink(pen, box):
    """Paints the bleed box in the theme's ink: black in mono, (0.1, 0.1, 0.12) in colour."""
    pen.rect(box.bleed_box, fill=pen.t.ink, stroke=False)


def _pages(doc):
    return [p.get_contents().get_data().decode("latin-1") for p in PdfReader(io.BytesIO(doc.finish())).pages]


@pytest.mark.parametrize(
    "extra, pages, turned",
    [
        # portrait on Letter: 3 × 63 = 189 of 195.58 mm across, 2 × 88 = 176 of 259.08 mm up: 6
        ({"rotate": False}, 2, False),
        # sideways: 2 × 88 = 176 across, 4 × 63 = 252 up: 8, all on one page
        ({"rotate": True}, 1, True),
        ({}, 1, True),
    ],
)
def test_rotate_false_keeps_poker_upright_on_letter(extra, pages, turned):
    doc = Document("letter")
    impose(doc, [nothing] * 8, Options(paper="letter", extra=extra))
    streams = _pages(doc)
    assert len(streams) == pages
    assert ("\n0 1 -1 0 " in streams[0]) is turned


@pytest.mark.parametrize("count, pages", [(9, 1), (10, 2)])
def test_the_a4_margin_is_10_mm_not_letters(count, pages):
    """A 63.3 mm card upright: 3 × 63.3 = 189.9 mm fit A4's 190 mm between 10 mm margins (9 a
    page), not the 189.68 mm Letter's 0.4 in margins would leave (6 a page)."""
    doc = Document("a4")
    impose(doc, [nothing] * count, Options(paper="a4", extra={"card": "63.3x88", "rotate": False}))
    assert doc.pages == pages


def test_every_back_page_names_its_front_page():
    """10 poker cards on A4 (9 a page) with backs: front 1, its back, front 3, its back."""
    doc = Document("a4", record=True)
    impose(doc, [nothing] * 10, Options(paper="a4", extra={"backs": True}))
    assert [p["marks"] for p in doc.recorder.pages] == [{}, {"back_of": 1}, {}, {"back_of": 3}]


def _pngs(tmp_path, faces, names=None, mono=False, **extra):
    folder = tmp_path / "png"
    doc = Document("a4")
    impose(doc, faces, Options(paper="a4", mono=mono, extra={"png_dir": str(folder), **extra}), names=names)
    return folder, sorted(p.name for p in folder.iterdir())


def test_the_pngs_are_named_after_the_real_cards(tmp_path):
    _, files = _pngs(tmp_path, [ink, EMPTY, ink], names=["Ant", "(empty)", "Bee"])
    assert files == ["01-ant.png", "02-bee.png"]


def test_the_pngs_without_names_are_numbered_cards(tmp_path):
    _, files = _pngs(tmp_path, [ink, EMPTY, ink])
    assert files == ["01-card.png", "02-card.png"]


@pytest.mark.parametrize(
    "mono, bleed, mode, size, pixel",
    [
        # poker 63 × 88 mm at 300 dpi: 744 × 1039 px; with 3 mm bleed 69 × 94 mm: 815 × 1110
        (True, 0, "L", (744, 1039), 0),
        (True, 3, "L", (815, 1110), 0),
        (False, 0, "RGB", (744, 1039), (26, 26, 31)),
        (False, 3, "RGB", (815, 1110), (26, 26, 31)),
    ],
)
def test_the_pngs_follow_mono_and_include_the_bleed(tmp_path, mono, bleed, mode, size, pixel):
    folder, files = _pngs(tmp_path, [ink], mono=mono, bleed=bleed)
    img = Image.open(folder / files[0])
    assert (img.mode, img.size) == (mode, size)
    assert img.getpixel((size[0] // 2, size[1] // 2)) == pixel
    assert img.getpixel((1, 1)) == pixel  # the bleed (or the trim's edge) is painted too
