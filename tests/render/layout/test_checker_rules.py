"""Issue 23's print rules: the pen's type floor (no layout can draw under 6 pt, 5 pt in fine
print), and the checker's new rules (gaps of 0.6 mm between pips / tick boxes and between a pip
and a line, the shorter side of a tick box however it is turned, pieces of allow-listed Latin
words on a Russian page, a heading left alone at the foot of a page, blank pages, text cut short
and content coverage). Each rule is made to fail on purpose and kept clean on both sides of its
boundary."""

from __future__ import annotations

import pytest

from sheets.render.layout_check import check, coverage_values
from sheets.render.pdf import MM, Document, Rect


def _doc(lang="en"):
    doc = Document("a4", lang=lang, record=True)
    return doc, doc.page()


def _found(doc, **kw):
    doc.finish()
    return check(doc.recorder, staged=True, **kw)


def _kinds(doc, **kw):
    return sorted({v.kind for v in _found(doc, **kw)})


def _runs(doc, page=0):
    return [it for it in doc.recorder.pages[page]["items"] if it[0] == "t"]


# -- the floor -----------------------------------------------------------------------------------


def test_the_pen_never_draws_under_6_pt_whatever_the_layout_asks():
    doc, pen = _doc()
    pen.text(50, 800, "asked 3 pt", 3)
    pen.text(50, 780, "asked 5.9 pt", 5.9)
    pen.text(50, 760, "asked 6 pt", 6.0)
    pen.text(50, 740, "asked 6.1 pt", 6.1)
    pen.text(50, 720, "min_size 3", 8, max_width=30, min_size=3)  # would shrink to ~3 pt
    pen.text_in(Rect(50, 700, 80, 3), "a 3 pt tall box", 8)  # text_in takes 80 % of the height
    pen.table(Rect(50, 600, 200, 20), [1, 1], [["a", "b"]] * 6)  # rows of 3.3 pt
    with pen.fine_print():
        pen.text(50, 500, "fine 4 pt", 4)
        pen.text(50, 480, "fine 5 pt", 5)
    doc.finish()
    sizes = {it[1]: it[3] for it in _runs(doc)}
    assert sizes["asked 3 pt"] == 6.0 and sizes["asked 5.9 pt"] == 6.0
    assert sizes["asked 6 pt"] == 6.0 and sizes["asked 6.1 pt"] == 6.1
    assert sizes["fine 4 pt"] == 5.0 and sizes["fine 5 pt"] == 5.0
    assert min(it[3] for it in _runs(doc)) == 5.0
    assert min(it[3] for it in _runs(doc) if not it[4]) == 6.0
    cut = [it for it in _runs(doc) if it[1].startswith("min_siz")]
    assert cut and cut[0][1].endswith("…") and cut[0][3] == 6.0


def test_a_scaled_down_block_cannot_bypass_the_floor():
    doc, pen = _doc()
    pen.c.saveState()
    pen.c.scale(0.5, 0.5)
    pen.text(100, 1000, "half scale", 8)  # 4 pt on paper without the floor
    pen.c.restoreState()
    doc.finish()
    (run,) = _runs(doc)
    assert run[3] == pytest.approx(6.0)  # measured on the page
    assert pen.fit_size("x" * 200, "Sans", 8, 10) == 6.0


def test_a_paragraph_that_does_not_fit_at_the_floor_ends_in_an_ellipsis():
    doc, pen = _doc()
    words = "Every word of this rule text matters at the table and none may vanish " * 4
    used = pen.paragraph(Rect(50, 700, 120, 20), words.strip(), 8)
    doc.finish()
    runs = _runs(doc)
    assert all(r[3] == 6.0 for r in runs) and runs[-1][1].endswith("…")
    assert used <= 20 and len(runs) == 2  # two lines of 6 pt x 1.18 fit in 20 pt
    (v,) = check(doc.recorder, staged=True)
    assert v.kind == "cut" and "Every word of this" in v.message
    # a word wider than the box breaks instead of shrinking or leaving the box
    doc, pen = _doc()
    pen.paragraph(Rect(50, 700, 40, 60), "Konstantinopolskaya-Vishnevetskaya", 8)
    doc.finish()
    assert [r[1] for r in _runs(doc)] == ["Konstantinopolskaya-", "Vishnevetskaya"] or all(
        r[5][2] - r[5][0] <= 40.3 for r in _runs(doc)
    )
    assert check(doc.recorder, staged=True) == []


# -- gaps ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("gap_mm, bad", [(0.0, True), (0.5, True), (0.59, True), (0.6, False), (1.0, False)])
def test_gap_between_neighbouring_tick_boxes(gap_mm, bad):
    doc, pen = _doc()
    pen.box_track(50, 700, ["plain"] * 4, 3.5 * MM, gap_mm * MM)
    found = [v for v in _found(doc) if v.kind == "gap"]
    assert bool(found) == bad
    if bad:
        assert f"tick boxes {gap_mm:.2f} mm apart (at least 0.6 mm)" in found[0].message


@pytest.mark.parametrize("gap_mm, bad", [(0.1, True), (0.5, True), (0.7, False)])
def test_gap_between_neighbouring_pips(gap_mm, bad):
    doc, pen = _doc()
    # a row of 6 pips of 3.2 mm in a box just wide enough for them and their gaps
    d = 3.2 * MM
    pen.pips(Rect(50, 700, 6 * (d + gap_mm * MM), d + gap_mm * MM), 6, max_radius=d / 2, gap=gap_mm * MM)
    found = [v for v in _found(doc) if v.kind == "pips"]
    assert bool(found) == bad
    if bad:
        assert "mm apart (at least 0.6 mm)" in found[0].message


@pytest.mark.parametrize(
    "clear_mm, bad", [(0.0, True), (0.3, True), (0.55, True), (0.7, False), (2.0, False)]
)
def test_gap_between_a_pip_and_its_frame(clear_mm, bad):
    """The 11-12-pip leg rows touched their frame: one pencil stroke crossed both."""
    doc, pen = _doc()
    r = 1.6 * MM
    pen.pips(Rect(100, 600, 2 * r + 2, 2 * r + 2), 1, max_radius=r, gap=0)
    cy = 600 + r + 1
    pen.line(50, cy - r - clear_mm * MM, 200, cy - r - clear_mm * MM)  # a frame line under the pip
    found = [v for v in _found(doc) if v.kind == "gap"]
    assert bool(found) == bad
    if bad:
        assert found[0].message.startswith("a pip and a line")


# -- tick box sides ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "w_mm, h_mm, bad",
    [(5, 2.5, True), (2.5, 5, True), (5, 3, False), (3, 5, False), (2.9, 2.9, True), (3.0, 3.0, False)],
)
def test_the_shorter_side_of_a_tick_box(w_mm, h_mm, bad):
    doc, pen = _doc()
    pen.box_track(50, 700, ["plain"], w_mm * MM, height=h_mm * MM)
    found = [v for v in _found(doc) if v.kind == "tick"]
    assert bool(found) == bad
    if bad:
        assert f"tick box {w_mm:.1f}×{h_mm:.1f} mm (its shorter side at least 3 mm)" in found[0].message


def test_a_turned_box_is_measured_by_its_own_sides_not_its_bounding_box():
    """A 5 x 2.5 mm box turned 45° has a 5.3 x 5.3 mm bounding box: still too small."""
    doc, pen = _doc()
    pen.c.saveState()
    pen.c.translate(300, 300)
    pen.c.rotate(45)
    pen.box_track(0, 0, ["plain"], 5 * MM, height=2.5 * MM)
    pen.c.restoreState()
    (v,) = [v for v in _found(doc) if v.kind == "tick"]
    assert "5.0×2.5 mm" in v.message
    doc, pen = _doc()
    pen.c.saveState()
    pen.c.translate(300, 300)
    pen.c.rotate(45)
    pen.box_track(0, 0, ["plain"], 5 * MM, height=3 * MM)
    pen.c.restoreState()
    assert [v for v in _found(doc) if v.kind == "tick"] == []


# -- language ------------------------------------------------------------------------------------


def test_pieces_of_an_allow_listed_word_are_english_on_a_russian_page():
    """ "BattleTech" may stay Latin; "Battle" and "Tech" cut from it are English — even when a
    user's text (a MegaMek source line) holds the whole word."""
    doc, pen = _doc("ru")
    pen.text(50, 700, "Battle", 8)
    pen.text(50, 650, "Tech", 8)
    pen.text(50, 600, "BattleTech", 8)
    pen.text(50, 550, "Aleksandrovn…", 8)  # a piece of the user's own name: allowed
    found = _found(doc, allowed_words={"BattleTech TRO", "Aleksandrovna"})
    assert [(v.kind, v.message.split(" on ")[0]) for v in found] == [
        ("language", "Latin 'Battle'"),
        ("language", "Latin 'Tech'"),
    ]


# -- headings ------------------------------------------------------------------------------------


def test_a_heading_left_alone_at_the_foot_of_a_page():
    doc, pen = _doc()
    pen.heading(Rect(30, 40, 300, 14), "Weapons")  # nothing under it: its table is on page 2
    pen.heading(Rect(30, 700, 300, 14), "Armour")
    pen.table(Rect(30, 600, 300, 98), [1, 1], [["a", "1"], ["b", "2"]])
    found = _found(doc)
    assert [(v.kind, v.message.split(" has")[0]) for v in found] == [("heading", "heading 'Weapons'")]


def test_a_heading_with_its_block_just_under_it_is_fine():
    doc, pen = _doc()
    pen.heading(Rect(30, 100, 300, 14), "Weapons")
    pen.text(32, 100 - 29, "the first row", 8)  # 29 pt under the band: within the 30 pt
    assert _kinds(doc) == []


# -- pages ---------------------------------------------------------------------------------------


def _page_of_rows(pen, rows, top=800):
    for k in range(rows):
        pen.text(40, top - 14 * k, f"row {k}", 8)


def test_a_page_under_a_third_full_is_reported_unless_it_closes_a_full_document():
    doc = Document("a4", record=True)
    _page_of_rows(doc.page(), 10)  # a widow page of 10 rows (about 14 % of the page)
    _page_of_rows(doc.page(), 55)  # a full page
    _page_of_rows(doc.page(), 3)  # the last page after a full page: allowed
    found = _found(doc)
    assert [(v.kind, v.page) for v in found] == [("blank", 1)]
    assert "of the page is used (at least 33%" in found[0].message
    # the last page after a page that is not full is reported too
    doc = Document("a4", record=True)
    _page_of_rows(doc.page(), 30)
    _page_of_rows(doc.page(), 3)
    assert [(v.kind, v.page) for v in _found(doc)] == [("blank", 2)]
    # one page cannot lose its page: a short one-page document is fine
    doc = Document("a4", record=True)
    _page_of_rows(doc.page(), 3)
    assert _found(doc) == []


# -- coverage ------------------------------------------------------------------------------------


def test_content_coverage_finds_a_value_the_layout_dropped():
    doc, pen = _doc()
    pen.text(50, 700, "Ludwig", 8)
    pen.text(50, 680, "Heavy Laser Gr.", 8)
    pen.text(50, 670, "47", 8)  # a value wrapped over two lines still counts
    found = _found(
        doc,
        coverage=[
            ("name", "Ludwig"),
            ("weapons.name", "Heavy Laser Gr. 47"),
            ("weapons.name", "Flamethrower"),
        ],
    )
    assert [(v.kind, v.page, v.message) for v in found] == [
        ("coverage", 0, "weapons.name 'Flamethrower' is not printed")
    ]
    assert str(found[0]) == "document: coverage: weapons.name 'Flamethrower' is not printed"


def test_coverage_values_come_from_each_games_data():
    from sheets.core.game import get_game

    class Unit:
        pass

    game = get_game("dust")
    fields = lambda u: [
        (("name",), "Ludwig"),
        (("faction",), "Axis"),
        (("weapons", 0, "name"), "Laser"),
        (("weapons", 0, "tags", 0), "AP"),
    ]
    got = coverage_values("dust", "sheet", [Unit()], fields)
    assert got == [("name", "Ludwig"), ("weapons.name", "Laser")]
    assert coverage_values("dust", "no-such-layout", [Unit()], fields) == []
    assert game.id == "dust"
    for game_id in ("battletech", "dmech", "dust", "lnl", "wh40k6"):
        assert coverage_values(game_id, "list", [Unit()], lambda u: [(("name",), "X")]) == [("name", "X")]


# -- the commands ---------------------------------------------------------------------------------


@pytest.fixture
def long_label_dir(tmp_path):
    from sheets.core.data import data_root

    (tmp_path / "dmech").mkdir()
    text = (data_root() / "dmech/labels.yaml").read_text(encoding="utf-8")
    long = "Armour facings of every walker on the table, printed far too long " * 3
    (tmp_path / "dmech/labels.yaml").write_text(
        text.replace('chart_title: {en: "Armour facings"', f'chart_title: {{en: "{long}"'), encoding="utf-8"
    )
    return tmp_path


def test_every_printing_command_warns_and_strict_makes_it_fail(long_label_dir, subprocess_env):
    import subprocess
    import sys

    def run(*extra):
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "sheets",
                "--data-dir",
                str(long_label_dir),
                "chart",
                "dmech",
                "facing",
                "-o",
                str(long_label_dir / "out.pdf"),
                *extra,
            ],
            capture_output=True,
            text=True,
            env=subprocess_env,
        )

    plain = run()
    assert plain.returncode == 0, plain.stderr
    assert "warning: page 1 (" in plain.stderr and "cut: 'Armour facings of every walker" in plain.stderr
    assert "layout: 1 problem on 1 page (--strict: exit 1)" in plain.stderr
    assert run("--check-layout").returncode == 1  # "cut" is enforced (issue 23: no longer staged)
    strict = run("--strict")
    assert strict.returncode == 1 and "warning:" not in strict.stderr
    assert "page 1 (" in strict.stderr and (long_label_dir / "out.pdf").exists()


def test_a_clean_render_prints_no_layout_line(cli, tmp_path, samples):
    got = cli("render", samples / "dmech/otrok.yaml", "-o", tmp_path / "o.pdf")
    assert got.exit_code == 0 and "layout" not in got.stderr and "warning" not in got.stderr
    got = cli("render", samples / "dmech/otrok.yaml", "-o", tmp_path / "o.pdf", "--strict")
    assert got.exit_code == 0, got.stderr


def test_render_jobs_reports_the_same_layout_problems_as_one_process(tmp_path, samples, subprocess_env):
    """The pages a --jobs worker draws (after the first 10) are measured by that worker: the
    problems listed match one process's, and so do the PDF bytes."""
    import subprocess
    import sys

    src = [str(samples / "battletech/point-alpha.yaml")] * 13  # 18 pages
    outs = []
    for mode in ("--check-layout", "--lang=ru"):  # every page in full; the first 5 in full (plain)
        for jobs in ("1", "2"):
            res = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "sheets",
                    "render",
                    *src,
                    "-j",
                    jobs,
                    mode,
                    "-o",
                    str(tmp_path / f"o{jobs}.pdf"),
                ],
                capture_output=True,
                text=True,
                env=subprocess_env,
            )
            outs.append(
                (
                    res.returncode,
                    [l for l in res.stderr.splitlines() if l.startswith(("page", "layout", "warning"))],
                )
            )
    assert outs[0] == outs[1] and outs[2] == outs[3]
    assert (tmp_path / "o1.pdf").read_bytes() == (tmp_path / "o2.pdf").read_bytes()
    if outs[0][0]:  # problems on worker pages are among them
        assert any(l.startswith("page 1") and int(l.split()[1]) > 10 for l in outs[0][1])


def test_staged_rules_are_left_out_of_check_unless_asked():
    from sheets.render.layout_check import rules

    # issue 23's new rules are kept by every layout: none is staged any more, check() enforces them
    assert rules().staged == frozenset()
    doc, pen = _doc()
    pen.box_track(50, 700, ["plain"] * 2, 3.5 * MM, 0)
    doc.finish()
    assert [v.kind for v in check(doc.recorder)] == ["gap"]
    assert [v.kind for v in check(doc.recorder, staged=True)] == ["gap"]
    assert [v.kind for v in check(doc.recorder, kinds={"gap"})] == ["gap"]
    assert check(doc.recorder, kinds={"font"}) == []


def test_a_staged_rule_is_left_out_unless_asked(monkeypatch):
    import dataclasses

    from sheets.render import layout_check

    staged = dataclasses.replace(layout_check.rules(), staged=frozenset({"gap"}))
    monkeypatch.setattr(layout_check, "rules", lambda: staged)
    doc, pen = _doc()
    pen.box_track(50, 700, ["plain"] * 2, 3.5 * MM, 0)
    doc.finish()
    assert check(doc.recorder) == []
    assert [v.kind for v in check(doc.recorder, staged=True)] == ["gap"]


def test_light_pages_still_report_what_a_files_texts_can_break():
    """A plain command measures its first pages by every rule and the later ones by the rules
    a file's texts can break: language, text cut short (and coverage, blank pages)."""
    doc = Document("a4", lang="ru", record={"stream": True, "full_pages": 1, "allowed_words": {"Harpy"}})
    for n in range(3):
        pen = doc.page()
        for k in range(60):
            pen.text(40, 800 - 12 * k, f"строка {k}", 8)
        pen.box_track(300, 400, ["plain"] * 2, 3.5 * MM, 0)  # boxes touching: a gap problem
    pen.text(300, 300, "Harpy Armour", 8)  # page 3: a user's word and an English one
    pen.text(300, 280, "Очень длинная подпись, которой тесно", 8, max_width=40)
    doc.finish()
    assert doc.recorder.pages == [] and len(doc.recorder.done) == 2  # measured as drawn, not kept
    got = [(v.page, v.kind) for v in check(doc.recorder, staged=True)]
    assert len(doc.recorder.done) == 3
    assert got == [(1, "gap"), (3, "language"), (3, "cut")]
    assert "Latin 'Armour'" in next(
        v.message for v in check(doc.recorder, staged=True) if v.kind == "language"
    )
