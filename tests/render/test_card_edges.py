"""Issue 35: edges of the card layer the other card tests leave open. Two cut lines half a
point apart (a 0.5 pt gap) are two lines, each marked from its own cards; a card size of 0 in a
table without positions is still the named error, at the table's path; the plain back's title
is fitted 3 pt inside its frame on both sides."""

from __future__ import annotations

import pytest

import sheets.render.cards as cards
from sheets.core import data
from sheets.core.errors import InputError
from sheets.render import fonts
from sheets.render.cards import CardBox, card_size, grid, plain_back
from sheets.render.pdf import MM, PAPER, Document, margins

# -- crop marks of cut lines close together -------------------------------------------------


def _vertical(marks):
    return sorted(tuple(round(v, 2) for v in m) for m in marks if m[0] == m[2])


END = {293.39: 279.21, 543.33: 529.16}  # a bottom mark's end, 5 mm (14.17 pt) under its start


@pytest.mark.parametrize(
    "used, bottoms",
    [
        # cards 1, 2 and 4 (4 under 1): the line at 207.85 (right of 1, 4) runs down to card 4,
        # the one 0.5 pt right of it (left of 2) stops under card 2
        ((0, 1, 3), {29.26: 293.39, 207.85: 293.39, 208.35: 543.33, 386.93: 543.33}),
        # cards 1, 2 and 5 (5 under 2): now the line left of 2, 5 runs down, the one right of 1 stops
        ((0, 1, 4), {29.26: 543.33, 207.85: 543.33, 208.35: 293.39, 386.93: 293.39}),
    ],
)
def test_cut_lines_half_a_point_apart_are_marked_each_from_its_own_cards(used, bottoms):
    """Poker on A4 with a 0.5 pt gap: 3 × 3, columns 29.26 … 207.85, 208.35 … 386.93 pt; the top
    row's marks run 798.45 → 812.63 pt, a bottom mark starts 1 mm (2.83 pt) under its lowest
    card and runs 5 mm (14.17 pt)."""
    g = grid(PAPER["a4"], card_size("poker"), margins("a4"), 0.5, 0)
    marks = _vertical(g.marks_for([g.slots[i] for i in used]))
    want = []
    for x, bottom in bottoms.items():
        want += [(x, bottom, x, END[bottom]), (x, 798.45, x, 812.63)]
    assert marks == sorted(want)


# -- a card size of 0 in a table without positions ------------------------------------------


@pytest.mark.parametrize(
    "side, size", [("width", {"width": 0, "height": 88}), ("height", {"width": 63, "height": 0})]
)
def test_a_size_of_0_in_a_plain_table_is_the_error_at_the_tables_path(monkeypatch, side, size):
    """The bundled table is a plain mapping (no positions): the problem names the file alone."""
    monkeypatch.delenv(data.OVERRIDE_ENV, raising=False)
    monkeypatch.setattr(cards, "load_data", lambda name: {"default": "poker", "presets": {"poker": size}})
    with pytest.raises(InputError) as e:
        card_size("poker")
    (p,) = e.value.problems
    path = str(data.data_root() / "common" / "cards.yaml")
    assert (p.path, p.pos, p.code) == (path, None, "card-size-not-positive")
    assert str(p) == f"{path}: presets.poker.{side}: a card {side} must be more than 0"


def test_a_size_of_1_mm_in_a_plain_table_is_a_size(monkeypatch):
    monkeypatch.setattr(cards, "load_data", lambda name: {"presets": {"poker": {"width": 1, "height": 2}}})
    assert card_size("poker") == pytest.approx((1 * MM, 2 * MM))


# -- the plain back's title -------------------------------------------------------------------


@pytest.mark.parametrize(
    "spare, size",
    [
        # "Ludwig" in Sans-Bold 11 pt is 44.52 pt wide; 3 pt each side
        (7, 11),  # 1 pt to spare: printed at 11 pt
        (5, 10.742),  # 1 pt short: shrunk to 11 × 43.52 / 44.52 × 0.999 pt
    ],
)
def test_the_plain_back_fits_its_title_3_pt_inside_the_inner_frame(spare, size):
    doc = Document("a4", record=True)
    pen = doc.page()
    width = fonts.width("Ludwig", "Sans-Bold", 11)
    assert round(width, 2) == 44.52
    # the inner frame is the card less 6 % of its width and then 2 mm on each side
    card_w = (width + spare + 4 * MM) / 0.88
    plain_back("Ludwig")(pen, CardBox(100, 200, card_w, 88 * MM, 0))
    (run,) = [it for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    assert run[1:3] == ("Ludwig", "Sans-Bold")
    assert run[3] == pytest.approx(size, abs=0.001)
