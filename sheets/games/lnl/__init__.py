"""Lock 'n Load Tactical (``lnl``): order-of-battle sheets, the melee calculator with exact kill
odds, the Melee aid card and the melee-odds chart.

The rules core (:mod:`.model`, :mod:`.schema`, :mod:`.rules`) is pure Python; :mod:`.cli`,
:mod:`.sheet`, :mod:`.reference` and :mod:`.chart` are the CLI and printouts.
"""

from __future__ import annotations

from sheets.core.game import Game, Options
from sheets.games.lnl import rules
from sheets.games.lnl.schema import unit_spec


def unit_info(unit) -> dict:
    """JSON-ready description of one counter with its melee FP (attack and defence)."""
    reason = rules.nme_reason(unit)
    att = dfd = None
    if reason is None:
        att = rules.melee_fp(unit, "attack")
        dfd = rules.melee_fp(unit, "defend")
    return {
        "system": "lnl",
        "name": unit.name,
        "kind": unit.kind,
        "counter": unit.notation,
        "fp": unit.ifp,
        "range": unit.range,
        "morale": unit.morale,
        "lm": unit.lm,
        "m": unit.m,
        "ambush": unit.ambush,
        "shaken": unit.shaken,
        "skills": list(unit.skills),
        "weapons": [
            {
                "name": w.name,
                "fp": w.weapon.fp,
                "melee": w.weapon.melee,
                "single_use": w.weapon.single_use,
                "m": w.weapon.m,
                "captured": w.captured,
                "verified": w.weapon.verified,
            }
            for w in unit.weapons
        ],
        "melee_eligible": reason is None,
        "nme_reason": reason,
        "melee_attack_fp": att.fp if att else None,
        "melee_attack_why": att.why if att else None,
        "melee_defence_fp": dfd.fp if dfd else None,
        "melee_defence_why": dfd.why if dfd else None,
        "sw_note": rules.sw_use_note(unit),
    }


class LnLT(Game):
    id = "lnl"
    name = {"en": "Lock 'n Load Tactical", "ru": "Lock 'n Load Tactical"}
    unit_kinds = ("squad", "half_squad", "crew", "weapon_team", "leader", "hero", "medic", "sniper", "scout")
    limit_unit = "FP"
    renderer = "sheets.games.lnl.sheet:render"
    reference_renderer = "sheets.games.lnl.reference:render"
    charts = {"melee-odds": "sheets.games.lnl.chart:render"}
    calculators = "sheets.games.lnl.calc:CALCULATORS"
    units_per_page = 16  # rows of the order of battle a landscape page holds

    def unit_spec(self):
        return unit_spec()

    def build_unit(self, data, options: Options):
        return rules.build_unit(data)

    def validate_unit(self, unit, options: Options):
        return rules.validate_unit(unit)

    def info(self, unit, options: Options) -> dict:
        return unit_info(unit)

    def info_text(self, unit, options: Options) -> dict:
        """``info`` with its reasons in ``options.lang`` (the FP reasoning, why a unit is NME,
        the SW note) and the SWs by their printed names; the JSON keeps the English texts."""
        from sheets.core.data import label

        lang = options.lang
        row = unit_info(unit)
        reason = rules.nme_reason(unit)
        if reason is not None:
            kind = reason.split()[0]
            row["nme_reason"] = label("lnl", f"nme_{'leader' if kind == 'scout' else kind}", lang)
        else:
            row["melee_attack_why"] = rules.melee_fp(unit, "attack").text(lang)
            row["melee_defence_why"] = rules.melee_fp(unit, "defend").text(lang)
        if row["sw_note"]:
            row["sw_note"] = label("lnl", row["sw_note"], lang)
        row["skills"] = [rules.skill_text(s, lang) for s in unit.skills]
        for out, w in zip(row["weapons"], unit.weapons):
            out["name"] = w.weapon.display(lang)
        return row

    def unit_cost(self, unit, options: Options):
        """What an army list totals for LnLT: the counter's melee attack FP (0 when NME)."""
        if rules.nme_reason(unit) is not None:
            return 0
        return rules.melee_fp(unit, "attack").fp

    def roster_columns(self, options: Options) -> list[tuple[str, str]]:
        return [
            ("name", "col_unit"),
            ("kind", "col_kind"),
            ("counter", "col_counter"),
            ("sw", "col_sw"),
            ("cost", "col_melee_fp"),
        ]

    def roster_row(self, unit, options: Options) -> dict:
        from sheets.core.data import label

        return {
            "name": unit.name,
            "kind": label("lnl", f"kind_{unit.kind}", options.lang),
            "counter": unit.notation or "—",
            "sw": ", ".join(w.weapon.display(options.lang) for w in unit.weapons) or "—",
            "cost": self.unit_cost(unit, options),
        }

    def text_fields(self, unit):
        out = [(("name",), unit.name), (("counter",), unit.counter), (("notes",), unit.notes)]
        out += [(("skills", i), s) for i, s in enumerate(unit.skills)]
        return out


GAME = LnLT()
