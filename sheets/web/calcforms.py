"""The calculators as forms: generated from each game's ``calc`` click group (``Game.calc_cli``),
run in the worker exactly as `sheets calc GAME COMMAND … --json` runs them.

The web layer knows no game: a form field is one click option (its name, kind, choices, default
and help come from the plug-in), a result is the command's JSON. A field whose metavar names a
``FILE`` (``--unit FILE#NAME``, a melee ``SPEC`` that may be ``FILE#Unit``) can take a unit of
the opened files: the page sends ``@N#Unit name`` (N = the index of the opened file) and the
worker writes the opened files, under names it chooses, into a private temporary folder that
lives for this one calculation; ``@N`` becomes that file's path. A client's own path is never
used: an opened file that refers to others (``from:``) is refused for calculators.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from contextlib import redirect_stdout

import click

MAX_FIELD_CHARS = 2000
MAX_VALUES = 50  # values of one repeatable option (a side's counters)
_FILE_REF = re.compile(r"^@(\d{1,3})(#.*)?$", re.S)


def _group(game_id: str):
    from sheets.core.game import UnknownGame, get_game, load_object

    try:
        game = get_game(str(game_id))
    except UnknownGame:
        raise CalcProblem(f"unknown game {str(game_id)[:40]!r}") from None
    return load_object(game.calc_cli) if game.calc_cli else None


def _kind(param) -> str:
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    t = param.type
    if isinstance(t, click.Choice):
        return "choice"
    if isinstance(t, (click.types.IntParamType, click.IntRange)):
        return "int"
    if isinstance(t, (click.types.FloatParamType, click.FloatRange)):
        return "float"
    return "str"


def _plain(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return None  # click's "unset" sentinel and the like


def _default(param) -> object:
    """The value the command gets when the field is left empty (the API's form default: a flag
    without one is off under every click version)."""
    from sheets.api import form_default

    return _plain(form_default(param, "flag" if param.is_flag and not param.multiple else ""))


def describe(game_id: str) -> list[dict]:
    """``[{"name", "help", "fields": [...]}]`` for the game's calculators (empty when none)."""
    group = _group(game_id)
    if group is None:
        return []
    out = []
    for name, cmd in sorted(group.commands.items()):
        fields = []
        for p in cmd.params:
            if not isinstance(p, click.Option) or p.name == "as_json" or p.hidden:
                continue
            meta = p.metavar or ""
            fields.append(
                {
                    "name": p.name,
                    "flag": p.opts[0],
                    "off": p.secondary_opts[0] if p.secondary_opts else None,
                    "kind": _kind(p),
                    "choices": list(p.type.choices) if isinstance(p.type, click.Choice) else None,
                    "required": bool(p.required),
                    "multiple": bool(p.multiple),
                    "default": _default(p),
                    "metavar": meta,
                    "help": p.help or "",
                    "label": _label(p),
                    "takes_file": _takes_file(p),
                    "minimum": getattr(p.type, "min", None),
                    "maximum": getattr(p.type, "max", None),
                }
            )
        out.append({"name": name, "help": (cmd.help or "").split("\n\n")[0].strip(), "fields": fields})
    return out


class CalcProblem(click.UsageError):
    pass


def _argv(cmd, fields: dict, files: list, folder: str | None) -> list[str]:
    """The command line of one calculation from the form's ``{field name: value(s)}``."""
    params = {p.name: p for p in cmd.params if isinstance(p, click.Option)}
    argv = []
    for name, value in fields.items():
        p = params.get(name)
        if p is None or name == "as_json":
            raise CalcProblem(f"unknown field {str(name)[:40]!r}")
        values = value if isinstance(value, list) else [value]
        if len(values) > MAX_VALUES:
            raise CalcProblem(f"{p.opts[0]}: at most {MAX_VALUES} values")
        if p.is_flag:
            if len(values) != 1:
                raise CalcProblem(f"{p.opts[0]}: one value")
            v = values[0]
            on = v is True or str(v).lower() in ("1", "true", "on", "yes")
            off = v is False or str(v).lower() in ("0", "false", "off", "no")
            if on:
                argv.append(p.opts[0])
            elif off and p.secondary_opts:
                argv.append(p.secondary_opts[0])
            elif not (on or off or v in (None, "")):
                raise CalcProblem(f"{p.opts[0]}: expected on or off")
            continue
        for v in values:
            if v is None or str(v).strip() == "":
                continue
            text = str(v)
            if len(text) > MAX_FIELD_CHARS:
                raise CalcProblem(f"{p.opts[0]}: too long")
            if _takes_file(p):
                text = _file_ref(text, files, folder)
            argv += [p.opts[0], text]
    return argv


def _label(param) -> str:
    """A field's words for a player: its help's first clause (never the ``--flag``)."""
    import re

    text = re.split(r"[.;(]|, (?:e\.g\.|default)", (param.help or "").strip(), maxsplit=1)[0].strip(" :,")
    if len(text) > 40 and ":" in text:  # "Side A's counters: 2-5-4, 2-5-4M, …" (examples follow)
        text = text.split(":", 1)[0].strip()
    if not text:
        text = param.name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _in_words(cmd, message: str) -> str:
    """A command's refusal with each option named by its field's label (never ``--flag``)."""
    import re

    params = [p for p in cmd.params if isinstance(p, click.Option)]
    flags = sorted(
        ((o, _label(p)) for p in params for o in [*p.opts, *p.secondary_opts]), key=lambda x: -len(x[0])
    )
    for flag, label in flags:
        message = re.sub(rf"(['\"]?){re.escape(flag)}(?![\w-])\1", f"'{label}'", message)
    return message


def _takes_file(param) -> bool:
    meta = (param.metavar or "").upper()
    return "FILE" in meta or "SPEC" in meta


def _file_ref(text: str, files: list, folder: str | None) -> str:
    """``@N#Name`` → the path of opened file N in the private folder. Anything else is given
    as it is only when it cannot name a file outside that (empty but for the opened files)
    folder, which is the working folder while the command runs: no ``/``, ``\\``, ``~`` or a
    name starting with ``.``."""
    m = _FILE_REF.match(text.strip())
    if not m:
        head = text.strip().split("#", 1)[0]
        if any(c in head for c in "/\\") or head.startswith(("~", ".")):
            raise CalcProblem(
                f"{text[:40]!r}: a file here is one of the opened files (pick a "
                f"unit from the list: @N#Name), never a path"
            )
        return text
    index = int(m.group(1))
    if folder is None or not 0 <= index < len(files):
        raise CalcProblem(f"{text[:40]!r}: no opened file number {index}")
    return os.path.join(folder, _disk_name(index, files[index][0])) + (m.group(2) or "")


def _disk_name(index: int, name: str) -> str:
    suffix = os.path.splitext(name)[1].lower()
    if not re.fullmatch(r"\.[a-z0-9]{1,5}", suffix):
        suffix = ".yaml"
    return f"file{index}{suffix}"


def run(game_id: str, command: str, fields: dict, files: list) -> dict:
    from sheets.core.errors import InputError, Problem

    group = _group(game_id)
    cmd = group.commands.get(command) if group is not None else None
    if cmd is None:
        raise CalcProblem(f"no calculator {str(command)[:40]!r} for {game_id}")
    used = {
        int(m.group(1))
        for vs in fields.values()
        for v in (vs if isinstance(vs, list) else [vs])
        if (m := _FILE_REF.match(str(v).strip()))
    }
    tmp = tempfile.TemporaryDirectory(prefix="sheets-serve-")
    folder = tmp.name
    here = os.getcwd()
    try:
        for i in sorted(used):
            if 0 <= i < len(files):
                name, data = files[i]
                with open(os.path.join(folder, _disk_name(i, name)), "wb") as fh:
                    fh.write(_flattened(name, data, files))
        try:
            argv = _argv(cmd, fields, files, folder)
        except click.ClickException as exc:
            raise CalcProblem(_in_words(cmd, exc.format_message())) from None
        out, words = io.StringIO(), io.StringIO()
        os.chdir(folder)  # a bare name in a field names nothing but the opened files
        try:
            prog = f"sheets calc {game_id} {command}"
            with redirect_stdout(out):
                cmd.main(args=[*argv, "--json"], prog_name=prog, standalone_mode=False)
            with redirect_stdout(words):  # what the command prints for a player: sentences, tables
                cmd.main(args=argv, prog_name=prog, standalone_mode=False)
        except click.ClickException as exc:  # a refused value: named by its field's words
            raise CalcProblem(_in_words(cmd, exc.format_message())) from None
        except InputError as exc:
            # every path of the private folder is told as the opened file's own name: the report's
            # path and a position's own file (which would show the server's temporary folder)
            names = {os.path.join(folder, _disk_name(i, n)): n for i, (n, _) in enumerate(files)}
            raise InputError(
                [
                    Problem(names.get(p.path, p.path), _told(p.pos, names), p.message, p.severity)
                    for p in exc.problems
                ]
            ) from None
    finally:
        os.chdir(here)
        tmp.cleanup()
    import json

    text = out.getvalue().strip()
    said = words.getvalue().strip()[:20000]
    try:
        return {"result": json.loads(text), "text": said}
    except ValueError:
        return {"result": None, "text": said or text[:20000]}


def _told(pos, names: dict):
    """``pos`` with its own file (set where it differs from the report's) as the opened file's name."""
    if pos is None or not pos.file:
        return pos
    from dataclasses import replace

    return replace(pos, file=names.get(pos.file, pos.file))


def _flattened(name: str, data: bytes, files: list) -> bytes:
    """An opened file as the calculator may read it from the private folder: one that refers to
    other files (``from:`` in any unit entry) is refused, so the calculator's loader never
    follows a path the client wrote (open the referenced file itself and pick the unit there).
    A file that does not parse is left to the command, which reports it without reading more."""
    from sheets.core.errors import InputError, Pos, Problem
    from sheets.core.yamlio import YMap, parse_yaml

    if os.path.splitext(name)[1].lower() not in (".yaml", ".yml", ""):
        return data  # another tool's format (.blk, .ros, .rosz) has no references
    try:
        doc = parse_yaml(data.decode("utf-8"), name)
    except (InputError, UnicodeDecodeError):
        return data
    units = doc.get("units") if isinstance(doc, YMap) else None
    for i, entry in enumerate(units if isinstance(units, list) else []):
        if isinstance(entry, YMap) and "from" in entry:
            pos = entry.pos_of("from") or units.pos_of(i)
            raise InputError(
                [
                    Problem(
                        name,
                        pos if isinstance(pos, Pos) else None,
                        "a calculator takes units written in the file; this one "
                        "refers to another file with 'from:' (open that file and "
                        "pick the unit there)",
                    )
                ]
            )
    return data
