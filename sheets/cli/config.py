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


def read(path: Path) -> dict:
    import tomllib

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > 256 * 1024:
        raise ConfigError(f"{path}: file too large (limit 262144 bytes)")
    try:
        return tomllib.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        text = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", text)
        where = f"{path}:{m.group(1)}:{m.group(2)}" if m else str(path)
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", text)
        raise ConfigError(f"{where}: {message}") from None


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
