"""The language of the messages: ``--lang`` (before the command, after it, anywhere), then
``SHEETS_LANG``, then ``lang`` in sheets.toml (the command's own section over the top level),
then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first one set decides, as POSIX has
it), else English. Each source beats the next; a value the tool has no language for is passed
over. ``sheets config`` says which source decided."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

MISSING_EN = "missing.yaml: no such file"
MISSING_RU = "missing.yaml: нет такого файла"


@pytest.fixture
def settings(tmp_path, monkeypatch):
    """settings('lang = "ru"') -> the path of a sheets.toml read by every command (SHEETS_CONFIG)."""

    def make(text: str):
        path = tmp_path / "sheets.toml"
        path.write_text(text, encoding="utf-8")
        monkeypatch.setenv("SHEETS_CONFIG", str(path))
        return path

    return make


def said(result) -> str:
    return result.stderr + result.stdout


def language_of(cli, *args) -> str:
    """'en' or 'ru': the language `sheets validate missing.yaml` spoke in."""
    result = cli(*args)
    assert result.exit_code == 1, said(result)
    if MISSING_RU in result.stderr:
        return "ru"
    assert MISSING_EN in result.stderr, result.stderr
    return "en"


def config_line(cli, *args) -> str:
    result = cli(*args, "config")
    assert result.exit_code == 0, said(result)
    return result.stdout.splitlines()[0]


# -- each source alone -----------------------------------------------------------------------
def test_with_no_source_the_messages_are_english(cli):
    assert language_of(cli, "validate", "missing.yaml") == "en"
    assert config_line(cli) == (
        "language: en (chosen by the default: no --lang, SHEETS_LANG, settings file or Russian locale)"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "ru", "validate", "missing.yaml"],
        ["validate", "missing.yaml", "--lang", "ru"],
        ["validate", "--lang", "ru", "missing.yaml"],
        ["validate", "missing.yaml", "--lang=ru"],
        ["--lang=ru", "validate", "missing.yaml"],
        ["--lang", "RU", "validate", "missing.yaml"],
    ],
    ids=["before", "after", "between", "equals-after", "equals-before", "capitals"],
)
def test_lang_anywhere_on_the_command_line(cli, args):
    assert language_of(cli, *args) == "ru"


def test_the_last_lang_of_the_command_line_wins(cli):
    assert language_of(cli, "--lang", "ru", "validate", "missing.yaml", "--lang", "en") == "en"
    assert language_of(cli, "--lang", "en", "validate", "missing.yaml", "--lang", "ru") == "ru"


def test_lang_after_a_double_dash_is_a_file_name_not_the_language(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("validate", "--", "--lang", "ru")
    assert result.exit_code == 1
    assert "--lang: no such file" in result.stderr and "ru: no such file" in result.stderr


def test_sheets_lang(cli, monkeypatch):
    monkeypatch.setenv("SHEETS_LANG", "ru")
    assert language_of(cli, "validate", "missing.yaml") == "ru"
    assert config_line(cli) == "язык: ru (откуда выбран: SHEETS_LANG)"


def test_lang_in_the_settings_file(cli, settings):
    path = settings('lang = "ru"\n')
    assert language_of(cli, "validate", "missing.yaml") == "ru"
    assert config_line(cli) == f"язык: ru (откуда выбран: {path})"


def test_the_commands_own_section_of_the_settings_file(cli, settings):
    settings('lang = "en"\n[validate]\nlang = "ru"\n')
    assert language_of(cli, "validate", "missing.yaml") == "ru"
    assert cli("info", "missing.yaml").stderr.strip() == MISSING_EN  # the top level for info


def locale_run(subprocess_env, tmp_path, **variables):
    env = {
        k: v for k, v in subprocess_env.items() if k not in ("SHEETS_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    env.update(variables)
    env["SHEETS_CONFIG"] = ""
    done = subprocess.run(
        [sys.executable, "-m", "sheets", "validate", "missing.yaml"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    text = done.stderr.decode("utf-8")
    assert "Traceback" not in text
    return "ru" if MISSING_RU in text else "en" if MISSING_EN in text else text


@pytest.mark.parametrize(
    "variables, lang",
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_UA.KOI8-U"}, "ru"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # a language without a catalogue: English
        ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),  # LC_ALL before LANG
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),  # LC_MESSAGES before LANG
        ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),  # an empty variable is not set
    ],
    ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) if isinstance(v, dict) else v,
)
def test_the_locale_in_a_child_process(subprocess_env, tmp_path, variables, lang):
    assert locale_run(subprocess_env, tmp_path, **variables) == lang


def test_sheets_config_names_the_locale_variable(cli, monkeypatch):
    monkeypatch.setenv("LC_MESSAGES", "ru_RU.UTF-8")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert config_line(cli) == "язык: ru (откуда выбран: LC_MESSAGES=ru_RU.UTF-8)"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert config_line(cli) == "language: en (chosen by LC_ALL=de_DE.UTF-8)"


# -- the order ---------------------------------------------------------------------------------
def test_lang_beats_sheets_lang(cli, monkeypatch):
    monkeypatch.setenv("SHEETS_LANG", "ru")
    assert language_of(cli, "validate", "missing.yaml", "--lang", "en") == "en"
    assert config_line(cli, "--lang", "en") == "language: en (chosen by --lang)"
    monkeypatch.setenv("SHEETS_LANG", "en")
    assert language_of(cli, "validate", "missing.yaml", "--lang", "ru") == "ru"


def test_sheets_lang_beats_the_settings_file(cli, monkeypatch, settings):
    settings('lang = "ru"\n')
    monkeypatch.setenv("SHEETS_LANG", "en")
    assert language_of(cli, "validate", "missing.yaml") == "en"
    assert config_line(cli) == "language: en (chosen by SHEETS_LANG)"
    settings('lang = "en"\n')
    monkeypatch.setenv("SHEETS_LANG", "ru")
    assert language_of(cli, "validate", "missing.yaml") == "ru"


def test_the_settings_file_beats_the_locale(cli, monkeypatch, settings):
    path = settings('lang = "en"\n')
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert language_of(cli, "validate", "missing.yaml") == "en"
    assert config_line(cli) == f"language: en (chosen by {path})"
    settings('lang = "ru"\n')
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert language_of(cli, "validate", "missing.yaml") == "ru"


def test_the_locale_beats_the_default(cli, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert language_of(cli, "validate", "missing.yaml") == "ru"


def test_an_unknown_sheets_lang_falls_through_to_the_settings_file(cli, monkeypatch, settings):
    path = settings('lang = "ru"\n')
    monkeypatch.setenv("SHEETS_LANG", "klingon")
    assert language_of(cli, "validate", "missing.yaml") == "ru"
    assert config_line(cli) == f"язык: ru (откуда выбран: {path})"


def test_an_unknown_lang_in_the_settings_file_is_refused_in_the_language_of_the_locale(
    cli, monkeypatch, settings
):
    """The language falls through to the next source; the setting itself is then refused at its
    place in the file (a settings file is input: exit 1, issue 31), in the language decided."""
    path = settings('lang = "fr"\n')
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    result = cli("validate", "missing.yaml")
    assert result.exit_code == 1
    assert "sheets.toml:1:8: lang: неизвестное значение 'fr'; нужно одно из значений en, ru" in result.stderr
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    result = cli("validate", "missing.yaml")
    assert result.exit_code == 1
    assert "sheets.toml:1:8: lang: unknown value 'fr'; expected one of en, ru" in result.stderr
    assert path.is_file() and "missing.yaml" not in result.stderr  # the settings are judged first


def test_an_unknown_lang_option_is_refused_in_the_language_of_the_next_source(cli, monkeypatch):
    monkeypatch.setenv("SHEETS_LANG", "ru")
    result = cli("validate", "missing.yaml", "--lang", "xx")
    assert result.exit_code == 2
    assert "Ошибка: Неверное значение '--lang': неизвестное значение 'xx'; нужно одно из значений en, ru" in (
        result.stderr
    )
    monkeypatch.delenv("SHEETS_LANG")
    result = cli("validate", "missing.yaml", "--lang", "xx")
    assert result.exit_code == 2
    assert "Error: Invalid value for '--lang': unknown value 'xx'; expected one of en, ru" in result.stderr


def test_sheets_config_json_gives_the_language_and_its_source(cli, monkeypatch):
    monkeypatch.setenv("SHEETS_LANG", "ru")
    result = cli("config", "--json")
    assert json.loads(result.stdout)["lang"] == {"value": "ru", "source": "SHEETS_LANG"}
    result = cli("--lang", "en", "config", "--json")
    assert json.loads(result.stdout)["lang"] == {"value": "en", "source": "--lang"}


def test_the_language_of_one_command_does_not_stay_for_the_next(cli):
    """In one process (the page's worker, a test run) a Russian command leaves English after it."""
    assert language_of(cli, "--lang", "ru", "validate", "missing.yaml") == "ru"
    assert language_of(cli, "validate", "missing.yaml") == "en"
    from sheets.core.i18n import current_lang

    assert current_lang() == "en"
