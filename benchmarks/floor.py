"""The floor of a benchmark case: plain reportlab drawing the same primitives, nothing else.

    python benchmarks/floor.py CALLS.bin OUT.pdf

``CALLS.bin`` holds the canvas calls of a `sheets render` (recorded once, untimed, by
``run.py`` with :class:`sheets.render.parallel.Recorder`): the same strings at the same places,
the same rectangles, paths and forms (``@form`` = a PDF form XObject, defined on first use and
placed after), the same page sizes. This script imports only reportlab, registers the same four
DejaVu faces and replays those calls on a plain ``Canvas`` (same invariant/compression
settings), skipping colour, font and line-width calls that would not change the current state
(what a careful hand-written reportlab script would not emit). So ``sheets / floor`` is the
cost of everything sheets does beyond the drawing itself: start-up, YAML, validation, rules
values, layout, and the ``Pen`` logic.

Reading the recorded calls is not drawing: a hand-written script computes its strings and
places, it does not unmarshal megabytes of them (for 100 Dust pages that took ~0.25 s, ~15 % of
the floor, mostly the garbage collector walking the new tuples). So the calls are read with the
collector paused and then frozen (never scanned again, as if they were code), and the CPU time
of that read is printed on stdout (``load-cpu SECONDS``) for ``run.py`` to subtract.
"""

from __future__ import annotations

import gc
import io
import marshal
import sys
import time
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "sheets" / "fonts"
FACES = {
    "Sans": "DejaVuSans.ttf",
    "Sans-Bold": "DejaVuSans-Bold.ttf",
    "Cond": "DejaVuSansCondensed.ttf",
    "Cond-Bold": "DejaVuSansCondensed-Bold.ttf",
}
STATE = {
    "setFillColorRGB": "fill",
    "setFillGray": "fill",
    "setStrokeColorRGB": "stroke",
    "setStrokeGray": "stroke",
    "setFont": "font",
    "setLineWidth": "lw",
}


def replay(canvas: Canvas, ops, forms: dict, state: list) -> None:
    for name, args, kw in ops:
        if name == "@page":
            if canvas._code:
                canvas.showPage()
            if args[0] is not None:
                canvas.setPageSize(args[0])
            canvas.setLineJoin(1)
            state[:] = [{}]
        elif name == "@form":
            key, x, y, body = args
            form = forms.get(repr(key))
            if form is None:
                form = forms[repr(key)] = f"F{len(forms)}"
                canvas.beginForm(form)
                outer = list(state)
                state[:] = [{}]
                replay(canvas, body, forms, state)
                state[:] = outer
                canvas.endForm()
            canvas.saveState()
            canvas.translate(x, y)
            canvas.doForm(form)
            canvas.restoreState()
        elif name in STATE:
            slot = STATE[name]
            value = (name, args)
            if state[-1].get(slot) == value:
                continue
            state[-1][slot] = value
            getattr(canvas, name)(*args, **kw)
        elif name == "saveState":
            state.append(dict(state[-1]))
            canvas.saveState()
        elif name == "restoreState":
            state.pop()
            canvas.restoreState()
        else:
            if args and type(args[0]) is tuple and args[0] and args[0][0] == "@path":
                path = canvas.beginPath()
                for pname, pargs, pkw in args[0][1]:
                    getattr(path, pname)(*pargs, **pkw)
                args = (path,) + args[1:]
            getattr(canvas, name)(*args, **kw)


def main(src: str, out: str) -> None:
    for name, filename in FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONTS / filename)))
    t0 = time.process_time()
    gc.disable()
    chunks = marshal.loads(Path(src).read_bytes())
    gc.freeze()
    gc.enable()
    load = time.process_time() - t0
    buf = io.BytesIO()
    canvas = Canvas(buf, invariant=1, pageCompression=1)
    forms: dict = {}
    state: list = [{}]
    for ops in chunks:
        replay(canvas, ops, forms, state)
    canvas.showPage()
    canvas.save()
    Path(out).write_bytes(buf.getvalue())
    print(f"load-cpu {load:.6f}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
