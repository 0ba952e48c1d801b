"""``sheets reference wh40k6``: the unit-type handout. Landscape pages: the whole unit-type
table (every type of ``data/wh40k6/unit_types.yaml`` and every vehicle type word, resolved by the
rules core), then the charts (WS vs WS and S vs T grids, BS to-hit, armour penetration and the
vehicle damage table, cover saves). Russian with the Russian rulebook's terms; profile
abbreviations stay Latin. Unverified values carry †."""

from __future__ import annotations

from sheets import __version__
from sheets.games.wh40k6 import chart, rules, view
from sheets.games.wh40k6.model import ModelType, type_rules, type_table
from sheets.games.wh40k6.sheet import paragraph, table
from sheets.render.pdf import PAPER, Rect, footer, margins

SIZE = 7.5


def type_rows() -> list:
    """The TypeRules of every row of the handout's table, in data order: the base types, then the
    vehicle type words (and the data's combinations, e.g. fast skimmer)."""
    data = type_table()
    out = [type_rules(ModelType(t)) for t in data["types"]]
    out += [type_rules(ModelType("vehicle", (tag,))) for tag in data["vehicle_tags"]]
    order = list(data["vehicle_tags"])
    for combo in data.get("vehicle_combos") or ():
        out.append(type_rules(ModelType("vehicle", tuple(sorted(combo["tags"], key=order.index)))))
    return out


def row_cells(tr, lang: str) -> list[str]:
    """The handout's cells of one row; a vehicle type word shows only what it adds to the plain
    vehicle row above it (its own notes, limits and rules)."""
    t = view.L(lang)
    base = type_rules(ModelType("vehicle")) if tr.type.base == "vehicle" and tr.type.tags else None

    def own(items, field):
        return [i for i in items if base is None or i not in getattr(base, field)]

    def d(field):
        return "†" if field in tr.unverified else ""

    run = "–" if tr.run == "–" else f"{t('mv_' + tr.run_kind)} {tr.run}{d('run')}"
    rules_ = ", ".join(view.rule_name(r, lang) for r in tr.rules) or "–"
    if tr.rules and "rules" in tr.unverified:
        rules_ += "†"
    notes = (
        [t(k) for k in own(tr.shooting, "shooting")]
        + [t(k) for k in own(tr.cannot, "cannot")]
        + [t(k) for k in own(tr.notes, "notes")]
    )
    if tr.profile:
        notes.insert(0, " ".join(f"{k} {v}" for k, v in tr.profile.items()))
    return [
        view.type_name(tr, lang),
        f"{tr.move}{d('move')}",
        run,
        f"{tr.charge}{d('charge')}",
        f"{tr.fall_back}{d('fall_back')}",
        rules_,
        ("; ".join(notes) or "–") + d("notes"),
    ]


def _landscape(paper: str):
    w, h = PAPER[paper]
    return (h, w)


def _frame(doc, paper: str) -> Rect:
    m = margins(paper)
    return Rect(m, m + 14, doc.width - 2 * m, doc.height - 2 * m - 14)


def render(doc, options) -> None:
    lang, paper = options.lang, options.paper
    t = view.L(lang)
    size = _landscape(paper)
    foot = f"{t('generated_by')} {__version__}"

    def new_page(title: str):
        pen = doc.page(size)
        frame = _frame(doc, paper)
        pen.heading(Rect(frame.x, frame.top - 20, frame.w, 20), title, 11)
        return pen, frame, frame.top - 24

    # -- the unit-type table ---------------------------------------------------------------
    pen, frame, y = new_page(f"{t('ref_title')} · {view.game_title(lang)}")
    y -= paragraph(pen, frame.x, y, frame.w, t("ref_baseline"), 8, "Sans-Bold") + 2
    head = [
        t(k)
        for k in ("col_type", "col_move", "col_run", "col_charge", "col_fall_back", "col_rules", "col_notes")
    ]
    fr = [2.6, 1.25, 2.3, 1.35, 1.35, 3.0, 7.6]
    aligns = ["left", "center", "center", "center", "center", "left", "left"]
    rows = [row_cells(tr, lang) for tr in type_rows()]
    dagger = any("†" in c for r in rows for c in r)
    first_room = y - frame.y - 12
    room = frame.top - 24 - frame.y - 12  # a continuation page: its heading only

    def split(cap: float) -> list[int]:
        """Rows per page when no page holds more than ``cap`` points of table."""
        out, i = [], 0
        while i < len(rows):
            limit = min(cap, first_room if not out else room)
            n = 0
            while (
                i + n < len(rows) and table(None, 0, 0, frame.w, fr, head, rows[i : i + n + 1], SIZE) <= limit
            ):
                n += 1
            n = max(n, 1)
            out.append(n)
            i += n
        return out

    # as few pages as the rows need, their rows balanced so that no page is a widow (issue 23:
    # the Russian table left two rows on a page of their own): the smallest cap per page that
    # still needs no more pages than filling each page does
    counts = split(max(first_room, room))
    lo, hi = 0.0, max(first_room, room)
    for _ in range(20):
        mid = (lo + hi) / 2
        if len(split(mid)) <= len(counts):
            hi = mid
        else:
            lo = mid
    counts = split(hi)
    i = 0
    for page_no, n in enumerate(counts):
        if page_no:
            pen, frame, y = new_page(t("ref_types"))
        with pen.frame(Rect(frame.x, frame.y, frame.w, y - frame.y)):
            y -= table(pen, frame.x, y, frame.w, fr, head, rows[i : i + n], SIZE, aligns, bold_first=True)
        i += n
        if dagger:
            with pen.fine_print():
                pen.text(frame.x, frame.y + 2, t("unverified_note"), 6, color=pen.t.warn, max_width=frame.w)
        footer(pen, frame, foot, t("ref_types"))

    # -- the charts ------------------------------------------------------------------------
    pen, frame, y = new_page(f"{t('chart_ws')} · {t('chart_wound')}")
    nums = [str(k) for k in range(1, 11)]
    left, right = Rect(frame.x, frame.y, frame.w, y - frame.y).split_h(0.5, 0.5, gap=16)
    for r, axis, corner, cell, dag in (
        (left, "chart_ws_axis", "WS", lambda a, b: rules.ws_to_hit(a + 1, b + 1), None),
        (
            right,
            "chart_wound_axis",
            "S \\ T",
            lambda a, b: rules.to_wound(a + 1, b + 1),
            lambda a, b: not rules.to_wound_verified(a + 1, b + 1),
        ),
    ):
        pen.text(r.x, y - 9, t(axis), 8.5, "Sans-Bold", max_width=r.w)
        area = Rect(r.x, r.y + 40, r.w, y - 14 - r.y - 40)
        used = chart.grid(pen, area, corner, nums, nums, cell, dagger=dag)
        gy = area.top - used - 10
    pen.text(frame.x, gy, t("chart_cell_note"), 7.5, max_width=frame.w)
    pen.text(frame.x, gy - 11, t("chart_wound_dagger"), 7.5, color=pen.t.warn, max_width=frame.w)
    pen.text(frame.x, gy - 22, t("chart_instant_death"), 7.5, max_width=frame.w)
    footer(pen, frame, foot, t("ref_title"))

    pen, frame, y = new_page(f"{t('chart_bs')} · {t('chart_pen')} · {t('chart_cover')}")
    bs_rows = [[t("chart_bs_hit")], [t("chart_bs_reroll")], [t("chart_bs_snap")]]
    for bs in range(1, 11):
        hit, reroll = rules.bs_to_hit(bs)
        bs_rows[0].append(f"{hit}+")
        bs_rows[1].append(f"{reroll}+" if reroll else "–")
        bs_rows[2].append(f"{rules.charts()['snap_shot']}+")
    with pen.frame(Rect(frame.x, frame.y, frame.w, y - frame.y)):
        y -= (
            table(pen, frame.x, y, frame.w, [3.4] + [1] * 10, ["BS"] + nums, bs_rows, 8.5, bold_first=True)
            + 14
        )
    left, right = Rect(frame.x, frame.y, frame.w, y - frame.y).split_h(0.55, 0.45, gap=16)
    c = rules.charts()
    ly = left.top
    pen.heading(Rect(left.x, ly - 16, left.w, 16), t("chart_pen"), 9)
    ly -= 20
    with pen.frame(left):
        for key in (
            c["penetration"]["notes"][:1]
            + [c["penetration"]["glancing"], c["penetration"]["penetrating"]]
            + c["penetration"]["notes"][1:]
        ):
            ly -= paragraph(pen, left.x + 2, ly, left.w - 4, "• " + t(key), 8.5, indent=7)
        ly -= 6
        dmg = [[r["roll"], t(r["result"])] for r in c["damage_table"]]
        ly -= (
            table(
                pen,
                left.x,
                ly,
                left.w,
                [1.5, 4],
                [t("dmg_roll"), t("dmg_result")],
                dmg,
                8.5,
                ["center", "left"],
            )
            + 6
        )
        mods = ", ".join(
            f"{t(m['when'])} {m['modifier']:+d}" + ("" if m["verified"] else "†")
            for m in c["damage_modifiers"]
        )
        ly -= paragraph(pen, left.x + 2, ly, left.w - 4, f"{t('dmg_modifiers')}: {mods}", 8.5)
    ry = right.top
    pen.heading(Rect(right.x, ry - 16, right.w, 16), t("chart_cover"), 9)
    ry -= 20
    cover = [
        [t(r["what"]), t(r["save"]) if str(r["save"]).startswith("cover_") else r["save"]] for r in c["cover"]
    ]
    with pen.frame(right):
        table(pen, right.x, ry, right.w, [4, 1.6], None, cover, 8.5, ["left", "center"])
    with pen.fine_print():
        pen.text(frame.x, frame.y + 2, t("unverified_note"), 6, color=pen.t.warn, max_width=frame.w)
    footer(pen, frame, foot, t("ref_title"))
