"""The progress line of long renders: shown past 50 pages on a terminal, cleared at the end,
absent when stderr is not a terminal or with --quiet."""

from __future__ import annotations

import io

from click.testing import CliRunner

from sheets.cli import cli
from sheets.cli.progress import PageProgress
from sheets.data import data_path
from sheets.render.pdf import Document


class Tty(io.StringIO):
    def isatty(self):
        return True


def _pages(doc, n):
    for _ in range(n):
        doc.page()


def test_progress_appears_past_50_pages_on_a_terminal_and_is_cleared():
    doc, out = Document("a4"), Tty()
    progress = PageProgress(doc, stream=out)
    _pages(doc, 49)
    assert out.getvalue() == ""
    _pages(doc, 31)
    assert "80 pages" in out.getvalue() and "[" in out.getvalue()
    progress.close()
    assert out.getvalue().endswith("\r")


def test_no_progress_when_not_a_terminal_or_quiet():
    doc, out = Document("a4"), io.StringIO()
    PageProgress(doc, stream=out)
    _pages(doc, 60)
    assert out.getvalue() == ""
    doc, tty = Document("a4"), Tty()
    PageProgress(doc, stream=tty, enabled=False)
    _pages(doc, 60)
    assert tty.getvalue() == ""


def test_render_accepts_quiet(tmp_path):
    unit = str(data_path("units/dmech/otrok.yaml"))
    result = CliRunner().invoke(cli, ["render", unit, "--quiet", "-o", str(tmp_path / "o.pdf")])
    assert result.exit_code == 0, result.output
    assert "rendering [" not in result.output
