"""Every layout × en|ru × a4|letter × colour|mono × rule variant, measured by the layout checker:
zero violations. Combinations with a known, still open defect are strict xfails that name it, so
the fix flips them (remove the entry then)."""

from __future__ import annotations

import pytest

from sheets.render.layout_check import check, summary

from .cases import case_id, combos, coverage, render

# (layout, lang or None = both[, paper]) -> the open defect: findings of issue 23's new rules in
# layouts their game's engineer is fixing (remove the entry with the fix)
KNOWN: dict = {}


def _known(combo):
    layout, variant, lang, paper, mono = combo
    return (
        KNOWN.get((layout, lang, paper))
        or KNOWN.get((layout, lang))
        or KNOWN.get((layout, None, paper))
        or KNOWN.get((layout, None))
    )


def _params():
    for combo in combos():
        reason = _known(combo)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        yield pytest.param(combo, id=case_id(combo), marks=marks)


@pytest.mark.parametrize("combo", list(_params()))
def test_layout_has_no_violations(combo):
    recorder, user_words = render(*combo)
    assert recorder.pages, "nothing was drawn"
    violations = check(recorder, user_words, coverage=coverage(*combo), staged=True)
    assert not violations, f"{len(violations)} layout violation(s):\n{summary(violations)}"


def test_every_combination_is_covered():
    got = list(combos())
    assert len(got) == len(set(got))
    layouts = {c[0] for c in got}
    assert {
        "bt-sheet",
        "bt-army-list",
        "bt-reference",
        "bt-chart",
        "dmech-sheet",
        "dmech-reference",
        "dmech-chart",
        "dust-cards",
        "dust-reference",
        "dust-roster",
    } <= layouts
    assert {(c[1], c[2], c[3], c[4]) for c in got if c[0] == "bt-sheet"} == {
        (v, l, p, m)
        for v in ("classic", "tw")
        for l in ("en", "ru")
        for p in ("a4", "letter")
        for m in (False, True)
    }
