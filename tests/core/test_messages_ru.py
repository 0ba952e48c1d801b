"""The schema's, the YAML reader's and the file reader's messages in Russian: the catalogue
(``sheets/locale/incoming/schema.po`` until the lead merges it into the package's, then the
package's own) translates every msgid of these modules with the same placeholders; a Russian
message keeps ``file:line:col``, the key and value as typed (quoted) and "did you mean", names a
field as the Russian page prints it, and has a stable code identical in every language."""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sheets.core import i18n
from sheets.core.errors import InputError
from sheets.core.i18n import use_lang

ROOT = Path(__file__).resolve().parents[2]
INCOMING = ROOT / "sheets" / "locale" / "incoming" / "schema.po"
MODULES = [
    "sheets/core/schema.py",
    "sheets/core/yamlio.py",
    "sheets/core/errors.py",
    "sheets/core/fsio.py",
    "sheets/games/dmech/schema.py",
    "sheets/games/wh40k6/schema.py",
    "sheets/games/dust/schema.py",
    "sheets/games/lnl/schema.py",
]
babel = pytest.importorskip("babel.messages.pofile")


def catalogue():
    """The Russian catalogue: the package's, with the waiting translations over it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    main = ROOT / "sheets" / "locale" / "ru" / "LC_MESSAGES" / "sheets.po"
    cat = read_po(main.open(encoding="utf-8"), locale="ru")
    if INCOMING.exists():
        for m in read_po(INCOMING.open(encoding="utf-8"), locale="ru"):
            if m.id:
                cat[m.id] = m
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf), cat


@pytest.fixture
def ru(monkeypatch):
    translations, _ = catalogue()
    monkeypatch.setattr(
        i18n, "translations", lambda lang: translations if lang == "ru" else gettext.NullTranslations()
    )
    with use_lang("ru"):
        yield


PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def test_every_msgid_of_these_modules_has_a_russian_translation_with_its_placeholders(tmp_path):
    pot = tmp_path / "mine.pot"
    args = ["-m", "babel.messages.frontend", "extract", "-F", "tools/babel.cfg", "--no-location"]
    for k in ("_", "N_", "tr", "ngettext:1,2", "pgettext:1c,2"):
        args += ["-k", k]
    subprocess.run(
        [sys.executable, *args, "-o", str(pot), *MODULES], check=True, cwd=ROOT, capture_output=True
    )
    from babel.messages.pofile import read_po

    wanted = [m for m in read_po(pot.open(encoding="utf-8")) if m.id]
    _, cat = catalogue()
    assert len(wanted) >= 90
    for m in wanted:
        have = cat.get(m.id)
        assert have is not None and have.string and not have.fuzzy, m.id
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = have.string if isinstance(have.string, tuple) else (have.string,)
        assert all(s for s in strings), m.id
        assert len(strings) == (3 if isinstance(m.id, tuple) else 1), m.id  # Russian: three forms
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == set(PLACEHOLDER.findall(ids[-1])), (m.id, s)


def problems(exc) -> list[tuple[str, str]]:
    return [(str(p), p.code) for p in exc.value.problems]


def load(path):
    from sheets.core.loader import load_file

    with pytest.raises(InputError) as exc:
        load_file(path)
    return problems(exc)


@pytest.fixture
def bt(write):
    from sheets.api import starter

    return lambda old, new: write("bt.yaml", starter("battletech", None, "ru").replace(old, new, 1))


def test_a_tab_a_windows_1251_file_a_bom_a_missing_file_in_both_languages(ru, tmp_path):
    tab = tmp_path / "tab.yaml"
    tab.write_text("system: lnl\nunits:\n\t- {name: A, kind: squad, counter: 2-5-4}\n", encoding="utf-8")
    cp = tmp_path / "cp.yaml"
    cp.write_bytes("system: lnl\nunits:\n  - {name: Взвод, kind: squad, counter: 2-5-4}\n".encode("cp1251"))
    bom = tmp_path / "bom.yaml"
    bom.write_bytes(b"system: lnl\n\xef\xbb\xbfunits: []\n")
    u16 = tmp_path / "u16.yaml"
    u16.write_bytes("system: lnl\nunits: []\n".encode("utf-16-le"))
    missing = tmp_path / "missing.yaml"
    assert load(tab) == [
        (f"{tab}:3:1: в YAML нельзя отступать табуляцией: замените её пробелами", "yaml-tab")
    ]
    assert load(cp) == [
        (
            f"{cp}:3:12: файл сохранён не в UTF-8 (похоже, в Windows-1251): сохраните его в кодировке UTF-8",
            "windows-1251",
        )
    ]
    assert load(bom)[0][0].startswith(f"{bom}:2:1: метка порядка байтов (U+FEFF) внутри файла")
    assert load(bom)[0][1] == "bom-inside"
    assert load(u16) == [
        (
            f"{u16}: файл сохранён в UTF-16 без метки порядка байтов: сохраните его в UTF-8",
            "utf-16-without-bom",
        )
    ]
    assert load(missing) == [(f"{missing}: нет такого файла", "no-such-file")]
    with use_lang("en"):  # the same problems, the same codes, in English
        assert load(tab) == [
            (f"{tab}:3:1: in YAML a line cannot be indented with a tab: replace it with spaces", "yaml-tab")
        ]
        assert load(missing) == [(f"{missing}: no such file", "no-such-file")]
        assert load(cp)[0][1] == "windows-1251" and load(u16)[0][1] == "utf-16-without-bom"


def test_a_field_is_named_as_the_russian_page_prints_it_the_key_quoted_as_typed(ru, bt):
    path = bt("tons: 2 ", "tons: 20 ")
    assert load(path) == [
        (f"{path}:10:11: отряд 'Harpy', 'tons' («Тонн»): 20 вне допустимых пределов (2–15)", "out-of-range")
    ]
    path = bt("gunnery: 4}", "gunnery: 9}")
    assert load(path) == [
        (
            f"{path}:18:32: отряд 'Harpy', 'pilot.gunnery' («Навык Стрельбы»): 9 вне допустимых пределов (0–8)",
            "out-of-range",
        )
    ]
    path = bt("    walk: 3 ", "    wlak: 3 ")
    assert load(path) == [
        (f"{path}:12:5: отряд 'Harpy': неизвестный ключ 'wlak' (может быть, 'walk'?)", "unknown-key"),
        (f"{path}:9:5: отряд 'Harpy': нет обязательного ключа 'walk'", "missing-key"),
    ]
    path = bt("motion: biped", "motion: двуногиий")
    ((message, code),) = load(path)
    assert (
        code == "unknown-value"
        and "отряд 'Harpy', 'motion' («Тип движения»): неизвестное значение 'двуногиий' (может быть, 'двуногий'?)"
        in message
    )


def test_list_items_and_nested_keys_in_russian(ru, bt):
    path = bt("{item: Machine Gun, location: torso}", "{item: Machine Gun, location: tail}")
    ((message, code),) = load(path)
    assert code == "unknown-value"
    assert message.startswith(
        f"{path}:16:39: отряд 'Harpy', 'equipment[1].location' («Лок.»): неизвестное значение 'tail'"
    )


def test_the_yaml_readings_warning_in_russian(ru, write):
    from sheets.core.loader import load_file

    path = write("u.yaml", "system: lnl\nunits:\n  - {name: A, kind: squad, counter: 2-5-4, ambush: yes}\n")
    (warning,) = load_file(path).warnings
    assert str(warning) == (
        f"{path}:3:52: предупреждение: 'yes' — это текст 'yes' в YAML 1.2 (так читают редакторы и sheets), "
        'но true в YAML 1.1: напишите "yes" или true — их оба читают одинаково'
    )
    assert warning.code == "yaml-1-1-reading"


def test_a_description_of_a_value_counts_in_russian(ru):
    from sheets.core.errors import short

    assert short({"a": 1}) == "словарь из 1 ключа"
    assert short({str(i): i for i in range(3)}) == "словарь из 3 ключей"
    assert short(list(range(5))) == "список из 5 элементов"
    assert short(list(range(21))) == "список из 21 элемента"
    assert short("x" * 61).endswith("… (61 символ)")
