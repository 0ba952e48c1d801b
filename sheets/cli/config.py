"""Saved preferences: ``sheets.toml`` in the user's config folder (``click.get_app_dir("sheets")``)
and in the working folder. Command-line flags win over both; the working folder's file wins over
the user's.

A file holds settings named like the long options (``-`` or ``_``)::

    lang = "ru"          # every command that has --lang
    paper = "letter"
    mono = true
    [render]             # only for `sheets render`
    card = "mini"
    [calc.dust.cover]    # a subcommand's section
    hits = 3

A top-level setting applies to every command that has that option and is ignored by the
others; a game option (``card``, ``tables``…) of a game other than the one rendered is ignored
too (on the command line it is a usage error).

**A settings file in the working folder is a file from a stranger** (it comes with an unzipped
forum army): it may set only preferences, never what a command writes, replaces, reads or opens
to others. The settings that only the command line or the user's own file (the config folder, or
``SHEETS_CONFIG``) may give are every option whose value names a file or folder (``-o``,
``--template``, ``--units``, ``--png``, ``-d``, ``--data-dir``, a calculator's unit: a click path
or a spec of type path/unit), ``--force``, ``new --example`` and the server's ``--host``
(:data:`ONLY_FROM_THE_USER`); in the working folder's file they are warnings and not used.

Every file is read as a bounded regular file (never a FIFO or a device), and every value is
checked as the option checks it on the command line (a game's option by its
:meth:`~sheets.core.options.OptionSpec.convert`, a click option by its type, with the TOML type
it needs: ``mono = 2``, ``dpi = inf``, a date, a list of lists are refused) before any command
runs: ``file:line:col: message``, exit 1. An unknown name is a warning on every command.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheets.cli.places import ENV, FILE_NAME  # (config.ENV, config.FILE_NAME as before)
from sheets.core.errors import Pos, Problem, did_you_mean, short
from sheets.core.i18n import N_, _

MAX_BYTES = 256 * 1024  # one settings file
MAX_NESTING = 8  # lists and inline tables inside each other
MAX_KEY_PARTS = 6  # parts of a setting's full name ([calc.dust.cover] hits: 4)
MAX_LIST = 50  # values of one repeatable option (as on the command line)
MAX_TEXT = 2000  # characters of one text value
MAX_PATH = 4096  # characters of a path value

# settings a file in the working folder may never give (besides every path): they replace or write
# files the command would not write (`new --example` copies the samples), or open the page to other
# machines
ONLY_FROM_THE_USER = ("force", "host", "example", "examples")  # examples: --example picks the inputs


@dataclass(frozen=True)
class Place:
    """Where settings are looked for; ``trusted``: the user's own file (may set anything)."""

    path: Path
    trusted: bool


def user_file() -> Path:
    import click

    return Path(click.get_app_dir("sheets")) / FILE_NAME


def places() -> list[Place]:
    """Where settings are looked for, lowest priority first."""
    if ENV in os.environ:
        value = os.environ[ENV]
        return [Place(Path(value), True)] if value else []
    user, here = user_file(), Path.cwd() / FILE_NAME
    try:
        same = os.path.samefile(user, here)
    except (OSError, ValueError):
        same = False
    return [Place(user, True)] if same else [Place(user, True), Place(here, False)]


class ConfigError(Exception):
    """A settings file that cannot be used: ``file:line:col: message`` lines (exit 1)."""

    def __init__(self, problems: list[Problem] | str):
        if isinstance(problems, str):
            problems = [Problem("", None, problems)]
        self.problems = list(problems)
        super().__init__("\n".join(str(p) if p.path else p.message for p in self.problems))


def _problem(path, pos: Pos | None, message: str, code: str, severity: str = "error") -> Problem:
    return Problem(str(path), pos, message, severity=severity, code=code)


# -- reading -------------------------------------------------------------------------------------
@dataclass
class Entry:
    """One setting as a file gives it: its full name (dashes as underscores), its value and where
    it was written."""

    path: tuple[str, ...]
    value: Any
    file: Path
    key_pos: Pos | None
    value_pos: Pos | None
    trusted: bool
    section_pos: Pos | None = None  # of the [section] (or dotted key) that holds it

    @property
    def name(self) -> str:
        """The setting's name as TOML writes it (``render.card``)."""
        return ".".join(self.path)


@dataclass
class Settings:
    """Every settings file read: the merged values (for the language, before any command is
    known) and each setting's entry (the file that won)."""

    raw: dict = field(default_factory=dict)
    used: list[Path] = field(default_factory=list)
    entries: dict[tuple[str, ...], Entry] = field(default_factory=dict)


def read_bytes(path: Path) -> bytes | None:
    """The file's bytes (None: there is none): a regular file of at most :data:`MAX_BYTES`,
    opened without waiting (a FIFO never blocks, a device is never read)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        pass  # read_user_bytes says why
    from sheets.core.errors import InputError
    from sheets.core.fsio import read_user_bytes

    try:
        return read_user_bytes(path, MAX_BYTES)
    except InputError as exc:
        if all(p.code == "no-such-file" for p in exc.problems):
            return None  # (a dangling symlink: no settings)
        raise ConfigError(list(exc.problems)) from None


def read(path: Path, trusted: bool = True) -> dict:
    """The settings of one file (``{}`` when there is none), names with ``_`` for ``-``."""
    return parse(path, trusted)[0] or {}


def parse(path: Path, trusted: bool = True) -> tuple[dict | None, list[Entry]]:
    """(the file's settings, its entries), ``(None, [])`` when there is no such file: a TOML
    document of at most :data:`MAX_NESTING` nested lists/tables and :data:`MAX_KEY_PARTS` name
    parts; every problem positioned."""
    data = read_bytes(path)
    if data is None:
        return None, []
    import tomllib

    from sheets.core.errors import InputError
    from sheets.core.fsio import decode_text

    try:
        text = decode_text(data, str(path))
    except InputError as exc:
        raise ConfigError(list(exc.problems)) from None
    scan = Scan(text)
    try:
        scan.run()
    except _TooDeep as exc:
        raise ConfigError(
            [
                _problem(
                    path,
                    scan.pos(exc.at),
                    _("nested too deeply (at most {n} lists or tables inside each other)").format(
                        n=MAX_NESTING
                    ),
                    "settings-too-deep",
                )
            ]
        ) from None
    except _ScanStop:
        pass  # not TOML: tomllib says where
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", message)
        pos = Pos(int(m.group(1)), int(m.group(2))) if m else None
        message = toml_words(re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message))
        raise ConfigError([_problem(path, pos, message, "settings-syntax")]) from None
    except RecursionError:  # (the scan refuses deep nesting first)
        raise ConfigError([_problem(path, None, _("nested too deeply"), "settings-too-deep")]) from None
    entries: list[Entry] = []
    problems: list[Problem] = []
    out = _walk(doc, (), path, scan, trusted, entries, problems)
    if problems:
        raise ConfigError(problems)
    return out, entries


# the TOML reader's messages (Python's tomllib, which speaks English only): the msgids are its
# words, so English stays as it says them; one it has that is not here is shown as it is
TOML_MESSAGES = (
    N_("Cannot overwrite a value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Invalid date or datetime"),
    N_("Invalid hex value"),
    N_("Invalid initial character for a key part"),
    N_("Invalid statement"),
    N_("Invalid value"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Unterminated string"),
)
TOML_PATTERNS = (
    (re.compile(r"Cannot declare (?P<key>.+) twice"), N_("Cannot declare {key} twice")),
    (
        re.compile(r"Cannot mutate immutable namespace (?P<key>.+)"),
        N_("Cannot mutate immutable namespace {key}"),
    ),
    (re.compile(r"Cannot redefine namespace (?P<key>.+)"), N_("Cannot redefine namespace {key}")),
    (re.compile(r"Duplicate inline table key (?P<key>.+)"), N_("Duplicate inline table key {key}")),
    (re.compile(r"Found invalid character (?P<char>.+)"), N_("Found invalid character {char}")),
    (re.compile(r"Illegal character (?P<char>.+)"), N_("Illegal character {char}")),
    (re.compile(r"Expected (?P<expected>'.*')"), N_("Expected {expected}")),
)


def toml_words(message: str) -> str:
    """A message of tomllib in the user's language."""
    from sheets.core.i18n import tr

    if message in TOML_MESSAGES:
        return tr(message)
    for pattern, msgid in TOML_PATTERNS:
        m = pattern.fullmatch(message)
        if m:
            return tr(msgid).format(**m.groupdict())
    return message


def _norm(key: str) -> str:
    return str(key).replace("-", "_")


def _walk(doc: dict, prefix: tuple, path: Path, scan: Scan, trusted: bool, entries, problems) -> dict:
    out: dict = {}
    for key, value in doc.items():
        full = (*prefix, _norm(key))
        raw_full = scan.spelled.get((*prefix, _norm(key)), (*prefix, key))
        if len(full) > MAX_KEY_PARTS:
            problems.append(
                _problem(
                    path,
                    scan.key_pos(full),
                    _("{name}: a setting's name has at most {n} parts (e.g. calc.dust.cover.hits)").format(
                        name=short(".".join(str(k) for k in raw_full)), n=MAX_KEY_PARTS
                    ),
                    "settings-too-deep",
                )
            )
            continue
        if isinstance(value, dict):
            out[_norm(key)] = _walk(value, full, path, scan, trusted, entries, problems)
            continue
        if isinstance(value, list) and any(isinstance(v, dict) for v in value):
            problems.append(
                _problem(
                    path,
                    scan.key_pos(full),
                    _("{name}: a list of tables is not a setting (write one [section] of settings)").format(
                        name=short(".".join(full))
                    ),
                    "settings-table-list",
                )
            )
            continue
        out[_norm(key)] = value
        entries.append(
            Entry(
                full,
                value,
                path,
                scan.key_pos(full),
                scan.value_pos(full),
                trusted,
                scan.key_pos(full[:-1]) if len(full) > 1 else None,
            )
        )
    return out


def _merge(low: dict, high: dict) -> dict:
    out = dict(low)
    for k, v in high.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def read_all() -> Settings:
    """Every settings file, merged (later files win, key by key). Nothing is checked against the
    commands here: :func:`check` does that once the command is known."""
    settings = Settings()
    for place in places():
        doc, entries = parse(place.path, place.trusted)
        if doc is None:
            continue
        settings.used.append(place.path)
        settings.raw = _merge(settings.raw, doc)
        for entry in entries:
            # a value replaces a section of the same name and a section replaces a value
            for other in [p for p in settings.entries if _overlaps(p, entry.path)]:
                del settings.entries[other]
            settings.entries[entry.path] = entry
        for key in _sections(doc):  # a section replaces a value of its name
            settings.entries.pop(key, None)
    return settings


def _overlaps(a: tuple, b: tuple) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n] and a != b


def _sections(doc: dict, prefix: tuple = ()):
    for k, v in doc.items():
        if isinstance(v, dict):
            yield (*prefix, k)
            yield from _sections(v, (*prefix, k))


def load() -> tuple[dict, list[Path]]:
    """The merged settings (unchecked) and the files they came from."""
    settings = read_all()
    return settings.raw, settings.used


# -- where things are written ---------------------------------------------------------------------
class _TooDeep(Exception):
    def __init__(self, at: int):
        self.at = at


class _ScanStop(Exception):
    pass


_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "e": "\x1b"}


class Scan:
    """Where each key and value of a TOML text is (tomllib gives values only): the position of
    every key and value by its full name, and the depth of lists and inline tables (refused
    past :data:`MAX_NESTING` before tomllib recurses into them). Written for valid TOML; on
    anything else it stops (``_ScanStop``) and tomllib reports the error."""

    def __init__(self, text: str):
        self.text = text
        self.n = len(text)
        self.keys: dict[tuple, int] = {}
        self.values: dict[tuple, int] = {}
        self.spelled: dict[tuple, tuple] = {}  # normalised name -> the name as written
        self._lines = [0]
        for m in re.finditer("\n", text):
            self._lines.append(m.end())

    def pos(self, offset: int) -> Pos:
        import bisect

        line = bisect.bisect_right(self._lines, offset)
        return Pos(line, offset - self._lines[line - 1] + 1)

    def key_pos(self, name: tuple) -> Pos | None:
        for n in range(len(name), 0, -1):
            at = self.keys.get(tuple(name[:n]))
            if at is not None:
                return self.pos(at)
        return None

    def value_pos(self, name: tuple) -> Pos | None:
        at = self.values.get(tuple(name))
        return self.pos(at) if at is not None else self.key_pos(name)

    # -- the scan ------------------------------------------------------------------------------
    def run(self) -> None:
        table: tuple = ()
        i = 0
        t = self.text
        while True:
            i = self._skip(i, newlines=True)
            if i >= self.n:
                return
            if t[i] == "[":
                double = t.startswith("[[", i)
                start = i
                i += 2 if double else 1
                parts, i = self._key(self._skip(i))
                i = self._skip(i)
                close = "]]" if double else "]"
                if not t.startswith(close, i):
                    raise _ScanStop
                i += len(close)
                table = tuple(parts)
                self._note_key(table, start, parts)
                continue
            start = i
            parts, i = self._key(i)
            i = self._skip(i)
            if i >= self.n or t[i] != "=":
                raise _ScanStop
            full = (*table, *parts)
            self._note_key(full, start, (*self.spelled.get(table, table), *parts))
            i = self._value(self._skip(i + 1), full, 0)

    def _note_key(self, full: tuple, at: int, spelled) -> None:
        norm = tuple(_norm(p) for p in full[: MAX_KEY_PARTS + 1])
        spelled = tuple(spelled)[: MAX_KEY_PARTS + 1]
        for n in range(1, len(norm) + 1):  # a dotted key also writes the tables it names
            self.keys.setdefault(norm[:n], at)
            self.spelled.setdefault(norm[:n], spelled[:n])

    def _skip(self, i: int, newlines: bool = False) -> int:
        t = self.text
        while i < self.n:
            c = t[i]
            if c in " \t" or (newlines and c in "\r\n"):
                i += 1
            elif c == "#":
                while i < self.n and t[i] != "\n":
                    i += 1
            else:
                break
        return i

    def _key(self, i: int) -> tuple[list[str], int]:
        parts = []
        while True:
            part, i = self._simple_key(i)
            parts.append(part)
            j = self._skip(i)
            if j < self.n and self.text[j] == ".":
                i = self._skip(j + 1)
                continue
            return parts, i

    def _simple_key(self, i: int) -> tuple[str, int]:
        t = self.text
        if i < self.n and t[i] == '"':
            return self._basic(i)
        if i < self.n and t[i] == "'":
            end = t.find("'", i + 1)
            if end < 0:
                raise _ScanStop
            return t[i + 1 : end], end + 1
        m = _BARE.match(t, i)
        if not m:
            raise _ScanStop
        return m.group(), m.end()

    def _basic(self, i: int) -> tuple[str, int]:
        """A basic string starting at ``i`` (its text, the index after its closing quote)."""
        t = self.text
        out = []
        i += 1
        while i < self.n:
            c = t[i]
            if c == '"':
                return "".join(out), i + 1
            if c == "\n":
                raise _ScanStop
            if c == "\\":
                e = t[i + 1 : i + 2]
                if e in _ESCAPES:
                    out.append(_ESCAPES[e])
                    i += 2
                    continue
                width = {"u": 4, "U": 8, "x": 2}.get(e)
                if width:
                    try:
                        out.append(chr(int(t[i + 2 : i + 2 + width], 16)))
                    except ValueError:
                        raise _ScanStop from None
                    i += 2 + width
                    continue
                raise _ScanStop
            out.append(c)
            i += 1
        raise _ScanStop

    def _value(self, i: int, full: tuple, depth: int) -> int:
        t = self.text
        norm = tuple(_norm(p) for p in full)
        self.values.setdefault(norm, i)
        if i >= self.n:
            raise _ScanStop
        c = t[i]
        if t.startswith('"""', i) or t.startswith("'''", i):
            quote = t[i : i + 3]
            j = i + 3
            while True:
                end = t.find(quote, j)
                if end < 0:
                    raise _ScanStop
                slashes = 0
                while quote == '"""' and t[end - 1 - slashes] == "\\" and end - 1 - slashes >= j:
                    slashes += 1
                if slashes % 2:  # an escaped quote
                    j = end + 1
                    continue
                extra = 0  # one or two quotes may end the text right before the closing three
                while extra < 2 and t.startswith(quote[0], end + 3 + extra):
                    extra += 1
                return end + 3 + extra
        if c == '"':
            return self._basic(i)[1]
        if c == "'":
            end = t.find("'", i + 1)
            if end < 0:
                raise _ScanStop
            return end + 1
        if c == "[":
            if depth + 1 > MAX_NESTING:
                raise _TooDeep(i)
            i += 1
            index = 0
            while True:
                i = self._skip(i, newlines=True)
                if i >= self.n:
                    raise _ScanStop
                if t[i] == "]":
                    return i + 1
                i = self._value(i, (*full, str(index)), depth + 1)
                index += 1
                i = self._skip(i, newlines=True)
                if i < self.n and t[i] == ",":
                    i += 1
        if c == "{":
            if depth + 1 > MAX_NESTING:
                raise _TooDeep(i)
            i += 1
            while True:
                i = self._skip(i, newlines=True)
                if i >= self.n:
                    raise _ScanStop
                if t[i] == "}":
                    return i + 1
                if t[i] == ",":
                    i += 1
                    continue
                start = i
                parts, i = self._key(i)
                inner = (*full, *parts)
                self._note_key(inner, start, (*self.spelled.get(norm, full), *parts))
                i = self._skip(i)
                if i >= self.n or t[i] != "=":
                    raise _ScanStop
                i = self._value(self._skip(i + 1), inner, depth + 1)
        j = i
        while j < self.n and t[j] not in ",]}#\r\n":
            j += 1
        return j


# -- what may be set, and checking it -------------------------------------------------------------
def _is_path(param) -> bool:
    import click

    from sheets.cli.base import SpecType
    from sheets.core.options import PATH, UNIT, UNIT_OR_TEXT

    kind = param.type
    if isinstance(kind, (click.Path, click.File)):
        return True
    return isinstance(kind, SpecType) and kind.spec.type in (PATH, UNIT, UNIT_OR_TEXT)


def only_from_the_user(param) -> bool:
    """A setting a file in the working folder may not give: it names a file or a folder (to
    write, replace or read), replaces files or opens the server to other machines."""
    return _is_path(param) or param.name in ONLY_FROM_THE_USER


def setting_names(param) -> set[str]:
    """The names a settings file may give ``param`` by: its parameter name and its long option
    (``json`` for ``--json``, ``open`` for ``--open/--no-open``, ``format`` for ``--format``)."""
    names = {param.name}
    for opt in param.opts:
        if opt.startswith("--"):
            names.add(_norm(opt[2:]))
    return {n for n in names if n}


class Catalogue:
    """The options each command path takes (``("render",)``, ``("calc", GAME, NAME)``), as
    a settings file names them. The commands' own options are cheap to list; the games' (their
    render options, importers and calculators) import every game, so they are added only when a
    setting is not found without them."""

    def __init__(self, root):
        import click

        self.root = root
        self.ctx = click.Context(root, help_option_names=["-h", "--help"], resilient_parsing=True)
        self.commands: dict[tuple, dict[str, list]] = {}  # command path -> name -> [param]
        self.groups: set[tuple] = {()}
        self.full = False
        self._walk(root, self.ctx, (), games=False)

    def complete(self) -> None:
        if not self.full:
            self.full = True
            self.commands.clear()
            self.groups = {()}
            self._walk(self.root, self.ctx, (), games=True)

    def _walk(self, cmd, ctx, path: tuple, games: bool) -> None:
        import click

        from sheets.cli.specs import GameOptionsCommand, game_params

        if path:
            params = click.Command.get_params(cmd, ctx)
            if games and isinstance(cmd, GameOptionsCommand):
                own = {p.name for p in params}
                params = params + [p for p in game_params(cmd.game_options_for) if p.name not in own]
            names: dict[str, list] = {}
            for p in params:
                if not isinstance(p, click.Option) or p.hidden or p.is_eager:
                    continue
                for n in setting_names(p):
                    names.setdefault(n, []).append(p)
            self.commands[path] = names
        if isinstance(cmd, click.Group):
            self.groups.add(path)
            if path and path[0] in ("calc", "import") and not games:
                return  # their commands come from the games
            for sub in cmd.list_commands(ctx):
                child = cmd.get_command(ctx, sub)
                if child is not None:
                    self._walk(child, click.Context(child, parent=ctx, info_name=sub), (*path, sub), games)

    def known_section(self, section: tuple) -> bool:
        return section in self.commands or section in self.groups

    def params(self, section: tuple, name: str) -> list[tuple[tuple, Any]]:
        """Every (command path, param) at or below ``section`` that ``name`` sets."""
        out = []
        for path, names in self.commands.items():
            if path[: len(section)] == section:
                out.extend((path, p) for p in names.get(name, ()))
        return out

    def names(self) -> set[str]:
        return {n for names in self.commands.values() for n in names} | ROOT_SETTINGS

    def sections(self) -> list[str]:
        return [".".join(p) for p in sorted(set(self.commands) | self.groups) if p]


ROOT_SETTINGS = {"lang", "data_dir"}  # the program's own options a settings file may give


def _root_param(name: str):
    from sheets.cli import cli as root

    for p in root.params:
        if p.name == name:
            return p
    raise KeyError(name)


def check_value(param, value: Any) -> Any:
    """``value`` (as TOML typed it) for ``param``, checked as the command line checks it (an
    option made from a spec by :meth:`OptionSpec.convert`); raises ``ValueError`` with the
    reason, in the current language."""
    many = bool(param.multiple) or param.nargs != 1
    if many:
        values = value if isinstance(value, list) else [value]
        if len(values) > MAX_LIST:
            raise ValueError(_("at most {n} values").format(n=MAX_LIST))
        return [_one(param, v) for v in values]
    if isinstance(value, list):
        raise ValueError(_("one value, not a list"))
    return _one(param, value)


def _one(param, value: Any) -> Any:
    import click

    from sheets.cli.base import SpecType
    from sheets.core.options import OptionValueError

    kind = param.type
    spec = getattr(param, "spec", None) or (kind.spec if isinstance(kind, SpecType) else None)
    if isinstance(value, (list, dict)):
        raise ValueError(_("one value, not {what}").format(what=short(value)))
    if isinstance(value, str) and "\0" in value:
        raise ValueError(_("the text contains a NUL character"))
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(_("expected a finite number, got {value}").format(value=short(value)))
    try:
        if spec is not None:
            return spec.convert_one(value)
        if getattr(param, "is_flag", False) or kind == click.BOOL:
            if not isinstance(value, bool):
                raise ValueError(_("expected true or false, got {value}").format(value=short(value)))
            return value
        if isinstance(kind, click.types.IntParamType):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(_("expected a whole number, got {value}").format(value=short(value)))
            return kind.convert(value, param, None)
        if isinstance(kind, click.types.FloatParamType):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(_("expected a number, got {value}").format(value=short(value)))
            return kind.convert(value, param, None)
        if not isinstance(value, str):
            raise ValueError(_("expected text, got {value}").format(value=short(value)))
        limit = MAX_PATH if _is_path(param) else MAX_TEXT
        if len(value) > limit:
            raise ValueError(
                _("too long ({n} characters; at most {limit})").format(n=len(value), limit=limit)
            )
        return kind.convert(value, param, None)
    except click.BadParameter as exc:
        raise ValueError(exc.message) from None
    except OptionValueError as exc:
        raise ValueError(str(exc)) from None
    except (OSError, TypeError, OverflowError) as exc:  # a path the system cannot look at
        raise ValueError(short(str(exc), 200)) from None


@dataclass
class Checked:
    """The settings a command line gets: the values (by parameter name) and the warnings."""

    values: dict
    warnings: list[Problem]
    used: list[Entry] = field(default_factory=list)  # the entries given to the commands, in file order


def check(settings: Settings, root=None) -> Checked:
    """Check every setting of every file against the options of the commands: a value an option
    would refuse is an error (raised as one :class:`ConfigError` with all of them); an unknown
    name, or one a working folder's file may not give, is a warning and is left out. The values
    come out under each option's parameter name (``json`` → ``as_json``)."""
    if root is None:
        from sheets.cli import cli as root
    if not settings.entries:
        return Checked({}, [])
    catalogue = Catalogue(root)
    errors: list[Problem] = []
    warnings: list[Problem] = []
    values: dict = {}
    used: list[Entry] = []
    told: set[tuple] = set()  # unknown sections already reported
    for entry in sorted(settings.entries.values(), key=_order(settings)):
        section, name = entry.path[:-1], entry.path[-1]
        if section == () and name in ROOT_SETTINGS:
            found = [((), _root_param(name))]
        else:
            if not catalogue.known_section(section) or not catalogue.params(section, name):
                catalogue.complete()
            if not catalogue.known_section(section):
                if section in told:
                    continue
                told.add(section)
                where = ".".join(section)
                if catalogue.known_section(section[:-1]) and catalogue.params(section[:-1], section[-1]):
                    errors.append(  # `paper = {a = 1}`: a table given to an option
                        _problem(
                            entry.file,
                            entry.section_pos,
                            _("{name}: one value, not a table").format(name=_named(where)),
                            "settings-value",
                        )
                    )
                    continue
                warnings.append(
                    _problem(
                        entry.file,
                        entry.section_pos,
                        _("unknown section [{section}]{hint}; its settings are not used").format(
                            section=_named(where),
                            hint=did_you_mean(where, catalogue.sections()),
                        ),
                        "settings-unknown-section",
                        "warning",
                    )
                )
                continue
            found = catalogue.params(section, name)
        if not found:
            warnings.append(
                _problem(
                    entry.file,
                    entry.key_pos,
                    _("unknown setting {name}{hint}").format(
                        name=repr(entry.name) if len(entry.name) <= 60 else short(entry.name),
                        hint=did_you_mean(name, sorted(catalogue.names())),
                    ),
                    "settings-unknown",
                    "warning",
                )
            )
            continue
        if not entry.trusted and any(only_from_the_user(p) for _path, p in found):
            flag = next((o for _path, p in found for o in p.opts if o.startswith("-")), name)
            warnings.append(
                _problem(
                    entry.file,
                    entry.key_pos,
                    _(
                        "{name}: not taken from a settings file in the working folder (anyone can put one "
                        "there); give {flag} on the command line or set it in {file}"
                    ).format(name=entry.name, flag=flag, file=user_file()),
                    "settings-not-here",
                    "warning",
                )
            )
            continue
        failed = None
        converted: dict[str, Any] = {}  # by parameter name: what click is given (a TOML 1 for a
        for _path, param in found:  # flag is True: click's own BOOL cannot take an int)
            try:
                converted.setdefault(param.name, check_value(param, entry.value))
            except ValueError as exc:
                failed = str(exc)
                break
        if failed is not None:
            errors.append(
                _problem(
                    entry.file,
                    entry.value_pos,
                    _("{name}: {reason}").format(name=_named(entry.name), reason=failed),
                    "settings-value",
                )
            )
            continue
        for param_name, value in converted.items():
            _put(values, (*section, param_name), value)
        used.append(entry)
    if errors:
        raise ConfigError(errors)
    return Checked(values, warnings, used)


def _named(name: str) -> str:
    """A setting's name in a message: as written, at most 60 characters of it."""
    return name if len(name) <= 60 else short(name)


def _order(settings: Settings):
    def key(entry: Entry):
        pos = entry.key_pos or Pos(0, 0)
        place = settings.used.index(entry.file) if entry.file in settings.used else len(settings.used)
        return (place, pos.line, pos.col)

    return key


def _put(tree: dict, path: tuple, value) -> None:
    for part in path[:-1]:
        tree = tree.setdefault(part, {})
        if not isinstance(tree, dict):
            return
    tree[path[-1]] = value


# -- click's default_map ---------------------------------------------------------------------------
GROUPS = {"calc": 2, "import": 1}  # nested command groups: how many levels below them


class Defaults(dict):
    """click's ``default_map`` for a command group: ``get(subcommand)`` gives the settings of
    that subcommand (the top-level ones with its own section over them)."""

    def __init__(self, settings: dict, sections: dict, levels: int):
        super().__init__(settings)
        self.sections = sections
        self.levels = levels  # group levels still below this one

    def get(self, name, default=None):
        if name in self.sections or self.levels:
            section = self.sections.get(name) or {}
            own = {k: v for k, v in section.items() if not isinstance(v, dict)}
            subs = {k: v for k, v in section.items() if isinstance(v, dict)}
            settings = {**{k: v for k, v in self.items()}, **own}
            levels = GROUPS.get(name, 0) if self.levels == -1 else self.levels - 1
            if levels > 0:
                return Defaults(settings, subs, levels)
            return settings
        return super().get(name, default)


def default_map(settings: dict) -> Defaults:
    top = {k: v for k, v in settings.items() if not isinstance(v, dict)}
    sections = {k: v for k, v in settings.items() if isinstance(v, dict)}
    return Defaults(top, sections, -1)
