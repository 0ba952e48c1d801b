"""The worker's operations called in this process, as a worker process calls them (issue 35: a
mutant in a worker process is invisible to the tests, these see it): the exact answer of each
operation, its defaults when the payload leaves a key out, and the message of each refusal."""

from __future__ import annotations

import base64
import io
import zipfile
from types import SimpleNamespace

import pytest
from PIL import Image

from sheets import api
from sheets.core.errors import Pos
from sheets.core.errors import Problem as CoreProblem
from sheets.web import worker

from .conftest import sample

ROC = sample("battletech", "roc.yaml")
DUST = sample("dust", "sample_force.yaml")
QUAD = (
    b"system: battletech\nunits:\n  - name: Quad Test\n    tons: 5\n    motion: quad\n    walk: 4\n"
    b"    armor: {head: 4, torso: 10, legs: 10}\n    equipment:\n      - {item: ER Small Laser, location: torso}\n"
)
# a roster of the quad (loads only under rules: tw) over its limit: a list-level breach
QUAD_ROSTER = QUAD.replace(b"units:", b"roster: {name: Q, limit: 1}\nunits:")
OVER = "roster 'Q' is over the limit: 134 BV > 1 (by 133)"
GLYPH = ROC.replace(b"name: Roc", "name: Roc 名".encode())
GLYPH_MESSAGE = "character '名' (U+540D) in 'Roc 名' cannot be printed: the bundled font has no glyph for it"
GAMES = "battletech, dmech, dust, lnl, wh40k6"


@pytest.fixture(scope="module")
def roc_pdf():
    rendered = worker.op_render({"files": [["roc.yaml", ROC]]})
    assert sorted(rendered) == ["pages", "pdf"] and rendered["pages"] == 1
    return rendered["pdf"]


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


# -- problem_dict ---------------------------------------------------------------------------------
def test_a_core_problem_as_json_takes_the_file_of_its_position():
    p = CoreProblem("list.yaml", Pos(3, 5, file="lib.yaml"), "too fast", "warning")
    assert worker.problem_dict(p) == {
        "file": "lib.yaml",
        "line": 3,
        "column": 5,
        "severity": "warning",
        "message": "too fast",
    }


def test_a_core_problem_without_a_file_in_its_position_or_without_a_position():
    assert worker.problem_dict(CoreProblem("a.yaml", Pos(7, 2), "bad")) == {
        "file": "a.yaml",
        "line": 7,
        "column": 2,
        "severity": "error",
        "message": "bad",
    }
    assert worker.problem_dict(CoreProblem("a.yaml", None, "over", "warning")) == {
        "file": "a.yaml",
        "line": None,
        "column": None,
        "severity": "warning",
        "message": "over",
    }


def test_an_api_problem_as_json_and_one_without_a_severity_is_an_error():
    p = api.Problem("b.yaml", 4, 9, "warning", "odd", "code")
    assert worker.problem_dict(p) == {
        "file": "b.yaml",
        "line": 4,
        "column": 9,
        "severity": "warning",
        "message": "odd",
    }
    bare = SimpleNamespace(file="c.yaml", line=None, column=None, message="no severity")
    assert worker.problem_dict(bare) == {
        "file": "c.yaml",
        "line": None,
        "column": None,
        "severity": "error",
        "message": "no severity",
    }


# -- check ----------------------------------------------------------------------------------------
def test_check_without_a_query():
    assert worker.op_check({"files": [["roc.yaml", ROC]]}) == {
        "problems": [],
        "units": 1,
        "written": 1,
        "game": "battletech",
    }


def test_check_takes_the_shared_options():
    with pytest.raises(api.UsageError) as exc:
        worker.op_check({"files": [["roc.yaml", ROC]], "query": {"paper": "bogus"}})
    assert str(exc.value) == "unknown paper 'bogus'; expected a4 or letter"


def test_check_reads_the_games_own_options_as_validate_does():
    # --units is an option of `validate` (a folder: refused by name on the page); under any other
    # command it would be an unknown option
    with pytest.raises(api.GameOptionError) as exc:
        worker.op_check({"files": [["roc.yaml", ROC]], "query": {"units": "x"}})
    assert str(exc.value) == "--units names a path on this machine: not available here"


def test_check_with_options_of_a_game_it_cannot_tell():
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_check({"files": [["x.yaml", b"units: []\n"]], "query": {"rules": "tw"}})
    assert str(exc.value) == "options need a file whose game is known (system: …)"


def test_a_list_breach_is_a_warning_when_the_file_loads_only_with_the_games_options():
    r = worker.op_check({"files": [["q.yaml", QUAD_ROSTER]], "query": {"rules": "tw"}})
    assert r == {
        "problems": [
            {"file": "q.yaml", "line": None, "column": None, "severity": "warning", "message": OVER}
        ],
        "units": 1,
        "written": 1,  # a warning is no failure: the file's unit is not counted twice
        "game": "battletech",
    }


def test_only_the_list_breach_becomes_a_warning_a_units_error_stays():
    r = worker.op_check({"files": [["q.yaml", QUAD_ROSTER], ["g.yaml", GLYPH]], "query": {"rules": "tw"}})
    assert r["problems"] == [
        {"file": "q.yaml", "line": None, "column": None, "severity": "warning", "message": OVER},
        {"file": "g.yaml", "line": 5, "column": 11, "severity": "error", "message": GLYPH_MESSAGE},
    ]
    assert (r["units"], r["game"]) == (2, "battletech")


def test_no_list_breach_no_change_and_a_file_that_does_not_load_keeps_its_problems():
    plain = [api.Problem("a.yaml", None, None, "error", "whole")]
    assert worker._list_rules_as_warnings(plain, [api.Source("a.yaml", b"units: [\n")], {}) is plain
    lined = [api.Problem("roc.yaml", 3, 1, "error", "x"), api.Problem("roc.yaml", None, None, "warning", "w")]
    assert worker._list_rules_as_warnings(lined, [api.Source("roc.yaml", ROC)], {}) is lined


@pytest.mark.parametrize("value", ["1", "yes"])
def test_check_with_preview_sends_the_first_page(value, roc_pdf):
    r = worker.op_check({"files": [["roc.yaml", ROC]], "query": {"preview": value, "dpi": "36"}})
    assert sorted(r) == ["game", "pdf", "preview", "problems", "units", "written"]
    assert r["pdf"] == roc_pdf
    assert sorted(r["preview"]) == ["image", "pages", "type"]
    assert (r["preview"]["type"], r["preview"]["pages"]) == ("image/png", 1)
    png = base64.b64decode(r["preview"]["image"].encode("ascii"), validate=True)
    assert png == worker.page_png(roc_pdf, 1, 36)
    assert _png(png).size == (298, 421)


def test_the_preview_of_a_check_has_its_glyphs_checked(monkeypatch):
    seen = []
    render = api.render

    def spy(loaded, options, glyphs_checked=False):
        seen.append(glyphs_checked)
        return render(loaded, options, glyphs_checked=glyphs_checked)

    monkeypatch.setattr(api, "render", spy)
    worker.op_check({"files": [["roc.yaml", ROC]], "query": {"preview": "1", "dpi": "36"}})
    assert seen == [True]
    worker.op_render({"files": [["roc.yaml", ROC]]})
    assert seen == [True, False]


@pytest.mark.parametrize("query", [{}, {"preview": ""}, {"preview": "0"}])
def test_check_without_preview(query):
    assert "preview" not in worker.op_check({"files": [["roc.yaml", ROC]], "query": query})


def test_check_with_preview_shows_a_list_with_warnings_only_not_one_with_an_error():
    warned = worker.op_check(
        {"files": [["q.yaml", QUAD_ROSTER]], "query": {"rules": "tw", "preview": "1", "dpi": "36"}}
    )
    assert [p["severity"] for p in warned["problems"]] == ["warning"]
    assert warned["preview"]["pages"] == 1 and warned["pdf"].startswith(b"%PDF")
    failed = worker.op_check({"files": [["q.yaml", QUAD]], "query": {"preview": "1", "dpi": "36"}})
    assert [p["severity"] for p in failed["problems"]] == ["error"]
    assert "preview" not in failed and "pdf" not in failed


# -- the units written in files that failed ---------------------------------------------------------
def _failed(*names):
    return [{"file": n, "severity": "error"} for n in names]


def test_written_counts_the_units_of_each_failed_yaml_file():
    two = b"units: [{name: a}, {name: b}]\n"
    three = b"units: [{name: a}, {name: b}, {name: c}]\n"
    files = [["ok.yaml", three], ["a.YAML", two], ["b.yml", three], ["c.json", two]]
    assert worker._written(files, _failed("a.YAML", "b.yml", "c.json")) == 5


def test_written_goes_on_past_a_file_it_skips():
    two = b"units: [{name: a}, {name: b}]\n"
    files = [["ok.yaml", two], ["broken.yaml", b"units: [\n"], ["list.yaml", b"- a\n- b\n"], ["b.yaml", two]]
    assert worker._written(files, _failed("broken.yaml", "list.yaml", "b.yaml")) == 2


def test_written_leaves_out_a_file_with_warnings_only():
    two = b"units: [{name: a}, {name: b}]\n"
    assert worker._written([["w.yaml", two]], [{"file": "w.yaml", "severity": "warning"}]) == 0
    assert worker._written([["w.yaml", two]], [{"file": "w.yaml", "severity": "error"}]) == 2


# -- preview and the page PNGs ----------------------------------------------------------------------
def test_preview_of_a_cached_pdf_renders_nothing(roc_pdf):
    r = worker.op_preview({"pdf": roc_pdf})  # no files, no query: the cached PDF's first page
    assert sorted(r) == ["pages", "pdf", "png", "type"]
    assert (r["type"], r["pages"], r["pdf"]) == ("image/png", 1, roc_pdf)
    image = _png(r["png"])
    assert (image.size, image.mode) == ((794, 1123), "RGB")  # 96 dpi, in colour


def test_preview_refuses_an_unknown_format_naming_30_characters(roc_pdf):
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_preview({"pdf": roc_pdf, "query": {"format": "y" * 40}})
    assert str(exc.value) == f"format: expected png or jpeg, got {'y' * 30!r}"


def test_pngs_of_the_files_without_a_query():
    r = worker.op_pngs({"files": [["roc.yaml", ROC]]})
    assert sorted(r) == ["pdf", "zip"] and r["pdf"].startswith(b"%PDF")
    with zipfile.ZipFile(io.BytesIO(r["zip"])) as z:
        infos = z.infolist()
        assert [(i.filename, i.date_time, i.compress_type) for i in infos] == [
            ("sheets-1.png", (1980, 1, 1, 0, 0, 0), zipfile.ZIP_STORED)
        ]
        image = _png(z.read(infos[0]))
    assert (image.size, image.mode) == ((1241, 1754), "RGB")  # 150 dpi, in colour
    assert [round(d) for d in image.info["dpi"]] == [150, 150]


def test_pngs_of_a_cached_pdf_in_grey(roc_pdf):
    r = worker.op_pngs({"pdf": roc_pdf, "stem": "roc", "query": {"dpi": "36", "mono": "1"}})
    assert r["pdf"] == roc_pdf
    with zipfile.ZipFile(io.BytesIO(r["zip"])) as z:
        assert z.namelist() == ["roc-1.png"]
        image = _png(z.read("roc-1.png"))
    assert (image.size, image.mode) == ((298, 421), "L")


def _blank_pdf(pages: int) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(72, 72))
    for _ in range(pages):
        c.showPage()
    c.save()
    return buf.getvalue()


def test_pngs_are_made_for_200_pages_not_201():
    r = worker.op_pngs({"pdf": _blank_pdf(worker.MAX_PAGES_PNG), "query": {"dpi": "36"}})
    with zipfile.ZipFile(io.BytesIO(r["zip"])) as z:
        names = z.namelist()
    assert len(names) == 200 and names[0] == "sheets-1.png" and names[-1] == "sheets-200.png"
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_pngs({"pdf": _blank_pdf(201), "query": {"dpi": "36"}})
    assert str(exc.value) == "201 pages: PNGs are made for at most 200; use the PDF or `sheets render --png`"


def test_page_png_is_in_colour_unless_asked_for_grey(roc_pdf):
    assert _png(worker.page_png(roc_pdf, 1, 36)).mode == "RGB"
    assert _png(worker.page_png(roc_pdf, 1, 36, True)).mode == "L"


# -- roster, reference, chart, starter, schema --------------------------------------------------------
def test_roster_without_a_query_is_markdown_in_english():
    data = worker.op_roster({"files": [["roc.yaml", ROC]]})["data"].decode()
    assert data.startswith("# Army list\n\nClassic BattleTech: Clan ProtoMechs")


def test_roster_in_the_querys_language():
    data = worker.op_roster({"files": [["roc.yaml", ROC]], "query": {"lang": "ru"}})["data"].decode()
    assert data.startswith("# Список армии\n")
    assert (
        data
        == api.export_roster(
            api.load([api.Source("roc.yaml", ROC)], {"lang": "ru"}), "md", {"lang": "ru"}
        ).decode()
    )


def test_roster_refuses_an_unknown_format_naming_30_characters():
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_roster({"files": [["roc.yaml", ROC]], "query": {"format": "x" * 40}})
    assert str(exc.value) == f"format: expected pdf, md, html, bbcode or json, got {'x' * 30!r}"


@pytest.mark.parametrize("op", ["reference", "chart", "schema", "starter"])
def test_no_game_named_is_an_unknown_game(op):
    with pytest.raises(api.UsageError) as exc:
        worker.OPERATIONS[op]({})
    assert str(exc.value) == f"unknown game ''; known: {GAMES}"


def test_reference_in_the_querys_language_with_the_games_own_options():
    ru = worker.op_reference({"query": {"game": "battletech", "lang": "ru"}})["pdf"]
    assert ru == api.reference_pdf("battletech", {"lang": "ru"})
    assert ru != api.reference_pdf("battletech", {"lang": "en"})
    with pytest.raises(api.GameOptionError) as exc:  # dust's --dice is an option of its reference
        worker.op_reference({"query": {"game": "dust", "dice": "zz"}})
    assert str(exc.value) == "Dice edition: unknown value 'zz'; expected one of classic, revised"


def test_chart_without_a_name_and_with_an_unknown_format():
    with pytest.raises(api.UsageError) as exc:
        worker.op_chart({"query": {"game": "battletech"}})
    assert str(exc.value) == "no chart '' for battletech; charts: hit-location"
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_chart({"query": {"game": "battletech", "name": "hit-location", "format": "z" * 40}})
    assert str(exc.value) == f"format: expected pdf or png, got {'z' * 30!r}"


def test_starter_of_a_game_without_a_kind_is_its_first():
    text = worker.op_starter({"query": {"game": "lnl"}})["text"]
    assert text == api.starter("lnl", "oob", "en")
    assert text.startswith("# yaml-language-server: $schema=lnl.schema.json\n")


def test_schema_of_a_game():
    schema = worker.op_schema({"query": {"game": "dust"}})["schema"]
    assert schema == api.unit_file_schema("dust")


# -- catalogue ---------------------------------------------------------------------------------------
def test_the_catalogue_describes_each_game():
    from sheets.core.i18n import use_lang

    with use_lang("en"):
        cat = worker.op_catalogue({})
    assert sorted(cat) == ["games", "lang", "plurals", "words"] and cat["lang"] == "en"
    bt = cat["games"][0]
    assert sorted(bt) == [
        "calculators",
        "charts",
        "group_label",
        "group_size",
        "id",
        "name",
        "options",
        "reference",
        "starters",
        "variants",
    ]
    assert (bt["id"], bt["variants"], bt["charts"], bt["reference"]) == (
        "battletech",
        ["classic", "tw"],
        ["hit-location"],
        True,
    )
    assert (bt["starters"], bt["group_size"], bt["group_label"]) == (
        ["point"],
        5,
        {"en": "Point", "ru": "Точка"},
    )
    assert sorted(bt["options"]) == ["chart", "reference", "render"]
    assert bt["options"]["reference"] == api.game_options("battletech", "reference", "en")
    dust = next(g for g in cat["games"] if g["id"] == "dust")
    assert (dust["starters"], dust["group_size"], dust["group_label"]) == (["force"], None, None)


def test_a_game_whose_starters_cannot_be_listed_offers_none(monkeypatch):
    def kinds(game_id):
        if game_id == "dust":
            raise RuntimeError("no starters")
        return ["k"]

    monkeypatch.setattr(api, "starter_kinds", kinds)
    games = {g["id"]: g["starters"] for g in worker.op_catalogue({})["games"]}
    assert games == {"battletech": ["k"], "dmech": ["k"], "dust": [], "lnl": ["k"], "wh40k6": ["k"]}


def test_the_group_label_in_english_and_russian_only_for_a_game_with_groups():
    from sheets.core.game import get_game

    assert worker._group_label(get_game("battletech")) == {"en": "Point", "ru": "Точка"}
    assert worker._group_label(get_game("dust")) is None
    odd = SimpleNamespace(id="battletech", roster_group_size=3, roster_group_label="no such label key")
    assert worker._group_label(odd) is None  # a label the game's data lacks: the page's own word


# -- decode ------------------------------------------------------------------------------------------
def test_decode_names_utf32_of_both_byte_orders_and_utf16():
    import codecs

    text = "a: ё\n"
    sent = [
        ["le32.yaml", text.encode("utf-32")],  # (little-endian, with its BOM)
        ["be32.yaml", codecs.BOM_UTF32_BE + text.encode("utf-32-be")],
        ["le16.yaml", codecs.BOM_UTF16_LE + text.encode("utf-16-le")],
    ]
    assert worker.op_decode({"files": sent})["files"] == [
        {"name": "le32.yaml", "text": text, "encoding": "UTF-32", "note": None},
        {"name": "be32.yaml", "text": text, "encoding": "UTF-32", "note": None},
        {"name": "le16.yaml", "text": text, "encoding": "UTF-16", "note": None},
    ]


def test_decode_a_binary_file_then_a_windows_1251_one():
    sent = [["bin.yaml", b"\x00bin"], ["ru.yaml", b"a: \xe0\x98\n"], ["ok.yaml", b"b: 1\n"]]
    assert worker.op_decode({"files": sent})["files"] == [
        {"name": "bin.yaml", "text": None, "encoding": None, "note": None},
        {
            "name": "ru.yaml",
            "text": "a: а\ufffd\n",  # 0x98 has no letter in Windows-1251
            "encoding": "Windows-1251",
            "note": "ru.yaml:1:4: not valid UTF-8 text: save the file as UTF-8",
        },
        {"name": "ok.yaml", "text": "b: 1\n", "encoding": "UTF-8", "note": None},
    ]


# -- units -------------------------------------------------------------------------------------------
DUST_UNITS = [
    {"file": "f.yaml", "name": "", "ref": "@1"},
    {"file": "f.yaml", "name": "Sample Laser Squad", "ref": "@1#Sample Laser Squad"},
    {"file": "f.yaml", "name": "Sample Hero Keller", "ref": "@1#Sample Hero Keller"},
    {"file": "f.yaml", "name": "Sample Walker", "ref": "@1#Sample Walker"},
]


def test_units_of_each_file_that_loads_without_a_query():
    assert worker.op_units({"files": [["bad.yaml", b"units: [\n"], ["f.yaml", DUST]]}) == {
        "units": DUST_UNITS
    }


def test_units_are_loaded_with_the_querys_options():
    sent = [["bad.yaml", b"units: [\n"], ["f.yaml", DUST]]
    assert worker.op_units({"files": sent, "query": {"paper": "letter"}}) == {"units": DUST_UNITS}
    assert worker.op_units({"files": sent, "query": {"paper": "bogus"}}) == {"units": []}


def test_units_are_at_most_500():
    unit = "  - {name: U%d, kind: squad, counter: '2-5-4'}\n"
    many = ("system: lnl\nunits:\n" + "".join(unit % n for n in range(500))).encode()
    out = worker.op_units({"files": [["many.yaml", many]]})["units"]
    assert len(out) == 500  # the file itself and its first 499 units
    assert out[0] == {"file": "many.yaml", "name": "", "ref": "@0"}
    assert out[-1] == {"file": "many.yaml", "name": "U498", "ref": "@0#U498"}


# -- calc --------------------------------------------------------------------------------------------
def test_inputs_take_an_opened_file_by_number_in_a_list_too():
    opened = [["a.yaml", b""], ["b.yaml", b""]]
    fields = {"unit": "@1#Roc", "side": ["@0", " @1#X "], "n": "3", "k": 4}
    assert worker._inputs(fields, opened) == {
        "unit": {"file": "b.yaml", "name": "Roc"},
        "side": [{"file": "a.yaml", "name": None}, {"file": "b.yaml", "name": "X"}],  # (the value stripped)
        "n": "3",
        "k": 4,
    }


def test_inputs_refuse_a_file_number_past_the_opened_ones():
    opened = [["a.yaml", b""]]
    assert worker._inputs({"u": "@0#A"}, opened) == {"u": {"file": "a.yaml", "name": "A"}}
    with pytest.raises(worker.OptionProblem) as exc:
        worker._inputs({"u": "@1#A"}, opened)
    assert str(exc.value) == "'@1#A': no opened file number 1"
    long = "@7#" + "n" * 50
    with pytest.raises(worker.OptionProblem) as exc:
        worker._inputs({"u": long}, opened)
    assert str(exc.value) == f"{long[:40]!r}: no opened file number 7"


def test_calc_without_files():
    r = worker.op_calc(
        {"game": "dmech", "command": "penetration", "fields": {"power": "4", "dice": "3,5", "armor": "6"}}
    )
    assert sorted(r) == ["display", "result", "text"]
    assert r["result"]["penetration"] == 9 and r["result"]["result"] == "heavy_damage"


def test_a_refused_calculation_says_why():
    r = worker.op_calc(
        {"game": "lnl", "command": "melee", "fields": {"a": ["1-6-4"], "b": ["2-5-4", "2-5-4"]}}
    )
    assert r == {
        "refused": "illegal attack: side A: 1 FP against 2 units with 4 FP is below 1:3; such an attack may "
        "target only one unit: pick one of B1, B2 (e.g. Side A attacks B1)",
        "result": None,
        "text": None,
    }


# -- the test operation of the time limit --------------------------------------------------------------
def test_sleep_sleeps_the_seconds_asked_one_by_default(monkeypatch):
    import time

    slept = []
    monkeypatch.setattr(time, "sleep", slept.append)
    assert worker.op_sleep({"seconds": "0.25"}) == {}
    assert worker.op_sleep({}) == {}
    assert slept == [0.25, 1.0] and all(type(s) is float for s in slept)


def test_a_jpeg_preview_is_encoded_at_quality_90(roc_pdf):
    r = worker.op_preview({"pdf": roc_pdf, "query": {"format": "jpeg", "dpi": "36"}})
    assert (r["type"], r["pages"]) == ("image/jpeg", 1)
    image = Image.open(io.BytesIO(r["png"]))
    assert (image.format, image.size, image.mode) == ("JPEG", (298, 421), "RGB")
    buf = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buf, format="JPEG", quality=90)
    assert image.quantization == Image.open(buf).quantization
    assert [round(d) for d in image.info["dpi"]] == [36, 36]


def test_a_png_page_is_compressed_at_zlib_level_1(roc_pdf):
    data = worker.page_png(roc_pdf, 1, 36)
    at = data.index(b"IDAT")
    assert data[at + 4 : at + 6] == b"\x78\x01"  # the zlib header of the fastest level


def test_a_number_option_that_is_not_one_is_named_by_30_characters(roc_pdf):
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_preview({"pdf": roc_pdf, "query": {"dpi": "9x" * 20}})
    assert str(exc.value) == f"dpi: expected a whole number, got {('9x' * 20)[:30]!r}"


def test_units_of_another_tools_file_read_by_its_name():
    from pathlib import Path

    blk = (Path(__file__).resolve().parents[1] / "megamek" / "fixtures" / "Roc.blk").read_bytes()
    assert worker.op_units({"files": [["Roc.blk", blk]]}) == {
        "units": [
            {"file": "Roc.blk", "name": "", "ref": "@0"},
            {"file": "Roc.blk", "name": "Roc", "ref": "@0#Roc"},
        ]
    }


def test_render_of_a_file_that_loads_only_with_the_games_options_takes_its_render_options():
    options = {"rules": "tw", "no_odds": True}
    r = worker.op_render({"files": [["q.yaml", QUAD]], "query": {"rules": "tw", "no_odds": "1"}})
    assert r == {"pdf": api.render_pdf(api.load([api.Source("q.yaml", QUAD)], options), options), "pages": 1}
    assert r["pdf"] != worker.op_render({"files": [["q.yaml", QUAD]], "query": {"rules": "tw"}})["pdf"]


def test_mono_that_is_not_on_or_off_is_named_by_30_characters(roc_pdf):
    with pytest.raises(worker.OptionProblem) as exc:
        worker.op_preview({"pdf": roc_pdf, "query": {"mono": "y" * 40}})
    assert str(exc.value) == f"mono: expected 1 or 0, got {'y' * 30!r}"


def test_the_messages_language_the_pages_then_the_querys_then_the_printouts():
    assert worker.message_lang({"ui": "ru", "query": {"ui": "en", "lang": "en"}, "lang": "en"}) == "ru"
    assert worker.message_lang({"query": {"ui": "ru", "lang": "en"}, "lang": "en"}) == "ru"
    assert worker.message_lang({"lang": "ru", "query": {"lang": "en"}}) == "ru"
    assert worker.message_lang({"query": {"lang": "ru"}}) == "ru"
    assert worker.message_lang({"ui": "xx", "query": "not a mapping"}) is None
    assert worker.message_lang(None) is None
    assert (
        worker.message_lang({"ui": 7, "query": {"ui": ["ru"], "lang": ""}, "lang": "ru"}) == "ru"
    )  # texts only


@pytest.mark.parametrize(
    "error, answer",
    [
        (RuntimeError(), "RuntimeError: "),
        (RuntimeError("x" * 400 + "\nsecond line"), "RuntimeError: " + "x" * 300),
        (KeyError("k"), "KeyError: 'k'"),
    ],
)
def test_an_unexpected_error_is_one_line_of_at_most_300_characters(monkeypatch, error, answer):
    def boom(payload):
        raise error

    monkeypatch.setitem(worker.OPERATIONS, "boom", boom)
    assert worker.run("boom", {}) == ("internal", answer)
