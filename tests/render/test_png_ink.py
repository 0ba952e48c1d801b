"""PNG output and card back pages carry ink where the PDF does: a blank image of the right size,
or a blank back page, fails here (signature and size checks alone cannot see it)."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheets.render.cards import card_size, grid
from sheets.render.pdf import PAPER, margins

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent.parent
DUST = ROOT / "data" / "units" / "dust" / "sample_force.yaml"
DPI = 40
N = 6  # compare ink on an N × N grid of cells


def cell_ink(img: Image.Image, n: int = N) -> list[float]:
    """Share of non-white pixels (grey < 250) in each cell of an n × n grid, row by row."""
    img = img.convert("L")
    w, h = img.size
    out = []
    for row in range(n):
        for col in range(n):
            box = (col * w // n, row * h // n, (col + 1) * w // n, (row + 1) * h // n)
            hist = img.crop(box).histogram()
            out.append(sum(hist[:250]) / max(1, (box[2] - box[0]) * (box[3] - box[1])))
    return out


def pdf_pages(path, dpi: int = DPI) -> list[Image.Image]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [page.render(scale=dpi / 72, grayscale=True).to_pil() for page in doc]
    finally:
        doc.close()


def assert_same_ink(png: Image.Image, pdf: Image.Image):
    assert abs(png.size[0] - pdf.size[0]) <= 1 and abs(png.size[1] - pdf.size[1]) <= 1
    a, b = cell_ink(png), cell_ink(pdf.resize(png.size))
    assert sum(b) / len(b) > 0.01, "the PDF page itself is blank"
    for i, (x, y) in enumerate(zip(a, b)):
        assert abs(x - y) <= 0.05 + 0.2 * y, f"cell {divmod(i, N)}: PNG ink {x:.3f}, PDF ink {y:.3f}"


@pytest.mark.parametrize(
    "args", [("battletech", "hit-location", "--rules", "tw"), ("dmech", "facing", "--lang", "ru")]
)
def test_chart_png_has_the_pdf_ink(cli, tmp_path, args):
    pdf, png = tmp_path / "c.pdf", tmp_path / "c.png"
    for out in (pdf, png):
        r = cli("chart", *args, "--dpi", DPI, "-o", out)
        assert r.exit_code == 0, r.stderr
    [page] = pdf_pages(pdf)
    image = Image.open(png)
    assert_same_ink(image, page)
    blank = Image.new("L", image.size, 255)  # what the check must refuse
    with pytest.raises(AssertionError):
        assert_same_ink(blank, page)


def test_card_pngs_and_back_pages_carry_ink(cli, tmp_path):
    out, png_dir = tmp_path / "cards.pdf", tmp_path / "png"
    r = cli("render", DUST, "--backs", "--png", png_dir, "-o", out)
    assert r.exit_code == 0, r.stderr
    pngs = sorted(png_dir.iterdir())
    assert [p.name for p in pngs] == [
        "01-sample-laser-squad.png",
        "02-sample-hero-keller.png",
        "03-sample-walker.png",
    ]
    for p in pngs:
        ink = cell_ink(Image.open(p), 4)
        # every quarter-strip of a card face has print on it (frame, text, grid), none is white
        assert min(ink) > 0.01 and sum(ink) / len(ink) > 0.08, (p.name, ink)
    pages = pdf_pages(out)
    assert len(pages) == 2  # card fronts (the army list under them), card backs
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"))
    front, back = pages[0], pages[1]
    scale = DPI / 72
    for k in range(len(pngs)):  # each card's slot on the front, its mirrored slot on the back
        for page, slot in ((front, g.slots[k]), (back, g.mirrored(g.slots[k]))):
            box = (
                int(slot.x * scale),
                int(page.height - slot.top * scale),
                int(slot.right * scale),
                int(page.height - slot.y * scale),
            )
            ink = cell_ink(page.crop(box), 2)
            assert sum(ink) / 4 > 0.02, (k, page is back, ink)
    empty = g.mirrored(g.slots[len(pngs)])  # no fourth card: its back slot stays white
    box = (
        int(empty.x * scale) + 2,
        int(back.height - empty.top * scale) + 2,
        int(empty.right * scale) - 2,
        int(back.height - empty.y * scale) - 2,
    )
    assert max(cell_ink(back.crop(box), 2)) < 0.01


def test_png_bytes_decode_to_the_page_size(cli, tmp_path):
    png = tmp_path / "c.png"
    assert (
        cli("chart", "battletech", "hit-location", "--paper", "letter", "--dpi", DPI, "-o", png).exit_code
        == 0
    )
    image = Image.open(io.BytesIO(png.read_bytes()))
    assert image.size == (round(612 / 72 * DPI), round(792 / 72 * DPI))
