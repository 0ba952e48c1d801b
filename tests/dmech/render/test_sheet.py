"""`sheets render` on dmech units: page count and size, labels in both languages, armour values,
the marks the walker sheet must carry (digest §7), --tables, mono and determinism."""

from __future__ import annotations

import re

import pytest

from sheets.games.dmech import sheet

from .helpers import A4, LETTER, OTROK, PILOT, non_grey, page_size, render, text

# six different armour values, so each must come from its own face
WALKER = """\
system: dmech
units:
  - name: {name}
    class: тяжелый
    structure: 7
    speed: 4
    initiative: 5
    skill: 3
    daring: 2
    cost: 77
    faction: Северная дружина
    armor: {{front: 17, front_right: 13, rear_right: 11, rear: 19, rear_left: 23, front_left: 29}}
    pilot: {{name: Ратибор}}
    weapons:
      - {{name: Врановская двухладонка, accuracy: 7, power: 4, ammo: 3, hand: true, arc: main,
          tags: [ПП]}}
    equipment:
      - {{name: Криловые щиты, kind: shield}}
      - {{name: Дым, kind: smoke}}
"""


@pytest.fixture
def walker(write):
    def _make(name="Витязь", copies=1):
        body = WALKER.format(name=name)
        head, _, unit = body.partition("units:\n")
        return write(f"walker{copies}.yaml", head + "units:\n" + unit * copies)

    return _make


def test_samples_ru_a4_one_page_with_russian_labels(tmp_path):
    pdf = render(tmp_path / "s.pdf", "render", OTROK, PILOT, "--lang", "ru")
    assert len(pdf.pages) == 1  # two units per page
    assert page_size(pdf) == A4
    t = text(pdf)
    for expected in (
        "Отрок",
        "Пеший гридь",
        "Лист бронехода",
        "Лист пешего отряда",
        "Малый",
        "Прочность",
        "Скр",
        "Инц",
        "Искс",
        "Дрзст",
        "Равновесие",
        "Подъём",
        "Броня",
        "Оружие",
        "Гридь",
        "ранен",
        "погиб",
        "Заглох",
        "Контужен",
        "Пожар",
        "Лежит",
        "Дрогнул",
        "Бежит",
        "Заглох и Контужен не суммируются",
        "Сила",
        "Защита",
        "Пример, не официальные данные",
        "Больше на 2+",
    ):
        assert expected in t, expected
    # Отрок: front 8, both side pairs 6, rear 5 (the sample file)
    assert re.search(r"\b8\s+перед\n", t) and re.search(r"\b5\s+зад\n", t)
    # the class modifiers of «Малый» (−1 / 0) carry the † of the unverified sign convention
    assert "Равновесие †1" in t and "−1" in t
    assert "†1 Знаки модификаторов" in t


def test_walker_en_letter(tmp_path, walker):
    pdf = render(tmp_path / "w.pdf", "render", walker(), "--lang", "en", "--paper", "letter")
    assert len(pdf.pages) == 1
    assert page_size(pdf) == LETTER
    t = text(pdf)
    for expected in (
        "Витязь",
        "Walker sheet",
        "Heavy",
        "Structure",
        "Spd",
        "Init",
        "Skill",
        "Daring",
        "Balance †1",
        "Standing up †1",
        "+1",
        "−2",
        "Armour",
        "Weapons",
        "In hand",
        "yes",
        "main",
        "ПП",
        "Pilot",
        "Ратибор",
        "wounded",
        "dead",
        "Stalled",
        "Concussed",
        "Fire",
        "Prone",
        "Wavering",
        "Fleeing",
        "Covers",
        "Shield roll (d6)",
        "Charges",
        "Cost: 77",
        "Force: Северная дружина",
    ):
        assert expected in t, expected
    for value, face in (
        (17, "front"),
        (13, "front-right"),
        (11, "rear-right"),
        (19, "rear"),
        (23, "rear-left"),
        (29, "front-left"),
    ):
        assert re.search(rf"\b{value}\s+{face}\n", t), (value, face)
    assert "Прочность" not in t and "Гридь" not in t
    # the shield's unverified fourth face is footnoted
    assert "+ one adjacent face †2" in t and "†2 Shields cover the front three faces" in t
    assert "Illustrative" not in t  # only units marked illustrative get the marker


def test_two_walkers_per_page_and_one_per_page_with_tables(tmp_path, walker):
    path = walker(copies=3)
    plain = render(tmp_path / "p.pdf", "render", path, "--lang", "ru")
    assert len(plain.pages) == 2
    # two walkers share page 1; the third, alone on page 2, gets the tables under it (no
    # half-empty page)
    assert "Таблица повреждений" not in plain.pages[0].extract_text()
    assert "Таблица повреждений" in plain.pages[1].extract_text()
    tables = render(tmp_path / "t.pdf", "render", path, "--lang", "ru", "--tables")
    assert len(tables.pages) == 3
    for i in range(3):
        t = tables.pages[i].extract_text()
        for title in (
            "Таблица повреждений",
            "Тяжелые повреждения",
            "Разрушение печи",
            "Равновесие и подъём",
            "Бросьте 1 кубик",
        ):
            assert title in t, (i, title)


def test_tables_in_english_with_footnotes(tmp_path, walker):
    t = text(render(tmp_path / "t.pdf", "render", walker(), "--lang", "en", "--tables"))
    for title in (
        "Damage table",
        "Heavy damage",
        "Reactor destruction",
        "Balance and standing up",
        "Sights smashed: −2 Accuracy.",
        "Magnet-ring damage: +2 Initiative.",
    ):
        assert title in t, title
    # class signs †1, shields †2, then the table notes from †3 on
    assert "†3 Adjacent hexes are numbered as a d6" in t
    assert '†5 "Roll one die" is read as' in t


def test_infantry_alone_ignores_tables(tmp_path):
    pdf = render(tmp_path / "i.pdf", "render", PILOT, "--lang", "en", "--tables")
    assert len(pdf.pages) == 1
    t = text(pdf)
    for expected in (
        "Пеший гридь",
        "Infantry sheet",
        "Strength",
        "Defence",
        "Visibility modifier",
        "strike out one hex per loss",
        "Wavering",
        "Fleeing",
        "Illustrative example, not official data",
    ):
        assert expected in t, expected
    assert "Damage table" not in t
    # the sample lists no weapon: no firearms table with an empty row (issue 23)
    assert "Firearms" not in t


def test_long_name_is_printed_whole(tmp_path, walker):
    name = "Великий князь Святослав Всеволодович Тяжелобронный Северный"
    t = text(render(tmp_path / "l.pdf", "render", walker(name), "--lang", "ru"))
    assert name in t


def test_mono_draws_only_greys(tmp_path, walker, assert_mono_twin):
    colour = render(tmp_path / "c.pdf", "render", walker(), PILOT, "--lang", "ru", "--tables")
    assert non_grey(colour)  # the check can see colours at all
    mono = render(tmp_path / "m.pdf", "render", walker(), PILOT, "--lang", "ru", "--tables", "--mono")
    assert non_grey(mono) == []
    assert_mono_twin(colour, mono)


def test_same_input_same_bytes(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    render(a, "render", OTROK, PILOT, "--lang", "ru", "--tables")
    render(b, "render", OTROK, PILOT, "--lang", "ru", "--tables")
    assert a.read_bytes() == b.read_bytes()


def test_page_grouping():
    from sheets.games.dmech.model import Infantry, Walker

    w = Walker("W", "light", 4, 6, 3, 4, 4, {}, {})
    i = Infantry("I", 3, 4)
    assert sheet._pages([w, i, w], tables=False) == [[w, i], [w]]
    assert sheet._pages([i, w, i, i], tables=True) == [[i], [w], [i, i]]
