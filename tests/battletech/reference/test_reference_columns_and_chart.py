"""Issue 23 on the ProtoMech reference and chart: the crit-effect columns had no gutter ("+1 to
hit (arm and main Arm destroyed (main" read as one line); the hit-location chart showed the same
36 outcomes three times (silhouette, 2D6 columns, bars) with ~2 mm labels on the columns."""

from __future__ import annotations

import pytest

from sheets.core.game import Options
from sheets.games.battletech import chart, reference
from sheets.render.pdf import Document

MM = 72 / 25.4


def _record(module, lang, paper, variant):
    doc = Document(paper, False, lang=lang, record=True)
    module.render(doc, Options(lang=lang, paper=paper, mono=False, rules=variant, extra={}))
    return [[it for it in page["items"] if it[0] == "t"] for page in doc.recorder.pages]


@pytest.mark.parametrize(
    "lang, heads",
    [("en", ("1st Hit", "2nd Hit", "3rd Hit")), ("ru", ("1-е попадание", "2-е попадание", "3-е попадание"))],
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_crit_effect_columns_keep_a_gutter(lang, heads, paper, variant):
    runs = _record(reference, lang, paper, variant)[0]
    head = [next(r for r in runs if r[1] == h) for h in heads]
    centres = [(r[5][0] + r[5][2]) / 2 for r in head]  # headers are centred in their columns
    edges = [(centres[0] + centres[1]) / 2, (centres[1] + centres[2]) / 2]  # column boundaries
    top = head[0][5][1]
    table = [r for r in runs if top - 120 < r[5][1] < top - 1]  # the rows under that header
    pairs = 0
    for a in table:
        for k, edge in enumerate(edges):
            lo = edges[k - 1] if k else centres[0] - (edge - centres[0])
            if not lo <= a[5][0] < edge:
                continue
            for b in table:  # the next column's text on the same line
                if abs(b[5][1] - a[5][1]) < 1 and edge <= b[5][0] < edge + 20:
                    pairs += 1
                    assert b[5][0] - a[5][2] >= 2 * MM, (a[1], b[1], (b[5][0] - a[5][2]) / MM)
    assert pairs >= 4  # the arm and legs rows at least


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_chart_shows_each_roll_once_in_type_read_across_a_table(lang):
    runs = _record(chart, lang, "a4", "tw")[0]
    texts = [r[1] for r in runs]
    # 1/36 ... 6/36 once per motive type: the 2D6 columns, not repeated as "(16/36)" bars
    assert texts.count("6/36") == 2 and texts.count("1/36") == 4
    assert not any("(16/36)" in t for t in texts)
    sizes = [r[3] for r in runs if r[1] in ("1/36", "2/36", "3/36", "4/36", "5/36", "6/36")]
    abbr = [
        r[3]
        for r in runs
        if r[1]
        in (
            {"en": ("RA", "LA", "HD", "NM", "T", "L", "Gun"), "ru": ("ПР", "ЛР", "Г", "БП", "Т", "Н", "ГП")}[
                lang
            ]
        )
    ]
    assert min(sizes) >= 8.5 and min(abbr) >= 9.0  # 3 mm type (6.3 pt before)
