"""Where settings files are looked for, as plain paths: the start-up asks whether any of them
exists before it loads the settings reader (:mod:`sheets.cli.config`)."""

from __future__ import annotations

import os

FILE_NAME = "sheets.toml"
ENV = "SHEETS_CONFIG"  # a file to read instead of the two places (tests, scripts); "" = none


def candidates() -> list[str] | None:
    """The settings files that may be read, lowest priority first (None: the working folder is
    gone, so the reader decides)."""
    if ENV in os.environ:
        value = os.environ[ENV]
        return [value] if value else []
    import click

    try:
        here = os.path.join(os.getcwd(), FILE_NAME)
    except OSError:
        return None
    return [os.path.join(click.get_app_dir("sheets"), FILE_NAME), here]


def none_exists() -> bool:
    """No settings file is there to read (a dangling link or a FIFO counts as one: the reader
    says what is wrong with it)."""
    found = candidates()
    return found is not None and not any(os.path.lexists(p) for p in found)
