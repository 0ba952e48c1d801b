"""Heroes joining squads (seed): before the game, same armour type and level, one per squad."""

import pytest

from sheets.core.errors import InputError
from sheets.core.game import Options
from sheets.games.dust.rules import validate_force
from sheets.games.dust.view import card_data, roster_row

SQUAD = """
  - name: Laser Squad
    kind: squad
    armor: {type: soldier, level: 2}
    models: 5
    health: 1
    move: 1
    points: 20
    cover: {soft: hits, hard: misses}
    weapons:
      - {name: Rifle, count: 5, range: 3, vs: {S1: 1/1, S2: 1/1}}
"""


def hero(name="Keller", level=2, joins="Laser Squad", extra=""):
    return f"""
  - name: {name}
    kind: hero
    armor: {{type: soldier, level: {level}}}
    health: 4
    move: 1
    points: 15
    weapons:
      - {{name: Pistol, range: 2, vs: {{S1: 2/1}}}}
    joins: {joins}
{extra}"""


def doc(*parts):
    return "system: dust\nunits:" + "".join(parts)


def messages(exc):
    return [str(p) for p in exc.value.problems]


def test_valid_join_pools_boxes_and_weapons(load_units):
    loaded = load_units(doc(SQUAD, hero()))
    squad, keller = loaded.units
    assert squad.joined_by == "Keller"
    card = card_data(squad, loaded.units, loaded.options)
    assert card["joined_by"] == "Keller"
    assert card["damage"]["boxes"] == 5  # 5 models × 1
    assert card["damage"]["hero"] == {"name": "Keller", "boxes": 4}  # its boxes print on its own card
    assert card["damage"]["total"] == 9
    assert [(r["name"], r["hero"]) for r in card["weapons"]] == [("Rifle", False), ("Pistol", True)]
    assert card["weapons"][1]["cells"][0] == "2/1" and card["weapons"][1]["cells"][1] is None
    hero_card = card_data(keller, loaded.units, loaded.options)
    assert hero_card["joins"] == "Laser Squad"
    assert hero_card["cover"]["mode"] == "squad"
    assert (hero_card["cover"]["soft"], hero_card["cover"]["hard"]) == ("hits", "misses")
    assert hero_card["damage"]["label"] == "field_damage" and hero_card["damage"]["boxes"] == 4
    assert roster_row(squad)["joined_hero"] == "Keller"
    assert roster_row(keller)["joins"] == "Laser Squad"


def test_lone_hero_has_no_cover_value(load_units):
    loaded = load_units(doc(hero(joins="null")))
    card = card_data(loaded.units[0], loaded.units, Options())
    assert card["cover"] == {"mode": "none", "label": "hero_no_cover", "soft": None, "hard": None}
    assert card["joins"] is None


def test_different_armour_level_is_refused(load_units):
    with pytest.raises(InputError) as exc:
        load_units(doc(SQUAD, hero(level=3)))
    (msg,) = messages(exc)
    assert "joins 'Laser Squad' (S2) but the hero is S3" in msg
    assert "same armour type and level" in msg
    assert ":22:12: " in msg  # the value of the hero's `joins:` line


def test_second_hero_on_a_squad_is_refused(load_units):
    with pytest.raises(InputError) as exc:
        load_units(doc(SQUAD, hero(), hero(name="Second")))
    (msg,) = messages(exc)
    assert "unit 'Second': joins 'Laser Squad', already joined by hero 'Keller'" in msg
    assert "one hero per squad" in msg


def test_joining_a_vehicle_is_refused(load_units):
    vehicle = """
  - name: Walker
    kind: vehicle
    armor: {type: soldier, level: 2}
    health: 6
    move: 1
    points: 20
"""
    with pytest.raises(InputError) as exc:
        load_units(doc(vehicle, hero(joins="Walker")))
    assert "joins 'Walker' (vehicle): heroes join only squads" in messages(exc)[0]


def test_unknown_squad_means_not_joined_before_the_game(load_units):
    with pytest.raises(InputError) as exc:
        load_units(doc(SQUAD, hero(joins="Laser Sqad")))
    (msg,) = messages(exc)
    assert "no squad of that name in this file" in msg and "before the game" in msg
    assert "(did you mean 'Laser Squad'?)" in msg


def test_two_same_named_squads_are_an_error(load_units):
    """Issue 12: heroes were silently shared between same-named squads; now the file is refused."""
    with pytest.raises(InputError) as exc:
        load_units(doc(SQUAD, SQUAD, hero(), hero(name="Second")))
    assert any(
        "squad name 'Laser Squad' is used twice in this force (first: unit 1)" in m for m in messages(exc)
    )


def test_hero_with_cover_and_squad_with_joins_are_errors(load_units):
    bad_squad = SQUAD + "    joins: Keller\n"
    with pytest.raises(InputError) as exc:
        load_units(doc(bad_squad, hero(extra="    cover: {soft: hits, hard: misses}")))
    text = "\n".join(messages(exc))
    assert "only heroes join squads (this unit: squad)" in text
    assert "heroes have no cover value of their own" in text


def test_validate_force_reports_the_hero_index(load_units):
    loaded = load_units(doc(SQUAD))
    squad = loaded.units[0]
    lone = load_units(doc(hero(level=3, joins="null"))).units[0]
    lone.joins = "Laser Squad"
    issues = validate_force([squad, lone])
    assert [(i, issue.path) for i, issue in issues] == [(1, ("joins",))]
