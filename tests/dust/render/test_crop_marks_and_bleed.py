"""Issue 23, Dust paper: crop marks only for the slots that hold a card, and ``--bleed 3``
fits as many poker cards as the printable area holds (A4: 9, not 4)."""

import math

import pytest
from reportlab.lib.rl_accel import fp_str

from sheets.render.cards import grid
from sheets.render.pdf import MM, PAPER, margins

from .conftest import PAIR_LATE, content, vehicles

POKER = (63 * MM, 88 * MM)


def _segments(stream: str) -> set[tuple[str, str, str, str]]:
    """(x1, y1, x2, y2) of every hairline 'x1 y1 m x2 y2 l' in a content stream."""
    words = stream.split()
    return {
        tuple(words[i - 2 : i] + words[i + 1 : i + 3])
        for i, w in enumerate(words)
        if w == "m" and i + 3 < len(words) and words[i + 3] == "l"
    }


def _mark(seg) -> tuple[str, str, str, str]:
    return tuple(fp_str(v) for v in seg)


@pytest.mark.parametrize(
    "paper, n, per_page",
    [
        # A4, 190 × 277 mm inside the margins: 3 × 63 = 189 and 3 × 88 = 264 mm of trim
        ("a4", 9, 9),
        ("a4", 10, 9),
        # Letter, 195.58 × 259.08 mm: 3 × 63 = 189, but 3 × 88 = 264 > 259.08: two rows
        ("letter", 6, 6),
        ("letter", 7, 6),
    ],
)
def test_bleed_3_keeps_the_count_of_cards_without_bleed(units_file, render, paper, n, per_page):
    reader, _ = render(units_file(vehicles(n)), "--bleed", "3", "--paper", paper)
    assert len(reader.pages) == math.ceil(n / per_page)  # was 4 per page with --bleed 3


def test_bleed_3_on_a4_paints_the_bleed_only_around_the_block(units_file, render):
    g = grid(PAPER["a4"], POKER, margins("a4"), 0, 3 * MM, allow_rotate=False)
    assert (g.cols, g.rows, g.butted) == (3, 3, True)
    # the outer bleed runs 2.5 mm into the 10 mm side margins: 7.5 mm of paper stays clear
    left = g.bleed_box(g.slots[0])
    assert left.x == pytest.approx((210 - 189) / 2 * MM - 3 * MM)
    assert left.x / MM == pytest.approx(7.5)
    # the middle card has no bleed at all: every side touches a neighbour's cut
    middle = g.slots[4]
    assert g.bleed_box(middle) == middle


def test_one_row_of_cards_has_no_marks_beside_the_empty_rows(units_file, render):
    reader, _ = render(units_file(vehicles(3)))
    g = grid(PAPER["a4"], POKER, margins("a4"), allow_rotate=False)
    drawn = _segments(" ".join(content(reader.pages[0]).split()))
    used = {_mark(m) for m in g.marks_for(g.slots[:3])}
    assert used <= drawn and len(used) == 12
    # the cut lines under rows 2 and 3 (y of their bottoms) have no mark on either side
    for y in (g.slots[3].y, g.slots[6].y):
        assert not any(seg[1] == seg[3] == fp_str(y) for seg in drawn)


def test_the_empty_slot_kept_for_a_pair_has_no_marks(units_file, render):
    # Tank A, Tank B, (empty), Lasers, Keller: the third slot of row 1 stays empty
    reader, _ = render(units_file(PAIR_LATE))
    g = grid(PAPER["a4"], POKER, margins("a4"), allow_rotate=False)
    drawn = _segments(" ".join(content(reader.pages[0]).split()))
    right_edge = fp_str(g.slots[2].right)  # the cut only the empty slot would need
    assert not any(seg[0] == seg[2] == right_edge for seg in drawn)
    # the cards' own cuts are marked: the left edge of the block, above and below
    left_edge = fp_str(g.slots[0].x)
    assert sum(seg[0] == seg[2] == left_edge for seg in drawn) == 2
