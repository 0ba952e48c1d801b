"""Drawing helpers shared by the lnl printouts: labels, the compact Melee Table with † marks and
the chance-to-kill rows, shades for probabilities, and a column text flow.

Every fixed word comes from ``data/lnl/labels.yaml`` in the printout's language.
"""

from __future__ import annotations

import re
from fractions import Fraction

from sheets.core.data import label
from sheets.games.lnl.model import melee_table
from sheets.games.lnl.rules import natural_needed, p_at_least
from sheets.render.pdf import Pen, Rect

ID = "lnl"
FONT, BOLD = "Sans", "Sans-Bold"
MIN_SIZE = 6.0  # nothing read during play below 6 pt
# the abbreviations the seed itself writes in its Russian text (a legend on each page explains them)
SEED_ABBREVIATIONS = ("IFP", "FP", "SW", "LM", "KN", "NME", "MMC", "SMC", "MG", "2d6", "PAC", "Shaken")


def texts(lang: str):
    """``L(key, **fields)`` → the label in ``lang`` (placeholders filled)."""

    def L(key: str, **fields) -> str:
        text = label(ID, key, lang)
        return text.format(**fields) if fields else text

    return L


_WORDS = re.compile(r"[0-9A-Za-z\u0400-\u04FF]+")


def allow(pen: Pen, *texts: str) -> None:
    """Words that may stay in Latin script on a Russian page when the layout is being checked:
    the user's own texts, the game's name and SW model designations (as printed on counters)."""
    if pen.rec is None:
        return
    for text in texts:
        pen.rec.allowed_words.update(_WORDS.findall(str(text or "")))


def allow_fixed(pen: Pen) -> None:
    """The game's (English-only) title and the catalogue's model designations (MG-34, M1919…)."""
    from sheets.games.lnl import GAME
    from sheets.games.lnl.model import catalogue

    allow(
        pen, GAME.name["ru"], "M", *SEED_ABBREVIATIONS, *(sw.name for sw in catalogue().values() if not sw.ru)
    )


def kn_text(cell) -> str:
    return f"{cell.kn}{'' if cell.verified else '†'}"


def any_unverified() -> bool:
    return any(not c.verified for c in melee_table())


def p_kill(kn: int, drm: int) -> Fraction:
    need = natural_needed(kn, drm)
    return Fraction(0) if need is None else p_at_least(need)


def pct(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def shade(pen: Pen, p: Fraction):
    """Cell fill for a probability: a light red → yellow → green ramp in colour; white → mid grey
    in mono (black text stays readable on every shade)."""
    x = float(p)
    if pen.t.mono:
        g = 1.0 - 0.45 * x
        return (g, g, g)
    lo, mid, hi = (0.97, 0.78, 0.74), (0.98, 0.93, 0.68), (0.66, 0.86, 0.64)
    a, b, t = (lo, mid, x * 2) if x < 0.5 else (mid, hi, (x - 0.5) * 2)
    return tuple(round(a[i] + (b[i] - a[i]) * t, 3) for i in range(3))


def draw_table(pen: Pen, r: Rect, L, size: float, drms: tuple = (), head_w: float | None = None) -> float:
    """The Melee Table inside ``r`` from its top: odds row, Kill Number row (unverified cells with
    † in the warning colour) and one chance-to-kill row per DRM in ``drms``. Returns the height."""
    cells = melee_table()
    rows = 2 + len(drms)
    row_h = min(r.h / rows, size * 2.0)
    head_w = head_w or min(
        r.w * 0.22, max(pen_width(L("col_kn"), BOLD, size), pen_width(L("col_odds"), BOLD, size)) + 8
    )
    col_w = (r.w - head_w) / len(cells)
    y = r.top
    # header row: odds columns
    band = Rect(r.x, y - row_h, r.w, row_h)
    pen.rect(band, fill=pen.t.band, stroke=False)
    pen.text_in(Rect(r.x, band.y, head_w, row_h), L("col_odds"), size, BOLD)
    for i, c in enumerate(cells):
        pen.text_in(Rect(r.x + head_w + i * col_w, band.y, col_w, row_h), c.column, size, BOLD, "center")
    y -= row_h
    kn_row = Rect(r.x, y - row_h, r.w, row_h)
    pen.text_in(Rect(r.x, kn_row.y, head_w, row_h), L("col_kn"), size, BOLD)
    for i, c in enumerate(cells):
        box = Rect(r.x + head_w + i * col_w, kn_row.y, col_w, row_h)
        pen.text_in(box, kn_text(c), size * 1.1, BOLD, "center", color=None if c.verified else pen.t.warn)
    y -= row_h
    for drm in drms:
        row = Rect(r.x, y - row_h, r.w, row_h)
        label_text = f"{L('col_drm')} {drm:+d}" if drm else f"{L('col_drm')} 0"
        pen.text_in(Rect(r.x, row.y, head_w, row_h), label_text.replace("-", "−"), size, FONT)
        for i, c in enumerate(cells):
            p = p_kill(c.kn, drm)
            box = Rect(r.x + head_w + i * col_w, row.y, col_w, row_h)
            pen.rect(box.inset(0.6), fill=shade(pen, p), stroke=False)
            pen.text_in(box, pct(p), size, FONT, "center")
        y -= row_h
    # grid
    for k in range(rows + 1):
        yy = r.top - k * row_h
        pen.line(r.x, yy, r.right, yy, 0.4 if k not in (0, rows) else 0.7)
    for i in range(len(cells) + 1):
        xx = r.x + head_w + i * col_w
        pen.line(xx, r.top, xx, r.top - rows * row_h, 0.4)
    pen.line(r.x, r.top, r.x, r.top - rows * row_h, 0.7)
    pen.line(r.right, r.top, r.right, r.top - rows * row_h, 0.7)
    return rows * row_h


def pen_width(text: str, font: str, size: float) -> float:
    from sheets.render import fonts

    return fonts.width(text, font, size)


# -- text flow ---------------------------------------------------------------------------------------

LEADING = 1.22


def flow(pen: Pen, r: Rect, items: list, s: float, draw: bool = True) -> float:
    """Lay out ``items`` from the top of ``r`` at size ``s``: ("h", text) heading band,
    ("n", mark, text) numbered/bulleted paragraph, ("p", text) plain paragraph. Returns height."""
    y = r.top
    for item in items:
        kind = item[0]
        if kind == "h":
            h = s * 1.7
            if y != r.top:
                y -= s * 0.35
            if draw:
                band = Rect(r.x, y - h, r.w, h)
                pen.rect(band, fill=pen.t.accent, stroke=False)
                pen.text_in(band, item[1], s * 1.05, BOLD, color=pen.t.accent_text, pad=s * 0.4)
            y -= h + s * 0.3
        else:
            mark, text = (item[1], item[2]) if kind == "n" else ("", item[1])
            indent = (
                0
                if not mark
                else max(s * 1.5, pen_width("00.", BOLD, s) + s * 0.35)
                if mark.endswith(".")
                else s * 1.5
            )
            lines = wrap_glued(text, FONT, s, r.w - indent)
            if draw:
                if mark:
                    pen.text(r.x, y - s, mark, s, BOLD)
                yy = y - s
                for line in lines:
                    pen.text(r.x + indent, yy, line, s, FONT, max_width=r.w - indent)
                    yy -= s * LEADING
            y -= len(lines) * s * LEADING + s * 0.25
    return r.top - y


# a worked example kept on one line: "4 vs 2 → 2:1", "4 против 2 с героем → 3:1", "1 vs 4 → 1:3
# (one target)", "4:4 = 1:1" (issue 33: "5:1. 4" | "против 2" broke one across two lines)
EXAMPLE = re.compile(
    r"\d+ (?:vs|против) \d+(?: (?:with a hero|с героем))? → \d+:\d+(?: \([^()]{1,24}\))?"
    r"|\d+:\d+ [→=] \d+:\d+"
    r"|\d+ (?:vs|против) \d+"
)


def wrap_glued(text: str, font: str, size: float, width: float) -> list[str]:
    """Word wrap that keeps a worked example on one line (:data:`EXAMPLE`) and never ends a
    line on "→" or starts one with it (the arrow is glued to both neighbours)."""
    from sheets.render.pdf import Pen

    if "\n" in text:
        return Pen.wrap_static(text, font, size, width)
    text = EXAMPLE.sub(lambda m: m.group(0).replace(" ", "\u00a0"), text)
    glued: list[str] = []
    join_next = False
    for w in text.split(" "):
        if glued and (w == "→" or join_next):
            glued[-1] += "\u00a0" + w
        else:
            glued.append(w)
        join_next = w == "→"
    out = []
    for line in _greedy(glued, font, size, width):
        out.append(line.replace("\u00a0", " "))
    return out if out else Pen.wrap_static(text, font, size, width)


def _greedy(words: list[str], font: str, size: float, width: float) -> list[str]:
    lines, line = [], ""
    for w in words:
        if not w:
            continue
        trial = f"{line} {w}" if line else w
        if line and pen_width(trial.replace("\u00a0", " "), font, size) > width:
            lines.append(line)
            line = w
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def fit_size(pen: Pen, boxes: list[tuple[Rect, list]], start: float, floor: float = MIN_SIZE) -> float:
    """The largest size (step 0.1 pt, at least ``floor``) at which every (box, items) fits."""
    s = start
    while s > floor and any(flow(pen, box, items, s, draw=False) > box.h for box, items in boxes):
        s = round(s - 0.1, 2)
    return max(s, floor)
