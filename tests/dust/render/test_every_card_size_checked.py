"""Issue 23: the layout checker finds nothing on any Dust card size, en/ru × A4/Letter ×
colour/mono, for the sample force, a 14-class weapon (the grouped narrow header), a unit that
continues on 2/2 and the every-field-at-its-maximum file; backs and a butted bleed included."""

import re
from pathlib import Path

import pytest

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.dust import GAME, cards
from sheets.render.layout_check import check, summary
from sheets.render.pdf import Document

from .conftest import SAMPLE
from .test_card_continuation import AA, STRESS_SQUAD, _weapons

LONG = Path(__file__).resolve().parents[2] / "render" / "layout" / "longnames_dust.yaml"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("sizes")
    (d / "aa.yaml").write_text(AA, encoding="utf-8")
    (d / "long.yaml").write_text(STRESS_SQUAD % _weapons(9), encoding="utf-8")
    return [SAMPLE, d / "aa.yaml", d / "long.yaml", LONG]


@pytest.mark.parametrize("card", ["poker", "bridge", "mini", "tarot", "euro", "square"])
@pytest.mark.parametrize(
    "lang, paper, mono",
    [("en", "a4", False), ("ru", "a4", True), ("en", "letter", True), ("ru", "letter", False)],
)
def test_no_violation_on_any_card_size(files, card, lang, paper, mono):
    units = [u for f in files for u in load_file(f).units]
    extra = {"card": card, "bleed": 3} if paper == "a4" else {"card": card, "backs": True}
    doc = Document(paper, mono=mono, lang=lang, record=True)
    cards.render(doc, units, Options(lang=lang, paper=paper, mono=mono, extra=extra))
    doc.finish()
    user = {w for u in units for _, t in GAME.text_fields(u) for w in re.findall(r"\w+", str(t or ""))}
    violations = check(doc.recorder, user)
    assert not violations, summary(violations)
