"""`sheets calc dmech …` via the click group itself (exit codes 0 / 1 / 2, JSON output)."""

import json

import pytest
from click.testing import CliRunner

from sheets.cli.specs import GameCalcGroup
from sheets.core.data import data_path
from sheets.core.errors import InputError
from sheets.core.game import get_game

calc = GameCalcGroup(get_game("dmech"))

OTROK = str(data_path("units/dmech/otrok.yaml"))


def run(*args):
    return CliRunner().invoke(calc, list(args))


def run_json(*args):
    """The JSON result without the printed words it carries beside its keys ("lang", "words":
    tests/dmech/test_calc_words.py)."""
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out.pop("lang") == "en" and set(out.pop("words")) <= {"faces", "result", "effect"}
    return out


@pytest.mark.parametrize(
    "target, facing, attacker, faces",
    [
        ("0,0", "0", "0,3", ["rear"]),  # §6.4 example 1
        ("0,0", "0", "2,1", ["rear_right"]),  # example 2, A
        ("0,0", "0", "1,2", ["rear"]),  # example 2, B
        ("0,0", "0", "1,1", ["rear_right", "rear"]),  # example 2, C (half hex)
        ("0,0", "0", "4,-2", ["front_right", "rear_right"]),  # example 3
        ("2,-3", "3", "-1,1", ["front_right"]),  # example 4
        ("2,-3", "S", "4,-1", ["front", "front_left"]),  # example 4, facing by name
    ],
)
def test_facing_json(target, facing, attacker, faces):
    assert run_json("facing", "--target", target, "--facing", facing, "--attacker", attacker) == {
        "faces": faces
    }


def test_negative_coordinates_after_the_option():
    assert run_json("facing", "--target", "-2,3", "--facing", "1", "--attacker", "-2,0") == {
        "faces": ["front_left"]
    }


def test_facing_with_unit_gives_the_armour():
    # the sample Отрок: rear 5, rear sides 6
    assert run_json(
        "facing", "--target", "0,0", "--facing", "0", "--attacker", "2,1", "--unit", f"{OTROK}#Отрок"
    ) == {"faces": ["rear_right"], "armor": 6}
    assert run_json(
        "facing", "--target", "0,0", "--facing", "0", "--attacker", "1,1", "--unit", f"{OTROK}#отрок"
    ) == {"faces": ["rear_right", "rear"], "armor": 5}
    # a file with one unit needs no name
    assert run_json("facing", "--target", "0,0", "--facing", "0", "--attacker", "0,-2", "--unit", OTROK) == {
        "faces": ["front"],
        "armor": 8,
    }


def test_facing_human_line():
    result = run(
        "facing", "--target", "0,0", "--facing", "0", "--attacker", "1,1", "--unit", f"{OTROK}#Отрок"
    )
    assert result.exit_code == 0
    # words, not the keys rear_right / rear (issue 20)
    assert result.output == "face: rear-right or rear (half hex: the shooter chooses); armour 5\n"


def test_unknown_unit_name_exits_1_with_did_you_mean():
    result = run("facing", "--target", "0,0", "--facing", "0", "--attacker", "1,1", "--unit", f"{OTROK}#Отрк")
    assert result.exit_code == 1
    assert isinstance(result.exception, InputError)
    assert "did you mean 'Отрок'" in str(result.exception)


def test_infantry_has_no_faces_exit_1():
    path = str(data_path("units/dmech/pilot_on_foot.yaml"))
    result = run("facing", "--target", "0,0", "--facing", "0", "--attacker", "1,1", "--unit", path)
    assert result.exit_code == 1 and "no armour faces" in str(result.exception)


def test_broken_unit_file_exit_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: dmech\nunits:\n  - name: X\n    class: гигант\n", encoding="utf-8")
    result = run("facing", "--target", "0,0", "--facing", "0", "--attacker", "1,1", "--unit", f"{bad}#X")
    assert result.exit_code == 1 and "bad.yaml:4:12:" in str(result.exception)


@pytest.mark.parametrize(
    "args, message",
    [
        (("--target", "1", "--facing", "0", "--attacker", "0,3"), "'1' is not a hex"),
        (("--target", "0,0", "--facing", "7", "--attacker", "0,3"), "'7' is not a facing"),
        (("--target", "0,0", "--facing", "0", "--attacker", "a,b"), "not a hex"),
        (("--target", "0,0", "--facing", "0", "--attacker", "0,0"), "attacker is in the target's hex"),
        (("--target", "0,0", "--facing", "0"), "Missing option '--attacker'"),
    ],
)
def test_facing_bad_values_exit_2(args, message):
    result = run("facing", *args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize(
    "dice, expected",
    [
        ("3,1", {"penetration": 7, "result": "damage"}),  # the seed's example
        ("2,2", {"penetration": 6, "result": "structure"}),
        ("1,1", {"penetration": 5, "result": "none"}),
        ("5,2", {"penetration": 9, "result": "heavy_damage"}),
    ],
)
def test_penetration_json(dice, expected):
    assert run_json("penetration", "--power", "4", "--dice", dice, "--armor", "6") == expected


def test_penetration_human_line():
    result = run("penetration", "--power", "4", "--dice", "3,1", "--armor", "6")
    assert result.exit_code == 0
    assert result.output.startswith("Penetration number 7 against armour 6: Armour + 1 — ")


@pytest.mark.parametrize(
    "args, message",
    [
        (("--power", "4", "--dice", "0,3", "--armor", "6"), "a die shows 1–6, got 0"),
        (("--power", "4", "--dice", "7,3", "--armor", "6"), "a die shows 1–6, got 7"),
        (("--power", "4", "--dice", "3,3,3", "--armor", "6"), "not a roll"),
        (("--power", "-1", "--dice", "3,3", "--armor", "6"), "--power"),
        (("--power", "4", "--dice", "3,3", "--armor", "x"), "--armor"),
    ],
)
def test_penetration_bad_values_exit_2(args, message):
    result = run("penetration", *args)
    assert result.exit_code == 2
    assert message in result.output
