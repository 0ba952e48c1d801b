"""``sheets reference lnl``: the Melee aid card (two portrait pages).

Page 1: the procedure in short steps, the odds rule with worked ratios, clamps and the hero
shift, firepower modifiers (two columns, left), NME units, after the round / withdrawing,
reinforcing and Ambush (right). Page 2: the Melee Table with † on unverified Kill Numbers and,
under it, the chance to kill for each column at DRM −2…+2; the rules text's worked examples.
Wording: our own summary of Lock 'n Load Tactical Core Rules §8.0–8.5 (``data/lnl/labels.yaml``).
"""

from __future__ import annotations

from sheets import __version__
from sheets.games.lnl import GAME
from sheets.games.lnl.printing import (allow_fixed, BOLD, FONT, any_unverified, draw_table, fit_size, flow,
                                       texts)
from sheets.render.pdf import Rect, footer, margins

DRMS = (-2, -1, 0, 1, 2)


def _numbered(L, prefix: str, count: int, numbers: bool = True) -> list:
    return [("n", f"{i}." if numbers else "•", L(f"{prefix}{i}")) for i in range(1, count + 1)]


def left_items(L) -> list:
    return ([("h", L("ref_h_procedure"))] + _numbered(L, "ref_p", 8)
            + [("h", L("ref_h_odds"))] + _numbered(L, "ref_o", 4, False)
            + [("h", L("ref_h_fp"))] + _numbered(L, "ref_f", 6, False))


def right_items(L) -> list:
    return ([("h", L("ref_h_nme"))] + _numbered(L, "ref_n", 5, False)
            + [("h", L("ref_h_after"))] + _numbered(L, "ref_a", 4, False)
            + [("h", L("ref_h_reinf"))] + _numbered(L, "ref_r", 1, False)
            + [("h", L("ref_h_ambush"))] + _numbered(L, "ref_m", 4, False))


def _page(doc, options, L, n: int, total: int):
    pen = doc.page()
    m = margins(options.paper)
    frame = Rect(m, m + 12, doc.width - 2 * m, doc.height - 2 * m - 12)
    band = Rect(frame.x, frame.top - 24, frame.w, 24)
    pen.heading(band, L("ref_title"), 14)
    pen.text(band.right - 5, band.y + 8, L("page_of", n=n, total=total), 8, FONT, "right",
             max_width=frame.w * 0.25, color=pen.t.accent_text)
    pen.text(frame.x, band.y - 12, L("ref_sub"), 8.5, FONT, max_width=frame.w)
    footer(pen, frame, f"{L('generated_by')} {__version__}", GAME.name[options.lang])
    return pen, Rect(frame.x, frame.y, frame.w, band.y - 20 - frame.y)


def render(doc, options) -> None:
    """Print the two pages of the Melee aid card into ``doc``."""
    L = texts(options.lang)
    allow_fixed(doc.pen)
    pen, body = _page(doc, options, L, 1, 2)
    gap = 14
    left, right = body.split_h(0.5, 0.5, gap=gap)
    items = [(left, left_items(L)), (right, right_items(L))]
    size = fit_size(pen, items, 9.5)
    for box, its in items:
        flow(pen, box, its, size)
    pen.line(left.right + gap / 2, body.top, left.right + gap / 2, body.y, 0.4)

    pen, body = _page(doc, options, L, 2, 2)
    y = body.top
    h = flow(pen, Rect(body.x, y - 40, body.w, 40), [("h", L("ref_h_table"))], 10)
    y -= h + 4
    table_h = 7 * 24
    used = draw_table(pen, Rect(body.x, y - table_h, body.w, table_h), L, 10.5, DRMS)
    y -= used + 6
    pen.text(body.x, y - 8, L("ref_chance"), 8.5, FONT, max_width=body.w)
    y -= 14
    if any_unverified():
        pen.text(body.x, y - 8, L("kn_unverified_note"), 8, FONT, max_width=body.w, color=pen.t.warn)
        y -= 14
    y -= 8
    examples = [("h", L("ref_h_examples"))] + [("n", "•", L(f"ref_e{i}")) for i in range(1, 5)]
    box = Rect(body.x, body.y + 30, body.w, y - body.y - 30)
    size = fit_size(pen, [(box, examples)], 10)
    flow(pen, box, examples, size)
    used = flow(pen, box, examples, size, draw=False)
    sheet = Rect(body.x, body.y + 34, body.w, box.top - used - 14 - body.y - 34)
    if sheet.h > 90:
        worksheet(pen, sheet, L)
    pen.paragraph(Rect(body.x, body.y, body.w, 24), L("ref_abbr"), size=7.5, min_size=6)


def worksheet(pen, r: Rect, L) -> None:
    """A fill-in grid for melee rounds: one line per side and round, a tick box for "killed"."""
    from sheets.render.pdf import MM

    pen.text(r.x, r.top - 10, L("ws_title"), 10, BOLD, max_width=r.w)
    cols = [("ws_hex", 1.3), ("ws_side", 0.8), ("ws_fp", 0.7), ("ws_tfp", 1.0), ("ws_column", 1.0),
            ("ws_kn", 0.7), ("ws_drm", 1.9), ("ws_need", 0.8), ("ws_killed", 0.8)]
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
