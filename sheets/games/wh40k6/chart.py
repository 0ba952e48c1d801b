"""``sheets chart wh40k6 to-wound`` (Strength × Toughness) and ``to-hit`` (attacker WS × defender
WS, with the BS chart below): a 10 × 10 grid, each cell the D6 roll needed and the chance of
success. Colour: a light-to-strong ramp by chance; mono: grey steps, and the numbers carry the
meaning anyway. Cells come from ``data/wh40k6/charts.yaml`` through the rules core."""

from __future__ import annotations

from fractions import Fraction

from sheets import __version__
from sheets.games.wh40k6 import rules
from sheets.games.wh40k6.view import L
from sheets.render.pdf import Pen, Rect, footer, margins


def pct(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"


def cell_text(target: int | None) -> tuple[str, str]:
    """("4+", "50%") for a D6 target, ("–", "") when it cannot succeed."""
    if target is None:
        return "–", ""
    return f"{target}+", pct(rules.p_d6(target))


def _fill(pen: Pen, p: float):
    if pen.t.mono:
        g = 1.0 - 0.45 * p  # light greys: the black numbers stay readable
        return (g, g, g)
    # pale red (unlikely) → pale green (likely)
    lo, hi = (0.98, 0.80, 0.76), (0.72, 0.90, 0.70)
    return tuple(lo[i] + (hi[i] - lo[i]) * p for i in range(3))


def grid(pen: Pen, r: Rect, corner: str, cols: list[str], rows: list[str], cell, dagger=None) -> float:
    """A labelled grid filling the width of ``r`` from its top; ``cell(i, j)`` → D6 target or None.
    Returns the height used."""
    n_c, n_r = len(cols), len(rows)
    head_w = r.w * 0.09
    cw = (r.w - head_w) / n_c
    ch = min(cw * 0.8, r.h / (n_r + 1))
    top = r.top
    with pen.frame(r):
        hdr = Rect(r.x, top - ch, r.w, ch)
        pen.rect(hdr, fill=pen.t.band, stroke=False)
        pen.text_in(Rect(r.x, top - ch, head_w, ch), corner, min(9, ch * 0.4), "Sans-Bold", "center", pad=1)
        for j, c in enumerate(cols):
            pen.text_in(
                Rect(r.x + head_w + j * cw, top - ch, cw, ch), c, min(11, ch * 0.45), "Sans-Bold", "center"
            )
        for i, name in enumerate(rows):
            y = top - (i + 2) * ch
            pen.rect(Rect(r.x, y, head_w, ch), fill=pen.t.band, stroke=False)
            pen.text_in(Rect(r.x, y, head_w, ch), name, min(11, ch * 0.45), "Sans-Bold", "center")
            for j in range(n_c):
                target = cell(i, j)
                box = Rect(r.x + head_w + j * cw, y, cw, ch)
                p = float(rules.p_d6(target))
                pen.rect(
                    box,
                    fill=_fill(pen, p) if target else (pen.t.faint if not pen.t.mono else (1, 1, 1)),
                    width=0.4,
                )
                big, small = cell_text(target)
                mark = "†" if dagger and dagger(i, j) else ""
                pen.text(
                    box.x + cw / 2,
                    box.y + ch * 0.5,
                    big + mark,
                    min(12, ch * 0.38),
                    "Sans-Bold",
                    "center",
                    max_width=cw - 3,
                )
                if small:
                    pen.text(
                        box.x + cw / 2,
                        box.y + ch * 0.16,
                        small,
                        min(8.5, ch * 0.26),
                        "Sans",
                        "center",
                        max_width=cw - 3,
                    )
    return (n_r + 1) * ch


def _page(doc, options, title_key: str):
    pen = doc.page()
    m = margins(options.paper)
    frame = Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)
    t = L(options.lang)
    pen.heading(Rect(frame.x, frame.top - 24, frame.w, 24), t(title_key), 13)
    return pen, frame, t


def _grid_page(doc, options, title_key: str, axis_key: str, below: float):
    """A chart page: title, the axis line and the grid's area (``below`` points kept under it)."""
    pen, frame, t = _page(doc, options, title_key)
    y = frame.top - 34
    pen.text(frame.x, y - 8, t(axis_key), 10, "Sans-Bold", max_width=frame.w)
    y -= 16
    area = Rect(frame.x, frame.y + below, frame.w, y - frame.y - below)
    return pen, frame, t, area, [str(i) for i in range(1, 11)]


def to_wound(doc, options) -> None:
    pen, frame, t, area, nums = _grid_page(doc, options, "chart_wound", "chart_wound_axis", 60)
    used = grid(
        pen,
        area,
        "S \\ T",
        nums,
        nums,
        lambda i, j: rules.to_wound(i + 1, j + 1),
        dagger=lambda i, j: not rules.to_wound_verified(i + 1, j + 1),
    )
    y = area.top - used - 14
    pen.text(frame.x, y, t("chart_cell_note"), 8, max_width=frame.w)
    pen.text(frame.x, y - 12, t("chart_instant_death"), 8, max_width=frame.w)
    pen.text(frame.x, y - 24, t("chart_wound_dagger"), 8, color=pen.t.warn, max_width=frame.w)
    footer(pen, frame, f"{t('generated_by')} {__version__}", t("chart_wound"))


def to_hit(doc, options) -> None:
    pen, frame, t, area, nums = _grid_page(doc, options, "chart_ws", "chart_ws_axis", 150)
    used = grid(pen, area, "WS", nums, nums, lambda i, j: rules.ws_to_hit(i + 1, j + 1))
    y = area.top - used - 12
    pen.text(frame.x, y, t("chart_cell_note"), 8, max_width=frame.w)
    y -= 20
    pen.heading(Rect(frame.x, y - 18, frame.w, 18), t("chart_bs"), 10)
    y -= 22
    bs_rows = [[t("chart_bs_hit")], [t("chart_bs_reroll")], [t("chart_bs_snap")]]
    for bs in range(1, 11):
        hit, reroll = rules.bs_to_hit(bs)
        p = rules.p_d6(hit) + ((1 - rules.p_d6(hit)) * rules.p_d6(reroll) if reroll else 0)
        bs_rows[0].append(f"{hit}+ {pct(p)}")
        bs_rows[1].append(f"{reroll}+" if reroll else "–")
        bs_rows[2].append(f"{rules.charts()['snap_shot']}+")
    with pen.frame(Rect(frame.x, frame.y, frame.w, y - frame.y)):
        pen.table(
            Rect(frame.x, y - 4 * 16, frame.w, 4 * 16),
            [3.2] + [1] * 10,
            bs_rows,
            header=["BS"] + [str(i) for i in range(1, 11)],
            size=8.5,
            row_h=16,
            grid=True,
        )
    footer(pen, frame, f"{t('generated_by')} {__version__}", t("chart_ws"))
