"""Issue 21, words pinned: wh40k6 labels printed next to what they label, in English and Russian
(the unit-type notes of the datasheets and of the handout's unit-type table, the armour
penetration bullets, the cover saves, the odds legend's targets, an imported transport's
header lines, the rules name of the army list, the attack calculator's lines). Each pin is a
literal run of the printed or echoed text; a label exchanged with its neighbour in
``labels.yaml`` (or a unit type's note key with another) moves a word and fails the pin."""

from __future__ import annotations

import pytest
from label_pins import echoed, missing, printed, unit_file

SAMPLE = "data/units/wh40k6/sample_list.yaml"
TRANSPORT = """system: wh40k6
units:
  - name: Sample Rhino
    slot: troops
    points: 35
    models:
      - {name: Rhino, type: "vehicle (tank)", bs: 4, front: 11, side: 11, rear: 10, hp: 3}
    transport_of: Sample Tactical Squad A
    gaps: [a selection the importer could not read]
"""


def _transport() -> str:
    return unit_file("wh40k6_transport.yaml", TRANSPORT)


def attack(lang: str, *extra: str) -> str:
    return echoed(
        "calc",
        "wh40k6",
        "attack",
        "--shots",
        "10",
        "--bs",
        "4",
        "--s",
        "4",
        "--t",
        "4",
        *extra,
        "--lang",
        lang,
    )


CASES = {
    "sheet-en": (
        lambda: printed("render", SAMPLE, "--lang", "en"),
        [
            "no wounds by Look Out, Sir • chargers hit the crew only Unit type: Artillery (crew)",
            'Cruising Speed: Snap Shots only • vehicles never fall back (no morale) • Combat Speed up to 6", '
            'Cruising Speed up to 12"; Flat Out instead of firing Battle tank:',
            "Odds: expected unsaved wounds of one volley of one weapon against T4 3+ and T3 5+ infantry "
            "(close combat: the bearer's Attacks at WS 4, no charge bonus), and hull points lost against armour 11/12;",
        ],
    ),
    "sheet-ru": (
        lambda: printed("render", SAMPLE, "--lang", "ru"),
        [
            "одного оружия по пехоте T 4, 3+ и T 3, 5+ (ближний бой: атаки носителя против WS 4, без бонуса "
            "за нападение) и потерянные очки корпуса против брони 11/12;",
        ],
    ),
    "transport-en": (
        lambda: printed("render", _transport(), "--lang", "en"),
        [
            "Sample Rhino Troops · 35 pts imported with gaps: a selection the importer could not read "
            "Dedicated transport of: Sample Tactical Squad A Model × BS Front Side Rear HP Type",
        ],
    ),
    "transport-ru": (
        lambda: printed("render", _transport(), "--lang", "ru"),
        [
            "Sample Rhino Войска · 35 очк. импортировано с пропусками (1): подробности — в предупреждениях "
            "импорта Транспорт отряда: Sample Tactical Squad A Модель × BS Лоб Борт Корма HP Класс",
        ],
    ),
    "reference-en": (
        lambda: printed("reference", "wh40k6", "--lang", "en"),
        [
            'Cruising Speed: Snap Shots only; vehicles never fall back (no morale); Combat Speed up to 6", '
            'Cruising Speed up to 12"; Flat Out instead of firing Vehicle (Tank) 6" / 12" Flat Out +6"',
            'Vehicle (Flyer) 18" / 36" – – – – cannot be charged while Zooming; cannot ram or Tank Shock; Zoom:',
            'Artillery (crew) 6" Run D6" – 2D6" – a crewman within 2" fires the gun; the other crew fire only '
            "at the same target; cannot charge while it has guns",
            "Cover saves Razor wire 6+ Forests, area terrain 5+ Ruins, ruined fortifications, trenches 4+ "
            "Fortifications 3+ Go to Ground +1",
        ],
    ),
    "reference-ru": (
        lambda: printed("reference", "wh40k6", "--lang", "ru"),
        [
            'Техника (Танк) 6" / 12" Полный ход +6" – – – – Техника (Быстрая) 6" / 12" Полный ход +12"',
            'Техника (Тяжёлая) 6" / 12" – – – – не может двигаться полным ходом Техника (Шагоход) 6" Бег D6"† '
            '2D6" – – стреляет из всего оружия после движения; двигается, бегает и нападает как пехота; её '
            "попадания пробивают броню",
            "• Артиллерийское оружие: 2D6, берётся наибольший • Мелта на половине дальности: +D6 • Скользящее: "
            "−1 очко корпуса • Пробивающее: −1 очко корпуса и бросок по таблице повреждений",
            'Артиллерия (расчёт) 6" Бег D6" – 2D6" – из орудия стреляет номер расчёта в 2" от него; '
            "остальной расчёт стреляет только по той же цели;",
        ],
    ),
    # one printout per rules name: pins of two printouts joined would survive the two names exchanged
    "roster-hh1-ru": (
        lambda: echoed("roster", SAMPLE, "--rules", "hh1", "--lang", "ru", "--format", "md"),
        [
            "(6-я редакция) · Правила: «Крестовый поход», Ересь Хоруса, 1-я ред.†",
        ],
    ),
    "roster-other-ru": (
        lambda: echoed("roster", SAMPLE, "--rules", "other", "--lang", "ru", "--format", "md"),
        [
            "(6-я редакция) · Правила: организация войск не проверена",
        ],
    ),
    "roster-hh1-en": (
        lambda: echoed("roster", SAMPLE, "--rules", "hh1", "--lang", "en", "--format", "md"),
        [
            "Rules: Horus Heresy 1st ed. Crusade†",
        ],
    ),
    "calc-en": (
        lambda: attack("en") + " | " + attack("en", "--sv", "3+"),
        [
            "10 shot(s) or attack(s), BS 4: 3+; S4 vs T4: 4+; no save expected: hits 6.667, wounds 3.333, unsaved 3.333",
            "10 shot(s) or attack(s), BS 4: 3+; S4 vs T4: 4+; save 3+ (armour) expected: hits 6.667, wounds 3.333, unsaved 1.111",
        ],
    ),
    "calc-ru": (
        lambda: attack("ru") + " | " + attack("ru", "--sv", "3+"),
        [
            "выстрелов или атак: 10, BS 4: 3+; S4 против T4: 4+; без спас-броска в среднем: "
            "попаданий 6,667, ранений 3,333, неспасённых 3,333",
            "выстрелов или атак: 10, BS 4: 3+; S4 против T4: 4+; спас-бросок 3+ (броня) в среднем: "
            "попаданий 6,667, ранений 3,333, неспасённых 1,111",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_wh40k6_labels_printed_in_place(case):
    text, pins = CASES[case]
    assert missing(text(), pins) == []
