"""The page never opens a path a client names (issue 31), on every route but the calculators': a
``from:`` naming a server file (absolute, ``../``, any suffix, UTF-16 text, a name without
suffix), a MegaMek force whose units would be looked up on disk, a ``units`` folder in the query.
Each request runs in this process (the inline pool) under an audit hook that records every file
the process opens: the server's file must never be among them, and no answer may carry its unit."""

from __future__ import annotations

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


sys.addaudithook(_audit)  # (an audit hook stays for the process; it records only while watching)


@pytest.fixture
def secret(tmp_path):
    folder = tmp_path / "server-side"
    folder.mkdir()
    # what only the server's file says (its model): an answer that carries it read the file
    text = (
        sample("battletech", "orc.yaml").decode().replace("name: Orc", "name: SecretOrc\n    model: LEAKED")
    )
    (folder / "secret.yaml").write_text(text, encoding="utf-8")
    # a unit file a MegaMek force would look its unit up in (incomplete: it names the unit only)
    (folder / "Secret.blk").write_bytes(
        b"<UnitType>\nProtoMek\n</UnitType>\n<Name>\nSecretOrc\n</Name>\n<Model>\nLEAKED\n</Model>\n"
    )
    OPENED.clear()
    _WATCHING[:] = [str(folder)]
    yield folder
    _WATCHING.clear()


def _references(folder):
    absolute = f"{folder}/secret.yaml"
    climbing = "../" * 12 + absolute.lstrip("/")
    for target in (absolute, climbing, "file://" + absolute):
        body = f"system: battletech\nunits:\n  - {{from: {target!r}, name: SecretOrc}}\n"
        yield "x.yaml", body.encode()
        yield "x.json", body.encode()
        yield "x", body.encode()
        yield "x.YML", body.encode()
        yield "x.yaml", b"\xff\xfe" + body.encode("utf-16-le")
        yield "x.yaml", b"\xef\xbb\xbf" + body.encode()
        yield "x.ros", body.encode()
    force = (
        '<?xml version="1.0"?>\n<unit version="0.49.19">\n'
        '<entity chassis="SecretOrc" model="" type="Biped"><pilot name="A" gunnery="4"/></entity>\n</unit>\n'
    )
    yield "force.mul", force.encode()


ROUTES = ["check", "preview", "render", "pngs", "roster?format=json", "units", "decode"]


@pytest.mark.parametrize("route", ROUTES)
def test_no_route_opens_a_path_the_client_names(inline, secret, route):
    for name, data in _references(secret):
        for query in ("", "units=" + str(secret), "data_dir=" + str(secret)):
            sep = "&" if "?" in route else "?"
            r = inline.post(f"/api/{route}{sep}{query}", files=files((name, data)))
            assert r.status_code in (200, 400, 422), (route, name, query, r.status_code)
            assert b"LEAKED" not in r.content, (route, name, query)
            if r.status_code == 200 and route == "check":
                problems = r.json()["problems"]
                assert any(p["severity"] == "error" for p in problems), (name, problems)
    assert OPENED == []


def test_a_from_resolves_among_the_sent_files_only(inline, secret):
    ref = b"system: battletech\nunits:\n  - {from: secret.yaml, name: SecretOrc}\n"
    alone = inline.post("/api/check", files=files(("x.yaml", ref))).json()
    assert alone["units"] == 0
    assert "is not one of the opened files" in alone["problems"][0]["message"]
    sent = (secret / "secret.yaml").read_bytes()
    OPENED.clear()  # (the test read it itself)
    both = inline.post("/api/check", files=files(("x.yaml", ref), ("secret.yaml", sent))).json()
    assert both["problems"] == [] and both["units"] == 1
    assert OPENED == []


def test_the_library_and_samples_are_named_by_their_listing_only(make_client, secret, tmp_path):
    client = make_client(units_dir=str(secret))
    listed = client.get("/api/library").json()
    assert [u["file"] for u in listed["units"]] == []  # Secret.blk does not read as a unit
    assert client.get("/api/library/unit?id=0").status_code == 404
    assert client.get("/api/library/unit?id=../secret.yaml").status_code == 404
    for wanted in ("../../../etc/passwd", str(secret / "secret.yaml"), "battletech/../../pyproject.toml", ""):
        r = client.get("/api/library/sample", params={"id": wanted})
        assert r.status_code == 404, wanted
    assert client.get("/api/library/sample", params={"id": "battletech/roc.yaml"}).json()["text"] == (
        sample("battletech", "roc.yaml").decode()
    )
