"""Army lists as text (markdown, html, bbcode) from jinja2 templates in ``templates/``.
Users can copy a template, change it and pass it with ``--template``.

Templates run in jinja2's :class:`~jinja2.sandbox.ImmutableSandboxedEnvironment` (no access to
Python internals, no mutation of the data), with bounded output size, bounded arithmetic and a
time limit. Every failure of a template is an input error ``template:line: message`` (exit 1).

The bounds hold whatever the template does: nothing is evaluated at compile time (jinja2 would
fold constant expressions there and swallow any exception, the time limit's too), the time limit
is a :class:`BaseException` raised again every 0.1 s past the deadline, format widths and
precisions (``'{:>N}'.format``, ``'%*d' % (N, x)``, ``|format``) and every text a single
operation builds (``~``, ``|replace``, ``|join``, ``|indent``, str methods) are bounded before
they are built, and on Linux the address space may grow by at most ``MAX_MEMORY`` while a
template compiles and runs (anything else that would allocate more is "needs too much memory").
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

from sheets.core.data import templates_root
from sheets.core.i18n import N_, _, tr

MAX_TEMPLATE_BYTES = 256 * 1024
MAX_OUTPUT_CHARS = 5 * 1024 * 1024
MAX_SECONDS = 5.0
MAX_NUMBER = 10**6  # arguments and operands larger than this are refused (range, *, **, widths)
MAX_WIDTH = 9999  # a format width or precision (``{:>N}``, ``%N.Md``)
MAX_MEMORY = 256 * 1024 * 1024  # address space a template may add while it compiles and runs

_SURROGATE = re.compile("[\ud800-\udfff]")
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


_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def strip_bidi(text: str) -> str:
    """Without the bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069):
    a unit named ``\u202e…`` would otherwise show the rest of a line reversed on a forum."""
    return _BIDI.sub("", text)


def escape_bbcode(text: str) -> str:
    """BBCode has no escape: brackets become their full-width forms so no tag can open."""
    return text.replace("[", "［").replace("]", "］")


class TemplateLimit(Exception):
    """A template went over a size or number bound."""


class TemplateTimeout(BaseException):
    """The template ran past its deadline: a BaseException, so that no ``except Exception``
    (jinja2 has some) can swallow it."""


def _fmt(v):
    if v is None:
        return "—"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _check_number(value) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise TemplateLimit(
            _("number too large for a template ({bits} bits; limit {limit})").format(
                bits=value.bit_length(), limit=MAX_NUMBER
            )
        )
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_OUTPUT_CHARS:
        raise TemplateLimit(_("value too large for a template"))


def _environment(fmt: str, loader, deadline: float):
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    from markupsafe import Markup

    def check_time():
        if time.monotonic() > deadline:
            raise TemplateTimeout()

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
                    raise TemplateLimit(_("repeated text too long for a template"))
            if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
                raise TemplateLimit(_("power too large for a template"))
            if operator == "%" and isinstance(left, str):
                _check_percent(left, right)
            if operator == "+" and all(isinstance(v, (str, list, tuple)) for v in (left, right)):
                _check_size(len(left) + len(right))
            return super().call_binop(context, operator, left, right)

        def call(__self, __context, __obj, *args, **kwargs):
            check_time()
            for v in (*args, *kwargs.values()):
                _check_number(v)
            owner = getattr(__obj, "__self__", None)
            if isinstance(owner, str):  # a str method: what it would build is bounded first
                _check_str_method(owner, getattr(__obj, "__name__", ""), args, kwargs)
            return super().call(__context, __obj, *args, **kwargs)

        def wrap_str_format(self, value):
            wrapped = super().wrap_str_format(value)
            if wrapped is None:
                return None
            # (the formatter checks each field's resolved spec: literal text may hold any number)

            def bounded(*args, **kwargs):
                with _bounded_format_fields():
                    return wrapped(*args, **kwargs)

            return bounded

        def getattr(self, obj, attribute):
            check_time()
            return super().getattr(obj, attribute)

        def getitem(self, obj, argument):
            check_time()
            return super().getitem(obj, argument)

    escape = {"md": escape_markdown, "bbcode": escape_bbcode}.get(fmt)

    def finalize(value):
        if isinstance(value, Markup):
            return value
        if escape is None:  # html: autoescaped after this
            return strip_bidi(value) if isinstance(value, str) else value
        return escape(strip_bidi(_fmt(value)) if value is not None else "")

    env = Env(
        loader=loader,
        autoescape=(fmt == "html"),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        finalize=finalize,
        optimized=False,
    )
    env.code_generator_class = _code_generator()
    env.checked_concat = _checked_concat
    env.filters["fmt"] = _fmt

    def safe_format(value, *args, **kwargs):
        _check_percent(str(value), kwargs if kwargs and not args else tuple(args))
        for v in (*args, *kwargs.values()):
            _check_number(v)
        return jinja2.filters.do_format(value, *args, **kwargs)

    env.filters["format"] = safe_format
    for name in ("center", "indent", "wordwrap", "truncate", "replace", "join"):
        env.filters[name] = _bounded_filter(env.filters[name], name)
    return env


def _check_size(chars: int) -> None:
    if chars > MAX_OUTPUT_CHARS:
        raise TemplateLimit(
            _("text too long for a template ({chars} characters; limit {limit})").format(
                chars=chars, limit=MAX_OUTPUT_CHARS
            )
        )


# one printf-style conversion: %[(key)][flags][width][.precision][length]type
_PERCENT = re.compile(r"%(?:\(([^)]*)\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.)", re.S)


def _check_percent(fmt: str, args) -> None:
    """``fmt % args`` builds at most about ``MAX_OUTPUT_CHARS``: widths and precisions (digits or
    ``*`` taken from the arguments) at most ``MAX_WIDTH``, and the texts it pastes bounded."""
    values = list(args) if isinstance(args, tuple) else [args]
    total, index = len(fmt), 0

    def take():
        nonlocal index
        value = values[index] if index < len(values) else None
        index += 1
        return value

    for key, width, precision, kind in _PERCENT.findall(fmt):
        if kind == "%":
            continue
        size = 0
        for part in (width, precision):
            if part == "*":
                part = take()
                if not isinstance(part, int) or isinstance(part, bool):
                    continue  # Python reports it
            elif part:
                part = int(part)
            else:
                continue
            if abs(part) > MAX_WIDTH:
                raise TemplateLimit(
                    _("format width too large for a template ({width}; limit {limit})").format(
                        width=part, limit=MAX_WIDTH
                    )
                )
            size += abs(part)
        value = (args.get(key) if isinstance(args, dict) else None) if key else take()
        total += size + (len(value) if isinstance(value, (str, list, tuple, dict)) else 32)
    _check_size(total)


class _FieldBudget:
    """The output of one ``str.format`` call being built (see :func:`_bounded_format_fields`)."""

    active: list[int] | None = None


@__import__("contextlib").contextmanager
def _bounded_format_fields():
    outer, _FieldBudget.active = _FieldBudget.active, [0]
    try:
        yield
    finally:
        _FieldBudget.active = outer


_SPEC_NUMBERS = re.compile(r"^(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d+))?")


def _install_field_check() -> None:
    """The sandbox's formatter checks each field's resolved spec (nested ``{:{w}}`` too) and the
    running size of the text, before it formats the field (:func:`_format_field`)."""
    from jinja2.sandbox import SandboxedFormatter

    if getattr(SandboxedFormatter, "_sheets_bounded", False):
        return
    _PLAIN_FORMAT_FIELD.append(SandboxedFormatter.format_field)
    SandboxedFormatter.format_field = _format_field
    SandboxedFormatter._sheets_bounded = True


_PLAIN_FORMAT_FIELD: list = []  # jinja2's own SandboxedFormatter.format_field, once installed


def _format_field(formatter, value, format_spec):  # a method of SandboxedFormatter
    """``SandboxedFormatter.format_field`` inside a bounded ``str.format`` call: a width or
    precision over ``MAX_WIDTH`` is refused and the text built so far is counted (a module
    function looked up at each call, not a closure fixed at the first install)."""
    budget = _FieldBudget.active
    if budget is not None:
        width, precision = _SPEC_NUMBERS.match(format_spec).groups()  # (every part is optional)
        for part in (width, precision):
            if part and int(part) > MAX_WIDTH:
                raise TemplateLimit(
                    _("format width too large for a template ({width}; limit {limit})").format(
                        width=int(part), limit=MAX_WIDTH
                    )
                )
        size = len(value) if isinstance(value, (str, list, tuple, dict)) else 32
        budget[0] += size + int(width or 0) + int(precision or 0)
        _check_size(budget[0])
    return _PLAIN_FORMAT_FIELD[0](formatter, value, format_spec)


_STR_GROWTH = {"center", "ljust", "rjust", "zfill"}


def _check_str_method(text: str, name: str, args, kwargs) -> None:
    """What a str method would build, bounded before it is built."""
    if name in _STR_GROWTH and args and isinstance(args[0], int):
        _check_size(max(len(text), args[0]))
    elif name == "replace" and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        _check_replace(text, args[0], args[1], args[2] if len(args) > 2 else -1)
    elif name == "expandtabs":
        width = args[0] if args else kwargs.get("tabsize", 8)
        if isinstance(width, int):
            _check_size(len(text) + text.count("\t") * max(0, width))
    elif name == "join" and args and isinstance(args[0], (list, tuple, str, dict, set, frozenset, range)):
        _check_join(text, args[0])  # (a generator is not counted: str.join lists it and allocates once)


def _check_replace(text: str, old: str, new: str, count=-1) -> None:
    hits = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        hits = min(hits, count)
    _check_size(len(text) + hits * max(0, len(new) - len(old)))


def _check_join(sep: str, items) -> None:
    _check_size(sum(len(v) if isinstance(v, str) else 32 for v in items) + len(sep) * len(items))


def _checked_concat(parts):
    """The template's ``~`` (jinja2's Concat node): bounded before it is joined."""
    parts = tuple(parts)
    _check_size(sum(len(p) if isinstance(p, str) else 32 for p in parts))
    return parts


def _code_generator():
    """jinja2's code generator without compile-time evaluation (constant output is folded there
    and any exception swallowed: a template could run unbounded while it compiles), and with
    ``~`` going through :func:`_checked_concat`."""
    from jinja2 import nodes
    from jinja2.compiler import CodeGenerator

    class Generator(CodeGenerator):
        def _output_child_to_const(self, node, frame, finalize):
            if not isinstance(node, nodes.TemplateData):
                raise nodes.Impossible()
            return super()._output_child_to_const(node, frame, finalize)

        def visit_Concat(self, node, frame):
            if frame.eval_ctx.volatile:
                func_name = "(markup_join if context.eval_ctx.volatile else str_join)"
            elif frame.eval_ctx.autoescape:
                func_name = "markup_join"
            else:
                func_name = "str_join"
            self.write(f"{func_name}(environment.checked_concat((")
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write(")))")

    return Generator


def _bounded_filter(fn, name: str):
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        for v in (*args[1:], *kwargs.values()):
            _check_number(v)
        if name == "join":
            args = _listed_join_value(args)
        _check_filter(name, args, kwargs)
        return fn(*args, **kwargs)

    return wrapper


def _is_context(value) -> bool:
    """Whether a filter argument is what jinja2 passes first (its eval context or environment)."""
    from jinja2 import Environment
    from jinja2.nodes import EvalContext

    return isinstance(value, (EvalContext, Environment))


def _listed_join_value(args):
    """``|join``'s value as a list when it is some other iterable (a range, a generator of
    ``|map``, a dict, a set), so that what it joins is counted before it is joined; jinja2
    joins the list the same way (a text is counted as it is, each character an item)."""
    args = list(args)
    for i, value in enumerate(args):
        if _is_context(value):
            continue
        if not isinstance(value, (list, tuple, str)) and hasattr(value, "__iter__"):
            args[i] = list(value)
        break
    return tuple(args)


def _check_filter(name: str, args, kwargs) -> None:
    """What a text-building filter would build, bounded before it is built (``args`` start
    with jinja2's eval context or environment where the filter takes one: ``join`` and
    ``replace`` the context, ``wordwrap`` and ``truncate`` the environment)."""
    args = [a for a in args if not _is_context(a)]
    if not args:
        return
    value = args[0]
    text = value if isinstance(value, str) else None
    if name in ("replace", "center") and text is None:  # jinja2 replaces in / centres str(value)
        text = str(value)
    if name == "replace" and len(args) >= 3:
        old, new = str(args[1]), str(args[2])
        count = args[3] if len(args) > 3 else kwargs.get("count")
        _check_replace(text, old, new, count if isinstance(count, int) else -1)
    elif name == "indent" and text is not None:
        width = args[1] if len(args) > 1 else kwargs.get("width", 4)
        width = len(width) if isinstance(width, str) else width if isinstance(width, int) else 4
        _check_size(len(text) + (text.count("\n") + 1) * max(0, width))
    elif name == "wordwrap" and text is not None:
        wrap = args[3] if len(args) > 3 else kwargs.get("wrapstring")
        if isinstance(wrap, str):
            _check_size(len(text) * (1 + len(wrap)))
    elif name == "center":
        width = args[1] if len(args) > 1 else kwargs.get("width", 80)
        _check_size(max(len(text), width if isinstance(width, int) else 0))
    elif name == "join" and isinstance(value, (list, tuple, str)):
        sep = args[1] if len(args) > 1 else kwargs.get("d", "")
        _check_join(sep if isinstance(sep, str) else "", value)


def _decode(data: bytes, name: str) -> str:
    from sheets.core.fsio import decode_text

    return decode_text(data, name, _("template error: {message}").format(message=""))


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
            found = (frame.f_code.co_filename, _source_line(frame, line))
    return found


def _source_line(frame, line: int) -> int:
    """The template line of a line of jinja2's generated code (a traceback jinja2 did not rewrite,
    e.g. of the time limit, a BaseException); other frames already carry the template's line."""
    info = frame.f_globals.get("debug_info") if "environment" in frame.f_globals else None
    if not isinstance(info, str) or not info:
        return line
    best = 1
    for pair in info.split("&"):
        template_line, code_line = map(int, pair.split("="))
        if code_line <= line:
            best = template_line
    return best


def render_roster_text(
    data: dict, fmt: str, template: str | None = None, template_data: bytes | None = None
) -> str:
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
            raise InputError(
                [
                    Problem(
                        str(template),
                        None,
                        _("template error: {message}").format(
                            message=_("file too large (limit {limit} bytes)").format(limit=MAX_TEMPLATE_BYTES)
                        ),
                        code="template-too-large",
                    )
                ]
            )
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

    filenames = {filename for _src, filename in sources.values()} | {str(p) for p in bundled.glob("*.j2")}
    where = str(template) if template else str(bundled / name)
    deadline = time.monotonic() + MAX_SECONDS
    env = _environment(fmt, jinja2.FunctionLoader(load), deadline)

    def fail(message: str, exc: BaseException | None = None, code: str = "template-error"):
        filename, line = _template_line(exc, filenames) if exc is not None else (None, None)
        text = _("template error: {message}").format(message=message)
        raise InputError(
            [Problem(filename or where, Pos(line, 1) if line else None, text, code=code)]
        ) from None

    out: list[str] = []
    size = 0
    _install_field_check()
    try:
        with _alarm(deadline), _memory_ceiling(MAX_MEMORY):
            for chunk in env.get_template(name).generate(**data):
                size += len(chunk)
                if size > MAX_OUTPUT_CHARS:
                    raise TemplateLimit(
                        _("output larger than {limit} characters").format(limit=MAX_OUTPUT_CHARS)
                    )
                if time.monotonic() > deadline:
                    raise TemplateTimeout()
                if _SURROGATE.search(chunk):
                    raise TemplateLimit(
                        _("the template prints {code}, a lone surrogate (not a character)").format(
                            code=f"U+{ord(_SURROGATE.search(chunk).group()):04X}"
                        )
                    )
                out.append(chunk)
    except InputError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        fail((exc.message or _("syntax error"))[:200], exc, "template-syntax")
    except jinja2.TemplateNotFound as exc:
        fail(
            _("no template {name} (a template may include only itself and the bundled ones)").format(
                name=short(exc.name, 80)
            ),
            exc,
            "template-not-found",
        )
    except jinja2.exceptions.SecurityError as exc:
        fail(
            _("not allowed in a template: {what}").format(what=_first_line(exc)), exc, "template-not-allowed"
        )
    except TemplateTimeout as exc:
        fail(
            _("the template ran longer than {seconds} s").format(seconds=f"{MAX_SECONDS:g}"),
            exc,
            "template-timeout",
        )
    except TemplateLimit as exc:
        fail(str(exc), exc, "template-limit")
    except RecursionError as exc:
        fail(_("recursion too deep (a macro calling itself?)"), exc, "template-recursion")
    except MemoryError as exc:
        fail(_("the template needs too much memory"), exc, "template-memory")
    except Exception as exc:
        fail(f"{type(exc).__name__}: {_first_line(exc)}", exc)
    return "".join(out)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


class _alarm:
    """SIGALRM at the deadline and every 0.1 s after it (main thread only): ends loops that call
    nothing the sandbox sees, at compile time too; raised again should anything catch it."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.active = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")

    def _fire(self, signum, frame):
        raise TemplateTimeout()

    def __enter__(self):
        if self.active:
            self.old = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, max(0.01, self.deadline - time.monotonic()), 0.1)
        return self

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False


class _memory_ceiling:
    """Linux: the address space may grow by at most ``extra`` bytes inside the block (a soft
    ``RLIMIT_AS``, put back after): an allocation past it is a MemoryError, never gigabytes."""

    def __init__(self, extra: int):
        self.extra = extra
        self.old = None

    def __enter__(self):
        try:
            import resource

            with open("/proc/self/statm", encoding="ascii") as fh:
                used = int(fh.read().split()[0]) * resource.getpagesize()
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            limit = used + self.extra
            if soft != resource.RLIM_INFINITY:
                limit = min(limit, soft)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
            self.old = (soft, hard)
        except (ImportError, OSError, ValueError):  # not Linux: the other bounds still hold
            self.old = None
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, self.old)
        return False


TEMPLATE_VARIABLES = (
    ("name", N_("the roster's name")),
    ("game", N_("the game's name in the chosen language")),
    ("system", N_("the game's id (battletech, dmech, dust, lnl, wh40k6)")),
    ("rules, rules_name", N_("the rule variant's id and its name")),
    ("lang", N_("the language (en or ru)")),
    (
        "limit, limit_unit",
        N_("the roster's limit and what it counts (points, BV, AP); limit is none without one"),
    ),
    (
        "total, over, over_by, remaining",
        N_("the total, whether it is over the limit, by how much, what is left"),
    ),
    ("unit_count", N_("how many units")),
    ("columns", N_("the list's columns: each has key and label")),
    (
        "groups",
        N_(
            "the list's groups (a Point, a detachment): each has title, rows, subtotal; a row has no and a value per column key"
        ),
    ),
    ("tally", N_("summary chips: each has text and ok")),
    ("violations, rule_violations", N_("the list's breaches, in the chosen language")),
    ("labels", N_("the printed words: labels.army_list, labels.total, labels.limit, …")),
    ("notes", N_("the roster's notes")),
)
TEMPLATE_EXAMPLE = """\
# {{ labels.army_list }}: {{ name }}
{% for group in groups %}{% for row in group.rows %}
- {{ row.name }}{% if row.cost is not none %} ({{ row.cost | fmt }}){% endif %}
{% endfor %}{% endfor %}
{{ labels.total }}: {{ total | fmt }} {{ limit_unit }}
"""


def template_help() -> str:
    """What ``sheets roster --template-help`` prints: the variables and a first template."""
    lines = [_("A roster template is a jinja2 text template (sandboxed). It gets these variables:"), ""]
    width = max(len(n) for n, _h in TEMPLATE_VARIABLES)
    lines += [f"  {n:<{width}}  {tr(h)}" for n, h in TEMPLATE_VARIABLES]
    lines += [
        "",
        _("Filters: fmt prints a number without a needless .0 and none as —; e (escape) for HTML."),
        _(
            "The bundled templates (md, html, bbcode) are a fuller start: see the templates/ folder of the package."
        ),
        "",
        _(
            "A first template (save it as list.md.j2, then: sheets roster army.yaml --template list.md.j2 -o list.md):"
        ),
        "",
        TEMPLATE_EXAMPLE,
    ]
    return "\n".join(lines)
