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

import hashlib
import json
import re
from collections import OrderedDict
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sheets.web.pool import Busy, Pool, TimeLimit, WorkerFailed
from sheets.web.safety import BodyTooLarge, Guard

HERE = Path(__file__).resolve().parent
STATIC = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}

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
        raise BadRequest(400, "send the files as multipart/form-data, one 'files' field each")
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


def _digest(files: list, query: dict) -> str:
    h = hashlib.sha256()
    for name, data in files:
        h.update(name.encode("utf-8", "surrogatepass") + b"\0" + len(data).to_bytes(8, "big") + data)
    h.update(json.dumps(sorted(query.items())).encode())
    return h.hexdigest()


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
    memory_budget: int | None = None,
):
    """The ASGI app for a server on ``host:port`` (``port=None``: any port in Host checks,
    used by tests on an unknown port)."""
    pool = pool or Pool(size=workers, time_limit=time_limit)
    cache = PdfCache()
    static = {name: (HERE / "static" / name).read_bytes() for name in STATIC}

    async def job(op: str, payload):
        try:
            status, value = await pool.run(op, payload)  # under the pool's own time limit
        except TimeLimit:
            raise BadRequest(
                503,
                f"stopped: this request ran past the server's time limit of "
                f"{pool.time_limit:g} s (a very large file?). The server is still running; "
                f"try fewer units or pages at a time",
            ) from None
        except Busy:
            raise BadRequest(503, "the server is busy (too many requests waiting); try again") from None
        except WorkerFailed:
            raise BadRequest(
                500,
                "internal error: the worker stopped while doing this request "
                "(out of memory?); the server is still running",
            ) from None
        if status == "ok":
            return value
        if status == "input":
            raise InputProblems(value)
        if status in ("option", "usage"):
            raise BadRequest(400, value)
        raise BadRequest(500, f"internal error: {value}")

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
            try:
                response = await fn(request)
            except BadRequest as exc:
                response = JSONResponse({"error": str(exc)}, status_code=exc.status)
            except InputProblems as exc:
                response = JSONResponse({"problems": exc.problems}, status_code=422)
            except BodyTooLarge as exc:  # counted while reading a body sent without Content-Length
                response = JSONResponse(
                    {
                        "error": exc.message
                        or f"the request is over {max_body // (1024 * 1024)} MB ({max_body} bytes)"
                    },
                    status_code=exc.status,
                )
            for k, v in SECURITY_HEADERS.items():
                response.headers.setdefault(k, v)
            return response

        return wrapped

    async def page(request: Request):
        from sheets.web.page import render_page

        return Response(render_page(), media_type="text/html; charset=utf-8")

    async def static_file(request: Request):
        name = request.path_params["name"]
        if name not in static:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(static[name], media_type=STATIC[name])

    async def catalogue(request: Request):
        return JSONResponse(await job("catalogue", {"query": query_of(request)}))

    async def check(request: Request):
        files, _ = await _files(request)
        if not files:
            raise BadRequest(400, "no files: send one or more 'files' fields")
        return JSONResponse(await job("check", {"files": files, "query": query_of(request)}))

    async def rendered(files, query) -> tuple[bytes, str]:
        key = _digest(files, {k: v for k, v in query.items() if k not in ("page", "dpi")})
        pdf = cache.get(key)
        if pdf is None:
            pdf = (await job("render", {"files": files, "query": query}))["pdf"]
            cache.put(key, pdf)
        return pdf, key

    async def uploaded(request: Request):
        files, fields = await _files(request)
        if not files:
            raise BadRequest(400, "no files: send one or more 'files' fields")
        return files, fields, query_of(request)

    async def preview(request: Request):
        files, _, query = await uploaded(request)
        key = _digest(files, {k: v for k, v in query.items() if k not in ("page", "dpi")})
        pdf = cache.get(key)
        out = await job("preview", {"files": files, "query": query, "pdf": pdf})
        if pdf is None:
            cache.put(key, out["pdf"])
        return Response(out["png"], media_type="image/png", headers={"X-Pages": str(out["pages"])})

    async def render(request: Request):
        files, _, query = await uploaded(request)
        pdf, _ = await rendered(files, query)
        return Response(
            pdf,
            media_type="application/pdf",
            headers={"Content-Disposition": _disposition(f"{_stem(files)}.pdf")},
        )

    async def pngs(request: Request):
        files, _, query = await uploaded(request)
        pdf, _ = await rendered(files, query)
        out = await job("pngs", {"files": files, "query": query, "pdf": pdf, "stem": _stem(files)})
        return Response(
            out["zip"],
            media_type="application/zip",
            headers={"Content-Disposition": _disposition(f"{_stem(files)}-png.zip")},
        )

    async def roster(request: Request):
        files, _, query = await uploaded(request)
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
        files, _, query = await uploaded(request)
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
                    "lang": fields.get("lang") or request.query_params.get("lang"),
                },
            )
        )

    routes = [
        Route("/", handler(page)),
        Route("/static/{name}", handler(static_file)),
        Route("/api/catalogue", handler(catalogue)),
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
    guard = Guard(app, host, port, max_body, **({"memory_budget": memory_budget} if memory_budget else {}))
    app.state.budget = guard.budget
    return guard


class InputProblems(Exception):
    def __init__(self, problems):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems
