"""Issue 35: where the army list goes on the first page of the sheets — the free band
``first_page_room`` finds (in points, A4 and Letter), ``share_first_page`` drawing the list into
it when the second page starts, and both sides of the boundary: a list of exactly the room's
height stays on page 1, half a point more and it keeps its own page.

A bug found here: ``army_lists_height`` left out the 50 pt ``_draw_one`` keeps under a group for
the totals, so a list given a room between its reported height and 8 pt more had its table
pushed onto an extra page inserted between the first two sheets (its title left alone on page
1). The height now counts that reserve."""

from __future__ import annotations

import pytest

from sheets.render.pdf import Document, Rect
from sheets.render.roster_pdf import army_lists_height, draw_army_lists_in, first_page_room, share_first_page

A4_M = 10 * 72 / 25.4  # 28.3465 pt
A4_BOTTOM, A4_TOP = A4_M + 14, 841.8897637795277 - A4_M  # 42.3465, 813.5433 (the list's frame)
A4_W = 595.2755905511812 - 2 * A4_M  # 538.5827
LETTER_BOTTOM, LETTER_W = 28.8 + 14, 612 - 2 * 28.8  # 42.8, 554.4


def _room(draw, paper="a4"):
    return first_page_room(lambda: Document(paper, record=True), draw, paper)


def _one_page(*steps):
    """A renderer whose first page runs ``steps(doc, pen)`` and that then starts page 2."""

    def draw(doc):
        pen = doc.page()
        for step in steps:
            step(doc, pen)
        doc.page().text(40, 700, "page 2", 8)

    return draw


def _block(top, bottom):
    return lambda doc, pen: pen.rect(Rect(40, bottom, 500, top - bottom), fill=(0.9, 0.9, 0.9), stroke=False)


def _approx_rect(r: Rect, x, y, w, h):
    assert (r.x, r.y, r.w, r.h) == (pytest.approx(x), pytest.approx(y), pytest.approx(w), pytest.approx(h))


# -- first_page_room -------------------------------------------------------------------------------


def test_an_empty_first_page_gives_the_whole_frame_less_12_pt_at_the_top():
    _approx_rect(_room(_one_page()), A4_M, A4_BOTTOM, A4_W, 759.1969)
    _approx_rect(_room(_one_page(), "letter"), 28.8, LETTER_BOTTOM, LETTER_W, 708.4)
    assert A4_W == pytest.approx(538.5827) and LETTER_W == pytest.approx(554.4)


def test_a_full_first_page_gives_a_zero_band_at_the_frames_foot():
    assert _room(_one_page(_block(830, 43))) == Rect(A4_M, A4_BOTTOM, A4_W, 0)
    assert _room(_one_page(_block(780, 43)), "letter") == Rect(28.8, LETTER_BOTTOM, LETTER_W, 0)


def test_a_text_run_counts_by_its_box():
    # 10 pt at y 700: the box runs 697.9 .. 707.3; the band under it starts 12 pt lower
    _approx_rect(
        _room(_one_page(lambda doc, pen: pen.text(40, 700, "Title", 10))), A4_M, A4_BOTTOM, A4_W, 643.5535
    )


def test_a_tick_box_counts():
    r = _room(_one_page(lambda doc, pen: doc.recorder.box(doc.canvas, 40, 600, 10, 10)))
    _approx_rect(r, A4_M, A4_BOTTOM, A4_W, 588 - A4_BOTTOM)


def test_a_pip_counts_by_its_radius_both_ways():
    high = _room(_one_page(lambda doc, pen: doc.recorder.pip(doc.canvas, 100, 600, 5)))
    assert (high.top, high.y) == (pytest.approx(583), pytest.approx(A4_BOTTOM))  # under 595
    low = _room(_one_page(lambda doc, pen: doc.recorder.pip(doc.canvas, 100, 300, 5)))
    assert (low.top, low.y) == (pytest.approx(A4_TOP - 12), pytest.approx(317))  # over 305


def test_a_short_rule_counts_and_a_frame_around_the_page_does_not():
    rule = _room(_one_page(lambda doc, pen: pen.line(40, 500, 300, 500)))
    assert (rule.top, rule.y) == (pytest.approx(488), pytest.approx(A4_BOTTOM))
    # a stroked frame round the page first, then a text: only the text counts
    framed = _room(
        _one_page(
            lambda doc, pen: pen.rect(Rect(20, 20, 555, 800)),
            lambda doc, pen: pen.text(40, 700, "Title", 10),
        )
    )
    assert (framed.top, framed.y) == (pytest.approx(685.9), pytest.approx(A4_BOTTOM))


@pytest.mark.parametrize(
    "length, room_top, room_bottom",
    [
        (841.8897637795277 / 2, A4_TOP - 12, 64 + 841.8897637795277 / 2 + 12),  # half the page: content
        (300, A4_TOP - 12, 376),  # a third of the page and more: still content
        (421, A4_TOP - 12, A4_BOTTOM),  # over half the page: a frame's side, not content
    ],
)
def test_a_vertical_rule_is_content_up_to_half_the_page(length, room_top, room_bottom):
    # from y 64: its length measured back (64 + half the page - 64) is exactly half the page
    assert (64 + 841.8897637795277 / 2) - 64 == 841.8897637795277 / 2
    r = _room(_one_page(lambda doc, pen: pen.line(30, 64, 30, 64 + length)))
    assert (r.top, r.y) == (pytest.approx(room_top), pytest.approx(room_bottom))


def test_a_heading_item_is_passed_over_and_what_follows_counts():
    r = _room(_one_page(lambda doc, pen: pen.heading(Rect(40, 780, 500, 20), "Heading"), _block(400, 300)))
    assert (r.top, r.y) == (pytest.approx(768), pytest.approx(412))  # between the heading and the block


def test_ink_down_to_the_frames_foot_is_the_footer():
    r = _room(_one_page(lambda doc, pen: pen.text(40, 700, "Title", 10), _block(A4_BOTTOM, 0)))
    assert (r.top, r.y) == (pytest.approx(685.9), pytest.approx(A4_BOTTOM))  # not 12 pt over it


def test_ink_in_the_margin_drawn_first_does_not_hide_what_follows():
    r = _room(_one_page(lambda doc, pen: pen.text(40, 20, "page 1 of 2", 6.5), _block(400, 300)))
    assert (r.top, r.y) == (pytest.approx(A4_TOP - 12), pytest.approx(412))  # over the block


def test_the_widest_band_wins_the_upper_one_on_a_tie():
    smaller_below = _room(_one_page(_block(900, 700), _block(400, 300), _block(250, 50)))
    assert (smaller_below.top, smaller_below.y) == (pytest.approx(688), pytest.approx(412))
    tie = _room(_one_page(_block(900, 700), _block(500, 400), _block(200, 50)))
    assert (tie.top, tie.y) == (pytest.approx(688), pytest.approx(512))  # 176 pt each


def test_bands_of_zero_and_half_a_point():
    # 24 pt between two blocks is exactly the 12 pt kept on each side: no band at all
    assert _room(_one_page(_block(900, 500), _block(476, 50))) == Rect(A4_M, A4_BOTTOM, A4_W, 0)
    half = _room(_one_page(_block(900, 500), _block(475.5, 50)))
    assert (half.y, half.h) == (pytest.approx(487.5), pytest.approx(0.5))


def test_the_first_pages_own_size_is_measured():
    def draw(doc):
        doc.page((400, 600)).text(40, 500, "small page", 10)
        doc.page().text(40, 700, "page 2", 8)

    _approx_rect(_room(draw), A4_M, A4_BOTTOM, 400 - 2 * A4_M, 485.9 - A4_BOTTOM)


def test_the_trial_stops_when_the_second_page_starts():
    reached = []

    def draw(doc):
        doc.page().text(40, 700, "one", 8)
        reached.append(1)
        doc.page().text(40, 700, "two", 8)
        reached.append(2)
        doc.page()
        reached.append(3)

    assert _room(draw) is not None and reached == [1]


# -- share_first_page -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dust():
    from sheets.core.data import data_path
    from sheets.core.loader import load_file
    from sheets.core.roster import army_list

    return army_list(load_file(str(data_path("units/dust/sample_force.yaml"))), "en")


def _texts(doc, page):
    return [it[1] for it in doc.recorder.pages[page]["items"] if it[0] == "t"]


def _sheets(doc, *sizes):
    for n, size in enumerate(sizes, 1):
        doc.page(size).text(40, 300, f"sheet {n}", 8)
    doc.finish()


@pytest.mark.parametrize("paper, width", [("a4", A4_W), ("letter", LETTER_W)])
def test_the_dust_list_needs_176_pt_and_fits_a_room_of_exactly_that(dust, paper, width):
    """The boundary: 176 pt (title 52, the table of four rows 52, 72 under it) holds the whole
    list on page 1 — it used to be reported as 168 and its table went to a page of its own."""
    assert army_lists_height([dust], width) == 176
    doc = Document(paper, record=True)
    assert share_first_page(doc, [dust], Rect(30, 400, width, 176))
    _sheets(doc, None, None)
    assert doc.pages == 2
    first = _texts(doc, 0)
    assert first[:3] == ["sheet 1", "Army list: Sample Axis force", "Dust Tactics"]
    assert "Sample Walker" in first and "Total: 47 AP   ·   Units: 3" in first
    assert _texts(doc, 1) == ["sheet 2"]
    assert not share_first_page(Document(paper), [dust], Rect(30, 400, width, 175.5))  # half a point short


def test_two_lists_need_their_gap_and_both_reserves(dust):
    # the first list to its totals (168), 14 between, the second with the reserve under its table
    assert army_lists_height([dust, dust], A4_W) == 168 + 14 + 176
    doc = Document("a4", record=True)
    assert share_first_page(doc, [dust, dust], Rect(30, 60, A4_W, 358))
    _sheets(doc, None, None)
    assert doc.pages == 2 and _texts(doc, 0).count("Army list: Sample Axis force") == 2


def test_nothing_is_arranged_without_a_room_or_without_lists(dust):
    doc = Document("a4", record=True)
    assert not share_first_page(doc, [dust], None)
    assert not share_first_page(doc, [], Rect(30, 60, A4_W, 700))
    _sheets(doc, None)
    assert _texts(doc, 0) == ["sheet 1"]


def test_the_list_waits_for_a_first_page_that_never_begins(dust):
    doc = Document("a4", record=True)
    assert share_first_page(doc, [dust], Rect(30, 60, A4_W, 700))
    assert doc.finish().startswith(b"%PDF") and doc.recorder.pages == []


def test_the_renderers_later_pages_keep_their_sizes_and_count(dust):
    doc = Document("a4", record=True)
    assert share_first_page(doc, [dust], Rect(30, 60, A4_W, 700))
    _sheets(doc, None, (400, 600), (300, 500))
    assert [p["size"] for p in doc.recorder.pages] == [
        pytest.approx((595.2756, 841.8898)),
        (400, 600),
        (300, 500),
    ]
    assert "Army list: Sample Axis force" in _texts(doc, 0)
    assert [_texts(doc, 1), _texts(doc, 2)] == [["sheet 2"], ["sheet 3"]]


def test_a_list_longer_than_its_room_is_still_drawn_once(dust, monkeypatch):
    """Should the height a room was checked against fall short (here it says 0 pt), the list
    drawn when page 2 starts goes on over pages of its own inserted before it, every line
    once, and the renderer's second sheet follows them."""
    import sheets.render.roster_pdf as roster_pdf

    monkeypatch.setattr(roster_pdf, "army_lists_height", lambda lists, width: 0)
    doc = Document("a4", record=True)
    assert share_first_page(doc, [dust], Rect(30, 400, A4_W, 100))
    _sheets(doc, None, None)
    texts = [_texts(doc, n) for n in range(doc.pages)]
    assert texts[0][0] == "sheet 1" and texts[-1] == ["sheet 2"]
    lines = [t for page in texts for t in page]
    for once in (
        "Army list: Sample Axis force",
        "Sample Laser Squad",
        "Sample Walker",
        "Total: 47 AP   ·   Units: 3",
    ):
        assert lines.count(once) == 1, once
    assert doc.pages == 5


# -- draw_army_lists_in -----------------------------------------------------------------------------


def test_the_list_starts_at_the_top_of_its_region(dust):
    doc = Document("a4", record=True)
    pen = doc.page()
    draw_army_lists_in(doc, pen, Rect(30, 300, A4_W, 400), [dust])
    (heading,) = [it for it in doc.recorder.pages[0]["items"] if it[0] == "h"]
    assert heading[1] == "Army list: Sample Axis force"
    assert heading[2] == pytest.approx((30, 678, 30 + A4_W, 700))


def test_a_region_too_short_goes_on_over_new_pages_losing_nothing(dust):
    """The caller checks ``army_lists_height`` first; when it did not, the list still ends on
    pages the document starts (not past the region's foot), every row once."""
    doc = Document("a4", record=True)
    draw_army_lists_in(doc, doc.page(), Rect(30, 600, A4_W, 150), [dust])
    assert doc.pages == 3
    texts = [t for n in range(3) for t in _texts(doc, n)]
    for once in (
        "Army list: Sample Axis force",
        "Sample Laser Squad",
        "Sample Walker",
        "Total: 47 AP   ·   Units: 3",
    ):
        assert texts.count(once) == 1, once
