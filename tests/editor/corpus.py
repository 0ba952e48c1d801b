"""The corpus the editor and `sheets validate` are compared on: every sample, every starter (en,
ru), imported files, and broken variants of them — each variant says what it breaks and whether
JSON Schema can say so (``SCHEMA``) or why not (the rule needs something a schema never sees)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

SCHEMA = "schema"  # a problem the schema expresses: the editor must flag it
# problems a JSON Schema cannot express, by kind (the editor is not expected to see them)
TOTALS = "a total or a limit that depends on other values (armour by tonnage, jump by walk, points)"
VARIANT = "depends on the rule variant, which the command line may set (`--rules`)"
CROSS_UNIT = "a relation between units of the file (a hero's squad, one name per squad)"
CROSS_FILE = "a reference to another file (`from:`) that must exist and hold the unit"
FOC = "the Force Organisation Chart: slots counted over the army list"


@dataclass(frozen=True)
class Variant:
    name: str
    game: str
    kind: str  # SCHEMA or one of the reasons above
    change: Callable[[dict], None]  # mutates a loaded unit file in place


def unit(doc, i=0) -> dict:
    return doc["units"][i]


def first_with(doc, key, value=None) -> dict:
    for u in doc["units"]:
        if key in u and (value is None or u[key] == value):
            return u
    raise LookupError(key)


def setter(*path, value=None, delete=False):
    """A change setting (or deleting) ``units[0].path`` (a leading int picks another unit)."""

    def change(doc):
        node = doc["units"]
        steps = list(path)
        node = node[steps.pop(0)] if steps and isinstance(steps[0], int) else node[0]
        for step in steps[:-1]:
            node = node[step]
        if delete:
            del node[steps[-1]]
        else:
            node[steps[-1]] = copy.deepcopy(value)

    return change


def doc_setter(key, value=None, delete=False):
    def change(doc):
        if delete:
            del doc[key]
        else:
            doc[key] = copy.deepcopy(value)

    return change


def generic(game: str) -> list[Variant]:
    """What every game's file can get wrong in the same way."""
    return [
        Variant("unknown key in a unit", game, SCHEMA, setter("nmae", value="x")),
        Variant("name missing", game, SCHEMA, setter("name", delete=True)),
        Variant("name empty", game, SCHEMA, setter("name", value="")),
        Variant("name blank", game, SCHEMA, setter("name", value="   ")),
        Variant("name too long", game, SCHEMA, setter("name", value="N" * 300)),
        Variant("name a list", game, SCHEMA, setter("name", value=["a"])),
        Variant("name a mapping", game, SCHEMA, setter("name", value={"a": 1})),
        Variant("name true", game, SCHEMA, setter("name", value=True)),
        Variant("control character in a name", game, SCHEMA, setter("name", value="a\x01b")),
        Variant("unknown top-level key", game, SCHEMA, doc_setter("unitz", value=[])),
        Variant("system missing", game, SCHEMA, doc_setter("system", delete=True)),
        Variant(
            "system of another game",
            game,
            SCHEMA,
            doc_setter("system", value="dust" if game != "dust" else "lnl"),
        ),
        Variant("system unknown", game, SCHEMA, doc_setter("system", value="chess")),
        Variant("units empty", game, SCHEMA, doc_setter("units", value=[])),
        Variant("units a mapping", game, SCHEMA, doc_setter("units", value={"a": 1})),
        Variant("an empty unit entry", game, SCHEMA, lambda d: d["units"].append(None)),
        Variant("a unit that is text", game, SCHEMA, lambda d: d["units"].append("Harpy")),
        Variant(
            "roster limit negative", game, SCHEMA, doc_setter("roster", value={"name": "x", "limit": -5})
        ),
        Variant(
            "roster limit text", game, SCHEMA, doc_setter("roster", value={"name": "x", "limit": "lots"})
        ),
        Variant("roster unknown key", game, SCHEMA, doc_setter("roster", value={"nmae": "x"})),
        Variant("roster a list", game, SCHEMA, doc_setter("roster", value=["x"])),
        Variant(
            "reference to a missing file",
            game,
            CROSS_FILE,
            lambda d: d["units"].append({"from": "no-such-file.yaml", "name": "x"}),
        ),
        Variant(
            "reference with an unknown key",
            game,
            SCHEMA,
            lambda d: d["units"].append({"from": "no-such-file.yaml", "nmae": "x"}),
        ),
    ]


def battletech() -> list[Variant]:
    g = "battletech"
    return [
        Variant(
            "item not in the tables (ER Smal Laser)",
            g,
            SCHEMA,
            setter("equipment", 0, "item", value="ER Smal Laser"),
        ),
        Variant(
            "item not in the tables (Laser Gun)",
            g,
            SCHEMA,
            setter(2, "equipment", 0, "item", value="Laser Gun"),
        ),
        Variant("item a number", g, SCHEMA, setter("equipment", 0, "item", value=3060)),
        Variant("item missing", g, SCHEMA, setter("equipment", 0, "item", delete=True)),
        Variant("weapon without a location", g, SCHEMA, setter("equipment", 0, "location", delete=True)),
        Variant("ammunition with a location", g, SCHEMA, setter("equipment", 1, "location", value="torso")),
        Variant("ammunition without its shots", g, SCHEMA, setter("equipment", 1, "shots", delete=True)),
        Variant("shots zero", g, SCHEMA, setter("equipment", 1, "shots", value=0)),
        Variant("unknown location", g, SCHEMA, setter("equipment", 0, "location", value="tail")),
        Variant("unknown armour location", g, SCHEMA, setter("armor", "tail", value=1)),
        Variant("armour not a number", g, SCHEMA, setter("armor", "head", value="two")),
        Variant("armour negative", g, SCHEMA, setter("armor", "head", value=-1)),
        Variant("tons out of range", g, SCHEMA, setter("tons", value=20)),
        Variant("tons a fraction", g, SCHEMA, setter("tons", value=2.5)),
        Variant("tons missing", g, SCHEMA, setter("tons", delete=True)),
        Variant("walk text", g, SCHEMA, setter("walk", value="fast")),
        Variant("unknown motion", g, SCHEMA, setter("motion", value="bipedd")),
        Variant("unknown jump jets", g, SCHEMA, setter("jump_jets", value="rocket")),
        Variant("booster not true/false", g, SCHEMA, setter("myomer_booster", value="maybe")),
        Variant("gunnery out of range", g, SCHEMA, setter("pilot", "gunnery", value=9)),
        Variant("pilot unknown key", g, SCHEMA, setter("pilot", "rank", value="x")),
        Variant("unknown rules variant", g, SCHEMA, doc_setter("rules", value="total warfare")),
        Variant("armour above the tonnage's maximum", g, TOTALS, setter("armor", "torso", value=40)),
        Variant("jump above walk", g, TOTALS, setter("jump", value=9)),
        Variant("ultraheavy under classic rules", g, VARIANT, setter("tons", value=12)),
        Variant("a quad under classic rules", g, VARIANT, setter("motion", value="quad")),
        Variant(
            "ammunition without its weapon",
            g,
            TOTALS,
            lambda d: unit(d, 2)["equipment"].append({"item": "Machine Gun Ammo", "shots": 20}),
        ),
        Variant("main gun armour without a main gun", g, TOTALS, setter("armor", "main_gun", value=2)),
    ]


def lnl() -> list[Variant]:
    g = "lnl"
    return [
        Variant("support weapon not in the tables (M1991)", g, SCHEMA, setter("weapons", 0, value="M1991")),
        Variant(
            "support weapon mapping with an unknown name",
            g,
            SCHEMA,
            setter("weapons", 0, value={"item": "M1991"}),
        ),
        Variant("counter not Firepower-Range-Morale (2-5)", g, SCHEMA, setter("counter", value="2-5")),
        Variant("counter with a word", g, SCHEMA, setter("counter", value="two-5-4")),
        Variant("counter morale 0", g, SCHEMA, setter("counter", value="2-5-0")),
        Variant("counter a number", g, SCHEMA, setter("counter", value=254)),
        Variant("a squad without its counter", g, SCHEMA, setter("counter", delete=True)),
        Variant("a half-squad with an empty counter", g, SCHEMA, setter(1, "counter", value="")),
        Variant("fp on a squad", g, SCHEMA, setter("fp", value=2)),
        Variant("lm on a squad", g, SCHEMA, setter("lm", value=1)),
        Variant("a leader without lm", g, SCHEMA, setter(2, "lm", delete=True)),
        Variant("a hero without fp", g, SCHEMA, setter(2, "kind", value="hero")),
        Variant(
            "a hero with fp 0",
            g,
            SCHEMA,
            lambda d: unit(d, 2).update({"kind": "hero", "fp": 0, "lm": None}) or unit(d, 2).pop("lm"),
        ),
        Variant("lm on a medic", g, SCHEMA, setter(2, "kind", value="medic")),
        Variant(
            "five SWs on a squad", g, SCHEMA, setter("weapons", value=["MG", "MG-34", "BAR", "MG", "MG"])
        ),
        Variant(
            "five SWs on a half-squad", g, SCHEMA, setter(1, "weapons", value=["MG", "BAR", "MG", "MG", "MG"])
        ),
        Variant(
            "five SWs on a leader", g, SCHEMA, setter(2, "weapons", value=["MG", "BAR", "MG", "MG", "MG"])
        ),
        Variant(
            "use_sw without a melee SW",
            g,
            SCHEMA,
            lambda d: unit(d).update({"weapons": ["BAR"], "use_sw": True}),
        ),
        Variant("unknown kind", g, SCHEMA, setter("kind", value="platoon")),
        Variant("morale out of range", g, SCHEMA, setter(2, "morale", value=13)),
        Variant("lm out of range", g, SCHEMA, setter(2, "lm", value=7)),
        Variant("skills not a list", g, SCHEMA, setter("skills", value="Bayonet")),
        Variant(
            "captured not true/false",
            g,
            SCHEMA,
            setter("weapons", 0, value={"item": "MG", "captured": "yes please"}),
        ),
    ]


def dmech() -> list[Variant]:
    g = "dmech"
    return [
        Variant("armour with three of four faces", g, SCHEMA, setter("armor", "rear", delete=True)),
        Variant(
            "armour with five of six faces",
            g,
            SCHEMA,
            setter("armor", value={"front": 8, "front_right": 6, "rear_right": 6, "rear": 5, "rear_left": 6}),
        ),
        Variant("armour forms mixed", g, SCHEMA, setter("armor", "front_left", value=6)),
        Variant(
            "armour 'side' (ambiguous)", g, SCHEMA, setter("armor", value={"front": 8, "side": 6, "rear": 5})
        ),
        Variant("armour empty", g, SCHEMA, setter("armor", value={})),
        Variant("armour out of range", g, SCHEMA, setter("armor", "front", value=31)),
        Variant("unknown class", g, SCHEMA, setter("class", value="огромный")),
        Variant("walker without skill", g, SCHEMA, setter("skill", delete=True)),
        Variant("walker with infantry strength", g, SCHEMA, setter("strength", value=2)),
        Variant("unknown kind", g, SCHEMA, setter("kind", value="танк")),
        Variant("accuracy out of range", g, SCHEMA, setter("weapons", 0, "accuracy", value=25)),
        Variant("weapon without power", g, SCHEMA, setter("weapons", 0, "power", delete=True)),
        Variant("unknown hand value", g, SCHEMA, setter("weapons", 0, "hand", value="both")),
        Variant("unknown arc", g, SCHEMA, setter("weapons", 0, "arc", value="rear")),
        Variant("salvos zero", g, SCHEMA, setter("weapons", 0, "salvos", value=0)),
        Variant(
            "equipment unknown kind",
            g,
            SCHEMA,
            lambda d: unit(d).update({"equipment": [{"name": "x", "kind": "laser"}]}),
        ),
        Variant(
            "equipment unknown face",
            g,
            SCHEMA,
            lambda d: unit(d).update({"equipment": [{"name": "x", "kind": "shield", "faces": ["top"]}]}),
        ),
        Variant("illustrative not true/false", g, SCHEMA, setter("illustrative", value="sure")),
    ]


def dmech_infantry() -> list[Variant]:
    g = "dmech"
    return [
        Variant("infantry without strength", g, SCHEMA, setter("strength", delete=True)),
        Variant(
            "infantry with a walker's armour",
            g,
            SCHEMA,
            setter("armor", value={"front": 1, "front_side": 1, "rear_side": 1, "rear": 1}),
        ),
        Variant("infantry with a pilot", g, SCHEMA, setter("pilot", value={"name": "x"})),
        Variant("infantry without defence", g, SCHEMA, setter("defence", delete=True)),
    ]


def dust() -> list[Variant]:
    g = "dust"
    return [
        Variant("soldier armour level 5", g, SCHEMA, setter("armor", "level", value=5)),
        Variant("vehicle armour level 8", g, SCHEMA, setter(2, "armor", "level", value=8)),
        Variant("unknown armour type", g, SCHEMA, setter("armor", "type", value="tank")),
        Variant("a hero with cover", g, SCHEMA, setter(1, "cover", value={"soft": "hits", "hard": "misses"})),
        Variant("a squad that joins", g, SCHEMA, setter("joins", value="Walker")),
        Variant("unknown kind", g, SCHEMA, setter("kind", value="platoon")),
        Variant("a bad cell", g, SCHEMA, setter("weapons", 0, "vs", "S1", value="x/1")),
        Variant("an unknown target class", g, SCHEMA, setter("weapons", 0, "vs", "S9", value="1/1")),
        Variant("unknown save", g, SCHEMA, setter("cover", "soft", value="some")),
        Variant("range a word", g, SCHEMA, setter("weapons", 0, "range", value="far")),
        Variant("points missing", g, SCHEMA, setter("points", delete=True)),
        Variant("models zero", g, SCHEMA, setter("models", value=0)),
        Variant("a skill without a name", g, SCHEMA, setter(1, "skills", 0, value={"text": "x"})),
        Variant("a hero joins no squad of that name", g, CROSS_UNIT, setter(1, "joins", value="Nobody")),
        Variant(
            "a hero joins a vehicle",
            g,
            CROSS_UNIT,
            lambda d: unit(d, 1).update({"joins": unit(d, 2)["name"]}),
        ),
        Variant(
            "a hero joins a squad of other armour",
            g,
            CROSS_UNIT,
            lambda d: unit(d, 1).update({"armor": {"type": "soldier", "level": 2}}),
        ),
        Variant("two squads of one name", g, CROSS_UNIT, lambda d: d["units"].append(copy.deepcopy(unit(d)))),
    ]


def wh40k6() -> list[Variant]:
    g = "wh40k6"
    return [
        Variant("unknown model type", g, SCHEMA, setter("models", 0, "type", value="infantri")),
        Variant(
            "a vehicle word on infantry", g, SCHEMA, setter("models", 0, "type", value="infantry (tank)")
        ),
        Variant(
            "unknown word in a vehicle's type", g, SCHEMA, setter("models", 0, "type", value="vehicle (tanq)")
        ),
        Variant("model type a number", g, SCHEMA, setter("models", 0, "type", value=5)),
        Variant("unknown slot", g, SCHEMA, setter("slot", value="hq2")),
        Variant("save 7+", g, SCHEMA, setter("models", 0, "sv", value="7+")),
        Variant("save a bare number", g, SCHEMA, setter("models", 0, "sv", value=3)),
        Variant("stat out of range", g, SCHEMA, setter("models", 0, "ws", value=11)),
        Variant("stat a word", g, SCHEMA, setter("models", 0, "bs", value="good")),
        Variant("no models", g, SCHEMA, setter("models", value=[])),
        Variant("points missing", g, SCHEMA, setter("points", delete=True)),
        Variant("weapon AP out of range", g, SCHEMA, setter("weapons", 0, "ap", value=7)),
        Variant("unknown detachment", g, SCHEMA, setter("detachment", value="secondary")),
        Variant(
            "too many model lines", g, SCHEMA, lambda d: unit(d).update({"models": unit(d)["models"] * 21})
        ),
        Variant("a model without its WS", g, SCHEMA, setter("models", 0, "ws", delete=True)),
        Variant("a model with a dash for its T", g, SCHEMA, setter("models", 0, "t", value="-")),
        Variant("a model with armour values", g, SCHEMA, setter("models", 0, "front", value=12)),
        Variant(
            "a model with hull points (hull_points)", g, SCHEMA, setter("models", 0, "hull_points", value=3)
        ),
        Variant(
            "a vehicle with the profile of a model",
            g,
            SCHEMA,
            setter("models", 0, "type", value="vehicle (tank)"),
        ),
        Variant(
            "a vehicle without its rear armour",
            g,
            SCHEMA,
            setter(
                "models",
                0,
                value={"name": "Tank", "type": "Vehicle (Tank)", "bs": 4, "front": 12, "side": 11, "hp": 3},
            ),
        ),
        Variant(
            "a vehicle with W",
            g,
            SCHEMA,
            setter(
                "models",
                0,
                value={
                    "name": "Tank",
                    "type": "vehicle",
                    "bs": 4,
                    "front": 12,
                    "side": 11,
                    "rear": 10,
                    "hp": 3,
                    "w": 2,
                },
            ),
        ),
        Variant(
            "a walker without its WS",
            g,
            SCHEMA,
            setter(
                "models",
                0,
                value={
                    "name": "Dread",
                    "type": "Walker",
                    "bs": 4,
                    "s": 6,
                    "i": 4,
                    "a": 3,
                    "front": 12,
                    "side": 12,
                    "rear": 10,
                    "hp": 3,
                },
            ),
        ),
        Variant("no HQ", g, FOC, lambda d: d["units"].pop(0)),
        Variant("five HQ", g, FOC, lambda d: d["units"].extend(copy.deepcopy(unit(d)) for _ in range(4))),
        Variant("over the points limit", g, TOTALS, doc_setter("roster", value={"name": "x", "limit": 10})),
    ]


GAME_VARIANTS = {
    "battletech": battletech,
    "lnl": lnl,
    "dmech": dmech,
    "dust": dust,
    "wh40k6": wh40k6,
}
