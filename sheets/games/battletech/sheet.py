"""ProtoMech record sheet: one Point (up to five ProtoMechs, file order) per page.

Per unit block (MegaMekLab-style, our own drawing): data column (type, tons, motive type,
movement, BV, pilot with the six-box damage track), weapons inventory with the ammo line, the
torso-weapon roll and notes, the hit-location / critical-hit table with the variant's boxes and
effects, and the armour diagram (armour pips white, structure pips grey).

Everything printed comes from :func:`sheets.games.battletech.rules.sheet_data` (numbers) and
``data/battletech/labels.yaml`` (words). A4 and Letter have their own proportions (``LAYOUTS``):
the blocks are computed from each page frame, never scaled.

Each block is drawn in two layers: the skeleton (bands, headers, the whole crit table, pilot
box, diagram frames) is the same for every unit of the same shape and is drawn once as a PDF
form and reused; the unit's own values are drawn on top.
"""

from __future__ import annotations

import functools

from sheets import __version__
from sheets.data import label
from sheets.games.battletech.rules import sheet_data
from sheets.render.fonts import width as text_width
from sheets.render.pdf import Pen, Rect, footer, margins

PER_PAGE = 5

# Per paper: column fractions (data, weapons, crits, armour), base type size, gap between
# blocks, heading band height.
LAYOUTS = {
    "a4": {"cols": (0.20, 0.29, 0.33, 0.18), "size": 7.0, "gap": 7.0, "head": 11.0},
    "letter": {"cols": (0.20, 0.30, 0.33, 0.17), "size": 6.8, "gap": 5.0, "head": 10.0},
}
BOX_KIND = {"plain": "plain", "pilot": "shade", "destroy": "dark"}
CRIT_COLS = (0.085, 0.175, 0.26, 0.26, 0.26)  # 2D6, location, 1st, 2nd, 3rd hit
WEAPON_COLS = (0.7, 4.2, 1.0, 1.1, 0.8, 0.8, 0.8, 0.8)
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


def render(doc, units, options) -> None:
    """Draw record sheets for ``units`` into ``doc`` (five per page)."""
    lang, variant = options.lang, options.rules

    def L(key: str) -> str:
        return label("battletech", key, lang)

    pages = [units[i:i + PER_PAGE] for i in range(0, len(units), PER_PAGE)] or [[]]
    for page_no, chunk in enumerate(pages, 1):
        pen = doc.page()
        frame, head, slots = page_geometry(options.paper, doc.size)
        pen.heading(head, L("sheet_title"), 12)
        pen.text(head.right - 4, head.y + 6, f"{L('point')} {page_no}/{len(pages)}", 8.5, "Sans-Bold",
                 align="right", color=pen.t.accent_text, max_width=frame.w * 0.25)
        for i, unit in enumerate(chunk):
            block = Block(pen, slots[i], sheet_data(unit, variant), i + 1, options.paper, lang, L)
            block.draw()
        footer(pen, frame, f"{L('rules_' + variant)} · sheets {__version__}",
               f"{label('common', 'page', lang)} {page_no}/{len(pages)}")


def page_geometry(paper: str, size: tuple) -> tuple[Rect, Rect, list[Rect]]:
    """Page frame, title band and the five unit slots (top to bottom) for a paper."""
    layout = LAYOUTS[paper]
    m = margins(paper)
    frame = Rect(m, m + 12, size[0] - 2 * m, size[1] - 2 * m - 12)
    head = Rect(frame.x, frame.top - 20, frame.w, 20)
    body = Rect(frame.x, frame.y, frame.w, frame.h - 26)
    slot_h = (body.h - layout["gap"] * (PER_PAGE - 1)) / PER_PAGE
    slots = [Rect(body.x, body.top - i * (slot_h + layout["gap"]) - slot_h, body.w, slot_h)
             for i in range(PER_PAGE)]
    return frame, head, slots


def block_columns(paper: str, slot: Rect) -> list[Rect]:
    """The four columns of a unit block: data, weapons, crits, armour diagram."""
    return slot.inset(3).split_h(*LAYOUTS[paper]["cols"], gap=4)


class Block:
    """One ProtoMech's block: ``draw`` places the shared skeleton form, then the unit's values."""

    def __init__(self, pen: Pen, slot: Rect, d: dict, number: int, paper: str, lang: str, L):
        self.pen, self.slot, self.d, self.number, self.paper, self.L = pen, slot, d, number, paper, L
        self.layout = LAYOUTS[paper]
        self.size = self.layout["size"]
        self.key = ("bt-block", paper, lang, d["variant"], number, d["header"]["motion"],
                    tuple(m["key"] for m in d["movement"]), repr(d["crit_rows"]), d["crit_legend"],
                    tuple(a["location"] for a in d["armor"]), round(slot.w, 2), round(slot.h, 2))

    def draw(self) -> None:
        s = self.slot
        self.pen.form(self.key, s.x, s.y, lambda pen: self._layer(pen, Rect(0, 0, s.w, s.h), static=True))
        self._layer(self.pen, s, static=False)

    def _layer(self, pen: Pen, r: Rect, static: bool) -> None:
        if static:
            pen.rect(r, width=0.9)
        data, weapons, crits, armour = block_columns(self.paper, r)
        self._data(pen, data, static)
        self._weapons(pen, weapons, static)
        if static:
            self._crits(pen, crits)
        self._armour(pen, armour, static)

    # -- helpers --------------------------------------------------------------------------
    def _band(self, pen: Pen, r: Rect, text: str, static: bool) -> Rect:
        """A heading band at the top of ``r`` (skeleton); returns the area below it."""
        h = self.layout["head"]
        if static:
            pen.heading(Rect(r.x, r.top - h, r.w, h), text, h * 0.68)
        return Rect(r.x, r.y, r.w, r.h - h - 2)

    # -- data column: name, tons, movement, BV, pilot -------------------------------------
    def _data(self, pen: Pen, r: Rect, static: bool) -> None:
        L, d, size = self.L, self.d, self.size
        body = self._band(pen, r, f"{L('unit_tab')} {self.number}", static)
        h = d["header"]
        y = body.top - size - 1
        if not static:
            name = h["name"] + (f" {h['model']}" if h["model"] else "")
            pen.text(body.x, y, name, size + 2, "Sans-Bold", max_width=body.w)
        y -= size + 3
        if not static:
            motion = L(h["motion_label"]) + (f" · {L('ultraheavy')}" if h["ultraheavy"] else "")
            pen.text(body.x, y, f"{L('tons')}: {h['tons']}   {motion}", size, max_width=body.w)
        y -= size + 2.5
        if static:
            pen.text(body.x, y, L("movement_points"), size - 0.5, "Sans-Bold", max_width=body.w)
        for mv in d["movement"]:
            y -= size + 1
            if static:
                pen.text(body.x + 4, y, L(mv["key"]), size, max_width=body.w * 0.62)
            else:
                pen.text(body.right, y, mv["value"], size, "Sans-Bold", align="right", max_width=body.w * 0.35)
        y -= size + 2.5
        if not static:
            pen.text(body.x, y, f"{L('bv')}: {d['bv']}", size, "Sans-Bold", max_width=body.w * 0.45)
            pen.text(body.right, y, f"{L('bv_pilot')}: {d['bv_pilot']}", size, "Sans-Bold", align="right",
                     max_width=body.w * 0.54)
        self._pilot(pen, Rect(body.x, body.y, body.w, max(0.0, y - 3 - body.y)), static)

    def _pilot(self, pen: Pen, r: Rect, static: bool) -> None:
        """PILOT DATA: name line, gunnery, six hit boxes with consciousness numbers (bottom-up)."""
        L, p, size = self.L, self.d["pilot"], self.size
        box = min(8.0, (r.w - 4) / 6 - 3)
        small = size - 1.6
        need = (size - 0.8) + size + size + small + box + small + 10
        r = Rect(r.x, r.y, r.w, min(r.h, need))
        y_num = r.y + 1.5
        y_box = y_num + small + 1
        y_title = r.top - (size - 0.8) - 1.5
        y_name = y_title - size - 1
        y_gun = y_name - size - 0.5
        name_label = f"{L('pilot_name')}:"
        gun_label = f"{L('gunnery')}:"
        if static:
            pen.rect(r, width=0.5)
            step = (r.w - 4) / 6
            for i, hit in enumerate(p["hits"]):
                bx = r.x + 2 + i * step + (step - box) / 2
                pen.box_track(bx, y_box, ["plain"], box)
                pen.text(bx + box / 2, y_box + box * 0.25, str(hit), box * 0.6, align="center")
                c = p["consciousness"][i]
                pen.text(bx + box / 2, y_num, L("dead") if c == "dead" else str(c), small, align="center",
                         max_width=step - 1)
            pen.text(r.x + 2, y_box + box + 1.5, f"{L('hits_taken')} / {L('consciousness')}", small, "Cond",
                     max_width=r.w - 4)
            pen.text(r.x + 2, y_title, L("pilot_data"), size - 0.8, "Sans-Bold", max_width=r.w - 4)
            pen.text(r.x + 2, y_name, name_label, size - 0.5, max_width=r.w * 0.3)
            pen.text(r.x + 2, y_gun, gun_label, size - 0.5, max_width=r.w * 0.75)
            return
        name_x = r.x + 4 + min(r.w * 0.3, text_width(name_label, "Sans", size - 0.5))
        if p["name"]:
            pen.text(name_x, y_name, p["name"], size, "Sans-Bold", max_width=r.right - 2 - name_x)
        else:
            pen.line(name_x, y_name - 1, r.right - 2, y_name - 1, 0.4)
        gun_x = r.x + 4 + min(r.w * 0.75, text_width(gun_label, "Sans", size - 0.5))
        pen.text(gun_x, y_gun, str(p["gunnery"]), size - 0.5, "Sans-Bold", max_width=r.right - 2 - gun_x)

    # -- weapons inventory, ammo, torso-weapon roll, notes --------------------------------
    def _weapons(self, pen: Pen, r: Rect, static: bool) -> None:
        L, d, size = self.L, self.d, self.size
        body = self._band(pen, r, L("weapons_inventory"), static)
        row_h = size + 2.6
        aligns = ["center", "left"] + ["center"] * 6
        if static:
            header = [L(k) for k in ("col_qty", "col_type", "col_loc", "col_dmg", "col_min", "col_sht",
                                     "col_med", "col_lng")]
            pen.table(Rect(body.x, body.top - row_h, body.w, row_h), WEAPON_COLS, [], header=header,
                      size=size, aligns=aligns, row_h=row_h)
            return
        rows = [[str(w["qty"]), w["name"] + ("" if w["verified"] else "†"), L(w["loc_abbr"]), _cell(w["damage"]),
                 _cell(w["min"] or None), _cell(w["short"]), _cell(w["medium"]), _cell(w["long"])]
                for w in d["inventory"]] or [["", L("no_weapons"), "", "", "", "", "", ""]]
        top = body.top - row_h
        pen.table(Rect(body.x, top - row_h * len(rows), body.w, row_h * len(rows)), WEAPON_COLS, rows,
                  size=size, aligns=aligns, row_h=row_h)
        y = top - row_h * len(rows) - size - 2
        if d["ammo"]:
            parts = [f"{a['weapon']} {a['shots']}" + ("" if a["verified"] else "†") for a in d["ammo"]]
            pen.text(body.x, y, f"{L('ammo')}: " + ", ".join(parts), size, max_width=body.w)
            y -= size + 2
        notes = []
        roll = d["torso_weapon_roll"]
        if roll["entries"]:
            parts = [f"{e['faces']}: {e['weapon'] if e['weapon'] else L(e['label'])}" for e in roll["entries"]]
            notes.append(f"{L(roll['title'])}: " + "; ".join(parts))
        elif roll["empty_label"]:
            notes.append(f"{L(roll['title'])}: {L(roll['empty_label'])}")
        notes.append(f"{L('physical_damage')}: {d['physical_damage']}")
        if d.get("main_gun_restriction"):
            notes.append(L(d["main_gun_restriction"]))
        notes.extend(L(key) for key in d["footnotes"])
        area = Rect(body.x, body.y, body.w, max(0.0, y + size - body.y))
        if area.h > 4:
            pen.paragraph(area, "\n".join(notes), size - 1.2, "Cond", min_size=3.2)

    # -- hit locations and critical hits (all skeleton) -----------------------------------
    def _crits(self, pen: Pen, r: Rect) -> None:
        L, d, size = self.L, self.d, self.size
        body = self._band(pen, r, L("hit_locations_crits"), True)
        legend_h = size + 1
        table = Rect(body.x, body.y + legend_h, body.w, body.h - legend_h)
        rows = d["crit_rows"]
        xs = [table.x]
        for f in CRIT_COLS[:-1]:
            xs.append(xs[-1] + table.w * f)
        ws = [table.w * f for f in CRIT_COLS]
        row_h = table.h / (len(rows) + 1)
        hs = min(size, row_h * 0.8)
        band = Rect(table.x, table.top - row_h, table.w, row_h)
        pen.rect(band, fill=pen.t.band, stroke=False)
        heads = [L("col_2d6"), L("col_location"), L("col_hit1"), L("col_hit2"), L("col_hit3")]
        for x, w, text in zip(xs, ws, heads):
            pen.text_in(Rect(x, band.y, w, row_h), text, hs - 0.5, "Sans-Bold", "center", pad=1)
        y = band.y
        for i, row in enumerate(rows):
            rr = Rect(table.x, y - row_h, table.w, row_h)
            if i % 2:
                pen.rect(rr, fill=pen.t.faint, stroke=False)
            _cell_text(pen, Rect(xs[0] + 0.5, rr.y + 0.5, ws[0] - 1, row_h - 1), row["roll_text"], hs, "Sans-Bold",
                       max_lines=2, align="center")
            _cell_text(pen, Rect(xs[1] + 1, rr.y + 0.5, ws[1] - 2, row_h - 1), L(row["label"]), hs - 0.3, "Sans")
            boxes = row["boxes"]
            note = row.get("note") or row.get("effect")
            if not boxes:
                text = L(note) if note else (L("main_gun_no_crits") if row["location"] == "main_gun" else "—")
                pen.text_in(Rect(xs[2], rr.y, ws[2] * 3, row_h), text, hs - 1.2, "Cond", "left", pad=2)
            for b in boxes:
                j = 1 + b["index"]
                bs = min(row_h * 0.62, 7.5)
                pen.box_track(xs[j] + 1.5, rr.y + (row_h - bs) / 2, [BOX_KIND[b["kind"]]], bs)
                _cell_text(pen, Rect(xs[j] + bs + 3, rr.y + 0.5, ws[j] - bs - 4, row_h - 1), L(b["effect"]),
                           hs - 1.3)
            y -= row_h
        pen.text(body.x, body.y + 1, L(d["crit_legend"]), size - 1.2, "Cond", max_width=body.w)

    # -- armour diagram ---------------------------------------------------------------------
    def _armour(self, pen: Pen, r: Rect, static: bool) -> None:
        L, d, size = self.L, self.d, self.size
        body = self._band(pen, r, L("armor_diagram"), static)
        grid = Rect(body.x, body.y + size + 1, body.w, body.h - size - 1)
        cw, ch = grid.w / 3, grid.h / 3
        places = QUAD_DIAGRAM if d["header"]["motion"] == "quad" else DIAGRAM
        for loc in d["armor"]:
            col, row, span = places[loc["location"]]
            cell = Rect(grid.x + col * cw + 1, grid.top - (row + 1) * ch + 1, cw * span - 2, ch - 2)
            lab_h = min(size - 1, cell.h * 0.28)
            if static:
                pen.rect(cell, width=0.5, radius=2)
                continue
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
                pen.pips(Rect(inner.x, inner.top - a_h, inner.w, a_h), loc["armor"], fill=(1, 1, 1),
                         max_radius=3.4, gap=0.9, width=0.45)
            if loc["structure"]:
                pen.pips(Rect(inner.x, inner.y, inner.w, inner.h - a_h), loc["structure"], fill=pen.t.shade,
                         max_radius=3.4, gap=0.9, width=0.45)
        if static:  # key: white = armour, grey = structure
            ky = body.y + 1
            pen.pips(Rect(body.x, ky, 5, 5), 1, fill=(1, 1, 1), max_radius=2.0, gap=0.5)
            pen.text(body.x + 7, ky + 1, L("armor"), size - 1.5, "Cond", max_width=body.w / 2 - 8)
            pen.pips(Rect(body.x + body.w / 2, ky, 5, 5), 1, fill=pen.t.shade, max_radius=2.0, gap=0.5)
            pen.text(body.x + body.w / 2 + 7, ky + 1, L("structure"), size - 1.5, "Cond", max_width=body.w / 2 - 8)


def _cell(value) -> str:
    """A table value; items without one (equipment has no damage or ranges) print a dash."""
    return "—" if value is None or value == "" else str(value)


def _cell_text(pen: Pen, r: Rect, text: str, size: float, font: str = "Cond", max_lines: int = 3,
               align: str = "left") -> None:
    """Up to ``max_lines`` lines of text, vertically centred, shrunk until they fit (never clipped)."""
    lines, size = _fit_lines(text, font, round(size, 2), round(r.w, 2), round(r.h, 2), max_lines)
    total = len(lines) * size * 1.05
    y = r.y + (r.h + total) / 2 - size * 0.85
    x = r.x + r.w / 2 if align == "center" else r.x
    for line in lines:
        pen.text(x, y, line, size, font, align=align, max_width=r.w)
        y -= size * 1.05


@functools.lru_cache(maxsize=4096)
def _fit_lines(text: str, font: str, size: float, w: float, h: float, max_lines: int):
    one_line = min(size, h / 1.05, size * w / max(text_width(text, font, size), 1e-6))
    if one_line >= size * 0.8:  # a little shrinking reads better than a wrapped cell
        return (text,), one_line
    while size > 2.8:
        lines = Pen.wrap_static(text, font, size, w)
        if len(lines) <= max_lines and len(lines) * size * 1.05 <= h:
            break
        size -= 0.1
    lines = Pen.wrap_static(text, font, size, w)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return tuple(lines), size
