"""Issue 35: where an army list breaks onto a new page, in points, on both sides of every
boundary — the summary chips and list violations (20 pt a row of four chips, 16 pt for the
violations' heading and 12 pt a line), the totals box (46 pt), a list that shares a page (its
title, first group and totals), a group that moves whole to a new page, the rows of a group
longer than a page — and what each page left behind carries: the footer with the tool's name
and the game. Drawn into a frame 180 pt wide at (30, 100) (an A4 page), so every limit is a
literal number."""

from __future__ import annotations

import pytest

from render.test_roster_drawn import FOOT, _row, rich
from sheets.render import fonts
from sheets.render.pdf import Document, Pen, Rect
from sheets.render.roster_pdf import _draw_one, _tally_and_violations

FRAME = Rect(30, 100, 180, 500)  # top 600
TROOPS = {"text": "Troops 3 / 2–6", "ok": True}  # 68.35 pt wide with its 4 pt pads
ELITE = {"text": "Elite 4 / 0–2", "ok": False}  # 63.44 pt (bold: a breach)


def _texts(doc, page):
    """The page's texts with the foot of each one's box (rounded to 0.1 pt)."""
    return [(it[1], round(it[5][1], 1)) for it in doc.recorder.pages[page]["items"] if it[0] == "t"]


CHIP_FOOT, HEADING_FOOT = 11.8, 12.1  # a chip's text and the violations' heading, under y


def _footer_only(doc, page):
    """The page holds nothing but the footer: the tool's name left, the game right (9.5 pt
    under the frame)."""
    items = [it for it in doc.recorder.pages[page]["items"] if it[0] == "t"]
    assert [(it[1], it[2], it[3], round(it[5][1], 2)) for it in items] == [
        (FOOT, "Sans", 6.5, 89.14),
        ("Test Game", "Sans", 6.5, 89.14),
    ]
    assert items[0][5][0] == 30 and items[1][5][2] == pytest.approx(210)


# -- the summary chips and the list violations ------------------------------------------------


def _tally(y, chips, lines, frame=FRAME):
    doc = Document("a4", record=True)
    pen = doc.page()
    data = rich(tally=chips, violations=lines)
    return doc, _tally_and_violations(doc, pen, frame, y, data)


@pytest.mark.parametrize(
    "chips, lines, need",
    [
        ([TROOPS], [], 20),  # one row of chips
        ([TROOPS] * 3, [], 20),
        ([TROOPS] * 4, [], 40),  # four chips are counted as two rows
        ([], ["One", "Two"], 16 + 24),  # the heading and two lines
        ([TROOPS], ["One"], 20 + 16 + 12),
    ],
)
def test_the_chips_and_violations_stay_when_they_fit_to_the_point(chips, lines, need):
    doc, (pen, y) = _tally(100 + need, chips, lines)
    assert doc.pages == 1 and pen is doc.pen
    first, foot = _texts(doc, 0)[0]
    assert first == (chips[0]["text"] if chips else "List violations:")
    assert foot == pytest.approx(100 + need - (CHIP_FOOT if chips else HEADING_FOOT))


@pytest.mark.parametrize(
    "chips, lines, need, end",
    [
        ([TROOPS], [], 20, 600 - 24),
        ([TROOPS] * 3, [], 20, 600 - 18 - 24),  # (three chips take two rows of this frame)
        ([TROOPS] * 4, [], 40, 600 - 18 - 24),
        ([], ["One", "Two"], 40, 600 - 40),
        ([TROOPS], ["One"], 48, 600 - 24 - 28),
    ],
)
def test_half_a_point_short_they_start_a_page_under_the_footer(chips, lines, need, end):
    doc, (pen, y) = _tally(100 + need - 0.5, chips, lines)
    assert doc.pages == 2 and y == end
    _footer_only(doc, 0)
    texts = _texts(doc, 1)
    top = (chips[0]["text"], 600 - CHIP_FOOT) if chips else ("List violations:", 600 - HEADING_FOOT)
    assert texts[0] == top
    assert [t for t, _ in texts[len(chips) :]] == (
        ["List violations:"] + [f"• {line}" for line in lines] if lines else []
    )


def test_nothing_to_show_starts_no_page():
    doc, (pen, y) = _tally(100.5, [], [])
    assert doc.pages == 1 and y == 100.5 and _texts(doc, 0) == []


def test_a_chip_reaching_the_frames_right_edge_stays_on_its_row():
    troops = fonts.width(TROOPS["text"], "Sans", 8.5) + 8
    elite = fonts.width(ELITE["text"], "Sans-Bold", 8.5) + 8
    assert (troops, elite) == (pytest.approx(68.35, abs=0.01), pytest.approx(63.44, abs=0.01))
    exact = Rect(0, 100, troops + 4 + elite, 500)  # the two chips and the 4 pt between them
    doc, _ = _tally(400, [TROOPS, ELITE], [], exact)
    assert _texts(doc, 0) == [(TROOPS["text"], 388.2), (ELITE["text"], 388.2)]
    narrower = Rect(0, 100, troops + 4 + elite - 0.5, 500)
    doc, _ = _tally(400, [TROOPS, ELITE], [], narrower)
    assert _texts(doc, 0) == [(TROOPS["text"], 388.2), (ELITE["text"], 370.2)]  # 18 pt lower


def test_the_chips_frames_and_the_violations_in_the_warning_colour(monkeypatch):
    """A chip within its limit is filled, framed 0.5 pt; a breach is not filled, framed 1.6 pt
    and bold; the violations' heading and lines are in the warning colour, shrunk to the
    frame (the lines start 8 pt in)."""
    rects, runs = [], {}
    rect, run = Pen.rect, Pen._run
    monkeypatch.setattr(
        Pen,
        "rect",
        lambda self, r, *a, **k: (
            rects.append((round(r.w, 2), r.h, k.get("fill") is not None, k.get("width"))),
            rect(self, r, *a, **k),
        ),
    )
    monkeypatch.setattr(
        Pen, "_run", lambda self, x, y, t, f, s, rgb: (runs.setdefault(t, rgb), run(self, x, y, t, f, s, rgb))
    )
    doc = Document("a4", record=True)
    pen = doc.page()
    data = rich(
        tally=[TROOPS, ELITE],
        violations=["More heavy support units than the platoons allow"],
        labels=dict(rich()["labels"], violations="Violations of the army list rules"),
    )
    _tally_and_violations(doc, pen, FRAME, 400, data)
    assert rects == [(68.35, 14, True, 0.5), (63.44, 14, False, 1.6)]
    warn = tuple(doc.theme.warn)
    assert runs == {
        TROOPS["text"]: tuple(doc.theme.ink),
        ELITE["text"]: warn,
        "Violations of the army list rules:": warn,
        "• More heavy support units than the platoons allow": warn,
    }
    got = [(it[1], it[2], round(it[3], 3), it[5][0]) for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    assert got[2:] == [
        ("Violations of the army list rules:", "Sans-Bold", 9.875, 30),  # 182.1 pt at 10 pt
        ("• More heavy support units than the platoons allow", "Sans", 6.664, 38),  # 232.1 at 9
    ]


# -- the list's own pages -----------------------------------------------------------------------

CELLS = {"#", "Unit", "Type", "Notes", "BV", "Mech", "10", "slow and steady,", "always"}  # (and the notes)


def _list(*groups, **over):
    return rich(
        **{
            "name": "L",
            "groups": list(groups),
            "tally": [],
            "violations": [],
            "over": False,
            "limit": None,
            **over,
        }
    )


def _group(title, first, n, notes=""):
    """A group of ``n`` rows U<first>, U<first + 1>, …; a row is 13 pt high (22.5 when its notes
    take two lines)."""
    rows = [_row(i, f"U{i:03d}", "Mech", 10, notes) for i in range(first, first + n)]
    return {"title": title, "rows": rows, "subtotal": 10 * n}


def _draw(data, height, y=None):
    """The list drawn into a frame ``height`` pt high at (30, 100), 180 wide: on a new page, or
    at ``y`` under what a page already holds; ten pages at most (a runaway loop fails)."""
    doc = Document("a4", record=True)
    opened = doc.page

    def page(size=None):
        assert doc.pages < 10, "the list runs on over ten pages"
        return opened(size)

    doc.page = page
    pen = None if y is None else doc.page()
    pen, end = _draw_one(doc, pen, 0.0 if y is None else y, Rect(30, 100, 180, height), data)
    return doc, end


def _layout(doc):
    """Per page: its rows ("U001-U006"), then its other texts (not the table's cells), "FOOT"
    for the footer (the game's name beside it left out)."""
    out = []
    for p in doc.recorder.pages:
        texts = [it[1] for it in p["items"] if it[0] == "t"]
        rows = [t for t in texts if t[:1] == "U" and t[1:].isdigit()]
        other = [
            "FOOT" if t == FOOT else t
            for t in texts
            if t not in rows and t not in CELLS and not t.isdigit() and "word" not in t and t != "Test Game"
        ]
        out.append((f"{rows[0]}-{rows[-1]}" if rows else "", other))
    return out


HEAD = ["Army list: L", "Test Game · Second edition"]
TOTALS = ["Total: 47 BV   ·   Units: 3", "no limit set"]


def test_a_list_without_groups_shares_the_page_with_143_pt_left():
    """Its title (36 + 16), an empty table's worth (13 + 22) and the totals (56): 143 pt from
    ``y``, the 14 pt gap included."""
    doc, end = _draw(_list(), 500, y=100 + 143)
    assert doc.pages == 1 and end == 100 + 143 - 14 - 52 - 56
    assert _layout(doc) == [("", HEAD + TOTALS)]
    doc, end = _draw(_list(), 500, y=100 + 142.5)
    assert _layout(doc) == [("", ["FOOT"]), ("", HEAD + TOTALS)]
    _footer_only(doc, 0)
    assert end == 600 - 52 - 56


def test_long_texts_shrink_to_the_frame():
    data = _list(
        _group("Point A: the heavy support platoon", 1, 2),
        rules_name="Second edition, revised and expanded",
        labels=dict(rich()["labels"], total="Total of the army", units_count="Units in it"),
        limit=40,
        over=True,
    )
    doc, _ = _draw(data, 500)
    got = [(it[1], it[2], round(it[3], 3), it[5][0]) for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    sized = [g for g in got if g[2] != 8.5]  # (the table keeps its size)
    assert sized == [
        ("Army list: L", "Sans-Bold", 13, 33),
        ("Test Game · Second edition, revised and expanded", "Sans", 7.018, 30),  # 180 pt wide
        ("Point A: the heavy support platoon", "Sans-Bold", 9.083, 30),
        (
            "Total of the army: 47 BV   ·   Units in it: 3",
            "Sans-Bold",
            7.059,
            38,
        ),  # 164 pt: the box less 8 + 8
        ("Limit: 40 BV  —  OVER THE LIMIT by 7 BV", "Sans-Bold", 7.143, 38),
    ]


@pytest.mark.parametrize(
    "height, pages",
    [
        # 16 rows of 13 pt: 52 pt of title, then rows while 50 pt and the header stay under them
        # (193 - 52 - 50 - 13 = 78 = six rows exactly); on the next pages 193 - 50 - 13 = 130
        (193, ["U001-U006", "U007-U016", ""]),  # (the totals do not fit under 10 rows: 46 pt)
        (192.5, ["U001-U005", "U006-U014", "U015-U016"]),
        # three rows fit under the title (154 - 115 = 39): they stay; two would move on
        (154, ["U001-U003", "U004-U010", "U011-U016"]),
        (153.5, ["", "U001-U006", "U007-U012", "U013-U016"]),
        (127, ["", "U001-U004", "U005-U008", "U009-U012", "U013-U016"]),  # no row at all
    ],
)
def test_a_group_longer_than_the_frame_breaks_where_its_rows_fill_it(height, pages):
    doc, _ = _draw(_list(_group("", 1, 16)), height)
    got = _layout(doc)
    assert [rows for rows, _ in got] == pages
    assert got[0][1] == HEAD + ["FOOT"]
    assert [other for _, other in got[1:-1]] == [["FOOT"]] * (len(pages) - 2)
    assert got[-1][1] == TOTALS
    for n in range(len(pages) - 1):  # the footer ends every page but the last
        assert _texts(doc, n)[-2:] == [(FOOT, 89.1), ("Test Game", 89.1)]


def test_the_totals_stay_with_46_pt_left_and_the_chips_go_on():
    # 197 pt: six rows under the title, ten on page 2 end 54 pt over the frame's foot; the
    # group's 8 pt under them leave the totals box (40 pt + 6) exactly its room, and the chip
    # (20 pt) starts page 3
    doc, end = _draw(_list(_group("", 1, 16), tally=[TROOPS]), 197)
    assert _layout(doc) == [
        ("U001-U006", HEAD + ["FOOT"]),
        ("U007-U016", TOTALS + ["FOOT"]),
        ("", [TROOPS["text"]]),
    ]
    box = [it for it in doc.recorder.pages[1]["items"] if it[0] == "s" and len(it[1]) == 4]
    assert [round(min(p[1] for p in it[1]), 2) for it in box] == [100]  # the box's foot on the frame's
    assert end == 297 - 24
    # half a point less: the totals start page 3 under the footer
    doc, end = _draw(_list(_group("", 1, 16), tally=[TROOPS]), 196.5)
    assert _layout(doc) == [
        ("U001-U006", HEAD + ["FOOT"]),
        ("U007-U016", ["FOOT"]),
        ("", TOTALS + [TROOPS["text"]]),
    ]
    assert _texts(doc, 1)[-2:] == [(FOOT, 89.1), ("Test Game", 89.1)]
    assert end == 296.5 - 56 - 24


def test_a_row_taller_than_the_frame_gets_a_page_of_its_own():
    """A row of 20 lines (193.5 pt) in a frame of 197: it cannot fit under the title, nor on a
    page (134 pt under the header and the 50 pt): it takes one page, the next row the next."""
    group = _group("", 1, 2)
    group["rows"][0]["notes"] = "word " * 60
    doc, _ = _draw(_list(group), 197)
    assert _layout(doc) == [("", HEAD + ["FOOT"]), ("U001-U001", ["FOOT"]), ("U002-U002", TOTALS)]


def test_rows_of_half_the_frame_go_one_a_page():
    group = _group("", 1, 3, notes="word " * 24)  # 8 lines: 79.5 pt a row, 134 pt a page
    doc, _ = _draw(_list(group), 197)
    assert _layout(doc) == [
        ("", HEAD + ["FOOT"]),
        ("U001-U001", ["FOOT"]),
        ("U002-U002", ["FOOT"]),
        ("U003-U003", TOTALS),
    ]


@pytest.mark.parametrize(
    "height, pages",
    [
        # Point B (20 rows: 13 × 21 + 16 + 22 = 311 pt) fits a page of its own, less its 50 pt,
        # in 361 pt: it moves whole to page 2
        (
            361,
            [("U001-U003", ["Point A", "Subtotal: 30", "FOOT"]), ("U004-U023", ["Point B", "Subtotal: 200"])],
        ),
        # 360.5: it does not, so it starts under Point A and goes on
        (
            360.5,
            [
                ("U001-U013", ["Point A", "Subtotal: 30", "Point B", "FOOT"]),
                ("U014-U023", ["Subtotal: 200"]),
            ],
        ),
    ],
)
def test_a_group_that_fits_a_page_of_its_own_moves_there_whole(height, pages):
    doc, _ = _draw(_list(_group("Point A", 1, 3), _group("Point B", 4, 20)), height)
    got = _layout(doc)
    assert got[0] == (pages[0][0], HEAD + pages[0][1])
    assert got[1] == (pages[1][0], pages[1][1] + TOTALS)


@pytest.mark.parametrize(
    "height, pages",
    [
        # Point B (10 rows, 181 pt) under Point A ends 50 pt over the frame's foot in 373 pt
        (373, 1),
        (372.5, 2),  # 49.5 pt: it moves to page 2
    ],
)
def test_a_group_keeps_50_pt_under_it(height, pages):
    doc, _ = _draw(_list(_group("Point A", 1, 3), _group("Point B", 4, 10)), height)
    got = _layout(doc)
    assert [rows for rows, _ in got] == (["U001-U013"] if pages == 1 else ["U001-U003", "U004-U013"])
    assert ("Point B" in got[0][1]) is (pages == 1)


NOTES = "slow and steady, always"  # two lines in its column: the row is 22.5 pt high


def test_a_group_is_measured_with_its_wrapped_rows():
    """Point B (six rows of two lines: 13 + 6 × 22.5 + 16 + 22 = 186 pt, 129 if every row took
    one line) at 208 pt over the frame's foot in 350 pt: it fits a page of its own but not its
    place less 50 pt, and moves whole; in 220 pt it fits no page of its own (170): it starts
    under Point A, where none of its rows fit, so they all go to page 2."""
    data = _list(_group("Point A", 1, 3), _group("Point B", 10, 6, NOTES))
    doc, _ = _draw(data, 350)
    assert _layout(doc) == [
        ("U001-U003", HEAD + ["Point A", "Subtotal: 30", "FOOT"]),
        ("U010-U015", ["Point B", "Subtotal: 60"] + TOTALS),
    ]
    doc, _ = _draw(data, 220)
    assert _layout(doc) == [  # (its title left under Point A: the known defect)
        ("U001-U003", HEAD + ["Point A", "Subtotal: 30", "Point B", "FOOT"]),
        ("U010-U015", ["Subtotal: 60"] + TOTALS),
    ]


@pytest.mark.parametrize(
    "notes, need",
    [
        # its title (14 + 36 + 16), Point A (three rows: 16 + 52 + 22) and the 50 pt the group
        # keeps under it
        ("", 14 + 52 + 90 + 50),
        (NOTES, 14 + 52 + 118.5 + 50),  # rows of two lines: 13 + 3 × 22.5 for the table
    ],
)
def test_a_list_under_another_starts_a_page_unless_its_first_group_stays_under_its_title(notes, need):
    """A bug found here: the list stayed under the previous one with 8 pt less than its first
    group keeps under it (or more, its rows wrapping): its title was left at the page's foot,
    the group moved on to the next page."""
    data = _list(_group("Point A", 1, 3, notes))
    doc, _ = _draw(data, 500, y=100 + need)
    assert _layout(doc) == [("U001-U003", HEAD + ["Point A"] + TOTALS)]
    for short in (0.5, 8):
        doc, _ = _draw(data, 500, y=100 + need - short)
        assert _layout(doc) == [("", ["FOOT"]), ("U001-U003", HEAD + ["Point A"] + TOTALS)]
