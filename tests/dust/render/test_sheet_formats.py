"""Issue 33, Dust print: one weapon-table format per sheet (a mini sheet mixed three), square
cards in larger type (84 % of the sample's characters were at 6 pt), and the README's cards-per-
page claims (it said 8 per Letter page with --bleed 3; Dust cards are never turned: 6).."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from docs_text import documentation

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.dust import cards

from .conftest import SAMPLE

ROOT = Path(__file__).resolve().parents[3]
LONG = ROOT / "tests/render/layout/longnames_dust.yaml"


def _layouts(paths, card: str, lang: str = "en"):
    units = [u for p in paths for u in load_file(str(p)).units]
    options = Options(lang=lang, extra={"card": card})
    g = cards._grid(options)
    _, datas = cards._cards(units, options, g)
    return [cards.Layout(d, cards.texts(lang), g.card[0], g.card[1], g.bleed) for d in datas.values()]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_mini_sheet_prints_one_weapon_table_format(lang):
    lays = _layouts([SAMPLE, LONG], "mini", lang)
    formats = {(lay.stacked, tuple(lay.classes)) for lay in lays if lay.d["weapons"]}
    assert len(formats) == 1
    ((stacked, classes),) = formats
    codes = [lays[0].d["classes"][i] for i in classes]
    # no unit of these files attacks aircraft: S1-S4 and V1-V7 on every card, flat
    assert not stacked and codes == ["S1", "S2", "S3", "S4", "V1", "V2", "V3", "V4", "V5", "V6", "V7"]


def test_a_poker_sheet_keeps_all_fourteen_columns():
    lays = _layouts([SAMPLE, LONG], "poker")
    assert {len(lay.classes) for lay in lays} == {14} and not any(lay.stacked for lay in lays)


def test_the_sheet_format_is_left_alone_when_every_card_takes_all_columns():
    lays = _layouts([SAMPLE], "poker")
    assert all("grid_format" not in lay.d for lay in lays)


def test_square_cards_print_in_larger_type():
    from sheets.render.pdf import Document

    units = load_file(str(SAMPLE)).units
    doc = Document("a4", lang="en", record=True)
    cards.render(doc, units, Options(extra={"card": "square"}))
    chars = collections.Counter()
    for page in doc.recorder.pages:
        for it in page["items"]:
            if it[0] == "t" and it[4] is False:
                chars[round(it[3], 1)] += len(it[1])
    total = sum(chars.values())
    at_least = sum(n for size, n in chars.items() if size <= 6.0) / total
    # was 84 % of the characters at 6 pt, now 33 %: the target-class codes stay at 6 pt (0.7 × 8.57)
    assert at_least < 0.4
    assert cards.card_scale(*cards.shared.card_size("square")).u == pytest.approx(6 / 0.7)


README_CLAIMS = [
    # (the README's words, paper, card, bleed, gap, cards per page)
    ("`--bleed 3` holds 9 per A4 page", "a4", "poker", 3, 0, 9),
    ("instead of 4 with a full bleed round every card (69 × 94 mm slots)", "a4", "poker", 3, 2, 4),
    ("and 6 per\nLetter page", "letter", "poker", 3, 0, 6),
]


@pytest.mark.parametrize("words, paper, card, bleed, gap, n", README_CLAIMS)
def test_the_readmes_cards_per_page(words, paper, card, bleed, gap, n):
    readme = documentation()
    assert words in readme
    g = cards._grid(Options(paper=paper, extra={"card": card, "bleed": bleed, "gap": gap}))
    assert g.per_page == n and not g.rotated


def test_the_readme_no_longer_says_eight_per_letter_page():
    readme = documentation()
    assert "8 per\nLetter page" not in readme and "8 per Letter page" not in readme
