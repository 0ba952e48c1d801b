"""The army-list page(s) shared by every game: title, groups with rows, subtotals, total and
the limit check (over the limit is printed in a framed warning)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sheets import __version__
from sheets.render import fonts
from sheets.render.pdf import Document, Pen, Rect, Size, footer, margins

if TYPE_CHECKING:
    from sheets.core.game import Options

# one army list: what sheets.core.roster.army_list gives
ArmyList = dict[str, Any]


def draw_army_list(doc: Document, data: ArmyList, options: Options) -> None:
    """One army list, starting on a new page."""
    draw_army_lists(doc, [data], options)


def draw_army_lists(doc: Document, lists: list[ArmyList], options: Options) -> None:
    """Several army lists one after the other (a multi-file render lists every roster), on as
    few pages as they fit: a list starts a page only when its title, first group and totals do
    not fit under the previous one; a group (a ProtoMech Point) is never split across pages,
    unless it is longer than a page: then it continues on the next, its header repeated."""
    m = margins(options.paper)
    frame = Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)
    pen: Pen | None = None
    y = 0.0
    for data in lists:
        pen, y = _draw_one(doc, pen, y, frame, data)
    if pen is not None:
        L = lists[-1]["labels"]
        footer(pen, frame, f"{L['generated_by']} {__version__}", lists[-1]["game"])


def list_title(data: ArmyList) -> str:
    """The heading of one army list: "Army list: <roster name>", or just "Army list" for a file
    without a roster name (never "Army list: Army list")."""
    label = data["labels"]["army_list"]
    return f"{label}: {data['name']}" if data.get("name") else label


def _columns(data: ArmyList) -> list[dict[str, str]]:
    """The list's columns without the ones no unit fills (e.g. Model, Pilot when all blank)."""
    rows = [r for g in data["groups"] for r in g["rows"]]
    keep = [
        c
        for c in data["columns"]
        if c["key"] in ("name", "cost") or any(r.get(c["key"]) not in (None, "") for r in rows)
    ]
    return [{"key": "no", "label": data["labels"]["col_no"]}] + keep


ROW_H = 13
SIZE = 8.5  # body and header size of the list's table (never shrunk: long cells wrap)
LEAD = 9.5  # each extra line of a wrapped cell adds this much to its row
PAD = 3.0
_LEFT = ("name", "pilot", "joins", "faction", "notes", "type")


def _col_widths(columns: list[dict[str, str]], rows: list[list[str]], width: float) -> list[float]:
    """Column widths in points that fill ``width``: every column gets its natural width (the
    widest cell or header at 8.5 pt) when they fit together; the spare width goes to the Name
    column. When they do not fit, the columns with several words give up width (down to their
    longest word) and their cells wrap onto more lines — the type is never shrunk below size."""

    def w(text: str, font: str = "Sans") -> float:
        return fonts.width(text, font, SIZE) + 2 * PAD + 0.5

    natural: list[float] = []
    floor: list[float] = []
    for i, c in enumerate(columns):
        cells = [r[i] for r in rows]
        nat = max([w(c["label"], "Sans-Bold")] + [w(x) for x in cells])
        words = [x for t in cells for x in t.split()] + c["label"].split()
        low = max(
            [w(x) for x in words] + [w(c["label"].split()[0] if c["label"].split() else "", "Sans-Bold")]
        )
        natural.append(nat)
        floor.append(min(nat, max(low, 14.0)))
    total = sum(natural)
    if total <= width:
        name_i = next((i for i, c in enumerate(columns) if c["key"] == "name"), len(columns) - 1)
        out = list(natural)
        spare = width - total  # half to the Name column, half shared by the others (not #)
        others = [i for i in range(1, len(out)) if i != name_i]
        out[name_i] += spare / 2 if others else spare
        for i in others:
            out[i] += spare / 2 / len(others)
        return out
    # shrink the widest columns first until everything fits (never below a column's floor)
    out = list(natural)
    excess = total - width
    while excess > 0.01:
        room = [i for i in range(len(out)) if out[i] - floor[i] > 0.01]
        if not room:
            break
        top = max(out[i] for i in room)
        tops = [i for i in room if out[i] >= top - 0.01]
        rest = max([out[i] for i in room if i not in tops] + [0.0])
        step = min(
            excess / len(tops),
            top - rest if rest else excess / len(tops),
            min(out[i] - floor[i] for i in tops),
        )
        for i in tops:
            out[i] -= step
        excess -= step * len(tops)
    if excess > 0.01:  # even the floors do not fit: scale (single huge words; 6 pt holds)
        k = width / sum(out)
        out = [x * k for x in out]
    return out


def _cell_lines(text: str, width: float, font: str = "Sans") -> list[str]:
    # (at least one line: an empty text wraps to [""])
    return Pen.wrap_static(text, font, SIZE, width - 2 * PAD - 0.5)


def _table(
    pen: Pen,
    x: float,
    top: float,
    widths: list[float],
    header: list[str],
    rows: list[list[str]],
    aligns: list[str],
) -> float:
    """The group's table at 8.5 pt; a cell too long for its column wraps and its row grows.
    Returns the height used."""
    y = top
    total_w = sum(widths)
    for ri, row in enumerate([header] + rows):
        font = "Sans-Bold" if ri == 0 else "Sans"
        lines = [_cell_lines(cell, cw, font) for cell, cw in zip(row, widths)]
        h = ROW_H + LEAD * (max(len(l) for l in lines) - 1)
        rr = Rect(x, y - h, total_w, h)
        if ri == 0:
            pen.rect(rr, fill=pen.t.band, stroke=False)
        elif ri % 2 == 0:
            pen.rect(rr, fill=pen.t.faint, stroke=False)
        cx = x
        for cell_lines, cw, al in zip(lines, widths, aligns):
            cell = Rect(cx, rr.y, cw, h)
            n = len(cell_lines)
            first = rr.y + (h - SIZE * 0.72) / 2 + LEAD * (n - 1) / 2
            tx = {"left": cx + PAD, "center": cx + cw / 2, "right": cx + cw - PAD}[al]
            with pen.frame(cell):
                for k, line in enumerate(cell_lines):
                    pen.text(tx, first - k * LEAD, line, SIZE, font, al, max_width=cw - 2 * PAD, min_size=6)
            cx += cw
        if ri > 0:
            pen.line(x, rr.y, x + total_w, rr.y, 0.3)
        y -= h
    return top - y


def _row_h(widths: list[float], row: list[str], font: str) -> float:
    """The height of one table row (its cells wrap at the list's one size)."""
    return ROW_H + LEAD * (max(len(_cell_lines(c, w, font)) for c, w in zip(row, widths)) - 1)


def _table_h(widths: list[float], header: list[str], rows: list[list[str]]) -> float:
    h = 0.0
    for ri, row in enumerate([header] + rows):
        font = "Sans-Bold" if ri == 0 else "Sans"
        h += ROW_H + LEAD * (max(len(_cell_lines(c, w, font)) for c, w in zip(row, widths)) - 1)
    return h


def _group_h(group: dict[str, Any], table_h: float | None = None) -> float:
    if table_h is None:
        table_h = ROW_H * (len(group["rows"]) + 1)
    return table_h + (16 if group["title"] else 0) + 22


def _draw_one(doc: Document, pen: Pen | None, y: float, frame: Rect, data: ArmyList) -> tuple[Pen, float]:
    """One army list at ``y`` under what ``pen`` drew (None: on a new page); the pen and the
    height it ends at."""
    L = data["labels"]
    columns = _columns(data)
    header = [c["label"] for c in columns]
    group_rows = [[[_fmt(r.get(c["key"])) for c in columns] for r in g["rows"]] for g in data["groups"]]
    widths = _col_widths(columns, [row for rows in group_rows for row in rows], frame.w)
    aligns = ["right"] + ["left" if c["key"] in _LEFT else "center" for c in columns[1:]]
    if data["groups"]:
        # the gap, the title and the first group with the 50 pt it keeps under itself (with
        # less, the group would move on to the next page and leave the title alone here)
        first_h = _table_h(widths, header, group_rows[0])
        need = 14 + 36 + 16 + _group_h(data["groups"][0], first_h) + 50
    else:
        need = 36 + 16 + _group_h({"rows": [], "title": ""}) + 56
    if pen is None or y - need < frame.y:
        if pen is not None:
            footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
        pen, y = doc.page(), frame.top
    else:
        y -= 14  # the next list on the same page
    pen.heading(Rect(frame.x, y - 22, frame.w, 22), list_title(data), 13)
    y -= 36
    sub = f"{data['game']}"
    if data.get("rules"):
        sub += f" · {data['rules_name']}"
    pen.text(frame.x, y, sub, 9, max_width=frame.w)
    y -= 16
    for group, rows in zip(data["groups"], group_rows):
        th = _table_h(widths, header, rows)
        fresh = _group_h(group, th) <= frame.h - 50  # the whole group fits on a page of its own
        if y - _group_h(group, th) < frame.y + 50 and fresh:
            footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
            pen = doc.page()
            y = frame.top
        if group["title"]:
            pen.text(frame.x, y - 10, group["title"], 10, "Sans-Bold", max_width=frame.w)
            y -= 16
        # a group longer than a page continues on the next page(s), its header repeated
        while rows:
            heights = [_row_h(widths, row, "Sans") for row in rows]
            room = y - (frame.y + 50) - _row_h(widths, header, "Sans-Bold")
            k, used = 0, 0.0
            while k < len(rows) and used + heights[k] <= room:
                used += heights[k]
                k += 1
            if k == len(rows) or (k == 0 and y >= frame.top - 16):
                k = max(k, 1)
            elif k < 3 and y < frame.top - 16:  # too few rows fit here: the group starts a page
                footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
                pen, y = doc.page(), frame.top
                continue
            y -= _table(pen, frame.x, y, widths, header, rows[:k], aligns)
            rows = rows[k:]
            if rows:
                footer(pen, frame, f"{L['generated_by']} {__version__}", data["game"])
                pen, y = doc.page(), frame.top
        if len(data["groups"]) > 1 and group.get("subtotal") is not None:
            pen.text(
                frame.right - 2,
                y - 10,
                f"{L['subtotal']}: {_fmt(group['subtotal'])}",
                8.5,
                "Sans-Bold",
                align="right",
            )
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
    pen.text(
        box.x + 8,
        box.top - 15,
        f"{L['total']}: {_fmt(data['total'])} {unit}   ·   {L['units_count']}: {data['unit_count']}",
        11,
        "Sans-Bold",
        max_width=box.w - 16,
    )
    status = limit_status(data)
    pen.text(
        box.x + 8,
        box.y + 8,
        status,
        10,
        "Sans-Bold" if over else "Sans",
        color=pen.t.warn if over else None,
        max_width=box.w - 16,
    )
    y = box.y - 10
    return _tally_and_violations(doc, pen, frame, y, data)


def limit_status(data: ArmyList) -> str:
    """The list's limit line: "no limit set", "Limit: 50 AP — within the limit (Remaining: 2)"
    or "Limit: 50 AP — OVER THE LIMIT by 3 AP"."""
    L, unit = data["labels"], data["limit_unit"]
    if data["limit"] is None:
        return L["no_limit"]
    if data["over"]:
        return f"{L['limit']}: {data['limit']} {unit}  —  {L['over_limit']} {_fmt(data['over_by'])} {unit}"
    return f"{L['limit']}: {data['limit']} {unit}  —  {L['within_limit']} ({L['remaining']}: {_fmt(data['remaining'])})"


def _tally_and_violations(
    doc: Document, pen: Pen, frame: Rect, y: float, data: ArmyList
) -> tuple[Pen, float]:
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
        pen.text_in(
            r,
            text,
            size,
            "Sans-Bold" if bad else "Sans",
            "center",
            pad=pad,
            color=pen.t.warn if bad else None,
        )
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


def _fmt(v: object) -> str:
    if v is None:
        return "—"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def army_lists_height(lists: list[ArmyList], width: float) -> float:
    """The height ``draw_army_lists_in`` needs for ``lists`` at ``width`` (the same steps as
    the page layout above)."""
    h = need = 0.0
    for n, data in enumerate(lists):
        h += (14 if n else 0) + 36 + 16
        columns = _columns(data)
        header = [c["label"] for c in columns]
        cells = [[_fmt(r.get(c["key"])) for c in columns] for g in data["groups"] for r in g["rows"]]
        widths = _col_widths(columns, cells, width)
        for group in data["groups"]:
            rows = [[_fmt(r.get(c["key"])) for c in columns] for r in group["rows"]]
            group_h = _group_h(group, _table_h(widths, header, rows))
            # _draw_one moves a group to a new page unless 50 pt stay under it (room for the totals)
            need = max(need, h + group_h + 50)
            h += group_h - 22 + 8
            if len(data["groups"]) > 1 and group.get("subtotal") is not None:
                h += 14
        h += 56
        chips, lines = data.get("tally") or [], data.get("violations") or []
        h += (14 + 6) * (len(chips) // 4 + 1) if chips else 0
        h += (16 + 12 * len(lines)) if lines else 0
    return max(h, need)


def draw_army_lists_in(doc: Document, pen: Pen, region: Rect, lists: list[ArmyList]) -> None:
    """The army lists at the top of ``region`` of a page already begun (e.g. under the units
    of a record-sheet page with free slots); the caller checked ``army_lists_height``."""
    y = region.top + 14  # _draw_one takes 14 off for a list that shares a page
    for data in lists:
        pen, y = _draw_one(doc, pen, y, region, data)


# -- the army list on the first page of the sheets --------------------------------------------------


class _FirstPageDrawn(Exception):
    """The trial drawing of :func:`first_page_room` stops when the second page starts."""


def first_page_room(
    doc_factory: Callable[[], Document], draw: Callable[[Document], object], paper: str
) -> Rect | None:
    """The widest free band, full width, that ``draw(doc)`` leaves on its first page (a trial
    drawing on a scratch ``doc_factory()`` document, stopped when the second page starts):
    under everything, or between two blocks (12 pt of paper kept on each side); None when
    nothing is drawn. Footer lines in the bottom margin and lines taller than half the page
    (a frame around it) do not count as content."""
    doc = doc_factory()
    opened = doc.page

    def page(size: Size | None = None) -> Pen:
        if doc.pages >= 1:
            raise _FirstPageDrawn
        return opened(size)

    doc.page = page  # type: ignore[method-assign]
    try:
        draw(doc)
    except _FirstPageDrawn:
        pass
    if doc.recorder is None or not doc.recorder.pages or doc.recorder.pages[0]["number"] != 1:
        return None
    page1 = doc.recorder.pages[0]
    width, height = page1["size"]
    m = margins(paper)
    bottom, top = m + 14, height - m  # the list's own frame (draw_army_lists)
    spans: list[tuple[float, float]] = []
    for it in page1["items"]:
        kind = it[0]
        if kind == "t":
            y0, y1 = it[5][1], it[5][3]
        elif kind == "b":
            y0, y1 = it[1][1], it[1][3]
        elif kind == "p":
            y0, y1 = it[2] - it[3], it[2] + it[3]
        elif kind in ("c", "s"):
            ys = [p[1] for p in it[1]]
            y0, y1 = min(ys), max(ys)
            if kind == "s" and y1 - y0 > height / 2:  # a frame around the page, a long rule
                continue
        else:
            continue
        if y1 <= bottom:  # the footer, in the margin
            continue
        spans.append((y0, y1))
    spans.sort(key=lambda s: -s[1])  # from the top of the page down
    best: tuple[float, float] | None = None
    cursor = top
    for y0, y1 in spans + [(bottom - 12, bottom - 12)]:
        gap_top, gap_bottom = cursor - 12, max(y1, bottom - 12) + 12
        if gap_top - gap_bottom > 0 and (best is None or gap_top - gap_bottom > best[0] - best[1]):
            best = (gap_top, gap_bottom)
        cursor = min(cursor, y0)
    if best is None:
        return Rect(m, bottom, width - 2 * m, 0)
    return Rect(m, best[1], width - 2 * m, best[0] - best[1])


def share_first_page(doc: Document, lists: list[ArmyList], room: Rect | None) -> bool:
    """Draw ``lists`` into ``room`` of the document's first page, when the renderer that draws
    next leaves that room free (see :func:`first_page_room`) and they fit there: the list is
    drawn when the second page starts (or the document finishes). Returns False (nothing
    arranged) when they do not fit: the caller prints them on their own page(s) first."""
    if room is None or not lists or room.h < army_lists_height(lists, room.w):
        return False
    opened, finish = doc.page, doc.finish
    state = {"done": False}

    def place() -> None:
        if not state["done"] and doc.pages == 1:
            state["done"] = True
            pen = doc.pen
            if not pen.skip:
                draw_army_lists_in(doc, pen, room, lists)

    def page(size: Size | None = None) -> Pen:
        if doc.pages >= 1:  # the first page is done: the list goes there, then the hook goes
            place()
            doc.page = opened  # type: ignore[method-assign]
        return opened(size)

    def finished() -> bytes:
        place()
        doc.page, doc.finish = opened, finish  # type: ignore[method-assign]
        return finish()

    doc.page, doc.finish = page, finished  # type: ignore[method-assign]
    return True
