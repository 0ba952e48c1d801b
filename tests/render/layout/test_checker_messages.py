"""Issue 21: the layout checker's words, pinned literally: where a problem is (x and y in mm from
the page's top-left corner, one decimal), how a text is quoted (whole up to 40 characters, 37 and
"..." past it), the summary (identical lines folded with a count, the same message on two pages
kept apart, the 40-line limit pushed one past), a whole-document line, and the coverage values
a layout must print (path patterns, list indices left out of the name, a card-size variant,
blank texts skipped, the same field in several units)."""

from __future__ import annotations

import pytest

from sheets.render import layout_check
from sheets.render.layout_check import Violation, _norm, _q, _TextIndex, check, coverage_values, summary
from sheets.render.pdf import MM, Document


def _doc(lang="en"):
    doc = Document("a4", lang=lang, record=True)
    return doc, doc.page()


def _raw(pen, x, y, text, size):
    from sheets.render import fonts

    pen.rec.text(pen.c, text, "Sans", size, x, y, fonts.width(text, "Sans", size))


def test_where_is_x_then_y_from_the_top_left_corner_in_mm():
    """A4 is 297 mm tall: a run whose ink top is 97.0 mm from the foot is 200.0 mm down."""
    doc, pen = _doc()
    _raw(pen, 40.26 * MM, 97.0 * MM - 4 * 0.73, "tiny", 4)
    doc.finish()
    (v,) = check(doc.recorder)
    assert v.where == (40.3, 200.0)
    assert str(v) == "page 1 (40, 200 mm): font: 'tiny' is 4.0 pt (at least 6 pt)"
    doc, pen = _doc()
    _raw(pen, 12 * MM, 297 * MM - 33 * MM - 4 * 0.73, "tiny", 4)
    doc.finish()
    (v,) = check(doc.recorder)
    assert v.where == (12.0, 33.0)
    assert str(v) == "page 1 (12, 33 mm): font: 'tiny' is 4.0 pt (at least 6 pt)"


@pytest.mark.parametrize(
    "n, quoted",
    [
        (39, "'" + "a" * 39 + "'"),
        (40, "'" + "a" * 40 + "'"),
        (41, "'" + "a" * 37 + "...'"),
        (80, "'" + "a" * 37 + "...'"),
    ],
)
def test_a_quoted_text_is_whole_up_to_40_characters(n, quoted):
    assert _q("a" * n) == quoted
    doc, pen = _doc()
    _raw(pen, 50, 700, "a" * n, 4)
    doc.finish()
    (v,) = check(doc.recorder)
    assert v.message == f"{quoted} is 4.0 pt (at least 6 pt)"


def test_a_document_line_names_no_page():
    v = Violation(0, "coverage", "name 'Ludwig' is not printed", (0.0, 0.0))
    assert str(v) == "document: coverage: name 'Ludwig' is not printed"
    assert str(Violation(3, "tick", "m", (1.44, 2.5))) == "page 3 (1, 2 mm): tick: m"
    assert str(Violation(12, "gap", "m", (10.6, 7.5))) == "page 12 (11, 8 mm): gap: m"


# -- summary -----------------------------------------------------------------------------------


def _v(page, msg, kind="font", where=(1.0, 2.0)):
    return Violation(page, kind, msg, where)


def test_summary_folds_identical_lines_of_a_page_and_counts_them():
    vs = [_v(1, "a"), _v(1, "a", where=(9.0, 9.0)), _v(1, "b"), _v(2, "a"), _v(1, "a"), _v(1, "a", "tick")]
    assert summary(vs) == "\n".join(
        [
            "page 1 (1, 2 mm): font: a (×3)",  # folded at its first place, whatever the others' places
            "page 1 (1, 2 mm): font: b",
            "page 2 (1, 2 mm): font: a",  # the same message on another page: its own line
            "page 1 (1, 2 mm): tick: a",  # another kind: its own line
        ]
    )
    assert summary([]) == ""
    assert summary([_v(1, "a"), _v(1, "a")]) == "page 1 (1, 2 mm): font: a (×2)"


@pytest.mark.parametrize(
    "lines, limit, tail",
    [
        (40, 40, None),
        (41, 40, "… and 1 more"),
        (45, 40, "… and 5 more"),
        (3, 2, "… and 1 more"),
        (2, 2, None),
    ],
)
def test_summary_keeps_the_limit_and_counts_the_rest(lines, limit, tail):
    vs = [_v(1, f"m{k}") for k in range(lines)]
    out = summary(vs, limit=limit).split("\n")
    assert out[:limit] == [f"page 1 (1, 2 mm): font: m{k}" for k in range(min(lines, limit))]
    assert out[limit:] == ([tail] if tail else [])


def test_summary_limit_counts_folded_lines_not_violations():
    vs = [_v(1, "same")] * 50 + [_v(1, "other")]
    assert summary(vs, limit=2) == "page 1 (1, 2 mm): font: same (×50)\npage 1 (1, 2 mm): font: other"


# -- finding a text anywhere in the document ----------------------------------------------------


def test_text_index_ignores_case_spaces_soft_hyphens_and_line_breaks():
    assert _norm("Heavy La\u00adser\nGr. 47") == "heavylasergr.47"
    index = _TextIndex(["HEAVY LA\u00ad", "SER", "Gr.", "47"])
    assert index.has("Heavy Laser Gr. 47")
    assert index.has("heavylaser")
    assert not index.has("Heavy Laser Gr. 48")
    assert index.has("SER")  # a whole run
    assert not index.has("Flamer")
    assert _norm("A\tB") == "a\tb"  # a tab is not a space the pen prints as a gap: kept


# -- coverage ----------------------------------------------------------------------------------


class Unit:
    def __init__(self, name, weapons):
        self.name, self.weapons = name, weapons


def _fields(unit):
    yield ("name",), unit.name
    for i, w in enumerate(unit.weapons):
        yield ("weapons", i, "name"), w
        yield ("weapons", i, "tags", 0), "AP"


def test_coverage_values_of_repeated_fields_and_repeated_units():
    """Two units with the same weapon, one weapon twice: every value listed where it occurs (the
    checker looks each up once); blank texts skipped, texts stripped."""
    units = [Unit("Ludwig", ["Laser", "Laser", "  "]), Unit("Ludwig", ["Flamer "]), Unit("", [None])]
    got = coverage_values("dust", "sheet", units, _fields)
    assert got == [
        ("name", "Ludwig"),
        ("weapons.name", "Laser"),
        ("weapons.name", "Laser"),
        ("name", "Ludwig"),
        ("weapons.name", "Flamer"),
    ]


def test_a_variant_entry_replaces_the_layouts_own(monkeypatch):
    spec = {"dust": {"sheet": ["name"], "sheet:mini": ["weapons.*.name"], "list": []}}
    monkeypatch.setattr(layout_check, "_coverage_spec", lambda: spec)
    units = [Unit("Ludwig", ["Laser"])]
    assert coverage_values("dust", "sheet", units, _fields) == [("name", "Ludwig")]
    assert coverage_values("dust", "sheet", units, _fields, "mini") == [("weapons.name", "Laser")]
    assert coverage_values("dust", "sheet", units, _fields, "poker") == [("name", "Ludwig")]  # no entry
    assert coverage_values("dust", "list", units, _fields) == []
    assert coverage_values("lnl", "sheet", units, _fields) == []  # a game without an entry


def test_a_star_matches_one_path_part_only(monkeypatch):
    spec = {"dust": {"sheet": ["weapons.*"]}}
    monkeypatch.setattr(layout_check, "_coverage_spec", lambda: spec)
    units = [Unit("Ludwig", ["Laser"])]
    assert coverage_values("dust", "sheet", units, _fields) == []  # weapons.0.name has two parts after
    spec["dust"]["sheet"] = ["weapons.*.tags.*"]
    assert coverage_values("dust", "sheet", units, _fields) == [("weapons.tags", "AP")]
    spec["dust"]["sheet"] = ["weapons.0.name"]  # a pattern is matched whole, dots literal
    assert coverage_values("dust", "sheet", units, _fields) == [("weapons.name", "Laser")]
    spec["dust"]["sheet"] = ["weapons.0"]
    assert coverage_values("dust", "sheet", units, _fields) == []
    spec["dust"]["sheet"] = ["weapons.0Xname"]
    assert coverage_values("dust", "sheet", units, _fields) == []


def test_coverage_reports_each_missing_value_once_with_its_name():
    doc, pen = _doc()
    pen.text(50, 700, "Ludwig", 8)
    doc.finish()
    found = check(
        doc.recorder,
        coverage=[
            ("weapons.name", "Laser"),
            ("name", "Ludwig"),
            ("weapons.name", "Laser"),
            ("pilot.name", "Hans Schmidt Longname Longname Longname X"),
        ],
    )
    assert [str(v) for v in found] == [
        "document: coverage: weapons.name 'Laser' is not printed",
        "document: coverage: pilot.name 'Hans Schmidt Longname Longname Longna...' is not printed",
    ]
    assert check(doc.recorder, coverage=[("name", "Ludwig")], kinds={"font"}) == []


def test_a_cut_text_printed_whole_elsewhere_on_another_page_is_fine():
    doc = Document("a4", record=True)
    pen = doc.page()
    pen.text(50, 700, "Konstantinopolskaya Vishnevetskaya", 8, max_width=40)
    for k in range(50):
        pen.text(50, 680 - 12 * k, f"row {k}", 8)
    pen = doc.page()
    for k in range(50):
        pen.text(50, 800 - 12 * k, f"row {k}", 8)
    assert [v.kind for v in check(doc.recorder)] == ["cut"]
    pen.text(50, 100, "Konstantinopolskaya Vishnevetskaya", 8)
    assert check(doc.recorder) == []
    assert check(doc.recorder, kinds={"font"}) == []
