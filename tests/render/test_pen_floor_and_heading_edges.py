"""The pen's type floor (6 pt at the table) under the canvas matrix: a turn keeps it (the
determinant, not a diagonal product, is the scale), a degenerate matrix keeps it, both edges
of the "unscaled" tolerance (1 ± 1e-6, open), and a scale just inside it; and the sentence case
of headings from two capital letters on (one letter is left alone)."""

from __future__ import annotations

import math

import pytest

from sheets.render.pdf import Document, heading_style


def _floor_under(*ops) -> float:
    pen = Document("a4").page()
    pen.c.saveState()
    for name, *args in ops:
        getattr(pen.c, name)(*args)
    try:
        return pen.floor()
    finally:
        pen.c.restoreState()


def test_a_turn_keeps_the_floor_and_a_scale_divides_it():
    assert _floor_under(("rotate", 30)) == pytest.approx(6, rel=1e-9)
    assert _floor_under(("scale", 0.5, 0.5)) == pytest.approx(12)
    assert _floor_under(("scale", 0, 1)) == 6  # degenerate: the floor as it is


def test_the_unscaled_tolerance_is_open_at_both_ends():
    assert _floor_under(("scale", 0.9999995, 1)) == 6
    assert _floor_under(("scale", 1.0000005, 1)) == 6
    assert _floor_under(("scale", 0.999999, 1)) == pytest.approx(6 / math.sqrt(0.999999), rel=1e-12)
    assert _floor_under(("scale", 0.999999, 1)) != 6
    assert _floor_under(("scale", 1.000001, 1)) != 6


@pytest.mark.parametrize("text, styled", [("ZQ", "Zq"), ("ЖЁ", "Жё"), ("Z", "Z"), ("Ж", "Ж")])
def test_sentence_case_from_two_capitals_on(text, styled):
    assert heading_style(text) == styled
