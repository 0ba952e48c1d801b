"""Issue 21: what the layout checker records, pinned value by value: every kind of item (text
with and without its frame, a cut text, a tick box, a legend sample, a heading, a pip, a filled
shape, a line) captured in a form and placed through a translation, a non-uniform scale, a
rotation and a shear (each entry of the matrix alone away from the identity), and the light
pages of a long document (their bands, cut texts and language messages, repeated texts).

Coordinates are all different (x ≠ y, dx ≠ dy, sx ≠ sy) so that a swapped pair shows."""

from __future__ import annotations

import math

import pytest

from sheets.render.layout_check import ASCENT, DESCENT, MM, Recorder, _moved, check
from sheets.render.pdf import Rect

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Canvas:
    """What the recorder reads of a canvas: its current matrix."""

    def __init__(self, m=IDENTITY):
        self._currentMatrix = m


def _form_items():
    """One of each item kind, recorded in form space (identity matrix)."""
    rec = Recorder()
    rec.new_page(1, (600, 800))
    c = Canvas()
    rec.begin_capture()
    rec.frames.append(Rect(1, 2, 30, 10))  # x 1..31, y 2..12
    rec.text(c, "Ab", "Sans", 10, 3, 5, 20)
    rec.frames.pop()
    rec.text(c, "Cd", "Sans", 8, 40, 50, 12)
    rec.cut(c, "Full text", "Full…", 7, 9)
    rec.box(c, 11, 13, 10, 5)
    rec.sample += 1
    rec.box(c, 60, 70, 4, 2)
    rec.sample -= 1
    rec.heading(c, "Head", 0, 1, 50, 11)
    rec.pip(c, 5, 6, 2)
    rec.cover(c, [(0, 0), (10, 1), (9, 12)])
    rec.border(c, [(2, 3), (17, 19)], closed=True)
    items = rec.end_capture()
    assert rec._sink is rec.pages[0]["items"] and rec.pages[0]["items"] == []  # back on the page
    return rec, items


def test_items_in_form_space_are_kept_as_drawn():
    _, items = _form_items()
    a, d = ASCENT * 10, DESCENT * 10
    assert items == [
        ("t", "Ab", "Sans", 10, False, (3, 5 - d, 23, 5 + a), (1, 2, 31, 12)),
        ("t", "Cd", "Sans", 8, False, (40, 50 - DESCENT * 8, 52, 50 + ASCENT * 8), None),
        ("x", "Full text", "Full…", 7, 9),
        ("b", (11, 13, 21, 18), False, (10, 5)),
        ("b", (60, 70, 64, 72), True, (4, 2)),
        ("h", "Head", (0, 1, 50, 11)),
        ("p", 5, 6, 2, False),
        ("c", ((0, 0), (10, 1), (9, 12))),
        ("s", ((2, 3), (17, 19)), True),
    ]


def _approx(got, want):
    """Nested tuples equal, numbers to 1e-9."""
    assert type(got) is type(want) or isinstance(got, (int, float)) and isinstance(want, (int, float)), (
        got,
        want,
    )
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want), (got, want)
        for g, w in zip(got, want):
            _approx(g, w)
    elif isinstance(want, float) or isinstance(got, float):
        assert got == pytest.approx(want, abs=1e-9), (got, want)
    else:
        assert got == want


def test_a_translated_form_moves_every_item_by_dx_and_dy():
    rec, items = _form_items()
    rec.place(items, (1, 0, 0, 1, 100, 200))
    a, d = ASCENT * 10, DESCENT * 10
    _approx(
        rec.pages[0]["items"],
        [
            ("t", "Ab", "Sans", 10, False, (103, 205 - d, 123, 205 + a), (101, 202, 131, 212)),
            ("t", "Cd", "Sans", 8, False, (140, 250 - DESCENT * 8, 152, 250 + ASCENT * 8), None),
            ("x", "Full text", "Full…", 107, 209),
            ("b", (111, 213, 121, 218), False, (10, 5)),
            ("b", (160, 270, 164, 272), True, (4, 2)),
            ("h", "Head", (100, 201, 150, 211)),
            ("p", 105, 206, 2, False),
            ("c", ((100, 200), (110, 201), (109, 212))),
            ("s", ((102, 203), (117, 219)), True),
        ],
    )
    assert _moved(items, 0, 0) == items


def test_an_identity_placement_keeps_the_items_themselves():
    rec, items = _form_items()
    rec.place(items, IDENTITY)
    assert rec.pages[0]["items"] == items and rec.pages[0]["items"][0] is items[0]


def test_a_scaled_form_scales_sizes_sides_and_radii():
    """x × 2, y × 3, then moved by (10, 20): sizes scale by sqrt(2 · 3), sides by 2 and 3."""
    rec, items = _form_items()
    rec.place(items, (2, 0, 0, 3, 10, 20))
    k = math.sqrt(6)
    X = lambda x: 2 * x + 10
    Y = lambda y: 3 * y + 20
    a, d = ASCENT * 10, DESCENT * 10
    _approx(
        rec.pages[0]["items"],
        [
            ("t", "Ab", "Sans", 10 * k, False, (X(3), Y(5 - d), X(23), Y(5 + a)), (X(1), Y(2), X(31), Y(12))),
            ("t", "Cd", "Sans", 8 * k, False, (X(40), Y(50 - DESCENT * 8), X(52), Y(50 + ASCENT * 8)), None),
            ("x", "Full text", "Full…", X(7), Y(9)),
            ("b", (X(11), Y(13), X(21), Y(18)), False, (20, 15)),
            ("b", (X(60), Y(70), X(64), Y(72)), True, (8, 6)),
            ("h", "Head", (X(0), Y(1), X(50), Y(11))),
            ("p", X(5), Y(6), 2 * k, False),
            ("c", ((X(0), Y(0)), (X(10), Y(1)), (X(9), Y(12)))),
            ("s", ((X(2), Y(3)), (X(17), Y(19))), True),
        ],
    )


def test_a_rotated_form_takes_the_bounding_box_on_the_page():
    """Turned 90° (x, y) -> (-y, x), then moved by (300, 400): a box w × h stands h × w."""
    rec, items = _form_items()
    rec.place(items, (0, 1, -1, 0, 300, 400))
    got = rec.pages[0]["items"]
    a, d = ASCENT * 10, DESCENT * 10
    _approx(
        got[0], ("t", "Ab", "Sans", 10.0, False, (300 - 5 - a, 403, 300 - 5 + d, 423), (288, 401, 298, 431))
    )
    _approx(got[3], ("b", (300 - 18, 411, 300 - 13, 421), False, (10, 5)))  # its own sides, not the box's
    _approx(got[5], ("h", "Head", (289, 400, 299, 450)))
    _approx(got[6], ("p", 294, 405, 2.0, False))
    _approx(got[2], ("x", "Full text", "Full…", 291, 407))


@pytest.mark.parametrize(
    "m", [(1, 0.5, 0, 1, 0, 0), (1, 0, 0.5, 1, 0, 0), (2, 0, 0, 1, 0, 0), (1, 0, 0, 2, 0, 0)]
)
def test_any_entry_off_the_identity_is_not_a_translation(m):
    """A shear in either direction or a scale of one axis goes through the matrix, not the cheap
    move: the points land where the matrix puts them."""
    rec, items = _form_items()
    rec.place(items, m)
    a, b, c, d, e, f = m
    pip = rec.pages[0]["items"][6]
    _approx(pip[1:3], (a * 5 + c * 6 + e, b * 5 + d * 6 + f))
    line = rec.pages[0]["items"][8]
    _approx(line[1], ((a * 2 + c * 3, b * 2 + d * 3), (a * 17 + c * 19, b * 17 + d * 19)))


@pytest.mark.parametrize(
    "m, sides",
    [
        ((1, 0, 0, 1, 5, 7), (10, 5)),
        ((2, 0, 0, 3, 0, 0), (20, 15)),
        ((1, 0.75, 0, 1, 0, 0), (12.5, 5)),
        ((1, 0, 0.75, 1, 0, 0), (10, 6.25)),
        ((2, 0, 0, 1, 0, 0), (20, 5)),
        ((1, 0, 0, 3, 0, 0), (10, 15)),
    ],
)
def test_a_tick_box_keeps_its_own_sides_through_the_matrix(m, sides):
    rec = Recorder()
    rec.new_page(1, (600, 800))
    rec.box(Canvas(m), 1, 2, 10, 5)
    _approx(rec.pages[0]["items"][0][3], sides)


def test_a_text_under_a_matrix_is_measured_at_its_size_on_paper():
    rec = Recorder()
    rec.new_page(1, (600, 800))
    rec.frames.append(Rect(0, 0, 100, 20))
    rec.text(Canvas((2, 0, 0, 2, 10, 30)), "Zz", "Sans", 7, 1, 3, 5)
    rec.text(Canvas((1, 0, 0, 1, 10, 30)), "Yy", "Sans", 7, 1, 3, 5)
    z, y = rec.pages[0]["items"]
    _approx(z[3], 14.0)
    _approx(z[6], (10, 30, 210, 70))
    _approx(y[3], 7.0)
    _approx(y[5], (11, 33 - DESCENT * 7, 16, 33 + ASCENT * 7))
    rec.pip(Canvas((3, 0, 0, 3, 1, 2)), 4, 5, 1.5)
    _approx(rec.pages[0]["items"][2], ("p", 13, 17, 4.5, False))
    rec.cut(Canvas((1, 0, 0, 1, 4, 6)), "Whole", "Wh…", 1, 2)
    assert rec.pages[0]["items"][3] == ("x", "Whole", "Wh…", 5, 8)


def test_drawing_before_the_first_page_lands_on_a_page_0():
    rec = Recorder()
    rec.pip(Canvas(), 1, 2, 3)
    assert rec.pages == [
        {"number": 0, "size": (0, 0), "lang": "en", "items": [("p", 1, 2, 3, False)], "marks": {}}
    ]


# -- light pages --------------------------------------------------------------------------------

A4 = (595.2755905511812, 841.8897637795277)


def _light(lang="ru", full_pages=0):
    rec = Recorder(lang)
    rec.full_pages = full_pages
    return rec


def test_a_light_page_keeps_its_texts_bands_and_cuts():
    """A4 has 277 mm between its 10 mm margins: 55 bands of 5 mm. Texts in 3 bands (two in one)."""
    rec = _light("en")
    rec.new_page(1, A4)
    assert rec.targets() == (None, rec) and rec.pages == []
    h = A4[1]
    rec.light("Armour", h - 20 * MM, None)
    rec.light("Armour", h - 21 * MM, None)  # the same band (15-20 mm from the foot... same 5 mm)
    rec.light("Walk", h - 40 * MM, "Walking speed")
    rec.light("Run", 3 * MM, None)
    rec.settle()
    ((number, violations, fill, texts, cuts, _marks),) = rec.done
    assert number == 1 and violations == []
    assert texts == ["Armour", "Armour", "Walk", "Run"]
    assert cuts == [("Walking speed", "Walk", (0.0, 40.0))]
    bands = {
        int((h - 20 * MM) // (5 * MM)),
        int((h - 21 * MM) // (5 * MM)),
        int((h - 40 * MM) // (5 * MM)),
        0,
    }
    assert fill == pytest.approx(len(bands) / 55)
    assert rec._light is None


def test_a_full_page_is_kept_whole_up_to_full_pages_and_light_after():
    rec = _light("en", full_pages=2)
    rec.new_page(1, A4)
    assert rec.targets() == (rec, None)
    rec.new_page(2, A4)
    assert rec.targets() == (rec, None)
    rec.new_page(3, A4)
    assert rec.targets() == (None, rec)
    assert [p["number"] for p in rec.pages] == [1, 2]
    rec.light("x", 100, None)
    rec.settle()
    assert [d[0] for d in rec.done] == [1, 2, 3] and rec.pages == []


@pytest.mark.parametrize("stream", [True, False])
def test_light_pages_report_english_on_a_russian_page_at_every_use(stream):
    """The same English text twice on one page and once on the next: three messages (one per
    run, the same wording), each page's own; a Russian text none; a user's word allowed. Kept
    (not streamed), every light page is measured too, not only the last (the bug this found)."""
    rec = Recorder("ru", stream=stream)
    rec.full_pages = 0
    rec.allow({"Harpy"})
    h = A4[1]
    rec.new_page(1, A4)
    rec.light("Броня Armour", h - 30 * MM, None)
    rec.light("Броня Armour", h - 50 * MM, None)
    rec.light("Броня", h - 60 * MM, None)
    rec.light("Отряд Harpy", h - 70 * MM, None)
    rec.new_page(2, A4)
    rec.light("Броня Armour", h - 80 * MM, None)
    found = [(v.page, v.kind, v.message, v.where) for v in check(rec)]
    msg = "Latin 'Armour' on a Russian page in 'Броня Armour'"
    assert found == [
        (1, "language", msg, (0.0, 30.0)),
        (1, "language", msg, (0.0, 50.0)),
        (1, "blank", "only 7% of the page is used (at least 33% on a page that is not the last)", (0.0, 0.0)),
        (2, "language", msg, (0.0, 80.0)),
        (2, "blank", "only 2% of the page is used (at least 33%)", (0.0, 0.0)),
    ]
    assert [d[3] for d in rec.done] == [
        ["Броня Armour", "Броня Armour", "Броня", "Отряд Harpy"],
        ["Броня Armour"],
    ]


def test_light_page_language_on_an_english_page_is_not_checked():
    rec = _light("en")
    rec.new_page(1, A4)
    rec.light("armor_diagram Armour", 300, None)
    rec.settle()
    assert rec.done[0][1] == []


def test_allow_after_a_light_text_was_seen_measures_it_again():
    rec = _light("ru")
    rec.new_page(1, A4)
    rec.light("Harpy", 300, None)
    rec.allow({"Harpy"})
    rec.light("Harpy", 280, None)
    rec.settle()
    ((_, violations, *_),) = rec.done
    assert [v[2] for v in violations] == ["Latin 'Harpy' on a Russian page in 'Harpy'"]


def test_a_streaming_recorder_measures_each_page_when_the_next_starts():
    rec = Recorder("en", stream=True)
    rec.new_page(1, A4)
    rec.pip(Canvas(), 100, 100, 1.0)  # 2 mm across: too small
    assert rec.done == []
    rec.new_page(2, A4)
    assert [d[0] for d in rec.done] == [1] and [p["number"] for p in rec.pages] == [2]
    assert [v[1] for v in rec.done[0][1]] == ["tick"]
    rec.new_page(3, A4)
    assert [d[0] for d in rec.done] == [1, 2]
