"""Issue 19: the parallel writer (sheets/render/parallel.py) uses reportlab's private attributes.
This test fails loudly when an installed reportlab no longer has them (the render itself then
falls back to one process: the same PDF, only slower), and the version bound in pyproject.toml
keeps to the major versions the suite has passed on."""

import re
from pathlib import Path

import reportlab

from sheets.render import parallel
from sheets.render.pdf import Document

ROOT = Path(__file__).resolve().parents[2]


def test_the_reportlab_internals_of_the_parallel_writer_are_there():
    missing = parallel.internals_missing(Document("a4"))
    assert missing == [], (
        f"reportlab {reportlab.Version} lacks what sheets/render/parallel.py "
        f"uses: {', '.join(missing)}; fix the parallel writer before widening "
        f"the reportlab bound in pyproject.toml"
    )


def test_the_installed_reportlab_is_within_the_bound():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(r'"reportlab>=(\d+)\.(\d+),<(\d+)"', text)
    assert m, "pyproject.toml: reportlab needs an upper bound (reportlab>=X.Y,<Z)"
    major = int(reportlab.Version.split(".")[0])
    assert int(m.group(1)) <= major < int(m.group(3))


def test_a_reportlab_without_them_renders_in_one_process(monkeypatch):
    """Nothing forks when an internal is missing: the same bytes as a one-process render."""
    import os

    probe = Document("a4")
    monkeypatch.setattr(probe.canvas, "_formsinuse", None)
    missing = parallel.internals_missing(probe)
    assert "Canvas._formsinuse (a list)" in missing
    monkeypatch.setattr(parallel, "_CHECKED_INTERNALS", [missing])
    doc = Document("a4")
    monkeypatch.setattr(os, "fork", lambda: (_ for _ in ()).throw(AssertionError("forked")))

    def draw(d):
        for i in range(parallel.CHUNK + 3):
            d.page().text(100, 100, f"page {i}", 10)

    pdf = parallel.render(doc, draw, 2)
    assert pdf.startswith(b"%PDF") and doc.pages == parallel.CHUNK + 3
