"""Issue 20: `sheets calc dust cover` prints words, not keys (`dice_revised`), in English or
Russian (`--lang`, the seed's «спас-бросок»); JSON keeps its keys and adds the words."""

import json

import pytest
from click.testing import CliRunner

from sheets.cli import cli
from sheets.core.data import data_path

SAMPLE = str(data_path("units/dust/sample_force.yaml"))
SQUAD = f"{SAMPLE}#Sample Laser Squad"


def run(*args) -> str:
    result = CliRunner().invoke(cli, ["calc", "dust", "cover", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_soft_plus_soft_in_english():
    # the seed: two sources of soft cover give hard cover; the squad has a miss save there,
    # and a miss is 4 of the 6 faces of a classic die
    assert run("--unit", SQUAD, "--cover", "soft+soft", "--hits", "3") == (
        "Sample Laser Squad in hard cover: miss save; 3 dice, each stops a hit with p = 0.667; "
        "expected 2.00 of 3 hits stopped.\n"
        "Classic Dust dice: 2 hit faces / 4 miss faces\n"
    )


def test_soft_plus_soft_in_russian():
    assert run("--unit", SQUAD, "--cover", "soft+soft", "--hits", "3", "--lang", "ru") == (
        "Sample Laser Squad в жёстком укрытии: спас-бросок промахов; кубиков: 3, каждый отменяет "
        "попадание с вероятностью 0,667; в среднем отменено 2,00 из 3.\n"
        "Классические кубики Dust: 2 грани попадания / 4 грани промаха\n"
    )


def test_one_die_is_a_die():
    out = run("--unit", SQUAD, "--cover", "soft", "--hits", "1")
    assert "1 die, each stops a hit with p = 0.333" in out and "of 1 hit stopped" in out


@pytest.mark.parametrize(
    "lang, footer, note",
    [
        (
            "en",
            "Revised Dust dice: hit save = army symbol, miss save = army symbol or shield †",
            "† unverified: check against your rules; the value is editable data",
        ),
        (
            "ru",
            "Новые кубики Dust: спас-бросок попаданий — символ армии, спас-бросок промахов — "
            "символ армии или щит †",
            "† не проверено: сверьте с правилами; значение можно исправить в данных",
        ),
    ],
)
def test_revised_dice_in_words(lang, footer, note):
    out = run("--unit", SQUAD, "--cover", "soft", "--edition", "revised", "--lang", lang)
    assert out.splitlines()[1:] == [footer, note]
    assert "dice_revised" not in out


def test_joined_hero_in_russian():
    out = run("--unit", f"{SAMPLE}#Sample Hero Keller", "--cover", "hard", "--lang", "ru")
    assert out.startswith(
        "Sample Hero Keller (присоединён к отряду Sample Laser Squad, "
        "использует его укрытие) в жёстком укрытии: спас-бросок промахов;"
    )


def test_json_keeps_the_keys_and_adds_the_words():
    out = json.loads(
        run("--unit", SQUAD, "--cover", "soft", "--edition", "revised", "--lang", "ru", "--json")
    )
    assert (out["cover"], out["save"], out["edition_label"]) == ("soft", "hits", "dice_revised")
    assert out["words"] == {
        "cover": "в слабом укрытии",
        "save": "спас-бросок попаданий",
        "edition": "Новые кубики Dust: спас-бросок попаданий — символ армии, "
        "спас-бросок промахов — символ армии или щит †",
    }


def test_bad_language_is_a_usage_error():
    result = CliRunner().invoke(
        cli, ["calc", "dust", "cover", "--unit", SQUAD, "--cover", "soft", "--lang", "de"]
    )
    assert result.exit_code == 2 and "unknown value 'de'; expected one of en, ru" in result.output
