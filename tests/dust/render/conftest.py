"""Helpers for the Dust card tests: unit files in tmp_path, CLI renders, PDF content parsing."""

import re
import textwrap
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "data" / "units" / "dust" / "sample_force.yaml"

# a hero listed first, its squad last: on a 3-wide sheet the pair starts the second row
PAIR_LATE = """\
system: dust
units:
  - name: Keller
    kind: hero
    armor: {type: soldier, level: 3}
    health: 3
    move: 1
    points: 12
    joins: Lasers
  - {name: Tank A, kind: vehicle, armor: {type: vehicle, level: 4}, health: 6, move: 1, points: 10}
  - {name: Tank B, kind: vehicle, armor: {type: vehicle, level: 4}, health: 6, move: 1, points: 10}
  - name: Lasers
    kind: squad
    armor: {type: soldier, level: 3}
    models: 3
    move: 1
    points: 20
    cover: {soft: hits, hard: misses}
"""


VEHICLE = """\
  - name: Tank {n}
    kind: vehicle
    armor: {{type: vehicle, level: 4}}
    health: 6
    move: 1
    points: 10
    cover: {{soft: none, hard: hits}}
    weapons:
      - {{name: Cannon, range: 6, vs: {{V4: 1/2}}}}
"""


def vehicles(n: int) -> str:
    """A unit file text with ``n`` simple vehicles (no roster: no army-list page)."""
    return "system: dust\nunits:\n" + "".join(VEHICLE.format(n=i + 1) for i in range(n))


@pytest.fixture
def units_file(tmp_path):
    """units_file(yaml_text, name="units.yaml") -> path of the written file."""

    def write(text: str, name: str = "units.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write


@pytest.fixture
def render(tmp_path):
    """render(path, *options) -> (PdfReader, pdf bytes), through the real CLI."""
    from click.testing import CliRunner

    from sheets.cli import cli

    counter = iter(range(1000))

    def run(path, *args):
        out = tmp_path / f"out{next(counter)}.pdf"
        result = CliRunner().invoke(
            cli, ["render", str(path), "-o", str(out), *map(str, args)], catch_exceptions=False
        )
        assert result.exit_code == 0, result.output
        data = out.read_bytes()
        return PdfReader(out), data

    return run


@pytest.fixture
def reference(tmp_path):
    """reference(*options) -> PdfReader of `sheets reference dust`."""
    from click.testing import CliRunner

    from sheets.cli import cli

    def run(*args):
        out = tmp_path / "ref.pdf"
        result = CliRunner().invoke(cli, ["reference", "dust", "-o", str(out), *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return PdfReader(out)

    return run


def content(page) -> str:
    """The decoded content stream of a PDF page."""
    return page.get_contents().get_data().decode("latin-1")


def clip_rects(page) -> list[tuple[float, float, float, float]]:
    """Rectangles (x, y, w, h) used as clip paths on the page: one per card slot drawn."""
    return [
        tuple(float(v) for v in m)
        for m in re.findall(r"n ([\d.\-]+) ([\d.\-]+) ([\d.\-]+) ([\d.\-]+) re W\*? n", content(page))
    ]


def text(reader) -> str:
    """All extracted text with runs of white space (line breaks of wrapped text) as one space."""
    return " ".join(" ".join(p.extract_text() for p in reader.pages).split())
