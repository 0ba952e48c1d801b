"""Issue 21: what card imposition writes into the page, read back from the content stream: crop
marks as hairlines stroked (never filled) at the grid's places, mirrored left↔right on a back
page of a page that is not square (Letter), cards turned exactly ±90°, a page size given to
``impose`` kept by every page, a butted card's bleed clipped where its neighbour starts (the
neighbour slot empty), the margin of the paper asked for, the plain back's frames and title,
and the PNG file names cut at 40 characters."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from pypdf import PdfReader

from sheets.core.game import Options
from sheets.render.cards import EMPTY, CardBox, _slug, card_size, grid, impose, plain_back, write_card_pngs
from sheets.render.pdf import MM, PAPER, Document, Rect, margins

NOTHING = lambda pen, box: None


def _pages(pdf):
    return [p.get_contents().get_data().decode("latin-1") for p in PdfReader(io.BytesIO(pdf)).pages]


def _marks(stream):
    """The hairlines of a page: (x1, y1, x2, y2) of each ``m``/``l`` pair after ``.25 w``."""
    part = stream.split(".25 w", 1)[1]
    nums = re.findall(r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l", part)
    return sorted(tuple(round(float(v), 2) for v in m) for m in nums), part.split("\n")[2].strip()


def _expected(marks, mirror_w=None):
    out = []
    for x1, y1, x2, y2 in marks:
        if mirror_w is not None:
            x1, x2 = mirror_w - x1, mirror_w - x2
        out.append((round(x1, 2), round(y1, 2), round(x2, 2), round(y2, 2)))
    return sorted(out)


def test_crop_marks_are_stroked_hairlines_at_the_grid_places_and_mirrored_on_the_back():
    doc = Document("letter")
    impose(doc, [NOTHING], Options(paper="letter", extra={"backs": True}))
    front, back = _pages(doc.finish())
    g = grid(PAPER["letter"], card_size("poker"), margins("letter"))
    used = g.marks_for(g.slots[:1])
    marks, op = _marks(front)
    assert marks == _expected(used) and op == "S"
    marks, op = _marks(back)
    assert marks == _expected(used, mirror_w=PAPER["letter"][0]) and op == "S"
    assert "\n.25 w\n" in front


def test_sideways_cards_are_turned_by_exactly_90_degrees():
    """Poker on Letter lies sideways: fronts turned +90° (cos 0, sin 1), backs −90°."""
    doc = Document("letter")
    impose(doc, [NOTHING], Options(paper="letter", extra={"backs": True}))
    front, back = _pages(doc.finish())
    assert re.search(r"\n0 1 -1 0 [\d.]+ [\d.]+ cm\n", front)
    assert re.search(r"\n0 -1 1 0 [\d.]+ [\d.]+ cm\n", back)


def test_a_page_size_given_to_impose_is_kept_by_every_page():
    size = (300 * MM, 200 * MM)
    doc = Document("a4")
    impose(doc, [NOTHING] * 3, Options(paper="a4", extra={"backs": True}), paper_size=size)
    pages = PdfReader(io.BytesIO(doc.finish())).pages
    assert len(pages) == 2
    assert all(
        [round(float(v), 2) for v in p.mediabox] == [0, 0, round(size[0], 2), round(size[1], 2)]
        for p in pages
    )


def test_the_margin_is_the_papers_own():
    """A 63.3 mm card: 3 across A4's 190 mm (10 mm margins), only 2 across 189.68 mm (Letter's
    0.4 in margins); 7 cards are one A4 page."""
    doc = Document("a4")
    impose(doc, [NOTHING] * 7, Options(paper="a4", extra={"card": "63.3x88"}))
    assert doc.pages == 1
    doc = Document("a4")
    impose(doc, [NOTHING] * 10, Options(paper="a4", extra={"card": "63.3x88"}))
    assert doc.pages == 2


def test_a_butted_cards_bleed_stops_where_its_neighbour_starts():
    """Poker, 3 mm bleed, butted on A4: the first card paints its whole bleed box black; the
    slot to its right is empty: the paper there stays white (clipped at the trim), while the
    outer bleed left of the card is painted."""

    def black(pen, box):
        pen.rect(box.bleed_box, fill=(0, 0, 0), stroke=False)

    doc = Document("a4")
    impose(doc, [black, EMPTY], Options(paper="a4", extra={"bleed": 3}))
    pdf = doc.finish()
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"), 0, 3 * MM)
    s = g.slots[0]
    import pypdfium2 as pdfium

    pdoc = pdfium.PdfDocument(pdf)
    img = pdoc[0].render(scale=1, grayscale=True).to_pil()
    pdoc.close()

    def at(x, y):
        return img.getpixel((int(x), int(img.height - y)))

    assert at(s.x + 20, s.y + 20) < 30  # the card
    assert at(s.x - 1.5 * MM, s.y + 20) < 30  # its outer bleed
    assert at(s.right + 1.5 * MM, s.y + 20) > 250  # no bleed over the next (empty) slot


def test_the_plain_back_draws_two_frames_and_its_title_in_the_middle():
    doc = Document("a4", record=True)
    pen = doc.page()
    box = CardBox(100, 200, 63 * MM, 88 * MM, 0)
    plain_back("Ludwig")(pen, box)
    items = doc.recorder.pages[0]["items"]
    rects = [it[1] for it in items if it[0] == "s"]
    inset = 63 * MM * 0.06
    outer = Rect(100 + inset, 200 + inset, 63 * MM - 2 * inset, 88 * MM - 2 * inset)
    inner = outer.inset(2 * MM)
    assert [tuple(round(v, 3) for v in r[0] + r[2]) for r in rects[:2]] == [
        tuple(round(v, 3) for v in (outer.x, outer.y, outer.right, outer.top)),
        tuple(round(v, 3) for v in (inner.x, inner.y, inner.right, inner.top)),
    ]
    (run,) = [it for it in items if it[0] == "t"]
    assert run[1:4] == ("Ludwig", "Sans-Bold", 11)
    x0, y0, x1, y1 = run[5]
    assert (x0 + x1) / 2 == pytest.approx(inner.x + inner.w / 2, abs=0.01)
    band_y = inner.y + inner.h / 2 - 9
    base = band_y + (18 - 11 * 0.72) / 2
    assert y0 == pytest.approx(base - 0.21 * 11, abs=0.01)
    stream = _pages(doc.finish())[0]
    assert "\n1.2 w\n" in stream and "\n.4 w\n" in stream


def test_a_plain_back_without_a_title_prints_no_text():
    doc = Document("a4", record=True)
    pen = doc.page()
    plain_back()(pen, CardBox(100, 200, 63 * MM, 88 * MM, 0))
    assert [it for it in doc.recorder.pages[0]["items"] if it[0] == "t"] == []
    assert len([it for it in doc.recorder.pages[0]["items"] if it[0] == "s"]) == 2


@pytest.mark.parametrize(
    "name, slug",
    [
        (" Ab ", "ab"),
        ("--Ab--", "ab"),
        ("a" * 39 + " bc", "a" * 39),
        ("a" * 45, "a" * 40),
        ("Лотар", "lotar"),
        ("", "card"),
        ("---", "card"),
        ("Ёж — «Т-34»", "ezh-t-34"),
    ],
)
def test_card_file_names(name, slug):
    assert _slug(name) == slug


def test_card_pngs_are_in_colour_unless_mono(tmp_path):
    red = lambda pen, box: pen.rect(box, fill=(1, 0, 0), stroke=False)
    (p,) = write_card_pngs([red], card_size("mini"), tmp_path / "c")
    img = Image.open(p)
    assert img.mode == "RGB" and img.getpixel((img.width // 2, img.height // 2))[:3] == (255, 0, 0)
