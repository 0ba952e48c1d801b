"""PNG output by rasterising our own PDF with pypdfium2."""

from __future__ import annotations

import io


def pdf_to_pngs(pdf: bytes, dpi: int = 150, grey: bool = False) -> list[bytes]:
    """One PNG (bytes) per page of ``pdf`` at ``dpi``."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            bitmap = page.render(scale=dpi / 72, grayscale=grey)
            img = bitmap.to_pil()
            buf = io.BytesIO()
            # pHYs chunk: layout programs place the image at its real size, not at 72 dpi
            img.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
            out.append(buf.getvalue())
            page.close()
    finally:
        doc.close()
    return out


def pdf_page_png(pdf: bytes, page: int = 1, dpi: int = 100, grey: bool = False) -> bytes:
    """Page ``page`` (1-based) of ``pdf`` as one PNG; a page the PDF does not have is a
    ``ValueError`` naming how many it has."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        if not 1 <= page <= len(doc):
            from sheets.core.i18n import ngettext

            n = len(doc)
            raise ValueError(
                ngettext(
                    "page {page}: the document has {count} page",
                    "page {page}: the document has {count} pages",
                    n,
                ).format(page=page, count=n)
            )
        p = doc[page - 1]
        img = p.render(scale=dpi / 72, grayscale=grey).to_pil()
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
        p.close()
    finally:
        doc.close()
    return buf.getvalue()
