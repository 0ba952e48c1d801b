"""Dust Tactics unit cards: the card faces and their order on the sheet.

``render(doc, units, options)`` prints the cards of the units through the shared card
machinery (:mod:`sheets.render.cards`: sizes, n-up imposition, crop marks, bleed, backs, PNGs).
A hero that joined a squad is printed right after that squad, in the same row of the sheet (a
slot is left empty when the pair would otherwise wrap). Everything a card shows comes from
:func:`sheets.games.dust.view.card_data`; fixed words are labels of ``data/dust/labels.yaml``.

Layout of a face, top to bottom: title band (name, AP), faction · kind · armour, a stats row
(move, armour class, soft/hard cover shields), damage boxes (plus the joined hero's), the
weapon grid (a name line over the target-class cells for each weapon), skills, and the dice
edition footer. All sizes derive from the card size's one line unit (:class:`Scale`), the
same on every card of that size; :class:`Layout` places the blocks and continues a unit that
needs more room on further cards (1/2, 2/2) rather than shrink or drop anything.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from sheets.core.data import labels
from sheets.core.errors import InputError, Problem
from sheets.core.i18n import _
from sheets.games.dust import view
from sheets.games.dust.rules import partners, resolve_joins
from sheets.render import cards as shared
from sheets.render import fonts
from sheets.render.cards import CardBox, Drawer
from sheets.render.fonts import width as text_width
from sheets.render.pdf import MM, PAPER, Pen, Rect, margins, wrap_breaking

FONT, BOLD = "Cond", "Cond-Bold"
GAP = 0.35  # space between the blocks of a face, in line units
MIN_TEXT = 6.0  # smallest type read at the table; the dice footer (a source line) may be 5 pt
MIN_NOTE = 5.0
SMALLEST = 0.7  # the smallest text factor of the line unit (labels, cover lines, codes)
TICK = 3.1 * MM  # damage boxes: at least 3 mm
COMPACT_U = 7.5  # the line unit of small cards (mini, square…): rows still hold 6 pt text


CONT_AFTER = " …→"  # a sentence that continues on the next card
CONT_BEFORE = "→ "  # ... and where it goes on


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
    pairs, _joins = resolve_joins(units)
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
    return shared.grid(
        PAPER[options.paper],
        size,
        margins(options.paper),
        float(extra.get("gap") or 0) * MM,
        float(extra.get("bleed") or 0) * MM,
        allow_rotate=False,
    )


def _cards(units: list, options, g: shared.Grid) -> tuple[list, dict]:
    """The slot plan (``(unit index, card number)`` or None per slot) and each unit's card
    data, for the units in print order. A unit that does not fit the card size is an input
    error naming it (and its file)."""
    mates = partners(units)
    L = texts(options.lang)
    datas, counts, problems, layouts = {}, {}, [], {}
    for k, unit in enumerate(units):
        datas[k] = view.card_data(unit, units, options, mates)
        try:
            layouts[k] = Layout(datas[k], L, g.card[0], g.card[1], g.bleed)
            counts[k] = len(layouts[k].parts)
        except DoesNotFit as exc:
            problems.append(
                Problem(
                    _file_of(k, options),
                    None,
                    _(
                        "unit {name} does not fit a {w} × {h} mm card: {why}; choose a larger --card "
                        "(e.g. poker or tarot)"
                    ).format(name=repr(unit.name), w=f"{g.card[0] / MM:g}", h=f"{g.card[1] / MM:g}", why=exc),
                    code="card-too-small",
                )
            )
    if problems:
        raise InputError(problems)
    _one_grid_format(datas, counts, L, g, layouts)
    for k, lay in layouts.items():
        datas[k]["_layout"] = lay  # (drawn as planned: unit_faces takes it)
    groups = [[(k, n) for k in group for n in range(1, counts[k] + 1)] for group in card_groups(units)]
    return slot_plan(groups, g.cols), datas


def _file_of(k: int, options) -> str:
    """The unit file the ``k``-th unit of a render came from (``files`` of the options)."""
    start = 0
    for f in (options.extra or {}).get("files") or []:
        if k < start + f["units"]:
            return str(f["path"])
        start += f["units"]
    return "cards"


def _one_grid_format(datas: dict, counts: dict, L, g: shared.Grid, layouts: dict) -> None:
    """One weapon-table format for every card of the sheet (issue 33: a mini sheet mixed the
    14-column, the attacked-classes and the stacked tables): when any unit needs a narrower
    table than all 14 columns, every unit prints the classes any unit attacks, stacked when
    any one needs that (a unit that cannot take the sheet's format keeps its own)."""
    level = max((lay.level for lay in layouts.values()), default=0)
    if level == 0:
        return
    union = sorted({i for lay in layouts.values() for i in lay.classes})
    for stacked in (False, True) if level == 1 else (True,):
        for d in datas.values():
            d["grid_format"] = (stacked, tuple(union))
        trial = {k: Layout(d, L, g.card[0], g.card[1], g.bleed) for k, d in datas.items()}
        if stacked or all(lay.level == 1 and not lay.stacked for lay in trial.values()):
            counts.update({k: len(lay.parts) for k, lay in trial.items()})
            layouts.update(trial)
            return


def card_frames(units: list, options) -> list[tuple[int, Rect, str]]:
    """Where each card of a render lands: (card page number from 0, trim box on the page, unit
    name), in print order; a unit on two cards appears twice. Back pages (``backs``) are not
    counted. Pure geometry and metrics."""
    g = _grid(options)
    plan, _datas = _cards(units, options, g)
    return [
        (n // g.per_page, g.slots[n % g.per_page], units[key[0]].name)
        for n, key in enumerate(plan)
        if key is not None
    ]


def render(doc, units: list, options) -> None:
    """Print the unit cards of ``units`` (loaded Dust units, ``validate_force`` already run).

    Every card of the sheet uses the card size's one type scale; a unit that needs more than
    one card continues on the next (1/2, 2/2), in the same row as its joined hero where the
    row has room. Empty slots keep joined pairs in one row; with ``png_dir`` only the real
    cards become PNGs."""
    from sheets.games.dust import GAME

    g = _grid(options)
    plan, datas = _cards(units, options, g)
    order = [key for key in plan if key is not None]
    drawers = {}
    for k in {key[0] for key in order}:
        for n, drawer in enumerate(unit_faces(datas[k], options.lang, g.card, g.bleed), 1):
            drawers[(k, n)] = drawer
    back = shared.plain_back(GAME.name[options.lang])
    # upright cards only: a squad and its hero read side by side, never a card turned sideways
    extra = {k: v for k, v in (options.extra or {}).items() if k != "png_dir"}
    extra["rotate"] = False
    shared.impose(
        doc,
        [drawers[key] if key is not None else shared.EMPTY for key in plan],
        dataclasses.replace(options, extra=extra),
        backs=[back if key is not None else shared.EMPTY for key in plan],
    )
    png_dir = (options.extra or {}).get("png_dir")
    if png_dir:

        def name(key) -> str:
            total = sum(1 for other in order if other[0] == key[0])
            return units[key[0]].name + (f" {key[1]}-{total}" if total > 1 else "")

        shared.write_card_pngs(
            [drawers[key] for key in order],
            g.card,
            png_dir,
            shared.PNG_DPI,
            [name(key) for key in order],
            options.mono,
            g.bleed,
        )


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
        p.rect(
            Rect(box.bleed, box.bleed, box.w, box.h).inset(edge * 0.45), stroke=True, width=0.5, radius=2 * MM
        )

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
    pen.text_in(
        Rect(r.x, r.y, r.w - right_w, r.h),
        title,
        size,
        BOLD,
        pad=pad,
        color=ink,
        min_size=MIN_TEXT,
        shorten=True,
    )  # a name too long at 6 pt ends in "…"
    if right:
        pen.text_in(
            Rect(r.right - right_w - pad, r.y, right_w + pad, r.h),
            right,
            size,
            BOLD,
            align="right",
            pad=pad,
            color=ink,
        )


def shield(pen: Pen, r: Rect, text: str, hard: bool = False, empty: bool = False) -> None:
    """A cover shield icon filling ``r``: ``text`` inside (the save), a double outline for hard
    cover, a dashed outline when the save is none. Without text the icon is a form (every card
    of a sheet shows the same few)."""
    if not text:
        pen.form(
            ("dust-shield", r.w, r.h, hard, empty, pen.t.mono),
            r.x,
            r.y,
            lambda p: _shield(p, Rect(0, 0, r.w, r.h), "", hard, empty),
        )
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
        p.curveTo(
            b,
            bottom + (top - bottom) * 0.22,
            mid + (b - a) * 0.12,
            bottom + (top - bottom) * 0.06,
            mid,
            bottom,
        )
        p.curveTo(
            mid - (b - a) * 0.12,
            bottom + (top - bottom) * 0.06,
            a,
            bottom + (top - bottom) * 0.22,
            a,
            top - (top - bottom) * 0.42,
        )
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
        out += Pen.wrap_static(line, FONT, size, width) if fonts.width(line, FONT, size) > width else [line]
    return out


def draw_footer(pen: Pen, r: Rect, lines: list[str], size: float) -> None:
    """Footer lines (from :func:`footer_lines`) from the top of ``r``, as fine print."""
    y = r.top - size
    with pen.fine_print(), pen.frame(r):
        for line in lines:
            pen.text(
                r.x, y, line, size, FONT, max_width=r.w, color=pen.t.warn if line.startswith("†") else None
            )
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


@dataclasses.dataclass(frozen=True)
class Scale:
    """The type scale of one card size: every card of that size (every unit, every sheet) uses
    it, so a deck reads as one; a card with room to spare spreads its blocks instead."""

    u: float  # the line unit: every size on the face is a factor of it
    small: bool  # a small card (mini, square, business…): tighter gaps between the blocks


def card_scale(w: float, h: float) -> Scale:
    """The scale of a ``w`` × ``h`` card: its natural line unit (:func:`line_unit`) when the
    smallest factor still gives :data:`MIN_TEXT` (poker 9.5, bridge 8.6, euro 8.9, tarot 10.6),
    else :data:`COMPACT_U` with tighter gaps (mini, euromini, square, business: texts at their
    6 pt floor)."""
    u0 = line_unit(Rect(0, 0, w, h))
    if u0 >= MIN_TEXT / SMALLEST - 1e-9:
        return Scale(u0, False)
    if u0 >= COMPACT_U and w / (63 * MM) > h / (88 * MM):
        # short but wide (square 70 × 70 mm: 7.56 by its height, 10.56 by its width): its rows
        # have the width of a larger card, so it takes the least unit whose smallest texts are
        # 6 pt by themselves (8.57), with the tighter gaps of a short card (issue 33: 6 pt
        # with 30-40 % of the card empty)
        return Scale(MIN_TEXT / SMALLEST, True)
    return Scale(max(u0, COMPACT_U), True)


class DoesNotFit(ValueError):
    """A unit whose fixed blocks (title, stats, damage boxes) or one weapon line cannot be
    printed on a card of this size at the legible scale."""

    def __init__(self, name: str, what: str, need: float, room: float):
        self.name, self.what, self.need, self.room = name, what, need, room
        super().__init__(DOES_NOT_FIT[what]().format(need=f"{need / MM:.1f}", room=f"{room / MM:.1f}"))


# what does not fit -> its message (one sentence each, translated where raised)
DOES_NOT_FIT = {
    "name, stats and damage boxes": lambda: _(
        "its name, stats and damage boxes take {need} mm of the {room} mm a card has (text stays at 6 pt or more)"
    ),
    "target-class columns": lambda: _(
        "its target-class columns take {need} mm of the {room} mm a card has (text stays at 6 pt or more)"
    ),
    "weapon line": lambda: _(
        "its weapon line takes {need} mm of the {room} mm a card has (text stays at 6 pt or more)"
    ),
    "skill line": lambda: _(
        "its skill line takes {need} mm of the {room} mm a card has (text stays at 6 pt or more)"
    ),
}


@dataclasses.dataclass(frozen=True)
class Part:
    """What one card of a unit shows: card ``number`` of ``total`` (a unit too long for one
    card continues on the next, marked 2/2); the first card has the AP, the faction · kind ·
    armour line, the stats and the damage boxes; ``weapons`` are indexes of the weapon rows,
    ``skills`` a range of the wrapped skill lines, ``tracks`` the damage tracks shown (the
    unit's own always on the first card; a joined hero's may continue on the next)."""

    number: int
    total: int
    weapons: tuple[int, ...]
    skills: tuple[int, int]
    spare: float = 0.0  # height left over, spread between the blocks (points)
    tracks: tuple[int, ...] = ()

    @property
    def head(self) -> bool:
        return self.number == 1


CELL_PAD = 0.4  # points each side of a weapon cell's text


class Layout:
    """The layout of one unit on a card size, worked out without drawing (pure metrics).

    Every size is a factor of the size's :class:`Scale`; nothing is drawn under 6 pt (5 pt for
    the dice footer) and nothing is dropped: the weapon rows and skill lines that do not fit
    continue on further cards (:attr:`parts`). The target-class grid is one table: all 14
    classes when their cells fit, else the classes some weapon of the unit attacks, else
    (narrow cards) one grouped header — S | V | A over the level digits — with each cell's
    dice over its damage."""

    def __init__(self, data: dict, L, w: float, h: float, bleed: float = 0.0):
        self.d, self.L = data, L
        self.w, self.h, self.bleed = w, h, bleed
        self.scale = card_scale(w, h)
        u = self.u = self.scale.u
        box = CardBox(0, 0, w, h, bleed)
        edge = max(1.6 * MM, min(w, h) * 0.035)
        self.inner = box.inset(edge * 1.25)
        self.gap = GAP * u * (0.6 if self.scale.small else 1.0)
        self.foot_size = max(MIN_NOTE, min(0.72 * line_unit(box), 6.5))
        self.foot = footer_lines(None, data, L, self.inner.w, self.foot_size)
        self.foot_h = len(self.foot) * self.foot_size * 1.2 + 0.2 * u
        self.cell_size = max(MIN_TEXT, 0.7 * u)
        self.code_size = fs(0.7, u)
        self._grid()
        self.skill_lines = (
            wrap_breaking(self.skills_text(), FONT, fs(0.75, u), self.inner.w - self.mark_w())
            if data["skills"]
            else []
        )
        # a card may end after a line that ends a sentence (or a skill): never mid-sentence
        self.sentence_end = [
            k == len(self.skill_lines) - 1
            or self.skill_lines[k + 1].startswith("• ")
            or self.skill_lines[k].rstrip().endswith((".", "!", "?", ";", "»", ")"))
            for k in range(len(self.skill_lines))
        ]
        self.parts = self._parts()

    # -- sizes --------------------------------------------------------------------------------
    def title_size(self) -> float:
        return 1.7 * self.u * 0.62

    def right_text(self, part: Part) -> str:
        d = self.d
        ap = f"{d['points']} {self.L(d['points_label'])}" if d["kind"] != "cover_object" else ""
        if part.total == 1:
            return ap
        count = f"{part.number}/{part.total}"
        return f"{ap} · {count}" if part.head and ap else count

    def title_lines(self, part: Part) -> list[str]:
        """The name in lines that fit the band beside its right text (AP, 1/2) at one size."""
        d, u = self.d, self.u
        name = self.L(d["name_key"]) if d["name_key"] else d["name"]
        size, pad = self.title_size(), 1.7 * u * 0.3
        right = self.right_text(part)
        right_w = fonts.width(right, BOLD, size) + pad if right else 0
        return wrap_breaking(name, BOLD, size, self.inner.w - right_w - 2 * pad) or [name]

    def title_h(self, part: Part) -> float:
        return 1.7 * self.u + (len(self.title_lines(part)) - 1) * 1.15 * self.title_size()

    def subline_lines(self) -> list[str]:
        return wrap_breaking(subline(self.d, self.L), FONT, fs(0.85, self.u), self.inner.w)

    def head_h(self) -> float:
        """Faction line and stats row (the first card only), with their gaps."""
        u = self.u
        sub = len(self.subline_lines()) * 1.05 * u
        return sub + 3.4 * u + 2 * self.gap

    def tracks(self) -> list[tuple[str, str, list[int], bool]]:
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
            # the joined hero's hit points are ticked on its own card only (issue 33: printed on
            # both, one of the two tracks went stale); the squad's card names it
            tracks[0] = (heading, f"{L('joined_by')}: {dmg['hero']['name']}", groups, True)
        if d["joins"]:
            tracks[0] = (heading, f"{L('joins')}: {d['joins']}", groups, False)
        return tracks

    def marker_lines(self, marker: str, hero: bool) -> list[str]:
        """The "Joined by: …" / "Joins: …" band in lines at its one size: the short form
        ("+ name", "→ name") when the long one needs more lines; the name is never cut."""
        size, width = fs(0.75, self.u), self.inner.w - 0.6 * self.u
        lines = wrap_breaking(marker, BOLD, size, width)
        if len(lines) > 1:
            short = ("+ " if hero else "→ ") + marker.split(": ", 1)[-1]
            lines = wrap_breaking(short, BOLD, size, width)
        return lines

    def box_size(self) -> tuple[float, float]:
        return max(TICK, 1.1 * self.u), 0.35 * self.u

    def damage_h(self, shown=None) -> float:
        """Height of the damage tracks ``shown`` (indexes; all when None)."""
        size, gap = self.box_size()
        total = 0.0
        tracks = self.tracks()
        for k in range(len(tracks)) if shown is None else shown:
            _, marker, groups, hero = tracks[k]
            rows = box_rows(groups, self.inner.w, size, gap)
            bands = len(self.marker_lines(marker, hero)) if marker else 0
            total += 1.1 * bands + 0.9 + 1.45 * len(rows)
        return total * self.u

    # -- the target-class grid ------------------------------------------------------------------
    def _grid(self) -> None:
        d, u, width = self.d, self.u, self.inner.w
        rows = d["weapons"]
        every = list(range(len(d["classes"])))
        used = [i for i in every if any(w["cells"][i] for w in rows)] or every

        def fits(idx: list[int], texts: list[str], font_size: float, codes: list[str]) -> bool:
            cw = (width - 0.6 * u) / max(len(idx), 1)
            need = max(
                [fonts.width(t, FONT, font_size) for t in texts]
                + [fonts.width(c, BOLD, self.code_size) for c in codes]
            )
            return need + 2 * CELL_PAD <= cw + 1e-9

        self.stacked = False
        cells = [w["cells"][i] or "–" for w in rows for i in every]
        forced = d.get("grid_format")  # (stacked, classes): the one format of the whole sheet
        if forced:
            stacked, idx = forced[0], list(forced[1])
            texts = (
                [p for w in rows for i in idx for p in _stacked(w["cells"][i])]
                if stacked
                else [w["cells"][i] or "–" for w in rows for i in idx]
            )
            codes = [d["classes"][i][1:] if stacked else d["classes"][i] for i in idx]
            if fits(idx, texts, self.cell_size, codes):
                self.stacked, self.classes, self.level = stacked, idx, 2 if stacked else 1
                return
        for level, idx in enumerate((every, used)):
            if fits(idx, cells, self.cell_size, [d["classes"][i] for i in idx]):
                self.classes, self.level = idx, level
                return
        # narrow: one grouped header (S | V | A over the digits), each cell's dice over its damage
        self.stacked = True
        self.classes = used
        self.level = 2
        parts = [p for w in rows for i in used for p in _stacked(w["cells"][i])]
        if not fits(used, parts, self.cell_size, [d["classes"][i][1:] for i in used]):
            raise DoesNotFit(
                d["name"],
                "target-class columns",
                len(used) * (self.cell_size + 2 * CELL_PAD) + 0.6 * u,
                width,
            )

    def header_h(self) -> float:
        return (2.0 if self.stacked else 1.0) * self.u

    def cell_h(self) -> float:
        return max(2.2 * self.cell_size * 1.1, 2.0 * self.u) if self.stacked else 1.15 * self.u

    def line_parts(self, w: dict) -> tuple[str, str, float]:
        """(name with count and tags, mount · range, type size) of a weapon's name line."""
        L = self.L
        rng = L(w["range_label"]) if w["range_label"] else str(w["range"])
        right = " · ".join(p for p in (known(L, "mount", w["mount"]), f"{L('field_range')} {rng}") if p)
        name = w["name"] + (f" ×{w['count']}" if w["count"] > 1 else "")
        name += "".join(f" [{t}]" for t in w["tags"])
        return name, right, fs(0.78, self.u)

    def badge_w(self, w: dict) -> float:
        _, _, size = self.line_parts(w)
        return fonts.width(self.L("hero_line"), BOLD, size) + 0.8 * self.u if w["hero"] else 0.0

    def name_lines(self, w: dict) -> list[str] | None:
        """None when the name and the mount · range share one line; else the name's lines
        (beside the hero badge), the mount · range on a line of its own under them."""
        name, right, size = self.line_parts(w)
        width, badge = self.inner.w, self.badge_w(w)
        if badge + fonts.width(name, BOLD, size) + 0.5 * self.u + fonts.width(right, FONT, size) <= width:
            return None
        return wrap_breaking(name, BOLD, size, width - badge) or [name]

    def row_h(self) -> float:
        """Height of one line of a weapon's name line (its text is never under 6 pt)."""
        return max(1.0 * self.u, fs(0.78, self.u) / 0.78)

    def name_h(self, w: dict) -> float:
        lines = self.name_lines(w)
        return self.row_h() * (1 if lines is None else len(lines) + 1)

    def weapon_h(self, k: int) -> float:
        cache = self.__dict__.setdefault("_weapon_h", {})  # (planned again for "1/2": the same)
        if k not in cache:
            cache[k] = self.name_h(self.d["weapons"][k]) + self.cell_h() + 0.05 * self.u
        return cache[k]

    # -- skills ---------------------------------------------------------------------------------
    def skills_text(self) -> str:
        return "\n".join(f"• {s['name']}" + (f": {s['text']}" if s["text"] else "") for s in self.d["skills"])

    def mark_w(self) -> float:
        """Room kept at the end of every skill line for the "…→" of a sentence that continues on
        the next card (issue 33: cards cut rules mid-sentence with no mark)."""
        return text_width(CONT_AFTER, FONT, fs(0.75, self.u))

    def skill_line_h(self) -> float:
        return fs(0.75, self.u) * 1.18

    def skills_head_h(self) -> float:
        return 0.95 * self.u + 0.35 * self.u

    # -- cards ------------------------------------------------------------------------------------
    def _parts(self) -> list[Part]:
        """The unit's cards: the first holds the head blocks and what else fits; weapon rows,
        then skill lines, continue on the next cards in order. When the unit needs more than
        one card, the first card's name band also carries "1/2": planned again with it."""
        plans = self._plan(1)
        if len(plans) > 1:
            plans = self._plan(2)
        total = len(plans)
        return [Part(n, total, ws, ss, spare, ts) for n, (ws, ss, spare, ts) in enumerate(plans, 1)]

    def _plan(self, guess: int) -> list[tuple]:
        d = self.d
        room = self.inner.h - self.foot_h
        weapons, lines = len(d["weapons"]), len(self.skill_lines)
        n_tracks = len(self.tracks())
        head = (
            self.title_h(Part(1, guess, (), (0, 0)))
            + self.gap
            + self.head_h()
            + self.damage_h([0])
            + self.gap
        )
        if head > room:
            raise DoesNotFit(d["name"], "name, stats and damage boxes", head + self.foot_h, self.inner.h)
        plans: list[tuple] = []
        wi = si = 0
        ti = 1
        while True:
            first = not plans
            probe = Part(len(plans) + 1, max(guess, 2), (), (0, 0))  # "2/2" beside the name
            used = head if first else self.title_h(probe) + self.gap
            tracks = [0] if first else []
            while (
                ti < n_tracks
                and used + self.damage_h(tracks + [ti]) - self.damage_h(tracks) + (0 if tracks else self.gap)
                <= room + 1e-6
            ):
                used += self.damage_h(tracks + [ti]) - self.damage_h(tracks) + (0 if tracks else self.gap)
                tracks.append(ti)
                ti += 1
            shown: list[int] = []
            if wi < weapons and ti == n_tracks:
                h = self.header_h()
                while wi < weapons and used + h + self.weapon_h(wi) <= room + 1e-6:
                    h += self.weapon_h(wi)
                    shown.append(wi)
                    wi += 1
                if shown:
                    used += h + self.gap
            start = si
            if ti == n_tracks and wi == weapons and si < lines:
                h = self.skills_head_h()
                while si < lines and used + h + self.skill_line_h() <= room + 1e-6:
                    h += self.skill_line_h()
                    si += 1
                # end the card after a sentence when one ends on it (a word break, marked "…→",
                # only when no sentence ends on the card at all)
                ends = [k + 1 for k in range(start, si) if self.sentence_end[k]]
                if si < lines and ends and ends[-1] < si:
                    h -= (si - ends[-1]) * self.skill_line_h()
                    si = ends[-1]
                if si > start:
                    used += h + self.gap
            plans.append((tuple(shown), (start, si), room - used, tuple(tracks)))
            if ti == n_tracks and wi == weapons and si == lines:
                return plans
            if not first and not shown and si == start and not tracks:
                what = "weapon line" if wi < weapons else "skill line"
                need = self.header_h() + self.weapon_h(wi) if wi < weapons else self.skill_line_h()
                raise DoesNotFit(d["name"], what, need + self.title_h(probe) + self.foot_h, self.inner.h)

    def blocks(self, part: Part) -> list[str]:
        out = ["title"]
        if part.head:
            out += ["subline", "stats"]
        if part.tracks:
            out.append("damage")
        if part.weapons:
            out.append("weapons")
        if part.skills[1] > part.skills[0]:
            out.append("skills")
        return out


def _stacked(cell: str | None) -> tuple[str, str]:
    """A cell as two lines for a narrow grid: dice over damage ("2/1" → "2", "1"; a phaser
    "2z1" → "2", "z1"; no attack → "–", "")."""
    if not cell:
        return "–", ""
    dice, sep, damage = re.match(r"(\d+)([/z])(\d+)", cell).groups()
    return dice, damage if sep == "/" else f"z{damage}"


def face(data: dict, lang: str, number: int = 1) -> Drawer:
    """The drawer of card ``number`` of a unit's card face(s) for
    :func:`sheets.render.cards.impose` (the layout is worked out for the card's size)."""

    def draw(pen: Pen, box: CardBox) -> None:
        layout = Layout(data, texts(lang), box.w, box.h, box.bleed)
        _Face(pen, layout, layout.parts[number - 1]).draw(box)

    return draw


def unit_faces(data: dict, lang: str, card: tuple[float, float], bleed: float = 0.0) -> list[Drawer]:
    """One drawer per card of a unit on a ``card`` (w, h) size: one, or more when the unit
    continues (1/2, 2/2 …). Raises :class:`DoesNotFit`."""
    layout = data.get("_layout")
    if layout is None or (layout.w, layout.h, layout.bleed) != (card[0], card[1], bleed):
        layout = Layout(data, texts(lang), card[0], card[1], bleed)

    def drawer(part: Part) -> Drawer:
        def draw(pen: Pen, box: CardBox) -> None:
            here = layout if (box.w, box.h) == card else Layout(data, texts(lang), box.w, box.h)
            _Face(pen, here, here.parts[part.number - 1]).draw(box)

        return draw

    return [drawer(p) for p in layout.parts]


class _Face:
    """Draws one card (one :class:`Part`) of a :class:`Layout`."""

    def __init__(self, pen: Pen, layout: Layout, part: Part):
        self.pen, self.lay, self.part = pen, layout, part
        self.d, self.L, self.u = layout.d, layout.L, layout.u

    def draw(self, box: CardBox) -> None:
        lay, part, u = self.lay, self.part, self.u
        if self.pen.rec is not None:
            # Latin that stays Latin on a Russian card: the weapon cells as the unit file
            # writes them (a phaser's "3z1", also as "z1" under its dice) and the target-class
            # letters S, V, A over the level digits of a narrow grid (the codes S1 … A3)
            words = {c for w in self.d["weapons"] for c in w["cells"] if c}
            words |= {p for c in list(words) for p in _stacked(c)}
            words |= {code[0] for code in self.d["classes"]}
            self.pen.rec.allowed_words.update(words)
        inner = background(self.pen, box)
        names = lay.blocks(part)
        heights = {
            "title": lay.title_h(part),
            "subline": len(lay.subline_lines()) * 1.05 * u,
            "stats": 3.4 * u,
            "damage": lay.damage_h(part.tracks),
            "weapons": lay.header_h() + sum(lay.weapon_h(k) for k in part.weapons),
            "skills": lay.skills_head_h() + (part.skills[1] - part.skills[0]) * lay.skill_line_h(),
        }
        # room to spare goes between the blocks (up to one line unit each), never into type
        gap = lay.gap + min(max(part.spare, 0.0) / max(len(names), 1), 1.0 * u)
        y = inner.top
        for name in names:
            h = heights[name]
            getattr(self, "_" + name)(Rect(inner.x, y - h, inner.w, h))
            y -= h + gap
        draw_footer(self.pen, Rect(inner.x, inner.y, inner.w, lay.foot_h), lay.foot, lay.foot_size)

    def _title(self, r: Rect) -> None:
        pen, t, lay = self.pen, self.pen.t, self.lay
        fill, ink = (t.band, t.ink) if t.mono else (t.accent, t.accent_text)
        pen.rect(r, fill=fill, stroke=t.mono, width=0.5, radius=1.7 * self.u * 0.2)
        size, pad = lay.title_size(), 1.7 * self.u * 0.3
        right = lay.right_text(self.part)
        lines = lay.title_lines(self.part)
        right_w = fonts.width(right, BOLD, size) + pad if right else 0
        line_h = 1.15 * size
        top = Rect(r.x, r.top - 1.7 * self.u, r.w, 1.7 * self.u)
        for k, line in enumerate(lines):
            row = Rect(r.x, top.y - k * line_h, r.w - right_w, top.h)
            pen.text_in(row, line, size, BOLD, pad=pad, color=ink, min_size=size)
        if right:
            pen.text_in(
                Rect(r.right - right_w - pad, top.y, right_w + pad, top.h),
                right,
                size,
                BOLD,
                align="right",
                pad=pad,
                color=ink,
                min_size=size,
            )

    def _subline(self, r: Rect) -> None:
        size = fs(0.85, self.u)
        y = r.top
        for line in self.lay.subline_lines():
            self.pen.text_in(
                Rect(r.x, y - 1.05 * self.u, r.w, 1.05 * self.u), line, size, FONT, pad=0, min_size=MIN_TEXT
            )
            y -= 1.05 * self.u

    def _stats(self, r: Rect) -> None:
        d, u = self.d, self.u

        def share(label: str) -> float:  # a stat cell wide enough for its label
            return max(0.2, (fonts.width(label, FONT, self._label_size()) + 0.8 * u) / r.w)

        if d["kind"] == "cover_object":
            a = share(self.L("field_armor"))
            armour, cover = r.split_h(a, 1 - a, gap=0.4 * u)
        else:
            m, a = share(self.L("field_move")), share(self.L("field_armor"))
            move, armour, cover = r.split_h(m, a, 1 - m - a, gap=0.3 * u)
            self._stat(move, self.L("field_move"), str(d["move"]))
        self._stat(armour, self.L("field_armor"), d["armor"]["code"])
        self._cover(cover)

    def _label_size(self) -> float:
        """Stat labels grow with the card only up to 7.5 pt: room goes to the cover lines."""
        return min(fs(0.7, self.u), 7.5)

    def _stat(self, r: Rect, label: str, value: str) -> None:
        pen, u = self.pen, self.u
        size = self._label_size()

        def skeleton(p: Pen) -> None:  # the framed cell and its label: a form
            cell = Rect(0, 0, r.w, r.h)
            p.rect(cell, width=0.5, radius=0.3 * u)
            with p.frame(cell):
                p.text_in(cell.split_v(0.3, 0.7)[0], label, size, FONT, align="center", pad=0.15 * u)

        pen.form(("dust-stat", r.w, r.h, u, label, size, pen.t.mono), r.x, r.y, skeleton)
        pen.text_in(r.split_v(0.3, 0.7)[1], value, 1.6 * u, BOLD, align="center", pad=0.2 * u)

    def _cover(self, r: Rect) -> None:
        pen, d, L, u = self.pen, self.d, self.L, self.u
        cover = d["cover"]
        pen.rect(r, width=0.5, radius=0.3 * u)
        head, body = r.split_v(0.3, 0.7)
        title = L(cover["label"]) if cover["mode"] in ("own", "provides") else L("field_cover")
        pen.text_in(head, title, self._label_size(), FONT, align="center", pad=0.2 * u)
        body = body.inset(0.2 * u, 0.1 * u)
        size = fs(0.75, u)
        if cover["mode"] == "provides":
            kind = cover["provides"]
            icon, text = body.split_h(0.3, 0.7)
            shield(pen, icon, "", hard=kind == "hard")
            pen.paragraph(
                text.inset(0.2 * u, 0), L(cover["provides_label"]), 0.8 * u, BOLD, min_size=MIN_TEXT
            )
        elif cover["mode"] in ("none", "squad"):
            # the longest wording that fits the cell at the card's size (a joined hero's squad
            # is named on the card's "joins" line)
            room = body.inset(0.1 * u)
            text = L(cover["label"])
            if len(wrap_breaking(text, FONT, size, room.w)) * size * 1.18 > room.h:
                text = L(cover["label"] + "_short")
            pen.paragraph(
                room, "\n".join(wrap_breaking(text, FONT, size, room.w)), size, FONT, min_size=MIN_TEXT
            )
        else:
            # one line per cover kind: its shield (double outline = hard, dashed = no save) and
            # the longest wording that fits both lines at the card's size: "Soft: hit save",
            # "Soft: Hit", "Hit" (the shield's outline still tells soft from hard)
            lines = body.split_v(0.5, 0.5, gap=0.1 * u)
            rows = []
            for kind, line in zip(("soft", "hard"), lines):
                save = cover[kind]
                icon = Rect(line.x, line.y, line.h * 0.85, line.h)
                text = Rect(icon.right + 0.25 * u, line.y, line.right - icon.right - 0.25 * u, line.h)
                options = (
                    f"{L(f'cover_{kind}_short')}: {L(f'save_{save}_line')}",
                    f"{L(f'cover_{kind}_short')}: {L(f'save_{save}_short')}",
                    L(f"save_{save}_short"),
                )
                rows.append((kind, save, icon, text, options))
            # the full wording at the card's size, else at a smaller one down to 6 pt (the
            # seed's words before larger type), else the shorter wordings
            level = 2
            for k in range(3):
                fit = max(fonts.width(o[k], FONT, 1.0) / t.w for _, _, _, t, o in rows)
                if fit * MIN_TEXT <= 1.0 + 1e-9:
                    level, size = k, min(size, 1.0 / fit)
                    break
            for kind, save, icon, text, options in rows:
                shield(pen, icon, "", hard=kind == "hard", empty=save == "none")
                pen.text_in(text, options[level], size, FONT, pad=0, min_size=MIN_TEXT)

    def _damage(self, r: Rect) -> None:
        pen, u = self.pen, self.u
        y = r.top
        size, gap = self.lay.box_size()
        tracks = self.lay.tracks()
        for heading, marker, groups, hero in (tracks[k] for k in self.part.tracks):
            if marker:
                lines = self.lay.marker_lines(marker, hero)
                band = Rect(r.x, y - 1.1 * u * len(lines) + 0.05 * u, r.w, 1.1 * u * len(lines) - 0.05 * u)
                pen.rect(band, fill=pen.t.band, stroke=False, radius=0.2 * u)
                for k, line in enumerate(lines):
                    row = Rect(r.x, y - 1.1 * u * (k + 1) + 0.05 * u, r.w, 1.05 * u)
                    pen.text_in(row, line, fs(0.75, u), BOLD, pad=0.3 * u, min_size=MIN_TEXT)
                y -= 1.1 * u * len(lines)
            pen.text(r.x, y - 0.72 * u, heading, fs(0.72, u), FONT, max_width=r.w)
            y -= 0.9 * u
            for row in box_rows(groups, r.w, size, gap):
                yb = y - 1.45 * u + (1.45 * u - size) / 2
                pen.form(
                    ("dust-boxes", tuple(row), size, hero, pen.t.mono),
                    r.x,
                    yb,
                    lambda p, row=row, hero=hero: _boxes(p, row, size, 1.1 if hero else 0.6),
                )
                y -= 1.45 * u

    # -- weapons -----------------------------------------------------------------------------
    def _columns(self, r: Rect, idx: list[int]) -> list[Rect]:
        """Columns for the classes ``idx`` across ``r``, a small gap between S, V and A."""
        u, classes = self.u, self.d["classes"]
        n = len(idx)
        breaks = [k for k in range(1, n) if classes[idx[k]][0] != classes[idx[k - 1]][0]]
        gg = 0.3 * u
        cw = (r.w - gg * max(len(breaks), 2 if n == len(classes) else len(breaks))) / n
        cols, x = [], r.x
        for k in range(n):
            if k in breaks:
                x += gg
            cols.append(Rect(x, r.y, cw, r.h))
            x += cw
        return cols

    def _header(self, head: Rect, idx: list[int]) -> None:
        """The target-class header row: one table (S1 … A3, or grouped S | V | A over the
        level digits on a narrow card)."""
        d, lay, stacked = self.d, self.lay, self.lay.stacked
        size = lay.code_size

        def classes(p: Pen) -> None:  # the header: a form
            local = Rect(0, 0, head.w, head.h)
            cols = self._columns(local, idx)
            if not stacked:
                for i, col in zip(idx, cols):
                    p.rect(col, fill=p.t.band, stroke=False)
                    with p.frame(col):
                        p.text_in(col, d["classes"][i], size, BOLD, align="center", pad=CELL_PAD)
                return
            top_h = head.h / 2
            groups: dict[str, list[Rect]] = {}
            for i, col in zip(idx, cols):
                groups.setdefault(d["classes"][i][0], []).append(col)
                digit = Rect(col.x, 0, col.w, head.h - top_h)
                p.rect(digit, fill=p.t.band, stroke=False)
                with p.frame(digit):
                    p.text_in(digit, d["classes"][i][1:], size, BOLD, align="center", pad=CELL_PAD)
            for letter, gcols in groups.items():
                span = Rect(gcols[0].x, head.h - top_h, gcols[-1].right - gcols[0].x, top_h)
                p.rect(span, fill=p.t.band, stroke=False)
                p.line(span.x + 0.5, span.y, span.right - 0.5, span.y, 0.35)
                with p.frame(span):
                    p.text_in(span, letter, size, BOLD, align="center", pad=CELL_PAD)

        pen = self.pen
        pen.form(
            (
                "dust-classes",
                head.w,
                head.h,
                self.u,
                tuple(idx),
                stacked,
                size,
                tuple(d["classes"]),
                pen.t.mono,
            ),
            head.x,
            head.y,
            classes,
        )

    def _weapons(self, r: Rect) -> None:
        pen, d, L, lay, u = self.pen, self.d, self.L, self.lay, self.u
        idx = lay.classes
        head = Rect(r.x, r.top - lay.header_h(), r.w, lay.header_h())
        self._header(head, idx)
        y = head.y
        for k in self.part.weapons:
            w = d["weapons"][k]
            lines = lay.name_lines(w)
            lh = lay.name_h(w)
            line = Rect(r.x, y - lh, r.w, lh)
            ch = lay.cell_h()
            bottom = line.y - ch
            if w["hero"]:
                pen.rect(Rect(r.x, bottom, r.w, line.top - bottom), fill=pen.t.faint, stroke=False)
            self._weapon_line(line, w, lines)
            cells = Rect(r.x, line.y - ch, r.w, ch)
            cols = self._columns(cells, idx)
            pen.form(
                ("dust-cells", cells.w, cells.h, u, tuple(idx), pen.t.mono),
                cells.x,
                cells.y,
                lambda p, cells=cells: _cell_frames(p, self._columns(Rect(0, 0, cells.w, cells.h), idx)),
            )
            for i, col in zip(idx, cols):
                value = w["cells"][i]
                if not lay.stacked:
                    pen.text_in(
                        col,
                        value or L("no_attack"),
                        lay.cell_size,
                        FONT,
                        align="center",
                        pad=CELL_PAD,
                        min_size=MIN_TEXT,
                    )
                    continue
                top, low = _stacked(value)
                if not low:
                    pen.text_in(
                        col,
                        L("no_attack"),
                        lay.cell_size,
                        FONT,
                        align="center",
                        pad=CELL_PAD,
                        min_size=MIN_TEXT,
                    )
                    continue
                upper, lower = col.split_v(0.5, 0.5)
                pen.text_in(upper, top, lay.cell_size, FONT, align="center", pad=CELL_PAD, min_size=MIN_TEXT)
                pen.text_in(lower, low, lay.cell_size, FONT, align="center", pad=CELL_PAD, min_size=MIN_TEXT)
                if not low.startswith("z"):  # the fraction's rule: dice over damage
                    pen.line(col.x + col.w * 0.3, lower.top, col.right - col.w * 0.3, lower.top, 0.35)
            y = cells.y - 0.05 * u
        pen.line(r.x, y, r.right, y, 0.35)

    def _weapon_line(self, r: Rect, w: dict, lines: list[str] | None) -> None:
        pen, L, u = self.pen, self.L, self.u
        name, right, size = self.lay.line_parts(w)
        rh = self.lay.row_h()
        top = Rect(r.x, r.top - rh, r.w, rh)
        x = r.x
        if w["hero"]:
            tag = L("hero_line")
            tw = fonts.width(tag, BOLD, size) + 0.5 * u
            badge = Rect(x, top.y, tw, top.h)
            pen.rect(badge, width=0.5, radius=0.2 * u)
            pen.text_in(badge, tag, size, BOLD, align="center", pad=0.1, min_size=MIN_TEXT)
            x += tw + 0.3 * u
        if lines is not None:  # the name in its lines, mount · range right-aligned under them
            y = r.top
            for line in lines:
                pen.text_in(Rect(x, y - rh, r.right - x, rh), line, size, BOLD, pad=0, min_size=MIN_TEXT)
                y -= rh
            pen.text_in(Rect(r.x, r.y, r.w, rh), right, size, FONT, align="right", pad=0, min_size=MIN_TEXT)
            return
        right_w = fonts.width(right, FONT, size) + 0.2 * u
        pen.text_in(Rect(x, top.y, r.right - right_w - x, top.h), name, size, BOLD, pad=0, min_size=MIN_TEXT)
        pen.text_in(
            Rect(r.right - right_w, top.y, right_w, top.h),
            right,
            size,
            FONT,
            align="right",
            pad=0,
            min_size=MIN_TEXT,
        )

    # -- skills ------------------------------------------------------------------------------
    def _skills(self, r: Rect) -> None:
        pen, u, lay = self.pen, self.u, self.lay
        size = fs(0.75, u)
        start, end = self.part.skills
        heading = self.L("field_skills")
        pen.text(r.x, r.top - 0.75 * u, heading, size, BOLD, max_width=r.w, min_size=MIN_TEXT)
        y = r.top - 0.95 * u - size
        with pen.frame(Rect(r.x, r.y, r.w, r.h - 0.95 * u)):
            for k in range(start, end):
                line = lay.skill_lines[k]
                if k == start and k and not lay.sentence_end[k - 1]:
                    line = CONT_BEFORE + line  # the sentence began on the card before
                if k == end - 1 and not lay.sentence_end[k]:
                    line += CONT_AFTER  # ... and goes on on the next card
                pen.text(r.x, y, line, size, FONT, max_width=r.w, min_size=MIN_TEXT)
                y -= lay.skill_line_h()


def _boxes(pen: Pen, row: list[float], size: float, width: float) -> None:
    """One row of damage boxes (x offsets from :func:`box_rows`) from (0, 0): a form. Drawn
    with the render layer's tick-box primitive, so that the layout checker measures them as
    tick targets (issue 23: at least 3 mm each side, 0.6 mm apart)."""
    for x in row:
        pen.box_track(x, 0, ["plain"], size, gap=0, width=width)


def _cell_frames(pen: Pen, cols: list[Rect]) -> None:
    """The outlines of one row of weapon cells: a form, the values are drawn over it."""
    for col in cols:
        pen.rect(col, width=0.35)


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
        for _k in range(n):
            if len(rows[-1]) and x + size > width + 1e-6:
                rows.append([])
                x = 0.0
            rows[-1].append(x)
            x += pitch
        x += gap * 1.5
    return rows
