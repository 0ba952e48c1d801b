"""The page's JSON/bytes API through Starlette's TestClient (issue 25's contract): check,
preview, render byte-identical to `sheets render`, options as query parameters, roster exports,
handouts, charts, catalogue of the plug-ins' options."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from .conftest import files, sample

BAD_ROC = b"system: battletech\nunits:\n  - name: Roc\n    tons: 7\n    motoin: biped\n"


def test_check_a_valid_sample(client):
    r = client.post("/api/check", files=files(("roc.yaml", sample("battletech", "roc.yaml"))))
    assert r.status_code == 200
    assert r.json() == {"problems": [], "units": 1, "written": 1, "game": "battletech"}


def test_check_lists_the_problems_of_validate_with_line_and_column(client, cli, tmp_path, monkeypatch):
    r = client.post("/api/check", files=files(("bad.yaml", BAD_ROC)))
    assert r.status_code == 200  # 200 also when there are problems
    data = r.json()
    # no unit loaded, one written (the page's status line counts it while the file is fixed)
    assert data["units"] == 0 and data["written"] == 1 and data["game"] == "battletech"
    assert data["problems"][0] == {
        "file": "bad.yaml",
        "line": 5,
        "column": 5,
        "severity": "error",
        "message": "unit 'Roc': unknown key 'motoin' (did you mean 'motion'?)",
    }
    assert {
        "file": "bad.yaml",
        "line": 3,
        "column": 5,
        "severity": "error",
        "message": "unit 'Roc': missing required key 'walk'",
    } in data["problems"]
    # the same lines as `sheets validate`
    (tmp_path / "bad.yaml").write_bytes(BAD_ROC)
    monkeypatch.chdir(tmp_path)
    printed = cli("validate", "bad.yaml").stderr.splitlines()
    assert [f"{p['file']}:{p['line']}:{p['column']}: {p['message']}" for p in data["problems"]] == printed


def test_check_several_files_and_a_from_among_them(client):
    roster = b"system: battletech\nroster: {name: Star}\nunits:\n  - {from: units/roc.yaml, name: Roc}\n"
    r = client.post(
        "/api/check", files=files(("star.yaml", roster), ("units/roc.yaml", sample("battletech", "roc.yaml")))
    )
    # a from: file is a library
    assert r.json() == {"problems": [], "units": 1, "written": 1, "game": "battletech"}
    alone = client.post("/api/check", files=files(("star.yaml", roster))).json()
    assert alone["units"] == 0
    assert [(p["file"], p["line"]) for p in alone["problems"]] == [("star.yaml", 4)]


def test_a_from_never_reads_the_servers_disk(client, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_bytes(sample("battletech", "roc.yaml").replace(b"name: Roc", b"name: Secret Roc"))
    roster = f"system: battletech\nunits:\n  - {{from: {secret}, name: Secret Roc}}\n".encode()
    data = client.post("/api/check", files=files(("r.yaml", roster))).json()
    assert data["units"] == 0 and len(data["problems"]) == 1
    assert data["problems"][0]["line"] == 3
    r = client.post("/api/render", files=files(("r.yaml", roster)))
    assert r.status_code == 422 and b"%PDF" not in r.content


def test_preview_is_a_png_of_the_page_with_the_page_count(client):
    roc = sample("battletech", "roc.yaml")
    r = client.post("/api/preview?page=1&dpi=72", files=files(("roc.yaml", roc)))
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.headers["x-pages"] == "1"
    assert Image.open(io.BytesIO(r.content)).size == (596, 842)  # A4 (595.3 x 841.9 pt) at 72 dpi
    letter = client.post("/api/preview?page=1&dpi=72&paper=letter", files=files(("roc.yaml", roc)))
    assert Image.open(io.BytesIO(letter.content)).size == (612, 792)
    past = client.post("/api/preview?page=2", files=files(("roc.yaml", roc)))
    assert past.status_code == 400 and "1 page(s), not 2" in past.json()["error"]


def test_preview_of_several_pages_and_after_an_edit(client):
    wh = sample("wh40k6", "sample_list.yaml")
    first = client.post("/api/preview?page=1&dpi=40", files=files(("list.yaml", wh)))
    pages = int(first.headers["x-pages"])
    assert pages >= 2
    last = client.post(f"/api/preview?page={pages}&dpi=40", files=files(("list.yaml", wh)))
    assert last.status_code == 200 and last.content != first.content
    roc = sample("battletech", "roc.yaml")
    before = client.post("/api/preview?page=1&dpi=40", files=files(("roc.yaml", roc))).content
    after = client.post(
        "/api/preview?page=1&dpi=40", files=files(("roc.yaml", roc.replace(b"name: Roc", b"name: Rocket")))
    ).content
    assert before != after


def test_preview_of_a_broken_file_gives_its_problems(client):
    r = client.post("/api/preview?page=1", files=files(("bad.yaml", BAD_ROC)))
    assert r.status_code == 422
    assert r.json()["problems"][0]["line"] == 5


RENDERS = [
    ("battletech", ["roc.yaml"], "", []),
    ("battletech", ["roc.yaml"], "lang=ru", ["--lang", "ru"]),
    ("battletech", ["point-alpha.yaml"], "paper=letter&mono=1", ["--paper", "letter", "--mono"]),
    ("battletech", ["roc.yaml"], "rules=tw", ["--rules", "tw"]),
    ("dmech", ["otrok.yaml"], "lang=ru&tables=1", ["--lang", "ru", "--tables"]),
    ("dust", ["sample_force.yaml"], "card=mini&backs=1", ["--card", "mini", "--backs"]),
    ("lnl", ["hill30_us.yaml", "hill30_german.yaml"], "lang=ru", ["--lang", "ru"]),
    ("wh40k6", ["sample_list.yaml"], "collapse=1&paper=letter", ["--collapse", "--paper", "letter"]),
]


@pytest.mark.parametrize(
    "game,names,query,args", RENDERS, ids=[f"{r[0]}-{r[2] or 'default'}" for r in RENDERS]
)
def test_render_is_byte_identical_to_sheets_render(
    client, cli, tmp_path, monkeypatch, game, names, query, args
):
    for name in names:
        (tmp_path / name).write_bytes(sample(game, name))
    monkeypatch.chdir(tmp_path)
    result = cli("render", *names, "-o", "out.pdf", *args)
    assert result.exit_code == 0, result.output
    r = client.post(f"/api/render?{query}", files=files(*[(n, sample(game, n)) for n in names]))
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content == (tmp_path / "out.pdf").read_bytes()
    stem = names[0].rsplit(".", 1)[0]
    assert f'filename="{stem}.pdf"' in r.headers["content-disposition"]


def test_an_option_of_another_game_or_unknown_is_400_with_a_message(client):
    roc = files(("roc.yaml", sample("battletech", "roc.yaml")))
    r = client.post("/api/render?card=mini", files=roc)
    assert r.status_code == 400
    assert r.json()["error"] == "--card is an option of dust, not of battletech"
    r = client.post("/api/preview?page=1&colour=red", files=roc)
    assert r.status_code == 400 and "unknown option 'colour'" in r.json()["error"]
    r = client.post("/api/render?rules=total", files=roc)
    assert r.status_code == 400 and "classic, tw" in r.json()["error"]
    r = client.post("/api/render?mono=maybe", files=roc)
    assert r.status_code == 400 and r.json()["error"] == "mono: expected 1 or 0, got 'maybe'"
    r = client.post("/api/render?lang=de", files=roc)
    assert r.status_code == 400 and "en or ru" in r.json()["error"]
    r = client.post("/api/render?lang=ru&lang=en", files=roc)
    assert r.status_code == 400 and "given twice" in r.json()["error"]
    r = client.post("/api/check?tables=1", files=roc)  # a dmech option on a battletech file
    assert r.status_code == 400


def test_no_files_is_400(client):
    assert client.post("/api/check", files={"other": ("a", b"x")}).status_code == 400
    assert (
        client.post("/api/check", content=b"{}", headers={"content-type": "application/json"}).status_code
        == 400
    )


@pytest.mark.parametrize(
    "fmt,ctype",
    [("md", "text/markdown"), ("html", "text/html"), ("bbcode", "text/plain"), ("json", "application/json")],
)
def test_roster_exports_match_sheets_roster(client, cli, tmp_path, monkeypatch, fmt, ctype):
    (tmp_path / "point-alpha.yaml").write_bytes(sample("battletech", "point-alpha.yaml"))
    monkeypatch.chdir(tmp_path)
    expected = cli(
        "roster", "point-alpha.yaml", "--format", fmt, "--lang", "ru", "-o", f"out.{fmt}"
    ).exit_code
    assert expected == 0
    r = client.post(
        f"/api/roster?format={fmt}&lang=ru",
        files=files(("point-alpha.yaml", sample("battletech", "point-alpha.yaml"))),
    )
    assert r.status_code == 200 and r.headers["content-type"].startswith(ctype)
    assert r.content == (tmp_path / f"out.{fmt}").read_bytes()
    assert r.headers["content-disposition"].startswith("attachment;")  # never shown in the page's origin


def test_roster_pdf_and_a_bad_format(client, cli, tmp_path, monkeypatch):
    (tmp_path / "point-alpha.yaml").write_bytes(sample("battletech", "point-alpha.yaml"))
    monkeypatch.chdir(tmp_path)
    assert cli("roster", "point-alpha.yaml", "-o", "out.pdf").exit_code == 0
    body = files(("point-alpha.yaml", sample("battletech", "point-alpha.yaml")))
    r = client.post("/api/roster?format=pdf", files=body)
    assert r.content == (tmp_path / "out.pdf").read_bytes()
    r = client.post("/api/roster?format=docx", files=body)
    assert r.status_code == 400 and "docx" in r.json()["error"]


def test_pngs_zip_has_every_page(client):
    r = client.post(
        "/api/pngs?dpi=36", files=files(("sample_list.yaml", sample("wh40k6", "sample_list.yaml")))
    )
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert names[0] == "sample_list-1.png" and len(names) >= 2
    for name in names:
        assert zipfile.ZipFile(io.BytesIO(r.content)).read(name)[:8] == b"\x89PNG\r\n\x1a\n"


def test_reference_and_charts_match_the_cli(client, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("reference", "dmech", "--lang", "ru", "-o", "ref.pdf").exit_code == 0
    r = client.get("/api/reference?game=dmech&lang=ru")
    assert r.status_code == 200 and r.content == (tmp_path / "ref.pdf").read_bytes()
    assert cli("chart", "dmech", "facing", "--radius", "4", "-o", "facing.png").exit_code == 0
    r = client.get("/api/chart?game=dmech&name=facing&format=png&radius=4")
    assert r.headers["content-type"] == "image/png" and r.content == (tmp_path / "facing.png").read_bytes()
    assert cli("chart", "wh40k6", "to-wound", "--lang", "ru", "-o", "tw.pdf").exit_code == 0
    r = client.get("/api/chart?game=wh40k6&name=to-wound&lang=ru")
    assert r.content == (tmp_path / "tw.pdf").read_bytes()
    r = client.get("/api/chart?game=dmech&name=facings")
    assert r.status_code == 400 and "did you mean 'facing'" in r.json()["error"]
    r = client.get("/api/reference?game=chess")
    assert r.status_code == 400 and "unknown game 'chess'" in r.json()["error"]


def test_catalogue_comes_from_the_plugins(client):
    games = {g["id"]: g for g in client.get("/api/catalogue").json()["games"]}
    assert sorted(games) == ["battletech", "dmech", "dust", "lnl", "wh40k6"]
    assert "Механика" in games["dmech"]["name"]["ru"]  # the game's names, both languages
    card = next(o for o in games["dust"]["options"]["render"] if o["name"] == "card")
    assert card["type"] == "choice" and [c["value"] for c in card["choices"]] == [
        "poker",
        "bridge",
        "mini",
        "euromini",
        "euro",
        "tarot",
        "square",
        "big_square",
        "business",
    ]  # every card size of data/common/cards.yaml
    rules = games["battletech"]["options"]["render"][0]
    assert rules["name"] == "rules" and [c["value"] for c in rules["choices"]] == ["classic", "tw"]
    assert [o["name"] for o in games["dmech"]["options"]["chart"]] == ["radius"]
    assert games["lnl"]["options"]["render"] == []
    assert {g: [c["name"] for c in games[g]["calculators"]] for g in games} == {
        "battletech": [],
        "dmech": ["facing", "penetration"],
        "dust": ["cover"],
        "lnl": ["melee"],
        "wh40k6": ["attack"],
    }
    assert games["wh40k6"]["charts"] == ["to-wound", "to-hit"]
    assert not any(o["name"] == "png_dir" for o in games["dust"]["options"]["render"])  # names a folder


def test_starters_check_clean_in_both_languages(client):
    games = client.get("/api/catalogue").json()["games"]
    tried = 0
    for game in games:
        for kind in game["starters"]:
            for lang in ("en", "ru"):
                text = client.get(f"/api/starter?game={game['id']}&kind={kind}&lang={lang}").json()["text"]
                data = client.post("/api/check", files=files(("new.yaml", text.encode()))).json()
                assert [p for p in data["problems"] if p["severity"] == "error"] == [], (
                    game["id"],
                    kind,
                    lang,
                )
                assert data["game"] == game["id"] and data["units"] >= 1
                tried += 1
    if not tried:
        pytest.skip("no starter files in this build")
    r = client.get("/api/starter?game=dust&kind=nonsense")
    assert r.status_code == 400


def test_other_tools_files_render_as_the_cli_renders_them(client, cli, tmp_path, monkeypatch):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from battlescribe.rosters import roster

    blk = (Path(__file__).resolve().parents[1] / "megamek/fixtures/Roc.blk").read_bytes()
    ros = roster().encode("utf-8")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("army.ros", ros)
    for name, data in (("Roc.blk", blk), ("army.ros", ros), ("army.rosz", buf.getvalue())):
        (tmp_path / name).write_bytes(data)
        monkeypatch.chdir(tmp_path)
        assert cli("render", name, "-o", "cli.pdf").exit_code == 0
        r = client.post("/api/render", files=files((name, data)))
        assert r.status_code == 200, (name, r.text)
        assert r.content == (tmp_path / "cli.pdf").read_bytes(), name
    assert client.post("/api/check", files=files(("army.rosz", buf.getvalue()))).json()["game"] == "wh40k6"


def test_a_mono_preview_is_grey(client):
    roc = files(("roc.yaml", sample("battletech", "roc.yaml")))
    colour = Image.open(io.BytesIO(client.post("/api/preview?page=1&dpi=36", files=roc).content))
    mono = Image.open(io.BytesIO(client.post("/api/preview?page=1&dpi=36&mono=1", files=roc).content))
    assert colour.mode == "RGB" and mono.mode == "L"


def test_two_games_at_once_is_400(client):
    r = client.post(
        "/api/render",
        files=files(
            ("roc.yaml", sample("battletech", "roc.yaml")), ("otrok.yaml", sample("dmech", "otrok.yaml"))
        ),
    )
    assert r.status_code == 400 and "one game at a time" in r.json()["error"]
