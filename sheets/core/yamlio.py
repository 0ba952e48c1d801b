"""YAML reading that keeps the position of every node, for ``path:line:col`` messages.

``load_yaml`` returns plain Python values where mappings are :class:`YMap` and sequences
:class:`YSeq`; both remember where they and each of their children start. Aliases are
resolved to the same object (no exponential expansion), duplicate keys are reported, and
files over ``MAX_BYTES`` are refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from sheets.core.errors import InputError, Pos, Problem, Problems

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64


class YMap(dict):
    """A mapping that knows its own position and the positions of its keys and values."""

    pos: Pos | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.key_pos: dict[Any, Pos] = {}
        self.value_pos: dict[Any, Pos] = {}

    def pos_of(self, key) -> Pos | None:
        """Position of the value of ``key`` (or of the map itself when the key is absent)."""
        return self.value_pos.get(key, self.pos)

    def key_pos_of(self, key) -> Pos | None:
        return self.key_pos.get(key, self.pos)


class YSeq(list):
    """A list that knows its own position and the position of each item."""

    pos: Pos | None = None

    def __init__(self, *args):
        super().__init__(*args)
        self.item_pos: list[Pos] = []

    def pos_of(self, index: int) -> Pos | None:
        return self.item_pos[index] if 0 <= index < len(self.item_pos) else self.pos


try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _CParser = None

if _CParser is not None:
    class _Loader(yaml.composer.Composer, _CParser, yaml.resolver.Resolver):
        """libyaml's event parser (fast) with PyYAML's Python composer: hostile nesting ends in a
        catchable RecursionError instead of crashing libyaml's recursive C composer."""

        def __init__(self, stream):
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.resolver.Resolver.__init__(self)
else:  # pragma: no cover - PyYAML built without libyaml
    class _Loader(yaml.SafeLoader):
        pass


class _Builder:
    def __init__(self, problems: Problems):
        self.problems = problems
        self.path = problems.path
        self.memo: dict[int, Any] = {}
        self.constructor = yaml.constructor.SafeConstructor()

    def _pos(self, node) -> Pos:
        mark = node.start_mark
        return Pos(mark.line + 1, mark.column + 1, self.path)

    def build(self, node, depth: int = 0):
        if depth > MAX_DEPTH:
            self.problems.error(self._pos(node), f"nesting deeper than {MAX_DEPTH} levels")
            return None
        key = id(node)
        if key in self.memo:
            return self.memo[key]
        if isinstance(node, yaml.MappingNode):
            result = YMap()
            result.pos = self._pos(node)
            self.memo[key] = result
            self.constructor.flatten_mapping(node)
            for knode, vnode in node.value:
                k = self.build(knode, depth + 1)
                if isinstance(k, (dict, list)):
                    self.problems.error(self._pos(knode), "a key must be a plain value")
                    continue
                if k in result:
                    self.problems.error(self._pos(knode), f"duplicate key {k!r}")
                    continue
                result[k] = self.build(vnode, depth + 1)
                result.key_pos[k] = self._pos(knode)
                result.value_pos[k] = self._pos(vnode)
            return result
        if isinstance(node, yaml.SequenceNode):
            result = YSeq()
            result.pos = self._pos(node)
            self.memo[key] = result
            for item in node.value:
                result.append(self.build(item, depth + 1))
                result.item_pos.append(self._pos(item))
            return result
        try:
            value = self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.problems.error(self._pos(node), f"bad value: {getattr(exc, 'problem', exc)}")
            value = None
        self.memo[key] = value
        return value


def _clamp(text: str, line: int, col: int) -> Pos:
    """1-based position; libyaml reports errors at the end of the stream one line past the end."""
    lines = text.splitlines() or [""]
    if line >= len(lines):
        return Pos(len(lines), len(lines[-1]) + 1)
    return Pos(line + 1, col + 1)


def parse_yaml(text: str, path: str) -> Any:
    """Parse YAML text; raise :class:`InputError` with positioned problems on failure."""
    problems = Problems(path)
    try:
        loader = _Loader(text)
        loader.name = path
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _clamp(text, mark.line, mark.column) if mark else None
        msg = exc.problem or str(exc)
        if exc.context:
            msg = f"{exc.context}: {msg}"
        raise InputError([Problem(path, pos, f"malformed YAML: {msg}")]) from None
    except yaml.YAMLError as exc:
        raise InputError([Problem(path, None, f"malformed YAML: {exc}")]) from None
    except RecursionError:
        raise InputError([Problem(path, None, "malformed YAML: nesting too deep")]) from None
    if node is None:
        raise InputError([Problem(path, Pos(1, 1), "the file is empty")])
    value = _Builder(problems).build(node)
    problems.raise_if_errors()
    return value


def read_text(path: str | Path) -> str:
    """Read a user file as UTF-8 text, with input errors (not tracebacks) for the usual failures."""
    from sheets.core.fsio import read_user_bytes

    name = str(path)
    data = read_user_bytes(path, MAX_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError([Problem(name, Pos(line, col), "not valid UTF-8 text")]) from None
    return text


def load_yaml(path: str | Path) -> Any:
    return parse_yaml(read_text(path), str(path))
