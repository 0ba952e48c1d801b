"""What every output function puts in the PDF it makes, pinned from the PDF itself: the document
language (``/Lang`` of the catalogue: ru and en), mono as its own print, the title when a game
has no name in the page's language (its id), the file a character the font cannot draw is
blamed on when no input holds it (the game for a handout or chart, the list's file for a roster),
the roster's defaults (format, template name, the loader's language) and the refusals of a game
that lacks a renderer, a handout or starter files, word for word."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sheets import api
from sheets.api import InvalidInput, Source, UsageError
from sheets.core.game import get_game

ROOT = Path(__file__).resolve().parents[2]
POINT = (ROOT / "data/units/battletech/point-alpha.yaml").read_bytes()
OTROK = (ROOT / "data/units/dmech/otrok.yaml").read_bytes()
LATER = (
    (ROOT / "data/units/battletech/roc.yaml")
    .read_bytes()
    .replace(b"{item: ER Medium Laser, location: main_gun}", b"{item: Heavy Small Laser, location: main_gun}")
)


def _reader(pdf: bytes):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf))


def _lang(pdf: bytes) -> str:
    return str(_reader(pdf).trailer["/Root"]["/Lang"])


def _title(pdf: bytes) -> str:
    return _reader(pdf).metadata.title


def _alpha(options=None):
    return api.load([Source("point-alpha.yaml", POINT)], options)


# -- the document's language ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "make",
    [
        lambda o: api.render_pdf(api.load([Source("otrok.yaml", OTROK)]), o),
        lambda o: api.reference_pdf("dmech", o),
        lambda o: api.chart("dmech", "facing", o).pdf,
        lambda o: api.export_roster(_alpha(), "pdf", o),
    ],
    ids=["render", "reference", "chart", "roster"],
)
def test_every_pdf_names_its_language(make):
    assert _lang(make({"lang": "ru"})) == "ru"
    assert _lang(make({"lang": "en"})) == "en"
    assert _lang(make(None)) == "en"


def test_the_loaders_language_is_the_rosters_when_no_options_are_given():
    ru = _alpha({"lang": "ru"})
    assert _lang(api.export_roster(ru)) == "ru"
    assert json.loads(api.export_roster(ru, "json"))["lang"] == "ru"
    assert api.export_roster(ru, "md").decode("utf-8").startswith("# Список армии: Point Alpha")
    assert json.loads(api.export_roster(ru, "json", {"lang": "en"}))["lang"] == "en"  # given: it wins


def test_a_chart_in_mono_is_its_own_print():
    colour, mono = api.chart("dmech", "facing").pdf, api.chart("dmech", "facing", {"mono": True}).pdf
    assert colour != mono and mono == api.chart_output("dmech", "facing", {"mono": True})


def test_chart_pngs_are_drawn_with_the_options():
    from PIL import Image

    (letter,) = api.chart_pngs("dmech", "facing", {"paper": "letter"}, dpi=36)
    assert Image.open(io.BytesIO(letter)).size == (306, 396)
    (small,) = api.chart_pngs("dmech", "facing", {"radius": 2}, dpi=36)
    assert small != api.chart_pngs("dmech", "facing", None, dpi=36)[0]


def test_two_charts_are_listed_with_a_comma():
    with pytest.raises(UsageError) as e:
        api.chart("wh40k6", "to-wond")
    assert (
        str(e.value) == "no chart 'to-wond' for wh40k6 (did you mean 'to-wound'?); charts: to-wound, to-hit"
    )


# -- a game without a name in the page's language: its id ----------------------------------------
def test_titles_fall_back_to_the_games_id(monkeypatch):
    monkeypatch.setattr(get_game("dmech"), "name", {"ru": "Древняя Механика"})  # no English name
    assert _title(api.reference_pdf("dmech")) == "dmech: reference"
    assert _title(api.chart("dmech", "facing").pdf) == "dmech: facing"
    assert _title(api.render_pdf(api.load([Source("otrok.yaml", OTROK)]))) == "dmech: otrok"
    assert api.unit_file_schema("dmech")["title"] == "sheets unit file: dmech"
    assert _title(api.reference_pdf("dmech", {"lang": "ru"})) == "Древняя Механика: reference"


# -- a character the drawing cannot print, found in no input: whom it is blamed on ---------------
@pytest.fixture
def nothing_read(monkeypatch):
    import sheets.core.data
    import sheets.core.fsio as fsio

    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: [])
    monkeypatch.setattr(fsio, "inputs_read", lambda: [])


def _glyph_fail(*_a, **_k):
    from sheets.render.fonts import GlyphError

    raise GlyphError("x \u4e00", "\u4e00", "DejaVuSans")


def test_a_handout_or_chart_that_cannot_draw_a_character_names_the_game(nothing_read, monkeypatch):
    import sheets.core.game

    monkeypatch.setattr(sheets.core.game, "load_object", lambda path: _glyph_fail)
    for call in (lambda: api.reference("dmech"), lambda: api.chart("dmech", "facing")):
        with pytest.raises(InvalidInput) as e:
            call()
        assert [str(p) for p in e.value.problems] == [
            "dmech: the font (DejaVuSans) cannot draw '\u4e00' (U+4E00) in 'x \u4e00'"
        ]


def test_a_roster_that_cannot_draw_a_character_names_its_file(nothing_read, monkeypatch):
    import sheets.render.roster_pdf

    monkeypatch.setattr(sheets.render.roster_pdf, "draw_army_list", _glyph_fail)
    with pytest.raises(InvalidInput) as e:
        api.export_roster(_alpha())
    assert [p.file for p in e.value.problems] == ["point-alpha.yaml"]


# -- the roster's defaults ------------------------------------------------------------------------------
def test_roster_output_defaults_to_pdf_and_names_a_template_template():
    from sheets.core.errors import InputError

    pdf, doc = api.roster_output(_alpha())
    assert pdf.startswith(b"%PDF-") and doc.pages == 1 and doc.recorder is None
    with pytest.raises(InputError) as e:
        api.roster_output(_alpha(), "md", None, b"{{ bogus }}")
    assert [str(p) for p in e.value.problems] == [
        "template:1:1: template error: UndefinedError: 'bogus' is undefined"
    ]


def test_a_template_is_escaped_as_its_format_is():
    named = _alpha().files[0]
    named.roster["name"] = "A <b> & C"
    assert api.export_roster([named], "html", None, b"{{ name }}") == b"A &lt;b&gt; &amp; C"
    assert api.export_roster([named], "md", None, b"{{ name }}") == b"A \\<b\\> \\& C"  # Markdown's escapes


def test_a_recorded_roster_is_the_same_pdf():
    assert api.roster_output(_alpha(), "pdf", record=True)[0] == api.export_roster(_alpha())


# -- a game that lacks a piece: the refusal, word for word --------------------------------------
def test_a_game_without_a_renderer_a_handout_or_starters(monkeypatch):
    import sheets.core.data

    monkeypatch.setattr(get_game("dmech"), "renderer", None)
    with pytest.raises(UsageError) as e:
        api.render(api.load([Source("otrok.yaml", OTROK)]))
    assert str(e.value) == "dmech has no record-sheet renderer yet"
    monkeypatch.setattr(get_game("lnl"), "reference_renderer", None)
    with pytest.raises(UsageError) as e:
        api.reference("lnl")
    assert str(e.value) == "lnl has no reference handout yet"
    real = sheets.core.data.load_data
    monkeypatch.setattr(
        sheets.core.data, "load_data", lambda name: {} if name == "common/starters.yaml" else real(name)
    )
    with pytest.raises(UsageError) as e:
        api.starter("dust")
    assert str(e.value) == "dust has no starter files"
    assert api.starter_kinds("dust") == []


# -- check with options: they reach the loader -----------------------------------------------------
def test_check_loads_with_the_options_given():
    problems, units, game = api.check([Source("later.yaml", LATER)])
    assert [str(p) for p in problems] == [
        "later.yaml:12:16: warning: unit 'Roc': Heavy Small Laser is not in the classic ProtoMech rules (later "
        "equipment; use rules: tw), marked † on the sheet"
    ]
    assert api.check([Source("later.yaml", LATER)], {"rules": "tw"}) == ([], 1, "battletech")
    assert api.check([Source("later.yaml", LATER)], {"rules": "TW"}) == ([], 1, "battletech")
