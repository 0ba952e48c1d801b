"""Issue 21: the language rule of the layout checker, its messages pinned literally: a label key
(``snake_case``) on a Russian page, Latin words (each named once, in order, however often it
repeats), a Latin homoglyph inside a Russian word, the allow-list, the user's own words and their
pieces (a prefix and a suffix one letter short of the word, never the word grown), a user's own
snake_case text, and an English page never checked."""

from __future__ import annotations

import pytest

from sheets.render.layout_check import _allowed, _language, check, rules
from sheets.render.pdf import Document


def _found(texts, allowed_words=(), lang="ru"):
    doc = Document("a4", lang=lang, record=True)
    pen = doc.page()
    for k, t in enumerate(texts):
        pen.text(40, 800 - 20 * k, t, 8)
    doc.finish()
    return [v.message for v in check(doc.recorder, allowed_words=allowed_words) if v.kind == "language"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("Броня: armor_diagram", "label key 'armor_diagram' printed on a Russian page"),
        ("walk_mp и run_mp", "label key 'walk_mp' printed on a Russian page"),  # the first key named
        ("Оружие: Machine Gun", "Latin 'Machine, Gun' on a Russian page in 'Оружие: Machine Gun'"),
        ("Gun, Gun и Gun", "Latin 'Gun' on a Russian page in 'Gun, Gun и Gun'"),  # repeated: once
        ("Gun Laser Gun", "Latin 'Gun, Laser' on a Russian page in 'Gun Laser Gun'"),
        ("1K6", "Latin '1K6' on a Russian page in '1K6'"),  # a Latin K among digits
        ("Брoня", "Latin 'Брoня' on a Russian page in 'Брoня'"),  # a Latin o inside a Russian word
        ("Snake_Case", "Latin 'Snake, Case' on a Russian page in 'Snake_Case'"),  # capitals: not a key
    ],
)
def test_english_on_a_russian_page_is_named(text, message):
    assert _found([text]) == [message]


@pytest.mark.parametrize("text", ["Броня 2К6", "БЦ 2D6 MP", "12 — 7", "Ходьба: 4", "BattleTech"])
def test_russian_text_and_allow_listed_words_pass(text):
    assert _found([text]) == []


def test_an_english_page_is_not_checked_for_language():
    assert _found(["armor_diagram Machine Gun"], lang="en") == []


def test_a_users_word_and_its_pieces_are_allowed_not_the_word_grown():
    words = _allowed(rules(), {"Отряд Harpy"})
    assert {"Harpy", "H", "Harp", "arpy", "y"} <= words
    assert "Harpys" not in words and "Harpies" not in words and "xHarpy" not in words
    got = _found(["Harp-", "arpy", "Harpy", "Harpies", "Harpy Gun"], allowed_words={"Отряд Harpy"})
    assert got == [
        "Latin 'Harpies' on a Russian page in 'Harpies'",
        "Latin 'Gun' on a Russian page in 'Harpy Gun'",
    ]


def test_a_users_snake_case_text_is_not_a_label_key():
    assert _found(["hh_test_dread_only"], allowed_words={"hh_test_dread_only"}) == []
    assert _found(["hh_test_dread_only"]) == ["label key 'hh_test_dread_only' printed on a Russian page"]


def test_the_language_helper_returns_none_for_clean_text():
    allowed = _allowed(rules(), set())
    assert _language("Броня 2D6", allowed) is None
    assert _language("Броня armor_x", allowed) == "label key 'armor_x' printed on a Russian page"
    assert _language("armor_x", allowed | {"armor_x"}) == "Latin 'armor, x' on a Russian page in 'armor_x'"
    assert _language("armor_x", _allowed(rules(), {"armor_x"})) is None
