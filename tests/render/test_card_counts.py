"""Issue 21: card imposition counted per sheet for every card size of ``data/common/cards.yaml``
on A4 (190 × 277 mm inside 10 mm margins) and Letter (195.58 × 259.08 mm inside 0.4 in), with
no bleed and with a 3 mm bleed (butted when that holds strictly more), each fit pushed one step
past (a card 0.01 mm too wide or tall, a bleed 0.1 mm too wide for the paper, a gap too many),
and the crop marks measured: where they start and end, shortened by a near paper edge, none
when there is no room.

n = floor((available + gap) / (slot + gap)), slot = card + 2 × bleed (butted: the trim alone).
Sideways only when strictly more fit; butted only when strictly more fit."""

from __future__ import annotations

import math

import pytest

from sheets.core.game import Options
from sheets.render.cards import MARK_LENGTH, MARK_OFFSET, card_size, grid, impose
from sheets.render.pdf import MM, PAPER, Document, margins

COUNTS = [
    # paper, card, bleed mm, (cols, rows, sideways, butted)
    ("a4", "poker", 0, (3, 3, False, False)),  # 190/63 = 3.0, 277/88 = 3.1
    ("a4", "poker", 3, (3, 3, False, True)),  # 69 × 94 slots hold 2 × 2; butted trims 3 × 3
    ("a4", "bridge", 0, (3, 3, False, False)),  # 190/57 = 3.3, 277/89 = 3.1
    ("a4", "bridge", 3, (3, 3, False, True)),
    ("a4", "mini", 0, (4, 4, False, False)),  # 190/44.5 = 4.3, 277/63.5 = 4.4
    ("a4", "mini", 3, (4, 4, False, True)),  # 50.5 × 69.5 slots: 3 × 3, sideways 2 × 5
    ("a4", "euromini", 0, (4, 4, False, False)),  # 190/44 = 4.3, 277/68 = 4.07
    ("a4", "euromini", 3, (4, 4, False, True)),
    ("a4", "euro", 0, (3, 3, False, False)),  # 190/59 = 3.2, 277/92 = 3.01
    ("a4", "euro", 3, (3, 3, False, True)),
    ("a4", "tarot", 0, (2, 2, False, False)),  # 190/70 = 2.7, 277/120 = 2.3; sideways 1 × 3
    ("a4", "tarot", 3, (2, 2, False, False)),  # 76 × 126 slots: 2 × 2; butted 2 × 2 is no more
    ("a4", "square", 0, (2, 3, False, False)),  # 277/70 = 3.96
    ("a4", "square", 3, (2, 3, False, False)),  # 76 mm slots: 2 × 3
    ("a4", "big_square", 0, (2, 3, False, False)),  # 190/89 = 2.1, 277/89 = 3.1
    ("a4", "big_square", 3, (2, 3, False, True)),  # 95 mm slots: 2 × 2; butted 2 × 3
    ("a4", "business", 0, (2, 5, False, False)),  # 190/89 = 2.1, 277/51 = 5.4; sideways 3 × 3
    ("a4", "business", 3, (2, 5, False, True)),  # 95 × 57 slots: 2 × 4
    ("letter", "poker", 0, (2, 4, True, False)),  # upright 3 × 2 = 6, sideways 195.58/88 × 259.08/63 = 2 × 4
    ("letter", "poker", 3, (2, 4, True, True)),
    ("letter", "bridge", 0, (2, 4, True, False)),  # upright 3 × 2, sideways 2 × 4
    ("letter", "bridge", 3, (2, 4, True, False)),  # 95 × 63 slots sideways: 2 × 4; butted 2 × 4 is no more
    ("letter", "mini", 0, (4, 4, False, False)),  # 195.58/44.5 = 4.4, 259.08/63.5 = 4.08
    ("letter", "mini", 3, (4, 4, False, True)),
    ("letter", "euromini", 0, (4, 3, False, False)),  # 259.08/68 = 3.8; sideways 2 × 5
    ("letter", "euromini", 3, (4, 3, False, True)),
    ("letter", "euro", 0, (2, 4, True, False)),  # upright 3 × 2, sideways 195.58/92 × 259.08/59 = 2 × 4
    ("letter", "euro", 3, (2, 4, True, True)),  # 65 × 98 slots: 3 × 2, sideways 1 × 3 ... butted 2 × 4
    ("letter", "tarot", 0, (2, 2, False, False)),
    ("letter", "tarot", 3, (2, 2, False, False)),
    ("letter", "square", 0, (2, 3, False, False)),
    ("letter", "square", 3, (2, 3, False, False)),
    ("letter", "big_square", 0, (2, 2, False, False)),  # 259.08/89 = 2.9
    ("letter", "big_square", 3, (2, 2, False, False)),
    ("letter", "business", 0, (2, 5, False, False)),  # 259.08/51 = 5.08
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


@pytest.mark.parametrize(
    "paper, w, cols",
    [
        ("a4", 63.33, 3),
        ("a4", 63.34, 2),  # 3 × 63.33 = 189.99 of 190 mm
        ("a4", 95.0, 2),
        ("a4", 95.01, 1),
        ("letter", 65.19, 3),
        ("letter", 65.2, 2),  # 3 × 65.19 = 195.57 of 195.58 mm
    ],
)
def test_columns_one_step_past_the_width(paper, w, cols):
    g = grid(PAPER[paper], (w * MM, 50 * MM), margins(paper), allow_rotate=False)
    assert g.cols == cols


@pytest.mark.parametrize(
    "paper, h, rows",
    [
        ("a4", 92.33, 3),
        ("a4", 92.34, 2),  # 3 × 92.33 = 276.99 of 277 mm
        ("letter", 129.54, 2),
        ("letter", 129.55, 1),  # 2 × 129.54 = 259.08 mm exactly
    ],
)
def test_rows_one_step_past_the_height(paper, h, rows):
    g = grid(PAPER[paper], (40 * MM, h * MM), margins(paper), allow_rotate=False)
    assert g.rows == rows


@pytest.mark.parametrize("gap, cols", [(0.5, 3), (0.51, 2)])
def test_a_gap_one_step_past_the_width(gap, cols):
    """3 × 63 + 2 × 0.5 = 190 mm: a gap of 0.51 mm leaves room for two."""
    g = grid(PAPER["a4"], (63 * MM, 88 * MM), margins("a4"), gap * MM, allow_rotate=False)
    assert g.cols == cols
    assert g.slots[1].x - g.slots[0].right == pytest.approx(gap * MM)


@pytest.mark.parametrize(
    "bleed, cols, rows, rotated, butted",
    [
        (10.5, 3, 3, False, True),  # 3 × 63 + 2 × 10.5 = 210 mm: the outer bleed reaches the paper edge
        (10.6, 2, 4, True, True),  # 210.2 mm is off the paper: sideways butted 2 × 88 + 21.2 fits
    ],
)
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
    assert str(e.value) == (
        "the card (195.6 × 100.0 mm, bleed 0 mm) does not fit in the printable area of "
        "the page (195.6 × 259.1 mm inside 10.2 mm margins); choose a smaller card, "
        "bleed or paper"
    )
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
    r = lambda v: round(v / MM, 3)
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
    assert vert[0] == (36.5, 46.0, 51.0)  # x of the first trim, under the block's foot (52 − 1 − 5)
    assert horiz[0][1:] == (27.5, 32.5)  # left of the block's left bleed edge at 33.5


@pytest.mark.parametrize(
    "margin_mm, length_mm", [(6.5, 5.0), (3.0, 2.0), (1.5, 0.5), (1.0, None), (0.5, None)]
)
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
    assert len(g.marks_for(g.slots[:1])) == 8  # 2 cut lines each way, 2 ends each
    assert len(g.marks_for(g.slots[:2])) == 10  # 3 vertical cut lines, 2 horizontal
    assert len(g.marks_for(g.slots[:4])) == 14  # a row of 3 and one under it: 4 + 3 lines
    assert g.marks_for([]) == ()
    # the same card twice is one card's marks
    assert g.marks_for([g.slots[0], g.slots[0]]) == g.marks_for(g.slots[:1])


# -- more edges (issue 21, the survivors of a mutation run) --------------------------------------


@pytest.fixture
def cards_table(tmp_path, monkeypatch):
    """A --data-dir copy of common/cards.yaml with one preset changed."""
    from sheets import data

    def make(line):
        text = (data.data_root() / "common" / "cards.yaml").read_text(encoding="utf-8")
        (tmp_path / "common").mkdir(exist_ok=True)
        (tmp_path / "common" / "cards.yaml").write_text(
            text.replace("poker: {width: 63, height: 88}", line), encoding="utf-8"
        )
        monkeypatch.setenv(data.OVERRIDE_ENV, str(tmp_path))
        data.load_data.cache_clear()
        return tmp_path / "common" / "cards.yaml", text[: text.index("poker:")].count("\n") + 1

    yield make
    data.load_data.cache_clear()


@pytest.mark.parametrize(
    "line, side, col",
    [("poker: {width: 0, height: 88}", "width", 18), ("poker: {width: 63, height: 0}", "height", 30)],
)
def test_a_preset_of_no_size_in_a_data_dir_is_a_positioned_error(cards_table, line, side, col):
    from sheets.core.errors import InputError

    path, row = cards_table(line)
    with pytest.raises(InputError) as e:
        card_size("poker")
    assert [str(p) for p in e.value.problems] == [
        f"{path}:{row}:{col}: presets.poker.{side}: a card {side} must be more than 0"
    ]


def test_a_preset_of_one_millimetre_is_a_size(cards_table):
    cards_table("poker: {width: 1, height: 1}")
    assert card_size("poker") == pytest.approx((1 * MM, 1 * MM))


@pytest.mark.parametrize(
    "spec, ok",
    [
        ("0x88", False),
        ("0.5x88", True),
        ("63x0", False),
        ("63x0.5", True),
        ("63 × 88", True),
        ("63*88", True),
        ("63x", False),
    ],
)
def test_a_custom_size_of_more_than_0_mm(spec, ok):
    if ok:
        assert card_size(spec)[0] > 0 and card_size(spec)[1] > 0
    else:
        with pytest.raises(ValueError) as e:
            card_size(spec)
        assert str(e.value) == (
            f"unknown card size {spec!r}; use one of poker, bridge, mini, euromini, euro, "
            f"tarot, square, big_square, business or W×H in mm (e.g. 63x88)"
        )


def test_a_card_that_does_not_fit_names_its_bleed():
    with pytest.raises(ValueError) as e:
        grid(PAPER["a4"], (185 * MM, 270 * MM), margins("a4"), 1 * MM, 3 * MM)
    assert str(e.value) == (
        "the card (185.0 × 270.0 mm, bleed 3 mm) does not fit in the printable area of the "
        "page (190.0 × 277.0 mm inside 10.0 mm margins); choose a smaller card, bleed or paper"
    )


def test_a_bleed_of_a_third_of_a_millimetre_butts():
    """Poker with 0.3 mm of bleed: 63.6 mm slots hold 2 across; butted trims hold 3 × 3."""
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"), 0, 0.3 * MM)
    assert (g.cols, g.rows, g.butted) == (3, 3, True)
    assert (g.card, g.gap, g.bleed) == (card_size("poker"), 0, 0.3 * MM)


def test_butted_rows_fit_the_height_exactly():
    g = grid(PAPER["a4"], (40 * MM, 92.33 * MM), margins("a4"), 0, 3 * MM, allow_rotate=False)
    assert (g.cols, g.rows, g.butted) == (4, 3, True)


@pytest.mark.parametrize("bleed, want", [(10.5, (4, 2, False, True)), (10.6, (1, 6, True, True))])
def test_a_butted_bleed_stays_on_the_paper_vertically(bleed, want):
    """40 × 138 mm: 2 rows of trims are 276 mm; 2 × 10.5 mm of bleed reach 297 mm, 10.6 mm pass it."""
    g = grid(PAPER["a4"], (40 * MM, 138 * MM), margins("a4"), 0, bleed * MM)
    assert (g.cols, g.rows, g.rotated, g.butted) == want


def test_a_butted_grid_gives_bleed_only_on_the_outer_sides():
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"), 0, 3 * MM)
    b = 3 * MM
    first, third, middle, last = g.slots[0], g.slots[2], g.slots[4], g.slots[8]

    def box(s, left, bottom, right, top):
        return (
            pytest.approx(s.x - left),
            pytest.approx(s.y - bottom),
            pytest.approx(s.w + left + right),
            pytest.approx(s.h + bottom + top),
        )

    def got(s):
        r = g.bleed_box(s)
        return (r.x, r.y, r.w, r.h)

    assert got(first) == box(first, b, 0, 0, b)  # top left: left and top
    assert got(third) == box(third, 0, 0, b, b)  # top right: right and top
    assert got(middle) == box(middle, 0, 0, 0, 0)  # none
    assert got(last) == box(last, 0, b, b, 0)  # bottom right: right and bottom
    # its crop marks start 1 mm past the outer bleed: the block is 189 × 264 mm, bleed 3 mm
    vert = sorted((round(x1 / MM, 3), round(min(y1, y2) / MM, 3)) for x1, y1, x2, y2 in g.marks if x1 == x2)
    assert vert[0] == (10.5, 7.5)  # 16.5 − 3 − 1 − 5 mm from the foot


def test_horizontal_marks_run_from_the_top_cut_down():
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"))
    ys = [y1 for x1, y1, x2, y2 in g.marks if y1 == y2]
    assert ys == sorted(ys, reverse=True) and len(set(ys)) == 4


@pytest.mark.parametrize("margin_mm, length_mm", [(6.5, 5.0), (3.0, 2.0), (1.0, None)])
def test_marks_on_every_side_are_shortened_by_the_paper_edge(margin_mm, length_mm):
    paper = ((63 + 2 * margin_mm) * MM, (88 + 2 * margin_mm) * MM)
    g = grid(paper, (63 * MM, 88 * MM), margin_mm * MM, allow_rotate=False)
    lengths = sorted(round(math.hypot(x2 - x1, y2 - y1) / MM, 3) for x1, y1, x2, y2 in g.marks)
    assert lengths == ([] if length_mm is None else [length_mm] * 8)
    for x1, y1, x2, y2 in g.marks:
        assert 0 <= min(x1, x2) and max(x1, x2) <= paper[0] + 1e-6
        assert 0 <= min(y1, y2) and max(y1, y2) <= paper[1] + 1e-6
