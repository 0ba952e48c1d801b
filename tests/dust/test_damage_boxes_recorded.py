"""Issue 23: the Dust cards' damage boxes were drawn as plain rectangles the layout checker
could not see; they are tick targets now (at least 3 mm each side, at least 0.6 mm apart)."""

import pytest

from sheets.core.game import Options, get_game, load_object
from sheets.core.loader import load_file
from sheets.render.layout_check import check
from sheets.render.pdf import Document

SQUAD = """system: dust
units:
  - name: Test Squad
    faction: Axis
    kind: squad
    armor: {type: soldier, level: 2}
    models: 4
    health: 2
    move: 1
    points: 20
    weapons:
      - name: Test rifle
        count: 4
        range: 4
        vs: {S1: 2/1, S2: 1/1}
"""

MM = 72 / 25.4


@pytest.mark.parametrize("card", ["poker", "mini", "tarot", "bridge", "square", "euro"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_damage_boxes_are_tick_targets(tmp_path, card, paper):
    f = tmp_path / "squad.yaml"
    f.write_text(SQUAD, encoding="utf-8")
    opts = Options(lang="ru", paper=paper, mono=False, rules=None, extra={"card": card})
    loaded = load_file(str(f), opts)
    doc = Document(paper, False, lang="ru", record=True)
    load_object(get_game("dust").renderer)(doc, loaded.units, loaded.options)
    doc.finish()
    boxes = [it[1] for p in doc.recorder.pages for it in p["items"] if it[0] == "b"]
    assert len(boxes) == 8  # 4 models × 2 health, each box once
    for x0, y0, x1, y1 in boxes:
        assert min(x1 - x0, y1 - y0) >= 3 * MM - 1e-6
    rows = {}
    for x0, y0, x1, y1 in boxes:
        rows.setdefault(round(y0, 1), []).append((x0, x1))
    for row in rows.values():
        row.sort()
        for (_, a1), (b0, _) in zip(row, row[1:]):
            assert b0 - a1 >= 0.6 * MM - 1e-6
    found = check(doc.recorder, {"Test", "Squad", "rifle"}, kinds={"tick", "gap", "pips"}, staged=True)
    assert not found, found
