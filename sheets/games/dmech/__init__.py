"""«Древняя Механика» (``dmech``): walkers and infantry of the Russian hex mech game.

The rules core (this package minus ``cli``, ``sheet``, ``reference`` and ``chart``) is pure
Python: :mod:`.geometry` (armour facing cones), :mod:`.rules` (penetration, tables),
:mod:`.model` (data classes), :mod:`.schema` (unit file schema).
"""

from __future__ import annotations

from sheets.core.errors import RuleIssue
from sheets.core.game import Game, Options
from sheets.games.dmech import rules
from sheets.games.dmech.model import Equipment, Infantry, Pilot, Walker, Weapon
from sheets.games.dmech.schema import unit_spec


def _weapon(data) -> Weapon:
    return Weapon(
        name=data["name"],
        accuracy=data["accuracy"],
        power=data["power"],
        ammo=data["ammo"],
        tags=tuple(rules.weapon_tag(t) for t in data["tags"]),
        hand={"yes": True, "no": False}.get(data["hand"]),
        arc=data["arc"],
        range=data["range"],
        salvos=data["salvos"],
        special=data["special"],
        notes=data["notes"],
    )


def _equipment(data) -> Equipment:
    charges = data["charges"]
    if charges is None:
        charges = rules.equipment_kind(data["kind"]).get("charges")
    return Equipment(
        name=data["name"], kind=data["kind"], charges=charges, faces=tuple(data["faces"]), notes=data["notes"]
    )


def _weapon_info(w: Weapon) -> dict:
    return {
        "name": w.name,
        "accuracy": w.accuracy,
        "power": w.power,
        "ammo": w.ammo,
        "tags": list(w.tags),
        "hand": w.hand,
        "arc": w.arc,
        "range": w.range,
        "salvos": w.salvos,
        "special": w.special,
    }


def _equipment_info(e: Equipment) -> dict:
    return {"name": e.name, "kind": e.kind, "charges": e.charges, "faces": list(e.faces)}


class DMech(Game):
    id = "dmech"
    name = {"en": "Ancient Mechanics (Drevnyaya Mekhanika)", "ru": "Древняя Механика"}
    unit_kinds = ("walker", "infantry")
    limit_unit = "cost"
    renderer = "sheets.games.dmech.sheet:render"
    reference_renderer = "sheets.games.dmech.reference:render"
    charts = {"facing": "sheets.games.dmech.chart:render"}
    calculators = "sheets.games.dmech.calc:CALCULATORS"
    command_options = {"render": "sheets.games.dmech.calc:RENDER", "chart": "sheets.games.dmech.calc:CHART"}
    units_per_page = 2  # two sheets a page (a walker alone with --tables)

    def expected_pages(self, units, options: Options) -> int:
        import math

        if not (options.extra or {}).get("tables"):
            return super().expected_pages(units, options)
        walkers = sum(1 for u in units if isinstance(u, Walker))
        return max(1, walkers + math.ceil((len(units) - walkers) / 2))

    def unit_spec(self):
        return unit_spec()

    def build_unit(self, data, options: Options):
        """A :class:`Walker` or :class:`Infantry` from a schema-checked unit mapping."""
        common = dict(
            name=data["name"],
            weapons=[_weapon(w) for w in data["weapons"]],
            equipment=[_equipment(e) for e in data["equipment"]],
            cost=data["cost"],
            faction=data["faction"],
            notes=data["notes"],
            illustrative=data["illustrative"],
        )
        if data["kind"] == "infantry":
            return Infantry(
                strength=data["strength"],
                defence=data["defence"],
                speed=data["speed"],
                visibility=data["visibility"],
                **common,
            )
        armor_input = {k: v for k, v in (data["armor"] or {}).items() if v is not None}
        armor = {} if rules.armor_problems(armor_input) else rules.expand_armor(armor_input)
        found = rules.find_class(data["class"]) if data["class"] else None
        return Walker(
            class_id=found.id if found else None,
            structure=data["structure"],
            speed=data["speed"],
            initiative=data["initiative"],
            skill=data["skill"],
            daring=data["daring"],
            armor=armor,
            armor_input=armor_input,
            pilot=Pilot(name=(data["pilot"] or {}).get("name", "") or ""),
            **common,
        )

    def validate_unit(self, unit, options: Options) -> list[RuleIssue]:
        """Armour form of walkers: 4 values or 6 faces, not mixed, none missing."""
        if isinstance(unit, Walker):
            return rules.armor_issues(unit.armor_input)
        return []

    def info(self, unit, options: Options) -> dict:
        """JSON-ready values of a unit (six armour faces, class modifiers)."""
        out = {"system": self.id, "kind": unit.kind, "name": unit.name}
        if isinstance(unit, Walker):
            c = rules.get_class(unit.class_id)
            out.update(
                {
                    "class": c.id,
                    "class_name": {"ru": c.name.ru, "en": c.name.en},
                    "class_modifiers": rules.class_modifiers(c.id),
                    "structure": unit.structure,
                    "speed": unit.speed,
                    "initiative": unit.initiative,
                    "skill": unit.skill,
                    "daring": unit.daring,
                    "armor": dict(unit.armor),
                    "pilot": {"name": unit.pilot.name},
                }
            )
        else:
            out.update(
                {
                    "strength": unit.strength,
                    "defence": unit.defence,
                    "speed": unit.speed,
                    "visibility": unit.visibility,
                }
            )
        out.update(
            {
                "weapons": [_weapon_info(w) for w in unit.weapons],
                "equipment": [_equipment_info(e) for e in unit.equipment],
                "cost": unit.cost,
                "illustrative": unit.illustrative,
            }
        )
        return out

    def info_text(self, unit, options: Options) -> dict:
        """``info`` with the walker's class by its name in ``options.lang``."""
        row = self.info(unit, options)
        if "class_name" in row:
            row["class"] = row.pop("class_name")[options.lang]
        return row

    def unit_cost(self, unit, options: Options) -> float | None:
        return unit.cost

    def roster_columns(self, options: Options) -> list[tuple[str, str]]:
        return [("name", "col_unit"), ("class", "class"), ("cost", "cost")]

    def roster_row(self, unit, options: Options) -> dict:
        row = {"name": unit.name, "kind": unit.kind, "cost": unit.cost, "class": "—"}
        if isinstance(unit, Walker):
            row["class"] = rules.get_class(unit.class_id).name.get(options.lang)
        return row

    def text_fields(self, unit) -> list[tuple[tuple, str]]:
        """Every user text printed for the unit, with its path in the unit mapping."""
        out = [(("name",), unit.name), (("faction",), unit.faction), (("notes",), unit.notes)]
        if isinstance(unit, Walker):
            out.append((("pilot", "name"), unit.pilot.name))
        for i, w in enumerate(unit.weapons):
            out += [
                (("weapons", i, "name"), w.name),
                (("weapons", i, "range"), w.range),
                (("weapons", i, "notes"), w.notes),
            ]
            out += [(("weapons", i, "tags", j), t) for j, t in enumerate(w.tags)]
        for i, e in enumerate(unit.equipment):
            out += [(("equipment", i, "name"), e.name), (("equipment", i, "notes"), e.notes)]
        return [(path, text) for path, text in out if text]


GAME = DMech()
