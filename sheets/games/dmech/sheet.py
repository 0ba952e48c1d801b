"""Record sheets of «Древняя Механика» (``sheets render`` on dmech units).

Two units per page, each in half of the page frame: a walker sheet («лист бронехода», digest
§7) or an infantry sheet. With ``--tables`` each walker takes a whole page, its sheet on top and
the Damage / Heavy damage, reactor and Balance / Standing-up tables under it. Every size is
computed from the page frame, so A4 and Letter each get a layout of their own; values the
digest marks unverified carry a numbered † and a footnote.
"""

from __future__ import annotations

from sheets import __version__
from sheets.games.dmech import chart, geometry, reference, rules
from sheets.games.dmech.model import Infantry, Text, Walker, Weapon
from sheets.games.dmech.reference import Footnotes, L, signed, stack, typo
from sheets.render import fonts, hexes
from sheets.render.pdf import MM, Pen, Rect, footer, margins

HALF_GAP = 14  # points between the two halves of a page (a dashed cut line runs through it)
HEADER_H = 22
MARKER_H = 12
SECTION = 7.5  # heading size of the sections inside a sheet
TICK = 3.2 * MM  # every tick box (conditions, wounds, ammo, charges, lost weapon): ≥ 3 mm
MIN_TEXT = 6.0  # nothing read at the table is smaller
# conditions that concern infantry (digest §4: the morale states apply to all units)
INFANTRY_CONDITIONS = ("wavering", "fleeing")


def render(doc, units, options) -> None:
    """Draw the sheets of ``units`` (walkers and infantry, in order) into ``doc``."""
    lang = options.lang
    tables = bool(options.extra.get("tables"))
    m = margins(options.paper)
    frame = Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)
    units = list(units)
    lists = (options.extra or {}).get("army_lists") or []
    if lists:  # handed over by the render command: share the first page with the first unit
        from sheets.render.roster_pdf import army_lists_height, draw_army_lists, draw_army_lists_in

        need = army_lists_height(lists, frame.w)
        half = frame.split_v(0.5, 0.5, gap=HALF_GAP)[0].h
        first = units[0] if units else None
        if (
            first is not None
            and not (tables and isinstance(first, Walker))
            and need + HALF_GAP + half <= frame.h
        ):
            # issue 23: the list had a page of its own, 22 % used; now it heads the first
            # page and the first unit goes under it (an infantry sheet takes the rest of the
            # page: its ruled notes grow)
            units = units[1:]
            pen = doc.page()
            if not pen.skip:
                draw_army_lists_in(doc, pen, frame, lists)
                box_top = frame.top - need - HALF_GAP
                h = half if isinstance(first, Walker) else box_top - frame.y
                draw_unit(pen, Rect(frame.x, box_top - h, frame.w, h), first, lang)
                footer(pen, frame, f"{L('generated_by', lang)} {__version__}", chart.game_name(lang))
        else:
            draw_army_lists(doc, lists, options)
    for page_units in _pages(units, tables):
        pen = doc.page()
        if pen.skip:  # drawn by another worker (render --jobs)
            continue
        top, bottom = frame.split_v(0.5, 0.5, gap=HALF_GAP)
        if len(page_units) == 1 and isinstance(page_units[0], Walker):
            # a walker alone on its page (``--tables``, or the last of an odd count) fills the
            # lower half with the damage, reactor and balance tables instead of leaving it blank
            notes = unit_notes(page_units[0], lang, tables=True)
            draw_walker(pen, top, page_units[0], notes, footnotes=False)
            draw_tables(pen, bottom, page_units[0], notes)
        else:
            for unit, box in zip(page_units, (top, bottom)):
                draw_unit(pen, box, unit, lang)
            if len(page_units) == 2:
                mid = (top.y + bottom.top) / 2
                pen.line(frame.x, mid, frame.right, mid, 0.4, color=pen.t.shade, dash=(4, 3))
        footer(pen, frame, f"{L('generated_by', lang)} {__version__}", chart.game_name(lang))


render.draws_army_lists = True  # the render command hands the rosters' lists over


def _pages(units, tables: bool) -> list[list]:
    """Units grouped by page: two per page, or a page of its own for a walker with tables."""
    pages, current = [], []
    for unit in units:
        if tables and isinstance(unit, Walker):
            if current:
                pages.append(current)
                current = []
            pages.append([unit])
            continue
        current.append(unit)
        if len(current) == 2:
            pages.append(current)
            current = []
    if current:
        pages.append(current)
    return pages


def draw_unit(pen: Pen, box: Rect, unit, lang: str) -> None:
    """One unit's sheet (walker or infantry) in ``box``."""
    if isinstance(unit, Infantry):
        draw_infantry(pen, box, unit, unit_notes(unit, lang))
    else:
        draw_walker(pen, box, unit, unit_notes(unit, lang))


# -- footnotes ---------------------------------------------------------------------------------


def _shield_note() -> Text | None:
    """The caveat on wing shields (equipment.yaml), or None when the data marks them verified."""
    kind = rules.equipment_kind("shield")
    if kind.get("verified", True) or not kind.get("note"):
        return None
    return Text(ru=kind["note"]["ru"], en=kind["note"]["en"])


def unit_notes(unit, lang: str, tables: bool = False) -> Footnotes:
    """Footnotes of a unit's sheet, numbered in print order: class modifiers (walkers), wing
    shields, then (with ``tables``) the damage, reactor and balance tables."""
    notes = Footnotes(lang)
    if isinstance(unit, Walker):
        notes.mark(rules.class_sign_note())
    if any(e.kind == "shield" for e in unit.equipment) and _shield_note():
        notes.mark_note(_shield_note())
    if tables:
        reference.damage_table(notes)
        reference.reactor_table(notes)
        reference.balance_table(notes)
    return notes


# -- shared pieces -----------------------------------------------------------------------------


def _header(pen: Pen, r: Rect, name: str, sheet: str, unit, lang: str) -> None:
    """The accent band: unit name (shrinks to fit) on the left, sheet kind, cost and force on
    the right."""
    pen.rect(r, fill=pen.t.accent, stroke=False)
    right = [sheet]
    if unit.cost is not None:
        right.append(f"{L('cost', lang)}: {unit.cost}")
    if unit.faction:
        right.append(f"{L('faction', lang)}: {unit.faction}")
    info = "  ·  ".join(right)
    info_w = min(fonts.width(info, "Sans", 8), r.w * 0.45)
    pen.text(
        r.x + 5,
        r.y + (r.h - 14 * 0.72) / 2,
        name,
        14,
        "Sans-Bold",
        max_width=r.w - info_w - 20,
        color=pen.t.accent_text,
    )
    pen.text(
        r.right - 5,
        r.y + (r.h - 8 * 0.72) / 2,
        info,
        8,
        "Sans",
        "right",
        max_width=info_w,
        color=pen.t.accent_text,
    )


def _marker(pen: Pen, r: Rect, lang: str) -> None:
    """The "illustrative example, not official data" strip."""
    pen.rect(r, width=1.0)
    pen.text_in(r, f"⚠ {L('illustrative', lang)}", 7.5, "Sans-Bold", "center", color=pen.t.warn)


def _section(pen: Pen, r: Rect, title: str, note: str = "") -> Rect:
    """A section heading band (with an optional note on its right); returns the room under it."""
    h = SECTION * 1.55
    band = Rect(r.x, r.top - h, r.w, h)
    pen.rect(band, fill=pen.t.band, stroke=False)
    title_w = pen.text(
        band.x + 3,
        band.y + (h - SECTION * 0.72) / 2,
        title,
        SECTION,
        "Sans-Bold",
        max_width=band.w * 0.6 if note else band.w - 6,
    )
    if note:
        pen.text(
            band.right - 3,
            band.y + (h - 6.5 * 0.72) / 2,
            note,
            6.5,
            "Sans",
            "right",
            max_width=band.w - title_w - 12,
        )
    return Rect(r.x, r.y, r.w, r.h - h - 1.5)


def _stat_cells(pen: Pen, r: Rect, cells: list[tuple[str, str, float]]) -> None:
    """A row of framed cells: small label on top, the value large below."""
    total = sum(w for _, _, w in cells)
    x = r.x
    for text, value, weight in cells:
        w = r.w * weight / total
        cell = Rect(x, r.y, w, r.h)
        pen.rect(cell, width=0.5)
        lab, val = cell.split_v(0.38, 0.62)
        pen.text_in(lab, text, 6.5, "Cond", "center", pad=1.5)
        pen.text_in(val, value, 12, "Sans-Bold", "center", pad=2)
        x += w


def _boxes_in(pen: Pen, r: Rect, n: int, max_size: float = TICK, gap: float = 0.8 * MM) -> None:
    """``n`` tick boxes packed in rows inside ``r`` (largest that fit), left-aligned, with a pencil
    gap between them (the layout rules ask for at least 0.6 mm; 1.2 pt, 0.42 mm, was too tight)."""
    if n <= 0:
        return
    best = (0.0, n)
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        size = min(max_size, r.w / cols - gap, r.h / rows - gap)
        if size >= best[0]:
            best = (size, cols)
    size, cols = best
    if size < TICK:  # too many to tick at 3 mm: say how many instead
        pen.text_in(r, f"□ × {n}", max(MIN_TEXT, min(7.0, r.h * 0.9)), "Sans", "left", pad=1)
        return
    rows = -(-n // cols)
    y = r.top - (r.h - rows * (size + gap) + gap) / 2 - size
    for row in range(rows):
        count = min(cols, n - row * cols)
        pen.box_track(r.x + 1, y, ["plain"] * count, size, gap, 0.5)
        y -= size + gap


def _checkbox(pen: Pen, x: float, y: float, text: str, size: float, width: float) -> None:
    """A tick box (at least :data:`TICK`) with its label to the right (box bottom at ``y``)."""
    size = max(size, TICK)
    pen.rect(Rect(x, y, size, size), width=0.6)
    pen.text(
        x + size + 3,
        y + (size - 7 * 0.72) / 2,
        text,
        7,
        "Sans",
        max_width=width - size - 4,
        min_size=MIN_TEXT,
    )


# -- weapons and equipment ----------------------------------------------------------------------


def _weapon_columns(unit, weapons: list[Weapon], lang: str) -> list[tuple[str, str, float]]:
    """(id, header, width) of the weapons table; Range only when a weapon gives one."""
    cols = [
        ("name", L("weapon", lang), 3.2),
        ("accuracy", L("accuracy", lang), 0.7),
        ("power", L("power", lang), 0.8),
        ("ammo", L("ammo", lang), 1.7),
        ("tags", L("tags", lang), 1.5),
    ]
    if any(w.range for w in weapons):
        cols.append(("range", L("range", lang), 1.0))
    if isinstance(unit, Walker):
        cols += [
            ("hand", L("hand", lang), 0.9),
            ("arc", L("arc", lang), 1.1),
            ("lost", L("weapon_lost", lang), 0.9),
        ]
    return cols


def _tags(w: Weapon, lang: str) -> str:
    parts = list(w.tags)
    if w.salvos > 1:
        parts.append(f"{L('salvos', lang)} {w.salvos}")
    if w.notes:
        parts.append(w.notes)
    return ", ".join(parts)


def _weapons_table(pen: Pen, r: Rect, unit, weapons: list[Weapon], lang: str, row_h: float) -> None:
    """Header and one row per weapon (an empty row to fill in when there is none)."""
    cols = _weapon_columns(unit, weapons, lang)
    total = sum(c[2] for c in cols)
    # every header fits at 6.5 pt: narrow columns widen, the name and tags columns give way
    need = [fonts.width(head, "Cond-Bold", 6.5) + 3.5 for _, head, _ in cols]
    widths = [max(r.w * w / total, n) for (_, _, w), n in zip(cols, need)]
    flexible = [i for i, (key, _, _) in enumerate(cols) if key in ("name", "tags")]
    excess = sum(widths) - r.w
    give = sum(widths[i] - need[i] for i in flexible)
    for i in flexible:
        widths[i] -= excess * (widths[i] - need[i]) / give if give > 0 else 0
    xs, x = [], r.x
    for w in widths:
        xs.append((x, w))
        x += w
    band = Rect(r.x, r.top - row_h, r.w, row_h)
    pen.rect(band, fill=pen.t.faint, stroke=False)
    for (cx, cw), (key, head, _) in zip(xs, cols):
        pen.text_in(
            Rect(cx, band.y, cw, row_h),
            head,
            6.5,
            "Cond-Bold",
            "left" if key in ("name", "tags") else "center",
            pad=1.5,
        )
    y = band.y
    for w in weapons or [None]:
        row = Rect(r.x, y - row_h, r.w, row_h)
        pen.line(r.x, row.top, r.right, row.top, 0.3)
        for (cx, cw), (key, _, _) in zip(xs, cols):
            cell = Rect(cx, row.y, cw, row_h)
            _weapon_cell(pen, cell, key, w, lang)
        y -= row_h
    pen.line(r.x, y, r.right, y, 0.3)


def _weapon_cell(pen: Pen, cell: Rect, key: str, w: Weapon | None, lang: str) -> None:
    if key == "lost":
        s = TICK
        pen.rect(Rect(cell.x + (cell.w - s) / 2, cell.y + (cell.h - s) / 2, s, s), width=0.5)
        return
    if w is None:
        return
    if key == "ammo":
        if w.ammo:
            _boxes_in(pen, cell.inset(1, 1), w.ammo)
        else:
            pen.text_in(cell, "—", 7, "Sans", "center")
        return
    value = {
        "name": w.name,
        "accuracy": str(w.accuracy),
        "power": str(w.power),
        "tags": _tags(w, lang),
        "range": w.range,
        "hand": "" if w.hand is None else L("answer_yes" if w.hand else "answer_no", lang),
        "arc": L(f"arc_{w.arc}", lang) if w.arc else "—",
    }[key]
    if key == "name":  # a name too long for its cell at 6 pt ends in "…"
        pen.text_in(cell, value, 7.5, "Sans-Bold", "left", pad=1.5, min_size=MIN_TEXT, shorten=True)
    elif key in ("accuracy", "power"):
        pen.text_in(cell, value, 8.5, "Sans-Bold", "center")
    elif key == "tags":
        pen.text_in(cell, value, 6.5, "Cond", "left", pad=1.5)
    else:
        pen.text_in(cell, value, 6.5, "Cond", "center")


EQUIP_TEXT = 0.54  # share of an equipment row's width taken by its text
EQUIP_SIZE = 6.5


def _equipment_heights(pen: Pen, unit, width: float, lang: str, notes: Footnotes) -> list[float]:
    """Row height of each equipment item: its text wrapped at :data:`EQUIP_SIZE`."""
    text_w = width * EQUIP_TEXT - 4
    return [
        max(
            13.0,
            len(pen.wrap(_equipment_text(e, lang, notes), "Cond", EQUIP_SIZE, text_w)) * EQUIP_SIZE * 1.18
            + 4,
        )
        for e in unit.equipment
    ]


def _equipment_block(pen: Pen, unit, width: float, lang: str, notes: Footnotes) -> float:
    """Height of the equipment section (0 without equipment)."""
    if not unit.equipment:
        return 0.0
    return SECTION * 1.55 + 1.5 + sum(_equipment_heights(pen, unit, width, lang, notes))


def _equipment_text(e, lang: str, notes: Footnotes) -> str:
    """What an equipment line says after its name (shield faces and roll, smoke facts)."""
    data = rules.equipment_kind(e.kind)
    parts = []
    if e.kind == "shield":
        faces = e.faces or tuple(data.get("default_faces", ()))
        covered = ", ".join(L(f"face_{f}", lang) for f in faces)
        if not e.faces:
            covered += f" {L('shield_plus_one', lang)}"
        note = _shield_note()
        mark = f" {notes.mark_note(note)}" if note else ""
        parts.append(f"{L('covers_faces', lang)}: {covered}{mark}")
        roll = " ".join(f"{t['from']}–{t['to']}: {t[lang]}" for t in data.get("table", ()))
        parts.append(f"{L('shield_roll', lang)}: {roll}")
    for fact in data.get("facts", ()):
        parts.append(typo(fact[lang]))
    if e.notes:
        parts.append(e.notes)
    return " · ".join(parts)


def _equipment(pen: Pen, r: Rect, unit, lang: str, notes: Footnotes) -> None:
    """One line per equipment item: name, what it does, charge boxes."""
    heights = _equipment_heights(pen, unit, r.w, lang, notes)
    for e, row in zip(unit.equipment, stack(r, heights, gap=0)):
        name_box, text_box, charge_box = row.split_h(0.26, EQUIP_TEXT, 0.20, gap=2)
        pen.text_in(name_box, e.name, 7.5, "Sans-Bold", "left", pad=1.5)
        pen.paragraph(
            text_box.inset(0, 2), _equipment_text(e, lang, notes), size=EQUIP_SIZE, font="Cond", min_size=4
        )
        if e.charges:
            label_w = pen.text(
                charge_box.x,
                charge_box.y + (charge_box.h - 6 * 0.72) / 2,
                L("charges", lang),
                6,
                "Cond",
                max_width=charge_box.w * 0.5,
            )
            _boxes_in(
                pen,
                Rect(charge_box.x + label_w + 2, charge_box.y, charge_box.w - label_w - 2, charge_box.h),
                e.charges,
            )
        pen.line(row.x, row.y, row.right, row.y, 0.3)


# -- walker --------------------------------------------------------------------------------------


def _fill_light(rgb) -> tuple:
    """A face colour lightened for a printed panel (stays grey in mono)."""
    return tuple(0.45 * c + 0.55 for c in rgb)


def _armour(pen: Pen, r: Rect, unit: Walker, lang: str) -> None:
    """The armour hexagon: front up, each face's value on its face, a facing arrow."""
    legend_h = 9
    room = Rect(r.x, r.y + legend_h, r.w, r.h - legend_h)
    label_w = max(_width(L(f"face_{f}", lang), 6.5) for f in geometry.FACES) + 2
    radius = max(10.0, min((room.w / 2 - label_w - 6) / 0.8, (room.h / 2 - 10) / 0.866))
    cx, cy = room.x + room.w / 2, room.y + room.h / 2
    apothem = hexes.SQRT3 / 2 * radius
    for k, face in enumerate(geometry.FACES):
        (ax, ay), (bx, by) = geometry.face_edge(0, face, radius)
        pen.polygon(
            [(cx, cy), (cx + ax, cy - ay), (cx + bx, cy - by)], fill=_fill_light(pen.t.faces[k]), width=0.4
        )
    pen.hexagon(cx, cy, radius, fill=None, width=1.4)
    size = radius * 0.3
    for k, face in enumerate(geometry.FACES):
        nx, ny = geometry.direction_vector(k)
        value = unit.armor.get(face)
        vx, vy = cx + nx * apothem * 0.66, cy - ny * apothem * 0.66
        pen.text(
            vx,
            vy - size * 0.36,
            "—" if value is None else str(value),
            size,
            "Sans-Bold",
            "center",
            max_width=radius * 0.5,
        )
        lx, ly = cx + nx * (apothem + 4), cy - ny * (apothem + 4)
        align = "center" if abs(nx) < 0.1 else ("left" if nx > 0 else "right")
        pen.text(lx, ly if ny < 0 else ly - 5, L(f"face_{face}", lang), 6.5, "Cond", align, max_width=label_w)
    pen.arrow(cx, cy - radius * 0.22, cx, cy + radius * 0.34, width=1.4, head=radius * 0.13)
    pen.text(r.x + r.w / 2, r.y + 2, L("armor_legend", lang), 6, "Cond", "center", max_width=r.w)


def _width(text: str, size: float, font: str = "Cond") -> float:
    """Width of ``text`` in points."""
    return fonts.width(text, font, size)


def _structure(pen: Pen, r: Rect, unit: Walker, lang: str) -> None:
    """Прочность: one box per point, the last one shaded (panic and retreat), with its key."""
    n = unit.structure or 0
    label_w = pen.text(
        r.x + 2, r.top - 9, f"{L('structure', lang)}: {n or '—'}", 8, "Sans-Bold", max_width=r.w * 0.3
    )
    track = Rect(r.x + label_w + 8, r.y, r.right - r.x - label_w - 10, r.h)
    size = max(TICK, min(12.0, track.w / max(n, 1) - 2, r.h - TICK - 4))
    y = r.top - size - 1
    if n:
        pen.box_track(track.x, y, ["plain"] * (n - 1) + ["shade"], size, 2, 0.7)
    key_y = r.y + 0.5
    pen.box_track(r.x + 2, key_y, ["shade"], TICK, 0, 0.5)
    pen.text(
        r.x + TICK + 5,
        key_y + (TICK - 6.5 * 0.72) / 2,
        L("panic_box", lang),
        6.5,
        "Sans",
        max_width=r.w - TICK - 6,
    )


def _pilot(pen: Pen, r: Rect, unit: Walker, lang: str) -> None:
    """The гридь: name (or a line to write it on), wound boxes, the wound note."""
    body = _section(pen, r, L("pilot", lang))
    pr = rules.pilot_rules()
    line_y = body.top - 11
    name_w = pen.text(body.x + 2, line_y, f"{L('pilot_name', lang)}:", 7, "Sans", max_width=body.w * 0.3)
    if unit.pilot.name:
        pen.text(
            body.x + name_w + 6,
            line_y,
            unit.pilot.name,
            8,
            "Sans-Bold",
            max_width=body.w - name_w - 8,
            min_size=MIN_TEXT,
            shorten=True,
        )
    else:
        pen.line(body.x + name_w + 5, line_y - 1.5, body.right - 3, line_y - 1.5, 0.4)
    labels = [L("wounded", lang)] * (pr.wound_boxes - 1) + [L("dead", lang)]
    box_y = line_y - 15
    x = body.x + 2
    step = (body.w - 4) / max(pr.wound_boxes, 1)
    for text in labels:
        _checkbox(pen, x, box_y, text, 8, step)
        x += step
    pen.paragraph(
        Rect(body.x + 2, body.y, body.w - 4, max(box_y - 3 - body.y, 4)),
        typo(pr.note.get(lang)),
        size=6.5,
        font="Cond",
        min_size=6,
    )


def _conditions(pen: Pen, r: Rect, conds, lang: str, rule: str = "", cols: int = 3) -> None:
    """Condition tick boxes in ``cols`` columns, then the non-stacking rule."""
    body = _section(pen, r, L("conditions", lang))
    rows = -(-len(conds) // cols)
    cw = (body.w - 4) / cols
    row_h = TICK + 2.5
    for i, c in enumerate(conds):
        row, col = divmod(i, cols)
        _checkbox(pen, body.x + 2 + col * cw, body.top - 1.5 - TICK - row * row_h, c.name.get(lang), TICK, cw)
    if rule:
        top = body.top - 3 - rows * row_h
        pen.paragraph(
            Rect(body.x + 2, body.y, body.w - 4, max(top - body.y, 4)),
            rule,
            size=6.2,
            font="Cond",
            min_size=MIN_TEXT,
        )


def _frame(pen: Pen, box: Rect, unit, sheet_key: str, lang: str) -> tuple[Rect, float]:
    """The sheet's frame, header and (for sample units) the illustrative marker.
    Returns the inner area and the y below what was drawn."""
    pen.rect(box, width=0.8)
    inner = box.inset(4)
    _header(pen, Rect(box.x, box.top - HEADER_H, box.w, HEADER_H), unit.name, L(sheet_key, lang), unit, lang)
    top = box.top - HEADER_H - 3
    if unit.illustrative:
        _marker(pen, Rect(inner.x, top - MARKER_H, inner.w, MARKER_H), lang)
        top -= MARKER_H + 3
    return inner, top


def draw_walker(pen: Pen, box: Rect, unit: Walker, notes: Footnotes, footnotes: bool = True) -> None:
    """A walker's sheet in ``box``; ``footnotes`` = print them at its foot (else the caller
    does, under the tables)."""
    lang = notes.lang
    inner, top = _frame(pen, box, unit, "walker_sheet", lang)
    foot_h = reference.footnotes_height(pen, notes, inner.w, 6) if footnotes else 0
    body = Rect(
        inner.x,
        inner.y + foot_h + (2 if foot_h else 0),
        inner.w,
        top - inner.y - foot_h - (2 if foot_h else 0),
    )
    if footnotes:
        reference.draw_footnotes(pen, Rect(inner.x, inner.y, inner.w, foot_h), notes, 6)
    left, right = body.split_h(0.35, 0.65, gap=8)
    _walker_left(pen, left, unit, lang)
    _walker_right(pen, right, unit, lang, notes)


def _walker_left(pen: Pen, r: Rect, unit: Walker, lang: str) -> None:
    """Armour hexagon, penetration ladder, the unit's notes."""
    header, rows = reference.ladder_table(lang)
    rule = L("penetration_rule_short", lang)
    rule_h = len(pen.wrap(rule, "Cond", 6.5, r.w - 4)) * 6.5 * 1.18 + 1
    ladder_h = (
        reference.table_height(pen, r.w, reference.LADDER_WIDTHS, rows, header, 6.2, pad=1.5)
        + SECTION * 1.55
        + 1.5
        + rule_h
        + 1
    )
    notes_h = 0.0
    if unit.notes:
        notes_h = len(pen.wrap(unit.notes, "Cond", 6.5, r.w)) * 6.5 * 1.18 + 2
    armour_h = max(r.h - ladder_h - notes_h - 8, r.h * 0.3)
    armour_box, ladder_box, notes_box = stack(r, [armour_h, ladder_h, notes_h], gap=4)
    _armour(pen, _section(pen, armour_box, L("armor", lang)), unit, lang)
    body = _section(pen, ladder_box, L("penetration", lang))
    pen.paragraph(
        Rect(body.x + 2, body.top - rule_h, body.w - 4, rule_h),
        rule,
        size=6.5,
        font="Cond",
        min_size=MIN_TEXT,
    )
    body = Rect(body.x, body.y, body.w, body.h - rule_h - 1)
    reference.wrapped_table(pen, body, reference.LADDER_WIDTHS, rows, header, 6.2, min_size=MIN_TEXT, pad=1.5)
    if unit.notes:
        pen.paragraph(notes_box, unit.notes, size=6.5, font="Cond", min_size=MIN_TEXT)


MODS_MIN = 28  # the running-modifiers box, at least


def _walker_right(pen: Pen, r: Rect, unit: Walker, lang: str, notes: Footnotes) -> None:
    """Stats, structure track, weapons, equipment, pilot and conditions, running modifiers.

    Weapon rows grow (up to 15 pt) into spare height; what is left goes to the running-
    modifiers box at the bottom. When nothing fits, every part shrinks together.
    """
    c = rules.get_class(unit.class_id) if unit.class_id else None
    mark = " " + notes.mark(rules.class_sign_note()).strip()
    gap = 5
    n_rows = max(len(unit.weapons), 1) + 1
    head = SECTION * 1.55 + 2.5
    fixed = {
        "stats": 30,
        "structure": 29,
        "equipment": _equipment_block(pen, unit, r.w, lang, notes),
        "bottom": 66,
    }
    fixed = {k: v for k, v in fixed.items() if v}
    spare = r.h - sum(fixed.values()) - head - MODS_MIN - gap * len(fixed) - gap
    row_h = max(6.0, min(15.0, spare / n_rows))
    weapons_h = head + row_h * n_rows
    mods_h = max(MODS_MIN, r.h - sum(fixed.values()) - weapons_h - gap * (len(fixed) + 1))
    order = ["stats", "structure", "weapons", "equipment", "bottom", "mods"]
    sizes = {**fixed, "weapons": weapons_h, "mods": mods_h}
    names = [k for k in order if k in sizes]
    parts = dict(zip(names, stack(r, [sizes[k] for k in names], gap=gap)))
    _stat_cells(
        pen,
        parts["stats"],
        [
            (L("class", lang), c.name.get(lang) if c else "—", 1.9),
            (L("speed", lang), _num(unit.speed), 0.8),
            (L("initiative", lang), _num(unit.initiative), 0.8),
            (L("skill", lang), _num(unit.skill), 0.8),
            (L("daring", lang), _num(unit.daring), 0.8),
            (L("balance", lang) + mark, signed(c.balance) if c else "—", 1.2),
            (L("standing", lang) + mark, signed(c.standing) if c else "—", 1.2),
        ],
    )
    _structure(pen, parts["structure"], unit, lang)
    body = _section(pen, parts["weapons"], L("weapons", lang), L("attacks_note", lang))
    _weapons_table(pen, body, unit, unit.weapons, lang, body.h / n_rows)
    if "equipment" in parts:
        _equipment(pen, _section(pen, parts["equipment"], L("equipment", lang)), unit, lang, notes)
    pilot_box, cond_box = parts["bottom"].split_h(0.38, 0.62, gap=6)
    _pilot(pen, pilot_box, unit, lang)
    _conditions(pen, cond_box, rules.conditions(), lang, typo(rules.conditions_rule().get(lang)))
    _running_mods(pen, parts["mods"], lang)


def _running_mods(pen: Pen, r: Rect, lang: str) -> None:
    """Write-in fields for the modifiers the damage tables add up (−Тч, −скр, +инц; digest
    §4), then ruled lines for notes in the room left."""
    body = _section(pen, r, L("running_mods", lang))
    if body.h < 8:
        return
    y = max(body.top - 11, body.y + 2)
    x = body.x + 2
    step = body.w / 3
    for key, sign in (("accuracy", "−"), ("speed", "−"), ("initiative", "+")):
        w = pen.text(x, y, f"{L(key, lang)} {sign}", 8, "Sans-Bold", max_width=step * 0.45)
        pen.line(x + w + 3, y - 1.5, x + step - 8, y - 1.5, 0.4)
        x += step
    y -= 13
    while y > body.y + 2:
        pen.line(body.x + 2, y, body.right - 2, y, 0.3, color=pen.t.shade)
        y -= 13


def _num(value) -> str:
    return "—" if value is None else str(value)


# -- the tables page half ---------------------------------------------------------------------


def draw_tables(pen: Pen, box: Rect, unit: Walker, notes: Footnotes) -> None:
    """Damage / Heavy damage, reactor and Balance / Standing-up tables with the footnotes."""
    lang = notes.lang
    damage, reactor = reference.damage_table(notes), reference.reactor_table(notes)
    balance = reference.balance_table(notes)
    stacking = typo(rules.stacking_rule().get(lang))

    def heights(size: float) -> list[float]:
        side = max(
            reference.block_height(pen, box.w * 0.62, reference.REACTOR_WIDTHS, reactor, size),
            reference.block_height(pen, box.w * 0.36, reference.BALANCE_WIDTHS, balance, size),
        )
        return [
            reference.block_height(pen, box.w, reference.DAMAGE_WIDTHS, damage, size),
            size * 1.4,
            side,
            reference.footnotes_height(pen, notes, box.w, 6),
        ]

    size = reference.fit_size(heights, box.h, gap=4, start=9.0, smallest=4.5)
    damage_box, stack_box, side_box, foot_box = stack(box, heights(size), gap=4)
    reference.draw_damage(pen, damage_box, notes, size)
    pen.text(stack_box.x, stack_box.y + 1, stacking, size, "Sans-Bold", max_width=stack_box.w)
    reactor_box, balance_box = side_box.split_h(0.62, 0.38, gap=box.w * 0.02)
    reference.draw_reactor(pen, reactor_box, notes, size)
    reference.draw_balance(pen, balance_box, notes, size, highlight=unit.class_id)
    reference.draw_footnotes(pen, foot_box, notes, 6)


# -- infantry ------------------------------------------------------------------------------------


def _strength_row(pen: Pen, r: Rect, unit: Infantry, lang: str) -> None:
    """Сила as a row of hexes to strike out, one per loss."""
    label_w = pen.text(
        r.x + 2, r.top - 10, f"{L('strength', lang)}: {unit.strength}", 9, "Sans-Bold", max_width=r.w * 0.25
    )
    n = max(unit.strength, 1)
    room = Rect(r.x + label_w + 10, r.y + 9, r.right - r.x - label_w - 12, r.h - 9)
    size = max(3.0, min(room.h / 2, room.w / (n * hexes.SQRT3 + 0.2) * 0.98, 14))
    step = hexes.SQRT3 * size
    cy = room.y + room.h / 2
    for i in range(unit.strength):
        pen.hexagon(room.x + step / 2 + i * step, cy, size, flat_top=False, width=0.7)
    pen.text(r.x + 2, r.y + 1, L("strength_note", lang), 6.5, "Sans", max_width=r.w - 4)


def draw_infantry(pen: Pen, box: Rect, unit: Infantry, notes: Footnotes) -> None:
    """An infantry unit's sheet in ``box``: stats, the Сила row, firearms, the special weapon,
    equipment, morale conditions, notes."""
    lang = notes.lang
    inner, top = _frame(pen, box, unit, "infantry_sheet", lang)
    foot_h = reference.footnotes_height(pen, notes, inner.w, 6)
    body = Rect(inner.x, inner.y + foot_h, inner.w, top - inner.y - foot_h)
    reference.draw_footnotes(pen, Rect(inner.x, inner.y, inner.w, foot_h), notes, 6)
    firearms = [w for w in unit.weapons if not w.special]
    special = [w for w in unit.weapons if w.special]
    gap, head, row_h = 5, SECTION * 1.55 + 2.5, 13.0
    # no firearms in the unit file: no firearms table (an empty row said nothing); the room
    # goes to the ruled notes
    sizes = {
        "stats": 30,
        "strength": 40,
        "firearms": head + row_h * (len(firearms) + 1) if firearms else 0,
        "special": head + row_h * (len(special) + 1) if special else 0,
        "equipment": _equipment_block(pen, unit, body.w, lang, notes),
        "conditions": 26,
    }
    sizes = {k: v for k, v in sizes.items() if v}
    sizes["notes"] = max(20.0, body.h - sum(sizes.values()) - gap * len(sizes))
    parts = dict(zip(sizes, stack(body, list(sizes.values()), gap=gap)))
    # Сила is printed once: on the row of hexes to strike out, not again as a stat cell
    _stat_cells(
        pen,
        parts["stats"],
        [
            (L("defence", lang), str(unit.defence), 1),
            (L("speed", lang), _num(unit.speed), 1),
            (L("visibility", lang), str(unit.visibility), 1.6),
        ],
    )
    _strength_row(pen, parts["strength"], unit, lang)
    if firearms:
        fire = _section(pen, parts["firearms"], L("firearms", lang), L("anti_infantry_note", lang))
        _weapons_table(pen, fire, unit, firearms, lang, fire.h / (len(firearms) + 1))
    if special:
        spec = _section(pen, parts["special"], L("special_weapon", lang), L("special_note", lang))
        _weapons_table(pen, spec, unit, special, lang, spec.h / (len(special) + 1))
    if "equipment" in parts:
        _equipment(pen, _section(pen, parts["equipment"], L("equipment", lang)), unit, lang, notes)
    chosen = [c for c in rules.conditions() if c.id in INFANTRY_CONDITIONS]
    conds = parts["conditions"]
    _conditions(pen, Rect(conds.x, conds.y, conds.w * 0.5, conds.h), chosen, lang, cols=2)
    _notes_box(pen, parts["notes"], unit.notes, lang)


def _notes_box(pen: Pen, r: Rect, text: str, lang: str) -> None:
    """The unit's notes under a heading, then ruled lines to write on."""
    body = _section(pen, r, L("notes", lang))
    used = pen.paragraph(body.inset(2, 1), text, size=7, font="Cond", min_size=4) if text else 0
    y = body.top - used - 14
    while y > body.y + 2:
        pen.line(body.x + 2, y, body.right - 2, y, 0.3, color=pen.t.shade)
        y -= 13
