"""How a document is set up (issue 35, mutation of ``render/pdf.py``): its defaults (A4,
English, the title "sheets", no subject, colour), the language it declares in the PDF, pages
compressed whatever reportlab's site settings say, the monochrome theme, round line joins on
every page, the canvas preamble without an initial font (bottom-up and top-down canvases), and
a recording pen wired to its recorder from the start."""

from __future__ import annotations

import io
import re

from reportlab import rl_config
from reportlab.lib.pagesizes import A4

from sheets.render.pdf import Document, Pen, SheetCanvas
from sheets.render.theme import theme


def test_the_defaults_of_a_document():
    doc = Document()
    assert doc.size == A4 and doc.lang == "en"
    info = doc.canvas._doc.info
    assert (info.title, info.subject) == ("sheets", "")
    assert doc.theme == theme(False)
    doc.page()
    pdf = doc.finish()
    assert re.findall(rb"/Lang \((\w+)\)", pdf) == [b"en"]


def test_the_language_is_kept_and_declared_in_the_pdf():
    doc = Document("a4", lang="ru")
    assert doc.lang == "ru"
    doc.page()
    assert re.findall(rb"/Lang \((\w+)\)", doc.finish()) == [b"ru"]


def test_a_monochrome_document_takes_the_monochrome_theme():
    mono = Document("a4", mono=True)
    assert mono.theme == theme(True) != theme(False)
    assert mono.pen.t == theme(True)


def test_pages_are_compressed_even_where_reportlab_is_told_not_to(monkeypatch):
    monkeypatch.setattr(rl_config, "pageCompression", 0)
    doc = Document("a4")
    doc.page().line(0, 0, 1, 1)
    pdf = doc.finish()
    assert b"n 0 0 m 1 1 l S" not in pdf and b"/FlateDecode" in pdf


def test_every_page_starts_with_round_line_joins():
    doc = Document("a4")
    assert doc.page().c._code == ["1 j"]
    doc.page((200, 100))
    assert doc.canvas._code == ["1 j"]


def test_the_preamble_names_no_font_bottom_up_or_top_down():
    assert SheetCanvas(io.BytesIO(), pagesize=(200, 300))._preamble == "1 0 0 1 0 0 cm"
    down = SheetCanvas(io.BytesIO(), pagesize=(200, 300), bottomup=0)
    assert down._preamble == "1 0 0 -1 0 300 cm"  # y runs down from the top edge
    down.setPageSize((200, 150.5))
    assert down._preamble == "1 0 0 -1 0 150.5 cm"


def test_a_recording_pen_holds_its_recorder_before_the_first_page():
    doc = Document("a4", record=True)
    assert doc.pen.rec is doc.recorder
    doc.pen.text(10, 10, "Roc", 8)  # drawn before any page: kept on a page 0, out of the way
    assert [(p["number"], [it[1] for it in p["items"]]) for p in doc.recorder.pages] == [(0, ["Roc"])]
    pen = Pen(doc.canvas, doc.theme, doc.recorder)
    assert pen.rec is doc.recorder and Pen(doc.canvas, doc.theme).rec is None
