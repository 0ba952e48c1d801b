"""Rendering on several cores (``sheets render --jobs N``) with the same bytes as one process.

reportlab numbers PDF objects in creation order and gives each TrueType glyph its subset code
the first time it is drawn anywhere in the document, so pieces of a PDF written apart cannot be
glued back byte for byte. Instead the process draws the first chunk (``CHUNK`` pages) itself
and forks the workers at the start of the next page, in the middle of the layout: each worker
continues that layout where it stands (units loaded and checked, pagination and every sheet's
data worked out once, fonts set up: nothing is redone), skips the pages of the other workers
with a :class:`NullPen` and draws the pages of its own chunks (chunk ``c >= 1`` belongs to
worker ``(c - 1) % N``) on its copy of the canvas, so it writes their content streams itself.
Text too: a glyph keeps the code it was given on its first use, and the first chunk has given
one to almost every character, so a worker encodes each run whose font and characters already
have codes exactly as one process would (:class:`_ForkEncoder`); only a run with a character
(or a font) not yet used by the first chunk is left as a token (font, size, string). The parent
takes the chunks in page order, encodes those tokens in the order one process would have drawn
them (the same glyph codes, the same font switches), defines the forms at their first use (a
worker names a new form by its key, a token too; the parent gives it the short name one process
would: its rank of first use) and adds the pages: the same objects in the same order as a
single-process render, hence the same bytes.

The parent's share is the first chunk, the few tokens, page assembly and font subsetting; a
worker deflates the content streams of its pages itself (a page with a token is deflated by the
parent at save time, as usual).
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import os
import re
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, NoReturn, cast

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress

from sheets.render import fonts
from sheets.render.pdf import Document, Pen, SheetCanvas, Size, TextEncoder

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from sheets.render.theme import Theme

CHUNK = 10  # pages per chunk: small enough to keep the parent busy from the start
MIN_UNITS = 1000  # default --jobs: every CPU from 1,000 units (about 200 ProtoMech pages)
_TOKEN = re.compile("\x00([0-9]+|K[0-9a-f]+)\x00")  # a text run, or a form named by its key
_UNKNOWN = "?"  # a worker's text state after a token: only the parent knows it


def default_jobs(units: int) -> int:
    """Every idle CPU for a big batch. The workers cost about the CPU of one process in total
    (forked mid-layout, they redo nothing), but on CPUs already busy with other programs the
    extra processes only add switching: then one process."""
    return 1 if units < MIN_UNITS else idle_cpus()


def idle_cpus() -> int:
    """CPUs not busy with other programs (by the load average), at least 1, at most 8."""
    cpus = os.cpu_count() or 1
    try:
        idle = cpus - os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        idle = cpus
    return max(1, min(cpus, 8, int(idle + 0.5)))


class _ForkEncoder(TextEncoder):
    """A worker's text encoder: a run whose font and characters all had their codes when the
    worker was forked is encoded here, byte for byte as one process would (codes never change
    once given); any other run becomes a placeholder the parent encodes in page order, with the
    text state it starts from (the worker's, or ``_UNKNOWN`` after another placeholder)."""

    def __init__(self, base: TextEncoder) -> None:
        self.__dict__.update(base.__dict__)  # the same canvas, run cache and state (a forked copy)
        # (serial, font, size, text, new, state before the run)
        self.tokens: list[tuple[int, str, float, str, bool, Any]] = []
        self.serial = 0
        self._doc = self.canvas._doc

    def encode(self, font: str, size: float, text: str, new: bool) -> str:
        prev = None if new else self.state
        if prev != _UNKNOWN:
            hit = self._runs.get((font, size, text))
            if hit is None and self._known(font, text):
                hit = self._runs[(font, size, text)] = self._prepare(font, size, text)
            if hit is not None:
                first, with_tf, without_tf, last = hit
                if last is not None:
                    self.state = last
                return without_tf if prev is not None and prev == first else with_tf
        self.serial += 1
        self.tokens.append((self.serial, font, size, text, new, prev))
        self.state = _UNKNOWN
        return f"\x00{self.serial}\x00"

    def _known(self, font: str, text: str) -> bool:
        """Whether ``text`` in ``font`` needs no new glyph code nor font name (see
        ``TTFont.splitString``: a no-break space is drawn as a space, a character without a
        glyph as code 0)."""
        fonts.face(font)
        face = pdfmetrics.getFont(font)
        state = face.state.get(self._doc)
        if state is None or state.internalName is None:
            return False
        assigned, glyphs = state.assignments, face.face.charToGlyph
        for ch in text:
            code = ord(ch)
            if code not in assigned and code != 0xA0 and code in glyphs:
                return False
        return True


class _WorkerCanvas(SheetCanvas):
    """A worker's canvas (the forked copy of the parent's, its class switched): keeps finished
    pages and new forms instead of adding them to its own copy of the document."""

    def start_worker(self, encoder: _ForkEncoder) -> None:
        # (page size, content stream lines (or the encoded stream), forms used)
        self.out_pages: list[tuple[Size, list[str] | bytes, list[str]]] = []
        # (index of the page it was defined on, name, bbox, lines, (first token, last token))
        self.out_forms: list[tuple[int, str, tuple[float, ...], list[str], tuple[int, int]]] = []
        self.page_index = 0
        self.encoder = encoder

    def showPage(self) -> None:
        code = self._code
        if self._plain_stream() and not any("\x00" in line for line in code):
            # nothing for the parent to fill in: encode the page stream here, in parallel,
            # exactly as reportlab would at save time (see :func:`_precompressed`)
            code = _encode_stream("\n".join([self._preamble, *code, " "]) + "\n")
        self.out_pages.append((tuple(self._pagesize), code, list(self._formsinuse)))
        self._startPage()

    def _plain_stream(self) -> bool:
        """True when reportlab's page stream is just the preamble and the drawing: compressed
        pages, no crop marks, no PostScript passthrough."""
        return bool(
            self._pageCompression
            and not self._cropMarks
            and not self._psCommandsBeforePage
            and not self._psCommandsAfterPage
        )

    def beginForm(
        self,
        name: str,
        lowerx: float = 0,
        lowery: float = 0,
        upperx: float | None = None,
        uppery: float | None = None,
    ) -> None:
        super().beginForm(name, lowerx, lowery, upperx, uppery)
        self._form_first = self.encoder.serial + 1

    def endForm(self, **extra: Any) -> None:
        name, lowerx, lowery, upperx, uppery = self._formData
        w, h = self._pagesize
        bbox = (lowerx, lowery, w if upperx is None else upperx, h if uppery is None else uppery)
        self.out_forms.append(
            (self.page_index, name, bbox, self._code, (self._form_first, self.encoder.serial))
        )
        self._restartAccumulators()
        self.pop_state_stack()


def _key_name(key: Hashable) -> str:
    """A worker's name of a form: its key (the same in every worker), as a token."""
    return f"\x00K{hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()}\x00"


class NullPen(Pen):
    """A pen for the pages another worker draws: the layout runs, nothing is drawn (a layout
    that checks ``pen.skip`` does not even lay the page out)."""

    skip = True

    def __init__(self, th: Theme) -> None:
        super().__init__(_NullCanvas(), th)
        self.encoder = None

    def form(self, key: Hashable, x: float, y: float, draw: Callable[[Pen], object]) -> None:
        return None

    def text(
        self,
        x: float,
        y: float,
        text: object,
        size: float = 8,
        font: str = "Sans",
        align: str = "left",
        max_width: float | None = None,
        color: Any = None,
        min_size: float = 3.0,
        shorten: bool = True,
    ) -> float:
        return 0.0

    def _skip(self, *args: Any, **kw: Any) -> None:
        return None

    text_in = rect = line = heading = pips = polygon = hexagon = arrow = _skip

    def paragraph(self, *args: Any, **kw: Any) -> float:
        return 0.0

    def box_track(self, *args: Any, **kw: Any) -> float:
        return 0.0

    def table(self, *args: Any, **kw: Any) -> float:
        return 0.0


class _NullPath:
    def __getattr__(self, name: str) -> Callable[..., None]:
        return _noop


def _noop(*args: Any, **kw: Any) -> None:
    return None


class _NullCanvas:
    _fillColorObj = _strokeColorObj = _lineWidth = None
    _code: list[str] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        return _noop

    def beginPath(self) -> _NullPath:
        return _NullPath()


class _Worker:
    """What a forked worker does at each ``doc.page()``: draw its own chunks, skip the others."""

    def __init__(self, doc: Document, index: int, jobs: int, conn: Connection) -> None:
        self.doc, self.index, self.jobs, self.conn = doc, index, jobs, conn
        doc.canvas.__class__ = _WorkerCanvas
        c = cast(_WorkerCanvas, doc.canvas)
        assert doc.pen.encoder is not None  # (a real canvas: see internals_missing)
        c.start_worker(_ForkEncoder(doc.pen.encoder))
        doc.pen.encoder = c.encoder
        doc.pen._form_name = _key_name  # type: ignore[method-assign]
        self.null = NullPen(doc.theme)
        self.chunk = doc.pages // CHUNK  # the chunk whose first page is about to start
        if doc.recorder is not None:  # the parent measures the pages drawn before the fork
            doc.recorder.pages, doc.recorder.done = [], []

    def send(self, msg: tuple[Any, ...]) -> None:
        self.conn.send_bytes(marshal.dumps(msg))

    def _close_page(self) -> None:
        if self.doc._open:
            self.doc.canvas.showPage()
            self.doc._open = False

    def flush(self) -> None:
        self._close_page()
        if (self.chunk - 1) % self.jobs == self.index:
            c = cast(_WorkerCanvas, self.doc.canvas)
            rec = self.doc.recorder
            measured: list[Any] = []
            if rec is not None:  # the layout check of this chunk's pages, done here
                rec.settle()
                measured, rec.done = rec.done, []
            self.send(("chunk", self.chunk, c.out_pages, c.out_forms, c.encoder.tokens, measured))
            c.out_pages, c.out_forms, c.encoder.tokens = [], [], []

    def page(self, size: Size | None = None) -> Pen:
        doc = self.doc
        self._close_page()
        if size is not None:
            doc.canvas.setPageSize(size)
            doc.size = size
        doc.pages += 1
        chunk = (doc.pages - 1) // CHUNK
        if chunk != self.chunk:
            self.flush()
            self.chunk = chunk
        if (chunk - 1) % self.jobs != self.index:
            return self.null
        doc._open = True
        canvas = cast(_WorkerCanvas, doc.canvas)
        canvas.page_index = len(canvas.out_pages)
        doc.canvas.setLineJoin(1)
        if doc.recorder is not None:
            doc.recorder.new_page(doc.pages, doc.size)
            doc.pen.rec, doc.pen.lite = doc.recorder.targets()
        return doc.pen


def _assemble(doc: Document, pages: list[Any], forms: list[Any], tokens: list[Any]) -> None:
    """Add one chunk's pages to ``doc``, exactly as a single-process render would have (the
    lists of :class:`_WorkerCanvas` and :class:`_ForkEncoder`, through a pipe)."""
    c = doc.canvas
    encoder = doc.pen.encoder
    assert encoder is not None  # (a real canvas: see internals_missing)
    known = doc.__dict__.setdefault("_parallel_forms", {})  # worker name -> name in the PDF
    skip: set[int] = set()
    for _, name, _, _, (first, last) in forms:
        if name in known:  # defined by an earlier chunk: this copy was never drawn in one process
            skip.update(range(first, last + 1))
    text = {}
    for serial, font, size, string, new, prev in tokens:
        if serial not in skip:
            if prev != _UNKNOWN:  # after a run the worker encoded: the state it left
                encoder.state = prev
            text[serial] = encoder.encode(font, size, string, new)

    def repl(m: re.Match[str]) -> str:
        token = m.group(1)
        return known[f"\x00{token}\x00"] if token[0] == "K" else text[int(token)]

    def fill(lines: list[str]) -> list[str]:
        sub = _TOKEN.sub
        return [sub(repl, line) if "\x00" in line else line for line in lines]

    by_page: dict[int, list[Any]] = {}
    for form in forms:
        by_page.setdefault(form[0], []).append(form)
    for index, (size, lines, used) in enumerate(pages):
        if tuple(c._pagesize) != size:
            c.setPageSize(size)
            doc.size = size
        new = [form for form in by_page.get(index, ()) if form[1] not in known]
        for form in new:  # named in the order one process defines them: at first use
            known[form[1]] = f"F{len(doc.pen._forms) + len(known)}"
        packed = isinstance(lines, bytes)  # compressed by the worker
        c._code = [] if packed else fill(lines)
        c._formsinuse = [known.get(name, name) for name in used]
        for _, name, bbox, body, _ in new:
            c.beginForm(known[name], *bbox)
            c._code = fill(body)
            c.endForm()
        c.showPage()
        if packed:
            c._doc.Pages.pages[-1].Contents = _precompressed(lines)
        doc.pages += 1


def _page_filters() -> list[Any]:
    """The filters reportlab gives a compressed page stream (``PDFPage.check_format``)."""
    return [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]


def _encode_stream(text: str) -> bytes:
    """A page stream through its filters, last listed first (what ``PDFStream.format`` does)."""
    data = text
    for f in reversed(_page_filters()):
        data = f.encode(data)
    return data.encode("latin-1") if isinstance(data, str) else data


def _precompressed(data: bytes) -> PDFStream:
    """A page's content stream already encoded by a worker (:func:`_encode_stream`): the stream
    reportlab makes at save time from the page's text, its filters named in the dictionary so
    that ``PDFStream.format`` does not apply them again; the bytes written are the same."""
    stream = PDFStream(content=data)
    stream.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in _page_filters()])
    stream.__Comment__ = "page stream"  # (reportlab's own attribute name)
    return stream


def _raise(k: int, msg: tuple[Any, ...]) -> NoReturn:
    if msg[0] == "glyph":
        from sheets.render.fonts import GlyphError

        raise GlyphError(msg[1], msg[2], msg[3])
    raise RuntimeError(f"worker {k} failed: {msg[1]}")


class _Assembled(BaseException):
    """Unwinds the parent's copy of the layout once the workers' pages are in."""


def _error_message(exc: BaseException) -> tuple[str, ...]:
    from sheets.render.fonts import GlyphError

    if isinstance(exc, GlyphError):
        return ("glyph", exc.text, exc.char, exc.font)
    import traceback  # (only a worker's failure reads it: a render does not import it)

    return ("error", f"{type(exc).__name__}: {exc}", traceback.format_exc())


# reportlab's private attributes this module (and the page assembly) relies on: checked before
# forking, so that a reportlab that changed them renders in one process (the same PDF), never
# a wrong one; tests/render/test_reportlab_internals.py fails loudly on such a reportlab.
CANVAS_INTERNALS = (
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
CANVAS_METHODS = (
    "_startPage",
    "_restartAccumulators",
    "_escape",
    "beginForm",
    "endForm",
    "showPage",
    "setPageSize",
)
FONT_STATE = ("internalName", "assignments")


def internals_missing(doc: Document, font: str = "Sans") -> list[str]:
    """The private reportlab attributes the parallel writer needs that ``doc`` (its canvas, its
    document and a TrueType font's subset state) does not have: empty when all are there."""
    c = doc.canvas
    pdf = getattr(c, "_doc", None)
    missing = [f"Canvas.{a}" for a in CANVAS_INTERNALS if not hasattr(c, a)]
    missing += [f"Canvas.{m}()" for m in CANVAS_METHODS if not callable(getattr(c, m, None))]
    if not isinstance(getattr(c, "_code", None), list):
        missing.append("Canvas._code (a list of operator lines)")
    if not isinstance(getattr(c, "_formsinuse", None), list):
        missing.append("Canvas._formsinuse (a list)")
    pages = getattr(getattr(pdf, "Pages", None), "pages", None)
    if not isinstance(pages, list):
        missing.append("PDFDocument.Pages.pages (a list)")
    fonts.face(font)
    try:
        face = pdfmetrics.getFont(font)
    except KeyError:
        return missing + [f"font {font}"]
    for name in ("state", "face", "splitString", "getSubsetInternalName"):
        if not hasattr(face, name):
            missing.append(f"TTFont.{name}")
    if hasattr(face, "state") and hasattr(face.state, "get"):
        # the subset state needs the document and splitString: without them (named above) a
        # reportlab is reported, not a crash of the check
        if pdf is not None and callable(getattr(face, "splitString", None)):
            face.splitString(" ", pdf)  # makes the document's subset state
            state = face.state.get(pdf)
            missing += [f"TTFont.state[doc].{a}" for a in FONT_STATE if not hasattr(state, a)]
            if not isinstance(getattr(state, "assignments", None), dict):
                missing.append("TTFont.state[doc].assignments (a dict)")
    elif hasattr(face, "state"):
        missing.append("TTFont.state (a mapping per document)")
    if not hasattr(getattr(face, "face", None), "charToGlyph"):
        missing.append("TTFontFace.charToGlyph")
    return missing


_CHECKED_INTERNALS: list[list[str]] = []


def _internals_missing_here() -> list[str]:
    """:func:`internals_missing` of a throwaway document, once per process (the check makes a
    font subset state: never in the document being rendered, whose bytes must not change)."""
    if not _CHECKED_INTERNALS:
        _CHECKED_INTERNALS.append(internals_missing(Document("a4")))
    return _CHECKED_INTERNALS[0]


def render(doc: Document, draw: Callable[[Document], object], jobs: int) -> bytes:
    """``draw(doc)`` on ``jobs`` worker processes, assembled into ``doc``; returns the PDF bytes
    (identical to ``draw(doc); doc.finish()`` in one process). A document of one chunk or
    less is drawn in this process alone, and so is every document when the reportlab
    internals the assembly relies on are not there (:func:`internals_missing`)."""
    if jobs <= 1 or doc.pages or _internals_missing_here():
        draw(doc)
        return doc.finish()
    import multiprocessing as mp

    from sheets.core.procs import die_with_parent

    fonts.register()  # every face here before the workers fork: the assembly subsets what they used
    ctx = mp.get_context("fork")
    page = doc.page
    worker: _Worker | None = None
    pids: list[int] = []
    pipes: list[Connection] = []

    def forking_page(size: Size | None = None) -> Pen:
        nonlocal worker
        if worker is not None:
            return worker.page(size)
        if doc.pages < CHUNK:
            return page(size)
        # page CHUNK + 1: the first chunk is drawn; the workers take the layout from here
        if doc._open:
            doc.canvas.showPage()
            doc._open = False
        parent = os.getpid()
        for k in range(jobs):
            recv, send = ctx.Pipe(duplex=False)
            pid = os.fork()
            if pid == 0:  # a worker: continue the layout
                die_with_parent(parent)
                gc.freeze()  # its collector leaves what it inherited alone (no copied memory pages)
                for r in pipes + [recv]:
                    r.close()
                pids.clear()
                pipes.clear()
                worker = _Worker(doc, k, jobs, send)
                return worker.page(size)
            send.close()
            pids.append(pid)
            pipes.append(recv)
        _collect(doc, pipes, jobs, doc.pages // CHUNK)
        raise _Assembled

    doc.page = forking_page  # type: ignore[method-assign]
    ok = False
    try:
        try:
            draw(doc)
        except _Assembled:
            pass
        except BaseException as exc:
            if worker is None:
                raise
            worker.send(_error_message(exc))
            worker.conn.close()
            os._exit(0)
        if worker is not None:
            try:
                worker.flush()
                worker.send(("done",))
            except BaseException as exc:
                worker.send(_error_message(exc))
            finally:
                worker.conn.close()
                os._exit(0)
        ok = True
    finally:
        if worker is None:
            doc.page = page  # type: ignore[method-assign]
            for pid in pids:
                if not ok:  # a failed render: its workers stop now
                    try:
                        os.kill(pid, 9)
                    except ProcessLookupError:  # pragma: no cover - already gone
                        pass
                os.waitpid(pid, 0)
            for r in pipes:
                r.close()
    return doc.finish()


def _collect(doc: Document, pipes: list[Connection], jobs: int, chunk: int) -> None:
    """Assemble the workers' chunks from ``chunk`` on, in page order."""
    done: set[int] = set()
    while True:  # chunk c comes from worker (c - 1) % jobs; a worker's "done" ends the document
        k = (chunk - 1) % jobs
        msg = marshal.loads(pipes[k].recv_bytes())
        if msg[0] == "chunk" and msg[1] == chunk:
            _assemble(doc, msg[2], msg[3], msg[4])
            if doc.recorder is not None:
                doc.recorder.done.extend(msg[5])
            chunk += 1
        elif msg[0] == "done":
            done.add(k)
            break
        elif msg[0] == "chunk":
            raise RuntimeError(f"parallel render: chunk {msg[1]} arrived for {chunk}")
        else:
            _raise(k, msg)
    for k in range(jobs):
        if k not in done:
            msg = marshal.loads(pipes[k].recv_bytes())
            if msg[0] == "chunk":
                raise RuntimeError("parallel render: a chunk after the last page")
            if msg[0] != "done":
                _raise(k, msg)
