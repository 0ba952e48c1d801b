"""click's own words (usage errors, "Usage:", the help option) and every command's ``--help`` in
Russian with ``--lang ru``, and in English, word for word as before, without it."""

from __future__ import annotations

import re

import click
import pytest
from i18n_words import CYRILLIC, english_words

from sheets.cli import COMMANDS

ROC = "data/units/battletech/roc.yaml"

# (arguments, English error line, Russian error line): each kind of usage error click reports
USAGE_ERRORS = [
    (
        ["render", ROC, "--papr", "a4"],
        "Error: No such option '--papr'. (Did you mean one of: '--card', '--gap', '--paper'?)",
        "Ошибка: Нет такого параметра: '--papr'. (Может быть, одно из: '--card', '--gap', '--paper'?)",
    ),
    (
        ["validate", ROC, "--strictt"],
        "Error: No such option '--strictt'. Did you mean '--strict'?",
        "Ошибка: Нет такого параметра: '--strictt'. Может быть, '--strict'?",
    ),
    (["rendr", ROC], "Error: No such command 'rendr'.", "Ошибка: Нет такой команды: 'rendr'."),
    (["--debug"], "Error: Missing command.", "Ошибка: Не указана команда."),
    (["schema"], "Error: Missing argument 'GAME'.", "Ошибка: Не указан аргумент 'GAME'."),
    (
        ["calc", "dmech", "penetration", "--power", "4", "--armor", "6"],
        "Error: Missing option '--dice'.",
        "Ошибка: Не указан параметр '--dice'.",
    ),
    (
        ["render", ROC, "--paper"],
        "Error: Option '--paper' requires an argument.",
        "Ошибка: Параметру '--paper' нужно значение.",
    ),
    (
        ["validate", "--strict=1", ROC],
        "Error: Option '--strict' does not take a value.",
        "Ошибка: Параметр '--strict' не принимает значения.",
    ),
    (["systems", "extra"], "Error: Got unexpected extra argument (extra)", "Ошибка: Лишний аргумент (extra)"),
    (
        ["systems", "extra", "more"],
        "Error: Got unexpected extra arguments (extra more)",
        "Ошибка: Лишние аргументы (extra more)",
    ),
    (
        ["roster", ROC, "--format", "docx"],
        "Error: Invalid value for '--format': 'docx' is not one of 'pdf', 'png', 'md', 'html', 'bbcode', 'json'.",
        "Ошибка: Неверное значение '--format': 'docx' — не одно из значений 'pdf', 'png', 'md', 'html', "
        "'bbcode', 'json'.",
    ),
    (
        ["chart", "dmech", "facing", "--dpi", "35"],
        "Error: Invalid value for '--dpi': 35 is not in the range 36<=x<=600.",
        "Ошибка: Неверное значение '--dpi': 35 — вне диапазона 36<=x<=600.",
    ),
    (
        ["chart", "dmech", "facing", "--dpi", "many"],
        "Error: Invalid value for '--dpi': 'many' is not a valid integer range.",
        "Ошибка: Неверное значение '--dpi': 'many' — неверное число (integer range).",
    ),
    (
        ["render", ROC, "--paper", "lettr"],
        "Error: Invalid value for '--paper': unknown value 'lettr' (did you mean 'letter'?); expected one of "
        "a4, letter",
        "Ошибка: Неверное значение '--paper': неизвестное значение 'lettr' (может быть, 'letter'?); нужно одно "
        "из значений a4, letter",
    ),
    (
        ["validate", ROC, "--data-dir", "no-such-folder"],
        "Error: Invalid value for '--data-dir': Directory 'no-such-folder' does not exist.",
        "Ошибка: Неверное значение '--data-dir': Папка 'no-such-folder' не существует.",
    ),
]


def usage_error(cli, args, lang=None):
    result = cli(*(["--lang", lang] if lang else []), *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    return lines, next(line for line in lines if line.startswith(("Error:", "Ошибка:")))


@pytest.mark.parametrize(
    "args, english, russian", USAGE_ERRORS, ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else None
)
def test_usage_errors_in_both_languages(cli, args, english, russian):
    lines, line = usage_error(cli, args)
    assert line == english
    usage = lines[0].startswith("Usage: ")
    assert usage == any(x.startswith("Try '") and x.endswith("' for help.") for x in lines)
    lines, line = usage_error(cli, args, "ru")
    assert line == russian
    assert lines[0].startswith("Использование: ") is usage
    assert any(x.startswith("Справка: '") and x.endswith("--help'.") for x in lines) is usage
    assert not [x for x in lines if "Usage" in x or "Error" in x or "Try " in x]


def test_the_usage_error_of_a_command_after_a_russian_one_is_english_again(cli):
    usage_error(cli, ["schema"], "ru")
    assert usage_error(cli, ["schema"])[1] == "Error: Missing argument 'GAME'."


# -- every command's --help ------------------------------------------------------------------
def _walk(group: click.Group, ctx: click.Context, path: tuple[str, ...]):
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None:
            continue
        yield (*path, name)
        if isinstance(cmd, click.Group):
            yield from _walk(cmd, click.Context(cmd, parent=ctx, info_name=name), (*path, name))


def every_command() -> list[tuple[str, ...]]:
    from sheets.cli import cli as root

    return [(), *_walk(root, click.Context(root, info_name="sheets"), ())]


def _help(cli, path, lang=None) -> str:
    result = cli(*path, *(["--lang", lang] if lang else []), "--help")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_walk_reaches_every_command_calculator_and_importer():
    paths = every_command()
    assert all((name,) in paths for name in COMMANDS)
    assert ("calc", "dmech", "penetration") in paths and ("calc", "lnl", "melee") in paths
    assert ("import", "megamek") in paths and ("import", "battlescribe") in paths
    assert len(paths) > len(COMMANDS) + 10


def help_texts(output: str) -> list[str]:
    """The prose of a help page: the description, each option's help (the text right of the
    option column), the epilog; not the usage line, the option names, the examples."""
    out, prose = [], []
    for line in output.splitlines():
        text = line.strip()
        heading = text.endswith(":") and len(text.split()) <= 2 and "[" not in text
        if not text.strip("\b") or text.startswith(("Usage:", "Использование:")) or heading:
            if prose:
                out.append(" ".join(prose))
                prose = []
            continue
        if text.startswith(("sheets ", "cat ")) or re.fullmatch(r"[\w.-]+ = .*|\[\w+\]", text):
            continue  # an example command, a sheets.toml example line
        m = re.match(r"^\s{2}(-\S.*?|[a-z][\w-]*)\s{2,}(\S.*)$", line)
        if m:  # an option or a command and its help
            if prose:
                out.append(" ".join(prose))
            prose = [m.group(2)]
        elif re.match(r"^\s{2}-", line):  # an option whose help starts on the next line
            if prose:
                out.append(" ".join(prose))
            prose = []
        else:
            prose.append(text)
    if prose:
        out.append(" ".join(prose))
    return out


@pytest.mark.parametrize("path", every_command(), ids=lambda p: " ".join(p) or "sheets")
def test_every_help_in_russian(cli, path):
    text = _help(cli, path, "ru")
    assert text.startswith("Использование: ")
    assert "Параметры:" in text and "Options:" not in text
    assert "Показать эту справку и выйти." in text and "Show this message" not in text
    english = [(t, english_words(t)) for t in help_texts(text) if english_words(t) or not CYRILLIC.search(t)]
    assert english == [], text


@pytest.mark.parametrize("path", every_command(), ids=lambda p: " ".join(p) or "sheets")
def test_every_help_in_english_without_a_russian_word(cli, path):
    text = _help(cli, path)
    assert text.startswith("Usage: ") and "Options:" in text and "Show this message and exit." in text
    quoted = re.sub(r"«[^»]*»", "", " ".join(text.split()))  # the Russian rules text quoted
    assert not CYRILLIC.search(quoted), text


def test_the_help_of_a_command_speaks_the_language_it_is_asked_in_one_after_the_other(cli):
    assert "Проверить файлы" in _help(cli, ("validate",), "ru")
    assert "Check files" in _help(cli, ("validate",))
    assert "Проверить файлы" in _help(cli, ("validate",), "ru")


def test_the_help_lists_the_commands_in_russian(cli):
    text = _help(cli, (), "ru")
    assert "Команды:" in text and "Commands:" not in text
    assert re.search(r"^\s+validate\s+Проверить файлы отрядов и ростеры по правилам\.$", text, re.M)
    assert "С чего начать: `sheets serve`" in " ".join(text.split())


def test_a_required_option_and_a_range_in_russian(cli):
    text = " ".join(_help(cli, ("calc", "dmech", "penetration"), "ru").split())
    assert "--power N Мощь оружия. [0–] [обязательно]" in text
    text = " ".join(_help(cli, ("calc", "dmech", "penetration")).split())
    assert "--power N The weapon's Power. [0–] [required]" in text


def test_a_game_option_of_a_shared_command_in_russian(cli):
    text = " ".join(_help(cli, ("render",), "ru").split())
    assert "--tables dmech: Печатать таблицы повреждений" in text
    assert "--bleed MM dust: Вылет под обрез вокруг каждой карточки, в мм. [0–10]" in text
