"""Every route resolves a ``from:`` only among the documents the client sent — for every name the
client gives a document (``x.yaml``, ``x.json``, no suffix, ``.YML``), every encoding it is sent in
(UTF-8 with or without a mark, UTF-16 with its mark either way round, Windows-1251) and every
way of naming the server's file (absolute, relative to the server's working folder, climbing
with ``../``, ``~``). One test per route: the server's file is never opened (an audit hook records
every file this process opens while a request runs in it: the inline pool), no answer carries
its unit, and the answer is the same whether the file exists or not (no oracle). Sent along, the
same document resolves."""

from __future__ import annotations

import json
import sys

import pytest

from .conftest import files, sample

OPENED: list[str] = []
_WATCHING: list[str] = []


def _audit(event, args):
    if event == "open" and _WATCHING and args and isinstance(args[0], (str, bytes)):
        path = args[0].decode("utf-8", "replace") if isinstance(args[0], bytes) else args[0]
        if any(w in path for w in _WATCHING):
            OPENED.append(path)


sys.addaudithook(_audit)  # (it stays for the process; it records only while a test watches)

SECRET_NAME = "Secret Squad"


@pytest.fixture
def secret(tmp_path, monkeypatch):
    """A server-side unit library (``secret.yaml``) in the server's working folder."""
    folder = tmp_path / "server-side"
    folder.mkdir()
    text = sample("dust", "sample_force.yaml").decode().replace("Sample Laser Squad", SECRET_NAME)
    (folder / "secret.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)  # a relative `from: secret.yaml` would find it on disk
    OPENED.clear()
    _WATCHING[:] = [str(folder)]
    yield folder
    _WATCHING.clear()


NAMES = ["x.yaml", "x.json", "x", "x.YML"]
ENCODINGS = {
    "utf-8": lambda t: t.encode("utf-8"),
    "utf-8-bom": lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"),
    "utf-16-le-bom": lambda t: b"\xff\xfe" + t.encode("utf-16-le"),
    "utf-16-be-bom": lambda t: b"\xfe\xff" + t.encode("utf-16-be"),
    "windows-1251": lambda t: ("# отряд\n" + t).encode("cp1251"),
}


def _targets(folder):
    absolute = str(folder / "secret.yaml")
    return [
        absolute,
        "secret.yaml",
        "./secret.yaml",
        "../server-side/secret.yaml",
        "../" * 12 + absolute.lstrip("/"),
        "~/../../" + absolute.lstrip("/"),
    ]


def _document(target: str) -> str:
    return f"system: dust\nunits:\n  - {{from: {json.dumps(target)}, name: {SECRET_NAME}}}\n"


def _variants(folder):
    for target in _targets(folder):
        for name in NAMES:
            for encoding, encode in ENCODINGS.items():
                yield target, name, encoding, encode(_document(target))


def _post(client, route, name, data, extra=()):
    if route == "calc":
        return client.post(
            "/api/calc",
            files=files((name, data), *extra),
            data={
                "game": "dust",
                "command": "cover",
                "fields": json.dumps({"unit": {"file": name, "name": SECRET_NAME}, "cover": "soft"}),
            },
        )
    return client.post(f"/api/{route}", files=files((name, data), *extra))


def _own(fn):
    """The test's own file work (not recorded)."""
    watching = list(_WATCHING)
    _WATCHING.clear()
    try:
        return fn()
    finally:
        _WATCHING[:] = watching


def _never_resolved(client, folder, route, accept):
    """Every variant: refused without opening the server's file, the same answer when it is gone."""
    library = _own((folder / "secret.yaml").read_bytes)
    for target, name, encoding, data in _variants(folder):
        r = _post(client, route, name, data)
        where = (route, target, name, encoding)
        accept(r, where)
        assert SECRET_NAME.encode() not in r.content.replace(
            f"name: {SECRET_NAME}".encode(), b""
        ) or r.headers["content-type"].startswith("application/json"), where
        _own((folder / "secret.yaml").unlink)
        try:
            gone = _post(client, route, name, data)
        finally:
            _own(lambda: (folder / "secret.yaml").write_bytes(library))
        assert (gone.status_code, gone.content) == (r.status_code, r.content), where  # no oracle
    assert OPENED == []


def _refused(r, where):
    assert r.status_code == 422, (where, r.status_code, r.text[:300])
    problems = r.json()["problems"]
    assert problems and all(p["severity"] == "error" for p in problems[:1]), where
    message = problems[0]["message"]
    assert (
        "is not one of the opened files" in message
        or "not valid UTF-8" in message
        or "ending in .yaml or .yml" in message
    ), (where, message)


def _sent_along_resolves(client, route, name="x.json"):
    """The same reference with the library sent: it resolves (the refusal was the sending, not the
    name or the encoding)."""
    library = sample("dust", "sample_force.yaml").replace(b"Sample Laser Squad", SECRET_NAME.encode())
    data = _document("secret.yaml").encode("utf-16-le")
    r = _post(client, route, name, b"\xff\xfe" + data, extra=[("secret.yaml", library)])
    assert r.status_code == 200, (route, r.text[:300])
    return r


def test_check_resolves_from_only_among_the_sent_documents(inline, secret):
    def accept(r, where):
        assert r.status_code == 200, where
        body = r.json()
        assert body["units"] == 0 and body["problems"][0]["severity"] == "error", where

    _never_resolved(inline, secret, "check", accept)
    body = _sent_along_resolves(inline, "check").json()
    assert body["problems"] == [] and body["units"] >= 1


def test_preview_resolves_from_only_among_the_sent_documents(inline, secret):
    _never_resolved(inline, secret, "preview", _refused)
    assert _sent_along_resolves(inline, "preview").content.startswith(b"\x89PNG")


def test_render_resolves_from_only_among_the_sent_documents(inline, secret):
    _never_resolved(inline, secret, "render", _refused)
    assert _sent_along_resolves(inline, "render").content.startswith(b"%PDF")


def test_pngs_resolves_from_only_among_the_sent_documents(inline, secret):
    _never_resolved(inline, secret, "pngs", _refused)
    assert _sent_along_resolves(inline, "pngs").content.startswith(b"PK")


def test_roster_resolves_from_only_among_the_sent_documents(inline, secret):
    _never_resolved(inline, secret, "roster?format=json", _refused)
    listed = _sent_along_resolves(inline, "roster?format=json").json()
    assert SECRET_NAME in json.dumps(listed)


def test_units_resolves_from_only_among_the_sent_documents(inline, secret):
    def accept(r, where):
        assert r.status_code in (200, 422), where
        if r.status_code == 200:
            assert SECRET_NAME not in json.dumps(r.json()), where

    _never_resolved(inline, secret, "units", accept)
    listed = _sent_along_resolves(inline, "units").json()
    assert any(u["name"] == SECRET_NAME for u in listed["units"])


def test_calc_resolves_from_only_among_the_sent_documents(inline, secret):
    _never_resolved(inline, secret, "calc", _refused)
    done = _sent_along_resolves(inline, "calc").json()
    assert "result" in done
