"""The in-memory API (``sheets.api``) pinned from both sides: options made from mappings, the
problems' printed form, loading and checking several sources (the same library named twice,
files that all name each other), the font check's de-duplication, and the refusals with their
exact messages."""

from __future__ import annotations

import pytest

from sheets import api
from sheets.api import GameOptionError, InvalidInput, Problem, Source, UsageError
from sheets.core.game import Options


# -- make_options --------------------------------------------------------------------------------
def test_make_options_of_nothing_is_the_defaults():
    o = api.make_options(None)
    assert (o.lang, o.paper, o.mono, o.rules, o.extra) == ("en", "a4", False, None, {})


def test_make_options_of_a_mapping():
    o = api.make_options(
        {"lang": "ru", "paper": "letter", "mono": 1, "rules": "TW", "card": "mini", "bleed": None}
    )
    assert (o.lang, o.paper, o.mono, o.rules) == ("ru", "letter", True, "tw")
    assert o.extra == {"card": "mini"}  # None values are left out: the game's default applies
    o = api.make_options({"lang": None, "paper": "", "mono": 0, "rules": ""})
    assert (o.lang, o.paper, o.mono, o.rules) == ("en", "a4", False, None)


def test_make_options_copies_an_options_object():
    given = Options(lang="ru", paper="letter", mono=True, rules="tw", extra={"card": "mini"})
    o = api.make_options(given)
    assert o is not given and o.extra is not given.extra
    assert (o.lang, o.paper, o.mono, o.rules, o.extra) == ("ru", "letter", True, "tw", {"card": "mini"})


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("lang", "de", "unknown language 'de'; expected en or ru"),
        ("lang", "EN", "unknown language 'EN'; expected en or ru"),
        ("paper", "a3", "unknown paper 'a3'; expected a4 or letter"),
    ],
)
def test_make_options_refuses_a_language_or_paper_it_has_not(key, value, message):
    with pytest.raises(GameOptionError) as e:
        api.make_options({key: value})
    assert str(e.value) == message


# -- Problem ---------------------------------------------------------------------------------------
def test_a_problems_printed_form():
    assert str(Problem("a.yaml", 3, 7, "error", "bad")) == "a.yaml:3:7: bad"
    assert str(Problem("a.yaml", 3, 7, "warning", "odd")) == "a.yaml:3:7: warning: odd"
    assert str(Problem("a.yaml", None, None, "error", "whole file")) == "a.yaml: whole file"
    assert str(Problem("a.yaml", None, None, "warning", "w")) == "a.yaml: warning: w"
    assert Problem("a.yaml", 1, 2, "error", "m").as_dict() == {
        "file": "a.yaml",
        "line": 1,
        "column": 2,
        "severity": "error",
        "code": "input",
        "message": "m",
    }
    assert Problem("a.yaml", 1, 2, "error", "m", "unknown-key").as_dict()["code"] == "unknown-key"


# -- games, options of the plug-ins ------------------------------------------------------------------
def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(UsageError) as e:
        api.game_options("dmeck")
    assert str(e.value) == (
        "unknown game 'dmeck' (did you mean 'dmech'?); known: battletech, dmech, dust, lnl, wh40k6"
    )
    assert api.game_options("DMECH", "chart")[0]["name"] == "radius"  # any letter case


def test_game_options_describe_each_option_fully():
    assert api.game_options("dmech", "chart") == [
        {
            "name": "radius",
            "flag": "--radius",
            "type": "int",
            "label": "Radius (hexes)",
            "help": "Facing chart: hexes around the target (up to 9 on A4 and Letter: hexes stay ≥ 10.5 mm so every "
            "label is legible).",
            "choices": None,
            "default": 5,
            "min": 1,
            "max": 12,
            "required": False,
            "multiple": False,
            "placeholder": None,
        }
    ]
    dust = {o["name"]: o for o in api.game_options("dust", "render")}
    assert list(dust) == ["card", "bleed", "gap", "backs", "dice"]  # --png DIR names a path: left out
    assert dust["gap"]["type"] == "float" and (dust["gap"]["min"], dust["gap"]["max"]) == (0, 30)
    assert [c["value"] for c in dust["dice"]["choices"]] == ["classic", "revised"]
    # every card size of data/common/cards.yaml, with its size in words
    assert [c["value"] for c in dust["card"]["choices"]] == [
        "poker",
        "bridge",
        "mini",
        "euromini",
        "euro",
        "tarot",
        "square",
        "big_square",
        "business",
    ]
    assert dust["card"]["choices"][3] == {"value": "euromini", "label": "44 × 68 mm"}
    assert dust["card"]["default"] is None and dust["backs"]["label"] == "Card backs"


def test_game_options_speak_the_language_asked_for():
    ru = {o["name"]: o for o in api.game_options("battletech", "render", "ru")}
    assert ru["rules"]["choices"] == [
        {"value": "classic", "label": "Классические правила для протомехов"},
        {"value": "tw", "label": "Правила Total Warfare"},
    ]


RULES = {
    "name": "rules",
    "flag": "--rules",
    "type": "choice",
    "label": "Rules",
    "help": "The rule variant the printout and the checks follow.",
    "choices": [
        {"value": "classic", "label": "Classic ProtoMech rules"},
        {"value": "tw", "label": "Total Warfare rules"},
    ],
    "default": "classic",
    "min": None,
    "max": None,
    "required": False,
    "multiple": False,
    "placeholder": None,
}


@pytest.mark.parametrize(
    "command, has_rules",
    [
        ("render", True),
        ("validate", True),
        ("info", True),
        ("roster", True),
        ("reference", True),
        ("chart", True),
        ("calc", False),
        ("schema", False),
    ],
)
def test_rules_are_offered_first_for_the_commands_that_take_them(command, has_rules):
    opts = api.game_options("battletech", command)
    assert (opts[:1] == [RULES]) is has_rules
    assert not any(o["name"] == "rules" for o in api.game_options("lnl", command))


def test_battletech_render_options_after_rules_without_the_folder_option():
    assert [o["name"] for o in api.game_options("battletech", "render")] == [
        "rules",
        "no_odds",
        "one_per_page",
    ]
    bt = {o["name"]: o for o in api.game_options("battletech", "render")}
    assert bt["no_odds"]["type"] == "flag" and bt["no_odds"]["default"] is None


# -- parse_game_options: every refusal with its exact message -------------------------------------
@pytest.mark.parametrize(
    "game, values, message",
    [
        (
            "dust",
            {"crad": "mini"},
            "unknown option 'crad' (did you mean 'card'?); dust options: backs, bleed, card, dice, gap",
        ),
        ("lnl", {"crad": "mini"}, "unknown option 'crad'; lnl has none"),
        (
            "battletech",
            {"rulez": "tw"},
            "unknown option 'rulez' (did you mean 'rules'?); battletech options: no-odds, one-per-page, rules",
        ),
        (
            "battletech",
            {"rules": "tww"},
            "Rules: unknown value 'tww' (did you mean 'tw'?); expected one of classic, tw",
        ),
        ("lnl", {"rules": "tw"}, "rules: lnl has no rule variants"),
        (
            "battletech",
            {"no-odds": "maybe"},
            "No odds on the sheets: expected on or off (1 or 0), got 'maybe'",
        ),
        ("dust", {"tables": "1"}, "--tables is an option of dmech, not of dust"),
        ("dust", {"no_odds": "1"}, "--no_odds is an option of battletech and wh40k6, not of dust"),
        ("dust", {"bleed": "10.5"}, "Bleed (mm): expected 0 to 10, got 10.5"),
        ("dust", {"bleed": "-0.5"}, "Bleed (mm): expected 0 to 10, got -0.5"),
        ("dust", {"gap": "30.5"}, "Gap (mm): expected 0 to 30, got 30.5"),
        ("dust", {"png": "x"}, "--png names a path on this machine: not available here"),
        # a folder the option reads is refused too, and the message says no more than that
        # (it said "--units writes files")
        ("battletech", {"units": "lib"}, "--units names a path on this machine: not available here"),
        ("dmech", {"radius": "13"}, "Radius (hexes): expected 1 to 12, got 13"),
        ("dmech", {"radius": "0"}, "Radius (hexes): expected 1 to 12, got 0"),
    ],
)
def test_parse_game_options_refusals(game, values, message):
    command = "chart" if "radius" in values else "render"
    with pytest.raises(GameOptionError) as e:
        api.parse_game_options(game, command, values)
    assert str(e.value) == message


@pytest.mark.parametrize(
    "text, value",
    [
        ("1", True),
        ("true", True),
        ("YES", True),
        ("on", True),
        ("", True),
        (None, True),
        ("0", False),
        ("false", False),
        ("No", False),
        ("off", False),
    ],
)
def test_a_flag_takes_every_spelling_of_on_and_off(text, value):
    assert api.parse_game_options("dust", "render", {"backs": text}) == {"backs": value}


def test_values_at_the_ends_of_their_ranges_and_names_in_every_spelling():
    assert api.parse_game_options("dust", "render", {"bleed": "0", "gap": "30"}) == {
        "bleed": 0.0,
        "gap": 30.0,
    }
    assert api.parse_game_options("dust", "render", {"bleed": "10"}) == {"bleed": 10.0}
    assert api.parse_game_options("dmech", "chart", {"radius": "1"}) == {"radius": 1}
    assert api.parse_game_options("dmech", "chart", {"radius": "12"}) == {"radius": 12}
    # long option without dashes, with dashes, with underscores, the parameter name
    for name in ("no-odds", "--no-odds", "no_odds"):
        assert api.parse_game_options("battletech", "render", {name: "1"}) == {"no_odds": True}
    assert api.parse_game_options("battletech", "render", {"rules": "TW"}) == {"rules": "tw"}
    assert api.parse_game_options("dust", "render", {}) == {}


# -- charts, handouts, starters: refusals -------------------------------------------------------------
@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: api.chart("lnl", "facing"), "no chart 'facing' for lnl; charts: melee-odds"),
        (
            lambda: api.chart("dmech", "facin"),
            "no chart 'facin' for dmech (did you mean 'facing'?); charts: facing",
        ),
        (
            lambda: api.chart_output("dmech", "facing", None, "svg"),
            "a chart is made as pdf or png, not 'svg'",
        ),
        (lambda: api.reference("dmech", {"rules": "tw"}), "--rules: dmech has no rule variants"),
        (lambda: api.reference("battletech", {"rules": "xx"}), "--rules: expected one of classic, tw"),
        (
            lambda: api.chart("battletech", "hit-location", {"rules": "7th"}),
            "--rules: expected one of classic, tw",
        ),
        (lambda: api.starter("dust", "sqad"), "dust has no starter 'sqad'; kinds: force"),
        (
            lambda: api.starter("dmech", "walkr"),
            "dmech has no starter 'walkr' (did you mean 'walker'?); kinds: walker, infantry",
        ),
        (lambda: api.starter("dust", None, "de"), "unknown language 'de'; expected en or ru"),
        (
            lambda: api.export_roster([], "txt"),
            "unknown roster format 'txt'; formats: pdf, md, html, bbcode, json",
        ),
    ],
)
def test_refusals_name_what_there_is(call, message):
    with pytest.raises(UsageError) as e:
        call()
    assert str(e.value) == message


def test_every_chart_of_every_game_in_one_line():
    assert api.all_charts_text() == (
        "battletech hit-location, dmech facing, lnl melee-odds, wh40k6 to-wound, wh40k6 to-hit"
    )


def test_starter_kinds_the_first_is_the_default():
    assert api.starter_kinds("dmech") == ["walker", "infantry"]
    assert api.starter_kinds("dust") == ["force"]
    assert api.starter("dmech") == api.starter("dmech", "walker")
    assert api.starter("dmech", "infantry") != api.starter("dmech", "walker")


def test_fill_starter_keeps_one_language():
    text = (
        "# yaml-language-server: $schema={schema}\n"
        "name: ⟪en:My force|ru:Мой отряд⟫  # en: the name | ru: имя\n"
        "# en: a whole line | ru: целая строка\n"
        "x: 1 # not a language comment\n"
    )
    assert api.fill_starter(text, "en", "dust") == (
        "# yaml-language-server: $schema=dust.schema.json\n"
        "name: My force  # the name\n"
        "# a whole line\n"
        "x: 1 # not a language comment\n"
    )
    assert api.fill_starter(text, "ru", "lnl") == (
        "# yaml-language-server: $schema=lnl.schema.json\n"
        "name: Мой отряд  # имя\n"
        "# целая строка\n"
        "x: 1 # not a language comment\n"
    )
    # a comment with English only keeps it in Russian too
    assert api.fill_starter("a: 1  # en: only English\n", "ru", "dust") == "a: 1  # only English\n"


# -- loading and checking several sources ------------------------------------------------------------
ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent.parent
DUST = (ROOT / "data/units/dust/sample_force.yaml").read_bytes()
ROC = (ROOT / "data/units/battletech/roc.yaml").read_bytes()

from .test_api import LIBRARY  # the same one-unit library as the API tests


def _point(*names: str, lib: str = "lib.yaml") -> bytes:
    rows = "".join(f"  - {{from: {lib}, name: Harpy, pilot: {{name: {n}, gunnery: 3}}}}\n" for n in names)
    return b"system: battletech\nunits:\n" + rows.encode()


def test_the_same_library_unit_twice_in_one_roster_and_in_two_rosters():
    loaded = api.load(
        [
            Source("a.yaml", _point("Kael", "Kael")),
            Source("b.yaml", _point("Una")),
            Source("lib.yaml", LIBRARY),
        ]
    )
    assert loaded.names == ["a.yaml", "b.yaml"]  # the library is named: not a root
    assert [u.pilot.name for u in loaded.units] == ["Kael", "Kael", "Una"]
    assert loaded.game.id == "battletech"
    problems, units, game = api.check(
        [
            Source("a.yaml", _point("Kael", "Kael")),
            Source("b.yaml", _point("Una")),
            Source("lib.yaml", LIBRARY),
        ]
    )
    assert (problems, units, game) == ([], 3, "battletech")  # the library's own unit is not counted


def test_a_source_given_as_a_pair():
    loaded = api.load([("roc.yaml", bytearray(ROC))])
    assert loaded.names == ["roc.yaml"] and [u.name for u in loaded.units] == ["Roc"]


def test_every_bad_file_is_reported_in_one_raise_in_file_order():
    with pytest.raises(InvalidInput) as e:
        api.load(
            [
                Source("x.yaml", b"system: dust\nunits: 3\n"),
                Source("ok.yaml", ROC),
                Source("y.yaml", b"system: chess\nunits: []\n"),
            ]
        )
    assert [(p.file, p.line) for p in e.value.problems] == [("x.yaml", 2), ("y.yaml", 1)]
    assert all(isinstance(p, Problem) for p in e.value.problems)


def test_load_warnings_are_problems_of_the_printed_files():
    loaded = api.load([Source("roc.yaml", ROC)])
    assert loaded.warnings == [] and api.Loaded(loaded.files).warnings == []


def test_no_sources_is_a_usage_error():
    with pytest.raises(UsageError) as e:
        api.load([])
    assert str(e.value) == "no files given"


@pytest.mark.parametrize(
    "data, game",
    [
        (b"system: 'DUST'\nunits: 3\n", "dust"),
        (b'system:  "Dmech"\nunits: [\n', "dmech"),
        (b"# a comment\nsystem: lnl\nunits: 3\n", "lnl"),
        (b"system: chess\nunits: 3\n", None),
        (b"  system: dust\nunits: [\n", None),  # not at the start of a line: not the file's system
        (b"units: [\n", None),
    ],
)
def test_the_game_of_a_file_that_did_not_load(data, game):
    problems, units, got = api.check([Source("x.yaml", data)])
    assert problems and units == 0 and got == game


def test_the_system_line_is_looked_for_in_the_first_64_kib_only():
    inside = b"#" + b"x" * (65536 - len(b"\nsystem: dust") - 1) + b"\nsystem: dust"
    assert len(inside) == 65536
    assert api._system_of(Source("x.yaml", inside)) == "dust"
    past = b"#" + b"x" * (65536 - len(b"\nsystem: dust")) + b"\nsystem: dust"
    assert api._system_of(Source("x.yaml", past)) is None


def test_check_takes_the_first_files_game():
    _, units, game = api.check([Source("roc.yaml", ROC), Source("d.yaml", DUST)])
    assert game == "battletech" and units == 4
    _, _, game = api.check([Source("bad.yaml", b"system: lnl\nunits: 3\n"), Source("roc.yaml", ROC)])
    assert game == "lnl"


# -- the font check ----------------------------------------------------------------------------------
def _squad(name: str) -> bytes:
    return DUST.replace(b"Sample Laser Squad", name.encode())


def test_a_character_the_font_has_not_is_one_problem_at_its_line():
    problems, units, _ = api.check([Source("f.yaml", _squad("Squad \u4e00"))])
    assert [str(p) for p in problems] == [
        "f.yaml:8:11: character '\u4e00' (U+4E00) in 'Squad \u4e00' cannot be printed: the bundled font "
        "has no glyph for it"
    ]
    assert units == 3


def test_the_same_missing_character_twice_in_one_text_is_one_problem_two_characters_two():
    problems, _, _ = api.check([Source("f.yaml", _squad("\u4e00\u4e01\u4e00"))])
    assert [p.message.split(" in ")[0] for p in problems] == [
        "character '\u4e00' (U+4E00)",
        "character '\u4e01' (U+4E01)",
    ]


def test_the_same_text_in_two_files_is_a_problem_in_each():
    problems, _, _ = api.check([Source("f.yaml", _squad("\u4e00")), Source("g.yaml", _squad("\u4e00"))])
    assert [(p.file, p.line) for p in problems] == [("f.yaml", 8), ("g.yaml", 8)]


def test_a_font_problem_hides_the_list_limit_of_that_file_only():
    over = _squad("\u4e00").replace(b"limit: 50", b"limit: 10")
    problems, _, _ = api.check([Source("f.yaml", over)])
    assert [p.message.startswith("character") for p in problems] == [True]
    problems, _, _ = api.check([Source("f.yaml", DUST.replace(b"limit: 50", b"limit: 10"))])
    assert len(problems) == 1 and problems[0].line is None and "10" in problems[0].message


def test_the_rosters_own_texts_are_checked():
    data = DUST.replace(b"Sample Axis force", "Force \u4e00".encode())
    problems, _, _ = api.check([Source("f.yaml", data)])
    # at the line of the roster's name (issue 31: a roster's own text has a line:col too)
    assert DUST.split(b"\n")[5].startswith(b"roster: {name: Sample Axis force")
    assert [(p.file, p.line, p.message) for p in problems] == [
        (
            "f.yaml",
            6,
            "character '\u4e00' (U+4E00) in 'Force \u4e00' cannot be printed: the bundled font "
            "has no glyph for it",
        )
    ]


def test_render_refuses_a_font_problem_and_two_games():
    with pytest.raises(InvalidInput) as e:
        api.render_pdf(api.load([Source("f.yaml", _squad("\u4e00"))]))
    assert [str(p) for p in e.value.problems][0].startswith("f.yaml:8:11: character '\u4e00' (U+4E00)")
    two = api.load([Source("d.yaml", DUST)]).files + api.load([Source("r.yaml", ROC)]).files
    with pytest.raises(UsageError) as e:
        api.render(two)
    assert str(e.value) == "render one game at a time (got battletech, dust)"


def test_unit_texts_reach_nested_values_to_a_depth():
    from dataclasses import dataclass

    @dataclass
    class Inner:
        label: str
        tags: tuple

    value = {"a": [Inner("one", ("two", {"k": "three"}))], "n": 3, "s": {"four"}}
    assert sorted(api._unit_texts(value)) == ["four", "one", "three", "two"]
    deep = "bottom"
    for _ in range(9):
        deep = [deep]
    assert list(api._unit_texts(deep)) == ["bottom"]  # nine lists: depth 9 reached by a string
    assert list(api._unit_texts([deep])) == []  # one more: past the depth
    assert list(api._unit_texts(Inner)) == []  # a class is not a value


def test_char_position_line_and_column(tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("ab\ncdЖe\nЖ\n", encoding="utf-8")
    pos = api._char_position(str(f), "Ж")
    assert (pos.line, pos.col) == (2, 3)
    f.write_text("Жx", encoding="utf-8")
    pos = api._char_position(str(f), "Ж")
    assert (pos.line, pos.col) == (1, 1)
    assert api._char_position(str(f), "Q") is None
    assert api._char_position(str(tmp_path / "missing"), "Ж") is None


def test_layout_words_are_the_users_words():
    loaded = api.load([Source("d.yaml", DUST.replace(b"Sample Axis force", b"Lt. Baker's force"))])
    words = api.layout_words(loaded.files)
    assert {"Lt", "Baker", "s", "force", "Sample", "Laser", "Squad"} <= words
    assert "Baker's" not in words and "Lt." not in words


# -- outputs: what each function makes, pinned by the PDF's own fields ---------------------------------
import io
import json

POINT = (ROOT / "data/units/battletech/point-alpha.yaml").read_bytes()
OTROK = (ROOT / "data/units/dmech/otrok.yaml").read_bytes()
LIST = (ROOT / "data/units/wh40k6/sample_list.yaml").read_bytes()


def _meta(pdf: bytes):
    from pypdf import PdfReader

    r = PdfReader(io.BytesIO(pdf))
    box = r.pages[0].mediabox
    return (
        r.metadata.title,
        r.metadata.subject,
        len(r.pages),
        (round(float(box.width)), round(float(box.height))),
    )


def _text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def _png(png: bytes):
    from PIL import Image

    img = Image.open(io.BytesIO(png))
    return img.mode, img.size


def _alpha():
    return api.load([Source("point-alpha.yaml", POINT)])


def test_roster_pdf_by_default_with_the_lists_name_and_the_options():
    pdf = api.export_roster(_alpha())
    assert _meta(pdf) == ("Point Alpha", "army list", 1, (595, 842))
    assert pdf == api.export_roster(_alpha(), "pdf")
    ru = api.export_roster(_alpha(), "pdf", {"lang": "ru", "paper": "letter"})
    assert _meta(ru) == ("Point Alpha", "army list", 1, (612, 792))
    assert "Список армии" in _text(ru) or "Точка" in _text(ru) or _text(ru) != _text(pdf)
    mono = api.export_roster(_alpha(), "pdf", {"mono": True})
    assert mono != pdf


def test_roster_pdf_of_a_list_without_a_name_is_titled_by_the_file():
    unnamed = POINT.replace(b"name: Point Alpha", b"name: ''")
    assert b"name: ''" in unnamed
    assert _meta(api.export_roster(api.load([Source("army/my-point.yaml", unnamed)])))[0] == "my-point"


def test_roster_pdf_keeps_the_layout_record_when_asked():
    pdf, doc = api.roster_output(_alpha(), "pdf", None, record=True)
    assert doc.recorder is not None and doc.pages == 1
    _, doc = api.roster_output(_alpha(), "pdf")
    assert doc.recorder is None
    assert api.roster_output(_alpha(), "md")[1] is None


def test_roster_json_is_indented_utf8_with_a_final_newline():
    ru = api.export_roster(_alpha(), "json", {"lang": "ru"})
    assert ru.endswith(b"}\n") and ru.startswith(b'{\n  "system": "battletech",\n')
    data = json.loads(ru)
    assert data["name"] == "Point Alpha" and data["lang"] == "ru"
    assert "\\u04" not in ru.decode("utf-8")  # Russian words as they are, not \u escapes
    assert any("\u0400" <= ch <= "\u04ff" for ch in ru.decode("utf-8"))


def test_roster_text_in_the_options_language_and_a_template():
    md = api.export_roster(_alpha(), "md").decode("utf-8")
    assert md.startswith("# Army list: Point Alpha\n")
    ru = api.export_roster(_alpha(), "md", {"lang": "ru"}).decode("utf-8")
    assert not ru.startswith("# Army list") and "Point Alpha" in ru
    assert api.export_roster(_alpha(), "md", None, b"N={{ name }}") == b"N=Point Alpha"
    assert api.export_roster(_alpha(), "html", None, b"<b>{{ name }}</b>") == b"<b>Point Alpha</b>"
    from sheets.core.errors import InputError

    with pytest.raises(InputError) as e:
        api.export_roster(_alpha(), "md", None, b"{{ bogus }}", template_name="mine.j2")
    assert [str(p) for p in e.value.problems] == [
        "mine.j2:1:1: template error: UndefinedError: 'bogus' is undefined"
    ]
    with pytest.raises(InputError) as e:
        api.export_roster(_alpha(), "md", None, b"{{ bogus }}")
    assert str(e.value.problems[0]).startswith("template:1:1: ")


def test_the_loaders_options_stay_unless_given():
    tw = api.load([Source("p.yaml", POINT)], {"rules": "tw"})
    assert json.loads(api.export_roster(tw, "json"))["rules"] == "tw"
    # a document option given: the loader's rules stay
    assert json.loads(api.export_roster(tw, "json", {"lang": "ru"}))["rules"] == "tw"
    assert json.loads(api.export_roster(tw, "json", {"lang": "ru"}))["lang"] == "ru"


def test_overlay_takes_the_document_settings_and_keeps_the_loaders_rules_and_extras():
    base = Options(lang="en", paper="a4", mono=False, rules="tw", extra={"card": "mini", "a": 1})
    given = Options(lang="ru", paper="letter", mono=True, rules="classic", extra={"a": 2})
    o = api._overlay(base, given)
    assert (o.lang, o.paper, o.mono, o.rules, o.extra) == (
        "ru",
        "letter",
        True,
        "tw",
        {"card": "mini", "a": 2},
    )


def test_render_pdf_title_subject_and_options():
    pdf = api.render_pdf(_alpha())
    assert _meta(pdf) == ("Classic BattleTech: Clan ProtoMechs: point-alpha", "record sheets", 2, (595, 842))
    assert _meta(api.render_pdf(_alpha(), {"paper": "letter"}))[3] == (612, 792)
    two = api.load([Source("a.yaml", ROC), Source("b/c.yaml", ROC)])
    assert _meta(api.render_pdf(two))[0] == "Classic BattleTech: Clan ProtoMechs: a, c"


def test_render_png_page_dpi_and_grey():
    loaded = api.load([Source("list.yaml", LIST)])
    first = api.render_png(loaded, None, 1, 36)
    assert _png(first) == ("RGB", (298, 421))
    assert api.render_png(loaded) == api.render_png(loaded, None, 1, 100)
    assert _png(api.render_png(loaded))[1] == (827, 1170)
    assert api.render_png(loaded, None, 2, 36) != first
    assert _png(api.render_png(loaded, {"mono": True}, 1, 36))[0] == "L"
    assert _png(api.render_png(loaded, {"paper": "letter"}, 1, 36))[1] == (306, 396)
    grey_loaded = api.load([Source("list.yaml", LIST)], {"mono": True})
    assert _png(api.render_png(grey_loaded, None, 1, 36))[0] == "L"  # the loader's mono


def test_reference_title_subject_language_and_record():
    done = api.reference("dmech", {"lang": "ru"}, record=True)
    assert _meta(done.pdf)[:2] == ("Древняя Механика: reference", "reference")
    assert done.document.recorder is not None and done.pages == 2
    plain = api.reference("dmech")
    assert plain.document.recorder is None
    assert _meta(plain.pdf)[:2] == ("Ancient Mechanics (Drevnyaya Mekhanika): reference", "reference")
    assert api.reference_pdf("dmech", {"paper": "letter"}) != plain.pdf
    assert _meta(api.reference_pdf("dmech", {"paper": "letter"}))[3] == (612, 792)
    assert api.reference_pdf("dmech", {"mono": True}) != plain.pdf


def test_reference_default_rules_are_the_games_first():
    assert api.reference_pdf("battletech") == api.reference_pdf("battletech", {"rules": "classic"})
    assert api.reference_pdf("battletech", {"rules": "tw"}) != api.reference_pdf("battletech")


def test_chart_title_subject_options_and_formats():
    done = api.chart("dmech", "facing", {"paper": "letter", "lang": "ru"}, record=True)
    assert _meta(done.pdf) == ("Древняя Механика: facing", "chart", 1, (612, 792))
    assert done.document.recorder is not None
    assert api.chart("dmech", "facing").document.recorder is None
    assert api.chart_output("dmech", "facing") == api.chart("dmech", "facing").pdf
    assert api.chart_output("dmech", "facing", {"radius": 3}) != api.chart_output("dmech", "facing")
    png = api.chart_output("dmech", "facing", None, "png", 36)
    assert _png(png) == ("RGB", (298, 421))
    assert _png(api.chart_output("dmech", "facing", {"mono": True}, "png", 36))[0] == "L"
    assert _png(api.chart_output("dmech", "facing", None, "png"))[1] == (1241, 1754)  # 150 dpi
    assert (
        api.chart("battletech", "hit-location").pdf
        == api.chart("battletech", "hit-location", {"rules": "classic"}).pdf
    )


def test_chart_pngs_every_page():
    pngs = api.chart_pngs("dmech", "facing", None, dpi=36)
    assert len(pngs) == 1 and _png(pngs[0]) == ("RGB", (298, 421))
    assert _png(api.chart_pngs("dmech", "facing", {"mono": True}, dpi=36)[0])[0] == "L"
    assert _png(api.chart_pngs("dmech", "facing")[0])[1] == (1241, 1754)


def test_a_game_without_charts_names_every_chart():
    from sheets.core.game import get_game

    game = get_game("dust")
    assert not game.charts
    with pytest.raises(UsageError) as e:
        api.chart("dust", "x")
    assert str(e.value) == (
        "dust has no charts; charts: battletech hit-location, dmech facing, lnl melee-odds, "
        "wh40k6 to-wound, wh40k6 to-hit"
    )


# -- a character the font cannot draw, found while drawing ---------------------------------------------
def _glyph_fail():
    from sheets.render.fonts import GlyphError

    raise GlyphError("Squad \u4e00", "\u4e00", "DejaVuSans")


def test_a_glyph_error_names_the_override_file_first_at_its_line(tmp_path, monkeypatch):
    import sheets.core.data
    import sheets.core.fsio as fsio

    labels = tmp_path / "labels.yaml"
    labels.write_text("a: 1\nb: x\u4e00\n", encoding="utf-8")
    unit = tmp_path / "unit.yaml"
    unit.write_text("\u4e00\n", encoding="utf-8")
    monkeypatch.setattr(
        sheets.core.data, "overrides_read", lambda: [str(tmp_path / "other.yaml"), str(labels)]
    )
    monkeypatch.setattr(fsio, "inputs_read", lambda: [((1, 2), str(unit))])
    with pytest.raises(InvalidInput) as e:
        api._glyph_guard(_glyph_fail, "fallback.yaml")
    (p,) = e.value.problems
    assert (p.file, p.line, p.column) == (str(labels), 2, 5)
    assert p.message == "the font (DejaVuSans) cannot draw '\u4e00' (U+4E00) in 'Squad \u4e00'"


def test_a_glyph_error_then_the_commands_inputs_then_the_fallback(tmp_path, monkeypatch):
    import sheets.core.data
    import sheets.core.fsio as fsio

    unit = tmp_path / "unit.yaml"
    unit.write_text("x\n\n  \u4e00\n", encoding="utf-8")
    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: [])
    monkeypatch.setattr(
        fsio, "inputs_read", lambda: [((1, 2), str(tmp_path / "none.yaml")), ((1, 3), str(unit))]
    )
    with pytest.raises(InvalidInput) as e:
        api._glyph_guard(_glyph_fail, "fallback.yaml")
    assert [(p.file, p.line, p.column) for p in e.value.problems] == [(str(unit), 3, 3)]
    monkeypatch.setattr(fsio, "inputs_read", lambda: [])
    with pytest.raises(InvalidInput) as e:
        api._glyph_guard(_glyph_fail, "fallback.yaml")
    assert [(p.file, p.line, p.column) for p in e.value.problems] == [("fallback.yaml", None, None)]
    assert api._glyph_guard(lambda: b"pdf", "x") == b"pdf"


def test_the_last_override_read_is_looked_at_first(tmp_path, monkeypatch):
    import sheets.core.data
    import sheets.core.fsio as fsio

    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("\u4e00\n", encoding="utf-8")
    b.write_text("x: \u4e00\n", encoding="utf-8")
    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: [str(a), str(b)])
    monkeypatch.setattr(fsio, "inputs_read", lambda: [])
    assert api._glyph_source("\u4e00", "f") == (str(b), api._char_position(str(b), "\u4e00"))
    assert api._char_position(str(b), "\u4e00").col == 4


# -- a short army list goes last: the threshold from both sides, on both papers --------------------------
@pytest.mark.parametrize("paper, margin", [("a4", 10 * 72 / 25.4), ("letter", 0.4 * 72)])
def test_short_list_threshold_is_the_least_page_fill_of_the_printable_height(monkeypatch, paper, margin):
    import sheets.render.roster_pdf as roster_pdf
    from sheets.render.pdf import Document

    doc = Document(paper)
    room = (doc.height - 2 * margin) * 0.333  # data/common/layout.yaml: min_page_fill 0.333
    seen = {}

    def height(lists, width, h):
        seen["width"] = width
        return h

    opts = Options(paper=paper)
    for h, short in ((room - 0.01, True), (room, False), (room + 0.01, False)):
        monkeypatch.setattr(
            roster_pdf, "army_lists_height", lambda lists, width, h=h: height(lists, width, h)
        )
        assert api._short_list(doc, [{}], opts) is short, (h, room)
        assert seen["width"] == pytest.approx(doc.width - 2 * margin)


# -- small helpers from both sides ----------------------------------------------------------------------
def test_load_warnings_of_the_printed_files_as_problems():
    later = ROC.replace(
        b"{item: ER Medium Laser, location: main_gun}", b"{item: Heavy Small Laser, location: main_gun}"
    )
    assert later != ROC
    loaded = api.load([Source("later.yaml", later)])
    assert [str(p) for p in loaded.warnings] == [
        "later.yaml:12:16: warning: unit 'Roc': Heavy Small Laser is not in the classic ProtoMech rules (later "
        "equipment; use rules: tw), marked † on the sheet"
    ]
    assert all(isinstance(p, Problem) for p in loaded.warnings)
    assert api.load([Source("later.yaml", later)], {"rules": "tw"}).warnings == []


def test_game_options_default_command_is_render():
    assert api.game_options("dust") == api.game_options("dust", "render")
    assert api.game_options("battletech") == api.game_options("battletech", "render")


def test_no_charts_anywhere_is_none(monkeypatch):
    import sheets.core.game as game

    monkeypatch.setattr(game, "all_games", lambda: [])
    assert api.all_charts_text() == "none"


# -- the editor's schema: what it refuses, not only what it takes ---------------------------------------
def _validator(game: str):
    import jsonschema

    schema = api.unit_file_schema(game)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _ok(v, doc) -> bool:
    return not list(v.iter_errors(doc))


def test_schema_header():
    s = api.unit_file_schema("battletech")
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["title"] == "sheets unit file: Classic BattleTech: Clan ProtoMechs"
    assert s["type"] == "object" and s["required"] == ["system", "units"]
    assert s["additionalProperties"] is False
    assert (
        api.unit_file_schema("dmech")["title"] == "sheets unit file: Ancient Mechanics (Drevnyaya Mekhanika)"
    )


def test_schema_top_level_refusals():
    v = _validator("dust")
    ref = {"from": "lib.yaml", "name": "A"}
    assert _ok(v, {"system": "dust", "units": [ref]})
    assert not _ok(v, {"units": [ref]})  # no system
    assert not _ok(v, {"system": "dust"})  # no units
    assert not _ok(v, {"system": "dust", "units": []})  # at least one
    assert not _ok(v, {"system": "dust", "units": [ref], "colour": "red"})  # no other key
    assert not _ok(v, [ref])
    assert not _ok(v, {"system": "dust", "units": {"a": ref}})
    assert _ok(v, {"system": "dust", "units": [ref], "roster": None})
    assert not _ok(v, {"system": "dust", "units": [ref], "roster": 3})


def test_schema_references():
    v = _validator("dust")
    s = api.unit_file_schema("dust")
    reference = s["properties"]["units"]["items"]["anyOf"][1]
    assert reference["type"] == "object" and reference["required"] == ["from"]
    assert reference["additionalProperties"] is False
    assert (
        reference["description"] == "a unit of another file: {from: FILE, name: UNIT} and any field to change"
    )
    assert reference["properties"]["from"] == {
        "type": "string",
        "description": "unit file (.yaml/.yml), relative to this file",
    }
    assert reference["properties"]["name"] == {
        "anyOf": [{"type": "string"}, {"type": "number"}],
        "description": "which unit of that file (needed when it holds several)",
    }
    assert (
        "name" in reference["properties"] and len(reference["properties"]) > 2
    )  # the unit's fields as overrides
    assert _ok(v, {"system": "dust", "units": [{"from": "lib.yaml", "name": 7}]})
    assert not _ok(v, {"system": "dust", "units": [{"from": 3}]})
    assert not _ok(v, {"system": "dust", "units": [{"from": "a.yaml", "name": [1]}]})
    assert not _ok(v, {"system": "dust", "units": [{"from": "a.yaml", "nonsense_field": 1}]})


def test_schema_rules_of_a_game_with_variants():
    v = _validator("battletech")
    s = api.unit_file_schema("battletech")
    rules = s["properties"]["rules"]["anyOf"]
    assert rules[1] == {"type": "null"}
    assert rules[0]["default"] == "classic"
    ref = {"from": "lib.yaml", "name": "A"}
    assert _ok(v, {"system": "battletech", "units": [ref], "rules": "tw"})
    assert _ok(v, {"system": "battletech", "units": [ref], "rules": None})
    assert not _ok(v, {"system": "battletech", "units": [ref], "rules": "7th"})
    assert "rules" not in api.unit_file_schema("dust")["properties"]
    assert not _ok(_validator("dust"), {"system": "dust", "units": [ref], "rules": "tw"})
    assert not _ok(v, {"system": "dust", "units": [ref]})  # another game's id


# -- render: where the army list goes, per file, in the options' language --------------------------------
def _texts(pdf: bytes) -> list[str]:
    from conftest import page_texts

    return page_texts(pdf)


def _dust_copies(n: int) -> bytes:
    """The dust sample's three units ``n`` times over (renamed, the hero joining its own squad)."""
    head, units = DUST.decode("utf-8").split("units:\n", 1)
    copies = [
        units.replace("name: Sample Laser Squad", f"name: Squad {i}")
        .replace("joins: Sample Laser Squad", f"joins: Squad {i}")
        .replace("name: Sample Hero Keller", f"name: Hero {i}")
        .replace("name: Sample Walker", f"name: Walker {i}")
        for i in range(n)
    ]
    return (head.replace("limit: 50", "limit: 5000") + "units:\n" + "".join(copies)).encode("utf-8")


def test_a_list_that_fits_goes_under_the_first_pages_cards():
    pages = _texts(api.render_pdf(api.load([Source("d.yaml", DUST)])))
    assert len(pages) == 1
    assert (
        pages[0].startswith("Sample Laser Squad 20 AP")
        and pages[0].count("Army list: Sample Axis force") == 1
    )


def test_a_short_list_that_does_not_fit_goes_last():
    pages = _texts(api.render_pdf(api.load([Source("d.yaml", _dust_copies(3))])))
    assert [p.count("Army list: Sample Axis force") for p in pages] == [0, 1]
    assert pages[0].startswith("Squad 0 20 AP")


def test_a_longer_list_that_does_not_fit_takes_its_own_page_first():
    pages = _texts(api.render_pdf(api.load([Source("d.yaml", _dust_copies(4))])))
    assert [p.count("Army list: Sample Axis force") for p in pages] == [1, 0, 0]
    assert pages[0].startswith("Army list: Sample Axis force") and "Squad 0 20 AP" not in pages[0]
    assert pages[1].startswith("Squad 0 20 AP")


def test_no_list_leaves_every_list_out():
    for data in (DUST, _dust_copies(3), _dust_copies(4)):
        pages = _texts(api.render(api.load([Source("d.yaml", data)]), no_list=True).pdf)
        assert not any("Army list" in p for p in pages)
    pages = _texts(api.render(api.load([Source("p.yaml", POINT)]), no_list=True).pdf)
    assert len(pages) == 1 and "Army list" not in pages[0]


def test_two_rosters_print_both_lists():
    pages = _texts(api.render_pdf(api.load([Source("d.yaml", DUST), Source("e.yaml", DUST)])))
    assert sum(p.count("Army list: Sample Axis force") for p in pages) == 2


def test_a_renderer_that_places_the_lists_itself_gets_them_in_the_language():
    en = _texts(api.render_pdf(api.load([Source("p.yaml", POINT)])))
    assert len(en) == 2 and en[1].startswith("ProtoMech record sheet Army list: Point Alpha")
    ru = _texts(api.render_pdf(api.load([Source("p.yaml", POINT)]), {"lang": "ru"}))
    assert ru[1].startswith("Лист записи протомеха Список армии: Point Alpha")
    assert "Army list" not in " ".join(ru)


def test_each_file_is_its_own_point():
    two = _texts(api.render_pdf(api.load([Source("a.yaml", ROC), Source("b.yaml", ROC)])))
    assert [p.split(" ProtoMech 1")[0] for p in two] == [
        "ProtoMech record sheet Point 1/2",
        "ProtoMech record sheet Point 2/2",
    ]


def test_render_options_record_progress_and_title_language():
    seen = []

    class Bar:
        def close(self):
            seen.append("closed")

    def progress(doc):
        seen.append(doc)
        return Bar()

    done = api.render(
        api.load([Source("otrok.yaml", OTROK)]), {"lang": "ru", "mono": True}, record=True, progress=progress
    )
    assert seen[0] is done.document and seen[1:] == ["closed"]
    assert done.document.recorder is not None
    assert _meta(done.pdf)[:2] == ("Древняя Механика: otrok", "record sheets")
    plain = api.render(api.load([Source("otrok.yaml", OTROK)]), {"lang": "ru"})
    assert plain.document.recorder is None and plain.pdf != done.pdf  # mono is a different print
    assert api.render(api.load([Source("otrok.yaml", OTROK)]), {"lang": "ru"}, jobs=2).pdf == plain.pdf


def test_glyphs_checked_skips_the_precheck_and_the_drawing_still_refuses():
    loaded = api.load([Source("f.yaml", _squad("Squad \u4e00"))])
    with pytest.raises(InvalidInput) as e:
        api.render(loaded)
    assert e.value.problems[0].message.startswith(
        "character '\u4e00' (U+4E00) in 'Squad \u4e00' cannot be printed"
    )
    with pytest.raises(InvalidInput) as e:
        api.render(loaded, glyphs_checked=True)
    assert e.value.problems[0].message.startswith("the font (")
    assert e.value.problems[0].file == "f.yaml"


# -- the same problem found through two files is reported once ---------------------------------------
BROKEN_LIB = b"""system: battletech
units:
  - name: Harpy
    tons: 2
    motion: bipedd
    walk: 3
    armor: {head: 2, torso: 4, right_arm: 1, left_arm: 1, legs: 3}
    equipment: []
"""
NAMING = b"system: battletech\nunits:\n  - {from: lib.yaml, name: Harpy}\n"
MOTION = (
    "lib.yaml:5:13: unit 'Harpy'.motion: unknown value 'bipedd' (did you mean 'biped'?); expected "
    "one of biped, quad, glider"
)


def test_a_librarys_problem_is_reported_once_by_load_and_check():
    # it was reported twice: once through the roster naming the library, once for the library
    with pytest.raises(InvalidInput) as e:
        api.load([Source("r.yaml", NAMING), Source("lib.yaml", BROKEN_LIB)])
    assert [str(p) for p in e.value.problems] == [MOTION]
    problems, _, _ = api.check([Source("r.yaml", NAMING), Source("lib.yaml", BROKEN_LIB)])
    assert [str(p) for p in problems] == [MOTION]
    # two rosters naming it: still once
    problems, _, _ = api.check(
        [Source("r.yaml", NAMING), Source("s.yaml", NAMING), Source("lib.yaml", BROKEN_LIB)]
    )
    assert [str(p) for p in problems] == [MOTION]


def test_two_different_problems_at_one_place_are_both_kept():
    assert api.distinct(
        [
            Problem("a", 1, 1, "error", "x"),
            Problem("a", 1, 1, "error", "y"),
            Problem("a", 1, 1, "error", "x"),
            Problem("a", 1, 1, "warning", "x"),
        ]
    ) == [
        Problem("a", 1, 1, "error", "x"),
        Problem("a", 1, 1, "error", "y"),
        Problem("a", 1, 1, "warning", "x"),
    ]


def test_the_cli_reports_a_librarys_problem_once(cli, tmp_path, monkeypatch):
    import json as _json

    monkeypatch.chdir(tmp_path)
    (tmp_path / "lib.yaml").write_bytes(BROKEN_LIB)
    (tmp_path / "r.yaml").write_bytes(NAMING)
    r = cli("validate", "r.yaml", "lib.yaml")
    assert r.exit_code == 1 and r.stderr == MOTION + "\n"
    r = cli("render", "r.yaml", "lib.yaml", "-o", "x.pdf")
    assert r.exit_code == 1 and r.stderr == MOTION + "\n"
    r = cli("validate", ".", "--json")
    rows = _json.loads(r.stdout)
    assert r.exit_code == 1 and [row["message"] for row in rows] == [MOTION.split("13: ", 1)[1]]
    assert rows[0]["file"] in ("lib.yaml", "./lib.yaml")


# -- more of the font check and the options' names -----------------------------------------------------
def test_font_check_of_texts_beyond_the_named_fields_at_their_own_lines():
    problems, _, _ = api.check(
        [Source("f.yaml", DUST.replace(b"Sample laser rifle", "rifle \u4e00".encode()))]
    )
    assert [(p.line, p.column) for p in problems] == [(18, 15)]
    problems, _, _ = api.check(
        [Source("f.yaml", DUST.replace(b"Illustrative skill text", "Illustrative \u4e00 text".encode()))]
    )
    assert [(p.line, p.column) for p in problems] == [(40, 36)]
    assert problems[0].message.startswith("character '\u4e00' (U+4E00) in 'Illustrative \u4e00 text written")


def test_font_check_of_the_rosters_notes():
    data = DUST.replace(b"limit: 50}", 'limit: 50, notes: "n \u4e00"}'.encode())
    problems, _, _ = api.check([Source("f.yaml", data)])
    # at the line of the roster's name (issue 31: a roster's own text has a line:col too)
    assert DUST.split(b"\n")[5].startswith(b"roster: {name: Sample Axis force")
    assert [(p.file, p.line, p.message) for p in problems] == [
        (
            "f.yaml",
            6,
            "character '\u4e00' (U+4E00) in 'n \u4e00' cannot be printed: the bundled font has no "
            "glyph for it",
        )
    ]


def _named_blk() -> str:
    blk = (ROOT / "tests/megamek/fixtures/Harpy.blk").read_text(encoding="utf-8")
    named = blk.replace("<Name>\nHarpy\n</Name>", "<Name>\nHarpy \u4e00\n</Name>")
    assert named != blk
    return named


def test_font_check_of_another_tools_file_read_from_disk_points_at_the_character(cli, tmp_path):
    named = _named_blk()
    line = named.split("\u4e00")[0].count("\n") + 1
    f = tmp_path / "h.blk"
    f.write_text(named, encoding="utf-8")
    r = cli("validate", f)
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{f}:{line}:7: character '\u4e00' (U+4E00) in ")


def test_font_check_of_uploaded_bytes_never_opens_a_file_of_that_name(tmp_path, monkeypatch):
    # the page's uploads are bytes with a name: a name that is a file on the server must not be
    # opened to place the character (it was: any name not ending in .yaml/.yml was read from disk)
    import builtins

    decoy = tmp_path / "h.blk"
    decoy.write_text("\n" * 50 + "\u4e00", encoding="utf-8")
    real_open = builtins.open
    opened = []

    def spy(file, *a, **k):
        opened.append(str(file))
        return real_open(file, *a, **k)

    monkeypatch.setattr(builtins, "open", spy)
    problems, _, _ = api.check([Source(str(decoy), _named_blk().encode())])
    assert [(p.line, p.column) for p in problems] == [(None, None)]
    assert str(decoy) not in opened
    problems, _, _ = api.check(
        [Source("f.YML", DUST.replace(b"Sample laser rifle", "rifle \u4e00".encode()))]
    )
    assert [(p.line, p.column) for p in problems] == [(18, 15)]


def test_check_loaded_goes_on_after_a_file_with_a_font_problem():
    a = api.load([Source("a.yaml", _squad("\u4e00"))]).files[0]
    over = api.load([Source("b.yaml", DUST.replace(b"limit: 50", b"limit: 10"))]).files[0]
    problems = api.check_loaded([a, over])
    assert [(p.path, p.message.split(" ")[0]) for p in problems][0] == ("a.yaml", "character")
    assert problems[-1].path == "b.yaml" and len(problems) == 2


def test_rules_then_a_game_option_in_one_query():
    assert api.parse_game_options("battletech", "render", {"rules": "tw", "no_odds": "1"}) == {
        "rules": "tw",
        "no_odds": True,
    }
    with pytest.raises(GameOptionError) as e:
        api.parse_game_options("dust", "render", {"--Xcard": "mini"})
    assert str(e.value).startswith("unknown option '--Xcard'")


def test_a_problem_in_a_named_library_is_placed_in_the_library():
    from sheets.core.errors import Pos
    from sheets.core.errors import Problem as CoreProblem

    core = CoreProblem("r.yaml", Pos(5, 13, file="lib.yaml"), "m")
    assert Problem.of(core) == Problem("lib.yaml", 5, 13, "error", "m")
    assert Problem.of(CoreProblem("r.yaml", Pos(5, 13), "m")) == Problem("r.yaml", 5, 13, "error", "m")
    assert Problem.of(CoreProblem("r.yaml", None, "m")) == Problem("r.yaml", None, None, "error", "m")
