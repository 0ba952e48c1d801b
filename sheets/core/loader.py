"""Read unit files and rosters (the format all games share) into game unit models.

A file is::

    system: <game id>
    rules: <variant>            # optional (battletech: classic | tw)
    roster: {name: ..., limit: N}   # optional: makes the file an army list
    units:
      - {...}                   # a unit written inline
      - {from: other.yaml, name: Unit Name, pilot: {...}}   # a reference + overrides

``from`` paths are relative to the file that names them (absolute paths, ``~`` and ``..`` are
allowed: rosters often live next to a unit folder); what they may open is restricted instead:
a regular file (never a FIFO or device) whose real name ends in ``.yaml``/``.yml``, read with the
same size cap as any unit file, at most ``MAX_FILES`` files and ``MAX_REFERENCES`` references. Every problem in every file is
collected and raised together as one :class:`InputError` (at most ``MAX_PROBLEMS_PER_FILE`` per
file). A file holds at most ``MAX_UNITS`` units and ``MAX_REFERENCES`` references.
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sheets.core.errors import InputError, KeyPath, Pos, Problem, Problems, RuleIssue, did_you_mean, short
from sheets.core.fsio import os_reason
from sheets.core.game import Game, Options, UnknownGame, game_ids, get_game
from sheets.core.i18n import _
from sheets.core.schema import INVALID, Int, Obj, Str, check_budget, locate
from sheets.core.yamlio import YMap, YSeq, load_yaml

MAX_REF_DEPTH = 8
MAX_UNITS = 500  # units in one file (a roster of a whole army is well below)
MAX_REFERENCES = 2000  # ``from:`` references followed while loading one file
MAX_FILES = 100  # distinct files pulled in by ``from:``
REFERENCE_SUFFIXES = (".yaml", ".yml")  # ``from:`` opens unit files only, never e.g. /etc/passwd


@dataclass
class Loaded:
    path: str
    game: Game
    options: Options
    units: list[Any]
    # what later messages need of each unit's YAML, not the whole mapping with every position
    # (that was ~85 % of a loaded unit's memory): {path: Pos} of the unit's printed texts
    # (``Game.text_fields``, for the font check) and ``()`` -> the unit's own position
    entries: list[dict[KeyPath, Pos | None]]
    roster: dict[str, Any] | None = None  # {"name": str, "limit": number | None} when the file is a roster
    warnings: list[Problem] = field(default_factory=list)
    # where the roster's texts were written: {"name"|"notes"|"side": [(text, Pos)]} (an import
    # gives the places of the pieces it joined), for a message about one of their characters
    roster_pos: dict[str, list[tuple[str, Pos | None]]] = field(default_factory=dict)

    @property
    def is_roster(self) -> bool:
        return self.roster is not None

    def position(self, index: int, path: Iterable[str | int]) -> Pos | None:
        """Where a printed text of unit ``index`` (a ``Game.text_fields`` path) was written."""
        where = self.entries[index]
        return where.get(tuple(path), where[()])


def _roster_spec() -> Obj:
    return Obj(
        title="roster",
        fields={
            "name": Str(default="", description="army list name"),
            "limit": Int(min=0, max=10_000_000, default=None, description="points/BV/AP limit"),
            "notes": Str(default="", max_len=2000),
            "side": Str(default="", max_len=80, description="the side or nationality (e.g. US)"),
        },
    )


def _unknown_system(problems: Problems, value: object, pos: Pos | None) -> None:
    hint = did_you_mean(str(value), game_ids()) if isinstance(value, str) else ""
    problems.error(
        pos,
        _("unknown system {value}{hint}; known: {games}").format(
            value=short(value), hint=hint, games=", ".join(game_ids())
        ),
        code="unknown-system",
    )


class _Reader:
    def __init__(self) -> None:
        self.cache: dict[str, Any] = {}
        self.references = 0

    def read(self, path: str) -> Any:
        key = os.path.realpath(path)
        if key not in self.cache:
            if len(self.cache) > MAX_FILES:
                raise InputError([_too_many_files(path)])
            self.cache[key] = load_yaml(path)
        return self.cache[key]

    def reference_problem(self, ref: str, base: str) -> tuple[str | None, str | None]:
        """``(path, None)`` for an acceptable ``from:`` value, ``(None, message)`` otherwise."""
        if any(ord(c) < 32 or c == "\x7f" for c in ref):
            return None, _("'from' must be a file path (it contains control characters)")
        if len(ref) > 1000:
            return None, _("'from' is too long for a file path")
        target = os.path.join(os.path.dirname(base), os.path.expanduser(ref))
        if os.path.splitext(os.path.realpath(target))[1].lower() not in REFERENCE_SUFFIXES:
            return None, _(
                "'from' names a unit file ending in .yaml or .yml; {value} does not (after following links)"
            ).format(value=short(ref))
        return target, None


class _MemoryReader(_Reader):
    """``from:`` among named in-memory files only (:func:`load_source`): a name is resolved
    relative to the naming file's name (``/``-separated, ``..`` allowed) and must be one of the
    given files; the file system is never touched."""

    def __init__(self, sources: dict[str, bytes]) -> None:
        super().__init__()
        self.sources = sources
        self.used: set[str] = set()  # names read through ``from:``

    def read(self, path: str) -> Any:
        if path not in self.cache:
            if len(self.cache) > MAX_FILES:
                raise InputError([_too_many_files(path)])
            from sheets.core.yamlio import decode_text, parse_yaml

            self.cache[path] = parse_yaml(decode_text(self.sources[path], path), path)
        return self.cache[path]

    def reference_problem(self, ref: str, base: str) -> tuple[str | None, str | None]:
        if any(ord(c) < 32 or c == "\x7f" for c in ref):
            return None, _("'from' must be a file path (it contains control characters)")
        if len(ref) > 1000:
            return None, _("'from' is too long for a file path")
        target = memory_name(ref, base)
        if os.path.splitext(target)[1].lower() not in REFERENCE_SUFFIXES:
            return None, _("'from' names a unit file ending in .yaml or .yml; {value} does not").format(
                value=short(ref)
            )
        if target not in self.sources:
            known = [
                n for n in self.sources if n != base and os.path.splitext(n)[1].lower() in REFERENCE_SUFFIXES
            ]
            return None, _(
                "{value} is not one of the opened files (a 'from:' resolves only among them){hint}"
            ).format(value=short(ref), hint=did_you_mean(target, known))
        self.used.add(target)
        return target, None


def _too_many_files(path: str) -> Problem:
    return Problem(
        path,
        None,
        _("too many files referenced (limit {limit})").format(limit=MAX_FILES),
        code="too-many-files",
    )


def memory_name(ref: str, base: str) -> str:
    """The name ``ref`` (a ``from:`` value) means among in-memory files, relative to ``base``."""
    import posixpath

    ref = ref.replace("\\", "/")
    joined = ref if ref.startswith("/") else posixpath.join(posixpath.dirname(base.replace("\\", "/")), ref)
    return posixpath.normpath(joined).lstrip("/") if joined else joined


def load_source(
    name: str,
    data: bytes,
    sources: dict[str, bytes],
    options: Options | None = None,
    expect_game: str | None = None,
) -> tuple[Loaded, set[str]]:
    """Load one in-memory file (``data``, called ``name``) like :func:`load_file` loads a path;
    its ``from:`` references resolve only among ``sources`` (name -> bytes). Another tool's
    format is converted from the bytes (``Game.file_formats``). Returns the loaded file and the
    names its references read."""
    convert = _foreign_reader(name)
    if convert is not None:
        # a converter that reads other files (a MegaMek force: its units' .blk files) is given
        # the sources to find them among, and says which it used (``mapping.used``)
        if getattr(convert, "reads_sources", False):
            mapping = convert(name, data, sources={**sources, name: data})
        else:
            mapping = convert(name, data)
        return _converted(mapping, name, options, expect_game), set(getattr(mapping, "used", ()))
    reader = _MemoryReader({**sources, name: data})
    return _load(name, options, expect_game, None, reader), reader.used


FOREIGN_SUFFIXES_SKIP = (".yaml", ".yml")
STDIN_NAME = "<stdin>"  # what messages call a unit file read from standard input (``-``)


def _stdin_text() -> str:
    """Standard input as a unit file's text (the same size cap and UTF-8 check as a file);
    its ``from:`` paths are relative to the working folder."""
    import sys

    from sheets.core.fsio import note_stream
    from sheets.core.yamlio import MAX_BYTES, decode_text

    if sys.stdin is None:  # started with standard input closed (`<&-`)
        raise InputError(
            [Problem(STDIN_NAME, None, _("cannot read standard input: it is closed"), code="stdin-closed")]
        )
    # a file redirected to it is an input: no output may replace it
    note_stream(sys.stdin, _("standard input"))
    stream = getattr(sys.stdin, "buffer", None)
    try:
        data = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1).encode()
    except (OSError, ValueError) as exc:  # closed underneath (EBADF), a directory (EISDIR)…
        reason = os_reason(exc)
        raise InputError(
            [
                Problem(
                    STDIN_NAME,
                    None,
                    _("cannot read standard input: {reason}").format(reason=reason),
                    code="stdin-unreadable",
                )
            ]
        ) from None
    if len(data) > MAX_BYTES:
        raise InputError(
            [
                Problem(
                    STDIN_NAME,
                    None,
                    _("file too large (limit {limit} bytes)").format(limit=MAX_BYTES),
                    code="too-large",
                )
            ]
        )
    if not data:
        raise InputError([Problem(STDIN_NAME, None, _("standard input is empty"), code="empty-input")])
    return decode_text(data, STDIN_NAME)


def _foreign_reader(path: str) -> Callable[..., Any] | None:
    """The converter of another tool's file format (``Game.file_formats``, by suffix), if any."""
    suffix = Path(path).suffix.lower()
    if not suffix or suffix in FOREIGN_SUFFIXES_SKIP:
        return None
    from sheets.core.game import all_games, load_object

    for game in all_games():
        target = (getattr(game, "file_formats", None) or {}).get(suffix)
        if target:
            converter: Callable[..., Any] = load_object(target)
            return converter
    return None


def load_file(
    path: str | os.PathLike[str], options: Options | None = None, expect_game: str | None = None
) -> Loaded:
    """Load a unit file or roster; another tool's file (e.g. a BattleScribe ``.ros``) is imported
    in memory first when a game declares its suffix in ``Game.file_formats``."""
    path = str(path)
    if path == "-":
        return _load(STDIN_NAME, options, expect_game, _stdin_text())
    from sheets.core.fsio import note_input

    note_input(path)  # whatever reads it, no output of this command may replace it
    convert = _foreign_reader(path)
    if convert is not None:
        # a converter that reads other files of the file system (a MegaMek force: its units'
        # .blk files, in the folder ``--units`` names) is given the command's options
        mapping = (
            convert(path, options=options) if getattr(convert, "takes_options", False) else convert(path)
        )
        return _converted(mapping, path, options, expect_game)
    return _load(path, options, expect_game, None)


def _converted(
    mapping: Mapping[str, Any], path: str, options: Options | None, expect_game: str | None
) -> Loaded:
    """:func:`load_mapping` of a converter's result, with the converter's own warnings (a
    mapping may carry them as ``.warnings``, e.g. the units a MegaMek force left out)."""
    loaded = load_mapping(dict(mapping), path, options, expect_game)
    loaded.warnings = list(getattr(mapping, "warnings", ())) + loaded.warnings
    loaded.roster_pos = dict(getattr(mapping, "positions", None) or {})
    return loaded


def load_mapping(
    mapping: dict[str, Any], path: str, options: Options | None = None, expect_game: str | None = None
) -> Loaded:
    """Check an in-memory unit-file mapping (an import) exactly like a file. Problems name
    ``path`` without a line: the positions of the intermediate YAML mean nothing to the user."""
    import yaml

    # non-ASCII escaped: the same values; libyaml's emitter where PyYAML has it (a roster's
    # rule texts through the pure-Python one took seconds per megabyte)
    text = yaml.dump(mapping, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False)
    try:
        loaded = _load(path, options, expect_game, text)
    except InputError as exc:
        raise InputError(
            [Problem(p.path, None, p.message, p.severity, p.code) for p in exc.problems]
        ) from None
    loaded.warnings = [Problem(p.path, None, p.message, p.severity, p.code) for p in loaded.warnings]
    return loaded


_P = ParamSpec("_P")
_R = TypeVar("_R")


def gc_paused(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``fn`` with the cyclic garbage collector off. Parsing and checking one file (capped:
    ``MAX_BYTES``, ``MAX_UNITS``) allocates hundreds of thousands of short-lived objects; with
    the collector on they survive young collections and count as long-lived, so each file of a
    batch set off a full collection walking every unit loaded before it (loading 10,000 units in
    20 files was quadratic: ~1.8 s of collections in the last file alone). Off, the parse tree
    is freed by reference counting and only the units kept count; the few cycles (the parser
    itself) are collected after."""

    @functools.wraps(fn)
    def paused(*args: _P.args, **kw: _P.kwargs) -> _R:
        if not gc.isenabled():
            return fn(*args, **kw)
        gc.disable()
        try:
            return fn(*args, **kw)
        finally:
            gc.enable()

    return paused


@gc_paused
def _load(
    path: str,
    options: Options | None,
    expect_game: str | None,
    text: str | None,
    reader: _Reader | None = None,
) -> Loaded:
    options = options or Options()
    reader = reader or _Reader()
    if text is None:
        doc = reader.read(path)
    else:
        from sheets.core.yamlio import parse_yaml

        doc = parse_yaml(text, path)
    problems = Problems(path)
    _reading_warnings(problems, doc)
    if not isinstance(doc, YMap):
        raise InputError(
            [
                Problem(
                    path,
                    getattr(doc, "pos", Pos(1, 1)),
                    _("expected a mapping with 'system:' and 'units:'"),
                    code="not-a-unit-file",
                )
            ]
        )
    for key in doc:
        if key not in ("system", "rules", "roster", "units"):
            hint = (
                did_you_mean(str(key), ["system", "rules", "roster", "units"]) if isinstance(key, str) else ""
            )
            problems.error(
                doc.key_pos_of(key),
                _("unknown top-level key {key}{hint}").format(key=short(key), hint=hint),
                code="unknown-key",
            )
    system = doc.get("system")
    if system is None:
        problems.error(
            doc.pos,
            _("missing 'system:' (one of: {games})").format(games=", ".join(game_ids())),
            code="missing-key",
        )
        raise InputError(problems.all)
    try:
        if not isinstance(system, str):
            raise UnknownGame(short(system))
        game = get_game(system.strip().lower())
    except UnknownGame:
        _unknown_system(problems, system, doc.pos_of("system"))
        raise InputError(problems.all) from None
    if expect_game and game.id != expect_game:
        problems.error(
            doc.pos_of("system"),
            _("expected a {expected} file, got {game}").format(expected=expect_game, game=game.id),
            code="wrong-game",
        )
    # rule variant: command line wins over the file, the file over the game's default
    variant = options.rules
    if "rules" in doc and doc["rules"] is not None:
        file_variant = str(doc["rules"]).strip().lower() if isinstance(doc["rules"], str) else ""
        if not game.variants:
            problems.error(
                doc.pos_of("rules"),
                _("{game} has no rule variants").format(game=game.id),
                code="no-rule-variants",
            )
        elif file_variant not in game.variants:
            problems.error(
                doc.pos_of("rules"),
                _("unknown rules variant {value}{hint}; expected one of {choices}").format(
                    value=short(doc["rules"]),
                    hint=did_you_mean(file_variant, game.variants),
                    choices=", ".join(game.variants),
                ),
                code="unknown-rules-variant",
            )
        elif variant is None:
            variant = file_variant
    if variant is None:
        variant = game.default_variant()
    elif game.variants and variant not in game.variants:
        problems.error(
            None,
            _("{game} has no rules variant {value}").format(game=game.id, value=short(variant)),
            code="unknown-rules-variant",
        )
    elif not game.variants:
        variant = None
    opts = Options(
        lang=options.lang, paper=options.paper, mono=options.mono, rules=variant, extra=dict(options.extra)
    )

    roster, roster_pos = None, {}
    if "roster" in doc:
        checked = _roster_spec().check(
            doc["roster"] if doc["roster"] is not None else YMap(), doc.pos_of("roster"), problems, "roster"
        )
        if checked is not INVALID:
            roster = {
                "name": checked["name"],
                "limit": checked["limit"],
                "notes": checked["notes"],
                "side": checked["side"],
            }
            node = doc["roster"] if isinstance(doc["roster"], YMap) else YMap()
            roster_pos = {k: [(str(node[k]), node.pos_of(k))] for k in ("name", "notes", "side") if k in node}

    units_node = doc.get("units")
    if not isinstance(units_node, YSeq) or not units_node:  # (every YAML list is read as a YSeq)
        problems.error(
            doc.pos_of("units") if "units" in doc else doc.pos,
            _("'units:' must be a non-empty list of units"),
            code="no-units",
        )
        raise InputError(problems.all)
    if len(units_node) > MAX_UNITS:
        problems.error(
            doc.pos_of("units"),
            _("too many units ({n}; limit {limit} per file)").format(n=len(units_node), limit=MAX_UNITS),
            code="too-many-units",
        )
        raise InputError(problems.all)

    spec = game.unit_spec()
    units: list[Any] = []
    entries: list[YMap] = []
    with check_budget(problems):
        _check_units(units_node, spec, path, reader, game, opts, problems, units, entries)
    # checks across units (a hero joining a squad) need every unit: they run when every entry
    # was built, also when some units broke their own rules (all reported in one run)
    if len(units) == len(units_node) or not problems.errors:
        for index, issue in game.validate_force(units, opts):
            name = getattr(units[index], "name", "")
            _report(problems, entries[index], issue, unit_label(name))
    if problems.errors:
        raise InputError(problems.all)
    return Loaded(
        path,
        game,
        opts,
        units,
        [_where(game, u, e) for u, e in zip(units, entries)],
        roster,
        problems.warnings,
        roster_pos if roster is not None else {},
    )


def _check_units(
    units_node: YSeq,
    spec: Obj,
    path: str,
    reader: _Reader,
    game: Game,
    opts: Options,
    problems: Problems,
    units: list[Any],
    entries: list[YMap],
) -> None:
    """Check and build every unit of ``units:`` (references resolved) into ``units``/``entries``."""
    for i, raw in enumerate(units_node):
        ipos = units_node.pos_of(i)
        if raw is None:
            problems.error(
                ipos,
                _("units[{n}]: an empty entry (write the unit, or remove the '-')").format(n=i + 1),
                code="empty-entry",
            )
            continue
        raw = _resolve_reference(raw, ipos, path, reader, game, problems, 0)
        if raw is None:
            continue
        label = _("units[{number}]").format(number=i + 1)
        if isinstance(raw, dict) and isinstance(raw.get("name"), str) and raw["name"].strip():
            label = unit_label(raw["name"])
        checked = spec.check(raw, ipos, problems, label)
        if checked is INVALID:
            continue
        unit = game.build_unit(checked, opts)
        for issue in game.validate_unit(unit, opts):
            _report(problems, checked, issue, label)
        units.append(unit)
        entries.append(checked)


def _where(game: Game, unit: Any, entry: YMap) -> dict[KeyPath, Pos | None]:
    """The positions later messages need of a validated unit (see ``Loaded.entries``); the rest
    of its YAML (every key's and value's position) is dropped with the mapping."""
    where: dict[KeyPath, Pos | None] = {(): entry.pos}
    for p, _text in game.text_fields(unit):
        where[tuple(p)] = locate(entry, tuple(p))
    return where


def unit_label(name: object) -> str:
    """How a message names a unit: ``unit 'Roc'`` / ``отряд 'Roc'``."""
    return _("unit {name}").format(name=short(name))


def _report(problems: Problems, entry: YMap, issue: RuleIssue, label: str) -> None:
    pos = locate(entry, tuple(issue.path))
    msg = f"{label}: {issue.message}"
    code = getattr(issue, "code", "") or "rule"
    if issue.severity == "warning":
        problems.warning(pos, msg, code)
    else:
        problems.error(pos, msg, code)


def _reading_warnings(problems: Problems, doc: Any) -> None:
    """The reader's warnings on a file (values YAML 1.1 reads otherwise), once per load."""
    for warning in getattr(doc, "warnings", ()):
        problems.add(warning)
    if getattr(doc, "warnings", None):
        doc.warnings = []


def _resolve_reference(
    raw: Any,
    ipos: Pos | None,
    path: str,
    reader: _Reader,
    game: Game,
    problems: Problems,
    depth: int,
) -> Any:
    """A ``{from: file, name: X, ...overrides}`` entry → the referenced unit mapping merged with
    the overrides (positions keep pointing into the file each key came from)."""
    if not isinstance(raw, YMap) or "from" not in raw:
        return raw
    if depth >= MAX_REF_DEPTH:
        problems.error(ipos, _("references nested too deeply (a loop?)"), code="reference-loop")
        return None
    reader.references += 1
    if reader.references > MAX_REFERENCES:
        if reader.references == MAX_REFERENCES + 1:
            problems.error(
                ipos,
                _("too many 'from' references (limit {limit} per file)").format(limit=MAX_REFERENCES),
                code="too-many-references",
            )
        return None
    ref = raw["from"]
    if not isinstance(ref, str) or not ref.strip():
        problems.error(raw.pos_of("from"), _("'from' must be a file path"), code="bad-reference")
        return None
    target, refused = reader.reference_problem(ref, path)
    if refused:
        problems.error(raw.pos_of("from"), refused, code="bad-reference")
        return None
    assert target is not None  # (a path whenever nothing was refused)
    try:
        doc = reader.read(target)
    except InputError as exc:
        for p in exc.problems:
            if p.pos is None and p.path == target:
                problems.error(
                    raw.pos_of("from"),
                    _("cannot read {file}: {reason}").format(file=short(ref), reason=p.message),
                    code=p.code or "unreadable-reference",
                )
            else:
                problems.add(p)
        return None
    _reading_warnings(problems, doc)
    if not isinstance(doc, YMap) or not isinstance(doc.get("units"), list):
        problems.error(
            raw.pos_of("from"),
            _("{file} is not a unit file (no 'units:' list)").format(file=short(ref)),
            code="not-a-unit-file",
        )
        return None
    other = doc.get("system")
    other = other.strip().lower() if isinstance(other, str) else ""
    if other != game.id:
        problems.error(
            raw.pos_of("from"),
            _("{file} is a {other} file, not {game}").format(
                file=short(ref), other=short(other, 30) if other else _("unknown"), game=game.id
            ),
        )
        return None
    candidates = [u for u in doc["units"] if isinstance(u, YMap)]
    wanted = raw.get("name")
    if wanted is None:
        if len(candidates) != 1:
            problems.error(
                raw.pos,
                _("{file} has {n} units: say which with 'name:'").format(file=short(ref), n=len(candidates)),
                code="ambiguous-reference",
            )
            return None
        found = candidates[0]
    else:

        def text(v: object) -> str | None:
            return (
                str(v).strip().lower()
                if isinstance(v, (str, int, float))
                and not isinstance(v, bool)
                and (not isinstance(v, int) or v.bit_length() < 200)
                else None
            )

        key = text(wanted)
        matches = [u for u in candidates if key is not None and text(u.get("name")) == key]
        if not matches:
            names = [u["name"] for u in candidates if isinstance(u.get("name"), str)]
            hint = did_you_mean(wanted, names) if isinstance(wanted, str) else ""
            problems.error(
                raw.pos_of("name"),
                _("no unit named {name} in {file}{hint}").format(
                    name=short(wanted), file=short(ref), hint=hint
                ),
                code="no-such-unit",
            )
            return None
        found = matches[0]
    found = _resolve_reference(found, found.pos, target, reader, game, problems, depth + 1)
    if found is None:
        return None
    merged = YMap()
    merged.pos = raw.pos
    for k, v in found.items():
        merged[k] = v
        merged.key_pos[k], merged.value_pos[k] = found.key_pos_of(k), found.pos_of(k)
    for k, v in raw.items():
        if k in ("from", "name"):
            continue
        merged[k] = v
        merged.key_pos[k], merged.value_pos[k] = raw.key_pos_of(k), raw.pos_of(k)
    return merged
