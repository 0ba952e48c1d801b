"""Shared helper of the language tests: the English words of a line the user reads in Russian.

A Russian message keeps its machine parts as typed: the ``file:line:col`` it starts with, quoted
keys and values ('system:', 'Roc'), options (--lang, -o), paths and file names, commands in
backticks, placeholders, numbers. Those are removed first; any Latin word left that is not an
abbreviation the printouts keep (all capitals: BV, AP, FP, PDF…) nor a name the user types (a game,
a command, a calculator, a rule variant…) is an English word in a Russian line.
"""

from __future__ import annotations

import functools
import re

CYRILLIC = re.compile("[\u0400-\u04ff]")

# names and words kept as they are in Russian text (programs, formats, brands, units)
KEPT = {
    "sheets",
    "python",
    "pip",
    "install",
    "ulimit",
    "jinja2",
    "megamek",
    "megameklab",
    "battlescribe",
    "new",  # New Recruit (a list builder), with the next word
    "recruit",
    "windows",
    "macos",
    "linux",
    "bash",
    "toml",
    "yaml",
    "yml",
    "json",
    "html",
    "bbcode",
    "md",
    "pdf",
    "png",
    "txt",
    "zip",
    "utf",
    "dpi",
    "pt",
    "http",
    "https",
    "localhost",
    "ctrl",
    "ctrl-c",
    "escape",  # keys of the keyboard
    "tab",
    "mono",  # the --mono option's name, printed beside its Russian words
    # product names printed as they are in Russian
    "tactics",
    "tactical",
    "lock",
    "load",
    "protomech",
    "mek",  # MegaMek's names of unit kinds (a .mtf is a Mek), as it writes them
    "protomek",
    "protomechs",
    "shaken",  # Lock 'n Load's term the Russian printouts keep beside «подавленный»
    "stdin",
    "stdout",
    "stderr",
    "true",
    "false",
    "null",
    "none",
    "on",
    "off",
    "poker",
    "letter",
    "en",
    "ru",
}

MACHINE = re.compile(
    r"(?:^|(?<=\s))(?:[^\s:]+:\d+:\d+:)"  # file:line:col:
    r"|'[^']*'"  # quoted values and keys
    r"|\"[^\"]*\""
    r"|`[^`]*`"
    r"|«[^»]*»"  # a quotation (of the rules text: «утраивается для первого раунда Melle»; a mark: «M»)
    r"|\{[^{}]*\}"  # placeholders and templates
    r"|(?<![\w-])--?[A-Za-z][\w-]*(?:=\S*)?"  # options
    r"|[\w.~-]*[/\\][^\s,;:()]*"  # paths
    r"|\b[\w-]+(?:\.[\w-]+)*\.[A-Za-z0-9]{1,6}\b"  # a file name
    r"|(?<![\w])\.[A-Za-z0-9]{1,6}\b"  # a suffix (.blk)
    r"|\b[a-z_]+:[\w+.-]+"  # a value of the form key:value the user types (half:0-2-3)
    r"|\b\w+_\w+\b"  # an identifier (ammo_crate, no_dot)
    r"|\[(?:default|по умолчанию): [^\]]*\]"  # click's default of an option (a flag's name)
    r"|\b[A-Za-z]+\d[\w+-]*|\b\d+[A-Za-z][\w+-]*"  # wh40k6, 2d6, 6th, 4++, U+0416, hh1
    r"|\bU\+[0-9A-F]+\b"
    r"|\((?:integer|float)(?: range)?\)"  # click's name of a number type (not translated by click)
    r"|\b\w+(?:\[\d+\])+(?:\.\w+)*"  # units[2].weapons
    r"|<[^<>]*>"  # <game>
    r"|\[[a-z0-9|]+\]"  # [en|ru]
)
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*(?:-[A-Za-z]+)*")  # hit-location is one name


@functools.cache
def names() -> frozenset[str]:
    """What the user types by name: commands, games, calculators, charts, importers, rule
    variants, starter kinds, card sizes, choices of the options."""
    from sheets.cli import COMMANDS
    from sheets.core.game import all_games

    found = set(COMMANDS)
    for game in all_games():
        found |= {game.id, *game.variants, *game.charts, *getattr(game, "importers", {})}
        try:
            from sheets.core.game import calculator_specs

            for spec in calculator_specs(game):
                found.add(spec.name)
                for item in spec.inputs:
                    if item.type == "choice":
                        found |= {c.value for c in item.choice_list()}
        except Exception:  # a plug-in without calculators
            pass
    try:
        from sheets.core.data import load_data

        found |= set(load_data("common/starters.yaml").get("dmech", {}))
        for table in load_data("common/starters.yaml").values():
            found |= set(table)
    except Exception:
        pass
    try:
        from sheets.core.data import data_root

        found |= set(load_data("common/examples.yaml"))  # the samples by name (--example roc)
        found |= {p.stem for p in (data_root() / "units").glob("*/*.yaml")}
    except Exception:
        pass
    found |= table_names()
    try:  # the choices of every game's unit-file schema (what "expected one of: …" lists)
        from sheets.api import unit_file_schema

        def enums(value) -> None:
            if isinstance(value, dict):
                for k, v in value.items():
                    if k == "enum" and isinstance(v, list):
                        found.update(str(x) for x in v if isinstance(x, str))
                    else:
                        enums(v)
            elif isinstance(value, list):
                for v in value:
                    enums(v)

        for game in all_games():
            enums(unit_file_schema(game.id))
    except Exception:
        pass
    try:
        from sheets.core.options import card_sizes

        found |= {c.value for c in card_sizes()}
    except Exception:
        pass
    return frozenset(str(n).lower() for n in found)


def table_names() -> set[str]:
    """The names the bundled tables define (their keys, every ``name:`` and ``aliases:``: weapons,
    equipment, choices…), which messages list as the user must type them."""
    from sheets.core.data import data_root, load_data

    out: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                out.add(str(k))
                if k in ("name", "aliases") and isinstance(v, (str, list)):
                    out.update(map(str, v if isinstance(v, list) else [v]))
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    root = data_root()
    for path in sorted(root.glob("*/*.yaml")):
        if path.name == "labels.yaml" or path.parent.name in ("units", "starters"):
            continue
        try:
            walk(load_data(f"{path.parent.name}/{path.name}"))
        except Exception:
            continue
    return {w for n in out for w in re.split(r"[^A-Za-z0-9_-]+", n) if w}


def english_words(line: str, allowed: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The English words of ``line`` outside its machine parts (empty: nothing English)."""
    text = MACHINE.sub(" ", line)
    out = []
    for word in WORD.findall(text):
        bare = word.strip("'’")
        if len(bare) < 2 or bare.isupper():  # a letter (side A), an abbreviation (BV, FP, KN)
            continue
        lowered = bare.lower()
        if lowered in KEPT or lowered in allowed or lowered in names():
            continue
        out.append(bare)
    return out


def is_russian(line: str, allowed: frozenset[str] | set[str] = frozenset()) -> bool:
    """A line the user reads in Russian: it has Russian words and no English one."""
    return bool(CYRILLIC.search(line)) and not english_words(line, allowed)
