"""Locate and load the package's data files (rule tables, labels, sample units) and templates.

Data lives in the top-level ``data/`` folder of the source tree; the wheel installs it as
``sheets/_data`` (and ``templates/`` as ``sheets/_templates``; see pyproject ``force-include``).
Both layouts are found here.
Tables are trusted files shipped with the package: they are parsed with libyaml's safe loader
(``yaml.CSafeLoader``, PyYAML's pure-Python ``SafeLoader`` when libyaml is absent: same values,
about ten times slower) once per process and cached; a broken table is an internal error (exit 3).
"""

from __future__ import annotations

import functools
import marshal
import os
import re
import zlib
from pathlib import Path
from typing import IO, Any

import yaml

from sheets.core.i18n import LANGS, _

_PKG = Path(__file__).resolve().parent.parent  # the sheets package
OVERRIDE_ENV = "SHEETS_DATA_DIR"
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _TableLoader(_SAFE_LOADER):  # type: ignore[misc]
    """The safe loader with the values of its constructor, made faster for the tables (a render
    reads ~20 of them, ~1 ms each): a plain scalar's tag depends only on its text (no path
    resolvers), so it is remembered; texts, lists and mappings without merge keys are built
    directly (an alias keeps its one object); anything else goes through the constructor."""

    _tags: dict[tuple[str, tuple[bool, bool]], str] = {}

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode or len(value) > 40:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = self._tags.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(self._tags) < 20_000:
                self._tags[key] = tag
        return tag

    def construct_document(self, node: Any) -> Any:
        self._built: dict[int, tuple[Any, Any]] = {}  # id(node) -> (its value, the node kept alive)
        data = self._value(node)  # (the constructor's part deep: no generator is left to run)
        self._built = {}
        self.constructed_objects: dict[Any, Any] = {}  # (what construct_document leaves)
        self.recursive_objects: dict[Any, Any] = {}
        return data

    def _value(self, node: Any) -> Any:
        kind = node.__class__
        if kind is yaml.ScalarNode:
            return node.value if node.tag == _STR else self.construct_object(node, deep=True)
        built = self._built.get(id(node))
        if built is not None:
            return built[0]
        if kind is yaml.SequenceNode and node.tag == _SEQ:
            seq: list[Any] = []
            self._built[id(node)] = (seq, node)
            seq.extend(self._value(item) for item in node.value)
            return seq
        if (
            kind is yaml.MappingNode
            and node.tag == _MAP
            and not any(k.tag in _SPECIAL_KEYS for k, _ in node.value)
        ):
            mapping: dict[Any, Any] = {}
            self._built[id(node)] = (mapping, node)
            for key_node, value_node in node.value:
                key = self._value(key_node)
                try:
                    hash(key)
                except TypeError:
                    return self.construct_object(node, deep=True)  # (its own error, as ever)
                mapping[key] = self._value(value_node)
            return mapping
        return self.construct_object(node, deep=True)


_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_SPECIAL_KEYS = ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value")


def _safe_load(fh: IO[str] | str) -> Any:
    return yaml.load(fh, Loader=_TableLoader)


COMPILED = "tables.marshal"


@functools.cache
def _compiled(folder: str) -> dict[str, tuple[int, int, Any]]:
    """The tables of ``data/<folder>/`` as ``tools/tables.py compile`` wrote them into its
    ``tables.marshal`` (file name -> (size, CRC-32 of the YAML's bytes, value)): unmarshalling
    them takes a twentieth of parsing the YAML (~1 ms instead of ~20 for a render's tables).
    None there, or one this Python cannot read: {} (the YAML is read)."""
    try:
        entries = marshal.loads((data_root() / folder / COMPILED).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return entries if isinstance(entries, dict) else {}


def _bundled(relative: str) -> Any:
    """A bundled table's value: the compiled one while it is of the YAML's very bytes (a table
    edited since ``compile`` is read from its YAML; a test keeps the compiled files current)."""
    raw = (data_root() / relative).read_bytes()
    folder, _, name = relative.rpartition("/")
    entry = _compiled(folder).get(name)
    if isinstance(entry, tuple) and len(entry) == 3 and entry[:2] == (len(raw), zlib.crc32(raw)):
        return entry[2]
    return _safe_load(raw.decode("utf-8"))


def _find(name: str) -> Path:
    for candidate in (_PKG / f"_{name}", _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise RuntimeError(f"the package's {name}/ folder is missing (broken installation)")


@functools.cache
def data_root() -> Path:
    return _find("data")


@functools.cache
def templates_root() -> Path:
    return _find("templates")


def override_dirs() -> list[Path]:
    """User folders (``--data-dir`` / ``$SHEETS_DATA_DIR``, several joined with os.pathsep) whose
    files replace the bundled ones of the same relative path, e.g. ``battletech/weapons.yaml``.
    A folder that does not exist is a usage error (exit 2), never silently ignored."""
    value = os.environ.get(OVERRIDE_ENV, "")
    folders = [Path(p) for p in value.split(os.pathsep) if p]
    for folder in folders:
        if not folder.is_dir():
            from sheets.core.errors import UsageProblem

            raise UsageProblem(
                _("{variable}/--data-dir: {folder} is not a folder").format(
                    variable=OVERRIDE_ENV, folder=folder
                )
            )
    return folders


def data_path(relative: str) -> Path:
    for folder in override_dirs():
        candidate = folder / relative
        if os.path.lexists(candidate):  # a FIFO, device or broken link here is refused, not skipped
            return candidate
    return data_root() / relative


MAX_OVERRIDE_BYTES = 2 * 1024 * 1024


@functools.cache
def load_data(relative: str) -> Any:
    """Parsed content of ``data/<relative>`` (YAML). Cached: call freely.

    A user's override (``--data-dir``) is read like a unit file (regular files only, a size cap,
    positioned YAML) and checked against the bundled table it replaces
    (:mod:`sheets.core.tablecheck`): its mistakes are input errors ``file:line:col`` (exit 1)."""
    path = data_path(relative)
    bundled = data_root() / relative
    if path != bundled:
        return _load_override(path, relative)
    return _bundled(relative)


_OVERRIDES_READ: list[str] = []  # the user's tables this process has read, in order


def overrides_read() -> list[str]:
    """The override files (``--data-dir``) the command has read so far: a failure after one of
    them was read may be the user's data; with none read, the bundled tables were used."""
    return list(_OVERRIDES_READ)


def note_overrides_read(names: list[str]) -> None:
    """Count override files another process read for this command (``render --jobs`` loading)."""
    _OVERRIDES_READ.extend(n for n in names if n not in _OVERRIDES_READ)


def _load_override(path: Path, relative: str) -> Any:
    from sheets.core import tablecheck
    from sheets.core.errors import InputError, Pos, Problem, Problems
    from sheets.core.fsio import decode_text, read_user_bytes
    from sheets.core.yamlio import parse_yaml

    name = str(path)
    _OVERRIDES_READ.append(name)
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise InputError(
            [
                Problem(
                    name, None, _("cannot use this data override: not a .yaml file"), code="override-not-yaml"
                )
            ]
        )
    text = decode_text(read_user_bytes(path, MAX_OVERRIDE_BYTES), name)
    value = parse_yaml(text, name)
    if (data_root() / relative).is_file():
        reference = _bundled(relative)
        problems = Problems(name)
        tablecheck.check(
            value, tablecheck.shape_of(reference), getattr(value, "pos", Pos(1, 1)), problems, ""
        )
        problems.raise_if_errors()
    return value


@functools.cache
def labels(game: str) -> dict[str, dict[str, str]]:
    """Labels of ``data/<game>/labels.yaml`` merged over ``data/common/labels.yaml``.

    Format: ``key: {en: "...", ru: "..."}``; every key must have both languages (a test checks).
    """
    merged = dict(_checked_labels("common/labels.yaml"))
    if game != "common":
        own = data_path(f"{game}/labels.yaml")
        if own.exists():
            merged.update(_checked_labels(f"{game}/labels.yaml"))
    return merged


def _checked_labels(relative: str) -> dict[str, dict[str, str]]:
    """A labels table; a user's override must give every key in both languages (else an input
    error ``file:line:col`` per key, never a silent fallback to the other language)."""
    table = load_data(relative) or {}
    path = data_path(relative)
    if path.parent == data_root() / Path(relative).parent:
        return table  # bundled: a test checks both languages
    from sheets.core.errors import InputError, Pos, Problem

    nodes: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, ValueError):  # parsed already (libyaml); positions are a bonus here
        root = None
    if isinstance(root, yaml.MappingNode):
        nodes = {k.value: (k, v) for k, v in root.value}
    problems = []
    for key, entry in table.items() if isinstance(table, dict) else ():
        missing = [
            lang
            for lang in LANGS
            if not (isinstance(entry, dict) and isinstance(entry.get(lang), str) and entry[lang].strip())
        ]
        if missing:
            mark = nodes[key][1].start_mark if key in nodes else None
            pos = Pos(mark.line + 1, mark.column + 1) if mark else None
            problems.append(
                Problem(
                    str(path),
                    pos,
                    _("label {key} has no {langs} text (every label needs en and ru)").format(
                        key=repr(key), langs=_(" or ").join(missing)
                    ),
                    code="label-missing-language",
                )
            )
    if not isinstance(table, dict):
        problems.append(
            Problem(
                str(path), None, _("a labels file maps keys to {{en: ..., ru: ...}}"), code="labels-shape"
            )
        )
    else:
        bundled = _bundled_table(relative)
        for key, entry in table.items():
            for lang in LANGS:
                text = entry.get(lang) if isinstance(entry, dict) else None
                if not isinstance(text, str):
                    continue
                reference = (bundled.get(key) or {}).get(lang) if isinstance(bundled.get(key), dict) else None
                bad = placeholder_problem(text, reference if isinstance(reference, str) else "")
                if bad:
                    where = entry.pos_of(lang) if hasattr(entry, "pos_of") else None
                    if where is None and key in nodes:
                        mark = nodes[key][1].start_mark
                        where = Pos(mark.line + 1, mark.column + 1)
                    problems.append(
                        Problem(
                            str(path),
                            where,
                            _("label {key} ({lang}): {problem}").format(
                                key=repr(key), lang=lang, problem=bad
                            ),
                            code="label-placeholder",
                        )
                    )
    if problems:
        raise InputError(problems)
    return table


def _bundled_table(relative: str) -> dict[str, Any]:
    path = data_root() / relative
    if not path.is_file():
        return {}
    table = _bundled(relative)
    return table if isinstance(table, dict) else {}


MAX_FORMAT_WIDTH = 20  # a label's ``{name:>N}`` / ``{name:.N}``: a few characters at the most
_SPEC = re.compile(r"^(?:.?[<>=^])?[-+ ]?#?0?(\d*)[,_]?(?:\.(\d+))?[a-zA-Z%]?$")


def placeholder_problem(text: str, reference: str) -> str | None:
    """What is wrong with the ``{placeholders}`` of a user's label ``text`` next to the bundled
    label ``reference``: the same names (those the code fills in), no attribute or index access,
    no conversion, a width or precision of at most ``MAX_FORMAT_WIDTH``; None when nothing is."""
    import string

    def fields(value: str) -> list[tuple[str, str, str, str | None]]:
        # (a field's spec is "" when it has none; None only beside a literal's None name)
        return [
            (literal, name, spec or "", conversion)
            for literal, name, spec, conversion in string.Formatter().parse(value)
            if name is not None
        ]

    try:
        wanted = {name for _lit, name, _spec, _conv in fields(reference)}
    except ValueError:
        wanted = set()
    try:
        found = fields(text)
    except ValueError as exc:
        return _("broken placeholder ({error}); write {{{{ and }}}} for a brace").format(error=exc)
    for _literal, name, spec, conversion in found:
        if name not in wanted:
            known = ", ".join(f"{{{n}}}" for n in sorted(wanted)) or _("none")
            return _("unknown placeholder {{{name}}} (the bundled label has {known})").format(
                name=name[:40], known=known
            )
        if conversion:
            return _("placeholder {{{name}}}: no conversion (!{conversion}) allowed").format(
                name=name, conversion=conversion
            )
        m = _SPEC.match(spec or "")
        if m is None or "{" in (spec or ""):
            return _("placeholder {{{name}}}: format {spec} is not allowed").format(
                name=name, spec=repr(spec[:40])
            )
        for part in m.groups():
            if part and int(part) > MAX_FORMAT_WIDTH:
                return _(
                    "placeholder {{{name}}}: width or precision {n} is too large (at most {limit})"
                ).format(name=name, n=int(part), limit=MAX_FORMAT_WIDTH)
    return None


def label(game: str, key: str, lang: str) -> str:
    entry = labels(game).get(key)
    if entry is None:
        raise KeyError(f"no label {key!r} for {game}")
    return entry[lang]


def decimal(value: float, lang: str, places: int = 2) -> str:
    """A number with fixed decimals in the language's style (ru: decimal comma)."""
    text = f"{float(value):.{places}f}"
    return text.replace(".", ",") if lang == "ru" else text


def choice_names(game: str, field: str) -> dict[str, str]:
    """``{name: choice}`` of ``field``'s other names in ``game`` (lower-cased, first one wins);
    empty when the game has no vocabulary for it.

    The other names a unit file may give a choice (a kind, a type, a slot, a face): the names the
    printouts print for it, in every language (``data/<game>/labels.yaml``), and the spellings a
    game's ``data/<game>/choices.yaml`` adds (the words its Russian starters offer). The vocabulary
    is data; the schema reads it once per spec (and offers the names to editors).

    ``choices.yaml``::

        FIELD:                      # e.g. kind, motion, location, slot
          CHOICE:                   # the choice as the code knows it (squad, main_gun, hq…)
            labels: [KEY, ...]      # labels.yaml keys the printouts print for it (en and ru taken)
            aliases: [text, ...]    # other names (any letter case)
    """
    try:
        table = load_data(f"{game}/choices.yaml") or {}
    except FileNotFoundError:
        return {}
    printed = labels(game)
    out: dict[str, str] = {}
    for choice, row in (table.get(field) or {}).items():
        names = []
        for key in row.get("labels") or ():
            names += [printed[key][lang] for lang in LANGS if printed.get(key, {}).get(lang)]
        names += [str(a) for a in row.get("aliases") or ()]
        for name in names:
            text = " ".join(name.lower().split())
            for spelling in (text, text.replace("ё", "е")):  # (ё is often typed е)
                if spelling != str(choice).lower():
                    out.setdefault(spelling, str(choice))
    return out
