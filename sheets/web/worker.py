"""What a worker process runs: one job at a time, through the in-memory API (``sheets.api``).

Every operation takes plain data (files as ``[name, bytes]`` pairs, options as the query's
``{name: text}``) and answers plain data, so that nothing but bytes, text and numbers crosses
the pipe. The worker never opens a path a client named: files exist only as the bytes sent.
"""

from __future__ import annotations

import io
import re

# query parameters that are not printing options ("ui": the page's own language, of messages)
NOT_OPTIONS = ("page", "dpi", "format", "game", "name", "kind", "ui", "preview")
PREVIEW_DPI = (36, 200)  # lowest, highest dpi of a preview PNG
# a preview page's formats: PNG (the default), or JPEG, which the page asks for while typing (a
# sixth of PNG's encoding time for a sheet at 96 dpi, the same size)
PREVIEW_TYPES = {"png": "image/png", "jpeg": "image/jpeg"}
MAX_PAGES_PNG = 200  # pages in one "all PNGs" download


def main(conn, warm: bool = True) -> None:  # pragma: no cover - runs in the child process
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    if warm:
        try:
            _warm()
        except Exception:
            pass
    try:
        conn.send(("ready", __import__("os").getpid()))
    except OSError:
        return
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        op, payload = msg
        try:
            conn.send(run(op, payload))
        except (BrokenPipeError, OSError):
            return


def run(op: str, payload):
    """One job → ``(status, value)``; errors become messages, never tracebacks. The job runs in
    the page's language (``payload["ui"]``, sent with every request), so that problems and
    errors come back in it."""
    try:
        from sheets.core.errors import InputError, UsageProblem
        from sheets.core.i18n import use_lang

        try:
            with use_lang(message_lang(payload)):
                return "ok", OPERATIONS[op](payload or {})
        except InputError as exc:  # the API's InvalidInput (an InputError) or the core's own
            return "input", [problem_dict(p) for p in exc.problems]
        except (UsageProblem, OptionProblem) as exc:  # the API's UsageError, GameOptionError
            return "option", str(exc)
    except Exception as exc:  # the server answers 500 with one line
        first = str(exc).splitlines()[0][:300] if str(exc) else ""
        return "internal", f"{type(exc).__name__}: {first}"


def message_lang(payload) -> str | None:
    """The language of a job's messages: the page's (``ui``), else the query's ``ui`` or
    ``lang`` (a script that asks for a Russian printout gets Russian messages too)."""
    if not isinstance(payload, dict):
        return None
    query = payload.get("query") if isinstance(payload.get("query"), dict) else {}
    for value in (payload.get("ui"), query.get("ui"), payload.get("lang"), query.get("lang")):
        if isinstance(value, str) and value:
            from sheets.core.i18n import normalise_lang

            if normalise_lang(value):
                return value
    return None


class OptionProblem(ValueError):
    """A query parameter the page or a script got wrong (400)."""


def _api():
    from sheets import api

    return api


def problem_dict(p) -> dict:
    """An API ``Problem`` (file, line, column) or a core one (path, pos) as JSON."""
    if hasattr(p, "pos"):
        pos = p.pos
        file = getattr(pos, "file", None) or p.path
        return {
            "file": file,
            "line": pos.line if pos else None,
            "column": pos.col if pos else None,
            "severity": p.severity,
            "message": p.message,
        }
    return {
        "file": p.file,
        "line": p.line,
        "column": p.column,
        "severity": getattr(p, "severity", "error"),
        "message": p.message,
    }


def _sources(payload):
    api = _api()
    return [api.Source(name, data) for name, data in payload["files"]]


def _int(query: dict, key: str, default: int, low: int, high: int) -> int:
    text = query.get(key)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise OptionProblem(f"{key}: expected a whole number, got {text[:30]!r}") from None
    if not low <= value <= high:
        raise OptionProblem(f"{key}: expected {low} to {high}, got {value}")
    return value


SHARED = ("lang", "paper", "mono")
_ON, _OFF = ("1", "true", "on", "yes", ""), ("0", "false", "off", "no")


def _shared(query: dict) -> dict:
    """``lang``, ``paper``, ``mono`` of the query (every game has them)."""
    out = {}
    for key in SHARED:
        if key not in query:
            continue
        text = query[key].strip().lower()
        if key == "mono":
            if text not in _ON + _OFF:
                raise OptionProblem(f"mono: expected 1 or 0, got {query[key][:30]!r}")
            out["mono"] = text in _ON
        else:
            out[key] = text
    return out


def _own(query: dict) -> dict:
    return {k: v for k, v in query.items() if k not in NOT_OPTIONS and k not in SHARED}


def _options(game_id: str, command: str, query: dict) -> dict:
    """The options of ``query`` for ``command`` of ``game_id``: the shared ones and the game's
    own, parsed as the CLI parses them (an unknown option or another game's → GameOptionError)."""
    api = _api()
    return {**_shared(query), **api.parse_game_options(game_id, command, _own(query))}


def _load(payload, command: str):
    """(loaded, options): the files loaded with the query's options. The game (which decides
    what the options mean) is known once the files are loaded, so a query with options of the
    game's own loads them a second time with those (a few ms)."""
    api = _api()
    sources = _sources(payload)
    query = payload.get("query", {})
    shared = _shared(query)
    own = _own(query)
    try:
        loaded = api.load(sources, shared)
    except api.InvalidInput:
        if not own:
            raise
        # a file valid only with the query's own options (a TW-only unit under rules=tw): its
        # game is what check finds in it
        game = api.check(sources, shared)[2]
        if not game:
            raise
        options = {**shared, **api.parse_game_options(game, command, own)}
        return api.load(sources, options), options
    if not own:
        return loaded, shared
    options = {**shared, **api.parse_game_options(loaded.game.id, command, own)}
    return api.load(sources, options), options


def op_check(payload):
    """The problems of the files with the query's options (a rule variant, a game's own option
    takes part as on the command line), list-level problems as warnings (the pages still print,
    as `render` prints them), the units that loaded and the units written in the files."""
    api = _api()
    sources = _sources(payload)
    query = payload.get("query", {})
    options = _shared(query)
    own = _own(query)
    problems, units, game = api.check(sources, options)
    if own and game:
        options = {**options, **api.parse_game_options(game, "validate", own)}
        problems, units, game = api.check(sources, options)
    elif own:
        raise OptionProblem("options need a file whose game is known (system: …)")
    problems = _list_rules_as_warnings(problems, sources, options)
    out = [problem_dict(p) for p in problems]
    answer = {
        "problems": out,
        "units": units,
        "written": units + _written(payload["files"], out),
        "game": game,
    }
    if query.get("preview") not in (None, "", "0") and not any(p["severity"] != "warning" for p in out):
        import base64

        shown = op_preview({**payload, "glyphs_checked": True})
        answer["preview"] = {
            "image": base64.b64encode(shown["png"]).decode("ascii"),
            "type": shown["type"],
            "pages": shown["pages"],
        }
        answer["pdf"] = shown["pdf"]  # for the server's cache (not sent to the page)
    return answer


def _list_rules_as_warnings(problems, sources, options):
    """Problems of the list as a whole (over the limit, a Force Organisation breach) as warnings."""
    from dataclasses import replace

    api = _api()
    whole = [p for p in problems if p.severity != "warning" and p.line is None]
    if not whole:
        return problems
    try:
        loaded = api.load(sources, options)
    except Exception:
        return problems
    from sheets.core.i18n import use_lang
    from sheets.core.roster import list_violations

    breaches = set()
    for f in loaded.files:  # in the language the check wrote them in (the printout's, ``lang``)
        with use_lang(f.options.lang):
            breaches |= {(f.path, b) for b in list_violations(f)}
    return [replace(p, severity="warning") if (p.file, p.message) in breaches else p for p in problems]


def _written(files, problems) -> int:
    """Units written in the YAML files that did not load (an error of their own): what the page's
    status line counts while a file is being fixed."""
    import yaml

    failed = {p["file"] for p in problems if p["severity"] != "warning"}
    count = 0
    for name, data in files:
        if name not in failed or not name.lower().endswith((".yaml", ".yml")):
            continue
        try:
            doc = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except Exception:
            continue
        units = doc.get("units") if isinstance(doc, dict) else None
        if isinstance(units, list):
            count += len(units)
    return count


def op_render(payload):
    api = _api()
    loaded, options = _load(payload, "render")
    # (the same bytes as render_pdf; a live check that found no problem has checked the glyphs)
    pdf = api.render(loaded, options, glyphs_checked=bool(payload.get("glyphs_checked"))).pdf
    return {"pdf": pdf, "pages": page_count(pdf)}


def op_preview(payload):
    """The PDF of the files (unless the server has it cached) and one page of it as PNG."""
    query = payload.get("query", {})
    pdf = payload.get("pdf")
    if pdf is None:
        pdf = op_render(payload)["pdf"]
    pages = page_count(pdf)
    page = _int(query, "page", 1, 1, 10_000)
    if page > pages:
        raise OptionProblem(f"page: the document has {pages} page(s), not {page}")
    dpi = _int(query, "dpi", 96, *PREVIEW_DPI)
    grey = _shared(query).get("mono", False)
    fmt = query.get("format") or "png"
    if fmt not in PREVIEW_TYPES:
        raise OptionProblem(f"format: expected png or jpeg, got {fmt[:30]!r}")
    return {
        "png": page_png(pdf, page, dpi, grey, fmt),
        "type": PREVIEW_TYPES[fmt],
        "pages": pages,
        "pdf": pdf,
    }


def op_pngs(payload):
    """Every page as PNG in one zip (``<stem>-N.png``)."""
    import zipfile

    query = payload.get("query", {})
    pdf = payload.get("pdf") or op_render(payload)["pdf"]
    dpi = _int(query, "dpi", 150, 36, 300)
    pages = page_count(pdf)
    if pages > MAX_PAGES_PNG:
        raise OptionProblem(
            f"{pages} pages: PNGs are made for at most {MAX_PAGES_PNG}; use the PDF or `sheets render --png`"
        )
    stem = payload.get("stem") or "sheets"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for n in range(1, pages + 1):
            info = zipfile.ZipInfo(f"{stem}-{n}.png", date_time=(1980, 1, 1, 0, 0, 0))
            z.writestr(info, page_png(pdf, n, dpi, _shared(query).get("mono", False)))
    return {"zip": buf.getvalue(), "pdf": pdf}


def op_roster(payload):
    api = _api()
    query = payload.get("query", {})
    fmt = query.get("format", "md")
    if fmt not in ("pdf", "md", "html", "bbcode", "json"):
        raise OptionProblem(f"format: expected pdf, md, html, bbcode or json, got {fmt[:30]!r}")
    loaded, options = _load(payload, "roster")
    return {"data": api.export_roster(loaded, fmt, options, None)}


def op_reference(payload):
    api = _api()
    query = payload.get("query", {})
    game = query.get("game", "")
    options = _options(game, "reference", query)
    return {"pdf": api.reference_pdf(game, options)}


def op_chart(payload):
    api = _api()
    query = payload.get("query", {})
    game, name = query.get("game", ""), query.get("name", "")
    fmt = query.get("format", "pdf")
    if fmt not in ("pdf", "png"):
        raise OptionProblem(f"format: expected pdf or png, got {fmt[:30]!r}")
    dpi = _int(query, "dpi", 150, 36, 600)  # the CLI's --dpi range
    options = _options(game, "chart", query)
    return {"data": api.chart_output(game, name, options, fmt, dpi)}


def op_starter(payload):
    api = _api()
    query = payload.get("query", {})
    return {"text": api.starter(query.get("game", ""), query.get("kind", ""), query.get("lang", "en"))}


def op_catalogue(payload):
    """What the page offers per game (option controls from the plug-ins, charts, starters,
    calculators) and the page's own words, in the page's language. Generated from the
    registry; the web layer names no game."""
    from sheets.core.game import all_games
    from sheets.core.i18n import current_lang
    from sheets.web import words

    api = _api()
    games = []
    for game in all_games():
        try:
            kinds = api.starter_kinds(game.id)
        except Exception:
            kinds = []
        games.append(
            {
                "id": game.id,
                "name": dict(game.name),
                "variants": list(game.variants),
                "charts": list(game.charts),
                "reference": bool(game.reference_renderer),
                "starters": kinds,
                "group_size": game.roster_group_size,
                "group_label": _group_label(game),
                "options": {
                    cmd: api.game_options(game.id, cmd, current_lang())
                    for cmd in ("render", "reference", "chart")
                },
                "calculators": api.calculators(game.id, current_lang()),
            }
        )
    lang = current_lang()
    return {"lang": lang, "games": games, "words": words.words(lang), "plurals": words.plurals(lang)}


def _group_label(game) -> dict | None:
    """The printed word for a group of the game's units ("Point"), in both languages."""
    if not game.roster_group_size:
        return None
    from sheets.core.data import label

    try:
        return {lang: label(game.id, game.roster_group_label, lang) for lang in ("en", "ru")}
    except Exception:
        return None


def op_schema(payload):
    """The JSON Schema of a game's unit file (`sheets schema GAME`), in the page's language."""
    api = _api()
    game = str(payload.get("query", {}).get("game", ""))
    return {"schema": api.unit_file_schema(game)}


def op_decode(payload):
    """Opened files as text, decoded as the command line decodes them (UTF-8, a BOM dropped, or
    UTF-16/UTF-32 by their byte order mark). A file the command line refuses as text (e.g.
    saved as Windows-1251) is still shown, decoded in the code page it reads as, with the
    command line's message as a note: it is then edited and sent on as UTF-8."""
    from sheets.core.errors import InputError
    from sheets.core.fsio import WIDE_BOMS, decode_text

    out = []
    for name, data in payload["files"]:
        encoding = "UTF-8"
        for bom, label in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32")):
            if data.startswith(bom):
                encoding = label
        if encoding == "UTF-8" and data.startswith(WIDE_BOMS):
            encoding = "UTF-16"
        if b"\x00" in data and not data.startswith(WIDE_BOMS):  # as the command line: not text
            out.append({"name": name, "text": None, "encoding": None, "note": None})
            continue
        try:
            out.append({"name": name, "text": decode_text(data, name), "encoding": encoding, "note": None})
            continue
        except InputError as exc:
            note = str(exc.problems[0]) if exc.problems else None
        out.append(
            {"name": name, "text": data.decode("cp1251", "replace"), "encoding": "Windows-1251", "note": note}
        )
    return {"files": out}


def op_units(payload):
    """The units of each opened file that loads on its own, as ``@N#Name`` references a
    calculator field takes (N = the file's index among those sent)."""
    api = _api()
    out = []
    for i, (name, data) in enumerate(payload["files"]):
        try:
            loaded = api.load([api.Source(name, data)], _shared(payload.get("query", {})))
        except Exception:
            continue
        out.append({"file": name, "name": "", "ref": f"@{i}"})  # the whole file (a side's OOB)
        for unit in loaded.units:
            unit_name = str(getattr(unit, "name", "") or "")
            if unit_name:
                out.append({"file": name, "name": unit_name, "ref": f"@{i}#{unit_name}"})
    return {"units": out[:500]}


_FILE_REF = re.compile(r"^@(\d{1,3})(?:#(.*))?$", re.S)


def _inputs(fields: dict, files: list) -> dict:
    """The form's values; a unit picked from the opened files as ``{"file", "name"}`` (or the
    page's ``@N#Name``: opened file N)."""

    def one(value):
        if isinstance(value, str):
            m = _FILE_REF.match(value.strip())
            if m:
                index = int(m.group(1))
                if not 0 <= index < len(files):
                    raise OptionProblem(f"{value[:40]!r}: no opened file number {index}")
                return {"file": files[index][0], "name": m.group(2)}
        return value

    return {
        k: [one(v) for v in value] if isinstance(value, list) else one(value) for k, value in fields.items()
    }


def op_calc(payload):
    """One calculation through the API: the opened files are the only files it may read."""
    api = _api()
    files = payload.get("files", [])
    inputs = _inputs(payload.get("fields", {}) or {}, files)
    try:
        done = api.calculate(
            payload["game"], payload["command"], inputs, sources=[api.Source(n, d) for n, d in files]
        )
    except api.CalculationRefused as exc:
        return {"refused": exc.message, "result": exc.result, "text": exc.text}
    return {"result": done.result, "text": done.text, "display": done.display}


def op_sleep(payload):  # only for the tests of the time limit
    import time

    time.sleep(float(payload.get("seconds", 1)))
    return {}


def op_ping(payload):
    return {"pid": __import__("os").getpid()}


OPERATIONS = {
    "check": op_check,
    "render": op_render,
    "preview": op_preview,
    "pngs": op_pngs,
    "roster": op_roster,
    "reference": op_reference,
    "chart": op_chart,
    "starter": op_starter,
    "catalogue": op_catalogue,
    "schema": op_schema,
    "decode": op_decode,
    "calc": op_calc,
    "units": op_units,
    "sleep": op_sleep,
    "ping": op_ping,
}


def page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def page_png(pdf: bytes, page: int, dpi: int, grey: bool = False, fmt: str = "png") -> bytes:
    """Page ``page`` (1-based) of ``pdf`` as PNG (fast zlib level: a preview, not a print)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        pg = doc[page - 1]
        img = pg.render(scale=dpi / 72, grayscale=grey).to_pil()
        pg.close()
    finally:
        doc.close()
    buf = io.BytesIO()
    if fmt == "jpeg":
        img.save(buf, format="JPEG", quality=90, dpi=(dpi, dpi))
    else:
        img.save(buf, format="PNG", compress_level=1, dpi=(dpi, dpi))  # pHYs: prints at its size
    return buf.getvalue()


def _warm() -> None:
    """Import what every job needs once, before the first edit arrives (a cold render of the
    first unit costs ~60 ms more)."""
    import pypdfium2  # noqa: F401

    op_catalogue({})
    import sheets.render.pdf  # noqa: F401


if __name__ == "__main__":  # pragma: no cover - started by sheets.web.pool.Worker
    import sys
    from multiprocessing.connection import Connection

    main(Connection(int(sys.argv[1])), warm="--cold" not in sys.argv[2:])
