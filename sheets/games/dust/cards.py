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
import re
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
MIN_TEXT = 6.0  # smallest type read at the table; the dice footer (a source line) may be 5 pt
MIN_NOTE = 5.0
GROW = 1.45  # a card with room to spare grows its line unit up to this much
SMALLEST = 0.7  # the smallest text factor of the line unit (labels, cover lines, codes)
TICK = 3.1 * MM  # damage boxes: at least 3 mm
COMPACT_U = 7.5  # compact layout: the smallest line unit (rows still hold 6 pt text)


def fs(factor: float, u: float) -> float:
    """A type size: ``factor`` line units, never below :data:`MIN_TEXT`."""
    return max(MIN_TEXT, factor * u)


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
                       float(extra.get("gap") or 0) * MM, float(extra.get("bleed") or 0) * MM,
                       allow_rotate=False)


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
    # upright cards only: a squad and its hero read side by side, never a card turned sideways
    extra = {k: v for k, v in (options.extra or {}).items() if k != "png_dir"}
    extra["rotate"] = False
    shared.impose(doc, [faces[k] if k is not None else shared.EMPTY for k in plan],
                  dataclasses.replace(options, extra=extra),
                  backs=[back if k is not None else shared.EMPTY for k in plan])
    png_dir = (options.extra or {}).get("png_dir")
    if png_dir:
        shared.write_card_pngs([faces[k] for k in order], g.card, png_dir, shared.PNG_DPI,
                               [units[k].name for k in order], options.mono, g.bleed)


# -- shared drawing pieces (also used by the reference cards) -------------------------------

def line_unit(box: Rect) -> float:
    """The natural line unit of a card: 9.5 pt on a poker card, scaled with the card."""
    return 9.5 * min(box.w / (63 * MM), box.h / (88 * MM))


def background(pen: Pen, box: CardBox) -> Rect:
    """Card background and frame (one form per card size: every card of a sheet shares it);
    returns the content area (a safe margin inside the trim)."""
    edge = max(1.6 * MM, min(box.w, box.h) * 0.035)
    bleed = box.bleed_box

    def draw(p: Pen) -> None:
        if not p.t.mono:
            p.rect(Rect(0, 0, bleed.w, bleed.h), fill=p.t.faint, stroke=False)
        p.rect(Rect(box.bleed, box.bleed, box.w, box.h).inset(edge * 0.45), stroke=True, width=0.5,
               radius=2 * MM)

    pen.form(("dust-card", box.w, box.h, box.bleed, pen.t.mono), bleed.x, bleed.y, draw)
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
    pen.text_in(Rect(r.x, r.y, r.w - right_w, r.h), title, size, BOLD, pad=pad, color=ink,
                min_size=MIN_TEXT, shorten=True)  # a name too long at 6 pt ends in "…"
    if right:
        pen.text_in(Rect(r.right - right_w - pad, r.y, right_w + pad, r.h), right, size, BOLD,
                    align="right", pad=pad, color=ink)


def shield(pen: Pen, r: Rect, text: str, hard: bool = False, empty: bool = False) -> None:
    """A cover shield icon filling ``r``: ``text`` inside (the save), a double outline for hard
    cover, a dashed outline when the save is none. Without text the icon is a form (every card
    of a sheet shows the same few)."""
    if not text:
        pen.form(("dust-shield", r.w, r.h, hard, empty, pen.t.mono), r.x, r.y,
                 lambda p: _shield(p, Rect(0, 0, r.w, r.h), "", hard, empty))
        return
    _shield(pen, r, text, hard, empty)


def _shield(pen: Pen, r: Rect, text: str, hard: bool, empty: bool) -> None:
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
    size = min(h * 0.3, inner.h * 0.8)
    # the save's word inside only where it is legible without touching the outline; the text
    # next to every shield names the save anyway
    if text and size >= MIN_TEXT and fonts.width(text, BOLD, size) <= inner.w:
        pen.text_in(inner, text, size, BOLD, align="center", pad=0)


def known(L, kind: str, value: str) -> str:
    """A user's faction or weapon mount in the page's language when it is one the labels know
    (``faction_axis``, ``mount_front``, …); any other text as written."""
    key = f"{kind}_{str(value).strip().lower().replace(' ', '_')}"
    try:
        return L(key) if value else ""
    except KeyError:
        return value


def footer_lines(pen: Pen, data: dict, L, width: float, size: float) -> list[str]:
    """The dice edition line(s) (and the † note) wrapped to ``width`` at ``size``."""
    lines = []
    for text in [L(data["dice"]["label"])] + [L(k) for k in data["footnotes"]]:
        lines += phrase_wrap(pen, text, size, width)
    return lines


def phrase_wrap(pen: Pen, text: str, size: float, width: float) -> list[str]:
    """``text`` wrapped to ``width`` with the breaks after its phrases («…: », «… / », «…, »,
    «… — ») where a phrase fits one line, so a count stays with its noun («4 грани промаха»
    is never split as «… / 4» | «грани промаха»); a phrase wider than a line wraps by words."""
    if fonts.width(text, FONT, size) <= width:
        return [text]
    phrases = [p for p in re.split(r"(?<=: )|(?<= / )|(?<=, )|(?= — )", text) if p]
    lines: list[str] = []
    line = ""
    for phrase in phrases:
        trial = line + phrase
        if not line or fonts.width(trial.rstrip(), FONT, size) <= width:
            line = trial
            continue
        lines.append(line.rstrip())
        line = phrase.lstrip()
    lines.append(line.rstrip())
    out: list[str] = []
    for line in lines:
        out += pen.wrap(line, FONT, size, width) if fonts.width(line, FONT, size) > width else [line]
    return out


def draw_footer(pen: Pen, r: Rect, lines: list[str], size: float) -> None:
    """Footer lines (from :func:`footer_lines`) from the top of ``r``, as fine print."""
    y = r.top - size
    with pen.fine_print(), pen.frame(r):
        for line in lines:
            pen.text(r.x, y, line, size, FONT, max_width=r.w,
                     color=pen.t.warn if line.startswith("†") else None)
            y -= size * 1.2


def dice_footer(pen: Pen, r: Rect, data: dict, L, size: float) -> None:
    """The dice edition line(s) at the bottom of ``r`` (plus the † note when unverified)."""
    size = max(size, MIN_NOTE)
    lines = footer_lines(pen, data, L, r.w, size)
    draw_footer(pen, Rect(r.x, r.y, r.w, len(lines) * size * 1.2 + size * 0.25), lines, size)


def subline(data: dict, L) -> str:
    """Faction · kind · armour type and level («Ось · Отряд · Пехота 3»); when the kind and the
    armour type are one word (a vehicle of armour type vehicle) the word is printed once with
    the level: «Ось · Машина 4», never «Машина · Машина 4»."""
    kind = L(data["kind_label"])
    armour_type = L(data["armor"]["label"])
    level = data["armor"]["level"]
    tail = [f"{kind} {level}"] if kind == armour_type else [kind, f"{armour_type} {level}"]
    return " · ".join(p for p in [known(L, "faction", data["faction"])] + tail if p)


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
    """Lays out and draws one unit card: blocks with heights in line units.

    The line unit grows (up to :data:`GROW` × the card's natural unit) to fill a card with room
    to spare and shrinks no further than the unit at which the smallest text is
    :data:`MIN_TEXT`. A card too small for that (a mini card) gets the compact layout: the
    weapon grid keeps only the target classes some weapon of the card can attack, in one or two
    rows of cells wide enough for their text, instead of scaling the whole card down."""

    def __init__(self, pen: Pen, data: dict, L):
        self.pen, self.d, self.L = pen, data, L
        self.box_u = 0.0  # line unit the damage boxes are sized with (set by draw)
        self.classes = list(range(len(data["classes"])))  # indexes of the classes shown
        self.grid_rows = 1
        self.cell_size = 0.0  # type size of the grid cells (0: 0.74 × the line unit)
        self.compact = False
        self.gap = GAP  # between blocks, in line units (tighter on a compact card)
        self.floor = MIN_TEXT  # no text below this (0: last resort for overfull cards)
        self._widest: float | None = None  # the widest weapon cell text at MIN_TEXT

    def fs(self, factor: float, u: float) -> float:
        """A type size: ``factor`` line units, never below :attr:`floor`."""
        return max(self.floor, factor * u)

    def _fit(self, inner: Rect, u0: float, foot_h: float) -> tuple[float, list[_Block]]:
        u_min = COMPACT_U if self.compact else MIN_TEXT / SMALLEST
        if not self.floor:
            u_min = 1.0
        # the candidate units, largest first: from GROW × the natural unit down in steps of 0.1
        # to ``u_min`` (built by the same repeated subtraction the scale has always used, so the
        # chosen unit is the same float). The first one that fits is wanted; fitting is monotone
        # in the unit (a larger unit never needs less room: sizes, wraps, box rows and cell
        # widths all grow with it), so bisect over the step index instead of trying each step.
        steps = [max(u0 * GROW, u_min)]
        while steps[-1] > u_min:
            steps.append(max(u_min, steps[-1] - 0.1))
        tried: dict[int, tuple[bool, list[_Block]]] = {}

        def fits(k: int) -> bool:
            u = steps[k]
            self.box_u = u
            blocks = self._blocks(inner.w, u)
            need = sum(b.units + self.gap for b in blocks) * u + foot_h
            wide = self.compact or not self.floor or not self._too_narrow(inner.w, u)
            tried[k] = (need <= inner.h and wide, blocks)
            return tried[k][0]

        lo, hi = 0, len(steps) - 1  # the last step is taken whether it fits or not
        while lo < hi:
            mid = (lo + hi) // 2
            if fits(mid):
                hi = mid
            else:
                lo = mid + 1
        if lo not in tried:
            fits(lo)
        self.box_u = steps[lo]
        return steps[lo], tried[lo][1]

    def _compact(self, width: float, u: float) -> None:
        """Keep only the classes some weapon attacks; two rows when one is too narrow."""
        self.compact = True
        self.gap = GAP * 0.6
        cells = [w["cells"] for w in self._weapon_rows()]
        used = [i for i in range(len(self.d["classes"])) if any(c[i] for c in cells)]
        self.classes = used or self.classes
        self.cell_size = MIN_TEXT
        widest = max([fonts.width(c or "–", FONT, MIN_TEXT) for row in cells for c in row]
                     + [fonts.width(code, BOLD, MIN_TEXT) for code in self.d["classes"]])
        per_row = max(1, int((width - 0.6 * u) // (widest + 1.4)))
        self.grid_rows = 1 if len(self.classes) <= per_row else 2

    def draw(self, box: CardBox) -> None:
        inner = background(self.pen, box)
        u0 = line_unit(box)
        foot_size = max(MIN_NOTE, min(0.72 * u0, 6.5))
        foot = footer_lines(self.pen, self.d, self.L, inner.w, foot_size)
        foot_h = len(foot) * foot_size * 1.2 + 0.2 * u0
        u, blocks = self._fit(inner, u0, foot_h)
        if sum(b.units + self.gap for b in blocks) * u + foot_h > inner.h or self._too_narrow(inner.w, u):
            self._compact(inner.w, MIN_TEXT / SMALLEST)
            u, blocks = self._fit(inner, u0, foot_h)
        if sum(b.units + self.gap for b in blocks) * u + foot_h > inner.h:
            # more than a card holds even compact at 6 pt (e.g. eight long weapon lines on a
            # mini card): last resort, scale the card down rather than let it spill over
            self.floor = 0.0
            u, blocks = self._fit(inner, u0, foot_h)
        y = inner.top
        for block in blocks:
            h = block.units * u
            block.draw(Rect(inner.x, y - h, inner.w, h), u)
            y -= h + self.gap * u
        draw_footer(self.pen, Rect(inner.x, inner.y, inner.w, foot_h), foot, foot_size)

    def _weapon_rows(self) -> list[dict]:
        """Weapon rows printed: compact cards leave the joined hero's weapons to its own card."""
        rows = self.d["weapons"]
        return [w for w in rows if not w["hero"]] if self.compact else rows

    def _too_narrow(self, width: float, u: float) -> bool:
        """True when a weapon cell of the full grid cannot hold its text at this unit."""
        if not self.d["weapons"]:
            return False
        cw = (width - 0.6 * u) / len(self.d["classes"])
        if self._widest is None:  # the same at every unit: worked out once per card
            self._widest = max(fonts.width(c or "–", FONT, MIN_TEXT) for w in self.d["weapons"]
                               for c in w["cells"])
        return self._widest + 1.6 > cw  # cells shrink to their column, never below MIN_TEXT

    # -- blocks ------------------------------------------------------------------------------
    def _blocks(self, width: float, u0: float) -> list[_Block]:
        d = self.d
        out = [_Block(1.7, self._title)]
        if not self.compact:  # compact: the armour code and the kind say it
            out.append(_Block(1.05, self._subline))
        out.append(_Block(3.4, self._stats))
        out.append(_Block(self._damage_units(width), self._damage))
        weapons = self._weapon_rows()
        if weapons:
            rows = self.grid_rows
            names = sum(self._line_units(w, u0, width) for w in weapons)
            out.append(_Block(1.0 * rows + names + (1.15 * rows + 0.05) * len(weapons),
                              self._weapons, True))
        if d["skills"]:
            lines = self.pen.wrap(self._skills_text(), FONT, self.fs(0.75, u0), width)
            out.append(_Block(1.3 + len(lines) * 0.75 * 1.18, self._skills, True))
        return out

    def _title(self, r: Rect, u: float) -> None:
        d = self.d
        name = self.L(d["name_key"]) if d["name_key"] else d["name"]
        ap = f"{d['points']} {self.L(d['points_label'])}" if d["kind"] != "cover_object" else ""
        title_band(self.pen, r, name, ap)

    def _subline(self, r: Rect, u: float) -> None:
        d = self.d
        self.pen.text_in(r, subline(d, self.L), self.fs(0.85, u), FONT, pad=0)

    def _stats(self, r: Rect, u: float) -> None:
        d = self.d
        def share(label: str) -> float:  # a stat cell wide enough for its label
            return max(0.2, (fonts.width(label, FONT, self._label_size(u)) + 0.8 * u) / r.w)

        if d["kind"] == "cover_object":
            a = share(self.L("field_armor"))
            armour, cover = r.split_h(a, 1 - a, gap=0.4 * u)
        else:
            m, a = share(self.L("field_move")), share(self.L("field_armor"))
            move, armour, cover = r.split_h(m, a, 1 - m - a, gap=0.3 * u)
            self._stat(move, self.L("field_move"), str(d["move"]), u)
        self._stat(armour, self.L("field_armor"), d["armor"]["code"], u)
        self._cover(cover, u)

    def _label_size(self, u: float) -> float:
        """Stat labels grow with the card only up to 7.5 pt: room goes to the cover lines."""
        return min(self.fs(0.7, u), max(7.5, self.floor))

    def _stat(self, r: Rect, label: str, value: str, u: float) -> None:
        pen = self.pen
        size = self._label_size(u)

        def skeleton(p: Pen) -> None:  # the framed cell and its label: a form
            cell = Rect(0, 0, r.w, r.h)
            p.rect(cell, width=0.5, radius=0.3 * u)
            with p.frame(cell):
                p.text_in(cell.split_v(0.3, 0.7)[0], label, size, FONT, align="center", pad=0.15 * u)

        pen.form(("dust-stat", r.w, r.h, u, label, size, pen.t.mono), r.x, r.y, skeleton)
        pen.text_in(r.split_v(0.3, 0.7)[1], value, 1.6 * u, BOLD, align="center", pad=0.2 * u)

    def _cover(self, r: Rect, u: float) -> None:
        pen, d, L = self.pen, self.d, self.L
        cover = d["cover"]
        pen.rect(r, width=0.5, radius=0.3 * u)
        head, body = r.split_v(0.3, 0.7)
        title = L(cover["label"]) if cover["mode"] in ("own", "provides") else L("field_cover")
        pen.text_in(head, title, self._label_size(u), FONT, align="center", pad=0.2 * u)
        body = body.inset(0.2 * u, 0.1 * u)
        if cover["mode"] == "provides":
            kind = cover["provides"]
            icon, text = body.split_h(0.3, 0.7)
            shield(pen, icon, "", hard=kind == "hard")
            pen.paragraph(text.inset(0.2 * u, 0), L(cover["provides_label"]), 0.8 * u, BOLD,
                          min_size=MIN_TEXT)
        elif cover["mode"] == "none":
            pen.paragraph(body.inset(0.1 * u), L(cover["label"]), self.fs(0.75, u), FONT, min_size=MIN_TEXT)
        elif cover["mode"] == "squad":
            # the squad is named on the card's "joins" line
            room = body.inset(0.1 * u)
            text = L(cover["label"])
            if len(pen.wrap(text, FONT, self.fs(0.75, u), room.w)) * self.fs(0.75, u) * 1.18 > room.h:
                text = L("cover_uses_squad_short")
            pen.paragraph(room, text, self.fs(0.75, u), FONT, min_size=MIN_TEXT)
        else:
            # one line per cover kind: its shield (double outline = hard, dashed = no save)
            # and "Soft: hit save" beside it, at a legible size
            for kind, line in zip(("soft", "hard"), body.split_v(0.5, 0.5, gap=0.1 * u)):
                save = cover[kind]
                icon = Rect(line.x, line.y, line.h * 0.85, line.h)
                shield(pen, icon, "", hard=kind == "hard", empty=save == "none")
                text = Rect(icon.right + 0.25 * u, line.y, line.right - icon.right - 0.25 * u, line.h)
                # the longest wording that fits at a legible size: "Soft: hit save",
                # "Soft: Hit", "Hit" (the shield's outline still tells soft from hard)
                size = self.fs(0.75, u)
                for words in (f"{L(f'cover_{kind}_short')}: {L(f'save_{save}_line')}",
                              f"{L(f'cover_{kind}_short')}: {L(f'save_{save}_short')}",
                              L(f"save_{save}_short")):
                    fit = size * text.w / max(fonts.width(words, FONT, size), 1e-6)
                    if fit >= MIN_TEXT or not self.floor:
                        size = min(size, fit)
                        break
                pen.text_in(text, words, size, FONT, pad=0)

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
            rows = box_rows(groups, width, max(TICK, 1.1 * self.box_u), 0.35 * self.box_u)
            total += (1.1 if marker else 0) + 0.9 + 1.45 * len(rows)
        return total

    def _damage(self, r: Rect, u: float) -> None:
        pen = self.pen
        y = r.top
        for heading, marker, groups, hero in self._tracks():
            if marker:
                band = Rect(r.x, y - 1.05 * u, r.w, 1.05 * u)
                pen.rect(band, fill=pen.t.band, stroke=False, radius=0.2 * u)
                if fonts.width(marker, BOLD, self.fs(0.75, u)) > band.w - 0.6 * u:
                    marker = ("+ " if hero else "→ ") + marker.split(": ", 1)[-1]
                pen.text_in(band, marker, self.fs(0.75, u), BOLD, pad=0.3 * u)
                y -= 1.1 * u
            pen.text(r.x, y - 0.72 * u, heading, self.fs(0.72, u), FONT, max_width=r.w)
            y -= 0.9 * u
            size, gap = max(TICK, 1.1 * self.box_u), 0.35 * self.box_u
            for row in box_rows(groups, r.w, size, gap):
                yb = y - 1.45 * u + (1.45 * u - size) / 2
                pen.form(("dust-boxes", tuple(row), size, hero, pen.t.mono), r.x, yb,
                         lambda p, row=row: _boxes(p, row, size, 1.1 if hero else 0.6))
                y -= 1.45 * u

    # -- weapons -----------------------------------------------------------------------------
    def _rows(self) -> list[list[int]]:
        """The shown class indexes split into the grid's rows (one, or two halves)."""
        shown = self.classes
        if self.grid_rows == 1:
            return [shown]
        half = (len(shown) + 1) // 2
        return [shown[:half], shown[half:]]

    def _columns(self, r: Rect, u: float, idx: list[int], n: int) -> list[Rect]:
        """Columns for the classes ``idx`` across ``r`` (``n`` slots wide), a small gap between
        S, V and A."""
        classes = self.d["classes"]
        breaks = [k for k in range(1, len(idx)) if classes[idx[k]][0] != classes[idx[k - 1]][0]]
        gg = 0.3 * u
        cw = (r.w - gg * max(len(breaks), 2 if n == len(classes) else len(breaks))) / n
        cols, x = [], r.x
        for k in range(len(idx)):
            if k in breaks:
                x += gg
            cols.append(Rect(x, r.y, cw, r.h))
            x += cw
        return cols

    def _weapons(self, r: Rect, u: float) -> None:
        pen, d, L = self.pen, self.d, self.L
        rows = self._rows()
        n = max(len(x) for x in rows)
        y = r.top
        for idx in rows:
            head = Rect(r.x, y - 1.0 * u, r.w, 1.0 * u)
            size = self.cell_size or self.fs(0.7, u)

            def classes(p: Pen, idx=idx, head=head, size=size) -> None:  # the header row: a form
                for i, col in zip(idx, self._columns(Rect(0, 0, head.w, head.h), u, idx, n)):
                    p.rect(col, fill=p.t.band, stroke=False)
                    with p.frame(col):
                        p.text_in(col, d["classes"][i], size, BOLD, align="center",
                                  pad=min(0.8, col.w * 0.08))

            pen.form(("dust-classes", head.w, head.h, u, tuple(idx), n, size,
                      tuple(d["classes"]), pen.t.mono), head.x, head.y, classes)
            y = head.y
        for w in self._weapon_rows():
            lh = self._line_units(w, u, r.w) * u
            line = Rect(r.x, y - lh, r.w, lh)
            bottom = line.y - 1.15 * u * len(rows)
            if w["hero"]:
                pen.rect(Rect(r.x, bottom, r.w, line.top - bottom), fill=pen.t.faint, stroke=False)
            self._weapon_line(line, w, u)
            y = line.y
            for idx in rows:
                cells = Rect(r.x, y - 1.15 * u, r.w, 1.15 * u)
                cols = self._columns(cells, u, idx, n)
                pen.form(("dust-cells", cells.w, cells.h, u, tuple(idx), n, pen.t.mono), cells.x,
                         cells.y, lambda p, cells=cells, idx=idx: _cell_frames(
                             p, self._columns(Rect(0, 0, cells.w, cells.h), u, idx, n)))
                for i, col in zip(idx, cols):
                    pen.text_in(col, w["cells"][i] or L("no_attack"), self.cell_size or 0.74 * u,
                                FONT, align="center", pad=min(col.w * 0.08, 0.8))
                y = cells.y
            y -= 0.05 * u
        pen.line(r.x, y, r.right, y, 0.35)

    def _line_parts(self, w: dict, u: float) -> tuple[str, str, float]:
        """(name with count and tags, mount · range, type size) of a weapon's name line."""
        L = self.L
        rng = L(w["range_label"]) if w["range_label"] else str(w["range"])
        right = " · ".join(p for p in (known(L, "mount", w["mount"]), f"{L('field_range')} {rng}")
                           if p)
        name = w["name"] + (f" ×{w['count']}" if w["count"] > 1 else "")
        name += "".join(f" [{t}]" for t in w["tags"])
        return name, right, self.fs(0.78, u)

    def _line_units(self, w: dict, u: float, width: float) -> float:
        """Height of a weapon's name line in line units: 1, or 2 when the name and the mount ·
        range cannot share one line at a legible size."""
        name, right, size = self._line_parts(w, u)
        badge = fonts.width(self.L("hero_line"), BOLD, size) + 0.8 * u if w["hero"] else 0
        need = badge + fonts.width(name, BOLD, size) + 0.5 * u + fonts.width(right, FONT, size)
        return 1.0 if need <= width else 1.9

    def _weapon_line(self, r: Rect, w: dict, u: float) -> None:
        pen, L = self.pen, self.L
        name, right, size = self._line_parts(w, u)
        two = r.h > 1.5 * u
        top = Rect(r.x, r.top - 1.0 * u, r.w, 1.0 * u)
        x = r.x
        if w["hero"]:
            tag = L("hero_line")
            tw = fonts.width(tag, BOLD, size) + 0.5 * u
            badge = Rect(x, top.y + 0.1 * u, tw, top.h - 0.2 * u)
            pen.rect(badge, width=0.5, radius=0.2 * u)
            pen.text_in(badge, tag, size, BOLD, align="center", pad=0.1)
            x += tw + 0.3 * u
        if two:  # the name on its own line, mount · range right-aligned under it
            pen.text_in(Rect(x, top.y, r.right - x, top.h), name, size, BOLD, pad=0, min_size=MIN_TEXT,
                        shorten=True)
            pen.text_in(Rect(r.x, r.y, r.w, r.h - top.h), right, size, FONT, align="right", pad=0)
            return
        right_w = fonts.width(right, FONT, size) + 0.2 * u
        pen.text_in(Rect(x, top.y, r.right - right_w - x, top.h), name, size, BOLD, pad=0,
                    min_size=MIN_TEXT, shorten=True)
        pen.text_in(Rect(r.right - right_w, top.y, right_w, top.h), right, size, FONT,
                    align="right", pad=0)

    # -- skills ------------------------------------------------------------------------------
    def _skills_text(self) -> str:
        return "\n".join(f"• {s['name']}" + (f": {s['text']}" if s["text"] else "")
                         for s in self.d["skills"])

    def _skills(self, r: Rect, u: float) -> None:
        pen = self.pen
        pen.text(r.x, r.top - 0.75 * u, self.L("field_skills"), self.fs(0.75, u), BOLD, max_width=r.w)
        pen.paragraph(Rect(r.x, r.y, r.w, r.h - 0.95 * u), self._skills_text(), self.fs(0.75, u), FONT,
                      min_size=MIN_TEXT)


def _boxes(pen: Pen, row: list[float], size: float, width: float) -> None:
    """One row of damage boxes (x offsets from :func:`box_rows`) from (0, 0): a form."""
    for x in row:
        pen.rect(Rect(x, 0, size, size), width=width)


def _cell_frames(pen: Pen, cols: list[Rect]) -> None:
    """The outlines of one row of weapon cells: a form, the values are drawn over it."""
    for col in cols:
        pen.rect(col, width=0.35)


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
