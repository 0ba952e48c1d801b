"""The Dust Tactics reference card (``reference dust``): its paragraphs printed in their order, in
English and in Russian (issue 21, words pinned: two paragraphs exchanged, e.g. the corner rule's
"squares without a dot" and "a squad never gives cover", fail). Each piece opens one paragraph."""

import pytest
from conftest import assert_in_order, reference_texts

IN_ORDER = {
    "en": [
        "A unit on a cover",
        "Ammo crate: soft cover. Tank",
        "The unit card gives the",
        "Hit save: one die per",
        "Miss save: one die per",
        "No save: no cover roll",
        "Soft + soft = hard",
        "Corner: a unit attacked diagonally",
        "its square is adjacent to",
        "the line of sight passes",
        "Corners are formed by squares",
        "A squad never gives cover",
        "Some attacks and weapons ignore",
        "Only a hero may share",
        "Join before the game only:",
        "Joined: activate together, add the",
        "Some hero abilities affect the",
        "Pooled hit points: per damage",
        "Split: the hero acts alone,",
        "Cover objects are attacked as",
        "One weapon fires at the",
        "A vehicle may destroy an",
    ],
    "ru": [
        "Укрытие",
        "Отряд на квадрате укрытия находится",
        "Ящик с боеприпасами — слабое",
        "Карточка отряда указывает спас-бросок в",
        "Спас-бросок попаданий: кубик за каждое",
        "Спас-бросок промахов: кубик за каждое",
        "Нет спас-броска: за укрытие не",
        "Слабое + слабое = жёсткое",
        "Угол: отряд, атакованный по диагонали",
        "его квадрат смежен с углом,",
        "линия прицела проходит через этот",
        "Угол образует квадрат без точки;",
        "Отряд не является укрытием для",
        "Некоторые атаки и орудия игнорируют",
        "Герои",
        "Только герой делит квадрат с",
        "Присоединение только до игры: к",
        "Вместе: активируются одновременно, атаки героя",
        "Некоторые способности героя влияют на",
        "Общие очки здоровья: за повреждение",
        "Отделившись, герой действует сам, не",
        "Предметы-укрытия атакуют как машины",
        "Одно оружие стреляет либо по",
        "Машина может уничтожить ящик с",
    ],
}


@pytest.fixture(scope="module")
def card(tmp_path_factory):
    return reference_texts(tmp_path_factory.mktemp("dref"), "dust")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_reference_paragraphs_are_printed_in_order(card, lang):
    assert_in_order(card[lang], IN_ORDER[lang])
