"""The progress line of long renders: shown past 50 pages on a terminal, cleared at the end,
absent when stderr is not a terminal or with --quiet."""

from __future__ import annotations

import io

from click.testing import CliRunner

from sheets.cli import cli
from sheets.cli.progress import PageProgress
from sheets.core.data import data_path
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
    assert "\x1b[?25h" in out.getvalue()  # the cursor click hid is shown again
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


def test_the_bar_is_clicks_progressbar_with_a_percentage_of_the_expected_pages():
    doc, out = Document("a4"), Tty()
    PageProgress(doc, stream=out, total=200)
    _pages(doc, 100)
    last = out.getvalue().split("\r")[-1]
    assert "rendering" in last and " 50%" in last and "100 pages" in last
    assert last.count("#") == 12 and last.count("-") == 12  # 24 cells, half full


def test_the_bar_grows_past_the_estimate_and_never_shows_over_100_percent():
    doc, out = Document("a4"), Tty()
    PageProgress(doc, stream=out, total=60)
    _pages(doc, 60)
    _pages(doc, 90)  # 150 pages, 2.5 times the estimate
    text = out.getvalue()
    assert "150 pages" in text
    percents = [int(chunk.split("%")[0].split()[-1]) for chunk in text.split("\r") if "%" in chunk]
    assert percents and max(percents) < 100


def test_cli_render_feeds_the_bar_the_pages_it_expects_not_the_units(tmp_path, monkeypatch):
    """render gives the bar its expected page count (Game.expected_pages): three Dust units are
    three cards of one page."""
    seen = {}
    import sheets.cli.progress as progress

    real = progress.PageProgress

    def spy(doc, **kw):
        seen.update(kw)
        return real(doc, **kw)

    monkeypatch.setattr(progress, "PageProgress", spy)
    unit = str(data_path("units/dust/sample_force.yaml"))
    r = CliRunner().invoke(cli, ["render", unit, "-o", str(tmp_path / "o.pdf")])
    assert r.exit_code == 0, r.output
    assert seen["total"] == 1 and seen["enabled"] is None
    r = CliRunner().invoke(cli, ["render", unit, "-q", "-o", str(tmp_path / "o.pdf")])
    assert seen["enabled"] is False
