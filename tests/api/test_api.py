"""The in-memory API (``sheets.api``): named bytes in, bytes out; the same bytes as the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sheets import api
from sheets.api import GameOptionError, InvalidInput, Problem, Source, UsageError

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"

LIBRARY = b"""system: battletech
units:
  - name: Harpy
    tons: 2
    motion: biped
    walk: 3
    jump: 3
    armor: {head: 2, torso: 4, right_arm: 1, left_arm: 1, legs: 3}
    equipment:
      - {item: Machine Gun, location: torso}
      - {item: Machine Gun Ammo, shots: 20}
    pilot: {name: "", gunnery: 4}
"""

ROSTER = b"""system: battletech
roster: {name: Library Point}
units:
  - {from: lib/protos.yaml, name: Harpy, pilot: {name: Kael, gunnery: 3}}
"""


def sample(game: str, name: str) -> Source:
    path = UNITS / game / name
    return Source(path.name, path.read_bytes())


def test_render_pdf_is_byte_identical_to_the_cli(cli, tmp_path):
    src = sample("battletech", "point-alpha.yaml")
    (tmp_path / src.name).write_bytes(src.data)
    out = tmp_path / "out.pdf"
    r = cli("render", tmp_path / src.name, "-o", out)
    assert r.exit_code == 0, r.output
    # the CLI names the document after the file's stem, as the API does after the source name
    assert api.render_pdf(api.load([src])) == out.read_bytes()


def test_render_pdf_with_options_matches_the_cli(cli, tmp_path):
    src = sample("dust", "sample_force.yaml")
    (tmp_path / src.name).write_bytes(src.data)
    out = tmp_path / "cards.pdf"
    r = cli(
        "render",
        tmp_path / src.name,
        "--lang",
        "ru",
        "--paper",
        "letter",
        "--card",
        "mini",
        "--backs",
        "-o",
        out,
    )
    assert r.exit_code == 0, r.output
    opts = {
        "lang": "ru",
        "paper": "letter",
        **api.parse_game_options("dust", "render", {"card": "mini", "backs": "1"}),
    }
    assert api.render_pdf(api.load([src], opts), opts) == out.read_bytes()


def test_from_resolves_among_the_sources_relative_to_the_naming_one():
    loaded = api.load(
        [Source("army/point.yaml", ROSTER.replace(b"lib/", b"../lib/")), Source("lib/protos.yaml", LIBRARY)]
    )
    # the library is named by the roster: it is not printed on its own
    assert loaded.names == ["army/point.yaml"]
    assert [u.name for u in loaded.units] == ["Harpy"]
    assert loaded.units[0].pilot.name == "Kael"


def test_from_never_reads_the_file_system(tmp_path, monkeypatch):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "protos.yaml").write_bytes(LIBRARY)
    monkeypatch.chdir(tmp_path)  # the file exists on disk, but is not one of the sources
    with pytest.raises(InvalidInput) as exc:
        api.load([Source("point.yaml", ROSTER)])
    (p,) = exc.value.problems
    assert isinstance(p, Problem)
    assert (p.file, p.line, p.column, p.severity) == ("point.yaml", 4, 12, "error")
    assert p.message == (
        "'lib/protos.yaml' is not one of the opened files (a 'from:' resolves only among them)"
    )


def test_from_did_you_mean_among_the_sources():
    problems, units, game = api.check([Source("point.yaml", ROSTER), Source("lib/proto.yaml", LIBRARY)])
    assert [str(p) for p in problems] == [
        "point.yaml:4:12: 'lib/protos.yaml' is not one of the opened files (a 'from:' resolves "
        "only among them) (did you mean 'lib/proto.yaml'?)"
    ]
    assert (units, game) == (1, "battletech")  # the library loaded


BROKEN = b"""system: battletech
units:
  - name: Typo
    tons: 2
    motion: bipedd
    walk: 3
    armor: {head: 2, torso: 4, right_arm: 1, left_arm: 1, legs: 3}
    equipment: []
    pilot: {name: "", gunnery: 4}
  - name: Too Thick
    tons: 2
    motion: biped
    walk: 3
    armor: {head: 2, torso: 40, right_arm: 1, left_arm: 1, legs: 3}
    equipment: []
    pilot: {name: "", gunnery: 4}
"""


def test_check_lists_structural_and_rule_problems_in_one_run(cli, tmp_path):
    problems, units, game = api.check([Source("b.yaml", BROKEN)])
    assert game == "battletech" and units == 0
    lines = [p.line for p in problems]
    assert lines == [5, 14]  # the bad motion (structure) and the torso armour (rules)
    assert problems[1].message == "unit 'Too Thick': torso armour 40 exceeds the maximum 4 for a 2 t biped"
    # the same text as `validate` prints
    (tmp_path / "b.yaml").write_bytes(BROKEN)
    r = cli("validate", tmp_path / "b.yaml")
    assert r.exit_code == 1
    assert [str(p) for p in problems] == [
        line.replace(str(tmp_path / "b.yaml"), "b.yaml") for line in r.stderr.splitlines()
    ]


def test_check_of_a_valid_file_and_of_an_unknown_game():
    assert api.check([sample("dust", "sample_force.yaml")]) == ([], 3, "dust")
    problems, units, game = api.check([Source("x.yaml", b"system: chess\nunits: [{}]\n")])
    assert game is None and units == 0
    assert problems[0].as_dict() == {
        "file": "x.yaml",
        "line": 1,
        "column": 9,
        "severity": "error",
        "code": problems[0].code or "input",
        "message": problems[0].message,
    }
    assert problems[0].message.startswith("unknown system 'chess'")


def test_check_reports_a_list_breach_and_warnings():
    data = (UNITS / "dust" / "sample_force.yaml").read_bytes().replace(b"limit: 50", b"limit: 10")
    problems, units, game = api.check([Source("f.yaml", data)])
    assert units == 3 and any(p.severity == "error" and p.line is None for p in problems)


def test_render_png_one_page():
    loaded = api.load([sample("dmech", "otrok.yaml")])
    png = api.render_png(loaded, page=1, dpi=30)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    img = Image.open(io.BytesIO(png))
    w, h = img.size  # A4 at 30 dpi: 248.0 x 350.8 px
    assert abs(w - 210 / 25.4 * 30) <= 1 and abs(h - 297 / 25.4 * 30) <= 1
    with pytest.raises(ValueError, match="the document has 1 page"):
        api.render_png(loaded, page=2, dpi=30)


def test_export_roster_formats(cli, tmp_path):
    src = sample("wh40k6", "sample_list.yaml")
    loaded = api.load([src])
    md = api.export_roster(loaded, "md").decode()
    assert md.startswith("#") and "|" in md
    data = json.loads(api.export_roster(loaded, "json"))
    assert data["name"] == "Sample Strike Force" and data["unit_count"] == 8
    assert api.export_roster(loaded, "pdf")[:5] == b"%PDF-"
    tpl = b"{{ name }} has {{ units|length }} units"
    tpl = b"{{ name }}: {{ unit_count }} units"
    assert api.export_roster(loaded, "bbcode", template=tpl).decode() == "Sample Strike Force: 8 units"
    with pytest.raises(UsageError, match="formats: pdf, md, html, bbcode, json"):
        api.export_roster(loaded, "docx")
    (tmp_path / src.name).write_bytes(src.data)
    r = cli("roster", tmp_path / src.name, "--format", "md")
    assert r.stdout.encode() == api.export_roster(loaded, "md")


def test_reference_and_charts(cli, tmp_path):
    out = tmp_path / "ref.pdf"
    assert cli("reference", "dmech", "--lang", "ru", "-o", out).exit_code == 0
    assert api.reference_pdf("dmech", {"lang": "ru"}) == out.read_bytes()
    assert api.chart_output("wh40k6", "to-wound", None, "png", dpi=30)[:4] == b"\x89PNG"
    with pytest.raises(UsageError, match="dust has no charts; charts: battletech hit-location"):
        api.chart_output("dust", "facing")
    with pytest.raises(UsageError, match="unknown game 'dmeh' \\(did you mean 'dmech'\\?\\)"):
        api.reference_pdf("dmeh")
    with pytest.raises(GameOptionError, match="dust has no rule variants"):
        api.reference_pdf("dust", {"rules": "tw"})


def test_game_options_come_from_the_plug_in():
    dust = {o["name"]: o for o in api.game_options("dust", "render")}
    assert dust["card"]["type"] == "choice"
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
    assert dust["backs"]["type"] == "flag" and dust["backs"]["default"] is None
    assert dust["bleed"]["type"] == "float" and (dust["bleed"]["min"], dust["bleed"]["max"]) == (0, 10)
    assert "png_dir" not in dust  # names a folder of this machine: not offered
    bt = api.game_options("battletech", "render")
    assert bt[0]["name"] == "rules" and [c["value"] for c in bt[0]["choices"]] == ["classic", "tw"]
    assert [o["name"] for o in api.game_options("lnl", "render")] == []


def test_parse_game_options():
    assert api.parse_game_options("dust", "render", {"card": "mini", "backs": "1", "bleed": "3"}) == {
        "card": "mini",
        "backs": True,
        "bleed": 3.0,
    }
    assert api.parse_game_options("dust", "render", {"backs": "0"}) == {"backs": False}
    assert api.parse_game_options("battletech", "render", {"rules": "TW"}) == {"rules": "tw"}
    with pytest.raises(GameOptionError, match="--card is an option of dust, not of battletech"):
        api.parse_game_options("battletech", "render", {"card": "tarot"})
    with pytest.raises(GameOptionError, match="did you mean 'card'"):
        api.parse_game_options("dust", "render", {"crad": "mini"})
    with pytest.raises(GameOptionError, match=r"^Bleed \(mm\): expected 0 to 10, got 11$"):
        api.parse_game_options("dust", "render", {"bleed": "11"})  # one past the cap of 10 mm
    with pytest.raises(GameOptionError, match="^Card size: unknown card size 'huge'"):
        api.parse_game_options("dust", "render", {"card": "huge"})
    assert api.parse_game_options("dust", "render", {"card": "63x88"}) == {"card": "63x88"}  # a custom size
    assert api.parse_game_options("dust", "render", {"card": "big_square"}) == {"card": "big_square"}
    with pytest.raises(GameOptionError, match="lnl has no rule variants"):
        api.parse_game_options("lnl", "render", {"rules": "tw"})
    with pytest.raises(GameOptionError, match="names a path on this machine"):
        api.parse_game_options("dust", "render", {"png": "/tmp"})


def test_foreign_formats_from_bytes(tmp_path):
    from battlescribe.rosters import roster

    ros = api.load([Source("army.ros", roster().encode())])
    assert ros.game.id == "wh40k6" and ros.units
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("army.ros", roster())
    rosz = api.load([Source("army.rosz", buf.getvalue())])
    assert [u.name for u in rosz.units] == [u.name for u in ros.units]
    blk = (ROOT / "tests/megamek/fixtures/Harpy.blk").read_bytes()
    loaded = api.load([Source("Harpy.blk", blk)])
    assert loaded.game.id == "battletech" and [u.name for u in loaded.units] == ["Harpy"]
    assert api.render_pdf(loaded)[:5] == b"%PDF-"


def test_bad_bytes_are_positioned_problems():
    with pytest.raises(InvalidInput) as exc:
        api.load([Source("bad.yaml", b"system: dust\nunits: \xff\n")])
    assert [str(p) for p in exc.value.problems] == [
        "bad.yaml:2:8: not valid UTF-8 text: save the file as UTF-8"
    ]
    with pytest.raises(InvalidInput, match="contains NUL"):
        api.load([Source("nul.yaml", b"system: dust\x00")])
    with pytest.raises(UsageError):
        api.load([])
