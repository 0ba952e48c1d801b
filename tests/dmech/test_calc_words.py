"""Issue 20: `sheets calc dmech facing|penetration` print words, not keys (`rear_right`,
`heavy_damage`), in English or Russian (`--lang`); JSON keeps its keys and adds the words."""

import json

import pytest
from click.testing import CliRunner

from sheets.cli import cli
from sheets.core.data import data_path

OTROK = str(data_path("units/dmech/otrok.yaml"))


def run(*args) -> str:
    result = CliRunner().invoke(cli, ["calc", "dmech", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "face: front-right or rear-right (half hex: the shooter chooses)\n"),
        ("ru", "грань: перед-прав. или зад-прав. (половинка гекса: грань выбирает стреляющий)\n"),
    ],
)
def test_facing_on_a_cone_line_in_words(lang, expected):
    out = run("facing", "--target", "0,0", "--facing", "0", "--attacker", "2,-1", "--lang", lang)
    assert out == expected
    assert "rear_right" not in out and "front_right" not in out


def test_facing_defaults_to_english():
    out = run("facing", "--target", "0,0", "--facing", "0", "--attacker", "2,-1")
    assert out.startswith("face: front-right or rear-right")


@pytest.mark.parametrize(
    "lang, expected", [("en", "face: front; armour 8\n"), ("ru", "грань: перед; броня 8\n")]
)
def test_facing_with_the_unit_gives_the_armour_met(lang, expected):
    # straight ahead of the sample Отрок (front armour 8)
    assert (
        run(
            "facing",
            "--target",
            "0,0",
            "--facing",
            "0",
            "--attacker",
            "0,-3",
            "--unit",
            OTROK,
            "--lang",
            lang,
        )
        == expected
    )


def test_facing_json_keeps_the_keys_and_adds_the_words():
    out = json.loads(
        run("facing", "--target", "0,0", "--facing", "0", "--attacker", "2,-1", "--lang", "ru", "--json")
    )
    assert out["faces"] == ["front_right", "rear_right"]
    assert out["words"] == {"faces": ["перед-прав.", "зад-прав."]} and out["lang"] == "ru"


# the seed: «Мощь врановской двухладонки – 4. Прибавляем к большему кубику стрельбы и получаем 7.
# … боковая броня которого равна 6. Мы превысили её на 1 … вычесть 1 прочности и кинуть по
# таблице повреждений»
@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "en",
            "Penetration number 7 against armour 6: Armour + 1 — −1 structure and a roll on the "
            "Damage column.\n",
        ),
        (
            "ru",
            "Число пробития 7 против бронирования 6: Больше на 1 — Вычтите 1 прочность и сделайте "
            "бросок повреждений.\n",
        ),
    ],
)
def test_penetration_of_the_seeds_example_in_words(lang, expected):
    assert run("penetration", "--power", "4", "--dice", "3,1", "--armor", "6", "--lang", lang) == expected


@pytest.mark.parametrize(
    "dice, key, ru",
    [
        ("1,1", "none", "Меньше бронирования"),  # 4 + 1 = 5 < 6
        ("2,1", "structure", "Равно бронированию"),  # 4 + 2 = 6
        ("4,1", "heavy_damage", "Больше на 2+"),  # 4 + 4 = 8
    ],
)
def test_penetration_words_on_each_rung(dice, key, ru):
    text = run("penetration", "--power", "4", "--dice", dice, "--armor", "6", "--lang", "ru")
    assert f": {ru} — " in text and key not in text
    out = json.loads(
        run("penetration", "--power", "4", "--dice", dice, "--armor", "6", "--lang", "ru", "--json")
    )
    assert out["result"] == key and out["words"]["result"] == ru


def test_heavy_damage_is_said_in_words():
    out = run("penetration", "--power", "4", "--dice", "4,1", "--armor", "6")
    assert out == (
        "Penetration number 8 against armour 6: Armour + 2 or more — −1 structure and a "
        "roll on the Heavy damage column.\n"
    )
    assert "heavy_damage" not in out
