"""Check a user's override of a rule table (``--data-dir``) against the bundled table it replaces.

The bundled file is the schema: the override must have the same structure. Mappings keep every
key the bundled one has (unknown keys are errors with "did you mean", except in a *collection* —
a mapping whose values are all mappings, like labels — where new entries are checked against the
shape of the existing ones); list items match the shape of the bundled items; a whole number stays
whole, a number stays a finite number (no ``.inf``/``.nan``) and stays 0 or more where every
bundled value is; text stays text. Problems are positioned (``file:line:col``) like unit files.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sheets.core.errors import Pos, Problems, did_you_mean, short
from sheets.core.i18n import N_, _, tr
from sheets.core.yamlio import YMap, YSeq

COLLECTION_MIN = 3  # a mapping with at least this many values, all mappings, is a collection


@dataclass
class Shape:
    kinds: set[str] = field(default_factory=set)  # map list int float str bool null
    fields: dict[Any, Shape] = field(default_factory=dict)  # key -> Shape (maps)
    required: set[Any] | None = None  # keys every bundled mapping here has
    entry: Shape | None = None  # shape of any value (collections)
    item: Shape | None = None  # shape of list items
    nonneg: bool = True  # every bundled number here is >= 0
    length: int | None = None  # a row of numbers keeps its length (code indexes it)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, dict):
        return "map"
    if isinstance(value, list):
        return "list"
    return type(value).__name__


def shape_of(value: Any) -> Shape:
    s = Shape(kinds={_kind(value)})
    if isinstance(value, dict):
        s.fields = {k: shape_of(v) for k, v in value.items()}
        s.required = set(value)
        values = list(value.values())
        if len(values) >= COLLECTION_MIN and all(isinstance(v, dict) for v in values):
            s.entry = _merge_all([s.fields[k] for k in value])
    elif isinstance(value, list):
        s.item = _merge_all([shape_of(v) for v in value]) if value else None
        if value and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            s.length = len(value)  # a row of numbers (a table the code indexes): same length
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        s.nonneg = value >= 0
    return s


def _merge_all(shapes: list[Shape]) -> Shape:
    out = shapes[0]
    for s in shapes[1:]:
        out = merge(out, s)
    return out


def merge(a: Shape, b: Shape) -> Shape:
    out = Shape(kinds=a.kinds | b.kinds, nonneg=a.nonneg and b.nonneg)
    out.fields = dict(a.fields)
    for k, v in b.fields.items():
        out.fields[k] = merge(out.fields[k], v) if k in out.fields else v
    if a.required is None or b.required is None:
        out.required = a.required if b.required is None else b.required
    else:
        out.required = a.required & b.required
    out.entry = a.entry if b.entry is None else (b.entry if a.entry is None else merge(a.entry, b.entry))
    out.item = a.item if b.item is None else (b.item if a.item is None else merge(a.item, b.item))
    out.length = a.length if a.length == b.length else None
    return out


_NAMES = {
    "map": N_("a mapping"),
    "list": N_("a list"),
    "int": N_("a whole number"),
    "float": N_("a number"),
    "str": N_("text"),
    "bool": N_("true/false"),
    "null": N_("nothing"),
}


def _expected(kinds: set[str]) -> str:
    kinds = set(kinds)
    if "float" in kinds:
        kinds.discard("int")
    return _(" or ").join(tr(_NAMES.get(k, k)) for k in sorted(kinds - {"null"}) or ["null"])


def check(value: Any, shape: Shape, pos: Pos | None, problems: Problems, where: str) -> None:
    kind = _kind(value)
    kinds = shape.kinds
    ok = kind in kinds or (kind == "int" and "float" in kinds)
    if not ok:
        problems.error(
            pos,
            _("{where}: expected {expected}, got {got} (as in the bundled table)").format(
                where=where or _("the table"), expected=_expected(kinds), got=tr(_NAMES.get(kind, kind))
            ),
            code="table-type",
        )
        return
    if kind in ("int", "float"):
        if kind == "float" and not math.isfinite(value):
            problems.error(
                pos,
                _("{where}: {value} is not a finite number").format(where=where, value=short(value)),
                "table-value",
            )
        elif shape.nonneg and value < 0:
            problems.error(
                pos,
                _("{where}: {value} must not be negative").format(where=where, value=short(value)),
                "table-value",
            )
        return
    if kind == "map":
        for key in sorted(shape.required or (), key=str):
            if key not in value:
                message = (
                    _("missing key {key} in {where}").format(key=short(key), where=short(where))
                    if where
                    else _("missing key {key}").format(key=short(key))
                )
                problems.error(pos, message, "table-missing-key")
        for key, v in value.items():
            vpos = value.pos_of(key) if isinstance(value, YMap) else pos
            kpos = value.key_pos_of(key) if isinstance(value, YMap) else pos
            sub = f"{where}.{key}" if where else str(key)
            if isinstance(sub, str) and len(sub) > 120:
                sub = sub[:120] + "…"
            if key in shape.fields:
                check(v, shape.fields[key], vpos, problems, sub)
            elif shape.entry is not None:
                check(v, shape.entry, vpos, problems, sub)
            else:
                hint = did_you_mean(str(key), [str(k) for k in shape.fields]) if isinstance(key, str) else ""
                message = _("unknown key {key}{hint}").format(key=short(key), hint=hint)
                problems.error(kpos, f"{where}: {message}" if where else message, "table-unknown-key")
        return
    if kind == "list" and shape.length is not None and len(value) != shape.length:
        problems.error(
            pos,
            _("{where}: {n} values expected (as in the bundled table), got {got}").format(
                where=where, n=shape.length, got=len(value)
            ),
            "table-length",
        )
        return
    if kind == "list" and shape.item is not None:
        for i, v in enumerate(value):
            ipos = value.pos_of(i) if isinstance(value, YSeq) else pos
            check(v, shape.item, ipos, problems, f"{where}[{i + 1}]")
