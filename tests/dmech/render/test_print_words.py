"""Issue 23, ДМ words: one spelling of «тяжелые» (the seed's), one meaning per numbered † on
the sheet and the handout (never alone on a line), and the infantry sheet printing Сила once
and no empty firearms row."""

import re

import pytest

from sheets.games.dmech import rules

from .helpers import OTROK, PILOT, render

_NOTE = re.compile(r"^(†\d+) (.+)$")


def _lines(pdf) -> list[str]:
    return [line.strip() for page in pdf.pages for line in page.extract_text().splitlines()]


def _legend(lines) -> dict[str, str]:
    return {m.group(1): m.group(2) for line in lines if (m := _NOTE.match(line))}


@pytest.fixture(scope="module")
def ru(tmp_path_factory):
    d = tmp_path_factory.mktemp("dm23")
    return {
        "sheet": render(d / "s.pdf", "render", OTROK, "--lang", "ru", "--tables"),
        "infantry": render(d / "i.pdf", "render", PILOT, "--lang", "ru"),
        "reference": render(d / "r.pdf", "reference", "dmech", "--lang", "ru"),
    }


@pytest.mark.parametrize("kind", ["sheet", "infantry", "reference"])
def test_one_spelling_of_heavy_the_seeds(ru, kind):
    t = " ".join(_lines(ru[kind]))
    assert "тяжёл" not in t.lower()  # the seed: «Тяжелые повреждения», «тяжелых», «Тяжелый»
    if kind != "infantry":
        assert "Тяжелые повреждения" in t
        assert "бросок тяжелых повреждений" in t and "бросок ТП (тяжелых повреждений)" in t
        assert "Тяжелый" in t
    assert "ТП — тяжелые повреждения" in t


def test_a_numbered_mark_means_one_thing_on_the_sheet_and_the_handout(ru):
    sheet, handout = _legend(_lines(ru["sheet"])), _legend(_lines(ru["reference"]))
    assert sheet["†1"].startswith("Знаки модификаторов — как в правилах")
    assert handout["†1"] == sheet["†1"]  # before: the handout's †1 was the adjacent-hex note
    assert handout["†3"].startswith("Соседние гексы нумеруются как грани К6")
    shared = set(sheet) & set(handout)
    assert {"†1", "†3", "†4", "†5"} <= shared
    assert all(sheet[k] == handout[k] for k in shared)
    # every page's legend names only its own numbers, each one once
    for page in ru["reference"].pages:
        numbers = [
            m.group(1) for line in page.extract_text().splitlines() if (m := _NOTE.match(line.strip()))
        ]
        assert len(numbers) == len(set(numbers))


def test_every_note_has_its_place_in_the_fixed_order():
    texts = [t.ru for t in rules.unverified_notes()]
    assert texts[0].startswith("Знаки модификаторов")  # classes.yaml
    assert texts[1].startswith("Щиты прикрывают передние 3 грани")  # equipment.yaml
    assert texts[2].startswith("Соседние гексы")  # damage 1 (Shift)
    assert texts[3].startswith("Размер дополнительной потери")  # heavy damage 2 (Breach)
    assert texts[4].startswith("«Бросьте 1 кубик»")  # reactor 6


@pytest.mark.parametrize("kind", ["sheet", "reference"])
def test_a_mark_is_never_alone_on_a_line(ru, kind):
    lines = _lines(ru[kind])
    assert not [line for line in lines if re.fullmatch(r"†\d+", line)]
    assert "Равновесие †1" in lines and "Подъём †1" in lines


@pytest.mark.parametrize(
    "lang, strength, firearms", [("ru", "Сила", "Огнестрельное оружие"), ("en", "Strength", "Firearms")]
)
def test_infantry_prints_strength_once_and_no_empty_firearms_table(tmp_path, lang, strength, firearms):
    lines = _lines(render(tmp_path / "i.pdf", "render", PILOT, "--lang", lang))
    assert [line for line in lines if line.startswith(strength)] == [f"{strength}: 1"]
    assert firearms not in " ".join(lines)


def test_infantry_with_firearms_keeps_its_table(tmp_path):
    path = tmp_path / "inf.yaml"
    path.write_text(
        "system: dmech\nunits:\n  - name: Стрелки\n    kind: infantry\n"
        "    strength: 4\n    defence: 4\n    speed: 3\n    weapons:\n"
        "      - {name: Пищаль, accuracy: 6, power: 1}\n",
        encoding="utf-8",
    )
    t = " ".join(_lines(render(tmp_path / "i.pdf", "render", path, "--lang", "ru")))
    assert "Огнестрельное оружие" in t and "Пищаль" in t
    assert t.count("Сила: 4") == 1
