"""Rule checks, reported by the loader with file:line:col."""

import pytest

from sheets.core.errors import InputError
from sheets.core.game import Options
from sheets.core.loader import load_file

HEAD = "system: battletech\n{rules}units:\n"


def _unit(body: str, rules: str = "") -> str:
    return HEAD.format(rules=f"rules: {rules}\n" if rules else "") + body


BASE = """  - name: Test
    tons: 5
    walk: 5
    armor: {head: 2, torso: 8, right_arm: 2, left_arm: 2, legs: 6}
    equipment:
      - {item: ER Small Laser, location: right_arm}
"""


def _errors(write, text, **kw):
    with pytest.raises(InputError) as exc:
        load_file(write("unit.yaml", text), **kw)
    return [str(p) for p in exc.value.problems]


def test_valid_unit_loads(write):
    loaded = load_file(write("unit.yaml", _unit(BASE)))
    assert loaded.units[0].tons == 5 and loaded.warnings == []


def test_ultraheavy_is_tw_only(write):
    body = BASE.replace("tons: 5", "tons: 12")
    errors = _errors(write, _unit(body))
    assert any(":4:11:" in e and "12 t" in e and "classic" in e for e in errors)
    assert load_file(write("tw.yaml", _unit(body, "tw"))).units[0].tons == 12


def test_quad_is_tw_only_and_has_no_arms(write):
    body = BASE.replace("walk: 5", "walk: 5\n    motion: quad")
    errors = _errors(write, _unit(body))
    assert any(":6:13:" in e and "quad" in e and "classic" in e for e in errors)
    errors = _errors(write, _unit(body, "tw"))
    assert any(":8:43:" in e and "no arms" in e and "right_arm armour" in e for e in errors)
    assert any(":10:" in e and "cannot go in right_arm" in e for e in errors)


def test_armor_above_maximum(write):
    errors = _errors(write, _unit(BASE.replace("head: 2", "head: 5")))
    assert any(":6:19:" in e and "head armour 5 exceeds the maximum 4" in e for e in errors)


def test_main_gun_armor_without_main_gun(write):
    errors = _errors(write, _unit(BASE.replace("legs: 6}", "legs: 6, main_gun: 3}")))
    assert any(":6:" in e and "main gun armour 3" in e for e in errors)
    load_file(write("zero.yaml", _unit(BASE.replace("legs: 6}", "legs: 6, main_gun: 0}"))))


def test_jump_cap(write):
    errors = _errors(write, _unit(BASE.replace("walk: 5", "walk: 5\n    jump: 6")))
    assert any(":6:11:" in e and "jump 6 exceeds the maximum 5" in e for e in errors)
    ok = BASE.replace("walk: 5", "walk: 5\n    jump: 8\n    jump_jets: extended")
    assert load_file(write("ext.yaml", _unit(ok))).units[0].jump == 8


def test_unknown_item_suggests_a_name(write):
    errors = _errors(write, _unit(BASE.replace("ER Small Laser", "ER Smal Laser")))
    assert any(
        ":8:16:" in e and "unknown item 'ER Smal Laser'" in e and "did you mean 'ER Small Laser'" in e
        for e in errors
    )


def test_ammo_rules(write):
    body = BASE + "      - {item: SRM 2 Ammo, shots: 10, location: torso}\n      - {item: Machine Gun Ammo}\n"
    errors = _errors(write, _unit(body))
    assert any(":9:16:" in e and "carries no weapon that fires it (SRM 2)" in e for e in errors)
    assert any(":9:" in e and "takes no location" in e for e in errors)
    assert any(":10:16:" in e and "needs 'shots:'" in e for e in errors)


def test_weapon_needs_location_and_main_gun_only(write):
    body = BASE + "      - {item: ER Micro Laser}\n      - {item: ProtoMech AC/2, location: torso}\n"
    errors = _errors(write, _unit(body))
    assert any(":9:16:" in e and "ER Micro Laser needs a location" in e for e in errors)
    assert any(":10:" in e and "only be mounted in the main gun" in e for e in errors)


def test_location_limits_are_warnings(write):
    body = (
        BASE
        + "".join("      - {item: Machine Gun, location: torso}\n" for _ in range(3))
        + "      - {item: ER Medium Laser, location: left_arm}\n"
    )
    loaded = load_file(write("unit.yaml", _unit(body)))
    texts = [str(w) for w in loaded.warnings]
    assert any(":11:" in t and "warning: " in t and "torso holds 3 items; the limit is 2" in t for t in texts)
    assert any(":12:" in t and "left_arm carries 1 t; the limit is 0.5 t" in t for t in texts)


def test_schema_ranges_and_enums(write):
    errors = _errors(
        write, _unit(BASE.replace("tons: 5", "tons: 20").replace("walk: 5", "walk: 5\n    motion: bipod"))
    )
    assert any("20 is out of range" in e for e in errors)
    assert any("did you mean 'biped'" in e for e in errors)


def test_command_line_variant_overrides_default(write):
    body = BASE.replace("tons: 5", "tons: 12")
    loaded = load_file(write("unit.yaml", _unit(body)), Options(rules="tw"))
    assert loaded.options.rules == "tw"
