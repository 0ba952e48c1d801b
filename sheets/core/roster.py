"""The army list (roster) model shared by all games: rows, groups, totals, the limit check.

Pure data: the PDF page and the text formats (md, html, bbcode via jinja2 templates, json)
render what :func:`army_list` returns.
"""

from __future__ import annotations

from typing import Any

from sheets.core.data import label, labels
from sheets.core.game import Options
from sheets.core.i18n import _, current_lang
from sheets.core.loader import Loaded


def _num(x: float | None) -> float | None:
    if x is None:
        return None
    return int(x) if float(x).is_integer() else round(float(x), 2)


def army_list(loaded: Loaded, lang: str | None = None) -> dict[str, Any]:
    """The army list as plain data (the context of the list's templates and its PDF page)."""
    game, opts = loaded.game, loaded.options
    lang = lang or opts.lang
    roster = loaded.roster or {}
    columns = [{"key": k, "label": label(game.id, lab, lang)} for k, lab in game.roster_columns(opts)]
    rows = []
    for i, unit in enumerate(loaded.units):
        row = dict(game.roster_row(unit, opts))
        row.setdefault("cost", game.unit_cost(unit, opts))
        row["no"] = i + 1
        rows.append(row)
    costs: list[float] = [r["cost"] for r in rows if r.get("cost") is not None]
    total = _num(sum(costs)) if costs else None
    limit = roster.get("limit")
    size = game.roster_group_size
    groups: list[dict[str, Any]] = []
    if size:
        # runs of units of one named group (game.roster_group_of), each cut into groups of `size`
        runs: list[tuple[str, list[dict[str, Any]]]] = []
        for unit, row in zip(loaded.units, rows):
            name = game.roster_group_of(unit) or ""
            if not runs or runs[-1][0] != name:
                runs.append((name, []))
            runs[-1][1].append(row)
        for name, run in runs:
            for g in range(0, len(run), size):
                chunk = run[g : g + size]
                sub = [r["cost"] for r in chunk if r.get("cost") is not None]
                word = label(game.id, game.roster_group_label, lang)
                title = f"{word} {len(groups) + 1}"
                if name:  # a group named like one ("Point Alpha") keeps its own name
                    title = name if name.lower().startswith(word.lower()) else f"{title} — {name}"
                groups.append(
                    {
                        "title": title,
                        "rows": chunk,
                        "subtotal": _num(sum(sub)) if sub else None,
                    }
                )
    else:
        groups.append({"title": "", "rows": rows, "subtotal": total})
    over = limit is not None and total is not None and total > limit
    over_by = _num(total - limit) if over and total is not None and limit is not None else 0
    own_opts = Options(lang=lang, paper=opts.paper, mono=opts.mono, rules=opts.rules, extra=opts.extra)
    violations = []
    if over:
        violations.append(f"{label(game.id, 'over_limit', lang)} {over_by} ({_num(total)} > {limit})")
    rule_violations = list(game.validate_list(loaded.units, own_opts, loaded.roster))
    violations += rule_violations
    own = labels(game.id)
    if "limit_unit" in own:
        limit_unit = own["limit_unit"][lang]
    else:  # a plug-in's own words: a string, or {"en": …, "ru": …}
        unit_words = game.limit_unit
        limit_unit = (
            unit_words.get(lang) or unit_words.get("en", "") if isinstance(unit_words, dict) else unit_words
        )
    rules_name = (
        own[f"rules_{opts.rules}"][lang] if opts.rules and f"rules_{opts.rules}" in own else opts.rules
    )
    return {
        "system": game.id,
        "game": game.name.get(lang, game.name.get("en", game.id)),
        "name": roster.get("name") or "",
        "notes": roster.get("notes") or "",
        "rules": opts.rules,
        "rules_name": rules_name,
        "lang": lang,
        "limit": limit,
        "limit_unit": limit_unit,
        "total": total,
        "over": over,
        "over_by": over_by,
        "remaining": _num(limit - total) if (limit is not None and total is not None and not over) else None,
        "unit_count": len(rows),
        "violations": violations,  # list-level breaches (limit, force organisation), in `lang`
        "rule_violations": rule_violations,  # the game's own list checks only (no limit line)
        "tally": game.list_tally(loaded.units, own_opts, loaded.roster),
        "columns": columns,
        "groups": groups,
        "labels": {
            k: label(game.id, k, lang)
            for k in (
                "army_list",
                "total",
                "subtotal",
                "limit",
                "remaining",
                "over_limit",
                "within_limit",
                "no_limit",
                "units_count",
                "col_no",
                "generated_by",
                "rules_variant",
                "violations",
            )
        },
    }


def limit_warning(loaded: Loaded) -> str | None:
    """The message for a roster over its limit (in the current language), or None."""
    if not loaded.roster:
        return None
    data = army_list(loaded, current_lang())
    if data["over"]:
        return _("roster {name} is over the limit: {total} {unit} > {limit} (by {over})").format(
            name=repr(data["name"]),
            total=data["total"],
            unit=data["limit_unit"],
            limit=data["limit"],
            over=data["over_by"],
        )
    return None


def list_violations(loaded: Loaded) -> list[str]:
    """Every list-level breach of a roster, in the current language: over the limit, then the
    game's own list checks (e.g. the Force Organisation Chart). A plain unit file has none."""
    if not loaded.roster:
        return []
    out = [w for w in [limit_warning(loaded)] if w]
    opts = loaded.options
    here = Options(lang=current_lang(), paper=opts.paper, mono=opts.mono, rules=opts.rules, extra=opts.extra)
    return out + list(loaded.game.validate_list(loaded.units, here, loaded.roster))
