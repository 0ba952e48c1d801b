"""``sheets reference dust``: the cover and heroes quick reference as cards.

Four cards, imposed like unit cards (same sizes, crop marks and options, default poker):

1. Cover: being in cover, the three save types with their shield icons and the average share
   of hits each cancels with the assumed dice, soft + soft = hard, the corner rule, squares
   without a dot, weapons that ignore cover;
2. Heroes and cover objects: joining, acting together, pooled health, splitting, no cover value;
   the cover-object table (cover, armour, hit points) and how to attack them;
3.–4. the cover objects (ammo crate, tank trap) as unit-like cards with their damage boxes.

Every text card names the dice edition it assumes in its footer. Wording is our own short
summary (labels of ``data/dust/labels.yaml``), in ``options.lang``.
"""

from __future__ import annotations

from sheets.games.dust import view
from sheets.games.dust.cards import (
    BOLD,
    FONT,
    background,
    dice_footer,
    face,
    footer_lines,
    line_unit,
    shield,
    texts,
    title_band,
)
from sheets.games.dust.model import cover_objects
from sheets.games.dust.rules import dice_edition
from sheets.render import cards as shared
from sheets.render.cards import CardBox, Drawer
from sheets.render.pdf import Pen, Rect

LEADING = 1.2
MIN_TEXT = 6.0  # the smallest type on a reference card


def table_widths(header, rows, s: float) -> list[float]:
    """Column widths (points, used as fractions): each column as wide as its widest cell."""
    from sheets.render import fonts

    cols = list(zip(header, *rows))
    return [max(fonts.width(str(c), BOLD, s) for c in col) + 0.8 * s for col in cols]


def render(doc, options) -> None:
    """Print the reference cards (see the module docstring) on new pages of ``doc``."""
    lang = options.lang
    L = texts(lang)
    extra = options.extra or {}
    edition = dice_edition(extra.get("dice"))
    dice = {"dice": {"label": edition.label}, "footnotes": [] if edition.verified else ["unverified_note"]}
    faces = [
        text_card(L("ref_cover_title"), cover_items(L, edition), dice, L),
        text_card(L("ref_heroes_title"), hero_items(L, lang), dice, L),
    ]
    for obj in cover_objects(lang):
        faces.append(face(view.card_data(obj, [obj], options), lang))
    shared.impose(doc, faces, options)


# -- content ---------------------------------------------------------------------------------


def cover_items(L, edition) -> list[tuple]:
    """The cover card's items: ("bullet", text, level), ("legend", save, text), ("heading", text)."""

    def odds(save: str) -> str:
        return L("ref_save_odds").format(p=str(edition.p_stop(save)))

    return [
        ("bullet", L("ref_in_cover"), 0),
        ("bullet", L("ref_sources"), 0),
        ("bullet", L("ref_card_says"), 0),
        ("legend", "hits", f"{L('ref_save_hits')} ({odds('hits')})"),
        ("legend", "misses", f"{L('ref_save_misses')} ({odds('misses')})"),
        ("legend", "none", L("ref_save_none")),
        ("bullet", L("ref_soft_soft"), 0),
        ("bullet", L("ref_corner"), 0),
        ("bullet", L("ref_corner_adjacent"), 1),
        ("bullet", L("ref_corner_los"), 1),
        ("bullet", L("ref_no_dot"), 0),
        ("bullet", L("ref_squads_no_cover"), 0),
        ("bullet", L("ref_ignore_cover"), 0),
    ]


def hero_items(L, lang: str) -> list[tuple]:
    """The heroes and cover-objects card's items (as :func:`cover_items`). The objects' armour
    and «очки здоровья» are on their own cards, printed next to this one."""
    return [
        ("bullet", L("ref_hero_share"), 0),
        ("bullet", L("ref_hero_join"), 0),
        ("bullet", L("ref_hero_together"), 0),
        ("bullet", L("ref_hero_abilities"), 0),
        ("bullet", L("ref_hero_pooled"), 0),
        ("bullet", L("ref_hero_split"), 0),
        ("bullet", L("hero_no_cover"), 0),
        ("heading", L("ref_objects_title")),
        ("bullet", L("ref_objects"), 0),
        ("bullet", L("ref_one_weapon"), 0),
        ("bullet", L("ref_crate_vehicle"), 0),
    ]


# -- drawing -----------------------------------------------------------------------------------


def text_card(title: str, items: list[tuple], dice: dict, L) -> Drawer:
    """A card with a title band, ``items`` in the largest type that fits, and the dice footer."""

    def draw(pen: Pen, box: CardBox) -> None:
        inner = background(pen, box)
        u = line_unit(box)
        band = Rect(inner.x, inner.top - 1.7 * u, inner.w, 1.7 * u)
        title_band(pen, band, title)
        foot_size = 5.5  # the dice edition is a source line: fine print
        foot_h = len(footer_lines(pen, dice, L, inner.w, foot_size)) * foot_size * 1.2 + 0.2 * u
        body = Rect(inner.x, inner.y + foot_h + 0.3 * u, inner.w, band.y - inner.y - foot_h - 0.6 * u)
        size = 0.8 * u
        while size > MIN_TEXT and flow(pen, body, items, size, L, draw=False) > body.h:
            size = max(MIN_TEXT, size - 0.1)
        # full at the smallest legible size: tighter spacing between items, not smaller type
        space = 0.2 if flow(pen, body, items, size, L, draw=False) <= body.h else 0.05
        flow(pen, body, items, size, L, draw=True, space=space)
        dice_footer(pen, Rect(inner.x, inner.y, inner.w, foot_h), dice, L, foot_size)

    return draw


def flow(pen: Pen, r: Rect, items: list[tuple], s: float, L, draw: bool, space: float = 0.2) -> float:
    """Lay ``items`` out from the top of ``r`` at type size ``s``; draw them when ``draw``.
    Returns the height used (the same whether drawn or not)."""
    y = r.top
    for item in items:
        kind = item[0]
        if kind == "heading":
            h = 1.5 * s
            if draw:
                band = Rect(r.x, y - h, r.w, h)
                pen.rect(band, fill=pen.t.band, stroke=False, radius=0.2 * s)
                pen.text_in(band, item[1], s, BOLD, pad=0.4 * s)
            y -= h + space * s
        elif kind == "table":
            _, header, rows = item
            h = 1.45 * s * (len(rows) + 1)
            if draw:
                pen.table(
                    Rect(r.x, y - h, r.w, h),
                    table_widths(header, rows, s),
                    rows,
                    header=header,
                    size=s,
                    font=FONT,
                    header_font=BOLD,
                    row_h=1.45 * s,
                    grid=True,
                )
            y -= h + space * s
        elif kind == "legend":
            _, save, text = item
            icon_w = 2.2 * s
            lines = pen.wrap(text, FONT, s, r.w - icon_w - 0.4 * s)
            h = max(2.2 * s, len(lines) * s * LEADING)
            if draw:  # the shield is a legend sample; the text beside it names the save
                icon = Rect(r.x, y - h + (h - 2.2 * s) / 2, icon_w, 2.2 * s)
                shield(pen, icon, "", empty=save == "none")
                _lines(
                    pen,
                    r.x + icon_w + 0.4 * s,
                    y - (h - len(lines) * s * LEADING) / 2,
                    lines,
                    s,
                    r.right - r.x - icon_w - 0.4 * s,
                )
            y -= h + space * s
        else:
            _, text, level = item
            indent = (1.0 + 1.1 * level) * s
            lines = pen.wrap(text, FONT, s, r.w - indent)
            h = len(lines) * s * LEADING
            if draw:
                pen.text(r.x + indent - 0.9 * s, y - s, "•" if level == 0 else "–", s, FONT)
                _lines(pen, r.x + indent, y, lines, s, r.w - indent)
            y -= h + space * s
    return r.top - y


def _lines(pen: Pen, x: float, top: float, lines: list[str], s: float, width: float) -> None:
    y = top - s
    for line in lines:
        pen.text(x, y, line, s, FONT, max_width=width)
        y -= s * LEADING
