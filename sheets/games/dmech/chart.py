"""The armour-facing template of «Древняя Механика» (``sheets chart dmech facing``).

A target hex in the middle, front up, and every hex within the radius coloured by the face a
shot from it hits (:func:`sheets.games.dmech.geometry.face_sectors`); half hexes on a cone line
are drawn split, one half per face (the shooter chooses). Every hex also carries the face's
abbreviation, so the chart reads in black and white too. The grid fills the page and the hex
size is printed in millimetres, so the sheet can be laid on the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheets import __version__
from sheets.core.data import label
from sheets.core.errors import InputError, Problem
from sheets.core.i18n import _
from sheets.games.dmech import GAME, geometry, rules
from sheets.render import fonts, hexes
from sheets.render.pdf import MM, Pen, Rect, footer, margins

ID = "dmech"


@dataclass(frozen=True)
class ChartHex:
    """One hex of the template: axial offset from the target and the face(s) hit from it."""

    q: int
    r: int
    faces: tuple[str, ...]  # () = the target hex; two faces = a half hex on a cone line

    @property
    def is_target(self) -> bool:
        return not self.faces

    @property
    def is_split(self) -> bool:
        return len(self.faces) == 2


def layout(radius: int, facing: int = 0) -> list[ChartHex]:
    """Every hex the template draws: the target first, then ring by ring (clockwise from north)
    each hex within ``radius`` with the face(s) it hits; 1 + 3·N·(N+1) hexes in all."""
    if isinstance(radius, bool) or not isinstance(radius, int) or radius < 1:
        raise ValueError(f"radius must be a whole number ≥ 1, got {radius!r}")
    sectors = geometry.face_sectors(radius, facing)
    return [ChartHex(0, 0, ())] + [ChartHex(q, r, faces) for (q, r), faces in sectors.items()]


def hex_width_mm(size: float) -> float:
    """The printed hex size: across flats in millimetres, rounded down to 0.5 mm."""
    return math.floor(hexes.across_flats(size) / MM * 2) / 2


def _normal(face: str) -> tuple[float, float]:
    """Page direction (y up) of a face's outward normal for a target facing up."""
    dx, dy = geometry.direction_vector(geometry.face_index(face))
    return dx, -dy


def _face_colour(pen: Pen, face: str):
    return pen.t.faces[geometry.face_index(face)]


def game_name(lang: str) -> str:
    """The game's printed name in ``lang``."""
    return GAME.name.get(lang, GAME.name["ru"])


def _mm(value: float) -> str:
    return f"{value:g}"


def draw_facing(
    pen: Pen, box: Rect, radius: int, lang: str, size: float | None = None, names: bool = True
) -> float:
    """Draw the template centred in ``box`` (hex circumradius ``size``, or the largest that
    fits); ``names`` puts the full face names on the outermost hex of each sector.
    Returns the circumradius used."""
    size = size or hexes.size_to_fit(radius, box.w, box.h)
    origin = (box.x + box.w / 2, box.y + box.h / 2)
    cells = layout(radius)
    outer_hex = {geometry.rotate((0, -radius), k) for k in range(6)}
    short = {f: label(ID, f"face_short_{f}", lang) for f in geometry.FACES}
    for cell in cells:
        cx, cy = hexes.center(cell.q, cell.r, size, origin)
        if cell.is_target:
            hexes.draw_hex(pen, cx, cy, size, fill=(1, 1, 1), width=0.8)
        elif cell.is_split:
            _split(pen, cell, cx, cy, size, origin, short)
        else:
            face = cell.faces[0]
            hexes.draw_hex(pen, cx, cy, size, fill=_face_colour(pen, face), width=0.4)
            name = (
                names
                and (cell.q, cell.r) in outer_hex
                and _hex_label(pen, cx, cy, size, label(ID, f"face_{face}", lang), min(size * 0.36, 11))
            )
            if not name:
                _hex_label(pen, cx, cy, size, short[face], min(size * 0.4, 10), force=True)
    _cone_lines(pen, origin, size, radius)
    _target(pen, origin, size, lang)
    return size


MIN_TEXT = 6.0  # the smallest label on the chart (read at the table)
MIN_HEX = 18.0  # smallest hex circumradius (points) at which half-hex labels fit at MIN_TEXT


def _hex_label(
    pen: Pen, cx: float, cy: float, size: float, text: str, want: float, force: bool = False
) -> bool:
    """A label centred in the hex at (cx, cy): one line, or two split after a hyphen, at the
    largest size ≤ ``want`` that stays inside the hex. False (nothing drawn) when it would
    need less than :data:`MIN_TEXT`, unless ``force`` (then drawn at the minimum)."""
    options = [[text]]
    if "-" in text:
        head, _, tail = text.partition("-")
        options.append([head + "-", tail])
    for lines in options:
        font = want
        while font >= MIN_TEXT:
            block = len(lines) * font * 1.1
            room = 2 * size - block / hexes.SQRT3 - 4  # hex width at the block's top/bottom
            if max(fonts.width(s, "Cond-Bold", font) for s in lines) <= room:
                y = cy + block / 2 - font * 0.85
                for s in lines:
                    pen.text(cx, y, s, font, "Cond-Bold", "center")
                    y -= font * 1.1
                return True
            font -= 0.25
    if force:
        pen.text(
            cx,
            cy - MIN_TEXT * 0.36,
            text,
            MIN_TEXT,
            "Cond-Bold",
            "center",
            max_width=size * 1.5,
            min_size=MIN_TEXT,
        )
    return force


def _split(pen: Pen, cell: ChartHex, cx: float, cy: float, size: float, origin, short) -> None:
    """A half hex: each half in the colour of the face on its side of the cone line."""
    corner = hexes.cut_corner(cx - origin[0], cy - origin[1])
    parts = hexes.halves(cx, cy, size, corner)

    def side(points) -> str:
        px, py = hexes.centroid(points)
        vx, vy = px - origin[0], py - origin[1]
        return max(cell.faces, key=lambda f: vx * _normal(f)[0] + vy * _normal(f)[1])

    faces = [side(p) for p in parts]
    hexes.draw_split_hex(
        pen, cx, cy, size, corner, _face_colour(pen, faces[0]), _face_colour(pen, faces[1]), width=0.4
    )
    for points, face in zip(parts, faces):
        _half_label(pen, points, cx, cy, short[face], max(MIN_TEXT, min(size * 0.28, 7.5)))


def _inside(points, x: float, y: float, margin: float) -> bool:
    """True when (x, y) lies inside the convex polygon ``points`` by at least ``margin``."""
    n = len(points)
    area = sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n)
    )
    sign = 1 if area > 0 else -1
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1) or 1
        if sign * ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / length < margin:
            return False
    return True


def _half_label(pen: Pen, points, cx: float, cy: float, text: str, font: float) -> None:
    """A face letter inside one half of a split hex: the position along the line from the
    hex centre through the half's centroid where the text box clears every edge."""
    px, py = hexes.centroid(points)
    w = fonts.width(text, "Cond-Bold", font)
    best = None
    for k in (1.0, 1.1, 0.9, 1.2, 0.8, 1.3):
        lx, ly = cx + (px - cx) * k, cy + (py - cy) * k
        base = ly - font * 0.36
        box = [
            (lx - w / 2, base - font * 0.2),
            (lx + w / 2, base - font * 0.2),
            (lx - w / 2, base + font * 0.75),
            (lx + w / 2, base + font * 0.75),
        ]
        if all(_inside(points, x, y, 0.6) for x, y in box):
            best = (lx, base)
            break
    lx, base = best or (px, py - font * 0.36)
    pen.text(lx, base, text, font, "Cond-Bold", "center", min_size=MIN_TEXT)


def _cone_lines(pen: Pen, origin, size: float, radius: int) -> None:
    """The six cone lines from the target's corners to the edge of the grid (dashed)."""
    reach = (1.5 * radius + (1.0 if radius % 2 == 0 else 0.5)) * size
    for corner in range(6):
        a = math.radians(60 * corner)
        pen.line(
            origin[0] + size * math.cos(a),
            origin[1] + size * math.sin(a),
            origin[0] + reach * math.cos(a),
            origin[1] + reach * math.sin(a),
            width=0.7,
            dash=(3, 2),
        )


def _target(pen: Pen, origin, size: float, lang: str) -> None:
    """The target hex: its faces in their colours and the facing arrow (front up)."""
    ox, oy = origin
    for face in geometry.FACES:
        (ax, ay), (bx, by) = geometry.face_edge(0, face, size)
        pen.line(
            ox + ax, oy - ay, ox + bx, oy - by, width=max(1.5, size * 0.12), color=_face_colour(pen, face)
        )
    hexes.draw_hex(pen, ox, oy, size, width=0.8)
    pen.arrow(ox, oy - size * 0.3, ox, oy + size * 0.62, width=max(1.0, size * 0.07), head=size * 0.25)
    pen.text(
        ox,
        oy - size * 0.62,
        label(ID, "target", lang),
        max(MIN_TEXT, min(size * 0.22, 9)),
        "Cond-Bold",
        "center",
        max_width=size * 1.2,
        min_size=MIN_TEXT,
    )


def _legend(pen: Pen, box: Rect, lang: str) -> None:
    """Six face swatches with their names, and a split swatch for half hexes."""
    faces_box, half_box = box.split_h(0.74, 0.26, gap=6)
    cols, rows = 3, 2
    cw, rh = faces_box.w / cols, faces_box.h / rows
    s = min(rh * 0.5, 11)
    for i, face in enumerate(geometry.FACES):
        col, row = divmod(i, rows)
        x, top = faces_box.x + col * cw, faces_box.top - row * rh
        cx, cy = x + s * 1.1, top - rh / 2
        hexes.draw_hex(pen, cx, cy, s, fill=_face_colour(pen, face), width=0.4)
        pen.text(
            cx,
            cy - s * 0.25,
            label(ID, f"face_short_{face}", lang),
            max(MIN_TEXT, s * 0.68),
            "Cond-Bold",
            "center",
            max_width=s * 1.7,
            min_size=MIN_TEXT,
        )
        pen.text(cx + s * 1.4, cy - 3, label(ID, f"face_{face}", lang), 8.5, "Sans", max_width=cw - s * 2.6)
    s2 = min(half_box.h * 0.4, 11)
    cx, cy = half_box.x + s2 * 1.1, half_box.y + half_box.h / 2
    hexes.draw_split_hex(pen, cx, cy, s2, 1, _face_colour(pen, "front_right"), _face_colour(pen, "front"))
    pen.line(
        cx + s2 * math.cos(math.radians(60)),
        cy + s2 * math.sin(math.radians(60)),
        cx - s2 * math.cos(math.radians(60)),
        cy - s2 * math.sin(math.radians(60)),
        width=0.7,
        dash=(3, 2),
    )
    pen.paragraph(
        Rect(cx + s2 * 1.3, half_box.y, half_box.right - cx - s2 * 1.3, half_box.h),
        label(ID, "half_hex", lang),
        size=8,
        min_size=5,
    )


def render(doc, options) -> None:
    """One page: the facing template for ``options.extra["radius"]`` (default 5) hexes."""
    lang = options.lang
    radius = int(options.extra.get("radius", 5))
    pen = doc.page()
    m = margins(options.paper)
    frame = Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)
    game = game_name(lang)
    title = f"{label(ID, 'chart_title', lang)} — {game}"
    pen.heading(Rect(frame.x, frame.top - 20, frame.w, 20), title, 12)
    rule = rules.rule_note("facing").text.get(lang)
    text_box = Rect(frame.x, frame.top - 52, frame.w, 28)
    pen.paragraph(text_box, f"{rule} {label(ID, 'chart_hint', lang)}", size=8.5, min_size=6)
    legend = Rect(frame.x, frame.y, frame.w, 44)
    info_y = legend.top + 6
    grid = Rect(frame.x, info_y + 14, frame.w, text_box.y - 6 - (info_y + 14))
    size = hexes.size_to_fit(radius, grid.w, grid.h)
    if size < MIN_HEX:
        most = max(
            (n for n in range(1, radius) if hexes.size_to_fit(n, grid.w, grid.h) >= MIN_HEX), default=1
        )
        raise InputError(
            [
                Problem(
                    "--radius",
                    None,
                    _(
                        "a radius of {radius} hexes does not fit on {paper} paper with legible labels "
                        "(hexes of at least {size} mm); use --radius {most} or less"
                    ).format(
                        radius=radius, paper=options.paper, size=f"{hex_width_mm(MIN_HEX):g}", most=most
                    ),
                )
            ]
        )
    size = hex_width_mm(size) * MM / hexes.SQRT3  # a whole half millimetre across flats
    draw_facing(pen, grid, radius, lang, size=size)
    pen.text(
        frame.x,
        info_y,
        label(ID, "hex_size", lang).format(mm=_mm(hex_width_mm(size))),
        9,
        "Sans-Bold",
        max_width=frame.w * 0.6,
    )
    pen.text(
        frame.right,
        info_y,
        label(ID, "chart_radius", lang).format(n=radius),
        9,
        "Sans",
        "right",
        max_width=frame.w * 0.38,
    )
    pen.line(frame.x, legend.top + 2, frame.right, legend.top + 2, 0.4)
    _legend(pen, legend.inset(0, 2), lang)
    footer(pen, frame, f"{label(ID, 'generated_by', lang)} {__version__}", game)
