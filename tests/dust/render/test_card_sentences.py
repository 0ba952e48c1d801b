"""Issue 33, Dust: a unit continued on a second card never has a rule cut mid-sentence ("Weapons
of this unit can" | "target aircraft…"): the first card ends after a sentence, or, when no
sentence ends on it, at a word marked "…→" with the next card's first line marked "→"; no card
holds only a fragment of a sentence."""

from __future__ import annotations

import pytest

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.dust import cards, view

LONG = """\
system: dust
units:
  - name: Rule Squad
    faction: Allies
    kind: squad
    armor: {type: soldier, level: 2}
    models: 3
    health: 1
    move: 1
    points: 20
    cover: {soft: hits, hard: misses}
    weapons:
      - {name: Rifle, range: 4, vs: {S1: 2/1, V1: 1/3}}
    skills:
%s
"""

SENTENCES = (
    "Weapons of this unit can target aircraft when the unit did not move this turn. "
    "The unit may reroll one failed attack die each turn. "
    "When the unit is in cover it counts as one level higher against weapons of soldiers."
)


def _layout(text: str, card: str = "poker", lang: str = "en"):
    import tempfile
    from pathlib import Path

    from sheets.render.cards import card_size

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "u.yaml"
        path.write_text(text, encoding="utf-8")
        units = load_file(str(path), Options(lang=lang, paper="a4", mono=False, rules=None, extra={})).units
    data = view.card_data(units[0], units, Options(lang=lang), {})
    return cards.Layout(data, cards.texts(lang), *card_size(card))


def _skills(n: int, text: str) -> str:
    return "\n".join(f'      - {{name: Skill {i}, text: "{text}"}}' for i in range(1, n + 1))


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_continued_card_ends_after_a_sentence(n):
    lay = _layout(LONG % _skills(n, SENTENCES))
    assert len(lay.parts) >= 2
    for part in lay.parts[:-1]:
        start, end = part.skills
        if end > start and end < len(lay.skill_lines):
            assert lay.sentence_end[end - 1], lay.skill_lines[end - 1]
            assert lay.skill_lines[end - 1].rstrip().endswith(".")
    for part in lay.parts[1:]:  # no card opens with the rest of a sentence
        start, end = part.skills
        if end > start and start:
            assert lay.sentence_end[start - 1]


def test_one_sentence_longer_than_a_card_breaks_at_a_word_with_marks():
    one = (
        " ".join(["Every model of this unit may move and fire in the same turn when it"] * 5) + "."
    )  # 349 chars
    lay = _layout(LONG % _skills(1, one), card="mini")
    split = [p for p in lay.parts if p.skills[1] > p.skills[0]]
    assert len(split) >= 2
    first, second = split[0], split[1]
    assert not lay.sentence_end[first.skills[1] - 1]  # a word break ...
    assert second.skills[0] == first.skills[1]


def test_the_sentence_ends_are_the_lines_before_a_new_skill_or_after_a_full_stop():
    lay = _layout(LONG % _skills(3, SENTENCES))
    lines = lay.skill_lines
    assert lay.sentence_end[-1]  # the last line
    for k, line in enumerate(lines[:-1]):
        assert lay.sentence_end[k] == (lines[k + 1].startswith("• ") or line.rstrip().endswith("."))
    assert not all(lay.sentence_end) and any(lay.sentence_end[:-1])
