"""A `Pen` spy on the ProtoMech record sheet: each location draws exactly its armour pips (white)
and structure pips (grey), and each variant its crit boxes with the right shading.

Expected values are literals from the digest: §3.1 internal structure (9 t: head 2, torso 9,
arm 2, legs 5 / quad legs 9, main gun 1), §4.2 box counts and §4.3 shading (classic: every box
alike but the Torso 3rd, black: it destroys the ProtoMech and kills the pilot (seed); tw: shaded = pilot hit — Head 2nd, each Arm 2nd, Legs 3rd, Torso 1st and 2nd, Torso 3rd
black = unit destroyed; Main Gun one plain box in tw, none in classic).
"""

from __future__ import annotations

import re

import pytest

import sheets.games.battletech.sheet as sheet_mod
from sheets.render.pdf import Pen

UNITS = """\
system: battletech
rules: {rules}
units:
  - name: Spy Biped
    tons: 9
    motion: biped
    walk: 3
    armor: {{head: 3, torso: 7, right_arm: 1, left_arm: 4, legs: 6, main_gun: 2}}
    equipment:
      - {{item: ER Medium Laser, location: main_gun}}
"""
QUAD = """\
  - name: Spy Quad
    tons: 9
    motion: quad
    walk: 3
    armor: {head: 5, torso: 8, legs: 11}
"""
GLIDER = """\
  - name: Spy Glider
    tons: 9
    motion: glider
    walk: 3
    armor: {head: 1, torso: 6, right_arm: 3, left_arm: 2, legs: 4}
"""

# digest §3.1, 9 t
BIPED_PIPS = {"Head": (3, 2), "Torso": (7, 9), "RA": (1, 2), "LA": (4, 2), "Legs": (6, 5), "Gun": (2, 1)}
QUAD_PIPS = {"Head": (5, 2), "Torso": (8, 9), "Legs": (11, 9)}
GLIDER_PIPS = {"Head": (1, 2), "Torso": (6, 9), "RA": (3, 2), "LA": (2, 2), "Legs": (4, 5)}

P, S, D = "plain", "shade", "heavy"  # destroy: a thick double frame (issue 11: pencillable)
CLASSIC_BOXES = {
    "Main Gun": [],
    "Right Arm": [P, P],
    "Legs": [P, P, P],
    "Torso": [P, P, D],
    "Left Arm": [P, P],
    "Head": [P, P],
}
TW_BOXES = {
    "Main Gun": [P],
    "Right Arm": [P, S],
    "Legs": [P, P, S],
    "Torso": [S, S, D],
    "Left Arm": [P, S],
    "Head": [P, S],
}
# the quad and the glider here carry no main gun: its row reads "none → Torso", without boxes
TW_QUAD_BOXES = {**{k: v for k, v in TW_BOXES.items() if "Arm" not in k}, "Main Gun": []}
TW_GLIDER_BOXES = {**TW_BOXES, "Main Gun": []}

LABEL = re.compile(r"^(?!Point |Page )(.+?) \(?(\d+)/(\d+)\)?$")  # "Head (3/2)"; a side cell "RA 1/2"
LOCATION_CELLS = {
    "Main Gun",
    "Near Miss",
    "Right Arm",
    "Legs",
    "Torso",
    "Left Arm",
    "Head",
    "Wings (near miss)",
}


@pytest.fixture
def spy(monkeypatch):
    """Record, in drawing order, the sheet's cell texts, pen texts, pip groups and box tracks."""
    events: list[tuple] = []
    real_pips, real_track, real_text, real_cell = Pen.pips, Pen.box_track, Pen.text, sheet_mod._cell_text
    real_crits = sheet_mod.Block._crits
    in_crits = False

    def crits(self, *a, **k):  # box tracks drawn by the crit table (not the pilot's damage track)
        nonlocal in_crits
        in_crits = True
        try:
            return real_crits(self, *a, **k)
        finally:
            in_crits = False

    def pips(self, r, n, fill=None, *a, **k):
        key = k.get("max_radius") == 2.0  # the static "white = armour, grey = structure" key
        events.append(("key" if key else "pips", n, fill, self.t.shade))
        return real_pips(self, r, n, fill, *a, **k)

    def box_track(self, x, y, kinds, *a, **k):
        events.append(("boxes" if in_crits else "other boxes", list(kinds)))
        return real_track(self, x, y, kinds, *a, **k)

    def text(self, x, y, s, *a, **k):
        events.append(("text", str(s)))
        return real_text(self, x, y, s, *a, **k)

    def cell(pen, r, s, *a, **k):
        events.append(("cell", str(s)))
        return real_cell(pen, r, s, *a, **k)

    monkeypatch.setattr(Pen, "pips", pips)
    monkeypatch.setattr(Pen, "box_track", box_track)
    monkeypatch.setattr(Pen, "text", text)
    monkeypatch.setattr(sheet_mod, "_cell_text", cell)
    monkeypatch.setattr(sheet_mod.Block, "_crits", crits)
    return events


def render(cli, write, tmp_path, rules, extra=""):
    src = write(f"spy-{rules}.yaml", UNITS.format(rules=rules) + extra)
    r = cli("render", src, "-o", tmp_path / f"spy-{rules}.pdf")
    assert r.exit_code == 0, r.stderr


def armour_pips(events) -> list[dict]:
    """Per unit block: diagram label -> [(pips, 'armour'|'structure'), ...] in drawing order."""
    blocks, current, where = [], None, None
    for ev in events:
        if ev[0] == "text" and (m := LABEL.match(ev[1])):
            name = m.group(1)
            if current is None or name in current:
                current = {}
                blocks.append(current)
            where = current.setdefault(name, [])
            where.append(("label", int(m.group(2)), int(m.group(3))))
        elif ev[0] == "pips" and where is not None:
            _, n, fill, shade = ev
            kind = "armour" if fill == (1, 1, 1) else "structure" if fill == shade else f"other {fill}"
            if where and where[-1][1] == kind:  # pips are drawn row by row: add up a run
                where[-1] = (where[-1][0] + n, kind)
            else:
                where.append((n, kind))
    return blocks


def expected_pips(literal: dict) -> dict:
    out = {}
    for name, (armour, structure) in literal.items():
        out[name] = [("label", armour, structure)] + [
            (n, kind) for n, kind in ((armour, "armour"), (structure, "structure")) if n
        ]
    return out


def crit_boxes(events) -> list[dict]:
    """Per crit table (one per unit block): location cell -> list of box kinds, left to right."""
    tables, current, row = [], None, None
    for ev in events:
        # a row without boxes prints "Location: note" in one cell
        if ev[0] == "cell" and ev[1].split(":")[0] in LOCATION_CELLS:
            name = ev[1].split(":")[0]
            if current is None or name in current:
                current = {}
                tables.append(current)
            row = current.setdefault(name, [])
        elif ev[0] == "boxes" and row is not None:
            row.extend(ev[1])
    return tables


def _short(blocks):
    # the diagram prints "Right Arm" or, when narrow, "RA": compare under the short names
    names = {"Right Arm": "RA", "Left Arm": "LA", "Main Gun": "Gun"}
    return [{names.get(k, k): v for k, v in b.items()} for b in blocks]


def test_classic_biped_pips_and_plain_boxes(cli, write, tmp_path, spy):
    render(cli, write, tmp_path, "classic")
    assert _short(armour_pips(spy)) == [expected_pips(BIPED_PIPS)]
    tables = crit_boxes(spy)
    assert len(tables) == 5  # the unit, then four blank blocks to fill in (issue 23)
    tables = tables[:1]
    assert [{k: v for k, v in t.items() if k != "Near Miss"} for t in tables] == [CLASSIC_BOXES]
    assert tables[0]["Near Miss"] == []


def test_tw_pips_and_shaded_boxes_for_biped_quad_and_glider(cli, write, tmp_path, spy):
    render(cli, write, tmp_path, "tw", QUAD + GLIDER)
    assert _short(armour_pips(spy)) == [
        expected_pips(BIPED_PIPS),
        expected_pips(QUAD_PIPS),
        expected_pips(GLIDER_PIPS),
    ]
    biped, quad, glider = crit_boxes(spy)[:3]
    assert biped == {**TW_BOXES, "Near Miss": []}
    assert quad == {**TW_QUAD_BOXES, "Near Miss": []}
    assert glider == {**TW_GLIDER_BOXES, "Wings (near miss)": []}


def test_box_kinds_are_filled_with_the_theme_shades(monkeypatch):
    """'shade' boxes are filled grey, 'dark' boxes with the dark ink, 'plain' ones not at all."""
    from sheets.render.pdf import Document

    fills = []
    doc = Document("a4")
    pen = doc.pen if hasattr(doc, "pen") else doc.page()
    real_fill = Pen.fill
    monkeypatch.setattr(Pen, "fill", lambda self, rgb: (fills.append(rgb), real_fill(self, rgb))[1])
    drawn = []
    monkeypatch.setattr(pen.c, "drawPath", lambda path, stroke=1, fill=0: drawn.append((stroke, fill)))
    pen.box_track(10, 10, ["plain", "shade", "dark"], 8)
    assert fills == [pen.t.shade, pen.t.dark]
    assert drawn == [(1, 0), (1, 1), (1, 1)]
    assert pen.t.shade != pen.t.dark and pen.t.shade != (1, 1, 1)
