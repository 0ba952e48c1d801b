"""A unit file may name a location, a motion or an armour type as the record sheet prints it
(data/battletech/choices.yaml points at the printed labels): each printed name, English and
Russian, is read as its own choice and as no other; and the quad's missing arms are the two arms
(the model's list and the table's ``arms:`` row, digest §1)."""

from __future__ import annotations

import pytest

from sheets import api
from sheets.api import Source
from sheets.core.data import load_data
from sheets.games.battletech.model import ARMS

UNIT = """system: battletech
units:
  - name: Test
    tons: 7
    motion: {motion}
    armor_type: {armor_type}
    walk: 5
    armor: {{head: 3, torso: 10, right_arm: 4, left_arm: 4, legs: 7, main_gun: {gun}}}
    equipment:
      - {{item: ER Medium Laser, location: "{location}"}}
    pilot: {{name: "", gunnery: 4}}
"""


def source(motion="biped", armor_type="standard", location="main_gun", gun=3) -> Source:
    text = UNIT.format(motion=motion, armor_type=armor_type, location=location, gun=gun)
    return Source("u.yaml", text.encode("utf-8"))


def problems(**given) -> list[str]:
    found, units, game = api.check([source(**given)])
    assert game == "battletech"
    return [str(p) for p in found if p.severity != "warning"]


@pytest.mark.parametrize("name", ["main_gun", "Main Gun", "Gun", "ГП", "Главная пушка", "гп"])
def test_the_main_gun_by_every_printed_name(name):
    assert problems(location=name) == []


@pytest.mark.parametrize("name", ["T", "Т", "Torso", "Торс", "корпус"])
def test_the_torso_by_every_printed_name_is_the_torso(name):
    assert problems(location=name, gun=0) == []
    (unit,) = api.load([source(location=name, gun=0)]).files[0].units
    assert [m.location for m in unit.mounts] == ["torso"]


@pytest.mark.parametrize("name", ["Gun", "ГП", "Главная пушка"])
def test_a_main_gun_name_is_the_main_gun(name):
    (unit,) = api.load([source(location=name)]).files[0].units
    assert [m.location for m in unit.mounts] == ["main_gun"]


@pytest.mark.parametrize("name", ["standard", "Standard", "Стандартная", "стандартная"])
def test_standard_armour_by_its_printed_name(name):
    assert problems(armor_type=name) == []


@pytest.mark.parametrize("name", ["Biped", "Двуногий", "Quad"])
def test_a_motion_word_is_not_an_armour_type(name):
    (line,) = problems(armor_type=name)
    assert "armor_type" in line


def test_the_arms_a_quad_lacks_are_the_two_arms():
    assert ARMS == ("right_arm", "left_arm")
    assert load_data("battletech/locations.yaml")["arms"] == ["right_arm", "left_arm"]
