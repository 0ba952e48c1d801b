"""Warhammer 40,000 6th edition (``wh40k6``): datasheets that print what each unit type means on
the table, Force-Organisation-checked army lists, the unit-type handout, to-hit / to-wound charts
and an attack calculator. Rules core: :mod:`.model`, :mod:`.rules`, :mod:`.view`."""

from __future__ import annotations

from sheets.core.game import Game, Options
from sheets.games.wh40k6 import rules, view
from sheets.games.wh40k6.schema import unit_spec


class Wh40k6(Game):
    id = "wh40k6"
    name = {"en": "Warhammer 40,000 (6th edition)", "ru": "Вархаммер 40 000 (6-я редакция)"}
    unit_kinds = ("infantry", "bike", "monstrous creature", "beast", "cavalry", "artillery", "vehicle")
    limit_unit = "points"
    # the Force Organisation chart a list is checked against (data/wh40k6/foc.yaml): 6th edition,
    # 7th edition Combined Arms, Horus Heresy 1st-edition Crusade; `other`: tallied, not checked
    variants = ("6th", "7th", "hh1", "other")
    renderer = "sheets.games.wh40k6.sheet:render"
    reference_renderer = "sheets.games.wh40k6.reference:render"
    charts = {"to-wound": "sheets.games.wh40k6.chart:to_wound", "to-hit": "sheets.games.wh40k6.chart:to_hit"}
    calculators = "sheets.games.wh40k6.calc:CALCULATORS"
    command_options = {"render": "sheets.games.wh40k6.calc:RENDER"}
    units_per_page = 3  # datasheets flow: about three a page on average
    importers = {"battlescribe": "sheets.games.wh40k6.import_cli:battlescribe"}
    file_formats = {
        ".ros": "sheets.games.wh40k6.battlescribe:roster_for_printing",
        ".rosz": "sheets.games.wh40k6.battlescribe:roster_for_printing",
    }

    def unit_spec(self):
        return unit_spec()

    def build_unit(self, data, options: Options):
        return rules.build_unit(data)

    def validate_unit(self, unit, options: Options):
        return rules.validate_unit(unit)

    def validate_list(self, units, options: Options, roster: dict | None) -> list[str]:
        """Force Organisation Chart breaches of a roster (a plain unit file is not an army)."""
        roster = roster or {}  # a list without a `roster:` key is checked too (issue 22, fix 9)
        return [
            rules.violation_text(v, options.lang)
            for v in rules.foc_violations(units, roster.get("limit"), options.rules)
        ]

    def list_tally(self, units, options: Options, roster: dict | None) -> list[dict]:
        """Force Organisation chips for the army list: "Troops 3 / 2–6" (allied ones marked)."""
        from sheets.core.data import label

        roster = roster or {}
        table = rules.chart_table(options.rules)
        if table is None:
            tally = __import__("collections").Counter(u.slot for u in units if u.slot != "none")
            out = [
                {"text": f"{label('wh40k6', 'slot_' + s, options.lang)} {n}", "ok": True}
                for s, n in tally.items()
            ]
            out.append({"text": label("wh40k6", "foc_not_checked", options.lang), "ok": True})
            return out
        out = []
        if table.get("rites_of_war"):
            out.append({"text": label("wh40k6", "foc_rites_of_war", options.lang), "ok": True})
        for r in rules.foc_tally(units, roster.get("limit"), options.rules):
            name = label("wh40k6", f"slot_{r['slot']}", options.lang)
            if r["detachment"] != "primary":
                name = f"{label('wh40k6', 'det_' + r['detachment'], options.lang)}: {name}"
            dagger = "" if r["verified"] else "†"
            out.append({"text": f"{name} {r['count']} / {r['min']}–{r['max']}{dagger}", "ok": r["ok"]})
        return out

    def info(self, unit, options: Options) -> dict:
        return view.info(unit, options.lang)

    def info_text(self, unit, options: Options) -> dict:
        return view.info_text(unit, options.lang)

    def unit_cost(self, unit, options: Options):
        return unit.points

    def roster_columns(self, options: Options):
        return [
            ("name", "col_unit"),
            ("slot", "list_slot"),
            ("type", "list_type"),
            ("models", "list_models"),
            ("cost", "list_points"),
        ]

    def roster_row(self, unit, options: Options) -> dict:
        return view.roster_row(unit, options.lang)

    def text_fields(self, unit):
        out = [(("name",), unit.name), (("notes",), unit.notes)]
        for i, m in enumerate(unit.models):
            out.append((("models", i, "name"), m.name))
            if m.type_text:
                out.append((("models", i, "type_text"), m.type_text))
        for i, w in enumerate(unit.weapons):
            out += [(("weapons", i, "name"), w.name), (("weapons", i, "type"), w.type)]
            for k in ("range", "s"):
                if isinstance(getattr(w, k), str):
                    out.append((("weapons", i, k), getattr(w, k)))
        out += [(("rules", i), r) for i, r in enumerate(unit.rules)]
        for i, w in enumerate(unit.weapons):
            out += [(("weapons", i, k), getattr(w, k)) for k in ("ap_text", "carrier") if getattr(w, k)]
        out += [(("wargear", i), g) for i, g in enumerate(unit.wargear)]
        out += [(("gaps", i), g) for i, g in enumerate(unit.gaps)]
        if unit.transport_of:
            out.append((("transport_of",), unit.transport_of))
        for key, block in (("building", unit.building), ("transport", unit.transport)):
            for k, v in (block or {}).items():
                if isinstance(v, str) and v:
                    out.append(((key, k), v))
        for i, (name, text) in enumerate(unit.roster_text.items()):
            out += [(("roster_text", i, "name"), name), (("roster_text", i, "text"), text)]
        return out


GAME = Wh40k6()
