"""Every row of the 6th-edition unit-type table through the public functions (parse_type →
type_rules → the datasheet's unit-type line). Expected values are literals from the rules text
(Russian rulebook chapter «Классы боевых единиц» and the digest's §2 table), not read from data."""

import pytest

from sheets.games.wh40k6.model import TypeError_, parse_type, type_rules
from sheets.games.wh40k6.view import type_box, type_line

# type text -> (move, run kind, run/turbo/flat out, charge, fall back, granted rules, verified)
ROWS = {
    "Infantry": ('6"', "run", 'D6"', '2D6"', '2D6"', [], True),
    "Jump Infantry": ('12"', "run", 'D6"', '2D6"', '3D6"', ["Bulky", "Deep Strike"], True),
    # conflict: 6" (shinysilverinq) vs 12" (user QRG): 6" chosen, printed with †
    # jet packs keep their Run; the 2D6" thrust is extra, in the Assault phase (issue 22, fix 3)
    "Jet Pack Infantry": ('6"', "run", 'D6"', '2D6"', '2D6"', ["Bulky", "Deep Strike", "Relentless"], False),
    "Bike": (
        '12"',
        "turbo_boost",
        '12"',
        '2D6"',
        '3D6"',
        ["Hammer of Wrath", "Jink", "Relentless", "Very Bulky"],
        True,
    ),
    "Jetbike": (
        '12"',
        "turbo_boost",
        '24"',
        '2D6"',
        '3D6"',
        ["Hammer of Wrath", "Jink", "Relentless", "Very Bulky"],
        True,
    ),
    "Eldar Jetbike": (
        '12"',
        "turbo_boost",
        '36"',
        '2D6"',
        '3D6"',
        ["Hammer of Wrath", "Jink", "Relentless", "Very Bulky"],
        True,
    ),
    "Monstrous Creature": (
        '6"',
        "run",
        'D6"',
        '2D6"',
        '2D6"',
        ["Fear", "Hammer of Wrath", "Move Through Cover", "Relentless", "Smash"],
        True,
    ),
    "Jump Monstrous Creature": (
        '12"',
        "run",
        'D6"',
        '2D6"',
        '3D6"',
        ["Bulky", "Deep Strike", "Fear", "Hammer of Wrath", "Move Through Cover", "Relentless", "Smash"],
        True,
    ),
    # Gliding (as a jump MC) / Swooping (issue 22, fix 4)
    "Flying Monstrous Creature": (
        '12" / 12"–24"',
        "run",
        'D6" / 2D6"',
        '2D6"',
        '3D6"',
        ["Fear", "Hammer of Wrath", "Move Through Cover", "Relentless", "Smash", "Vector Strike"],
        False,
    ),
    "Beasts": ('12"', "run", 'D6"', '2D6"', '3D6"', ["Fleet", "Move Through Cover"], True),
    "Cavalry": ('12"', "run", 'D6"', '2D6"', '3D6"', ["Fleet", "Hammer of Wrath"], True),
    "Artillery": ('6"', "run", 'D6"', "–", '2D6"', [], True),
    "vehicle (tank)": ('6" / 12"', "flat_out", '+6"', "–", "–", [], True),
    "vehicle (fast)": ('6" / 12"', "flat_out", '+12"', "–", "–", [], True),
    "vehicle (fast, skimmer)": ('6" / 12"', "flat_out", '+18"', "–", "–", ["Jink"], False),
    "vehicle (skimmer)": ('6" / 12"', "flat_out", '+6"', "–", "–", ["Jink"], False),
    "vehicle (heavy)": ('6" / 12"', "flat_out", "–", "–", "–", [], True),
    "Vehicle (Walker)": ('6"', "run", 'D6"', '2D6"', "–", [], False),
    "vehicle (flyer)": ('18" / 36"', "flat_out", "–", "–", "–", [], True),
    "vehicle (chariot)": ('6" / 12"', "flat_out", '+6"', "–", "–", [], False),
}


@pytest.mark.parametrize("text", ROWS)
def test_unit_type_row(text):
    move, kind, run, charge, fall_back, granted, verified = ROWS[text]
    tr = type_rules(parse_type(text))
    assert (tr.move, tr.run_kind, tr.run, tr.charge, tr.fall_back) == (move, kind, run, charge, fall_back)
    assert list(tr.rules) == granted
    assert tr.verified is verified


def test_bike_type_box_reads_like_the_issue():
    line = type_line(type_rules(parse_type("bike")), "en")
    assert line.startswith(
        'Bike · Move 12" · Turbo-boost 12" · Charge 2D6" · Fall back 3D6" · '
        "Hammer of Wrath, Jink, Relentless, Very Bulky"
    )
    assert "each rider fires one weapon" in line
    assert "cannot Go to Ground" in line and "cannot be Pinned" in line


def test_russian_type_box_uses_the_seed_terms():
    box = type_box(type_rules(parse_type("bike")), "ru")
    assert box["title"] == "Мотоцикл"
    assert box["movement"] == 'Движение 12" · Турбо-ускорение 12" · Нападение 2D6" · Отступление 3D6"'
    assert box["rules"] == "Молот ярости, Уклонение, Безостановочный, Очень крупногабаритный"
    assert "не может залегать" in box["cannot"] and "не подавляется огнём" in box["cannot"]


def test_flying_mc_has_no_jink_in_6th_and_two_weapons():
    tr = type_rules(parse_type("flying monstrous creature"))
    assert "Jink" not in tr.rules
    assert "shoot_swooping_hunters" in tr.shooting
    assert type_rules(parse_type("monstrous creature")).shooting == ("shoot_two_weapons",)


def test_artillery_gun_profile_and_limits():
    tr = type_rules(parse_type("gun"))
    assert tr.profile == {"T": 7, "W": 2, "Sv": "3+"}
    assert "cannot_snap_shots" in tr.cannot
    assert "cannot_charge_with_guns" in type_rules(parse_type("artillery")).cannot


def test_unverified_fields_are_marked_with_a_dagger():
    box = type_box(type_rules(parse_type("jet pack infantry")), "en")
    assert box["movement"].startswith('Move 6"†')
    walker = type_box(type_rules(parse_type("vehicle (walker)")), "en")
    assert 'Run D6"†' in walker["movement"]


@pytest.mark.parametrize(
    "text,base,tags,character",
    [
        ("Infantry (Character)", "infantry", (), True),
        ("Unique, Infantry (Character)", "infantry", (), True),
        ("jump_infantry", "jump_infantry", (), False),
        ("Vehicle (Transport, Tank)", "vehicle", ("tank", "transport"), False),
        ("Walker", "vehicle", ("walker",), False),
        ("Infanty (Character)", "infantry", (), True),  # BattleScribe's misspelling
        ("Vehicle (Open-topped, Fast, Skimmer)", "vehicle", ("fast", "skimmer", "open_topped"), False),
    ],
)
def test_tolerant_type_parsing(text, base, tags, character):
    mt = parse_type(text)
    assert (mt.base, mt.tags, mt.character) == (base, tags, character)


@pytest.mark.parametrize(
    "text,hint",
    [
        ("bikke", "did you mean 'bike'"),
        ("vehicle (tnak)", "did you mean 'tank'"),
        ("infantry (skimmer)", "vehicle (skimmer)"),
    ],
)
def test_unknown_types_suggest(text, hint):
    with pytest.raises(TypeError_) as err:
        parse_type(text)
    assert hint in str(err.value)
