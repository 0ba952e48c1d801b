"""The routes the page's form, library and live check use (issue 34): the unit library read once from
the folder `serve --units` names (its caps one step past), the samples, the schema and the words in
the page's language, files decoded as the command line decodes them, list-level problems as
warnings, the units counted in a file that fails, the options in the check and the preview, PNGs
with their DPI, each job in the page's language."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image

from sheets.web import library as lib
from sheets.web import worker

from .conftest import files, sample

FIXTURES = Path(__file__).resolve().parents[1] / "megamek" / "fixtures"  # real MegaMek unit files
QUAD = (
    b"system: battletech\nunits:\n  - name: Quad Test\n    tons: 5\n    motion: quad\n    walk: 4\n"
    b"    armor: {head: 4, torso: 10, legs: 10}\n    equipment:\n      - {item: ER Small Laser, location: torso}\n"
)


# -- the library -------------------------------------------------------------------------------------
def _folder(tmp_path, *names):
    folder = tmp_path / "units"
    folder.mkdir(exist_ok=True)
    for n in names:
        shutil.copy(FIXTURES / n, folder / n)
    return folder


def test_the_library_lists_each_unit_file_with_its_figures(tmp_path):
    folder = _folder(tmp_path, "Roc.blk", "Harpy.blk", "QuadTest.blk")
    (folder / "notes.txt").write_text("not a unit file")
    found = lib.read_library(folder)
    listing = found.listing()
    assert [(u["name"], u["file"], u["game"]) for u in listing["units"]] == [
        ("Harpy", "Harpy.blk", "battletech"),
        ("Quad Test", "QuadTest.blk", "battletech"),
        ("Roc", "Roc.blk", "battletech"),
    ]
    roc = listing["units"][2]
    # Roc.blk: 7 t, cruiseMP 5, jumpingMP 5; BV 2.0 336 (as tests/battletech pins it)
    assert roc["figures"] == {"tons": 7, "bv": 336, "walk": 5, "jump": 5}
    assert listing["units"][0]["figures"]["tons"] == 2
    # the unit-file mapping the page builds a Point from: the game's own converter's
    quad = found.units[1].document
    assert quad["system"] == "battletech" and quad["rules"] == "tw"  # a quad needs the TW rules
    assert quad["units"][0]["pilot"] == {"name": "", "gunnery": 4}
    assert listing["skipped"] == [] and listing["truncated"] is False and listing["folder"] is True


def test_the_library_without_a_folder_is_empty():
    assert lib.read_library(None).listing() == {
        "folder": False,
        "units": [],
        "skipped": [],
        "truncated": False,
    }


def test_the_library_skips_what_is_not_one_unit_and_says_why(tmp_path):
    folder = _folder(tmp_path, "Roc.blk")
    (folder / "Broken.blk").write_text("<UnitType>\nProtoMek\n</UnitType>\n")
    shutil.copy(FIXTURES / "force-pilot.mul", folder / "force.mul")  # a force, not one unit
    os.mkfifo(folder / "Pipe.blk")
    big = folder / "Big.blk"
    big.write_bytes((FIXTURES / "Roc.blk").read_bytes() + b"#" * (lib.MAX_FILE_BYTES + 1))
    at_cap = folder / "AtCap.blk"
    roc = (FIXTURES / "Roc.blk").read_bytes()
    at_cap.write_bytes(roc + b"\n" * (lib.MAX_FILE_BYTES - len(roc)))  # exactly the cap: read
    found = lib.read_library(folder)
    assert [u.file for u in found.units] == ["AtCap.blk", "Roc.blk"]
    skipped = {s.split(":", 1)[0]: s for s in found.skipped}
    assert skipped["Pipe.blk"].endswith(f"not a regular file of at most {lib.MAX_FILE_BYTES} bytes")
    assert "Big.blk" in skipped and "Broken.blk" in skipped
    assert "force.mul" in skipped or "force.mul" not in [u.file for u in found.units]


def test_the_library_caps_its_files_and_depth(tmp_path, monkeypatch):
    folder = _folder(tmp_path, "Roc.blk", "Harpy.blk", "Orc.blk")
    monkeypatch.setattr(lib, "MAX_FILES", 3)
    assert lib.read_library(folder).truncated is False  # at the cap
    monkeypatch.setattr(lib, "MAX_FILES", 2)
    capped = lib.read_library(folder)
    assert capped.truncated is True and [u.name for u in capped.units] == ["Harpy", "Orc"]
    deep = folder
    for i in range(lib.MAX_DEPTH + 1):
        deep = deep / f"d{i}"
    deep.mkdir(parents=True)
    shutil.copy(FIXTURES / "Siren.blk", deep.parent / "Siren.blk")  # depth MAX_DEPTH: read
    shutil.copy(FIXTURES / "Gorgon.blk", deep / "Gorgon.blk")  # one deeper: not
    monkeypatch.setattr(lib, "MAX_FILES", 100)
    names = [u.name for u in lib.read_library(folder).units]
    assert "Siren" in names and "Gorgon" not in names
    (folder / "link").symlink_to(deep, target_is_directory=True)  # a linked folder is not followed
    assert "Gorgon" not in [u.name for u in lib.read_library(folder).units]


def test_library_routes(make_client, tmp_path):
    client = make_client(units_dir=str(_folder(tmp_path, "Roc.blk", "Harpy.blk")))
    listing = client.get("/api/library").json()
    assert [u["id"] for u in listing["units"]] == [0, 1]
    assert {"id": "lnl/hill30_us.yaml", "game": "lnl", "name": "hill30_us.yaml"} in listing["samples"]
    last = client.get("/api/library/unit?id=1").json()
    assert last["name"] == "Roc" and last["file"] == "Roc.blk" and last["document"]["units"][0]["tons"] == 7
    r = client.get("/api/library/unit?id=2")  # one past the last
    assert r.status_code == 404 and r.json() == {"error": "no unit number 2 in the library"}
    assert client.get("/api/library/unit?id=-1").status_code == 404
    r = client.get("/api/library/sample?id=dust/sample_force.yaml").json()
    assert r == {"name": "sample_force.yaml", "text": sample("dust", "sample_force.yaml").decode()}


# -- the live check -------------------------------------------------------------------------------
def test_list_level_problems_are_warnings_and_the_preview_still_shows(client):
    foc = sample("wh40k6", "sample_list.yaml").replace(b"slot: troops", b"slot: elites")
    r = client.post("/api/check", files=files(("foc.yaml", foc))).json()
    assert r["problems"] == [
        {
            "file": "foc.yaml",
            "line": None,
            "column": None,
            "severity": "warning",
            "message": "Primary detachment: Troops 0 (needs 2–6)",
        }
    ]
    assert r["units"] == 8
    assert client.post("/api/preview?page=1&dpi=36", files=files(("foc.yaml", foc))).status_code == 200
    over = sample("dust", "sample_force.yaml").replace(b"limit: 50", b"limit: 40")
    problems = client.post("/api/check", files=files(("over.yaml", over))).json()["problems"]
    assert [p["severity"] for p in problems] == ["warning"] and "over the limit" in problems[0]["message"]
    # a unit's own error stays an error
    bad = over.replace(b"move: 1", b"move: -1", 1)
    severities = {
        p["severity"] for p in client.post("/api/check", files=files(("bad.yaml", bad))).json()["problems"]
    }
    assert "error" in severities


def test_the_check_counts_the_units_written_in_a_file_that_fails(client):
    broken = sample("battletech", "point-alpha.yaml").replace(b"walk: 3", b"wakl: 3", 1)
    r = client.post("/api/check", files=files(("a.yaml", broken))).json()
    assert (r["units"], r["written"]) == (0, 5)
    both = client.post(
        "/api/check", files=files(("a.yaml", broken), ("roc.yaml", sample("battletech", "roc.yaml")))
    ).json()
    assert (both["units"], both["written"]) == (1, 6)
    unparsed = client.post("/api/check", files=files(("a.yaml", b"system: battletech\nunits: [\n"))).json()
    assert unparsed["written"] == 0


def test_the_options_take_part_in_the_check_and_the_preview(client):
    classic = client.post("/api/check", files=files(("q.yaml", QUAD))).json()
    assert [p["message"] for p in classic["problems"]] == [
        "unit 'Quad Test': motion 'quad' is not allowed under rules: classic (allowed: biped; use rules: tw)"
    ]
    tw = client.post("/api/check?rules=tw", files=files(("q.yaml", QUAD))).json()
    assert tw["problems"] == [] and tw["units"] == 1
    assert client.post("/api/preview?page=1&dpi=36", files=files(("q.yaml", QUAD))).status_code == 422
    r = client.post("/api/preview?page=1&dpi=36&rules=tw", files=files(("q.yaml", QUAD)))
    assert r.status_code == 200 and r.headers["x-pages"] == "1"
    assert client.post("/api/render?rules=tw", files=files(("q.yaml", QUAD))).content.startswith(b"%PDF")


def test_preview_and_page_pngs_carry_their_dpi(client):
    import zipfile

    roc = files(("roc.yaml", sample("battletech", "roc.yaml")))
    png = Image.open(io.BytesIO(client.post("/api/preview?page=1&dpi=40", files=roc).content))
    assert tuple(round(x) for x in png.info["dpi"]) == (40, 40)
    with zipfile.ZipFile(io.BytesIO(client.post("/api/pngs?dpi=37", files=roc).content)) as z:
        page = Image.open(io.BytesIO(z.read("roc-1.png")))
    assert tuple(round(x) for x in page.info["dpi"]) == (37, 37)
    chart = Image.open(
        io.BytesIO(client.get("/api/chart?game=dmech&name=facing&format=png&dpi=50&mono=1").content)
    )
    assert tuple(round(x) for x in chart.info["dpi"]) == (50, 50) and chart.mode == "L"


# -- decoding, words, schema, language ------------------------------------------------------------------
def test_files_are_decoded_as_the_command_line_decodes_them(client):
    text = sample("battletech", "roc.yaml").decode().replace("name: Roc", "name: Рок")
    sent = [
        ("utf16.yaml", b"\xff\xfe" + text.encode("utf-16-le")),
        ("utf16be.yaml", b"\xfe\xff" + text.encode("utf-16-be")),
        ("utf32.yaml", b"\xff\xfe\x00\x00" + text.encode("utf-32-le")),
        ("bom.yaml", b"\xef\xbb\xbf" + text.encode()),
        ("cp1251.yaml", text.encode("cp1251")),
        ("nul.yaml", b"sys\x00tem"),
    ]
    out = {f["name"]: f for f in client.post("/api/decode", files=files(*sent)).json()["files"]}
    for name, encoding in (
        ("utf16.yaml", "UTF-16"),
        ("utf16be.yaml", "UTF-16"),
        ("utf32.yaml", "UTF-32"),
        ("bom.yaml", "UTF-8"),
    ):
        assert (out[name]["text"], out[name]["encoding"], out[name]["note"]) == (text, encoding, None), name
    assert out["cp1251.yaml"]["text"] == text and out["cp1251.yaml"]["encoding"] == "Windows-1251"
    assert "not valid UTF-8 text (it looks like Windows-1251, Cyrillic)" in out["cp1251.yaml"]["note"]
    assert out["nul.yaml"]["text"] is None


def test_the_schema_route_is_the_schema_command(client):
    from sheets import api

    assert client.get("/api/schema?game=dust").json() == {"schema": api.unit_file_schema("dust")}
    r = client.get("/api/schema?game=chess")
    assert r.status_code == 400 and "unknown game 'chess'" in r.json()["error"]


def test_ping_answers_without_a_worker(make_client):
    class NoPool:
        time_limit = 1

        def start(self):
            pass

        def close(self):
            pass

        async def run(self, op, payload=None, time_limit=None):
            raise AssertionError("ping reached a worker")

    assert make_client(pool=NoPool()).get("/api/ping").json() == {"ok": True}


def test_each_job_runs_in_the_page_language(monkeypatch):
    from sheets.core.i18n import current_lang

    monkeypatch.setitem(worker.OPERATIONS, "lang", lambda payload: current_lang())
    assert worker.run("lang", {"ui": "ru"}) == ("ok", "ru")
    assert worker.run("lang", {"query": {"ui": "ru", "lang": "en"}}) == (
        "ok",
        "ru",
    )  # the page's, not the print's
    assert worker.run("lang", {"query": {"lang": "ru"}}) == ("ok", "ru")  # a script's printing language
    assert worker.run("lang", {"query": {"ui": "xx"}}) == ("ok", "en")
    assert worker.run("lang", {}) == ("ok", "en")
    assert current_lang() == "en"  # nothing left behind


@pytest.mark.parametrize("kind", ["dust", "lnl"])
def test_an_empty_document_of_the_form_checks_with_the_units_missing(client, kind):
    """What "empty (build it in the form)" starts: the game is known, the list is empty."""
    r = client.post("/api/check", files=files(("new.yaml", f"system: {kind}\nunits: []\n".encode()))).json()
    assert r["game"] == kind and r["written"] == 0 and r["problems"]


def test_the_live_check_draws_a_page_once_for_what_the_file_says(make_client):
    """Typing in a comment (or a blank line, or the indentation) changes no word the sheets
    print: the page drawn for the same document is sent again without a render; a changed value
    is drawn anew. (A real worker pool: the jobs are counted.)"""
    import base64

    client = make_client(workers=1)
    app = client.app.app
    roc = sample("battletech", "roc.yaml")
    first = client.post("/api/check?preview=1&page=1&dpi=36", files=files(("roc.yaml", roc))).json()
    png = base64.b64decode(first["preview"]["image"])
    assert png.startswith(b"\x89PNG") and first["preview"]["pages"] == 1 and "pdf" not in first
    assert first["preview"]["type"] == "image/png"
    assert len(app.state.cache.items) == 1
    again = client.post(
        "/api/check?preview=1&page=1&dpi=36", files=files(("roc.yaml", roc + b"# typing a note\n"))
    ).json()
    assert base64.b64decode(again["preview"]["image"]) == png and again["problems"] == []
    assert len(app.state.cache.items) == 1  # nothing rendered
    moved = roc.replace(b"name: Roc", b"name: Rocket")
    other = client.post("/api/check?preview=1&page=1&dpi=36", files=files(("roc.yaml", moved))).json()
    assert base64.b64decode(other["preview"]["image"]) != png and len(app.state.cache.items) == 2
    # a file with an error gets its problems and no page, even where the page is cached
    broken = roc + b"    motoin: biped\n"
    bad = client.post("/api/check?preview=1&page=1&dpi=36", files=files(("roc.yaml", broken))).json()
    assert "preview" not in bad and bad["problems"][0]["severity"] == "error"
    # the preview route reads the same pages
    r = client.post("/api/preview?page=1&dpi=36", files=files(("roc.yaml", roc + b"\n\n")))
    assert r.content == png and r.headers["x-pages"] == "1"


def test_what_a_yaml_file_says_is_its_events():
    from sheets.web.app import _semantic

    base = b"system: battletech\nunits:\n  - {name: Roc, tons: 7}\n"
    same = [b"# note\n" + base, base + b"\n\n", b"system: battletech\nunits:\n- name: Roc\n  tons: 7\n"]
    assert {_semantic("a.yaml", x) for x in [base, *same]} == {_semantic("a.yaml", base)}
    different = [
        base.replace(b"7", b"'7'"),  # quoted: a string
        base.replace(b"tons: 7", b"tons: 7, tons: 8"),  # a duplicate key is kept, not collapsed
        base.replace(b"Roc", b"Roc2"),
        b"units:\n  - {name: Roc, tons: 7}\nsystem: battletech\n",  # another order
    ]
    keys = {_semantic("a.yaml", x) for x in different}
    assert len(keys) == len(different) and _semantic("a.yaml", base) not in keys
    assert _semantic("a.blk", base) == b"raw\0" + base  # not YAML: its bytes
    assert _semantic("a.yaml", base.decode().encode("utf-16")).startswith(b"raw\0")  # not UTF-8
    assert _semantic("a.yaml", b"a: [\n") == b"raw\0a: [\n"  # does not parse


def test_a_preview_may_be_a_jpeg_with_its_dpi(client):
    roc = files(("roc.yaml", sample("battletech", "roc.yaml")))
    r = client.post("/api/preview?page=1&dpi=40&format=jpeg", files=roc)
    assert r.headers["content-type"] == "image/jpeg" and r.content.startswith(b"\xff\xd8")
    img = Image.open(io.BytesIO(r.content))
    assert img.format == "JPEG" and tuple(round(x) for x in img.info["dpi"]) == (40, 40)
    assert (
        img.size == Image.open(io.BytesIO(client.post("/api/preview?page=1&dpi=40", files=roc).content)).size
    )
    live = client.post("/api/check?preview=1&page=1&dpi=40&format=jpeg", files=roc).json()["preview"]
    assert live["type"] == "image/jpeg"
    r = client.post("/api/preview?page=1&format=gif", files=roc)
    assert r.status_code == 400 and r.json() == {"error": "format: expected png or jpeg, got 'gif'"}
