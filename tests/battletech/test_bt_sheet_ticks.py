"""Tick targets of the ProtoMech sheet (issue 11), measured from the layout recording: a box per
ammo shot, the two-row pilot table (≈5 × 3 mm cells, hit numbers above, consciousness below),
crit boxes and armour pips of at least 3 mm."""

from sheets.core.data import data_path
from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.battletech.sheet import block_columns, page_geometry, render
from sheets.render.layout_check import MM, check
from sheets.render.pdf import Document


def _record(path, paper="a4", lang="en", rules="classic"):
    loaded = load_file(str(data_path(path)), Options(lang=lang, paper=paper, rules=rules))
    doc = Document(paper, lang=lang, record=True)
    render(doc, loaded.units, loaded.options)
    doc.finish()
    return doc


def test_ammo_shots_pilot_cells_crit_boxes_and_pips():
    doc = _record("units/battletech/harpy.yaml")  # Machine Gun Ammo, 20 shots
    items = doc.recorder.pages[0]["items"]
    _, _, slots = page_geometry("a4", doc.size)
    data, weapons, crits, armour = block_columns("a4", slots[0])
    boxes = [b[1] for b in items if b[0] == "b" and not b[2]]

    def inside(col, box):
        return col.x - 0.1 <= box[0] and box[2] <= col.right + 0.1 and col.y <= box[1] and box[3] <= col.top

    ammo = [b for b in boxes if inside(weapons, b)]
    assert len(ammo) == 20 and all(min(b[2] - b[0], b[3] - b[1]) >= 3 * MM for b in ammo)
    pilot = sorted((b for b in boxes if inside(data, b)), key=lambda b: b[0])
    assert len(pilot) == 6
    for b in pilot:
        assert 4.5 * MM <= b[2] - b[0] <= 5.5 * MM and 3 * MM <= b[3] - b[1] <= 3.5 * MM
    # the hit numbers stand above the cells, the consciousness numbers below them
    texts = [t for t in items if t[0] == "t" and inside(data, t[5])]
    top, bottom = pilot[0][3], pilot[0][1]
    assert [t[1] for t in texts if top <= t[5][1] <= top + 8] == ["1", "2", "3", "4", "5", "6"]
    assert [t[1] for t in texts if bottom - 8 <= t[5][3] <= bottom] == ["3", "5", "7", "10", "11", "Dead"]
    crit = [b for b in boxes if inside(crits, b)]
    assert len(crit) == 12 and all(
        min(b[2] - b[0], b[3] - b[1]) >= 3 * MM for b in crit
    )  # classic: 2+3+3+2+2
    pips = [p for p in items if p[0] == "p" and not p[4] and armour.x <= p[1] <= armour.right]
    # Harpy (2 t): armour head 2, torso 4, arms 1 + 1, legs 3; structure (2 t) head 1, torso 2,
    # arms 1 + 1, legs 2
    assert len(pips) == (2 + 4 + 1 + 1 + 3) + (1 + 2 + 1 + 1 + 2)
    assert all(2 * p[3] >= 3 * MM for p in pips)
    assert check(doc.recorder, {"Harpy"}) == []


def test_many_shots_share_a_box_and_say_so(write):
    src = write(
        "mg.yaml",
        """system: battletech
units:
  - name: Gunner
    tons: 9
    motion: biped
    walk: 4
    armor: {head: 2, torso: 8, right_arm: 2, left_arm: 2, legs: 6}
    equipment:
      - {item: Machine Gun, location: torso}
      - {item: Machine Gun Ammo, shots: 200}
      - {item: ER Micro Laser, location: right_arm}
      - {item: ER Micro Laser, location: left_arm}
""",
    )
    loaded = load_file(str(src), Options(rules="classic"))
    doc = Document("a4", record=True)
    render(doc, loaded.units, loaded.options)
    doc.finish()
    runs = [t[1] for t in doc.recorder.pages[0]["items"] if t[0] == "t"]
    line = next(r for r in runs if r.startswith("Ammo: Machine Gun (200)"))
    per_box = int(line.rsplit("= ", 1)[1])
    _, _, slots = page_geometry("a4", doc.size)
    weapons = block_columns("a4", slots[0])[1]
    boxes = [
        b[1] for b in doc.recorder.pages[0]["items"] if b[0] == "b" and weapons.x <= b[1][0] < weapons.right
    ]
    assert per_box in (2, 5, 10, 20) and len(boxes) == -(-200 // per_box)
    assert check(doc.recorder, {"Gunner"}) == []
