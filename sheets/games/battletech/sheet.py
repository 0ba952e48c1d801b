"""ProtoMech record sheet: one Point (up to five ProtoMechs, file order) per page.

Per unit block (MegaMekLab-style, our own drawing): data column (type, tons, motive type,
movement, BV, physical damage, pilot with the six-box damage track), weapons inventory with the
ammo line and the torso-weapon roll, the hit-location / critical-hit table with the variant's
boxes and effects, and the armour diagram (armour pips white, structure pips grey).

Everything printed comes from :func:`sheets.games.battletech.rules.sheet_data` (numbers) and
``data/battletech/labels.yaml`` (words). A4 and Letter have their own proportions (``LAYOUTS``):
the blocks are computed from each page frame, never scaled.
"""

from __future__ import annotations

from sheets import __version__
from sheets.data import label
from sheets.games.battletech.rules import sheet_data
from sheets.render.pdf import Rect, footer, margins

PER_PAGE = 5

# Per paper: column fractions (data, weapons, crits, armour), base type size, gap between blocks.
LAYOUTS = {
    "a4": {"cols": (0.20, 0.29, 0.33, 0.18), "size": 7.0, "gap": 7.0, "head": 11.0},
    "letter": {"cols": (0.20, 0.30, 0.33, 0.17), "size": 6.8, "gap": 5.0, "head": 10.0},
}
BOX_KIND = {"plain": "plain", "pilot": "shade", "destroy": "dark"}


def render(doc, units, options) -> None:
    """Draw record sheets for ``units`` into ``doc`` (five per page)."""
    lang, variant = options.lang, options.rules

    def L(key: str) -> str:
        return label("battletech", key, lang)

    layout = LAYOUTS[options.paper]
    m = margins(options.paper)
    pages = [units[i:i + PER_PAGE] for i in range(0, len(units), PER_PAGE)] or [[]]
    for page_no, chunk in enumerate(pages, 1):
        pen = doc.page()
        frame = Rect(m, m + 12, doc.width - 2 * m, doc.height - 2 * m - 12)
        head = Rect(frame.x, frame.top - 20, frame.w, 20)
        pen.heading(head, L("sheet_title"), 12)
        pen.text(head.right - 4, head.y + 6, f"{L('point')} {page_no}/{len(pages)}", 8.5, "Sans-Bold",
                 align="right", color=pen.t.accent_text, max_width=frame.w * 0.25)
        body = Rect(frame.x, frame.y, frame.w, frame.h - 26)
        slot_h = (body.h - layout["gap"] * (PER_PAGE - 1)) / PER_PAGE
        for i, unit in enumerate(chunk):
            top = body.top - i * (slot_h + layout["gap"])
            data = sheet_data(unit, variant)
            _block(pen, Rect(body.x, top - slot_h, body.w, slot_h), data, i + 1 + (page_no - 1) * PER_PAGE,
                   layout, L)
        footer(pen, frame, f"{L('rules_' + variant)} · sheets {__version__}",
               f"{label('common', 'page', lang)} {page_no}/{len(pages)}")


def _block(pen, r: Rect, d: dict, number: int, layout: dict, L) -> None:
    size = layout["size"]
    pen.rect(r, width=0.9)
    cols = r.inset(3).split_h(*layout["cols"], gap=4)
    _data_column(pen, cols[0], d, number, size, layout, L)
    _weapons_column(pen, cols[1], d, size, layout, L)
    _crit_column(pen, cols[2], d, size, layout, L)
    _armor_column(pen, cols[3], d, size, layout, L)


def _band(pen, r: Rect, text: str, layout: dict) -> Rect:
    """A heading band at the top of ``r``; returns the area below it."""
    h = layout["head"]
    pen.heading(Rect(r.x, r.top - h, r.w, h), text, h * 0.68)
    return Rect(r.x, r.y, r.w, r.h - h - 2)


def _data_column(pen, r: Rect, d: dict, number: int, size: float, layout: dict, L) -> None:
    body = _band(pen, r, f"{L('unit_tab')} {number}", layout)
    h = d["header"]
    y = body.top - size - 1
    name = h["name"] + (f" {h['model']}" if h["model"] else "")
    pen.text(body.x, y, name, size + 2, "Sans-Bold", max_width=body.w)
    y -= size + 3
    motion = L(h["motion_label"]) + (f" · {L('ultraheavy')}" if h["ultraheavy"] else "")
    pen.text(body.x, y, f"{L('tons')}: {h['tons']}   {motion}", size, max_width=body.w)
    y -= size + 2.5
    pen.text(body.x, y, L("movement_points"), size - 0.5, "Sans-Bold", max_width=body.w)
    for mv in d["movement"]:
        y -= size + 1
        pen.text(body.x + 4, y, L(mv["key"]), size, max_width=body.w * 0.62)
        pen.text(body.right, y, mv["value"], size, "Sans-Bold", align="right", max_width=body.w * 0.35)
    y -= size + 2.5
    pen.text(body.x, y, f"{L('bv')}: {d['bv']}", size, "Sans-Bold", max_width=body.w * 0.45)
    pen.text(body.right, y, f"{L('bv_pilot')}: {d['bv_pilot']}", size, "Sans-Bold", align="right",
             max_width=body.w * 0.54)
    y -= size + 1.5
    pen.text(body.x, y, f"{L('physical_damage')}: {d['physical_damage']}", size - 0.8, max_width=body.w)
    # pilot block at the bottom of the column
    p = d["pilot"]
    box = min(8.0, (body.w - 5 * 1.5) / 6 - 2)
    pilot = Rect(body.x, body.y, body.w, min(body.h * 0.42, size * 2 + box + size * 2.6 + 4))
    if pilot.top > y - 2:
        pilot = Rect(body.x, body.y, body.w, max(0, y - 2 - body.y))
    pen.rect(pilot, width=0.5)
    py = pilot.top - size - 1
    pen.text(pilot.x + 2, py, f"{L('pilot_name')}:", size - 0.5, max_width=pilot.w * 0.3)
    name_x = pilot.x + 2 + _w(pen, L("pilot_name") + ":", size - 0.5, pilot.w * 0.3) + 2
    if p["name"]:
        pen.text(name_x, py, p["name"], size, "Sans-Bold", max_width=pilot.right - 2 - name_x)
    else:
        pen.line(name_x, py - 1, pilot.right - 2, py - 1, 0.4)
    py -= size + 1.5
    pen.text(pilot.x + 2, py, f"{L('gunnery')}: {p['gunnery']}", size - 0.5, max_width=pilot.w - 4)
    py -= size * 0.9 + 1
    pen.text(pilot.x + 2, py, L("hits_taken"), size - 1.5, max_width=pilot.w - 4)
    by = py - box - 2
    step = (pilot.w - 4) / 6
    for i, hit in enumerate(p["hits"]):
        bx = pilot.x + 2 + i * step + (step - box) / 2
        pen.box_track(bx, by, ["plain"], box)
        pen.text(bx + box / 2, by + box * 0.25, str(hit), box * 0.6, align="center")
        c = p["consciousness"][i]
        pen.text(bx + box / 2, by - size + 0.5, L("dead") if c == "dead" else str(c), size - 1.8,
                 align="center", max_width=step - 1)


def _w(pen, text: str, size: float, max_w: float) -> float:
    from sheets.render.fonts import width

    return min(max_w, width(text, "Sans", size))


def _weapons_column(pen, r: Rect, d: dict, size: float, layout: dict, L) -> None:
    body = _band(pen, r, L("weapons_inventory"), layout)
    header = [L(k) for k in ("col_qty", "col_type", "col_loc", "col_dmg", "col_min", "col_sht", "col_med", "col_lng")]
    rows = []
    for w in d["inventory"]:
        mark = "" if w["verified"] else "†"
        rows.append([str(w["qty"]), w["name"] + mark, L(w["loc_abbr"]), w["damage"],
                     "—" if not w["min"] else str(w["min"]), str(w["short"]), str(w["medium"]), str(w["long"])])
    if not rows:
        rows.append(["", L("no_weapons"), "", "", "", "", "", ""])
    row_h = size + 2.6
    n = max(len(rows), 4)
    table_h = row_h * (n + 1)
    pen.table(Rect(body.x, body.top - table_h, body.w, table_h), [0.7, 4.2, 1.0, 1.1, 0.8, 0.8, 0.8, 0.8],
              rows, header=header, size=size, aligns=["center", "left"] + ["center"] * 6, row_h=row_h)
    y = body.top - row_h * (len(rows) + 1) - size - 2
    # ammo line
    if d["ammo"]:
        parts = [f"{a['weapon']} {a['shots']}" + ("" if a["verified"] else "†") for a in d["ammo"]]
        text = f"{L('ammo')}: " + ", ".join(parts)
        pen.text(body.x, y, text, size, max_width=body.w)
        y -= size + 2
    # torso weapon roll footnote
    roll = d["torso_weapon_roll"]
    if roll["entries"]:
        parts = [f"{e['faces']}: {e['weapon'] if e['weapon'] else L(e['label'])}" for e in roll["entries"]]
        text = f"{L(roll['title'])}: " + "; ".join(parts)
    else:
        text = f"{L(roll['title'])}: {L(roll['empty_label'])}" if roll["empty_label"] else ""
    notes = [text] if text else []
    if d.get("main_gun_restriction"):
        notes.append(L(d["main_gun_restriction"]))
    for key in d["footnotes"]:
        notes.append(L(key))
    area = Rect(body.x, body.y, body.w, max(0.0, y + size - body.y))
    if notes and area.h > 4:
        pen.paragraph(area, "\n".join(notes), size - 1.2, "Cond", min_size=3.2)


def _crit_column(pen, r: Rect, d: dict, size: float, layout: dict, L) -> None:
    body = _band(pen, r, L("hit_locations_crits"), layout)
    legend_h = size + 1
    table = Rect(body.x, body.y + legend_h, body.w, body.h - legend_h)
    rows = d["crit_rows"]
    fr = [0.085, 0.175, 0.78 / 3, 0.78 / 3, 0.78 / 3]
    total_w = table.w
    xs = [table.x]
    for f in fr[:-1]:
        xs.append(xs[-1] + total_w * f)
    row_h = table.h / (len(rows) + 1)
    hs = min(size, row_h * 0.8)
    heads = [L("col_2d6"), L("col_location"), L("col_hit1"), L("col_hit2"), L("col_hit3")]
    band = Rect(table.x, table.top - row_h, table.w, row_h)
    pen.rect(band, fill=pen.t.band, stroke=False)
    for x, f, text in zip(xs, fr, heads):
        pen.text_in(Rect(x, band.y, total_w * f, row_h), text, hs - 0.5, "Sans-Bold", "center", pad=1)
    y = band.y
    for i, row in enumerate(rows):
        rr = Rect(table.x, y - row_h, table.w, row_h)
        if i % 2:
            pen.rect(rr, fill=pen.t.faint, stroke=False)
        pen.text_in(Rect(xs[0], rr.y, total_w * fr[0], row_h), row["roll_text"], hs, "Sans-Bold", "center", pad=1)
        _cell_text(pen, Rect(xs[1] + 1, rr.y + 0.5, total_w * fr[1] - 2, row_h - 1), L(row["label"]), hs - 0.3,
                   font="Sans")
        note = row.get("note") or row.get("effect")
        boxes = row["boxes"]
        if row.get("note") == "main_gun_none_torso" or (not boxes and note):
            area = Rect(xs[2], rr.y, total_w * (fr[2] + fr[3] + fr[4]), row_h)
            pen.text_in(area, L(note), hs - 1.2, "Cond", "left", pad=2)
        elif not boxes:
            area = Rect(xs[2], rr.y, total_w * (fr[2] + fr[3] + fr[4]), row_h)
            pen.text_in(area, L("main_gun_no_crits") if row["location"] == "main_gun" else "—", hs - 1.2,
                        "Cond", "left", pad=2)
        for b in boxes:
            j = 1 + b["index"]
            cell = Rect(xs[j], rr.y, total_w * fr[j], row_h)
            bs = min(row_h * 0.62, 7.5)
            pen.box_track(cell.x + 1.5, cell.y + (row_h - bs) / 2, [BOX_KIND[b["kind"]]], bs)
            text_r = Rect(cell.x + bs + 3, cell.y + 0.5, cell.w - bs - 4, row_h - 1)
            _cell_text(pen, text_r, L(b["effect"]), hs - 1.3)
        y -= row_h
    legend = L(d["crit_legend"])
    pen.text(body.x, body.y + 1, legend, size - 1.2, "Cond", max_width=body.w)


def _cell_text(pen, r: Rect, text: str, size: float, font: str = "Cond", max_lines: int = 3) -> None:
    """Up to ``max_lines`` lines of text, shrunk until they fit the cell (never clipped)."""
    while size > 2.8:
        lines = pen.wrap(text, font, size, r.w)
        if len(lines) <= max_lines and len(lines) * size * 1.05 <= r.h:
            break
        size -= 0.1
    lines = pen.wrap(text, font, size, r.w)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    total = len(lines) * size * 1.05
    y = r.y + (r.h + total) / 2 - size * 0.85
    for line in lines:
        pen.text(r.x, y, line, size, font, max_width=r.w)
        y -= size * 1.05


# Armour diagram: each location's cell in a 3 × 3 grid (column, row from the top, column span).
DIAGRAM = {
    "head": (1, 0, 1),
    "main_gun": (2, 0, 1),
    "right_arm": (0, 1, 1),
    "torso": (1, 1, 1),
    "left_arm": (2, 1, 1),
    "legs": (0, 2, 3),
}
QUAD_DIAGRAM = dict(DIAGRAM, torso=(0, 1, 3))


def _armor_column(pen, r: Rect, d: dict, size: float, layout: dict, L) -> None:
    body = _band(pen, r, L("armor_diagram"), layout)
    key_h = size
    grid = Rect(body.x, body.y + key_h + 1, body.w, body.h - key_h - 1)
    cw, ch = grid.w / 3, grid.h / 3
    places = QUAD_DIAGRAM if d["header"]["motion"] == "quad" else DIAGRAM
    for loc in d["armor"]:
        col, row, span = places[loc["location"]]
        cell = Rect(grid.x + col * cw + 1, grid.top - (row + 1) * ch + 1, cw * span - 2, ch - 2)
        pen.rect(cell, width=0.5, radius=2)
        lab_h = min(size - 1, cell.h * 0.28)
        text = f"{L(loc['label'])} ({loc['armor']}/{loc['structure']})"
        if pen.fit_size(text, "Cond", lab_h, cell.w - 2) < lab_h * 0.8:
            text = f"{L('loc_abbr_' + loc['location'])} ({loc['armor']}/{loc['structure']})"
        pen.text(cell.x + cell.w / 2, cell.top - lab_h - 0.5, text, lab_h, "Cond", align="center",
                 max_width=cell.w - 2)
        inner = Rect(cell.x + 1.5, cell.y + 1, cell.w - 3, cell.h - lab_h - 3)
        total = loc["armor"] + loc["structure"]
        if total == 0:
            continue
        # armour pips above, structure pips below, in proportion to their counts
        a_h = inner.h * max(0.35, min(0.75, loc["armor"] / total)) if loc["armor"] else 0
        if loc["armor"]:
            pen.pips(Rect(inner.x, inner.top - a_h, inner.w, a_h), loc["armor"], fill=(1, 1, 1), max_radius=3.4,
                     gap=0.9, width=0.45)
        if loc["structure"]:
            pen.pips(Rect(inner.x, inner.y, inner.w, inner.h - a_h), loc["structure"], fill=pen.t.shade,
                     max_radius=3.4, gap=0.9, width=0.45)
    # key: white = armour, grey = structure
    ky = body.y + 1
    pen.pips(Rect(body.x, ky, 5, 5), 1, fill=(1, 1, 1), max_radius=2.0, gap=0.5)
    pen.text(body.x + 7, ky + 1, L("armor"), size - 1.5, "Cond", max_width=body.w / 2 - 8)
    pen.pips(Rect(body.x + body.w / 2, ky, 5, 5), 1, fill=pen.t.shade, max_radius=2.0, gap=0.5)
    pen.text(body.x + body.w / 2 + 7, ky + 1, L("structure"), size - 1.5, "Cond", max_width=body.w / 2 - 8)
