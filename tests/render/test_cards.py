"""Card imposition: sizes, n-up counts with the arithmetic spelled out, crop marks outside the
cards, mirrored backs, PNG sizes and reproducible bytes."""

import io

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from sheets.core.game import Options
from sheets.render.cards import CardBox, card_size, grid, impose, plain_back, png_names, write_card_pngs
from sheets.render.pdf import MM, PAPER, Document, Rect, margins

A4_W, A4_H = 210 * MM, 297 * MM
LETTER_W, LETTER_H = 8.5 * 72, 11 * 72
POKER = (63 * MM, 88 * MM)


def numbered(k, log=None):
    """A trivial face: a frame and the card number; records the box it was given."""

    def draw(pen, box):
        if log is not None:
            log.append((k, box))
        pen.rect(box, width=1)
        pen.text_in(box, str(k + 1), 20, align="center")

    return draw


def filler(shade, corner=None):
    """Paints the bleed box grey; ``corner`` adds a black square at the card's top-left."""

    def draw(pen, box):
        pen.rect(box.bleed_box, fill=(shade,) * 3, stroke=False)
        if corner:
            pen.rect(Rect(box.x, box.top - corner, corner, corner), fill=(0, 0, 0), stroke=False)

    return draw


def opts(**extra):
    paper = extra.pop("paper", "a4")
    return Options(paper=paper, extra=extra)


def build(faces, paper="a4", back_faces=None, **extra):
    doc = Document(paper)
    impose(doc, faces, opts(paper=paper, **extra), backs=back_faces)
    return doc.finish()


def pixels(pdf, page, dpi=72):
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[page].render(scale=dpi / 72, grayscale=True).to_pil()
    finally:
        doc.close()


def at(img, x, y, dpi=72):
    """Grey value of the pixel at PDF point (x, y) (origin bottom-left)."""
    s = dpi / 72
    return img.getpixel((int(x * s), int(img.height - y * s)))


def overlaps(seg, r: Rect) -> bool:
    x1, y1, x2, y2 = seg
    return min(x1, x2) <= r.right and max(x1, x2) >= r.x and min(y1, y2) <= r.top and max(y1, y2) >= r.y


# -- sizes ------------------------------------------------------------------------------------


def test_poker_size_in_points():
    w, h = card_size("poker")
    assert (round(w, 2), round(h, 2)) == (178.58, 249.45)
    assert card_size("bridge") == pytest.approx((57 * MM, 89 * MM))
    assert card_size("63x88") == pytest.approx(POKER)
    assert card_size("70×120") == card_size("tarot")


def test_unknown_card_size_suggests_a_preset():
    with pytest.raises(ValueError, match=r"'pokre'.*did you mean 'poker'"):
        card_size("pokre")


# -- n-up geometry ----------------------------------------------------------------------------


def test_poker_on_a4_is_3_by_3():
    g = grid(PAPER["a4"], POKER, margins("a4"))
    # printable 190 × 277 mm: floor(190 / 63) = 3 columns, floor(277 / 88) = 3 rows;
    # sideways: floor(190 / 88) = 2 × floor(277 / 63) = 4 = 8 < 9, so cards stay upright
    assert (g.cols, g.rows, g.per_page, g.rotated) == (3, 3, 9, False)
    # the block is centred: (210 − 189) / 2 = 10.5 mm left, (297 − 264) / 2 = 16.5 mm top
    first = g.slots[0]
    assert first.x == pytest.approx(10.5 * MM)
    assert A4_H - first.top == pytest.approx(16.5 * MM)
    assert g.slots[1].x == pytest.approx(first.right)  # no gap, no bleed: cards touch


def test_poker_on_letter_turns_sideways_for_8():
    g = grid(PAPER["letter"], POKER, margins("letter"))
    # margin 0.4 in = 10.16 mm; printable 195.58 × 259.08 mm
    # upright: floor(195.58 / 63) = 3 × floor(259.08 / 88) = 2 = 6; sideways: 2 × 4 = 8
    assert (g.cols, g.rows, g.per_page, g.rotated) == (2, 4, 8, True)
    assert g.slots[0].w == pytest.approx(88 * MM) and g.slots[0].h == pytest.approx(63 * MM)


@pytest.mark.parametrize(
    "bleed, gap, expected",
    [
        # A4, printable 190 × 277 mm; slot = card + 2 × bleed; n = floor((avail + gap) / (slot + gap))
        (0, 5, (2, 4, True)),  # upright: floor(195/68) = 2 × floor(282/93) = 3 = 6; sideways 2 × 4
        (3, 5, (2, 2, False)),  # upright: floor(195/74) = 2 × floor(282/99) = 2 = 4; sideways 1 × 3
    ],
)
def test_bleed_and_gap_reduce_the_count(bleed, gap, expected):
    g = grid(PAPER["a4"], POKER, margins("a4"), gap * MM, bleed * MM)
    assert (g.cols, g.rows, g.rotated) == expected
    assert g.per_page < 9
    boxes = [g.bleed_box(s) for s in g.slots]
    # neighbours' bleed boxes are exactly `gap` apart; everything stays inside the margins
    assert boxes[1].x - boxes[0].right == pytest.approx(gap * MM)
    assert boxes[0].y - boxes[g.cols].top == pytest.approx(gap * MM)
    m = margins("a4")
    for b in boxes:
        assert b.x >= m - 1e-6 and b.right <= A4_W - m + 1e-6
        assert b.y >= m - 1e-6 and b.top <= A4_H - m + 1e-6


@pytest.mark.parametrize(
    "paper, allow_rotate, expected",
    [
        # A4, printable 190 × 277 mm: bleed boxes of 69 × 94 mm hold 2 × 2 = 4 (sideways 2 × 4 = 8);
        # butted trims hold floor(190 / 63) = 3 × floor(277 / 88) = 3 = 9, the outer 3 mm bleed in
        # the 10 mm margin (3 × 63 + 2 × 3 = 195 mm of 210)
        ("a4", True, (3, 3, False)),
        ("a4", False, (3, 3, False)),
        # Letter, printable 195.58 × 259.08 mm: butted 3 × 2 = 6 upright, 2 × 4 = 8 sideways
        ("letter", True, (2, 4, True)),
        ("letter", False, (3, 2, False)),
    ],
)
def test_bleed_without_gap_butts_the_cards(paper, allow_rotate, expected):
    g = grid(PAPER[paper], POKER, margins(paper), 0, 3 * MM, allow_rotate=allow_rotate)
    assert (g.cols, g.rows, g.rotated) == expected and g.butted
    m = margins(paper)
    pw, ph = PAPER[paper]
    for s in g.slots:  # every trim inside the margins
        assert s.x >= m - 1e-6 and s.right <= pw - m + 1e-6
        assert s.y >= m - 1e-6 and s.top <= ph - m + 1e-6
    # neighbours touch (one cut), the bleed only on the outside of the block
    assert g.slots[1].x == pytest.approx(g.slots[0].right)
    first, second = g.bleed_box(g.slots[0]), g.bleed_box(g.slots[1])
    assert first.x == pytest.approx(g.slots[0].x - 3 * MM)
    assert first.right == pytest.approx(g.slots[0].right)  # no bleed over the neighbour
    assert first.top == pytest.approx(g.slots[0].top + 3 * MM)
    assert second.x == pytest.approx(g.slots[1].x)
    for b in (g.bleed_box(s) for s in g.slots):  # the outer bleed stays on the paper
        assert 0 <= b.x and b.right <= pw and 0 <= b.y and b.top <= ph


def test_no_rotation_when_not_allowed():
    g = grid(PAPER["letter"], POKER, margins("letter"), allow_rotate=False)
    assert (g.cols, g.rows, g.rotated) == (3, 2, False)


def test_card_too_big_is_a_clear_error():
    with pytest.raises(ValueError, match=r"does not fit.*190\.0 × 277\.0 mm"):
        grid(PAPER["a4"], (200 * MM, 300 * MM), margins("a4"))


@pytest.mark.parametrize("bleed, gap", [(0, 0), (3, 0), (3, 5)])
def test_crop_marks_stay_outside_every_card(bleed, gap):
    g = grid(PAPER["a4"], POKER, margins("a4"), gap * MM, bleed * MM)
    cut_xs = {round(v, 6) for s in g.slots for v in (s.x, s.right)}
    cut_ys = {round(v, 6) for s in g.slots for v in (s.y, s.top)}
    # one mark at each end of every cut line
    assert len(g.marks) == 2 * len(cut_xs) + 2 * len(cut_ys)
    for seg in g.marks:
        assert all(not overlaps(seg, g.bleed_box(s)) for s in g.slots)
        assert 0 <= min(seg[0], seg[2]) and max(seg[0], seg[2]) <= A4_W
        assert 0 <= min(seg[1], seg[3]) and max(seg[1], seg[3]) <= A4_H
        vertical = seg[0] == seg[2]
        assert (round(seg[0], 6) in cut_xs) if vertical else (round(seg[1], 6) in cut_ys)


# -- PDF output -------------------------------------------------------------------------------


def test_pages_and_same_positions_on_every_page():
    log = []
    pdf = build([numbered(k, log) for k in range(20)])
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 3  # ceil(20 / 9)
    assert [round(float(v), 2) for v in reader.pages[0].mediabox] == [0, 0, 595.28, 841.89]
    boxes = {k: (round(b.x, 3), round(b.y, 3)) for k, b in log}
    for k in range(9, 20):
        assert boxes[k] == boxes[k % 9]  # card 10 sits where card 1 sat, and so on
    assert all(isinstance(b, CardBox) and b.bleed == 0 for _, b in log)


def test_crop_marks_are_printed():
    pdf = build([numbered(0)])
    img = pixels(pdf, 0, dpi=150)
    g = grid(PAPER["a4"], POKER, margins("a4"))
    x1, y1, x2, y2 = g.marks[0]
    assert at(img, (x1 + x2) / 2, (y1 + y2) / 2, dpi=150) < 200
    # only the one card's cut lines are marked: none for the empty slots of the grid
    used = g.marks_for([g.slots[0]])
    assert len(used) == 8 and len(g.marks) == 16
    for x1, y1, x2, y2 in set(g.marks) - set(used):
        assert at(img, (x1 + x2) / 2, (y1 + y2) / 2, dpi=150) > 250


def test_face_is_clipped_to_its_bleed_box():
    pdf = build([filler(0.0)], bleed=3, gap=5)
    g = grid(PAPER["a4"], POKER, margins("a4"), 5 * MM, 3 * MM)
    img = pixels(pdf, 0)
    bb = g.bleed_box(g.slots[0])
    assert at(img, bb.x + 2, bb.top - 2) < 30  # painted to the bleed edge
    assert at(img, bb.right + 4, bb.top - 20) > 250  # nothing in the gap


def test_backs_are_mirrored_left_to_right():
    fronts, backs = [], []
    doc = Document("a4")
    impose(
        doc,
        [numbered(k, fronts) for k in range(4)],
        opts(backs=True),
        backs=[numbered(k, backs) for k in range(4)],
    )
    pdf = doc.finish()
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2  # front page + back page
    front = {k: b for k, b in fronts}
    for k, b in backs:
        f = front[k]
        assert b.x == pytest.approx(A4_W - f.x - f.w)  # slot k's back: W − front x − width
        assert b.y == pytest.approx(f.y)


def test_backs_default_to_plain_and_follow_the_option():
    two = [numbered(0), numbered(1)]
    assert len(PdfReader(io.BytesIO(build(two))).pages) == 1
    assert len(PdfReader(io.BytesIO(build(two, backs=True))).pages) == 2
    # 10 cards = 2 front pages, each followed by its back page
    pages = PdfReader(io.BytesIO(build([numbered(k) for k in range(10)], backs=True))).pages
    assert len(pages) == 4
    text = pages[1].extract_text()
    assert text.strip() == ""  # plain back without a title: frames only


def test_wrong_number_of_backs_is_refused():
    with pytest.raises(ValueError, match="2 card backs for 3 faces"):
        impose(
            Document("a4"),
            [numbered(k) for k in range(3)],
            opts(backs=True),
            backs=[plain_back("a"), plain_back("b")],
        )


def test_sideways_backs_land_behind_their_fronts_upright():
    """Letter poker lies sideways; the card's top-left corner marker shows the orientation."""
    corner = 8 * MM
    doc = Document("letter")
    impose(doc, [filler(0.85, corner)], opts(paper="letter", backs=True), backs=[filler(0.85, corner)])
    pdf = doc.finish()
    g = grid(PAPER["letter"], POKER, margins("letter"))
    s = g.slots[0]
    front = pixels(pdf, 0)
    # front: card top points left, so its top-left corner is the slot's bottom-left
    assert at(front, s.x + 5, s.y + 5) < 30
    assert at(front, s.x + 5, s.top - 5) > 150
    back, m = pixels(pdf, 1), g.mirrored(s)
    assert m.x == pytest.approx(LETTER_W - s.x - s.w)
    # back: top points right (top-left = mirrored slot's top-right), i.e. behind the front's
    # top-left of the slot, so flipping the cut card over its long side shows it upright
    assert at(back, m.right - 5, m.top - 5) < 30
    assert at(back, m.x + 5, m.y + 5) > 150


def test_impose_is_deterministic():
    faces = [numbered(k) for k in range(12)]
    assert build(faces, backs=True, bleed=3) == build(faces, backs=True, bleed=3)


def test_card_that_does_not_fit_raises():
    with pytest.raises(ValueError, match="does not fit"):
        build([numbered(0)], card="185x270", bleed=3, gap=1)  # 191 mm wide > 190 mm
    with pytest.raises(ValueError, match="does not fit"):
        build([numbered(0)], card="191x270", bleed=3)  # butted: the trim alone is > 190 mm


# -- PNG output -------------------------------------------------------------------------------


def test_one_png_per_card_at_300_dpi(tmp_path):
    paths = write_card_pngs(
        [numbered(k) for k in range(3)], POKER, tmp_path, names=["Лотар", "Grenadiers", "Лотар"]
    )
    assert [p.name for p in paths] == ["01-lotar.png", "02-grenadiers.png", "03-lotar.png"]
    # 63 mm = 2.480 in × 300 = 744.09 → 744 px; 88 mm = 3.465 in × 300 = 1039.37 → 1039 px
    for p in paths:
        assert Image.open(p).size == (744, 1039)


def test_png_size_includes_bleed_and_rounds_up_too(tmp_path):
    [p] = write_card_pngs([filler(0.0)], card_size("mini"), tmp_path, bleed=3 * MM)
    # (44.5 + 6) mm × 300 / 25.4 = 596.46 → 596; (63.5 + 6) mm → 820.87 → 821
    assert Image.open(p).size == (596, 821)
    img = Image.open(p).convert("L")
    assert img.getpixel((1, 1)) < 30 and img.getpixel((594, 819)) < 30  # bleed painted


def test_pngs_are_deterministic(tmp_path):
    a = write_card_pngs([numbered(0)], POKER, tmp_path / "a", mono=True)
    b = write_card_pngs([numbered(0)], POKER, tmp_path / "b", mono=True)
    assert a[0].read_bytes() == b[0].read_bytes()
    assert Image.open(a[0]).mode == "L"


def test_impose_writes_pngs_when_asked(tmp_path):
    build([numbered(k) for k in range(2)], png_dir=str(tmp_path / "png"), card="bridge")
    files = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert files == ["01-card.png", "02-card.png"]
    # bridge 57 × 89 mm: 673.23 → 673, 1051.18 → 1051
    assert Image.open(tmp_path / "png" / files[0]).size == (673, 1051)


def test_png_names_widen_past_99_cards():
    names = png_names(120)
    assert names[0] == "001-card.png" and names[-1] == "120-card.png"
    assert png_names(2, ["Ёж — «Т-34»"]) == ["01-ezh-t-34.png", "02-card.png"]
