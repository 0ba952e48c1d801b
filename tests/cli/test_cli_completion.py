"""Shell completion offers every game's options and their values, from the specs, through click's
own completion machinery (``_SHEETS_COMPLETE``): the options a game adds to a shared command (they
were left out of ``sheets render x.yaml --<TAB>``: only an option already typed loaded them), every
calculator's inputs, a choice's values, a file or a folder for a path or a unit, the rule
variants of ``--rules``."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.shell_completion import ShellComplete

from sheets.cli import cli
from sheets.core.options import CHOICE, FLAG, PATH, UNIT, UNIT_OR_TEXT


def complete(words: str) -> list[tuple[str, str]]:
    """``(type, value)`` of each completion of ``sheets WORDS`` (the last word being typed)."""
    args = words.split(" ")
    incomplete = args.pop()
    comp = ShellComplete(cli, {}, "sheets", "_SHEETS_COMPLETE")
    return [(item.type, item.value) for item in comp.get_completions(args, incomplete)]


def values(words: str) -> list[str]:
    return [v for _t, v in complete(words)]


GAME_COMMANDS = {
    "render": "x.yaml",
    "validate": "x.yaml",
    "info": "x.yaml",
    "reference": "dust",
    "chart": "dmech facing",
}


def _specs(command):
    from sheets.cli.specs import game_specs

    return [spec for spec, _owners in game_specs(command)]


@pytest.mark.parametrize("command", list(GAME_COMMANDS))
def test_every_games_option_of_a_shared_command_is_offered(command):
    offered = values(f"{command} {GAME_COMMANDS[command]} --")
    for spec in _specs(command):
        assert spec.cli_flag in offered, (command, spec.cli_flag)
    assert "--lang" in offered and "--help" in offered


def test_a_prefix_completes_to_the_games_option():
    assert values("render x.yaml --ca") == ["--card"]
    assert values("render x.yaml --ta") == ["--tables"]
    assert values("render x.yaml --co") == ["--collapse"]


@pytest.mark.parametrize("command", list(GAME_COMMANDS))
def test_every_choice_of_every_game_option_completes_to_its_values(command):
    for spec in _specs(command):
        got = complete(f"{command} {GAME_COMMANDS[command]} {spec.cli_flag} ")
        if spec.type == CHOICE:
            assert [v for _t, v in got] == list(spec.choice_values()), spec.name
        elif spec.type in (PATH, UNIT, UNIT_OR_TEXT):
            assert [t for t, _v in got] == ["dir" if spec.metavar == "DIR" else "file"], spec.name
        elif spec.type != FLAG:
            assert got == [], spec.name


def test_card_sizes_are_every_preset_of_the_data_and_a_prefix_narrows_them():
    from sheets.core.options import card_sizes

    assert values("render x.yaml --card ") == [c.value for c in card_sizes()]
    assert values("render x.yaml --card euro") == ["euromini", "euro"]
    assert "big_square" in values("render x.yaml --card b")


def _calculators():
    from sheets.core.game import all_games, calculator_specs

    return [(g.id, s) for g in all_games() for s in calculator_specs(g)]


@pytest.mark.parametrize("game, spec", _calculators(), ids=lambda v: getattr(v, "name", v))
def test_every_calculators_inputs_and_their_values_are_offered(game, spec):
    offered = values(f"calc {game} {spec.name} --")
    for item in spec.inputs:
        assert item.cli_flag in offered, item.name
        if item.off_flag:
            assert item.off_flag in offered, item.off_flag
    for flag in ("--json", "--lang", "--quiet", "--verbose"):
        assert flag in offered
    for item in spec.inputs:
        if item.type == CHOICE:
            assert values(f"calc {game} {spec.name} {item.cli_flag} ") == list(item.choice_values())
        elif item.type in (UNIT, UNIT_OR_TEXT):
            assert [t for t, _v in complete(f"calc {game} {spec.name} {item.cli_flag} ")] == ["file"]


def test_calculators_and_games_complete():
    assert values("calc ") == ["dmech", "dust", "lnl", "wh40k6"]
    assert values("calc lnl ") == ["melee"]
    assert values("calc dust cover --dice ") == ["classic", "revised"]
    assert values("calc lnl melee --a 2-5-4 --low-odds ") == ["up", "down"]


def test_shared_options_complete_to_their_values():
    assert values("render x.yaml --paper ") == ["a4", "letter"]
    assert values("render x.yaml --lang ") == ["en", "ru"]
    assert values("roster x.yaml --format ") == ["pdf", "png", "md", "html", "bbcode", "json"]
    assert values("render x.yaml --rules ") == ["classic", "tw", "6th", "7th", "hh1", "other"]
    assert values("validate x.yaml --rules t") == ["tw"]


def test_completion_through_the_environment_variable(subprocess_env, tmp_path):
    """The shell's way in: ``_SHEETS_COMPLETE=bash_complete`` with the words typed so far."""
    env = {
        **subprocess_env,
        "_SHEETS_COMPLETE": "bash_complete",
        "COMP_WORDS": "sheets render x.yaml --ca",
        "COMP_CWORD": "3",
        "SHEETS_CONFIG": "",
    }
    out = subprocess.run(
        [sys.executable, "-m", "sheets"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert out.stdout.split() == ["plain,--card"]
    env.update(COMP_WORDS="sheets render x.yaml --card ", COMP_CWORD="4")
    out = subprocess.run(
        [sys.executable, "-m", "sheets"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert out.stdout.split()[:3] == ["plain,poker", "plain,bridge", "plain,mini"]
    env.update(COMP_WORDS="sheets render x.yaml --png ", COMP_CWORD="4")
    out = subprocess.run(
        [sys.executable, "-m", "sheets"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert out.stdout.split() == ["dir,"]
