"""Issue 35: the clipping paths card imposition writes, read back from the content stream. A card
on a grid with gaps is clipped once, to its bleed box (a second, identical clip would be noise in
every card of every sheet); a butted card gets the part of its bleed box the grid leaves it and
then its bleed box, on the fronts and on the mirrored backs; every clip is a pure clip (``W n``:
neither stroked nor filled); a sideways card's drawer gets the upright card at the origin with
its bleed, and paints that bleed on the page."""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
from pypdf import PdfReader

from sheets.core.game import Options
from sheets.render.cards import EMPTY, CardBox, impose
from sheets.render.pdf import MM, Document

CLIP = re.compile(r"n (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re W\*? (\S+)")


def _streams(pdf):
    return [p.get_contents().get_data().decode("latin-1") for p in PdfReader(io.BytesIO(pdf)).pages]


def _clips(stream):
    """Every clipping rectangle of a page in mm (x, y, w, h) and the operator after ``W``."""
    return [(tuple(round(float(v) / MM, 3) for v in m[:4]), m[4]) for m in CLIP.findall(stream)]


def _impose(faces, paper="a4", backs=None, **extra):
    """``backs`` the back drawers; back pages are printed when ``backs=True`` is in ``extra``
    (spelled ``backs_`` here) or drawers are given."""
    if extra.pop("backs_", False) or backs:
        extra["backs"] = True
    doc = Document(paper)
    impose(doc, faces, Options(paper=paper, extra=extra), backs=backs)
    return doc.finish()


def black_bleed(pen, box):
    pen.rect(box.bleed_box, fill=(0, 0, 0), stroke=False)


def nothing(pen, box):
    pass


def test_cards_with_gaps_are_clipped_once_to_their_bleed_boxes():
    """Poker upright on A4, 3 mm bleed, 2 mm gap: 2 × 2 bleed boxes of 69 × 94 mm (140 × 190 mm
    in all, from x 35 mm and y 149.5 mm); each card gets exactly its own bleed box."""
    (front,) = _streams(_impose([nothing] * 3, bleed=3, gap=2, rotate=False))
    assert _clips(front) == [
        ((35.0, 149.5, 69.0, 94.0), "n"),
        ((106.0, 149.5, 69.0, 94.0), "n"),
        ((35.0, 53.5, 69.0, 94.0), "n"),
    ]


def test_cards_without_bleed_are_clipped_once_to_their_trim():
    """Poker on A4, no bleed: 3 × 3 trims from x 10.5 mm, the top row from y 192.5 mm."""
    (front,) = _streams(_impose([nothing] * 2))
    assert _clips(front) == [((10.5, 192.5, 63.0, 88.0), "n"), ((73.5, 192.5, 63.0, 88.0), "n")]


def test_a_butted_card_is_clipped_to_its_share_then_to_its_bleed_box_front_and_back():
    """Poker on A4, 3 mm bleed, butted 3 × 3 from x 10.5 mm: the first card keeps its outer
    bleed (left, top) but not the side towards card 2; card 2 keeps only its top bleed. On the
    back page the same cards sit mirrored (x 136.5 and 73.5 mm) with their shares mirrored."""
    front, back = _streams(_impose([nothing] * 2, bleed=3, backs_=True))
    assert _clips(front) == [
        ((7.5, 192.5, 66.0, 91.0), "n"),
        ((7.5, 189.5, 69.0, 94.0), "n"),
        ((73.5, 192.5, 63.0, 91.0), "n"),
        ((70.5, 189.5, 69.0, 94.0), "n"),
    ]
    assert _clips(back) == [
        ((136.5, 192.5, 66.0, 91.0), "n"),
        ((133.5, 189.5, 69.0, 94.0), "n"),
        ((73.5, 192.5, 63.0, 91.0), "n"),
        ((70.5, 189.5, 69.0, 94.0), "n"),
    ]


def test_a_butted_back_stops_where_the_empty_neighbour_starts():
    """The back of the first card lands top right (mirrored); its bleed box is painted black but
    the side towards the empty slot (its left) stays white: clipped at the trim."""
    pdf = _impose([nothing, EMPTY], backs=[black_bleed], bleed=3, backs_=True)
    pdoc = pdfium.PdfDocument(pdf)
    img = pdoc[1].render(scale=1, grayscale=True).to_pil()
    pdoc.close()

    def at(x_mm, y_mm):
        return img.getpixel((int(x_mm * MM), int(img.height - y_mm * MM)))

    # the mirrored trim: x 136.5 … 199.5 mm, y 192.5 … 280.5 mm
    assert at(160, 230) == 0  # the card
    assert at(201, 230) == 0  # its outer bleed (right)
    assert at(135, 230) == 255  # none over the empty slot to its left
    assert at(160, 191) == 255  # none over the row below


def test_a_sideways_card_is_drawn_upright_at_the_origin_with_its_bleed():
    """Poker on Letter with 3 mm bleed and 2 mm gap lies sideways (2 × 3): the front is turned
    +90° about the slot's bottom right (294.66, 507.97 pt), the back −90° about the mirrored
    slot's top left (317.34, 686.55 pt); both drawers get the upright 63 × 88 mm card at (0, 0)
    with its 3 mm bleed, clipped to −3, −3, 69 × 94 mm."""
    log = []

    def face(pen, box):
        log.append(box)

    front, back = _streams(_impose([face], paper="letter", backs=[face], bleed=3, gap=2))
    assert log == [CardBox(0, 0, 63 * MM, 88 * MM, 3 * MM)] * 2
    assert "\n0 1 -1 0 294.6614 507.9685 cm\n" in front
    assert "\n0 -1 1 0 317.3386 686.5512 cm\n" in back
    assert _clips(front) == [((-3.0, -3.0, 69.0, 94.0), "n")]
    assert _clips(back) == [((-3.0, -3.0, 69.0, 94.0), "n")]


def test_a_sideways_card_paints_its_bleed_on_the_page():
    """The first sideways slot on Letter (3 mm bleed, 2 mm gap): trim 45.21 … 294.66 pt across,
    507.97 … 686.55 pt up; its painted bleed box reaches 8.5 pt past each edge, no further."""
    pdf = _impose([black_bleed], paper="letter", bleed=3, gap=2)
    pdoc = pdfium.PdfDocument(pdf)
    img = pdoc[0].render(scale=1, grayscale=True).to_pil()
    pdoc.close()

    def at(x, y):
        return img.getpixel((int(x), int(img.height - y)))

    assert at(170, 600) == 0  # the card
    assert at(40, 600) == 0 and at(299, 600) == 0  # the bleed left and right of the trim
    assert at(170, 503) == 0 and at(170, 691) == 0  # below and above
    assert at(34, 600) == 255 and at(306, 600) == 255  # past the bleed box
    assert at(170, 497) == 255 and at(170, 697) == 255
