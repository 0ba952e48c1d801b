"""The progress bar of long renders on stderr: click's own ``progressbar`` (percentage, pages
drawn of the pages expected, ETA), from :data:`THRESHOLD` pages on, cleared when the render
ends. Nothing is shown when stderr is not a terminal (pipes, CI logs) or with ``--quiet``.

The number of pages is known only once they are drawn: the bar's length starts at the expected
page count the command gives (``total``: :meth:`sheets.core.game.Game.expected_pages`, the
game's pages, not its units) and grows when the render goes past it, so it never shows more than
100 % while drawing; a finished render shows 100 % before the line is cleared."""

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
        self.finished = True  # the render ended well (sheets.api.render says so before close())
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

            length = max(self.total or 0, pages + 1)  # (pages, not units: see Game.expected_pages)
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
        if pages >= self.bar.length:  # at or past the estimate while drawing: never 100 % yet
            self.bar.length = pages + (1 if pages == self.total else max(EVERY, pages // 10))
            self.bar.finished = False
        self.bar.update(pages - self.bar.pos, pages)
        self.shown = True

    def close(self, finished: bool | None = None) -> None:
        """The bar at 100 % of the pages drawn (``finished``: by default :attr:`finished`), then its
        line cleared (the command then prints its summary)."""
        if finished is None:
            finished = self.finished
        if self.shown and finished and self.bar is not None:
            pages = self.doc.pages
            self.bar.length = max(pages, 1)
            self.bar.update(pages - self.bar.pos, pages)
            self.bar.render_progress()
        if self.shown:
            # click hid the cursor while the bar ran: show it again, then clear the line
            self.stream.write("\x1b[?25h\r" + " " * 79 + "\r")
            self.stream.flush()
            self.shown = False
