"""Shared helpers of the dmech printout tests: run the real CLI, read PDFs back."""

from __future__ import annotations

import io
import re
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from sheets.cli import cli
from sheets.core.data import data_path

OTROK = str(data_path("units/dmech/otrok.yaml"))
PILOT = str(data_path("units/dmech/pilot_on_foot.yaml"))
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
_COLOUR = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (rg|RG)\b")


def run(*args) -> None:
    """Invoke ``sheets`` in-process; fail with its output when it does not exit 0."""
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def render(out: Path, *args) -> PdfReader:
    """Run a command writing ``out`` and open the PDF."""
    run(*args, "-o", out)
    return PdfReader(io.BytesIO(out.read_bytes()))


def text(pdf: PdfReader) -> str:
    """All extracted text, pages joined."""
    return "\n".join(page.extract_text() for page in pdf.pages)


def page_size(pdf: PdfReader, index: int = 0) -> tuple[float, float]:
    box = pdf.pages[index].mediabox
    return round(float(box.width), 2), round(float(box.height), 2)


def colours(pdf: PdfReader) -> list[tuple[float, float, float]]:
    """Every RGB colour set in the pages' content streams."""
    found = []
    for page in pdf.pages:
        for m in _COLOUR.finditer(page.get_contents().get_data()):
            found.append(tuple(float(m.group(i)) for i in (1, 2, 3)))
    return found


def non_grey(pdf: PdfReader) -> list[tuple[float, float, float]]:
    return [c for c in colours(pdf) if not c[0] == c[1] == c[2]]
