"""``sheets reference lnl``: the Melee aid card (three portrait pages).

Page 1: the procedure in short steps, the odds rule with worked ratios, clamps and the hero
shift, firepower modifiers (two columns, left), NME units, after the round / withdrawing,
reinforcing and Ambush (right). Page 2: the Melee Table with † on unverified Kill Numbers and,
under it, the chance to kill for each column at DRM −2…+2; the odds lookup grid (attacker FP
1–15 × defender FP 1–15 → column and Kill Number). Page 3: the rules text's worked examples,
the readings of what the rules leave open (each with its calculator option) and a worksheet.
Every page ends with the legend of the abbreviations (the seed's own on the Russian card).
Wording: our own summary of Lock 'n Load Tactical Core Rules §8.0–8.5 (``data/lnl/labels.yaml``).
"""

from __future__ import annotations

from sheets import __version__
from sheets.games.lnl import GAME
from sheets.games.lnl.printing import (
    BOLD,
    FONT,
    allow,
    allow_fixed,
    any_unverified,
    draw_table,
    fit_size,
    flow,
    pen_width,
    texts,
)
from sheets.render.pdf import Rect, footer, margins

DRMS = (-2, -1, 0, 1, 2)


def _numbered(L, prefix: str, count: int, numbers: bool = True) -> list:
    return [("n", f"{i}." if numbers else "•", L(f"{prefix}{i}")) for i in range(1, count + 1)]


def left_items(L) -> list:
    return (
        [("h", L("ref_h_procedure"))]
        + _numbered(L, "ref_p", 8)
        + [("h", L("ref_h_odds"))]
        + _numbered(L, "ref_o", 4, False)
        + [("h", L("ref_h_fp"))]
        + _numbered(L, "ref_f", 6, False)
    )


def right_items(L) -> list:
    return (
        [("h", L("ref_h_nme"))]
        + _numbered(L, "ref_n", 5, False)
        + [("h", L("ref_h_after"))]
        + _numbered(L, "ref_a", 4, False)
        + [("h", L("ref_h_reinf"))]
        + _numbered(L, "ref_r", 1, False)
        + [("h", L("ref_h_ambush"))]
        + _numbered(L, "ref_m", 4, False)
    )


def _page(doc, options, L, n: int, total: int):
    pen = doc.page()
    m = margins(options.paper)
    frame = Rect(m, m + 12, doc.width - 2 * m, doc.height - 2 * m - 12)
    band = Rect(frame.x, frame.top - 24, frame.w, 24)
    pen.heading(band, L("ref_title"), 14)
    pen.text(
        band.right - 5,
        band.y + 8,
        L("page_of", n=n, total=total),
        8,
        FONT,
        "right",
        max_width=frame.w * 0.25,
        color=pen.t.accent_text,
    )
    pen.text(frame.x, band.y - 12, L("ref_sub"), 8.5, FONT, max_width=frame.w)
    footer(pen, frame, f"{L('generated_by')} {__version__}", GAME.name[options.lang])
    # the abbreviations' legend at the foot of every page (the seed's own on the Russian card)
    legend = Rect(frame.x, frame.y, frame.w, LEGEND_H)
    pen.paragraph(legend, L("ref_abbr"), size=7, min_size=6)
    return pen, Rect(frame.x, frame.y + LEGEND_H + 4, frame.w, band.y - 20 - frame.y - LEGEND_H - 4)


LEGEND_H = 18
PAGES = 3


def readings(L) -> list:
    """The card's statement of every reading the rules leave open (labels ref_q1…)."""
    return [("h", L("ref_h_readings"))] + _numbered(L, "ref_q", READINGS)


READINGS = 12


def render(doc, options) -> None:
    """Print the three pages of the Melee aid card into ``doc``."""
    L = texts(options.lang)
    allow_fixed(doc.pen)
    allow_options(doc.pen, L)
    pen, body = _page(doc, options, L, 1, PAGES)
    gap = 14
    left, right = body.split_h(0.5, 0.5, gap=gap)
    items = [(left, left_items(L)), (right, right_items(L))]
    size = fit_size(pen, items, 9.5)
    for box, its in items:
        flow(pen, box, its, size)
    pen.line(left.right + gap / 2, body.top, left.right + gap / 2, body.y, 0.4)

    # page 2: the Melee Table with the chance to kill, and the odds lookup grid
    pen, body = _page(doc, options, L, 2, PAGES)
    y = body.top
    h = flow(pen, Rect(body.x, y - 40, body.w, 40), [("h", L("ref_h_table"))], 10)
    y -= h + 4
    table_h = 7 * 21
    used = draw_table(pen, Rect(body.x, y - table_h, body.w, table_h), L, 10.5, DRMS)
    y -= used + 6
    pen.text(body.x, y - 8, L("ref_chance"), 8.5, FONT, max_width=body.w)
    y -= 14
    if any_unverified():
        pen.text(body.x, y - 8, L("kn_unverified_note"), 8, FONT, max_width=body.w, color=pen.t.warn)
        y -= 14
    y -= 6
    h = flow(pen, Rect(body.x, y - 40, body.w, 40), [("h", L("ref_h_grid"))], 10)
    y -= h + 4
    note_h = flow(pen, Rect(body.x, body.y, body.w, 60), [("p", L("grid_note"))], 8, draw=False)
    grid = Rect(body.x, body.y + note_h + 6, body.w, y - body.y - note_h - 6)
    used = draw_odds_grid(pen, grid, L)
    flow(pen, Rect(body.x, body.y, body.w, grid.top - used - 6 - body.y), [("p", L("grid_note"))], 8)

    # page 3: worked examples, the readings, the worksheet
    pen, body = _page(doc, options, L, 3, PAGES)
    examples = [("h", L("ref_h_examples"))] + [("n", "•", L(f"ref_e{i}")) for i in range(1, 5)] + readings(L)
    box = Rect(body.x, body.y, body.w, body.h)
    size = min(9.5, fit_size(pen, [(Rect(body.x, body.y, body.w, body.h * 0.62), examples)], 9.5))
    used = flow(pen, box, examples, size)
    sheet = Rect(body.x, body.y, body.w, body.h - used - 14)
    if sheet.h > 90:
        worksheet(pen, sheet, L)


def allow_options(pen, L) -> None:
    """The calculator's option names quoted in the readings stay as typed (``--low-odds down``,
    ``sw:``) on the Russian page."""
    import re

    allow(
        pen,
        *(
            m
            for i in range(1, READINGS + 1)
            for m in re.findall(r"--[a-z-]+(?: [a-z]+)?|\b[a-z]+:", L(f"ref_q{i}"))
        ),
    )


def draw_odds_grid(pen, r: Rect, L, n: int = 15) -> float:
    """The odds lookup: attacker FP 1…n down × defender FP 1…n across → the Melee Table column
    (rounded in the attacker's favour, capped at 5:1; "*" = raw odds below 1:3) and its Kill
    Number, each cell shaded by the column's chance to kill at DRM 0. Returns the height."""
    from sheets.games.lnl.model import cell
    from sheets.games.lnl.printing import kn_text, p_kill, shade
    from sheets.games.lnl.rules import odds

    head_w = max(pen_width(L("grid_att"), BOLD, 7.5) + 6, r.w * 0.07)
    col_w = (r.w - head_w) / n
    top_h = 13
    row_h = min(22.0, (r.h - 2 * top_h) / n)
    size = min(8.5, row_h * 0.42)
    small = max(6.0, size * 0.8)
    top = r.top
    pen.rect(Rect(r.x, top - 2 * top_h, r.w, 2 * top_h), fill=pen.t.band, stroke=False)
    pen.text_in(Rect(r.x + head_w, top - top_h, r.w - head_w, top_h), L("grid_def"), 7.5, BOLD, "center")
    pen.text_in(Rect(r.x, top - 2 * top_h, head_w, top_h), L("grid_att"), 7.5, BOLD, "left", pad=2)
    for d in range(1, n + 1):
        x = r.x + head_w + (d - 1) * col_w
        pen.text_in(Rect(x, top - 2 * top_h, col_w, top_h), str(d), 8, BOLD, "center")
    y0 = top - 2 * top_h
    for a in range(1, n + 1):
        y = y0 - a * row_h
        pen.text_in(Rect(r.x, y, head_w, row_h), str(a), 8.5, BOLD, "center")
        for d in range(1, n + 1):
            x = r.x + head_w + (d - 1) * col_w
            o = odds(a, d)
            c = cell(o.column)
            pen.rect(Rect(x, y, col_w, row_h).inset(0.5), fill=shade(pen, p_kill(c.kn, 0)), stroke=False)
            mark = "*" if o.below_1_3 else ""
            pen.text_in(
                Rect(x, y + row_h * 0.42, col_w, row_h * 0.55), o.column + mark, size, BOLD, "center", pad=1
            )
            pen.text_in(
                Rect(x, y + row_h * 0.04, col_w, row_h * 0.4),
                kn_text(c),
                small,
                FONT,
                "center",
                pad=1,
                color=None if c.verified else pen.t.warn,
            )
    bottom = y0 - n * row_h
    for a in range(0, n + 1, 5):
        pen.line(r.x, y0 - a * row_h, r.right, y0 - a * row_h, 0.8 if a else 0.8)
    for d in range(0, n + 1, 5):
        xx = r.x + head_w + d * col_w
        pen.line(xx, top - top_h, xx, bottom, 0.8)
    pen.rect(Rect(r.x, bottom, r.w, top - bottom), width=0.8)
    return top - bottom


def worksheet(pen, r: Rect, L) -> None:
    """A fill-in grid for melee rounds: one line per side and round, a tick box for "killed"."""
    from sheets.render.pdf import MM

    pen.text(r.x, r.top - 10, L("ws_title"), 10, BOLD, max_width=r.w)
    cols = [
        ("ws_hex", 1.3),
        ("ws_side", 0.8),
        ("ws_fp", 0.7),
        ("ws_tfp", 1.0),
        ("ws_column", 1.0),
        ("ws_kn", 0.7),
        ("ws_drm", 1.9),
        ("ws_need", 0.8),
        ("ws_killed", 0.8),
    ]
    total = sum(w for _, w in cols)
    grid = Rect(r.x, r.y, r.w, r.h - 16)
    head_h = 18
    row_h = 9 * MM
    rows = max(2, int((grid.h - head_h) // row_h) // 2 * 2)
    top = grid.top
    pen.rect(Rect(grid.x, top - head_h, grid.w, head_h), fill=pen.t.band, stroke=False)
    x = grid.x
    xs = []
    for key, w in cols:
        cw = grid.w * w / total
        xs.append((x, cw))
        pen.text_in(Rect(x, top - head_h, cw, head_h), L(key), 7.5, BOLD, "center", pad=1.5)
        x += cw
    bottom = top - head_h - rows * row_h
    for i in range(rows):
        y = top - head_h - (i + 1) * row_h
        side = L("side_a") if i % 2 == 0 else L("side_b")
        x0, w0 = xs[1]
        pen.text_in(Rect(x0, y, w0, row_h), side, 10, BOLD, "center")
        kx, kw = xs[-1]
        tick = 4 * MM
        pen.box_track(kx + (kw - tick) / 2, y + (row_h - tick) / 2, ["plain"], size=tick)
        pen.line(grid.x, y, grid.right, y, 0.8 if i % 2 == 1 else 0.3)
    for x0, _ in xs[1:]:
        pen.line(x0, top, x0, bottom, 0.3)
    pen.rect(Rect(grid.x, bottom, grid.w, top - bottom), width=0.8)
