"""Issue 35: the army list's table in points — which columns it keeps, how wide each one is
(natural widths plus the spare width, or shrunk down to the longest word when they do not fit,
or scaled when even that is too wide), where a cell wraps, and the heights of rows and groups."""

from __future__ import annotations

import pytest

from sheets.render.pdf import Document
from sheets.render.roster_pdf import (
    _cell_lines,
    _col_widths,
    _columns,
    _fmt,
    _group_h,
    _row_h,
    _table,
    _table_h,
)


def _cols(*pairs):
    return [{"key": k, "label": label} for k, label in pairs]


UNIT = _cols(("no", "#"), ("name", "Unit"), ("kind", "Type"), ("cost", "BV"))
ROWS = [["1", "Alpha", "Mech", "20"], ["2", "Bravo", "Tank", "5"]]
NATURAL = [13.622, 31.265, 29.688, 19.557]  # the widest cell or bold header, + 6.5 pt padding
RULES = _cols(("no", "#"), ("name", "Unit"), ("notes", "Special rules"), ("cost", "BV"))


def _approx(xs):
    return pytest.approx(xs, abs=0.01)


def test_columns_at_their_natural_widths_exactly():
    assert _col_widths(UNIT, ROWS, sum(NATURAL)) == _approx(NATURAL)


def test_the_spare_width_half_to_the_name_half_shared_by_the_others_not_the_number():
    # 300 - 94.13 = 205.87 spare: 102.93 to Unit, 51.47 each to Type and BV
    assert _col_widths(UNIT, ROWS, 300) == _approx([13.62, 134.2, 81.16, 71.02])


def test_without_a_name_column_the_last_one_takes_the_names_half():
    cols = _cols(("no", "#"), ("kind", "Type"), ("cost", "BV"))
    assert _col_widths(cols, [["1", "Mech", "20"]], 200) == _approx([13.62, 98.25, 88.12])


def test_a_name_alone_beside_the_number_takes_all_the_spare():
    assert _col_widths(_cols(("no", "#"), ("name", "Unit")), [["1", "Alpha"]], 200) == _approx(
        [13.62, 186.38]
    )


@pytest.mark.parametrize(
    "cells, width, want",
    [
        # the two wordy columns are the widest: they give up width together, evenly
        (
            ["1", "Heavy assault lance leader", "jump jets, ECM suite, targeting computer, CASE", "1500"],
            200,
            [13.62, 79.12, 79.12, 28.13],
        ),
        (
            ["1", "Heavy assault lance", "jump jets, ECM suite, targeting computer", "1500"],
            150,
            [13.62, 54.12, 54.12, 28.13],
        ),
    ],
)
def test_too_wide_the_widest_columns_shrink_first(cells, width, want):
    got = _col_widths(RULES, [cells], width)
    assert got == _approx(want) and sum(got) == pytest.approx(width)


def test_two_equal_wordy_columns_shrink_alike():
    cols = _cols(("no", "#"), ("name", "Unit"), ("notes", "Notes"))
    assert _col_widths(cols, [["1", "aaaa bbbb cccc dddd", "aaaa bbbb cccc dddd"]], 100) == _approx(
        [13.62, 43.19, 43.19]
    )


def test_single_words_too_long_for_the_width_are_scaled_to_fit_it():
    got = _col_widths(RULES, [["1", "Supercalifragilistic", "Antidisestablishmentarianism", "1500"]], 100)
    assert got == _approx([5.25, 32.76, 51.15, 10.84]) and sum(got) == pytest.approx(100)


def test_without_a_name_column_of_four_the_last_one_takes_half_the_others_a_quarter():
    # 300 - 97.2 = 202.8 spare (natural 13.62, 29.69, 34.34, 19.56): 101.4 to BV, 50.7 each to
    # Type and Notes
    cols = _cols(("no", "#"), ("kind", "Type"), ("notes", "Notes"), ("cost", "BV"))
    assert _col_widths(cols, [["1", "Mech", "fast", "20"]], 300) == _approx([13.62, 80.39, 85.04, 120.95])


def test_single_words_half_a_point_too_wide_are_scaled():
    # every floor is the natural width (94.13 pt): 93.63 pt scales them all by 0.9947
    got = _col_widths(UNIT, ROWS, sum(NATURAL) - 0.5)
    assert got == _approx([13.55, 31.10, 29.53, 19.45]) and sum(got) == pytest.approx(sum(NATURAL) - 0.5)


# columns without a header whose cells are runs of narrow letters: "f i" is 14.56 pt wide, its
# floor the 14 pt minimum; "f f f f" 26.58 pt, "f f f t" 26.92 pt, their floors 14 pt too


def test_a_column_half_a_point_over_its_floor_gives_up_the_half_point():
    cols = _cols(("no", "#"), ("name", ""))
    assert _col_widths(cols, [["1", "f i"]], 13.62 + 14.56) == _approx([13.62, 14.56])
    assert _col_widths(cols, [["1", "f i"]], 13.62 + 14.06) == _approx([13.62, 14.06])  # not scaled


def test_a_wordy_column_stops_at_14_pt_then_everything_is_scaled():
    # 13.62 (#) + 14 (the floor of "f f f f f f", 35 pt natural) = 27.62 pt scaled to 20
    cols = _cols(("no", "#"), ("notes", ""))
    assert _col_widths(cols, [["1", "f f f f f f"]], 20) == _approx([9.86, 10.14])


def test_the_wider_column_comes_down_to_the_next_before_both_shrink():
    # 26.92 and 26.58 pt, 5 pt too wide: the first gives 0.34 pt, then both 2.33 pt
    cols = _cols(("no", "#"), ("name", ""), ("notes", ""))
    got = _col_widths(cols, [["1", "f f f t", "f f f f"]], 13.62 + 26.92 + 26.58 - 5)
    assert got == _approx([13.62, 24.25, 24.25])


def test_the_widest_columns_give_up_just_the_excess_when_a_narrower_one_could_shrink_too():
    # two columns of 26.58 pt and one of 14.56 pt (over its floor), 2 pt too wide: 1 pt each
    # from the two widest, nothing from the third, the width filled exactly
    cols = _cols(("no", "#"), ("name", ""), ("notes", ""), ("kind", ""))
    width = 13.622 + 26.575 + 26.575 + 14.556 - 2
    got = _col_widths(cols, [["1", "f f f f", "f f f f", "f i"]], width)
    assert got == _approx([13.62, 25.58, 25.58, 14.56]) and sum(got) == pytest.approx(width)


def test_an_empty_header_still_measures():
    assert _col_widths(_cols(("no", ""), ("name", "Unit")), [["1", "A"]], 20) == _approx([6.21, 13.79])


def test_a_cell_wraps_only_past_its_natural_width():
    natural = 50.158  # "two words" at 8.5 pt + 6.5
    assert _cell_lines("two words", natural) == ["two words"]
    assert _cell_lines("two words", natural - 0.3) == ["two", "words"]
    assert _cell_lines("", 40) == [""]
    assert _cell_lines("Type Unit", 50.0) == ["Type Unit"]  # Sans by default


def test_row_table_and_group_heights():
    assert _row_h([40, 40], ["x", "two words here"], "Sans") == 13 + 2 * 9.5
    assert _table_h([40, 40], ["A", "B"], [["x", "two words here"], ["y", "z"]]) == 13 + 32 + 13
    assert _group_h({"rows": [{}, {}], "title": "Point 1"}) == 13 * 3 + 16 + 22
    assert _group_h({"rows": [{}], "title": ""}) == 13 * 2 + 22
    assert _group_h({"rows": [], "title": "Point 1"}, 100.0) == 138


def test_a_table_drawn_cell_by_cell():
    """Columns of 14, 48 and 40 pt at (100, 500): the header "Unit type" (45.5 pt in Sans, 50.8
    in bold) wraps as it is bold, its row 22.5 pt high; a single word wider than its cell less
    the 3 pt paddings shrinks to fit (6.6 pt, over the 6 pt floor), a bold header too; every
    text belongs to its cell's frame (text leaving it is a layout error)."""
    doc = Document("a4", record=True)
    pen = doc.page()
    args = ([14, 48, 40], ["#", "Unit type", "Terrain"], [["1", "Alpha", "Battlefield"]])
    assert _table(pen, 100, 500, *args, ["right", "left", "center"]) == 22.5 + 13
    assert _table_h(*args) == 22.5 + 13
    got = [
        (it[1], it[2], round(it[3], 3), round(it[5][0], 2), round(it[5][1], 2), it[6])
        for it in doc.recorder.pages[0]["items"]
        if it[0] == "t"
    ]
    head, row = (100, 477.5, 114, 500), (100, 464.5, 114, 477.5)
    assert got == [
        ("#", "Sans-Bold", 8.5, 103.88, 483.9, head),
        ("Unit", "Sans-Bold", 8.5, 117.0, 488.65, (114, 477.5, 162, 500)),
        ("type", "Sans-Bold", 8.5, 117.0, 479.15, (114, 477.5, 162, 500)),
        ("Terrain", "Sans-Bold", 8.333, 165.02, 483.94, (162, 477.5, 202, 500)),
        ("1", "Sans", 8.5, 105.59, 466.15, row),
        ("Alpha", "Sans", 8.5, 117.0, 466.15, (114, 464.5, 162, 477.5)),
        ("Battlefield", "Sans", 6.616, 165.02, 466.55, (162, 464.5, 202, 477.5)),
    ]


def test_the_columns_kept():
    data = {
        "labels": {"col_no": "№"},
        "columns": _cols(
            ("name", "Unit"), ("pilot", "Pilot"), ("model", "Model"), ("kind", "Type"), ("cost", "BV")
        ),
        "groups": [{"rows": [{"pilot": "", "model": None, "kind": "Mech"}, {"kind": ""}]}],
    }
    # Unit and BV stay when blank, the number column comes first, Pilot and Model (blank) go
    assert _columns(data) == _cols(("no", "№"), ("name", "Unit"), ("kind", "Type"), ("cost", "BV"))


def test_cell_values():
    assert [_fmt(None), _fmt(20.0), _fmt(2.5), _fmt(7), _fmt("x")] == ["—", "20", "2.5", "7", "x"]
