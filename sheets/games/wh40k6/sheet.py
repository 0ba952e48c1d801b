"""wh40k6 datasheets (``sheets render`` on wh40k6 units and rosters).

One datasheet per unit, stacked down the page and never split across pages (one taller than a
whole page continues on the next page under a "continued" title band rather than being shrunk
below 6 pt): a title band (name, slot, points), the profile tables (model line ``WS BS S T W I A Ld Sv``; vehicle ``BS Front Side
Rear HP Type``; a walker adds ``WS S I A``), the weapon table (``Range S AP Type``), the unit's
special rules, the unit-type box (what the type means on the table: move, run / turbo-boost /
flat out, charge, fall back, granted rules, shooting limits, what it cannot do) and pencil-sized
wound / hull-point boxes per model. Then a glossary page with the short meaning of every rule
named. ``--collapse`` prints one datasheet for identical units (×N). Sizes derive from the page
frame, so A4 and Letter each get their own layout."""

from __future__ import annotations

import json

from sheets import __version__
from sheets.games.wh40k6 import view
from sheets.games.wh40k6.model import Unit
from sheets.render import fonts
from sheets.render.pdf import MM, Pen, Rect, footer, margins, wrap_breaking

BODY = 7.5  # body text (≥ 6 pt everywhere)
ODDS_NOTE = 6.5  # the odds' line at the foot of a page with weapon tables
ROW = 11.5  # table row height
BOX = 3.6 * MM  # a wound / hull-point box (≥ 3 mm)
BOX_GAP = 1.8  # 0.64 mm of paper between two boxes (the checker's minimum is 0.6 mm)
GAP = 8  # between datasheets
TITLE = 16  # the title band
LEAD = 1.22


# -- a wrapped table, measured or drawn --------------------------------------------------------


def wrapped_rows(widths_pt, rows, size, font="Sans"):
    """Each cell's lines: words wrapped to the column, a word wider than the column broken."""
    out = []
    for row in rows:
        cells = []
        for c, w in zip(row, widths_pt):
            cells.append(wrap_breaking(str(c), font, size, max(4.0, w - 3)))
        out.append(cells)
    return out


def table(
    pen: Pen | None,
    x: float,
    top: float,
    w: float,
    fractions,
    header,
    rows,
    size=BODY,
    aligns=None,
    bold_first=False,
) -> float:
    """A table with wrapped cells; ``pen=None`` only measures. Returns the height."""
    total = sum(fractions)
    widths = [w * f / total for f in fractions]
    aligns = aligns or ["left"] + ["center"] * (len(widths) - 1)
    head_h = ROW if header else 0
    wrapped = wrapped_rows(widths, rows, size)
    heights = [max(ROW, max(len(c) for c in cells) * size * LEAD + 4) for cells in wrapped]
    height = head_h + sum(heights)
    if pen is None:
        return height
    y = top
    if header:
        pen.rect(Rect(x, y - head_h, w, head_h), fill=pen.t.band, stroke=False)
        cx = x
        for text, cw, al in zip(header, widths, aligns):
            pen.text_in(Rect(cx, y - head_h, cw, head_h), text, size, "Sans-Bold", al, pad=1.5)
            cx += cw
        y -= head_h
    for i, (cells, h) in enumerate(zip(wrapped, heights)):
        if i % 2 == 1:
            pen.rect(Rect(x, y - h, w, h), fill=pen.t.faint, stroke=False)
        cx = x
        for j, (lines, cw, al) in enumerate(zip(cells, widths, aligns)):
            font = "Sans-Bold" if bold_first and j == 0 else "Sans"
            ly = y - 2 - size * 0.85
            for line in lines:
                tx = {"left": cx + 1.5, "center": cx + cw / 2, "right": cx + cw - 1.5}[al]
                pen.text(tx, ly, line, size, font, al, max_width=cw - 3)
                ly -= size * LEAD
            cx += cw
        y -= h
    pen.line(x, y, x + w, y, 0.4)
    return height


def paragraph(
    pen: Pen | None,
    x: float,
    top: float,
    w: float,
    text: str,
    size=BODY,
    font="Sans",
    color=None,
    indent: float = 0,
) -> float:
    lines = Pen.wrap_static(text, font, size, w - indent)
    if pen is not None:
        y = top - size * 0.9
        for i, line in enumerate(lines):
            pen.text(
                x + (indent if i else 0), y, line, size, font, max_width=w - (indent if i else 0), color=color
            )
            y -= size * LEAD
    return len(lines) * size * LEAD + 1


def _table_blocks(w, fractions, head, rows, aligns, bold_first, max_h) -> list:
    """A table as one block, or, when taller than ``max_h``, as blocks of whole rows that each
    repeat the header."""

    def block(chunk):
        return (
            table(None, 0, 0, w, fractions, head, chunk) + 3,
            lambda pen, x, top: table(
                pen, x, top, w, fractions, head, chunk, aligns=aligns, bold_first=bold_first
            ),
        )

    whole = block(rows)
    if max_h is None or whole[0] <= max_h:
        return [whole]
    out, chunk = [], []
    for row in rows:
        if chunk and block(chunk + [row])[0] > max_h:
            out.append(block(chunk))
            chunk = []
        chunk.append(row)
    return out + [block(chunk)]


# -- one datasheet ---------------------------------------------------------------------------------


def _v(x) -> str:
    return "–" if x is None else str(x)


class Datasheet:
    def __init__(self, unit: Unit, copies: int, lang: str, odds: bool = True):
        self.u, self.copies, self.lang, self.odds = unit, copies, lang, odds
        self.t = view.L(lang)
        self.daggers = False

    def profile_tables(self):
        """(header, fractions, rows) per profile kind present, in model order."""
        t = self.t
        kinds = {}
        for m in self.u.models:
            kind = "walker" if m.type.is_walker else "vehicle" if m.type.is_vehicle else "model"
            kinds.setdefault(kind, []).append(m)
        out = []
        for kind, models in kinds.items():
            if kind == "model":
                head = [t("ds_model"), "×", t("ds_type"), "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv"]
                fr = [4.2, 0.7, 3.6] + [0.75] * 8 + [1.5]
                rows = [
                    [
                        m.name,
                        m.count,
                        view.type_name(m.rules, self.lang) + (f" [{m.type_text}]" if m.type_text else ""),
                        *[_v(m.stats[s]) for s in ("ws", "bs", "s", "t", "w", "i", "a", "ld")],
                        m.save.text if m.save else "–",
                    ]
                    for m in models
                ]
            elif kind == "vehicle":
                head = [
                    t("ds_model"),
                    "×",
                    "BS",
                    t("ds_front"),
                    t("ds_side"),
                    t("ds_rear"),
                    "HP",
                    t("ds_type"),
                ]
                fr = [4.2, 0.7, 0.8, 1.1, 1.1, 1.1, 0.8, 5.4]
                rows = [
                    [
                        m.name,
                        m.count,
                        _v(m.stats["bs"]),
                        _v(m.armour["front"]),
                        _v(m.armour["side"]),
                        _v(m.armour["rear"]),
                        _v(m.hp),
                        view.type_name(m.rules, self.lang)
                        + (f" [{m.type_text}]" if m.type_text else "")
                        + (f" · {m.save.text}" if m.save else ""),
                    ]
                    for m in models
                ]
            else:
                head = [
                    t("ds_model"),
                    "×",
                    "WS",
                    "BS",
                    "S",
                    t("ds_front"),
                    t("ds_side"),
                    t("ds_rear"),
                    "I",
                    "A",
                    "HP",
                    t("ds_type"),
                ]
                fr = [4.2, 0.7, 0.75, 0.75, 0.75, 1.1, 1.1, 1.1, 0.75, 0.75, 0.8, 3.6]
                rows = [
                    [
                        m.name,
                        m.count,
                        *[_v(m.stats[s]) for s in ("ws", "bs", "s")],
                        *[_v(m.armour[a]) for a in ("front", "side", "rear")],
                        _v(m.stats["i"]),
                        _v(m.stats["a"]),
                        _v(m.hp),
                        view.type_name(m.rules, self.lang)
                        + (f" [{m.type_text}]" if m.type_text else "")
                        + (f" · {m.save.text}" if m.save else ""),
                    ]
                    for m in models
                ]
            out.append((head, fr, rows))
        return out

    def weapon_rows(self):
        from sheets.games.wh40k6.rules import is_melee

        t = self.t
        rows = []
        for w, carrier in view.weapon_lines(self.u):
            if is_melee(w):
                rng = t("ds_melee")
            else:
                rng = f'{w.range}"' if isinstance(w.range, int) else w.range
            name = f"{w.name} ({carrier})" if carrier else w.name
            row = [name, w.count, rng, _v(w.s), w.ap_text or _v(w.ap), view.weapon_type(w.type, self.lang)]
            if self.odds:
                row += view.odds_cells(self.u, w, self.lang)
            rows.append(row)
        return rows

    def marks(self) -> str:
        """The odds' marks this datasheet prints (``*``, ``†``, ``‡``): the page's odds line
        explains them."""
        if not self.odds:
            return ""
        return "".join(
            sorted({c for r in self.weapon_rows() for cell in r[6:] for c in str(cell) if c in "*†‡"})
        )

    def draw(self, pen: Pen | None, x: float, top: float, w: float) -> float:
        """Draw (or, with ``pen=None``, measure) the datasheet from ``top``; returns its height."""
        y = top
        for h, draw in self.blocks(w):
            if pen is not None:
                draw(pen, x, y)
            y -= h
        return top - y

    def title(self, pen: Pen, x: float, top: float, w: float, continued: bool = False) -> None:
        """The title band: name (×copies), slot, detachment and points."""
        t, u = self.t, self.u
        r = Rect(x, top - TITLE, w, TITLE)
        pen.heading(r, "", 10)
        title = u.name + (f"  ×{self.copies}" if self.copies > 1 else "")
        if continued:
            title += f" ({t('ds_continued')})"
        points = f"{u.points} {t('ds_points')}"
        if self.copies > 1:  # --collapse: per unit and in total, both spelled out
            points = (
                f"{u.points} {t('ds_points')} {t('ds_per_unit')} · {t('ds_total')} "
                f"{u.points * self.copies} {t('ds_points')}"
            )
        right = (
            f"{t('slot_' + u.slot)}"
            + ("" if u.detachment == "primary" else f" · {t('det_' + u.detachment)}")
            + f" · {points}"
        )
        rw = min(fonts.width(right, "Sans-Bold", 9) + 8, w * 0.55)
        pen.text_in(
            Rect(x, top - TITLE, w - rw, TITLE), title, 10, "Sans-Bold", color=pen.t.accent_text, pad=4
        )
        pen.text_in(
            Rect(x + w - rw, top - TITLE, rw, TITLE),
            right,
            9,
            "Sans-Bold",
            "right",
            color=pen.t.accent_text,
            pad=4,
        )

    def blocks(self, w: float, max_h: float | None = None) -> list:
        """The datasheet as a column of ``(height, draw(pen, x, top))`` blocks, in order. With
        ``max_h``, a table or box list taller than that comes as several blocks (a table's header
        repeats on each), so a datasheet taller than a page can continue on the next one."""
        t, u, lang = self.t, self.u, self.lang
        out = [(TITLE + 3, lambda pen, x, top: self.title(pen, x, top, w))]

        def para(text, font="Sans", color=None, size=BODY):
            out.append(
                (
                    paragraph(None, 0, 0, w - 4, text, size, font) + 2,
                    lambda pen, x, top: paragraph(
                        pen, x + 2, top, w - 4, text, size, font, color=pen.t.warn if color else None
                    ),
                )
            )

        if u.gaps:
            if lang == "en":
                para(f"{t('imported_gaps')}: " + "; ".join(u.gaps), "Sans-Bold", True)
            else:
                para(f"{t('imported_gaps')} ({len(u.gaps)}): {t('ds_gaps_ru_note')}", "Sans-Bold", True)
        if u.transport_of:
            para(f"{t('ds_transport_of')}: {u.transport_of}", "Sans-Bold")
        if u.building:
            b = u.building
            bits = [f"{t('ds_building')}: {b.get('name') or u.name}"]
            if b.get("type"):
                bits.append(b["type"])
            if b.get("armour") is not None:
                bits.append(f"{t('ds_armour_value')} {b['armour']}")
            if b.get("hp") is not None:
                bits.append(f"HP {b['hp']}")
            for key, lab in (
                ("transport_capacity", "ds_capacity"),
                ("fire_points", "ds_fire_points"),
                ("access_points", "ds_access_points"),
            ):
                if b.get(key):
                    bits.append(f"{t(lab)} {b[key]}")
            para(" · ".join(bits), "Sans-Bold")
        for head, fr, rows in self.profile_tables():
            aligns = ["left", "center", "left"] + ["center"] * (len(head) - 3)
            if head[2] == "BS":
                aligns = ["left"] + ["center"] * (len(head) - 2) + ["left"]
            if head[-1] == t("ds_type") and head[2] == "WS":
                aligns = ["left"] + ["center"] * (len(head) - 2) + ["left"]
            out += _table_blocks(w, fr, head, rows, aligns, True, max_h)
        wrows = self.weapon_rows()
        if wrows:
            head = [t("ds_weapons"), "×", t("ds_range"), "S", "AP", t("ds_wtype")]
            fr = [4.6, 0.7, 1.4, 0.9, 0.9, 5.6]
            aligns = ["left", "center", "center", "center", "center", "left"]
            if self.odds:
                odds_head = view.odds_headers(lang)
                head += odds_head
                fr = fr[:5] + [3.6] + [1.5] * (len(odds_head) - 1) + [2.0]
                aligns += ["center"] * len(odds_head)
            out += _table_blocks(w, fr, head, wrows, aligns, False, max_h)
        if any(wp.ap_text.endswith("*") for wp in u.weapons):
            para(t("ds_ap_star"), size=6)
        if u.rules:
            para(f"{t('ds_rules')}: " + ", ".join(view.rule_name(r, lang) for r in u.rules))
        if u.wargear:
            para(f"{t('ds_wargear')}: " + ", ".join(u.wargear))
        if u.transport:
            bits = [
                f"{t(lab)} {u.transport[key]}"
                for key, lab in (
                    ("capacity", "ds_capacity"),
                    ("fire_points", "ds_fire_points"),
                    ("access_points", "ds_access_points"),
                )
                if u.transport.get(key)
            ]
            para(f"{t('ds_transport')}: " + " · ".join(bits))
        for tr in u.types():
            out.append(
                (
                    self.type_box(None, 0, 0, w, tr) + 3,
                    lambda pen, x, top, tr=tr: self.type_box(pen, x, top, w, tr),
                )
            )
        groups = [self.u.models]
        if max_h is not None and self.boxes(None, 0, 0, w) > max_h:
            groups = [[m] for m in self.u.models if m.boxes]  # one block per model line
        for copy in range(1, self.copies + 1):  # --collapse: one wound track per unit
            for models in groups:
                tag = f"{t('ds_unit_no')} {copy}/{self.copies}: " if self.copies > 1 else ""
                out.append(
                    (
                        self.boxes(None, 0, 0, w, models, tag),
                        lambda pen, x, top, models=models, tag=tag: self.boxes(pen, x, top, w, models, tag),
                    )
                )
            for m in u.models:
                if m.type.is_vehicle:
                    tag = f"{t('ds_unit_no')} {copy}/{self.copies}: " if self.copies > 1 else ""
                    for k in range(1, m.count + 1):
                        label = f"{tag}{m.name}" + (f" {k}" if m.count > 1 else "")
                        out.append(
                            (
                                self.damage_track(None, 0, 0, w, label),
                                lambda pen, x, top, label=label: self.damage_track(pen, x, top, w, label),
                            )
                        )
        if not u.models:  # a building without a profile, or a unit whose models were not read
            hp = (u.building or {}).get("hp")
            out.append(
                (
                    self.plain_box(None, 0, 0, w, hp),
                    lambda pen, x, top, hp=hp: self.plain_box(pen, x, top, w, hp),
                )
            )
        if self.daggers:

            def note(pen, x, top):
                with pen.fine_print():
                    pen.text(x + 2, top - 7, t("unverified_note"), 6, color=pen.t.warn, max_width=w - 4)

            out.append((10, note))
        return out

    def type_box(self, pen, x, top, w, tr) -> float:
        box = view.type_box(tr, self.lang)
        if not tr.verified:
            self.daggers = True
        inner = w - 10
        lines = [(f"{self.t('ds_unit_type')}: {box['title']}", "Sans-Bold")]
        if tr.move != "–":  # an artillery gun moves only with its crew
            lines.append((box["movement"], "Sans-Bold"))
        if box["rules"]:
            lines.append((box["rules"], "Sans"))
        for k in ("shooting", "cannot", "notes"):
            for item in box[k]:
                lines.append(("• " + item, "Sans"))
        h = 6 + sum(
            paragraph(None, 0, 0, inner, text, BODY, font, indent=6 if text.startswith("•") else 0)
            for text, font in lines
        )
        if pen is not None:
            # the same type box repeats on many datasheets: one PDF form per type and width
            key = ("wh40k6-type", tr.type.base, tr.type.tags, self.lang, round(w, 2), round(h, 2))
            pen.form(key, x, top - h, lambda p: self._draw_type_box(p, w, h, inner, lines))
        return h

    @staticmethod
    def _draw_type_box(pen, w, h, inner, lines) -> None:
        r = Rect(0, 0, w, h)
        pen.rect(r, fill=None if pen.t.mono else pen.t.faint, width=0.8)
        pen.rect(Rect(0, 0, 2.5, h), fill=pen.t.accent, stroke=False)
        y = h - 3
        with pen.frame(r):
            for text, font in lines:
                y -= paragraph(pen, 6, y, inner, text, BODY, font, indent=6 if text.startswith("•") else 0)

    def damage_track(self, pen, x, top, w, label) -> float:
        """A vehicle's damage track: a tick box per result of the damage table (digest §4.4);
        the label and the results wrap (never drawn under 6 pt)."""
        from sheets.games.wh40k6.rules import charts

        t = self.t
        items = [f"{row['roll']} {t(row['result'])}" for row in charts()["damage_table"]]
        label_w = min(w * 0.28, 120)
        line_h = BOX + 3
        cell = (w - label_w) / len(items)
        size = 6.5
        wrapped = [Pen.wrap_static(i, "Sans", size, cell - BOX - 6) for i in items]
        text = f"{label}: {t('ds_damage')}"
        head = Pen.wrap_static(text, "Sans", BODY, label_w - 4)
        h = max(line_h, max(len(c) for c in wrapped) * size * 1.15 + 3, len(head) * BODY * 1.15 + 3) + 1
        if pen is not None:
            for k, line in enumerate(head):
                pen.text(
                    x + 2,
                    top - 2 - BODY * 0.85 - k * BODY * 1.15,
                    line,
                    BODY,
                    "Sans",
                    max_width=label_w - 4,
                    min_size=6,
                )
            cx = x + label_w
            for lines_ in wrapped:
                pen.box_track(cx, top - line_h + 1.5, ["plain"], BOX, BOX_GAP)
                for k, line in enumerate(lines_):
                    pen.text(
                        cx + BOX + 3,
                        top - 2 - size * 0.85 - k * size * 1.15,
                        line,
                        size,
                        "Sans",
                        max_width=cell - BOX - 6,
                        min_size=6,
                    )
                cx += cell
        return h

    def plain_box(self, pen, x, top, w, hp) -> float:
        """A unit without model profiles (a building): its hull points as boxes, else a plain
        box to write in."""
        t = self.t
        h = 30 if hp is None else BOX + 6
        if pen is not None:
            label = t("ds_no_models") if hp is None else f"{t('ds_hull_points')}:"
            pen.text(x + 2, top - 2 - BODY * 0.85, label, BODY, "Sans", max_width=w * 0.5)
            if hp is None:
                pen.rect(Rect(x + w * 0.5, top - h + 2, w * 0.5 - 2, h - 4), width=0.6)
            else:
                pen.box_track(x + min(w * 0.28, 120), top - BOX - 4.5, ["plain"] * int(hp), BOX, BOX_GAP)
        return h

    def boxes(self, pen, x, top, w, models=None, tag: str = "") -> float:
        """A line per model profile (of ``models``, default all): its name, then one group of
        wound / hull-point boxes per model."""
        t = self.t
        label_w = min(w * 0.28, 120)
        y = top
        per_row = max(1, int((w - label_w) // (BOX + BOX_GAP)))
        used = 0.0
        for m in self.u.models if models is None else models:
            n = m.boxes
            if not n:
                continue
            key = "ds_hull_points" if m.type.is_vehicle else "ds_wounds"
            # groups of n boxes per model, a wider gap between models; wrap by whole models
            group_w = n * (BOX + BOX_GAP) + 3
            groups_per_row = max(1, int((w - label_w) // group_w)) if n <= per_row else 1
            rows = []
            left = m.count
            while left > 0:
                take = min(left, groups_per_row)
                rows.append(take)
                left -= take
            if n > per_row:  # a model with more boxes than a row: its boxes wrap
                rows = [1] * m.count
            line_h = BOX + 3
            total_lines = sum(-(-n // per_row) if n > per_row else 1 for _ in rows)
            h = total_lines * line_h + 1
            # a label too long for its column wraps (at 6.5 pt at the least) and the line grows
            label = f"{tag}{m.name}: {t(key)}"
            size = BODY
            while fonts.width(label, "Sans", size) > label_w - 4 and size > 6.5:
                size -= 0.25
            wrapped = (
                [label]
                if fonts.width(label, "Sans", size) <= label_w - 4
                else Pen.wrap_static(label, "Sans", size, label_w - 4)
            )
            if len(wrapped) > 1:
                h = max(h, len(wrapped) * size * 1.15 + 3)
            if pen is not None and len(wrapped) == 1:
                pen.text_in(Rect(x, y - line_h, label_w, line_h), label, size, "Sans", pad=2)
            elif pen is not None:
                with pen.frame(Rect(x, y - h, label_w, h)):
                    for k, line in enumerate(wrapped):
                        pen.text(
                            x + 2,
                            y - 2 - size * 0.8 - k * size * 1.15,
                            line,
                            size,
                            "Sans",
                            max_width=label_w - 4,
                            min_size=6,
                        )
            if pen is not None:  # the boxes, whether the label took one line or wrapped
                ly = y
                for groups in rows:
                    bx = x + label_w
                    if n > per_row:
                        left_boxes = n
                        while left_boxes > 0:
                            k = min(per_row, left_boxes)
                            pen.box_track(x + label_w, ly - line_h + 1.5, ["plain"] * k, BOX, BOX_GAP)
                            left_boxes -= k
                            ly -= line_h
                        continue
                    for _g in range(groups):
                        pen.box_track(bx, ly - line_h + 1.5, ["plain"] * n, BOX, BOX_GAP)
                        bx += group_w
                    ly -= line_h
            y -= h
            used += h
        return used + 2


# -- pages -------------------------------------------------------------------------------------


def collapse(units: list[Unit]) -> list[tuple[Unit, int]]:
    """Identical units (same name, profiles, weapons, rules, slot, points) → (unit, copies)."""
    order, counts = [], {}
    for u in units:
        key = json.dumps(view.info(u), sort_keys=True, default=str)
        if key not in counts:
            counts[key] = [u, 0]
            order.append(key)
        counts[key][1] += 1
    return [tuple(counts[k]) for k in order]


def _frame(doc, options) -> Rect:
    m = margins(options.paper)
    return Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)


SPLIT_ROOM = 0.3  # a datasheet that does not fit splits when this share of the page is still free
SPLIT_TAIL = 80.0  # ... and when what goes on to the next page is this tall at the least (pt)


class _Flow:
    """Datasheets flowing down the pages: a datasheet that fits the rest of the page goes there;
    one that does not starts a new page, unless that would leave more than ``SPLIT_ROOM`` of the
    page blank: then it splits cleanly (between its blocks: tables, rules, type boxes, tracks) and
    continues on the next page under its title marked "continued", as a datasheet taller than a
    page does. The odds' line (what they are, the marks used on the page) is printed once per
    page, at its foot."""

    def __init__(self, doc, options, lang: str, odds: bool):
        self.doc, self.lang, self.odds = doc, lang, odds
        self.t = view.L(lang)
        self.full = _frame(doc, options)
        widest = view.odds_short(lang, True, True, True)
        self.note_h = (paragraph(None, 0, 0, self.full.w, widest, ODDS_NOTE, "Sans") + 3) if odds else 0.0
        f = self.full
        self.frame = Rect(f.x, f.y + self.note_h, f.w, f.h - self.note_h)
        self.pen, self.y = None, 0.0
        self.marks: set = set()
        self.weapons = False
        self.game = view.game_title(lang)

    def _note(self, marks) -> tuple[str, float]:
        text = view.odds_short(self.lang, "*" in marks, "†" in marks, "‡" in marks)
        return text, paragraph(None, 0, 0, self.full.w - 4, text, ODDS_NOTE, "Sans") + 3

    def floor(self, marks=None, weapons=None) -> float:
        """The lowest y the page's content may reach: above the odds' line the page needs for
        ``marks`` (default: the page's own) when a weapon table is on it."""
        marks = self.marks if marks is None else marks
        weapons = self.weapons if weapons is None else weapons
        return self.full.y + (self._note(marks)[1] if self.odds and weapons else 0.0)

    def note(self) -> None:
        """The odds' line at the foot of the current page (when a weapon table is on it)."""
        if self.pen is None or not (self.odds and self.weapons):
            return
        text, h = self._note(self.marks)
        paragraph(self.pen, self.full.x + 2, self.full.y + h - 1, self.full.w - 4, text, ODDS_NOTE, "Sans")
        self.weapons = False

    def finish(self) -> None:
        if self.pen is None:
            return
        self.note()
        footer(self.pen, self.full, f"{self.t('generated_by')} {__version__}", self.game)

    def new_page(self) -> None:
        self.finish()
        self.pen, self.y = self.doc.page(), self.frame.top
        self.marks, self.weapons = set(), False

    def place(self, sheet: Datasheet) -> None:
        blocks = sheet.blocks(self.frame.w, max_h=self.frame.h - TITLE - 3)
        total = sum(h for h, _ in blocks)
        marks, weapons = set(sheet.marks()), bool(sheet.u.weapons)
        room = (
            self.y - self.floor(self.marks | marks, self.weapons or weapons) if self.pen is not None else -1.0
        )
        split = None  # how many blocks go on this page before the rest continues on the next
        if total > room and room >= self.frame.h * SPLIT_ROOM:
            heights = [h for h, _ in blocks]
            fits = 0
            while fits < len(heights) and sum(heights[: fits + 1]) <= room:
                fits += 1
            stub = max(SPLIT_TAIL, total * 0.25)
            # the title and its first block at the least here; no stub on the next page, unless
            # the datasheet is taller than a page or this page would stay half blank without it
            good = [k for k in range(fits, 1, -1) if total - sum(heights[:k]) >= stub]
            if good:
                split = good[0]
            elif fits >= 2 and (total > self.frame.h or room > self.frame.h * 0.45):
                split = fits
        if total > room and split is None:
            self.new_page()
        self.marks |= marks
        self.weapons |= weapons
        for i, (h, draw) in enumerate(blocks):
            if i and (self.y - h < self.floor() or i == split):
                self.new_page()
                self.marks |= marks
                self.weapons |= weapons
                with self.pen.frame(Rect(self.frame.x, self.y - TITLE, self.frame.w, TITLE)):
                    sheet.title(self.pen, self.frame.x, self.y, self.frame.w, continued=True)
                self.y -= TITLE + 3
            with self.pen.frame(Rect(self.frame.x, self.y - h, self.frame.w, h)):
                draw(self.pen, self.frame.x, self.y)
            self.y -= h
        self.y -= GAP


def render(doc, units: list[Unit], options) -> None:
    """Datasheets flowing down the pages (:class:`_Flow`); the army list at the top of the first
    page, the first datasheet under it; the glossary after the last datasheet, on the same page
    when its heading and first entries fit."""
    lang = options.lang
    items = collapse(units) if (options.extra or {}).get("collapse") else [(u, 1) for u in units]
    odds = not (options.extra or {}).get("no_odds")
    flow = _Flow(doc, options, lang, odds)
    lists = (options.extra or {}).get("army_lists") or []
    if lists:
        from sheets.render.roster_pdf import _draw_one

        pen, y = None, None
        for data in lists:  # drawn where it really ends: the first datasheet goes under it
            pen, y = _draw_one(doc, pen, y, flow.full, data)
        flow.pen, flow.y = pen, y - GAP
    for unit, copies in items:
        flow.place(Datasheet(unit, copies, lang, odds))
    # the glossary may start under the last datasheet, down to the page's foot: its own legend
    # then says what the page's odds' line would have said (drawn only if it starts a page)
    marks = flow.marks if flow.weapons else set()
    page_marks = view.odds_marks(lang, "*" in marks, "†" in marks, "‡" in marks)
    glossary_page(
        doc, units, options, flow.pen, flow.full, flow.y, full=flow.full, leaving=flow.note, marks=page_marks
    )


render.draws_army_lists = True  # the render command hands the rosters' lists over


def glossary_entries(units: list[Unit], lang: str) -> list[tuple[str, str]]:
    """(name, meaning) of every rule the datasheets name, alphabetical: our short wording where
    the glossary has the rule, else the roster's own text in full (its name marked °) when it
    gave one. Each rule once, however many datasheets name it."""
    t = view.L(lang)
    names, roster_text = [], {}
    for u in units:
        for tr in u.types():
            names += list(tr.rules)
        names += u.rules
        for k, v in u.roster_text.items():
            if v:
                roster_text.setdefault(k.strip().lower(), (k.strip(), v))
    seen, entries = set(), []
    for n in names:
        hit, _value = view.lookup(n)
        key = hit[0] if hit else n.strip()
        if key.lower() in seen:
            continue
        seen.add(key.lower())
        if hit:
            e = hit[1]
            meaning = e["ru_text"] if lang == "ru" else e["en"]
            name = view.rule_name(key, lang)
            if lang == "ru" and name != key:
                name += f" ({key})"  # the English name once, in the glossary
            entries.append((name + ("" if e.get("verified", True) else "†"), meaning))
        elif n.strip().lower() in roster_text:
            entries.append((n.strip() + ROSTER_MARK, roster_text[n.strip().lower()][1]))
        else:
            entries.append((n.strip(), t("glossary_unknown")))
    # wargear texts the roster gives (no rule of ours covers them)
    for key, (name, text) in roster_text.items():
        if key not in seen:
            seen.add(key)
            entries.append((name + ROSTER_MARK, text))
    entries.sort(key=lambda e: e[0].lower())
    return entries


ROSTER_MARK = "°"  # a glossary entry whose text is the roster's own
GLOSS = 8.5  # glossary text
GLOSS_SIZES = (GLOSS, 8.0, 7.5, 7.0, 6.5)  # smaller only to spare a page holding a last entry or two
GLOSS_HEAD = 44  # its heading and note
GLOSS_FIRST = 3  # entries that must fit under the heading for it to start on a used page
WIDOW = 2  # a last page with this many entries or fewer is a widow


def _gloss_heights(entries, frame: Rect, size: float) -> list[float]:
    name_w = frame.w * 0.3
    return [
        max(
            paragraph(None, 0, 0, name_w - 4, name, size, "Sans-Bold"),
            paragraph(None, 0, 0, frame.w - name_w, meaning, size),
        )
        + 3
        for name, meaning in entries
    ]


def _gloss_plan(heights, legend_h: float, room: float | None, page_h: float) -> tuple[bool, list[int]]:
    """(starts on the used page, entries per page) of the glossary: the used page when ``room``
    (its free height above the footer's band, or None) takes the heading, the legend and the
    first entries (or all of them, when there are fewer), else a page of its own."""
    first = GLOSS_HEAD + legend_h + sum(heights[:GLOSS_FIRST])
    shared = room is not None and room >= first
    avail = (room if shared else page_h) - GLOSS_HEAD - legend_h
    pages, n = [], 0
    for h in heights:
        if h > avail and n:
            pages.append(n)
            n, avail = 0, page_h
        avail -= h
        n += 1
    pages.append(n)
    return shared, pages


def _widow(shared: bool, pages: list[int]) -> bool:
    """A page holding only the glossary's last entry or two (or the whole of a short glossary
    that did not fit under the datasheets)."""
    return pages[-1] <= WIDOW and (len(pages) > 1 or not shared)


def glossary_page(
    doc, units: list[Unit], options, pen=None, frame=None, y: float = 0.0, full=None, leaving=None, marks=""
) -> None:
    """The glossary, after the datasheets: on the last datasheet page when its heading and first
    entries fit there, else on a page of its own; it continues on further pages as needed, in a
    slightly smaller size when that spares a page holding only a last entry or two. ``frame``:
    the part of the page the datasheets used (``full``: the whole content frame, whose foot holds
    the footer; ``leaving``: what to draw on the used page when the glossary starts a page of its
    own, e.g. the page's odds' line; ``marks``: what the odds' marks of the used page mean, said
    under the legend when the glossary shares that page)."""
    lang = options.lang
    t = view.L(lang)
    game = view.game_title(lang)
    entries = glossary_entries(units, lang)
    legend = (
        view.odds_legend(lang)
        if not (options.extra or {}).get("no_odds") and any(u.weapons for u in units)
        else None
    )
    full = full or frame or _frame(doc, options)

    def finish(page_pen):
        footer(page_pen, full, f"{t('generated_by')} {__version__}", game)

    if not entries and not legend:
        if pen is not None:
            if leaving is not None:
                leaving()
            finish(pen)
        return
    frame = frame or full
    room = (y - frame.y - 14) if pen is not None else None

    def plan(size):
        text = f"{legend} {marks}" if legend and marks else legend  # as a shared page prints it
        legend_h = paragraph(None, 0, 0, full.w, text, min(8.0, size)) + 4 if legend else 0.0
        hs = _gloss_heights(entries, full, size)
        return legend_h, hs, _gloss_plan(hs, legend_h, room, full.h - 14)

    size = GLOSS
    _lh, heights, (shared, pages) = plan(size)
    if _widow(shared, pages):  # a smaller size, when one spares the page
        for candidate in GLOSS_SIZES[1:]:
            _lh, hs, (sh, pg) = plan(candidate)
            if len(pg) + (0 if sh else 1) < len(pages) + (0 if shared else 1):
                size, heights, shared, pages = candidate, hs, sh, pg
                break
    if not shared:
        if pen is not None:
            if leaving is not None:
                leaving()
            finish(pen)
        pen, y, frame = doc.page(), full.top, full
    elif legend and marks:
        legend = f"{legend} {marks}"
    if pen.rec is not None and lang == "ru":  # the English names in brackets are meant
        import re

        for name, _ in entries:
            pen.rec.allow(re.findall(r"[A-Za-z][A-Za-z0-9'&-]*", name))
    pen.heading(Rect(full.x, y - 20, full.w, 20), t("glossary_title"), 11)
    y -= 28
    note = t("glossary_note")
    if any(name.endswith(ROSTER_MARK) for name, _ in entries):
        note += " " + t("glossary_roster_mark")
    pen.text(full.x, y - 8, note, 8, max_width=full.w)
    y -= 16
    if legend:
        y -= paragraph(pen, full.x, y, full.w, legend, min(8.0, size)) + 4
    dagger = False
    name_w = full.w * 0.3
    floor = frame.y
    for (name, meaning), h in zip(entries, heights):
        if y - h < floor + 14:
            finish(pen)
            pen, y, floor = doc.page(), full.top, full.y
        paragraph(pen, full.x, y, name_w - 4, name, size, "Sans-Bold")
        paragraph(pen, full.x + name_w, y, full.w - name_w, meaning, size)
        y -= h
        pen.line(full.x, y + 1.5, full.right, y + 1.5, 0.3, color=pen.t.shade)
        dagger |= name.endswith("†")
    if dagger:
        with pen.fine_print():
            pen.text(
                full.x, max(floor + 2, y - 8), t("unverified_note"), 6, color=pen.t.warn, max_width=full.w
            )
    finish(pen)
