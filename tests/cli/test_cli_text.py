"""Issue 11, CLI text: every command's help has an example and only English, the games GAME
may name are listed, `reference` states its real default output, `--format` is explained,
`info --lang ru` speaks Russian and never prints None, counts have proper plurals."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from sheets.cli import COMMANDS, cli
from sheets.cli.common import units_count
from sheets.core.data import data_path
from sheets.core.game import game_ids
from sheets.core.i18n import use_lang

OTROK = str(data_path("units/dmech/otrok.yaml"))


def _help(*args) -> str:
    result = CliRunner().invoke(cli, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_help_has_an_example_and_no_russian(command):
    text = _help(command)
    assert "Example:" in text and f"sheets {command}" in text.split("Example:")[1]
    assert not re.search("[А-Яа-яЁё]", text), text


def test_calculator_help_is_english():
    for args in (("calc", "dmech", "penetration"), ("calc", "dmech", "facing"), ("calc", "dust", "cover")):
        assert not re.search("[А-Яа-яЁё]", _help(*args)), args


@pytest.mark.parametrize("command", ["reference", "schema", "chart"])
def test_help_lists_the_games(command):
    text = " ".join(_help(command).split())
    assert all(g in text for g in game_ids())


def test_reference_help_states_its_default_output():
    assert "output/<GAME>-reference.pdf" in " ".join(_help("reference").split())


def test_unknown_game_lists_the_known_ones():
    result = CliRunner().invoke(cli, ["schema", "dmek"])
    assert result.exit_code == 2
    assert "did you mean 'dmech'" in result.output and "wh40k6" in result.output


def test_format_option_is_explained():
    assert "printable page" in " ".join(_help("roster").split())


def test_info_in_russian_names_fields_and_prints_no_none():
    result = CliRunner().invoke(cli, ["info", "--lang", "ru", OTROK])
    assert result.exit_code == 0, result.output
    assert "None" not in result.output and "null" not in result.output
    for field in ("класс:", "прочность:", "броня: перед: 8", "оружие:", "пилот:"):
        assert field in result.output, field
    assert "structure:" not in result.output


def test_plurals():
    with use_lang("en"):
        assert [units_count(n) for n in (1, 2)] == ["1 unit", "2 units"]
    with use_lang("ru"):  # the catalogue's three Russian forms (Plural-Forms of the .po)
        assert [units_count(n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)] == [
            "1 отряд",
            "2 отряда",
            "5 отрядов",
            "11 отрядов",
            "12 отрядов",
            "21 отряд",
            "22 отряда",
            "25 отрядов",
            "111 отрядов",
        ]


def test_validate_says_one_unit():
    result = CliRunner().invoke(cli, ["validate", OTROK])
    assert result.exit_code == 0, result.output
    assert "1 unit)" in result.output and "1 units" not in result.output
