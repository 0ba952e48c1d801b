"""The «Древняя Механика» handout (``sheets reference dmech``) and the table blocks it shares
with the walker sheet's ``--tables`` page: penetration ladder, Damage / Heavy damage, reactor
(«печь») and Balance / Standing-up tables, with unverified cells footnoted (†1, †2, …).

Every text comes from ``data/dmech/`` (tables.yaml, classes.yaml, labels.yaml); this module
only lays it out. Cells wrap to their column and a table shrinks its type until it fits its box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sheets import __version__
from sheets.core.data import label
from sheets.games.dmech import chart, rules
from sheets.games.dmech.model import Entry, Text
from sheets.render.fonts import width as fonts_width
from sheets.render.pdf import Pen, Rect, footer, margins

ID = "dmech"
# the handout's facing diagram: small enough to sit beside its rule text
DIAGRAM_RADIUS = 3


def L(key: str, lang: str) -> str:
    """A dmech label (falls back to the common labels)."""
    return label(ID, key, lang)


_MINUS = re.compile(r"(?<![\w\-])-(?=\d)")


def typo(text: str) -> str:
    """Printed form of a rules text: a hyphen before a number becomes the minus sign (−2, not
    -2), so every modifier on a page reads the same way."""
    return _MINUS.sub("\u2212", text)


def signed(value: int | None) -> str:
    """A modifier as printed: +1, −2, 0 (true minus sign); "—" when missing."""
    if value is None:
        return "—"
    return "0" if value == 0 else f"{value:+d}".replace("-", "−")


# -- footnotes -------------------------------------------------------------------------------


@dataclass
class Footnotes:
    """Numbered † marks for the unverified values printed on one page or sheet.

    A note of the bundled tables has one number everywhere (its place in
    :func:`sheets.games.dmech.rules.unverified_notes`: †1 is the class modifiers' signs on a
    walker sheet and on the handout alike); any other note is numbered after those. The page's
    legend lists the notes it uses, in number order."""

    lang: str
    notes: dict = field(default_factory=dict)  # number -> note text, for the notes used
    legend: bool = True  # start with the abbreviations legend

    def mark_note(self, note: Text | None) -> str:
        """The mark (†1, †2, …) of an unverified point; the same note keeps its number."""
        text = typo(note.get(self.lang) if note else L("unverified", self.lang))
        fixed = [typo(t.get(self.lang)) for t in rules.unverified_notes()]
        if text in fixed:
            number = fixed.index(text) + 1
        else:
            others = [t for n, t in sorted(self.notes.items()) if n > len(fixed)]
            number = len(fixed) + 1 + (others.index(text) if text in others else len(others))
        self.notes[number] = text
        return f"†{number}"

    def mark(self, entry: Entry) -> str:
        """ " †N" after an unverified entry, "" after a verified one; the footnote is the
        entry's note, or the entry's own text when it is itself the caveat."""
        return "" if entry.verified else " " + self.mark_note(entry.note or entry.text)

    def text(self, entry: Entry) -> str:
        """An entry's text in the footnotes' language, with its mark."""
        return typo(entry.text.get(self.lang)) + self.mark(entry)

    def lines(self) -> list[str]:
        """The footnote lines: the abbreviations legend, then (when something is unverified)
        what the marks mean and one line per numbered note. Every mark is numbered (†1, †2…):
        there is no bare †."""
        lines = (
            [f"{L('abbreviations_label', self.lang)}: {L('abbreviations', self.lang)}"] if self.legend else []
        )
        if self.notes:
            lines += [L("unverified_intro", self.lang)] + [f"†{n} {t}" for n, t in sorted(self.notes.items())]
        return lines


def draw_footnotes(pen: Pen, r: Rect, notes: Footnotes, size: float = 6.5) -> None:
    """The footnotes of ``notes`` as a paragraph at the top of ``r`` (shrinks to fit)."""
    lines = notes.lines()
    if lines:
        pen.paragraph(r, "\n".join(lines), size=size, min_size=4.0, color=pen.t.ink)


def footnotes_height(pen: Pen, notes: Footnotes, width: float, size: float = 6.5) -> float:
    """Height :func:`draw_footnotes` needs at ``size`` (0 without notes)."""
    lines = notes.lines()
    if not lines:
        return 0.0
    return len(pen.wrap("\n".join(lines), "Sans", size, width)) * size * 1.18 + 2


# -- wrapped tables ----------------------------------------------------------------------------


@dataclass
class _Cells:
    size: float
    heights: list[float]
    lines: list[list[list[str]]]


_MARK = re.compile(r"†\d+")


def cell_lines(pen: Pen, text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` wrapped to ``width``, a † mark never alone on a line: it goes down with the
    word before it (or, after a one-word line, back up beside it, the line shrinking a hair)."""
    lines = pen.wrap(text, font, size, width)
    out: list[str] = []
    for line in lines:
        if out and _MARK.fullmatch(line.strip()):
            words = out[-1].split(" ")
            if len(words) > 1:
                out[-1] = " ".join(words[:-1])
                line = f"{words[-1]} {line.strip()}"
            else:
                out[-1] = f"{out[-1]} {line.strip()}"
                continue
        out.append(line)
    return out


def _wrap_table(
    pen: Pen,
    widths: list[float],
    rows: list[list[str]],
    size: float,
    fonts: list[str],
    pad: float,
    leading: float,
) -> _Cells:
    heights, lines = [], []
    for row, font in zip(rows, fonts):
        cells = [cell_lines(pen, str(cell), font, size, max(w - 2 * pad, 1)) for cell, w in zip(row, widths)]
        lines.append(cells)
        heights.append(max(len(c) for c in cells) * size * leading + size * 0.7)
    return _Cells(size, heights, lines)


def table_height(
    pen: Pen,
    width: float,
    widths,
    rows,
    header=None,
    size: float = 7.0,
    pad: float = 2.0,
    leading: float = 1.15,
) -> float:
    """Height :func:`wrapped_table` needs at ``size`` for a table ``width`` wide."""
    cols = [width * w / sum(widths) for w in widths]
    all_rows = ([header] if header else []) + list(rows)
    fonts = (["Sans-Bold"] if header else []) + ["Sans"] * len(rows)
    return sum(_wrap_table(pen, cols, all_rows, size, fonts, pad, leading).heights)


def wrapped_table(
    pen: Pen,
    r: Rect,
    widths,
    rows,
    header=None,
    size: float = 7.0,
    min_size: float = 4.0,
    aligns=None,
    pad: float = 2.0,
    leading: float = 1.15,
    highlight: int | None = None,
) -> float:
    """A grid table whose cells wrap; the type shrinks (to ``min_size``) until it fits ``r``.

    ``widths`` are fractions; ``highlight`` is the index of a body row to shade. Returns the
    height used.
    """
    cols = [r.w * w / sum(widths) for w in widths]
    all_rows = ([header] if header else []) + [list(row) for row in rows]
    fonts = (["Sans-Bold"] if header else []) + ["Sans"] * len(rows)
    aligns = aligns or ["left"] * len(widths)
    while True:
        cells = _wrap_table(pen, cols, all_rows, size, fonts, pad, leading)
        if sum(cells.heights) <= r.h or size <= min_size:
            break
        size = max(min_size, size - 0.25)
    # the header row in one size (issue 33: a long header shrunk alone beside the others): the
    # least at which every header line fits its column
    head_size = size
    if header:
        for lines, w in zip(cells.lines[0], cols):
            for line in lines:
                need = fonts_width(line, "Sans-Bold", size)
                if need > w - 2 * pad:
                    head_size = min(head_size, size * (w - 2 * pad) / need)
        head_size = max(head_size, min(size, 6.0))
    y = r.top
    for i, (row_lines, h, font) in enumerate(zip(cells.lines, cells.heights, fonts)):
        body = i - (1 if header else 0)
        row_size = head_size if header and i == 0 else size
        band = Rect(r.x, y - h, r.w, h)
        if header and i == 0:
            pen.rect(band, fill=pen.t.band, stroke=False)
        elif body == highlight:
            pen.rect(band, fill=pen.t.shade, stroke=False)
        elif body % 2 == 1:
            pen.rect(band, fill=pen.t.faint, stroke=False)
        x = r.x
        for lines, w, align in zip(row_lines, cols, aligns):
            block = len(lines) * size * leading
            ty = y - (h - block) / 2 - size * 0.85
            tx = {"left": x + pad, "center": x + w / 2, "right": x + w - pad}[align]
            for line in lines:
                pen.text(tx, ty, line, row_size, font, align, max_width=w - 2 * pad)
                ty -= size * leading
            x += w
        y -= h
    used = r.top - y
    frame = Rect(r.x, y, r.w, used)
    pen.rect(frame, width=0.5)
    yy = r.top
    for h in cells.heights[:-1]:
        yy -= h
        pen.line(r.x, yy, r.right, yy, 0.3)
    x = r.x
    for w in cols[:-1]:
        x += w
        pen.line(x, y, x, r.top, 0.3)
    return used


def titled(pen: Pen, r: Rect, title: str, size: float = 8.0) -> Rect:
    """A heading band on top of ``r``; returns the room left under it."""
    h = size * 1.6
    pen.heading(Rect(r.x, r.top - h, r.w, h), title, size)
    return Rect(r.x, r.y, r.w, r.h - h - 2)


def heading_height(size: float) -> float:
    """Height :func:`titled` takes away at heading ``size``."""
    return size * 1.6 + 2


def stack(r: Rect, heights: list[float], gap: float = 4.0) -> list[Rect]:
    """Rects from the top of ``r`` with the given heights; scaled down together when they do
    not fit."""
    room = r.h - gap * (len(heights) - 1)
    scale = min(1.0, room / sum(heights)) if sum(heights) > 0 else 1.0
    out, top = [], r.top
    for h in heights:
        out.append(Rect(r.x, top - h * scale, r.w, h * scale))
        top -= h * scale + gap
    return out


def fit_size(heights, room: float, gap: float = 4.0, start: float = 10.0, smallest: float = 6.0) -> float:
    """The largest type size (0.5 pt steps from ``start``) at which the blocks measured by
    ``heights(size)`` fit ``room`` when stacked ``gap`` apart."""
    size = start
    while size > smallest:
        hs = heights(size)
        if sum(hs) + gap * (len(hs) - 1) <= room:
            break
        size -= 0.5
    return size


# -- the tables -------------------------------------------------------------------------------


def ladder_table(lang: str) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the penetration ladder (margin over the face's armour → effect)."""
    rows = [[typo(s.condition.get(lang)), typo(s.effect.get(lang))] for s in rules.penetration_steps()]
    return [L("penetration_number", lang), L("result", lang)], rows


def damage_table(notes: Footnotes) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the d6 Damage / Heavy damage table (unverified cells marked)."""
    titles = rules.damage_titles()
    lang = notes.lang
    header = [L("die", lang), titles["damage"].get(lang), titles["heavy_damage"].get(lang)]
    rows = [
        [str(row.roll), notes.text(row.damage), notes.text(row.heavy_damage)] for row in rules.damage_table()
    ]
    return header, rows


def reactor_table(notes: Footnotes) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the reactor («печь») destruction table."""
    lang = notes.lang
    rows = [[str(row.roll), notes.text(row.result)] for row in rules.reactor_table()]
    return [L("die", lang), L("result", lang)], rows


def balance_table(notes: Footnotes) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the Balance / Standing-up table (the sign convention footnoted)."""
    lang = notes.lang
    mark = notes.mark(rules.class_sign_note())
    header = [L("class", lang), L("balance", lang) + mark, L("standing", lang) + mark]
    rows = [[c.name.get(lang), signed(c.balance), signed(c.standing)] for c in rules.classes()]
    return header, rows


DAMAGE_WIDTHS = [0.5, 4.0, 4.0]
REACTOR_WIDTHS = [0.8, 8.0]
BALANCE_WIDTHS = [2.2, 1.5, 1.5]
LADDER_WIDTHS = [1.3, 2.6]


def draw_damage(pen: Pen, r: Rect, notes: Footnotes, size: float = 7.0) -> None:
    header, rows = damage_table(notes)
    body = titled(pen, r, rules.damage_titles()["title"].get(notes.lang), size + 1)
    wrapped_table(pen, body, DAMAGE_WIDTHS, rows, header, size, aligns=["center", "left", "left"])


def draw_reactor(pen: Pen, r: Rect, notes: Footnotes, size: float = 7.0) -> None:
    header, rows = reactor_table(notes)
    body = titled(pen, r, rules.reactor_title().get(notes.lang), size + 1)
    wrapped_table(pen, body, REACTOR_WIDTHS, rows, header, size, aligns=["center", "left"])


def draw_balance(
    pen: Pen, r: Rect, notes: Footnotes, size: float = 7.0, highlight: str | None = None
) -> None:
    """The class table; ``highlight`` = a class id whose row is shaded."""
    header, rows = balance_table(notes)
    ids = [c.id for c in rules.classes()]
    body = titled(pen, r, L("balance_table", notes.lang), size + 1)
    wrapped_table(
        pen,
        body,
        BALANCE_WIDTHS,
        rows,
        header,
        size,
        aligns=["left", "center", "center"],
        highlight=ids.index(highlight) if highlight in ids else None,
    )


def block_height(pen: Pen, width: float, widths, table, size: float) -> float:
    """Height of a titled table block at ``size`` (heading included)."""
    header, rows = table
    return heading_height(size + 1) + table_height(pen, width, widths, rows, header, size)


# -- the handout --------------------------------------------------------------------------------


def _page(doc, options, title: str) -> tuple[Pen, Rect]:
    pen = doc.page()
    m = margins(options.paper)
    frame = Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)
    pen.heading(Rect(frame.x, frame.top - 22, frame.w, 22), f"{title} — {chart.game_name(options.lang)}", 12)
    footer(pen, frame, f"{L('generated_by', options.lang)} {__version__}", chart.game_name(options.lang))
    return pen, Rect(frame.x, frame.y, frame.w, frame.h - 28)


def _paragraph_height(pen: Pen, text: str, width: float, size: float) -> float:
    return len(pen.wrap(text, "Sans", size, width)) * size * 1.18 + 2


def _page_one(doc, options, notes: Footnotes) -> None:
    """Penetration rule and ladder, Damage / Heavy damage table, reactor table."""
    lang = options.lang
    pen, body = _page(doc, options, L("handout_title", lang))
    rule = typo(rules.penetration_rule().get(lang))
    stacking = typo(rules.stacking_rule().get(lang))
    ladder = ladder_table(lang)
    damage, reactor = damage_table(notes), reactor_table(notes)

    def heights(size: float) -> list[float]:
        return [
            _paragraph_height(pen, rule, body.w, size + 1),
            block_height(pen, body.w * 0.7, LADDER_WIDTHS, ladder, size),
            block_height(pen, body.w, DAMAGE_WIDTHS, damage, size),
            _paragraph_height(pen, stacking, body.w, size),
            block_height(pen, body.w, REACTOR_WIDTHS, reactor, size),
            footnotes_height(pen, notes, body.w, 7),
        ]

    size = fit_size(heights, body.h, gap=8)
    parts = stack(body, heights(size), gap=8)
    pen.paragraph(parts[0], rule, size=size + 1, font="Sans-Bold", min_size=6)
    ladder_box = Rect(parts[1].x, parts[1].y, parts[1].w * 0.7, parts[1].h)
    inner = titled(pen, ladder_box, L("penetration", lang), size + 1)
    wrapped_table(pen, inner, LADDER_WIDTHS, ladder[1], ladder[0], size)
    draw_damage(pen, parts[2], notes, size)
    pen.paragraph(parts[3], stacking, size=size, min_size=6)
    draw_reactor(pen, parts[4], notes, size)
    draw_footnotes(pen, parts[5], notes, 7)


def _page_two(doc, options, notes: Footnotes) -> None:
    """Balance table with falling and standing, conditions and stacking, destruction, pilot,
    and the facing diagram with its rule."""
    lang = options.lang
    pen, body = _page(doc, options, L("handout_title_2", lang))
    balance = balance_table(notes)
    conditions = [
        [c.name.get(lang), c.applies_to.get(lang), typo(c.effect.get(lang))] for c in rules.conditions()
    ]
    cond_header = [L("conditions", lang), L("applies_to", lang), L("effect", lang)]
    cond_widths = [1.2, 1.6, 4.6]
    falling = typo(
        f"{L('falling', lang)}. {rules.rule_note('falling').text.get(lang)}\n"
        f"{L('standing', lang)}. {rules.rule_note('standing').text.get(lang)}"
    )
    destruction = typo(
        f"{L('destruction', lang)}. {rules.rule_note('destruction').text.get(lang)}\n"
        f"{L('pilot', lang)}. {rules.pilot_rules().note.get(lang)}"
    )
    stacking = typo(f"{rules.conditions_rule().get(lang)} {rules.stacking_rule().get(lang)}")

    def heights(size: float) -> list[float]:
        return [
            max(
                block_height(pen, body.w * 0.42, BALANCE_WIDTHS, balance, size),
                _paragraph_height(pen, falling, body.w * 0.55, size),
            ),
            heading_height(size + 1) + table_height(pen, body.w, cond_widths, conditions, cond_header, size),
            _paragraph_height(pen, stacking, body.w, size),
            _paragraph_height(pen, destruction, body.w, size),
            body.w * 0.42,
            footnotes_height(pen, notes, body.w, 7),
        ]

    size = fit_size(heights, body.h, gap=8)
    sizes = heights(size)
    slack = body.h - sum(sizes) - 8 * (len(sizes) - 1)
    sizes[4] += min(max(slack, 0.0), body.w * 0.2)  # a larger facing diagram where it fits
    parts = stack(body, sizes, gap=8)
    left, right = parts[0].split_h(0.42, 0.58, gap=12)
    draw_balance(pen, left, notes, size)
    pen.paragraph(right, falling, size=size, min_size=5)
    inner = titled(pen, parts[1], L("conditions", lang), size + 1)
    wrapped_table(pen, inner, cond_widths, conditions, cond_header, size)
    pen.paragraph(parts[2], stacking, size=size, font="Sans-Bold", min_size=5)
    pen.paragraph(parts[3], destruction, size=size, min_size=5)
    diagram, text = parts[4].split_h(0.5, 0.5, gap=12)
    chart.draw_facing(pen, diagram, DIAGRAM_RADIUS, lang, names=False)
    facing = rules.rule_note("facing")
    inner = titled(pen, text, L("chart_title", lang), size + 1)
    pen.paragraph(
        inner, f"{notes.text(facing)}\n{L('half_hex', lang)}\n{L('chart_hint', lang)}", size=size, min_size=5
    )
    draw_footnotes(pen, parts[5], notes, 7)


def render(doc, options) -> None:
    """Two pages: penetration and damage tables; falling, conditions and facings."""
    _page_one(doc, options, Footnotes(options.lang))
    _page_two(doc, options, Footnotes(options.lang))
