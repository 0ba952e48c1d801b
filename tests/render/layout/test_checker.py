"""The layout checker finds each kind of defect it promises (every rule made to fail on purpose),
keeps clean drawings clean, follows forms and rotations, and backs `--check-layout`."""

from __future__ import annotations

from sheets.render.layout_check import check, summary
from sheets.render.pdf import MM, Document, Rect


def _doc(lang="en"):
    doc = Document("a4", lang=lang, record=True)
    return doc, doc.page()


def _raw(pen, x, y, text, size, font="Sans"):
    """A text run recorded at ``size`` as it is (the pen itself never draws under its floor):
    what the checker must catch in a drawing made some other way."""
    from sheets.render import fonts

    pen.rec.text(pen.c, text, font, size, x, y, fonts.width(text, font, size))


def _kinds(doc, **kw):
    doc.finish()
    return sorted({v.kind for v in check(doc.recorder, staged=True, **kw)})


def test_clean_drawing_has_no_violations():
    doc, pen = _doc("ru")
    r = Rect(50, 500, 120, 20)
    pen.rect(r)
    pen.text_in(r, "Броня 2К6 BV", 8)
    pen.box_track(50, 450, ["plain"] * 3, 3.2 * MM, 2)
    pen.pips(Rect(50, 300, 100, 40), 6, max_radius=5, gap=2)
    with pen.fine_print():
        pen.text(50, 100, "Источник: правила, §4", 5.2)
    assert _kinds(doc) == []


def test_small_text_and_fine_print():
    doc, pen = _doc()
    _raw(pen, 50, 700, "too small", 5.5)
    with pen.fine_print():
        pen.text(50, 650, "source ok", 5.2)
        _raw(pen, 50, 600, "source too small", 4.5)
    doc.finish()
    found = check(doc.recorder)
    assert [(v.kind, v.message.split(" is ")[0]) for v in found] == [
        ("font", "'too small'"),
        ("font", "'source too small'"),
    ]
    assert "4.5 pt" in found[1].message


def test_fine_print_and_legend_samples_end_with_their_block():
    """5 pt is allowed inside ``fine_print`` only, and boxes are legend samples inside
    ``legend_key`` only: after the block (even one left by an exception) the rules apply again."""
    doc, pen = _doc()
    try:
        with pen.fine_print(), pen.legend_key():
            pen.text(50, 700, "source ok", 5.2)
            pen.box_track(50, 650, ["plain"], 1.5 * MM)  # a sample: small is fine
            raise KeyError("left early")
    except KeyError:
        pass
    pen.text(50, 600, "body raised to 6 pt", 5.2)  # the floor is 6 pt again
    pen.box_track(50, 550, ["plain"], 1.5 * MM)  # a tick target again
    assert (doc.recorder.note, doc.recorder.sample, pen._fine) == (0, 0, 0)
    doc.finish()
    found = check(doc.recorder)
    assert sorted((v.kind, v.page) for v in found) == [("tick", 1)]
    sizes = {it[1]: it[3] for it in doc.recorder.pages[0]["items"] if it[0] == "t"}
    assert sizes == {"source ok": 5.2, "body raised to 6 pt": 6.0}


def test_text_too_wide_at_the_floor_is_cut_and_reported_when_printed_nowhere_else():
    doc, pen = _doc()
    pen.text(50, 700, "a long label in a narrow column", 8, max_width=40)
    doc.finish()
    (run,) = [it for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    assert run[1].endswith("…") and run[3] == 6.0 and run[5][2] - run[5][0] <= 40
    (v,) = check(doc.recorder, staged=True)
    assert v.kind == "cut" and "'a long label in a narrow column'" in v.message
    # the same text printed in full elsewhere (e.g. wrapped in the army list): no violation
    doc, pen = _doc()
    pen.text(50, 700, "a long label in a narrow column", 8, max_width=40)
    pen.text(50, 600, "a long label in", 8)
    pen.text(50, 590, "a narrow column", 8)
    assert _kinds(doc) == []


def test_text_leaving_its_frame_the_page_or_crossing_a_border():
    doc, pen = _doc()
    with pen.frame(Rect(50, 700, 30, 12)):
        pen.text(52, 703, "far too wide for this", 8)
    pen.text(580, 100, "off the page", 8)
    pen.rect(Rect(100, 400, 50, 50))
    pen.text(90, 420, "across", 8)
    assert _kinds(doc) == ["border", "frame"]


def test_overlapping_runs_and_text_over_a_tick_box():
    doc, pen = _doc()
    pen.text(50, 700, "first run", 8)
    pen.text(60, 702, "second run", 8)
    pen.box_track(200, 500, ["plain"], 12)
    pen.text(202, 503, "7", 8)
    assert _kinds(doc) == ["over_tick", "overlap"]


def test_small_tick_boxes_small_and_touching_pips():
    doc, pen = _doc()
    pen.box_track(50, 700, ["plain"], 2.5 * MM)
    pen.pips(Rect(50, 500, 40, 4), 8, max_radius=2, gap=0.1)
    doc.finish()
    kinds = [v.kind for v in check(doc.recorder, staged=True)]
    assert "tick" in kinds and "pips" in kinds
    assert any("2.5×2.5 mm" in v.message for v in check(doc.recorder))


def test_legend_samples_are_not_tick_targets():
    doc, pen = _doc()
    with pen.legend_key():
        pen.pips(Rect(50, 500, 5, 5), 1, max_radius=2)
        pen.box_track(50, 400, ["shade"], 5)
    assert _kinds(doc) == []


def test_english_on_a_russian_page():
    doc, pen = _doc("ru")
    pen.text(50, 700, "Броня: armor_diagram", 8)
    pen.text(50, 650, "Оружие: Machine Gun", 8)
    pen.text(50, 600, "БЦ 2D6 MP", 8)  # allow-listed abbreviations
    pen.text(50, 550, "Отряд Harpy", 8)  # the user's own text
    doc.finish()
    found = check(doc.recorder, allowed_words={"Harpy"})
    assert [v.kind for v in found] == ["language", "language"]
    assert "label key 'armor_diagram'" in found[0].message and "Machine, Gun" in found[1].message
    # the same page in English is fine, and a homoglyph Latin letter in Russian text is caught
    doc2, pen2 = _doc("ru")
    pen2.text(50, 700, "1K6", 8)
    assert _kinds(doc2) == ["language"]


def test_forms_are_checked_at_every_place_they_are_used():
    doc, pen = _doc()

    def draw(p):
        _raw(p, 0, 0, "tiny", 4)

    pen.form("k", 100, 100, draw)
    pen.form("k", 300, 400, draw)
    doc.finish()
    found = [v for v in check(doc.recorder) if v.kind == "font"]
    assert len(found) == 2
    wheres = sorted(v.where for v in found)
    assert abs(wheres[0][0] - 100 / MM) < 0.2 and abs(wheres[1][0] - 300 / MM) < 0.2


def test_rotated_drawing_is_measured_on_the_page():
    doc, pen = _doc()
    pen.c.saveState()
    pen.c.translate(300, 300)
    pen.c.rotate(90)
    with pen.frame(Rect(0, 0, 100, 12)):
        pen.text(2, 3, "fits", 8)
    pen.c.restoreState()
    doc.finish()
    assert check(doc.recorder) == []
    (t,) = [it for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    x0, y0, x1, y1 = t[5]
    assert x1 - x0 < 10 < y1 - y0  # the run stands upright on the page


def test_recording_is_off_by_default_and_does_not_change_the_pdf():
    plain = Document("a4", title="t")
    recorded = Document("a4", title="t", record=True)
    for doc in (plain, recorded):
        pen = doc.page()
        pen.text_in(Rect(50, 50, 100, 20), "same bytes", 8)
        pen.pips(Rect(50, 100, 60, 20), 5)
    assert plain.recorder is None
    assert plain.finish() == recorded.finish()


def test_summary_folds_repeats():
    doc, pen = _doc()
    for x in (50, 150, 250):
        _raw(pen, x, 700, "tiny", 4)
    doc.finish()
    text = summary(check(doc.recorder))
    assert text.count("\n") == 0 and "(×3)" in text and "'tiny' is 4.0 pt" in text


def test_cli_check_layout(cli, tmp_path, subprocess_env):
    ok = cli("chart", "dmech", "facing", "--check-layout", "-o", tmp_path / "ok.pdf")
    assert ok.exit_code == 0, ok.output
    assert "no problems" in ok.stderr
    # a user's label override (--data-dir) that no longer fits is reported: exit 1, the PDF kept
    import subprocess
    import sys

    from sheets.core.data import data_root

    (tmp_path / "dmech").mkdir()
    text = (data_root() / "dmech/labels.yaml").read_text(encoding="utf-8")
    long = "Armour facings of every walker on the table, printed far too long " * 3
    (tmp_path / "dmech/labels.yaml").write_text(
        text.replace('chart_title: {en: "Armour facings"', f'chart_title: {{en: "{long}"'), encoding="utf-8"
    )
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "sheets",
            "--data-dir",
            str(tmp_path),
            "chart",
            "dmech",
            "facing",
            "--check-layout",
            "-o",
            str(tmp_path / "bad.pdf"),
        ],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    # "cut" is enforced (issue 23: every layout keeps it, no longer staged): exit 1, the PDF kept
    assert bad.returncode == 1, bad.stderr
    assert "page 1 (" in bad.stderr and "cut: 'Armour facings of every walker" in bad.stderr
    assert "warning:" not in bad.stderr and "staged" not in bad.stderr
    assert "layout: 1 problem on 1 page" in bad.stderr
    assert (tmp_path / "bad.pdf").exists()


def test_heavy_box_is_a_pencillable_double_frame(monkeypatch):
    """The 'destroyed' box (issue 11): a thick outer frame and an inner frame, never filled."""
    doc = Document("a4")
    pen = doc.page()
    drawn = []
    real = pen.c.drawPath
    monkeypatch.setattr(
        pen.c,
        "drawPath",
        lambda path, stroke=1, fill=0: (
            drawn.append((path.getCode().count(" re"), fill, pen.c._lineWidth)),
            real(path, stroke=stroke, fill=fill),
        ),
    )
    pen.box_track(10, 10, ["heavy"], 9)
    assert [d for d in drawn if d[0]] == [(1, 0, 0.6), (1, 0, 1.38)]


def test_a_line_hidden_under_a_later_fill_does_not_count():
    doc, pen = _doc()
    pen.line(100, 400, 200, 400)
    pen.rect(Rect(90, 390, 120, 20), fill=(1, 1, 1), stroke=False)  # a plate over the line
    pen.text(110, 398, "on the plate", 8)
    pen.rect(Rect(90, 290, 120, 20), fill=(1, 1, 1), stroke=False)
    pen.line(100, 300, 200, 300)  # drawn after the plate: it shows
    pen.text(110, 298, "crossed", 8)
    doc.finish()
    assert [(v.kind, v.message.split(" ")[0]) for v in check(doc.recorder)] == [("border", "'crossed'")]


def test_a_text_too_wide_at_its_minimum_ends_in_an_ellipsis_never_squeezed():
    """A text too wide at its 6 pt minimum is cut with "…" (a whole size, inside its width),
    with or without ``shorten`` (no layout can squeeze a text below the floor any more)."""
    from sheets.render import fonts
    from sheets.render.pdf import shortened

    long = "Konstantinopolskaya-Vishnevetskaya Aleksandrovna"
    doc, pen = _doc()
    w = pen.text(50, 700, long, 8, "Sans-Bold", max_width=60, min_size=6.0, shorten=True)
    pen.text(50, 650, long, 8, "Sans-Bold", max_width=60, min_size=6.0)
    doc.finish()
    runs = [it for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    assert runs[0][1].endswith("…") and runs[0][1].startswith("Konstantinopol") and runs[0][3] == 6.0
    assert w <= 60 and runs[1][1] == runs[0][1] and runs[1][3] == 6.0
    assert [v.kind for v in check(doc.recorder, staged=True)] == ["cut", "cut"]  # the full name is nowhere
    cut = shortened("Alpha Beta Gamma", "Sans", 8, fonts.width("Alpha Beta G…", "Sans", 8))
    assert cut == "Alpha Beta…"  # at a word end (issue 33: "G…" cut a word)
    assert shortened("Alpha, Beta", "Sans", 8, fonts.width("Alpha,…", "Sans", 8) + 0.1) == "Alpha…"


def test_pieces_of_a_users_word_are_not_english_on_a_russian_page():
    """A user's word broken over two lines or shortened with "…" prints as pieces of itself: they
    are the user's text, still allowed; any other Latin word is still reported."""
    doc, pen = _doc("ru")
    pen.text(50, 700, "Пилот: Aleksandrovn…", 8)
    pen.text(50, 650, "Konstantinopolsky-", 8)
    pen.text(50, 600, "Vyshnegradsky", 8)
    pen.text(50, 550, "Armour", 8)
    doc.finish()
    found = check(doc.recorder, ["Aleksandrovna Konstantinopolsky-Vyshnegradsky"])
    assert [(v.kind, v.message.split(" ")[1]) for v in found] == [("language", "'Armour'")]
