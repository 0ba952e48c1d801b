"""Printing once per argument set for the label pins of issue 21 (``tests/*/test_label_runs_pinned.py``):
``printed(args...)`` runs ``sheets ARGS -o FILE`` in-process (``--lang`` is part of ARGS) and
returns the whole document's extracted text, whitespace collapsed; ``echoed(args...)`` returns a
calculator's standard output; ``refused(args...)`` the message of a command that exits 1 (bad
input: the calculators' refusals). A pin is a literal run of that text that holds a label next to what
it labels, so that two labels exchanged (``mutate_tables.py``'s ``label`` operator) fail it."""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

from click.testing import CliRunner

from conftest import page_texts
from sheets.cli import cli

_OUT = Path(tempfile.mkdtemp(prefix="label_pins_"))


@functools.cache
def printed(*args: str) -> str:
    out = _OUT / (re.sub(r"[^A-Za-z0-9]+", "_", "_".join(args))[-120:] + ".pdf")
    r = CliRunner().invoke(cli, [*args, "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return " ".join(page_texts(out))


@functools.cache
def echoed(*args: str) -> str:
    r = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return " ".join(r.output.split())


@functools.cache
def refused(*args: str) -> str:
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 1, r.output
    return " ".join(r.output.split())  # click 8.1 and 8.2+ alike: the output holds stderr


def unit_file(name: str, text: str) -> str:
    """A unit file written once into the scratch folder; its path."""
    path = _OUT / name
    if not path.exists():
        path.write_text(text, encoding="utf-8")
    return str(path)


def missing(text: str, pins) -> list[str]:
    return [p for p in pins if p not in text]
