"""Every layout the tool prints, rendered with layout recording on (shared by the layout tests)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from sheets.core.data import data_path
from sheets.core.game import Options, get_game, load_object
from sheets.render.pdf import Document

BT_UNITS = "units/battletech/point-alpha.yaml"
DMECH_UNITS = ("units/dmech/otrok.yaml", "units/dmech/pilot_on_foot.yaml")
DUST_UNITS = "units/dust/sample_force.yaml"
WH40K6_UNITS = "units/wh40k6/sample_list.yaml"
LNL_UNITS = ("units/lnl/hill30_us.yaml", "units/lnl/hill30_german.yaml")
SHAPES = str(Path(__file__).with_name("motions.yaml"))  # quad, glider, booster, crowded (tw)
ULTRA = str(Path(__file__).with_name("ultraheavy.yaml"))  # 15 t at full armour (tw)
LONG = str(Path(__file__).with_name("longnames.yaml"))  # unit, model and pilot names that must wrap
LONG40K = str(Path(__file__).with_name("longnames_wh40k6.yaml"))  # long unit names and model types
LONG_DUST = str(Path(__file__).with_name("longnames_dust.yaml"))  # every text field at its maximum
LONG_DMECH = str(Path(__file__).with_name("longnames_dmech.yaml"))  # every text field at its maximum
ROSTER_DMECH = str(Path(__file__).with_name("roster_dmech.yaml"))  # the ДМ samples as a roster

# (layout id, game, kind, files or chart name, extra options, rule variants)
LAYOUTS = [
    ("bt-sheet", "battletech", "sheet", (BT_UNITS,), {}, ("classic", "tw")),
    ("bt-sheet-shapes", "battletech", "sheet", (SHAPES,), {}, ("tw",)),
    ("bt-sheet-ultraheavy", "battletech", "sheet", (ULTRA,), {}, ("tw",)),
    ("bt-army-list", "battletech", "list", (BT_UNITS,), {}, ("classic", "tw")),
    ("bt-long-names", "battletech", "sheet", (LONG,), {}, ("tw",)),
    ("bt-army-list-long-names", "battletech", "list", (LONG,), {}, ("tw",)),
    ("bt-reference", "battletech", "reference", None, {}, ("classic", "tw")),
    ("bt-chart", "battletech", "chart", "hit-location", {}, ("classic", "tw")),
    ("dmech-sheet", "dmech", "sheet", DMECH_UNITS, {}, (None,)),
    ("dmech-sheet-tables", "dmech", "sheet", DMECH_UNITS, {"tables": True}, (None,)),
    ("dmech-sheet-long-names", "dmech", "sheet", (LONG_DMECH,), {}, (None,)),
    ("dmech-reference", "dmech", "reference", None, {}, (None,)),
    ("dmech-chart", "dmech", "chart", "facing", {"radius": 5}, (None,)),
    ("dmech-chart-r8", "dmech", "chart", "facing", {"radius": 8}, (None,)),
    ("dust-cards", "dust", "sheet", (DUST_UNITS,), {}, (None,)),
    ("dust-cards-mini", "dust", "sheet", (DUST_UNITS,), {"card": "mini", "bleed": 3}, (None,)),
    ("dust-cards-tarot", "dust", "sheet", (DUST_UNITS,), {"card": "tarot"}, (None,)),
    ("dust-cards-long-names", "dust", "sheet", (LONG_DUST,), {}, (None,)),
    ("dust-reference", "dust", "reference", None, {}, (None,)),
    ("dust-roster", "dust", "list", (DUST_UNITS,), {}, (None,)),
    ("wh40k6-datasheets", "wh40k6", "sheet", (WH40K6_UNITS,), {}, (None,)),
    ("wh40k6-datasheets-collapsed", "wh40k6", "sheet", (WH40K6_UNITS,), {"collapse": True}, (None,)),
    ("wh40k6-army-list", "wh40k6", "list", (WH40K6_UNITS,), {}, (None,)),
    ("wh40k6-army-list-long-names", "wh40k6", "list", (LONG40K,), {}, (None,)),
    ("wh40k6-datasheets-long-names", "wh40k6", "sheet", (LONG40K,), {}, (None,)),
    ("wh40k6-reference", "wh40k6", "reference", None, {}, (None,)),
    ("wh40k6-chart-to-wound", "wh40k6", "chart", "to-wound", {}, (None,)),
    ("wh40k6-chart-to-hit", "wh40k6", "chart", "to-hit", {}, (None,)),
    ("lnl-oob", "lnl", "sheet", LNL_UNITS, {}, (None,)),
    ("lnl-reference", "lnl", "reference", None, {}, (None,)),
    ("lnl-chart", "lnl", "chart", "melee-odds", {}, (None,)),
    ("lnl-roster", "lnl", "list", LNL_UNITS, {}, (None,)),
    # `sheets render` of a roster: the army list and the sheets / cards, as the command prints them
    ("bt-render", "battletech", "render", (BT_UNITS,), {}, ("classic",)),
    ("dmech-render", "dmech", "render", (ROSTER_DMECH,), {}, (None,)),
    ("dust-render", "dust", "render", (DUST_UNITS,), {}, (None,)),
    ("lnl-render", "lnl", "render", LNL_UNITS, {}, (None,)),
    ("wh40k6-render", "wh40k6", "render", (WH40K6_UNITS,), {}, (None,)),
]


def combos():
    for layout, game, kind, what, extra, variants in LAYOUTS:
        for variant in variants:
            for lang in ("en", "ru"):
                for paper in ("a4", "letter"):
                    for mono in (False, True):
                        yield (layout, variant, lang, paper, mono)


def case_id(combo) -> str:
    layout, variant, lang, paper, mono = combo
    return "-".join(p for p in (layout, variant, lang, paper, "mono" if mono else "colour") if p)


def coverage(layout: str, variant, lang: str, paper: str, mono: bool) -> list:
    """What the layout must print of its files' units (``data/common/coverage.yaml``)."""
    from sheets.core.loader import load_file
    from sheets.render.layout_check import coverage_values

    _, game_id, kind, what, extra, _ = next(x for x in LAYOUTS if x[0] == layout)
    if kind not in ("sheet", "list", "render"):
        return []
    game = get_game(game_id)
    options = Options(
        lang=lang, paper=paper, mono=mono, rules=variant or game.default_variant(), extra=dict(extra)
    )
    out = []
    for f in what:
        loaded = load_file(f if Path(f).is_absolute() else str(data_path(f)), options)
        for layout_kind in ("sheet", "list") if kind == "render" else (kind,):
            if layout_kind == "list" and kind == "render" and not loaded.is_roster:
                continue
            out += coverage_values(
                game_id, layout_kind, loaded.units, game.text_fields, str(extra.get("card") or "")
            )
    return out


@functools.cache
def render(layout: str, variant, lang: str, paper: str, mono: bool):
    """(recorder, words the user's files supply) for one combination."""
    from sheets.core.loader import load_file
    from sheets.core.roster import army_list
    from sheets.render.roster_pdf import draw_army_lists

    _, game_id, kind, what, extra, _ = next(x for x in LAYOUTS if x[0] == layout)
    game = get_game(game_id)
    options = Options(
        lang=lang, paper=paper, mono=mono, rules=variant or game.default_variant(), extra=dict(extra)
    )
    doc = Document(paper, mono, lang=lang, record=True)
    user: set[str] = set()
    if kind == "render":  # through the API the command uses
        from sheets import api

        loaded = [load_file(f if Path(f).is_absolute() else str(data_path(f)), options) for f in what]
        done = api.render(loaded, record=True)
        user = set(api.layout_words(loaded))
        return done.document.recorder, frozenset(user)
    if kind in ("sheet", "list"):
        loaded = [load_file(f if Path(f).is_absolute() else str(data_path(f)), options) for f in what]
        for l in loaded:
            for unit in l.units:
                for _path, text in game.text_fields(unit):
                    user.update(re.findall(r"\w+", str(text or "")))  # "Lt. Baker" → Lt, Baker
            if l.is_roster:
                user.update(
                    str(
                        (l.roster or {}).get("name", "")
                        if isinstance(getattr(l, "roster", None), dict)
                        else ""
                    ).split()
                )
        if kind == "list":  # as `sheets roster` (one file) and `render` (every roster, packed) print them
            lists = [army_list(l, lang) for l in loaded]
            for data in lists:
                user.update(str(data["name"] or "").split())
            draw_army_lists(doc, lists, loaded[0].options)
        else:
            load_object(game.renderer)(doc, [u for l in loaded for u in l.units], loaded[0].options)
    elif kind == "reference":
        load_object(game.reference_renderer)(doc, options)
    else:
        load_object(game.charts[what])(doc, options)
    doc.finish()
    return doc.recorder, frozenset(user)
