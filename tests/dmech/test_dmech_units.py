"""Unit files of dmech: the sample units, validation messages with file:line:col, info()."""

import textwrap

import pytest

from sheets.core.data import data_path
from sheets.core.errors import InputError
from sheets.core.game import Options, get_game
from sheets.core.loader import load_file
from sheets.games.dmech.model import Infantry, Walker

OTROK = """\
system: dmech
units:
  - name: Отрок
    class: {cls}
    structure: 4
    speed: 6
    initiative: 3
    skill: 4
    daring: 4
    armor: {armor}
    weapons:
      - {{name: Врановская двухладонка, accuracy: 7, power: 4, ammo: 0, tags: [ПП], hand: true}}
    cost: 0
    pilot: {{name: ""}}
"""
FOUR = "{front: 8, front_side: 7, rear_side: 6, rear: 5}"


def _write(tmp_path, text, name="unit.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _errors(tmp_path, text) -> str:
    path = _write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_file(path)
    return str(info.value)


def test_contract_example_loads(tmp_path):
    loaded = load_file(_write(tmp_path, OTROK.format(cls="малый", armor=FOUR)))
    unit = loaded.units[0]
    assert isinstance(unit, Walker)
    assert unit.class_id == "light"
    assert unit.armor == {
        "front": 8,
        "front_right": 7,
        "rear_right": 6,
        "rear": 5,
        "rear_left": 6,
        "front_left": 7,
    }
    assert unit.weapons[0].power == 4 and unit.weapons[0].tags == ("ПП",)


@pytest.mark.parametrize(
    "cls, cid",
    [
        ("тяжёлый", "heavy"),
        ("тяжелый", "heavy"),
        ("Heavy", "heavy"),
        ("автодоспех", "power_armor"),
        ("medium", "medium"),
    ],
)
def test_class_spellings(tmp_path, cls, cid):
    loaded = load_file(_write(tmp_path, OTROK.format(cls=cls, armor=FOUR)))
    assert loaded.units[0].class_id == cid


def test_unknown_class_says_did_you_mean_with_position(tmp_path):
    msg = _errors(tmp_path, OTROK.format(cls="малйы", armor=FOUR))
    assert "unit.yaml:4:12:" in msg
    assert "did you mean 'малый'" in msg


def test_missing_face_in_block_armour(tmp_path):
    armor = "\n      front: 8\n      front_side: 7\n      rear: 5"
    msg = _errors(tmp_path, OTROK.format(cls="малый", armor=armor))
    assert "unit.yaml:11:7:" in msg
    assert "missing armour face 'rear_side'" in msg


def test_mixed_armour_forms_point_at_the_key(tmp_path):
    armor = "\n      front: 8\n      front_side: 7\n      rear_side: 6\n      rear: 5\n      rear_left: 4"
    msg = _errors(tmp_path, OTROK.format(cls="малый", armor=armor))
    assert "unit.yaml:15:18:" in msg  # the value of rear_left
    assert "mixes the six-face form" in msg


def test_six_faces_missing_one(tmp_path):
    armor = "{front: 9, front_right: 8, rear_right: 7, rear: 6, rear_left: 5}"
    msg = _errors(tmp_path, OTROK.format(cls="малый", armor=armor))
    assert "unit.yaml:10:12:" in msg and "'front_left'" in msg


def test_side_key_is_refused(tmp_path):
    armor = "{front: 8, side: 6, rear: 5}"
    msg = _errors(tmp_path, OTROK.format(cls="малый", armor=armor))
    assert "unit.yaml:10:23:" in msg and "'side' is ambiguous" in msg


def test_out_of_range_values(tmp_path):
    text = OTROK.format(cls="малый", armor="{front: 31, front_side: 7, rear_side: 6, rear: 5}")
    msg = _errors(tmp_path, text.replace("structure: 4", "structure: 0"))
    assert "unit.yaml:5:16:" in msg and "0 is out of range (1–30)" in msg
    assert "unit.yaml:10:20:" in msg and "31 is out of range (0–30)" in msg


def test_unknown_weapon_key_and_bad_arc(tmp_path):
    text = OTROK.format(cls="малый", armor=FOUR).replace("hand: true", "hnd: true, arc: сзади")
    msg = _errors(tmp_path, text)
    assert "unknown key 'hnd' (did you mean 'hand'?)" in msg
    assert "unknown value 'сзади'" in msg and ":12:100:" in msg


def test_walker_without_armour(tmp_path):
    text = OTROK.format(cls="малый", armor=FOUR).replace("    armor: " + FOUR + "\n", "")
    msg = _errors(tmp_path, text)
    assert "unit.yaml:3:5:" in msg and "missing required key 'armor' (a walker needs it)" in msg


def test_infantry(tmp_path):
    text = """\
        system: dmech
        units:
          - name: Стрельцы
            kind: пехота
            strength: 6
            defense: 4
            weapons:
              - {name: Пищаль, accuracy: 6, power: 1, tags: [ai]}
              - {name: Граната, accuracy: 5, power: 3, special: true}
        """
    loaded = load_file(_write(tmp_path, text))
    unit = loaded.units[0]
    assert isinstance(unit, Infantry)
    assert (unit.strength, unit.defence, unit.visibility) == (6, 4, 3)
    assert unit.weapons[0].tags == ("ПП",) and unit.weapons[1].special
    info = get_game("dmech").info(unit, Options())
    assert info["kind"] == "infantry" and info["strength"] == 6


def test_infantry_with_walker_keys(tmp_path):
    text = """\
        system: dmech
        units:
          - name: Стрельцы
            kind: infantry
            defence: 4
            armor: {front: 3}
        """
    msg = _errors(tmp_path, text)
    assert "unit.yaml:3:5:" in msg and "missing required key 'strength'" in msg
    assert "unit.yaml:6:5:" in msg and "'armor' does not apply to infantry" in msg


def test_equipment(tmp_path):
    text = OTROK.format(cls="основной", armor=FOUR).replace(
        "    cost: 0\n",
        "    equipment:\n      - {name: Дымы, kind: дым}\n"
        "      - {name: Криловые щиты, kind: shield, faces: [front, front_right, front_left, rear_left]}\n"
        "      - {name: Щит, kind: shield, faces: [back]}\n    cost: 0\n",
    )
    msg = _errors(tmp_path, text)
    assert ":16:" in msg and "unknown value 'back'" in msg
    loaded = load_file(
        _write(tmp_path, text.replace("      - {name: Щит, kind: shield, faces: [back]}\n", ""))
    )
    smoke, shield = loaded.units[0].equipment
    assert (smoke.kind, smoke.charges) == ("smoke", 1)
    assert shield.faces == ("front", "front_right", "front_left", "rear_left")


@pytest.mark.parametrize("name", ["otrok.yaml", "pilot_on_foot.yaml"])
def test_sample_units_are_marked_illustrative(name):
    path = data_path(f"units/dmech/{name}")
    assert path.read_text(encoding="utf-8").startswith("# ILLUSTRATIVE EXAMPLE")
    loaded = load_file(path)
    assert all(u.illustrative and u.notes for u in loaded.units)


def test_sample_otrok_matches_the_seed():
    unit = load_file(data_path("units/dmech/otrok.yaml")).units[0]
    assert unit.class_id == "light"
    assert unit.armor["front_right"] == unit.armor["rear_right"] == 6  # «боковая броня» 6
    assert unit.weapons[0].power == 4


def test_sample_pilot_on_foot_matches_the_site():
    unit = load_file(data_path("units/dmech/pilot_on_foot.yaml")).units[0]
    assert (unit.speed, unit.defence, unit.strength) == (3, 4, 1)


def test_info_roster_and_text_fields():
    game = get_game("dmech")
    loaded = load_file(data_path("units/dmech/otrok.yaml"))
    unit = loaded.units[0]
    info = game.info(unit, loaded.options)
    assert info["system"] == "dmech" and info["class"] == "light"
    assert info["class_modifiers"] == {"balance": -1, "standing": 0}
    assert list(info["armor"]) == ["front", "front_right", "rear_right", "rear", "rear_left", "front_left"]
    assert game.unit_cost(unit, loaded.options) == 0
    # the army list prints the class name in the list's language
    assert game.roster_row(unit, loaded.options) == {
        "name": "Отрок",
        "kind": "walker",
        "cost": 0,
        "class": "Light",
    }
    ru = type(loaded.options)(lang="ru")
    assert game.roster_row(unit, ru)["class"] == "Малый"
    fields = dict(game.text_fields(unit))
    assert fields[("name",)] == "Отрок"
    assert fields[("weapons", 0, "name")] == "Врановская двухладонка"


def test_game_registration():
    game = get_game("dmech")
    assert game.id == "dmech" and game.name["ru"] == "Древняя Механика"
    assert game.unit_kinds == ("walker", "infantry") and game.limit_unit == "cost"
    assert game.calculators == "sheets.games.dmech.calc:CALCULATORS"
    schema = game.unit_spec().json_schema()
    assert "малый" in schema["properties"]["class"]["anyOf"][0]["enum"]
    walker = schema["allOf"][-1]["else"]["allOf"]  # a walker (no kind, or kind: walker) needs these
    assert walker[0] == {"required": ["class"]}
