"""The document rules that read what a player sees across pages (issue 33): a deck's card backs
are judged with their front page (``blank``), a last page with one short entry that the page
before had room for is a ``widow``, a group the layout keeps on one page (a ProtoMech Point)
printed on two is a ``spill``. Each rule on both sides of its line.

A4 has 55 usable bands of 5 mm (297 mm less two 10 mm margins); a page's fill is the share of
them that holds anything."""

from __future__ import annotations

import pytest

from sheets.render.layout_check import MM, Recorder, check, rules

A4 = (595.2755905511812, 841.8897637795277)


def _page(number: int, bands: int, marks: dict | None = None) -> dict:
    """An A4 page with a short line in ``bands`` of its 5 mm bands (fill = bands / 55)."""
    items = [("s", ((10.0, 30 + k * 5 * MM + 1), (20.0, 30 + k * 5 * MM + 1)), False) for k in range(bands)]
    return {"number": number, "size": A4, "lang": "en", "items": items, "marks": marks or {}}


def _kinds(*pages) -> list[tuple[int, str]]:
    rec = Recorder("en")
    rec.pages = list(pages)
    return [(v.page, v.kind) for v in check(rec)]


# -- card backs ------------------------------------------------------------------------------


def test_the_last_front_page_of_a_deck_with_backs_is_the_last_page():
    """Fronts 1 and 3, their backs 2 and 4: page 3 (16 of 55 bands, 29 %) ends the deck after a
    full page 1; page 4 holds its backs. Issue 33 saw both flagged as blank."""
    pages = [_page(1, 50), _page(2, 50, {"back_of": 1}), _page(3, 16), _page(4, 14, {"back_of": 3})]
    assert _kinds(*pages) == []
    # the same pages without the marks: page 3 is not the last, page 4 follows a short page
    plain = [_page(1, 50), _page(2, 50), _page(3, 16), _page(4, 14)]
    assert _kinds(*plain) == [(3, "blank"), (4, "blank")]


def test_a_short_front_page_in_the_middle_of_a_deck_is_still_blank():
    pages = [_page(1, 50), _page(2, 50, {"back_of": 1}), _page(3, 16), _page(4, 16, {"back_of": 3})]
    pages += [_page(5, 50), _page(6, 50, {"back_of": 5})]
    assert _kinds(*pages) == [(3, "blank")]


def test_one_front_page_and_its_backs_is_never_blank():
    assert _kinds(_page(1, 5), _page(2, 5, {"back_of": 1})) == []
    # two sparse fronts: the first is not the last; the last follows a short page
    assert _kinds(_page(1, 5), _page(2, 5)) == [(1, "blank"), (2, "blank")]


def test_a_real_deck_with_backs_passes(cli, tmp_path):
    """`render … --card square --bleed 3 --backs` (issue 33: exit 1 with --check-layout)."""
    from sheets.core.data import data_path

    out = tmp_path / "deck.pdf"
    src = data_path("units/dust/sample_force.yaml")
    here = __import__("pathlib").Path(__file__).parent
    r = cli(
        "render",
        here / "longnames_dust.yaml",
        src,
        "--card",
        "square",
        "--bleed",
        "3",
        "--backs",
        "-o",
        out,
        "--check-layout",
    )
    assert r.exit_code == 0, r.stderr
    assert "blank" not in r.stderr


# -- widow --------------------------------------------------------------------------------------


def test_a_one_entry_last_page_the_page_before_had_room_for_is_a_widow():
    """Page 1 40/55 (73 %), page 2 one band (2 %): 75 % in all fits one page."""
    assert _kinds(_page(1, 40), _page(2, 1)) == [(2, "widow")]
    rec = Recorder("en")
    rec.pages = [_page(1, 40), _page(2, 1)]
    (v,) = check(rec)
    assert v.message == (
        "the last page holds only 2% of a page, which the 27% left free on the page before it would "
        "hold (a short block on a page of its own)"
    )


def test_the_widow_lines():
    least = rules().widow_page_fill  # 0.12: 6 of 55 bands (10.9 %) are under it, 7 (12.7 %) not
    assert 6 / 55 < least < 7 / 55
    assert _kinds(_page(1, 40), _page(2, 6)) == [(2, "widow")]
    assert _kinds(_page(1, 40), _page(2, 7)) == []
    # the page before must be full (60 %: 33 of 55 bands) ...
    assert _kinds(_page(1, 33), _page(2, 1)) == [(2, "widow")]
    assert _kinds(_page(1, 32), _page(2, 1)) == [(2, "blank")]
    # ... and have room for it: 54 + 1 bands fill one page, 55 + 1 do not
    assert _kinds(_page(1, 54), _page(2, 1)) == [(2, "widow")]
    assert _kinds(_page(1, 55), _page(2, 1)) == []
    # one page alone is never a widow; a deck's backs are not its last page
    assert _kinds(_page(1, 1)) == []
    assert _kinds(_page(1, 40), _page(2, 1), _page(3, 1, {"back_of": 2})) == [(2, "widow")]


# -- spill ---------------------------------------------------------------------------------------


def test_a_group_kept_on_one_page_printed_on_two_is_a_spill():
    pages = [
        _page(1, 50, {"keep": "Point 1"}),
        _page(2, 50, {"keep": "Point 1"}),
        _page(3, 50, {"keep": "Point 2"}),
    ]
    rec = Recorder("en")
    rec.pages = pages
    found = [(v.page, v.kind, v.message) for v in check(rec)]
    assert found == [(2, "spill", "Point 1 continues from page 1 (it should fit one page)")]
    one = [_page(1, 50, {"keep": "Point 1"}), _page(2, 50, {"keep": "Point 2"}), _page(3, 50)]
    assert _kinds(*one) == []


def test_a_point_that_spills_is_flagged_and_an_ultraheavy_point_is_not(cli, write, tmp_path, monkeypatch):
    """A Point of five normal ProtoMechs forced to take two slots each spills onto more pages:
    the checker says so; an ultraheavy's two slots are the layout's (no mark, no spill)."""
    from pathlib import Path

    from sheets.games.battletech import sheet

    fix = Path(__file__).resolve().parents[2] / "megamek/fixtures"
    five = [fix / n for n in ("Harpy.blk", "Siren.blk", "Roc.blk", "Orc.blk", "Gorgon.blk")]
    out = tmp_path / "p.pdf"
    r = cli("render", *five, "-o", out, "--check-layout")
    assert r.exit_code == 0 and ": spill:" not in r.stderr, r.stderr
    monkeypatch.setattr(sheet, "_needs_two_slots", lambda *a, **k: True)
    r = cli("render", *five, "-o", out, "--check-layout")
    assert r.exit_code == 1
    assert "page 2 (0, 0 mm): spill: Point 1 continues from page 1 (it should fit one page)" in r.stderr
    here = Path(__file__).parent
    r = cli("render", here / "ultraheavy.yaml", "-o", out, "--check-layout")
    assert r.exit_code == 0 and ": spill:" not in r.stderr, r.stderr


@pytest.mark.parametrize("kind", ["widow", "spill"])
def test_the_new_kinds_are_listed(kind):
    from sheets.render.layout_check import KINDS

    assert kind in KINDS
