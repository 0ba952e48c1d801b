"""``sheets render OOB.yaml`` for Lock 'n Load Tactical: the order-of-battle sheet.

Landscape pages, one section per file (both sides in one PDF): one row per counter with its
notation, kind, support weapons (FP, single use, "M", captured), the melee FP it attacks and
defends with (computed by the rules core), LM, morale, notes (NME, Ambush, "M", IFP lost, the
hero's column shift, the zero-IFP ±1) and tick boxes for Shaken, Melee, Wounded (leaders and
heroes) and each SW ("SW used"); blank rows fill the rest of the last page's table; totals, a
compact Melee Table and the legend (NME, † unverified Kill Number, ‡ unconfirmed SW firepower,
abbreviations) at the foot.
"""

from __future__ import annotations

from reportlab.lib.pagesizes import landscape

from sheets import __version__
from sheets.games.lnl import GAME, rules
from sheets.games.lnl.printing import (
    BOLD,
    FONT,
    allow,
    allow_fixed,
    any_unverified,
    draw_table,
    pen_width,
    texts,
)
from sheets.render.pdf import MM, PAPER, Pen, Rect, footer, margins, wrap_breaking

TICK = 3.6 * MM  # tick boxes ≥ 3 mm
SW_MARK = "‡"  # "SW firepower not confirmed" (the † is the Kill Number's: one mark, one meaning)
ROW_H = 2 * 7.2 * 1.2 + 4  # two lines of 7.2 pt
MIN_BLANK_ROWS = 3  # empty rows after the last counter (replacements, reinforcements); the rest
# of the last page's table room is filled with more of them (no blank band above the foot)
# columns: key, label key, width fraction, alignment
COLUMNS = [
    ("no", "oob_no", 0.03, "right"),
    ("name", "oob_unit", 0.14, "left"),
    ("counter", "oob_counter", 0.075, "center"),
    ("kind", "oob_kind", 0.095, "left"),
    ("sw", "oob_sw", 0.165, "left"),
    ("melee", "oob_melee", 0.075, "center"),
    ("lm", "oob_lm", 0.035, "center"),
    ("morale", "oob_morale", 0.05, "center"),
    ("notes", "oob_flags", 0.145, "left"),
    ("ticks", "oob_ticks", 0.2, "left"),
]
TICK_HEADS = ("tick_shaken", "tick_melee", "tick_wounded", "tick_sw")


def _groups(units: list, options) -> list[tuple[dict | None, list]]:
    files = (options.extra or {}).get("files")
    if not files or sum(f["units"] for f in files) != len(units):
        return [(None, units)]
    out, start = [], 0
    for f in files:
        out.append((f.get("roster"), units[start : start + f["units"]]))
        start += f["units"]
    return out


def _row(unit, L, lang: str) -> dict:
    reason = rules.nme_reason(unit)
    if reason is None:
        att, dfd = rules.melee_fp(unit, "attack"), rules.melee_fp(unit, "defend")
        melee = f"{att.fp} / {dfd.fp}"
    else:
        att = None
        melee = "—"
    sws = []
    for w in unit.weapons:
        flags = []
        if w.captured:
            flags.append(L("flag_captured"))
        if w.weapon.single_use:
            flags.append(L("flag_single_use"))
        if not w.weapon.melee:
            flags.append(L("flag_not_melee"))
        fp = f"{w.weapon.fp}{'M' if w.weapon.m else ''}{'' if w.weapon.verified else SW_MARK}"
        sws.append(f"{w.weapon.display(lang)} {fp}" + (f" ({', '.join(flags)})" if flags else ""))
    notes = []
    if reason:
        key = {"shaken": "nme_shaken", "medic": "nme_medic", "sniper": "nme_sniper"}.get(reason, "nme_leader")
        notes.append(L(key))
    if unit.m:
        notes.append(L("flag_m"))
    if unit.ambush:
        notes.append(L("flag_ambush"))
    if unit.shaken and not reason:
        notes.append(L("flag_shaken"))
    note = rules.sw_use_note(unit)
    if note:
        notes.append(L(note))
    if unit.is_hero and reason is None:
        notes.append(L("hero_shift_note"))
    if unit.is_hero and any(w.weapon.melee for w in unit.weapons):
        notes.append(L("hero_def_ifp"))
    if att is not None and att.zero_ifp:
        notes.append(L("zero_ifp_note"))
    notes += [skill_text(s, lang) for s in unit.skills]
    counter = unit.notation or "—"
    return {
        "name": unit.name,
        "counter": counter,
        "kind": L(f"kind_{unit.kind}"),
        "sw": sws,
        "melee": melee,
        "lm": "—" if unit.lm is None else f"{unit.lm:+d}" if unit.lm else "0",
        "morale": "—" if unit.morale is None else str(unit.morale),
        "notes": notes,
        "sw_boxes": len(unit.weapons),
        "wounded": unit.kind in ("leader", "hero"),
        "nme": reason is not None,
        "fp": att.fp if att else 0,
        "sw_count": len(unit.weapons),
        "sw_unverified": any(not w.weapon.verified for w in unit.weapons),
    }


def render(doc, units, options) -> None:
    """One section per OOB file, each starting on a new landscape page."""
    L = texts(options.lang)
    size = landscape(PAPER[options.paper])
    allow_fixed(doc.pen)
    # the render command hands the rosters' army lists over: the order of battle lists every
    # counter already (issue 23: the list took a page of its own and said it twice), so each
    # roster's section prints only what the list adds, its limit line and list violations
    lists = list((options.extra or {}).get("army_lists") or [])
    groups = _groups(units, options)
    if lists and len([1 for roster, _ in groups if roster is not None]) != len(lists):
        from sheets.render.roster_pdf import draw_army_lists

        draw_army_lists(doc, lists, options)  # cannot tell which list goes with which section
        lists = []
    for roster, group in groups:
        for u in group:
            allow(doc.pen, u.name, u.counter, u.notation, *u.skills)
        if roster:
            allow(doc.pen, roster.get("name"), roster.get("side"))
        rows = [_row(u, L, options.lang) for u in group]
        _section(doc, size, roster, rows, L, options, lists.pop(0) if roster is not None and lists else None)


render.draws_army_lists = True  # the render command hands the rosters' lists over


def _layout(doc, size, options):
    pen = doc.page(size)
    m = margins(options.paper)
    frame = Rect(m, m + 12, doc.width - 2 * m, doc.height - 2 * m - 12)
    return pen, frame


def _section(doc, size, roster, rows, L, options, army: dict | None = None) -> None:
    foot_h = 84  # totals + Melee Table + footnotes
    index = 0
    page_no = 0
    while True:
        pen, frame = _layout(doc, size, options)
        page_no += 1
        title = L("oob_title")
        if roster and roster.get("name"):
            title += f": {roster['name']}"
        if page_no > 1:
            title += f" {L('oob_cont')}"
        band = Rect(frame.x, frame.top - 20, frame.w, 20)
        pen.rect(band, fill=pen.t.accent, stroke=False)
        side_w = 0.0
        if roster and roster.get("side"):
            side = f"{L('oob_side')}: {roster['side']}"
            side_w = min(pen_width(side, BOLD, 9), frame.w * 0.3)
            pen.text_in(
                Rect(band.right - side_w - 8, band.y, side_w + 8, band.h),
                side,
                9,
                BOLD,
                "right",
                pad=4,
                color=pen.t.accent_text,
            )
        pen.text_in(
            Rect(band.x, band.y, band.w - side_w - 16, band.h),
            title,
            12,
            BOLD,
            pad=3,
            color=pen.t.accent_text,
        )
        table_top = band.y - 6
        header_h = 26
        room = table_top - header_h - (frame.y + foot_h)
        cols = _columns(Rect(frame.x, 0, frame.w, 1))
        chunk, used = [], 0.0
        while index + len(chunk) < len(rows):
            cells = _row_cells(rows[index + len(chunk)], cols)
            h = _row_height(cells)
            if chunk and used + h > room:
                break
            chunk.append((rows[index + len(chunk)], cells, h))
            used += h
        last = index + len(chunk) >= len(rows)
        if last:  # blank rows to write in replacement counters: the rest of the table's room
            blanks = int((room - used) // ROW_H)
            chunk += [(None, None, ROW_H)] * max(0, blanks)
            used += ROW_H * max(0, blanks)
        _table(
            pen,
            Rect(frame.x, table_top - header_h - used, frame.w, header_h + used),
            chunk,
            index,
            L,
            header_h,
        )
        index += sum(1 for row, _, _ in chunk if row is not None)
        if last:
            _foot(pen, Rect(frame.x, frame.y, frame.w, foot_h - 6), rows, L, army)
        footer(pen, frame, f"{L('generated_by')} {__version__}", GAME.name[options.lang])
        if last:
            return


# cell styles: key -> (font, size)
STYLE = {
    "name": (BOLD, 8.0),
    "counter": (BOLD, 9.0),
    "kind": (FONT, 8.0),
    "sw": (FONT, 7.2),
    "melee": (BOLD, 9.0),
    "lm": (FONT, 8.0),
    "morale": (FONT, 8.0),
    "notes": (FONT, 7.2),
}
MAX_LINES = 6


def _row_cells(row: dict, cols) -> dict:
    """key -> (lines, font, size) of one row (texts wrapped to their column, at most 6 lines)."""
    out = {}
    for key, _, c, _ in cols:
        if key not in STYLE:
            continue
        value = row[key]
        text = "; ".join(value) if isinstance(value, list) else str(value)
        font, size = STYLE[key]
        out[key] = (_wrap(text or "—", font, size, c.w - 4), font, size)
    return out


def _row_height(cells: dict) -> float:
    need = max(len(lines) * size * 1.2 + 5 for lines, _, size in cells.values())
    return max(ROW_H, need)


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Word wrap; a word wider than the column is broken (its pieces are still the user's words
    to the layout checker); more than MAX_LINES ends in "…"."""
    lines = wrap_breaking(text, font, size, width)
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES]
        last = lines[-1]
        while last and pen_width(last + "…", font, size) > width:
            last = last[:-1]
        lines[-1] = last + "…"
    return lines


def _columns(r: Rect) -> list[tuple[str, str, Rect, str]]:
    total = sum(c[2] for c in COLUMNS)
    out, x = [], r.x
    for key, lab, frac, align in COLUMNS:
        w = r.w * frac / total
        out.append((key, lab, Rect(x, r.y, w, r.h), align))
        x += w
    return out


def _table(pen: Pen, r: Rect, rows: list, start: int, L, header_h: float) -> None:
    cols = _columns(r)
    head = Rect(r.x, r.top - header_h, r.w, header_h)
    pen.rect(head, fill=pen.t.band, stroke=False)
    heads = []  # (cell, text, align) of the header row
    for key, lab, c, align in cols:
        if key == "ticks":
            sw = c.w / len(TICK_HEADS)
            heads += [
                (Rect(c.x + i * sw, head.y, sw, header_h), L(k), "center") for i, k in enumerate(TICK_HEADS)
            ]
        else:
            heads.append((Rect(c.x, head.y, c.w, header_h), L(lab), align))
    # one size for the whole row (issue 33: 6.3 pt beside 8.5 pt): the least any header needs
    size = min(_head_size(pen, cell, text) for cell, text, _ in heads)
    for cell, text, align in heads:
        _head(pen, cell, text, align, size)
    y = head.y
    for n, (row, cells, h) in enumerate(rows):
        rr = Rect(r.x, y - h, r.w, h)
        if n % 2 == 1:
            pen.rect(rr, fill=pen.t.faint, stroke=False)
        for key, _, c, align in cols:
            cell = Rect(c.x, rr.y, c.w, h)
            if key == "ticks":
                _ticks(pen, cell, row or {"sw_boxes": 1, "wounded": True})
            elif row is None:
                continue
            elif key == "no":
                pen.text_in(cell, str(start + n + 1), 8, FONT, align, pad=2)
            else:
                lines, font, size = cells[key]
                _draw_lines(pen, cell, lines, font, size, align)
        y -= h
        pen.line(r.x, y, r.right, y, 0.3)
    # vertical rules and frame
    for _, _, c, _ in cols[1:]:
        pen.line(c.x, r.top, c.x, y, 0.3)
    pen.rect(Rect(r.x, y, r.w, r.top - y), stroke=True, width=0.8)


def _head_size(pen: Pen, cell: Rect, text: str) -> float:
    """The size a column header fits its cell at: up to three wrapped lines, 7 pt down to 6 pt."""
    size = 7.0
    lines = pen.wrap(text, BOLD, size, cell.w - 3)
    while (len(lines) > 3 or any(pen_width(l, BOLD, size) > cell.w - 3 for l in lines)) and size > 6.0:
        size = round(size - 0.25, 2)
        lines = pen.wrap(text, BOLD, size, cell.w - 3)
    return size


def _head(pen: Pen, cell: Rect, text: str, align: str, size: float = 7.0) -> None:
    """A column header at the row's size, up to three wrapped lines, centred vertically."""
    lines = pen.wrap(text, BOLD, size, cell.w - 3)
    lead = size * 1.1
    yy = cell.y + (cell.h + len(lines) * lead) / 2 - size * 0.95
    for line in lines:
        pen.text(_ax(cell, align), yy, line, size, BOLD, align, max_width=cell.w - 3, min_size=6.0)
        yy -= lead


def _ax(c: Rect, align: str) -> float:
    return {"left": c.x + 1.5, "center": c.x + c.w / 2, "right": c.right - 1.5}[align]


def _draw_lines(pen: Pen, cell: Rect, lines: list[str], font: str, size: float, align: str) -> None:
    """Wrapped lines centred vertically in a cell."""
    lead = size * 1.2
    yy = cell.y + (cell.h + len(lines) * lead) / 2 - size * 0.95
    with pen.frame(cell):
        for line in lines:
            pen.text(
                _ax(cell, align) if align != "left" else cell.x + 2,
                yy,
                line,
                size,
                font,
                align,
                max_width=cell.w - 3,
                min_size=6.0,
            )
            yy -= lead


def _ticks(pen: Pen, cell: Rect, row: dict) -> None:
    """Shaken and Melee boxes on every row; Wounded on leaders and heroes; one "SW used" box per
    support weapon the counter carries (a dash where a box has no meaning)."""
    part = cell.w / len(TICK_HEADS)
    y = cell.y + (cell.h - TICK) / 2

    def dash(i):
        pen.text(cell.x + (i + 0.5) * part, cell.y + cell.h / 2 - 3, "—", 8, FONT, "center")

    for i in range(2):
        pen.box_track(cell.x + i * part + (part - TICK) / 2, y, ["plain"], size=TICK)
    if row.get("wounded"):
        pen.box_track(cell.x + 2 * part + (part - TICK) / 2, y, ["plain"], size=TICK)
    else:
        dash(2)
    n = row["sw_boxes"]
    if n:  # two to a line: a counter carrying three or four SWs gets two lines of boxes
        per_line = min(n, 2)
        lines = -(-n // per_line)
        height = lines * TICK + (lines - 1) * TICK_GAP
        top = cell.y + (cell.h + height) / 2 - TICK
        for k in range(lines):
            count = min(per_line, n - k * per_line)
            width = count * TICK + (count - 1) * TICK_GAP
            x = cell.x + 3 * part + (part - width) / 2
            pen.box_track(x, top - k * (TICK + TICK_GAP), ["plain"] * count, size=TICK, gap=TICK_GAP)
    else:
        dash(3)


TICK_GAP = 2.5  # pt between two "SW used" boxes (≥ 0.6 mm of clear paper)


def _foot(pen: Pen, r: Rect, rows: list, L, army: dict | None = None) -> None:
    """Totals (with the army list's limit line when the roster sets a limit), the compact Melee
    Table (left) and the legend of the page's marks and abbreviations (right: NME, †, ‡, the
    seed's own abbreviations, then the list's violations)."""
    totals = L(
        "oob_totals", units=len(rows), fp=sum(r["fp"] for r in rows), sw=sum(r["sw_count"] for r in rows)
    )
    over = False
    if army is not None and army.get("limit") is not None:
        from sheets.render.roster_pdf import limit_status

        totals += "  ·  " + limit_status(army)
        over = bool(army.get("over"))
    pen.text(r.x, r.top - 9, totals, 9, BOLD, max_width=r.w, color=pen.t.warn if over else None)
    title_y = r.top - 24
    pen.text(r.x, title_y, L("oob_table_title"), 8, BOLD, max_width=r.w * 0.62)
    table = Rect(r.x, r.y, r.w * 0.6, title_y - 5 - r.y)
    draw_table(pen, table, L, 8)
    legend = [L("oob_legend_nme")]
    if any_unverified():
        legend.append(L("kn_unverified_note"))
    if any(row["sw_unverified"] for row in rows):
        legend.append(L("sw_unverified_note"))
    legend.append(L("oob_legend_abbr"))
    if army is not None:
        # the totals line already says whether the list is over its limit: the legend lists the
        # game's own list checks only (issue 33: "OVER THE LIMIT" twice on one page)
        found = army.get("rule_violations") if army.get("limit") is not None else army.get("violations")
        legend += [f"{army['labels']['violations']}: {v}" for v in found or []]
    box = Rect(r.x + r.w * 0.63, r.y, r.w * 0.37, title_y + 8 - r.y)
    size = 6.5
    while size > 6.0 and _legend_h(legend, box.w, size) > box.h:
        size = round(size - 0.1, 2)
    y = box.top
    for text in legend:
        lines = wrap_breaking(text, FONT, size, box.w)
        for line in lines:
            y -= size * 1.18
            warn = text.startswith(("†", "‡"))
            pen.text(box.x, y, line, size, FONT, max_width=box.w, color=pen.t.warn if warn else None)
        y -= 1.5


def _legend_h(legend: list, width: float, size: float) -> float:
    return sum(len(wrap_breaking(t, FONT, size, width)) * size * 1.18 + 1.5 for t in legend)


skill_text = rules.skill_text  # the skill names are the rules core's (info prints them too)
