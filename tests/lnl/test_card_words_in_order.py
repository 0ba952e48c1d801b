"""The Melee aid card (``reference lnl``): its headings and paragraphs printed in their order,
in English and in Russian (issue 21, words pinned). A heading exchanged with the paragraph under
it, or two bullets of one block exchanged (the odds rules, the worked examples, the readings),
moves a piece out of order and fails; each piece is the opening words of one printed paragraph.
"""

import pytest
from conftest import assert_in_order, reference_texts

# a heading followed by its first bullet: a heading that moves fails these
HEADED = {
    "en": [
        "Procedure 1. A unit entering",
        "Odds • Round up",
        "Ambush • A unit or stack",
        "After the round • Survivors",
    ],
    "ru": ["Засада • Юнит или стек", "После раунда • Выжившие"],
}

IN_ORDER = {
    "en": [
        "Procedure",
        "One melee round per hex",
        "Attacker's FP: the IFP of",
        "Choose the defenders: at least",
        "Odds = attacker's FP :",
        "Roll 2d6 + the leader's",
        "Casualties stay for now: the",
        "Remove the destroyed units of",
        "Round up, in the attacker's",
        "Below 1:3 counts as 1:3",
        "Never better than 5:1: 11",
        "A hero with the attacking",
        "Firepower in melee",
        "Units use their unmodified IFP",
        "Squad: one SW keeping its",
        "Leader or hero using an",
        "0-IFP squad, half-squad or crew:",
        '"M" on a unit or',
        "Satchel Charges and Molotov Cocktails",
        "Not melee-eligible (NME)",
        "Leaders without a melee SW,",
        "When every melee-eligible unit of",
        "A non-hero single-man counter left",
        "A unit that may only",
        "After the round",
        "Survivors are locked in melee:",
        "The Melee marker stays while",
        "Withdraw: declare at the start",
        "If every friendly unit leaves,",
        "Reinforcing a melee",
        "A unit or stack entering",
        "A 0-IFP unit counts 1,",
        "The first round is not",
        "Ambushing reinforcements add their tripled",
        "Melee Table and the chance",
        "Chance to kill by column",
        "Odds lookup: attacker's FP ×",
        "Worked examples",
        "Two 2-5-4 squads (4 FP)",
        "Two 0-2-3 half-squads (1 FP",
        "A leader with a captured",
        "An ambushing 2-5-4 against a",
        "Readings: what the rules leave",
        "Odds below 1:1 are rounded",
        "The 1:3 test uses the",
        "The ambusher's tripled FP counts",
        'A unit\'s own "M" goes',
        "Leaders and heroes use an",
        "The ±1 of a 0-IFP",
        '"M" adds its +1 before',
        "Several leaders: only the best",
        "An NME leader (no melee",
        "A Shaken leader still adds",
        "A Shaken hero is NME",
    ],
    "ru": [
        "Порядок ближнего боя",
        "Один раунд ближнего боя на",
        "FP атакующего: IFP всех атакующих",
        "Выберите цели: хотя бы один",
        "Соотношение = FP атакующего :",
        "Бросьте 2d6 + LM лидера",
        "Потери пока не снимаются: другая",
        "Снимите уничтоженные юниты обеих сторон;",
        "Округляйте в пользу атакующего: 4",
        "Хуже 1:3 считается как 1:3,",
        "Никогда не лучше 5:1: 11",
        "Герой у атакующей стороны сдвигает",
        "Огневая мощь в ближнем бою",
        "Юниты используют немодифицированную IFP, если",
        "Отделение: одно оружие поддержки с",
        "Лидер или герой, использующий SW",
        "Отделение, полотделения или расчёт с",
        "Пометка «M» у юнита или",
        "Satchel Charges и Molotov Cocktails",
        "Не участвуют в ближнем бою",
        "Лидеры без оружия поддержки для",
        "Когда уничтожены все способные к",
        "Одиночная фишка (не герой), оставшаяся",
        "Юнит, вошедший в гекс только",
        "Юнит, способный только к обороне,",
        "После раунда",
        "Выжившие связаны ближним боем: не",
        "Маркер ближнего боя лежит, пока",
        "Отход: объявите в начале следующего",
        "Если ушли все дружественные юниты,",
        "Подкрепление в ближнем бою",
        "Засада",
        "Юнит или стек, вступивший в",
        "Юнит с нулевым IFP считается",
        "Первый раунд не одновременный: уничтоженные",
        "Подкрепление из засады добавляет утроенную",
        "Таблица ближнего боя и шанс",
        "Шанс уничтожить по колонке и",
        "Соотношение сил: FP атакующего ×",
        "Примеры",
        "Два отделения 2-5-4 (FP 4)",
        "Два полотделения 0-2-3 (FP по",
        "Лидер с трофейным пулемётом (FP",
        "Отделение 2-5-4 из засады против",
        "Толкования: что правила оставляют открытым",
        "Соотношение ниже 1:1 округляется в",
        "Проверка «хуже 1:3» — по",
        "Утроенная FP засады действует в",
        "Собственная «M» юнита уходит вместе",
        "Лидеры и герои используют SW,",
        "Герой защищается своим IFP, даже",
        "±1 за MMC с нулевым",
        "«M» добавляет +1 до утроения",
        "Несколько лидеров: действует только лучший",
        "Лидер NME (без SW для",
        "Shaken лидер всё равно добавляет",
        "Shaken герой — NME и",
    ],
}


@pytest.fixture(scope="module")
def card(tmp_path_factory):
    return reference_texts(tmp_path_factory.mktemp("card"), "lnl")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_card_paragraphs_are_printed_in_order(card, lang):
    assert_in_order(card[lang], IN_ORDER[lang])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_headings_stand_over_their_first_bullet(card, lang):
    for piece in HEADED[lang]:
        assert piece in card[lang]
