"""Every error path the suite exercises, in Russian: the runs of `sheets` that exited 1 (bad
input) or 2 (usage) in this session (noted by tests/conftest.py) are replayed after every other
test with ``--lang ru``; each line they print must be Russian, its machine parts aside (the
``file:line:col``, quoted keys and values, options, paths, names the user types: see
tests/i18n_words.py). A replay whose exit code differs from the original run (state its test had
set up: a patched function, a file changed later) is passed over and counted.

Run alone it has nothing to replay; the suite (``pytest``) or an area (``pytest tests/cli``) feeds
it. Lines left in English on purpose are listed in ``ENGLISH_ON_PURPOSE`` with the reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import conftest
import pytest
from click.testing import CliRunner
from i18n_words import CYRILLIC, english_words

# (pattern of a line, why it stays English)
ENGLISH_ON_PURPOSE: list[tuple[re.Pattern, str]] = [
    (
        re.compile(r"\((?:DTDForbidden|EntitiesForbidden|ExternalReferenceForbidden|NotSupportedError)\)"),
        "the name of defusedxml's refusal (what a user searches for), after the Russian sentence",
    ),
    (
        re.compile(r"(?:XML здесь повреждён \(|недопустимый XML: )[^\u0400-\u04ff]*$"),
        "the XML parser's (expat's) own words about where the file is broken, after the Russian frame",
    ),
    (
        re.compile(r"не удаётся распаковать [^:]+: (?:Error -?\d+ while [^\u0400-\u04ff]*)$"),
        "zlib's own words about the damaged compressed data, after the Russian frame",
    ),
    (
        re.compile(r"ошибка шаблона: (?:в шаблоне не разрешено: )?[^\u0400-\u04ff]*$"),
        "the template engine's (jinja2's) own words about the user's template, or Python's about an "
        "error the template raised (ZeroDivisionError…), after the Russian frame",
    ),
]

MAX_READ = 2 * 1024 * 1024  # bytes of an input file read for its words
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»")
NUMBER = re.compile(r"\d+")
PATH = re.compile(r"(?:^|(?<=\s))[^\s:]*[/\\][^\s:]*")


def shape(line: str) -> str:
    """A message line with its values abstracted (paths, quoted values, numbers): the same
    message about two files counts once."""
    line = re.sub(r"^[^\s]*?:\d+:\d+: ", "FILE:L:C: ", line)
    line = re.sub(r"^[^\s:]+: ", "FILE: ", line)
    return NUMBER.sub("N", QUOTED.sub("'…'", PATH.sub("PATH", line)))


def in_russian(args: list[str]) -> list[str]:
    """``args`` with ``--lang ru`` first and every other valid ``--lang`` value made ``ru`` (an
    invalid one stays: it is the error under test, and SHEETS_LANG gives the language then)."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a == "--":
            out.extend(args[i:])
            break
        if a == "--lang" and i + 1 < len(args) and args[i + 1].strip().lower() in ("en", "ru"):
            out += ["--lang", "ru"]
            i += 2
            continue
        if a.startswith("--lang=") and a.split("=", 1)[1].strip().lower() in ("en", "ru"):
            out.append("--lang=ru")
        else:
            out.append(a)
        i += 1
    return ["--lang", "ru", *out]


def message_lines(args: list[str], stdout: str, stderr: str) -> list[str]:
    """What the user reads: every line of standard error; standard output's lines, or the
    ``message`` of each problem when it is ``--json`` (a calculator's JSON result is data)."""
    lines = stderr.splitlines()
    if "--json" in args or "%PDF" in stdout[:10]:
        try:
            data = json.loads(stdout)
        except ValueError:
            data = None
        if isinstance(data, list):
            lines += [str(p.get("message", "")) for p in data if isinstance(p, dict)]
    else:
        lines += stdout.splitlines()
    return [line for line in (x.strip() for x in lines) if re.search("[A-Za-z\u0400-\u04ff]", line)]


def why_english(line: str) -> str | None:
    for pattern, reason in ENGLISH_ON_PURPOSE:
        if pattern.search(line):
            return reason
    return None


def typed(args: list[str], settings: tuple[str, ...] = ()) -> set[str]:
    """The words the user typed, which a message quotes back as typed: those of the command line,
    of the files it names (their keys, values and unit names) and of the settings files the run
    read (``settings``: their names); a long typed word also as the message shortens it."""
    words = {w.lower() for a in args for w in re.findall(r"[A-Za-z]+", a)}
    words |= {w[:n] for w in list(words) if len(w) > 40 for n in range(20, 81)}
    named = [*args, *settings]
    for a in args:  # a folder given: the files it holds (a few hundred at most)
        try:
            if Path(a).is_dir():
                named += [str(p) for p in sorted(Path(a).rglob("*"))[:300]]
        except (OSError, ValueError):
            continue
    for a in named:
        try:
            path = Path(a)
            if path.is_file() and path.stat().st_size <= MAX_READ:
                words |= {
                    w.lower() for w in re.findall(r"[A-Za-z]+", path.read_bytes().decode("utf-8", "replace"))
                }
        except (OSError, ValueError):
            continue
    return words


def english_in(line: str, allowed: set[str] = frozenset()) -> list[str]:
    """Why ``line`` is not Russian: its English words, or that it has no Russian word at all. A
    typed word the message cut short ("… the Lon…") is the typed word."""
    line = re.sub(
        r"([A-Za-z]+)…",
        lambda m: "…" if any(w.startswith(m.group(1).lower()) for w in allowed) else m.group(0),
        line,
    )
    words = english_words(line, allowed)
    if words:
        return words
    return [] if CYRILLIC.search(line) else ["(no Russian word)"]


@pytest.mark.parametrize(
    "line, ok",
    [
        ("/tmp/x/a.yaml:3:5: неизвестный ключ верхнего уровня 'unitz' (может быть, 'units'?)", True),
        ("Ошибка: Нет такого параметра: '--papr'. (Может быть, одно из: '--card', '--paper'?)", True),
        ("Использование: sheets validate [OPTIONS] PATH...", True),
        ("a.yaml:3:5: отряд 'Roc': armor too high", False),
        ("Error: No such option: '--papr'.", False),
        ("a.yaml: no such file", False),
        ("a.yaml: 'x'", False),
    ],
)
def test_a_line_is_russian_only_without_english_words(line, ok):
    assert (english_in(line) == []) is ok


def test_what_the_user_typed_may_come_back_as_typed():
    line = "Ошибка: ff: это FIFO (именованный канал), а не обычный файл; заменять его нельзя"
    assert english_in(line) == ["ff"]
    assert english_in(line, typed(["render", "roc.yaml", "-o", "ff"])) == []


def test_russian_arguments_replace_a_valid_lang_and_keep_an_invalid_one():
    assert in_russian(["validate", "x.yaml"]) == ["--lang", "ru", "validate", "x.yaml"]
    assert in_russian(["render", "x.yaml", "--lang", "en"]) == [
        "--lang",
        "ru",
        "render",
        "x.yaml",
        "--lang",
        "ru",
    ]
    assert in_russian(["new", "dust", "--lang=EN"]) == ["--lang", "ru", "new", "dust", "--lang=ru"]
    assert in_russian(["new", "dust", "--lang", "xx"]) == ["--lang", "ru", "new", "dust", "--lang", "xx"]
    assert in_russian(["calc", "--", "--lang", "en"]) == ["--lang", "ru", "calc", "--", "--lang", "en"]


def _settings_files(case: dict) -> tuple[str, ...]:
    """The settings files a recorded run read: the working folder's and the one SHEETS_CONFIG names."""
    env = {**case["environ"], **(case["env"] or {})}
    return (
        str(Path(case["cwd"]) / "sheets.toml"),
        *([env["SHEETS_CONFIG"]] if env.get("SHEETS_CONFIG") else []),
    )


@pytest.mark.after_the_suite
def test_every_error_path_of_the_suite_speaks_russian(monkeypatch, capsys):
    from sheets.cli import cli as group

    cases = list(conftest.ERROR_PATHS.values())
    if not cases:
        pytest.skip("no error path ran before this test in this session (it replays the suite's)")
    conftest.RECORDING["on"] = False
    replayed = changed = 0
    checked: dict[str, list] = {}  # message shape -> [line, case]
    wrong: dict[str, tuple] = {}
    on_purpose: dict[str, str] = {}
    try:
        for case in cases:
            with monkeypatch.context() as m:
                for name in [k for k in __import__("os").environ if k.startswith("SHEETS_")]:
                    m.delenv(name)
                for name, value in case["environ"].items():
                    m.setenv(name, value)
                m.setenv("SHEETS_LANG", "ru")
                try:
                    m.chdir(case["cwd"])
                except OSError:
                    changed += 1
                    continue
                args = in_russian(case["args"])
                result = CliRunner().invoke(
                    group, args, input=case["input"], env=case["env"] or None, prog_name="sheets"
                )
            if result.exit_code != case["exit_code"]:
                changed += 1
                continue
            replayed += 1
            stdout = result.stdout_bytes.decode("utf-8", "replace")
            for line in message_lines(args, stdout, result.stderr):
                key = shape(line)
                checked.setdefault(key, [line, case])
                reason = why_english(line)
                if reason:
                    on_purpose.setdefault(key, reason)
                    continue
                bad = english_in(line, typed(args, _settings_files(case)))
                if bad:
                    wrong.setdefault(key, (line, bad, case["test"], case["args"]))
    finally:
        conftest.RECORDING["on"] = True
    with capsys.disabled():
        print(
            f"\nerror paths in Russian: {len(cases)} recorded ({conftest.RECORDING['seen']} runs), "
            f"{replayed} replayed, {changed} passed over (exit code changed), {len(checked)} distinct "
            f"message lines checked, {len(wrong)} with English, {len(on_purpose)} English on purpose"
        )
    report = [
        f"{line!r}\n    English: {', '.join(bad)}\n    from {test} (sheets {' '.join(args)[:160]})"
        for line, bad, test, args in wrong.values()
    ]
    assert not report, f"{len(report)} message line(s) not in Russian:\n" + "\n".join(report[:80])
    assert replayed, "no error path could be replayed"
