"""Issue 21, "words are pinned": the printed English and Russian words of the labels a rule
depends on (wh40k6 slots and unit types, lnl and dust unit kinds, battletech locations and crit
effects, dmech facings, stats and conditions) are read back from the PDF's text, each next to the
value it labels, so that two labels exchanged fail a test and not only a missing language.

The pins are literal runs of the extracted text (whitespace collapsed): a row of the army list
("1 1st Squad 2-5-4 Squad M1919"), a row of the hit-location table ("5, 9 Legs −1 Walk MP ½ Walk MP No
movement"). ``test_swapped_labels_fail_the_pins`` proves it for one pair per game: the two
labels' texts are exchanged in a scratch ``--data-dir`` copy, the same sample is printed by a
``python -m sheets`` child, and the pins of that language must then miss.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import page_texts

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"

SAMPLES = {
    "lnl": UNITS / "lnl/hill30_us.yaml",
    "wh40k6": UNITS / "wh40k6/sample_list.yaml",
    "dust": UNITS / "dust/sample_force.yaml",
    "dmech": UNITS / "dmech/otrok.yaml",
    "battletech": UNITS / "battletech/minotaur.yaml",
}

# (game, lang) -> literal runs of the printed text
PINS = {
    ("lnl", "en"): [
        # the order-of-battle sheet: SW flags, notes, NME reasons, the Melee Table's columns
        "# Unit Counter Kind Support weapons (FP) Melee FP att / def LM Morale Notes Shaken Melee Wounded SW used",
        "1 1st Squad 2-5-4 Squad M1919 2‡ 4 / 4 — 4",
        "2 2nd Squad 2-5-4 Squad — 2 / 2 — 4 Ambush",
        "3 3rd Squad (half) 0-2-3 Half-squad — 1 / 1 — 3 IFP 0",
        "4 Lt. Baker — Leader — — +1 6 NME: no melee SW",
        "5 Sgt. Cole 1-4-5 Hero MG-34 2 (captured) 1 / 1 — 5 hero: +1 column when its side attacks",
        "6 Doc Hale — Medic — — — 5 NME: medic",
        "Odds 1:3 1:2 1:1 2:1 3:1 4:1 5:1 Kill Number 11† 10† 8 6 5† 4 3†",
    ],
    ("lnl", "ru"): [
        "№ Фишка Показатели Тип Оружие поддержки (FP) FP в бл. бою атака / защита LM Мораль Отметки "
        "Подавл. Бл. бой Ранен SW израсх.",
        "1 1st Squad 2-5-4 Отделение M1919 2‡ 4 / 4 — 4",
        "2 2nd Squad 2-5-4 Отделение — 2 / 2 — 4 Засада",
        "3 3rd Squad (half) 0-2-3 Полотделения — 1 / 1 — 3 IFP 0",
        "4 Lt. Baker — Лидер — — +1 6 NME: нет SW для бл. боя",
        "5 Sgt. Cole 1-4-5 Герой MG-34 2 (трофей) 1 / 1 — 5 герой: +1 колонка, когда его сторона атакует",
        "6 Doc Hale — Медик — — — 5 NME: медик",
        "Соотношение 1:3 1:2 1:1 2:1 3:1 4:1 5:1 Смертельное число (KN) 11† 10† 8 6 5† 4 3†",
    ],
    ("wh40k6", "en"): [
        "# Unit Slot Type Models Points",
        "1 Sample Captain HQ Infantry (Character) 1 100",
        "2 Sample Tactical Squad A Troops Infantry 10 170",
        "4 Sample Assault Squad Fast Attack Jump Infantry 5 100",
        "5 Sample Bike Squadron Fast Attack Bike 4 175",
        "6 Sample Walker Elites Vehicle (Walker) 1 105",
        "7 Sample Battle Tank Heavy Support Vehicle (Tank) 1 120",
        "8 Sample Gun Battery Heavy Support Artillery (crew) 3 75",
        "HQ 1 / 1–2 Troops 2 / 2–6 Elites 1 / 0–3 Fast Attack 2 / 0–3 Heavy Support 2 / 0–3",
        'Unit type: Infantry Move 6" · Run D6" · Charge 2D6" · Fall back 2D6" • the default type',
    ],
    ("wh40k6", "ru"): [
        "№ Отряд Ячейка Класс Модели Очки",
        "1 Sample Captain Штаб Пехота (Персонаж) 1 100",
        "2 Sample Tactical Squad A Войска Пехота 10 170",
        "4 Sample Assault Squad Быстрая атака Прыжковая пехота 5 100",
        "5 Sample Bike Squadron Быстрая атака Мотоцикл 4 175",
        "6 Sample Walker Элита Техника (Шагоход) 1 105",
        "7 Sample Battle Tank Тяжёлая поддержка Техника (Танк) 1 120",
        "8 Sample Gun Battery Тяжёлая поддержка Артиллерия (расчёт) 3 75",
        "Штаб 1 / 1–2 Войска 2 / 2–6 Элита 1 / 0–3 Быстрая атака 2 / 0–3 Тяжёлая поддержка 2 / 0–3",
        'Класс боевой единицы: Пехота Движение 6" · Бег D6" · Нападение 2D6" · Отступление 2D6" • класс по умолчанию',
    ],
    ("dust", "en"): [
        "Sample Laser Squad 20 AP Axis · Squad · Soldier 3",
        "Sample Laser Squad 20 AP Axis · Squad · Soldier 3 Move 1 Armour S3 Cover Soft: hit save Hard: miss save",
        "Sample Hero Keller 12 AP Axis · Hero · Soldier 3",
        "Sample Walker 15 AP Axis · Vehicle 4",
        "Sample Walker 15 AP Axis · Vehicle 4 Move 1 Armour V4 Cover Soft: no save Hard: hit save",
        "1 Sample Laser Squad Squad S3 + Sample Hero Keller 20",
        "2 Sample Hero Keller Hero S3 → Sample Laser Squad 12",
        "3 Sample Walker Vehicle V4 15",
        "Classic Dust dice: 2 hit faces / 4 miss faces",
    ],
    ("dust", "ru"): [
        "Sample Laser Squad 20 ОА Ось · Отряд · Пехота 3",
        "Sample Laser Squad 20 ОА Ось · Отряд · Пехота 3 Движение 1 Броня S3 Укрытие Слабое: Попад. Жёсткое: Промах",
        "Sample Hero Keller 12 ОА Ось · Герой · Пехота 3",
        "Sample Walker 15 ОА Ось · Машина 4",
        "Sample Walker 15 ОА Ось · Машина 4 Движение 1 Броня V4 Укрытие Слабое: – Жёсткое: Попад.",
        "1 Sample Laser Squad Отряд S3 + Sample Hero Keller 20",
        "2 Sample Hero Keller Герой S3 → Sample Laser Squad 12",
        "3 Sample Walker Машина V4 15",
        "Классические кубики Dust: 2 грани попадания / 4 грани промаха",
    ],
    ("dmech", "en"): [
        "Armour 8 front 6 front-right 6 rear-right 5 rear 6 rear-left 6 front-left",
        "Class Light Spd 6 Init 3 Skill 4 Daring 4",
        "Conditions Stalled Concussed Fire Prone Wavering Fleeing",
        "Weapon Acc Power Ammo Tags In hand Arc Lost Врановская двухладонка 7 4 —",
        "Less than armour No effect: did not penetrate. Equal to armour −1 structure.",
        "Armour + 2 or more −1 structure and a roll on the Heavy damage column.",
    ],
    ("dmech", "ru"): [
        "Броня 8 перед 6 перед-прав. 6 зад-прав. 5 зад 6 зад-лев. 6 перед-лев.",
        "Класс Малый Скр 6 Инц 3 Искс 4 Дрзст 4",
        "Состояния Заглох Контужен Пожар Лежит Дрогнул Бежит",
        "Оружие Тч Мощь Бзпс Свойства В руках Арка Утрачено Врановская двухладонка 7 4 —",
        "Меньше бронирования Выстрел не пробил защиту. Равно бронированию Вычтите 1 прочность.",
        "Больше на 2+ Вычтите 1 прочность и сделайте бросок тяжелых повреждений.",
    ],
    ("battletech", "en"): [
        "Hit locations and critical hits 2D6 Location Critical hits, in the order taken",
        "2D6 Location Critical hits, in the order taken 2 Main Gun: none → Torso 3, 11 Near Miss: counts as a hit, no damage",
        "4 Right Arm +1 to hit (arm and main gun) Arm destroyed (main gun +2)",
        "5, 9 Legs −1 Walk MP ½ Walk MP No movement",
        "6-8 Torso −1 Jump MP* ½ Jump MP* Destroyed, pilot killed",
        "10 Left Arm +1 to hit (arm and main gun) Arm destroyed (main gun +2)",
        "12 Head +1 to hit +2 to hit, no long range",
        "Head (5/2) RA 3/2 Torso (15/9) LA 3/2 Legs (10/5)",
    ],
    ("battletech", "ru"): [
        "Места попадания и критические попадания 2D6 Локация Критические попадания по порядку",
        "Критические попадания по порядку 2 Главная пушка: нет → Торс 3, 11 Близкий промах: атака попала, но повреждений нет",
        "4 Правая рука +1 к попаданию (рука и гл. пушка) Рука уничтожена (гл. пушка +2)",
        "5, 9 Ноги −1 ОД Шага ½ ОД Шага Движение невозможно",
        "6-8 Торс −1 ОД Прыжка* ½ ОД Прыжка* Уничтожен, пилот убит",
        "10 Левая рука +1 к попаданию (рука и гл. пушка) Рука уничтожена (гл. пушка +2)",
        "12 Голова +1 на попадание +2 на попадание, нет дальней дистанции",
        "Голова (5/2) ПР 3/2 Торс (15/9) ЛР 3/2 Ноги (10/5)",
    ],
}

# one pair of labels per game whose exchange must be seen: (label a, label b, the pin that moves)
SWAPS = {
    "lnl": (
        "kind_squad",
        "kind_half_squad",
        {"en": "1 1st Squad 2-5-4 Squad M1919", "ru": "1 1st Squad 2-5-4 Отделение M1919"},
    ),
    "wh40k6": (
        "slot_hq",
        "slot_troops",
        {"en": "1 Sample Captain HQ Infantry", "ru": "1 Sample Captain Штаб Пехота"},
    ),
    "dust": (
        "kind_squad",
        "kind_hero",
        {"en": "Sample Laser Squad 20 AP Axis · Squad", "ru": "Sample Laser Squad 20 ОА Ось · Отряд"},
    ),
    "dmech": ("speed", "initiative", {"en": "Spd 6 Init 3", "ru": "Скр 6 Инц 3"}),
    "battletech": (
        "crit_legs_1",
        "crit_legs_2",
        {"en": "Legs −1 Walk MP ½ Walk MP", "ru": "Ноги −1 ОД Шага ½ ОД Шага"},
    ),
}


def render(game: str, lang: str, out: Path, data_dir: Path | None = None, env=None) -> str:
    args = [sys.executable, "-m", "sheets"]
    if data_dir is not None:
        args += ["--data-dir", str(data_dir)]
    args += ["render", str(SAMPLES[game]), "--lang", lang, "-o", str(out)]
    r = subprocess.run(args, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return " ".join(page_texts(out))


def missing(text: str, pins: list[str]) -> list[str]:
    return [p for p in pins if p not in text]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from click.testing import CliRunner

    from sheets.cli import cli as group

    cache: dict = {}

    def get(game: str, lang: str) -> str:
        if (game, lang) not in cache:
            out = tmp_path_factory.mktemp("words") / f"{game}-{lang}.pdf"
            r = CliRunner().invoke(
                group, ["render", str(SAMPLES[game]), "--lang", lang, "-o", str(out)], catch_exceptions=False
            )
            assert r.exit_code == 0, r.output
            cache[game, lang] = " ".join(page_texts(out))
        return cache[game, lang]

    return get


@pytest.mark.parametrize("game, lang", sorted(PINS))
def test_rule_labels_are_printed_next_to_what_they_label(printed, game, lang):
    assert missing(printed(game, lang), PINS[game, lang]) == []


@pytest.mark.parametrize("game", ["lnl", "wh40k6"])
def test_russian_page_has_none_of_the_english_words(printed, game):
    text = printed(game, "ru")
    for word in {
        "lnl": ["Squad M1919", "Half-squad", "Leader", "Medic", "counters"],
        "wh40k6": [" HQ ", "Troops", "Elites", "Fast Attack", "Heavy Support", "Jump Infantry"],
    }[game]:
        assert word not in text


@pytest.mark.parametrize("game", sorted(SWAPS))
def test_swapped_labels_fail_the_pins(tmp_path, subprocess_env, game):
    a, b, moved = SWAPS[game]
    labels = yaml.safe_load((ROOT / "data" / game / "labels.yaml").read_text(encoding="utf-8"))
    labels[a], labels[b] = labels[b], labels[a]
    folder = tmp_path / "scratch"
    (folder / game).mkdir(parents=True)
    (folder / game / "labels.yaml").write_text(yaml.safe_dump(labels, allow_unicode=True), encoding="utf-8")
    for lang in ("en", "ru"):
        text = render(game, lang, tmp_path / f"{lang}.pdf", folder, subprocess_env)
        lost = missing(text, PINS[game, lang])
        assert moved[lang] in " ".join(lost), (lang, lost)


# the wh40k6 charts: titles, axes and the rows of the ranged to-hit table (BS 6+ hits on 2+ and
# re-rolls misses on 6+, ... BS 10 on 2+; Snap Shots always 6+)
CHART_PINS = {
    ("to-wound", "en"): [
        "To wound (Strength vs Toughness) Strength ↓ · Toughness → S \\ T 1 2 3 4 5 6 7 8 9 10",
        "1 4+ 50% 5+ 33% 6+ 17% 6+† 17% – – – – – –",
    ],
    ("to-wound", "ru"): [
        "Ранение (сила против стойкости) Сила ↓ · стойкость → S \\ T 1 2 3 4 5 6 7 8 9 10",
        "1 4+ 50% 5+ 33% 6+ 17% 6+† 17% – – – – – –",
    ],
    ("to-hit", "en"): [
        "Close combat to-hit (attacker WS vs defender WS) Attacker WS ↓ · Defender WS → WS 1 2 3",
        "Each cell: the D6 roll needed and the chance of success; – = cannot",
        "Ranged to-hit (BS) BS 1 2 3 4 5 6 7 8 9 10 To hit 6+ 17% 5+ 33% 4+ 50% 3+ 67% 2+ 83% 2+ 86%",
        "Re-roll misses on – – – – – 6+ 5+ 4+ 3+ 2+ Snap Shots 6+ 6+ 6+ 6+ 6+ 6+ 6+ 6+ 6+ 6+",
    ],
    ("to-hit", "ru"): [
        "Попадание в ближнем бою (WS атакующего против WS цели) WS атакующего ↓ · WS цели → WS 1 2 3",
        "В клетке: нужный бросок D6 и вероятность успеха; – = невозможно",
        "Попадание при стрельбе (BS) BS 1 2 3 4 5 6 7 8 9 10 Попадание 6+ 17% 5+ 33% 4+ 50% 3+ 67%",
        "Переброс промахов на – – – – – 6+ 5+ 4+ 3+ 2+ Навскидку 6+ 6+ 6+ 6+ 6+ 6+ 6+ 6+ 6+ 6+",
    ],
}


@pytest.mark.parametrize("chart, lang", sorted(CHART_PINS))
def test_wh40k6_chart_words(cli, tmp_path, chart, lang):
    out = tmp_path / f"{chart}-{lang}.pdf"
    r = cli("chart", "wh40k6", chart, "--lang", lang, "-o", out)
    assert r.exit_code == 0, r.output
    assert missing(" ".join(page_texts(out)), CHART_PINS[chart, lang]) == []
