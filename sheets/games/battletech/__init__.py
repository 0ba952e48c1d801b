"""Classic BattleTech: Clan ProtoMechs — the game plug-in (``GAME``).

The rules core is in :mod:`.rules` (lookup, build, validation, derived values), :mod:`.view` (``sheet_data``: the record sheet's data),
:mod:`.bv` (Battle Value 2.0) and :mod:`.schema` (unit file schema). Rule variants:
``classic`` (the seed's rules, default) and ``tw`` (Total Warfare / MegaMek).
"""

from __future__ import annotations

from sheets.core.errors import RuleIssue
from sheets.core.game import Game, Options
from sheets.core.schema import Obj
from sheets.games.battletech import bv as bv_mod
from sheets.games.battletech import rules, schema
from sheets.games.battletech.model import Proto


class BattleTech(Game):
    id = "battletech"
    name = {"en": "Classic BattleTech: Clan ProtoMechs", "ru": "BattleTech: протомехи кланов"}
    unit_kinds = ("protomech",)
    variants = ("classic", "tw")
    limit_unit = "BV"
    renderer = "sheets.games.battletech.sheet:render"
    reference_renderer = "sheets.games.battletech.reference:render"
    charts = {"hit-location": "sheets.games.battletech.chart:render"}
    importers = {"megamek": "sheets.games.battletech.import_cli:megamek"}
    file_formats = {
        ".blk": "sheets.games.battletech.blk:blk_to_unit_file",
        ".mul": "sheets.games.battletech.mul:force_to_unit_file",
    }
    # --no-odds (render): no to-hit odds under the weapons; --units DIR: FORCE.mul's .blk folder
    # (the shared --strict also makes equipment later than the chosen rules an error)
    command_options = {
        "validate": "sheets.games.battletech.options:VALIDATE",
        "render": "sheets.games.battletech.options:RENDER",
        "info": "sheets.games.battletech.options:INFO",
    }

    def unit_spec(self) -> Obj:
        return schema.unit_spec()

    def build_unit(self, data, options: Options) -> Proto:
        return rules.build(data)

    def validate_unit(self, unit: Proto, options: Options) -> list[RuleIssue]:
        return rules.validate(unit, options.rules, strict=bool(options.extra.get("strict")))

    def info(self, unit: Proto, options: Options) -> dict:
        """JSON-ready derived values (keys listed in the contract, plus rules/run_boosted/...)."""
        variant = options.rules or rules.DEFAULT_VARIANT
        result = bv_mod.battle_value(unit)
        return {
            "system": self.id,
            "rules": variant,
            "name": unit.name,
            "model": unit.model,
            "tons": unit.tons,
            "motion": unit.motion,
            "walk": unit.walk,
            "run": rules.run_mp(unit),
            "run_boosted": rules.boosted_run_mp(unit),
            "jump": unit.jump,
            "armor": rules.armor(unit),
            "structure": rules.structure(unit),
            "max_armor": rules.max_armor(unit),
            "crit_boxes": rules.crit_box_counts(unit, variant),
            "physical_damage": rules.physical_damage(unit, variant),
            "gunnery": rules.gunnery(unit),
            "bv": result.base,
            "bv_pilot": result.pilot,
            "bv_flags": result.breakdown["flags"],
            "warnings": [i.message for i in rules.validate(unit, variant) if i.severity == "warning"],
        }

    def unit_cost(self, unit: Proto, options: Options) -> int:
        """Pilot-adjusted BV (what a BV limit counts)."""
        return bv_mod.battle_value(unit).pilot

    roster_group_size = 5  # a Point
    roster_group_label = "point"

    def roster_columns(self, options: Options) -> list[tuple[str, str]]:
        return [
            ("name", "col_unit"),
            ("model", "col_model"),
            ("tons", "col_tons"),
            ("move", "col_move"),
            ("pilot", "col_pilot"),
            ("gunnery", "col_gunnery"),
            ("bv", "col_bv"),
            ("cost", "col_bv_pilot"),
        ]

    def roster_row(self, unit: Proto, options: Options) -> dict:
        result = bv_mod.battle_value(unit)
        move = f"{unit.walk}/{rules.run_mp(unit)}/{unit.jump}"
        return {
            "name": unit.name,
            "model": unit.model,
            "tons": unit.tons,
            "motion": unit.motion,
            "move": move,
            "gunnery": result.gunnery,
            "pilot": unit.pilot.name if unit.pilot else "",
            "bv": result.base,
            "cost": result.pilot,
        }

    def text_fields(self, unit: Proto) -> list[tuple[tuple, str]]:
        out = [(("name",), unit.name), (("model",), unit.model)]
        if unit.pilot is not None:
            out.append((("pilot", "name"), unit.pilot.name))
        return out


GAME = BattleTech()
