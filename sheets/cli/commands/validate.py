"""``sheets validate``: every problem of every file in one run."""

from __future__ import annotations

import json

import click

from sheets.cli.base import command
from sheets.cli.common import inputs, make_options, units_count, warn
from sheets.cli.options import example_option, inputs_argument, rules_option, strict_option, verbosity
from sheets.cli.specs import GameOptionsCommand, check_game_options, check_rules
from sheets.core.i18n import N_, _


@command(
    cls=GameOptionsCommand,
    game_options_for="validate",
    help=N_(
        "Check files (or folders of them; - is standard input); exit 0 when all are valid, 1 otherwise. "
        "Every problem of every file is listed in one run: the structure, the rules of every unit whose "
        "structure is right, the printable characters and the list's limits.\n\n\b\nExample:\n"
        "  sheets validate my-army.yaml more-units.yaml\n  sheets validate my-units/ --json"
    ),
)
@inputs_argument
@example_option
@rules_option
@strict_option
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help=N_(
        "Print every problem as JSON (a list of {file, line, column, severity, code, message}) on "
        "standard output."
    ),
)
@verbosity
@click.pass_context
def validate(ctx, paths, examples, rules, as_json, **game_options):
    from sheets.api import Problem, check_loaded, distinct
    from sheets.core.errors import InputError
    from sheets.core.loader import load_file

    # a usage error (an option of another game, --rules on a game without variants) comes before
    # any result: the games are known from the files' first lines
    paths = inputs(paths, examples)
    options = make_options(rules=rules, **game_options)
    failed, warnings, games, said = [], [], set(), []  # said: (warning?, line) in file order
    for path in paths:
        try:
            loaded = load_file(path, options)
        except InputError as exc:
            failed.extend(exc.problems)
            continue
        games.add(loaded.game.id)
        warnings.extend(loaded.warnings)
        said.extend((True, str(w)) for w in loaded.warnings)
        # what validates also prints (the font check of render) and keeps list-level rules
        later = check_loaded([loaded])
        if later:
            failed.extend(later)
            continue
        where = _(" in roster") if loaded.is_roster else ""
        said.append(
            (
                False,
                _("{file}: ok ({game}, {units}{where})").format(
                    file=path, game=loaded.game.id, units=units_count(len(loaded.units)), where=where
                ),
            )
        )
    check_game_options(ctx, "validate", games)
    check_rules(ctx, games)
    if as_json:
        # each problem once (a library's is also found through the files naming it)
        rows = [Problem.of(p).as_dict() for p in distinct([*warnings, *failed])]
        click.echo(json_text(rows))
        if any(p.severity == "error" for p in failed):
            raise SystemExit(1)
        return
    for is_warning, line in said:
        if is_warning:
            warn(line)
        else:
            click.echo(line)
    if failed:
        raise InputError(failed)


def json_text(value) -> str:
    """JSON with the words as they are (Russian stays readable). A file name the locale could not
    decode (Python keeps its bytes as lone surrogates) is given as the text its bytes are in UTF-8,
    or, when they are not UTF-8, as escapes: the output is always valid UTF-8 JSON."""
    import re

    def mend(m: re.Match) -> str:
        raw = bytes(ord(c) - 0xDC00 for c in m.group())
        try:
            return json.dumps(raw.decode("utf-8"), ensure_ascii=False)[1:-1]
        except UnicodeDecodeError:
            return "".join(f"\\u{ord(c):04x}" for c in m.group())

    return re.sub("[\udc80-\udcff]+", mend, json.dumps(value, ensure_ascii=False, indent=1))
