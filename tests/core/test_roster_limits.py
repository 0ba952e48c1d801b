"""The army-list limit check sits on its boundary, for every game: total == limit is within the
limit (0 remaining, no warning); limit + 1 leaves 1; total == limit + 1 is over by exactly 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from sheets.core.game import BUILTIN

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"


def _units(path: Path) -> list:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["units"]


def _dmech_units() -> list:
    walker = _units(UNITS / "dmech" / "otrok.yaml")[0]
    return [dict(walker, name="Отрок А", cost=30), dict(walker, name="Отрок Б", cost=47)]


# game -> (units, their total as a literal from the rules text or the unit cards)
LITERAL = {
    # digest §13.3: Minotaur 424 BV, Roc 336 BV (Gunnery 4)
    "battletech": (
        lambda: _units(UNITS / "battletech" / "minotaur.yaml") + _units(UNITS / "battletech" / "roc.yaml"),
        424 + 336,
    ),
    # the sample's three cards: 20 + 12 + 15 AP
    "dust": (lambda: _units(UNITS / "dust" / "sample_force.yaml"), 20 + 12 + 15),
    # dmech costs are the cost the user writes on each walker
    "dmech": (_dmech_units, 30 + 47),
}


def _sample(game: str):
    """Games without a literal here: their first sample file, the total from the game's own costs."""
    from sheets.core.loader import load_file

    files = sorted((UNITS / game).glob("*.yaml"))
    if not files:
        pytest.skip(f"{game} ships no sample units")
    loaded = load_file(files[0])
    total = sum(loaded.game.unit_cost(u, loaded.options) or 0 for u in loaded.units)
    return _units(files[0]), total


def _case(game: str):
    if game in LITERAL:
        make, total = LITERAL[game]
        return make(), total
    return _sample(game)


@pytest.mark.parametrize("game", sorted(BUILTIN))
def test_limit_boundaries(cli, write, game):
    units, total = _case(game)
    assert total > 1
    seen = {}
    for limit in (total, total + 1, total - 1):
        doc = {"system": game, "roster": {"name": f"{game} at {limit}", "limit": limit}, "units": units}
        src = write(f"{game}-{limit}.yaml", yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
        r = cli("roster", src, "--format", "json")
        assert r.exit_code == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["total"] == total and data["limit"] == limit
        seen[limit] = (data["over"], data["over_by"], data["remaining"], "over the limit" in r.stderr)
        v = cli("validate", src)  # over the limit fails validation: one line, exit 1
        over = [line for line in v.stderr.splitlines() if "over the limit" in line]
        if limit == total - 1:
            assert v.exit_code == 1 and len(over) == 1 and over[0].endswith(f"> {limit} (by 1)"), v.stderr
        else:
            assert v.exit_code == 0 and over == [], v.stderr
    assert seen == {
        total: (False, 0, 0, False),
        total + 1: (False, 0, 1, False),
        total - 1: (True, 1, None, True),
    }
