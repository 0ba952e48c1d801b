"""Issue 23, "the Russian 40k reference has a widow page (two rows)": no page of the unit-type
table is under a third full; the rows are balanced over as few pages as they need."""

import pytest
from conftest import layout_clean
from pypdf import PdfReader


def fill(page) -> float:
    """How far down its frame a page's text reaches (0 empty – 1 full); the footer and the fine
    print at the bottom do not count."""
    ys = []

    def visit(text, cm, tm, fd, fs):
        if text.strip():
            ys.append(tm[5] * cm[3] + cm[5])

    page.extract_text(visitor_text=visit)
    top = float(page.mediabox.height) - 40
    body = [y for y in ys if y > 62]
    return (top - min(body)) / (top - 40)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_widow_page_in_the_unit_type_table(cli, tmp_path, lang, paper):
    out = tmp_path / "ref.pdf"
    r = cli("reference", "wh40k6", "--lang", lang, "--paper", paper, "-o", out, "--check-layout")
    assert r.exit_code == 0 and layout_clean(r.stderr), r.stderr
    pages = PdfReader(out).pages
    title = "Классы боевых единиц" if lang == "ru" else "Unit types"
    table_pages = [p for p in pages if p.extract_text().lstrip().startswith(title)]
    assert len(table_pages) == (3 if lang == "ru" else 2)
    fills = [fill(p) for p in table_pages]
    assert min(fills) > 1 / 3, fills  # the Russian third page held two rows (14 %) before
    assert max(fills) - min(fills) < 0.25, fills  # balanced
    every = "\n".join(p.extract_text() for p in table_pages)
    for name in (
        ("Прыжковая кавалерия", "Монструозное создание с реактивным ранцем")
        if lang == "ru"
        else ("Jump Cavalry", "Jet Pack Monstrous Creature")
    ):
        assert name in " ".join(every.split())
