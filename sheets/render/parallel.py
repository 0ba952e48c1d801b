"""Rendering on several cores (``sheets render --jobs N``) with the same bytes as one process.

reportlab numbers PDF objects in creation order and gives each TrueType glyph its subset code
the first time it is drawn anywhere in the document, so pieces of a PDF written apart cannot be
glued back byte for byte. Instead each forked worker runs the whole layout, skips the pages of
the other workers with a :class:`NullPen` and draws the pages of its own chunks (``CHUNK`` pages;
chunk ``c`` belongs to worker ``c % N``) on a real canvas, so the worker writes their content
streams itself: every path, box, colour and position. Only the text is left open: each run is a
token (font, size, string) in the stream. The parent takes the chunks in page order, encodes the
tokens in the order one process would have drawn them (:class:`sheets.render.pdf.TextEncoder`:
the same glyph codes, the same font switches), defines the forms at their first use (a worker
names a form by its key, a token too; the parent gives it the short name one process would:
its rank of first use) and adds the pages: the same objects in the same order as a
single-process render, hence the same bytes.

The parent's share is the text encoding, page assembly, compression and font subsetting.
"""

from __future__ import annotations

import hashlib
import io
import marshal
import os
import re
import traceback

from sheets.render.pdf import Document, Pen, SheetCanvas

CHUNK = 10  # pages per chunk: small enough to keep the parent busy from the start
MIN_UNITS = 1000  # default --jobs: every CPU from 1,000 units (about 200 ProtoMech pages)
_TOKEN = re.compile("\x00([0-9]+|K[0-9a-f]+)\x00")  # a text run, or a form named by its key


def default_jobs(units: int) -> int:
    """Every idle CPU for a big batch: the workers add about a third more CPU work in total, so
    on CPUs already busy with other programs a parallel render is slower than one process."""
    if units < MIN_UNITS:
        return 1
    cpus = os.cpu_count() or 1
    try:
        idle = cpus - os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        idle = cpus
    return max(1, min(cpus, 8, int(idle + 0.5)))


class _TokenEncoder:
    """A worker's text encoder: a placeholder per run; the parent encodes them in order."""

    def __init__(self):
        self.tokens: list = []  # (serial, font, size, text, new)
        self.serial = 0

    def encode(self, font: str, size: float, text: str, new: bool) -> str:
        self.serial += 1
        self.tokens.append((self.serial, font, size, text, new))
        return f"\x00{self.serial}\x00"


class _WorkerCanvas(SheetCanvas):
    """Keeps finished pages and forms instead of adding them to its own document."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.out_pages: list = []  # (page size, content stream lines, forms used)
        self.out_forms: list = []  # (index of the page it was defined on, name, bbox, lines, first token)
        self.page_index = 0
        self.encoder = None

    def showPage(self):
        self.out_pages.append((tuple(self._pagesize), self._code, list(self._formsinuse)))
        self._startPage()

    def beginForm(self, name, lowerx=0, lowery=0, upperx=None, uppery=None):
        super().beginForm(name, lowerx, lowery, upperx, uppery)
        self._form_first = self.encoder.serial + 1

    def endForm(self, **extra):
        name, lowerx, lowery, upperx, uppery = self._formData
        w, h = self._pagesize
        bbox = (lowerx, lowery, w if upperx is None else upperx, h if uppery is None else uppery)
        self.out_forms.append((self.page_index, name, bbox, self._code,
                               (self._form_first, self.encoder.serial)))
        self._restartAccumulators()
        self.pop_state_stack()


def _key_name(key) -> str:
    """A worker's name of a form: its key (the same in every worker), as a token."""
    return f"\x00K{hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()}\x00"


class NullPen(Pen):
    """A pen for the pages another worker draws: the layout runs, nothing is drawn (a layout
    that checks ``pen.skip`` does not even lay the page out)."""

    skip = True

    def __init__(self, th):
        super().__init__(_NullCanvas(), th)
        self.encoder = None

    def form(self, key, x, y, draw):
        return None

    def text(self, x, y, text, size=8, font="Sans", align="left", max_width=None, color=None,
             min_size=3.0):
        return 0.0

    def _skip(self, *args, **kw):
        return None

    text_in = rect = line = heading = pips = polygon = hexagon = arrow = _skip

    def paragraph(self, *args, **kw):
        return 0.0

    def box_track(self, *args, **kw):
        return 0.0

    def table(self, *args, **kw):
        return 0.0


class _NullPath:
    def __getattr__(self, name):
        return _noop


def _noop(*args, **kw):
    return None


class _NullCanvas:
    _fillColorObj = _strokeColorObj = _lineWidth = None
    _code: list = []

    def __getattr__(self, name):
        return _noop

    def beginPath(self):
        return _NullPath()


class _ChunkDocument(Document):
    """A worker's document: draws the pages of its chunks, skips the others."""

    def __init__(self, base: Document, index: int, jobs: int, send):
        c = base.canvas
        self.size = base.size
        self.theme = base.theme
        self.lang = base.lang
        self.recorder = None  # no layout check in workers
        self.buffer = io.BytesIO()
        self.canvas = _WorkerCanvas(self.buffer, pagesize=c._pagesize, invariant=1,  # noqa: SLF001
                                    pageCompression=1)
        self.pen = Pen(self.canvas, self.theme)
        self.pen._form_name = _key_name  # noqa: SLF001
        self.pen.encoder = self.canvas.encoder = _TokenEncoder()
        self.null = NullPen(self.theme)
        self.pages = 0
        self._open = False
        self.index, self.jobs, self.send = index, jobs, send
        self.chunk = -1

    def _close_page(self) -> None:
        if self._open:
            self.canvas.showPage()
            self._open = False

    def _flush(self) -> None:
        self._close_page()
        if self.chunk >= 0 and self.chunk % self.jobs == self.index:
            c = self.canvas
            self.send(("chunk", self.chunk, c.out_pages, c.out_forms, c.encoder.tokens))
            c.out_pages, c.out_forms, c.encoder.tokens = [], [], []

    def page(self, size: tuple | None = None) -> Pen:
        self._close_page()
        if size is not None:
            self.canvas.setPageSize(size)
            self.size = size
        self.pages += 1
        chunk = (self.pages - 1) // CHUNK
        if chunk != self.chunk:
            self._flush()
            self.chunk = chunk
        if chunk % self.jobs != self.index:
            return self.null
        self._open = True
        self.canvas.page_index = len(self.canvas.out_pages)
        self.canvas.setLineJoin(1)
        return self.pen

    def finish(self) -> bytes:
        self._flush()
        return b""


def _assemble(doc: Document, pages, forms, tokens) -> None:
    """Add one chunk's pages to ``doc``, exactly as a single-process render would have."""
    c = doc.canvas
    encoder = doc.pen.encoder
    known = doc.__dict__.setdefault("_parallel_forms", {})  # worker name -> name in the PDF
    skip = set()
    for _, name, _, _, (first, last) in forms:
        if name in known:  # defined by an earlier chunk: this copy was never drawn in one process
            skip.update(range(first, last + 1))
    text = {}
    for serial, font, size, string, new in tokens:
        if serial not in skip:
            text[serial] = encoder.encode(font, size, string, new)

    def repl(m):
        token = m.group(1)
        return known[f"\x00{token}\x00"] if token[0] == "K" else text[int(token)]

    def fill(lines):
        sub = _TOKEN.sub
        return [sub(repl, line) if "\x00" in line else line for line in lines]

    by_page: dict = {}
    for form in forms:
        by_page.setdefault(form[0], []).append(form)
    for index, (size, lines, used) in enumerate(pages):
        if tuple(c._pagesize) != size:  # noqa: SLF001
            c.setPageSize(size)
            doc.size = size
        new = [form for form in by_page.get(index, ()) if form[1] not in known]
        for form in new:  # named in the order one process defines them: at first use
            known[form[1]] = f"F{len(known)}"
        c._code = fill(lines)  # noqa: SLF001
        c._formsinuse = [known[name] for name in used]  # noqa: SLF001
        for _, name, bbox, body, _ in new:
            c.beginForm(known[name], *bbox)
            c._code = fill(body)  # noqa: SLF001
            c.endForm()
        c.showPage()
        doc.pages += 1


def _worker(index: int, jobs: int, base: Document, draw, conn) -> None:
    try:
        doc = _ChunkDocument(base, index, jobs, lambda msg: conn.send_bytes(marshal.dumps(msg)))
        draw(doc)
        doc.finish()
        conn.send_bytes(marshal.dumps(("done",)))
    except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent
        from sheets.render.fonts import GlyphError

        if isinstance(exc, GlyphError):
            msg = ("glyph", exc.text, exc.char, exc.font)
        else:
            msg = ("error", f"{type(exc).__name__}: {exc}", traceback.format_exc())
        conn.send_bytes(marshal.dumps(msg))
    finally:
        conn.close()
        os._exit(0)


def _raise(k: int, msg) -> None:
    if msg[0] == "glyph":
        from sheets.render.fonts import GlyphError

        raise GlyphError(msg[1], msg[2], msg[3])
    raise RuntimeError(f"worker {k} failed: {msg[1]}")


def render(doc: Document, draw, jobs: int) -> bytes:
    """``draw(doc)`` on ``jobs`` worker processes, assembled into ``doc``; returns the PDF bytes
    (identical to ``draw(doc); doc.finish()`` in one process)."""
    if jobs <= 1 or doc.pages or doc.recorder is not None:
        draw(doc)
        return doc.finish()
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    pipes, procs = [], []
    try:
        for k in range(jobs):
            recv, send = ctx.Pipe(duplex=False)
            p = ctx.Process(target=_worker, args=(k, jobs, doc, draw, send), daemon=True)
            p.start()
            send.close()
            pipes.append(recv)
            procs.append(p)
        done: set = set()
        chunk = 0
        while True:  # chunk c comes from worker c % jobs; a worker's "done" ends the document
            k = chunk % jobs
            msg = marshal.loads(pipes[k].recv_bytes())
            if msg[0] == "chunk" and msg[1] == chunk:
                _assemble(doc, msg[2], msg[3], msg[4])
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
    finally:
        for p in procs:
            if p.is_alive():
                p.kill()
            p.join()
        for r in pipes:
            r.close()
    doc._open = False  # noqa: SLF001 - every page is shown
    return doc.finish()
