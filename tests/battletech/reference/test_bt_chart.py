"""`sheets chart battletech hit-location`: one page, shares for biped and quad, PDF and PNG."""

import io

import pytest
from PIL import Image
from pypdf import PdfReader

from sheets.core.game import Options
from sheets.games.battletech import chart
from sheets.render.pdf import Document

from .helpers import PAPER_PT, labels, non_grey_colour_ops, pct, shares, text
from .helpers import chart as run_chart


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_page_of_the_paper_size(paper):
    reader = PdfReader(str(run_chart(paper=paper)))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPER_PT[paper], abs=0.01)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_location_share_for_biped_and_quad(lang):
    t, lab = text(run_chart(lang=lang, variant="tw")), labels(lang)
    for shape in ("biped", "quad"):
        for loc, ways in shares(shape).items():
            assert pct(ways, lang) in t, (shape, loc)  # on the silhouette (issue 23: no third copy)
            assert lab[f"loc_{loc}"] in t
    assert pct(16, lang) in t and pct(14, lang) in t  # torso 6-8; quad legs 4, 5, 9, 10
    assert lab["chart_title"] in t and lab["col_biped_glider"] in t and lab["motion_quad"] in t
    assert lab["loc_near_miss"] in t and lab["chart_glider_wings"].split()[0] in t
    assert lab["transfer_note"] in t


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_classic_chart_shows_no_total_warfare_material(lang):
    """Issue 11: the classic chart shows the biped only (no quad, no glider wings), and the
    footer names the variant, never its id."""
    lab = labels(lang)
    classic, tw = text(run_chart(lang=lang, variant="classic")), text(run_chart(lang=lang, variant="tw"))
    for t, present in ((classic, False), (tw, True)):
        assert (lab["motion_quad"] in t) is present
        assert (lab["col_biped_glider"] in t) is present
        assert (lab["chart_glider_wings"].split()[0] in t) is present
        assert (pct(14, lang) in t) is present  # quad legs 4, 5, 9, 10
    assert lab["motion_biped"] in classic and pct(16, lang) in classic
    assert lab["rules_classic"] in classic and lab["rules_tw"] in tw
    assert "classic" not in classic.split() and "tw" not in tw.split()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_png_output_at_150_dpi(paper):
    path = run_chart(paper=paper, png=True)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = Image.open(io.BytesIO(data)).size
    pw, ph = PAPER_PT[paper]
    assert abs(w - pw / 72 * 150) <= 1 and abs(h - ph / 72 * 150) <= 1


def test_mono_draws_greys_only(assert_mono_twin):
    assert non_grey_colour_ops(run_chart(lang="ru", mono=True)) == []
    assert non_grey_colour_ops(run_chart(lang="ru")) != []
    assert_mono_twin(run_chart(lang="ru"), run_chart(lang="ru", mono=True))


def test_two_renders_are_byte_identical():
    def render():
        doc = Document("letter", lang="ru")
        chart.render(doc, Options(lang="ru", paper="letter", rules="tw"))
        return doc.finish()

    assert render() == render()
