"""Issue 21, the app's answers pinned literally: the page's and the static files' types and bytes,
the 404 body, a roster export's text, download names (capitals kept, the defaults when a query
names no game), what each route sends its job, the PDF cache's key (page and dpi not in it),
the app's defaults (address, workers, time limit) and its lifespan starting and closing the pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets.web.app import _digest, _disposition, create_app

from .conftest import InlinePool, _client, files, sample

STATIC = Path(__file__).resolve().parents[2] / "sheets" / "web" / "static"
PA = files(("point-alpha.yaml", sample("battletech", "point-alpha.yaml")))


# -- the page and its files ----------------------------------------------------------------------------
def test_the_page_is_html_in_utf8(inline):
    r = inline.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert r.text.lstrip().lower().startswith("<!doctype html>")


@pytest.mark.parametrize("name", ["app.js", "app.css"])
def test_the_static_files_are_served_byte_for_byte(inline, name):
    r = inline.get(f"/static/{name}")
    assert r.status_code == 200 and r.content == (STATIC / name).read_bytes() and r.content


@pytest.mark.parametrize("name", ["none.js", "page.html", "app.py", "APP.JS", "app.js.map"])
def test_any_other_static_name_is_404_not_found(inline, name):
    r = inline.get(f"/static/{name}")
    assert r.status_code == 404
    assert r.json() == {"error": "not found"}
    assert r.headers["content-type"] == "application/json"


# -- a roster export's text ----------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["md", "bbcode", "html", "json"])
def test_a_roster_export_is_the_apis_utf8_bytes(inline, fmt):
    from sheets import api

    r = inline.post(f"/api/roster?format={fmt}&lang=ru", files=PA)
    assert r.status_code == 200
    loaded = api.load(
        [api.Source("point-alpha.yaml", sample("battletech", "point-alpha.yaml"))], {"lang": "ru"}
    )
    expected = api.export_roster(loaded, fmt, {"lang": "ru"}, None)
    assert r.content == expected
    text = r.content.decode("utf-8")
    assert "протомехи кланов" in text and "Point Alpha" in text and "Harpy" in text


# -- download names --------------------------------------------------------------------------------------
def test_the_ascii_name_keeps_capitals_digits_and_dot_dash_underscore():
    assert _disposition("Point-Alpha_2.PDF") == (
        "attachment; filename=\"Point-Alpha_2.PDF\"; filename*=UTF-8''Point-Alpha_2.PDF"
    )
    assert _disposition("Zz 9?.pdf") == "attachment; filename=\"Zz_9_.pdf\"; filename*=UTF-8''Zz%209%3F.pdf"


def test_a_download_keeps_the_files_capitals(inline):
    r = inline.post("/api/render", files=files(("Roc.yaml", sample("battletech", "roc.yaml"))))
    assert r.status_code == 200
    assert r.headers["content-disposition"] == "attachment; filename=\"Roc.pdf\"; filename*=UTF-8''Roc.pdf"


def test_the_digest_takes_a_name_that_is_not_valid_utf8():
    # a lone surrogate (a name decoded with surrogateescape) is hashed, not an error
    assert _digest([["\udcff.yaml", b""]], {}) != _digest([["\udcfe.yaml", b""]], {})


# -- what each route sends its job (a pool that answers at once) ----------------------------------------
class RecordingPool:
    def __init__(self, answer):
        self.answer, self.calls, self.time_limit = answer, [], 30.0
        self.started = self.closed = 0

    def start(self):
        self.started += 1

    def close(self):
        self.closed += 1

    async def run(self, op, payload=None, time_limit=None):
        self.calls.append((op, payload))
        return "ok", self.answer(op, payload)


def _answer(op, payload):
    return {
        "render": {"pdf": b"%PDF-x"},
        "pngs": {"zip": b"ZIP", "pdf": b"%PDF-x"},
        "reference": {"pdf": b"R"},
        "chart": {"data": b"C"},
        "catalogue": [],
    }.get(op, {"result": 1})


def test_a_reference_or_chart_without_game_or_name_is_named_by_what_is_there():
    pool = RecordingPool(_answer)
    with _client(create_app("127.0.0.1", 8000, pool=pool)) as c:
        r = c.get("/api/reference")
        assert (
            r.headers["content-disposition"]
            == "attachment; filename=\"-reference.pdf\"; filename*=UTF-8''-reference.pdf"
        )
        r = c.get("/api/chart")
        assert r.headers["content-disposition"] == "attachment; filename=\"-.pdf\"; filename*=UTF-8''-.pdf"
        r = c.get("/api/chart?name=facing")
        assert r.headers["content-disposition"].startswith('attachment; filename="-facing.pdf"')
        r = c.get("/api/chart?game=dmech")
        assert r.headers["content-disposition"].startswith('attachment; filename="dmech-.pdf"')


def test_the_jobs_payloads():
    pool = RecordingPool(_answer)
    roc = sample("battletech", "roc.yaml")
    with _client(create_app("127.0.0.1", 8000, pool=pool)) as c:
        assert c.get("/api/catalogue").json() == []
        assert pool.calls[-1] == ("catalogue", {"query": {}})
        r = c.post("/api/pngs?dpi=40", files=files(("roc.yaml", roc)))
        assert r.content == b"ZIP"
        assert pool.calls[-1] == (
            "pngs",
            {"files": [["roc.yaml", roc]], "query": {"dpi": "40"}, "pdf": b"%PDF-x", "stem": "roc"},
        )
        r = c.post("/api/calc", data={"command": "x"}, files={"other": ("x", b"")})
        assert pool.calls[-1] == ("calc", {"game": "", "command": "x", "fields": {}, "files": [], "ui": None})


def test_the_pdf_cache_key_leaves_out_page_and_dpi_and_nothing_else():
    pool = RecordingPool(_answer)
    roc = files(("roc.yaml", sample("battletech", "roc.yaml")))
    with _client(create_app("127.0.0.1", 8000, pool=pool)) as c:
        c.post("/api/pngs?dpi=40", files=roc)
        c.post("/api/render?dpi=41&page=3", files=roc)
        c.post("/api/pngs?dpi=300", files=roc)
        assert [op for op, _ in pool.calls].count("render") == 1
        c.post("/api/render?dpi=41&paper=letter", files=roc)
        assert [op for op, _ in pool.calls].count("render") == 2


# -- the app's defaults and lifespan -----------------------------------------------------------------------
def test_the_lifespan_starts_and_closes_the_pool_once():
    pool = RecordingPool(_answer)
    with _client(create_app("127.0.0.1", 8000, pool=pool)) as c:
        assert (pool.started, pool.closed) == (1, 0)
        assert c.get("/api/catalogue").status_code == 200
    assert (pool.started, pool.closed) == (1, 1)


def test_the_default_address_is_127_0_0_1_on_any_port():
    with _client(create_app(pool=InlinePool())) as c:
        assert c.get("/static/app.css", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert c.get("/static/app.css", headers={"host": "localhost:51234"}).status_code == 200
        r = c.get("/static/app.css", headers={"host": "10.0.0.1:8000"})
        assert r.status_code == 400 and "Host" in r.json()["error"]


@pytest.mark.parametrize(
    "kwargs, size, limit",
    [({}, 2, 30.0), ({"workers": 3}, 3, 30.0), ({"workers": 1, "time_limit": 7.5}, 1, 7.5)],
)
def test_the_pool_made_for_the_app(kwargs, size, limit):
    guard = create_app("127.0.0.1", 8000, **kwargs)  # not started: no worker process is made
    pool = guard.app.state.pool
    assert (pool.size, pool.time_limit) == (size, limit)
    assert pool.pids() == []
