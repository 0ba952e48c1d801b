"""`sheets reference dmech`: the handout's tables, rules and footnotes in both languages."""

from __future__ import annotations

import re

import pytest

from sheets.games.dmech import rules
from sheets.games.dmech.model import Entry, Text
from sheets.games.dmech.reference import Footnotes, signed

from .helpers import A4, LETTER, non_grey, page_size, render, text


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_reference_ru(tmp_path, paper, size):
    pdf = render(tmp_path / "r.pdf", "reference", "dmech", "--lang", "ru", "--paper", paper)
    assert len(pdf.pages) == 2 and page_size(pdf) == size
    t = text(pdf)
    for expected in (
        "Пробитие и повреждения",
        "Число пробития = Мощь оружия + больший кубик",
        "Больше на 2+",
        "Таблица повреждений",
        "Тяжелые повреждения",
        "Разбиты прицелы. −2 точность.",
        "Разрушение печи",
        "Повреждения магнит-кольца. +2 инц.",
        "Равновесие и подъём",
        "Автодоспех",
        "Заглох и Контужен не суммируются",
        "Грани брони",
        "Падение",
        "Лежит",
    ):
        assert expected in t, expected
    # unverified cells: Shift †3, Breach †4, reactor 6 †5 on page one (Fire is settled: issue 12);
    # the numbers are those of every walker sheet (†1 class signs, †2 wing shields): issue 23
    assert "сохраняя лицевую сторону. †3" in t
    assert "†5 «Бросьте 1 кубик» читается как" in t
    assert "†1 Знаки модификаторов" not in pdf.pages[0].extract_text()
    # page two: the class sign convention, †1 as on the sheets
    assert "†1 Знаки модификаторов" in pdf.pages[1].extract_text()


def test_reference_en(tmp_path):
    t = text(render(tmp_path / "r.pdf", "reference", "dmech", "--lang", "en"))
    for expected in (
        "Penetration and damage",
        "Armour + 2 or more",
        "Damage table",
        "Heavy damage",
        "Reactor destruction",
        "Balance and standing up",
        "Power armour",
        "Stalled and Concussed do not stack",
        "Armour facings",
        "Half hex: the shooter chooses the face",
    ):
        assert expected in t, expected
    assert "Таблица повреждений" not in t


def test_reference_mono(tmp_path, assert_mono_twin):
    mono = render(tmp_path / "r.pdf", "reference", "dmech", "--mono")
    assert non_grey(mono) == []
    assert_mono_twin(render(tmp_path / "c.pdf", "reference", "dmech"), mono)


def test_footnotes_number_each_note_once():
    notes = Footnotes("en")
    a = Entry(Text("а", "a"), verified=False, note=Text("примечание", "note A"))
    b = Entry(Text("б", "b"), verified=False)  # its own text is the caveat
    # notes the bundled tables do not have are numbered after their 5 (class signs, wing
    # shields, Shift, Breach, reactor 6)
    assert len(rules.unverified_notes()) == 5
    assert notes.text(a) == "a †6"
    assert notes.mark(b) == " †7"
    assert notes.mark(a) == " †6"
    assert notes.mark(Entry(Text("в", "c"))) == ""
    lines = notes.lines()
    assert lines[0].startswith("Abbreviations: Spd — speed")
    assert lines[2:] == ["†6 note A", "†7 b"]
    # one mark style: every † is numbered (no bare † line)
    assert not re.search(r"†(?![\d])", "\n".join(lines).replace("†1, †2…", ""))
    assert Footnotes("ru", legend=False).lines() == []


def test_signed_modifiers():
    assert [signed(v) for v in (-2, 0, 1, None)] == ["−2", "0", "+1", "—"]
