"""ProtoMech record sheet: one Point (up to five ProtoMechs, file order) per page.

Per unit block (MegaMekLab-style, our own drawing): data column (type, tons, motive type,
movement, BV, pilot with the six-box damage track), weapons inventory with the ammo line, the
torso-weapon roll and notes, the hit-location / critical-hit table with the variant's boxes and
effects, and the armour diagram (armour pips white, structure pips grey).

Everything printed comes from :func:`sheets.games.battletech.view.sheet_data` (numbers) and
``data/battletech/labels.yaml`` (words). A4 and Letter have their own proportions (``LAYOUTS``):
the blocks are computed from each page frame, never scaled.

Each block is drawn in two layers: the skeleton (bands, headers, the whole crit table, pilot
box, diagram frames) is the same for every unit of the same shape and is drawn once as a PDF
form and reused; the unit's own values are drawn on top.
"""

from __future__ import annotations

import functools
import marshal
import re

from sheets import __version__
from sheets.core.data import label
from sheets.games.battletech.rules import armor, is_ultraheavy, structure
from sheets.games.battletech.view import sheet_data
from sheets.render.fonts import width as text_width
from sheets.render.pdf import Pen, Rect, fill_lines, footer, margins, shortened

PER_PAGE = 5
WEAPON_PT = (7.0, 6.5, 6.0)  # the weapons table's type, the largest that fits (read in play)
CRIT_PT = (7.0, 6.5, 6.0)  # the crit table's, likewise
BOX_KIND = {"plain": "plain", "pilot": "shade", "destroy": "heavy"}  # variants.yaml kind -> box_track
MIN_PT = 6.0  # smallest type read at the table (README: print rules)
TICK = 8.6  # tick boxes, pilot cells and pips: 3.03 mm (at least 3 mm)
AMMO_GAP = 1.75  # between two shot boxes: 0.62 mm
PIP_GAP = 1.75  # paper between two pips and between a pip and its cell's frame: 0.62 mm (issue 23:
# at least 0.6 mm, so that one pencil stroke never crosses two)

# Per paper: column fractions (data, weapons, crits, armour), base type size, gap between
# blocks, heading band height.
LAYOUTS = {
    "a4": {"cols": (0.19, 0.235, 0.355, 0.22), "size": 7.0, "gap": 6.0, "head": 10.0},
    "letter": {"cols": (0.19, 0.235, 0.355, 0.22), "size": 6.8, "gap": 2.5, "head": 9.5},
}
# a block that does not fit its slot tries these in turn before it takes two slots (the crit
# table gives room while its words still fit): a wider armour diagram (many pips: a 9 t
# ProtoMech at full armour), a wider weapons column (long weapon names, many ammo bins)
for _layout in LAYOUTS.values():
    _layout["cols_alt"] = (
        _layout["cols"],
        (0.19, 0.235, 0.325, 0.25),
        (0.19, 0.225, 0.305, 0.28),
        (0.19, 0.255, 0.335, 0.22),
        (0.19, 0.27, 0.32, 0.22),
        (0.19, 0.285, 0.305, 0.22),
    )
CRIT_COLS = (0.08, 0.16, 0.76)  # 2D6, location, the crit boxes in hit order


def render(doc, units, options) -> None:
    """Draw record sheets for ``units`` into ``doc`` (five per page)."""
    lang, variant = options.lang, options.rules

    @functools.cache
    def L(key: str) -> str:  # (about a hundred lookups a page: each label once per render)
        return label("battletech", key, lang)

    names = weapon_names(lang)
    odds = not (options.extra or {}).get("no_odds")
    # the page's legend: the armour key (white = armour, grey = structure), the crit boxes,
    # then the odds legend; room for the longest one a page of this variant can have
    key_w = _key_width(L)
    extra = options.extra or {}
    chunks = points(units, extra.get("files"), bool(extra.get("one_per_page"))) or [[]]
    # each Point under its own file's rules (a quad's .blk says tw, a Minotaur's classic)
    rules_of = unit_rules(units, extra.get("files"), variant)
    variants = [point_rules(chunk, rules_of, variant) for chunk in chunks]
    full = full_names(chunks, options.paper, doc.size, L)
    # the pilots' odds lines of a page: one per Gunnery value of its Point (room for the Point
    # with the most of them)
    known: dict = {}  # id(unit) -> sheet data, worked out once; ("plan", id) -> columns, type
    skills = [pilot_skills(chunk, v, known) if odds else [] for chunk, v in zip(chunks, variants)]
    notes = [page_notes(chunk, v, known) for chunk, v in zip(chunks, variants)]
    legend_h = (
        max(
            len(legend_lines(v, doc.size, options.paper, L, key_w, odds, True, full, g, n))
            for g, n, v in zip(skills, notes, variants)
        )
        * MIN_PT
        * 1.12
        + 3
    )
    pages = _pages(chunks, variants, options.paper, doc.size, L, legend_h, lang, names, odds, known)
    frame, head, slots = page_geometry(options.paper, doc.size, legend_h)
    room = Rect(frame.x, frame.y + legend_h, frame.w, frame.h - legend_h)  # above the legend
    # the army list goes under the units of the first page with room for it, else on its own
    # page(s) before the sheets
    lists = (options.extra or {}).get("army_lists") or []
    list_page = None
    if lists:
        from sheets.render.roster_pdf import army_lists_height, draw_army_lists

        need = army_lists_height(lists, frame.w)
        for n, (_, _, placed) in enumerate(pages):
            if _free(placed, slots, room).h >= need:
                list_page = n
                break
        if list_page is None and need <= room.h - 8:
            # no sheet page has room (full Points): the list gets a last page of its own, whose
            # rest holds blank blocks to fill in by hand (issue 23: that page was 29 % used)
            pages.append((None, False, []))
            list_page = len(pages) - 1
        # longer than a page: page(s) of their own after the sheets (the last one may be short)
    for page_no, (point_no, cont, placed) in enumerate(pages, 1):
        pen = doc.page()
        if pen.skip:  # drawn by another worker (render --jobs)
            continue
        variant = variants[point_no - 1] if point_no is not None else options.rules
        pen.heading(head, L("sheet_title"), 12)
        if point_no is not None and not any(is_ultraheavy(u) for u in chunks[point_no - 1]):
            # a Point without ultraheavies fits one page (the layout checker flags a spill)
            pen.mark("keep", f"{L('point')} {point_no}")
        if point_no is not None:
            title = f"{L('point')} {point_no}/{len(chunks)}" + (f" ({L('point_cont')})" if cont else "")
            pen.text(
                head.right - 4,
                head.y + 5,
                title,
                8.5,
                "Sans-Bold",
                align="right",
                color=pen.t.accent_text,
                max_width=frame.w * 0.25,
            )
        blocks = []
        for number, unit, first, span in placed:
            d = _data(unit, variant, known)
            slot = slots[first]
            cols, pt = known.get(("plan", id(unit)), (None, None))  # worked out while paging
            if span > 1:  # a double block: two slots and the gap between them
                slot = Rect(slot.x, slots[first + span - 1].y, slot.w, slot.top - slots[first + span - 1].y)
                pt = None
            blocks.append(Block(pen, slot, d, number, options.paper, lang, L, names, odds, pt, cols))
        # one weapons type size for the page's blocks: the largest every one of them holds
        page_pt = min((b.wfs for b in blocks), default=MIN_PT)
        for b in blocks:
            if b.wfs != page_pt:
                b = Block(pen, b.slot, b.d, b.number, options.paper, lang, L, names, odds, page_pt, b.cols)
            b.draw()
        used = sum(span for *_, span in placed)
        if list_page != page_no - 1 and 0 < used < PER_PAGE and not cont_next(pages, page_no):
            # the rest of a Point's page: blank blocks to fill in by hand (issue 23: a one-unit
            # file filled a fifth of the page)
            # (numbered within the Point: never beyond its five)
            last = max(number for number, *_ in placed)
            for k in range(used, min(PER_PAGE, used + PER_PAGE - last)):
                BlankBlock(
                    pen, slots[k], blank_data(variant), last + k - used + 1, options.paper, lang, L
                ).draw()
        if list_page == page_no - 1:
            from sheets.render.roster_pdf import draw_army_lists_in

            draw_army_lists_in(doc, pen, _free(placed, slots, room), lists)
            if not placed:  # the list's own page: blank blocks under it
                bottom = _free(placed, slots, room).top - need - 8
                spare = [k for k in range(PER_PAGE) if slots[k].top <= bottom]
                for n, k in enumerate(spare):  # a Point to fill in by hand: 1 to 5
                    BlankBlock(pen, slots[k], blank_data(variant), n + 1, options.paper, lang, L).draw()
        ty = frame.y + legend_h - 1 - MIN_PT * 0.8
        _armour_key(pen, frame.x, ty, L)
        destroy = any(
            b["kind"] == "destroy"
            for _, unit, *_ in placed
            for row in _data(unit, variant, known)["crit_rows"]
            for b in row["boxes"]
        )
        page_skills = skills[point_no - 1] if point_no is not None else []
        # (the notes of the page's own units: a Point continued on a second page keeps its own)
        shown = page_notes([unit for _, unit, *_ in placed], variant, known)
        for k, line in enumerate(
            legend_lines(variant, doc.size, options.paper, L, key_w, odds, destroy, full, page_skills, shown)
        ):
            x = frame.x + (key_w if k == 0 else 0)
            font = "Cond-Bold" if isinstance(line, OddsLine) else "Cond"
            _line(pen, x, ty, str(line), MIN_PT, font, frame.right - x)
            ty -= MIN_PT * 1.12
        footer(
            pen,
            frame,
            f"{L('rules_' + variant)} · sheets {__version__}",
            f"{label('common', 'page', lang)} {page_no}/{len(pages)}",
        )
    if lists and list_page is None:
        from sheets.render.roster_pdf import draw_army_lists

        draw_army_lists(doc, lists, options)


render.draws_army_lists = True  # the render command hands the rosters' lists over


PAGE_NOTES = ("unverified_footnote", "later_equipment_footnote")  # printed once per page


def page_notes(units: list, variant: str, known: dict | None = None) -> list[str]:
    """The label keys of the notes that would repeat block after block (the main gun's firing
    rule, the † explanations): once in the legend of a page that has units needing them."""
    keys: dict = {}
    for unit in units:
        d = _data(unit, variant, known)
        if d.get("main_gun_restriction"):
            keys[d["main_gun_restriction"]] = True
        for key in d["footnotes"]:
            if key in PAGE_NOTES:
                keys[key] = True
    return list(keys)


def _free(placed: list, slots: list, frame: Rect) -> Rect:
    """The part of a sheet page under its last unit block."""
    used = sum(span for *_, span in placed)
    top = slots[used - 1].y - 8 if used else slots[0].top
    return Rect(frame.x, frame.y, frame.w, max(0.0, top - frame.y))


def cont_next(pages: list, page_no: int) -> bool:
    """Whether the Point of page ``page_no`` (1-based) continues on the next page."""
    return page_no < len(pages) and pages[page_no][1]


@functools.lru_cache(maxsize=4)
def blank_data(variant: str) -> dict:
    """Sheet data of the blank block: a biped with a main gun (so that its crit table has every
    row), no values of its own printed."""
    from sheets.games.battletech.rules import build

    unit = build(
        {
            "name": "",
            "tons": 9,
            "motion": "biped",
            "walk": 1,
            "equipment": [{"item": "ER Small Laser", "location": "main_gun"}],
        }
    )
    return sheet_data(unit, variant)


R_KEY = 2.0  # legend samples (the drawing spy test knows them by this radius)


def _key_width(L) -> float:
    return sum(2 * R_KEY + 2 + text_width(L(k), "Cond", MIN_PT) + 5 for k in ("armor", "structure"))


def _armour_key(pen: Pen, x: float, baseline: float, L) -> None:
    """The armour diagram's key, once per page: a white pip = armour, a grey pip = structure."""
    ky = baseline - 0.8
    for fill, text in (((1, 1, 1), L("armor")), (pen.t.shade, L("structure"))):
        with pen.legend_key():
            pen.pips(
                Rect(x, ky - 0.6, 2 * R_KEY + 0.4, 2 * R_KEY + 0.4), 1, fill=fill, max_radius=R_KEY, gap=0.4
            )
        x += 2 * R_KEY + 2
        pen.text(x, baseline, text, MIN_PT, "Cond")
        x += text_width(text, "Cond", MIN_PT) + 5


def legend_lines(
    variant: str,
    size: tuple,
    paper: str,
    L,
    indent: float = 0.0,
    odds: bool = True,
    destroy: bool = False,
    full: str = "",
    skills: list | tuple = (),
    notes: list | tuple = (),
) -> list[str]:
    """The page's legend after the armour key (``indent`` wide): what the crit boxes mean (the
    variant's legend; tw adds the double box when the page has one), then the to-hit odds: how
    the number is made and which modifiers it leaves out (``data/battletech/to_hit.yaml``),
    then the odds of each pilot's Gunnery in ``skills`` (:func:`pilot_odds_lines`, set in bold),
    then ``full`` (the long pilots' names in full, :func:`full_names`), wrapped to the page frame."""
    from sheets.games.battletech.rules import odds_legend, variant_data

    crit = variant_data(variant)["legend"]
    text = L(crit) + (f" · {L('legend_destroy')}" if destroy and crit == "legend_tw" else "") + "."
    if notes:  # the notes every block of the page would repeat (:func:`page_notes`)
        text += " " + ". ".join(L(k) for k in notes) + "."
    if odds:
        info = odds_legend(variant)
        head = L("odds_legend").replace("{mark}", "" if info["verified"] else "†")
        text += f" {head}: " + ", ".join(L(k) for k in info["not_included"]) + "."
        if not info["verified"]:
            text += " " + L("odds_unverified")
    width = size[0] - 2 * margins(paper)
    return (
        fill_lines(text, "Cond", MIN_PT, (width - indent, width))
        + (pilot_odds_lines(skills, variant, size, paper, L) if odds else [])
        + (fill_lines(full, "Cond", MIN_PT, (width,)) if full else [])
    )


class OddsLine(str):
    """A legend line with the pilots' odds (printed in bold: read during play)."""


@functools.lru_cache(maxsize=64)
def standard_odds(gunnery_skill: int, variant: str) -> dict:
    """The odds of a weapon with the three range bands, no minimum range and no modifier of its
    own, for a pilot of ``gunnery_skill``: what most weapon rows would repeat (issue 33: 126 of
    148 odds lines were identical), printed once per Gunnery value in the page's legend."""
    from sheets.games.battletech.rules import to_hit_odds

    return to_hit_odds({"name": "", "min": None, "short": 1, "medium": 2, "long": 3}, gunnery_skill, variant)


def own_odds(w: dict, gunnery_skill: int, variant: str) -> dict | None:
    """A weapon row's odds when they differ from its pilot's standard line (a minimum range, a
    missing band, a modifier of its own), else None: printed under the weapon only then."""
    odds = w.get("odds")
    if not odds or odds == standard_odds(gunnery_skill, variant):
        return None
    return odds


def _data(unit, variant: str, known: dict | None) -> dict:
    """The unit's sheet data, worked out once per render (``known``: id(unit) -> data)."""
    if known is None:
        return sheet_data(unit, variant)
    d = known.get(id(unit))
    if d is None:
        d = known[id(unit)] = sheet_data(unit, variant)
    return d


def pilot_skills(chunk: list, variant: str, known: dict | None = None) -> list[int]:
    """The Gunnery values of a Point's pilots whose weapons use the standard line, in order."""
    out: set = set()
    for unit in chunk:
        d = _data(unit, variant, known)
        g = d["pilot"]["gunnery"]
        if any(w.get("odds") and own_odds(w, g, variant) is None for w in d["inventory"]):
            out.add(g)
    return sorted(out)


def pilot_odds_lines(skills, variant: str, size: tuple, paper: str, L) -> list[str]:
    """The pilots' odds: "Every weapon without a line of its own: Gunnery 4: 4 (92 %) · 6 (72 %)
    · 8 (42 %); Gunnery 5: …", one Gunnery value never broken across two lines."""
    if not skills:
        return []
    width = size[0] - 2 * margins(paper)
    parts = [f"{L('col_gunnery')} {g}: " + " · ".join(odds_text(standard_odds(g, variant))) for g in skills]
    lines = [f"{L('odds_per_pilot')}: {parts[0]}"]
    for part in parts[1:]:
        if text_width(lines[-1] + "; " + part, "Cond-Bold", MIN_PT) <= width:
            lines[-1] += "; " + part
        else:
            lines[-1] += ";"
            lines.append(part)
    return [OddsLine(line + ".") if k == len(lines) - 1 else OddsLine(line) for k, line in enumerate(lines)]


def full_names(chunks: list[list], paper: str, size: tuple, L) -> str:
    """The legend line with the pilots' names that may not fit the two lines of their block
    (issue 23: a name cut with "…" is printed in full on the page): "Pilots' names in full:
    Harpy: …" ("" when none is that long). A name counts as long from 1.3 times the block's
    data column (two lines hold about 1.7 of it), so every name the block cuts is listed."""
    _, _, slots = page_geometry(paper, size)
    data_w = block_columns(paper, Rect(0, 0, slots[0].w, slots[0].h))[0].w
    out = []
    for chunk in chunks:
        for unit in chunk:
            name = " ".join(str(unit.pilot.name or "").split()) if unit.pilot is not None else ""
            if name and text_width(name, "Cond", MIN_PT) > 1.3 * data_w:
                out.append(f"{unit.name}: {name}")
    return f"{L('pilots_in_full')}: " + "; ".join(out) + "." if out else ""


def _pages(
    chunks: list[list],
    variants: list[str],
    paper: str,
    size: tuple,
    L,
    legend_h: float = 0.0,
    lang: str = "en",
    names: dict | None = None,
    odds: bool = True,
    known: dict | None = None,
) -> list[tuple]:
    """One page per Point; a unit whose armour pips cannot keep 3 mm in one slot (the largest
    ultraheavies at full armour) takes two slots, and a Point that then needs more than five
    slots continues on the next page ("Point 2 (cont.)"). Returns per page (Point number,
    continued?, [(unit number, unit, first slot, slots)]). A unit's sheet data is worked out
    here only when its armour and structure might not fit one slot."""
    _, _, slots = page_geometry(paper, size, legend_h)
    pages = []
    for point_no, (chunk, variant) in enumerate(zip(chunks, variants), 1):
        placed, used, cont = [], 0, False
        for i, unit in enumerate(chunk):
            span = 2 if _needs_two_slots(unit, variant, paper, slots[0], L, lang, names, odds, known) else 1
            if used + span > PER_PAGE:
                pages.append((point_no, cont, placed))
                placed, used, cont = [], 0, True
            placed.append((i + 1, unit, used, span))
            used += span
        pages.append((point_no, cont, placed))
    return pages


def _needs_two_slots(
    unit,
    variant: str,
    paper: str,
    slot: Rect,
    L,
    lang: str = "en",
    names: dict | None = None,
    odds: bool = True,
    known: dict | None = None,
) -> bool:
    """Whether a unit's armour pips would shrink under 3 mm in one slot, or its weapons, ammo and
    notes would overflow their column (the sheet data worked out here is kept in ``known``)."""
    many_pips = sum(armor(unit).values()) + sum(structure(unit).values()) >= 60  # no normal ProtoMech
    d = _data(unit, variant, known)
    box = Rect(0, 0, slot.w, slot.h)
    # the paper's columns, else the other shares of LAYOUTS' cols_alt while the crit table's
    # words still fit
    for cols in LAYOUTS[paper]["cols_alt"]:
        block = Block(None, box, d, 1, paper, lang, L, names, odds, cols=cols)
        if not block.weapons_fit() or (cols != LAYOUTS[paper]["cols"] and not block.crits_fit()):
            continue
        if many_pips:
            r = block_columns(paper, box, cols)[3]
            grid, counts, min_side = _armour_grid(r, d, LAYOUTS[paper]["head"], L)
            if _arrange(grid, counts, PIP_PITCH, min_side)[0][0]:
                continue
        if known is not None:
            known[("plan", id(unit))] = (cols, block.wfs)
        return False
    return True


def _armour_grid(r: Rect, d: dict, band: float, L):
    """The armour diagram's pip area in the column ``r``, the counts per location and the
    narrowest side cell its labels allow."""
    fs = MIN_PT
    grid = Rect(r.x, r.y, r.w, r.h - band - 2)  # (the key is in the page's legend)
    counts = {a["location"]: a for a in d["armor"]}
    side_labels = [
        f"{L('loc_abbr_' + loc)} {a['armor']}/{a['structure']}"
        for loc, a in counts.items()
        if loc in ("right_arm", "left_arm", "main_gun")
    ]
    min_side = max((text_width(t, "Cond", fs) + 3 for t in side_labels), default=0.0)
    return grid, counts, min_side


def points(units: list, files: list | None = None, one_per_page: bool = False) -> list[list]:
    """The units as Points of up to five, one Point per page: each file's units are grouped on
    their own, so that a Point never mixes files nor splits across pages (``files``: the render
    command's ``[{"path": ..., "units": n, ...}]`` in input order). Loose unit files (a MegaMek
    ``.blk`` holds one ProtoMech) given one after the other make one Point of up to five
    together, as MegaMekLab's mass print does, unless ``one_per_page``."""
    counts = (
        [f["units"] for f in files]
        if files and sum(f["units"] for f in files) == len(units)
        else [len(units)]
    )
    loose = [
        bool(files) and not one_per_page and n == 1 and _is_loose(files[k]) and len(counts) == len(files)
        for k, n in enumerate(counts)
    ]
    groups: list[int] = []
    for n, is_loose in zip(counts, loose):
        if is_loose and groups and groups[-1] < 0:
            groups[-1] -= 1  # a run of loose files (negative: still open to more)
        else:
            groups.append(-1 if is_loose else n)
    out, start = [], 0
    for g in groups:
        n = abs(g)
        chunk = units[start : start + n]
        out.extend(chunk[i : i + PER_PAGE] for i in range(0, len(chunk), PER_PAGE))
        start += n
    return out


def point_rules(chunk: list, rules_of: dict, default: str) -> str:
    """The rules a Point is drawn under: its files' (a Point of loose .blk files whose rules
    differ, e.g. a quad that needs Total Warfare beside classic bipeds, takes the rules that
    allow every one of them: the widest tonnage range, as MegaMek prints them all)."""
    from sheets.games.battletech.rules import variant_data

    found = sorted({rules_of.get(id(unit), default) for unit in chunk}) or [default]
    if len(found) == 1:
        return found[0]
    return max(found, key=lambda v: (variant_data(v)["tons"]["max"], len(variant_data(v)["motions"])))


def unit_rules(units: list, files: list | None, default: str) -> dict:
    """id(unit) -> the rules of the file it came from (``files``' ``rules``; ``default`` when the
    files do not say)."""
    out: dict = {}
    if not files or sum(f["units"] for f in files) != len(units):
        return out
    start = 0
    for f in files:
        for unit in units[start : start + f["units"]]:
            out[id(unit)] = f.get("rules") or default
        start += f["units"]
    return out


def _is_loose(file: dict) -> bool:
    """A file of one unit of another tool's own (a MegaMek ``.blk``), not a roster."""
    return str(file.get("path", "")).lower().endswith(".blk") and not file.get("roster")


def weapon_names(lang: str) -> dict:
    """English catalogue name -> printed name in ``lang`` (``data/battletech/weapon_names.yaml``)."""
    if lang == "en":
        return {}
    from sheets.core.data import load_data

    return {k: v.get(lang, k) for k, v in (load_data("battletech/weapon_names.yaml") or {}).items()}


def page_geometry(paper: str, size: tuple, legend_h: float = 0.0) -> tuple[Rect, Rect, list[Rect]]:
    """Page frame, title band and the five unit slots (top to bottom) for a paper; ``legend_h``
    is kept free at the foot of the frame for the odds legend."""
    layout = LAYOUTS[paper]
    m = margins(paper)
    frame = Rect(m, m + 12, size[0] - 2 * m, size[1] - 2 * m - 12)
    head = Rect(frame.x, frame.top - 17, frame.w, 17)
    body = Rect(frame.x, frame.y + legend_h, frame.w, frame.h - 21 - legend_h)
    slot_h = (body.h - layout["gap"] * (PER_PAGE - 1)) / PER_PAGE
    slots = [
        Rect(body.x, body.top - i * (slot_h + layout["gap"]) - slot_h, body.w, slot_h)
        for i in range(PER_PAGE)
    ]
    return frame, head, slots


def block_columns(paper: str, slot: Rect, cols: tuple | None = None) -> list[Rect]:
    """The four columns of a unit block: data, weapons, crits, armour diagram (``cols``: their
    shares, the paper's by default)."""
    return slot.inset(3).split_h(*(cols or LAYOUTS[paper]["cols"]), gap=4)


def _same_key(value: object) -> bytes | str:
    """A key equal for two values exactly when their reprs are (the form key once held the repr
    of the hit-location rows: ~80 µs a block): marshal format 0 writes each dict, list, text and
    number as its type and value (no back-references, no interned flag), in half the time."""
    try:
        return marshal.dumps(value, 0)
    except ValueError:  # (a type marshal does not write: a table's values never are)
        return repr(value)


class Block:
    """One ProtoMech's block: ``draw`` places the shared skeleton form, then the unit's values."""

    def __init__(
        self,
        pen: Pen,
        slot: Rect,
        d: dict,
        number: int,
        paper: str,
        lang: str,
        L,
        names=None,
        odds: bool = True,
        weapon_pt: float | None = None,
        cols: tuple | None = None,
    ):
        self.pen, self.slot, self.d, self.number, self.paper, self.L = pen, slot, d, number, paper, L
        self.cols = cols or LAYOUTS[paper]["cols"]
        self.names = names or {}
        self.odds = odds
        self.layout = LAYOUTS[paper]
        self.size = self.layout["size"]
        damages = ["2" + L("per_missile")] + [self.damage(w) for w in d["inventory"]]
        self.dmg_sample = max(damages, key=lambda t: text_width(t, "Cond", MIN_PT + 0.5))
        # a pilot's name too long for the line after "Name:" gets a second, full-width line
        data_w = block_columns(paper, Rect(0, 0, slot.w, slot.h), self.cols)[0].w
        label_w = min(data_w * 0.3, text_width(f"{L('pilot_name')}:", "Cond", MIN_PT + 0.5))
        self.pilot_two = text_width(d["pilot"]["name"] or "", "Cond-Bold", MIN_PT) > data_w - 6 - label_w
        # the weapons table in the largest type its column holds (read during play; issue 33:
        # most of the sheet was at the 6 pt least), unless the page sets one for all its blocks
        self.wfs = weapon_pt or self.weapon_size()
        self.lang = lang

    @property
    def key(self) -> tuple:
        """The skeleton form's name: what the static layer depends on (worked out when drawn)."""
        d, slot = self.d, self.slot
        return (
            "bt-block",
            self.paper,
            self.lang,
            d["variant"],
            self.number,
            d["header"]["motion"],
            self.dmg_sample,
            self.pilot_two,
            tuple(m["key"] for m in d["movement"]),
            _same_key(d["crit_rows"]),
            d["crit_legend"],
            self.wfs,
            self.cols,
            round(slot.w, 2),
            round(slot.h, 2),
        )

    def loc_abbrs(self) -> tuple:
        """The location abbreviations the weapon table may print (the same for every unit)."""
        return tuple(
            self.L(f"loc_abbr_{loc}")
            for loc in ("head", "torso", "right_arm", "left_arm", "legs", "main_gun")
        )

    def damage(self, w: dict) -> str:
        """The damage cell in the page's language ("2/msl", plasma "7H/2D6": H = heat)."""
        text = _cell(w["damage"]).replace("/msl", self.L("per_missile"))
        return re.sub(r"(\d)H\b", lambda m: m.group(1) + self.L("heat_suffix"), text)

    def name(self, english: str) -> str:
        return self.names.get(english, english)

    def draw(self) -> None:
        s = self.slot
        self.pen.form(self.key, s.x, s.y, lambda pen: self._layer(pen, Rect(0, 0, s.w, s.h), static=True))
        self._layer(self.pen, s, static=False)

    def _layer(self, pen: Pen, r: Rect, static: bool) -> None:
        if static:
            pen.rect(r, width=0.9)
        data, weapons, crits, armour = block_columns(self.paper, r, self.cols)
        with pen.frame(data):
            self._data(pen, data, static)
        with pen.frame(weapons):
            self._weapons(pen, weapons, static)
        if static:
            with pen.frame(crits):
                self._crits(pen, crits)
        else:
            with pen.frame(armour):
                self._armour(pen, armour)

    # -- helpers --------------------------------------------------------------------------
    def _band(self, pen: Pen, r: Rect, text: str, static: bool) -> Rect:
        """A heading band at the top of ``r`` (skeleton); returns the area below it."""
        h = self.layout["head"]
        if static:
            pen.heading(Rect(r.x, r.top - h, r.w, h), text, h * 0.68)
        return Rect(r.x, r.y, r.w, r.h - h - 2)

    # -- data column: name, tons, movement, BV, pilot -------------------------------------
    def _data(self, pen: Pen, r: Rect, static: bool) -> None:
        L, d, size = self.L, self.d, self.size
        body = self._band(pen, r, f"{L('unit_tab')} {self.number}", static)
        h = d["header"]
        y = body.top - size - 1.5
        if not static:
            name = h["name"] + (f" {h['model']}" if h["model"] else "")
            # the name line and the tons line share the room above "Movement Points": a name too
            # long for one line wraps onto two (never below 6 pt) and pushes the tons line down
            mp_top = body.top - 3 * size - 6 + 0.8 * (size - 0.5) + 0.5
            lines, ns, font, y_tons = _name_lines(name, body.w, size + 2, body.top - 1.5, size - 0.5, mp_top)
            if len(lines) == 1 and ns == size + 2:  # the usual case: the lines as before
                _line(pen, body.x, y, name, size + 2, "Sans-Bold", body.w)
                y_tons = y - size - 2.5
            else:
                for k, line in enumerate(lines):
                    _line(pen, body.x, body.top - 1.5 - 0.8 * ns - k * ns * 1.1, line, ns, font, body.w)
        y -= size + 2.5
        if not static:
            y, y_keep = y_tons, y
            motion = L(h["motion_label"])
            if h["ultraheavy"]:  # a biped is the usual shape: its word makes room for "ultraheavy"
                motion = L("ultraheavy") if h["motion"] == "biped" else f"{motion} · {L('ultraheavy')}"
            text, ts = _tons_line(h, motion, L, size - 0.5, body.w)
            _line(pen, body.x, y, text, ts, "Cond", body.w)
            y = y_keep
        y -= size + 2
        if static:
            _line(pen, body.x, y, L("movement_points"), size - 0.5, "Cond-Bold", body.w)
        for mv in d["movement"]:
            y -= size + 0.8
            if static:
                _line(pen, body.x + 3, y, L(mv["key"]), size - 0.5, "Cond", body.w * 0.62)
            else:
                pen.text(
                    body.right,
                    y,
                    mv["value"],
                    size,
                    "Sans-Bold",
                    align="right",
                    max_width=body.w * 0.36,
                    min_size=MIN_PT,
                )
        y -= size + 2
        # one BV line when the longest values fit, else two (the same for every unit)
        # (at the block's size, else at 6 pt, before it takes two lines)
        bv_w = text_width(f"{L('bv')}: 0000  {L('bv_pilot')}: 0000", "Cond-Bold", 1.0)
        bv_size = next((s for s in (size - 0.5, MIN_PT) if bv_w * s <= body.w), size - 0.5)
        two_lines = bv_w * bv_size > body.w
        if not static:
            bv = f"{L('bv')}: {d['bv']}"
            pilot = f"{L('bv_pilot')}: {d['bv_pilot']}"
            if not two_lines:
                pen.text(body.x, y, bv, bv_size, "Cond-Bold")
                pen.text(body.right, y, pilot, bv_size, "Cond-Bold", align="right")
            else:
                _line(pen, body.x, y, bv, size - 0.5, "Cond-Bold", body.w)
                _line(pen, body.x, y - size, pilot, size - 0.5, "Cond-Bold", body.w)
        if two_lines:
            y -= size
        self._pilot(pen, Rect(body.x, body.y, body.w, max(0.0, y - 2.5 - body.y)), static)

    def _pilot(self, pen: Pen, r: Rect, static: bool) -> None:
        """PILOT DATA: name and gunnery on one line, then the two-row hit table (hit numbers
        above the cells to tick, consciousness numbers below), as MegaMekLab prints it."""
        L, p = self.L, self.d["pilot"]
        fs = MIN_PT
        cell_h = TICK + 0.4
        need = 2 + fs + 2.5 + fs + 2.5 + fs + 2 + fs + 1.5 + cell_h + 1 + fs + 2.5
        # a long name takes a second line: from the spare room above, then from the gaps
        second = 0.0
        squeeze = 0.0
        if self.pilot_two:
            second = fs + 1
            deficit = max(0.0, need + second - r.h)
            squeeze = min(0.8, deficit / 5)
            second -= min(1.0, max(0.0, deficit - 5 * squeeze))  # lines 6 pt apart at the least
            need += second - 5 * squeeze
        r = Rect(r.x, r.y, r.w, min(r.h, need))
        cell_w = (r.w - 2) / 6
        y_cons = r.y + 2.5 - squeeze
        y_cell = y_cons + fs + 1 - squeeze
        y_hits = y_cell + cell_h + 1.5
        y_caption = y_hits + fs + 2 - squeeze
        y_name2 = y_caption + fs + 2.5 - squeeze
        y_name = y_name2 + second
        y_title = y_name + fs + 2.5 - 2 * squeeze
        name_label = f"{L('pilot_name')}:"
        gun_label = f"{L('col_gunnery')}:"
        gun_w = text_width(f"{gun_label} 10", "Cond", fs + 0.5)
        if static:  # title and gunnery share the top line; the name gets a line of its own
            pen.rect(r, width=0.5)
            _line(pen, r.x + 2, y_title, L("pilot_box"), fs + 0.5, "Cond-Bold", r.w - 6 - gun_w)
            pen.text(r.right - 2 - gun_w, y_title, gun_label, fs + 0.5, "Cond")
            _line(pen, r.x + 2, y_name, name_label, fs + 0.5, "Cond", r.w * 0.3)
            _line(pen, r.x + 2, y_caption, L("pilot_track"), fs, "Cond", r.w - 4)
            x0 = r.x + 1
            pen.box_track(x0 + 0.5, y_cell, ["plain"] * 6, cell_w - AMMO_GAP, gap=AMMO_GAP, height=cell_h)
            for i, hit in enumerate(p["hits"]):
                cx = x0 + i * cell_w + cell_w / 2
                pen.text(cx, y_hits, str(hit), fs, "Cond-Bold", align="center")
                c = p["consciousness"][i]
                pen.text(
                    cx,
                    y_cons,
                    L("dead") if c == "dead" else str(c),
                    fs,
                    "Cond",
                    align="center",
                    max_width=cell_w,
                    min_size=MIN_PT,
                )
            return
        name_x = r.x + 4 + min(r.w * 0.3, text_width(name_label, "Cond", fs + 0.5))
        gun_x = r.right - 2 - gun_w + text_width(gun_label + " ", "Cond", fs + 0.5)
        if p["name"] and self.pilot_two:
            (first, second), size, font = _pilot_lines(p["name"], r.right - 2 - name_x, r.w - 4, fs + 0.5)
            _line(pen, name_x, y_name, first, size, font, r.right - 2 - name_x)
            _line(pen, r.x + 2, y_name2, second, size, font, r.w - 4)
        elif p["name"]:
            _line(pen, name_x, y_name, p["name"], fs + 0.5, "Cond-Bold", r.right - 2 - name_x)
        else:
            pen.line(name_x, y_name - 1, r.right - 3, y_name - 1, 0.4)
        pen.text(gun_x, y_title, str(p["gunnery"]), fs + 0.5, "Cond-Bold")

    # -- weapons inventory, ammo with shot boxes, torso-weapon roll, notes ------------------
    def _weapons(self, pen: Pen, r: Rect, static: bool) -> None:
        L, d = self.L, self.d
        fs = self.wfs
        body = self._band(pen, r, L("weapons_inventory"), static)
        head_h = fs + 2.6
        header = [
            L(k) for k in ("col_type", "col_loc", "col_dmg", "col_min", "col_sht", "col_med", "col_lng")
        ]
        xs = _weapon_columns(body, header, self.dmg_sample, self.loc_abbrs(), fs)
        aligns = ["left"] + ["center"] * 6
        if static:
            pen.rect(Rect(body.x, body.top - head_h, body.w, head_h), fill=pen.t.band, stroke=False)
            for (x, w), text, al in zip(xs, header, aligns):
                pen.text_in(Rect(x, body.top - head_h, w, head_h), text, fs, "Cond-Bold", al, pad=0.8)
            return
        y = body.top - head_h
        for i, (cells, lines, odds, main_h, row_h) in enumerate(self._weapon_rows(body, xs)):
            rr = Rect(body.x, y - row_h, body.w, row_h)
            if i % 2:
                pen.rect(rr, fill=pen.t.faint, stroke=False)
            ty = rr.top - 0.9 - fs * 0.8
            for line in lines:
                _line(pen, xs[0][0] + 0.8, ty, line, fs, "Cond", xs[0][1] - 1.6)
                ty -= fs * 1.08
            for (x, cw), text in zip(xs[1:], cells[1:]):
                pen.text_in(Rect(x, rr.top - main_h, cw, main_h), text, fs + 0.5, "Cond", "center", pad=0.5)
            ty = rr.top - main_h + 0.6 - fs * 0.8
            for line in odds:  # the to-hit odds, indented under the name
                _line(pen, body.x + 2.4, ty, line, fs, "Cond", body.w - 3.2)
                ty -= fs * 1.08
            y -= row_h
        y -= 1.5
        notes = self._notes()
        notes_h = self._notes_height(notes, body.w)
        # the bins share the room left above the notes (each at least one row of boxes)
        titles = [Pen.wrap_static(self._ammo_title(a, 100), "Cond", fs, body.w) for a in d["ammo"]]
        box_room = (y - body.y - notes_h - sum(len(t) * fs * 1.08 + 2.5 for t in titles)) / max(
            1, len(titles)
        )
        for a in d["ammo"]:
            y = self._ammo(pen, body, y, a, box_room)
        area = Rect(body.x, body.y, body.w, max(0.0, y - body.y))
        if notes and area.h > fs:
            pen.paragraph(area, "\n".join(notes), fs, "Cond", leading=1.12, min_size=MIN_PT)

    def _weapon_rows(self, body: Rect, xs) -> list[tuple]:
        """Per inventory row: (cells, name lines, odds lines, height of the main line, height)."""
        L, fs = self.L, self.wfs
        out = []
        for w in self.d["inventory"] or [None]:
            if w is None:
                cells = [L("no_weapons")] + [""] * 6
            else:
                cells = [
                    f"{w['qty']}× " * (w["qty"] > 1) + self.name(w["name"]) + ("" if w["verified"] else "†"),
                    L(w["loc_abbr"]),
                    self.damage(w),
                    _cell(w["min"] or None),
                    _cell(w["short"]),
                    _cell(w["medium"]),
                    _cell(w["long"]),
                ]
            lines = Pen.wrap_static(cells[0], "Cond", fs, xs[0][1] - 1.6)
            own = own_odds(w, self.d["pilot"]["gunnery"], self.d["variant"]) if self.odds and w else None
            odds = odds_lines(own, body.w - 3.2)
            main_h = max(fs + 2.6, len(lines) * fs * 1.08 + 1.6)
            out.append((cells, lines, odds, main_h, main_h + len(odds) * fs * 1.08))
        return out

    def _notes_height(self, notes: list[str], width: float) -> float:
        fs = self.wfs
        return sum(len(Pen.wrap_static(n, "Cond", fs, width)) for n in notes) * fs * 1.12 + 1

    def weapon_size(self) -> float:
        """The largest type (7, 6.5 or 6 pt) at which the weapons column holds its rows, ammo and
        notes (6 pt when none does: :meth:`weapons_fit` then says so)."""
        for size in WEAPON_PT:
            self.wfs = size
            if self.weapons_fit() and self._names_unbroken():
                return size
        self.wfs = MIN_PT
        return MIN_PT

    def _names_unbroken(self) -> bool:
        """Whether every word of the weapon names fits the name column at the table's size (a
        larger type must not break "Micro Laser" inside a word)."""
        fs = self.wfs
        r = block_columns(self.paper, self.slot, self.cols)[1]
        header = [
            self.L(k) for k in ("col_type", "col_loc", "col_dmg", "col_min", "col_sht", "col_med", "col_lng")
        ]
        xs = _weapon_columns(Rect(r.x, r.y, r.w, r.h), header, self.dmg_sample, self.loc_abbrs(), fs)
        room = xs[0][1] - 1.6
        words = {
            word
            for w in self.d["inventory"]
            for word in (f"{w['qty']}×" * (w["qty"] > 1) + " " + self.name(w["name"]) + "†").split()
        }
        return all(text_width(word, "Cond", fs) <= room for word in words)

    def weapons_fit(self) -> bool:
        """Whether the weapons column holds its rows, one row of shot boxes per ammo bin (at the
        most shots per box) and the notes in this block's slot."""
        fs = self.wfs
        r = block_columns(self.paper, self.slot, self.cols)[1]
        body = Rect(r.x, r.y, r.w, r.h - self.layout["head"] - 2)
        header = [
            self.L(k) for k in ("col_type", "col_loc", "col_dmg", "col_min", "col_sht", "col_med", "col_lng")
        ]
        xs = _weapon_columns(body, header, self.dmg_sample, self.loc_abbrs(), fs)
        need = fs + 2.6 + sum(row[-1] for row in self._weapon_rows(body, xs)) + 1.5
        for a in self.d["ammo"]:
            lines = Pen.wrap_static(self._ammo_title(a, 100), "Cond", fs, body.w)
            need += len(lines) * fs * 1.08 + 2.5 + TICK + AMMO_GAP
        return need + self._notes_height(self._notes(), body.w) <= body.h

    def _ammo(self, pen: Pen, body: Rect, y: float, a: dict, room: float) -> float:
        """One ammo bin: its name and a tick box per shot (rows as the room allows; when the shots
        outnumber the boxes, each box counts several shots and the line says how many)."""
        fs = self.wfs
        pitch = TICK + AMMO_GAP
        per_row = max(1, int((body.w + AMMO_GAP) // pitch))
        rows_room = max(1, int((room + AMMO_GAP) // pitch))
        shots = int(a["shots"])
        per_box = next((k for k in (1, 2, 5, 10, 20, 50, 100) if -(-shots // k) <= per_row * rows_room), 100)
        boxes = -(-shots // per_box)
        for line in Pen.wrap_static(self._ammo_title(a, per_box), "Cond", fs, body.w):
            y -= fs * 1.08
            _line(pen, body.x, y, line, fs, "Cond", body.w)
        y -= 1.5
        for start in range(0, boxes, per_row):
            n = min(per_row, boxes - start)
            y -= TICK
            pen.box_track(body.x, y, ["plain"] * n, TICK, gap=AMMO_GAP, width=0.5)
            y -= AMMO_GAP
        return y - 1

    def _ammo_title(self, a: dict, per_box: int) -> str:
        title = f"{self.L('ammo')}: {self.name(a['weapon'])} ({int(a['shots'])})" + (
            "" if a["verified"] else "†"
        )
        return title + (f", □ = {per_box}" if per_box > 1 else "")

    def _notes(self) -> list[str]:
        L, d = self.L, self.d
        notes = []
        roll = d["torso_weapon_roll"]
        if roll["entries"]:
            parts = [
                f"{e['faces']}: {self.name(e['weapon']) if e['weapon'] else L(e['label'])}"
                for e in roll["entries"]
            ]
            notes.append(f"{L(roll['title'])}: " + "; ".join(parts))
        elif roll["empty_label"]:  # nothing to roll for: the "*" of the torso crits says so
            notes.append(f"*{L(roll['empty_label'])}")
        notes.append(f"{L('physical_damage')}: {d['physical_damage']}")
        # (the main gun's rule and the † explanations are the same text for every unit: they
        # are printed once in the page's legend, :func:`page_notes`)
        notes.extend(L(key) for key in d["footnotes"] if key not in PAGE_NOTES)
        return notes

    # -- hit locations and critical hits (all skeleton) -----------------------------------
    def _crits(self, pen: Pen, r: Rect) -> None:
        L = self.L
        body = self._band(pen, r, L("hit_locations_crits"), True)
        table = body  # (the boxes' legend is in the page's legend)
        bs = TICK + 0.2
        fs, xs, ws, head_h, plans = self._crit_plan(table, bs)
        band = Rect(table.x, table.top - head_h, table.w, head_h)
        pen.rect(band, fill=pen.t.band, stroke=False)
        heads = [L("col_2d6"), L("col_location"), L("col_crit_hits")]
        for x, w, text, al in zip(xs, ws, heads, ("center", "left", "left")):
            pen.text_in(Rect(x, band.y, w, head_h), text, fs, "Cond-Bold", al, pad=1)
        needs = [p[0] for p in plans]
        spare = (band.y - table.y) - sum(needs)
        heights = (
            [n + spare / len(needs) for n in needs]
            if spare >= 0
            else [n * (band.y - table.y) / sum(needs) for n in needs]
        )
        y = band.y
        for i, ((_, cells, boxes), row_h) in enumerate(zip(plans, heights)):
            rr = Rect(table.x, y - row_h, table.w, row_h)
            if i % 2:
                pen.rect(rr, fill=pen.t.faint, stroke=False)
            for x, w, text, font, align in cells:
                _cell_text(pen, Rect(x, rr.y + 0.5, w, row_h - 1), text, fs, font, align=align)
            by = rr.y + (row_h - bs) / 2
            for bx, kind in boxes:
                crit_box(pen, bx, by, bs, kind)
            y -= row_h

    def _crit_plan(self, table: Rect, bs: float) -> tuple:
        """(type size, column xs, widths, header height, row plans) of the crit table: the
        largest type at which every row keeps its lines (read during play)."""
        L, rows = self.L, self.d["crit_rows"]
        for fs in CRIT_PT:
            # the roll and location columns at least as wide as their headings
            w0 = max(
                [table.w * CRIT_COLS[0], text_width(L("col_2d6"), "Cond-Bold", fs) + 2]
                + [text_width(row["roll_text"], "Cond-Bold", fs) * 0.8 + 2 for row in rows]
            )
            w1 = max(table.w * CRIT_COLS[1], text_width(L("col_location"), "Cond-Bold", fs) + 2)
            ws = [w0, w1, table.w - w0 - w1]
            xs = [table.x, table.x + w0, table.x + w0 + w1]
            head_h = fs + 2.6
            plans = [self._crit_row(row, xs, ws, table, bs, fs) for row in rows]
            if sum(p[0] for p in plans) <= table.h - head_h:
                break
        return fs, xs, ws, head_h, plans

    def crits_fit(self) -> bool:
        """Whether every word of the crit table fits its cell at 6 pt in this block's columns
        (a narrower crit column must not cut "ProtoMech destroyed")."""
        r = block_columns(self.paper, self.slot, self.cols)[2]
        table = Rect(r.x, r.y, r.w, r.h - self.layout["head"] - 2)
        _, xs, ws, _, _ = self._crit_plan(table, TICK + 0.2)
        plans = [self._crit_row(row, xs, ws, table, TICK + 0.2) for row in self.d["crit_rows"]]
        return all(
            text_width(word, font, MIN_PT) <= w + 0.01
            for _, cells, _ in plans
            for _, w, text, font, _ in cells
            for word in text.split()
        )

    def _crit_row(self, row: dict, xs, ws, table: Rect, bs: float, fs: float = MIN_PT):
        """(height needed, text cells, boxes) of one crit-table row at ``fs``; an effect may run
        on into the empty columns to its right."""
        L = self.L
        cells = [(xs[0] + 0.5, ws[0] - 1, row["roll_text"], "Cond-Bold", "center")]
        boxes = sorted(row["boxes"], key=lambda b: b["index"])
        note = row.get("note") or row.get("effect")
        if boxes:
            cells.append((xs[1] + 1, ws[1] - 1.5, L(row["label"]), "Cond", "left"))
        else:  # no boxes: the location and its note share one line across the row
            text = L(note) if note else (L("main_gun_no_crits") if row["location"] == "main_gun" else "—")
            cells.append((xs[1] + 1, ws[1] + ws[2] - 2.5, f"{L(row['label'])}: {text}", "Cond", "left"))
        drawn = []
        bx = xs[2] + 1.0
        for b, share in zip(boxes, _box_shares([L(b["effect"]) for b in boxes], ws[2] - 1.0, bs, fs)):
            # in hit order; fewer boxes get wider effect texts, a long word gets its width, a
            # gutter before the next box, and the last effect runs to the table's edge
            drawn.append((bx, b["kind"]))
            cells.append((bx + bs + 1.0, share - bs - 2.8, L(b["effect"]), "Cond", "left"))
            bx += share
        lines = max(len(Pen.wrap_static(t, f, fs, w)) for _, w, t, f, _ in cells)
        # (a word wider than its cell would be squeezed: that size does not fit)
        wide = any(text_width(word, f, fs) > w + 0.01 for _, w, t, f, _ in cells for word in t.split())
        need = max(lines * fs * 1.05 + 1.0, bs + 2.5 if boxes else 0) + (1000 if wide and fs > MIN_PT else 0)
        return need, cells, drawn

    # -- armour diagram ---------------------------------------------------------------------
    def _armour(self, pen: Pen, r: Rect) -> None:
        """Each location's armour pips (white) then structure pips (grey) in one flow, in cells
        sized to their counts (pips stay 3 mm; the cells share the room)."""
        L, d = self.L, self.d
        fs = MIN_PT
        band = self.layout["head"]
        pen.heading(Rect(r.x, r.top - band, r.w, band), L("armor_diagram"), band * 0.68)
        grid, counts, min_side = _armour_grid(r, d, band, L)
        cells, pitch = armour_cells(grid, counts, d["header"]["motion"], min_side)
        for loc, cell in cells.items():
            a = counts[loc]
            pen.rect(cell, width=0.5, radius=2)
            text = f"{L(a['label'])} ({a['armor']}/{a['structure']})"
            if text_width(text, "Cond", fs) > cell.w - 2:
                text = f"{L('loc_abbr_' + loc)} {a['armor']}/{a['structure']}"
            _line(pen, cell.x + cell.w / 2, cell.top - fs - 0.8, text, fs, "Cond", cell.w - 2, align="center")
            _pip_flow(
                pen,
                Rect(cell.x + PIP_INSET, cell.y + 1.0, cell.w - 2 * PIP_INSET, cell.h - fs - 2.3),
                a["armor"],
                a["structure"],
                pitch,
            )


class BlankBlock(Block):
    """A block to fill in by hand: the skeleton of a biped with a main gun, a line to write on
    for each value, ruled weapon rows and the armour diagram's cells without pips."""

    def draw(self) -> None:
        # drawn in place, not as forms: a page whose forms the parent process already has is
        # encoded by its render --jobs worker
        self._layer(self.pen, self.slot, static=True)
        self._blank(self.pen, self.slot)

    def _blank(self, pen: Pen, r: Rect) -> None:
        L, size, fs = self.L, self.size, MIN_PT
        data, weapons, _crits, armour = block_columns(self.paper, r, self.cols)
        body = Rect(data.x, data.y, data.w, data.h - self.layout["head"] - 2)
        y = body.top - size - 1.5
        pen.line(body.x, y - 1, body.right, y - 1, 0.4)  # the name
        y -= size + 2.5
        with pen.frame(data):
            w = pen.text(body.x, y, f"{L('tons')}:", size - 0.5, "Cond")
        pen.line(body.x + w + 2, y - 1, body.x + body.w * 0.5, y - 1, 0.4)
        y -= size + 2
        for _ in self.d["movement"]:  # a short line for each MP value
            y -= size + 0.8
            pen.line(body.right - body.w * 0.2, y - 1, body.right, y - 1, 0.4)
        # weapons: ruled rows under the header
        wb = Rect(weapons.x, weapons.y, weapons.w, weapons.h - self.layout["head"] - 2)
        y = wb.top - (fs + 2.6)
        pitch = fs * 2.4
        while y - pitch >= wb.y:
            y -= pitch
            pen.line(wb.x, y, wb.right, y, 0.3, color=pen.t.band)
        # armour diagram: a cell per location, its name and room to write "armour / structure"
        grid, counts, min_side = _armour_grid(armour, self.d, self.layout["head"], L)
        pen.heading(
            Rect(armour.x, armour.top - self.layout["head"], armour.w, self.layout["head"]),
            L("armor_diagram"),
            self.layout["head"] * 0.68,
        )
        cells, _ = armour_cells(grid, counts, "biped", min_side)
        for loc, cell in cells.items():
            pen.rect(cell, width=0.5, radius=2)
            text = (
                L("loc_" + loc)
                if text_width(L("loc_" + loc), "Cond", fs) <= cell.w - 2
                else L("loc_abbr_" + loc)
            )
            with pen.frame(cell):
                pen.text(
                    cell.x + cell.w / 2,
                    cell.top - fs - 0.8,
                    text,
                    fs,
                    "Cond",
                    align="center",
                    max_width=cell.w - 2,
                    min_size=MIN_PT,
                )


PIP_PITCH = TICK + PIP_GAP
PIP_INSET = PIP_GAP + 0.25  # a cell's pips keep the gap from its frame (half the 0.5 pt line)


def _pip_capacity(w: float, pitch: float = PIP_PITCH) -> int:
    return max(1, int((w + PIP_GAP) // pitch))


def _cell_need(n: int, w: float, label_h: float, pitch: float) -> float:
    """Height a cell of width ``w`` needs for ``n`` pips and its label."""
    rows = -(-n // _pip_capacity(w - 2 * PIP_INSET, pitch)) if n else 0
    return label_h + 2.3 + rows * pitch + 1.0


def armour_cells(grid: Rect, counts: dict, motion: str, min_side: float = 0.0) -> tuple[dict, float]:
    """Cells of the armour diagram and the pip pitch: head (and main gun) on top, arms beside
    the torso, legs below; widths and heights follow the pip counts so that every pip keeps
    3 mm. Only when even the best arrangement cannot hold 3 mm pips (the largest ultraheavies)
    do the pips shrink, and the layout checker reports it."""
    key = (grid, tuple((loc, a["armor"], a["structure"]) for loc, a in counts.items()), motion, min_side)
    found = _CELLS.get(key)
    if found is not None:  # (a design printed again: the search is the same; cells are immutable)
        return dict(found[0]), found[1]
    pitch = PIP_PITCH
    while True:
        best = _arrange(grid, counts, pitch, min_side)
        if best[0][0] is False or pitch <= 5.0:
            break
        pitch -= 0.25
    cells = _place(grid, counts, best)
    if len(_CELLS) < 4096:
        _CELLS[key] = (dict(cells), pitch)
    return cells, pitch


_CELLS: dict[tuple, tuple[dict, float]] = {}  # armour_cells by grid, pip counts, motion, side


def _arrange(grid: Rect, counts: dict, pitch: float, min_side: float = 0.0):
    """The best arrangement of the diagram's cells: head on top, arms beside the torso, legs
    below; the main gun beside the head or beside the legs, each side cell as many pips wide as
    helps (arms 1-4, main gun 1-4). Score: fits the grid; then the shortest stack; then narrow
    side cells. Returns (score, layout dict)."""
    label_h, gap = MIN_PT, 2.0
    n = {loc: a["armor"] + a["structure"] for loc, a in counts.items()}
    has_arms = "right_arm" in n or "left_arm" in n
    has_gun = "main_gun" in n

    def side_w(k):
        return max(k * pitch - PIP_GAP + 2 * PIP_INSET, min_side)

    best = None
    for k in range(1, 5) if has_arms else (0,):
        side = side_w(k) if k else 0.0
        mid_w = grid.w - 2 * (side + gap) if has_arms else grid.w
        if mid_w < pitch * 2:
            break
        h_mid = max(
            [_cell_need(n.get("torso", 0), mid_w, label_h, pitch)]
            + [_cell_need(n[a], side, label_h, pitch) for a in ("right_arm", "left_arm") if a in n]
        )
        for g, where in [(g, w) for g in range(1, 5) for w in ("top", "low")] if has_gun else [(0, None)]:
            gun = side_w(g) if g else 0.0
            top_w = grid.w - (gun + gap) if where == "top" else grid.w  # the head takes the left side too
            low_w = grid.w - (gun + gap) if where == "low" else grid.w
            if min(top_w, low_w) < pitch * 2:
                continue
            gun_h = _cell_need(n["main_gun"], gun, label_h, pitch) if has_gun else 0
            h_top = max(_cell_need(n.get("head", 0), top_w, label_h, pitch), gun_h if where == "top" else 0)
            h_low = max(
                _cell_need(n.get("legs", 0), low_w, label_h, pitch) if "legs" in n else 0,
                gun_h if where == "low" else 0,
            )
            total = h_top + h_mid + h_low + gap * 2
            fits = total <= grid.h
            score = (not fits, round(total, 1), side + gun, where != "top")
            if best is None or score < best[0]:
                best = (
                    score,
                    {
                        "side": side,
                        "gun": gun,
                        "where": where,
                        "mid_w": mid_w,
                        "top_w": top_w,
                        "low_w": low_w,
                        "h_top": h_top,
                        "h_mid": h_mid,
                        "h_low": h_low,
                    },
                )
    return best


def _place(grid: Rect, counts: dict, best) -> dict:
    gap = 2.0
    n = {loc: a["armor"] + a["structure"] for loc, a in counts.items()}
    lay = best[1]
    side, gun, mid_w = lay["side"], lay["gun"], lay["mid_w"]
    h_top, h_mid, h_low = lay["h_top"], lay["h_mid"], lay["h_low"]
    spare = max(0.0, grid.h - (h_top + h_mid + h_low + gap * 2))
    need = h_top + h_mid + h_low or 1
    h_top += spare * h_top / need
    h_mid += spare * h_mid / need
    h_low += spare * h_low / need
    cells = {}
    top = grid.top
    x_mid = grid.x + (grid.w - mid_w) / 2
    if "head" in n:
        cells["head"] = Rect(grid.x, top - h_top, lay["top_w"], h_top)
    if "main_gun" in n and lay["where"] == "top":
        cells["main_gun"] = Rect(grid.right - gun, top - h_top, gun, h_top)
    top -= h_top + gap
    if "torso" in n:
        cells["torso"] = Rect(x_mid, top - h_mid, mid_w, h_mid)
    if "right_arm" in n:
        cells["right_arm"] = Rect(grid.x, top - h_mid, side, h_mid)
    if "left_arm" in n:
        cells["left_arm"] = Rect(grid.right - side, top - h_mid, side, h_mid)
    top -= h_mid + gap
    if "legs" in n:
        cells["legs"] = Rect(grid.x, top - h_low, lay["low_w"], h_low)
    if "main_gun" in n and lay["where"] == "low":
        cells["main_gun"] = Rect(grid.right - gun, top - h_low, gun, h_low)
    return cells


def _pip_flow(pen: Pen, r: Rect, armour: int, structure: int, pitch: float = PIP_PITCH) -> None:
    """``armour`` white pips then ``structure`` grey pips, row by row, centred in ``r``."""
    total = armour + structure
    if total <= 0:
        return
    cols = min(total, _pip_capacity(r.w, pitch))
    rows = -(-total // cols)
    x0 = r.x + (r.w - (cols * pitch - PIP_GAP)) / 2
    y_top = r.y + (r.h + rows * pitch - PIP_GAP) / 2
    rad = (pitch - PIP_GAP) / 2
    for row in range(rows):
        first = row * cols
        last = min(total, first + cols)
        in_row = last - first
        xr = x0 + (cols - in_row) * pitch / 2
        y = y_top - (row + 1) * pitch + PIP_GAP
        for lo, hi, fill in ((first, min(last, armour), (1, 1, 1)), (max(first, armour), last, pen.t.shade)):
            if hi > lo:
                x = xr + (lo - first) * pitch
                # (Pen.pips centres each pip in a pitch-wide square: the square starts half a gap
                # before the pip's edge)
                pen.pips(
                    Rect(x - PIP_GAP / 2, y - PIP_GAP / 2, (hi - lo) * pitch, pitch),
                    hi - lo,
                    fill=fill,
                    max_radius=rad,
                    gap=PIP_GAP,
                    width=0.45,
                )


def _box_shares(effects: list[str], width: float, bs: float, fs: float = MIN_PT) -> list[float]:
    """Widths of the crit boxes with their effect texts across ``width``: even shares, except that
    an effect whose longest word would not fit its share gets that word's width (from the
    others)."""
    n = len(effects)
    if not n:
        return []
    need = [bs + 2.8 + max(text_width(w, "Cond", fs) for w in e.split()) + 0.2 for e in effects]
    shares = [width / n] * n
    wide = [k for k in range(n) if need[k] > width / n]
    if wide and sum(need) - 2.6 <= width:  # every longest word fits: each its need, the rest shared
        spare = (width - sum(need) + 2.6) / n
        shares = [need[k] + spare for k in range(n)]
        shares[-1] -= 2.6
    elif wide and sum(need[k] for k in wide) < width:
        rest = (width - sum(need[k] for k in wide)) / max(1, n - len(wide))
        shares = [need[k] if k in wide else rest for k in range(n)]
    shares[-1] += 2.6  # the last one needs no gutter
    return shares


def percent(ways: int) -> str:
    """A chance out of 36 as a whole percentage ("83 %"; x/36 is never half-way)."""
    return f"{(ways * 100 + 18) // 36} %"


def odds_text(odds: dict | None) -> list[str]:
    """The entries of one weapon's odds line: "≤4: 5–8 (83–42 %)" inside the minimum range, then
    "4 (92 %)" per range band."""
    if not odds:
        return []
    out = []
    m = odds["minimum"]
    if m:
        out.append(
            f"≤{m['hexes']}: {m['best']}–{m['worst']} "
            f"({percent(m['ways_best']).removesuffix(' %')}–{percent(m['ways_worst'])})"
        )
    out.extend(f"{b['to_hit']} ({percent(b['ways'])})" for b in odds["bands"])
    return out


def odds_lines(odds: dict | None, width: float) -> list[str]:
    """The odds entries joined by " · ", on as many lines of ``width`` as they need (an entry is
    never broken)."""
    lines: list[str] = []
    for part in odds_text(odds):
        if lines and text_width(lines[-1] + " · " + part, "Cond", MIN_PT) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def crit_box(pen: Pen, x: float, y: float, size: float, kind: str) -> None:
    """One crit box of a variants.yaml ``kind``: plain (white), pilot (shaded) or destroy (a
    heavy double frame: marked as the end of the ProtoMech, and still takes a pencil cross)."""
    pen.box_track(x, y, [BOX_KIND[kind]], size)


def _weapon_columns(
    r: Rect, header: list[str], damage: str, locs: tuple = (), fs: float = MIN_PT
) -> list[tuple[float, float]]:
    """(x, width) of the weapon table's columns: each number column as wide as its heading (or
    a two-digit value) at the table's size ``fs``; the name column takes the rest."""
    widths = [
        max(text_width(h, "Cond-Bold", fs), text_width("00", "Cond", fs + 0.5)) + 1.6 for h in header[1:]
    ]
    widths[1] = max(widths[1], text_width(damage, "Cond", fs + 0.5) + 1.2)  # "2/msl"
    widths[0] = max([widths[0]] + [text_width(t, "Cond", fs + 0.5) + 1.2 for t in locs])  # "Gun"
    out, x = [(r.x, r.w - sum(widths))], r.x + r.w - sum(widths)
    for w in widths:
        out.append((x, w))
        x += w
    return out


def _name_lines(name: str, width: float, size: float, top: float, tons_size: float, floor: float):
    """The unit's name on one or two lines under ``top``, the largest size that fits ``width``
    (never below 6 pt; a name too long for two lines of bold type at 6 pt is set in the condensed
    bold), and the baseline of the tons line under it, which must stay above ``floor``. Returns
    (lines, size, font, tons baseline)."""

    def tons_y(n, s):
        return top - 0.8 * s - (n - 1) * s * 1.1 - 0.25 * s - 0.8 * tons_size - 1.0

    for font in ("Sans-Bold", "Cond-Bold"):
        s = size
        while s >= MIN_PT:
            lines = Pen.wrap_static(name, font, s, width)
            if (
                len(lines) <= 2
                and tons_y(len(lines), s) - 0.25 * tons_size >= floor
                and all(text_width(t, font, s) <= width for t in lines)
            ):
                return lines, s, font, tons_y(len(lines), s)
            s -= 0.25
    lines = fill_lines(name, "Cond-Bold", MIN_PT, (width,))  # a word wider than the line is broken
    if len(lines) > 2:  # longer than two lines hold: the second ends in "…"
        lines = _two_lines(name, "Cond-Bold", (width,))
    return lines, MIN_PT, "Cond-Bold", tons_y(len(lines), MIN_PT)


def _tons_line(h: dict, motion: str, L, size: float, width: float) -> tuple[str, float]:
    """The tons and motive type line at ``size``, else at 6 pt, else with "13 t" for "Tons: 13",
    else with the short word for ultraheavy (a Russian quad ultraheavy is too long for the data
    column otherwise): (text, size)."""
    short_motion = motion.replace(L("ultraheavy"), L("ultraheavy_short"))
    texts = [
        f"{L('tons')}: {h['tons']}  {motion}",
        f"{h['tons']} {L('tons_short')}  {motion}",
        f"{h['tons']} {L('tons_short')}  {short_motion}",
    ]
    for text in texts:
        for s in (size, MIN_PT):
            if text_width(text, "Cond", s) <= width:
                return text, s
    return texts[-1], MIN_PT


def _pilot_lines(name: str, first_w: float, rest_w: float, size: float) -> tuple[list[str], float, str]:
    """A long pilot's name on its two lines (the first after "Name:", ``first_w`` wide, the
    second ``rest_w``): the largest size from ``size`` down to 6 pt in the condensed bold, then
    the condensed; a word wider than its line breaks after a hyphen (else anywhere). A name
    longer than two lines hold at 6 pt ends in "…" on the second (never smaller type)."""
    for font in ("Cond-Bold", "Cond"):
        s = size
        while s >= MIN_PT - 1e-9:
            lines = fill_lines(name, font, s, (first_w, rest_w))
            if len(lines) <= 2:
                return (lines + [""])[:2], s, font
            s -= 0.25
    return _two_lines(name, "Cond", (first_w, rest_w)), MIN_PT, "Cond"


def _two_lines(text: str, font: str, widths: tuple) -> list[str]:
    """``text`` at 6 pt on two lines (``widths``): the first filled, the rest shortened with "…"."""
    text = " ".join(text.split())
    first = fill_lines(text, font, MIN_PT, widths)[0]
    rest = text[len(first) :].lstrip()  # as written (a broken word stays one word)
    return [first, shortened(rest, font, MIN_PT, widths[-1])]


def _line(pen: Pen, x: float, y: float, text: str, size: float, font: str, width: float, align: str = "left"):
    """One line at ``size`` (never below the 6 pt minimum: a longer text is squeezed, and the
    layout checker reports it)."""
    pen.text(x, y, text, size, font, align=align, max_width=width, min_size=MIN_PT)


def _cell(value) -> str:
    """A table value; items without one (equipment has no damage or ranges) print a dash."""
    return "—" if value is None or value == "" else str(value)


def _cell_text(
    pen: Pen, r: Rect, text: str, size: float, font: str = "Cond", max_lines: int = 3, align: str = "left"
) -> None:
    """Up to ``max_lines`` lines of text, vertically centred, shrunk until they fit (never clipped)."""
    lines, size = _fit_lines(text, font, round(size, 2), round(r.w, 2), round(r.h, 2), max_lines)
    total = len(lines) * size * 1.05
    y = r.y + (r.h + total) / 2 - size * 0.85
    x = r.x + r.w / 2 if align == "center" else r.x
    with pen.frame(r):
        for line in lines:
            pen.text(x, y, line, size, font, align=align, max_width=r.w, min_size=MIN_PT)
            y -= size * 1.05


@functools.lru_cache(maxsize=4096)
def _fit_lines(text: str, font: str, size: float, w: float, h: float, max_lines: int):
    one_line = min(size, h / 1.05, size * w / max(text_width(text, font, size), 1e-6))
    if one_line >= max(size * 0.8, MIN_PT):  # a little shrinking reads better than a wrapped cell
        return (text,), one_line
    while size > MIN_PT:
        lines = Pen.wrap_static(text, font, size, w)
        if len(lines) <= max_lines and len(lines) * size * 1.05 <= h:
            break
        size -= 0.1
    lines = Pen.wrap_static(text, font, size, w)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    return tuple(lines), size
