"""Issue 23: a ДМ roster's army list had a page of its own, 22 % used; it now heads the first
page, with the first unit's sheet under it."""

from pathlib import Path

import pypdf
import pytest

from sheets import api
from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.render.layout_check import check

ROSTER = Path(__file__).parents[1] / "render" / "layout" / "roster_dmech.yaml"


def test_the_list_shares_the_first_page_with_the_walker(cli, tmp_path):
    out = tmp_path / "r.pdf"
    r = cli("render", ROSTER, "--lang", "ru", "-o", out)
    assert r.exit_code == 0, r.stderr
    pages = [p.extract_text() for p in pypdf.PdfReader(out).pages]
    assert len(pages) == 2
    assert "Дружина" in pages[0] and "Отрок" in pages[0] and "Пеший гридь" in pages[0]  # list rows
    assert "Лист бронехода" in pages[0] and "Лист пешего отряда" not in pages[0]
    assert "Дружина" not in pages[1] and "Лист пешего отряда" in pages[1]


def test_no_list_renders_the_sheets_two_per_page(cli, tmp_path):
    out = tmp_path / "r.pdf"
    r = cli("render", ROSTER, "--no-list", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert len(pypdf.PdfReader(out).pages) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_page_is_a_widow(lang, paper):
    loaded = [load_file(str(ROSTER), Options(lang=lang, paper=paper, mono=False, rules="default", extra={}))]
    done = api.render(loaded, record=True)
    assert len(done.document.recorder.pages) == 2
    assert not check(done.document.recorder, set(api.layout_words(loaded)), staged=True)
