"""Issue 32: every real roster of the shared fixtures imports with the model counts, profiles,
carriers and gear counts of an independent reading of its XML (``schema_reader``, written from
the BattleScribe roster schema, not from the importer): unit by unit, each model line (its
profile's name and characteristics) with its count, each weapon with its carrier's line and
count. Both dialects (2.01/2.02 and 2.03 files), ``.ros`` and ``.rosz``."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from sheets.games.wh40k6.battlescribe import roster_to_unit_file

from . import schema_reader

FIXTURES = next(
    (
        p / "shared" / "fixtures" / "battlescribe"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "fixtures" / "battlescribe").is_dir()
    ),
    Path("/nonexistent"),
)
REAL = FIXTURES / "real"
pytestmark = pytest.mark.skipif(
    not REAL.is_dir(), reason="shared BattleScribe fixtures (../shared) not present"
)
FILES = sorted(p.name for p in REAL.iterdir()) if REAL.is_dir() else []
STATS = ("ws", "bs", "s", "t", "w", "i", "a", "ld", "front", "side", "rear", "hp")


def _value(text):
    m = re.fullmatch(r"\s*(\d+)\s*(?:\"|in)?\s*", str(text))
    return int(m.group(1)) if m else None


def _same_profile(model: dict, line) -> bool:
    """The importer's model line has the profile's name (or the name and a suffix telling it
    apart) and the numbers of its characteristics."""
    pname, chars = line
    if not (model["name"] == pname or model["name"].startswith(pname + " (")):
        return False
    raw = dict(chars)
    return all(model[k] == _value(raw[k]) for k in STATS if k in raw and isinstance(model.get(k), int))


def _imported(unit: dict, lines) -> tuple[Counter, Counter]:
    """The importer's unit as the reader counts: {line: models}, {(weapon, line | None): n}."""
    match = {}
    for m in unit["models"]:
        hits = [ln for ln in lines if _same_profile(m, ln)]
        assert len(hits) >= 1, f"{unit['name']}: model line {m['name']!r} is in no profile of the roster"
        match[m["name"]] = max(hits, key=lambda ln: len(ln[0]))  # the longest name that fits
    models = Counter()
    for m in unit["models"]:
        models[match[m["name"]]] += m["count"]
    weapons = Counter()
    for w in unit["weapons"]:
        weapons[(w["name"], match[w["carrier"]] if w.get("carrier") else None)] += w["count"]
    return models, weapons


@pytest.mark.parametrize("name", FILES)
def test_a_real_roster_imports_what_its_xml_holds(name):
    path = REAL / name
    want = schema_reader.units(path)
    got = roster_to_unit_file(path)["units"]
    assert [u["name"] for u in got] == [u.name for u in want]
    for unit, reading in zip(got, want):
        lines = list(reading.lines())
        models, weapons = _imported(unit, lines)
        assert models == reading.lines(), unit["name"]
        assert weapons == reading.weapons(), unit["name"]


def test_every_real_file_is_read():
    """The set the counts above cover: 20 .ros (dialects 2.01, 2.02 and 2.03) and 9 .rosz
    twins, as the shared fixtures hold them."""
    ros = [n for n in FILES if n.endswith(".ros")]
    rosz = [n for n in FILES if n.endswith(".rosz")]
    assert len(ros) == 20 and len(rosz) == 9
    dialects = Counter(schema_reader.parse(REAL / n).get("battleScribeVersion") for n in ros)
    assert dialects == {"2.01": 9, "2.02": 3, "2.03": 8}
