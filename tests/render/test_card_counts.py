"""Issue 21: card imposition counted per sheet for every card size of ``data/common/cards.yaml``
on A4 (190 × 277 mm inside 10 mm margins) and Letter (195.58 × 259.08 mm inside 0.4 in), with
no bleed and with a 3 mm bleed (butted when that holds strictly more), each fit pushed one step
past (a card 0.01 mm too wide or tall, a bleed 0.1 mm too wide for the paper, a gap too many),
and the crop marks measured: where they start and end, shortened by a near paper edge, none
when there is no room.

n = floor((available + gap) / (slot + gap)), slot = card + 2 × bleed (butted: the trim alone).
Sideways only when strictly more fit; butted only when strictly more fit."""

from __future__ import annotations

import pytest

from sheets.core.game import Options
from sheets.render.cards import MARK_LENGTH, MARK_OFFSET, card_size, grid, impose
from sheets.render.pdf import MM, PAPER, Document, margins

COUNTS = [
    # paper, card, bleed mm, (cols, rows, sideways, butted)
    ("a4", "poker", 0, (3, 3, False, False)),      # 190/63 = 3.0, 277/88 = 3.1
    ("a4", "poker", 3, (3, 3, False, True)),       # 69 × 94 slots hold 2 × 2; butted trims 3 × 3
    ("a4", "bridge", 0, (3, 3, False, False)),     # 190/57 = 3.3, 277/89 = 3.1
    ("a4", "bridge", 3, (3, 3, False, True)),
    ("a4", "mini", 0, (4, 4, False, False)),       # 190/44.5 = 4.3, 277/63.5 = 4.4
    ("a4", "mini", 3, (4, 4, False, True)),        # 50.5 × 69.5 slots: 3 × 3, sideways 2 × 5
    ("a4", "euromini", 0, (4, 4, False, False)),   # 190/44 = 4.3, 277/68 = 4.07
    ("a4", "euromini", 3, (4, 4, False, True)),
    ("a4", "euro", 0, (3, 3, False, False)),       # 190/59 = 3.2, 277/92 = 3.01
    ("a4", "euro", 3, (3, 3, False, True)),
    ("a4", "tarot", 0, (2, 2, False, False)),      # 190/70 = 2.7, 277/120 = 2.3; sideways 1 × 3
    ("a4", "tarot", 3, (2, 2, False, False)),      # 76 × 126 slots: 2 × 2; butted 2 × 2 is no more
    ("a4", "square", 0, (2, 3, False, False)),     # 277/70 = 3.96
    ("a4", "square", 3, (2, 3, False, False)),     # 76 mm slots: 2 × 3
    ("a4", "big_square", 0, (2, 3, False, False)),  # 190/89 = 2.1, 277/89 = 3.1
    ("a4", "big_square", 3, (2, 3, False, True)),   # 95 mm slots: 2 × 2; butted 2 × 3
    ("a4", "business", 0, (2, 5, False, False)),   # 190/89 = 2.1, 277/51 = 5.4; sideways 3 × 3
    ("a4", "business", 3, (2, 5, False, True)),    # 95 × 57 slots: 2 × 4
    ("letter", "poker", 0, (2, 4, True, False)),   # upright 3 × 2 = 6, sideways 195.58/88 × 259.08/63 = 2 × 4
    ("letter", "poker", 3, (2, 4, True, True)),
    ("letter", "bridge", 0, (2, 4, True, False)),  # upright 3 × 2, sideways 2 × 4
    ("letter", "bridge", 3, (2, 4, True, False)),  # 95 × 63 slots sideways: 2 × 4; butted 2 × 4 is no more
    ("letter", "mini", 0, (4, 4, False, False)),   # 195.58/44.5 = 4.4, 259.08/63.5 = 4.08
    ("letter", "mini", 3, (4, 4, False, True)),
    ("letter", "euromini", 0, (4, 3, False, False)),  # 259.08/68 = 3.8; sideways 2 × 5
    ("letter", "euromini", 3, (4, 3, False, True)),
    ("letter", "euro", 0, (2, 4, True, False)),    # upright 3 × 2, sideways 195.58/92 × 259.08/59 = 2 × 4
    ("letter", "euro", 3, (2, 4, True, True)),     # 65 × 98 slots: 3 × 2, sideways 1 × 3 ... butted 2 × 4
    ("letter", "tarot", 0, (2, 2, False, False)),
    ("letter", "tarot", 3, (2, 2, False, False)),
    ("letter", "square", 0, (2, 3, False, False)),
    ("letter", "square", 3, (2, 3, False, False)),
    ("letter", "big_square", 0, (2, 2, False, False)),  # 259.08/89 = 2.9
    ("letter", "big_square", 3, (2, 2, False, False)),
    ("letter", "business", 0, (2, 5, False, False)),   # 259.08/51 = 5.08
    ("letter", "business", 3, (2, 5, False, True)),
]


@pytest.mark.parametrize("paper, card, bleed, want", COUNTS)
def test_cards_per_sheet_for_every_size(paper, card, bleed, want):
    g = grid(PAPER[paper], card_size(card), margins(paper), 0, bleed * MM)
    assert (g.cols, g.rows, g.rotated, g.butted) == want
    assert g.per_page == want[0] * want[1] == len(g.slots)


@pytest.mark.parametrize("paper, card, bleed, want", COUNTS)
def test_impose_fills_a_page_then_starts_the_next(paper, card, bleed, want):
    """One card more than a sheet holds starts a second page (with its one card marked)."""
    per = want[0] * want[1]
    for n, pages in ((per, 1), (per + 1, 2)):
        doc = Document(paper)
        impose(doc, [lambda pen, box: None] * n, Options(paper=paper, extra={"card": card, "bleed": bleed}))
        assert doc.pages == pages, (n, pages)


# -- one step past each fit ------------------------------------------------------------------------

@pytest.mark.parametrize("paper, w, cols", [
    ("a4", 63.33, 3), ("a4", 63.34, 2),          # 3 × 63.33 = 189.99 of 190 mm
    ("a4", 95.0, 2), ("a4", 95.01, 1),
    ("letter", 65.19, 3), ("letter", 65.2, 2),  # 3 × 65.19 = 195.57 of 195.58 mm
])
def test_columns_one_step_past_the_width(paper, w, cols):
    g = grid(PAPER[paper], (w * MM, 50 * MM), margins(paper), allow_rotate=False)
    assert g.cols == cols


@pytest.mark.parametrize("paper, h, rows", [
    ("a4", 92.33, 3), ("a4", 92.34, 2),          # 3 × 92.33 = 276.99 of 277 mm
    ("letter", 129.54, 2), ("letter", 129.55, 1),  # 2 × 129.54 = 259.08 mm exactly
])
def test_rows_one_step_past_the_height(paper, h, rows):
    g = grid(PAPER[paper], (40 * MM, h * MM), margins(paper), allow_rotate=False)
    assert g.rows == rows


@pytest.mark.parametrize("gap, cols", [(0.5, 3), (0.51, 2)])
def test_a_gap_one_step_past_the_width(gap, cols):
    """3 × 63 + 2 × 0.5 = 190 mm: a gap of 0.51 mm leaves room for two."""
    g = grid(PAPER["a4"], (63 * MM, 88 * MM), margins("a4"), gap * MM, allow_rotate=False)
    assert g.cols == cols
    assert g.slots[1].x - g.slots[0].right == pytest.approx(gap * MM)


@pytest.mark.parametrize("bleed, cols, rows, rotated, butted", [
    (10.5, 3, 3, False, True),    # 3 × 63 + 2 × 10.5 = 210 mm: the outer bleed reaches the paper edge
    (10.6, 2, 4, True, True),     # 210.2 mm is off the paper: sideways butted 2 × 88 + 21.2 fits
])
def test_a_butted_bleed_stays_on_the_paper(bleed, cols, rows, rotated, butted):
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"), 0, bleed * MM)
    assert (g.cols, g.rows, g.rotated, g.butted) == (cols, rows, rotated, butted)
    for s in g.slots:
        b = g.bleed_box(s)
        assert b.x >= -1e-6 and b.right <= PAPER["a4"][0] + 1e-6


def test_a_butted_bleed_off_the_paper_both_ways_falls_back_to_bleed_boxes():
    """A 95 × 138 mm card with a 10 mm bleed: butted 2 × 2 would put 210 of 210 mm... and
    2 × 138 + 20 = 296 of 297: on the paper; 11 mm: 212 mm wide, off the paper: bleed boxes."""
    g = grid(PAPER["a4"], (95 * MM, 138 * MM), margins("a4"), 0, 10 * MM, allow_rotate=False)
    assert (g.cols, g.rows, g.butted) == (2, 2, True)
    g = grid(PAPER["a4"], (95 * MM, 138 * MM), margins("a4"), 0, 11 * MM, allow_rotate=False)
    assert (g.cols, g.rows, g.butted) == (1, 1, False)


def test_no_card_fits_names_the_sizes():
    with pytest.raises(ValueError) as e:
        grid(PAPER["letter"], (195.6 * MM, 100 * MM), margins("letter"), allow_rotate=False)
    assert str(e.value) == ("the card (195.6 × 100.0 mm, bleed 0 mm) does not fit in the printable area of "
                            "the page (195.6 × 259.1 mm inside 10.2 mm margins); choose a smaller card, "
                            "bleed or paper")
    assert grid(PAPER["letter"], (195.58 * MM, 100 * MM), margins("letter"), allow_rotate=False).cols == 1


def test_sideways_only_when_strictly_more_fit():
    """A 60 × 90 mm card on a 200 × 200 mm page (180 mm inside): 3 × 2 = 6 either way: upright."""
    g = grid((200 * MM, 200 * MM), (60 * MM, 90 * MM), 10 * MM)
    assert (g.cols, g.rows, g.rotated) == (3, 2, False)
    g = grid((200 * MM, 200 * MM), (60 * MM, 89 * MM), 10 * MM)  # still 3 × 2 both ways
    assert g.rotated is False
    g = grid((200 * MM, 150 * MM), (60 * MM, 90 * MM), 10 * MM)  # 130 mm tall: 3 × 1 or 2 × 2
    assert (g.cols, g.rows, g.rotated) == (2, 2, True)


# -- crop marks ------------------------------------------------------------------------------------

def _marks(g):
    """(vertical marks as (x, y from, y to), horizontal as (y, x from, x to)) in mm, rounded."""
    r = lambda v: round(v / MM, 3)  # noqa: E731
    vert = sorted((r(x1), r(min(y1, y2)), r(max(y1, y2))) for x1, y1, x2, y2 in g.marks if x1 == x2)
    horiz = sorted((r(y1), r(min(x1, x2)), r(max(x1, x2))) for x1, y1, x2, y2 in g.marks if y1 == y2)
    return vert, horiz


def test_crop_marks_of_poker_on_a4_start_1_mm_out_and_run_5_mm():
    """The block 189 × 264 mm, centred: 10.5 mm left and right, 16.5 mm top and bottom (y from
    the foot of the page)."""
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"))
    vert, horiz = _marks(g)
    xs = [10.5, 73.5, 136.5, 199.5]
    assert vert == sorted([(x, 10.5, 15.5) for x in xs] + [(x, 281.5, 286.5) for x in xs])
    ys = [16.5, 104.5, 192.5, 280.5]
    assert horiz == sorted([(y, 4.5, 9.5) for y in ys] + [(y, 200.5, 205.5) for y in ys])
    assert (MARK_OFFSET, MARK_LENGTH) == pytest.approx((1 * MM, 5 * MM))


def test_crop_marks_start_outside_the_bleed():
    """With a 3 mm bleed and a 5 mm gap the marks start 1 mm past the outer bleed edge."""
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"), 5 * MM, 3 * MM)
    # 2 × 2 bleed boxes of 69 × 94 mm with 5 mm between: 143 × 193 mm, from x 33.5, y 52
    vert, horiz = _marks(g)
    assert vert[0] == (36.5, 46.0, 51.0)   # x of the first trim, under the block's foot (52 − 1 − 5)
    assert horiz[0][1:] == (27.5, 32.5)    # left of the block's left bleed edge at 33.5


@pytest.mark.parametrize("margin_mm, length_mm", [(6.5, 5.0), (3.0, 2.0), (1.5, 0.5), (1.0, None), (0.5, None)])
def test_a_crop_mark_is_shortened_by_a_near_paper_edge(margin_mm, length_mm):
    """A 63 × 88 mm card alone on a page just its size plus a margin: the mark starts 1 mm off
    the card and stops at the paper edge; with 1 mm of paper or less there is none."""
    paper = ((63 + 2 * margin_mm) * MM, (88 + 40) * MM)
    g = grid(paper, (63 * MM, 88 * MM), margin_mm * MM, allow_rotate=False)
    _, horiz = _marks(g)
    left = [m for m in horiz if m[2] <= margin_mm]
    if length_mm is None:
        assert left == []
    else:
        assert len(left) == 2 and all(m[2] - m[1] == pytest.approx(length_mm) for m in left)
        assert all(m[1] == pytest.approx(margin_mm - 1 - length_mm) for m in left)


def test_marks_only_for_the_cards_on_the_page():
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"))
    assert len(g.marks) == 16
    assert len(g.marks_for(g.slots[:1])) == 8     # 2 cut lines each way, 2 ends each
    assert len(g.marks_for(g.slots[:2])) == 10    # 3 vertical cut lines, 2 horizontal
    assert len(g.marks_for(g.slots[:4])) == 14    # a row of 3 and one under it: 4 + 3 lines
    assert g.marks_for([]) == ()
    # the same card twice is one card's marks
    assert g.marks_for([g.slots[0], g.slots[0]]) == g.marks_for(g.slots[:1])
