"""Army lists as text (markdown, html, bbcode) from jinja2 templates in ``templates/``.
Users can copy a template, change it and pass it with ``--template``.

Templates run in jinja2's :class:`~jinja2.sandbox.ImmutableSandboxedEnvironment` (no access to
Python internals, no mutation of the data), with bounded output size, bounded arithmetic and a
time limit. Every failure of a template is an input error ``template:line: message`` (exit 1).
A user template can include or extend only itself and the bundled templates, nothing else on
disk. Every ``{{ value }}`` is escaped for its format: HTML entities in html, backslash escapes in
Markdown, brackets neutralised in BBCode (a unit named ``[url=javascript:…]`` stays text).
"""

from __future__ import annotations

import re
import signal
import threading
import time
from pathlib import Path

from sheets.data import templates_root

MAX_TEMPLATE_BYTES = 256 * 1024
MAX_OUTPUT_CHARS = 5 * 1024 * 1024
MAX_SECONDS = 5.0
MAX_NUMBER = 10 ** 6  # arguments and operands larger than this are refused (range, *, **, widths)

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
_MD_LEADING = re.compile(r"^(\s*)([#+=-](?=\s|$)|#|\d+(?=[.)](?:\s|$)))")


def escape_markdown(text: str) -> str:
    """Backslash-escape the Markdown characters that could start markup anywhere (emphasis, links,
    HTML, table cells, code) and a leading heading/list marker (CommonMark renders ``\\x`` as
    ``x``)."""
    text = _MD_SPECIAL.sub(r"\\\1", text)
    def leading(m):
        if m.group(2)[0].isdigit():  # "1. x" would start a list: escape the dot, not the digit
            return m.group(1) + m.group(2)
        return m.group(1) + "\\" + m.group(2)

    text = _MD_LEADING.sub(leading, text)
    return re.sub(r"^(\s*\d+)([.)])(?=\s|$)", r"\1\\\2", text)


def escape_bbcode(text: str) -> str:
    """BBCode has no escape: brackets become their full-width forms so no tag can open."""
    return text.replace("[", "［").replace("]", "］")


class TemplateLimit(Exception):
    """A template went over a size, number or time bound."""


def _fmt(v):
    if v is None:
        return "—"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _check_number(value) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise TemplateLimit(f"number too large for a template ({value.bit_length()} bits; "
                            f"limit {MAX_NUMBER})")
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_OUTPUT_CHARS:
        raise TemplateLimit("value too large for a template")


def _environment(fmt: str, loader, deadline: float):
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    from markupsafe import Markup

    def check_time():
        if time.monotonic() > deadline:
            raise TemplateLimit(f"the template ran longer than {MAX_SECONDS:g} s")

    class Env(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset(["*", "**", "+", "//", "%"])

        def call_binop(self, context, operator, left, right):
            check_time()
            for v in (left, right):
                _check_number(v)
            if operator == "*":
                sizes = [len(v) for v in (left, right) if isinstance(v, (str, list, tuple))]
                counts = [v for v in (left, right) if isinstance(v, int)]
                if sizes and counts and sizes[0] * abs(counts[0]) > MAX_OUTPUT_CHARS:
                    raise TemplateLimit("repeated text too long for a template")
            if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
                raise TemplateLimit("power too large for a template")
            if operator == "%" and isinstance(left, str):
                _check_format(left)
            return super().call_binop(context, operator, left, right)

        def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - jinja2's signature
            check_time()
            for v in (*args, *kwargs.values()):
                _check_number(v)
            return super().call(__context, __obj, *args, **kwargs)

        def getattr(self, obj, attribute):
            check_time()
            return super().getattr(obj, attribute)

        def getitem(self, obj, argument):
            check_time()
            return super().getitem(obj, argument)

    escape = {"md": escape_markdown, "bbcode": escape_bbcode}.get(fmt)

    def finalize(value):
        if escape is None or isinstance(value, Markup):
            return value
        return escape(_fmt(value) if value is not None else "")

    env = Env(loader=loader, autoescape=(fmt == "html"), keep_trailing_newline=True,
              trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
              finalize=finalize if escape else None)
    env.filters["fmt"] = _fmt

    def safe_format(value, *args, **kwargs):
        _check_format(str(value))
        for v in (*args, *kwargs.values()):
            _check_number(v)
        return jinja2.filters.do_format(value, *args, **kwargs)

    env.filters["format"] = safe_format
    for name in ("center", "indent", "wordwrap", "truncate"):
        env.filters[name] = _bounded_filter(env.filters[name])
    return env


def _check_format(spec: str) -> None:
    if re.search(r"\d{5,}", spec):
        raise TemplateLimit("format width too large for a template")


def _bounded_filter(fn):
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        for v in (*args[1:], *kwargs.values()):
            _check_number(v)
        return fn(*args, **kwargs)

    return wrapper


def _decode(data: bytes, name: str) -> str:
    from sheets.core.errors import InputError, Pos, Problem

    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError([Problem(name, Pos(line, col), "template error: not valid UTF-8 text")]) from None


def _template_line(exc: BaseException, filenames: set[str]) -> tuple[str | None, int | None]:
    """The template file and line where ``exc`` happened (jinja2 rewrites its frames to them)."""
    import traceback

    lineno = getattr(exc, "lineno", None)
    filename = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if lineno:
        return filename, lineno
    found = (None, None)
    for frame, line in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename in filenames:
            found = (frame.f_code.co_filename, line)
    return found


def render_roster_text(data: dict, fmt: str, template: str | None = None,
                       template_data: bytes | None = None) -> str:
    """The army list ``data`` as ``fmt`` text through the bundled template, or the user's
    ``template`` (a path, read here; or only its name when ``template_data`` holds its bytes)."""
    import jinja2

    from sheets.core.errors import InputError, Pos, Problem, short
    from sheets.core.fsio import read_user_bytes

    bundled = templates_root()
    sources: dict[str, tuple[str, str]] = {}  # template name -> (source, file name for messages)
    if template:
        path = Path(template)
        name = path.name
        if template_data is None:
            template_data = read_user_bytes(path, MAX_TEMPLATE_BYTES)
        elif len(template_data) > MAX_TEMPLATE_BYTES:
            raise InputError([Problem(str(template), None,
                                      f"template error: file too large (limit {MAX_TEMPLATE_BYTES} bytes)")])
        sources[name] = (_decode(template_data, str(template)), str(template))
    else:
        name = f"roster.{fmt}.j2"

    def load(wanted: str):
        if wanted in sources:
            source, filename = sources[wanted]
            return source, filename, lambda: True
        candidate = bundled / wanted
        if "/" in wanted or "\\" in wanted or wanted.startswith(".") or not candidate.is_file():
            return None  # only the user's own template and the bundled ones, nothing else on disk
        return candidate.read_text(encoding="utf-8"), str(candidate), lambda: True

    filenames = {filename for _, filename in sources.values()} | {str(p) for p in bundled.glob("*.j2")}
    where = str(template) if template else str(bundled / name)
    deadline = time.monotonic() + MAX_SECONDS
    env = _environment(fmt, jinja2.FunctionLoader(load), deadline)

    def fail(message: str, exc: BaseException | None = None):
        filename, line = _template_line(exc, filenames) if exc is not None else (None, None)
        raise InputError([Problem(filename or where, Pos(line, 1) if line else None,
                                  f"template error: {message}")]) from None

    out: list[str] = []
    size = 0
    try:
        with _alarm(deadline):
            for chunk in env.get_template(name).generate(**data):
                size += len(chunk)
                if size > MAX_OUTPUT_CHARS:
                    raise TemplateLimit(f"output larger than {MAX_OUTPUT_CHARS} characters")
                if time.monotonic() > deadline:
                    raise TemplateLimit(f"the template ran longer than {MAX_SECONDS:g} s")
                out.append(chunk)
    except InputError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        fail((exc.message or "syntax error")[:200], exc)
    except jinja2.TemplateNotFound as exc:
        fail(f"no template {short(exc.name, 80)} (a template may include only itself and the "
             f"bundled ones)", exc)
    except jinja2.exceptions.SecurityError as exc:
        fail(f"not allowed in a template: {_first_line(exc)}", exc)
    except TemplateLimit as exc:
        fail(str(exc), exc)
    except RecursionError as exc:
        fail("recursion too deep (a macro calling itself?)", exc)
    except MemoryError as exc:
        fail("the template needs too much memory", exc)
    except Exception as exc:  # noqa: BLE001 - any failure inside a user's template is their input
        fail(f"{type(exc).__name__}: {_first_line(exc)}", exc)
    return "".join(out)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


class _alarm:
    """SIGALRM at the deadline (main thread only): ends loops that call nothing the sandbox sees."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.active = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")

    def _fire(self, signum, frame):
        raise TemplateLimit(f"the template ran longer than {MAX_SECONDS:g} s")

    def __enter__(self):
        if self.active:
            self.old = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, max(0.01, self.deadline - time.monotonic()))
        return self

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False
