"""Issue 11, «Древняя Механика»: legibility defects measured from the PDFs (font sizes from the
text matrices, tick boxes from the drawn squares), abbreviations legend, one footnote mark
style, one minus sign, distinct face letters, and the facing chart's legibility limit."""

from __future__ import annotations

import math
import re

import pytest
from click.testing import CliRunner

from sheets.cli import cli
from sheets.core.data import label
from sheets.games.dmech import geometry
from sheets.render.pdf import MM

from .helpers import OTROK, PILOT, render, text

_RECT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b")


def font_sizes(page) -> list[tuple[float, str]]:
    """(effective size, text) of every text run on a page (squeezed text counts narrower)."""
    runs = []

    def visit(t, cm, tm, font, size):
        if t.strip():
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            runs.append((size * min(math.hypot(a, b), math.hypot(c, d)), t.strip()))

    page.extract_text(visitor_text=visit)
    return runs


def squares(page) -> list[float]:
    """Sides of the small squares (tick boxes) drawn on a page."""
    data = page.get_contents().get_data()
    return [
        float(m.group(3))
        for m in _RECT.finditer(data)
        if abs(abs(float(m.group(3))) - abs(float(m.group(4)))) < 0.01 and float(m.group(3)) < 20
    ]


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    d = tmp_path_factory.mktemp("dmq")
    out = {}
    for lang, paper in (("ru", "a4"), ("en", "letter")):
        out["sheet", lang] = render(
            d / f"s-{lang}.pdf", "render", OTROK, PILOT, "--lang", lang, "--paper", paper
        )
        out["lone", lang] = render(
            d / f"l-{lang}.pdf", "render", OTROK, "--lang", lang, "--paper", paper, "--mono"
        )
        out["ref", lang] = render(d / f"r-{lang}.pdf", "reference", "dmech", "--lang", lang, "--paper", paper)
        out["chart", lang] = render(
            d / f"c-{lang}.pdf",
            "chart",
            "dmech",
            "facing",
            "--radius",
            "8" if paper == "a4" else "9",
            "--lang",
            lang,
            "--paper",
            paper,
        )
    return out


@pytest.mark.parametrize("kind", ["sheet", "lone", "ref", "chart"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_text_below_6pt(pdfs, kind, lang):
    for page in pdfs[kind, lang].pages:
        small = [(round(s, 2), t) for s, t in font_sizes(page) if s < 5.99]
        assert not small, small


@pytest.mark.parametrize("kind", ["sheet", "lone"])
def test_tick_boxes_at_least_3mm(pdfs, kind):
    sides = [s for s in squares(pdfs[kind, "ru"].pages[0]) if s > 1]
    assert sides, "no tick boxes found"
    assert min(sides) >= 3 * MM - 0.01, min(sides)


def test_russian_sheet_defines_its_abbreviations(pdfs):
    t = text(pdfs["sheet", "ru"])
    for abbr in (
        "Скр — скорость",
        "Инц — инициатива",
        "Искс — искусность",
        "Дрзст — дерзость",
        "Тч — точность",
        "Бзпс — боезапас",
        "ТП — тяжелые повреждения",
        "ПП — противопехотное",
    ):
        assert abbr in " ".join(t.split()), abbr


@pytest.mark.parametrize("kind", ["sheet", "lone", "ref"])
def test_one_footnote_mark_style_and_one_minus(pdfs, kind):
    t = text(pdfs[kind, "ru"]).replace("†1, †2…", "")
    assert "†" in t
    assert not re.search(r"†(?!\d)", t), "a bare † next to numbered ones"
    assert not re.search(r"(?<![\w\-])-\d", t), "hyphen-minus used as a minus sign"


def test_face_letters_are_distinct_from_the_anti_infantry_tag():
    for lang in ("ru", "en"):
        letters = [label("dmech", f"face_short_{f}", lang) for f in geometry.FACES]
        assert len(set(letters)) == 6
        assert "ПП" not in letters


def test_lone_walker_fills_its_page_with_the_tables(pdfs):
    t = pdfs["lone", "ru"].pages[0].extract_text()
    assert "Таблица повреждений" in t and "Разрушение печи" in t


def test_radius_too_large_for_legible_hexes_is_refused(tmp_path):
    out = tmp_path / "c.pdf"
    result = CliRunner().invoke(cli, ["chart", "dmech", "facing", "--radius", "12", "-o", str(out)])
    assert result.exit_code == 1
    assert "--radius 9 or less" in result.output
    assert not out.exists()
