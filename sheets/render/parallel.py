"""Rendering on several cores (``sheets render --jobs N``) with the same bytes as one process.

A PDF cannot be cut into independently written pieces and glued back byte for byte: reportlab
numbers objects in creation order, names forms in first-use order and assigns each TrueType
glyph its subset code the first time it is drawn anywhere in the document. So the workers do
not write PDF. Each forked worker runs the whole layout, draws the pages of its own chunks
(``CHUNK`` pages; chunk ``c`` belongs to worker ``c % N``) into a :class:`Recorder` that keeps
the canvas calls, and skips every other page with a :class:`NullPen`. The parent replays the
chunks in page order into its one real canvas: the same calls in the same order as a
single-process render, so the same bytes. Forms are recorded by their key; the parent names and
defines them at their first use in page order, exactly as the single-process :class:`Pen` does.

The parent's share (the canvas calls themselves, compression, font subsetting) stays serial;
the layout (rules values, text fitting, wrapping, the ``Pen`` logic) runs in parallel.
"""

from __future__ import annotations

import marshal
import os
import pickle
import traceback

from sheets.render.pdf import Document, Pen

CHUNK = 20  # pages per chunk: small enough to keep the parent busy from the start
MIN_UNITS = 1000  # default --jobs: all CPUs from about 200 ProtoMech pages (5 units per page)


def default_jobs(units: int) -> int:
    return 1  # until the workers also do the canvas work (see the module docstring)


class PathOps(list):
    """The recorded operations of one path object (``beginPath()``)."""

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)

        def op(*args, **kw):
            self.append((name, args, kw))
        return op


class Recorder:
    """Stands in for a reportlab canvas and records every call as ``(name, args, kwargs)``.

    ``beginPath()`` gives a :class:`PathOps`; a :class:`Pen` form is recorded as one
    ``("@form", (key, x, y, body), {})`` whose body is recorded on its first use in this
    recorder (``None`` afterwards); a page start is ``("@page", (size,), {})``."""

    def __init__(self):
        self.ops: list = []
        self._defined: set = set()

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        ops = self.ops

        def op(*args, **kw):
            ops.append((name, args, kw))
        return op

    def beginPath(self):
        return PathOps()

    def drawPath(self, path, *args, **kw):
        self.ops.append(("drawPath", (("@path", list(path)),) + args, kw))

    def clipPath(self, path, *args, **kw):
        self.ops.append(("clipPath", (("@path", list(path)),) + args, kw))

    def record_form(self, pen: Pen, key, x: float, y: float, draw) -> None:
        body = None
        if key not in self._defined:
            self._defined.add(key)
            outer, self.ops = self.ops, []
            pen._in_form = True
            try:
                draw(pen)
            finally:
                pen._in_form = False
                body, self.ops = self.ops, outer
        self.ops.append(("@form", (key, x, y, body), {}))


class _NullPath:
    def __getattr__(self, name):
        return _noop


def _noop(*args, **kw):
    return None


class _NullCanvas:
    def __getattr__(self, name):
        return _noop

    def beginPath(self):
        return _NullPath()


class NullPen(Pen):
    """A pen for the pages another worker draws: the layout runs, nothing is drawn."""

    def __init__(self, th):
        super().__init__(_NullCanvas(), th)

    def form(self, key, x, y, draw):
        return None

    def text(self, x, y, text, size=8, font="Sans", align="left", max_width=None, color=None,
             min_size=3.0):
        return 0.0

    def text_in(self, *args, **kw):
        return None

    def paragraph(self, *args, **kw):
        return 0.0

    def rect(self, *args, **kw):
        return None

    def line(self, *args, **kw):
        return None

    def heading(self, *args, **kw):
        return None

    def box_track(self, *args, **kw):
        return 0.0

    def pips(self, *args, **kw):
        return None

    def table(self, *args, **kw):
        return 0.0

    def polygon(self, *args, **kw):
        return None

    def hexagon(self, *args, **kw):
        return None

    def arrow(self, *args, **kw):
        return None


class _ChunkDocument(Document):
    """A worker's document: records the pages of its chunks, skips the others."""

    def __init__(self, base: Document, index: int, jobs: int, send):
        self.size = base.size
        self.theme = base.theme
        self.recorder = None  # no layout check in workers
        self.ops = Recorder()
        self.canvas = self.ops
        self.pen = Pen(self.ops, self.theme)
        self.null = NullPen(self.theme)
        self.pages = 0
        self._open = False
        self.index, self.jobs, self.send = index, jobs, send
        self.chunk = -1

    def _flush(self) -> None:
        if self.chunk >= 0 and self.chunk % self.jobs == self.index:
            self.send(("chunk", self.chunk, self.ops.ops))
            self.ops.ops = []

    def page(self, size: tuple | None = None) -> Pen:
        if size is not None:
            self.size = size
        self.pages += 1
        chunk = (self.pages - 1) // CHUNK
        if chunk != self.chunk:
            self._flush()
            self.chunk = chunk
        if chunk % self.jobs != self.index:
            return self.null
        self.ops.ops.append(("@page", (size,), {}))
        return self.pen

    def finish(self) -> bytes:
        self._flush()
        return b""


def _pack(msg) -> bytes:
    """marshal (several times faster than pickle for these lists of tuples), pickle otherwise."""
    try:
        return b"m" + marshal.dumps(msg)
    except ValueError:
        return b"p" + pickle.dumps(msg, pickle.HIGHEST_PROTOCOL)


def _unpack(data: bytes):
    return marshal.loads(data[1:]) if data[:1] == b"m" else pickle.loads(data[1:])


def replay(doc: Document, ops) -> None:
    """Make the recorded calls on ``doc``'s canvas (pages through ``doc.page``, forms through
    ``doc.pen.form``)."""
    canvas = doc.canvas
    for name, args, kw in ops:
        if name == "@page":
            doc.page(args[0])
        elif name == "@form":
            key, x, y, body = args
            doc.pen.form(key, x, y, _body_drawer(body))
        else:
            if args and type(args[0]) is tuple and args[0] and args[0][0] == "@path":
                path = canvas.beginPath()
                for pname, pargs, pkw in args[0][1]:
                    getattr(path, pname)(*pargs, **pkw)
                args = (path,) + args[1:]
            getattr(canvas, name)(*args, **kw)


def _body_drawer(body):
    def draw(pen: Pen) -> None:
        if body is None:
            raise RuntimeError("parallel render: a form used before its definition")
        replay_form = Document.__new__(Document)
        replay_form.canvas, replay_form.pen = pen.c, pen
        replay(replay_form, body)
    return draw


def _worker(index: int, jobs: int, base: Document, draw, conn) -> None:
    try:
        doc = _ChunkDocument(base, index, jobs, lambda msg: conn.send_bytes(_pack(msg)))
        draw(doc)
        doc.finish()
        conn.send_bytes(_pack(("done",)))
    except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent
        from sheets.render.fonts import GlyphError

        if isinstance(exc, GlyphError):
            conn.send_bytes(_pack(("glyph", exc.text, exc.char, exc.font)))
        else:
            conn.send_bytes(_pack(("error", f"{type(exc).__name__}: {exc}", traceback.format_exc())))
    finally:
        conn.close()
        os._exit(0)


def render(doc: Document, draw, jobs: int) -> bytes:
    """``draw(doc)`` on ``jobs`` worker processes, assembled into ``doc``; returns the PDF bytes
    (identical to ``draw(doc); doc.finish()`` in one process)."""
    if jobs <= 1:
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
        done = set()
        chunk = 0
        while len(done) < jobs:
            k = chunk % jobs
            if k in done:
                break
            msg = _unpack(pipes[k].recv_bytes())
            if msg[0] == "chunk":
                if msg[1] != chunk:
                    raise RuntimeError(f"parallel render: chunk {msg[1]} arrived for {chunk}")
                replay(doc, msg[2])
                chunk += 1
            elif msg[0] == "done":
                done.add(k)
            elif msg[0] == "glyph":
                from sheets.render.fonts import GlyphError

                raise GlyphError(msg[1], msg[2], msg[3])
            else:
                raise RuntimeError(f"worker {k} failed: {msg[1]}")
        # a worker that had no chunk left may still have to report
        for k in range(jobs):
            while k not in done:
                msg = _unpack(pipes[k].recv_bytes())
                if msg[0] == "done":
                    done.add(k)
                elif msg[0] == "chunk":
                    raise RuntimeError("parallel render: chunks out of order")
                elif msg[0] == "glyph":
                    from sheets.render.fonts import GlyphError

                    raise GlyphError(msg[1], msg[2], msg[3])
                else:
                    raise RuntimeError(f"worker {k} failed: {msg[1]}")
    finally:
        for p in procs:
            if p.is_alive():
                p.kill()
            p.join()
        for r in pipes:
            r.close()
    return doc.finish()
