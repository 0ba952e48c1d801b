"""`sheets reference dust`: cover and hero rules cards plus the cover-object cards."""

from fractions import Fraction

import pytest

from sheets.games.dust.cards import texts
from sheets.games.dust.reference import cover_items, hero_items
from sheets.games.dust.rules import dice_edition

from .conftest import text


def test_reference_in_english(reference):
    reader = reference("--lang", "en")
    assert len(reader.pages) == 1  # four poker cards on one A4 sheet
    words = text(reader)
    for expected in (
        "Cover",
        "Heroes",
        "Cover objects",
        "Hit save: one die per hit taken",
        "on average 1/3 of the hits are cancelled",
        "on average 2/3 of the hits are cancelled",
        "Soft + soft = hard cover",
        "the line of sight passes through that corner",
        "Ammo crate",
        "Tank trap",
        "V3",
        "V5",
        "Gives cover",
        "Classic Dust dice: 2 hit faces / 4 miss faces",
    ):
        assert expected in words, expected


def test_reference_in_russian(reference):
    words = text(reference("--lang", "ru"))
    for expected in (
        "Укрытие",
        "Герои",
        "Предметы-укрытия",
        "Спас-бросок промахов",
        "в среднем отменяется 1/3 попаданий",
        "Ящик с боеприпасами",
        "Противотанковый ёж",
        "Даёт укрытие",
        "Жёсткое укрытие",
        "Классические кубики Dust: 2 грани попадания / 4 грани промаха",
    ):
        assert expected in words, expected
    assert "Hit save" not in words


def test_reference_on_letter_and_mono(reference):
    reader = reference("--paper", "letter", "--mono")
    assert [float(v) for v in reader.pages[0].mediabox[2:]] == pytest.approx([612, 792])
    assert "Tank trap" in text(reader)


def test_save_odds_follow_the_dice_edition():
    # classic dice: 2 hit faces of 6 → a hit save cancels 1/3, a miss save (4 faces) 2/3
    classic = dice_edition("classic")
    assert (classic.p_stop("hits"), classic.p_stop("misses")) == (Fraction(1, 3), Fraction(2, 3))
    items = cover_items(texts("en"), classic)
    legend = [item for item in items if item[0] == "legend"]
    assert [item[1] for item in legend] == ["hits", "misses", "none"]
    assert legend[0][2].endswith("(on average 1/3 of the hits are cancelled)")


def test_cover_object_cards_carry_the_seed_values():
    # seed: ammo crate vehicle level 3, 2 «очки здоровья»; tank trap level 5, 4. They are printed on
    # the objects' own cards (issue 12 freed the heroes card of a duplicate table)
    from sheets.games.dust.model import cover_objects

    assert [(o.name, o.provides_cover, o.armor.code, o.health) for o in cover_objects("en")] == [
        ("Ammo crate", "soft", "V3", 2),
        ("Tank trap", "hard", "V5", 4),
    ]
    assert not [item for item in hero_items(texts("en"), "en") if item[0] == "table"]
