"""What the pen tests share: a fresh A4 page and the content-stream operators one call adds."""

from __future__ import annotations

from sheets.render.pdf import Document


def page(**kw):
    """``(document, pen)`` of a new A4 document's first page."""
    doc = Document("a4", **kw)
    return doc, doc.page()


def after(pen, draw) -> list[str]:
    """The operators ``draw()`` appends to the page's content stream."""
    n = len(pen.c._code)
    draw()
    return pen.c._code[n:]
