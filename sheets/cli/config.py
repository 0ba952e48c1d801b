"""Saved preferences: ``sheets.toml`` in the working folder and/or in the user's config folder
(``click.get_app_dir("sheets")``). Command-line flags win over both; the working folder's file
wins over the user's.

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
too (on the command line it is a usage error). An unknown name is a warning.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from sheets.core.i18n import N_

FILE_NAME = "sheets.toml"
ENV = "SHEETS_CONFIG"  # a file to read instead of the two places (tests, scripts); "" = none


def places() -> list[Path]:
    """Where settings are looked for, lowest priority first."""
    if ENV in os.environ:
        value = os.environ[ENV]
        return [Path(value)] if value else []
    import click

    return [Path(click.get_app_dir("sheets")) / FILE_NAME, Path.cwd() / FILE_NAME]


class ConfigError(Exception):
    """A settings file that cannot be read: ``file:line:col: message`` (exit 1)."""


MAX_BYTES = 256 * 1024


def read(path: Path) -> dict:
    import tomllib

    from sheets.core.fsio import os_reason
    from sheets.core.i18n import _

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(
            _("{file}: cannot read: {reason}").format(file=path, reason=os_reason(exc))
        ) from None
    if len(data) > MAX_BYTES:
        raise ConfigError(
            _("{file}: file too large (limit {limit} bytes)").format(file=path, limit=MAX_BYTES)
        )
    try:
        return tomllib.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ConfigError(_("{file}: not valid UTF-8 text").format(file=path)) from None
    except tomllib.TOMLDecodeError as exc:
        text = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", text)
        where = f"{path}:{m.group(1)}:{m.group(2)}" if m else str(path)
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", text)
        raise ConfigError(f"{where}: {toml_words(message)}") from None


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


def _norm(value):
    if isinstance(value, dict):
        return {str(k).replace("-", "_"): _norm(v) for k, v in value.items()}
    return value


def _merge(low: dict, high: dict) -> dict:
    out = dict(low)
    for k, v in high.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def load() -> tuple[dict, list[Path]]:
    """The merged settings and the files they came from."""
    merged, used = {}, []
    for path in places():
        data = read(path)
        if path.is_file():
            used.append(path)
        merged = _merge(merged, _norm(data))
    return merged, used


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
