"""A small declarative schema for unit files: type and range checks with positioned messages,
defaults, "did you mean" for unknown keys and names, and JSON Schema output for editors.

Specs check a value parsed by :mod:`sheets.core.yamlio` and return the converted value
(mappings stay :class:`YMap` so later rule checks can still point at lines). Every problem is
reported; a value that fails gives ``INVALID`` and the caller carries on.

YAML aliases share one parsed node (:attr:`YMap.shared`): inside :func:`check_budget` such a
node is checked once per spec (its problems reported once, at the anchor) and the check's result
reused; every use still counts its values against the budget, so that what a load builds from
aliases and repeated ``from:`` references is bounded like a file without them.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sheets.core.errors import InputError, Pos, Problem, Problems, did_you_mean, short
from sheets.core.i18n import N_, _, current_lang, ngettext, tr
from sheets.core.yamlio import YMap, YSeq


class _Invalid:
    def __repr__(self):
        return "INVALID"


INVALID = _Invalid()
MISSING = object()
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f]")  # control characters but the tab


def _type_name(value) -> str:
    """What a value is, as a message says it after "got"."""
    if value is None:
        return _("nothing")
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int):
        return _("a whole number")
    if isinstance(value, float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    return type(value).__name__


class Where(str):
    """Where a value sits, for the start of a message: ``unit 'Roc'.armor.head`` in English; in
    another language the key path quoted as typed, and the field as the printout names it when
    its spec has a label: ``отряд 'Roc', 'armor.head' («Голова»)``. Made by :func:`child` and
    :func:`item` from the loader's ``unit NAME`` (a plain str is taken as that start)."""

    base: str = ""
    keys: tuple = ()
    label: str = ""

    def __new__(cls, base: str, keys: tuple = (), label: str = ""):
        if current_lang() == "en" or not keys:
            text = base
            for key in keys:
                text += key if key.startswith("[") else ("." + key if text else key)
        else:
            path = "".join(k if k.startswith("[") else ("." + k if i else k) for i, k in enumerate(keys))
            text = (base + ", " if base else "") + short(path) + (f" («{label}»)" if label else "")
        self = super().__new__(cls, text)
        self.base, self.keys, self.label = base, keys, label
        return self


def child(where: str, key, spec: Spec | None = None) -> Where:
    """``where`` one key deeper (named as ``spec``'s label says in the current language)."""
    base, keys = (where.base, where.keys) if isinstance(where, Where) else (str(where), ())
    label = spec.label.get(current_lang(), "") if spec is not None and spec.label else ""
    return Where(base, keys + (str(key),), label)


def item(where: str, index: int) -> Where:
    """``where``'s ``index``-th item (1-based, as the message shows it)."""
    if not isinstance(where, Where):
        return Where(f"{where}[{index}]")
    if not where.keys:
        return Where(f"{where.base}[{index}]")
    return Where(where.base, where.keys + (f"[{index}]",), where.label)


MAX_CHECKED_VALUES = 1_000_000  # values one load may check: about what 5 MB of YAML holds


class _Budget:
    def __init__(self, limit: int, problems: Problems):
        self.left = limit
        self.limit = limit
        self.problems = problems  # the load's own (a OneOf tries with throwaway ones)
        self.memo: dict = {}


_BUDGET: _Budget | None = None


@contextmanager
def check_budget(problems: Problems, limit: int | None = None):
    """Inside the block, checks of shared (aliased) nodes are memoised and every check counts
    its values; past ``limit`` (``MAX_CHECKED_VALUES``) the load stops with a positioned error."""
    global _BUDGET
    outer, _BUDGET = _BUDGET, _Budget(MAX_CHECKED_VALUES if limit is None else limit, problems)
    try:
        yield
    finally:
        _BUDGET = outer


def _spend(count: int, pos, where: str) -> None:
    budget = _BUDGET
    if budget is None:
        return
    budget.left -= count
    if budget.left < 0:
        budget.left = budget.limit  # (a caller that carries on is not stopped twice)
        raise InputError(
            [
                *budget.problems.all,
                Problem(
                    budget.problems.path,
                    pos,
                    _(
                        "{where}: the file expands to more than {limit} values (aliases or 'from' "
                        "references repeated); write fewer or smaller copies"
                    ).format(where=where, limit=f"{budget.limit:,}"),
                    code="too-many-values",
                ),
            ]
        )


def _memoised(check):
    """Obj/List/MapOf.check with the shared-node memo and the value budget (see the module)."""

    def checked(self, value, pos, problems, where):
        return _checked(check, self, value, pos, problems, where)

    checked.__name__ = check.__name__
    checked.__doc__ = check.__doc__
    return checked


def _checked(check, self, value, pos, problems, where):
    """``check`` of ``self`` under the open budget, if any (a module function, not a closure: the
    decorator runs at import, so the body must stay callable on its own to be tested)."""
    budget = _BUDGET
    if budget is None:
        return check(self, value, pos, problems, where)
    shared = getattr(value, "shared", False)
    if shared:
        hit = budget.memo.get((id(self), id(value), id(problems)))
        if hit is not None:
            _spend(hit[1], pos, where)
            return hit[0]
    if isinstance(value, (dict, list)):
        _spend(len(value) + 1, pos, where)
    before = budget.left
    out = check(self, value, pos, problems, where)
    if shared and budget is _BUDGET:
        # (problems and self kept alive in the entry: their ids cannot be reused meanwhile)
        budget.memo[(id(self), id(value), id(problems))] = (
            out,
            max(0, before - budget.left) + len(value) + 1,
            problems,
            self,
        )
    return out


@dataclass
class Spec:
    description: str = ""
    default: Any = MISSING
    # the field as the printouts name it, per language ({"ru": "Тонн"}): messages in that
    # language name it so (the key stays as typed)
    label: dict = field(default_factory=dict)

    @property
    def required(self) -> bool:
        return self.default is MISSING

    def check(self, value, pos: Pos | None, problems: Problems, where: str):
        raise NotImplementedError

    def json_schema(self) -> dict:
        raise NotImplementedError

    def _schema(self, d: dict) -> dict:
        if self.description:
            d["description"] = self.description
        if self.default is not MISSING and self.default is not None and not callable(self.default):
            d["default"] = self.default
        return d


def _bounds(low, high) -> str:
    """``0–20``; ``at least 0`` or ``at most 20`` for a bound on one side only."""
    if low is None:
        return _("at most {high}").format(high=high)
    if high is None:
        return _("at least {low}").format(low=low)
    return f"{low}–{high}"


@dataclass
class Int(Spec):
    min: int | None = None
    max: int | None = None

    def check(self, value, pos, problems, where):
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                problems.error(
                    pos,
                    _("{where}: expected a whole number, got {type}").format(
                        where=where, type=_type_name(value)
                    ),
                    code="not-a-whole-number",
                )
                return INVALID
        if self.min is not None and value < self.min or self.max is not None and value > self.max:
            problems.error(
                pos,
                _("{where}: {value} is out of range ({bounds})").format(
                    where=where, value=short(value), bounds=_bounds(self.min, self.max)
                ),
                code="out-of-range",
            )
            return INVALID
        return value

    def json_schema(self):
        d = {"type": "integer"}
        if self.min is not None:
            d["minimum"] = self.min
        if self.max is not None:
            d["maximum"] = self.max
        return self._schema(d)


# ECMA-262's syntax characters (and "/"): the only characters Unicode-mode patterns may escape
# outside a class, and the only ones a literal needs escaped in both ECMA-262 and Python ``re``
_SYNTAX = frozenset("\\^$.*+?()[]{}|/")


# the blanks ``str.strip()``/``str.split()`` and Python's ``\\s`` take, spelt out: ECMA-262's ``\\s``
# differs (it has U+FEFF, lacks U+001C–U+001F and U+0085), so a pattern uses these instead
_WIDE_BLANKS = "\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"  # past ASCII
BLANK = "[\\t-\\r\\x1c-\\x20" + _WIDE_BLANKS + "]"
BLANKS = BLANK + "*"
CONTROL = "[\\x00-\\x08\\x0a-\\x1f]"  # what Str refuses: control characters but the tab (_CONTROL)
# something neither blank nor a control character (unanchored: Python's ``$`` also matches before
# a last newline, ECMA-262's does not)
NAMED = "[^\\x00-\\x20" + _WIDE_BLANKS + "]"


def re_literal(text: str) -> str:
    """``text`` as a regular expression matching itself, valid in Python ``re`` and in ECMA-262
    with the Unicode flag (what JSON Schema 2020-12 asks): only syntax characters are escaped
    (``re.escape`` also escapes spaces and hyphens, which Unicode-mode ECMA-262 refuses)."""
    return "".join("\\" + ch if ch in _SYNTAX else ch for ch in str(text))


def ci_literal(text: str, gap: str | None = None) -> str:
    """``text`` in any letter case (``[aA]`` per letter: JSON Schema has no case-insensitive
    flag); a run of blanks becomes ``gap`` when given (e.g. ``BLANK + "+"``)."""
    out = []
    for ch in str(text):
        if gap is not None and ch.isspace():
            if not out or out[-1] is not gap:
                out.append(gap)
            continue
        low, up = ch.lower(), ch.upper()
        if low != up and len(low) == len(up) == 1:
            out.append(f"[{low}{up}]" if ch not in _SYNTAX else re_literal(ch))
        else:
            out.append(re_literal(ch))
    return "".join(out)


def ci_pattern(words, gap: str | None = None, prefix: str = "", exact: bool = False) -> str:
    """A JSON Schema pattern matching any of ``words`` in any letter case, with surrounding blanks:
    what :class:`Enum` accepts (JSON Schema's ``enum`` is case-sensitive). Valid in Python ``re``
    and ECMA-262 Unicode mode; the alternatives in the order given (deterministic output).
    ``gap``: what a blank inside a word may be written as; ``prefix``: a pattern before the word;
    ``exact``: only the letter case given."""
    alternatives = list(dict.fromkeys(re_literal(w) if exact else ci_literal(w, gap) for w in words))
    return "^" + BLANKS + prefix + "(?:" + "|".join(alternatives) + ")" + BLANKS + "$"


def any_type(*types: str, **string: Any) -> dict:
    """``{"anyOf": [{"type": t}, ...]}``: one alternative per JSON type (ajv's strict mode warns
    about a ``type`` list); ``string`` keywords go on the string alternative."""
    return {"anyOf": [{"type": t, **(string if t == "string" else {})} for t in types]}


@dataclass
class Str(Spec):
    max_len: int = 200
    allow_empty: bool = True
    # names an editor may offer (a tuple, or a callable giving one: read from the tables only
    # when a schema is made); any other text is still accepted here, the rules check it
    completions: object = None

    def check(self, value, pos, problems, where):
        if value is None and self.allow_empty:
            return ""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)  # a name like 3060 is still a name
        if not isinstance(value, str):
            problems.error(
                pos,
                _("{where}: expected text, got {type}").format(where=where, type=_type_name(value)),
                code="not-text",
            )
            return INVALID
        if not value.strip() and not self.allow_empty:
            problems.error(pos, _("{where}: must not be empty").format(where=where), code="empty")
            return INVALID
        if len(value) > self.max_len:
            problems.error(
                pos,
                ngettext(
                    "{where}: too long ({count} character; limit {limit})",
                    "{where}: too long ({count} characters; limit {limit})",
                    len(value),
                ).format(where=where, count=len(value), limit=self.max_len),
                code="too-long",
            )
            return INVALID
        if _CONTROL.search(value):
            problems.error(
                pos, _("{where}: contains control characters").format(where=where), code="control-characters"
            )
            return INVALID
        return value

    def json_schema(self):
        # numbers are names too (a 3060 is kept as "3060"); null is "" where empty is allowed
        # no control character but the tab; when a name is needed, something that is not blank
        string = {"maxLength": self.max_len, "not": {"pattern": CONTROL}}
        if not self.allow_empty:
            string["minLength"] = 1
            string["pattern"] = NAMED
        d = any_type(*(("string", "number", "null") if self.allow_empty else ("string", "number")), **string)
        names = self.completions() if callable(self.completions) else self.completions
        if names:
            d["anyOf"].insert(0, {"enum": sorted(set(names))})
        return self._schema(d)


# what YAML 1.1 read as true and false (PyYAML, and sheets before it read YAML 1.2): the reader
# warns about them, and a true/false field still takes them
YAML11_BOOLS = {w: w.lower() in ("yes", "on") for w in ("yes", "Yes", "YES", "on", "On", "ON")}
YAML11_BOOLS.update({w: False for w in ("no", "No", "NO", "off", "Off", "OFF")})


@dataclass
class Bool(Spec):
    def check(self, value, pos, problems, where):
        if isinstance(value, str) and value.strip() in YAML11_BOOLS:
            return YAML11_BOOLS[value.strip()]
        if not isinstance(value, bool):
            problems.error(
                pos,
                _("{where}: expected true or false, got {type}").format(where=where, type=_type_name(value)),
                code="not-true-or-false",
            )
            return INVALID
        return value

    def json_schema(self):
        words = {"type": "string", "pattern": ci_pattern(YAML11_BOOLS, exact=True)}  # (not offered)
        return self._schema({"anyOf": [{"type": "boolean"}, words]})


@dataclass
class Enum(Spec):
    """One of ``choices`` (case-insensitive); ``aliases`` map other spellings to a choice."""

    choices: tuple = ()
    aliases: dict = field(default_factory=dict)

    def lookup(self, value) -> str | None:
        """The choice ``value`` names (a choice before an alias, the first one listed first)."""
        table = self.__dict__.get("_table")
        if table is None:  # built at the first lookup: a schema's choices are fixed once made
            table = {}
            for c in self.choices:
                table.setdefault(str(c).lower(), c)
            for a, c in self.aliases.items():
                table.setdefault(str(a).lower(), c)
            self.__dict__["_table"] = table
        return table.get(str(value).strip().lower())

    def check(self, value, pos, problems, where):
        if value is None or isinstance(value, (dict, list)):
            problems.error(
                pos,
                _("{where}: expected one of {choices}").format(
                    where=where, choices=", ".join(map(str, self.choices))
                ),
                code="not-a-choice",
            )
            return INVALID
        found = self.lookup(value)
        if found is None:
            hint = did_you_mean(str(value), list(map(str, self.choices)) + list(map(str, self.aliases)))
            problems.error(
                pos,
                _("{where}: unknown value {value}{hint}; expected one of {choices}").format(
                    where=where, value=short(value), hint=hint, choices=", ".join(map(str, self.choices))
                ),
                code="unknown-value",
            )
            return INVALID
        return found

    def words(self, *targets) -> list:
        """The choices and aliases that name one of ``targets`` (every word when none given)."""
        return [
            w
            for w, c in [(c, c) for c in self.choices] + list(self.aliases.items())
            if not targets or c in targets
        ]

    def matching(self, *targets) -> dict:
        """A schema of the texts the loader reads as one of ``targets`` (any letter case, blanks
        around): for conditions (``if kind is one of the MMC kinds…``)."""
        return {"type": "string", "pattern": ci_pattern(self.words(*targets))}

    def json_schema(self):
        """The choices and aliases as an ``enum`` (what an editor completes), and the same words
        in any letter case (what the loader accepts)."""
        words = list(dict.fromkeys([*self.choices, *self.aliases]))
        if all(isinstance(w, str) for w in words):
            d = {"anyOf": [{"enum": words}, {"type": "string", "pattern": ci_pattern(words)}]}
            # a word YAML reads as another value (``true``), which the lookup still finds
            other = [v for v in (True, False) if str(v).lower() in {w.lower() for w in words}]
            if other:
                d["anyOf"].append({"enum": other})
            return self._schema(d)
        return self._schema({"enum": words})


@dataclass
class List(Spec):
    item: Spec = None
    min_len: int = 0
    max_len: int = 1000

    @_memoised
    def check(self, value, pos, problems, where):
        if value is None:
            value = YSeq()
        if not isinstance(value, list):
            problems.error(
                pos,
                _("{where}: expected a list, got {type}").format(where=where, type=_type_name(value)),
                code="not-a-list",
            )
            return INVALID
        if len(value) < self.min_len:
            problems.error(
                pos,
                ngettext(
                    "{where}: needs at least {count} item",
                    "{where}: needs at least {count} items",
                    self.min_len,
                ).format(where=where, count=self.min_len),
                code="too-few-items",
            )
            return INVALID
        if len(value) > self.max_len:
            problems.error(
                pos,
                _("{where}: too many items ({count}; limit {limit})").format(
                    where=where, count=len(value), limit=self.max_len
                ),
                code="too-many-items",
            )
            return INVALID
        out = YSeq()
        out.pos = getattr(value, "pos", pos)
        ok = True
        for i, v in enumerate(value):
            ipos = value.pos_of(i) if isinstance(value, YSeq) else pos
            checked = self.item.check(v, ipos, problems, item(where, i + 1))
            ok &= checked is not INVALID
            out.append(checked)
            out.item_pos.append(ipos)
        return out if ok else INVALID

    def json_schema(self):
        d = {"type": "array", "items": self.item.json_schema()}
        if self.min_len:
            d["minItems"] = self.min_len
        d["maxItems"] = self.max_len
        if not self.min_len:  # nothing (``weapons:`` left empty) is an empty list
            d = {"anyOf": [d, {"type": "null"}]}
        return self._schema(d)


@dataclass
class OneOf(Spec):
    """The first alternative that accepts the value; ``message`` when none does."""

    options: tuple = ()
    message: str = N_("invalid value")  # a msgid (N_): shown in the current language

    def check(self, value, pos, problems, where):
        for opt in self.options:
            trial = Problems(problems.path)
            out = opt.check(value, pos, trial, where)
            if not trial.errors:
                return out
        problems.error(
            pos, _("{where}: {message}").format(where=where, message=tr(self.message)), code="no-alternative"
        )
        return INVALID

    def json_schema(self):
        return self._schema({"anyOf": [o.json_schema() for o in self.options]})


@dataclass
class Obj(Spec):
    """A mapping with known keys. Unknown keys are errors (with a suggestion)."""

    fields: dict = field(default_factory=dict)
    aliases: dict = field(default_factory=dict)  # other key spellings -> field name
    title: str = ""
    extra_ok: tuple = ()  # keys accepted and passed through unchecked
    # what the rules check across fields that JSON Schema can still say (``if kind is … then
    # counter is required``): schemas, or callables giving one or a list when a schema is made
    rules: tuple = ()

    def spellings(self, name: str) -> list[str]:
        """``name`` and the aliases a file may write it as."""
        return [name] + [a for a, t in self.aliases.items() if t == name]

    def requires(self, name: str) -> dict:
        """A schema saying that ``name`` is given (under its name or an alias)."""
        keys = self.spellings(name)
        return {"required": keys} if len(keys) == 1 else {"anyOf": [{"required": [k]} for k in keys]}

    def forbids(self, *names: str) -> dict:
        """A schema saying that none of ``names`` is given (under any spelling)."""
        return {"not": {"anyOf": [{"required": [k]} for n in names for k in self.spellings(n)]}}

    @_memoised
    def check(self, value, pos, problems, where):
        if not isinstance(value, dict):
            problems.error(pos, _not_a_mapping(where, value), code="not-a-mapping")
            return INVALID
        out = YMap()
        out.pos = getattr(value, "pos", pos)
        ok = True
        seen = set()
        # YMap.key_pos_of / pos_of, looked up once per mapping (this runs for every unit)
        key_pos, value_pos, own = (
            (value.key_pos, value.value_pos, value.pos) if isinstance(value, YMap) else ({}, {}, pos)
        )
        aliases, fields = self.aliases, self.fields
        for key, v in value.items():
            kpos = key_pos.get(key, own)
            vpos = value_pos.get(key, own)
            name = aliases.get(key, key)
            if name in self.extra_ok:
                out[name] = v
                out.key_pos[name], out.value_pos[name] = kpos, vpos
                continue
            spec = fields.get(name)
            if spec is None:
                hint = did_you_mean(str(key), self.fields)
                problems.error(kpos, _unknown_key(where, key, hint), code="unknown-key")
                ok = False
                continue
            if name in seen:
                problems.error(
                    kpos,
                    _("{where}: {key} given twice").format(where=where, key=short(key)),
                    code="key-twice",
                )
                continue
            seen.add(name)
            checked = spec.check(v, vpos, problems, child(where, name, spec))
            if checked is INVALID:
                ok = False
            out[name] = checked
            out.key_pos[name], out.value_pos[name] = kpos, vpos
        for name, spec in self.fields.items():
            if name in out:
                continue
            if spec.required:
                problems.error(
                    out.pos,
                    _("{where}: missing required key {key}").format(where=where, key=short(name)),
                    code="missing-key",
                )
                ok = False
            else:
                out[name] = spec.default() if callable(spec.default) else spec.default
        return out if ok else INVALID

    def json_schema(self):
        d = {
            "type": "object",
            "properties": {k: s.json_schema() for k, s in self.fields.items()},
            "additionalProperties": False,
        }
        for alias, target in self.aliases.items():
            d["properties"][alias] = self.fields[target].json_schema()
        req = [k for k, s in self.fields.items() if s.required]
        plain = [k for k in req if k not in self.aliases.values()]
        if plain:
            d["required"] = plain
        either = [
            {"anyOf": [{"required": [k]}] + [{"required": [a]} for a, t in self.aliases.items() if t == k]}
            for k in req
            if k in self.aliases.values()
        ]  # a required key written by an alias
        rules = []
        for rule in self.rules:
            made = rule() if callable(rule) else rule
            rules.extend(made if isinstance(made, list) else [made])
        if either or rules:
            d["allOf"] = either + rules
        if self.title:
            d["title"] = self.title
        return self._schema(d)


@dataclass
class MapOf(Spec):
    """A mapping whose keys come from ``keys`` (an :class:`Enum`) and values match ``value``."""

    keys: Enum = None
    value: Spec = None

    @_memoised
    def check(self, value, pos, problems, where):
        if not isinstance(value, dict):
            problems.error(pos, _not_a_mapping(where, value), code="not-a-mapping")
            return INVALID
        out = YMap()
        out.pos = getattr(value, "pos", pos)
        ok = True
        key_pos, value_pos, own = (
            (value.key_pos, value.value_pos, value.pos) if isinstance(value, YMap) else ({}, {}, pos)
        )
        for key, v in value.items():
            kpos = key_pos.get(key, own)
            vpos = value_pos.get(key, own)
            name = self.keys.lookup(key)
            if name is None:
                hint = did_you_mean(str(key), list(self.keys.choices) + list(self.keys.aliases))
                problems.error(kpos, _unknown_key(where, key, hint), code="unknown-key")
                ok = False
                continue
            checked = self.value.check(v, vpos, problems, child(where, name, self.keys))
            ok &= checked is not INVALID
            out[name] = checked
            out.key_pos[name], out.value_pos[name] = kpos, vpos
        return out if ok else INVALID

    def json_schema(self):
        return self._schema(
            {
                "type": "object",
                "propertyNames": self.keys.json_schema(),
                "additionalProperties": self.value.json_schema(),
            }
        )


def _not_a_mapping(where: str, value) -> str:
    return _("{where}: expected a mapping, got {type}").format(where=where, type=_type_name(value))


def _unknown_key(where: str, key, hint: str) -> str:
    return _("{where}: unknown key {key}{hint}").format(where=where, key=short(key), hint=hint)


def locate(root, path: tuple) -> Pos | None:
    """Best position for a logical path into a YMap/YSeq tree (deepest node found)."""
    node, best = root, getattr(root, "pos", None)
    for step in path:
        if (
            isinstance(node, YMap)
            and step in node
            or isinstance(node, YSeq)
            and isinstance(step, int)
            and 0 <= step < len(node)
        ):
            best = node.pos_of(step) or best
            node = node[step]
        else:
            break
    return best
