"""YAML reading that keeps the position of every node, for ``path:line:col`` messages.

``load_yaml`` returns plain Python values where mappings are :class:`YMap` and sequences
:class:`YSeq`; both remember where they and each of their children start. Aliases are
resolved to the same object (no exponential expansion), duplicate keys are reported, and
files over ``MAX_BYTES`` are refused.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import yaml

from sheets.core.errors import InputError, Pos, Problem, Problems, short
from sheets.core.i18n import N_, _, current_lang, tr

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64


class YMap(dict[Any, Any]):
    """A mapping that knows its own position and the positions of its keys and values.
    ``shared``: the node is used more than once (a YAML alias): checks may reuse their result."""

    pos: Pos | None = None
    shared = False
    warnings: list[Problem]  # the reader's warnings on a whole file (set on its top mapping)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_pos: dict[Any, Pos | None] = {}
        self.value_pos: dict[Any, Pos | None] = {}

    def pos_of(self, key: Any) -> Pos | None:
        """Position of the value of ``key`` (or of the map itself when the key is absent)."""
        return self.value_pos.get(key, self.pos)

    def key_pos_of(self, key: Any) -> Pos | None:
        return self.key_pos.get(key, self.pos)


class YSeq(list[Any]):
    """A list that knows its own position and the position of each item (``shared``: see YMap)."""

    pos: Pos | None = None
    shared = False

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_pos: list[Pos | None] = []

    def pos_of(self, index: int) -> Pos | None:
        return self.item_pos[index] if 0 <= index < len(self.item_pos) else self.pos


try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _CParser = None  # type: ignore[assignment,misc]


_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_VALUE_KEY = "tag:yaml.org,2002:value"  # a key flatten_mapping reads as text
_YAML11 = yaml.resolver.Resolver()  # PyYAML's own (YAML 1.1): what sheets read before, and other tools
_NUMERIC11 = {_BOOL, _INT, _FLOAT}


class _Resolver(yaml.resolver.BaseResolver):
    """The implicit types of YAML 1.2's core schema, as editors read a file (yaml-language-server,
    VS Code): ``yes``/``on`` are text and ``010`` is 10, where YAML 1.1 (PyYAML's default) reads
    true and 8. A plain scalar that YAML 1.1 reads otherwise is noted in ``self.different``
    (text -> (YAML 1.1 value, YAML 1.2 value)) for a warning naming both readings.

    With a memory: a scalar's implicit tag depends only on its text and its implicit flags (no
    path resolvers are registered), and unit files repeat the same few values (kinds, counters,
    cells) thousands of times. Short texts only, and a bounded table."""

    _known: dict[tuple[str, tuple[bool, bool]], tuple[str, tuple[Any, Any] | None]] = {}

    def __init__(self) -> None:
        super().__init__()
        self.different: dict[str, tuple[Any, Any]] = {}

    def resolve(self, kind: type[yaml.Node], value: str | None, implicit: tuple[bool, bool]) -> str:
        tag: str
        if kind is not yaml.ScalarNode or value is None:  # (a scalar's value is always its text)
            tag = super().resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
            return tag
        key = (value, implicit)
        known = self._known.get(key) if len(value) <= 40 else None
        if known is None:
            tag = super().resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
            known = (tag, _readings(value, tag) if implicit[0] else None)
            if len(value) <= 40 and len(self._known) < 10_000:
                self._known[key] = known
        if known[1] is not None:
            self.different[value] = known[1]
        return known[0]


# tag -> what its values look like (an explicit !!int must be one too)
_CORE_PATTERNS: dict[str, re.Pattern[str]] = {}
for _tag, _pattern, _first in (
    (_BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    (_INT, r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        _FLOAT,
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+.0123456789",
    ),
    (_NULL, r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    (_MERGE, r"^(?:<<)$", "<"),  # merge keys: yaml-language-server reads them too
):
    _Resolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
    if _tag in (_BOOL, _INT, _FLOAT):
        _CORE_PATTERNS[_tag] = re.compile(_pattern)


def core_value(tag: str, text: str) -> bool | int | float | None:
    """A scalar of YAML 1.2's core schema: bool, int (decimal, 0o octal, 0x hex), float, null."""
    if tag == _BOOL:
        return text.lower() == "true"
    if tag == _INT:
        sign, digits = (-1, text[1:]) if text[:1] == "-" else (1, text.lstrip("+"))
        base = 8 if digits[:2] == "0o" else 16 if digits[:2] == "0x" else 10
        return sign * int(digits[2:] if base != 10 else digits, base)
    if tag == _FLOAT:
        low = text.lower()
        if low.endswith(".inf"):
            return float("-inf") if low.startswith("-") else float("inf")
        return float("nan") if low == ".nan" else float(text)
    return None


def _readings(text: str, tag: str) -> tuple[Any, Any] | None:
    """(YAML 1.1 value, YAML 1.2 value) of a plain scalar when the two differ, else None."""
    if len(text) > MAX_NUMBER_CHARS:
        return None  # (a number this long is refused by the builder)
    old_tag = _YAML11.resolve(yaml.ScalarNode, text, (True, False))
    if old_tag not in _NUMERIC11 and tag not in _NUMERIC11:
        return None  # text, null, a date (kept as text) or a merge key in both
    new = text if tag == _STR else core_value(tag, text) if tag != _NULL else None
    if old_tag in _NUMERIC11:
        try:
            old = yaml.constructor.SafeConstructor().construct_object(yaml.ScalarNode(old_tag, text))
        except (ValueError, TypeError, KeyError, OverflowError, IndexError):
            return None
    else:
        old = text  # a date or other text YAML 1.1 keeps as text
    if type(old) is type(new) and (old == new or old != old and new != new):  # (nan is nan)
        return None
    return (old, new)


if _CParser is not None:

    class _Loader(yaml.composer.Composer, _CParser, _Resolver):
        """libyaml's event parser (fast) with PyYAML's Python composer: hostile nesting ends in a
        catchable RecursionError instead of crashing libyaml's recursive C composer."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            _Resolver.__init__(self)
            self.text = stream

        def get_single_node(self) -> yaml.Node | None:
            """The node tree. Text that cannot nest deeply (:func:`_shallow`) is composed by
            libyaml's C composer, which builds the same nodes with the same marks; deep or
            broken text by the Python composer (hostile nesting is a catchable RecursionError,
            and its error messages are the ones reported)."""
            if isinstance(self.text, str) and _shallow(self.text):
                fast = _CLoader(self.text)
                fast.different = self.different
                try:
                    return fast.get_single_node()
                except yaml.YAMLError:
                    pass  # reported below, as the Python composer words it
                finally:
                    fast.dispose()
            return yaml.composer.Composer.get_single_node(self)

    class _CLoader(_CParser, _Resolver):
        """libyaml's parser and its C composer (the nodes in about 0.7 of the time): used only for
        text that cannot nest deeply (:func:`_shallow`), as it recurses on the C stack."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            _Resolver.__init__(self)
else:  # pragma: no cover - PyYAML built without libyaml

    class _Loader(  # type: ignore[no-redef]
        yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer, _Resolver
    ):
        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            yaml.composer.Composer.__init__(self)
            _Resolver.__init__(self)


SHALLOW_BRACKETS = 2000  # flow collections ('[' or '{') in a text the C composer may take
SHALLOW_LINE = 500  # characters in its longest line
_LONG_LINE = re.compile(f"[^\n]{{{SHALLOW_LINE + 1}}}")


def _shallow(text: str) -> bool:
    """True when no node of ``text`` can lie deeper than ~3,000 levels: each level is a flow
    bracket or block indentation (every two block levels take at least one more column), so
    depth <= brackets + 2 * (longest line + 1). Far below what the C stack holds."""
    return text.count("[") + text.count("{") <= SHALLOW_BRACKETS and _LONG_LINE.search(text) is None


class _Builder:
    def __init__(self, problems: Problems, different: dict[str, tuple[Any, Any]] | None = None) -> None:
        self.problems = problems
        self.path = problems.path
        self.memo: dict[int, Any] = {}
        self.constructor = yaml.constructor.SafeConstructor()
        # plain scalars YAML 1.1 reads otherwise (see _Resolver): each use gets a warning
        self.different = different or {}

    def _pos(self, node: yaml.Node) -> Pos:
        mark = node.start_mark
        return Pos(mark.line + 1, mark.column + 1, self.path)

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        path = self.path
        if depth > MAX_DEPTH:
            self.problems.error(
                self._pos(node),
                _("nesting deeper than {limit} levels").format(limit=MAX_DEPTH),
                code="nesting-too-deep",
            )
            return None
        key = id(node)
        if key in self.memo:
            value = self.memo[key]
            if isinstance(value, (YMap, YSeq)):
                value.shared = True  # an alias: the same object twice
            return value
        if node.__class__ is _SCALAR:  # (most nodes: the last branch below, looked at first)
            return self._built_scalar(node, key)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _COLLECTION_TAGS:
            name = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.problems.error(self._pos(node), _unsupported_tag(name), code="yaml-tag")
            self.memo[key] = None
            return None
        if isinstance(node, yaml.MappingNode):
            result = YMap()
            result.pos = self._pos(node)
            self.memo[key] = result
            key_tags = [knode.tag for knode, _ in node.value]
            own = len(key_tags) - key_tags.count(_MERGE)
            try:
                if own < len(key_tags) or _VALUE_KEY in key_tags:  # (else it changes nothing)
                    self.constructor.flatten_mapping(node)
            except yaml.MarkedYAMLError as exc:
                mark = exc.problem_mark or node.start_mark
                self.problems.error(
                    Pos(mark.line + 1, mark.column + 1, self.path),
                    _("bad merge key '<<': {problem}").format(problem=_yaml_problem(exc.problem)),
                    code="bad-merge-key",
                )
                return result
            if len(node.value) > MAX_KEYS:
                self.problems.error(
                    self._pos(node),
                    _("too many keys ({count}; limit {limit})").format(count=len(node.value), limit=MAX_KEYS),
                    code="too-many-keys",
                )
                return result
            merged = len(node.value) - own  # flatten_mapping puts the merged pairs first
            from_merge = set()  # keys a later pair may still replace
            # a text child needs no depth check, memo or constructor (nor, in a file without a
            # value YAML 1.1 reads otherwise, a look at its reading)
            plain = depth < MAX_DEPTH and not self.different
            if plain and not merged:
                return self._plain_mapping(node, result, depth)
            for i, (knode, vnode) in enumerate(node.value):
                k = (
                    knode.value
                    if plain and knode.tag == _STR and knode.__class__ is _SCALAR
                    else self.build(knode, depth + 1)
                )
                if isinstance(k, (dict, list)):
                    self.problems.error(
                        self._pos(knode), _("a key must be a plain value"), code="key-not-plain"
                    )
                    continue
                if k in result and k not in from_merge:
                    self.problems.error(
                        self._pos(knode), _("duplicate key {key}").format(key=short(k)), code="duplicate-key"
                    )
                    continue
                if i < merged:
                    from_merge.add(k)
                else:
                    from_merge.discard(k)
                result[k] = (
                    vnode.value
                    if plain and vnode.tag == _STR and vnode.__class__ is _SCALAR
                    else self.build(vnode, depth + 1)
                )
                mark = knode.start_mark
                result.key_pos[k] = Pos(mark.line + 1, mark.column + 1, path)
                mark = vnode.start_mark
                result.value_pos[k] = Pos(mark.line + 1, mark.column + 1, path)
            return result
        if isinstance(node, yaml.SequenceNode):
            seq = YSeq()
            seq.pos = self._pos(node)
            self.memo[key] = seq
            if len(node.value) > MAX_ITEMS:
                self.problems.error(
                    self._pos(node),
                    _("too many items ({count}; limit {limit})").format(
                        count=len(node.value), limit=MAX_ITEMS
                    ),
                    code="too-many-items",
                )
                return seq
            plain = depth < MAX_DEPTH and not self.different
            for item in node.value:
                seq.append(
                    item.value
                    if plain and item.tag == _STR and item.__class__ is _SCALAR
                    else self.build(item, depth + 1)
                )
                mark = item.start_mark
                seq.item_pos.append(Pos(mark.line + 1, mark.column + 1, path))
            return seq
        return self._built_scalar(node, key)

    def _built_scalar(self, node: yaml.Node, key: int) -> Any:
        value = self._scalar(node)
        self.memo[key] = value
        node = cast(yaml.ScalarNode, node)  # (neither a mapping nor a sequence)
        if not node.style and node.value in self.different and node.tag in _TWO_READINGS:
            self._two_readings(node, *self.different[node.value])
        return value

    def _plain_mapping(self, node: yaml.MappingNode, result: YMap, depth: int) -> YMap:
        """The pairs of a mapping without merge keys in a file without two readings (nearly
        every mapping): the loop of :meth:`build` with what cannot happen here left out (a key
        replaced by a later pair, a text child's depth or reading)."""
        path, build, problems = self.path, self.build, self.problems
        key_pos, value_pos = result.key_pos, result.value_pos
        for knode, vnode in node.value:
            if knode.tag == _STR and knode.__class__ is _SCALAR:
                k = knode.value
            else:
                k = build(knode, depth + 1)
                if isinstance(k, (dict, list)):
                    problems.error(self._pos(knode), _("a key must be a plain value"), code="key-not-plain")
                    continue
            if k in result:
                problems.error(
                    self._pos(knode), _("duplicate key {key}").format(key=short(k)), code="duplicate-key"
                )
                continue
            result[k] = (
                vnode.value if vnode.tag == _STR and vnode.__class__ is _SCALAR else build(vnode, depth + 1)
            )
            mark = knode.start_mark
            key_pos[k] = Pos(mark.line + 1, mark.column + 1, path)
            mark = vnode.start_mark
            value_pos[k] = Pos(mark.line + 1, mark.column + 1, path)
        return result

    def _two_readings(self, node: yaml.Node, old: Any, new: Any) -> None:
        """A warning naming both readings of a plain scalar YAML 1.1 reads otherwise."""
        self.problems.warning(
            self._pos(node),
            _(
                "{text} is {new} in YAML 1.2 (as editors and sheets read it) but {old} in YAML 1.1: "
                "write {new_form} or {old_form}, which both read alike"
            ).format(
                text=short(node.value),
                new=_reading(new),
                old=_reading(old),
                new_form=_form(new),
                old_form=_form(old),
            ),
            code="yaml-1-1-reading",
        )

    def _scalar(self, node: yaml.Node) -> Any:
        """A scalar's value; a value its tag cannot hold is reported at the node, never raised."""
        tag = node.tag  # the resolver gives every scalar a tag
        if tag == _STR:  # most scalars: the text itself (what SafeConstructor.construct_yaml_str gives)
            return node.value
        if tag == "tag:yaml.org,2002:timestamp":
            if _TIMESTAMP.match(node.value):
                return node.value  # 2001-02-03 stays text (a name, a note): no date objects
            self.problems.error(
                self._pos(node),
                _("bad value {value}: not a date").format(value=short(node.value)),
                code="bad-value",
            )
            return None
        if tag not in _SCALAR_TAGS:
            name = tag.replace("tag:yaml.org,2002:", "!!")
            self.problems.error(self._pos(node), _unsupported_tag(name), code="yaml-tag")
            return None
        if tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_NUMBER_CHARS:
            self.problems.error(
                self._pos(node),
                _("number too long ({count} digits)").format(count=len(node.value)),
                code="number-too-long",
            )
            return None
        try:
            if tag in _CORE_PATTERNS:  # YAML 1.2's reading (0o10, 010 = 10, 1e3), also for !!int etc.
                if not _CORE_PATTERNS[tag].match(node.value):
                    raise ValueError(node.value)
                return core_value(tag, node.value)
            return self.constructor.construct_object(node)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError, IndexError):
            # only these tags can fail here (a text or null value always constructs)
            message = {
                "tag:yaml.org,2002:int": N_("bad value {value}: not a whole number"),
                "tag:yaml.org,2002:float": N_("bad value {value}: not a number"),
                "tag:yaml.org,2002:bool": N_("bad value {value}: not true or false"),
            }[tag]
            self.problems.error(
                self._pos(node), tr(message).format(value=short(node.value)), code="bad-value"
            )
        return None


def _unsupported_tag(name: str) -> str:
    return _("the YAML tag {tag} is not supported here (plain values, lists and mappings only)").format(
        tag=short(name, 40)
    )


# what libyaml and PyYAML say of malformed text, in the user's language (their own English words
# otherwise, quoted); the context ("while scanning a plain scalar") is left out
_YAML_PROBLEMS = {
    "found character that cannot start any token": N_("a character that cannot start a value here"),
    "mapping values are not allowed in this context": N_(
        "a ':' where no key can start (a value needs quotes?)"
    ),
    "mapping values are not allowed here": N_("a ':' where no key can start (a value needs quotes?)"),
    "could not find expected ':'": N_("a key without its ':'"),
    "did not find expected key": N_("a line that is not a key of the mapping above (check the indentation)"),
    "did not find expected node content": N_("a value is missing"),
    "did not find expected ',' or ']'": N_("a list in [ ] that is not closed, or a missing ','"),
    "did not find expected ',' or '}'": N_("a mapping in { } that is not closed, or a missing ','"),
    "found unexpected end of stream": N_("the file ends inside a quoted text or a bracket"),
    "found unknown escape character": N_("an unknown escape after a backslash in double quotes"),
    "block sequence entries are not allowed in this context": N_("a '- ' list item where none can start"),
    "did not find expected '-' indicator": N_("a line that is not a '- ' item of the list above"),
    "found undefined alias": N_("an alias (*name) with no anchor (&name) before it"),
    "found duplicate anchor": N_("the same anchor (&name) twice"),
    "expected a mapping or list of mappings for merging": N_("expected a mapping or a list of mappings"),
}


def _yaml_problem(problem: str | None) -> str:
    """A parser's problem in the current language (in English its own words)."""
    text = (problem or "").strip()
    if current_lang() == "en":
        return text[:300]
    for english, msgid in _YAML_PROBLEMS.items():
        if text.startswith(english):
            return tr(msgid)
    return short(text[:200])


def _tab_at(text: str, line: int, column: int) -> Pos | None:
    """The tab that indents line ``line`` (0-based) or the one before it, if any: YAML refuses
    tabs in indentation, and libyaml names them obscurely."""
    lines = text.splitlines()
    for n in (line, line - 1):
        if 0 <= n < len(lines):
            indent = lines[n][: len(lines[n]) - len(lines[n].lstrip(" \t"))]
            if "\t" in indent:
                return Pos(n + 1, indent.index("\t") + 1)
    return None


def _reading(value: object) -> str:
    """A value as a message names it: true, the number 8, the text 'yes'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _("the number {number}").format(number=_form(value))
    return _("the text {text}").format(text=short(value))


def _form(value: object) -> str:
    """How to write ``value`` so that YAML 1.1 and 1.2 both read it so."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else short(str(value))
    if isinstance(value, int):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


_STR = "tag:yaml.org,2002:str"
_TWO_READINGS = {_STR, _BOOL, _INT, _FLOAT}  # (not an explicit !!tag: those read alike)
_SCALAR = yaml.ScalarNode
_TIMESTAMP = re.compile(r"^\d{4}-\d\d?-\d\d?([Tt ].*)?$")
_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
_SCALAR_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "timestamp")}
MAX_KEYS = 10_000
MAX_ITEMS = 10_000
MAX_NUMBER_CHARS = 100


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


def _clamp(text: str, line: int, col: int) -> Pos:
    """1-based position; libyaml reports errors at the end of the stream one line past the end."""
    lines = text.splitlines() or [""]
    if line >= len(lines):
        return Pos(len(lines), len(lines[-1]) + 1)
    return Pos(line + 1, col + 1)


NESTING_TOO_DEEP = N_("malformed YAML: nesting too deep")  # whichever parser notices it first


def _too_deep(path: str) -> InputError:
    return InputError([Problem(path, None, tr(NESTING_TOO_DEEP), code="nesting-too-deep")])


def parse_yaml(text: str, path: str) -> Any:
    """Parse YAML text; raise :class:`InputError` with positioned problems on failure."""
    problems = Problems(path)
    inner_bom = text.find("\ufeff", 1)
    if inner_bom >= 0:  # (a leading one is dropped when the bytes are decoded)
        before = text[:inner_bom]
        pos: Pos | None = Pos(before.count("\n") + 1, inner_bom - (before.rfind("\n") + 1) + 1)
        message = _(
            "a byte order mark (U+FEFF) inside the file, e.g. from files pasted together: delete it "
            "(it is invisible: retype the start of this line)"
        )
        raise InputError([Problem(path, pos, message, code="bom-inside")])
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        if "maximum nesting depth" in (exc.problem or ""):  # libyaml >= 0.2.5 stops it first
            raise _too_deep(path) from None
        mark = exc.problem_mark or exc.context_mark
        tab = _tab_at(text, mark.line, mark.column) if mark else None
        if tab is not None:
            message = _("in YAML a line cannot be indented with a tab: replace it with spaces")
            raise InputError([Problem(path, tab, message, code="yaml-tab")]) from None
        pos = _clamp(text, mark.line, mark.column) if mark else None
        if current_lang() == "en":  # the parser's own words, with their context (as before)
            msg = exc.problem or _first_line(exc)
            if exc.context:
                msg = f"{exc.context}: {msg}"
            detail = msg[:300]
        else:
            detail = _yaml_problem(exc.problem or _first_line(exc))
        message = _("malformed YAML: {detail}").format(detail=detail)
        raise InputError([Problem(path, pos, message, code="malformed-yaml")]) from None
    except yaml.reader.ReaderError as exc:
        # libyaml counts the offset in UTF-8 bytes, PyYAML's own reader in characters
        if issubclass(_Loader, yaml.reader.Reader):
            before = text[: exc.position]
        else:
            before = text.encode()[: exc.position].decode()  # the offset starts a character
        pos = Pos(before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1)
        character = f"U+{exc.character:04X}"
        message = _("malformed YAML: control character {character} is not allowed").format(
            character=character
        )
        raise InputError([Problem(path, pos, message, code="control-character")]) from None
    except yaml.YAMLError as exc:
        message = _("malformed YAML: {detail}").format(detail=_yaml_problem(_first_line(exc)))
        raise InputError([Problem(path, None, message, code="malformed-yaml")]) from None
    except RecursionError:  # the Python composer's own limit
        raise _too_deep(path) from None
    if node is None:
        raise InputError([Problem(path, Pos(1, 1), _("the file is empty"), code="empty-file")])
    value = _Builder(problems, getattr(loader, "different", None)).build(node)
    problems.raise_if_errors()
    if isinstance(value, YMap):
        value.warnings = problems.warnings
    return value


def read_text(path: str | Path) -> str:
    """Read a user file as text (UTF-8, or UTF-16/32 with a byte order mark), with input errors
    (not tracebacks) for the usual failures."""
    from sheets.core.fsio import decode_text, read_user_bytes

    return decode_text(read_user_bytes(path, MAX_BYTES), str(path))


def decode_text(data: bytes, name: str) -> str:
    """The text of a user's file given as bytes: the same size cap, NUL check and decoding
    (UTF-8, a BOM dropped; UTF-16/32 with their byte order mark) as a file read from disk."""
    from sheets.core import fsio

    if len(data) > MAX_BYTES:
        raise InputError([fsio.too_large(name, MAX_BYTES)])
    if b"\x00" in data and not data.startswith(fsio.WIDE_BOMS):
        raise InputError([fsio.not_text(name, data)])
    return fsio.decode_text(data, name)


def load_yaml(path: str | Path) -> Any:
    return parse_yaml(read_text(path), str(path))
