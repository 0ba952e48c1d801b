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

import pytest
import yaml
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


ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT.parent / "shared" / "fixtures" / "battlescribe"


def broad_pin_tests(game: str, cases: dict, units: dict, not_pinned: dict):
    """The two tests of a game's ``test_label_pins_broad.py``: every case's pins in its printed
    text (``cases``: name -> (``"pdf"``/``"out"``/``"err"``, CLI args, pins); an argument
    ``@NAME[#UNIT]`` is the unit file ``units[NAME]``, ``!PATH`` a real roster of the shared
    fixtures, skipped when absent), and every label of ``data/GAME/labels.yaml`` pinned in its
    language or listed in ``not_pinned`` with its reason."""

    def args_of(args: tuple) -> tuple:
        out = []
        for a in args:
            if a.startswith("@"):
                name, _, unit = a[1:].partition("#")
                a = unit_file(f"{game}_{name}.yaml", units[name]) + (f"#{unit}" if unit else "")
            elif a.startswith("!"):
                if not (FIXTURES / a[1:]).is_file():
                    pytest.skip("real rosters not present")
                a = str(FIXTURES / a[1:])
            out.append(a)
        return tuple(out)

    @pytest.mark.parametrize("case", sorted(cases))
    def test_every_printed_label_in_place(case):
        kind, args, pins = cases[case]
        text = {"pdf": printed, "out": echoed, "err": refused}[kind](*args_of(args))
        assert missing(text, pins) == []

    def test_every_label_is_pinned_or_listed():
        """Each label's text (its fixed parts around any {placeholder}, each cut to its first 40
        characters: a long text wraps or runs past its pin) is inside a pin of its language, or
        the label is listed in NOT_PINNED; a label added later must be pinned or listed."""
        table = yaml.safe_load((ROOT / "data" / game / "labels.yaml").read_text(encoding="utf-8"))
        assert sorted({k.split(".")[0] for k in not_pinned} - set(table)) == []
        unpinned = []
        for key, entry in table.items():
            for lang in ("en", "ru"):
                if key in not_pinned or f"{key}.{lang}" in not_pinned:
                    continue
                pins = [p for case, (_, _, ps) in cases.items() if case.endswith("-" + lang) for p in ps]
                parts = [
                    f.strip()[:40].strip()
                    for f in re.split(r"\{[^}]*\}", " ".join(entry[lang].split()))
                    if f.strip()
                ]
                if not any(all(f in p for f in parts) for p in pins):
                    unpinned.append(f"{key}.{lang}")
        assert unpinned == []

    return test_every_printed_label_in_place, test_every_label_is_pinned_or_listed
