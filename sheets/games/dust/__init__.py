"""Dust Tactics (``dust``): unit cards with cover saves and weapon grids, heroes joining squads,
army lists in AP and a cover calculator. Rules core: :mod:`.rules`; card data: :mod:`.view`."""

from __future__ import annotations

from sheets.core.game import Game, Options
from sheets.games.dust import rules, view
from sheets.games.dust.schema import unit_spec


class Dust(Game):
    id = "dust"
    name = {"en": "Dust Tactics", "ru": "Dust Tactics"}
    unit_kinds = ("squad", "hero", "vehicle", "aircraft")
    limit_unit = "AP"
    renderer = "sheets.games.dust.cards:render"
    reference_renderer = "sheets.games.dust.reference:render"
    calculators = "sheets.games.dust.calc:CALCULATORS"
    command_options = {
        "render": "sheets.games.dust.calc:RENDER",
        "reference": "sheets.games.dust.calc:REFERENCE",
    }

    def expected_pages(self, units, options: Options) -> int:
        """One card a unit, as many a page as the card size's grid holds (twice with backs)."""
        import math

        from sheets.games.dust.cards import _grid

        pages = max(1, math.ceil(len(units) / max(1, _grid(options).per_page)))
        return pages * (2 if (options.extra or {}).get("backs") else 1)

    def unit_spec(self):
        return unit_spec()

    def build_unit(self, data, options: Options):
        return rules.build_unit(data)

    def validate_unit(self, unit, options: Options):
        return rules.validate_unit(unit)

    def validate_force(self, units, options: Options):
        return rules.validate_force(units)

    def info(self, unit, options: Options) -> dict:
        return view.info(unit)

    def unit_cost(self, unit, options: Options):
        return unit.points

    def roster_columns(self, options: Options) -> list[tuple[str, str]]:
        return [
            ("name", "list_unit"),
            ("kind", "list_kind"),
            ("armor", "list_armor"),
            ("hero", "list_joined_hero"),
            ("cost", "list_ap"),
        ]

    def roster_row(self, unit, options: Options) -> dict:
        """The army-list row; a joined hero shows beside its squad ("+ hero" / "→ squad")."""
        from sheets.core.data import label

        row = view.roster_row(unit)
        row["kind"] = label("dust", row["kind_label"], options.lang)
        row["hero"] = (
            f"+ {row['joined_hero']}" if row["joined_hero"] else f"→ {row['joins']}" if row["joins"] else ""
        )
        return row

    def text_fields(self, unit):
        """Name, faction, weapon names/mounts/tags, skills and the joined squad's name."""
        out = [(("name",), unit.name), (("faction",), unit.faction)]
        for i, w in enumerate(unit.weapons):
            out.append((("weapons", i, "name"), w.name))
            if w.mount:
                out.append((("weapons", i, "mount"), w.mount))
            out += [(("weapons", i, "tags", j), t) for j, t in enumerate(w.tags)]
        for i, s in enumerate(unit.skills):
            out.append((("skills", i), s.name))
            if s.text:
                out.append((("skills", i, "text"), s.text))
        if unit.joins:
            out.append((("joins",), unit.joins))
        return out


GAME = Dust()
