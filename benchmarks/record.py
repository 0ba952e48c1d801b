"""Record the canvas calls of a `sheets render` for the floor (``floor.py``).

    python benchmarks/record.py OUT.calls UNITS.yaml...

The pen draws on a :class:`Recorder` instead of a canvas: every call is kept as
``(name, args, kwargs)``; text goes through plain ``drawString`` calls (a pen without a content
stream has no text encoder), paths as their operations, a form as ``("@form", (key, x, y,
body), {})`` with its body on first use, a page start as ``("@page", (size,), {})``. Written
with marshal: a list of pages' calls.
"""

from __future__ import annotations

import marshal
import sys

from sheets.core.game import Options, load_object
from sheets.core.loader import load_file
from sheets.render.pdf import Document, Pen


class PathOps(list):
    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kw: self.append((name, args, kw))


class Recorder:
    _fillColorObj = _strokeColorObj = _lineWidth = None  # never "already set": every call kept
    _currentMatrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # the pen reads it for its type floor

    def __init__(self):
        self.ops: list = []
        self.defined: set = set()

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        ops = self.ops
        return lambda *args, **kw: ops.append((name, args, kw))

    def beginPath(self):
        return PathOps()

    def drawPath(self, path, *args, **kw):
        self.ops.append(("drawPath", (("@path", list(path)),) + args, kw))

    def clipPath(self, path, *args, **kw):
        self.ops.append(("clipPath", (("@path", list(path)),) + args, kw))


class RecordingPen(Pen):
    def form(self, key, x, y, draw):
        if self._in_form:
            return super().form(key, x, y, draw)
        rec = self.c
        body = None
        if key not in rec.defined:
            rec.defined.add(key)
            outer, rec.ops = rec.ops, []
            self._in_form = True
            try:
                draw(self)
            finally:
                self._in_form = False
                body, rec.ops = rec.ops, outer
        rec.ops.append(("@form", (key, x, y, body), {}))


class RecordingDocument(Document):
    def __init__(self, paper="a4"):
        super().__init__(paper)
        self.rec = Recorder()
        self.pen = RecordingPen(self.rec, self.theme)
        self.calls: list = []

    def page(self, size=None):
        if size is not None:
            self.size = size
        self.pages += 1
        self.rec.ops = []
        self.calls.append(self.rec.ops)
        self.rec.ops.append(("@page", (size,), {}))
        return self.pen


def main(out: str, srcs: list[str]) -> None:
    loaded = [load_file(src, Options()) for src in srcs]
    doc = RecordingDocument()
    opts = loaded[0].options
    # as `sheets render` does: layouts that group units per file (lnl, battletech) see the files
    opts.extra["files"] = [{"path": l.path, "roster": l.roster, "units": len(l.units)} for l in loaded]
    load_object(loaded[0].game.renderer)(doc, [u for l in loaded for u in l.units], opts)
    with open(out, "wb") as fh:
        fh.write(marshal.dumps(doc.calls))
    print(doc.pages)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
