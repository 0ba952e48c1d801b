"""Unit files: the user contract loads; mistakes are reported at file:line:col."""

import pytest

from sheets.core.data import data_path
from sheets.core.errors import InputError
from sheets.core.game import get_game
from sheets.core.loader import load_file

CONTRACT = """\
system: dust
units:
  - name: Heavy Laser Grenadiers
    faction: Axis
    kind: squad
    armor: {type: soldier, level: 3}
    models: 3
    health: 1
    move: 1
    points: 30
    cover: {soft: hits, hard: misses}
    weapons:
      - name: Schwer Laser-Werfer
        count: 2
        range: 4
        vs: {S1: 2/1, S2: 1/1, S3: 1/1, S4: 1/1, V1: 1/3, V2: 1/3, V3: 1/3, V4: 1/3, V5: 1/3, V6: 1/3, V7: 1/3}
    skills: []
    joins: null
"""


def test_the_contract_example_loads(load_units):
    loaded = load_units(CONTRACT)
    (u,) = loaded.units
    assert (u.name, u.kind, u.armor.code, u.damage_boxes, u.points) == (
        "Heavy Laser Grenadiers",
        "squad",
        "S3",
        3,
        30,
    )
    w = u.weapons[0]
    assert (w.count, w.range, w.cell("S1").text, w.cell("V7").damage, w.cell("A1")) == (2, 4, "2/1", 3, None)
    assert loaded.game.unit_cost(u, loaded.options) == 30


def test_bad_cell_points_at_the_cell(load_units):
    text = CONTRACT.replace("S2: 1/1", "S2: 1-1")
    with pytest.raises(InputError) as exc:
        load_units(text)
    (msg,) = [str(p) for p in exc.value.problems]
    assert msg.endswith(
        ":16:27: unit 'Heavy Laser Grenadiers'.weapons[1].vs.S2: bad cell '1-1': "
        "expected dice/damage like 2/1, a phaser 2z1, or –"
    )


def test_armour_level_beyond_its_type(load_units):
    with pytest.raises(InputError) as exc:
        load_units(CONTRACT.replace("level: 3", "level: 5"))
    (msg,) = [str(p) for p in exc.value.problems]
    assert ":6:35: " in msg and "level 5 is out of range for soldier armour (1–4)" in msg


def test_unknown_target_class_and_save_suggest_names(load_units):
    text = CONTRACT.replace("V7: 1/3", "V8: 1/3").replace("soft: hits", "soft: hit_save")
    with pytest.raises(InputError) as exc:
        load_units(text)
    msgs = [str(p) for p in exc.value.problems]
    assert any(":11:19: " in m and "unknown value 'hit_save'" in m for m in msgs)
    assert any(":16:" in m and "unknown key 'V8'" in m for m in msgs)


def test_range_must_be_squares_or_c(load_units):
    loaded = load_units(CONTRACT.replace("range: 4", "range: c"))
    assert loaded.units[0].weapons[0].range == "C"
    with pytest.raises(InputError) as exc:
        load_units(CONTRACT.replace("range: 4", "range: far"))
    assert ":15:16: " in str(exc.value) and "a number of squares or C" in str(exc.value)


def test_sample_force_loads_as_a_roster():
    loaded = load_file(data_path("units/dust/sample_force.yaml"))
    assert loaded.roster["limit"] == 50
    assert [u.kind for u in loaded.units] == ["squad", "hero", "vehicle"]
    assert loaded.units[0].joined_by == loaded.units[1].name
    game = get_game("dust")
    # the printed points of the sample's three cards: 20 + 12 + 15 = 47 AP of the 50 AP limit
    assert [game.unit_cost(u, loaded.options) for u in loaded.units] == [20, 12, 15]


def test_text_fields_cover_weapon_and_skill_text():
    loaded = load_file(data_path("units/dust/sample_force.yaml"))
    fields = dict(get_game("dust").text_fields(loaded.units[1]))
    assert fields[("joins",)] == "Sample Laser Squad"
    assert fields[("weapons", 0, "name")] == "Sample heavy pistol"
    assert fields[("skills", 0, "text")].startswith("Illustrative")
