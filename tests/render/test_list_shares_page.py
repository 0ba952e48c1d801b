"""Issue 23, paper: the army list shares the first page with the first sheets / cards when it
fits in the room they leave (every game whose renderer does not place the list itself), a
multi-file render still lists every roster, and a list that does not fit keeps its own page(s)
before the sheets."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from sheets.render.pdf import Document, Rect
from sheets.render.roster_pdf import first_page_room, share_first_page


def _pages(path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


def _sample(rel):
    from sheets.core.data import data_path

    return data_path(f"units/{rel}")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "lang, heading", [("en", "Army list: Sample Axis force"), ("ru", "Список армии: Sample Axis force")]
)
def test_dust_cards_and_their_list_on_one_page(cli, tmp_path, paper, lang, heading):
    """Three cards take the top row of a card sheet: the list goes under them (it was a page of
    its own, three quarters blank)."""
    out = tmp_path / "force.pdf"
    got = cli("render", _sample("dust/sample_force.yaml"), "--paper", paper, "--lang", lang, "-o", out)
    assert got.exit_code == 0, got.output
    pages = _pages(out)
    assert len(pages) == 1
    assert heading in pages[0] and "Sample Walker" in pages[0] and "Sample Laser Squad" in pages[0]
    # the list is under the cards
    text = pages[0]
    assert text.index("Sample Hero Keller") < text.index(heading) or "blank" not in got.stderr
    assert "blank" not in got.stderr


def test_a_multi_file_render_lists_every_roster(cli, tmp_path):
    src = _sample("dust/sample_force.yaml").read_text(encoding="utf-8")
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(src, encoding="utf-8")
    b.write_text(src.replace("Sample Axis force", "Second force"), encoding="utf-8")
    out = tmp_path / "two.pdf"
    got = cli("render", a, b, "-o", out)
    assert got.exit_code == 0, got.output
    text = "\n".join(_pages(out))
    assert "Army list: Sample Axis force" in text and "Army list: Second force" in text


def test_40k_list_shares_page_one_with_the_first_datasheets(cli, tmp_path):
    """The wh40k6 renderer places the army list itself (issue 22): on page 1 above the first
    datasheets, never again on page 2."""
    out = tmp_path / "w.pdf"
    got = cli("render", _sample("wh40k6/sample_list.yaml"), "-o", out)
    assert got.exit_code == 0, got.output
    pages = _pages(out)
    assert "Army list: Sample Strike Force" in pages[0] and "Sample Captain" in pages[0]
    assert "Army list" not in pages[1]


def test_no_list_leaves_it_out(cli, tmp_path):
    out = tmp_path / "n.pdf"
    assert cli("render", _sample("dust/sample_force.yaml"), "--no-list", "-o", out).exit_code == 0
    assert "Army list" not in "\n".join(_pages(out))


def _drawing(*blocks):
    """A renderer drawing full-width blocks (top, bottom in points) on page 1, one line on page 2."""

    def draw(doc):
        pen = doc.page()
        for top, bottom in blocks:
            pen.rect(Rect(40, bottom, 500, top - bottom), fill=(0.9, 0.9, 0.9), stroke=False)
        pen.text(40, 20, "footer in the margin", 6.5)
        doc.page().text(40, 700, "page 2", 8)

    return draw


def test_first_page_room_is_the_widest_free_band():
    trial = lambda: Document("a4", record=True)
    m = 10 * 72 / 25.4
    # one block at the top: the room is everything under it, to the list's bottom margin
    r = first_page_room(trial, _drawing((800, 600)), "a4")
    assert r.top == pytest.approx(600 - 12) and r.y == pytest.approx(m + 14)
    # blocks at the top and the bottom: the band between them
    r = first_page_room(trial, _drawing((800, 700), (300, 100)), "a4")
    assert (r.top, r.y) == (pytest.approx(688), pytest.approx(312))
    # a full page: no room
    assert first_page_room(trial, _drawing((820, m + 15)), "a4").h == 0
    # nothing drawn
    assert first_page_room(trial, lambda doc: None, "a4") is None


def test_share_first_page_draws_the_list_before_the_second_page_and_only_when_it_fits():
    from sheets.core.loader import load_file
    from sheets.core.roster import army_list

    data = army_list(load_file(str(_sample("dust/sample_force.yaml"))), "en")
    doc = Document("a4", record=True)
    assert not share_first_page(doc, [data], Rect(30, 50, 500, 40))  # 40 pt: too small
    assert share_first_page(doc, [data], Rect(30, 50, 500, 400))
    _drawing((800, 600))(doc)
    doc.finish()
    first = [it[1] for it in doc.recorder.pages[0]["items"] if it[0] == "t"]
    second = [it[1] for it in doc.recorder.pages[1]["items"] if it[0] == "t"]
    assert "Army list: Sample Axis force" in first and "Army list: Sample Axis force" not in second
    # a one-page document: the list is drawn when it finishes
    doc = Document("a4", record=True)
    share_first_page(doc, [data], Rect(30, 50, 500, 400))
    doc.page().text(40, 700, "only page", 8)
    doc.finish()
    assert "Army list: Sample Axis force" in [it[1] for it in doc.recorder.pages[0]["items"] if it[0] == "t"]


def test_a_group_longer_than_a_page_continues_with_its_header(tmp_path):
    """One group of 150 units used to be drawn past the foot of its page (rows lost off the
    paper): it continues on the next pages, the column header repeated, every row printed once."""
    import yaml

    from sheets.core.loader import load_file
    from sheets.core.roster import army_list
    from sheets.render.layout_check import check
    from sheets.render.roster_pdf import draw_army_list

    doc_ = yaml.safe_load(_sample("dust/sample_force.yaml").read_text(encoding="utf-8"))
    squad = next(u for u in doc_["units"] if u["kind"] == "squad")
    doc_["units"] = [dict(squad, name=f"Squad {i:03d}") for i in range(150)]
    doc_["roster"] = {"name": "Long list", "limit": 5000}
    src = tmp_path / "long.yaml"
    src.write_text(yaml.safe_dump(doc_, allow_unicode=True), encoding="utf-8")
    loaded = load_file(str(src))
    doc = Document("a4", record=True)
    draw_army_list(doc, army_list(loaded, "en"), loaded.options)
    doc.finish()
    assert len(doc.recorder.pages) >= 3
    names = [
        it[1] for p in doc.recorder.pages for it in p["items"] if it[0] == "t" and it[1].startswith("Squad ")
    ]
    assert names == [f"Squad {i:03d}" for i in range(150)]
    for page in doc.recorder.pages[:-1]:  # every page of rows starts with the column header
        texts = [it[1] for it in page["items"] if it[0] == "t"]
        assert "Unit" in texts and "AP" in texts
    assert check(doc.recorder, {"Squad", "Long", "list"}) == []  # nothing off the page
