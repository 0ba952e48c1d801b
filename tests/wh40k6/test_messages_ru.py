"""Issue 30 for the wh40k6 package (the BattleScribe importer, the rules validators, the calculator
texts): every msgid its code marks has a Russian translation in the package's catalogue with the same
placeholders, and the importer's refusals, gaps and warnings come out in Russian under ``ru``
with their machine parts (file, line:col, the roster's own words) kept and the same ``code``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from battlescribe import rosters as R  # tests/ is on sys.path (rootdir conftest)

from sheets.core import i18n
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "sheets" / "games" / "wh40k6"
CATALOGUES = [ROOT / "sheets/locale/ru/LC_MESSAGES/sheets.po"]


def _extract() -> dict:
    from babel.messages.extract import extract_from_dir

    keywords = {"_": None, "N_": None, "tr": None, "ngettext": (1, 2)}
    out = {}
    for _file, _line, message, _comments, _ctx in extract_from_dir(
        str(PACKAGE), keywords=keywords, method_map=[("**.py", "python")]
    ):
        key = message if isinstance(message, str) else message[0]
        out[key] = message
    return out


def _catalogue() -> dict:
    from babel.messages.pofile import read_po

    out = {}
    for path in CATALOGUES:
        if path.exists():
            for m in read_po(path.open("rb")):
                if m.id and (m.string if isinstance(m.string, str) else all(m.string)):
                    out[m.id if isinstance(m.id, str) else m.id[0]] = m
    return out


def _holes(text: str) -> set:
    return set(re.findall(r"\{[^}]*\}", text))


def test_every_msgid_of_the_package_has_a_russian_translation():
    marked, catalogue = _extract(), _catalogue()
    assert len(marked) >= 80
    assert sorted(k for k in marked if k not in catalogue) == []
    for key, message in marked.items():
        entry = catalogue[key]
        if isinstance(message, str):
            assert _holes(entry.string) == _holes(key), key
            same = key in {"AP"}  # the printouts' abbreviation, as the Russian datasheet keeps it
            assert not entry.fuzzy and (same or re.search("[а-яё]", entry.string, re.I)), key
        else:
            assert len(entry.string) == 3, key  # Russian's three plural forms
            assert all(_holes(s) == _holes(message[1]) for s in entry.string), key


@pytest.fixture
def russian():
    """The package's own Russian catalogue (the translations are merged into its .mo)."""
    with i18n.use_lang("ru"):
        yield


def _refusal(data: bytes, name: str = "army.ros") -> list:
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(name, data)
    return exc.value.problems


def test_a_refusal_is_russian_with_its_place_and_code(russian):
    text = R.roster("2.03").replace('number="9"', 'number="nine"', 1)
    (p,) = _refusal(text.encode())
    assert p.message == "число 'Glass Troopers': 'nine' — не целое число"
    assert p.code == "not-a-number" and p.pos is not None
    assert str(p).startswith(f"army.ros:{p.pos.line}:{p.pos.col}: число ")


def test_another_game_system_is_refused_in_russian(russian):
    text = R.roster("2.03", system=R.EIGHTH)
    (p,) = _refusal(text.encode())
    assert p.code == "other-edition"
    assert p.message.startswith(
        "этот ростер для Warhammer 40,000 8th/9th edition (Test System); импортируются"
    )


def test_a_gap_and_its_warning_are_russian(russian):
    unit = R.selection(
        "2.03",
        "Ward Squad",
        "unit",
        cat="Bodyguard",
        children=R.selection("2.03", "Wards", "model", number=2, profiles=R.trooper("2.03", "Ward")),
    )
    text = R.roster("2.03", forces=R.force("2.03", "Primary Detachment", unit))
    warnings = []
    (u,) = roster_to_unit_file("army.ros", text.encode(), warnings=warnings)["units"]
    assert u["gaps"] == ["категория 'Bodyguard' не занимает ячейку организации войск: не учтена в схеме"]
    (w,) = warnings
    assert w.code == "imported-with-gaps"
    assert w.message == f"отряд 'Ward Squad': импортировано с пропусками: {u['gaps'][0]}"
