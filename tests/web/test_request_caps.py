"""The page's request caps (``sheets.web.app``) just inside and one step past, with the exact
refusal: files per request, bytes per file, the file name's length, query parameters (count,
name and value length, repeated), the preview's page and dpi, the PNG zip's dpi; the
downloads' names and types; the PDF cache's bounds by count and by bytes."""

from __future__ import annotations

import io
import zipfile

import pytest

from sheets.web.app import (
    CACHE_BYTES,
    CACHE_ENTRIES,
    MAX_BODY,
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_NAME,
    PdfCache,
    _clean_name,
    _digest,
    _disposition,
    _stem,
)

from .conftest import files, sample

ROC = sample("battletech", "roc.yaml")


def test_the_documented_caps():
    assert (MAX_BODY, MAX_FILES, MAX_FILE_BYTES, MAX_NAME) == (16 * 1024 * 1024, 100, 5 * 1024 * 1024, 200)
    assert (CACHE_ENTRIES, CACHE_BYTES) == (16, 64 * 1024 * 1024)


# -- files per request, bytes per file -------------------------------------------------------------
def test_exactly_100_files_pass_and_101_are_413(inline):
    many = [(f"u{i}.yaml", ROC.replace(b"name: Roc", f"name: Roc {i}".encode())) for i in range(MAX_FILES)]
    r = inline.post("/api/check", files=files(*many))
    assert r.status_code == 200 and r.json()["units"] == 100
    r = inline.post("/api/check", files=files(*many, ("extra.yaml", ROC)))
    assert r.status_code == 413
    assert "error" in r.json()


def test_a_file_of_exactly_5_mb_passes_and_one_byte_more_is_413_naming_it(inline):
    pad = MAX_FILE_BYTES - len(ROC) - 1
    exactly = ROC + b"#" + b"x" * pad
    assert len(exactly) == MAX_FILE_BYTES + 0 or len(exactly) == MAX_FILE_BYTES
    r = inline.post("/api/check", files=files(("roc.yaml", exactly[:MAX_FILE_BYTES])))
    assert r.status_code == 200, r.text
    r = inline.post("/api/check", files=files(("big one.yaml", exactly[:MAX_FILE_BYTES] + b"x")))
    assert r.status_code == 413
    assert r.json() == {"error": "big one.yaml: a file is at most 5 MB"}


def test_a_body_over_16_mb_in_files_of_5_mb_each_is_413(inline):
    four = [(f"f{i}.yaml", b"#" * MAX_FILE_BYTES) for i in range(4)]  # 20 MB in all
    r = inline.post("/api/check", files=files(*four))
    assert r.status_code == 413
    assert r.json() == {"error": "the request is over 16 MB (16777216 bytes)"}


def test_not_multipart_and_no_files_are_400(inline):
    r = inline.post("/api/check", content=b"{}", headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json() == {"error": "send the files as multipart/form-data, one 'files' field each"}
    r = inline.post("/api/check", files={"other": ("a.yaml", b"x")})
    assert r.status_code == 400 and r.json() == {"error": "no files: send one or more 'files' fields"}
    r = inline.post("/api/render", files={"other": ("a.yaml", b"x")})
    assert r.status_code == 400 and r.json() == {"error": "no files: send one or more 'files' fields"}


def test_a_malformed_multipart_body_is_400(inline):
    r = inline.post(
        "/api/check", content=b"--x\r\nnonsense", headers={"content-type": "multipart/form-data; boundary=x"}
    )
    assert r.status_code in (400, 413) and r.json()["error"]


# -- file names -------------------------------------------------------------------------------------
def test_clean_name():
    assert _clean_name("a\x00b\x1f\x7fc.yaml", 0) == "abc.yaml"
    assert _clean_name("  spaced.yaml  ", 0) == "spaced.yaml"
    assert _clean_name("", 0) == "file1.yaml" and _clean_name(None, 4) == "file5.yaml"
    assert _clean_name("\x01\x02", 2) == "file3.yaml"
    long = "d/" * 150 + "x.yaml"
    assert _clean_name(long, 0) == long[-200:] and len(_clean_name(long, 0)) == 200
    exactly = "n" * 195 + ".yaml"
    assert _clean_name(exactly, 0) == exactly
    assert _clean_name("é" + exactly, 0) == exactly  # 201 characters: the first is dropped


def test_a_long_name_keeps_its_last_200_characters_in_the_problems(inline):
    name = "a" * 300 + ".yaml"
    r = inline.post("/api/check", files=files((name, b"system: dust\nunits: 3\n")))
    assert r.status_code == 200
    assert r.json()["problems"][0]["file"] == name[-200:]


# -- query parameters ---------------------------------------------------------------------------------
def _q(n: int) -> str:
    return "&".join(f"x{i}=1" for i in range(n))


def test_query_parameters_count_name_and_value_length(inline):
    # 51 parameters are taken (the check counts those already taken), 52 are refused
    r = inline.get(f"/api/starter?game=dust&{_q(50)}")
    assert r.status_code == 200, r.text
    r = inline.get(f"/api/starter?game=dust&{_q(51)}")
    assert r.status_code == 400
    assert r.json() == {"error": "too many or too long query parameters"}
    assert inline.get("/api/starter?game=dust&" + "k" * 60 + "=1").status_code == 200
    assert inline.get("/api/starter?game=dust&" + "k" * 61 + "=1").status_code == 400
    assert inline.get("/api/starter?game=dust&kind=" + "v" * 200).status_code == 400  # a kind dust has not
    r = inline.get("/api/starter?game=dust&kind=" + "v" * 201)
    assert r.status_code == 400 and r.json() == {"error": "too many or too long query parameters"}
    r = inline.get("/api/starter?game=dust&kind=" + "v" * 200)
    assert r.json()["error"].startswith("dust has no starter 'vvv")


def test_a_parameter_given_twice_is_400(inline):
    r = inline.get("/api/starter?game=dust&game=lnl")
    assert r.status_code == 400 and r.json() == {"error": "game: given twice"}


def test_starter_answers_its_text(inline):
    r = inline.get("/api/starter?game=dmech&kind=infantry&lang=ru")
    assert r.status_code == 200
    from sheets import api

    assert r.json() == {"text": api.starter("dmech", "infantry", "ru")}


# -- preview page and dpi, pngs dpi ---------------------------------------------------------------------
DUST = files(("sample_force.yaml", sample("dust", "sample_force.yaml")))  # one page
LIST = files(("sample_list.yaml", sample("wh40k6", "sample_list.yaml")))  # four pages


def _png_width(data: bytes) -> int:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big")


@pytest.mark.parametrize(
    "query, status",
    [("page=1", 200), ("page=4", 200), ("page=5", 400), ("page=0", 400), ("page=x", 400), ("page=", 200)],
)
def test_preview_page_both_sides(inline, query, status):
    r = inline.post(f"/api/preview?{query}&dpi=36", files=LIST)
    assert r.status_code == status, r.text
    if status == 200:
        assert r.headers["x-pages"] == "4" and r.headers["content-type"] == "image/png"


def test_preview_pages_differ(inline):
    one = inline.post("/api/preview?page=1&dpi=36", files=LIST).content
    four = inline.post("/api/preview?page=4&dpi=36", files=LIST).content
    blank = inline.post("/api/preview?dpi=36", files=LIST).content
    assert one != four and blank == one


def test_preview_refusals_verbatim(inline):
    assert inline.post("/api/preview?page=5", files=LIST).json() == {
        "error": "page: the document has 4 page(s), not 5"
    }
    assert inline.post("/api/preview?page=2", files=DUST).json() == {
        "error": "page: the document has 1 page(s), not 2"
    }
    assert inline.post("/api/preview?page=0", files=DUST).json() == {
        "error": "page: expected 1 to 10000, got 0"
    }
    assert inline.post("/api/preview?dpi=35", files=DUST).json() == {
        "error": "dpi: expected 36 to 200, got 35"
    }
    assert inline.post("/api/preview?dpi=201", files=DUST).json() == {
        "error": "dpi: expected 36 to 200, got 201"
    }
    assert inline.post("/api/preview?dpi=ten", files=DUST).json() == {
        "error": "dpi: expected a whole number, got 'ten'"
    }


@pytest.mark.parametrize("dpi, width", [(36, 298), (200, 1654)])
def test_preview_dpi_at_its_ends(inline, dpi, width):
    r = inline.post(f"/api/preview?dpi={dpi}", files=DUST)
    assert r.status_code == 200
    assert abs(_png_width(r.content) - width) <= 1  # A4: 210 mm


def test_preview_default_dpi_is_96(inline):
    r = inline.post("/api/preview", files=DUST)
    assert abs(_png_width(r.content) - 794) <= 1


def test_pngs_dpi_both_sides_and_the_names(inline):
    assert inline.post("/api/pngs?dpi=35", files=DUST).json() == {"error": "dpi: expected 36 to 300, got 35"}
    assert inline.post("/api/pngs?dpi=301", files=DUST).json() == {
        "error": "dpi: expected 36 to 300, got 301"
    }
    r = inline.post("/api/pngs?dpi=36", files=LIST)
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    assert r.headers["content-disposition"] == (
        "attachment; filename=\"sample_list-png.zip\"; filename*=UTF-8''sample_list-png.zip"
    )
    z = zipfile.ZipFile(io.BytesIO(r.content))
    assert z.namelist() == [
        "sample_list-1.png",
        "sample_list-2.png",
        "sample_list-3.png",
        "sample_list-4.png",
    ]
    assert abs(_png_width(z.read("sample_list-1.png")) - 298) <= 1
    assert z.getinfo("sample_list-1.png").date_time == (1980, 1, 1, 0, 0, 0)


# -- downloads: names and types -------------------------------------------------------------------------
def test_disposition_and_stem():
    assert _disposition("roc.pdf") == "attachment; filename=\"roc.pdf\"; filename*=UTF-8''roc.pdf"
    assert _disposition("отряд 1.pdf") == (
        "attachment; filename=\"______1.pdf\"; filename*=UTF-8''%D0%BE%D1%82%D1%80%D1%8F%D0%B4%201.pdf"
    )
    assert _disposition("") == "attachment; filename=\"download\"; filename*=UTF-8''"
    assert _stem([]) == "sheets"
    assert _stem([["army\\units\\roc.yaml", b""]]) == "roc"
    assert _stem([["a/b/c.tar.yaml", b""], ["z.yaml", b""]]) == "c.tar"
    assert _stem([[".yaml", b""]]) == ".yaml"
    assert _stem([["/", b""]]) == "sheets"


@pytest.mark.parametrize(
    "fmt, ctype, ext",
    [
        ("md", "text/markdown; charset=utf-8", "md"),
        ("html", "text/html; charset=utf-8", "html"),
        ("bbcode", "text/plain; charset=utf-8", "txt"),
        ("json", "application/json", "json"),
        ("pdf", "application/pdf", "pdf"),
    ],
)
def test_roster_types_and_names(inline, fmt, ctype, ext):
    r = inline.post(
        f"/api/roster?format={fmt}",
        files=files(("point-alpha.yaml", sample("battletech", "point-alpha.yaml"))),
    )
    assert r.status_code == 200
    assert r.headers["content-type"] == ctype
    assert r.headers["content-disposition"].startswith(f'attachment; filename="point-alpha-roster.{ext}"')


def test_roster_default_format_is_markdown(inline):
    r = inline.post(
        "/api/roster", files=files(("point-alpha.yaml", sample("battletech", "point-alpha.yaml")))
    )
    assert r.headers["content-type"] == "text/markdown; charset=utf-8"
    assert r.headers["content-disposition"].startswith('attachment; filename="point-alpha-roster.md"')
    r = inline.post(
        "/api/roster?format=docx", files=files(("p.yaml", sample("battletech", "point-alpha.yaml")))
    )
    assert r.status_code == 400
    assert r.json() == {"error": "format: expected pdf, md, html, bbcode or json, got 'docx'"}


def test_reference_and_chart_names_keep_only_safe_characters(inline):
    r = inline.get("/api/reference?game=dmech")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"].startswith('attachment; filename="dmech-reference.pdf"')
    r = inline.get("/api/chart?game=dmech&name=facing&format=png&dpi=36")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.headers["content-disposition"].startswith('attachment; filename="dmech-facing.png"')
    r = inline.get("/api/chart?game=dmech&name=facing")
    assert r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"].startswith('attachment; filename="dmech-facing.pdf"')
    r = inline.get("/api/chart?game=dmech&name=facing&format=svg")
    assert r.status_code == 400 and r.json() == {"error": "format: expected pdf or png, got 'svg'"}
    assert inline.get("/api/chart?game=dmech&name=facing&format=png&dpi=601").json() == {
        "error": "dpi: expected 36 to 600, got 601"
    }
    assert inline.get("/api/chart?game=dmech&name=facing&format=png&dpi=35").json() == {
        "error": "dpi: expected 36 to 600, got 35"
    }


def test_every_answer_carries_the_security_headers(inline):
    for r in (inline.get("/"), inline.get("/api/starter?game=chess"), inline.get("/static/none.js")):
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["cache-control"] == "no-store"
        assert r.headers["content-security-policy"].startswith("default-src 'none'; script-src 'self';")
    assert inline.get("/static/none.js").status_code == 404
    assert inline.get("/static/app.js").headers["content-type"] == "text/javascript; charset=utf-8"
    assert inline.get("/static/app.css").headers["content-type"] == "text/css; charset=utf-8"


def test_invalid_files_are_422_with_their_problems(inline):
    r = inline.post("/api/render", files=files(("x.yaml", b"system: dust\nunits: 3\n")))
    assert r.status_code == 422
    assert r.json() == {
        "problems": [
            {
                "file": "x.yaml",
                "line": 2,
                "column": 8,
                "severity": "error",
                "message": "'units:' must be a non-empty list of units",
            }
        ]
    }


# -- the cache ----------------------------------------------------------------------------------------
def test_the_cache_keeps_exactly_its_entries_and_its_bytes():
    c = PdfCache(entries=2, max_bytes=30)
    c.put("a", b"x" * 10)
    c.put("b", b"x" * 20)  # exactly 30 bytes: both kept
    assert list(c.items) == ["a", "b"] and c.size == 30
    c.put("c", b"x")  # 31 bytes and 3 entries: the oldest goes
    assert list(c.items) == ["b", "c"] and c.size == 21
    c.put("d", b"x" * 30)  # exactly the whole cache: kept alone
    assert list(c.items) == ["d"] and c.size == 30
    c.put("d", b"y" * 5)  # a key already there is not replaced or counted twice
    assert c.get("d") == b"x" * 30 and c.size == 30


def test_a_read_makes_an_entry_the_newest():
    c = PdfCache(entries=2, max_bytes=100)
    c.put("a", b"1")
    c.put("b", b"2")
    assert c.get("a") == b"1"
    c.put("c", b"3")
    assert list(c.items) == ["a", "c"] and c.get("b") is None


def test_the_digest_tells_files_names_order_and_options_apart():
    base = _digest([["a.yaml", b"xy"]], {"lang": "ru"})
    assert base == _digest([["a.yaml", b"xy"]], {"lang": "ru"})
    assert base != _digest([["b.yaml", b"xy"]], {"lang": "ru"})
    assert base != _digest([["a.yaml", b"xz"]], {"lang": "ru"})
    assert base != _digest([["a.yaml", b"xy"]], {"lang": "en"})
    # a name and data shifted across the boundary are not the same input
    assert _digest([["a", b"bc"]], {}) != _digest([["ab", b"c"]], {})
    assert _digest([["a", b"b"], ["c", b""]], {}) != _digest([["a", b"bc"]], {})
    assert _digest([["a", b""]], {"x": "1", "y": "2"}) == _digest([["a", b""]], {"y": "2", "x": "1"})
