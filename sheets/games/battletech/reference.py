"""The ProtoMech quick-reference handout (``sheets reference battletech``): two pages of tables
and short rules for one rule variant (``options.rules``: classic | tw).

Numbers come from ``data/battletech/`` through :mod:`.rules` (hit tables, crit boxes, variant
differences, BV multipliers, 'Mech kick/punch tables); the short rule sentences come from
``templates/battletech/reference.<lang>.yaml``; headings and cells from ``labels.yaml``.

Layout: each page is a list of rows of blocks; a block can measure its height for a width and a
base font size. :func:`_fit` picks the largest base size at which the page's rows fit the frame
of the chosen paper, so A4 and Letter each get their own fitted layout.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import yaml

from sheets.core.data import decimal, label, load_data, templates_root
from sheets.games.battletech import rules
from sheets.games.battletech.model import LOCATIONS, Proto
from sheets.games.battletech.sheet import crit_box
from sheets.render.pdf import Rect, footer, margins

GAME = "battletech"
WALK_RANGE = range(1, 11)  # Walk values shown in the movement table


# -- shared helpers (also used by chart.py) ----------------------------------------------------
def percent(ways: int, lang: str, total: int = 36) -> str:
    """``ways/total`` as a percentage with one decimal, rounded half up ("44.4 %"; ru "44,4 %")."""
    tenths, rest = divmod(ways * 1000, total)
    if 2 * rest >= total:
        tenths += 1
    text = f"{tenths // 10}.{tenths % 10} %"
    return text.replace(".", ",") if lang == "ru" else text


def labeller(lang: str) -> Callable[[str], str]:
    """``L(key)``: the battletech label (or common label) of ``key`` in ``lang``."""
    return lambda key: label(GAME, key, lang)


def location_shares(motion: str) -> list[dict]:
    """Grouped hit-table rows of a motive type, largest share first (ties: table order)."""
    rows = rules.grouped_hit_rows(motion)
    return sorted(rows, key=lambda r: -r["ways"])


@functools.cache
def texts(lang: str) -> dict:
    """The short rule texts of ``templates/battletech/reference.<lang>.yaml``."""
    path = templates_root() / "battletech" / f"reference.{lang}.yaml"
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def rule_lines(section: str, variant: str, lang: str, values: dict) -> list[str]:
    """The ``all`` lines of a template section, then the variant's, placeholders filled."""
    entry = texts(lang)[section]
    return [line.format_map(values) for line in (entry.get("all") or []) + (entry.get(variant) or [])]


# -- context -----------------------------------------------------------------------------------
@dataclass
class _Ctx:
    """Everything a section needs: language, variant data and the pen."""

    pen: object
    lang: str
    variant: str
    v: dict

    def L(self, key: str) -> str:
        return label(GAME, key, self.lang)

    @property
    def motions(self) -> list[str]:
        return list(self.v["motions"])

    def values(self) -> dict:
        """Placeholder values of the templates, all computed from the data files."""
        biped = {g["location"]: g for g in rules.grouped_hit_rows("biped")}
        quad = {g["location"]: g for g in rules.grouped_hit_rows("quad")}
        half = self.v["halve_rounding"]
        roll = self.v["torso_weapon_roll"]
        out = {
            "near_miss_rolls": biped["near_miss"]["roll_text"],
            "main_gun_roll": biped["main_gun"]["roll_text"],
            "quad_leg_rolls": quad["legs"]["roll_text"],
            "rounding": texts(self.lang)["rounding"][half],
            "column": rules.table("bv")["protomech_piloting"],
            "torso_entries": "",
            "faces_biped": "",
            "faces_quad": "",
            "destroyed_pilot": "",
        }
        if roll["mode"] == "fixed":
            out["torso_entries"] = "; ".join(
                f"{_faces(e['faces'])} {self.L(_torso_entry_key(e['weapon']))}" for e in roll["entries"]
            )
        else:
            out["faces_biped"] = roll["faces_per_item"]["biped"]
            out["faces_quad"] = roll["faces_per_item"]["quad"]
        rule = self.v["destroyed_location_pilot_damage"]
        if isinstance(rule, dict):
            out["destroyed_pilot"] = ", ".join(
                f"{self.L('loc_' + loc)} {rule[loc]}" for loc in LOCATIONS if loc in rule
            )
        return out


def _faces(faces: list[int]) -> str:
    return str(faces[0]) if faces[0] == faces[1] else f"{faces[0]}–{faces[1]}"


def _torso_entry_key(weapon: int | None) -> str:
    return "no_effect" if weapon is None else f"torso_weapon_{'ab'[weapon - 1]}"


# -- layout primitives -------------------------------------------------------------------------
@dataclass
class Block:
    """A section: ``measure(width, size) -> height`` and ``draw(rect, size)`` (from the top)."""

    measure: Callable[[float, float], float]
    draw: Callable[[Rect, float], None]


def _row_h(s: float) -> float:
    return s * 1.5


def _head_h(s: float) -> float:
    return s * 2.0


def _leading(s: float) -> float:
    return s * 1.22


def _heading(ctx: _Ctx, r: Rect, text: str, s: float) -> float:
    """A heading band at the top of ``r``; returns the height used (band + gap)."""
    h = _head_h(s)
    ctx.pen.heading(Rect(r.x, r.top - h, r.w, h), text, size=s * 1.1)
    return h + s * 0.35


def _bullets_height(ctx: _Ctx, lines: list[str], w: float, s: float) -> float:
    indent = s * 0.9
    n = sum(len(ctx.pen.wrap(line, "Sans", s, w - indent)) for line in lines)
    return n * _leading(s) + (s * 0.3 if lines else 0)


def _bullets(
    ctx: _Ctx, x: float, top: float, w: float, lines: list[str], s: float, bullet: str = "•"
) -> float:
    """Wrapped lines with a hanging bullet from ``top`` down; returns the height used."""
    indent = s * 0.9
    y = top - s
    for line in lines:
        mark = bullet if not line.startswith(("*", "†")) else ""
        ctx.pen.text(x, y, mark, s, "Sans", color=ctx.pen.t.accent)
        for part in ctx.pen.wrap(line, "Sans", s, w - indent):
            ctx.pen.text(x + indent, y, part, s, "Sans", max_width=w - indent)
            y -= _leading(s)
    return top - y - s + (s * 0.3 if lines else 0)


def _table_height(n_rows: int, s: float, header: bool = True) -> float:
    return (n_rows + (1 if header else 0)) * _row_h(s)


def _table(ctx: _Ctx, x: float, top: float, w: float, widths, rows, header, s: float, aligns=None) -> float:
    h = _table_height(len(rows), s, header is not None)
    return ctx.pen.table(
        Rect(x, top - h, w, h), widths, rows, header=header, size=s, row_h=_row_h(s), aligns=aligns
    )


def _column(parts: list[tuple[Callable, Callable]]) -> Block:
    """Stack sub-parts ``(measure(w, s), draw(x, top, w, s) -> used)`` top to bottom."""

    def measure(w, s):
        return sum(m(w, s) for m, _ in parts)

    def draw(r, s):
        top = r.top
        for _, d in parts:
            top -= d(r.x, top, r.w, s)

    return Block(measure, draw)


def _heading_part(ctx: _Ctx, text: str):
    return (
        lambda w, s: _head_h(s) + s * 0.35,
        lambda x, top, w, s: _heading(ctx, Rect(x, top - _head_h(s), w, _head_h(s)), text, s),
    )


def _bullets_part(ctx: _Ctx, lines: list[str]):
    return (
        lambda w, s: _bullets_height(ctx, lines, w, s),
        lambda x, top, w, s: _bullets(ctx, x, top, w, lines, s),
    )


def _table_part(ctx: _Ctx, widths, rows, header, aligns=None, after: float = 0.4):
    return (
        lambda w, s: _table_height(len(rows), s, header is not None) + s * after,
        lambda x, top, w, s: _table(ctx, x, top, w, widths, rows, header, s, aligns) + s * after,
    )


def _fit(rows: list[list[tuple[Block, float]]], frame: Rect, s_max: float = 9.5, s_min: float = 4.5) -> float:
    """The largest base size (step 0.25, at most ``s_max``) at which the rows fit ``frame``."""
    s = s_max
    while s > s_min and _need(rows, frame.w, s, _base_gap(s)) > frame.h:
        s -= 0.25
    return s


def _base_gap(s: float) -> float:
    return s * 0.9


def _need(rows, width: float, s: float, gap: float) -> float:
    return sum(_row_need(row, width, s, gap) for row in rows) + gap * (len(rows) - 1)


def _gap(rows, frame: Rect, s: float) -> float:
    """The gap between rows at size ``s``: the base gap plus a share of the spare height."""
    base = _base_gap(s)
    spare = max(frame.h - _need(rows, frame.w, s, base), 0)
    return base + min(spare / max(len(rows) - 1, 1), s * 1.5)


def _row_need(row, width: float, s: float, gap: float) -> float:
    widths = _row_widths(row, width, gap)
    return max(block.measure(w, s) for (block, _), w in zip(row, widths))


def _row_widths(row, width: float, gap: float) -> list[float]:
    total = width - gap * (len(row) - 1)
    return [total * f for _, f in row]


def _draw_page(rows, frame: Rect, s: float, gap: float) -> None:
    top = frame.top
    across = _base_gap(s)  # between blocks side by side: the gap the page was measured with
    for row in rows:
        widths = _row_widths(row, frame.w, across)
        h = max(block.measure(w, s) for (block, _), w in zip(row, widths))
        x = frame.x
        for (block, _), w in zip(row, widths):
            block.draw(Rect(x, top - h, w, h), s)
            x += w + across
        top -= h + gap


# -- page 1 ------------------------------------------------------------------------------------
def _title(ctx: _Ctx, page_no: int, pages: int) -> Block:
    text = f"{ctx.L('reference_title')} — {ctx.L(ctx.v['rules_label'])}"
    pen = ctx.pen

    def draw(r, s):
        h = s * 2.8
        band = Rect(r.x, r.top - h, r.w, h)
        pen.rect(band, fill=pen.t.accent, stroke=False)
        pen.text_in(
            Rect(band.x, band.y, band.w - s * 3, h),
            text,
            s * 1.6,
            "Sans-Bold",
            color=pen.t.accent_text,
            pad=s * 0.6,
        )
        pen.text(
            band.right - s * 0.6,
            band.y + (h - s) / 2 + s * 0.1,
            f"{page_no}/{pages}",
            s,
            "Sans-Bold",
            align="right",
            color=pen.t.accent_text,
        )

    return Block(lambda w, s: s * 2.8, draw)


def _motion_columns(ctx: _Ctx) -> list[tuple[str, str]]:
    """(table shape, header label) of the hit-table columns this variant allows."""
    cols = [("biped", ctx.L("col_biped_glider") if "glider" in ctx.motions else ctx.L("motion_biped"))]
    if "quad" in ctx.motions:
        cols.append(("quad", ctx.L("motion_quad")))
    return cols


def _roll_table_rows(ctx: _Ctx, which: str) -> tuple[list, list]:
    """Header and rows of a per-roll hit table: 2D6 | chance | one column per motive type."""
    cols = _motion_columns(ctx)
    tables = {shape: {r["roll"]: r for r in rules.hit_table(shape, which)} for shape, _ in cols}
    first = tables[cols[0][0]]
    header = [ctx.L("col_2d6"), ctx.L("col_probability")] + [h for _, h in cols]
    rows = [
        [str(roll), f"{row['probability']} = {percent(row['ways'], ctx.lang)}"]
        + [ctx.L(f"loc_{tables[shape][roll]['location']}") for shape, _ in cols]
        for roll, row in first.items()
    ]
    return header, rows


def _hit_block(ctx: _Ctx) -> Block:
    header, rows = _roll_table_rows(ctx, "standard")
    widths = [0.13, 0.29] + [0.58 / (len(header) - 2)] * (len(header) - 2)
    return _column(
        [
            _heading_part(ctx, ctx.L("ref_hit_heading")),
            _table_part(ctx, widths, rows, header, ["center"] * 2 + ["left"] * (len(header) - 2)),
        ]
    )


def _share_rows(ctx: _Ctx) -> tuple[list, list]:
    """Header and rows of the share-by-location table: location | per motive type: rolls, chance."""
    cols = _motion_columns(ctx)
    groups = {shape: {g["location"]: g for g in rules.grouped_hit_rows(shape)} for shape, _ in cols}
    order = [g["location"] for g in location_shares("biped")]
    order += [loc for shape, _ in cols for loc in groups[shape] if loc not in order]
    header = [ctx.L("col_location")] + [ctx.L("col_2d6"), ctx.L("col_probability")] * len(cols)
    rows = []
    for loc in order:
        row = [ctx.L(f"loc_{loc}")]
        for shape, _ in cols:
            g = groups[shape].get(loc)
            row += (
                [g["roll_text"], f"{g['probability']} = {percent(g['ways'], ctx.lang)}"] if g else ["—", "—"]
            )
        rows.append(row)
    return header, rows


def _group_header_part(ctx: _Ctx, widths: list[float], groups: list[tuple[int, int, str]]):
    """A band above a table naming column groups: (first column, last column, text)."""
    pen = ctx.pen

    def draw(x, top, w, s):
        rh = _row_h(s)
        xs = [x]
        for f in widths:
            xs.append(xs[-1] + w * f / sum(widths))
        pen.rect(Rect(x, top - rh, w, rh), fill=pen.t.band, stroke=False)
        for a, b, text in groups:
            cell = Rect(xs[a], top - rh, xs[b + 1] - xs[a], rh)
            pen.text_in(cell, text, s, "Sans-Bold", "center", pad=1.5)
            pen.line(cell.x + 2, cell.y + 0.5, cell.right - 2, cell.y + 0.5, 0.4)
        return rh

    return (lambda w, s: _row_h(s)), draw


def _crit_chance_rows(ctx: _Ctx) -> tuple[list, list, bool]:
    rows, unverified = [], False
    for r in rules.table("hit_tables")["determining_crits"]:
        ways = sum(rules.ways_2d6(n) for n in range(r["min"], r["max"] + 1))
        mark = "" if r["verified"] else " †"
        unverified |= not r["verified"]
        roll = str(r["min"]) if r["min"] == r["max"] else f"{r['min']}–{r['max']}"
        rows.append(
            [roll + mark, ctx.L(f"crits_{r['crits']}") + mark, f"{ways}/36 = {percent(ways, ctx.lang)}"]
        )
    return [ctx.L("col_2d6"), ctx.L("col_result"), ctx.L("col_probability")], rows, unverified


def _share_and_crits_block(ctx: _Ctx) -> Block:
    header, rows = _share_rows(ctx)
    cols = _motion_columns(ctx)
    first = 0.3 if len(cols) == 1 else 0.2
    per = (1 - first) / len(cols)
    widths = [first] + [per * 0.32, per * 0.68] * len(cols)
    groups = [(1 + 2 * i, 2 + 2 * i, h) for i, (_, h) in enumerate(cols)]
    ch, crow, unverified = _crit_chance_rows(ctx)
    notes = [ctx.L("crit_roll_note")] + ([ctx.L("crit_12_footnote")] if unverified else [])
    return _column(
        [
            _heading_part(ctx, ctx.L("ref_share_heading")),
            _group_header_part(ctx, widths, groups),
            _table_part(ctx, widths, rows, header),
            _heading_part(ctx, ctx.L("ref_determining")),
            _table_part(ctx, [0.2, 0.48, 0.32], crow, ch, ["center", "left", "center"], after=0.2),
            _bullets_part(ctx, notes),
        ]
    )


def _hit_notes_block(ctx: _Ctx) -> Block:
    return _column([_bullets_part(ctx, rule_lines("hit_location", ctx.variant, ctx.lang, ctx.values()))])


def _crit_rows(ctx: _Ctx) -> list[dict]:
    """Rows of the crit effect table: {label, rolls, boxes, effects (None = no boxes), note}."""
    crits = ctx.v["crits"]
    out = []
    for g in rules.grouped_hit_rows("biped"):
        loc = g["location"]
        if loc == "near_miss":
            continue
        boxes = crits.get(loc, [])
        out.append(
            {
                "label": ctx.L(f"loc_{loc}"),
                "rolls": g["roll_text"],
                "boxes": boxes,
                "note": None if boxes else ctx.L("main_gun_no_crits"),
            }
        )
        if loc == "torso" and "glider" in ctx.motions and ctx.v.get("crits_glider", {}).get("torso"):
            out.append(
                {
                    "label": f"{ctx.L('loc_torso')} ({ctx.L('motion_glider')})",
                    "rolls": g["roll_text"],
                    "boxes": ctx.v["crits_glider"]["torso"],
                    "note": None,
                }
            )
    if ctx.v.get("wings_effect") and "glider" in ctx.motions:
        wings = {g["location"]: g for g in rules.grouped_hit_rows("glider")}["wings"]
        out.append(
            {
                "label": ctx.L("loc_wings"),
                "rolls": wings["roll_text"],
                "boxes": [],
                "note": ctx.L(ctx.v["wings_effect"]),
            }
        )
    return out


def _crit_notes(ctx: _Ctx) -> list[str]:
    values = ctx.values()
    t = texts(ctx.lang)
    lines = [t["torso_roll"][ctx.v["torso_weapon_roll"]["mode"]].format_map(values)]
    rule = ctx.v["destroyed_location_pilot_damage"]
    lines.append(t["destroyed"]["fixed" if isinstance(rule, dict) else rule].format_map(values))
    lines += rule_lines("crits", ctx.variant, ctx.lang, values)
    if not ctx.v["destroyed_location_pilot_damage_verified"]:
        lines.append(ctx.L("unverified_footnote"))
    return lines


def _crit_table_part(ctx: _Ctx):
    """The crit effect table: boxes drawn per the variant's kinds; long effects wrap."""
    rows = _crit_rows(ctx)
    widths = [0.18, 0.07, 0.09, 0.22, 0.22, 0.22]
    header = [
        ctx.L("col_location"),
        ctx.L("col_2d6"),
        ctx.L("col_boxes"),
        ctx.L("col_hit1"),
        ctx.L("col_hit2"),
        ctx.L("col_hit3"),
    ]
    pen, pad = ctx.pen, 1.5

    def gutter(s: float) -> float:
        """Paper kept free at the right of each effect column, so that two effects never read as
        one sentence (issue 23: "+1 to hit (arm and main Arm destroyed (main")."""
        return s * 1.2

    def text_w(xs, a, b, s) -> float:
        return xs[b + 1] - xs[a] - 2 * pad - (gutter(s) if a >= 3 and b < 5 else 0)

    def cells(row) -> list[tuple[int, int, str, str, str]]:
        """(first column, last column, text, font, align) of one row."""
        out = [(0, 0, row["label"], "Sans-Bold", "left"), (1, 1, row["rolls"], "Sans", "center")]
        out += [(3 + j, 3 + j, ctx.L(b["effect"]), "Sans", "left") for j, b in enumerate(row["boxes"])]
        if row["note"]:
            out.append((3, 5, row["note"], "Sans", "left"))
        return out

    def layout(x, w, s):
        xs = [x]
        for f in widths:
            xs.append(xs[-1] + w * f)
        wrapped = [
            [
                (a, b, pen.wrap(text, font, s, text_w(xs, a, b, s)), font, al)
                for a, b, text, font, al in cells(row)
            ]
            for row in rows
        ]
        heights = [max(_row_h(s), max(len(c[2]) for c in cs) * s * 1.15 + s * 0.45) for cs in wrapped]
        return xs, wrapped, heights

    def measure(w, s):
        return _row_h(s) + sum(layout(0, w, s)[2]) + s * 0.4

    def draw(x, top, w, s):
        xs, wrapped, heights = layout(x, w, s)
        rh = _row_h(s)
        pen.table(Rect(x, top - rh, w, rh), widths, [], header=header, size=s, row_h=rh)
        y = top - rh
        for i, (row, cs, h) in enumerate(zip(rows, wrapped, heights)):
            rr = Rect(x, y - h, w, h)
            if i % 2 == 1:
                pen.rect(rr, fill=pen.t.faint, stroke=False)
            for a, b, lines, font, al in cs:
                cw = text_w(xs, a, b, s)
                tx = xs[a] + pad + (cw / 2 if al == "center" else 0)
                ty = rr.y + (h + (len(lines) - 1) * s * 1.15) / 2 - s * 0.36
                for line in lines:
                    pen.text(tx, ty, line, s, font, align=al, max_width=cw)
                    ty -= s * 1.15
            if row["boxes"]:
                size = rh * 0.62
                with pen.legend_key():  # pictures of the sheet's boxes, not boxes to tick
                    for k, b in enumerate(row["boxes"]):
                        crit_box(
                            pen, xs[2] + s * 0.3 + k * size * 1.25, rr.y + (h - size) / 2, size, b["kind"]
                        )
            y -= h
        return top - y + s * 0.4

    return measure, draw


def _legend_part(ctx: _Ctx):
    """A sample pilot-hit box and the variant's legend ("each crossed box" / "shaded box")."""
    pilot_kind = next(b["kind"] for boxes in ctx.v["crits"].values() for b in boxes if b["pilot_hit"])
    pen = ctx.pen

    def draw(x, top, w, s):
        size = s * 0.95
        with pen.legend_key():
            crit_box(pen, x, top - s * 1.05, size, pilot_kind)
        text_x = x + size + s * 0.5
        width = pen.text(text_x, top - s, ctx.L(ctx.v["legend"]), s, "Sans-Bold", max_width=w - size)
        destroy = any(b["kind"] == "destroy" for boxes in ctx.v["crits"].values() for b in boxes)
        if destroy and ctx.v["legend"] == "legend_tw":  # the classic legend already names it
            x2 = text_x + width + s * 1.2
            if x2 + size + s * 8 < x + w:
                with pen.legend_key():
                    crit_box(pen, x2, top - s * 1.05, size, "destroy")
                pen.text(
                    x2 + size + s * 0.5,
                    top - s,
                    ctx.L("legend_destroy"),
                    s,
                    "Sans-Bold",
                    max_width=x + w - x2 - size - s * 0.5,
                )
        return _leading(s) + s * 0.3

    return (lambda w, s: _leading(s) + s * 0.3), draw


def _crit_block(ctx: _Ctx) -> Block:
    return _column(
        [
            _heading_part(ctx, ctx.L("ref_crit_effects")),
            _crit_table_part(ctx),
            _legend_part(ctx),
            _bullets_part(ctx, _crit_notes(ctx)),
        ]
    )


def _movement_rows(ctx: _Ctx) -> list[list[str]]:
    keys = ["mv_walk", "mv_run", "mv_jump_std", "mv_jump_ext", "mv_leg_1", "mv_leg_2"]
    if "post_seed" not in rules.table("eras")["allowed"][ctx.variant]:
        keys.remove("mv_jump_ext")  # extended jets are later than the classic rules (eras.yaml)
    cells = {k: [ctx.L(k)] for k in keys}
    for walk in WALK_RANGE:
        unit = Proto(name="", tons=rules.table("variants")[ctx.variant]["tons"]["min"], walk=walk)
        dm = rules.damaged_movement(unit, ctx.variant)
        cells["mv_walk"].append(str(walk))
        cells["mv_run"].append(str(rules.run_mp(unit)))
        cells["mv_jump_std"].append(str(rules.max_jump_mp(unit)))
        if "mv_jump_ext" in cells:
            cells["mv_jump_ext"].append(
                str(rules.max_jump_mp(Proto(name="", tons=unit.tons, walk=walk, jump_jets="extended")))
            )
        cells["mv_leg_1"].append(f"{dm['walk'][1]}/{dm['run'][1]}")
        cells["mv_leg_2"].append(f"{dm['walk'][2]}/{dm['run'][2]}")
    return list(cells.values())


def _movement_block(ctx: _Ctx) -> Block:
    rows = _movement_rows(ctx)
    n = len(rows[0]) - 1
    widths = [0.3] + [0.7 / n] * n
    return _column(
        [
            _heading_part(ctx, ctx.L("ref_movement")),
            _bullets_part(ctx, rule_lines("movement", ctx.variant, ctx.lang, ctx.values())),
            _table_part(ctx, widths, rows[1:], rows[0], ["left"] + ["center"] * n, after=0),
        ]
    )


# -- page 2 ------------------------------------------------------------------------------------
def _physical_left(ctx: _Ctx) -> Block:
    lines = [ctx.L(k) for k in ctx.v["physical_lines"]]
    lines += rule_lines("physical", ctx.variant, ctx.lang, ctx.values())
    dmg = [[f"{r['min_tons']}–{r['max_tons']}", str(r["damage"])] for r in ctx.v["physical_damage"]]
    return _column(
        [
            _heading_part(ctx, ctx.L("ref_physical")),
            _bullets_part(ctx, lines),
            _table_part(
                ctx, [0.5, 0.5], dmg, [ctx.L("col_tons"), ctx.L("col_damage")], ["center", "center"], after=0
            ),
        ]
    )


def _physical_right(ctx: _Ctx) -> Block:
    data = load_data("battletech/physical_tables.yaml")
    cols = data["columns"]
    header = [ctx.L("col_1d6")] + [ctx.L(f"side_{c}") for c in cols]
    parts = []
    for name in data["used_by"][ctx.variant]:
        rows = [
            [_faces(r["faces"])] + [ctx.L(f"mech_loc_{r[c]}") for c in cols] for r in data["tables"][name]
        ]
        parts += [
            _heading_part(ctx, ctx.L(f"{name}_table")),
            _table_part(ctx, [0.16, 0.28, 0.28, 0.28], rows, header, ["center"] * 4),
        ]
    parts.append(_bullets_part(ctx, [ctx.L("mech_loc_legend")]))
    return _column(parts)


def _bv_block(ctx: _Ctx) -> Block:
    t = rules.table("bv")
    col = t["protomech_piloting"]
    mult = t["skill_multipliers"]
    n = len(mult[0])
    header = [""] + [str(p) for p in range(n)]
    rows = [[str(g)] + [decimal(x, ctx.lang) for x in mult[g]] for g in sorted(mult)]
    widths = [1.2] + [1.0] * n
    pen = ctx.pen

    def measure(w, s):
        return _table_height(len(rows) + 1, s) + s * 0.4

    def draw(x, top, w, s):
        rh = _row_h(s)
        unit = w / sum(widths)
        cx = x + unit * (widths[0] + col)
        band = Rect(cx, top - rh * (len(rows) + 2), unit, rh * (len(rows) + 1))
        pen.rect(band, fill=pen.t.band, stroke=False)
        base = top - rh * 0.75
        pen.text(x, base, ctx.L("bv_gunnery_piloting"), s, "Sans-Bold", max_width=cx - x - s * 0.5)
        pen.text(cx + unit / 2, base, "▼", s, "Sans-Bold", align="center", color=pen.t.accent)
        pen.text(
            cx + unit / 2 + s * 0.6,
            base,
            ctx.L("bv_protomech_column"),
            s,
            "Sans-Bold",
            max_width=x + w - cx - unit / 2 - s * 0.6,
            color=pen.t.accent,
        )
        h = _table_height(len(rows), s)
        pen.table(
            Rect(x, top - rh - h, w, h),
            widths,
            rows,
            header=header,
            size=s,
            row_h=rh,
            aligns=["center"] * (n + 1),
            zebra=False,
        )
        pen.rect(band, stroke=True, width=1.2)
        return rh + h + s * 0.4

    return _column(
        [
            _heading_part(ctx, ctx.L("ref_bv")),
            (measure, draw),
            _bullets_part(ctx, rule_lines("bv", ctx.variant, ctx.lang, ctx.values())),
        ]
    )


def _special_block(ctx: _Ctx) -> Block:
    header, rows = _roll_table_rows(ctx, "special")
    widths = [0.13, 0.29] + [0.58 / (len(header) - 2)] * (len(header) - 2)
    return _column(
        [
            _heading_part(ctx, ctx.L("special_hit_table")),
            _table_part(ctx, widths, rows, header, ["center"] * 2 + ["left"] * (len(header) - 2), after=0.2),
            _bullets_part(ctx, [ctx.L("special_hit_note")]),
        ]
    )


def _other_block(ctx: _Ctx) -> Block:
    lines = rule_lines("other", ctx.variant, ctx.lang, ctx.values())
    return _column([_heading_part(ctx, ctx.L("ref_other")), _bullets_part(ctx, lines)])


# -- entry point -------------------------------------------------------------------------------
def pages(ctx: _Ctx) -> list[list[list[tuple[Block, float]]]]:
    """The handout's pages as rows of (block, width fraction)."""
    p1 = [
        [(_title(ctx, 1, 2), 1.0)],
        [(_hit_block(ctx), 0.46), (_share_and_crits_block(ctx), 0.54)],
        [(_hit_notes_block(ctx), 0.5), (_special_block(ctx), 0.5)]
        if ctx.v["special_hit_table"]
        else [(_hit_notes_block(ctx), 1.0)],
        [(_crit_block(ctx), 1.0)],
    ]
    p2 = [
        [(_title(ctx, 2, 2), 1.0)],
        [(_physical_left(ctx), 0.5), (_physical_right(ctx), 0.5)],
        [(_movement_block(ctx), 1.0)],
        [(_bv_block(ctx), 0.5), (_other_block(ctx), 0.5)],
    ]
    return [p1, p2]


def render(doc, options) -> None:
    """Draw the handout for ``options.rules`` (default classic) in ``options.lang`` on the
    document's paper; each page is fitted to the paper's frame."""
    variant = options.rules or rules.DEFAULT_VARIANT
    lang = options.lang
    m = margins(options.paper)
    frame = Rect(m, m + 4, doc.width - 2 * m, doc.height - 2 * m - 4)
    ctx = _Ctx(doc.pen, lang, variant, rules.variant_data(variant))
    L = ctx.L
    all_pages = pages(ctx)
    s = min(_fit(rows, frame) for rows in all_pages)  # one text size on every page
    for i, rows in enumerate(all_pages, 1):
        ctx.pen = doc.page()
        _draw_page(rows, frame, s, _gap(rows, frame, s))
        footer(
            ctx.pen,
            frame,
            L(ctx.v["rules_label"]),  # the variant's name, never its id
            f"{L('generated_by')} · {L('page')} {i}/{len(all_pages)}",
        )
