"""A hero joins only a squad of the same armour type AND level (seed): same level, other type is
refused (an S2 hero on a V2 squad), in the rules core and through `sheets validate`."""

import pytest

from sheets.core.errors import InputError
from sheets.games.dust.rules import resolve_joins

FORCE = """\
system: dust
units:
  - name: Walker Squad
    kind: squad
    armor: {{type: {squad_type}, level: 2}}
    models: 2
    health: 1
    move: 1
    points: 20
    cover: {{soft: none, hard: hits}}
  - name: Keller
    kind: hero
    armor: {{type: {hero_type}, level: 2}}
    health: 4
    move: 1
    points: 15
    joins: Walker Squad
"""


def test_same_type_and_level_joins(load_units):
    loaded = load_units(FORCE.format(squad_type="vehicle", hero_type="vehicle"))
    assert resolve_joins(loaded.units) == ({1: 0}, [])
    assert loaded.units[0].joined_by == "Keller"


@pytest.mark.parametrize(
    "squad_type, hero_type, codes",
    [
        ("vehicle", "soldier", ("V2", "S2")),
        ("soldier", "vehicle", ("S2", "V2")),
    ],
)
def test_same_level_other_type_is_refused(load_units, write_units, cli, squad_type, hero_type, codes):
    text = FORCE.format(squad_type=squad_type, hero_type=hero_type)
    with pytest.raises(InputError) as exc:
        load_units(text)
    (msg,) = [str(p) for p in exc.value.problems]
    assert f"joins 'Walker Squad' ({codes[0]}) but the hero is {codes[1]}" in msg
    assert ":17:12: " in msg
    r = cli("validate", write_units(text, "force.yaml"))
    assert r.exit_code == 1 and f"but the hero is {codes[1]}" in r.stderr
