"""A toy game registered for the duration of a test: the core's loader, registry and army list
are checked against a plug-in whose every rule is known here, not against a real game's data."""

import sys
import types
from types import SimpleNamespace

import pytest

from sheets.core import game as registry
from sheets.core.errors import RuleIssue
from sheets.core.game import Game
from sheets.core.schema import Bool, Int, Obj, Str

MODULE = "sheets_core_test_toy"


class Toy(Game):
    id = "toy"
    name = {"en": "Toy Wars", "ru": "Игрушечные войны"}
    unit_kinds = ("robot",)
    variants = ("classic", "tw")
    limit_unit = "points"
    file_formats = {".toyx": f"{MODULE}:convert"}

    def __init__(self):
        self.calls = []

    def unit_spec(self):
        return Obj(
            fields={
                "name": Str(allow_empty=False),
                "cost": Int(min=0, default=0),
                "armor": Int(default=0),
                "leader": Bool(default=False),
                "warn": Bool(default=False),
            }
        )

    def build_unit(self, data, options):
        return SimpleNamespace(
            name=data["name"],
            cost=data["cost"],
            armor=data["armor"],
            leader=data["leader"],
            warn=data["warn"],
            rules=options.rules,
        )

    def validate_unit(self, unit, options):
        out = []
        if unit.armor > 10:
            out.append(RuleIssue(("armor",), f"armour {unit.armor} is over 10"))
        if unit.warn:
            out.append(RuleIssue(("name",), "check the name", "warning"))
        return out

    def validate_force(self, units, options):
        self.calls.append(("force", [u.name for u in units]))
        leaders = [i for i, u in enumerate(units) if u.leader]
        return [(i, RuleIssue(("leader",), "only one leader")) for i in leaders[1:]]

    def validate_list(self, units, options, roster):
        self.calls.append(("list", options.lang, roster and roster.get("name")))
        n = len(units)
        return [f"{n} units: too many ({options.lang})"] if n > 3 else []

    def unit_cost(self, unit, options):
        return unit.cost


class Plain(Game):
    """A game without rule variants, registered as a class (the registry makes the instance)."""

    id = "plain"
    name = {"en": "Plain"}

    def unit_spec(self):
        return Obj(fields={"name": Str()})

    def build_unit(self, data, options):
        return SimpleNamespace(name=data["name"], rules=options.rules)


def convert(path):
    return {"system": "toy", "units": [{"name": f"from {path.rsplit('/', 1)[-1]}", "cost": 7}]}


@pytest.fixture
def toy(monkeypatch):
    """Register the toy games; yields the Toy instance the registry hands out."""
    module = types.ModuleType(MODULE)
    module.GAME, module.PLAIN, module.convert = Toy(), Plain, convert
    monkeypatch.setitem(sys.modules, MODULE, module)
    monkeypatch.setitem(registry.BUILTIN, "toy", f"{MODULE}:GAME")
    monkeypatch.setitem(registry.BUILTIN, "plain", f"{MODULE}:PLAIN")
    registry.get_game.cache_clear()
    registry._entry_points.cache_clear()
    yield module.GAME
    monkeypatch.undo()
    registry.get_game.cache_clear()
    registry._entry_points.cache_clear()
