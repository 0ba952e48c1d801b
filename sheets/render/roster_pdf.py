"""The army-list page(s) shared by every game: title, groups with rows, subtotals, total and
the limit check (over the limit is printed in a framed warning)."""

from __future__ import annotations

from sheets import __version__
from sheets.render import fonts
from sheets.render.pdf import Rect, footer, margins


def draw_army_list(doc, data: dict, options) -> None:
    """One army list, starting on a new page."""
    draw_army_lists(doc, [data], options)


def draw_army_lists(doc, lists: list[dict], options) -> None:
    """Several army lists one after the other (a multi-file render lists every roster), on as
    few pages as they fit: a list starts a page only when its title, first group and totals do
    not fit under the previous one; a group (a ProtoMech Point) is never split across pages."""
    m = margins(options.paper)
    frame = Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)
    pen, y = None, None
    for data in lists:
        pen, y = _draw_one(doc, pen, y, frame, data)
    if pen is not None:
        L = lists[-1]["labels"]
        footer(pen, frame, f"{L['generated_by']} {__version__}", lists[-1]["game"])


def _columns(data: dict) -> list[dict]:
    """The list's columns without the ones no unit fills (e.g. Model, Pilot when all blank)."""
    rows = [r for g in data["groups"] for r in g["rows"]]
    keep = [c for c in data["columns"]
            if c["key"] in ("name", "cost") or any(r.get(c["key"]) not in (None, "") for r in rows)]
    return [{"key": "no", "label": data["labels"]["col_no"]}] + keep


ROW_H = 13


def _group_h(group: dict) -> float:
    return ROW_H * (len(group["rows"]) + 1) + (16 if group["title"] else 0) + 22


def _draw_one(doc, pen, y, frame: Rect, data: dict):
    L = data["labels"]
    first = data["groups"][0] if data["groups"] else {"rows": [], "title": ""}
    need = 36 + 16 + _group_h(first) + 56
    if pen is None or y - need < frame.y:
        if pen is not None:
            footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
        pen, y = doc.page(), frame.top
    else:
        y -= 14  # the next list on the same page
    title = data["name"] or L["army_list"]
    pen.heading(Rect(frame.x, y - 22, frame.w, 22), f"{L['army_list']}: {title}", 13)
    y -= 36
    sub = f"{data['game']}"
    if data.get("rules"):
        sub += f" · {data['rules_name']}"
    pen.text(frame.x, y, sub, 9, max_width=frame.w)
    y -= 16
    columns = _columns(data)
    widths = [0.5] + [3.0 if c["key"] == "name" else 1.4 for c in columns[1:]]
    aligns = ["right"] + ["left" if c["key"] in ("name", "pilot", "joins", "faction", "notes") else "center"
                          for c in columns[1:]]
    row_h = ROW_H
    for group in data["groups"]:
        if y - _group_h(group) < frame.y + 50:
            footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
            pen = doc.page()
            y = frame.top
        if group["title"]:
            pen.text(frame.x, y - 10, group["title"], 10, "Sans-Bold", max_width=frame.w)
            y -= 16
        rows = [[_fmt(r.get(c["key"])) for c in columns] for r in group["rows"]]
        used = pen.table(Rect(frame.x, y - row_h * (len(rows) + 1), frame.w, row_h * (len(rows) + 1)),
                         widths, rows, header=[c["label"] for c in columns], size=8.5, aligns=aligns,
                         row_h=row_h, grid=True)
        y -= used
        if len(data["groups"]) > 1 and group.get("subtotal") is not None:
            pen.text(frame.right - 2, y - 10, f"{L['subtotal']}: {_fmt(group['subtotal'])}", 8.5,
                     "Sans-Bold", align="right")
            y -= 14
        y -= 8
    # totals block
    if y - 46 < frame.y:
        footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
        pen, y = doc.page(), frame.top
    box = Rect(frame.x, y - 46, frame.w, 40)
    over = data["over"]
    pen.rect(box, fill=pen.t.band if not over else None, width=2.0 if over else 0.8)
    unit = data["limit_unit"]
    pen.text(box.x + 8, box.top - 15, f"{L['total']}: {_fmt(data['total'])} {unit}   ·   "
             f"{L['units_count']}: {data['unit_count']}", 11, "Sans-Bold", max_width=box.w - 16)
    if data["limit"] is None:
        status = L["no_limit"]
    elif over:
        status = f"{L['limit']}: {data['limit']} {unit}  —  {L['over_limit']} {_fmt(data['over_by'])} {unit}"
    else:
        status = f"{L['limit']}: {data['limit']} {unit}  —  {L['within_limit']} ({L['remaining']}: {_fmt(data['remaining'])})"
    pen.text(box.x + 8, box.y + 8, status, 10, "Sans-Bold" if over else "Sans",
             color=pen.t.warn if over else None, max_width=box.w - 16)
    y = box.y - 10
    return _tally_and_violations(doc, pen, frame, y, data)


def _tally_and_violations(doc, pen, frame: Rect, y: float, data: dict):
    """The game's summary chips (e.g. "Troops 3 / 2–6", a breach outlined in the warning colour)
    and the list-level violations in the warning colour. Starts a page when space runs out."""
    L = data["labels"]
    chips = data.get("tally") or []
    lines = data.get("violations") or []
    size, pad, chip_h = 8.5, 4, 14
    need = (chip_h + 6) * max(1, len(chips) // 4 + 1) if chips else 0
    need += (16 + 12 * len(lines)) if lines else 0
    if need and y - need < frame.y:
        footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
        pen = doc.page()
        y = frame.top
    x = frame.x
    for chip in chips:
        text = chip["text"]
        w = fonts.width(text, "Sans-Bold" if not chip["ok"] else "Sans", size) + 2 * pad
        if x + w > frame.right:
            x, y = frame.x, y - chip_h - 4
        r = Rect(x, y - chip_h, w, chip_h)
        bad = not chip["ok"]
        pen.rect(r, fill=None if bad else pen.t.faint, width=1.6 if bad else 0.5)
        pen.text_in(r, text, size, "Sans-Bold" if bad else "Sans", "center", pad=pad,
                    color=pen.t.warn if bad else None)
        x += w + 4
    if chips:
        y -= chip_h + 10
    if lines:
        pen.text(frame.x, y - 10, f"{L['violations']}:", 10, "Sans-Bold", color=pen.t.warn, max_width=frame.w)
        y -= 16
        for line in lines:
            pen.text(frame.x + 8, y - 9, f"• {line}", 9, "Sans", color=pen.t.warn, max_width=frame.w - 8)
            y -= 12
    return pen, y


def _fmt(v) -> str:
    if v is None:
        return "—"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)
