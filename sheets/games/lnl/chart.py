"""``sheets chart lnl melee-odds``: the chance to kill by odds column × DRM.

One landscape page: a grid with the Melee Table's columns (Kill Number under each, † when
unverified) across and DRM −4…+4 down; every cell is shaded by its probability (a colour ramp,
or greys in ``--mono``) and prints the percentage and the natural 2d6 roll needed, so it reads
in black and white too. Probabilities are exact (the 36 outcomes of 2d6 counted).
"""

from __future__ import annotations

from reportlab.lib.pagesizes import landscape

from sheets import __version__
from sheets.games.lnl import GAME
from sheets.games.lnl.model import melee_table
from sheets.games.lnl.printing import (
    BOLD,
    FONT,
    allow_fixed,
    any_unverified,
    kn_text,
    p_kill,
    pct,
    pen_width,
    shade,
    texts,
)
from sheets.games.lnl.rules import natural_needed
from sheets.render.pdf import PAPER, Rect, footer, margins

DRMS = tuple(range(-4, 5))


def render(doc, options) -> None:
    L = texts(options.lang)
    allow_fixed(doc.pen)
    pen = doc.page(landscape(PAPER[options.paper]))
    m = margins(options.paper)
    frame = Rect(m, m + 12, doc.width - 2 * m, doc.height - 2 * m - 12)
    band = Rect(frame.x, frame.top - 24, frame.w, 24)
    pen.heading(band, L("chart_title"), 14)
    hint = Rect(frame.x, band.y - 34, frame.w, 28)
    pen.paragraph(hint, L("chart_hint"), size=9, min_size=6)
    notes = [L("chart_abbr")] + ([L("kn_unverified_note")] if any_unverified() else [])
    grid = Rect(frame.x, frame.y + 14 * len(notes) + 6, frame.w, hint.y - 8 - (frame.y + 14 * len(notes) + 6))
    cells = melee_table()
    head_w = min(
        grid.w * 0.18, max(70, pen_width(L("col_kn"), BOLD, 8.5) + 8, pen_width(L("col_odds"), BOLD, 10) + 8)
    )
    head_h = 44
    col_w = (grid.w - head_w) / len(cells)
    row_h = (grid.h - head_h) / len(DRMS)
    top = grid.top
    pen.rect(Rect(grid.x, top - head_h, grid.w, head_h), fill=pen.t.band, stroke=False)
    pen.text_in(Rect(grid.x, top - head_h / 2, head_w, head_h / 2), L("col_odds"), 10, BOLD)
    pen.text_in(Rect(grid.x, top - head_h, head_w, head_h / 2), L("col_kn"), 8.5, BOLD)
    for i, c in enumerate(cells):
        x = grid.x + head_w + i * col_w
        pen.text_in(Rect(x, top - head_h / 2, col_w, head_h / 2), c.column, 14, BOLD, "center")
        pen.text_in(
            Rect(x, top - head_h, col_w, head_h / 2),
            kn_text(c),
            11,
            BOLD,
            "center",
            color=None if c.verified else pen.t.warn,
        )
    for j, drm in enumerate(DRMS):
        y = top - head_h - (j + 1) * row_h
        text = f"{L('col_drm')} {drm:+d}".replace("-", "−") if drm else f"{L('col_drm')} 0"
        pen.text_in(Rect(grid.x, y, head_w, row_h), text, 10, BOLD if drm == 0 else FONT)
        for i, c in enumerate(cells):
            x = grid.x + head_w + i * col_w
            p = p_kill(c.kn, drm)
            box = Rect(x, y, col_w, row_h)
            pen.rect(box, fill=shade(pen, p), stroke=False)
            pen.text_in(Rect(x, y + row_h * 0.38, col_w, row_h * 0.55), pct(p), 13, BOLD, "center")
            need = natural_needed(c.kn, drm)
            sub = (
                L("chart_never")
                if need is None
                else (L("chart_always") if need <= 2 else f"{L('chart_need')} {need}+")
            )
            pen.text_in(Rect(x, y + row_h * 0.06, col_w, row_h * 0.36), sub, 8.5, FONT, "center")
    bottom = top - head_h - len(DRMS) * row_h
    for j in range(len(DRMS) + 1):
        yy = top - head_h - j * row_h
        pen.line(grid.x, yy, grid.right, yy, 0.9 if DRMS[min(j, len(DRMS) - 1)] == 0 or j == 0 else 0.4)
    for i in range(len(cells) + 1):
        xx = grid.x + head_w + i * col_w
        pen.line(xx, top, xx, bottom, 0.4)
    pen.rect(Rect(grid.x, bottom, grid.w, top - bottom), width=0.9)
    for k, note in enumerate(notes):
        pen.text(
            frame.x,
            frame.y + 4 + 14 * (len(notes) - 1 - k),
            note,
            8,
            FONT,
            max_width=frame.w,
            color=pen.t.warn if note.startswith("†") else None,
        )
    footer(pen, frame, f"{L('generated_by')} {__version__}", GAME.name[options.lang])
