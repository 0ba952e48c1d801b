"""The text form of ``sheets info``: every field name and every internal value in words of
the chosen language (labels ``info_<key>`` of the game, then of ``data/common/labels.yaml``;
values through ``info_<key>_<id>`` / ``<key>_<id>``, the nearest key first)."""

from __future__ import annotations

import re

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_YES_NO = {"en": ("no", "yes"), "ru": ("нет", "да")}


def info_lines(game, rows: list[dict], lang: str) -> list[str]:
    """One ``== name (game)`` line per unit, then ``  field: value`` lines."""
    from sheets.core.data import labels

    names = labels(game.id)  # the game's labels over the common ones

    def word(key: str) -> str | None:
        entry = names.get(key)
        return entry[lang] if entry else None

    def field(key) -> str:
        return word(f"info_{key}") or str(key)

    def value(v, keys: tuple) -> str:
        if v is None or v == "":
            return "—"
        if isinstance(v, bool):
            return _YES_NO[lang][v]
        if isinstance(v, dict):
            if {"en", "ru"} <= set(v):  # a name in both languages
                return value(v[lang], keys)
            return ", ".join(f"{field(a)}: {value(b, (*keys, a))}" for a, b in v.items())
        if isinstance(v, (list, tuple)):
            return (
                "; ".join(f"({value(x, keys)})" if isinstance(x, dict) else value(x, keys) for x in v) or "—"
            )
        if isinstance(v, str) and _ID.match(v):
            for key in reversed(keys):  # the nearest key first: armor.type=soldier -> armor_soldier
                found = word(f"info_{key}_{v}") or word(f"{key}_{v}")
                if found:
                    return found
        return str(v)

    title = game.name.get(lang, game.id) if isinstance(game.name, dict) else str(game.name)
    lines = []
    for row in rows:
        lines.append(f"== {row.get('name', '')} ({title})")
        for k, v in row.items():
            if k in ("name", "system"):
                continue
            lines.append(f"  {field(k)}: {value(v, (k,))}")
    return lines
