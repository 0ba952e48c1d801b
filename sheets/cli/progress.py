"""A progress line on stderr for long renders: after :data:`THRESHOLD` pages the page count
(and pages per second) is shown in place, and cleared when the render ends. Nothing is shown
when stderr is not a terminal (pipes, CI logs) or with ``--quiet``."""

from __future__ import annotations

import sys
import time

THRESHOLD = 50  # pages before the line appears
EVERY = 5  # pages between two updates


class PageProgress:
    """Wraps ``doc.page`` of one :class:`~sheets.render.pdf.Document` (single process)."""

    def __init__(self, doc, stream=None, enabled: bool | None = None):
        self.doc = doc
        self.stream = stream or sys.stderr
        isatty = getattr(self.stream, "isatty", lambda: False)
        self.enabled = isatty() if enabled is None else enabled
        self.shown = False
        self.start = time.monotonic()
        if self.enabled:
            page = doc.page

            def counted(*args, **kwargs):
                pen = page(*args, **kwargs)
                self.update(doc.pages)
                return pen

            doc.page = counted

    def update(self, pages: int) -> None:
        if pages < THRESHOLD or pages % EVERY:
            return
        rate = pages / max(time.monotonic() - self.start, 1e-6)
        filled = min(20, pages // 50)
        bar = "#" * filled + "." * (20 - filled)
        self.stream.write(f"\rrendering [{bar}] {pages} pages, {rate:.0f}/s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the line (the command then prints its summary)."""
        if self.shown:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()
            self.shown = False
