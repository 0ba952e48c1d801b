"""The progress bar of long renders on stderr: click's own ``progressbar`` (percentage, pages
drawn of the pages expected, ETA), from :data:`THRESHOLD` pages on, cleared when the render
ends. Nothing is shown when stderr is not a terminal (pipes, CI logs) or with ``--quiet``.

The number of pages is known only once they are drawn: the bar's length starts at the expected
count the command gives (``total``: the games' estimate or one page per unit) and grows when
the render goes past it, so it never shows more than 100 %."""

from __future__ import annotations

import sys

THRESHOLD = 50  # pages before the bar appears
EVERY = 5  # pages between two updates


class PageProgress:
    """Wraps ``doc.page`` of one :class:`~sheets.render.pdf.Document` (single process)."""

    def __init__(self, doc, stream=None, enabled: bool | None = None, total: int | None = None):
        self.doc = doc
        self.stream = stream or sys.stderr
        isatty = getattr(self.stream, "isatty", lambda: False)
        self.enabled = isatty() if enabled is None else enabled
        self.total = total
        self.bar = None
        self.shown = False
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
        if self.bar is None:
            import click

            length = max(self.total or 0, pages + 1)
            self.bar = click.progressbar(
                length=length,
                label="rendering",
                file=self.stream,
                show_pos=False,
                show_percent=True,
                show_eta=True,
                item_show_func=lambda n: f"{n} pages" if n else None,
                width=24,
            )
            self.bar.pos = 0
        if pages >= self.bar.length:  # past the estimate: the bar grows, it never overflows
            self.bar.length = pages + max(EVERY, pages // 10)
        self.bar.update(pages - self.bar.pos, pages)
        self.shown = True

    def close(self) -> None:
        """Clear the bar's line (the command then prints its summary)."""
        if self.shown:
            # click hid the cursor while the bar ran: show it again, then clear the line
            self.stream.write("\x1b[?25h\r" + " " * 79 + "\r")
            self.stream.flush()
            self.shown = False
