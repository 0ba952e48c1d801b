"""Issue 23, Dust words: the seed's «спас-бросок», no «Машина · Машина 4», and the dice footer
never broken as «…/ 4 | грани промаха»."""

import pytest

from sheets.games.dust.cards import phrase_wrap
from sheets.render.pdf import Pen

from .conftest import SAMPLE, text


def test_russian_cover_lines_say_spas_brosok(render):
    # the square card has room for the full wording (the seed: «спас-бросок попаданий/промахов»)
    reader, _ = render(SAMPLE, "--card", "square", "--lang", "ru")
    words = text(reader)
    assert "Слабое: спас-бросок попаданий" in words
    assert "Жёсткое: спас-бросок промахов" in words
    assert "спас попаданий" not in words and "нет спаса" not in words


def test_revised_dice_footer_says_spas_brosok(render):
    reader, _ = render(SAMPLE, "--lang", "ru", "--dice", "revised")
    words = text(reader)
    assert "спас-бросок попаданий — символ армии, спас-бросок промахов — символ армии или щит †" in words


@pytest.mark.parametrize(
    "lang, vehicle, squad",
    [
        ("ru", "Ось · Машина 4", "Ось · Отряд · Пехота 3"),
        ("en", "Axis · Vehicle 4", "Axis · Squad · Soldier 3"),
    ],
)
def test_the_vehicle_line_names_machine_once(render, lang, vehicle, squad):
    words = text(render(SAMPLE, "--lang", lang)[0])
    assert vehicle in words and squad in words
    assert "Машина · Машина" not in words and "Vehicle · Vehicle" not in words


@pytest.mark.parametrize("card", ["poker", "mini", "bridge", "square", "tarot", "euro"])
def test_the_dice_footer_breaks_after_its_phrases(render, card):
    reader, _ = render(SAMPLE, "--lang", "ru", "--card", card)
    lines = [line.strip() for page in reader.pages for line in page.extract_text().splitlines()]
    footer = [line for line in lines if "грани" in line]
    assert footer, lines
    for line in footer:
        assert not line.endswith("/ 4") and not line.startswith("грани промаха")
    joined = " ".join(footer)
    assert "2 грани попадания / 4 грани промаха" in " ".join(joined.split())


def test_phrase_wrap_keeps_a_count_with_its_noun():
    label = "Классические кубики Dust: 2 грани попадания / 4 грани промаха"
    one_line = Pen.wrap_static(label, "Cond", 6.0, 1000)
    assert phrase_wrap(None, label, 6.0, 1000) == one_line == [label]
    # a width that the plain word wrap breaks after "/ 4"
    from sheets.render import fonts

    width = fonts.width("Классические кубики Dust: 2 грани попадания / 4", "Cond", 6.0) + 0.5
    assert Pen.wrap_static(label, "Cond", 6.0, width)[0].endswith("/ 4")
    assert phrase_wrap(None, label, 6.0, width) == [
        "Классические кубики Dust: 2 грани попадания /",
        "4 грани промаха",
    ]


@pytest.mark.parametrize(
    "card, lines",
    [
        # poker: both lines of a card in one wording, «Слабое: …» / «Жёсткое: …»
        ("poker", ["Слабое: Попад.", "Жёсткое: Промах", "Слабое: –", "Жёсткое: Попад."]),
        # mini: the walker's «Жёсткое: Попад.» does not fit, so neither of its lines names its kind
        # (was «Слабое: –» over a bare «Попад.»); the shields' outlines tell soft from hard
        ("mini", ["Попад.", "Промах", "Попад."]),
    ],
)
def test_the_two_cover_lines_of_a_card_share_one_wording(render, card, lines):
    reader, _ = render(SAMPLE, "--lang", "ru", "--card", card)
    got = [
        line.strip()
        for line in reader.pages[0].extract_text().splitlines()  # the list shares page 1
        if line.strip() in {"Попад.", "Промах"} or line.startswith(("Слабое:", "Жёсткое:"))
    ]
    assert got == lines
