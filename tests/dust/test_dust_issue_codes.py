"""Every problem the Dust rules core reports carries its stable code, the same in every language
(``validate --json``: docs/commands.md), and says its words in Russian too: the kind and armour
type it names are the card's own words (Пехота, Машина, Отряд, Герой…) in lower case, and a type
without words of its own (one a user adds with ``--data-dir``) is named by its id.

The Russian texts are the catalogue's (sheets/locale/ru), written out here literally."""

import json

import pytest

from sheets.core import data
from sheets.core.i18n import use_lang
from sheets.games.dust import model
from sheets.games.dust.model import Cover
from sheets.games.dust.rules import (
    cross_faction_joins,
    duplicate_squad_names,
    resolve_joins,
    validate_force,
    validate_unit,
)

from .test_dust_rules_literals import hero, unit


def rows(issues):
    return [(i.path, i.severity, i.code, i.message) for i in issues]


def indexed(pairs):
    return [(n, i.path, i.severity, i.code, i.message) for n, i in pairs]


def in_both(check):
    """What ``check()`` gives in English and in Russian: {"en": ..., "ru": ...}."""
    out = {}
    for lang in ("en", "ru"):
        with use_lang(lang):
            out[lang] = check()
    return out


# -- one unit --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "type_, level, limit, ru",
    [
        ("soldier", 5, 4, "пехота"),
        ("vehicle", 8, 7, "машина"),
        ("aircraft", 4, 3, "авиация"),
    ],
)
def test_armour_level_out_of_range_code_and_russian_type(type_, level, limit, ru):
    got = in_both(lambda: rows(validate_unit(unit(armor=(type_, level)))))
    assert got == {
        "en": [
            (
                ("armor", "level"),
                "error",
                "dust-armour-level",
                f"level {level} is out of range for {type_} armour (1–{limit})",
            )
        ],
        "ru": [
            (
                ("armor", "level"),
                "error",
                "dust-armour-level",
                f"уровень {level} недопустим для брони типа «{ru}» (1–{limit})",
            )
        ],
    }
    assert in_both(lambda: validate_unit(unit(armor=(type_, limit)))) == {"en": [], "ru": []}


def test_hero_with_cover_code_in_both_languages():
    got = in_both(lambda: rows(validate_unit(unit(name="Keller", kind="hero", cover=Cover()))))
    assert got == {
        "en": [
            (
                ("cover",),
                "error",
                "dust-hero-cover",
                "heroes have no cover value of their own (a joined hero uses its squad's cover): "
                "remove 'cover'",
            )
        ],
        "ru": [
            (
                ("cover",),
                "error",
                "dust-hero-cover",
                "у героев нет своего показателя укрытия (присоединённый герой пользуется укрытием "
                "отряда): уберите 'cover'",
            )
        ],
    }
    assert in_both(lambda: validate_unit(hero())) == {"en": [], "ru": []}


@pytest.mark.parametrize(
    "kind, armor, en, ru",
    [
        ("squad", ("soldier", 2), "squad", "отряд"),
        ("vehicle", ("vehicle", 2), "vehicle", "машина"),
        ("aircraft", ("aircraft", 1), "aircraft", "авиация"),
        ("cover_object", ("vehicle", 1), "cover object", "предмет-укрытие"),  # the words, not the id
    ],
)
def test_only_heroes_join_code_and_russian_kind(kind, armor, en, ru):
    got = in_both(lambda: rows(validate_unit(unit(kind=kind, armor=armor, joins="Rangers"))))
    assert got == {
        "en": [(("joins",), "error", "dust-join", f"only heroes join squads (this unit: {en})")],
        "ru": [(("joins",), "error", "dust-join", f"к отрядам присоединяются только герои, а это — {ru}")],
    }


def test_one_unit_with_every_problem_reports_them_in_order():
    """A vehicle with too high a level, a cover value and a ``joins``: the level and the join
    (the cover check is a hero's)."""
    got = in_both(
        lambda: [
            (i.path, i.code) for i in validate_unit(unit(kind="vehicle", armor=("vehicle", 9), joins="X"))
        ]
    )
    assert got["en"] == got["ru"] == [(("armor", "level"), "dust-armour-level"), (("joins",), "dust-join")]


# -- a type a user adds (--data-dir): no words of its own, named by its id -------------------------

WALKER_TYPES = """types:
  soldier: {prefix: S, levels: 4, label: armor_soldier, aliases: [infantry, s]}
  vehicle: {prefix: V, levels: 7, label: armor_vehicle, aliases: [v]}
  aircraft: {prefix: A, levels: 3, label: armor_aircraft, aliases: [air, a]}
  walker: {prefix: W, levels: 2, label: armor_walker, aliases: [w]}
"""


@pytest.fixture
def walker_armour(tmp_path, monkeypatch):
    """A user's dust/armor.yaml (``$SHEETS_DATA_DIR``) adding a type ``walker`` (W1–W2) for which
    labels.yaml has no words; the tables' caches cleared before and after, and the process's list
    of overrides read left as it was."""

    def clear():
        for f in (data.load_data, data.labels, model.armor_types, model.target_classes):
            f.cache_clear()

    (tmp_path / "dust").mkdir()
    (tmp_path / "dust" / "armor.yaml").write_text(WALKER_TYPES, encoding="utf-8")
    monkeypatch.setenv(data.OVERRIDE_ENV, str(tmp_path))
    monkeypatch.setattr(data, "_OVERRIDES_READ", [])
    clear()
    yield tmp_path
    monkeypatch.delenv(data.OVERRIDE_ENV)
    clear()


def test_a_type_without_words_is_named_by_its_id(walker_armour):
    got = in_both(lambda: [i.message for i in validate_unit(unit(armor=("walker", 3)))])
    assert got == {
        "en": ["level 3 is out of range for walker armour (1–2)"],
        "ru": ["уровень 3 недопустим для брони типа «walker» (1–2)"],
    }
    assert validate_unit(unit(armor=("walker", 2))) == []
    assert data.overrides_read() == [str(walker_armour / "dust" / "armor.yaml")]
    # the bundled types keep their words beside it
    with use_lang("ru"):
        assert [i.message for i in validate_unit(unit(armor=("soldier", 5)))] == [
            "уровень 5 недопустим для брони типа «пехота» (1–4)"
        ]


# -- a force: joins, duplicate squads, factions ---------------------------------------------------


def test_every_refused_join_has_its_code_in_both_languages():
    force = [
        unit(),  # 0 Rangers, S2
        hero(name="Lost", joins="Rangerz"),  # 1 no such squad
        hero(name="Heavy", armor=("soldier", 3)),  # 2 other armour
        unit(name="Pounder", kind="vehicle", armor=("vehicle", 2)),  # 3
        hero(name="Driver", joins="Pounder", armor=("vehicle", 2)),  # 4 a vehicle
        hero(),  # 5 Keller joins Rangers
        hero(name="Second"),  # 6 Rangers is taken
        hero(name="Tag", joins="Keller"),  # 7 a hero
    ]
    got = in_both(lambda: resolve_joins(force))
    assert got["en"][0] == got["ru"][0] == {5: 0}
    assert indexed(got["en"][1]) == [
        (
            1,
            ("joins",),
            "error",
            "dust-join",
            "joins 'Rangerz': no squad of that name in this file (a hero joins only before the game, "
            "so the squad must be in the same file or roster) (did you mean 'Rangers'?)",
        ),
        (
            2,
            ("joins",),
            "error",
            "dust-join",
            "joins 'Rangers' (S2) but the hero is S3: a hero joins only a squad of the same armour "
            "type and level",
        ),
        (4, ("joins",), "error", "dust-join", "joins 'Pounder' (vehicle): heroes join only squads"),
        (
            6,
            ("joins",),
            "error",
            "dust-join",
            "joins 'Rangers', already joined by hero 'Keller': one hero per squad",
        ),
        (7, ("joins",), "error", "dust-join", "joins 'Keller' (hero): heroes join only squads"),
    ]
    assert indexed(got["ru"][1]) == [
        (
            1,
            ("joins",),
            "error",
            "dust-join",
            "присоединяется к 'Rangerz': в этом файле нет отряда с таким названием (герой "
            "присоединяется только до игры, поэтому отряд должен быть в том же файле или ростере) "
            "(может быть, 'Rangers'?)",
        ),
        (
            2,
            ("joins",),
            "error",
            "dust-join",
            "присоединяется к 'Rangers' (S2), а герой — S3: герой присоединяется только к отряду "
            "того же типа и уровня брони",
        ),
        (
            4,
            ("joins",),
            "error",
            "dust-join",
            "присоединяется к 'Pounder', а это — машина: герои присоединяются только к отрядам",
        ),
        (
            6,
            ("joins",),
            "error",
            "dust-join",
            "присоединяется к 'Rangers', к которому уже присоединён герой 'Keller': один герой на отряд",
        ),
        (
            7,
            ("joins",),
            "error",
            "dust-join",
            "присоединяется к 'Keller', а это — герой: герои присоединяются только к отрядам",
        ),
    ]


def test_joining_an_aircraft_names_it_in_russian():
    force = [
        unit(name="Wing", kind="aircraft", armor=("aircraft", 1)),
        hero(joins="wing", armor=("aircraft", 1)),
    ]
    with use_lang("ru"):
        pairs, issues = resolve_joins(force)
    assert pairs == {}
    assert indexed(issues) == [
        (
            1,
            ("joins",),
            "error",
            "dust-join",
            "присоединяется к 'wing', а это — авиация: герои присоединяются только к отрядам",
        )
    ]


def test_a_squad_named_three_times_has_two_coded_problems():
    force = [unit(), hero(name="Rangers"), unit(name="RANGERS"), unit(name="rangers", armor=("soldier", 3))]
    got = in_both(lambda: indexed(duplicate_squad_names(force)))
    en = (
        "squad name {!r} is used twice in this force (first: unit 1); give every squad its own name "
        "so a hero's 'joins' names one squad"
    )
    ru = (
        "название отряда {!r} встречается в этих силах дважды (впервые — у отряда 1); дайте каждому "
        "отряду своё название, чтобы 'joins' героя указывал на один отряд"
    )
    assert got == {
        lang: [
            (2, ("name",), "error", "dust-duplicate-squad", text.format("RANGERS")),
            (3, ("name",), "error", "dust-duplicate-squad", text.format("rangers")),
        ]
        for lang, text in (("en", en), ("ru", ru))
    }
    assert duplicate_squad_names([unit(), unit(name="Grenadiers")]) == []


def test_cross_faction_warning_code_in_both_languages():
    force = [
        unit(faction="Allies"),
        hero(faction="Axis"),
        unit(name="Other", faction="Axis"),
        hero(name="B", joins="Other", faction="axis "),
    ]
    got = in_both(lambda: indexed(cross_faction_joins(force, {1: 0, 3: 2})))
    assert got == {
        "en": [
            (
                1,
                ("joins",),
                "warning",
                "dust-cross-faction",
                "hero of 'Axis' joins 'Rangers' of 'Allies': a hero leads his own army's squads",
            )
        ],
        "ru": [
            (
                1,
                ("joins",),
                "warning",
                "dust-cross-faction",
                "герой стороны 'Axis' присоединяется к отряду 'Rangers' стороны 'Allies': герой ведёт "
                "отряды своей армии",
            )
        ],
    }


def test_validate_force_keeps_every_code():
    force = [unit(), unit(name="rangers"), hero(faction="Axis"), hero(name="Lost", joins="Nobody")]
    assert [(n, i.code, i.severity) for n, i in validate_force(force)] == [
        (1, "dust-duplicate-squad", "error"),
        (3, "dust-join", "error"),
        (2, "dust-cross-faction", "warning"),
    ]


# -- the codes as `validate --json` gives them, positioned ---------------------------------------

FORCE = """system: dust
units:
  - name: Rangers
    faction: Allies
    kind: squad
    armor: {type: soldier, level: 5}
    models: 5
    health: 1
    move: 1
    points: 20
    joins: Keller
  - name: Keller
    faction: Axis
    kind: hero
    armor: {type: soldier, level: 2}
    health: 4
    move: 1
    points: 15
    cover: {soft: hits, hard: misses}
    joins: Pounder
  - name: Pounder
    kind: vehicle
    armor: {type: vehicle, level: 2}
    models: 1
    health: 4
    move: 1
    points: 30
  - name: RANGERS
    kind: squad
    armor: {type: soldier, level: 2}
    models: 5
    health: 1
    move: 1
    points: 20
"""


def test_validate_json_codes_and_positions_in_russian(write_units, cli):
    path = write_units(FORCE)
    r = cli("validate", "--json", "--lang", "ru", path)
    assert r.exit_code == 1
    assert [
        (p["line"], p["column"], p["severity"], p["code"], p["message"]) for p in json.loads(r.stdout)
    ] == [
        (
            6,
            35,
            "error",
            "dust-armour-level",
            "отряд 'Rangers': уровень 5 недопустим для брони типа «пехота» (1–4)",
        ),
        (
            11,
            12,
            "error",
            "dust-join",
            "отряд 'Rangers': к отрядам присоединяются только герои, а это — отряд",
        ),
        (
            19,
            12,
            "error",
            "dust-hero-cover",
            "отряд 'Keller': у героев нет своего показателя укрытия (присоединённый герой пользуется "
            "укрытием отряда): уберите 'cover'",
        ),
        (
            28,
            11,
            "error",
            "dust-duplicate-squad",
            "отряд 'RANGERS': название отряда 'RANGERS' встречается в этих силах дважды (впервые — у "
            "отряда 1); дайте каждому отряду своё название, чтобы 'joins' героя указывал на один отряд",
        ),
        (
            20,
            12,
            "error",
            "dust-join",
            "отряд 'Keller': присоединяется к 'Pounder', а это — машина: герои присоединяются только "
            "к отрядам",
        ),
    ]
