"""Text the pen can hold and text it shortens, at the edges: the surrogate ranges of
``_text`` (U+D800-U+DFFF are surrogates, U+DC80-U+DCFF of them the bytes os.fsdecode escapes:
both ends of both ranges, and U+E000 and U+DD00 just past them), and ``shortened`` cutting at
a break one character in, at a break of either parity, never at a letter X (X is no break)
and keeping a trailing X."""

from __future__ import annotations

import pytest

from sheets.render import fonts
from sheets.render.pdf import _text, shortened


@pytest.mark.parametrize(
    "value, held",
    [
        ("\udc80", "\ufffd"),  # the first escaped byte (0x80): one replacement character
        ("\udcff", "\ufffd"),  # the last (0xFF)
        ("\udd00", "?"),  # past them: a lone surrogate, replaced by "?"
        ("\udce9\udfff", "??"),  # the last surrogate is one: every surrogate replaced
        ("\udce9\ue000", "\ufffd\ue000"),  # U+E000 is no surrogate: the escaped byte decoded
        ("\udce9\ud7ff", "\ufffd\ud7ff"),  # nor is U+D7FF
    ],
)
def test_the_surrogate_ranges_end_where_unicode_says(value, held):
    assert _text(value) == held


def _w(text: str) -> float:
    return fonts.width(text, "Sans", 7)


def test_a_break_one_character_in_is_a_place_to_cut():
    text = "A " + "b" * 30
    # "A bb…" would fit: the cut is still at the word end
    assert shortened(text, "Sans", 7, _w("A bb…") + 0.01) == "A…"


def test_a_break_at_either_parity_is_found():
    for text in ("ab cdefghijklmn", "abc defghijklmn"):
        head = text.split()[0]
        assert shortened(text, "Sans", 7, _w(head + " cd…") + 0.01) == head + "…"


def test_a_letter_x_is_no_break_and_is_kept_at_the_end():
    assert shortened("abXcdefghijklmn", "Sans", 7, _w("abXcd…") + 0.01) == "abXcd…"
    assert shortened("abX defghijklmn", "Sans", 7, _w("abX…") + 0.01) == "abX…"


def test_wrap_breaking_keeps_an_empty_line_between_paragraphs():
    from sheets.render.pdf import wrap_breaking

    assert wrap_breaking("a\n\nb", "Sans", 7, 100) == ["a", "", "b"]
