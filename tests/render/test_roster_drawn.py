"""Issue 35: what an army list's pages hold, where — a list of two titled groups (subtotals,
a cell that wraps, a column no unit fills), over its limit, with summary chips and list
violations, drawn on A4: every text run with its font, size and position in points, the
table's bands and rules, and the totals in English and Russian."""

from __future__ import annotations

import pytest

from sheets import __version__
from sheets.core.game import Options
from sheets.render.pdf import Document
from sheets.render.roster_pdf import draw_army_lists

EN = {
    "army_list": "Army list",
    "col_no": "#",
    "generated_by": "Printed with sheets",
    "limit": "Limit",
    "no_limit": "no limit set",
    "over_limit": "OVER THE LIMIT by",
    "remaining": "Remaining",
    "subtotal": "Subtotal",
    "total": "Total",
    "units_count": "Units",
    "violations": "List violations",
    "within_limit": "within the limit",
}


def _row(no, name, kind, cost, notes="", pilot=None):
    return {"no": no, "name": name, "kind": kind, "cost": cost, "notes": notes, "pilot": pilot}


def rich(**over):
    data = {
        "name": "Strike Star",
        "game": "Test Game",
        "rules": "v2",
        "rules_name": "Second edition",
        "labels": dict(EN),
        "columns": [
            {"key": "name", "label": "Unit"},
            {"key": "pilot", "label": "Pilot"},
            {"key": "kind", "label": "Type"},
            {"key": "notes", "label": "Notes"},
            {"key": "cost", "label": "BV"},
        ],
        "groups": [
            {
                "title": "Point 1",
                "rows": [
                    _row(1, "Alpha", "Mech", 20.0, "fast"),
                    _row(2, "Bravo", "Tank", 12, "slow " * 40),
                ],
                "subtotal": 32.0,
            },
            {"title": "Point 2", "rows": [_row(3, "Charlie", "Infantry", 15)], "subtotal": 15},
        ],
        "total": 47.0,
        "unit_count": 3,
        "limit": 40,
        "limit_unit": "BV",
        "over": True,
        "over_by": 7.0,
        "remaining": 0,
        "tally": [{"text": f"Chip {i}", "ok": i != 2} for i in range(5)],
        "violations": ["Too many tanks", "No leader"],
    }
    data.update(over)
    return data


def draw(data, paper="a4", lists=None):
    doc = Document(paper, record=True)
    draw_army_lists(doc, lists or [data], Options(paper=paper))
    doc.finish()
    return doc


def items(doc, page):
    """The page's text runs (text, font, size, x, y of the box's foot), fills and rules."""
    out = []
    for it in doc.recorder.pages[page]["items"]:
        if it[0] == "t":
            out.append(("t", it[1], it[2], round(it[3], 2), round(it[5][0], 1), round(it[5][1], 1)))
        elif it[0] in ("c", "s"):
            xs, ys = [p[0] for p in it[1]], [p[1] for p in it[1]]
            out.append((it[0], round(min(xs), 1), round(min(ys), 1), round(max(xs), 1), round(max(ys), 1)))
    return out


def test_the_rich_list_on_one_a4_page():
    doc = draw(rich())
    assert doc.pages == 1
    assert items(doc, 0) == [
        ("c", 28.3, 791.5, 566.9, 813.5),
        ("t", "Army list: Strike Star", "Sans-Bold", 13, 31.3, 795.1),
        ("t", "Test Game · Second edition", "Sans", 9, 28.3, 775.7),
        ("t", "Point 1", "Sans-Bold", 10, 28.3, 749.4),
        ("c", 28.3, 732.5, 566.9, 745.5),
        ("t", "#", "Sans-Bold", 8.5, 31.8, 734.2),
        ("t", "Unit", "Sans-Bold", 8.5, 45.0, 734.2),
        ("t", "Type", "Sans-Bold", 8.5, 86.8, 734.2),
        ("t", "Notes", "Sans-Bold", 8.5, 121.3, 734.2),
        ("t", "BV", "Sans-Bold", 8.5, 550.6, 734.2),
        ("t", "1", "Sans", 8.5, 33.6, 721.2),
        ("t", "Alpha", "Sans", 8.5, 45.0, 721.2),
        ("t", "Mech", "Sans", 8.5, 87.1, 721.2),
        ("t", "fast", "Sans", 8.5, 121.3, 721.2),
        ("t", "20", "Sans", 8.5, 551.7, 721.2),
        ("s", 28.3, 719.5, 566.9, 719.5),
        ("c", 28.3, 687.5, 566.9, 719.5),
        ("t", "2", "Sans", 8.5, 33.6, 698.7),
        ("t", "Bravo", "Sans", 8.5, 45.0, 698.7),
        ("t", "Tank", "Sans", 8.5, 88.0, 698.7),
        (
            "t",
            "slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow",
            "Sans",
            8.5,
            121.3,
            708.2,
        ),
        (
            "t",
            "slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow slow",
            "Sans",
            8.5,
            121.3,
            698.7,
        ),
        ("t", "slow slow", "Sans", 8.5, 121.3, 689.2),
        ("t", "12", "Sans", 8.5, 551.7, 698.7),
        ("s", 28.3, 687.5, 566.9, 687.5),
        ("t", "Subtotal: 32", "Sans-Bold", 8.5, 505.9, 675.8),
        ("t", "Point 2", "Sans-Bold", 10, 28.3, 653.4),
        ("c", 28.3, 636.5, 566.9, 649.5),
        ("t", "#", "Sans-Bold", 8.5, 31.8, 638.2),
        ("t", "Unit", "Sans-Bold", 8.5, 45.0, 638.2),
        ("t", "Type", "Sans-Bold", 8.5, 86.8, 638.2),
        ("t", "Notes", "Sans-Bold", 8.5, 121.3, 638.2),
        ("t", "BV", "Sans-Bold", 8.5, 550.6, 638.2),
        ("t", "3", "Sans", 8.5, 33.6, 625.2),
        ("t", "Charlie", "Sans", 8.5, 45.0, 625.2),
        ("t", "Infantry", "Sans", 8.5, 81.7, 625.2),
        ("t", "15", "Sans", 8.5, 551.7, 625.2),
        ("s", 28.3, 623.5, 566.9, 623.5),
        ("t", "Subtotal: 15", "Sans-Bold", 8.5, 505.9, 611.8),
        ("s", 28.3, 555.5, 566.9, 595.5),
        ("t", "Total: 47 BV   ·   Units: 3", "Sans-Bold", 11, 36.3, 578.2),
        ("t", "Limit: 40 BV  —  OVER THE LIMIT by 7 BV", "Sans-Bold", 10, 36.3, 561.4),
        ("c", 28.3, 531.5, 63.5, 545.5),
        ("s", 28.3, 531.5, 63.5, 545.5),
        ("t", "Chip 0", "Sans", 8.5, 32.3, 533.7),
        ("c", 67.5, 531.5, 102.7, 545.5),
        ("s", 67.5, 531.5, 102.7, 545.5),
        ("t", "Chip 1", "Sans", 8.5, 71.5, 533.7),
        ("s", 106.7, 531.5, 144.9, 545.5),
        ("t", "Chip 2", "Sans-Bold", 8.5, 110.7, 533.7),
        ("c", 148.9, 531.5, 184.1, 545.5),
        ("s", 148.9, 531.5, 184.1, 545.5),
        ("t", "Chip 3", "Sans", 8.5, 152.9, 533.7),
        ("c", 188.1, 531.5, 223.3, 545.5),
        ("s", 188.1, 531.5, 223.3, 545.5),
        ("t", "Chip 4", "Sans", 8.5, 192.1, 533.7),
        ("t", "List violations:", "Sans-Bold", 10, 28.3, 509.4),
        ("t", "• Too many tanks", "Sans", 9, 36.3, 494.7),
        ("t", "• No leader", "Sans", 9, 36.3, 482.7),
        ("t", f"Printed with sheets {__version__}", "Sans", 6.5, 28.3, 31.5),
        ("t", "Test Game", "Sans", 6.5, 531.6, 31.5),
    ]


@pytest.mark.parametrize(
    "lang, over, total, status",
    [
        ("en", {}, "Total: 47 AP   ·   Units: 3", "Limit: 50 AP  —  within the limit (Remaining: 3)"),
        ("ru", {}, "Итого: 47 ОА   ·   Отрядов: 3", "Лимит: 50 ОА  —  в пределах лимита (Остаток: 3)"),
        (
            "ru",
            {"limit": 40, "over": True, "over_by": 7},
            "Итого: 47 ОА   ·   Отрядов: 3",
            "Лимит: 40 ОА  —  ПРЕВЫШЕН ЛИМИТ на 7 ОА",
        ),
        ("ru", {"limit": None}, "Итого: 47 ОА   ·   Отрядов: 3", "лимит не задан"),
    ],
)
def test_the_totals_of_the_dust_sample(lang, over, total, status):
    from sheets.core.data import data_path
    from sheets.core.loader import load_file
    from sheets.core.roster import army_list

    data = dict(army_list(load_file(str(data_path("units/dust/sample_force.yaml"))), lang), **over)
    texts = [it[1] for it in draw(data).recorder.pages[0]["items"] if it[0] == "t"]
    rows = [t for t in texts if t.startswith("Sample ")]
    assert rows[0] == "Sample Laser Squad" and rows[-1] == "Sample Walker"
    assert texts.index(total) + 1 == texts.index(status)


def _long(n1, n2):
    """A list of two titled groups of ``n1`` and ``n2`` one-line rows (U001, U002, …)."""

    def group(title, a, b):
        return {
            "title": title,
            "rows": [_row(i, f"U{i:03d}", "Mech", 10) for i in range(a, b)],
            "subtotal": 10 * (b - a),
        }

    groups = [group("Point A", 1, 1 + n1), group("Point B", 1 + n1, 1 + n1 + n2)]
    return rich(name="Long", groups=groups, tally=[], violations=[], over=False, limit=None)


def _pages(doc):
    """Per page: (first row, its y, last row, its y, rows) and every other text but the
    table's cells, with its y."""
    out = []
    for p in doc.recorder.pages:
        ts = [(it[1], round(it[5][1], 1)) for it in p["items"] if it[0] == "t"]
        us = [t for t in ts if t[0][:1] == "U" and t[0][1:].isdigit()]
        cells = (
            "#",
            "Unit",
            "Type",
            "Notes",
            "BV",
            "Mech",
            "Alpha",
            "Bravo",
            "Charlie",
            "Tank",
            "Infantry",
            "fast",
        )
        other = [
            t for t in ts if t not in us and not t[0].isdigit() and t[0] not in cells and "slow" not in t[0]
        ]
        out.append(((us[0][0], us[0][1], us[-1][0], us[-1][1], len(us)) if us else None, other))
    return out


FOOT = f"Printed with sheets {__version__}"


# the first list's lines, the same on its page in every case below
STRIKE_STAR = [
    ("Army list: Strike Star", 795.1),
    ("Test Game · Second edition", 775.7),
    ("Point 1", 749.4),
    ("Subtotal: 32", 675.8),
    ("Point 2", 653.4),
    ("Subtotal: 15", 611.8),
    ("Total: 47 BV   ·   Units: 3", 578.2),
    ("Limit: 40 BV  —  OVER THE LIMIT by 7 BV", 561.4),
    ("Chip 0", 533.7),
    ("Chip 1", 533.7),
    ("Chip 2", 533.7),
    ("Chip 3", 533.7),
    ("Chip 4", 533.7),
    ("List violations:", 509.4),
    ("• Too many tanks", 494.7),
    ("• No leader", 482.7),
]


@pytest.mark.parametrize(
    "n1, n2, want",
    [
        # 22 + 80 rows: the long list starts page 2 (its title, first group and totals do not fit
        # under the first list); Point B (longer than a page) starts under Point A and goes on
        # over two pages, each with the column header; the list without groups follows
        (
            22,
            80,
            [
                (
                    None,
                    [
                        *STRIKE_STAR,
                        (FOOT, 31.5),
                        ("Test Game", 31.5),
                    ],
                ),
                (
                    ("U001", 721.2, "U045", 98.2, 45),
                    [
                        ("Army list: Long", 795.1),
                        ("Test Game · Second edition", 775.7),
                        ("Point A", 749.4),
                        ("Subtotal: 220", 434.8),
                        ("Point B", 412.4),
                        (FOOT, 31.5),
                        ("Test Game", 31.5),
                    ],
                ),
                (("U046", 789.2, "U099", 100.2, 54), [(FOOT, 31.5), ("Test Game", 31.5)]),
                (
                    ("U100", 789.2, "U102", 763.2, 3),
                    [
                        ("Subtotal: 800", 749.8),
                        ("Total: 47 BV   ·   Units: 3", 716.2),
                        ("no limit set", 699.4),
                        ("Army list: Empty", 651.1),
                        ("Test Game · Second edition", 631.7),
                        ("Total: 47 BV   ·   Units: 3", 594.2),
                        ("Limit: 40 BV  —  OVER THE LIMIT by 7 BV", 577.4),
                        (FOOT, 31.5),
                        ("Test Game", 31.5),
                    ],
                ),
            ],
        ),
        (
            10,
            30,
            [
                (
                    ("U001", 375.2, "U010", 258.2, 10),
                    [
                        *STRIKE_STAR,
                        ("Army list: Long", 449.1),
                        ("Test Game · Second edition", 429.7),
                        ("Point A", 403.4),
                        ("Subtotal: 100", 244.8),
                        (FOOT, 31.5),
                        ("Test Game", 31.5),
                    ],
                ),
                (
                    ("U011", 773.2, "U040", 396.2, 30),
                    [
                        ("Point B", 801.4),
                        ("Subtotal: 300", 382.8),
                        ("Total: 47 BV   ·   Units: 3", 349.2),
                        ("no limit set", 332.4),
                        ("Army list: Empty", 284.1),
                        ("Test Game · Second edition", 264.7),
                        ("Total: 47 BV   ·   Units: 3", 227.2),
                        ("Limit: 40 BV  —  OVER THE LIMIT by 7 BV", 210.4),
                        (FOOT, 31.5),
                        ("Test Game", 31.5),
                    ],
                ),
            ],
        ),
        # 10 + 30: Point B (it fits a page of its own) moves whole to page 2
    ],
)
def test_three_lists_over_their_pages(n1, n2, want):
    empty = rich(name="Empty", groups=[], tally=None, violations=None)
    doc = draw(None, lists=[rich(), _long(n1, n2), empty])
    assert _pages(doc) == want
    rows = [
        it[1]
        for p in doc.recorder.pages
        for it in p["items"]
        if it[0] == "t" and it[1][:1] == "U" and it[1][1:].isdigit()
    ]
    assert rows == [f"U{i:03d}" for i in range(1, 1 + n1 + n2)]


def test_the_warning_colour_and_the_rule_widths(monkeypatch):
    """Over the limit: the limit line bold in the warning colour in a 2 pt frame with no band,
    a failed chip bold in it; the table's row rules 0.3 pt. Within: a banded 0.8 pt box."""
    from sheets.render.pdf import Pen

    runs, rects, lines = {}, [], []
    run, rect, line = Pen._run, Pen.rect, Pen.line
    monkeypatch.setattr(
        Pen,
        "_run",
        lambda self, x, y, t, f, s, rgb: (runs.setdefault(t, (f, rgb)), run(self, x, y, t, f, s, rgb)),
    )
    monkeypatch.setattr(
        Pen,
        "rect",
        lambda self, r, *a, **k: (
            rects.append((round(r.h), k.get("fill") is not None, k.get("width"))),
            rect(self, r, *a, **k),
        ),
    )
    monkeypatch.setattr(
        Pen,
        "line",
        lambda self, *a, **k: (lines.append(a[4] if len(a) > 4 else k.get("width")), line(self, *a, **k)),
    )
    doc = draw(rich())
    warn, ink = doc.theme.warn, doc.theme.ink
    assert runs["Limit: 40 BV  —  OVER THE LIMIT by 7 BV"] == ("Sans-Bold", tuple(warn))
    assert runs["Chip 2"] == ("Sans-Bold", tuple(warn)) and runs["Chip 1"] == ("Sans", tuple(ink))
    assert runs["List violations:"][1] == tuple(warn)
    assert (40, False, 2.0) in rects and set(lines) == {0.3}
    runs.clear(), rects.clear()
    draw(rich(over=False, remaining=3))
    assert runs["Limit: 40 BV  —  within the limit (Remaining: 3)"] == ("Sans", tuple(ink))
    assert (40, True, 0.8) in rects
