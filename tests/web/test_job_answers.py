"""How the app answers what the worker pool reports (``sheets.web.app``'s job mapping), with a
pool that reports each case at once: a job past its time limit → 503 naming the limit, too many
waiting → 503 busy, a dead worker → 500, the worker's own statuses → 200 / 422 / 400 / 500, each
message verbatim. Also the PDF cache between render, preview and the downloads."""

from __future__ import annotations

import pytest

from sheets.web.pool import Busy, TimeLimit, WorkerFailed

from .conftest import _client, files, sample

ROC = files(("roc.yaml", sample("battletech", "roc.yaml")))


class ScriptedPool:
    """Answers every job with ``answer`` (a (status, value) pair, or an exception to raise)."""

    def __init__(self, answer, time_limit: float = 30.0):
        self.answer = answer
        self.time_limit = time_limit
        self.calls = []

    def start(self):
        pass

    def close(self):
        pass

    async def run(self, op, payload=None, time_limit=None):
        self.calls.append((op, time_limit))
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer(op, payload) if callable(self.answer) else self.answer


def _app(answer, **kw):
    from sheets.web.app import create_app

    pool = ScriptedPool(answer, **{k: v for k, v in kw.items() if k == "time_limit"})
    client = _client(create_app("127.0.0.1", 8000, pool=pool))
    return client, pool


@pytest.mark.parametrize("limit, shown", [(30.0, "30"), (0.3, "0.3"), (2.5, "2.5"), (3600.0, "3600")])
def test_a_job_past_the_time_limit_is_503_naming_the_pools_limit(limit, shown):
    client, _ = _app(TimeLimit("render"), time_limit=limit)
    with client:
        r = client.post("/api/check", files=ROC)
    assert r.status_code == 503
    assert r.json() == {
        "error": f"stopped: this request ran past the server's time limit of {shown} s (a very "
        f"large file?). The server is still running; try fewer units or pages at a time"
    }


def test_busy_is_503_and_a_dead_worker_is_500():
    client, _ = _app(Busy())
    with client:
        r = client.get("/api/catalogue")
    assert r.status_code == 503
    assert r.json() == {"error": "the server is busy (too many requests waiting); try again"}
    client, _ = _app(WorkerFailed("x"))
    with client:
        r = client.get("/api/catalogue")
    assert r.status_code == 500
    assert r.json() == {
        "error": "internal error: the worker stopped while doing this request (out of memory?); "
        "the server is still running"
    }


@pytest.mark.parametrize(
    "answer, status, body",
    [
        (
            ("ok", {"problems": [], "units": 1, "game": "battletech"}),
            200,
            {"problems": [], "units": 1, "game": "battletech"},
        ),
        (
            ("input", [{"file": "a", "line": 1, "column": 2, "severity": "error", "message": "m"}]),
            422,
            {"problems": [{"file": "a", "line": 1, "column": 2, "severity": "error", "message": "m"}]},
        ),
        (("option", "card: no"), 400, {"error": "card: no"}),
        (("usage", "bad usage"), 400, {"error": "bad usage"}),
        (("internal", "KeyError: x"), 500, {"error": "internal error: KeyError: x"}),
        (("strange", "?"), 500, {"error": "internal error: ?"}),
    ],
)
def test_the_workers_statuses(answer, status, body):
    client, pool = _app(answer)
    with client:
        r = client.post("/api/check", files=ROC)
    assert r.status_code == status and r.json() == body
    assert pool.calls == [("check", None)]  # the pool's own time limit


def test_render_is_cached_for_the_preview_and_the_downloads():
    seen = []

    def answer(op, payload):
        seen.append((op, payload.get("pdf")))
        if op == "render":
            return "ok", {"pdf": b"%PDF-1", "pages": 1}
        if op == "preview":
            return "ok", {"png": b"PNG", "pages": 3, "pdf": payload.get("pdf") or b"%PDF-new"}
        if op == "pngs":
            return "ok", {"zip": b"ZIP", "pdf": payload["pdf"]}
        return "ok", {}

    client, _ = _app(answer)
    with client:
        r = client.post("/api/preview?page=1&dpi=50", files=ROC)
        assert r.status_code == 200 and r.content == b"PNG" and r.headers["x-pages"] == "3"
        assert seen == [("preview", None)]
        # page and dpi are not part of the key: the next preview and the PDF use the cached one
        r = client.post("/api/preview?page=2&dpi=60", files=ROC)
        assert seen[-1] == ("preview", b"%PDF-new")
        r = client.post("/api/render?page=9", files=ROC)
        assert r.content == b"%PDF-new" and [s[0] for s in seen].count("render") == 0
        r = client.post("/api/pngs", files=ROC)
        assert r.content == b"ZIP" and seen[-1] == ("pngs", b"%PDF-new")
        # another option: another key, rendered afresh and then cached
        r = client.post("/api/render?lang=ru", files=ROC)
        assert r.content == b"%PDF-1" and seen[-1] == ("render", None)
        r = client.post("/api/render?lang=ru", files=ROC)
        assert [s[0] for s in seen].count("render") == 1
        # a YAML file's comments and blank lines are not what it says: the same key
        roc = sample("battletech", "roc.yaml")
        r = client.post("/api/render?lang=ru", files=files(("roc.yaml", roc + b"\n# a note\n\n")))
        assert [s[0] for s in seen].count("render") == 1
        # another value, or the same value quoted: another key
        r = client.post("/api/render?lang=ru", files=files(("roc.yaml", roc.replace(b"walk: 5", b"walk: 4"))))
        assert [s[0] for s in seen].count("render") == 2
        r = client.post(
            "/api/render?lang=ru", files=files(("roc.yaml", roc.replace(b"walk: 5", b"walk: '5'")))
        )
        assert [s[0] for s in seen].count("render") == 3
        # another file's bytes where they are not YAML: another key
        r = client.post("/api/render?lang=ru", files=files(("roc.blk", roc)))
        r = client.post("/api/render?lang=ru", files=files(("roc.blk", roc + b"\n")))
        assert [s[0] for s in seen].count("render") == 5


def test_the_calculation_is_sent_as_given():
    got = {}

    def answer(op, payload):
        got.update(op=op, payload=payload)
        return "ok", {"result": 1}

    client, _ = _app(answer)
    with client:
        r = client.post(
            "/api/calc",
            files=files(("a.yaml", b"x")),
            data={"game": "dmech", "command": "penetration", "fields": '{"power": "4"}'},
        )
        assert r.status_code == 200 and r.json() == {"result": 1}
        assert got == {
            "op": "calc",
            "payload": {
                "game": "dmech",
                "command": "penetration",
                "fields": {"power": "4"},
                "files": [["a.yaml", b"x"]],
                "ui": None,
            },
        }
        r = client.post("/api/calc", files=files(("a.yaml", b"x")), data={"game": "dmech", "command": "x"})
        assert got["payload"]["fields"] == {} and r.status_code == 200
        r = client.post("/api/calc", data={"game": "dmech"}, files={"other": ("x", b"")})
        assert got["payload"] == {"game": "dmech", "command": "", "fields": {}, "files": [], "ui": None}
        r = client.post("/api/calc", files=files(("a.yaml", b"x")), data={"fields": "{bad"})
        assert r.status_code == 400 and r.json() == {"error": "fields: not JSON"}
        r = client.post("/api/calc", files=files(("a.yaml", b"x")), data={"fields": "[1]"})
        assert r.status_code == 400 and r.json() == {"error": "fields: a JSON object of option name → value"}
        r = client.post("/api/calc", content=b"{}", headers={"content-type": "application/json"})
        assert r.status_code == 400
        assert r.json() == {"error": "send the calculation as multipart/form-data (game, command, fields)"}


def test_units_reference_and_starter_send_the_query():
    got = []

    def answer(op, payload):
        got.append((op, payload))
        if op in ("units", "starter"):
            return "ok", {"text": "T", "units": []}
        return "ok", {"pdf": b"P", "data": b"D"}

    client, _ = _app(answer)
    with client:
        assert client.post("/api/units?lang=ru", files=ROC).json() == {"text": "T", "units": []}
        assert got[-1][0] == "units" and got[-1][1]["query"] == {"lang": "ru"}
        assert got[-1][1]["files"] == [["roc.yaml", sample("battletech", "roc.yaml")]]
        r = client.get("/api/reference?game=dm<e>ch&lang=ru")
        assert r.content == b"P" and got[-1] == ("reference", {"query": {"game": "dm<e>ch", "lang": "ru"}})
        assert r.headers["content-disposition"].startswith('attachment; filename="dmech-reference.pdf"')
        r = client.get("/api/starter?game=dust&kind=force")
        assert r.json()["text"] == "T" and got[-1] == (
            "starter",
            {"query": {"game": "dust", "kind": "force"}},
        )
        r = client.get("/api/chart?game=dmech&name=fac/ing&format=png")
        assert r.headers["content-disposition"].startswith('attachment; filename="dmech-facing.png"')
        assert r.headers["content-type"] == "image/png"
