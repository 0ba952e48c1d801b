"""The Russian message catalogue (sheets/locale/ru/LC_MESSAGES/sheets.po and its .mo): complete,
nothing fuzzy, the machine parts of every msgid kept in every translation, the compiled catalogue
the package reads in step with its source, and the msgids those of the code (``tools/i18n.py
update`` would add or drop none) and of the installed click."""

from __future__ import annotations

import gettext
import importlib.util
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from sheets.core.i18n import DOMAIN, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "sheets" / "locale" / "ru" / "LC_MESSAGES" / "sheets.po"
MO = Path(LOCALE_DIR) / "ru" / "LC_MESSAGES" / f"{DOMAIN}.mo"  # the one the installed package reads
TOOL = ROOT / "tools" / "i18n.py"
RUSSIAN_PLURALS = (
    "nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && "
    "(n % 100 < 12 || n % 100 > 14) ? 1 : 2;"
)
CYRILLIC = re.compile("[\u0400-\u04ff]")
# msgids whose Russian is the same characters: paper names, abbreviations and formats the printouts
# keep, and messages of placeholders only
SAME_IN_RUSSIAN = {
    "A4",
    "Letter",
    "AP",
    "BV",
    "PDF",
    "YAML",
    "true/false",
    "units[{number}]",
    "{file}: {pages}",
    "{where}: {message}",
    "{name} {n}",
    "{units}, {errors}, {warnings}",
    "(×{count})",
    "{name}: {reason}",
    "{unit}: {message}",
}
# quoted words of a msgid that name the tool's own words, translated with them
TRANSLATED_QUOTES = {"'wrote'", "`serving on http://HOST:PORT/`", "'imported with gaps'"}
# what the user types or reads back literally: quoted values and keys, commands in backticks,
# options, file suffixes, environment variables and the metavars of the help
MACHINE_PARTS = re.compile(
    r"(?<![\w])'[^'\s][^']*'(?![\w])"
    r"|`[^`]+`"
    r"|(?<![\w}-])--?[a-zA-Z][\w-]*"
    r"|(?<![\w])\.(?:yaml|yml|pdf|png|md|html|bbcode|json|txt|blk|mul|ros|rosz|j2)\b"
    r"|\$?\b[A-Z]+_[A-Z_]+\b"
    r"|\b(?:GAME|PATH|DIR|KIND|FILE|CHART|CALCULATOR|COMMAND|HOST|PORT|NAME|OUT|FORCE)\b"
)
PERCENT = re.compile(r"%(?:\([^)]*\))?[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def _read_po(path: Path = PO):
    babel = pytest.importorskip(
        "babel.messages.pofile", reason="the catalogue tests read .po files with Babel"
    )
    with path.open("rb") as fh:
        return babel.read_po(fh)


@pytest.fixture(scope="module")
def catalogue():
    return _read_po()


def entries(catalogue) -> list:
    return [m for m in catalogue if m.id]


def forms(message) -> list[tuple[str, str]]:
    """(the msgid a form translates, the form): a plural's form 0 translates the singular, the
    others the plural."""
    if isinstance(message.id, tuple):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        return [(message.id[0] if i == 0 else message.id[1], s) for i, s in enumerate(strings)]
    return [(message.id, message.string)]


def placeholders(text: str) -> Counter:
    """The ``{field!conversion:spec}`` and ``%(name)s`` placeholders of ``text`` (with their
    count); a text that is not a valid format string gives its raw ``{...}`` pieces and a mark."""
    found: Counter = Counter(PERCENT.findall(text))
    try:
        for _literal, name, spec, conversion in string.Formatter().parse(text):
            if name is not None:
                found[
                    "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
                ] += 1
    except ValueError:
        found.update(re.findall(r"\{[^{}]*\}", text))
        found["<not a format string>"] += 1
    return found


def untranslated(catalogue) -> list:
    return [m.id for m in entries(catalogue) if not all(s.strip() for _id, s in forms(m))]


def not_russian(catalogue) -> list:
    """Translations without a Russian letter (an English copy?), but for the few that are the
    same characters in both languages."""
    return [
        m.id
        for m in entries(catalogue)
        if m.id not in SAME_IN_RUSSIAN and not all(CYRILLIC.search(s) for _id, s in forms(m) if s.strip())
    ]


def fuzzy(catalogue) -> list:
    return [m.id for m in entries(catalogue) if m.fuzzy]


def placeholder_mismatches(catalogue) -> list:
    return [
        (msgid, text)
        for m in entries(catalogue)
        for msgid, text in forms(m)
        if text and placeholders(text) != placeholders(msgid)
    ]


def lost_machine_parts(catalogue) -> list:
    return [
        (part, msgid)
        for m in entries(catalogue)
        for msgid, text in forms(m)
        for part in sorted(set(MACHINE_PARTS.findall(msgid)) - TRANSLATED_QUOTES)
        if text and part not in text
    ]


def test_the_catalogue_is_russian_with_three_plural_forms(catalogue):
    assert str(catalogue.locale) == "ru"
    assert catalogue.plural_forms == RUSSIAN_PLURALS
    assert catalogue.num_plurals == 3
    plurals = [m for m in entries(catalogue) if isinstance(m.id, tuple)]
    assert plurals, "the catalogue has plural messages"
    assert [m.id for m in plurals if len(m.string) != 3] == []


def test_every_msgid_has_a_russian_translation(catalogue):
    assert untranslated(catalogue) == []
    assert not_russian(catalogue) == []


def test_no_translation_is_fuzzy(catalogue):
    assert fuzzy(catalogue) == []


def test_every_form_keeps_the_placeholders_of_its_msgid(catalogue):
    assert placeholder_mismatches(catalogue) == []


def test_every_form_keeps_the_machine_parts_of_its_msgid(catalogue):
    assert lost_machine_parts(catalogue) == []


def _made(*messages):
    """A catalogue of (msgid, msgstr, flags) for the checks' own failure tests."""
    from babel.messages.catalog import Catalog

    made = Catalog(locale="ru")
    for msgid, msgstr, flags in messages:
        made.add(msgid, msgstr, flags=flags)
    return made


def test_each_check_finds_its_defect():
    pytest.importorskip("babel")
    good = ("unknown key {key}{hint}", "неизвестный ключ {key}{hint}", ())
    for check in (untranslated, not_russian, fuzzy, placeholder_mismatches, lost_machine_parts):
        assert check(_made(good)) == [], check.__name__
    assert untranslated(_made(good, ("missing key {key}", "", ()))) == ["missing key {key}"]
    assert untranslated(_made((("{n} unit", "{n} units"), ("{n} отряд", "{n} отряда", ""), ()))) == [
        ("{n} unit", "{n} units")
    ]  # one plural form left empty
    assert not_russian(_made(("no such file", "no such file", ()))) == ["no such file"]
    assert not_russian(_made(("A4", "A4", ()))) == []
    assert fuzzy(_made(("stopped", "сервер остановлен", ("fuzzy",)))) == ["stopped"]
    assert placeholder_mismatches(_made(("wrote {file}", "записан {fiel}", ()))) == [
        ("wrote {file}", "записан {fiel}")
    ]
    assert placeholder_mismatches(
        _made((("{n} page", "{n} pages"), ("{n} страница", "{n} страницы", "страниц"), ()))
    ) == [("{n} pages", "страниц")]
    assert lost_machine_parts(_made(("missing 'system:'", "нет ключа «system»", ()))) == [
        ("'system:'", "missing 'system:'")
    ]
    assert lost_machine_parts(_made(("--format png needs -o OUT.png", "для png нужен -o OUT.png", ()))) == [
        ("--format", "--format png needs -o OUT.png")
    ]
    assert lost_machine_parts(_made(("a .yaml file", "файл YAML", ()))) == [(".yaml", "a .yaml file")]
    assert lost_machine_parts(_made(("see `sheets systems`", "см. «sheets systems»", ()))) == [
        ("`sheets systems`", "see `sheets systems`")
    ]
    assert lost_machine_parts(_made(("Also $SHEETS_DATA_DIR.", "Также папка данных.", ()))) == [
        ("$SHEETS_DATA_DIR", "Also $SHEETS_DATA_DIR.")
    ]
    assert (
        lost_machine_parts(_made(("the attacker's favour; 'down'", "в пользу атакующего; 'down'", ()))) == []
    )


@pytest.mark.parametrize(
    "text, found",
    [
        ("unknown key {key}{hint}", {"{key}": 1, "{hint}": 1}),
        ("{value!r} is not {choice}.", {"{value!r}": 1, "{choice}": 1}),
        ("{n}/{n} {x:>3}", {"{n}": 2, "{x:>3}": 1}),
        ("write {{{{ and }}}} for a brace", {}),
        ("%(prog)s, version %(version)s", {"%(prog)s": 1, "%(version)s": 1}),
        ("a list of {file, line}", {"{file, line}": 1}),
        ("broken {", {"<not a format string>": 1}),
    ],
)
def test_placeholders_are_read_with_their_count_and_conversion(text, found):
    assert placeholders(text) == Counter(found)


def test_the_check_of_placeholders_fails_on_a_changed_one(catalogue):
    """The comparison tells a renamed, a dropped, a doubled or a converted placeholder apart."""
    assert placeholders("нет отряда {name}{hint}") == placeholders("no unit named {name}{hint}")
    for bad in ("нет отряда {nam}{hint}", "нет отряда {name}", "{name} {name}{hint}", "{name!r}{hint}"):
        assert placeholders(bad) != placeholders("no unit named {name}{hint}")


def _mo_catalog(path: Path) -> dict:
    with path.open("rb") as fh:
        return dict(gettext.GNUTranslations(fh)._catalog)


def mo_differences(catalogue, mo: Path) -> dict:
    """How the compiled catalogue ``mo`` differs from ``catalogue`` (its messages parsed, not
    its bytes): stale translations, messages it lacks, messages it has that the .po does not."""
    expected = {}
    for m in entries(catalogue):
        if isinstance(m.id, tuple):
            for i, s in enumerate(m.string):
                expected[(m.id[0], i)] = s
        else:
            expected[m.id] = m.string
    compiled = {k: v for k, v in _mo_catalog(mo).items() if k != ""}
    return {
        "stale": sorted(
            map(str, (k for k in expected.keys() & compiled.keys() if expected[k] != compiled[k]))
        ),
        "missing": sorted(map(str, expected.keys() - compiled.keys())),
        "extra": sorted(map(str, compiled.keys() - expected.keys())),
    }


def test_the_compiled_catalogue_is_the_po(catalogue):
    """The .mo the package reads holds exactly the .po's translations: run ``python
    tools/i18n.py compile`` after editing the .po."""
    assert MO.is_file(), f"{MO} is missing: run python tools/i18n.py compile"
    assert mo_differences(catalogue, MO) == {"stale": [], "missing": [], "extra": []}


def test_a_stale_compiled_catalogue_is_found(tmp_path):
    from babel.messages.mofile import write_mo

    po = _made(("wrote {file}", "записан {file}", ()), ("stopped", "сервер остановлен", ()))
    old = _made(("wrote {file}", "записано {file}", ()), ("gone", "ушло", ()))
    with (tmp_path / "old.mo").open("wb") as fh:
        write_mo(fh, old)
    assert mo_differences(po, tmp_path / "old.mo") == {
        "stale": ["wrote {file}"],
        "missing": ["stopped"],
        "extra": ["gone"],
    }


def test_the_compiled_catalogue_chooses_the_russian_plural_forms():
    with MO.open("rb") as fh:
        ru = gettext.GNUTranslations(fh)
    got = {
        n: ru.ngettext("{n} unit", "{n} units", n).format(n=n)
        for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)
    }
    assert got == {
        0: "0 отрядов",
        1: "1 отряд",
        2: "2 отряда",
        4: "4 отряда",
        5: "5 отрядов",
        11: "11 отрядов",
        12: "12 отрядов",
        14: "14 отрядов",
        21: "21 отряд",
        22: "22 отряда",
        25: "25 отрядов",
        101: "101 отряд",
        111: "111 отрядов",
    }


@pytest.fixture(scope="module")
def tool():
    pytest.importorskip("babel", reason="extracting msgids needs Babel (pip install '.[test]')")
    if not TOOL.is_file():
        pytest.skip(f"{TOOL} is not in this copy (the catalogue tools live in the repository)")
    spec = importlib.util.spec_from_file_location("sheets_i18n_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _keys(messages) -> set:
    return {(m.id, m.context) for m in messages if m.id}


def test_the_catalogue_holds_the_msgids_of_the_code_and_no_other(tool, catalogue, tmp_path):
    """What ``python tools/i18n.py update`` would extract (into a temporary template here) is what
    the catalogue holds: a msgid added to the code, changed or removed fails until the catalogue
    is updated and translated."""
    template = tool.extract(tmp_path / "sheets.pot", carry_from=PO)
    extracted, held = _keys(template), _keys(entries(catalogue))
    assert sorted(map(str, extracted - held)) == [], "new msgids: run python tools/i18n.py update"
    assert sorted(map(str, held - extracted)) == [], "msgids the code no longer has: run update"
    assert (tmp_path / "sheets.pot").read_text(encoding="utf-8").count('msgid "') >= len(held)


def test_the_catalogue_holds_every_string_of_the_installed_click(tool, catalogue):
    import click

    strings = {(m if isinstance(m, str) else tuple(m), c) for m, c in tool.messages([tool.click_dir()]) if m}
    assert len(strings) > 60, f"click {click.__version__}: its strings were not found"
    held = {((m.id if isinstance(m.id, str) else m.id), m.context) for m in entries(catalogue)}
    assert sorted(map(str, strings - held)) == [], f"click {click.__version__} strings missing: run update"
    marked = {
        ((m.id if isinstance(m.id, str) else m.id), m.context)
        for m in entries(catalogue)
        if "click" in m.auto_comments
    }
    assert strings <= marked, "click's strings carry the '#. click' comment (kept for other click versions)"


def test_the_extraction_finds_what_the_code_marks(tool, tmp_path):
    """The extraction reads every gettext function of sheets.core.i18n (a msgid of each kind)."""
    src = tmp_path / "pkg"
    src.mkdir()
    (src / "m.py").write_text(
        "from sheets.core.i18n import _, N_, ngettext, tr, pgettext\n"
        "_('plain {x}')\nN_('marked')\ntr('shown')\nngettext('{n} cat', '{n} cats', 2)\n"
        "pgettext('ctx', 'word')\nf = 'not a msgid'\n",
        encoding="utf-8",
    )
    found = set(tool.messages([src]))
    assert found == {
        ("plain {x}", None),
        ("marked", None),
        ("shown", None),
        (("{n} cat", "{n} cats"), None),
        ("word", "ctx"),
    }


def test_update_keeps_the_click_strings_of_another_click_version(tool, tmp_path):
    """A click string the installed click lacks (8.5's 'Positional arguments' on a CI with 8.4)
    stays in the template when the catalogue marks it as click's; an unmarked msgid the code no
    longer has is dropped."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    old = Catalog(locale="ru")
    old.add("A string of click 9.9", auto_comments=["click"])
    old.add("a msgid the code dropped")
    with (tmp_path / "old.po").open("wb") as fh:
        write_po(fh, old)
    template = tool.extract(tmp_path / "sheets.pot", carry_from=tmp_path / "old.po", sources=[])
    assert template.get("A string of click 9.9") is not None
    assert "click" in template.get("A string of click 9.9").auto_comments
    assert template.get("a msgid the code dropped") is None
