"""The ProtoMech hit-location chart (``sheets chart battletech hit-location``): one page a player
would rather look at than read.

Top: a simple biped (glider wings dashed) and a quad silhouette, our own drawing from rectangles
and polygons, each location filled in its colour and carrying its share of hits and its rolls.
Below: the eleven 2D6 results of each table as columns as tall as their chance, coloured and
labelled by the location they hit, in type read across a table (the same 36 outcomes are not
shown a third time as bars: issue 23). Every share comes from the standard hit
table (``data/battletech/hit_tables.yaml`` through :func:`rules.grouped_hit_rows`); every
colour also has a printed name, so the chart reads in mono too.
"""

from __future__ import annotations

from sheets.games.battletech import rules
from sheets.games.battletech.reference import labeller, percent
from sheets.render import fonts
from sheets.render.pdf import Rect, footer, margins

MIN_PT = 6.0  # smallest type read at the table

SHAPES = ("biped", "quad")
FACE = {"torso": 0, "head": 1, "main_gun": 2, "legs": 3, "right_arm": 4, "left_arm": 5}
MISS = ("near_miss", "wings")  # pseudo-locations: drawn dashed on a light fill

# Silhouettes in unit coordinates (x right, y up); our own simple drawing, no artwork.
# Each part: (location, kind, points): kind "rect" = (x, y, w, h), "poly" = corner list.
# The biped faces the reader, so its right arm is on the reader's left; the quad is seen from
# its left side, head to the right.
BIPED = (
    ("wings", "poly", ((0.32, 0.96), (-0.08, 1.12), (-0.10, 1.02), (0.32, 0.76))),
    ("wings", "poly", ((0.68, 0.96), (1.08, 1.12), (1.10, 1.02), (0.68, 0.76))),
    ("main_gun", "rect", (0.10, 1.0, 0.17, 0.07)),
    ("main_gun", "rect", (0.145, 1.07, 0.08, 0.22)),
    ("legs", "rect", (0.29, 0.02, 0.18, 0.50)),
    ("legs", "rect", (0.53, 0.02, 0.18, 0.50)),
    ("torso", "poly", ((0.29, 0.54), (0.71, 0.54), (0.74, 1.0), (0.26, 1.0))),
    ("right_arm", "rect", (0.05, 0.44, 0.20, 0.54)),
    ("left_arm", "rect", (0.75, 0.44, 0.20, 0.54)),
    ("head", "rect", (0.38, 1.02, 0.24, 0.20)),
)
QUAD = (
    ("main_gun", "rect", (0.40, 0.70, 0.16, 0.06)),
    ("main_gun", "rect", (0.48, 0.76, 0.50, 0.055)),
    ("legs", "rect", (0.13, 0.02, 0.11, 0.44)),
    ("legs", "rect", (0.27, 0.02, 0.11, 0.44)),
    ("legs", "rect", (0.80, 0.02, 0.11, 0.44)),
    ("legs", "rect", (0.94, 0.02, 0.11, 0.44)),
    ("torso", "poly", ((0.10, 0.42), (1.04, 0.42), (1.08, 0.70), (0.08, 0.70))),
    ("head", "rect", (1.08, 0.46, 0.22, 0.24)),
)
# Per shape: margins of the figure inside its frame (fractions: left, right, top, bottom);
# labels inside parts: location -> (centre x, centre y, width, full) in unit coordinates
# (full = name, share and rolls; otherwise the share only); callouts for the rest: location ->
# (side of the frame, text y, anchor point) in unit coordinates.
LAYOUT = {
    "biped": {
        "margins": (0.17, 0.17, 0.05, 0.15),
        "labels": {
            "torso": (0.5, 0.78, 0.42, True),
            "legs": (0.5, 0.27, 0.42, True),
            "right_arm": (0.15, 0.71, 0.2, False),
            "left_arm": (0.85, 0.71, 0.2, False),
            "head": (0.5, 1.12, 0.24, False),
        },
        "callouts": {
            "main_gun": ("left", 1.25, (0.145, 1.22)),
            "head": ("right", 1.2, (0.62, 1.15)),
            "right_arm": ("left", 0.58, (0.05, 0.58)),
            "left_arm": ("right", 0.58, (0.95, 0.58)),
        },
    },
    "quad": {
        "margins": (0.04, 0.04, 0.22, 0.26),
        "labels": {
            "torso": (0.58, 0.56, 0.8, True),
            "legs": (0.59, 0.22, 0.38, True),
            "head": (1.19, 0.58, 0.22, False),
        },
        "callouts": {"main_gun": ("left", 1.0, (0.48, 0.79)), "head": ("right", 1.0, (1.19, 0.70))},
    },
}


def _points(kind: str, pts) -> list[tuple[float, float]]:
    if kind == "rect":
        x, y, w, h = pts
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return list(pts)


def _bounds(parts) -> tuple[float, float, float, float]:
    xs = [p[0] for _, kind, pts in parts for p in _points(kind, pts)]
    ys = [p[1] for _, kind, pts in parts for p in _points(kind, pts)]
    return min(xs), min(ys), max(xs), max(ys)


class _Chart:
    """One chart page being drawn (pen, theme, labels, shares per shape)."""

    def __init__(self, doc, options):
        self.pen = doc.page()
        self.t = self.pen.t
        self.lang = options.lang
        self.L = labeller(options.lang)
        self.variant = options.rules or rules.DEFAULT_VARIANT
        self.motions = rules.variant_data(self.variant)["motions"]
        # the classic rules know only the biped: no quad panel, no glider wings
        self.shapes = tuple(sh for sh in SHAPES if sh in self.motions)
        self.gliders = "glider" in self.motions
        self.groups = {shape: {g["location"]: g for g in rules.grouped_hit_rows(shape)} for shape in SHAPES}
        self.glider = {g["location"]: g for g in rules.grouped_hit_rows("glider")}

    # -- colours ----------------------------------------------------------------------------
    def colour(self, loc: str):
        return self.t.faint if loc in MISS else self.t.faces[FACE[loc]]

    def fill_part(self, points, loc: str, width: float = 0.8) -> None:
        c = self.pen.c
        if loc in MISS:
            c.saveState()
            c.setDash(3, 2)
            self.pen.polygon(points, fill=self.colour(loc), width=width)
            c.restoreState()
        else:
            self.pen.polygon(points, fill=self.colour(loc), width=width)

    def share(self, shape: str, loc: str) -> dict | None:
        return self.groups[shape].get(loc)

    # -- silhouettes --------------------------------------------------------------------------
    def silhouette(self, r: Rect, shape: str, s: float) -> None:
        """The figure inside frame ``r``: parts, share labels and callouts."""
        parts = BIPED if shape == "biped" else QUAD
        lay = LAYOUT[shape]
        ml, mr, mt, mb = lay["margins"]
        area = Rect(r.x + r.w * ml, r.y + r.h * mb, r.w * (1 - ml - mr), r.h * (1 - mt - mb))
        x0, y0, x1, y1 = _bounds(parts)
        scale = min(area.w / (x1 - x0), area.h / (y1 - y0))
        ox = area.x + (area.w - (x1 - x0) * scale) / 2 - x0 * scale
        oy = area.y + (area.h - (y1 - y0) * scale) / 2 - y0 * scale

        def tr(p):
            return ox + p[0] * scale, oy + p[1] * scale

        for loc, kind, pts in parts:
            if loc == "wings" and not self.gliders:
                continue
            self.fill_part([tr(p) for p in _points(kind, pts)], loc)
        for loc, (cx, cy, w, full) in lay["labels"].items():
            x, y = tr((cx, cy))
            self.location_label(x, y, w * scale, self.share(shape, loc), s, full)
        for loc, (side, ty, anchor) in lay["callouts"].items():
            self.callout(self.share(shape, loc), side, tr((0, ty))[1], tr(anchor), r, s)

    def location_label(self, x: float, y: float, w: float, g: dict, s: float, full: bool) -> None:
        """The share of a location centred on (x, y); with ``full`` also its name and rolls."""
        pen = self.pen
        big = s * 1.55
        width = w - 4
        if not full:
            pen.text(
                x,
                y - big * 0.36,
                percent(g["ways"], self.lang),
                big * 0.8,
                "Sans-Bold",
                "center",
                max_width=width,
            )
            return
        plate_w = min(
            width,
            max(
                fonts.width(percent(g["ways"], self.lang), "Sans-Bold", big),
                fonts.width(f"2D6: {g['roll_text']}", "Sans", s * 0.75),
            )
            + s,
        )
        pen.rect(
            Rect(x - plate_w / 2, y - big * 0.38 - s * 1.5, plate_w, big * 0.55 + s * 2.4 + big * 0.38),
            fill=self.t.faint,
            width=0.4,
            radius=2,
        )
        pen.text(
            x,
            y + big * 0.55,
            self.L(f"loc_{g['location']}"),
            s * 0.85,
            "Sans-Bold",
            "center",
            max_width=width,
        )
        pen.text(
            x, y - big * 0.38, percent(g["ways"], self.lang), big, "Sans-Bold", "center", max_width=width
        )
        pen.text(
            x,
            y - big * 0.38 - s * 1.05,
            f"2D6: {g['roll_text']}",
            s * 0.75,
            "Sans",
            "center",
            max_width=width,
        )

    def callout(self, g: dict, side: str, y: float, anchor, r: Rect, s: float) -> None:
        """Name, share and rolls of a location at the frame's side, with a leader line."""
        pen = self.pen
        pad = s * 0.6
        x, align = (r.x + pad, "left") if side == "left" else (r.right - pad, "right")
        width = r.w * 0.3
        w1 = pen.text(
            x, y + s * 0.15, self.L(f"loc_{g['location']}"), s * 0.85, "Sans-Bold", align, max_width=width
        )
        w2 = pen.text(
            x,
            y - s * 0.85,
            f"{percent(g['ways'], self.lang)} · 2D6: {g['roll_text']}",
            s * 0.8,
            "Sans",
            align,
            max_width=width,
        )
        reach = max(w1, w2) + s * 0.3
        x0, x1 = (x, x + reach) if side == "left" else (x - reach, x)
        y0, y1 = y - s * 1.2, y + s * 0.9
        start = (min(max(anchor[0], x0), x1), min(max(anchor[1], y0), y1))
        pen.line(start[0], start[1], anchor[0], anchor[1], 0.5)
        pen.c.circle(anchor[0], anchor[1], 1.1, stroke=0, fill=1)

    def near_miss(self, r: Rect, shape: str, s: float) -> None:
        """The frame around the figure, dashed: the near-miss zone, with its share in a tab."""
        pen, c = self.pen, self.pen.c
        g = self.share(shape, "near_miss")
        c.saveState()
        c.setDash(3, 2)
        pen.rect(r, width=0.7, radius=6)
        box = Rect(r.right - r.w * 0.42, r.y, r.w * 0.42, s * 3.2)
        pen.rect(box, fill=self.t.faint, width=0.7, radius=3)
        c.restoreState()
        pen.text(
            box.x + box.w / 2,
            box.top - s * 1.1,
            self.L("loc_near_miss"),
            s * 0.85,
            "Sans-Bold",
            "center",
            max_width=box.w - 4,
        )
        pen.text(
            box.x + box.w / 2,
            box.y + s * 0.6,
            f"{percent(g['ways'], self.lang)} · 2D6: {g['roll_text']}",
            s * 1.1,
            "Sans-Bold",
            "center",
            max_width=box.w - 4,
        )

    def panel(self, r: Rect, shape: str, s: float) -> None:
        pen = self.pen
        title = self.shape_name(shape)
        notes = []
        if shape == "biped":
            if self.gliders:
                notes.append(self.L("chart_glider_wings"))
        else:
            notes.append(self.L("chart_no_arms"))
        head = Rect(r.x, r.top - s * 2, r.w, s * 2)
        pen.heading(head, title, s * 1.1)
        note_h = s * 2.2
        body = Rect(r.x, r.y + note_h, r.w, r.h - head.h - note_h - s * 0.4)
        self.near_miss(body, shape, s)
        self.silhouette(body, shape, s)
        pen.paragraph(Rect(r.x, r.y, r.w, note_h - s * 0.2), "\n".join(notes), size=s * 0.8)

    def shape_name(self, shape: str) -> str:
        if shape == "biped":
            return self.L("col_biped_glider") if self.gliders else self.L("motion_biped")
        return self.L("motion_quad")

    # -- 2D6 strip ------------------------------------------------------------------------
    def strip(self, r: Rect, shape: str, s: float) -> None:
        """One column per 2D6 result, as tall as its chance, coloured by the location it hits."""
        pen = self.pen
        rows = rules.hit_table(shape)
        col_w = r.w / len(rows)
        base = r.y + s * 1.4
        unit = (r.h - s * 1.4 - s * 2.1) / max(row["ways"] for row in rows)
        for i, row in enumerate(rows):
            x = r.x + i * col_w
            h = row["ways"] * unit
            bar = [(x + 1, base), (x + col_w - 1, base), (x + col_w - 1, base + h), (x + 1, base + h)]
            self.fill_part(bar, row["location"], 0.6)
            pen.text(x + col_w / 2, r.y + s * 0.3, str(row["roll"]), s, "Sans-Bold", "center")
            abbr = s * 0.9
            inside = h >= abbr * 1.25 + s * 0.4  # the abbreviation fits in the bar, else above it
            above = base + h + s * 0.3 + (0 if inside else abbr * 1.1)
            pen.text(
                x + col_w / 2,
                above,
                row["probability"],
                max(MIN_PT, s * 0.8),
                "Sans",
                "center",
                max_width=col_w,
            )
            pen.text(
                x + col_w / 2,
                base + s * 0.4 if inside else base + h + s * 0.3,
                self.L(f"loc_abbr_{row['location']}"),
                abbr,
                "Sans-Bold",
                "center",
                max_width=col_w - 2,
            )


def render(doc, options) -> None:
    """Draw the hit-location chart on one page of ``doc`` (paper, language and mono from
    ``options``; the rule variant only decides the "Total Warfare only" notes)."""
    ch = _Chart(doc, options)
    pen, L = ch.pen, ch.L
    m = margins(options.paper)
    frame = Rect(m, m + 4, doc.width - 2 * m, doc.height - 2 * m - 4)
    s = frame.w / 58
    title, sub, panels, strips, notes = frame.split_v(0.05, 0.03, 0.52, 0.33, 0.07, gap=s * 0.5)
    pen.rect(title, fill=ch.t.accent, stroke=False)
    pen.text_in(title, L("chart_title"), s * 1.8, "Sans-Bold", color=ch.t.accent_text, pad=s * 0.6)
    pen.text_in(sub, L("chart_subtitle"), s, "Sans", pad=0)
    halves = panels.split_h(0.5, 0.5, gap=s)
    if len(ch.shapes) == 1:  # classic: the biped alone, centred
        halves = [Rect(panels.x + panels.w / 4, panels.y, halves[0].w, panels.h)]
    for box, shape in zip(halves, ch.shapes):
        ch.panel(box, shape, s)
    heading = Rect(strips.x, strips.top - s * 2, strips.w, s * 2)
    pen.heading(heading, L("chart_rolls_heading"), s * 1.1)
    body = Rect(strips.x, strips.y, strips.w, strips.h - heading.h - s * 0.3)
    halves = body.split_h(0.5, 0.5, gap=s * 2)
    if len(ch.shapes) == 1:
        halves = [Rect(body.x + body.w / 4, body.y, halves[0].w, body.h)]
    for box, shape in zip(halves, ch.shapes):
        name = ch.shape_name(shape)
        pen.text(box.x, box.top - s * 0.9, name, s * 0.85, "Sans-Bold", max_width=box.w)
        ch.strip(Rect(box.x, box.y, box.w, box.h - s * 1.6), shape, s * 1.2)
    lines = [f"{L('loc_near_miss')}: {L('near_miss_note')}.", f"{L('transfer_note')}."]
    pen.paragraph(notes, "\n".join(lines), size=s * 0.9)
    rules_name = L(rules.variant_data(ch.variant)["rules_label"])
    footer(pen, frame, rules_name, L("generated_by"))  # the variant's name, never its id
