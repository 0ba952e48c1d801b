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
