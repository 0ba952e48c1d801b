"""Dust Tactics unit cards: the card faces and their order on the sheet.

``render(doc, units, options)`` prints one card per unit through the shared card machinery
(:mod:`sheets.render.cards`: sizes, n-up imposition, crop marks, bleed, backs, PNGs). A hero
that joined a squad is printed right after that squad, in the same row of the sheet (a slot is
left empty when the pair would otherwise wrap). Everything a card shows comes from
:func:`sheets.games.dust.view.card_data`; fixed words are labels of ``data/dust/labels.yaml``.

Layout of a face, top to bottom: title band (name, AP), faction · kind · armour, a stats row
(move, armour class, soft/hard cover shields), damage boxes (plus the joined hero's), the
weapon grid (a name line over the 14 target-class cells for each weapon), skills, and the dice
edition footer. All sizes derive from one line unit ``u`` chosen so the whole face fits.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from sheets.data import labels
from sheets.games.dust import view
from sheets.games.dust.rules import partners, resolve_joins
from sheets.render import cards as shared
from sheets.render import fonts
from sheets.render.cards import CardBox, Drawer
from sheets.render.pdf import MM, PAPER, Pen, Rect, margins

FONT, BOLD = "Cond", "Cond-Bold"
GAP = 0.35  # space between the blocks of a face, in line units


# -- labels ----------------------------------------------------------------------------------

def texts(lang: str) -> Callable[[str], str]:
    """``L(key)`` → the Dust (or common) label ``key`` in ``lang``."""
    table = labels("dust")
    return lambda key: table[key][lang]


# -- order and placement ---------------------------------------------------------------------

def card_groups(units: list) -> list[list[int]]:
    """Indexes of ``units`` in print order, grouped: ``[squad, hero]`` for a joined pair (the hero
    right after its squad), ``[unit]`` otherwise; file order is kept."""
    pairs, _ = resolve_joins(units)
    hero_of = {squad: hero for hero, squad in pairs.items()}
    groups = []
    for i in range(len(units)):
        if i in pairs:
            continue
        groups.append([i, hero_of[i]] if i in hero_of else [i])
    return groups


def slot_plan(groups: list[list[int]], cols: int) -> list[int | None]:
    """Card index per slot (None = empty slot): a group that would wrap past the end of a row
    starts the next row instead, so a squad and its hero sit side by side."""
    slots: list[int | None] = []
    for group in groups:
        col = len(slots) % cols
        if 1 < len(group) <= cols and col + len(group) > cols:
            slots += [None] * (cols - col)
        slots += group
    return slots


def _grid(options) -> shared.Grid:
    extra = options.extra or {}
    size = shared.card_size(extra.get("card") or shared.default_card())
    return shared.grid(PAPER[options.paper], size, margins(options.paper),
                       float(extra.get("gap") or 0) * MM, float(extra.get("bleed") or 0) * MM)


def card_frames(units: list, options) -> list[tuple[int, Rect, str]]:
    """Where each card of a render lands: (card page number from 0, trim box on the page, unit
    name), in print order. Back pages (``backs``) are not counted. Pure geometry."""
    g = _grid(options)
    plan = slot_plan(card_groups(units), g.cols)
    return [(n // g.per_page, g.slots[n % g.per_page], units[k].name)
            for n, k in enumerate(plan) if k is not None]


def render(doc, units: list, options) -> None:
    """Print the unit cards of ``units`` (loaded Dust units, ``validate_force`` already run).

    Empty slots keep joined pairs in one row; with ``png_dir`` only the real cards become PNGs."""
    from sheets.games.dust import GAME

    g = _grid(options)
    plan = slot_plan(card_groups(units), g.cols)
    order = [k for k in plan if k is not None]
    mates = partners(units)
    faces = {k: face(view.card_data(units[k], units, options, mates), options.lang) for k in order}
    back = shared.plain_back(GAME.name[options.lang])
    extra = {k: v for k, v in (options.extra or {}).items() if k != "png_dir"}
    shared.impose(doc, [faces[k] if k is not None else _empty for k in plan],
                  dataclasses.replace(options, extra=extra),
                  backs=[back if k is not None else _empty for k in plan])
    png_dir = (options.extra or {}).get("png_dir")
    if png_dir:
        shared.write_card_pngs([faces[k] for k in order], g.card, png_dir, shared.PNG_DPI,
                               [units[k].name for k in order], options.mono, g.bleed)


def _empty(pen: Pen, box: CardBox) -> None:
    """An empty slot (keeps a squad and its hero in one row)."""


# -- shared drawing pieces (also used by the reference cards) -------------------------------

def line_unit(box: Rect) -> float:
    """The natural line unit of a card: 9.5 pt on a poker card, scaled with the card."""
    return 9.5 * min(box.w / (63 * MM), box.h / (88 * MM))


def background(pen: Pen, box: CardBox) -> Rect:
    """Card background and frame; returns the content area (a safe margin inside the trim)."""
    if not pen.t.mono:
        pen.rect(box.bleed_box, fill=pen.t.faint, stroke=False)
    edge = max(1.6 * MM, min(box.w, box.h) * 0.035)
    pen.rect(box.inset(edge * 0.45), stroke=True, width=0.5, radius=2 * MM)
    return box.inset(edge * 1.25)


def title_band(pen: Pen, r: Rect, title: str, right: str = "") -> None:
    """The name band: accent colour with light text (mono: light grey, outlined, dark text)."""
    t = pen.t
    fill, ink = (t.band, t.ink) if t.mono else (t.accent, t.accent_text)
    pen.rect(r, fill=fill, stroke=t.mono, width=0.5, radius=r.h * 0.2)
    size = r.h * 0.62
    pad = r.h * 0.3
    right_w = fonts.width(right, BOLD, size) + pad if right else 0
    right_w = min(right_w, r.w * 0.35)
    pen.text_in(Rect(r.x, r.y, r.w - right_w, r.h), title, size, BOLD, pad=pad, color=ink)
    if right:
        pen.text_in(Rect(r.right - right_w - pad, r.y, right_w + pad, r.h), right, size, BOLD,
                    align="right", pad=pad, color=ink)


def shield(pen: Pen, r: Rect, text: str, hard: bool = False, empty: bool = False) -> None:
    """A cover shield icon filling ``r``: ``text`` inside (the save), a double outline for hard
    cover, a dashed outline when the save is none."""
    w = min(r.w, r.h * 0.85)
    h = w / 0.85
    x0, y0 = r.x + (r.w - w) / 2, r.y + (r.h - h) / 2
    c = pen.c

    def outline(inset: float):
        a, b, top, bottom = x0 + inset, x0 + w - inset, y0 + h - inset, y0 + inset * 1.4
        mid = (a + b) / 2
        p = c.beginPath()
        p.moveTo(a, top)
        p.lineTo(b, top)
        p.lineTo(b, top - (top - bottom) * 0.42)
        p.curveTo(b, bottom + (top - bottom) * 0.22, mid + (b - a) * 0.12, bottom + (top - bottom) * 0.06,
                  mid, bottom)
        p.curveTo(mid - (b - a) * 0.12, bottom + (top - bottom) * 0.06, a, bottom + (top - bottom) * 0.22,
                  a, top - (top - bottom) * 0.42)
        p.close()
        return p

    c.saveState()
    pen.stroke(pen.t.ink)
    c.setLineWidth(0.5 if empty else (1.1 if hard else 0.7))
    if empty:
        c.setDash(1.2, 1.2)
    else:
        pen.fill(pen.t.band)
    c.drawPath(outline(0), stroke=1, fill=0 if empty else 1)
    if hard and not empty:
        c.setLineWidth(0.4)
        c.drawPath(outline(w * 0.11), stroke=1, fill=0)
    c.restoreState()
    inner = Rect(x0 + w * 0.14, y0 + h * 0.3, w * 0.72, h * 0.5)
    pen.text_in(inner, text, h * 0.3, BOLD, align="center", pad=0)


def dice_footer(pen: Pen, r: Rect, data: dict, L, size: float) -> None:
    """The dice edition line(s) at the bottom of ``r`` (plus the † note when unverified)."""
    lines = [L(data["dice"]["label"])] + [L(k) for k in data["footnotes"]]
    y = r.y + size * 0.25
    for line in reversed(lines):
        pen.text(r.x, y, line, size, FONT, max_width=r.w,
                 color=pen.t.warn if line.startswith("†") else None)
        y += size * 1.2


# -- the unit card face ------------------------------------------------------------------------

def face(data: dict, lang: str) -> Drawer:
    """The drawer of one unit card face for :func:`sheets.render.cards.impose`."""

    def draw(pen: Pen, box: CardBox) -> None:
        _Face(pen, data, texts(lang)).draw(box)

    return draw


@dataclasses.dataclass
class _Block:
    units: float  # height in line units
    draw: Callable[[Rect, float], None]
    flex: bool = False  # shrinks first (weapons, skills) when the card is full


class _Face:
    """Lays out and draws one unit card: blocks with heights in line units, scaled to fit."""

    def __init__(self, pen: Pen, data: dict, L):
        self.pen, self.d, self.L = pen, data, L
        self.box_u = 0.0  # line unit the damage boxes are sized with (set by draw)

    def draw(self, box: CardBox) -> None:
        inner = background(self.pen, box)
        u0 = line_unit(box)
        foot_units = (len(self.d["footnotes"]) + 1) * 0.72 * 1.2 + 0.2
        # two passes: damage boxes sized for the first pass's unit need no more rows at the
        # second pass's (larger or equal) unit, so the second layout always fits
        self.box_u = u0
        for _ in range(2):
            blocks = self._blocks(inner.w, u0)
            fixed = sum(b.units + GAP for b in blocks if not b.flex) + foot_units
            flex = sum(b.units + GAP for b in blocks if b.flex)
            uh, uf = scales(inner.h, fixed, flex, u0)
            self.box_u = min(self.box_u, uh)
        y = inner.top
        for block in blocks:
            u = uf if block.flex else uh
            h = block.units * u
            block.draw(Rect(inner.x, y - h, inner.w, h), u)
            y -= h + GAP * u
        dice_footer(self.pen, Rect(inner.x, inner.y, inner.w, foot_units * uh), self.d, self.L, 0.72 * uh)

    # -- blocks ------------------------------------------------------------------------------
    def _blocks(self, width: float, u0: float) -> list[_Block]:
        d = self.d
        out = [_Block(1.7, self._title), _Block(1.05, self._subline), _Block(3.1, self._stats)]
        out.append(_Block(self._damage_units(width), self._damage))
        if d["weapons"]:
            out.append(_Block(1.0 + 2.15 * len(d["weapons"]), self._weapons, True))
        if d["skills"]:
            lines = self.pen.wrap(self._skills_text(), FONT, 0.75 * u0, width)
            out.append(_Block(0.95 + len(lines) * 0.75 * 1.18, self._skills, True))
        return out

    def _title(self, r: Rect, u: float) -> None:
        d = self.d
        name = self.L(d["name_key"]) if d["name_key"] else d["name"]
        ap = f"{d['points']} {self.L(d['points_label'])}" if d["kind"] != "cover_object" else ""
        title_band(self.pen, r, name, ap)

    def _subline(self, r: Rect, u: float) -> None:
        d = self.d
        armour = f"{self.L(d['armor']['label'])} {d['armor']['level']}"
        parts = [d["faction"], self.L(d["kind_label"]), armour]
        self.pen.text_in(r, " · ".join(p for p in parts if p), 0.85 * u, FONT, pad=0)

    def _stats(self, r: Rect, u: float) -> None:
        d = self.d
        if d["kind"] == "cover_object":
            armour, cover = r.split_h(0.3, 0.7, gap=0.4 * u)
        else:
            move, armour, cover = r.split_h(0.2, 0.22, 0.58, gap=0.4 * u)
            self._stat(move, self.L("field_move"), str(d["move"]), u)
        self._stat(armour, self.L("field_armor"), d["armor"]["code"], u)
        self._cover(cover, u)

    def _stat(self, r: Rect, label: str, value: str, u: float) -> None:
        pen = self.pen
        pen.rect(r, width=0.5, radius=0.3 * u)
        head, body = r.split_v(0.3, 0.7)
        pen.text_in(head, label, 0.7 * u, FONT, align="center", pad=0.2 * u)
        pen.text_in(body, value, 1.6 * u, BOLD, align="center", pad=0.2 * u)

    def _cover(self, r: Rect, u: float) -> None:
        pen, d, L = self.pen, self.d, self.L
        cover = d["cover"]
        pen.rect(r, width=0.5, radius=0.3 * u)
        head, body = r.split_v(0.3, 0.7)
        title = L(cover["label"]) if cover["mode"] in ("own", "provides") else L("field_cover")
        pen.text_in(head, title, 0.7 * u, FONT, align="center", pad=0.2 * u)
        body = body.inset(0.2 * u, 0.1 * u)
        if cover["mode"] == "provides":
            kind = cover["provides"]
            icon, text = body.split_h(0.35, 0.65)
            shield(pen, icon, L(f"cover_{kind}_short"), hard=kind == "hard")
            pen.text_in(text, L(cover["provides_label"]), 0.8 * u, BOLD, pad=0.2 * u)
        elif cover["mode"] == "none":
            pen.paragraph(body.inset(0.1 * u), L(cover["label"]), 0.75 * u, FONT, min_size=1.5)
        elif cover["mode"] == "squad":
            pen.paragraph(body.inset(0.1 * u), f"{L(cover['label'])}: {cover['squad']}", 0.75 * u, FONT,
                          min_size=1.5)
        else:
            for kind, cell in zip(("soft", "hard"), body.split_h(0.5, 0.5, gap=0.4 * u)):
                save = cover[kind]
                icon_w = min(cell.h * 0.85, cell.w * 0.45)
                icon = Rect(cell.x, cell.y, icon_w, cell.h)
                shield(pen, icon, L(f"save_{save}_short"), hard=kind == "hard", empty=save == "none")
                text = Rect(icon.right + 0.2 * u, cell.y, cell.right - icon.right - 0.2 * u, cell.h)
                upper, lower = text.split_v(0.5, 0.5)
                pen.text_in(upper, L(f"cover_{kind}_short"), 0.75 * u, BOLD, pad=0, valign="bottom")
                pen.text_in(lower, L(f"save_{save}"), 0.62 * u, FONT, pad=0, valign="top")

    # -- damage boxes ------------------------------------------------------------------------
    def _tracks(self) -> list[tuple[str, str, list[int], bool]]:
        """(heading, marker, box groups, hero?) for each damage track of the card."""
        d, L = self.d, self.L
        dmg = d["damage"]
        if d["kind"] == "squad":
            heading = f"{L(dmg['label'])}: {dmg['models']} × {dmg['per_model']}"
            groups = [dmg["per_model"]] * dmg["models"] if dmg["per_model"] > 1 else [dmg["boxes"]]
        else:
            heading = f"{L(dmg['label'])}: {dmg['boxes']}"
            groups = [dmg["boxes"]]
        tracks = [(heading, "", groups, False)]
        if dmg["hero"]:
            hero = dmg["hero"]
            tracks.append((f"{L(hero['label'])}: {hero['boxes']}", f"{L('joined_by')}: {hero['name']}",
                           [hero["boxes"]], True))
        if d["joins"]:
            tracks[0] = (heading, f"{L('joins')}: {d['joins']}", groups, False)
        return tracks

    def _damage_units(self, width: float) -> float:
        total = 0.0
        for _, marker, groups, _ in self._tracks():
            rows = box_rows(groups, width, 1.1 * self.box_u, 0.35 * self.box_u)
            total += (1.0 if marker else 0) + 0.9 + 1.45 * len(rows)
        return total

    def _damage(self, r: Rect, u: float) -> None:
        pen = self.pen
        y = r.top
        for heading, marker, groups, hero in self._tracks():
            if marker:
                band = Rect(r.x, y - 0.95 * u, r.w, 0.95 * u)
                pen.rect(band, fill=pen.t.band, stroke=False, radius=0.2 * u)
                pen.text_in(band, marker, 0.75 * u, BOLD, pad=0.3 * u)
                y -= 1.0 * u
            pen.text(r.x, y - 0.72 * u, heading, 0.72 * u, FONT, max_width=r.w)
            y -= 0.9 * u
            size, gap = 1.1 * self.box_u, 0.35 * self.box_u
            for row in box_rows(groups, r.w, size, gap):
                yb = y - 1.45 * u + (1.45 * u - size) / 2
                for x in row:
                    pen.rect(Rect(r.x + x, yb, size, size), width=1.1 if hero else 0.6)
                y -= 1.45 * u

    # -- weapons -----------------------------------------------------------------------------
    def _columns(self, r: Rect, u: float) -> list[Rect]:
        """The 14 target-class columns across ``r`` with a small gap between S, V and A."""
        classes = self.d["classes"]
        breaks = [i for i in range(1, len(classes)) if classes[i][0] != classes[i - 1][0]]
        gg = 0.3 * u
        cw = (r.w - gg * len(breaks)) / len(classes)
        cols, x = [], r.x
        for i in range(len(classes)):
            if i in breaks:
                x += gg
            cols.append(Rect(x, r.y, cw, r.h))
            x += cw
        return cols

    def _weapons(self, r: Rect, u: float) -> None:
        pen, d, L = self.pen, self.d, self.L
        head = Rect(r.x, r.top - 1.0 * u, r.w, 1.0 * u)
        for code, col in zip(d["classes"], self._columns(head, u)):
            pen.rect(col, fill=pen.t.band, stroke=False)
            pen.text_in(col, code, 0.7 * u, BOLD, align="center", pad=0.1)
        y = head.y
        for w in d["weapons"]:
            line = Rect(r.x, y - 1.0 * u, r.w, 1.0 * u)
            cells = Rect(r.x, line.y - 1.15 * u, r.w, 1.15 * u)
            if w["hero"]:
                pen.rect(Rect(r.x, cells.y, r.w, line.top - cells.y), fill=pen.t.faint, stroke=False)
            self._weapon_line(line, w, u)
            for text, col in zip(w["cells"], self._columns(cells, u)):
                pen.rect(col, width=0.35)
                pen.text_in(col, text or L("no_attack"), 0.74 * u, FONT, align="center", pad=col.w * 0.1)
            y = cells.y
        pen.line(r.x, y, r.right, y, 0.35)

    def _weapon_line(self, r: Rect, w: dict, u: float) -> None:
        pen, L = self.pen, self.L
        size = 0.78 * u
        rng = L(w["range_label"]) if w["range_label"] else str(w["range"])
        right = " · ".join(p for p in (w["mount"], f"{L('field_range')} {rng}") if p)
        right_w = min(fonts.width(right, FONT, size) + 0.2 * u, r.w * 0.4)
        x = r.x
        if w["hero"]:
            tag = L("hero_line")
            tw = fonts.width(tag, BOLD, size * 0.9) + 0.5 * u
            badge = Rect(x, r.y + 0.1 * u, tw, r.h - 0.2 * u)
            pen.rect(badge, width=0.5, radius=0.2 * u)
            pen.text_in(badge, tag, size * 0.9, BOLD, align="center", pad=0.1)
            x += tw + 0.3 * u
        name = w["name"] + (f" ×{w['count']}" if w["count"] > 1 else "")
        name += "".join(f" [{t}]" for t in w["tags"])
        pen.text_in(Rect(x, r.y, r.right - right_w - x, r.h), name, size, BOLD, pad=0)
        pen.text_in(Rect(r.right - right_w, r.y, right_w, r.h), right, size, FONT, align="right", pad=0)

    # -- skills ------------------------------------------------------------------------------
    def _skills_text(self) -> str:
        return "\n".join(f"• {s['name']}" + (f": {s['text']}" if s["text"] else "")
                         for s in self.d["skills"])

    def _skills(self, r: Rect, u: float) -> None:
        pen = self.pen
        pen.text(r.x, r.top - 0.75 * u, self.L("field_skills"), 0.75 * u, BOLD, max_width=r.w)
        pen.paragraph(Rect(r.x, r.y, r.w, r.h - 0.95 * u), self._skills_text(), 0.75 * u, FONT,
                      min_size=1.5)


def scales(height: float, fixed: float, flex: float, u0: float, ratio: float = 0.65) -> tuple[float, float]:
    """Line units (fixed blocks, flexible blocks) so that ``fixed·uh + flex·uf <= height``.

    Both are ``u0`` when everything fits; otherwise the flexible blocks (weapons, skills) shrink
    first, down to ``ratio`` of the fixed blocks' unit, and then both shrink together."""
    if (fixed + flex) * u0 <= height:
        return u0, u0
    uh = min(u0, height / (fixed + ratio * flex))
    return uh, ((height - fixed * uh) / flex if flex else uh)


def box_rows(groups: list[int], width: float, size: float, gap: float) -> list[list[float]]:
    """Damage boxes in rows: x offsets of each box, rows left to right. ``groups`` are box
    counts kept together (one per model of a squad with several health); groups are separated
    by a wider gap and wrap to the next row as a whole when they fit on one row."""
    pitch = size + gap
    rows: list[list[float]] = [[]]
    x = 0.0
    for n in groups:
        group_w = n * pitch - gap
        if rows[-1] and (x + group_w > width + 1e-6) and group_w <= width:
            rows.append([])
            x = 0.0
        for _ in range(n):
            if len(rows[-1]) and x + size > width + 1e-6:
                rows.append([])
                x = 0.0
            rows[-1].append(x)
            x += pitch
        x += gap * 1.5
    return rows
