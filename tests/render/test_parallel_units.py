"""The small parts of the parallel writer (``sheets/render/parallel.py``) one at a time, with
values (issue 21): the default --jobs threshold from both sides, the idle-CPU count and its
caps, which text runs a worker may encode, the page-stream filters, the worker's form names,
the pen for pages another worker draws, the error messages sent back and the check of
reportlab's private attributes (every message word for word)."""

from __future__ import annotations

import re
import zlib

import pytest
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFBase85Encode

from sheets.render import parallel
from sheets.render.pdf import Document, Pen, Rect, TextEncoder

# -- default_jobs / idle_cpus -----------------------------------------------------------------------


@pytest.mark.parametrize("units, jobs", [(0, 1), (1, 1), (999, 1), (1000, 5), (1001, 5), (5000, 5)])
def test_every_idle_cpu_from_1000_units(monkeypatch, units, jobs):
    monkeypatch.setattr(parallel, "idle_cpus", lambda: 5)
    assert parallel.default_jobs(units) == jobs
    assert parallel.MIN_UNITS == 1000


@pytest.mark.parametrize(
    "cpus, load, idle",
    [
        (4, 0.0, 4),
        (4, 1.4, 3),  # 2.6 rounds up
        (4, 1.5, 3),  # 2.5 rounds half up
        (4, 1.6, 2),  # 2.4 rounds down
        (4, 3.6, 1),
        (4, 3.4, 1),
        (4, 9.0, 1),
        (4, 4.0, 1),  # never below one
        (16, 0.0, 8),
        (16, 7.4, 8),
        (16, 8.6, 7),
        (9, 0.0, 8),
        (8, 0.0, 8),
        (7, 0.0, 7),  # at most 8
        (2, -1.0, 2),  # never more than the CPUs
        (1, 0.0, 1),
    ],
)
def test_idle_cpus_by_the_load_average(monkeypatch, cpus, load, idle):
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: cpus)
    monkeypatch.setattr(parallel.os, "getloadavg", lambda: (load, 99.0, 99.0))
    assert parallel.idle_cpus() == idle


def test_idle_cpus_without_a_cpu_count_is_one(monkeypatch):
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: None)
    monkeypatch.setattr(parallel.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    assert parallel.idle_cpus() == 1


def test_idle_cpus_without_a_load_average_counts_every_cpu(monkeypatch):
    def no_load():
        raise OSError("no load average")

    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 6)
    monkeypatch.setattr(parallel.os, "getloadavg", no_load)
    assert parallel.idle_cpus() == 6
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 12)
    assert parallel.idle_cpus() == 8


# -- which runs a worker encodes ----------------------------------------------------------------------


def _used(text="Roc 12", font="Sans"):
    doc = Document()
    doc.page().text(10, 10, text, 8, font)
    return doc


def test_known_needs_the_font_used_in_the_document():
    doc = _used()
    enc = parallel._ForkEncoder(doc.pen.encoder)
    assert enc._known("Sans", "Roc") is True
    assert enc._known("Sans", "R1 cor") is True  # the same letters in another order (and the space)
    assert enc._known("Sans", "") is True
    assert enc._known("Sans-Bold", "Roc") is False  # no subset state in this document yet
    assert enc._known("Sans", "RocЩ") is False  # one new letter is enough, last or first
    assert enc._known("Sans", "ЩRoc") is False
    assert enc._known("Sans", "Rocx") is True  # reportlab gives ASCII its codes up front


def test_known_with_a_subset_state_but_no_font_name_yet():
    doc = Document()
    face = pdfmetrics.getFont("Sans")
    face.splitString("Roc", doc.canvas._doc)  # codes given, the font not named in the PDF yet
    assert face.state[doc.canvas._doc].internalName is None
    enc = parallel._ForkEncoder(doc.pen.encoder)
    assert enc._known("Sans", "Roc") is False


def test_a_no_break_space_and_a_character_without_a_glyph_need_no_code():
    """TTFont.splitString draws a no-break space as a space and a character the font lacks as
    code 0: neither gets a code of its own."""
    doc = _used("Roc 1")
    enc = parallel._ForkEncoder(doc.pen.encoder)
    assert 0xA0 not in pdfmetrics.getFont("Sans").state[doc.canvas._doc].assignments
    assert enc._known("Sans", "Roc\u00a01") is True
    assert 0x80 not in pdfmetrics.getFont("Sans").face.charToGlyph
    assert enc._known("Sans", "Roc\x80") is True
    assert enc._known("Sans", "Roc\u00a1") is False  # ¡ has a glyph and no code yet


def test_the_fork_encoder_starts_from_the_parents_state_and_numbers_its_tokens():
    doc = _used("Roc 12")
    base = doc.pen.encoder
    enc = parallel._ForkEncoder(base)
    assert enc.state == base.state and enc.state is not None
    assert enc._runs == base._runs and enc.canvas is base.canvas
    assert enc.tokens == [] and enc.serial == 0
    assert enc.encode("Sans", 8, "Щ", True) == "\x001\x00"
    assert enc.encode("Sans", 8, "Ы", True) == "\x002\x00"
    assert enc.encode("Sans", 9, "Щ", False) == "\x003\x00"
    assert [t[0] for t in enc.tokens] == [1, 2, 3]
    assert enc.tokens[1] == (2, "Sans", 8, "Ы", True, None)  # a new text object: no state before
    assert enc.tokens[2] == (3, "Sans", 9, "Щ", False, parallel._UNKNOWN)
    assert enc.state == parallel._UNKNOWN


def test_a_known_run_after_a_known_run_is_what_one_process_writes():
    doc = _used("Roc 12 Rc")
    one = TextEncoder(doc.canvas)
    one.__dict__.update(doc.pen.encoder.__dict__)
    one._runs = dict(one._runs)
    enc = parallel._ForkEncoder(doc.pen.encoder)
    enc._runs = dict(enc._runs)
    for font, size, text, new in [
        ("Sans", 8, "Roc", True),
        ("Sans", 8, "12", False),
        ("Sans", 10, "12", False),
        ("Sans", 10, "Rc", False),
        ("Sans", 8, "Roc 12", True),
    ]:
        assert enc.encode(font, size, text, new) == one.encode(font, size, text, new)
        assert enc.state == one.state
    assert enc.tokens == []
    # the second run in the same text object and size: no font switch
    assert "Tf" not in enc.encode("Sans", 8, "Roc", False)


def test_an_empty_run_keeps_the_state():
    doc = _used("Roc")
    enc = parallel._ForkEncoder(doc.pen.encoder)
    enc.encode("Sans", 8, "Roc", True)
    before = enc.state
    enc.encode("Sans", 8, "", False)
    assert enc.state == before and enc.tokens == []


# -- the worker's canvas ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "attr, value, plain",
    [
        (None, None, True),
        ("_pageCompression", 0, False),
        ("_pageCompression", 1, True),
        ("_cropMarks", True, False),
        ("_cropMarks", None, True),
        ("_psCommandsBeforePage", ["/PS1 Do"], False),
        ("_psCommandsBeforePage", [], True),
        ("_psCommandsAfterPage", ["/PS1 Do"], False),
        ("_psCommandsAfterPage", [], True),
    ],
)
def test_a_plain_stream_is_compressed_without_marks_or_postscript(attr, value, plain):
    doc = Document()
    if attr:
        setattr(doc.canvas, attr, value)
    assert parallel._WorkerCanvas._plain_stream(doc.canvas) is plain


def test_a_form_drawn_by_a_worker_is_kept_with_its_page_bbox_and_tokens():
    doc = _used("Roc")
    c = doc.canvas
    c.__class__ = parallel._WorkerCanvas
    enc = parallel._ForkEncoder(doc.pen.encoder)
    c.start_worker(enc)
    doc.pen.encoder = enc
    assert (c.out_pages, c.out_forms, c.page_index, c.encoder) == ([], [], 0, enc)
    c.showPage()  # page 1 ends here (the worker keeps it)
    c.page_index = 1
    doc.pen.text(10, 10, "Щ", 8)  # token 1, on the page
    c.beginForm("\x00Kab\x00")
    doc.pen.text(1, 1, "Ы", 8)  # token 2
    doc.pen.text(1, 9, "Ю", 8)  # token 3
    c.endForm()
    c.beginForm("\x00Kcd\x00", 1, 2, 30, 40)
    c.endForm()
    c.showPage()
    [(index, name, bbox, lines, span), (index2, name2, bbox2, lines2, span2)] = c.out_forms
    assert (index, name, span) == (1, "\x00Kab\x00", (2, 3))
    assert bbox == (0, 0) + tuple(c._pagesize)
    assert any("\x002\x00" in line for line in lines) and any("\x003\x00" in line for line in lines)
    assert (index2, name2, bbox2, span2) == (1, "\x00Kcd\x00", (1, 2, 30, 40), (4, 3))  # no token in it
    assert len(c.out_pages) == 2
    size, code, used = c.out_pages[1]
    assert size == tuple(c._pagesize) and isinstance(code, list)
    assert any("\x001\x00" in line for line in code)
    assert isinstance(c.out_pages[0][1], bytes)  # page 1: no token, encoded by the worker


@pytest.mark.parametrize("a85", [1, 0])
def test_a_worker_encodes_a_page_stream_through_reportlabs_filters(monkeypatch, a85):
    monkeypatch.setattr(rl_config, "useA85", a85)
    text = "1 j\nBT /F1+0 10 Tf 12 TL (Roc) Tj T* ET\n \n"
    data = parallel._encode_stream(text)
    assert isinstance(data, bytes)
    if a85:
        assert [f.pdfname for f in parallel._page_filters()] == ["ASCII85Decode", "FlateDecode"]
        assert data.endswith(b"~>")
        raw = PDFBase85Encode.decode(data.decode("latin-1"))
        assert zlib.decompress(raw if isinstance(raw, bytes) else raw.encode("latin-1")) == text.encode()
    else:
        assert [f.pdfname for f in parallel._page_filters()] == ["FlateDecode"]
        assert zlib.decompress(data) == text.encode()
    stream = parallel._precompressed(data)
    assert stream.content == data
    names = stream.dictionary["Filter"].sequence
    assert [str(n) for n in names] == ["/" + f.pdfname for f in parallel._page_filters()]


def test_a_forms_worker_name_is_its_key():
    name = parallel._key_name(("pips", 3))
    assert re.fullmatch("\x00K[0-9a-f]{16}\x00", name)
    assert parallel._TOKEN.fullmatch(name).group(1) == name[1:-1]
    assert parallel._key_name(("pips", 3)) == name
    assert parallel._key_name(("pips", 4)) != name
    assert parallel._key_name("x") != parallel._key_name("'x'")  # repr of the key, not str
    assert parallel._TOKEN.fullmatch("\x0012\x00").group(1) == "12"


# -- the pen for other workers' pages -----------------------------------------------------------------


def test_the_null_pen_draws_nothing_and_measures_nothing():
    doc = Document()
    pen = parallel.NullPen(doc.theme)
    assert pen.skip is True and Pen.skip is False
    assert pen.encoder is None and pen.t is doc.theme
    drawn = []
    assert pen.form("k", 1, 2, lambda p: drawn.append(p)) is None and drawn == []
    r = Rect(0, 0, 100, 20)
    assert pen.text(1, 2, "Roc", 8) == 0.0
    assert pen.paragraph(r, "Roc " * 50) == 0.0
    assert pen.box_track(1, 2, ["x"] * 5) == 0.0
    assert pen.table(r, [50, 50], [["a", "b"]]) == 0.0
    for method in (pen.text_in, pen.rect, pen.heading, pen.pips):
        assert method(r, 3) is None
    assert pen.line(0, 0, 1, 1) is None and pen.polygon([(0, 0), (1, 1)]) is None
    assert pen.hexagon(1, 1, 2) is None and pen.arrow(0, 0, 1, 1) is None
    # the canvas under it takes any call, a path too
    c = pen.c
    assert (c._fillColorObj, c._strokeColorObj, c._lineWidth, c._code) == (None, None, None, [])
    assert c.setFont("Sans", 8) is None and c.beginPath().moveTo(0, 0) is None
    pen.fill((0.5, 0.5, 0.5))  # the pen's own colour logic runs on it
    with pen.frame(r):
        pass
    assert doc.canvas._code == []  # the real canvas untouched


# -- what a worker sends back when it fails -----------------------------------------------------------


def test_an_error_message_names_the_exception_and_keeps_its_traceback():
    try:
        raise ZeroDivisionError("injected")
    except ZeroDivisionError as exc:
        msg = parallel._error_message(exc)
    kind, text, tb = msg
    assert (kind, text) == ("error", "ZeroDivisionError: injected")
    assert tb.startswith("Traceback (most recent call last):") and tb.endswith(
        "ZeroDivisionError: injected\n"
    )


def test_a_glyph_error_is_sent_as_its_parts():
    from sheets.render.fonts import GlyphError

    assert parallel._error_message(GlyphError("Roc ☃", "☃", "Sans-Bold")) == (
        "glyph",
        "Roc ☃",
        "☃",
        "Sans-Bold",
    )


def test_the_parent_raises_what_a_worker_sent():
    from sheets.render.fonts import GlyphError

    with pytest.raises(GlyphError) as exc:
        parallel._raise(1, ("glyph", "Roc ☃", "☃", "Sans-Bold"))
    assert (exc.value.text, exc.value.char, exc.value.font) == ("Roc ☃", "☃", "Sans-Bold")
    with pytest.raises(RuntimeError) as exc:
        parallel._raise(3, ("error", "OSError: disk full", "Traceback ..."))
    assert str(exc.value) == "worker 3 failed: OSError: disk full"
    assert type(exc.value) is RuntimeError


# -- reportlab's private attributes ---------------------------------------------------------------


class _Bare:
    pass


class _BareDoc:
    def __init__(self, canvas):
        self.canvas = canvas


def test_every_missing_canvas_attribute_is_named():
    missing = parallel.internals_missing(_BareDoc(_Bare()))
    want = [
        f"Canvas.{a}"
        for a in (
            "_code",
            "_formsinuse",
            "_pagesize",
            "_preamble",
            "_pageCompression",
            "_cropMarks",
            "_psCommandsBeforePage",
            "_psCommandsAfterPage",
            "_doc",
            "_fillColorObj",
            "_strokeColorObj",
            "_lineWidth",
            "_currentMatrix",
        )
    ]
    want += [
        f"Canvas.{m}()"
        for m in (
            "_startPage",
            "_restartAccumulators",
            "_escape",
            "beginForm",
            "endForm",
            "showPage",
            "setPageSize",
        )
    ]
    want += [
        "Canvas._code (a list of operator lines)",
        "Canvas._formsinuse (a list)",
        "PDFDocument.Pages.pages (a list)",
    ]
    assert missing[: len(want)] == want
    # the font is there; its subset state cannot be made without the document: nothing more
    assert missing == want


def test_an_attribute_of_the_wrong_kind_is_named(monkeypatch):
    doc = Document()
    monkeypatch.setattr(doc.canvas, "_code", ("a",))
    monkeypatch.setattr(doc.canvas, "showPage", None)  # there, not callable
    monkeypatch.setattr(doc.canvas._doc.Pages, "pages", ())
    assert parallel.internals_missing(doc) == [
        "Canvas.showPage()",
        "Canvas._code (a list of operator lines)",
        "PDFDocument.Pages.pages (a list)",
    ]


def test_an_unknown_font_is_named():
    assert parallel.internals_missing(Document(), "NoSuchFont") == ["font NoSuchFont"]


class _FaceOnly:
    """A font without anything the writer needs."""


class _State:
    pass


class _Face:
    def __init__(self, state, face=True):
        self.state = state
        if face:
            self.face = type("F", (), {"charToGlyph": {}})()

    def splitString(self, text, doc):
        return []

    def getSubsetInternalName(self, subset, doc):
        return "/F1+0"


def test_every_missing_font_attribute_is_named(monkeypatch):
    doc = Document()
    monkeypatch.setattr(parallel.pdfmetrics, "getFont", lambda name: _FaceOnly())
    assert parallel.internals_missing(doc) == [
        "TTFont.state",
        "TTFont.face",
        "TTFont.splitString",
        "TTFont.getSubsetInternalName",
        "TTFontFace.charToGlyph",
    ]


def test_a_subset_state_without_its_fields_is_named(monkeypatch):
    doc = Document()
    monkeypatch.setattr(parallel.pdfmetrics, "getFont", lambda name: _Face({doc.canvas._doc: _State()}))
    assert parallel.internals_missing(doc) == [
        "TTFont.state[doc].internalName",
        "TTFont.state[doc].assignments",
        "TTFont.state[doc].assignments (a dict)",
    ]
    state = _State()
    state.internalName, state.assignments = None, [1]
    monkeypatch.setattr(parallel.pdfmetrics, "getFont", lambda name: _Face({doc.canvas._doc: state}))
    assert parallel.internals_missing(doc) == ["TTFont.state[doc].assignments (a dict)"]
    state.assignments = {}
    assert parallel.internals_missing(doc) == []


def test_a_state_that_is_not_a_mapping_is_named(monkeypatch):
    doc = Document()
    monkeypatch.setattr(parallel.pdfmetrics, "getFont", lambda name: _Face(object(), face=False))
    assert parallel.internals_missing(doc) == [
        "TTFont.face",
        "TTFont.state (a mapping per document)",
        "TTFontFace.charToGlyph",
    ]


def test_a_font_without_split_string_is_named_not_a_crash(monkeypatch):
    """(A bug found by issue 21: the check called splitString, and read Canvas._doc, even when
    it had just named them missing: the AttributeError ended `render --jobs` instead of the
    fallback to one process.)"""
    doc = Document()

    class NoSplit:
        state = {}
        face = type("F", (), {"charToGlyph": {}})()

        def getSubsetInternalName(self, subset, doc):
            return "/F1+0"

    monkeypatch.setattr(parallel.pdfmetrics, "getFont", lambda name: NoSplit())
    assert parallel.internals_missing(doc) == ["TTFont.splitString"]


def test_the_check_makes_a_subset_state_only_in_the_document_it_is_given():
    doc = Document()
    parallel.internals_missing(doc, "Sans-Bold")
    assert doc.canvas._doc in pdfmetrics.getFont("Sans-Bold").state
    other = Document()
    assert other.canvas._doc not in pdfmetrics.getFont("Sans-Bold").state


def test_the_check_of_this_process_runs_once_on_a_throwaway_document(monkeypatch):
    calls = []
    monkeypatch.setattr(parallel, "_CHECKED_INTERNALS", [])
    real = parallel.internals_missing
    monkeypatch.setattr(parallel, "internals_missing", lambda doc: calls.append(doc) or real(doc))
    assert parallel._internals_missing_here() == []
    assert parallel._internals_missing_here() == []
    assert len(calls) == 1 and calls[0].size == Document("a4").size
    monkeypatch.setattr(parallel, "_CHECKED_INTERNALS", [["Canvas._code"]])
    assert parallel._internals_missing_here() == ["Canvas._code"]
