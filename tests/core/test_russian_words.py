"""The Russian way in: every word a Russian starter's comments offer for a value ("squad — взвод")
is a name the loader takes for the same choice, and validates in the file; the names the Russian
printouts print for a choice (labels.yaml) are taken too, and the schema offers them."""

from __future__ import annotations

import re

import pytest

from sheets.api import starter, starter_kinds, unit_file_schema
from sheets.core.game import get_game
from sheets.core.schema import Enum, List, MapOf, Obj, OneOf

GAMES = ("battletech", "dmech", "dust", "lnl", "wh40k6")
PAIR = re.compile(r"\b([A-Za-z_]+) — ([а-яёА-ЯЁ][а-яёА-ЯЁ .-]*?)\s*(?=[,;:()…]|$)")


def enums(spec):
    """Every Enum reachable from a spec."""
    if isinstance(spec, Enum):
        yield spec
    elif isinstance(spec, Obj):
        for sub in spec.fields.values():
            yield from enums(sub)
    elif isinstance(spec, List):
        yield from enums(spec.item)
    elif isinstance(spec, MapOf):
        yield from enums(spec.keys)
        yield from enums(spec.value)
    elif isinstance(spec, OneOf):
        for sub in spec.options:
            yield from enums(sub)
    elif getattr(spec, "inner", None) is not None:
        yield from enums(spec.inner)


def offered(game: str):
    """(kind, line number, key, English word, Russian word) of every pair a Russian starter offers."""
    for kind in starter_kinds(game):
        for n, line in enumerate(starter(game, kind, "ru").splitlines(), 1):
            m = re.match(r"\s*-?\s*([a-z_]+):\s*([^#]*?)\s*#(.*)$", line)
            if m:
                for en, ru in PAIR.findall(m.group(3)):
                    yield kind, n, m.group(1), en, ru


def cases():
    out = [(g, *p) for g in GAMES for p in offered(g)]
    return out


def test_the_russian_starters_offer_words():
    found = {(g, ru) for g, _, _, _, _, ru in cases()}
    for word in ("взвод", "пехота", "отделение", "двуногий", "штаб", "пеший отряд", "ближний бой"):
        assert word in {ru for _, ru in found}, word
    assert len(found) >= 20


@pytest.mark.parametrize("game, kind, line, key, en, ru", cases(), ids=lambda v: str(v))
def test_every_word_a_russian_starter_offers_names_the_same_choice(game, kind, line, key, en, ru):
    spec = get_game(game).unit_spec()
    field = spec.fields.get(key)
    candidates = [e for e in enums(field)] if field is not None else []
    if key in ("roster", "system", "units"):
        pytest.skip("not a unit field")
    meaning = [e for e in candidates if e.lookup(en) is not None]
    assert meaning, (key, en)  # the English word is a choice of this field
    assert any(e.lookup(ru) == e.lookup(en) for e in meaning), (key, en, ru)


def test_a_starter_with_its_russian_word_written_validates(cli, write):
    done = 0
    for game in GAMES:
        for kind, n, key, en, ru in offered(game):
            lines = starter(game, kind, "ru").splitlines()
            value = lines[n - 1].split("#")[0]
            if not re.search(rf":\s*{re.escape(en)}\s*$", value):
                continue  # the pair names another choice than the one written on the line
            lines[n - 1] = value.replace(en, ru) + "  #" + lines[n - 1].split("#", 1)[1]
            path = write(f"{game}-{kind}-{n}.yaml", "\n".join(lines) + "\n")
            r = cli("validate", path)
            assert r.exit_code == 0, (game, key, ru, r.stderr)
            done += 1
    assert done >= 5  # (one per line whose value the pair names: kind, motion, infantry…)


def test_the_dmech_class_names_the_starter_lists_validate():
    text = starter("dmech", "walker", "ru")
    listed = re.search(r"класс: ([^#\n]*)", text).group(1)
    words = [w.strip() for w in re.split(r",| или ", listed) if w.strip()]
    assert words == ["малый", "основной", "тяжёлый", "автодоспех"]
    enum = get_game("dmech").unit_spec().fields["class"]
    assert all(enum.lookup(w) for w in words)


@pytest.mark.parametrize(
    "game, path, ru",
    [
        ("battletech", ("motion",), "Двуногий"),
        ("battletech", ("motion",), "планер"),
        ("battletech", ("armor_type",), "Стандартная"),
        ("dust", ("kind",), "Отряд"),
        ("dust", ("kind",), "Авиация"),
        ("dust", ("armor", "type"), "Машина"),
        ("dust", ("cover", "soft"), "Спас-бросок попаданий"),
        ("lnl", ("kind",), "полотделения"),
        ("lnl", ("kind",), "РАСЧЁТ"),
        ("lnl", ("kind",), "расчет"),  # ё written е
        ("wh40k6", ("slot",), "Тяжёлая поддержка"),
        ("wh40k6", ("slot",), "Быстрая атака"),
        ("wh40k6", ("detachment",), "Союзный отряд"),
        ("dmech", ("kind",), "Бронеход"),
    ],
)
def test_the_names_the_russian_printouts_print_are_taken_and_offered(game, path, ru):
    import json

    spec = get_game(game).unit_spec()
    for step in path:
        spec = spec.fields[step]
        spec = getattr(spec, "inner", spec)
    assert spec.lookup(ru) is not None
    schema = json.dumps(unit_file_schema(game), ensure_ascii=False)
    assert json.dumps(" ".join(ru.lower().split()), ensure_ascii=False) in schema  # offered for completion


def test_the_location_names_the_record_sheet_prints(cli, write):
    text = starter("battletech", None, "ru").replace("location: torso}", "location: Торс}", 1)
    text = text.replace("location: right_arm}", "location: ПР}", 1).replace(
        "motion: biped", "motion: двуногий", 1
    )
    r = cli("validate", write("bt.yaml", text))
    assert r.exit_code == 0, r.stderr
    assert cli("validate", write("bad.yaml", text.replace("Торс}", "Торсс}", 1))).exit_code == 1
