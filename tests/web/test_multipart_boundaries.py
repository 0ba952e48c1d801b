"""Issue 21, the upload caps of ``sheets.web.app._files`` both sides and their refusals: form
fields (50 pass, 51 are 413), one field's bytes (5 MB pass, 5 MB + 1 is 413), a request without
a Content-Type, how a multipart error becomes 400 or 413 (status 413, or words of a cap in its
message; the message cut to 200 characters), the names given to files sent without one, and
the body cap counted while a body without Content-Length is read (the app's own 413 text)."""

from __future__ import annotations

import pytest

from sheets.web.app import MAX_FILE_BYTES

from .conftest import InlinePool, _client, files, sample

ROC = sample("battletech", "roc.yaml")
ONE = files(("roc.yaml", ROC))


# -- form fields: count and size ----------------------------------------------------------------------
def test_50_fields_beside_the_files_pass_and_51_are_413(inline):
    fifty = {f"f{i}": "1" for i in range(50)}
    r = inline.post("/api/check", data=fifty, files=ONE)
    assert r.status_code == 200 and r.json()["units"] == 1
    r = inline.post("/api/check", data={**fifty, "f50": "1"}, files=ONE)
    assert r.status_code == 413
    assert "50" in r.json()["error"] and "fields" in r.json()["error"].lower()


def test_a_field_of_exactly_5_mb_passes_and_one_byte_more_is_413(inline):
    r = inline.post("/api/check", data={"note": "n" * MAX_FILE_BYTES}, files=ONE)
    assert r.status_code == 200 and r.json()["units"] == 1
    r = inline.post("/api/check", data={"note": "n" * (MAX_FILE_BYTES + 1)}, files=ONE)
    assert r.status_code == 413
    assert "5120KB" in r.json()["error"]


# -- no Content-Type at all ----------------------------------------------------------------------------
def test_a_post_without_a_content_type_is_400(inline):
    r = inline.post("/api/check")
    assert r.status_code == 400
    assert r.json() == {"error": "send the files as multipart/form-data, one 'files' field each"}
    r = inline.post("/api/render")
    assert r.status_code == 400
    assert r.json() == {"error": "send the files as multipart/form-data, one 'files' field each"}
    r = inline.post("/api/calc")
    assert r.status_code == 400
    assert r.json() == {"error": "send the calculation as multipart/form-data (game, command, fields)"}


def test_a_calculation_without_a_game_field_names_the_empty_game(inline):
    r = inline.post("/api/calc", data={"command": "penetration"}, files={"other": ("x", b"")})
    assert r.status_code == 400
    assert r.json() == {"error": "unknown game ''; known: battletech, dmech, dust, lnl, wh40k6"}


# -- how a multipart error is answered -----------------------------------------------------------------
class _Err(Exception):
    def __init__(self, message="", **attrs):
        super().__init__(message) if message else super().__init__()
        for k, v in attrs.items():
            setattr(self, k, v)


def _form_raising(monkeypatch, exc):
    from starlette.requests import Request

    async def form(self, **kwargs):
        raise exc

    monkeypatch.setattr(Request, "form", form)


@pytest.mark.parametrize(
    "exc, status, message",
    [
        # a status of 413 is 413 whatever the words
        (_Err(status_code=413, detail="Request Entity Too Large"), 413, "Request Entity Too Large"),
        # each word of a cap in the detail makes it 413, one at a time
        (_Err(status_code=400, detail="Too many parts"), 413, "Too many parts"),
        (_Err(status_code=400, detail="the Maximum is 9"), 413, "the Maximum is 9"),
        (_Err(status_code=400, detail="size EXCEEDED"), 413, "size EXCEEDED"),
        # other details are 400, verbatim; the detail wins over the exception's own text
        (_Err("own text", status_code=400, detail="Invalid multipart data."), 400, "Invalid multipart data."),
        (_Err(status_code=401, detail="no boundary"), 400, "no boundary"),
        # no status, no detail: the exception's text, or a fixed message when it has none
        (_Err("unexpected end"), 400, "unexpected end"),
        (_Err(), 400, "malformed multipart body"),
    ],
)
def test_a_multipart_error_is_400_or_413(inline, monkeypatch, exc, status, message):
    _form_raising(monkeypatch, exc)
    r = inline.post("/api/check", files=ONE)
    assert r.status_code == status
    assert r.json() == {"error": message}


def test_a_multipart_errors_message_is_cut_to_200_characters(inline, monkeypatch):
    _form_raising(monkeypatch, _Err(status_code=400, detail="d" * 199 + "e" + "f"))
    r = inline.post("/api/check", files=ONE)
    assert r.status_code == 400 and r.json() == {"error": "d" * 199 + "e"}


def test_a_real_malformed_body_is_exactly_400(inline):
    r = inline.post(
        "/api/check", content=b"--x\r\nnonsense", headers={"content-type": "multipart/form-data; boundary=x"}
    )
    assert r.status_code == 400 and r.json()["error"]
    r = inline.post("/api/check", content=b"", headers={"content-type": "multipart/form-data"})
    assert r.status_code == 400 and r.json() == {"error": "Missing boundary in multipart."}


# -- files whose name is only blanks or control characters (a part with an empty name is a field) -----------------------------------------------------------------------
def test_files_without_a_name_are_named_by_their_place(inline):
    bad = b"system: dust\nunits: 3\n"
    r = inline.post("/api/check", files=files((" ", bad), ("named.yaml", bad), ("\x7f", bad)))
    assert r.status_code == 200
    assert [p["file"] for p in r.json()["problems"]] == ["file1.yaml", "named.yaml", "file3.yaml"]


def test_an_oversized_file_without_a_name_is_refused_by_its_place(inline):
    r = inline.post("/api/check", files=files(("roc.yaml", ROC), (" ", b"#" * (MAX_FILE_BYTES + 1))))
    assert r.status_code == 413
    assert r.json() == {"error": "file2.yaml: a file is at most 5 MB"}


# -- the body cap counted while reading (no Content-Length) ----------------------------------------------
def _chunked(body: bytes, size: int = 64 * 1024):
    for i in range(0, len(body), size):
        yield body[i : i + size]


def _multipart(name: str, data: bytes, boundary: str = "b0und") -> tuple[bytes, str]:
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


@pytest.mark.parametrize(
    "max_body, shown",
    [(3 * 1024 * 1024 + 5, "3 MB (3145733 bytes)"), (2 * 1024 * 1024 - 1, "1 MB (2097151 bytes)")],
)
def test_a_body_without_length_past_the_cap_is_413_in_the_apps_words(max_body, shown):
    from sheets.web.app import create_app

    body, ctype = _multipart("big.yaml", b"#" * (max_body + 1))
    with _client(create_app("127.0.0.1", 8000, pool=InlinePool(), max_body=max_body)) as c:
        r = c.post("/api/check", content=_chunked(body), headers={"content-type": ctype})
        assert r.status_code == 413
        assert r.json() == {"error": f"the request is over {shown}"}
        assert r.headers["cache-control"] == "no-store"  # the app's answer, with its headers
        # just inside the cap (the whole body): read and checked
        small, ctype = _multipart("roc.yaml", ROC)
        r = c.post("/api/check", content=_chunked(small, 100), headers={"content-type": ctype})
        assert r.status_code == 200 and r.json()["units"] == 1
