"""The worker side of ``sheets render --jobs`` run in this process (issue 21): the forks are
played one at a time by ``parallel_sim`` (each worker, then the parent with what they sent), so
what a worker sends, how the parent assembles it and what it cleans up are asserted directly:
the same bytes as one process, pages in order with their text, chunk ownership, a failing worker."""

from __future__ import annotations

import marshal
import os

import pytest

from sheets.render import parallel
from sheets.render.pdf import PAPER, Document, Rect

from .parallel_sim import PID0, run_parent, run_worker, serial, simulate, simulate_call

A4, LETTER = PAPER["a4"], PAPER["letter"]


def page_words(pdf: bytes) -> list[str]:
    import io

    from pypdf import PdfReader

    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]


def _box(pen):
    pen.rect(Rect(0, 0, 40, 12))
    pen.text(2, 3, "Box", 8)


def _book(n, words=None, sizes=None, forms=True):
    """A document of ``n`` pages: page i says "Page i/n" and its word, places the shared form
    and (every third page) a form of its own."""
    words = words or {}

    def draw(doc):
        for i in range(1, n + 1):
            pen = doc.page(sizes(i) if sizes else None)
            pen.text(50, 700, f"Page {i}/{n}", 10, color=pen.t.ink)  # a layout reads its theme
            if i == 1:  # every digit gets its glyph code on the first page
                pen.text(50, 720, "0123456789 F", 10)
                pen.text(50, 740, "0123456789 F", 7)
            pen.text(50, 680, words.get(i, "Roc"), 9, "Sans-Bold")
            pen.text(50, 660, "pts", 8)  # in the same text object: starts where the word ends
            if forms:
                pen.form("shared", 50, 600, _box)
                if i % 3 == 0:
                    pen.form(
                        ("own", i),
                        100,
                        500,
                        lambda p, i=i: (p.rect(Rect(0, 0, 20, 20)), p.text(1, 1, f"F{i}", 7)),
                    )

    return draw


@pytest.fixture
def chunk(monkeypatch):
    def set_chunk(n):
        monkeypatch.setattr(parallel, "CHUNK", n)

    set_chunk(2)
    return set_chunk


def _doc():
    return Document("a4")


@pytest.mark.parametrize("jobs", [2, 3])
def test_the_simulated_forks_give_the_bytes_of_one_process(monkeypatch, chunk, jobs):
    draw = _book(11, words={5: "Щука", 8: "Ёж Ώμέγα", 9: "Щука"})
    one, _ = serial(_doc, draw)
    pdf, doc, sent, sim = simulate(monkeypatch, _doc, draw, jobs)
    assert pdf == one
    assert doc.pages == 11
    words = page_words(pdf)
    assert len(words) == 11
    for i, w in enumerate(words, 1):
        assert f"Page {i}/11" in w
    assert "Щука" in words[4] and "Ёж Ώμέγα" in words[7] and "Щука" in words[8]
    assert "Roc" in words[0] and "Щука" not in words[0]
    assert sim.forks == jobs and sim.waits == [(PID0 + k, 0) for k in range(jobs)] and sim.kills == []


# -- chunks: who draws what, what is sent ---------------------------------------------------------


def _chunks(msgs):
    got = [m[1] for m in msgs if m[0] == "chunk"]
    assert all(type(c) is int for c in got)  # the chunk numbers sent are whole numbers
    return got


def test_chunk_c_is_drawn_by_worker_c_minus_1_mod_jobs(monkeypatch, chunk):
    draw = _book(11)  # chunks of 2 pages: 0 (parent) 1..5; the last has one page
    _, _, sent, _ = simulate(monkeypatch, _doc, draw, 2)
    assert _chunks(sent[0]) == [1, 3, 5] and _chunks(sent[1]) == [2, 4]
    assert sent[0][-1] == ("done",) and sent[1][-1] == ("done",)
    assert len(sent[0]) == 4 and len(sent[1]) == 3
    pages = {m[1]: m[2] for s in sent for m in s if m[0] == "chunk"}
    assert [len(pages[c]) for c in (1, 2, 3, 4, 5)] == [2, 2, 2, 2, 1]
    assert all(p[0] == tuple(A4) for c in pages.values() for p in c)
    _, _, sent3, _ = simulate(monkeypatch, _doc, draw, 3)
    assert [_chunks(s) for s in sent3] == [[1, 4], [2, 5], [3]]


def test_chunks_of_three_pages(monkeypatch, chunk):
    chunk(3)
    draw = _book(10)  # chunks 0 (pages 1-3), 1 (4-6), 2 (7-9), 3 (page 10)
    one, _ = serial(_doc, draw)
    pdf, doc, sent, _ = simulate(monkeypatch, _doc, draw, 2)
    assert pdf == one and doc.pages == 10
    assert [[(m[1], len(m[2])) for m in s if m[0] == "chunk"] for s in sent] == [[(1, 3), (3, 1)], [(2, 3)]]
    assert [w.split()[:2] for w in page_words(pdf)] == [["Page", f"{i}/10"] for i in range(1, 11)]


@pytest.mark.parametrize("n, forks", [(2, 0), (3, 2), (4, 2)])
def test_the_workers_start_at_the_first_page_past_the_first_chunk(monkeypatch, chunk, n, forks):
    """A document of one chunk (CHUNK pages) is drawn here alone; one page more forks."""
    draw = _book(n)
    one, _ = serial(_doc, draw)
    calls = []

    def call():
        doc = _doc()
        calls.append(doc)
        return parallel.render(doc, draw, 2)

    if not forks:
        from .parallel_sim import Sim

        with monkeypatch.context() as m:
            sim = Sim(m, child=None, inbox=[])
            assert call() == one
        assert sim.forks == 0 and sim.boxes == []
        return
    pdf, sent, sim = simulate_call(monkeypatch, call, 2)
    assert pdf == one and sim.forks == forks
    assert _chunks(sent[0]) == [1] and _chunks(sent[1]) == []
    assert len(sent[0][0][2]) == n - 2
    assert page_words(pdf)[-1].startswith(f"Page {n}/{n}")


@pytest.mark.parametrize("jobs", [1, 0])
def test_one_job_never_forks(monkeypatch, chunk, jobs):
    from .parallel_sim import Sim

    draw = _book(7)
    one, _ = serial(_doc, draw)
    with monkeypatch.context() as m:
        sim = Sim(m, child=None, inbox=[])
        assert parallel.render(_doc(), draw, jobs) == one
    assert sim.forks == 0


def test_a_document_with_pages_already_is_drawn_here(monkeypatch, chunk):
    """render() forks only a document it starts (the chunks count from its first page)."""
    from .parallel_sim import Sim

    draw = _book(7)

    def started():
        doc = _doc()
        doc.page().text(50, 700, "Cover", 10)
        return doc

    doc = started()
    draw(doc)
    one = doc.finish()
    with monkeypatch.context() as m:
        sim = Sim(m, child=None, inbox=[])
        assert parallel.render(started(), draw, 2) == one
    assert sim.forks == 0


def test_the_forks_are_made_and_cleaned_up(monkeypatch, chunk):
    """Each worker arms the parent-death signal with the parent's pid, freezes its collector and
    closes every read end it inherited; the parent closes each write end after its fork, every
    read end at the end and waits for every worker."""

    draw = _book(9)
    sims = []
    for k in range(3):
        sim, raw = run_worker(monkeypatch, lambda: parallel.render(_doc(), draw, 3), 3, k)
        sims.append(sim)
        assert sim.forks == k + 1  # the worker forks no more
        assert sim.parents == [os.getpid()] and sim.freezes == 1
        assert sim.closed[:k] == [["send", "recv"]] * k  # the earlier workers' pipes
        assert sim.closed[k] == ["recv", "send"]  # its own: the read end at once, its end at the exit
        assert len(sim.boxes) == k + 1
        assert sim.kills == [] and sim.waits == []
    sent = [list(s.boxes[k]) for k, s in enumerate(sims)]
    sim, pdf = run_parent(monkeypatch, lambda: parallel.render(_doc(), draw, 3), sent)
    assert pdf == serial(_doc, draw)[0]
    assert sim.forks == 3 and sim.parents == [] and sim.freezes == 0
    assert sim.closed == [["send", "recv"]] * 3
    assert sim.waits == [(PID0, 0), (PID0 + 1, 0), (PID0 + 2, 0)] and sim.kills == []
    assert all(box == [] for box in sim.boxes)  # every message read


# -- what the parent assembles ----------------------------------------------------------------------


def test_page_sizes_switch_inside_and_across_chunks(monkeypatch, chunk):
    """A4 and Letter (and a landscape page) in any order: each page keeps its size."""
    sizes = {1: A4, 2: LETTER, 3: A4, 4: A4, 5: (A4[1], A4[0]), 6: A4, 7: LETTER, 8: LETTER, 9: A4}
    draw = _book(9, sizes=sizes.get)
    one, _ = serial(_doc, draw)
    pdf, doc, _, _ = simulate(monkeypatch, _doc, draw, 2)
    assert pdf == one
    import io

    from pypdf import PdfReader

    got = [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(pdf)).pages
    ]
    assert got == [(round(w), round(h)) for w, h in (sizes[i] for i in range(1, 10))]
    assert got[:3] == [(595, 842), (612, 792), (595, 842)] and got[4] == (842, 595)
    assert doc.size == A4  # the size of the last page
    assert doc.page.__func__ is Document.page  # the parent's document has its own page() again


def test_a_size_named_only_on_a_worker_page_carries_to_the_pages_after_it(monkeypatch, chunk):
    sizes = {4: LETTER}  # page 4 (chunk 1, worker 0) switches to Letter; 5.. name no size
    draw = _book(8, sizes=sizes.get)
    one, _ = serial(_doc, draw)
    pdf, _, _, _ = simulate(monkeypatch, _doc, draw, 2)
    assert pdf == one
    import io

    from pypdf import PdfReader

    heights = [round(float(p.mediabox.height)) for p in PdfReader(io.BytesIO(pdf)).pages]
    assert heights == [842, 842, 842, 792, 792, 792, 792, 792]


def _forms_book(n, text_in_form):
    """Forms first placed on worker pages, placed again by the other worker (which defines its
    own copy: the parent drops it), a form holding text with letters new to the document."""

    def draw(doc):
        for i in range(1, n + 1):
            pen = doc.page()
            pen.text(50, 700, f"Page {i}", 10)
            if i == 1:
                pen.form("a", 10, 10, _box)  # the parent's own form (F0)
            if i == 5:  # a run for the parent before worker 1's own copy of "b" (dropped)
                pen.text(50, 720, "Ўсё", 9)
            if i >= 3:
                pen.form("b", 60, 10, lambda p: (p.rect(Rect(0, 0, 30, 30)), p.text(2, 2, text_in_form, 8)))
            if i >= 5:
                pen.form("c", 110, 10, lambda p: p.text(2, 2, "Жёлудь ЦЫ", 8, "Sans-Bold"))
            pen.text(50, 650, "Ґанок Її" if i % 2 else "Roc", 9)
            pen.form("a", 160, 10, _box)

    return draw


@pytest.mark.parametrize("text_in_form", ["Box", "Щит Ъ"])
@pytest.mark.parametrize("jobs", [2, 3])
def test_forms_first_used_on_worker_pages_get_the_names_of_one_process(
    monkeypatch, chunk, jobs, text_in_form
):
    draw = _forms_book(9, text_in_form)
    one, _ = serial(_doc, draw)
    pdf, doc, sent, _ = simulate(monkeypatch, _doc, draw, jobs)
    assert pdf == one
    assert doc._parallel_forms == {parallel._key_name("b"): "F1", parallel._key_name("c"): "F2"}
    assert b"/FormXob.F2 " in one and b"/FormXob.F3" not in one
    words = page_words(pdf)
    assert all(f"Page {i}" in w for i, w in enumerate(words, 1))
    # every worker that draws a page with a form not defined before the fork defines it itself
    defined = {m[1]: [f[1] for f in m[3]] for s in sent for m in s if m[0] == "chunk"}
    assert defined[1] == [parallel._key_name("b")]  # page 3
    assert defined[2] == [parallel._key_name("b"), parallel._key_name("c")]  # pages 5, 6
    if jobs == 2:
        assert defined[3] == [parallel._key_name("c")]  # worker 0 meets "c" at page 7
    assert "Жёлудь ЦЫ" in words[4]


def test_a_form_defined_on_the_first_chunk_is_only_placed_by_the_workers(monkeypatch, chunk):
    draw = _forms_book(6, "Box")
    _, _, sent, _ = simulate(monkeypatch, _doc, draw, 2)
    used = [p[2] for s in sent for m in s if m[0] == "chunk" for p in m[2]]
    assert all("F0" in u for u in used)  # "a", defined by the parent, keeps its name
    assert all(parallel._key_name("a") not in u for u in used)


def test_runs_with_new_letters_are_left_to_the_parent_as_tokens(monkeypatch, chunk):
    words = {3: "Щука", 4: "Roc", 5: "Щука", 6: "Ёж", 7: "Roc"}
    draw = _book(7, words=words, forms=False)
    _, _, sent, _ = simulate(monkeypatch, _doc, draw, 2)
    msgs = {m[1]: m for s in sent for m in s if m[0] == "chunk"}
    # worker 0 (pages 3-4): "Щука" is new; "Roc" after it starts in a state only the parent knows
    tokens = msgs[1][4]
    assert [(t[0], t[3]) for t in tokens] == [(1, "Щука"), (2, "pts")]
    assert tokens[0][4] is False and tokens[1][5] == parallel._UNKNOWN
    # page 3 holds tokens: the parent fills them in; page 4 none: deflated by the worker
    assert [type(lines) for _, lines, _ in msgs[1][2]] == [list, bytes]
    # worker 1 (pages 5-6) numbers its own tokens from 1 too
    assert [(t[0], t[3]) for t in msgs[2][4]][:1] == [(1, "Щука")]
    # page 7: every character known at the fork: encoded by the worker, its stream deflated there
    assert msgs[3][4] == [] and all(isinstance(lines, bytes) for _, lines, _ in msgs[3][2])


@pytest.mark.parametrize("a85", [1, 0])
def test_pages_deflated_by_a_worker_are_the_bytes_reportlab_writes(monkeypatch, chunk, a85):
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "useA85", a85)
    draw = _book(8, forms=False)  # no new form, no new letter after page 2
    one, _ = serial(_doc, draw)
    pdf, _, sent, _ = simulate(monkeypatch, _doc, draw, 2)
    assert pdf == one
    assert all(isinstance(p[1], bytes) for s in sent for m in s if m[0] == "chunk" for p in m[2])
    assert (b"/ASCII85Decode" in pdf) == bool(a85)


@pytest.mark.parametrize("what, value", [("_pageCompression", 0), ("_cropMarks", True)])
def test_a_page_stream_reportlab_builds_otherwise_is_left_to_the_parent(monkeypatch, chunk, what, value):
    """Uncompressed pages, crop marks: the worker sends the page's lines; the parent's canvas
    builds the stream as one process would."""

    def make():
        doc = _doc()
        setattr(doc.canvas, what, value)
        return doc

    draw = _book(6, forms=False)
    one, _ = serial(make, draw)
    pdf, _, sent, _ = simulate(monkeypatch, make, draw, 2)
    assert pdf == one
    pages = [p for s in sent for m in s if m[0] == "chunk" for p in m[2]]
    assert len(pages) == 4 and all(isinstance(p[1], list) for p in pages)
    assert [w.split()[:2] for w in page_words(pdf)] == [["Page", f"{i}/6"] for i in range(1, 7)]


# -- a failing worker -------------------------------------------------------------------------------


def _failing(n, bad_page, exc):
    book = _book(n)

    def draw(doc):
        page = doc.page
        count = [0]

        def page_that_fails(size=None):
            count[0] += 1
            pen = page(size)
            if count[0] == bad_page and not getattr(pen, "skip", False):
                raise exc
            return pen

        doc.page = page_that_fails
        try:
            book(doc)
        finally:
            doc.page = page

    return draw


def _fail_run(monkeypatch, draw, jobs):
    sent = [
        run_worker(monkeypatch, lambda: parallel.render(_doc(), draw, jobs), jobs, k)[1] for k in range(jobs)
    ]
    sim, result = run_parent(monkeypatch, lambda: parallel.render(_doc(), draw, jobs), sent)
    return sim, result, [[marshal.loads(b) for b in s] for s in sent]


def test_a_worker_that_fails_fails_the_render_and_every_worker_is_stopped(monkeypatch, chunk):
    draw = _failing(9, 5, ZeroDivisionError("injected"))  # page 5: chunk 2, worker 1
    sim, result, sent = _fail_run(monkeypatch, draw, 2)
    assert isinstance(result, RuntimeError)
    assert str(result) == "worker 1 failed: ZeroDivisionError: injected"
    assert sim.kills == [(PID0, 9), (PID0 + 1, 9)]
    assert sim.waits == [(PID0, 0), (PID0 + 1, 0)]
    assert sim.closed == [["send", "recv"]] * 2
    # worker 1 sends the error instead of its first chunk; worker 0 went on to the end
    assert [m[0] for m in sent[1]] == ["error"]
    kind, text, tb = sent[1][0]
    assert text == "ZeroDivisionError: injected" and "ZeroDivisionError: injected" in tb
    assert "Traceback" in tb
    assert _chunks(sent[0]) == [1, 3] and sent[0][-1] == ("done",)


def test_a_failure_on_a_page_of_the_first_chunk_forks_nothing(monkeypatch, chunk):
    from .parallel_sim import Sim

    draw = _failing(9, 2, ZeroDivisionError("early"))
    with monkeypatch.context() as m:
        sim = Sim(m, child=None, inbox=[])
        with pytest.raises(ZeroDivisionError, match="early"):
            parallel.render(_doc(), draw, 2)
    assert sim.forks == 0 and sim.kills == [] and sim.waits == []


def test_a_glyph_error_in_a_worker_comes_back_as_the_same_glyph_error(monkeypatch, chunk):
    from sheets.render.fonts import GlyphError

    draw = _failing(9, 3, GlyphError("Roc ☃", "☃", "Sans"))  # page 3: worker 0's first page
    sim, result, sent = _fail_run(monkeypatch, draw, 2)
    assert sent[0] == [("glyph", "Roc ☃", "☃", "Sans")]
    assert isinstance(result, GlyphError)
    assert (result.text, result.char, result.font) == ("Roc ☃", "☃", "Sans")
    assert sim.kills == [(PID0, 9), (PID0 + 1, 9)]


def test_a_failure_after_the_last_page_is_sent_too(monkeypatch, chunk):
    """The worker's last flush (after the layout ran to its end) fails: it sends the error."""
    from sheets.render.layout_check import Recorder

    def settle(self):
        raise KeyError("settle")

    draw = _book(4)  # chunk 1 (pages 3-4) is worker 0's, flushed after the layout's end
    jobs = 2

    def make():
        return Document("a4", record=True)

    sent = []
    for k in range(jobs):
        with monkeypatch.context() as m:
            m.setattr(Recorder, "settle", settle)
            sent.append(run_worker(monkeypatch, lambda: parallel.render(make(), draw, jobs), jobs, k)[1])
    msgs = [[marshal.loads(b) for b in s] for s in sent]
    assert [m[0] for m in msgs[0]] == ["error"] and msgs[0][0][1] == "KeyError: 'settle'"
    assert msgs[1] == [("done",)]  # worker 1 has no chunk in 4 pages
    assert "flush" in msgs[0][0][2]  # sent from the last flush (the name mutmut gives it holds it too)
    sim, result = run_parent(monkeypatch, lambda: parallel.render(make(), draw, jobs), sent)
    assert isinstance(result, RuntimeError) and str(result) == "worker 0 failed: KeyError: 'settle'"


def _parent_with(monkeypatch, n, jobs, inbox):
    import marshal as m_

    draw = _book(n)
    return run_parent(
        monkeypatch,
        lambda: parallel.render(_doc(), draw, jobs),
        [[m_.dumps(x) for x in box] for box in inbox],
    )


def test_a_chunk_out_of_turn_is_an_error(monkeypatch, chunk):
    sim, result = _parent_with(monkeypatch, 7, 2, [[("chunk", 2, [], [], [], [])], [("done",)]])
    assert isinstance(result, RuntimeError) and str(result) == "parallel render: chunk 2 arrived for 1"
    assert sim.kills == [(PID0, 9), (PID0 + 1, 9)]


def test_a_chunk_after_a_done_is_an_error(monkeypatch, chunk):
    # chunk 1 (worker 0) is empty, then worker 1 says done; worker 0 still sends a chunk
    sim, result = _parent_with(
        monkeypatch, 7, 2, [[("chunk", 1, [], [], [], []), ("chunk", 3, [], [], [], [])], [("done",)]]
    )
    assert isinstance(result, RuntimeError) and str(result) == "parallel render: a chunk after the last page"


def test_an_error_after_another_workers_done_is_raised(monkeypatch, chunk):
    sim, result = _parent_with(
        monkeypatch, 7, 3, [[("done",)], [("done",)], [("error", "OSError: disk", "tb")]]
    )
    assert isinstance(result, RuntimeError) and str(result) == "worker 2 failed: OSError: disk"
    sim, result = _parent_with(monkeypatch, 7, 3, [[("done",)], [("done",)], [("done",)]])
    assert isinstance(result, bytes) and result.startswith(b"%PDF")
    assert sim.kills == [] and sim.waits == [(PID0, 0), (PID0 + 1, 0), (PID0 + 2, 0)]


def test_each_workers_done_is_read_once(monkeypatch, chunk):
    """The worker whose turn it is ends the document; the others' "done" is read after it, once:
    a second message from the same worker would be left unread."""
    sim, result = _parent_with(monkeypatch, 7, 2, [[("done",), ("error", "X: never read", "")], [("done",)]])
    assert isinstance(result, bytes)
    assert sim.boxes[0] == [marshal.dumps(("error", "X: never read", ""))] and sim.boxes[1] == []


# -- the layout check of the workers' pages -----------------------------------------------------


def _overflowing(n, bad):
    book = _book(n)

    def draw(doc):
        page = doc.page
        count = [0]

        def page_with_overflow(size=None):
            count[0] += 1
            pen = page(size)
            if count[0] in bad and not getattr(pen, "skip", False):
                with pen.frame(Rect(40, 690, 30, 20)):
                    pen.text(45, 695, f"Overflow on page {count[0]} well past its frame", 10)
            return pen

        doc.page = page_with_overflow
        try:
            book(doc)
        finally:
            doc.page = page

    return draw


@pytest.mark.parametrize("stream", [False, True])
def test_workers_measure_their_pages_and_the_parent_reports_them_in_page_order(monkeypatch, chunk, stream):
    from sheets.render.layout_check import check

    draw = _overflowing(9, {2, 4, 5, 9})

    def make():
        return Document("a4", record={"stream": stream})

    one, sdoc = serial(make, draw)
    pdf, doc, sent, _ = simulate(monkeypatch, make, draw, 2)
    assert pdf == one
    want = [(v.page, v.kind, v.message) for v in check(sdoc.recorder)]
    got = [(v.page, v.kind, v.message) for v in check(doc.recorder)]
    assert got == want
    assert [p for p, kind, _ in got if kind == "frame"] == [2, 4, 5, 9]
    assert ("frame", "'Overflow on page 5 well past its frame' leaves its frame by 168.8 pt") in [
        (k, m) for _, k, m in got
    ]
    assert [p for p, kind, _ in got if kind == "blank"] == list(range(1, 10))
    # each chunk's measurements come with it: pages 3-4 from worker 0, 5-6 from worker 1, ...
    measured = {m[1]: [r[0] for r in m[5]] for s in sent for m in s if m[0] == "chunk"}
    assert measured == {1: [3, 4], 2: [5, 6], 3: [7, 8], 4: [9]}


def test_without_a_recorder_nothing_is_measured(monkeypatch, chunk):
    _, doc, sent, _ = simulate(monkeypatch, _doc, _book(5), 2)
    assert doc.recorder is None
    assert [m[5] for s in sent for m in s if m[0] == "chunk"] == [[], []]


# -- a real renderer ----------------------------------------------------------------------------


def _bt_source(samples, names):
    import yaml

    from sheets.api import Source

    base = yaml.safe_load((samples / "battletech" / "roc.yaml").read_text(encoding="utf-8"))["units"][0]
    units = [dict(base, name=f"Roc {i + 1}", pilot={"name": n, "gunnery": 4}) for i, n in enumerate(names)]
    data = yaml.safe_dump({"system": "battletech", "units": units}, allow_unicode=True).encode()
    return Source("bt.yaml", data)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_battletech_sheets_through_the_workers_are_the_bytes_of_one_process(monkeypatch, samples, lang):
    """13 ProtoMech sheets (a point of five per page), one page per chunk, pilots with letters
    the first page never used: the PDF and the layout check are those of one process."""
    from sheets import api
    from sheets.render.layout_check import check

    monkeypatch.setattr(parallel, "CHUNK", 1)
    names = [
        "Ann",
        "Bo",
        "Cy",
        "Di",
        "Ed",
        "Щука Ёжикова",
        "Юлия Эльф",
        "Жора",
        "Ann",
        "Ώμέγα Ψ",
        "Ђорђе Ћ",
        "Ann",
        "Bo",
    ]
    src = _bt_source(samples, names)

    def call(jobs):
        return api.render(api.load([src], {"lang": lang}), jobs=jobs, record=True)

    one = call(1)
    got, sent, sim = simulate_call(monkeypatch, lambda: call(2), 2)
    assert got.pdf == one.pdf
    assert sim.forks == 2
    assert [(v.page, v.message) for v in check(got.document.recorder)] == [
        (v.page, v.message) for v in check(one.document.recorder)
    ]
    words = page_words(got.pdf)
    assert len(words) == 3
    assert "Щука Ёжикова" in words[1] and "Ђорђе Ћ" in words[2] and "Ώμέγα Ψ" in words[1]
    assert _chunks(sent[0]) == [1] and _chunks(sent[1]) == [2]


@pytest.mark.parametrize("stream", [False, True])
def test_the_layout_check_of_worker_pages_knows_their_size(monkeypatch, chunk, stream):
    """The fork's page (3) and later worker pages switch paper: each page is measured at its
    own size, as in one process."""
    from sheets.render.layout_check import check

    sizes = {3: LETTER, 5: (A4[1], A4[0]), 6: A4, 8: LETTER}
    draw = _overflowing(9, {3, 5})
    book = _book(9, sizes=sizes.get)

    def sized(doc):
        page = doc.page
        count = [0]

        def page_sized(size=None):
            count[0] += 1
            return page(sizes.get(count[0], size))

        doc.page = page_sized
        try:
            draw(doc)
        finally:
            doc.page = page

    def make():
        return Document("a4", record={"stream": stream})

    one, sdoc = serial(make, sized)
    pdf, doc, _, _ = simulate(monkeypatch, make, sized, 2)
    assert pdf == one
    want = [(v.page, v.kind, v.message) for v in check(sdoc.recorder)]
    assert [(v.page, v.kind, v.message) for v in check(doc.recorder)] == want
    # page 5 is landscape A4 (595 pt high): the text at y 700 leaves it; page 6 (A4) has room
    assert (5, "frame", "'Page 5/9' leaves its page by 112.0 pt") in want
    assert [p for p, k, m in want if "leaves its page" in m] == [5, 5, 5, 5]


def test_assemble_defines_a_workers_form_with_its_bounding_box():
    """_assemble as the parent runs it, on a chunk made by hand: a form with its own box, its
    token filled in, the page placing it under the name one process gives."""
    import io

    from pypdf import PdfReader

    doc = _doc()
    doc.page().text(10, 10, "Roc", 8)
    doc.canvas.showPage()
    doc._open = False
    key = parallel._key_name("box")
    size = tuple(doc.canvas._pagesize)
    body = ["BT 1 0 0 1 2 2 Tm \x001\x00 ET", "0 0 30 40 re S"]
    page = ["1 j", f"q 1 0 0 1 50 60 cm /FormXob.{key} Do Q"]
    forms = [(0, key, (1, 2, 30, 40), body, (1, 1))]
    tokens = [(1, "Sans", 8, "Щука", True, None)]
    parallel._assemble(doc, [(size, page, [key])], forms, tokens)
    assert doc.pages == 2 and doc._parallel_forms == {key: "F0"}
    pdf = doc.finish()
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    xobj = reader.pages[1]["/Resources"]["/XObject"]["/FormXob.F0"].get_object()
    assert [float(v) for v in xobj["/BBox"]] == [1.0, 2.0, 30.0, 40.0]
    assert b"/FormXob.F0 Do" in reader.pages[1].get_contents().get_data()
    run = doc.pen.encoder._runs[("Sans", 8, "Щука")][1]  # the run as one process encodes it
    assert xobj.get_data().endswith(("BT 1 0 0 1 2 2 Tm " + run + " ET\n0 0 30 40 re S").encode("latin-1"))


@pytest.mark.parametrize("n, forks", [(10, 0), (11, 2), (21, 2)])
def test_the_first_chunk_is_ten_pages(monkeypatch, n, forks):
    """At the default chunk (10 pages): 10 pages are drawn here alone, the 11th forks; page 21
    starts worker 1's first chunk."""
    from .parallel_sim import Sim

    assert parallel.CHUNK == 10
    draw = _book(n, forms=False)
    one, _ = serial(_doc, draw)
    if not forks:
        with monkeypatch.context() as m:
            sim = Sim(m, child=None, inbox=[])
            assert parallel.render(_doc(), draw, 2) == one
        assert sim.forks == 0
        return
    pdf, _, sent, sim = simulate(monkeypatch, _doc, draw, 2)
    assert pdf == one and sim.forks == forks
    assert [[(m[1], len(m[2])) for m in s if m[0] == "chunk"] for s in sent] == (
        [[(1, 1)], []] if n == 11 else [[(1, 10)], [(2, 1)]]
    )
