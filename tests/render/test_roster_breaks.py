"""Issue 35: where an army list breaks onto a new page, in points, on both sides of every
boundary — the summary chips and list violations (20 pt a row of four chips, 16 pt for the
violations' heading and 12 pt a line), the totals box (46 pt), a list that shares a page (its
title, first group and totals), a group that moves whole to a new page, the rows of a group
longer than a page — and what each page left behind carries: the footer with the tool's name
and the game. Drawn into a frame 180 pt wide at (30, 100) (an A4 page), so every limit is a
literal number."""

from __future__ import annotations

import pytest

from render.test_roster_drawn import FOOT, rich
from sheets.render import fonts
from sheets.render.pdf import Document, Pen, Rect
from sheets.render.roster_pdf import _tally_and_violations

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
