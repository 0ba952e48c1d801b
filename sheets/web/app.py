"""The Starlette application: the page and its JSON/bytes API.

Routes (all answers are made by the worker pool, ``sheets.web.pool``):

* ``GET /`` the page; ``GET /static/<file>`` its script and style (a fixed list, never a
  client-named path);
* ``GET /api/catalogue`` the games with their option controls, charts, starters, calculators;
* ``POST /api/check`` (multipart, one or more ``files``) → ``{"problems": [{"file", "line",
  "column", "severity", "message"}], "units": N, "game": ID}`` (200 also with problems);
* ``POST /api/preview?page=K&dpi=D&…`` → ``image/png`` of page K (``X-Pages``: the page count);
* ``POST /api/render?…`` → ``application/pdf``; ``POST /api/pngs?…`` → a zip of every page;
* ``POST /api/roster?format=md|html|bbcode|json|pdf&…`` → the army-list export;
* ``GET /api/reference?game=G&…``, ``GET /api/chart?game=G&name=C&format=pdf|png&…``,
  ``GET /api/starter?game=G&kind=K&lang=L``;
* ``POST /api/calc`` (multipart: ``game``, ``command``, ``fields`` as JSON, optional ``files``).

Options are query parameters named like the CLI's long options without dashes (``lang=ru``,
``paper=letter``, ``mono=1``, ``rules=tw``, ``card=mini``…); an unknown one, or one of another
game → 400 with a message. Invalid files → 422 with the problems (render, preview, roster).
A job past the time limit → 503 with a message (the server goes on).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections import OrderedDict
from pathlib import Path

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sheets.core.i18n import _
from sheets.web.pool import Busy, Pool, TimeLimit, WorkerFailed
from sheets.web.safety import BodyTooLarge, Guard

HERE = Path(__file__).resolve().parent
_JS, _CSS = "text/javascript; charset=utf-8", "text/css; charset=utf-8"
# the files under /static/ (a fixed list, never a client-named path)
STATIC = {
    "app.js": _JS,
    "form.js": _JS,
    "app.css": _CSS,
    "vendor/codemirror.js": _JS,
    "vendor/yaml.js": _JS,
}

MAX_BODY = 16 * 1024 * 1024  # one request (every opened file together)
MAX_FILES = 100  # files in one request (as many as one roster may pull in with from:)
MAX_FILE_BYTES = 5 * 1024 * 1024  # one file (the CLI's read cap)
MAX_NAME = 200  # characters of a file's name
CACHE_ENTRIES = 16  # rendered PDFs kept for the next page's preview and the downloads
CACHE_BYTES = 64 * 1024 * 1024
TIME_LIMIT = 30.0  # seconds one job may run

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; "
        "img-src 'self' blob: data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "Cache-Control": "no-store",
}


class PdfCache:
    """Rendered PDFs by the digest of their files and options (bounded by count and bytes)."""

    def __init__(self, entries: int = CACHE_ENTRIES, max_bytes: int = CACHE_BYTES):
        self.entries, self.max_bytes = entries, max_bytes
        self.items: OrderedDict[str, bytes] = OrderedDict()
        self.size = 0

    def get(self, key: str) -> bytes | None:
        pdf = self.items.get(key)
        if pdf is not None:
            self.items.move_to_end(key)
        return pdf

    def put(self, key: str, pdf: bytes) -> None:
        if key in self.items or len(pdf) > self.max_bytes:
            return
        self.items[key] = pdf
        self.size += len(pdf)
        while len(self.items) > self.entries or self.size > self.max_bytes:
            _, old = self.items.popitem(last=False)
            self.size -= len(old)


class BadRequest(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def _clean_name(name: str | None, index: int) -> str:
    name = re.sub(r"[\x00-\x1f\x7f]", "", name or "").strip()
    if not name:
        name = f"file{index + 1}.yaml"
    return name[-MAX_NAME:]


async def _files(request: Request) -> tuple[list, dict]:
    """The uploaded ``files`` (name, bytes) and the other form fields, within the caps."""
    ctype = request.headers.get("content-type", "")
    if not ctype.startswith("multipart/form-data"):
        raise BadRequest(400, _("send the files as multipart/form-data, one 'files' field each"))
    try:
        form = await request.form(max_files=MAX_FILES, max_fields=50, max_part_size=MAX_FILE_BYTES)
    except BodyTooLarge:
        raise
    except Exception as exc:  # multipart errors (too many files/fields, a part too big, bad framing)
        status = getattr(exc, "status_code", 400)
        detail = str(getattr(exc, "detail", None) or exc) or "malformed multipart body"
        over = status == 413 or any(w in detail.lower() for w in ("too many", "maximum", "exceeded"))
        raise BadRequest(413 if over else 400, detail[:200]) from None
    files, fields = [], {}
    try:
        for key, value in form.multi_items():
            if key == "files" and hasattr(value, "read"):
                data = await value.read(MAX_FILE_BYTES + 1)
                if len(data) > MAX_FILE_BYTES:
                    raise BadRequest(
                        413,
                        f"{_clean_name(value.filename, len(files))}: a file is at "
                        f"most {MAX_FILE_BYTES // (1024 * 1024)} MB",
                    )
                files.append([_clean_name(value.filename, len(files)), data])
            elif isinstance(value, str):
                fields[key] = value
    finally:
        await form.close()
    return files, fields


def _ui(request: Request) -> str | None:
    """The page's language (``ui``, sent with every request), else ``lang``."""
    return request.query_params.get("ui") or request.query_params.get("lang")


def _digest(files: list, query: dict) -> str:
    h = hashlib.sha256()
    for name, data in files:
        h.update(name.encode("utf-8", "surrogatepass") + b"\0" + len(data).to_bytes(8, "big") + data)
    h.update(json.dumps(sorted(query.items())).encode())
    return h.hexdigest()


SEMANTIC_MAX = 4 * 1024 * 1024  # bytes of a YAML file read for its events (larger: its bytes)


def _semantic(name: str, data: bytes) -> bytes:
    """What of a file its printout depends on: a YAML file's events (every key and value as
    written, with its quoting and tags, in order), so that an edit of a comment, a blank line or
    the indentation gives the PDF already made; any other file (or one that does not parse,
    is not UTF-8 or is very large) its bytes."""
    if not name.lower().endswith((".yaml", ".yml")) or len(data) > SEMANTIC_MAX:
        return b"raw\0" + data
    import yaml

    try:
        text = data.decode("utf-8")
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        h = hashlib.sha256()
        for e in yaml.parse(text, Loader=loader):
            part = (
                type(e).__name__,
                getattr(e, "anchor", None),
                getattr(e, "tag", None),
                getattr(e, "implicit", None),
                getattr(e, "value", None),
                getattr(e, "style", None),
            )
            h.update(repr(part).encode("utf-8", "surrogatepass") + b"\n")
        return b"yaml\0" + h.digest()
    except Exception:  # not YAML the plain reader takes: the loader reports it, keyed by its bytes
        return b"raw\0" + data


def _pdf_key(files: list, query: dict) -> str:
    """The PDF cache's key: the files (a YAML file by what it says, see :func:`_semantic`) and the
    options that change the PDF (not the page or the resolution of a preview, the page's own
    language, or whether a check brings a preview)."""
    shown = [[name, _semantic(name, data)] for name, data in files]
    skip = ("page", "dpi", "ui", "preview", "format")  # (format: of a preview page, not of the PDF)
    return _digest(shown, {k: v for k, v in query.items() if k not in skip})


class PngCache(PdfCache):
    """Preview pages by their PDF's key, page, resolution and greys (bounded like the PDFs)."""


def _png_key(pdf_key: str, query: dict) -> str:
    """A preview page's key: its PDF's, the page and the resolution (mono is in the PDF's)."""
    return f"{pdf_key}:{query.get('page', '1')}:{query.get('dpi', '96')}:{query.get('format', 'png')}"


def _stem(files: list) -> str:
    if not files:
        return "sheets"
    stem = Path(files[0][0].replace("\\", "/")).stem
    return stem or "sheets"


def _disposition(filename: str) -> str:
    from urllib.parse import quote

    ascii_name = re.sub(r"[^A-Za-z0-9._-]", "_", filename) or "download"
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"


def create_app(
    host: str = "127.0.0.1",
    port: int | None = None,
    *,
    pool: Pool | None = None,
    time_limit: float = TIME_LIMIT,
    max_body: int = MAX_BODY,
    workers: int = 2,
    units_dir: str | None = None,
):
    """The ASGI app for a server on ``host:port`` (``port=None``: any port in Host checks,
    used by tests on an unknown port). ``units_dir``: the unit library's folder (read once,
    here; see :mod:`sheets.web.library`)."""
    from sheets.web.library import read_library

    pool = pool or Pool(size=workers, time_limit=time_limit)
    library = read_library(units_dir)
    cache = PdfCache()
    pngs_cache = PngCache(entries=32, max_bytes=32 * 1024 * 1024)
    static = {name: (HERE / "static" / name).read_bytes() for name in STATIC}

    async def job(op: str, payload):
        try:
            status, value = await pool.run(op, payload)  # under the pool's own time limit
        except TimeLimit:
            raise BadRequest(
                503,
                _(
                    "stopped: this request ran past the server's time limit of {seconds} s (a very "
                    "large file?). The server is still running; try fewer units or pages at a time"
                ).format(seconds=f"{pool.time_limit:g}"),
            ) from None
        except Busy:
            raise BadRequest(503, _("the server is busy (too many requests waiting); try again")) from None
        except WorkerFailed:
            raise BadRequest(
                500,
                _(
                    "internal error: the worker stopped while doing this request (out of memory?); "
                    "the server is still running"
                ),
            ) from None
        if status == "ok":
            return value
        if status == "input":
            raise InputProblems(value)
        if status in ("option", "usage"):
            raise BadRequest(400, value)
        raise BadRequest(500, _("internal error: {detail}").format(detail=value))

    def query_of(request: Request) -> dict:
        q = {}
        for k, v in request.query_params.multi_items():
            if len(q) > 50 or len(k) > 60 or len(v) > 200:
                raise BadRequest(400, "too many or too long query parameters")
            if k in q:
                raise BadRequest(400, f"{k}: given twice")
            q[k] = v
        return q

    def handler(fn):
        async def wrapped(request: Request):
            from sheets.core.i18n import use_lang

            try:
                with use_lang(_ui(request)):  # the page's language: of the server's own messages too
                    response = await fn(request)
            except BadRequest as exc:
                response = JSONResponse({"error": str(exc)}, status_code=exc.status)
            except InputProblems as exc:
                response = JSONResponse({"problems": exc.problems}, status_code=422)
            except BodyTooLarge:  # counted while reading a body sent without Content-Length
                response = JSONResponse(
                    {"error": f"the request is over {max_body // (1024 * 1024)} MB ({max_body} bytes)"},
                    status_code=413,
                )
            for k, v in SECURITY_HEADERS.items():
                response.headers.setdefault(k, v)
            return response

        return wrapped

    async def page(request: Request):
        import secrets

        from sheets.web.page import render_page

        # the editor (CodeMirror) writes its own style sheet: allowed for this page by a nonce
        nonce = secrets.token_urlsafe(18)
        csp = SECURITY_HEADERS["Content-Security-Policy"].replace(
            "style-src 'self'", f"style-src 'self' 'nonce-{nonce}'"
        )
        return Response(
            render_page(nonce),
            media_type="text/html; charset=utf-8",
            headers={"Content-Security-Policy": csp},
        )

    async def static_file(request: Request):
        name = request.path_params["name"]
        if name not in static:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(static[name], media_type=STATIC[name])

    async def catalogue(request: Request):
        return JSONResponse(await job("catalogue", {"query": query_of(request)}))

    async def ping(request: Request):
        return JSONResponse({"ok": True})  # the page asks whether the server is still there

    async def schema(request: Request):
        return JSONResponse(await job("schema", {"query": query_of(request)}))

    async def decode(request: Request):
        files, _fields = await _files(request)
        return JSONResponse(await job("decode", {"files": files, "query": query_of(request)}))

    async def library_list(request: Request):
        from sheets.web.library import samples

        return JSONResponse({**library.listing(), "samples": samples()})

    async def library_unit(request: Request):
        text = query_of(request).get("id", "")
        if not text.isdigit() or not 0 <= int(text) < len(library.units):
            raise BadRequest(404, _("no unit number {id} in the library").format(id=text[:20]))
        entry = library.units[int(text)]
        return JSONResponse({"name": entry.name, "file": entry.file, "document": entry.document})

    async def library_sample(request: Request):
        from sheets.web.library import sample_text

        wanted = query_of(request).get("id", "")
        text = sample_text(wanted)
        if text is None:
            raise BadRequest(404, _("no sample {id}").format(id=repr(wanted[:60])))
        return JSONResponse({"text": text, "name": wanted.rsplit("/", 1)[-1]})

    async def check(request: Request):
        files, _fields = await _files(request)
        if not files:
            raise BadRequest(400, _("no files: send one or more 'files' fields"))
        query = query_of(request)
        if query.get("preview") not in (None, "", "0"):
            # the page's live check: problems and, when nothing is in the way, page 1 of the preview
            # in the same job (one load of the files, one worker per keystroke's round); a page
            # already drawn for what the files say is not drawn again
            key = await anyio.to_thread.run_sync(_pdf_key, files, query)
            shown_key = _png_key(key, query)
            shown = pngs_cache.get(shown_key)
            if shown is not None:
                plain = {k: v for k, v in query.items() if k != "preview"}
                out = await job("check", {"files": files, "query": plain})
                if not any(p["severity"] != "warning" for p in out["problems"]):
                    pages, kind, image = shown.split(b"\0", 2)
                    out["preview"] = {
                        "image": base64.b64encode(image).decode("ascii"),
                        "type": kind.decode(),
                        "pages": int(pages),
                    }
                return JSONResponse(out)
            pdf = cache.get(key)
            out = await job("check", {"files": files, "query": query, "pdf": pdf})
            made = out.pop("pdf", None)
            if made is not None and pdf is None:
                cache.put(key, made)
            if "preview" in out:
                shown = out["preview"]
                image = base64.b64decode(shown["image"])
                pngs_cache.put(shown_key, f"{shown['pages']}\0{shown['type']}\0".encode() + image)
            return JSONResponse(out)
        return JSONResponse(await job("check", {"files": files, "query": query}))

    async def rendered(files, query) -> tuple[bytes, str]:
        key = await anyio.to_thread.run_sync(_pdf_key, files, query)
        pdf = cache.get(key)
        if pdf is None:
            pdf = (await job("render", {"files": files, "query": query}))["pdf"]
            cache.put(key, pdf)
        return pdf, key

    async def uploaded(request: Request):
        files, fields = await _files(request)
        if not files:
            raise BadRequest(400, _("no files: send one or more 'files' fields"))
        return files, fields, query_of(request)

    async def preview(request: Request):
        files, _fields, query = await uploaded(request)
        key = await anyio.to_thread.run_sync(_pdf_key, files, query)
        shown_key = _png_key(key, query)
        shown = pngs_cache.get(shown_key)
        if shown is not None:
            pages, kind, image = shown.split(b"\0", 2)
            return Response(image, media_type=kind.decode(), headers={"X-Pages": pages.decode()})
        pdf = cache.get(key)
        out = await job("preview", {"files": files, "query": query, "pdf": pdf})
        if pdf is None:
            cache.put(key, out["pdf"])
        kind = out.get("type", "image/png")
        pngs_cache.put(shown_key, f"{out['pages']}\0{kind}\0".encode() + out["png"])
        return Response(out["png"], media_type=kind, headers={"X-Pages": str(out["pages"])})

    async def render(request: Request):
        files, _fields, query = await uploaded(request)
        pdf, _key = await rendered(files, query)
        return Response(
            pdf,
            media_type="application/pdf",
            headers={"Content-Disposition": _disposition(f"{_stem(files)}.pdf")},
        )

    async def pngs(request: Request):
        files, _fields, query = await uploaded(request)
        pdf, _key = await rendered(files, query)
        out = await job("pngs", {"files": files, "query": query, "pdf": pdf, "stem": _stem(files)})
        return Response(
            out["zip"],
            media_type="application/zip",
            headers={"Content-Disposition": _disposition(f"{_stem(files)}-png.zip")},
        )

    async def roster(request: Request):
        files, _fields, query = await uploaded(request)
        fmt = query.get("format", "md")
        data = (await job("roster", {"files": files, "query": query}))["data"]
        types = {
            "pdf": "application/pdf",
            "md": "text/markdown; charset=utf-8",
            "html": "text/html; charset=utf-8",
            "bbcode": "text/plain; charset=utf-8",
            "json": "application/json",
        }
        ext = {"bbcode": "txt"}.get(fmt, fmt)
        return Response(
            data,
            media_type=types[fmt],
            headers={"Content-Disposition": _disposition(f"{_stem(files)}-roster.{ext}")},
        )

    async def reference(request: Request):
        query = query_of(request)
        pdf = (await job("reference", {"query": query}))["pdf"]
        game = re.sub(r"[^a-z0-9_-]", "", query.get("game", ""))
        return Response(
            pdf,
            media_type="application/pdf",
            headers={"Content-Disposition": _disposition(f"{game}-reference.pdf")},
        )

    async def chart(request: Request):
        query = query_of(request)
        data = (await job("chart", {"query": query}))["data"]
        fmt = query.get("format", "pdf")
        name = re.sub(r"[^a-z0-9_-]", "", f"{query.get('game', '')}-{query.get('name', '')}")
        return Response(
            data,
            media_type="image/png" if fmt == "png" else "application/pdf",
            headers={"Content-Disposition": _disposition(f"{name}.{fmt}")},
        )

    async def starter(request: Request):
        return JSONResponse(await job("starter", {"query": query_of(request)}))

    async def units(request: Request):
        files, _fields, query = await uploaded(request)
        return JSONResponse(await job("units", {"files": files, "query": query}))

    async def calc(request: Request):
        ctype = request.headers.get("content-type", "")
        if ctype.startswith("multipart/form-data"):
            files, fields = await _files(request)
        else:
            raise BadRequest(400, "send the calculation as multipart/form-data (game, command, fields)")
        try:
            values = json.loads(fields.get("fields") or "{}")
        except ValueError:
            raise BadRequest(400, "fields: not JSON") from None
        if not isinstance(values, dict):
            raise BadRequest(400, "fields: a JSON object of option name → value")
        return JSONResponse(
            await job(
                "calc",
                {
                    "game": fields.get("game", ""),
                    "command": fields.get("command", ""),
                    "fields": values,
                    "files": files,
                    "ui": fields.get("ui") or _ui(request),
                },
            )
        )

    routes = [
        Route("/", handler(page)),
        Route("/static/{name:path}", handler(static_file)),
        Route("/api/catalogue", handler(catalogue)),
        Route("/api/ping", handler(ping)),
        Route("/api/schema", handler(schema)),
        Route("/api/decode", handler(decode), methods=["POST"]),
        Route("/api/library", handler(library_list)),
        Route("/api/library/unit", handler(library_unit)),
        Route("/api/library/sample", handler(library_sample)),
        Route("/api/check", handler(check), methods=["POST"]),
        Route("/api/preview", handler(preview), methods=["POST"]),
        Route("/api/render", handler(render), methods=["POST"]),
        Route("/api/pngs", handler(pngs), methods=["POST"]),
        Route("/api/roster", handler(roster), methods=["POST"]),
        Route("/api/reference", handler(reference)),
        Route("/api/chart", handler(chart)),
        Route("/api/starter", handler(starter)),
        Route("/api/units", handler(units), methods=["POST"]),
        Route("/api/calc", handler(calc), methods=["POST"]),
    ]

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        import anyio.to_thread

        await anyio.to_thread.run_sync(pool.start)
        try:
            yield
        finally:
            await anyio.to_thread.run_sync(pool.close)

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool = pool
    app.state.cache = cache
    app.state.library = library
    return Guard(app, host, port, max_body)


class InputProblems(Exception):
    def __init__(self, problems):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems
